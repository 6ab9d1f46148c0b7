//! The laws a list of pairs `(a_n, b_n)` may follow, as data: the difference
//! `b_n - a_n` ([`Difference`]), a law on `b_n` alone ([`BLaw`]) and the mex
//! rule that makes `a_n` ([`Mex`]). A leaf of `patterns/`: `pairs.rs` fits
//! them and `beatty.rs` reads them, neither through the other.

use serde::Serialize;

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(tag = "law", rename_all = "kebab-case")]
pub enum Difference {
    /// `b_n - a_n = m n + c`.
    Linear { m: u64, c: i64, from: u64 },
    /// `b_n - a_n = floor(n / p) m`.
    Floor { p: u64, m: u64, from: u64 },
    /// `b_n = s a_n + t n + c` (`s` not 0 or 1: those are a `b_law` and a
    /// `linear` difference).
    Affine { s: i64, t: i64, c: i64, from: u64 },
}

/// `b_n = k n + c`, a law on the `b` terms alone.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct BLaw {
    pub k: i64,
    pub c: i64,
    pub from: u64,
}

impl BLaw {
    /// `b_n` (`None` on overflow or a negative value).
    pub fn b(&self, n: u64) -> Option<u64> {
        u64::try_from(self.k as i128 * n as i128 + self.c as i128).ok()
    }
    pub fn text(&self) -> String {
        format!("b_n = {}", affine_text(&[(self.k, "n")], self.c))
    }
}

/// `k1 v1 + k2 v2 + ... + c` in words, e.g. `2 a_n - 3 n + 1`, `-a_n + 3 n`.
fn affine_text(terms: &[(i64, &str)], c: i64) -> String {
    let mut out = String::new();
    for &(k, v) in terms {
        if k == 0 {
            continue;
        }
        let mag = match k.unsigned_abs() {
            1 => v.to_string(),
            m => format!("{m} {v}"),
        };
        if out.is_empty() {
            out = if k < 0 { format!("-{mag}") } else { mag };
        } else {
            out.push_str(if k < 0 { " - " } else { " + " });
            out.push_str(&mag);
        }
    }
    if out.is_empty() {
        return c.to_string();
    }
    match c {
        0 => out,
        c if c > 0 => format!("{out} + {c}"),
        c => format!("{out} - {}", c.unsigned_abs()),
    }
}

impl Difference {
    pub fn from(&self) -> u64 {
        match *self {
            Difference::Linear { from, .. }
            | Difference::Floor { from, .. }
            | Difference::Affine { from, .. } => from,
        }
    }
    /// `b_n` from `a_n` (`None` on overflow or a negative value).
    pub fn b(&self, n: u64, a: u64) -> Option<u64> {
        match *self {
            Difference::Linear { m, c, .. } => {
                let v = (a as i128) + (m as i128) * (n as i128) + c as i128;
                u64::try_from(v).ok()
            }
            Difference::Floor { p, m, .. } => a.checked_add((n / p).checked_mul(m)?),
            Difference::Affine { s, t, c, .. } => {
                let v = (s as i128)
                    .checked_mul(a as i128)?
                    .checked_add((t as i128).checked_mul(n as i128)?)?
                    .checked_add(c as i128)?;
                u64::try_from(v).ok()
            }
        }
    }
    pub fn text(&self) -> String {
        match *self {
            Difference::Linear { m, c, .. } => match c {
                0 => format!("b_n - a_n = {m} n"),
                c if c > 0 => format!("b_n - a_n = {m} n + {c}"),
                c => format!("b_n - a_n = {m} n - {}", -c),
            },
            Difference::Floor { p, m, .. } => format!("b_n - a_n = floor(n / {p}) {m}"),
            Difference::Affine { s, t, c, .. } => {
                format!("b_n = {}", affine_text(&[(s, "a_n"), (t, "n")], c))
            }
        }
    }
}

/// Which mex rule makes `a_n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mex {
    /// p = 1: `mex{a_i, b_i : i < n}`.
    Complementary,
    /// The least value used fewer than `p` times (`p >= 2`).
    Fold(u64),
}

impl Mex {
    pub fn fold(&self) -> u64 {
        match *self {
            Mex::Complementary => 1,
            Mex::Fold(p) => p,
        }
    }
}
