//! Grundy values of games whose two-pile moves form the (s,t) cone (`s >= 2`)
//! or the congruence `k = l (mod m)`, without a copy of a value bitset per cell.
//!
//! Scope, decided from the [`Rules`] value alone: memoryless, normal play, no
//! blocking, purely periodic length sets (`h`, `v`, `d1`, `d2`: threshold 0, as
//! all, odd, even, multiples and residue classes are), two-pile relation a cone
//! with `s >= 2` or a congruence; any removed corner. This covers
//! `st-wythoff`, `modular`, the four parity games of seed 003 and their
//! residue-class variants. Everything else keeps [`super::union`].
//!
//! ## The recurrence
//!
//! Let `C` be the two-pile moves `(k, l)` (relation and `d1`, `d2`; both
//! periodic, `K` the lcm of their periods) and `V(x, y)` the set of values at
//! `(x, y) - C`. With `δ = (K, K)`, `C + δ ⊆ C` (a cone and a congruence are
//! closed under adding `(1, 1)`, and `K` keeps the residues), so
//!
//! ```text
//! V(x, y) = V(x - K, y - K) ∪ values of (x, y) - D,     D = C \ (C + δ).
//! ```
//!
//! `V` is therefore kept *in place* per diagonal `y - x` and class `x mod K`: one
//! bitset that only grows along its diagonal. `D` is a few whole lines:
//!
//! - cone, `l >= k`: a cell of `C` leaves `C + δ` when `min(k, l) <= K` (finitely
//!   many cells, `max <= s K + t - 1`: looked up one by one) or when
//!   `l > s (k - K) + t - 1 + K`: the `(s - 1) K` rays `l = s k + c`,
//!   `c = t - 1 - j`, of direction `(1, s)`; their cells with `k` in one class
//!   mod `K` are one class of one line of direction `(1, s)`, whose value
//!   bitset holds the rows above the current one. The cells of that class with
//!   `1 <= k <= K` are in `C` too (checked for every ray when the layout is made;
//!   otherwise the game is out of scope), so the stored line is exactly the
//!   ray's part of `D` plus moves that `V(x, y)` holds anyway. `l < k`: the
//!   mirror image, lines of direction `(s, 1)`.
//! - congruence: `D` is the cells of `C` with `k <= K` (rows `x - k`, columns
//!   `y - l` with `l = k (mod m)`, `l` in `d2`: a class mod `lcm(m, period(d2))`
//!   of a row prefix, kept as the sweep passes) or `l <= K` (a class of a
//!   column, kept in place).
//!
//! The one-pile moves are classes of the cell's column (kept in place, rows
//! above) and of its row prefix. The mex is the first value, from the largest
//! mex of the selected bitsets on, in none of them. A bitset is OR-ed into the
//! diagonal's only from the diagonal's own mex to the source's largest value.
//!
//! Cost per cell: one OR of `2 (s - 1) K` (cone) or `2 K` (congruence) windows
//! of value bitsets, a few lookups, and the mex search. Bitsets hold `64 W`
//! values; a value that does not fit restarts the solve with twice the width.
//! Checked against the option-enumerating solver in `tests/engines.rs` (random
//! cone and congruence rules, the catalogue).
//!
//! ## Workers
//!
//! [`stream_threads`] runs the sweep on T workers: stripes of rows go to the
//! workers round-robin, every row runs at least a fixed number of columns
//! (`lag`) behind the row above it, and the stores are fed in the sweep (a
//! few columns behind the cell that reads them) instead of with whole rows at
//! a row's start. Why the values are those of one worker, and why no two
//! workers touch a set at once, is argued at `attempt` (private, in
//! `workers.rs`).
//!
//! ## Files
//!
//! - `layout.rs`: what a solve derives from the rules (the stores' kinds, the
//!   sources, the looked-up cells, the schedule's bounds);
//! - `store.rs`: the value bitsets of the stores and their raw views;
//! - `sweep.rs`: one row's sweep (its lanes, row-prefix stores, the mex);
//! - `workers.rs`: an attempt, its stripes and workers, and the schedule;
//! - here: the entry points, the memory estimate and the restarts.

mod layout;
mod store;
mod sweep;
mod workers;

use crate::rules::Rules;
use layout::Layout;
use store::BW;
use workers::{attempt, Tune};

/// Bitset words for the first attempt (values of these games stay near
/// `x + y`; a value that does not fit restarts with twice the width).
fn initial_words(n: usize) -> usize {
    ((2 * n + 128) / 64).next_multiple_of(BW)
}

/// Is `r` in the scope of the kernel?
pub fn applies(r: &Rules) -> bool {
    Layout::new(r).is_some()
}

/// Bytes of state on the `n x n` board (first attempt), or `None` out of scope.
pub fn memory_estimate(r: &Rules, n: u64) -> Option<u64> {
    let p = Layout::new(r)?;
    let w = initial_words(n as usize) as u64;
    // the stored upper triangle of a symmetric game (u16 while values fit)
    let tab = if r.is_symmetric() {
        let b = if 64 * w < u16::MAX as u64 { 2 } else { 4 };
        n.saturating_mul(n).saturating_mul(b)
    } else {
        0
    };
    // the rows in flight on the workers (rayon's pool, as `stream` sizes
    // them): their row-prefix stores, ring rows and rows waiting to be
    // handed over
    let flight = (crate::solve::table::outcome_threads(n.min(usize::MAX as u64) as usize)
        * stripe_rows(&p, w as usize)) as u64;
    let trails: u64 = p.trails.iter().map(|t| t.modulus as u64).sum();
    Some(
        p.sets(n as usize)
            .saturating_mul(w * 8 + 8)
            .saturating_add(
                (p.depth as u64 + flight)
                    .next_power_of_two()
                    .saturating_mul(n)
                    .saturating_mul(4),
            )
            .saturating_add(flight.saturating_mul(trails.saturating_mul(w * 8 + 8)))
            .saturating_add(flight.saturating_mul(n).saturating_mul(8))
            .saturating_add(tab),
    )
}

/// Compute the Grundy values row by row: `sink(x, values_of_row_x)`, with
/// `GRUNDY_OFF` off the board, on `threads` workers (at least 1): the same
/// rows for every count (see the private `attempt`). `progress(rows_done)`
/// every 16 rows (a restart with wider bitsets counts again). `None` when `r`
/// is out of scope.
pub fn stream_threads(
    r: &Rules,
    n: usize,
    threads: usize,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let layout = Layout::new(r)?;
    let w = initial_words(n);
    let rows = stripe_rows(&layout, w);
    run(r, &layout, n, w, threads, rows, STEP, progress, sink)
}

/// [`stream_threads`] with a chosen stripe height, step (columns a row
/// advances at a time) and first bitset width (`words`, rounded up to a
/// cache line), for tests of the schedule and of restarts.
#[doc(hidden)]
#[allow(clippy::too_many_arguments)]
pub fn stream_tuned(
    r: &Rules,
    n: usize,
    threads: usize,
    rows: usize,
    step: usize,
    words: usize,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let layout = Layout::new(r)?;
    let w = words.max(1).next_multiple_of(BW);
    let (rows, step) = (rows.max(1), step.max(1));
    run(r, &layout, n, w, threads, rows, step, progress, sink)
}

#[allow(clippy::too_many_arguments)]
fn run(
    r: &Rules,
    layout: &Layout,
    n: usize,
    mut w: usize,
    threads: usize,
    rows: usize,
    step: usize,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    // a restart recomputes the same values: the rows already handed over are
    // not handed over again
    let mut emitted = 0;
    loop {
        let tune = Tune {
            threads,
            rows,
            step,
        };
        match attempt(r, layout, n, w, tune, emitted, progress, &mut sink) {
            Ok(()) => return Some(()),
            Err(done) => {
                emitted = done;
                w *= 2;
            }
        }
    }
}

/// Rows per stripe (see [`attempt`]): [`STRIPE_ROWS`], fewer where a row's
/// own row-prefix stores would pass [`STRIPE_BYTES`] in all.
fn stripe_rows(layout: &Layout, w: usize) -> usize {
    let per_row: usize = layout.trails.iter().map(|t| t.modulus).sum::<usize>() * (8 * w + 8);
    (STRIPE_BYTES / per_row.max(1)).clamp(1, STRIPE_ROWS)
}

/// Rows of a stripe, computed by one worker.
const STRIPE_ROWS: usize = 64;
/// Bytes of row-prefix stores a worker keeps for its stripe, at most (unless
/// one row needs more).
const STRIPE_BYTES: usize = 1 << 20;
/// Columns a row advances at a time (the stripe's last row publishes its
/// progress after each such step).
const STEP: usize = 256;
