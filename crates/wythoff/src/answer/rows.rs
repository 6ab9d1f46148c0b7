//! Grundy rows as objects of their own (`wythoff rows GAME --rows A..B`): rows
//! `0..=B` computed over `Y` columns by the row kernel
//! ([`crate::solve::wrappers::Rows`], `O(B Y)` memory), each certified
//! additively periodic where the row certificate applies; rows `A..=B` reported.

use crate::error::{Arg, Message, SolveError};
use crate::solve::cost::Bound;
pub use crate::solve::plan::RowsPlan;
use crate::solve::wrappers::Rows;
use crate::solve::{RowStatus, RowsTable};
use crate::subject::Subject;
use crate::Admit;

/// Most rows one request computes (the plan's memory and time bound the rest).
pub const MAX_ROWS: u64 = 1 << 16;
/// Columns a row is computed over unless asked (`rows --columns`, Python's `Game.rows`).
pub const DEFAULT_ROW_COLUMNS: u64 = Rows::DEFAULT_COLUMNS;

/// One row as `wythoff rows` reports it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RowReport {
    pub row: u64,
    /// The least preperiod and period and the saltus (`None`: not proved).
    pub preperiod: Option<u64>,
    pub period: Option<u64>,
    pub saltus: Option<u64>,
    /// Certified by the row certificate: the law holds at every column.
    pub proved: bool,
    /// The columns `m1 < m2` where the row's state (window) repeated.
    pub repeat: Option<[u64; 2]>,
    /// Columns computed from the rules.
    pub columns: u64,
    /// `c`: cells of earlier rows among a cell's options (window `[-c, c)`).
    pub window: u64,
    /// `L`: states compared at the columns `y = 0 mod L`, from column `start`.
    pub phases: Option<u64>,
    pub start: Option<u64>,
    /// Why the row is not proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl RowReport {
    fn of(st: &RowStatus, columns: u64) -> RowReport {
        match st {
            RowStatus::Proved(l) => RowReport {
                row: l.row,
                preperiod: Some(l.preperiod),
                period: Some(l.period),
                saltus: Some(l.saltus),
                proved: true,
                repeat: Some(l.repeat),
                columns,
                window: l.window,
                phases: Some(l.phases),
                start: Some(l.start),
                reason: None,
            },
            RowStatus::Unproved {
                row,
                window,
                reason,
            } => RowReport {
                row: *row,
                preperiod: None,
                period: None,
                saltus: None,
                proved: false,
                repeat: None,
                columns,
                window: *window,
                phases: None,
                start: None,
                reason: Some(reason.clone()),
            },
        }
    }
}

/// Parse `--rows A..B` (or one row `B`): `0 <= A <= B < MAX_ROWS`.
pub fn parse_rows(s: &str) -> Result<(u64, u64), SolveError> {
    let bad = |why: &str| {
        SolveError::BadArg(Message::new().value(Arg::Rows, format!("`{s}`")).text(format!(
            " {why}: allowed A..B (the rows A to B, both included; A..=B the same) or one row B, 0 <= A <= B < {MAX_ROWS}"
        )))
    };
    let num = |t: &str| -> Result<u64, SolveError> {
        let t = t.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad("is malformed"));
        }
        t.parse::<u64>()
            .ok()
            .filter(|&v| v < MAX_ROWS)
            .ok_or_else(|| bad("is out of range"))
    };
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (num(a)?, num(b.strip_prefix('=').unwrap_or(b))?),
        None => {
            let b = num(s)?;
            (b, b)
        }
    };
    if a > b {
        return Err(bad("is empty"));
    }
    Ok((a, b))
}

/// Parse `--columns Y`: a whole number `1..=2^31`.
pub fn parse_columns(s: &str) -> Result<u64, SolveError> {
    s.trim()
        .parse::<u64>()
        .ok()
        .filter(|&y| (1..=Rows::MAX_COLUMNS).contains(&y))
        .ok_or_else(|| {
            SolveError::BadArg(
                Message::new()
                    .value(Arg::Columns, format!("`{s}`"))
                    .text(format!(
                        " is not a whole number of columns: allowed 1..={} (2^31)",
                        Rows::MAX_COLUMNS
                    )),
            )
        })
}

/// An admission's refusal names `--columns` (the plan's board argument).
fn columns_arg(e: SolveError) -> SolveError {
    match e {
        SolveError::OverTime {
            n,
            what,
            seconds,
            bound,
            ..
        } => SolveError::OverTime {
            arg: Some(Arg::Columns),
            n,
            what,
            seconds,
            bound,
        },
        e => e.for_board_arg(Arg::Columns),
    }
}

fn refused(s: &Subject, why: &str) -> SolveError {
    SolveError::BadArg(Message::new().text(format!(
        "{}: the Grundy row kernel does not apply: {why}",
        s.label
    )))
}

/// What rows `0..=rows.1` of `s` over `columns` columns cost, or why the row
/// kernel does not answer the game.
pub fn rows_plan(s: &Subject, rows: (u64, u64), columns: u64) -> Result<RowsPlan, SolveError> {
    let Some(r) = s.game.as_single() else {
        return Err(refused(s, "a choice of rule sets: no single row structure"));
    };
    crate::solve::plan::rows_plan(r, rows.1 + 1, columns).map_err(|why| refused(s, &why))
}

/// Rows `0..=rows.1` of `s` over `columns` columns, admitted against `bound`
/// first; the rows `rows.0..=rows.1` reported, and the table (every row).
pub fn grundy_rows(
    s: &Subject,
    rows: (u64, u64),
    columns: u64,
    bound: Bound,
    progress: crate::solve::stream::Progress,
) -> Result<(Vec<RowReport>, RowsTable), SolveError> {
    let plan = rows_plan(s, rows, columns)?;
    plan.admit(bound).map_err(columns_arg)?;
    let r = s.game.as_single().expect("checked by the plan");
    let t = crate::solve::run::grundy_rows(r, rows.1 + 1, columns, progress)
        .map_err(|why| refused(s, &why))?;
    let out = t.status()[rows.0 as usize..]
        .iter()
        .map(|st| RowReport::of(st, columns))
        .collect();
    Ok((out, t))
}
