#!/usr/bin/env python3
"""The atlas of (p,q)-GDWN (docs/gdwn.md): for every coprime pair 1 <= p < q <= QMAX,
does `gdwn:p=P,q=Q` have exactly Wythoff's P-positions?

    scripts/gdwn_atlas.py run [path/to/wythoff]     compute docs/gdwn/atlas.jsonl
    scripts/gdwn_atlas.py doc                       regenerate the table in docs/gdwn.md

`run`, for each pair, asks the binary (no game theory here):
  1. `wythoff compare gdwn:p=P,q=Q wythoff --max N --format json --first 1`: the first
     cell (in the order x, then y) where the P-sets differ on the N board;
  2. where they differ, `wythoff outcome gdwn:p=P,q=Q X,Y --format json`: the winning
     moves of that cell in GDWN (the cell is P in Wythoff; a move of the new family
     leads from it to a P-position of both games: every option of a cell comes before
     it in that order, so all its options agree);
  3. where the board shows no difference, `wythoff prove gdwn:p=P,q=Q` (Walnut, one
     at a time, with GDWN_TIMEOUT seconds and GDWN_HEAP heap): proved, refuted, or
     not decided.
Environment: GDWN_QMAX (default 50), GDWN_MAX (the board, default 1024), GDWN_TIMEOUT
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
RECORDS = os.path.join(ROOT, "docs", "gdwn", "atlas.jsonl")
DOC = os.path.join(ROOT, "docs", "gdwn.md")
QMAX = int(os.environ.get("GDWN_QMAX", "50"))
MAX = int(os.environ.get("GDWN_MAX", "1024"))
TIMEOUT = int(os.environ.get("GDWN_TIMEOUT", "300"))
HEAP = os.environ.get("GDWN_HEAP", "3G")


def pairs():
    for q in range(2, QMAX + 1):
        for p in range(1, q):
            if math.gcd(p, q) == 1:
                yield p, q


def call(args):
    r = subprocess.run(args, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def run(binary):
    os.makedirs(os.path.dirname(RECORDS), exist_ok=True)
    out = []
    for p, q in pairs():
        game = f"gdwn:p={p},q={q}"
        rec = {"p": p, "q": q, "game": game, "max": MAX}
        rc, so, se = call([binary, "compare", game, "wythoff", "--max", str(MAX),
                           "--format", "json", "--first", "1"])
        if rc != 0:
            rec["verdict"] = "error"
            rec["error"] = se.strip()
            out.append(rec)
            continue
        c = json.loads(so)
        rec["only_gdwn"], rec["only_wythoff"] = c["only_a"], c["only_b"]
        if not c["equal"]:
            x, y, side = c["first_differences"][0]
            rec["verdict"] = "differs"
            rec["first"] = {"x": x, "y": y, "p_in": "gdwn" if side == "A" else "wythoff"}
            rc, so, se = call([binary, "outcome", game, f"{x},{y}", "--format", "json"])
            if rc == 0:
                o = json.loads(so)
                rec["first"]["gdwn_outcome"] = o.get("outcome")
                rec["first"]["winning_moves"] = o.get("winning_moves")
            else:
                rec["first"]["outcome_error"] = se.strip()
        else:
            t0 = time.time()
            rc, so, se = call(["nice", "-n", "10", binary, "prove", game, "--format", "json",
                               "--timeout", str(TIMEOUT), "--java-memory", HEAP])
            rec["prove_seconds"] = round(time.time() - t0, 1)
            try:
                pr = json.loads(so)
                rec["verdict"] = {"proved": "wythoff (proved)"}.get(pr.get("verdict"), "undecided")
                rec["proof"] = {k: pr.get(k) for k in ("verdict", "numeration", "states", "walnut")}
            except json.JSONDecodeError:
                rec["verdict"] = "undecided"
                rec["proof"] = {"rc": rc, "stderr": se.strip()[-400:]}
        out.append(rec)
        print(json.dumps(rec), flush=True)
    with open(RECORDS, "w") as f:
        for rec in out:
            f.write(json.dumps(rec, sort_keys=True) + "\n")


def move_text(rec):
    f = rec["first"]
    moves = f.get("winning_moves") or []
    texts = []
    for m in moves:
        to = m.get("to") if isinstance(m, dict) else m
        if isinstance(to, list) and len(to) == 2:
            dx, dy = f["x"] - to[0], f["y"] - to[1]
            texts.append(f"→ ({to[0]}, {to[1]}) by ({dx}, {dy})")
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
            rows.append(f"| {r['p']} | {r['q']} | {r['verdict']} | none on the {r['max']} board | {pr.get('verdict', '')} |")
    counts = {}
    for r in recs:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    summary = ", ".join(f"{v}: {n}" for v, n in sorted(counts.items()))
    table = f"{len(recs)} coprime pairs; {summary}.\n\n" + "\n".join(rows) + "\n"
    text = open(DOC).read()
    begin, end = "<!-- atlas table: scripts/gdwn_atlas.py doc -->\n", "<!-- end of the atlas table -->\n"
    i, j = text.index(begin) + len(begin), text.index(end)
    open(DOC, "w").write(text[:i] + table + text[j:])


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "doc"):
        sys.exit(__doc__)
    if sys.argv[1] == "run":
        run(sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "target", "release", "wythoff"))
    else:
        doc()
