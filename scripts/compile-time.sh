#!/usr/bin/env bash
# Compile time of a caller's source (examples/compile_time/sort_calls.cpp: sort and sort_by_key
# of u32 and f64 keys) with a configured build's compiler and flags, against the compiled library
# (KokkosSort_ENABLE_ETI) with KOKKOSSORT_ETI_ONLY (declarations only) and without it, and
# header-only, and the floor under them: the same kind of caller with Kokkos alone
# (examples/compile_time/kokkos_only.cpp). Prints the best of REPS wall times of each.
#   scripts/compile-time.sh [BUILD_DIR (default build/openmp)] [REPS (default 3)]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/openmp}
reps=${2:-3}
for target in compile_time_eti_only compile_time_eti compile_time_header_only compile_time_kokkos_only; do
  cmd=$(ninja -C "$build" -t commands "$target" | grep -E '(sort_calls|kokkos_only)\.cpp' | tail -n 1)
  if [ -z "$cmd" ]; then
    echo "compile-time.sh: no compile command for $target in $build (configured with KokkosSort_ENABLE_ETI=ON?)" >&2
    exit 1
  fi
  best=
  for _ in $(seq "$reps"); do
    TIMEFORMAT=%R
    t=$( { time (cd "$build" && eval "$cmd" > /dev/null 2>&1); } 2>&1 )
    best=$(awk -v a="$t" -v b="${best:-$t}" 'BEGIN { print (a < b ? a : b) }')
  done
  printf '%s: %.2f s (best of %s)\n' "$target" "$best" "$reps"
done
