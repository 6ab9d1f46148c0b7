#!/bin/bash
# Run one `wythoff sweep` as a Slurm job array: task K of T runs shard K/T,
# then a dependent job merges the shards into exactly what one run prints.
#
#   SPEC='modulo-rook:m=1..8,l=0..8,p=1..8' MAX=2000 T=16 docs/sweep-slurm.sh
#
# Submits the array (sbatch --array=1-T) and the merge job; results are plain
# files under $OUT (default sweep-out/): shard-K.jsonl and merged.jsonl.
# Nothing else is needed on the cluster than the `wythoff` binary ($WYTHOFF).
set -euo pipefail
: "${SPEC:?set SPEC, e.g. SPEC='modulo-rook:m=1..8,l=0..8,p=1..8'}"
MAX=${MAX:-1000}
T=${T:-8}
OUT=${OUT:-sweep-out}
FORMAT=${FORMAT:-json}
EXTRA=${EXTRA:-}            # e.g. EXTRA=--misere
WYTHOFF=${WYTHOFF:-wythoff}
CPUS=${CPUS:-4}
mkdir -p "$OUT"

array=$(sbatch --parsable --array=1-"$T" --cpus-per-task="$CPUS" \
  --job-name=wythoff-sweep --output="$OUT/shard-%a.log" \
  --export=ALL,SPEC="$SPEC",MAX="$MAX",T="$T",OUT="$OUT",FORMAT="$FORMAT",EXTRA="$EXTRA",WYTHOFF="$WYTHOFF" \
  --wrap='RAYON_NUM_THREADS=$SLURM_CPUS_PER_TASK "$WYTHOFF" sweep "$SPEC" --max "$MAX" --format "$FORMAT" $EXTRA --shard "$SLURM_ARRAY_TASK_ID/$T" > "$OUT/shard-$SLURM_ARRAY_TASK_ID.$FORMAT.part" && mv "$OUT/shard-$SLURM_ARRAY_TASK_ID.$FORMAT.part" "$OUT/shard-$SLURM_ARRAY_TASK_ID.$FORMAT"')

sbatch --parsable --dependency=afterok:"$array" --job-name=wythoff-merge \
  --output="$OUT/merge.log" \
  --export=ALL,T="$T",OUT="$OUT",FORMAT="$FORMAT",WYTHOFF="$WYTHOFF" \
  --wrap='files=(); for k in $(seq 1 "$T"); do files+=("$OUT/shard-$k.$FORMAT"); done; "$WYTHOFF" sweep --merge "${files[@]}" > "$OUT/merged.$FORMAT"'
echo "submitted array $array ($T shards) and the merge; output: $OUT/merged.$FORMAT"
