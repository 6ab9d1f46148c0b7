#!/usr/bin/env bash
# The Python package, installed as users install it: maturin builds one abi3
# wheel (`wythoff-*-cp39-abi3-*.whl`, any CPython >= 3.9) into target/wheels,
# `pip install` puts it into a fresh virtual environment, then pytest runs
# against the `wythoff` binary and the notebook docs/notebooks/tour.ipynb is
# executed headless (any cell error fails); `wythoff serve`'s page is tested in
# Debian's chromium (crates/wythoff-cli/tests/browser, .ci/run installs it).
# Needs python3 (>= 3.9) with venv and pip; run after `cargo test --release
# --workspace` (the tests compare with target/release/wythoff, else
# target/debug/wythoff, or WYTHOFF_BIN). The develop route (an editable build,
# `pip install ./crates/wythoff-py` or `maturin develop`) is in docs/guide.md (Python).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
BUILD_VENV="target/py-build"
VENV="${WYTHOFF_VENV:-target/py-venv}"
PIP_FLAGS=(--quiet --disable-pip-version-check)
# 1. the wheel (maturin in its own environment, kept between runs)
if [ ! -x "$BUILD_VENV/bin/maturin" ]; then
  "$PY" -m venv "$BUILD_VENV"
  "$BUILD_VENV/bin/pip" install "${PIP_FLAGS[@]}" "maturin>=1.5,<2"
fi
rm -rf target/wheels
# the package is a workspace of its own (crates/wythoff-py): built into the
# repository's target folder, it reuses the dependencies that `cargo test
# --release --workspace` has just compiled (malachite, serde, rayon, ...);
# the library itself is compiled again (its dependency set differs). Measured
# 2026-11-28: 1 min 38 s warm this way.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
"$BUILD_VENV/bin/maturin" build --release --quiet \
  -m crates/wythoff-py/Cargo.toml -o target/wheels
WHEELS=(target/wheels/wythoff-*.whl)
if [ "${#WHEELS[@]}" -ne 1 ] || [[ "${WHEELS[0]}" != *-abi3-* ]]; then
  echo "expected one abi3 wheel in target/wheels, found: ${WHEELS[*]}" >&2
  exit 1
fi
echo "built ${WHEELS[0]}"
# 2. a fresh environment, the wheel installed by pip
# (the default one under target/ is made anew; one named by WYTHOFF_VENV is
# reused, the wheel reinstalled over the old package)
case "$VENV" in target/*) rm -rf "$VENV" ;; esac
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" --version
"$VENV/bin/pip" install "${PIP_FLAGS[@]}" \
  pytest numpy nbclient nbformat ipykernel "dask[distributed]" "tomli; python_version < '3.11'" \
  "playwright>=1.40,<2"
"$VENV/bin/pip" install "${PIP_FLAGS[@]}" --force-reinstall --no-deps "${WHEELS[0]}"
"$VENV/bin/pip" install "${PIP_FLAGS[@]}" "${WHEELS[0]}"   # its dependencies (numpy)
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
# crates/wythoff-cli/tests/browser: `wythoff serve`'s page in Debian's chromium
# (headless, driven by Playwright with executable_path: no browser download);
# skipped without chromium, except under CI=true, where it fails
"$VENV/bin/python" -m pytest crates/wythoff-py/tests crates/wythoff-cli/tests/browser -q -rs -p no:cacheprovider
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "pytest collected no tests: the Python test setup is broken" >&2
  exit 1
elif [ "$rc" -ne 0 ]; then
  exit "$rc"
fi
"$VENV/bin/python" scripts/run_notebook.py docs/notebooks/tour.ipynb
