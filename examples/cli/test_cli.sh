#!/usr/bin/env bash
# Tests of kokkossort-sort: a good run per key type (with and without values), and every kind of
# bad input: clear message, exit status 2, and no output file left behind.
#   test_cli.sh PATH_TO_kokkossort-sort
set -u
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export OMP_PROC_BIND=false OMP_NUM_THREADS=2
fail=0
check() {  # name, expected status, expected message regex, output path, command...
  local name=$1 status=$2 regex=$3 out=$4
  shift 4
  "$@" > "$dir/log" 2>&1
  local got=$?
  if [ "$got" != "$status" ] || ! grep -Eq "$regex" "$dir/log"; then
    echo "FAIL $name: status $got (want $status), output:"; cat "$dir/log"; fail=1; return
  fi
  if [ "$status" != 0 ] && ls "$out"* > /dev/null 2>&1; then
    echo "FAIL $name: output file left behind: $(ls "$out"*)"; fail=1; return
  fi
  echo "ok   $name"
}
head -c 4000000 /dev/urandom > "$dir/keys32"   # 10^6 u32 / f32 keys, 5*10^5 u64 / f64
head -c 4000000 /dev/urandom > "$dir/vals32"
for t in u32 u64 f32 f64; do
  check "sort $t" 0 "verified" "$dir/out_$t" "$bin" --type $t --in "$dir/keys32" --out "$dir/out_$t"
done
od -An -v -tu4 "$dir/out_u32" | tr -s ' ' '\n' | grep -v '^$' | sort -n -c || { echo "FAIL u32 output not sorted"; fail=1; }
check "sort u32 with values" 0 "with values.*verified" "$dir/o" "$bin" --type u32 --in "$dir/keys32" \
  --out "$dir/o" --values "$dir/vals32" --values-out "$dir/ov"
check "forced algorithm" 0 "merge_sort.*verified" "$dir/om" "$bin" --type f32 --in "$dir/keys32" --out "$dir/om" \
  --algorithm merge_sort
check "missing input" 2 "cannot open" "$dir/x1" "$bin" --type u32 --in "$dir/nope" --out "$dir/x1"
chmod 000 "$dir/keys32" 2>/dev/null
if [ "$(id -u)" != 0 ]; then
  check "unreadable input" 2 "cannot open" "$dir/x2" "$bin" --type u32 --in "$dir/keys32" --out "$dir/x2"
fi
chmod 644 "$dir/keys32"
head -c 4001 /dev/urandom > "$dir/odd"
check "size not a multiple" 2 "not a multiple of the element size 4" "$dir/x3" "$bin" --type u32 --in "$dir/odd" --out "$dir/x3"
head -c 4000 /dev/urandom > "$dir/shortvals"
check "values of another length" 2 "values file has 1000 elements, keys file 1000000" "$dir/x4" "$bin" --type u32 \
  --in "$dir/keys32" --out "$dir/x4" --values "$dir/shortvals" --values-out "$dir/x4v"
check "unwritable output" 2 "cannot write" "$dir/nodir/x5" "$bin" --type u32 --in "$dir/keys32" --out "$dir/nodir/x5"
check "unknown type" 2 "unknown --type" "$dir/x6" "$bin" --type u16 --in "$dir/keys32" --out "$dir/x6"
check "unknown algorithm" 2 "unknown algorithm" "$dir/x7" "$bin" --type u32 --in "$dir/keys32" --out "$dir/x7" --algorithm quick
check "forced radix, u64" 0 "verified" "$dir/x8" "$bin" --type u64 --in "$dir/keys32" --out "$dir/x8" --algorithm radix
# Larger than the backend's memory (a GPU's, or the host's physical memory): a sparse 256 GiB
# file, refused before it is read.
truncate -s 256G "$dir/huge"
check "input larger than the backend's memory" 2 "does not fit in the memory" "$dir/x9" \
  "$bin" --type u32 --in "$dir/huge" --out "$dir/x9"
# Fits the machine but not what the process may use: 400 MB of keys under a 1 GB address-space
# limit (host backends only: a CUDA context cannot start under such a limit).
if [ "${KOKKOSSORT_CLI_HOST_BACKEND:-0}" = 1 ]; then
  head -c 400000000 /dev/zero > "$dir/big"
  check "input larger than the process may allocate" 2 "does not fit in the memory" "$dir/x10" \
    bash -c "ulimit -v 1000000; exec '$bin' --type u32 --in '$dir/big' --out '$dir/x10'"
fi
exit $fail
