//! `wythoff prove` end to end, shared by the CLI and the Python package: the
//! library's pipeline ([`wythoff::prove`]: board, guessed automaton, rules as
//! formulas, files) and Walnut, run here as a child process (`java -jar` with a
//! time bound, WALNUT_HOME a temporary folder, or `emit` as well), its answers
//! read back into a [`Report`]. The library does no I/O; this crate is the one
//! place that runs Walnut.

use anyhow::{anyhow, bail, Context, Result};
use malachite_nz::natural::Natural;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use wythoff::answer::Subject;
use wythoff::prove::automaton::WalnutAutomaton;
use wythoff::prove::numeration::Numeration;
use wythoff::prove::plan::{
    self, parse_log_seconds, parse_output, proof_files, PairsModel, ProofFiles, AUTOMATON,
    COMMAND_FILE, GRAPH_A, GRAPH_B, WALNUT_FOLDERS, WINNING_STATEMENT, WITNESS_FILE,
};

const INSTALL_HINT: &str = "run scripts/install_walnut.sh (Java and the Walnut 6.2 jar into ~/.cache/wythoff/walnut) or set WALNUT_JAR to the jar";

/// The Walnut jar: `$WALNUT_JAR`, or `walnut-6.2.jar` in `$WYTHOFF_CACHE/walnut`
/// or `~/.cache/wythoff/walnut`.
pub fn find_jar() -> Result<PathBuf> {
    if let Some(j) = std::env::var_os("WALNUT_JAR") {
        let p = PathBuf::from(j);
        if p.is_file() {
            return Ok(p);
        }
        bail!("WALNUT_JAR={} is not a file: {INSTALL_HINT}", p.display());
    }
    let cache = match std::env::var_os("WYTHOFF_CACHE") {
        Some(c) => PathBuf::from(c),
        None => match std::env::var_os("HOME") {
            Some(h) => PathBuf::from(h).join(".cache").join("wythoff"),
            None => bail!("Walnut not found (no HOME, no WALNUT_JAR): {INSTALL_HINT}"),
        },
    };
    let p = cache.join("walnut").join("walnut-6.2.jar");
    if p.is_file() {
        Ok(p)
    } else {
        bail!("Walnut not found at {}: {INSTALL_HINT}", p.display())
    }
}

pub fn walnut_version(jar: &Path) -> String {
    let name = jar
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    name.strip_prefix("walnut-")
        .and_then(|r| r.strip_suffix(".jar"))
        .unwrap_or("unknown")
        .to_string()
}

/// Create the eight folders and write the files.
pub fn write_home(dir: &Path, files: &ProofFiles) -> Result<()> {
    for f in WALNUT_FOLDERS {
        std::fs::create_dir_all(dir.join(f))
            .with_context(|| format!("cannot create {}", dir.join(f).display()))?;
    }
    for (path, body) in &files.files {
        std::fs::write(dir.join(path), body)
            .with_context(|| format!("cannot write {}", dir.join(path).display()))?;
    }
    Ok(())
}

pub mod sweep;

/// Run `load FILE;` in Walnut with WALNUT_HOME = `home`; stdout, bounded in
/// time, and in memory when `java_memory_mib` is given (Java's `-Xmx`).
pub fn run_walnut(
    jar: &Path,
    home: &Path,
    file: &str,
    timeout: Duration,
    java_memory_mib: Option<u64>,
) -> Result<String> {
    let mut cmd = Command::new("java");
    if let Some(m) = java_memory_mib {
        cmd.arg(format!("-Xmx{m}m"));
    }
    let mut child = cmd
        .arg("-jar")
        .arg(jar)
        .env("WALNUT_HOME", home)
        .current_dir(home)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| anyhow!("cannot start java ({e}): {INSTALL_HINT}"))?;
    {
        let mut stdin = child.stdin.take().expect("piped");
        let _ = stdin.write_all(format!("load {file};\n").as_bytes());
    }
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    loop {
        if let Some(_status) = child.try_wait()? {
            break;
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            bail!(
                "Walnut took more than {} s (--timeout): the statements are too hard for it at this size",
                timeout.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(reader.join().unwrap_or_default())
}

/// One statement's answer.
#[derive(Clone, Debug)]
pub struct StatementResult {
    pub name: String,
    /// TRUE, FALSE, or `None` when Walnut answered nothing.
    pub result: Option<bool>,
    pub seconds: Option<f64>,
    pub error: String,
    /// The winning moves' statement: the positions compared, and the largest
    /// pile among them.
    pub positions: Option<usize>,
    pub largest_pile: Option<String>,
}

/// What to prove and how.
#[derive(Clone, Debug)]
pub struct Request {
    pub subject: Subject,
    /// The board the automaton is guessed from (16 to [`plan::MAX_PROVE_BOARD`]).
    pub max: u64,
    pub numeration: Option<Numeration>,
    /// The most states an automaton may have.
    pub states: usize,
    /// Also write the WALNUT_HOME here.
    pub emit: Option<PathBuf>,
    /// Seconds Walnut may take (each run).
    pub timeout: u64,
    /// For tests: flip the membership of one cell of the guessed automaton.
    pub flip: Option<(u64, u64)>,
    /// For tests: go straight to the automata of the pairs' graphs.
    pub via_pairs: bool,
    /// Java's heap bound (`-Xmx`, MiB); `None`: Java's default.
    pub java_memory_mib: Option<u64>,
}

impl Request {
    /// The defaults of `wythoff prove GAME`.
    pub fn new(subject: Subject) -> Request {
        Request {
            subject,
            max: plan::DEFAULT_BOARD,
            numeration: None,
            states: plan::DEFAULT_MAX_STATES,
            emit: None,
            timeout: 300,
            flip: None,
            via_pairs: false,
            java_memory_mib: None,
        }
    }
}

/// The verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Proved,
    Refuted,
    NoAutomaton,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Proved => "proved",
            Verdict::Refuted => "refuted",
            Verdict::NoAutomaton => "no automaton found",
        }
    }
}

/// Everything `prove` found; [`Report::json`] is the `--format json` object
/// (and the Python dict).
#[derive(Clone, Debug)]
pub struct Report {
    pub game: String,
    /// `normal` or `misere`.
    pub convention: &'static str,
    /// `normal play` or `misère play`.
    pub convention_text: String,
    pub verdict: Verdict,
    pub numeration: Option<Numeration>,
    /// The P-set automaton's states (built by Walnut from the graphs when the
    /// pairs' road was taken).
    pub states: Option<usize>,
    /// How the P-set automaton was obtained, when through the pairs' graphs.
    pub how: String,
    /// What it was guessed from (`the N x N board`, `the first K pairs`).
    pub source: String,
    pub statements: Vec<StatementResult>,
    /// The smallest position where a statement of the proof fails.
    pub witness: Option<(u64, u64, String)>,
    /// Walnut's own seconds (definitions and statements) and the wall time.
    pub walnut_seconds: f64,
    pub wall_seconds: f64,
    /// The papers' complementarity count, when stated.
    pub row_count: Option<u64>,
    /// The numerations tried and what came of each.
    pub tried: Vec<String>,
    pub max: u64,
    pub max_states: usize,
    pub walnut_version: String,
}

impl Report {
    /// The JSON object of `prove --format json`.
    pub fn json(&self) -> serde_json::Value {
        let sts: Vec<serde_json::Value> = self
            .statements
            .iter()
            .map(|r| {
                let mut v = serde_json::json!({
                    "name": r.name,
                    "result": match r.result { Some(true) => "TRUE", Some(false) => "FALSE", None => "ERROR" },
                    "seconds": r.seconds,
                });
                if let Some(p) = r.positions {
                    v["positions"] = p.into();
                }
                if let Some(n) = &r.largest_pile {
                    v["largest_pile"] = n.clone().into();
                }
                v
            })
            .collect();
        serde_json::json!({
            "game": self.game,
            "convention": self.convention,
            "verdict": self.verdict.as_str(),
            "numeration": self.numeration.as_ref().map(|n| n.walnut_name()),
            "automaton": (self.verdict != Verdict::NoAutomaton).then(|| format!("{AUTOMATON}.txt")),
            "states": self.states,
            "statements": sts,
            "witness": self.witness.as_ref().map(|(x, y, st)| serde_json::json!({"x": x, "y": y, "statement": st})),
            "walnut_version": self.walnut_version,
        })
    }
}

/// Run the pipeline and Walnut. A game the formulas cannot express, a bad
/// request, a missing Walnut or a Walnut failure is an error.
pub fn prove(req: &Request) -> Result<Report> {
    let subject = &req.subject;
    if req.states == 0 || req.states > 5000 {
        bail!("--states {}: allowed 1 to 5000", req.states);
    }
    if req.timeout == 0 || req.timeout > 86_400 {
        bail!("--timeout {}: allowed 1 to 86400 seconds", req.timeout);
    }
    if let Some(why) = wythoff::prove::formula::refusal(&subject.game) {
        bail!("{}: cannot be proved: {why}", subject.label);
    }
    let jar = find_jar()?;
    let convention = if subject.convention() == wythoff::Convention::Misere {
        "misere"
    } else {
        "normal"
    };
    let only = req.numeration.as_ref();
    let search = if req.via_pairs {
        plan::Search {
            automaton: None,
            attempts: Vec::new(),
            board: req.max,
            row_count: None,
        }
    } else {
        plan::search(subject, req.max, only, req.states, &mut |_, _| {})?
    };
    let mut tried: Vec<String> = search.attempts.iter().map(|t| t.describe()).collect();
    let mut pairs: Option<PairsModel> = None;
    if search.automaton.is_none() {
        // a skewed P-set: the automata of the pairs' graphs n -> a_n, n -> b_n
        match plan::search_pairs(subject, req.max, only, req.states) {
            Ok((found, attempts)) => {
                tried.extend(
                    attempts
                        .iter()
                        .map(|t| format!("graphs of n -> a_n, n -> b_n in {}", t.describe())),
                );
                pairs = found;
            }
            Err(e) => tried.push(format!("graphs of n -> a_n, n -> b_n: not tried ({e})")),
        }
    }
    let mut report = Report {
        game: subject.label.clone(),
        convention,
        convention_text: subject.convention_text().to_string(),
        verdict: Verdict::NoAutomaton,
        numeration: None,
        states: None,
        how: String::new(),
        source: format!("the {} x {} board", req.max, req.max),
        statements: Vec::new(),
        witness: None,
        walnut_seconds: 0.0,
        wall_seconds: 0.0,
        row_count: search.row_count,
        tried,
        max: req.max,
        max_states: req.states,
        walnut_version: walnut_version(&jar),
    };
    if search.automaton.is_none() && pairs.is_none() {
        return Ok(report);
    }
    let numeration = match (&search.automaton, &pairs) {
        (Some(aut), _) => aut.numeration.clone(),
        (None, Some(m)) => m.a.numeration.clone(),
        _ => unreachable!(),
    };
    let mut automaton = search.automaton.clone();
    if let Some((x, y)) = req.flip {
        match &mut automaton {
            Some(aut) => *aut = aut.flip(&Natural::from(x), &Natural::from(y)),
            None => bail!("--flip-cell needs an automaton of the P-set itself"),
        }
    }
    // the papers' further statements about the proved set
    let extras: Vec<_> = search
        .row_count
        .map(plan::complementarity)
        .into_iter()
        .collect();
    let files = match (&automaton, &pairs) {
        (Some(aut), _) => proof_files(subject, aut, &extras)?,
        (None, Some(m)) => plan::pairs_proof_files(subject, m, &extras)?,
        _ => unreachable!(),
    };
    if let Some(dir) = &req.emit {
        write_home(dir, &files)?;
    }
    let tmp = std::env::temp_dir().join(format!(
        "wythoff-prove-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    ));
    let what = match (&automaton, &pairs) {
        (Some(aut), _) => format!(
            "the {}-state automaton in {} ({})",
            aut.states(),
            numeration.describe(),
            numeration.walnut_name()
        ),
        (None, Some(m)) => format!(
            "the P-set built from the {}- and {}-state automata of n -> a_n and n -> b_n in {} ({})",
            m.a.states(),
            m.b.states(),
            numeration.describe(),
            numeration.walnut_name()
        ),
        _ => unreachable!(),
    };
    let result = prove_in(&jar, &tmp, &files, &numeration, req.timeout, req.java_memory_mib)
        .map_err(|e| anyhow!("{}: {what}: {e}", subject.label));
    let win = match &result {
        Ok(r) if r.proved(&files) => files
            .winning
            .as_ref()
            .map(|w| winning_statement(subject, &tmp, w, &numeration)),
        _ => None,
    };
    let _ = std::fs::remove_dir_all(&tmp);
    let mut r = result?;
    if let Some(w) = win {
        // the check is not part of the proof: a failure to run it is its answer
        r.results.push(w.unwrap_or_else(|e| StatementResult {
            name: WINNING_STATEMENT.into(),
            result: None,
            seconds: None,
            error: format!("{e:#}"),
            positions: None,
            largest_pile: None,
        }));
    }
    report.states = Some(match (&automaton, &pairs) {
        (Some(aut), _) => aut.states(),
        // the P-set automaton Walnut built from the graphs
        (None, Some(m)) => r.walnut_states.unwrap_or(m.a.states() + m.b.states()),
        _ => unreachable!(),
    });
    if let Some(m) = &pairs {
        if automaton.is_none() {
            report.how = format!(
                " (built by Walnut from the {}- and {}-state automata of n -> a_n and n -> b_n, {GRAPH_A}.txt and {GRAPH_B}.txt)",
                m.a.states(),
                m.b.states()
            );
            report.source = format!("the first {} pairs (a_n, b_n)", m.terms);
        }
    }
    report.verdict = if r.proved(&files) {
        Verdict::Proved
    } else {
        Verdict::Refuted
    };
    report.numeration = Some(numeration);
    report.statements = r.results;
    report.witness = r.witness;
    report.walnut_seconds = r.total;
    report.wall_seconds = r.wall;
    Ok(report)
}

/// The winning moves Walnut built (`Automata Library/win.txt`) compared with
/// those `outcome` gives ([`plan::check_winning_moves`]).
fn winning_statement(
    s: &Subject,
    home: &Path,
    name: &str,
    num: &Numeration,
) -> Result<StatementResult> {
    let path = home.join("Automata Library").join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("Walnut wrote no {}", path.display()))?;
    let win = WalnutAutomaton::parse(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let positions = plan::winning_positions(s)?;
    let mismatch = plan::check_winning_moves(s, &win, num, &positions)?;
    let seconds = std::fs::read_to_string(home.join("Result").join(format!("{name}_log.txt")))
        .ok()
        .and_then(|l| parse_log_seconds(&l));
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
    })
}

struct Run {
    results: Vec<StatementResult>,
    witness: Witness,
    total: f64,
    wall: f64,
    walnut_states: Option<usize>,
}

impl Run {
    fn proved(&self, files: &ProofFiles) -> bool {
        self.results
            .iter()
            .filter(|r| files.core.contains(&r.name))
            .all(|r| r.result == Some(true))
    }
}

type Witness = Option<(u64, u64, String)>;

/// Walnut's own time for everything it computed (definitions and statements):
/// the sum over `Result/*_log.txt`.
fn total_seconds(home: &Path) -> f64 {
    let mut total = 0.0;
    if let Ok(rd) = std::fs::read_dir(home.join("Result")) {
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if name.ends_with("_log.txt") && !name.starts_with("wit_") {
                if let Some(s) = std::fs::read_to_string(e.path())
                    .ok()
                    .and_then(|l| parse_log_seconds(&l))
                {
                    total += s;
                }
            }
        }
    }
    total
}

fn prove_in(
    jar: &Path,
    home: &Path,
    files: &ProofFiles,
    numeration: &Numeration,
    timeout: u64,
    java_memory_mib: Option<u64>,
) -> Result<Run> {
    write_home(home, files)?;
    let start = Instant::now();
    let out = run_walnut(
        jar,
        home,
        COMMAND_FILE,
        Duration::from_secs(timeout),
        java_memory_mib,
    )?;
    let wall = start.elapsed().as_secs_f64();
    let total = total_seconds(home);
    let parsed = parse_output(&out);
    let mut results = Vec::new();
    for name in &files.statements {
        let found = parsed.iter().find(|(n, _, _)| n == name);
        let seconds = std::fs::read_to_string(home.join("Result").join(format!("{name}_log.txt")))
            .ok()
            .and_then(|l| parse_log_seconds(&l));
        results.push(StatementResult {
            name: name.clone(),
            result: found.and_then(|f| f.1),
            seconds,
            error: found
                .map(|f| f.2.clone())
                .filter(|e| !e.is_empty())
                .unwrap_or_else(|| "no answer from Walnut".into()),
            positions: None,
            largest_pile: None,
        });
    }
    if let Some(r) = results.iter().find(|r| r.result.is_none()) {
        bail!("Walnut could not decide `{}`: {}", r.name, r.error);
    }
    let mut witness: Witness = None;
    let core_false = |r: &&StatementResult| r.result == Some(false) && files.core.contains(&r.name);
    if results.iter().any(|r| core_false(&r)) {
        run_walnut(
            jar,
            home,
            WITNESS_FILE,
            Duration::from_secs(timeout),
            java_memory_mib,
        )?;
        for r in results.iter().filter(core_false) {
            let path = home.join("Result").join(format!("wit_{}.txt", r.name));
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(w) = WalnutAutomaton::parse(&text) else {
                continue;
            };
            if let Some((x, y)) = w.smallest_pair(numeration, 4096) {
                let better = match &witness {
                    None => true,
                    Some((bx, by, _)) => (x.max(y), x, y) < (*bx.max(by), *bx, *by),
                };
                if better {
                    witness = Some((x, y, r.name.clone()));
                }
            }
        }
    }
    let walnut_states = std::fs::read_to_string(
        home.join("Automata Library")
            .join(format!("{AUTOMATON}.txt")),
    )
    .ok()
    .and_then(|t| WalnutAutomaton::parse(&t).ok())
    .map(|w| w.accept.len());
    Ok(Run {
        results,
        witness,
        total,
        wall,
        walnut_states,
    })
}
