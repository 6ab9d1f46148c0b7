//! Additive periodicity of Grundy rows (Dress, Flammenkamp and Pink 1999):
//! `g(x, y + per) = g(x, y) + saltus` for every `y >= pre` with `y + per < N`.
//!
//! For each row `x` below a bound the least period `per` is taken for which the
//! least preperiod `pre` is at most a third of the row and the row shows the
//! period at least three times past it (`N - pre >= 3 per`); the saltus is read
//! off the last period. Rows without such a period say so (`period: null`).

use crate::solve::GrundyTable;
use serde::Serialize;

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Row {
    pub x: u64,
    pub preperiod: Option<u64>,
    pub period: Option<u64>,
    pub saltus: Option<i64>,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GrundyRows {
    /// Checked on `0 <= y < checked_to`.
    pub checked_to: u64,
    pub rows: Vec<Row>,
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

pub fn find(t: &GrundyTable) -> GrundyRows {
    let n = t.size();
    let rows = (0..row_bound(n).min(n))
        .map(|x| {
            let vals: Vec<Option<u32>> = (0..n).map(|y| t.get(x, y)).collect();
            let (preperiod, period, saltus) = row_law(&vals);
            Row {
                x: x as u64,
                preperiod,
                period,
                saltus,
            }
        })
        .collect();
    GrundyRows {
        checked_to: n as u64,
        rows,
    }
}
