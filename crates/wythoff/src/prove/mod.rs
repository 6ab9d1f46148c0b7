//! `wythoff prove`: from a solved board to a theorem checked by Walnut. The
//! front door is [`request`]: a [`Request`] validated once, [`prepare`] (pure:
//! solve, guess, write the files) giving a [`ProofPlan`] ([`plan`]) whose
//! strategy is a [`Model`] (the P-set's automaton, or the pairs' graphs); the runner
//! (`wythoff_walnut::run`, the one place that writes files and runs Java)
//! gives a [`WalnutRun`], and [`read_answers`] reads it into a [`Report`]
//! (Serialize: the JSON; the CLI renders the text). Errors are
//! [`ProveError`] values.
//!
//! Below it, a file a job: the search for the P-set's automaton ([`search`]),
//! the pairs' graphs for a skewed P-set ([`pairs`]), the numeration layer
//! ([`numeration`]), the automata guessed ([`automaton`]), the rules as a
//! Walnut first-order formula ([`formula`]), the further statements
//! ([`statements`]), the files of a complete WALNUT_HOME ([`files`]), Walnut's
//! answers read back ([`walnut_output`]), the winning moves compared with
//! `outcome` ([`winning`]), and Walnut's Custom Bases for a numeration it does
//! not ship ([`custom`]). [`grundy`]: `prove --grundy`, the Sprague-Grundy function
//! (the relation G(x, y) = z) or its level sets, decided through the mex
//! property on the same move relation.

pub mod alteration;
pub mod automaton;
pub mod custom;
pub mod error;
pub mod family;
pub mod files;
pub mod formula;
pub mod grundy;
pub mod pairs;
pub mod plan;
pub mod report;
pub mod request;
pub mod search;
pub mod statements;
pub mod walnut_cost;
pub mod walnut_output;
pub mod winning;

/// The number systems live in the Walnut format's leaf; here at their former path.
pub use crate::walnut_format::numeration;
pub use error::{ProveArg, ProveError};
pub use plan::{Model, PlanSummary, ProofPlan, Strategy};
pub use report::{
    read_answers, ClosedFormResult, OutOfMemory, Recheck, Report, StatementResult, Verdict,
    WalnutInfo, WalnutRun, Witness,
};
pub use request::{grundy_plan_of, prepare, Request};
