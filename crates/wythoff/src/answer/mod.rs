//! One entry per question, shared by every front end (the `wythoff` binary and
//! the Python module): which engine answers (the imitation state solver, an
//! exact oracle, a sequence kernel, the general solvers), the limits, and the
//! answer as data. Front ends parse their arguments, call one function here and
//! render what it returns, so both give the same answer from the same call.
//!
//! - [`Subject`]: a game as named by the user (catalogue text or a rules file's
//!   text) in one convention.
//! - [`Subject::from_arg`]: GAME resolution (catalogue text or a rules file read
//!   by the front end's reader, capped at [`MAX_RULES_FILE`]).
//! - Boards: [`p_positions_plan`], [`p_positions`], [`p_positions_list`],
//!   [`p_positions_with_board`], [`outcome_table`]; [`game_p_positions`] and
//!   [`game_board`] make the one choice between the Imitation Nim state solver
//!   and the board solvers (`compare` and `patterns` call them too).
//! - Grundy values: [`grundy_check`], [`grundy_plan`], [`grundy`], [`grundy_table`];
//!   the level sets of the values `A..=G` alone: [`grundy_levels_plan`], [`grundy_levels`];
//!   misère Grundy values of one game: [`misere_grundy_plan`], [`misere_grundy_table`].
//!   The kernel is chosen by [`crate::solve::select`]; front ends read its plan.
//! - One position: [`outcome`] (the choice: imitation state solver, exact
//!   oracle, general solver; the notes' prose is in `notes.rs`),
//!   [`outcome_conjecture`], [`outcome_huge_modular`] (m-Modular Wythoff beyond
//!   the catalogue's range, [`huge_modular`]); remoteness: [`remoteness_table`].
//! - [`sequence()`], [`sequence_summary`], [`sequence_list`], [`games_json`],
//!   [`verify`] (`verify.rs`); the limits and parsers (`limits.rs`: [`check_max`],
//!   [`parse_max`], [`parse_terms`], [`parse_pile`]).
//!
//! This file holds the choosing; `subject.rs` the GAME resolution, `limits.rs`
//! the limits, `notes.rs` the prose of the one-position answers, `verify.rs` the
//! claims run.
//!
//! Long computations report progress through a callback; a front end may stop
//! one by unwinding from that callback with
//! `std::panic::resume_unwind(Box::new(Cancelled))` ([`verify`] passes such an
//! unwind through instead of reporting it as a failed check).

use crate::catalogue::{Entry, ParamKind, CATALOGUE};
use crate::claims::verify::{registry, Claim, ClaimReport, VerifyConfig};
use crate::error::{Arg, Message, RuleError, SolveError};
use crate::explain::analyse;
use crate::imitation::{Clause, ImitationNim, PositionClass, StateSolver, Theorem1};
use crate::oracle::{self, Natural, Oracle};
use crate::rules::{Convention, Game};
use crate::solve::plan::{GrundyPlan, LevelsPlan, NoLevels, PPositionsPlan};
use crate::solve::{self, human_bytes, memory_budget, stream, GrundyTable, Outcome};
use crate::Admit;
use serde_json::json;
use std::collections::BTreeSet;

mod grundy_value;
mod notes;
mod plan;
mod request;
mod row;
mod rows;
mod verify;

pub use crate::board::{game_board, game_p_positions, outcome_table};
pub use crate::limits::{
    check_levels_max, check_max, check_terms, parse_levels_max, parse_max, parse_pile, parse_terms,
    parse_values, GENERAL_LIMIT, MAX_BOARD, MAX_LEVELS_BOARD, MAX_LEVEL_VALUE, MAX_ORACLE_TERMS,
    MAX_TERMS,
};
pub use crate::sequences::{
    parse_value, read_off_a_board, sequence, sequence_board_plan, sequence_list,
    sequence_list_within, sequence_plan, sequence_summary, solution_without_pairs, value_pairs,
    value_pairs_list, value_pairs_plan, SequencePlan, ValuePairsPlan,
};
pub use crate::subject::{rules_file_path, GameArgError, ParamValue, Subject, MAX_RULES_FILE};
pub use crate::value_from::{
    value_from_plan, value_pairs_from, value_position, wythoff_pair, FromBasis, ValueFromPlan,
    MAX_VALUE_INDEX, NIVASCH_NOT_BUILT, WYTHOFF_THEOREM,
};
// The front door names its entries after their questions (`wythoff grundy GAME X Y`,
// `wythoff verify`); the CLI and the Python glue call these names. Their modules
// name the functions after what they do (no function named like its module).
pub use grundy_value::value_within as grundy_value;
pub use grundy_value::{
    position_grundy, sum, Basis, GrundyValue, SumAnswer, SumComponent, SumMove,
    OUTCOME_GRUNDY_BOUND, OUTCOME_GRUNDY_CELLS, ROW_COLUMNS,
};
pub use notes::{remoteness_notes, REMOTENESS_LIMIT, REMOTENESS_WORK};
pub use plan::{
    plan_compare, plan_grundy, plan_grundy_levels, plan_p_positions, plan_remoteness,
    plan_sequence, Work, WorkPlan,
};
pub use request::{
    outcome_of, parse_history, parse_pair, parse_position, parse_side, side_label, GameSpec,
};
pub use row::{p_positions_in_row, RowAnswer};
pub use rows::{
    grundy_rows, parse_columns, parse_rows, rows_plan, RowReport, RowsPlan, DEFAULT_ROW_COLUMNS,
    MAX_ROWS,
};
pub use verify::{run_claims as verify, VerifyEvent, VerifyRun};

/// The payload of an unwind that a front end's progress callback starts to stop
/// a computation (Ctrl-C).
#[derive(Debug, Clone, Copy)]
pub struct Cancelled;

/// What listing the P-positions of `s` on the `n x n` board costs and which
/// kernels run ([`solve::plan::p_positions_plan`]); `None` for a game with memory
/// (Imitation Nim: the exact state solver answers, with its own limits).
pub fn p_positions_plan(s: &Subject, n: u64) -> Result<Option<PPositionsPlan>, SolveError> {
    check_max(n)?;
    if s.imitation()?.is_some() {
        return Ok(None);
    }
    Ok(Some(solve::plan::p_positions_plan(&s.game, n)))
}

/// The P-positions on the `n x n` board, streamed: `sink(x, ys)` once per row
/// `x` in increasing order (the `y` of its P-positions, increasing). Games with
/// memory: the P-positions as starting positions (no history), by the exact
/// state solver.
pub fn p_positions(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, &[u32]),
) -> Result<(), SolveError> {
    game_p_positions(&s.game, n, progress, sink)
}

/// The P-positions of `s` on the `n x n` board and, for boards of side at most
/// `board_max` (a front end's picture), the board they were read from: one
/// solve for both.
pub fn p_positions_with_board(
    s: &Subject,
    n: u64,
    board_max: u64,
    progress: stream::Progress,
) -> Result<(Vec<(u64, u64)>, Option<solve::OutcomeTable>), SolveError> {
    check_max(n)?;
    if n > board_max {
        return Ok((p_positions_list(s, n, progress)?, None));
    }
    let t = game_board(&s.game, n, progress)?;
    Ok((t.p_positions(), Some(t)))
}

/// The P-positions on the `n x n` board as a list, in csv order (sorted by x, then y).
///
/// The list is the front end's memory, beside the board's: refused before the
/// solve where its estimate ([`solve::probe::p_positions_count`], as the plan counts
/// it) is over the memory budget, and during it where the list outgrows the
/// budget or an allocation fails (an error, never an abort).
pub fn p_positions_list(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
) -> Result<Vec<(u64, u64)>, SolveError> {
    let budget = memory_budget();
    let over = |need: u64| SolveError::OverMemory {
        arg: Arg::Max,
        n,
        what: Some(
            "the list of P-positions (a streamed format, csv or summary, holds none)".into(),
        ),
        need,
        budget,
    };
    if n > 2048 && s.game.memory() == crate::rules::Memory::None {
        let listed = solve::cost::list_bytes(solve::probe::p_positions_count(&s.game, n), 16);
        if listed > budget {
            return Err(over(listed));
        }
    }
    let entry = std::mem::size_of::<(u64, u64)>() as u64;
    let mut ps: Vec<(u64, u64)> = Vec::new();
    let mut failed: Option<u64> = None;
    p_positions(s, n, progress, &mut |x, ys| {
        if failed.is_some() {
            return;
        }
        let need = (ps.len() + ys.len()) as u64 * entry;
        if need > budget || ps.try_reserve(ys.len()).is_err() {
            failed = Some(need);
            ps = Vec::new();
            return;
        }
        ps.extend(ys.iter().map(|&y| (x, y as u64)))
    })?;
    match failed {
        Some(need) => Err(over(need)),
        None => Ok(ps),
    }
}

/// Refuse games without Grundy values, saying why.
pub fn grundy_check(s: &Subject) -> Result<(), SolveError> {
    s.grundy_check()
}

/// What the Grundy values of `s` on the `n x n` board cost and which kernel
/// computes them ([`solve::plan::grundy_plan`], with the process's memory budget).
pub fn grundy_plan(s: &Subject, n: u64) -> Result<GrundyPlan, SolveError> {
    grundy_check(s)?;
    check_max(n)?;
    Ok(solve::plan::grundy_plan(&s.game, n, memory_budget()).expect("checked by grundy_check"))
}

/// The Grundy values on the `n x n` board, streamed row by row: `sink(x, row)`,
/// with [`solve::GRUNDY_OFF`] (`u32::MAX`) for cells of a removed corner.
pub fn grundy(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, &[u32]),
) -> Result<(), SolveError> {
    grundy_check(s)?;
    check_max(n)?;
    stream::grundy(&s.game, n as usize, progress, sink)
}

/// The Grundy values on the `n x n` board as one table (row-major), refused
/// before allocating when it would not fit the memory budget.
pub fn grundy_table(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
) -> Result<GrundyTable, SolveError> {
    let plan = grundy_plan(s, n)?;
    crate::limits::check_table_memory("a Grundy table", n, 4)?;
    if !plan.streams() {
        // the kernel fills a table: take it, without a copy
        return solve::grundy_with_progress(&s.game, n as usize, progress);
    }
    let mut values = Vec::with_capacity((n * n) as usize);
    grundy(s, n, progress, &mut |_, row| values.extend_from_slice(row))?;
    Ok(GrundyTable::from_values(n as usize, values))
}

/// What the misère Grundy values of `s` (a game in misère play: a position
/// without options has value 1, every other the mex of its options) on the
/// `n x n` board cost ([`solve::plan::misere_grundy_plan`]: the plain kernel), or
/// why the game has none (a choice, blocking, memory).
pub fn misere_grundy_plan(s: &Subject, n: u64) -> Result<GrundyPlan, SolveError> {
    check_max(n)?;
    solve::plan::misere_grundy_plan(&s.game, n).ok_or_else(|| {
        // the games without Grundy values have none in misère play either
        let normal = Subject {
            game: s.game.with_convention(Convention::Normal),
            ..s.clone()
        };
        grundy_check(&normal).err().unwrap_or_else(|| {
            SolveError::BadInput(format!(
                "{}: misère Grundy values are asked of the game in misère play",
                s.label
            ))
        })
    })
}

/// The misère Grundy values of `s` (in misère play) on the `n x n` board as
/// one table (row-major, [`solve::GRUNDY_OFF`] off the board); value 0
/// exactly at the misère P-positions. Refused over the memory budget first.
pub fn misere_grundy_table(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
) -> Result<GrundyTable, SolveError> {
    let plan = misere_grundy_plan(s, n)?;
    crate::limits::check_table_memory("a Grundy table", n, 4)?;
    plan.admit(solve::cost::Bound::memory_only())?;
    let game = s.game.for_board(n);
    let r = game.as_single().expect("checked by the plan");
    solve::grundy_table_by(plan.kernel, r, n as usize, progress)
}

/// What the Grundy level sets of values `values.0..=values.1` of `s` on the
/// `n x n` board cost, their positions taken as `listing` says (written,
/// hashed, counted, held: [`solve::cost::Listing`]) ([`solve::plan::levels_plan`]),
/// or why the level kernel does not answer: no Grundy values (blocking,
/// memory, a choice), or one-pile moves of some lengths only (the whole table
/// answers those).
pub fn grundy_levels_plan(
    s: &Subject,
    n: u64,
    values: (u64, u64),
    listing: solve::cost::Listing,
) -> Result<LevelsPlan, SolveError> {
    check_levels_max(n)?;
    solve::plan::levels_plan(&s.game, n, values, listing).map_err(|e| match e {
        NoLevels::NoGrundy(why) => SolveError::NoGrundy {
            label: Some(s.label.clone()),
            why,
        },
        NoLevels::OnePileLengths => SolveError::BadArg(
            Message::new()
                .text(format!("{}: ", s.label))
                .name(Arg::Values)
                .text(
                    " needs one-pile moves of every length on both piles (Wythoff, m-Wythoff, \
                     m-Modular, (s,t)-Wythoff, corner and terminal-set games: a value occurs once \
                     a row there); this game's values come from the whole table: ask without ",
                )
                .name(Arg::Values),
        ),
    })
}

/// The values `A..=G` asked of the level sets of `s` on the `n x n` board,
/// checked against what the board can hold before any work: no position has a
/// value above the number of its options ([`solve::wrappers::Levels::max_value`]),
/// so `A` above that bound is refused at once, and `G` above it is cut to it
/// (the levels above are empty: not computed). The board side and the level
/// kernel's scope are [`grundy_levels_plan`]'s to check.
pub fn levels_values(s: &Subject, n: u64, values: (u64, u64)) -> Result<(u64, u64), SolveError> {
    check_levels_max(n)?;
    let game = s.game.for_board(n);
    let Some(r) = game.as_single() else {
        return Ok(values);
    };
    if !solve::wrappers::LEVELS.applies(r) {
        return Ok(values);
    }
    let most = solve::wrappers::LEVELS.max_value(r, n);
    if values.0 > most {
        return Err(SolveError::BadArg(
            Message::new()
                .value(Arg::Values, format!("`{}..{}`", values.0, values.1))
                .text(format!(
                    ": no position of the {n} x {n} board of {} has a value above {most} (a \
                     value is at most the number of options of its position): ask for values \
                     up to {most}, or a larger ",
                    s.label
                ))
                .name(Arg::Max),
        ));
    }
    Ok((values.0, values.1.min(most)))
}

/// The positions `(x, y)` of the `n x n` board with Grundy value `g` in
/// `values.0..=values.1`, handed to `sink(g, x, y)` by `g`, then `x`, then
/// `y`, computed level by level in `O(values.1 n)` memory (no table); refused
/// over the memory budget before any work (the kernel's memory: the caller
/// admits what it holds of the positions, [`grundy_levels_plan`]).
pub fn grundy_levels(
    s: &Subject,
    n: u64,
    values: (u64, u64),
    progress: stream::Progress,
    sink: &mut dyn FnMut(u32, u32, u32),
) -> Result<(), SolveError> {
    let values = levels_values(s, n, values)?;
    let plan = grundy_levels_plan(s, n, values, solve::cost::Listing::COUNTED)?;
    plan.admit(solve::cost::Bound::memory_only())?;
    let top = u32::try_from(values.1).expect("admitted: far below u32");
    let from = values.0.min(u32::MAX as u64) as u32;
    solve::stream::levels(&s.game, n, top, progress, &mut |g, x, y| {
        if g >= from {
            sink(g, x, y)
        }
    })
    .expect("in the kernel's scope: checked by the plan");
    Ok(())
}

/// The answer about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeAnswer {
    pub outcome: Outcome,
    /// For N: the winning moves (the positions moved to), sorted, without repeats.
    pub moves: Vec<(Natural, Natural)>,
    /// Explanations, one line each (the CLI writes them after `# `).
    pub notes: Vec<String>,
    /// When an exact oracle answered: `oracle (method): source`.
    pub oracle: Option<String>,
    /// When a proved automaton answered ([`crate::proved`]): the proof it rests
    /// on. Its N answers carry no winning moves (membership only; a note says so).
    pub proof: Option<crate::proved::ProofSource>,
    /// A game with a pass not yet used: `Some(true)` when passing wins (N,
    /// and the position is P in the game without the pass); `None` for a
    /// game without a pass.
    pub pass: Option<bool>,
    /// The position's Grundy value where it is known cheaply
    /// ([`position_grundy`]: a certified row, the row kernel or a board
    /// within [`OUTCOME_GRUNDY_BOUND`] and [`OUTCOME_GRUNDY_CELLS`]); `None` otherwise, and always for
    /// misère play, blocking, a pass or memory (no Grundy values).
    pub grundy: Option<GrundyValue>,
}

/// The outcome of `(x, y)` with its winning moves. Games with memory: after
/// `history` (the positions before `(x, y)`, oldest first, the first is the
/// starting position); other games refuse a history. A catalogue game with an
/// exact oracle is answered by it for piles of any size; other games by the
/// general solver on a board of side `max(x, y) + 1` (piles below
/// [`GENERAL_LIMIT`]).
pub fn outcome(
    s: &Subject,
    x: &Natural,
    y: &Natural,
    history: &[(u64, u64)],
) -> Result<OutcomeAnswer, SolveError> {
    let mut ans = outcome_without_value(s, x, y, history)?;
    if history.is_empty() {
        ans.grundy = position_grundy(s, x, y);
        if let Some(g) = &ans.grundy {
            ans.notes
                .push(format!("Grundy value {} ({})", g.value, g.basis.text()));
        }
    }
    Ok(ans)
}

/// [`outcome`] without the Grundy value.
fn outcome_without_value(
    s: &Subject,
    x: &Natural,
    y: &Natural,
    history: &[(u64, u64)],
) -> Result<OutcomeAnswer, SolveError> {
    if !history.is_empty() && s.imitation()?.is_none() {
        return Err(SolveError::BadArg(Message::new().name(Arg::History).text(
            format!(
                " is only meaningful for games with memory (imitation); {} has none",
                s.label
            ),
        )));
    }
    let (x, y) = match crate::explain::position_engine(s, x, y)? {
        crate::explain::PositionEngine::Imitation { rules, x, y } => {
            return notes::outcome_imitation(s, rules, x, y, history)
        }
        crate::explain::PositionEngine::Oracle(o) => {
            let mut ans = notes::outcome_oracle(s, o.as_ref(), x, y)?;
            ans.notes.extend(remoteness_notes(s, x, y)?);
            return Ok(ans);
        }
        crate::explain::PositionEngine::Proved(a) => return Ok(notes::outcome_proved(s, a, x, y)),
        crate::explain::PositionEngine::General { x, y } => (x, y),
        // the general solver's answer, the P-positions read off the proved
        // automaton instead of a board
        crate::explain::PositionEngine::ProvedOptions { automaton, x, y } => {
            let an = crate::explain::analyse_proved(&s.game, automaton, x, y)?;
            let mut ans = notes::general(s, x, y, &an);
            let (xn, yn) = (Natural::from(x), Natural::from(y));
            ans.notes.extend(remoteness_notes(s, &xn, &yn)?);
            return Ok(ans);
        }
    };
    let an = analyse(&s.game, x, y)?;
    let mut ans = notes::general(s, x, y, &an);
    let (xn, yn) = (Natural::from(x), Natural::from(y));
    ans.notes.extend(remoteness_notes(s, &xn, &yn)?);
    Ok(ans)
}

/// The board a user's proof folder is checked on before it answers.
pub const PROOF_CHECK_BOARD: u64 = 64;

/// The outcome of `(x, y)` from a proof folder the front end read
/// (`outcome --oracle DIR`), at any size: the folder must be a proof about `s`
/// (its game and convention), and its automaton must be the general solver's
/// P-set on the board of side [`PROOF_CHECK_BOARD`] (a rules file changed since
/// the proof, or a hand-edited automaton, is refused); else
/// [`SolveError::BadInput`] says why.
pub fn outcome_with_proof(
    s: &Subject,
    proof: crate::proved::ProvedAutomaton,
    x: &Natural,
    y: &Natural,
) -> Result<LabelledOutcome, SolveError> {
    let a = proof.about(s).map_err(SolveError::BadInput)?;
    if s.imitation()?.is_some() {
        return Err(SolveError::BadInput(format!(
            "{} has memory: a P-set automaton of positions does not decide it",
            s.label
        )));
    }
    let n = PROOF_CHECK_BOARD;
    let table = solve::outcomes(&s.game, n as usize)?;
    if let Some((cx, cy)) =
        crate::proved::first_disagreement(&a, n, &|x, y| table.is_p(x as usize, y as usize))
    {
        return Err(SolveError::BadInput(format!(
            "the automaton of {} is not the P-set of {} ({}): it disagrees with the general solver at ({cx}, {cy})",
            a.source.folder,
            s.label,
            s.convention_text()
        )));
    }
    Ok(LabelledOutcome {
        label: s.label.clone(),
        convention: s.convention_text(),
        answer: notes::outcome_proved(s, &a, x, y),
    })
}

/// What the remoteness table of `s` on the `n x n` board costs
/// ([`solve::plan::remoteness_plan`]); `None` for a game with memory (Imitation
/// Nim: its state graph, with its own limit on the side).
pub fn remoteness_plan(
    s: &Subject,
    n: u64,
) -> Result<Option<solve::plan::RemotenessPlan>, SolveError> {
    check_max(n)?;
    if s.imitation()?.is_some() {
        return Ok(None);
    }
    Ok(Some(solve::plan::remoteness_plan(&s.game, n)))
}

/// Which engine answers one position, and what it costs before it runs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum PositionEngine {
    /// An exact oracle (or m-Modular Wythoff's characterisation): no board.
    Oracle,
    /// A shipped proved automaton ([`crate::proved`]): beyond the general
    /// solver's piles, time linear in the piles' digits; below them
    /// ([`crate::explain::proved_below_limit`]), a membership test per
    /// option. No board.
    ProvedAutomaton,
    /// The Imitation Nim state solver on the board of side `n`.
    Imitation,
    /// The general solver (explanations included) on the board of side `n`.
    General(Vec<solve::OutcomeKernel>),
    /// Piles too large for any engine: refused when asked, at no cost.
    Refused,
}

/// The cost of [`outcome_of`] for one position: the board it solves (side
/// `n`), bytes and seconds.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PositionPlan {
    pub engine: PositionEngine,
    pub n: u64,
    pub memory: u64,
    pub seconds: u64,
}

impl PositionPlan {
    /// Refuse it beyond `bound` ([`solve::cost::Cost::admit`]), naming the
    /// position (no board argument).
    pub fn admit(
        &self,
        x: &Natural,
        y: &Natural,
        bound: solve::cost::Bound,
    ) -> Result<(), SolveError> {
        let what = match self.engine {
            PositionEngine::Imitation => "the state solver",
            PositionEngine::ProvedAutomaton => {
                // no board: the piles' size is the cost (and the piles may be
                // too long to echo)
                use malachite_base::num::logic::traits::SignificantBits;
                let bits = x.significant_bits().max(y.significant_bits());
                return solve::cost::Cost {
                    what: &format!("a position with piles of {bits} bits: the proved automaton"),
                    arg: None,
                    n: 0,
                    memory: self.memory,
                    seconds: self.seconds,
                }
                .admit(bound);
            }
            _ => "the outcome solver",
        };
        solve::cost::Cost {
            what: &format!("({x}, {y}): {what} on the board of side {}", self.n),
            arg: None,
            n: self.n,
            memory: self.memory,
            seconds: self.seconds,
        }
        .admit(bound)
        .map_err(|e| match e {
            SolveError::OverMemory { need, budget, .. } => SolveError::TooLarge(format!(
                "({x}, {y}): {what} on the board of side {} needs about {} of memory, over the budget of {}",
                self.n,
                human_bytes(need),
                human_bytes(budget)
            )),
            e => e,
        })
    }
}

/// What [`outcome_of`] costs for `(x, y)` of `spec`, before it runs.
pub fn outcome_plan(spec: &GameSpec, x: &Natural, y: &Natural) -> Result<PositionPlan, SolveError> {
    let free = |engine| PositionPlan {
        engine,
        n: 0,
        memory: 0,
        seconds: 0,
    };
    let s = match spec {
        GameSpec::HugeModular { .. } => return Ok(free(PositionEngine::Oracle)),
        GameSpec::Game(s) => s,
    };
    let side = match (u64::try_from(x), u64::try_from(y)) {
        (Ok(x), Ok(y)) => x.max(y).checked_add(1),
        _ => None,
    };
    if let Some(r) = s.imitation()? {
        let Some(n) = side else {
            return Ok(free(PositionEngine::Refused));
        };
        return Ok(PositionPlan {
            engine: PositionEngine::Imitation,
            n,
            memory: n.saturating_mul(n),
            seconds: solve::cost::ps_seconds(solve::cost::imitation_ps(r.p(), n)),
        });
    }
    if s.oracle().is_some() {
        return Ok(free(PositionEngine::Oracle));
    }
    match side {
        Some(n) if n <= GENERAL_LIMIT => {
            let (xs, ys) = (
                u64::try_from(x).unwrap_or(u64::MAX),
                u64::try_from(y).unwrap_or(u64::MAX),
            );
            if crate::explain::proved_below_limit(s, xs, ys).is_some() {
                // no board: the options of (x, y), each a membership test
                // (and the remoteness notes' table below 256, as the
                // general solver's answer has them)
                let (x, y) = (xs, ys);
                let options = crate::explain::option_bound(&s.game, x, y);
                let ps = options.saturating_mul(solve::cost::proved_automaton_ps(64));
                return Ok(PositionPlan {
                    engine: PositionEngine::ProvedAutomaton,
                    n: 0,
                    memory: u64::try_from(options.saturating_mul(24)).unwrap_or(u64::MAX)
                        + n.saturating_mul(256),
                    seconds: solve::cost::ps_seconds(ps),
                });
            }
            let p = solve::plan::p_positions_plan(&s.game, n);
            Ok(PositionPlan {
                engine: PositionEngine::General(p.kernels),
                n,
                memory: outcome_memory(&s.game, n),
                seconds: p.seconds,
            })
        }
        _ if crate::proved::for_subject(s).is_some() => {
            use malachite_base::num::logic::traits::SignificantBits;
            let bits = x.significant_bits().max(y.significant_bits());
            Ok(PositionPlan {
                engine: PositionEngine::ProvedAutomaton,
                n: 0,
                memory: bits.saturating_mul(2),
                seconds: solve::cost::ps_seconds(solve::cost::proved_automaton_ps(bits)),
            })
        }
        _ => Ok(free(PositionEngine::Refused)),
    }
}

/// Bytes of the general solver's table on the `n x n` board.
fn outcome_memory(game: &Game, n: u64) -> u64 {
    solve::outcome_memory_estimate(&game.for_board(n), n)
}

/// The remoteness table of the `n x n` board (Imitation Nim: starting
/// positions, by its state graph).
pub fn remoteness_table(
    s: &Subject,
    n: u64,
) -> Result<crate::solve::remoteness::RemotenessTable, SolveError> {
    Ok(match ImitationNim::from_game(&s.game) {
        Some(r) => crate::imitation::remoteness::start_table(r, n)?,
        None => crate::solve::remoteness_table(&s.game, n as usize)?,
    })
}

/// The answer about one position of a game that no [`Subject`] holds, with the
/// game's label and convention as a front end shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelledOutcome {
    pub label: String,
    pub convention: String,
    pub answer: OutcomeAnswer,
}

/// `m` when the GAME text is `modular:m=M` with `M` beyond the catalogue's
/// range (below `10^4096`): [`outcome_huge_modular`] answers it, not
/// [`outcome`]; `Err` for an `M` over that bound, refused before `B^E` is
/// computed.
pub fn huge_modular(text: &str) -> Result<Option<Natural>, RuleError> {
    oracle::modular_big::parse(text)
        .transpose()
        .map_err(RuleError::Param)
}

/// m-Modular Wythoff for an `m` beyond the catalogue's range: seed 001's
/// characterisation decides the position ([`oracle::modular_big`]); in misère
/// play, with `m` above both piles, the game from `(x, y)` is Wythoff's (every
/// two-pile move has `k = l`), answered as Wythoff in misère play. The game has
/// no memory and a published solution: `history_or_conjecture` (the front end
/// was asked for a history or a conjecture) is refused.
pub fn outcome_huge_modular(
    m: &Natural,
    misere: bool,
    x: &Natural,
    y: &Natural,
    history_or_conjecture: bool,
) -> Result<LabelledOutcome, SolveError> {
    if history_or_conjecture {
        return Err(SolveError::BadArg(
            Message::new()
                .text("modular has no memory and a published solution: ")
                .name(Arg::History)
                .text(" and ")
                .name(Arg::Conjecture)
                .text(" do not apply"),
        ));
    }
    let g = oracle::modular_big::Modular::new(m.clone());
    let label = g.label();
    let (moves, source, convention) = if misere {
        if *m <= x.clone().max(y.clone()) {
            return Err(SolveError::Unsupported(format!(
                "{label} in misère play: no published solution, and a pile reaches m, so the game is not Wythoff's from this position"
            )));
        }
        let w = Subject::parse("wythoff", true)?;
        let ans = outcome(&w, x, y, &[])?;
        (
            ans.moves,
            "m above both piles: every two-pile move has k = l, the game from this position is Wythoff's".to_string(),
            w.convention_text(),
        )
    } else {
        (g.winning_moves(x, y), g.source(), "normal play".to_string())
    };
    Ok(LabelledOutcome {
        label,
        convention,
        answer: OutcomeAnswer {
            outcome: if moves.is_empty() {
                Outcome::P
            } else {
                Outcome::N
            },
            moves,
            notes: Vec::new(),
            oracle: Some(source),
            grundy: None,
            proof: None,
            pass: None,
        },
    })
}

/// The outcome of `(x, y)` from the conjectured oracle of the game's patterns
/// on the board of side `board` (`outcome --conjecture`): a `pairs` pattern with
/// a Beatty closed form, exact at any size; `oracle` names it as a conjecture.
pub fn outcome_conjecture(
    s: &Subject,
    x: &Natural,
    y: &Natural,
    board: usize,
) -> Result<OutcomeAnswer, SolveError> {
    let Some(rules) = s.game.as_single() else {
        return Err(SolveError::BadArg(
            Message::new().name(Arg::Conjecture).text(format!(
                " needs a game of one rule value ({} is a choice of variants)",
                s.label
            )),
        ));
    };
    let rep = crate::patterns::find(&s.game, &s.label, board, false)?;
    use crate::patterns::fitted::{FittedOracle, FromReport};
    let Some(o) = FittedOracle::from_report(rules, &rep) else {
        return Err(SolveError::Unsupported(format!(
            "no conjectured oracle for {}: on the board of {board} its patterns give no pairs of sequences with a Beatty closed form and a difference law (see `wythoff patterns`)",
            s.label
        )));
    };
    notes::outcome_oracle(s, &o, x, y)
}

/// One catalogue entry as the json object of `games --format json`.
pub fn entry_json(e: &Entry) -> serde_json::Value {
    json!({
        "name": e.name, "aliases": e.aliases, "notation": e.notation, "source": e.source,
        "known": e.known,
        "params": e.params.iter().map(|p| json!({
            "key": p.key, "meaning": p.meaning, "default": p.default,
            "min": match p.kind { ParamKind::Int { min } => Some(min), ParamKind::Set => None },
            "kind": match p.kind { ParamKind::Int { .. } => "int", ParamKind::Set => "set" },
        })).collect::<Vec<_>>(),
    })
}

/// The catalogue as the json array of `games --format json`.
pub fn games_json() -> serde_json::Value {
    serde_json::Value::Array(CATALOGUE.iter().map(entry_json).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::BoardArg;

    fn subject(t: &str) -> Subject {
        Subject::parse(t, false).unwrap()
    }

    #[test]
    fn limits_and_piles() {
        assert!(check_max(0).is_err());
        assert!(check_max(MAX_BOARD + 1).is_err());
        assert_eq!(parse_max(" 12 ").unwrap(), 12);
        assert!(parse_terms("0").is_err());
        assert_eq!(
            parse_pile("007", "X").unwrap(),
            Natural::from(7u32),
            "leading zeros"
        );
        let e = parse_pile("-1", "X").unwrap_err().to_string();
        assert_eq!(e, "X = `-1` is not a non-negative whole number");
    }

    #[test]
    fn outcome_table_matches_p_positions_and_refuses_huge_boards() {
        let s = subject("roob-blocking:m=2,p=3");
        let ps = p_positions_list(&s, 40, &mut |_, _| {}).unwrap();
        let t = outcome_table(&s, 40, &mut |_, _| {}).unwrap();
        assert_eq!(t.iter().filter(|&&b| b).count(), ps.len());
        for (x, y) in ps {
            assert!(t[(x * 40 + y) as usize]);
        }
        // refused as data: the board's side and the bytes, worded by each front end
        let e = outcome_table(&s, MAX_BOARD, &mut |_, _| {}).unwrap_err();
        assert!(
            matches!(e, SolveError::OverMemory { arg: BoardArg::Max, n: MAX_BOARD, need, budget, .. } if need > budget),
            "{e}"
        );
        let e = grundy_table(&subject("wythoff"), MAX_BOARD, &mut |_, _| {}).unwrap_err();
        assert!(matches!(e, SolveError::OverMemory { .. }), "{e}");
        assert!(e.to_string().starts_with("--max 1048576: "), "{e}");
        let e = check_max(0).unwrap_err().for_board_arg(BoardArg::Check);
        assert_eq!(
            e.to_string(),
            "--check 0 is out of range: allowed 1..=1048576"
        );
    }

    #[test]
    fn grundy_table_is_the_reference_table() {
        let s = subject("modular:m=3");
        let t = grundy_table(&s, 24, &mut |_, _| {}).unwrap();
        let r = solve::grundy_reference(&s.game, 24).unwrap();
        assert_eq!(t.values(), r.values());
        let e = grundy_table(&subject("roob-blocking:m=2,p=3"), 8, &mut |_, _| {}).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("roob-blocking:m=2,p=3 has no Grundy values"));
    }

    #[test]
    fn imitation_p_positions_are_the_state_solvers() {
        let s = subject("imitation:p=2,m=1");
        let r = s.imitation().unwrap().unwrap();
        let want = StateSolver::new(r, 30).unwrap().start_p_positions();
        assert_eq!(p_positions_list(&s, 30, &mut |_, _| {}).unwrap(), want);
        assert!(Subject::parse("imitation:p=2,m=1", true)
            .unwrap()
            .imitation()
            .unwrap()
            .is_some_and(|r| r.is_misere()));
    }

    #[test]
    fn huge_modular_is_decided_here() {
        let m = huge_modular("modular:m=1000000000000000000000000000000")
            .unwrap()
            .unwrap();
        assert!(
            huge_modular("modular:m=12").unwrap().is_none(),
            "in the catalogue's range"
        );
        for misere in [false, true] {
            let w = Subject::parse("wythoff", misere).unwrap();
            for (x, y) in [(3u32, 5u32), (4, 7), (10, 10)] {
                let (x, y) = (Natural::from(x), Natural::from(y));
                let a = outcome_huge_modular(&m, misere, &x, &y, false).unwrap();
                let want = outcome(&w, &x, &y, &[]).unwrap();
                assert_eq!(a.answer.outcome, want.outcome, "{x} {y} {misere}");
                assert_eq!(a.answer.moves, want.moves, "{x} {y} {misere}");
                assert!(a.answer.notes.is_empty() && a.answer.oracle.is_some());
            }
        }
        let big = m.clone() + Natural::from(1u32);
        assert!(outcome_huge_modular(&m, true, &big, &Natural::from(1u32), false).is_err());
        assert!(outcome_huge_modular(&m, false, &big, &Natural::from(1u32), true).is_err());
    }

    #[test]
    fn outcome_oracle_agrees_with_the_general_solver() {
        for g in ["wythoff", "m-wythoff:m=2", "roob-blocking:m=2,p=3"] {
            let s = subject(g);
            let t = solve::outcomes(&s.game, 30).unwrap();
            for (x, y) in [(0u64, 0u64), (4, 6), (3, 5), (10, 7), (29, 1)] {
                let a = outcome(&s, &Natural::from(x), &Natural::from(y), &[]).unwrap();
                assert!(a.oracle.is_some(), "{g}: an oracle answers");
                assert_eq!(
                    a.outcome == Outcome::P,
                    t.is_p(x as usize, y as usize),
                    "{g} ({x}, {y})"
                );
                let an = analyse(&s.game, x, y).unwrap();
                let want: Vec<(Natural, Natural)> = an
                    .winning_moves()
                    .iter()
                    .map(|&(a, b)| (Natural::from(a), Natural::from(b)))
                    .collect();
                let mut want = want;
                want.sort();
                assert_eq!(a.moves, want, "{g} ({x}, {y})");
            }
        }
    }

    #[test]
    fn sequence_kernel_and_oracle_paths() {
        let mut got = Vec::new();
        sequence(&subject("wythoff"), 5, &mut |_, _| {}, &mut |a, b| {
            got.push((a, b))
        })
        .unwrap();
        assert_eq!(got, vec![(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
        let h = sequence_summary(&subject("wythoff"), 3, &mut |_, _| {}).unwrap();
        assert_eq!(h.line(), "3 4939e3f1dd34d3f2");
        assert!(sequence(
            &Subject::parse("wythoff", true).unwrap(),
            3,
            &mut |_, _| {},
            &mut |_, _| {}
        )
        .is_err());
    }

    #[test]
    fn verify_filters_by_game_and_refuses_unknown_names() {
        let run = verify(&["modular".to_string()], None, &|_| {}).unwrap();
        assert!(run.claims > 0 && !run.reports.is_empty());
        assert_eq!(run.failed(), 0);
        assert!(verify(&["nope".to_string()], None, &|_| {}).is_err());
    }

    #[test]
    fn params_and_symmetry() {
        let s = subject("restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2");
        let ps = s.params();
        assert!(ps.contains(&("s", ParamValue::Int(1))));
        assert!(ps.contains(&("h", ParamValue::Set("3:0".into()))));
        assert!(!s.symmetric());
        assert!(subject("wythoff").symmetric());
    }
}
