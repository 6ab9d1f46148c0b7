#!/usr/bin/env bash
# Regenerate docs/coverage.md from `wythoff verify --coverage` (issue 16).
# The output is deterministic (the table wythoff::coverage::TABLE and the claim
# registry, no timings), and crates/wythoff-cli/tests/coverage.rs checks that the
# committed file equals what the binary prints.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --release -q -p wythoff-cli
mkdir -p docs
./target/release/wythoff verify --coverage > docs/coverage.md.tmp
mv docs/coverage.md.tmp docs/coverage.md
echo "wrote docs/coverage.md ($(grep -c '^| ' docs/coverage.md) table lines)"
