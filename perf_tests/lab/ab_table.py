#!/usr/bin/env python3
"""A/B table from gpu-suite.sh's `candidate` step:
    perf_tests/lab/ab_table.py DIR [CANDIDATE=bench_sorts_candidate]
reads DIR/candidate-bench_sorts-<round>.json and DIR/candidate-<CANDIDATE>-<round>.json (the two
programs run alternately in one call) and prints, per sorter, key type, size and distribution,
the median rate of each over its rounds (Gkeys/s) and candidate / bench_sorts; a row per sorter
and size with the slowest / fastest ratio over the distributions of each program follows."""
import collections
import glob
import os
import re
import statistics
import sys

from bench_json import iteration_rates


def rates(root, program):
    # (sorter, type, n) -> dist -> [Gkeys/s over rounds]
    out = collections.defaultdict(lambda: collections.defaultdict(list))
    for path in sorted(glob.glob(os.path.join(root, f"candidate-{program}-*.json"))):
        if not re.match(rf"candidate-{re.escape(program)}-\d+\.json$", os.path.basename(path)):
            continue
        for sorter, type_, dist, n, rate in iteration_rates(path):
            out[(sorter, type_, n)][dist].append(rate)
    return out


def main():
    root = sys.argv[1]
    cand = sys.argv[2] if len(sys.argv) > 2 else "bench_sorts_candidate"
    a, b = rates(root, "bench_sorts"), rates(root, cand)
    print(f"| sorter | keys | n | input | bench_sorts | {cand} | {cand} / bench_sorts |")
    print("|---|---|---|---|---|---|---|")
    flat = []
    for key in sorted(set(a) & set(b), key=lambda k: (k[0], k[1], k[2])):
        sorter, type_, n = key
        med_a, med_b = {}, {}
        for dist in a[key]:
            if dist not in b[key]:
                continue
            med_a[dist], med_b[dist] = statistics.median(a[key][dist]), statistics.median(b[key][dist])
            print(f"| {sorter} | {type_} | 2^{n.bit_length() - 1} | {dist} | {med_a[dist]:.2f} | {med_b[dist]:.2f} | "
                  f"{med_b[dist] / med_a[dist]:.3f} |")
        if len(med_a) > 1:
            flat.append((sorter, type_, n, min(med_a.values()) / max(med_a.values()),
                         min(med_b.values()) / max(med_b.values())))
    if flat:
        print(f"\n| sorter | keys | n | slowest/fastest bench_sorts | slowest/fastest {cand} |")
        print("|---|---|---|---|---|")
        for sorter, type_, n, fa, fb in flat:
            print(f"| {sorter} | {type_} | 2^{n.bit_length() - 1} | {fa:.3f} | {fb:.3f} |")


if __name__ == "__main__":
    main()
