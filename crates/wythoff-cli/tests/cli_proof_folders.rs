//! Hostile round 5: proof folders that can lie. A recheck proves the very
//! automaton that answers, and only the statements `prove` writes for the
//! game; an oracle folder is matched by the rules its statements spell, never
//! by a name; reads of a folder are bounded.

#[macro_use]
mod common;

use common::{assert_says, copy_dir, one_stderr_line, temp_folder, wythoff};
use std::path::{Path, PathBuf};

fn proofs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/proofs")
}

const PROVE: &str = "Command Files/prove.txt";

/// A copy of connell:p=2's shipped folder (normal play) in `name`, its
/// `prove.txt` rewritten by `edit`.
fn tampered(name: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let dir = temp_folder(name);
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&proofs().join("connell-p-2/normal"), &dir);
    let p = dir.join(PROVE);
    let text = std::fs::read_to_string(&p).unwrap();
    let new = edit(&text);
    assert_ne!(new, text, "the edit changed nothing");
    std::fs::write(&p, new).unwrap();
    dir
}

/// The edits an attacker makes: Walnut then decides something other than
/// the statements `prove` writes about the folder's own `pset.txt`.
fn attacks() -> Vec<(&'static str, Box<dyn Fn(&str) -> String>)> {
    // the automaton moved aside and defined from the copy: Walnut proves the
    // copy while an oracle would read pset.txt (here the same automaton; a
    // wrong one beyond the check board would answer wrong, "proved")
    let front = |t: &str| {
        t.replacen(
            "def hith ",
            "def pset \"?msd_o1p2 $pgood(a,b)\":\ndef hith ",
            1,
        )
    };
    vec![
        ("def-in-front", Box::new(front)),
        (
            "def-on-a-comment-line",
            Box::new(|t: &str| {
                t.replacen(
                    "the numeration Ostrowski [0, 1, (2)]\";",
                    "the numeration Ostrowski [0, 1, (2)]\"; def pset \"?msd_o1p2 $pgood(a,b)\";",
                    1,
                )
            }),
        ),
        (
            "weakened",
            Box::new(|t: &str| {
                t.replacen(
                    "eval stable \"?msd_o1p2 A a,b $pset(a,b) =>",
                    "eval stable \"?msd_o1p2 A a,b 0=1 & $pset(a,b) =>",
                    1,
                )
            }),
        ),
        (
            "answered-anew",
            Box::new(|t: &str| format!("{t}eval absorbing \"?msd_o1p2 0=0\":\n")),
        ),
    ]
}

fn with_good_copy(dir: &Path) {
    std::fs::copy(
        dir.join("Automata Library/pset.txt"),
        dir.join("Automata Library/pgood.txt"),
    )
    .unwrap();
}

#[test]
fn a_tampered_folder_is_refused_by_recheck_before_walnut_runs() {
    skip_without_walnut!();
    for (name, edit) in attacks() {
        let dir = tampered(&format!("wythoff-tampered-{name}"), edit);
        with_good_copy(&dir);
        let d = dir.to_str().unwrap();
        let o = wythoff(&["prove", "--recheck", d]);
        let e = one_stderr_line(&o, 2);
        assert_says(
            &e,
            &["is not a proof of connell:p=2 (normal play) that wythoff vouches for"],
        );
        assert!(
            o.stdout.is_empty(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stdout)
        );
        // named, the same
        let o = wythoff(&["prove", "connell:p=2", "--recheck", d]);
        one_stderr_line(&o, 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_tampered_folder_does_not_answer_as_an_oracle() {
    for (name, edit) in attacks() {
        let dir = tampered(&format!("wythoff-tampered-oracle-{name}"), edit);
        with_good_copy(&dir);
        let o = wythoff(&[
            "outcome",
            "connell:p=2",
            "1000000000000000000000",
            "7",
            "--oracle",
            dir.to_str().unwrap(),
        ]);
        let e = one_stderr_line(&o, 2);
        assert_says(&e, &["--oracle", "not connell:p=2 (normal play)"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A rules file named `connell:p=2` with one more move, possible only from
/// piles of 101 or more (so the 64 x 64 check board cannot tell): not
/// connell:p=2, and not answered from its proof.
#[test]
fn a_renamed_rules_file_is_not_answered_from_the_named_games_proof() {
    let dir = temp_folder("wythoff-renamed-rules");
    let rules = dir.join("renamed.toml");
    std::fs::write(
        &rules,
        "name = \"connell:p=2\"\nh = \"2:0|min101\"\nv = \"2:0\"\n[two-pile]\nrelation = \"diagonal\"\n",
    )
    .unwrap();
    let r = rules.to_str().unwrap();
    let folder = proofs().join("connell-p-2/normal");
    let f = folder.to_str().unwrap();
    let o = wythoff(&["outcome", r, "1000000000000000000000", "7", "--oracle", f]);
    let e = one_stderr_line(&o, 2);
    assert_says(&e, &["--oracle", "never by its name"]);
    // the same rules as connell:p=2 under another name: matched by its rules
    std::fs::write(
        &rules,
        "name = \"my-connell\"\nh = \"2:0\"\nv = \"2:0\"\n[two-pile]\nrelation = \"diagonal\"\n",
    )
    .unwrap();
    let o = wythoff(&["outcome", r, "1000000000000000000000", "7", "--oracle", f]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn recheck_names_the_automaton_it_proved_and_needs_a_game_it_can_check() {
    skip_without_walnut!();
    let folder = proofs().join("connell-p-2/normal");
    let f = folder.to_str().unwrap();
    let o = wythoff(&["prove", "--recheck", f]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert_says(
        &out,
        &[
            "the statements wythoff prove writes for connell:p=2 (normal play)",
            "Automata Library/pset.txt (sha256 ",
        ],
    );
    // another game named: refused, whatever the folder's first line says
    let o = wythoff(&["prove", "connell:p=3", "--recheck", f]);
    one_stderr_line(&o, 2);
    let o = wythoff(&["prove", "connell:p=2", "--misere", "--recheck", f]);
    assert_says(&one_stderr_line(&o, 2), &["normal play"]);
    // a first line that names no catalogue game: the game must be named
    let dir = tampered("wythoff-unnamed", |t| {
        t.replacen("connell p=2", "my-connell", 1)
    });
    let o = wythoff(&["prove", "--recheck", dir.to_str().unwrap()]);
    assert_says(&one_stderr_line(&o, 2), &["not a catalogue game"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn reads_of_a_folder_are_bounded() {
    // a command file past the bound on one file: refused before it is read whole
    let dir = tampered("wythoff-huge-command", |t| t.to_string() + " ");
    let p = dir.join(PROVE);
    let f = std::fs::OpenOptions::new().append(true).open(&p).unwrap();
    f.set_len(17 << 20).unwrap();
    let d = dir.to_str().unwrap();
    let o = wythoff(&["prove", "--recheck", d]);
    if common::walnut().is_some() {
        assert_says(&one_stderr_line(&o, 2), &["at most"]);
    }
    let o = wythoff(&["outcome", "connell:p=2", "1", "2", "--oracle", d]);
    one_stderr_line(&o, 2);
    std::fs::remove_dir_all(&dir).unwrap();
    // too many Custom Bases files for --oracle
    let dir = tampered("wythoff-many-bases", |t| t.to_string() + " ");
    for i in 0..300 {
        std::fs::write(dir.join(format!("Custom Bases/b{i}.txt")), "x").unwrap();
    }
    let o = wythoff(&[
        "outcome",
        "connell:p=2",
        "1",
        "2",
        "--oracle",
        dir.to_str().unwrap(),
    ]);
    assert_says(&one_stderr_line(&o, 2), &["Custom Bases"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
