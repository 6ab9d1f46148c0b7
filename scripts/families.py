#!/usr/bin/env python3
"""Issue 51 item 2: is the P-set of a whole catalogue family automatic, the parameter
read as a third number? `wythoff prove GAME --family PARAM --up-to M` for the families
below and M = 64 .. 1024, one JSON record a run in docs/families/, and the table of
docs/families.md generated from them.

    scripts/families.py run [path/to/wythoff]   run what has no record yet
    scripts/families.py doc                     regenerate the table

Each record: the command, its JSON answer (or its refusal), wall and CPU seconds and
peak memory (`/usr/bin/time`), the load (`/proc/loadavg`) before and after. The binary
does all the work (no game theory here). Standard library only.
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from doc_table import main, splice  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = os.path.join(ROOT, "docs", "families")
DOC = os.path.join(ROOT, "docs", "families.md")

# (game, parameter, sizes): the terminal sets (the family), removed corners
# (the corner's side enters the moves' domain linearly), and families whose rows run
# off the board (refused by the command: named, with its reason)
FAMILIES = [
    ("terminal-wythoff", "l", [64, 128, 256, 512, 1024]),
    ("corner:m=1,p=1,v=1", "u", [64, 128, 256, 512]),
    ("corner:m=1,p=1,v=2", "u", [64, 128, 256]),
    ("corner:m=1,p=1,u=3", "v", [64, 128, 256]),
    ("m-wythoff", "m", [64]),
    ("st-wythoff:s=1", "t", [64]),
    ("gdwn:p=1", "q", [64]),
    ("blocking-wythoff", "k", [64]),
    ("connell", "p", [64]),
    ("modular", "m", [64]),
]


def name(game, param, m):
    return f"{game.replace(':', '-').replace(',', '-').replace('=', '-')}--{param}--{m}.json"


def loadavg():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def run(binary):
    os.makedirs(RECORDS, exist_ok=True)
    for game, param, sizes in FAMILIES:
        for m in sizes:
            path = os.path.join(RECORDS, name(game, param, m))
            if os.path.exists(path):
                continue
            cmd = ["wythoff", "prove", game, "--family", param, "--up-to", str(m), "--format", "json"]
            before = loadavg()
            r = subprocess.run(["/usr/bin/time", "-f", "%e %U %M", "nice", binary] + cmd[1:],
                               capture_output=True, text=True)
            wall, user, kib = r.stderr.strip().splitlines()[-1].split()
            rec = {"game": game, "param": param, "up_to": m, "command": " ".join(cmd),
                   "exit": r.returncode, "wall_seconds": float(wall), "cpu_seconds": float(user),
                   "peak_kib": int(kib), "load_before": before, "load_after": loadavg()}
            if r.returncode == 0:
                rec["answer"] = json.loads(r.stdout)
            else:
                rec["refusal"] = r.stderr.strip().splitlines()[0]
            with open(path, "w") as f:
                json.dump(rec, f, indent=1, sort_keys=True)
                f.write("\n")
            print(path, rec["exit"], wall, flush=True)


def doc():
    recs = []
    for fn in sorted(os.listdir(RECORDS)):
        if fn.endswith(".json"):
            with open(os.path.join(RECORDS, fn)) as f:
                recs.append(json.load(f))
    order = {(g, p): i for i, (g, p, _) in enumerate(FAMILIES)}
    recs.sort(key=lambda r: (order.get((r["game"], r["param"]), 99), r["up_to"]))
    rows = ["| family | values of the parameter | board | Zeckendorf | base 2 | base 3 | CPU s | peak MiB | load |",
            "|---|---|---|---|---|---|---|---|---|"]
    refused = []
    for r in recs:
        if "answer" not in r:
            refused.append(f"- `{r['command']}`: {r['refusal']}")
            continue
        a = r["answer"]
        cell = {}
        for t in a["tries"]:
            if t["states"]:
                cell[t["numeration"]] = f"**found, {t['states']} states**"
            elif t["classes"] > a["max_states"]:
                cell[t["numeration"]] = f"more than {a['max_states']} classes (the bound)"
            else:
                cell[t["numeration"]] = f"{t['classes']} classes"
        rows.append(f"| `{r['game']}`, {r['param']} | {a['first']}..{a['first'] + a['up_to'] - 1} | {a['board']} "
                    f"| {cell.get('msd_fib', '')} | {cell.get('msd_2', '')} | {cell.get('msd_3', '')} "
                    f"| {r['cpu_seconds']:.1f} | {r['peak_kib'] / 1024:.0f} | {r['load_before']}-{r['load_after']} |")
    table = "\n".join(rows) + "\n"
    if refused:
        table += "\nRefused by the command (the reason is its own line):\n\n" + "\n".join(refused) + "\n"
    splice(DOC, "<!-- families table: scripts/families.py doc -->\n",
           "<!-- end of the families table -->\n", table)


if __name__ == "__main__":
    main(__doc__, ROOT, run, doc)
