#!/usr/bin/env bash
# GPU suite: on a machine with an NVIDIA GPU, nvcc, CMake and ninja but no network, builds the
# `cuda` preset from the dependency cache (.deps/, filled by scripts/fetch-deps.sh elsewhere), runs
# the tests and the performance programs, and writes logs and benchmark JSON to OUTDIR.
#
#   scripts/gpu-suite.sh OUTDIR [steps]     steps, comma-separated (default build,test,large,bench,study):
#     build      configure and build the cuda preset (BUILD_TARGETS limits it; SUITE_CMAKE_ARGS added)
#     pack       after build: binaries into OUTDIR/prebuilt.part-* (scripts/gpu-pack.sh)
#     unpack     binaries from .gpu-carry/ (gpu-pack.sh output or pack's parts) instead of building
#     test       ctest -L unit (compile_fail excluded; UNIT_EXCLUDE: a -E regex; CTEST_ARGS added)
#     large huge ctest -L large (LARGE_REGEX) / -L huge;  cli  the command-line sorter's test
#     bench      bench_sorts: every input at 2^24, uniform 2^20-2^28 (BENCH_ARGS: runs separated by ';')
#     report     the docs' GPU sweep: one bench_sorts per key type and n, merged into OUTDIR/report.json
#                (REPORT_TYPES, REPORT_LOG2S, REPORT_SECONDS, REPORT_SORTERS);
#                then scripts/make_report.py OUTDIR/report.json OUTDIR
#     hostbench  the openmp bench_sorts on this machine's CPU (HOSTBENCH_ARGS)
#     study bucket distance   study_baselines, bucket_sort_study, distance_sort tables (*_ARGS)
#     profile ncu             profile_sort per call / Nsight Compute per kernel (PROFILE_ARGS, NCU_ARGS)
#     flat       rate per input with repetitions interleaved in one process (FLAT_SORTER, FLAT_TYPES,
#                FLAT_LOG2, FLAT_ROUNDS, FLAT_REPS, FLAT_MIN_TIME, FLAT_MODE, FLAT_EXTRA_ARGS);
#                tables: perf_tests/lab/flat_table.py OUTDIR
#     repeat     test_bucket_sort in REPEAT_COUNT separate processes, counting aborts
# BENCH_BINARY / FLAT_BINARY run another bench_sorts build. Calls of limited length:
# perf_tests/lab/gpu-call.sh.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: gpu-suite.sh OUTDIR [steps]}
steps=",${2:-build,test,large,bench,study},"
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"
has() { [[ "$steps" == *",$1,"* ]]; }
# SUITE_PRESET: the CUDA configuration, cuda (bundled Kokkos 3.4.01) or cuda-kokkos4 (Kokkos
# 4.6.01 from .deps/kokkos-4.6.01.tar.gz); its build tree is build/<preset>.
preset=${SUITE_PRESET:-cuda}
status=0
log() { echo "[gpu-suite $(date +%T)] $*" | tee -a "$out/suite.log"; }

# GoogleTest / Google Benchmark: the system's, or the cached Debian packages unpacked locally.
prefix_path=""
use_cached_debs() {
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
}
if [ ! -f /usr/include/gtest/gtest.h ] || [ ! -f /usr/include/benchmark/benchmark.h ]; then
  use_cached_debs
fi

# Binaries from .gpu-carry/prebuilt.tar.xz (scripts/gpu-pack.sh) or update.tar.xz were linked on a
# Debian machine against the cached packages' Google Benchmark 1.7.1: put it, and the CUDA runtime
# wherever this machine's toolkit keeps it, on the library path (in every call, whichever step
# unpacked them; the GPU machine has Benchmark's headers but not that library).
if [ -f .gpu-carry/update.tar.xz ] || [ -f .gpu-carry/prebuilt.tar.xz ]; then
  use_cached_debs
  cuda_home=$(dirname "$(dirname "$(command -v nvcc)")")
  export LD_LIBRARY_PATH=$cuda_home/lib64:$cuda_home/lib:$LD_LIBRARY_PATH
fi

nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader > "$out/gpu.txt" 2>&1
log "GPU: $(cat "$out/gpu.txt")"
jobs=${JOBS:-$(nproc)}

if has unpack; then
  # Binaries from scripts/gpu-pack.sh (prebuilt.tar.xz) or from the pack step (prebuilt.part-*):
  # the ctest files name the root they were configured in.
  log "unpack prebuilt binaries"
  if [ -f .gpu-carry/prebuilt.tar.xz ]; then tar -xJf .gpu-carry/prebuilt.tar.xz; else cat .gpu-carry/prebuilt.part-* | tar -xJf -; fi
  # Binaries rebuilt since (on a CPU machine, after a source change): replace their old versions.
  [ -f .gpu-carry/update.tar.xz ] && tar -xJf .gpu-carry/update.tar.xz
  old_root=$(cat build/prebuilt-root.txt)
  find build -name CTestTestfile.cmake -exec sed -i "s#$old_root#$root#g" {} +
fi

if has build; then
  log "configure + build ($preset preset)"
  if ! { cmake --preset "$preset" $prefix_path -DKokkosSort_ENABLE_EXAMPLES=ON ${SUITE_CMAKE_ARGS:-} && \
         cmake --build build/$preset --parallel "$jobs" ${BUILD_TARGETS:+--target $BUILD_TARGETS} -- -k 0; } > "$out/build.log" 2>&1; then
    grep -E "error|FAILED" "$out/build.log" | head -n 40
    log "BUILD FAILED (continuing with the targets that built)"
    status=1
  else
    log "build ok"
  fi
fi

if has pack; then
  log "pack binaries"
  PACK_ONLY=1 scripts/gpu-pack.sh "$out" >> "$out/suite.log" 2>&1 || status=1
  split -b 15M -d "$out/prebuilt.tar.xz" "$out/prebuilt.part-" && rm -f "$out/prebuilt.tar.xz"
  ls -l "$out"/prebuilt.part-* | tee -a "$out/suite.log"
fi

count_failures() {  # program name, its log: how many results were wrong, into the suite log
  grep -c "VERIFICATION FAILED" "$2" | sed "s/^/$1: verification failures: /" | tee -a "$out/suite.log"
}

run_ctest() {  # label, log name, extra ctest arguments
  log "ctest -L $1 ${*:3}"
  (cd build/$preset && ctest -L "$1" "${@:3}" --output-on-failure --timeout 1200) > "$out/$2" 2>&1 || status=1
  grep -E "tests passed|tests failed|Failed|\*\*\*" "$out/$2" | tail -n 20 | tee -a "$out/suite.log"
}
# shellcheck disable=SC2086
has test && run_ctest '^unit$' ctest-unit.log -LE compile_fail ${UNIT_EXCLUDE:+-E "$UNIT_EXCLUDE"} ${CTEST_ARGS:-}
has cli && run_ctest '^unit$' ctest-cli.log -R '^cli$'
has large && run_ctest '^large$' ctest-large.log -R "${LARGE_REGEX:-.}"
has huge && run_ctest '^huge$' ctest-huge.log

if has bench; then
  log "benchmarks"
  bench() {  # name, arguments...
    local name=$1
    shift
    ./build/$preset/perf_tests/${BENCH_BINARY:-bench_sorts} "$@" --benchmark_out="$out/$name.json" --benchmark_out_format=json \
      > "$out/$name.txt" 2>&1 || status=1
    count_failures "$name" "$out/$name.txt"
  }
  if [ -n "${BENCH_ARGS:-}" ]; then
    # Several runs separated by ';' (bench-1, bench-2, ...): one JSON file each.
    IFS=';' read -ra bench_runs <<< "$BENCH_ARGS"
    for i in "${!bench_runs[@]}"; do
      # shellcheck disable=SC2086
      bench "bench-$((i + 1))" ${bench_runs[$i]}
    done
  else
    # Every distribution at 2^24; uniform input across sizes 2^20 .. 2^28.
    bench bench-2p24 --min_log2=24 --max_log2=24 --types=u32,u64,f32,pairs --benchmark_min_time=0.1
    bench bench-sizes --min_log2=20 --max_log2=28 --types=u32,u64,f32,pairs --benchmark_min_time=0.1 \
      '--benchmark_filter=/uniform/(1048576|268435456)/'
  fi
fi
if has report; then
  # The docs' GPU sweep: one bench_sorts process per key type (REPORT_TYPES) and n (2^REPORT_LOG2S),
  # the package's sorts with a workspace where they take one and the peers; REPORT_SECONDS caps each
  # process (its JSON keeps what finished). Kokkos::sort is left out on deterministic duplicates:
  # Kokkos 3.4's BinSort took 34.9 s for one sort of 2^16 such keys. The runs are merged into
  # OUTDIR/report.json (scripts/merge_runs.py); then, anywhere with matplotlib:
  # scripts/make_report.py OUTDIR/report.json OUTDIR
  sorters=${REPORT_SORTERS:-'radix\+workspace|sample_sort\+workspace|bucket_sort\+workspace|merge_sort\+workspace|hybrid_sort\+workspace|sort\+workspace|KokkosKernels::bitonicSort|cub::DeviceRadixSort|cub::DeviceMergeSort|thrust::sort|thrust::sort\+comparator'}
  filter="^($sorters|Kokkos::sort)/[^/]+/(uniform|gaussian|bucket_sorted|staggered|sorted)/|^($sorters)/[^/]+/det_duplicates/"
  kokkos_version=$(sed -n 's/^Kokkos_DIR:[A-Z]*=//p' "build/$preset/CMakeCache.txt" | xargs -I{} sed -n 's/^set(PACKAGE_VERSION "\([0-9.]*\)")$/\1/p' {}/KokkosConfigVersion.cmake)
  context="preset=$preset,kokkos_version=${kokkos_version:-unknown},commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  runs=()
  for type in ${REPORT_TYPES:-u32 pairs u64 f32}; do
    for lg in ${REPORT_LOG2S:-20 24 28}; do
      log "report sweep: $type 2^$lg"
      ${REPORT_SECONDS:+timeout --signal=INT "$REPORT_SECONDS"} ./build/$preset/perf_tests/bench_sorts --types="$type" \
        --min_log2="$lg" --max_log2="$lg" --benchmark_min_time=0.1 "--benchmark_filter=$filter" \
        --benchmark_context="$context" --benchmark_out="$out/report-$type-$lg.json" --benchmark_out_format=json \
        > "$out/report-$type-$lg.txt" 2>&1 || status=1
      count_failures "report-$type-$lg" "$out/report-$type-$lg.txt"
      runs+=("$out/report-$type-$lg.json")
    done
  done
  python3 scripts/merge_runs.py "$out/report.json" "${runs[@]}" | tee -a "$out/suite.log"
fi
if has repeat; then
  log "test_bucket_sort, ${REPEAT_COUNT:-10} processes"
  aborts=0
  for i in $(seq 1 "${REPEAT_COUNT:-10}"); do
    if ! ./build/$preset/unit_tests/test_bucket_sort --gtest_filter=-*LargeSizes* > "$out/repeat-$i.log" 2>&1; then
      aborts=$((aborts + 1))
      status=1
      grep -E "what\(\)|Failure|RUN" "$out/repeat-$i.log" | tail -n 3 | tee -a "$out/suite.log"
    else
      rm -f "$out/repeat-$i.log"
    fi
  done
  log "test_bucket_sort: $aborts of ${REPEAT_COUNT:-10} processes failed"
fi
if has flat; then
  log "flatness (${FLAT_MODE:-interleaved})"
  flat_sorter=${FLAT_SORTER:-'(bucket_sort(\+workspace)?|sample_sort|cub::DeviceMergeSort|cub::DeviceRadixSort)'}
  dists="uniform gaussian bucket_sorted staggered det_duplicates sorted"
  flat_run() {  # tag, bench_sorts arguments...
    local tag=$1
    shift
    ./build/$preset/perf_tests/${FLAT_BINARY:-bench_sorts} "$@" --benchmark_out="$out/$tag.json" --benchmark_out_format=json \
      > "$out/$tag.txt" 2>&1 || status=1
    if grep -q "VERIFICATION FAILED" "$out/$tag.txt"; then log "$tag: VERIFICATION FAILED"; status=1; fi
  }
  for round in $(seq "${FLAT_ROUNDS:-1}"); do
    order=$dists
    if [ $((round % 2)) = 0 ]; then order=$(echo "$dists" | tr ' ' '\n' | tac | tr '\n' ' '); fi
    for type in ${FLAT_TYPES:-u32 u64 pairs}; do
      name=$type; [ "$type" = pairs ] && name='u32\+u32'
      for log2 in ${FLAT_LOG2:-24 26}; do
        if [ "${FLAT_MODE:-interleaved}" = interleaved ]; then
          # shellcheck disable=SC2086
          flat_run "flat-$type-$log2-$round" --min_log2="$log2" --max_log2="$log2" --types="$type" --input_cache=6 \
            ${FLAT_EXTRA_ARGS:-} --benchmark_repetitions="${FLAT_REPS:-4}" --benchmark_enable_random_interleaving=true \
            --benchmark_min_time="${FLAT_MIN_TIME:-0.1}" "--benchmark_filter=^$flat_sorter/$name/[a-z_]+/"
        else
          for dist in $order; do
            flat_run "flat-$type-$log2-$dist-$round" --min_log2="$log2" --max_log2="$log2" --types="$type" \
              --benchmark_repetitions=3 --benchmark_min_time=0.3 "--benchmark_filter=^$flat_sorter/$name/$dist/"
          done
        fi
      done
    done
  done
fi
if has hostbench; then
  log "host benchmarks (openmp build, $(nproc) cores)"
  # shellcheck disable=SC2086
  OMP_PROC_BIND=spread OMP_PLACES=cores ./build/openmp/perf_tests/bench_sorts ${HOSTBENCH_ARGS:---min_log2=16 --max_log2=24} \
    --benchmark_out="$out/hostbench.json" --benchmark_out_format=json > "$out/hostbench.txt" 2>&1 || status=1
  count_failures hostbench "$out/hostbench.txt"
fi
if has bucket; then
  log "bucket sort study"
  # shellcheck disable=SC2086
  ./build/$preset/perf_tests/bucket_sort_study "$out/bucket_sort_study.md" ${BUCKET_ARGS:-} > "$out/bucket.log" 2>&1 || status=1
  tail -n 5 "$out/bucket.log" | tee -a "$out/suite.log"
fi
if has distance; then
  log "distance sort"
  # Default: the seed's two scene sizes, generated, and (when the dependency cache holds it) the
  # real mesh of .deps/meshes instanced to about the same sizes (3,732 triangles x 402 / x 1340).
  distance_args=${DISTANCE_ARGS:---triangles 1500000 --triangles 5000000}
  if [ -z "${DISTANCE_ARGS:-}" ] && [ -f .deps/meshes/WusonOBJ.obj ]; then
    distance_args="$distance_args --mesh .deps/meshes/WusonOBJ.obj --instances 402 --instances 1340"
  fi
  # shellcheck disable=SC2086
  ./build/$preset/perf_tests/distance_sort --out "$out/distance_sort.md" $distance_args > "$out/distance.log" 2>&1 || status=1
  count_failures distance "$out/distance.log"
fi
if has profile; then
  log "profile_sort"
  IFS=';' read -ra profile_runs <<< "${PROFILE_ARGS:---sorter=sample_sort --log2=24;--sorter=radix --log2=24;--sorter=sample_sort --log2=16;--sorter=radix --log2=16}"
  for args in "${profile_runs[@]}"; do
    echo "== profile_sort $args" >> "$out/profile.txt"
    # shellcheck disable=SC2086
    ./build/$preset/perf_tests/profile_sort $args >> "$out/profile.txt" 2>&1 || status=1
  done
  count_failures profile "$out/profile.txt"
fi
if has ncu; then
  log "ncu"
  # Real clocks (not ncu's locked base clock); one warm-up call and one profiled call.
  metrics=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
  metrics=$metrics,sm__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active
  metrics=$metrics,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,launch__registers_per_thread
  metrics=$metrics,launch__occupancy_limit_shared_mem,launch__occupancy_limit_registers,launch__grid_size
  # shellcheck disable=SC2086
  ncu --clock-control none --kernel-name-base demangled --metrics "$metrics" --csv \
    ./build/$preset/perf_tests/profile_sort ${NCU_ARGS:---sorter=sample_sort --log2=24 --reps=1} > "$out/ncu.csv" 2> "$out/ncu.log" || status=1
  tail -n 3 "$out/ncu.log" | tee -a "$out/suite.log"
fi
if has study && [ -x build/$preset/perf_tests/study_baselines ]; then
  log "study tables"
  ./build/$preset/perf_tests/study_baselines "$out/study.md" ${STUDY_ARGS:---cap_seconds=10} > "$out/study.log" 2>&1 || status=1
  tail -n 5 "$out/study.log"
fi
log "done, status $status"
exit $status
