#!/usr/bin/env python3
"""Regenerate docs/open-problems.md: the papers' open problems answered with data.

    scripts/open_problems.py [--cached-only] [path/to/wythoff]   (default: target/release/wythoff)

--cached-only: run no sweep; sections whose sweeps are not in the cache say so
(for writing the document while long sweeps still run).

Environment: OP_MAX (board side, default 1000), OP_CACHE (folder for the raw sweep
outputs, default target/open-problems; delete it to recompute everything).

Every number in the document comes from `wythoff sweep` runs made here (json
records, one per line) and from `wythoff plot` for the pictures. Standard library only.
"""

import hashlib
import json
import os
import subprocess
import sys
import time
from collections import Counter, defaultdict
from math import gcd

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARGS = [a for a in sys.argv[1:] if a != "--cached-only"]
CACHED_ONLY = "--cached-only" in sys.argv[1:]
BIN = ARGS[0] if ARGS else os.path.join(ROOT, "target", "release", "wythoff")
MAX = int(os.environ.get("OP_MAX", "1000"))
CACHE = os.environ.get("OP_CACHE", os.path.join(ROOT, "target", "open-problems"))
DOC = os.path.join(ROOT, "docs", "open-problems.md")
PICS = os.path.join(ROOT, "docs", "open-problems")
CONVS = [("normal", False), ("misère", True)]

SEED000 = "modulo-rook:m=1..8,l=0..8,p=1..8"
SEED003_ONE_PILE_AND_DIAGONAL = (
    "restricted:s=1..3,t=1..3,K=2..8,a=0..7,b=0..7,h=K:a,d1=K:a,v=K:b,d2=K:b"
)
SEED003_DIAGONAL_ONLY = "restricted:s=1..3,t=1..3,K=1..8,r=0..7,h=all,v=all,d1=K:r,d2=K:r"

timings = []
missing = []


class NotComputed(Exception):
    pass


def not_computed(conv, e):
    return (
        f"#### {conv.capitalize()} play: not computed in this run\n\n"
        f"The sweep `wythoff {e}` had not finished when this document was written; "
        "run `scripts/open_problems.py` to complete this part.\n"
    )


def sweep(spec, misere):
    """The records of one sweep (cached by spec, board and convention)."""
    os.makedirs(CACHE, exist_ok=True)
    key = hashlib.sha256(f"{spec}|{MAX}|{misere}".encode()).hexdigest()[:16]
    path = os.path.join(CACHE, f"{key}.jsonl")
    cmd = [BIN, "sweep", spec, "--max", str(MAX), "--format", "json"]
    if misere:
        cmd.append("--misere")
    if not os.path.exists(path) and CACHED_ONLY:
        missing.append(" ".join(cmd[1:]))
        raise NotComputed(" ".join(cmd[1:]))
    if not os.path.exists(path):
        t0 = time.time()
        with open(path + ".part", "w") as f:
            subprocess.run(cmd, stdout=f, check=True)
        os.replace(path + ".part", path)
        timings.append((" ".join(cmd[1:]), time.time() - t0))
    with open(path) as f:
        return [json.loads(line) for line in f]


def plot(game, name, misere=False, max_=120):
    os.makedirs(PICS, exist_ok=True)
    cmd = [BIN, "plot", game, "--max", str(max_), "-o", os.path.join(PICS, name)]
    if misere:
        cmd.append("--misere")
    subprocess.run(cmd, check=True)
    return f"open-problems/{name}"


def kinds(rec):
    return [q["kind"] for q in rec["patterns"]]


def pairs_of(rec):
    return next((q for q in rec["patterns"] if q["kind"] == "pairs"), None)


def periodic_of(rec):
    return next((q for q in rec["patterns"] if q["kind"] == "periodic"), None)


def law(q):
    d = q.get("difference") if q else None
    if not d:
        return None
    if d["law"] == "linear":
        c = d.get("c", 0)
        return f"b-a = {d['m']}n" + (f"{c:+d}" if c else "")
    if d["law"] == "floor":
        return f"b-a = floor(n/{d['p']}) {d['m']}"
    if d["law"] == "affine":
        return f"b = {d['s']}a + {d['t']}n"
    return d["law"]


def signature(rec):
    """A short description of what `patterns` found."""
    out = []
    for q in rec["patterns"]:
        b = q.get("block", 1) or 1
        bs = f" ({b}x{b} blocks)" if b > 1 else ""
        k = q["kind"]
        if k == "finite":
            out.append(f"finite, {len(q['positions'])} P{bs}")
        elif k == "periodic":
            pre = q.get("preperiod", [0, 0])
            s = f"periodic {q['period'][0]}x{q['period'][1]}"
            if any(pre):
                s += f" from ({pre[0]},{pre[1]})"
            out.append(s + bs)
        elif k == "pairs":
            parts = [law(q) or "no difference law"]
            if q.get("multiplicity"):
                parts.append(f"mult {q['multiplicity']}")
            if q.get("mex"):
                parts.append(f"mex {q['mex']}")
            out.append(f"pairs{bs}: " + ", ".join(parts))
    return "; ".join(out) if out else "no pattern found"


def coarse(rec):
    """The kinds found, with block sizes: the form of the answer."""
    out = []
    for q in rec["patterns"]:
        b = q.get("block", 1) or 1
        out.append(q["kind"] + (f"({b}x{b})" if b > 1 else ""))
    return "+".join(out) if out else "none"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in rows:
        lines.append("| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |")
    return "\n".join(lines)


def p(rec, k):
    return rec["params"][k]


# ---------------------------------------------------------------------------
# Seed 000, section 7
# ---------------------------------------------------------------------------


def seed000(doc):
    doc.append("## Seed 000, section 7: mWN^(l,p) outside Theorem 2.1\n")
    doc.append(
        "**Question** (Larsson, section 7). For mWN^(l,p) (`modulo-rook:m,l,p`: m-bishop or "
        "(l,p)-rook moves) with gcd(m,p) != 1 and l = 0, or 0 < l != m, or m not dividing p: "
        "are the P-position sequences c, d p-complementary (each positive integer exactly p "
        "times in c and d_{>0})? Is d_i - c_i an arithmetic progression exactly when the "
        "theorem applies?\n"
    )
    doc.append(
        f"**Sweep**: `wythoff sweep '{SEED000}' --max {MAX}` in normal and misère play "
        "(l > p is refused by the rules and skipped: 0 <= l <= p). The rook is read literally "
        "(README, Conventions): l = 0 and l = 1 both give multiples of p. *Theorem applies* "
        "means a published solution covers the parameters (Theorem 2.1 (ii a) with gcd(m,p) = 1, "
        "(ii b) l = m dividing p, or l = p / p = 1, which are m-Wythoff); its board was compared "
        "cell by cell with the published P-set (`theorem.agrees`).\n"
    )
    normal = sweep(SEED000, False)
    # where a published (normal-play) solution covers the parameters; used for both conventions
    covered = {
        (p(r, "m"), p(r, "l"), p(r, "p"))
        for r in normal
        if r["theorem"] and r["theorem"]["applies"] and "only if" not in r["theorem"]["source"]
    }
    for conv, misere in CONVS:
        try:
            recs = sweep(SEED000, misere)
        except NotComputed as e:
            doc.append(not_computed(conv, e))
            continue
        doc.append(f"### {conv.capitalize()} play ({len(recs)} games)\n")
        applies = lambda r: (p(r, "m"), p(r, "l"), p(r, "p")) in covered
        ap = lambda r: bool(pairs_of(r)) and (pairs_of(r).get("difference") or {}).get("law") == "linear"
        mult = lambda r: (pairs_of(r) or {}).get("multiplicity")
        pcomp = lambda r: mult(r) == p(r, "p")
        if conv == "normal":
            th = [r for r in recs if r["theorem"]]
            bad = [r["game"] for r in th if r["theorem"]["applies"] and not r["theorem"]["agrees"]]
            n_app = sum(1 for r in recs if applies(r))
            n_only = sum(1 for r in th if "only if" in r["theorem"]["source"])
            doc.append(
                f"- Published results: {n_app} games where the theorem applies, all "
                f"{'agree' if not bad else 'agree except ' + ', '.join(bad)} with the board; "
                f"{n_only} games with l <= 1 and gcd(m,p) > 1, where Theorem 2.1 (ii a) says the "
                f"Beatty pair is *not* the P-set: "
                f"{sum(1 for r in th if 'only if' in r['theorem']['source'] and r['theorem']['agrees'])} "
                "of them differ from it on the board, as stated.\n"
            )
        # grid: rows (m, p), columns l
        doc.append(
            "Each cell: `T` the theorem applies; then the multiplicity of the values in the "
            "pairs (a, b) (`p` = exactly p, i.e. p-complementary; a number = another multiplicity; "
            "`-` = none found); then `AP` when d_i - c_i is an arithmetic progression "
            "(difference law `b_n - a_n = k n + c`), `·` when not; `x` = l > p (not a game).\n"
        )
        by = {(p(r, "m"), p(r, "l"), p(r, "p")): r for r in recs}
        rows = []
        for m in range(1, 9):
            for pp in range(1, 9):
                row = [m, pp]
                for l in range(0, 9):
                    r = by.get((m, l, pp))
                    if r is None:
                        row.append("x")
                        continue
                    mu = mult(r)
                    cell = ("T " if applies(r) else "") + (
                        "p" if mu == pp else ("-" if mu is None else str(mu))
                    ) + (" AP" if ap(r) else " ·")
                    row.append(cell)
                rows.append(row)
        doc.append(table(["m", "p"] + [f"l={l}" for l in range(9)], rows) + "\n")
        # the two guesses
        ordered = sorted(recs, key=lambda r: (p(r, "m") + p(r, "p") + p(r, "l"), p(r, "m"), p(r, "p"), p(r, "l")))
        iff_bad = [r for r in ordered if ap(r) != applies(r)]
        doc.append("**What the data says.**\n")
        # l = p (and p = 1) is m-Wythoff (Definition 4 (ii)): 1-complementary, not p
        proper = [r for r in ordered if p(r, "l") < p(r, "p")]
        has_pairs = [r for r in proper if mult(r) is not None]
        undecided = [r for r in proper if mult(r) is None]
        not_pc = [r for r in has_pairs if not pcomp(r)]
        doc.append(
            f"- *p-complementarity* ('for arbitrary constants, c and d_{{>0}} are p-complementary'), "
            f"over the {len(proper)} games with l < p (l = p is m-Wythoff, whose pairs are "
            f"1-complementary): `patterns` found pairs with a multiplicity in {len(has_pairs)} of them "
            f"({sum(1 for r in has_pairs if pairs_of(r).get('order') == 'a')} of them read in a-order: "
            "b_n not increasing, the rows a < N/(2R) read, see README, Patterns); "
            f"the multiplicity is exactly p in {len(has_pairs) - len(not_pc)}"
            + (
                f", another value in {len(not_pc)}: the smallest counterexample (by m + p + l) is "
                f"`{not_pc[0]['game']}`: {signature(not_pc[0])}"
                if not_pc
                else ""
            )
            + f". Undecided (no pairs pattern on the board): {len(undecided)}"
            + (f", the smallest `{undecided[0]['game']}` ({signature(undecided[0])})" if undecided else "")
            + ".\n"
        )
        if not_pc:
            doc.append(
                f"  Of the counterexamples, {sum(1 for r in not_pc if p(r, 'l') <= 1)} have l <= 1 and "
                f"{sum(1 for r in not_pc if p(r, 'l') >= 2)} have l >= 2; their multiplicities: "
                + ", ".join(f"{k} ({v})" for k, v in sorted(Counter(mult(r) for r in not_pc).items()))
                + ".\n"
            )
        doc.append(
            f"- *Arithmetic progression iff the theorem applies* (the normal-play theorem's cases): the two agree on "
            f"{len(recs) - len(iff_bad)} of {len(recs)} games"
            + (
                f"; the smallest counterexample is `{iff_bad[0]['game']}` "
                f"(theorem {'applies' if applies(iff_bad[0]) else 'does not apply'}, "
                f"found: {signature(iff_bad[0])}).\n"
                if iff_bad
                else f" (m, p <= 8, every l, board {MAX}).\n"
            )
        )
        if iff_bad:
            ap_open = [r for r in iff_bad if ap(r) and not applies(r)]
            doc.append(
                f"  {len(ap_open)} of the {len(iff_bad)} exceptions are games outside the theorem whose "
                "differences are nevertheless an arithmetic progression"
                + (
                    ": " + ", ".join(f"`{r['game']}` ({law(pairs_of(r))})" for r in ap_open[:8])
                    + (" ..." if len(ap_open) > 8 else "")
                    + ".\n"
                    if ap_open
                    else ".\n"
                )
            )
        forms = Counter(coarse(r) for r in recs)
        doc.append(
            "- Forms found: "
            + ", ".join(f"{k} ({v})" for k, v in forms.most_common())
            + ".\n"
        )
        if conv == "normal" and not_pc:
            g = not_pc[0]["game"]
            doc.append(f"![{g}]({plot(g, 'seed000-counterexample.png')})\n")
    g = "modulo-rook:m=2,l=0,p=4"
    doc.append(
        f"Picture: `{g}` (gcd(m,p) = 2, Theorem 2.1 (ii a) 'only if'), shaded by index n mod p:\n"
    )
    os.makedirs(PICS, exist_ok=True)
    subprocess.run(
        [BIN, "plot", g, "--max", "120", "--parts", "index", "-o", os.path.join(PICS, "seed000-m2-l0-p4.png")],
        check=True,
    )
    doc.append(f"![{g}](open-problems/seed000-m2-l0-p4.png)\n")


# ---------------------------------------------------------------------------
# Seed 003, problems 25-28
# ---------------------------------------------------------------------------


def group_table(recs, keyf, keyname):
    """Rows: one per key; columns: the forms found over (s, t), by convention."""
    rows = []
    groups = defaultdict(list)
    for r in recs:
        groups[keyf(r)].append(r)
    for k in sorted(groups):
        rs = groups[k]
        forms = Counter(signature(r) for r in rs)
        text = "; ".join(
            f"{sig} ×{n}" if len(forms) > 1 or n > 1 else sig for sig, n in forms.most_common(3)
        )
        if len(forms) > 3:
            text += f"; {len(forms) - 3} more forms"
        rows.append(list(k) + [len(rs), text])
    return rows


def guess_report(doc, recs, name, test, order):
    bad = sorted((r for r in recs if not test(r)), key=order)
    if not bad:
        doc.append(f"- Guess *{name}*: holds for all {len(recs)} games.\n")
    else:
        doc.append(
            f"- Guess *{name}*: holds for {len(recs) - len(bad)} of {len(recs)}; smallest "
            f"counterexample `{bad[0]['game']}` ({bad[0]['convention']}): {signature(bad[0])}.\n"
        )


def seed003(doc):
    conv_misere = dict(CONVS)
    both = lambda conv: sweep(SEED003_ONE_PILE_AND_DIAGONAL, conv_misere[conv])
    diag = lambda conv: sweep(SEED003_DIAGONAL_ONLY, conv_misere[conv])
    order = lambda r: (p(r, "K"), p(r, "a") if "a" in r["params"] else p(r, "r"), p(r, "b") if "b" in r["params"] else 0, p(r, "s"), p(r, "t"))
    intro = (
        f"All boards {MAX} x {MAX}; s, t = 1..3; both conventions. One sweep covers problems 25-27: "
        f"`wythoff sweep '{SEED003_ONE_PILE_AND_DIAGONAL}' --max {MAX}` (and `--misere`): "
        "S1 = D1 = Z_K^(a), S2 = D2 = Z_K^(b), where Z_K^(r) = {K n + r >= 1} is written `K:r`; "
        "a >= K or b >= K is refused and skipped. Problem 25 is a = b = 0, problem 26 a = b, "
        "problem 27 a != b. Each table row aggregates the 9 games (s, t) <= 3 of one residue "
        "choice: the forms `patterns` found and how many games have each (×n).\n"
    )
    doc.append("## Seed 003, problems 25-28: residues mod K instead of parity\n")
    doc.append(intro)

    problems = [
        (
            25,
            "S1 = S2 = D1 = D2 = Z_K^(0) (multiples of K). How to determine all P-positions "
            "under normal or misère play? K = 2 is Even-Even (Theorems 13, 14); can they be "
            "generalised to K >= 3?",
            lambda r: p(r, "a") == 0 and p(r, "b") == 0,
            lambda r: (p(r, "K"),),
            ["K"],
            [
                (
                    "the P-positions are thickened to K x K blocks (as Even-Even's 2 x 2)",
                    lambda r: any((q.get("block", 1) or 1) == p(r, "K") for q in r["patterns"]),
                )
            ],
        ),
        (
            26,
            "S1 = S2 = D1 = D2 = Z_K^(r), r fixed. K = 2, r = 1 is Odd-Odd (Theorems 7, 9: "
            "normal play P = all (even, even)); generalise to K >= 3 and every r?",
            lambda r: p(r, "a") == p(r, "b"),
            lambda r: (p(r, "K"), p(r, "a")),
            ["K", "r"],
            [
                (
                    "P is periodic with period K x K (as Odd-Odd's 2 x 2)",
                    lambda r: any(
                        q["kind"] == "periodic" and q["period"] == [p(r, "K"), p(r, "K")]
                        for q in r["patterns"]
                    ),
                ),
                (
                    "P is periodic (some period)",
                    lambda r: "periodic" in kinds(r),
                ),
            ],
        ),
        (
            27,
            "S1 = D1 = Z_K^(r1), S2 = D2 = Z_K^(r2), r1 != r2. K = 2 (r1, r2) = (1, 0) is Odd-Even "
            "(Theorems 17-20); generalise to K >= 3?",
            lambda r: p(r, "a") != p(r, "b"),
            lambda r: (p(r, "K"), p(r, "a"), p(r, "b")),
            ["K", "r1", "r2"],
            [
                (
                    "P is periodic (some period)",
                    lambda r: "periodic" in kinds(r),
                ),
                (
                    "P is periodic with period K x K",
                    lambda r: any(
                        q["kind"] == "periodic" and q["period"] == [p(r, "K"), p(r, "K")]
                        for q in r["patterns"]
                    ),
                ),
            ],
        ),
    ]
    for num, question, select, keyf, keynames, guesses in problems:
        doc.append(f"### Problem {num}\n")
        doc.append(f"**Question.** {question}\n")
        for conv, _ in CONVS:
            try:
                all_recs = both(conv)
            except NotComputed as e:
                doc.append(not_computed(conv, e))
                continue
            recs = [r for r in all_recs if select(r)]
            th = [r for r in recs if r["theorem"]]
            doc.append(f"#### {conv.capitalize()} play ({len(recs)} games)\n")
            if th:
                ok = sum(1 for r in th if r["theorem"]["agrees"])
                doc.append(
                    f"Published results (K = 2): {len(th)} games, {ok} agree with the board cell by cell.\n"
                )
            doc.append(table(keynames + ["games", "forms found over s, t <= 3"], group_table(recs, keyf, keynames)) + "\n")
            doc.append("**What the data says.**\n")
            k3 = [r for r in recs if p(r, "K") >= 3]
            scope = ", K >= 3"
            if num == 26:
                k3 = [r for r in k3 if p(r, "a") >= 1]
                scope = ", K >= 3, r >= 1 (r = 0 is problem 25)"
            for name, test in guesses:
                guess_report(doc, k3, name + scope, test, order)
            forms = Counter(coarse(r) for r in k3)
            doc.append(
                "- Forms for K >= 3: " + ", ".join(f"{k} ({v})" for k, v in forms.most_common()) + ".\n"
            )
        ex = {
            25: "restricted:s=1,t=1,h=3:0,v=3:0,d1=3:0,d2=3:0",
            26: "restricted:s=1,t=1,h=3:1,v=3:1,d1=3:1,d2=3:1",
            27: "restricted:s=1,t=1,h=3:1,d1=3:1,v=3:0,d2=3:0",
        }[num]
        doc.append(f"![{ex}]({plot(ex, f'problem{num}.png', max_=60)})\n")

    # problem 28
    doc.append("### Problem 28\n")
    doc.append(
        "**Question.** (s,t)-Wythoff restricted on the extended diagonal moves only: "
        "S1 = S2 = all positive integers, D1 = D2 = Z_K^(r). Can we obtain the corresponding "
        "results? (K = 1 is (s,t)-Wythoff itself.)\n"
    )
    doc.append(f"**Sweep**: `wythoff sweep '{SEED003_DIAGONAL_ONLY}' --max {MAX}` (and `--misere`).\n")
    for conv, _ in CONVS:
        try:
            recs = diag(conv)
        except NotComputed as e:
            doc.append(not_computed(conv, e))
            continue
        doc.append(f"#### {conv.capitalize()} play ({len(recs)} games)\n")
        th = [r for r in recs if r["theorem"]]
        if th:
            ok = sum(1 for r in th if r["theorem"]["agrees"])
            doc.append(f"Published results: {len(th)} games, {ok} agree with the board cell by cell.\n")
        doc.append(table(["K", "r", "games", "forms found over s, t <= 3"], group_table(recs, lambda r: (p(r, "K"), p(r, "r")), ["K", "r"])) + "\n")
        doc.append("**What the data says.**\n")
        k2 = [r for r in recs if p(r, "K") >= 2]
        guess_report(
            doc,
            k2,
            "the P-positions are pairs with B_n = s A_n + t n, as in (s,t)-Wythoff, K >= 2",
            lambda r: any(
                q["kind"] == "pairs"
                and (q.get("difference") or {}).get("law") == "affine"
                and q["difference"].get("s") == p(r, "s")
                and q["difference"].get("t") == p(r, "t")
                for q in r["patterns"]
            ),
            order,
        )
        guess_report(
            doc,
            k2,
            "the P-positions are pairs (a_n, b_n) with some difference law, K >= 2",
            lambda r: bool(pairs_of(r)) and bool(pairs_of(r).get("difference")),
            order,
        )
        forms = Counter(coarse(r) for r in k2)
        doc.append("- Forms for K >= 2: " + ", ".join(f"{k} ({v})" for k, v in forms.most_common()) + ".\n")
    ex = "restricted:s=1,t=1,h=all,v=all,d1=3:1,d2=3:1"
    doc.append(f"![{ex}]({plot(ex, 'problem28.png', max_=80)})\n")


def main():
    if not os.path.exists(BIN):
        sys.exit(f"no binary at {BIN}: run `cargo build --release` first")
    t0 = time.time()
    doc = [
        "# The papers' open problems, answered with data\n",
        "Generated by `scripts/open_problems.py` (do not edit by hand): every number below "
        "comes from `wythoff sweep` runs (`wythoff patterns` on every game of a family of "
        f"parameters, board {MAX} x {MAX}, plus the published result where a paper states "
        "one) and every picture from `wythoff plot`. A form found by `patterns` holds on every "
        "cell of the board (no sampling); a *guess* is a statement checked on every game of the "
        "range, with the smallest counterexample where it fails. These are conjectures checked "
        "on finite boards, not proofs.\n",
    ]
    for section in (seed000, seed003):
        part = []
        try:
            section(part)
        except NotComputed as e:
            part.append(
                f"\n**Not computed in this run**: the sweep `wythoff {e}` had not finished when "
                "this document was written; the results above it in this section are complete, "
                "the rest is missing. Run `scripts/open_problems.py` to complete it.\n"
            )
        doc.extend(part)
    total = time.time() - t0
    doc.append("## How this was run\n")
    doc.append(
        f"`scripts/open_problems.py` with `{os.path.relpath(BIN, ROOT)}`, board {MAX}. "
        "Sweeps run in this invocation (wall time):\n"
    )
    if timings:
        for cmd, t in timings:
            doc.append(f"- `wythoff {cmd}`: {t:.0f} s\n")
    else:
        doc.append("- none (all sweeps read from the cache)\n")
    with open(DOC, "w") as f:
        f.write("\n".join(doc))
    print(f"wrote {DOC} in {total:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
