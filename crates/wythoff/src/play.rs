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
//!
//! **A pass** ([`Rules::has_pass`], docs/games.md "A pass"): the session
//! remembers whether the one pass was used (by either player). While it is
//! unused, a position with an option has the pass as one more choice
//! ([`Session::pass_choice`], [`Action::Pass`]), whose remoteness is the
//! position's in the game without the pass: the option that the remoteness
//! table of the game with the pass counts ([`remoteness::plain_table`]), so the
//! computer passes exactly when the table says passing is (one of) its best
//! moves. After the pass every value is read from the table of the game
//! without it.

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
    /// The pass (then `to` is the current position).
    pub pass: bool,
}

/// What a player does: move to a position, or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Move((u64, u64)),
    Pass,
}

/// One move of the game so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub to: (u64, u64),
    pub imitation: bool,
    pub blocks: Vec<(u64, u64)>,
    /// The pass (then `to` is the position passed at).
    pub pass: bool,
}

#[derive(Clone, Debug)]
enum Kind {
    Plain {
        rules: Box<Rules>,
        table: RemotenessTable,
        /// With a pass: the table of the game without it (after the pass).
        without: Option<RemotenessTable>,
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
    pass_used: bool,
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
    /// The pass was used (by either player).
    pass_used: bool,
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
                    without: rules.has_pass().then(|| {
                        crate::solve::rules_remoteness_table(&rules.without_pass(), side as usize)
                    }),
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
            pass_used: false,
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

    /// Does the game have a pass (used or not)?
    pub fn has_pass(&self) -> bool {
        self.rules().is_some_and(|r| r.has_pass())
    }
    /// Was the pass used (by either player)?
    pub fn pass_used(&self) -> bool {
        self.pass_used
    }
    /// Is the pass still there (the game has one and nobody used it)?
    pub fn pass_available(&self) -> bool {
        self.has_pass() && !self.pass_used
    }

    fn options_of(&mut self, x: u64, y: u64) -> Vec<Choice> {
        let used = self.pass_used;
        self.options_at(x, y, used)
    }

    /// The options of `(x, y)` valued in the state where the pass is `used`.
    fn options_at(&mut self, x: u64, y: u64, used: bool) -> Vec<Choice> {
        let conv = self.conv;
        match &mut self.kind {
            Kind::Plain {
                rules,
                table,
                without,
            } => {
                let table = match (used, without.as_ref()) {
                    (true, Some(w)) => w,
                    _ => &*table,
                };
                let mut out = Vec::new();
                remoteness::for_each_option(rules, x, y, &mut |a, b, in_class| {
                    let r = table.get(a as usize, b as usize).expect("on the board");
                    out.push(Choice {
                        to: (a, b),
                        in_class,
                        imitation: false,
                        remoteness: r,
                        wins: loses(conv, r),
                        pass: false,
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
                        pass: false,
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

    /// The pass as a choice now: `None` without a pass, once it was used, or
    /// at a position without an option (blocked options count: the pass is
    /// never blocked). Its remoteness is the position's in the game without
    /// the pass.
    pub fn pass_choice(&mut self) -> Option<Choice> {
        if !self.pass_available() {
            return None;
        }
        let (x, y) = self.pos;
        if self.options_at(x, y, false).is_empty() {
            return None;
        }
        let Kind::Plain {
            without: Some(w), ..
        } = &self.kind
        else {
            return None;
        };
        let r = w.get(x as usize, y as usize).expect("on the board");
        Some(Choice {
            to: (x, y),
            in_class: false,
            imitation: false,
            remoteness: r,
            wins: loses(self.conv, r),
            pass: true,
        })
    }

    /// The moves and the pass available now.
    pub fn actions(&mut self) -> Vec<Choice> {
        let mut c = self.choices();
        c.extend(self.pass_choice());
        c
    }

    /// Nothing is available (no move, no pass): the game is over.
    pub fn is_over(&mut self) -> bool {
        self.actions().is_empty()
    }

    /// When the game is over: does the player to move (who cannot move) win?
    pub fn stuck_player_wins(&self) -> bool {
        self.conv == Convention::Misere
    }

    /// The remoteness of the current state (the mover's view).
    pub fn remoteness(&mut self) -> u32 {
        let c = self.actions();
        remoteness::state_value(self.conv, c.iter().map(|c| c.remoteness))
    }

    /// Does the player to move win with perfect play?
    pub fn mover_wins(&mut self) -> bool {
        let r = self.remoteness();
        !loses(self.conv, r)
    }

    /// The winning moves (the pass among them), fastest first.
    pub fn hint(&mut self) -> Vec<Choice> {
        let mut c: Vec<Choice> = self.actions().into_iter().filter(|c| c.wins).collect();
        c.sort_by_key(|c| (c.remoteness, c.to, c.pass));
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
            pass_used: self.pass_used,
        }
    }

    /// Check the blocks the mover chooses after moving to `to`: options of `to`
    /// in the block class, distinct, at most `p - 1`.
    pub fn check_blocks(&mut self, to: (u64, u64), blocks: &[(u64, u64)]) -> Result<(), String> {
        let used = self.pass_used;
        self.check_blocks_at(to, blocks, used)
    }

    fn check_blocks_at(
        &mut self,
        to: (u64, u64),
        blocks: &[(u64, u64)],
        used: bool,
    ) -> Result<(), String> {
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
        let opts = self.options_at(to.0, to.1, used);
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
            pass: false,
        });
        Ok(c)
    }

    /// Why passing is refused now, or the pass.
    pub fn check_pass(&mut self) -> Result<Choice, String> {
        if !self.has_pass() {
            return Err("this game has no pass (catalogue games take `pass=1`, rules files a `[pass]` table)".into());
        }
        if self.pass_used {
            return Err("the pass was used already: one pass per game, by either player".into());
        }
        self.pass_choice().ok_or_else(|| {
            "no pass from a position without a move (so that play still ends)".to_string()
        })
    }

    /// Pass and block `blocks` (options of the position, now without the
    /// pass, that the opponent may not take).
    pub fn play_pass(&mut self, blocks: &[(u64, u64)]) -> Result<Choice, String> {
        let c = self.check_pass()?;
        self.check_blocks_at(self.pos, blocks, true)?;
        self.undo.push(self.snapshot());
        self.pass_used = true;
        self.blocked = blocks.to_vec();
        self.moves.push(Played {
            to: self.pos,
            imitation: false,
            blocks: blocks.to_vec(),
            pass: true,
        });
        Ok(c)
    }

    /// Play an action (a move or the pass) with its blocks.
    pub fn act(&mut self, a: Action, blocks: &[(u64, u64)]) -> Result<Choice, String> {
        match a {
            Action::Move(to) => self.play(to, blocks),
            Action::Pass => self.play_pass(blocks),
        }
    }

    /// Take back the last move; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(s) = self.undo.pop() else {
            return false;
        };
        self.pos = s.pos;
        self.blocked = s.blocked;
        self.pass_used = s.pass_used;
        if let (Kind::Imitation { state, .. }, Some(st)) = (&mut self.kind, s.state) {
            *state = st;
        }
        self.moves.pop();
        true
    }

    /// The computer's action and blocks (not played): the fastest win, else
    /// the longest defence, the pass among the candidates while it is there;
    /// ties broken by the PRNG (moves by target, then the pass).
    pub fn best_action(&mut self) -> Option<(Action, Vec<(u64, u64)>)> {
        self.pick(true)
    }

    /// [`Session::best_action`] among the moves only (the pass left out: for
    /// front ends that cannot show a pass); `None` when no move is available.
    pub fn best_move(&mut self) -> Option<((u64, u64), Vec<(u64, u64)>)> {
        match self.pick(false)? {
            (Action::Move(to), blocks) => Some((to, blocks)),
            (Action::Pass, _) => None,
        }
    }

    fn pick(&mut self, with_pass: bool) -> Option<(Action, Vec<(u64, u64)>)> {
        let c = if with_pass {
            self.actions()
        } else {
            self.choices()
        };
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
        let chosen = *ties[(splitmix(&mut self.rng) % ties.len() as u64) as usize];
        let pick = chosen.to;
        // the state after the action: the pass (if passing) is used
        let used = self.pass_used || chosen.pass;
        let blocks = match self.rules().and_then(|r| r.blocking()) {
            None => Vec::new(),
            Some(b) => {
                let opts = self.options_at(pick.0, pick.1, used);
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
        let action = if chosen.pass {
            Action::Pass
        } else {
            Action::Move(pick)
        };
        Some((action, blocks))
    }

    /// Play the computer's action; `None` when the game is over.
    pub fn computer_action(&mut self) -> Option<(Action, Vec<(u64, u64)>)> {
        let (a, blocks) = self.best_action()?;
        self.act(a, &blocks)
            .expect("the computer's action is legal");
        Some((a, blocks))
    }

    /// Play the computer's move, the pass left out ([`Session::best_move`]);
    /// `None` when no move is available.
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
