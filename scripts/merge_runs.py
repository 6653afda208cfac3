#!/usr/bin/env python3
"""Merges bench_sorts JSON files of one campaign (one process per key type and size, as a call on a
lent GPU machine runs them) into one results file: the benchmarks of all, the context of the first
plus `runs` (file name: how many benchmarks it holds; "cut" where a time limit stopped the process).
usage: merge_runs.py OUT.json IN.json..."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_report import load_run  # noqa: E402


def main(out, paths):
    merged = None
    runs = []
    for p in paths:
        try:
            run, cut = json.load(open(p)), ""
        except json.JSONDecodeError:
            run, cut = load_run(p), ", cut"
        if merged is None:
            merged = {"context": dict(run["context"]), "benchmarks": []}
        merged["benchmarks"] += run["benchmarks"]
        runs.append(f"{os.path.basename(p)}: {len(run['benchmarks'])}{cut}")
    merged["context"]["runs"] = "; ".join(runs)
    json.dump(merged, open(out, "w"), indent=1)
    print(f"{out}: {len(merged['benchmarks'])} benchmarks from {len(paths)} runs")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
