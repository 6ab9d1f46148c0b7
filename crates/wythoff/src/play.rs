//! Playing a game against a perfect opponent: the legal moves of the current
//! state (with the rule that refuses an illegal one), blocks (Muller twist),
//! Imitation Nim's history, undo, hints, and the computer's choice.
//!
//! The computer plays by remoteness ([`crate::solve::remoteness`]): from a
//! winning state a winning move of smallest remoteness (the fastest win), from
//! a losing one a move of greatest remoteness (the longest defence); ties are
//! broken by a deterministic PRNG seeded by the caller (splitmix64). In blocking
//! games it blocks as the remoteness definition says (every winning option of
//! the opponent in the class when at most `p - 1` exist, then the slowest ones;
//! when losing, the quickest wins of the opponent). Choice games (the variant is
//! picked before play) are not played here: play a variant (`shifted`).

use crate::error::SolveError;
use crate::imitation::remoteness::{ImitationRemoteness, MAX_SIDE as IMITATION_MAX};
use crate::imitation::{ImitationNim, State};
use crate::rules::{Convention, Game, Rules};
use crate::solve::remoteness::{self, loses, Opt, RemotenessTable};

/// One available move of the current state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The position moved to.
    pub to: (u64, u64),
    /// In the block class (blocking games).
    pub in_class: bool,
    /// An m-imitation (Imitation Nim).
    pub imitation: bool,
    /// Remoteness of the state the move leads to (after the mover's best block).
    pub remoteness: u32,
    /// Does the move win (the opponent loses there)?
    pub wins: bool,
}

/// One move of the game so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub to: (u64, u64),
    pub imitation: bool,
    pub blocks: Vec<(u64, u64)>,
}

#[derive(Clone, Debug)]
enum Kind {
    Plain {
        rules: Box<Rules>,
        table: RemotenessTable,
    },
    Imitation {
        search: Box<ImitationRemoteness>,
        state: State,
    },
}

#[derive(Clone, Debug)]
struct Snapshot {
    pos: (u64, u64),
    blocked: Vec<(u64, u64)>,
    state: Option<State>,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Session {
    kind: Kind,
    conv: Convention,
    start: (u64, u64),
    pos: (u64, u64),
    /// Options of the current position the mover may not take.
    blocked: Vec<(u64, u64)>,
    moves: Vec<Played>,
    undo: Vec<Snapshot>,
    rng: u64,
}

/// The next value of a splitmix64 stream.
fn splitmix(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Session {
    /// Start at `(x, y)` (no block, no history).
    pub fn new(game: &Game, x: u64, y: u64, seed: u64) -> Result<Session, SolveError> {
        if game.is_choice() {
            return Err(SolveError::Unsupported(
                "this game is a choice among variants made before play: play one variant (e.g. `shifted`)".into(),
            ));
        }
        let rules = game.as_single().expect("not a choice");
        let kind = match ImitationNim::from_game(game) {
            Some(im) => {
                if x >= IMITATION_MAX || y >= IMITATION_MAX {
                    return Err(SolveError::TooLarge(format!(
                        "({x}, {y}): Imitation Nim is played here with piles below {IMITATION_MAX}"
                    )));
                }
                Kind::Imitation {
                    search: Box::new(ImitationRemoteness::new(im)),
                    state: State::start(x, y),
                }
            }
            None => {
                let side = x.max(y).saturating_add(1);
                if side > remoteness::MAX_SIDE as u64
                    || remoteness::work_estimate(game, side) > remoteness::WORK_LIMIT / 8
                {
                    return Err(SolveError::TooLarge(format!(
                        "({x}, {y}): too large to play here (the computer solves the board below max(X, Y) + 1 by remoteness): use smaller piles"
                    )));
                }
                if !rules.on_board(x, y) {
                    return Err(SolveError::BadInput(format!(
                        "({x}, {y}) is in the removed corner: not a position of this game"
                    )));
                }
                Kind::Plain {
                    table: crate::solve::rules_remoteness_table(rules, side as usize),
                    rules: Box::new(rules.clone()),
                }
            }
        };
        Ok(Session {
            kind,
            conv: game.convention(),
            start: (x, y),
            pos: (x, y),
            blocked: Vec::new(),
            moves: Vec::new(),
            undo: Vec::new(),
            rng: seed,
        })
    }

    pub fn position(&self) -> (u64, u64) {
        self.pos
    }
    pub fn start(&self) -> (u64, u64) {
        self.start
    }
    pub fn convention(&self) -> Convention {
        self.conv
    }
    /// The moves played so far, oldest first.
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }
    /// Options of the current position blocked by the previous player.
    pub fn blocked(&self) -> &[(u64, u64)] {
        &self.blocked
    }
    /// The rules (memoryless games) or `None` (Imitation Nim).
    pub fn rules(&self) -> Option<&Rules> {
        match &self.kind {
            Kind::Plain { rules, .. } => Some(rules),
            Kind::Imitation { .. } => None,
        }
    }
    /// Imitation Nim's rules and current state.
    pub fn imitation(&self) -> Option<(ImitationNim, State)> {
        match &self.kind {
            Kind::Imitation { search, state } => Some((search.rules(), *state)),
            Kind::Plain { .. } => None,
        }
    }
    /// How many options the player who moves to a position may block (`p - 1`).
    pub fn block_limit(&self) -> u64 {
        self.rules()
            .and_then(|r| r.blocking())
            .map_or(0, |b| b.p - 1)
    }

    fn options_of(&mut self, x: u64, y: u64) -> Vec<Choice> {
        let conv = self.conv;
        match &mut self.kind {
            Kind::Plain { rules, table } => {
                let mut out = Vec::new();
                remoteness::for_each_option(rules, x, y, &mut |a, b, in_class| {
                    let r = table.get(a as usize, b as usize).expect("on the board");
                    out.push(Choice {
                        to: (a, b),
                        in_class,
                        imitation: false,
                        remoteness: r,
                        wins: loses(conv, r),
                    })
                });
                out.sort_by_key(|c| c.to);
                out
            }
            Kind::Imitation { search, state } => {
                let s = *state;
                let rules = search.rules();
                search
                    .moves(&s)
                    .into_iter()
                    .map(|(mv, t, r)| Choice {
                        to: (t.x, t.y),
                        in_class: false,
                        imitation: rules.is_imitation(&s, mv),
                        remoteness: r,
                        wins: loses(conv, r),
                    })
                    .collect()
            }
        }
    }

    /// The moves available now (blocked options left out).
    pub fn choices(&mut self) -> Vec<Choice> {
        let (x, y) = self.pos;
        let blocked = self.blocked.clone();
        let mut c = self.options_of(x, y);
        c.retain(|c| !blocked.contains(&c.to));
        c
    }

    /// No move is available: the game is over.
    pub fn is_over(&mut self) -> bool {
        self.choices().is_empty()
    }

    /// When the game is over: does the player to move (who cannot move) win?
    pub fn stuck_player_wins(&self) -> bool {
        self.conv == Convention::Misere
    }

    /// The remoteness of the current state (the mover's view).
    pub fn remoteness(&mut self) -> u32 {
        let c = self.choices();
        remoteness::state_value(self.conv, c.iter().map(|c| c.remoteness))
    }

    /// Does the player to move win with perfect play?
    pub fn mover_wins(&mut self) -> bool {
        let r = self.remoteness();
        !loses(self.conv, r)
    }

    /// The winning moves, fastest first.
    pub fn hint(&mut self) -> Vec<Choice> {
        let mut c: Vec<Choice> = self.choices().into_iter().filter(|c| c.wins).collect();
        c.sort_by_key(|c| (c.remoteness, c.to));
        c
    }

    /// Why moving to `to` is illegal now, or the move.
    pub fn check(&mut self, to: (u64, u64)) -> Result<Choice, String> {
        let (x, y) = self.pos;
        let (a, b) = to;
        if a > x || b > y {
            return Err(format!(
                "({x}, {y}) -> ({a}, {b}) adds tokens to a pile: moves only remove"
            ));
        }
        if (a, b) == (x, y) {
            return Err("a move must remove at least one token".into());
        }
        let (k, l) = (x - a, y - b);
        if let Some(c) = self.choices().into_iter().find(|c| c.to == to) {
            return Ok(c);
        }
        if self.blocked.contains(&to) {
            return Err(format!(
                "{a},{b} is blocked: the previous player blocked it for this move"
            ));
        }
        match &self.kind {
            Kind::Imitation { search, state } => {
                let rules = search.rules();
                let mv = ImitationNim::nim_move((x, y), to).map_err(|e| e.to_string())?;
                match rules.play(state, mv) {
                    Err(e) => Err(e.to_string()),
                    Ok(_) => Err("not a legal move".into()),
                }
            }
            Kind::Plain { rules, .. } => Err(refusal(rules, k, l, a, b)),
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            pos: self.pos,
            blocked: self.blocked.clone(),
            state: self.imitation().map(|(_, s)| s),
        }
    }

    /// Check the blocks the mover chooses after moving to `to`: options of `to`
    /// in the block class, distinct, at most `p - 1`.
    pub fn check_blocks(&mut self, to: (u64, u64), blocks: &[(u64, u64)]) -> Result<(), String> {
        if blocks.is_empty() {
            return Ok(());
        }
        let limit = self.block_limit();
        if limit == 0 {
            return Err("this game has no blocking".into());
        }
        if blocks.len() as u64 > limit {
            return Err(format!(
                "at most {limit} option(s) may be blocked (p - 1), not {}",
                blocks.len()
            ));
        }
        let class = self
            .rules()
            .and_then(|r| r.blocking())
            .expect("blocking")
            .class;
        let opts = self.options_of(to.0, to.1);
        for (i, bl) in blocks.iter().enumerate() {
            if blocks[..i].contains(bl) {
                return Err(format!("{},{} is blocked twice", bl.0, bl.1));
            }
            match opts.iter().find(|c| c.to == *bl) {
                None => {
                    return Err(format!(
                        "{},{} is not an option of ({}, {}): only options can be blocked",
                        bl.0, bl.1, to.0, to.1
                    ))
                }
                Some(c) if !c.in_class => {
                    return Err(format!(
                        "{},{} cannot be blocked: only {class} can",
                        bl.0, bl.1
                    ))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Move to `to` and block `blocks` (options of `to` the opponent may not take).
    pub fn play(&mut self, to: (u64, u64), blocks: &[(u64, u64)]) -> Result<Choice, String> {
        let c = self.check(to)?;
        self.check_blocks(to, blocks)?;
        self.undo.push(self.snapshot());
        if let Kind::Imitation { search, state } = &mut self.kind {
            let mv = ImitationNim::nim_move(self.pos, to).expect("checked");
            *state = search.rules().play(state, mv).expect("checked");
        }
        self.pos = to;
        self.blocked = blocks.to_vec();
        self.moves.push(Played {
            to,
            imitation: c.imitation,
            blocks: blocks.to_vec(),
        });
        Ok(c)
    }

    /// Take back the last move; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(s) = self.undo.pop() else {
            return false;
        };
        self.pos = s.pos;
        self.blocked = s.blocked;
        if let (Kind::Imitation { state, .. }, Some(st)) = (&mut self.kind, s.state) {
            *state = st;
        }
        self.moves.pop();
        true
    }

    /// The computer's move and blocks (not played): the fastest win, else the
    /// longest defence; ties broken by the PRNG.
    pub fn best_move(&mut self) -> Option<((u64, u64), Vec<(u64, u64)>)> {
        let c = self.choices();
        if c.is_empty() {
            return None;
        }
        let win = c.iter().any(|c| c.wins);
        let key = |c: &Choice| {
            if win {
                c.remoteness
            } else {
                u32::MAX - c.remoteness
            }
        };
        let best = c
            .iter()
            .filter(|c| c.wins == win)
            .map(key)
            .min()
            .expect("non-empty");
        let ties: Vec<&Choice> = c
            .iter()
            .filter(|c| c.wins == win && key(c) == best)
            .collect();
        let pick = ties[(splitmix(&mut self.rng) % ties.len() as u64) as usize].to;
        let blocks = match self.rules().and_then(|r| r.blocking()) {
            None => Vec::new(),
            Some(b) => {
                let opts = self.options_of(pick.0, pick.1);
                let o: Vec<Opt> = opts
                    .iter()
                    .map(|c| Opt {
                        r: c.remoteness,
                        in_class: c.in_class,
                    })
                    .collect();
                let mut bl: Vec<(u64, u64)> = remoteness::best_blocks(self.conv, b.p, &o)
                    .into_iter()
                    .map(|i| opts[i].to)
                    .collect();
                bl.sort_unstable();
                bl
            }
        };
        Some((pick, blocks))
    }

    /// Play the computer's move; `None` when the game is over.
    pub fn computer_move(&mut self) -> Option<((u64, u64), Vec<(u64, u64)>)> {
        let (to, blocks) = self.best_move()?;
        self.play(to, &blocks)
            .expect("the computer's move is legal");
        Some((to, blocks))
    }
}

/// The rule that forbids removing `k` from the first pile and `l` from the
/// second, landing on `(a, b)`.
fn refusal(r: &Rules, k: u64, l: u64, a: u64, b: u64) -> String {
    if !r.on_board(a, b) {
        return format!("({a}, {b}) is in the removed corner: no move may end there");
    }
    match (k, l) {
        (k, 0) => format!(
            "removing {k} from the first pile is not a move: one-pile lengths on the first pile are {}",
            r.h()
        ),
        (0, l) => format!(
            "removing {l} from the second pile is not a move: one-pile lengths on the second pile are {}",
            r.v()
        ),
        (k, l) => match r.two_pile() {
            None => format!("removing from both piles ({k} and {l}) is not a move: this game has no two-pile moves"),
            Some(t) => format!(
                "removing {k} and {l} is not a two-pile move: it needs k in {}, l in {} and {}",
                t.d1, t.d2, t.relation
            ),
        },
    }
}
