"""Rates from one bench_sorts Google Benchmark JSON file (read by flat_table.py):
iteration_rates(path) yields (sorter, key type, distribution, n, Gkeys/s) for every
iteration run that completed; a file cut short (process killed at a time limit) yields nothing,
with a note on stderr."""
import json
import sys


def iteration_rates(path):
    try:
        runs = json.load(open(path))["benchmarks"]
    except (json.JSONDecodeError, KeyError):
        print(f"{path}: incomplete (process cut short?), left out", file=sys.stderr)
        return
    for b in runs:
        if b.get("run_type") != "iteration" or "error_occurred" in b:
            continue
        sorter, type_, dist, n = b["name"].split("/")[:4]
        yield sorter, type_, dist, int(n), b["keys_per_s"] / 1e9
