#!/usr/bin/env python3
"""The chance rate of blocking_wythoff.py's closed-form search: the share of slopes
in [LO, HI] that lie within its tolerance (2e-4) of some form of its search space
(rationals a / c, a < 40, c <= 12; (a + b sqrt d) / c, |a|, c, d <= 8, |b| <= 2,
d squarefree). Computed exactly as the length of the union of the intervals
(v - 2e-4, v + 2e-4) over the forms, divided by HI - LO, and checked by drawing
uniform slopes (seeded). Usage: closed_form_chance.py [LO HI [DRAWS]]."""
import bisect
import random
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from blocking_wythoff import FORMS  # noqa: E402

TOL = 2e-4


def union_share(lo, hi, values):
    ivs = sorted((max(lo, v - TOL), min(hi, v + TOL)) for v in values if lo - TOL < v < hi + TOL)
    total, end = 0.0, lo
    for a, b in ivs:
        a = max(a, end)
        if b > a:
            total += b - a
            end = b
    return total / (hi - lo)


def main():
    lo = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    hi = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    draws = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000
    vals = sorted(v for v, _, _ in FORMS)
    rat = sorted(v for v, t, _ in FORMS if "sqrt" not in t)
    exact = union_share(lo, hi, vals)
    rng = random.Random(20261127)
    hits = 0
    for _ in range(draws):
        s = rng.uniform(lo, hi)
        i = bisect.bisect_left(vals, s - TOL)
        hits += i < len(vals) and vals[i] < s + TOL
    print(f"slopes in [{lo}, {hi}], tolerance {TOL}: {len([v for v in vals if lo <= v <= hi])} forms")
    print(f"  exact share covered: {exact:.4f} (rationals alone: {union_share(lo, hi, rat):.4f})")
    print(f"  simulated: {hits / draws:.4f} of {draws} uniform slopes")


if __name__ == "__main__":
    main()
