#!/usr/bin/env bash
# Byte-for-byte comparison of two `wythoff` binaries: stdout, stderr and exit
# code of the same commands (catalogue games of testdata/cases.toml, both
# conventions, every --format of every board command, one-position answers,
# sequences, patterns, compare, and error cases).
#
#   scripts/compare_binaries.sh OLD NEW
#
# Prints each differing command, then `N commands, D differ`; exit 1 if any
# differs. Runs in a temporary folder (no file of the checkout is written).
set -u
OLD=$(realpath "$1")
NEW=$(realpath "$2")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP"

mapfile -t GAMES < <(grep -o 'game = "[^"]*"' "$ROOT/testdata/cases.toml" | sed 's/game = "\(.*\)"/\1/' | sort -u)
GAMES+=("imitation:p=1,m=1" "imitation:p=2,m=1" "restricted:s=1,t=1,h=min4,v=min4,d1=none,d2=none")

CMDS=()
add() { CMDS+=("$*"); }

for g in "${GAMES[@]}"; do
  for conv in "" "--misere"; do
    for f in text csv json summary; do
      add p-positions "$g" --max 48 --format $f $conv
      add remoteness "$g" --max 20 --format $f $conv
    done
    add outcome "$g" 7 12 $conv
    add outcome "$g" 7 12 --format json $conv
    add outcome "$g" 0 0 --format json $conv
    add outcome "$g" 1000000000000 999 $conv
    add patterns "$g" --max 40 $conv
    add patterns "$g" --max 40 --format json $conv
  done
  for f in text csv json summary; do
    add grundy "$g" --max 24 --format $f
  done
  add sequence "$g" --terms 12
  add sequence "$g" --terms 12 --format json
  add sequence "$g" --terms 12 --misere
  add compare "$g" wythoff --max 40
  add compare "$g" "wythoff@misere" --max 40 --format json
  add compare "$g@misere" "$g" --max 40 --format csv
  add dynamic "$g" --max 12
  add p-positions "$g" --max 0
  add outcome "$g" 3 x
  add outcome "$g" 3 5 --history 1,2
  add outcome "$g" 3 5 --history 1
done

# the one-position grammar, histories and the huge m-Modular game
M=1000000000000000000000
for xy in "3 5" "0 0" "5 3" "1000 1618" "4 4"; do
  add outcome "modular:m=$M" $xy
  add outcome "modular:m=$M" $xy --format json
  add outcome "modular:m=$M" $xy --misere
  add outcome "modular:m=$M" $xy --history 1,2
  add outcome "modular:m=$M" $xy --conjecture
done
for h in "1" "1,a" "1,-1" "1,99999999999999999999999" "5,5" "9,9 8,8"; do
  add outcome imitation:p=1,m=1 3 5 --history $h
  add outcome imitation:p=2,m=1 3 5 --history $h --format json
done
add outcome imitation:p=1,m=1 3 5 --history 9,9 --conjecture
add outcome wythoff 7 12 --conjecture
add outcome wythoff 7 12 --conjecture --format json
for side in wythoff@foo wythoff@normal wythoff@misère nosuch@misere; do
  add compare "$side" nim --max 16
done
# error cases
for m in -1 0 x 65537 99999999999999999999 1e3 ""; do
  add p-positions wythoff --max "$m"
  add grundy wythoff --max "$m"
  add remoteness wythoff --max "$m"
done
for t in 0 -1 x 99999999999999999999999; do
  add sequence wythoff --terms "$t"
done
for g in nosuch "wythoff:m=2" "m-wythoff:m=0" "m-wythoff:m=x" "modular:m=0" "restricted:s=1" "corner:m=1" ""; do
  add p-positions "$g" --max 8
  add outcome "$g" 1 2
done
add grundy roob-blocking:m=1,p=2 --max 8
add grundy wythoff --max 8 --misere
add grundy imitation:p=1,m=1 --max 8
add sequence wythoff --terms 5 --misere
add dynamic wythoff --max 8
for spec in 'odd-odd:s=1..3,t=1..3' 'modulo-rook:m=1..3,l=0..2,p=2..4' 'st-wythoff:s=1..4,t=1..4' 'wythoff'; do
  add sweep "$spec" --max 300 --plan 2
  add sweep "$spec" --max 24 --format csv
done
add games
add games --format json
add games --format text

N=0; D=0
for c in "${CMDS[@]}"; do
  read -r -a ARGS <<<"$c"
  "$OLD" "${ARGS[@]}" >o.out 2>o.err </dev/null; orc=$?
  "$NEW" "${ARGS[@]}" >n.out 2>n.err </dev/null; nrc=$?
  N=$((N + 1))
  if [ $orc != $nrc ] || ! cmp -s o.out n.out || ! cmp -s o.err n.err; then
    D=$((D + 1))
    echo "DIFFER ($orc/$nrc): wythoff $c"
    diff o.err n.err | head -4
  fi
done
echo "$N commands, $D differ"
[ $D = 0 ]
