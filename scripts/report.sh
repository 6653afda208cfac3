#!/usr/bin/env bash
# The main job (README's first command): builds the package and its dependencies, runs the
# sorting-rate sweep on the default backend (every sorter and the peers, every result
# verified) and writes REPORT.md, rates.csv, bench.json and PNG plots to OUTDIR.
#   scripts/report.sh [OUTDIR=report] [preset=openmp] [bench_sorts arguments...]
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
  if [ "$preset" = cuda ]; then args=(--min_log2=16 --max_log2=28); else args=(--min_log2=16 --max_log2=22 --types=u32,pairs --benchmark_min_time=0.05); fi
fi
"build/$preset/perf_tests/bench_sorts" "${args[@]}" --benchmark_out="$outdir/bench.json" \
  --benchmark_out_format=json | tee "$outdir/bench.txt"
$py scripts/make_report.py "$outdir/bench.json" "$outdir"
echo "report: $outdir/REPORT.md"
