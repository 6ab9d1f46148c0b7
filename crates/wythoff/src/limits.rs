//! The limits every front end shares (board side, terms, piles) and their
//! parsers; the memory check of a whole table.

use crate::error::{Arg, BoardArg, Message, SolveError};
use crate::oracle::Natural;
use crate::solve::table::memory_budget;

/// Largest board side (`--max`, `n`).
pub const MAX_BOARD: u64 = 1 << 20;
/// Largest board side of the Grundy level sets (`grundy --values`: no table,
/// `O(G n)` memory; coordinates are `u32`): the level kernel's own bound.
pub const MAX_LEVELS_BOARD: u64 = crate::solve::wrappers::Levels::MAX_SIDE;
/// Largest Grundy value of `grundy --values` (the memory budget refuses far less).
pub const MAX_LEVEL_VALUE: u64 = (1 << 31) - 1;
/// Largest number of sequence terms.
pub const MAX_TERMS: u64 = 1 << 40;
/// Largest number of terms served by an oracle (one big-integer evaluation per term).
pub const MAX_ORACLE_TERMS: u64 = 1_000_000;
/// Largest pile the general solver is asked to handle for one position.
pub const GENERAL_LIMIT: u64 = 5000;

/// Check a board side: a whole number from 1 to [`MAX_BOARD`].
pub fn check_max(n: u64) -> Result<u64, SolveError> {
    if n == 0 || n > MAX_BOARD {
        return Err(SolveError::BoardOutOfRange {
            arg: BoardArg::Max,
            n,
            max: MAX_BOARD,
        });
    }
    Ok(n)
}

/// Parse a board side given as text (`--max N`).
pub fn parse_max(s: &str) -> Result<u64, SolveError> {
    let n: u64 = s.trim().parse().map_err(|_| SolveError::BoardNotWhole {
        arg: BoardArg::Max,
        text: s.to_string(),
        max: MAX_BOARD,
    })?;
    check_max(n)
}

/// Check the board side of the Grundy level sets: 1 to [`MAX_LEVELS_BOARD`].
pub fn check_levels_max(n: u64) -> Result<u64, SolveError> {
    if n == 0 || n > MAX_LEVELS_BOARD {
        return Err(SolveError::BoardOutOfRange {
            arg: BoardArg::Max,
            n,
            max: MAX_LEVELS_BOARD,
        });
    }
    Ok(n)
}

/// Parse a board side of the Grundy level sets given as text (`grundy --max N
/// --values ...`): 1 to [`MAX_LEVELS_BOARD`].
pub fn parse_levels_max(s: &str) -> Result<u64, SolveError> {
    let n: u64 = s.trim().parse().map_err(|_| SolveError::BoardNotWhole {
        arg: BoardArg::Max,
        text: s.to_string(),
        max: MAX_LEVELS_BOARD,
    })?;
    check_levels_max(n)
}

/// Parse the Grundy values listed (`--values A..G`, `A..=G`, both ends
/// included, or one value `G`): `(A, G)` with `A <= G <= MAX_LEVEL_VALUE`.
pub fn parse_values(s: &str) -> Result<(u64, u64), SolveError> {
    let bad = |why: &str| {
        SolveError::BadArg(
            Message::new()
                .value(Arg::Values, format!("`{s}`"))
                .text(format!(
                    " {why}: allowed A..G (the values A to G, both included; A..=G the same) or one value G, 0 <= A <= G <= {MAX_LEVEL_VALUE}"
                )),
        )
    };
    let num = |t: &str| -> Result<u64, SolveError> {
        let t = t.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad("is malformed"));
        }
        t.parse::<u64>()
            .ok()
            .filter(|&v| v <= MAX_LEVEL_VALUE)
            .ok_or_else(|| bad("is out of range"))
    };
    let (a, g) = match s.split_once("..") {
        Some((a, g)) => (num(a)?, num(g.strip_prefix('=').unwrap_or(g))?),
        None => {
            let g = num(s)?;
            (g, g)
        }
    };
    if a > g {
        return Err(bad("is empty"));
    }
    Ok((a, g))
}

/// Check a number of sequence terms: 1 to [`MAX_TERMS`].
pub fn check_terms(n: u64) -> Result<u64, SolveError> {
    if n == 0 || n > MAX_TERMS {
        return Err(SolveError::BadArg(
            Message::new()
                .value(Arg::Terms, n)
                .text(format!(" is out of range: allowed 1..={MAX_TERMS}")),
        ));
    }
    Ok(n)
}

/// Parse a number of sequence terms given as text (`--terms N`).
pub fn parse_terms(s: &str) -> Result<u64, SolveError> {
    let n: u64 = s.trim().parse().map_err(|_| {
        SolveError::BadArg(
            Message::new()
                .text(format!("`{s}` is not a whole number: "))
                .name(Arg::Terms)
                .text(format!(" takes 1..={MAX_TERMS}")),
        )
    })?;
    check_terms(n)
}

/// Parse a pile size (a non-negative whole number of any size); `what` names it
/// in the error (`X`, `Y`).
pub fn parse_pile(s: &str, what: &str) -> Result<Natural, SolveError> {
    let t = s.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SolveError::BadInput(format!(
            "{what} = `{s}` is not a non-negative whole number"
        )));
    }
    t.parse()
        .map_err(|_| SolveError::BadInput(format!("{what} = `{s}` is not a whole number")))
}

/// Refuse a whole `n x n` table of `cell_bytes` a cell (`what`) over the
/// memory budget, before allocating it.
pub(crate) fn check_table_memory(what: &str, n: u64, cell_bytes: u64) -> Result<(), SolveError> {
    let est = n
        .checked_mul(n)
        .and_then(|c| c.checked_mul(cell_bytes))
        .unwrap_or(u64::MAX);
    if est > memory_budget() {
        return Err(SolveError::OverMemory {
            arg: BoardArg::Max,
            n,
            what: Some(what.to_string()),
            need: est,
            budget: memory_budget(),
        });
    }
    Ok(())
}
