//! Grundy values of games whose two-pile moves form the (s,t) cone (`s >= 2`)
//! or the congruence `k = l (mod m)`, without a copy of a value bitset per cell.
//!
//! Scope, decided from the [`Rules`] value alone: memoryless, normal play, no
//! blocking, purely periodic length sets (`h`, `v`, `d1`, `d2`: threshold 0, as
//! all, odd, even, multiples and residue classes are), two-pile relation a cone
//! with `s >= 2` or a congruence; any removed corner. This covers
//! `st-wythoff`, `modular`, the four parity games of seed 003 and their
//! residue-class variants. Everything else keeps [`super::union`].
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
//! Checked against the option-enumerating solver in `tests/engines.rs` (random
//! cone and congruence rules, the catalogue).
//!
//! ## Workers
//!
//! [`stream_threads`] runs the sweep on T workers: stripes of rows go to the
//! workers round-robin, every row runs at least a fixed number of columns
//! (`lag`) behind the row above it, and the stores are fed in the sweep (a
//! few columns behind the cell that reads them) instead of with whole rows at
//! a row's start. Why the values are those of one worker, and why no two
//! workers touch a set at once, is argued at `attempt` (private).

use crate::rules::{Relation, Rules};
use crate::sets::{lcm, LengthSet};
use crate::solve::wavefront::Tab;
use crate::solve::GRUNDY_OFF;

/// Largest class modulus of any store (within it, the memory estimate decides).
const MAX_MOD: u64 = 1024;
/// Largest number of bitsets OR-ed into a diagonal per cell.
const MAX_SOURCES: usize = 64;
/// Largest reach (rows kept back, side of the box of looked-up cells).
const MAX_REACH: usize = 512;
/// Largest number of cells of `D` looked up one by one.
const MAX_FINITE: usize = 4096;

/// Value bitsets of `lines x classes` sets of `w` words (a multiple of
/// [`BW`]), stored block-major as in [`super::nim_like`]: block `b` of set
/// `i` is the cache line `b * sets + i`, so the sets a row sweep reads for
/// consecutive columns (consecutive lines) lie side by side. Each set keeps its
/// mex and `1 + ` its largest value (0 when empty). The kernel works on it
/// through [`Raw`], which rows on several workers share.
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
    /// A view of the store's sets; valid while the store lives and is not
    /// resized (it never is).
    fn raw(&mut self) -> Raw {
        Raw {
            bits: self.bits.as_mut_ptr(),
            mex: self.mex.as_mut_ptr(),
            top: self.top.as_mut_ptr(),
            classes: self.classes,
            sets: self.sets,
            w: self.w,
        }
    }
}

/// The sets of a [`Store`] as raw pointers, shared by the workers of
/// [`attempt`]. Every access names one set; the schedule (see [`attempt`])
/// orders any two accesses to one set from different rows as the one-row-at-a-
/// time sweep orders them, so no two workers touch a set at once. (Distinct
/// sets are distinct memory: whole words of `bits`, one `u32` of `mex`/`top`.)
#[derive(Clone, Copy)]
struct Raw {
    bits: *mut u64,
    mex: *mut u32,
    top: *mut u32,
    classes: usize,
    sets: usize,
    w: usize,
}

// SAFETY: see the type's comment; the pointers outlive the scoped workers.
unsafe impl Send for Raw {}
unsafe impl Sync for Raw {}

impl Raw {
    #[inline(always)]
    fn set(&self, line: usize, class: usize) -> usize {
        line * self.classes + class
    }
    /// Index of word `wi` of set `i`.
    #[inline(always)]
    fn word(&self, i: usize, wi: usize) -> usize {
        debug_assert!(i < self.sets && wi < self.w, "set {i} word {wi}");
        ((wi / BW) * self.sets + i) * BW + wi % BW
    }
    /// Word `wi` of set `i`.
    #[inline(always)]
    unsafe fn bits(&self, i: usize, wi: usize) -> u64 {
        *self.bits.add(self.word(i, wi))
    }
    #[inline(always)]
    unsafe fn mex(&self, i: usize) -> u32 {
        debug_assert!(i < self.sets);
        *self.mex.add(i)
    }
    #[inline(always)]
    unsafe fn top(&self, i: usize) -> u32 {
        debug_assert!(i < self.sets);
        *self.top.add(i)
    }
    #[inline(always)]
    unsafe fn has(&self, i: usize, v: u32) -> bool {
        self.bits(i, (v / 64) as usize) >> (v % 64) & 1 == 1
    }
    /// Empty every set.
    unsafe fn clear(&self) {
        std::ptr::write_bytes(self.bits, 0, self.sets * self.w);
        std::ptr::write_bytes(self.mex, 0, self.sets);
        std::ptr::write_bytes(self.top, 0, self.sets);
    }
    /// Advance set `i`'s mex past the values it holds.
    #[inline(always)]
    unsafe fn advance(&self, i: usize) {
        let mut m = self.mex(i);
        let cap = (64 * self.w) as u32;
        while m < cap && self.has(i, m) {
            m += 1;
        }
        *self.mex.add(i) = m;
    }
    /// Add value `v` (below the capacity) to set `i`, whose mex is not used.
    #[inline(always)]
    unsafe fn add_no_mex(&self, i: usize, v: u32) {
        *self.bits.add(self.word(i, (v / 64) as usize)) |= 1 << (v % 64);
        let t = self.top.add(i);
        *t = (*t).max(v + 1);
    }
    /// Add value `v` (below the capacity) to set `i`.
    #[inline(always)]
    unsafe fn add(&self, i: usize, v: u32) {
        self.add_no_mex(i, v);
        if v == self.mex(i) {
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
    /// Columns between the cell a store of direction `(1, s)` takes and the
    /// cell that feeds it (see [`attempt`]).
    e: usize,
    /// Columns a row keeps behind the row above it (see [`attempt`]).
    lag: usize,
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
        if !crate::solve::fast_grundy_scope(r) {
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
            e: 1,
            lag: k.max(1),
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
                // the schedule's bounds (see `attempt`): lines of direction
                // (1, s) are touched at offsets c_min..=c_max, lines of
                // direction (s, 1) at the rays' offsets and at 1 + dm - s
                let si = s as i64;
                p.e = (cmin + si * (1 + dr as i64)) as usize;
                let feed = 1 + dm as i64 - si;
                let (lo, hi) = (cmin.min(feed), cmax.max(feed));
                p.lag = 1 + k
                    .max((cmax - cmin - si).max(0) as usize)
                    .max(((hi - lo) / si + 1) as usize);
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
    // the rows in flight on the workers (rayon's pool, as `stream` sizes
    // them): their row-prefix stores, ring rows and rows waiting to be
    // handed over
    let flight = (crate::solve::outcome_threads(n.min(usize::MAX as u64) as usize)
        * stripe_rows(&p, w as usize)) as u64;
    let trails: u64 = p.trails.iter().map(|t| t.modulus as u64).sum();
    Some(
        p.sets(n as usize)
            .saturating_mul(w * 8 + 8)
            .saturating_add(
                (p.depth as u64 + flight)
                    .next_power_of_two()
                    .saturating_mul(n)
                    .saturating_mul(4),
            )
            .saturating_add(flight.saturating_mul(trails.saturating_mul(w * 8 + 8)))
            .saturating_add(flight.saturating_mul(n).saturating_mul(8))
            .saturating_add(tab),
    )
}

/// Compute the Grundy values row by row: `sink(x, values_of_row_x)`, with
/// `GRUNDY_OFF` off the board, on `threads` workers (at least 1): the same
/// rows for every count (see the private `attempt`). `progress(rows_done)`
/// every 16 rows (a restart with wider bitsets counts again). `None` when `r`
/// is out of scope.
pub fn stream_threads(
    r: &Rules,
    n: usize,
    threads: usize,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let plan = Plan::new(r)?;
    let w = initial_words(n);
    let rows = stripe_rows(&plan, w);
    run(r, &plan, n, w, threads, rows, STEP, progress, sink)
}

/// [`stream_threads`] with a chosen stripe height, step (columns a row
/// advances at a time) and first bitset width (`words`, rounded up to a
/// cache line), for tests of the schedule and of restarts.
#[doc(hidden)]
#[allow(clippy::too_many_arguments)]
pub fn stream_tuned(
    r: &Rules,
    n: usize,
    threads: usize,
    rows: usize,
    step: usize,
    words: usize,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let plan = Plan::new(r)?;
    let w = words.max(1).next_multiple_of(BW);
    let (rows, step) = (rows.max(1), step.max(1));
    run(r, &plan, n, w, threads, rows, step, progress, sink)
}

#[allow(clippy::too_many_arguments)]
fn run(
    r: &Rules,
    plan: &Plan,
    n: usize,
    mut w: usize,
    threads: usize,
    rows: usize,
    step: usize,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    // a restart recomputes the same values: the rows already handed over are
    // not handed over again
    let mut emitted = 0;
    loop {
        let tune = Tune {
            threads,
            rows,
            step,
        };
        match attempt(r, plan, n, w, tune, emitted, progress, &mut sink) {
            Ok(()) => return Some(()),
            Err(done) => {
                emitted = done;
                w *= 2;
            }
        }
    }
}

/// Rows per stripe (see [`attempt`]): [`STRIPE_ROWS`], fewer where a row's
/// own row-prefix stores would pass [`STRIPE_BYTES`] in all.
fn stripe_rows(plan: &Plan, w: usize) -> usize {
    let per_row: usize = plan.trails.iter().map(|t| t.modulus).sum::<usize>() * (8 * w + 8);
    (STRIPE_BYTES / per_row.max(1)).clamp(1, STRIPE_ROWS)
}

/// Rows of a stripe, computed by one worker.
const STRIPE_ROWS: usize = 64;
/// Bytes of row-prefix stores a worker keeps for its stripe, at most (unless
/// one row needs more).
const STRIPE_BYTES: usize = 1 << 20;
/// Columns a row advances at a time (the stripe's last row publishes its
/// progress after each such step).
const STEP: usize = 256;

/// `dst |= src` from `dst`'s mex on: set `d` of `ds`, set `i` of `ss` (same
/// width, different stores).
///
/// # Safety
/// No other thread touches set `d` of `ds` or writes set `i` of `ss`.
#[inline(always)]
unsafe fn or_window(ds: Raw, d: usize, ss: Raw, i: usize) {
    let top = ss.top(i);
    let mex = ds.mex(d);
    if top <= mex {
        return;
    }
    let lo = (mex / 64) as usize;
    let hi = ((top - 1) / 64) as usize;
    debug_assert!(hi < ds.w && d < ds.sets && i < ss.sets);
    let mut wi = lo;
    while wi <= hi {
        let b = wi / BW;
        let end = hi.min(b * BW + BW - 1);
        let len = end - wi + 1;
        let dst =
            std::slice::from_raw_parts_mut(ds.bits.add((b * ds.sets + d) * BW + wi % BW), len);
        let src = std::slice::from_raw_parts(ss.bits.add((b * ss.sets + i) * BW + wi % BW), len);
        for (a, b) in dst.iter_mut().zip(src) {
            *a |= b;
        }
        wi = end + 1;
    }
    let t = ds.top.add(d);
    *t = (*t).max(top);
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

/// The stored upper triangle of a symmetric game as a raw pointer (cell
/// `(x, y)`, `y >= x`, at `x n + y`), written by row `x` and read by row `y`
/// once row `x` has passed column `y`.
#[derive(Clone, Copy)]
enum TabRaw {
    None,
    S(*mut u16),
    L(*mut u32),
}

impl TabRaw {
    fn of(t: &mut Tab) -> TabRaw {
        match t {
            Tab::S(v) if v.is_empty() => TabRaw::None,
            Tab::S(v) => TabRaw::S(v.as_mut_ptr()),
            Tab::L(v) => TabRaw::L(v.as_mut_ptr()),
        }
    }
    #[inline(always)]
    unsafe fn get(self, i: usize) -> u32 {
        match self {
            TabRaw::S(p) => match *p.add(i) {
                u16::MAX => u32::MAX,
                g => g as u32,
            },
            TabRaw::L(p) => *p.add(i),
            TabRaw::None => unreachable!("the triangle is kept for symmetric rules"),
        }
    }
    #[inline(always)]
    unsafe fn set(self, i: usize, g: u32) {
        match self {
            TabRaw::S(p) => *p.add(i) = if g == u32::MAX { u16::MAX } else { g as u16 },
            TabRaw::L(p) => *p.add(i) = g,
            TabRaw::None => unreachable!("the triangle is kept for symmetric rules"),
        }
    }
}

/// What every row of one attempt shares: the rules, the plan, the stores of
/// the kinds, the diagonal sets, the ring of the last rows' values and the
/// triangle, all as raw views (see [`attempt`] for who touches what when).
struct Ctx<'a> {
    r: &'a Rules,
    plan: &'a Plan,
    n: usize,
    w: usize,
    sym: bool,
    /// The stores of `plan.kinds` (a row's own row-prefix stores follow them
    /// in its [`Row::views`]).
    stores: Vec<Raw>,
    diag: Raw,
    /// Row `x`'s values at `ring + (x & rmask) n`.
    ring: *mut u32,
    rmask: usize,
    tab: TabRaw,
}

// SAFETY: the raw views are shared under the schedule of `attempt`; the
// buffers outlive the scoped workers.
unsafe impl Sync for Ctx<'_> {}

impl Ctx<'_> {
    /// Row `x`'s slot of the ring.
    #[inline(always)]
    fn slot(&self, x: usize) -> *mut u32 {
        // SAFETY: (x & rmask) n + n is the ring's length at most
        unsafe { self.ring.add((x & self.rmask) * self.n) }
    }

    /// Store kind `si` takes cell `(xx, yy)`.
    #[inline(always)]
    unsafe fn insert(&self, si: usize, kind: Kind, xx: usize, yy: usize) {
        let g = *self.slot(xx).add(yy);
        if g == GRUNDY_OFF {
            return;
        }
        let (st, plan) = (self.stores[si], self.plan);
        let (s, k, far) = (plan.s, plan.k, plan.s * (self.n - 1) + plan.pad);
        match kind {
            Kind::Col { modulus } => st.add(st.set(yy + plan.pad, xx % modulus), g),
            Kind::Ray { .. } => st.add_no_mex(st.set(far - s * xx + yy, xx % k), g),
            Kind::RayT { .. } => st.add_no_mex(st.set(far + xx - s * yy, yy % k), g),
        }
    }

    /// The value a row prefix `t` of row `x` takes at column `y`.
    #[inline(always)]
    unsafe fn trail_value(&self, t: Trail, x: usize, y: usize) -> u32 {
        match x.checked_sub(t.back) {
            Some(xb) => *self.slot(xb).add(y),
            None => GRUNDY_OFF,
        }
    }

    /// The lane of a source in row `x`, at column 0.
    fn lane(&self, src: Src, x: usize) -> Lane {
        let plan = self.plan;
        let (k, s, pad) = (plan.k, plan.s as isize, plan.pad as isize);
        let (xi, ni) = (x as isize, self.n as isize);
        let modulo = |a: isize, m: usize| a.rem_euclid(m as isize) as usize;
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
                    store: plan.kinds.len() + trail,
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
    }
}

/// One row in progress: its lanes, row-prefix stores and looked-up cells,
/// and the next column.
struct Row {
    x: usize,
    /// The next column to compute (`n`: the row is done).
    y: usize,
    /// The first column searched (`x` for symmetric rules, else 0).
    start: usize,
    begun: bool,
    /// The diagonal's set of the next column.
    d: usize,
    two: Vec<Lane>,
    one: Vec<Lane>,
    /// Per row prefix: its class counter for column `y - 1`.
    tcls: Vec<usize>,
    /// The row's own row-prefix stores (only [`Row::views`] touches them).
    _trails: Vec<Store>,
    /// [`Ctx::stores`], then views of the row-prefix stores.
    views: Vec<Raw>,
    /// The looked-up cells: (offset of their row in the ring, column back).
    fin: Vec<(usize, usize)>,
}

impl Row {
    fn new(c: &Ctx) -> Row {
        let mut trails: Vec<Store> = c
            .plan
            .trails
            .iter()
            .map(|t| Store::new(1, t.modulus, c.w))
            .collect();
        let mut views = c.stores.clone();
        views.extend(trails.iter_mut().map(Store::raw));
        Row {
            x: 0,
            y: 0,
            start: 0,
            begun: false,
            d: 0,
            two: Vec::with_capacity(c.plan.two.len()),
            one: Vec::with_capacity(c.plan.one.len()),
            tcls: vec![0; c.plan.trails.len()],
            _trails: trails,
            views,
            fin: Vec::with_capacity(c.plan.finite.len()),
        }
    }

    /// Start row `x`: counts as part of its first column's step (see
    /// [`attempt`]).
    unsafe fn begin(&mut self, c: &Ctx, x: usize) {
        let (n, plan) = (c.n, c.plan);
        let start = if c.sym { x } else { 0 };
        if c.sym {
            // the values left of the diagonal, from the stored upper triangle
            let row = c.slot(x);
            for y in 0..start {
                *row.add(y) = c.tab.get(y * n + x);
            }
            // the stores take the cells of earlier rows left of where the
            // sweep of row x inserts them (from column x on); a column store
            // only its columns that a row from x on reads
            for (si, &kind) in plan.kinds.iter().enumerate() {
                let Some(xx) = x.checked_sub(1 + kind.delay()) else {
                    continue;
                };
                let cols = match kind {
                    Kind::Col { .. } => xx.saturating_sub(plan.pad)..x,
                    Kind::Ray { .. } => 0..x.saturating_sub(plan.e),
                    Kind::RayT { .. } => 0..x.saturating_sub(1),
                };
                for yy in cols {
                    c.insert(si, kind, xx, yy);
                }
            }
        }
        // the row prefixes hold the columns before `start`
        let first_trail = plan.kinds.len();
        for (ti, &t) in plan.trails.iter().enumerate() {
            let v = self.views[first_trail + ti];
            v.clear();
            for y in 0..start {
                let g = c.trail_value(t, x, y);
                if g != GRUNDY_OFF {
                    v.add(y % t.modulus, g);
                }
            }
            self.tcls[ti] = start % t.modulus;
        }
        self.two.clear();
        self.two.extend(plan.two.iter().map(|&q| c.lane(q, x)));
        self.one.clear();
        self.one.extend(plan.one.iter().map(|&q| c.lane(q, x)));
        for ln in self.two.iter_mut().chain(self.one.iter_mut()) {
            ln.skip(start);
        }
        self.fin.clear();
        self.fin.extend(
            plan.finite
                .iter()
                .filter(|&&(a, _)| a <= x)
                .map(|&(a, b)| (((x - a) & c.rmask) * n, b)),
        );
        self.d = (start + n - 1 - x) * plan.k + x % plan.k;
        self.x = x;
        self.y = start;
        self.start = start;
        self.begun = true;
    }

    /// Compute the row's columns up to `until` (exclusive): `Err` when a value
    /// does not fit the bitsets.
    unsafe fn advance(&mut self, c: &Ctx, until: usize) -> Result<(), ()> {
        let (n, plan, w) = (c.n, c.plan, c.w);
        let cap = (64 * w) as u32;
        let (x, k) = (self.x, plan.k);
        let first_trail = plan.kinds.len();
        let row = c.slot(x);
        let diag = c.diag;
        for y in self.y..until {
            // the stores take the cells of earlier rows that this column
            // passes to them: a column its cell of row x - 1; a ray store its
            // row's cell e (or 1) columns back
            for (si, &kind) in plan.kinds.iter().enumerate() {
                let Some(xx) = x.checked_sub(1 + kind.delay()) else {
                    continue;
                };
                let yy = match kind {
                    Kind::Col { .. } => Some(y),
                    Kind::Ray { .. } => y.checked_sub(plan.e),
                    Kind::RayT { .. } => y.checked_sub(1),
                };
                if let Some(yy) = yy {
                    c.insert(si, kind, xx, yy);
                }
            }
            // the row prefixes take column y - 1
            if y > self.start {
                for (ti, &t) in plan.trails.iter().enumerate() {
                    let g = c.trail_value(t, x, y - 1);
                    if g != GRUNDY_OFF {
                        self.views[first_trail + ti].add(self.tcls[ti], g);
                    }
                    self.tcls[ti] += 1;
                    if self.tcls[ti] == t.modulus {
                        self.tcls[ti] = 0;
                    }
                }
            }
            let d = self.d;
            // V(x, y): the diagonal's set takes the lines of D and its cells
            for ln in self.two.iter_mut() {
                or_window(diag, d, self.views[ln.store], ln.at());
                ln.step();
            }
            for &(base, b) in &self.fin {
                if b <= y {
                    let g = *c.ring.add(base + y - b);
                    if g != GRUNDY_OFF {
                        diag.add(d, g);
                    }
                }
            }
            diag.advance(d);
            let on = c.r.on_board(x as u64, y as u64);
            let g = if on {
                // the mex of the one-pile sets and V(x, y), from their largest
                // mex on
                let mut lb = diag.mex(d);
                for ln in &self.one {
                    lb = lb.max(self.views[ln.store].mex(ln.at()));
                }
                let mut wi = (lb / 64) as usize;
                loop {
                    if wi >= w {
                        return Err(());
                    }
                    let mut acc = diag.bits(d, wi);
                    for ln in &self.one {
                        acc |= self.views[ln.store].bits(ln.at(), wi);
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
                return Err(());
            }
            *row.add(y) = g;
            if c.sym {
                c.tab.set(x * n + y, g);
            }
            for ln in self.one.iter_mut() {
                ln.step();
            }
            self.d += k;
        }
        self.y = self.y.max(until);
        Ok(())
    }
}

/// Why a stripe stopped early.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Halt {
    /// A value did not fit the bitsets.
    Overflow,
    /// Another worker or the calling thread stopped the attempt.
    Stopped,
}

/// How an attempt is scheduled.
#[derive(Clone, Copy)]
struct Tune {
    threads: usize,
    rows: usize,
    step: usize,
}

/// Run stripe `s` (rows `s R ..`, `R = rows.len()` at most) to its end.
/// `above(stalled)` gives the progress of the row above the stripe (the
/// columns it has done, `n` when finished; it waits for a change when
/// `stalled`, `None`: stop), `publish(p)` announces the stripe's last row's
/// progress, `done(x, values)` hands over a finished row.
///
/// # Safety
/// Stripes run in the order and under the waits of [`attempt`].
#[allow(clippy::too_many_arguments)]
unsafe fn run_stripe(
    c: &Ctx,
    lag: usize,
    rows: &mut [Row],
    s: usize,
    step: usize,
    mut above: impl FnMut(bool) -> Option<usize>,
    mut publish: impl FnMut(usize),
    mut done: impl FnMut(usize, &[u32]),
) -> Result<(), Halt> {
    let n = c.n;
    let x0 = s * rows.len();
    let h = rows.len().min(n - x0);
    let rows = &mut rows[..h];
    rows.iter_mut().for_each(|r| r.begun = false);
    // a row may compute column y once the row above has done y + lag
    let limit = |p: usize| if p >= n { n } else { p.saturating_sub(lag) };
    let progress = |r: &Row| if r.begun { r.y } else { 0 };
    let mut stalled = false;
    loop {
        let Some(p) = above(stalled) else {
            return Err(Halt::Stopped);
        };
        let mut lim = limit(p);
        let mut moved = false;
        for (i, row) in rows.iter_mut().enumerate() {
            let x = x0 + i;
            let from = match (row.begun, c.sym) {
                (true, _) => row.y,
                (false, true) => x,
                (false, false) => 0,
            };
            let to = lim.min(from + step);
            if to > from {
                if !row.begun {
                    row.begin(c, x);
                }
                row.advance(c, to).map_err(|()| Halt::Overflow)?;
                moved = true;
                if to == n {
                    done(x, std::slice::from_raw_parts(c.slot(x), n));
                }
            }
            lim = limit(progress(row));
        }
        let last = progress(&rows[h - 1]);
        if moved {
            publish(last);
        }
        if last == n {
            return Ok(());
        }
        stalled = !moved;
    }
}

/// One solve with bitsets of `w` words, handing rows from `emitted` on to the
/// sink: `Err(rows handed over)` when a value does not fit.
///
/// ## The schedule, for any number of workers
///
/// Every store of a kind is fed *in the sweep*: at cell `(x, y)`, before it
/// reads, a column store takes `(x - 1, y)`, a store of direction `(1, s)`
/// the cell `(x - 1 - dr, y - e)` (`e = c_min + s (1 + dr) >= 1`), one of
/// direction `(s, 1)` the cell `(x - 1 - dm, y - 1)`; a symmetric game's row
/// `x` first feeds the cells left of where its sweep starts (column `x`).
/// Then every set `(x, y)` reads holds what the one-row-at-a-time sweep with
/// whole rows fed at a row's start held (the rows up to `x - 1 - delay`: a
/// ray's cells of row `x - 1 - dr` that `(x, y)` reads lie at columns up to
/// `y - e`; those of row `x - 1 - dm` up to `y - 1`; a column's rows up to
/// `x - 1`; the cells a row's sweep would feed past `n - e` are never read).
///
/// Rows are cut into stripes of `R` rows; stripe `s` goes to worker
/// `s mod T`, which advances its rows in steps of at most `step` columns,
/// each row as far as the row above allows: row `x` computes column `y` (its
/// start counted as its first column) only once row `x - 1` has done columns
/// up to `y + lag` (within a stripe: program order; across stripes: the
/// stripe's last row publishes its progress with a release store, the next
/// stripe's first row reads it with an acquire load). By induction row
/// `x - j` has then done columns up to `y + j lag`.
///
/// That orders every pair of touches of one set by rows `x < x + j` as the
/// one-row sweep does, when whatever row `x` touches at column `y'` row
/// `x + j` touches only at columns `y >= y' - j lag`:
///
/// - the diagonal set `(y - x, x mod K)`: cells `(x + iK, y + iK)` only;
/// - a column `c`'s sets: row `x` at columns `c` to `c + K` (fed at `c`,
///   read from `c + off`, `off <= K` for the congruence, 0 for one-pile
///   moves), a symmetric row's start (column `x`, columns `c < x`): `lag >= K`;
/// - the line `L = y - s x` (direction `(1, s)`): row `x` feeds and reads it
///   at columns `L + s x + c`, `c_min <= c <= c_max`, row `x + j` at
///   `L + s (x + j) + c`: `lag >= c_max - c_min - s`;
/// - the line `L = x - s y` (direction `(s, 1)`): row `x` at columns
///   `(x - c - L) / s` for `c` in `[c_lo, c_hi]` (the rays' offsets and
///   `1 + dm - s`, the feed), row `x + j` `j / s` further:
///   `lag >= (c_hi - c_lo) / s`;
/// - row values: row `x` writes its own ring slot and triangle cells; a
///   reader of `(x', y')` runs at a column `>= y'` of a row below `x'`, and
///   the ring holds `depth + T R` rows, so a slot is reused only after every
///   reader of its old row is done (a worker holds one stripe; the stripes
///   before the `T` in flight are done);
/// - a row's lanes and row-prefix stores are its own.
///
/// So no two workers touch a set at once, and every cell sees what the
/// one-worker sweep sees: the values are the same for every `T`, `R` and
/// step. Rows are handed to the sink in order by the calling thread.
#[allow(clippy::too_many_arguments)]
fn attempt(
    r: &Rules,
    plan: &Plan,
    n: usize,
    w: usize,
    tune: Tune,
    emitted: usize,
    progress: &mut dyn FnMut(u64),
    sink: &mut impl FnMut(u64, &[u32]),
) -> Result<(), usize> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let cap = (64 * w) as u32;
    let k = plan.k;
    let stripes = n.div_ceil(tune.rows);
    let threads = tune.threads.clamp(1, stripes.max(1));
    // the stores of the kinds (the row prefixes are each row's own)
    let mut stores: Vec<Store> = plan
        .kinds
        .iter()
        .map(|&q| {
            let (l, c) = plan.shape(q, n);
            Store::new(l, c, w)
        })
        .collect();
    let mut diag = Store::new(2 * n.max(1) - 1, k, w);
    let depth = (plan.depth + threads * tune.rows).next_power_of_two();
    let mut ring = vec![GRUNDY_OFF; depth * n];
    // symmetric rules: only y >= x is searched; the values left of the
    // diagonal are read back from the stored upper triangle (every store,
    // row prefix and looked-up cell still sees whole rows)
    let sym = r.is_symmetric();
    let mut tab = if sym {
        Tab::new(n, cap as u64)
    } else {
        Tab::S(Vec::new())
    };
    let ctx = Ctx {
        r,
        plan,
        n,
        w,
        sym,
        stores: stores.iter_mut().map(Store::raw).collect(),
        diag: diag.raw(),
        ring: ring.as_mut_ptr(),
        rmask: depth - 1,
        tab: TabRaw::of(&mut tab),
    };
    let lag = plan.lag;
    let mut next = 0usize;
    let mut hand = |x: usize, vals: &[u32], next: &mut usize| {
        debug_assert_eq!(x, *next);
        if x >= emitted {
            sink(x as u64, vals);
        }
        if x % 16 == 15 {
            progress(x as u64 + 1);
        }
        *next = x + 1;
    };
    if threads == 1 {
        let mut rows: Vec<Row> = (0..tune.rows.min(n)).map(|_| Row::new(&ctx)).collect();
        for s in 0..stripes {
            // SAFETY: one thread, stripes in order
            let res = unsafe {
                run_stripe(
                    &ctx,
                    lag,
                    &mut rows,
                    s,
                    tune.step,
                    |_| Some(n),
                    |_| {},
                    |x, vals| hand(x, vals, &mut next),
                )
            };
            if res.is_err() {
                return Err(next.max(emitted));
            }
        }
    } else {
        let prog: Vec<AtomicUsize> = (0..stripes).map(|_| AtomicUsize::new(0)).collect();
        // stop: every worker ends; overflow: because a value did not fit
        let (stop, overflow) = (AtomicBool::new(false), AtomicBool::new(false));
        /// Stops the workers when the calling thread unwinds (a progress
        /// callback that cancels).
        struct StopOnDrop<'a>(&'a AtomicBool);
        impl Drop for StopOnDrop<'_> {
            fn drop(&mut self) {
                self.0.store(true, Ordering::Relaxed);
            }
        }
        let (tx, rx) = std::sync::mpsc::sync_channel::<(usize, Vec<u32>)>(2 * threads * tune.rows);
        let ctx = &ctx;
        std::thread::scope(|scope| {
            for wk in 0..threads {
                let tx = tx.clone();
                let (prog, stop, overflow) = (&prog, &stop, &overflow);
                scope.spawn(move || {
                    let mut rows: Vec<Row> = (0..tune.rows.min(n)).map(|_| Row::new(ctx)).collect();
                    for s in (wk..stripes).step_by(threads) {
                        let mut seen = 0;
                        let above = |stalled: bool| {
                            let mut spins = 0u32;
                            loop {
                                if stop.load(Ordering::Relaxed) {
                                    return None;
                                }
                                if s == 0 {
                                    return Some(n);
                                }
                                let p = prog[s - 1].load(Ordering::Acquire);
                                if !stalled || p > seen {
                                    seen = p;
                                    return Some(p);
                                }
                                // as in `outcome::counters`: spin briefly, then sleep, so
                                // that a waiting worker leaves the core to the
                                // one it waits for
                                spins += 1;
                                if spins > 256 {
                                    std::thread::park_timeout(std::time::Duration::from_micros(50));
                                } else {
                                    std::hint::spin_loop();
                                }
                            }
                        };
                        let publish = |p: usize| prog[s].store(p, Ordering::Release);
                        let done = |x: usize, vals: &[u32]| {
                            if tx.send((x, vals.to_vec())).is_err() {
                                stop.store(true, Ordering::Relaxed);
                            }
                        };
                        // SAFETY: the schedule of `attempt`
                        let res = unsafe {
                            run_stripe(ctx, lag, &mut rows, s, tune.step, above, publish, done)
                        };
                        if let Err(h) = res {
                            if h == Halt::Overflow {
                                overflow.store(true, Ordering::Relaxed);
                            }
                            stop.store(true, Ordering::Relaxed);
                            return;
                        }
                    }
                });
            }
            drop(tx);
            let _guard = StopOnDrop(&stop);
            let mut pending = std::collections::BTreeMap::new();
            for (x, vals) in rx {
                pending.insert(x, vals);
                while let Some(vals) = pending.remove(&next) {
                    hand(next, &vals, &mut next);
                }
            }
        });
        if overflow.load(Ordering::Relaxed) {
            return Err(next.max(emitted));
        }
    }
    drop(ctx);
    drop((stores, diag, ring, tab));
    Ok(())
}
