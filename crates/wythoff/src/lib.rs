//! `wythoff`: the Wythoff family of two-pile take-away games.
//!
//! The rule model and the games (the crate `wythoff-model`, re-exported here):
//! - [`rules`]: the one rule model ([`rules::Rules`], [`rules::Game`]).
//! - [`sets`]: eventually periodic length sets.
//! - [`catalogue`]: every named game of the papers, as data; [`custom`]: TOML
//!   rules files.
//!
//! The engines (the crate `wythoff-engines`, re-exported here):
//! - [`solve`]: the kernels grouped by question ([`solve::outcome`],
//!   [`solve::grundy`], [`solve::remoteness`]), the reference they are checked
//!   against ([`solve::reference`]), and [`solve::select`], the one place that
//!   chooses the kernel.
//! - [`oracle`]: the published solutions on big integers.
//! - [`imitation`]: (p,m)-Imitation Nim, the game with memory, and its state solvers.
//! - [`mex_pairs`]: the sequences `(a_n, b_n)` by mex kernels; [`hash`]: the
//!   summary hash.
//!
//! One position: [`explain`] (its outcome, its winning moves, and blocking).
//!
//! Questions (what the front ends call):
//! - [`answer`]: one entry per question (GAME resolution, p-positions, grundy,
//!   outcome, sequence, verify), shared by the binary and the Python module.
//! - [`compare`], [`patterns`], [`sweep`], [`table_check`], [`play`],
//!   [`partition`].
//!
//! Claims of the papers: [`claims`] (the claim types, the registry
//! [`claims::verify`], the claim modules, the coverage table).
//! Errors: [`error`].
//!
//! The library does no I/O: the `wythoff` binary parses arguments and renders.

pub mod alteration;
pub mod answer;
pub mod board;
pub mod board_pairs;
pub mod certified_rows;
pub mod claim;
pub mod claims;
pub mod compare;
pub mod explain;
pub mod limits;
pub mod machine;
pub mod partition;
pub mod patterns;
pub mod play;
pub mod prove;
pub mod proved;
pub mod sequences;
pub mod subject;
pub mod sweep;
pub mod table_check;
pub mod value_from;
pub mod walnut_format;

/// The rule model lives in the crate `wythoff-model` (the bottom layer, which
/// imports nothing of this crate); each of its modules is re-exported at its
/// former path.
pub use wythoff_model::{catalogue, custom, echo, error, rules, sets, units};

/// The engines live in the crate `wythoff-engines` (above the model, below
/// every question here, importing nothing of this crate); each of its modules
/// is re-exported at its former path.
pub use wythoff_engines::{hash, imitation, mex_pairs, oracle, solve};

/// The claim registry and the coverage table, at the paths the front ends and
/// `docs/coverage.md` name (`wythoff::verify`, `wythoff::coverage`).
pub use claims::{coverage, verify};
pub use error::{Arg, BoardArg, Message, NoGrundy, RuleError, SolveError, Wording};
pub use rules::{Convention, Game, Rules};
/// The one admission of every plan (`plan.admit(bound)`), in scope with `use wythoff::Admit`.
pub use solve::cost::Admit;
/// `Rules::options_fast`: the options of a position by line families (a
/// trait, since `Rules` lives in `wythoff-model`).
pub use solve::FastOptions;
pub use solve::{Outcome, OutcomeTable};
/// `sweep --prove` without I/O, at the path the front ends name
/// (`wythoff::sweep_proof`); it lives in [`sweep::proof`].
pub use sweep::proof as sweep_proof;
