//! `wythoff sequence` for a game without a published solution: the pairs
//! `(a_n, b_n)` read off solved positions, with the work estimated before it
//! starts, refused when no board can hold the request, and reported as it goes.
//!
//! Two readings, both those of [`crate::patterns::read_pairs`] (the side
//! `x <= y` of the P-positions):
//!
//! - **b-order** (the pairs form a `pairs` pattern sorted by `b`): the square
//!   board of [`read_pairs`](crate::patterns::read_pairs), which needs every
//!   position with `b < N`.
//! - **a-order** (`b` is not increasing in `b`-order, e.g. seed 000's
//!   mWN^(l,p) outside Theorem 2.1): the pairs with `a` below a cut, sorted by
//!   `a`. These need only the first rows, so they are read off a thin
//!   rectangle `rows x cols` by the rectangle kernel
//!   ([`crate::solve::run::rectangle_p_positions`], its plan
//!   [`crate::solve::plan::rect_plan`]; moves only
//!   shrink piles: a rectangle's outcomes are those of any larger board), with
//!   `cols = 2 R rows` where `R` is the largest `b / a` seen (`a >= 1`), the
//!   same assumption as [`crate::patterns::by_rows`], stated to the user the
//!   same way: no pair with `a` below the cut has `b >= cols`. The rectangle
//!   grows (rows doubled) until the cut holds the terms asked for.
//!
//! Which reading applies is decided on a probe board of side [`PROBE`]: if its
//! pairs are a b-order pattern the square board is used, as before.
//! Square-board time grows with the square of the terms (a board of side
//! about `4 terms` to `10 terms`); the rectangle's with about `terms^2 / 16`
//! cells for mWN^(0,4) with m = 2 (measured in docs/performance.md).

use crate::error::{Arg, Message, SolveError};
use crate::patterns::{self, pairs, READ_PAIRS_MAX_BOARD};
use crate::rules::Game;
use crate::solve::wrappers::SparseRect;
use crate::solve::{self, cost, plan::rect_plan, run::rectangle_p_positions};

/// Side of the probe board that decides the reading.
pub const PROBE: usize = 512;

/// Most pairs read off a board: a b-order pattern has at most one pair per
/// value of `b < N`, and the largest square board is [`READ_PAIRS_MAX_BOARD`].
pub const MAX_TERMS: u64 = READ_PAIRS_MAX_BOARD as u64;

/// Widest rectangle (columns) of the a-order reading.
pub const MAX_COLS: usize = 1 << 24;

/// Work units (one unit: a cell swept or an earlier P-position visited, about
/// 3 ns measured) a second: the rectangle kernel's.
const UNITS_PER_SECOND: u64 = SparseRect::UNITS_PER_SECOND;

/// The work units of about `seconds` of computation.
pub const fn work_of_seconds(seconds: u64) -> u64 {
    seconds.saturating_mul(UNITS_PER_SECOND)
}

/// The work [`read`] may take, all its boards and rectangles together: the
/// time bound ([`cost::TIME_BOUND_SECONDS`], about ten minutes).
pub const READ_WORK: u64 = cost::TIME_BOUND_SECONDS * UNITS_PER_SECOND;

/// The first `terms` pairs, in the order of the reading used; `progress(done,
/// total)` in rows of the board or rectangle being solved. `force` runs a
/// square board estimated beyond the time bound.
pub fn read(
    game: &Game,
    terms: u64,
    budget: u64,
    force: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<(u64, u64)>, SolveError> {
    read_within(game, terms, budget, READ_WORK, force, progress)
}

/// [`read`] within `work` units, the rectangles of the a-order reading
/// together (each estimated before it is solved, refused when the ones before
/// and it would pass `work`) and the first square board of the b-order one:
/// `prove` reads its guesses' pairs within seconds, where `sequence` takes
/// the ten minutes of [`READ_WORK`].
pub fn read_within(
    game: &Game,
    terms: u64,
    budget: u64,
    work: u64,
    force: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<(u64, u64)>, SolveError> {
    if let Some(v) = linear_read(game, terms, budget, work, progress) {
        return Ok(v);
    }
    if terms > MAX_TERMS {
        return Err(too_many_terms(terms));
    }
    match a_order(game, terms, budget, work, progress)? {
        Reading::Done(v) => return Ok(v),
        // a b-order pattern holds at most one pair per value of b: the probe's
        // pairs per value of b tell what the largest board can hold
        Reading::BOrder { density } if terms > b_order_most(density) => {
            return Err(b_order_refusal(terms, density))
        }
        Reading::BOrder { .. } | Reading::NotApplicable => {}
        Reading::Neither { patterns } => return Err(not_pairs(&patterns)),
    }
    // b-order: the square boards of `read_pairs`, from side 4 terms + 64 (the
    // first one at least), estimated before any work
    let n0 = (terms.saturating_mul(4).saturating_add(64)).min(MAX_TERMS);
    let first = crate::solve::plan::p_positions_plan(game, n0).seconds;
    if first > work / UNITS_PER_SECOND && !force {
        return Err(SolveError::ArgTooLarge(Message::new().value(Arg::Terms, terms).text(format!(
            ": the board of side {n0} this game is read off would take {} of computation, over the bound of {}: use fewer terms",
            cost::human_seconds(first),
            work_bound(work)
        ))));
    }
    progress(0, n0);
    let seconds = if force {
        u64::MAX
    } else {
        work / UNITS_PER_SECOND
    };
    let out = patterns::read_pairs_with_progress(game, terms, budget, seconds, &mut *progress)
        .map(|(v, _)| v);
    progress(n0, n0);
    out
}

/// Largest board side the near-linear reading solves.
pub const LINEAR_MAX_BOARD: u64 = 1 << 26;

/// The near-linear reading: when the game's one variant is in the scope of
/// [`linear`] (one-pile moves of every length), the square boards of
/// [`patterns::read_pairs`] (side `4 terms + 64`, doubled until the pairs
/// pattern holds the terms, b-order, or the a-order cut does) are streamed
/// in `O(n)` memory and near-linear time instead of solved as tables. `None`
/// when out of scope or when no board up to [`LINEAR_MAX_BOARD`] reads, so
/// that [`read`]'s refusals explain why.
fn linear_read(
    game: &Game,
    terms: u64,
    budget: u64,
    work: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Option<Vec<(u64, u64)>> {
    let [r] = game.variants() else { return None };
    let mut n = terms.saturating_mul(4).saturating_add(64);
    loop {
        if n > LINEAR_MAX_BOARD || !crate::solve::plan::p_positions_near_linear(game, n) {
            return None;
        }
        let one = Game::single(r.clone());
        let plan = crate::solve::plan::p_positions_plan(&one, n);
        if plan.memory > budget || plan.seconds > work / UNITS_PER_SECOND {
            return None;
        }
        let mut all: Vec<(u64, u64)> = Vec::new();
        crate::solve::stream::p_positions(
            &one,
            n as usize,
            &mut |d, t| progress(d, t),
            &mut |x, ys| all.extend(ys.iter().map(|&y| (x, y as u64))),
        )
        .ok()?;
        let mut mirrored: Vec<(u64, u64)> = all.iter().map(|&(x, y)| (y, x)).collect();
        mirrored.sort_unstable();
        let side = if mirrored == all { "both" } else { "upper" };
        drop(mirrored);
        let mut v: Vec<(u64, u64)> = all.into_iter().filter(|p| p.0 <= p.1).collect();
        v.sort_unstable_by_key(|&(a, b)| (b, a));
        match pairs::of_pairs(&v, side) {
            Some(p) if p.terms >= terms => {
                v.truncate(terms as usize);
                return Some(v);
            }
            Some(_) => {}
            None => {
                let (_, cut) = patterns::by_rows(&v, n as usize)?;
                if cut.len() as u64 >= terms {
                    return Some(cut[..terms as usize].to_vec());
                }
            }
        }
        n = n.saturating_mul(2);
    }
}

/// What the probe board says.
enum Reading {
    /// The a-order reading, done.
    Done(Vec<(u64, u64)>),
    /// A b-order pattern on the probe: its pairs per value of `b`.
    BOrder { density: f64 },
    /// Neither reading applies on the probe (rays, a periodic set): the
    /// patterns found there. Refused: no larger board is solved to say so.
    Neither { patterns: Vec<&'static str> },
    /// Out of the rectangle kernel's scope (or too dense for it).
    NotApplicable,
}

/// The probe board of side [`PROBE`] (the side `x <= y` of its P-positions in
/// b-order) and which reading it admits; `None` out of the rectangle kernel's
/// scope (the square board is read then). One decision for [`read`] and [`plan`].
enum Probe {
    BOrder { density: f64 },
    ARows { v: Vec<(u64, u64)> },
    Neither { patterns: Vec<&'static str> },
}

fn probe(game: &Game) -> Option<Probe> {
    let [r] = game.variants() else { return None };
    let probe = rectangle_p_positions(game, PROBE, PROBE, READ_WORK, &mut |_| {})?;
    let side = if r.is_symmetric() { "both" } else { "upper" };
    let mut v = upper(&probe);
    v.sort_unstable_by_key(|&(a, b)| (b, a));
    if pairs::of_pairs(&v, side).is_some() {
        return Some(Probe::BOrder {
            density: v.len() as f64 / PROBE as f64,
        });
    }
    if patterns::by_rows(&v, PROBE).is_none() {
        let mut cells = vec![false; PROBE * PROBE];
        for &(x, y) in &probe {
            cells[x as usize * PROBE + y as usize] = true;
        }
        let board = patterns::board::Board::from_fn(PROBE, |x, y| cells[x * PROBE + y]);
        return Some(Probe::Neither {
            patterns: patterns::pattern_kinds(&board),
        });
    }
    Some(Probe::ARows { v })
}

/// More terms than any board read holds.
fn too_many_terms(terms: u64) -> SolveError {
    SolveError::ArgTooLarge(Message::new().value(Arg::Terms, terms).text(format!(
        ": a game without a published solution is read off a solved board of side at most {READ_PAIRS_MAX_BOARD}, which holds at most {MAX_TERMS} pairs: use fewer terms"
    )))
}

/// More b-order terms than the largest board holds, at the probe's density.
fn b_order_refusal(terms: u64, d: f64) -> SolveError {
    SolveError::ArgTooLarge(Message::new().value(Arg::Terms, terms).text(format!(
        ": the pairs (in b-order) read off the board of {PROBE} are {d:.3} per value of b, so the largest board read ({READ_PAIRS_MAX_BOARD}) holds about {} of them: use fewer terms",
        (d * MAX_TERMS as f64) as u64
    )))
}

/// The probe's P-positions are pairs in neither order.
fn not_pairs(patterns: &[&str]) -> SolveError {
    SolveError::Unsupported(format!(
        "its P-positions on the probe board of {PROBE} are not pairs of sequences (in b-order: a non-decreasing, b increasing; in a-order: the rows below a cut); patterns found: {}",
        if patterns.is_empty() { "none".to_string() } else { patterns.join(", ") }
    ))
}

/// The a-order reading off a rectangle, when it applies.
fn a_order(
    game: &Game,
    terms: u64,
    budget: u64,
    work: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Reading, SolveError> {
    let [_] = game.variants() else {
        return Ok(Reading::NotApplicable);
    };
    let v = match probe(game) {
        None => return Ok(Reading::NotApplicable),
        Some(Probe::BOrder { density }) => return Ok(Reading::BOrder { density }),
        Some(Probe::Neither { patterns }) => return Ok(Reading::Neither { patterns }),
        Some(Probe::ARows { v }) => v,
    };
    // rows: from the probe's density of pairs per row, with room
    let mut rows = {
        let (cut, got) = patterns::by_rows(&v, PROBE).expect("the probe reads rows");
        let per_row = (got.len() as u64).max(1) as f64 / cut.max(1) as f64;
        ((terms as f64 / per_row) * 1.25) as usize + 16
    };
    let mut ratio = ratio_of(&v).max(1);
    // the units of the rectangles solved so far
    let mut spent: u64 = 0;
    loop {
        let cols = (2 * ratio as usize).saturating_mul(rows).saturating_add(64);
        if cols > MAX_COLS {
            return Err(SolveError::ArgTooLarge(Message::new().value(Arg::Terms, terms).text(format!(
                ": the pairs in a-order need a rectangle of {rows} rows and {cols} columns (b up to {ratio} a), over the {MAX_COLS} columns allowed: use fewer terms"
            ))));
        }
        let rect = rect_plan(rows as u64, cols as u64, 4 * rows as u64 * ratio);
        let est = rect.memory;
        if est > budget {
            return Err(SolveError::ArgTooLarge(Message::new().value(Arg::Terms, terms).text(format!(
                ": the rectangle of {rows} x {cols} needs about {}, over the budget of {}: use fewer terms",
                solve::human_bytes(est),
                solve::human_bytes(budget)
            ))));
        }
        // about 3 ns a unit (docs/performance.md): refused before the work,
        // the rectangles already solved counted
        let units = rect.units;
        if spent.saturating_add(units) > work {
            return Err(SolveError::ArgTooLarge(Message::new().value(Arg::Terms, terms).text(format!(
                ": the pairs in a-order need a rectangle of {rows} x {cols}, about {} of computation{}, over the bound of {}: use fewer terms",
                cost::human_seconds(units / UNITS_PER_SECOND),
                if spent > 0 { " after the smaller ones" } else { "" },
                work_bound(work)
            ))));
        }
        spent = spent.saturating_add(units);
        let total = rows as u64;
        let Some(ps) =
            rectangle_p_positions(game, rows, cols, 4 * work, &mut |d| progress(d, total))
        else {
            return Ok(Reading::NotApplicable);
        };
        progress(total, total);
        let mut v = upper(&ps);
        let seen = ratio_of(&v).max(1);
        let cut = (cols as u64 / (2 * seen)).min(rows as u64);
        v.retain(|p| p.0 < cut);
        v.sort_unstable();
        if v.len() as u64 >= terms {
            v.truncate(terms as usize);
            return Ok(Reading::Done(v));
        }
        ratio = ratio.max(seen);
        rows = rows.saturating_mul(2);
    }
}

/// The bound `work` units stand for, in words: "10 min", "10 s".
fn work_bound(work: u64) -> String {
    let secs = work / UNITS_PER_SECOND;
    if secs >= 60 && secs % 60 == 0 {
        format!("{} min", secs / 60)
    } else {
        format!("{secs} s")
    }
}

/// The side `x <= y` of P-positions, as `(a, b)`.
fn upper(ps: &[(u32, u32)]) -> Vec<(u64, u64)> {
    ps.iter()
        .filter(|p| p.0 <= p.1)
        .map(|&(x, y)| (x as u64, y as u64))
        .collect()
}

/// The largest `ceil(b / a)` over pairs with `a >= 1` (0 when none).
fn ratio_of(v: &[(u64, u64)]) -> u64 {
    v.iter()
        .filter(|p| p.0 >= 1)
        .map(|p| p.1.div_ceil(p.0))
        .max()
        .unwrap_or(0)
}

/// The work [`read`] will start with, said before it starts: the reading, the
/// board (`rows x cols`; a square for b-order) and its estimated seconds and
/// bytes. The a-order rectangle may still grow (doubled rows) when the first
/// one's cut holds too few pairs.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// `"a-order, rectangle"` or `"b-order, square board"`.
    pub reading: &'static str,
    /// The sequence kernel of the cost model that reads them.
    pub kernel: cost::SequenceKernel,
    pub rows: u64,
    pub cols: u64,
    pub seconds: u64,
    /// The same estimate in milliseconds.
    pub millis: u64,
    pub bytes: u64,
}

/// The [`Plan`] of `read(game, terms, ..)`, from the probe board (a few
/// milliseconds), or the refusal that will come first (the same error).
pub fn plan(game: &Game, terms: u64) -> Result<Plan, SolveError> {
    if let [_] = game.variants() {
        let n = terms.saturating_mul(4).saturating_add(64);
        if n <= LINEAR_MAX_BOARD && crate::solve::plan::p_positions_near_linear(game, n) {
            // streamed by the near-linear kernel (`linear_read`)
            // the board's P-positions are held twice (and mirrored) to be read
            let p = crate::solve::plan::p_positions_plan(game, n);
            let count = solve::probe::p_positions_count(game, n);
            let lists = cost::list_bytes(count, 16).saturating_add(count.saturating_mul(16));
            // and sorted twice, about 100 ns a P-position (roob-blocking:m=2,
            // p=3,l=1 --terms 2^18: 0.12 s of CPU, the board 0.04 s)
            let millis = p.millis.saturating_add(count / 10_000);
            return Ok(Plan {
                reading: "b-order, square board",
                kernel: cost::SequenceKernel::LinearBoard,
                rows: n,
                cols: n,
                seconds: millis / 1000,
                millis,
                bytes: p.memory.saturating_add(lists),
            });
        }
    }
    if terms > MAX_TERMS {
        return Err(too_many_terms(terms));
    }
    let square = |n: u64| Plan {
        reading: "b-order, square board",
        kernel: cost::SequenceKernel::SquareBoard,
        rows: n,
        cols: n,
        seconds: crate::solve::plan::p_positions_plan(game, n).seconds,
        millis: crate::solve::plan::p_positions_plan(game, n).millis,
        bytes: solve::outcome_memory_estimate(game, n),
    };
    let n0 = (terms.saturating_mul(4).saturating_add(64)).min(MAX_TERMS);
    let v = match probe(game) {
        None => return Ok(square(n0)),
        Some(Probe::BOrder { density }) if terms > b_order_most(density) => {
            return Err(b_order_refusal(terms, density))
        }
        Some(Probe::BOrder { .. }) => return Ok(square(n0)),
        Some(Probe::Neither { patterns }) => return Err(not_pairs(&patterns)),
        Some(Probe::ARows { v }) => v,
    };
    let (cut, got) = patterns::by_rows(&v, PROBE).expect("the probe reads rows");
    let per_row = (got.len() as u64).max(1) as f64 / cut.max(1) as f64;
    let rows = ((terms as f64 / per_row) * 1.25) as u64 + 16;
    let ratio = ratio_of(&v).max(1);
    let cols = (2 * ratio).saturating_mul(rows).saturating_add(64);
    let rect = rect_plan(rows, cols, 4 * rows * ratio);
    Ok(Plan {
        reading: "a-order, rectangle",
        kernel: cost::SequenceKernel::Rectangle,
        rows,
        cols,
        seconds: rect.seconds,
        millis: rect.millis,
        bytes: rect.memory,
    })
}

/// Most pairs [`read`] tries to read in b-order when the probe has `d` pairs
/// per value of `b`: what the largest board holds, with room (1.5x).
fn b_order_most(d: f64) -> u64 {
    (d * MAX_TERMS as f64 * 1.5) as u64 + 64
}
