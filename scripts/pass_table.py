#!/usr/bin/env python3
"""Every catalogue game with a pass against (a) the game without the pass and
(b) the level set {G = 1} of the game without the pass (issue 50, item 3's last
sentence): docs/pass/records.jsonl and the table of docs/pass.md.

    scripts/pass_table.py [path/to/wythoff]   (default: target/release/wythoff)

Environment: PASS_N (the board N, default 256; the counts are taken on N and 2N).

The binary does every piece of game theory: `compare` counts the cells where
the P-sets of GAME:pass=1 and GAME differ, `p-positions` and `grundy --values
1..1` list the two sets of (b) (this script only counts the cells in exactly
one of two lists the binary printed), and `prove GAME:pass=1 --alteration
grundy=1` proves a finite alteration or says why it does not apply. A game the
binary refuses (no pass, no Grundy values) is recorded with the binary's line.
Standard library only.
"""

import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "wythoff")
N = int(os.environ.get("PASS_N", "256"))
RECORDS = os.path.join(ROOT, "docs", "pass", "records.jsonl")
DOC = os.path.join(ROOT, "docs", "pass.md")

# Every catalogue entry (checked against `wythoff games` below), with its
# default parameters where it has them and a few values where it has none.
GAMES = {
    "nim": [""],
    "wythoff": [""],
    "m-wythoff": ["m=1", "m=2", "m=3"],
    "st-wythoff": ["s=1,t=1", "s=2,t=1", "s=1,t=2"],
    "connell": ["p=2", "p=3"],
    "roob-blocking": ["m=1,p=2", "m=2,p=2"],
    "modulo-rook": ["m=2,l=0,p=3", "m=1,l=2,p=3"],
    "shifted": ["m=1,p=2,l=1"],
    "corner": ["m=1,p=1,u=1,v=2"],
    "choose-shift": ["m=1,p=2"],
    "modular": ["m=2", "m=3"],
    "diagonal-blocking": ["p=2,m=1"],
    "imitation": ["p=2,m=1"],
    "restricted": ["s=1,t=1", "s=1,t=1,h=odd", "s=2,t=1"],
    "odd-odd": ["s=1,t=1"],
    "even-even": ["s=1,t=1"],
    "odd-even": ["s=1,t=1"],
    "even-odd": ["s=1,t=1"],
    "blocking-wythoff": ["k=2", "k=3"],
    "terminal-wythoff": ["l=1", "l=3"],
    "gdwn": ["p=1,q=2", "p=1,q=3", "p=2,q=3"],
}


def run(args):
    p = subprocess.run([BIN] + args, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr.strip()


def error_of(err):
    return err.removeprefix("wythoff: error: ")


def with_pass(base, params):
    return f"{base}:{params},pass=1" if params else f"{base}:pass=1"


def game_of(base, params):
    return f"{base}:{params}" if params else base


def against_without(g, gp, n):
    """Cells of the board n where GAME:pass=1 and GAME differ (`compare`)."""
    rc, out, err = run(["compare", gp, g, "--max", str(n), "--format", "json"])
    if rc != 0:
        return None, error_of(err)
    v = json.loads(out)
    return v["only_a"] + v["only_b"], None


def cells(out, key):
    return {tuple(c) for c in key(json.loads(out))}


def against_level_one(g, gp, n):
    """Cells of the board n in exactly one of P(GAME:pass=1) and {G = 1} of GAME."""
    rc, out, err = run(["grundy", g, "--values", "1..1", "--max", str(n), "--format", "json"])
    if rc == 0:
        level = cells(out, lambda v: v["levels"][0]["positions"])
    elif "--values needs" in err:
        # the whole table (rows[x][y]) where the level kernel does not apply
        rc, out, err = run(["grundy", g, "--max", str(n), "--format", "json"])
        if rc != 0:
            return None, error_of(err)
        rows = json.loads(out)["rows"]
        level = {(x, y) for x, row in enumerate(rows) for y, v in enumerate(row) if v == 1}
    else:
        return None, error_of(err)
    rc, out, err = run(["p-positions", gp, "--max", str(n), "--format", "json"])
    if rc != 0:
        return None, error_of(err)
    p = cells(out, lambda v: v["p_positions"])
    return len(p ^ level), None


def classify(counts, alt):
    if alt.get("d") is not None:
        return f"finite alteration, proved (|D| = {alt['d']})"
    small, big = counts
    if small is None:
        return None
    if big > small:
        return f"differs on an infinite set (measured: {small} on {N}, {big} on {2 * N})"
    if small == 0:
        return f"equal on {2 * N} (not proved)"
    why = alt.get("reason") or ""
    why = why.split(": ", 1)[1] if alt.get("verdict") == "refused" and ": " in why else why
    return f"{small} cells on {N} and on {2 * N}, not proved ({alt.get('verdict', 'not asked')}: {why})"


def record(base, params):
    g, gp = game_of(base, params), with_pass(base, params)
    rec = {"game": gp, "without": g, "board": N}
    rc, _, err = run(["p-positions", gp, "--max", "16", "--format", "json"])
    if rc != 0:
        rec["refused"] = error_of(err)
        return rec
    t0 = time.time()
    a = [against_without(g, gp, n) for n in (N, 2 * N)]
    rec["without_pass"] = {
        "counts": [a[0][0], a[1][0]],
        "refused": a[0][1],
        # the argument never applies (docs/proofs.md): asked all the same
        "alteration": alteration(gp, "without-pass"),
    }
    b = [against_level_one(g, gp, n) for n in (N, 2 * N)]
    rec["grundy_1"] = {
        "counts": [b[0][0], b[1][0]],
        "refused": b[0][1],
        "alteration": alteration(gp, "grundy=1") if b[0][1] is None else None,
    }
    for key in ("without_pass", "grundy_1"):
        r = rec[key]
        alt = r["alteration"] or {}
        r["class"] = classify(r["counts"], alt)
    rec["seconds"] = round(time.time() - t0, 2)
    return rec


def alteration(gp, ref):
    """`prove GP --alteration REF --max N`: proved with |D|, not proved, or refused."""
    rc, out, err = run(["prove", gp, "--alteration", ref, "--max", str(N), "--format", "json"])
    if rc == 2:
        return {"verdict": "refused", "reason": error_of(err)}
    v = json.loads(out)
    r = {"verdict": v["verdict"]}
    if v["verdict"] == "proved":
        r["d"] = len(v["differences"])
        r["cells"] = v["differences"]
    else:
        r["reason"] = v.get("reason")
    return r


def cell(r):
    if r.get("refused"):
        return "no answer: " + r["refused"]
    return r["class"] or ""


def main():
    rc, out, err = run(["games", "--format", "json"])
    if rc != 0:
        sys.exit(f"{BIN} games: {err}")
    names = [e["name"] for e in json.loads(out)]
    missing = [n for n in names if n not in GAMES]
    if missing:
        sys.exit(f"catalogue entries without parameters here: {missing}")
    os.makedirs(os.path.dirname(RECORDS), exist_ok=True)
    recs = []
    for base in names:
        for params in GAMES[base]:
            r = record(base, params)
            print(json.dumps({k: r[k] for k in r if k in ("game", "seconds", "refused")}), flush=True)
            recs.append(r)
    with open(RECORDS, "w") as f:
        for r in recs:
            f.write(json.dumps(r, sort_keys=True) + "\n")
    lines = [
        "# Games with a pass against the games without it",
        "",
        "Generated by `scripts/pass_table.py` (records: [pass/records.jsonl](pass/records.jsonl)); "
        "do not edit by hand. Issue 50, item 3: for every catalogue game with `pass=1` (the "
        "catalogue has no default parameters but `restricted`'s sets, so a few values of each "
        "family), its P-set (the pass not yet used) against (a) the P-set of the game without the "
        "pass and (b) the level set {G = 1} of the game without the pass, on the board "
        f"{N} and {2 * N}. *Finite alteration, proved*: `wythoff prove GAME:pass=1 --alteration "
        "grundy=1` proved it for every position (docs/proofs.md, \"Finite alterations\"), with "
        "|D|. *Differs on an infinite set (measured)*: the number of differing cells on the "
        f"board {N} and on {2 * N}, growing with the board (a measurement, no proof: the argument "
        "of `--alteration` does not apply to these games, see the records' `alteration`). "
        "(a) never is a finite alteration: the pass wins at every P-position of the game without "
        "it that has a move.",
        "",
        f"| game | (a) against the game without the pass | (b) against {{G = 1}} of the game without the pass |",
        "|---|---|---|",
    ]
    for r in recs:
        if "refused" in r:
            lines.append(f"| `{r['game']}` | refused: {r['refused']} | |")
            continue
        lines.append(f"| `{r['game']}` | {cell(r['without_pass'])} | {cell(r['grundy_1'])} |")
    proved = [r for r in recs if "grundy_1" in r and (r["grundy_1"]["alteration"] or {}).get("verdict") == "proved"]
    lines += ["", "The sets D proved:", ""]
    for r in proved:
        a = r["grundy_1"]["alteration"]
        lines.append(f"- `{r['game']}`: {a['d']} cells, " + " ".join(f"({x}, {y})" for x, y in a["cells"]))
    lines.append("")
    with open(DOC, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {RECORDS} ({len(recs)} games) and {DOC}")


if __name__ == "__main__":
    main()
