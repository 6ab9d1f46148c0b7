//! One wrapper per kernel (regex-automata's `meta/wrappers.rs` habit): for
//! each kernel, in one place, its scope test (delegated to the kernel's file),
//! the bytes it allocates and those it keeps resident, its cost (the
//! picosecond rates, with the measurements behind them), its workers, its whole
//! table (`None`: the kernel gave up) and its rows handed to a sink. The
//! kernel enums live here too, with the outcome kernels' order
//! ([`OutcomeKernel::ORDER`]) and every fallback (sparse gives up: the
//! counters; union gives up: plain; the remoteness lines: plain).
//! [`super::select`] picks a kernel and runs the fallbacks; the dispatchers
//! ([`super::run`], [`super::stream`]) run what it chose through [`outcome`],
//! [`grundy`] and [`remoteness`], with no match on a kernel of their own. This
//! file imports the kernels and [`super::table`], nothing above them: what an
//! estimate reads off small boards comes in through [`Readings`].
//!
//! A new kernel: its file (under `outcome/`, `grundy/` or `remoteness/`, with
//! its `mod` line), its wrapper here (a zero-sized struct, the trait, its
//! variant and place in the enum's order, a line of [`outcome`] / [`grundy`] /
//! [`remoteness`]); a Grundy kernel also takes its place in
//! [`super::select::grundy_kernel`]'s chain.
//!
//! The rates are measured user CPU times of the release build on the project's
//! machine (2 cores, shared; docs/guide.md, Limits), rounded up: estimates, off
//! by a small factor, not bounds. Integer arithmetic only.
//!
//! | kernel | work units | cost per unit | measured |
//! |---|---|---|---|
//! | streaming band kernel (`band`, P-positions) | `n` rows x (band width + 64) | 2 ns a word of the band, 4 ns a word of the row | `roob-blocking:m=2,p=12 --max 131072`: 2.14 s (issue 53) |
//! | counters kernel (`outcome::counters`), per variant | `n^2` cells (x2 misère), plus the steps it tests one by one (a one-pile or band set's explicit part, `min256`: up to 256 a line) | 20 ns a cell, 5 ns a step | `p-positions connell:p=64 --max 16384`: 6.6 s (25 ns); `restricted:s=1,t=1,h=min256,v=min256,d1=none,d2=none` user CPU 1024: 1.82 s, 2048: 8.1 s, 4096: 31.6 s (about 4 ns a step, the sparse kernel's attempt included) |
//! | sparse kernel (`outcome::sparse`), per variant | `n^2` cells; when the P-positions are dense ([`super::probe::dense`]) its attempt (1 ns a cell) and then the counters | 6 ns, and 20 ns x `n` a P-position (its attacks) | `p-positions st-wythoff:s=2,t=1` |
//! | remoteness, line kernel (`remoteness::lines`), per variant | `n^2` cells | 25 ns | `remoteness wythoff --max 2048`: 0.09-0.10 s (issue 53) |
//! | remoteness, every option visited (`remoteness::plain_table`) | options visited (`remoteness::work_estimate`) | 7.7 ns (130 million a second) | `WORK_LIMIT`: half a minute |
//! | Grundy, tiled kernel (`grundy::nim_like`), one thread | cells searched (`n^2 / 2` with the stored triangle, else `n^2`) | 38 ns + 1.75 ps x `n` with the triangle, 40 ns + 2.5 ps x `n` without | `grundy wythoff --threads 1` (session 6): 4096 0.39 s (46 ns), 8192 1.73 s (51 ns), 16384 8.9 s (66 ns); whole board: 65536 826 s CPU on two threads (192 ns; session 6), 32768 229 s (213 ns; session 5's kernel); loaded machine |
//! | Grundy, band and residue kernel (`grundy::lines`, tiled like `grundy::nim_like`) | cells searched | 56 ns + 7.35 ps x `n` | `m-wythoff:m=2 --max 4096 --threads 1`: 1.33x wythoff's time, `connell:p=2` 1.23x (loaded machine) |
//! | Grundy, region kernel (`grundy::region`: cone, congruence), one thread | cells searched | 140 ns + `n^2` / 650 ps | `st-wythoff:s=2,t=1 --threads 1` (stripe order): 4096 1.33 s (158 ns), 8192 8.05 s (240 ns), 16384 69.5 s (517 ns); `modular:m=5` 8192 2.66 s (79 ns); loaded machine |
//! | Grundy, other kernels (`grundy::union`, `grundy::plain`) | `n^3` | 1 ns | `connell:p=64 --max 4096`: 18 s (0.26 ns); `corner:m=2,p=3,u=5,v=7 --max 2048`: 6.6 s (0.77 ns) |

use super::grundy::{levels, lines, nim_like, plain, region, rows, union};
use super::outcome::{band, counters, linear, pass, residue, sparse, sparse_rect, RowKernel};
use super::remoteness::{self as remoteness_kernels, RemotenessTable};
use super::table::{outcome_threads, GrundyTable, OutcomeTable, RowsTable};
use crate::rules::{Convention, Game, Rules};

// ---------------------------------------------------------------- the kernels

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
        outcome(self).streams()
    }
    /// Does it stream the board in near-linear time (not `n^2`)?
    pub fn near_linear(self) -> bool {
        outcome(self).near_linear()
    }
    pub fn name(self) -> &'static str {
        outcome(self).name()
    }
    /// The kernel's cost on the `n x n` board, in words (its wrapper has the rates).
    pub fn complexity(self) -> &'static str {
        outcome(self).complexity()
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
    /// Every kernel, in the order they are tried: the first whose wrapper
    /// [`GrundyWrapper::answers`] on the board and budget is taken.
    pub const ORDER: [GrundyKernel; 5] = [
        GrundyKernel::NimLike,
        GrundyKernel::Lines,
        GrundyKernel::Region,
        GrundyKernel::Union,
        GrundyKernel::Plain,
    ];
    pub fn name(self) -> &'static str {
        grundy(self).name()
    }
    /// The kernel's cost on the `n x n` board, in words (its wrapper has the rates).
    pub fn complexity(self) -> &'static str {
        grundy(self).complexity()
    }
    /// Does the kernel hand rows over as it goes (`O(n)` rows of output memory),
    /// rather than fill a whole table first?
    pub fn streams(self) -> bool {
        grundy(self).streams()
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

/// The remoteness kernels, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum RemotenessKernel {
    /// Whole line prefixes (`remoteness::lines`): `O(w)` a cell.
    Lines,
    /// Every option visited (`remoteness::plain_table`).
    Plain,
}

impl RemotenessKernel {
    /// Every kernel, in the order they are tried (the first that applies).
    pub const ORDER: [RemotenessKernel; 2] = [RemotenessKernel::Lines, RemotenessKernel::Plain];
    pub fn name(self) -> &'static str {
        remoteness(self).name()
    }
    /// The kernel's cost on the `n x n` board, in words (its wrapper has the rates).
    pub fn complexity(self) -> &'static str {
        remoteness(self).complexity()
    }
    /// The kernel that answers when this one gives up (the line kernel: plain).
    pub fn fallback(self) -> Option<RemotenessKernel> {
        match self {
            RemotenessKernel::Lines => Some(RemotenessKernel::Plain),
            RemotenessKernel::Plain => None,
        }
    }
}

/// What an estimate reads off small boards solved ([`super::probe`] solves
/// them, [`super::plan`] hands them over): the wrappers price a kernel whose
/// cost depends on the answer (the sparse kernel's attacks, the lines
/// kernel's value bitsets) through this, and so import no dispatcher.
pub trait Readings {
    /// The number of P-positions of `r` (cut to the board) on the `n x n` board.
    fn p_positions(&self, r: &Rules, n: u64) -> u64;
    /// The same, roughly, for a time estimate: read off boards far smaller
    /// than `n` (never the board itself: a command plans before it runs, and
    /// an estimate that solved the board would double the work).
    fn p_positions_rough(&self, r: &Rules, n: u64) -> u64;
    /// The largest Grundy value of `r` (cut to the board) on the `n x n`
    /// board, estimated; `None` where there is no estimate (the bound holds).
    fn grundy_values(&self, r: &Rules, n: u64) -> Option<u64>;
}

/// The board side as `usize` (saturating), for the workers' count.
fn side(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Cells of one variant's table: `n^2`, twice in misère play.
fn cells(r: &Rules, n: u64) -> u128 {
    let mult = if r.convention() == Convention::Misere {
        2
    } else {
        1
    };
    (n as u128) * (n as u128) * mult
}

// ---------------------------------------------------------------- outcomes

/// An outcome kernel: which positions of one variant (the rules cut to the
/// board) are P.
pub trait OutcomeWrapper: Sync {
    fn name(&self) -> &'static str;
    /// The kernel's cost on the `n x n` board, in words.
    fn complexity(&self) -> &'static str;
    /// Does it hand the P-positions over row by row in `O(n)` memory ([`Self::rows`])?
    fn streams(&self) -> bool {
        false
    }
    /// Does it stream the board in near-linear time (not `n^2`: the whole
    /// rows are never swept)?
    fn near_linear(&self) -> bool {
        false
    }
    /// Is `r` in the kernel's scope (its file's `applies`)?
    fn applies(&self, r: &Rules) -> bool;
    /// Bytes it allocates on the `n x n` board: a streaming kernel's rows, a
    /// table kernel's table with the counters' workers.
    fn memory(&self, r: &Rules, n: u64) -> u64;
    /// Peak resident bytes of the `allocated` bytes (zeroed memory is resident
    /// only where written).
    fn resident(&self, _r: &Rules, _n: u64, allocated: u64, _: &dyn Readings) -> u64 {
        allocated
    }
    /// Picoseconds on the `n x n` board (the kernel's own rate).
    fn cost(&self, r: &Rules, n: u64, readings: &dyn Readings) -> u128;
    /// Picoseconds of an attempt that gives up (then [`super::select`] runs its fallback).
    fn give_up_cost(&self, _r: &Rules, _n: u64) -> u128 {
        0
    }
    /// The outcome table, `rows(done)` as rows are solved; `None` when the
    /// kernel gives up (or `r` is out of its scope).
    fn table(&self, r: &Rules, n: usize, rows: &mut dyn FnMut(u64)) -> Option<OutcomeTable>;
    /// The kernel handing over one row of P-positions at a time (`None`: it
    /// does not stream, or `r` is out of its scope).
    fn rows(&self, _r: &Rules, _n: usize) -> Option<Box<dyn RowKernel>> {
        None
    }
}

/// The wrapper of an outcome kernel.
pub fn outcome(kind: OutcomeKernel) -> &'static dyn OutcomeWrapper {
    match kind {
        OutcomeKernel::Pass => &Pass,
        OutcomeKernel::Linear => &Linear,
        OutcomeKernel::Band => &Band,
        OutcomeKernel::Residue => &Residue,
        OutcomeKernel::Sparse => &Sparse,
        OutcomeKernel::Counters => &Counters,
    }
}

/// [`linear`]: jumps over dead columns and attacked diagonals; near-linear; streams.
pub struct Linear;

impl OutcomeWrapper for Linear {
    fn name(&self) -> &'static str {
        "linear"
    }
    fn complexity(&self) -> &'static str {
        "O(n J log n): J jumps a row over dead columns and attacked diagonals (union-find; Fenwick maxima for a cone)"
    }
    fn streams(&self) -> bool {
        true
    }
    fn near_linear(&self) -> bool {
        true
    }
    fn applies(&self, r: &Rules) -> bool {
        linear::applies(r)
    }
    fn memory(&self, r: &Rules, n: u64) -> u64 {
        linear::memory_estimate(r, n)
    }
    /// Without two-pile moves its diagonal arrays (9 bytes a diagonal, `2n` of
    /// them) are never written (issue 33's plan check at `2^20`: nim 8 MiB
    /// resident of 30 MiB allocated).
    fn resident(&self, r: &Rules, n: u64, allocated: u64, _: &dyn Readings) -> u64 {
        if r.two_pile().is_none() {
            allocated.saturating_sub(n.saturating_mul(18))
        } else {
            allocated
        }
    }
    /// Per row: 40 ns with a band (union-find jumps), 800 ns with a cone
    /// (Fenwick jumps). Issue 33's plan check at `2^20`, one thread: wythoff
    /// 0.02 s of CPU, roob-blocking:m=2,p=3 and corner (misère) 0.04 s;
    /// st-wythoff:s=2,t=1 0.68 s (earlier: 0.10 to 0.24 s at `2^20` for
    /// wythoff, m-wythoff, roob-blocking, diagonal-blocking, corner; st-wythoff
    /// s=2,t=1 2.9 s, s=3,t=2 1.8 s).
    fn cost(&self, r: &Rules, n: u64, _: &dyn Readings) -> u128 {
        let per_row = if linear::has_cone(r) { 800_000 } else { 40_000 };
        (n as u128).saturating_mul(per_row)
    }
    fn table(&self, r: &Rules, n: usize, _: &mut dyn FnMut(u64)) -> Option<OutcomeTable> {
        linear::outcomes(r, n)
    }
    fn rows(&self, r: &Rules, n: usize) -> Option<Box<dyn RowKernel>> {
        Some(Box::new(linear::LinearKernel::new(r, n)?))
    }
}

/// [`band`]: row bitsets for one-pile moves plus a band of diagonals; streams.
pub struct Band;

fn band_width(r: &Rules) -> u64 {
    r.two_pile()
        .and_then(|t| t.relation.band_width())
        .unwrap_or(0)
}

impl OutcomeWrapper for Band {
    fn name(&self) -> &'static str {
        "band"
    }
    fn complexity(&self) -> &'static str {
        "O(n^2 (w + 64) / 64): a row of bitsets per 64 diagonals of a band of width w"
    }
    fn streams(&self) -> bool {
        true
    }
    fn applies(&self, r: &Rules) -> bool {
        band::applies(r)
    }
    fn memory(&self, r: &Rules, n: u64) -> u64 {
        band::BandKernel::memory_estimate(n, band_width(r))
    }
    /// A word of every diagonal of the band a row, 2 ns a word, and 4 ns a
    /// word of the row itself (issue 33's plan check, one thread:
    /// m-wythoff:m=100 at 131072 30.3 s, 1.13 ns; m=65 at 65536 4.68 s;
    /// m=1000 at 16384 6.87 s; roob-blocking:m=2,p=12 at 131072 0.65 s).
    /// Issue 53 at load 1-2 (2026-11-28): m-wythoff:m=100 at 32768 5.58 s, at
    /// 65536 14.7 s (2.2 ns a word); m=65 at 65536 11.4 s (2.6 ns);
    /// roob-blocking:m=2,p=12 (width 2) at 32768 0.14 s, 65536 0.55 s,
    /// 131072 2.14 s (4.0 to 4.2 ns a word: the row's own words dominate).
    fn cost(&self, r: &Rules, n: u64, _: &dyn Readings) -> u128 {
        let w = band_width(r);
        let n = n as u128;
        let words = n * n.div_ceil(64);
        words
            .saturating_mul((w as u128).clamp(1, n))
            .saturating_mul(2_000)
            .saturating_add(words.saturating_mul(4_000))
    }
    fn table(&self, r: &Rules, n: usize, _: &mut dyn FnMut(u64)) -> Option<OutcomeTable> {
        band::outcomes(r, n)
    }
    fn rows(&self, r: &Rules, n: usize) -> Option<Box<dyn RowKernel>> {
        Some(Box::new(band::BandKernel::new(r, n)?))
    }
}

/// [`residue`]: bit-parallel rows for eventually periodic one-pile sets; streams.
pub struct Residue;

impl OutcomeWrapper for Residue {
    fn name(&self) -> &'static str {
        "residue"
    }
    fn complexity(&self) -> &'static str {
        "O(n^2 / 64 x passes): bit-parallel rows, one pass per residue class and explicit step"
    }
    fn streams(&self) -> bool {
        true
    }
    fn applies(&self, r: &Rules) -> bool {
        residue::applies(r)
    }
    fn memory(&self, r: &Rules, n: u64) -> u64 {
        residue::memory_estimate(r, n)
    }
    /// `n / 64` words per bitset row OR-ed ([`residue::row_passes`]) per row, 1
    /// ns each, and the candidates tested one by one, about 0.4 ns a cell
    /// (issue 33's plan check, one thread: connell:p=3 at 131072 8.5 s,
    /// modulo-rook:m=2,l=0,p=4 3.5 s; at 32768 connell:p=2 0.71 s, p=5 0.35 s,
    /// modulo-rook:m=3,l=2,p=5 0.27 s, m=1,l=0,p=3 0.52 s).
    fn cost(&self, r: &Rules, n: u64, _: &dyn Readings) -> u128 {
        let n = n as u128;
        let passes = residue::row_passes(r) as u128;
        (n * n.div_ceil(64) * passes).saturating_mul(1_000) + (n * n).saturating_mul(400)
    }
    fn table(&self, r: &Rules, n: usize, _: &mut dyn FnMut(u64)) -> Option<OutcomeTable> {
        residue::outcomes(r, n)
    }
    fn rows(&self, r: &Rules, n: usize) -> Option<Box<dyn RowKernel>> {
        Some(Box::new(residue::ResidueKernel::new(r, n)?))
    }
}

/// Picoseconds a cell of the sparse kernel, and a cell of an attempt that
/// gives up (modular:m=5 at 16384 0.72 s, 2.7 ns; restricted:s=2,t=1,h=odd,
/// v=odd at 8192 0.82 s, 12 ns; the attempt on dense P-positions gives up
/// within a few rows: odd-odd costs what the counters cost).
const SPARSE_CELL_PS: u128 = 6_000;
const SPARSE_GIVE_UP_PS: u128 = 1_000;
/// Picoseconds of a P-position's attacks, a cell of the board's side each
/// (issue 53 at load 1-2, one thread: restricted:s=2,t=1,h=odd,v=odd, a
/// P-position a row, at 4096 0.48-0.51 s, at 8192 1.63-1.94 s: 22-25 ns an
/// attack once the cells are counted; modular:m=5, 7 P-positions, at 8192
/// 0.31 s, at 16384 1.21 s: the cells alone, 4.5 ns).
const SPARSE_ATTACK_PS: u128 = 20_000;

/// [`sparse`]: forward attacks from sparse P-positions; gives up when they
/// are dense ([`OutcomeKernel::fallback`]: then the counters).
pub struct Sparse;

impl OutcomeWrapper for Sparse {
    fn name(&self) -> &'static str {
        "sparse"
    }
    fn complexity(&self) -> &'static str {
        "O(n^2): forward attacks from sparse P-positions (the counters when they are dense)"
    }
    fn applies(&self, r: &Rules) -> bool {
        sparse::applies(r)
    }
    fn memory(&self, r: &Rules, n: u64) -> u64 {
        Counters.memory(r, n)
    }
    /// Its table is zeroed memory that only the P-positions write to, a page
    /// (4 KiB) each at most, with the list of them and two rows of counts
    /// (issue 33's plan check: modular:m=5 at 16384 3 MiB (7 P-positions),
    /// restricted:s=2,t=1,h=odd,v=odd at 4096 and 8192 11 and 22 MiB (4095 and
    /// 8191), h=2:0,v=2:0 at 8192 27 MiB (6925)).
    fn resident(&self, r: &Rules, n: u64, allocated: u64, readings: &dyn Readings) -> u64 {
        let p = readings.p_positions(r, n);
        let table = n.saturating_mul(n).min(p.saturating_mul(4096));
        table
            .saturating_add(super::cost::list_bytes(p, 8))
            .saturating_add(n.saturating_mul(16))
            .min(allocated)
    }
    fn cost(&self, r: &Rules, n: u64, readings: &dyn Readings) -> u128 {
        let p = readings.p_positions_rough(r, n) as u128;
        cells(r, n)
            .saturating_mul(SPARSE_CELL_PS)
            .saturating_add(p.saturating_mul(n as u128).saturating_mul(SPARSE_ATTACK_PS))
    }
    fn give_up_cost(&self, r: &Rules, n: u64) -> u128 {
        cells(r, n) * SPARSE_GIVE_UP_PS
    }
    fn table(&self, r: &Rules, n: usize, rows: &mut dyn FnMut(u64)) -> Option<OutcomeTable> {
        sparse::outcomes_with_progress(r, n, rows)
    }
}

/// Picoseconds a cell of the counters kernel, and a step it tests one by one
/// (issue 33's plan check, one thread: terminal-wythoff:l=10 and odd-odd at
/// 8192, 1.1 s, 16 ns a cell).
const COUNTERS_CELL_PS: u128 = 20_000;
const COUNTERS_STEP_PS: u128 = 5_000;

/// [`counters`]: the general counter solver (any memoryless rules).
pub struct Counters;

impl OutcomeWrapper for Counters {
    fn name(&self) -> &'static str {
        "counters"
    }
    fn complexity(&self) -> &'static str {
        "O(n^2 + n x explicit steps): prefix counts per line, every cell"
    }
    fn applies(&self, r: &Rules) -> bool {
        !r.has_pass()
    }
    fn memory(&self, r: &Rules, n: u64) -> u64 {
        counters::memory_estimate(r, n, outcome_threads(side(n)))
    }
    /// Every cell, plus the steps of each line family it tests one by one
    /// (`1..=threshold` of a one-pile set, or of the two sets of a band of
    /// diagonals), which is what a set like `min256` costs.
    fn cost(&self, r: &Rules, n: u64, _: &dyn Readings) -> u128 {
        let cells = cells(r, n);
        // sum over the rows x < n of the steps tested at distance x, times n
        let line = |tex: u64| -> u128 {
            let (t, n) = (tex as u128, n as u128);
            if t == 0 || n == 0 {
                return 0;
            }
            let a = t.min(n - 1);
            a * (a + 1) / 2 + (n - 1 - a) * t
        };
        let mut steps = line(r.h().threshold()) + line(r.v().threshold());
        if let Some(two) = r.two_pile() {
            if let Some(w) = two.relation.band_width() {
                let diagonals = (2 * w).saturating_sub(1) as u128;
                steps += diagonals * line(two.d1.threshold().max(two.d2.threshold()));
            }
        }
        let mult = cells / ((n as u128) * (n as u128)).max(1);
        cells.saturating_mul(COUNTERS_CELL_PS)
            + (n as u128)
                .saturating_mul(steps)
                .saturating_mul(mult)
                .saturating_mul(COUNTERS_STEP_PS)
    }
    fn table(&self, r: &Rules, n: usize, rows: &mut dyn FnMut(u64)) -> Option<OutcomeTable> {
        // a pass is the pass kernel's: never answered as if there were none
        (!r.has_pass()).then(|| counters::outcomes_threads(r, n, outcome_threads(n), rows))
    }
}

/// [`pass`]: a game with a pass, from the outcomes of the game without it.
pub struct Pass;

/// Picoseconds a cell of the pass kernel and a pair (P-position, P-position)
/// it may test: estimates, not measured (the tests' boards of 512 take well
/// under a second).
const PASS_CELL_PS: u128 = 30_000;
const PASS_TEST_PS: u128 = 2_000;

/// The kernel of the game without the pass (the first in the order that takes it).
fn without_pass_kernel(r0: &Rules) -> OutcomeKernel {
    OutcomeKernel::ORDER
        .into_iter()
        .find(|&k| outcome(k).applies(r0))
        .unwrap_or(OutcomeKernel::Counters)
}

impl OutcomeWrapper for Pass {
    fn name(&self) -> &'static str {
        "pass"
    }
    fn complexity(&self) -> &'static str {
        "the game without the pass by its own kernel, then O(n^2 + P^2) usually, O(n^2 P) at worst: each cell tests the P-positions on its lines, then all"
    }
    fn applies(&self, r: &Rules) -> bool {
        pass::applies(r)
    }
    fn memory(&self, r: &Rules, n: u64) -> u64 {
        let r0 = r.without_pass();
        outcome(without_pass_kernel(&r0))
            .memory(&r0, n)
            .saturating_add(pass::memory_estimate(n))
    }
    fn cost(&self, r: &Rules, n: u64, readings: &dyn Readings) -> u128 {
        let r0 = r.without_pass();
        let p = readings.p_positions_rough(&r0, n) as u128;
        outcome(without_pass_kernel(&r0))
            .cost(&r0, n, readings)
            .saturating_add(cells(r, n).saturating_mul(PASS_CELL_PS))
            .saturating_add(p.saturating_mul(p).saturating_mul(PASS_TEST_PS))
    }
    fn table(&self, r: &Rules, n: usize, rows: &mut dyn FnMut(u64)) -> Option<OutcomeTable> {
        if !pass::applies(r) {
            return None;
        }
        // the game without the pass by its kernel, or that kernel's fallback
        // where it gives up (no selector call: wrappers sit below it)
        let r0 = r.without_pass();
        let mut kernel = Some(without_pass_kernel(&r0));
        let without = loop {
            let k = kernel?;
            if let Some(t) = outcome(k).table(&r0, n, &mut |_| {}) {
                break t;
            }
            kernel = k.fallback();
        };
        pass::outcomes(r, &without, n, rows)
    }
}

/// [`sparse_rect`]: the sparse kernel's attacks on a rectangle `rows x cols`,
/// the P-positions alone (`O(cols + P)` memory, no table); its own request
/// (the a-order pairs of `sequence`, [`super::plan::rect_plan`]), not in the
/// order.
pub struct SparseRect;

/// The rectangle kernel's wrapper.
pub const SPARSE_RECT: SparseRect = SparseRect;

impl SparseRect {
    /// Work units (a cell swept, or an earlier P-position visited) a second:
    /// about 3 ns a unit (docs/performance.md).
    pub const UNITS_PER_SECOND: u64 = 333_000_000;
    /// Is `r` in its scope (normal play, memoryless, no blocking, no pass, no
    /// terminal set)?
    pub fn applies(&self, r: &Rules) -> bool {
        sparse_rect::in_scope(r)
    }
    /// Bytes it allocates for `cols` columns and about `p` P-positions.
    pub fn memory(&self, cols: u64, p: u64) -> u64 {
        sparse_rect::memory_estimate(cols, p)
    }
    /// The work units of the rectangle `rows x cols` swept: two a cell.
    pub fn units(&self, rows: u64, cols: u64) -> u64 {
        rows.saturating_mul(cols.saturating_mul(2))
    }
    /// The P-positions `(x, y)`, `x < rows`, `y < cols`, in row order;
    /// `progress(rows_done)`. `None` out of its scope, or past `work` units.
    pub fn p_positions(
        &self,
        r: &Rules,
        rows: usize,
        cols: usize,
        work: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Vec<(u32, u32)>> {
        sparse_rect::p_positions(r, rows, cols, work, progress)
    }
}

// ---------------------------------------------------------------- Grundy

/// A Grundy kernel: the Sprague-Grundy values of one game (the rules cut to
/// the board).
pub trait GrundyWrapper: Sync {
    fn name(&self) -> &'static str;
    /// The kernel's cost on the `n x n` board, in words.
    fn complexity(&self) -> &'static str;
    /// Does it hand rows over as it goes (`O(n)` rows of output memory), rather
    /// than fill a whole table first?
    fn streams(&self) -> bool {
        false
    }
    /// Is `r` in the kernel's scope (its file's `applies`)?
    fn applies(&self, r: &Rules) -> bool;
    /// Is it the one to take for `r` on the `n x n` board with `budget` bytes,
    /// when no kernel before it in [`GrundyKernel::ORDER`] is? By default when
    /// `r` is in its scope (a kernel taken is refused over the budget, not
    /// skipped); a kernel that steps aside for a slower one over the budget
    /// says so here.
    fn answers(&self, r: &Rules, _n: u64, _budget: u64) -> bool {
        self.applies(r)
    }
    /// Bytes of its own state on the `n x n` board (first attempt), `None` when
    /// it does not answer there.
    fn memory(&self, r: &Rules, n: u64) -> Option<u64>;
    /// What a refusal names when its own memory is checked again before a
    /// table (`None`: not checked again).
    fn checked_as(&self) -> Option<&'static str> {
        None
    }
    /// Peak resident bytes of the `allocated` bytes.
    fn resident(&self, _r: &Rules, _n: u64, allocated: u64, _: &dyn Readings) -> u64 {
        allocated
    }
    /// Picoseconds on one thread on the `n x n` board.
    fn cost(&self, r: &Rules, n: u64) -> u128;
    /// Workers on the `n x n` board.
    fn threads(&self, _n: usize) -> usize {
        1
    }
    /// Wall seconds for `one` second of its work on `threads` workers.
    fn wall_seconds(&self, one: u64, _threads: usize) -> u64 {
        one
    }
    /// The whole table, `progress(rows_done)`; `None` when the kernel gives up
    /// (or `r` is out of its scope).
    fn table(&self, r: &Rules, n: usize, progress: &mut dyn FnMut(u64)) -> Option<GrundyTable>;
    /// The rows in order to `sink(x, values)` ([`super::table::GRUNDY_OFF`] off the
    /// board) on `threads` workers; a kernel that does not stream fills its
    /// table first.
    fn stream(
        &self,
        r: &Rules,
        n: usize,
        _threads: usize,
        progress: &mut dyn FnMut(u64),
        sink: &mut dyn FnMut(u64, &[u32]),
    ) -> Option<()> {
        let t = self.table(r, n, progress)?;
        for x in 0..n {
            sink(x as u64, &t.values()[x * n..(x + 1) * n]);
        }
        Some(())
    }
}

/// The wrapper of a Grundy kernel.
pub fn grundy(kind: GrundyKernel) -> &'static dyn GrundyWrapper {
    match kind {
        GrundyKernel::NimLike => &NimLike,
        GrundyKernel::Lines => &Lines,
        GrundyKernel::Region => &Region,
        GrundyKernel::Union => &Union,
        GrundyKernel::Plain => &Plain,
    }
}

/// The tiled kernels' wall time: the one-thread estimate over the workers, at
/// 80% efficiency.
fn tiled_wall_seconds(one: u64, threads: usize) -> u64 {
    if threads > 1 {
        one.saturating_mul(5) / (4 * threads as u64)
    } else {
        one
    }
}

/// [`nim_like`]: Nim / Wythoff-like, tiled line bitsets; streams.
pub struct NimLike;

/// What the tiled streaming kernels ([`NimLike`], [`Lines`]) share: the
/// threads and wall time of the tiled kernels, the table collected from their
/// stream.
macro_rules! tiled_stream_table {
    () => {
        fn threads(&self, n: usize) -> usize {
            outcome_threads(n)
        }
        fn wall_seconds(&self, one: u64, threads: usize) -> u64 {
            tiled_wall_seconds(one, threads)
        }
        fn table(&self, r: &Rules, n: usize, _: &mut dyn FnMut(u64)) -> Option<GrundyTable> {
            GrundyTable::collect(n, |sink| self.stream(r, n, 1, &mut |_| {}, sink))
        }
    };
}

impl GrundyWrapper for NimLike {
    fn name(&self) -> &'static str {
        "nim-like"
    }
    fn complexity(&self) -> &'static str {
        "O(n^2 x v / 512): value bitsets per line in 512-value blocks, v the values searched"
    }
    fn streams(&self) -> bool {
        true
    }
    fn applies(&self, r: &Rules) -> bool {
        nim_like::applies(r)
    }
    fn memory(&self, r: &Rules, n: u64) -> Option<u64> {
        Some(nim_like::memory_estimate(r, n))
    }
    /// Its value bitsets are allocated for the bound on the values and touched
    /// up to the largest value reached: about two thirds (issue 33's plan
    /// check, one thread, 8192: wythoff 78 MiB of 127 planned).
    fn resident(&self, _r: &Rules, _n: u64, allocated: u64, _: &dyn Readings) -> u64 {
        allocated / 3 * 2
    }
    /// The tiled kernel searches `y >= x` only when it keeps the triangle; a
    /// search spans more values (more blocks) as the board grows. With the
    /// triangle (n < 21846) 38 ns + 1.75 ps x n per cell (session 6, one
    /// thread: 46 ns at 4096, 51 ns at 8192, 66 ns at 16384); the whole board
    /// (values past u16) 40 ns + 2.5 ps x n (65536: 826 s of CPU on two
    /// threads, 192 ns a cell).
    fn cost(&self, r: &Rules, n: u64) -> u128 {
        let n64 = n;
        let n = n as u128;
        if nim_like::keeps_triangle(r, n64) {
            (n * n / 2).saturating_mul(38_000 + 7 * n / 4)
        } else {
            (n * n).saturating_mul(40_000 + 5 * n / 2)
        }
    }
    tiled_stream_table!();
    fn stream(
        &self,
        r: &Rules,
        n: usize,
        threads: usize,
        progress: &mut dyn FnMut(u64),
        sink: &mut dyn FnMut(u64, &[u32]),
    ) -> Option<()> {
        nim_like::stream_threads(r, n, threads, progress, |x, row| sink(x, row))
    }
}

/// [`lines`]: bands and residue classes, tiled line bitsets; streams (refused,
/// not skipped, over the budget).
pub struct Lines;

impl GrundyWrapper for Lines {
    fn name(&self) -> &'static str {
        "lines"
    }
    fn complexity(&self) -> &'static str {
        "O(n^2 x v / 512): value bitsets per line and residue class"
    }
    fn streams(&self) -> bool {
        true
    }
    fn applies(&self, r: &Rules) -> bool {
        lines::applies(r)
    }
    fn memory(&self, r: &Rules, n: u64) -> Option<u64> {
        lines::memory_estimate(r, n)
    }
    fn checked_as(&self) -> Option<&'static str> {
        Some("the Grundy line kernel")
    }
    /// Its value bitsets for the values read off the board of 512
    /// ([`Readings::grundy_values`]: [`super::probe`]; corner:m=2,p=3,u=5,v=7 at 4096
    /// reaches 2n of a bound of 13n, 46 MiB of 206 planned).
    fn resident(&self, r: &Rules, n: u64, allocated: u64, readings: &dyn Readings) -> u64 {
        readings
            .grundy_values(r, n)
            .and_then(|v| lines::memory_estimate_values(r, n, v))
            .map_or(allocated, |b| b.min(allocated))
    }
    /// Like [`NimLike`], about 1.4 times wythoff's cost per cell
    /// (m-wythoff:m=2 at 4096: 1.33x, connell:p=2 1.23x).
    fn cost(&self, r: &Rules, n: u64) -> u128 {
        let n64 = n;
        let n = n as u128;
        let cells = if lines::keeps_triangle(r, n64) {
            n * n / 2
        } else {
            n * n
        };
        cells.saturating_mul(56_000 + 147 * n / 20)
    }
    tiled_stream_table!();
    fn stream(
        &self,
        r: &Rules,
        n: usize,
        threads: usize,
        progress: &mut dyn FnMut(u64),
        sink: &mut dyn FnMut(u64, &[u32]),
    ) -> Option<()> {
        lines::stream_threads(r, n, threads, progress, |x, row| sink(x, row))
    }
}

/// [`region`]: cone and congruence with purely periodic sets; streams (when
/// its memory fits the budget: [`super::select::grundy_kernel`]).
pub struct Region;

impl GrundyWrapper for Region {
    fn name(&self) -> &'static str {
        "region"
    }
    fn complexity(&self) -> &'static str {
        "O(n^2 x v / 64): OR windows of value bitsets over regions"
    }
    fn streams(&self) -> bool {
        true
    }
    fn applies(&self, r: &Rules) -> bool {
        region::applies(r)
    }
    fn memory(&self, r: &Rules, n: u64) -> Option<u64> {
        region::memory_estimate(r, n)
    }
    /// Only when its memory fits the budget (otherwise the union kernel or
    /// the plain one answers, more slowly).
    fn answers(&self, r: &Rules, n: u64, budget: u64) -> bool {
        self.memory(r, n).is_some_and(|e| e <= budget)
    }
    /// Its OR windows and stores outgrow the caches: per cell about 140 ns +
    /// n^2 / 650 ps (st-wythoff:s=2,t=1 on one loaded core: 158 ns at 4096,
    /// 240 ns at 8192, 517 ns at 16384).
    fn cost(&self, r: &Rules, n: u64) -> u128 {
        let n = n as u128;
        let cells = if r.is_symmetric() { n * n / 2 } else { n * n };
        cells.saturating_mul(140_000 + n * n / 650)
    }
    fn threads(&self, n: usize) -> usize {
        outcome_threads(n)
    }
    fn table(&self, r: &Rules, n: usize, progress: &mut dyn FnMut(u64)) -> Option<GrundyTable> {
        GrundyTable::collect(n, |sink| {
            region::stream_threads(r, n, outcome_threads(n), progress, sink)
        })
    }
    fn stream(
        &self,
        r: &Rules,
        n: usize,
        threads: usize,
        progress: &mut dyn FnMut(u64),
        sink: &mut dyn FnMut(u64, &[u32]),
    ) -> Option<()> {
        region::stream_threads(r, n, threads, progress, |x, row| sink(x, row))?;
        progress(n as u64);
        Some(())
    }
}

/// Every option visited, 0.3 ns each while the table fits the caches (issue
/// 33's plan check: restricted:s=2,t=1,d1=min2, a cone, 128: 0.08 s, 256: 1.2
/// s); past a side of 128 the column options miss the cache, each the more the
/// larger the table: (n / 128)^(3/4) as much (hostile round 4:
/// terminal-wythoff:l=7, whose options are Wythoff's, ran 12x the flat rate at
/// 4096 on the idle machine; 5x, 9x and 15x at 256, 512 and 1024 at a load of
/// about 5).
/// Picoseconds of the plain Grundy kernel: the options it visits, the
/// one-pile ones and the two-pile ones of a band (counted as
/// [`super::remoteness::work_estimate`] counts them) at 2.7 ns each, the
/// two-pile ones of any other relation (counted as `n^2` a cell, several
/// times those of a cone) at 0.7 ns; more beyond 512 (cache misses). Issue 53
/// (one thread, load 7-9): the misère Grundy values of Wythoff at 256
/// 0.12-0.18 s, at 512 1.16 s, at 1024 12.7 s (2.4 to 3.9 ns an option);
/// `terminal-wythoff:l=10` at 256 0.12 s, at 512 1.10 s (the former 0.3 ns an
/// option was 5-12x low); `restricted:s=2,t=1,d1=min2` at 256 2.97 s.
fn plain_ps(r: &Rules, n: u64) -> u128 {
    let r256 = (n / 256).max(1) as u128;
    let miss = r256.pow(3).isqrt().isqrt().max(1);
    let n = n as u128;
    let two = r.two_pile().map_or(0, |t| match t.relation.band_width() {
        Some(w) => n * (2 * w as u128 - 1).min(2 * n) * 2_700,
        None => n * n * 700,
    });
    (n * n)
        .saturating_mul((2 * n * 2_700).saturating_add(two))
        .saturating_mul(miss)
}

/// [`union`]: stepped unions of value bitsets; a table; gives up when its
/// rings would be too deep ([`GrundyKernel::fallback`]: then plain).
pub struct Union;

impl GrundyWrapper for Union {
    fn name(&self) -> &'static str {
        "union"
    }
    fn complexity(&self) -> &'static str {
        "O(n^3 / 64): stepped unions of value bitsets"
    }
    fn applies(&self, r: &Rules) -> bool {
        union::applies(r)
    }
    fn memory(&self, r: &Rules, n: u64) -> Option<u64> {
        union::memory_estimate(r, n)
    }
    /// Wherever it has a memory estimate (it is checked again before its
    /// table: [`GrundyWrapper::checked_as`]).
    fn answers(&self, r: &Rules, n: u64, _budget: u64) -> bool {
        self.memory(r, n).is_some()
    }
    fn checked_as(&self) -> Option<&'static str> {
        Some("the Grundy union kernel")
    }
    fn cost(&self, _r: &Rules, n: u64) -> u128 {
        let n = n as u128;
        (n * n * n).saturating_mul(1_000)
    }
    fn table(&self, r: &Rules, n: usize, progress: &mut dyn FnMut(u64)) -> Option<GrundyTable> {
        union::grundy_with_progress(r, n, progress)
    }
}

/// [`plain`]: every option visited; a table; every rule with Grundy values
/// (misère rules: the misère Grundy values of one game).
pub struct Plain;

impl GrundyWrapper for Plain {
    fn name(&self) -> &'static str {
        "plain"
    }
    fn complexity(&self) -> &'static str {
        "O(n^3): every option visited"
    }
    fn applies(&self, _: &Rules) -> bool {
        true
    }
    fn memory(&self, r: &Rules, n: u64) -> Option<u64> {
        Some(plain::memory_estimate(r, n))
    }
    fn cost(&self, r: &Rules, n: u64) -> u128 {
        plain_ps(r, n)
    }
    fn table(&self, r: &Rules, n: usize, progress: &mut dyn FnMut(u64)) -> Option<GrundyTable> {
        Some(plain::grundy_with_progress(r, n, progress))
    }
}

/// [`levels`]: the level sets of the values `0..=top` alone (`grundy
/// --values`), `O(top n)` memory, one thread; its own request
/// ([`super::plan::levels_plan`]), not in the order.
pub struct Levels;

/// The level kernel's wrapper.
pub const LEVELS: Levels = Levels;

impl Levels {
    /// The kernel's name in plans.
    pub const NAME: &'static str = "levels";
    /// The largest board side it takes (its own bound, [`levels::MAX_SIDE`]).
    pub const MAX_SIDE: u64 = levels::MAX_SIDE;
    /// Is `r` in its scope (one-pile moves of every length on both piles)?
    pub fn applies(&self, r: &Rules) -> bool {
        levels::applies(r)
    }
    /// Bytes it allocates for the levels `0..=top` on the `n x n` board.
    pub fn memory(&self, r: &Rules, n: u64, top: u64) -> u64 {
        levels::memory_estimate(r, n, top)
    }
    /// A bound on the largest Grundy value of `r` (cut to the board) on the
    /// `n x n` board: a value is at most the number of options, and a position
    /// has at most `2 (n - 1)` one-pile options and, by the two-pile index, none,
    /// `(2 w - 1) (n - 1)` (a band of `w` diagonals), `(n - 1) ((n - 1) / m + 1)`
    /// (a congruence modulo `m`) or `(n - 1)^2` two-pile options. Levels above
    /// it are empty.
    pub fn max_value(&self, r: &Rules, n: u64) -> u64 {
        let s = n.saturating_sub(1);
        let two = match levels::two_pile_index(r, n) {
            levels::TwoPileIndex::NoMoves => 0,
            levels::TwoPileIndex::Band(w) => {
                w.saturating_mul(2).saturating_sub(1).saturating_mul(s)
            }
            levels::TwoPileIndex::Congruent(m) => s.saturating_mul(s / m.max(1) + 1),
            levels::TwoPileIndex::Scan => s.saturating_mul(s),
        };
        s.saturating_mul(2).saturating_add(two)
    }
    /// How level `g`'s two-pile options are found: `none`, `band`,
    /// `congruence` or `scan` (every position of the level so far; quadratic).
    pub fn index(&self, r: &Rules, n: u64) -> &'static str {
        match levels::two_pile_index(r, n) {
            levels::TwoPileIndex::NoMoves => "none",
            levels::TwoPileIndex::Band(_) => "band",
            levels::TwoPileIndex::Congruent(_) => "congruence",
            levels::TwoPileIndex::Scan => "scan",
        }
    }
    /// The kernel's cost in words, by its [`Levels::index`].
    pub fn complexity(&self, index: &str) -> &'static str {
        match index {
            "scan" => "O(v n^3) here: level by level, every candidate tested against the level so far (v levels; the tests read off the boards of 128 and 256)",
            _ => "O(v n (v + w)): level by level, one scan a row over free columns (v levels, w diagonals of a band)",
        }
    }
    /// Picoseconds for the levels `0..=top` of `r` (cut to the board) on the
    /// `n x n` board: per level and row a leapfrog over a few free columns and
    /// unattacked diagonals, each candidate tested against the row's lower
    /// levels (a band of width `w` delays `w - 1` attacks a position); the
    /// `scan` index tests the options of each candidate among the level's
    /// positions so far instead: `scan_tests` of them ([`levels::scan_tests`],
    /// read off small boards by [`super::probe::scan_tests`]), at
    /// [`Levels::SCAN_TEST_PS`] each; a terminal set's cells are all visited
    /// in level 0. Measured (issue 41, this 2-core machine, loaded):
    /// `wythoff --values 0..16` at 2^20 2.0-2.4 s, at 2^24 33.5 s (117 ns a
    /// level and row); `m-wythoff:m=3` at 2^20 1.05 s; issue 53: the terminal
    /// cells of `terminal-wythoff:l=16383` at 16384 (1.34e8 cells) 1.08 s of CPU
    /// (8 ns a cell).
    pub fn cost(&self, r: &Rules, n: u64, top: u64, scan_tests: u128) -> u128 {
        use levels::TwoPileIndex;
        let rows = (top as u128 + 1).saturating_mul(n as u128);
        // a row: the leapfrog, and the row's lower levels (issue 53, one
        // thread, levels 0..=16: wythoff at 2^20 125 ns a row, nim 94 ns,
        // m-wythoff:m=3 48 ns, modular:m=5 at 2^18 34 ns)
        let top = top as u128;
        let per_row: u128 = match levels::two_pile_index(r, n) {
            TwoPileIndex::NoMoves | TwoPileIndex::Scan => 60_000 + 2_000 * top,
            TwoPileIndex::Congruent(_) => 16_000 + 1_000 * top,
            TwoPileIndex::Band(1) => 60_000 + 4_000 * top,
            // wider bands attack more diagonals a position: fewer candidates
            TwoPileIndex::Band(w) => 20_000 + 1_500 * top + 2_000 * w as u128,
        };
        let terminal = levels::terminal_cells(r, n) as u128;
        rows.saturating_mul(per_row)
            .saturating_add(terminal.saturating_mul(10_000))
            .saturating_add(scan_tests.saturating_mul(Self::SCAN_TEST_PS))
    }
    /// At most how many positions the levels `values.0..=values.1` of `r`
    /// (cut to the `n x n` board) hold: level 0 every terminal cell, each
    /// level at most one non-terminal position a row.
    pub fn positions_bound(&self, r: &Rules, n: u64, values: (u64, u64)) -> u64 {
        levels::positions_bound(r, n, values)
    }
    /// The options the `scan` index tests for the levels `0..=top` of `r` on
    /// the `n x n` board (0 for the other indexes), counted by running the
    /// kernel: what its time grows with there (`None`: out of its scope).
    pub fn scan_tests(&self, r: &Rules, n: u64, top: u32) -> Option<u64> {
        levels::scan_tests(r, n, top)
    }
    /// Picoseconds a candidate's option test of the `scan` index costs
    /// ([`levels::scan_tests`]; `scripts/plan_check.py`, issue 53).
    pub const SCAN_TEST_PS: u128 = 7_500;
    /// The positions of value `0..=top` to `sink(g, x, y)` by level, then row,
    /// then column; `None` out of its scope.
    pub fn stream(
        &self,
        r: &Rules,
        n: u64,
        top: u32,
        progress: &mut dyn FnMut(u64, u64),
        sink: &mut dyn FnMut(u32, u32, u32),
    ) -> Option<()> {
        levels::positions(r, n, top, progress, sink)
    }
}

/// [`rows`]: the Grundy rows `0..R` over `Y` columns, each certified
/// additively periodic where the row certificate applies, `O(R Y)` memory, one
/// thread; its own request (`rows`, `grundy GAME X Y` at any size, the row
/// proofs of `patterns`; [`super::plan::rows_plan`]), not in the order.
pub struct Rows;

/// The row kernel's wrapper.
pub const ROWS: Rows = Rows;

impl Rows {
    /// The kernel's name in plans.
    pub const NAME: &'static str = "rows";
    /// Columns a row is computed over by default.
    pub const DEFAULT_COLUMNS: u64 = rows::DEFAULT_COLUMNS;
    /// The most columns it takes (indexes are `usize`, values below `2^31`).
    pub const MAX_COLUMNS: u64 = rows::MAX_COLUMNS;
    /// The largest window `c` (cells of earlier rows among a cell's options).
    pub const MAX_WINDOW: u64 = rows::MAX_WINDOW;
    /// Picoseconds a cell costs besides its earlier cells (the mex over the
    /// window, the state checks), and a cell of an earlier row read. Measured
    /// (docs/performance.md, "The Grundy row kernel"): the first rates (20 ns,
    /// 1.5 ns) planned 1.92 s for Wythoff's rows 0..63 over 2^18 columns where
    /// 4.31 s of CPU was measured (load 9), and 28.7 s for rows 0..128 over 2^20
    /// where 52.8 s was (load 15): both scaled by 1.6 (3.07 s and 45.9 s).
    pub const CELL_PS: u128 = 32_000;
    pub const PAIR_PS: u128 = 2_400;
    /// Why the row certificate does not apply to `r` (`None`: it applies).
    pub fn refusal(&self, r: &Rules) -> Option<String> {
        rows::refusal(r)
    }
    /// The largest `l` of a two-pile move `(k, l)` (`None`: unbounded).
    pub fn lmax(&self, r: &Rules, k: u64) -> Option<u64> {
        rows::lmax(r, k)
    }
    /// The smallest `l >= 1` of a two-pile move `(k, l)` the relation allows.
    pub fn lmin(&self, r: &Rules, k: u64) -> u64 {
        rows::lmin(r, k)
    }
    /// The cells `(x', y - d)` of the rows below `x` among the options of
    /// `(x, y)`, as pairs `(x', d)`; `Err` past `limit` columns or the window.
    pub fn pairs(&self, r: &Rules, x: u64, limit: u64) -> Result<Vec<(u64, u64)>, String> {
        rows::pairs(r, x, limit)
    }
    /// Each row's window `c_x` (rows `0..rows`), or why not.
    pub fn windows(&self, r: &Rules, rows: u64, limit: u64) -> Result<Vec<u64>, String> {
        rows::windows(r, rows, limit)
    }
    /// Bytes it allocates for rows `0..rows` over `columns` columns with the
    /// largest window `window`.
    pub fn memory(&self, rows: u64, columns: u64, window: u64) -> u64 {
        rows::memory_estimate(rows, columns, window)
    }
    /// Picoseconds for rows `0..rows` over `columns` columns reading `reads`
    /// cells of earlier rows in all.
    pub fn cost(&self, rows: u64, columns: u64, reads: u64) -> u128 {
        (rows as u128 * columns as u128)
            .saturating_mul(Self::CELL_PS)
            .saturating_add((reads as u128).saturating_mul(Self::PAIR_PS))
    }
    /// The kernel's cost in words.
    pub fn complexity(&self) -> &'static str {
        "O(Y (R + sum of c_x)): row by row, each cell the mex of its row's window and c_x cells of earlier rows; O(R Y) memory"
    }
    /// Rows `0..rows` over `columns` columns, each certified where it can be;
    /// `progress(done, total)` in cells. `Err`: out of its scope, or a failed
    /// bound (a bug, never a wrong value).
    pub fn table(
        &self,
        r: &Rules,
        rows: u64,
        columns: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<RowsTable, String> {
        rows::compute(r, rows, columns, progress)
    }
}

// ---------------------------------------------------------------- remoteness

/// A remoteness kernel: the remoteness table of one variant.
pub trait RemotenessWrapper: Sync {
    fn name(&self) -> &'static str;
    /// The kernel's cost on the `n x n` board, in words.
    fn complexity(&self) -> &'static str;
    /// Is `r` in its scope?
    fn applies(&self, r: &Rules) -> bool;
    /// Picoseconds on the `n x n` board.
    fn cost(&self, r: &Rules, n: u64) -> u128;
    /// Does it visit every option of every position (then its work is
    /// bounded: [`super::remoteness::WORK_LIMIT`])?
    fn visits_every_option(&self) -> bool {
        false
    }
    /// The table; `None` when the kernel gives up (or `r` is out of its scope).
    fn table(&self, r: &Rules, n: usize) -> Option<RemotenessTable>;
}

/// The wrapper of a remoteness kernel.
pub fn remoteness(kind: RemotenessKernel) -> &'static dyn RemotenessWrapper {
    match kind {
        RemotenessKernel::Lines => &RemotenessLines,
        RemotenessKernel::Plain => &RemotenessPlain,
    }
}

/// [`super::remoteness::lines`]: whole line prefixes, `O(w)` a cell.
pub struct RemotenessLines;

impl RemotenessWrapper for RemotenessLines {
    fn name(&self) -> &'static str {
        "lines"
    }
    fn complexity(&self) -> &'static str {
        "O(n^2 w): whole line prefixes, w the lines a cell reads"
    }
    fn applies(&self, r: &Rules) -> bool {
        remoteness_kernels::lines::scope(r).is_some()
    }
    /// 25 ns a cell (issue 53 at load 1-2, one thread: `remoteness wythoff`
    /// at 1024 0.02 s, at 2048 0.09-0.10 s, about 21 ns; was 40 ns, 1.9-2.8x
    /// high).
    fn cost(&self, _r: &Rules, n: u64) -> u128 {
        let cells = (n as u128) * (n as u128);
        cells.saturating_mul(25_000)
    }
    fn table(&self, r: &Rules, n: usize) -> Option<RemotenessTable> {
        remoteness_kernels::lines::table(r, n)
    }
}

/// [`super::remoteness::plain_table`]: every option visited.
pub struct RemotenessPlain;

impl RemotenessWrapper for RemotenessPlain {
    fn name(&self) -> &'static str {
        "plain"
    }
    fn complexity(&self) -> &'static str {
        "O(n^3): every option visited"
    }
    fn applies(&self, _: &Rules) -> bool {
        true
    }
    fn visits_every_option(&self) -> bool {
        true
    }
    fn cost(&self, r: &Rules, n: u64) -> u128 {
        remoteness_kernels::work_estimate(&Game::single(r.clone()), n).saturating_mul(7_700)
    }
    fn table(&self, r: &Rules, n: usize) -> Option<RemotenessTable> {
        Some(remoteness_kernels::plain_table(r, n))
    }
}
