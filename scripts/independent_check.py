#!/usr/bin/env python3
"""An independent brute force, written from docs/games.md's wording game by game (no
shared code with the Rust rule model), compared with `wythoff p-positions`.

usage: scripts/independent_check.py [path/to/wythoff]
"""
import subprocess, sys

def moves_for(name, P):
    """Return (is_move(k,l), block_class(k,l) or None, p, corner(x,y)->bool)."""
    g = lambda k, d=None: P.get(k, d)
    none = lambda x, y: False
    if name == "nim":
        return (lambda k, l: k == 0 or l == 0), None, 1, none
    if name == "wythoff":
        return (lambda k, l: k == 0 or l == 0 or k == l), None, 1, none
    if name == "m-wythoff":
        m = g("m"); return (lambda k, l: k == 0 or l == 0 or abs(k - l) < m), None, 1, none
    if name == "st-wythoff":
        s, t = g("s"), g("t")
        return (lambda k, l: k == 0 or l == 0 or max(k, l) < s * min(k, l) + t), None, 1, none
    if name == "connell":
        p = g("p"); return (lambda k, l: (l == 0 and k % p == 0) or (k == 0 and l % p == 0) or k == l), None, 1, none
    if name == "roob-blocking":
        m, p = g("m"), g("p"); L = g("l", m)
        mv = lambda k, l: k == 0 or l == 0 or abs(k - l) < m
        return mv, (lambda k, l: (k == 0 or l == 0) and max(k, l) >= L), p, none
    if name == "modulo-rook":
        m, L, p = g("m"), g("l"), g("p")
        js = set(range(max(L, 1)))
        rook = lambda n: any(n >= j and (n - j) % p == 0 for j in js)
        bishop = lambda k, l: abs(k - l) < m
        return (lambda k, l: bishop(k, l) or ((k == 0 or l == 0) and rook(max(k, l)))), None, 1, none
    if name in ("shifted", "corner"):
        m, p = g("m"), g("p")
        if name == "shifted":
            L = g("l"); u, v = m * L, m * (p - L)
            if L == 0: u = v = 0
        else:
            u, v = g("u"), g("v")
        return (lambda k, l: k == 0 or l == 0 or abs(k - l) < m * p), None, 1, (lambda x, y: x < u and y < v)
    if name == "modular":
        m = g("m"); return (lambda k, l: k == 0 or l == 0 or (k - l) % m == 0), None, 1, none
    if name == "diagonal-blocking":
        p, m = g("p"), g("m")
        return (lambda k, l: k == 0 or l == 0 or abs(k - l) < m), (lambda k, l: k == l), p, none
    if name in ("odd-odd", "even-even", "odd-even", "even-odd"):
        s, t = g("s"), g("t")
        a = 1 if name.split("-")[0] == "odd" else 0
        b = 1 if name.split("-")[1] == "odd" else 0
        def mv(k, l):
            if l == 0: return k % 2 == a
            if k == 0: return l % 2 == b
            return k % 2 == a and l % 2 == b and abs(l - k) < (s - 1) * min(k, l) + t
        return mv, None, 1, none
    raise SystemExit(f"no independent model for {name}")

def positions(N, off):
    """The positions (x, y) of the board of N, row by row, without the removed corner."""
    return ((x, y) for x in range(N) for y in range(N) if not off(x, y))

def options(x, y, mv, off):
    """The moves from (x, y): (x - k, y - l, k, l) for each legal (k, l)."""
    return [(x - k, y - l, k, l) for k in range(x + 1) for l in range(y + 1)
            if (k or l) and mv(k, l) and not off(x - k, y - l)]

def solve(name, P, N, misere):
    mv, cls, p, off = moves_for(name, P)
    outcome = {}
    for x, y in positions(N, off):
        opts = options(x, y, mv, off)
        pin = sum(1 for a, b, k, l in opts if outcome[(a, b)] == "P" and cls and cls(k, l))
        pout = sum(1 for a, b, k, l in opts if outcome[(a, b)] == "P" and not (cls and cls(k, l)))
        if misere and not opts:
            res = "N"
        elif pout > 0 or pin >= p:
            res = "N"
        elif misere and pin == len(opts) and cls:
            res = "N"
        else:
            res = "P"
        outcome[(x, y)] = res
    return sorted(k for k, v in outcome.items() if v == "P")

def grundy(name, P, N):
    mv, cls, p, off = moves_for(name, P)
    G = {}
    for x, y in positions(N, off):
        seen = {G[(a, b)] for a, b, _, _ in options(x, y, mv, off)}
        g = 0
        while g in seen:
            g += 1
        G[(x, y)] = g
    return "".join(",".join(str(G[(x, y)]) if (x, y) in G else "-" for y in range(N)) + "\n" for x in range(N))

def choose_shift(P, N, misere):
    m, p = P["m"], P["p"]
    out = set()
    for L in range(p):
        out |= set(solve("shifted", {"m": m, "p": p, "l": L}, N, misere))
    return sorted(out)

GAMES = """nim wythoff m-wythoff:m=2 m-wythoff:m=4 st-wythoff:s=2,t=1 st-wythoff:s=3,t=2 connell:p=2 connell:p=3
roob-blocking:m=1,p=2 roob-blocking:m=2,p=3 roob-blocking:m=2,p=2,l=1 roob-blocking:m=3,p=2,l=5
modulo-rook:m=2,l=0,p=3 modulo-rook:m=2,l=2,p=4 modulo-rook:m=3,l=1,p=2 modulo-rook:m=1,l=2,p=3
shifted:m=1,p=3,l=1 shifted:m=2,p=2,l=1 shifted:m=1,p=4,l=3 corner:m=1,p=2,u=2,v=3 choose-shift:m=1,p=3 choose-shift:m=2,p=2
modular:m=3 modular:m=5 modular:m=8 diagonal-blocking:p=2,m=1 diagonal-blocking:p=3,m=2 diagonal-blocking:p=2,m=3
odd-odd:s=1,t=1 odd-odd:s=2,t=2 even-even:s=1,t=1 even-even:s=2,t=1 odd-even:s=1,t=1 odd-even:s=2,t=3 even-odd:s=1,t=2""".split()

def main():
    exe = sys.argv[1] if len(sys.argv) > 1 else "target/release/wythoff"
    bad = 0
    for text in GAMES:
        name, _, rest = text.partition(":")
        P = {k: int(v) for k, v in (kv.split("=") for kv in rest.split(",") if kv)}
        N = 30 if name in ("odd-odd", "even-even", "odd-even", "even-odd", "st-wythoff") else 36
        for misere in (False, True):
            want = choose_shift(P, N, misere) if name == "choose-shift" else solve(name, P, N, misere)
            args = [exe, "p-positions", text, "--max", str(N), "--format", "csv"] + (["--misere"] if misere else [])
            out = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split()[1:]
            got = [tuple(map(int, l.split(","))) for l in out]
            ok = got == want
            bad += not ok
            print(("ok  " if ok else "DIFF"), text, "misère" if misere else "normal", len(want))
            if not ok:
                print("   only rust:", sorted(set(got) - set(want))[:8], " only python:", sorted(set(want) - set(got))[:8])
    total = 2 * len(GAMES)
    for text in GAMES:
        name, _, rest = text.partition(":")
        P = {k: int(v) for k, v in (kv.split("=") for kv in rest.split(",") if kv)}
        if name in ("roob-blocking", "diagonal-blocking", "choose-shift"):
            continue
        N = 24
        want = grundy(name, P, N)
        got = subprocess.run([exe, "grundy", text, "--max", str(N), "--format", "csv"], capture_output=True, text=True, check=True).stdout
        ok = got == want
        total += 1
        bad += not ok
        print(("ok  " if ok else "DIFF"), "grundy", text)
    print(f"{total - bad} passed, {bad} failed")
    sys.exit(1 if bad else 0)

main()
