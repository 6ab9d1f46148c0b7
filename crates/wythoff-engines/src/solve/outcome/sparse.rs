//! The attack kernel for games whose P-positions are sparse: any one-pile and
//! two-pile length sets, any two-pile relation (the (s,t) cone and the
//! congruence `k = l (mod m)` included, which cost the general solver `O(n)` per
//! cell), any removed corner; normal play, or misère play on a full board (no
//! corner: then "has an option" is an up-set, [`has_option_row`]); no blocking,
//! no memory.
//!
//! Rows are solved in order. Each earlier P-position `(x0, y0)` attacks, in row
//! `x`, with `k = x - x0`: its own column when `k` is a first-pile length, and
//! the `y0 + l` for the two-pile lengths `l` allowed with `k`, which for every
//! relation of the model form one interval (`[lmin(k), s k + t - 1]` for the
//! cone) or a ray with stride `m` (congruence), cut by the residue classes of the
//! second-pile set. These are added to a stepped difference array (stride =
//! lcm of the period and the congruence modulus) in `O(classes)` per P-position;
//! one sweep of the row then gives, per cell, the number of P-options in earlier
//! rows; P-positions found in the row attack the rest of the row the same way.
//! A row costs `O(n + P * classes)` where `P` is the number of P-positions so
//! far, so the kernel gives up (returns `None`) when its work exceeds a budget
//! (games with dense P-positions, such as Odd-Odd, go to the general solver).
//!
//! Checked against the reference by `tests/engines.rs`.

use crate::rules::{Convention, Memory, Relation, Rules};
use crate::sets::{lcm, LengthSet};
use crate::solve::table::{OutcomeTable, CELL_N, CELL_OFF, CELL_P};

/// The two-pile lengths `l` allowed with first-pile length `k`, before the
/// second-pile set: `l in [lo, hi]`, `l = k (mod g)` when `g > 1`.
#[inline]
pub(super) fn l_range(rel: &Relation, k: u64) -> (u64, u64, u64) {
    match *rel {
        Relation::Diagonal => (k, k, 1),
        Relation::Band { m } => (k.saturating_sub(m - 1).max(1), k.saturating_add(m - 1), 1),
        Relation::Cone { s, t } => {
            // l >= k: l < s k + t; l < k: k - l < (s - 1) l + t, i.e. s l > k - t
            let hi = s.saturating_mul(k).saturating_add(t - 1);
            let lo = if k < t { 1 } else { (k - t) / s + 1 };
            (lo.max(1), hi, 1)
        }
        Relation::Congruent { m } => (1, u64::MAX, m),
        // no range: the ratio's points and a union's parts are in `l_ranges`
        Relation::Ratio { .. } | Relation::Union(_) => (1, 0, 1),
    }
}

/// Every `(lo, hi, stride)` of [`l_range`] for the relation's parts: a ratio
/// `(p t, q t)` gives the points `l = k q / p` and `l = k p / q` where they are
/// whole. Parts may overlap: the kernel asks only whether a cell is attacked.
#[inline]
pub(super) fn l_ranges(rel: &Relation, k: u64, f: &mut impl FnMut(u64, u64, u64)) {
    match rel {
        Relation::Ratio { p, q } => {
            for (a, b) in [(*p, *q), (*q, *p)] {
                if k % a == 0 {
                    if let Some(l) = (k / a).checked_mul(b) {
                        f(l, l, 1);
                    }
                }
            }
        }
        Relation::Union(parts) => {
            for part in parts {
                l_ranges(part, k, f);
            }
        }
        r => {
            let (lo, hi, gg) = l_range(r, k);
            f(lo, hi, gg);
        }
    }
}

/// A stepped difference array over `0..n`: `add_point`, `add_range` with the
/// array's stride, then `value(y)` read in increasing `y` (it sums in place).
pub(super) struct Stepped {
    stride: usize,
    d: Vec<i32>,
}

impl Stepped {
    pub(super) fn new(n: usize, stride: usize) -> Self {
        Stepped {
            stride,
            d: vec![0; n + stride + 1],
        }
    }
    pub(super) fn clear(&mut self) {
        self.d.iter_mut().for_each(|v| *v = 0);
    }
    #[inline]
    pub(super) fn add_point(&mut self, y: usize) {
        if y < self.d.len() - self.stride - 1 {
            self.d[y] += 1;
            self.d[y + self.stride] -= 1;
        }
    }
    /// `+1` at `first, first + stride, ..., <= last`.
    #[inline]
    pub(super) fn add_range(&mut self, first: usize, last: usize) {
        let n = self.d.len() - self.stride - 1;
        if first >= n || first > last {
            return;
        }
        self.d[first] += 1;
        let last = first + (last.min(n - 1) - first) / self.stride * self.stride;
        self.d[last + self.stride] -= 1;
    }
    /// Finish position `y` (all updates at `y` are in) and return its count.
    #[inline]
    pub(super) fn value(&mut self, y: usize) -> i32 {
        if y >= self.stride {
            self.d[y] += self.d[y - self.stride];
        }
        self.d[y]
    }
    /// Finish every position below `n` at once (no update comes after: the
    /// attacks of earlier rows), so that [`Stepped::settled`] reads them: what
    /// `value(0), ..., value(n - 1)` would do, in one pass over the array.
    pub(super) fn settle(&mut self, n: usize) {
        let s = self.stride;
        let n = n.min(self.d.len());
        if s == 0 || n <= s {
            return;
        }
        for y in s..n {
            self.d[y] += self.d[y - s];
        }
    }
    /// Position `y`'s count after [`Stepped::settle`].
    #[inline]
    pub(super) fn settled(&self, y: usize) -> i32 {
        self.d[y]
    }
}

/// Advance `has` from row `x - 1` to row `x`: `has[y]` tells whether `(x, y)` has
/// an option on the full board, i.e. whether some move vector `(k, l) <= (x, y)`
/// exists. These positions form an up-set, so
/// `has(x, y) = has(x - 1, y) or has(x, y - 1) or (x, y) is a move vector`.
pub(crate) fn has_option_row(r: &Rules, x: usize, has: &mut [bool]) {
    for y in 0..has.len() {
        has[y] = has[y] || (y > 0 && has[y - 1]) || r.is_move(x as u64, y as u64);
    }
}

/// Periodic part of a length set as (threshold, period, residues).
pub(super) fn periodic(s: &LengthSet) -> (u64, u64, Vec<u64>) {
    let k = s.period();
    (
        s.threshold(),
        k,
        (0..k).filter(|&r| s.residue_in(r)).collect(),
    )
}

/// The attacks of P-positions on later cells, shared by the square kernel and
/// the rectangle kernel ([`super::sparse_rect`]): the one-pile sets `h`, `v` and
/// the two-pile set (first-pile set, relation, second-pile set split into its
/// explicit part `l <= t2` and residue classes mod `stride2`).
pub(super) struct Attacks<'a> {
    h: &'a LengthSet,
    v: &'a LengthSet,
    two: Option<&'a crate::rules::TwoPile>,
    t2: u64,
    stride2: u64,
    in_d2: Vec<bool>,
    tv: u64,
    /// The period of `v` (the row attacks' stride).
    pub(super) kv: u64,
    rv: Vec<u64>,
}

impl<'a> Attacks<'a> {
    /// `None` when the two-pile stride is over 4096.
    pub(super) fn new(r: &'a Rules) -> Option<Self> {
        let two = r.two_pile();
        // two-pile stride: lcm of the second set's period and the congruence modulus
        let (t2, k2, r2) = two.map_or((0, 1, vec![]), |t| periodic(&t.d2));
        // every congruence of the relation's parts (a union may hold several)
        let g = two.map_or(1, |t| {
            t.relation.parts().iter().fold(1, |g, part| match part {
                Relation::Congruent { m } => lcm(g, *m),
                _ => g,
            })
        });
        let stride2 = lcm(k2, g);
        let (tv, kv, rv) = periodic(r.v());
        if stride2 > 4096 {
            return None;
        }
        // residue classes rho mod stride2 whose rho mod k2 is in d2
        let in_d2: Vec<bool> = (0..stride2).map(|c| r2.contains(&(c % k2))).collect();
        Some(Attacks {
            h: r.h(),
            v: r.v(),
            two,
            t2,
            stride2,
            in_d2,
            tv,
            kv,
            rv,
        })
    }

    /// The stepped arrays of one row of `cols` cells: two-pile and column moves
    /// (`a2`, stride `stride2`), moves along the row (`av`, stride `kv`).
    pub(super) fn arrays(&self, cols: usize) -> (Stepped, Stepped) {
        (
            Stepped::new(cols, self.stride2 as usize),
            Stepped::new(cols, self.kv as usize),
        )
    }

    /// Row `x` attacked from the earlier P-positions `ps` (a move from `(x, y)`
    /// reaches `(x0, y0)`): the column moves and the two-pile moves, into `a2`.
    /// Returns the work done (cells and classes visited).
    #[inline]
    pub(super) fn from_earlier_rows(
        &self,
        x: usize,
        ps: &[(u32, u32)],
        cols: usize,
        a2: &mut Stepped,
    ) -> u64 {
        let mut work = 0u64;
        for &(x0, y0) in ps {
            let (x0, y0) = (x0 as u64, y0 as u64);
            let k = x as u64 - x0;
            if self.h.contains(k) {
                a2.add_point(y0 as usize);
            }
            let Some(t) = self.two else { continue };
            if !t.d1.contains(k) {
                continue;
            }
            l_ranges(&t.relation, k, &mut |lo, hi, gg| {
                let room = (cols as u64 - 1).saturating_sub(y0); // l <= room stays in the row
                let hi = hi.min(room);
                if lo > hi {
                    return;
                }
                // explicit part of d2: l <= t2
                let ex_hi = hi.min(self.t2);
                if lo <= ex_hi {
                    for l in lo..=ex_hi {
                        if t.d2.contains(l) && (gg == 1 || l % gg == k % gg) {
                            a2.add_point((y0 + l) as usize);
                        }
                    }
                    work += ex_hi - lo + 1;
                }
                // periodic part: l in [max(lo, t2 + 1), hi], l = c (mod stride2)
                let plo = lo.max(self.t2 + 1);
                if plo <= hi {
                    // the congruence allows only the classes c = k (mod g): visit
                    // those alone (stride2 / g of them), not all stride2 classes
                    let stride2 = self.stride2;
                    let (c0, step) = if gg > 1 { (k % gg, gg) } else { (0, 1) };
                    for c in (c0..stride2).step_by(step as usize) {
                        work += 1;
                        if !self.in_d2[c as usize] {
                            continue;
                        }
                        let first = plo + (c + stride2 - plo % stride2) % stride2;
                        if first <= hi {
                            a2.add_range((y0 + first) as usize, (y0 + hi) as usize);
                        }
                    }
                }
            });
        }
        work
    }

    /// A new P-position at `(x, y)` attacks the rest of its row, `y + l` for `l`
    /// in `v`, into `av`. Returns the work done.
    #[inline]
    pub(super) fn rest_of_row(&self, y: usize, cols: usize, av: &mut Stepped) -> u64 {
        let room = (cols - 1 - y) as u64;
        for l in 1..=self.tv.min(room) {
            if self.v.contains(l) {
                av.add_point(y + l as usize);
            }
        }
        let plo = self.tv + 1;
        if plo <= room {
            for &c in &self.rv {
                let first = plo + (c + self.kv - plo % self.kv) % self.kv;
                if first <= room {
                    av.add_range(y + first as usize, cols - 1);
                }
            }
        }
        self.tv.min(room)
    }
}

/// Is `r` in the kernel's scope? Memoryless rules without blocking; in misère
/// play only on a full board (no removed corner). The kernel may still give up
/// at run time when the P-positions are too dense (a work budget).
pub fn applies(r: &Rules) -> bool {
    let misere = r.convention() == Convention::Misere;
    !(r.has_pass()
        || r.memory() != Memory::None
        || r.blocking().is_some()
        || r.terminal().is_some()
        || (misere && r.corner().is_some()))
}

/// The outcome table, or `None` when `r` is out of scope or the P-positions are
/// too dense for this kernel (work budget).
pub fn outcomes(r: &Rules, n: usize) -> Option<OutcomeTable> {
    outcomes_with_progress(r, n, &mut |_| {})
}

/// [`outcomes`], calling `progress(rows_done)` every 64 rows.
pub fn outcomes_with_progress(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
) -> Option<OutcomeTable> {
    // misère play needs "has an option at all", which for a full board is the
    // up-set of the move vectors (see `has_option_row`); with a removed corner
    // some options leave the board, and the general solver counts them
    let misere = r.convention() == Convention::Misere;
    if !applies(r) {
        return None;
    }
    let mut has = vec![false; if misere { n } else { 0 }];
    let budget: u64 = 64 * (n as u64) * (n as u64) + 50_000_000;
    let mut work: u64 = 0;
    let att = Attacks::new(r)?;
    let (mut a2, mut av) = att.arrays(n);
    let mut cells = vec![CELL_N; n * n];
    let mut ps: Vec<(u32, u32)> = Vec::new();
    for x in 0..n {
        if x % 64 == 63 {
            progress(x as u64);
        }
        a2.clear();
        av.clear();
        work += (2 * n) as u64 + ps.len() as u64;
        work += att.from_earlier_rows(x, &ps, n, &mut a2);
        // dense P-positions (e.g. Odd-Odd): this kernel would be quadratic per row.
        // The first rows may be dense on their own (row 0 is a one-pile game, P
        // about every other cell when the one-pile lengths are a residue class),
        // so the guard allows a few boards' rows' worth before the 64 per row.
        if work > budget || ps.len() > 64 * (x + 1) + 4 * n.max(1024) {
            return None;
        }
        if misere {
            has_option_row(r, x, &mut has);
        }
        // the removed corner's cells of this row first (their running sums
        // advance too), then the cells on the board with no test of the
        // corner: a test a cell cost this loop 14% more instructions than at
        // b5bcb30, whose compiler had hoisted it
        // the earlier rows' attacks are all in: their counts in one pass
        a2.settle(n);
        let off = (r.off_board_below(x as u64)).min(n as u64) as usize;
        for y in 0..off {
            av.value(y);
            cells[x * n + y] = CELL_OFF;
        }
        for y in off..n {
            let cnt = a2.settled(y) + av.value(y);
            // misère: a position without options is N (its mover wins)
            if cnt != 0 || (misere && !has[y]) {
                continue;
            }
            cells[x * n + y] = CELL_P;
            ps.push((x as u32, y as u32));
            work += att.rest_of_row(y, n, &mut av);
        }
    }
    Some(OutcomeTable::from_cells(n, cells))
}

#[cfg(test)]
mod tests {
    use super::Stepped;

    /// `settle` then `settled` reads what `value` in increasing order reads,
    /// for every stride and random points and ranges.
    #[test]
    fn settle_reads_what_value_reads() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |m: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % m as u64) as usize
        };
        for stride in 1..6 {
            for n in [0, 1, 5, 37] {
                let (mut a, mut b) = (Stepped::new(n, stride), Stepped::new(n, stride));
                for _ in 0..(n / 2) {
                    let (f, l) = (next(n + 3), next(n + 3));
                    a.add_range(f, l);
                    b.add_range(f, l);
                    let p = next(n + 3);
                    a.add_point(p);
                    b.add_point(p);
                }
                b.settle(n);
                for y in 0..n {
                    assert_eq!(a.value(y), b.settled(y), "stride {stride}, n {n}, y {y}");
                }
            }
        }
    }
}
