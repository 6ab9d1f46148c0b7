//! Time estimates, made before the work starts, for the requests whose cost is
//! predictable: board solvers (cells x per-cell cost of the engine that will
//! run) and `verify --max N`. Work estimated beyond [`TIME_BOUND_SECONDS`] is
//! refused unless the caller forces it ([`check_time`]); the caller shows
//! estimates above [`NOTE_SECONDS`].
//!
//! The per-cell costs are measured user CPU times of the release build on the
//! project's machine (2 cores, shared; see docs/guide.md, Limits), rounded up: they
//! are estimates, off by a small factor, not bounds. Integer arithmetic only
//! (picoseconds per unit of work).
//!
//! | engine | work units | cost per unit | measured |
//! |---|---|---|---|
//! | streaming band kernel (`band`, P-positions) | `n` rows x (band width + 64) | 2 ns | `p-positions wythoff --max 16384`: 0.01 s |
//! | outcome table, counters kernel (`outcome::counters`), per variant | `n^2` cells (x2 misère), plus the steps it tests one by one (a one-pile or band set's explicit part, `min256`: up to 256 a line) | 40 ns a cell, 5 ns a step | `p-positions connell:p=64 --max 16384`: 6.6 s (25 ns); `restricted:s=1,t=1,h=min256,v=min256,d1=none,d2=none` user CPU 1024: 1.82 s, 2048: 8.1 s, 4096: 31.6 s (about 4 ns a step, the sparse kernel's attempt included) |
//! | outcome table, sparse kernel (`outcome::sparse`), per variant | `n^2` cells; when the P-positions are dense (read off the boards of 32 and 64, [`p_positions_estimate`]) its work budget (`64 n^2` units, 1 ns) and then the counters kernel | 10 ns | `p-positions st-wythoff:s=2,t=1` |
//! | remoteness, line kernel (`remoteness::lines`), per variant | `n^2` cells | 40 ns | `remoteness wythoff --max 2048`: 0.17 s |
//! | remoteness, every option visited (`remoteness::plain_table`) | options visited (`remoteness::work_estimate`) | 7.7 ns (130 million a second) | `WORK_LIMIT`: half a minute |
//! | Imitation Nim state solver (`imitation`), P-positions or one position | `n^2` cells (a byte each) | 8 ns + 4 ns x `p` | wall: `outcome imitation:p=1,m=1 4095 4094` 0.24 s (14 ns), `8191 8190` 0.67 s (10 ns), `p=2` 0.95 s (14 ns); user CPU at 16384: `p=1` 1.44 s, `p=2` 2.1 s (loaded machine) |
//! | Grundy, tiled kernel (`grundy::nim_like`), one thread | cells searched (`n^2 / 2` with the stored triangle, else `n^2`) | 38 ns + 1.75 ps x `n` with the triangle, 40 ns + 2.5 ps x `n` without | `grundy wythoff --threads 1` (session 6): 4096 0.39 s (46 ns), 8192 1.73 s (51 ns), 16384 8.9 s (66 ns); whole board: 65536 826 s CPU on two threads (192 ns; session 6), 32768 229 s (213 ns; session 5's kernel); loaded machine |
//! | Grundy, band and residue kernel (`grundy::lines`, tiled like `grundy::nim_like`) | cells searched | 56 ns + 7.35 ps x `n` | `m-wythoff:m=2 --max 4096 --threads 1`: 1.33x wythoff's time, `connell:p=2` 1.23x (loaded machine) |
//! | Grundy, region kernel (`grundy::region`: cone, congruence), one thread | cells searched | 140 ns + `n^2` / 650 ps | `st-wythoff:s=2,t=1 --threads 1` (stripe order): 4096 1.33 s (158 ns), 8192 8.05 s (240 ns), 16384 69.5 s (517 ns); `modular:m=5` 8192 2.66 s (79 ns); loaded machine |
//! | Grundy, other kernels (`grundy::union`, `grundy::plain`) | `n^3` | 1 ns | `connell:p=64 --max 4096`: 18 s (0.26 ns); `corner:m=2,p=3,u=5,v=7 --max 2048`: 6.6 s (0.77 ns) |
//! | `verify --max N` (N >= 200) | `N^3` | 550 ns (4.4 s at 200) | `verify`: 4.4 s; `verify --max 400`: 30.5 s |

use super::grundy;
use super::select::{GrundyKernel, OutcomeKernel, RemotenessKernel};
use crate::error::Arg;
use crate::rules::{Convention, Game, Rules};
use crate::SolveError;

/// The largest work a front end admits: bytes of memory and seconds of
/// computation. The CLI's is the process's memory budget and
/// [`TIME_BOUND_SECONDS`] (no time bound with `--force`); the server's has
/// its own seconds; each front end words the refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Bound {
    pub memory: u64,
    pub seconds: u64,
}

impl Bound {
    /// The CLI's bound: the memory budget and [`TIME_BOUND_SECONDS`], or no
    /// time bound when `force`.
    pub fn cli(force: bool) -> Bound {
        Bound {
            memory: super::memory_budget(),
            seconds: if force { u64::MAX } else { TIME_BOUND_SECONDS },
        }
    }
    /// The memory budget and no time bound (Python; tables whose own limits
    /// bound their time).
    pub fn memory_only() -> Bound {
        Bound {
            memory: super::memory_budget(),
            seconds: u64::MAX,
        }
    }
}

/// Admission, the same for every plan: memory first (no time bound lifts it),
/// then time. `what` names the work (`the outcome solver`), `n` the board side
/// (the request's `Arg::Max`).
pub fn admit(
    what: &str,
    n: u64,
    memory: u64,
    seconds: u64,
    bound: Bound,
) -> Result<(), SolveError> {
    if memory > bound.memory {
        return Err(SolveError::OverMemory {
            arg: Arg::Max,
            n,
            what: None,
            need: memory,
            budget: bound.memory,
        });
    }
    if seconds > bound.seconds {
        return Err(SolveError::OverTime {
            arg: Some(Arg::Max),
            n,
            what: what.to_string(),
            seconds,
            bound: bound.seconds,
        });
    }
    Ok(())
}

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

/// Estimated picoseconds for the streaming band kernel on the `n x n` board, one
/// variant per band width: a row costs `n / 64` words per 64 diagonals of the
/// band, about 2 ns a word (`p-positions wythoff --max 1048576`: 29 s of CPU,
/// 1.7 ns a word; `compare wythoff wythoff@misere` 3.2 to 3.8 ns a word on
/// a loaded machine).
fn band_ps(w: u64, n: u64) -> u128 {
    // a word of every diagonal of the band a row: 1.2 ns a word (issue 33's
    // plan check, one thread: m-wythoff:m=100 at 131072 30.3 s, 1.13 ns;
    // m=65 at 65536 4.68 s; m=1000 at 16384 6.87 s; roob-blocking:m=2,p=12 at
    // 131072 0.65 s)
    let n = n as u128;
    (n * n.div_ceil(64) * (w as u128).clamp(1, n)).saturating_mul(1_200)
}

/// Estimated picoseconds for the near-linear kernel ([`super::outcome::linear`])
/// on the `n x n` board, per row: 200 ns with a band (union-find jumps;
/// measured 0.10 to 0.24 s at `2^20` for wythoff, m-wythoff, roob-blocking,
/// diagonal-blocking, corner), 3 us with a cone (Fenwick jumps; st-wythoff
/// s=2,t=1 2.9 s at `2^20`, s=3,t=2 1.8 s).
fn linear_ps(r: &Rules, n: u64) -> u128 {
    // issue 33's plan check at 2^20, one thread: wythoff 0.02 s of CPU,
    // roob-blocking:m=2,p=3 and corner (misère) 0.04 s; st-wythoff:s=2,t=1 0.68 s
    let per_row = if super::outcome::linear::has_cone(r) {
        800_000
    } else {
        40_000
    };
    (n as u128).saturating_mul(per_row)
}

/// Estimated picoseconds for the bit-parallel residue kernel
/// ([`super::outcome::residue`]): `n / 64` words per bitset row OR-ed
/// ([`super::outcome::residue::row_passes`]) per row, about 1 ns a word with
/// the candidates' checks (`modulo-rook:m=2,l=0,p=4 --max 32768`: 0.23 s,
/// 0.9 ns a word; `connell:p=3` 0.53 s).
fn residue_ps(r: &Rules, n: u64) -> u128 {
    // the words OR-ed, 1 ns each, and the candidates tested one by one, about
    // 0.4 ns a cell (issue 33's plan check, one thread: connell:p=3 at 131072
    // 8.5 s, modulo-rook:m=2,l=0,p=4 3.5 s; at 32768 connell:p=2 0.71 s, p=5
    // 0.35 s, modulo-rook:m=3,l=2,p=5 0.27 s, m=1,l=0,p=3 0.52 s)
    let n = n as u128;
    let passes = super::outcome::residue::row_passes(r) as u128;
    (n * n.div_ceil(64) * passes).saturating_mul(1_000) + (n * n).saturating_mul(400)
}

/// Picoseconds a cell of the counters kernel, and a step it tests one by one.
/// (issue 33's plan check, one thread: terminal-wythoff:l=10 and odd-odd at
/// 8192, 1.1 s, 16 ns a cell)
const COUNTERS_CELL_PS: u128 = 20_000;
const COUNTERS_STEP_PS: u128 = 5_000;
/// Picoseconds a cell of the sparse kernel, and a unit of its work budget.
/// (modular:m=5 at 16384 0.72 s, 2.7 ns; restricted:s=2,t=1,h=odd,v=odd at
/// 8192 0.82 s, 12 ns; the attempt on dense P-positions gives up within a
/// few rows: odd-odd costs what the counters cost)
const SPARSE_CELL_PS: u128 = 6_000;
const SPARSE_GIVE_UP_PS: u128 = 1_000;

/// Picoseconds of `kernel` on the outcome table of one variant `r` (cut to the
/// board) on the `n x n` board (the band kernel streams: [`band_ps`]).
pub(crate) fn outcome_kernel_ps(kernel: OutcomeKernel, r: &Rules, n: u64) -> u128 {
    let mult = if r.convention() == Convention::Misere {
        2
    } else {
        1
    };
    let cells = (n as u128) * (n as u128) * mult;
    match kernel {
        OutcomeKernel::Linear => linear_ps(r, n),
        OutcomeKernel::Residue => residue_ps(r, n),
        OutcomeKernel::Band => band_ps(
            r.two_pile()
                .and_then(|t| t.relation.band_width())
                .unwrap_or(0),
            n,
        ),
        OutcomeKernel::Counters => counters_ps(r, n, cells),
        OutcomeKernel::Sparse => {
            if dense(&Game::single(r.clone()), n) {
                // the kernel gives up, then the counters answer
                cells * SPARSE_GIVE_UP_PS + counters_ps(r, n, cells)
            } else {
                cells.saturating_mul(SPARSE_CELL_PS)
            }
        }
    }
}

/// The counters kernel: every cell, plus the steps of each line family it
/// tests one by one (`1..=threshold` of a one-pile set, or of the two sets of
/// a band of diagonals), which is what a set like `min256` costs.
fn counters_ps(r: &Rules, n: u64, cells: u128) -> u128 {
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

/// Peak resident bytes of the sparse kernel on one variant `r` (cut to the
/// board), where [`super::outcome_memory_estimate`] is what it allocates (and
/// what the budget is checked against): its table is zeroed memory that only
/// the P-positions write to, a page (4 KiB) each at most, with the list of
/// them and two rows of counts; dense P-positions: the counters' table.
/// Issue 33's plan check: modular:m=5 at 16384 3 MiB (7 P-positions),
/// restricted:s=2,t=1,h=odd,v=odd at 4096 and 8192 11 and 22 MiB (4095 and
/// 8191), h=2:0,v=2:0 at 8192 27 MiB (6925).
pub(crate) fn sparse_resident_bytes(r: &Rules, n: u64, allocated: u64) -> u64 {
    let one = Game::single(r.clone());
    if dense(&one, n) {
        return allocated;
    }
    let p = p_positions_count(&one, n);
    let table = n.saturating_mul(n).min(p.saturating_mul(4096));
    table
        .saturating_add(list_bytes(p, 8))
        .saturating_add(n.saturating_mul(16))
        .min(allocated)
}

/// Peak resident bytes of a Grundy kernel on `r` (cut to the board) that
/// allocates `allocated`: the nim-like and lines kernels allocate their value
/// bitsets for the bound on the values (the number of options) and touch them
/// up to the largest value reached. The lines kernel's: its estimate for the
/// values read off the board of 512 ([`grundy_values_estimate`]; corner:m=2,
/// p=3,u=5,v=7 at 4096 reaches 2n of a bound of 13n, 46 MiB of 206 planned);
/// the nim-like kernel's about two thirds (issue 33's plan check, one thread,
/// 8192: wythoff 78 MiB of 127 planned).
pub(crate) fn grundy_resident_bytes(
    kernel: GrundyKernel,
    r: &Rules,
    n: u64,
    allocated: u64,
) -> u64 {
    match kernel {
        GrundyKernel::NimLike => allocated / 3 * 2,
        GrundyKernel::Lines => grundy_values_estimate(r, n)
            .and_then(|v| grundy::lines::memory_estimate_values(r, n, v))
            .map_or(allocated, |b| b.min(allocated)),
        _ => allocated,
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

/// Peak resident bytes of the near-linear kernel on `r` that allocates
/// `allocated`: without two-pile moves its diagonal arrays (9 bytes a
/// diagonal, `2n` of them) are never written (issue 33's plan check at
/// `2^20`: nim 8 MiB resident of 30 MiB allocated).
pub(crate) fn linear_resident_bytes(r: &Rules, n: u64, allocated: u64) -> u64 {
    if r.two_pile().is_none() {
        allocated.saturating_sub(n.saturating_mul(18))
    } else {
        allocated
    }
}

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
/// of 32 and 64 ([`p_positions_estimate`]).
fn dense(game: &Game, n: u64) -> bool {
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

/// The solve of one variant `r` (cut to the board) of a sweep's game on the
/// `n x n` board, by its kernel: the rates of [`outcome_kernel_ps`] (what
/// `p-positions --plan` says), except that the sparse kernel is charged its
/// own rate without the probe that tells whether it gives up: a sweep plans
/// up to millions of games.
pub fn sweep_solve_ps(r: &Rules, n: u64) -> u128 {
    match super::select::outcome_kernel(r) {
        // the rates of `p-positions`' plan, but the sparse kernel's without
        // the probe that says whether it gives up
        OutcomeKernel::Sparse => {
            let twice = if r.convention() == Convention::Misere {
                2
            } else {
                1
            };
            (n as u128 * n as u128).saturating_mul(SPARSE_CELL_PS * twice)
        }
        k => outcome_kernel_ps(k, r, n),
    }
}

/// Bytes of the process itself before any work (the binary, the allocator,
/// the thread pool): a plan's `memory` is this plus the work's bytes, what a
/// whole-process peak (`/usr/bin/time -v`, maximum resident set) reads. The
/// budget is checked against the work's bytes alone. Measured: `p-positions
/// wythoff --max 10`, `grundy`, `sequence`, `remoteness`, `compare` at 5.5 to
/// 6.1 MiB.
pub const PROCESS_BYTES: u64 = 6 << 20;

/// Bytes of a list of `count` entries of `entry` bytes grown by doubling (a
/// `Vec` pushed to): between one and two times the entries, and three halves
/// of the last capacity while it is copied; counted as 1.5 times.
pub fn list_bytes(count: u64, entry: u64) -> u64 {
    count.saturating_mul(entry).saturating_mul(3) / 2
}

/// The sequence kernels (`sequence`): how the pairs `(a_n, b_n)` are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum SequenceKernel {
    /// A bitmap mex recurrence ([`crate::sequence`]).
    Mex,
    /// The game's exact oracle, one term at a time on big integers.
    Oracle,
    /// Read off a board streamed by the near-linear kernel.
    LinearBoard,
    /// Read off a solved square board (b-order).
    SquareBoard,
    /// Read off a thin rectangle (a-order).
    Rectangle,
}

impl SequenceKernel {
    pub fn name(self) -> &'static str {
        match self {
            SequenceKernel::Mex => "mex",
            SequenceKernel::Oracle => "oracle",
            SequenceKernel::LinearBoard => "linear-board",
            SequenceKernel::SquareBoard => "square-board",
            SequenceKernel::Rectangle => "rectangle",
        }
    }
    pub fn complexity(self) -> &'static str {
        match self {
            SequenceKernel::Mex => "O(terms): a word of the mex bitmap at a time",
            SequenceKernel::Oracle => "O(terms x big-integer evaluation)",
            SequenceKernel::LinearBoard => {
                "near-linear: the linear kernel's board of side 4 terms + 64"
            }
            SequenceKernel::SquareBoard => "O(n^2): a solved board of side 4 terms + 64",
            SequenceKernel::Rectangle => "O(rows x cols): a rectangle of the first rows",
        }
    }
}

/// Picoseconds of the mex kernel for `terms` pairs, without writing them:
/// about 4 ns a term (`sequence wythoff --terms 2^24 --format summary`: 0.07
/// s of CPU, st-wythoff, diagonal-blocking 0.05 s, roob-blocking 0.08 s).
pub fn sequence_mex_ps(terms: u64) -> u128 {
    (terms as u128).saturating_mul(4_500)
}

/// Picoseconds of an oracle's `terms` pairs: about 40 ns a term
/// (`sequence shifted:m=2,p=3,l=1 --terms 10^6`: 0.04 s).
pub fn sequence_oracle_ps(terms: u64) -> u128 {
    (terms as u128).saturating_mul(40_000)
}

/// Picoseconds of writing `terms` pairs as text (csv, text, b-file): about
/// 25 ns a pair (`sequence wythoff --terms 2^24 --format csv`: 0.46 s).
pub fn sequence_text_ps(terms: u64) -> u128 {
    (terms as u128).saturating_mul(25_000)
}

/// Reading the structure of a solved board (`patterns`), ps a cell.
pub const PATTERNS_CELL_PS: u128 = 8_000;

/// Picoseconds of the remoteness table of one variant `r` on the `n x n`
/// board by `kernel`.
pub(crate) fn remoteness_kernel_ps(kernel: RemotenessKernel, r: &Rules, n: u64) -> u128 {
    let cells = (n as u128) * (n as u128);
    match kernel {
        RemotenessKernel::Lines => cells.saturating_mul(40_000),
        RemotenessKernel::Plain => {
            super::remoteness::work_estimate(&Game::single(r.clone()), n).saturating_mul(7_700)
        }
    }
}

/// Picoseconds of the Imitation Nim state solver with parameter `p` on the
/// `n x n` board (its P-positions, or one position of side `n`).
pub fn imitation_ps(p: u64, n: u64) -> u128 {
    (n as u128) * (n as u128) * (8_000 + 4_000 * p as u128)
}

/// Picoseconds for a proved automaton (`crate::proved`) to decide one
/// position whose larger pile has `bits` bits: writing both piles in the
/// numeration, greedy with schoolbook big-integer subtraction, quadratic in the
/// digits (the automaton's walk is linear). Measured with
/// `outcome terminal-wythoff:l=2 X Y` (Zeckendorf, the most digits a bit of
/// the shipped numerations) on a shared 2-core machine: 10^1000: 0.01 s,
/// 10^10000: 0.13 s, 10^100000 (332,193 bits): 6.6 s, about 60 ps a bit squared.
pub fn proved_automaton_ps(bits: u64) -> u128 {
    (bits as u128) * (bits as u128) * 60
}

/// Picoseconds to seconds (rounded down).
pub fn ps_seconds(ps: u128) -> u64 {
    u64::try_from(ps / PS).unwrap_or(u64::MAX)
}

/// Picoseconds to milliseconds (rounded down).
pub fn ps_millis(ps: u128) -> u64 {
    u64::try_from(ps / 1_000_000_000).unwrap_or(u64::MAX)
}

/// Estimated picoseconds for the Grundy values of `r` (cut to the board) on the
/// `n x n` board by `kernel` ([`super::select::grundy_kernel`] chooses it).
pub(crate) fn grundy_kernel_ps(kernel: GrundyKernel, r: &Rules, n: u64) -> u128 {
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
                (n * n / 2).saturating_mul(38_000 + 7 * n / 4)
            } else {
                (n * n).saturating_mul(40_000 + 5 * n / 2)
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
            cells.saturating_mul(56_000 + 147 * n / 20)
        }
        GrundyKernel::Region => {
            // the region kernel: its OR windows and stores outgrow the caches,
            // per cell about 140 ns + n^2 / 650 ps (st-wythoff:s=2,t=1 on one
            // loaded core: 158 ns at 4096, 240 ns at 8192, 517 ns at 16384)
            let cells = if r.is_symmetric() { n * n / 2 } else { n * n };
            cells.saturating_mul(140_000 + n * n / 650)
        }
        GrundyKernel::Union => (n * n * n).saturating_mul(1_000),
        // every option visited, 0.3 ns each while the table fits the caches
        // (issue 33's plan check: restricted:s=2,t=1,d1=min2, a cone, 128:
        // 0.08 s, 256: 1.2 s); past a side of 128 the column options miss
        // the cache, each the more the larger the table: (n / 128)^(3/4) as
        // much (hostile round 4: terminal-wythoff:l=7, whose options are
        // Wythoff's, ran 12x the flat rate at 4096 on the idle machine; 5x,
        // 9x and 15x at 256, 512 and 1024 at a load of about 5)
        GrundyKernel::Plain => {
            let r128 = (n64 / 128).max(1) as u128;
            let miss = r128.pow(3).isqrt().isqrt().max(1);
            super::remoteness::work_estimate(&Game::single(r.clone()), n64)
                .saturating_mul(300)
                .saturating_mul(miss)
        }
    }
}

/// Estimated picoseconds for the Grundy level sets `0..=top` of `r` (cut to
/// the board) on the `n x n` board ([`grundy::levels`]): per level and row a
/// leapfrog over a few free columns and unattacked diagonals, each candidate
/// tested against the row's lower levels (a band of width `w` delays `w - 1`
/// attacks a position); the `scan` index tests every position of the level so
/// far for each free column instead. Measured (issue 41, this 2-core machine,
/// loaded): `wythoff --values 0..16` at 2^20 2.0-2.4 s, at 2^24 33.5 s (117 ns
/// a level and row); `m-wythoff:m=3` at 2^20 1.05 s; `st-wythoff:s=2,t=1`
/// (scan) `--values 0..4` at 512 0.12 s, at 1024 0.44 s (86 us a row).
pub(crate) fn levels_ps(r: &Rules, n: u64, top: u64) -> u128 {
    use grundy::levels::TwoPileIndex;
    let rows = (top as u128 + 1).saturating_mul(n as u128);
    let n = n as u128;
    let per_row: u128 = match grundy::levels::two_pile_index(r, n as u64) {
        TwoPileIndex::NoMoves | TwoPileIndex::Congruent(_) => 60_000,
        TwoPileIndex::Band(w) => 60_000 + 2_000 * w as u128,
        TwoPileIndex::Scan => 60_000 + n * n / 12,
    };
    // a terminal set's cells are all listed in level 0 (about 10 ns each)
    let terminal = r.terminal().map_or(0, |t| {
        let l = t.sum as u128 + 1;
        (l * (l + 1) / 2).min(n * n)
    });
    rows.saturating_mul(per_row.saturating_add(4_000 * top as u128))
        .saturating_add(terminal.saturating_mul(10_000))
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
/// names it with its argument (`verify --max 1048576`). The admission of
/// [`admit`] for work whose memory is not planned (its time alone).
pub fn check_time(what: &str, estimate: u64, force: bool) -> Result<(), SolveError> {
    let bound = Bound::cli(force);
    if estimate > bound.seconds {
        return Err(SolveError::OverTime {
            arg: None,
            n: 0,
            what: what.to_string(),
            seconds: estimate,
            bound: bound.seconds,
        });
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
