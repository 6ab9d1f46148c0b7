//! Beatty forms `a_n = floor(n alpha + beta)` read off the data, and their
//! closed forms.
//!
//! **Interval.** For a fixed `beta`, `a_n = floor(n alpha + beta)` for `n >= 1`
//! iff `alpha` lies in `[(a_n - beta) / n, (a_n + 1 - beta) / n)`. The
//! intersection over every index read is an exact interval with rational
//! endpoints (`alpha_low` is attained, `alpha_high` is not). `beta = 0` is tried
//! first, then `beta = k/q` for `q <= 6`; the form is reported from the least
//! index `from` on which the intersection is not empty (at most half the terms).
//!
//! **Closed form.** When the side is `P`-complementary (`multiplicity = P`, or a
//! p-fold mex) with `b_n ~ s a_n + t n` (the difference law: linear `s = 1, t = m`,
//! affine `(s, t)`, floor `s = 1, t = m / p`), the densities `1/alpha` of `a` and
//! `1/(s alpha + t)` of `b` add up to `P`, so `alpha` is the positive root of
//! `P s alpha^2 + (P t - s - 1) alpha - t = 0`. That root is reported (as
//! `(u + v sqrt d) / w`, `d` square-free) only when it lies in the interval
//! read off the data, checked exactly with integers. For `s = 1`, `t = m` it is
//! `phi_{mP} / P` (seed 000, eq. (2)): named `phi` (m = P = 1), `phi_m` (P = 1),
//! `phi_{mP}/P` otherwise. No closed form is guessed from the interval alone: a
//! narrow interval holds many quadratic irrationals with small integers.

use super::laws::{Difference, Mex};
use super::{gcd_i, ratio};
use malachite_base::num::arithmetic::traits::FloorSqrt;
use malachite_nz::natural::Natural;
use serde::Serialize;

/// A quadratic irrational `(u + v sqrt d) / w`, `v, w > 0`, `d` square-free > 1,
/// `gcd(u, v, w) = 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quad {
    pub u: i128,
    pub v: i128,
    pub d: i128,
    pub w: i128,
}

impl Quad {
    /// `(u + sqrt(disc)) / w`, normalised; `None` when `disc` is a square.
    pub fn new(u: i128, disc: i128, w: i128) -> Option<Quad> {
        if disc <= 1 || w == 0 {
            return None;
        }
        // pull square factors out of disc
        let (mut v, mut d) = (1i128, disc);
        let mut f = 2i128;
        while f * f <= d {
            while d % (f * f) == 0 {
                d /= f * f;
                v *= f;
            }
            f += 1;
        }
        if d == 1 {
            return None;
        }
        let (mut u, mut w) = (u, w);
        if w < 0 {
            // (u + v sqrt d) / w with w < 0 is a different number; callers pass w > 0
            return None;
        }
        let g = gcd_i(gcd_i(u, v), w).max(1);
        u /= g;
        v /= g;
        w /= g;
        Some(Quad { u, v, d, w })
    }

    /// The sign of `self - num/den` (den > 0): -1, 0 or 1 (0 never happens).
    pub fn cmp_ratio(&self, num: i128, den: i128) -> Option<i32> {
        // (u + v sqrt d)/w - num/den  ~  den u - w num + den v sqrt d
        let a = den
            .checked_mul(self.u)?
            .checked_sub(self.w.checked_mul(num)?)?;
        let b = den.checked_mul(self.v)?;
        Some(if a >= 0 && b >= 0 {
            if a == 0 && b == 0 {
                0
            } else {
                1
            }
        } else if a <= 0 && b <= 0 {
            -1
        } else {
            // opposite signs: compare a^2 with b^2 d
            let a2 = a.checked_mul(a)?;
            let b2d = b.checked_mul(b)?.checked_mul(self.d)?;
            let pos_bigger = if b > 0 { b2d > a2 } else { a2 > b2d };
            if pos_bigger {
                1
            } else {
                -1
            }
        })
    }

    /// `floor(n (u + v sqrt d) / w)` exactly (the value is not negative).
    pub fn floor_times(&self, n: &Natural) -> Natural {
        use malachite_nz::integer::Integer;
        let nv = n * Natural::from(self.v as u128);
        let root = (&nv * &nv * Natural::from(self.d as u128)).floor_sqrt();
        let num = Integer::from(n.clone()) * Integer::from(self.u) + Integer::from(root);
        let num = Natural::try_from(num).unwrap_or_default();
        num / Natural::from(self.w as u128)
    }

    pub fn text(&self) -> String {
        let root = if self.v == 1 {
            format!("sqrt {}", self.d)
        } else {
            format!("{} sqrt {}", self.v, self.d)
        };
        let top = match self.u {
            0 => root,
            u if u > 0 => format!("{u} + {root}"),
            u => format!("{root} - {}", -u),
        };
        if self.w == 1 {
            top
        } else {
            format!("({top}) / {}", self.w)
        }
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Beatty {
    pub alpha_low: String,
    pub alpha_high: String,
    pub beta: String,
    /// The form holds for `from <= n < terms`.
    pub from: u64,
    pub closed_form: Option<String>,
    /// `phi`, `phi_m` or `phi_{mp}/p` when the closed form is one of these.
    pub name: Option<String>,
    #[serde(skip)]
    pub low: (i128, i128),
    #[serde(skip)]
    pub high: (i128, i128),
    #[serde(skip)]
    pub beta_q: (i128, i128),
    #[serde(skip)]
    pub quad: Option<Quad>,
}

impl Beatty {
    /// `floor(n alpha_low + beta)`: the Beatty form with the interval's lower end.
    pub fn a_low(&self, n: u64) -> Option<u64> {
        let (ln, ld) = self.low;
        let (bn, bd) = self.beta_q;
        // floor((n ln bd + bn ld) / (ld bd))
        let num = (n as i128)
            .checked_mul(ln)?
            .checked_mul(bd)?
            .checked_add(bn.checked_mul(ld)?)?;
        u64::try_from(num.div_euclid(ld.checked_mul(bd)?)).ok()
    }
}

/// `a < b` for fractions with positive denominators.
fn lt(a: (i128, i128), b: (i128, i128)) -> bool {
    a.0 * b.1 < b.0 * a.1
}

/// A fraction `(num, den)`, `den > 0`.
pub(crate) type Frac = (i128, i128);

/// The interval `[lo, hi)` of `alpha` narrowed by the term `a_n = floor(n alpha
/// + beta)` (`n >= 1`): intersected with `[(a - beta) / n, (a + 1 - beta) / n)`.
/// `Err` with that term's own interval when the intersection is empty.
pub(crate) fn narrow(
    (lo, hi): (Frac, Frac),
    n: usize,
    a: i128,
    (bn, bd): Frac,
) -> Result<(Frac, Frac), (Frac, Frac)> {
    let l = (a * bd - bn, n as i128 * bd);
    let u = (a * bd + bd - bn, n as i128 * bd);
    let nlo = if lt(lo, l) { l } else { lo };
    let nhi = if lt(u, hi) { u } else { hi };
    if lt(nlo, nhi) {
        Ok((nlo, nhi))
    } else {
        Err((l, u))
    }
}

/// The interval of `alpha` for `beta = bn/bd` over indices `n >= s`, scanning from
/// the end; returns the least start with a non-empty interval and the interval.
fn interval(
    v: &[(u64, u64)],
    h: usize,
    (bn, bd): (i128, i128),
) -> (usize, (i128, i128), (i128, i128)) {
    let t = v.len();
    let mut lo = (0i128, 1i128);
    let mut hi = (1i128 << 40, 1i128);
    let mut s = t;
    while s > h {
        let n = s - 1;
        let a = v[n].0 as i128;
        if n == 0 {
            // a_0 = floor(beta)
            if a != bn.div_euclid(bd) {
                break;
            }
            s -= 1;
            continue;
        }
        match narrow((lo, hi), n, a, (bn, bd)) {
            Ok(w) => (lo, hi) = w,
            Err(_) => break,
        }
        s -= 1;
    }
    (s, lo, hi)
}

/// The Beatty form of the pairs (see the module documentation).
pub fn fit(
    v: &[(u64, u64)],
    h: usize,
    diff: Option<&Difference>,
    mex_fold: Option<Mex>,
    mult: Option<u64>,
) -> Option<Beatty> {
    let t = v.len();
    let mut betas = vec![(0i128, 1i128)];
    for q in 2..=6i128 {
        for k in 1..q {
            if gcd_i(k, q) == 1 {
                betas.push((k, q));
            }
        }
    }
    let mut best: Option<(usize, (i128, i128), (i128, i128), (i128, i128))> = None;
    for b in betas {
        let (s, lo, hi) = interval(v, h, b);
        if s <= t / 2 && t - s >= super::MIN_TERMS && best.map_or(true, |x| s < x.0) {
            best = Some((s, lo, hi, b));
        }
    }
    let (s, lo, hi, beta) = best?;
    let p = mult.or(mex_fold.map(|m| m.fold()));
    let (quad, name) = match (p, diff) {
        (Some(p), Some(d)) => closed_form(p, d, lo, hi),
        _ => (None, None),
    };
    Some(Beatty {
        alpha_low: ratio(lo.0, lo.1),
        alpha_high: ratio(hi.0, hi.1),
        beta: ratio(beta.0, beta.1),
        from: s as u64,
        closed_form: quad.map(|q| q.text()),
        name,
        low: lo,
        high: hi,
        beta_q: beta,
        quad,
    })
}

/// The root implied by the laws, if it lies in `[lo, hi)`.
fn closed_form(
    p: u64,
    d: &Difference,
    lo: (i128, i128),
    hi: (i128, i128),
) -> (Option<Quad>, Option<String>) {
    let p = p as i128;
    // b ~ s a + (tn/td) n
    let (s, tn, td) = match *d {
        Difference::Linear { m, c: _, .. } => (1i128, m as i128, 1i128),
        Difference::Affine { s, t, .. } => (s as i128, t as i128, 1),
        Difference::Floor { p: q, m, .. } => (1, m as i128, q as i128),
    };
    // P s td x^2 + (P tn - (s + 1) td) x - tn = 0
    let a = p * s * td;
    let b = p * tn - (s + 1) * td;
    let c = -tn;
    let disc = b * b - 4 * a * c;
    let Some(q) = Quad::new(-b, disc, 2 * a) else {
        return (None, None);
    };
    let inside = q.cmp_ratio(lo.0, lo.1) == Some(1) && q.cmp_ratio(hi.0, hi.1) == Some(-1);
    if !inside {
        return (None, None);
    }
    let name = match *d {
        Difference::Linear { m, c: 0, .. } if s == 1 => Some(match (m, p) {
            (1, 1) => "phi".to_string(),
            (m, 1) => format!("phi_{m}"),
            (m, p) => format!("phi_{{{}}}/{p}", m as i128 * p),
        }),
        _ => None,
    };
    (Some(q), name)
}
