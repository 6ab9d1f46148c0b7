//! m-Modular Wythoff (seed 001) for every `m`, however large: the outcome of one
//! position and its winning moves from the characterisation (Theorem 5), in work
//! bounded by the size of the position, not by `m`; the pairs are never listed.
//!
//! The P-positions are the Wythoff pairs `{a_n, b_n}` (`a_n = floor(n phi)`,
//! `b_n = a_n + n`) whose smaller pile is below `m`. A two-pile move takes
//! `k, l >= 1` with `k = l (mod m)`, so it goes from `(x, y)` to a position
//! `(x', y')` with `y' - x' = y - x (mod m)`. The P-positions with `y' - x' = n`
//! are `(a_n, b_n)` and those with `x' - y' = n` are `(b_n, a_n)`; since a pair
//! with `a_n < m` has `n < m`, each of the two residues leaves one candidate `n`.
//! A one-pile move keeps a pile, and a value is in at most one Wythoff pair
//! (besides `(0, 0)`). So every question is a handful of Beatty evaluations
//! (`oracle::beatty`, integer square roots on big integers).
//!
//! The catalogue limits its parameters to [`crate::catalogue::PARAM_MAX`]; a
//! larger `m` is parsed here ([`parse`]), for `wythoff outcome` alone.
//! Checked against the catalogue's oracle and the general solver for small `m`
//! by the tests below and `tests/oracle_classical.rs`.

use super::beatty::Beatty;
use malachite_nz::natural::Natural;

/// `modular:m=M` (or an alias) with `M` digits or `B^E` larger than the
/// catalogue allows; `None` for anything else (which the catalogue parses or
/// refuses as usual).
pub fn parse(text: &str) -> Option<Natural> {
    let (name, rest) = text.split_once(':')?;
    let entry = crate::catalogue::entry(name)?;
    if entry.name != "modular" {
        return None;
    }
    let value = rest.strip_prefix("m=")?;
    let digits =
        |s: &str| !s.is_empty() && s.len() <= 4096 && s.bytes().all(|b| b.is_ascii_digit());
    let m: Natural = match value.split_once('^') {
        None if digits(value) => value.parse().ok()?,
        Some((b, e)) if digits(b) && digits(e) => {
            use malachite_base::num::arithmetic::traits::Pow;
            let b: Natural = b.parse().ok()?;
            let e: u64 = e.parse().ok().filter(|&e| e <= 100_000)?;
            if b <= 1u32 {
                return None;
            }
            b.pow(e)
        }
        _ => return None,
    };
    (m > crate::catalogue::PARAM_MAX).then_some(m)
}

/// The game `modular:m=M` for one `M >= 1`.
pub struct Modular {
    m: Natural,
    w: Beatty,
}

impl Modular {
    pub fn new(m: Natural) -> Modular {
        assert!(m >= 1u32, "m >= 1");
        Modular {
            m,
            w: Beatty::new(1, 1),
        }
    }

    /// The `m` written in full.
    pub fn label(&self) -> String {
        format!("modular:m={}", self.m)
    }

    /// Where the answer comes from.
    pub fn source(&self) -> String {
        format!(
            "seed 001, Theorem 5: the Wythoff P-positions with smaller pile < m, m = {} (decided from the position, the pairs not listed)",
            self.m
        )
    }

    /// The Wythoff partner of `v` other than itself: `b_n` for `v = a_n`, `a_n`
    /// for `v = b_n` (`v = 0`: `0`).
    fn partner(&self, v: &Natural) -> Option<Natural> {
        if *v == 0u32 {
            return Some(Natural::from(0u32));
        }
        if let Some(n) = self.w.indices_a(v).into_iter().next() {
            return Some(self.w.b(&n));
        }
        self.w.index_b(v).map(|n| self.w.a(&n))
    }

    /// Is `(x, y)` a P-position?
    pub fn is_p(&self, x: &Natural, y: &Natural) -> bool {
        let (s, l) = if x <= y { (x, y) } else { (y, x) };
        *s < self.m && self.partner(s).is_some_and(|p| p == *l)
    }

    /// The P-options of `(x, y)` (its winning moves), sorted, without repeats.
    pub fn winning_moves(&self, x: &Natural, y: &Natural) -> Vec<(Natural, Natural)> {
        let mut out: Vec<(Natural, Natural)> = Vec::new();
        // one-pile moves: the partner of the pile that stays
        if let Some(p) = self.partner(x) {
            if p < *y && self.is_p(x, &p) {
                out.push((x.clone(), p));
            }
        }
        if let Some(p) = self.partner(y) {
            if p < *x && self.is_p(&p, y) {
                out.push((p, y.clone()));
            }
        }
        // two-pile moves: y' - x' = y - x (mod m), one candidate per sign
        let m = &self.m;
        let d = ((y % m) + m - (x % m)) % m;
        let mut candidates = vec![(self.w.a(&d), self.w.b(&d))];
        let e = (m - &d) % m;
        if e != 0u32 {
            candidates.push((self.w.b(&e), self.w.a(&e)));
        }
        for (tx, ty) in candidates {
            if tx < *x && ty < *y && self.is_p(&tx, &ty) {
                out.push((tx, ty));
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use malachite_base::num::arithmetic::traits::Pow;

    #[test]
    fn parses_only_what_the_catalogue_cannot() {
        assert_eq!(parse("modular:m=10^30"), Some(Natural::from(10u32).pow(30)));
        assert_eq!(
            parse("m-modular:m=1000001"),
            Some(Natural::from(1_000_001u32))
        );
        assert_eq!(parse("modular:m=1000000"), None);
        assert_eq!(parse("modular:m=5"), None);
        assert_eq!(parse("wythoff:m=10^30"), None);
        assert_eq!(parse("modular:m=10^30,x=1"), None);
        assert_eq!(parse("modular:m=1^99999999"), None);
        assert_eq!(parse("modular:m=abc"), None);
    }
}
