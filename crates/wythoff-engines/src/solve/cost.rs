//! The shared pieces of every estimate, made before the work starts: the
//! admission of a plan ([`Bound`], [`admit`]: memory first, then time), the
//! picosecond arithmetic ([`ps_seconds`], [`ps_millis`]), the bytes of lists
//! and of the process, and the rates of the work that is not a board kernel
//! (`verify --max N`, `sequence`, `patterns`, the Imitation Nim state solver,
//! the proved automata). Each board kernel's rates live in its wrapper
//! ([`super::wrappers`]); the probes that read small boards live in
//! [`super::probe`]: nothing here runs a solver. Work estimated beyond
//! [`TIME_BOUND_SECONDS`] is refused unless the caller forces it
//! ([`Bound::cli`], [`Cost::admit`]); the caller shows estimates above
//! [`NOTE_SECONDS`].
//!
//! The rates are measured user CPU times of the release build on the
//! project's machine (2 cores, shared; see docs/guide.md, Limits), rounded up:
//! they are estimates, off by a small factor, not bounds. Integer arithmetic
//! only (picoseconds per unit of work).
//!
//! | engine | work units | cost per unit | measured |
//! |---|---|---|---|
//! | Imitation Nim state solver (`imitation`), P-positions or one position | `n^2` cells (a byte each) | 8 ns + 4 ns x `p` | wall: `outcome imitation:p=1,m=1 4095 4094` 0.24 s (14 ns), `8191 8190` 0.67 s (10 ns), `p=2` 0.95 s (14 ns); user CPU at 16384: `p=1` 1.44 s, `p=2` 2.1 s (loaded machine) |
//! | `verify --max N` (N >= 200) | `N^3` | 550 ns (4.4 s at 200) | `verify`: 4.4 s; `verify --max 400`: 30.5 s |

use crate::error::Arg;
use crate::error::SolveError;

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
            memory: super::table::memory_budget(),
            seconds: if force { u64::MAX } else { TIME_BOUND_SECONDS },
        }
    }
    /// The memory budget and no time bound (Python; tables whose own limits
    /// bound their time).
    pub fn memory_only() -> Bound {
        Bound {
            memory: super::table::memory_budget(),
            seconds: u64::MAX,
        }
    }
    /// No bound at all (tests that compare engines past any budget).
    pub const fn unbounded() -> Bound {
        Bound {
            memory: u64::MAX,
            seconds: u64::MAX,
        }
    }
}

/// What a plan costs, as admission reads it: the work named (`what`: `the
/// outcome solver`), the argument and board side it is refused about (`arg`,
/// `n`: `--max 16384`; no argument: `what` names the request itself, `verify
/// --max 1048576`), its bytes (0: not planned) and its seconds. Every plan
/// hands over one ([`super::plan::PPositionsPlan::cost`], ...), and
/// [`Cost::admit`] is the one admission.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost<'a> {
    pub what: &'a str,
    pub arg: Option<Arg>,
    pub n: u64,
    pub memory: u64,
    pub seconds: u64,
}

impl<'a> Cost<'a> {
    /// The cost of `what` on the board of side `n` (`--max n`).
    pub const fn of_board(what: &'a str, n: u64, memory: u64, seconds: u64) -> Cost<'a> {
        Cost {
            what,
            arg: Some(Arg::Max),
            n,
            memory,
            seconds,
        }
    }
    /// Admission, the same for every plan: memory first (no time bound lifts
    /// it), then time.
    pub fn admit(&self, bound: Bound) -> Result<(), SolveError> {
        if self.memory > bound.memory {
            return Err(SolveError::OverMemory {
                arg: self.arg.unwrap_or(Arg::Max),
                n: self.n,
                what: None,
                need: self.memory,
                budget: bound.memory,
            });
        }
        if self.seconds > bound.seconds {
            return Err(SolveError::OverTime {
                arg: self.arg,
                n: self.n,
                what: self.what.to_string(),
                seconds: self.seconds,
                bound: bound.seconds,
            });
        }
        Ok(())
    }
}

/// What admission takes: a plan hands over its [`Cost`], and
/// [`Admit::admit`] is the one admission of every plan ([`Cost::admit`]:
/// memory first, then time). A request that words its refusal its own way
/// (`sequence --value`, `outcome` of one position) maps this one's error.
pub trait Admit {
    /// The plan's cost as admission reads it.
    fn cost(&self) -> Cost<'_>;
    /// Refuse the plan beyond `bound`.
    fn admit(&self, bound: Bound) -> Result<(), SolveError> {
        self.cost().admit(bound)
    }
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
    /// A bitmap mex recurrence ([`crate::mex_pairs`]).
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
    /// Are the pairs made one at a time as they are written (no board held)?
    pub fn streams(self) -> bool {
        matches!(self, SequenceKernel::Mex | SequenceKernel::Oracle)
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

/// Picoseconds of an oracle's `terms` pairs: about 100 ns a term (issue 53
/// at load 1-2, one thread: `sequence shifted:m=2,p=3,l=1` at 250000 terms
/// 0.03 s, 500000 0.05-0.06 s, 10^6 0.11 s; the former 40 ns was 2-3x low).
pub fn sequence_oracle_ps(terms: u64) -> u128 {
    (terms as u128).saturating_mul(100_000)
}

/// Picoseconds of each P-position a front end holds and renders whole
/// (`p-positions --format text` or `json`, `compare`): about 60 ns (issue 53
/// at load 1-2, one thread, `p-positions wythoff --max 2^20`, 1.3 million
/// P-positions: summary 0.03-0.06 s, text 0.10-0.16 s, 54-77 ns each; `compare wythoff
/// wythoff@misere` 0.15-0.24 s against the kernels' 0.08 s planned).
pub const HELD_P_POSITION_PS: u128 = 60_000;

/// Picoseconds of writing `terms` pairs as text (csv, text, b-file): about
/// 25 ns a pair (`sequence wythoff --terms 2^24 --format csv`: 0.46 s).
pub fn sequence_text_ps(terms: u64) -> u128 {
    (terms as u128).saturating_mul(25_000)
}

/// What a front end does with each position the Grundy level kernel lists
/// (`grundy --values`): its CPU a position (writing, hashing or counting it)
/// and the bytes it holds of each (0: written as it comes). Issue 53, one
/// thread, `terminal-wythoff:l=16383 --max 16384 --values 0..2` (1.34e8
/// positions, the kernel's own 1.08 s aside): csv 27 ns a position, json 21
/// ns, summary 4 ns, text (counted) 2.5 ns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listing {
    /// Picoseconds a position.
    pub ps: u128,
    /// Bytes held a position (a growing list: [`list_bytes`]).
    pub held: u64,
}

impl Listing {
    /// Written as text as it comes (csv, json).
    pub const WRITTEN: Listing = Listing {
        ps: 27_000,
        held: 0,
    };
    /// Hashed as it comes (summary).
    pub const HASHED: Listing = Listing { ps: 5_000, held: 0 };
    /// Counted (text: the counts and a few positions a level; a kernel run
    /// whose caller admitted its listing already).
    pub const COUNTED: Listing = Listing { ps: 3_000, held: 0 };
    /// Written as text and held whole, `bytes` a position (the server's body).
    pub const fn held_text(bytes: u64) -> Listing {
        Listing {
            ps: 27_000,
            held: bytes,
        }
    }
    /// Held whole, `bytes` a position, no text (Python's array).
    pub const fn held(bytes: u64) -> Listing {
        Listing {
            ps: 3_000,
            held: bytes,
        }
    }
}

/// Reading the structure of a solved board (`patterns`), ps a cell.
pub const PATTERNS_CELL_PS: u128 = 8_000;

/// Picoseconds of the Imitation Nim state solver with parameter `p` on the
/// `n x n` board (its P-positions, or one position of side `n`).
pub fn imitation_ps(p: u64, n: u64) -> u128 {
    (n as u128) * (n as u128) * (8_000 + 4_000 * p as u128)
}

/// Picoseconds for a proved automaton (`wythoff::proved`) to decide one
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

/// Estimated seconds for `verify --max max` (all claims; the default is 200).
pub fn verify_seconds(max: u64) -> u64 {
    let m = (max.max(200)) as u128;
    // 4.4 s at 200, cubic: 4.4e12 ps / 200^3 = 550 ns per unit
    seconds(m.saturating_mul(m).saturating_mul(m), 550_000)
}

pub use crate::units::human_seconds;

/// What `verify --max max` costs: its seconds ([`verify_seconds`]); its
/// memory is not planned (the claims' boards are small).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyPlan {
    /// The request, as a refusal names it (`verify --max 1048576`).
    pub what: String,
    pub seconds: u64,
}

impl VerifyPlan {
    pub fn new(max: u64) -> VerifyPlan {
        VerifyPlan {
            what: format!("verify --max {max}"),
            seconds: verify_seconds(max),
        }
    }
}

impl Admit for VerifyPlan {
    /// Its cost, named by the request (no board argument).
    fn cost(&self) -> Cost<'_> {
        Cost {
            what: &self.what,
            arg: None,
            n: 0,
            memory: 0,
            seconds: self.seconds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_estimates_grow_with_the_board() {
        assert_eq!(verify_seconds(200), 4);
        assert_eq!(verify_seconds(100), 4);
        assert!(verify_seconds(1_048_576) > TIME_BOUND_SECONDS);
        assert!(verify_seconds(800) < TIME_BOUND_SECONDS);
        assert_eq!(verify_seconds(u64::MAX), u64::MAX);
    }

    #[test]
    fn refusal_names_the_estimate_and_force() {
        let plan = VerifyPlan::new(1_048_576);
        let e = plan.admit(Bound::cli(false)).unwrap_err().to_string();
        assert!(e.contains("verify --max 1048576"), "{e}");
        assert!(e.contains("about") && e.contains("--force"), "{e}");
        assert!(plan.admit(Bound::cli(true)).is_ok());
        assert!(VerifyPlan::new(800).admit(Bound::cli(false)).is_ok());
        assert_eq!(human_seconds(200), "about 3 min 20 s");
        assert_eq!(human_seconds(7200), "about 2 h 0 min");
    }
}
