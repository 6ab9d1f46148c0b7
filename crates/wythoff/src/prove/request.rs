//! The front door of `prove` without I/O: a [`Request`] (validated once, here),
//! [`prepare`] (solve the board, choose the strategy, write the files) giving a
//! [`ProofPlan`]; a runner (`wythoff_walnut::run`) writes its files and runs
//! Walnut, and [`super::report::read_answers`] reads the answers into a report.
//!
//! ```text
//! prepare(&Request) -> ProofPlan -> wythoff_walnut::run -> WalnutRun -> read_answers(&plan, run) -> Report
//! ```
//!
//! Each step is a value, so a caller (the CLI, Python, a sweep of proofs) can
//! prepare many games, run them one at a time, and keep the reports.

use super::error::{ProveArg, ProveError};
use super::files::{add_closed_form, pairs_proof_files, proof_files};
use super::formula::{refusal, Statement};
use super::grundy;
use super::numeration::Numeration;
use super::pairs::{search_pairs, GRAPH_A, GRAPH_B};
use super::plan::{Model, ProofPlan, Strategy};
use super::search::{
    find_automaton, Boards, Search, DEFAULT_BOARD, DEFAULT_MAX_STATES, MAX_PROVE_BOARD,
};
use super::statements::{complementarity, difference_progression, pairs_paper_statements};
use crate::subject::Subject;
use malachite_nz::natural::Natural;

/// The most states an automaton may have ([`Request::states`]).
pub const MAX_STATES_BOUND: usize = 5000;
/// The longest time bound Walnut may be given, in seconds.
pub const MAX_TIMEOUT: u64 = 86_400;
/// The default time bound, in seconds.
pub const DEFAULT_TIMEOUT: u64 = 300;

/// What to prove and how. [`Request::new`] gives the defaults of
/// `wythoff prove GAME`; every field is checked by [`prepare`].
#[derive(Clone, Debug)]
pub struct Request {
    pub subject: Subject,
    /// The side of the board the automaton is guessed from (16 to
    /// [`MAX_PROVE_BOARD`]).
    pub max: u64,
    /// The numeration to use, as text (`base:2`, `zeckendorf`, `ost:0,1;2`,
    /// `fraenkel:2,1`); `None`: those the board suggests.
    pub numeration: Option<String>,
    /// The most states an automaton may have (1 to [`MAX_STATES_BOUND`]).
    pub states: usize,
    /// Seconds Walnut may take, each run (1 to [`MAX_TIMEOUT`]).
    pub timeout: u64,
    /// For tests: flip the membership of one cell of the guessed automaton.
    pub flip: Option<(u64, u64)>,
    /// For tests: go straight to the automata of the pairs' graphs.
    pub via_pairs: bool,
    /// Prove the Sprague-Grundy function (the relation G(x, y) = z) instead
    /// of the P-set ([`super::grundy`]).
    pub grundy: bool,
    /// With `grundy`: prove the level sets `{G = 0}, ..., {G = value}` only.
    pub value: Option<u32>,
}

impl Request {
    /// The defaults of `wythoff prove GAME`.
    pub fn new(subject: Subject) -> Request {
        Request {
            subject,
            max: DEFAULT_BOARD,
            numeration: None,
            states: DEFAULT_MAX_STATES,
            timeout: DEFAULT_TIMEOUT,
            flip: None,
            via_pairs: false,
            grundy: false,
            value: None,
        }
    }

    /// Every argument in range, and the numeration parsed (the one place
    /// these are checked).
    pub fn validate(&self) -> Result<Option<Numeration>, ProveError> {
        if !(16..=MAX_PROVE_BOARD).contains(&self.max) {
            return Err(ProveError::bad(
                ProveArg::Max,
                self.max,
                format!("prove solves boards from 16 to {MAX_PROVE_BOARD}"),
            ));
        }
        if self.states == 0 || self.states > MAX_STATES_BOUND {
            return Err(ProveError::bad(
                ProveArg::States,
                self.states,
                format!("allowed 1 to {MAX_STATES_BOUND}"),
            ));
        }
        if self.timeout == 0 || self.timeout > MAX_TIMEOUT {
            return Err(ProveError::bad(
                ProveArg::Timeout,
                self.timeout,
                format!("allowed 1 to {MAX_TIMEOUT} seconds"),
            ));
        }
        if let Some(g) = self.value {
            if !self.grundy {
                return Err(ProveError::bad(
                    ProveArg::Value,
                    g,
                    "a level of the Grundy function is asked with grundy",
                ));
            }
            if g > grundy::MAX_VALUE {
                return Err(ProveError::bad(
                    ProveArg::Value,
                    g,
                    format!("allowed 0 to {}", grundy::MAX_VALUE),
                ));
            }
        }
        if self.grundy {
            if let Some(e) = grundy::grundy_refusal(&self.subject) {
                return Err(e);
            }
            if self.via_pairs {
                return Err(ProveError::bad(
                    ProveArg::Flip,
                    "via-pairs",
                    "the pairs' graphs are a road to a P-set, not to Grundy values",
                ));
            }
        }
        if let Some(why) = refusal(&self.subject.game) {
            return Err(ProveError::CannotExpress {
                game: self.subject.label.clone(),
                why,
            });
        }
        self.numeration
            .as_deref()
            .map(|t| {
                Numeration::parse(t).map_err(|e| {
                    ProveError::bad(ProveArg::Numeration, format!("`{}`", t.trim()), e.0)
                })
            })
            .transpose()
    }
}

/// Validate the request, solve the board, search for an automaton of the
/// P-set (then, for a skewed set, for the automata of the pairs' graphs), and
/// write the statements and files. Pure: no file is written, nothing is run.
/// `progress(done, total)` follows the board's solving.
pub fn prepare(req: &Request, progress: &mut dyn FnMut(u64, u64)) -> Result<ProofPlan, ProveError> {
    let only = req.validate()?;
    if req.grundy {
        return prepare_grundy(req, progress);
    }
    let subject = &req.subject;
    // the board of side max, solved once: the automaton search and the pairs read it
    let boards = Boards::new(subject, req.max);
    let search = if req.via_pairs {
        Search {
            automaton: None,
            attempts: Vec::new(),
            board: req.max,
            row_count: None,
        }
    } else {
        find_automaton(&boards, only.as_ref(), req.states, progress)?
    };
    let mut tried: Vec<String> = search.attempts.iter().map(|t| t.describe()).collect();
    let mut model = search.automaton.clone().map(Model::PSet);
    if model.is_none() {
        // a skewed P-set: the automata of the pairs' graphs n -> a_n, n -> b_n
        match search_pairs(&boards, only.as_ref(), req.states) {
            Ok((found, attempts)) => {
                tried.extend(
                    attempts
                        .iter()
                        .map(|t| format!("graphs of n -> a_n, n -> b_n in {}", t.describe())),
                );
                model = found.map(Model::Pairs);
            }
            Err(e) => tried.push(format!("graphs of n -> a_n, n -> b_n: not tried ({e})")),
        }
    }
    if let Some((x, y)) = req.flip {
        match &mut model {
            Some(Model::PSet(aut)) => *aut = aut.flip(&Natural::from(x), &Natural::from(y)),
            _ => {
                return Err(ProveError::bad(
                    ProveArg::Flip,
                    format!("{x},{y}"),
                    "needs an automaton of the P-set itself",
                ))
            }
        }
    }
    // the papers' further statements about the proved set
    let mut extras: Vec<Statement> = search.row_count.map(complementarity).into_iter().collect();
    let strategy = match model {
        None => None,
        Some(model) => {
            let files = match &model {
                Model::PSet(aut) => proof_files(subject, aut, &extras)?,
                Model::Pairs(m) => {
                    extras.extend(pairs_paper_statements(subject));
                    extras.extend(difference_progression(m));
                    pairs_proof_files(subject, m, &extras)?
                }
                Model::Grundy(g) => grundy::grundy_files(subject, g)?,
            };
            let mut files = files;
            // a formula oracle's closed form, compared with the proved set
            if let Some(form) = subject.named.as_ref().and_then(|ng| {
                crate::oracle::closed_form::for_game(
                    ng.entry_name,
                    &ng.params,
                    subject.convention(),
                )
            }) {
                add_closed_form(&mut files, &form, model.numeration());
            }
            Some(Strategy { model, files })
        }
    };
    Ok(ProofPlan {
        subject: subject.clone(),
        max: req.max,
        max_states: req.states,
        timeout: req.timeout,
        tried,
        row_count: search.row_count,
        strategy,
        grundy: None,
    })
}

/// The graph automata's file names, for the report.
pub fn graph_files() -> (String, String) {
    (format!("{GRAPH_A}.txt"), format!("{GRAPH_B}.txt"))
}

/// [`prepare`] for `grundy`: solve the Grundy table of the board, guess the
/// relation G(x, y) = z (or the levels `0..=value`) in the numerations
/// [`grundy::grundy_candidates`] gives (or `only`), and write the files.
fn prepare_grundy(
    req: &Request,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<ProofPlan, ProveError> {
    let subject = &req.subject;
    let n = req.max;
    subject.grundy_check()?;
    crate::limits::check_table_memory("a Grundy table", n, 4)?;
    let table = crate::solve::grundy_with_progress(&subject.game, n as usize, progress)?;
    let mut values: Vec<u64> = table.values().iter().map(|&v| v as u64).collect();
    if let Some((x, y)) = req.flip {
        // a wrong table for tests: one value changed (one cell in or out of a level)
        if x >= n || y >= n {
            return Err(ProveError::bad(
                ProveArg::Flip,
                format!("{x},{y}"),
                format!("a cell of the {n} x {n} board"),
            ));
        }
        let v = &mut values[(x * n + y) as usize];
        *v = match req.value {
            Some(g) if *v == g as u64 => *v + 1,
            Some(g) => g as u64,
            None => *v + 1,
        };
    }
    grundy_plan_of(req, &values)
}

/// The Grundy plan of `req` (with `grundy`, validated) from the values
/// `values` of its `max x max` board (row-major): the numerations tried are
/// `req`'s, or those [`grundy::grundy_candidates`] gives. Public so that a
/// wrong table (a mutant formula) can be fed through the same statements.
pub fn grundy_plan_of(req: &Request, values: &[u64]) -> Result<ProofPlan, ProveError> {
    let subject = &req.subject;
    let n = req.max;
    if !req.grundy {
        return Err(ProveError::bad(
            ProveArg::Value,
            "-",
            "a Grundy plan is asked with grundy",
        ));
    }
    if values.len() as u64 != n * n {
        return Err(ProveError::bad(
            ProveArg::Max,
            n,
            format!("{} values given, not {n} x {n}", values.len()),
        ));
    }
    let only = req.validate()?;
    let only = only.as_ref();
    let list = match only {
        Some(num) => vec![num.clone()],
        None => {
            let zeros = crate::patterns::board::Board::from_fn(n as usize, |x, y| {
                values[x * n as usize + y] == 0
            });
            grundy::grundy_candidates(subject, &zeros)
        }
    };
    let at = |x: u64, y: u64| values[(x * n + y) as usize];
    let (model, tried) = grundy::search(&list, n, &at, req.value, req.states);
    let strategy = match model {
        None => None,
        Some(g) => {
            let files = grundy::grundy_files(subject, &g)?;
            Some(Strategy {
                model: Model::Grundy(g),
                files,
            })
        }
    };
    Ok(ProofPlan {
        subject: subject.clone(),
        max: n,
        max_states: req.states,
        timeout: req.timeout,
        tried,
        row_count: None,
        strategy,
        grundy: Some(req.value),
    })
}
