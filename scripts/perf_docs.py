#!/usr/bin/env python3
"""Regenerates the performance tables of docs/performance.md and README.md, and the README's
plot, from the Google Benchmark JSON files in perf_tests/results/ (bench_sorts output, named
<device>-<yyyy-mm-dd>-<what>.json), and the distributed sort's tables from every
bench_distributed file. Text between the `perf_docs:begin` / `perf_docs:end` marker comments (and
`perf_docs:distributed:begin` / `perf_docs:distributed:end`) is replaced; everything else is left as it is.
usage: python3 scripts/perf_docs.py"""
import copy
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_report import Rates, context_facts, fmt, geomean, label, load_run, log2, rate, row, summary_table  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "perf_tests", "results")
README_PEERS = ["cub::DeviceRadixSort", "cub::DeviceMergeSort", "thrust::sort", "thrust::sort+comparator", "Kokkos::sort", "__gnu_parallel::sort"]


def context_line(path, r):
    facts = [f"run {r.ctx.get('date', '?')[:10]}"] + context_facts(r.ctx)
    line = f"`perf_tests/results/{os.path.basename(path)}`: {r.device}; " + "; ".join(facts) + "."
    if r.ctx.get("converted_from"):
        line += f" Converted from {r.ctx['converted_from']}."
    return line


COMPARATORS = ["descending", "greater"]


def comparator_table(r, keys):
    """sort() with a comparator against the same peer with the same comparator (bench_sorts'
    sort+<comparator> and <peer>+<comparator> rows): per size, the ratio on each input, their
    geometric mean and minimum."""
    md = []
    for c in COMPARATORS:
        ours = f"sort+{c}"
        peer = next((s for s in r.sorters if "::" in s and s.endswith("+" + c)), None)
        if ours not in r.sorters or peer is None:
            continue
        dists = [d for d in r.dists(keys) if any(ours in r.table.get((keys, d, n), {}) for n in r.sizes(keys))]
        md += [f"`{ours}` / `{peer}` (same comparator):", "",
               row(["n"] + dists + ["geo. mean", "min"]), "|---|" + "---|" * (len(dists) + 2)]
        for n in r.sizes(keys):
            cells = {d: r.table.get((keys, d, n), {}) for d in dists}
            ratios = {d: cells[d][ours] / cells[d][peer] for d in dists if ours in cells[d] and peer in cells[d]}
            if ratios:
                md.append(row([log2(n)] + [fmt(ratios.get(d)) for d in dists]
                              + [fmt(geomean(ratios.values())), fmt(min(ratios.values()))]))
        md.append("")
    return md


def performance_section(files):
    md = []
    for path, r in files:
        md += [f"### {r.device}, {r.ctx.get('date', '?')[:10]}", "", context_line(path, r), ""]
        # sort(comp) against the peer with the same comparator where the file has one (the host's
        # GNU parallel sort); otherwise (GPU files: CUB's merge sort, thrust with a comparator) in
        # the summary, first among the package's sorters.
        same_comparator = any(f"sort+{c}" in r.sorters and any("::" in s and s.endswith("+" + c) for s in r.sorters)
                              for c in COMPARATORS)
        summary = copy.copy(r)
        summary.defaults = [f"sort+{c}" for c in COMPARATORS if f"sort+{c}" in r.sorters] + r.defaults
        for k in r.key_types():
            if same_comparator:
                md += [f"#### {k}", "", *comparator_table(r, k)]
                continue
            n = r.summary_size(k)
            md += [f"#### {k}, n = {log2(n)}", "", *summary_table(summary, k, n), ""]
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


def size(n):
    """2^k for powers of two, else billions of keys."""
    return log2(n) if n & (n - 1) == 0 else f"{n / 1e9:.2f}e9"


def ms(x):
    return "" if x is None else f"{x:.4g}" if x >= 1 else f"{x:.3g}"


PHASES = ("local_sort_ms", "sampling_ms", "exchange_ms", "merge_ms")


def distributed_section(path, run):
    """bench_distributed's file (mpirun runs merged, each benchmark naming its run): weak scaling
    against one GPU, strong scaling, the largest inputs and the exchange's rate, for every GPU count
    the file holds."""
    rows = {}  # (run, keys, transport or "local_sort", ranks, total) -> benchmark
    for b in run["benchmarks"]:
        parts = b["name"].split("/")
        kind = "local_sort" if parts[0] == "local_sort" else parts[4]
        rows[(b["run"], parts[1], kind, int(parts[-2][1:]), int(parts[-1][1:]))] = b

    def find(keys, kind, ranks, total, run_prefix=""):
        return next((b for (r, k, t, p, n), b in rows.items()
                     if (k, t, p, n) == (keys, kind, ranks, total) and r.startswith(run_prefix)
                     and not b.get("error_occurred")), None)

    def t(b, counter="real_time"):
        return None if b is None else b.get(counter)

    def phases(b):
        return " | ".join(ms(t(b, c)) for c in PHASES)

    ctx = run["context"]
    order = ["u32", "u64", "pairs", "pairs64"]
    gpus = sorted({p for (r, k, kind, p, n) in rows if p > 1})
    md = [f"`perf_tests/results/{os.path.basename(path)}`: {ctx.get('devices', ctx.get('device'))}; "
          f"run {ctx.get('date', '?')[:10]}; Kokkos {ctx.get('kokkos_version', '?')}; CUDA {ctx.get('cuda_version', '?')}; "
          f"commit {ctx.get('commit', '?')}; {ctx.get('mpi', '?').split(',')[0]}"
          f"{', not CUDA-aware' if ctx.get('cuda_aware_mpi') is False else ''}; epsilon {ctx.get('epsilon')}; "
          "uniform keys, `Balance::bounded`. Times in ms (median repetition, slowest rank).", "",
          "Weak scaling, n keys per GPU (NCCL). Efficiency = one GPU's `sort()` of n keys / p GPUs'",
          "distributed sort of p n keys. Phases: the p-GPU sort's. Last column: `sort()` of each GPU's n keys",
          "on all p GPUs at once, no MPI (the slowest GPU).", "",
          "| keys | n per GPU | GPUs | 1 GPU `sort()` | 1 GPU `Distributed::sort` | p GPUs | p GPUs Gkeys/s | efficiency "
          "| local sort | sampling | exchange | merge | `sort()` on all GPUs at once |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    weak = sorted({(k, n // p, p) for (r, k, kind, p, n) in rows if r.startswith("weak") and kind == "nccl" and p > 1},
                  key=lambda x: (order.index(x[0]), x[1], x[2]))
    for keys, n, p in weak:
        many, one = find(keys, "nccl", p, n * p, "weak"), find(keys, "local_sort", 1, n)
        eff = fmt(t(one) / t(many)) if one and many else ""
        md.append(f"| {keys} | {size(n)} | {p} | {ms(t(one))} | {ms(t(find(keys, 'automatic', 1, n)))} | "
                  f"{ms(t(many))} | {rate(t(many, 'Gkeys_per_s'))} | {eff} | {phases(many)} | "
                  f"{ms(t(find(keys, 'local_sort', p, n * p)))} |")

    strong = sorted({(k, n) for (r, k, kind, p, n) in rows if r.startswith("strong")},
                    key=lambda x: (order.index(x[0]), x[1]))
    if strong:
        md += ["", "Strong scaling, N keys in all (one GPU: `Distributed::sort` at one rank; more: NCCL). Speed-up",
               "against one GPU's time for the same N, where the file has it.", "",
               "| keys | N | GPUs | n per GPU | time | Gkeys/s | speed-up | local sort | sampling | exchange | merge |",
               "|---|---|---|---|---|---|---|---|---|---|---|"]
        for keys, total in strong:
            base = find(keys, "automatic", 1, total, "strong")
            for p in [1] + gpus:
                b = find(keys, "automatic" if p == 1 else "nccl", p, total, "strong")
                if b is None:
                    continue
                up = fmt(t(base) / t(b)) if base else ""
                md.append(f"| {keys} | {size(total)} | {p} | {size(total // p)} | {ms(t(b))} | "
                          f"{rate(t(b, 'Gkeys_per_s'))} | {up} | {phases(b)} |")

    largest = sorted(((p, n, b) for (r, k, kind, p, n), b in rows.items() if r.startswith("largest") and kind != "local_sort"),
                     key=lambda x: x[:2])
    ones = [n for p, n, b in largest if p == 1 and not b.get("error_occurred")]
    if largest and ones:
        one_max = max(ones)
        md += ["", "Largest inputs, u32 keys, one repetition each: one GPU (`Distributed::sort` at one rank; last column",
               f"`sort()` of the same keys) and several (NCCL); N against the largest one GPU sorted ({one_max:,}).", "",
               "| GPUs | N | N / one GPU's largest | key bytes per GPU (GB) | result | time | Gkeys/s | local sort "
               "| sampling | exchange | merge | 1 GPU `sort()` |",
               "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for p, total, b in largest:
            err = b.get("error_message", "")
            m = re.search(r'label "([^"]+)".*?Allocation of size ([0-9.]+ G)', err)
            result = "sorted" if not err else f"failed: `{m.group(1)}`, {m.group(2)}iB, not allocated" if m else "failed"
            cells = " |" * 6 if err else f" {ms(t(b))} | {rate(t(b, 'Gkeys_per_s'))} | {phases(b)} |"
            local = ms(t(find("u32", "local_sort", 1, total))) if p == 1 else ""
            md.append(f"| {p} | {total:,} | {fmt(total / one_max)} | {fmt(total / p * 4 / 1e9, 1)} | {result} |{cells} {local} |")

    md += ["", "The exchange phase: bytes sent per rank (keys and values) over the phase's time, which",
           "includes the receive buffer's allocation and the device copy of the rank's own part.", "",
           "| transport | GPUs | keys | N | bytes sent per rank (GB) | exchange | GB/s per rank |",
           "|---|---|---|---|---|---|---|"]
    sent = sorted(((kind, p, b["exchange_max_bytes_sent"], order.index(keys), keys, total, b)
                   for (r, keys, kind, p, total), b in rows.items()
                   if p > 1 and kind != "local_sort" and not b.get("error_occurred")),
                  key=lambda x: (x[0] != "nccl",) + x[1:4])
    for kind, p, nbytes, _, keys, total, b in sent:
        md.append(f"| {kind} | {p} | {keys} | {size(total)} | {nbytes / 1e9:.3g} | {ms(t(b, 'exchange_ms'))} | "
                  f"{b['exchange_GBps_per_rank']:.3g} |")
    return md


def replace_between(path, lines, marker="perf_docs"):
    text = open(path).read()
    pattern = re.compile(rf"(<!-- {marker}:begin[^>]*-->\n).*?(<!-- {marker}:end -->)", re.S)
    if not pattern.search(text):
        sys.exit(f"perf_docs: no {marker}:begin/end markers in {path}")
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
    runs = {p: load_run(p) for p in sorted(glob.glob(os.path.join(RESULTS, "*.json")))}
    # bench_sorts' files only (bench_segmented's workloads are not its inputs).
    paths = [p for p, r in runs.items()
             if os.path.basename(r["context"].get("executable", "bench_sorts")) == "bench_sorts"]
    if not paths:
        sys.exit("perf_docs: no results in perf_tests/results/")
    # GPU files first, then newest day first, then newest Kokkos first.
    files = [(p, Rates([runs[p]])) for p in paths]
    files.sort(key=lambda f: (f[1].ctx.get("date", "")[:10], f[1].ctx.get("kokkos_version", "")), reverse=True)
    files.sort(key=lambda f: f[1].ctx.get("execution_space") != "Cuda")
    replace_between(os.path.join(ROOT, "docs", "performance.md"), performance_section(files))
    replace_between(os.path.join(ROOT, "README.md"), readme_table(files))
    # Every bench_distributed file, the most GPUs first.
    distributed = [p for p, r in runs.items() if r["context"].get("executable") == "bench_distributed"]
    if distributed:
        distributed.sort(key=lambda p: (max(b.get("ranks", 1) for b in runs[p]["benchmarks"]),
                                        runs[p]["context"].get("date", "")), reverse=True)
        md = []
        for p in distributed:
            md += ([""] if md else []) + [f"### {runs[p]['context'].get('devices', runs[p]['context'].get('device'))}", ""]
            md += distributed_section(p, runs[p])
        replace_between(os.path.join(ROOT, "docs", "performance.md"), md, "perf_docs:distributed")
    plot(files)


if __name__ == "__main__":
    main()
