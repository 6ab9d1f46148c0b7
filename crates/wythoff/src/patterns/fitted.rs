//! Conjectured oracles: a `pairs` pattern found on a board (see
//! [`crate::patterns`]; built here, above the engines, from a pattern report) with a Beatty closed form, used as an exact oracle at any
//! size. It is the same kind of value as a published solution (an [`Oracle`]
//! over a [`PSet`] and the game's own rules, so winning moves are always legal
//! moves of the game); only its [`Oracle::source`] differs: it says that it
//! rests on a conjecture and up to which board it was checked.
//!
//! The P-set is `{(a_n, b_n), (b_n, a_n)}`: the pairs read off the board for
//! `n < from`, then `a_n = floor(n alpha)` with the quadratic closed form of
//! `alpha` (exact: integer square roots) and `b_n` from the difference law.
//! `b` is increasing and `a` non-decreasing, so indices are found by binary
//! search, and the pairs on a band of diagonals by binary search on the
//! non-decreasing difference `b_n - a_n`.

use crate::error::SolveError;
use crate::oracle::pset::{PSet, Pos, RulesSetOracle};
use crate::patterns::beatty::Quad;
use crate::patterns::pairs::{Difference, Pairs};
use crate::patterns::{Pattern, PatternReport};
use crate::rules::Rules;
use malachite_nz::integer::Integer;
use malachite_nz::natural::Natural;

/// The symmetric P-set of a fitted pairs pattern.
pub struct FittedSet {
    prefix: Vec<(u64, u64)>,
    quad: Quad,
    diff: Difference,
}

/// Most indices a diagonal query may list.
const DIAGONAL_LIMIT: u64 = 1 << 20;

impl FittedSet {
    /// From a `pairs` pattern of side `both`, block 1, with a Beatty closed form
    /// (`beta = 0`) and a difference law; `None` otherwise.
    pub fn from_pairs(p: &Pairs) -> Option<FittedSet> {
        let b = p.beatty.as_ref()?;
        if p.side != "both" || p.order != "b" || p.block != 1 || b.beta != "0" {
            return None;
        }
        Some(FittedSet {
            prefix: p.prefix.iter().map(|c| (c[0], c[1])).collect(),
            quad: b.quad?,
            diff: p.difference.clone()?,
        })
    }

    fn from(&self) -> u64 {
        self.prefix.len() as u64
    }

    pub fn a(&self, n: &Natural) -> Natural {
        match u64::try_from(n) {
            Ok(i) if i < self.from() => Natural::from(self.prefix[i as usize].0),
            _ => self.quad.floor_times(n),
        }
    }

    pub fn b(&self, n: &Natural) -> Natural {
        if let Ok(i) = u64::try_from(n) {
            if i < self.from() {
                return Natural::from(self.prefix[i as usize].1);
            }
        }
        let a = self.a(n);
        match self.diff {
            Difference::Linear { m, c, .. } => {
                let v = Integer::from(a) + Integer::from(n * Natural::from(m)) + Integer::from(c);
                Natural::try_from(v).unwrap_or_default()
            }
            Difference::Floor { p, m, .. } => a + (n / Natural::from(p)) * Natural::from(m),
            Difference::Affine { s, t, c, .. } => {
                let v = Integer::from(a) * Integer::from(s)
                    + Integer::from(n.clone()) * Integer::from(t)
                    + Integer::from(c);
                Natural::try_from(v).unwrap_or_default()
            }
        }
    }

    /// The least `n >= from` with `f(n) >= v` (`f` non-decreasing, unbounded).
    fn lower_bound(&self, v: &Natural, f: impl Fn(&Natural) -> Natural) -> Natural {
        let mut lo = Natural::from(self.from());
        let mut step = Natural::from(1u32);
        let mut hi = &lo + &step;
        let mut rounds = 0u32;
        while f(&hi) < *v {
            rounds += 1;
            if rounds > 4096 {
                return hi; // f is bounded below v here: no index reaches v
            }
            lo = hi.clone();
            step *= Natural::from(2u32);
            hi = &lo + &step;
        }
        // f(hi) >= v; find the least n in [from, hi] with f(n) >= v
        let mut lo = Natural::from(self.from());
        while lo < hi {
            let mid: Natural = (&lo + &hi) / Natural::from(2u32);
            if f(&mid) >= *v {
                hi = mid;
            } else {
                lo = mid + Natural::from(1u32);
            }
        }
        lo
    }

    /// The indices `n` with `a_n = v` (several when `alpha < 1`).
    fn indices_a(&self, v: &Natural) -> Vec<Natural> {
        let mut out: Vec<Natural> = (0..self.from())
            .filter(|&i| Natural::from(self.prefix[i as usize].0) == *v)
            .map(Natural::from)
            .collect();
        let mut n = self.lower_bound(v, |n| self.a(n));
        while self.a(&n) == *v {
            out.push(n.clone());
            n += Natural::from(1u32);
        }
        out
    }

    /// The index `n` with `b_n = v`.
    fn index_b(&self, v: &Natural) -> Option<Natural> {
        if let Some(i) = (0..self.from()).find(|&i| Natural::from(self.prefix[i as usize].1) == *v)
        {
            return Some(Natural::from(i));
        }
        let n = self.lower_bound(v, |n| self.b(n));
        (self.b(&n) == *v).then_some(n)
    }

    fn diff_at(&self, n: &Natural) -> Natural {
        self.b(n) - self.a(n)
    }
}

impl PSet for FittedSet {
    fn pair(&self, n: &Natural) -> Option<(Natural, Natural)> {
        Some((self.a(n), self.b(n)))
    }
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
        Ok(self.indices_a(lo).iter().any(|n| self.b(n) == *hi))
    }
    fn row(&self, y: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        let mut out = Vec::new();
        if let Some(n) = self.index_b(y) {
            out.push(self.a(&n));
        }
        for n in self.indices_a(y) {
            out.push(self.b(&n));
        }
        out.retain(|v| v < lt);
        out.sort();
        out.dedup();
        Ok(out)
    }
    fn col(&self, x: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        self.row(x, lt)
    }
    fn diagonals(&self, lo: &Integer, hi: &Integer) -> Result<Option<Vec<Pos>>, SolveError> {
        let mut out = Vec::new();
        let inside = |d: &Integer| d >= lo && d <= hi;
        for &(a, b) in &self.prefix {
            let d = Integer::from(b) - Integer::from(a);
            if inside(&d) {
                out.push((Natural::from(a), Natural::from(b)));
            }
            if inside(&-d) {
                out.push((Natural::from(b), Natural::from(a)));
            }
        }
        // pairs with d_n in [max(lo, 0), hi] (upper) and in [max(-hi, 0), -lo] (mirrors)
        for (dlo, dhi, mirror) in [
            (lo.clone(), hi.clone(), false),
            (-hi.clone(), -lo.clone(), true),
        ] {
            if dhi < 0 {
                continue;
            }
            let dlo = Natural::try_from(dlo).unwrap_or_default();
            let dhi = Natural::try_from(dhi).expect("not negative");
            let start = self.lower_bound(&dlo, |n| self.diff_at(n));
            let end = self.lower_bound(&(&dhi + Natural::from(1u32)), |n| self.diff_at(n));
            if end > &start + Natural::from(DIAGONAL_LIMIT) {
                return Err(SolveError::TooLarge(format!(
                    "more than {DIAGONAL_LIMIT} pairs lie on the diagonals between {lo} and {hi}"
                )));
            }
            let mut n = start;
            while n < end {
                let (a, b) = (self.a(&n), self.b(&n));
                if mirror {
                    if a != b {
                        out.push((b, a));
                    }
                } else {
                    out.push((a, b));
                }
                n += Natural::from(1u32);
            }
        }
        out.sort();
        out.dedup();
        Ok(Some(out))
    }
    fn below(&self, _x: &Natural, _y: &Natural) -> Result<Vec<Pos>, SolveError> {
        Err(SolveError::Unsupported(
            "a conjectured Beatty set answers two-pile moves of a band of diagonals only".into(),
        ))
    }
}

/// An oracle from a fitted pattern: the game's rules plus the conjectured P-set.
pub type FittedOracle = RulesSetOracle<FittedSet>;

/// [`FittedOracle::from_report`], an associated function of the oracle's type:
/// a trait, since [`RulesSetOracle`] lives in the crate `wythoff-engines` and
/// the patterns here.
pub trait FromReport: Sized {
    /// The conjectured oracle of a patterns report, when it has a symmetric
    /// pairs pattern with a closed form and the game is a single rule value
    /// without memory.
    fn from_report(rules: &Rules, rep: &PatternReport) -> Option<Self>;
}

impl FromReport for FittedOracle {
    fn from_report(rules: &Rules, rep: &PatternReport) -> Option<FittedOracle> {
        rep.patterns.iter().find_map(|p| match p {
            Pattern::Pairs(q) => {
                let set = FittedSet::from_pairs(q)?;
                let b = q.beatty.as_ref()?;
                Some(FittedOracle {
                    source: format!(
                        "conjecture (not a theorem): pattern read off the board 0 <= x, y < {} of {} ({}), checked on its {} pairs: a_n = floor(n alpha), alpha = {}{}, {} for n >= {}",
                        rep.max,
                        rep.game,
                        rep.convention,
                        q.terms,
                        b.closed_form.clone().unwrap_or_default(),
                        b.name.as_ref().map(|n| format!(" = {n}")).unwrap_or_default(),
                        q.difference.as_ref().map(|d| d.text()).unwrap_or_default(),
                        q.holds_from
                    ),
                    rules: rules.clone(),
                    set: Box::new(set),
                })
            }
            _ => None,
        })
    }
}
