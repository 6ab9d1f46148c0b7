//! `wythoff prove GAME --grundy [--value G]`: the Sprague-Grundy function (or
//! a level set) decided by Walnut. The tests that run Walnut skip when it is
//! absent (a failure in CI, as cli_prove.rs's); the bad-input tests do not
//! need it (the request is refused before Walnut is looked for).

#[macro_use]
mod common;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_wythoff");

use common::{wythoff as run, wythoff_json as json};

/// `prove GAME --grundy EXTRA... --format json`'s JSON.
fn grundy_json(game: &str, extra: &[&str]) -> serde_json::Value {
    json(
        &[
            &["prove", game, "--grundy"][..],
            extra,
            &["--format", "json"],
        ]
        .concat(),
    )
}

/// Khovanova-Niu's m = 3 formula, G(3i+r, 3j+s) = 3(i+j) + (r+s mod 3):
/// proved in base 3; the emitted folder re-runs TRUE in Walnut alone.
#[test]
fn modular_three_is_proved_and_rechecked() {
    skip_without_walnut!();
    let dir = std::env::temp_dir().join(format!("wythoff-grundy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let v = grundy_json("modular:m=3", &["--max", "243", "--emit", d]);
    assert_eq!(v["verdict"], "proved", "{v}");
    assert_eq!(v["grundy"], "function", "{v}");
    assert_eq!(v["numeration"], "msd_3", "{v}");
    assert_eq!(v["automaton"], "grundy.txt", "{v}");
    assert!(v["states"].as_u64().unwrap() <= 10, "{v}");
    // G(3i+r, 3j+s) = 3(i+j) + t: each level set is finite, one statement for all
    assert_eq!(v["level_sets"]["every_level_finite"], true, "{v}");
    let names: Vec<&str> = v["statements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            assert_eq!(s["result"], "TRUE", "{v}");
            s["name"].as_str().unwrap()
        })
        .collect();
    assert_eq!(
        names,
        [
            "g_total",
            "g_functional",
            "no_equal_option",
            "mex",
            "every_level_finite"
        ]
    );
    // the relation accepts the formula's triples (read with Walnut's file)
    let text = std::fs::read_to_string(dir.join("Automata Library/grundy.txt")).unwrap();
    assert!(text.starts_with("msd_3 msd_3 msd_3\n"), "{text}");
    let out = run(&["prove", "--recheck", d]);
    let t = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert_eq!(t.matches("TRUE").count(), 5, "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A mutant of the formula, t = r + s + 1 mod 3, fed through the same
/// statements: refuted, with the smallest position where it fails.
#[test]
fn a_mutant_formula_is_refuted_with_a_witness() {
    skip_without_walnut!();
    let s = wythoff::subject::Subject::parse("modular:m=3", false).unwrap();
    let n = 81u64;
    let mut req = wythoff::prove::Request::new(s);
    req.max = n;
    req.grundy = true;
    req.numeration = Some("base:3".into());
    let bad: Vec<u64> = (0..n * n)
        .map(|c| {
            let (x, y) = (c / n, c % n);
            3 * (x / 3 + y / 3) + (x % 3 + y % 3 + 1) % 3
        })
        .collect();
    let plan = wythoff::prove::grundy_plan_of(&req, &bad).unwrap();
    assert!(plan.strategy.is_some(), "{:?}", plan.tried);
    let w = wythoff_walnut::Walnut::find().unwrap();
    let run = wythoff_walnut::run(&plan, &w, None).unwrap();
    let r = wythoff::prove::read_answers(&plan, run.as_ref()).unwrap();
    assert_eq!(r.verdict, wythoff::prove::Verdict::Refuted);
    let wit = r.witness.expect("a witness");
    // (0, 0) has no option, so value 1 there breaks the mex
    assert_eq!((wit.x, wit.y), (0, 0), "{}", wit.statement);
    assert!(r
        .statements
        .iter()
        .any(|s| s.name == "mex" && s.result == Some(false)));
    // the CLI's own mutant: one value of the table changed before guessing
    let v = grundy_json("modular:m=3", &["--max", "243", "--flip-cell", "0,0"]);
    assert_eq!(v["verdict"], "refuted", "{v}");
    assert_eq!(v["witness"]["x"], 0, "{v}");
}

/// A level set: m-Modular m = 2's levels 0..2, each proved in base 2.
#[test]
fn a_level_is_proved_with_the_levels_below() {
    skip_without_walnut!();
    let v = grundy_json("modular:m=2", &["--value", "2", "--max", "256"]);
    assert_eq!(v["verdict"], "proved", "{v}");
    assert_eq!(v["grundy"], "level", "{v}");
    assert_eq!(v["value"], 2, "{v}");
    assert_eq!(v["automaton"], "lev2.txt", "{v}");
    assert_eq!(v["level_states"].as_array().unwrap().len(), 3, "{v}");
    // 8 statements make the proof; the side statements lev0_finite..lev2_finite follow
    assert_eq!(v["statements"].as_array().unwrap().len(), 11, "{v}");
    // m = 2's P-set is finite (the paper): Walnut proves levels 0..2 finite,
    // each in one line that prove.txt holds
    let l = &v["level_sets"];
    assert_eq!(l["finite"], serde_json::json!([0, 1, 2]), "{v}");
    assert_eq!(l["infinite"], serde_json::json!([]), "{v}");
    assert_eq!(
        l["statements"][2], "eval lev2_finite \"?msd_2 E n A a,b ($lev2(a,b) => (a<n & b<n))\":",
        "{v}"
    );
}

/// Wythoff's level 0 is its P-set: proved, and Walnut proves it infinite
/// (the side statement FALSE), said beside the verdict, not as a refutation.
#[test]
fn an_infinite_level_is_said_beside_the_proof() {
    skip_without_walnut!();
    let v = grundy_json("wythoff", &["--value", "0", "--max", "256"]);
    assert_eq!(v["verdict"], "proved", "{v}");
    assert_eq!(v["level_sets"]["infinite"], serde_json::json!([0]), "{v}");
    assert_eq!(v["level_sets"]["finite"], serde_json::json!([]), "{v}");
    assert!(v.get("side_false").is_none(), "{v}");
    let out = run(&[
        "prove", "wythoff", "--grundy", "--value", "0", "--max", "256",
    ]);
    let t = String::from_utf8_lossy(&out.stdout);
    assert!(t.contains("infinite: G = 0"), "{t}");
}

#[test]
fn games_without_grundy_values_are_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["prove", "blocking-wythoff:k=2", "--grundy"], "blocking"),
        (&["prove", "imitation:p=2,m=1", "--grundy"], "memory"),
        (&["prove", "choose-shift:m=1,p=2", "--grundy"], "choice"),
        (&["prove", "wythoff", "--misere", "--grundy"], "normal play"),
        (&["prove", "corner:m=1,p=1,u=1,v=2", "--grundy"], "corner"),
        (&["prove", "wythoff", "--value", "1"], "--grundy"),
        (
            &["prove", "wythoff", "--grundy", "--value", "99"],
            "--value 99",
        ),
        (&["prove", "wythoff", "--grundy", "--value", "-1"], "-1"),
    ];
    for (args, needle) in cases {
        // refused before any work: no Walnut is there to run
        let out = Command::new(BIN)
            .args(*args)
            .env("WALNUT_JAR", "/nonexistent/walnut.jar")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// The Grundy proofs shipped in docs/proofs-grundy re-run alone in Walnut:
/// every statement TRUE, the finiteness lines among them (m = 3, 5: every
/// level set finite; m = 6: the levels 0..4 finite).
#[test]
fn the_shipped_grundy_proofs_recheck_with_their_finite_levels() {
    skip_without_walnut!();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/proofs-grundy");
    for (folder, finite) in [
        ("modular-m-3", &["every_level_finite"][..]),
        ("modular-m-5", &["every_level_finite"][..]),
        (
            "modular-m-6-level-4",
            &[
                "lev0_finite",
                "lev1_finite",
                "lev2_finite",
                "lev3_finite",
                "lev4_finite",
            ][..],
        ),
    ] {
        let dir = root.join(folder);
        let out = run(&["prove", "--recheck", dir.to_str().unwrap()]);
        let t = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{folder}: {t}");
        assert!(!t.contains("FALSE"), "{folder}: {t}");
        for name in finite {
            assert!(
                t.lines()
                    .any(|l| l.trim_start().starts_with(name) && l.contains("TRUE")),
                "{folder}: {name} not TRUE: {t}"
            );
        }
    }
}
