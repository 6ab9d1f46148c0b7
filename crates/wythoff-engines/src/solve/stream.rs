//! Streaming entry points: P-positions and Grundy rows are handed to a sink in
//! sorted (row-major) order as they are found, so a caller that only writes or
//! hashes them never holds an `n x n` table. [`select`] picks the kernel and
//! its wrapper says whether it streams natively in `O(n)` memory (the band kernel; the
//! nim-like, lines and region Grundy kernels); other games are solved by the
//! table dispatchers ([`super::run`]) and then streamed. Every entry point
//! checks the memory a plan reports ([`super::run`]'s estimates) first and refuses, with the estimate, what does not fit the budget.

use super::run::{check_board, grundy_memory, outcome_kernels, p_positions_memory};
use super::select;
use super::table::{
    grundy_unsupported, memory_budget, outcome_threads, over_memory, require_memoryless,
};
use super::wrappers;
use crate::error::{Arg, Message, SolveError};
use crate::rules::Game;

/// Progress: `(rows_done, rows_total)`.
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64);

fn refuse(what: &str, n: u64, est: u64) -> SolveError {
    over_memory(n as usize, what, est)
}

/// Stream the P-positions of `game` on the `n x n` board: `sink(x, ys)` once per
/// row `x` (the `y` of its P-positions, increasing), rows in increasing order.
pub fn p_positions(
    game: &Game,
    n: usize,
    progress: Progress,
    sink: &mut dyn FnMut(u64, &[u32]),
) -> Result<(), SolveError> {
    require_memoryless(game)?;
    if n == 0 {
        return Err(SolveError::BadArg(
            Message::new().name(Arg::Max).text(" must be at least 1"),
        ));
    }
    let game = &game.for_board(n as u64);
    let kernels = outcome_kernels(game);
    let memory = p_positions_memory(game, n as u64, &kernels);
    if memory > memory_budget() {
        return Err(refuse("the outcome solver", n as u64, memory));
    }
    let total = n as u64;
    if kernels.iter().all(|&k| k.streams()) {
        let mut ks: Vec<_> = game
            .variants()
            .iter()
            .zip(&kernels)
            .map(|(r, &k)| wrappers::outcome(k).rows(r, n).expect("checked"))
            .collect();
        let mut merged: Vec<u32> = Vec::new();
        for x in 0..n {
            if ks.len() == 1 {
                sink(x as u64, ks[0].next_row());
            } else {
                merged.clear();
                for k in ks.iter_mut() {
                    merged.extend_from_slice(k.next_row());
                }
                merged.sort_unstable();
                merged.dedup();
                sink(x as u64, &merged);
            }
            if x % 256 == 255 {
                progress(x as u64 + 1, total);
            }
        }
        progress(total, total);
        return Ok(());
    }
    check_board(game, n as u64, memory_budget())?;
    progress(0, total);
    let t = super::run::outcomes_with_progress(game, n, progress)?;
    let mut row = Vec::new();
    for x in 0..n {
        row.clear();
        row.extend((0..n).filter(|&y| t.is_p(x, y)).map(|y| y as u32));
        sink(x as u64, &row);
    }
    progress(total, total);
    Ok(())
}

/// Stream the Grundy values of `game` row by row: `sink(x, values)`, with
/// `u32::MAX` ([`super::table::GRUNDY_OFF`]) for cells off the board.
pub fn grundy(
    game: &Game,
    n: usize,
    progress: Progress,
    sink: &mut dyn FnMut(u64, &[u32]),
) -> Result<(), SolveError> {
    if let Some(why) = grundy_unsupported(game) {
        return Err(SolveError::NoGrundy { label: None, why });
    }
    if n == 0 {
        return Err(SolveError::BadArg(
            Message::new().name(Arg::Max).text(" must be at least 1"),
        ));
    }
    let game = &game.for_board(n as u64);
    let r = game.as_single().expect("checked by grundy_unsupported");
    let kernel = select::grundy_kernel(r, n as u64, memory_budget());
    let memory = grundy_memory(game, r, n as u64, kernel);
    if memory > memory_budget() {
        return Err(refuse("the Grundy solver", n as u64, memory));
    }
    let total = n as u64;
    let w = wrappers::grundy(kernel);
    if w.streams() {
        w.stream(r, n, w.threads(n), &mut |d| progress(d, total), sink)
            .expect("applies");
        return Ok(());
    }
    // a table kernel: the table dispatcher (its checks, its fallback), then the rows
    progress(0, total);
    let t = super::run::grundy_with_progress(game, n, progress)?;
    for x in 0..n {
        sink(x as u64, &t.values()[x * n..(x + 1) * n]);
    }
    progress(total, total);
    Ok(())
}

/// The level sets `0..=top` of `game` on the `n x n` board, by the level
/// kernel ([`wrappers::LEVELS`]): `sink(g, x, y)` by level, then row, then
/// column, in `O(top n)` memory, no table; `progress(done, total)` is the
/// kernel's. The one door to the level kernel (`grundy --values`, `sequence
/// --value`): its plan ([`super::plan::levels_plan`]) is the caller's to
/// admit first. `None` when `game` (cut to the board) is not one variant in
/// the kernel's scope.
pub fn levels(
    game: &Game,
    n: u64,
    top: u32,
    progress: Progress,
    sink: &mut dyn FnMut(u32, u32, u32),
) -> Option<()> {
    let game = game.for_board(n);
    let r = game.as_single()?;
    wrappers::LEVELS.stream(r, n, top, progress, sink)
}

/// Workers of the Grundy row pipeline on the `n x n` board: the threads of
/// rayon's pool (the CLI's `--threads`, Python's and rayon's defaults alike),
/// at most one per 64 rows, one below 256 rows or on a pool thread already
/// (`verify`, `sweep`: [`outcome_threads`]). The values do not depend on it.
pub fn grundy_threads(n: usize) -> usize {
    outcome_threads(n)
}
