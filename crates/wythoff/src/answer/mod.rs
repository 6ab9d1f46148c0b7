//! One entry per question, shared by every front end (the `wythoff` binary and
//! the Python module): which engine answers (the imitation state solver, an
//! exact oracle, a sequence kernel, the general solvers), the limits, and the
//! answer as data. Front ends parse their arguments, call one function here and
//! render what it returns, so both give the same answer from the same call.
//!
//! - [`Subject`]: a game as named by the user (catalogue text or a rules file's
//!   text) in one convention.
//! - [`Subject::from_arg`]: GAME resolution (catalogue text or a rules file read
//!   by the front end's reader, capped at [`MAX_RULES_FILE`]).
//! - Boards: [`p_positions_plan`], [`p_positions`], [`p_positions_list`],
//!   [`p_positions_with_board`], [`outcome_table`]; [`game_p_positions`] and
//!   [`game_board`] make the one choice between the Imitation Nim state solver
//!   and the board solvers (`compare` and `patterns` call them too).
//! - Grundy values: [`grundy_check`], [`grundy_plan`], [`grundy`], [`grundy_table`].
//!   The kernel is chosen by [`crate::solve::select`]; front ends read its plan.
//! - One position: [`outcome`], [`outcome_conjecture`]; remoteness:
//!   [`remoteness_table`].
//! - [`sequence()`], [`sequence_summary`], [`sequence_list`], [`games_json`],
//!   [`verify`]; the limits and parsers ([`check_max`], [`parse_max`],
//!   [`parse_terms`], [`parse_pile`]).
//!
//! Long computations report progress through a callback; a front end may stop
//! one by unwinding from that callback with
//! `std::panic::resume_unwind(Box::new(Cancelled))` ([`verify`] passes such an
//! unwind through instead of reporting it as a failed check).

use crate::catalogue::{parse_game, Entry, NamedGame, ParamKind, CATALOGUE};
use crate::claims::verify::{registry, Claim, ClaimReport, VerifyConfig};
use crate::error::{BoardArg, RuleError, SolveError};
use crate::explain::analyse;
use crate::imitation::{Clause, ImitationNim, PositionClass, StateSolver, Theorem1};
use crate::oracle::{self, Natural, Oracle};
use crate::rules::{Convention, Game};
use crate::sequence;
use crate::solve::select::{self, GrundyPlan, PPositionsPlan};
use crate::solve::{self, human_bytes, memory_budget, stream, GrundyTable, Outcome};
use serde_json::json;
use std::collections::BTreeSet;

/// The payload of an unwind that a front end's progress callback starts to stop
/// a computation (Ctrl-C).
#[derive(Debug, Clone, Copy)]
pub struct Cancelled;

/// Largest board side (`--max`, `n`).
pub const MAX_BOARD: u64 = 1 << 20;
/// Largest number of sequence terms.
pub const MAX_TERMS: u64 = 1 << 40;
/// Largest number of terms served by an oracle (one big-integer evaluation per term).
pub const MAX_ORACLE_TERMS: u64 = 1_000_000;
/// Largest pile the general solver is asked to handle for one position.
pub const GENERAL_LIMIT: u64 = 5000;

/// Check a board side: a whole number from 1 to [`MAX_BOARD`].
pub fn check_max(n: u64) -> Result<u64, SolveError> {
    if n == 0 || n > MAX_BOARD {
        return Err(SolveError::BoardOutOfRange {
            arg: BoardArg::Max,
            n,
            max: MAX_BOARD,
        });
    }
    Ok(n)
}

/// Parse a board side given as text (`--max N`).
pub fn parse_max(s: &str) -> Result<u64, SolveError> {
    let n: u64 = s.trim().parse().map_err(|_| SolveError::BoardNotWhole {
        arg: BoardArg::Max,
        text: s.to_string(),
        max: MAX_BOARD,
    })?;
    check_max(n)
}

/// Check a number of sequence terms: 1 to [`MAX_TERMS`].
pub fn check_terms(n: u64) -> Result<u64, SolveError> {
    if n == 0 || n > MAX_TERMS {
        return Err(SolveError::BadInput(format!(
            "--terms {n} is out of range: allowed 1..={MAX_TERMS}"
        )));
    }
    Ok(n)
}

/// Parse a number of sequence terms given as text (`--terms N`).
pub fn parse_terms(s: &str) -> Result<u64, SolveError> {
    let n: u64 = s.trim().parse().map_err(|_| {
        SolveError::BadInput(format!(
            "`{s}` is not a whole number: --terms takes 1..={MAX_TERMS}"
        ))
    })?;
    check_terms(n)
}

/// Parse a pile size (a non-negative whole number of any size); `what` names it
/// in the error (`X`, `Y`).
pub fn parse_pile(s: &str, what: &str) -> Result<Natural, SolveError> {
    let t = s.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SolveError::BadInput(format!(
            "{what} = `{s}` is not a non-negative whole number"
        )));
    }
    t.parse()
        .map_err(|_| SolveError::BadInput(format!("{what} = `{s}` is not a whole number")))
}

/// Largest rules file (bytes) a front end reads for [`Subject::from_arg`].
pub const MAX_RULES_FILE: u64 = 1 << 20;

/// Does the GAME text name a TOML rules file (`*.toml`, or `file:PATH`)? Its
/// path, if so.
pub fn rules_file_path(text: &str) -> Option<&str> {
    (text.ends_with(".toml") || text.starts_with("file:")).then(|| text.trim_start_matches("file:"))
}

/// Why a GAME argument was not resolved ([`Subject::from_arg`]), as data: each
/// front end words it.
#[derive(Debug)]
pub enum GameArgError<E> {
    /// The front end's reader failed on the rules file at `path`.
    Read { path: String, error: E },
    /// The rules file at `path` (or, with `path` `None`, the catalogue text) is
    /// not a valid game.
    Rules {
        path: Option<String>,
        error: RuleError,
    },
}

/// A parameter value of a catalogue game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamValue {
    Int(u64),
    /// A length set, in its canonical text.
    Set(String),
}

/// A game as the user named it, in one convention.
#[derive(Clone, Debug)]
pub struct Subject {
    /// Canonical text (`name:key=value,...`) or the rules file's name.
    pub label: String,
    /// The catalogue entry, when the game comes from the catalogue.
    pub named: Option<NamedGame>,
    /// The game, in the requested convention.
    pub game: Game,
}

impl Subject {
    /// A catalogue game, `name` or `name:key=value,...`; `misere` selects misère play.
    pub fn parse(text: &str, misere: bool) -> Result<Subject, RuleError> {
        let ng = parse_game(text)?;
        Ok(Subject {
            label: ng.canonical.clone(),
            game: with_misere(ng.game.clone(), misere),
            named: Some(ng),
        })
    }
    /// The game a user named with GAME: a TOML rules file ([`rules_file_path`]),
    /// read by the front end's `read_file(path, cap)` with the cap
    /// [`MAX_RULES_FILE`] (the library does no I/O), or catalogue text.
    /// `misere` selects misère play. The one resolution of every front end.
    pub fn from_arg<E>(
        text: &str,
        misere: bool,
        read_file: impl FnOnce(&str, u64) -> Result<String, E>,
    ) -> Result<Subject, GameArgError<E>> {
        match rules_file_path(text) {
            Some(path) => {
                let body = read_file(path, MAX_RULES_FILE).map_err(|error| GameArgError::Read {
                    path: path.to_string(),
                    error,
                })?;
                Subject::from_rules(&body, misere).map_err(|error| GameArgError::Rules {
                    path: Some(path.to_string()),
                    error,
                })
            }
            None => Subject::parse(text, misere)
                .map_err(|error| GameArgError::Rules { path: None, error }),
        }
    }
    /// A game from the text of a TOML rules file; `misere` forces misère play.
    pub fn from_rules(toml_text: &str, misere: bool) -> Result<Subject, RuleError> {
        let (name, game) = crate::custom::parse_rules_file(toml_text)?;
        Ok(Subject {
            label: name,
            named: None,
            game: with_misere(game, misere),
        })
    }
    pub fn convention(&self) -> Convention {
        self.game.convention()
    }
    /// "normal play" / "misère play".
    pub fn convention_text(&self) -> String {
        self.convention().to_string()
    }
    /// Is every variant symmetric under swapping the piles?
    pub fn symmetric(&self) -> bool {
        self.game.variants().iter().all(|r| r.is_symmetric())
    }
    /// The catalogue entry, if any.
    pub fn entry(&self) -> Option<&'static Entry> {
        self.named
            .as_ref()
            .and_then(|ng| crate::catalogue::entry(ng.entry_name))
    }
    /// The parameter values (catalogue games; empty for a rules file), in key order.
    pub fn params(&self) -> Vec<(&'static str, ParamValue)> {
        let Some(ng) = &self.named else {
            return Vec::new();
        };
        let mut out: Vec<(&'static str, ParamValue)> = ng
            .params
            .ints()
            .iter()
            .map(|(k, v)| (*k, ParamValue::Int(*v)))
            .collect();
        if let Some(e) = self.entry() {
            for p in e.params {
                if matches!(p.kind, ParamKind::Set) {
                    if let Some(s) = ng.params.set_opt(p.key) {
                        out.push((p.key, ParamValue::Set(s.spec().to_string())));
                    }
                }
            }
        }
        out.sort_by_key(|(k, _)| *k);
        out
    }
    /// The Imitation Nim rules of a game with memory (`None` for other games),
    /// in the subject's convention.
    pub fn imitation(&self) -> Result<Option<ImitationNim>, SolveError> {
        match ImitationNim::from_game(&self.game) {
            None => Ok(None),
            Some(r) => Ok(Some(r)),
        }
    }
    /// The exact oracle of a catalogue game, when a paper gives one.
    pub fn oracle(&self) -> Option<Box<dyn Oracle>> {
        let ng = self.named.as_ref()?;
        oracle::for_game(ng.entry_name, &ng.params, self.convention())
    }
}

fn with_misere(game: Game, misere: bool) -> Game {
    if misere {
        game.with_convention(Convention::Misere)
    } else {
        game
    }
}

/// What listing the P-positions of `s` on the `n x n` board costs and which
/// kernels run ([`select::p_positions_plan`]); `None` for a game with memory
/// (Imitation Nim: the exact state solver answers, with its own limits).
pub fn p_positions_plan(s: &Subject, n: u64) -> Result<Option<PPositionsPlan>, SolveError> {
    check_max(n)?;
    if s.imitation()?.is_some() {
        return Ok(None);
    }
    Ok(Some(select::p_positions_plan(&s.game, n)))
}

/// The P-positions on the `n x n` board, streamed: `sink(x, ys)` once per row
/// `x` in increasing order (the `y` of its P-positions, increasing). Games with
/// memory: the P-positions as starting positions (no history), by the exact
/// state solver.
pub fn p_positions(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, &[u32]),
) -> Result<(), SolveError> {
    game_p_positions(&s.game, n, progress, sink)
}

/// [`p_positions`] of a game value: the one place that chooses between the
/// Imitation Nim state solver (games with memory, either convention) and the
/// board solvers. `compare` and `patterns` come here too.
pub fn game_p_positions(
    game: &Game,
    n: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, &[u32]),
) -> Result<(), SolveError> {
    check_max(n)?;
    if let Some(r) = ImitationNim::from_game(game) {
        let solver = StateSolver::with_progress(r, n, progress)?;
        let ps = solver.start_p_positions();
        let mut row: Vec<u32> = Vec::new();
        let mut i = 0;
        for x in 0..n {
            row.clear();
            while i < ps.len() && ps[i].0 == x {
                row.push(ps[i].1 as u32);
                i += 1;
            }
            sink(x, &row);
        }
        progress(n, n);
        return Ok(());
    }
    stream::p_positions(game, n as usize, progress, sink)
}

/// The board of `game` on the `n x n` board as a table (cells off the board
/// marked): by the board solvers, or for a game with memory its starting
/// positions by the state solver. The same choice as [`game_p_positions`].
pub fn game_board(
    game: &Game,
    n: u64,
    progress: stream::Progress,
) -> Result<solve::OutcomeTable, SolveError> {
    check_max(n)?;
    if let Some(r) = ImitationNim::from_game(game) {
        let solver = StateSolver::with_progress(r, n, progress)?;
        return Ok(solver.start_table());
    }
    solve::outcomes_with_progress(game, n as usize, progress)
}

/// The P-positions of `s` on the `n x n` board and, for boards of side at most
/// `board_max` (a front end's picture), the board they were read from: one
/// solve for both.
pub fn p_positions_with_board(
    s: &Subject,
    n: u64,
    board_max: u64,
    progress: stream::Progress,
) -> Result<(Vec<(u64, u64)>, Option<solve::OutcomeTable>), SolveError> {
    check_max(n)?;
    if n > board_max {
        return Ok((p_positions_list(s, n, progress)?, None));
    }
    let t = game_board(&s.game, n, progress)?;
    Ok((t.p_positions(), Some(t)))
}

/// The P-positions on the `n x n` board as a list, in csv order (sorted by x, then y).
pub fn p_positions_list(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
) -> Result<Vec<(u64, u64)>, SolveError> {
    let mut ps = Vec::new();
    p_positions(s, n, progress, &mut |x, ys| {
        ps.extend(ys.iter().map(|&y| (x, y as u64)))
    })?;
    Ok(ps)
}

fn check_table_memory(what: &str, n: u64, cell_bytes: u64) -> Result<(), SolveError> {
    let est = n
        .checked_mul(n)
        .and_then(|c| c.checked_mul(cell_bytes))
        .unwrap_or(u64::MAX);
    if est > memory_budget() {
        return Err(SolveError::OverMemory {
            arg: BoardArg::Max,
            n,
            what: Some(what.to_string()),
            need: est,
            budget: memory_budget(),
        });
    }
    Ok(())
}

/// The `n x n` table of outcomes, row-major (`[x * n + y]`): `true` iff `(x, y)`
/// is a P-position (as listed by [`p_positions`]; cells of a removed corner are
/// not positions and so `false`). Refused before allocating when it would not
/// fit the memory budget.
pub fn outcome_table(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
) -> Result<Vec<bool>, SolveError> {
    check_max(n)?;
    check_table_memory("an outcome table", n, 1)?;
    let mut cells = vec![false; (n * n) as usize];
    p_positions(s, n, progress, &mut |x, ys| {
        for &y in ys {
            cells[(x * n) as usize + y as usize] = true;
        }
    })?;
    Ok(cells)
}

/// Refuse games without Grundy values, saying why.
pub fn grundy_check(s: &Subject) -> Result<(), SolveError> {
    match solve::grundy_unsupported(&s.game) {
        Some(why) => Err(SolveError::Unsupported(format!(
            "{} has no Grundy values: {why}",
            s.label
        ))),
        None => Ok(()),
    }
}

/// What the Grundy values of `s` on the `n x n` board cost and which kernel
/// computes them ([`select::grundy_plan`], with the process's memory budget).
pub fn grundy_plan(s: &Subject, n: u64) -> Result<GrundyPlan, SolveError> {
    grundy_check(s)?;
    check_max(n)?;
    Ok(select::grundy_plan(&s.game, n, memory_budget()).expect("checked by grundy_check"))
}

/// The Grundy values on the `n x n` board, streamed row by row: `sink(x, row)`,
/// with [`solve::GRUNDY_OFF`] (`u32::MAX`) for cells of a removed corner.
pub fn grundy(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, &[u32]),
) -> Result<(), SolveError> {
    grundy_check(s)?;
    check_max(n)?;
    stream::grundy(&s.game, n as usize, progress, sink)
}

/// The Grundy values on the `n x n` board as one table (row-major), refused
/// before allocating when it would not fit the memory budget.
pub fn grundy_table(
    s: &Subject,
    n: u64,
    progress: stream::Progress,
) -> Result<GrundyTable, SolveError> {
    let plan = grundy_plan(s, n)?;
    check_table_memory("a Grundy table", n, 4)?;
    if !plan.streams() {
        // the kernel fills a table: take it, without a copy
        return solve::grundy_with_progress(&s.game, n as usize, progress);
    }
    let mut values = Vec::with_capacity((n * n) as usize);
    grundy(s, n, progress, &mut |_, row| values.extend_from_slice(row))?;
    Ok(GrundyTable::from_values(n as usize, values))
}

/// The answer about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeAnswer {
    pub outcome: Outcome,
    /// For N: the winning moves (the positions moved to), sorted, without repeats.
    pub moves: Vec<(Natural, Natural)>,
    /// Explanations, one line each (the CLI writes them after `# `).
    pub notes: Vec<String>,
    /// When an exact oracle answered: `oracle (method): source`.
    pub oracle: Option<String>,
}

/// The outcome of `(x, y)` with its winning moves. Games with memory: after
/// `history` (the positions before `(x, y)`, oldest first, the first is the
/// starting position); other games refuse a history. A catalogue game with an
/// exact oracle is answered by it for piles of any size; other games by the
/// general solver on a board of side `max(x, y) + 1` (piles below
/// [`GENERAL_LIMIT`]).
pub fn outcome(
    s: &Subject,
    x: &Natural,
    y: &Natural,
    history: &[(u64, u64)],
) -> Result<OutcomeAnswer, SolveError> {
    if let Some(r) = s.imitation()? {
        return outcome_imitation(s, r, x, y, history);
    }
    if !history.is_empty() {
        return Err(SolveError::BadInput(format!(
            "--history is only meaningful for games with memory (imitation); {} has none",
            s.label
        )));
    }
    if let Some(o) = s.oracle() {
        let mut ans = outcome_oracle(s, o.as_ref(), x, y)?;
        ans.notes.extend(remoteness_notes(s, x, y)?);
        return Ok(ans);
    }
    let (x, y) = match (u64::try_from(x), u64::try_from(y)) {
        (Ok(x), Ok(y)) if x < GENERAL_LIMIT && y < GENERAL_LIMIT => (x, y),
        _ => {
            let why = s
                .named
                .as_ref()
                .and_then(|ng| oracle::no_oracle_reason(ng.entry_name, &ng.params, s.convention()))
                .unwrap_or_else(|| "it has no exact oracle".into());
            return Err(SolveError::TooLarge(format!(
                "({x}, {y}) is too large for the general solver (piles below {GENERAL_LIMIT}), and {} has no exact oracle: {why}",
                s.label
            )));
        }
    };
    let an = analyse(&s.game, x, y)?;
    let choice = an.variants.len() > 1;
    let mut ans = OutcomeAnswer {
        outcome: an.outcome,
        moves: Vec::new(),
        notes: Vec::new(),
        oracle: None,
    };
    if an.outcome == Outcome::N {
        // in a choice game the winning move depends on the variant picked: list
        // every move that wins in some variant (per-variant lists follow as notes)
        let mut moves: Vec<(u64, u64)> = an
            .variants
            .iter()
            .flat_map(|v| v.winning_moves.iter().copied())
            .collect();
        moves.sort_unstable();
        moves.dedup();
        ans.moves = moves
            .into_iter()
            .map(|(a, b)| (Natural::from(a), Natural::from(b)))
            .collect();
    }
    let notes = &mut ans.notes;
    for v in &an.variants {
        let tag = if choice {
            format!("variant {}: ", v.index)
        } else {
            String::new()
        };
        if choice {
            match v.outcome {
                None => notes.push(format!(
                    "{tag}({x}, {y}) is not on this variant's board ({})",
                    v.rules
                )),
                Some(o) => {
                    notes.push(format!("{tag}{o} ({})", v.rules));
                    let ms: Vec<String> = v
                        .winning_moves
                        .iter()
                        .map(|(a, b)| format!("{a},{b}"))
                        .collect();
                    if !ms.is_empty() {
                        notes.push(format!("{tag}winning moves: {}", ms.join(" ")));
                    }
                }
            }
        }
        if v.terminal && v.outcome.is_some() {
            notes.push(format!(
                "{tag}no move is possible from ({x}, {y}): the player to move {}",
                if s.convention() == Convention::Misere {
                    "wins (misère play)"
                } else {
                    "loses"
                }
            ));
        }
        if let Some(b) = &v.blocking {
            let list = |ps: &[(u64, u64)]| {
                if ps.is_empty() {
                    "none".to_string()
                } else {
                    ps.iter()
                        .map(|(a, b)| format!("{a},{b}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            };
            notes.push(format!(
                "{tag}blocking: the opponent may block up to {} {}",
                b.p - 1,
                b.class
            ));
            notes.push(format!("{tag}blockable P-options: {}", list(&b.p_in_class)));
            notes.push(format!(
                "{tag}unblockable P-options: {}",
                list(&b.p_outside)
            ));
            notes.push(format!("{tag}{}", b.reason));
        }
    }
    if choice {
        notes.push(CHOICE_NOTE.to_string());
    }
    let (xn, yn) = (Natural::from(x), Natural::from(y));
    ans.notes.extend(remoteness_notes(s, &xn, &yn)?);
    Ok(ans)
}

const CHOICE_NOTE: &str = "the second player picks a variant before play: P iff P in some variant whose board holds the position";

/// Piles below this get remoteness notes (a table of side `max(X, Y) + 1`),
/// when that table is at most [`REMOTENESS_WORK`] option visits (under a second).
pub const REMOTENESS_LIMIT: u64 = 256;
pub const REMOTENESS_WORK: u128 = 50_000_000;

/// `remoteness R (...)` and each winning move's remoteness, as notes.
pub fn remoteness_notes(s: &Subject, x: &Natural, y: &Natural) -> Result<Vec<String>, SolveError> {
    use crate::solve::remoteness as rem;
    let not = || {
        vec![format!(
            "remoteness: not computed (piles of {REMOTENESS_LIMIT} or more)"
        )]
    };
    let (Ok(x), Ok(y)) = (u64::try_from(x), u64::try_from(y)) else {
        return Ok(not());
    };
    if x.max(y) >= REMOTENESS_LIMIT {
        return Ok(not());
    }
    let n = (x.max(y) + 1) as usize;
    if rem::work_estimate(&s.game, n as u64) > REMOTENESS_WORK {
        return Ok(vec!["remoteness: not computed (the table below max(X, Y) + 1 is too much work here; see `wythoff remoteness`)".into()]);
    }
    let t = rem::remoteness(&s.game, n)?;
    let Some(r) = t.get(x as usize, y as usize) else {
        return Ok(vec![]);
    };
    let conv = s.convention();
    let what = if rem::loses(conv, r) {
        "moves left with the longest defence"
    } else {
        "moves to the win, fastest win"
    };
    let mut out = vec![format!("remoteness {r} ({what})")];
    let mut wins: Vec<(u64, u64, u32)> = Vec::new();
    for v in s.game.variants() {
        rem::for_each_option(v, x, y, &mut |a, b, _| {
            if let Some(ra) = t.get(a as usize, b as usize) {
                if rem::loses(conv, ra) {
                    wins.push((a, b, ra));
                }
            }
        });
    }
    wins.sort_unstable();
    wins.dedup();
    out.extend(
        wins.into_iter()
            .map(|(a, b, ra)| format!("winning move {a},{b}: remoteness {ra}")),
    );
    Ok(out)
}

/// The remoteness table of the `n x n` board (Imitation Nim: starting
/// positions, by its state graph).
pub fn remoteness_table(
    s: &Subject,
    n: u64,
) -> Result<crate::solve::remoteness::RemotenessTable, SolveError> {
    Ok(match ImitationNim::from_game(&s.game) {
        Some(r) => crate::imitation::remoteness::start_table(r, n)?,
        None => crate::solve::remoteness::remoteness(&s.game, n as usize)?,
    })
}

/// The outcome of `(x, y)` from the conjectured oracle of the game's patterns
/// on the board of side `board` (`outcome --conjecture`): a `pairs` pattern with
/// a Beatty closed form, exact at any size; `oracle` names it as a conjecture.
pub fn outcome_conjecture(
    s: &Subject,
    x: &Natural,
    y: &Natural,
    board: usize,
) -> Result<OutcomeAnswer, SolveError> {
    let Some(rules) = s.game.as_single() else {
        return Err(SolveError::Unsupported(format!(
            "--conjecture needs a game of one rule value ({} is a choice of variants)",
            s.label
        )));
    };
    let rep = crate::patterns::find(&s.game, &s.label, board, false)?;
    let Some(o) = crate::oracle::fitted::FittedOracle::from_report(rules, &rep) else {
        return Err(SolveError::Unsupported(format!(
            "no conjectured oracle for {}: on the board of {board} its patterns give no pairs of sequences with a Beatty closed form and a difference law (see `wythoff patterns`)",
            s.label
        )));
    };
    outcome_oracle(s, &o, x, y)
}

/// The oracle path: exact big-integer answers from a published solution, with
/// the same moves and notes as the general path.
fn outcome_oracle(
    s: &Subject,
    o: &dyn Oracle,
    x: &Natural,
    y: &Natural,
) -> Result<OutcomeAnswer, SolveError> {
    let p = o.is_p(x, y)?;
    let by_variant = o.winning_moves_by_variant(x, y)?;
    let choice = s.game.is_choice();
    let blocking = s.game.variants()[0].blocking();
    let options = if blocking.is_some() {
        o.p_options(x, y)?
    } else {
        Vec::new()
    };
    let mut ans = OutcomeAnswer {
        outcome: if p { Outcome::P } else { Outcome::N },
        moves: Vec::new(),
        notes: Vec::new(),
        oracle: None,
    };
    if !p {
        let mut moves: Vec<(Natural, Natural)> = by_variant
            .iter()
            .flat_map(|(_, m)| m.iter().cloned())
            .collect();
        moves.sort();
        moves.dedup();
        ans.moves = moves;
    }
    let notes = &mut ans.notes;
    if choice {
        for (i, moves) in &by_variant {
            let ms: Vec<String> = moves.iter().map(|(a, b)| format!("{a},{b}")).collect();
            let o_i = if moves.is_empty() { "P" } else { "N" };
            notes.push(format!(
                "variant {i}: {o_i} ({})",
                s.game.variants()[*i].describe()
            ));
            if !ms.is_empty() {
                notes.push(format!("variant {i}: winning moves: {}", ms.join(" ")));
            }
        }
        notes.push(CHOICE_NOTE.to_string());
    }
    if let Some(b) = blocking {
        let list = |inside: bool| {
            let v: Vec<String> = options
                .iter()
                .filter(|o| o.2 == inside)
                .map(|(a, b, _)| format!("{a},{b}"))
                .collect();
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(" ")
            }
        };
        let n_in = options.iter().filter(|o| o.2).count() as u64;
        let n_out = options.len() as u64 - n_in;
        notes.push(format!(
            "blocking: the opponent may block up to {} {}",
            b.p - 1,
            b.class
        ));
        notes.push(format!("blockable P-options: {}", list(true)));
        notes.push(format!("unblockable P-options: {}", list(false)));
        let reason = if n_out > 0 {
            format!("{n_out} winning move(s) lie outside the blockable class ({}), so blocking cannot stop them", b.class)
        } else if n_in >= b.p {
            format!("all {n_in} winning moves are blockable, but only {} may be blocked, so one remains", b.p - 1)
        } else if n_in == 0 {
            "no option is a P-position; blocking is not needed".to_string()
        } else {
            format!("the opponent blocks all {n_in} winning move(s) (up to {} may be blocked); every remaining option is an N-position", b.p - 1)
        };
        notes.push(reason);
    }
    let method = match o.method() {
        oracle::Method::ClosedForm => "closed form",
        oracle::Method::Recurrence => "recurrence",
    };
    ans.oracle = Some(format!("oracle ({method}): {}", o.source()));
    Ok(ans)
}

/// A game with memory: the outcome after a history, with the state solver.
fn outcome_imitation(
    s: &Subject,
    rules: ImitationNim,
    x: &Natural,
    y: &Natural,
    history: &[(u64, u64)],
) -> Result<OutcomeAnswer, SolveError> {
    let (x, y) = match (u64::try_from(x), u64::try_from(y)) {
        (Ok(x), Ok(y)) => (x, y),
        _ => {
            return Err(SolveError::TooLarge(format!(
                "({x}, {y}) is too large for the imitation state solver"
            )))
        }
    };
    let mut hist = history.to_vec();
    // A history that already ends with (X, Y) is read as ending there: a move
    // from (X, Y) to itself is never legal, so no legal game is misread.
    let repeated = hist.last() == Some(&(x, y));
    if repeated {
        hist.pop();
    }
    let mut positions = hist.clone();
    positions.push((x, y));
    let st = rules.replay(&positions)?;
    let solver = StateSolver::new(rules, x.max(y) + 1)?;
    let o = solver.outcome(&st)?;
    let wins = solver.winning_moves(&st)?;
    let mut ans = OutcomeAnswer {
        outcome: o,
        moves: Vec::new(),
        notes: Vec::new(),
        oracle: None,
    };
    if o == Outcome::N {
        ans.moves = wins
            .iter()
            .map(|(_, t)| (Natural::from(t.x), Natural::from(t.y)))
            .collect();
    }
    let (p, m) = (rules.p(), rules.m());
    let notes = &mut ans.notes;
    if repeated {
        notes.push(format!(
            "the history's last position is ({x}, {y}) itself: read as the current position"
        ));
    }
    if hist.is_empty() {
        notes.push(format!(
            "{}: ({x}, {y}) as a starting position (no history)",
            s.label
        ));
    } else {
        notes.push(format!(
            "{}: ({x}, {y}) after {} move(s) from ({}, {})",
            s.label,
            hist.len(),
            hist[0].0,
            hist[0].1
        ));
    }
    notes.push(match st.window {
        None => "the last move opened no imitation window".into(),
        Some(w) => format!(
            "the last move removed {} from the {} pile (not larger before it): removing {} to {} from the {} pile is an m-imitation (m = {m})",
            w.removed,
            w.pile,
            w.removed,
            w.removed + m - 1,
            w.pile.other()
        ),
    });
    notes.push(format!(
        "runs of consecutive m-imitations: player to move {}, previous player {} (at most {} allowed)",
        st.mover_run,
        st.previous_run,
        p - 1
    ));
    for (mv, t) in &wins {
        if rules.is_imitation(&st, *mv) {
            notes.push(format!("{},{} is an m-imitation (m = {m})", t.x, t.y));
        }
    }
    notes.push(format!(
        "({x}, {y}) is {} (Definition 1)",
        match solver.classify(x, y) {
            PositionClass::P => "non-dynamic P: P after every history",
            PositionClass::N => "non-dynamic N: N after every history",
            PositionClass::Dynamic => "dynamic: its outcome depends on the history",
        }
    ));
    // the search visits every state below (X, Y): kept to small piles here
    if x.max(y) < 32 {
        let mut rem = crate::imitation::remoteness::ImitationRemoteness::new(rules);
        let r = rem.value(&st);
        let what = if rem.loses(r) {
            "moves left with the longest defence"
        } else {
            "moves to the win, fastest win"
        };
        notes.push(format!("remoteness {r} ({what})"));
        for (_, t, rt) in rem.moves(&st) {
            if rem.loses(rt) {
                notes.push(format!("winning move {},{}: remoteness {rt}", t.x, t.y));
            }
        }
    }
    if rules.is_misere() {
        notes.push(
            "Theorem 1 (Larsson) is stated for normal play: not applied in misère play".into(),
        );
        return Ok(ans);
    }
    let t1 = Theorem1::new(rules, x.max(y) + 1);
    let clause = match t1.clause(&st) {
        Clause::I => "(I): in P_W and xi <= L".to_string(),
        Clause::II { c } => format!("(II): the P_W option ({}, {c}) has L < xi", x.min(y)),
        Clause::Neither => "neither (I) nor (II): N".to_string(),
    };
    notes.push(format!("Theorem 1 (Larsson): {clause}"));
    Ok(ans)
}

/// How [`sequence`] answers: a kernel, or the oracle one term at a time.
enum SeqEngine {
    Kernel(sequence::SequenceSpec),
    Oracle(Box<dyn Oracle>),
    /// No published solution: pairs read off a solved board
    /// ([`crate::patterns::read_pairs`]).
    Board(Vec<(u64, u64)>),
}

fn sequence_engine(
    s: &Subject,
    terms: u64,
    progress: stream::Progress,
) -> Result<SeqEngine, SolveError> {
    check_terms(terms)?;
    let Some(named) = s.named.as_ref() else {
        return Err(SolveError::BadInput(
            "sequence needs a catalogue game (name:key=value,...), not a rules file".into(),
        ));
    };
    if s.convention() == Convention::Misere {
        return Err(SolveError::Unsupported(format!(
            "{}: the sequences (a_n, b_n) are those of normal play; misère P-positions are available with `p-positions --misere`",
            s.label
        )));
    }
    if let Some(spec) = sequence::for_game(named)? {
        let est = sequence::memory_estimate(&spec.kind, terms).unwrap_or(u64::MAX);
        if est > memory_budget() {
            return Err(SolveError::TooLarge(format!(
                "--terms {terms}: the mex bitmap needs about {}, over the budget of {}: use fewer terms",
                human_bytes(est),
                human_bytes(memory_budget())
            )));
        }
        return Ok(SeqEngine::Kernel(spec));
    }
    if let Some(o) = s.oracle() {
        if terms > MAX_ORACLE_TERMS {
            return Err(SolveError::TooLarge(format!(
                "{}: no fast kernel, and the oracle is limited to --terms {MAX_ORACLE_TERMS}",
                s.label
            )));
        }
        return Ok(SeqEngine::Oracle(o));
    }
    let pairs = crate::board_pairs::read(&s.game, terms, memory_budget(), false, progress)
        .map_err(|e| match e {
            SolveError::TooLarge(m) => {
                SolveError::TooLarge(format!("{}: no published solution; {m}", s.label))
            }
            e => SolveError::Unsupported(format!("{}: no published solution, and {e}", s.label)),
        })?;
    Ok(SeqEngine::Board(pairs))
}

/// The pairs `(a_n, b_n)` that define the P-positions, `n = 0 .. terms - 1`, in
/// order: `sink(a_n, b_n)`; `progress(done, terms)`. A bitmap mex kernel where
/// there is one, else the game's exact oracle (up to [`MAX_ORACLE_TERMS`]).
pub fn sequence(
    s: &Subject,
    terms: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, u64),
) -> Result<(), SolveError> {
    match sequence_engine(s, terms, progress)? {
        SeqEngine::Kernel(spec) => {
            sequence::generate(&spec.kind, terms, &mut |d| progress(d, terms), |a, b| {
                sink(a, b)
            })
        }
        SeqEngine::Oracle(o) => oracle_terms(s, o.as_ref(), terms, progress, sink),
        SeqEngine::Board(v) => {
            v.into_iter().for_each(|(a, b)| sink(a, b));
            Ok(())
        }
    }
}

fn oracle_terms(
    s: &Subject,
    o: &dyn Oracle,
    terms: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, u64),
) -> Result<(), SolveError> {
    for n in 0..terms {
        let Some((x, y)) = o.pair(&Natural::from(n))? else {
            return Err(SolveError::Unsupported(format!(
                "{}: the known solution is not a pair of sequences",
                s.label
            )));
        };
        let (Ok(x), Ok(y)) = (u64::try_from(&x), u64::try_from(&y)) else {
            return Err(SolveError::TooLarge(format!(
                "{}: term {n} does not fit 64 bits",
                s.label
            )));
        };
        sink(x, y);
        if n % 4096 == 0 {
            progress(n, terms);
        }
    }
    Ok(())
}

/// The first `terms` pairs of [`sequence`] as one flat list `a_0, b_0, a_1, ...`,
/// refused before allocating when it would not fit the memory budget.
pub fn sequence_list(
    s: &Subject,
    terms: u64,
    progress: stream::Progress,
) -> Result<Vec<u64>, SolveError> {
    check_terms(terms)?;
    let est = terms.saturating_mul(16);
    if est > memory_budget() {
        return Err(SolveError::TooLarge(format!(
            "--terms {terms}: the list needs about {}, over the budget of {}: use fewer terms",
            human_bytes(est),
            human_bytes(memory_budget())
        )));
    }
    let mut v = Vec::with_capacity(2 * terms as usize);
    sequence(s, terms, progress, &mut |a, b| {
        v.push(a);
        v.push(b)
    })?;
    Ok(v)
}

/// Count and hash (`--format summary`) of the first `terms` pairs of
/// [`sequence`], without storing them (kernels: generator and hash on two
/// threads when that pays).
pub fn sequence_summary(
    s: &Subject,
    terms: u64,
    progress: stream::Progress,
) -> Result<crate::hash::Summary, SolveError> {
    match sequence_engine(s, terms, progress)? {
        SeqEngine::Kernel(spec) => {
            sequence::summary(&spec.kind, terms, &mut |d| progress(d, terms))
        }
        SeqEngine::Oracle(o) => {
            let mut h = crate::hash::Summary::new();
            oracle_terms(s, o.as_ref(), terms, progress, &mut |a, b| h.pair(a, b))?;
            Ok(h)
        }
        SeqEngine::Board(v) => {
            let mut h = crate::hash::Summary::new();
            v.into_iter().for_each(|(a, b)| h.pair(a, b));
            Ok(h)
        }
    }
}

/// One catalogue entry as the json object of `games --format json`.
pub fn entry_json(e: &Entry) -> serde_json::Value {
    json!({
        "name": e.name, "aliases": e.aliases, "notation": e.notation, "source": e.source,
        "known": e.known,
        "params": e.params.iter().map(|p| json!({
            "key": p.key, "meaning": p.meaning, "default": p.default,
            "min": match p.kind { ParamKind::Int { min } => Some(min), ParamKind::Set => None },
            "kind": match p.kind { ParamKind::Int { .. } => "int", ParamKind::Set => "set" },
        })).collect::<Vec<_>>(),
    })
}

/// The catalogue as the json array of `games --format json`.
pub fn games_json() -> serde_json::Value {
    serde_json::Value::Array(CATALOGUE.iter().map(entry_json).collect())
}

/// What [`verify`] tells its observer as it goes.
#[derive(Clone, Copy, Debug)]
pub enum VerifyEvent<'a> {
    /// A claim starts (its source).
    Start(&'a str),
    /// A claim reports progress.
    Tick,
    /// A claim is done.
    Done,
}

/// The result of [`verify`].
#[derive(Clone, Debug)]
pub struct VerifyRun {
    /// Number of claims run.
    pub claims: usize,
    /// One report per check, in registry order.
    pub reports: Vec<ClaimReport>,
}

impl VerifyRun {
    pub fn passed(&self) -> usize {
        self.reports.iter().filter(|r| r.passed).count()
    }
    pub fn failed(&self) -> usize {
        self.reports.len() - self.passed()
    }
}

/// Catalogue entry names mentioned in a report's game text
/// (e.g. "roob-blocking:m=2,p=3 = modulo-rook:m=2,l=2,p=6").
fn names_in(text: &str) -> BTreeSet<&'static str> {
    text.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|tok| crate::catalogue::entry(tok.split(':').next().unwrap_or("")))
        .map(|e| e.name)
        .collect()
}

fn run_claim(
    c: &Claim,
    cfg: &VerifyConfig,
    observe: &(dyn Fn(VerifyEvent) + Sync),
) -> Vec<ClaimReport> {
    use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
    observe(VerifyEvent::Start(c.source));
    let mut progress = |_done: u64, _total: u64| observe(VerifyEvent::Tick);
    let got = catch_unwind(AssertUnwindSafe(|| (c.run)(cfg, &mut progress)));
    observe(VerifyEvent::Done);
    got.unwrap_or_else(|e| {
        if e.is::<Cancelled>() {
            resume_unwind(e);
        }
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown panic".into());
        vec![ClaimReport {
            source: c.source.to_string(),
            game: c.games.join(", "),
            compared: "the check itself".into(),
            range: String::new(),
            passed: false,
            detail: format!("the check panicked: {}", msg.lines().next().unwrap_or("")),
        }]
    })
}

/// Check the papers' claims (`wythoff verify`): those concerning `games`
/// (catalogue names; aliases and `name:params` accepted, only the name counts;
/// empty: every claim), on boards of side `max` (default 200; sequence terms
/// grow with it). Claims run in parallel (rayon); a claim that panics is
/// reported as a failed check (the panic message is still printed by the
/// process's panic hook, which the caller may silence).
pub fn verify(
    games: &[String],
    max: Option<u64>,
    observe: &(dyn Fn(VerifyEvent) + Sync),
) -> Result<VerifyRun, SolveError> {
    use rayon::prelude::*;
    let mut wanted = BTreeSet::new();
    for g in games {
        let name = g.split(':').next().unwrap_or("");
        match crate::catalogue::entry(name) {
            Some(e) => {
                wanted.insert(e.name);
            }
            None => {
                return Err(RuleError::UnknownGame {
                    name: name.to_string(),
                    known: crate::catalogue::known_names(),
                }
                .into())
            }
        }
    }
    let mut cfg = VerifyConfig::default();
    if let Some(n) = max {
        cfg.board = check_max(n)?;
        cfg.terms = cfg.terms.max(n.saturating_mul(500));
    }
    let claims: Vec<Claim> = registry()
        .into_iter()
        .filter(|c| wanted.is_empty() || c.games.iter().any(|g| wanted.contains(g)))
        .collect();
    if claims.is_empty() {
        return Err(SolveError::BadInput(format!(
            "no registered claim concerns {}",
            games.join(", ")
        )));
    }
    let results: Vec<Vec<ClaimReport>> = claims
        .par_iter()
        .map(|c| {
            let reports = run_claim(c, &cfg, observe);
            if wanted.is_empty() || c.games.len() <= 1 {
                return reports;
            }
            // a claim about several games: keep the lines that mention a wanted one
            let kept: Vec<ClaimReport> = reports
                .iter()
                .filter(|r| names_in(&r.game).iter().any(|n| wanted.contains(n)))
                .cloned()
                .collect();
            if kept.is_empty() {
                reports
            } else {
                kept
            }
        })
        .collect();
    Ok(VerifyRun {
        claims: claims.len(),
        reports: results.into_iter().flatten().collect(),
    })
}

/// When [`sequence`] reads the pairs off a solved board (no kernel, no
/// published solution), the work it will start with
/// ([`crate::board_pairs::plan`]), for a front end to announce; `None` when a
/// kernel or an oracle answers, or a refusal comes first.
pub fn sequence_board_plan(s: &Subject, terms: u64) -> Option<crate::board_pairs::Plan> {
    let named = s.named.as_ref()?;
    if s.convention() == Convention::Misere || check_terms(terms).is_err() {
        return None;
    }
    if sequence::for_game(named).ok()?.is_some() || s.oracle().is_some() {
        return None;
    }
    crate::board_pairs::plan(&s.game, terms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subject(t: &str) -> Subject {
        Subject::parse(t, false).unwrap()
    }

    #[test]
    fn limits_and_piles() {
        assert!(check_max(0).is_err());
        assert!(check_max(MAX_BOARD + 1).is_err());
        assert_eq!(parse_max(" 12 ").unwrap(), 12);
        assert!(parse_terms("0").is_err());
        assert_eq!(
            parse_pile("007", "X").unwrap(),
            Natural::from(7u32),
            "leading zeros"
        );
        let e = parse_pile("-1", "X").unwrap_err().to_string();
        assert_eq!(e, "X = `-1` is not a non-negative whole number");
    }

    #[test]
    fn outcome_table_matches_p_positions_and_refuses_huge_boards() {
        let s = subject("roob-blocking:m=2,p=3");
        let ps = p_positions_list(&s, 40, &mut |_, _| {}).unwrap();
        let t = outcome_table(&s, 40, &mut |_, _| {}).unwrap();
        assert_eq!(t.iter().filter(|&&b| b).count(), ps.len());
        for (x, y) in ps {
            assert!(t[(x * 40 + y) as usize]);
        }
        // refused as data: the board's side and the bytes, worded by each front end
        let e = outcome_table(&s, MAX_BOARD, &mut |_, _| {}).unwrap_err();
        assert!(
            matches!(e, SolveError::OverMemory { arg: BoardArg::Max, n: MAX_BOARD, need, budget, .. } if need > budget),
            "{e}"
        );
        let e = grundy_table(&subject("wythoff"), MAX_BOARD, &mut |_, _| {}).unwrap_err();
        assert!(matches!(e, SolveError::OverMemory { .. }), "{e}");
        assert!(e.to_string().starts_with("--max 1048576: "), "{e}");
        let e = check_max(0).unwrap_err().for_board_arg(BoardArg::Check);
        assert_eq!(
            e.to_string(),
            "--check 0 is out of range: allowed 1..=1048576"
        );
    }

    #[test]
    fn grundy_table_is_the_reference_table() {
        let s = subject("modular:m=3");
        let t = grundy_table(&s, 24, &mut |_, _| {}).unwrap();
        let r = solve::grundy_reference(&s.game, 24).unwrap();
        assert_eq!(t.values(), r.values());
        let e = grundy_table(&subject("roob-blocking:m=2,p=3"), 8, &mut |_, _| {}).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("roob-blocking:m=2,p=3 has no Grundy values"));
    }

    #[test]
    fn imitation_p_positions_are_the_state_solvers() {
        let s = subject("imitation:p=2,m=1");
        let r = s.imitation().unwrap().unwrap();
        let want = StateSolver::new(r, 30).unwrap().start_p_positions();
        assert_eq!(p_positions_list(&s, 30, &mut |_, _| {}).unwrap(), want);
        assert!(Subject::parse("imitation:p=2,m=1", true)
            .unwrap()
            .imitation()
            .unwrap()
            .is_some_and(|r| r.is_misere()));
    }

    #[test]
    fn outcome_oracle_agrees_with_the_general_solver() {
        for g in ["wythoff", "m-wythoff:m=2", "roob-blocking:m=2,p=3"] {
            let s = subject(g);
            let t = solve::outcomes(&s.game, 30).unwrap();
            for (x, y) in [(0u64, 0u64), (4, 6), (3, 5), (10, 7), (29, 1)] {
                let a = outcome(&s, &Natural::from(x), &Natural::from(y), &[]).unwrap();
                assert!(a.oracle.is_some(), "{g}: an oracle answers");
                assert_eq!(
                    a.outcome == Outcome::P,
                    t.is_p(x as usize, y as usize),
                    "{g} ({x}, {y})"
                );
                let an = analyse(&s.game, x, y).unwrap();
                let want: Vec<(Natural, Natural)> = an
                    .winning_moves()
                    .iter()
                    .map(|&(a, b)| (Natural::from(a), Natural::from(b)))
                    .collect();
                let mut want = want;
                want.sort();
                assert_eq!(a.moves, want, "{g} ({x}, {y})");
            }
        }
    }

    #[test]
    fn sequence_kernel_and_oracle_paths() {
        let mut got = Vec::new();
        sequence(&subject("wythoff"), 5, &mut |_, _| {}, &mut |a, b| {
            got.push((a, b))
        })
        .unwrap();
        assert_eq!(got, vec![(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
        let h = sequence_summary(&subject("wythoff"), 3, &mut |_, _| {}).unwrap();
        assert_eq!(h.line(), "3 4939e3f1dd34d3f2");
        assert!(sequence(
            &Subject::parse("wythoff", true).unwrap(),
            3,
            &mut |_, _| {},
            &mut |_, _| {}
        )
        .is_err());
    }

    #[test]
    fn verify_filters_by_game_and_refuses_unknown_names() {
        let run = verify(&["modular".to_string()], None, &|_| {}).unwrap();
        assert!(run.claims > 0 && !run.reports.is_empty());
        assert_eq!(run.failed(), 0);
        assert!(verify(&["nope".to_string()], None, &|_| {}).is_err());
    }

    #[test]
    fn params_and_symmetry() {
        let s = subject("restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2");
        let ps = s.params();
        assert!(ps.contains(&("s", ParamValue::Int(1))));
        assert!(ps.contains(&("h", ParamValue::Set("3:0".into()))));
        assert!(!s.symmetric());
        assert!(subject("wythoff").symmetric());
    }
}
