//! Rays: the slopes `y / x` around which the P-positions aggregate (Larsson's
//! conjectures for Blocking Wythoff Nim, `4 <= k <= 20`), measured on a board;
//! each ray split into parallel lines `y = s x + c`, the covers of each line
//! (P-positions per column, row and diagonal), and the slope's closed form
//! where the covers determine it.
//!
//! **Rays.** The P-positions `(x, y)` with `x0 <= x <= y` (`x0 = N / 16`, away
//! from the axes) are sorted by their slope `y / x` (exact rational
//! comparison); a gap of more than [`GAP`] between two neighbours starts a new
//! cluster, and clusters holding fewer than [`MIN_SHARE`] of the points are
//! noise. A cluster's slope is the least-squares slope of `y` on `x` (with an
//! intercept) over its points (an exact rational from integer sums, rendered
//! with 6 decimals: a measured statistic, not an exact law), its bounds the
//! smallest and largest `y / x` in it (exact).
//!
//! **Lines.** Each cluster is fitted as a line `y = s x + c` (least squares:
//! `s = (n Sxy - Sx Sy) / (n Sxx - Sx^2)`, `c = (Sy - s Sx) / n`, exact
//! rationals from integer sums). The **split rule**: sort the residuals
//! `y - s x` of the cluster's points; let `g` be the widest gap between two
//! neighbouring residuals, and `w1`, `w2` the widths (largest minus smallest
//! residual) of the two groups it separates. The cluster is split there when
//! `g >= 3/4` (three quarters of a cell: residual levels half a cell apart,
//! as on a line of slope 5/2, are one line), `g > max(w1, w2)` (the gap is wider than
//! either group's spread) and each group holds at least
//! [`super::MIN_TERMS`] points; each group is then refitted (its own `s`, `c`)
//! and the rule applied to it again. Lines are ordered by intercept.
//!
//! **Read on N / 2, re-checked on N.** The rays are read on the corner of side
//! `N / 2` and re-checked on the whole board: a ray is reported when both
//! boards show it with slopes within [`AGREE`]; the slope and count reported
//! are the whole board's. A whole-board cluster's split into lines is reported
//! when every one of its lines has a line on the half board (the half board's
//! clusters, split by the same rule) with a slope within [`AGREE`] and an
//! overlapping residual range (`[min, max]` of `y - s x`); otherwise the ray
//! is reported as one line. Every point of a reported ray lies on exactly one
//! of its lines, inside that line's residual range (measured on the whole
//! board, which the report states).
//!
//! **Covers.** For each line (a band of points with `r_lo <= y - s x <= r_hi`)
//! the number of its points in each column `x`, each row `y` and each diagonal
//! `y - x`, on the columns (rows, diagonals) that the band crosses entirely
//! inside the region read (`x >= x0`, `y < N`), and per index `t` the points of
//! the band in column `t` plus those in row `t` ("columns and rows": for a
//! symmetric game, the band and its mirror image in column `t`). Each is
//! reported as the set of values seen, with how often, and the range read.
//! The same counts summed over every line of every reported ray are the
//! **union covers** (on the indices where every line's count is read).
//!
//! **Closed form from covers.** Let a band of points lie within bounded
//! distance of the line of slope `alpha > 1` (its residual range bounded: an
//! assumption, measured on the board), and let its covers be constant beyond
//! the board as on it: `c` points per column, `r` per row, `e` per diagonal,
//! `K` per column-and-row. Counting the band's points with `x <= X` in three
//! ways: by columns, `c X + O(1)`; they are its points with `y <= alpha X +
//! O(1)`, so by rows `r alpha X + O(1)`; and its points with
//! `y - x <= (alpha - 1) X + O(1)`, so by diagonals `e (alpha - 1) X + O(1)`.
//! Hence `c = r alpha = e (alpha - 1)`, and by rows the points with `y <= X`
//! number `c X / alpha + O(1)`, so `K = c (1 + 1 / alpha)`. Any two of these
//! determine `alpha`:
//!
//! - `c, r`: `alpha = c / r`; `c, e`: `alpha = 1 + c / e`;
//!   `r, e`: `alpha = e / (e - r)` (rational slopes);
//! - `K, e`: `c = e (alpha - 1)`, so `K = e (alpha - 1)(alpha + 1) / alpha`:
//!   `e alpha^2 - K alpha - e = 0`, and `alpha > 1` is its positive root
//!   `(K + sqrt(K^2 + 4 e^2)) / (2 e)`, written `(a + b sqrt d) / c'` with `d`
//!   square-free (any size; rational when `K^2 + 4 e^2` is a square).
//!
//! `K` and `e` of one line may be read off the union covers: when every column
//! and row together hold `K_all` points of the lines and every other line's `K`
//! is known (its slope rational and one cover constant), this line's `K` is
//! `K_all` minus theirs; the same for diagonals. This is how the lower rays of
//! k = 5, 9, 13 get `(2 + sqrt 29) / 5`, `(3 + sqrt 109) / 10`,
//! `(1 + sqrt 26) / 5` (their own diagonals hold exactly one point each; the
//! ray of slope 5/2 has constant columns and diagonals). The derivation is
//! repeated until nothing new is found. When the covers over-determine a slope
//! and disagree (`c / r != 1 + c / e`), nothing is derived. A derived form is
//! reported as "derived from covers (measured)": the covers are measured on
//! the board, not proved, and the band's bounded width is assumed; it is
//! compared with the least-squares slope (the decimals the two share, see
//! [`decimals_shared`]). What the covers cannot give (a cover that varies, and
//! no union cover to take it from) is said in `open`.

use super::beatty::Quad;
use super::board::Board;
use super::{gcd_i, ratio};
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
/// Decimals compared between a derived closed form and the measured slope.
pub const MAX_DECIMALS: u32 = 9;

/// The rays of a board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Rays {
    /// Least-squares slopes, 6 decimals (rounded down), increasing.
    pub slopes: Vec<f64>,
    /// P-positions in each cluster (whole board, `x >= from`, `x <= y`).
    pub counts: Vec<u64>,
    /// `x0`: only P-positions with `x >= x0` are read.
    pub from: u64,
    /// Smallest and largest `y / x` of each cluster, exact (`"y/x"` in lowest terms).
    pub bounds: Vec<[String; 2]>,
    /// The board the rays were read on (`N / 2`); the report's board re-checks them.
    pub read_on: u64,
    /// The lines of every ray (ray by ray, each ray's by intercept).
    pub lines: Vec<Line>,
    /// The covers summed over every line.
    pub union: UnionCovers,
}

/// One line `y = s x + c` of a ray, fitted on the whole board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Line {
    /// Index of its ray in `slopes`.
    pub ray: usize,
    /// Least-squares slope, 6 decimals (rounded): a measurement.
    pub slope: f64,
    /// The same slope exactly, `"num/den"` in lowest terms.
    pub slope_exact: String,
    /// Least-squares intercept, 6 decimals (rounded).
    pub intercept: f64,
    pub intercept_exact: String,
    /// Its P-positions (whole board).
    pub count: u64,
    /// Smallest and largest `y - s x` over its points, exact.
    pub residual: [String; 2],
    /// Smallest and largest `y / x` over its points, exact.
    pub bounds: [String; 2],
    pub covers: Covers,
    /// The slope's closed form where the covers determine it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_form: Option<ClosedForm>,
    /// Why no closed form is derived (absent when one is).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open: Option<String>,
}

/// The P-positions of a line per column, row, diagonal, and column plus row.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Covers {
    pub columns: Option<Cover>,
    pub rows: Option<Cover>,
    pub diagonals: Option<Cover>,
    /// Points in column `t` plus points in row `t`.
    pub columns_and_rows: Option<Cover>,
}

/// The covers of every line together, on the indices where each line's is read.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct UnionCovers {
    pub columns_and_rows: Option<Cover>,
    pub diagonals: Option<Cover>,
}

/// The values a count takes over the indices `from..=to` (increasing), and
/// how many indices take each.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Cover {
    pub values: Vec<u64>,
    pub times: Vec<u64>,
    pub from: u64,
    pub to: u64,
}

impl Cover {
    /// The value when it is the same on every index read.
    pub fn constant(&self) -> Option<u64> {
        (self.values.len() == 1).then(|| self.values[0])
    }

    fn of(counts: &[u64], (from, to): (u64, u64)) -> Cover {
        let mut m = std::collections::BTreeMap::new();
        for &c in &counts[from as usize..=to as usize] {
            *m.entry(c).or_insert(0u64) += 1;
        }
        Cover {
            values: m.keys().copied().collect(),
            times: m.values().copied().collect(),
            from,
            to,
        }
    }
}

/// A slope `(a + b sqrt d) / c` (`b = 0`: the rational `a / c`) derived from covers.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ClosedForm {
    pub text: String,
    pub a: i64,
    pub b: i64,
    pub d: i64,
    pub c: i64,
    /// Its value, 9 decimals (rounded down).
    pub value: f64,
    /// "derived from covers (measured): ..." with the covers used.
    pub how: String,
    /// Decimals it shares with the least-squares slope ([`decimals_shared`]).
    pub decimals_shared: u32,
}

/// A line fitted to points: slope `num / den` (`den > 0`, lowest terms),
/// residuals `den y - num x` (exact integers, `den` times `y - s x`).
struct Fit {
    num: i128,
    den: i128,
    pts: Vec<(u64, u64)>,
    rmin: i128,
    rmax: i128,
    rsum: i128,
    lo: (u64, u64),
    hi: (u64, u64),
}

impl Fit {
    fn res(&self, (x, y): (u64, u64)) -> i128 {
        self.den * y as i128 - self.num * x as i128
    }

    /// The slope times 10^6, rounded down.
    fn micro(&self) -> i128 {
        (self.num * 1_000_000).div_euclid(self.den)
    }

    /// `value / den` times 10^9, rounded down.
    fn nano(&self, value: i128) -> i128 {
        (value * 1_000_000_000).div_euclid(self.den)
    }
}

/// `n / d` rounded to 6 decimals, as a float for display (`d > 0`).
fn six(n: i128, d: i128) -> f64 {
    (2 * n * 1_000_000 + d).div_euclid(2 * d) as f64 / 1e6
}

/// Slope `y1/x1 < y2/x2` by more than `a/b`: `(y2 x1 - y1 x2) b > a x1 x2`.
fn apart(p: (u64, u64), q: (u64, u64), (a, b): (u64, u64)) -> bool {
    let (x1, y1, x2, y2) = (p.0 as i128, p.1 as i128, q.0 as i128, q.1 as i128);
    (y2 * x1 - y1 * x2) * b as i128 > a as i128 * x1 * x2
}

fn clusters(cells: &[(u64, u64)], x0: u64) -> Vec<Fit> {
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
                out.push(fit(c.to_vec()));
            }
            start = i;
        }
    }
    out
}

/// The least-squares line of `y` on `x` (the median's `y / x` as the slope when
/// every `x` is equal).
fn fit(c: Vec<(u64, u64)>) -> Fit {
    let n = c.len() as i128;
    let (mut sx, mut sy, mut sxx, mut sxy) = (0i128, 0i128, 0i128, 0i128);
    for &(x, y) in &c {
        let (x, y) = (x as i128, y as i128);
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    let den = n * sxx - sx * sx;
    let (num, den) = if den == 0 {
        let mut ys: Vec<(u64, u64)> = c.clone();
        ys.sort_unstable();
        let m = ys[ys.len() / 2];
        (m.1 as i128, m.0.max(1) as i128)
    } else {
        (n * sxy - sx * sy, den)
    };
    let g = gcd_i(num, den).max(1);
    let (num, den) = if den < 0 {
        (-num / g, -den / g)
    } else {
        (num / g, den / g)
    };
    let (mut lo, mut hi) = (c[0], c[0]);
    for &p in &c {
        // y/x extremes, exact
        if (p.1 as u128) * (lo.0 as u128) < (lo.1 as u128) * (p.0 as u128) {
            lo = p;
        }
        if (p.1 as u128) * (hi.0 as u128) > (hi.1 as u128) * (p.0 as u128) {
            hi = p;
        }
    }
    let mut f = Fit {
        num,
        den,
        pts: c,
        rmin: 0,
        rmax: 0,
        rsum: 0,
        lo,
        hi,
    };
    let rs: Vec<i128> = f.pts.iter().map(|&p| f.res(p)).collect();
    f.rmin = rs.iter().copied().min().unwrap_or(0);
    f.rmax = rs.iter().copied().max().unwrap_or(0);
    f.rsum = rs.iter().sum();
    f
}

/// The split rule (module doc): the widest gap between neighbouring residuals
/// that leaves at least [`super::MIN_TERMS`] points on each side splits the
/// points when it is at least 3/4 of a cell and wider than the residual range of
/// either side; each side is refitted and split again. Lines by intercept.
fn split(f: Fit) -> Vec<Fit> {
    let m = super::MIN_TERMS;
    let len = f.pts.len();
    if len < 2 * m {
        return vec![f];
    }
    let mut v: Vec<(i128, (u64, u64))> = f.pts.iter().map(|&p| (f.res(p), p)).collect();
    v.sort_unstable();
    let best =
        (m..=len - m)
            .map(|i| (v[i].0 - v[i - 1].0, i))
            .fold(None::<(i128, usize)>, |b, (g, i)| match b {
                Some((bg, _)) if bg >= g => b,
                _ => Some((g, i)),
            });
    let Some((g, i)) = best else {
        return vec![f];
    };
    let (w1, w2) = (v[i - 1].0 - v[0].0, v[len - 1].0 - v[i].0);
    if 4 * g < 3 * f.den || g <= w1.max(w2) {
        return vec![f];
    }
    let low: Vec<(u64, u64)> = v[..i].iter().map(|t| t.1).collect();
    let high: Vec<(u64, u64)> = v[i..].iter().map(|t| t.1).collect();
    let mut out = split(fit(low));
    out.extend(split(fit(high)));
    out.sort_by(|a, b| {
        // intercept rsum / (n den), compared exactly
        let (an, ad) = (a.rsum, a.pts.len() as i128 * a.den);
        let (bn, bd) = (b.rsum, b.pts.len() as i128 * b.den);
        (an * bd).cmp(&(bn * ad))
    });
    out
}

/// Whether two lines agree: slopes within [`AGREE`] and overlapping residual ranges.
fn same_line(a: &Fit, b: &Fit) -> bool {
    let agree = 1_000_000 * AGREE.0 as i128 / AGREE.1 as i128;
    (a.micro() - b.micro()).abs() < agree
        && a.nano(a.rmin) <= b.nano(b.rmax)
        && b.nano(b.rmin) <= a.nano(a.rmax)
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -((-a).div_euclid(b))
}

/// The index ranges on which a line's band (`rmin <= den y - num x <= rmax`)
/// lies entirely in the region read (`x >= x0`, `y < n`): columns, rows,
/// diagonals.
type Range = Option<(u64, u64)>;
fn ranges(f: &Fit, x0: u64, n: u64) -> (Range, Range, Range) {
    let (num, den) = (f.num, f.den);
    let (x0, last) = (x0 as i128, n as i128 - 1);
    let mk = |a: i128, b: i128| (a <= b && b >= 0).then(|| (a.max(0) as u64, b as u64));
    if num <= 0 {
        return (None, None, None);
    }
    let cols = mk(x0, (den * last - f.rmax).div_euclid(num).min(last));
    let rows = mk(ceil_div(num * x0 + f.rmax, den), last);
    let diags = if num > den {
        mk(
            ceil_div((num - den) * x0 + f.rmax, den),
            (last * (num - den) + f.rmin).div_euclid(num),
        )
    } else {
        None
    };
    (cols, rows, diags)
}

fn meet(a: Range, b: Range) -> Range {
    let ((a0, a1), (b0, b1)) = (a?, b?);
    let (lo, hi) = (a0.max(b0), a1.min(b1));
    (lo <= hi).then_some((lo, hi))
}

/// Counts of a line's points per column, row and diagonal (length `n`).
struct Counts {
    cols: Vec<u64>,
    rows: Vec<u64>,
    diags: Vec<u64>,
    ranges: (Range, Range, Range),
}

impl Counts {
    fn of(f: &Fit, x0: u64, n: u64) -> Counts {
        let n_ = n as usize;
        let (mut cols, mut rows, mut diags) = (vec![0u64; n_], vec![0u64; n_], vec![0u64; n_]);
        for &(x, y) in &f.pts {
            cols[x as usize] += 1;
            rows[y as usize] += 1;
            if y >= x {
                diags[(y - x) as usize] += 1;
            }
        }
        Counts {
            cols,
            rows,
            diags,
            ranges: ranges(f, x0, n),
        }
    }

    fn both(&self) -> Vec<u64> {
        self.cols
            .iter()
            .zip(&self.rows)
            .map(|(a, b)| a + b)
            .collect()
    }

    fn covers(&self) -> Covers {
        let (c, r, d) = self.ranges;
        Covers {
            columns: c.map(|g| Cover::of(&self.cols, g)),
            rows: r.map(|g| Cover::of(&self.rows, g)),
            diagonals: d.map(|g| Cover::of(&self.diags, g)),
            columns_and_rows: meet(c, r).map(|g| Cover::of(&self.both(), g)),
        }
    }
}

/// An exact rational `n / d`, `d > 0`, lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q(i128, i128);

impl Q {
    fn new(n: i128, d: i128) -> Option<Q> {
        if d == 0 {
            return None;
        }
        let g = gcd_i(n, d).max(1);
        let (n, d) = (n / g, d / g);
        Some(if d < 0 { Q(-n, -d) } else { Q(n, d) })
    }
    fn int(n: u64) -> Q {
        Q(n as i128, 1)
    }
    fn add(self, o: Q) -> Option<Q> {
        Q::new(
            self.0
                .checked_mul(o.1)?
                .checked_add(o.0.checked_mul(self.1)?)?,
            self.1.checked_mul(o.1)?,
        )
    }
    fn sub(self, o: Q) -> Option<Q> {
        self.add(Q(-o.0, o.1))
    }
    fn mul(self, o: Q) -> Option<Q> {
        Q::new(self.0.checked_mul(o.0)?, self.1.checked_mul(o.1)?)
    }
    fn div(self, o: Q) -> Option<Q> {
        Q::new(self.0.checked_mul(o.1)?, self.1.checked_mul(o.0)?)
    }
    fn text(self) -> String {
        ratio(self.0, self.1)
    }
}

/// A derived slope: rational, or quadratic irrational.
#[derive(Clone, Copy, Debug)]
enum Alpha {
    Rat(Q),
    Quad(Quad),
}

/// What the covers of one line give (exact densities per index).
#[derive(Clone, Debug, Default)]
struct Known {
    c: Option<Q>,
    r: Option<Q>,
    e: Option<Q>,
    k: Option<Q>,
    alpha: Option<(Alpha, String)>,
    inconsistent: bool,
    from_union: Vec<&'static str>,
}

/// The slope of one line from its densities (module doc), with how.
fn derive_one(kn: &mut Known) {
    if kn.alpha.is_some() || kn.inconsistent {
        return;
    }
    let (c, r, e, k) = (kn.c, kn.r, kn.e, kn.k);
    // K = c + r: complete the triple
    let (c, r) = match (c, r, k) {
        (Some(c), None, Some(k)) => (Some(c), k.sub(c)),
        (None, Some(r), Some(k)) => (k.sub(r), Some(r)),
        x => (x.0, x.1),
    };
    let k = k.or_else(|| c?.add(r?));
    if let (Some(c), Some(r), Some(e)) = (c, r, e) {
        // c / r == 1 + c / e  <=>  c e == r (e + c)
        let lhs = c.mul(e);
        let rhs = e.add(c).and_then(|s| r.mul(s));
        if lhs.is_none() || lhs != rhs {
            kn.inconsistent = true;
            return;
        }
    }
    let name = |q: Q| q.text();
    let pos = |q: Q| q.0 > 0;
    let rational = match (c, r, e) {
        (Some(c), Some(r), _) if pos(r) && pos(c) => c
            .div(r)
            .map(|a| (a, format!("columns {}, rows {}: c / r", name(c), name(r)))),
        (Some(c), _, Some(e)) if pos(e) && pos(c) => {
            Q(1, 1).add(c.div(e).unwrap_or(Q(0, 1))).map(|a| {
                (
                    a,
                    format!("columns {}, diagonals {}: 1 + c / e", name(c), name(e)),
                )
            })
        }
        (_, Some(r), Some(e)) if pos(r) && e.sub(r).is_some_and(pos) => {
            e.div(e.sub(r).unwrap()).map(|a| {
                (
                    a,
                    format!("rows {}, diagonals {}: e / (e - r)", name(r), name(e)),
                )
            })
        }
        _ => None,
    };
    if let Some((a, how)) = rational {
        if a.0 <= a.1 {
            return; // a band of slope <= 1 is not read (x <= y)
        }
        let cc = c.or_else(|| r?.mul(a)).or_else(|| e?.mul(a.sub(Q(1, 1))?));
        if let Some(cc) = cc {
            kn.c = Some(cc);
            kn.r = cc.div(a);
            kn.e = a.sub(Q(1, 1)).and_then(|d| cc.div(d));
            kn.k = kn.r.and_then(|r| cc.add(r));
        }
        kn.alpha = Some((Alpha::Rat(a), how));
        return;
    }
    if let (Some(k), Some(e)) = (k, e) {
        if !pos(k) || !pos(e) {
            return;
        }
        // e a^2 - K a - e = 0: a = (P + sqrt(P^2 + 4 U^2)) / (2 U), K = P/D, e = U/D
        let dd = k.1.checked_mul(e.1 / gcd_i(k.1, e.1).max(1));
        let Some(dd) = dd else { return };
        let (p, u) = (k.0 * (dd / k.1), e.0 * (dd / e.1));
        let Some(disc) = p
            .checked_mul(p)
            .and_then(|pp| u.checked_mul(u)?.checked_mul(4)?.checked_add(pp))
        else {
            return;
        };
        let how = format!(
            "columns and rows {}, diagonals {}: e a^2 - K a - e = 0",
            name(k),
            name(e)
        );
        let alpha = match Quad::new(p, disc, 2 * u) {
            Some(q) => Alpha::Quad(q),
            None => {
                let root = isqrt(disc);
                match Q::new(p + root, 2 * u) {
                    Some(a) => Alpha::Rat(a),
                    None => return,
                }
            }
        };
        kn.k = Some(k);
        kn.e = Some(e);
        kn.alpha = Some((alpha, how));
    }
}

fn isqrt(n: i128) -> i128 {
    if n < 2 {
        return n.max(0);
    }
    let mut x = (n as f64).sqrt() as i128;
    while x * x > n {
        x -= 1;
    }
    while (x + 1) * (x + 1) <= n {
        x += 1;
    }
    x
}

/// Derive every line's slope from the covers: each line's own, then the union
/// covers minus the other lines', until nothing new is found.
fn derive(own: &[Covers], union: &UnionCovers) -> Vec<Known> {
    let cst = |c: &Option<Cover>| c.as_ref().and_then(Cover::constant).map(Q::int);
    let mut kn: Vec<Known> = own
        .iter()
        .map(|cv| Known {
            c: cst(&cv.columns),
            r: cst(&cv.rows),
            e: cst(&cv.diagonals),
            k: cst(&cv.columns_and_rows),
            ..Known::default()
        })
        .collect();
    let (uk, ue) = (cst(&union.columns_and_rows), cst(&union.diagonals));
    loop {
        for k in kn.iter_mut() {
            derive_one(k);
        }
        let mut changed = false;
        for i in 0..kn.len() {
            if kn[i].alpha.is_some() || kn[i].inconsistent {
                continue;
            }
            let rest = |kn: &[Known], f: &dyn Fn(&Known) -> Option<Q>, total: Q| {
                (0..kn.len())
                    .filter(|&j| j != i)
                    .try_fold(total, |acc, j| acc.sub(f(&kn[j])?))
            };
            if kn[i].k.is_none() {
                if let Some(v) = uk.and_then(|t| rest(&kn, &|k: &Known| k.k, t)) {
                    kn[i].k = Some(v);
                    kn[i].from_union.push("columns and rows");
                    changed = true;
                }
            }
            if kn[i].e.is_none() {
                if let Some(v) = ue.and_then(|t| rest(&kn, &|k: &Known| k.e, t)) {
                    kn[i].e = Some(v);
                    kn[i].from_union.push("diagonals");
                    changed = true;
                }
            }
        }
        if !changed {
            return kn;
        }
    }
}

/// `floor(alpha 10^12)`.
fn pico(a: &Alpha) -> Option<i128> {
    const P: i128 = 1_000_000_000_000;
    match a {
        Alpha::Rat(q) => Some(q.0.checked_mul(P)?.div_euclid(q.1)),
        Alpha::Quad(q) => {
            let n = malachite_nz::natural::Natural::from(P as u128);
            i128::try_from(&q.floor_times(&n)).ok()
        }
    }
}

/// The decimals `alpha` shares with `num / den`: the largest `j <= MAX_DECIMALS`
/// with `|alpha - num/den| < 10^-j / 2`, bounded from above with both values
/// rounded down to 12 decimals (so never more than they share).
pub fn decimals_shared(alpha_pico: i128, num: i128, den: i128) -> u32 {
    let s = (num * 1_000_000_000_000).div_euclid(den);
    let diff = (alpha_pico - s).abs() + 2; // in 10^-12
    (0..=MAX_DECIMALS)
        .rev()
        .find(|&j| 2 * diff * 10i128.pow(j) < 1_000_000_000_000)
        .unwrap_or(0)
}

fn closed_form(a: &Alpha, how: &str, f: &Fit) -> Option<ClosedForm> {
    let p = pico(a)?;
    let (aa, b, d, c, text) = match a {
        Alpha::Rat(q) => (q.0, 0, 0, q.1, q.text()),
        Alpha::Quad(q) => (q.u, q.v, q.d, q.w, q.text()),
    };
    Some(ClosedForm {
        text,
        a: i64::try_from(aa).ok()?,
        b: i64::try_from(b).ok()?,
        d: i64::try_from(d).ok()?,
        c: i64::try_from(c).ok()?,
        value: (p / 1000) as f64 / 1e9,
        how: format!("derived from covers (measured): {how}"),
        decimals_shared: decimals_shared(p, f.num, f.den),
    })
}

fn why_open(kn: &Known, cv: &Covers) -> String {
    if kn.inconsistent {
        return "the covers disagree (columns / rows != 1 + columns / diagonals): no band of one slope".into();
    }
    let varies = |name: &str, c: &Option<Cover>| match c {
        None => format!("{name} not read"),
        Some(c) if c.values.len() == 1 => format!("{name} {}", c.values[0]),
        Some(c) => format!(
            "{name} vary ({})",
            c.values
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut union: Vec<String> = Vec::new();
    for (what, v) in [("columns and rows", kn.k), ("diagonals", kn.e)] {
        if let (true, Some(v)) = (kn.from_union.contains(&what), v) {
            union.push(format!("{what} {} on average", v.text()));
        }
    }
    let union = if union.is_empty() {
        "the union covers give nothing more".to_string()
    } else {
        format!(
            "the union covers minus the other lines' give only {}",
            union.join(" and ")
        )
    };
    format!(
        "the covers do not determine the slope: {}; {}; {}; {}; {union}",
        varies("columns", &cv.columns),
        varies("rows", &cv.rows),
        varies("diagonals", &cv.diagonals),
        varies("columns and rows", &cv.columns_and_rows)
    )
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
    let confirmed: Vec<Fit> = whole
        .into_iter()
        .filter(|c| read.iter().any(|r| (r.micro() - c.micro()).abs() < agree))
        .collect();
    if confirmed.is_empty() {
        return None;
    }
    let slopes = confirmed.iter().map(|c| c.micro() as f64 / 1e6).collect();
    let counts = confirmed.iter().map(|c| c.pts.len() as u64).collect();
    let bounds = confirmed
        .iter()
        .map(|c| {
            [
                ratio(c.lo.1 as i128, c.lo.0 as i128),
                ratio(c.hi.1 as i128, c.hi.0 as i128),
            ]
        })
        .collect();
    let read_lines: Vec<Fit> = read.into_iter().flat_map(split).collect();
    // each ray's lines: its split when every line of it shows on the half board
    let mut fits: Vec<(usize, Fit)> = Vec::new();
    for (i, c) in confirmed.into_iter().enumerate() {
        let parts = split(fit(c.pts.clone()));
        if parts.len() > 1
            && parts
                .iter()
                .all(|l| read_lines.iter().any(|r| same_line(l, r)))
        {
            fits.extend(parts.into_iter().map(|l| (i, l)));
        } else {
            fits.push((i, c));
        }
    }
    let counts_of: Vec<Counts> = fits
        .iter()
        .map(|(_, f)| Counts::of(f, x0, n as u64))
        .collect();
    let own: Vec<Covers> = counts_of.iter().map(Counts::covers).collect();
    let union = union_covers(&counts_of, n);
    let known = derive(&own, &union);
    let lines = fits
        .iter()
        .zip(own)
        .zip(&known)
        .map(|(((ray, f), covers), kn)| {
            let n_pts = f.pts.len() as i128;
            let cf = kn.alpha.as_ref().and_then(|(a, how)| {
                let how = if kn.from_union.is_empty() {
                    how.clone()
                } else {
                    format!(
                        "{how} ({} taken from the union covers minus the other lines')",
                        kn.from_union.join(" and ")
                    )
                };
                closed_form(a, &how, f)
            });
            let open = cf.is_none().then(|| why_open(kn, &covers));
            Line {
                ray: *ray,
                slope: six(f.num, f.den),
                slope_exact: ratio(f.num, f.den),
                intercept: six(f.rsum, n_pts * f.den),
                intercept_exact: ratio(f.rsum, n_pts * f.den),
                count: f.pts.len() as u64,
                residual: [ratio(f.rmin, f.den), ratio(f.rmax, f.den)],
                bounds: [
                    ratio(f.lo.1 as i128, f.lo.0 as i128),
                    ratio(f.hi.1 as i128, f.hi.0 as i128),
                ],
                covers,
                closed_form: cf,
                open,
            }
        })
        .collect();
    Some(Rays {
        slopes,
        counts,
        from: x0,
        bounds,
        read_on: half as u64,
        lines,
        union,
    })
}

fn union_covers(cs: &[Counts], n: usize) -> UnionCovers {
    let both: Range = cs
        .iter()
        .map(|c| meet(c.ranges.0, c.ranges.1))
        .reduce(meet)
        .flatten();
    let diags: Range = cs.iter().map(|c| c.ranges.2).reduce(meet).flatten();
    let sum = |f: &dyn Fn(&Counts) -> Vec<u64>| {
        let mut t = vec![0u64; n];
        for c in cs {
            for (a, b) in t.iter_mut().zip(f(c)) {
                *a += b;
            }
        }
        t
    };
    UnionCovers {
        columns_and_rows: both.map(|g| Cover::of(&sum(&|c: &Counts| c.both()), g)),
        diagonals: diags.map(|g| Cover::of(&sum(&|c: &Counts| c.diags.clone()), g)),
    }
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
mod tests;
