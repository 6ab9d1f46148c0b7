#!/usr/bin/env python3
"""The atlas of (p,q)-GDWN (docs/gdwn.md): for every coprime pair 1 <= p < q <= QMAX,
does `gdwn:p=P,q=Q` have exactly Wythoff's P-positions?

    scripts/gdwn_atlas.py run [path/to/wythoff]     compute docs/gdwn/atlas.jsonl
    scripts/gdwn_atlas.py walnut [path/to/walnut.jar]  prove the pairs equal on the board
    scripts/gdwn_atlas.py witness [path/to/wythoff] the first differing cell of each pair
                                                    Walnut refuted (boards 2048, 4096, ...)
    scripts/gdwn_atlas.py merge FILE...             join records of several runs
    scripts/gdwn_atlas.py doc                       regenerate the table in docs/gdwn.md

`run`, for each pair, asks the binary (no game theory here):
  1. `wythoff compare gdwn:p=P,q=Q wythoff --max N --format json --first 1`: the first
     cell (in the order x, then y) where the P-sets differ on the N board;
  2. where they differ, `wythoff outcome gdwn:p=P,q=Q X,Y --format json`: the winning
     moves of that cell in GDWN (the cell is P in Wythoff; a move of the new family
     leads from it to a P-position of both games: every option of a cell comes before
     it in that order, so all its options agree);
  3. where the board shows no difference, the verdict is "equal on the board".
`walnut` then proves those pairs in one Walnut session (GDWN_HEAP heap, GDWN_TIMEOUT
seconds for the whole session), one statement a pair (see `statement`), with the
shipped proof folder of Wythoff (docs/proofs/wythoff/normal) for Wythoff's P-set.
Environment: GDWN_QMAX (default 50), GDWN_MAX (the board, default 256), GDWN_BIG (the
board tried where GDWN_MAX shows no difference, default 4096), GDWN_TIMEOUT
(default 300), GDWN_HEAP (default 3G). Standard library only.
"""

import json
import math
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = os.environ.get("GDWN_RECORDS", os.path.join(ROOT, "docs", "gdwn", "atlas.jsonl"))
DOC = os.path.join(ROOT, "docs", "gdwn.md")
QMAX = int(os.environ.get("GDWN_QMAX", "50"))
MAX = int(os.environ.get("GDWN_MAX", "256"))
BIG = int(os.environ.get("GDWN_BIG", "4096"))
TIMEOUT = int(os.environ.get("GDWN_TIMEOUT", "1200"))
HEAP = os.environ.get("GDWN_HEAP", "3G")
# the command file a `walnut` pass writes (relative to the repository; a pass over the
# pairs left open may write a scratch file); `doc` writes every proved pair's statement
# into docs/gdwn/gdwn.txt, the file the records name
WALNUT_FILE = os.environ.get("GDWN_FILE", "docs/gdwn/gdwn.txt")


def pairs():
    # GDWN_QMIN, GDWN_DESC: a part of the pairs, for a second process (merged by `merge`)
    qs = range(int(os.environ.get("GDWN_QMIN", "2")), QMAX + 1)
    for q in (reversed(qs) if os.environ.get("GDWN_DESC") else qs):
        for p in range(1, q):
            if math.gcd(p, q) == 1:
                yield p, q


def call(args):
    r = subprocess.run(args, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def record_difference(binary, rec, c):
    """Fill `rec` from `compare`'s JSON `c`: the counts, and where the P-sets differ,
    the first differing cell and GDWN's winning moves there. False when equal."""
    rec["only_gdwn"], rec["only_wythoff"] = c["only_a"], c["only_b"]
    if c["equal"]:
        return False
    x, y, side = c["first_differences"][0]
    rec["verdict"] = "differs"
    rec["first"] = {"x": x, "y": y, "p_in": "gdwn" if side == "A" else "wythoff"}
    rc, so, se = call([binary, "outcome", rec["game"], str(x), str(y), "--format", "json"])
    if rc == 0:
        o = json.loads(so)
        rec["first"]["gdwn_outcome"] = o.get("outcome")
        rec["first"]["winning_moves"] = o.get("winning_moves")
    else:
        rec["first"]["outcome_error"] = se.strip()
    return True


def witness(binary):
    """Each pair Walnut refuted (equal on its board, FALSE in Walnut): `compare` on
    boards 2048, 4096, ... (up to 16384) until the first differing cell shows."""
    recs = [json.loads(l) for l in open(RECORDS)]
    for rec in recs:
        if rec["verdict"] != "refuted":
            continue
        board = 2 * rec["max"]
        while board <= 16384:
            rc, so, se = call([binary, "compare", rec["game"], "wythoff", "--max", str(board),
                               "--format", "json", "--first", "1"])
            if rc != 0:
                sys.exit(f"{rec['game']}: {se.strip()}")
            if record_difference(binary, rec, json.loads(so)):
                rec["note"] = (f"no difference on the {rec['max']} board; Walnut's FALSE sent it to "
                               f"`compare --max {board}` (scripts/gdwn_atlas.py witness)")
                rec["max"] = board
                break
            board *= 2
        print(json.dumps(rec), flush=True)
    with open(RECORDS, "w") as f:
        for rec in recs:
            f.write(json.dumps(rec, sort_keys=True) + "\n")


def run(binary):
    os.makedirs(os.path.dirname(RECORDS), exist_ok=True)
    out = []
    for p, q in pairs():
        game = f"gdwn:p={p},q={q}"
        rec = {"p": p, "q": q, "game": game, "max": MAX}
        # the board MAX, and BIG where MAX shows no difference
        for board in (MAX, BIG):
            rec["max"] = board
            rc, so, se = call([binary, "compare", game, "wythoff", "--max", str(board),
                               "--format", "json", "--first", "1"])
            if rc != 0 or not json.loads(so)["equal"]:
                break
        if rc != 0:
            rec["verdict"] = "error"
            rec["error"] = se.strip()
            out.append(rec)
            continue
        if not record_difference(binary, rec, json.loads(so)):
            rec["verdict"] = "equal on the board"
        out.append(rec)
        print(json.dumps(rec), flush=True)
    with open(RECORDS, "w") as f:
        for rec in out:
            f.write(json.dumps(rec, sort_keys=True) + "\n")


WYTHOFF = os.path.join(ROOT, "docs", "proofs", "wythoff", "normal")


# wdiff(k, l): two P-positions of Wythoff differ by (k, l), k, l >= 1
WDIFF = 'def wdiff "?msd_fib E a,b,c,d $pset(a,b) & $pset(c,d) & a=c+k & b=d+l & k>=1 & l>=1":'


def statement(p, q):
    """No move (p t, q t) or (q t, p t) joins two P-positions of Wythoff. With Wythoff's
    proved P-set `pset` (stable and absorbing for Wythoff's moves, all of which GDWN
    has), this makes `pset` stable for GDWN's moves too: it is GDWN's P-set."""
    t = lambda k: "t" if k == 1 else f"{k}*t"
    return (f'eval gdwn_p{p}_q{q} "?msd_fib ~(E t,k,l t>=1 & '
            f'((k={t(p)} & l={t(q)}) | (k={t(q)} & l={t(p)})) & $wdiff(k,l))":')


def walnut(jar):
    """One Walnut session over every pair that is equal on the board: the statement of
    `statement`, in a copy of the shipped proof folder of Wythoff (its `pset`)."""
    import shutil
    import tempfile
    recs = [json.loads(l) for l in open(RECORDS)]
    # small constants first: Walnut's automata for k = p t grow with p
    todo = sorted((r for r in recs if r["verdict"] == "equal on the board"),
                  key=lambda r: (max(r["p"], r["q"]), r["p"]))
    home = tempfile.mkdtemp(prefix="gdwn-walnut-")
    shutil.copytree(WYTHOFF, home, dirs_exist_ok=True)
    lines = ['macro comment "gdwn: no move (p t, q t) or (q t, p t) joins two P-positions of Wythoff";',
             "ost fib [0] [1];", WDIFF]
    lines += [statement(r["p"], r["q"]) for r in todo]
    cmd = "\n".join(lines) + "\n"
    os.makedirs(os.path.join(ROOT, "docs", "gdwn"), exist_ok=True)
    with open(os.path.join(ROOT, WALNUT_FILE), "w") as f:
        f.write(cmd)
    with open(os.path.join(home, "Command Files", "gdwn.txt"), "w") as f:
        f.write(cmd)
    t0 = time.time()
    try:
        r = subprocess.run(["nice", "-n", "10", "java", f"-Xmx{HEAP.lower()}", "-jar", jar],
                           input="load gdwn.txt;\nexit;\n", capture_output=True, text=True,
                           cwd=home, timeout=TIMEOUT)
        out = r.stdout
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
    seconds = round(time.time() - t0, 1)
    # Walnut prints each statement's verdict as it finishes: TRUE or FALSE, in order
    verdicts = re.findall(r"^(TRUE|FALSE)$", out, re.M)
    for rec, v in zip(todo, verdicts):
        rec["verdict"] = "wythoff (proved)" if v == "TRUE" else "refuted"
        rec["walnut"] = {"statement": statement(rec["p"], rec["q"]), "answer": v,
                         "file": "docs/gdwn/gdwn.txt", "session_seconds": seconds}
    with open(RECORDS, "w") as f:
        for rec in recs:
            f.write(json.dumps(rec, sort_keys=True) + "\n")
    print(f"{len(verdicts)} of {len(todo)} statements answered in {seconds} s")


def merge(files):
    """Join the records of several runs (parts of the pairs, a Walnut pass over some of
    them) into RECORDS: one record a pair, a Walnut verdict kept over "equal on the
    board", in the order of the pairs."""
    best = {}
    rank = {"error": 0, "equal on the board": 1, "differs": 2, "refuted": 2, "wythoff (proved)": 2}
    for path in files:
        for line in open(path):
            line = line.strip()
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            key = (r["p"], r["q"])
            if key not in best or rank[r["verdict"]] >= rank[best[key]["verdict"]]:
                best[key] = r
    os.makedirs(os.path.dirname(RECORDS), exist_ok=True)
    with open(RECORDS, "w") as f:
        for key in sorted(best, key=lambda k: (k[1], k[0])):
            f.write(json.dumps(best[key], sort_keys=True) + "\n")
    print(f"{len(best)} pairs in {RECORDS}")


def move_text(rec):
    f = rec["first"]
    moves = f.get("winning_moves") or []
    texts = []
    for to in moves:
        if isinstance(to, list) and len(to) == 2:
            tx, ty = int(to[0]), int(to[1])
            texts.append(f"({tx}, {ty}), removing ({f['x'] - tx}, {f['y'] - ty})")
    return "; ".join(texts) if texts else "?"


def doc():
    recs = [json.loads(l) for l in open(RECORDS)]
    rows = ["| p | q | verdict | first differing cell (x, y) | GDWN's winning move there (a P-position of both games) |",
            "|---|---|---|---|---|"]
    for r in recs:
        if r["verdict"] == "differs":
            f = r["first"]
            rows.append(f"| {r['p']} | {r['q']} | differs | ({f['x']}, {f['y']}): P in {f['p_in']} | {move_text(r)} |")
        else:
            pr = r.get("proof", {})
            w = r.get("walnut", {})
            how = f"Walnut: {w['answer']}" if w else "no Walnut run in this session"
            rows.append(f"| {r['p']} | {r['q']} | {r['verdict']} | none on the {r['max']} board | {how} |")
    counts = {}
    for r in recs:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    summary = ", ".join(f"{v}: {n}" for v, n in sorted(counts.items()))
    table = f"{len(recs)} coprime pairs; {summary}.\n\n" + "\n".join(rows) + "\n"
    # the Walnut statements of every record that has one, in one command file
    proved = [r for r in recs if "walnut" in r]
    with open(os.path.join(ROOT, "docs", "gdwn", "gdwn.txt"), "w") as f:
        f.write("\n".join(['macro comment "gdwn: no move (p t, q t) or (q t, p t) joins two '
                           'P-positions of Wythoff; load in a copy of docs/proofs/wythoff/normal";',
                           "ost fib [0] [1];", WDIFF] + [r["walnut"]["statement"] for r in proved]) + "\n")
    text = open(DOC).read()
    begin, end = "<!-- atlas table: scripts/gdwn_atlas.py doc -->\n", "<!-- end of the atlas table -->\n"
    i, j = text.index(begin) + len(begin), text.index(end)
    open(DOC, "w").write(text[:i] + table + text[j:])


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "walnut", "witness", "merge", "doc"):
        sys.exit(__doc__)
    if sys.argv[1] == "merge":
        merge(sys.argv[2:])
    elif sys.argv[1] == "walnut":
        walnut(sys.argv[2] if len(sys.argv) > 2 else os.path.expanduser("~/.cache/wythoff/walnut/walnut-6.2.jar"))
    elif sys.argv[1] in ("run", "witness"):
        binary = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "target", "release", "wythoff")
        (run if sys.argv[1] == "run" else witness)(binary)
    else:
        doc()
