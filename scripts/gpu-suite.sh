#!/usr/bin/env bash
# GPU suite: on a machine with an NVIDIA GPU, nvcc, CMake and ninja but no network, builds the
# `cuda` preset from the dependency cache (.deps/kokkos-src.tar.gz and .deps/debs, copied from a
# machine that ran scripts/fetch-deps.sh), runs every unit test and the performance programs,
# and writes logs and benchmark JSON to OUTDIR.
#
#   scripts/gpu-suite.sh OUTDIR [steps]      steps: comma list of build,test,large,huge,bench,study
#                                            (default: build,test,large,bench,study)
# Environment: BENCH_ARGS overrides the benchmark selection (see perf_tests/bench_sorts.cpp);
# BUILD_TARGETS limits the build to some targets; LARGE_REGEX selects the `large` tests.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: gpu-suite.sh OUTDIR [steps]}
steps=",${2:-build,test,large,bench,study},"
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"
has() { [[ "$steps" == *",$1,"* ]]; }
status=0
log() { echo "[gpu-suite $(date +%T)] $*" | tee -a "$out/suite.log"; }

# GoogleTest / Google Benchmark: the system's, or the cached Debian packages unpacked locally.
prefix_path=""
if [ ! -f /usr/include/gtest/gtest.h ] || [ ! -f /usr/include/benchmark/benchmark.h ]; then
  sysroot=$root/.deps/sysroot
  if [ ! -d "$sysroot/usr" ]; then
    mkdir -p "$sysroot"
    for deb in "$root"/.deps/debs/*.deb; do
      if command -v dpkg-deb >/dev/null; then
        dpkg-deb -x "$deb" "$sysroot"
      else
        (t=$(mktemp -d) && cd "$t" && ar x "$deb" && tar xf data.tar.* -C "$sysroot" && rm -rf "$t")
      fi
    done
  fi
  prefix_path="-DCMAKE_PREFIX_PATH=$sysroot/usr"
  export LD_LIBRARY_PATH=$sysroot/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
fi

nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > "$out/gpu.txt" 2>&1
log "GPU: $(cat "$out/gpu.txt")"
jobs=$(nproc)

if has build; then
  log "configure + build (cuda preset)"
  if ! { cmake --preset cuda $prefix_path -DKokkosSort_ENABLE_EXAMPLES=ON && \
         cmake --build build/cuda --parallel "$jobs" ${BUILD_TARGETS:+--target $BUILD_TARGETS} -- -k 0; } > "$out/build.log" 2>&1; then
    grep -E "error|FAILED" "$out/build.log" | head -n 40
    log "BUILD FAILED (continuing with the targets that built)"
    status=1
  else
    log "build ok"
  fi
fi

run_ctest() {  # label, log name, extra ctest arguments
  log "ctest -L $1 ${*:3}"
  (cd build/cuda && ctest -L "$1" "${@:3}" --output-on-failure --timeout 1200) > "$out/$2" 2>&1 || status=1
  grep -E "tests passed|tests failed|Failed|\*\*\*" "$out/$2" | tail -n 20 | tee -a "$out/suite.log"
}
has test && run_ctest '^unit$' ctest-unit.log -LE compile_fail
has large && run_ctest '^large$' ctest-large.log -R "${LARGE_REGEX:-.}"
has huge && run_ctest '^huge$' ctest-huge.log

if has bench; then
  log "benchmarks"
  bench() {  # name, arguments...
    local name=$1
    shift
    ./build/cuda/perf_tests/bench_sorts "$@" --benchmark_out="$out/$name.json" --benchmark_out_format=json \
      > "$out/$name.txt" 2>&1 || status=1
    grep -c "VERIFICATION FAILED" "$out/$name.txt" | sed "s/^/$name: verification failures: /" | tee -a "$out/suite.log"
  }
  if [ -n "${BENCH_ARGS:-}" ]; then
    # shellcheck disable=SC2086
    bench bench $BENCH_ARGS
  else
    # Every distribution at 2^24; uniform input across sizes 2^20 .. 2^28.
    bench bench-2p24 --min_log2=24 --max_log2=24 --types=u32,u64,f32,pairs --benchmark_min_time=0.1
    bench bench-sizes --min_log2=20 --max_log2=28 --types=u32,u64,f32,pairs --benchmark_min_time=0.1 \
      '--benchmark_filter=/uniform/(1048576|268435456)/'
  fi
fi
if has study && [ -x build/cuda/perf_tests/study_baselines ]; then
  log "study tables"
  ./build/cuda/perf_tests/study_baselines "$out/study.md" ${STUDY_ARGS:---cap_seconds=10} > "$out/study.log" 2>&1 || status=1
  tail -n 5 "$out/study.log"
fi
log "done, status $status"
exit $status
