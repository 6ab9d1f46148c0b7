#!/usr/bin/env bash
# Kernel cost of two `wythoff` binaries on the same commands, one command per
# kernel (issue 52: a restructuring keeps every kernel's speed):
#
#   scripts/kernel_ratio.sh OLD NEW [RUNS]
#
# For each command: the kernel NEW's plan names; the instructions of the whole
# process (valgrind --tool=callgrind, repeatable whatever the machine's load)
# of OLD and NEW and their ratio (the command's plan included: a command plans
# before it runs, and a plan's probes solve small boards; the boards are large
# enough for the kernel to dominate where the plan reads cheap probes); and, with RUNS > 0 (default 0), farm-bench's
# paired CPU ratio NEW/OLD (median of RUNS pairs, run in turn). Prints one
# markdown row a command, then the median instruction ratio.
set -u
OLD=$(realpath "$1")
NEW=$(realpath "$2")
RUNS=${3:-0}
CMDS=(
  "p-positions st-wythoff:s=2,t=1 --max 1048576 --format summary"
  "p-positions corner:m=1,p=1,u=2,v=4 --max 1048576 --format summary"
  "p-positions modular:m=5 --max 16384 --format summary"
  "p-positions odd-odd:s=1,t=1 --max 4096 --format summary"
  "p-positions connell:p=2 --max 16384 --format summary"
  "p-positions modulo-rook:m=2,l=1,p=2 --max 16384 --format summary"
  "p-positions blocking-wythoff:k=3 --max 4096 --format summary"
  "p-positions terminal-wythoff:l=2 --max 4096 --format summary"
  "grundy wythoff --max 4096 --format summary"
  "grundy m-wythoff:m=2 --max 4096 --format summary"
  "grundy modular:m=3 --max 4096 --format summary"
  "remoteness wythoff --max 2048 --format summary"
)
instr() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | tail -1
}
echo "| command | kernel | instructions old | instructions new | new/old | paired CPU new/old (median) |"
echo "|---|---|---|---|---|---|"
RATIOS=()
for c in "${CMDS[@]}"; do
  read -r -a A <<<"$c"
  k=$("$NEW" "${A[@]}" --plan 2>/dev/null | grep -o '"kernel": *"[^"]*"' | head -1 | sed 's/.*: *"\(.*\)"/\1/')
  io=$(instr "$OLD" "${A[@]}")
  in=$(instr "$NEW" "${A[@]}")
  r=$(python3 -c "print(f'{$in/$io:.4f}')")
  RATIOS+=("$r")
  p="-"
  if [ "$RUNS" -gt 0 ]; then
    p=$(farm-bench -n "$RUNS" --timeout 600 --vs "$OLD $c" -- "$NEW" "${A[@]}" 2>&1 \
      | grep -i "ratio" | grep -io "cpu[^|]*" | head -1)
  fi
  echo "| \`wythoff $c\` | $k | $io | $in | $r | $p |"
done
python3 -c "import statistics,sys; print('median instruction ratio new/old:', statistics.median(map(float, sys.argv[1:])))" "${RATIOS[@]}"
