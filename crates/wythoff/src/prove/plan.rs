//! The pipeline without I/O: solve the board (through [`crate::answer`]), choose
//! numerations, guess the automaton of the P-set, write the rules as formulas, and
//! lay out the files of a complete WALNUT_HOME (automaton, command files). The CLI
//! writes them and runs Walnut; [`parse_output`] and [`parse_log_seconds`] read
//! Walnut's answers back.

use super::automaton::{guess, Automaton, Guess};
use super::formula::{refusal, rules_formula, RulesFormula, Statement};
use super::numeration::{beatty_numerations, continued_fraction, Numeration};
use crate::answer::{outcome_table, Subject};
use crate::error::SolveError;
use crate::patterns::{board::Board, find_in_board, Pattern};

/// The eight folders Walnut expects under WALNUT_HOME.
pub const WALNUT_FOLDERS: [&str; 8] = [
    "Automata Library",
    "Command Files",
    "Custom Bases",
    "Macro Library",
    "Morphism Library",
    "Result",
    "Transducer Library",
    "Word Automata Library",
];

/// The P-set automaton's name (`Automata Library/pset.txt`; inputs x then y).
pub const AUTOMATON: &str = "pset";
/// The command file of the proof (`Command Files/prove.txt`, run with `load prove.txt;`).
pub const COMMAND_FILE: &str = "prove.txt";
/// The command file that names the positions where a statement fails.
pub const WITNESS_FILE: &str = "witness.txt";

/// The largest board `prove` solves (the guesser keeps a few words per cell).
pub const MAX_PROVE_BOARD: u64 = 4096;
/// The default board.
pub const DEFAULT_BOARD: u64 = 1024;
/// The default bound on the automaton's states.
pub const DEFAULT_MAX_STATES: usize = 300;

/// One numeration tried and what came of it.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub numeration: Numeration,
    /// `Some(states)` when an automaton agreeing with the board was found.
    pub states: Option<usize>,
    /// The most classes seen when none was found.
    pub largest: usize,
    /// Digits of the board's largest full block.
    pub digits: usize,
    /// The bound on the states.
    pub max_states: usize,
}

impl Attempt {
    pub fn describe(&self) -> String {
        match self.states {
            Some(s) => format!("{}: {s} states", self.numeration.describe()),
            None => format!(
                "{}: none with at most {} states ({} classes seen, {} digits of data)",
                self.numeration.describe(),
                self.max_states,
                self.largest,
                self.digits
            ),
        }
    }
}

/// The result of the search for an automaton.
#[derive(Clone, Debug)]
pub struct Search {
    pub automaton: Option<Automaton>,
    pub attempts: Vec<Attempt>,
    pub board: u64,
    /// `c` when every row `1 <= x < N/8` of the board holds exactly `c` P-positions
    /// (`1 <= c <= 4`): the papers' complementarity, stated for Walnut.
    pub row_count: Option<u64>,
}

/// The board's constant number of P-positions per row `1 <= x < N/8`, if any.
fn row_count(cells: &[bool], n: usize) -> Option<u64> {
    let counts: Vec<usize> = (1..(n / 8).max(2))
        .map(|x| cells[x * n..(x + 1) * n].iter().filter(|&&c| c).count())
        .collect();
    let c = *counts.first()?;
    (counts.iter().all(|&k| k == c) && (1..=4).contains(&c)).then_some(c as u64)
}

/// The papers' complementarity as a statement about the P-set: every `x >= 1` is
/// the first pile of exactly `c` P-positions (each value `c` times among the pairs).
pub fn complementarity(c: u64) -> Statement {
    let vars = |k: u64| -> Vec<String> { (1..=k).map(|i| format!("y{i}")).collect() };
    let at_least = |k: u64| -> String {
        let vs = vars(k);
        let mut conj: Vec<String> = vs
            .windows(2)
            .map(|w| format!("{}<{}", w[0], w[1]))
            .collect();
        conj.extend(vs.iter().map(|v| format!("${AUTOMATON}(a,{v})")));
        format!("(E {} {})", vs.join(","), conj.join(" & "))
    };
    Statement {
        name: "p_complementarity".into(),
        body: format!("(a>=1 & b=b) => ({} & ~{})", at_least(c), at_least(c + 1)),
    }
}

/// The numerations to try for a board: those a Beatty law's closed form suggests
/// (Ostrowski of frac(alpha) and of 1/alpha), then base 2, Zeckendorf, base 3 and
/// the Ostrowski numerations of a few quadratic irrationals of small height.
pub fn candidates(board: &Board) -> Vec<Numeration> {
    let mut out: Vec<Numeration> = Vec::new();
    let small = if board.size() > 512 {
        Board::from_fn(512, |x, y| board.get(x, y))
    } else {
        board.clone()
    };
    let mut periodic = false;
    for p in find_in_board(&small) {
        match p {
            Pattern::Pairs(pairs) => {
                if let Some(q) = pairs.beatty.as_ref().and_then(|b| b.quad) {
                    // (u + v sqrt d) / w = (u + sqrt(v^2 d)) / w
                    if let (Ok(u), Ok(d), Ok(w)) = (
                        i64::try_from(q.u),
                        u64::try_from(q.v * q.v * q.d),
                        i64::try_from(q.w),
                    ) {
                        if let Some((pre, per)) = continued_fraction(u, d, w) {
                            if per.len() <= 8
                                && pre.len() <= 9
                                && per.iter().chain(&pre).all(|&a| a <= 9)
                            {
                                out.extend(beatty_numerations(&pre, &per));
                            }
                        }
                    }
                }
            }
            Pattern::Periodic(_) | Pattern::Finite(_) => periodic = true,
            _ => {}
        }
    }
    let _ = periodic; // base 2 comes first among the fallbacks either way
    let fallbacks = [
        Numeration::Base(2),
        Numeration::zeckendorf(),
        Numeration::Base(3),
        Numeration::ostrowski(vec![0], vec![2]),
        Numeration::ostrowski(vec![0, 1], vec![2]),
        Numeration::ostrowski(vec![0], vec![3]),
        Numeration::ostrowski(vec![0, 1], vec![3]),
    ];
    for n in fallbacks {
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

/// Solve the board of side `max` and search for the P-set's automaton: in `only`
/// when given, otherwise in the [`candidates`], keeping the first found.
pub fn search(
    s: &Subject,
    max: u64,
    only: Option<&Numeration>,
    max_states: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Search, SolveError> {
    if let Some(why) = refusal(&s.game) {
        return Err(SolveError::Unsupported(format!("{}: {why}", s.label)));
    }
    if !(16..=MAX_PROVE_BOARD).contains(&max) {
        return Err(SolveError::BadInput(format!(
            "--max {max}: prove solves boards from 16 to {MAX_PROVE_BOARD}"
        )));
    }
    let cells = outcome_table(s, max, progress)?;
    let n = max as usize;
    let member = |x: u32, y: u32| cells[x as usize * n + y as usize];
    let list = match only {
        Some(num) => vec![num.clone()],
        None => candidates(&Board::from_fn(n, |x, y| cells[x * n + y])),
    };
    let mut attempts = Vec::new();
    for num in list {
        match guess(&num, max as u32, &member, max_states) {
            Guess::Found { automaton, .. } => {
                attempts.push(Attempt {
                    numeration: num,
                    states: Some(automaton.states()),
                    largest: automaton.states(),
                    digits: 0,
                    max_states,
                });
                return Ok(Search {
                    automaton: Some(automaton),
                    attempts,
                    board: max,
                    row_count: row_count(&cells, n),
                });
            }
            Guess::NotFound { largest, digits } => attempts.push(Attempt {
                numeration: num,
                states: None,
                largest,
                digits,
                max_states,
            }),
        }
    }
    Ok(Search {
        automaton: None,
        attempts,
        board: max,
        row_count: row_count(&cells, n),
    })
}

/// The P-set through the pairs that define it: automata of the graphs
/// `{(n, a_n)}` and `{(n, b_n)}` (inputs n then the value), and
/// `S(x, y) = E n (A(n, x) & B(n, y)) | (A(n, y) & B(n, x))` (Walnut builds it).
#[derive(Clone, Debug)]
pub struct PairsModel {
    pub a: Automaton,
    pub b: Automaton,
}

/// The graph automata's names (`Automata Library/pa.txt`, `pb.txt`).
pub const GRAPH_A: &str = "pa";
pub const GRAPH_B: &str = "pb";

/// When the P-set itself has no small automaton ("skewed" sets such as
/// roob-blocking's), guess the automata of `n -> a_n` and `n -> b_n` from the
/// first `max` pairs of [`crate::answer::sequence`] instead, in one numeration.
pub fn search_pairs(
    s: &Subject,
    max: u64,
    only: Option<&Numeration>,
    max_states: usize,
) -> Result<(Option<PairsModel>, Vec<Attempt>), SolveError> {
    if !(16..=MAX_PROVE_BOARD).contains(&max) {
        return Err(SolveError::BadInput(format!(
            "--max {max}: prove solves boards from 16 to {MAX_PROVE_BOARD}"
        )));
    }
    // the pairs of a published solution only: reading them off a board of a game
    // without one may need a board far larger than N (b_n grows faster than n)
    if s.oracle().is_none() {
        return Err(SolveError::Unsupported(format!(
            "{}: no published pairs (a_n, b_n) to read the graphs from",
            s.label
        )));
    }
    let flat = crate::answer::sequence_list(s, max, &mut |_, _| {})?;
    let a: Vec<u64> = flat.iter().step_by(2).copied().collect();
    let b: Vec<u64> = flat.iter().skip(1).step_by(2).copied().collect();
    let n = max as usize;
    let list = match only {
        Some(num) => vec![num.clone()],
        None => {
            let cells = outcome_table(s, max, &mut |_, _| {})?;
            candidates(&Board::from_fn(n, |x, y| cells[x * n + y]))
        }
    };
    let mut attempts = Vec::new();
    for num in list {
        let ma = |i: u32, v: u32| a.get(i as usize) == Some(&(v as u64));
        let mb = |i: u32, v: u32| b.get(i as usize) == Some(&(v as u64));
        let ga = guess(&num, max as u32, &ma, max_states);
        let gb = match &ga {
            Guess::Found { .. } => Some(guess(&num, max as u32, &mb, max_states)),
            _ => None,
        };
        match (ga, gb) {
            (Guess::Found { automaton: aa, .. }, Some(Guess::Found { automaton: ab, .. })) => {
                attempts.push(Attempt {
                    numeration: num,
                    states: Some(aa.states() + ab.states()),
                    largest: aa.states() + ab.states(),
                    digits: 0,
                    max_states,
                });
                return Ok((Some(PairsModel { a: aa, b: ab }), attempts));
            }
            (Guess::NotFound { largest, digits }, _)
            | (_, Some(Guess::NotFound { largest, digits })) => attempts.push(Attempt {
                numeration: num,
                states: None,
                largest,
                digits,
                max_states,
            }),
            _ => {}
        }
    }
    Ok((None, attempts))
}

/// The files of a WALNUT_HOME that proves the P-set of `s` is the set defined from
/// the pairs' graph automata (see [`PairsModel`]).
pub fn pairs_proof_files(
    s: &Subject,
    m: &PairsModel,
    extras: &[Statement],
) -> Result<ProofFiles, SolveError> {
    let mut f = proof_files_with(
        s,
        &m.a.numeration,
        &[(
            AUTOMATON.to_string(),
            format!(
                "(E n ${GRAPH_A}(n,a) & ${GRAPH_B}(n,b)) | (E n ${GRAPH_A}(n,b) & ${GRAPH_B}(n,a))"
            ),
        )],
        extras,
    )?;
    f.files
        .push((format!("Automata Library/{GRAPH_A}.txt"), m.a.to_walnut()));
    f.files
        .push((format!("Automata Library/{GRAPH_B}.txt"), m.b.to_walnut()));
    Ok(f)
}

/// The files of a WALNUT_HOME that proves (or refutes) that `automaton` is the
/// P-set of `s`: `(path relative to WALNUT_HOME, contents)`. The eight folders
/// are created by the writer ([`WALNUT_FOLDERS`]).
#[derive(Clone, Debug)]
pub struct ProofFiles {
    pub files: Vec<(String, String)>,
    /// The statements' names, in order.
    pub statements: Vec<String>,
    /// Those that make the proof (the others are the papers' further statements
    /// about the proved set).
    pub core: Vec<String>,
    pub formula: RulesFormula,
}

pub fn proof_files(
    s: &Subject,
    automaton: &Automaton,
    extras: &[Statement],
) -> Result<ProofFiles, SolveError> {
    let mut f = proof_files_with(s, &automaton.numeration, &[], extras)?;
    f.files.insert(
        0,
        (
            format!("Automata Library/{AUTOMATON}.txt"),
            automaton.to_walnut(),
        ),
    );
    Ok(f)
}

/// The command files; `first_defs` come before the rules' definitions.
fn proof_files_with(
    s: &Subject,
    numeration: &Numeration,
    first_defs: &[(String, String)],
    extras: &[Statement],
) -> Result<ProofFiles, SolveError> {
    let formula = rules_formula(&s.game, AUTOMATON)
        .map_err(|why| SolveError::Unsupported(format!("{}: {why}", s.label)))?;
    let ns = numeration.walnut_name();
    let mut cmd = format!(
        "# {} ({}): the automaton {AUTOMATON} (inputs x then y) is its set of P-positions;\n",
        s.label.replace(';', ","),
        s.convention_text()
    );
    // Walnut reads a command up to its `;`: every comment ends with one
    cmd.push_str("# written by wythoff prove, run in Walnut with: load prove.txt;\n");
    if let Some(def) = numeration.walnut_definition() {
        cmd.push_str(&def);
        cmd.push('\n');
    }
    for (name, f) in first_defs.iter().chain(&formula.defs) {
        cmd.push_str(&format!("def {name} \"?{ns} {f}\";\n"));
    }
    let mut wit = String::from("# the positions (a, b) where each statement of prove.txt fails;\n");
    for st in formula.statements.iter().chain(extras) {
        cmd.push_str(&format!("eval {} \"?{ns} A a,b {}\";\n", st.name, st.body));
        wit.push_str(&format!("eval wit_{} \"?{ns} ~({})\";\n", st.name, st.body));
    }
    let files = vec![
        (format!("Command Files/{COMMAND_FILE}"), cmd),
        (format!("Command Files/{WITNESS_FILE}"), wit),
    ];
    Ok(ProofFiles {
        core: formula.statements.iter().map(|s| s.name.clone()).collect(),
        statements: formula
            .statements
            .iter()
            .chain(extras)
            .map(|s| s.name.clone())
            .collect(),
        files,
        formula,
    })
}

/// The verdict of each `eval NAME` in Walnut's output: `Some(true)` for TRUE,
/// `Some(false)` for FALSE, `None` when Walnut printed an error instead.
pub fn parse_output(stdout: &str) -> Vec<(String, Option<bool>, String)> {
    let mut out: Vec<(String, Option<bool>, String)> = Vec::new();
    let mut cur: Option<usize> = None;
    for line in stdout.lines() {
        let t = line.trim().trim_start_matches("[Walnut]$").trim();
        if let Some(rest) = t.strip_prefix("eval ") {
            let name = rest.split_whitespace().next().unwrap_or("").to_string();
            out.push((name, None, String::new()));
            cur = Some(out.len() - 1);
        } else if let Some(i) = cur {
            if t == "TRUE" || t == "FALSE" {
                out[i].1 = Some(t == "TRUE");
                cur = None;
            } else if out[i].2.is_empty()
                && (t.contains("Exception")
                    || t.starts_with("Error")
                    || t.contains("does not exist"))
            {
                out[i].2 = t.to_string();
            }
        }
    }
    out
}

/// The seconds of `Total computation time: N ms.` in a `Result/NAME_log.txt`.
pub fn parse_log_seconds(log: &str) -> Option<f64> {
    let i = log.find("Total computation time:")?;
    let rest = &log[i + "Total computation time:".len()..];
    let ms: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    ms.parse::<u64>().ok().map(|m| m as f64 / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_parsing() {
        let out = "[Walnut]$ eval stable \"?msd_fib A a,b x\";\ncomputed ~:1 states - 1ms\n____\nTRUE\neval absorbing \"...\";\n____\nFALSE\neval bad \"..\";\njava.lang.Exception: operator | cannot be applied\n";
        let p = parse_output(out);
        assert_eq!(p[0], ("stable".into(), Some(true), String::new()));
        assert_eq!(p[1].1, Some(false));
        assert_eq!(p[2].1, None);
        assert!(p[2].2.contains("Exception"));
        assert_eq!(
            parse_log_seconds("x\nTotal computation time: 1234ms.true"),
            Some(1.234)
        );
    }

    #[test]
    fn wythoff_search_and_files() {
        let s = Subject::parse("wythoff", false).unwrap();
        let r = search(&s, 256, None, 100, &mut |_, _| {}).unwrap();
        let a = r.automaton.unwrap();
        assert_eq!(a.numeration, Numeration::zeckendorf());
        let f = proof_files(&s, &a, &[]).unwrap();
        assert_eq!(f.statements, ["stable", "absorbing"]);
        assert!(f.files[1].1.contains("ost fib [0] [1];"));
        let blocked = Subject::parse("imitation", false);
        if let Ok(b) = blocked {
            assert!(search(&b, 64, None, 10, &mut |_, _| {}).is_err());
        }
    }
}
