//! Hostile round 4 and the first hour (issue 44): the items that need no
//! Walnut, each through the built binary. (The proof sweep's items are in
//! cli_prove.rs, where Walnut is found.)

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_wythoff");

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run wythoff")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// 12: `sequence blocking-wythoff:k=2` (and 3) refused "the known solution is
/// not a pair of sequences" while `patterns` read the pairs; now the pairs
/// are read off a board as for a game without a published solution, and each
/// is a P-position of the game.
#[test]
fn sequence_of_blocking_wythoff_reads_the_board() {
    for k in [2, 3] {
        let game = format!("blocking-wythoff:k={k}");
        let out = run(&["sequence", &game, "--terms", "12"]);
        assert!(
            out.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<String> = text(&out).lines().map(str::to_string).collect();
        assert_eq!(lines.len(), 12, "{game}: {lines:?}");
        for l in &lines {
            let v: Vec<&str> = l.split_whitespace().collect();
            let o = run(&["outcome", &game, v[1], v[2]]);
            assert!(
                text(&o).starts_with('P'),
                "{game}: ({}, {}) is not P: {}",
                v[1],
                v[2],
                text(&o)
            );
        }
    }
}

/// 13: `--plan` is a flag on every command, `sweep` included (`--plan T`
/// still splits into T shards).
#[test]
fn sweep_plan_is_a_flag() {
    let one = run(&["sweep", "m-wythoff:m=1..3", "--max", "16", "--plan"]);
    assert!(
        one.status.success(),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(text(&one).trim()).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 1);
    assert_eq!(v[0]["games"], 3);
    let same = run(&["sweep", "m-wythoff:m=1..3", "--plan", "--max", "16"]);
    assert_eq!(text(&same), text(&one));
    let two = run(&["sweep", "m-wythoff:m=1..3", "--max", "16", "--plan", "2"]);
    let v: serde_json::Value = serde_json::from_str(text(&two).trim()).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 2);
}

/// 2: `p-positions` counted the board, not the list it collects for text and
/// json: `blocking-wythoff:k=1000000` (every cell P) at 8192 under a small
/// budget died on an allocation failure (exit 134), and `--plan` said
/// `"refused": null` with its memory over the budget. The plan refuses, the
/// run refuses with the same reason (exit 2, one line, at once); csv streams
/// and needs no list.
#[test]
fn p_positions_counts_the_list_it_holds() {
    let game = "blocking-wythoff:k=1000000";
    let with_budget = |args: &[&str]| {
        Command::new(BIN)
            .args(args)
            .env("WYTHOFF_MEMORY_BUDGET", "600M")
            .output()
            .unwrap()
    };
    let plan = with_budget(&[
        "p-positions",
        game,
        "--max",
        "8192",
        "--format",
        "json",
        "--plan",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text(&plan)).unwrap();
    assert_eq!(v["refused"]["reason"], "memory", "{v}");
    let out = with_budget(&["p-positions", game, "--max", "8192", "--format", "json"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("the list of P-positions"), "{err}");
    assert!(out.stdout.is_empty());
    // the streamed format holds no list: the same board is answered
    let csv = with_budget(&["p-positions", game, "--max", "2048", "--format", "csv"]);
    assert!(
        csv.status.success(),
        "{}",
        String::from_utf8_lossy(&csv.stderr)
    );
    assert_eq!(text(&csv).lines().count(), 1 + 2048 * 2048);
}

/// The json of `p-positions` is written as it goes (not built as values
/// first): the same bytes as serde_json's object, keys sorted.
#[test]
fn p_positions_json_is_serde_jsons_bytes() {
    for (game, misere) in [("wythoff", false), ("wythoff", true), ("nim", false)] {
        let mut args = vec!["p-positions", game, "--max", "40", "--format", "json"];
        if misere {
            args.push("--misere");
        }
        let out = run(&args);
        let got = text(&out);
        let v: serde_json::Value = serde_json::from_str(&got).unwrap();
        assert_eq!(got, format!("{}\n", serde_json::to_string(&v).unwrap()));
        assert_eq!(
            v["count"].as_u64().unwrap() as usize,
            v["p_positions"].as_array().unwrap().len()
        );
    }
}

/// Issue 42: `prove` takes `--java-memory` as `sweep` does; a bad size is one
/// line, exit 2, before Walnut is looked for.
#[test]
fn prove_java_memory_is_checked() {
    for (size, words) in [("lots", "write a size"), ("1M", "allowed 64 MiB to ")] {
        let out = run(&["prove", "wythoff", "--java-memory", size]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{size}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(words), "{size}: {err}");
    }
}
