//! The one place that chooses which kernel answers: given the rules, the board
//! and the memory budget, [`outcome_kernel`] picks the outcome kernel of one
//! variant and [`grundy_kernel`] the Grundy kernel, and [`p_positions_plan`] /
//! [`grundy_plan`] return what a front end needs to know before the work starts
//! (kernel, memory, seconds, threads, whether the rows stream). The
//! dispatchers ([`super::outcomes_with_progress`], [`super::grundy_with_progress`],
//! [`super::stream`]) and, through the front door (`answer`), the CLI and
//! Python consume these; nothing else writes the kernel order. Each kernel's
//! scope, memory, rates, table and rows are its wrapper's ([`super::wrappers`]);
//! this module also owns every fallback (a kernel that gives up:
//! [`OutcomeKernel::fallback`], [`GrundyKernel::fallback`],
//! [`RemotenessKernel::fallback`]) and the probes that read small boards
//! ([`p_positions_count`], [`dense`], [`grundy_values_estimate`]).
//!
//! Each kernel owns its scope test (`applies`, checked again by its own entry
//! point, so that a kernel called out of scope answers `None` rather than a
//! wrong table); this module only orders them and applies the budget.
//!
//! | kernel | answers | scope (from the rules value) | order |
//! |---|---|---|---|
//! | [`OutcomeKernel::Pass`] ([`super::outcome::pass`]) | outcomes of a game with a pass, from the outcomes of the game without it (by its own kernel) | a pass (and only a pass: every other kernel refuses one) | 1st |
//! | [`OutcomeKernel::Linear`] ([`super::outcome::linear`]) | P-positions streamed, near-linear | one-pile moves of every length; two-pile moves of every length in a band (width <= 64) or a cone (`t <= 64`); one-pile blocking (`p <= 8`) or diagonal blocking; corner; misère | 1st |
//! | [`OutcomeKernel::Band`] ([`super::outcome::band`]) | outcomes, P-positions streamed | one-pile moves of any length, a band of diagonals (width <= 4096) of any length, blocking, corner, misère | 2nd |
//! | [`OutcomeKernel::Residue`] ([`super::outcome::residue`]) | P-positions streamed, bit-parallel rows | one-pile sets with threshold and period <= 256; two-pile moves of every length in a band (width <= 64); corner; misère on a full board; no blocking | 3rd |
//! | [`OutcomeKernel::Sparse`] ([`super::outcome::sparse`]) | outcomes | no blocking; misère on a full board; gives up when the P-positions are dense (then the counters) | 4th |
//! | [`OutcomeKernel::Counters`] ([`super::outcome::counters`]) | outcomes | every memoryless rule | last |
//! | [`GrundyKernel::NimLike`] ([`super::grundy::nim_like`]) | Grundy rows streamed | Nim / Wythoff-like: all lengths, band width 1 | 1st |
//! | [`GrundyKernel::Lines`] ([`super::grundy::lines`]) | Grundy rows streamed | bands and residue classes | 2nd (refused, not skipped, over the budget) |
//! | [`GrundyKernel::Region`] ([`super::grundy::region`]) | Grundy rows streamed | cone `s >= 2`, congruence, purely periodic sets | 3rd, when its memory fits the budget |
//! | [`GrundyKernel::Union`] ([`super::grundy::union`]) | Grundy table | band / cone / congruence with eventually periodic sets | 4th (may give up: rings too deep, then plain) |
//! | [`GrundyKernel::Plain`] ([`super::grundy::plain`]) | Grundy table | every rule with Grundy values | last |
//! | levels ([`super::grundy::levels`], [`levels_plan`]) | the level sets of the values `0..=G` alone (`grundy --values`), `O(G n)` memory | Grundy values, one-pile moves of every length on both piles | its own request, not in the order |
//! | [`GrundyKernel::Plain`] for misère rules ([`misere_grundy_plan`]) | misère Grundy values of one game (no options: 1) | one game in misère play, no blocking, no memory | the only one |
//!
//! A terminal set (`x + y <= L`: no move) or the block class `all` (any option
//! blockable) is in no fast kernel's scope: the counters answer the outcomes and
//! the plain kernel the Grundy values (a terminal set; blocking has none).

use super::{cost, grundy, outcome_memory_estimate, wrappers, GrundyTable, OutcomeTable};
use crate::rules::{Convention, Game, Rules};
use crate::SolveError;

/// The outcome kernels, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum OutcomeKernel {
    /// A game with a pass: the game without it by its own kernel, then the
    /// pass (`outcome::pass`); no other kernel takes a pass.
    Pass,
    /// Jumps over dead columns and attacked diagonals; near-linear; streams.
    Linear,
    /// Row bitsets for one-pile moves plus a band of diagonals; streams.
    Band,
    /// Bit-parallel rows for eventually periodic one-pile sets; streams.
    Residue,
    /// Forward attacks from sparse P-positions; falls back to the counters
    /// when the P-positions are dense.
    Sparse,
    /// The general counter solver (any memoryless rules).
    Counters,
}

impl OutcomeKernel {
    /// Every kernel, in the order they are tried.
    pub const ORDER: [OutcomeKernel; 6] = [
        OutcomeKernel::Pass,
        OutcomeKernel::Linear,
        OutcomeKernel::Band,
        OutcomeKernel::Residue,
        OutcomeKernel::Sparse,
        OutcomeKernel::Counters,
    ];
    /// Does the kernel hand the P-positions over row by row in `O(n)` memory?
    pub fn streams(self) -> bool {
        wrappers::outcome(self).streams()
    }
    pub fn name(self) -> &'static str {
        wrappers::outcome(self).name()
    }
    /// The kernel's cost on the `n x n` board, in words ([`wrappers`] has the rates).
    pub fn complexity(self) -> &'static str {
        wrappers::outcome(self).complexity()
    }
    /// The kernel that answers when this one gives up: the sparse kernel gives
    /// up when the P-positions are dense, then the counters answer.
    pub fn fallback(self) -> Option<OutcomeKernel> {
        match self {
            OutcomeKernel::Sparse => Some(OutcomeKernel::Counters),
            _ => None,
        }
    }
}

/// The Grundy kernels, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum GrundyKernel {
    /// Nim / Wythoff-like (`grundy::nim_like`): tiled line bitsets; streams.
    NimLike,
    /// Bands and residue classes (`grundy::lines`); streams.
    Lines,
    /// Cone and congruence with purely periodic sets (`grundy::region`); streams.
    Region,
    /// Stepped unions of value bitsets (`grundy::union`); a table.
    Union,
    /// Every option visited (`grundy`); a table.
    Plain,
}

impl GrundyKernel {
    pub fn name(self) -> &'static str {
        wrappers::grundy(self).name()
    }
    /// The kernel's cost on the `n x n` board, in words ([`wrappers`] has the rates).
    pub fn complexity(self) -> &'static str {
        wrappers::grundy(self).complexity()
    }
    /// Does the kernel hand rows over as it goes (`O(n)` rows of output memory),
    /// rather than fill a whole table first?
    pub fn streams(self) -> bool {
        wrappers::grundy(self).streams()
    }
    /// The kernel that answers when this one gives up: the union kernel gives
    /// up when its rings would be too deep, then the plain one answers.
    pub fn fallback(self) -> Option<GrundyKernel> {
        match self {
            GrundyKernel::Union => Some(GrundyKernel::Plain),
            _ => None,
        }
    }
}

/// The outcome kernel of one variant (the rules cut to the board). The
/// choice does not depend on the board's size.
pub fn outcome_kernel(r: &Rules) -> OutcomeKernel {
    OutcomeKernel::ORDER
        .into_iter()
        .find(|&k| wrappers::outcome(k).applies(r))
        .unwrap_or(OutcomeKernel::Counters)
}

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

/// The outcome table of one variant `r` (cut to the board) by the kernel
/// [`outcome_kernel`] picks, or by its fallback when it gives up;
/// `rows(done)` as rows are solved.
pub(crate) fn outcome_table(r: &Rules, n: usize, rows: &mut dyn FnMut(u64)) -> OutcomeTable {
    let mut kernel = Some(outcome_kernel(r));
    while let Some(k) = kernel {
        if let Some(t) = wrappers::outcome(k).table(r, n, rows) {
            return t;
        }
        kernel = k.fallback();
    }
    unreachable!("the counters kernel answers every memoryless rule")
}

/// Picoseconds of `kernel` on one variant `r` (cut to the board) on the
/// `n x n` board, its attempt and fallback included where it gives up.
pub(crate) fn outcome_kernel_ps(kernel: OutcomeKernel, r: &Rules, n: u64) -> u128 {
    let answering = answering_outcome_kernel(kernel, r, n);
    if answering == kernel {
        wrappers::outcome(kernel).cost(r, n)
    } else {
        wrappers::outcome(kernel).give_up_cost(r, n) + outcome_kernel_ps(answering, r, n)
    }
}

/// The Grundy kernel of `r` (a memoryless normal-play rule without blocking, cut
/// to the board) on the `n x n` board with `budget` bytes. The region kernel is
/// taken only when its memory fits the budget (otherwise the union kernel or
/// the plain one answers, more slowly); the lines kernel is taken whenever it
/// applies, and refused over the budget.
pub fn grundy_kernel(r: &Rules, n: u64, budget: u64) -> GrundyKernel {
    use wrappers::grundy as w;
    use GrundyKernel as K;
    if w(K::NimLike).applies(r) {
        K::NimLike
    } else if w(K::Lines).applies(r) {
        K::Lines
    } else if w(K::Region).memory(r, n).is_some_and(|e| e <= budget) {
        K::Region
    } else if w(K::Union).memory(r, n).is_some() {
        K::Union
    } else {
        K::Plain
    }
}

/// The Grundy table of `r` (cut to the board) by `kernel` ([`grundy_kernel`]
/// chose it), or by its fallback when it gives up; a kernel whose memory is
/// checked again ([`wrappers::GrundyWrapper::checked_as`]) is refused over
/// the budget first.
pub(crate) fn grundy_table(
    kernel: GrundyKernel,
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<GrundyTable, SolveError> {
    let mut next = Some(kernel);
    while let Some(k) = next {
        let w = wrappers::grundy(k);
        if let Some(what) = w.checked_as() {
            let est = w.memory(r, n as u64).unwrap_or(u64::MAX);
            if est > super::memory_budget() {
                return Err(super::over_memory(n, what, est));
            }
        }
        if let Some(t) = w.table(r, n, progress) {
            return Ok(t);
        }
        next = k.fallback();
    }
    unreachable!("the plain kernel answers every rule with Grundy values")
}

/// The remoteness kernels, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum RemotenessKernel {
    /// Whole line prefixes (`remoteness::lines`): `O(w)` a cell.
    Lines,
    /// Every option visited (`remoteness::plain_table`).
    Plain,
}

impl RemotenessKernel {
    pub fn name(self) -> &'static str {
        wrappers::remoteness(self).name()
    }
    /// The kernel's cost on the `n x n` board, in words ([`wrappers`] has the rates).
    pub fn complexity(self) -> &'static str {
        wrappers::remoteness(self).complexity()
    }
    /// The kernel that answers when this one gives up (the line kernel: plain).
    pub fn fallback(self) -> Option<RemotenessKernel> {
        match self {
            RemotenessKernel::Lines => Some(RemotenessKernel::Plain),
            RemotenessKernel::Plain => None,
        }
    }
}

/// The remoteness kernel of one variant (the rules cut to the board).
pub fn remoteness_kernel(r: &Rules) -> RemotenessKernel {
    if wrappers::remoteness(RemotenessKernel::Lines).applies(r) {
        RemotenessKernel::Lines
    } else {
        RemotenessKernel::Plain
    }
}

/// The remoteness table of one variant `r` by [`remoteness_kernel`]'s
/// choice, or by its fallback when it gives up.
pub(crate) fn remoteness_table(r: &Rules, n: usize) -> super::remoteness::RemotenessTable {
    let mut next = Some(remoteness_kernel(r));
    while let Some(k) = next {
        if let Some(t) = wrappers::remoteness(k).table(r, n) {
            return t;
        }
        next = k.fallback();
    }
    unreachable!("the plain remoteness kernel answers every memoryless rule")
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

impl RemotenessPlan {
    /// Refuse it beyond `bound` ([`cost::admit`]).
    pub fn admit(&self, bound: cost::Bound) -> Result<(), SolveError> {
        cost::admit(
            "the remoteness table",
            self.n,
            self.memory,
            self.seconds,
            bound,
        )
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

impl PPositionsPlan {
    /// Refuse it beyond `bound` ([`cost::admit`]).
    pub fn admit(&self, bound: cost::Bound) -> Result<(), SolveError> {
        cost::admit(
            "the outcome solver",
            self.n,
            self.memory,
            self.seconds,
            bound,
        )
    }
    /// Are the rows streamed by the linear or band kernel (every variant in
    /// the scope of one of them), rather than read off a solved table?
    pub fn streams(&self) -> bool {
        self.kernels.iter().all(|&k| k.streams())
    }
}

/// The plan for the P-positions of `game` (memoryless) on the `n x n` board.
pub fn p_positions_plan(game: &Game, n: u64) -> PPositionsPlan {
    let game = game.for_board(n);
    let kernels: Vec<OutcomeKernel> = game.variants().iter().map(outcome_kernel).collect();
    let streams = kernels.iter().all(|&k| k.streams());
    let memory = if streams {
        game.variants()
            .iter()
            .zip(&kernels)
            .map(|(r, &k)| wrappers::outcome(k).memory(r, n))
            .fold(0u64, u64::saturating_add)
    } else {
        outcome_memory_estimate(&game, n)
    };
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

impl GrundyPlan {
    /// Refuse it beyond `bound` ([`cost::admit`]; the seconds of one thread).
    pub fn admit(&self, bound: cost::Bound) -> Result<(), SolveError> {
        cost::admit(
            "the Grundy solver",
            self.n,
            self.memory,
            self.seconds,
            bound,
        )
    }
    /// Are the rows streamed as they are found ([`GrundyKernel::streams`])?
    pub fn streams(&self) -> bool {
        self.kernel.streams()
    }
}

/// The plan for the Grundy values of `game` on the `n x n` board with `budget`
/// bytes; `None` when the game has no Grundy values
/// ([`super::grundy_unsupported`]).
pub fn grundy_plan(game: &Game, n: u64, budget: u64) -> Option<GrundyPlan> {
    if super::grundy_unsupported(game).is_some() {
        return None;
    }
    let game = game.for_board(n);
    let r = game.as_single()?;
    let kernel = grundy_kernel(r, n, budget);
    let w = wrappers::grundy(kernel);
    // the kernel's own state; a table kernel also holds the table and the
    // outcome check's (the plain kernel's state is the table)
    let own = w.memory(r, n).unwrap_or(u64::MAX);
    let memory = if w.streams() {
        own
    } else {
        grundy_table_memory(&game, r, n).max(own)
    };
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

/// Bytes of a Grundy table of `game` (one variant `r`, cut to the board) on
/// the `n x n` board and of the outcome table the board check counts.
fn grundy_table_memory(game: &Game, r: &Rules, n: u64) -> u64 {
    let table = wrappers::grundy(GrundyKernel::Plain)
        .memory(r, n)
        .unwrap_or(u64::MAX);
    table.max(outcome_memory_estimate(game, n))
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
                w.resident(r, n, w.memory(r, n))
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
                    w.resident(r, n, table)
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
        Some(r) => wrappers::grundy(plan.kernel).resident(r, n, plan.memory),
        None => plan.memory,
    }
}

/// What the Grundy level sets `0..=top` of a game on the `n x n` board cost
/// ([`grundy::levels`]: `grundy --values 0..top`, `O(top n)` memory, one thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LevelsPlan {
    /// The board side.
    pub n: u64,
    /// The largest value listed.
    pub top: u64,
    /// At most how many positions are listed ([`grundy::levels::positions_bound`]:
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

impl LevelsPlan {
    /// The kernel's name in plans.
    pub const NAME: &'static str = wrappers::Levels::NAME;
    /// Refuse it beyond `bound` ([`cost::admit`]).
    pub fn admit(&self, bound: cost::Bound) -> Result<(), SolveError> {
        cost::admit(
            "the Grundy level kernel",
            self.n,
            self.memory,
            self.seconds,
            bound,
        )
    }
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
    NoGrundy(super::NoGrundy),
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
    if let Some(why) = super::grundy_unsupported(game) {
        return Err(NoLevels::NoGrundy(why));
    }
    let top = values.1;
    let game = game.for_board(n);
    let r = game
        .as_single()
        .ok_or(NoLevels::NoGrundy(super::NoGrundy::Choice))?;
    let w = wrappers::LEVELS;
    if !w.applies(r) {
        return Err(NoLevels::OnePileLengths);
    }
    let scan = if grundy::levels::two_pile_index(r, n) == grundy::levels::TwoPileIndex::Scan {
        scan_tests(r, n, top)
    } else {
        0
    };
    let positions = grundy::levels::positions_bound(r, n, values);
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

/// Side of the larger board the `scan` index's tests are read off.
const SCAN_PROBE: u64 = 256;
/// Most levels a probe builds (more levels: scaled by their number).
const SCAN_PROBE_LEVELS: u64 = 16;

/// The options the `scan` index of the level kernel tests for the levels
/// `0..=top` of `r` on the `n x n` board ([`grundy::levels::scan_tests`]):
/// counted exactly up to the board of 256 (at most 16 levels, then scaled by
/// the levels), else counted on the boards of 128 and 256 and extrapolated
/// with the power of `n` they show (between 1 and 4: a cone `s >= 2` tests
/// about `n^2` options a row, a restricted length set `n^2` to `n^3`). Issue
/// 53: the former `n^2 / 12` picoseconds a row was 100-1400x low. A probe
/// takes milliseconds (`st-wythoff:s=2,t=1`, 16 levels at 256: about 0.02 s).
fn scan_tests(r: &Rules, n: u64, top: u64) -> u128 {
    let probe_top = top.min(SCAN_PROBE_LEVELS - 1);
    let levels_scale = (top as f64 + 1.0) / (probe_top as f64 + 1.0);
    let count = |m: u64| grundy::levels::scan_tests(r, m, probe_top as u32).unwrap_or(0) as f64;
    let tests = if n <= SCAN_PROBE {
        count(n)
    } else {
        let (small, large) = (count(SCAN_PROBE / 2), count(SCAN_PROBE));
        let power = if small > 0.0 && large > small {
            (large / small).log2().clamp(1.0, 4.0)
        } else {
            3.0
        };
        large.max(1.0) * (n as f64 / SCAN_PROBE as f64).powf(power)
    };
    let total = tests * levels_scale;
    if total >= u128::MAX as f64 {
        u128::MAX
    } else {
        total as u128
    }
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
    if super::grundy_unsupported(&normal).is_some() {
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

// ---------------------------------------------------------------- probes
// Small boards solved to estimate a large one: what the plans and the
// fallbacks read (never a run's answer).

/// The number of P-positions of `game` on the `n x n` board, for the bytes a
/// plan counts (lists, written pages): the board itself up to 2048, else read
/// off the boards of 1024 and 2048 (solved, well under a second): four
/// times as many on the larger board grows with `n^2`, about twice with `n`,
/// fewer (a finite set, as m-Modular Wythoff's) is taken as twice the larger
/// board's.
pub fn p_positions_count(game: &Game, n: u64) -> u64 {
    let count =
        |m: u64| super::outcomes(game, m as usize).map_or(0, |t| t.p_positions().len() as u64);
    if n <= 2048 {
        return count(n);
    }
    let (a, b) = (count(1024), count(2048));
    let k = n.div_ceil(2048);
    if b >= 3 * a.max(1) {
        b.saturating_mul(k).saturating_mul(k)
    } else if 4 * b >= 7 * a {
        b.saturating_mul(k)
    } else {
        b.saturating_mul(2)
    }
}

/// Are the P-positions of `game` dense on the `n x n` board (a number of them
/// growing with `n^2`, as Odd-Odd's quarter of the cells)? Read off the boards
/// of 32 and 64 ([`p_positions_estimate`]). Where they are, the sparse kernel
/// gives up ([`OutcomeKernel::fallback`]).
pub(crate) fn dense(game: &Game, n: u64) -> bool {
    if n <= 64 {
        return false;
    }
    let (a, b) = probe_counts(game);
    b >= 3 * a.max(1)
}

fn probe_counts(game: &Game) -> (u64, u64) {
    let count =
        |m: u64| super::outcomes(game, m as usize).map_or(0, |t| t.p_positions().len() as u64);
    (count(32), count(64))
}

/// The number of P-positions of `game` on the `n x n` board, estimated from
/// the boards of 32 and 64 (solved, a few microseconds): sparse games (pairs
/// of sequences) have about twice as many on the larger board, dense ones
/// (odd-odd: a quarter of the cells) four times; the count grows with `n` or
/// `n^2` accordingly.
pub fn p_positions_estimate(game: &Game, n: u64) -> u64 {
    if n <= 64 {
        return super::outcomes(game, n as usize).map_or(0, |t| t.p_positions().len() as u64);
    }
    let (a, b) = probe_counts(game);
    if b >= 3 * a.max(1) {
        b.saturating_mul(n / 64 + 1).saturating_mul(n / 64 + 1)
    } else {
        b.saturating_mul(n / 64 + 1)
    }
}

/// Side of the board the value estimate reads.
const VALUE_PROBE: u64 = 512;

/// The largest Grundy value of `r` on the `n x n` board, estimated from the
/// board of [`VALUE_PROBE`] (solved, a few milliseconds): the values of the
/// band and residue games grow with the side; with a block (512 values) of
/// room. `None` for boards up to twice the probe (no estimate: the bound).
pub(crate) fn grundy_values_estimate(r: &Rules, n: u64) -> Option<u64> {
    if n <= 2 * VALUE_PROBE {
        return None;
    }
    let mut max = 0u32;
    super::stream::grundy(
        &Game::single(r.clone()),
        VALUE_PROBE as usize,
        &mut |_, _| {},
        &mut |_, row| {
            max = row
                .iter()
                .filter(|&&v| v != super::GRUNDY_OFF)
                .fold(max, |m, &v| m.max(v))
        },
    )
    .ok()?;
    Some((max as u64 + 1).saturating_mul(n) / VALUE_PROBE + 512)
}

/// The solve of one variant `r` (cut to the board) of a sweep's game on the
/// `n x n` board, by its kernel: the rates of [`p_positions_plan`], except
/// that the sparse kernel is charged its own rate without the probe that tells
/// whether it gives up: a sweep plans up to millions of games.
pub fn sweep_solve_ps(r: &Rules, n: u64) -> u128 {
    wrappers::outcome(outcome_kernel(r)).cost(r, n)
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
        grundy_plan(g, n, crate::solve::DEFAULT_MEMORY_BUDGET)
            .unwrap()
            .seconds
    }
    fn grundy_wall_seconds(g: &Game, n: u64, threads: usize) -> u64 {
        let p = grundy_plan(g, n, crate::solve::DEFAULT_MEMORY_BUDGET).unwrap();
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

    /// The order is the enum's, and each kernel's scope is its wrapper's: the
    /// first kernel of the order whose wrapper applies is the one picked.
    #[test]
    fn the_order_picks_the_first_wrapper_that_applies() {
        for g in [
            "wythoff",
            "connell:p=3",
            "odd-odd:s=1,t=1",
            "st-wythoff:s=2,t=1",
            "nim",
        ] {
            let g = game(g);
            for r in g.for_board(64).variants() {
                let k = outcome_kernel(r);
                let first = OutcomeKernel::ORDER
                    .into_iter()
                    .position(|o| wrappers::outcome(o).applies(r))
                    .unwrap();
                assert_eq!(OutcomeKernel::ORDER[first], k);
                assert_eq!(k.name(), wrappers::outcome(k).name());
            }
        }
        // the sparse kernel gives up on dense P-positions: the counters answer
        assert_eq!(
            OutcomeKernel::Sparse.fallback(),
            Some(OutcomeKernel::Counters)
        );
        assert_eq!(GrundyKernel::Union.fallback(), Some(GrundyKernel::Plain));
    }
}
