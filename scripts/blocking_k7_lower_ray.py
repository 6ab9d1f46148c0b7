#!/usr/bin/env python3
"""The lower ray of Blocking Wythoff Nim k = 7 (issue 51, item 3), measured.

    wythoff p-positions blocking-wythoff:k=7 --max 16384 --format csv > k7.csv
    scripts/blocking_k7_lower_ray.py k7.csv [--json]

Reads the P-positions (x, y), x <= y, of the cluster 2.3 x < y < 2.7 x below
the line of slope 5/2 (2y - 5x < 0; the upper line has 2y - 5x in [5, 10]),
and prints: the points per column, the x where the smallest residual
2y - 5x first drops (the steps of the intercept), the ratios of consecutive
steps, and the residual levels per window of 512 columns. Standard library only.
"""

import collections
import json
import sys


def main():
    path = sys.argv[1]
    col = collections.defaultdict(list)
    with open(path) as f:
        next(f)
        for line in f:
            x, y = map(int, line.split(","))
            if x >= 16 and x <= y and 2.3 * x < y < 2.7 * x and 2 * y - 5 * x < 0:
                col[x].append(2 * y - 5 * x)
    n = max(col) + 1
    per_col = collections.Counter(len(v) for x, v in col.items() if x >= 256)
    # every x where the running minimum of 2y - 5x decreases; decreases within
    # 4 columns of each other are one step (x of the first, the last minimum)
    steps, low = [], None
    for x in sorted(col):
        m = min(col[x])
        if low is not None and m < low:
            if steps and x - steps[-1][2] <= 4:
                steps[-1] = (steps[-1][0], m, x)
            else:
                steps.append((x, m, x))
        low = m if low is None else min(low, m)
    steps = [(a, m) for a, m, _ in steps]
    ratios = [round(b[0] / a[0], 3) for a, b in zip(steps, steps[1:])]
    windows = []
    for s in range(256, n, 512):
        rs = collections.Counter(r for x in range(s, min(s + 512, n)) for r in col.get(x, []))
        windows.append({"from": s, "levels": sorted(rs.items())})
    out = {"points_per_column_from_256": dict(per_col), "steps": steps, "step_ratios": ratios,
           "windows": windows}
    if "--json" in sys.argv:
        print(json.dumps(out))
        return
    print("points per column (x >= 256):", dict(per_col))
    print("steps of the smallest residual 2y - 5x (x, new minimum):", steps)
    print("ratios of consecutive steps:", ratios)
    for w in windows:
        print(w["from"], w["levels"])


if __name__ == "__main__":
    main()
