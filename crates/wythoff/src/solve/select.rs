//! The one place that chooses which kernel answers: given the rules, the board
//! and the memory budget, [`outcome_kernel`] picks the outcome kernel of one
//! variant and [`grundy_kernel`] the Grundy kernel, and [`p_positions_plan`] /
//! [`grundy_plan`] return what a front end needs to know before the work starts
//! (kernel, memory, seconds, threads, whether the rows stream). The
//! dispatchers ([`super::outcomes_with_progress`], [`super::grundy_with_progress`],
//! [`super::stream`]), the time estimates ([`super::cost`]) and, through
//! [`crate::answer`], the CLI and Python consume these; nothing else writes the
//! kernel order.
//!
//! Each kernel owns its scope test (`applies`, checked again by its own entry
//! point, so that a kernel called out of scope answers `None` rather than a
//! wrong table); this module only orders them and applies the budget.
//!
//! | kernel | answers | scope (from the rules value) | order |
//! |---|---|---|---|
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

use super::{cost, grundy, outcome, outcome_memory_estimate, outcome_threads, remoteness};
use crate::rules::{Game, Rules};
use crate::SolveError;

/// The outcome kernels, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum OutcomeKernel {
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
    /// Does the kernel hand the P-positions over row by row in `O(n)` memory?
    pub fn streams(self) -> bool {
        match self {
            OutcomeKernel::Linear | OutcomeKernel::Band | OutcomeKernel::Residue => true,
            OutcomeKernel::Sparse | OutcomeKernel::Counters => false,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            OutcomeKernel::Linear => "linear",
            OutcomeKernel::Band => "band",
            OutcomeKernel::Residue => "residue",
            OutcomeKernel::Sparse => "sparse",
            OutcomeKernel::Counters => "counters",
        }
    }
    /// The kernel's cost on the `n x n` board, in words ([`cost`] has the rates).
    pub fn complexity(self) -> &'static str {
        match self {
            OutcomeKernel::Linear => "O(n J log n): J jumps a row over dead columns and attacked diagonals (union-find; Fenwick maxima for a cone)",
            OutcomeKernel::Band => "O(n^2 (w + 64) / 64): a row of bitsets per 64 diagonals of a band of width w",
            OutcomeKernel::Residue => "O(n^2 / 64 x passes): bit-parallel rows, one pass per residue class and explicit step",
            OutcomeKernel::Sparse => "O(n^2): forward attacks from sparse P-positions (the counters when they are dense)",
            OutcomeKernel::Counters => "O(n^2 + n x explicit steps): prefix counts per line, every cell",
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
        match self {
            GrundyKernel::NimLike => "nim-like",
            GrundyKernel::Lines => "lines",
            GrundyKernel::Region => "region",
            GrundyKernel::Union => "union",
            GrundyKernel::Plain => "plain",
        }
    }
    /// The kernel's cost on the `n x n` board, in words ([`cost`] has the rates).
    pub fn complexity(self) -> &'static str {
        match self {
            GrundyKernel::NimLike => "O(n^2 x v / 512): value bitsets per line in 512-value blocks, v the values searched",
            GrundyKernel::Lines => "O(n^2 x v / 512): value bitsets per line and residue class",
            GrundyKernel::Region => "O(n^2 x v / 64): OR windows of value bitsets over regions",
            GrundyKernel::Union => "O(n^3 / 64): stepped unions of value bitsets",
            GrundyKernel::Plain => "O(n^3): every option visited",
        }
    }
    /// Does the kernel hand rows over as it goes (`O(n)` rows of output memory),
    /// rather than fill a whole table first?
    pub fn streams(self) -> bool {
        matches!(
            self,
            GrundyKernel::NimLike | GrundyKernel::Lines | GrundyKernel::Region
        )
    }
}

/// The outcome kernel of one variant (the rules cut to the board). The
/// choice does not depend on the board's size.
pub fn outcome_kernel(r: &Rules) -> OutcomeKernel {
    if outcome::linear::applies(r) {
        OutcomeKernel::Linear
    } else if outcome::band::applies(r) {
        OutcomeKernel::Band
    } else if outcome::residue::applies(r) {
        OutcomeKernel::Residue
    } else if outcome::sparse::applies(r) {
        OutcomeKernel::Sparse
    } else {
        OutcomeKernel::Counters
    }
}

/// The Grundy kernel of `r` (a memoryless normal-play rule without blocking, cut
/// to the board) on the `n x n` board with `budget` bytes. The region kernel is
/// taken only when its memory fits the budget (otherwise the union kernel or
/// the plain one answers, more slowly); the lines kernel is taken whenever it
/// applies, and refused over the budget.
pub fn grundy_kernel(r: &Rules, n: u64, budget: u64) -> GrundyKernel {
    if grundy::nim_like::applies(r) {
        GrundyKernel::NimLike
    } else if grundy::lines::applies(r) {
        GrundyKernel::Lines
    } else if grundy::region::memory_estimate(r, n).is_some_and(|e| e <= budget) {
        GrundyKernel::Region
    } else if grundy::union::memory_estimate(r, n).is_some() {
        GrundyKernel::Union
    } else {
        GrundyKernel::Plain
    }
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
        match self {
            RemotenessKernel::Lines => "lines",
            RemotenessKernel::Plain => "plain",
        }
    }
    /// The kernel's cost on the `n x n` board, in words ([`cost`] has the rates).
    pub fn complexity(self) -> &'static str {
        match self {
            RemotenessKernel::Lines => "O(n^2 w): whole line prefixes, w the lines a cell reads",
            RemotenessKernel::Plain => "O(n^3): every option visited",
        }
    }
}

/// The remoteness kernel of one variant (the rules cut to the board).
pub fn remoteness_kernel(r: &Rules) -> RemotenessKernel {
    if remoteness::lines::scope(r).is_some() {
        RemotenessKernel::Lines
    } else {
        RemotenessKernel::Plain
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
        .map(|(r, &k)| cost::remoteness_kernel_ps(k, r, n))
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
    let band_width = |r: &Rules| {
        r.two_pile()
            .and_then(|t| t.relation.band_width())
            .unwrap_or(0)
    };
    let memory = if streams {
        game.variants()
            .iter()
            .zip(&kernels)
            .map(|(r, k)| match k {
                OutcomeKernel::Linear => outcome::linear::memory_estimate(r, n),
                OutcomeKernel::Residue => outcome::residue::memory_estimate(r, n),
                _ => outcome::band::BandKernel::memory_estimate(n, band_width(r)),
            })
            .fold(0u64, u64::saturating_add)
    } else {
        outcome_memory_estimate(&game, n)
    };
    let ps: u128 = game
        .variants()
        .iter()
        .zip(&kernels)
        .map(|(r, &k)| cost::outcome_kernel_ps(k, r, n))
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
    let table = || grundy::plain::memory_estimate(r, n).max(outcome_memory_estimate(&game, n));
    let memory = match kernel {
        GrundyKernel::NimLike => grundy::nim_like::memory_estimate(r, n),
        GrundyKernel::Lines => grundy::lines::memory_estimate(r, n).expect("applies"),
        GrundyKernel::Region => grundy::region::memory_estimate(r, n).expect("fits"),
        GrundyKernel::Union => table().max(grundy::union::memory_estimate(r, n).expect("applies")),
        GrundyKernel::Plain => table(),
    };
    let threads = match kernel {
        GrundyKernel::NimLike | GrundyKernel::Lines | GrundyKernel::Region => {
            outcome_threads(usize::try_from(n).unwrap_or(usize::MAX))
        }
        GrundyKernel::Union | GrundyKernel::Plain => 1,
    };
    let ps = cost::grundy_kernel_ps(kernel, r, n);
    let seconds = cost::ps_seconds(ps);
    Some(GrundyPlan {
        kernel,
        n,
        memory,
        seconds,
        millis: cost::ps_millis(ps),
        wall_seconds: cost::grundy_kernel_wall_seconds(kernel, seconds, threads),
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
    let band_width = |r: &Rules| {
        r.two_pile()
            .and_then(|t| t.relation.band_width())
            .unwrap_or(0)
    };
    let threads = outcome_threads(usize::try_from(n).unwrap_or(usize::MAX));
    let resident = if plan.streams() {
        game.variants()
            .iter()
            .zip(&plan.kernels)
            .map(|(r, k)| match k {
                OutcomeKernel::Linear => {
                    cost::linear_resident_bytes(r, n, outcome::linear::memory_estimate(r, n))
                }
                OutcomeKernel::Residue => outcome::residue::memory_estimate(r, n),
                _ => outcome::band::BandKernel::memory_estimate(n, band_width(r)),
            })
            .fold(0u64, u64::saturating_add)
    } else {
        game.variants()
            .iter()
            .zip(&plan.kernels)
            .map(|(r, k)| {
                let table = outcome::counters::memory_estimate(r, n, threads);
                match k {
                    OutcomeKernel::Sparse => cost::sparse_resident_bytes(r, n, table),
                    _ => table,
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
        Some(r) => cost::grundy_resident_bytes(plan.kernel, r, n, plan.memory),
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
    /// Estimated bytes allocated, what the budget is checked against.
    pub memory: u64,
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
    pub const NAME: &'static str = "levels";
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
        match self.index {
            "scan" => "O(v n^2): level by level, every candidate tested against the level so far (v levels)",
            _ => "O(v n (v + w)): level by level, one scan a row over free columns (v levels, w diagonals of a band)",
        }
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

/// The plan for the Grundy level sets `0..=top` of `game` on the `n x n` board,
/// or why the level kernel does not answer it.
pub fn levels_plan(game: &Game, n: u64, top: u64) -> Result<LevelsPlan, NoLevels> {
    if let Some(why) = super::grundy_unsupported(game) {
        return Err(NoLevels::NoGrundy(why));
    }
    let game = game.for_board(n);
    let r = game
        .as_single()
        .ok_or(NoLevels::NoGrundy(super::NoGrundy::Choice))?;
    if !grundy::levels::applies(r) {
        return Err(NoLevels::OnePileLengths);
    }
    let ps = cost::levels_ps(r, n, top);
    Ok(LevelsPlan {
        n,
        top,
        memory: grundy::levels::memory_estimate(r, n, top),
        seconds: cost::ps_seconds(ps),
        millis: cost::ps_millis(ps),
        index: match grundy::levels::two_pile_index(r, n) {
            grundy::levels::TwoPileIndex::NoMoves => "none",
            grundy::levels::TwoPileIndex::Band(_) => "band",
            grundy::levels::TwoPileIndex::Congruent(_) => "congruence",
            grundy::levels::TwoPileIndex::Scan => "scan",
        },
    })
}

/// The plan for the misère Grundy values of `game` (one game, misère play, no
/// blocking, no memory) on the `n x n` board: the plain kernel (no fast kernel
/// gives positions without options the value 1); `None` for a game without
/// them (a choice, blocking, memory; a normal-play game asks [`grundy_plan`]).
pub fn misere_grundy_plan(game: &Game, n: u64) -> Option<GrundyPlan> {
    if game.convention() != crate::rules::Convention::Misere {
        return None;
    }
    let normal = game.with_convention(crate::rules::Convention::Normal);
    if super::grundy_unsupported(&normal).is_some() {
        return None;
    }
    let game = game.for_board(n);
    let r = game.as_single()?;
    let ps = cost::grundy_kernel_ps(GrundyKernel::Plain, r, n);
    let seconds = cost::ps_seconds(ps);
    Some(GrundyPlan {
        kernel: GrundyKernel::Plain,
        n,
        memory: grundy::plain::memory_estimate(r, n).max(outcome_memory_estimate(&game, n)),
        seconds,
        millis: cost::ps_millis(ps),
        wall_seconds: seconds,
        threads: 1,
    })
}
