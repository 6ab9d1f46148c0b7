"""Shared by the scripts that generate a table inside a hand-written page and take
`run` / `doc` on the command line (scripts/families.py, scripts/proof_resources.py).
Standard library only."""

import os
import sys


def splice(doc, begin, end, table):
    """Replace the text between the marker lines `begin` and `end` of `doc`."""
    text = open(doc).read()
    i, j = text.index(begin) + len(begin), text.index(end)
    open(doc, "w").write(text[:i] + table + text[j:])


def main(usage, root, run, doc):
    """`run [path/to/wythoff]` (default target/release/wythoff) or `doc`."""
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "doc"):
        sys.exit(usage)
    if sys.argv[1] == "run":
        run(sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "target", "release", "wythoff"))
    else:
        doc()
