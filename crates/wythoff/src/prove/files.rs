//! The files of a complete WALNUT_HOME (automata, command files, a custom
//! base): the statements written as Walnut commands, with a comment for each.
//! The CLI writes them and runs Walnut.

use super::automaton::Automaton;
use super::error::ProveError;
use super::formula::{rules_formula, RulesFormula, Statement};
use super::numeration::Numeration;
use super::pairs::{PairsModel, GRAPH_A, GRAPH_B};
use super::statements::{graph_statements, purpose};
use crate::oracle::closed_form::{ClosedForm, CFORM};
use crate::subject::Subject;

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

/// The P-set automaton's name, written by `super::automaton` (the statements
/// and the automaton files name it too).
pub use super::automaton::AUTOMATON;
pub use crate::walnut_format::comment;
/// The command file of the proof (`Command Files/prove.txt`, run with `load prove.txt;`).
pub const COMMAND_FILE: &str = "prove.txt";
/// The automaton of the winning moves, built by Walnut when the P-set is
/// proved (`Automata Library/win.txt`, inputs x, y, x', y'): the moves from
/// (x, y) to (x', y') in the proved set (games without blocking).
pub const WINNING: &str = "win";
/// The name of the statement that checks it against `outcome`.
pub const WINNING_STATEMENT: &str = "winning_moves";
/// The command file that names the positions where a statement fails.
pub const WITNESS_FILE: &str = "witness.txt";

/// The files of a WALNUT_HOME that proves the P-set of `s` is the set defined from
/// the pairs' graph automata (see [`PairsModel`]), and that the graphs are
/// strictly increasing functions ([`graph_statements`]).
pub fn pairs_proof_files(
    s: &Subject,
    m: &PairsModel,
    extras: &[Statement],
) -> Result<ProofFiles, ProveError> {
    // the graph statements speak of the sequences, not of the set: the set is
    // defined from the graphs whatever they are, and stable, absorbing and
    // no_terminal prove it the P-set; a FALSE graph statement is said beside
    // a proof (side statements), never a refutation of the set
    let side: Vec<Statement> = graph_statements(m)
        .into_iter()
        .chain(extras.iter().cloned())
        .collect();
    let mut f = proof_files_with(
        s,
        &m.a.numeration,
        &[(AUTOMATON.to_string(), pairs_set_definition())],
        &[],
        &side,
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
    /// The winning moves' automaton the command file builds ([`WINNING`]), for
    /// games without blocking.
    pub winning: Option<String>,
    pub formula: RulesFormula,
    /// The closed form of the game's formula oracle, compared by Walnut with
    /// the proved set (the side statement [`CLOSED_FORM`]), when it has one.
    pub closed_form: Option<ClosedFormSide>,
    /// The length of `prove.txt`'s text up to the end of the last statement
    /// that makes the proof (what follows: the papers' statements, the
    /// winning moves, the closed form, none of them part of the proof).
    pub core_end: usize,
}

/// The side statement "the closed form's set is the proved set".
pub const CLOSED_FORM: &str = "closed_form";

/// A game's closed form as a statement about the proved set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedFormSide {
    /// The paper the oracle names.
    pub source: String,
    /// The form in words.
    pub form: String,
    /// The `eval` line (after the definitions of [`crate::oracle::closed_form::CFORM`]);
    /// `None` when the form cannot be written in the proof's numeration.
    pub statement: Option<String>,
    /// The Walnut commands defining the form's set.
    pub commands: String,
    /// Why it is not stated, when it is not.
    pub why: Option<String>,
}

/// Append the closed form `form` to the command file of `f` as the side
/// statement [`CLOSED_FORM`] (`A a,b cform(a,b) <=> pset(a,b)`, not part of
/// the proof), in the numeration `num`; where `num` cannot write it, the
/// reason is kept and nothing is added. A numeration with a custom base (its
/// adder proved first) is not used for it.
pub fn add_closed_form(f: &mut ProofFiles, form: &ClosedForm, num: &Numeration) {
    let ns = num.walnut_name();
    let written = if super::custom::custom_base(num).ok().flatten().is_some() {
        Err(format!(
            "{ns} is a custom base; the closed form is written in the numerations Walnut ships"
        ))
    } else {
        form.walnut(&ns)
    };
    let mut side = ClosedFormSide {
        source: form.source.clone(),
        form: form.describe(),
        statement: None,
        commands: String::new(),
        why: None,
    };
    match written {
        Err(why) => side.why = Some(why),
        Ok(w) => {
            let eval = format!(
                "eval {CLOSED_FORM} \"?{ns} A a,b ${CFORM}(a,b) <=> ${AUTOMATON}(a,b)\":\n"
            );
            let path = format!("Command Files/{COMMAND_FILE}");
            if let Some((_, cmd)) = f.files.iter_mut().find(|(p, _)| *p == path) {
                cmd.push_str(&comment(&format!(
                    "{CLOSED_FORM} (not part of the proof) - {} - {}, is exactly the proved set {AUTOMATON}",
                    form.source,
                    side.form
                )));
                cmd.push_str(&w.commands);
                cmd.push_str(&eval);
                f.statements.push(CLOSED_FORM.to_string());
                side.statement = Some(eval.trim_end().to_string());
                side.commands = w.commands;
            }
        }
    }
    f.closed_form = Some(side);
}

pub fn proof_files(
    s: &Subject,
    automaton: &Automaton,
    extras: &[Statement],
) -> Result<ProofFiles, ProveError> {
    let mut f = proof_files_with(s, &automaton.numeration, &[], &[], extras)?;
    f.files.insert(
        0,
        (
            format!("Automata Library/{AUTOMATON}.txt"),
            automaton.to_walnut(),
        ),
    );
    Ok(f)
}

/// The largest integer constant written in `formulas` (0 when none).
fn largest_constant<'a>(formulas: impl Iterator<Item = &'a str>) -> u64 {
    let mut top = 0u64;
    for f in formulas {
        let mut prev_word = false;
        let mut num = String::new();
        for c in f.chars().chain(std::iter::once(' ')) {
            if c.is_ascii_digit() && (!prev_word || !num.is_empty()) {
                num.push(c);
                continue;
            }
            if !num.is_empty() {
                top = top.max(num.parse().unwrap_or(u64::MAX));
                num.clear();
            }
            prev_word = c.is_ascii_alphanumeric() || c == '_' || c == '$';
        }
    }
    top
}

/// The command files; `first_defs` come before the rules' definitions,
/// `more_core` after the rules' statements (part of the proof), `extras`
/// last (the papers' further statements, not part of it).
fn proof_files_with(
    s: &Subject,
    numeration: &Numeration,
    first_defs: &[(String, String)],
    more_core: &[Statement],
    extras: &[Statement],
) -> Result<ProofFiles, ProveError> {
    let cannot = |why: String| ProveError::CannotExpress {
        game: s.label.clone(),
        why,
    };
    let formula = rules_formula(&s.game, AUTOMATON).map_err(cannot)?;
    let ns = numeration.walnut_name();
    let custom = super::custom::custom_base(numeration).map_err(cannot)?;
    let mut cmd = comment(&format!(
        "{} ({}) - the automaton {AUTOMATON} (inputs x then y) is its set of P-positions",
        s.label,
        s.convention_text()
    ));
    cmd.push_str(&comment(
        "written by wythoff prove, run in Walnut with - load prove.txt, (each statement must print TRUE)",
    ));
    if let Some(def) = numeration.walnut_definition() {
        cmd.push_str(&comment(&format!(
            "the numeration {}",
            numeration.describe()
        )));
        cmd.push_str(&def);
        cmd.push('\n');
    }
    let mut core: Vec<Statement> = Vec::new();
    let eval = |cmd: &mut String, st: &Statement| {
        cmd.push_str(&comment(&format!("{} - {}", st.name, purpose(&st.name))));
        cmd.push_str(&format!("eval {} \"?{ns} A a,b {}\":\n", st.name, st.body));
    };
    if let Some(cb) = &custom {
        // a constructed adder, proved to be addition before anything uses it
        cmd.push_str(&comment(&format!(
            "{ns} is a custom base (Custom Bases/) - its adder ({} states, built from the recurrence) is proved to be addition first",
            cb.adder_states
        )));
        let (name, f) = super::custom::succ_definition();
        cmd.push_str(&format!("def {name} \"?{ns} {f}\";\n"));
        let top = largest_constant(
            first_defs
                .iter()
                .chain(&formula.defs)
                .map(|(_, f)| f.as_str())
                .chain(
                    formula
                        .statements
                        .iter()
                        .chain(more_core)
                        .chain(extras)
                        .map(|st| st.body.as_str()),
                ),
        );
        for st in super::custom::adder_statements(top) {
            eval(&mut cmd, &st);
            core.push(st);
        }
    }
    for (name, f) in first_defs.iter().chain(&formula.defs) {
        cmd.push_str(&format!("def {name} \"?{ns} {f}\":\n"));
    }
    let mut wit = comment("the positions (a, b) where each statement of prove.txt fails");
    let mut core_end = 0;
    for (i, st) in formula
        .statements
        .iter()
        .chain(more_core)
        .chain(extras)
        .enumerate()
    {
        if i == formula.statements.len() + more_core.len() {
            core_end = cmd.len();
        }
        eval(&mut cmd, st);
        wit.push_str(&format!("eval wit_{} \"?{ns} ~({})\";\n", st.name, st.body));
    }
    if extras.is_empty() {
        core_end = cmd.len();
    }
    // the winning moves: moves into the proved set (without blocking, where a
    // move may be blocked, the option relation is `opt`)
    let winning = formula
        .defs
        .iter()
        .any(|(n, _)| n == "opt")
        .then(|| WINNING.to_string());
    if winning.is_some() {
        cmd.push_str(&comment(&format!(
            "{WINNING} (not part of the proof) - the moves into the set, compared by wythoff prove with the winning moves of outcome"
        )));
        cmd.push_str(&format!(
            "def {WINNING} \"?{ns} $opt(a,b,c,d) & ${AUTOMATON}(c,d)\";\n"
        ));
    }
    let mut files = vec![
        (format!("Command Files/{COMMAND_FILE}"), cmd),
        (format!("Command Files/{WITNESS_FILE}"), wit),
    ];
    if let Some(cb) = custom {
        files.extend(cb.files);
    }
    core.extend(formula.statements.iter().cloned());
    core.extend(more_core.iter().cloned());
    Ok(ProofFiles {
        statements: core.iter().chain(extras).map(|s| s.name.clone()).collect(),
        core: core.iter().map(|s| s.name.clone()).collect(),
        winning,
        files,
        formula,
        closed_form: None,
        core_end,
    })
}

/// The text of `prove.txt` up to its last statement that makes the proof, as
/// [`proof_files`] writes it for a P-set automaton of `s` in `numeration`
/// (`pairs`: as [`pairs_proof_files`] writes it, the set defined from the
/// pairs' graphs), and the Custom Bases files it writes: what a proof folder
/// must begin with and hold to be a proof about `s` ([`crate::proved::check`]).
pub fn pset_core(
    s: &Subject,
    numeration: &Numeration,
    pairs: bool,
) -> Result<(String, Vec<(String, String)>), ProveError> {
    let first: Vec<(String, String)> = if pairs {
        vec![(AUTOMATON.to_string(), pairs_set_definition())]
    } else {
        Vec::new()
    };
    let f = proof_files_with(s, numeration, &first, &[], &[])?;
    let mut cmd = String::new();
    let mut bases = Vec::new();
    for (path, text) in f.files {
        if path == format!("Command Files/{COMMAND_FILE}") {
            cmd = text[..f.core_end].to_string();
        } else if path.starts_with("Custom Bases/") {
            bases.push((path, text));
        }
    }
    Ok((cmd, bases))
}

/// The P-set defined from the pairs' graphs (`pairs_proof_files`).
fn pairs_set_definition() -> String {
    format!("(E n ${GRAPH_A}(n,a) & ${GRAPH_B}(n,b)) | (E n ${GRAPH_A}(n,b) & ${GRAPH_B}(n,a))")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_constants() {
        // Walnut cuts a command at `;` or `:`, a macro's text at `"`
        assert_eq!(
            comment("st-wythoff:s=2,t=1; \"x\""),
            "macro comment \"st-wythoff s=2,t=1, 'x'\";\n"
        );
        assert_eq!(
            largest_constant(["k>=12 & $q2(a,b) & y1<y2 & a=3*b+7"].into_iter()),
            12
        );
        assert_eq!(largest_constant(["$pset(a,b)"].into_iter()), 0);
        for name in [
            "stable",
            "absorbing",
            "successor_of_zero",
            "graph_a_function",
        ] {
            assert!(!purpose(name).starts_with("the statement"), "{name}");
        }
    }
}
