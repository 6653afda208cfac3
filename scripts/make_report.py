#!/usr/bin/env python3
"""Turns bench_sorts' Google Benchmark JSON into the sorting-rate report:
REPORT.md (a summary per key type: sort() and each algorithm at its default settings against
every peer, then sort() against the peers by input and size), REPORT-appendix.md (every sorter
measured, option variants included, per input and size), rates.csv, and PNG plots of rate
against n (needs matplotlib; without it the plots are skipped with a note).
usage: make_report.py BENCH_JSON [BENCH_JSON...] OUTDIR   (several runs' files are merged,
e.g. a sweep split into parts; their contexts must name the same device)"""
import csv
import json
import math
import os
import sys
from collections import defaultdict

# The package's algorithms in the order the tables show them; each is shown at its default
# settings: the plain name (allocating its buffers, as thrust does), the "+workspace" run
# (buffers reused, as CUB's temporary storage), or both where both were measured.
ALGORITHMS = ["sort", "radix", "bucket_sort", "sample_sort", "merge_sort", "hybrid_sort", "enumeration", "odd_even"]
PEER_LABELS = {"cub::DeviceRadixSort": "CUB radix", "cub::DeviceMergeSort": "CUB merge", "thrust::sort": "thrust",
               "thrust::sort+comparator": "thrust+comparator",
               "__gnu_parallel::sort": "GNU parallel", "std::sort": "std::sort", "std::stable_sort": "std::stable_sort",
               "Kokkos::sort": "Kokkos::sort", "KokkosKernels::bitonicSort": "KK bitonic"}


def load_run(path):
    """A Google Benchmark JSON file; one cut off by a killed run (time limit) keeps every
    benchmark written completely before the cut."""
    text = open(path).read()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    dec = json.JSONDecoder()
    ctx_at = text.find('"context"')
    ctx = dec.raw_decode(text, text.index("{", ctx_at))[0] if ctx_at >= 0 else {}
    pos = text.index("[", text.index('"benchmarks"')) + 1
    benchmarks = []
    while True:
        start = text.find("{", pos)
        if start < 0:
            break
        try:
            obj, pos = dec.raw_decode(text, start)
        except json.JSONDecodeError:
            break
        benchmarks.append(obj)
    print(f"make_report: {path} was cut off; kept {len(benchmarks)} complete results", file=sys.stderr)
    return {"context": ctx, "benchmarks": benchmarks}


class Rates:
    """The rates of one or more runs of one device: table[(keys, dist, n)][sorter] = Gkeys/s."""

    def __init__(self, runs):
        self.ctx = runs[0].get("context", {})
        devices = {r.get("context", {}).get("device", r.get("context", {}).get("host_name")) for r in runs}
        if len(devices) > 1:
            sys.exit("make_report: the runs come from different machines: %s" % sorted(map(str, devices)))
        self.rows, self.skipped, self.sorters = [], [], []
        self.table = defaultdict(dict)
        for b in [b for r in runs for b in r["benchmarks"]]:
            parts = b.get("run_name", b["name"]).split("/manual_time")[0].split("/")
            if len(parts) < 4:
                continue
            sorter, keys, dist, n = parts[0], parts[1], parts[2], int(parts[3])
            if b.get("error_occurred"):
                self.skipped.append((sorter, keys, dist, n, b.get("error_message", "")))
                continue
            if b.get("aggregate_name") not in (None, "median"):
                continue
            rate = (b.get("keys_per_s") or b.get("items_per_second")) / 1e9
            self.rows.append((sorter, keys, dist, n, rate, b.get("copy_bw_fraction", 0.0)))
            # Repetitions of one benchmark (--benchmark_repetitions): the best one.
            self.table[(keys, dist, n)][sorter] = max(rate, self.table[(keys, dist, n)].get(sorter, 0.0))
            if sorter not in self.sorters:
                self.sorters.append(sorter)
        self.device = self.ctx.get("device") or (
            f"{self.ctx.get('cpu', 'CPU')}, {self.ctx.get('host_threads', '?')} threads ({self.ctx.get('execution_space', '?')})")
        self.peers = sorted((s for s in self.sorters if "::" in s),
                            key=lambda s: list(PEER_LABELS).index(s) if s in PEER_LABELS else len(PEER_LABELS))
        self.defaults = []
        for a in ALGORITHMS:
            for name in (a, a + "+workspace"):
                if name in self.sorters:
                    self.defaults.append(name)

    def key_types(self):
        return sorted({k for k, _, _ in self.table})

    def dists(self, keys):
        return sorted({d for k, d, _ in self.table if k == keys})

    def sizes(self, keys):
        return sorted({n for k, _, n in self.table if k == keys})

    def points(self, keys, dist, sorter):
        """(n, rate) of one sorter on one input, by n."""
        return [(n, self.table[(keys, dist, n)][sorter]) for n in self.sizes(keys)
                if sorter in self.table.get((keys, dist, n), {})]

    def summary_size(self, keys):
        """The largest n at which sort() (the first default sorter) has every input measured."""
        first = self.defaults[0] if self.defaults else None
        full = [n for n in self.sizes(keys) if all(first in self.table.get((keys, d, n), {}) for d in self.dists(keys))]
        return max(full) if full else max(self.sizes(keys))


def log2(n):
    return f"2^{n.bit_length() - 1}"


def geomean(values):
    values = [v for v in values if v and v > 0]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def fmt(x, digits=2):
    return "" if x is None else f"{x:.{digits}f}"


def rate(x):
    """A rate in Gkeys/s to 3 significant digits (GPU rates near 10, CPU rates near 0.03)."""
    return "" if x is None else f"{x:.3g}"


def row(cells):
    return "| " + " | ".join(cells) + " |"


def label(sorter):
    return PEER_LABELS.get(sorter, sorter)


def summary_table(r, keys, n):
    """sort() and each algorithm at its default settings against every peer at one n: uniform rate,
    geometric mean over the inputs, and ratio to each peer (geometric mean over the inputs both ran)."""
    dists = r.dists(keys)
    cells = {s: {d: r.table.get((keys, d, n), {}).get(s) for d in dists} for s in r.defaults + r.peers}
    peers = [p for p in r.peers if any(cells[p].values())]
    md = [row(["sorter", "uniform", "geo. mean"] + [f"/ {label(p)}" for p in peers]),
          "|---|---|---|" + "---|" * len(peers)]
    for s in r.defaults + peers:
        if not any(cells[s].values()):
            continue
        ratios = []
        for p in peers:
            common = [cells[s][d] / cells[p][d] for d in dists if cells[s][d] and cells[p][d]]
            ratios.append("" if s in peers else fmt(geomean(common)))
        md.append(row([label(s), rate(cells[s].get("uniform")), rate(geomean(cells[s].values()))] + ratios))
    return md


def summary(r, heading="###"):
    md = []
    for k in r.key_types():
        n = r.summary_size(k)
        md += [f"{heading} {k}, n = {log2(n)}", "", *summary_table(r, k, n), ""]
    return md


def sort_by_input_table(r, keys):
    """sort() (or its +workspace run) against the peers on every input and size."""
    ours = r.defaults[0] if r.defaults else None
    if ours is None:
        return []
    peers = [p for p in r.peers if any(p in r.table[c] for c in r.table if c[0] == keys)]
    md = [f"| input | n | {label(ours)} | " + " | ".join(label(p) for p in peers) + " |",
          "|---|---|---|" + "---|" * len(peers)]
    for d in r.dists(keys):
        for n in r.sizes(keys):
            row = r.table.get((keys, d, n), {})
            if ours not in row and not any(p in row for p in peers):
                continue
            md.append(f"| {d} | {log2(n)} | {rate(row.get(ours))} | "
                      + " | ".join(rate(row.get(p)) for p in peers) + " |")
    return md


def context_facts(ctx):
    """What a run's context says about where it ran, as short phrases."""
    facts = [f"execution space {ctx.get('execution_space', '?')}"]
    for key, text in (("host_threads", "{} threads"), ("cuda_version", "CUDA {}"), ("kokkos_version", "Kokkos {}"),
                      ("commit", "commit {}")):
        if ctx.get(key):
            facts.append(text.format(ctx[key]))
    return facts


def header(r):
    c = r.ctx
    return [f"Device: {r.device}; " + "; ".join(context_facts(c)) + f"; copy bandwidth "
            f"{float(c.get('copy_bandwidth_GBps', 0)):.0f} GB/s; run {c.get('date', '?')}.",
            "Rates in Gkeys/s (sort time only, data in the execution space's memory, a fresh copy of "
            "the input per iteration; every result verified against a sorted host copy)."]


def wide_tables(r):
    md = []
    for k in r.key_types():
        md += [f"## {k}", "", "| distribution | n | " + " | ".join(r.sorters) + " |",
               "|---|---|" + "---|" * len(r.sorters)]
        for d in r.dists(k):
            for n in r.sizes(k):
                row = r.table.get((k, d, n))
                if row:
                    md.append(f"| {d} | {log2(n)} | " + " | ".join(rate(row.get(s)) for s in r.sorters) + " |")
        md.append("")
    return md


def plots(r, outdir):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return ["(plots skipped: matplotlib is not available)"]
    md = ["## Plots", ""]
    for k in r.key_types():
        for d in r.dists(k):
            fig, ax = plt.subplots(figsize=(7, 4.5))
            ax.set_prop_cycle(color=plt.cm.tab20.colors)  # more sorters than the default 10 colours
            for s in r.sorters:
                pts = r.points(k, d, s)
                if pts:
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o",
                            linestyle="--" if "::" in s else "-", label=label(s))
            ax.set_xscale("log", base=2)
            ax.set_xlabel("n (keys)")
            ax.set_ylabel("sorting rate (Gkeys/s)")
            ax.set_title(f"{k}, {d} — {r.device}")
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=7)
            fname = f"rate_{k.replace('+', '_')}_{d}.png"
            fig.tight_layout()
            fig.savefig(os.path.join(outdir, fname), dpi=90)
            plt.close(fig)
            md.append(f"![{k} {d}]({fname})")
    for k in r.key_types():
        fname = f"overview_{k.replace('+', '_')}.png"
        overview_plot(r, k, os.path.join(outdir, fname))
        md.append(f"![{k} overview]({fname})")
    return md


def overview_plot(r, keys, path, sorters=None):
    """All inputs of one key type side by side (the README's figure); dashed lines are the peers."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    sorters = sorters or r.sorters
    dists = r.dists(keys)
    cols = min(3, len(dists))
    rows_n = (len(dists) + cols - 1) // cols
    fig, axes = plt.subplots(rows_n, cols, figsize=(5 * cols, 3.6 * rows_n), squeeze=False, sharey=True)
    handles = {}
    for i, d in enumerate(dists):
        ax = axes[i // cols][i % cols]
        ax.set_prop_cycle(color=plt.cm.tab20.colors)
        for s in sorters:
            pts = r.points(keys, d, s)
            line, = ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=".",
                            linestyle="--" if "::" in s else "-", label=label(s))
            if pts:
                handles[label(s)] = line
        ax.set_xscale("log", base=2)
        ax.set_title(d, fontsize=9)
        ax.grid(True, alpha=0.3)
        if i % cols == 0:
            ax.set_ylabel("Gkeys/s")
    for j in range(len(dists), rows_n * cols):
        axes[j // cols][j % cols].axis("off")
    fig.suptitle(f"{keys} keys — {r.device}", fontsize=11)
    fig.legend(list(handles.values()), list(handles.keys()), loc="lower center", ncol=6, fontsize=7)
    fig.tight_layout(rect=(0, 0.08 + 0.02 * (len(handles) > 12), 1, 0.96))
    fig.savefig(path, dpi=80)
    plt.close(fig)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sources, outdir = sys.argv[1:-1], sys.argv[-1]
    os.makedirs(outdir, exist_ok=True)
    r = Rates([load_run(src) for src in sources])
    with open(os.path.join(outdir, "rates.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["sorter", "keys", "distribution", "n", "gkeys_per_s", "copy_bw_fraction"])
        w.writerows(r.rows)
    md = ["# Sorting rates", "", *header(r), "",
          "## Summary", "",
          "Per key type at the largest n where `sort()` ran every input: each sorter's rate on uniform keys, "
          "its geometric mean over the inputs it ran, and its ratio to each peer (geometric mean over the inputs "
          "both ran; > 1: faster than the peer). The package's algorithms at their default settings; "
          "every sorter and option variant is in [REPORT-appendix.md](REPORT-appendix.md).", "",
          *summary(r)]
    for k in r.key_types():
        md += [f"## {k}: `sort()` against the peers, by input and size", "", *sort_by_input_table(r, k), ""]
    if r.skipped:
        md += ["## Not measured", "", "| sorter | keys | distribution | n | reason |", "|---|---|---|---|---|"]
        md += [f"| {s} | {k} | {d} | {n} | {e} |" for s, k, d, n, e in r.skipped]
        md.append("")
    md += plots(r, outdir)
    open(os.path.join(outdir, "REPORT.md"), "w").write("\n".join(md) + "\n")
    appendix = ["# Sorting rates: every sorter", "", *header(r), "", *wide_tables(r)]
    open(os.path.join(outdir, "REPORT-appendix.md"), "w").write("\n".join(appendix) + "\n")
    print("\n".join(md[:40]))


if __name__ == "__main__":
    main()
