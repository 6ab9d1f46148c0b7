//! Remoteness tables in `O(n^2 w)` for the games whose options are whole line
//! prefixes: one-pile moves of any length on both piles, and two-pile moves of
//! any lengths with `|k - l| < w` (Wythoff `w = 1`, m-Wythoff, the seed 000
//! games with (mp)-Wythoff moves), with or without a removed corner, normal or
//! misère play, no blocking, no memory.
//!
//! A position's remoteness ([`super::state_value`]) needs three
//! numbers of its options: whether there is one, the least remoteness among
//! the options that lose for their mover, and the largest remoteness of all.
//! Every option set here is a union of line prefixes ending next to the
//! position: its row `(x, y' < y)`, its column `(x' < x, y)`, and per diagonal
//! offset `d = k - l`, `-w < d < w`, the diagonal through `(x - k0, y - k0 + d)`
//! from that cell down, with `k0 = max(1, 1 + d)` (so that `k, l >= 1`). So
//! the kernel keeps, per line, the running least losing and largest
//! remoteness: scalars along the row, one pair per column, and one pair per
//! cell for the diagonals (the prefix up to that cell). A cell costs
//! `O(2w + 1)` instead of the `O(n w)` options the plain table
//! ([`super::plain_table`]) visits. Checked against that table and
//! the reference [`super::reference`] by `tests/remoteness.rs`.

use super::{loses, RemotenessTable, REMOTENESS_OFF};
use crate::rules::{Memory, Rules};

/// Is the kernel defined for these rules? Returns the band width (`0`: no
/// two-pile moves).
pub fn scope(r: &Rules) -> Option<u64> {
    if r.has_pass()
        || r.memory() != Memory::None
        || r.blocking().is_some()
        || r.terminal().is_some()
    {
        return None;
    }
    if !r.h().is_all() || !r.v().is_all() {
        return None;
    }
    match r.two_pile() {
        None => Some(0),
        Some(t) if t.d1.is_all() && t.d2.is_all() => t.relation.band_width(),
        Some(_) => None,
    }
}

/// Running aggregates of a line: least remoteness among losing cells
/// (`u32::MAX`: none) and largest remoteness plus one (`0`: no cell).
#[derive(Clone, Copy)]
struct Agg {
    min_losing: u32,
    max_plus: u32,
}

const EMPTY: Agg = Agg {
    min_losing: u32::MAX,
    max_plus: 0,
};

impl Agg {
    #[inline]
    fn with(self, r: u32, losing: bool) -> Agg {
        Agg {
            min_losing: if losing {
                self.min_losing.min(r)
            } else {
                self.min_losing
            },
            max_plus: self.max_plus.max(r + 1),
        }
    }
    #[inline]
    fn join(self, o: Agg) -> Agg {
        Agg {
            min_losing: self.min_losing.min(o.min_losing),
            max_plus: self.max_plus.max(o.max_plus),
        }
    }
}

/// The remoteness table of `r` on the `n x n` board, or `None` out of scope.
pub fn table(r: &Rules, n: usize) -> Option<RemotenessTable> {
    let w = scope(r)? as i64;
    let conv = r.convention();
    let mut v = vec![REMOTENESS_OFF; n * n];
    let mut diag = vec![EMPTY; n * n];
    let mut col = vec![EMPTY; n];
    for x in 0..n {
        let mut row = EMPTY;
        // the removed corner's cells of the row, read once a row
        let off = r.off_board_below(x as u64).min(n as u64) as usize;
        for y in 0..n {
            let i = x * n + y;
            let prev_diag = if x > 0 && y > 0 {
                diag[i - n - 1]
            } else {
                EMPTY
            };
            if y < off {
                diag[i] = prev_diag;
                continue;
            }
            let mut a = row.join(col[y]);
            if w > 0 {
                for d in (1 - w)..w {
                    let k0 = 1.max(1 + d);
                    let (sx, sy) = (x as i64 - k0, y as i64 - k0 + d);
                    if sx >= 0 && sy >= 0 {
                        a = a.join(diag[sx as usize * n + sy as usize]);
                    }
                }
            }
            let value = if a.max_plus == 0 {
                0
            } else if a.min_losing != u32::MAX {
                1 + a.min_losing
            } else {
                a.max_plus
            };
            v[i] = value;
            let losing = loses(conv, value);
            row = row.with(value, losing);
            col[y] = col[y].with(value, losing);
            diag[i] = prev_diag.with(value, losing);
        }
    }
    Some(RemotenessTable::from_values(n, conv, v))
}
