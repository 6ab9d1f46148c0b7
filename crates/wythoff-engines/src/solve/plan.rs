//! The plans: what a front end needs to know before the work starts (the
//! kernels, the bytes, the seconds, the workers, whether the rows stream), and
//! what admission ([`cost::Cost::admit`]) takes. Each prices [`super::select`]'s choice with its
//! wrappers' rates, the memory the run checks ([`super::run`]'s estimates:
//! one number, written once) and what the probes read off small boards
//! ([`super::probe`]): the fallback where a kernel gives up
//! ([`answering_outcome_kernel`]), the sparse kernel's attacks, the level
//! kernel's `scan` tests, the resident bytes of `--plan`.

use super::cost;
use super::probe::{dense, scan_tests, Probe};
use super::run::{
    grundy_memory, grundy_table_memory, outcome_kernels, outcome_memory_estimate,
    p_positions_memory,
};
use super::select::{grundy_kernel, outcome_kernel, remoteness_kernel};
use super::table::grundy_unsupported;
use super::wrappers::{self, GrundyKernel, OutcomeKernel, RemotenessKernel};
use crate::error::NoGrundy;
use crate::rules::{Convention, Game, Rules};

/// The kernel that answers one variant `r` (cut to the board) on the `n x n`
/// board: `kernel`, or its [`OutcomeKernel::fallback`] where the probe says it
/// gives up (the sparse kernel on dense P-positions, [`dense`]). For plans;
/// the dispatchers run the fallback when the kernel gives up.
pub fn answering_outcome_kernel(kernel: OutcomeKernel, r: &Rules, n: u64) -> OutcomeKernel {
    match kernel.fallback() {
        Some(f) if dense(&Game::single(r.clone()), n) => f,
        _ => kernel,
    }
}

/// Picoseconds of `kernel` on one variant `r` (cut to the board) on the
/// `n x n` board, its attempt and fallback included where it gives up.
pub(crate) fn outcome_kernel_ps(kernel: OutcomeKernel, r: &Rules, n: u64) -> u128 {
    let answering = answering_outcome_kernel(kernel, r, n);
    if answering == kernel {
        wrappers::outcome(kernel).cost(r, n, &Probe)
    } else {
        wrappers::outcome(kernel).give_up_cost(r, n) + outcome_kernel_ps(answering, r, n)
    }
}

/// What the remoteness table of a memoryless game on the `n x n` board costs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RemotenessPlan {
    /// Every variant's kernel (the game cut to the board).
    pub kernels: Vec<RemotenessKernel>,
    /// The board side.
    pub n: u64,
    /// Estimated bytes.
    pub memory: u64,
    /// Estimated seconds of computation ([`cost`]).
    pub seconds: u64,
    /// The same estimate in milliseconds.
    pub millis: u64,
}

impl cost::Admit for RemotenessPlan {
    /// Its cost as admission reads it (the board argument: `n`).
    fn cost(&self) -> cost::Cost<'_> {
        cost::Cost::of_board("the remoteness table", self.n, self.memory, self.seconds)
    }
}

/// The plan for the remoteness table of `game` (memoryless) on the `n x n` board.
pub fn remoteness_plan(game: &Game, n: u64) -> RemotenessPlan {
    let game = game.for_board(n);
    let kernels: Vec<RemotenessKernel> = game.variants().iter().map(remoteness_kernel).collect();
    let ps: u128 = game
        .variants()
        .iter()
        .zip(&kernels)
        .map(|(r, &k)| wrappers::remoteness(k).cost(r, n))
        .sum();
    RemotenessPlan {
        // a table of u32 per variant, the combined one and the kernel's
        // scratch (issue 33's plan check: wythoff at 2048, 48 MiB peak)
        memory: n
            .saturating_mul(n)
            .saturating_mul(4)
            .saturating_mul(kernels.len() as u64 + 2),
        kernels,
        n,
        seconds: cost::ps_seconds(ps),
        millis: cost::ps_millis(ps),
    }
}

/// What listing the P-positions of a memoryless game on the `n x n` board costs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PPositionsPlan {
    /// Every variant's kernel (the game cut to the board).
    pub kernels: Vec<OutcomeKernel>,
    /// The board side.
    pub n: u64,
    /// Estimated bytes allocated, what the budget is checked against.
    pub memory: u64,
    /// Estimated seconds of computation ([`cost`]).
    pub seconds: u64,
    /// The same estimate in milliseconds.
    pub millis: u64,
}

impl cost::Admit for PPositionsPlan {
    /// Its cost as admission reads it (the board argument: `n`).
    fn cost(&self) -> cost::Cost<'_> {
        cost::Cost::of_board("the outcome solver", self.n, self.memory, self.seconds)
    }
}

impl PPositionsPlan {
    /// Are the rows streamed by the linear or band kernel (every variant in
    /// the scope of one of them), rather than read off a solved table?
    pub fn streams(&self) -> bool {
        self.kernels.iter().all(|&k| k.streams())
    }
}

/// The plan for the P-positions of `game` (memoryless) on the `n x n` board.
pub fn p_positions_plan(game: &Game, n: u64) -> PPositionsPlan {
    let game = game.for_board(n);
    let kernels = outcome_kernels(&game);
    let memory = p_positions_memory(&game, n, &kernels);
    let ps: u128 = game
        .variants()
        .iter()
        .zip(&kernels)
        .map(|(r, &k)| outcome_kernel_ps(k, r, n))
        .fold(0u128, u128::saturating_add);
    PPositionsPlan {
        kernels,
        n,
        memory,
        seconds: cost::ps_seconds(ps),
        millis: cost::ps_millis(ps),
    }
}

/// What the Grundy values of a game on the `n x n` board cost, and who computes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GrundyPlan {
    pub kernel: GrundyKernel,
    /// The board side.
    pub n: u64,
    /// Estimated bytes allocated, what the budget is checked against.
    pub memory: u64,
    /// Estimated seconds of computation on one thread ([`cost`]).
    pub seconds: u64,
    /// The same estimate in milliseconds.
    pub millis: u64,
    /// Estimated wall seconds on [`GrundyPlan::threads`] workers.
    pub wall_seconds: u64,
    /// Workers the kernel runs on.
    pub threads: usize,
}

impl cost::Admit for GrundyPlan {
    /// Its cost as admission reads it (the board argument: `n`).
    fn cost(&self) -> cost::Cost<'_> {
        cost::Cost::of_board("the Grundy solver", self.n, self.memory, self.seconds)
    }
}

impl GrundyPlan {
    /// Are the rows streamed as they are found ([`GrundyKernel::streams`])?
    pub fn streams(&self) -> bool {
        self.kernel.streams()
    }
}

/// The plan for the Grundy values of `game` on the `n x n` board with `budget`
/// bytes; `None` when the game has no Grundy values
/// ([`grundy_unsupported`]).
pub fn grundy_plan(game: &Game, n: u64, budget: u64) -> Option<GrundyPlan> {
    if grundy_unsupported(game).is_some() {
        return None;
    }
    let game = game.for_board(n);
    let r = game.as_single()?;
    let kernel = grundy_kernel(r, n, budget);
    let w = wrappers::grundy(kernel);
    let memory = grundy_memory(&game, r, n, kernel);
    let threads = w.threads(usize::try_from(n).unwrap_or(usize::MAX));
    let ps = w.cost(r, n);
    let seconds = cost::ps_seconds(ps);
    Some(GrundyPlan {
        kernel,
        n,
        memory,
        seconds,
        millis: cost::ps_millis(ps),
        wall_seconds: w.wall_seconds(seconds, threads),
        threads,
    })
}

/// The peak resident bytes of `plan` (the P-positions of `game` on the
/// `n x n` board), where `plan.memory` is what its kernels allocate: zeroed
/// tables and arrays are resident only where written
/// ([`cost::sparse_resident_bytes`], [`cost::linear_resident_bytes`]). Read
/// off small boards (a fraction of a second): for `--plan`, not for runs.
pub fn p_positions_resident(game: &Game, n: u64, plan: &PPositionsPlan) -> u64 {
    let game = game.for_board(n);
    let resident = if plan.streams() {
        game.variants()
            .iter()
            .zip(&plan.kernels)
            .map(|(r, &k)| {
                let w = wrappers::outcome(k);
                w.resident(r, n, w.memory(r, n), &Probe)
            })
            .fold(0u64, u64::saturating_add)
    } else {
        // a table per variant; a streaming kernel fills the whole table, a
        // kernel that gives up leaves it to its fallback's
        game.variants()
            .iter()
            .zip(&plan.kernels)
            .map(|(r, &k)| {
                let table = wrappers::outcome(OutcomeKernel::Counters).memory(r, n);
                let w = wrappers::outcome(answering_outcome_kernel(k, r, n));
                if w.streams() {
                    table
                } else {
                    w.resident(r, n, table, &Probe)
                }
            })
            .fold(0u64, u64::saturating_add)
    };
    resident.min(plan.memory)
}

/// The peak resident bytes of `plan` (the Grundy values of `game` on the
/// `n x n` board), where `plan.memory` is what the kernel allocates
/// ([`cost::grundy_resident_bytes`]; reads the board of 512: for `--plan`,
/// not for runs).
pub fn grundy_resident(game: &Game, n: u64, plan: &GrundyPlan) -> u64 {
    let game = game.for_board(n);
    match game.as_single() {
        Some(r) => wrappers::grundy(plan.kernel).resident(r, n, plan.memory, &Probe),
        None => plan.memory,
    }
}

/// What the Grundy level sets `0..=top` of a game on the `n x n` board cost
/// ([`wrappers::Levels`]: `grundy --values 0..top`, `O(top n)` memory, one thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LevelsPlan {
    /// The board side.
    pub n: u64,
    /// The largest value listed.
    pub top: u64,
    /// At most how many positions are listed ([`wrappers::Levels::positions_bound`]:
    /// a terminal set's cells all in level 0).
    pub positions: u64,
    /// Estimated bytes allocated, what the budget is checked against: the
    /// kernel's, and the list the front end holds ([`cost::Listing`]).
    pub memory: u64,
    /// The kernel's bytes alone (resident: the held list aside).
    pub kernel_memory: u64,
    /// Estimated seconds of computation ([`cost`]).
    pub seconds: u64,
    /// The same estimate in milliseconds.
    pub millis: u64,
    /// How level `g`'s two-pile options are found: `none`, `band`, `congruence`
    /// or `scan` (every position of the level so far; quadratic).
    pub index: &'static str,
}

impl cost::Admit for LevelsPlan {
    /// Its cost as admission reads it (the board argument: `n`).
    fn cost(&self) -> cost::Cost<'_> {
        cost::Cost::of_board("the Grundy level kernel", self.n, self.memory, self.seconds)
    }
}

impl LevelsPlan {
    /// The kernel's name in plans.
    pub const NAME: &'static str = wrappers::Levels::NAME;
    /// The kernel's cost in words.
    pub fn complexity(&self) -> &'static str {
        wrappers::LEVELS.complexity(self.index)
    }
}

/// Why the level kernel does not answer a game: no Grundy values, or one-pile
/// moves of some lengths only (a value may then repeat in a row: a level is
/// not `O(n)` positions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoLevels {
    NoGrundy(NoGrundy),
    OnePileLengths,
}

/// The plan for the Grundy level sets `values.0..=values.1` of `game` on the
/// `n x n` board, its positions taken by a front end as `listing` says (the
/// kernel always builds the levels `0..=values.1`), or why the level kernel
/// does not answer it. The `scan` index's tests are read off the boards of 128
/// and 256 ([`scan_tests`]).
pub fn levels_plan(
    game: &Game,
    n: u64,
    values: (u64, u64),
    listing: cost::Listing,
) -> Result<LevelsPlan, NoLevels> {
    if let Some(why) = grundy_unsupported(game) {
        return Err(NoLevels::NoGrundy(why));
    }
    let top = values.1;
    let game = game.for_board(n);
    let r = game
        .as_single()
        .ok_or(NoLevels::NoGrundy(NoGrundy::Choice))?;
    let w = wrappers::LEVELS;
    if !w.applies(r) {
        return Err(NoLevels::OnePileLengths);
    }
    let scan = if w.index(r, n) == "scan" {
        scan_tests(r, n, top)
    } else {
        0
    };
    let positions = w.positions_bound(r, n, values);
    let ps = w
        .cost(r, n, top, scan)
        .saturating_add((positions as u128).saturating_mul(listing.ps));
    let kernel_memory = w.memory(r, n, top);
    Ok(LevelsPlan {
        n,
        top,
        positions,
        memory: kernel_memory.saturating_add(cost::list_bytes(positions, listing.held)),
        kernel_memory,
        seconds: cost::ps_seconds(ps),
        millis: cost::ps_millis(ps),
        index: w.index(r, n),
    })
}

/// The plan for the misère Grundy values of `game` (one game, misère play, no
/// blocking, no memory) on the `n x n` board: the plain kernel (no fast kernel
/// gives positions without options the value 1); `None` for a game without
/// them (a choice, blocking, memory; a normal-play game asks [`grundy_plan`]).
pub fn misere_grundy_plan(game: &Game, n: u64) -> Option<GrundyPlan> {
    if game.convention() != Convention::Misere {
        return None;
    }
    let normal = game.with_convention(Convention::Normal);
    if grundy_unsupported(&normal).is_some() {
        return None;
    }
    let game = game.for_board(n);
    let r = game.as_single()?;
    let w = wrappers::grundy(GrundyKernel::Plain);
    let ps = w.cost(r, n);
    let seconds = cost::ps_seconds(ps);
    Some(GrundyPlan {
        kernel: GrundyKernel::Plain,
        n,
        memory: grundy_table_memory(&game, r, n),
        seconds,
        millis: cost::ps_millis(ps),
        wall_seconds: seconds,
        threads: 1,
    })
}

/// The solve of one variant `r` (cut to the board) of a sweep's game on the
/// `n x n` board, by its kernel: the rates of [`p_positions_plan`], except
/// that the sparse kernel is charged its own rate without the probe that tells
/// whether it gives up: a sweep plans up to millions of games.
pub fn sweep_solve_ps(r: &Rules, n: u64) -> u128 {
    wrappers::outcome(outcome_kernel(r)).cost(r, n, &Probe)
}

/// Bytes of the board a sweep's game (`game`, every variant cut to the
/// `n x n` board) is solved on: a byte a cell per variant where no variant
/// needs the counters (the band and sparse kernels fill the table with
/// `O(n)` more; the sparse one falls back on the counters when the
/// P-positions are dense, which a sweep counts in its list of them), else the
/// counters' estimate ([`outcome_memory_estimate`]: 5-15 bytes a cell).
pub fn sweep_board_memory(game: &Game, n: u64) -> u64 {
    let banded = game
        .variants()
        .iter()
        .all(|r| outcome_kernel(&r.for_board(n)) != OutcomeKernel::Counters);
    if banded {
        n.saturating_mul(n)
            .saturating_mul(game.variants().len() as u64)
    } else {
        outcome_memory_estimate(&game.for_board(n), n)
    }
}

/// Are the P-positions of `game` on the `n x n` board streamed in
/// near-linear time (every variant's kernel [`OutcomeKernel::near_linear`])?
/// The kernels' choice alone: no probe is read.
pub fn p_positions_near_linear(game: &Game, n: u64) -> bool {
    outcome_kernels(&game.for_board(n))
        .iter()
        .all(|k| k.near_linear())
}

/// What the rectangle kernel ([`wrappers::SparseRect`]) costs on `rows x
/// cols` with about `p` P-positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RectPlan {
    pub rows: u64,
    pub cols: u64,
    /// Estimated bytes allocated.
    pub memory: u64,
    /// Work units ([`wrappers::SparseRect::units`]), what its work bound counts.
    pub units: u64,
    /// Estimated seconds of computation ([`wrappers::SparseRect::UNITS_PER_SECOND`]).
    pub seconds: u64,
    /// The same estimate in milliseconds.
    pub millis: u64,
}

impl cost::Admit for RectPlan {
    /// Its cost as admission reads it (the board argument: `cols`, the
    /// longer side; its work bound is `units`, which the caller counts).
    fn cost(&self) -> cost::Cost<'_> {
        cost::Cost::of_board("the rectangle kernel", self.cols, self.memory, self.seconds)
    }
}

/// The plan of the rectangle `rows x cols` holding about `p` P-positions.
pub fn rect_plan(rows: u64, cols: u64, p: u64) -> RectPlan {
    let w = wrappers::SPARSE_RECT;
    let units = w.units(rows, cols);
    RectPlan {
        rows,
        cols,
        memory: w.memory(cols, p),
        units,
        seconds: units / wrappers::SparseRect::UNITS_PER_SECOND,
        millis: units / (wrappers::SparseRect::UNITS_PER_SECOND / 1000),
    }
}

// The Grundy row kernel's plan (`wrappers::Rows`).

/// What rows `0..rows` over `columns` columns cost (one thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RowsPlan {
    /// Rows computed: `0..rows` (a row needs every row below it).
    pub rows: u64,
    pub columns: u64,
    /// The largest window `c` (cells of earlier rows among a cell's options).
    pub window: u64,
    /// Cells of earlier rows read, over all rows and columns.
    pub reads: u64,
    /// Estimated bytes allocated ([`wrappers::Rows::memory`]).
    pub memory: u64,
    /// Estimated seconds of computation ([`wrappers::Rows::cost`]).
    pub seconds: u64,
    pub millis: u64,
}

impl cost::Admit for RowsPlan {
    /// Its cost as admission reads it (the board argument: `columns`).
    fn cost(&self) -> cost::Cost<'_> {
        cost::Cost::of_board(
            "the Grundy row kernel",
            self.columns,
            self.memory,
            self.seconds,
        )
    }
}

impl RowsPlan {
    /// The kernel's name in plans.
    pub const NAME: &'static str = wrappers::Rows::NAME;
    /// The kernel's cost in words.
    pub fn complexity(&self) -> &'static str {
        wrappers::ROWS.complexity()
    }
}

/// The plan for rows `0..rows` of `r` over `columns` columns, or why the
/// kernel does not apply ([`wrappers::Rows::refusal`], the windows, the
/// columns' range).
pub fn rows_plan(r: &Rules, rows: u64, columns: u64) -> Result<RowsPlan, String> {
    let k = wrappers::ROWS;
    if let Some(why) = k.refusal(r) {
        return Err(why);
    }
    if columns == 0 || columns > wrappers::Rows::MAX_COLUMNS {
        return Err(format!(
            "columns out of range 1..={}",
            wrappers::Rows::MAX_COLUMNS
        ));
    }
    // the top row's window is the largest (a row reads every k <= x): checked first
    k.pairs(r, rows.saturating_sub(1), columns)?;
    let w = k.windows(r, rows, columns)?;
    let window = w.iter().copied().max().unwrap_or(0);
    if window > wrappers::Rows::MAX_WINDOW {
        return Err(format!(
            "a row reads {window} cells of earlier rows: over the kernel's window of {}",
            wrappers::Rows::MAX_WINDOW
        ));
    }
    let reads = w
        .iter()
        .fold(0u64, |a, &c| a.saturating_add(c.saturating_mul(columns)));
    let ps = k.cost(rows, columns, reads);
    Ok(RowsPlan {
        rows,
        columns,
        window,
        reads,
        memory: k.memory(rows, columns, window),
        seconds: cost::ps_seconds(ps),
        millis: cost::ps_millis(ps),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse_game;
    use crate::solve::cost::TIME_BOUND_SECONDS;

    fn game(s: &str) -> Game {
        parse_game(s).unwrap().game
    }
    fn p_positions_seconds(g: &Game, n: u64) -> u64 {
        p_positions_plan(g, n).seconds
    }
    fn grundy_seconds(g: &Game, n: u64) -> u64 {
        grundy_plan(g, n, crate::solve::table::DEFAULT_MEMORY_BUDGET)
            .unwrap()
            .seconds
    }
    fn grundy_wall_seconds(g: &Game, n: u64, threads: usize) -> u64 {
        let p = grundy_plan(g, n, crate::solve::table::DEFAULT_MEMORY_BUDGET).unwrap();
        wrappers::grundy(p.kernel).wall_seconds(p.seconds, threads)
    }

    #[test]
    fn estimates_grow_with_the_board_and_pick_the_engine() {
        // the band kernel lists Wythoff's P-positions in O(n) per row
        assert_eq!(p_positions_seconds(&game("wythoff"), 16384), 0);
        // the residue kernel (connell) is quadratic in words
        let small = p_positions_seconds(&game("connell:p=64"), 262_144);
        let big = p_positions_seconds(&game("connell:p=64"), 1_048_576);
        assert!(
            (1..=60).contains(&small) && big >= 12 * small,
            "{small} {big}"
        );
        // the tables (odd-odd: sparse, then the counters) in cells
        let small = p_positions_seconds(&game("odd-odd:s=1,t=1"), 16384);
        let big = p_positions_seconds(&game("odd-odd:s=1,t=1"), 65536);
        assert!(small <= 60 && big >= 16 * small.max(1), "{small} {big}");
        // Grundy: the streaming kernel is quadratic, the others cubic
        assert!(grundy_seconds(&game("wythoff"), 8192) <= 10);
        // the triangle halves the cells; beyond u16 values the whole board
        let (a, b) = (
            grundy_seconds(&game("wythoff"), 16384),
            grundy_seconds(&game("wythoff"), 65536),
        );
        assert!((5..60).contains(&a) && b > 32 * a, "{a} {b}");
        assert!(grundy_wall_seconds(&game("wythoff"), 65536, 2) < b);
        assert_eq!(grundy_wall_seconds(&game("wythoff"), 65536, 1), b);
        // the line-bitset and region kernels are quadratic (with cache growth);
        // what is left (eventually periodic sets of a cone, large moduli) cubic
        assert!(grundy_seconds(&game("connell:p=64"), 16384) < TIME_BOUND_SECONDS);
        assert!(grundy_seconds(&game("st-wythoff:s=2,t=1"), 16384) < TIME_BOUND_SECONDS);
        assert!(grundy_seconds(&game("st-wythoff:s=2,t=1"), 32768) > TIME_BOUND_SECONDS);
        let cubic = game("restricted:s=2,t=1,d1=min2");
        assert!(grundy_seconds(&cubic, 4096) > TIME_BOUND_SECONDS);
        assert!(grundy_seconds(&cubic, 256) < TIME_BOUND_SECONDS);
    }
}
