//! `wythoff prove GAME --alteration REF` without I/O: the request (REF's
//! syntax), the report (the theorem in words, `D`, the board, the witnesses,
//! a verdict like prove's other reports), the certificate folder's one file
//! and its re-check. The argument and the check are [`crate::alteration`]'s
//! (docs/proofs.md, "Finite alterations").
//!
//! REF: `grundy=G` (the level set `{G = g}` of the game without the pass),
//! `normal` (the P-set of the game in normal play, for a misère game),
//! `without-pass` (the P-set of the game without the pass).

use crate::alteration::{self, Certificate, Reference};
use crate::error::SolveError;
use crate::rules::{Convention, Game};
use crate::solve::cost::Bound;
use crate::subject::Subject;
use crate::Admit;
use serde::{Deserialize, Serialize};

/// The certificate folder's one file (`--emit DIR` writes `DIR/alteration.json`).
pub const FILE: &str = "alteration.json";

/// The first line of the folder's file: what it is, and its version.
pub const FORMAT: &str = "wythoff finite-alteration certificate 1";

/// The board a certificate is sought on when `--max` is not given: small
/// enough that its re-check solves it with the reference solvers.
pub const DEFAULT_BOARD: u64 = 64;

/// What REF may be, in words (for refusals).
pub const REFERENCE_SYNTAX: &str = "grundy=G (the level set {G = g} of the game without the pass), normal (the P-set in normal play, for a misère game) or without-pass (the P-set of the game without the pass)";

/// Parse REF (`grundy=G`, `normal`, `without-pass`).
pub fn parse_reference(text: &str) -> Result<Reference, String> {
    let t = text.trim();
    match t {
        "normal" => return Ok(Reference::NormalPlay),
        "without-pass" => return Ok(Reference::WithoutPass),
        _ => {}
    }
    if let Some(g) = t.strip_prefix("grundy=") {
        return g
            .trim()
            .parse::<u32>()
            .map(|g| Reference::GrundyLevel { g })
            .map_err(|_| format!("`{g}` is not a Grundy value (a whole number below 2^32)"));
    }
    Err(format!("write {REFERENCE_SYNTAX}"))
}

/// REF as written on the command line.
pub fn reference_spec(r: Reference) -> String {
    match r {
        Reference::GrundyLevel { g } => format!("grundy={g}"),
        Reference::NormalPlay => "normal".into(),
        Reference::WithoutPass => "without-pass".into(),
    }
}

/// Why `--alteration REF` does not apply to `s` (one phrase), if it does not.
pub fn refusal(s: &Subject, reference: Reference) -> Option<String> {
    alteration::scope(&s.game, reference).err()
}

/// Admit the work of [`prove`] on the board `n` against `bound`: the game's
/// P-positions and, for `grundy=G`, the Grundy table of the game without the
/// pass (4 bytes a cell).
pub fn admit(s: &Subject, reference: Reference, n: u64, bound: Bound) -> Result<(), SolveError> {
    crate::solve::plan::p_positions_plan(&s.game, n).admit(bound)?;
    match reference {
        Reference::GrundyLevel { .. } => {
            let without = s.game.without_pass();
            if let Some(p) =
                crate::solve::plan::grundy_plan(&without, n, crate::solve::memory_budget())
            {
                p.admit(bound)?;
            }
        }
        Reference::NormalPlay => {
            crate::solve::plan::p_positions_plan(&s.game.with_convention(Convention::Normal), n)
                .admit(bound)?
        }
        Reference::WithoutPass => {
            crate::solve::plan::p_positions_plan(&s.game.without_pass(), n).admit(bound)?
        }
    }
    Ok(())
}

/// `proved`, or `not proved` (a line through `D` without a witness on the
/// board: a bigger board may prove it, or the difference spreads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AlterationVerdict {
    Proved,
    #[serde(rename = "not proved")]
    NotProved,
}

/// What `prove --alteration` (and the re-check of its folder) reports;
/// `--format json` is this value.
#[derive(Clone, Debug, Serialize)]
pub struct AlterationReport {
    pub game: String,
    /// `normal` or `misere`.
    pub convention: &'static str,
    pub verdict: AlterationVerdict,
    /// REF as written (`grundy=1`).
    pub alteration: String,
    /// The set S in words.
    pub reference: String,
    /// The theorem in words (proved) or what it would have said.
    pub theorem: String,
    /// The board `[0, board)^2` the check ran on.
    pub board: u64,
    /// D, sorted (when proved).
    pub differences: Vec<(u64, u64)>,
    /// The line witnesses (one a cell of D and a line through it).
    pub witnesses: usize,
    /// Not proved: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// A re-check: the solvers the board was solved again with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rechecked_with: Option<&'static str>,
}

/// The folder's file: the game as named, and the certificate (its rule
/// value, S, the board, D and the witnesses).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Folder {
    pub format: String,
    /// The game as the user named it (a catalogue text, or a rules file's name).
    pub game: String,
    pub certificate: Certificate,
}

fn convention_word(g: &Game) -> &'static str {
    match g.convention() {
        Convention::Normal => "normal",
        Convention::Misere => "misere",
    }
}

/// The game without the pass, named: the catalogue text without `pass=1`,
/// else "LABEL without the pass".
fn without_pass(label: &str) -> String {
    let stripped = label.replace(",pass=1", "").replace(":pass=1,", ":");
    let stripped = stripped.strip_suffix(":pass=1").unwrap_or(&stripped);
    if stripped == label {
        format!("{label} without the pass")
    } else {
        format!("{stripped}, the game without the pass")
    }
}

/// The theorem "A = S except on D" in words.
fn theorem(label: &str, game: &Game, reference: Reference, d: &[(u64, u64)]) -> String {
    let cells = if d.is_empty() {
        "at no position".to_string()
    } else {
        format!(
            "except at the {} position{} of D, where exactly one of the two holds",
            d.len(),
            if d.len() == 1 { "" } else { "s" }
        )
    };
    let side = match reference {
        Reference::GrundyLevel { g } => format!(
            "its Grundy value G(x, y) = {g} in {} (normal play)",
            without_pass(label)
        ),
        Reference::NormalPlay => format!("(x, y) is a P-position of {label} in normal play"),
        Reference::WithoutPass => format!("(x, y) is a P-position of {}", without_pass(label)),
    };
    let pass = if game.has_pass() {
        ", the pass not yet used"
    } else {
        ""
    };
    format!(
        "for every position (x, y): (x, y) is a P-position of {label} ({}{pass}) exactly when {side}, {cells}",
        game.convention()
    )
}

fn report_of(label: &str, c: &Certificate) -> AlterationReport {
    AlterationReport {
        game: label.to_string(),
        convention: convention_word(&c.game),
        verdict: AlterationVerdict::Proved,
        alteration: reference_spec(c.reference),
        reference: c.reference.to_string(),
        theorem: theorem(label, &c.game, c.reference, &c.differences),
        board: c.board,
        differences: c.differences.clone(),
        witnesses: c.lines.len(),
        reason: None,
        rechecked_with: None,
    }
}

/// Seek the certificate on the board `n`. `Err`: the argument does not apply
/// (the reason, one phrase: a refusal). `Ok` with verdict `not proved` (and no
/// folder) when a line through D has no witness on the board.
pub fn prove(
    s: &Subject,
    reference: Reference,
    n: u64,
) -> Result<(AlterationReport, Option<Folder>), String> {
    if let Some(why) = refusal(s, reference) {
        return Err(why);
    }
    if !(1..=alteration::MAX_BOARD).contains(&n) {
        return Err(format!(
            "board {n}: a certificate is sought on boards 1 to {}",
            alteration::MAX_BOARD
        ));
    }
    match alteration::certify(&s.game, reference, n) {
        Ok(c) => Ok((
            report_of(&s.label, &c),
            Some(Folder {
                format: FORMAT.into(),
                game: s.label.clone(),
                certificate: c,
            }),
        )),
        Err(why) => Ok((
            AlterationReport {
                game: s.label.clone(),
                convention: convention_word(&s.game),
                verdict: AlterationVerdict::NotProved,
                alteration: reference_spec(reference),
                reference: reference.to_string(),
                theorem: theorem(&s.label, &s.game, reference, &[]),
                board: n,
                differences: Vec::new(),
                witnesses: 0,
                reason: Some(why),
                rechecked_with: None,
            },
            None,
        )),
    }
}

/// The folder's file as written (pretty JSON).
pub fn folder_text(f: &Folder) -> String {
    serde_json::to_string_pretty(f).expect("a certificate serialises") + "\n"
}

/// Does this folder file look like a finite-alteration certificate (its
/// `format` field), rather than something else named alteration.json?
fn read_folder(text: &str) -> Result<Folder, String> {
    let f: Folder = serde_json::from_str(text)
        .map_err(|e| format!("{FILE} is not a finite-alteration certificate: {e}"))?;
    if f.format != FORMAT {
        return Err(format!(
            "{FILE} is not a finite-alteration certificate of this version (format `{}`, expected `{FORMAT}`)",
            crate::echo::shorten(&f.format)
        ));
    }
    Ok(f)
}

/// Re-check a folder's file alone: the game (`s`, or else the catalogue game
/// the file names, in the certificate's convention) must be the certificate's
/// rule value; then [`alteration::recheck`] solves the board again from the
/// rules (the reference solvers up to [`alteration::RECHECK_REFERENCE_MAX`]),
/// and checks D and every witness. `Err`: why the folder is refused.
pub fn recheck(text: &str, s: Option<&Subject>) -> Result<AlterationReport, String> {
    let f = read_folder(text)?;
    let c = &f.certificate;
    let named;
    let subject = match s {
        Some(s) => s,
        None => {
            named = Subject::parse(&f.game, c.game.convention() == Convention::Misere).map_err(
                |e| {
                    format!(
                        "the folder names `{}`, not a catalogue game ({e}): name GAME",
                        crate::echo::shorten(&f.game)
                    )
                },
            )?;
            &named
        }
    };
    if subject.game != c.game {
        return Err(format!(
            "the certificate is not about {} ({}): its rule value differs",
            subject.label,
            subject.game.convention()
        ));
    }
    alteration::recheck(&subject.game, c)?;
    let mut r = report_of(&subject.label, c);
    r.rechecked_with = Some(if c.board <= alteration::RECHECK_REFERENCE_MAX {
        "the reference solvers (every option enumerated)"
    } else {
        "the fast kernels (the board is above the reference solvers' 96)"
    });
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_parse_and_print_back() {
        for text in ["grundy=1", "grundy=3", "normal", "without-pass"] {
            assert_eq!(reference_spec(parse_reference(text).unwrap()), text);
        }
        for bad in ["grundy=", "grundy=-1", "grundy=x", "level=1", "", "Normal"] {
            assert!(parse_reference(bad).is_err(), "{bad}");
        }
    }

    /// The folder round trip: written, re-checked alone; one cell of D moved
    /// is refused.
    #[test]
    fn a_folder_is_rechecked_alone_and_a_moved_cell_refused() {
        let s = Subject::parse("wythoff:pass=1", false).unwrap();
        let (r, f) = prove(&s, Reference::GrundyLevel { g: 1 }, 32).unwrap();
        assert_eq!(r.verdict, AlterationVerdict::Proved);
        assert_eq!(r.differences.len(), 14);
        let text = folder_text(&f.unwrap());
        assert_eq!(recheck(&text, None).unwrap().differences.len(), 14);
        let moved = text.replacen(
            "[\n        7,\n        6\n      ]",
            "[\n        7,\n        7\n      ]",
            1,
        );
        assert_ne!(moved, text);
        assert!(recheck(&moved, None).is_err());
        // another game named
        let w = Subject::parse("wythoff", false).unwrap();
        assert!(recheck(&text, Some(&w)).is_err());
    }
}
