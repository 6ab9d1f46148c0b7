//! The plan of a proof: how the P-set is modelled for Walnut ([`Model`]), the
//! WALNUT_HOME that decides it ([`Strategy`]), and everything needed to run
//! Walnut and read its answers ([`ProofPlan`], given by
//! [`super::request::prepare`]), with its summary ([`PlanSummary`], what
//! `prove --plan` prints). The jobs that make a plan have their own files:
//! [`super::search`] (the P-set's automaton), [`super::pairs`] (the pairs'
//! graphs), [`super::statements`], [`super::files`] (the WALNUT_HOME),
//! [`super::winning`] (the winning moves compared with `outcome`) and
//! [`super::walnut_output`] (Walnut's answers read back); the names below keep
//! their former paths `prove::plan::...`.

use super::automaton::Automaton;
use super::grundy::GrundyModel;
use super::numeration::Numeration;
use crate::subject::Subject;

pub use super::files::{
    add_closed_form, comment, pairs_proof_files, proof_files, ClosedFormSide, ProofFiles,
    AUTOMATON, CLOSED_FORM, COMMAND_FILE, WALNUT_FOLDERS, WINNING, WINNING_STATEMENT, WITNESS_FILE,
};
pub use super::pairs::{PairsModel, GRAPH_A, GRAPH_B, PAIR_READ_WORK, PAIR_TERMS, PREFIX_TERMS};
pub use super::search::{
    candidates, Attempt, Search, DEFAULT_BOARD, DEFAULT_MAX_STATES, MAX_PROVE_BOARD,
};
pub use super::statements::{
    complementarity, difference_progression, graph_statements, pairs_paper_statements, purpose,
    sequences_complementary,
};
pub use super::walnut_output::{parse_commands, parse_log_seconds, parse_output, WalnutCommand};
pub use super::winning::{check_winning_moves, winning_positions};

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
    /// Walnut's expected peak memory and wall time with their bands
    /// ([`super::walnut_cost`]); `None` without a candidate.
    pub walnut: Option<super::walnut_cost::WalnutEstimate>,
    /// `--grundy`: the guess's plan before Walnut (memory and seconds,
    /// [`super::grundy::guess_plan`]), in words; set by the front end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guess: Option<String>,
}

impl ProofPlan {
    /// The plan's facts before Walnut runs, with Java's heap (`None`: Java's
    /// default), and Walnut's expected peak memory and time from the files
    /// it will read ([`super::walnut_cost`]: a fit on the shipped proofs, with
    /// the band 90% of them lie in; Walnut's cost is set by its largest
    /// intermediate automaton, which is not known before Walnut builds it, so
    /// a proof unlike those may fall outside).
    pub fn summary(&self, java_heap_mib: Option<u64>) -> PlanSummary {
        let st = self.strategy.as_ref();
        let walnut = st.map(|s| {
            super::walnut_cost::Features::of_files(
                s.files.files.iter().map(|(p, t)| (p.as_str(), t.as_str())),
            )
            .estimate()
        });
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
            estimate: if let Some(w) = &walnut {
                format!("{}; bounded by {} s and {heap}", w.describe(), self.timeout)
            } else {
                "nothing to run: no automaton found".to_string()
            },
            walnut,
            guess: None,
        }
    }
}
