#!/bin/bash
# Run every proof sweep of docs/open-problems.md (`wythoff sweep SPEC --prove`,
# Walnut on each distinct game of the report's families, both conventions) as
# one Slurm job array, then merge each sweep's shards into the cache file that
# scripts/open_problems.py reads:
#
#   T=16 docs/prove-slurm.sh                    # then: scripts/open_problems.py
#
# `scripts/open_problems.py --proof-sweeps` lists the sweeps (spec, convention,
# cache file); task i runs shard (i mod T) + 1 of sweep i / T. Each task runs
# Walnut processes of -Xmx $OP_JAVA_MEMORY (default 3G), as many at once as fit
# in the task's memory (at most CPUS); the array asks for the largest shard's
# memory and its time bound (`sweep --plan T --prove`: `memory_bytes`, and
# `seconds_at_most`, every game timing out, times TIME_MARGIN) over all sweeps.
# A killed task is resubmitted with the same command: it resumes its own file
# (`--resume`, the bytes of one run). Every node needs java and the Walnut jar
# (scripts/install_walnut.sh, or WALNUT_JAR): a task without them refuses at its
# start, before any game. The merge refuses shards of other options or jars.
# Environment as scripts/open_problems.py: OP_PROVE_TIMEOUT (default 60),
# OP_JAVA_MEMORY, OP_CACHE; here also T, CPUS, TIME_MARGIN, OUT, WYTHOFF.
set -euo pipefail
T=${T:-8}
CPUS=${CPUS:-2}
TIME_MARGIN=${TIME_MARGIN:-1.5}
OUT=${OUT:-prove-out}
WYTHOFF=${WYTHOFF:-wythoff}
export OP_PROVE_TIMEOUT=${OP_PROVE_TIMEOUT:-60}
export OP_JAVA_MEMORY=${OP_JAVA_MEMORY:-3G}
export OP_PROVE_THREADS=$CPUS
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$OUT"
python3 "$here/scripts/open_problems.py" --proof-sweeps "$WYTHOFF" > "$OUT/sweeps.tsv"
N=$(wc -l < "$OUT/sweeps.tsv")
export T OUT WYTHOFF N

# the largest shard's memory (MiB) and time bound (minutes) over every sweep
read -r MEM_MB MINUTES < <(
  while IFS=$'\t' read -r spec conv _; do
    extra=(); [ "$conv" = misere ] && extra=(--misere)
    RAYON_NUM_THREADS="$CPUS" "$WYTHOFF" sweep "$spec" --max 16 "${extra[@]}" --prove \
      --timeout "$OP_PROVE_TIMEOUT" --java-memory "$OP_JAVA_MEMORY" --plan "$T" --format json
  done < "$OUT/sweeps.tsv" | python3 -c '
import json, math, sys
plans = [s for line in sys.stdin for s in json.loads(line)]
mem = max(s["memory_bytes"] for s in plans)
sec = max(s["seconds_at_most"] for s in plans) * float(sys.argv[1])
print(max(256, math.ceil(mem / 2**20)), max(5, math.ceil(sec / 60)))
' "$TIME_MARGIN")
echo "plan: $N sweeps x $T shards, at most ${MEM_MB} MiB and ${MINUTES} min each"

array=$(sbatch --parsable --array=0-$((N * T - 1)) --cpus-per-task="$CPUS" \
  --mem="${MEM_MB}M" --time="$MINUTES" --job-name=wythoff-prove \
  --output="$OUT/task-%a.log" --export=ALL \
  --wrap='i=$SLURM_ARRAY_TASK_ID; s=$((i / T + 1)); k=$((i % T + 1));
IFS=$'"'"'\t'"'"' read -r spec conv _ < <(sed -n "${s}p" "$OUT/sweeps.tsv");
extra=(); [ "$conv" = misere ] && extra=(--misere);
f="$OUT/sweep-$s-shard-$k.jsonl"; resume=();
if [ -s "$f.part" ]; then mv "$f.part" "$f.old"; resume=(--resume "$f.old"); fi;
"$WYTHOFF" --threads "$SLURM_CPUS_PER_TASK" sweep "$spec" --max 16 "${extra[@]}" --prove \
  --timeout "$OP_PROVE_TIMEOUT" --java-memory "$OP_JAVA_MEMORY" --format json \
  --shard "$k/$T" --force --timings "$OUT/sweep-$s-shard-$k.timings" "${resume[@]}" > "$f.part" \
  && mv "$f.part" "$f" && rm -f "$f.old"')

sbatch --parsable --dependency=afterok:"$array" --job-name=wythoff-prove-merge \
  --output="$OUT/merge.log" --export=ALL \
  --wrap='s=0; while IFS=$'"'"'\t'"'"' read -r spec conv cache; do s=$((s + 1));
files=(); for k in $(seq 1 "$T"); do files+=("$OUT/sweep-$s-shard-$k.jsonl"); done;
mkdir -p "$(dirname "$cache")";
"$WYTHOFF" sweep --merge "${files[@]}" > "$cache.part" && mv "$cache.part" "$cache" || exit 1;
done < "$OUT/sweeps.tsv"'
echo "submitted array $array ($N sweeps x $T shards) and the merge into the cache of scripts/open_problems.py"
