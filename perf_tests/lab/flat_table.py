#!/usr/bin/env python3
"""Flatness tables from gpu-suite.sh's `flat` step (interleaved protocol):
    perf_tests/lab/flat_table.py DIR [SORTER=bucket_sort]
reads DIR/flat-<type>-<log2>-<round>.json (Google Benchmark, repetitions run randomly
interleaved in one process) and prints, per key type and size, every sorter's median rate per
distribution (Gkeys/s over the repetitions), the slowest / fastest ratio over the six
distributions, and SORTER's rate against each other sorter's on the same distribution. With
several processes per cell (FLAT_ROUNDS), the rates pool their repetitions, and SORTER's
slowest / fastest is also given per process (from that process's medians) with the median of
those: how far one process's verdict on a threshold can be trusted."""
import collections
import glob
import os
import re
import statistics
import sys

from bench_json import iteration_rates

DISTS = ["uniform", "gaussian", "bucket_sorted", "staggered", "det_duplicates", "sorted"]


def main():
    root = sys.argv[1]
    ours = sys.argv[2] if len(sys.argv) > 2 else "bucket_sort"
    # (type, log2) -> sorter -> dist -> [rates over repetitions and rounds]
    cells = collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(list)))
    # (type, log2) -> round -> dist -> [ours' rates in that process]
    per_round = collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(list)))
    for path in glob.glob(os.path.join(root, "flat-*.json")):
        m = re.match(r"flat-(\w+)-(\d+)-(\d+)\.json$", os.path.basename(path))
        if not m:
            continue
        for sorter, _, dist, _, rate in iteration_rates(path):
            cells[(m.group(1), int(m.group(2)))][sorter][dist].append(rate)
            if sorter == ours:
                per_round[(m.group(1), int(m.group(2)))][int(m.group(3))][dist].append(rate)
    for (type_, log2) in sorted(cells):
        sorters = cells[(type_, log2)]
        print(f"\n{type_} 2^{log2}: median Gkeys/s per distribution (repetitions), slowest/fastest")
        print("| sorter | " + " | ".join(DISTS) + " | slowest/fastest |")
        print("|---" * (len(DISTS) + 2) + "|")
        medians = {}
        for sorter in sorted(sorters):
            med = {d: statistics.median(v) for d, v in sorters[sorter].items() if v}
            medians[sorter] = med
            if not med:
                continue
            cols = [f"{med[d]:.2f} ({len(sorters[sorter][d])})" if d in med else "-" for d in DISTS]
            print(f"| {sorter} | " + " | ".join(cols) + f" | {min(med.values()) / max(med.values()):.3f} |")
        rounds = per_round.get((type_, log2), {})
        flats = []
        for r in sorted(rounds):
            med = {d: statistics.median(v) for d, v in rounds[r].items() if v}
            if len(med) == len(DISTS):
                flats.append(min(med.values()) / max(med.values()))
        if len(flats) > 1:
            print(f"{ours} slowest/fastest per process: " + ", ".join(f"{f:.3f}" for f in flats) +
                  f"; median {statistics.median(flats):.3f}")
        if ours in medians:
            for other in sorted(medians):
                if other == ours or not medians[other]:
                    continue
                ratios = [medians[ours][d] / medians[other][d] for d in DISTS if d in medians[ours] and d in medians[other]]
                if ratios:
                    print(f"| {ours} / {other} | " + " | ".join(
                        f"{medians[ours][d] / medians[other][d]:.2f}x" if d in medians[ours] and d in medians[other] else "-"
                        for d in DISTS) + " | |")


if __name__ == "__main__":
    main()
