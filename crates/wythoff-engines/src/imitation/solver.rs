//! The fast exact state solver of (p,m)-Imitation Nim (seed 002, Larsson,
//! "2-pile Nim with a restricted number of move-size imitations") on the board
//! `0 <= x, y < n`: `O(n^2 p)` time (plus the P-states met on the lines, which
//! are few) and `O(n^2 p)` memory of 16-bit counters, instead of the reference
//! solver's `O(p n^3)` time and one bit per state ([`super::ReferenceStateSolver`],
//! kept as the reference it is tested against on every state).
//!
//! # States (as in the reference solver)
//!
//! At a position `(x, y)`, with `d = |x - y|` (see [`ImitationNim::check_state`]):
//! - *free* `F(c)`: no window, previous run 0, mover run `c < p`;
//! - *after* `A(a)`: no window, mover run 0, previous run `a = 1 .. p - 1`;
//! - *window* `W(k, c)`: window `k = 1 ..= d` on the smaller pile, previous run 0,
//!   mover run `c < p`.
//!
//! # The recurrences
//!
//! A non-imitation from a state with previous run `a` leads to the state with
//! mover run `a`, previous run 0 and the window opened by the move itself (a
//! window `k = j` on the reduced pile when it was not larger before the removal
//! of `j`, else none). Let `cnt[a]` count the Nim moves whose such successor is P.
//! Free and after states have no window, so every move is a non-imitation:
//!
//! - `F(c)` is P iff `cnt[0] == 0` (the same for every `c`: a *start* P-position);
//! - `A(a)` is P iff `cnt[a] == 0`.
//!
//! Take `x < y` (the game is symmetric: `(x, y)` with `x > y` is the mirror image,
//! window on the second pile). Reducing the big pile `y` by `j` opens no window
//! and leads to `F(a)` at `(x, y - j)`; reducing the small pile by `j` leads to
//! `W(j, a)` at `(x - j, y)`. So `cnt[a] = big + small[a]` where
//!
//! - `big` = the number of start P-positions `(x, y')`, `y' < y` (the same for
//!   every `a`);
//! - `small[a]` = the number of `x' < x` with `W(x - x', a)` P at `(x', y)`: a sum
//!   along the anti-diagonal `x' + k = x` of column `y`.
//!
//! At `(x, x)` both piles are small: `cnt[a] = 2 small[a]`, `small` read in
//! column `x` (the move on the second pile is the mirror of the move on the first).
//!
//! `W(k, c)` at `(x, y)`, `x < y`: its imitations remove `j in [k, k + m - 1]`,
//! `j <= y`, from the big pile; legal when `c + 1 < p`, leading to `A(c + 1)` at
//! `(x, y - j)`. Its non-imitations are all other moves, with the successors
//! counted by `cnt[0]`. Hence `W(k, c)` is P iff `plain_ok(k) && !imit_win(k, c)`:
//!
//! - `plain_ok(k)`: every move counted by `cnt[0]` is one of the window's
//!   imitations. True for all `k` when `cnt[0] == 0`; false for all `k` when
//!   `small[0] > 0` (a small-pile move is never an imitation); otherwise, with
//!   `J` the distances `j = y - y'` to the start P-positions `(x, y')`, `y' < y`,
//!   `k in [max(1, max J - m + 1), min(d, min J)]`.
//! - `imit_win(k, c)`: `c + 1 < p` and some `j in [k, k + m - 1]` has `A(c + 1)`
//!   P at `(x, y - j)`, i.e. `k` lies in the union of `[j - m + 1, j]` over those
//!   `j`.
//!
//! So the P window states of `(x, y)` with mover run `c` form an interval minus a
//! union of intervals, one per P after-state on row `x`. (By Theorem 1 and
//! Corollary 1 every P after-state sits on a start P-position, so in this game
//! the cut only ever shortens the interval from the right; the pass does not
//! rely on it.)
//!
//! # Misère play
//!
//! The same recurrences, except that a state with no legal move is N: the free
//! and after states of `(0, 0)`, and `W(1, p - 1)` at `(0, y)` with `y <= m`
//! (every move of the big pile is a window imitation, the `p`-th). The pass
//! leaves `(0, 0)` out of the lines and starts the window interval of mover run
//! `p - 1` at `k = 2` on those positions; nothing else changes.
//!
//! # The pass and its invariants
//!
//! Positions `x <= y` are solved row by row (`x` outer, `y` inner); the mirror
//! half is never stored. Invariants at the moment `(x, y)` is solved:
//!
//! 1. `free_line[l]` (resp. `after_line[l]`) is the sorted list of the `y'` such
//!    that `(l, y')` is a start P-position (resp. has a P after-state), over
//!    every position solved so far, mirror images included (solving `(x, y)`
//!    appends `y` to line `x` and `x` to line `y`, in increasing order). Row `x`
//!    of the full board therefore lists exactly its entries `y' < y`, so `big` is
//!    the length of `free_line[x]` and `J` its first and last entries.
//! 2. `run[y][a]` is `small[a]` for the column `y` at the current row: every
//!    `W(k, a)` P at `(x', y)` adds 1 to the cells `x' + k` of column `y`, as a
//!    range-add `+1` at `x' + lo`, `-1` at `x' + hi + 1` in a difference array
//!    per anti-diagonal index, and `run` is its running prefix. A range starts
//!    at `x' + 1 > x'`, so it never touches a cell already read. The ranges
//!    one row emits start and end on a few diagonals `y - s` only (in this game
//!    `x' + lo` sits at a fixed distance from the row's P-position), so the
//!    difference array is stored in 64 x 64 tiles along the diagonals (`diag`):
//!    a row's writes run along a diagonal through consecutive tiles, and its
//!    reads are consecutive within a tile. (Stored row-major, every write was a
//!    cache and TLB miss: about twice the time at 16384.) Counts are 16-bit and
//!    wrapping: the true counts are below `n <= 2^15` ([`MAX_BOARD`]), so the
//!    wrapped prefix is exact. (On the diagonal `cnt[a] = 2 small[a]`, but only
//!    whether a count is 0 matters.)
//! 3. The outcome of every state is a function of what is kept after the pass:
//!    per position `x <= y` the start-P bit, the bit `small[0] > 0`, the after
//!    bits and the class (P / N / dynamic, from the number of P states counted
//!    while solving); and the two line lists. [`StateSolver::outcome`] evaluates
//!    the formulas above from them by binary search in the lines.

use super::state::{ImitationNim, Move, State};
use super::ImitationError;
use crate::solve::{Outcome, OutcomeTable, CELL_P};

/// Default memory budget of one solver (bytes).
pub const DEFAULT_BUDGET: u64 = 4 << 30;

/// The budget a solver runs within: [`DEFAULT_BUDGET`], or the process
/// budget where smaller.
pub fn default_budget() -> u64 {
    DEFAULT_BUDGET.min(crate::solve::memory_budget())
}

/// Largest work estimate ([`StateSolver::work_estimate`]) the solver accepts:
/// about a minute on one core.
pub const WORK_LIMIT: u128 = 20_000_000_000;

/// Largest board size: the 16-bit counters of the pass are exact below
/// `2^15` (a count is at most `2 n`).
pub const MAX_BOARD: u64 = 1 << 15;

/// Per-position classification (Definition 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionClass {
    /// P in every reachable state ("non-dynamic P").
    P,
    /// N in every reachable state ("non-dynamic N").
    N,
    /// P after some histories and N after others.
    Dynamic,
}

impl std::fmt::Display for PositionClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PositionClass::P => "P",
            PositionClass::N => "N",
            PositionClass::Dynamic => "D",
        })
    }
}

/// The classification of every position of the `n x n` board, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classification {
    n: usize,
    cells: Vec<PositionClass>,
}

impl Classification {
    pub(crate) fn from_cells(n: usize, cells: Vec<PositionClass>) -> Classification {
        debug_assert_eq!(cells.len(), n * n);
        Classification { n, cells }
    }
    pub fn size(&self) -> usize {
        self.n
    }
    pub fn get(&self, x: usize, y: usize) -> PositionClass {
        self.cells[x * self.n + y]
    }
    pub fn cells(&self) -> &[PositionClass] {
        &self.cells
    }
}

/// `info` bits of a position `x <= y`.
const FREE_P: u8 = 1;
/// `small[0] > 0`: some move on the smaller pile reaches a P window state with
/// mover run 0 (so no window state of the position is P by `plain_ok`).
const SMALL_P: u8 = 2;
const CLASS_SHIFT: u8 = 2;
const CLASS_N: u8 = 0;
const CLASS_P: u8 = 1;
const CLASS_D: u8 = 2;

/// Outcome of every valid state of every position on the `n x n` board, kept
/// compactly (see the module documentation, invariant 3).
#[derive(Clone, Debug)]
pub struct StateSolver {
    rules: ImitationNim,
    n: u64,
    /// `min(m, n)`: the same imitation windows on the board as `m`.
    m: u64,
    /// Per position `x <= y` at [`tri`]: `FREE_P | SMALL_P | class << CLASS_SHIFT`.
    info: Vec<u8>,
    /// Bit `tri(x, y) * (p - 1) + a - 1`: `A(a)` at `(x, y)`, `x <= y`, is P.
    after: Vec<u64>,
    /// Line `l`: the sorted `y` with `(l, y)` a start P-position (full board).
    free_line: Vec<Vec<u32>>,
    /// Line `l`: the sorted `y` such that `(l, y)` has a P after-state (full board).
    after_line: Vec<Vec<u32>>,
}

/// Index of `(x, y)`, `x <= y < n`, in the upper triangle stored row by row.
#[inline]
fn tri(n: usize, x: usize, y: usize) -> usize {
    debug_assert!(x <= y && y < n);
    x * (2 * n - x + 1) / 2 + (y - x)
}

/// Side of the square tiles of the difference array (a power of two).
const TILE: usize = 64;

/// Index of `(s, y)`, `s <= y < n`, in the difference array's layout
/// (module documentation, invariant 2): with `g = y - s`, the triangle
/// `s + g < n` cut into `TILE x TILE` tiles `(s / TILE, g / TILE)`, stored by
/// tile diagonal `G = g / TILE` (the `nb - G` tiles with `S + G < nb`, `nb`
/// the tiles of a side, in increasing `S`), each tile row by row (`s` outer,
/// `g` inner). A run of cells along a diagonal stays in one tile column (the
/// next tile is the next one in memory), and a row reads `TILE` consecutive
/// entries per tile. (`g` outer within a tile measured 2 to 11 % slower.)
#[inline]
fn diag(nb: usize, s: usize, y: usize) -> usize {
    debug_assert!(s <= y);
    let g = y - s;
    let (ts, tg) = (s / TILE, g / TILE);
    debug_assert!(ts + tg < nb);
    // tile diagonals 0 .. tg - 1 hold nb, nb - 1, ..., nb - tg + 1 tiles
    let tile = tg * (2 * nb + 1 - tg) / 2 + ts;
    (tile * TILE + s % TILE) * TILE + g % TILE
}

/// Entries of the difference array for the board `n` (per mover run).
fn diag_len(n: usize) -> usize {
    let nb = n.div_ceil(TILE);
    nb * (nb + 1) / 2 * TILE * TILE
}

impl StateSolver {
    fn tri_len(n: u128) -> u128 {
        n * (n + 1) / 2
    }

    /// Bytes the solve needs at its peak for the board `n` (the line lists
    /// are estimated at a few entries per line; the P-positions of a line of
    /// Imitation Nim are at most two).
    pub fn memory_estimate(rules: ImitationNim, n: u64) -> u128 {
        let (p, n) = (rules.p() as u128, n as u128);
        let t = Self::tri_len(n);
        let diff = 2 * p * diag_len(n as usize) as u128;
        let run = 2 * p * n;
        let info = t;
        let after = ((p - 1) * t).div_ceil(64) * 8;
        let lines = 2 * n * (24 + 4 * 4);
        diff + run + info + after + lines + 256
    }

    /// Peak resident bytes of the solve: [`StateSolver::memory_estimate`]
    /// with a quarter of the difference array, which is zeroed and written
    /// only where a window starts or ends (issue 33's plan check: p=1, m=1 at
    /// 8192 57 MiB, p=2 65 MiB; p=2 at 4096 16 MiB, p=3, m=2 24 MiB).
    pub fn resident_estimate(rules: ImitationNim, n: u64) -> u128 {
        let diff = 2 * rules.p() as u128 * diag_len(n as usize) as u128;
        Self::memory_estimate(rules, n) - diff + diff / 4
    }

    /// Elementary steps of the solve: per position `x <= y`, `p` counters and
    /// up to `p` window intervals.
    pub fn work_estimate(rules: ImitationNim, n: u64) -> u128 {
        let (p, n) = (rules.p() as u128, n as u128);
        Self::tri_len(n) * (4 * p + 8)
    }

    /// Solve the board `0 <= x, y < n` within [`DEFAULT_BUDGET`] (or the process budget, if smaller).
    pub fn new(rules: ImitationNim, n: u64) -> Result<StateSolver, ImitationError> {
        Self::with_budget(rules, n, default_budget())
    }

    /// [`StateSolver::new`] reporting `progress(rows done, n)` before each row
    /// (a caller may unwind from it to cancel: the solver holds no state outside
    /// itself).
    pub fn with_progress(
        rules: ImitationNim,
        n: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<StateSolver, ImitationError> {
        Self::build(rules, n, default_budget(), progress)
    }

    /// Solve the board, refusing when the estimate exceeds `budget` bytes.
    pub fn with_budget(
        rules: ImitationNim,
        n: u64,
        budget: u64,
    ) -> Result<StateSolver, ImitationError> {
        Self::build(rules, n, budget, &mut |_, _| {})
    }

    /// Whether [`StateSolver::new`] takes the board `n` (its own bounds: piles
    /// below [`MAX_BOARD`], memory within [`DEFAULT_BUDGET`] or the process
    /// budget, work within [`WORK_LIMIT`]), decided without solving: the
    /// refusal a plan announces is the one the run gives.
    pub fn admission(rules: ImitationNim, n: u64) -> Result<(), ImitationError> {
        Self::admit_within(rules, n, default_budget())
    }

    fn admit_within(rules: ImitationNim, n: u64, budget: u64) -> Result<(), ImitationError> {
        if n > MAX_BOARD {
            return Err(ImitationError::TooLarge(format!(
                "the imitation state solver handles piles below {MAX_BOARD} (asked for piles below {n})"
            )));
        }
        admit(
            rules,
            n,
            budget,
            Self::memory_estimate(rules, n),
            Self::work_estimate(rules, n) > WORK_LIMIT,
            "(about 2 p n^2 steps): use smaller piles or a smaller p",
        )
    }

    fn build(
        rules: ImitationNim,
        n: u64,
        budget: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<StateSolver, ImitationError> {
        Self::admit_within(rules, n, budget)?;
        let nu = n as usize;
        let t = nu * (nu + 1) / 2;
        let q = rules.p() as usize - 1;
        let mut solver = StateSolver {
            rules,
            n,
            m: rules.m().min(n),
            info: vec![0u8; t],
            after: vec![0u64; (q * t).div_ceil(64)],
            free_line: vec![Vec::new(); nu],
            after_line: vec![Vec::new(); nu],
        };
        solver.solve(progress);
        progress(n, n);
        Ok(solver)
    }

    pub fn rules(&self) -> ImitationNim {
        self.rules
    }
    /// Board size: piles below `n`.
    pub fn size(&self) -> u64 {
        self.n
    }

    #[inline]
    fn idx(&self, x: u64, y: u64) -> usize {
        tri(self.n as usize, x as usize, y as usize)
    }

    /// `A(a)` at `(x, y)`, `x <= y`, `1 <= a < p`.
    #[inline]
    fn after_bit(&self, t: usize, a: u64) -> bool {
        let i = t * (self.rules.p() as usize - 1) + a as usize - 1;
        self.after[i >> 6] >> (i & 63) & 1 == 1
    }

    /// The row-by-row pass over `x <= y` (module documentation).
    fn solve(&mut self, progress: &mut dyn FnMut(u64, u64)) {
        let p = self.rules.p() as usize;
        let q = p - 1;
        let m = self.m as i64;
        let n = self.n as usize;
        let misere = self.rules.is_misere();
        let nb = n.div_ceil(TILE);
        let mut diff = vec![0u16; diag_len(n) * p];
        let mut run = vec![0u16; n * p];
        for x in 0..n {
            progress(x as u64, n as u64);
            for y in x..n {
                let t = tri(n, x, y);
                // invariant 2: the running prefix of column y at cell x
                let col = &mut run[y * p..y * p + p];
                let dt = diag(nb, x, y);
                for (r, &dv) in col.iter_mut().zip(&diff[dt * p..dt * p + p]) {
                    *r = r.wrapping_add(dv);
                }
                // on the diagonal cnt[a] is 2 small[a]; only whether a count
                // is 0 matters, so small[a] stands for it
                let small = |a: usize| col[a] as u32;
                // invariant 1: start P-positions (x, y'), y' < y
                let big = if x < y {
                    self.free_line[x].len() as u32
                } else {
                    0
                };
                // misère play: the states of (0, 0) have no move, so they are N
                let dead = misere && y == 0;
                let free_p = small(0) + big == 0 && !dead;
                let mut info = 0u8;
                let mut ps = 0u64;
                if free_p {
                    info |= FREE_P;
                    ps += p as u64;
                }
                let mut any_after = false;
                for a in 1..p {
                    if small(a) + big == 0 && !dead {
                        let i = t * q + a - 1;
                        self.after[i >> 6] |= 1 << (i & 63);
                        ps += 1;
                        any_after = true;
                    }
                }
                let small0 = small(0) > 0;
                let total;
                if x < y {
                    if small0 {
                        info |= SMALL_P;
                    }
                    let d = (y - x) as i64;
                    total = 2 * p as u64 - 1 + p as u64 * d as u64;
                    let plain = if free_p {
                        Some((1, d))
                    } else if small0 {
                        None
                    } else {
                        let fl = &self.free_line[x];
                        let (first, last) = (fl[0] as i64, fl[fl.len() - 1] as i64);
                        let (jmin, jmax) = (y as i64 - last, y as i64 - first);
                        Some(((jmax - m + 1).max(1), jmin.min(d)))
                    };
                    if let Some((kl, kr)) = plain.filter(|(kl, kr)| kl <= kr) {
                        // the P after-states (x, y - j) that can cut [kl, kr]:
                        // j in [kl, kr + m - 1], i.e. y' in [y - kr - m + 1, y - kl]
                        let al = &self.after_line[x];
                        let lo_e = (y as i64 - kr - m + 1).max(0);
                        let hi_e = y as i64 - kl;
                        let from = al.partition_point(|&e| (e as i64) < lo_e);
                        let to = al.partition_point(|&e| (e as i64) <= hi_e);
                        let cut = &al[from..to];
                        for c in 0..p {
                            // misère play: W(1, p - 1) at (0, y), y <= m, has only
                            // forbidden imitations, so no move: N
                            let mut cur = if misere && x == 0 && y as i64 <= m && c + 1 == p {
                                kl.max(2)
                            } else {
                                kl
                            };
                            let mut emit = |lo: i64, hi: i64| {
                                ps += (hi - lo + 1) as u64;
                                let s = x + lo as usize;
                                let i = diag(nb, s, y) * p + c;
                                diff[i] = diff[i].wrapping_add(1);
                                let s = x + hi as usize + 1;
                                if s <= y {
                                    let i = diag(nb, s, y) * p + c;
                                    diff[i] = diff[i].wrapping_sub(1);
                                }
                            };
                            if c + 1 < p {
                                // increasing j = y - e
                                for &e in cut.iter().rev() {
                                    let (a, b) = (x.min(e as usize), x.max(e as usize));
                                    let te = tri(n, a, b);
                                    let i = te * q + c;
                                    if self.after[i >> 6] >> (i & 63) & 1 == 0 {
                                        continue;
                                    }
                                    let j = y as i64 - e as i64;
                                    if j - m + 1 > cur {
                                        emit(cur, (j - m).min(kr));
                                    }
                                    cur = cur.max(j + 1);
                                    if cur > kr {
                                        break;
                                    }
                                }
                            }
                            if cur <= kr {
                                emit(cur, kr);
                            }
                        }
                    }
                } else {
                    total = 2 * p as u64 - 1;
                }
                let class = if ps == 0 {
                    CLASS_N
                } else if ps == total {
                    CLASS_P
                } else {
                    CLASS_D
                };
                self.info[t] = info | class << CLASS_SHIFT;
                if free_p {
                    self.free_line[x].push(y as u32);
                    if x != y {
                        self.free_line[y].push(x as u32);
                    }
                }
                if any_after {
                    self.after_line[x].push(y as u32);
                    if x != y {
                        self.after_line[y].push(x as u32);
                    }
                }
            }
        }
    }

    /// `W(k, c)` at `(a, b)`, `a < b`, window `k` on the smaller pile `a`
    /// (module documentation: `plain_ok(k) && !imit_win(k, c)`).
    fn window_p(&self, a: u64, b: u64, k: u64, c: u64) -> bool {
        let info = self.info[self.idx(a, b)];
        let m = self.m;
        if self.rules.is_misere() && a == 0 && b <= m && k == 1 && c + 1 == self.rules.p() {
            // misère: every move is a forbidden imitation, the mover wins
            return false;
        }
        if info & FREE_P == 0 {
            if info & SMALL_P != 0 {
                return false;
            }
            let fl = &self.free_line[a as usize];
            let end = fl.partition_point(|&e| (e as u64) < b);
            if end == 0 {
                // cnt[0] == 0 would have made the position a start P-position
                debug_assert!(false, "inconsistent solver state at ({a}, {b})");
                return false;
            }
            let (jmin, jmax) = (b - fl[end - 1] as u64, b - fl[0] as u64);
            if k > jmin || k + m - 1 < jmax {
                return false;
            }
        }
        if c + 1 < self.rules.p() {
            // targets (a, b - j), j in [k, min(k + m - 1, b)]
            let lo = b.saturating_sub(k + m - 1);
            let hi = b - k;
            let al = &self.after_line[a as usize];
            let from = al.partition_point(|&e| (e as u64) < lo);
            for &e in al[from..].iter().take_while(|&&e| e as u64 <= hi) {
                let e = e as u64;
                if self.after_bit(self.idx(a.min(e), a.max(e)), c + 1) {
                    return false;
                }
            }
        }
        true
    }

    /// Outcome of a valid state on the board (not checked).
    fn is_p(&self, s: &State) -> bool {
        let (a, b) = (s.x.min(s.y), s.x.max(s.y));
        match s.window {
            Some(w) => a < b && self.window_p(a, b, w.removed, s.mover_run),
            None if s.previous_run > 0 => self.after_bit(self.idx(a, b), s.previous_run),
            None => self.info[self.idx(a, b)] & FREE_P != 0,
        }
    }

    fn queries(&self) -> StateQueries<impl Fn(&State) -> bool + '_> {
        StateQueries {
            rules: self.rules,
            n: self.n,
            is_p: |s: &State| self.is_p(s),
        }
    }

    /// The outcome of a valid state on the board.
    pub fn outcome(&self, s: &State) -> Result<Outcome, ImitationError> {
        self.queries().outcome(s)
    }

    /// The legal moves of `s` that lead to a P-state (empty when `s` is P).
    pub fn winning_moves(&self, s: &State) -> Result<Vec<(Move, State)>, ImitationError> {
        self.queries().winning_moves(s)
    }

    /// Outcomes of the starting positions (no history), as an outcome table.
    pub fn start_table(&self) -> OutcomeTable {
        let mut t = OutcomeTable::new(self.n as usize);
        for (x, line) in self.free_line.iter().enumerate() {
            for &y in line {
                t.set(x, y as usize, CELL_P);
            }
        }
        t
    }

    /// The P-positions as starting positions, sorted by `x` then `y`.
    pub fn start_p_positions(&self) -> Vec<(u64, u64)> {
        self.free_line
            .iter()
            .enumerate()
            .flat_map(|(x, line)| line.iter().map(move |&y| (x as u64, y as u64)))
            .collect()
    }

    /// Definition 1: is `(x, y)` P after every history, N after every history, or
    /// dynamic? "Every history" ranges over all valid states of the position,
    /// which are exactly the states reachable from some starting position
    /// (possibly one with piles beyond the board) and include the starting state.
    /// `(x, y)` must be on the board.
    pub fn classify(&self, x: u64, y: u64) -> PositionClass {
        class_of(self.info[self.idx(x.min(y), x.max(y))])
    }

    /// [`StateSolver::classify`] for every position of the board.
    pub fn classification(&self) -> Classification {
        let n = self.n as usize;
        let mut cells = vec![PositionClass::N; n * n];
        // the stored triangle, then its mirror image in blocks (cache friendly)
        for x in 0..n {
            let t = tri(n, x, x);
            for (y, &b) in (x..n).zip(&self.info[t..t + (n - x)]) {
                cells[x * n + y] = class_of(b);
            }
        }
        const B: usize = 64;
        for x0 in (0..n).step_by(B) {
            for y0 in (0..=x0).step_by(B) {
                for x in x0..(x0 + B).min(n) {
                    for y in y0..(y0 + B).min(x) {
                        cells[x * n + y] = cells[y * n + x];
                    }
                }
            }
        }
        Classification::from_cells(n, cells)
    }

    /// The valid states of `(x, y)` that are P and those that are N.
    pub fn states_by_outcome(&self, x: u64, y: u64) -> (Vec<State>, Vec<State>) {
        self.queries().states_by_outcome(x, y)
    }
}

/// The refusals both solvers share: an empty board, a memory estimate `mem`
/// over `budget`, and too much work (`too_slow`, with `why` saying how much).
pub(crate) fn admit(
    rules: ImitationNim,
    n: u64,
    budget: u64,
    mem: u128,
    too_slow: bool,
    why: &str,
) -> Result<(), ImitationError> {
    if n == 0 {
        return Err(ImitationError::BadInput(
            "the board size must be at least 1".into(),
        ));
    }
    if mem > budget as u128 {
        return Err(ImitationError::TooLarge(format!(
            "the imitation state solver for piles below {n} (p={}) needs about {} of memory, over the budget of {}",
            rules.p(),
            crate::solve::human_bytes(mem.min(u64::MAX as u128) as u64),
            crate::solve::human_bytes(budget)
        )));
    }
    if too_slow {
        return Err(ImitationError::TooLarge(format!(
            "the imitation state solver for piles below {n} (p={}, m={}) would take too long {why}",
            rules.p(),
            rules.m()
        )));
    }
    Ok(())
}

/// The state queries both solvers answer the same way, given which valid
/// on-board states are P (`is_p`, unchecked): the input check, the outcome,
/// the winning moves and the states of a position by outcome.
pub(crate) struct StateQueries<F: Fn(&State) -> bool> {
    pub(crate) rules: ImitationNim,
    /// Board size: piles below `n`.
    pub(crate) n: u64,
    pub(crate) is_p: F,
}

impl<F: Fn(&State) -> bool> StateQueries<F> {
    fn check(&self, s: &State) -> Result<(), ImitationError> {
        self.rules.check_state(s)?;
        if s.x >= self.n || s.y >= self.n {
            return Err(ImitationError::BadInput(format!(
                "({}, {}) is outside the solved board (piles below {})",
                s.x, s.y, self.n
            )));
        }
        Ok(())
    }

    pub(crate) fn outcome(&self, s: &State) -> Result<Outcome, ImitationError> {
        self.check(s)?;
        Ok(if (self.is_p)(s) {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    pub(crate) fn winning_moves(&self, s: &State) -> Result<Vec<(Move, State)>, ImitationError> {
        self.check(s)?;
        Ok(self
            .rules
            .moves(s)
            .into_iter()
            .filter(|(_, t)| (self.is_p)(t))
            .collect())
    }

    pub(crate) fn states_by_outcome(&self, x: u64, y: u64) -> (Vec<State>, Vec<State>) {
        self.rules
            .states_at(x, y)
            .into_iter()
            .partition(|s| (self.is_p)(s))
    }
}

fn class_of(b: u8) -> PositionClass {
    match b >> CLASS_SHIFT {
        CLASS_P => PositionClass::P,
        CLASS_D => PositionClass::Dynamic,
        _ => PositionClass::N,
    }
}
