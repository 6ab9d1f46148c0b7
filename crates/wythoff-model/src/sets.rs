//! Sets of move lengths (positive integers), in an eventually periodic normal form.
//!
//! Every length set that occurs in the papers (all, odd, even, multiples of `p`,
//! residues `r mod K`, `<= R`, `>= L`, the (l,p)-rook of seed 000, and unions of
//! these) is *eventually periodic*: membership of `k` is given by an explicit
//! table for `1 <= k <= T` and by `k mod K` for `k > T`. Unions and
//! intersections of eventually periodic sets are eventually periodic, which is
//! what lets the fast solvers count options along a line with one counter per
//! residue class (see `solve::lines`).

use crate::error::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Largest modulus accepted in a residue set (keeps per-class counters small).
pub const MAX_MODULUS: u64 = 64;
/// Largest explicit threshold (`maxR`, `minL`) accepted.
pub const MAX_THRESHOLD: u64 = 1 << 20;

/// One piece of a [`LengthSet`]: from `start` on (up to the next piece),
/// `k` is a member iff bit `k mod period` of `mask` is set.
///
/// Invariant: `1 <= period <= 64`, the least period of the pattern, and
/// `mask < 2^period`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    start: u64,
    period: u64,
    mask: u64,
}

impl Piece {
    fn new(start: u64, period: u64, mask: u64) -> Piece {
        debug_assert!((1..=64).contains(&period));
        let full = if period == 64 {
            u64::MAX
        } else {
            (1u64 << period) - 1
        };
        let mask = mask & full;
        // the least period: a divisor `d` whose pattern repeats
        for d in 1..period {
            if period.is_multiple_of(d) && (0..period).all(|i| bit(mask, i) == bit(mask, i % d)) {
                let m = if d == 64 {
                    mask
                } else {
                    mask & ((1u64 << d) - 1)
                };
                return Piece {
                    start,
                    period: d,
                    mask: m,
                };
            }
        }
        Piece {
            start,
            period,
            mask,
        }
    }
    #[inline]
    fn at(&self, k: u64) -> bool {
        bit(self.mask, k % self.period)
    }
    /// The same pattern (hence the same membership wherever both apply).
    fn same_pattern(&self, other: &Piece) -> bool {
        self.period == other.period && self.mask == other.mask
    }
    /// Has the pattern a member in `lo..hi` (`hi` exclusive, `None`: no end)?
    fn has_member(&self, lo: u64, hi: Option<u64>) -> bool {
        match hi {
            Some(h) if h.saturating_sub(lo) < self.period => (lo..h).any(|k| self.at(k)),
            _ => self.mask != 0,
        }
    }
}

#[inline]
fn bit(mask: u64, i: u64) -> bool {
    (mask >> i) & 1 == 1
}

/// A set of positive integers (move lengths), eventually periodic.
///
/// Held symbolically, as pieces: from each piece's start on, membership is a
/// periodic pattern of period at most 64 (a run of members is one piece of
/// period 1, `max R` two pieces whatever `R`), so building, cutting and
/// combining sets costs time in the number of pieces, not in the thresholds.
/// A part whose pattern would need a longer period (a union of residues mod 7
/// and mod 11 below a threshold) is held as pieces of 64 lengths each.
///
/// Invariant (enforced by every constructor): the first piece starts at 1,
/// starts increase, and the last piece (the periodic part `k > threshold`)
/// has the least period and starts as early as it can: `threshold()` and
/// `period()` are those of the set, whatever the way it was written.
#[derive(Clone, Serialize, Deserialize)]
#[serde(into = "Materialised", try_from = "Materialised")]
pub struct LengthSet {
    pieces: Vec<Piece>,
    /// How the set was written (for display and round-tripping).
    spec: String,
}

/// The serialised form (membership up to the threshold, then by residue),
/// unchanged from the materialised representation this type once had.
#[derive(Clone, Serialize, Deserialize)]
struct Materialised {
    /// `prefix[k-1]` is membership of `k` for `1 <= k <= threshold`.
    prefix: Vec<bool>,
    /// `residues[k mod period]` is membership of `k` for `k > threshold`.
    residues: Vec<bool>,
    spec: String,
}

impl From<LengthSet> for Materialised {
    fn from(s: LengthSet) -> Materialised {
        Materialised {
            prefix: (1..=s.threshold()).map(|k| s.contains(k)).collect(),
            residues: (0..s.period()).map(|r| s.residue_in(r)).collect(),
            spec: s.spec,
        }
    }
}

impl TryFrom<Materialised> for LengthSet {
    type Error = String;
    fn try_from(m: Materialised) -> Result<LengthSet, String> {
        let p = m.residues.len() as u64;
        if p == 0 || p > MAX_MODULUS {
            return Err(format!("length set: period {p}, allowed 1..={MAX_MODULUS}"));
        }
        let mut pieces: Vec<Piece> = Vec::new();
        for (i, &b) in m.prefix.iter().enumerate() {
            if pieces.last().is_none_or(|q| q.mask != b as u64) {
                pieces.push(Piece::new(i as u64 + 1, 1, b as u64));
            }
        }
        let mask = (0..p)
            .filter(|&r| m.residues[r as usize])
            .fold(0u64, |a, r| a | 1 << r);
        pieces.push(Piece::new(m.prefix.len() as u64 + 1, p, mask));
        Ok(LengthSet::from_pieces(pieces, m.spec))
    }
}

impl LengthSet {
    /// The set of `pieces` (starts increasing, the first at 1), brought to the
    /// normal form of the invariant.
    fn from_pieces(raw: Vec<Piece>, spec: String) -> Self {
        debug_assert!(raw.first().is_some_and(|p| p.start == 1));
        let mut pieces: Vec<Piece> = Vec::with_capacity(raw.len());
        for p in raw {
            if let Some(last) = pieces.last_mut() {
                if last.start >= p.start {
                    // an empty piece: the later one takes over
                    *last = Piece::new(last.start, p.period, p.mask);
                    if pieces.len() >= 2
                        && pieces[pieces.len() - 2].same_pattern(&pieces[pieces.len() - 1])
                    {
                        pieces.pop();
                    }
                    continue;
                }
                if last.same_pattern(&p) {
                    continue;
                }
            }
            pieces.push(p);
        }
        // the periodic part starts as early as the set allows: walk its start
        // down while the piece before agrees (at most lcm(64, 64) steps a
        // piece: two patterns that agree that long are the same, and merged)
        while pieces.len() >= 2 {
            let n = pieces.len();
            let (prev, tail) = (pieces[n - 2], pieces[n - 1]);
            let mut s = tail.start;
            while s > prev.start && prev.at(s - 1) == tail.at(s - 1) {
                s -= 1;
            }
            if s > prev.start {
                pieces[n - 1].start = s;
                break;
            }
            // the whole piece before agrees: it joins the periodic part
            pieces.pop();
            pieces[n - 2] = Piece {
                start: prev.start,
                ..tail
            };
            if n >= 3 && pieces[n - 3].same_pattern(&pieces[n - 2]) {
                pieces.pop();
            }
        }
        LengthSet { pieces, spec }
    }

    fn periodic(period: u64, mask: u64, spec: String) -> Self {
        Self::from_pieces(vec![Piece::new(1, period, mask)], spec)
    }

    /// The last piece: the periodic part.
    #[inline]
    fn tail(&self) -> &Piece {
        self.pieces.last().expect("a length set has a piece")
    }

    /// All positive integers.
    pub fn all() -> Self {
        Self::periodic(1, 1, "all".into())
    }
    /// The empty set (no moves of this kind).
    pub fn none() -> Self {
        Self::periodic(1, 0, "none".into())
    }
    pub fn odd() -> Self {
        Self::periodic(2, 0b10, "odd".into())
    }
    pub fn even() -> Self {
        Self::periodic(2, 0b01, "even".into())
    }
    /// Lengths `k` with `k mod modulus` in `residues`.
    pub fn residues(modulus: u64, residues: &[u64]) -> Result<Self, RuleError> {
        let spec = residues_spec(modulus, residues)?;
        let mut mask = 0u64;
        for &x in residues {
            mask |= 1 << x;
        }
        Ok(Self::periodic(modulus, mask, spec))
    }
    /// Multiples of `p` (the p-rook of seed 000, Connell's moves).
    pub fn multiples(p: u64) -> Result<Self, RuleError> {
        let mut s = Self::residues(p, &[0])?;
        s.spec = if p == 1 {
            "all".into()
        } else {
            format!("{p}:0")
        };
        Ok(s)
    }
    /// Lengths `1..=r`.
    pub fn at_most(r: u64) -> Result<Self, RuleError> {
        if r > MAX_THRESHOLD {
            return Err(RuleError::Set(format!(
                "max{r}: bound too large, allowed up to {MAX_THRESHOLD}"
            )));
        }
        Ok(Self::from_pieces(
            vec![Piece::new(1, 1, 1), Piece::new(r + 1, 1, 0)],
            format!("max{r}"),
        ))
    }
    /// Lengths `>= l`.
    pub fn at_least(l: u64) -> Result<Self, RuleError> {
        if l > MAX_THRESHOLD {
            return Err(RuleError::Set(format!(
                "min{l}: bound too large, allowed up to {MAX_THRESHOLD}"
            )));
        }
        Ok(Self::from_pieces(
            vec![Piece::new(1, 1, 0), Piece::new(l.max(1), 1, 1)],
            format!("min{l}"),
        ))
    }
    /// The (l,p)-rook of seed 000 (Definition in section 2): lengths `i p + j`,
    /// `i >= 0`, `0 <= j <= l - 1`.
    ///
    /// **Convention** (docs/games.md section 4, seed 000): read literally, `l = 0` and `l = 1`
    /// both give the multiples of `p` (`j = 0` only, as the paper's "(0,p)-rook is the
    /// p-rook"). For another reading give an explicit residue set instead.
    pub fn rook(l: u64, p: u64) -> Result<Self, RuleError> {
        <Self as SetAlgebra>::rook(l, p)
    }

    /// The same set for lengths below `n` (all that can occur on the `n x n`
    /// board), with its explicit part cut at `n`: a set like `min1048576` costs
    /// nothing on a small board. Membership of `k <= n` is unchanged; the written
    /// form is kept.
    pub fn for_board(&self, n: u64) -> Self {
        if self.threshold() <= n {
            return self.clone();
        }
        if !self.has_member(1, n) {
            // no length that fits the board: no moves of this kind at all
            let mut s = Self::none();
            s.spec = self.spec.clone();
            return s;
        }
        let tail = *self.tail();
        let mut pieces: Vec<Piece> = self
            .pieces
            .iter()
            .take_while(|p| p.start <= n)
            .copied()
            .collect();
        pieces.push(Piece {
            start: n + 1,
            ..tail
        });
        Self::from_pieces(pieces, self.spec.clone())
    }

    /// Is some `k` with `lo <= k < hi` a member?
    fn has_member(&self, lo: u64, hi: u64) -> bool {
        let lo = lo.max(1);
        self.pieces.iter().enumerate().any(|(i, p)| {
            let end = self.pieces.get(i + 1).map(|q| q.start);
            let a = p.start.max(lo);
            let b = end.map_or(hi, |e| e.min(hi));
            a < b && p.has_member(a, Some(b))
        })
    }

    /// The pieces of `self` and `other` side by side: for each stretch where
    /// neither changes, its start and the two pieces.
    fn stretches<'a>(&'a self, other: &'a Self) -> Vec<(u64, &'a Piece, &'a Piece)> {
        let (a, b) = (&self.pieces, &other.pieces);
        let (mut i, mut j) = (0, 0);
        let mut out = Vec::with_capacity(a.len() + b.len());
        let mut at = 1u64;
        loop {
            out.push((at, &a[i], &b[j]));
            let na = a.get(i + 1).map(|p| p.start);
            let nb = b.get(j + 1).map(|p| p.start);
            let next = match (na, nb) {
                (None, None) => break,
                (Some(x), None) => x,
                (None, Some(y)) => y,
                (Some(x), Some(y)) => x.min(y),
            };
            if na == Some(next) {
                i += 1;
            }
            if nb == Some(next) {
                j += 1;
            }
            at = next;
        }
        out
    }

    fn combine(
        &self,
        other: &Self,
        op: impl Fn(bool, bool) -> bool,
        sep: &str,
    ) -> Result<Self, RuleError> {
        combined_period(self.period(), other.period())?;
        let parts = self.stretches(other);
        let mut pieces = Vec::with_capacity(parts.len());
        for (idx, &(start, x, y)) in parts.iter().enumerate() {
            let q = lcm(x.period, y.period);
            if q <= 64 {
                let mask = (0..q)
                    .filter(|&r| op(x.at(r), y.at(r)))
                    .fold(0u64, |m, r| m | 1 << r);
                pieces.push(Piece::new(start, q, mask));
            } else {
                // below the thresholds only (the periodic parts were checked):
                // blocks of 64 lengths, each its own pattern of period 64
                let end = parts[idx + 1].0;
                let mut lo = start;
                while lo < end {
                    let hi = ((lo / 64 + 1) * 64).min(end);
                    let mask = (lo..hi)
                        .filter(|&k| op(x.at(k), y.at(k)))
                        .fold(0u64, |m, k| m | 1 << (k % 64));
                    pieces.push(Piece::new(lo, 64, mask));
                    lo = hi;
                }
            }
        }
        Ok(Self::from_pieces(
            pieces,
            format!("{}{sep}{}", self.spec, other.spec),
        ))
    }
    pub fn union(&self, other: &Self) -> Result<Self, RuleError> {
        self.combine(other, |a, b| a || b, "|")
    }
    pub fn intersect(&self, other: &Self) -> Result<Self, RuleError> {
        self.combine(other, |a, b| a && b, "&")
    }
    /// `{k : k + d in self}` restricted to `k >= 1` (used for diagonal offsets).
    pub fn shifted(&self, d: i64) -> Self {
        let mut pieces = Vec::with_capacity(self.pieces.len() + 1);
        if d < 0 {
            // `k + d <= 0` is never a length
            pieces.push(Piece::new(1, 1, 0));
        }
        for (i, p) in self.pieces.iter().enumerate() {
            let start = p.start as i128 - d as i128;
            let end = self.pieces.get(i + 1).map(|q| q.start as i128 - d as i128);
            if end.is_some_and(|e| e <= 1) {
                continue;
            }
            // bit r of the new pattern: k = r (mod period) means k + d = r + d
            let q = p.period;
            let mask = (0..q)
                .filter(|&r| p.at((r as i128 + d as i128).rem_euclid(q as i128) as u64))
                .fold(0u64, |m, r| m | 1 << r);
            pieces.push(Piece::new(start.max(1) as u64, q, mask));
        }
        Self::from_pieces(pieces, format!("({})-{d}", self.spec))
    }

    /// Is `k` in the set? (`k = 0` never is.)
    #[inline]
    pub fn contains(&self, k: u64) -> bool {
        let tail = self.tail();
        if k == 0 {
            return false;
        }
        if k >= tail.start {
            return tail.at(k);
        }
        // the piece holding k: the last one starting at or before it
        let i = self.pieces.partition_point(|p| p.start <= k);
        self.pieces[i - 1].at(k)
    }
    /// `T`: membership of `k > T` depends only on `k mod period`.
    #[inline]
    pub fn threshold(&self) -> u64 {
        self.tail().start - 1
    }
    #[inline]
    pub fn period(&self) -> u64 {
        self.tail().period
    }
    /// Membership by residue, for `k > threshold`.
    #[inline]
    pub fn residue_in(&self, r: u64) -> bool {
        bit(self.tail().mask, r)
    }
    pub fn is_all(&self) -> bool {
        self.pieces.len() == 1 && self.tail().mask == 1 && self.tail().period == 1
    }
    pub fn is_empty(&self) -> bool {
        self.tail().mask == 0 && !self.has_member(1, self.tail().start)
    }
    /// Is the set finite? (Then its maximum is below `threshold + 1`.)
    pub fn is_finite(&self) -> bool {
        self.tail().mask == 0
    }
    /// The written form.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// Parse `all`, `none`, `odd`, `even`, `K:r`, `K:r+r2+...`, `maxR`, `minL`,
    /// `rook(l,p)`, and unions `A|B` / intersections `A&B` (`&` binds tighter).
    pub fn parse(text: &str) -> Result<Self, RuleError> {
        parse_with(text)
    }

    /// The members `<= limit`, in increasing order (for tests and display).
    pub fn members_up_to(&self, limit: u64) -> Vec<u64> {
        (1..=limit).filter(|&k| self.contains(k)).collect()
    }
}

/// Check `K:r+r2+...` (a modulus in `1..=MAX_MODULUS`, every residue below
/// it) and give its written form.
pub(crate) fn residues_spec(modulus: u64, residues: &[u64]) -> Result<String, RuleError> {
    if modulus == 0 || modulus > MAX_MODULUS {
        return Err(RuleError::Set(format!(
            "modulus {modulus} out of range: allowed 1..={MAX_MODULUS}"
        )));
    }
    if let Some(x) = residues.iter().find(|&&x| x >= modulus) {
        return Err(RuleError::Set(format!(
            "residue {x} is not below the modulus {modulus}: allowed 0..{modulus}"
        )));
    }
    Ok(format!(
        "{modulus}:{}",
        residues
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("+")
    ))
}

/// The period of a union or intersection of sets of periods `a` and `b`
/// (their lcm), refused above [`MAX_MODULUS`].
pub(crate) fn combined_period(a: u64, b: u64) -> Result<u64, RuleError> {
    let p = lcm(a, b);
    if p > MAX_MODULUS {
        return Err(RuleError::Set(format!(
            "combined period {p} exceeds {MAX_MODULUS}: use smaller moduli"
        )));
    }
    Ok(p)
}

/// What `LengthSet::parse` accepts, for error messages.
pub const ALLOWED_SETS: &str =
    "allowed: all, none, odd, even, K:r or K:r+r2+... (residues mod K), \
maxR (at most R), minL (at least L), rook(l,p), and A|B (union), A&B (intersection)";

/// The operations the written form of a length set is made of: the one parser
/// [`parse_with`] builds any representation from them (the pieces of
/// [`LengthSet`], and the materialised reference its tests compare with).
pub(crate) trait SetAlgebra: Sized {
    fn all() -> Self;
    fn none() -> Self;
    fn odd() -> Self;
    fn even() -> Self;
    fn residues(modulus: u64, residues: &[u64]) -> Result<Self, RuleError>;
    fn at_most(r: u64) -> Result<Self, RuleError>;
    fn at_least(l: u64) -> Result<Self, RuleError>;
    /// `rook(l,p)`: the lengths `i p + j`, `0 <= j < max(l, 1)`, as residues mod
    /// `p` in any representation (the convention: [`LengthSet::rook`]).
    fn rook(l: u64, p: u64) -> Result<Self, RuleError> {
        if p == 0 || p > MAX_MODULUS {
            return Err(RuleError::Set(format!(
                "rook modulus p={p}: allowed 1..={MAX_MODULUS}"
            )));
        }
        // `j mod p` for `0 <= j < max(l, 1)` is every residue below `min(l, p)`:
        // never enumerate `l` itself (it may be near 2^64).
        let js: Vec<u64> = (0..l.clamp(1, p)).collect();
        let mut s = Self::residues(p, &js)?;
        s.set_spec(&format!("rook({l},{p})"));
        Ok(s)
    }
    fn union(&self, other: &Self) -> Result<Self, RuleError>;
    fn intersect(&self, other: &Self) -> Result<Self, RuleError>;
    /// Keep `text` as the written form.
    fn set_spec(&mut self, text: &str);
}

/// [`SetAlgebra`] for a type whose inherent functions of the same names
/// implement it (inherent functions win the path `<$t>::all()`).
macro_rules! set_algebra_from_inherent {
    ($t:ty) => {
        impl SetAlgebra for $t {
            fn all() -> Self {
                <$t>::all()
            }
            fn none() -> Self {
                <$t>::none()
            }
            fn odd() -> Self {
                <$t>::odd()
            }
            fn even() -> Self {
                <$t>::even()
            }
            fn residues(modulus: u64, residues: &[u64]) -> Result<Self, RuleError> {
                <$t>::residues(modulus, residues)
            }
            fn at_most(r: u64) -> Result<Self, RuleError> {
                <$t>::at_most(r)
            }
            fn at_least(l: u64) -> Result<Self, RuleError> {
                <$t>::at_least(l)
            }
            fn union(&self, other: &Self) -> Result<Self, RuleError> {
                <$t>::union(self, other)
            }
            fn intersect(&self, other: &Self) -> Result<Self, RuleError> {
                <$t>::intersect(self, other)
            }
            fn set_spec(&mut self, text: &str) {
                self.spec = text.to_string();
            }
        }
    };
}
// for the materialised reference of the tests
#[cfg(test)]
pub(crate) use set_algebra_from_inherent;

set_algebra_from_inherent!(LengthSet);

/// Parse the written form of a length set into any [`SetAlgebra`]: atoms
/// `all`, `none`, `odd`, `even`, `K:r+r2+...`, `maxR`, `minL`, `rook(l,p)`;
/// unions `A|B` and intersections `A&B` (`&` binds tighter).
pub(crate) fn parse_with<S: SetAlgebra>(text: &str) -> Result<S, RuleError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(RuleError::Set(format!("empty set: {ALLOWED_SETS}")));
    }
    let mut acc: Option<S> = None;
    for part in text.split('|') {
        let mut inner: Option<S> = None;
        for atom in part.split('&') {
            let a = parse_atom::<S>(atom.trim())?;
            inner = Some(match inner {
                None => a,
                Some(i) => i.intersect(&a)?,
            });
        }
        let inner = inner.expect("split yields at least one item");
        acc = Some(match acc {
            None => inner,
            Some(x) => x.union(&inner)?,
        });
    }
    let mut s = acc.expect("split yields at least one item");
    s.set_spec(text);
    Ok(s)
}

fn parse_atom<S: SetAlgebra>(a: &str) -> Result<S, RuleError> {
    let bad = || RuleError::Set(format!("malformed set `{a}`: {ALLOWED_SETS}"));
    match a {
        "all" => return Ok(S::all()),
        "none" => return Ok(S::none()),
        "odd" => return Ok(S::odd()),
        "even" => return Ok(S::even()),
        _ => {}
    }
    if let Some(r) = a.strip_prefix("max") {
        return S::at_most(r.parse().map_err(|_| bad())?);
    }
    if let Some(l) = a.strip_prefix("min") {
        let l: u64 = l.parse().map_err(|_| bad())?;
        if l == 0 {
            return Err(RuleError::Set(format!(
                "`{a}`: lengths are positive, use min1 (= all)"
            )));
        }
        return S::at_least(l);
    }
    if let Some(body) = a.strip_prefix("rook(").and_then(|b| b.strip_suffix(')')) {
        let (l, p) = body.split_once(',').ok_or_else(bad)?;
        return S::rook(
            l.trim().parse().map_err(|_| bad())?,
            p.trim().parse().map_err(|_| bad())?,
        );
    }
    if let Some((k, rs)) = a.split_once(':') {
        let k: u64 = k.parse().map_err(|_| bad())?;
        let rs: Vec<u64> = rs
            .split('+')
            .map(|r| r.trim().parse::<u64>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        return S::residues(k, &rs);
    }
    Err(bad())
}

/// Equality is equality of sets (the written form is ignored).
impl PartialEq for LengthSet {
    fn eq(&self, other: &Self) -> bool {
        // the periodic parts are in normal form; below them, each stretch
        // where neither set changes is compared over one common period
        let (a, b) = (self.tail(), other.tail());
        if !a.same_pattern(b) || a.start != b.start {
            return false;
        }
        let parts = self.stretches(other);
        parts.iter().enumerate().all(|(i, &(start, x, y))| {
            let end = parts.get(i + 1).map_or(start, |p| p.0);
            let len = (end - start).min(lcm(x.period, y.period));
            (start..start + len).all(|k| x.at(k) == y.at(k))
        })
    }
}
impl Eq for LengthSet {}

impl fmt::Debug for LengthSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LengthSet({})", self.spec)
    }
}
impl fmt::Display for LengthSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spec)
    }
}

pub fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
/// Least common multiple, saturating at `u64::MAX` (callers compare it with a
/// small bound, so a saturated value is simply "too large").
pub fn lcm(a: u64, b: u64) -> u64 {
    if a == 0 || b == 0 {
        return 0;
    }
    (a / gcd(a, b)).saturating_mul(b)
}

#[cfg(test)]
#[path = "sets_materialised.rs"]
mod materialised;

#[cfg(test)]
mod tests {
    use super::materialised::Mat;
    use super::*;
    use proptest::prelude::*;

    /// `new` and `old` are the same set in every respect the solvers read.
    fn same(new: &LengthSet, old: &Mat) -> Result<(), String> {
        let (t, p) = (old.threshold(), old.period());
        let fail = |what: &str| Err(format!("{what}: {new:?} vs {old:?}"));
        if new.threshold() != t || new.period() != p {
            return fail(&format!(
                "threshold/period {}/{} vs {t}/{p}",
                new.threshold(),
                new.period()
            ));
        }
        if (0..p).any(|r| new.residue_in(r) != old.residue_in(r)) {
            return fail("residues");
        }
        let far = [
            u64::MAX,
            u64::MAX - 1,
            1 << 40,
            (1 << 40) + 7,
            t + 1_000_003,
        ];
        if let Some(k) = (0..=t + 3 * p + 70)
            .chain(far)
            .find(|&k| new.contains(k) != old.contains(k))
        {
            return fail(&format!("membership of {k}"));
        }
        if new.is_empty() != old.is_empty()
            || new.is_finite() != old.is_finite()
            || new.is_all() != old.is_all()
        {
            return fail("is_empty / is_finite / is_all");
        }
        if new.spec() != old.spec() {
            return fail("spec");
        }
        // the serialised form is the old one, and reads back
        let json = serde_json::to_string(new).unwrap();
        if json != serde_json::to_string(old).unwrap() {
            return fail("serialised form");
        }
        let back: LengthSet = serde_json::from_str(&json).unwrap();
        if back != *new || back.spec() != new.spec() {
            return fail("serde round trip");
        }
        Ok(())
    }

    /// A set built by a random sequence of operations, in both representations.
    #[derive(Clone, Debug)]
    enum Expr {
        Atom(String),
        Union(Box<Expr>, Box<Expr>),
        Intersect(Box<Expr>, Box<Expr>),
        Shift(Box<Expr>, i64),
        Board(Box<Expr>, u64),
    }

    fn build(e: &Expr) -> (Result<LengthSet, RuleError>, Result<Mat, RuleError>) {
        match e {
            Expr::Atom(a) => (LengthSet::parse(a), Mat::parse(a)),
            Expr::Union(a, b) | Expr::Intersect(a, b) => {
                let (na, oa) = build(a);
                let (nb, ob) = build(b);
                let u = matches!(e, Expr::Union(..));
                let n =
                    na.and_then(|x| nb.and_then(|y| if u { x.union(&y) } else { x.intersect(&y) }));
                let o =
                    oa.and_then(|x| ob.and_then(|y| if u { x.union(&y) } else { x.intersect(&y) }));
                (n, o)
            }
            Expr::Shift(a, d) => {
                let (n, o) = build(a);
                (n.map(|x| x.shifted(*d)), o.map(|x| x.shifted(*d)))
            }
            Expr::Board(a, m) => {
                let (n, o) = build(a);
                (n.map(|x| x.for_board(*m)), o.map(|x| x.for_board(*m)))
            }
        }
    }

    fn atom() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::sample::select(vec!["all", "none", "odd", "even"]).prop_map(String::from),
            (1u64..=12, prop::collection::vec(0u64..12, 1..4)).prop_map(|(k, rs)| format!(
                "{k}:{}",
                rs.iter()
                    .map(|r| (r % k).to_string())
                    .collect::<Vec<_>>()
                    .join("+")
            )),
            (0u64..400).prop_map(|r| format!("max{r}")),
            (1u64..400).prop_map(|l| format!("min{l}")),
            (0u64..70, 1u64..=16).prop_map(|(l, p)| format!("rook({l},{p})")),
            // the union of residues mod 7 and mod 11 below a threshold needs
            // a period of 77 there (pieces of 64 lengths)
            (1u64..300).prop_map(|r| format!("max{r}&7:1+3|max{r}&11:2+5")),
        ]
    }

    fn expr() -> impl Strategy<Value = Expr> {
        atom()
            .prop_map(Expr::Atom)
            .prop_recursive(4, 24, 2, |inner| {
                prop_oneof![
                    (inner.clone(), inner.clone())
                        .prop_map(|(a, b)| Expr::Union(Box::new(a), Box::new(b))),
                    (inner.clone(), inner.clone())
                        .prop_map(|(a, b)| Expr::Intersect(Box::new(a), Box::new(b))),
                    (inner.clone(), -40i64..40).prop_map(|(a, d)| Expr::Shift(Box::new(a), d)),
                    (inner, 1u64..500).prop_map(|(a, m)| Expr::Board(Box::new(a), m)),
                ]
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// The pieces give what the materialised sets gave, operation by operation.
        #[test]
        fn pieces_agree_with_the_materialised_sets(e in expr(), f in expr()) {
            let (n, o) = build(&e);
            match (&n, &o) {
                (Ok(n), Ok(o)) => same(n, o).map_err(TestCaseError::fail)?,
                (Err(a), Err(b)) => prop_assert_eq!(a.to_string(), b.to_string()),
                _ => prop_assert!(false, "one errs: {:?} vs {:?}", n, o),
            }
            // equality of sets agrees too
            if let ((Ok(n1), Ok(o1)), (Ok(n2), Ok(o2))) = ((n, o), build(&f)) {
                prop_assert_eq!(n1 == n2, o1 == o2, "{:?} == {:?}", n1, n2);
                prop_assert_eq!(n1.for_board(50) == n1, o1.for_board(50) == o1);
            }
        }
    }

    /// Every catalogue game of a range of parameters (the modulo-rook of seed
    /// 000 over its three parameters, sets like `rook(l,p)|max(m-1)`): its
    /// sets are those the old representation read from their written form.
    #[test]
    fn catalogue_ranges_agree_with_the_materialised_sets() {
        let mut checked = 0;
        // the games of the sweeps `modulo-rook:m=1..300,l=0..4,p=1..5`,
        // `modulo-rook:m=1..3,l=0..8,p=1..8` and `roob-blocking:m=1..40,p=1..4`,
        // written out (the sweep grammar lives above this crate)
        let mut texts = Vec::new();
        for (ms, ls, ps) in [(300, 4, 5), (3, 8, 8)] {
            for m in 1..=ms {
                for l in 0..=ls {
                    for p in 1..=ps {
                        texts.push(format!("modulo-rook:m={m},l={l},p={p}"));
                    }
                }
            }
        }
        for m in 1..=40 {
            for p in 1..=4 {
                texts.push(format!("roob-blocking:m={m},p={p}"));
            }
        }
        for text in texts {
            let Ok(g) = crate::catalogue::parse_game(&text) else {
                continue;
            };
            for r in g.game.variants() {
                let mut sets = vec![r.h(), r.v()];
                if let Some(t) = r.two_pile() {
                    sets.extend([&t.d1, &t.d2]);
                }
                for s in sets {
                    let Ok(old) = Mat::parse(s.spec()) else {
                        continue;
                    };
                    same(s, &old).unwrap();
                    checked += 1;
                }
            }
        }
        assert!(checked > 6000, "{checked}");
    }

    /// A threshold costs nothing: `max R` and the sets built from it are a few
    /// pieces whatever `R` (the sweep over `modulo-rook:m=1..10^6` builds one
    /// in O(1)).
    #[test]
    fn large_thresholds_are_a_few_pieces() {
        let m = MAX_THRESHOLD;
        let s = LengthSet::rook(0, 3)
            .unwrap()
            .union(&LengthSet::at_most(m).unwrap())
            .unwrap();
        assert!(s.pieces.len() <= 2, "{:?}", s.pieces);
        same(&s, &Mat::parse(&format!("rook(0,3)|max{m}")).unwrap()).unwrap();
        let t = s
            .shifted(5)
            .for_board(1000)
            .intersect(&LengthSet::at_least(m).unwrap())
            .unwrap();
        assert!(t.pieces.len() <= 3, "{:?}", t.pieces);
        let big = LengthSet::parse(&format!("max{m}&7:1+3|max{m}&11:2+5")).unwrap();
        // pieces of 64 lengths below the threshold: m / 64 of them, not m
        assert!(
            big.pieces.len() <= (m / 64 + 3) as usize,
            "{}",
            big.pieces.len()
        );
        let old = Mat::parse(&format!("max{m}&7:1+3|max{m}&11:2+5")).unwrap();
        same(&big, &old).unwrap();
    }

    #[test]
    fn parse_and_membership() {
        let s = LengthSet::parse("3:1+2").unwrap();
        assert_eq!(s.members_up_to(7), vec![1, 2, 4, 5, 7]);
        assert_eq!(
            LengthSet::parse("max3").unwrap().members_up_to(6),
            vec![1, 2, 3]
        );
        assert_eq!(
            LengthSet::parse("min3").unwrap().members_up_to(5),
            vec![3, 4, 5]
        );
        assert_eq!(
            LengthSet::parse("odd").unwrap().members_up_to(6),
            vec![1, 3, 5]
        );
        let u = LengthSet::parse("rook(0,3)|max1").unwrap();
        assert_eq!(u.members_up_to(7), vec![1, 3, 6]);
        assert_eq!(
            LengthSet::rook(2, 3).unwrap().members_up_to(7),
            vec![1, 3, 4, 6, 7]
        );
        assert_eq!(
            LengthSet::rook(1, 3).unwrap(),
            LengthSet::rook(0, 3).unwrap()
        );
        let i = LengthSet::parse("odd&min4").unwrap();
        assert_eq!(i.members_up_to(9), vec![5, 7, 9]);
        assert!(LengthSet::parse("even&odd").unwrap().is_empty());
    }

    #[test]
    fn shift() {
        let s = LengthSet::parse("3:0").unwrap().shifted(1); // k+1 multiple of 3
        assert_eq!(s.members_up_to(9), vec![2, 5, 8]);
        let s = LengthSet::all().shifted(-2); // k-2 >= 1
        assert_eq!(s.members_up_to(5), vec![3, 4, 5]);
    }

    #[test]
    fn errors() {
        for bad in ["", "3:", "0:0", "3:3", "maxx", "min0", "foo", "65:1"] {
            assert!(LengthSet::parse(bad).is_err(), "{bad}");
        }
    }
}
