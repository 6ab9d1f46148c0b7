//! Exact floors of multiples of quadratic numbers `(a + b sqrt d) / q`, for the
//! claims about general Beatty sequences (seed 000 Theorem 3.1, Proposition 3.2
//! and Fraenkel's appendix; seed 002's appendix). Integers only: for an integer
//! `A` and `q > 0`, `floor((A + X) / q) = floor((A + floor X) / q)`, and
//! `floor(c sqrt d)` is `isqrt(c^2 d)` (for `c >= 0`) or `-(isqrt(c^2 d) + 1)`
//! (for `c < 0`, `d` not a square).

/// The number `(a + b sqrt(d)) / q`, `q > 0`; irrational iff `b != 0` and `d`
/// is not a perfect square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quad {
    pub a: i128,
    pub b: i128,
    pub d: u128,
    pub q: i128,
}

/// Is `d` a perfect square?
pub fn is_square(d: u128) -> bool {
    let r = d.isqrt();
    r * r == d
}

impl Quad {
    pub fn new(a: i128, b: i128, d: u128, q: i128) -> Quad {
        assert!(q > 0, "Quad: q must be positive");
        Quad { a, b, d, q }
    }

    /// A rational number `a / q`.
    pub fn rational(a: i128, q: i128) -> Quad {
        Quad::new(a, 0, 0, q)
    }

    pub fn is_irrational(&self) -> bool {
        self.b != 0 && !is_square(self.d)
    }

    /// `floor(c sqrt d)` for an integer `c`, exactly.
    fn floor_root(&self, c: i128) -> i128 {
        if c == 0 || self.d == 0 {
            return 0;
        }
        let c2 = (c.unsigned_abs()).pow(2) * self.d;
        let r = c2.isqrt() as i128;
        if c > 0 {
            r
        } else if (r as u128) * (r as u128) == c2 {
            -r
        } else {
            -(r + 1)
        }
    }

    /// `floor(n x)`, exactly (`n` may be negative).
    pub fn floor_mul(&self, n: i128) -> i128 {
        (n * self.a + self.floor_root(n * self.b)).div_euclid(self.q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floors_of_the_golden_ratio_and_rationals() {
        let phi = Quad::new(1, 1, 5, 2);
        let want = [0i128, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16];
        for (n, w) in want.iter().enumerate() {
            assert_eq!(phi.floor_mul(n as i128), *w);
        }
        // 1/phi = (sqrt 5 - 1)/2 and its negative
        let inv = Quad::new(-1, 1, 5, 2);
        let neg = Quad::new(1, -1, 5, 2);
        for n in 0..2000i128 {
            assert_eq!(
                inv.floor_mul(n) + neg.floor_mul(n),
                if n == 0 { 0 } else { -1 }
            );
        }
        let r = Quad::rational(3, 2);
        assert_eq!(r.floor_mul(3), 4);
        assert_eq!(r.floor_mul(-3), -5);
        let sq = Quad::new(0, -1, 4, 1); // -2, a square root that is exact
        assert_eq!(sq.floor_mul(3), -6);
        assert!(!sq.is_irrational() && phi.is_irrational());
    }
}
