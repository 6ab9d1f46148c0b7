//! Remoteness (C. A. B. Smith 1966; Winning Ways, chapter 9): the number of moves
//! left when the winner hastens the end and the loser delays it.
//!
//! # Definition
//!
//! A position with no move available has remoteness 0 (the mover loses in normal
//! play, wins in misère play). Otherwise, with the options' remotenesses `r`:
//! if some option loses for its mover, `R = 1 + min r` over those options (the
//! fastest win); else `R = 1 + max r` over every option (the longest defence).
//! So `R` counts the moves still to be played, and its parity gives the outcome:
//! in normal play N iff `R` is odd, in misère play N iff `R` is even
//! ([`loses`]).
//!
//! **Blocking** (Muller twist): the previous player's block is part of his move.
//! The game graph is on states `(position, blocked options)`; the remoteness of a
//! *position* is that of the state the previous player leaves by his best block:
//! if some block makes the mover lose, the one with the smallest remoteness, else
//! the one with the largest. [`best_blocks`] finds that block from the sorted
//! option remotenesses (the winner blocks all of the mover's winning options of
//! the class when at most `p - 1` exist, then the in-class options of largest
//! remoteness; the loser blocks the `p - 1` in-class winning options of smallest
//! remoteness), and [`reference`] checks it against an explicit search over
//! every block set. Positions whose outcome is P with the best block are
//! exactly the table's P-positions. A starting position with no block yet is a
//! state with an empty block ([`state_value`]).
//!
//! **Choice games** (`choose-shift`): the chooser (the second player) picks the
//! variant before play, which is no move: a losing variant for the mover with the
//! smallest remoteness when there is one, else the variant with the largest.
//!
//! **Imitation Nim**: on its state graph, see `imitation::remoteness`. Other
//! memory rules do not exist.

pub mod lines;

use super::table::{require_memoryless, OutcomeTable, CELL_N, CELL_OFF, CELL_P};
use crate::error::SolveError;
use crate::error::{Arg, Message};
use crate::rules::{Convention, Game, Rules};

/// Remoteness of a cell off the board (removed corner).
pub const REMOTENESS_OFF: u32 = u32::MAX;

/// Largest board side of a remoteness table (every option is visited).
pub const MAX_SIDE: usize = 2048;

/// Largest [`work_estimate`] a table is computed for: about half a minute on
/// one loaded core (`wythoff` up to about 1100, cone games about 350).
pub const WORK_LIMIT: u128 = 4_000_000_000;

/// Options visited to build the table of `game` on the `n x n` board: per
/// position `2n` one-pile candidates, plus `n (2w - 1)` two-pile ones for a band
/// of width `w`, or `n^2` for a cone or a congruence.
pub fn work_estimate(game: &Game, n: u64) -> u128 {
    let n = n as u128;
    game.variants()
        .iter()
        .map(|r| {
            let two = r.two_pile().map_or(0, |t| match t.relation.band_width() {
                Some(w) => n * (2 * w as u128 - 1).min(2 * n),
                None => n * n,
            });
            n * n * (2 * n + two)
        })
        .sum()
}

/// Does the mover lose at a position of remoteness `r`?
#[inline]
pub fn loses(conv: Convention, r: u32) -> bool {
    match conv {
        Convention::Normal => r % 2 == 0,
        Convention::Misere => r % 2 == 1,
    }
}

/// The remoteness of a state whose available options have remotenesses `rs`.
pub fn state_value(conv: Convention, rs: impl IntoIterator<Item = u32>) -> u32 {
    let (mut any, mut min_losing, mut max_all) = (false, u32::MAX, 0u32);
    for r in rs {
        any = true;
        if loses(conv, r) {
            min_losing = min_losing.min(r);
        }
        max_all = max_all.max(r);
    }
    if !any {
        0
    } else if min_losing != u32::MAX {
        1 + min_losing
    } else {
        1 + max_all
    }
}

/// One option of a position: its remoteness and whether it is in the block class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opt {
    pub r: u32,
    pub in_class: bool,
}

/// The previous player's best block (indices into `opts`) when he may block up
/// to `p - 1` in-class options (`p >= 1`), per the module documentation.
pub fn best_blocks(conv: Convention, p: u64, opts: &[Opt]) -> Vec<usize> {
    let budget = (p.saturating_sub(1)).min(opts.len() as u64) as usize;
    if budget == 0 {
        return Vec::new();
    }
    let mut in_l: Vec<usize> = (0..opts.len())
        .filter(|&i| opts[i].in_class && loses(conv, opts[i].r))
        .collect();
    in_l.sort_by_key(|&i| (opts[i].r, i));
    let out_l = opts.iter().any(|o| !o.in_class && loses(conv, o.r));
    let out_any = opts.iter().any(|o| !o.in_class);
    if out_l || in_l.len() > budget {
        // the mover wins whatever is blocked: delay, block the quickest wins
        in_l.truncate(budget);
        return in_l;
    }
    let mut in_w: Vec<usize> = (0..opts.len())
        .filter(|&i| opts[i].in_class && !loses(conv, opts[i].r))
        .collect();
    if conv == Convention::Misere && !out_any && in_w.is_empty() {
        // every option is an in-class winning option of the mover: blocking them
        // all leaves him without a move, which wins in misère play; the blocker
        // loses anyway and leaves the slowest one
        in_l.truncate(in_l.len().saturating_sub(1));
        return in_l;
    }
    // the blocker wins: block every winning option of the mover, then the
    // options that take longest (in misère play, never the last one)
    let mut extra = budget - in_l.len();
    if conv == Convention::Misere && !out_any {
        extra = extra.min(in_w.len() - 1);
    }
    in_w.sort_by_key(|&i| (std::cmp::Reverse(opts[i].r), i));
    in_w.truncate(extra);
    in_l.extend(in_w);
    in_l
}

/// The remoteness of a position from its options, with the previous player's
/// best block when the rules have blocking.
pub fn position_value(rules: &Rules, opts: &[Opt]) -> u32 {
    let conv = rules.convention();
    match rules.blocking() {
        None => state_value(conv, opts.iter().map(|o| o.r)),
        Some(b) => {
            let blocked = best_blocks(conv, b.p, opts);
            state_value(
                conv,
                opts.iter()
                    .enumerate()
                    .filter(|(i, _)| !blocked.contains(i))
                    .map(|(_, o)| o.r),
            )
        }
    }
}

/// Every option `(x', y', in_class)` of `(x, y)`, visiting only the diagonals of
/// a band relation (the same set as [`Rules::options`]).
pub fn for_each_option(r: &Rules, x: u64, y: u64, f: &mut dyn FnMut(u64, u64, bool)) {
    if r.is_terminal(x, y) {
        return;
    }
    let class = |k: u64, l: u64| r.blocking().is_some_and(|b| b.class.contains(k, l));
    let mut visit = |k: u64, l: u64| {
        if r.is_move(k, l) && r.on_board(x - k, y - l) {
            f(x - k, y - l, class(k, l));
        }
    };
    for k in 1..=x {
        visit(k, 0);
    }
    for l in 1..=y {
        visit(0, l);
    }
    if let Some(t) = r.two_pile() {
        match t.relation.band_width() {
            Some(w) => {
                for k in 1..=x {
                    let lo = k.saturating_sub(w - 1).max(1);
                    let hi = k.saturating_add(w - 1).min(y);
                    for l in lo..=hi {
                        visit(k, l);
                    }
                }
            }
            None => {
                for k in 1..=x {
                    for l in 1..=y {
                        visit(k, l);
                    }
                }
            }
        }
    }
}

/// Remoteness of every cell of the `n x n` board, row-major (`x` = first pile).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemotenessTable {
    n: usize,
    conv: Convention,
    values: Vec<u32>,
}

impl RemotenessTable {
    pub fn from_values(n: usize, conv: Convention, values: Vec<u32>) -> Self {
        assert_eq!(values.len(), n * n);
        RemotenessTable { n, conv, values }
    }
    pub fn size(&self) -> usize {
        self.n
    }
    pub fn convention(&self) -> Convention {
        self.conv
    }
    /// `None` off the board.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> Option<u32> {
        let v = self.values[x * self.n + y];
        (v != REMOTENESS_OFF).then_some(v)
    }
    /// Row-major values, [`REMOTENESS_OFF`] off the board.
    pub fn values(&self) -> &[u32] {
        &self.values
    }
    pub fn max_value(&self) -> u32 {
        self.values
            .iter()
            .copied()
            .filter(|&v| v != REMOTENESS_OFF)
            .max()
            .unwrap_or(0)
    }
    /// The outcome table the remotenesses imply (parity, [`loses`]).
    pub fn outcomes(&self) -> OutcomeTable {
        let cells = self
            .values
            .iter()
            .map(|&v| {
                if v == REMOTENESS_OFF {
                    CELL_OFF
                } else if loses(self.conv, v) {
                    CELL_P
                } else {
                    CELL_N
                }
            })
            .collect();
        OutcomeTable::from_cells(self.n, cells)
    }
}

/// The remoteness table of one set of rules, every option of every position
/// visited (the line kernel's check).
///
/// With a pass ([`Rules::has_pass`]), the state is the position and the pass:
/// a position with an option has the pass as one more option, outside every
/// block class, whose remoteness is the position's in the game without the
/// pass (docs/games.md, "A pass").
pub fn plain_table(r: &Rules, n: usize) -> RemotenessTable {
    let mut v = vec![REMOTENESS_OFF; n * n];
    let mut opts = Vec::new();
    let without_pass = r.has_pass().then(|| plain_table(&r.without_pass(), n));
    for x in 0..n {
        for y in 0..n {
            if !r.on_board(x as u64, y as u64) {
                continue;
            }
            opts.clear();
            for_each_option(r, x as u64, y as u64, &mut |a, b, in_class| {
                opts.push(Opt {
                    r: v[a as usize * n + b as usize],
                    in_class,
                })
            });
            if let (Some(t0), false) = (&without_pass, opts.is_empty()) {
                opts.push(Opt {
                    r: t0.values[x * n + y],
                    in_class: false,
                });
            }
            v[x * n + y] = position_value(r, &opts);
        }
    }
    RemotenessTable::from_values(n, r.convention(), v)
}

/// Combine per-variant tables of a choice game (module documentation).
pub fn combine_choice(conv: Convention, tables: &[RemotenessTable]) -> RemotenessTable {
    let n = tables[0].n;
    let values = (0..n * n)
        .map(|i| {
            let on: Vec<u32> = tables
                .iter()
                .map(|t| t.values[i])
                .filter(|&v| v != REMOTENESS_OFF)
                .collect();
            if on.is_empty() {
                REMOTENESS_OFF
            } else if let Some(&v) = on.iter().filter(|&&v| loses(conv, v)).min() {
                v
            } else {
                *on.iter().max().expect("non-empty")
            }
        })
        .collect();
    RemotenessTable::from_values(n, conv, values)
}

/// Why a game has no remoteness table here, if it has none.
pub fn unsupported(game: &Game) -> Option<String> {
    require_memoryless(game).err().map(|e| e.to_string())
}

pub(crate) fn check_side(n: usize) -> Result<(), SolveError> {
    if n == 0 {
        return Err(SolveError::BadArg(
            Message::new().name(Arg::Max).text(" must be at least 1"),
        ));
    }
    if n > MAX_SIDE {
        return Err(SolveError::ArgTooLarge(
            Message::new().value(Arg::Max, n).text(format!(
            ": remoteness tables visit every option of every position; allowed up to {MAX_SIDE}"
        )),
        ));
    }
    Ok(())
}

/// The reference: an explicit minimax over the states `(position,
/// blocked options)`, every block set of up to `p - 1` in-class options tried,
/// win/loss carried as a flag (not read from parity), over [`Rules::options`].
pub mod reference {
    use super::*;
    use std::collections::HashMap;

    /// `(mover wins, remoteness)`.
    type Val = (bool, u32);

    struct Search {
        r: Rules,
        memo: HashMap<(u64, u64, Vec<(u64, u64)>), Val>,
        pos: HashMap<(u64, u64), Val>,
        /// With a pass: the game after it (the state's second part).
        without: Option<Box<Search>>,
    }

    impl Search {
        fn new(r: &Rules) -> Search {
            Search {
                r: r.clone(),
                memo: HashMap::new(),
                pos: HashMap::new(),
                without: r
                    .has_pass()
                    .then(|| Box::new(Search::new(&r.without_pass()))),
            }
        }
    }

    fn subsets(items: &[(u64, u64)], max: usize) -> Vec<Vec<(u64, u64)>> {
        let mut out = vec![Vec::new()];
        for &it in items {
            let more: Vec<Vec<(u64, u64)>> = out
                .iter()
                .filter(|s| s.len() < max)
                .map(|s| {
                    let mut t = s.clone();
                    t.push(it);
                    t
                })
                .collect();
            out.extend(more);
        }
        out
    }

    impl Search {
        fn state(&mut self, x: u64, y: u64, blocked: Vec<(u64, u64)>) -> Val {
            let key = (x, y, blocked);
            if let Some(&v) = self.memo.get(&key) {
                return v;
            }
            let misere = self.r.convention() == Convention::Misere;
            let options = self.r.options(x, y);
            let avail: Vec<(u64, u64)> = options
                .iter()
                .map(|&(a, b, _)| (a, b))
                .filter(|t| !key.2.contains(t))
                .collect();
            let mut kids: Vec<Val> = avail.iter().map(|&(a, b)| self.position(a, b)).collect();
            // the pass: never blocked, legal where the position has an option
            if let (Some(w), false) = (self.without.as_mut(), options.is_empty()) {
                kids.push(w.position(x, y));
            }
            let v = if kids.is_empty() {
                (misere, 0)
            } else {
                match kids.iter().filter(|k| !k.0).map(|k| k.1).min() {
                    Some(r) => (true, r + 1),
                    None => (
                        false,
                        1 + kids.iter().map(|k| k.1).max().expect("non-empty"),
                    ),
                }
            };
            self.memo.insert(key, v);
            v
        }
        /// The state the previous player leaves at `(x, y)` by his best block.
        fn position(&mut self, x: u64, y: u64) -> Val {
            if let Some(&v) = self.pos.get(&(x, y)) {
                return v;
            }
            let class: Vec<(u64, u64)> = self
                .r
                .options(x, y)
                .into_iter()
                .filter(|o| o.2)
                .map(|(a, b, _)| (a, b))
                .collect();
            let p = self.r.blocking().map_or(1, |b| b.p) as usize;
            let mut best: Option<Val> = None;
            for s in subsets(&class, p - 1) {
                let v = self.state(x, y, s);
                best = Some(match best {
                    None => v,
                    // the blocker prefers the mover losing, then quickly;
                    // a lost blocker prefers the longest game
                    Some(b) => match (b.0, v.0) {
                        (true, false) => v,
                        (false, true) => b,
                        (false, false) => (false, b.1.min(v.1)),
                        (true, true) => (true, b.1.max(v.1)),
                    },
                });
            }
            let v = best.expect("the empty block");
            self.pos.insert((x, y), v);
            v
        }
    }

    /// `(mover wins, remoteness)` of every cell, `None` off the board.
    pub fn table(r: &Rules, n: usize) -> Vec<Option<(bool, u32)>> {
        let mut s = Search::new(r);
        let mut out = Vec::with_capacity(n * n);
        for x in 0..n as u64 {
            for y in 0..n as u64 {
                out.push(r.on_board(x, y).then(|| s.position(x, y)));
            }
        }
        out
    }

    /// The remoteness of the state `(x, y)` with `blocked` unavailable.
    pub fn state(r: &Rules, x: u64, y: u64, blocked: &[(u64, u64)]) -> (bool, u32) {
        let mut s = Search::new(r);
        s.state(x, y, blocked.to_vec())
    }
}
