#!/usr/bin/env python3
"""Execute notebooks headless (nbclient); exit 1 on any cell error.

`--inplace`: write the executed notebook (with its outputs) back."""

import pathlib
import sys

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

failed = 0
inplace = "--inplace" in sys.argv[1:]
for arg in [a for a in sys.argv[1:] if a != "--inplace"]:
    path = pathlib.Path(arg)
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=600, kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    try:
        client.execute()
        print(f"notebook {path}: {len(nb.cells)} cells executed, no error")
        if inplace:
            nbformat.write(nb, path)
    except CellExecutionError as e:
        failed += 1
        print(f"notebook {path}: a cell failed:\n{e}", file=sys.stderr)
sys.exit(1 if failed else 0)
