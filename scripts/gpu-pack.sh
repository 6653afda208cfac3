#!/usr/bin/env bash
# Packs binaries built here for a run on the GPU machine, so that its device time goes to
# tests and measurements rather than to a rebuild:
#   scripts/gpu-pack.sh [PACKDIR=.gpu-carry]
# builds the `cuda` preset (unit tests, perf programs, examples) and the `openmp` bench (host
# rates on the GPU machine's CPU), then writes PACKDIR/prebuilt.tar.xz with the executables,
# the ctest files and the source root they were configured in. `scripts/gpu-suite.sh OUTDIR
# unpack,...` unpacks it and rewrites that root, so ctest runs there unchanged. The GPU machine
# needs only the same CUDA major version (13) and the cached .deps/debs (libbenchmark).
# PACK_ONLY=1: only pack what is already built (gpu-suite.sh's pack step, after its build);
# the openmp bench is then packed only where it exists.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pack=$(mkdir -p "${1:-$root/.gpu-carry}" && cd "${1:-$root/.gpu-carry}" && pwd)
cd "$root"
jobs=${JOBS:-$(nproc)}
if [ -z "${PACK_ONLY:-}" ]; then
  cmake --preset cuda -DKokkosSort_ENABLE_EXAMPLES=ON -DKokkosSort_ENABLE_BENCHMARKS=ON > /dev/null
  cmake --build build/cuda --parallel "$jobs"
  cmake --preset openmp > /dev/null
  cmake --build build/openmp --parallel "$jobs" --target bench_sorts
fi

list=$(mktemp)
{
  find build/cuda build/openmp -name CTestTestfile.cmake -not -path "*/_deps/*" 2>/dev/null || true
  find build/cuda -type f -perm -u+x -not -path "*/_deps/*" -not -path "*/CMakeFiles/*" -not -name "*.sh"
  if [ -x build/openmp/perf_tests/bench_sorts ]; then echo build/openmp/perf_tests/bench_sorts; fi
} | sort -u > "$list"
echo "$root" > build/prebuilt-root.txt
echo build/prebuilt-root.txt >> "$list"
tar -cf - -T "$list" | xz -T0 -6 > "$pack/prebuilt.tar.xz"
rm -f "$list"
echo "gpu-pack: $(du -h "$pack/prebuilt.tar.xz" | cut -f1) in $pack/prebuilt.tar.xz"
