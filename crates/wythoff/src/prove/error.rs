//! The errors of `prove`, as data: each front end words them (the CLI by its
//! flags, Python by its parameters and exception classes, chosen by variant).
//! No message here names a command-line flag.

use crate::error::SolveError;
use thiserror::Error;

/// An argument of a [`super::request::Request`] that an error names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProveArg {
    /// The side of the board the automaton is guessed from.
    Max,
    /// The numeration's text.
    Numeration,
    /// The bound on an automaton's states.
    States,
    /// Walnut's time bound in seconds.
    Timeout,
    /// The cell flipped for a test.
    Flip,
    /// The Grundy level asked for (`--value`).
    Value,
    /// The family's game and parameter (`--family`).
    Family,
    /// The family's number of members (`--up-to`).
    UpTo,
}

impl ProveArg {
    /// The plain name (`max`, `numeration`, ...): the CLI prefixes `--`, Python
    /// uses it as the parameter's name.
    pub fn name(self) -> &'static str {
        match self {
            ProveArg::Max => "max",
            ProveArg::Numeration => "numeration",
            ProveArg::States => "states",
            ProveArg::Timeout => "timeout",
            ProveArg::Flip => "flip_cell",
            ProveArg::Value => "value",
            ProveArg::Family => "family",
            ProveArg::UpTo => "up_to",
        }
    }
}

/// Why `prove` (or a re-check) could not give a verdict.
#[derive(Debug, Error)]
pub enum ProveError {
    /// An argument outside what `prove` allows: `value` as given, `why` says
    /// what is allowed. Display: `max 5: allowed 16 to 4096`.
    #[error("{} {value}: {why}", .arg.name())]
    BadArg {
        arg: ProveArg,
        value: String,
        why: String,
    },
    /// The rules cannot be written as a first-order statement about one set
    /// of pairs (memory, a choice of variants); `why` is the reason.
    #[error("{game}: cannot be proved: {why}")]
    CannotExpress { game: String, why: String },
    /// Solving the board or reading the pairs failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Java or the Walnut jar is missing; the text says how to install them.
    #[error("{0}")]
    NotInstalled(String),
    /// Writing the WALNUT_HOME, starting Java or reading Walnut's answers
    /// failed, or Walnut answered a statement with an error instead of TRUE
    /// or FALSE.
    #[error("{0}")]
    Walnut(String),
    /// Reading or writing this machine's files failed (the WALNUT_HOME, an
    /// `--emit` folder: a full disk, a folder without write permission): the
    /// run's failure, never a verdict about the game.
    #[error("{0}")]
    Io(String),
    /// A proof folder that a re-check or an oracle does not take: its
    /// statements are not those `prove` writes for the game, it redefines an
    /// automaton it ships, or a file is past the bounds on what is read.
    #[error("{0}")]
    NotVouched(String),
}

impl ProveError {
    pub(crate) fn bad(
        arg: ProveArg,
        value: impl std::fmt::Display,
        why: impl Into<String>,
    ) -> Self {
        ProveError::BadArg {
            arg,
            value: value.to_string(),
            why: why.into(),
        }
    }
}
