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

/// The most decimal digits of a huge `m` (`m < 10^MAX_M_DIGITS`), written out
/// or as `B^E`: the answer writes `m` in full, and every Beatty evaluation
/// works on numbers of its size.
pub const MAX_M_DIGITS: u32 = 4096;

/// Bits of `10^MAX_M_DIGITS`, rounded up: `2^MAX_M_BITS > 10^MAX_M_DIGITS`.
const MAX_M_BITS: u64 = 13_607;

/// `modular:m=M` (or an alias) with `M` digits or `B^E` larger than the
/// catalogue allows; `None` for anything else (which the catalogue parses or
/// refuses as usual); `Some(Err)` for an `M` of more than [`MAX_M_DIGITS`]
/// digits. The size of `B^E` is bounded from the bits of `B` and `E` before
/// the power is computed: no power of more than about 27000 bits is ever built.
pub fn parse(text: &str) -> Option<Result<Natural, String>> {
    let (name, rest) = text.split_once(':')?;
    let entry = crate::catalogue::entry(name)?;
    if entry.name != "modular" {
        return None;
    }
    let value = rest.strip_prefix("m=")?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let too_large = || {
        let shown = crate::echo::shorten(value);
        Err(format!(
            "modular: parameter `m` = {shown} is too large: allowed below 10^{MAX_M_DIGITS} \
             ({MAX_M_DIGITS} decimal digits, written out or as B^E) for one position, at \
             most {} for every other question",
            crate::catalogue::PARAM_MAX
        ))
    };
    let m: Natural = match value.split_once('^') {
        None if digits(value) => {
            if value.trim_start_matches('0').len() > MAX_M_DIGITS as usize {
                return Some(too_large());
            }
            value.parse().ok()?
        }
        Some((b, e)) if digits(b) && digits(e) => {
            use malachite_base::num::arithmetic::traits::Pow;
            use malachite_base::num::logic::traits::SignificantBits;
            if b.trim_start_matches('0').len() > MAX_M_DIGITS as usize {
                return Some(too_large());
            }
            let b: Natural = b.parse().ok()?;
            if b <= 1u32 {
                return None;
            }
            // b^e >= 2^((bits(b) - 1) e): over the bound before any power
            let floor_bits = b.significant_bits() - 1;
            let e: u64 = match e.trim_start_matches('0') {
                "" => 0,
                t if t.len() > 19 => return Some(too_large()),
                t => t.parse().ok()?,
            };
            if floor_bits.checked_mul(e).is_none_or(|f| f >= MAX_M_BITS) {
                return Some(too_large());
            }
            // now bits(b) e < MAX_M_BITS + e < 2 MAX_M_BITS + 1
            b.pow(e)
        }
        _ => return None,
    };
    if m > crate::catalogue::PARAM_MAX {
        let limit = {
            use malachite_base::num::arithmetic::traits::Pow;
            Natural::from(10u32).pow(u64::from(MAX_M_DIGITS))
        };
        Some(if m < limit { Ok(m) } else { too_large() })
    } else {
        None
    }
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
        let ok = |t: &str| parse(t).map(|r| r.unwrap());
        assert_eq!(ok("modular:m=10^30"), Some(Natural::from(10u32).pow(30)));
        assert_eq!(ok("m-modular:m=1000001"), Some(Natural::from(1_000_001u32)));
        assert_eq!(ok("modular:m=1000000"), None);
        assert_eq!(ok("modular:m=5"), None);
        assert_eq!(ok("wythoff:m=10^30"), None);
        assert_eq!(ok("modular:m=10^30,x=1"), None);
        assert_eq!(ok("modular:m=1^99999999"), None);
        assert_eq!(ok("modular:m=abc"), None);
    }

    /// issue 53, defect 3: `B^E` is bounded before the power is computed, at
    /// `m < 10^4096` (a 4096-digit base to the 99999th power held 170 MB and
    /// took the server down; its label alone was 400 million digits).
    #[test]
    fn a_huge_power_is_refused_before_it_is_computed() {
        let refused = |t: &str| match parse(t) {
            Some(Err(why)) => why,
            other => panic!("{t}: {other:?}"),
        };
        let nines = "9".repeat(4096);
        for t in [
            format!("modular:m={nines}^99999"),
            format!("modular:m={nines}^18446744073709551615"),
            format!("modular:m=2^{}", "9".repeat(40)),
            "modular:m=2^20000".to_string(),
            "modular:m=10^4096".to_string(),
            format!("modular:m=1{}", "0".repeat(4096)),
        ] {
            let why = refused(&t);
            assert!(
                why.contains("too large") && why.contains("10^4096"),
                "{why}"
            );
            assert!(why.len() < 300, "one short line: {why}");
        }
        // the largest allowed: 4096 nines written out, and a power just below
        let top = ok_m(&format!("modular:m={nines}"));
        assert_eq!(top + Natural::from(1u32), Natural::from(10u32).pow(4096));
        assert_eq!(ok_m("modular:m=10^4095"), Natural::from(10u32).pow(4095));
        assert_eq!(ok_m("modular:m=2^13606"), Natural::from(2u32).pow(13606));
    }

    fn ok_m(t: &str) -> Natural {
        parse(t).unwrap().unwrap()
    }
}
