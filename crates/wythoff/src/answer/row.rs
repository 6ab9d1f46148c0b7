//! The P-positions of one row `(x, y)`, `x` fixed, at any size: from a game's
//! exact oracle (its P-set's column query: the partners of `x` from its law),
//! else from a shipped proved automaton (a search over its states with `x`
//! fixed, [`crate::proved::lines`]). `wythoff p-positions GAME --row X`.

use super::*;
use crate::proved::lines::{Coord, LIST_LIMIT};

/// The P-positions `(x, y)` of one row, `y < below` (or the whole row).
#[derive(Clone, Debug)]
pub struct RowAnswer {
    pub label: String,
    pub convention: String,
    pub x: Natural,
    /// The bound asked for (`None`: the whole row).
    pub below: Option<Natural>,
    /// The `y`s, sorted (at most [`LIST_LIMIT`] from an automaton).
    pub ys: Vec<Natural>,
    /// How many there are, exactly.
    pub count: Natural,
    /// What the answer rests on, in one line.
    pub basis: String,
}

impl RowAnswer {
    /// Every `y` with `y < below` (or of the whole row) is listed.
    pub fn complete(&self) -> bool {
        Natural::from(self.ys.len()) == self.count
    }
    /// The JSON object of `p-positions --row --format json`.
    pub fn json(&self) -> serde_json::Value {
        json!({
            "game": self.label,
            "convention": self.convention,
            "row": self.x.to_string(),
            "below": self.below.as_ref().map(|b| b.to_string()),
            "p_positions": self.ys.iter().map(|y| [self.x.to_string(), y.to_string()]).collect::<Vec<_>>(),
            "count": self.count.to_string(),
            "complete": self.complete(),
            "basis": self.basis,
        })
    }
}

/// The P-positions `(x, y)` of `s` with `y < below` (`None`: every one, where
/// the engine can bound the row), at any size. Refused for games with memory
/// and for games with neither an exact oracle nor a shipped proved automaton.
pub fn p_positions_in_row(
    s: &Subject,
    x: &Natural,
    below: Option<&Natural>,
) -> Result<RowAnswer, SolveError> {
    if s.imitation()?.is_some() {
        return Err(SolveError::Unsupported(format!(
            "{} has memory: its P-positions depend on the history, not on a row",
            s.label
        )));
    }
    let answer = |ys: Vec<Natural>, count: Natural, basis: String| RowAnswer {
        label: s.label.clone(),
        convention: s.convention_text(),
        x: x.clone(),
        below: below.cloned(),
        ys,
        count,
        basis,
    };
    if let Some(o) = s.oracle() {
        return match o.row_positions(x, below)? {
            Some(ys) => {
                let n = Natural::from(ys.len());
                Ok(answer(ys, n, format!("oracle: {}", o.source())))
            }
            None => Err(SolveError::Unsupported(format!(
                "the oracle of {} ({}) answers positions, not rows",
                s.label,
                o.source()
            ))),
        };
    }
    if let Some(a) = crate::proved::for_subject(s) {
        let bound = match below {
            Some(b) => b.clone(),
            None => a.row_bound(x, false).ok_or_else(|| {
                SolveError::Unsupported(format!(
                    "the proved automaton of {} does not bound row {x} (its digit pairs (0, d) cycle): give a bound (--below Y)",
                    s.label
                ))
            })?,
        };
        let found = a.search_line(
            &Coord::Fixed(x.clone()),
            &Coord::Below(bound),
            None,
            LIST_LIMIT,
        );
        let ys = found.positions.into_iter().map(|(_, y)| y).collect();
        let how = if below.is_some() {
            "searched below the bound given"
        } else {
            "the whole row, its y bounded by the automaton"
        };
        return Ok(answer(
            ys,
            found.count,
            format!(
                "a search over the states of the {} with x fixed ({how})",
                a.source.line()
            ),
        ));
    }
    Err(SolveError::Unsupported(format!(
        "{} has neither an exact oracle nor a shipped proved automaton: its rows are known only on a board (`wythoff p-positions {} --max N`)",
        s.label, s.label
    )))
}
