//! Proved automata as exact oracles (`wythoff::proved`): `outcome` at huge
//! piles answered by the shipped proof it names, `outcome --oracle DIR` from a
//! user's folder (checked to be about the game), every shipped proof re-run in
//! Walnut, and `prove --recheck` on a fresh copy of a folder's inputs.

mod common;

use common::{copy_dir, wythoff as run};
use malachite_nz::natural::Natural;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use wythoff::prove::automaton::WalnutAutomaton;
use wythoff::prove::numeration::Numeration;
use wythoff::proved::{shipped::SHIPPED, PSET_FILE};

fn proofs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/proofs")
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// The `y` with `(x, y)` accepted by the folder's P-set automaton, read by
/// Walnut's own format reader and walked by its completions (not the oracle's
/// transition table): `y` of at most `x`'s digits plus 3.
fn partners(folder: &str, x: &Natural) -> Vec<Natural> {
    let text = std::fs::read_to_string(proofs().join(folder).join(PSET_FILE)).unwrap();
    let w = WalnutAutomaton::parse(&text).unwrap();
    let num = numeration(folder);
    let mut dx = num.represent(x);
    let mut fixed = vec![0; 3];
    fixed.append(&mut dx);
    w.completions(&[fixed], 1, 64)
        .into_iter()
        .map(|ws| num.value(&ws[0]))
        .collect()
}

/// The numeration of a shipped folder's automaton (Walnut's name read by the
/// library: `msd_o1p2` is Ostrowski [0; 1, (2)]); only its digits are used.
fn numeration(folder: &str) -> Numeration {
    let i = SHIPPED
        .iter()
        .position(|r| r.folder == folder)
        .unwrap_or_else(|| panic!("{folder} is not shipped"));
    wythoff::proved::shipped()[i].numeration().clone()
}

/// Piles near 10^30, the rows where the proofs are asked for P-positions.
const HUGE_XS: [&str; 3] = [
    "1000000000000000000000000000000",
    "1234567890123456789012345678901",
    "999999999999999999999999999977",
];

/// `outcome GAME 10^30 7` answers and names the proof of GAME (normal play) on
/// stderr, as an oracle's source is.
fn names_its_proof(game: &str, misere: bool) {
    let mut args = vec!["outcome", game, HUGE_XS[0], "7"];
    if misere {
        args.push("--misere");
    }
    let o = run(&args);
    assert!(o.status.success());
    let e = stderr(&o);
    let play = if misere { "misère" } else { "normal" };
    assert!(
        e.contains(&format!("proved automaton: {game} ({play} play)")),
        "{e}"
    );
}

fn outcome_json(game: &str, misere: bool, x: &Natural, y: &Natural) -> serde_json::Value {
    let (xs, ys) = (x.to_string(), y.to_string());
    let mut args = vec!["outcome", game, &xs, &ys, "--format", "json"];
    if misere {
        args.push("--misere");
    }
    let o = run(&args);
    assert!(o.status.success(), "{game} {xs} {ys}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn huge_positions_are_answered_by_the_proof_they_name() {
    for (game, misere, folder) in [
        ("terminal-wythoff:l=2", false, "terminal-wythoff-l-2/normal"),
        ("blocking-wythoff:k=2", true, "blocking-wythoff-k-2/misere"),
    ] {
        for x in HUGE_XS {
            let x = Natural::from_str(x).unwrap();
            let ys = partners(folder, &x);
            assert!(!ys.is_empty(), "{game}: a P-position in the row of {x}");
            for y in &ys {
                let j = outcome_json(game, misere, &x, y);
                assert_eq!(j["outcome"], "P", "{game} ({x}, {y}): {j}");
                let p = &j["proof"];
                assert_eq!(p["game"], game, "{j}");
                assert_eq!(p["folder"], format!("docs/proofs/{folder}"), "{j}");
                assert_eq!(p["walnut_version"], "6.2");
                assert_eq!(p["walnut_jar_sha256"], wythoff_walnut::PINNED_JAR_SHA256);
                assert_eq!(p["folder_sha256"].as_str().unwrap().len(), 64);
                assert!(p["states"].as_u64().unwrap() > 1);
                let (a, b) = (y + Natural::from(1u32), y + Natural::from(2u32));
                for z in [a, b] {
                    if !ys.contains(&z) {
                        let j = outcome_json(game, misere, &x, &z);
                        assert_eq!(j["outcome"], "N", "{game} ({x}, {z}): {j}");
                        // the winning moves, from the search over the
                        // automaton's states: every P-position of the row
                        // below z (a row move), and each listed target
                        // accepted by the automaton as Walnut's reader walks it
                        let m: Vec<(Natural, Natural)> = j["winning_moves"]
                            .as_array()
                            .unwrap_or_else(|| panic!("moves not listed: {j}"))
                            .iter()
                            .map(|p| {
                                (
                                    Natural::from_str(p[0].as_str().unwrap()).unwrap(),
                                    Natural::from_str(p[1].as_str().unwrap()).unwrap(),
                                )
                            })
                            .collect();
                        for w in ys.iter().filter(|w| *w < &z) {
                            assert!(m.contains(&(x.clone(), w.clone())), "{game}: {j}");
                        }
                        for (a, b) in &m {
                            assert!(a <= &x && b <= &z, "{game}: ({a}, {b}) from ({x}, {z})");
                            let p =
                                partners(folder, a).contains(b) || partners(folder, b).contains(a);
                            assert!(p, "{game}: ({a}, {b}) is not P by the folder's automaton");
                        }
                    }
                }
            }
        }
    }
    // text: the proof is named on stderr, as an oracle's source is
    names_its_proof("terminal-wythoff:l=2", false);
}

/// Blocking Wythoff Nim k = 4 (40 states, Ostrowski of 1 + sqrt 2; misère play: 63
/// states in the same numeration, guessed on 8192) and k = 14
/// (189 states, base 2; misère play: 231 states, base 2), shipped from docs/proofs: at piles near 10^30
/// `outcome` answers from the proof it names, and says P exactly at the
/// partners the folder's automaton accepts (read by Walnut's format reader
/// and walked by its completions, not the oracle's table); on the 1024 board
/// the same automaton, read directly, is the general solver's P-set
/// (`p-positions`).
#[test]
fn blocking_wythoff_k4_and_k14_answer_from_their_proofs() {
    for (game, misere, folder) in [
        ("blocking-wythoff:k=4", false, "blocking-wythoff-k-4/normal"),
        // misère k = 4 (issue 51): 63 states in Ostrowski [0; 1, (2)], from 8192
        ("blocking-wythoff:k=4", true, "blocking-wythoff-k-4/misere"),
        (
            "blocking-wythoff:k=14",
            false,
            "blocking-wythoff-k-14/normal",
        ),
        (
            "blocking-wythoff:k=14",
            true,
            "blocking-wythoff-k-14/misere",
        ),
    ] {
        let text = std::fs::read_to_string(proofs().join(folder).join(PSET_FILE)).unwrap();
        let w = WalnutAutomaton::parse(&text).unwrap();
        let num = numeration(folder);
        assert_eq!(num.walnut_name(), w.inputs[0]);
        // the general solver's P-positions on the 1024 board
        let mut args = vec!["p-positions", game, "--max", "1024", "--format", "json"];
        if misere {
            args.push("--misere");
        }
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let ps: std::collections::HashSet<(u64, u64)> = v["p_positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
            .collect();
        assert!(ps.len() > 1000, "{game}: {}", ps.len());
        for x in 0..1024u64 {
            for y in 0..1024u64 {
                assert_eq!(
                    w.accepts_pair(&num, x, y),
                    ps.contains(&(x, y)),
                    "{game} ({x}, {y})"
                );
            }
        }
        for x in HUGE_XS {
            let x = Natural::from_str(x).unwrap();
            let ys = partners(folder, &x);
            assert!(!ys.is_empty(), "{game}: a P-position in the row of {x}");
            for y in &ys {
                for (a, b) in [(&x, y), (y, &x)] {
                    let j = outcome_json(game, misere, a, b);
                    assert_eq!(j["outcome"], "P", "{game} ({a}, {b}): {j}");
                    assert_eq!(j["proof"]["game"], game, "{j}");
                    assert_eq!(j["proof"]["folder"], format!("docs/proofs/{folder}"), "{j}");
                    assert_eq!(j["proof"]["shipped"], true, "{j}");
                }
                for z in [y + Natural::from(1u32), y + Natural::from(2u32)] {
                    if !ys.contains(&z) {
                        let j = outcome_json(game, misere, &x, &z);
                        assert_eq!(j["outcome"], "N", "{game} ({x}, {z}): {j}");
                    }
                }
            }
        }
        // the text names the proof on stderr
        names_its_proof(game, misere);
    }
}

#[test]
fn a_users_folder_answers_when_it_is_about_the_game() {
    let dir = proofs().join("terminal-wythoff-l-2/normal");
    let d = dir.to_str().unwrap();
    let x = Natural::from_str("1000000000000000000000000000000").unwrap();
    for y in partners("terminal-wythoff-l-2/normal", &x) {
        let (xs, ys) = (x.to_string(), y.to_string());
        let o = run(&[
            "outcome",
            "terminal-wythoff:l=2",
            &xs,
            &ys,
            "--oracle",
            d,
            "--format",
            "json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(j["outcome"], "P");
        assert_eq!(j["proof"]["shipped"], false);
        assert!(j["proof"]["walnut_version"].is_null());
        // the same inputs, the same hash as the shipped copy
        let shipped = outcome_json("terminal-wythoff:l=2", false, &x, &y);
        assert_eq!(
            j["proof"]["folder_sha256"],
            shipped["proof"]["folder_sha256"]
        );
    }
    // small piles too: the folder answers, not the general solver
    let o = run(&["outcome", "terminal-wythoff:l=2", "0", "0", "--oracle", d]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().next(), Some("P"));
    // another game, the other convention, not a proof folder: one line, exit 2
    for (game, misere, folder) in [
        ("terminal-wythoff:l=3", false, d),
        ("terminal-wythoff:l=2", true, d),
        ("wythoff", false, "/nonexistent/folder"),
        ("wythoff", false, env!("CARGO_MANIFEST_DIR")),
    ] {
        let mut args = vec!["outcome", game, "1", "2"];
        if misere {
            args.push("--misere");
        }
        args.extend(["--oracle", folder]);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        let e = stderr(&o);
        assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        assert!(e.contains("--oracle"), "{e}");
    }
    let e = stderr(&run(&[
        "outcome",
        "terminal-wythoff:l=3",
        "1",
        "2",
        "--oracle",
        d,
    ]));
    assert!(
        e.contains("is about terminal-wythoff l=2 (normal play)"),
        "{e}"
    );
    // a damaged automaton: one line, exit 2
    let tmp = std::env::temp_dir().join(format!("wythoff-oracle-bad-{}", std::process::id()));
    copy_dir(&dir, &tmp);
    let with_tmp_oracle = || {
        let t = tmp.to_str().unwrap();
        run(&["outcome", "terminal-wythoff:l=2", "1", "2", "--oracle", t])
    };
    std::fs::write(tmp.join(PSET_FILE), "msd_fib msd_fib\n\n0 1\n0 0 -> 7\n").unwrap();
    let o = with_tmp_oracle();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    // a state number that would size a huge table: refused before it is read
    std::fs::write(
        tmp.join(PSET_FILE),
        "msd_fib msd_fib\n\n0 1\n0 0 -> 0\n4000000000 1\n",
    )
    .unwrap();
    let o = with_tmp_oracle();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("at most 100000 states"),
        "{}",
        stderr(&o)
    );
    // another game's automaton under this game's command file: refused on the
    // check board, naming the first cell where it disagrees
    std::fs::copy(
        proofs().join("wythoff/normal").join(PSET_FILE),
        tmp.join(PSET_FILE),
    )
    .unwrap();
    let o = with_tmp_oracle();
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("disagrees with the general solver at ("), "{e}");
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// Shipped proofs whose re-run takes minutes (Fraenkel's numeration with
/// s = 3: its adder's proof), re-run in CI or with WYTHOFF_SLOW_PROOFS set.
const SLOW: &[&str] = &["st-wythoff-s-3-t-1/normal"];

/// Every shipped proof re-run in Walnut (63 folders; when there were 58:
/// about 6.5 minutes on a shared 2-core machine, of which the slow one takes
/// about 2.5; Blocking
/// Wythoff k = 4 and k = 14, added later, re-ran in 9.6 s and 7.8 s wall at a
/// load near 6, 850 MB and 440 MB of Java's memory).
#[test]
fn every_shipped_proof_rechecks_in_walnut() {
    if common::walnut().is_none() {
        return;
    }
    let slow = std::env::var_os("WYTHOFF_SLOW_PROOFS").is_some()
        || std::env::var("CI").is_ok_and(|v| v == "true");
    for row in SHIPPED {
        if SLOW.contains(&row.folder) && !slow {
            eprintln!(
                "skipped (slow; WYTHOFF_SLOW_PROOFS=1 re-runs it): {}",
                row.folder
            );
            continue;
        }
        let dir = proofs().join(row.folder);
        let o = run(&[
            "prove",
            "--recheck",
            dir.to_str().unwrap(),
            "--timeout",
            "300",
        ]);
        assert!(
            o.status.success(),
            "{} ({}): {}{}",
            row.game,
            row.folder,
            stdout(&o),
            stderr(&o)
        );
        assert!(stdout(&o).contains("no error line"), "{}", stdout(&o));
    }
}

#[test]
fn a_recheck_runs_on_the_inputs_only_and_counts_walnuts_exceptions() {
    let Some(jar) = common::walnut() else {
        return;
    };
    let tmp = std::env::temp_dir().join(format!("wythoff-recheck-stale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    copy_dir(&proofs().join("m-wythoff-m-2/normal"), &tmp);
    // a run in the folder itself leaves its results there (hith.txt, ...)
    let first = common::walnut_alone(&jar, &tmp, "prove.txt");
    assert!(common::verdict_lines(&first).iter().all(|&v| v));
    assert!(tmp.join("Automata Library/hith.txt").is_file());
    // then a prove.txt Walnut rejects (an unbalanced parenthesis in `def hith`)
    let cmd = tmp.join("Command Files/prove.txt");
    let text = std::fs::read_to_string(&cmd).unwrap();
    assert!(text.contains("def hith \"?msd_o1p2 "));
    std::fs::write(
        &cmd,
        text.replace("def hith \"?msd_o1p2 ", "def hith \"?msd_o1p2 ) "),
    )
    .unwrap();
    // in the folder itself, the stale hith.txt would answer TRUE everywhere
    let stale = common::walnut_alone(&jar, &tmp, "prove.txt");
    assert!(
        !common::verdict_lines(&stale).is_empty()
            && common::verdict_lines(&stale).iter().all(|&v| v),
        "the stale results would pass: {stale}"
    );
    // an edited statement of the proof: refused before Walnut runs (exit 2)
    let o = run(&["prove", "--recheck", tmp.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("line 5 reads"), "{}", stderr(&o));
    // a side statement Walnut rejects after the proof: run on the inputs only,
    // its exception counted (exit 1)
    std::fs::write(
        &cmd,
        format!("{text}eval broken \"?msd_o1p2 ) A a,b $pset(a,b)\":\n"),
    )
    .unwrap();
    let o = run(&["prove", "--recheck", tmp.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Walnut error:"), "{out}");
    assert!(out.contains("unbalanced parenthesis"), "{out}");
    assert!(out.contains("broken             no answer"), "{out}");
    // the folder is left as it was
    assert!(tmp.join("Automata Library/hith.txt").is_file());
    std::fs::remove_dir_all(&tmp).unwrap();
}
