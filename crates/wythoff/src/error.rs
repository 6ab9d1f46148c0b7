//! Library errors. Each message is one line saying what is wrong and what is allowed.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RuleError {
    /// A game name that the catalogue does not know.
    #[error("unknown game `{name}`; known games: {known}")]
    UnknownGame { name: String, known: String },
    /// A bad, missing, zero or out-of-range parameter.
    #[error("{0}")]
    Param(String),
    /// A malformed length set.
    #[error("{0}")]
    Set(String),
}

/// The numeric argument of a board request (its side), which each front end
/// names in its own words: the CLI by its flag ([`BoardArg::flag`]), Python by
/// its parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardArg {
    /// The board side (`--max N`; Python's `n`).
    Max,
    /// The larger board of `patterns --check M`.
    Check,
}

impl BoardArg {
    /// The command-line flag: `--max`, `--check`.
    pub fn flag(self) -> &'static str {
        match self {
            BoardArg::Max => "--max",
            BoardArg::Check => "--check",
        }
    }
}

fn over_memory(arg: &BoardArg, n: &u64, what: &Option<String>, need: &u64, budget: &u64) -> String {
    let (need, budget) = (
        crate::solve::human_bytes(*need),
        crate::solve::human_bytes(*budget),
    );
    let flag = arg.flag();
    match what {
        None => format!(
            "{flag} {n} needs about {need} of memory, over the budget of {budget}: use a smaller {flag}"
        ),
        Some(w) => format!(
            "{flag} {n}: {w} needs about {need} of memory, over the budget of {budget}: use a smaller {flag}"
        ),
    }
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The request is not defined for this game (e.g. Grundy values with blocking).
    #[error("{0}")]
    Unsupported(String),
    /// The request would need more memory or time than allowed.
    #[error("{0}")]
    TooLarge(String),
    /// A position or argument outside what the game allows.
    #[error("{0}")]
    BadInput(String),
    /// A board side outside `1..=max`.
    #[error("{} {n} is out of range: allowed 1..={max}", .arg.flag())]
    BoardOutOfRange { arg: BoardArg, n: u64, max: u64 },
    /// A board side given as text that is not a whole number.
    #[error("`{text}` is not a whole number: {} takes 1..={max}", .arg.flag())]
    BoardNotWhole {
        arg: BoardArg,
        text: String,
        max: u64,
    },
    /// The board needs more memory than the budget: `need` bytes (for `what`,
    /// when named) against `budget`.
    #[error("{}", over_memory(.arg, .n, .what, .need, .budget))]
    OverMemory {
        arg: BoardArg,
        n: u64,
        what: Option<String>,
        need: u64,
        budget: u64,
    },
}

impl SolveError {
    /// The same error about the board named by `arg` (`patterns --check`
    /// solves the board of `--check`).
    pub fn for_board_arg(self, arg: BoardArg) -> SolveError {
        match self {
            SolveError::BoardOutOfRange { n, max, .. } => {
                SolveError::BoardOutOfRange { arg, n, max }
            }
            SolveError::BoardNotWhole { text, max, .. } => {
                SolveError::BoardNotWhole { arg, text, max }
            }
            SolveError::OverMemory {
                n,
                what,
                need,
                budget,
                ..
            } => SolveError::OverMemory {
                arg,
                n,
                what,
                need,
                budget,
            },
            other => other,
        }
    }
}
