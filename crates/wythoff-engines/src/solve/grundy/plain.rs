//! Sprague-Grundy values, `g(x, y) = mex { g(option) }` (normal play, no blocking,
//! no memory). Options are enumerated along the same line families as the fast
//! outcome solver ([`crate::solve::outcome::counters`]), with a stamped `seen` array for the mex.
//!
//! Misère rules get the misère Grundy values of one game: a position without
//! options has value 1 (normal play: 0), every other the mex of its options.

use crate::rules::Rules;
use crate::solve::geometry::families::move_families;
use crate::solve::table::{GrundyTable, GRUNDY_OFF};

/// Bytes needed for a Grundy table of side `n`.
pub fn memory_estimate(_r: &Rules, n: u64) -> u64 {
    n.saturating_mul(n).saturating_mul(4)
}

/// The Grundy table, reporting the rows done after each row (`progress(rows)`): a
/// front end stops the work there (Python's Ctrl-C, a server's abandoned
/// request), at most one row late.
pub fn grundy_with_progress(r: &Rules, n: usize, progress: &mut dyn FnMut(u64)) -> GrundyTable {
    let (fams, _) = move_families(r, n);
    let mut v = vec![GRUNDY_OFF; n * n];
    // seen[g] == stamp means value g occurs among the options of the current cell
    let mut seen: Vec<u32> = Vec::new();
    let mut stamp = 0u32;
    let none = match r.convention() {
        crate::rules::Convention::Normal => 0,
        crate::rules::Convention::Misere => 1,
    };
    for x in 0..n {
        for y in 0..n {
            if !r.on_board(x as u64, y as u64) {
                continue;
            }
            stamp += 1;
            // a terminal position has no option: value 0 (misère: 1)
            let mut options = 0usize;
            for f in fams.iter().filter(|_| !r.is_terminal(x as u64, y as u64)) {
                f.for_each_target(x, y, |a, b, _| {
                    let g = v[a * n + b];
                    if g != GRUNDY_OFF {
                        options += 1;
                        let g = g as usize;
                        if g >= seen.len() {
                            seen.resize(g + 1, 0);
                        }
                        seen[g] = stamp;
                    }
                });
            }
            if options == 0 {
                v[x * n + y] = none;
                continue;
            }
            let mut g = 0;
            while g < seen.len() && seen[g] == stamp {
                g += 1;
            }
            v[x * n + y] = g as u32;
        }
        progress(x as u64 + 1);
    }
    GrundyTable::from_values(n, v)
}
