//! `prove --grundy`: the Sprague-Grundy function (or one of its level sets)
//! as automata guessed from a solved Grundy table, and the mex property as
//! first-order statements Walnut decides.
//!
//! *The whole function*: the relation `R(x, y, z)` ("G(x, y) = z",
//! synchronized: three numbers read together, most significant digit first)
//! is guessed by [`guess_function`] (the graph guesser of the pairs' road,
//! with two arguments), and Walnut decides, with `opt(a,b,c,d)` the game's
//! move relation (the P-set proof's own definition):
//!
//! 1. `g_total`, `g_functional`: every position has exactly one `z`;
//! 2. `no_equal_option`: `R(a,b,z) & opt(a,b,c,d) => ~R(c,d,z)`;
//! 3. `mex`: `R(a,b,z) & w < z => E c,d opt(a,b,c,d) & R(c,d,w)`.
//!
//! These characterise G: by induction on `a + b`, if every option's `z` is
//! its Grundy value, 2 and 3 say that `z` is the least value no option has.
//!
//! *A level set* (`value = g`): automata `lev0, ..., levg` of the sets
//! `{G = k}` (each guessed by the P-set guesser, [`guess`], in one
//! numeration), and for each `k`: `levk_outside` (disjoint from the lower
//! levels), `levk_stable` (no option of a position of the set is in it),
//! `levk_absorbing` (every position outside the levels `0..=k` has an option
//! in `levk`). With the lower levels proved, `levk` is the unique set outside
//! them in which a position lies exactly when none of its options does, which
//! is `{G = k}` (a position outside the lower levels has every value below
//! `k` among its options); level 0 is the P-set.

use super::automaton::{guess, guess_function, Automaton, Guess, GuessRelation, Relation};
use super::error::{ProveArg, ProveError};
use super::files::{comment, ProofFiles, COMMAND_FILE, WITNESS_FILE};
use super::formula::{rules_formula, RulesFormula, Statement};
use super::numeration::Numeration;
use super::search::candidates;
use crate::patterns::board::Board;
use crate::rules::Relation as MoveRelation;
use crate::subject::Subject;

pub use crate::walnut_format::{level_name, RELATION};
/// The largest level `--value` may ask for.
pub const MAX_VALUE: u32 = 64;

/// The statements saying that [`RELATION`] is the Grundy function (with
/// `opt(a,b,c,d)` the move relation; `reach(a,b,z)`: some option has value z).
pub fn function_statements() -> (Vec<(String, String)>, Vec<Statement>) {
    let r = RELATION;
    let defs = vec![(
        "reach".to_string(),
        format!("E c,d $opt(a,b,c,d) & ${r}(c,d,z)"),
    )];
    let st = |name: &str, body: String| Statement {
        name: name.into(),
        body,
    };
    let statements = vec![
        st("g_total", format!("(E z ${r}(a,b,z))")),
        st(
            "g_functional",
            format!("(A z,w ((${r}(a,b,z) & ${r}(a,b,w)) => z=w))"),
        ),
        st(
            "no_equal_option",
            format!("(A z (${r}(a,b,z) => ~$reach(a,b,z)))"),
        ),
        st(
            "mex",
            format!("(A z,w ((${r}(a,b,z) & w<z) => $reach(a,b,w)))"),
        ),
    ];
    (defs, statements)
}

/// The statements saying that `lev0, ..., lev{value}` are the level sets
/// `{G = 0}, ..., {G = value}` (`hitK(a,b)`: some option is in `levK`).
pub fn level_statements(value: u32) -> (Vec<(String, String)>, Vec<Statement>) {
    let mut defs = Vec::new();
    let mut statements = Vec::new();
    for k in 0..=value {
        let l = level_name(k);
        defs.push((
            format!("hit{k}"),
            format!("E c,d $opt(a,b,c,d) & ${l}(c,d)"),
        ));
        let lower: Vec<String> = (0..k).map(|j| format!("${}(a,b)", level_name(j))).collect();
        if k > 0 {
            statements.push(Statement {
                name: format!("{l}_outside"),
                body: format!("(${l}(a,b) => ~({}))", lower.join(" | ")),
            });
        }
        statements.push(Statement {
            name: format!("{l}_stable"),
            body: format!("(${l}(a,b) => ~$hit{k}(a,b))"),
        });
        let outside: Vec<String> = (0..=k)
            .map(|j| format!("~${}(a,b)", level_name(j)))
            .collect();
        statements.push(Statement {
            name: format!("{l}_absorbing"),
            body: format!("(({}) => $hit{k}(a,b))", outside.join(" & ")),
        });
    }
    (defs, statements)
}

/// The side statements of a Grundy proof (after the proof's own, not part of
/// it; a FALSE one is said beside the verdict): which level sets are finite,
/// one line each. Levels: `levK_finite` for each `K <= value`, "some `n`
/// bounds both piles of every position of level K" (`E n A a,b $levK(a,b) =>
/// (a<n & b<n)`); the whole function: `every_level_finite`, the same for every
/// value `z` at once. With the proof's statements TRUE, a TRUE side statement
/// proves the level set finite and a FALSE one proves it infinite.
pub fn finiteness_statements(level: Option<u32>) -> Vec<Finiteness> {
    let bounded = "(a<n & b<n)";
    match level {
        None => vec![Finiteness {
            level: None,
            name: "every_level_finite".to_string(),
            body: format!("A z E n A a,b (${RELATION}(a,b,z) => {bounded})"),
        }],
        Some(value) => (0..=value)
            .map(|k| {
                let l = level_name(k);
                Finiteness {
                    level: Some(k),
                    name: format!("{l}_finite"),
                    body: format!("E n A a,b (${l}(a,b) => {bounded})"),
                }
            })
            .collect(),
    }
}

/// One side statement of [`finiteness_statements`]: about level `level`
/// (`None`: every level at once), its name and its formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finiteness {
    pub level: Option<u32>,
    pub name: String,
    pub body: String,
}

impl Finiteness {
    /// Its line in `prove.txt`, in the numeration named `ns` (without the
    /// newline).
    pub fn eval_line(&self, ns: &str) -> String {
        format!("eval {} \"?{ns} {}\":", self.name, self.body)
    }
}

/// What a statement of a Grundy proof says (the comment above it).
pub fn purpose(name: &str) -> String {
    match name {
        "g_total" => "every position (a, b) has a value z with grundy(a,b,z)".into(),
        "g_functional" => "every position has at most one value".into(),
        "no_equal_option" => "no option of a position has the position's value".into(),
        "mex" => "every value below a position's value is the value of one of its options - with no_equal_option, the value is the mex of the options' values (induction on a + b)".into(),
        "every_level_finite" => "(not part of the proof) every level set G = z is finite - some n bounds both piles of each of its positions".into(),
        other => {
            let (k, what) = other
                .strip_prefix("lev")
                .and_then(|r| r.split_once('_'))
                .unwrap_or(("?", other));
            match what {
                "outside" => format!("level {k} is disjoint from the lower levels"),
                "stable" => format!("no option of a position of level {k} is in level {k}"),
                "absorbing" => format!(
                    "every position outside the levels 0..{k} has an option in level {k} - with stable and the lower levels, level {k} is the set G = {k}"
                ),
                "finite" => format!(
                    "(not part of the proof) level {k} is finite - some n bounds both piles of each of its positions"
                ),
                _ => format!("the statement {other}"),
            }
        }
    }
}

/// The automata a Grundy proof decides.
#[derive(Clone, Debug)]
pub enum GrundyModel {
    /// The relation `G(x, y) = z`.
    Function(Relation),
    /// The level sets `{G = 0}, ..., {G = value}`.
    Levels { value: u32, levels: Vec<Automaton> },
}

impl GrundyModel {
    pub fn numeration(&self) -> &Numeration {
        match self {
            GrundyModel::Function(r) => &r.numeration,
            GrundyModel::Levels { levels, .. } => &levels[0].numeration,
        }
    }
    /// The level proved (`None`: the whole function).
    pub fn value(&self) -> Option<u32> {
        match self {
            GrundyModel::Function(_) => None,
            GrundyModel::Levels { value, .. } => Some(*value),
        }
    }
    /// The states of the automaton the verdict is about (the relation's, or
    /// the asked level's).
    pub fn states(&self) -> usize {
        match self {
            GrundyModel::Function(r) => r.states(),
            GrundyModel::Levels { value, levels } => levels[*value as usize].states(),
        }
    }
    /// Each level's states (empty for the function).
    pub fn level_states(&self) -> Vec<usize> {
        match self {
            GrundyModel::Function(_) => Vec::new(),
            GrundyModel::Levels { levels, .. } => levels.iter().map(|a| a.states()).collect(),
        }
    }
    /// The automaton file the verdict is about.
    pub fn file(&self) -> String {
        match self {
            GrundyModel::Function(_) => format!("{RELATION}.txt"),
            GrundyModel::Levels { value, .. } => format!("{}.txt", level_name(*value)),
        }
    }
    pub fn describe(&self) -> String {
        let num = self.numeration();
        match self {
            GrundyModel::Function(r) => format!(
                "the {}-state automaton of G(x, y) = z in {} ({})",
                r.states(),
                num.describe(),
                num.walnut_name()
            ),
            GrundyModel::Levels { value, levels } => format!(
                "the automata of the levels G = 0..{value} ({} states) in {} ({})",
                levels
                    .iter()
                    .map(|a| a.states().to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                num.describe(),
                num.walnut_name()
            ),
        }
    }
}

/// Numerations [`grundy_candidates`] gives at most without `--numeration`
/// for a plan (the fallbacks of [`candidates`]; a board's suggestions come
/// before them and are usually among them; base `m` of m-Modular Wythoff one
/// more).
const PLANNED_NUMERATIONS: u64 = 7;

/// What `prove --grundy` costs before Walnut runs (issue 53: the guess on the
/// board of 4096 took gigabytes and minutes with no plan): the Grundy table of
/// the board (its kernel's plan), the values and the guess in each numeration
/// tried. Measured (one thread, load 7-8, `/usr/bin/time -v`, `prove wythoff
/// --grundy --plan`): the whole function at 512 1.2 s and 59 MiB, at 1024 6.2
/// s and 217 MiB, at 2048 30 s and 803 MiB (7 numerations, none found; about
/// 200 bytes a cell, the guess's classes of one numeration at a time, and 1
/// us a cell and numeration); Zeckendorf alone at 2048 8.6 s; the levels
/// `0..=2` at 2048 0.5 s and 95 MiB (about 24 bytes a cell, 6 ns a cell,
/// level and numeration).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GuessPlan {
    /// The board side.
    pub n: u64,
    /// The numerations the plan counts (the guess stops at the first found).
    pub numerations: u64,
    /// Estimated bytes allocated, what the budget is checked against.
    pub memory: u64,
    /// Estimated seconds of computation (one thread), the table's included.
    pub seconds: u64,
}

impl crate::solve::cost::Admit for GuessPlan {
    /// Its cost as admission reads it.
    fn cost(&self) -> crate::solve::cost::Cost<'_> {
        crate::solve::cost::Cost::of_board(
            "the Grundy guess of prove --grundy",
            self.n,
            self.memory,
            self.seconds,
        )
    }
}

/// The plan of `prove --grundy` on the `n x n` board of `s`: the levels
/// `0..=value` (`Some`) or the whole function, in one numeration (`one`: the
/// request names it) or in those tried ([`PLANNED_NUMERATIONS`]). `None` for
/// a game without Grundy values (the request's own refusal answers it).
pub fn guess_plan(s: &Subject, n: u64, value: Option<u32>, one: bool) -> Option<GuessPlan> {
    let table = crate::solve::plan::grundy_plan(&s.game, n, crate::solve::memory_budget())?;
    let congruent = s.game.as_single().and_then(|r| r.two_pile()).is_some_and(
        |t| matches!(t.relation, MoveRelation::Congruent { m } if (3..=9).contains(&m)),
    );
    let numerations = if one {
        1
    } else {
        PLANNED_NUMERATIONS + congruent as u64
    };
    let cells = (n as u128) * (n as u128);
    let (bytes, ps) = match value {
        None => (200u128, 1_000_000u128 * numerations as u128),
        Some(g) => (24, 8_000 * (g as u128 + 1) * numerations as u128),
    };
    let memory = (table.memory as u128).saturating_add(cells * bytes);
    let ps = (table.millis as u128)
        .saturating_mul(1_000_000_000)
        .saturating_add(cells.saturating_mul(ps));
    Some(GuessPlan {
        n,
        numerations,
        memory: u64::try_from(memory).unwrap_or(u64::MAX),
        seconds: crate::solve::cost::ps_seconds(ps),
    })
}

/// Why a game has no Grundy proof here: no Grundy values (the solver's
/// wording), or a removed corner (its cells are not positions; not written).
pub fn grundy_refusal(s: &Subject) -> Option<ProveError> {
    if let Err(e) = s.grundy_check() {
        return Some(ProveError::Solve(e));
    }
    let r = s.game.as_single()?;
    if r.corner().is_some() {
        return Some(ProveError::CannotExpress {
            game: s.label.clone(),
            why: "a Grundy proof of a game with a removed corner is not written yet (its cells are not positions)".into(),
        });
    }
    None
}

/// The numerations a Grundy table is tried in: those the P-positions suggest
/// ([`candidates`]), without Fraenkel's (a custom base, not written for
/// Grundy proofs), and base m for m-Modular Wythoff (3 <= m <= 9: first for
/// m <= 4, else after base 2).
pub fn grundy_candidates(s: &Subject, zeros: &Board) -> Vec<Numeration> {
    let mut out: Vec<Numeration> = candidates(zeros)
        .into_iter()
        .filter(|n| !matches!(n, Numeration::Fraenkel { .. }))
        .collect();
    if let Some(t) = s.game.as_single().and_then(|r| r.two_pile()) {
        if let MoveRelation::Congruent { m } = t.relation {
            if (3..=9).contains(&m) {
                let base = Numeration::Base(m as u32);
                out.retain(|n| n != &base);
                // Walnut's arithmetic on four numbers (the move relation)
                // costs m^4 letters: base m first for m <= 4 only, else
                // after base 2 (m = 6 in base 6: 132 s, in base 2: seconds)
                let at = if m <= 4 {
                    0
                } else {
                    out.iter()
                        .position(|n| n == &Numeration::Base(2))
                        .map_or(0, |i| i + 1)
                };
                out.insert(at, base);
            }
        }
    }
    out
}

/// One numeration tried: what came of it, in words.
fn tried_line(
    num: &Numeration,
    found: Option<String>,
    largest: usize,
    digits: usize,
    max_states: usize,
) -> String {
    match found {
        Some(s) => format!("{}: {s}", num.describe()),
        None => format!(
            "{}: none with at most {max_states} states ({largest} classes seen, {digits} digits of data)",
            num.describe()
        ),
    }
}

/// Search the numerations `list` for the model: the relation of `values`
/// (`value = None`) or the levels `0..=g` of it. `values(x, y)` on the
/// `n x n` board. Returns the model (the first found) and the lines tried.
pub fn search(
    list: &[Numeration],
    n: u64,
    values: &dyn Fn(u64, u64) -> u64,
    value: Option<u32>,
    max_states: usize,
) -> (Option<GrundyModel>, Vec<String>) {
    let mut tried = Vec::new();
    for num in list {
        match value {
            None => match guess_function(num, 2, n, &|x: &[u64]| values(x[0], x[1]), max_states) {
                GuessRelation::Found(rel) => {
                    tried.push(tried_line(
                        num,
                        Some(format!("{} states", rel.states())),
                        0,
                        0,
                        max_states,
                    ));
                    return (Some(GrundyModel::Function(rel)), tried);
                }
                GuessRelation::NotFound { largest, digits } => {
                    tried.push(tried_line(num, None, largest, digits, max_states))
                }
            },
            Some(g) => {
                let mut levels = Vec::new();
                let mut failed = None;
                for k in 0..=g {
                    let member = |x: u32, y: u32| values(x as u64, y as u64) == k as u64;
                    match guess(num, n as u32, &member, max_states) {
                        Guess::Found { automaton, .. } => levels.push(automaton),
                        Guess::NotFound { largest, digits } => {
                            failed = Some((k, largest, digits));
                            break;
                        }
                    }
                }
                match failed {
                    None => {
                        let states: Vec<String> =
                            levels.iter().map(|a| a.states().to_string()).collect();
                        tried.push(tried_line(
                            num,
                            Some(format!("levels 0..{g}: {} states", states.join(", "))),
                            0,
                            0,
                            max_states,
                        ));
                        return (Some(GrundyModel::Levels { value: g, levels }), tried);
                    }
                    Some((k, largest, digits)) => tried.push(format!(
                        "{} (level {k})",
                        tried_line(num, None, largest, digits, max_states)
                    )),
                }
            }
        }
    }
    (None, tried)
}

/// The files of a WALNUT_HOME deciding the Grundy statements of `model` for
/// the game of `s`: the automata, `prove.txt` and `witness.txt`.
/// The command file of a Grundy proof of `s` in `num` (`level`: `None` for
/// the relation G(x, y) = z, `Some(v)` for the level sets 0..=v), its
/// witness file, and its definitions and statements: all that
/// [`grundy_files`] writes but the automata.
pub struct GrundyCommand {
    pub cmd: String,
    pub wit: String,
    pub moves: Vec<(String, String)>,
    pub defs: Vec<(String, String)>,
    pub statements: Vec<Statement>,
}

pub fn grundy_command(
    s: &Subject,
    num: &Numeration,
    level: Option<u32>,
) -> Result<GrundyCommand, ProveError> {
    let cannot = |why: String| ProveError::CannotExpress {
        game: s.label.clone(),
        why,
    };
    // the rules' definitions; only the move relation (`opt`, and `dmv` it
    // uses) is kept: the others speak of a P-set automaton
    let rules = rules_formula(&s.game, "pset").map_err(cannot)?;
    let moves: Vec<(String, String)> = rules
        .defs
        .iter()
        .filter(|(n, _)| n == "dmv" || n == "opt")
        .cloned()
        .collect();
    if !moves.iter().any(|(n, _)| n == "opt") {
        return Err(cannot("no move relation to write".into()));
    }
    if matches!(num, Numeration::Fraenkel { .. }) {
        return Err(ProveError::bad(
            ProveArg::Numeration,
            num.describe(),
            "Grundy proofs are written in Walnut's own numerations (base K, Zeckendorf, Ostrowski)",
        ));
    }
    let ns = num.walnut_name();
    let (defs, statements) = match level {
        None => function_statements(),
        Some(value) => level_statements(value),
    };
    let what = match level {
        None => format!(
            "the automaton {RELATION} (inputs x, y, z) is its Sprague-Grundy function, G(x, y) = z"
        ),
        Some(value) => format!(
            "the automata lev0..lev{value} (inputs x then y) are its level sets G = 0, ..., G = {value}"
        ),
    };
    let mut cmd = comment(&format!("{} ({}) - {what}", s.label, s.convention_text()));
    cmd.push_str(&comment(
        "written by wythoff prove --grundy, run in Walnut with - load prove.txt, (each statement must print TRUE)",
    ));
    if let Some(def) = num.walnut_definition() {
        cmd.push_str(&comment(&format!("the numeration {}", num.describe())));
        cmd.push_str(&def);
        cmd.push('\n');
    }
    cmd.push_str(&comment("opt(a,b,c,d) - (c,d) is an option of (a,b)"));
    for (name, f) in moves.iter().chain(&defs) {
        cmd.push_str(&format!("def {name} \"?{ns} {f}\":\n"));
    }
    let mut wit = comment("the positions (a, b) where each statement of prove.txt fails");
    for st in &statements {
        cmd.push_str(&comment(&format!("{} - {}", st.name, purpose(&st.name))));
        cmd.push_str(&format!("eval {} \"?{ns} A a,b {}\":\n", st.name, st.body));
        wit.push_str(&format!("eval wit_{} \"?{ns} ~({})\";\n", st.name, st.body));
    }
    Ok(GrundyCommand {
        cmd,
        wit,
        moves,
        defs,
        statements,
    })
}

pub fn grundy_files(s: &Subject, model: &GrundyModel) -> Result<ProofFiles, ProveError> {
    let num = model.numeration();
    let ns = num.walnut_name();
    let level = match model {
        GrundyModel::Function(_) => None,
        GrundyModel::Levels { value, .. } => Some(*value),
    };
    let GrundyCommand {
        cmd,
        wit,
        moves,
        defs,
        statements,
    } = grundy_command(s, num, level)?;
    let core_end = cmd.len();
    let mut cmd = cmd;
    let mut names: Vec<String> = statements.iter().map(|s| s.name.clone()).collect();
    let core = names.clone();
    for f in finiteness_statements(level) {
        cmd.push_str(&comment(&format!("{} - {}", f.name, purpose(&f.name))));
        cmd.push_str(&f.eval_line(&ns));
        cmd.push('\n');
        names.push(f.name);
    }
    let mut files = vec![
        (format!("Command Files/{COMMAND_FILE}"), cmd),
        (format!("Command Files/{WITNESS_FILE}"), wit),
    ];
    match model {
        GrundyModel::Function(rel) => files.insert(
            0,
            (
                format!("Automata Library/{RELATION}.txt"),
                rel.to_walnut(&format!("{ns} {ns} {ns}")),
            ),
        ),
        GrundyModel::Levels { levels, .. } => {
            for (k, a) in levels.iter().enumerate() {
                files.insert(
                    k,
                    (
                        format!("Automata Library/{}.txt", level_name(k as u32)),
                        a.to_walnut(),
                    ),
                );
            }
        }
    }
    Ok(ProofFiles {
        statements: names,
        core,
        winning: None,
        closed_form: None,
        core_end,
        files,
        formula: RulesFormula {
            defs: moves.into_iter().chain(defs).collect(),
            statements,
        },
    })
}
