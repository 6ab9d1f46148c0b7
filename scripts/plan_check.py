#!/usr/bin/env python3
"""Calibrate `--plan` against what runs (issue 33, item 3).

For each command below: `wythoff --threads 1 CMD --plan` (the library's plan,
no work), then the same command under `/usr/bin/time -v` (peak resident set,
user + system CPU), output to /dev/null. Prints a markdown table (command,
kernel, planned memory, peak RSS, ratio, planned seconds, measured CPU seconds,
ratio) for docs/performance.md, and the load average before and after.

Targets (issue 33): memory within 2x of the peak RSS on every row; time within
4x (issue 53: within 2x for every kernel; the rows outside 2x are counted too). Rows that miss are marked and counted; the exit status is 1 when a memory
ratio misses.

    scripts/plan_check.py [--bin target/release/wythoff] [--only SUBSTRING] [--plan-only]

Takes about 3 to 6 minutes on the project's 2-core machine (one thread).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time

THREADS = "1"

# (command, what it exercises). One thread; boards of a second or more where
# the kernel allows (the linear kernel answers the largest board, 2^20, in
# well under a second).
COMMANDS = [
    # outcome kernels: linear (band, blocking, cone), band, residue, sparse, counters
    ("p-positions wythoff --max 1048576 --format summary", "linear"),
    ("p-positions wythoff --max 1048576 --format text", "linear, list held"),
    ("p-positions roob-blocking:m=2,p=3 --max 1048576 --format summary", "linear, blocking"),
    ("p-positions st-wythoff:s=2,t=1 --max 1048576 --format summary", "linear, cone"),
    ("p-positions corner:m=2,p=3,u=5,v=7 --max 1048576 --misere --format csv", "linear, misère"),
    ("p-positions m-wythoff:m=100 --max 65536 --format summary", "band"),
    ("p-positions roob-blocking:m=2,p=12 --max 131072 --format summary", "band, blocking"),
    ("p-positions modulo-rook:m=2,l=0,p=4 --max 131072 --format summary", "residue"),
    ("p-positions connell:p=3 --max 65536 --format summary", "residue"),
    ("p-positions modular:m=5 --max 16384 --format summary", "sparse"),
    ("p-positions restricted:s=2,t=1,h=odd,v=odd --max 8192 --format summary", "sparse"),
    ("p-positions odd-odd:s=1,t=1 --max 8192 --format summary", "counters (dense)"),
    ("p-positions terminal-wythoff:l=10 --max 8192 --format summary", "counters"),
    ("p-positions imitation:p=2,m=1 --max 8192 --format summary", "imitation"),
    # Grundy kernels
    ("grundy wythoff --max 8192 --format summary", "grundy nim-like"),
    ("grundy m-wythoff:m=2 --max 8192 --format summary", "grundy lines"),
    ("grundy st-wythoff:s=2,t=1 --max 4096 --format summary", "grundy region"),
    ("grundy restricted:s=2,t=1,d1=min2 --max 256 --format summary", "grundy union/plain"),
    ("grundy terminal-wythoff:l=10 --max 512 --format summary", "grundy plain, terminal set"),
    ("grundy wythoff --misere --max 512 --format summary", "misère grundy (plain)"),
    # the level kernel (`grundy --values`), by two-pile index (issue 53)
    ("grundy wythoff --max 1048576 --values 0..16 --format summary", "levels, band 1"),
    ("grundy m-wythoff:m=3 --max 1048576 --values 0..16 --format summary", "levels, band 3"),
    ("grundy nim --max 1048576 --values 0..16 --format summary", "levels, no two-pile moves"),
    ("grundy modular:m=5 --max 262144 --values 0..16 --format summary", "levels, congruence"),
    ("grundy st-wythoff:s=2,t=1 --max 1024 --values 0..4 --format summary", "levels, scan (cone)"),
    ("grundy st-wythoff:s=2,t=1 --max 2048 --values 0..4 --format summary", "levels, scan (cone)"),
    ("grundy restricted:s=1,t=1,d1=min2 --max 1024 --values 0..4 --format summary", "levels, scan (restricted)"),
    ("grundy terminal-wythoff:l=16383 --max 16384 --values 0..2 --format csv", "levels, terminal set written"),
    ("grundy terminal-wythoff:l=16383 --max 16384 --values 0..2 --format summary", "levels, terminal set hashed"),
    # remoteness kernels
    ("remoteness wythoff --max 2048 --format summary", "remoteness lines"),
    ("remoteness roob-blocking:m=2,p=3 --max 512 --format summary", "remoteness plain"),
    # sequence kernels
    ("sequence wythoff --terms 268435456 --format summary", "sequence mex"),
    ("sequence shifted:m=2,p=3,l=1 --terms 1000000 --format summary", "sequence oracle"),
    ("sequence roob-blocking:m=2,p=3,l=1 --terms 262144 --format summary", "sequence linear board"),
    ("sequence modulo-rook:m=2,l=0,p=4 --terms 8192 --format summary", "sequence rectangle"),
    # compare
    ("compare wythoff wythoff@misere --max 1048576", "compare, linear twice"),
    ("compare modulo-rook:m=2,l=0,p=4 roob-blocking:m=2,p=4 --max 32768", "compare, residue and linear"),
]

# `--extra`: more games, in the default text format, for the memory column
# (choice games, blocking on every option, dense and finite P-sets, misère).
EXTRA = [
    ("p-positions choose-shift:m=2,p=3 --max 1048576", "linear x3, merged"),
    ("p-positions shifted:m=2,p=3,l=1 --max 1048576 --misere", "linear, misère"),
    ("p-positions diagonal-blocking:p=2,m=2 --max 1048576", "linear"),
    ("p-positions nim --max 1048576", "linear"),
    ("p-positions modular:m=1000 --max 16384", "sparse"),
    ("p-positions blocking-wythoff:k=3 --max 4096", "counters, blocking"),
    ("p-positions even-odd:s=2,t=1 --max 4096 --format summary", "dense"),
    ("p-positions odd-odd:s=2,t=1 --max 2048", "dense, list held"),
    ("p-positions restricted:s=3,t=2,h=3:0+1 --max 8192 --misere", "sparse, misère"),
    ("p-positions connell:p=64 --max 32768", "residue"),
    ("grundy connell:p=64 --max 2048 --format summary", "grundy"),
    ("grundy corner:m=2,p=3,u=5,v=7 --max 4096 --format summary", "grundy"),
    ("grundy modular:m=5 --max 4096 --format summary", "grundy"),
    ("remoteness st-wythoff:s=2,t=1 --max 160 --format summary", "remoteness plain, cone"),
    ("sequence roob-blocking:m=2,p=3 --terms 100000000 --format summary", "sequence"),
    ("compare wythoff nim --max 1048576 --format json", "compare"),
]


def plan(binary, cmd):
    out = subprocess.run(
        [binary, "--threads", THREADS] + cmd.split() + ["--plan"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if out.returncode != 0:
        raise RuntimeError(f"{cmd} --plan: exit {out.returncode}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def measure(binary, cmd):
    out = subprocess.run(
        ["/usr/bin/time", "-v", binary, "--threads", THREADS] + cmd.split(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=900,
    )
    err = out.stderr

    def field(name):
        m = re.search(re.escape(name) + r":\s*([0-9.:]+)", err)
        return m.group(1) if m else None

    rss = int(field("Maximum resident set size (kbytes)")) * 1024
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
    return out.returncode, rss, cpu, wall


def mib(b):
    return f"{b / (1 << 20):.1f} MiB"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/wythoff")
    ap.add_argument("--only", default=None)
    ap.add_argument("--plan-only", action="store_true")
    ap.add_argument("--extra", action="store_true", help="the EXTRA games instead")
    ap.add_argument("--threads", default="1")
    a = ap.parse_args()
    global THREADS
    THREADS = a.threads
    rows = [c for c in (EXTRA if a.extra else COMMANDS) if a.only is None or a.only in c[0]]
    load0 = os.getloadavg()
    t0 = time.time()
    print(f"load average before: {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}")
    print()
    print("| command | exercises | kernel | planned memory | peak RSS | ratio | planned CPU s | measured CPU s | ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    mem_miss = time_miss = time_2x = 0
    for cmd, what in rows:
        p = plan(a.bin, cmd)
        if a.plan_only:
            print(f"| `{cmd}` | {what} | `{p['kernel']}` | {mib(p['memory'])} | | | {p['milliseconds'] / 1000:.2f} | | |"
                  + (f" refused: {p['refused']['message']}" if p.get("refused") else ""))
            continue
        if p.get("refused"):
            print(f"| `{cmd}` | {what} | `{p['kernel']}` | refused: {p['refused']['message']} | | | | | |")
            continue
        rc, rss, cpu, _wall = measure(a.bin, cmd)
        mr = p["memory"] / rss
        planned = p["milliseconds"] / 1000
        tr = planned / cpu if cpu > 0 else float("inf")
        mflag = "" if 0.5 <= mr <= 2 else " **miss**"
        tflag = "" if 0.25 <= tr <= 4 else " (miss)"
        if tflag == "" and not 0.5 <= tr <= 2:
            tflag = " (2x)"
            time_2x += 1
        mem_miss += mflag != ""
        time_miss += tflag == " (miss)"
        note = "" if rc == 0 else f" exit {rc}"
        print(f"| `{cmd}`{note} | {what} | `{p['kernel']}` | {mib(p['memory'])} | {mib(rss)} | {mr:.2f}{mflag} | {planned:.2f} | {cpu:.2f} | {tr:.2f}{tflag} |",
              flush=True)
    load1 = os.getloadavg()
    print()
    print(f"load average after: {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}; {time.time() - t0:.0f} s")
    if not a.plan_only:
        print(f"{len(rows)} rows: memory outside 2x: {mem_miss}; time outside 4x: {time_miss}; "
              f"time within 4x but outside 2x: {time_2x}")
    return 1 if mem_miss else 0


if __name__ == "__main__":
    sys.exit(main())
