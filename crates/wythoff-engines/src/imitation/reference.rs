//! The reference exact state solver of (p,m)-Imitation Nim on the board
//! `0 <= x, y < n`: the reference that the fast [`super::StateSolver`] is tested
//! against on every state (`tests/imitation_fast.rs`). It needs one bit per state,
//! `p n^3 / 3` bits, and `O(p n^3)` time, so it is for small boards.
//!
//! Every valid state (see [`ImitationNim::check_state`]) of every position of the
//! board gets one bit: 1 for P (the previous player wins), 0 for N. A state is P
//! iff no legal move leads to a P-state, except in misère play, where a state
//! with no legal move at all is N: the free and after states of `(0, 0)`, and the
//! window states with mover run `p - 1` whose every move is a window imitation. Moves only
//! lower one pile, so positions are solved in row-major order and each state's
//! options are already known.
//!
//! # Slots
//!
//! The states of a position `(x, y)` are, in slot order (`p` from the rules):
//! - `0 .. p`: no window, previous run 0, mover run `c` ("free");
//! - `p .. 2p - 1`: no window, mover run 0, previous run `a = 1 .. p - 1`
//!   (the last move was the opponent's `a`-th consecutive imitation);
//! - `2p - 1 + (k - 1) p + c`: window `k = 1 ..= |x - y|` on the smaller pile,
//!   previous run 0, mover run `c`.
//!
//! So a position holds `2p - 1 + p |x - y|` states, and the board
//! `n^2 (2p - 1) + p (n^3 - n) / 3` in all.
//!
//! # One position in `O(p (x + y) + states * m)`
//!
//! A non-imitation from a state whose previous run is `a` leads to a state with
//! mover run `a` and previous run 0, and which one depends only on the move (its
//! window is opened by the move itself). So for each `a` the number `cnt[a]` of
//! Nim moves whose such successor is P is computed once per position; a state
//! with window `k` subtracts the at most `m` window moves (which are imitations
//! there, not non-imitations) and looks at their imitation successors (previous
//! run `c + 1`, no window) separately.

use super::solver::{admit, Classification, PositionClass, StateQueries};
use super::state::{ImitationNim, Move, State};
use super::ImitationError;
use crate::solve::{Outcome, OutcomeTable, CELL_N, CELL_P};

/// Largest work estimate ([`ReferenceStateSolver::work_estimate`]) the reference solver
/// accepts: about a minute on one core.
pub const REFERENCE_WORK_LIMIT: u128 = 60_000_000_000;

/// Outcome of every valid state of every position on the `n x n` board.
#[derive(Clone, Debug)]
pub struct ReferenceStateSolver {
    rules: ImitationNim,
    n: u64,
    /// Start slot of position `(x, y)` at `x * n + y`.
    offsets: Vec<u64>,
    /// Bit set: 1 = P.
    bits: Vec<u64>,
}

fn slots_at(p: u64, x: u64, y: u64) -> u64 {
    2 * p - 1 + p * x.abs_diff(y)
}

impl ReferenceStateSolver {
    /// Bytes the solver needs for the board `n`, exactly up to allocator slack.
    pub fn memory_estimate(rules: ImitationNim, n: u64) -> u128 {
        let (p, n) = (rules.p() as u128, n as u128);
        let slots = n * n * (2 * p - 1) + p * (n * n * n - n) / 3;
        slots / 8 + 8 * (n * n + 1) + 16 * p + 64
    }

    /// Elementary steps (bit look-ups) of the solve: `p` successor counts over
    /// `x + y` moves per position, plus up to `m` window moves per window state.
    pub fn work_estimate(rules: ImitationNim, n: u64) -> u128 {
        let (p, m, n) = (rules.p() as u128, rules.m() as u128, n as u128);
        p * n * n * n + p * (n * n * n / 3) * (m.min(n) + 1)
    }

    /// Solve the board `0 <= x, y < n` within [`DEFAULT_BUDGET`](super::solver::DEFAULT_BUDGET) (or the process budget, if smaller).
    pub fn new(rules: ImitationNim, n: u64) -> Result<ReferenceStateSolver, ImitationError> {
        Self::with_budget(rules, n, super::solver::default_budget())
    }

    /// Solve the board, refusing when the estimate exceeds `budget` bytes.
    pub fn with_budget(
        rules: ImitationNim,
        n: u64,
        budget: u64,
    ) -> Result<ReferenceStateSolver, ImitationError> {
        admit(
            rules,
            n,
            budget,
            Self::memory_estimate(rules, n),
            Self::work_estimate(rules, n) > REFERENCE_WORK_LIMIT,
            "(about p n^3 (m + 4) / 3 steps): use smaller piles",
        )?;
        let p = rules.p();
        let nu = n as usize;
        let mut offsets = Vec::with_capacity(nu * nu + 1);
        let mut total = 0u64;
        for x in 0..n {
            for y in 0..n {
                offsets.push(total);
                total += slots_at(p, x, y);
            }
        }
        offsets.push(total);
        let mut solver = ReferenceStateSolver {
            rules,
            n,
            offsets,
            bits: vec![0u64; total.div_ceil(64) as usize],
        };
        solver.solve();
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
    fn base(&self, x: u64, y: u64) -> u64 {
        self.offsets[(x * self.n + y) as usize]
    }
    #[inline]
    fn bit(&self, i: u64) -> bool {
        self.bits[(i >> 6) as usize] >> (i & 63) & 1 == 1
    }
    #[inline]
    fn set(&mut self, i: u64) {
        self.bits[(i >> 6) as usize] |= 1 << (i & 63);
    }
    #[inline]
    fn free_slot(&self, x: u64, y: u64, c: u64) -> u64 {
        self.base(x, y) + c
    }
    #[inline]
    fn after_slot(&self, x: u64, y: u64, a: u64) -> u64 {
        self.base(x, y) + self.rules.p() + a - 1
    }
    #[inline]
    fn window_slot(&self, x: u64, y: u64, k: u64, c: u64) -> u64 {
        let p = self.rules.p();
        self.base(x, y) + 2 * p - 1 + (k - 1) * p + c
    }

    /// The slot of a valid state on the board.
    fn slot(&self, s: &State) -> u64 {
        match s.window {
            Some(w) => self.window_slot(s.x, s.y, w.removed, s.mover_run),
            None if s.previous_run > 0 => self.after_slot(s.x, s.y, s.previous_run),
            None => self.free_slot(s.x, s.y, s.mover_run),
        }
    }

    fn solve(&mut self) {
        let (p, m, n) = (self.rules.p(), self.rules.m(), self.n);
        let mut cnt = vec![0u64; p as usize];
        for x in 0..n {
            for y in 0..n {
                // cnt[a]: Nim moves whose successor with mover run a (previous
                // run 0) is P, each successor's window being opened by the move.
                for (a, c) in cnt.iter_mut().enumerate() {
                    let a = a as u64;
                    let mut k = 0;
                    for j in 1..=x {
                        let i = if x <= y {
                            self.window_slot(x - j, y, j, a)
                        } else {
                            self.free_slot(x - j, y, a)
                        };
                        k += self.bit(i) as u64;
                    }
                    for j in 1..=y {
                        let i = if y <= x {
                            self.window_slot(x, y - j, j, a)
                        } else {
                            self.free_slot(x, y - j, a)
                        };
                        k += self.bit(i) as u64;
                    }
                    *c = k;
                }
                // free states: every move is a non-imitation, successor mover run 0
                // misère play: a state without a legal move is N (the mover wins)
                let misere = self.rules.is_misere();
                let empty = x + y == 0;
                if cnt[0] == 0 && !(misere && empty) {
                    for c in 0..p {
                        let i = self.free_slot(x, y, c);
                        self.set(i);
                    }
                }
                // after an imitation by the opponent (previous run a)
                for a in 1..p {
                    if cnt[a as usize] == 0 && !(misere && empty) {
                        let i = self.after_slot(x, y, a);
                        self.set(i);
                    }
                }
                // window states: the window sits on the smaller pile; imitations
                // remove j in [k, k + m - 1] from the larger pile
                let d = x.abs_diff(y);
                let big = x.max(y);
                for k in 1..=d {
                    let hi = k.saturating_add(m - 1).min(big);
                    let target = |j: u64| if x < y { (x, y - j) } else { (x - j, y) };
                    let mut p_in_window = 0u64;
                    for j in k..=hi {
                        let (tx, ty) = target(j);
                        p_in_window += self.bit(self.free_slot(tx, ty, 0)) as u64;
                    }
                    let plain_win = cnt[0] > p_in_window;
                    for c in 0..p {
                        let imit_win = c + 1 < p
                            && (k..=hi).any(|j| {
                                let (tx, ty) = target(j);
                                self.bit(self.after_slot(tx, ty, c + 1))
                            });
                        // misère: with run c + 1 = p the window's imitations are
                        // forbidden; when they are all the moves, the mover wins
                        let stuck = misere && c + 1 == p && x + y == hi - k + 1;
                        if !plain_win && !imit_win && !stuck {
                            let i = self.window_slot(x, y, k, c);
                            self.set(i);
                        }
                    }
                }
            }
        }
    }

    fn queries(&self) -> StateQueries<impl Fn(&State) -> bool + '_> {
        StateQueries {
            rules: self.rules,
            n: self.n,
            is_p: |s: &State| self.bit(self.slot(s)),
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
        let n = self.n as usize;
        let mut t = OutcomeTable::new(n);
        for x in 0..self.n {
            for y in 0..self.n {
                let c = if self.bit(self.free_slot(x, y, 0)) {
                    CELL_P
                } else {
                    CELL_N
                };
                t.set(x as usize, y as usize, c);
            }
        }
        t
    }

    /// The P-positions as starting positions, sorted by `x` then `y`.
    pub fn start_p_positions(&self) -> Vec<(u64, u64)> {
        self.start_table().p_positions()
    }

    /// Definition 1: is `(x, y)` P after every history, N after every history, or
    /// dynamic? "Every history" ranges over all valid states of the position,
    /// which are exactly the states reachable from some starting position
    /// (possibly one with piles beyond the board) and include the starting state.
    pub fn classify(&self, x: u64, y: u64) -> PositionClass {
        let b = self.base(x, y);
        let total = slots_at(self.rules.p(), x, y);
        let ps = (b..b + total).filter(|&i| self.bit(i)).count() as u64;
        if ps == 0 {
            PositionClass::N
        } else if ps == total {
            PositionClass::P
        } else {
            PositionClass::Dynamic
        }
    }

    /// [`ReferenceStateSolver::classify`] for every position of the board.
    pub fn classification(&self) -> Classification {
        let n = self.n as usize;
        let mut cells = Vec::with_capacity(n * n);
        for x in 0..self.n {
            for y in 0..self.n {
                cells.push(self.classify(x, y));
            }
        }
        Classification::from_cells(n, cells)
    }

    /// The valid states of `(x, y)` that are P and those that are N.
    pub fn states_by_outcome(&self, x: u64, y: u64) -> (Vec<State>, Vec<State>) {
        self.queries().states_by_outcome(x, y)
    }
}
