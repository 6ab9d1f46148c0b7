#!/usr/bin/env bash
# The README's two commands, cold: a fresh `git clone` of this checkout's HEAD
# (or of REF) into a new folder under /tmp with its own target folder (crates
# already downloaded are reused from ~/.cargo), each command timed with
# /usr/bin/time, the load average read before each. Prints the markdown table
# that docs/performance.md quotes ("The cold clone"); the logs stay in the
# folder it names.
#   scripts/cold_clone.sh [REF]
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
rev="$(git -C "$src" rev-parse "${1:-HEAD}")"
dir="$(mktemp -d /tmp/wythoff-cold.XXXXXX)"
git clone --quiet --no-local "$src" "$dir/wythoff"
cd "$dir/wythoff"
git checkout --quiet "$rev"
export CARGO_TARGET_DIR="$dir/wythoff/target"
unset WYTHOFF_BIN
human() { # seconds -> "M min S s"
  awk -v s="$1" 'BEGIN { m = int(s / 60); r = s - 60 * m; if (m > 0) printf "%d min %d s", m, r; else printf "%.1f s", r }'
}
rows=()
run() { # name, command
  local load
  load="$(cut -d' ' -f1 /proc/loadavg)"
  local rc=0
  /usr/bin/time -f "%e %U" -o "$dir/time.$1" bash -c "$2" >"$dir/log.$1" 2>&1 || rc=$?
  local wall user
  read -r wall user < <(tail -n 1 "$dir/time.$1") || true
  rows+=("| \`$2\` | $(human "$wall") | $(human "$user") | $load | $rc |")
}
run verify "cargo run --release -- verify"
run test "scripts/test.sh"
echo "fresh clone of $(git rev-parse --short HEAD) on $(date -u +%Y-%m-%d), $(nproc) cores; logs in $dir"
echo
echo "| command (in this order) | wall | CPU (user) | load average at start | exit |"
echo "|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
grep -A20 "^scripts/test.sh: " "$dir/log.test" | sed 's/^/    /' || true
