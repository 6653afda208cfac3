#!/usr/bin/env python3
"""Regenerates the performance tables of docs/performance.md and README.md, and the README's
plot, from the Google Benchmark JSON files in perf_tests/results/ (bench_sorts output, named
<device>-<yyyy-mm-dd>-<what>.json). Text between the `perf_docs:begin` / `perf_docs:end` marker
comments is replaced; everything else is left as it is.
usage: python3 scripts/perf_docs.py"""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_report import Rates, context_facts, fmt, label, load_run, log2, rate, summary_table  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "perf_tests", "results")
README_PEERS = ["cub::DeviceRadixSort", "cub::DeviceMergeSort", "thrust::sort", "thrust::sort+comparator", "Kokkos::sort", "__gnu_parallel::sort"]


def context_line(path, r):
    facts = [f"run {r.ctx.get('date', '?')[:10]}"] + context_facts(r.ctx)
    line = f"`perf_tests/results/{os.path.basename(path)}`: {r.device}; " + "; ".join(facts) + "."
    if r.ctx.get("converted_from"):
        line += f" Converted from {r.ctx['converted_from']}."
    return line


def performance_section(files):
    md = []
    for path, r in files:
        md += [f"### {r.device}, {r.ctx.get('date', '?')[:10]}", "", context_line(path, r), ""]
        for k in r.key_types():
            n = r.summary_size(k)
            md += [f"#### {k}, n = {log2(n)}", "", *summary_table(r, k, n), ""]
    return md


def readme_table(files):
    """One row per device and key type: sort() and the package's fastest algorithm on uniform keys
    against the peers (rate and sort() / peer)."""
    md = ["| device (results file) | keys | n | `sort()` | fastest algorithm | "
          + " | ".join(label(p) for p in README_PEERS) + " |", "|---|---|---|---|---|" + "---|" * len(README_PEERS)]
    for path, r in files:
        ours = next((s for s in r.defaults if s.split("+")[0] == "sort"), None)
        if ours is None:
            continue
        short = re.sub(r" 80GB HBM3$", "", r.device)
        for k in r.key_types():
            n = r.summary_size(k)
            row = r.table.get((k, "uniform", n), {})
            if ours not in row:
                continue
            best = max(((row[s], s) for s in r.defaults if s != ours and s in row), default=None)
            best_cell = f"{best[1].split('+')[0]} {rate(best[0])}" if best else ""
            cells = [f"{rate(row[p])} ({fmt(row[ours] / row[p])}x)" if p in row else "" for p in README_PEERS]
            md.append(f"| {short} ([json](perf_tests/results/{os.path.basename(path)})) | {k} | {log2(n)} | "
                      f"{rate(row[ours])} | {best_cell} | " + " | ".join(cells) + " |")
    return md


def replace_between(path, lines):
    text = open(path).read()
    pattern = re.compile(r"(<!-- perf_docs:begin[^>]*-->\n).*?(<!-- perf_docs:end -->)", re.S)
    if not pattern.search(text):
        sys.exit(f"perf_docs: no perf_docs:begin/end markers in {path}")
    open(path, "w").write(pattern.sub(lambda m: m.group(1) + "\n".join(lines) + "\n" + m.group(2), text, count=1))


def plot(files):
    """The README's figure: u32 keys on the GPU results file, the package's default sorts and the peers."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("perf_docs: matplotlib is not available, plot not redrawn", file=sys.stderr)
        return
    from make_report import overview_plot
    # One figure: the first GPU file's.
    for path, r in files[:1]:
        if r.ctx.get("execution_space") == "Cuda" and "u32" in r.key_types():
            out = os.path.join(ROOT, "docs", "img", os.path.basename(path).replace(".json", "-u32.png"))
            os.makedirs(os.path.dirname(out), exist_ok=True)
            overview_plot(r, "u32", out, r.defaults + r.peers)
            print(f"perf_docs: {os.path.relpath(out, ROOT)}")


def main():
    # bench_sorts' files only (bench_segmented's workloads are not its inputs).
    paths = [p for p in sorted(glob.glob(os.path.join(RESULTS, "*.json")))
             if os.path.basename(load_run(p)["context"].get("executable", "bench_sorts")) == "bench_sorts"]
    if not paths:
        sys.exit("perf_docs: no results in perf_tests/results/")
    # GPU files first, then newest day first, then newest Kokkos first.
    files = [(p, Rates([load_run(p)])) for p in paths]
    files.sort(key=lambda f: (f[1].ctx.get("date", "")[:10], f[1].ctx.get("kokkos_version", "")), reverse=True)
    files.sort(key=lambda f: f[1].ctx.get("execution_space") != "Cuda")
    replace_between(os.path.join(ROOT, "docs", "performance.md"), performance_section(files))
    replace_between(os.path.join(ROOT, "README.md"), readme_table(files))
    plot(files)


if __name__ == "__main__":
    main()
