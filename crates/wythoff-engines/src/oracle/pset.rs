//! P-position sets that answer at any size, and the exact winning-move search
//! built on them.
//!
//! A [`PSet`] answers the queries that a move search needs: the P-positions of
//! one row or column (finitely many in every game here: `p` per line for the
//! seed 000 pairs, by p-complementarity, Lemma 3.3 (i)), the P-positions on a
//! range of diagonals `y - x = d` (the P-positions of a Beatty pair lie on the
//! diagonals `d = ± m n`, one per diagonal, Lemma 3.3 (ii)), and for finite or
//! recurrence-limited sets all P-positions below a point. [`winning_moves`] then
//! checks each candidate against the game's own [`Rules`] on big integers
//! ([`BigRules`]), so a winning move is always a legal move of the game as
//! built by the catalogue, never of a paraphrase of it.

use super::beatty::Beatty;
use crate::error::SolveError;
use crate::rules::{ClassSteps, MoveFamily, Relation, Rules};
use crate::sets::LengthSet;
use malachite_base::num::arithmetic::traits::DivMod;
use malachite_nz::integer::Integer;
use malachite_nz::natural::Natural;
use std::sync::RwLock;

pub type Pos = (Natural, Natural);

fn n0() -> Natural {
    Natural::from(0u32)
}
fn n1() -> Natural {
    Natural::from(1u32)
}

/// A set of P-positions, queried exactly.
pub trait PSet: Send + Sync {
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError>;
    /// Every `x' < lt` with `(x', y)` in the set.
    fn row(&self, y: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError>;
    /// Every `y' < lt` with `(x, y')` in the set.
    fn col(&self, x: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError>;
    /// Every position of the set with `lo <= y - x <= hi`, if the set can list
    /// them (the window is small: a band of two-pile moves).
    fn diagonals(&self, lo: &Integer, hi: &Integer) -> Result<Option<Vec<Pos>>, SolveError>;
    /// Every position `(x', y')` of the set with `x' < x` and `y' < y`, for sets
    /// where that is a short list (finite sets, recurrences).
    fn below(&self, x: &Natural, y: &Natural) -> Result<Vec<Pos>, SolveError>;
    /// [`PSet::below`] restricted to the targets of two-pile moves with
    /// `k = l (mod m)`, i.e. `x' - y' = x - y (mod m)`. Default: all of `below`.
    fn below_congruent(&self, x: &Natural, y: &Natural, _m: u64) -> Result<Vec<Pos>, SolveError> {
        self.below(x, y)
    }
    /// The `n`-th pair `(a_n, b_n)` of the sequences the set is made of, for
    /// sets given by their pairs (`patterns::fitted::FittedSet`); default: none.
    fn pair(&self, _n: &Natural) -> Option<(Natural, Natural)> {
        None
    }
}

/// Floor and ceiling division of an `Integer` by a positive `u64`.
fn floor_div(a: &Integer, q: u64) -> Integer {
    let q = Integer::from(q);
    let (d, r) = a.clone().div_mod(&q); // malachite's div_mod floors for Integer
    let _ = r;
    d
}
fn ceil_div(a: &Integer, q: u64) -> Integer {
    -floor_div(&(-a.clone()), q)
}

/// The seed 000 pairs `{(a_j, b_j)}` and `{(b_j, a_j) : j > 0}`, optionally
/// restricted to `j = l (mod q)` for the first family and `j = -l (mod q)` for
/// the second (the interleaving of Theorem 2.1 (iii a)).
pub struct BeattySet {
    pub bt: Beatty,
    /// `Some((q, l))`: the shifted game `m x p WN_l` with `q = p`.
    pub shift: Option<(u64, u64)>,
}

impl BeattySet {
    pub fn symmetric(m: u64, p: u64) -> Self {
        BeattySet {
            bt: Beatty::new(m, p),
            shift: None,
        }
    }
    /// The P-set of `shifted:m,p,l`, the board without the corner
    /// `[0, m l) x [0, m (p - l))` (Definition 4 (iiia) of seed 000, docs/games.md section 4).
    ///
    /// **Printed inconsistency.** Theorem 2.1 (iii a) as printed,
    /// `{(a_{ip+l}, b_{ip+l})} u {(b_{ip-l}, a_{ip-l}) : i > 0}`, contains
    /// `(a_l, b_l) = (0, m l)`, which lies in that corner when `l > 0`; its terminal
    /// positions are `(0, m l)` and `(m (p - l), 0)`, those of the mirrored corner
    /// `[0, m (p - l)) x [0, m l)`. For the corner of the definition the P-set is the
    /// mirror image, i.e. the printed formula with `l` replaced by `(p - l) mod p`:
    /// `{(b_{ip+l}, a_{ip+l}) : i >= 0} u {(a_{ip-l}, b_{ip-l}) : i > 0}`. This is
    /// what is implemented, and the tests check it against the general solver.
    pub fn shifted(m: u64, p: u64, l: u64) -> Self {
        BeattySet {
            bt: Beatty::new(m, p),
            shift: Some((p, (p - l % p) % p)),
        }
    }
    /// May `(a_j, b_j)` be a P-position?
    fn first_ok(&self, j: &Natural) -> bool {
        self.shift
            .map_or(true, |(q, l)| Beatty::residue(j, q) == l % q)
    }
    /// May `(b_j, a_j)` be a P-position?
    fn second_ok(&self, j: &Natural) -> bool {
        *j > 0u32
            && self
                .shift
                .map_or(true, |(q, l)| (Beatty::residue(j, q) + l) % q == 0)
    }
}

impl BeattySet {
    /// [`PSet::is_p`] on `u128`, when everything fits (`None` otherwise).
    fn is_p_u128(&self, x: u128, y: u128) -> Option<bool> {
        let first = |j: u128| {
            self.shift
                .map_or(true, |(q, l)| j % q as u128 == (l % q) as u128)
        };
        let second = |j: u128| {
            j > 0
                && self
                    .shift
                    .map_or(true, |(q, l)| (j % q as u128 + l as u128) % q as u128 == 0)
        };
        if let Some(j) = self.bt.index_b_u128(y)? {
            if first(j) && self.bt.a_u128(j)? == x {
                return Some(true);
            }
        }
        if let Some(j) = self.bt.index_b_u128(x)? {
            if second(j) && self.bt.a_u128(j)? == y {
                return Some(true);
            }
        }
        Some(false)
    }
}

impl PSet for BeattySet {
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        if let (Some(xu), Some(yu)) = (super::beatty::to_u128(x), super::beatty::to_u128(y)) {
            if let Some(v) = self.is_p_u128(xu, yu) {
                return Ok(v);
            }
        }
        // first family: b_j = y determines j
        if let Some(j) = self.bt.index_b(y) {
            if self.first_ok(&j) && self.bt.a(&j) == *x {
                return Ok(true);
            }
        }
        if let Some(j) = self.bt.index_b(x) {
            if self.second_ok(&j) && self.bt.a(&j) == *y {
                return Ok(true);
            }
        }
        // (0, 0) = (a_0, b_0)
        Ok(*x == 0u32 && *y == 0u32 && self.first_ok(&n0()))
    }
    fn row(&self, y: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        let mut out = Vec::new();
        if let Some(j) = self.bt.index_b(y) {
            if self.first_ok(&j) {
                out.push(self.bt.a(&j));
            }
        }
        for j in self.bt.indices_a(y) {
            if self.second_ok(&j) {
                out.push(self.bt.b(&j));
            }
        }
        out.retain(|v| v < lt);
        out.sort();
        out.dedup();
        Ok(out)
    }
    fn col(&self, x: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        let mut out = Vec::new();
        for j in self.bt.indices_a(x) {
            if self.first_ok(&j) {
                out.push(self.bt.b(&j));
            }
        }
        if let Some(j) = self.bt.index_b(x) {
            if self.second_ok(&j) {
                out.push(self.bt.a(&j));
            }
        }
        out.retain(|v| v < lt);
        out.sort();
        out.dedup();
        Ok(out)
    }
    fn diagonals(&self, lo: &Integer, hi: &Integer) -> Result<Option<Vec<Pos>>, SolveError> {
        // b_j - a_j = m j (Lemma 3.3 (ii)): (a_j, b_j) lies on d = m j, (b_j, a_j) on d = -m j.
        let m = self.bt.m;
        let mut i = ceil_div(lo, m);
        let end = floor_div(hi, m);
        let mut out = Vec::new();
        while i <= end {
            let j: &Natural = i.unsigned_abs_ref();
            if i >= 0 {
                if self.first_ok(&j) {
                    out.push((self.bt.a(&j), self.bt.b(&j)));
                }
            } else if self.second_ok(&j) {
                out.push((self.bt.b(&j), self.bt.a(&j)));
            }
            i += Integer::from(1);
        }
        Ok(Some(out))
    }
    fn below(&self, _x: &Natural, _y: &Natural) -> Result<Vec<Pos>, SolveError> {
        Err(SolveError::Unsupported(
            "the Beatty P-set is infinite: query rows, columns and diagonals".into(),
        ))
    }
}

/// `{(q x + r, q y + r) : (x, y) in inner, 0 <= r < q}`: the (p,m)-Wythoff
/// P-positions when `p | m` are the (1, m/p)-Wythoff pairs scaled by `p` and
/// thickened along the diagonal (seed 002, the remark after Proposition 1).
pub struct Scaled<S: PSet> {
    pub inner: S,
    pub q: u64,
}

impl<S: PSet> Scaled<S> {
    fn split(&self, v: &Natural) -> (Natural, u64) {
        let (d, r) = v.div_mod(Natural::from(self.q));
        (d, u64::try_from(&r).expect("below q"))
    }
    fn up(&self, v: &Natural, r: u64) -> Natural {
        v * Natural::from(self.q) + Natural::from(r)
    }
}

impl<S: PSet> Scaled<S> {
    /// A row or column of the scaled set: the inner set's line through `at / q`,
    /// scaled back up with the residue of `at`, below `lt`.
    fn line(
        &self,
        at: &Natural,
        lt: &Natural,
        inner: impl Fn(&Natural, &Natural) -> Result<Vec<Natural>, SolveError>,
    ) -> Result<Vec<Natural>, SolveError> {
        let (a0, r) = self.split(at);
        let lt0 = self.split(lt).0 + n1();
        Ok(inner(&a0, &lt0)?
            .iter()
            .map(|v0| self.up(v0, r))
            .filter(|v| v < lt)
            .collect())
    }
}

impl<S: PSet> PSet for Scaled<S> {
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        let (x0, rx) = self.split(x);
        let (y0, ry) = self.split(y);
        Ok(rx == ry && self.inner.is_p(&x0, &y0)?)
    }
    fn row(&self, y: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        self.line(y, lt, |a, b| self.inner.row(a, b))
    }
    fn col(&self, x: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        self.line(x, lt, |a, b| self.inner.col(a, b))
    }
    fn diagonals(&self, lo: &Integer, hi: &Integer) -> Result<Option<Vec<Pos>>, SolveError> {
        // y - x = q (y0 - x0)
        let Some(inner) = self
            .inner
            .diagonals(&ceil_div(lo, self.q), &floor_div(hi, self.q))?
        else {
            return Ok(None);
        };
        let mut out = Vec::new();
        for (x0, y0) in inner {
            for r in 0..self.q {
                out.push((self.up(&x0, r), self.up(&y0, r)));
            }
        }
        Ok(Some(out))
    }
    fn below(&self, x: &Natural, y: &Natural) -> Result<Vec<Pos>, SolveError> {
        let inner = self.inner.below(
            &(x.div_mod(Natural::from(self.q)).0 + n1()),
            &(y.div_mod(Natural::from(self.q)).0 + n1()),
        )?;
        let mut out = Vec::new();
        for (x0, y0) in inner {
            for r in 0..self.q {
                let (a, b) = (self.up(&x0, r), self.up(&y0, r));
                if a < *x && b < *y {
                    out.push((a, b));
                }
            }
        }
        Ok(out)
    }
}

/// A finite symmetric set given by its pairs `(a, b)`, `a <= b` (both orders are in the set).
pub struct FiniteSet {
    pub pairs: Vec<(u64, u64)>,
}

impl FiniteSet {
    fn all(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)])
    }
}

impl FiniteSet {
    /// The other coordinates (sorted, distinct, `< lt`) of the P-positions whose
    /// `key` coordinate is `at`: a row or a column of the finite set.
    fn line(
        &self,
        at: &Natural,
        lt: &Natural,
        key: impl Fn((u64, u64)) -> u64,
        other: impl Fn((u64, u64)) -> u64,
    ) -> Vec<Natural> {
        let mut v: Vec<u64> = match u64::try_from(at) {
            Ok(at) => self.all().filter(|&q| key(q) == at).map(&other).collect(),
            Err(_) => vec![],
        };
        v.sort_unstable();
        v.dedup();
        v.into_iter()
            .map(Natural::from)
            .filter(|a| a < lt)
            .collect()
    }
}

impl PSet for FiniteSet {
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        let (Ok(x), Ok(y)) = (u64::try_from(x), u64::try_from(y)) else {
            return Ok(false);
        };
        Ok(self.all().any(|q| q == (x, y)))
    }
    fn row(&self, y: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        Ok(self.line(y, lt, |q| q.1, |q| q.0))
    }
    fn col(&self, x: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        Ok(self.line(x, lt, |q| q.0, |q| q.1))
    }
    fn diagonals(&self, _lo: &Integer, _hi: &Integer) -> Result<Option<Vec<Pos>>, SolveError> {
        Ok(None)
    }
    fn below_congruent(&self, x: &Natural, y: &Natural, m: u64) -> Result<Vec<Pos>, SolveError> {
        // x - x' = y - y' (mod m)  <=>  x' + (y mod m) = y' + (x mod m)  (mod m)
        let (xr, yr) = (Beatty::residue(x, m) as u128, Beatty::residue(y, m) as u128);
        let mm = m as u128;
        let (xu, yu) = (
            u64::try_from(x).unwrap_or(u64::MAX),
            u64::try_from(y).unwrap_or(u64::MAX),
        );
        let mut v: Vec<(u64, u64)> = self
            .all()
            .filter(|&(a, b)| a < xu && b < yu && (a as u128 + yr) % mm == (b as u128 + xr) % mm)
            .collect();
        v.sort_unstable();
        v.dedup();
        Ok(v.into_iter()
            .map(|(a, b)| (Natural::from(a), Natural::from(b)))
            .collect())
    }
    fn below(&self, x: &Natural, y: &Natural) -> Result<Vec<Pos>, SolveError> {
        let mut v: Vec<(u64, u64)> = self
            .all()
            .filter(|&(a, b)| Natural::from(a) < *x && Natural::from(b) < *y)
            .collect();
        v.sort_unstable();
        v.dedup();
        Ok(v.into_iter()
            .map(|(a, b)| (Natural::from(a), Natural::from(b)))
            .collect())
    }
}

/// Largest value a recurrence oracle computes up to: the sequence `a` is kept
/// in memory (4 bytes a term, at most this many terms, about 200 MB).
pub const RECURRENCE_MAX_VALUE: u64 = 50_000_000;

/// The second sequence of a mex recurrence `a_n = mex{a_i, b_i : i < n}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Second {
    /// `b_n = s a_n + t n` ((s,t)-Wythoff, Fraenkel).
    Cone { s: u64, t: u64 },
    /// `b_n = a_n + floor(n / p) m` ((p,m)-Wythoff Nim, seed 002 Proposition 1).
    DiagonalBlocking { p: u64, m: u64 },
}

impl Second {
    #[inline]
    pub fn b(&self, n: u64, a: u64) -> u64 {
        match *self {
            Second::Cone { s, t } => s * a + t * n,
            Second::DiagonalBlocking { p, m } => a + (n / p) * m,
        }
    }
}

/// A symmetric P-set `{(a_n, b_n), (b_n, a_n)}` from a mex recurrence, grown on
/// demand up to [`RECURRENCE_MAX_VALUE`].
pub struct RecurrenceSet {
    pub second: Second,
    pub what: String,
    a: RwLock<Vec<u32>>,
}

impl RecurrenceSet {
    pub fn new(second: Second, what: String) -> Self {
        RecurrenceSet {
            second,
            what,
            a: RwLock::new(Vec::new()),
        }
    }

    fn too_large(&self, what: &str) -> SolveError {
        SolveError::TooLarge(format!(
            "{}: no closed form is known, so the answer comes from the mex recurrence, computed here up to pile sizes of {RECURRENCE_MAX_VALUE} (memory and time linear in the size); {what} is beyond that",
            self.what
        ))
    }

    /// Grow `a` until `done(a)` holds or the value bound is passed.
    fn grow(&self, done: impl Fn(&[u32]) -> bool) {
        if done(&self.a.read().expect("lock")) {
            return;
        }
        let mut a = self.a.write().expect("lock");
        // a_n = least c > a_{n-1} that is no b_j, j < n (a and b are increasing)
        let mut j = 0usize;
        while !done(&a) {
            let n = a.len();
            let mut c = a.last().map_or(0, |&l| l as u64 + 1);
            if c > RECURRENCE_MAX_VALUE + 1 {
                break;
            }
            loop {
                while j < n && self.second.b(j as u64, a[j] as u64) < c {
                    j += 1;
                }
                if j < n && self.second.b(j as u64, a[j] as u64) == c {
                    c += 1;
                } else {
                    break;
                }
            }
            a.push(c as u32);
        }
    }

    /// Make sure every `n` with `a_n <= v` (hence every `n` with `b_n <= v`) is known.
    fn ensure(&self, v: &Natural) -> Result<(), SolveError> {
        let vu = u64::try_from(v).map_err(|_| self.too_large(&v.to_string()))?;
        if vu > RECURRENCE_MAX_VALUE {
            return Err(self.too_large(&v.to_string()));
        }
        self.grow(|a| a.last().is_some_and(|&l| l as u64 > vu));
        Ok(())
    }

    fn with_a<R>(&self, f: impl FnOnce(&[u32]) -> R) -> R {
        f(&self.a.read().expect("lock"))
    }

    /// `(a_n, b_n)` for `n` below `count`, growing as needed.
    pub fn pairs(&self, count: u64) -> Result<Vec<(u64, u64)>, SolveError> {
        if count > RECURRENCE_MAX_VALUE {
            return Err(self.too_large(&format!("index {count}")));
        }
        self.grow(|a| a.len() as u64 >= count);
        Ok(self.with_a(|a| {
            (0..count as usize)
                .map(|n| (a[n] as u64, self.second.b(n as u64, a[n] as u64)))
                .collect()
        }))
    }

    fn find_a(a: &[u32], v: u64) -> Option<usize> {
        if v > u32::MAX as u64 {
            return None;
        }
        a.binary_search(&(v as u32)).ok()
    }
    fn find_b(&self, a: &[u32], v: u64) -> Option<usize> {
        // b is strictly increasing
        let (mut lo, mut hi) = (0usize, a.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.second.b(mid as u64, a[mid] as u64) < v {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        (lo < a.len() && self.second.b(lo as u64, a[lo] as u64) == v).then_some(lo)
    }
}

impl PSet for RecurrenceSet {
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
        self.ensure(lo)?;
        let Ok(hi) = u64::try_from(hi) else {
            return Ok(false);
        };
        let lo = u64::try_from(lo).expect("ensured");
        Ok(self.with_a(|a| {
            Self::find_a(a, lo).is_some_and(|n| self.second.b(n as u64, a[n] as u64) == hi)
        }))
    }
    fn row(&self, y: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        // x' = b_n with a_n = y needs b_n < lt, so a_n = y < lt; x' = a_n with
        // b_n = y needs a_n < lt and a_n <= y: both need a only up to min(y, lt).
        let reach = if y < lt { y } else { lt };
        self.ensure(reach)?;
        let ltu = u64::try_from(lt).unwrap_or(u64::MAX);
        let Ok(y) = u64::try_from(y) else {
            return Ok(vec![]);
        };
        let mut out = self.with_a(|a| {
            let mut v = Vec::new();
            if let Some(n) = Self::find_a(a, y) {
                v.push(self.second.b(n as u64, a[n] as u64));
            }
            if let Some(n) = self.find_b(a, y) {
                v.push(a[n] as u64);
            }
            v
        });
        out.retain(|&v| v < ltu);
        out.sort_unstable();
        out.dedup();
        Ok(out.into_iter().map(Natural::from).collect())
    }
    fn col(&self, x: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        self.row(x, lt)
    }
    fn diagonals(&self, _lo: &Integer, _hi: &Integer) -> Result<Option<Vec<Pos>>, SolveError> {
        Ok(None)
    }
    fn below(&self, x: &Natural, y: &Natural) -> Result<Vec<Pos>, SolveError> {
        let lo = if x <= y { x } else { y };
        self.ensure(lo)?;
        let (xu, yu) = (
            u64::try_from(x).unwrap_or(u64::MAX),
            u64::try_from(y).unwrap_or(u64::MAX),
        );
        Ok(self.with_a(|a| {
            let mut v = Vec::new();
            for (n, &an) in a.iter().enumerate() {
                let an = an as u64;
                if an >= xu.min(yu) {
                    break;
                }
                let bn = self.second.b(n as u64, an);
                if an < xu && bn < yu {
                    v.push((Natural::from(an), Natural::from(bn)));
                }
                if bn < xu && an < yu && an != bn {
                    v.push((Natural::from(bn), Natural::from(an)));
                }
            }
            v
        }))
    }
}

/// The game's rules evaluated on big integers.
pub struct BigRules<'a>(pub &'a Rules);

/// Membership of a big length in an eventually periodic set.
pub fn set_contains(s: &LengthSet, k: &Natural) -> bool {
    if let Ok(k) = u64::try_from(k) {
        return s.contains(k);
    }
    // k > u64::MAX > threshold: only the residue matters
    let q = s.period();
    let r = Beatty::residue(k, q);
    let rep = r + q * (s.threshold() / q + 1);
    s.contains(rep)
}

fn relation_allows(rel: &Relation, k: &Natural, l: &Natural) -> bool {
    let diff = if k >= l { k - l } else { l - k };
    match *rel {
        Relation::Diagonal => diff == 0u32,
        Relation::Band { m } => diff < m,
        Relation::Cone { s, t } => {
            let mn = if k <= l { k } else { l };
            diff < mn * Natural::from(s - 1) + Natural::from(t)
        }
        Relation::Congruent { m } => Beatty::residue(&diff, m) == 0,
        // (k, l) = (p t, q t) or (q t, p t), t >= 1
        Relation::Ratio { p, q } => {
            let along = |a: &Natural, b: &Natural, p: u64, q: u64| {
                let (p, q) = (Natural::from(p), Natural::from(q));
                let (ta, ra) = (a / &p, a % &p);
                let (tb, rb) = (b / &q, b % &q);
                ra == 0u32 && rb == 0u32 && ta == tb && ta > 0u32
            };
            along(k, l, p, q) || along(k, l, q, p)
        }
        Relation::Union(ref parts) => parts.iter().any(|r| relation_allows(r, k, l)),
    }
}

impl BigRules<'_> {
    /// Is `(x, y) -> (x2, y2)` a move (with the landing cell on the board)?
    /// Returns whether it is in the blockable class, if it is a move.
    pub fn move_class(&self, x: &Natural, y: &Natural, x2: &Natural, y2: &Natural) -> Option<bool> {
        if x2 > x || y2 > y || (x2 == x && y2 == y) {
            return None;
        }
        let r = self.0;
        if let Some(t) = r.terminal() {
            if x + y <= t.sum {
                return None;
            }
        }
        if let Some(c) = r.corner() {
            if *x2 < c.u && *y2 < c.v {
                return None;
            }
        }
        let k = x - x2;
        let l = y - y2;
        let legal = if l == 0u32 {
            set_contains(r.h(), &k)
        } else if k == 0u32 {
            set_contains(r.v(), &l)
        } else {
            r.two_pile().is_some_and(|t| {
                set_contains(&t.d1, &k)
                    && set_contains(&t.d2, &l)
                    && relation_allows(&t.relation, &k, &l)
            })
        };
        if !legal {
            return None;
        }
        // the class of the move's family ([`crate::rules::BlockClass::family`]);
        // an offset beyond i64 is clamped (no class tells such offsets apart)
        let (family, step) = if l == 0u32 {
            (MoveFamily::OnePile, &k)
        } else if k == 0u32 {
            (MoveFamily::OnePile, &l)
        } else {
            let d = if l >= k {
                i64::try_from(&(&l - &k)).unwrap_or(i64::MAX)
            } else {
                i64::try_from(&(&k - &l)).map_or(i64::MIN, |v| -v)
            };
            (MoveFamily::TwoPile { d }, &k)
        };
        let class = match r.block_steps(family) {
            ClassSteps::None => false,
            ClassSteps::AtLeast(min) => *step >= min,
            ClassSteps::All => true,
        };
        Some(class)
    }

    pub fn on_board(&self, x: &Natural, y: &Natural) -> bool {
        self.0.corner().map_or(true, |c| !(*x < c.u && *y < c.v))
    }
}

/// The P-options of `(x, y)` under `rules`, as `(x', y', in_block_class)`,
/// sorted: one-pile options from the row and column queries, two-pile options
/// from the diagonals within the relation's band (or, for relations that are
/// not bands, from every P-position below the point).
pub fn p_options<S: PSet + ?Sized>(
    set: &S,
    rules: &Rules,
    x: &Natural,
    y: &Natural,
) -> Result<Vec<(Natural, Natural, bool)>, SolveError> {
    let br = BigRules(rules);
    let mut cands: Vec<Pos> = Vec::new();
    for x2 in set.row(y, x)? {
        cands.push((x2, y.clone()));
    }
    for y2 in set.col(x, y)? {
        cands.push((x.clone(), y2));
    }
    if let Some(t) = rules.two_pile() {
        if *x > 0u32 && *y > 0u32 {
            let listed = match t.relation.band_width() {
                Some(w) => {
                    let d = Integer::from(y.clone()) - Integer::from(x.clone());
                    let w = Integer::from(w);
                    set.diagonals(&(&d - &w + Integer::from(1)), &(&d + &w - Integer::from(1)))?
                }
                None => None,
            };
            let two = match (listed, &t.relation) {
                (Some(v), _) => v,
                (None, Relation::Congruent { m }) => set.below_congruent(x, y, *m)?,
                (None, _) => set.below(x, y)?,
            };
            cands.extend(two.into_iter().filter(|(a, b)| a < x && b < y));
        }
    }
    let mut out: Vec<(Natural, Natural, bool)> = cands
        .into_iter()
        .filter_map(|(a, b)| br.move_class(x, y, &a, &b).map(|c| (a, b, c)))
        .collect();
    out.sort();
    out.dedup();
    Ok(out)
}

/// A P-set of one set of rules, known in closed form, as an [`super::Oracle`]:
/// membership from the set, the P-options (winning moves) from its row, column
/// and diagonal queries under the rules, the pairs from the set. The oracles
/// of Blocking Wythoff Nim and of fitted patterns
/// (`patterns::fitted::FittedOracle`).
pub struct RulesSetOracle<S: PSet + ?Sized = dyn PSet> {
    pub source: String,
    pub rules: Rules,
    pub set: Box<S>,
}

impl<S: PSet + ?Sized> super::Oracle for RulesSetOracle<S> {
    fn source(&self) -> String {
        self.source.clone()
    }
    fn method(&self) -> super::Method {
        super::Method::ClosedForm
    }
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        self.set.is_p(x, y)
    }
    fn winning_moves(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(Natural, Natural)>, SolveError> {
        Ok(super::moves_of(self.p_options(x, y)?))
    }
    fn p_options(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(Natural, Natural, bool)>, SolveError> {
        p_options(&*self.set, &self.rules, x, y)
    }
    fn pair(&self, n: &Natural) -> Result<Option<(Natural, Natural)>, SolveError> {
        Ok(self.set.pair(n))
    }
    fn row_positions(
        &self,
        x: &Natural,
        lt: Option<&Natural>,
    ) -> Result<Option<Vec<Natural>>, SolveError> {
        Ok(Some(
            self.set
                .col(x, &lt.cloned().unwrap_or_else(|| whole_line(x)))?,
        ))
    }
}

/// A bound above every partner of `x` in the P-sets here: a [`PSet`] lists a
/// row's partners from its law (finitely many, each within a fixed multiple
/// of `x` plus a constant) and only then drops those at or above the bound, so
/// this bound, `2^64 (x + 1)`, keeps them all.
pub fn whole_line(x: &Natural) -> Natural {
    (x + Natural::from(1u32)) << 64u32
}
