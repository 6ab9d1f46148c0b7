//! Pairs of sequences: the P-positions of one side of the diagonal are
//! `(a_n, b_n)`, `a` non-decreasing, `b` increasing.
//!
//! **Sides.** On a symmetric board the P-positions with `x <= y` are the pairs
//! (side `both`: the others are their mirror images). Otherwise the two sides are
//! read separately: `upper` = cells `(x, y)` with `x <= y` as `(a, b) = (x, y)`,
//! `lower` = cells with `x > y` as `(a, b) = (y, x)`.
//!
//! **What the board decides.** Cells are sorted by `b` (then `a`). When `b` is
//! increasing and `a` non-decreasing from index `h` on, the pairs with `b < N`
//! are the first `terms` pairs of the side: a pair not on the board has `b >= N`
//! and so comes later. Every law below is checked on every index from its
//! `from` up to `terms - 1`, and reported when it holds on at least the last
//! half of them (and at least [`super::MIN_TERMS`] indices).
//!
//! - `difference`: `d_n = b_n - a_n` is `m n + c` (`linear`), `floor(n/p) m`
//!   (`floor`, seed 002 Proposition 1), or `b_n = s a_n + t n + c` (`affine`:
//!   (s,t)-Wythoff with `c = 0`, its misère form with `c = 1`; `s` any integer
//!   other than 0 and 1, e.g. `s = -1` for `a_n + b_n = t n + c`).
//! - `b_law`: `b_n = k n + c` alone, whatever `a_n` is (e.g. `b_n = 3 n` in
//!   `roob-blocking:m=2,p=4,l=3`).
//! - `mex`: `a_n = mex{a_i, b_i : i < n}` (`complementary`) or the least value
//!   used fewer than `p` times among `{a_i, b_i : i < n}`, each index counted once
//!   (`p-fold`, seed 000 Proposition 5.2 (i)), over all earlier pairs.
//! - `multiplicity`: every value `v` with `from <= v < a_{terms-1}` occurs exactly
//!   `p` times among the `a_n` and `b_n` (a pair `(v, v)` counts twice): the values
//!   below the last `a` read are all the board decides.
//! - `beatty`: see [`super::beatty`].
//!
//! **Rows (order `a`).** When `b` is not increasing in `b`-order (seed 000's
//! mWN^(l,p) outside Theorem 2.1: `(8, 72)` after `(7, 74)` for m = 2, l = 0,
//! p = 4), the pairs are read in `a`-order instead, and only those with
//! `a < rows_below` ([`super::by_rows`]: `N / (2 R)`, `R` the largest `b / a` on
//! the board). **Assumption, stated with the pattern:** no P-position `(a, b)`
//! with `a < rows_below` has `b >= N`. Such a pattern is reported only when a
//! law holds (mex, difference or multiplicity): a list sorted by `a` is no
//! structure by itself.

use super::beatty::{self, Beatty};
use super::board::Board;
pub use super::laws::{BLaw, Difference, Mex};
use super::MIN_TERMS;
use serde::Serialize;

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Pairs {
    /// `both` (symmetric board), `upper` (`x <= y`) or `lower` (`x > y`, read as `(y, x)`).
    pub side: &'static str,
    /// `"b"`: sorted by `b` (`b` increasing, `a` non-decreasing: the pairs with
    /// `b < N` are the first `terms`); `"a"`: sorted by `a`, the pairs with
    /// `a < rows_below` (see the module doc for the assumption).
    pub order: &'static str,
    /// Order `a`: the pairs read are those with `a < rows_below`.
    pub rows_below: Option<u64>,
    /// Every law below holds for `holds_from <= n < terms`.
    pub holds_from: u64,
    /// The pairs on the board (`b_n < N`).
    pub terms: u64,
    /// The pairs `n < holds_from`, as read.
    pub prefix: Vec<[u64; 2]>,
    pub difference: Option<Difference>,
    /// `b_n = k n + c` from `from` on, a law on `b` alone.
    pub b_law: Option<BLaw>,
    /// `"complementary"`, `"p-fold"` or `null`.
    pub mex: Option<&'static str>,
    /// `p` of a p-fold mex (1 for complementary).
    pub mex_p: Option<u64>,
    pub mex_from: Option<u64>,
    /// Each value in `[multiplicity_from, multiplicity_to)` occurs this many times.
    pub multiplicity: Option<u64>,
    pub multiplicity_from: Option<u64>,
    pub multiplicity_to: Option<u64>,
    pub beatty: Option<Beatty>,
    /// Each cell stands for a `block x block` square (1: plain cells).
    pub block: u64,
}

impl Pairs {
    /// Does a law tie `b_n` to `a_n` (difference or `b` law)?
    pub fn has_law(&self) -> bool {
        self.difference.is_some() || self.b_law.is_some()
    }

    /// The mex rule found, as a value.
    pub fn mex_rule(&self) -> Option<Mex> {
        match (self.mex, self.mex_p) {
            (Some("complementary"), _) => Some(Mex::Complementary),
            (Some("p-fold"), Some(p)) => Some(Mex::Fold(p)),
            _ => None,
        }
    }
}

/// The cells of one side, as pairs `(a, b)` sorted by `b` then `a`.
pub fn side_pairs(board: &Board, side: &str) -> Vec<(u64, u64)> {
    let mut v: Vec<(u64, u64)> = board
        .cells()
        .into_iter()
        .filter_map(|(x, y)| match side {
            "lower" => (x > y).then_some((y, x)),
            _ => (x <= y).then_some((x, y)),
        })
        .collect();
    v.sort_unstable_by_key(|&(a, b)| (b, a));
    v
}

/// The pairs patterns of the board: one (`both`) on a symmetric board, else one
/// per side that has the structure; a side that is not pairs in `b`-order is
/// tried in `a`-order ([`of_rows`]).
pub fn find(board: &Board) -> Vec<Pairs> {
    let sides: &[&'static str] = if board.is_symmetric() {
        &["both"]
    } else {
        &["upper", "lower"]
    };
    sides
        .iter()
        .filter_map(|s| {
            let v = side_pairs(board, s);
            of_pairs(&v, s).or_else(|| {
                let (cut, rows) = super::by_rows(&v, board.size())?;
                of_rows(&rows, s, cut)
            })
        })
        .collect()
}

/// The laws of pairs sorted by `a` (then `b`): those with `a < cut`. `None`
/// when no mex, difference, `b` or multiplicity law holds.
pub fn of_rows(v: &[(u64, u64)], side: &'static str, cut: u64) -> Option<Pairs> {
    // at least MIN_TERMS rows, each holding a pair: a few rows of many pairs
    // (a periodic board) are no sequence
    let mut rows: Vec<u64> = v.iter().map(|p| p.0).collect();
    rows.dedup();
    if (cut as usize) < MIN_TERMS || rows.len() < MIN_TERMS {
        return None;
    }
    let mut p = laws(v, side, 0)?;
    if p.mex.is_none() && p.difference.is_none() && p.b_law.is_none() && p.multiplicity.is_none() {
        return None;
    }
    p.order = "a";
    p.rows_below = Some(cut);
    Some(p)
}

/// Largest acceptable start of a law over `t` terms.
fn late(t: usize) -> usize {
    t / 2
}

/// The structure and laws of a sorted list of pairs.
pub fn of_pairs(v: &[(u64, u64)], side: &'static str) -> Option<Pairs> {
    let t = v.len();
    if t < MIN_TERMS {
        return None;
    }
    let h = ordered_from(v);
    if h > late(t) || t - h < MIN_TERMS {
        return None;
    }
    laws(v, side, h)
}

/// The structure of pairs sorted by `b`: the first index `h` from which `b` is
/// increasing and `a` non-decreasing (`v` not empty).
fn ordered_from(v: &[(u64, u64)]) -> usize {
    let mut h = v.len() - 1;
    while h > 0 && v[h - 1].1 < v[h].1 && v[h - 1].0 <= v[h].0 {
        h -= 1;
    }
    h
}

/// Why no pairs pattern is read off `board` (of side `n`), as one line: too
/// few pairs; in `b`-order, `b` not increasing over the last half; in
/// `a`-order, too few rows below the cut `N / (2 R)` (a larger board reads
/// more), or no law. For a report that finds no pattern at all.
pub fn why_none(board: &Board) -> String {
    let sides: &[&'static str] = if board.is_symmetric() {
        &["both"]
    } else {
        &["upper", "lower"]
    };
    let why: Vec<String> = sides
        .iter()
        .map(|&s| {
            let v = side_pairs(board, s);
            let t = v.len();
            let name = if s == "both" {
                "pairs".to_string()
            } else {
                format!("pairs ({s} side)")
            };
            if t < MIN_TERMS {
                return format!(
                    "{name}: {t} on this board, too few pairs for a law (at least {MIN_TERMS})"
                );
            }
            let h = ordered_from(&v);
            let b_order = if h > late(t) || t - h < MIN_TERMS {
                format!("in b-order b_n is not increasing until pair {h} of {t} (a law must hold on the last half)")
            } else {
                "in b-order no law holds".to_string()
            };
            let a_order = match super::rows_cut(&v, board.size()) {
                None => "in a-order no pair has a >= 1".to_string(),
                Some((r, cut)) => {
                    let mut rows: Vec<u64> = v.iter().map(|p| p.0).filter(|&a| a < cut).collect();
                    rows.sort_unstable();
                    rows.dedup();
                    if (cut as usize) < MIN_TERMS || rows.len() < MIN_TERMS {
                        format!(
                            "in a-order only the pairs with a < {cut} are read (N / (2 R), R = {r} the largest b / a on this board): {} rows, too few pairs for a law (at least {MIN_TERMS}); a larger board reads more",
                            rows.len()
                        )
                    } else {
                        format!("in a-order no law holds on the pairs with a < {cut}")
                    }
                }
            };
            format!("{name}: {b_order}; {a_order}")
        })
        .collect();
    why.join("; ")
}

/// The laws of pairs `v` in their order, from index `h` on.
fn laws(v: &[(u64, u64)], side: &'static str, h: usize) -> Option<Pairs> {
    let t = v.len();
    if t < MIN_TERMS {
        return None;
    }
    let difference = fit_difference(v, h);
    let b_law = fit_b_law(v, h);
    let mex = fit_mex(v, h);
    let mult = multiplicity(v);
    let beat = beatty::fit(
        v,
        h,
        difference.as_ref(),
        mex.map(|m| m.0),
        mult.map(|m| m.0),
    );
    let mut holds = h as u64;
    if let Some(d) = &difference {
        holds = holds.max(d.from());
    }
    if let Some(l) = &b_law {
        holds = holds.max(l.from);
    }
    if let Some((_, f)) = mex {
        holds = holds.max(f);
    }
    if let Some(b) = &beat {
        holds = holds.max(b.from);
    }
    Some(Pairs {
        side,
        order: "b",
        rows_below: None,
        holds_from: holds,
        terms: t as u64,
        prefix: v[..holds as usize].iter().map(|&(a, b)| [a, b]).collect(),
        difference,
        b_law,
        mex: mex.map(|(m, _)| match m {
            Mex::Complementary => "complementary",
            Mex::Fold(_) => "p-fold",
        }),
        mex_p: mex.map(|(m, _)| m.fold()),
        mex_from: mex.map(|(_, f)| f),
        multiplicity: mult.map(|m| m.0),
        multiplicity_from: mult.map(|m| m.1),
        multiplicity_to: mult.map(|m| m.2),
        beatty: beat,
        block: 1,
    })
}

/// The least start `s >= h` from which `ok(n)` holds for every `n < t`.
fn start_of(t: usize, h: usize, ok: impl Fn(usize) -> bool) -> usize {
    let mut s = t;
    while s > h && ok(s - 1) {
        s -= 1;
    }
    s
}

fn accept(t: usize, s: usize) -> bool {
    s <= late(t) && t - s >= MIN_TERMS
}

fn fit_difference(v: &[(u64, u64)], h: usize) -> Option<Difference> {
    let t = v.len();
    let d = |n: usize| v[n].1 as i128 - v[n].0 as i128;
    let mut found: Vec<(usize, u8, Difference)> = Vec::new();
    // linear m n + c: m from the last two terms, c from the last
    {
        let m = d(t - 1) - d(t - 2);
        if m >= 0 {
            let c = d(t - 1) - m * (t as i128 - 1);
            let s = start_of(t, h, |n| d(n) == m * n as i128 + c);
            if accept(t, s) {
                found.push((
                    s,
                    if c == 0 { 0 } else { 3 },
                    Difference::Linear {
                        m: m as u64,
                        c: c as i64,
                        from: s as u64,
                    },
                ));
            }
        }
    }
    // floor(n / p) m
    for p in 2..=(t / 4).min(256) {
        let q = ((t - 1) / p) as i128;
        if q == 0 || d(t - 1) % q != 0 {
            continue;
        }
        let m = d(t - 1) / q;
        if m <= 0 {
            continue;
        }
        let s = start_of(t, h, |n| d(n) == (n / p) as i128 * m);
        if accept(t, s) {
            found.push((
                s,
                1,
                Difference::Floor {
                    p: p as u64,
                    m: m as u64,
                    from: s as u64,
                },
            ));
        }
    }
    // b = s a + t n + c, s not 0 or 1: solved on three of the last terms
    if let Some((sa, ta, ca)) = solve_affine(v) {
        if sa != 0 && sa != 1 {
            let st = start_of(t, h, |n| {
                v[n].1 as i128 == sa * v[n].0 as i128 + ta * n as i128 + ca
            });
            if accept(t, st) {
                found.push((
                    st,
                    if ca == 0 { 2 } else { 4 },
                    Difference::Affine {
                        s: sa as i64,
                        t: ta as i64,
                        c: ca as i64,
                        from: st as u64,
                    },
                ));
            }
        }
    }
    found.sort_by_key(|f| (f.0, f.1));
    found.into_iter().next().map(|f| f.2)
}

/// The integers `(s, t, c)` with `b_i = s a_i + t i + c` on three of the last
/// terms whose rows `(a_i, i, 1)` are independent (Cramer's rule, exact), or
/// `None` when the last terms have no such triple or the solution is not
/// integral (then no affine law holds on the tail). The caller checks the law
/// on every term.
fn solve_affine(v: &[(u64, u64)]) -> Option<(i128, i128, i128)> {
    let t = v.len();
    if t < 3 {
        return None;
    }
    let row = |n: usize| [v[n].0 as i128, n as i128, 1i128];
    let det3 = |m: [[i128; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let k = t - 1;
    for j in (t.saturating_sub(17)..k).rev() {
        for i in (t.saturating_sub(33)..j).rev() {
            let m = [row(i), row(j), row(k)];
            let d = det3(m);
            if d == 0 {
                continue;
            }
            let rhs = [v[i].1 as i128, v[j].1 as i128, v[k].1 as i128];
            let mut sol = [0i128; 3];
            for (col, out) in sol.iter_mut().enumerate() {
                let mut mc = m;
                for r in 0..3 {
                    mc[r][col] = rhs[r];
                }
                let num = det3(mc);
                if num % d != 0 {
                    return None;
                }
                *out = num / d;
            }
            let fits = |x: i128| i64::try_from(x).is_ok();
            return (fits(sol[0]) && fits(sol[1]) && fits(sol[2]))
                .then_some((sol[0], sol[1], sol[2]));
        }
    }
    None
}

/// `b_n = k n + c` from some start on: `k` and `c` from the last two terms.
fn fit_b_law(v: &[(u64, u64)], h: usize) -> Option<BLaw> {
    let t = v.len();
    if t < 2 {
        return None;
    }
    let b = |n: usize| v[n].1 as i128;
    let k = b(t - 1) - b(t - 2);
    let c = b(t - 1) - k * (t as i128 - 1);
    let s = start_of(t, h, |n| b(n) == k * n as i128 + c);
    (accept(t, s) && i64::try_from(k).is_ok() && i64::try_from(c).is_ok()).then_some(BLaw {
        k: k as i64,
        c: c as i64,
        from: s as u64,
    })
}

/// For each index `n`, the mex rule's value over the pairs `i < n`.
pub fn mex_values(v: &[(u64, u64)], rule: Mex) -> Vec<u64> {
    let top = v.iter().map(|p| p.1).max().unwrap_or(0) as usize + 2;
    let mut count = vec![0u64; top + 1];
    let p = rule.fold();
    let mut low = 0usize;
    let mut out = Vec::with_capacity(v.len());
    for &(a, b) in v {
        while low < count.len() && count[low] >= p {
            low += 1;
        }
        out.push(low as u64);
        count[a as usize] += 1;
        if b != a {
            count[b as usize] += 1;
        }
    }
    out
}

fn fit_mex(v: &[(u64, u64)], h: usize) -> Option<(Mex, u64)> {
    let t = v.len();
    let mut rules = vec![Mex::Complementary];
    rules.extend((2..=16).map(Mex::Fold));
    for r in rules {
        let mv = mex_values(v, r);
        let s = start_of(t, h, |n| mv[n] == v[n].0);
        if accept(t, s) {
            return Some((r, s as u64));
        }
    }
    None
}

/// `(p, from, to)`: every value in `[from, to)` occurs `p` times, `to = a_{t-1}`.
fn multiplicity(v: &[(u64, u64)]) -> Option<(u64, u64, u64)> {
    let to = v.last()?.0 as usize;
    let mut count = vec![0u64; to];
    for &(a, b) in v {
        for x in [a, b] {
            if (x as usize) < to {
                count[x as usize] += 1;
            }
        }
    }
    if to < 2 {
        return None;
    }
    let p = count[to - 1];
    if p == 0 {
        return None;
    }
    let mut from = to;
    while from > 1 && count[from - 1] == p {
        from -= 1;
    }
    // at least half of the positive values, and MIN_TERMS of them
    (from <= to.div_ceil(2).max(1) && to - from >= MIN_TERMS).then_some((p, from as u64, to as u64))
}

/// The pairs that `pattern` generates from its laws, `n < count`, with `a_n`
/// from the mex rule (or the Beatty form's `floor(n alpha_low)` when there is no
/// mex rule) and `b_n` from the difference law (else from the `b` law); `None` when the pattern has no
/// rule for `a` or for `b`, or a value overflows.
pub fn regenerate(p: &Pairs, count: usize) -> Option<Vec<(u64, u64)>> {
    if p.difference.is_none() && p.b_law.is_none() {
        return None;
    }
    let h = p.holds_from as usize;
    let mut out: Vec<(u64, u64)> = p.prefix.iter().map(|c| (c[0], c[1])).collect();
    out.truncate(count);
    let mut count_v: Vec<u64> = Vec::new();
    let bump = |cv: &mut Vec<u64>, x: u64| {
        let x = x as usize;
        if cv.len() <= x {
            cv.resize(x + 1, 0);
        }
        cv[x] += 1;
    };
    for &(a, b) in &out {
        bump(&mut count_v, a);
        if b != a {
            bump(&mut count_v, b);
        }
    }
    let mut low = 0usize;
    for n in h..count {
        let a = match (p.mex_rule(), &p.beatty) {
            (Some(rule), _) => {
                while low < count_v.len() && count_v[low] >= rule.fold() {
                    low += 1;
                }
                low as u64
            }
            (None, Some(bt)) => bt.a_low(n as u64)?,
            (None, None) => return None,
        };
        let b = match (&p.difference, &p.b_law) {
            (Some(d), _) => d.b(n as u64, a)?,
            (None, Some(l)) => l.b(n as u64)?,
            (None, None) => return None,
        };
        bump(&mut count_v, a);
        if b != a {
            bump(&mut count_v, b);
        }
        out.push((a, b));
    }
    Some(out)
}
