#!/usr/bin/env python3
"""Blocking Wythoff Nim k = 5..20 in the numerations the data predicts (issue 51):
per-k records in docs/blocking-wythoff-numerations/k-KK.json, and the section of
docs/blocking-wythoff.md between the markers below, generated from them.

    scripts/blocking_numerations.py run K [K ...] [--boards 512,1024,2048,4096]
                                    [--states S] [--bin PATH]
    scripts/blocking_numerations.py growth K NUM [NUM ...] [--boards ...] [--states S]
    scripts/blocking_numerations.py extend K NUM [NUM ...] --boards 8192,16384
                                    [--states S] [--bin PATH] [--misere]
    scripts/blocking_numerations.py render

`run` guesses, for each k and board, an automaton of the P-set with
`wythoff prove blocking-wythoff:k=K --max N --plan --states S` (the guess alone,
no Walnut): first in the seven default numerations, then in the Ostrowski
numerations of the ray slopes `patterns` derives from the covers (prove adds
them by itself when the defaults find nothing). For every numeration tried it
records the Myhill-Nerode classes the guesser saw on each board (the count that
passed the state bound `S` when none was found, the automaton's states when one
was), and writes the record. A k whose guess succeeds is then proved by hand
with `wythoff prove` (Walnut), and its record's `walnut` entry filled in with the
command, the verdict and the peak memory (`/usr/bin/time -v`).

`growth` re-runs the guess for one k in the numerations named (`--numeration NUM`,
e.g. base:2, zeckendorf) with a larger state bound (default 3000), to see whether the
class count keeps growing with the board; the counts go to the record's `growth`.

`extend` guesses for one k on larger boards in the numerations named only
(`--numeration NUM`, e.g. the derived `frac:(2+sqrt29)/5`, `inv:(2+sqrt29)/5`;
prove solves boards up to 16384), one command a numeration, and adds their
attempts to the record's `boards` (each attempt with its own command, seconds
and peak memory from `/usr/bin/time -v`); the other numerations' cells of those
boards stay empty (`-`: not tried there).

`render` rewrites the marked section of docs/blocking-wythoff.md from the
records (scripts/blocking_wythoff.py keeps the section as it is).
Standard library only.
"""

import glob
import json
import os
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = os.path.join(ROOT, "docs", "blocking-wythoff-numerations")
DOC = os.path.join(ROOT, "docs", "blocking-wythoff.md")
BEGIN = "<!-- numerations: begin (scripts/blocking_numerations.py render) -->"
END = "<!-- numerations: end -->"

# "Ostrowski [0; 1, (2)]: none with at most 300 states (301 classes seen, 9 digits of data) [slope ...]"
ATTEMPT = re.compile(
    r"^(?P<num>.+?): (?:(?P<states>\d+) states|none with at most (?P<bound>\d+) states "
    r"\((?P<classes>\d+) classes seen, (?P<digits>\d+) digits of data\))(?: \[(?P<origin>.*)\])?$"
)


def guess(binary, k, n, states):
    cmd = [binary, "prove", f"blocking-wythoff:k={k}", "--max", str(n), "--plan",
           "--states", str(states), "--format", "json"]
    t0 = time.time()
    p = subprocess.run(["nice", "-n", "10"] + cmd, capture_output=True, text=True)
    secs = time.time() - t0
    if p.returncode != 0:
        return {"command": " ".join(cmd[1:]), "error": p.stderr.strip(), "seconds": round(secs, 1)}
    j = json.loads(p.stdout)
    return {"command": "wythoff " + " ".join(cmd[1:]), "seconds": round(secs, 1), "plan": j}


def attempts_of(plan):
    """The numerations tried, from the plan's `tried` lines."""
    out = []
    for line in plan.get("tried", []):
        m = ATTEMPT.match(line)
        if not m or line.startswith("graphs of"):
            continue
        out.append({
            "numeration": m["num"],
            "found_states": int(m["states"]) if m["states"] else None,
            "classes": int(m["classes"]) if m["classes"] else int(m["states"]),
            "digits": int(m["digits"]) if m["digits"] else None,
            "origin": m["origin"],
        })
    return out


def run(ks, boards, states, binary):
    os.makedirs(RECORDS, exist_ok=True)
    for k in ks:
        path = os.path.join(RECORDS, f"k-{k:02d}.json")
        rec = json.load(open(path)) if os.path.exists(path) else {"k": k}
        rec["game"] = f"blocking-wythoff:k={k}"
        rec["state_bound"] = states
        rec.setdefault("boards", {})
        for n in boards:
            g = guess(binary, k, n, states)
            entry = {"command": g["command"], "seconds": g["seconds"]}
            if "error" in g:
                entry["error"] = g["error"]
            else:
                plan = g["plan"]
                entry["attempts"] = attempts_of(plan)
                entry["found"] = plan.get("automaton") is not None or any(
                    a["found_states"] for a in entry["attempts"])
            rec["boards"][str(n)] = entry
            print(f"k={k} N={n}: {g['seconds']} s, "
                  f"{[(a['numeration'], a['classes'], a['found_states']) for a in entry.get('attempts', [])]}",
                  file=sys.stderr, flush=True)
            with open(path, "w") as f:
                json.dump(rec, f, indent=1, sort_keys=True)
                f.write("\n")


def growth(k, nums, boards, states, binary):
    path = os.path.join(RECORDS, f"k-{k:02d}.json")
    rec = json.load(open(path)) if os.path.exists(path) else {"k": k}
    g = rec.setdefault("growth", {"state_bound": states, "counts": {}})
    g["state_bound"] = states
    for num in nums:
        for n in boards:
            cmd = [binary, "prove", f"blocking-wythoff:k={k}", "--max", str(n), "--plan",
                   "--states", str(states), "--numeration", num, "--format", "json"]
            t0 = time.time()
            p = subprocess.run(["nice", "-n", "10"] + cmd, capture_output=True, text=True)
            secs = round(time.time() - t0, 1)
            if p.returncode != 0:
                print(f"k={k} {num} N={n}: {p.stderr.strip()}", file=sys.stderr)
                continue
            att = attempts_of(json.loads(p.stdout))
            a = att[0] if att else None
            g["counts"].setdefault(num, {})[str(n)] = {
                "classes": a["classes"] if a else None, "digits": a["digits"] if a else None,
                "found_states": a["found_states"] if a else None, "seconds": secs,
                "command": "wythoff " + " ".join(cmd[1:])}
            print(f"k={k} {num} N={n}: {a} {secs} s", file=sys.stderr, flush=True)
            with open(path, "w") as f:
                json.dump(rec, f, indent=1, sort_keys=True)
                f.write("\n")


def extend(k, nums, boards, states, binary, misere):
    path = os.path.join(RECORDS, f"k-{k:02d}{'-misere' if misere else ''}.json")
    rec = json.load(open(path))
    for n in boards:
        entry = rec["boards"].setdefault(str(n), {"attempts": [], "commands": [], "seconds": 0})
        for num in nums:
            cmd = [binary, "prove", f"blocking-wythoff:k={k}"] + (["--misere"] if misere else []) + [
                "--max", str(n), "--plan", "--states", str(states), "--numeration", num,
                "--format", "json"]
            t0 = time.time()
            p = subprocess.run(["/usr/bin/time", "-f", "%M", "nice", "-n", "10"] + cmd,
                               capture_output=True, text=True)
            secs = round(time.time() - t0, 1)
            text = "wythoff " + shlex.join(cmd[1:])
            if p.returncode != 0:
                print(f"k={k} {num} N={n}: {p.stderr.strip()}", file=sys.stderr)
                continue
            peak_kib = int(p.stderr.strip().splitlines()[-1])
            for a in attempts_of(json.loads(p.stdout)):
                a.update({"command": text, "seconds": secs, "peak_mib": round(peak_kib / 1024)})
                entry["attempts"] = [b for b in entry["attempts"] if b["numeration"] != a["numeration"]]
                entry["attempts"].append(a)
                print(f"k={k} N={n}: {a}", file=sys.stderr, flush=True)
            entry["commands"] = [c for c in entry["commands"] if c != text] + [text]
            entry["seconds"] = round(sum(a.get("seconds", 0) for a in entry["attempts"]), 1)
            entry["found"] = any(a["found_states"] for a in entry["attempts"])
            with open(path, "w") as f:
                json.dump(rec, f, indent=1, sort_keys=True)
                f.write("\n")


def verdict(rec):
    if rec.get("walnut"):
        return rec["walnut"].get("verdict", "-")
    found = [(int(n), a) for n, b in rec.get("boards", {}).items() for a in b.get("attempts", [])
             if a["found_states"]]
    if found:
        n, a = min(found, key=lambda t: t[0])
        return f"automaton guessed on {n} ({a['found_states']} states, {a['numeration']}); Walnut not run"
    sizes = sorted(int(n) for n in rec.get("boards", {}))
    bound = rec.get("state_bound", 0)
    series = {}  # numeration -> [(board, attempt)] in board order
    for n in sizes:
        for a in rec["boards"][str(n)].get("attempts", []):
            series.setdefault(a["numeration"], []).append((n, a))
    past = [num for num, ser in series.items() if ser[-1][1]["classes"] > bound]
    text = (f"no automaton found on boards {', '.join(map(str, sizes))} (a fact about this "
            f"search, not about the game): more than {bound} classes in "
            f"{len(past)} numeration(s) on the largest board each was tried on")
    parts = []
    for num, ser in series.items():
        if num in past:
            continue
        counts = [a["classes"] for _, a in ser]
        grow = (len(counts) >= 2 and counts[-1] > counts[-2])
        parts.append(
            f"{num} ({', '.join(map(str, counts))} classes on {', '.join(str(n) for n, _ in ser)}: "
            + ("still growing on the largest board" if grow else
               "the same on the last boards, the table not closed: undecided") + ")")
    if parts:
        text += "; below the bound, the table never closed and consistent, in " + "; ".join(parts)
    return text


def render():
    recs = [json.load(open(p)) for p in sorted(glob.glob(os.path.join(RECORDS, "k-*.json")))]
    lines = [BEGIN, "## Numerations from the data (issue 51)", "",
             "Generated by `scripts/blocking_numerations.py render` from the per-k records in "
             "`docs/blocking-wythoff-numerations/` (do not edit by hand; each record holds the "
             "exact commands). For each k and board N: every numeration `prove` tried (the seven "
             "defaults, then the Ostrowski numerations of frac(alpha) and 1/alpha for every ray "
             "slope alpha that `patterns` derives from the covers as a quadratic irrational), and "
             "what its Myhill-Nerode guesser saw: **S states** where an automaton agreed with "
             "every cell; `> B` where the classes passed the state bound B (no automaton of at "
             "most B states fits that board); `C (d d.)` where the guesser saw C classes on the "
             "d digits of data the board holds in that numeration and its table never became "
             "closed and consistent: the board is too short in that numeration to decide "
             "(neither found nor excluded). Counts that keep growing with the board are the "
             "evidence against a small automaton; `> B` on every board says only that B was passed; "
             "`-`: not tried on that board (boards above 4096 were guessed in the derived "
             "numerations only).", ""]
    for rec in recs:
        boards = sorted(rec.get("boards", {}), key=int)
        nums = []
        for n in boards:
            for a in rec["boards"][n].get("attempts", []):
                if a["numeration"] not in [x[0] for x in nums]:
                    nums.append((a["numeration"], a.get("origin")))
        lines.append(f"### k = {rec['k']}" + (" (misère play)" if "misère" in rec.get("game", "") else ""))
        lines.append("")
        lines.append("| numeration | from | " + " | ".join(f"N = {n}" for n in boards) + " |")
        lines.append("|---|---|" + "---|" * len(boards))
        for num, origin in nums:
            cells = []
            for n in boards:
                a = next((a for a in rec["boards"][n].get("attempts", []) if a["numeration"] == num), None)
                if a is None:
                    cells.append("-")
                elif a["found_states"]:
                    cells.append(f"**{a['found_states']} states**")
                elif a["classes"] > rec["state_bound"]:
                    cells.append(f"> {rec['state_bound']}")
                else:
                    cells.append(f"{a['classes']} ({a['digits']} d.)")
            lines.append(f"| {num} | {origin or 'default'} | " + " | ".join(cells) + " |")
        secs = ", ".join(f"{n}: {rec['boards'][n].get('seconds') or rec['boards'][n].get('wall')} s"
                         for n in boards)
        lines.append("")
        lines.append(f"Verdict: {verdict(rec)}. Guess time per board: {secs}.")
        ext = [(n, a) for n in boards for a in rec["boards"][n].get("attempts", []) if a.get("command")]
        if ext:
            lines.append("")
            lines.append("Larger boards, one numeration a command (`extend`; seconds and peak memory "
                         "of each guess, the board's solve included): " + "; ".join(
                             f"`{a['command']}`: {a['seconds']} s, {a['peak_mib']} MiB" for n, a in ext) + ".")
        if rec.get("growth", {}).get("counts"):
            g = rec["growth"]
            lines.append("")
            lines.append(f"Class counts with a state bound of {g['state_bound']} (`growth`): " + "; ".join(
                f"{num}: " + ", ".join(
                    f"N = {n}: " + (f"**{c['found_states']} states**" if c.get("found_states") else
                                    (f"> {g['state_bound']}" if (c.get("classes") or 0) > g["state_bound"]
                                     else f"{c.get('classes')} ({c.get('digits')} d.)"))
                    for n, c in sorted(counts.items(), key=lambda t: int(t[0])))
                for num, counts in g["counts"].items()) + ".")
        if rec.get("walnut"):
            w = rec["walnut"]
            lines.append("")
            lines.append(f"Walnut: `{w.get('command')}`: {w.get('verdict')}, {w.get('wall')} wall, "
                         f"peak memory {w.get('peak_memory')}.")
        if rec.get("note"):
            lines.append("")
            lines.append(rec["note"])
        lines.append("")
    lines.append(END)
    text = open(DOC).read() if os.path.exists(DOC) else ""
    block = "\n".join(lines)
    if BEGIN in text and END in text:
        a, b = text.index(BEGIN), text.index(END) + len(END)
        text = text[:a] + block + text[b:]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    with open(DOC, "w") as f:
        f.write(text)


def main():
    args = sys.argv[1:]
    if not args or args[0] not in ("run", "render", "growth", "extend"):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    if args[0] == "render":
        render()
        return
    boards, states, binary = [512, 1024, 2048, 4096], None, os.path.join(ROOT, "target", "release", "wythoff")
    ks, nums, misere = [], [], False
    it = iter(args[1:])
    for a in it:
        if a == "--misere":
            misere = True
            continue
        if a == "--boards":
            boards = [int(x) for x in next(it).split(",")]
        elif a == "--states":
            states = int(next(it))
        elif a == "--bin":
            binary = next(it)
        elif a.isdigit():
            ks.append(int(a))
        else:
            nums.append(a)
    if args[0] == "extend":
        extend(ks[0], nums, boards, states or 300, binary, misere)
        return
    if args[0] == "growth":
        growth(ks[0], nums, boards, states or 3000, binary)
        return
    run(ks, boards, states or 300, binary)

if __name__ == "__main__":
    main()
