//! Time estimates, made before the work starts, for the requests whose cost is
//! predictable: board solvers (cells x per-cell cost of the engine that will
//! run) and `verify --max N`. Work estimated beyond [`TIME_BOUND_SECONDS`] is
//! refused unless the caller forces it ([`check_time`]); the caller shows
//! estimates above [`NOTE_SECONDS`].
//!
//! The per-cell costs are measured user CPU times of the release build on the
//! project's machine (2 cores, shared; see README, Limits), rounded up: they
//! are estimates, off by a small factor, not bounds. Integer arithmetic only
//! (picoseconds per unit of work).
//!
//! | engine | work units | cost per unit | measured |
//! |---|---|---|---|
//! | streaming band kernel (`band`, P-positions) | `n` rows x (band width + 64) | 2 ns | `p-positions wythoff --max 16384`: 0.01 s |
//! | outcome table (`outcome::counters`, `outcome::sparse`), per variant | `n^2` cells (x2 misère) | 40 ns | `p-positions connell:p=64 --max 16384`: 6.6 s (25 ns) |
//! | Grundy, tiled kernel (`grundy::nim_like`), one thread | cells searched (`n^2 / 2` with the stored triangle, else `n^2`) | 38 ns + 1.75 ps x `n` with the triangle, 40 ns + 2.5 ps x `n` without | `grundy wythoff --threads 1` (session 6): 4096 0.39 s (46 ns), 8192 1.73 s (51 ns), 16384 8.9 s (66 ns); whole board: 65536 826 s CPU on two threads (192 ns; session 6), 32768 229 s (213 ns; session 5's kernel); loaded machine |
//! | Grundy, band and residue kernel (`grundy::lines`, tiled like `grundy::nim_like`) | cells searched | 56 ns + 7.35 ps x `n` | `m-wythoff:m=2 --max 4096 --threads 1`: 1.33x wythoff's time, `connell:p=2` 1.23x (loaded machine) |
//! | Grundy, region kernel (`grundy::region`: cone, congruence), one thread | cells searched | 140 ns + `n^2` / 650 ps | `st-wythoff:s=2,t=1 --threads 1` (stripe order): 4096 1.33 s (158 ns), 8192 8.05 s (240 ns), 16384 69.5 s (517 ns); `modular:m=5` 8192 2.66 s (79 ns); loaded machine |
//! | Grundy, other kernels (`grundy::union`, `grundy::plain`) | `n^3` | 1 ns | `connell:p=64 --max 4096`: 18 s (0.26 ns); `corner:m=2,p=3,u=5,v=7 --max 2048`: 6.6 s (0.77 ns) |
//! | `verify --max N` (N >= 200) | `N^3` | 550 ns (4.4 s at 200) | `verify`: 4.4 s; `verify --max 400`: 30.5 s |

use super::grundy;
use super::select::GrundyKernel;
use crate::rules::{Convention, Game, Rules};
use crate::SolveError;

/// Work estimated beyond this many seconds is refused without `--force`.
pub const TIME_BOUND_SECONDS: u64 = 600;
/// Estimates above this many seconds are worth telling the user.
pub const NOTE_SECONDS: u64 = 10;
/// `grundy` runs estimated at this many wall seconds or more print their time
/// and memory estimate first.
pub const GRUNDY_NOTE_SECONDS: u64 = 2;

const PS: u128 = 1_000_000_000_000;

fn seconds(units: u128, ps_per_unit: u128) -> u64 {
    let s = units.saturating_mul(ps_per_unit) / PS;
    u64::try_from(s).unwrap_or(u64::MAX)
}

/// Estimated seconds for the streaming band kernel on the `n x n` board, one
/// variant per band width.
pub(crate) fn band_seconds(widths: impl Iterator<Item = u64>, n: u64) -> u64 {
    let n = n as u128;
    let units: u128 = widths.map(|w| n * ((w as u128).min(n) + 64)).sum();
    seconds(units, 2_000)
}

/// Estimated seconds for the near-linear kernel ([`super::outcome::linear`])
/// on the `n x n` board: about 100 ns a row (the jumps of a row's scan, union-
/// find and Fenwick steps), measured on the catalogue's games at `2^20`.
pub(crate) fn linear_seconds(r: &Rules, n: u64) -> u64 {
    let _ = r;
    seconds(n as u128, 100_000)
}

/// Estimated seconds for the outcome tables of `game` (cut to the board).
pub(crate) fn table_seconds(game: &Game, n: u64) -> u64 {
    seconds(table_cells(game, n as u128), 40_000)
}

/// Cells an outcome table solves: `n^2` per variant, twice in misère play.
fn table_cells(game: &Game, n: u128) -> u128 {
    game.variants()
        .iter()
        .map(|r| {
            let mult = if r.convention() == Convention::Misere {
                2
            } else {
                1
            };
            n * n * mult
        })
        .sum()
}

/// Estimated seconds for the Grundy values of `r` (cut to the board) on the
/// `n x n` board by `kernel` ([`super::select::grundy_kernel`] chooses it).
pub(crate) fn grundy_kernel_seconds(kernel: GrundyKernel, r: &Rules, n: u64) -> u64 {
    let n64 = n;
    let n = n as u128;
    match kernel {
        GrundyKernel::NimLike => {
            // the tiled kernel searches y >= x only when it keeps the triangle;
            // a search spans more values (more blocks) as the board grows.
            // With the triangle (n < 21846) 38 ns + 1.75 ps x n per cell
            // (session 6, one thread: 46 ns at 4096, 51 ns at 8192, 66 ns at
            // 16384); the whole board (values past u16) 40 ns + 2.5 ps x n
            // (65536: 826 s of CPU on two threads, 192 ns a cell)
            if grundy::nim_like::keeps_triangle(r, n64) {
                seconds(n * n / 2, 38_000 + 7 * n / 4)
            } else {
                seconds(n * n, 40_000 + 5 * n / 2)
            }
        }
        GrundyKernel::Lines => {
            // the tiled kernel searches y >= x only when it keeps the
            // triangle; about 1.4 times wythoff's cost per cell
            // (m-wythoff:m=2 at 4096: 1.33x, connell:p=2 1.23x)
            let cells = if grundy::lines::keeps_triangle(r, n64) {
                n * n / 2
            } else {
                n * n
            };
            seconds(cells, 56_000 + 147 * n / 20)
        }
        GrundyKernel::Region => {
            // the region kernel: its OR windows and stores outgrow the caches,
            // per cell about 140 ns + n^2 / 650 ps (st-wythoff:s=2,t=1 on one
            // loaded core: 158 ns at 4096, 240 ns at 8192, 517 ns at 16384)
            let cells = if r.is_symmetric() { n * n / 2 } else { n * n };
            seconds(cells, 140_000 + n * n / 650)
        }
        GrundyKernel::Union | GrundyKernel::Plain => seconds(n * n * n, 1_000),
    }
}

/// Estimated wall seconds for `one` second of `kernel`'s work on `threads`
/// workers (the tiled kernels' wavefront, nim-like and lines; the others are
/// counted as one thread): the one-thread estimate over the workers, at 80%
/// efficiency.
pub(crate) fn grundy_kernel_wall_seconds(kernel: GrundyKernel, one: u64, threads: usize) -> u64 {
    match kernel {
        GrundyKernel::NimLike | GrundyKernel::Lines if threads > 1 => {
            one.saturating_mul(5) / (4 * threads as u64)
        }
        _ => one,
    }
}

/// Estimated seconds for `verify --max max` (all claims; the default is 200).
pub fn verify_seconds(max: u64) -> u64 {
    let m = (max.max(200)) as u128;
    // 4.4 s at 200, cubic: 4.4e12 ps / 200^3 = 550 ns per unit
    seconds(m.saturating_mul(m).saturating_mul(m), 550_000)
}

pub use crate::units::human_seconds;

/// Refuse work estimated beyond [`TIME_BOUND_SECONDS`] unless `force`; `what`
/// names it (`--max 16384: the Grundy solver`).
pub fn check_time(what: &str, estimate: u64, force: bool) -> Result<(), SolveError> {
    if estimate > TIME_BOUND_SECONDS && !force {
        return Err(SolveError::TooLarge(format!(
            "{what} would take {} of computation, over the bound of {} min: use --force to run it anyway",
            human_seconds(estimate),
            TIME_BOUND_SECONDS / 60
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse_game;

    fn game(s: &str) -> Game {
        parse_game(s).unwrap().game
    }
    fn p_positions_seconds(g: &Game, n: u64) -> u64 {
        crate::solve::select::p_positions_plan(g, n).seconds
    }
    fn grundy_seconds(g: &Game, n: u64) -> u64 {
        crate::solve::select::grundy_plan(g, n, crate::solve::DEFAULT_MEMORY_BUDGET)
            .unwrap()
            .seconds
    }
    fn grundy_wall_seconds(g: &Game, n: u64, threads: usize) -> u64 {
        let p =
            crate::solve::select::grundy_plan(g, n, crate::solve::DEFAULT_MEMORY_BUDGET).unwrap();
        grundy_kernel_wall_seconds(p.kernel, p.seconds, threads)
    }

    #[test]
    fn estimates_grow_with_the_board_and_pick_the_engine() {
        // the band kernel lists Wythoff's P-positions in O(n) per row
        assert_eq!(p_positions_seconds(&game("wythoff"), 16384), 0);
        let small = p_positions_seconds(&game("connell:p=64"), 16384);
        let big = p_positions_seconds(&game("connell:p=64"), 65536);
        assert!(small <= 20 && big >= 16 * small.max(1), "{small} {big}");
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
        assert!(grundy_seconds(&cubic, 16384) > TIME_BOUND_SECONDS);
        assert!(grundy_seconds(&cubic, 4096) < TIME_BOUND_SECONDS);
        assert_eq!(verify_seconds(200), 4);
        assert_eq!(verify_seconds(100), 4);
        assert!(verify_seconds(1_048_576) > TIME_BOUND_SECONDS);
        assert!(verify_seconds(800) < TIME_BOUND_SECONDS);
        assert_eq!(verify_seconds(u64::MAX), u64::MAX);
    }

    #[test]
    fn refusal_names_the_estimate_and_force() {
        let e = check_time("verify --max 1048576", verify_seconds(1_048_576), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("about") && e.contains("--force"), "{e}");
        assert!(check_time("x", verify_seconds(1_048_576), true).is_ok());
        assert!(check_time("x", 600, false).is_ok());
        assert_eq!(human_seconds(200), "about 3 min 20 s");
        assert_eq!(human_seconds(7200), "about 2 h 0 min");
    }
}
