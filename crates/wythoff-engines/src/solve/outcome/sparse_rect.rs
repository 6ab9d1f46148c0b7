//! The attack kernel of [`super::sparse`] on a rectangle `0 <= x < rows`,
//! `0 <= y < cols`, keeping only the P-positions (memory `O(cols + P)`, no
//! table). Moves only shrink piles, so the outcomes inside a rectangle do not
//! depend on anything outside it: a thin rectangle answers questions about the
//! first rows (the pairs `(a, b)` with small `a`, `wythoff sequence` on games read
//! off a board) at a fraction of the square board's cost.
//!
//! Normal play, memoryless, no blocking (any length sets, relation and removed
//! corner). `None` when out of scope or when the P-positions are too dense
//! (the work budget of [`super::sparse`]). Checked against the reference by
//! `tests/engines.rs` (square and thin boards) and against the square kernels
//! by `tests/board_pairs.rs` (`sparse_rect_is_the_corner_of_the_board`).

use super::sparse::Attacks;
use crate::rules::{Convention, Memory, Rules};

/// Is the kernel defined for these rules?
pub fn in_scope(r: &Rules) -> bool {
    !r.has_pass()
        && r.memory() == Memory::None
        && r.blocking().is_none()
        && r.terminal().is_none()
        && r.convention() == Convention::Normal
}

/// Bytes the kernel needs for `cols` columns and about `p` P-positions: two
/// rows of `i32` counts (room for twice that) and the list.
pub fn memory_estimate(cols: u64, p: u64) -> u64 {
    cols.saturating_mul(2 * 2 * 4)
        .saturating_add(p.saturating_mul(8))
}

/// The P-positions `(x, y)` with `x < rows`, `y < cols`, in row order (`x`, then
/// `y`); `progress(rows_done)` every 64 rows. `None` when out of scope, when a
/// set's period is too long, or when the work exceeds `work_budget` units (one
/// unit: a cell swept, or an earlier P-position visited).
pub fn p_positions(
    r: &Rules,
    rows: usize,
    cols: usize,
    work_budget: u64,
    progress: &mut dyn FnMut(u64),
) -> Option<Vec<(u32, u32)>> {
    if !in_scope(r)
        || cols == 0
        || rows == 0
        || cols > u32::MAX as usize
        || rows > u32::MAX as usize
    {
        return None;
    }
    let r = r.for_board(rows.max(cols) as u64);
    let att = Attacks::new(&r)?;
    if att.kv > 4096 {
        return None;
    }
    let (mut a2, mut av) = att.arrays(cols);
    let mut ps: Vec<(u32, u32)> = Vec::new();
    let mut work: u64 = 0;
    for x in 0..rows {
        if x % 64 == 63 {
            progress(x as u64 + 1);
        }
        a2.clear();
        av.clear();
        work = work.saturating_add((2 * cols) as u64 + ps.len() as u64);
        if work > work_budget {
            return None;
        }
        work = work.saturating_add(att.from_earlier_rows(x, &ps, cols, &mut a2));
        for y in 0..cols {
            let cnt = a2.value(y) + av.value(y);
            if cnt != 0 || !r.on_board(x as u64, y as u64) {
                continue;
            }
            ps.push((x as u32, y as u32));
            work = work.saturating_add(att.rest_of_row(y, cols, &mut av));
        }
    }
    Some(ps)
}
