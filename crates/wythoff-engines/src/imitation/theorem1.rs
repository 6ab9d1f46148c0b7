//! Larsson's Theorem 1 (seed 002, section 2) as an oracle for every state, with
//! the (p,m)-Wythoff Nim pairs of Definition 3 and the functions `xi`
//! (Definition 4) and `L` (Definition 5).
//!
//! # Reading of Definition 5 on a state
//!
//! `L(a, b)` is the number of imitations the player who just moved to `(a, b)`
//! still has "in credit": `p - 1` minus his current run. On a [`State`] this is
//! `p - 1 - previous_run`. Cases (A) and (B) of Definition 5 (starting position,
//! first move) give run 0; case (C) (a non-imitation) resets the run; otherwise
//! the run grows by one, i.e. `L` drops by one from the same player's previous
//! position, as in the definition.
//!
//! In Theorem 1 (II), `L(a, c)` is evaluated at the option `(a, c)` reached from
//! the current state by removing `b - c` from the larger pile: `p - 1` if that
//! move is not an m-imitation, and `p - 2 - mover_run` if it is (which is `-1`
//! exactly when the move is illegal, the paper's "convenient" value).

use super::state::{ImitationNim, State};
use crate::solve::Outcome;

/// The pairs `(a_n, b_n)` of Definition 3, `a_n = mex{a_i, b_i : i < n}`,
/// `b_n = a_n + floor(n / p) m`, for all `n` with `a_n < bound`. By Proposition 1
/// (a) these are the P-positions `a_n <= b_n` of (p,m)-Wythoff Nim.
#[derive(Clone, Debug)]
pub struct WythoffPairs {
    p: u64,
    m: u64,
    bound: u64,
    pairs: Vec<(u64, u64)>,
    /// For `v < bound` equal to some `a_n`: that `n`.
    index_of_a: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl WythoffPairs {
    /// All pairs with `a_n < bound` (`bound` is a board size, at most `u32::MAX - 1`).
    pub fn new(p: u64, m: u64, bound: u64) -> WythoffPairs {
        assert!(p >= 1 && m >= 1 && bound < NONE as u64);
        let b = bound as usize;
        let mut used = vec![false; b];
        let mut index_of_a = vec![NONE; b];
        let mut pairs = Vec::new();
        let mut mex = 0usize;
        loop {
            while mex < b && used[mex] {
                mex += 1;
            }
            if mex >= b {
                break;
            }
            let n = pairs.len() as u64;
            let a = mex as u64;
            let bn = (n / p).saturating_mul(m).saturating_add(a);
            used[mex] = true;
            if bn < bound {
                used[bn as usize] = true;
            }
            index_of_a[mex] = n as u32;
            pairs.push((a, bn));
        }
        WythoffPairs {
            p,
            m,
            bound,
            pairs,
            index_of_a,
        }
    }
    pub fn bound(&self) -> u64 {
        self.bound
    }
    /// The pairs `(a_n, b_n)`, `n = 0, 1, ...`, with `a_n < bound`.
    pub fn pairs(&self) -> &[(u64, u64)] {
        &self.pairs
    }
    /// The partner `b_n` of `a = a_n`, if `a` is an `a_n` (`a < bound`).
    pub fn partner_of_a(&self, a: u64) -> Option<u64> {
        let i = *self.index_of_a.get(a as usize)?;
        (i != NONE).then(|| self.pairs[i as usize].1)
    }
    /// Is `(x, y)` (either order) a P-position of (p,m)-Wythoff Nim? Needs `min(x, y) < bound`.
    pub fn is_p(&self, x: u64, y: u64) -> bool {
        let (a, b) = (x.min(y), x.max(y));
        self.partner_of_a(a) == Some(b)
    }
    /// Definition 4: `xi(a, b) = #{(i, j) in P_W : j - i = b - a, i < a}` for
    /// `a <= b` (the pairs are taken with `i <= j`, as the difference is `>= 0`).
    /// By Definition 3 the pairs with difference `d` are the `n` with
    /// `floor(n / p) m = d`.
    pub fn xi(&self, a: u64, b: u64) -> u64 {
        let (a, b) = (a.min(b), a.max(b));
        let d = b - a;
        if d % self.m != 0 {
            return 0;
        }
        let q = d / self.m;
        let lo = q.saturating_mul(self.p);
        (lo..lo.saturating_add(self.p))
            .take_while(|&n| (n as usize) < self.pairs.len())
            .filter(|&n| self.pairs[n as usize].0 < a)
            .count() as u64
    }
}

/// Theorem 1 as an oracle for the states of positions with piles below `bound`.
#[derive(Clone, Debug)]
pub struct Theorem1 {
    rules: ImitationNim,
    w: WythoffPairs,
}

/// Which clause of Theorem 1 decided a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clause {
    /// (I): `(a, b)` in P_W and `xi(a, b) <= L(a, b)`.
    I,
    /// (II): the option `(a, c)` in P_W, `a <= c < b`, has `L(a, c) < xi(a, c)`.
    II { c: u64 },
    /// Neither: N.
    Neither,
}

impl Theorem1 {
    pub fn new(rules: ImitationNim, bound: u64) -> Theorem1 {
        Theorem1 {
            rules,
            w: WythoffPairs::new(rules.p(), rules.m(), bound),
        }
    }
    pub fn pairs(&self) -> &WythoffPairs {
        &self.w
    }
    /// Definition 5 at the current position: credit of the player who just moved.
    pub fn l_here(&self, s: &State) -> i64 {
        self.rules.p() as i64 - 1 - s.previous_run as i64
    }
    /// Definition 5 at the option reached from `s` by `mv`: `p - 1` for a
    /// non-imitation, else the mover's credit minus one.
    pub fn l_after(&self, s: &State, mv: super::state::Move) -> i64 {
        if self.rules.is_imitation(s, mv) {
            self.rules.p() as i64 - 2 - s.mover_run as i64
        } else {
            self.rules.p() as i64 - 1
        }
    }
    /// The clause of Theorem 1 that holds for `s` (piles below the bound).
    pub fn clause(&self, s: &State) -> Clause {
        let (a, b) = (s.x.min(s.y), s.x.max(s.y));
        if self.w.is_p(a, b) && (self.w.xi(a, b) as i64) <= self.l_here(s) {
            return Clause::I;
        }
        if a < b {
            if let Some(c) = self.w.partner_of_a(a) {
                if a <= c && c < b {
                    let larger = if s.x < s.y {
                        super::state::Pile::Second
                    } else {
                        super::state::Pile::First
                    };
                    let mv = super::state::Move {
                        pile: larger,
                        amount: b - c,
                    };
                    if self.l_after(s, mv) < self.w.xi(a, c) as i64 {
                        return Clause::II { c };
                    }
                }
            }
        }
        Clause::Neither
    }
    /// Theorem 1: P iff (I) or (II).
    pub fn outcome(&self, s: &State) -> Outcome {
        match self.clause(s) {
            Clause::Neither => Outcome::N,
            _ => Outcome::P,
        }
    }
}
