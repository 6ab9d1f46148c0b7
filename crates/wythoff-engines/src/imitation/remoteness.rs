//! Remoteness of (p,m)-Imitation Nim on its state graph (states: position,
//! imitation window, both runs; see [`super::state`]): a state without a legal
//! move has remoteness 0 (the mover loses in normal play, wins in misère play);
//! otherwise `1 + min` over the options that lose for their mover when there is
//! one, else `1 + max` over every option (`solve::remoteness`). The remoteness
//! of a position as a *starting* position is that of its starting state (no
//! history). Computed by a memoised search over the states reachable from the
//! asked ones (`O(p n^3)` states below `n`), so for small boards.

use super::state::{ImitationNim, Move, State};
use super::ImitationError;
use crate::error::{Arg, Message};
use crate::solve::remoteness::{loses, RemotenessTable};
use std::collections::HashMap;

/// Largest board side of [`start_table`].
pub const MAX_SIDE: u64 = 64;

/// Memoised remoteness of states.
#[derive(Clone, Debug)]
pub struct ImitationRemoteness {
    rules: ImitationNim,
    memo: HashMap<State, u32>,
}

impl ImitationRemoteness {
    pub fn new(rules: ImitationNim) -> ImitationRemoteness {
        ImitationRemoteness {
            rules,
            memo: HashMap::new(),
        }
    }
    pub fn rules(&self) -> ImitationNim {
        self.rules
    }

    /// Does the mover lose at a state of remoteness `r`?
    pub fn loses(&self, r: u32) -> bool {
        loses(self.rules.convention(), r)
    }

    /// The remoteness of a state (the caller checks that it is valid).
    pub fn value(&mut self, s: &State) -> u32 {
        if let Some(&v) = self.memo.get(s) {
            return v;
        }
        // iterative deepening by explicit stack: children first
        let mut stack = vec![(*s, false)];
        while let Some((t, expanded)) = stack.pop() {
            if self.memo.contains_key(&t) {
                continue;
            }
            let kids = self.rules.moves(&t);
            if !expanded {
                stack.push((t, true));
                for (_, k) in &kids {
                    if !self.memo.contains_key(k) {
                        stack.push((*k, false));
                    }
                }
                continue;
            }
            let v = crate::solve::remoteness::state_value(
                self.rules.convention(),
                kids.iter().map(|(_, k)| self.memo[k]),
            );
            self.memo.insert(t, v);
        }
        self.memo[s]
    }

    /// Every legal move of `s` with the resulting state and its remoteness.
    pub fn moves(&mut self, s: &State) -> Vec<(Move, State, u32)> {
        self.rules
            .moves(s)
            .into_iter()
            .map(|(mv, t)| {
                let r = self.value(&t);
                (mv, t, r)
            })
            .collect()
    }
}

/// Remoteness of every position of the `n x n` board as a starting position.
pub fn start_table(rules: ImitationNim, n: u64) -> Result<RemotenessTable, ImitationError> {
    if n == 0 {
        return Err(ImitationError::BadArg(
            Message::new().name(Arg::Max).text(" must be at least 1"),
        ));
    }
    if n > MAX_SIDE {
        return Err(ImitationError::ArgTooLarge(Message::new().value(Arg::Max, n).text(format!(
            ": Imitation Nim remoteness is a search over every state (about p n^3); allowed up to {MAX_SIDE}"
        ))));
    }
    let mut search = ImitationRemoteness::new(rules);
    let mut values = Vec::with_capacity((n * n) as usize);
    for x in 0..n {
        for y in 0..n {
            values.push(search.value(&State::start(x, y)));
        }
    }
    Ok(RemotenessTable::from_values(
        n as usize,
        rules.convention(),
        values,
    ))
}
