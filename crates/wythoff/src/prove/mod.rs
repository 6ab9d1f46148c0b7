//! `wythoff prove`: from a solved board to a theorem checked by Walnut. The
//! front door is [`request`]: a [`Request`] validated once, [`prepare`] (pure:
//! solve, guess, write the files) giving a [`ProofPlan`] whose strategy is a
//! [`Model`] (the P-set's automaton, or the pairs' graphs); the runner
//! (`wythoff_walnut::run`, the one place that writes files and runs Java)
//! gives a [`WalnutRun`], and [`report()`] reads it into a [`Report`]
//! (Serialize: the JSON; the CLI renders the text). Errors are
//! [`ProveError`] values.
//!
//! Below it: the numeration layer ([`numeration`]), the automaton guessed from
//! the board ([`automaton`]), the rules as a Walnut first-order formula
//! ([`formula`]), the statements and files of a complete WALNUT_HOME
//! ([`plan`]), and Walnut's Custom Bases for a numeration it does not ship
//! ([`custom`]). [`grundy`]: `prove --grundy`, the Sprague-Grundy function
//! (the relation G(x, y) = z) or its level sets, decided through the mex
//! property on the same move relation.

pub mod automaton;
pub mod custom;
pub mod error;
pub mod formula;
pub mod grundy;
pub mod numeration;
pub mod plan;
pub mod report;
pub mod request;

pub use error::{ProveArg, ProveError};
pub use report::{
    report, ClosedFormResult, OutOfMemory, Recheck, Report, StatementResult, Verdict, WalnutInfo,
    WalnutRun, Witness,
};
pub use request::{grundy_plan_of, prepare, Model, PlanSummary, ProofPlan, Request, Strategy};
