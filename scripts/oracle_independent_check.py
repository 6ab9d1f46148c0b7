#!/usr/bin/env python3
# Usage (from the repository root, after `cargo build --release`): python3 scripts/oracle_independent_check.py
# Independent check of `wythoff outcome` at 1000 digits: seed 000 pairs from
# Python's exact math.isqrt, P-positions verified, neighbours' moves verified.
import math, subprocess, time, sys
B = "target/release/wythoff"
def a_(n, m, p):
    k = m * p
    return (math.isqrt(n * n * (k * k + 4)) - n * k + 2 * n) // (2 * p)
def is_p(x, y, m, p):
    # symmetric seed 000 set: (x,y) = (a_j, b_j) or (b_j, a_j); b_j - a_j = m j
    lo, hi = min(x, y), max(x, y)
    d = hi - lo
    if d % m: return False
    j = d // m
    return a_(j, m, p) == lo
def run(g, x, y):
    t = time.time()
    r = subprocess.run([B, "outcome", g, str(x), str(y)], capture_output=True, text=True)
    dt = time.time() - t
    lines = r.stdout.split("\n")
    moves = [tuple(map(int, l.split(","))) for l in lines[1:] if l and not l.startswith("#")]
    return lines[0], moves, dt
bad = 0
for g, m, p in [("wythoff", 1, 1), ("m-wythoff:m=3", 3, 1), ("connell:p=3", 1, 3), ("roob-blocking:m=2,p=3", 2, 3), ("choose-shift:m=2,p=3", 2, 3)]:
    n = 10**999 + 123456789
    a = a_(n, m, p); b = a + m * n
    for (x, y) in [(a, b), (b, a), (a + 1, b), (a, b + 5), (b + 3, a + 7)]:
        o, moves, dt = run(g, x, y)
        want = "P" if is_p(x, y, m, p) else "N"
        ok = o == want and all(is_p(u, v, m, p) for u, v in moves) and ((o == "N") == bool(moves) or "blocking" in g)
        if not ok: bad += 1
        print(f"{g:24s} digits={len(str(max(x,y)))} got={o} want={want} moves={len(moves)} all-moves-P={all(is_p(u, v, m, p) for u, v in moves)} {dt*1000:.1f} ms")
print("mismatches:", bad)
