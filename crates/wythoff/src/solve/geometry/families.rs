//! The options of one position read by line families (the counters kernel's
//! `families`): shared by `explain` and the Grundy kernels' checks, not inside
//! one kernel's file.

use crate::rules::Rules;

impl Rules {
    /// The options of `(x, y)` as `(x', y', in_block_class)`, by line families:
    /// `O(x + y + diagonal offsets)` rather than the `O(x y)` of [`Rules::options`].
    pub fn options_fast(&self, x: u64, y: u64) -> Vec<(u64, u64, bool)> {
        let mut out = Vec::new();
        if self.is_terminal(x, y) {
            return out;
        }
        let n = (x.max(y) + 1) as usize;
        let (fams, _) = crate::solve::outcome::counters::families(self, n);
        for f in &fams {
            f.for_each_target(x as usize, y as usize, |a, b, c| {
                if self.on_board(a as u64, b as u64) {
                    out.push((a as u64, b as u64, c));
                }
            });
        }
        out.sort_unstable();
        out
    }
}
