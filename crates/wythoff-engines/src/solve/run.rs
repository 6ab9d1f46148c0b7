//! The dispatchers of whole tables: a game (every variant of a choice game)
//! cut to the board, its memory checked, each variant solved by the kernel
//! [`super::select`] picks (with its fallback), the tables combined:
//! [`outcomes`], [`grundy`](fn@grundy), [`remoteness_table`]. The memory a run
//! checks ([`outcome_memory_estimate`], [`p_positions_memory`],
//! [`grundy_memory`]) is written here once; the plans
//! ([`super::plan`]) report the same numbers. The streaming entry points are
//! [`super::stream`]'s; nothing here reads a probe.

use super::reference;
use super::remoteness::{self, check_side, work_estimate, RemotenessTable, WORK_LIMIT};
use super::select;
use super::table::{
    combine_choice, grundy_unsupported, memory_budget, over_memory, require_memoryless,
    GrundyTable, OutcomeTable, RowsTable,
};
use super::wrappers::{self, GrundyKernel, OutcomeKernel};
use crate::error::{Arg, BoardArg, Message, SolveError};
use crate::rules::{Game, Rules};

/// Estimated bytes for the outcome table of a game on an `n x n` board by the
/// general solvers: per variant, its table and the general solver's rings and
/// counters (the counters kernel's memory, [`wrappers::OutcomeWrapper::memory`],
/// with the workers [`super::table::outcome_threads`] gives); the band and sparse kernels need less.
pub fn outcome_memory_estimate(game: &Game, n: u64) -> u64 {
    let counters = wrappers::outcome(OutcomeKernel::Counters);
    game.variants()
        .iter()
        .map(|r| counters.memory(r, n))
        .fold(0u64, |a, b| a.saturating_add(b))
}

/// Refuse boards that cannot be solved here.
pub fn check_board(game: &Game, n: u64, budget: u64) -> Result<(), SolveError> {
    if n == 0 {
        return Err(SolveError::BadArg(
            Message::new().name(Arg::Max).text(" must be at least 1"),
        ));
    }
    if n > u32::MAX as u64 / 4 {
        return Err(SolveError::ArgTooLarge(
            Message::new()
                .value(Arg::Max, n)
                .text(format!(" is too large: allowed up to {}", u32::MAX / 4)),
        ));
    }
    let est = outcome_memory_estimate(game, n);
    if est > budget {
        return Err(SolveError::OverMemory {
            arg: BoardArg::Max,
            n,
            what: None,
            need: est,
            budget,
        });
    }
    Ok(())
}

/// The outcome table of a game on the `n x n` board, by the fast solver.
pub fn outcomes(game: &Game, n: usize) -> Result<OutcomeTable, SolveError> {
    outcomes_with_progress(game, n, &mut |_, _| {})
}

/// [`outcomes`], calling `progress(rows_done, rows_total)` as rows are solved
/// (rows of every variant of a choice game count).
pub fn outcomes_with_progress(
    game: &Game,
    n: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<OutcomeTable, SolveError> {
    require_memoryless(game)?;
    check_board(game, n as u64, memory_budget())?;
    let game = &game.for_board(n as u64);
    let total = (n * game.variants().len()) as u64;
    let mut tables = Vec::new();
    for (i, r) in game.variants().iter().enumerate() {
        let before = (i * n) as u64;
        let mut rows = |d: u64| progress(before + d, total);
        let t = select::outcome_table(r, n, &mut rows);
        tables.push(t);
    }
    progress(total, total);
    Ok(combine_choice(tables))
}

/// The outcome table by the reference (small boards only).
pub fn outcomes_reference(game: &Game, n: usize) -> Result<OutcomeTable, SolveError> {
    require_memoryless(game)?;
    Ok(combine_choice(
        game.variants()
            .iter()
            .map(|r| reference::outcomes(r, n))
            .collect(),
    ))
}

/// The Grundy table of a memoryless normal-play game without blocking.
pub fn grundy(game: &Game, n: usize) -> Result<GrundyTable, SolveError> {
    grundy_with_progress(game, n, &mut |_, _| {})
}

/// [`grundy()`], calling `progress(rows_done, rows_total)` as rows are solved (by
/// the union kernel; the others finish at once or report only the end).
pub fn grundy_with_progress(
    game: &Game,
    n: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<GrundyTable, SolveError> {
    if let Some(why) = grundy_unsupported(game) {
        return Err(SolveError::NoGrundy { label: None, why });
    }
    check_board(game, n as u64, memory_budget())?;
    let game = &game.for_board(n as u64);
    let r = game.as_single().expect("checked above");
    let est = wrappers::grundy(GrundyKernel::Plain)
        .memory(r, n as u64)
        .unwrap_or(u64::MAX);
    if est > memory_budget() {
        return Err(over_memory(n, "the Grundy table", est));
    }
    let kernel = select::grundy_kernel(r, n as u64, memory_budget());
    grundy_table_by(kernel, r, n, progress)
}

/// The Grundy table of `r` (cut to the board) by `kernel`, which
/// [`select::grundy_kernel`] chose ([`select::grundy_table`]: its fallback, its
/// memory checked again).
pub fn grundy_table_by(
    kernel: GrundyKernel,
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<GrundyTable, SolveError> {
    let total = n as u64;
    select::grundy_table(kernel, r, n, &mut |d| progress(d, total))
}

pub fn grundy_reference(game: &Game, n: usize) -> Result<GrundyTable, SolveError> {
    if let Some(why) = grundy_unsupported(game) {
        return Err(SolveError::NoGrundy { label: None, why });
    }
    Ok(reference::grundy(
        game.as_single().expect("checked above"),
        n,
    ))
}

/// The P-positions `(x, y)` of `game` (one variant) on the rectangle `0 <= x <
/// rows`, `0 <= y < cols`, in row order, by the rectangle kernel
/// ([`wrappers::SPARSE_RECT`], its plan [`super::plan::rect_plan`]): the
/// outcomes inside a rectangle are those of any larger board (moves only
/// shrink piles). `progress(rows_done)`. `None` when `game` is not one
/// variant in the kernel's scope, or past `work` units.
pub fn rectangle_p_positions(
    game: &Game,
    rows: usize,
    cols: usize,
    work: u64,
    progress: &mut dyn FnMut(u64),
) -> Option<Vec<(u32, u32)>> {
    let [r] = game.variants() else { return None };
    wrappers::SPARSE_RECT.p_positions(r, rows, cols, work, progress)
}

/// Grundy rows `0..rows` of `r` over `columns` columns by the row kernel
/// ([`wrappers::ROWS`], its plan [`super::plan::rows_plan`]), each certified
/// additively periodic where the row certificate applies; `progress(done,
/// total)` in cells. `Err`: out of the kernel's scope (the plan says why
/// first), or a failed bound (a bug, never a wrong value).
pub fn grundy_rows(
    r: &Rules,
    rows: u64,
    columns: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<RowsTable, String> {
    wrappers::ROWS.table(r, rows, columns, progress)
}

/// The outcome kernel of every variant of `game` (cut to the board), in order.
pub fn outcome_kernels(game: &Game) -> Vec<OutcomeKernel> {
    game.variants().iter().map(select::outcome_kernel).collect()
}

/// Bytes listing the P-positions of `game` (cut to the board) on the `n x n`
/// board allocates with `kernels` (its variants' [`outcome_kernels`]): the
/// streaming kernels' rows when every variant streams, else the outcome tables
/// ([`outcome_memory_estimate`]).
pub fn p_positions_memory(game: &Game, n: u64, kernels: &[OutcomeKernel]) -> u64 {
    if kernels.iter().all(|&k| k.streams()) {
        game.variants()
            .iter()
            .zip(kernels)
            .map(|(r, &k)| wrappers::outcome(k).memory(r, n))
            .fold(0u64, u64::saturating_add)
    } else {
        outcome_memory_estimate(game, n)
    }
}

/// Bytes the Grundy values of `game` (one variant `r`, cut to the board) on
/// the `n x n` board allocate by `kernel`: the kernel's own state; a table
/// kernel also holds the table and the outcome check's (the plain kernel's
/// state is the table).
pub fn grundy_memory(game: &Game, r: &Rules, n: u64, kernel: GrundyKernel) -> u64 {
    let w = wrappers::grundy(kernel);
    let own = w.memory(r, n).unwrap_or(u64::MAX);
    if w.streams() {
        own
    } else {
        grundy_table_memory(game, r, n).max(own)
    }
}

/// Bytes of a Grundy table of `game` (one variant `r`, cut to the board) on
/// the `n x n` board and of the outcome table the board check counts.
pub fn grundy_table_memory(game: &Game, r: &Rules, n: u64) -> u64 {
    let table = wrappers::grundy(GrundyKernel::Plain)
        .memory(r, n)
        .unwrap_or(u64::MAX);
    table.max(outcome_memory_estimate(game, n))
}

/// The remoteness table of one set of rules (memoryless): the line kernel
/// ([`remoteness::lines`]) where it applies, else
/// [`remoteness::plain_table`] ([`select`] chooses, through [`wrappers`]).
pub fn rules_remoteness_table(r: &Rules, n: usize) -> RemotenessTable {
    select::remoteness_table(r, n)
}

/// The remoteness table of a memoryless game on the `n x n` board.
pub fn remoteness_table(game: &Game, n: usize) -> Result<RemotenessTable, SolveError> {
    remoteness_check(game, n)?;
    let tables: Vec<RemotenessTable> = game
        .variants()
        .iter()
        .map(|r| rules_remoteness_table(r, n))
        .collect();
    Ok(if tables.len() == 1 {
        tables.into_iter().next().expect("one")
    } else {
        remoteness::combine_choice(game.convention(), &tables)
    })
}

/// The refusals of [`remoteness_table`], before any work: a game with memory,
/// the side, and the options a plain table would visit ([`WORK_LIMIT`]).
pub fn remoteness_check(game: &Game, n: usize) -> Result<(), SolveError> {
    require_memoryless(game)?;
    check_side(n)?;
    let visits = game
        .variants()
        .iter()
        .any(|r| wrappers::remoteness(select::remoteness_kernel(r)).visits_every_option());
    if visits && work_estimate(game, n as u64) > WORK_LIMIT {
        return Err(SolveError::ArgTooLarge(
            Message::new()
                .value(Arg::Max, n)
                .text(format!(
                    ": the remoteness table would visit about {} options (over {WORK_LIMIT}): use a smaller ",
                    work_estimate(game, n as u64)
                ))
                .name(Arg::Max),
        ));
    }
    Ok(())
}
