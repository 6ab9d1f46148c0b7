#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run): the Rust tests
# (`cargo test --release --workspace`), then the Python package, its notebook
# and `wythoff serve`'s page in a browser (scripts/test_python.sh). At the end,
# pass or fail, it lists the groups of tests that a missing tool made skip, and
# what installs the tool: a green run with "nothing skipped" tested everything.
# (Under CI=true a missing Walnut or chromium fails the run instead.)
set -uo pipefail
cd "$(dirname "$0")/.."

summary() {
  local missing=()
  local jar="${WALNUT_JAR:-${WYTHOFF_CACHE:-${HOME:-}/.cache/wythoff}/walnut/walnut-6.2.jar}"
  if ! { [ -f "$jar" ] && java -version >/dev/null 2>&1; }; then
    missing+=("the prove tests (Rust and Python): Walnut (java and the Walnut 6.2 jar) not found; scripts/install_walnut.sh installs both")
  fi
  if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    missing+=("the browser test of wythoff serve's page: chromium not found; apt-get install chromium (Debian's package, as .ci/run does)")
  fi
  if ! command -v tmux >/dev/null 2>&1; then
    missing+=("the terminal test of wythoff play: tmux not found; apt-get install tmux")
  fi
  echo
  if [ "${#missing[@]}" -eq 0 ]; then
    echo "scripts/test.sh: nothing skipped (Walnut, chromium and tmux found)"
  else
    echo "scripts/test.sh: SKIPPED for a missing tool (these groups did not run):"
    local m
    for m in "${missing[@]}"; do
      echo "  - $m"
    done
  fi
}
trap summary EXIT

cargo test --release --workspace || exit $?
scripts/test_python.sh
