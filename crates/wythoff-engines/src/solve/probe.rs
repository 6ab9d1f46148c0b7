//! The probes: small boards solved to estimate a large one, what the plans
//! ([`super::plan`]) and the wrappers' estimates (through [`Readings`], which
//! [`Probe`] implements) read; never a run's answer. They run the dispatchers
//! ([`super::run`], [`super::stream`]) on boards of 32 to 2048.

use super::run::outcomes;
use super::stream;
use super::table::GRUNDY_OFF;
use super::wrappers::Readings;
use crate::rules::{Game, Rules};

/// The probes as the wrappers read them ([`Readings`]).
pub struct Probe;

impl Readings for Probe {
    fn p_positions(&self, r: &Rules, n: u64) -> u64 {
        p_positions_count(&Game::single(r.clone()), n)
    }
    fn p_positions_rough(&self, r: &Rules, n: u64) -> u64 {
        p_positions_rough(&Game::single(r.clone()), n)
    }
    fn grundy_values(&self, r: &Rules, n: u64) -> Option<u64> {
        grundy_values_estimate(r, n)
    }
}

/// The number of P-positions of `game` on the `n x n` board for a time
/// estimate: [`p_positions_estimate`] (the boards of 32 and 64, microseconds;
/// never the board itself), except that no more on 64 than on 32 is a finite
/// set, taken as 64's count. A plan that solved the boards of
/// [`p_positions_count`] for its rate made `p-positions` of a sparse game
/// solve its board twice up to 2048 (measured: modular:m=5 at 1024, 147 M
/// instructions against 67 M before the rate read the count).
pub fn p_positions_rough(game: &Game, n: u64) -> u64 {
    if n > 64 {
        let (a, b) = probe_counts(game);
        if b <= a {
            return b;
        }
    }
    p_positions_estimate(game, n)
}

/// Side of the larger board the `scan` index's tests are read off.
const SCAN_PROBE: u64 = 256;
/// Most levels a probe builds (more levels: scaled by their number).
const SCAN_PROBE_LEVELS: u64 = 16;

/// The options the `scan` index of the level kernel tests for the levels
/// `0..=top` of `r` on the `n x n` board ([`super::wrappers::Levels::scan_tests`]):
/// counted exactly up to the board of 256 (at most 16 levels, then scaled by
/// the levels), else counted on the boards of 128 and 256 and extrapolated
/// with the power of `n` they show (between 1 and 4: a cone `s >= 2` tests
/// about `n^2` options a row, a restricted length set `n^2` to `n^3`). Issue
/// 53: the former `n^2 / 12` picoseconds a row was 100-1400x low. A probe
/// takes milliseconds (`st-wythoff:s=2,t=1`, 16 levels at 256: about 0.02 s).
pub(crate) fn scan_tests(r: &Rules, n: u64, top: u64) -> u128 {
    let probe_top = top.min(SCAN_PROBE_LEVELS - 1);
    let levels_scale = (top as f64 + 1.0) / (probe_top as f64 + 1.0);
    let count = |m: u64| {
        super::wrappers::LEVELS
            .scan_tests(r, m, probe_top as u32)
            .unwrap_or(0) as f64
    };
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

/// The number of P-positions of `game` on the `n x n` board, for the bytes a
/// plan counts (lists, written pages): the board itself up to 2048, else read
/// off the boards of 1024 and 2048 (solved, well under a second): four
/// times as many on the larger board grows with `n^2`, about twice with `n`,
/// fewer (a finite set, as m-Modular Wythoff's) is taken as twice the larger
/// board's.
pub fn p_positions_count(game: &Game, n: u64) -> u64 {
    let count = |m: u64| outcomes(game, m as usize).map_or(0, |t| t.p_positions().len() as u64);
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
/// gives up ([`super::wrappers::OutcomeKernel::fallback`]).
pub(crate) fn dense(game: &Game, n: u64) -> bool {
    if n <= 64 {
        return false;
    }
    let (a, b) = probe_counts(game);
    b >= 3 * a.max(1)
}

fn probe_counts(game: &Game) -> (u64, u64) {
    let count = |m: u64| outcomes(game, m as usize).map_or(0, |t| t.p_positions().len() as u64);
    (count(32), count(64))
}

/// The number of P-positions of `game` on the `n x n` board, estimated from
/// the boards of 32 and 64 (solved, a few microseconds): sparse games (pairs
/// of sequences) have about twice as many on the larger board, dense ones
/// (odd-odd: a quarter of the cells) four times; the count grows with `n` or
/// `n^2` accordingly.
pub fn p_positions_estimate(game: &Game, n: u64) -> u64 {
    if n <= 64 {
        return outcomes(game, n as usize).map_or(0, |t| t.p_positions().len() as u64);
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
    stream::grundy(
        &Game::single(r.clone()),
        VALUE_PROBE as usize,
        &mut |_, _| {},
        &mut |_, row| {
            max = row
                .iter()
                .filter(|&&v| v != GRUNDY_OFF)
                .fold(max, |m, &v| m.max(v))
        },
    )
    .ok()?;
    Some((max as u64 + 1).saturating_mul(n) / VALUE_PROBE + 512)
}
