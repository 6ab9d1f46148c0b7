//! `wythoff prove GAME [--misere] [--max N] [--numeration SPEC] [--emit DIR]
//! [--format text|json]`: guess the automaton of the P-set from a solved board,
//! write the rules as first-order statements, and let Walnut decide them.
//!
//! The pipeline is library code ([`wythoff::prove`]); this file finds Walnut,
//! writes the WALNUT_HOME, runs `java -jar` with a time bound, and renders.

use crate::game_arg::{resolve, shorten_path};
use anyhow::{anyhow, bail, Context, Result};
use malachite_nz::natural::Natural;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};
use wythoff::prove::automaton::WalnutAutomaton;
use wythoff::prove::numeration::Numeration;
use wythoff::prove::plan::{
    self, parse_log_seconds, parse_output, proof_files, PairsModel, ProofFiles, AUTOMATON,
    COMMAND_FILE, GRAPH_A, GRAPH_B, WALNUT_FOLDERS, WITNESS_FILE,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProveFormat {
    Text,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    pub game: String,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    pub misere: bool,
    /// The board the automaton is guessed from: positions 0 <= x, y < N (16 to 4096).
    #[arg(long, default_value_t = plan::DEFAULT_BOARD, value_parser = parse_board, allow_hyphen_values = true)]
    pub max: u64,
    /// The numeration to use: base:K, zeckendorf, or ost:A0,A1,...;P1,P2,...
    /// (default: those the board's patterns suggest, then base 2, Zeckendorf,
    /// base 3 and a few Ostrowski numerations).
    #[arg(long, value_name = "SPEC")]
    pub numeration: Option<String>,
    /// The most states an automaton may have.
    #[arg(long, default_value_t = plan::DEFAULT_MAX_STATES)]
    pub states: usize,
    /// Also write a complete WALNUT_HOME here (the eight folders; `load prove.txt;`
    /// in Walnut re-runs the proof).
    #[arg(long, value_name = "DIR")]
    pub emit: Option<PathBuf>,
    /// Seconds Walnut may take (each run).
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
    #[arg(long, value_enum, default_value = "text")]
    pub format: ProveFormat,
    /// For tests: flip the membership of one cell `X,Y` of the guessed automaton.
    #[arg(long, hide = true, value_name = "X,Y")]
    pub flip_cell: Option<String>,
    /// For tests: go straight to the automata of the pairs' graphs.
    #[arg(long, hide = true)]
    pub via_pairs: bool,
}

fn parse_board(s: &str) -> Result<u64, String> {
    let n: u64 = s.trim().parse().map_err(|_| {
        format!(
            "`{s}` is not a whole number (16 to {})",
            plan::MAX_PROVE_BOARD
        )
    })?;
    if !(16..=plan::MAX_PROVE_BOARD).contains(&n) {
        return Err(format!(
            "{n} is out of range: prove solves boards from 16 to {}",
            plan::MAX_PROVE_BOARD
        ));
    }
    Ok(n)
}

const INSTALL_HINT: &str = "run scripts/install_walnut.sh (Java and the Walnut 6.2 jar into ~/.cache/wythoff/walnut) or set WALNUT_JAR to the jar";

/// The Walnut jar: `$WALNUT_JAR`, or `walnut-6.2.jar` in `$WYTHOFF_CACHE/walnut`
/// or `~/.cache/wythoff/walnut`.
pub fn find_jar() -> Result<PathBuf> {
    if let Some(j) = std::env::var_os("WALNUT_JAR") {
        let p = PathBuf::from(j);
        if p.is_file() {
            return Ok(p);
        }
        bail!(
            "WALNUT_JAR={} is not a file: {INSTALL_HINT}",
            shorten_path(&p.to_string_lossy())
        );
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

fn walnut_version(jar: &Path) -> String {
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
fn write_home(dir: &Path, files: &ProofFiles) -> Result<()> {
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

/// Run `load FILE;` in Walnut with WALNUT_HOME = `home`; stdout, bounded in time.
fn run_walnut(jar: &Path, home: &Path, file: &str, timeout: Duration) -> Result<String> {
    let mut child = Command::new("java")
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

struct StatementResult {
    name: String,
    result: Option<bool>,
    seconds: Option<f64>,
    error: String,
}

fn parse_cell(s: &str) -> Result<(u64, u64)> {
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| anyhow!("--flip-cell `{s}`: write X,Y"))?;
    Ok((
        x.trim()
            .parse()
            .map_err(|_| anyhow!("--flip-cell `{s}`: X is not a whole number"))?,
        y.trim()
            .parse()
            .map_err(|_| anyhow!("--flip-cell `{s}`: Y is not a whole number"))?,
    ))
}

pub fn run(a: Args) -> Result<ExitCode> {
    let subject = resolve(&a.game, a.misere)?;
    let mut out = std::io::stdout().lock();
    let only = match &a.numeration {
        Some(t) => Some(Numeration::parse(t).map_err(|e| anyhow!("{e}"))?),
        None => None,
    };
    if a.states == 0 || a.states > 5000 {
        bail!("--states {}: allowed 1 to 5000", a.states);
    }
    if a.timeout == 0 || a.timeout > 86_400 {
        bail!("--timeout {}: allowed 1 to 86400 seconds", a.timeout);
    }
    let flip = a.flip_cell.as_deref().map(parse_cell).transpose()?;
    if let Some(why) = wythoff::prove::formula::refusal(&subject.game) {
        bail!("{}: cannot be proved: {why}", subject.label);
    }
    let jar = find_jar()?;
    let convention = if subject.convention() == wythoff::Convention::Misere {
        "misere"
    } else {
        "normal"
    };
    let search = if a.via_pairs {
        plan::Search {
            automaton: None,
            attempts: Vec::new(),
            board: a.max,
            row_count: None,
        }
    } else {
        plan::search(&subject, a.max, only.as_ref(), a.states, &mut |_, _| {})?
    };
    let mut tried: Vec<String> = search.attempts.iter().map(|t| t.describe()).collect();
    let mut pairs: Option<PairsModel> = None;
    if search.automaton.is_none() {
        // a skewed P-set: the automata of the pairs' graphs n -> a_n, n -> b_n
        match plan::search_pairs(&subject, a.max, only.as_ref(), a.states) {
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
    if search.automaton.is_none() && pairs.is_none() {
        match a.format {
            ProveFormat::Json => {
                let v = serde_json::json!({
                    "game": subject.label,
                    "convention": convention,
                    "verdict": "no automaton found",
                    "numeration": serde_json::Value::Null,
                    "automaton": serde_json::Value::Null,
                    "states": serde_json::Value::Null,
                    "statements": [],
                    "witness": serde_json::Value::Null,
                    "walnut_version": walnut_version(&jar),
                });
                writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
            }
            ProveFormat::Text => {
                writeln!(
                    out,
                    "{} ({}): no automaton found on the {} x {} board",
                    subject.label,
                    subject.convention_text(),
                    a.max,
                    a.max
                )?;
                writeln!(out, "  tried, up to {} states:", a.states)?;
                for t in tried {
                    writeln!(out, "    {t}")?;
                }
            }
        }
        return Ok(ExitCode::from(1));
    }
    let numeration = match (&search.automaton, &pairs) {
        (Some(aut), _) => aut.numeration.clone(),
        (None, Some(m)) => m.a.numeration.clone(),
        _ => unreachable!(),
    };
    let mut automaton = search.automaton.clone();
    if let Some((x, y)) = flip {
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
        (Some(aut), _) => proof_files(&subject, aut, &extras)?,
        (None, Some(m)) => plan::pairs_proof_files(&subject, m, &extras)?,
        _ => unreachable!(),
    };
    if let Some(dir) = &a.emit {
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
    let result = prove_in(&jar, &tmp, &files, &numeration, a.timeout);
    let _ = std::fs::remove_dir_all(&tmp);
    let (results, witness, total, wall, walnut_states) = result?;
    let states = match (&automaton, &pairs) {
        (Some(aut), _) => aut.states(),
        // the P-set automaton Walnut built from the graphs
        (None, Some(m)) => walnut_states.unwrap_or(m.a.states() + m.b.states()),
        _ => unreachable!(),
    };
    let how = match &pairs {
        Some(m) if automaton.is_none() => format!(
            " (built by Walnut from the {}- and {}-state automata of n -> a_n and n -> b_n, {GRAPH_A}.txt and {GRAPH_B}.txt)",
            m.a.states(),
            m.b.states()
        ),
        _ => String::new(),
    };
    let proved = results
        .iter()
        .filter(|r| files.core.contains(&r.name))
        .all(|r| r.result == Some(true));
    let verdict = if proved { "proved" } else { "refuted" };
    let ns = numeration.walnut_name();
    match a.format {
        ProveFormat::Json => {
            let sts: Vec<serde_json::Value> = results
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "name": r.name,
                        "result": match r.result { Some(true) => "TRUE", Some(false) => "FALSE", None => "ERROR" },
                        "seconds": r.seconds,
                    })
                })
                .collect();
            let v = serde_json::json!({
                "game": subject.label,
                "convention": convention,
                "verdict": verdict,
                "numeration": ns,
                "automaton": format!("{AUTOMATON}.txt"),
                "states": states,
                "statements": sts,
                "witness": witness.as_ref().map(|(x, y, st)| serde_json::json!({"x": x, "y": y, "statement": st})),
                "walnut_version": walnut_version(&jar),
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        }
        ProveFormat::Text => {
            writeln!(
                out,
                "{} ({}): {verdict}",
                subject.label,
                subject.convention_text()
            )?;
            if proved {
                writeln!(out,
                    "  the P-positions are exactly the pairs (x, y) accepted by a {states}-state automaton in {} ({ns}){how}, for every position",
                    numeration.describe()
                )?;
            } else {
                writeln!(
                    out,
                    "  the {states}-state automaton in {} ({ns}){how} guessed from the board is not the P-set",
                    numeration.describe()
                )?;
            }
            writeln!(
                out,
                "  guessed from the {} x {} board; decided by Walnut {}:",
                a.max,
                a.max,
                walnut_version(&jar)
            )?;
            for r in &results {
                let res = match r.result {
                    Some(true) => "TRUE".to_string(),
                    Some(false) => "FALSE".to_string(),
                    None => format!("ERROR ({})", r.error),
                };
                match r.seconds {
                    Some(s) => writeln!(out, "    {:<18} {res:<6} {s:.3} s", r.name)?,
                    None => writeln!(out, "    {:<18} {res}", r.name)?,
                };
            }
            if let Some(c) = search.row_count {
                writeln!(
                    out,
                    "  p_complementarity (the papers' statement, not part of the proof): every x >= 1 is the first pile of exactly {c} P-position(s)"
                )?;
            }
            writeln!(
                out,
                "  Walnut: {total:.3} s computing (definitions and statements), {wall:.1} s wall (Java's start included)"
            )?;
            if let Some((x, y, st)) = &witness {
                writeln!(out, "  smallest position where it fails: ({x}, {y}) ({st})")?;
            }
            if let Some(dir) = &a.emit {
                writeln!(
                    out,
                    "  Walnut files: {} (run `load {COMMAND_FILE};` with WALNUT_HOME there)",
                    dir.display()
                )?;
            }
        }
    }
    Ok(if proved {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
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
) -> Result<(Vec<StatementResult>, Witness, f64, f64, Option<usize>)> {
    write_home(home, files)?;
    let start = Instant::now();
    let out = run_walnut(jar, home, COMMAND_FILE, Duration::from_secs(timeout))?;
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
        });
    }
    if let Some(r) = results.iter().find(|r| r.result.is_none()) {
        bail!("Walnut could not decide `{}`: {}", r.name, r.error);
    }
    let mut witness: Witness = None;
    let core_false = |r: &&StatementResult| r.result == Some(false) && files.core.contains(&r.name);
    if results.iter().any(|r| core_false(&r)) {
        run_walnut(jar, home, WITNESS_FILE, Duration::from_secs(timeout))?;
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
    Ok((results, witness, total, wall, walnut_states))
}
