#!/usr/bin/env bash
# The Python package: a fresh virtual environment, `pip install ./crates/wythoff-py`
# (maturin builds the extension), pytest against the `wythoff` binary, and the
# notebook docs/notebooks/tour.ipynb executed headless (any cell error fails).
# Needs python3 (>= 3.9) with venv and pip; run after `cargo test --release
# --workspace` (the tests compare with target/release/wythoff, else
# target/debug/wythoff, or WYTHOFF_BIN).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
VENV="${WYTHOFF_VENV:-target/py-venv}"
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
"$VENV/bin/python" --version
"$VENV/bin/pip" install --quiet --disable-pip-version-check \
  pytest numpy nbclient nbformat ipykernel "dask[distributed]" "tomli; python_version < '3.11'"
# always rebuilt from the working tree (an installed 0.1.0 is not "satisfied")
"$VENV/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps \
  ./crates/wythoff-py
if [ -z "${WYTHOFF_BIN:-}" ]; then
  # the release build that `cargo test --release --workspace` has just made
  if [ -x target/release/wythoff ]; then
    export WYTHOFF_BIN="$PWD/target/release/wythoff"
  elif [ -x target/debug/wythoff ]; then
    export WYTHOFF_BIN="$PWD/target/debug/wythoff"
  else
    cargo build --release -p wythoff-cli
    export WYTHOFF_BIN="$PWD/target/release/wythoff"
  fi
fi
set +e
"$VENV/bin/python" -m pytest crates/wythoff-py/tests -q -p no:cacheprovider
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "pytest collected no tests: the Python test setup is broken" >&2
  exit 1
elif [ "$rc" -ne 0 ]; then
  exit "$rc"
fi
"$VENV/bin/python" scripts/run_notebook.py docs/notebooks/tour.ipynb
