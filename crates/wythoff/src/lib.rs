//! `wythoff`: the Wythoff family of two-pile take-away games.
//!
//! - [`rules`]: the one rule model ([`rules::Rules`], [`rules::Game`]).
//! - [`sets`]: eventually periodic length sets.
//! - [`catalogue`]: every named game of the papers, as data.
//! - [`solve`]: general solvers (brute-force reference, fast counters, Grundy).
//! - [`explain`]: the outcome of one position, its winning moves, and blocking.
//! - [`answer`]: one entry per question (p-positions, grundy, outcome, sequence,
//!   verify), shared by the binary and the Python module.
//! - [`play`]: a game in progress against a perfect opponent (remoteness).
//! - [`partition`]: the papers' shading of P-positions into parts (seed 000).
//!
//! The library does no I/O: the `wythoff` binary parses arguments and renders.

pub mod answer;
pub mod catalogue;
pub mod claim;
pub mod claims_general;
pub mod claims_seed000;
pub mod claims_seed001;
pub mod claims_seed002;
pub mod claims_seed003;
pub mod compare;
pub mod coverage;
pub mod custom;
pub mod error;
pub mod explain;
pub mod hash;
pub mod imitation;
pub mod oracle;
pub mod partition;
pub mod patterns;
pub mod play;
pub mod prove;
pub mod quadratic;
pub mod rules;
pub mod sequence;
pub mod sets;
pub mod solve;
pub mod sweep;
pub mod table_check;
pub mod verify;

pub use error::{RuleError, SolveError};
pub use rules::{Convention, Game, Rules};
pub use solve::{Outcome, OutcomeTable};
