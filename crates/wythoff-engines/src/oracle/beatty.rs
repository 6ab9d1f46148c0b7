//! Exact p-complementary Beatty pairs of seed 000 (Larsson, "Restrictions of
//! m-Wythoff Nim and p-complementary Beatty sequences", equations (2)-(4)):
//!
//! `a_n = floor(n phi_k / p)`, `b_n = floor(n (phi_k + k) / p) = a_n + m n`,
//! `k = m p`, `phi_k = (2 - k + sqrt(k^2 + 4)) / 2`.
//!
//! With `c = k^2 + 4` (never a perfect square for `k >= 1`) this is
//!
//! `a_n = floor((isqrt(n^2 c) - n k + 2 n) / (2 p))`,
//!
//! because for an integer `A` and a positive integer `q`,
//! `floor((A + sqrt D) / q) = floor((A + isqrt D) / q)`; the numerator is not
//! negative since `sqrt(n^2 c) > n k` gives `isqrt(n^2 c) >= n k`. The case
//! `m = p = 1` is Wythoff's `floor(n phi)`, `m = 1` with `p` free is Connell's
//! pair, `p = 1` is Fraenkel's m-Wythoff pair.
//!
//! **Inverse.** `alpha = phi_k / p` and `beta = alpha + m` are irrational, so
//! `#{n >= 0 : a_n <= x} = floor((x + 1) / alpha) + 1` and likewise for `b`. With
//! `y = (x + 1) p`, `1/phi_k = (sqrt c + k - 2) / (2k)` and
//! `1/(phi_k + k) = (k + 2 - sqrt c) / (2k)` (from `1/phi_k + 1/(phi_k + k) = 1`):
//!
//! `floor((x+1)/alpha) = floor((isqrt(y^2 c) + y k - 2 y) / (2k))`,
//! `floor((x+1)/beta) = floor((y (k + 2) - isqrt(y^2 c) - 1) / (2k))`.
//!
//! Every index found this way is then confirmed by recomputing `a_n` (or `b_n`)
//! and moving the boundary if needed, so an answer never rests on the inverse
//! formula alone.
//!
//! **Fast path.** All arithmetic is on `u128` when `n^2 c` (resp. `y^2 c`) fits
//! (checked multiplication decides; otherwise malachite `Natural`s are used).
//! `u128::isqrt` is exact.

use malachite_base::num::arithmetic::traits::{DivMod, FloorSqrt};
use malachite_nz::natural::Natural;

/// The pair `(a, b)` of seed 000 for parameters `m, p >= 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beatty {
    pub m: u64,
    pub p: u64,
    /// `k = m p`.
    k: u128,
    /// `c = k^2 + 4`.
    c: u128,
}

/// Convert a `Natural` that fits into `u128`.
pub(crate) fn to_u128(x: &Natural) -> Option<u128> {
    u128::try_from(x).ok()
}

pub(crate) fn nat(x: u128) -> Natural {
    Natural::from(x)
}

impl Beatty {
    /// `m, p >= 1`, `m p <= 10^12` (the catalogue allows parameters up to 10^6).
    pub fn new(m: u64, p: u64) -> Beatty {
        assert!(m >= 1 && p >= 1, "Beatty pair needs m, p >= 1");
        let k = m as u128 * p as u128;
        Beatty {
            m,
            p,
            k,
            c: k * k + 4,
        }
    }

    /// `a_n` on `u128`, when `n^2 c` fits.
    pub fn a_u128(&self, n: u128) -> Option<u128> {
        let d = n.checked_mul(n)?.checked_mul(self.c)?;
        let num = d.isqrt() - n * self.k + 2 * n;
        Some(num / (2 * self.p as u128))
    }

    /// `a_n`, exactly.
    pub fn a(&self, n: &Natural) -> Natural {
        if let Some(v) = to_u128(n).and_then(|n| self.a_u128(n)) {
            return nat(v);
        }
        let d = n * n * nat(self.c);
        let num = d.floor_sqrt() - n * nat(self.k) + n * Natural::from(2u32);
        num / Natural::from(2 * self.p)
    }

    /// `b_n = a_n + m n` (Lemma 3.3 (ii)); the closed form `floor(n (phi_k + k) / p)`
    /// is checked against it by [`Beatty::b_closed`] in the claims.
    pub fn b(&self, n: &Natural) -> Natural {
        self.a(n) + n * Natural::from(self.m)
    }

    /// `b_n` computed from its own closed form `floor(n (phi_k + k) / p)`
    /// `= floor((isqrt(n^2 c) + n k + 2n) / (2p))` (independent of `a`).
    pub fn b_closed(&self, n: &Natural) -> Natural {
        let d = n * n * nat(self.c);
        let num = d.floor_sqrt() + n * nat(self.k) + n * Natural::from(2u32);
        num / Natural::from(2 * self.p)
    }

    /// [`Beatty::b_closed`] on `u128`, when `n^2 c` fits.
    pub fn b_closed_u128(&self, n: u128) -> Option<u128> {
        let d = n.checked_mul(n)?.checked_mul(self.c)?;
        Some((d.isqrt() + n * self.k + 2 * n) / (2 * self.p as u128))
    }

    /// `(a_n, b_n)` for `n < count` on `u64`, or `None` when a value would not fit.
    pub fn pairs_u64(&self, count: u64) -> Option<Vec<(u64, u64)>> {
        let mut out = Vec::with_capacity(count.min(1 << 24) as usize);
        for n in 0..count {
            let a = self.a_u128(n as u128)?;
            let b = a + self.m as u128 * n as u128;
            out.push((u64::try_from(a).ok()?, u64::try_from(b).ok()?));
        }
        Some(out)
    }

    /// `#{n >= 0 : a_n <= x}` from the inverse formula (not yet confirmed).
    fn count_a_le_estimate(&self, x: &Natural) -> Natural {
        let y = (x + Natural::from(1u32)) * Natural::from(self.p);
        let two_k = nat(2 * self.k);
        if let Some(yu) = to_u128(&y) {
            if let Some(d) = yu.checked_mul(yu).and_then(|v| v.checked_mul(self.c)) {
                if let Some(yk) = yu.checked_mul(self.k) {
                    let num = d.isqrt() + yk - 2 * yu;
                    return nat(num / (2 * self.k) + 1);
                }
            }
        }
        let d = &y * &y * nat(self.c);
        let num = d.floor_sqrt() + &y * nat(self.k) - &y * Natural::from(2u32);
        num / two_k + Natural::from(1u32)
    }

    /// `#{n >= 0 : b_n <= x}` from the inverse formula (not yet confirmed).
    fn count_b_le_estimate(&self, x: &Natural) -> Natural {
        let y = (x + Natural::from(1u32)) * Natural::from(self.p);
        if let Some(yu) = to_u128(&y) {
            if let Some(d) = yu.checked_mul(yu).and_then(|v| v.checked_mul(self.c)) {
                if let Some(yk) = yu.checked_mul(self.k + 2) {
                    let num = yk - d.isqrt() - 1;
                    return nat(num / (2 * self.k) + 1);
                }
            }
        }
        let d = &y * &y * nat(self.c);
        let num = &y * nat(self.k + 2) - d.floor_sqrt() - Natural::from(1u32);
        num / nat(2 * self.k) + Natural::from(1u32)
    }

    /// The first index `n` with `f(n) > x`, for a non-decreasing `f` with
    /// `f(0) = 0`, starting from an estimate and confirming it exactly.
    fn first_above(&self, x: &Natural, est: Natural, f: impl Fn(&Natural) -> Natural) -> Natural {
        let one = Natural::from(1u32);
        let mut n = est;
        while f(&n) <= *x {
            n += &one;
        }
        while n > 0u32 && f(&(&n - &one)) > *x {
            n -= &one;
        }
        n
    }

    /// `#{n >= 0 : a_n <= x}`, exactly.
    pub fn count_a_le(&self, x: &Natural) -> Natural {
        let est = self.count_a_le_estimate(x);
        self.first_above(x, est, |n| self.a(n))
    }

    /// `#{n >= 0 : b_n <= x}`, exactly.
    pub fn count_b_le(&self, x: &Natural) -> Natural {
        let est = self.count_b_le_estimate(x);
        self.first_above(x, est, |n| self.b(n))
    }

    /// Every `n` with `a_n = x` (at most `p + 1` of them for `p >= 1`; Lemma 3.3 (iii), (iv)).
    pub fn indices_a(&self, x: &Natural) -> Vec<Natural> {
        let hi = self.count_a_le(x);
        let lo = if *x == 0u32 {
            Natural::from(0u32)
        } else {
            self.count_a_le(&(x - Natural::from(1u32)))
        };
        let mut out = Vec::new();
        let mut n = lo;
        while n < hi {
            out.push(n.clone());
            n += Natural::from(1u32);
        }
        out
    }

    /// The `n` with `b_n = x`, if any (`b` is strictly increasing).
    pub fn index_b(&self, x: &Natural) -> Option<Natural> {
        let hi = self.count_b_le(x);
        if hi == 0u32 {
            return None;
        }
        let n = hi - Natural::from(1u32);
        (self.b(&n) == *x).then_some(n)
    }

    /// `#{n >= 0 : a_n <= x}` on `u128` (estimate confirmed exactly), when every
    /// intermediate value fits.
    pub fn count_a_le_u128(&self, x: u128) -> Option<u128> {
        let y = x.checked_add(1)?.checked_mul(self.p as u128)?;
        let d = y.checked_mul(y)?.checked_mul(self.c)?;
        let num = d.isqrt() + y.checked_mul(self.k)? - 2 * y;
        let mut n = num / (2 * self.k) + 1;
        while self.a_u128(n)? <= x {
            n += 1;
        }
        while n > 0 && self.a_u128(n - 1)? > x {
            n -= 1;
        }
        Some(n)
    }

    /// `#{n >= 0 : b_n <= x}` on `u128` (estimate confirmed exactly).
    pub fn count_b_le_u128(&self, x: u128) -> Option<u128> {
        let y = x.checked_add(1)?.checked_mul(self.p as u128)?;
        let d = y.checked_mul(y)?.checked_mul(self.c)?;
        let num = y.checked_mul(self.k + 2)? - d.isqrt() - 1;
        let mut n = num / (2 * self.k) + 1;
        let b = |n: u128| -> Option<u128> {
            self.a_u128(n)?.checked_add(n.checked_mul(self.m as u128)?)
        };
        while b(n)? <= x {
            n += 1;
        }
        while n > 0 && b(n - 1)? > x {
            n -= 1;
        }
        Some(n)
    }

    /// The `n` with `b_n = x` on `u128` (`Some(None)`: no such `n`), when it fits.
    pub fn index_b_u128(&self, x: u128) -> Option<Option<u128>> {
        let hi = self.count_b_le_u128(x)?;
        if hi == 0 {
            return Some(None);
        }
        let n = hi - 1;
        let b = self.a_u128(n)? + n * self.m as u128;
        Some((b == x).then_some(n))
    }

    /// `n mod q` for a small modulus.
    pub fn residue(n: &Natural, q: u64) -> u64 {
        let (_, r) = n.div_mod(Natural::from(q));
        u64::try_from(&r).expect("residue below q")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mex recurrence of Proposition 5.2 (i) (plain integers), as an
    /// independent reference for the closed form.
    fn mex_p(m: u64, p: u64, terms: usize) -> Vec<(u64, u64)> {
        let mut count = vec![0u64; terms * (m as usize + 3) + 8];
        let mut out = Vec::new();
        let mut lo = 0usize;
        for n in 0..terms {
            while count[lo] >= p {
                lo += 1;
            }
            let x = lo as u64;
            let y = x + m * n as u64;
            count[x as usize] += 1;
            if y != x {
                count[y as usize] += 1;
            }
            out.push((x, y));
        }
        out
    }

    #[test]
    fn closed_form_matches_mex_and_big_path() {
        for m in 1..=5 {
            for p in 1..=5 {
                let bt = Beatty::new(m, p);
                let want = mex_p(m, p, 2000);
                assert_eq!(bt.pairs_u64(2000).unwrap(), want, "m={m} p={p}");
                for (n, &(a, b)) in want.iter().enumerate().step_by(37) {
                    let nn = Natural::from(n as u64);
                    assert_eq!(bt.a(&nn), Natural::from(a));
                    assert_eq!(bt.b_closed(&nn), Natural::from(b));
                    // the big-number path on the same value
                    let d = &nn * &nn * nat(bt.c);
                    let num = d.floor_sqrt() - &nn * nat(bt.k) + &nn * Natural::from(2u32);
                    assert_eq!(num / Natural::from(2 * p), Natural::from(a));
                }
            }
        }
    }

    #[test]
    fn inverse_counts() {
        for m in 1..=4 {
            for p in 1..=4 {
                let bt = Beatty::new(m, p);
                let pairs = bt.pairs_u64(2000).unwrap();
                for x in 0..200u64 {
                    let ca = pairs.iter().filter(|q| q.0 <= x).count() as u64;
                    let cb = pairs.iter().filter(|q| q.1 <= x).count() as u64;
                    let xx = Natural::from(x);
                    assert_eq!(
                        bt.count_a_le_estimate(&xx),
                        Natural::from(ca),
                        "a m={m} p={p} x={x}"
                    );
                    assert_eq!(
                        bt.count_b_le_estimate(&xx),
                        Natural::from(cb),
                        "b m={m} p={p} x={x}"
                    );
                    assert_eq!(bt.count_a_le(&xx), Natural::from(ca));
                    assert_eq!(bt.count_a_le_u128(x as u128), Some(ca as u128));
                    assert_eq!(bt.count_b_le_u128(x as u128), Some(cb as u128));
                    assert_eq!(bt.count_b_le(&xx), Natural::from(cb));
                }
            }
        }
    }

    #[test]
    fn wythoff_known_values_big() {
        // floor(n phi) for n = 10^40 computed two ways: the m = p = 1 formula and
        // (n + isqrt(5 n^2)) / 2.
        let bt = Beatty::new(1, 1);
        let n: Natural = "10000000000000000000000000000000000000000".parse().unwrap();
        let direct = (&n + (&n * &n * Natural::from(5u32)).floor_sqrt()) / Natural::from(2u32);
        assert_eq!(bt.a(&n), direct);
        assert_eq!(bt.b(&n), bt.b_closed(&n));
        let a = bt.a(&n);
        assert_eq!(bt.indices_a(&a), vec![n.clone()]);
        assert_eq!(bt.index_b(&bt.b(&n)), Some(n));
    }
}
