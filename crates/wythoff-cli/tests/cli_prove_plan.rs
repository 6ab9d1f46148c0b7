//! `prove --plan` (the candidate's facts before Walnut, no Walnut needed), the
//! line `prove` writes before Walnut starts, and Java's OutOfMemoryError as a
//! verdict (`Walnut out of memory`, exit 1 like a time-out, JSON on stdout),
//! in `prove` and in `sweep --prove` records. Tests that run Walnut skip
//! without it (in CI a missing jar is a failure, as in cli_prove.rs).

#[macro_use]
mod common;
use common::wythoff as run;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_wythoff");

fn json_of(out: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {text}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The plan names the board, the candidate (states, numeration), the
/// statements, the heap and the timeout; it runs without Walnut.
#[test]
fn plan_without_walnut() {
    let out = Command::new(BIN)
        .args([
            "prove",
            "wythoff",
            "--max",
            "64",
            "--plan",
            "--java-memory",
            "512M",
            "--timeout",
            "77",
            "--format",
            "json",
        ])
        .env("WALNUT_JAR", "/nonexistent/walnut.jar")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v = json_of(&out);
    assert_eq!(v["game"], "wythoff");
    assert_eq!(v["board"], 64);
    assert_eq!(v["java_heap_mib"], 512);
    assert_eq!(v["timeout"], 77);
    assert_eq!(v["numeration"], "msd_fib", "{v}");
    assert!(v["states"].as_u64().unwrap() >= 2, "{v}");
    assert!(v["candidate"].as_str().unwrap().contains("state automaton"));
    let sts: Vec<&str> = v["statements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(sts.contains(&"stable") && sts.contains(&"absorbing"), "{v}");
    assert!(v["estimate"].as_str().unwrap().contains("77 s"), "{v}");
    // the text
    let out = run(&["prove", "blocking-wythoff:k=3", "--max", "128", "--plan"]);
    assert_eq!(out.status.code(), Some(0));
    let t = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "board: 128 x 128",
        "candidate: the 7-state automaton in base 2 (msd_2)",
        "in_set_is_p, p_is_in_set",
        "Java heap: Java's default",
        "timeout: 300 s",
    ] {
        assert!(t.contains(needle), "{needle}: {t}");
    }
    // no automaton: said, nothing to run
    let out = run(&[
        "prove",
        "diagonal-blocking:p=2,m=1",
        "--max",
        "64",
        "--numeration",
        "base:2",
        "--states",
        "2",
        "--plan",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v = json_of(&out);
    assert!(v["candidate"].is_null(), "{v}");
    assert!(v["estimate"].as_str().unwrap().contains("no automaton"));
    // bad input stays one line, exit 2
    let out = run(&["prove", "wythoff", "--plan", "--max", "5"]);
    common::one_stderr_line(&out, 2);
}

/// Before Walnut starts, one stderr line gives the same facts.
#[test]
fn line_before_walnut() {
    skip_without_walnut!();
    let out = run(&["prove", "wythoff", "--max", "64", "--java-memory", "256M"]);
    let err = common::one_stderr_line(&out, 0);
    let facts = [
        "Walnut starts on the",
        "msd_fib",
        "Java heap 256 MiB",
        "timeout 300 s",
    ];
    common::assert_says(&err, &facts);
}

/// Java's OutOfMemoryError is a verdict: `Walnut out of memory`, the heap,
/// the statement, the time; JSON on stdout with --format json; exit 1 (as a
/// time-out); the same verdict in a proof sweep's record.
#[test]
fn out_of_memory_is_a_verdict() {
    skip_without_walnut!();
    let args = OOM_GAME;
    let mut a = vec!["prove"];
    a.extend_from_slice(args);
    a.extend_from_slice(&["--java-memory", "64M", "--format", "json"]);
    let out = run(&a);
    let v = json_of(&out);
    assert_eq!(out.status.code(), Some(1), "{v}");
    assert_eq!(v["verdict"], "Walnut out of memory", "{v}");
    let o = &v["out_of_memory"];
    assert_eq!(o["heap_mib"], 64, "{v}");
    assert!(o["heap"].as_str().unwrap().contains("64 MiB"), "{v}");
    assert!(o["statement"].is_string(), "{v}");
    assert!(o["seconds"].as_f64().unwrap() > 0.0, "{v}");
    assert!(!v["unfinished"].as_array().unwrap().is_empty(), "{v}");
    // the text
    a.truncate(a.len() - 2);
    let out = run(&a);
    assert_eq!(out.status.code(), Some(1));
    let t = String::from_utf8_lossy(&out.stdout);
    common::assert_says(
        &t,
        &[
            "Walnut out of memory",
            "Java ran out of memory after",
            "heap 64 MiB (-Xmx)",
            "stopped in `def ",
        ],
    );
}

/// A game whose proof runs out of a 64 MiB heap within a minute (in `def pin`,
/// an intermediate automaton of about 6,000 states; about 10 s with Java's
/// default heap).
const OOM_GAME: &[&str] = &["roob-blocking:m=2,p=3"];

/// A proof sweep records the verdict, with the heap and the statement in
/// `reason`; the sweep itself succeeds.
#[test]
fn out_of_memory_in_a_sweep_record() {
    skip_without_walnut!();
    let out = run(&[
        "sweep",
        "roob-blocking:m=2,p=3",
        "--max",
        "16",
        "--prove",
        "--java-memory",
        "64M",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v = json_of(&out);
    let p = &v["proof"];
    assert_eq!(p["verdict"], "Walnut out of memory", "{v}");
    let why = p["reason"].as_str().unwrap();
    common::assert_says(why, &["heap 64 MiB", "in_set_is_p"]);
}

/// Blocking Wythoff Nim with k = 4 and k = 14: proved since "at least k
/// P-options" is counted line by line (before: `def pin` ran out of a 10 GB
/// heap on k = 4, and past 60 s on k = 14).
#[test]
fn blocking_wythoff_k4_and_k14_are_proved() {
    skip_without_walnut!();
    for (k, max, states, num) in [
        ("blocking-wythoff:k=4", "2048", 40, "msd_o1p2"),
        ("blocking-wythoff:k=14", "512", 189, "msd_2"),
    ] {
        let out = run(&[
            "prove",
            k,
            "--max",
            max,
            "--java-memory",
            "2G",
            "--format",
            "json",
        ]);
        let v = json_of(&out);
        assert_eq!(out.status.code(), Some(0), "{v}");
        assert_eq!(v["verdict"], "proved", "{k}: {v}");
        assert_eq!(v["states"], states, "{k}: {v}");
        assert_eq!(v["numeration"], num, "{k}: {v}");
    }
    // a run longer than the progress interval says where it stands on stderr
    // (issue 51 item 4; every 30 s by default, every second here)
    let out = Command::new(BIN)
        .args([
            "prove",
            "blocking-wythoff:k=4",
            "--max",
            "2048",
            "--java-memory",
            "2G",
        ])
        .env("WYTHOFF_WALNUT_PROGRESS_SECONDS", "1")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let line = err
        .lines()
        .find(|l| l.contains("Walnut at 1 s:"))
        .unwrap_or_else(|| panic!("no progress line: {err}"));
    assert!(line.contains("of 3 statements answered"), "{line}");
}

/// `prove GAME --family PARAM` (issue 51 item 2): the plan, the guess in each
/// numeration with its class count (no Walnut), and the refusals, each one
/// line with exit 2.
#[test]
fn family_guess_and_its_refusals() {
    let out = Command::new(BIN)
        .args([
            "prove",
            "terminal-wythoff",
            "--family",
            "l",
            "--up-to",
            "32",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json_of(&out);
    assert_eq!(
        (v["first"].as_u64(), v["board"].as_u64()),
        (Some(0), Some(128))
    );
    let tries = v["tries"].as_array().unwrap();
    let names: Vec<&str> = tries
        .iter()
        .map(|t| t["numeration"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["msd_fib", "msd_2", "msd_3"]);
    // no automaton on 32 members; the classes are the evidence
    assert!(tries
        .iter()
        .all(|t| t["states"].is_null() && t["classes"].as_u64() > Some(10)));
    let plan = Command::new(BIN)
        .args([
            "prove",
            "terminal-wythoff",
            "--family",
            "l",
            "--up-to",
            "512",
            "--plan",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&plan.stdout);
    assert!(
        plan.status.success() && text.contains("2048 x 2048 board") && text.contains("estimated"),
        "{text}"
    );
    for (args, says) in [
        (
            vec!["terminal-wythoff", "--family", "k"],
            "--family k: terminal-wythoff has no such parameter",
        ),
        (vec!["terminal-wythoff:l=3", "--family", "l"], "fixes it"),
        (
            vec!["terminal-wythoff", "--family", "l", "--up-to", "5000"],
            "--up-to 5000: allowed 16 to 1024",
        ),
        (vec!["m-wythoff", "--family", "m", "--up-to", "32"], "edge"),
        (
            vec!["terminal-wythoff", "--family", "l", "--grundy"],
            "cannot be used with",
        ),
    ] {
        let out = Command::new(BIN).arg("prove").args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `prove --plan` predicts Walnut's peak memory and time with their bands
/// (issue 51 item 4, `prove/walnut_cost.rs`): the JSON keys, and for
/// blocking-wythoff k = 4 (the 40-state candidate shipped in
/// docs/proofs/blocking-wythoff-k-4/normal) the recorded peak and time of its
/// re-check (docs/proofs/resources.jsonl) inside the printed ranges. No Walnut.
#[test]
fn plan_predicts_walnut_within_its_band() {
    let out = run(&[
        "prove",
        "blocking-wythoff:k=4",
        "--max",
        "1024",
        "--plan",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v = json_of(&out);
    let w = &v["walnut"];
    assert_eq!(w["features"]["states"], 40, "{v}");
    let (peak, secs) = (
        w["peak_mib"].as_f64().unwrap(),
        w["seconds"].as_f64().unwrap(),
    );
    let pr: Vec<f64> = w["peak_mib_range"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    let sr: Vec<f64> = w["seconds_range"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!(
        pr[0] < peak && peak < pr[1] && sr[0] < secs && secs < sr[1],
        "{w}"
    );
    assert!(w["peak_band"].as_f64().unwrap() > 1.0, "{w}");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let records = std::fs::read_to_string(root.join("docs/proofs/resources.jsonl")).unwrap();
    let rec: serde_json::Value = records
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|r| r["folder"] == "docs/proofs/blocking-wythoff-k-4/normal")
        .unwrap();
    let got_peak = rec["peak_bytes"].as_f64().unwrap() / 1048576.0;
    let got_secs = rec["wall_seconds"].as_f64().unwrap();
    assert!(
        pr[0] <= got_peak && got_peak <= pr[1],
        "peak {got_peak} MiB outside {pr:?}"
    );
    assert!(
        sr[0] <= got_secs && got_secs <= sr[1],
        "{got_secs} s outside {sr:?}"
    );
    // the text says it too
    let t = run(&["prove", "blocking-wythoff:k=4", "--max", "1024", "--plan"]);
    let t = String::from_utf8_lossy(&t.stdout);
    assert!(
        t.contains("MiB at the peak (") && t.contains("90% of them within these bands"),
        "{t}"
    );
}

/// Boards above 4096 (up to 16384, issue 51): the guess's memory (11 bytes a
/// cell) is checked against the budget before the board is solved, one line
/// and exit 2 (the table alone, 1 byte a cell, would fit in this budget).
#[test]
fn a_big_board_guess_is_admitted_first() {
    let o = Command::new(BIN)
        .args([
            "prove",
            "blocking-wythoff:k=5",
            "--max",
            "8192",
            "--numeration",
            "frac:(2+sqrt29)/5",
            "--plan",
        ])
        .env("WYTHOFF_MEMORY_BUDGET", "500M")
        .output()
        .unwrap();
    let err = common::one_stderr_line(&o, 2);
    assert!(err.contains("guess"), "{err}");
    let o = run(&["prove", "wythoff", "--max", "16385", "--plan"]);
    let err = common::one_stderr_line(&o, 2);
    assert!(err.contains("16 to 16384"), "{err}");
}
