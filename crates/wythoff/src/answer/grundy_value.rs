//! One position's Grundy value at any size (`wythoff grundy GAME X Y`), and
//! sums of games (`wythoff sum`).
//!
//! The value of `(x, y)` comes, in this order, from:
//! 1. a shipped certified row ([`crate::certified_rows`]): row `x` (the
//!    smaller pile of a symmetric game) is in the table and `y` is past its
//!    preperiod: `G(x, y) = G(x, y0) + k saltus`, `y = y0 + k period`;
//! 2. the row kernel ([`crate::solve::run::grundy_rows`]) over `y + 1` columns,
//!    when `y` fits and the plan is admitted; or rows `0..=x` over
//!    [`ROW_COLUMNS`] columns, certified, and the law of row `x`;
//! 3. a board (the existing solvers) when the row kernel does not apply and
//!    the board is admitted;
//! 4. otherwise a refusal that says what is missing.

use crate::certified_rows::{self, CertifiedRow};
use crate::error::{Message, SolveError};
use crate::oracle::Natural;
use crate::solve::cost::Bound;
use crate::solve::run::grundy_rows;
use crate::solve::wrappers::{Rows, ROWS};
use crate::solve::RowStatus;
use crate::subject::Subject;
use crate::Admit;

/// Columns of the row kernel when a row is certified for a position beyond
/// the shipped table (rows `0..=x`, `x` small).
pub const ROW_COLUMNS: u64 = 1 << 16;

/// Where a Grundy value came from.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Basis {
    /// A certified row's law: `G(row, column) = G(row, y0) + k saltus`.
    CertifiedRow {
        row: u64,
        preperiod: u64,
        period: u64,
        saltus: u64,
        /// The shipped file, or `computed` (certified now by the row kernel).
        certificate: String,
        /// `y0`, the column of the first period with the same phase.
        y0: u64,
    },
    /// The row kernel over these columns (rows `0..=row`).
    Rows { row: u64, columns: u64 },
    /// A board of this side (the general solvers).
    Board { n: u64 },
}

impl Basis {
    /// The basis in words, one phrase (`grundy GAME X Y`'s note, `outcome`'s).
    pub fn text(&self) -> String {
        match self {
            Basis::CertifiedRow {
                row,
                preperiod,
                period,
                saltus,
                certificate,
                y0,
            } => format!(
                "from certified row {row} ({certificate}): G({row}, y + {period}) = G({row}, y) + {saltus} for y >= {preperiod}; y = {y0} (mod {period})"
            ),
            Basis::Rows { row, columns } => {
                format!("computed by the row kernel (rows 0..={row} over {columns} columns)")
            }
            Basis::Board { n } => format!("computed on the {n} x {n} board"),
        }
    }
}

/// What `outcome` spends on a position's Grundy value ([`position_grundy`]):
/// the memory budget's first 256 MiB and an estimate under one second, so that
/// a certified row answers at any size and a small position from the row
/// kernel or a board; beyond that, no value (the plans are estimates from
/// constants: the same position always gets the same answer).
pub const OUTCOME_GRUNDY_BOUND: Bound = Bound {
    memory: 256 << 20,
    seconds: 0,
};

/// The Grundy value `outcome` reports for `(x, y)`: [`value_within`]
/// [`OUTCOME_GRUNDY_BOUND`]; `None` where it is not known there, and for
/// misère play and the games without Grundy values (blocking, a pass, memory,
/// a choice of rules).
pub fn position_grundy(s: &Subject, x: &Natural, y: &Natural) -> Option<GrundyValue> {
    if s.game.convention() == crate::rules::Convention::Misere || s.grundy_check().is_err() {
        return None;
    }
    // beyond a tiny board only a certified row answers: the plans of the row
    // kernel and of a board are not even made (their probes solve boards:
    // `outcome wythoff 10483 10484` spent 1.5 s there, the fuzz harness's bound)
    let tiny = match (u64::try_from(x), u64::try_from(y)) {
        (Ok(a), Ok(b)) => (a + 1)
            .checked_mul(b + 1)
            .is_some_and(|c| c <= OUTCOME_GRUNDY_CELLS),
        _ => false,
    };
    grundy_value_in(s, x, y, OUTCOME_GRUNDY_BOUND, tiny).ok()
}

/// The largest rectangle `(x + 1) (y + 1)` whose Grundy value `outcome`
/// computes (the row kernel or a board); beyond it, certified rows only.
/// Measured: rows 0..=255 over 257 columns 62 ms, but rows 0..=616 over 618
/// columns 0.57 s (the row kernel's window grows with the rows; its plan
/// said milliseconds), which the fuzz harness's 10 s caught over 60 lines.
pub const OUTCOME_GRUNDY_CELLS: u64 = 1 << 16;

/// One position's Grundy value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrundyValue {
    pub value: Natural,
    /// The position read as row and column (symmetric games: the smaller pile
    /// is the row).
    pub row: Natural,
    pub column: Natural,
    pub basis: Basis,
}

impl GrundyValue {
    /// JSON: `value` (digits), `x`, `y`, `basis`.
    pub fn json(&self, label: &str, x: &Natural, y: &Natural) -> serde_json::Value {
        serde_json::json!({
            "game": label,
            "x": x.to_string(),
            "y": y.to_string(),
            "value": self.value.to_string(),
            "basis": self.basis,
        })
    }
}

fn certified(c: &CertifiedRow, column: &Natural, certificate: &str) -> Option<(Natural, Basis)> {
    let value = c.value(column)?;
    let pre = Natural::from(c.law.preperiod);
    let r = (column - &pre) % Natural::from(c.law.period);
    let y0 = c.law.preperiod + u64::try_from(&r).expect("below the period");
    Some((
        value,
        Basis::CertifiedRow {
            row: c.law.row,
            preperiod: c.law.preperiod,
            period: c.law.period,
            saltus: c.law.saltus,
            certificate: certificate.to_string(),
            y0,
        },
    ))
}

fn refuse(s: &Subject, x: &Natural, y: &Natural, why: &str) -> SolveError {
    let short = |n: &Natural| {
        let t = n.to_string();
        if t.len() > 24 {
            format!("{}...({} digits)", &t[..12], t.len())
        } else {
            t
        }
    };
    SolveError::BadArg(Message::new().text(format!(
        "{}: the Grundy value of ({}, {}) is not known here: {why}",
        s.label,
        short(x),
        short(y)
    )))
}

/// The Grundy value of `(x, y)` in `s` (module documentation), work admitted
/// against `bound`.
pub fn value_within(
    s: &Subject,
    x: &Natural,
    y: &Natural,
    bound: Bound,
) -> Result<GrundyValue, SolveError> {
    grundy_value_in(s, x, y, bound, true)
}

/// [`value_within`]; with `compute` false, a certified row only.
fn grundy_value_in(
    s: &Subject,
    x: &Natural,
    y: &Natural,
    bound: Bound,
    compute: bool,
) -> Result<GrundyValue, SolveError> {
    s.grundy_check()?;
    let r = s.game.as_single().expect("checked: one rule set");
    let (row, column) = if r.is_symmetric() && x > y {
        (y.clone(), x.clone())
    } else {
        (x.clone(), y.clone())
    };
    let done = |(value, basis): (Natural, Basis)| GrundyValue {
        value,
        row: row.clone(),
        column: column.clone(),
        basis,
    };
    let scope = ROWS.refusal(r);
    let row_u = u64::try_from(&row).ok();
    let col_u = u64::try_from(&column).ok();
    // 1. the shipped table
    let mut missing = Vec::new();
    if let Some(t) = certified_rows::shipped(r) {
        match row_u.and_then(|x| t.row(x)) {
            Some(c) => {
                if let Some(v) = certified(c, &column, &t.file) {
                    return Ok(done(v));
                }
            }
            None => missing.push(format!(
                "row {} is beyond the certified rows 0..{} ({})",
                row,
                t.rows.len().saturating_sub(1),
                t.file
            )),
        }
    } else if scope.is_none() {
        missing.push("no certified table is shipped for this game".to_string());
    }
    if !compute {
        return Err(refuse(s, x, y, "not computed for this answer"));
    }
    // 2. the row kernel
    if let (None, Some(xr)) = (&scope, row_u) {
        if xr < super::MAX_ROWS {
            if let Some(yc) = col_u.filter(|&c| c < Rows::MAX_COLUMNS) {
                match crate::solve::plan::rows_plan(r, xr + 1, yc + 1) {
                    Ok(p) => match p.admit(bound) {
                        Ok(()) => {
                            let t = grundy_rows(r, xr + 1, yc + 1, &mut |_, _| {})
                                .map_err(|why| refuse(s, x, y, &why))?;
                            return Ok(done((
                                Natural::from(t.value(xr, yc)),
                                Basis::Rows {
                                    row: xr,
                                    columns: yc + 1,
                                },
                            )));
                        }
                        Err(e) => {
                            missing.push(format!("rows 0..={xr} over {} columns: {e}", yc + 1))
                        }
                    },
                    Err(why) => missing.push(why),
                }
            }
            if col_u.is_none_or(|c| c >= ROW_COLUMNS) {
                match crate::solve::plan::rows_plan(r, xr + 1, ROW_COLUMNS) {
                    Ok(p) if p.admit(bound).is_ok() => {
                        let t = grundy_rows(r, xr + 1, ROW_COLUMNS, &mut |_, _| {})
                            .map_err(|why| refuse(s, x, y, &why))?;
                        match &t.status()[xr as usize] {
                            RowStatus::Proved(law) => {
                                let rel = t.relative_row(xr);
                                let vals = &rel
                                    [law.preperiod as usize..(law.preperiod + law.period) as usize];
                                let c = CertifiedRow::new(law.clone(), vals.to_vec());
                                if let Some(v) = certified(&c, &column, "computed") {
                                    return Ok(done(v));
                                }
                            }
                            RowStatus::Unproved { reason, .. } => missing.push(format!(
                                "row {xr} over {ROW_COLUMNS} columns is not certified: {reason}"
                            )),
                        }
                    }
                    Ok(p) => missing.push(format!(
                        "rows 0..={xr} over {ROW_COLUMNS} columns: {}",
                        p.admit(bound).unwrap_err()
                    )),
                    Err(why) => missing.push(why),
                }
            }
        } else {
            missing.push(format!(
                "the row kernel computes rows below {}",
                super::MAX_ROWS
            ));
        }
    } else if let Some(why) = &scope {
        missing.push(format!("no row certificate ({why})"));
    }
    // 3. a board
    let side = col_u
        .zip(row_u)
        .and_then(|(a, b)| a.max(b).checked_add(1))
        .filter(|&n| n <= crate::limits::MAX_BOARD);
    match side {
        Some(n) => {
            let plan = super::grundy_plan(s, n)?;
            match plan.admit(bound) {
                Ok(()) => {
                    let (xu, yu) = (
                        u64::try_from(x).expect("on the board"),
                        u64::try_from(y).expect("on the board"),
                    );
                    let mut v = None;
                    super::grundy(s, n, &mut |_, _| {}, &mut |rx, vals| {
                        if rx == xu {
                            v = Some(vals[yu as usize]);
                        }
                    })?;
                    let v = v.expect("row x streamed");
                    if v == crate::solve::GRUNDY_OFF {
                        return Err(refuse(
                            s,
                            x,
                            y,
                            "the position is off the board (a removed corner)",
                        ));
                    }
                    return Ok(done((Natural::from(v), Basis::Board { n })));
                }
                Err(e) => missing.push(format!("the board of side {n}: {e}")),
            }
        }
        None => missing.push(format!(
            "a board is at most {} on a side",
            crate::limits::MAX_BOARD
        )),
    }
    Err(refuse(s, x, y, &missing.join("; ")))
}

/// One component of a sum, as the answer names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumComponent {
    pub label: String,
    pub x: Natural,
    pub y: Natural,
    pub value: GrundyValue,
}

/// A winning move of a sum: in component `component` (0-based), from its
/// `(x, y)` to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove {
    pub component: usize,
    pub to: (Natural, Natural),
    /// The value the component has after the move (the sum's value is then 0).
    pub value: Natural,
}

/// A disjunctive sum's answer: P exactly when the XOR of the values is 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumAnswer {
    pub components: Vec<SumComponent>,
    pub value: Natural,
    pub moves: Option<SumMove>,
}

impl SumAnswer {
    pub fn outcome(&self) -> &'static str {
        if self.value == 0u32 {
            "P"
        } else {
            "N"
        }
    }
    /// JSON: `outcome` ("N" or "P"), `value` (digits), `move` (null for P),
    /// `components` (each with its value and basis).
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "outcome": self.outcome(),
            "value": self.value.to_string(),
            "move": self.moves.as_ref().map(|m| serde_json::json!({
                "component": m.component,
                "game": self.components[m.component].label,
                "from": [self.components[m.component].x.to_string(), self.components[m.component].y.to_string()],
                "to": [m.to.0.to_string(), m.to.1.to_string()],
                "value": m.value.to_string(),
            })),
            "components": self.components.iter().map(|c| serde_json::json!({
                "game": c.label,
                "x": c.x.to_string(),
                "y": c.y.to_string(),
                "value": c.value.value.to_string(),
                "basis": c.value.basis,
            })).collect::<Vec<_>>(),
        })
    }
}

/// Why a sum of `s` is refused (misère play, blocking, memory, a choice of
/// rules): Grundy values add only in normal play without blocking or memory.
fn sum_check(s: &Subject) -> Result<(), SolveError> {
    if s.game.convention() == crate::rules::Convention::Misere {
        return Err(SolveError::BadArg(Message::new().text(format!(
            "{}: a misère sum is refused: misère Grundy values do not add over sums (the outcome of a misère sum needs the genus, not the values)",
            s.label
        ))));
    }
    s.grundy_check()
}

/// The disjunctive sum of `parts` (each a game and its position): the XOR of
/// the components' Grundy values ([`value_within`]) and, for N, a winning move
/// (a component whose value `v` has `v xor total < v`, moved to a position of
/// that value). A component's value must be known exactly (a certified row, the
/// row kernel or a board): an oracle of P-positions alone gives only whether a
/// value is 0, which does not add.
pub fn sum(parts: &[(Subject, Natural, Natural)], bound: Bound) -> Result<SumAnswer, SolveError> {
    let mut components = Vec::with_capacity(parts.len());
    let mut total = Natural::from(0u32);
    for (s, x, y) in parts {
        sum_check(s)?;
        let v = value_within(s, x, y, bound)?;
        total ^= &v.value;
        components.push(SumComponent {
            label: s.label.clone(),
            x: x.clone(),
            y: y.clone(),
            value: v,
        });
    }
    let mut moves = None;
    if total != 0u32 {
        for (i, c) in components.iter().enumerate() {
            let t = &c.value.value ^ &total;
            if t < c.value.value {
                let (s, x, y) = &parts[i];
                let to = move_to_value(s, x, y, &c.value, &t, bound)?;
                moves = Some(SumMove {
                    component: i,
                    to,
                    value: t,
                });
                break;
            }
        }
    }
    Ok(SumAnswer {
        components,
        value: total,
        moves,
    })
}

/// The certified rows `0..=xr` of `s`: the shipped table's, else certified
/// now by the row kernel over [`ROW_COLUMNS`] columns (admitted against `bound`).
fn certified_upto(s: &Subject, xr: u64, bound: Bound) -> Result<Vec<CertifiedRow>, String> {
    let r = s.game.as_single().expect("checked: one rule set");
    if let Some(t) = certified_rows::shipped(r) {
        if (xr as usize) < t.rows.len() {
            return Ok(t.rows[..=xr as usize].to_vec());
        }
    }
    let plan = crate::solve::plan::rows_plan(r, xr + 1, ROW_COLUMNS)?;
    plan.admit(bound).map_err(|e| e.to_string())?;
    let t = grundy_rows(r, xr + 1, ROW_COLUMNS, &mut |_, _| {})?;
    t.status()
        .iter()
        .map(|st| match st {
            RowStatus::Proved(law) => {
                let rel = t.relative_row(law.row);
                let vals = &rel[law.preperiod as usize..(law.preperiod + law.period) as usize];
                Ok(CertifiedRow::new(law.clone(), vals.to_vec()))
            }
            RowStatus::Unproved { row, reason, .. } => Err(format!(
                "row {row} over {ROW_COLUMNS} columns is not certified: {reason}"
            )),
        })
        .collect()
}

/// A move of `s` from `(x, y)` (value `v`) to a position of value `t < v`
/// (one exists: `v` is the mex of the options' values).
fn move_to_value(
    s: &Subject,
    x: &Natural,
    y: &Natural,
    v: &GrundyValue,
    t: &Natural,
    bound: Bound,
) -> Result<(Natural, Natural), SolveError> {
    let r = s.game.as_single().expect("checked: one rule set");
    let swapped = v.row != *x || v.column != *y;
    let back = |a: Natural, b: Natural| if swapped { (b, a) } else { (a, b) };
    let (row, column) = (&v.row, &v.column);
    if let (Some(ru), Some(cu)) = (u64::try_from(row).ok(), u64::try_from(column).ok()) {
        if let Basis::Rows { .. } | Basis::Board { .. } = v.basis {
            // small: every option's value, each from the same engines
            for (a, b, _) in r.options(ru, cu) {
                let w = value_within(s, &Natural::from(a), &Natural::from(b), bound)?;
                if w.value == *t {
                    return Ok(back(Natural::from(a), Natural::from(b)));
                }
            }
            return Err(refuse(s, x, y, "no option of the value asked (a bug)"));
        }
    }
    // a certified row: the earlier rows' cells, then the row itself by its law
    let xr = u64::try_from(row).expect("a certified row is small");
    let laws = certified_upto(s, xr, bound).map_err(|why| refuse(s, x, y, &why))?;
    let value_at = |a: u64, b: &Natural| -> Result<Natural, SolveError> {
        match laws[a as usize].value(b) {
            Some(v) => Ok(v),
            None => Ok(value_within(s, &Natural::from(a), b, bound)?.value),
        }
    };
    let pairs = ROWS
        .pairs(r, xr, u64::MAX)
        .map_err(|why| refuse(s, x, y, &why))?;
    for (xp, d) in pairs {
        if *column < Natural::from(d) {
            continue;
        }
        let b = column - Natural::from(d);
        if value_at(xp, &b)? == *t {
            return Ok(back(Natural::from(xp), b));
        }
    }
    let c = &laws[xr as usize];
    let (pre, p) = (c.law.preperiod, c.law.period);
    for j in 0..p {
        let g0 = Natural::from(c.period_value(pre + j).expect("in the period"));
        if *t >= g0 {
            let diff = t - &g0;
            if (&diff % Natural::from(p)) == 0u32 {
                let b = Natural::from(pre + j) + diff;
                if b < *column {
                    return Ok(back(Natural::from(xr), b));
                }
            }
        }
    }
    // below the preperiod: the row kernel over the preperiod's columns, once
    if pre > 0 {
        let plan =
            crate::solve::plan::rows_plan(r, xr + 1, pre).map_err(|why| refuse(s, x, y, &why))?;
        plan.admit(bound).map_err(|e| {
            refuse(
                s,
                x,
                y,
                &format!("the move lies below row {xr}'s preperiod {pre}: rows 0..={xr} over {pre} columns: {e}"),
            )
        })?;
        let tab =
            grundy_rows(r, xr + 1, pre, &mut |_, _| {}).map_err(|why| refuse(s, x, y, &why))?;
        for b in 0..pre {
            if Natural::from(tab.value(xr, b)) == *t {
                return Ok(back(Natural::from(xr), Natural::from(b)));
            }
        }
    }
    Err(refuse(s, x, y, "no option of the value asked (a bug)"))
}
