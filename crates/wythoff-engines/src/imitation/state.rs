//! States, moves and histories of (p,m)-Imitation Nim (seed 002, Larsson,
//! section 1.4: Definition 0, section 1.4.1, section 1.4.3 and Definition 2).
//!
//! # The rules as implemented
//!
//! Moves are Nim moves: remove at least one token from exactly one pile.
//!
//! *m-imitation* (Definition 0 relaxed in section 1.4.3): suppose the previous
//! player removed `k` tokens from pile `A` and, **counted before that removal**,
//! `#A <= #B`. Then removing `j` tokens from the other pile `B` with
//! `k <= j <= k + m - 1` is an m-imitation. When the piles were equal before the
//! removal, "not larger" holds for the pile actually reduced, so its partner is
//! the imitable pile (the paper's "either pile in case they have the same
//! height"). An imitation may leave `B` smaller than `A` (Example 5, Bob's
//! `(2, 3) -> (2, 1)` with `m = 3` is called an imitation by the paper).
//!
//! *Runs* (Definition 2, "no `p` consecutive m-imitations ... by one and the same
//! player"): each player has a run, the number of m-imitations among his own most
//! recent consecutive moves. A non-imitation resets the mover's run to 0; the
//! opponent's moves do not touch it. A move that would make the mover's run
//! reach `p` is illegal. This is Definition 5's `L`: after a move,
//! `L = p - 1 - (run of the player who made it)`.
//!
//! # Consequences used by the solver (proved here, tested in `tests/`)
//!
//! 1. An imitation removes from a pile that is strictly larger than the other at
//!    that moment (`#B >= #A > #A - k`), so an imitation never opens an
//!    imitation window.
//! 2. If the previous move was an imitation (`previous_run > 0`), there is no
//!    window (by 1), and the mover's own last move opened a window, so it was not
//!    an imitation (by 1): `previous_run > 0` implies `mover_run == 0`. At most one
//!    of the two runs is positive.
//! 3. A window always sits on the strictly smaller pile of the current position,
//!    with `1 <= k <= |x - y|` (the reduced pile was not larger before and lost
//!    `k`). Equal piles never carry a window.
//!
//! [`ImitationNim::check_state`] accepts exactly the states satisfying 1-3 and
//! `runs < p`; every such state is reachable from some starting position (see
//! [`ImitationNim::check_state`] for the construction), so "all reachable states"
//! of a position are exactly its valid states.

use super::ImitationError;
use crate::rules::Convention;
use std::fmt;

/// One of the two piles: `First` is `x`, `Second` is `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pile {
    First,
    Second,
}

impl Pile {
    pub fn other(self) -> Pile {
        match self {
            Pile::First => Pile::Second,
            Pile::Second => Pile::First,
        }
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Pile::First => "first",
            Pile::Second => "second",
        })
    }
}

/// A Nim move: remove `amount >= 1` tokens from `pile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub pile: Pile,
    pub amount: u64,
}

/// The imitation window opened by the previous move: it removed `removed`
/// tokens from `pile`, which was not larger than the other pile before the
/// removal, so removing `removed ..= removed + m - 1` from `pile.other()` is an
/// m-imitation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    pub pile: Pile,
    pub removed: u64,
}

/// A state of (p,m)-Imitation Nim: the position and the memory that the rules
/// need (the window opened by the last move, and both players' runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub x: u64,
    pub y: u64,
    /// `None`: the last move (if any) opened no window.
    pub window: Option<Window>,
    /// Consecutive m-imitations among the last moves of the player to move.
    pub mover_run: u64,
    /// Consecutive m-imitations among the last moves of the player who just moved.
    pub previous_run: u64,
}

impl State {
    /// A starting position: no previous move, both runs 0 (Definition 5 (A)).
    pub fn start(x: u64, y: u64) -> State {
        State {
            x,
            y,
            window: None,
            mover_run: 0,
            previous_run: 0,
        }
    }
    pub fn position(&self) -> (u64, u64) {
        (self.x, self.y)
    }
    /// Pile height.
    pub fn pile(&self, p: Pile) -> u64 {
        match p {
            Pile::First => self.x,
            Pile::Second => self.y,
        }
    }
    /// The position after removing `mv` (no legality check beyond the caller's).
    fn after(&self, mv: Move) -> (u64, u64) {
        match mv.pile {
            Pile::First => (self.x - mv.amount, self.y),
            Pile::Second => (self.x, self.y - mv.amount),
        }
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)?;
        match self.window {
            None => write!(f, ", no imitation window")?,
            Some(w) => write!(
                f,
                ", previous move removed {} from the {} pile",
                w.removed, w.pile
            )?,
        }
        write!(
            f,
            ", runs: mover {}, previous player {}",
            self.mover_run, self.previous_run
        )
    }
}

/// Why one step of a history is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// Both piles changed.
    BothPiles,
    /// Nothing was removed.
    NoChange,
    /// A pile grew.
    Adds,
    /// More tokens removed than the pile holds.
    Overdraw,
    /// The move is an m-imitation that would be the mover's `p`-th consecutive one.
    PthImitation { p: u64 },
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::BothPiles => {
                f.write_str("not a Nim move: it changes both piles")
            }
            IllegalReason::NoChange => f.write_str("not a Nim move: it removes nothing"),
            IllegalReason::Adds => f.write_str("not a Nim move: it adds tokens to a pile"),
            IllegalReason::Overdraw => {
                f.write_str("not a Nim move: it removes more tokens than the pile holds")
            }
            IllegalReason::PthImitation { p } => write!(
                f,
                "it would be the mover's {p}{} consecutive m-imitation, which (p,m)-Imitation Nim forbids",
                ordinal_suffix(*p)
            ),
        }
    }
}

fn ordinal_suffix(n: u64) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

/// The rules of (p,m)-Imitation Nim (Definition 2), `p, m >= 1`, in normal
/// play (the paper) or misère play (the player who cannot move wins; a state
/// with no legal move is N, also when its only moves are forbidden imitations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImitationNim {
    p: u64,
    m: u64,
    convention: Convention,
}

impl ImitationNim {
    pub fn new(p: u64, m: u64) -> Result<ImitationNim, ImitationError> {
        if p == 0 || m == 0 {
            return Err(ImitationError::BadInput(format!(
                "imitation parameters must be at least 1 (got p={p}, m={m})"
            )));
        }
        Ok(ImitationNim {
            p,
            m,
            convention: Convention::Normal,
        })
    }
    /// The same rules in convention `c`.
    pub fn with_convention(self, c: Convention) -> ImitationNim {
        ImitationNim {
            convention: c,
            ..self
        }
    }
    pub fn convention(&self) -> Convention {
        self.convention
    }
    /// Misère play?
    pub fn is_misere(&self) -> bool {
        self.convention == Convention::Misere
    }
    /// The rules of a catalogue game with the imitation memory rule.
    pub fn from_game(game: &crate::rules::Game) -> Option<ImitationNim> {
        match game.memory() {
            crate::rules::Memory::Imitation { p, m } => Some(ImitationNim {
                p,
                m,
                convention: game.convention(),
            }),
            crate::rules::Memory::None => None,
        }
    }
    pub fn p(&self) -> u64 {
        self.p
    }
    pub fn m(&self) -> u64 {
        self.m
    }

    /// Is `mv` an m-imitation in `s` (section 1.4.3)? Only legality of the Nim
    /// move itself is assumed.
    pub fn is_imitation(&self, s: &State, mv: Move) -> bool {
        match s.window {
            Some(w) => {
                mv.pile == w.pile.other()
                    && mv.amount >= w.removed
                    && mv.amount - w.removed < self.m
            }
            None => false,
        }
    }

    /// The amounts `j` whose removal from the imitable pile is an m-imitation:
    /// `k ..= min(k + m - 1, pile height)`, with the pile (empty when no window).
    pub fn window_moves(&self, s: &State) -> Option<(Pile, std::ops::RangeInclusive<u64>)> {
        let w = s.window?;
        let target = w.pile.other();
        let hi = (w.removed.saturating_add(self.m - 1)).min(s.pile(target));
        Some((target, w.removed..=hi))
    }

    /// Apply a move: `Err` when it is not a legal move of `s`.
    pub fn play(&self, s: &State, mv: Move) -> Result<State, IllegalReason> {
        if mv.amount == 0 {
            return Err(IllegalReason::NoChange);
        }
        if mv.amount > s.pile(mv.pile) {
            return Err(IllegalReason::Overdraw);
        }
        let imitation = self.is_imitation(s, mv);
        let run = if imitation { s.mover_run + 1 } else { 0 };
        if run >= self.p {
            return Err(IllegalReason::PthImitation { p: self.p });
        }
        let (nx, ny) = s.after(mv);
        let before = s.pile(mv.pile);
        let other = s.pile(mv.pile.other());
        let window = (before <= other).then_some(Window {
            pile: mv.pile,
            removed: mv.amount,
        });
        Ok(State {
            x: nx,
            y: ny,
            window,
            mover_run: s.previous_run,
            previous_run: run,
        })
    }

    /// Every legal move of `s` with the resulting state, first pile first, in
    /// increasing amount.
    pub fn moves(&self, s: &State) -> Vec<(Move, State)> {
        let mut out = Vec::with_capacity((s.x + s.y) as usize);
        for pile in [Pile::First, Pile::Second] {
            for amount in 1..=s.pile(pile) {
                let mv = Move { pile, amount };
                if let Ok(t) = self.play(s, mv) {
                    out.push((mv, t));
                }
            }
        }
        out
    }

    /// The Nim move taking `from` to `to`, or why there is none.
    pub fn nim_move(from: (u64, u64), to: (u64, u64)) -> Result<Move, IllegalReason> {
        match (from.0.cmp(&to.0), from.1.cmp(&to.1)) {
            (std::cmp::Ordering::Equal, std::cmp::Ordering::Equal) => Err(IllegalReason::NoChange),
            (std::cmp::Ordering::Less, _) | (_, std::cmp::Ordering::Less) => {
                Err(IllegalReason::Adds)
            }
            (std::cmp::Ordering::Greater, std::cmp::Ordering::Greater) => {
                Err(IllegalReason::BothPiles)
            }
            (std::cmp::Ordering::Greater, std::cmp::Ordering::Equal) => Ok(Move {
                pile: Pile::First,
                amount: from.0 - to.0,
            }),
            (std::cmp::Ordering::Equal, std::cmp::Ordering::Greater) => Ok(Move {
                pile: Pile::Second,
                amount: from.1 - to.1,
            }),
        }
    }

    /// Replay a game given as its sequence of positions, oldest first: the first
    /// is the starting position, each next one the result of one move. Returns the
    /// final state, or the first illegal step.
    pub fn replay(&self, positions: &[(u64, u64)]) -> Result<State, ImitationError> {
        let first = positions.first().ok_or_else(|| {
            ImitationError::BadInput("a history needs at least one position".into())
        })?;
        let mut s = State::start(first.0, first.1);
        for (i, w) in positions.windows(2).enumerate() {
            let step = |reason| ImitationError::IllegalHistory {
                step: i + 1,
                from: w[0],
                to: w[1],
                reason,
            };
            let mv = Self::nim_move(w[0], w[1]).map_err(step)?;
            s = self.play(&s, mv).map_err(step)?;
        }
        Ok(s)
    }

    /// Check that `s` is a state some game of these rules reaches (see the module
    /// documentation): runs below `p`; at most one run positive, and a positive
    /// `previous_run` only without a window; a window only on the strictly smaller
    /// pile with `1 <= removed <= |x - y|`.
    ///
    /// Every state passing this check is reachable from a starting position
    /// (by induction on `previous_run`, then `mover_run`): a windowed state
    /// `(x, y)` with window `k` on the first pile and mover run `c` is reached
    /// from `(x + k, y)` carrying previous-player run `c` by removing `k` from the
    /// first pile; a state with previous run `a > 0` is reached by an imitation
    /// from `(x, y + k)` (window `k`, mover run `a - 1`); a window-less state with
    /// mover run `c > 0` by removing one token from the larger (or either equal)
    /// pile of a state with previous run `c` one token higher.
    pub fn check_state(&self, s: &State) -> Result<(), ImitationError> {
        let bad = |why: &str| {
            Err(ImitationError::BadInput(format!(
                "invalid state {s}: {why}"
            )))
        };
        if s.mover_run >= self.p || s.previous_run >= self.p {
            return bad("a run must be below p");
        }
        if s.mover_run > 0 && s.previous_run > 0 {
            return bad("both runs positive: an imitation never follows an imitation by the other player's window");
        }
        if let Some(w) = s.window {
            if s.previous_run > 0 {
                return bad("an imitation never opens an imitation window");
            }
            let (mine, other) = (s.pile(w.pile), s.pile(w.pile.other()));
            if w.removed == 0 || mine >= other || w.removed > other - mine {
                return bad("the window's pile was not larger than the other before the removal");
            }
        }
        Ok(())
    }

    /// Every valid state at position `(x, y)` (see [`ImitationNim::check_state`]),
    /// in the solver's slot order.
    pub fn states_at(&self, x: u64, y: u64) -> Vec<State> {
        let mut out = Vec::new();
        for c in 0..self.p {
            out.push(State {
                x,
                y,
                window: None,
                mover_run: c,
                previous_run: 0,
            });
        }
        for a in 1..self.p {
            out.push(State {
                x,
                y,
                window: None,
                mover_run: 0,
                previous_run: a,
            });
        }
        let pile = if x < y { Pile::First } else { Pile::Second };
        for k in 1..=x.abs_diff(y) {
            for c in 0..self.p {
                out.push(State {
                    x,
                    y,
                    window: Some(Window { pile, removed: k }),
                    mover_run: c,
                    previous_run: 0,
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_and_runs() {
        let r = ImitationNim::new(2, 2).unwrap();
        // equal piles: the reduced pile was "not larger", its partner is imitable
        let s = r
            .play(
                &State::start(4, 4),
                Move {
                    pile: Pile::Second,
                    amount: 1,
                },
            )
            .unwrap();
        assert_eq!(
            s.window,
            Some(Window {
                pile: Pile::Second,
                removed: 1
            })
        );
        // from the larger pile: no window
        let t = r
            .play(
                &State::start(4, 6),
                Move {
                    pile: Pile::Second,
                    amount: 1,
                },
            )
            .unwrap();
        assert_eq!(t.window, None);
        // window [1, 2] on the first pile; 3 is no imitation
        let first = |amount| Move {
            pile: Pile::First,
            amount,
        };
        assert!(!r.is_imitation(&s, first(0)) && r.is_imitation(&s, first(1)));
        assert!(r.is_imitation(&s, first(2)) && !r.is_imitation(&s, first(3)));
        let u = r.play(&s, first(2)).unwrap();
        assert_eq!((u.previous_run, u.mover_run, u.window), (1, 0, None));
        assert_eq!(r.play(&s, first(5)), Err(IllegalReason::Overdraw));
        assert_eq!(r.play(&s, first(0)), Err(IllegalReason::NoChange));
        assert_eq!(
            ImitationNim::nim_move((3, 3), (2, 2)),
            Err(IllegalReason::BothPiles)
        );
        assert_eq!(
            ImitationNim::nim_move((3, 3), (3, 4)),
            Err(IllegalReason::Adds)
        );
        assert!(r.check_state(&u).is_ok());
        let both = State { mover_run: 1, ..u };
        assert!(r.check_state(&both).is_err());
        assert!(ImitationNim::new(0, 1).is_err() && ImitationNim::new(1, 0).is_err());
    }

    #[test]
    fn states_at_counts() {
        let r = ImitationNim::new(3, 2).unwrap();
        // 2p - 1 window-less states plus p per window amount 1..=|x - y|
        assert_eq!(r.states_at(2, 2).len(), 5);
        assert_eq!(r.states_at(2, 6).len(), 5 + 3 * 4);
        for s in r.states_at(6, 2) {
            r.check_state(&s).unwrap();
        }
    }
}
