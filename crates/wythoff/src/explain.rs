//! The outcome of one position with its reasons: winning moves, and for
//! blocking games which options the opponent can block and why that is (not)
//! enough.

use crate::error::SolveError;
use crate::rules::{Convention, Game, Rules};
use crate::solve::{self, Outcome};
use crate::FastOptions;

/// How blocking bears on one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockingInfo {
    /// Up to `p - 1` options of the class may be blocked.
    pub p: u64,
    pub class: String,
    /// P-options inside the blockable class.
    pub p_in_class: Vec<(u64, u64)>,
    /// P-options outside it (never blockable).
    pub p_outside: Vec<(u64, u64)>,
    /// Number of options in the class / outside it.
    pub options_in_class: usize,
    pub options_outside: usize,
    /// One sentence: why blocking does or does not change the outcome.
    pub reason: String,
}

/// The analysis of a position in one variant of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantAnalysis {
    /// Index of the variant (for choice games), with a description of its rules.
    pub index: usize,
    pub rules: String,
    pub on_board: bool,
    pub outcome: Option<Outcome>,
    /// For N: the options that are P (moving there wins).
    pub winning_moves: Vec<(u64, u64)>,
    pub blocking: Option<BlockingInfo>,
    /// Misère: the position has no option and so is won by the player to move.
    pub terminal: bool,
    /// A game with a pass not yet used, N: passing wins (the position has a
    /// move and is P in the game without the pass, where the pass leaves it).
    pub pass_wins: bool,
}

/// The analysis of a position in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub x: u64,
    pub y: u64,
    pub outcome: Outcome,
    pub variants: Vec<VariantAnalysis>,
}

impl Analysis {
    /// Winning moves when the game is not a choice (else those of the first variant that has some).
    pub fn winning_moves(&self) -> &[(u64, u64)] {
        self.variants
            .iter()
            .find(|v| !v.winning_moves.is_empty())
            .map_or(&[], |v| &v.winning_moves)
    }

    /// For N, every move that wins in some variant (in a choice game the
    /// winning move depends on the variant picked), sorted, without repeats,
    /// as big integers; for P, none.
    pub fn all_winning_moves(&self) -> Vec<(crate::oracle::Natural, crate::oracle::Natural)> {
        if self.outcome != Outcome::N {
            return Vec::new();
        }
        let mut moves: Vec<(u64, u64)> = self
            .variants
            .iter()
            .flat_map(|v| v.winning_moves.iter().copied())
            .collect();
        moves.sort_unstable();
        moves.dedup();
        moves
            .into_iter()
            .map(|(a, b)| (a.into(), b.into()))
            .collect()
    }
}

fn analyse_rules(r: &Rules, index: usize, x: u64, y: u64) -> Result<VariantAnalysis, SolveError> {
    if !r.on_board(x, y) {
        return Ok(analyse_rules_by(r, index, x, y, &|_, _| false));
    }
    let n = (x.max(y) + 1) as usize;
    let g = Game::single(r.clone());
    let table = solve::outcomes(&g, n)?;
    let mut va = analyse_rules_by(r, index, x, y, &|a, b| table.is_p(a as usize, b as usize));
    // the pass moves to (x, y) in the game without it (never from a position
    // without another move)
    if r.has_pass() && va.outcome == Some(Outcome::N) && !va.terminal {
        let without = solve::outcomes(&Game::single(r.without_pass()), n)?;
        va.pass_wins = without.is_p(x as usize, y as usize);
    }
    Ok(va)
}

/// The analysis of `(x, y)` in the variant `r` (number `index`), the
/// P-positions told by `is_p` (a solved board, or a proved automaton): the
/// outcome, the P-options (winning moves), and blocking; one code for every
/// source of P-positions, so that their answers are the same.
fn analyse_rules_by(
    r: &Rules,
    index: usize,
    x: u64,
    y: u64,
    is_p: &dyn Fn(u64, u64) -> bool,
) -> VariantAnalysis {
    let mut va = VariantAnalysis {
        index,
        rules: r.describe(),
        on_board: r.on_board(x, y),
        outcome: None,
        winning_moves: Vec::new(),
        blocking: None,
        terminal: false,
        pass_wins: false,
    };
    if !va.on_board {
        return va;
    }
    let outcome = if is_p(x, y) { Outcome::P } else { Outcome::N };
    va.outcome = Some(outcome);
    let opts = r.options_fast(x, y);
    let p_opts: Vec<(u64, u64, bool)> = opts
        .iter()
        .copied()
        .filter(|&(a, b, _)| is_p(a, b))
        .collect();
    va.terminal = opts.is_empty();
    if outcome == Outcome::N {
        va.winning_moves = p_opts.iter().map(|&(a, b, _)| (a, b)).collect();
    }
    if let Some(b) = r.blocking() {
        let p_in: Vec<(u64, u64)> = p_opts
            .iter()
            .filter(|o| o.2)
            .map(|&(a, b, _)| (a, b))
            .collect();
        let p_out: Vec<(u64, u64)> = p_opts
            .iter()
            .filter(|o| !o.2)
            .map(|&(a, b, _)| (a, b))
            .collect();
        let o_in = opts.iter().filter(|o| o.2).count();
        let o_out = opts.len() - o_in;
        let reason = blocking_reason(
            &b,
            r.convention() == Convention::Misere,
            p_in.len() as u64,
            p_out.len() as u64,
            Some((o_in as u64, o_out as u64)),
        );
        va.blocking = Some(BlockingInfo {
            p: b.p,
            class: b.class.to_string(),
            p_in_class: p_in,
            p_outside: p_out,
            options_in_class: o_in,
            options_outside: o_out,
            reason,
        });
    }
    va
}

/// Why blocking does or does not change the outcome of a position, in one
/// sentence: the rule of docs/games.md section 2, worded here alone. `p_in`
/// and `p_out` count the P-options inside and outside the blockable class;
/// `options` the options inside and outside it, where known (an oracle gives
/// the P-options only: then the misère case of a position without options is
/// not told apart).
pub fn blocking_reason(
    b: &crate::rules::Blocking,
    misere: bool,
    p_in: u64,
    p_out: u64,
    options: Option<(u64, u64)>,
) -> String {
    let can = b.p - 1;
    let (o_in, o_out) = options.unwrap_or((u64::MAX, u64::MAX));
    if p_out > 0 {
        format!(
            "{p_out} winning move(s) lie outside the blockable class ({}), so blocking cannot stop them",
            b.class
        )
    } else if p_in >= b.p {
        format!(
            "all {p_in} winning moves are blockable, but only {can} may be blocked, so one remains"
        )
    } else if p_in == 0 {
        if misere && options == Some((0, 0)) {
            "no option at all: in misère play the player to move wins".to_string()
        } else {
            "no option is a P-position; blocking is not needed".to_string()
        }
    } else if misere && o_out == 0 && o_in == p_in {
        format!(
            "every option is a blockable P-position ({p_in} < p = {}); blocking them all leaves no move, which wins in misère play",
            b.p
        )
    } else {
        format!(
            "the opponent blocks all {p_in} winning move(s) (up to {can} may be blocked); every remaining option is an N-position"
        )
    }
}

/// Analyse `(x, y)` with the general solver (board `max(x, y) + 1`).
pub fn analyse(game: &Game, x: u64, y: u64) -> Result<Analysis, SolveError> {
    if !game.on_some_board(x, y) {
        return Err(SolveError::BadInput(format!(
            "({x}, {y}) lies in the removed corner of every variant: it is not a position of this game"
        )));
    }
    let n = x.max(y) + 1;
    solve::check_board(game, n, solve::memory_budget())?;
    let variants = game
        .variants()
        .iter()
        .enumerate()
        .map(|(i, r)| analyse_rules(r, i, x, y))
        .collect::<Result<Vec<_>, _>>()?;
    let outcome = if variants.iter().any(|v| v.outcome == Some(Outcome::P)) {
        Outcome::P
    } else {
        Outcome::N
    };
    Ok(Analysis {
        x,
        y,
        outcome,
        variants,
    })
}

/// Analyse `(x, y)` as [`analyse`] does, the P-positions told by the proved
/// automaton `a` of the game (no board: each option's membership, in time
/// linear in its digits). A game of one variant only (a choice game's
/// automaton is the game's, not each variant's).
pub fn analyse_proved(
    game: &Game,
    a: &crate::proved::ProvedAutomaton,
    x: u64,
    y: u64,
) -> Result<Analysis, SolveError> {
    use crate::oracle::Natural;
    let [r] = game.variants() else {
        return Err(SolveError::Unsupported(
            "a proved automaton answers a game of one variant".into(),
        ));
    };
    if !game.on_some_board(x, y) {
        return Err(SolveError::BadInput(format!(
            "({x}, {y}) lies in the removed corner of every variant: it is not a position of this game"
        )));
    }
    let va = analyse_rules_by(r, 0, x, y, &|p, q| {
        a.is_p(&Natural::from(p), &Natural::from(q))
    });
    let outcome = if va.outcome == Some(Outcome::P) {
        Outcome::P
    } else {
        Outcome::N
    };
    Ok(Analysis {
        x,
        y,
        outcome,
        variants: vec![va],
    })
}

/// The most options a position `(x, y)` of `game` can have (every variant's
/// one-pile moves and two-pile moves; a cone or congruence relation counted
/// as every pair): what answering it from a proved automaton costs, in
/// membership tests.
pub fn option_bound(game: &Game, x: u64, y: u64) -> u128 {
    let (x, y) = (x as u128, y as u128);
    game.variants()
        .iter()
        .map(|r| {
            let two = r.two_pile().map_or(0, |t| match t.relation.band_width() {
                Some(w) => (2 * w as u128)
                    .saturating_sub(1)
                    .saturating_mul(x.min(y) + 1),
                None => (x + 1) * (y + 1),
            });
            x + y + two
        })
        .sum()
}

/// Most options a position answered from a shipped proved automaton below
/// the general solver's piles may have ([`option_bound`]): each is one
/// membership test of a few microseconds, so that the answer is light (a
/// few tens of milliseconds; docs/serve.md); beyond, the general solver.
pub const PROVED_OPTIONS_LIMIT: u128 = 1 << 16;

/// The shipped proved automaton that answers `(x, y)` of `s` below the
/// general solver's piles, in place of the general solver's board: a game of
/// one variant with a shipped proof ([`crate::proved::for_subject`]) and at
/// most [`PROVED_OPTIONS_LIMIT`] options at `(x, y)`. Its answer is the
/// general solver's (the automaton is the P-set, proved; the same code reads
/// the options, [`analyse_proved`]), without solving a board.
pub fn proved_below_limit(
    s: &crate::subject::Subject,
    x: u64,
    y: u64,
) -> Option<&'static crate::proved::ProvedAutomaton> {
    if s.game.is_choice() || option_bound(&s.game, x, y) > PROVED_OPTIONS_LIMIT {
        return None;
    }
    crate::proved::for_subject(s)
}

/// The engine that answers the position `(x, y)` of `s`: the one choice made
/// for a position, which [`crate::answer::outcome`] (with its notes) and
/// [`winning_moves`] (without) both follow. In order: the Imitation Nim state
/// solver (a game with memory), the game's exact oracle (a published
/// solution), the general solver for piles below
/// [`crate::limits::GENERAL_LIMIT`], a proved automaton shipped with the tool
/// (`crate::proved`, outcome only) beyond; else an error worded here alone.
/// Below the general solver's limit a game with a shipped proved automaton
/// and few options at the position ([`proved_below_limit`]) is answered from
/// the automaton, option by option, with the general solver's answer
/// (`ProvedOptions`): no board.
pub enum PositionEngine {
    Imitation {
        rules: crate::imitation::ImitationNim,
        x: u64,
        y: u64,
    },
    Oracle(Box<dyn crate::oracle::Oracle>),
    General {
        x: u64,
        y: u64,
    },
    ProvedOptions {
        automaton: &'static crate::proved::ProvedAutomaton,
        x: u64,
        y: u64,
    },
    Proved(&'static crate::proved::ProvedAutomaton),
}

/// The engine of `(x, y)` in `s` ([`PositionEngine`]), or why none answers.
pub fn position_engine(
    s: &crate::subject::Subject,
    x: &crate::oracle::Natural,
    y: &crate::oracle::Natural,
) -> Result<PositionEngine, SolveError> {
    use crate::limits::GENERAL_LIMIT;
    if let Some(rules) = s.imitation()? {
        let (Ok(x), Ok(y)) = (u64::try_from(x), u64::try_from(y)) else {
            return Err(SolveError::TooLarge(format!(
                "({x}, {y}) is too large for the imitation state solver"
            )));
        };
        return Ok(PositionEngine::Imitation { rules, x, y });
    }
    if let Some(o) = s.oracle() {
        return Ok(PositionEngine::Oracle(o));
    }
    match (u64::try_from(x), u64::try_from(y)) {
        (Ok(x), Ok(y)) if x < GENERAL_LIMIT && y < GENERAL_LIMIT => {
            Ok(match proved_below_limit(s, x, y) {
                Some(automaton) => PositionEngine::ProvedOptions { automaton, x, y },
                None => PositionEngine::General { x, y },
            })
        }
        _ => {
            if let Some(a) = crate::proved::for_subject(s) {
                return Ok(PositionEngine::Proved(a));
            }
            let why = s
                .named
                .as_ref()
                .and_then(|ng| {
                    crate::oracle::no_oracle_reason(ng.entry_name, &ng.params, s.convention())
                })
                .map(|why| format!(": {why}"))
                .unwrap_or_default();
            Err(SolveError::Unsupported(format!(
                "({x}, {y}) is too large for the general solver (piles below {GENERAL_LIMIT}), and {} has no exact oracle{why}",
                s.label
            )))
        }
    }
}

/// The P-options of `(x, y)` from a proved automaton at any size
/// ([`crate::proved::lines::p_options`]: the P-positions on its row, column and
/// the diagonals its moves reach, found by a search over the automaton's
/// states with one input fixed, each checked as a legal move of the game's
/// rules), with their blocking class. Refused for a choice game and for
/// two-pile moves that reach unboundedly many diagonals.
pub fn proved_p_options(
    s: &crate::subject::Subject,
    a: &crate::proved::ProvedAutomaton,
    x: &crate::oracle::Natural,
    y: &crate::oracle::Natural,
) -> Result<Vec<(crate::oracle::Natural, crate::oracle::Natural, bool)>, SolveError> {
    let rules = s.game.as_single().ok_or_else(|| {
        SolveError::Unsupported(format!(
            "{} is a choice of games: the proved automaton's P-options are listed for one set of rules",
            s.label
        ))
    })?;
    crate::proved::lines::p_options(a, rules, x, y)
}

/// An outcome and its winning moves (none for P).
pub type OutcomeMoves = (
    Outcome,
    Vec<(crate::oracle::Natural, crate::oracle::Natural)>,
);

/// The outcome of `(x, y)` in `s` and its winning moves (the positions moved
/// to, sorted, without repeats), without notes, by the engine
/// [`position_engine`] picks (as `answer::outcome`). A proved automaton gives
/// them by [`proved_p_options`] (an error where that search is refused). A cell of a removed corner is
/// [`SolveError::BadInput`].
pub fn winning_moves(
    s: &crate::subject::Subject,
    x: &crate::oracle::Natural,
    y: &crate::oracle::Natural,
) -> Result<OutcomeMoves, SolveError> {
    winning_moves_with(s, x, y, true)
}

/// [`winning_moves`], but never from a shipped proved automaton where the
/// general solver can answer: what `prove` compares a new proof's winning
/// moves with, so that the comparison stays independent of earlier proofs.
pub fn winning_moves_unproved(
    s: &crate::subject::Subject,
    x: &crate::oracle::Natural,
    y: &crate::oracle::Natural,
) -> Result<OutcomeMoves, SolveError> {
    winning_moves_with(s, x, y, false)
}

fn winning_moves_with(
    s: &crate::subject::Subject,
    x: &crate::oracle::Natural,
    y: &crate::oracle::Natural,
    proved: bool,
) -> Result<OutcomeMoves, SolveError> {
    use crate::oracle::Natural;
    match position_engine(s, x, y)? {
        PositionEngine::Imitation { rules, x, y } => {
            let st = rules.replay(&[(x, y)])?;
            let solver = crate::imitation::StateSolver::new(rules, x.max(y) + 1)?;
            let o = solver.outcome(&st)?;
            let mut moves: Vec<(Natural, Natural)> = Vec::new();
            if o == Outcome::N {
                moves = solver
                    .winning_moves(&st)?
                    .iter()
                    .map(|(_, t)| (Natural::from(t.x), Natural::from(t.y)))
                    .collect();
            }
            Ok((o, moves))
        }
        PositionEngine::Oracle(o) => {
            let p = o.is_p(x, y)?;
            let mut moves: Vec<(Natural, Natural)> = Vec::new();
            if !p {
                moves = o
                    .winning_moves_by_variant(x, y)?
                    .into_iter()
                    .flat_map(|(_, m)| m)
                    .collect();
                moves.sort();
                moves.dedup();
            }
            Ok((if p { Outcome::P } else { Outcome::N }, moves))
        }
        PositionEngine::General { x, y } => {
            let an = analyse(&s.game, x, y)?;
            Ok((an.outcome, an.all_winning_moves()))
        }
        PositionEngine::ProvedOptions { automaton, x, y } => {
            let an = if proved {
                analyse_proved(&s.game, automaton, x, y)?
            } else {
                analyse(&s.game, x, y)?
            };
            Ok((an.outcome, an.all_winning_moves()))
        }
        PositionEngine::Proved(a) => {
            if a.is_p(x, y) {
                Ok((Outcome::P, Vec::new()))
            } else {
                let moves = proved_p_options(s, a, x, y)?
                    .into_iter()
                    .map(|(p, q, _)| (p, q))
                    .collect();
                Ok((Outcome::N, moves))
            }
        }
    }
}
