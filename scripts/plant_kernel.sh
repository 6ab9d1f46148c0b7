#!/usr/bin/env bash
# Plant a new Grundy kernel in a scratch copy of this tree and show what it
# touches (issue 52, "a new kernel needs at most three files"): Nim's values
# x XOR y, first in GrundyKernel::ORDER. It writes the kernel's file (and the
# mod line in its folder), its wrapper in solve/wrappers.rs and its row in
# solve/select.rs's table, nothing else; then builds, runs the harness test
# that checks every kernel of every order against the reference
# (every_kernel_of_the_orders_equals_the_reference, no edit of the test), and
# asks `grundy nim --plan` which kernel answers. The scratch copy is a git
# worktree removed at the end; this tree is not touched.
#
#   scripts/plant_kernel.sh            # build in target/plant (minutes, cold)
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
wrappers=$(git ls-files '*/solve/wrappers.rs')
solve=${wrappers%/wrappers.rs}
scratch=$(mktemp -d /tmp/plant-kernel.XXXXXX)
git worktree add --detach "$scratch" HEAD >/dev/null
trap 'git worktree remove --force "$scratch"; rm -rf "$scratch"' EXIT
cd "$scratch"

# 1. the kernel's file (and its mod line)
cat > "$solve/grundy/xor.rs" <<'RS'
//! Nim's Grundy values, `x XOR y` (Bouton): one-pile moves of every length
//! on both piles and nothing else. Planted by `scripts/plant_kernel.sh`.

use crate::rules::Rules;
use crate::solve::table::{fast_grundy_scope, GrundyTable};

/// Is `r` Nim (one-pile moves of every length, no two-pile move, no corner,
/// no terminal set)?
pub fn applies(r: &Rules) -> bool {
    fast_grundy_scope(r)
        && r.h().is_all()
        && r.v().is_all()
        && r.two_pile().is_none()
        && r.corner().is_none()
        && r.terminal().is_none()
}

/// The `n x n` table; `progress(rows_done)`. `None` out of its scope.
pub fn table(r: &Rules, n: usize, progress: &mut dyn FnMut(u64)) -> Option<GrundyTable> {
    if !applies(r) {
        return None;
    }
    let mut v = Vec::with_capacity(n * n);
    for x in 0..n {
        v.extend((0..n).map(|y| (x ^ y) as u32));
        progress(x as u64 + 1);
    }
    Some(GrundyTable::from_values(n, v))
}
RS
sed -i 's/^pub mod union;$/pub mod union;\npub mod xor;/' "$solve/grundy/mod.rs"

# 2. the wrapper: the variant, its place in ORDER, the wrapper
python3 - "$solve/wrappers.rs" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
def rep(a, b):
    global s
    assert a in s, a
    s = s.replace(a, b, 1)
rep("use super::grundy::{levels, lines, nim_like, plain, region, rows, union};",
    "use super::grundy::{levels, lines, nim_like, plain, region, rows, union, xor};")
rep("pub enum GrundyKernel {\n", "pub enum GrundyKernel {\n    /// Nim, `x XOR y` (`grundy::xor`); a table.\n    Xor,\n")
rep("    pub const ORDER: [GrundyKernel; 5] = [\n", "    pub const ORDER: [GrundyKernel; 6] = [\n        GrundyKernel::Xor,\n")
rep("        GrundyKernel::NimLike => &NimLike,\n", "        GrundyKernel::Xor => &Xor,\n        GrundyKernel::NimLike => &NimLike,\n")
rep("/// [`nim_like`]: Nim / Wythoff-like", '''/// [`xor`]: Nim, `x XOR y`; a table.
pub struct Xor;

impl GrundyWrapper for Xor {
    fn name(&self) -> &'static str {
        "xor"
    }
    fn complexity(&self) -> &'static str {
        "O(n^2): x XOR y"
    }
    fn applies(&self, r: &Rules) -> bool {
        xor::applies(r)
    }
    fn memory(&self, _r: &Rules, n: u64) -> Option<u64> {
        Some(n.saturating_mul(n).saturating_mul(4))
    }
    fn cost(&self, _r: &Rules, n: u64) -> u128 {
        (n as u128 * n as u128).saturating_mul(1_000)
    }
    fn table(&self, r: &Rules, n: usize, progress: &mut dyn FnMut(u64)) -> Option<GrundyTable> {
        xor::table(r, n, progress)
    }
}

/// [`nim_like`]: Nim / Wythoff-like''')
open(p, "w").write(s)
PY

# 3. its row in select.rs's table of kernels
python3 - "$solve/select.rs" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
a = "//! | [`GrundyKernel::NimLike`]"
assert a in s
s = s.replace(a, "//! | [`GrundyKernel::Xor`] ([`super::grundy::xor`]) | Grundy table | Nim alone | 1st |\n" + a, 1)
open(p, "w").write(s)
PY

echo "== what the new kernel touches (git status, git diff --stat)"
git status --short
git diff --stat
changed=$( (git diff --name-only; git ls-files --others --exclude-standard) | sort -u)
files=$(echo "$changed" | grep -v '/mod.rs$' | wc -l)
mods=$(git diff --numstat -- '*/mod.rs' | awk '{a += $1; d += $2} END {print a + 0, d + 0}')
echo "files besides mod.rs: $files; mod.rs lines added, removed: $mods"

echo "== build and check (CARGO_TARGET_DIR=$root/target/plant)"
export CARGO_TARGET_DIR="$root/target/plant"
if [ ! -d "$CARGO_TARGET_DIR/release" ] && [ -d "$root/target/release" ]; then
    # the dependencies compiled already (the workspace's own crates rebuild)
    mkdir -p "$CARGO_TARGET_DIR" && cp -r "$root/target/release" "$CARGO_TARGET_DIR/"
fi
cargo test --release -p wythoff --test engines every_kernel_of_the_orders -- --nocapture 2>&1 \
    | grep -E '^\| Grundy|test result|panicked'
cargo build --release -p wythoff-cli 2>&1 | tail -1
"$CARGO_TARGET_DIR/release/wythoff" grundy nim --max 64 --plan | grep -E '"(kernel|complexity)"'
"$CARGO_TARGET_DIR/release/wythoff" grundy nim --max 8
test "$files" -le 3
