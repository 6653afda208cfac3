#!/usr/bin/env python3
"""Turns bench_sorts' Google Benchmark JSON into the sorting-rate report:
REPORT.md (tables), rates.csv, and one PNG per (key type, distribution): rate against n,
every sorter and peer drawn (needs matplotlib; without it the plots are skipped with a note).
usage: make_report.py BENCH_JSON [BENCH_JSON...] OUTDIR   (several runs' files are merged,
e.g. a sweep split into parts; their contexts must name the same device)"""
import csv
import json
import os
import sys
from collections import defaultdict


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


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sources, outdir = sys.argv[1:-1], sys.argv[-1]
    os.makedirs(outdir, exist_ok=True)
    runs = [load_run(src) for src in sources]
    ctx = runs[0].get("context", {})
    devices = {r.get("context", {}).get("device", r.get("context", {}).get("host_name")) for r in runs}
    if len(devices) > 1:
        sys.exit("make_report: the runs come from different machines: %s" % sorted(map(str, devices)))
    rows, skipped = [], []
    for b in [b for r in runs for b in r["benchmarks"]]:
        name = b.get("run_name", b["name"]).split("/manual_time")[0]
        parts = name.split("/")
        if len(parts) < 4:
            continue
        sorter, keys, dist, n = parts[0], parts[1], parts[2], int(parts[3])
        if b.get("error_occurred"):
            skipped.append((sorter, keys, dist, n, b.get("error_message", "")))
            continue
        if b.get("aggregate_name") not in (None, "median"):
            continue
        rate = b.get("keys_per_s") or b.get("items_per_second")
        rows.append((sorter, keys, dist, n, rate / 1e9, b.get("copy_bw_fraction", 0.0)))
    with open(os.path.join(outdir, "rates.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["sorter", "keys", "distribution", "n", "gkeys_per_s", "copy_bw_fraction"])
        for r in rows:
            w.writerow(r)
    table = defaultdict(dict)
    sorters = []
    for s, k, d, n, rate, _ in rows:
        table[(k, d, n)][s] = rate
        if s not in sorters:
            sorters.append(s)
    device = ctx.get("device", ctx.get("execution_space", "?"))
    md = ["# Sorting rates", "",
          f"Device: {device}; execution space {ctx.get('execution_space', '?')}; "
          f"copy bandwidth {float(ctx.get('copy_bandwidth_GBps', 0)):.0f} GB/s; run {ctx.get('date', '?')}.",
          "Rates in Gkeys/s (sort time only, data in device memory; every result verified).", ""]
    for k in sorted({key[0] for key in table}):
        md += [f"## {k}", "", "| distribution | n | " + " | ".join(sorters) + " |",
               "|---|---|" + "---|" * len(sorters)]
        for (kk, d, n) in sorted(table, key=lambda t: (t[1], t[2])):
            if kk != k:
                continue
            cells = [f"{table[(kk, d, n)][s]:.3f}" if s in table[(kk, d, n)] else "" for s in sorters]
            md.append(f"| {d} | 2^{n.bit_length() - 1} | " + " | ".join(cells) + " |")
        md.append("")
    # Ratios of each kokkos-sort algorithm to each peer, same run, same input.
    ours = [x for x in sorters if "::" not in x]
    peers = [x for x in sorters if "::" in x]
    if ours and peers:
        md += ["## Ratios to the peers (same run)", "",
               "| keys | distribution | n | algorithm | " + " | ".join(f"/ {p}" for p in peers) + " |",
               "|---|---|---|---|" + "---|" * len(peers)]
        for (k, d, n) in sorted(table, key=lambda t: (t[0], t[1], t[2])):
            row = table[(k, d, n)]
            for o in ours:
                if o in row:
                    cells = [f"{row[o] / row[p]:.2f}" if p in row and row[p] > 0 else "" for p in peers]
                    md.append(f"| {k} | {d} | 2^{n.bit_length() - 1} | {o} | " + " | ".join(cells) + " |")
        md.append("")
    if skipped:
        md += ["## Not measured", "", "| sorter | keys | distribution | n | reason |", "|---|---|---|---|---|"]
        md += [f"| {s} | {k} | {d} | {n} | {e} |" for s, k, d, n, e in skipped]
        md.append("")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        md += ["## Plots", ""]
        for k in sorted({key[0] for key in table}):
            for d in sorted({key[1] for key in table if key[0] == k}):
                fig, ax = plt.subplots(figsize=(7, 4.5))
                ax.set_prop_cycle(color=plt.cm.tab20.colors)  # more sorters than the default 10 colours
                for s in sorters:
                    pts = sorted((n, table[(k, d, n)][s]) for (kk, dd, n) in table
                                 if kk == k and dd == d and s in table[(kk, dd, n)])
                    if pts:
                        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o",
                                linestyle="--" if not s[0].islower() or "::" in s else "-", label=s)
                ax.set_xscale("log", base=2)
                ax.set_xlabel("n (keys)")
                ax.set_ylabel("sorting rate (Gkeys/s)")
                ax.set_title(f"{k}, {d} — {device}")
                ax.grid(True, alpha=0.3)
                ax.legend(fontsize=7)
                fname = f"rate_{k.replace('+', '_')}_{d}.png"
                fig.tight_layout()
                fig.savefig(os.path.join(outdir, fname), dpi=90)
                plt.close(fig)
                md.append(f"![{k} {d}]({fname})")
        # One overview figure per key type (all distributions side by side): what the README shows.
        for k in sorted({key[0] for key in table}):
            dists = sorted({key[1] for key in table if key[0] == k})
            cols = min(3, len(dists))
            rows_n = (len(dists) + cols - 1) // cols
            fig, axes = plt.subplots(rows_n, cols, figsize=(5 * cols, 3.6 * rows_n), squeeze=False, sharey=True)
            handles = {}
            for i, d in enumerate(dists):
                ax = axes[i // cols][i % cols]
                ax.set_prop_cycle(color=plt.cm.tab20.colors)
                for s in sorters:
                    pts = sorted((n, table[(k, d, n)][s]) for (kk, dd, n) in table
                                 if kk == k and dd == d and s in table[(kk, dd, n)])
                    line, = ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=".",
                                    linestyle="--" if "::" in s else "-", label=s)
                    if pts:
                        handles[s] = line
                ax.set_xscale("log", base=2)
                ax.set_title(d, fontsize=9)
                ax.grid(True, alpha=0.3)
                if i % cols == 0:
                    ax.set_ylabel("Gkeys/s")
            for j in range(len(dists), rows_n * cols):
                axes[j // cols][j % cols].axis("off")
            fig.suptitle(f"{k} keys — {device}", fontsize=11)
            fig.legend(list(handles.values()), list(handles.keys()), loc="lower center", ncol=6, fontsize=7)
            fig.tight_layout(rect=(0, 0.08 + 0.02 * (len(handles) > 12), 1, 0.96))
            fname = f"overview_{k.replace('+', '_')}.png"
            fig.savefig(os.path.join(outdir, fname), dpi=80)
            plt.close(fig)
            md.append(f"![{k} overview]({fname})")
    except ImportError:
        md += ["(plots skipped: matplotlib is not available)"]
    open(os.path.join(outdir, "REPORT.md"), "w").write("\n".join(md) + "\n")
    print("\n".join(md[:60]))


if __name__ == "__main__":
    main()
