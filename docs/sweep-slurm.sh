#!/bin/bash
# Run one `wythoff sweep` as a Slurm job array: task K of T runs shard K/T,
# then a dependent job merges the shards into exactly what one run prints.
#
#   SPEC='modulo-rook:m=1..8,l=0..8,p=1..8' MAX=2000 T=16 docs/sweep-slurm.sh
#
# Before submitting, `wythoff sweep SPEC --max MAX --plan T` estimates every
# shard's seconds and peak memory on CPUS threads (the model of
# docs/performance.md, "Sweeps"); the array asks for the largest shard's memory
# and time with a margin (MEM_MARGIN, TIME_MARGIN: factors, default 2 and 4, the
# model's stated accuracy). Results are plain files under $OUT (default
# sweep-out/): shard-K.FORMAT and merged.FORMAT. A shard that was killed (time,
# node) is resubmitted with the same command plus `--resume`: it keeps the whole
# records of its file and computes only the rest. The merge refuses files of
# another sweep and names the shards whose records are missing.
# Nothing else is needed on the cluster than the `wythoff` binary ($WYTHOFF)
# and python3 (to read the plan).
set -euo pipefail
: "${SPEC:?set SPEC, e.g. SPEC='modulo-rook:m=1..8,l=0..8,p=1..8'}"
MAX=${MAX:-1000}
T=${T:-8}
OUT=${OUT:-sweep-out}
FORMAT=${FORMAT:-json}
EXTRA=${EXTRA:-}            # e.g. EXTRA=--misere
WYTHOFF=${WYTHOFF:-wythoff}
CPUS=${CPUS:-4}
MEM_MARGIN=${MEM_MARGIN:-2}
TIME_MARGIN=${TIME_MARGIN:-4}
mkdir -p "$OUT"
# the jobs read these from their environment (--export=ALL): a spec holds
# commas, which `--export=NAME=VALUE,...` would split
export SPEC MAX T OUT FORMAT EXTRA WYTHOFF

# the plan: the largest shard's memory (MiB) and time (minutes), with margins
plan=$(RAYON_NUM_THREADS="$CPUS" "$WYTHOFF" sweep "$SPEC" --max "$MAX" $EXTRA --plan "$T" --format json)
read -r MEM_MB MINUTES < <(python3 -c '
import json, math, sys
plan = json.loads(sys.argv[1])
mem = max(s["memory_bytes"] for s in plan) * float(sys.argv[2])
sec = max(s["seconds"] for s in plan) * float(sys.argv[3])
print(max(64, math.ceil(mem / 2**20)), max(2, math.ceil(sec / 60)))
' "$plan" "$MEM_MARGIN" "$TIME_MARGIN")
echo "plan: $T shards, at most ${MEM_MB} MiB and ${MINUTES} min each (with margins)"

# each task resumes its own file when it is there (a resubmitted shard)
array=$(sbatch --parsable --array=1-"$T" --cpus-per-task="$CPUS" \
  --mem="${MEM_MB}M" --time="$MINUTES" \
  --job-name=wythoff-sweep --output="$OUT/shard-%a.log" \
  --export=ALL \
  --wrap='f="$OUT/shard-$SLURM_ARRAY_TASK_ID.$FORMAT"; resume=(); if [ -s "$f.part" ]; then mv "$f.part" "$f.old"; resume=(--resume "$f.old"); fi; RAYON_NUM_THREADS=$SLURM_CPUS_PER_TASK "$WYTHOFF" sweep "$SPEC" --max "$MAX" --format "$FORMAT" $EXTRA --shard "$SLURM_ARRAY_TASK_ID/$T" --force "${resume[@]}" > "$f.part" && mv "$f.part" "$f" && rm -f "$f.old"')

sbatch --parsable --dependency=afterok:"$array" --job-name=wythoff-merge \
  --output="$OUT/merge.log" \
  --export=ALL \
  --wrap='files=(); for k in $(seq 1 "$T"); do files+=("$OUT/shard-$k.$FORMAT"); done; "$WYTHOFF" sweep --merge "${files[@]}" > "$OUT/merged.$FORMAT"'
echo "submitted array $array ($T shards) and the merge; output: $OUT/merged.$FORMAT"
