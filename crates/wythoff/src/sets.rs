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

/// A set of positive integers (move lengths), eventually periodic.
///
/// Invariant (enforced by every constructor): `period >= 1`, `period <= MAX_MODULUS`
/// (after lcm), `prefix.len() == threshold`, `residues.len() == period`.
#[derive(Clone, Serialize, Deserialize)]
pub struct LengthSet {
    /// `prefix[k-1]` is membership of `k` for `1 <= k <= threshold`.
    prefix: Vec<bool>,
    /// `residues[k mod period]` is membership of `k` for `k > threshold`.
    residues: Vec<bool>,
    /// How the set was written (for display and round-tripping).
    spec: String,
}

impl LengthSet {
    fn raw(prefix: Vec<bool>, residues: Vec<bool>, spec: String) -> Self {
        debug_assert!(!residues.is_empty());
        let mut s = LengthSet {
            prefix,
            residues,
            spec,
        };
        s.normalise();
        s
    }

    /// Drop prefix entries that agree with the periodic part.
    fn normalise(&mut self) {
        while let Some(&last) = self.prefix.last() {
            let k = self.prefix.len() as u64;
            if last == self.residues[(k % self.period()) as usize] {
                self.prefix.pop();
            } else {
                break;
            }
        }
        // shrink the period to its least value
        let p = self.residues.len();
        for d in 1..=p {
            if p % d == 0 && (0..p).all(|i| self.residues[i] == self.residues[i % d]) {
                self.residues.truncate(d);
                break;
            }
        }
    }

    /// All positive integers.
    pub fn all() -> Self {
        Self::raw(vec![], vec![true], "all".into())
    }
    /// The empty set (no moves of this kind).
    pub fn none() -> Self {
        Self::raw(vec![], vec![false], "none".into())
    }
    pub fn odd() -> Self {
        Self::raw(vec![], vec![false, true], "odd".into())
    }
    pub fn even() -> Self {
        Self::raw(vec![], vec![true, false], "even".into())
    }
    /// Lengths `k` with `k mod modulus` in `residues`.
    pub fn residues(modulus: u64, residues: &[u64]) -> Result<Self, RuleError> {
        if modulus == 0 || modulus > MAX_MODULUS {
            return Err(RuleError::Set(format!(
                "modulus {modulus} out of range: allowed 1..={MAX_MODULUS}"
            )));
        }
        let mut r = vec![false; modulus as usize];
        for &x in residues {
            if x >= modulus {
                return Err(RuleError::Set(format!(
                    "residue {x} is not below the modulus {modulus}: allowed 0..{modulus}"
                )));
            }
            r[x as usize] = true;
        }
        let spec = format!(
            "{modulus}:{}",
            residues
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("+")
        );
        Ok(Self::raw(vec![], r, spec))
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
        Ok(Self::raw(
            vec![true; r as usize],
            vec![false],
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
        let n = l.saturating_sub(1) as usize;
        Ok(Self::raw(vec![false; n], vec![true], format!("min{l}")))
    }
    /// The (l,p)-rook of seed 000 (Definition in section 2): lengths `i p + j`,
    /// `i >= 0`, `0 <= j <= l - 1`.
    ///
    /// **Convention** (docs/games.md section 4, seed 000): read literally, `l = 0` and `l = 1`
    /// both give the multiples of `p` (`j = 0` only, as the paper's "(0,p)-rook is the
    /// p-rook"). For another reading give an explicit residue set instead.
    pub fn rook(l: u64, p: u64) -> Result<Self, RuleError> {
        if p == 0 || p > MAX_MODULUS {
            return Err(RuleError::Set(format!(
                "rook modulus p={p}: allowed 1..={MAX_MODULUS}"
            )));
        }
        // `j mod p` for `0 <= j < max(l, 1)` is every residue below `min(l, p)`:
        // never enumerate `l` itself (it may be near 2^64).
        let js: Vec<u64> = (0..l.clamp(1, p)).collect();
        let mut s = Self::residues(p, &js)?;
        s.spec = format!("rook({l},{p})");
        Ok(s)
    }

    /// The same set for lengths below `n` (all that can occur on the `n x n`
    /// board), with its explicit prefix cut at `n`: a set like `min1048576` costs
    /// nothing on a small board. Membership of `k <= n` is unchanged; the written
    /// form is kept.
    pub fn for_board(&self, n: u64) -> Self {
        if self.threshold() <= n {
            return self.clone();
        }
        if (1..n).all(|k| !self.contains(k)) {
            // no length that fits the board: no moves of this kind at all
            let mut s = Self::none();
            s.spec = self.spec.clone();
            return s;
        }
        let mut s = LengthSet {
            prefix: self.prefix[..n as usize].to_vec(),
            residues: self.residues.clone(),
            spec: self.spec.clone(),
        };
        s.normalise();
        s
    }

    fn combine(
        &self,
        other: &Self,
        op: impl Fn(bool, bool) -> bool,
        sep: &str,
    ) -> Result<Self, RuleError> {
        let p = lcm(self.period(), other.period());
        if p > MAX_MODULUS {
            return Err(RuleError::Set(format!(
                "combined period {p} exceeds {MAX_MODULUS}: use smaller moduli"
            )));
        }
        let t = self.threshold().max(other.threshold());
        let prefix = (1..=t)
            .map(|k| op(self.contains(k), other.contains(k)))
            .collect();
        let residues = (0..p)
            .map(|r| {
                // a representative above both thresholds
                let k = r + p * (t / p + 1);
                op(self.contains(k), other.contains(k))
            })
            .collect();
        Ok(Self::raw(
            prefix,
            residues,
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
        let t = self.threshold() as i64;
        let p = self.period() as i64;
        let new_t = (t - d).max(0) as u64;
        let prefix = (1..=new_t)
            .map(|k| self.contains_signed(k as i64 + d))
            .collect();
        let residues = (0..p)
            .map(|r| {
                let k = r + p * ((new_t as i64) / p + 1);
                self.contains_signed(k + d)
            })
            .collect();
        Self::raw(prefix, residues, format!("({})-{d}", self.spec))
    }

    fn contains_signed(&self, k: i64) -> bool {
        k >= 1 && self.contains(k as u64)
    }

    /// Is `k` in the set? (`k = 0` never is.)
    #[inline]
    pub fn contains(&self, k: u64) -> bool {
        if k == 0 {
            false
        } else if k <= self.prefix.len() as u64 {
            self.prefix[(k - 1) as usize]
        } else {
            self.residues[(k % self.residues.len() as u64) as usize]
        }
    }
    /// `T`: membership of `k > T` depends only on `k mod period`.
    #[inline]
    pub fn threshold(&self) -> u64 {
        self.prefix.len() as u64
    }
    #[inline]
    pub fn period(&self) -> u64 {
        self.residues.len() as u64
    }
    /// Membership by residue, for `k > threshold`.
    #[inline]
    pub fn residue_in(&self, r: u64) -> bool {
        self.residues[r as usize]
    }
    pub fn is_all(&self) -> bool {
        self.prefix.is_empty() && self.residues == [true]
    }
    pub fn is_empty(&self) -> bool {
        self.prefix.iter().all(|&b| !b) && self.residues.iter().all(|&b| !b)
    }
    /// Is the set finite? (Then its maximum is below `threshold + 1`.)
    pub fn is_finite(&self) -> bool {
        self.residues.iter().all(|&b| !b)
    }
    /// The written form.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// Parse `all`, `none`, `odd`, `even`, `K:r`, `K:r+r2+...`, `maxR`, `minL`,
    /// `rook(l,p)`, and unions `A|B` / intersections `A&B` (`&` binds tighter).
    pub fn parse(text: &str) -> Result<Self, RuleError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(RuleError::Set(format!("empty set: {ALLOWED_SETS}")));
        }
        let mut acc: Option<LengthSet> = None;
        for part in text.split('|') {
            let mut inner: Option<LengthSet> = None;
            for atom in part.split('&') {
                let a = Self::parse_atom(atom.trim())?;
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
        s.spec = text.to_string();
        Ok(s)
    }

    fn parse_atom(a: &str) -> Result<Self, RuleError> {
        let bad = || RuleError::Set(format!("malformed set `{a}`: {ALLOWED_SETS}"));
        match a {
            "all" => return Ok(Self::all()),
            "none" => return Ok(Self::none()),
            "odd" => return Ok(Self::odd()),
            "even" => return Ok(Self::even()),
            _ => {}
        }
        if let Some(r) = a.strip_prefix("max") {
            return Self::at_most(r.parse().map_err(|_| bad())?);
        }
        if let Some(l) = a.strip_prefix("min") {
            let l: u64 = l.parse().map_err(|_| bad())?;
            if l == 0 {
                return Err(RuleError::Set(format!(
                    "`{a}`: lengths are positive, use min1 (= all)"
                )));
            }
            return Self::at_least(l);
        }
        if let Some(body) = a.strip_prefix("rook(").and_then(|b| b.strip_suffix(')')) {
            let (l, p) = body.split_once(',').ok_or_else(bad)?;
            return Self::rook(
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
            return Self::residues(k, &rs);
        }
        Err(bad())
    }

    /// The members `<= limit`, in increasing order (for tests and display).
    pub fn members_up_to(&self, limit: u64) -> Vec<u64> {
        (1..=limit).filter(|&k| self.contains(k)).collect()
    }
}

/// What `LengthSet::parse` accepts, for error messages.
pub const ALLOWED_SETS: &str =
    "allowed: all, none, odd, even, K:r or K:r+r2+... (residues mod K), \
maxR (at most R), minL (at least L), rook(l,p), and A|B (union), A&B (intersection)";

/// Equality is equality of sets (the written form is ignored).
impl PartialEq for LengthSet {
    fn eq(&self, other: &Self) -> bool {
        self.prefix == other.prefix && self.residues == other.residues
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
mod tests {
    use super::*;

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
