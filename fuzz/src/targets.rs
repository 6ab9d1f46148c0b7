//! The in-process targets: every library parser and reader of outside bytes,
//! each followed by a little of the work its answer feeds (a small board, one
//! position, the automaton read), so that what parses is also usable.
//!
//! Inputs of several parts (a proof folder, Walnut's output, gathered sweep
//! records) are sections: a line `#== NAME` starts the part `NAME`.

use crate::{Finding, Outcome, Target};
use malachite_nz::natural::Natural;
use wythoff::answer::{self, GameSpec, Subject};

/// The parts of an input: each line `#== NAME` starts the part `NAME`; what
/// comes before the first is the part `""`.
pub fn sections(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = vec![(String::new(), String::new())];
    for line in text.split_inclusive('\n') {
        if let Some(name) = line.strip_prefix("#== ") {
            out.push((name.trim_end().to_string(), String::new()));
        } else if let Some(last) = out.last_mut() {
            last.1.push_str(line);
        }
    }
    out
}

fn part<'a>(parts: &'a [(String, String)], name: &str) -> Option<&'a str> {
    parts.iter().find(|(n, _)| n == name).map(|p| p.1.as_str())
}

fn text(input: &[u8]) -> String {
    String::from_utf8_lossy(input).into_owned()
}

fn refused(e: impl std::fmt::Display) -> Result<Outcome, Finding> {
    Ok(Outcome::Refused(e.to_string()))
}

/// A solver's answer after a parse: a refusal must be clear too.
fn then(r: Result<(), String>, kind: &str) -> Result<Outcome, Finding> {
    match r {
        Ok(()) => Ok(Outcome::Accepted(kind.to_string())),
        Err(e) => crate::check_refusal(&e).map(|()| Outcome::Accepted(format!("{kind}, then no"))),
    }
}

fn small(n: u32) -> Natural {
    Natural::from(n)
}

/// GAME strings and parameter expressions (`GAME`, `GAME@misere`,
/// `name:key=value,...`, `B^E`, the huge m-Modular choice), then one position.
pub struct Game;

impl Target for Game {
    fn name(&self) -> &'static str {
        "game"
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "wythoff",
            "nim",
            "modular:m=",
            "m-wythoff:m=",
            "st-wythoff:s=",
            ",t=",
            "connell:p=",
            "roob-blocking:m=",
            ",p=",
            ",l=",
            "restricted:",
            "h=",
            "v=",
            "d1=",
            "d2=",
            "rook(",
            "max",
            "min",
            "odd",
            "even",
            "all",
            "none",
            "@misere",
            "@normal",
            "@misère",
            "^",
            "=",
            ":",
            "imitation:p=",
            "blocking-wythoff:k=",
            "corner:",
            "u=",
            ",v=",
            "10^6",
            "10^1000",
            "7^100000",
            "rules.toml",
            "./",
            "/dev/zero",
        ]
    }
    fn max_len(&self) -> usize {
        16 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = text(input);
        let (g, misere) = match answer::parse_side(&t) {
            Ok(s) => s,
            Err(e) => return refused(e),
        };
        let spec = match GameSpec::from_arg(g, misere, |_, _| -> Result<String, &str> {
            Err("(the fuzz harness reads no file)")
        }) {
            Ok(s) => s,
            Err(wythoff::subject::GameArgError::Read { error, .. }) => return refused(error),
            Err(wythoff::subject::GameArgError::Rules { error, .. }) => return refused(error),
        };
        let _ = spec.label();
        let r = answer::outcome_of(&spec, &small(3), &small(5), &[], None)
            .map(|_| ())
            .map_err(|e| e.to_string());
        then(
            r,
            if matches!(spec, GameSpec::HugeModular { .. }) {
                "huge modular"
            } else {
                "game"
            },
        )
    }
}

/// TOML rules files (what GAME names as a file), then a small board.
pub struct Rules;

impl Target for Rules {
    fn name(&self) -> &'static str {
        "rules"
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "name = ",
            "h = ",
            "v = ",
            "misere = true",
            "[two-pile]",
            "d1 = ",
            "d2 = ",
            "relation = ",
            "\"band:2\"",
            "\"cone:2:3\"",
            "\"congruent:3\"",
            "\"diagonal\"",
            "[blocking]",
            "class = ",
            "\"one-pile\"",
            "\"diagonal\"",
            "min = ",
            "p = ",
            "[corner]",
            "u = ",
            "[[variant]]",
            "corner = { u = 1, v = 1 }",
            "\"odd\"",
            "\"all\"",
            "\"3:0+1\"",
            "\"rook(2,3)\"",
            "\"max5\"",
            "[memory]",
            "[terminal]",
            "= [",
        ]
    }
    fn max_len(&self) -> usize {
        wythoff::subject::MAX_RULES_FILE as usize
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = text(input);
        match Subject::from_rules(&t, false) {
            Ok(s) => {
                let r = wythoff::solve::outcomes(&s.game, 8)
                    .map(|_| ())
                    .map_err(|e| e.to_string());
                then(r, "rules")
            }
            Err(e) => refused(e),
        }
    }
}

/// Piles and the other numbers of a request: each line as a pile, a pair
/// `x,y`, `--max`, `--values A..G`, `--terms`, the level range; the lines as a
/// history; a pile that parses is a position of Wythoff's game.
pub struct Piles;

impl Target for Piles {
    fn name(&self) -> &'static str {
        "piles"
    }
    fn tokens(&self) -> &'static [&'static str] {
        &["..", ",", "x", "0..64", "1024", "1048577", "00", "0001"]
    }
    fn max_len(&self) -> usize {
        16 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = text(input);
        let lines: Vec<&str> = t.lines().take(64).collect();
        let mut accepted = 0;
        let mut fails: Vec<String> = Vec::new();
        let wythoff = GameSpec::Game(Subject::parse("wythoff", false).map_err(|e| e.to_string())?);
        for l in &lines {
            match answer::parse_pile(l, "X") {
                Ok(x) => {
                    accepted += 1;
                    let y = x.clone() + small(1);
                    if let Err(e) = answer::outcome_of(&wythoff, &x, &y, &[], None) {
                        fails.push(e.to_string());
                    }
                }
                Err(e) => fails.push(e.to_string()),
            }
            let rs: [Result<(), String>; 6] = [
                answer::parse_pair(l).map(|_| ()),
                answer::parse_max(l).map(|_| ()).map_err(|e| e.to_string()),
                answer::parse_values(l)
                    .map(|_| ())
                    .map_err(|e| e.to_string()),
                answer::parse_terms(l)
                    .map(|_| ())
                    .map_err(|e| e.to_string()),
                answer::parse_levels_max(l)
                    .map(|_| ())
                    .map_err(|e| e.to_string()),
                answer::parse_position(l)
                    .map(|_| ())
                    .map_err(|e| e.to_string()),
            ];
            for r in rs {
                match r {
                    Ok(()) => accepted += 1,
                    Err(e) => fails.push(e),
                }
            }
        }
        if let Err(e) = answer::parse_history(&lines) {
            fails.push(e.to_string());
        }
        for f in &fails {
            crate::check_refusal(f)?;
        }
        Ok(Outcome::Accepted(format!(
            "{} of {} accepted",
            accepted.min(9),
            lines.len().min(9)
        )))
    }
}

/// Length sets and relations (the values of GAME's set parameters and of a
/// rules file's fields).
pub struct Sets;

impl Target for Sets {
    fn name(&self) -> &'static str {
        "sets"
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "all",
            "none",
            "odd",
            "even",
            "max",
            "min",
            "rook(",
            "|",
            "&",
            "+",
            ":",
            "band:",
            "cone:",
            "congruent:",
            "diagonal",
            "64:63",
            "3:1+2",
        ]
    }
    fn max_len(&self) -> usize {
        8 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = text(input);
        let rel = wythoff::rules::Relation::parse(&t).map(|_| ());
        match wythoff::sets::LengthSet::parse(&t) {
            Ok(s) => {
                let _ = s.members_up_to(70);
                let _ = s.spec();
                if let Err(e) = rel {
                    crate::check_refusal(&e.to_string())?;
                }
                Ok(Outcome::Accepted("set".into()))
            }
            Err(e) => {
                if let Err(r) = rel {
                    crate::check_refusal(&r.to_string())?;
                }
                refused(e)
            }
        }
    }
}

/// `check-table` files (a list of printed positions), then checked against
/// Wythoff's game.
pub struct Table;

impl Target for Table {
    fn name(&self) -> &'static str {
        "table"
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "(", ")", ",", "# ", "0,0\n", "1,2\n", "3,5\n", "{", "}", ";",
        ]
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = text(input);
        match wythoff::table_check::parse_list(&t) {
            Ok(list) => {
                let g = wythoff::catalogue::parse_game("wythoff").map_err(|e| e.to_string())?;
                let r = wythoff::table_check::check(&g.game, "wythoff", None, &list)
                    .map(|_| ())
                    .map_err(|e| e.to_string());
                then(r, "table")
            }
            Err(e) => refused(e),
        }
    }
}

/// Sweep specs (`wythoff sweep SPEC`, Python's `sweep`): ranges, lists and
/// variables of a catalogue game's parameters.
pub struct SweepSpec;

impl Target for SweepSpec {
    fn name(&self) -> &'static str {
        "sweep_spec"
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "modulo-rook:",
            "m=",
            "1..2",
            "..",
            ",l=",
            ",p=",
            "0..1000000",
            "{",
            "}",
            "[",
            "]",
            "m+1",
            "2*m",
            "|",
            ";",
            "=",
            "..=",
            "step",
            "st-wythoff:s=1..3,t=1..3",
        ]
    }
    fn max_len(&self) -> usize {
        16 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = text(input);
        match wythoff::sweep::Spec::parse(&t) {
            Ok(s) => {
                let n = s.total();
                let _ = s.key_names();
                for i in [0, n / 2, n.saturating_sub(1)] {
                    if i < n {
                        let _ = s.combination(i);
                    }
                }
                Ok(Outcome::Accepted(format!(
                    "spec of {} keys",
                    s.key_names().len()
                )))
            }
            Err(e) => refused(e),
        }
    }
}

/// Records gathered for `--merge`, `--resume` and Python's `sweep`
/// (`check_gathered`): parts `spec`, `max`, `prove` (the identity's proof
/// options), `indices` (comma separated) and `records` (one json line each).
pub struct SweepRecords;

impl Target for SweepRecords {
    fn name(&self) -> &'static str {
        "sweep_records"
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "\"index\":",
            "\"game\":",
            "\"convention\":",
            "\"misere\"",
            "\"params\":",
            "\"proof\":",
            "\"verdict\":",
            "\"proved\"",
            "\"refuted\"",
            "\"shared_with\":",
            "\"numeration\":",
            "\"msd_fib\"",
            "\"states\":",
            "\"sweep\":",
            "\"shard\":\"1/1\"",
            "\"max\":",
            "null",
            "\"witness\":{\"x\":1,\"y\":2,\"statement\":\"stable\"}",
            "\"jar_sha256\":",
        ]
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = text(input);
        let parts = sections(&t);
        let spec_text = part(&parts, "spec").unwrap_or("").trim().to_string();
        let spec = match wythoff::sweep::Spec::parse(&spec_text) {
            Ok(s) => s,
            Err(e) => return refused(e),
        };
        let max: u64 = part(&parts, "max")
            .and_then(|m| m.trim().parse().ok())
            .unwrap_or(16);
        let misere = part(&parts, "misere").is_some();
        let conv = if misere {
            wythoff::Convention::Misere
        } else {
            wythoff::Convention::Normal
        };
        let mut ours = wythoff::sweep::Identity::new(&spec, max, conv);
        ours.prove = part(&parts, "prove").map(|p| p.trim().to_string());
        let indices: Vec<u64> = part(&parts, "indices")
            .unwrap_or("")
            .split(',')
            .filter_map(|i| i.trim().parse().ok())
            .take(10_000)
            .collect();
        let lines: Vec<String> = part(&parts, "records")
            .unwrap_or("")
            .lines()
            .map(str::to_string)
            .collect();
        match wythoff::sweep::check_gathered(&ours, &spec, &indices, &lines) {
            Ok(()) => Ok(Outcome::Accepted(format!("{} records", lines.len().min(3)))),
            Err(e) => refused(e),
        }
    }
}

/// Proof folders (`outcome --oracle DIR`, the shipped proofs): parts named by
/// the folder's files (`Command Files/prove.txt`, `Automata Library/pset.txt`,
/// `Custom Bases/...`); what reads is asked about small and huge positions.
pub struct ProofFolder;

impl Target for ProofFolder {
    fn name(&self) -> &'static str {
        "proof_folder"
    }
    fn tokens(&self) -> &'static [&'static str] {
        FOLDER_TOKENS
    }
    fn max_len(&self) -> usize {
        256 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        self.run_folder(input)
    }
}

/// The tokens of proof folders.
pub const FOLDER_TOKENS: &[&str] = &[
    "msd_fib",
    "msd_2",
    "msd_o1p3",
    "msd_fs2t1",
    "ost o1p3 [0 1] [3];",
    " -> ",
    "0 1\n",
    "1 0\n",
    "def ",
    "eval ",
    "macro comment \"",
    "(normal play)",
    "(misere play)",
    "#== Automata Library/pset.txt\n",
    "#== Command Files/prove.txt\n",
    "#== Custom Bases/msd_fs2t1.txt\n",
    "4294967295",
    "true\n",
    "false\n",
];

impl ProofFolder {
    fn run_folder(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = text(input);
        let parts = sections(&t);
        let files: Vec<(&str, &str)> = parts
            .iter()
            .filter(|(n, _)| !n.is_empty())
            .map(|(n, b)| (n.as_str(), b.as_str()))
            .collect();
        match wythoff::proved::ProvedAutomaton::from_files(&files, "fuzz", None, false) {
            Ok(p) => {
                let huge: Natural = "123456789012345678901234567890123456789".parse().unwrap();
                for (x, y) in [(0u32, 0u32), (1, 2), (3, 5), (1000, 1618)] {
                    let _ = p.is_p(&small(x), &small(y));
                }
                let _ = p.is_p(&huge, &(huge.clone() + small(7)));
                if let Ok(w) = Subject::parse("wythoff", false) {
                    let _ = p.mismatch(&w);
                    let r = answer::outcome_with_proof(&w, p, &small(4), &small(7))
                        .map(|_| ())
                        .map_err(|e| e.to_string());
                    return then(r, "folder");
                }
                Ok(Outcome::Accepted("folder".into()))
            }
            Err(e) => refused(e),
        }
    }
}

/// Walnut's automaton files (what `prove` reads back, and a folder's
/// automata).
pub struct WalnutAutomaton;

impl Target for WalnutAutomaton {
    fn name(&self) -> &'static str {
        "walnut_automaton"
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "msd_fib", "msd_2", "msd_10", "lsd_2", " -> ", "0 1\n", "1 0\n", "true", "false",
            "{0, 1}", "[", "]",
        ]
    }
    fn max_len(&self) -> usize {
        256 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = text(input);
        match wythoff::prove::automaton::WalnutAutomaton::parse(&t) {
            Ok(a) => {
                let n = a.inputs.len();
                for len in 0..4usize {
                    let word: Vec<Vec<u32>> = (0..len).map(|i| vec![(i % 2) as u32; n]).collect();
                    let _ = a.accepts_digits(&word);
                }
                Ok(Outcome::Accepted(format!("{n} inputs")))
            }
            Err(e) => refused(e),
        }
    }
}

/// Walnut's output read back (`prove`, `prove --recheck`): parts `stdout`,
/// `stderr` and `log` (a `Result/NAME_log.txt`).
pub struct WalnutOutput;

impl Target for WalnutOutput {
    fn name(&self) -> &'static str {
        "walnut_output"
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "[Walnut]$ eval ",
            "[Walnut]$ def ",
            "TRUE\n",
            "FALSE\n",
            "Total computation time: ",
            "ms\n",
            ":12 states - ",
            "Exception",
            "java.lang.OutOfMemoryError",
            "Invalid command.",
            "at Main.main(Main.java:1)\n",
            "... 3 more\n",
            ":def x",
            "Picked up ",
            "does not exist",
        ]
    }
    fn max_len(&self) -> usize {
        256 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        use wythoff::prove::{report, walnut_output};
        let t = text(input);
        let parts = sections(&t);
        let stdout = part(&parts, "stdout").unwrap_or(part(&parts, "").unwrap_or(""));
        let stderr = part(&parts, "stderr").unwrap_or("");
        let log = part(&parts, "log").unwrap_or("");
        let commands = walnut_output::parse_commands(stdout);
        let _ = walnut_output::parse_output(stdout);
        let secs = walnut_output::parse_log_seconds(log);
        let logs: Vec<(String, f64)> = commands
            .iter()
            .take(4)
            .map(|c| (c.name.clone(), secs.unwrap_or(0.0)))
            .collect();
        let (rows, errors) = report::recheck(stdout, stderr, &logs);
        let _ = report::out_of_memory(stdout);
        let _ = report::out_of_memory(stderr);
        for e in &errors {
            if e.contains('\n') {
                return Err(format!("an error line with a line break: {e:?}"));
            }
        }
        Ok(Outcome::Accepted(format!(
            "{} commands, {} errors, log {}",
            rows.len().min(3),
            errors.len().min(3),
            secs.is_some()
        )))
    }
}

/// Numerations (`prove --numeration`, a folder's `msd_` names) and the Custom
/// Bases files made for them.
pub struct Numeration;

impl Target for Numeration {
    fn name(&self) -> &'static str {
        "numeration"
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "msd_2",
            "msd_fib",
            "fib",
            "zeckendorf",
            "ostrowski:",
            "fraenkel:",
            "[0, 1, (3)]",
            "(",
            ")",
            ",",
            "beatty:",
            "2",
            "10",
        ]
    }
    fn max_len(&self) -> usize {
        4 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        use wythoff::prove::numeration::Numeration as N;
        let t = text(input);
        match N::parse(&t) {
            Ok(n) => {
                let _ = n.describe();
                let _ = n.walnut_definition();
                let _ = n.weights(1000);
                let _ = n.represent(&small(12345));
                let r = wythoff::prove::custom::custom_base(&n).map(|_| ());
                then(r, &format!("radix {}", n.radix().min(10)))
            }
            Err(e) => refused(e),
        }
    }
}

/// Every in-process target.
pub fn all() -> Vec<Box<dyn Target>> {
    vec![
        Box::new(Game),
        Box::new(Rules),
        Box::new(Piles),
        Box::new(Sets),
        Box::new(Table),
        Box::new(SweepSpec),
        Box::new(SweepRecords),
        Box::new(ProofFolder),
        Box::new(WalnutAutomaton),
        Box::new(WalnutOutput),
        Box::new(Numeration),
    ]
}
