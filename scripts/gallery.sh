#!/usr/bin/env bash
# Regenerate the picture gallery docs/gallery/*.png and *.svg with `wythoff plot`.
#
#   scripts/gallery.sh            # builds and uses the release binary
#   WYTHOFF=path/to/wythoff scripts/gallery.sh   # use another binary
#
# The pictures are byte-for-byte deterministic: running this twice gives the
# same files (git diff stays empty).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${WYTHOFF:-}" ]]; then
  cargo build --release -p wythoff-cli
  WYTHOFF=target/release/wythoff
fi
out=docs/gallery
mkdir -p "$out"

# name|arguments of `wythoff plot` (without -o)[|formats, default "png svg"]
pictures=(
  # seed 000, Figure 1: Connell's WN^(3), shaded by the shifted games 1x3 WN_l
  "fig1-connell-p3|connell:p=3 --max 24"
  # seed 000, Figure 2: four games with the same P-positions, shaded by 2x3 WN_l
  "fig2-modulo-rook-m2-p3|modulo-rook:m=2,l=0,p=3 --max 30"
  "fig2-roob-blocking-m2-p3|roob-blocking:m=2,p=3 --max 30"
  "fig2-modulo-rook-m2-l2-p6|modulo-rook:m=2,l=2,p=6 --max 30"
  "fig2-choose-shift-m2-p3|choose-shift:m=2,p=3 --max 30"
  # seed 000, Lemma 3.3 reading: index n = |y - x| / m modulo p
  "roob-blocking-m2-p3-index|roob-blocking:m=2,p=3 --max 30 --parts index"
  # seed 000 in misère play
  "misere-roob-blocking-m2-p3|roob-blocking:m=2,p=3 --max 30 --misere"
  # seed 001: Grundy values of 3-Modular Wythoff
  "grundy-modular-m3|modular:m=3 --max 30 --grundy"
  # seed 003: a parity game (Even-Even, 2x2 blocks, Theorem 13)
  "even-even-s1-t2|even-even:s=1,t=2 --max 40"
  "odd-even-s2-t1-misere|odd-even:s=2,t=1 --max 40 --misere"
  # seed 002: Imitation Nim, P / N / dynamic (Figures 1 and 2 of the paper)
  "imitation-p1-m1|imitation:p=1,m=1 --max 30"
  "imitation-p3-m1|imitation:p=3,m=1 --max 40"
  # open problems: seed 000 section 7 (gcd(m, p) != 1; 0 < l != m)
  "open-modulo-rook-m2-p4|modulo-rook:m=2,l=0,p=4 --max 60"
  "open-modulo-rook-m3-l2-p4|modulo-rook:m=3,l=2,p=4 --max 60"
  # seed 003, Open Problem 26 (K = 3, r = 1) and 27 (K = 3, r1 = 1, r2 = 2)
  "open-restricted-K3-r1|restricted:s=2,t=1,h=3:1,v=3:1,d1=3:1,d2=3:1 --max 60"
  "open-grundy-restricted-K3-r1|restricted:s=2,t=1,h=3:1,v=3:1,d1=3:1,d2=3:1 --max 40 --grundy"
  "open-restricted-K3-r1-r2|restricted:s=1,t=1,h=3:1,d1=3:1,v=3:2,d2=3:2 --max 60"
  # large boards, drawn in blocks of cells
  "large-roob-blocking-m1-p2|roob-blocking:m=1,p=2 --max 1000"
  # (PNG only: its SVG has one rectangle per run of blocks, about 3 MB)
  "large-grundy-wythoff|wythoff --max 1000 --grundy|png"
)

for entry in "${pictures[@]}"; do
  IFS='|' read -r name args exts <<< "$entry"
  for ext in ${exts:-png svg}; do
    # shellcheck disable=SC2086
    "$WYTHOFF" plot $args -o "$out/$name.$ext"
  done
  echo "$out/$name: ${exts:-png svg}"
done
