//! A board of P-positions as bitsets by rows and by columns, the input of every
//! pattern finder.

use crate::solve::OutcomeTable;

/// `n x n` cells, `true` = P-position. Row `x` holds the cells `(x, y)`,
/// `y = 0..n`, as bits; column `y` holds `(x, y)`, `x = 0..n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    n: usize,
    words: usize,
    rows: Vec<u64>,
    cols: Vec<u64>,
}

impl Board {
    /// The board `0 <= x, y < n` with `f(x, y)` = "is a P-position".
    pub fn from_fn(n: usize, f: impl Fn(usize, usize) -> bool) -> Board {
        let words = n.div_ceil(64).max(1);
        let mut rows = vec![0u64; n * words];
        let mut cols = vec![0u64; n * words];
        for x in 0..n {
            for y in 0..n {
                if f(x, y) {
                    rows[x * words + y / 64] |= 1 << (y % 64);
                    cols[y * words + x / 64] |= 1 << (x % 64);
                }
            }
        }
        Board {
            n,
            words,
            rows,
            cols,
        }
    }

    /// The P-positions of a solved board (cells of a removed corner count as not P).
    pub fn from_table(t: &OutcomeTable) -> Board {
        Board::from_fn(t.size(), |x, y| t.is_p(x, y))
    }

    pub fn size(&self) -> usize {
        self.n
    }

    #[inline]
    pub fn get(&self, x: usize, y: usize) -> bool {
        self.rows[x * self.words + y / 64] >> (y % 64) & 1 == 1
    }

    /// The bit words of row `x` (cells `(x, y)`).
    pub(crate) fn row(&self, x: usize) -> &[u64] {
        &self.rows[x * self.words..(x + 1) * self.words]
    }

    /// The bit words of column `y` (cells `(x, y)`).
    pub(crate) fn col(&self, y: usize) -> &[u64] {
        &self.cols[y * self.words..(y + 1) * self.words]
    }

    /// Every P-position, sorted by x then y.
    pub fn cells(&self) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for x in 0..self.n {
            for (w, &bits) in self.row(x).iter().enumerate() {
                let mut b = bits;
                while b != 0 {
                    let y = w * 64 + b.trailing_zeros() as usize;
                    out.push((x as u64, y as u64));
                    b &= b - 1;
                }
            }
        }
        out
    }

    pub fn count(&self) -> usize {
        self.rows.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Is the board its own mirror image (`P(x, y) = P(y, x)` on every cell)?
    pub fn is_symmetric(&self) -> bool {
        self.rows == self.cols
    }

    /// The largest `b` such that the board is made of `b x b` blocks ([`Board::shrink`]
    /// succeeds), or 1. The board is made of `b x b` blocks iff row `x` equals row
    /// `x - 1` for every `x` that is not a multiple of `b`, and column `y` equals
    /// column `y - 1` likewise; so the block sizes that tile are exactly the
    /// divisors of `g`, the gcd of the indices `x >= 1` where a row differs from
    /// the one before and the indices `y >= 1` where a column does (0 when none
    /// does). The largest is `g` itself (with no change at all, every `b` tiles and
    /// the board side is returned). A board of 4 x 4 blocks is also made of 2 x 2
    /// blocks, so taking the first `b` that tiles, smallest first, misreads it.
    pub fn block_size(&self) -> usize {
        let mut g = 0usize;
        for i in 1..self.n {
            if self.row(i) != self.row(i - 1) || self.col(i) != self.col(i - 1) {
                g = gcd(g, i);
                if g == 1 {
                    return 1;
                }
            }
        }
        if g == 0 {
            self.n.max(1)
        } else {
            g
        }
    }

    /// The board of `b x b` blocks, when every cell equals the lower-left cell of
    /// its block (blocks aligned at multiples of `b`; the cells of the last,
    /// incomplete blocks are checked too). Cell `(X, Y)` of the result stands for
    /// `[bX, bX + b) x [bY, bY + b)`; the result has side `n / b`.
    pub fn shrink(&self, b: usize) -> Option<Board> {
        if b < 2 || self.n / b < 2 {
            return None;
        }
        for x in 0..self.n {
            for y in 0..self.n {
                if self.get(x, y) != self.get(x - x % b, y - y % b) {
                    return None;
                }
            }
        }
        Some(Board::from_fn(self.n / b, |x, y| self.get(b * x, b * y)))
    }
}

fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// For each bit position `j` of the lines, the largest line index `i` with
/// `line(i)` and `line(i + q)` differing at bit `j` (`-1` when they never differ),
/// over `i + q < count`. Lines are `bits` bits long.
pub(crate) fn last_mismatch<'a>(
    count: usize,
    bits: usize,
    line: impl Fn(usize) -> &'a [u64],
    q: usize,
) -> Vec<i64> {
    let mut last = vec![-1i64; bits];
    if q >= count || bits == 0 {
        return last;
    }
    let words = bits.div_ceil(64);
    let mut unseen: Vec<u64> = (0..words)
        .map(|w| {
            let lo = w * 64;
            if lo + 64 <= bits {
                u64::MAX
            } else {
                (1u64 << (bits - lo)) - 1
            }
        })
        .collect();
    let mut left: usize = bits;
    for i in (0..count - q).rev() {
        let (a, b) = (line(i), line(i + q));
        for (w, un) in unseen.iter_mut().enumerate() {
            let d = (a[w] ^ b[w]) & *un;
            if d != 0 {
                let mut m = d;
                while m != 0 {
                    last[w * 64 + m.trailing_zeros() as usize] = i as i64;
                    m &= m - 1;
                    left -= 1;
                }
                *un &= !d;
            }
        }
        if left == 0 {
            break;
        }
    }
    last
}
