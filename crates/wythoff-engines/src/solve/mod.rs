//! Outcome and Grundy tables on the board `0 <= x, y < n`, grouped by question.
//!
//! Moves only decrease piles, so every position's options lie at smaller
//! coordinates and a single pass in row-major order (`x` outer, `y` inner) is
//! exact.
//! - [`outcome`]: the outcome kernels (which positions are P):
//!   [`outcome::linear`], [`outcome::band`], [`outcome::residue`],
//!   [`outcome::sparse`] (and [`outcome::sparse_rect`] on a rectangle),
//!   [`outcome::counters`] (the general counter solver, any memoryless rule).
//! - [`grundy`](mod@grundy): the Grundy kernels: [`grundy::nim_like`],
//!   [`grundy::lines`], [`grundy::region`], [`grundy::union`], [`grundy::plain`];
//!   and two of their own requests: [`grundy::levels`] (the level sets alone)
//!   and [`grundy::rows`] (rows `0..R` over `Y` columns, certified).
//! - [`remoteness`]: remoteness tables (and [`remoteness::lines`], their line
//!   kernel), with their own reference.
//! - Shared, in layers, each file importing only those below it:
//!   [`table`] (the tables, [`decide`], the memory budget, the workers) under
//!   the kernels; [`wrappers`], one wrapper a kernel (scope, memory, rates,
//!   table, rows) with the kernel enums, their order and fallbacks; [`select`],
//!   the strategy (which kernel, and the fallback loops); [`run`], the table
//!   dispatchers and the memory a run checks, and [`stream`], the streaming
//!   entry points; [`probe`], small boards solved for the estimates; [`plan`],
//!   the plans (kernel, memory, seconds, threads) that admission takes. Beside
//!   them: [`cost`], admission and the shared rates; `geometry`, the option
//!   counts of the unbounded two-pile regions and the line families;
//!   [`wavefront`], the value bitsets and stripe wavefront of the tiled Grundy
//!   kernels; [`reference`](mod@reference), the reference (every option of
//!   every position enumerated, `O(n^2 * options)`, obviously right), which
//!   every kernel is checked against (`tests/engines.rs`).
//!
//! The entry points ([`outcomes_with_progress`], [`grundy_with_progress`],
//! [`remoteness_table`]) and those of [`stream`] run what [`select`] picks,
//! after cutting the game to the board ([`crate::rules::Game::for_board`]).
//! This file only declares the modules and hands their public names on.
//!
//! The outcome rule (docs/games.md section 2), for a position with options:
//! - no blocking: N iff some option is P (misère: a position with no option is N);
//! - blocking class C, count p: N iff a P-option lies outside C, or at least `p`
//!   P-options lie inside C; in misère play also N when every option is an in-class
//!   P-option and there are fewer than `p` of them (the blocker must block them all,
//!   leaving the mover without a move, which wins).

pub mod cost;
pub(crate) mod geometry;
pub mod grundy;
pub mod outcome;
pub mod plan;
pub mod probe;
pub mod reference;
pub mod remoteness;
pub mod run;
pub mod select;
pub mod stream;
pub mod table;
pub mod wavefront;
pub mod wrappers;

pub use crate::units::human_bytes;
/// `Rules::options_fast` (`wythoff::FastOptions`): the one door to the line
/// families from above the engines.
pub use geometry::families::FastOptions;
pub use run::grundy_table_by;
pub use run::{
    check_board, grundy, grundy_reference, grundy_with_progress, outcome_memory_estimate, outcomes,
    outcomes_reference, outcomes_with_progress, remoteness_check, remoteness_table,
    rules_remoteness_table,
};
pub use table::{
    budget_from_limits, combine_choice, decide, grundy_unsupported, memory_budget, outcome_threads,
    set_memory_budget, GrundyTable, Outcome, OutcomeTable, RowLaw, RowStatus, RowsTable, CELL_N,
    CELL_OFF, CELL_P, DEFAULT_MEMORY_BUDGET, GRUNDY_OFF,
};
pub use wrappers::{GrundyKernel, OutcomeKernel, RemotenessKernel};
