#!/usr/bin/env python3
"""Walnut's peak memory and wall time predicted from a proof folder (issue 51 item 4):
the least-squares fit behind `prove --plan`'s estimate (crates/wythoff/src/prove/walnut_cost.rs).

    scripts/walnut_cost_fit.py            fit, print the coefficients and the errors

Data: docs/proofs/resources.jsonl (scripts/proof_resources.py: every shipped folder re-run
alone by `prove --recheck`, Java's default heap, load 0.7 to 3.7 on 2 cores). Features, read
from the folder's files exactly as walnut_cost.rs reads a plan's files:
  states  the states of every automaton in `Automata Library/` (lines `N 0|1`)
  radix   the largest digit of their transitions + 1 (the numeration's alphabet)
  vars    the quantified variables of `Command Files/prove.txt` (`E x,y` counts 2),
          over its `def` and `eval` lines
  custom  1 when `Custom Bases/` holds an adder (a numeration Walnut does not ship)
Model (natural logs): ln(y) = c0 + c1 ln(1 + states) + c2 ln(radix) + c3 vars + c4 custom,
for y = peak MiB and y = wall seconds. The band is the factor F such that 90% of the
leave-one-out predictions lie within [y / F, y F] (each folder predicted by the fit of the
other 72). Standard library only.
"""

import glob
import json
import math
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = os.path.join(ROOT, "docs", "proofs", "resources.jsonl")
QUANT = re.compile(r"(?<![A-Za-z0-9_$])([AE]) ([a-z][a-z0-9]*(?:,[a-z][a-z0-9]*)*)")


def features(folder):
    d = os.path.join(ROOT, folder)
    states, radix = 0, 0
    for f in sorted(glob.glob(os.path.join(d, "Automata Library", "*.txt"))):
        for line in open(f):
            if re.match(r"^\d+ [01]\s*$", line):
                states += 1
            m = re.match(r"^([\d ]+)->", line)
            if m:
                radix = max(radix, max(int(t) for t in m.group(1).split()) + 1)
    text = open(os.path.join(d, "Command Files", "prove.txt")).read()
    qvars = 0
    for line in text.splitlines():
        if line.startswith(("def ", "eval ")):
            for m in QUANT.finditer(line):
                qvars += len(m.group(2).split(","))
    custom = 1 if glob.glob(os.path.join(d, "Custom Bases", "*_addition.txt")) else 0
    return {"states": states, "radix": max(radix, 2), "vars": qvars, "custom": custom}


def row(f):
    return [1.0, math.log(1 + f["states"]), math.log(f["radix"]), float(f["vars"]), float(f["custom"])]


def lstsq(a, b):
    n = len(a[0])
    m = [[sum(r[i] * r[j] for r in a) for j in range(n)] + [sum(r[i] * y for r, y in zip(a, b))]
         for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] for i in range(n)]


def main():
    recs = [json.loads(l) for l in open(RECORDS)]
    feats = [features(r["folder"]) for r in recs]
    a = [row(f) for f in feats]
    for key, name in (("peak_bytes", "PEAK_MIB"), ("wall_seconds", "SECONDS")):
        y = [math.log(r[key] / 2**20 if key == "peak_bytes" else r[key]) for r in recs]
        c = lstsq(a, y)
        fit = [sum(x * k for x, k in zip(r, c)) for r in a]
        res = [yy - ff for yy, ff in zip(y, fit)]
        loo = []
        for i in range(len(a)):
            ci = lstsq(a[:i] + a[i + 1:], y[:i] + y[i + 1:])
            loo.append(y[i] - sum(x * k for x, k in zip(a[i], ci)))
        s = sorted(abs(e) for e in loo)
        band = math.exp(s[math.ceil(0.9 * len(s)) - 1])
        inside = sum(1 for e in res if abs(e) <= math.log(band))
        rms = math.exp(math.sqrt(sum(e * e for e in res) / len(res)))
        print(f"{name}: [{', '.join(f'{v:.4f}' for v in c)}] band x{band:.2f} "
              f"(90% of leave-one-out); in-sample rms x{rms:.2f}, {inside}/{len(res)} inside the band, "
              f"worst x{math.exp(max(abs(e) for e in res)):.2f} ({recs[max(range(len(res)), key=lambda i: abs(res[i]))]['folder']})")


if __name__ == "__main__":
    main()
