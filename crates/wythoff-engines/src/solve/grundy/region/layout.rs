//! The layout of a solve: the stores' kinds, the sources a cell reads, the
//! cells of `D` looked up one by one and the schedule's bounds, all derived
//! from the rules (see the module's recurrence).

use crate::rules::{Relation, Rules};
use crate::sets::{lcm, LengthSet};

/// Largest class modulus of any store (within it, the memory estimate decides).
const MAX_MOD: u64 = 1024;
/// Largest number of bitsets OR-ed into a diagonal per cell.
const MAX_SOURCES: usize = 64;
/// Largest reach (rows kept back, side of the box of looked-up cells).
const MAX_REACH: usize = 512;
/// Largest number of cells of `D` looked up one by one.
const MAX_FINITE: usize = 4096;

/// A family of lines read at `(x, y)`: which line and class, as a function of
/// the cell (`None`: the line has no cells on the board).
#[derive(Clone, Copy, Debug)]
pub(super) enum Src {
    /// The column `y - off` (rows above), class `(x - r) mod M`.
    Col { store: usize, off: usize, r: usize },
    /// The row prefix kept for row `x - back` (columns before `y`), class
    /// `(y - r) mod M`.
    Row { trail: usize, r: usize },
    /// The line of direction `(1, s)` through `(x, y - c)`, class `(x - r) mod K`.
    Ray { store: usize, c: i64, r: usize },
    /// The line of direction `(s, 1)` through `(x - c, y)`, class `(y - r) mod K`.
    RayT { store: usize, c: i64, r: usize },
}

/// Which store a [`Src::Row`] reads: the row `x - back`, classes mod `modulus`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Trail {
    pub(super) back: usize,
    pub(super) modulus: usize,
}

/// Kinds of in-place stores (columns; lines of direction `(1, s)`; `(s, 1)`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Col {
        modulus: usize,
    },
    /// Lines of direction `(1, s)`, holding the rows up to `x - 1 - delay`.
    Ray {
        delay: usize,
    },
    /// Lines of direction `(s, 1)`, likewise.
    RayT {
        delay: usize,
    },
}

impl Kind {
    pub(super) fn delay(self) -> usize {
        match self {
            Kind::Col { .. } => 0,
            Kind::Ray { delay } | Kind::RayT { delay } => delay,
        }
    }
}

/// Everything a solve derives from the rules.
pub(super) struct Layout {
    /// The cone's slope (0 for a congruence).
    pub(super) s: usize,
    /// `K`: classes per diagonal.
    pub(super) k: usize,
    pub(super) kinds: Vec<Kind>,
    pub(super) trails: Vec<Trail>,
    /// The one-pile sources (searched with the diagonal's set).
    pub(super) one: Vec<Src>,
    /// The sources OR-ed into the diagonal's set per cell.
    pub(super) two: Vec<Src>,
    /// The cells of `D` looked up one by one.
    pub(super) finite: Vec<(usize, usize)>,
    /// Rows kept back.
    pub(super) depth: usize,
    /// Empty lines each side of a store: at least the largest offset `c` of
    /// a ray and `K`.
    pub(super) pad: usize,
    /// Columns between the cell a store of direction `(1, s)` takes and the
    /// cell that feeds it (see [`attempt`](super::attempt)).
    pub(super) e: usize,
    /// Columns a row keeps behind the row above it (see [`attempt`](super::attempt)).
    pub(super) lag: usize,
}

/// A representative `k >= 1` of residue `r` mod `m` (above `K`).
fn rep(r: usize, m: usize) -> u64 {
    (r + 2 * m) as u64
}

/// The period of `s` when it is purely periodic (threshold 0) and at most
/// [`MAX_MOD`].
fn periodic(s: &LengthSet) -> Option<usize> {
    (s.threshold() == 0 && s.period() <= MAX_MOD).then_some(s.period() as usize)
}

/// Is `(a, b)` a two-pile move of `r` (both piles reduced)?
#[inline]
fn two_move(r: &Rules, a: u64, b: u64) -> bool {
    a >= 1 && b >= 1 && r.is_move(a, b)
}

impl Layout {
    pub(super) fn new(r: &Rules) -> Option<Layout> {
        if !crate::solve::table::fast_grundy_scope(r) {
            return None;
        }
        let two = r.two_pile()?;
        let (ph, pv) = (periodic(r.h())?, periodic(r.v())?);
        let (p1, p2) = (periodic(&two.d1)?, periodic(&two.d2)?);
        let k = lcm(p1 as u64, p2 as u64);
        if k > MAX_MOD {
            return None;
        }
        let k = k as usize;
        let mut p = Layout {
            s: 0,
            k,
            kinds: Vec::new(),
            trails: Vec::new(),
            one: Vec::new(),
            two: Vec::new(),
            finite: Vec::new(),
            depth: k + 1,
            pad: k,
            e: 1,
            lag: k.max(1),
        };
        p.one_pile(r, ph, pv);
        match two.relation {
            Relation::Cone { s, t } if s >= 2 => p.cone(r, s, t)?,
            Relation::Congruent { m } => p.congruence(&two.d1, &two.d2, m, (p1, p2))?,
            _ => return None,
        }
        (p.two.len() <= MAX_SOURCES).then_some(p)
    }

    /// The one-pile moves: classes of the column (`h`, period `ph`) and of
    /// the row prefix (`v`, period `pv`).
    fn one_pile(&mut self, r: &Rules, ph: usize, pv: usize) {
        if !r.h().is_empty() {
            let store = self.kind(Kind::Col { modulus: ph });
            for rr in (0..ph).filter(|&q| r.h().residue_in(q as u64)) {
                self.one.push(Src::Col {
                    store,
                    off: 0,
                    r: rr,
                });
            }
        }
        if !r.v().is_empty() {
            let trail = self.trail(0, pv);
            for rr in (0..pv).filter(|&q| r.v().residue_in(q as u64)) {
                self.one.push(Src::Row { trail, r: rr });
            }
        }
    }

    /// The cone `(s, t)`, `s >= 2`: the rays of `D`, its cells looked up one
    /// by one, the rows kept back and the schedule's bounds. `None` out of
    /// scope.
    fn cone(&mut self, r: &Rules, s: u64, t: u64) -> Option<()> {
        // the rays and the box of looked-up cells grow with s and t
        if s > MAX_MOD || t > MAX_REACH as u64 {
            return None;
        }
        let (s, t) = (s as usize, t as usize);
        self.s = s;
        let k = self.k;
        let rays = (s - 1) * k;
        let (cmax, cmin) = (t as i64 - 1, t as i64 - rays as i64);
        // the stores hold only cells in front of the cell's row and
        // column: a direct ray's cell (k, s k + c) is stored once
        // k >= 1 + dr, so l >= s (1 + dr) + c >= 1; a mirror ray's
        // cell (s l + c, l) once s l + c >= 1 + dm, so l >= 1 for
        // dm = t - 1. The cells left out have min(k, l) <= K (looked
        // up one by one below).
        let dr = (0..)
            .find(|&d: &i64| s as i64 * (1 + d) + cmin >= 1)
            .unwrap() as usize;
        let dm = cmax.max(0) as usize;
        let (ray, rayt) = (
            self.kind(Kind::Ray { delay: dr }),
            self.kind(Kind::RayT { delay: dm }),
        );
        self.rays(r, t, (dr, dm), (ray, rayt))?;
        let reach = s * k + t - 1;
        if reach > MAX_REACH {
            return None;
        }
        for a in 1..=reach {
            for b in 1..=reach {
                if a.min(b) <= k && two_move(r, a as u64, b as u64) {
                    self.finite.push((a, b));
                }
            }
        }
        if self.finite.len() > MAX_FINITE {
            return None;
        }
        self.depth = self.depth.max(reach + 1).max(dr.max(dm) + 2);
        self.pad = self.pad.max(reach);
        // the schedule's bounds (see `attempt`): lines of direction
        // (1, s) are touched at offsets c_min..=c_max, lines of
        // direction (s, 1) at the rays' offsets and at 1 + dm - s
        let si = s as i64;
        self.e = (cmin + si * (1 + dr as i64)) as usize;
        let feed = 1 + dm as i64 - si;
        let (lo, hi) = (cmin.min(feed), cmax.max(feed));
        self.lag = 1 + k
            .max((cmax - cmin - si).max(0) as usize)
            .max(((hi - lo) / si + 1) as usize);
        Some(())
    }

    /// The sources of the rays of `D` with offsets `c = t - 1 - j`, direct
    /// (store `ray`, delay `dr`) and mirrored (store `rayt`, delay `dm`), for
    /// every class whose ray is a move. `None` when a class's stored cells
    /// with `q <= K` are not all moves (out of scope).
    fn rays(
        &mut self,
        r: &Rules,
        t: usize,
        (dr, dm): (usize, usize),
        (ray, rayt): (usize, usize),
    ) -> Option<()> {
        let (s, k) = (self.s, self.k);
        let rays = (s - 1) * k;
        // direct rays (k in class rr): cells (k, s k + c); mirror rays
        // (l in class rr): cells (s l + c, l)
        let cell = |mirror: bool, q: usize, c: i64| -> (i64, i64) {
            let far = (s * q) as i64 + c;
            if mirror {
                (far, q as i64)
            } else {
                (q as i64, far)
            }
        };
        let is_move = |(a, b): (i64, i64)| a >= 1 && b >= 1 && two_move(r, a as u64, b as u64);
        for j in 0..rays {
            let c = t as i64 - 1 - j as i64;
            for mirror in [false, true] {
                for rr in 0..k {
                    if !is_move(cell(mirror, rep(rr, k) as usize, c)) {
                        continue;
                    }
                    // the class's stored cells with q <= K are moves too
                    let stored = |q: &usize| {
                        let (a, _) = cell(mirror, *q, c);
                        if mirror {
                            a >= 1 + dm as i64
                        } else {
                            *q > dr
                        }
                    };
                    if !(1..=k)
                        .filter(|q| q % k == rr)
                        .filter(stored)
                        .all(|q| is_move(cell(mirror, q, c)))
                    {
                        return None;
                    }
                    self.two.push(if mirror {
                        Src::RayT {
                            store: rayt,
                            c,
                            r: rr,
                        }
                    } else {
                        Src::Ray {
                            store: ray,
                            c,
                            r: rr,
                        }
                    });
                }
            }
        }
        Some(())
    }

    /// The congruence `k = l (mod m)` (`d1`, `d2` of periods `p1`, `p2`): the
    /// classes of the columns and row prefixes of `D`. `None` out of scope.
    fn congruence(
        &mut self,
        d1: &LengthSet,
        d2: &LengthSet,
        m: u64,
        (p1, p2): (usize, usize),
    ) -> Option<()> {
        let k = self.k;
        if m > MAX_MOD {
            return None;
        }
        let m = m as usize;
        let m1 = lcm(m as u64, p1 as u64);
        let m2 = lcm(m as u64, p2 as u64);
        if m1 > MAX_MOD || m2 > MAX_MOD {
            return None;
        }
        let (m1, m2) = (m1 as usize, m2 as usize);
        // l <= K: the column y - l, rows x - k with k = l (mod m), k in d1
        for l in (1..=k).filter(|&l| d2.contains(l as u64)) {
            let store = self.kind(Kind::Col { modulus: m1 });
            for rr in (0..m1).filter(|&q| q % m == l % m && d1.contains(rep(q, m1))) {
                self.two.push(Src::Col {
                    store,
                    off: l,
                    r: rr,
                });
            }
        }
        // k <= K: the row x - k, columns y - l with l = k (mod m), l in d2
        for kk in (1..=k).filter(|&q| d1.contains(q as u64)) {
            let trail = self.trail(kk, m2);
            for rr in (0..m2).filter(|&q| q % m == kk % m && d2.contains(rep(q, m2))) {
                self.two.push(Src::Row { trail, r: rr });
            }
        }
        Some(())
    }

    fn kind(&mut self, k: Kind) -> usize {
        match self.kinds.iter().position(|&q| q == k) {
            Some(i) => i,
            None => {
                self.kinds.push(k);
                self.kinds.len() - 1
            }
        }
    }

    fn trail(&mut self, back: usize, modulus: usize) -> usize {
        let t = Trail { back, modulus };
        match self.trails.iter().position(|&q| q == t) {
            Some(i) => i,
            None => {
                self.trails.push(t);
                self.trails.len() - 1
            }
        }
    }

    /// Lines and classes of store kind `k` on the `n x n` board, with
    /// [`Layout::pad`] empty lines on each side (a source's line index then
    /// needs no range check).
    pub(super) fn shape(&self, kind: Kind, n: usize) -> (usize, usize) {
        match kind {
            Kind::Col { modulus } => (n + 2 * self.pad, modulus),
            Kind::Ray { .. } | Kind::RayT { .. } => (
                (self.s + 1) * n.saturating_sub(1) + 1 + 2 * self.pad,
                self.k,
            ),
        }
    }

    /// Value bitsets kept on the `n x n` board.
    pub(super) fn sets(&self, n: usize) -> u64 {
        let stores: u64 = self
            .kinds
            .iter()
            .map(|&q| {
                let (l, c) = self.shape(q, n);
                (l * c) as u64
            })
            .sum();
        let trails: u64 = self.trails.iter().map(|t| t.modulus as u64).sum();
        stores + trails + (2 * n as u64) * self.k as u64
    }
}
