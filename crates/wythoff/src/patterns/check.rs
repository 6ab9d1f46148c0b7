//! Conjectures tested: the laws read on the board of side `N`, re-checked on a
//! larger board of side `M` (`wythoff patterns GAME --max N --check M`).
//!
//! A pattern found on a board is a conjecture about the whole game. Its first
//! test is the board it did not see: every law is re-checked on **every** cell
//! or term of the larger board that it makes a claim about, from the index
//! where it was reported to hold, and the first failure is named. Nothing is
//! sampled.
//!
//! - `finite`: the larger board has exactly the listed P-positions.
//! - `periodic`: every cell the law (and its strips) claims, `P` iff the law says so.
//! - `pairs`: the pairs of the larger board's side (in the same order; in
//!   `a`-order the rows `a < M / (2R)` of the larger board, see
//!   [`super::by_rows`]) have the same first `holds_from` pairs, the order's
//!   structure (`b` increasing, `a` non-decreasing), and each law from its
//!   `from`: difference, `b` law, mex, multiplicity (over the values below the last `a`),
//!   the Beatty interval (some `alpha` of the reported interval fits every term)
//!   and the closed form (`a_n = floor(n alpha)` exactly, integer square roots).
//! - `grundy-rows`: each row's additive period read on the board,
//!   `G(x, y + per) = G(x, y) + saltus` for `y >= pre`, on every column of the
//!   larger board's Grundy table (given with `--grundy`; without one they are
//!   reported as not re-checked).
//!
//! The board of side `N` is the corner of the board of side `M`: moves only
//! lower the piles, so a position's outcome depends on the positions below it.

use super::board::Board;
use super::pairs::{self, Pairs};
use super::{Pattern, PatternReport};
use malachite_nz::natural::Natural;
use serde::Serialize;

/// One law of one pattern, re-checked on the larger board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LawCheck {
    /// Index of the pattern in the report's `patterns`.
    pub pattern: usize,
    /// The pattern's kind (`finite`, `periodic`, `pairs`, `grundy-rows`).
    pub kind: &'static str,
    /// `cells`, `prefix`, `structure`, `difference`, `b-law`, `mex`,
    /// `multiplicity`, `beatty`, `closed-form`.
    pub law: &'static str,
    /// `true`: holds on every cell or term of `checked`; `false`: see `failure`;
    /// `null`: not re-checked (`checked` says why).
    pub holds: Option<bool>,
    /// What was checked, e.g. `every cell of [0, 2048)^2` or `n < 785`.
    pub checked: String,
    /// The first cell or term where the law fails.
    pub failure: Option<String>,
}

/// The laws of a report re-checked on a larger board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Prediction {
    /// The board side the laws were read on.
    pub fitted_on: u64,
    /// The side of the board they were checked on.
    pub max: u64,
    pub checks: Vec<LawCheck>,
}

impl Prediction {
    /// Every law that was re-checked holds.
    pub fn all_hold(&self) -> bool {
        self.checks.iter().all(|c| c.holds != Some(false))
    }
}

/// The `n x n` corner of `big`.
pub fn corner(big: &Board, n: usize) -> Board {
    Board::from_fn(n, |x, y| big.get(x, y))
}

/// Re-check every pattern of `rep` (read on a board of side `rep.max`) on `big`,
/// and the Grundy rows on `big_grundy`, the Grundy table of the same board.
pub fn recheck(
    rep: &PatternReport,
    big: &Board,
    big_grundy: Option<&crate::solve::GrundyTable>,
) -> Prediction {
    let mut checks = Vec::new();
    for (i, p) in rep.patterns.iter().enumerate() {
        match p {
            Pattern::Finite(_) | Pattern::Periodic(_) => {
                let kind = if matches!(p, Pattern::Finite(_)) {
                    "finite"
                } else {
                    "periodic"
                };
                checks.push(cells(i, kind, p, big));
            }
            Pattern::Pairs(q) => checks.extend(pair_laws(i, q, big)),
            Pattern::Rays(r) => {
                let failure = super::rays::recheck(r, big);
                checks.push(LawCheck {
                    pattern: i,
                    kind: "rays",
                    law: "slopes",
                    holds: Some(failure.is_none()),
                    checked: format!("slopes of the P-positions with x >= {} re-read", r.from),
                    failure,
                })
            }
            Pattern::GrundyRows(g) => checks.push(match big_grundy {
                Some(t) => grundy_rows(i, g, t),
                None => LawCheck {
                    pattern: i,
                    kind: "grundy-rows",
                    law: "rows",
                    holds: None,
                    checked: "not re-checked (P-positions only)".into(),
                    failure: None,
                },
            }),
        }
    }
    Prediction {
        fitted_on: rep.max,
        max: big.size() as u64,
        checks,
    }
}

/// Each row's law read on the smaller board (`pre`, `per`, `saltus`), on every
/// column of `t` it claims: `G(x, y + per) = G(x, y) + saltus`, `y >= pre`.
fn grundy_rows(
    i: usize,
    g: &super::grundy_rows::GrundyRows,
    t: &crate::solve::GrundyTable,
) -> LawCheck {
    let m = t.size();
    let mut failure = None;
    let mut rows = 0u64;
    'rows: for r in &g.rows {
        let (Some(pre), Some(per), Some(saltus)) = (r.preperiod, r.period, r.saltus) else {
            continue;
        };
        let (x, pre, per) = (r.x as usize, pre as usize, per as usize);
        if x >= m {
            continue;
        }
        rows += 1;
        for y in pre..m.saturating_sub(per) {
            let (a, b) = (t.get(x, y), t.get(x, y + per));
            let want = a.map(|a| i64::from(a) + saltus);
            if want != b.map(i64::from) {
                failure = Some(format!(
                    "row {x}, column {}: the law says {}, the table says {}",
                    y + per,
                    want.map_or("no value".into(), |v| v.to_string()),
                    b.map_or("no value".into(), |v| v.to_string())
                ));
                break 'rows;
            }
        }
    }
    LawCheck {
        pattern: i,
        kind: "grundy-rows",
        law: "rows",
        holds: Some(failure.is_none()),
        checked: format!("every column y < {m} of the {rows} rows with a law read"),
        failure,
    }
}

fn cells(i: usize, kind: &'static str, p: &Pattern, big: &Board) -> LawCheck {
    let m = big.size();
    let block = match p {
        Pattern::Finite(f) => f.block,
        Pattern::Periodic(q) => q.block,
        _ => 1,
    } as usize;
    let side = m / block * block;
    let mut failure = None;
    let mut claimed = 0u64;
    'scan: for x in 0..side {
        for y in 0..side {
            if let Some(v) = super::predict(p, m, x, y) {
                claimed += 1;
                if v != big.get(x, y) {
                    failure = Some(format!(
                        "cell ({x}, {y}): the law says {}, the board says {}",
                        pn(v),
                        pn(big.get(x, y))
                    ));
                    break 'scan;
                }
            }
        }
    }
    LawCheck {
        pattern: i,
        kind,
        law: "cells",
        holds: Some(failure.is_none()),
        checked: if failure.is_none() {
            format!("every cell of [0, {side})^2 the law claims ({claimed} cells)")
        } else {
            format!("cells of [0, {side})^2 in order x, then y")
        },
        failure,
    }
}

fn pn(p: bool) -> &'static str {
    if p {
        "P"
    } else {
        "N"
    }
}

/// The pairs of `q`'s side and order on `big` (block-scaled), or why not.
fn big_pairs(q: &Pairs, big: &Board) -> Result<Vec<(u64, u64)>, String> {
    let b = q.block as usize;
    let board = if b > 1 {
        big.shrink(b).ok_or_else(|| {
            format!(
                "the board of {} is not made of {b} x {b} blocks",
                big.size()
            )
        })?
    } else {
        big.clone()
    };
    let all = pairs::side_pairs(&board, q.side);
    if q.order == "a" {
        super::by_rows(&all, board.size())
            .map(|(_, rows)| rows)
            .ok_or_else(|| "too few pairs in a-order".to_string())
    } else {
        Ok(all)
    }
}

fn pair_laws(i: usize, q: &Pairs, big: &Board) -> Vec<LawCheck> {
    let law = |law: &'static str, t: usize, fail: Option<String>| LawCheck {
        pattern: i,
        kind: "pairs",
        law,
        holds: Some(fail.is_none()),
        checked: format!("n < {t}"),
        failure: fail,
    };
    let v = match big_pairs(q, big) {
        Ok(v) => v,
        Err(e) => return vec![law("structure", 0, Some(e))],
    };
    let t = v.len();
    let mut out = Vec::new();
    let h = q.holds_from as usize;
    // the prefix, as read
    if h > 0 {
        let pre = (0..h).find(|&n| v.get(n).map(|&(a, b)| [a, b]) != Some(q.prefix[n]));
        out.push(law(
            "prefix",
            h.min(t),
            pre.map(|n| {
                format!(
                    "n = {n}: the larger board has {:?}, the pattern {:?}",
                    v.get(n),
                    q.prefix[n]
                )
            }),
        ));
    }
    // the order's structure
    if q.order == "b" {
        let bad = (h.max(1)..t).find(|&n| !(v[n - 1].1 < v[n].1 && v[n - 1].0 <= v[n].0));
        out.push(law(
            "structure",
            t,
            bad.map(|n| {
                format!(
                    "n = {n}: ({}, {}) after ({}, {}) (b increasing, a non-decreasing)",
                    v[n].0,
                    v[n].1,
                    v[n - 1].0,
                    v[n - 1].1
                )
            }),
        ));
    }
    if let Some(d) = &q.difference {
        let bad = (d.from() as usize..t).find(|&n| d.b(n as u64, v[n].0) != Some(v[n].1));
        out.push(law(
            "difference",
            t,
            bad.map(|n| {
                format!(
                    "n = {n}: (a_n, b_n) = ({}, {}), the law gives b_n = {}",
                    v[n].0,
                    v[n].1,
                    d.b(n as u64, v[n].0)
                        .map_or("overflow".into(), |b| b.to_string())
                )
            }),
        ));
    }
    if let Some(l) = &q.b_law {
        let bad = (l.from as usize..t).find(|&n| l.b(n as u64) != Some(v[n].1));
        out.push(law(
            "b-law",
            t,
            bad.map(|n| {
                format!(
                    "n = {n}: b_n = {}, the law gives {}",
                    v[n].1,
                    l.b(n as u64)
                        .map_or("a negative value".into(), |b| b.to_string())
                )
            }),
        ));
    }
    if let (Some(rule), Some(from)) = (q.mex_rule(), q.mex_from) {
        let mv = pairs::mex_values(&v, rule);
        let bad = (from as usize..t).find(|&n| mv[n] != v[n].0);
        out.push(law(
            "mex",
            t,
            bad.map(|n| format!("n = {n}: a_n = {}, the mex rule gives {}", v[n].0, mv[n])),
        ));
    }
    if let (Some(k), Some(from)) = (q.multiplicity, q.multiplicity_from) {
        let to = v.last().map_or(0, |p| p.0);
        let mut count = vec![0u64; to as usize];
        for &(a, b) in &v {
            for x in [a, b] {
                if x < to {
                    count[x as usize] += 1;
                }
            }
        }
        let bad = (from..to).find(|&x| count[x as usize] != k);
        out.push(LawCheck {
            pattern: i,
            kind: "pairs",
            law: "multiplicity",
            holds: Some(bad.is_none()),
            checked: format!("values in [{from}, {to})"),
            failure: bad.map(|x| format!("{x} occurs {} times, not {k}", count[x as usize])),
        });
    }
    if let Some(bt) = &q.beatty {
        out.push(law("beatty", t, beatty_failure(&v, bt)));
        if let Some(quad) = &bt.quad {
            if bt.beta_q.0 == 0 {
                let bad = (bt.from as usize..t)
                    .find(|&n| quad.floor_times(&Natural::from(n as u64)) != Natural::from(v[n].0));
                out.push(law(
                    "closed-form",
                    t,
                    bad.map(|n| {
                        format!(
                            "n = {n}: a_n = {}, floor(n alpha) = {}",
                            v[n].0,
                            quad.floor_times(&Natural::from(n as u64))
                        )
                    }),
                ));
            }
        }
    }
    out
}

/// The first term where no `alpha` of the reported interval (narrowed by the
/// terms before it) gives `a_n = floor(n alpha + beta)`.
fn beatty_failure(v: &[(u64, u64)], bt: &super::beatty::Beatty) -> Option<String> {
    let (bn, bd) = bt.beta_q;
    let (mut lo, mut hi) = (bt.low, bt.high);
    for (n, &(a, _)) in v.iter().enumerate().skip(bt.from as usize) {
        let a = a as i128;
        if n == 0 {
            if a != bn.div_euclid(bd) {
                return Some(format!(
                    "n = 0: a_0 = {a}, floor(beta) = {}",
                    bn.div_euclid(bd)
                ));
            }
            continue;
        }
        match super::beatty::narrow((lo, hi), n, a, (bn, bd)) {
            Ok(w) => (lo, hi) = w,
            Err((l, u)) => {
                return Some(format!(
                "n = {n}: a_n = {a} needs alpha in [{}, {}), outside what the earlier terms allow",
                super::ratio(l.0, l.1),
                super::ratio(u.0, u.1)
            ))
            }
        }
    }
    None
}
