#!/usr/bin/env bash
# Wall time of `p-positions GAME --max N` for a representative instance of every
# catalogue game, normal and misère play (issue 5: each < 2 s at N = 4096);
# Imitation Nim in normal play only (the paper defines no misère version).
# Usage: scripts/catalogue_timing.sh [N] [format]   (release binary; default 4096 summary)
# WIDE=1 adds parameter extremes (steep cones, large moduli, dense games).
set -u
N=${1:-4096}
FMT=${2:-summary}
BIN=${BIN:-target/release/wythoff}
GAMES=(
  nim wythoff m-wythoff:m=2 st-wythoff:s=2,t=1 connell:p=2
  roob-blocking:m=2,p=3 roob-blocking:m=2,p=2,l=1 modulo-rook:m=2,l=1,p=3
  shifted:m=2,p=3,l=1 corner:m=2,p=3,u=2,v=4 choose-shift:m=2,p=3
  modular:m=5 diagonal-blocking:p=3,m=2 imitation:p=2,m=1
  restricted:s=2,t=1,h=odd,v=even,d1=odd,d2=even
  odd-odd:s=2,t=1 even-even:s=2,t=1 odd-even:s=2,t=3 even-odd:s=2,t=3
)
if [ -n "${WIDE:-}" ]; then
  GAMES+=(
    st-wythoff:s=5,t=7 st-wythoff:s=1,t=100 modular:m=1000 connell:p=64
    modulo-rook:m=50,l=3,p=7 roob-blocking:m=40,p=7 diagonal-blocking:p=9,m=50
    imitation:p=5,m=4 "restricted:s=3,t=2,h=3:0,v=3:1,d1=3:1,d2=3:2"
    odd-odd:s=3,t=2 odd-odd:s=12,t=3 odd-odd:s=70,t=1 odd-odd:s=1000,t=5
    even-even:s=3,t=4 odd-even:s=1,t=1 even-odd:s=1,t=1
  )
fi
for g in "${GAMES[@]}"; do
  for conv in "" "--misere"; do
    # the paper defines Imitation Nim in normal play only
    if [ "$conv" = "--misere" ] && [[ "$g" == imitation:* ]]; then
      continue
    fi
    start=$(date +%s.%N)
    out=$("$BIN" p-positions "$g" --max "$N" --format "$FMT" $conv 2>&1 >/dev/null | head -1)
    rc=$?
    end=$(date +%s.%N)
    printf '%-48s %-9s %6.2f s %s\n' "$g" "${conv:-normal}" "$(echo "$end - $start" | bc)" "$out"
  done
done
