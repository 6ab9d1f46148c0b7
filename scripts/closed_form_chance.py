#!/usr/bin/env python3
"""The chance rate of blocking_wythoff.py's closed-form search: the share of slopes
in [LO, HI] that lie within its tolerance (2e-4) of some form of its search space
(rationals a / c, a < 40, c <= 12; (a + b sqrt d) / c, |a|, c, d <= 8, |b| <= 2,
d squarefree). Computed exactly as the length of the union of the intervals
(v - 2e-4, v + 2e-4) over the forms, divided by HI - LO, and checked by drawing
uniform slopes (seeded). Usage: closed_form_chance.py [LO HI [DRAWS]].
closed_form_chance.py --derived J V1 V2 ...: the same for the slopes derived from
covers (blocking_wythoff.py's table): the share of [1, 3] within 10^-J / 2 of one of them."""
import bisect
import random
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from blocking_wythoff import FORMS  # noqa: E402

TOL = 2e-4


def union_share(lo, hi, values, tol=TOL):
    ivs = sorted((max(lo, v - tol), min(hi, v + tol)) for v in values if lo - tol < v < hi + tol)
    total, end = 0.0, lo
    for a, b in ivs:
        a = max(a, end)
        if b > a:
            total += b - a
            end = b
    return total / (hi - lo)


def simulate(lo, hi, values, tol, draws):
    """The share of `draws` uniform slopes (fixed seed) within `tol` of one of `values`."""
    vals = sorted(values)
    rng = random.Random(20261127)
    hits = 0
    for _ in range(draws):
        s = rng.uniform(lo, hi)
        i = bisect.bisect_left(vals, s - tol)
        hits += i < len(vals) and vals[i] < s + tol
    return hits / draws


def derived(argv):
    """--derived J V1 V2 ...: the share of [1, 3] within 10^-J / 2 of one of the values
    (the slopes derived from covers, agreeing to J decimals), exact and simulated."""
    j, vals = int(argv[0]), [float(v) for v in argv[1:]]
    tol = 0.5 * 10 ** -j
    print(f"{len(vals)} derived values, agreement to {j} decimals (tolerance {tol}):")
    print(f"  one value: {union_share(1.0, 3.0, vals[:1], tol):.6f}")
    print(f"  any of them: exact {union_share(1.0, 3.0, vals, tol):.6f}, "
          f"simulated {simulate(1.0, 3.0, vals, tol, 1_000_000):.6f}")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--derived":
        return derived(sys.argv[2:])
    lo = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    hi = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    draws = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000
    vals = sorted(v for v, _, _ in FORMS)
    rat = sorted(v for v, t, _ in FORMS if "sqrt" not in t)
    exact = union_share(lo, hi, vals)
    simulated = simulate(lo, hi, vals, TOL, draws)
    print(f"slopes in [{lo}, {hi}], tolerance {TOL}: {len([v for v in vals if lo <= v <= hi])} forms")
    print(f"  exact share covered: {exact:.4f} (rationals alone: {union_share(lo, hi, rat):.4f})")
    print(f"  simulated: {simulated:.4f} of {draws} uniform slopes")


if __name__ == "__main__":
    main()
