//! The front door of `prove` without I/O: a [`Request`] (validated once, here),
//! [`prepare`] (solve the board, choose the strategy, write the files) giving a
//! [`ProofPlan`]; a runner (`wythoff_walnut::run`) writes its files and runs
//! Walnut, and [`super::report::report`] reads the answers into a report.
//!
//! ```text
//! prepare(&Request) -> ProofPlan -> wythoff_walnut::run -> WalnutRun -> report(&plan, run) -> Report
//! ```
//!
//! Each step is a value, so a caller (the CLI, Python, a sweep of proofs) can
//! prepare many games, run them one at a time, and keep the reports.

use super::automaton::Automaton;
use super::error::{ProveArg, ProveError};
use super::formula::{refusal, Statement};
use super::grundy::{self, GrundyModel};
use super::numeration::Numeration;
use super::plan::{
    self, complementarity, pairs_paper_statements, pairs_proof_files, proof_files, PairsModel,
    ProofFiles, DEFAULT_BOARD, DEFAULT_MAX_STATES, GRAPH_A, GRAPH_B, MAX_PROVE_BOARD,
};
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

/// How the P-set is modelled for Walnut.
#[derive(Clone, Debug)]
pub enum Model {
    /// An automaton of the P-set itself (inputs x then y), guessed from the board.
    PSet(Automaton),
    /// Automata of the graphs `n -> a_n`, `n -> b_n`; Walnut builds the P-set.
    Pairs(PairsModel),
    /// The Grundy function's relation, or its level sets (`prove --grundy`).
    Grundy(GrundyModel),
}

impl Model {
    pub fn numeration(&self) -> &Numeration {
        match self {
            Model::PSet(a) => &a.numeration,
            Model::Pairs(m) => &m.a.numeration,
            Model::Grundy(g) => g.numeration(),
        }
    }
    /// States of the automata handed to Walnut (the P-set's, or both graphs').
    pub fn states(&self) -> usize {
        match self {
            Model::PSet(a) => a.states(),
            Model::Pairs(m) => m.a.states() + m.b.states(),
            Model::Grundy(g) => g.states(),
        }
    }
    /// What Walnut is asked about, in words.
    pub fn describe(&self) -> String {
        let num = self.numeration();
        match self {
            Model::PSet(a) => format!(
                "the {}-state automaton in {} ({})",
                a.states(),
                num.describe(),
                num.walnut_name()
            ),
            Model::Pairs(m) => format!(
                "the P-set built from the {}- and {}-state automata of n -> a_n and n -> b_n in {} ({})",
                m.a.states(),
                m.b.states(),
                num.describe(),
                num.walnut_name()
            ),
            Model::Grundy(g) => g.describe(),
        }
    }
}

/// A model and the WALNUT_HOME that decides it.
#[derive(Clone, Debug)]
pub struct Strategy {
    pub model: Model,
    pub files: ProofFiles,
}

/// Everything needed to run Walnut and to read its answers: the request's
/// game, what was tried, and (when an automaton was found) the strategy.
#[derive(Clone, Debug)]
pub struct ProofPlan {
    pub subject: Subject,
    pub max: u64,
    pub max_states: usize,
    /// Seconds Walnut may take, each run.
    pub timeout: u64,
    /// The numerations tried and what came of each.
    pub tried: Vec<String>,
    /// The papers' complementarity count, when the board shows one.
    pub row_count: Option<u64>,
    /// `None`: no automaton found; nothing for Walnut to decide.
    pub strategy: Option<Strategy>,
    /// `Some(value)` for a Grundy proof (`Some(None)`: the whole function).
    pub grundy: Option<Option<u32>>,
}

impl ProofPlan {
    /// The files of the WALNUT_HOME (`(path, contents)`), none without a strategy.
    pub fn files(&self) -> &[(String, String)] {
        self.strategy
            .as_ref()
            .map_or(&[][..], |s| s.files.files.as_slice())
    }
    /// What the automaton was guessed from, in words.
    pub fn source(&self) -> String {
        match self.strategy.as_ref().map(|s| &s.model) {
            Some(Model::Pairs(m)) => format!("the first {} pairs (a_n, b_n)", m.terms),
            _ => format!("the {} x {} board", self.max, self.max),
        }
    }
}

/// What `prove --plan` prints, and the line `prove` writes before Walnut
/// starts: the board, the candidate automaton (its states and numeration), the
/// statements, Java's heap and the time bound. Serialised: the JSON of
/// `prove --plan --format json`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PlanSummary {
    pub game: String,
    /// `normal` or `misere`.
    pub convention: &'static str,
    /// The side of the board the candidate was guessed from.
    pub board: u64,
    /// What the candidate was guessed from, in words.
    pub source: String,
    /// The candidate handed to Walnut, in words; `None`: no automaton found
    /// (nothing for Walnut to decide).
    pub candidate: Option<String>,
    /// States of the automata handed to Walnut.
    pub states: Option<usize>,
    /// Walnut's name of the numeration (`msd_fib`).
    pub numeration: Option<String>,
    /// The statements Walnut will decide, in order.
    pub statements: Vec<String>,
    /// The numerations tried and what came of each.
    pub tried: Vec<String>,
    /// Java's heap bound in MiB (`-Xmx`); `None`: Java's default.
    pub java_heap_mib: Option<u64>,
    /// Seconds Walnut may take, each run.
    pub timeout: u64,
    /// Walnut's time and memory, as far as they can be told in advance.
    pub estimate: String,
}

impl ProofPlan {
    /// The plan's facts before Walnut runs, with Java's heap (`None`: Java's
    /// default). No estimate of Walnut's time or memory is made from the
    /// candidate's size: they depend on the largest intermediate automaton,
    /// which is not known before Walnut builds it (blocking-wythoff k = 4, a
    /// 40-state candidate, took 5 s and 311 MB; k = 14, 189 states, 10 s and
    /// 330 MB; the same 40 states under another encoding of the rules ran out
    /// of a 10 GB heap).
    pub fn summary(&self, java_heap_mib: Option<u64>) -> PlanSummary {
        let st = self.strategy.as_ref();
        let heap = match java_heap_mib {
            Some(m) => format!("{m} MiB"),
            None => "Java's default heap".to_string(),
        };
        PlanSummary {
            game: self.subject.label.clone(),
            convention: if self.subject.convention() == crate::Convention::Misere {
                "misere"
            } else {
                "normal"
            },
            board: self.max,
            source: self.source(),
            candidate: st.map(|s| s.model.describe()),
            states: st.map(|s| s.model.states()),
            numeration: st.map(|s| s.model.numeration().walnut_name()),
            statements: st.map(|s| s.files.statements.clone()).unwrap_or_default(),
            tried: self.tried.clone(),
            java_heap_mib,
            timeout: self.timeout,
            estimate: if st.is_some() {
                format!(
                    "unknown (it depends on the largest intermediate automaton, not known before Walnut builds it): bounded by {} s and {heap}",
                    self.timeout
                )
            } else {
                "nothing to run: no automaton found".to_string()
            },
        }
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
    let search = if req.via_pairs {
        plan::Search {
            automaton: None,
            attempts: Vec::new(),
            board: req.max,
            row_count: None,
        }
    } else {
        plan::search(subject, req.max, only.as_ref(), req.states, progress)?
    };
    let mut tried: Vec<String> = search.attempts.iter().map(|t| t.describe()).collect();
    let mut model = search.automaton.clone().map(Model::PSet);
    if model.is_none() {
        // a skewed P-set: the automata of the pairs' graphs n -> a_n, n -> b_n
        match plan::search_pairs(subject, req.max, only.as_ref(), req.states) {
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
                    extras.extend(plan::difference_progression(m));
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
                plan::add_closed_form(&mut files, &form, model.numeration());
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
