#!/usr/bin/env bash
# Fuzz every parser and reader of outside bytes for M minutes, split over the
# targets (`wythoff-fuzz --list`: GAME strings and parameter expressions, rules
# files, piles and numbers, length sets, check-table files, sweep specs and
# records, proof folders, Walnut's automata and output, numerations; and,
# through the binary, HTTP requests to `wythoff serve`, `sweep --merge` and
# `--resume` files, `outcome --oracle` folders). Each target starts from its kept
# corpus testdata/fuzz/<target>/ (seeds, and every crash found: each is a
# regression test that `cargo test --release --workspace` replays).
#
#   scripts/fuzz.sh --minutes 60 [--seed N] [--no-afl] [--target NAME]...
#
# The in-process targets run under AFL++ (coverage-guided) when `cargo afl`
# works (`cargo install cargo-afl`; it builds AFL++ on first use), else, and
# with --no-afl, under wythoff-fuzz's own seeded mutations; the targets that
# run the binary always under wythoff-fuzz. Prints a line a target (engine,
# executions, crashes) and exits 1 when any target crashed; crashing inputs go
# to target/fuzz-crashes/ (turn each into a corpus file and a test).
set -uo pipefail
cd "$(dirname "$0")/.."

minutes=""
seed=1
use_afl=1
only=()
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes="${2:-}"; shift 2 ;;
    --seed) seed="${2:-}"; shift 2 ;;
    --no-afl) use_afl=0; shift ;;
    --target) only+=("${2:-}"); shift 2 ;;
    *) echo "scripts/fuzz.sh: unknown argument \`$1\`; usage: scripts/fuzz.sh --minutes M [--seed N] [--no-afl] [--target NAME]..." >&2; exit 2 ;;
  esac
done
if ! [[ "$minutes" =~ ^[0-9]+([.][0-9]+)?$ ]] || [ "$(awk "BEGIN{print ($minutes > 0)}")" != 1 ]; then
  echo "scripts/fuzz.sh: --minutes takes a number of minutes above 0 (got \`$minutes\`)" >&2
  exit 2
fi
if ! [[ "$seed" =~ ^[0-9]+$ ]]; then
  echo "scripts/fuzz.sh: --seed takes a whole number (got \`$seed\`)" >&2
  exit 2
fi

target_dir="${CARGO_TARGET_DIR:-target}"
echo "scripts/fuzz.sh: building wythoff and wythoff-fuzz (release)"
cargo build --release -p wythoff-cli -p wythoff-fuzz --quiet || exit 2
fuzz="$target_dir/release/wythoff-fuzz"
bin="$target_dir/release/wythoff"

mapfile -t all < <("$fuzz" --list)
if [ "${#only[@]}" -gt 0 ]; then
  targets=("${only[@]}")
else
  targets=("${all[@]}")
fi
# the targets that run the binary (always wythoff-fuzz's engine)
process_targets=" serve sweep_files oracle_folder "

afl=0
if [ "$use_afl" = 1 ] && cargo afl --version >/dev/null 2>&1; then
  echo "scripts/fuzz.sh: cargo afl found: building the AFL++ target (coverage-guided)"
  if CARGO_TARGET_DIR="$target_dir/afl" cargo afl build --release -p wythoff-fuzz --features afl \
      --bin wythoff-fuzz-afl --quiet; then
    afl=1
  else
    echo "scripts/fuzz.sh: the AFL++ build failed: wythoff-fuzz's own mutations for every target" >&2
  fi
elif [ "$use_afl" = 1 ]; then
  echo "scripts/fuzz.sh: no cargo afl (cargo install cargo-afl): wythoff-fuzz's own mutations for every target"
fi

seconds=$(awk "BEGIN{printf \"%d\", $minutes * 60 / ${#targets[@]}}")
[ "$seconds" -lt 1 ] && seconds=1
echo "scripts/fuzz.sh: ${#targets[@]} targets, ${seconds} s each, seed $seed, started $(date -u '+%F %T') UTC (load: $(cut -d' ' -f1-3 /proc/loadavg))"

crashes_dir="$target_dir/fuzz-crashes"
mkdir -p "$crashes_dir"
failed=0
total_exec=0
summary=()
for t in "${targets[@]}"; do
  if [ "$afl" = 1 ] && [[ "$process_targets" != *" $t "* ]]; then
    out="$target_dir/fuzz-afl/$t"
    rm -rf "$out"
    mkdir -p "$out"
    # AFL++: -V seconds, -t 10 s an input (a hang is a crash here), no memory
    # limit of its own (the harness's allocator aborts past 3 GiB and a peak
    # past 512 MiB panics: both kept as crashes)
    AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 \
      AFL_SKIP_CRASHES=1 AFL_QUIET=1 WYTHOFF_FUZZ_TARGET="$t" \
      cargo afl fuzz -V "$seconds" -t 10000 -m none -s "$seed" -i "testdata/fuzz/$t" -o "$out" \
      -- "$target_dir/afl/release/wythoff-fuzz-afl" >"$out/afl.log" 2>&1
    rc=$?
    stats="$out/default/fuzzer_stats"
    if [ ! -f "$stats" ]; then
      echo "$t: AFL++ did not run (exit $rc): $(tail -3 "$out/afl.log" | tr '\n' ' ')"
      failed=1
      continue
    fi
    execs=$(awk -F': *' '/^execs_done/{print $2}' "$stats")
    found=$(awk -F': *' '/^saved_crashes/{print $2}' "$stats")
    hangs=$(awk -F': *' '/^saved_hangs/{print $2}' "$stats")
    corpus=$(awk -F': *' '/^corpus_count/{print $2}' "$stats")
    for f in "$out"/default/crashes/id:* "$out"/default/hangs/id:*; do
      [ -f "$f" ] || continue
      cp "$f" "$crashes_dir/$t-afl-$(basename "$(dirname "$f")")-$(sha256sum "$f" | cut -c1-16).in"
    done
    line=$(printf '%-16s AFL++      executions %9s  queue %5s  crashes %s  hangs %s' "$t" "$execs" "$corpus" "$found" "$hangs")
    echo "$line"
    summary+=("$line")
    total_exec=$((total_exec + execs))
    if [ "$found" != 0 ] || [ "$hangs" != 0 ]; then
      failed=1
      echo "  CRASH $t: $found crashes, $hangs hangs (inputs in $crashes_dir/$t-afl-*)"
    fi
  else
    res=$("$fuzz" --target "$t" --seconds "$seconds" --seed "$seed" --corpus testdata/fuzz \
      --crashes "$crashes_dir" --wythoff "$bin" 2>&1)
    rc=$?
    echo "$res"
    line=$(printf '%s' "$res" | grep -m1 "executions")
    summary+=("${line/ executions/ wythoff-fuzz executions}")
    execs=$(printf '%s' "$line" | awk '{for(i=1;i<NF;i++) if($i=="executions") print $(i+1)}')
    total_exec=$((total_exec + ${execs:-0}))
    [ "$rc" != 0 ] && failed=1
  fi
done
echo
echo "scripts/fuzz.sh: finished $(date -u '+%F %T') UTC; ${total_exec} executions over ${#targets[@]} targets"
for l in "${summary[@]}"; do echo "  $l"; done
if [ "$failed" != 0 ]; then
  echo "scripts/fuzz.sh: CRASHES found (inputs in $crashes_dir/)"
  exit 1
fi
echo "scripts/fuzz.sh: no crash"
