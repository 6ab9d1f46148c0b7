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
}
