#!/usr/bin/env bash
# Regenerate docs/cli-reference.md (every subcommand's --help) from the binary;
# crates/wythoff-cli/tests/reference.rs checks that the committed file is current.
set -euo pipefail
cd "$(dirname "$0")/.."
WYTHOFF_UPDATE_DOCS=1 cargo test --release -q -p wythoff-cli --test reference
echo "wrote docs/cli-reference.md ($(grep -c '^## ' docs/cli-reference.md) sections)"
