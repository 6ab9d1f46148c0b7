//! Rays: the slopes `y / x` around which the P-positions aggregate (Larsson's
//! conjectures for Blocking Wythoff Nim, `4 <= k <= 20`), measured on a board.
//!
//! The P-positions `(x, y)` with `x0 <= x <= y` (`x0 = N / 16`, away from the
//! axes) are sorted by their slope `y / x` (exact rational comparison); a gap of
//! more than [`GAP`] between two neighbours starts a new cluster, and clusters
//! holding fewer than [`MIN_SHARE`] of the points are noise. A cluster's slope
//! is the least-squares slope of `y` on `x` over its points (an exact rational
//! from integer sums, rendered with 6 decimals: a measured statistic, not an
//! exact law), its bounds the smallest and largest `y / x` in it (exact).
//!
//! The rays are read on the corner of side `N / 2` and re-checked on the whole
//! board (twice as large): a ray is reported when both boards show it with
//! slopes within [`AGREE`]; the slope and count reported are the whole board's.

use super::board::Board;
use serde::Serialize;

/// Neighbouring slopes further apart than this start a new cluster.
pub const GAP: (u64, u64) = (1, 50);
/// A cluster must hold at least this share of the points (numerator, denominator),
/// and at least [`super::MIN_TERMS`] of them.
pub const MIN_SHARE: (u64, u64) = (1, 50);
/// The smallest board rays are read on (the half board then has 128 cells a side).
pub const MIN_BOARD: usize = 256;
/// The slopes of one ray on the two boards differ by less than this.
pub const AGREE: (u64, u64) = (1, 100);

/// The rays of a board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Rays {
    /// Least-squares slopes, 6 decimals, increasing.
    pub slopes: Vec<f64>,
    /// P-positions in each cluster (whole board, `x >= from`, `x <= y`).
    pub counts: Vec<u64>,
    /// `x0`: only P-positions with `x >= x0` are read.
    pub from: u64,
    /// Smallest and largest `y / x` of each cluster, exact (`"y/x"` in lowest terms).
    pub bounds: Vec<[String; 2]>,
    /// The board the rays were read on (`N / 2`); the report's board re-checks them.
    pub read_on: u64,
}

/// One cluster: its slope (numerator, denominator of the least-squares fit),
/// count and extreme points.
struct Cluster {
    num: i128,
    den: i128,
    count: u64,
    lo: (u64, u64),
    hi: (u64, u64),
}

impl Cluster {
    /// The slope times 10^6, rounded down.
    fn micro(&self) -> i128 {
        (self.num * 1_000_000).div_euclid(self.den)
    }
}

/// Slope `y1/x1 < y2/x2` by more than `a/b`: `(y2 x1 - y1 x2) b > a x1 x2`.
fn apart(p: (u64, u64), q: (u64, u64), (a, b): (u64, u64)) -> bool {
    let (x1, y1, x2, y2) = (p.0 as i128, p.1 as i128, q.0 as i128, q.1 as i128);
    (y2 * x1 - y1 * x2) * b as i128 > a as i128 * x1 * x2
}

fn clusters(cells: &[(u64, u64)], x0: u64) -> Vec<Cluster> {
    let mut pts: Vec<(u64, u64)> = cells
        .iter()
        .copied()
        .filter(|&(x, y)| x >= x0.max(1) && x <= y)
        .collect();
    pts.sort_by(|&(x1, y1), &(x2, y2)| {
        ((y1 as u128) * (x2 as u128)).cmp(&((y2 as u128) * (x1 as u128)))
    });
    let total = pts.len() as u64;
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=pts.len() {
        if i == pts.len() || apart(pts[i - 1], pts[i], GAP) {
            let c = &pts[start..i];
            if c.len() >= super::MIN_TERMS && (c.len() as u64) * MIN_SHARE.1 >= total * MIN_SHARE.0
            {
                out.push(fit(c));
            }
            start = i;
        }
    }
    out
}

/// The least-squares slope of `y` on `x` (the median's `y / x` when every `x`
/// is equal).
fn fit(c: &[(u64, u64)]) -> Cluster {
    let n = c.len() as i128;
    let (mut sx, mut sy, mut sxx, mut sxy) = (0i128, 0i128, 0i128, 0i128);
    for &(x, y) in c {
        let (x, y) = (x as i128, y as i128);
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    let den = n * sxx - sx * sx;
    let (num, den) = if den == 0 {
        let m = c[c.len() / 2];
        (m.1 as i128, m.0 as i128)
    } else {
        (n * sxy - sx * sy, den)
    };
    Cluster {
        num,
        den,
        count: c.len() as u64,
        lo: c[0],
        hi: c[c.len() - 1],
    }
}

/// The rays of `board`, read on its corner of side `N / 2` and re-checked on the
/// whole board; `None` when no ray shows on both.
pub fn find(board: &Board) -> Option<Rays> {
    let n = board.size();
    if n < MIN_BOARD {
        return None;
    }
    let x0 = (n / 16) as u64;
    let cells = board.cells();
    let half = n / 2;
    let small: Vec<(u64, u64)> = cells
        .iter()
        .copied()
        .filter(|&(x, y)| (x as usize) < half && (y as usize) < half)
        .collect();
    let read = clusters(&small, x0);
    let whole = clusters(&cells, x0);
    let agree = 1_000_000 * AGREE.0 as i128 / AGREE.1 as i128;
    let confirmed: Vec<&Cluster> = whole
        .iter()
        .filter(|c| read.iter().any(|r| (r.micro() - c.micro()).abs() < agree))
        .collect();
    if confirmed.is_empty() {
        return None;
    }
    Some(Rays {
        slopes: confirmed.iter().map(|c| c.micro() as f64 / 1e6).collect(),
        counts: confirmed.iter().map(|c| c.count).collect(),
        from: x0,
        bounds: confirmed
            .iter()
            .map(|c| {
                [
                    super::ratio(c.lo.1 as i128, c.lo.0 as i128),
                    super::ratio(c.hi.1 as i128, c.hi.0 as i128),
                ]
            })
            .collect(),
        read_on: half as u64,
    })
}

/// Re-check `r` on `big`: the slope of each ray, within [`AGREE`], among the
/// rays of `big` read from the same `x0`; the first ray missing, if any.
pub fn recheck(r: &Rays, big: &Board) -> Option<String> {
    let there = clusters(&big.cells(), r.from);
    let agree = 1_000_000 * AGREE.0 as i128 / AGREE.1 as i128;
    r.slopes.iter().find_map(|&s| {
        let micro = (s * 1e6).round() as i128;
        (!there.iter().any(|c| (c.micro() - micro).abs() < agree)).then(|| {
            format!(
                "no ray of slope {s:.3} (within {}/{}) on the board of side {}",
                AGREE.0,
                AGREE.1,
                big.size()
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Points on two lines `y = 2x + 1` and `y = 3x` give two rays with their slopes.
    #[test]
    fn two_lines_two_rays() {
        let n = 512;
        let b = Board::from_fn(n, |x, y| {
            y == 2 * x + 1 || y == 3 * x || x == 2 * y + 1 || x == 3 * y
        });
        let r = find(&b).unwrap();
        assert_eq!(r.slopes, vec![2.0, 3.0]);
        assert_eq!(r.from, 32);
        assert_eq!(r.read_on, 256);
        // x in 32..=255 on y = 2x + 1 < 512; x in 32..=170 on y = 3x
        assert_eq!(r.counts, vec![224, 139]);
        assert_eq!(r.bounds[1], ["3".to_string(), "3".to_string()]);
    }
}
