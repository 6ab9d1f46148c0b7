//! (p,m)-Imitation Nim, a game with memory (seed 002: Larsson, "2-pile Nim with a
//! restricted number of move-size imitations").
//!
//! - [`state`]: the rules on states (position, the imitation window of the last
//!   move, both players' runs of consecutive m-imitations), legal moves, history
//!   replay with the first illegal step named.
//! - [`solver`]: the fast exact state solver on a board (`O(p n^2)`), starting
//!   P-positions, winning moves, and the dynamic / non-dynamic classification
//!   (Definition 1).
//! - [`reference`]: the reference exact state solver (one bit per state, `O(p n^3)`),
//!   the one the fast solver is tested against.
//! - [`remoteness`]: remoteness on the state graph (fastest win, longest
//!   defence), by memoised search; starting positions as a table.
//! - [`theorem1`]: Theorem 1 (functions `xi` and `L`) as an oracle on every state,
//!   with the (p,m)-Wythoff pairs of Definition 3.
//! - [`claims()`] (in this file): Theorem 1, Corollary 1 and the classification remark after
//!   Corollary 1, for `wythoff verify`.

pub mod reference;
pub mod remoteness;
pub mod solver;
pub mod state;
pub mod theorem1;

pub use reference::ReferenceStateSolver;
pub use solver::{Classification, PositionClass, StateSolver};
pub use state::{IllegalReason, ImitationNim, Move, Pile, State, Window};
pub use theorem1::{Clause, Theorem1, WythoffPairs};

use crate::claim::{Claim, ClaimReport, VerifyConfig};
use crate::error::SolveError;
use crate::solve::Outcome;
use thiserror::Error;

/// Errors of the imitation module. Each message is one line.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ImitationError {
    /// Step `step` (1-based: the move from the `step`-th to the `step + 1`-th
    /// position of the history) is not a legal move.
    #[error("illegal history at step {step}: ({}, {}) -> ({}, {}) is illegal: {reason}", from.0, from.1, to.0, to.1)]
    IllegalHistory {
        step: usize,
        from: (u64, u64),
        to: (u64, u64),
        reason: IllegalReason,
    },
    #[error("{0}")]
    BadInput(String),
    #[error("{0}")]
    TooLarge(String),
    /// A bad argument, named as data ([`SolveError::BadArg`]).
    #[error("{0}")]
    BadArg(crate::error::Message),
    /// Over a limit set by an argument ([`SolveError::ArgTooLarge`]).
    #[error("{0}")]
    ArgTooLarge(crate::error::Message),
}

impl From<ImitationError> for SolveError {
    fn from(e: ImitationError) -> SolveError {
        match e {
            ImitationError::TooLarge(s) => SolveError::TooLarge(s),
            ImitationError::BadArg(m) => SolveError::BadArg(m),
            ImitationError::ArgTooLarge(m) => SolveError::ArgTooLarge(m),
            other => SolveError::BadInput(other.to_string()),
        }
    }
}

/// The answer of [`outcome_after`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryOutcome {
    /// The state the history leads to.
    pub state: State,
    pub outcome: Outcome,
    /// For N: the legal moves to a P-state, with the resulting state.
    pub winning_moves: Vec<(Move, State)>,
}

/// The outcome of `(x, y)` reached through `history` (oldest first, the
/// starting position first; `(x, y)` is the result of the last move), with the
/// final state and its winning moves. An empty history makes `(x, y)` a
/// starting position.
pub fn outcome_after(
    rules: ImitationNim,
    history: &[(u64, u64)],
    x: u64,
    y: u64,
) -> Result<HistoryOutcome, ImitationError> {
    let mut positions = history.to_vec();
    positions.push((x, y));
    let s = rules.replay(&positions)?;
    let n = x.max(y) + 1;
    let solver = StateSolver::new(rules, n)?;
    Ok(HistoryOutcome {
        state: s,
        outcome: solver.outcome(&s)?,
        winning_moves: solver.winning_moves(&s)?,
    })
}

/// Parameter sets of the default claim runs.
const THEOREM1_PARAMS: &[(u64, u64)] = &[
    (1, 1),
    (2, 1),
    (3, 1),
    (4, 1),
    (1, 2),
    (2, 2),
    (3, 2),
    (1, 3),
    (2, 3),
    (3, 3),
    (4, 3),
    (2, 5),
];

fn game_name(p: u64, m: u64) -> String {
    format!("imitation:p={p},m={m}")
}

/// Theorem 1 against the state solver on every valid (= reachable) state of
/// every position of the board.
pub fn check_theorem1(p: u64, m: u64, n: u64) -> ClaimReport {
    match ImitationNim::new(p, m).and_then(|r| StateSolver::new(r, n)) {
        Ok(solver) => theorem1_report(&solver),
        Err(e) => failed("Theorem 1", p, m, n, e),
    }
}

fn failed(what: &str, p: u64, m: u64, n: u64, e: ImitationError) -> ClaimReport {
    ClaimReport {
        source: format!("seed 002 (Larsson, Imitation Nim), {what}"),
        game: game_name(p, m),
        compared: "could not run".into(),
        range: format!("piles < {n}"),
        passed: false,
        detail: e.to_string(),
    }
}

/// [`check_theorem1`] on an existing solver.
pub fn theorem1_report(solver: &StateSolver) -> ClaimReport {
    let rules = solver.rules();
    let (p, m, n) = (rules.p(), rules.m(), solver.size());
    let mut rep = ClaimReport {
        source: "seed 002 (Larsson, Imitation Nim), Theorem 1".into(),
        game: game_name(p, m),
        compared: "Theorem 1 (xi, L) vs exact state solver, every reachable state".into(),
        range: format!("piles < {n}"),
        passed: true,
        detail: String::new(),
    };
    let t1 = Theorem1::new(rules, n);
    let mut states = 0u64;
    for x in 0..n {
        for y in 0..n {
            for s in rules.states_at(x, y) {
                states += 1;
                let got = solver.outcome(&s).expect("valid state on board");
                let want = t1.outcome(&s);
                if got != want && rep.passed {
                    rep.passed = false;
                    rep.detail = format!(
                        "state {s}: solver {got}, Theorem 1 {want} (clause {:?})",
                        t1.clause(&s)
                    );
                }
            }
        }
    }
    rep.range = format!("piles < {n}, {states} states");
    rep
}

/// Corollary 1: the starting P-positions equal the P-positions of
/// `diagonal-blocking` with the same `p, m` (general solver).
pub fn check_corollary1(p: u64, m: u64, n: u64) -> ClaimReport {
    match ImitationNim::new(p, m).and_then(|r| StateSolver::new(r, n)) {
        Ok(solver) => corollary1_report(&solver),
        Err(e) => failed("Corollary 1", p, m, n, e),
    }
}

/// [`check_corollary1`] on an existing solver.
pub fn corollary1_report(solver: &StateSolver) -> ClaimReport {
    let rules = solver.rules();
    let (p, m, n) = (rules.p(), rules.m(), solver.size());
    let mut rep = ClaimReport {
        source: "seed 002 (Larsson, Imitation Nim), Corollary 1".into(),
        game: format!("{} vs diagonal-blocking:p={p},m={m}", game_name(p, m)),
        compared: "starting P-positions (state solver) vs general solver of (p,m)-Wythoff Nim"
            .into(),
        range: format!("board {n}x{n}"),
        passed: true,
        detail: String::new(),
    };
    let res = (|| -> Result<(), String> {
        let g = crate::catalogue::parse_game(&format!("diagonal-blocking:p={p},m={m}"))
            .map_err(|e| e.to_string())?;
        let table = crate::solve::outcomes(&g.game, n as usize).map_err(|e| e.to_string())?;
        let mine = solver.start_table();
        for x in 0..n as usize {
            for y in 0..n as usize {
                if mine.get(x, y) != table.get(x, y) {
                    return Err(format!(
                        "({x}, {y}): imitation start {:?}, diagonal-blocking {:?}",
                        mine.get(x, y),
                        table.get(x, y)
                    ));
                }
            }
        }
        Ok(())
    })();
    if let Err(d) = res {
        rep.passed = false;
        rep.detail = d;
    }
    rep
}

/// The remark after Corollary 1: `(a, b)`, `a <= b`, is non-dynamic P iff it is in
/// P_W with `xi(a, b) = 0`; a position of N_W is dynamic iff some `(a, c)` in P_W
/// has `a <= c < b`. Hence (reading Theorem 1) a P_W position with `xi > 0` is
/// dynamic and every other position is non-dynamic N. Checked as this full
/// three-way classification against the solver's.
pub fn check_classification(p: u64, m: u64, n: u64) -> ClaimReport {
    match ImitationNim::new(p, m).and_then(|r| StateSolver::new(r, n)) {
        Ok(solver) => classification_report(&solver),
        Err(e) => failed("remark after Corollary 1", p, m, n, e),
    }
}

/// [`check_classification`] on an existing solver.
pub fn classification_report(solver: &StateSolver) -> ClaimReport {
    let rules = solver.rules();
    let (p, m, n) = (rules.p(), rules.m(), solver.size());
    let mut rep = ClaimReport {
        source: "seed 002 (Larsson, Imitation Nim), remark after Corollary 1 (Definition 1)".into(),
        game: game_name(p, m),
        compared: "predicted P / N / dynamic per position vs state solver over all histories"
            .into(),
        range: format!("board {n}x{n}"),
        passed: true,
        detail: String::new(),
    };
    let w = WythoffPairs::new(p, m, n);
    for x in 0..n {
        for y in 0..n {
            let got = solver.classify(x, y);
            let want = predicted_class(&w, x, y);
            if got != want {
                rep.passed = false;
                rep.detail = format!("({x}, {y}): solver {got}, remark {want}");
                return rep;
            }
        }
    }
    rep
}

/// The classification the remark after Corollary 1 predicts (see
/// [`check_classification`]).
pub fn predicted_class(w: &WythoffPairs, x: u64, y: u64) -> PositionClass {
    let (a, b) = (x.min(y), x.max(y));
    if w.is_p(a, b) {
        if w.xi(a, b) == 0 {
            PositionClass::P
        } else {
            PositionClass::Dynamic
        }
    } else if w.partner_of_a(a).is_some_and(|c| a <= c && c < b) {
        PositionClass::Dynamic
    } else {
        PositionClass::N
    }
}

fn run_claims(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    // Theorem 1 is checked on every state, p n^3 / 3 of them: the default run
    // uses piles below 150 (a few seconds); an explicit `--max` is honoured as
    // given.
    let n = if cfg.board == VerifyConfig::default().board {
        150
    } else {
        cfg.board
    };
    let total = THEOREM1_PARAMS.len() as u64;
    let mut out = Vec::new();
    for (i, &(p, m)) in THEOREM1_PARAMS.iter().enumerate() {
        match ImitationNim::new(p, m).and_then(|r| StateSolver::new(r, n)) {
            Ok(solver) => {
                out.push(theorem1_report(&solver));
                out.push(corollary1_report(&solver));
                out.push(classification_report(&solver));
            }
            Err(e) => out.push(failed("Theorem 1", p, m, n, e)),
        }
        progress(i as u64 + 1, total);
    }
    out
}

/// The claims of seed 002 about Imitation Nim, for `verify::registry`.
pub fn claims() -> Vec<Claim> {
    vec![Claim {
        id: "s002-thm-1-cor-1",
        scope: "12 pairs (p, m) with p <= 4, m <= 5, every reachable state with piles < 150 (default) or < N with --max N",
        games: &["imitation", "diagonal-blocking"],
        source:
            "seed 002 (Larsson, Imitation Nim): Theorem 1, Corollary 1, remark after Corollary 1",
        run: run_claims,
    }]
}

/// Outcome helper used by tests and the CLI: the outcome of a state by Theorem 1.
pub fn theorem1_outcome(rules: ImitationNim, s: &State) -> Outcome {
    Theorem1::new(rules, s.x.max(s.y) + 1).outcome(s)
}
