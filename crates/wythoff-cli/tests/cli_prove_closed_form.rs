//! `prove` on a catalogue game whose exact oracle is a closed form (Nim,
//! Wythoff, Blocking Wythoff Nim k = 2, 3): the side statement `closed_form`,
//! "the closed form's set is the proved P-set", decided by Walnut in the same
//! run (`closed_form` in the JSON, a line in the text); a mutant closed form,
//! written by the same library code from mutated data, is FALSE; and the
//! automaton Walnut builds from the closed form's formula is the Rust oracle
//! on a board. Tests that run Walnut skip without it (in CI a missing jar is a
//! failure, as in cli_prove.rs).

#[macro_use]
mod common;
use common::{walnut, walnut_alone};
use std::path::{Path, PathBuf};

use wythoff::oracle::closed_form::{self, ClosedForm, Family, CFORM};
use wythoff::prove::automaton::WalnutAutomaton;
use wythoff::prove::numeration::Numeration;
use wythoff::subject::Subject;
use wythoff::Convention;

use common::{wythoff as run, wythoff_json as json};

/// The closed form the library holds for a catalogue game (normal play).
fn form_of(game: &str) -> ClosedForm {
    let s = Subject::parse(game, false).unwrap();
    let ng = s.named.unwrap();
    closed_form::for_game(ng.entry_name, &ng.params, Convention::Normal).unwrap()
}

/// (game, board the automaton is guessed from)
const GAMES: [(&str, &str); 4] = [
    ("nim", "64"),
    ("wythoff", "256"),
    ("blocking-wythoff:k=2", "1024"),
    ("blocking-wythoff:k=3", "128"),
];

/// `prove GAME --max MAX --emit DIR --format json`'s JSON.
fn prove_emit(game: &str, max: &str, dir: &Path) -> serde_json::Value {
    let dir = dir.to_str().unwrap();
    json(&[
        "prove", game, "--max", max, "--emit", dir, "--format", "json",
    ])
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("wythoff-cf-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The plan names the side statement (no Walnut needed); a game without a
/// formula oracle, or misère play, has none.
#[test]
fn the_plan_states_the_closed_form() {
    let sts = |args: &[&str]| -> Vec<String> {
        let v = json(args);
        v["statements"]
            .as_array()
            .unwrap_or_else(|| panic!("{v}"))
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    let with = sts(&[
        "prove",
        "blocking-wythoff:k=3",
        "--max",
        "128",
        "--plan",
        "--format",
        "json",
    ]);
    assert_eq!(
        with.last().map(String::as_str),
        Some("closed_form"),
        "{with:?}"
    );
    for args in [
        vec!["prove", "blocking-wythoff:k=3", "--max", "128", "--misere"],
        vec!["prove", "m-wythoff:m=2", "--max", "256"],
    ] {
        let mut a = args.clone();
        a.extend(["--plan", "--format", "json"]);
        assert!(!sts(&a).contains(&"closed_form".to_string()), "{args:?}");
    }
}

/// Walnut proves each closed form equal to the proved automaton; the JSON
/// carries the statement, the definitions and the verdict, the text says it.
#[test]
fn the_closed_forms_are_the_proved_sets() {
    skip_without_walnut!();
    for (game, max) in GAMES {
        let v = json(&["prove", game, "--max", max, "--format", "json"]);
        assert_eq!(v["verdict"], "proved", "{game}: {v}");
        let cf = &v["closed_form"];
        assert_eq!(cf["verdict"], "TRUE", "{game}: {v}");
        assert_eq!(
            cf["statement"].as_str().unwrap(),
            format!(
                "eval closed_form \"?{} A a,b $cform(a,b) <=> $pset(a,b)\":",
                v["numeration"].as_str().unwrap()
            )
        );
        let form = form_of(game);
        let w = form.walnut(v["numeration"].as_str().unwrap()).unwrap();
        assert_eq!(cf["definitions"].as_str().unwrap(), w.commands, "{game}");
        assert_eq!(cf["form"].as_str().unwrap(), form.describe());
        let st = common::statement(&v, "closed_form");
        assert_eq!(st["result"], "TRUE");
        assert!(v.get("side_false").is_none(), "{v}");
    }
    let out = run(&["prove", "blocking-wythoff:k=3", "--max", "128"]);
    let t = String::from_utf8_lossy(&out.stdout);
    assert!(
        t.contains("closed_form (not part of the proof): Larsson")
            && t.contains("(0, 0), (n, 2n+1), (n, 2n+2) and mirrors, n >= 0: TRUE: the closed form is exactly the proved set"),
        "{t}"
    );
    // misère play: no formula oracle, no closed form
    let v = json(&[
        "prove",
        "blocking-wythoff:k=3",
        "--max",
        "128",
        "--misere",
        "--format",
        "json",
    ]);
    assert!(v.get("closed_form").is_none(), "{v}");
}

/// Replace the closed form's definitions in an emitted command file by those
/// of `form` (written by the library, as `prove` writes them).
fn swap_form(dir: &Path, ns: &str, form: &ClosedForm) {
    let cmd = dir.join("Command Files/prove.txt");
    let text = std::fs::read_to_string(&cmd).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("def {CFORM} ")))
        .unwrap_or_else(|| panic!("no def {CFORM}: {text}"))
        .to_string();
    let new = form.walnut(ns).unwrap();
    let def = new
        .commands
        .lines()
        .find(|l| l.starts_with(&format!("def {CFORM} ")))
        .unwrap();
    assert_ne!(line, def, "the mutant differs");
    std::fs::write(&cmd, text.replace(&line, def)).unwrap();
}

/// A mutant closed form (one family moved by one or two) is refuted: the
/// recheck of the emitted folder with the mutant's definition answers
/// closed_form FALSE (exit 1) while the proof's statements stay TRUE; the
/// folder as emitted rechecks TRUE.
#[test]
fn a_mutant_closed_form_is_refuted() {
    skip_without_walnut!();
    let mutants: [(&str, &str, usize, Family); 3] = [
        ("wythoff", "256", 0, Family::wythoff((1, 0), (1, 1))),
        (
            "blocking-wythoff:k=2",
            "1024",
            2,
            Family::wythoff((2, 2), (2, 4)),
        ),
        (
            "blocking-wythoff:k=3",
            "128",
            2,
            Family::linear((1, 0), (2, 3)),
        ),
    ];
    for (game, max, at, fam) in mutants {
        let dir = tmp(&game.replace([':', '='], "-"));
        let v = prove_emit(game, max, &dir);
        assert_eq!(v["closed_form"]["verdict"], "TRUE", "{game}: {v}");
        let ns = v["numeration"].as_str().unwrap();
        let re = run(&["prove", "--recheck", dir.to_str().unwrap()]);
        assert_eq!(re.status.code(), Some(0), "{game}");
        let mut mutant = form_of(game);
        mutant.families[at] = fam;
        swap_form(&dir, ns, &mutant);
        let re = run(&["prove", "--recheck", dir.to_str().unwrap()]);
        let text = String::from_utf8_lossy(&re.stdout);
        assert_eq!(re.status.code(), Some(1), "{game}: {text}");
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with("closed_form "))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(line.contains("FALSE"), "{game}: {text}");
        assert_eq!(text.matches("FALSE").count(), 1, "{game}: {text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// The automaton Walnut builds from the closed form's formula (`cform.txt`,
/// left by a run in the folder itself) is the Rust oracle's set on a board:
/// the Walnut formula, not only the proved automaton, is the oracle.
#[test]
fn the_walnut_formula_is_the_oracle_on_a_board() {
    let Some(jar) = walnut() else {
        return;
    };
    for (game, max) in GAMES {
        let dir = tmp(&format!("board-{}", game.replace([':', '='], "-")));
        let v = prove_emit(game, max, &dir);
        assert_eq!(v["verdict"], "proved", "{game}: {v}");
        let out = walnut_alone(&jar, &dir, "prove.txt");
        assert!(common::verdict_lines(&out).iter().all(|&t| t), "{out}");
        let text =
            std::fs::read_to_string(dir.join(format!("Automata Library/{CFORM}.txt"))).unwrap();
        let a = WalnutAutomaton::parse(&text).unwrap();
        let num = Numeration::parse(&a.inputs[0]).unwrap();
        let oracle = Subject::parse(game, false).unwrap().oracle().unwrap();
        let n = 300u64;
        for x in 0..n {
            for y in 0..n {
                let want = oracle
                    .is_p(
                        &malachite_nz::natural::Natural::from(x),
                        &malachite_nz::natural::Natural::from(y),
                    )
                    .unwrap();
                assert_eq!(a.accepts_pair(&num, x, y), want, "{game} ({x}, {y})");
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
