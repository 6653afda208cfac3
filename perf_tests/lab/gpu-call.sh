#!/usr/bin/env bash
# One call on the lent GPU machine (device tool), inside its 10-minute limit:
#   perf_tests/lab/gpu-call.sh OUTDIR FIRST_STEPS [LATER_STEPS] [SECONDS=570]
# runs gpu-suite.sh FIRST_STEPS (e.g. build,pack or unpack; `-` for none: a machine still warm
# from the previous call keeps its build tree), then LATER_STEPS under a timeout
# so that whatever happens the logs come back: the suite's directory is packed into
# OUTDIR/logs.tgz (the device tool returns at most 8 files; benchmark JSON included), and
# prebuilt.part-* are moved beside it. Only LATER_STEPS run under the timeout: put nothing long in
# FIRST_STEPS but build (which must finish) and pack/unpack, or the call can outlast its limit and
# return nothing.
set -uo pipefail
out=${1:?usage: gpu-call.sh OUTDIR FIRST_STEPS [LATER_STEPS] [SECONDS]}
first=${2:?}
later=${3:-}
budget=${4:-570}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
start=$(date +%s)
status=0
if [ "$first" != "-" ]; then
  "$root/scripts/gpu-suite.sh" "$work" "$first"
  status=$?
fi
if [ -n "$later" ]; then
  left=$(( budget - ($(date +%s) - start) ))
  if [ "$left" -gt 20 ]; then
    timeout --signal=INT --kill-after=10 "$left" "$root/scripts/gpu-suite.sh" "$work" "$later" || status=1
  else
    echo "gpu-call: no time left for $later" | tee -a "$work/suite.log"
    status=1
  fi
fi
mkdir -p "$out"
mv "$work"/prebuilt.part-* "$out"/ 2>/dev/null
tar czf "$out/logs.tgz" -C "$work" --exclude='prebuilt.part-*' .
tail -n 40 "$work/suite.log"
exit $status
