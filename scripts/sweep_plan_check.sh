#!/usr/bin/env bash
# Compare `wythoff sweep --plan 1` with measured runs of sweeps the plan model
# (wythoff::sweep::game_cost) was NOT fitted to (issue 28): peak memory
# (/usr/bin/time max RSS) within a factor of 2 of the model, time within a
# factor of 4. Time is given two ways: the wall time, and the CPU time over the
# threads (the model estimates an unloaded machine; on a shared one the wall
# time stretches). Usage: scripts/sweep_plan_check.sh [BINARY] (default
# target/release/wythoff); THREADS=2 by default. Other sweeps: give them after
# BINARY as 'SPEC|MAX|EXTRA' (EXTRA e.g. --misere, may be empty). Prints a
# markdown table.
set -euo pipefail
BIN=${1:-target/release/wythoff}
THREADS=${THREADS:-2}
SWEEPS=(
  "m-wythoff:m=1..100|2500|--misere"
  "connell:p=1..8|2000|"
  "st-wythoff:s=1..4,t=1..4|1500|"
  "odd-odd:s=1..5,t=1..4|1500|--misere"
  "diagonal-blocking:p=1..3,m=1..3|2500|"
  "modulo-rook:m=999990..999999,l=0..2,p=2..3|600|"
  "modulo-rook:m=1..100000,l=0,p=1|4|"
)
if [ "$#" -gt 1 ]; then
  SWEEPS=("${@:2}")
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| sweep | --max | plan: seconds, memory | measured: wall, CPU (user+sys), peak | time: plan / wall, plan / (CPU / threads) | memory: measured / plan | within 4x time (CPU), 2x memory |"
echo "|---|---|---|---|---|---|---|"
for s in "${SWEEPS[@]}"; do
  IFS='|' read -r spec max extra <<<"$s"
  # shellcheck disable=SC2086
  plan=$("$BIN" --threads "$THREADS" sweep "$spec" --max "$max" $extra --plan 1 --format json 2>/dev/null)
  ps=$(python3 -c 'import json,sys; p=json.loads(sys.argv[1])[0]; print(p["seconds"], p["memory_bytes"])' "$plan")
  read -r psec pmem <<<"$ps"
  # shellcheck disable=SC2086
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/t" "$BIN" --threads "$THREADS" sweep "$spec" --max "$max" $extra --force >"$tmp/out" 2>"$tmp/err"
  read -r wall user sys rss <<<"$(tail -1 "$tmp/t")"
  python3 - "$spec" "$max${extra:+ $extra}" "$psec" "$pmem" "$wall" "$user" "$sys" "$rss" "$THREADS" "$(wc -l <"$tmp/out")" <<'PY'
import sys
spec, mx, psec, pmem, wall, user, sys_, rss, th, lines = sys.argv[1:]
psec, pmem, wall, cpu, rss, th = int(psec), int(pmem), float(wall), float(user) + float(sys_), int(rss) * 1024, int(th)
per = cpu / th
tw, tc = psec / max(wall, 0.01), psec / max(per, 0.01)
m = rss / pmem
ok_t = 0.25 <= tc <= 4
ok_m = 0.5 <= m <= 2
print(f"| `{spec}` ({lines.strip()} records) | {mx} | {psec} s, {pmem/2**20:.1f} MiB | {wall:.2f} s, {cpu:.2f} s, {rss/2**20:.1f} MiB | {tw:.2f}, {tc:.2f} | {m:.2f} | {'yes' if ok_t else 'NO'}, {'yes' if ok_m else 'NO'} |")
PY
done
