//! The board of a game: the one choice between the Imitation Nim state solver
//! (games with memory: their starting positions) and the board solvers of
//! [`crate::solve`]. Below the front door ([`crate::answer`]): `patterns`,
//! `compare`, `prove` and `answer` read boards here.

use crate::imitation::{ImitationNim, StateSolver};
use crate::limits::{check_max, check_table_memory};
use crate::rules::Game;
use crate::solve::{self, stream};
use crate::subject::Subject;
use crate::SolveError;

/// The P-positions of a game value on the `n x n` board, streamed (`sink(x, ys)`
/// once per row, increasing): the one place that chooses between the
/// Imitation Nim state solver (games with memory, either convention) and the
/// board solvers. `compare` and `patterns` come here too.
pub fn game_p_positions(
    game: &Game,
    n: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, &[u32]),
) -> Result<(), SolveError> {
    check_max(n)?;
    if let Some(r) = ImitationNim::from_game(game) {
        let solver = StateSolver::with_progress(r, n, progress)?;
        let ps = solver.start_p_positions();
        let mut row: Vec<u32> = Vec::new();
        let mut i = 0;
        for x in 0..n {
            row.clear();
            while i < ps.len() && ps[i].0 == x {
                row.push(ps[i].1 as u32);
                i += 1;
            }
            sink(x, &row);
        }
        progress(n, n);
        return Ok(());
    }
    stream::p_positions(game, n as usize, progress, sink)
}

/// The board of `game` on the `n x n` board as a table (cells off the board
/// marked): by the board solvers, or for a game with memory its starting
/// positions by the state solver. The same choice as [`game_p_positions`].
pub fn game_board(
    game: &Game,
    n: u64,
    progress: stream::Progress,
) -> Result<solve::OutcomeTable, SolveError> {
    check_max(n)?;
    if let Some(r) = ImitationNim::from_game(game) {
        let solver = StateSolver::with_progress(r, n, progress)?;
        return Ok(solver.start_table());
    }
    solve::outcomes_with_progress(game, n as usize, progress)
}

/// The `n x n` table of outcomes, row-major (`[x * n + y]`): `true` iff `(x, y)`
/// is a P-position (as listed by [`p_positions`]; cells of a removed corner are
/// not positions and so `false`). Refused before allocating when it would not
/// fit the memory budget.
pub fn outcome_table(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
) -> Result<Vec<bool>, SolveError> {
    check_max(n)?;
    check_table_memory("an outcome table", n, 1)?;
    let mut cells = vec![false; (n * n) as usize];
    game_p_positions(&s.game, n, progress, &mut |x, ys| {
        for &y in ys {
            cells[(x * n) as usize + y as usize] = true;
        }
    })?;
    Ok(cells)
}
