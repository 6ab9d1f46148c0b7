//! What Walnut answered, read into a [`Report`] (no I/O: the runner hands over
//! the texts it read back as a [`WalnutRun`]). The report serialises to the
//! JSON of `wythoff prove --format json` and Python's dict; the CLI renders
//! its text.

use super::automaton::WalnutAutomaton;
use super::error::ProveError;
use super::files::{ClosedFormSide, AUTOMATON, CLOSED_FORM, WINNING_STATEMENT};
use super::grundy::{finiteness_statements, Finiteness};
use super::numeration::Numeration;
use super::pairs::{GRAPH_A, GRAPH_B};
use super::plan::{Model, ProofPlan};
use super::walnut_output::{parse_commands, parse_output, WalnutCommand};
use super::winning::{check_winning_moves, winning_positions};
use serde::{Serialize, Serializer};

/// Which Walnut ran: its version (from the jar's name) and the jar's sha256.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WalnutInfo {
    pub version: String,
    pub sha256: String,
}

/// What a run of Walnut left, read back by the runner.
#[derive(Clone, Debug, Default)]
pub struct WalnutRun {
    pub walnut: WalnutInfo,
    /// Walnut's standard output for `load prove.txt;` (up to the time bound).
    pub stdout: String,
    /// Walnut was stopped at the time bound.
    pub timed_out: bool,
    /// The seconds of each `Result/NAME_log.txt`, by NAME.
    pub logs: Vec<(String, f64)>,
    /// `Automata Library/NAME.txt` texts Walnut wrote, by NAME ([`AUTOMATON`]
    /// and the winning moves' automaton).
    pub automata: Vec<(String, String)>,
    /// `Result/wit_NAME.txt` texts (the positions where statement NAME fails),
    /// by NAME; read only when a statement of the proof is FALSE.
    pub witnesses: Vec<(String, String)>,
    /// Seconds from Java's start to its end.
    pub wall_seconds: f64,
    /// Java's peak resident memory in bytes, as the runner sampled it (`None`
    /// where the system does not say).
    pub peak_bytes: Option<u64>,
    /// Walnut's standard error for `load prove.txt;` (at most 1 MiB): where
    /// Java says it ran out of memory ([`out_of_memory`]).
    pub stderr: String,
    /// Java's heap bound (`-Xmx`, MiB); `None`: Java's default.
    pub java_heap_mib: Option<u64>,
}

/// Whether Java ran out of memory (`java.lang.OutOfMemoryError`, the heap's
/// own or the `GC overhead limit exceeded` one) in this output.
pub fn out_of_memory(text: &str) -> bool {
    text.contains("java.lang.OutOfMemoryError") || text.contains("GC overhead limit exceeded")
}

/// Whether the runner should also run the witness file: a statement of the
/// proof was answered FALSE.
pub fn needs_witness(plan: &ProofPlan, stdout: &str) -> bool {
    let Some(st) = &plan.strategy else {
        return false;
    };
    parse_output(stdout)
        .iter()
        .any(|(n, r, _)| *r == Some(false) && st.files.core.contains(n))
}

/// The verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every statement of the proof is TRUE.
    Proved,
    /// A statement of the proof is FALSE.
    Refuted,
    /// No automaton agreeing with the board was found: nothing to decide.
    NoAutomaton,
    /// Walnut ran past the time bound before deciding every statement.
    TimedOut,
    /// Java ran out of its heap before Walnut decided every statement.
    OutOfMemory,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Proved => "proved",
            Verdict::Refuted => "refuted",
            Verdict::NoAutomaton => "no automaton found",
            Verdict::TimedOut => "Walnut timed out",
            Verdict::OutOfMemory => "Walnut out of memory",
        }
    }
}

impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// One statement's answer.
#[derive(Clone, Debug, Serialize)]
pub struct StatementResult {
    pub name: String,
    /// TRUE, FALSE, or `None` when Walnut printed an error instead.
    #[serde(serialize_with = "result_text")]
    pub result: Option<bool>,
    pub seconds: Option<f64>,
    /// Walnut's error line (or why the winning moves differ); empty otherwise.
    #[serde(skip)]
    pub error: String,
    /// The winning moves' statement: the positions compared, and the largest
    /// pile among them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub largest_pile: Option<String>,
    /// The largest intermediate automaton Walnut built for it (states).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub largest_automaton: Option<usize>,
}

/// The command Walnut was computing when the time bound stopped it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Running {
    /// `def NAME` or `eval NAME`.
    pub command: String,
    /// The largest intermediate automaton it had reported (states).
    pub largest_automaton: Option<usize>,
}

fn result_text<S: Serializer>(r: &Option<bool>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match r {
        Some(true) => "TRUE",
        Some(false) => "FALSE",
        None => "ERROR",
    })
}

/// Where Java ran out of memory.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutOfMemory {
    /// Java's heap bound in MiB (`-Xmx`); `None`: Java's default (a quarter
    /// of the machine's memory).
    pub heap_mib: Option<u64>,
    /// The heap in words: `10240 MiB (-Xmx)` or `Java's default`.
    pub heap: String,
    /// The statement Walnut was deciding (the first one unanswered).
    pub statement: Option<String>,
    /// The command it was computing (`def pin`), when Walnut had printed it.
    pub command: Option<String>,
    /// Seconds from Java's start to its end.
    pub seconds: f64,
}

/// The smallest position where a statement of the proof fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Witness {
    pub x: u64,
    pub y: u64,
    pub statement: String,
}

/// Walnut's answer to "the closed form's set is the proved set".
#[derive(Clone, Debug, Serialize)]
pub struct ClosedFormResult {
    /// The paper the oracle names.
    pub source: String,
    /// The form in words.
    pub form: String,
    /// The Walnut commands that define the form's set (`cform`) and the
    /// statement; `None` when the form cannot be written in the numeration.
    pub definitions: Option<String>,
    pub statement: Option<String>,
    /// TRUE or FALSE (a theorem either way); `None` when not stated or not
    /// answered (a time-out).
    #[serde(serialize_with = "verdict_text")]
    pub verdict: Option<bool>,
    /// Why it was not stated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    pub seconds: Option<f64>,
}

fn verdict_text<S: Serializer>(r: &Option<bool>, s: S) -> Result<S::Ok, S::Error> {
    match r {
        Some(true) => s.serialize_str("TRUE"),
        Some(false) => s.serialize_str("FALSE"),
        None => s.serialize_none(),
    }
}

/// Everything `prove` found. Serialised (JSON keys in alphabetical order, as
/// `serde_json::Value` writes them), it is `prove --format json` and Python's
/// dict; the fields marked `skip` are for the text.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub game: String,
    /// `normal` or `misere`.
    pub convention: &'static str,
    pub verdict: Verdict,
    /// Walnut's name of the numeration (`msd_fib`).
    pub numeration: Option<String>,
    /// The P-set automaton's file (`pset.txt`), when there is one.
    pub automaton: Option<String>,
    /// The P-set automaton's states (built by Walnut from the graphs when the
    /// pairs' road was taken).
    pub states: Option<usize>,
    /// The statements Walnut answered, in order (on a time-out, those that
    /// finished).
    pub statements: Vec<StatementResult>,
    /// On a time-out, the statements not answered.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unfinished: Vec<String>,
    /// On a time-out or out of memory, the command Walnut was computing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub running: Option<Running>,
    /// Java ran out of memory: its heap, the statement, the time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_of_memory: Option<OutOfMemory>,
    /// The largest intermediate automaton of each definition (`def NAME`),
    /// by NAME (states), as Walnut reported them.
    #[serde(skip)]
    pub definitions: Vec<(String, Option<usize>)>,
    pub witness: Option<Witness>,
    /// `prove --grundy`: what was proved about the Sprague-Grundy function,
    /// `function` (the relation G(x, y) = z) or `level` (the set G = value,
    /// with the levels below it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<&'static str>,
    /// `prove --grundy --value G`: the level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    /// `prove --grundy --value G`: the states of the levels 0..=G.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub level_states: Vec<usize>,
    /// Statements outside the proof of the P-set (about the sequences the
    /// graphs were read as, the papers' statements) that Walnut answered
    /// FALSE: said beside the verdict, never a refutation of the set.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub side_false: Vec<String>,
    /// `prove --grundy`: which level sets Walnut proved finite or infinite
    /// (the side statements of [`crate::prove::grundy::finiteness_statements`],
    /// one line each), when the proof is proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level_sets: Option<LevelSets>,
    /// The game's formula oracle's closed form against the proved set (the
    /// side statement `closed_form`), for a game that has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_form: Option<ClosedFormResult>,
    pub walnut_version: String,
    /// The sha256 of the Walnut jar that decided the statements.
    pub walnut_sha256: String,
    /// `normal play` or `misère play`.
    #[serde(skip)]
    pub convention_text: String,
    /// The numeration in words.
    #[serde(skip)]
    pub numeration_words: Option<String>,
    /// How the P-set automaton was obtained, when through the pairs' graphs.
    #[serde(skip)]
    pub how: String,
    /// What it was guessed from (`the N x N board`, `the first K pairs`).
    #[serde(skip)]
    pub source: String,
    /// What Walnut was asked about, in words.
    #[serde(skip)]
    pub model: String,
    /// Walnut's own seconds (definitions and statements) and the wall time.
    #[serde(skip)]
    pub walnut_seconds: f64,
    #[serde(skip)]
    pub wall_seconds: f64,
    /// Java's peak resident memory for `load prove.txt;` (bytes), when known:
    /// what a plan of heap for a longer run of the same kind starts from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub walnut_peak_bytes: Option<u64>,
    /// The papers' complementarity count, when stated.
    #[serde(skip)]
    pub row_count: Option<u64>,
    /// The numerations tried and what came of each.
    #[serde(skip)]
    pub tried: Vec<String>,
    #[serde(skip)]
    pub max: u64,
    #[serde(skip)]
    pub max_states: usize,
    #[serde(skip)]
    pub timeout: u64,
}

fn named<'a>(list: &'a [(String, String)], name: &str) -> Option<&'a str> {
    list.iter()
        .find(|(n, _)| n == name)
        .map(|(_, t)| t.as_str())
}

/// Read Walnut's answers (`run`; `None` when there was nothing to run) into
/// the report of `plan`. Walnut answering a statement with an error instead
/// of TRUE or FALSE (not on a time-out) is an error.
pub fn read_answers(plan: &ProofPlan, run: Option<&WalnutRun>) -> Result<Report, ProveError> {
    let s = &plan.subject;
    let mut rep = blank_report(plan, run);
    let (Some(st), Some(run)) = (&plan.strategy, run) else {
        return Ok(rep);
    };
    let files = &st.files;
    let num = st.model.numeration();
    rep.numeration = Some(num.walnut_name());
    rep.numeration_words = Some(num.describe());
    rep.automaton = Some(match &st.model {
        Model::Grundy(g) => g.file(),
        _ => format!("{AUTOMATON}.txt"),
    });
    rep.model = st.model.describe();
    rep.walnut_seconds = run
        .logs
        .iter()
        .filter(|(n, _)| !n.starts_with("wit_"))
        .fold(0.0, |t, l| t + l.1);
    rep.wall_seconds = run.wall_seconds;
    rep.walnut_peak_bytes = run.peak_bytes;
    let commands = parse_commands(&run.stdout);
    rep.definitions = commands
        .iter()
        .filter(|c| !c.eval)
        .map(|c| (c.name.clone(), c.largest))
        .collect();
    // Java's OutOfMemoryError ends the run like the time bound: what was
    // answered stands, the rest is unfinished
    let oom = out_of_memory(&run.stderr) || out_of_memory(&run.stdout);
    let stopped = run.timed_out || oom;
    if stopped {
        rep.running = commands.iter().rfind(|c| !c.finished).map(|c| Running {
            command: format!("{} {}", if c.eval { "eval" } else { "def" }, c.name),
            largest_automaton: c.largest,
        });
    }
    let mut results = statement_results(
        &files.statements,
        run,
        &commands,
        stopped,
        &mut rep.unfinished,
    );
    if let Some(r) = results.iter().find(|r| r.result.is_none()) {
        return Err(ProveError::Walnut(format!(
            "{}: {}: Walnut could not decide `{}`: {}",
            s.label, rep.model, r.name, r.error
        )));
    }
    let core_false = |r: &StatementResult| r.result == Some(false) && files.core.contains(&r.name);
    let refuted = results.iter().any(core_false);
    let finiteness = match &st.model {
        Model::Grundy(g) => finiteness_statements(g.value()),
        _ => Vec::new(),
    };
    rep.side_false = results
        .iter()
        .filter(|r| r.result == Some(false) && !files.core.contains(&r.name))
        .filter(|r| !finiteness.iter().any(|f| f.name == r.name))
        .map(|r| r.name.clone())
        .collect();
    if let Some(cf) = &files.closed_form {
        rep.closed_form = Some(closed_form_result(cf, &results));
    }
    let proved = !refuted
        && files.core.iter().all(|c| {
            results
                .iter()
                .any(|r| &r.name == c && r.result == Some(true))
        });
    rep.verdict = if refuted {
        Verdict::Refuted
    } else if proved {
        Verdict::Proved
    } else if oom && !run.timed_out {
        Verdict::OutOfMemory
    } else {
        Verdict::TimedOut
    };
    if rep.verdict == Verdict::OutOfMemory {
        rep.out_of_memory = Some(OutOfMemory {
            heap_mib: run.java_heap_mib,
            heap: match run.java_heap_mib {
                Some(m) => format!("{m} MiB (-Xmx)"),
                None => "Java's default (a quarter of the machine's memory)".into(),
            },
            statement: rep.unfinished.first().cloned(),
            command: rep.running.as_ref().map(|r| r.command.clone()),
            seconds: run.wall_seconds,
        });
    }
    rep.witness = smallest_witness(results.iter().filter(|r| core_false(r)), run, num);
    if proved && !finiteness.is_empty() {
        rep.level_sets = Some(level_sets(&finiteness, &results, num));
    }
    if proved {
        if let Some(win) = &files.winning {
            results.push(winning_result(plan, run, &commands, win, stopped, num));
        }
    }
    rep.statements = results;
    let built = named(&run.automata, AUTOMATON)
        .and_then(|t| WalnutAutomaton::parse(t).ok())
        .map(|w| w.accept.len());
    rep.states = Some(match &st.model {
        Model::PSet(aut) => aut.states(),
        // the P-set automaton Walnut built from the graphs
        Model::Pairs(m) => built.unwrap_or(m.a.states() + m.b.states()),
        Model::Grundy(g) => g.states(),
    });
    if let Model::Pairs(m) = &st.model {
        rep.how = format!(
            " (built by Walnut from the {}- and {}-state automata of n -> a_n and n -> b_n, {GRAPH_A}.txt and {GRAPH_B}.txt)",
            m.a.states(),
            m.b.states()
        );
    }
    Ok(rep)
}

/// The report of `plan` before Walnut's answers are read: the game, what was
/// tried, the Walnut that ran (`run`).
fn blank_report(plan: &ProofPlan, run: Option<&WalnutRun>) -> Report {
    let s = &plan.subject;
    let walnut = run.map(|r| r.walnut.clone()).unwrap_or_default();
    let mut rep = Report {
        game: s.label.clone(),
        convention: if s.convention() == crate::Convention::Misere {
            "misere"
        } else {
            "normal"
        },
        verdict: Verdict::NoAutomaton,
        numeration: None,
        automaton: None,
        states: None,
        statements: Vec::new(),
        unfinished: Vec::new(),
        running: None,
        out_of_memory: None,
        definitions: Vec::new(),
        witness: None,
        grundy: None,
        value: None,
        level_states: Vec::new(),
        side_false: Vec::new(),
        level_sets: None,
        closed_form: None,
        walnut_version: walnut.version,
        walnut_sha256: walnut.sha256,
        convention_text: s.convention_text(),
        numeration_words: None,
        how: String::new(),
        source: plan.source(),
        model: String::new(),
        walnut_seconds: 0.0,
        wall_seconds: 0.0,
        walnut_peak_bytes: None,
        row_count: plan.row_count,
        tried: plan.tried.clone(),
        max: plan.max,
        max_states: plan.max_states,
        timeout: plan.timeout,
    };
    if let Some(value) = plan.grundy {
        rep.grundy = Some(if value.is_some() { "level" } else { "function" });
        rep.value = value;
    }
    if let Some(Model::Grundy(g)) = plan.strategy.as_ref().map(|s| &s.model) {
        rep.level_states = g.level_states();
    }
    rep
}

/// The seconds Walnut's log gives the statement `name`.
fn log_seconds(run: &WalnutRun, name: &str) -> Option<f64> {
    run.logs.iter().find(|(n, _)| n == name).map(|l| l.1)
}

/// Walnut's answer to each statement of `statements`, in order; those without
/// an answer on a run that was `stopped` (time bound, memory) are pushed on
/// `unfinished` instead.
fn statement_results(
    statements: &[String],
    run: &WalnutRun,
    commands: &[WalnutCommand],
    stopped: bool,
    unfinished: &mut Vec<String>,
) -> Vec<StatementResult> {
    let parsed = parse_output(&run.stdout);
    let largest = |name: &str| {
        commands
            .iter()
            .find(|c| c.eval && c.name == name)
            .and_then(|c| c.largest)
    };
    let mut results = Vec::new();
    for name in statements {
        let found = parsed.iter().find(|(n, _, _)| n == name);
        let result = found.and_then(|f| f.1);
        if result.is_none() && stopped {
            unfinished.push(name.clone());
            continue;
        }
        let error = match (result, found) {
            (Some(_), _) => String::new(),
            (None, Some(f)) if !f.2.is_empty() => f.2.clone(),
            (None, _) => "no answer from Walnut".into(),
        };
        results.push(StatementResult {
            name: name.clone(),
            result,
            seconds: log_seconds(run, name),
            error,
            positions: None,
            largest_pile: None,
            largest_automaton: largest(name),
        });
    }
    results
}

/// The closed form's side statement and Walnut's answer to it.
fn closed_form_result(cf: &ClosedFormSide, results: &[StatementResult]) -> ClosedFormResult {
    let answered = results.iter().find(|r| r.name == CLOSED_FORM);
    ClosedFormResult {
        source: cf.source.clone(),
        form: cf.form.clone(),
        definitions: cf.statement.as_ref().map(|_| cf.commands.clone()),
        statement: cf.statement.clone(),
        verdict: answered.and_then(|r| r.result),
        why: cf.why.clone(),
        seconds: answered.and_then(|r| r.seconds),
    }
}

/// The smallest position where a statement of the proof (`refuted`, each
/// FALSE) fails, read off the witness automata Walnut wrote.
fn smallest_witness<'a>(
    refuted: impl Iterator<Item = &'a StatementResult>,
    run: &WalnutRun,
    num: &super::numeration::Numeration,
) -> Option<Witness> {
    let mut witness: Option<Witness> = None;
    for r in refuted {
        let Some(w) = named(&run.witnesses, &r.name).and_then(|t| WalnutAutomaton::parse(t).ok())
        else {
            continue;
        };
        if let Some((x, y)) = w.smallest_pair(num, 4096) {
            let better = witness
                .as_ref()
                .is_none_or(|b| (x.max(y), x, y) < (b.x.max(b.y), b.x, b.y));
            if better {
                witness = Some(Witness {
                    x,
                    y,
                    statement: r.name.clone(),
                });
            }
        }
    }
    witness
}

/// The winning moves' automaton `win` compared with `outcome`'s
/// ([`winning_statement`]). The check is not part of the proof: a failure to
/// run it is its answer (a definition Walnut did not finish may have left a
/// partial file).
fn winning_result(
    plan: &ProofPlan,
    run: &WalnutRun,
    commands: &[WalnutCommand],
    win: &str,
    stopped: bool,
    num: &super::numeration::Numeration,
) -> StatementResult {
    let finished = commands
        .iter()
        .any(|c| !c.eval && c.name == win && c.finished);
    let text = named(&run.automata, win).filter(|_| finished || !stopped);
    winning_statement(plan, text, num, log_seconds(run, win)).unwrap_or_else(|e| StatementResult {
        name: WINNING_STATEMENT.into(),
        result: None,
        seconds: None,
        error: e,
        positions: None,
        largest_pile: None,
        largest_automaton: None,
    })
}

/// The winning moves Walnut built compared with those `outcome` gives
/// ([`check_winning_moves`]).
fn winning_statement(
    plan: &ProofPlan,
    text: Option<&str>,
    num: &super::numeration::Numeration,
    seconds: Option<f64>,
) -> Result<StatementResult, String> {
    let text =
        text.ok_or("Walnut wrote no automaton of the winning moves (or timed out writing it)")?;
    let win =
        WalnutAutomaton::parse(text).map_err(|e| format!("the winning moves' automaton: {e}"))?;
    let positions = winning_positions(&plan.subject).map_err(|e| e.to_string())?;
    let mismatch =
        check_winning_moves(&plan.subject, &win, num, &positions).map_err(|e| e.to_string())?;
    Ok(StatementResult {
        name: WINNING_STATEMENT.into(),
        result: Some(mismatch.is_none()),
        seconds,
        error: mismatch
            .map(|(x, y)| format!("the winning moves differ at ({x}, {y})"))
            .unwrap_or_default(),
        positions: Some(positions.len()),
        largest_pile: positions
            .iter()
            .map(|(x, y)| x.max(y))
            .max()
            .map(|n| n.to_string()),
        largest_automaton: None,
    })
}

/// One statement's answer in a re-check of an emitted WALNUT_HOME.
#[derive(Clone, Debug, Serialize)]
pub struct Recheck {
    pub name: String,
    #[serde(serialize_with = "result_text")]
    pub result: Option<bool>,
    pub seconds: Option<f64>,
    /// Walnut's error line, when it printed one instead of an answer.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub largest_automaton: Option<usize>,
}

/// Each `eval` of a re-run's output with its answer and log seconds, and the
/// lines where Walnut printed an error: on its standard output outside any
/// statement, and every error line of its standard error
/// ([`stderr_error_lines`]).
pub fn recheck(stdout: &str, stderr: &str, logs: &[(String, f64)]) -> (Vec<Recheck>, Vec<String>) {
    let rows = parse_commands(stdout)
        .into_iter()
        .filter(|c| c.eval)
        .map(|c| Recheck {
            seconds: logs.iter().find(|(n, _)| *n == c.name).map(|l| l.1),
            name: c.name,
            result: c.result,
            error: c.error,
            largest_automaton: c.largest,
        })
        .collect();
    let mut errors = error_lines(stdout);
    errors.extend(stderr_error_lines(stderr));
    (rows, errors)
}

/// The error lines Walnut writes on its standard error (a parse error, an
/// exception such as `java.io.FileNotFoundException: ...` or
/// `java.lang.Exception: ...`): every line but Java's stack frames (`at ...`,
/// `... N more`) and the JVM's `Picked up ...` notices, with the command a
/// message quotes (a line starting with `:`) joined to it.
pub fn stderr_error_lines(stderr: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in stderr.lines().map(str::trim) {
        if line.is_empty()
            || line.starts_with("at ")
            || (line.starts_with("...") && line.ends_with("more"))
            || line.starts_with("Picked up ")
        {
            continue;
        }
        match (line.strip_prefix(':'), out.last_mut()) {
            (Some(cmd), Some(last)) => {
                last.push_str(" (in: ");
                last.push_str(cmd.trim());
                last.push(')');
            }
            _ => out.push(line.to_string()),
        }
    }
    out.dedup();
    out
}

/// The lines where Walnut reports an error ("Invalid command.", an exception,
/// a missing file): an emitted proof must print none.
pub fn error_lines(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .map(|l| l.trim().trim_start_matches("[Walnut]$").trim())
        .filter(|t| {
            t.starts_with("Invalid")
                || t.starts_with("No such command")
                || t.contains("Exception")
                || t.starts_with("Error")
                || t.contains("does not exist")
        })
        .map(str::to_string)
        .collect()
}

/// Which level sets of a proved Grundy function (or of proved levels) are
/// finite: Walnut's answers to the one-line side statements
/// `levK_finite` (`E n A a,b $levK(a,b) => (a<n & b<n)`) or
/// `every_level_finite`, and the statements themselves as `prove.txt` has them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LevelSets {
    /// The levels proved finite (`levK_finite` TRUE).
    pub finite: Vec<u32>,
    /// The levels proved infinite (`levK_finite` FALSE).
    pub infinite: Vec<u32>,
    /// `every_level_finite` (the whole function's proof): TRUE or FALSE.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub every_level_finite: Option<bool>,
    /// The statements, one Walnut line each.
    pub statements: Vec<String>,
}

fn level_sets(
    finiteness: &[Finiteness],
    results: &[StatementResult],
    num: &Numeration,
) -> LevelSets {
    let ns = num.walnut_name();
    let mut out = LevelSets {
        finite: Vec::new(),
        infinite: Vec::new(),
        every_level_finite: None,
        statements: finiteness.iter().map(|f| f.eval_line(&ns)).collect(),
    };
    for f in finiteness {
        let answer = results
            .iter()
            .find(|r| r.name == f.name)
            .and_then(|r| r.result);
        match (f.level, answer) {
            (_, None) => {}
            (Some(k), Some(true)) => out.finite.push(k),
            (Some(k), Some(false)) => out.infinite.push(k),
            (None, a) => out.every_level_finite = a,
        }
    }
    out
}
