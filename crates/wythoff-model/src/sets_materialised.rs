//! The materialised representation `LengthSet` had before issue 28 (a boolean
//! per length up to the threshold, residues beyond), kept as the reference of
//! the property tests in `sets.rs`: every operation here is the old code (the
//! written form is read by the one parser, `sets::parse_with`).

use super::{combined_period, residues_spec, SetAlgebra, MAX_THRESHOLD};
use crate::error::RuleError;
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub(crate) struct Mat {
    /// `prefix[k-1]` is membership of `k` for `1 <= k <= threshold`.
    prefix: Vec<bool>,
    /// `residues[k mod period]` is membership of `k` for `k > threshold`.
    residues: Vec<bool>,
    /// How the set was written (for display and round-tripping).
    spec: String,
}

impl Mat {
    fn raw(prefix: Vec<bool>, residues: Vec<bool>, spec: String) -> Self {
        debug_assert!(!residues.is_empty());
        let mut s = Mat {
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
            if p.is_multiple_of(d) && (0..p).all(|i| self.residues[i] == self.residues[i % d]) {
                self.residues.truncate(d);
                break;
            }
        }
    }

    /// All positive integers.
    pub(crate) fn all() -> Self {
        Self::raw(vec![], vec![true], "all".into())
    }
    /// The empty set (no moves of this kind).
    pub(crate) fn none() -> Self {
        Self::raw(vec![], vec![false], "none".into())
    }
    pub(crate) fn odd() -> Self {
        Self::raw(vec![], vec![false, true], "odd".into())
    }
    pub(crate) fn even() -> Self {
        Self::raw(vec![], vec![true, false], "even".into())
    }
    /// Lengths `k` with `k mod modulus` in `residues`.
    pub(crate) fn residues(modulus: u64, residues: &[u64]) -> Result<Self, RuleError> {
        let spec = residues_spec(modulus, residues)?;
        let mut r = vec![false; modulus as usize];
        for &x in residues {
            r[x as usize] = true;
        }
        Ok(Self::raw(vec![], r, spec))
    }
    /// Lengths `1..=r`.
    pub(crate) fn at_most(r: u64) -> Result<Self, RuleError> {
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
    pub(crate) fn at_least(l: u64) -> Result<Self, RuleError> {
        if l > MAX_THRESHOLD {
            return Err(RuleError::Set(format!(
                "min{l}: bound too large, allowed up to {MAX_THRESHOLD}"
            )));
        }
        let n = l.saturating_sub(1) as usize;
        Ok(Self::raw(vec![false; n], vec![true], format!("min{l}")))
    }

    /// The same set for lengths below `n` (all that can occur on the `n x n`
    /// board), with its explicit prefix cut at `n`: a set like `min1048576` costs
    /// nothing on a small board. Membership of `k <= n` is unchanged; the written
    /// form is kept.
    pub(crate) fn for_board(&self, n: u64) -> Self {
        if self.threshold() <= n {
            return self.clone();
        }
        if (1..n).all(|k| !self.contains(k)) {
            // no length that fits the board: no moves of this kind at all
            let mut s = Self::none();
            s.spec = self.spec.clone();
            return s;
        }
        let mut s = Mat {
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
        let p = combined_period(self.period(), other.period())?;
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
    pub(crate) fn union(&self, other: &Self) -> Result<Self, RuleError> {
        self.combine(other, |a, b| a || b, "|")
    }
    pub(crate) fn intersect(&self, other: &Self) -> Result<Self, RuleError> {
        self.combine(other, |a, b| a && b, "&")
    }
    /// `{k : k + d in self}` restricted to `k >= 1` (used for diagonal offsets).
    pub(crate) fn shifted(&self, d: i64) -> Self {
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
    pub(crate) fn contains(&self, k: u64) -> bool {
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
    pub(crate) fn threshold(&self) -> u64 {
        self.prefix.len() as u64
    }
    #[inline]
    pub(crate) fn period(&self) -> u64 {
        self.residues.len() as u64
    }
    /// Membership by residue, for `k > threshold`.
    #[inline]
    pub(crate) fn residue_in(&self, r: u64) -> bool {
        self.residues[r as usize]
    }
    pub(crate) fn is_all(&self) -> bool {
        self.prefix.is_empty() && self.residues == [true]
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.prefix.iter().all(|&b| !b) && self.residues.iter().all(|&b| !b)
    }
    /// Is the set finite? (Then its maximum is below `threshold + 1`.)
    pub(crate) fn is_finite(&self) -> bool {
        self.residues.iter().all(|&b| !b)
    }
    /// The written form.
    pub(crate) fn spec(&self) -> &str {
        &self.spec
    }

    /// The one parser of the written form (`sets::parse_with`).
    pub(crate) fn parse(text: &str) -> Result<Self, RuleError> {
        super::parse_with(text)
    }
}

/// Equality is equality of sets (the written form is ignored).
impl PartialEq for Mat {
    fn eq(&self, other: &Self) -> bool {
        self.prefix == other.prefix && self.residues == other.residues
    }
}
impl Eq for Mat {}

super::set_algebra_from_inherent!(Mat);
