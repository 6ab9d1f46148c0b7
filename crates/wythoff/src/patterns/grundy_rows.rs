//! Additive periodicity of Grundy rows (Dress, Flammenkamp and Pink 1999):
//! `g(x, y + per) = g(x, y) + saltus` for every `y >= pre` with `y + per < N`.
//!
//! For each row `x` below a bound the least period `per` is taken for which the
//! least preperiod `pre` is at most a third of the row and the row shows the
//! period at least three times past it (`N - pre >= 3 per`); the saltus is read
//! off the last period. Rows without such a period say so (`period: null`).
//!
//! Each row is also *proved* where the finite-state certificate of
//! [`super::row_proof`] applies (Wythoff, m-Wythoff, (s,t)-Wythoff, Nim: each
//! earlier row reached at a bounded set of columns): its law then holds at
//! every column, not only on the board (`status: "proved"`, the law in
//! `proved`); otherwise the row is only read on the board (`status: "read"`,
//! the reason in `reason`).

use super::row_proof::{self, RowProof};
use crate::rules::Game;
use crate::solve::GrundyTable;
use serde::Serialize;

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Row {
    pub x: u64,
    /// The law read on the board (`None`: no additive period in range).
    pub preperiod: Option<u64>,
    pub period: Option<u64>,
    pub saltus: Option<i64>,
    /// `"proved"` (the law holds at every column: `proved`) or `"read"` (on
    /// the board only: `reason` says why it is not proved).
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proved: Option<ProvedLaw>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A row's law proved by the certificate ([`row_proof`]).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ProvedLaw {
    /// The least preperiod and period, and the saltus (= the period).
    pub preperiod: u64,
    pub period: u64,
    pub saltus: i64,
    /// The columns `m1 < m2` where the row's state repeated.
    pub repeat: [u64; 2],
    /// The columns computed from the rules (`m2`).
    pub columns: u64,
    /// `c`: the options of a cell in earlier rows (window `[-c, c)`).
    pub window: u64,
    /// Do the proved values equal the board's on every column of it?
    pub board_equal: bool,
    /// Does the law read on the board equal the proved one?
    pub board_law_equal: bool,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GrundyRows {
    /// Checked on `0 <= y < checked_to`.
    pub checked_to: u64,
    pub rows: Vec<Row>,
    /// Whether the row certificate applies to the game, and if not why.
    pub certificate: Certificate,
}

/// Whether [`row_proof`] applies to the game.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Certificate {
    pub applies: bool,
    /// Why it does not apply (absent when it does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The most columns computed for one row.
    pub max_columns: u64,
    /// Rows proved.
    pub proved: u64,
}

/// Rows examined: `x < min(N / 8, 32)`, at least one.
pub fn row_bound(n: usize) -> usize {
    (n / 8).clamp(1, 32)
}

/// The additive period of one row of values (`None` = no cell off the board
/// may be in it: rows through a removed corner are read from its end).
pub fn row_law(vals: &[Option<u32>]) -> (Option<u64>, Option<u64>, Option<i64>) {
    let n = vals.len();
    // skip removed cells at the start of the row
    let first = vals.iter().position(|v| v.is_some()).unwrap_or(n);
    if vals[first..].iter().any(|v| v.is_none()) {
        return (None, None, None);
    }
    let g: Vec<i64> = vals[first..].iter().map(|v| v.unwrap() as i64).collect();
    let len = g.len();
    for per in 1..=len / 3 {
        let saltus = g[len - 1] - g[len - 1 - per];
        let mut s = len - per;
        while s > 0 && g[s - 1 + per] == g[s - 1] + saltus {
            s -= 1;
        }
        if s <= len / 3 && len - s >= 3 * per {
            return (Some((s + first) as u64), Some(per as u64), Some(saltus));
        }
    }
    (None, None, None)
}

/// The rows of `t` read on the board, each proved where the certificate
/// applies to `game` (at most [`row_proof::DEFAULT_MAX_COLUMNS`] columns a row).
pub fn find(t: &GrundyTable, game: &Game) -> GrundyRows {
    find_with(t, game, row_proof::DEFAULT_MAX_COLUMNS)
}

/// [`find`] with a bound on the columns the certificate computes a row.
pub fn find_with(t: &GrundyTable, game: &Game, max_columns: u64) -> GrundyRows {
    let n = t.size();
    let bound = row_bound(n).min(n);
    let proofs = row_proof::certify(game, bound, max_columns);
    let rows: Vec<Row> = (0..bound)
        .zip(proofs)
        .map(|(x, proof)| {
            let vals: Vec<Option<u32>> = (0..n).map(|y| t.get(x, y)).collect();
            let (preperiod, period, saltus) = row_law(&vals);
            let (status, proved, reason) = match proof {
                RowProof::Proved(p) => {
                    let board_equal = vals
                        .iter()
                        .enumerate()
                        .all(|(y, v)| *v == Some(p.value(y as u64) as u32));
                    let law = ProvedLaw {
                        preperiod: p.preperiod,
                        period: p.period,
                        saltus: p.saltus,
                        repeat: [p.repeat.0, p.repeat.1],
                        columns: p.repeat.1,
                        window: p.window,
                        board_equal,
                        board_law_equal: (preperiod, period, saltus)
                            == (Some(p.preperiod), Some(p.period), Some(p.saltus)),
                    };
                    ("proved", Some(law), None)
                }
                RowProof::Read { reason, .. } => ("read", None, Some(reason)),
            };
            Row {
                x: x as u64,
                preperiod,
                period,
                saltus,
                status,
                proved,
                reason,
            }
        })
        .collect();
    let refusal = row_proof::refusal(game);
    GrundyRows {
        checked_to: n as u64,
        certificate: Certificate {
            applies: refusal.is_none(),
            reason: refusal,
            max_columns,
            proved: rows.iter().filter(|r| r.proved.is_some()).count() as u64,
        },
        rows,
    }
}
