#!/usr/bin/env bash
# The main job (README's first command): builds the package and its dependencies, runs the
# sorting-rate sweep on the default backend (sort() and each algorithm at its default settings
# against the peers, every result verified; Google Benchmark prints one line per sorter and input
# as it goes) and writes REPORT.md, REPORT-appendix.md, rates.csv, bench.json and PNG plots to OUTDIR.
#   scripts/report.sh [OUTDIR=report] [preset=openmp] [bench_sorts arguments...]
# bench_sorts arguments replace all the defaults below (sizes, key types, time, filter); without a
# --benchmark_filter every sorter and option variant runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
outdir=$(mkdir -p "${1:-report}" && cd "${1:-report}" && pwd)
preset=${2:-openmp}
shift $(( $# > 2 ? 2 : $# ))
cd "$root"
export OMP_PROC_BIND=${OMP_PROC_BIND:-false}
scripts/fetch-deps.sh
cmake --preset "$preset" > "$outdir/configure.log"
cmake --build --preset "$preset" --target bench_sorts > "$outdir/build.log"
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
if ! $py -c 'import matplotlib' 2>/dev/null && python3 -c 'import matplotlib' 2>/dev/null; then py=python3; fi
if ! $py -c 'import matplotlib' 2>/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  # Plots need matplotlib; the distribution's package is the one dependency installed here.
  apt-get install -y -q python3-matplotlib > "$outdir/apt.log" 2>&1 || echo "report: matplotlib unavailable, no plots"
fi
args=("$@")
if [ ${#args[@]} -eq 0 ]; then
  if [[ "$preset" == cuda* ]]; then
    # With a workspace, as the CUB peers keep their temporary storage; Kokkos 3.4's Kokkos::sort
    # is left out on deterministic duplicates (35 s for one sort of 2^16 keys).
    ours='(sort|radix|bucket_sort|sample_sort|merge_sort|hybrid_sort)\+workspace'
    peers='cub::DeviceRadixSort|cub::DeviceMergeSort|thrust::sort|thrust::sort\+comparator|KokkosKernels::bitonicSort'
    args=(--min_log2=20 --max_log2=28 --benchmark_min_time=0.1
          "--benchmark_filter=^($ours|$peers)/|^Kokkos::sort/[^/]+/(uniform|gaussian|bucket_sorted|staggered|sorted)/")
  else
    # 2 cores: u32 and pairs up to 2^20; the O(n^2) baselines are left out (seconds per sort at 2^16).
    args=(--min_log2=16 --max_log2=20 --types=u32,pairs --benchmark_min_time=0.05
          '--benchmark_filter=^(sort|radix|bucket_sort|sample_sort|merge_sort|hybrid_sort|Kokkos::sort|KokkosKernels::bitonicSort|std::sort|std::stable_sort|__gnu_parallel::sort)/')
  fi
fi
# Where the results came from, in the JSON's context.
kokkos_dir=$(sed -n 's/^Kokkos_DIR:[A-Z]*=//p' "build/$preset/CMakeCache.txt")
kokkos_version=$(sed -n 's/^set(PACKAGE_VERSION "\([0-9.]*\)")$/\1/p' "$kokkos_dir/KokkosConfigVersion.cmake" 2>/dev/null || true)
context="commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown),kokkos_version=${kokkos_version:-unknown}"
line_buffered=()
command -v stdbuf >/dev/null && line_buffered=(stdbuf -oL)
start=$(date +%s)
"${line_buffered[@]}" "build/$preset/perf_tests/bench_sorts" "${args[@]}" --benchmark_context="$context" \
  --benchmark_out="$outdir/bench.json" --benchmark_out_format=json | tee "$outdir/bench.txt"
$py scripts/make_report.py "$outdir/bench.json" "$outdir" > /dev/null
echo "report: $outdir/REPORT.md ($(( $(date +%s) - start )) s for the sweep and the report)"
