//! Is a proof folder's command file what `wythoff prove` writes for a game?
//!
//! A proof folder is only as good as its command file: Walnut decides the
//! statements it finds there, about the automata it finds there. A folder
//! whose `prove.txt` was edited (a `def pset` in front of the statements, a
//! statement weakened to `0=0`, the moves of another game) can make Walnut
//! print TRUE about something other than the automaton the folder ships, or
//! about another game. So neither `prove --recheck` nor `outcome --oracle`
//! trusts the text: both ask [`check_command`], which writes the proof's
//! statements anew from the game's rule value (the same function `prove
//! --emit` writes them with) and accepts the folder only when
//!
//! 1. `prove.txt` begins with exactly that text, from its second line to its
//!    last statement that makes the proof (the first line names the game; it
//!    may name it otherwise, a rules file's name for instance: the game is
//!    matched by its rules, as the statements spell them, never by its name;
//!    the convention the line names must be the game's);
//! 2. what follows is only side statements: comments (`macro comment "..."`),
//!    `def`, `eval` and `reg` commands, each of a name that nothing before it
//!    made or read (so no automaton the proof reads, `pset` included, and no
//!    statement of the proof, is made or answered anew), every command complete
//!    within one line and ended by `;` or `:` (Walnut ends a command at either);
//! 3. the Custom Bases files the proof's numeration needs are exactly those
//!    `prove --emit` writes.
//!
//! Then Walnut, run on the folder's inputs, decides the statements `prove`
//! would write for this game, about the automata the folder ships: for a
//! P-set proof, the very `Automata Library/pset.txt` an oracle reads.

use super::numeration_of;
use crate::prove::files::pset_core;
use crate::prove::grundy::grundy_command;
use crate::rules::Convention;
use crate::subject::Subject;
use crate::walnut_format::numeration::Numeration;
use crate::walnut_format::{comment, level_name, AUTOMATON, RELATION};

/// What a proof folder proves, as its first line names it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum ProofKind {
    /// The automaton `pset` (Automata Library/pset.txt) is the P-set.
    PSet,
    /// The set defined from the pairs' graphs `pa`, `pb` is the P-set.
    Pairs,
    /// The automaton `grundy` is the Sprague-Grundy function.
    GrundyFunction,
    /// The automata `lev0..levV` are the level sets `G = 0, ..., G = V`.
    GrundyLevels(u32),
}

impl ProofKind {
    /// The automata files the proof reads (paths in the folder).
    pub fn automata(&self) -> Vec<String> {
        let lib = |n: &str| format!("Automata Library/{n}.txt");
        match self {
            ProofKind::PSet => vec![lib(AUTOMATON)],
            ProofKind::Pairs => vec![lib("pa"), lib("pb")],
            ProofKind::GrundyFunction => vec![lib(RELATION)],
            ProofKind::GrundyLevels(v) => (0..=*v).map(|k| lib(&level_name(k))).collect(),
        }
    }

    /// In words.
    pub fn describe(&self) -> String {
        match self {
            ProofKind::PSet => format!("the automaton {AUTOMATON} is the set of P-positions"),
            ProofKind::Pairs => {
                "the set defined from the pairs' graphs pa, pb is the set of P-positions".into()
            }
            ProofKind::GrundyFunction => {
                format!("the automaton {RELATION} is the Sprague-Grundy function")
            }
            ProofKind::GrundyLevels(v) => {
                format!("the automata lev0..lev{v} are the level sets G = 0, ..., G = {v}")
            }
        }
    }
}

/// What the first line of a proof folder's `prove.txt` says: the game's
/// text (as the comment writes it: `:` read as a space), the convention, and
/// the kind of proof (P-set, or Grundy: function or levels; a P-set line is
/// also a pairs proof's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstLine {
    pub game: String,
    pub convention: Convention,
    /// `None`: a P-set line (an automaton or the pairs' graphs).
    pub grundy: Option<Option<u32>>,
}

const PSET_TAIL: &str = "the automaton pset (inputs x then y) is its set of P-positions";
const GRUNDY_TAIL: &str =
    "the automaton grundy (inputs x, y, z) is its Sprague-Grundy function, G(x, y) = z";

/// Read the first line of `prove.txt` (a comment `prove --emit` writes).
pub fn first_line(command: &str) -> Option<FirstLine> {
    let first = command.lines().next()?.trim_end_matches('\r');
    let body = first
        .strip_prefix("macro comment \"")?
        .strip_suffix("\";")?;
    let (head, tail) = body.rsplit_once(") - ")?;
    let grundy = if tail == PSET_TAIL.replace(':', " ") {
        None
    } else if tail == GRUNDY_TAIL.replace(':', " ") {
        Some(None)
    } else {
        let v = tail
            .strip_prefix("the automata lev0..lev")?
            .split_once(' ')?
            .0
            .parse::<u32>()
            .ok()?;
        let want = format!(
            "the automata lev0..lev{v} (inputs x then y) are its level sets G = 0, ..., G = {v}"
        );
        if tail != want.replace(':', " ") {
            return None;
        }
        Some(Some(v))
    };
    for conv in [Convention::Normal, Convention::Misere] {
        if let Some(g) = head.strip_suffix(&format!(" ({conv}")) {
            return Some(FirstLine {
                game: g.to_string(),
                convention: conv,
                grundy,
            });
        }
    }
    None
}

/// The catalogue game a first line names (its text with each space read back
/// as the `:` the comment turned into one: a catalogue text has no space), in
/// its convention; `None` when it names none (a rules file).
pub fn catalogue_subject(line: &FirstLine) -> Option<Subject> {
    let misere = line.convention == Convention::Misere;
    Subject::parse(&line.game, misere)
        .ok()
        .or_else(|| Subject::parse(&line.game.replace(' ', ":"), misere).ok())
        .filter(|s| comment(&s.label) == comment(&line.game))
}

/// What [`check_command`] vouches for.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Checked {
    pub kind: ProofKind,
    /// Walnut's name of the numeration the statements read.
    pub numeration: String,
    /// The automata files the statements read (the inputs the proof is about).
    pub automata: Vec<String>,
}

/// One command of a command file: its text between terminators, trimmed.
fn commands(text: &str) -> Vec<&str> {
    text.split([';', ':'])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

/// `$name` references in a text.
fn references(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('$') {
        rest = &rest[i + 1..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.push(name);
        }
    }
    out
}

fn is_name(n: &str) -> bool {
    !n.is_empty()
        && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !n.starts_with(|c: char| c.is_ascii_digit())
}

/// The first line (1-based) where `a` and `b` differ, with both lines.
fn first_difference(a: &str, b: &str) -> (usize, String, String) {
    let (mut la, mut lb) = (a.lines(), b.lines());
    let mut i = 1;
    loop {
        match (la.next(), lb.next()) {
            (Some(x), Some(y)) if x == y => i += 1,
            (x, y) => {
                return (
                    i,
                    x.map(crate::echo::shorten).unwrap_or("(end)".into()),
                    y.map(crate::echo::shorten).unwrap_or("(end)".into()),
                )
            }
        }
    }
}

/// Check the command file `command` of a proof folder against what `prove
/// --emit` writes for `s` (see the module's documentation), `bases` being the
/// folder's Custom Bases files (path in the folder, text). `Err` says, in
/// one sentence, why the folder is not a proof about `s` that Walnut's TRUE
/// would vouch for.
pub fn check_command(
    s: &Subject,
    command: &str,
    bases: &[(&str, &str)],
) -> Result<Checked, String> {
    let line = first_line(command).ok_or_else(|| {
        "its prove.txt does not begin with the comment `wythoff prove --emit` writes (the game, the convention and what is proved)".to_string()
    })?;
    let conv = s.game.convention();
    if line.convention != conv {
        return Err(format!(
            "it is a proof about {} play, not {} play of {}",
            line.convention, conv, s.label
        ));
    }
    // the numeration: the one the first statement reads
    let ns = command
        .split("\"?")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .ok_or("its prove.txt has no statement")?;
    let num: Numeration = numeration_of(ns, command)?;
    let candidates: Vec<(ProofKind, Result<(String, Vec<(String, String)>), String>)> =
        match line.grundy {
            None => [(ProofKind::PSet, false), (ProofKind::Pairs, true)]
                .into_iter()
                .map(|(k, pairs)| (k, pset_core(s, &num, pairs).map_err(|e| e.to_string())))
                .collect(),
            Some(level) => {
                let kind = match level {
                    None => ProofKind::GrundyFunction,
                    Some(v) => ProofKind::GrundyLevels(v),
                };
                if level.is_some_and(|v| v > crate::prove::grundy::MAX_VALUE) {
                    return Err(format!(
                        "it names level sets beyond {}",
                        crate::prove::grundy::MAX_VALUE
                    ));
                }
                vec![(
                    kind,
                    grundy_command(s, &num, level)
                        .map(|g| (g.cmd, Vec::new()))
                        .map_err(|e| e.to_string()),
                )]
            }
        };
    // the folder's first line names the game as it likes: compare from the second
    let after_first = |t: &str| t.split_once('\n').map(|x| x.1.to_string());
    let body = after_first(command).unwrap_or_default();
    let mut found = None;
    let mut closest: Option<(ProofKind, String)> = None;
    for (kind, core) in candidates {
        let (core, want_bases) = core.map_err(|e| format!("wythoff writes no such proof: {e}"))?;
        let core_body = after_first(&core).unwrap_or_default();
        if body.starts_with(&core_body) {
            found = Some((kind, core, core_body, want_bases));
            break;
        }
        if closest.is_none() {
            closest = Some((kind, core_body));
        }
    }
    let Some((kind, _core, core_body, want_bases)) = found else {
        let (_, want) = closest.expect("one candidate at least");
        let (i, have, wrote) = first_difference(&body, &want);
        return Err(format!(
            "its statements are not those `wythoff prove` writes for {} ({}) in {ns}: line {} reads `{have}` where wythoff writes `{wrote}` (a proof folder is matched by the rules its statements spell, never by its name)",
            s.label,
            conv,
            i + 1
        ));
    };
    for (path, text) in &want_bases {
        match bases.iter().find(|(p, _)| p == path) {
            Some((_, t)) if t == text => {}
            Some(_) => {
                return Err(format!(
                    "its `{path}` is not the custom base `wythoff prove` writes for {ns}"
                ))
            }
            None => return Err(format!("it has no `{path}` (the custom base of {ns})")),
        }
    }
    // the side statements: fresh names only
    let core_commands = commands(&core_body);
    let mut taken: std::collections::BTreeSet<String> = Default::default();
    for c in &core_commands {
        let mut w = c.split_whitespace();
        if let (Some(_), Some(n)) = (w.next(), w.next()) {
            taken.insert(n.trim_matches('"').to_string());
        }
        taken.extend(references(c));
    }
    taken.insert(AUTOMATON.to_string());
    taken.insert(RELATION.to_string());
    taken.insert("pa".into());
    taken.insert("pb".into());
    let rest = &body[core_body.len()..];
    for (i, l) in rest.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() {
            continue;
        }
        let bad = |why: &str| {
            Err(format!(
                "line {} of its prove.txt, after the proof's statements, {why}: `{}`",
                i + 1 + command.lines().count() - rest.lines().count(),
                crate::echo::shorten(l)
            ))
        };
        // one command a line, ended by `;` or `:`
        let cmds = commands(l);
        if cmds.len() != 1 || !(l.ends_with(';') || l.ends_with(':')) {
            return bad("is not one command ended by `;` or `:`");
        }
        let c = cmds[0];
        if let Some(t) = c.strip_prefix("macro comment \"") {
            if t.ends_with('"') && !t[..t.len() - 1].contains('"') {
                continue;
            }
            return bad("is not a comment");
        }
        let mut w = c.splitn(3, ' ');
        let (verb, name, arg) = (w.next(), w.next(), w.next());
        let (Some(verb), Some(name), Some(arg)) = (verb, name, arg) else {
            return bad("is not a side statement (def, eval or reg of a new name)");
        };
        if !["def", "eval", "reg"].contains(&verb) || !is_name(name) {
            return bad("is not a side statement (def, eval or reg of a new name)");
        }
        if !arg.trim_end().ends_with('"') || arg.matches('"').count() != 2 {
            return bad("is not one quoted formula");
        }
        if taken.contains(name) {
            return bad(&format!(
                "makes `{name}` anew, which the proof makes or reads (a recheck proves the automaton the folder ships, as the statements wythoff writes)"
            ));
        }
    }
    Ok(Checked {
        automata: kind.automata(),
        kind,
        numeration: ns.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proved::shipped::SHIPPED;
    use crate::proved::PROVE_FILE;

    fn shipped_command(i: usize) -> (&'static str, Subject, Vec<(&'static str, &'static str)>) {
        let row = &SHIPPED[i];
        let cmd = row.files.iter().find(|f| f.0 == PROVE_FILE).unwrap().1;
        let bases = row
            .files
            .iter()
            .filter(|f| f.0.starts_with("Custom Bases/"))
            .copied()
            .collect();
        (cmd, Subject::parse(row.game, row.misere).unwrap(), bases)
    }

    #[test]
    fn every_shipped_folder_is_what_prove_writes() {
        for (i, row) in SHIPPED.iter().enumerate() {
            let (cmd, s, bases) = shipped_command(i);
            let c =
                check_command(&s, cmd, &bases).unwrap_or_else(|e| panic!("{}: {e}", row.folder));
            assert_eq!(c.kind, ProofKind::PSet, "{}", row.folder);
            let line = first_line(cmd).unwrap();
            assert_eq!(
                catalogue_subject(&line).map(|c| c.label),
                Some(s.label.clone())
            );
        }
    }

    #[test]
    fn tampered_command_files_are_refused() {
        let i = SHIPPED
            .iter()
            .position(|r| r.game == "connell:p=2" && !r.misere)
            .unwrap();
        let (cmd, s, bases) = shipped_command(i);
        let second = cmd.lines().nth(1).unwrap();
        let mutants: Vec<String> = vec![
            // a definition of pset in front of the statements
            cmd.replacen(second, &format!("def pset \"?msd_o1p2 a=b\";\n{second}"), 1),
            // on the same line as a comment
            cmd.replacen(second, &format!("{second} def pset \"?msd_o1p2 a=b\";"), 1),
            // a statement weakened
            cmd.replacen(
                "eval stable \"?msd_o1p2 A a,b $pset(a,b) =>",
                "eval stable \"?msd_o1p2 A a,b 0=0 | $pset(a,b) =>",
                1,
            ),
            // pset redefined after the proof, or a statement answered anew
            format!("{cmd}def pset \"?msd_o1p2 a=b\";\n"),
            format!("{cmd}eval stable \"?msd_o1p2 0=0\";\n"),
            format!("{cmd}def cform \"?msd_o1p2 a=b\"; def pset \"?msd_o1p2 a=b\";\n"),
            format!("{cmd}load witness.txt;\n"),
            format!("{cmd}ost o1p2 [0 1] [3];\n"),
            format!("{cmd}def x \"?msd_o1p2 a=b\"\n"),
            // another convention
            cmd.replacen("(normal play)", "(misère play)", 1),
        ];
        for m in &mutants {
            assert_ne!(m, cmd);
            assert!(check_command(&s, m, &bases).is_err(), "accepted:\n{m}");
        }
        // side statements of new names are fine
        let side = format!("{cmd}macro comment \"more\";\ndef mine \"?msd_o1p2 $pset(a,b)\";\neval mine_too \"?msd_o1p2 A a,b $mine(a,b)\":\n");
        assert!(check_command(&s, &side, &bases).is_ok());
        // another game's folder is not this game's, whatever the name says
        let other = Subject::parse("connell:p=3", false).unwrap();
        let renamed = cmd.replacen("connell p=2", "connell p=3", 1);
        assert!(check_command(&other, &renamed, &bases).is_err());
        // a game named otherwise with the same moves is matched by its moves
        let mut same = s.clone();
        same.label = "my-rules.toml".into();
        same.named = None;
        assert!(check_command(&same, cmd, &bases).is_ok());
    }

    #[test]
    fn first_lines_of_every_kind() {
        let l = first_line("macro comment \"wythoff (normal play) - the automata lev0..lev2 (inputs x then y) are its level sets G = 0, ..., G = 2\";\n").unwrap();
        assert_eq!(l.grundy, Some(Some(2)));
        assert_eq!(l.game, "wythoff");
        assert!(first_line("macro comment \"wythoff (normal play) - anything\";").is_none());
        assert!(first_line("def pset \"?msd_2 a=b\";").is_none());
    }
}
