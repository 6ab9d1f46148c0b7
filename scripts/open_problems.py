#!/usr/bin/env python3
"""Regenerate docs/open-problems.md: the papers' open problems answered with data.

    scripts/open_problems.py [--cached-only] [path/to/wythoff]   (default: target/release/wythoff)

--cached-only: run no sweep; sections whose sweeps are not in the cache say so
(for writing the document while long sweeps still run).
--check-proofs: re-count every proof sweep's verdicts from its per-game records in the
repository (docs/open-problems/proofs/, index.json) and check the document's family lines
against them; exit 1 on a difference (no binary, no cache needed).
--update-proofs: import the proof sweeps finished in the cache into the repository and
rewrite only what their records decide (seed 000's Walnut lines, the records section),
and the seed 001 section (docs/open-problems/seed001.md, scripts/seed001.py);
then --check-proofs.
--proof-sweeps: print, one per line, `SPEC<TAB>misere|normal<TAB>CACHE-FILE` for every
proof sweep the report reads (docs/prove-slurm.sh runs them as a Slurm array into the
cache), and exit.

Environment: OP_MAX (board side, default 1000), OP_CACHE (folder for the raw sweep
outputs, default target/open-problems; delete it to recompute everything), OP_JOBS
(parallel `patterns --check` processes, default 2). Proofs (`wythoff sweep SPEC --prove`,
Walnut on every distinct game of a family, docs/proof-sweeps.md): OP_PROVE=1 runs the
proof sweeps that are neither in the repository (docs/open-problems/proofs/) nor in the cache (hours for the whole report: see
docs/prove-slurm.sh; without it, a section whose proofs are not cached says so),
OP_PROVE_TIMEOUT (Walnut's seconds per game, default 60: part of the cache key),
OP_JAVA_MEMORY (-Xmx of each Walnut process, default 3G), OP_PROVE_THREADS (Walnut
processes at once at most, default 1).

Every number in the document comes from `wythoff sweep` runs made here (json
records, one per line), from `wythoff patterns GAME --max N --check 2N` for every
game of every sweep (each law re-checked on the board twice as large), and from
`wythoff plot` for the pictures. **No law that fails on the larger board is
printed**: a failing law is dropped from its game's record before anything is
counted, and the document says how many were dropped. Standard library only.
"""

import gzip
import hashlib
import json
from concurrent.futures import ThreadPoolExecutor
import os
import subprocess
import sys
import time
from collections import Counter, defaultdict
from math import gcd

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARGS = [a for a in sys.argv[1:] if a not in ("--cached-only", "--proof-sweeps", "--check-proofs", "--update-proofs")]
CACHED_ONLY = "--cached-only" in sys.argv[1:]
PROOF_SWEEPS = "--proof-sweeps" in sys.argv[1:]
BIN = ARGS[0] if ARGS else os.path.join(ROOT, "target", "release", "wythoff")
MAX = int(os.environ.get("OP_MAX", "1000"))
CHECK = 2 * MAX
JOBS = int(os.environ.get("OP_JOBS", "2"))
CACHE = os.environ.get("OP_CACHE", os.path.join(ROOT, "target", "open-problems"))
DOC = os.path.join(ROOT, "docs", "open-problems.md")
PICS = os.path.join(ROOT, "docs", "open-problems")
PROOFS = os.path.join(PICS, "proofs")
PROOF_INDEX = os.path.join(PROOFS, "index.json")
CONVS = [("normal", False), ("misère", True)]
PROVE = os.environ.get("OP_PROVE") == "1"
PROVE_TIMEOUT = int(os.environ.get("OP_PROVE_TIMEOUT", "60"))
JAVA_MEMORY = os.environ.get("OP_JAVA_MEMORY", "3G")
PROVE_THREADS = os.environ.get("OP_PROVE_THREADS", "1")
# the proof sweep's own board: its records' patterns are not read (the board
# sweep's are), only their `proof`, which `--prove-max` (prove's board) decides
PROOF_SWEEP_MAX = 16

SEED000 = "modulo-rook:m=1..8,l=0..8,p=1..8"
SEED003_ONE_PILE_AND_DIAGONAL = (
    "restricted:s=1..3,t=1..3,K=2..8,a=0..7,b=0..7,h=K:a,d1=K:a,v=K:b,d2=K:b"
)
SEED003_DIAGONAL_ONLY = "restricted:s=1..3,t=1..3,K=1..8,r=0..7,h=all,v=all,d1=K:r,d2=K:r"

timings = []
missing = []
# every law dropped because the board of CHECK refutes it: (game, convention, kind, law, failure)
dropped = []
# games whose laws were all re-checked on CHECK
checked_games = set()


def record_timing(what, seconds):
    """Kept in the cache beside the outputs, so a run from the cache reports how long
    the computation of what it reads took."""
    timings.append((what, seconds))
    with open(os.path.join(CACHE, "timings.jsonl"), "a") as f:
        f.write(json.dumps({"what": what, "seconds": round(seconds, 1), "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}) + "\n")


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
        record_timing(" ".join(cmd[1:]), time.time() - t0)
    with open(path) as f:
        recs = [json.loads(line) for line in f]
    return [apply_check(r, c) for r, c in zip(recs, checks(recs, path))]


def proof_key(spec, misere):
    return hashlib.sha256(f"prove|{spec}|{misere}|{PROVE_TIMEOUT}".encode()).hexdigest()[:16]


def proof_cache(spec, misere):
    """Where a proof sweep is computed (or docs/prove-slurm.sh merges it): the cache."""
    return os.path.join(CACHE, f"{proof_key(spec, misere)}.prove.jsonl")


def proof_records(spec, misere):
    """Where a proof sweep's per-game records are kept: in the repository, compressed
    (docs/open-problems/proofs/), so that every count of the document can be re-checked
    game by game without running Walnut (`--check-proofs`)."""
    return os.path.join(PROOFS, f"{proof_key(spec, misere)}.prove.jsonl.gz")


def proof_command(spec, misere):
    cmd = [BIN, "--threads", PROVE_THREADS, "sweep", spec, "--max", str(PROOF_SWEEP_MAX), "--prove",
           "--timeout", str(PROVE_TIMEOUT), "--java-memory", JAVA_MEMORY, "--format", "json"]
    return cmd + (["--misere"] if misere else [])


# the proof sweeps the document reads (spec, misere), in the order it reads them
proof_sweeps_read = []


def read_index():
    try:
        with open(PROOF_INDEX) as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


def family_counts(records):
    """{verdict: distinct games} of one proof sweep's records (a game shared with an
    earlier combination counts once, under that combination)."""
    groups = {}
    for r in records:
        q = r["proof"]
        groups[q["shared_with"] if q["shared_with"] is not None else r["index"]] = q["verdict"]
    return dict(Counter(groups.values()))


def load_records(path):
    with gzip.open(path, "rt") as f:
        return [json.loads(line) for line in f]


def import_proofs(spec, misere, cache):
    """Copy a finished proof sweep from the cache into the repository (compressed) and
    index it, with its wall time when the cache's timings name it."""
    os.makedirs(PROOFS, exist_ok=True)
    path = proof_records(spec, misere)
    with open(cache) as f:
        lines = [line for line in f if line.strip()]
    records = [json.loads(line) for line in lines]
    with gzip.open(path + ".part", "wt", compresslevel=9) as f:
        f.writelines(lines)
    os.replace(path + ".part", path)
    seconds, when, what = None, None, None
    tfile = os.path.join(CACHE, "timings.jsonl")
    flag = " --misere" if misere else ""
    if os.path.exists(tfile):
        with open(tfile) as f:
            for line in f:
                t = json.loads(line)
                w = t["what"]
                if f"sweep {spec} " in w and "--prove" in w and (("--misere" in w) == misere):
                    seconds, when, what = t["seconds"], t["when"], w
    index = read_index()
    index[os.path.basename(path)] = {
        "spec": spec,
        "convention": "misere" if misere else "normal",
        "command": " ".join(proof_command(spec, misere)[3:]),
        "walnut_timeout_seconds": PROVE_TIMEOUT,
        "combinations": len(records),
        "distinct_games": sum(family_counts(records).values()),
        "verdicts": family_counts(records),
        "seconds": seconds,
        "when": when,
        "run": what,
    }
    with open(PROOF_INDEX + ".part", "w") as f:
        json.dump(index, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(PROOF_INDEX + ".part", PROOF_INDEX)


def proofs(spec, misere):
    """{index: proof} of `wythoff sweep SPEC --prove`, read from the records in the
    repository; a sweep finished in the cache (here, or merged by docs/prove-slurm.sh)
    is imported first; with OP_PROVE=1 a missing one is computed (an interrupted run is
    resumed from its `.part` file). None when not computed."""
    proof_sweeps_read.append((spec, misere))
    path = proof_records(spec, misere)
    if not os.path.exists(path):
        os.makedirs(CACHE, exist_ok=True)
        cache = proof_cache(spec, misere)
        cmd = proof_command(spec, misere)
        if not os.path.exists(cache):
            if CACHED_ONLY or not PROVE:
                missing.append(" ".join(cmd[1:]))
                return None
            t0 = time.time()
            part = cache + ".part"
            args = list(cmd) + ["--force", "--timings", cache + ".timings"]
            if os.path.exists(part) and os.path.getsize(part) > 0:
                os.replace(part, cache + ".old")
                args += ["--resume", cache + ".old"]
            with open(part, "w") as f:
                subprocess.run(args, stdout=f, check=True)
            os.replace(part, cache)
            if os.path.exists(cache + ".old"):
                os.remove(cache + ".old")
            record_timing(" ".join(cmd[1:]), time.time() - t0)
        import_proofs(spec, misere, cache)
    return {r["index"]: r["proof"] for r in load_records(path)}


def check_proofs():
    """Re-count every indexed proof sweep from its records, and every family line of the
    document from the same records: exit 1 on any difference."""
    index = read_index()
    bad = []
    with open(DOC) as f:
        doc = f.read()
    for name, entry in sorted(index.items()):
        path = os.path.join(PROOFS, name)
        records = load_records(path)
        counts = family_counts(records)
        if len(records) != entry["combinations"] or counts != entry["verdicts"]:
            bad.append(f"{name}: the index says {entry['verdicts']} over {entry['combinations']}, the records {counts} over {len(records)}")
        line = family_line(entry, counts)
        if line not in doc:
            bad.append(f"{name}: docs/open-problems.md lacks the line: {line}")
    bad += walnut_line_differences(doc, index)
    for b in bad:
        print(b, file=sys.stderr)
    print(f"{len(index)} proof sweeps checked, {len(bad)} differences", file=sys.stderr)
    return 1 if bad else 0


def walnut_lines(lines):
    """(line number, spec, misere, problem) of every **Walnut, every game** line of the
    document; `problem` is the seed 003 problem whose section holds it (or None)."""
    problem = None
    for i, line in enumerate(lines):
        if line.startswith("### Problem "):
            problem = int(line.split()[2])
        elif line.startswith("## "):
            problem = None
        if line.startswith("- **Walnut, every game** (`wythoff sweep '"):
            cmd = line.split("`")[1]
            yield i, cmd.split("'")[1], "--misere" in cmd, problem


def line_records(recs, spec, problem):
    """The records a Walnut line counts: a seed 003 problem's own combinations."""
    keep = PROBLEM_SELECT.get(problem) if spec == SEED003_ONE_PILE_AND_DIAGONAL else None
    return [r for r in recs if keep(r)] if keep else recs


def walnut_line_differences(doc, index):
    """Every Walnut line whose counts differ from its records' (found by the index)."""
    by_sweep = {(e["spec"], e["convention"] == "misere"): name for name, e in index.items()}
    bad = []
    for i, spec, misere, problem in walnut_lines(doc.split("\n")):
        name = by_sweep.get((spec, misere))
        if name is None:
            continue
        recs = load_records(os.path.join(PROOFS, name))
        prf = {r["index"]: r["proof"] for r in recs}
        n = Counter(proof_groups(line_records(recs, spec, problem), prf).values())
        want = f"over the {sum(n.values())} distinct games: " + ", ".join(f"{v} {n.get(v, 0)}" for v in VERDICTS)
        if want not in doc.split("\n")[i]:
            bad.append(f"docs/open-problems.md line {i + 1} ({spec}, problem {problem}): not `{want}`")
    return bad


def family_line(entry, counts):
    total = sum(counts.values())
    return (
        f"- `{entry['spec']}` ({entry['convention']}): {entry['combinations']} combinations, {total} distinct games: "
        + ", ".join(f"{v} {counts.get(v, 0)}" for v in VERDICTS)
        + "".join(f", {k} {c}" for k, c in sorted(counts.items()) if k not in VERDICTS)
        + "."
    )


VERDICTS = ["proved", "refuted", "no automaton found", "Walnut timed out"]


def proof_groups(recs, prf):
    """verdict of each distinct game among `recs` (its proof's first combination)."""
    groups = {}
    for r in recs:
        q = prf[r["index"]]
        groups[q["shared_with"] if q["shared_with"] is not None else r["index"]] = q["verdict"]
    return groups


def walnut_line(doc, recs, spec, misere, prf):
    """Each distinct game's Walnut verdict, counted (`wythoff sweep SPEC --prove`)."""
    cmd = " ".join(proof_command(spec, misere)[3:]).replace(spec, f"'{spec}'")
    if prf is None:
        doc.append(
            f"- **Walnut, every game**: not computed in this run (`wythoff {cmd}`; "
            "OP_PROVE=1 scripts/open_problems.py, or docs/prove-slurm.sh, fills the cache).\n"
        )
        return
    n = Counter(proof_groups(recs, prf).values())
    total = sum(n.values())
    other = {k: v for k, v in n.items() if k not in VERDICTS}
    doc.append(
        f"- **Walnut, every game** (`wythoff {cmd}`, Walnut {PROVE_TIMEOUT} s a game), over the "
        f"{total} distinct games: "
        + ", ".join(f"{v} {n.get(v, 0)}" for v in VERDICTS)
        + "".join(f", {k} {c}" for k, c in sorted(other.items()))
        + f". The verdict of every game: [{os.path.relpath(proof_records(spec, misere), os.path.dirname(DOC))}]"
        f"({os.path.relpath(proof_records(spec, misere), os.path.dirname(DOC))}) (one JSON record a line, gzip). "
        "*Proved*: the P-set is a guessed automaton for every position, decided by Walnut "
        "(re-run with `--emit DIR` for the Walnut files); the other games' laws below are evidence "
        "on the boards only. *No automaton found* speaks of the search (its board, numerations and "
        "state bound), never of the game; *timed out* of Walnut's time on a shared 2-core machine "
        "(a run at another load, or with a longer `--timeout`, may prove such a game).\n"
    )


def checks(recs, sweep_path):
    """`patterns GAME --max MAX --check CHECK` for every record (cached beside the sweep)."""
    path = sweep_path[: -len(".jsonl")] + f".check{CHECK}.jsonl"
    if os.path.exists(path):
        with open(path) as f:
            out = [json.loads(line) for line in f]
        if len(out) == len(recs):
            return out
    if CACHED_ONLY:
        missing.append(f"patterns --check {CHECK} for {len(recs)} games")
        raise NotComputed(f"patterns --check {CHECK}")

    def one(r):
        cmd = [BIN, "patterns", r["game"], "--max", str(MAX), "--check", str(CHECK), "--format", "json"]
        if r["convention"] == "misere":
            cmd.append("--misere")
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode not in (0, 1):  # 1: some law fails on the larger board
            sys.exit(f"{' '.join(cmd)}: exit {res.returncode}: {res.stderr.strip()}")
        return json.loads(res.stdout)

    t0 = time.time()
    with ThreadPoolExecutor(max_workers=JOBS) as ex:
        out = list(ex.map(one, recs))
    with open(path + ".part", "w") as f:
        for c in out:
            f.write(json.dumps(c) + "\n")
    os.replace(path + ".part", path)
    record_timing(f"patterns GAME --max {MAX} --check {CHECK} --format json, for each of {len(recs)} games of `{recs[0]['game'].split(':')[0]}` ({recs[0]['convention']})", time.time() - t0)
    return out


# a failing law of a pairs pattern -> the field(s) it clears; a failing
# structure or prefix drops the whole pattern
PAIR_FIELDS = {
    "difference": ["difference"],
    "b-law": ["b_law"],
    "mex": ["mex", "mex_p", "mex_from"],
    "multiplicity": ["multiplicity", "multiplicity_from", "multiplicity_to"],
    "beatty": ["beatty"],
    "closed-form": ["beatty"],
}


def apply_check(rec, chk):
    """The record with every law that fails on the board of CHECK removed."""
    assert chk["game"] == rec["game"] and chk["convention"] == rec["convention"], (rec["game"], chk["game"])
    # the report on the corner of the larger board is the sweep's own report
    if chk["patterns"] != rec["patterns"]:
        sys.exit(f"{rec['game']} ({rec['convention']}): `patterns --check` read other laws than the sweep")
    pats = [dict(q) for q in rec["patterns"]]
    gone = set()
    for c in chk["check"]["checks"]:
        if c["holds"] is not False:
            continue
        dropped.append((rec["game"], rec["convention"], c["kind"], c["law"], c["failure"]))
        q = pats[c["pattern"]]
        if c["kind"] == "pairs" and c["law"] in PAIR_FIELDS:
            for f in PAIR_FIELDS[c["law"]]:
                q[f] = None
        else:
            gone.add(c["pattern"])
    rec = dict(rec)
    # as read on the board of MAX, before the check (to compare two boards of one size)
    rec["patterns_read"] = rec["patterns"]
    rec["patterns"] = [q for i, q in enumerate(pats) if i not in gone]
    rec["refuted"] = [c for c in chk["check"]["checks"] if c["holds"] is False]
    checked_games.add((rec["game"], rec["convention"]))
    return rec


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
        return "b = " + affine(d["s"], "a", d["t"], "n", d.get("c", 0))
    return d["law"]


def affine(k1, v1, k2, v2, c):
    """k1 v1 + k2 v2 + c, signs folded (e.g. `-a + 3n + 1`)."""
    out = ""
    for k, v in ((k1, v1), (k2, v2)):
        if k == 0:
            continue
        mag = v if abs(k) == 1 else f"{abs(k)}{v}"
        out += ("-" if k < 0 else "") + mag if not out else (" - " if k < 0 else " + ") + mag
    if not out:
        return str(c)
    return out + (f" + {c}" if c > 0 else f" - {-c}" if c < 0 else "")


def b_law(q):
    l = q.get("b_law") if q else None
    return "b = " + affine(l["k"], "n", 0, "", l["c"]) if l else None


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
            parts = [law(q) or "no difference law in the vocabulary"]
            if b_law(q):
                parts.append(b_law(q))
            if q.get("multiplicity"):
                parts.append(f"mult {q['multiplicity']}")
            if q.get("mex"):
                parts.append(f"mex {q['mex']}")
            out.append(f"pairs{bs}: " + ", ".join(parts))
    if rec.get("refuted") and not out:
        return "no law that holds on the board of %d" % CHECK
    return "; ".join(out) if out else "no law in the vocabulary"


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


# The combinations of the K, a, b sweep that each of seed 003's problems 25-27 reads
# (their sections and their Walnut lines count these only).
PROBLEM_SELECT = {
    25: lambda r: p(r, "a") == 0 and p(r, "b") == 0,
    26: lambda r: p(r, "a") == p(r, "b"),
    27: lambda r: p(r, "a") != p(r, "b"),
}


def p(rec, k):
    return rec["params"][k]


# ---------------------------------------------------------------------------
# Distinct games: several parameter entries can be one game (one move set).
# ---------------------------------------------------------------------------

WINDOW = 64


def rook_key(r):
    """modulo-rook:m,l,p as a move set: two-pile moves |k - l| < m (m itself), and the
    one-pile lengths {1..m-1} u {n : n mod p < max(l, 1)} (the literal rook: l = 0 and
    l = 1 are both the multiples of p; l = p is every length). Past m the one-pile set
    has period p <= 8, so the lengths 1..m+64 decide it."""
    m, l, pp = p(r, "m"), p(r, "l"), p(r, "p")
    return (m, tuple(n < m or n % pp < max(l, 1) for n in range(1, m + WINDOW)))


def length_set(text):
    if text == "all":
        return lambda n: n >= 1
    k, res = (int(v) for v in text.split(":"))
    return lambda n: n >= 1 and n % k == res % k


def restricted_key(r):
    """restricted:s,t,h,v,d1,d2 as a move set, compared on every length up to WINDOW:
    one-pile lengths of h and v, two-pile moves (k, l) with k in d1, l in d2 and
    |l - k| < (s - 1) min(k, l) + t. (E.g. with every set the multiples of K, t = 1..K
    are one game: |l - k| is a multiple of K.)"""
    s_, t_ = p(r, "s"), p(r, "t")
    h, v, d1, d2 = (length_set(p(r, k)) for k in ("h", "v", "d1", "d2"))
    ns = range(1, WINDOW + 1)
    diag = frozenset(
        (k, l) for k in ns if d1(k) for l in ns if d2(l) and abs(l - k) < (s_ - 1) * min(k, l) + t_
    )
    return (tuple(h(n) for n in ns), tuple(v(n) for n in ns), diag)


def distinct(recs, keyf):
    return len({keyf(r) for r in recs})


def count(recs, keyf):
    """`N entries (G games)`, or `N games` when every entry is its own game."""
    g, n = distinct(recs, keyf), len(recs)
    games = f"{g} game" + ("" if g == 1 else "s")
    return games if g == n else f"{n} entr" + ("y" if n == 1 else "ies") + f" ({games})"


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
        "(docs/guide.md, Conventions): l = 0 and l = 1 both give multiples of p. *Theorem applies* "
        "means a published solution covers the parameters (Theorem 2.1 (ii a) with gcd(m,p) = 1, "
        "(ii b) l = m dividing p, or l = p / p = 1, which are m-Wythoff); its board was compared "
        "cell by cell with the published P-set (`theorem.agrees`).\n"
    )
    doc.append(
        "**Entries and games.** The table has one entry per (m, l, p), but under the literal "
        "rook several entries are one game (the same move set): l = 0 and l = 1 are one game, "
        "and l = p is m-Wythoff for every p (every length is a rook move). Every count below "
        "gives entries and, in brackets, distinct games (two entries are one game when their "
        "move sets are equal: the same m and the same one-pile lengths).\n"
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
        doc.append(f"### {conv.capitalize()} play: {count(recs, rook_key)}\n")
        applies = lambda r: (p(r, "m"), p(r, "l"), p(r, "p")) in covered
        cnt = lambda rs: count(rs, rook_key)
        ap = lambda r: bool(pairs_of(r)) and (pairs_of(r).get("difference") or {}).get("law") == "linear"
        mult = lambda r: (pairs_of(r) or {}).get("multiplicity")
        pcomp = lambda r: mult(r) == p(r, "p")
        if conv == "normal":
            th = [r for r in recs if r["theorem"]]
            bad = [r["game"] for r in th if r["theorem"]["applies"] and not r["theorem"]["agrees"]]
            n_app = sum(1 for r in recs if applies(r))
            n_only = sum(1 for r in th if "only if" in r["theorem"]["source"])
            n_app = cnt([r for r in recs if applies(r)])
            doc.append(
                f"- Published results: {n_app} where the theorem applies, all "
                f"{'agree' if not bad else 'agree except ' + ', '.join(bad)} with the board; "
                f"{cnt([r for r in th if 'only if' in r['theorem']['source']])} with l <= 1 and gcd(m,p) > 1, where Theorem 2.1 (ii a) says the "
                f"Beatty pair is *not* the P-set: "
                f"{sum(1 for r in th if 'only if' in r['theorem']['source'] and r['theorem']['agrees'])} "
                "of them differ from it on the board, as stated.\n"
            )
        # grid: rows (m, p), columns l
        doc.append(
            "Each cell: `T` the theorem applies; then the multiplicity of the values in the "
            "pairs (a, b) (`p` = exactly p, i.e. p-complementary; a number = another multiplicity; "
            "`-` = no multiplicity law in the detector's vocabulary, which says nothing about the game); then `AP` when d_i - c_i is an arithmetic progression "
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
            f"over the {cnt(proper)} with l < p (l = p is m-Wythoff, whose pairs are "
            f"1-complementary): `patterns` found pairs with a multiplicity (checked on the board of {CHECK}) in {cnt(has_pairs)} "
            f"({sum(1 for r in has_pairs if pairs_of(r).get('order') == 'a')} entries read in a-order: "
            "b_n not increasing, the rows a < N/(2R) read, see docs/guide.md, Patterns); "
            f"the multiplicity is exactly p in {cnt([r for r in has_pairs if pcomp(r)])}"
            + (
                f", another value in {cnt(not_pc)}: the smallest counterexample (by m + p + l) is "
                f"`{not_pc[0]['game']}`: {signature(not_pc[0])}"
                if not_pc
                else ""
            )
            + f". Undecided: {cnt(undecided)} (no multiplicity law in the detector's vocabulary on the board, "
            "which is not evidence either way)"
            + (f", the smallest `{undecided[0]['game']}` ({signature(undecided[0])})" if undecided else "")
            + ".\n"
        )
        decided_2 = [r for r in has_pairs if p(r, "l") >= 2]
        pc_2 = [r for r in decided_2 if pcomp(r)]
        if decided_2:
            doc.append(
                "  With 2 <= l < p: "
                + (
                    f"none of the decided ones ({cnt(decided_2)}) is p-complementary"
                    if not pc_2
                    else f"of the decided ones ({cnt(decided_2)}), {cnt(pc_2)} are p-complementary"
                )
                + f"; the undecided ones ({cnt([r for r in undecided if p(r, 'l') >= 2])}) are open.\n"
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
            f"{cnt([r for r in recs if ap(r) == applies(r)])} of the {cnt(recs)}"
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
                f"  Of the exceptions ({cnt(iff_bad)}), {cnt(ap_open)} are outside the theorem with "
                "differences that are nevertheless an arithmetic progression"
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
        walnut_line(doc, recs, SEED000, misere, proofs(SEED000, misere))
        if conv == "normal":
            proofs_line(doc, lambda name, q: name == "modulo-rook")
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


def proved_words(good, prf):
    """How many of the games where a guess holds (on the boards) have a P-set proved by Walnut."""
    if prf is None or not good:
        return ""
    groups = proof_groups(good, prf)
    proved = sum(1 for v in groups.values() if v == "proved")
    n = len(groups)
    if proved == 0:
        return f" (on the boards only: Walnut proved the P-set of none of these {n} games)"
    if proved == n:
        return (
            f" (on the boards, and Walnut proved the P-set of all {n} of these games: "
            f"there the guess can be checked against a proved automaton)"
        )
    return (
        f" (on the boards; Walnut proved the P-set of {proved} of these {n} games, where the "
        f"guess can be checked against a proved automaton; evidence only for the other {n - proved})"
    )


def guess_report(doc, recs, name, test, order, prf=None):
    """A guess checked on every game: where it fails, the smallest game whose laws refute it, or,
    when every failure is a game with no law in the vocabulary, that the data does not decide.
    With the proof sweep's verdicts (`prf`), the games where it holds are split into those whose
    P-set Walnut proved and the rest (evidence only)."""
    bad = sorted((r for r in recs if not test(r)), key=order)
    refuting = [r for r in bad if r["patterns"]]
    n = count(recs, restricted_key)
    good = [r for r in recs if test(r)]
    if not bad:
        doc.append(f"- Guess *{name}*: holds for all {n}{proved_words(good, prf)}.\n")
        return
    text = f"- Guess *{name}*: holds for {count(good, restricted_key)} of the {n}{proved_words(good, prf)}"
    if refuting:
        r = refuting[0]
        text += (
            f"; fails where a law of the board contradicts it in {count(refuting, restricted_key)}, smallest "
            f"`{r['game']}` ({r['convention']}): {signature(r)}"
        )
    undecided = [r for r in bad if not r["patterns"]]
    if undecided:
        text += (
            f"; {count(undecided, restricted_key)} {'has' if len(undecided) == 1 else 'have'} no law in the detector's vocabulary (not decided "
            f"by this data), smallest `{undecided[0]['game']}` ({undecided[0]['convention']})"
        )
    doc.append(text + ".\n")


PROOFS_MD = os.path.join(ROOT, "docs", "proofs.md")


def proof_rows():
    """The rows of docs/proofs.md (generated by scripts/proofs.py): (game, convention,
    verdict, numeration, states, files)."""
    if not os.path.exists(PROOFS_MD):
        return []
    rows = []
    with open(PROOFS_MD) as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) in (9, 10) and cells[0].startswith("`"):
                rows.append(
                    {
                        "game": cells[0].strip("`"),
                        "convention": cells[1],
                        "verdict": cells[2].strip("*"),
                        "numeration": cells[4].strip("`"),
                        "states": cells[5],
                    }
                )
    return rows


def game_params(game):
    name, _, rest = game.partition(":")
    return name, dict(kv.split("=", 1) for kv in rest.split(",") if "=" in kv)


def proofs_line(doc, member):
    """Links the Walnut verdicts of docs/proofs.md for the games `member(name, params)` accepts."""
    rows = [r for r in proof_rows() if member(*game_params(r["game"]))]
    if not rows:
        return
    proved = [r for r in rows if r["verdict"] == "proved"]
    other = [r for r in rows if r["verdict"] != "proved"]
    text = "- **Walnut** ([docs/proofs.md](proofs.md), `wythoff prove`): "
    if proved:
        text += "proved for every position: " + ", ".join(
            f"`{r['game']}` ({r['convention']}, {r['states']} states in `{r['numeration']}`)" for r in proved
        )
    if other:
        text += ("; " if proved else "") + ", ".join(f"`{r['game']}` ({r['convention']}): {r['verdict']}" for r in other)
    doc.append(text + ".\n")
    # seed 000 section 7's questions, decided by Walnut (docs/proofs.md, scripts/proofs.py)
    answers = []
    with open(PROOFS_MD) as f:
        inside = False
        for line in f:
            if line.startswith("## "):
                inside = "section 7's questions" in line
            elif inside and line.startswith("- `"):
                game = line[3:].split("`", 1)[0]
                if member(*game_params(game)):
                    # the links are relative to docs/, like this document
                    answers.append(line.rstrip())
    if answers:
        doc.append("- **Section 7's questions as Walnut theorems** ([docs/proofs.md](proofs.md)):\n")
        doc.extend("  " + a for a in answers)
        if any("l=1," in a for a in answers):
            doc.append(
                "  - In the catalogue's encoding (literal, as the paper's definition reads) `l = 1` gives the "
                "one-pile moves of `l = 0` (multiples of p, and lengths below m), so the `l = 1` games above "
                "with gcd(m, p) = 1 are mWN^(p), where Theorem 2.1 (ii a) already answers; the Walnut theorems "
                "agree with it. The cases the paper asks about need `l >= 2` in this encoding (none proved yet: "
                "see [docs/proofs.md](proofs.md) for the ones tried)."
            )
        doc.append("")


def kk_period(r):
    """A periodic law (checked on the larger board) whose period, in cells, divides K in both
    directions: then K x K is a period too."""
    K = p(r, "K")
    return any(
        q["kind"] == "periodic"
        and K % (q["period"][0] * (q.get("block") or 1)) == 0
        and K % (q["period"][1] * (q.get("block") or 1)) == 0
        for q in r["patterns"]
    )


def comparable(q):
    """A pattern without its block size and its x/y-free wording, to compare laws of two boards."""
    return {k: v for k, v in q.items() if k not in ("block",)}


st_cache = {}


def st_wythoff_patterns(s_, t_, side, misere):
    """`patterns st-wythoff:s,t --max side` (the quotient game of problem 25)."""
    key = (s_, t_, side, misere)
    if key not in st_cache:
        cmd = [BIN, "patterns", f"st-wythoff:s={s_},t={t_}", "--max", str(side), "--format", "json"]
        if misere:
            cmd.append("--misere")
        st_cache[key] = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)["patterns"]
    return st_cache[key]


def thickening(r):
    """Problem 25: the board is read in K x K blocks and the shrunk board has exactly the laws
    of (s, ceil(t/K))-Wythoff on the same board (in the same convention)."""
    K, s_, t_ = p(r, "K"), p(r, "s"), p(r, "t")
    read = r.get("patterns_read", r["patterns"])
    if not read or any((q.get("block") or 1) != K for q in read):
        return False
    # both read on boards of MAX // K (before any re-check), so equal reports mean
    # equal boards as far as the detector sees
    want = st_wythoff_patterns(s_, -(-t_ // K), MAX // K, r["convention"] == "misere")
    return [comparable(q) for q in read] == [comparable(q) for q in want]


PROBLEM25_THEOREM = """**Theorem (problem 25, answered for every K, s, t, both conventions).** Let S1 = S2 = D1 = D2 =
K Z_{>0} (the positive multiples of K) and t' = ceil(t/K). A position (x, y) is P (normal or misère play)
iff (floor(x/K), floor(y/K)) is P in (s, t')-Wythoff in the same convention. So the P-set is the K x K
thickening of (s, t')-Wythoff's: in normal play the blocks of the pairs (A_n, B_n), A_n = mex{A_i, B_i : i < n},
B_n = s A_n + t' n (Fraenkel); for t <= K, t' = 1 and B_n = s A_n + n. K = 2 is Theorems 13 and 14 (Even-Even:
2 B_n = s (2 A_n) + (t + delta_t) n, since 2 ceil(t/2) = t + delta_t).

*Proof.* Every move removes a multiple of K from each pile it touches, so it keeps (x mod K, y mod K) and
maps (KX + i, KY + j) to (K(X - a) + i, K(Y - b) + j), where (Ka, Kb) is the move. One-pile moves of every
multiple of K are legal: on (X, Y) they are one-pile moves of every length. A two-pile move (Ka, Kb), a, b > 0,
is legal iff |Kb - Ka| < (s - 1) K min(a, b) + t, that is |b - a| < (s - 1) min(a, b) + t/K; the left side and
(s - 1) min(a, b) are integers, so this is |b - a| < (s - 1) min(a, b) + t', the two-pile rule of
(s, t')-Wythoff (max(a, b) < s min(a, b) + t'). So the moves from (x, y) correspond one to one to the moves
of (s, t')-Wythoff from (X, Y), and the terminal positions (x, y < K) to its terminal position (0, 0):
the two game graphs are isomorphic and outcomes agree in both conventions. QED.

The rows below are the data that led to it (boards of %d, every law re-checked on %d). The earlier version of
this report said the guess held for 9 of 54 games: its detector took the first block size that tiled the
board, so 4 x 4 blocks were read as 2 x 2 blocks; `patterns` now reads the largest block size that tiles.
"""


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
            PROBLEM_SELECT[25],
            lambda r: (p(r, "K"),),
            ["K"],
            [
                (
                    "the P-positions are thickened to K x K blocks (as Even-Even's 2 x 2)",
                    lambda r: bool(r["patterns"]) and all((q.get("block") or 1) == p(r, "K") for q in r["patterns"]),
                ),
                (
                    "`patterns` reads K x K blocks whose laws are exactly those of (s, ceil(t/K))-Wythoff "
                    "on the shrunk board (`patterns st-wythoff:s=S,t=T'`, same convention)",
                    thickening,
                ),
            ],
        ),
        (
            26,
            "S1 = S2 = D1 = D2 = Z_K^(r), r fixed. K = 2, r = 1 is Odd-Odd (Theorems 7, 9: "
            "normal play P = all (even, even)); generalise to K >= 3 and every r?",
            PROBLEM_SELECT[26],
            lambda r: (p(r, "K"), p(r, "a")),
            ["K", "r"],
            [
                (
                    "P is periodic with period K x K (as Odd-Odd's 2 x 2; a period dividing K counts: "
                    "a 2 x 2 period is a K x K period for even K)",
                    kk_period,
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
            PROBLEM_SELECT[27],
            lambda r: (p(r, "K"), p(r, "a"), p(r, "b")),
            ["K", "r1", "r2"],
            [
                (
                    "P is periodic (some period)",
                    lambda r: "periodic" in kinds(r),
                ),
                (
                    "P is periodic with period K x K (a period dividing K counts)",
                    kk_period,
                ),
            ],
        ),
    ]
    for num, question, select, keyf, keynames, guesses in problems:
        doc.append(f"### Problem {num}\n")
        doc.append(f"**Question.** {question}\n")
        if num == 25:
            doc.append(PROBLEM25_THEOREM % (MAX, CHECK))
        for conv, _ in CONVS:
            try:
                all_recs = both(conv)
            except NotComputed as e:
                doc.append(not_computed(conv, e))
                continue
            recs = [r for r in all_recs if select(r)]
            th = [r for r in recs if r["theorem"]]
            doc.append(f"#### {conv.capitalize()} play: {count(recs, restricted_key)}\n")
            if th:
                ok = sum(1 for r in th if r["theorem"]["agrees"])
                doc.append(
                    f"Published results (K = 2): {len(th)} games, {ok} agree with the board cell by cell.\n"
                )
            doc.append(table(keynames + ["games", "forms found over s, t <= 3"], group_table(recs, keyf, keynames)) + "\n")
            doc.append("**What the data says.**\n")
            prf = proofs(SEED003_ONE_PILE_AND_DIAGONAL, conv_misere[conv])
            walnut_line(doc, recs, SEED003_ONE_PILE_AND_DIAGONAL, conv_misere[conv], prf)
            k3 = [r for r in recs if p(r, "K") >= 3]
            scope = ", K >= 3"
            if num == 26:
                k3 = [r for r in k3 if p(r, "a") >= 1]
                scope = ", K >= 3, r >= 1 (r = 0 is problem 25)"
            for name, test in guesses:
                guess_report(doc, k3, name + scope, test, order, prf)
            forms = Counter(coarse(r) for r in k3)
            doc.append(
                "- Forms for K >= 3 (entries): " + ", ".join(f"{k} ({v})" for k, v in forms.most_common()) + ".\n"
            )
            if conv == "normal":
                fam = {
                    25: lambda a, b: a == b == 0,
                    26: lambda a, b: a == b != 0,
                    27: lambda a, b: a != b,
                }[num]

                def member(name, q, fam=fam):
                    if name != "restricted" or not all(k in q for k in ("h", "v", "d1", "d2")):
                        return False
                    if q["h"] != q["d1"] or q["v"] != q["d2"] or "all" in (q["h"], q["v"]):
                        return False
                    (k1, a), (k2, b) = (tuple(map(int, q[k].split(":"))) for k in ("h", "v"))
                    return k1 == k2 and fam(a, b)

                proofs_line(doc, member)
            none = [r for r in k3 if not r["patterns"]]
            if none:
                doc.append(
                    f"- No law in the detector's vocabulary: {count(none, restricted_key)}. That is a fact about "
                    "the detector (finite, periodic, pairs with mex / difference / affine / b / multiplicity / "
                    "Beatty laws), not about the games: a guess is not refuted by them, and not confirmed.\n"
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
        doc.append(f"#### {conv.capitalize()} play: {count(recs, restricted_key)}\n")
        th = [r for r in recs if r["theorem"]]
        if th:
            ok = sum(1 for r in th if r["theorem"]["agrees"])
            doc.append(f"Published results: {len(th)} games, {ok} agree with the board cell by cell.\n")
        doc.append(table(["K", "r", "games", "forms found over s, t <= 3"], group_table(recs, lambda r: (p(r, "K"), p(r, "r")), ["K", "r"])) + "\n")
        doc.append("**What the data says.**\n")
        prf = proofs(SEED003_DIAGONAL_ONLY, conv_misere[conv])
        walnut_line(doc, recs, SEED003_DIAGONAL_ONLY, conv_misere[conv], prf)
        k2 = [r for r in recs if p(r, "K") >= 2]
        guess_report(
            doc,
            k2,
            "the P-positions are pairs with B_n = s A_n + t n, as in (s,t)-Wythoff, K >= 2",
            lambda r: any(
                q["kind"] == "pairs"
                and (
                    q.get("difference") == {"law": "affine", "s": p(r, "s"), "t": p(r, "t"), "c": 0, "from": 0}
                    or (p(r, "s") == 1 and q.get("difference") == {"law": "linear", "m": p(r, "t"), "c": 0, "from": 0})
                )
                for q in r["patterns"]
            ),
            order,
            prf,
        )
        guess_report(
            doc,
            k2,
            "the P-positions are pairs (a_n, b_n) with some difference law, K >= 2",
            lambda r: bool(pairs_of(r)) and bool(pairs_of(r).get("difference")),
            order,
            prf,
        )
        forms = Counter(coarse(r) for r in k2)
        doc.append("- Forms for K >= 2 (entries): " + ", ".join(f"{k} ({v})" for k, v in forms.most_common()) + ".\n")
        aff = [r for r in k2 if any((q.get("difference") or {}).get("law") == "affine" for q in r["patterns"])]
        lin = [r for r in k2 if any((q.get("difference") or {}).get("law") == "linear" for q in r["patterns"])]
        bl = [r for r in k2 if any(q.get("b_law") for q in r["patterns"])]
        doc.append(
            f"- Exact laws beyond (s,t)-Wythoff's, each holding on the board of {CHECK} too: an affine law "
            f"b_n = s' a_n + t' n + c in {count(aff, restricted_key)}"
            + (
                " (" + ", ".join(f"`{r['game']}`: {law(pairs_of(r))}" for r in sorted(aff, key=order)[:6])
                + (" ..." if len(aff) > 6 else "") + ")"
                if aff
                else ""
            )
            + f"; b_n - a_n = m n + c in {count(lin, restricted_key)}; b_n = k n + c alone in {count(bl, restricted_key)}.\n"
        )
    ex = "restricted:s=1,t=1,h=all,v=all,d1=3:1,d2=3:1"
    doc.append(f"![{ex}]({plot(ex, 'problem28.png', max_=80)})\n")


def records_section(doc):
    """The section listing the proof sweeps' per-game records and their counts."""
    doc.append("## The proof sweeps' records\n")
    index = read_index()
    doc.append(
        "Every Walnut verdict counted from records comes from these per-game records, kept in the "
        "repository (`docs/open-problems/proofs/`, one JSON record per combination of parameters, gzip; "
        "`index.json` lists them with the command, binary and wall time). `scripts/open_problems.py "
        "--check-proofs` re-counts each family from its records and checks the lines below (a test runs "
        "it). Per family, the distinct games (a game whose moves equal an earlier combination's is proved "
        "once, `shared_with`):\n"
    )
    if index:
        for name, entry in sorted(index.items(), key=lambda kv: (kv[1]["spec"], kv[1]["convention"])):
            doc.append(family_line(entry, entry["verdicts"]) + f" Records: [{name}](open-problems/proofs/{name}).\n")
    else:
        doc.append("- none in the repository yet\n")
    pending = [
        f"`{spec}` ({'misere' if misere else 'normal'})"
        for spec in (SEED000, SEED003_ONE_PILE_AND_DIAGONAL, SEED003_DIAGONAL_ONLY)
        for misere in (False, True)
        if os.path.basename(proof_records(spec, misere)) not in index
    ]
    if pending:
        doc.append(
            "Not yet re-run with the fixed proof sweep (issue 44: the sweep now keys games by their whole "
            "rule value and searches as `prove` does), so their **Walnut, every game** lines above still "
            "give the counts of the earlier sweep, whose records were not kept: "
            + ", ".join(pending) + ".\n"
        )
    if PARTIAL_UPDATE[0]:
        doc.append(
            "The **Walnut, every game** lines and this section are rewritten from the records "
            "(`--update-proofs`); the sentences that cross the proofs with the board sweeps' laws "
            "(\"Walnut proved the P-set of all N\" after a guess) are rewritten only when the whole "
            "document is regenerated (`OP_PROVE=1 scripts/open_problems.py`, board sweeps included), "
            "and until then still count the earlier sweep's proofs.\n"
        )


SEED001 = os.path.join(PICS, "seed001.md")


def seed001_section(doc):
    """Seed 001, section 5.1 (Grundy numbers of m-Modular Wythoff): the fragment
    scripts/seed001.py writes (docs/open-problems/seed001.md), included as it is."""
    if os.path.exists(SEED001):
        with open(SEED001) as f:
            doc.append(f.read().rstrip("\n") + "\n")


# set by update_proofs: the document is rewritten in part (the records' lines only)
PARTIAL_UPDATE = [False]


def update_proofs():
    """Import the finished proof sweeps of the cache into the repository, and rewrite in
    docs/open-problems.md what their records decide without the board sweeps: the
    Walnut line of each family (seed 000's, seed 003's two) and the records section."""
    for spec in (SEED000, SEED003_ONE_PILE_AND_DIAGONAL, SEED003_DIAGONAL_ONLY):
        for _, misere in CONVS:
            if not os.path.exists(proof_records(spec, misere)) and os.path.exists(proof_cache(spec, misere)):
                import_proofs(spec, misere, proof_cache(spec, misere))
    with open(DOC) as f:
        text = f.read()
    lines = text.split("\n")
    for spec, (_, misere) in [(s, c) for s in (SEED000, SEED003_ONE_PILE_AND_DIAGONAL, SEED003_DIAGONAL_ONLY) for c in CONVS]:
        path = proof_records(spec, misere)
        if not os.path.exists(path):
            continue
        recs = load_records(path)
        prf = {r["index"]: r["proof"] for r in recs}
        for i, line_spec, line_misere, problem in list(walnut_lines(lines)):
            if (line_spec, line_misere) == (spec, misere):
                # a problem's line counts the combinations that problem reads
                new = []
                walnut_line(new, line_records(recs, spec, problem), spec, misere, prf)
                lines[i] = new[0].rstrip("\n")
    text = "\n".join(lines)
    s1 = []
    seed001_section(s1)
    if s1:
        a = text.find("## Seed 001, section 5.1")
        b = text.find("## Laws read on")
        text = text[: a if a >= 0 else b] + "\n".join(s1) + "\n" + text[b:]
    a = text.find("## The proof sweeps' records\n")
    b = text.find("## How this was run\n")
    sec = []
    PARTIAL_UPDATE[0] = True
    records_section(sec)
    body = "\n".join(sec) + "\n"
    if a >= 0:
        text = text[:a] + body + text[b:]
    else:
        text = text[:b] + body + text[b:]
    with open(DOC, "w") as f:
        f.write(text)


def main():
    if "--check-proofs" in sys.argv[1:]:
        sys.exit(check_proofs())
    if "--update-proofs" in sys.argv[1:]:
        update_proofs()
        sys.exit(check_proofs())
    if PROOF_SWEEPS:
        for spec in (SEED000, SEED003_ONE_PILE_AND_DIAGONAL, SEED003_DIAGONAL_ONLY):
            for _, misere in CONVS:
                print(f"{spec}\t{'misere' if misere else 'normal'}\t{proof_cache(spec, misere)}")
        return
    if not os.path.exists(BIN):
        sys.exit(f"no binary at {BIN}: run `cargo build --release` first")
    t0 = time.time()
    doc = [
        "# The papers' open problems, answered with data\n",
        "Generated by `scripts/open_problems.py` (do not edit by hand): every number below "
        "comes from `wythoff sweep` runs (`wythoff patterns` on every game of a family of "
        f"parameters, board {MAX} x {MAX}, plus the published result where a paper states "
        "one) and every picture from `wythoff plot`. A form found by `patterns` holds on every "
        f"cell of the board (no sampling), and **every law stated here was re-checked on the board "
        f"of {CHECK}, twice as large** (`wythoff patterns GAME --max {MAX} --check {CHECK}`, for every "
        "game of every sweep); a law that fails there is not stated (the laws dropped so are listed "
        "at the end). A *guess* is a statement checked on every game of the range, with the smallest "
        "counterexample where a law contradicts it. \"No law in the vocabulary\" means the detector "
        "found none of its kinds (finite, periodic, pairs with mex / difference / affine / b / "
        "multiplicity / Beatty laws): a fact about the detector, never evidence about the game, and "
        "such games are counted apart. Unless a theorem with its proof is given (problem 25), these "
        "are conjectures checked on finite boards, not proofs.\n",
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
    seed001_section(doc)
    total = time.time() - t0
    doc.append(f"## Laws read on {MAX} that the board of {CHECK} refutes\n")
    if not checked_games:
        doc.append("No law was re-checked in this run.\n")
    else:
        kinds_dropped = Counter((c, k, l) for _, c, k, l, _ in dropped)
        doc.append(
            f"Every game of every sweep above ({len(checked_games)} game/convention pairs) was re-checked "
            f"on the board of {CHECK}. {len(dropped)} laws failed there and are left out of everything above"
            + (
                ": " + ", ".join(f"{n} {k} {l} ({c})" for (c, k, l), n in sorted(kinds_dropped.items()))
                + ". The first of each kind:\n"
                if dropped
                else ".\n"
            )
        )
        seen = set()
        for g, c, k, l, f in dropped:
            if (c, k, l) in seen:
                continue
            seen.add((c, k, l))
            doc.append(f"- `{g}` ({c}), {k} {l}: {f}\n")
    records_section(doc)
    doc.append("## How this was run\n")
    doc.append(
        f"`scripts/open_problems.py` with `{os.path.relpath(BIN, ROOT)}`, board {MAX}, laws re-checked "
        f"on {CHECK}. The computations read here, with their wall time when they ran (on the project's "
        "2-core machine, shared with other work at the time):\n"
    )
    tfile = os.path.join(CACHE, "timings.jsonl")
    seen = []
    if os.path.exists(tfile):
        with open(tfile) as f:
            for line in f:
                t = json.loads(line)
                seen.append(t)
    seen = [t for t in seen if not ("--prove" in t["what"] and "sweep" in t["what"])]
    if seen:
        for t in seen:
            doc.append(f"- `wythoff {t['what']}`: {t['seconds']:.0f} s ({t['when']})\n")
    else:
        doc.append("- not recorded (the cache holds no timings)\n")
    index = read_index()
    for name, entry in sorted(index.items(), key=lambda kv: (kv[1]["spec"], kv[1]["convention"])):
        took = f"{entry['seconds']:.0f} s ({entry['when']})" if entry["seconds"] is not None else "time not recorded"
        doc.append(f"- `wythoff {entry['run'] or entry['command']}`: {took} (the proof sweep of {name})\n")
    with open(DOC, "w") as f:
        f.write("\n".join(doc))
    print(f"wrote {DOC} in {total:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
