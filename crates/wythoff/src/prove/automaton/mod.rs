//! Automata of sets of pairs read most significant digit first, both numbers
//! padded to one length (Walnut's convention), a file a job: the automaton of
//! a set of pairs and of a relation (here: checking on every cell, Walnut's
//! file format, one cell flipped for tests of refutation), guessing one from a
//! solved board ([`guess`], Myhill-Nerode: `board.rs`), guessing a function's
//! graph from its values ([`guess_function`], [`guess_graph`]: `graph.rs`,
//! over the digit strings of `strings.rs`), and reading Walnut's automaton
//! files back ([`WalnutAutomaton`]: `walnut.rs`).

mod board;
mod graph;
mod strings;

pub use crate::walnut_format::automaton::WalnutAutomaton;
pub use board::guess;
pub use graph::{guess_function, guess_graph};

use super::numeration::{Numeration, Tables};
use malachite_nz::natural::Natural;
use std::collections::HashMap;

pub use crate::walnut_format::AUTOMATON;
use crate::walnut_format::{pad, DEAD};

/// A deterministic automaton over pairs of digits; state 0 is initial; a missing
/// transition goes to a rejecting sink (not written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automaton {
    pub numeration: Numeration,
    pub accept: Vec<bool>,
    /// `trans[s][a * radix + b]`: the target on the digit pair `(a, b)`.
    pub trans: Vec<Vec<Option<u32>>>,
}

impl Automaton {
    pub fn states(&self) -> usize {
        self.accept.len()
    }
    fn radix(&self) -> usize {
        self.numeration.radix()
    }
    /// Does the automaton accept the pair `(x, y)` (canonical representations,
    /// padded to one length)?
    pub fn accepts(&self, x: &Natural, y: &Natural) -> bool {
        let mut dx = self.numeration.represent(x);
        let mut dy = self.numeration.represent(y);
        let len = dx.len().max(dy.len());
        pad(&mut dx, len);
        pad(&mut dy, len);
        let r = self.radix();
        let mut s = 0u32;
        for i in 0..len {
            match self.trans[s as usize][dx[i] as usize * r + dy[i] as usize] {
                Some(t) => s = t,
                None => return false,
            }
        }
        self.accept[s as usize]
    }
    /// The state after every pair `(x, y)` with `x, y < n`, row-major, `DEAD` for
    /// the sink: one step from `(head x, head y)` each.
    fn run_board(&self, t: &Tables, n: u32) -> Vec<u32> {
        let r = self.radix();
        let mut st = vec![DEAD; n as usize * n as usize];
        st[0] = 0;
        for x in 0..n {
            for y in 0..n {
                if x == 0 && y == 0 {
                    continue;
                }
                let (hx, hy) = (t.head[x as usize], t.head[y as usize]);
                let from = st[hx as usize * n as usize + hy as usize];
                let to = if from == DEAD {
                    DEAD
                } else {
                    let letter = t.last[x as usize] as usize * r + t.last[y as usize] as usize;
                    self.trans[from as usize][letter].unwrap_or(DEAD)
                };
                st[x as usize * n as usize + y as usize] = to;
            }
        }
        st
    }
    /// The first cell `(x, y)` of the `n x n` board (row-major) where the automaton
    /// and `member` disagree, or `None`.
    pub fn first_mismatch(&self, n: u32, member: &dyn Fn(u32, u32) -> bool) -> Option<(u32, u32)> {
        if self.trans[0][0] != Some(0) {
            return Some((0, 0));
        }
        let t = Tables::new(&self.numeration, n as u64);
        let st = self.run_board(&t, n);
        for x in 0..n {
            for y in 0..n {
                let s = st[x as usize * n as usize + y as usize];
                let acc = s != DEAD && self.accept[s as usize];
                if acc != member(x, y) {
                    return Some((x, y));
                }
            }
        }
        None
    }
    /// Walnut's automaton file: the number systems, a blank line, then each state
    /// `s output` followed by its `a b -> target` lines.
    pub fn to_walnut(&self) -> String {
        let ns = self.numeration.walnut_name();
        let r = self.radix();
        let mut out = format!("{ns} {ns}\n");
        for (s, row) in self.trans.iter().enumerate() {
            out.push_str(&format!("\n{s} {}\n", u8::from(self.accept[s])));
            for (letter, t) in row.iter().enumerate() {
                if let Some(t) = t {
                    out.push_str(&format!("{} {} -> {t}\n", letter / r, letter % r));
                }
            }
        }
        out
    }
    /// The same automaton with the membership of the one cell `(x, y)` flipped
    /// (a product with the automaton of that one pair; not minimised).
    pub fn flip(&self, x: &Natural, y: &Natural) -> Automaton {
        let r = self.radix();
        let mut dx = self.numeration.represent(x);
        let mut dy = self.numeration.represent(y);
        let len = dx.len().max(dy.len());
        pad(&mut dx, len);
        pad(&mut dy, len);
        let word: Vec<usize> = (0..len)
            .map(|i| dx[i] as usize * r + dy[i] as usize)
            .collect();
        const FAIL: usize = usize::MAX;
        let step_word = |j: usize, letter: usize| -> usize {
            if j == FAIL {
                FAIL
            } else if j == 0 && letter == 0 {
                0
            } else if j < len && word[j] == letter {
                j + 1
            } else {
                FAIL
            }
        };
        let mut index: HashMap<(u32, usize), u32> = HashMap::new();
        let mut pairs: Vec<(u32, usize)> = vec![(0, 0)];
        index.insert((0, 0), 0);
        let mut accept = Vec::new();
        let mut trans = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            let (q, j) = pairs[i];
            let acc_q = q != DEAD && self.accept[q as usize];
            accept.push(acc_q ^ (j == len));
            let mut row = vec![None; r * r];
            for (letter, slot) in row.iter_mut().enumerate() {
                let q2 = if q == DEAD {
                    DEAD
                } else {
                    self.trans[q as usize][letter].unwrap_or(DEAD)
                };
                let j2 = step_word(j, letter);
                if q2 == DEAD && j2 == FAIL {
                    continue;
                }
                let id = *index.entry((q2, j2)).or_insert_with(|| {
                    pairs.push((q2, j2));
                    (pairs.len() - 1) as u32
                });
                *slot = Some(id);
            }
            trans.push(row);
            i += 1;
        }
        Automaton {
            numeration: self.numeration.clone(),
            accept,
            trans,
        }
    }
}

/// What guessing found.
#[derive(Clone, Debug)]
pub enum Guess {
    /// A minimal automaton that agrees with every cell of the board; `depth` is the
    /// length of the distinguishing suffixes.
    Found { automaton: Automaton, depth: usize },
    /// No automaton of at most `max_states` states agrees with the board (as far as
    /// suffixes of the lengths tried tell); `largest` is the most classes seen.
    NotFound { largest: usize, digits: usize },
}

/// An automaton over tuples of `arity` digits (`arity` 1 to 3), read most
/// significant digit first, all numbers padded to one length: the letter
/// `(d_1, ..., d_k)` is `d_1 r^(k-1) + ... + d_k`; state 0 initial; a missing
/// transition goes to a rejecting sink.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    pub numeration: Numeration,
    pub arity: usize,
    pub accept: Vec<bool>,
    pub trans: Vec<Vec<Option<u32>>>,
}

impl Relation {
    pub fn states(&self) -> usize {
        self.accept.len()
    }
    /// Walnut's automaton file, the inputs named by `header` (the number system
    /// of each input, or alphabets `{0, 1, 2}` in a Custom Bases file).
    pub fn to_walnut(&self, header: &str) -> String {
        let r = self.numeration.radix();
        let mut out = format!("{header}\n");
        for (s, row) in self.trans.iter().enumerate() {
            out.push_str(&format!("\n{s} {}\n", u8::from(self.accept[s])));
            for (letter, t) in row.iter().enumerate() {
                if let Some(t) = t {
                    let mut d = vec![0usize; self.arity];
                    let mut l = letter;
                    for i in (0..self.arity).rev() {
                        d[i] = l % r;
                        l /= r;
                    }
                    let d: Vec<String> = d.iter().map(|x| x.to_string()).collect();
                    out.push_str(&format!("{} -> {t}\n", d.join(" ")));
                }
            }
        }
        out
    }
    /// The two-input automaton (arity 2).
    pub fn into_automaton(self) -> Automaton {
        assert_eq!(self.arity, 2);
        Automaton {
            numeration: self.numeration,
            accept: self.accept,
            trans: self.trans,
        }
    }
    /// Does it accept the digit strings (msd first, padded to one length)?
    pub fn accepts(&self, words: &[Vec<u32>]) -> bool {
        self.run(words)
    }
    fn run(&self, words: &[Vec<u32>]) -> bool {
        let r = self.numeration.radix();
        let len = words.iter().map(Vec::len).max().unwrap_or(0);
        let mut s = 0u32;
        for i in 0..len {
            let mut letter = 0usize;
            for w in words {
                let d = if i + w.len() >= len {
                    w[i + w.len() - len]
                } else {
                    0
                };
                letter = letter * r + d as usize;
            }
            match self.trans[s as usize][letter] {
                Some(t) => s = t,
                None => return false,
            }
        }
        self.accept[s as usize]
    }
}

/// What guessing a function's graph found.
#[derive(Clone, Debug)]
pub enum GuessRelation {
    Found(Relation),
    NotFound { largest: usize, digits: usize },
}
