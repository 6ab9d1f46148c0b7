//! The pairs of sequences `(a_n, b_n)` that define the P-positions of a game, by
//! fast mex recurrences on a bitmap.
//!
//! Each kernel streams the pairs in the order that defines them (from `n = 0`) to
//! a sink and stores nothing but a bitmap of the `b` values seen (the `a` values
//! increase, so the mex only ever looks above the last `a`). Kernels:
//! - [`SeqKind::Linear`]: `A_n = mex{A_i, B_i : i < n}`, `B_n = s A_n + t n`
//!   (Wythoff: `s = t = 1`; m-Wythoff: `s = 1, t = m`; (s,t)-Wythoff).
//! - [`SeqKind::DiagonalBlocking`]: `a_n = mex{a_i, b_i : i < n}`,
//!   `b_n = a_n + floor(n / p) m` (seed 002, Proposition 1).
//! - [`SeqKind::Seed000`]: `x_n = mex^p`, the least value that occurs fewer than `p`
//!   times among `{x_j, y_j : j < n}` (counted once per index `j`), and
//!   `y_n = x_n + m n` (seed 000, Proposition 5.2 (i)); equal to
//!   `a_n = floor(n phi_{mp} / p)`, `b_n = a_n + m n`.
//! - [`SeqKind::Finite`]: a finite list (m-Modular Wythoff, seed 001).
//!
//! Which catalogue game has which kernel is stated, with the theorem, by
//! [`for_game`]. The tests check every kernel against the P-positions of the
//! brute-force reference solver and against exact closed forms.

use crate::catalogue::NamedGame;
use crate::error::SolveError;
use crate::rules::Convention;
use crate::sets::gcd;

/// A recurrence that generates the pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeqKind {
    /// `A_n = mex{A_i, B_i : i < n}`, `B_n = s A_n + t n`; `s, t >= 1`.
    Linear { s: u64, t: u64 },
    /// `a_n = mex{a_i, b_i : i < n}`, `b_n = a_n + floor(n / p) m`; `p, m >= 1`.
    DiagonalBlocking { p: u64, m: u64 },
    /// `x_n = mex^p`, `y_n = x_n + m n` (seed 000, Proposition 5.2 (i)); `m, p >= 1`.
    Seed000 { m: u64, p: u64 },
    /// A finite list of pairs.
    Finite(Vec<(u64, u64)>),
}

/// The sequences of a game, with where the result comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceSpec {
    pub kind: SeqKind,
    /// Paper and theorem that make these sequences the P-positions.
    pub source: String,
}

/// The sequence kernel of a catalogue game, if one exists (normal play only).
/// `Ok(None)`: no kernel here (the caller may use an oracle).
pub fn for_game(g: &NamedGame) -> Result<Option<SequenceSpec>, SolveError> {
    if g.game.convention() != Convention::Normal {
        return Err(SolveError::Unsupported(
            "sequences are defined for normal play only".into(),
        ));
    }
    let ps = &g.params;
    let int = |k: &str| ps.ints().get(k).copied();
    let spec = |kind: SeqKind, source: &str| {
        Ok(Some(SequenceSpec {
            kind,
            source: source.to_string(),
        }))
    };
    match g.entry_name {
        "wythoff" => spec(
            SeqKind::Linear { s: 1, t: 1 },
            "Wythoff 1907: a_n = mex, b_n = a_n + n",
        ),
        "m-wythoff" => spec(
            SeqKind::Linear {
                s: 1,
                t: ps.int("m"),
            },
            "Fraenkel 1982: a_n = mex, b_n = a_n + m n",
        ),
        "st-wythoff" => spec(
            SeqKind::Linear {
                s: ps.int("s"),
                t: ps.int("t"),
            },
            "Fraenkel: A_n = mex, B_n = s A_n + t n",
        ),
        "diagonal-blocking" => spec(
            SeqKind::DiagonalBlocking {
                p: ps.int("p"),
                m: ps.int("m"),
            },
            "seed 002, Proposition 1: a_n = mex, b_n = a_n + floor(n/p) m",
        ),
        "imitation" => spec(
            SeqKind::DiagonalBlocking {
                p: ps.int("p"),
                m: ps.int("m"),
            },
            "seed 002, Corollary 1 with Proposition 1 (starting positions)",
        ),
        "roob-blocking" => {
            let (m, p) = (ps.int("m"), ps.int("p"));
            if int("l").unwrap_or(m) != m {
                return Ok(None);
            }
            spec(
                SeqKind::Seed000 { m, p },
                "seed 000, Main Theorem 2.1 (i) and Proposition 5.2 (i)",
            )
        }
        "connell" => spec(
            SeqKind::Seed000 {
                m: 1,
                p: ps.int("p"),
            },
            "seed 000, Main Theorem 2.1 (ii a) with m = 1 (Connell 1959)",
        ),
        "modulo-rook" => {
            let (m, l, p) = (ps.int("m"), ps.int("l"), ps.int("p"));
            if l <= 1 && gcd(m, p) == 1 {
                spec(
                    SeqKind::Seed000 { m, p },
                    "seed 000, Main Theorem 2.1 (ii a): gcd(m, p) = 1",
                )
            } else if l == m && p % m == 0 {
                spec(
                    SeqKind::Seed000 { m, p: p / m },
                    "seed 000, Main Theorem 2.1 (ii b): mWN^(m, m p') with p' = p/m",
                )
            } else {
                Ok(None)
            }
        }
        "choose-shift" => spec(
            SeqKind::Seed000 {
                m: ps.int("m"),
                p: ps.int("p"),
            },
            "seed 000, Main Theorem 2.1 (iii b)",
        ),
        "modular" => {
            let m = ps.int("m");
            let mut v = Vec::new();
            generate(&SeqKind::Linear { s: 1, t: 1 }, m, &mut |_| {}, |a, b| {
                if a < m {
                    v.push((a, b))
                }
            })?;
            spec(
                SeqKind::Finite(v),
                "seed 001: the Wythoff pairs whose smaller pile is below m (finite)",
            )
        }
        _ => Ok(None),
    }
}

/// Largest possible `b` value among the first `terms` pairs (a bound), or `None`
/// on overflow.
pub fn max_value_bound(kind: &SeqKind, terms: u64) -> Option<u64> {
    let n = terms;
    match *kind {
        // a_n <= 2n: the mex of 2n values
        SeqKind::Linear { s, t } => s.checked_mul(2 * n)?.checked_add(t.checked_mul(n)?),
        SeqKind::DiagonalBlocking { p, m } => (2 * n).checked_add(m.checked_mul(n / p)?),
        // x_n <= n: x is the p-fold mex of at most 2n p values... x_n <= n holds as
        // each value below x_n is used at least once per index
        SeqKind::Seed000 { m, .. } => n.checked_add(m.checked_mul(n)?),
        SeqKind::Finite(ref v) => Some(v.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0)),
    }
}

/// Bytes the generator needs for `terms` pairs (the bitmap).
pub fn memory_estimate(kind: &SeqKind, terms: u64) -> Option<u64> {
    max_value_bound(kind, terms.max(1)).map(|b| b / 8 + 64)
}

/// A growable bitmap.
struct Bitmap {
    w: Vec<u64>,
}

impl Bitmap {
    fn with_capacity_bits(bits: u64) -> Self {
        Bitmap {
            w: vec![0; (bits / 64 + 2) as usize],
        }
    }
    #[inline(always)]
    fn set(&mut self, v: u64) {
        let i = (v >> 6) as usize;
        if i >= self.w.len() {
            self.w.resize((i + 1).max(self.w.len() * 2), 0);
        }
        // SAFETY-free: bounds were ensured above
        self.w[i] |= 1u64 << (v & 63);
    }
    #[inline(always)]
    fn get(&self, v: u64) -> bool {
        let i = (v >> 6) as usize;
        match self.w.get(i) {
            Some(w) => (w >> (v & 63)) & 1 == 1,
            None => false,
        }
    }
    /// The least `u >= v` whose bit is clear.
    #[inline(always)]
    fn next_zero(&self, v: u64) -> u64 {
        let mut i = (v >> 6) as usize;
        if i >= self.w.len() {
            return v;
        }
        let word = !self.w[i] >> (v & 63);
        if word != 0 {
            return v + word.trailing_zeros() as u64;
        }
        loop {
            i += 1;
            if i >= self.w.len() {
                return (i as u64) << 6;
            }
            let word = !self.w[i];
            if word != 0 {
                return ((i as u64) << 6) + word.trailing_zeros() as u64;
            }
        }
    }
}

/// How often (in terms) the progress callback is called.
pub const PROGRESS_STEP: u64 = 1 << 22;

/// Generate the first `terms` pairs, calling `sink(a_n, b_n)` in order of `n`.
/// `progress(done)` is called every [`PROGRESS_STEP`] terms.
pub fn generate(
    kind: &SeqKind,
    terms: u64,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, u64),
) -> Result<(), SolveError> {
    let bound = max_value_bound(kind, terms).ok_or_else(|| {
        SolveError::TooLarge(format!(
            "--terms {terms}: the values would overflow 64 bits"
        ))
    })?;
    // the bitmap is grown on demand; start with the bound when it is modest
    let initial = bound.min(1 << 33);
    match *kind {
        SeqKind::Linear { s, t } => {
            let mut bm = Bitmap::with_capacity_bits(initial);
            let mut a = 0u64;
            let mut n = 0u64;
            while n < terms {
                let end = (n + PROGRESS_STEP).min(terms);
                if n == 0 {
                    bm.set(0);
                    sink(0, 0);
                    n = 1;
                }
                while n < end {
                    // the b values increase by s (a_{n+1} - a_n) + t >= 2, so two
                    // consecutive integers are never both b values: the mex above
                    // a is a + 1, or a + 2 when a + 1 is a b value
                    let c = a + 1;
                    a = c + bm.get(c) as u64;
                    let b = s * a + t * n;
                    bm.set(b);
                    sink(a, b);
                    n += 1;
                }
                progress(n);
            }
        }
        SeqKind::DiagonalBlocking { p, m } => {
            let mut bm = Bitmap::with_capacity_bits(initial);
            let mut a = 0u64;
            let (mut q, mut r) = (0u64, 0u64); // n = q p + r
            let mut n = 0u64;
            while n < terms {
                let end = (n + PROGRESS_STEP).min(terms);
                while n < end {
                    if n > 0 {
                        a += 1;
                        if bm.get(a) {
                            a = bm.next_zero(a + 1);
                        }
                    }
                    let b = a + q * m;
                    bm.set(b);
                    sink(a, b);
                    n += 1;
                    r += 1;
                    if r == p {
                        r = 0;
                        q += 1;
                    }
                }
                progress(n);
            }
        }
        SeqKind::Seed000 { m, p: 1 } => {
            return generate(&SeqKind::Linear { s: 1, t: m }, terms, progress, sink);
        }
        SeqKind::Seed000 { m, p } => {
            // bit v set: v is some y_j, j >= 1 (y_0 = x_0 = 0 counts once)
            let mut bm = Bitmap::with_capacity_bits(initial);
            let (mut x, mut c) = (0u64, 0u64); // c = #{j : x_j = x}
            let mut n = 0u64;
            while n < terms {
                let end = (n + PROGRESS_STEP).min(terms);
                while n < end {
                    while c + bm.get(x) as u64 >= p {
                        x += 1;
                        c = 0;
                    }
                    let y = x + m * n;
                    if n > 0 {
                        bm.set(y);
                    }
                    c += 1;
                    sink(x, y);
                    n += 1;
                }
                progress(n);
            }
        }
        SeqKind::Finite(ref v) => {
            for &(a, b) in v.iter().take(terms.min(usize::MAX as u64) as usize) {
                sink(a, b);
            }
            progress(terms.min(v.len() as u64));
        }
    }
    Ok(())
}

/// The first `terms` pairs as a vector (tests and small requests).
pub fn pairs(kind: &SeqKind, terms: u64) -> Result<Vec<(u64, u64)>, SolveError> {
    let mut v = Vec::new();
    generate(kind, terms, &mut |_| {}, |a, b| v.push((a, b)))?;
    Ok(v)
}

/// Count and hash of the first `terms` pairs, without storing them.
pub fn summary(
    kind: &SeqKind,
    terms: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<crate::hash::Summary, SolveError> {
    let mut s = crate::hash::Summary::new();
    generate(kind, terms, progress, |a, b| s.pair(a, b))?;
    Ok(s)
}

/// Exact closed forms, for the tests and the oracle-free checks.
pub mod closed {
    /// `floor(sqrt(v))`, exact.
    pub fn isqrt(v: u128) -> u128 {
        if v < 2 {
            return v;
        }
        let mut x = (v as f64).sqrt() as u128;
        while x * x > v {
            x -= 1;
        }
        while (x + 1) * (x + 1) <= v {
            x += 1;
        }
        x
    }
    /// `floor(n phi_{mp} / p)`, `phi_{mp} = (2 - mp + sqrt((mp)^2 + 4)) / 2` (seed 000).
    pub fn seed000_a(n: u64, m: u64, p: u64) -> u64 {
        let mp = (m * p) as i128;
        let n = n as i128;
        let root = isqrt((n * n * (mp * mp + 4)) as u128) as i128;
        let num = n * (2 - mp) + root;
        num.div_euclid(2 * p as i128) as u64
    }
    /// `floor(n phi_m)`, `phi_m = (2 - m + sqrt(m^2 + 4)) / 2` (m-Wythoff).
    pub fn m_wythoff_a(n: u64, m: u64) -> u64 {
        seed000_a(n, m, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wythoff_start() {
        let v = pairs(&SeqKind::Linear { s: 1, t: 1 }, 6).unwrap();
        assert_eq!(v, vec![(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]);
    }

    #[test]
    fn closed_forms_agree() {
        for m in 1..5 {
            let v = pairs(&SeqKind::Linear { s: 1, t: m }, 100_000).unwrap();
            for (n, &(a, b)) in v.iter().enumerate() {
                assert_eq!(a, closed::m_wythoff_a(n as u64, m), "m={m} n={n}");
                assert_eq!(b, a + m * n as u64);
            }
        }
        for (m, p) in [(1, 2), (2, 3), (1, 3), (3, 2), (2, 2)] {
            let v = pairs(&SeqKind::Seed000 { m, p }, 100_000).unwrap();
            for (n, &(a, b)) in v.iter().enumerate() {
                assert_eq!(a, closed::seed000_a(n as u64, m, p), "m={m} p={p} n={n}");
                assert_eq!(b, a + m * n as u64);
            }
        }
    }

    #[test]
    fn diagonal_blocking_is_plain_mex() {
        // the definition, written the slow way
        let (p, m) = (3u64, 2u64);
        let mut seen = std::collections::BTreeSet::new();
        let mut want = Vec::new();
        for n in 0..2000u64 {
            let mut a = 0;
            while seen.contains(&a) {
                a += 1;
            }
            let b = a + (n / p) * m;
            seen.insert(a);
            seen.insert(b);
            want.push((a, b));
        }
        assert_eq!(
            pairs(&SeqKind::DiagonalBlocking { p, m }, 2000).unwrap(),
            want
        );
    }
}
