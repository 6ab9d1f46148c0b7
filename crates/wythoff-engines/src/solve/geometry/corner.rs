//! The removed corner on a board, shared by the kernels that skip its cells
//! (the outcome kernels `band` and `linear`, the Grundy kernels `nim_like` and
//! `lines`).

use crate::rules::Rules;

/// The removed corner's sides `(u, v)` clipped to the `n x n` board (`(0, 0)`
/// without a corner): cells `x < u, y < v` are off the board.
pub(crate) fn corner_on_board(r: &Rules, n: usize) -> (usize, usize) {
    r.corner().map_or((0, 0), |c| {
        (c.u.min(n as u64) as usize, c.v.min(n as u64) as usize)
    })
}
