//! (p,m)-Imitation Nim, a game with memory (seed 002: Larsson, "2-pile Nim with a
//! restricted number of move-size imitations").
//!
//! - [`state`]: the rules on states (position, the imitation window of the last
//!   move, both players' runs of consecutive m-imitations), legal moves, history
//!   replay with the first illegal step named.
//! - [`solver`]: the fast exact state solver on a board (`O(p n^2)`), starting
//!   P-positions, winning moves, and the dynamic / non-dynamic classification
//!   (Definition 1).
//! - [`reference`]: the reference exact state solver (one bit per state, `O(p n^3)`),
//!   the one the fast solver is tested against.
//! - [`remoteness`]: remoteness on the state graph (fastest win, longest
//!   defence), by memoised search; starting positions as a table.
//! - [`theorem1`]: Theorem 1 (functions `xi` and `L`) as an oracle on every state,
//!   with the (p,m)-Wythoff pairs of Definition 3.
//! - [`predicted_class`] (in this file): the classification the remark after
//!   Corollary 1 predicts.
//!
//! The claims that check these (Theorem 1, Corollary 1 and the remark, for
//! `wythoff verify`) live above the engines (`wythoff::claims::imitation`).

pub mod reference;
pub mod remoteness;
pub mod solver;
pub mod state;
pub mod theorem1;

pub use reference::ReferenceStateSolver;
pub use solver::{Classification, PositionClass, StateSolver};
pub use state::{IllegalReason, ImitationNim, Move, Pile, State, Window};
pub use theorem1::{Clause, Theorem1, WythoffPairs};

use crate::error::SolveError;
use crate::solve::Outcome;
use thiserror::Error;

/// Errors of the imitation module. Each message is one line.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ImitationError {
    /// Step `step` (1-based: the move from the `step`-th to the `step + 1`-th
    /// position of the history) is not a legal move.
    #[error("illegal history at step {step}: ({}, {}) -> ({}, {}) is illegal: {reason}", from.0, from.1, to.0, to.1)]
    IllegalHistory {
        step: usize,
        from: (u64, u64),
        to: (u64, u64),
        reason: IllegalReason,
    },
    #[error("{0}")]
    BadInput(String),
    #[error("{0}")]
    TooLarge(String),
    /// A bad argument, named as data ([`SolveError::BadArg`]).
    #[error("{0}")]
    BadArg(crate::error::Message),
    /// Over a limit set by an argument ([`SolveError::ArgTooLarge`]).
    #[error("{0}")]
    ArgTooLarge(crate::error::Message),
}

impl From<ImitationError> for SolveError {
    fn from(e: ImitationError) -> SolveError {
        match e {
            ImitationError::TooLarge(s) => SolveError::TooLarge(s),
            ImitationError::BadArg(m) => SolveError::BadArg(m),
            ImitationError::ArgTooLarge(m) => SolveError::ArgTooLarge(m),
            other => SolveError::BadInput(other.to_string()),
        }
    }
}

/// The answer of [`outcome_after`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryOutcome {
    /// The state the history leads to.
    pub state: State,
    pub outcome: Outcome,
    /// For N: the legal moves to a P-state, with the resulting state.
    pub winning_moves: Vec<(Move, State)>,
}

/// The outcome of `(x, y)` reached through `history` (oldest first, the
/// starting position first; `(x, y)` is the result of the last move), with the
/// final state and its winning moves. An empty history makes `(x, y)` a
/// starting position.
pub fn outcome_after(
    rules: ImitationNim,
    history: &[(u64, u64)],
    x: u64,
    y: u64,
) -> Result<HistoryOutcome, ImitationError> {
    let mut positions = history.to_vec();
    positions.push((x, y));
    let s = rules.replay(&positions)?;
    let n = x.max(y) + 1;
    let solver = StateSolver::new(rules, n)?;
    Ok(HistoryOutcome {
        state: s,
        outcome: solver.outcome(&s)?,
        winning_moves: solver.winning_moves(&s)?,
    })
}

/// The classification the remark after Corollary 1 predicts: `(a, b)`,
/// `a <= b`, is non-dynamic P iff it is in P_W with `xi(a, b) = 0`, dynamic P
/// when in P_W with `xi > 0`; a position of N_W is dynamic iff some `(a, c)` in
/// P_W has `a <= c < b`, else non-dynamic N.
pub fn predicted_class(w: &WythoffPairs, x: u64, y: u64) -> PositionClass {
    let (a, b) = (x.min(y), x.max(y));
    if w.is_p(a, b) {
        if w.xi(a, b) == 0 {
            PositionClass::P
        } else {
            PositionClass::Dynamic
        }
    } else if w.partner_of_a(a).is_some_and(|c| a <= c && c < b) {
        PositionClass::Dynamic
    } else {
        PositionClass::N
    }
}

/// Outcome helper used by tests and the CLI: the outcome of a state by Theorem 1.
pub fn theorem1_outcome(rules: ImitationNim, s: &State) -> Outcome {
    Theorem1::new(rules, s.x.max(s.y) + 1).outcome(s)
}
