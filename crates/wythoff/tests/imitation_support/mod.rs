//! An independent search for (p,m)-Imitation Nim, written from the paper's
//! wording and sharing no code with `wythoff::imitation`: a game is its list of
//! positions; whether a move is an m-imitation, and each player's run, are read
//! off that list every time. Outcomes are computed by plain recursion, memoised
//! on (previous position, current position, both runs as scanned). Normal play,
//! or misère play (`Brute::misere`): the player who cannot move wins.

#![allow(dead_code)]

use std::collections::HashMap;

/// Memo key: previous position, current position, previous player's run, mover's run.
type Key = (Option<(u64, u64)>, (u64, u64), u64, u64);

/// `(mover wins, remoteness)`, memoised like the outcomes.
type RemKey = Key;

pub struct Brute {
    pub p: u64,
    pub m: u64,
    /// Misère play: a player with no legal move wins.
    pub misere: bool,
    rem: HashMap<RemKey, (bool, u32)>,
    memo: HashMap<Key, bool>,
}

/// `(pile index, amount)` of the Nim move `a -> b`, if it is one.
pub fn nim_step(a: (u64, u64), b: (u64, u64)) -> Option<(usize, u64)> {
    if a.0 == b.0 && a.1 > b.1 {
        Some((1, a.1 - b.1))
    } else if a.1 == b.1 && a.0 > b.0 {
        Some((0, a.0 - b.0))
    } else {
        None
    }
}

fn get(p: (u64, u64), i: usize) -> u64 {
    if i == 0 {
        p.0
    } else {
        p.1
    }
}

impl Brute {
    pub fn new(p: u64, m: u64) -> Brute {
        Brute {
            p,
            m,
            misere: false,
            rem: HashMap::new(),
            memo: HashMap::new(),
        }
    }

    /// The same search in misère play.
    pub fn misere(p: u64, m: u64) -> Brute {
        Brute {
            misere: true,
            ..Brute::new(p, m)
        }
    }

    /// Is the move `h[i-1] -> h[i]` (i >= 2) an m-imitation of `h[i-2] -> h[i-1]`?
    pub fn imitates(&self, h: &[(u64, u64)], i: usize) -> bool {
        if i < 2 {
            return false;
        }
        let (Some((pa, k)), Some((pb, j))) =
            (nim_step(h[i - 2], h[i - 1]), nim_step(h[i - 1], h[i]))
        else {
            return false;
        };
        // before the previous removal, the pile it hit was not larger
        let not_larger = get(h[i - 2], pa) <= get(h[i - 2], 1 - pa);
        not_larger && pb != pa && k <= j && j < k + self.m
    }

    /// Consecutive imitations among the moves `i, i-2, i-4, ...` (one player's).
    pub fn run_ending_at(&self, h: &[(u64, u64)], i: usize) -> u64 {
        let mut r = 0;
        let mut k = i;
        while k >= 1 && self.imitates(h, k) {
            r += 1;
            if k < 2 {
                break;
            }
            k -= 2;
        }
        r
    }

    /// Is appending `to` to the game `h` a legal move?
    pub fn legal(&self, h: &[(u64, u64)], to: (u64, u64)) -> bool {
        let last = *h.last().unwrap();
        if nim_step(last, to).is_none() {
            return false;
        }
        let mut g = h.to_vec();
        g.push(to);
        let i = g.len() - 1;
        !(self.imitates(&g, i) && self.run_ending_at(&g, i) >= self.p)
    }

    /// First illegal step (1-based) of a game, if any.
    pub fn first_illegal(&self, h: &[(u64, u64)]) -> Option<usize> {
        (1..h.len()).find(|&i| !self.legal(&h[..i], h[i]))
    }

    pub fn options(&self, h: &[(u64, u64)]) -> Vec<(u64, u64)> {
        let (x, y) = *h.last().unwrap();
        let mut out = Vec::new();
        for a in 0..x {
            out.push((a, y));
        }
        for b in 0..y {
            out.push((x, b));
        }
        out.retain(|&t| self.legal(h, t));
        out
    }

    /// Is the last position of the (legal) game `h` a P-position for the player
    /// who just moved?
    pub fn is_p(&mut self, h: &[(u64, u64)]) -> bool {
        let key = self.key(h);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut g = h.to_vec();
        let options = self.options(h);
        // no legal move: the mover loses (normal) or wins (misère)
        let mut p = !(self.misere && options.is_empty());
        for t in options {
            g.push(t);
            let child_p = self.is_p(&g);
            g.pop();
            if child_p {
                p = false;
                break;
            }
        }
        self.memo.insert(key, p);
        p
    }

    fn key(&self, h: &[(u64, u64)]) -> Key {
        let n = h.len();
        (
            if n >= 2 { Some(h[n - 2]) } else { None },
            h[n - 1],
            if n >= 2 {
                self.run_ending_at(h, n - 1)
            } else {
                0
            },
            if n >= 3 {
                self.run_ending_at(h, n - 2)
            } else {
                0
            },
        )
    }

    /// `(mover wins, remoteness)` at the end of the legal game `h`: no move left
    /// is 0 moves (a loss in normal play, a win in misère play); a win takes the
    /// fastest winning move, a loss the longest defence.
    pub fn remoteness(&mut self, h: &[(u64, u64)]) -> (bool, u32) {
        let key = self.key(h);
        if let Some(&v) = self.rem.get(&key) {
            return v;
        }
        let mut g = h.to_vec();
        let mut kids = Vec::new();
        for t in self.options(h) {
            g.push(t);
            kids.push(self.remoteness(&g));
            g.pop();
        }
        let v = if kids.is_empty() {
            (self.misere, 0)
        } else if let Some(r) = kids.iter().filter(|k| !k.0).map(|k| k.1).min() {
            (true, r + 1)
        } else {
            (false, 1 + kids.iter().map(|k| k.1).max().unwrap())
        };
        self.rem.insert(key, v);
        v
    }
}
