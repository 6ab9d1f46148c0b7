//! The strategy: the one place that chooses which kernel answers. Given the
//! rules, the board and the memory budget, [`outcome_kernel`] picks the outcome
//! kernel of one variant, [`grundy_kernel`] the Grundy kernel and
//! [`remoteness_kernel`] the remoteness kernel, in the order the wrappers
//! declare ([`OutcomeKernel::ORDER`], [`GrundyKernel::ORDER`],
//! [`RemotenessKernel::ORDER`]); [`outcome_table`], [`grundy_table`] and
//! [`remoteness_table`] run the choice and, where a kernel gives up, its
//! fallback ([`OutcomeKernel::fallback`], [`GrundyKernel::fallback`],
//! [`RemotenessKernel::fallback`], declared beside the wrappers). Each kernel's
//! scope, memory, rates, table and rows are its wrapper's ([`super::wrappers`]);
//! the dispatchers ([`super::run`], [`super::stream`]) run what this module
//! picks, the plans ([`super::plan`]) price it, the probes ([`super::probe`])
//! read small boards for them. This module imports none of those.
//!
//! Each kernel owns its scope test (`applies`, checked again by its own entry
//! point, so that a kernel called out of scope answers `None` rather than a
//! wrong table); this module only orders them and applies the budget.
//!
//! | kernel | answers | scope (from the rules value) | order |
//! |---|---|---|---|
//! | [`OutcomeKernel::Pass`] ([`super::outcome::pass`]) | outcomes of a game with a pass, from the outcomes of the game without it (by its own kernel) | a pass (and only a pass: every other kernel refuses one) | 1st |
//! | [`OutcomeKernel::Linear`] ([`super::outcome::linear`]) | P-positions streamed, near-linear | one-pile moves of every length; two-pile moves of every length in a band (width <= 64) or a cone (`t <= 64`); one-pile blocking (`p <= 8`) or diagonal blocking; corner; misère | 2nd |
//! | [`OutcomeKernel::Band`] ([`super::outcome::band`]) | outcomes, P-positions streamed | one-pile moves of any length, a band of diagonals (width <= 4096) of any length, blocking, corner, misère | 3rd |
//! | [`OutcomeKernel::Residue`] ([`super::outcome::residue`]) | P-positions streamed, bit-parallel rows | one-pile sets with threshold and period <= 256; two-pile moves of every length in a band (width <= 64); corner; misère on a full board; no blocking | 4th |
//! | [`OutcomeKernel::Sparse`] ([`super::outcome::sparse`]) | outcomes | no blocking; misère on a full board; gives up when the P-positions are dense (then the counters) | 5th |
//! | [`OutcomeKernel::Counters`] ([`super::outcome::counters`]) | outcomes | every memoryless rule | last |
//! | [`GrundyKernel::NimLike`] ([`super::grundy::nim_like`]) | Grundy rows streamed | Nim / Wythoff-like: all lengths, band width 1 | 1st |
//! | [`GrundyKernel::Lines`] ([`super::grundy::lines`]) | Grundy rows streamed | bands and residue classes | 2nd (refused, not skipped, over the budget) |
//! | [`GrundyKernel::Region`] ([`super::grundy::region`]) | Grundy rows streamed | cone `s >= 2`, congruence, purely periodic sets | 3rd, when its memory fits the budget |
//! | [`GrundyKernel::Union`] ([`super::grundy::union`]) | Grundy table | band / cone / congruence with eventually periodic sets | 4th (may give up: rings too deep, then plain) |
//! | [`GrundyKernel::Plain`] ([`super::grundy::plain`]) | Grundy table | every rule with Grundy values | last |
//! | levels ([`super::grundy::levels`], [`super::plan::levels_plan`]) | the level sets of the values `0..=G` alone (`grundy --values`), `O(G n)` memory | Grundy values, one-pile moves of every length on both piles | its own request, not in the order |
//! | rows ([`super::grundy::rows`], [`super::plan::rows_plan`]) | Grundy rows `0..R` over `Y` columns, each certified additively periodic where it can be (`rows`, `grundy GAME X Y`), `O(R Y)` memory | normal play; one-pile moves of every length on the second pile; finitely many two-pile moves `(k, l)` for each `k` | its own request, not in the order |
//! | rectangle ([`super::outcome::sparse_rect`], [`super::plan::rect_plan`]) | the P-positions of a rectangle alone (`sequence`'s pairs), `O(cols + P)` memory | normal play, memoryless, no blocking, no pass, no terminal set | its own request, not in the order |
//! | [`GrundyKernel::Plain`] for misère rules ([`super::plan::misere_grundy_plan`]) | misère Grundy values of one game (no options: 1) | one game in misère play, no blocking, no memory | the only one |
//!
//! A terminal set (`x + y <= L`: no move) or the block class `all` (any option
//! blockable) is in no fast kernel's scope: the counters answer the outcomes and
//! the plain kernel the Grundy values (a terminal set; blocking has none).

use super::remoteness::RemotenessTable;
use super::table::{memory_budget, over_memory, GrundyTable, OutcomeTable};
use super::wrappers::{self, GrundyKernel, OutcomeKernel, RemotenessKernel};
use crate::error::SolveError;
use crate::rules::Rules;

/// The outcome kernel of one variant (the rules cut to the board). The
/// choice does not depend on the board's size.
pub fn outcome_kernel(r: &Rules) -> OutcomeKernel {
    OutcomeKernel::ORDER
        .into_iter()
        .find(|&k| wrappers::outcome(k).applies(r))
        .unwrap_or(OutcomeKernel::Counters)
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

/// The Grundy kernel of `r` (a memoryless normal-play rule without blocking, cut
/// to the board) on the `n x n` board with `budget` bytes: the first of
/// [`GrundyKernel::ORDER`] whose wrapper answers there
/// ([`wrappers::GrundyWrapper::answers`]: the region kernel only when its
/// memory fits the budget, otherwise the union kernel or the plain one
/// answers, more slowly; the lines kernel whenever it applies, refused over
/// the budget).
pub fn grundy_kernel(r: &Rules, n: u64, budget: u64) -> GrundyKernel {
    GrundyKernel::ORDER
        .into_iter()
        .find(|&k| wrappers::grundy(k).answers(r, n, budget))
        .unwrap_or(GrundyKernel::Plain)
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
            if est > memory_budget() {
                return Err(over_memory(n, what, est));
            }
        }
        if let Some(t) = w.table(r, n, progress) {
            return Ok(t);
        }
        next = k.fallback();
    }
    unreachable!("the plain kernel answers every rule with Grundy values")
}

/// The remoteness kernel of one variant (the rules cut to the board).
pub fn remoteness_kernel(r: &Rules) -> RemotenessKernel {
    RemotenessKernel::ORDER
        .into_iter()
        .find(|&k| wrappers::remoteness(k).applies(r))
        .unwrap_or(RemotenessKernel::Plain)
}

/// The remoteness table of one variant `r` by [`remoteness_kernel`]'s
/// choice, or by its fallback when it gives up.
pub(crate) fn remoteness_table(r: &Rules, n: usize) -> RemotenessTable {
    let mut next = Some(remoteness_kernel(r));
    while let Some(k) = next {
        if let Some(t) = wrappers::remoteness(k).table(r, n) {
            return t;
        }
        next = k.fallback();
    }
    unreachable!("the plain remoteness kernel answers every memoryless rule")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse_game;
    use crate::rules::Game;

    fn game(s: &str) -> Game {
        parse_game(s).unwrap().game
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
