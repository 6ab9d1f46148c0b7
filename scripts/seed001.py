#!/usr/bin/env python3
"""Write docs/open-problems/seed001.md: seed 001 (Khovanova and Niu, m-Modular Wythoff),
section 5.1, the Grundy numbers of m-Modular Wythoff, measured with the built binary.

    scripts/seed001.py [path/to/wythoff]      (default: target/release/wythoff)

Environment: SEED001_MAX (board side, default 512), SEED001_OUT (the fragment's path,
default docs/open-problems/seed001.md; `-` prints it). Standard library only; every
number comes from `wythoff grundy GAME --max N --format csv` and `wythoff patterns GAME
--max N --grundy --format json`. The fragment is included by scripts/open_problems.py.
"""

import json
import os
import subprocess
import sys
from math import isqrt

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "wythoff")
N = int(os.environ.get("SEED001_MAX", "512"))
OUT = os.environ.get("SEED001_OUT", os.path.join(ROOT, "docs", "open-problems", "seed001.md"))
MS = range(1, 10)
TOP = 16  # the level sets {G = g} examined, g <= TOP
FIRST_ROWS = 6


def run(*args, ok=(0,)):
    r = subprocess.run([BIN, *map(str, args)], capture_output=True, text=True)
    if r.returncode not in ok:
        sys.exit(f"seed001.py: wythoff {' '.join(map(str, args))}: {r.stderr.strip()}")
    return r.stdout


def table(game, n):
    """The Grundy table of `game` on the n x n board, as rows of ints."""
    return [[int(v) for v in line.split(",")] for line in run("grundy", game, "--max", n, "--format", "csv").splitlines()]


def grundy_rows(game, n):
    """The Grundy rows read on the n board, each law re-checked on every column of the
    2n board (`patterns --check`; exit 1 when a law fails there): (rows, check)."""
    j = json.loads(run("patterns", game, "--max", n, "--grundy", "--check", 2 * n, "--format", "json", ok=(0, 1)))
    i, rows = next((i, p) for i, p in enumerate(j["patterns"]) if p["kind"] == "grundy-rows")
    return rows, next(c for c in j["check"]["checks"] if c["pattern"] == i)


def floor_m_over_phi(m):
    """floor(m / phi) = floor(m (sqrt 5 - 1) / 2), exactly (sqrt(5 m^2) is irrational)."""
    return (isqrt(5 * m * m) - m) // 2


def law(r):
    """A row's law as text: proved or read (pre, per, saltus)."""
    if r.get("status") == "proved":
        p = r["proved"]
        return f"{p['preperiod']}/{p['period']}/{p['saltus']} proved"
    if r["period"] is None:
        return "none read"
    return f"{r['preperiod']}/{r['period']}/{r['saltus']}"


def analyse(m, wyt):
    game = f"modular:m={m}"
    t = table(game, N)
    rows, recheck = grundy_rows(game, N)
    cells = [(x, y, t[x][y]) for x in range(N) for y in range(N)]
    d = [(g - (x + y), x, y) for x, y, g in cells]
    dmin, dmax = min(d), max(d)
    dmin_off = min(v for v in d if v[1] != v[2])
    diag_last = t[N - 1][N - 1]
    p = sorted((x, y) for x, y, g in cells if g == 0)
    want_p = 2 * floor_m_over_phi(m) + 1
    # level sets g <= TOP: the largest pile of a position of that value
    far = max(max(x, y) for x, y, g in cells if g <= TOP)
    # at most once a row and a column (proved: one-pile moves of every length)
    inj = all(len(set(r)) == N for r in t) and all(len({t[x][y] for x in range(N)}) == N for y in range(N))
    # every value in every row (Wythoff's rows are permutations): the first row
    # missing a value below the board's row minimum of its tail
    missing = None
    for x in range(N // 4):
        seen = set(t[x])
        tail_min = min(t[x][N // 2:])
        gaps = [v for v in range(tail_min) if v not in seen]
        if gaps:
            missing = (x, gaps[0], tail_min)
            break
    # the paper: equal to Wythoff's while both piles are <= m
    agree = all(t[x][y] == wyt[x][y] for x in range(m + 1) for y in range(m + 1))
    # closed forms
    closed = None
    if m == 1:
        bad = [(x, y) for x, y, g in cells if g != x + y]
        closed = "G(x, y) = x + y: " + ("holds on the board" if not bad else f"fails at {bad[0]}")
    if m == 3:
        def f(x, y):
            (i, r), (j, s) = divmod(x, 3), divmod(y, 3)
            return 3 * (i + j) + (r + s) % 3
        bad = [(x, y) for x, y, g in cells if g != f(x, y)]
        closed = "G(3i+r, 3j+s) = 3(i+j) + ((r+s) mod 3): " + (
            "holds on the board" if not bad else f"fails at {bad[0]}")
    return {
        "m": m,
        "rows": rows,
        "recheck": recheck,
        "dmin": dmin,
        "dmax": dmax,
        "dmin_off": dmin_off,
        "diag_last": diag_last,
        "p": p,
        "want_p": want_p,
        "far": far,
        "inj": inj,
        "missing": missing,
        "agree": agree,
        "closed": closed,
    }


# `wythoff prove modular:m=M --grundy [--value 4]` (docs/proofs.md, "Grundy functions"):
# what Walnut decided, recorded there with commands, states and times
WALNUT = {
    2: "levels 0..60 **proved** (msd_2, board 4096), each **proved** finite (`levK_finite`); whole function: no automaton found (up to 1500 states)",
    3: "whole function **proved** (4 states, msd_3); every level set **proved** finite (`every_level_finite`)",
    4: "levels 0..60 **proved** (msd_2, board 4096), each **proved** finite (`levK_finite`); whole function: no automaton found (up to 1500 states)",
    5: "whole function **proved** (222 states, msd_2); every level set **proved** finite (`every_level_finite`)",
    6: "levels 0..60 **proved** (msd_2, board 4096), each **proved** finite (`levK_finite`); whole function: no automaton found",
    7: "levels 0..59 **proved** (msd_2, board 4096), each **proved** finite (`levK_finite`); whole function: no automaton found",
    8: "levels 0..59 **proved** (msd_2, board 4096), each **proved** finite (`levK_finite`); whole function: no automaton found",
    9: "levels 0..60 **proved** (msd_2, board 4096), each **proved** finite (`levK_finite`); whole function: no automaton found",
}



def wythoff_rows_answer():
    """The answer first (issue 49): what is proved, measured and open, and the
    table of Wythoff's certified rows read from docs/grundy-rows/wythoff.txt."""
    rows = []
    with open(os.path.join(ROOT, "docs", "grundy-rows", "wythoff.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            rows.append([int(v) for v in line.split()[:9]])
    plateaus = []
    for r in rows:
        if plateaus and plateaus[-1][2] == r[2]:
            plateaus[-1][1] = r[0]
        else:
            plateaus.append([r[0], r[0], r[2]])
    out = []
    w = out.append
    w("### The answer first\n")
    w("- **Proved** (the row certificate, `wythoff rows`, crates/wythoff-engines/src/solve/grundy/rows.rs): "
      "Wythoff's Grundy rows 0..%d are each additively periodic, G(x, y + p) = G(x, y) + p for "
      "y >= pre, with the least pre and p of the table below (saltus = period in every row). The "
      "certified table is data: docs/grundy-rows/wythoff.txt (one line a row, the command that "
      "regenerates it in its header; re-checked on every load). So `wythoff grundy wythoff X Y` is "
      "exact for min(X, Y) <= %d at any size (a 1000-digit pile in milliseconds), and `wythoff sum` "
      "adds such positions." % (len(rows) - 1, len(rows) - 1))
    w("- **Proved** for every position by Walnut: m-Modular Wythoff's whole Grundy function for "
      "m = 3 (4 states, msd_3) and m = 5 (222 states, msd_2); the level sets G = 0..60 for "
      "m = 2, 4, 6, 9 and G = 0..59 for m = 7, 8 (the table below; `prove --grundy --value` takes "
      "levels up to 64; level 60 of m = 7, 8 and level 61 of m = 2 do not close on the board of "
      "4096).")
    w("- **Proved finite, one Walnut line a level**: `wythoff prove GAME --grundy --value G` writes, "
      "after the proof's statements, for each level K <= G the side statement "
      "`eval levK_finite \"?msd_2 E n A a,b ($levK(a,b) => (a<n & b<n))\":` (a whole function's "
      "proof: `eval every_level_finite \"?msd_3 A z E n A a,b ($grundy(a,b,z) => (a<n & b<n))\":`); "
      "with the proof a theorem, TRUE proves the level set finite and FALSE proves it infinite "
      "(text: `level sets ... finite: G = ...`; JSON: `level_sets` with `finite`, `infinite`, "
      "`statements`). Walnut says: **every level set is finite** for m = 3 and m = 5; the levels "
      "G = 0..60 are finite for m = 2, 4, 6, 9 and G = 0..59 for m = 7, 8 (2026-11-28, Walnut 6.2, "
      "6 to 14 s of Walnut a game, 1 to 3 minutes a command on the board of 4096 at load 4 to 9; "
      "docs/proofs.md, Grundy functions). Wythoff's level G = 0, its P-set, is proved infinite "
      "the same way (`prove wythoff --grundy --value 0`). **Open**: whether every level set is "
      "finite for m = 2, 4, 6, 7, 8, 9 (no automaton of the whole function found).")
    w("- **Measured** (read off the certified table, so the numbers are exact; the pattern is not "
      "proved): the periods are 1, then 3 * 2^k on plateaus of rows (%s); the preperiod grows "
      "faster than x^2: pre = %d at row 32, %d at row 64, %d at row 128."
      % (", ".join("rows %d..%d: %d" % (a, b, p) if a != b else "row %d: %d" % (a, p)
                   for a, b, p in plateaus),
         rows[32][1], rows[64][1], rows[128][1]))
    w("- **What the papers prove** (as read in their abstracts and first pages; details not read are not cited): Dress, "
      "Flammenkamp and Pink (1999) prove that every row of a class of games including Wythoff's is "
      "ultimately additively periodic, and Landman (2002) gives a finite-state machine per row, so "
      "pre + period <= 2^O(n^2) for row n; neither gives a table of the periods (as far as read). "
      "**Open**: a closed form for the periods and preperiods; whether the plateaus of 3 * 2^k "
      "continue; an efficient way to compute G(m, n) for both piles large (OEIS A047708); for "
      "m-Modular Wythoff (m != 1, 3, 5) the rows are only read on the board (the certificate does "
      "not apply: each earlier row is reached at unboundedly many columns).")
    w("")
    w("Wythoff's certified rows (every 8th row and the last; all %d in docs/grundy-rows/wythoff.txt), "
      "**proved**:\n" % len(rows))
    w("| row | preperiod | period = saltus | state repeat (m1, m2) | window c |")
    w("|---|---|---|---|---|")
    for r in rows:
        if r[0] % 8 == 0 or r[0] == len(rows) - 1:
            w("| %d | %d | %d | (%d, %d) | %d |" % (r[0], r[1], r[2], r[4], r[5], r[6]))
    w("")
    return "\n".join(out) + "\n"

def main():
    wyt = table("wythoff", 16)
    wrows, wcheck = grundy_rows("wythoff", N)
    res = [analyse(m, wyt) for m in MS]
    b = f"board {N} x {N}"
    out = []
    w = out.append
    w("## Seed 001, section 5.1: Grundy numbers of m-Modular Wythoff\n")
    w(wythoff_rows_answer())
    w(f"Generated by `scripts/seed001.py` from `wythoff grundy modular:m=M --max {N}` and "
      f"`wythoff patterns modular:m=M --max {N} --grundy` (the {b}, 0 <= x, y < {N}). "
      "Each cell says whether it is **proved** or **measured** (on the board).\n")
    w("The paper (section 5.1) gives two closed forms: m = 1, where every two-pile move is "
      "allowed (k = l mod 1), so every position below-left of (x, y) is an option and "
      "**G(x, y) = x + y** (not Nim's x XOR y; proved by induction: the options' values "
      "x' + y' cover 0 .. x + y - 1); and m = 3, **G(3i + r, 3j + s) = 3(i + j) + t**, "
      "t = r + s (mod 3), t in {0, 1, 2} (the paper: \"can be proven by induction\"; "
      "**proved** here for every position by Walnut: `wythoff prove modular:m=3 --grundy`, the "
      "relation G(x, y) = z a 4-state automaton in base 3, docs/proofs.md). It asks how the Grundy numbers relate to Wythoff's and whether "
      "Wythoff's known properties have analogues.\n")
    w("### Rows and bounds\n")
    w(f"Rows: `pre/per/saltus` of the additive period g(x, y + per) = g(x, y) + saltus, "
      f"y >= pre, of the rows x < {FIRST_ROWS}, **measured** (read on the {b}; the law "
      f"shows its period three times), and every row's law re-checked on every column of the "
      f"board of {2 * N} (`patterns --check {2 * N}`: *holds on {2 * N}*, or the first column where it fails). The row certificate of `patterns --grundy` "
      "(docs/games.md) **does not apply** to m-Modular Wythoff: "
      f"for m = 3, \"{res[2]['rows']['certificate'].get('reason', '')}\"; so no row is "
      "proved. Bounds: min and max of G(x, y) - (x + y) on the board, with a position where "
      "each is reached, and the min off the diagonal x = y (**measured**).\n")
    w("| m | rows x < %d (pre/per/saltus, measured) | rows with a period read (re-checked on %d) | min G - (x+y) | min off the diagonal | max G - (x+y) | G(%d, %d) | closed form (measured on the board) | Walnut (prove --grundy) |" % (FIRST_ROWS, 2 * N, N - 1, N - 1))
    w("|---|---|---|---|---|---|---|---|---|")
    for r in res:
        rows = r["rows"]["rows"]
        first = ", ".join(law(x) for x in rows[:FIRST_ROWS])
        read = sum(1 for x in rows if x["period"] is not None)
        c = r["recheck"]
        again = f"holds on {2 * N}" if c["holds"] else f"FAILS on {2 * N}: {c['failure']}"
        dmin, dmax = r["dmin"], r["dmax"]
        do = r["dmin_off"]
        w(f"| {r['m']} | {first} | {read} of {len(rows)}: {again} | {dmin[0]} at ({dmin[1]}, {dmin[2]}) "
          f"| {do[0]} at ({do[1]}, {do[2]}) | {dmax[0]} at ({dmax[1]}, {dmax[2]}) | {r['diag_last']} | {r['closed'] or '-'} | "
          f"{WALNUT.get(r['m'], 'not tried')} |")
    w("")
    proved = wrows["certificate"]["proved"]
    wagain = "hold" if wcheck["holds"] else f"FAIL ({wcheck['failure']})"
    w(f"For comparison, Wythoff's game on the same board: {proved} of its first "
      f"{len(wrows['rows'])} rows are **proved** additively periodic by the row certificate "
      "(saltus = period), the first " + ", ".join(law(x) for x in wrows["rows"][:FIRST_ROWS])
      + f"; the laws of all of them read on {N} {wagain} on every column of {2 * N}.\n")
    w("### Wythoff's properties\n")
    w("| m | P-positions: board / paper's 2 floor(m/phi) + 1 | g-values near the 0-values? (level sets g <= %d) | each value at most once a row and a column | every value in every row (Wythoff: each row a permutation) | equal to Wythoff's for x, y <= m |" % TOP)
    w("|---|---|---|---|---|---|")
    for r in res:
        m = r["m"]
        pcount = f"{len(r['p'])} / {r['want_p']}"
        pcell = (f"{pcount}: finite, **proved** (paper, section 4); the board's: "
                 + " ".join(f"({x},{y})" for x, y in r["p"][:12]) + (" ..." if len(r["p"]) > 12 else ""))
        if r["far"] < N // 2:
            level = (f"replaced: every level set {{G = g}}, g <= {TOP}, is finite on the board "
                     f"(largest pile {r['far']} < {N // 2}; **measured**): no strip to be near")
        else:
            level = f"a position of value <= {TOP} has a pile {r['far']} (**measured**): open"
        inj = ("holds, **proved** (one-pile moves of every length: a later equal value "
               "would have the earlier as an option)" if r["inj"] else "FAILS on the board (a bug)")
        if r["missing"]:
            x, v, tail = r["missing"]
            perm = (f"fails on the board: value {v} is not in row {x} (its values on columns "
                    f">= {N // 2} are all >= {tail}; **measured**)")
        else:
            perm = "holds on the board (**measured**)"
        agree = "holds on the board (**proved**: the moves are the same there)" if r["agree"] else "FAILS"
        w(f"| {m} | {pcell} | {level} | {inj} | {perm} | {agree} |")
    w("")
    deep = [r for r in res if r["dmin"][0] < -N // 4]
    shallow = [r for r in res if r["dmin"][0] >= -N // 4]
    w("Reading (**measured** on the board unless said): G(x, y) <= x + y on the whole board "
      "for every m (the max column is 0). Below x + y the games split: for m = "
      + ", ".join(str(r["m"]) for r in shallow)
      + " G(x, y) - (x + y) stays within a small band on the board (down to "
      + ", ".join(str(r["dmin"][0]) for r in shallow)
      + "), while for m = " + ", ".join(str(r["m"]) for r in deep)
      + " it reaches "
      + ", ".join(f"{r['dmin'][0]} at ({r['dmin'][1]}, {r['dmin'][2]})" for r in deep)
      + ", on or near the diagonal: the distance to x + y grows with the board there. "
      "Low values still occur at few positions: the P-set is finite (**proved** by the "
      "paper, and its count is the board's), and the level sets g <= %d lie in the board's "
      "corner (column above), so Nivasch's question for Wythoff (g-values within bounded "
      "distance of the 0-values) becomes: is every level set finite? (**proved** yes for "
      "m = 3, 5, and for g <= 60 (m = 2, 4, 6, 9), g <= 59 (m = 7, 8) by Walnut (above); "
      "open beyond; measured yes for g <= %d). Rows are additively periodic on the board (read, not proved: each row "
      "reaches unboundedly many columns of the earlier rows, so the row certificate does not "
      "apply), and, unlike Wythoff's, they are not permutations: low values are missing from "
      "later rows (measured).\n" % (TOP, TOP))
    text = "\n".join(out) + "\n"
    if OUT == "-":
        sys.stdout.write(text)
    else:
        os.makedirs(os.path.dirname(OUT), exist_ok=True)
        with open(OUT, "w") as f:
            f.write(text)
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
