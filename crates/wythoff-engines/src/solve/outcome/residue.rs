//! The bit-parallel row kernel for games whose one-pile lengths are restricted
//! to an eventually periodic set (modulo-rook `mWN^(l,p)`, Connell's game, the
//! restricted `(s,t)` frame with `s = 1`): any one-pile sets `h`, `v` (explicit
//! part up to a threshold, then residues of a period), two-pile moves of every
//! length along a band of diagonals, any removed corner; normal play, or
//! misère play on a full board; no blocking, no memory.
//!
//! Rows are solved in order, a row a bitset over `y` (64 cells a word). The
//! cells of row `x` with a P-option in an earlier row are found word by word:
//!
//! - column moves of an explicit length `k` (`k <=` the threshold of `h`): the
//!   P-bitset of row `x - k`, kept in a ring of the last rows;
//! - column moves of the periodic part: one bitset per residue `c` of the
//!   period, the columns holding a P-position in a row `= c` beyond the
//!   threshold; the residues `x - r`, `r` in the set, are OR-ed;
//! - two-pile moves along the band `|k - l| < w`: one bitset over the
//!   diagonals, each diagonal set from the row where a P-position attacks it
//!   for good (its own diagonal and the `w - 1` above it at once, the `j`-th
//!   below it `j` rows later), read through the row as a shifted window.
//!
//! The cells left are candidates, walked in increasing `y`: a candidate is P
//! unless an earlier P-position of the row is at an explicit length (bit test)
//! or at a length of the periodic part (a flag per residue of `v`, set as the
//! walk passes the threshold). A row costs `O((|explicit h| + |residues h| + 2)
//! n / 64)` word operations plus `O(|explicit v| + |residues v|)` per candidate;
//! nothing of size `n^2` is kept, so the P-positions stream.
//!
//! Misère play on a full board: "has an option" is an up-set (see
//! `sparse::has_option_row`), here a threshold per row.
//!
//! Checked against the reference by `tests/engines.rs`; measured against the
//! plain per-cell C solver `benches/ref/rook_cells.c`.

use crate::rules::{Convention, Memory, Relation, Rules};
use crate::sets::LengthSet;

/// The largest threshold and period of a one-pile set, and the widest band.
pub const MAX_THRESHOLD: u64 = 256;
pub const MAX_PERIOD: u64 = 256;
pub const MAX_WIDTH: u64 = 64;

/// A length set as the kernel uses it: the explicit members up to the
/// threshold, then the residues of the period.
struct Split {
    threshold: usize,
    explicit: Vec<usize>,
    period: usize,
    residues: Vec<usize>,
}

fn split(s: &LengthSet) -> Option<Split> {
    let (t, p) = (s.threshold(), s.period());
    if t > MAX_THRESHOLD || p > MAX_PERIOD || p == 0 {
        return None;
    }
    Some(Split {
        threshold: t as usize,
        explicit: (1..=t)
            .filter(|&k| s.contains(k))
            .map(|k| k as usize)
            .collect(),
        period: p as usize,
        residues: (0..p)
            .filter(|&r| s.residue_in(r))
            .map(|r| r as usize)
            .collect(),
    })
}

/// The band width of the two-pile moves (0: none), when in scope.
fn width(r: &Rules) -> Option<usize> {
    match r.two_pile() {
        None => Some(0),
        Some(t) => {
            if !t.d1.is_all() || !t.d2.is_all() {
                return None;
            }
            let w = match t.relation {
                Relation::Diagonal => 1,
                Relation::Band { m } => m,
                Relation::Cone { s: 1, t } => t,
                Relation::Cone { .. }
                | Relation::Congruent { .. }
                | Relation::Ratio { .. }
                | Relation::Union(_) => return None,
            };
            (w <= MAX_WIDTH).then_some(w as usize)
        }
    }
}

/// Is `r` in the kernel's scope (any board)? Memoryless, no blocking; one-pile
/// sets with threshold and period at most 256; two-pile moves, if any, of
/// every length along a band of at most 64 diagonals; misère play only on a
/// full board (no removed corner).
pub fn applies(r: &Rules) -> bool {
    if r.has_pass() {
        return false; // a pass: the pass kernel's (`outcome::pass`)
    }
    match r.memory() {
        Memory::None => {}
        Memory::Imitation { .. } => return false,
    }
    let full_board = r.corner().is_none();
    let convention_ok = match r.convention() {
        Convention::Normal => true,
        Convention::Misere => full_board,
    };
    // a terminal set takes the moves of some positions away: the counters' work
    convention_ok
        && r.blocking().is_none()
        && r.terminal().is_none()
        && split(r.h()).is_some()
        && split(r.v()).is_some()
        && width(r).is_some()
}

/// Bitset rows OR-ed per row (explicit lengths and residues of `h`, the
/// diagonals, the row itself): the per-row word cost of its wrapper.
pub fn row_passes(r: &Rules) -> u64 {
    split(r.h()).map_or(0, |h| (h.explicit.len() + h.residues.len() + 2) as u64)
}

/// Bytes the kernel holds on the `n x n` board (rules in scope): the ring of
/// rows, the residue bitsets, the diagonal bitset and scratch.
pub fn memory_estimate(r: &Rules, n: u64) -> u64 {
    let (Some(h), Some(w)) = (split(r.h()), width(r)) else {
        return 0;
    };
    let words = n.div_ceil(64) + 1;
    let rows = (h.threshold + 1 + h.period + 4) as u64;
    rows.saturating_mul(words * 8)
        .saturating_add((2 * n + 256) / 8)
        .saturating_add((w as u64 + 2).saturating_mul(4 * 1024))
        .saturating_add(4096)
}

/// A streaming solver for one set of rules. Call [`ResidueKernel::next_row`] `n` times.
pub struct ResidueKernel {
    n: usize,
    words: usize,
    h: Split,
    v: Split,
    w: usize,
    u: usize,
    cv: usize,
    misere: bool,
    /// Misère: the first `y` with an option in the row (an up-set).
    has_from: usize,
    h_set: LengthSet,
    v_first: usize,
    x: usize,
    /// P-bitsets of the last `threshold(h) + 1` rows (index `x % len`).
    ring: Vec<Vec<u64>>,
    /// Columns with a P-position in a row `= c (mod period(h))` beyond the threshold.
    col_res: Vec<Vec<u64>>,
    /// Diagonals (index `y - x + off`) attacked for good.
    diag: Vec<u64>,
    off: usize,
    /// The P-positions of the last `w` rows (index `x % len`), for the diagonals' lags.
    recent: Vec<Vec<u32>>,
    mask: Vec<u64>,
    row: Vec<u32>,
}

impl ResidueKernel {
    /// The kernel for `r` on the `n x n` board, when `r` is in its scope.
    pub fn new(r: &Rules, n: usize) -> Option<ResidueKernel> {
        if !applies(r) {
            return None;
        }
        let (h, v, w) = (split(r.h())?, split(r.v())?, width(r)?);
        let (u, cv) = crate::solve::geometry::corner::corner_on_board(r, n);
        let words = n.div_ceil(64).max(1);
        let off = n + 64;
        let dbits = 2 * n + 2 * 64 + w + 64;
        let v_first = (1..=n as u64)
            .find(|&k| r.v().contains(k))
            .map_or(usize::MAX, |k| k as usize);
        Some(ResidueKernel {
            n,
            words,
            ring: vec![vec![0; words]; h.threshold + 1],
            col_res: vec![vec![0; words]; h.period],
            h,
            v,
            w,
            u,
            cv,
            misere: r.convention() == Convention::Misere,
            has_from: usize::MAX,
            h_set: r.h().clone(),
            v_first,
            x: 0,
            diag: vec![0; dbits.div_ceil(64) + 1],
            off,
            recent: vec![Vec::new(); w.max(1)],
            mask: vec![0; words],
            row: Vec::new(),
        })
    }

    #[inline]
    fn set_diag(&mut self, i: usize) {
        self.diag[i / 64] |= 1 << (i % 64);
    }

    /// Bits `start .. start + 64` of the diagonal bitset.
    #[inline]
    fn diag_window(&self, start: usize) -> u64 {
        let (q, s) = (start / 64, start % 64);
        if s == 0 {
            self.diag[q]
        } else {
            (self.diag[q] >> s) | (self.diag[q + 1] << (64 - s))
        }
    }

    /// Solve the next row; returns the `y` of its P-positions, increasing.
    pub fn next_row(&mut self) -> &[u32] {
        let x = self.x;
        let (n, words) = (self.n, self.words);
        // the band: the P-positions of row x - 1 attack their diagonal and the
        // w - 1 above it from now on; those of row x - 1 - j the j-th below
        if self.w > 0 && x > 0 {
            let len = self.recent.len();
            for j in 0..self.w {
                if x < 1 + j {
                    break;
                }
                let src = std::mem::take(&mut self.recent[(x - 1 - j) % len]);
                for &y0 in &src {
                    let d0 = y0 as usize + self.off - (x - 1 - j);
                    if j == 0 {
                        for i in d0..d0 + self.w {
                            self.set_diag(i);
                        }
                    } else {
                        self.set_diag(d0 - j);
                    }
                }
                self.recent[(x - 1 - j) % len] = src;
            }
        }
        // the periodic part of h: row x - threshold - 1 joins its residue
        let rl = self.ring.len();
        if x > self.h.threshold {
            let src = (x - self.h.threshold - 1) % rl;
            let c = (x - self.h.threshold - 1) % self.h.period;
            let (ring, col_res) = (&self.ring, &mut self.col_res);
            for (a, b) in col_res[c].iter_mut().zip(&ring[src]) {
                *a |= *b;
            }
        }
        // the exclusion mask of the row
        self.mask.iter_mut().for_each(|m| *m = 0);
        for &k in &self.h.explicit {
            if k <= x {
                let src = &self.ring[(x - k) % rl];
                for (m, b) in self.mask.iter_mut().zip(src) {
                    *m |= *b;
                }
            }
        }
        if x > self.h.threshold {
            let p = self.h.period;
            for &r in &self.h.residues {
                let c = (x + p - r % p) % p;
                for (m, b) in self.mask.iter_mut().zip(&self.col_res[c]) {
                    *m |= *b;
                }
            }
        }
        if self.w > 0 {
            let start = self.off - x;
            for i in 0..words {
                let d = self.diag_window(start + 64 * i);
                self.mask[i] |= d;
            }
        }
        if x < self.u {
            // the removed corner: cells y < v are off the board
            for y in 0..self.cv.min(n) {
                self.mask[y / 64] |= 1 << (y % 64);
            }
        }
        if self.misere {
            let f = if x == 0 {
                self.v_first
            } else if self.h_set.contains(x as u64) {
                0
            } else if self.w > 0 {
                (x + 1).saturating_sub(self.w).max(1)
            } else {
                usize::MAX
            };
            self.has_from = self.has_from.min(f);
        }
        // the candidates, in increasing y, against the row's own moves
        self.row.clear();
        let slot = x % rl;
        let mut cur = std::mem::take(&mut self.ring[slot]);
        cur.iter_mut().for_each(|c| *c = 0);
        let vp = self.v.period;
        let mut flags = vec![false; vp];
        let mut promoted = 0usize;
        for i in 0..words {
            let mut free = !self.mask[i];
            while free != 0 {
                let y = i * 64 + free.trailing_zeros() as usize;
                free &= free - 1;
                if y >= n {
                    break;
                }
                // P-positions of the row at distance > threshold(v): residues
                while promoted < self.row.len()
                    && (self.row[promoted] as usize) + self.v.threshold < y
                {
                    flags[self.row[promoted] as usize % vp] = true;
                    promoted += 1;
                }
                let explicit = self
                    .v
                    .explicit
                    .iter()
                    .any(|&k| k <= y && cur[(y - k) / 64] >> ((y - k) % 64) & 1 == 1);
                if explicit {
                    continue;
                }
                if !self.row.is_empty()
                    && self
                        .v
                        .residues
                        .iter()
                        .any(|&r| flags[(y + vp - r % vp) % vp])
                {
                    continue;
                }
                if self.misere && y < self.has_from {
                    continue;
                }
                cur[y / 64] |= 1 << (y % 64);
                self.row.push(y as u32);
            }
        }
        self.ring[slot] = cur;
        if self.w > 0 {
            let len = self.recent.len();
            self.recent[x % len].clear();
            let row = std::mem::take(&mut self.row);
            self.recent[x % len].extend_from_slice(&row);
            self.row = row;
        }
        self.x += 1;
        &self.row
    }
}

row_kernel_entry_points!(ResidueKernel, 256, cv);
