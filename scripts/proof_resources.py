#!/usr/bin/env python3
"""Walnut's time and peak memory for every shipped proof (issue 51 item 4): each folder
under docs/proofs and docs/proofs-grundy re-run alone by `wythoff prove --recheck DIR
--format json` (Walnut on a fresh copy of the folder's inputs), and Java's peak resident
memory as the runner read it (VmHWM, sampled every 20 ms). One JSON line a folder in
docs/proofs/resources.jsonl, and the table of docs/proof-resources.md.

    scripts/proof_resources.py run [path/to/wythoff]   re-run every folder (minutes)
    scripts/proof_resources.py doc                     regenerate the table

Environment: RESOURCES_TIMEOUT (seconds a folder may take, default 900), RESOURCES_HEAP
(Java's heap, default Java's own). The binary and Walnut do all the work; this script
counts the states of the automata the statements read (lines `N 0|1` of the files) and
writes the table. Standard library only.
"""

import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from doc_table import main, splice  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = os.path.join(ROOT, "docs", "proofs", "resources.jsonl")
DOC = os.path.join(ROOT, "docs", "proof-resources.md")
TIMEOUT = os.environ.get("RESOURCES_TIMEOUT", "900")


def folders():
    for top in ("proofs", "proofs-grundy"):
        base = os.path.join(ROOT, "docs", top)
        for dirpath, dirnames, filenames in sorted(os.walk(base)):
            if "Command Files" in dirnames:
                yield os.path.relpath(dirpath, ROOT)
                dirnames.clear()


def states(path):
    with open(path) as f:
        return sum(1 for l in f if re.match(r"^\d+ [01]\s*$", l))


def run(binary):
    out = []
    for rel in folders():
        cmd = [binary, "prove", "--recheck", rel, "--format", "json", "--timeout", TIMEOUT]
        if os.environ.get("RESOURCES_HEAP"):
            cmd += ["--java-memory", os.environ["RESOURCES_HEAP"]]
        with open("/proc/loadavg") as f:
            load = f.read().split()[0]
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        rec = {"folder": rel, "exit": r.returncode, "load": load}
        try:
            v = json.loads(r.stdout)
            rec.update({
                "game": v["game"], "convention": v["convention"],
                "wall_seconds": round(v["wall_seconds"], 2), "peak_bytes": v.get("peak_bytes"),
                "statements": len(v["statements"]),
                "true": sum(1 for s in v["statements"] if s.get("result") in (True, "TRUE")),
                "automata": {a: states(os.path.join(ROOT, rel, a)) for a, _ in v["automata"]},
            })
        except (ValueError, KeyError):
            rec["error"] = (r.stderr.strip().splitlines() or ["no output"])[0]
        out.append(rec)
        print(json.dumps(rec), flush=True)
    with open(RECORDS, "w") as f:
        for rec in out:
            f.write(json.dumps(rec, sort_keys=True) + "\n")


def doc():
    recs = [json.loads(l) for l in open(RECORDS)]
    rows = ["| folder | game | states of the automata read | statements TRUE | Walnut wall s | Java's peak MiB | load |",
            "|---|---|---|---|---|---|---|"]
    for r in sorted(recs, key=lambda r: -(r.get("peak_bytes") or 0)):
        if "error" in r:
            rows.append(f"| {r['folder']} | | | error: {r['error']} | | | {r['load']} |")
            continue
        st = ", ".join(f"{os.path.basename(a)} {n}" for a, n in r["automata"].items())
        peak = f"{r['peak_bytes'] / 2**20:.0f}" if r.get("peak_bytes") else "not read"
        rows.append(f"| [{r['folder']}]({os.path.relpath(r['folder'], 'docs')}) | `{r['game']}` ({r['convention']}) "
                    f"| {st} | {r['true']} of {r['statements']} | {r['wall_seconds']} | {peak} | {r['load']} |")
    table = "\n".join(rows) + "\n"
    splice(DOC, "<!-- resources table: scripts/proof_resources.py doc -->\n",
           "<!-- end of the resources table -->\n", table)


if __name__ == "__main__":
    main(__doc__, ROOT, run, doc)
