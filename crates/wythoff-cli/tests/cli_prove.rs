//! `wythoff prove`: verdicts decided by Walnut (the jar from scripts/install_walnut.sh).
//! In CI (`CI=true`) a missing jar or java is a failure, not a skip.

#[macro_use]
mod common;
use common::{statement, statements, verdict_lines as verdicts, walnut, walnut_alone};
use std::path::Path;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_wythoff");

use common::{wythoff as run, wythoff_json as json};

/// `wythoff prove GAME --max MAX EXTRA...`.
fn prove(game: &str, max: &str, extra: &[&str]) -> Output {
    run(&[&["prove", game, "--max", max][..], extra].concat())
}

/// `prove GAME --max MAX --format json EXTRA...`'s JSON.
fn prove_json(game: &str, max: &str, extra: &[&str]) -> serde_json::Value {
    json(
        &[
            &["prove", game, "--max", max, "--format", "json"][..],
            extra,
        ]
        .concat(),
    )
}

/// `wythoff sweep SPEC --prove --max 16 --prove-max PROVE_MAX EXTRA...`.
fn sweep_prove(spec: &str, prove_max: &str, extra: &[&str]) -> Output {
    let args = [
        "sweep",
        spec,
        "--prove",
        "--max",
        "16",
        "--prove-max",
        prove_max,
    ];
    run(&[&args[..], extra].concat())
}

/// `wythoff ARGS` with the environment variable `key` set to `value`.
fn with_env(args: &[&str], key: &str, value: &str) -> Output {
    Command::new(BIN)
        .args(args)
        .env(key, value)
        .output()
        .unwrap()
}

/// Stderr of `out`, checked to exit with `code` and to say `needle`.
fn failed_saying(out: &Output, code: i32, needle: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(code), "{needle}: {err}");
    assert!(err.contains(needle), "{needle}: {err}");
    err
}

fn assert_proved(game: &[&str], max: &str) -> serde_json::Value {
    let mut args = vec!["prove"];
    args.extend_from_slice(game);
    args.extend_from_slice(&["--max", max, "--format", "json"]);
    let v = json(&args);
    assert_eq!(v["verdict"], "proved", "{game:?}: {v}");
    let sts = v["statements"].as_array().unwrap();
    assert!(sts.len() >= 2, "{v}");
    for s in sts {
        assert_eq!(s["result"], "TRUE", "{game:?}: {v}");
        assert!(s["seconds"].as_f64().is_some(), "{v}");
    }
    assert!(v["states"].as_u64().unwrap() >= 1);
    assert_eq!(v["automaton"], "pset.txt");
    assert_eq!(v["walnut_version"], "6.2");
    assert_eq!(v["walnut_sha256"], wythoff_walnut::PINNED_JAR_SHA256);
    assert!(v["witness"].is_null());
    // the closed form of a game with a formula oracle (cli_prove_closed_form.rs)
    if let Some(cf) = v.get("closed_form") {
        assert_eq!(cf["verdict"], "TRUE", "{game:?}: {v}");
    }
    // Java's peak memory, as the runner read it (Linux: /proc)
    if cfg!(target_os = "linux") {
        assert!(
            v["walnut_peak_bytes"].as_u64() > Some(1 << 20),
            "{game:?}: {v}"
        );
    }
    let mut keys: Vec<&String> = v
        .as_object()
        .unwrap()
        .keys()
        .filter(|k| *k != "closed_form" && *k != "walnut_peak_bytes")
        .collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "automaton",
            "convention",
            "game",
            "numeration",
            "statements",
            "states",
            "verdict",
            "walnut_sha256",
            "walnut_version",
            "witness"
        ]
    );
    v
}

#[test]
fn proves_the_papers_games() {
    skip_without_walnut!();
    let v = assert_proved(&["wythoff"], "256");
    assert_eq!(v["numeration"], "msd_fib");
    assert_eq!(v["convention"], "normal");
    // the winning moves Walnut built equal those `outcome` prints, at 10^30 too
    let win = statement(&v, "winning_moves");
    assert!(win["positions"].as_u64().unwrap() > 576, "{v}");
    let v = assert_proved(&["wythoff", "--misere"], "256");
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["statements"][2]["name"], "no_terminal");
    assert_proved(&["m-wythoff:m=2"], "512");
    assert_proved(&["odd-odd:s=1,t=1"], "256");
    let v = assert_proved(&["modular:m=5"], "256");
    assert_eq!(v["numeration"], "msd_2");
    assert_proved(&["connell:p=2"], "1024");
    assert_proved(&["even-even:s=1,t=1"], "512");
    // a skewed P-set (b_n about 6 a_n): through the graphs n -> a_n, n -> b_n,
    // guessed from many pairs in Ostrowski [0; (2, 1, 1)]; the recursion of
    // blocking proved
    let v = assert_proved(&["roob-blocking:m=2,p=3"], "256");
    assert_eq!(v["numeration"], "msd_op211");
    assert_eq!(v["statements"][0]["name"], "in_set_is_p");
    // and seed 000's Theorem 4.1 (i) about the graphs, which makes them the
    // paper's floor(n phi_mp / p), a_n + m n (all TRUE: assert_proved)
    let names: Vec<&str> = statements(&v)
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    for name in [
        "graph_a_function",
        "graph_a_nondecreasing",
        "graph_b_function",
        "graph_b_increasing",
        "b_minus_a",
        "a_b_complementary",
    ] {
        assert!(names.contains(&name), "{name}: {v}");
    }
    // Fraenkel's numeration, a custom base: the adder's six statements first
    let v = assert_proved(&["st-wythoff:s=2,t=1"], "512");
    assert_eq!(v["numeration"], "msd_fs2t1");
    assert_eq!(v["statements"][0]["name"], "adder_total");
    assert_eq!(v["statements"][6]["name"], "stable");
}

/// The P-set built by Walnut from the automata of n -> a_n and n -> b_n (the road
/// for skewed sets) proves the same theorem.
#[test]
fn proves_through_the_pairs_graphs() {
    skip_without_walnut!();
    let v = prove_json("wythoff", "256", &["--via-pairs"]);
    assert_eq!(v["verdict"], "proved", "{v}");
    assert_eq!(v["numeration"], "msd_fib");
    let text =
        String::from_utf8_lossy(&prove("wythoff", "256", &["--via-pairs"]).stdout).to_string();
    assert!(
        text.contains("n -> a_n") && text.contains("proved"),
        "{text}"
    );
}

/// Through the graphs, seed 000's Theorem 2.1 (i) is decided (`prove` says TRUE:
/// `proves_the_papers_games`), and its statements can fail: on the graphs of the
/// committed proof (docs/proofs/roob-blocking-m-2-p-3), with the wrong p or m,
/// or b counted from n = 0, Walnut says FALSE.
#[test]
fn the_papers_formula_can_fail() {
    let Some(jar) = walnut() else {
        return;
    };
    let proof = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/proofs/roob-blocking-m-2-p-3/normal/Automata Library");
    let dir = std::env::temp_dir().join(format!("wythoff-prove-formula-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for f in [
        "Automata Library",
        "Command Files",
        "Custom Bases",
        "Result",
    ] {
        std::fs::create_dir_all(dir.join(f)).unwrap();
    }
    for f in ["pa.txt", "pb.txt"] {
        std::fs::copy(proof.join(f), dir.join("Automata Library").join(f)).unwrap();
    }
    let eval = |name: &str, body: &str| format!("eval {name} \"?msd_op211 A a,b {body}\";\n");
    let mut cmd = "ost op211 [0] [2 1 1];\n".to_string();
    // the statements prove emits: TRUE
    cmd += &eval("p3", &wythoff::prove::plan::sequences_complementary(3).body);
    cmd += &eval("m2", "(A c,d ($pa(a,c) & $pb(a,d)) => d=c+2*a) & b=b");
    // the mutants: p-complementarity with p = 2 and 4, b_n - a_n = 3 n and n,
    // b counted from n = 0
    for p in [2, 4] {
        cmd += &eval(
            &format!("p{p}"),
            &wythoff::prove::plan::sequences_complementary(p).body,
        );
    }
    for m in [1, 3] {
        cmd += &eval(
            &format!("m{m}"),
            &format!("(A c,d ($pa(a,c) & $pb(a,d)) => d=c+{m}*a) & b=b"),
        );
    }
    let from0 = wythoff::prove::plan::sequences_complementary(3)
        .body
        .replace("n>=1", "n>=0");
    cmd += &eval("b_from_0", &from0);
    std::fs::write(dir.join("Command Files/mutants.txt"), cmd).unwrap();
    let out = walnut_alone(&jar, &dir, "mutants.txt");
    assert_eq!(
        verdicts(&out),
        [true, true, false, false, false, false, false],
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_flipped_cell_is_refuted_with_its_witness() {
    skip_without_walnut!();
    // (987, 1597) = (floor(610 phi), floor(610 phi) + 610) is a P-position, far
    // beyond the 256 board; (1000, 1618) is not
    for (cell, statement) in [("987,1597", "absorbing"), ("1000,1618", "stable")] {
        let v = prove_json("wythoff", "256", &["--flip-cell", cell]);
        assert_eq!(v["verdict"], "refuted", "{v}");
        let (x, y) = cell.split_once(',').unwrap();
        assert_eq!(v["witness"]["x"], x.parse::<u64>().unwrap(), "{v}");
        assert_eq!(v["witness"]["y"], y.parse::<u64>().unwrap(), "{v}");
        assert_eq!(v["witness"]["statement"], statement, "{v}");
        let failed: Vec<&str> = statements(&v)
            .iter()
            .filter(|s| s["result"] == "FALSE")
            .map(|s| s["name"].as_str().unwrap())
            .collect();
        assert!(failed.contains(&statement), "{v}");
    }
    let out = prove("wythoff", "256", &["--flip-cell", "987,1597"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("refuted") && text.contains("(987, 1597)"),
        "{text}"
    );
    // a statement Walnut answered FALSE prints as FALSE, nothing added
    assert!(text.contains(" FALSE "), "{text}");
    assert!(!text.contains("no answer"), "{text}");
}

fn p_cells(game: &str, n: u64) -> Vec<(u64, u64)> {
    let s = wythoff::answer::Subject::parse(game, false).unwrap();
    wythoff::answer::p_positions_list(&s, n, &mut |_, _| {}).unwrap()
}

/// `--emit` writes a WALNUT_HOME that Walnut alone re-runs to TRUE everywhere, and
/// the automaton read by Walnut (its numeration, our digits) agrees with the
/// solver on P and N cells beyond the board it was guessed from.
#[test]
fn emitted_files_rerun_and_representations_agree() {
    let Some(jar) = walnut() else {
        return;
    };
    for (game, numeration) in [
        ("wythoff", "msd_fib"),
        ("m-wythoff:m=2", "msd_o1p2"),
        ("modular:m=5", "msd_2"),
        ("roob-blocking:m=2,p=3", "msd_op211"),
        // a custom base (Custom Bases/msd_fs2t1*.txt), its adder proved first
        ("st-wythoff:s=2,t=1", "msd_fs2t1"),
    ] {
        let dir = std::env::temp_dir().join(format!(
            "wythoff-prove-test-{}-{}",
            std::process::id(),
            game.replace([':', '='], "_")
        ));
        let _ = std::fs::remove_dir_all(&dir);
        let v = prove_json(game, "256", &["--emit", dir.to_str().unwrap()]);
        assert_eq!(v["verdict"], "proved", "{v}");
        assert_eq!(v["numeration"], numeration);
        for f in [
            "Automata Library",
            "Command Files",
            "Custom Bases",
            "Macro Library",
            "Morphism Library",
            "Result",
            "Transducer Library",
            "Word Automata Library",
        ] {
            assert!(dir.join(f).is_dir(), "{f}");
        }
        let out = walnut_alone(&jar, &dir, "prove.txt");
        // citable: Walnut alone prints no error line ("Invalid command.", ...)
        let errors = wythoff::prove::report::error_lines(&out);
        assert!(errors.is_empty(), "{game}: {errors:?}\n{out}");
        assert!(out.contains("macro comment"), "{out}");
        let got = verdicts(&out);
        // every statement but the winning moves' (checked here, below) is an eval
        let evals = statements(&v)
            .iter()
            .filter(|s| s["name"] != "winning_moves")
            .count();
        assert_eq!(got.len(), evals, "{out}");
        assert!(got.iter().all(|&t| t), "{out}");
        // `prove --recheck DIR`: the same answers, one line a statement
        let re = run(&["prove", "--recheck", dir.to_str().unwrap()]);
        let text = String::from_utf8_lossy(&re.stdout);
        assert_eq!(re.status.code(), Some(0), "{text}");
        assert_eq!(text.matches(" TRUE ").count(), evals, "{text}");
        assert!(text.contains("no error line"), "{text}");
        // P and N cells between 256 and 700, asked of Walnut
        let ps = p_cells(game, 700);
        let set: std::collections::HashSet<(u64, u64)> = ps.iter().copied().collect();
        let beyond: Vec<(u64, u64)> = ps
            .iter()
            .copied()
            .filter(|&(x, y)| x.max(y) >= 256)
            .collect();
        // a finite P-set (modular:m=5) has none beyond the board: take them all
        let pick = if beyond.is_empty() {
            ps.clone()
        } else {
            beyond
        };
        let mut cells: Vec<((u64, u64), bool)> = pick
            .iter()
            .step_by(7)
            .take(12)
            .map(|&c| (c, true))
            .collect();
        for c in [(300, 301), (650, 401), (512, 512)] {
            cells.push((c, set.contains(&c)));
        }
        for ((x, y), _) in cells.clone() {
            for c in [(x, y + 1), (x + 1, y), (y, x + 2)] {
                if c.0 < 700 && c.1 < 700 {
                    cells.push((c, set.contains(&c)));
                }
            }
        }
        assert!(
            cells.iter().any(|c| !c.1) && cells.iter().any(|c| c.1),
            "{game}: {cells:?} of {}",
            ps.len()
        );
        let mut cmd = String::new();
        for (i, ((x, y), _)) in cells.iter().enumerate() {
            cmd.push_str(&format!("eval cell{i} \"?{numeration} $pset({x},{y})\";\n"));
        }
        std::fs::write(dir.join("Command Files").join("cells.txt"), cmd).unwrap();
        let out = walnut_alone(&jar, &dir, "cells.txt");
        let got = verdicts(&out);
        let want: Vec<bool> = cells.iter().map(|c| c.1).collect();
        assert_eq!(got, want, "{game}: {out}");
        // the winning moves' automaton Walnut built: it agrees with `outcome`
        // (near 10^30 where an exact oracle answers), and not with another game's
        let win_path = dir.join("Automata Library").join("win.txt");
        if game != "roob-blocking:m=2,p=3" {
            let win = wythoff::prove::automaton::WalnutAutomaton::parse(
                &std::fs::read_to_string(&win_path).unwrap(),
            )
            .unwrap();
            let num =
                wythoff::prove::numeration::Numeration::parse(numeration).unwrap_or_else(|_| {
                    match numeration {
                        "msd_o1p2" => {
                            wythoff::prove::numeration::Numeration::parse("ost:0,1;2").unwrap()
                        }
                        "msd_fs2t1" => {
                            wythoff::prove::numeration::Numeration::parse("fraenkel:2,1").unwrap()
                        }
                        _ => panic!("{numeration}"),
                    }
                });
            assert_eq!(num.walnut_name(), numeration);
            let s = wythoff::answer::Subject::parse(game, false).unwrap();
            let pos = wythoff::prove::plan::winning_positions(&s).unwrap();
            assert_eq!(
                wythoff::prove::plan::check_winning_moves(&s, &win, &num, &pos).unwrap(),
                None,
                "{game}"
            );
            let other = wythoff::answer::Subject::parse("nim", false).unwrap();
            assert!(
                wythoff::prove::plan::check_winning_moves(&other, &win, &num, &pos)
                    .unwrap()
                    .is_some(),
                "{game}: the check cannot fail"
            );
        } else {
            // blocking: a move may be blocked; no winning-moves automaton
            assert!(!win_path.exists());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Bad input and a missing jar: one line on stderr, exit 2 (no Walnut needed).
#[test]
fn bad_input_is_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["prove", "no-such-game"], "no-such-game"),
        (&["prove", "imitation:p=2,m=1"], "memory"),
        (&["prove", "wythoff", "--numeration", "base:1"], "base"),
        (&["prove", "wythoff", "--numeration", "ost:1;2"], "a_0 = 0"),
        (&["prove", "wythoff", "--max", "5"], "16"),
        (
            &["prove", "wythoff", "--max", "99999999999999999999999"],
            "16",
        ),
        (&["prove", "wythoff", "--states", "0"], "--states"),
        (&["prove", "wythoff", "--timeout", "0"], "--timeout"),
        // S + T wrapped (a panic) before
        (
            &[
                "prove",
                "wythoff",
                "--max",
                "64",
                "--numeration",
                "fraenkel:18446744073709551615,1",
            ],
            "S + T",
        ),
        (&["prove", "--recheck", "/nonexistent/home"], "WALNUT_HOME"),
    ];
    for (args, needle) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let out = with_env(
        &["prove", "wythoff", "--max", "64"],
        "WALNUT_JAR",
        "/nonexistent/walnut.jar",
    );
    let err = common::one_stderr_line(&out, 2);
    assert!(err.contains("install_walnut.sh"), "{err}");
}

/// Java missing from the PATH: one line naming it, exit 2 (found before any
/// solving: `Walnut::find` runs first).
#[test]
fn missing_java_is_one_line() {
    skip_without_walnut!();
    let out = with_env(&["prove", "wythoff", "--max", "64"], "PATH", "/nonexistent");
    let err = common::one_stderr_line(&out, 2);
    common::assert_says(&err, &["java", "install_walnut.sh"]);
}

/// Walnut past `--timeout`: the JSON still has a verdict, the statements that
/// finished and those that did not; exit 1.
#[test]
fn json_on_a_timeout() {
    skip_without_walnut!();
    let out = prove(
        "st-wythoff:s=2,t=1",
        "256",
        &["--timeout", "1", "--format", "json"],
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let v: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(v["verdict"], "Walnut timed out", "{v}");
    let unfinished = v["unfinished"].as_array().unwrap();
    assert!(!unfinished.is_empty(), "{v}");
    assert!(unfinished.iter().any(|s| s == "stable"), "{v}");
    for s in statements(&v) {
        assert!(s["result"] == "TRUE" || s["result"] == "FALSE", "{v}");
    }
    let out = prove("st-wythoff:s=2,t=1", "256", &["--timeout", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Walnut timed out") && text.contains("undecided"),
        "{text}"
    );
}

/// The pids of the processes whose parent is `ppid` and whose command is `comm`.
fn children(ppid: u32, comm: &str) -> Vec<u32> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // pid (comm) state ppid ...
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let name = &stat[open + 1..close];
        let ppid_of: Option<u32> = stat[close + 1..]
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse().ok());
        if name == comm && ppid_of == Some(ppid) {
            out.push(pid);
        }
    }
    out
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        !s.rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z')
    })
}

/// Killing `wythoff prove` (TERM, then KILL, as a scheduler does) leaves no
/// `java` running and no temporary WALNUT_HOME.
#[cfg(target_os = "linux")]
#[test]
fn killed_prove_leaves_no_java_nor_folder() {
    skip_without_walnut!();
    for signal in ["TERM", "KILL"] {
        let tmp =
            std::env::temp_dir().join(format!("wythoff-kill-test-{}-{signal}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(&tmp).unwrap();
        let mut child = Command::new(BIN)
            .args([
                "prove",
                "st-wythoff:s=2,t=1",
                "--max",
                "256",
                "--timeout",
                "600",
            ])
            .env("TMPDIR", &tmp)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id();
        // wait (bounded) for java to start under it
        let mut java = Vec::new();
        for _ in 0..600 {
            java = children(pid, "java");
            if !java.is_empty() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        assert!(!java.is_empty(), "{signal}: java never started");
        assert!(
            std::fs::read_dir(&tmp).unwrap().count() > 0,
            "{signal}: no temporary folder"
        );
        let st = Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .unwrap();
        assert!(st.success());
        let _ = child.wait();
        let mut left: Vec<String> = Vec::new();
        for _ in 0..100 {
            left = std::fs::read_dir(&tmp)
                .unwrap()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().to_string())
                .collect();
            if left.is_empty() && !java.iter().any(|&j| alive(j)) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        assert!(
            !java.iter().any(|&j| alive(j)),
            "{signal}: java {java:?} still running"
        );
        assert!(left.is_empty(), "{signal}: left {left:?}");
        let _ = std::fs::remove_dir_all(&tmp);
    }
}

/// `scripts/install_walnut.sh` refuses a jar whose sha256 is not the pinned one
/// (before any download).
#[test]
fn install_script_refuses_another_jar() {
    if walnut().is_none() {
        return; // without java the script would install it first
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let cache = std::env::temp_dir().join(format!("wythoff-install-test-{}", std::process::id()));
    std::fs::create_dir_all(cache.join("walnut")).unwrap();
    std::fs::write(cache.join("walnut").join("walnut-6.2.jar"), b"not walnut").unwrap();
    let out = Command::new("bash")
        .arg(root.join("scripts/install_walnut.sh"))
        .env("WYTHOFF_CACHE", &cache)
        .output()
        .unwrap();
    let err = failed_saying(&out, 1, "refused");
    assert!(err.contains(wythoff_walnut::PINNED_JAR_SHA256), "{err}");
    let _ = std::fs::remove_dir_all(&cache);
}

/// Hostile round 4: `prove modulo-rook:m=1,l=0,p=3 --misere` said "refuted"
/// although stable, absorbing and no_terminal were TRUE; only statements about
/// the sequences read off the graphs were FALSE. The set is proved, and the
/// FALSE side statements are said (`side_false`), in a sweep's record too.
#[test]
fn false_side_statements_do_not_refute_a_proved_set() {
    skip_without_walnut!();
    let game = "modulo-rook:m=1,l=0,p=3";
    let v = json(&["prove", game, "--misere", "--format", "json"]);
    assert_eq!(v["verdict"], "proved", "{v}");
    let side: Vec<&str> = v["side_false"]
        .as_array()
        .expect("side_false")
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(side.contains(&"graph_a_nondecreasing"), "{v}");
    for core in ["stable", "absorbing", "no_terminal"] {
        let st = statement(&v, core);
        assert_eq!(st["result"], "TRUE", "{v}");
    }
    let text = String::from_utf8_lossy(&run(&["prove", game, "--misere"]).stdout).to_string();
    assert!(
        text.contains(": proved") && text.contains("answered FALSE: graph_a_nondecreasing"),
        "{text}"
    );
    // the sweep's record: the same verdict, the same side statements
    let out = run(&["sweep", game, "--misere", "--prove", "--max", "16"]);
    let line = String::from_utf8_lossy(&out.stdout).to_string();
    let rec: serde_json::Value =
        serde_json::from_str(line.trim()).unwrap_or_else(|e| panic!("{e}: {line}"));
    assert_eq!(rec["proof"]["verdict"], "proved", "{rec}");
    assert_eq!(rec["proof"]["states"], v["states"], "{rec}");
    assert_eq!(rec["proof"]["side_false"], v["side_false"], "{rec}");
}

/// A proof sweep finds what `prove` finds with the same options: in misère
/// play (the sweep once said "no automaton found" for games `prove --misere`
/// proves), and over terminal sets, blocking classes and corners, each game
/// proved alone (no proof shared between different games).
#[test]
fn a_sweep_proves_what_prove_proves_game_by_game() {
    skip_without_walnut!();
    let sweeps: [(&str, &[&str]); 5] = [
        ("modulo-rook:m=2,l=0..1,p=3", &["--misere"]),
        ("terminal-wythoff:l=0..3", &[]),
        ("blocking-wythoff:k=1..3", &[]),
        ("diagonal-blocking:p=1..2,m=1", &[]),
        ("corner:m=1,p=1..2,u=0..1,v=1", &[]),
    ];
    for (spec, extra) in sweeps {
        let out = sweep_prove(spec, "256", extra);
        assert!(
            out.status.success(),
            "{spec}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let rec: serde_json::Value = serde_json::from_str(line).unwrap();
            let game = rec["game"].as_str().unwrap();
            let v = prove_json(game, "256", extra);
            assert_eq!(
                rec["proof"]["verdict"], v["verdict"],
                "{spec}: {game}: {rec} / {v}"
            );
            assert_eq!(
                rec["proof"]["states"], v["states"],
                "{spec}: {game}: {rec} / {v}"
            );
            assert_eq!(
                rec["proof"]["numeration"], v["numeration"],
                "{spec}: {game}"
            );
        }
    }
}

/// Hostile round 4: a write error was a verdict. `--timings` to a full device
/// and `--emit` into a folder that cannot be made are the run's failure: exit
/// 2 (issue 53: exit 1 is a verdict's), said on stderr, no record carrying the
/// error as a game's verdict.
#[test]
fn write_errors_fail_a_proof_sweep() {
    skip_without_walnut!();
    if Path::new("/dev/full").exists() {
        let out = sweep_prove("wythoff", "64", &["--timings", "/dev/full"]);
        failed_saying(&out, 2, "--timings /dev/full");
    }
    let dir = std::env::temp_dir().join(format!("wythoff-emit-file-{}", std::process::id()));
    std::fs::write(&dir, "a file, not a folder").unwrap();
    let out = sweep_prove("wythoff", "64", &["--emit", dir.to_str().unwrap()]);
    let records = String::from_utf8_lossy(&out.stdout);
    failed_saying(&out, 2, "cannot create");
    assert!(
        !records.contains("cannot create"),
        "an I/O error became a record: {records}"
    );
    let _ = std::fs::remove_file(&dir);
}

/// Hostile round 4: a file that is not the pinned Walnut jar is refused before
/// the first game (it used to record "Walnut failed" for every game, exit 0).
#[test]
fn a_jar_that_is_not_walnut_is_refused_at_the_start() {
    skip_without_walnut!();
    let fake = std::env::temp_dir().join(format!("wythoff-fake-jar-{}.jar", std::process::id()));
    std::fs::write(&fake, "not a jar").unwrap();
    let out2 = with_env(
        &["sweep", "m-wythoff:m=1..2", "--prove", "--max", "16"],
        "WALNUT_JAR",
        fake.to_str().unwrap(),
    );
    let _ = std::fs::remove_file(&fake);
    let err = failed_saying(&out2, 2, "not the pinned Walnut");
    assert!(
        out2.stdout.is_empty(),
        "no record: {}",
        String::from_utf8_lossy(&out2.stdout)
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Hostile round 4: `--merge` (and `--resume`) accepted proof records with no
/// `proof`, with another jar's hash, or with `shared_with` naming a later
/// combination or another game. Each edit is refused (exit 2, one line); the
/// records as written merge.
#[test]
fn merge_and_resume_refuse_edited_proofs() {
    skip_without_walnut!();
    let spec = "modulo-rook:m=2,l=0..2,p=3";
    let out = sweep_prove(spec, "256", &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[1].contains("\"shared_with\":0"),
        "l = 0 and l = 1 are one game: {}",
        lines[1]
    );
    let dir = common::temp_folder("wythoff-merge-proofs");
    let write = |name: &str, recs: &[String]| {
        let p = dir.join(name);
        let text: String = recs.iter().map(|r| format!("{r}\n")).collect();
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let good = write("good.jsonl", &lines);
    let ok = run(&["sweep", "--merge", &good]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&ok.stdout), text);
    // (record, the text replaced, its replacement, the words of the refusal)
    let proof_of_2 = {
        let l = &lines[2];
        let a = l.find(",\"proof\":").unwrap();
        let b = l.find(",\"sweep\":").unwrap();
        l[a..b].to_string()
    };
    let jar = wythoff_walnut::PINNED_JAR_SHA256;
    let edits: [(usize, String, String, &str); 4] = [
        (2, proof_of_2, String::new(), "without `proof`"),
        (
            2,
            format!("\"jar_sha256\":\"{jar}\""),
            format!("\"jar_sha256\":\"{}\"", "0".repeat(64)),
            "the jar",
        ),
        (
            0,
            "\"shared_with\":null".into(),
            "\"shared_with\":1".into(),
            "not an earlier one",
        ),
        (
            2,
            "\"shared_with\":null".into(),
            "\"shared_with\":0".into(),
            "another game",
        ),
    ];
    for (i, from, to, words) in edits {
        let mut recs = lines.clone();
        assert!(recs[i].contains(&from), "{from}: {}", recs[i]);
        recs[i] = recs[i].replacen(&from, &to, 1);
        let bad = write("bad.jsonl", &recs);
        let err = failed_saying(&run(&["sweep", "--merge", &bad]), 2, words);
        assert_eq!(err.lines().count(), 1, "{words}: {err}");
        // --resume reads the same records with the same check
        failed_saying(&sweep_prove(spec, "256", &["--resume", &bad]), 2, words);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
