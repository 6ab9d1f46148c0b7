//! Counting two-pile options in the (s,t) cone in `O(1)` per position and class,
//! for any slope (seed 003; Fraenkel's (s,t)-Wythoff).
//!
//! The cone is `C = {k, l >= 1 : l <= s k + t - 1, k <= s l + t - 1}`. Inside the
//! quadrant `k, l >= 1` its complement is two disjoint slivers,
//! `S1 = {l >= s k + t}` and `S2 = {k >= s l + t}`, so for a position `(x, y)`
//!
//! ```text
//! count_C(x, y) = rect(x, y) - sliver1(x, y) - sliver2(x, y)
//! ```
//!
//! where each term counts marked cells `(x - k, y - l)` over the moves `(k, l)`
//! with `1 <= k <= x`, `1 <= l <= y` of one residue class `(k mod K1, l mod K2)`
//! (the periods of the purely periodic length sets `D1`, `D2`):
//! - `rect` is one entry of a 2D prefix sum stepped by `(K1, K2)`;
//! - `sliver1` follows the translation `(L, s L)`, `L = lcm(K1, K2)`, which maps
//!   `S1` into itself and keeps the class:
//!   `sliver1(x, y) = sliver1(x - L, y - s L) + sum over k <= L of a column segment`
//!   (each segment one entry of a prefix sum along the column, stepped by `K2`);
//! - `sliver2` likewise with `(s L, L)` and row segments.
//!
//! Every entry read lies in an earlier row, so the prefix sums of row `x - 1` are
//! built from its marks when row `x` starts, and only the last rows are kept (a
//! ring). Unlike [`super::region`], whose finite remainder grows like `s^2`, the
//! cost does not depend on `s` or `t`. Checked against a direct count and against
//! [`super::region`] in the tests below, and the solver using it against the
//! reference in `tests/engines.rs`.

use crate::rules::{Relation, Rules};
use crate::sets::lcm;
use crate::solve::table::zeroed_atomic_u32;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// The cone counter for one board.
pub(crate) struct ConeCounts {
    n: usize,
    s: usize,
    k1: usize,
    k2: usize,
    l: usize,
    /// Allowed classes `(a, b)` (`k mod K1 = a`, `l mod K2 = b`) with their
    /// smallest steps `k0 >= 1`, `l0 >= 1`.
    classes: Vec<Class>,
    /// `depth - 1`: row `x` of every ring is stored at `(x & mask) * n`.
    mask: usize,
    /// 2D prefix sums of the marks stepped by `(K1, K2)`; column prefix sums
    /// stepped by `K2`; row prefix sums stepped by `K1`. Atomic cells (relaxed
    /// loads and stores, plain moves on x86) so that the row pipeline of
    /// [`crate::solve::outcome::counters`] can share the rings: every entry is written by the worker
    /// of its row and read by later rows only after that worker has published it.
    q: Vec<AtomicU32>,
    c: Vec<AtomicU32>,
    r: Vec<AtomicU32>,
    /// Per class: `sliver1`, `sliver2` of every position (rings).
    s1: Vec<Vec<AtomicU32>>,
    s2: Vec<Vec<AtomicU32>>,
    /// Rows whose marks are in the prefix sums ([`ConeCounts::step`] only).
    #[cfg(test)]
    rows_in: usize,
}

/// One ring entry a row reads per cell: `base + y`, for `y >= ymin`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tap {
    base: i64,
    ymin: usize,
}

/// The entries one row reads ([`ConeCounts::row`]).
pub(crate) struct ConeRow {
    here: usize,
    up: Option<usize>,
    classes: Vec<ClassRow>,
}

struct ClassRow {
    rect: Option<Tap>,
    s1: Option<Tap>,
    col: Vec<Tap>,
    s2: Option<Tap>,
    row: Vec<Tap>,
}

#[derive(Clone, Debug)]
struct Class {
    /// Steps `k = a (mod K1)`, `l = b (mod K2)`: the smallest ones `>= 1`.
    k0: usize,
    l0: usize,
    /// For `k in 1..=L` of the class: `(k, smallest l >= s k + t of the class)`.
    col_segments: Vec<(usize, usize)>,
    /// For `l in 1..=L` of the class: `(l, smallest k >= s l + t of the class)`.
    row_segments: Vec<(usize, usize)>,
}

/// Smallest `v >= lo` with `v = r (mod m)`.
fn first_at_least(lo: usize, r: usize, m: usize) -> usize {
    lo + (r + m - lo % m) % m
}

impl ConeCounts {
    /// A counter for the two-pile moves of `r` when they form a cone with
    /// `s >= 2` and purely periodic length sets, and the block class is not the
    /// diagonal (whose moves this counter does not separate).
    #[cfg(test)]
    pub(crate) fn new(r: &Rules, n: usize) -> Option<Self> {
        Self::with_rows_in_flight(r, n, 1)
    }

    /// The rows the counter reads back to (at most), or `None` when it does not
    /// apply (see [`ConeCounts::new`]).
    fn reach(r: &Rules, n: usize) -> Option<usize> {
        let two = r.two_pile()?;
        // a class that splits the two-pile moves by offset is not one region
        r.two_pile_in_class()?;
        let Relation::Cone { s, t } = two.relation else {
            return None;
        };
        if s < 2 || two.d1.threshold() != 0 || two.d2.threshold() != 0 {
            return None;
        }
        let (k1, k2) = (two.d1.period(), two.d2.period());
        if k1 > 64 || k2 > 64 {
            return None;
        }
        let l = lcm(k1, k2) as usize;
        let s = s.min(n as u64 + 1) as usize;
        let t = t.min(n as u64 + 1) as usize;
        Some(s * l + t + k1 as usize + l + 1)
    }

    /// Ring depth for `rows` rows in flight at once (the row pipeline's workers).
    fn depth(reach: usize, n: usize, rows: usize) -> usize {
        (reach + rows.max(1)).min(n.max(1)).next_power_of_two()
    }

    /// Bytes of the rings for `rows` rows in flight, `None` when the counter
    /// does not apply.
    pub(crate) fn memory_estimate(r: &Rules, n: usize, rows: usize) -> Option<u64> {
        let reach = Self::reach(r, n)?;
        let two = r.two_pile()?;
        let (k1, k2) = (two.d1.period(), two.d2.period());
        let classes = (0..k1).filter(|&a| two.d1.residue_in(a)).count()
            * (0..k2).filter(|&b| two.d2.residue_in(b)).count();
        let len = (Self::depth(reach, n, rows) * n) as u64;
        Some(4 * len * (3 + 2 * classes as u64))
    }

    /// [`ConeCounts::new`] whose rings hold `rows` more rows than a reader looks
    /// back to: the row pipeline has that many rows in flight.
    pub(crate) fn with_rows_in_flight(r: &Rules, n: usize, rows: usize) -> Option<Self> {
        let reach = Self::reach(r, n)?;
        let two = r.two_pile()?;
        let Relation::Cone { s, t } = two.relation else {
            return None;
        };
        let (k1, k2) = (two.d1.period(), two.d2.period());
        let l = lcm(k1, k2) as usize;
        let (k1, k2) = (k1 as usize, k2 as usize);
        // steps beyond the board never matter: clamp s and t (keeps products small)
        let s = s.min(n as u64 + 1) as usize;
        let t = t.min(n as u64 + 1) as usize;
        let mut classes = Vec::new();
        for a in 0..k1 {
            for b in 0..k2 {
                if !two.d1.residue_in(a as u64) || !two.d2.residue_in(b as u64) {
                    continue;
                }
                let k0 = first_at_least(1, a, k1);
                let l0 = first_at_least(1, b, k2);
                let col_segments = (1..=l)
                    .filter(|k| k % k1 == a)
                    .map(|k| (k, first_at_least(s * k + t, b, k2)))
                    .collect();
                let row_segments = (1..=l)
                    .filter(|m| m % k2 == b)
                    .map(|m| (m, first_at_least(s * m + t, a, k1)))
                    .collect();
                classes.push(Class {
                    k0,
                    l0,
                    col_segments,
                    row_segments,
                });
            }
        }
        // rows looked back to: k0 <= K1 (rect), L (sliver1), s L (sliver2), and a
        // row segment's start <= s L + t + K1
        debug_assert_eq!(reach, s * l + t + k1 + l + 1);
        let depth = Self::depth(reach, n, rows);
        let len = depth * n;
        Some(ConeCounts {
            n,
            s,
            k1,
            k2,
            l,
            mask: depth - 1,
            q: zeroed_atomic_u32(len),
            c: zeroed_atomic_u32(len),
            r: zeroed_atomic_u32(len),
            s1: (0..classes.len()).map(|_| zeroed_atomic_u32(len)).collect(),
            s2: (0..classes.len()).map(|_| zeroed_atomic_u32(len)).collect(),
            classes,
            #[cfg(test)]
            rows_in: 0,
        })
    }

    /// The entries row `x` reads and writes, for [`ConeCounts::count_in_row`]
    /// and [`ConeCounts::ingest_in_row`]: each a ring
    /// row and column offset, fixed for the whole row.
    pub(crate) fn row(&self, x: usize) -> ConeRow {
        let (s, l, n) = (self.s, self.l, self.n);
        let tap = |rows_back: usize, cols_back: usize| -> Option<Tap> {
            (x >= rows_back).then(|| Tap {
                base: (((x - rows_back) & self.mask) * n) as i64 - cols_back as i64,
                ymin: cols_back,
            })
        };
        ConeRow {
            here: (x & self.mask) * n,
            up: (x >= self.k1).then(|| ((x - self.k1) & self.mask) * n),
            classes: self
                .classes
                .iter()
                .map(|cl| ClassRow {
                    rect: tap(cl.k0, cl.l0),
                    s1: tap(l, s * l),
                    col: cl
                        .col_segments
                        .iter()
                        .filter_map(|&(k, lmin)| tap(k, lmin))
                        .collect(),
                    s2: tap(s * l, l),
                    row: cl
                        .row_segments
                        .iter()
                        .filter_map(|&(m, kmin)| tap(kmin, m))
                        .collect(),
                })
                .collect(),
        }
    }

    /// Put the mark `m` of `(x, y)` into the prefix sums (`row` = [`ConeCounts::row`]
    /// of `x`). Cells are ingested in row-major order within a row; the entries
    /// read, `(x - K1, y)`, `(x, y - K2)` and `(x - K1, y - K2)`, must be in already.
    #[inline]
    pub(crate) fn ingest_in_row(&self, row: &ConeRow, y: usize, m: bool) {
        let k2 = self.k2;
        let m = m as u32;
        let here = row.here + y;
        let get = |v: &[AtomicU32], i: usize| v[i].load(Relaxed);
        let (mut q, mut c, mut r) = (m, m, m);
        if y >= k2 {
            q += get(&self.q, here - k2);
            c += get(&self.c, here - k2);
        }
        if let Some(up) = row.up {
            let up = up + y;
            q += get(&self.q, up);
            r += get(&self.r, up);
            if y >= k2 {
                q -= get(&self.q, up - k2);
            }
        }
        self.q[here].store(q, Relaxed);
        self.c[here].store(c, Relaxed);
        self.r[here].store(r, Relaxed);
    }

    /// The number of marked cells reachable by a two-pile move from `(x, y)`
    /// (`row` = [`ConeCounts::row`] of `x`), when every cell `(x', y')` with
    /// `x' < x`, `y' <= y` has been ingested (only such cells are read); the
    /// position's own sliver sums are kept.
    #[inline]
    pub(crate) fn count_in_row(&self, row: &ConeRow, y: usize) -> u64 {
        let here = row.here + y;
        let get = |v: &[AtomicU32], t: &Option<Tap>| match t {
            Some(t) if y >= t.ymin => v[(t.base + y as i64) as usize].load(Relaxed),
            _ => 0,
        };
        let sum = |v: &[AtomicU32], ts: &[Tap]| -> u32 {
            ts.iter()
                .filter(|t| y >= t.ymin)
                .map(|t| v[(t.base + y as i64) as usize].load(Relaxed))
                .sum()
        };
        let mut total = 0u64;
        for (i, cl) in row.classes.iter().enumerate() {
            let rect = get(&self.q, &cl.rect);
            let s1 = get(&self.s1[i], &cl.s1) + sum(&self.c, &cl.col);
            let s2 = get(&self.s2[i], &cl.s2) + sum(&self.r, &cl.row);
            self.s1[i][here].store(s1, Relaxed);
            self.s2[i][here].store(s2, Relaxed);
            debug_assert!(rect >= s1 + s2);
            total += (rect - s1 - s2) as u64;
        }
        total
    }

    /// The number of marked cells reachable by a two-pile move from `(x, y)`.
    /// Positions are visited in row-major order; `mark` must be final for every
    /// row before `x` (only earlier rows are read, ingested a row at a time).
    #[cfg(test)]
    pub(crate) fn step(&mut self, x: usize, y: usize, mark: impl Fn(usize, usize) -> bool) -> u64 {
        while self.rows_in < x {
            let r = self.rows_in;
            let row = self.row(r);
            for b in 0..self.n {
                self.ingest_in_row(&row, b, mark(r, b));
            }
            self.rows_in += 1;
        }
        self.count_in_row(&self.row(x), y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::LengthSet;
    use crate::solve::geometry::region::RegionCounts;

    /// The counts against a direct count over pseudo-random marks, for slopes up
    /// to far beyond the region counter's reach, offsets, and periodic sets; and
    /// equal to the region counter's where that applies.
    #[test]
    fn counts_equal_direct_count() {
        let sets = [
            LengthSet::all(),
            LengthSet::odd(),
            LengthSet::even(),
            LengthSet::residues(3, &[1, 2]).unwrap(),
            LengthSet::residues(4, &[0]).unwrap(),
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let n = 41;
        for (s, t) in [
            (2, 1),
            (2, 4),
            (3, 2),
            (5, 1),
            (12, 3),
            (40, 1),
            (70, 9),
            (3, 60),
        ] {
            for d1 in &sets {
                for d2 in &sets {
                    let r = Rules::builder()
                        .two_pile(d1.clone(), d2.clone(), Relation::Cone { s, t })
                        .build()
                        .unwrap();
                    let mut cc = ConeCounts::new(&r, n).unwrap();
                    let mut rc = RegionCounts::new(&r, n);
                    seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(1);
                    let marks = crate::solve::geometry::test_support::random_marks(seed, n);
                    for x in 0..n {
                        for y in 0..n {
                            let got = cc.step(x, y, |a, b| marks[a * n + b]);
                            let want = crate::solve::geometry::test_support::direct_count(
                                &r, &marks, n, x, y,
                            );
                            assert_eq!(got, want, "s={s} t={t} d1={d1} d2={d2} at ({x}, {y})");
                            if let Some(rc) = rc.as_mut() {
                                assert_eq!(rc.step(x, y, |a, b| marks[a * n + b]), got);
                            }
                        }
                    }
                }
            }
        }
    }
}
