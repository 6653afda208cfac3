#!/usr/bin/env bash
# GPU suite: on a machine with an NVIDIA GPU, nvcc, CMake and ninja but no network, builds the
# `cuda` preset from the dependency cache (.deps/kokkos-src.tar.gz and .deps/debs, copied from a
# machine that ran scripts/fetch-deps.sh; carry .deps/meshes too for the distance sort's real
# mesh), runs every unit test and the performance programs,
# and writes logs and benchmark JSON to OUTDIR.
#
#   scripts/gpu-suite.sh OUTDIR [steps]      steps: comma list of
#       build      configure and build the cuda preset here (4-8 min on 16 cores), or
#       unpack     take the binaries that scripts/gpu-pack.sh built elsewhere (.gpu-carry)
#       pack       after build: pack the binaries into OUTDIR/prebuilt.part-* (15 MiB pieces), so that
#                  later calls on a fresh machine `unpack` them from .gpu-carry instead of rebuilding
#       test large huge   ctest labels unit (compile_fail excluded), large, huge
#       cli        the command-line sorter's test alone
#       bench      bench_sorts on the GPU;  hostbench  the openmp bench_sorts on this CPU
#       flat       the bucket sort's rate per distribution (issue 5's flatness), FLAT_MODE:
#                  interleaved (default; the protocol of RESULTS.md, thirteenth session): one
#                  process per key type and size, every sorter's FLAT_REPS repetitions over the six
#                  distributions in a random interleaved order (Google Benchmark), inputs kept
#                  alive (--input_cache=6); tables: scripts/flat_table.py OUTDIR;
#                  process: each distribution in its own process, in order in odd rounds and
#                  reversed in even ones (twelfth session).
#                  FLAT_SORTER (a regex; default: bucket_sort with and without a workspace, the
#                  randomized sample sort and the CUB merge and radix sorts, interleaved), FLAT_TYPES
#                  (u32 u64 pairs), FLAT_LOG2 (24 26), FLAT_ROUNDS (processes per cell, 1),
#                  FLAT_REPS (4), FLAT_MIN_TIME (0.1 s), FLAT_BINARY (bench_sorts; e.g.
#                  bench_sorts_candidate, into another OUTDIR), FLAT_EXTRA_ARGS (more bench_sorts flags,
#                  e.g. --bucket_samples=64,512 with a FLAT_SORTER that names those variants).
#                  2^20-2^28 takes two 10-minute calls.
#       study      study_baselines (issue 3's tables);  bucket  bucket_sort_study
#       distance   distance_sort (hybrid sort's use case)
#       profile    profile_sort runs (PROFILE_ARGS, several separated by ';'; an entry may start with
#                  the program, e.g. profile_sort_candidate): each call's time by kernel, copy and
#                  gap (allocation, frees, host work)
#       ncu        Nsight Compute per-kernel summary of one sort (NCU_ARGS: profile_sort arguments)
#       report     the README's H100 report sweep (bench_sorts per key type; REPORT_TYPES, REPORT_MIN_LOG2,
#                  REPORT_MAX_LOG2, REPORT_SECONDS, REPORT_SORTERS; see the step), into OUTDIR/report-*.json
#       repeat     runs test_bucket_sort (LargeSizes excluded) REPEAT_COUNT times (default 10), each in
#                  its own process, and counts aborts (an intermittent abort depended on addresses
#                  that differ between processes)
#       candidate  builds the CANDIDATES (default bench_sorts_candidate; also bench_sorts_candidate2 where set:
#                  bench_sorts with the compile definitions of the CMake cache variables
#                  KOKKOSSORT_CANDIDATE{,2}_DEFINITIONS, perf_tests/CMakeLists.txt) and runs
#                  bench_sorts and each candidate alternately, twice each, on CANDIDATE_ARGS (default: the tile-sorting sorts and
#                  the peers, u32 / u64 / pairs, every distribution at 2^24, uniform 2^20..2^26:
#                  four runs with 2^28 and its host-side checks would not fit one 10-minute call)
#     (default: build,test,large,bench,study)
# Environment: BENCH_BINARY (bench step's program, default bench_sorts; e.g. bench_sorts_candidate),
# BENCH_ARGS (several runs separated by ';') / PROFILE_ARGS / NCU_ARGS / HOSTBENCH_ARGS / STUDY_ARGS / BUCKET_ARGS / DISTANCE_ARGS override
# each program's arguments; BUILD_TARGETS limits the build; LARGE_REGEX selects `large` tests;
# UNIT_EXCLUDE (a ctest -E regex) leaves unit tests out of `test`, e.g. those an earlier call ran.
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
jobs=$(nproc)

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
  if ! { cmake --preset "$preset" $prefix_path -DKokkosSort_ENABLE_EXAMPLES=ON && \
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
has test && run_ctest '^unit$' ctest-unit.log -LE compile_fail ${UNIT_EXCLUDE:+-E "$UNIT_EXCLUDE"}
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
  # The README's H100 report: one bench_sorts process per key type (REPORT_TYPES), 2^REPORT_MIN_LOG2
  # to 2^REPORT_MAX_LOG2 in steps of 4x, the package's sorts with a workspace where they take one
  # and the peers; REPORT_SECONDS caps each process (its JSON keeps what finished). Kokkos::sort
  # is left out on deterministic duplicates: Kokkos 3.4's BinSort took 34.9 s for one sort of 2^16
  # such keys (RESULTS.md, seventeenth session). Then, anywhere with matplotlib:
  # scripts/make_report.py OUTDIR/report-*.json perf_tests/report-h100
  sorters=${REPORT_SORTERS:-'radix\+workspace|sample_sort\+workspace|bucket_sort\+workspace|merge_sort\+workspace|hybrid_sort\+workspace|sort\+workspace|KokkosKernels::bitonicSort|cub::DeviceRadixSort|cub::DeviceMergeSort|thrust::sort'}
  filter="^($sorters|Kokkos::sort)/[^/]+/(uniform|gaussian|bucket_sorted|staggered|sorted)/|^($sorters)/[^/]+/det_duplicates/"
  for type in ${REPORT_TYPES:-u32 u64 pairs f32}; do
    log "report sweep: $type"
    ${REPORT_SECONDS:+timeout --signal=INT "$REPORT_SECONDS"} ./build/$preset/perf_tests/bench_sorts --types="$type" \
      --min_log2="${REPORT_MIN_LOG2:-20}" --max_log2="${REPORT_MAX_LOG2:-28}" --benchmark_min_time=0.1 \
      "--benchmark_filter=$filter" --benchmark_out="$out/report-$type.json" --benchmark_out_format=json \
      > "$out/report-$type.txt" 2>&1 || status=1
    count_failures "report-$type" "$out/report-$type.txt"
  done
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
if has candidate; then
  log "candidate comparison"
  # Built here unless an earlier build made them (BUILD_TARGETS="all bench_sorts_candidate
  # bench_sorts_candidate2", then pack and unpack carry them to a later call).
  candidates=${CANDIDATES:-bench_sorts_candidate}
  built=1
  for candidate in $candidates; do
    if [ ! -x build/$preset/perf_tests/$candidate ] &&
       ! cmake --build build/$preset --target "$candidate" > "$out/build-$candidate.log" 2>&1; then
      built=0
      tail -n 20 "$out/build-$candidate.log" | tee -a "$out/suite.log"
    fi
  done
  if [ "$built" = 1 ]; then
    candidate_args=${CANDIDATE_ARGS:---min_log2=20 --max_log2=26 --types=u32,u64,pairs --benchmark_min_time=0.1 '--benchmark_filter=^(bucket_sort|merge_sort|sample_sort|cub::DeviceRadixSort|cub::DeviceMergeSort)/[^/]+/([a-z_]+/16777216|uniform/[0-9]+)/'}
    for round in $(seq "${CANDIDATE_ROUNDS:-2}"); do
      for variant in bench_sorts $candidates; do
        # shellcheck disable=SC2086
        ./build/$preset/perf_tests/$variant $candidate_args --benchmark_out="$out/candidate-$variant-$round.json" \
          --benchmark_out_format=json > "$out/candidate-$variant-$round.txt" 2>&1 || status=1
        count_failures "candidate-$variant-$round" "$out/candidate-$variant-$round.txt"
      done
    done
  else
    status=1
  fi
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
    # An entry may name its program first (profile_sort_candidate: the A/B build's kernels).
    program=profile_sort
    if [[ "$args" == profile_sort* ]]; then program=${args%% *}; args=${args#"$program"}; fi
    echo "== $program $args" >> "$out/profile.txt"
    # shellcheck disable=SC2086
    ./build/$preset/perf_tests/$program $args >> "$out/profile.txt" 2>&1 || status=1
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
