//! Grundy values of games whose two-pile moves form the (s,t) cone (`s >= 2`)
//! or the congruence `k = l (mod m)`, without a copy of a value bitset per cell.
//!
//! Scope, decided from the [`Rules`] value alone: memoryless, normal play, no
//! blocking, purely periodic length sets (`h`, `v`, `d1`, `d2`: threshold 0, as
//! all, odd, even, multiples and residue classes are), two-pile relation a cone
//! with `s >= 2` or a congruence; any removed corner. This covers
//! `st-wythoff`, `modular`, the four parity games of seed 003 and their
//! residue-class variants. Everything else keeps [`super::grundy_union`].
//!
//! ## The recurrence
//!
//! Let `C` be the two-pile moves `(k, l)` (relation and `d1`, `d2`; both
//! periodic, `K` the lcm of their periods) and `V(x, y)` the set of values at
//! `(x, y) - C`. With `δ = (K, K)`, `C + δ ⊆ C` (a cone and a congruence are
//! closed under adding `(1, 1)`, and `K` keeps the residues), so
//!
//! ```text
//! V(x, y) = V(x - K, y - K) ∪ values of (x, y) - D,     D = C \ (C + δ).
//! ```
//!
//! `V` is therefore kept *in place* per diagonal `y - x` and class `x mod K`: one
//! bitset that only grows along its diagonal. `D` is a few whole lines:
//!
//! - cone, `l >= k`: a cell of `C` leaves `C + δ` when `min(k, l) <= K` (finitely
//!   many cells, `max <= s K + t - 1`: looked up one by one) or when
//!   `l > s (k - K) + t - 1 + K`: the `(s - 1) K` rays `l = s k + c`,
//!   `c = t - 1 - j`, of direction `(1, s)`; their cells with `k` in one class
//!   mod `K` are one class of one line of direction `(1, s)`, whose value
//!   bitset holds the rows above the current one. The cells of that class with
//!   `1 <= k <= K` are in `C` too (checked for every ray when the plan is made;
//!   otherwise the game is out of scope), so the stored line is exactly the
//!   ray's part of `D` plus moves that `V(x, y)` holds anyway. `l < k`: the
//!   mirror image, lines of direction `(s, 1)`.
//! - congruence: `D` is the cells of `C` with `k <= K` (rows `x - k`, columns
//!   `y - l` with `l = k (mod m)`, `l` in `d2`: a class mod `lcm(m, period(d2))`
//!   of a row prefix, kept as the sweep passes) or `l <= K` (a class of a
//!   column, kept in place).
//!
//! The one-pile moves are classes of the cell's column (kept in place, rows
//! above) and of its row prefix. The mex is the first value, from the largest
//! mex of the selected bitsets on, in none of them. A bitset is OR-ed into the
//! diagonal's only from the diagonal's own mex to the source's largest value.
//!
//! Cost per cell: one OR of `2 (s - 1) K` (cone) or `2 K` (congruence) windows
//! of value bitsets, a few lookups, and the mex search. Bitsets hold `64 W`
//! values; a value that does not fit restarts the solve with twice the width.
//! Checked against the option-enumerating solver in `tests/kernels.rs` (random
//! cone and congruence rules, the catalogue).

use super::grundy_fast::Tab;
use super::GRUNDY_OFF;
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

/// Value bitsets of `lines x classes` sets of `w` words (a multiple of
/// [`BW`]), stored block-major as in [`super::grundy_fast`]: block `b` of set
/// `i` is the cache line `b * sets + i`, so the sets a row sweep reads for
/// consecutive columns (consecutive lines) lie side by side. Each set keeps its
/// mex and `1 + ` its largest value (0 when empty).
struct Store {
    classes: usize,
    sets: usize,
    w: usize,
    bits: Vec<u64>,
    mex: Vec<u32>,
    top: Vec<u32>,
}

/// Words per block (one cache line).
const BW: usize = 8;

impl Store {
    fn new(lines: usize, classes: usize, w: usize) -> Store {
        let sets = lines * classes;
        Store {
            classes,
            sets,
            w,
            bits: vec![0; sets * w],
            mex: vec![0; sets],
            top: vec![0; sets],
        }
    }
    fn clear(&mut self) {
        self.bits.iter_mut().for_each(|b| *b = 0);
        self.mex.iter_mut().for_each(|m| *m = 0);
        self.top.iter_mut().for_each(|t| *t = 0);
    }
    #[inline(always)]
    fn set(&self, line: usize, class: usize) -> usize {
        line * self.classes + class
    }
    /// Index of word `wi` of set `i`.
    #[inline(always)]
    fn word(&self, i: usize, wi: usize) -> usize {
        ((wi / BW) * self.sets + i) * BW + wi % BW
    }
    #[inline(always)]
    fn has(&self, i: usize, v: u32) -> bool {
        self.bits[self.word(i, (v / 64) as usize)] >> (v % 64) & 1 == 1
    }
    /// Advance set `i`'s mex past the values it holds.
    #[inline(always)]
    fn advance(&mut self, i: usize) {
        let mut m = self.mex[i];
        let cap = (64 * self.w) as u32;
        while m < cap && self.has(i, m) {
            m += 1;
        }
        self.mex[i] = m;
    }
    /// Add value `v` (below the capacity) to set `i`, whose mex is not used.
    #[inline(always)]
    fn add_no_mex(&mut self, i: usize, v: u32) {
        let wi = self.word(i, (v / 64) as usize);
        self.bits[wi] |= 1 << (v % 64);
        self.top[i] = self.top[i].max(v + 1);
    }
    /// Add value `v` (below the capacity) to set `i`.
    #[inline(always)]
    fn add(&mut self, i: usize, v: u32) {
        self.add_no_mex(i, v);
        if v == self.mex[i] {
            self.advance(i);
        }
    }
}

/// A family of lines read at `(x, y)`: which line and class, as a function of
/// the cell (`None`: the line has no cells on the board).
#[derive(Clone, Copy, Debug)]
enum Src {
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
struct Trail {
    back: usize,
    modulus: usize,
}

/// Kinds of in-place stores (columns; lines of direction `(1, s)`; `(s, 1)`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
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
    fn delay(self) -> usize {
        match self {
            Kind::Col { .. } => 0,
            Kind::Ray { delay } | Kind::RayT { delay } => delay,
        }
    }
}

/// Everything a solve derives from the rules.
struct Plan {
    /// The cone's slope (0 for a congruence).
    s: usize,
    /// `K`: classes per diagonal.
    k: usize,
    kinds: Vec<Kind>,
    trails: Vec<Trail>,
    /// The one-pile sources (searched with the diagonal's set).
    one: Vec<Src>,
    /// The sources OR-ed into the diagonal's set per cell.
    two: Vec<Src>,
    /// The cells of `D` looked up one by one.
    finite: Vec<(usize, usize)>,
    /// Rows kept back.
    depth: usize,
    /// Empty lines each side of a store: at least the largest offset `c` of
    /// a ray and `K`.
    pad: usize,
}

/// A representative `k >= 1` of residue `r` mod `m` (above `K`).
fn rep(r: usize, m: usize) -> u64 {
    (r + 2 * m) as u64
}

fn periodic(s: &LengthSet) -> Option<usize> {
    (s.threshold() == 0 && s.period() <= MAX_MOD).then_some(s.period() as usize)
}

impl Plan {
    fn new(r: &Rules) -> Option<Plan> {
        if !super::has_grundy_values(r) {
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
        let mut p = Plan {
            s: 0,
            k,
            kinds: Vec::new(),
            trails: Vec::new(),
            one: Vec::new(),
            two: Vec::new(),
            finite: Vec::new(),
            depth: k + 1,
            pad: k,
        };
        // one-pile moves: classes of the column and of the row prefix
        if !r.h().is_empty() {
            let store = p.kind(Kind::Col { modulus: ph });
            for rr in (0..ph).filter(|&q| r.h().residue_in(q as u64)) {
                p.one.push(Src::Col {
                    store,
                    off: 0,
                    r: rr,
                });
            }
        }
        if !r.v().is_empty() {
            let trail = p.trail(0, pv);
            for rr in (0..pv).filter(|&q| r.v().residue_in(q as u64)) {
                p.one.push(Src::Row { trail, r: rr });
            }
        }
        let two_move = |a: u64, b: u64| a >= 1 && b >= 1 && r.is_move(a, b);
        match two.relation {
            Relation::Cone { s, t } if s >= 2 => {
                // the rays and the box of looked-up cells grow with s and t
                if s > MAX_MOD || t > MAX_REACH as u64 {
                    return None;
                }
                let (s, t) = (s as usize, t as usize);
                p.s = s;
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
                    p.kind(Kind::Ray { delay: dr }),
                    p.kind(Kind::RayT { delay: dm }),
                );
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
                let is_move = |(a, b): (i64, i64)| a >= 1 && b >= 1 && two_move(a as u64, b as u64);
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
                            p.two.push(if mirror {
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
                let reach = s * k + t - 1;
                if reach > MAX_REACH {
                    return None;
                }
                for a in 1..=reach {
                    for b in 1..=reach {
                        if a.min(b) <= k && two_move(a as u64, b as u64) {
                            p.finite.push((a, b));
                        }
                    }
                }
                if p.finite.len() > MAX_FINITE {
                    return None;
                }
                p.depth = p.depth.max(reach + 1).max(dr.max(dm) + 2);
                p.pad = p.pad.max(reach);
            }
            Relation::Congruent { m } => {
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
                for l in (1..=k).filter(|&l| two.d2.contains(l as u64)) {
                    let store = p.kind(Kind::Col { modulus: m1 });
                    for rr in (0..m1).filter(|&q| q % m == l % m && two.d1.contains(rep(q, m1))) {
                        p.two.push(Src::Col {
                            store,
                            off: l,
                            r: rr,
                        });
                    }
                }
                // k <= K: the row x - k, columns y - l with l = k (mod m), l in d2
                for kk in (1..=k).filter(|&q| two.d1.contains(q as u64)) {
                    let trail = p.trail(kk, m2);
                    for rr in (0..m2).filter(|&q| q % m == kk % m && two.d2.contains(rep(q, m2))) {
                        p.two.push(Src::Row { trail, r: rr });
                    }
                }
            }
            _ => return None,
        }
        (p.two.len() <= MAX_SOURCES).then_some(p)
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
    /// [`Plan::pad`] empty lines on each side (a source's line index then
    /// needs no range check).
    fn shape(&self, kind: Kind, n: usize) -> (usize, usize) {
        match kind {
            Kind::Col { modulus } => (n + 2 * self.pad, modulus),
            Kind::Ray { .. } | Kind::RayT { .. } => (
                (self.s + 1) * n.saturating_sub(1) + 1 + 2 * self.pad,
                self.k,
            ),
        }
    }

    /// Value bitsets kept on the `n x n` board.
    fn sets(&self, n: usize) -> u64 {
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

/// Bitset words for the first attempt (values of these games stay near
/// `x + y`; a value that does not fit restarts with twice the width).
fn initial_words(n: usize) -> usize {
    ((2 * n + 128) / 64).next_multiple_of(BW)
}

/// Is `r` in the scope of the kernel?
pub fn applies(r: &Rules) -> bool {
    Plan::new(r).is_some()
}

/// Bytes of state on the `n x n` board (first attempt), or `None` out of scope.
pub fn memory_estimate(r: &Rules, n: u64) -> Option<u64> {
    let p = Plan::new(r)?;
    let w = initial_words(n as usize) as u64;
    // the stored upper triangle of a symmetric game (u16 while values fit)
    let tab = if r.is_symmetric() {
        let b = if 64 * w < u16::MAX as u64 { 2 } else { 4 };
        n.saturating_mul(n).saturating_mul(b)
    } else {
        0
    };
    Some(
        p.sets(n as usize)
            .saturating_mul(w * 8 + 8)
            .saturating_add(
                (p.depth as u64 + 1)
                    .next_power_of_two()
                    .saturating_mul(n)
                    .saturating_mul(4),
            )
            .saturating_add(tab),
    )
}

/// Does the kernel apply to `r` on the `n x n` board within the memory budget?
/// (Otherwise the union kernel or the plain solver answers.) The one test for
/// dispatch, streaming and the time estimate.
pub fn fits(r: &Rules, n: u64) -> bool {
    memory_estimate(r, n).is_some_and(|e| e <= super::memory_budget())
}

/// Compute the Grundy values row by row: `sink(x, values_of_row_x)`, with
/// [`GRUNDY_OFF`] off the board. `progress(rows_done)` every 16 rows (a
/// restart with wider bitsets counts again). `None` when `r` is out of scope.
pub fn stream(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let plan = Plan::new(r)?;
    let mut w = initial_words(n);
    // a restart recomputes the same values: the rows already handed over are
    // not handed over again
    let mut emitted = 0;
    loop {
        match attempt(r, &plan, n, w, emitted, progress, &mut sink) {
            Ok(()) => return Some(()),
            Err(done) => {
                emitted = done;
                w *= 2;
            }
        }
    }
}

/// The whole table (for dispatch and tests).
pub fn grundy(r: &Rules, n: usize) -> Option<super::GrundyTable> {
    grundy_with_progress(r, n, &mut |_| {})
}

/// [`grundy`], calling `progress(rows_done)` as rows are solved.
pub fn grundy_with_progress(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
) -> Option<super::GrundyTable> {
    super::GrundyTable::collect(n, |sink| stream(r, n, progress, sink))
}

/// `dst |= src` from `dst`'s mex on: set `d` of `ds`, set `i` of `ss` (same
/// width).
#[inline(always)]
fn or_window(ds: &mut Store, d: usize, ss: &Store, i: usize) {
    let top = ss.top[i];
    if top <= ds.mex[d] {
        return;
    }
    let lo = (ds.mex[d] / 64) as usize;
    let hi = ((top - 1) / 64) as usize;
    let mut wi = lo;
    while wi <= hi {
        let b = wi / BW;
        let end = hi.min(b * BW + BW - 1);
        let db = (b * ds.sets + d) * BW;
        let sb = (b * ss.sets + i) * BW;
        let (dst, src) = (
            &mut ds.bits[db + wi % BW..=db + end % BW],
            &ss.bits[sb + wi % BW..=sb + end % BW],
        );
        for (a, b) in dst.iter_mut().zip(src) {
            *a |= b;
        }
        wi = end + 1;
    }
    ds.top[d] = ds.top[d].max(top);
}

/// A source's set as the sweep moves along a row: the set at column `y` is
/// `set0 + y dset` plus, for a class that cycles with `y` (modulus `m > 0`),
/// the current class `cls`.
#[derive(Clone, Copy)]
struct Lane {
    store: usize,
    set: isize,
    dset: isize,
    m: usize,
    cls: usize,
}

impl Lane {
    #[inline(always)]
    fn at(&self) -> usize {
        (self.set + self.cls as isize) as usize
    }
    /// Move to column `y` from column 0.
    fn skip(&mut self, y: usize) {
        self.set += self.dset * y as isize;
        if self.m > 1 {
            self.cls = (self.cls + y) % self.m;
        }
    }
    #[inline(always)]
    fn step(&mut self) {
        self.set += self.dset;
        if self.m > 1 {
            self.cls += 1;
            if self.cls == self.m {
                self.cls = 0;
            }
        }
    }
}

/// One solve with bitsets of `w` words, handing rows from `emitted` on to the
/// sink: `Err(rows handed over)` when a value does not fit.
fn attempt(
    r: &Rules,
    plan: &Plan,
    n: usize,
    w: usize,
    emitted: usize,
    progress: &mut dyn FnMut(u64),
    sink: &mut impl FnMut(u64, &[u32]),
) -> Result<(), usize> {
    let cap = (64 * w) as u32;
    let k = plan.k;
    let (s, pad) = (plan.s as isize, plan.pad as isize);
    let ni = n as isize;
    // the stores of the kinds, then the row prefixes
    let mut stores: Vec<Store> = plan
        .kinds
        .iter()
        .map(|&q| {
            let (l, c) = plan.shape(q, n);
            Store::new(l, c, w)
        })
        .chain(plan.trails.iter().map(|t| Store::new(1, t.modulus, w)))
        .collect();
    let first_trail = plan.kinds.len();
    let mut diag = Store::new(2 * n.max(1) - 1, k, w);
    let depth = plan.depth.next_power_of_two();
    let rmask = depth - 1;
    let mut ring = vec![vec![GRUNDY_OFF; n]; depth];
    let mut out = vec![GRUNDY_OFF; n];
    let mut fin: Vec<(usize, usize)> = Vec::with_capacity(plan.finite.len());
    // symmetric rules: only y >= x is searched; the values left of the
    // diagonal are read back from the stored upper triangle (every store,
    // row prefix and looked-up cell still sees whole rows)
    let sym = r.is_symmetric();
    let mut tab = if sym {
        Tab::new(n, cap as u64)
    } else {
        Tab::S(Vec::new())
    };
    let modulo = |a: isize, m: usize| a.rem_euclid(m as isize) as usize;
    // the lane of a source in row x
    let lane = |src: Src, x: usize| -> Lane {
        let xi = x as isize;
        match src {
            Src::Col { store, off, r: rr } => {
                let Kind::Col { modulus } = plan.kinds[store] else {
                    unreachable!("a column source reads a column store")
                };
                let m = modulus as isize;
                Lane {
                    store,
                    set: (pad - off as isize) * m + modulo(xi - rr as isize, modulus) as isize,
                    dset: m,
                    m: 0,
                    cls: 0,
                }
            }
            Src::Row { trail, r: rr } => {
                let m = plan.trails[trail].modulus;
                Lane {
                    store: first_trail + trail,
                    set: 0,
                    dset: 0,
                    m,
                    cls: modulo(-(rr as isize), m),
                }
            }
            Src::Ray { store, c, r: rr } => {
                let kk = k as isize;
                Lane {
                    store,
                    set: (-(c as isize) - s * xi + s * (ni - 1) + pad) * kk
                        + modulo(xi - rr as isize, k) as isize,
                    dset: kk,
                    m: 0,
                    cls: 0,
                }
            }
            Src::RayT { store, c, r: rr } => {
                let kk = k as isize;
                Lane {
                    store,
                    set: (xi - c as isize + s * (ni - 1) + pad) * kk,
                    dset: -s * kk,
                    m: k,
                    cls: modulo(-(rr as isize), k),
                }
            }
        }
    };
    let mut two: Vec<Lane> = Vec::with_capacity(plan.two.len());
    let mut one: Vec<Lane> = Vec::with_capacity(plan.one.len());
    // per row prefix: its class counter for column y - 1
    let mut tcls: Vec<usize> = vec![0; plan.trails.len()];
    for x in 0..n {
        // the stores take row x - 1 - delay (a symmetric game's columns are
        // read at y >= x only: their cells left of the diagonal, less the
        // reach of the congruence's columns, are not needed)
        for (si, &kind) in plan.kinds.iter().enumerate() {
            let st = &mut stores[si];
            if x <= kind.delay() {
                continue;
            }
            let xx = x - 1 - kind.delay();
            let prev = &ring[xx & rmask];
            let xi = xx as isize;
            match kind {
                Kind::Col { modulus } => {
                    let from = if sym { xx.saturating_sub(plan.pad) } else { 0 };
                    for (yy, &g) in prev.iter().enumerate().skip(from) {
                        if g != GRUNDY_OFF {
                            let i = st.set(yy + plan.pad, xx % modulus);
                            st.add(i, g);
                        }
                    }
                }
                Kind::Ray { .. } => {
                    let base = (-s * xi + s * (ni - 1) + pad) as usize;
                    for (yy, &g) in prev.iter().enumerate() {
                        if g != GRUNDY_OFF {
                            let i = st.set(base + yy, xx % k);
                            st.add_no_mex(i, g);
                        }
                    }
                }
                Kind::RayT { .. } => {
                    let base = (xi + s * (ni - 1) + pad) as usize;
                    for (yy, &g) in prev.iter().enumerate() {
                        if g != GRUNDY_OFF {
                            let i = st.set(base - plan.s * yy, yy % k);
                            st.add_no_mex(i, g);
                        }
                    }
                }
            }
        }
        // the rows of the cells looked up one by one
        fin.clear();
        fin.extend(
            plan.finite
                .iter()
                .filter(|&&(a, _)| a <= x)
                .map(|&(a, b)| ((x - a) & rmask, b)),
        );
        let start = if sym { x } else { 0 };
        for y in 0..start {
            out[y] = tab.get(y * n + x);
        }
        // the row prefixes hold the columns before `start`
        for (ti, t) in plan.trails.iter().enumerate() {
            let st = &mut stores[first_trail + ti];
            st.clear();
            for y in 0..start {
                let g = if t.back == 0 {
                    out[y]
                } else if x >= t.back {
                    ring[(x - t.back) & rmask][y]
                } else {
                    GRUNDY_OFF
                };
                if g != GRUNDY_OFF {
                    st.add(y % t.modulus, g);
                }
            }
            tcls[ti] = start % t.modulus;
        }
        two.clear();
        two.extend(plan.two.iter().map(|&q| lane(q, x)));
        one.clear();
        one.extend(plan.one.iter().map(|&q| lane(q, x)));
        for ln in two.iter_mut().chain(one.iter_mut()) {
            ln.skip(start);
        }
        let mut d = (start + n - 1 - x) * k + x % k;
        for y in start..n {
            // the row prefixes take column y - 1
            if y > start {
                for (ti, t) in plan.trails.iter().enumerate() {
                    let g = if t.back == 0 {
                        out[y - 1]
                    } else if x >= t.back {
                        ring[(x - t.back) & rmask][y - 1]
                    } else {
                        GRUNDY_OFF
                    };
                    if g != GRUNDY_OFF {
                        stores[first_trail + ti].add(tcls[ti], g);
                    }
                    tcls[ti] += 1;
                    if tcls[ti] == t.modulus {
                        tcls[ti] = 0;
                    }
                }
            }
            // V(x, y): the diagonal's set takes the lines of D and its cells
            for ln in two.iter_mut() {
                or_window(&mut diag, d, &stores[ln.store], ln.at());
                ln.step();
            }
            for &(row, b) in &fin {
                if b <= y {
                    let g = ring[row][y - b];
                    if g != GRUNDY_OFF {
                        diag.add(d, g);
                    }
                }
            }
            diag.advance(d);
            let on = r.on_board(x as u64, y as u64);
            let g = if on {
                // the mex of the one-pile sets and V(x, y), from their largest
                // mex on
                let mut lb = diag.mex[d];
                for ln in &one {
                    lb = lb.max(stores[ln.store].mex[ln.at()]);
                }
                let mut wi = (lb / 64) as usize;
                loop {
                    if wi >= w {
                        return Err(x.max(emitted));
                    }
                    let mut acc = diag.bits[diag.word(d, wi)];
                    for ln in &one {
                        let st = &stores[ln.store];
                        acc |= st.bits[st.word(ln.at(), wi)];
                    }
                    if wi == (lb / 64) as usize {
                        acc |= (1u64 << (lb % 64)) - 1;
                    }
                    if acc != !0 {
                        break wi as u32 * 64 + (!acc).trailing_zeros();
                    }
                    wi += 1;
                }
            } else {
                GRUNDY_OFF
            };
            if on && g + 1 >= cap {
                return Err(x.max(emitted));
            }
            out[y] = g;
            if sym {
                tab.set(x * n + y, g);
            }
            for ln in one.iter_mut() {
                ln.step();
            }
            d += k;
        }
        ring[x & rmask].copy_from_slice(&out);
        if x >= emitted {
            sink(x as u64, &out);
        }
        if x % 16 == 15 {
            progress(x as u64 + 1);
        }
    }
    Ok(())
}
