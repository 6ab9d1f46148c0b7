#!/usr/bin/env python3
"""An independent brute force for Blocking Wythoff Nim (any option blockable) and
Wythoff with a terminal set, written from the rules (docs/games.md, issue 32), with
no code shared with the Rust rule model; compared with `wythoff p-positions`, and an
independent reading of the rays for `patterns`.

Rules, as stated in the sources:
- blocking-wythoff:k=K (Larsson 2011): Wythoff's moves (one pile any length, or the
  same length from both piles); before each move the previous player may block up to
  K-1 of the next player's options, of any kind; the block lasts one move.
- terminal-wythoff:l=L: Wythoff's moves, but a position with x + y <= L has no move.
- a rules file: one-pile moves of any length, two-pile moves with |k - l| < 2
  (band:2), any option blockable, up to p - 1 = 2 of them.

The outcome is found from the game tree: the blocker picks the blocked set, the mover
a remaining option. Normal play: a player with no move loses; misère: wins.

usage: scripts/blocking_independent.py [path/to/wythoff] [--rays]
"""
import json, subprocess, sys
from itertools import combinations


def options(x, y, band, L):
    if x + y <= L:
        return []
    out = [(x - k, y) for k in range(1, x + 1)] + [(x, y - l) for l in range(1, y + 1)]
    for k in range(1, x + 1):
        for l in range(max(1, k - band + 1), min(y, k + band - 1) + 1):
            assert abs(k - l) < band
            out.append((x - k, y - l))
    return out


def mover_wins(opts, is_p, blocks, misere):
    """The mover wins iff for every blocked set B (|B| <= blocks) the mover has a
    winning continuation: an option that is P, or (misère) no option at all."""
    P = [o for o in opts if is_p[o]]
    if len(P) > blocks:
        return True  # some P-option survives any block
    # the blocker can block every P-option (blocking an N-option never helps it);
    # what is left is `rest` N-options
    rest = len(opts) - len(P)
    if not misere:
        return False  # the mover must move to an N-option, or has no move: loses
    # misère: with no option left the mover cannot move and wins
    return rest == 0


def solve(N, band=1, blocks=0, L=-1, misere=False):
    is_p = {}
    for s in range(0, 2 * N - 1):
        for x in range(max(0, s - N + 1), min(s, N - 1) + 1):
            y = s - x
            opts = options(x, y, band, L)
            is_p[(x, y)] = not mover_wins(opts, is_p, blocks, misere)
    return sorted(o for o, p in is_p.items() if p)


def solve_fast(N, blocks, misere=False):
    """The same outcome rule by line counts (for the rays on larger boards): O(N^2)."""
    colc = [0] * N  # P count in column y over earlier rows
    diag = {}  # P count per diagonal y - x over earlier rows
    Ps = []
    for x in range(N):
        r = 0
        for y in range(N):
            d = diag.get(y - x, 0)
            c = colc[y]
            cnt = r + c + d
            nopts = x + y + min(x, y)
            p = cnt < blocks + 1
            if misere and cnt == nopts and cnt <= blocks:
                p = False
            if p:
                Ps.append((x, y))
                r += 1
                colc[y] += 1
                diag[y - x] = d + 1
    return Ps


def ours(exe, game, n, misere):
    cmd = [exe, "p-positions", game, "--max", str(n)] + (["--misere"] if misere else [])
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    ps = []
    for line in out.split("\n"):
        line = line.strip()
        if line.startswith("(") and "," in line:
            for part in line.replace(")", "").split("("):
                part = part.strip().strip(",").strip()
                if part:
                    a, b = part.split(",")
                    ps.append((int(a), int(b)))
    return sorted(ps)


def rays(Ps, x0, gap=0.02, share=0.02):
    """The P-positions with x0 <= x <= y, sorted by y/x, split where two neighbouring
    slopes differ by more than `gap`; clusters under `share` of the points dropped; a
    cluster's slope is the least-squares slope of y on x (the statistic docs/
    blocking-wythoff.md describes, computed here on its own)."""
    pts = sorted(((x, y) for x, y in Ps if x0 <= x <= y), key=lambda p: p[1] / p[0])
    clusters, cur = [], [pts[0]]
    for p, q in zip(pts, pts[1:]):
        if q[1] / q[0] - p[1] / p[0] > gap:
            clusters.append(cur); cur = []
        cur.append(q)
    clusters.append(cur)
    out = []
    for c in clusters:
        if len(c) < share * len(pts):
            continue
        n = len(c)
        sx = sum(x for x, _ in c); sy = sum(y for _, y in c)
        sxx = sum(x * x for x, _ in c); sxy = sum(x * y for x, y in c)
        out.append(((n * sxy - sx * sy) / (n * sxx - sx * sx), n))
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    exe = args[0] if args else "target/release/wythoff"
    if "--rays" in sys.argv:
        N = int(args[1]) if len(args) > 1 else 4096
        fails = 0
        for K in (4, 5, 6):
            ps = solve_fast(N, K - 1)
            mine = rays(ps, N // 16)
            out = subprocess.run([exe, "patterns", f"blocking-wythoff:k={K}", "--max", str(N),
                                  "--format", "json"], capture_output=True, text=True, check=True).stdout
            theirs = next(p for p in json.loads(out)["patterns"] if p["kind"] == "rays")
            ok = [round(s, 2) for s, _ in mine] == [round(s, 2) for s in theirs["slopes"]]
            fails += not ok
            print(f"{'ok  ' if ok else 'FAIL'} k={K} N={N}: independent",
                  ", ".join(f"{s:.4f} ({c})" for s, c in mine), "| patterns",
                  ", ".join(f"{s:.4f} ({c})" for s, c in zip(theirs["slopes"], theirs["counts"])))
        sys.exit(1 if fails else 0)
    fails = 0
    cases = []
    for K in range(1, 7):
        for mis in (False, True):
            cases.append((f"blocking-wythoff:k={K}", 120, dict(blocks=K - 1, misere=mis), mis))
    for L in range(1, 5):
        for mis in (False, True):
            cases.append((f"terminal-wythoff:l={L}", 150, dict(L=L, misere=mis), mis))
    for mis in (False, True):
        cases.append(("testdata/rules/all-band2-p3.toml", 100, dict(band=2, blocks=2, misere=mis), mis))
    for game, n, kw, mis in cases:
        want = solve(n, **kw)
        got = ours(exe, game, n, mis)
        ok = want == got
        fails += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {game} {'misere' if mis else 'normal'} board {n}: {len(want)} P-positions")
        if not ok:
            print("   only brute:", sorted(set(want) - set(got))[:10])
            print("   only ours: ", sorted(set(got) - set(want))[:10])
    # the fast counts agree with the tree on the boards above
    for K in range(1, 7):
        for mis in (False, True):
            assert solve_fast(120, K - 1, mis) == solve(120, blocks=K - 1, misere=mis), K
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
