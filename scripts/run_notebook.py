#!/usr/bin/env python3
"""Execute notebooks headless (nbclient); exit 1 on any cell error."""

import pathlib
import sys

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

failed = 0
for arg in sys.argv[1:]:
    path = pathlib.Path(arg)
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=600, kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    try:
        client.execute()
        print(f"notebook {path}: {len(nb.cells)} cells executed, no error")
    except CellExecutionError as e:
        failed += 1
        print(f"notebook {path}: a cell failed:\n{e}", file=sys.stderr)
sys.exit(1 if failed else 0)
