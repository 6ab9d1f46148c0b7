#!/usr/bin/env python3
"""Each difference of `scripts/compare_binaries.sh OLD NEW`, under its reason.

    scripts/compare_reasons.py OLD NEW COMPARE_OUTPUT [--all]

COMPARE_OUTPUT is what compare_binaries.sh printed (its `DIFFER (rc/rc): wythoff
ARGS` lines). Every differing command is run again with both binaries and put
under the first reason that explains it: the old binary does not know the game
or parameter; the known games' list grew; `outcome` lists winning moves at
huge piles from a proved automaton, or answers from a proof folder the old
binary did not match; `outcome` adds the Grundy value
(issue 49: the JSON key `grundy`, its note, its text line) and the pass
(issue 50: `winning_pass`, its note, its line), the rest byte-identical once
those are left out; a refusal's message reworded (both exit 2). What no
reason explains is printed whole (the command and the first lines of both
outputs); exit 1 if any is left.
"""
import json
import re
import subprocess
import sys
from collections import defaultdict


def run(binary, args):
    p = subprocess.run([binary, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


NEW_NOTE = re.compile(r"^(Grundy value |the pass |pass: |a pass )")


def strip_json(text):
    try:
        v = json.loads(text)
    except ValueError:
        return None
    if isinstance(v, dict):
        for key in ("grundy", "winning_pass"):
            v.pop(key, None)
        if isinstance(v.get("notes"), list):
            v["notes"] = [n for n in v["notes"] if not NEW_NOTE.match(n)]
    return json.dumps(v, sort_keys=True)


def strip_text(text):
    keep = []
    for line in text.splitlines():
        body = line.lstrip("# ").strip()
        if NEW_NOTE.match(body) or line.startswith("pass") or "winning pass" in line:
            continue
        keep.append(line)
    return "\n".join(keep)


def reason(args, old, new):
    orc, oout, oerr = old
    nrc, nout, nerr = new
    if orc == 2 and ("unknown game" in oerr or "unknown parameter" in oerr):
        name = re.search(r"unknown (game `[^`]*`|parameter `[^`]*`)", oerr).group(1)
        return f"a game or parameter added after the old binary (its refusal: unknown {name.split('`')[0].strip()})"
    if args[0] == "games":
        return "`games` lists the games added after the old binary"
    if orc == 2 and nrc == 2 and oout == nout:
        return "a refusal reworded (both exit 2, one line on stderr)"
    if (args[0] == "outcome" and orc == nrc == 0 and "winning moves: not computed" in oout
            and "winning moves: the P-positions on the row" in nout
            and oout.splitlines()[:1] == nout.splitlines()[:1]):
        return ("outcome lists the winning moves at huge piles from a proved automaton (issue 49 "
                "item 5; the old binary said `not computed`), the outcome the same")
    if (args[0] == "outcome" and orc == nrc == 0 and "winning moves: not computed (the proved" in oout
            and "winning moves: not computed (" in nout and oout.splitlines()[:1] == nout.splitlines()[:1]):
        return ("outcome says why the winning moves at a huge position are not listed (the moves "
                "reach unboundedly many diagonals), the outcome the same")
    if args[0] == "outcome" and orc == 2 and nrc == 0 and "# answered by a proof" in nout:
        return ("outcome answers a huge position from a proof folder matched by the game's rules "
                "(the old binary refused it: no exact oracle)")
    if args[0] == "outcome" and orc == nrc and oerr == nerr:
        if strip_json(oout) is not None and strip_json(oout) == strip_json(nout):
            return "outcome adds the Grundy value (issue 49) or the pass (issue 50): equal without them (JSON)"
        if strip_text(oout) == strip_text(nout):
            return "outcome adds the Grundy value (issue 49) or the pass (issue 50): equal without them (text)"
    return None


def main():
    every = "--all" in sys.argv
    old_bin, new_bin, listing = [a for a in sys.argv[1:] if a != "--all"][:3]
    cmds = []
    with open(listing) as f:
        for line in f:
            m = re.match(r"^DIFFER \((\d+)/(\d+)\): wythoff (.*)$", line.rstrip("\n"))
            if m:
                cmds.append(m.group(3).split())
    by = defaultdict(list)
    left = []
    for args in cmds:
        old, new = run(old_bin, args), run(new_bin, args)
        r = reason(args, old, new)
        if r is None:
            left.append((args, old, new))
        else:
            by[r].append(" ".join(args))
    print(f"{len(cmds)} differing commands")
    for r, cs in sorted(by.items(), key=lambda kv: -len(kv[1])):
        print(f"\n## {len(cs)}: {r}")
        for c in cs if every else cs[:3]:
            print(f"- `wythoff {c}`")
        if len(cs) > 3 and not every:
            print(f"- ... and {len(cs) - 3} more (--all lists every one)")
    if left:
        print(f"\n## {len(left)}: not explained")
        for args, old, new in left:
            print(f"- wythoff {' '.join(args)} (exit {old[0]} / {new[0]})")
            print("  old: " + (old[1] + old[2]).strip().replace("\n", "\n       ")[:600])
            print("  new: " + (new[1] + new[2]).strip().replace("\n", "\n       ")[:600])
    sys.exit(1 if left else 0)


if __name__ == "__main__":
    main()
