#!/usr/bin/env bash
# The distributed sort on a GPU machine (no network): Open MPI from the cached Debian packages
# where the machine has no MPI (.deps/debs-mpi, filled by `scripts/fetch-deps.sh --mpi` elsewhere),
# the cuda preset built with KokkosSort_ENABLE_MPI (through scripts/gpu-suite.sh), the MPI tests,
# and bench_distributed at 1 and DIST_RANKS ranks (one GPU each), JSON to OUTDIR.
#
#   scripts/gpu-distributed.sh OUTDIR [steps]     steps, comma-separated (default build,test,bench):
#     build   cmake --preset $SUITE_PRESET with MPI, targets test_distributed and bench_distributed
#     test    ctest -R test_distributed (1-4 ranks; ranks share the GPUs)
#     bench   bench_distributed: weak scaling (DIST_WEAK_LOG2 keys per rank, default 26,29) at 1 and
#             DIST_RANKS ranks, strong scaling (DIST_STRONG_LOG2 in total, default 28,30,32) at
#             DIST_RANKS ranks and 1 rank (up to DIST_SINGLE_MAX_LOG2, default 30);
#             DIST_TYPES (u32,u64), DIST_ARGS (more flags, e.g. --transport=host_staged)
# DIST_NCCL=1: also the NCCL transport (built with KokkosSort_ENABLE_NCCL, NCCL from NCCL_ROOT or
# beside nvcc; NVLink multicast off), its weak and strong runs beside the host-staged ones.
# Sourced with KOKKOSSORT_MPI_ENV_ONLY=1, it only sets up the environment (PATH, libraries).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Open MPI unpacked into .deps/sysroot-mpi and relocated there (OPAL_PREFIX): its wrappers and
# mpirun find their configuration, components and libraries under the new prefix.
use_cached_mpi() {
  local sysroot=$root/.deps/sysroot-mpi
  if [ ! -x "$sysroot/usr/bin/orterun" ]; then
    mkdir -p "$sysroot"
    for deb in "$root"/.deps/debs-mpi/*.deb; do
      if command -v dpkg-deb >/dev/null; then
        dpkg-deb -x "$deb" "$sysroot"
      else
        (t=$(mktemp -d) && cd "$t" && ar x "$deb" && tar xf data.tar.* -C "$sysroot" && rm -rf "$t")
      fi
    done
    # The packages' maintainer scripts would make these (update-alternatives).
    for tool in mpirun mpiexec mpicxx mpic++ mpicc; do
      ln -sf "$tool.openmpi" "$sysroot/usr/bin/$tool"
    done
  fi
  export OPAL_PREFIX=$sysroot/usr
  # PMIx, a library of its own: its help files below DESTDIR, its components named explicitly.
  export PMIX_DESTDIR=$sysroot
  export PMIX_MCA_mca_base_component_path=$sysroot/usr/lib/x86_64-linux-gnu/pmix2/lib/pmix
  export PATH=$sysroot/usr/bin:$PATH
  export LD_LIBRARY_PATH=$sysroot/usr/lib/x86_64-linux-gnu/openmpi/lib:$sysroot/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
  # Components whose libraries are not carried (InfiniBand providers) stay unloaded, silently.
  export OMPI_MCA_mca_base_component_show_load_errors=0
}
if ! command -v mpirun >/dev/null && [ -d "$root/.deps/debs-mpi" ]; then
  use_cached_mpi
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
if [ "${KOKKOSSORT_MPI_ENV_ONLY:-0}" = 1 ]; then
  # shellcheck disable=SC2317  # exit: when run rather than sourced
  return 0 2>/dev/null || exit 0
fi

out=${1:?usage: gpu-distributed.sh OUTDIR [steps]}
steps=",${2:-build,test,bench},"
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root" || exit 1
has() { [[ "$steps" == *",$1,"* ]]; }
preset=${SUITE_PRESET:-cuda}
status=0
log() { echo "[gpu-distributed $(date +%T)] $*" | tee -a "$out/distributed.log"; }
log "MPI: $(command -v mpirun) ($(mpirun --version 2>&1 | head -n 1))"

if has build; then
  nccl_flag=""
  [ "${DIST_NCCL:-0}" = 1 ] && nccl_flag="-DKokkosSort_ENABLE_NCCL=ON"
  SUITE_CMAKE_ARGS="-DKokkosSort_ENABLE_MPI=ON $nccl_flag ${SUITE_CMAKE_ARGS:-}" \
    BUILD_TARGETS="test_distributed bench_distributed" scripts/gpu-suite.sh "$out/suite" build || status=1
fi

if has test; then
  log "ctest -R test_distributed"
  (cd "build/$preset" && ctest -R test_distributed --output-on-failure --timeout 600) > "$out/ctest-distributed.log" 2>&1 ||
    status=1
  grep -E "tests passed|tests failed|Failed" "$out/ctest-distributed.log" | tee -a "$out/distributed.log"
  # One GPU per rank (ctest's runs share device 0 on Kokkos 3.4): the device transports' tests.
  devices=""
  [ "$preset" = cuda ] && devices="--kokkos-num-devices=2"
  log "test_distributed at 2 ranks, one GPU each"
  # shellcheck disable=SC2086
  mpirun --oversubscribe --allow-run-as-root -np 2 "build/$preset/unit_tests/test_distributed" $devices \
    > "$out/test-distributed-2gpu.log" 2>&1 || status=1
  grep -E "PASSED|FAILED|SKIPPED" "$out/test-distributed-2gpu.log" | tee -a "$out/distributed.log"
fi

if has bench; then
  ranks=${DIST_RANKS:-2}
  types=${DIST_TYPES:-u32,u64}
  bench=build/$preset/perf_tests/bench_distributed
  run() {  # name, ranks, flags...
    local name=$1 np=$2
    shift 2
    log "bench $name: mpirun -np $np $* ${DIST_ARGS:-}"
    # One GPU per rank by local rank: Kokkos 4 does it by itself, Kokkos 3.4 when told the count.
    local devices=""
    [ "$preset" = cuda ] && devices="--kokkos-num-devices=$np"
    # shellcheck disable=SC2086
    mpirun --oversubscribe --allow-run-as-root -np "$np" "$bench" $devices --types="$types" "$@" \
      ${DIST_ARGS:-} --out="$out/$name.json" > "$out/$name.txt" 2>&1 || status=1
    grep -c "VERIFICATION FAILED" "$out/$name.txt" | sed "s/^/$name: verification failures: /" | tee -a "$out/distributed.log"
  }
  run weak-p1 1 --weak_log2="${DIST_WEAK_LOG2:-26,29}"
  run "weak-p$ranks" "$ranks" --weak_log2="${DIST_WEAK_LOG2:-26,29}"
  run "strong-p$ranks" "$ranks" --strong_log2="${DIST_STRONG_LOG2:-28,30,32}" --no_local
  single=""
  IFS=',' read -ra logs <<< "${DIST_STRONG_LOG2:-28,30,32}"
  for l in "${logs[@]}"; do
    [ "$l" -le "${DIST_SINGLE_MAX_LOG2:-30}" ] && single="$single${single:+,}$l"
  done
  [ -n "$single" ] && run strong-p1 1 --strong_log2="$single"
  if [ "${DIST_NCCL:-0}" = 1 ]; then
    run "weak-nccl-p$ranks" "$ranks" --weak_log2="${DIST_WEAK_LOG2:-26,29}" --transport=nccl --no_local
    run "strong-nccl-p$ranks" "$ranks" --strong_log2="${DIST_STRONG_LOG2:-28,30,32}" --transport=nccl --no_local
  fi
fi
log "done, status $status"
exit $status
