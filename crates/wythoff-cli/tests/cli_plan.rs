//! `--plan` (issue 33): `p-positions`, `grundy`, `sequence`, `remoteness` and
//! `compare` print the library's plan as JSON and do no work; the plan's
//! refusals are the run's refusals. No timing here: the calibration against
//! what runs is `scripts/plan_check.py`.

mod common;
use common::wythoff;
use serde_json::Value;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_wythoff");

fn plan(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--plan");
    let o = wythoff(&a);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
    assert!(err.is_empty(), "{args:?}: nothing on stderr: {err}");
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{args:?}: json: {e}"))
}

fn with_budget(budget: &str, args: &[&str]) -> Output {
    Command::new(BIN)
        .env("WYTHOFF_MEMORY_BUDGET", budget)
        .args(args)
        .output()
        .expect("run wythoff")
}

fn refused_for(p: &Value) -> Option<&str> {
    p["refused"]
        .as_object()
        .map(|r| r["reason"].as_str().unwrap())
}

#[test]
fn every_command_plans_with_the_fields_a_researcher_reads() {
    let cases: &[(&[&str], &str)] = &[
        (&["p-positions", "wythoff", "--max", "1048576"], "linear"),
        (&["p-positions", "m-wythoff:m=100", "--max", "4096"], "band"),
        (
            &["p-positions", "modulo-rook:m=2,l=0,p=4", "--max", "4096"],
            "residue",
        ),
        (&["p-positions", "modular:m=5", "--max", "4096"], "sparse"),
        (
            &["p-positions", "terminal-wythoff:l=10", "--max", "4096"],
            "counters",
        ),
        (
            &["p-positions", "imitation:p=2,m=1", "--max", "512"],
            "imitation",
        ),
        (&["grundy", "wythoff", "--max", "4096"], "nim-like"),
        (&["grundy", "m-wythoff:m=2", "--max", "4096"], "lines"),
        (&["remoteness", "wythoff", "--max", "1024"], "lines"),
        (&["sequence", "wythoff", "--terms", "1000000"], "mex"),
        (
            &["sequence", "shifted:m=2,p=3,l=1", "--terms", "1000"],
            "oracle",
        ),
        (
            &["compare", "wythoff", "wythoff@misere", "--max", "1024"],
            "linear | linear",
        ),
    ];
    for (args, kernel) in cases {
        let p = plan(args);
        assert_eq!(p["kernel"], *kernel, "{args:?}: {p}");
        assert_eq!(p["work"], args[0], "{args:?}");
        for field in [
            "memory",
            "work_memory",
            "seconds",
            "milliseconds",
            "threads",
            "n",
        ] {
            assert!(p[field].is_u64(), "{args:?}: {field} in {p}");
        }
        assert!(
            p["complexity"]
                .as_str()
                .is_some_and(|c| c.starts_with("O(") || c.starts_with("near")),
            "{args:?}: {p}"
        );
        assert!(p["memory"].as_u64().unwrap() > 0 && p["threads"].as_u64().unwrap() >= 1);
        assert!(p["seconds"].as_u64().unwrap() * 1000 <= p["milliseconds"].as_u64().unwrap());
        // seconds: null where no time bound applies (remoteness: its size limit)
        let secs = &p["budget"]["seconds"];
        assert!(
            p["budget"]["memory"].is_u64() && (secs.is_u64() || secs.is_null()),
            "{p}"
        );
        assert_ne!(secs.as_u64(), Some(u64::MAX), "{p}");
        assert_eq!(refused_for(&p), None, "{args:?}: {p}");
    }
    // compare composes the plans of its two boards
    let c = plan(&[
        "compare",
        "wythoff",
        "modulo-rook:m=2,l=0,p=4",
        "--max",
        "4096",
    ]);
    let parts = c["parts"].as_array().unwrap();
    assert_eq!(
        (parts[0]["kernel"].as_str(), parts[1]["kernel"].as_str()),
        (Some("linear"), Some("residue"))
    );
    let ms = |v: &Value| v["milliseconds"].as_u64().unwrap();
    assert_eq!(ms(&c), ms(&parts[0]) + ms(&parts[1]));
    assert!(c["memory"].as_u64() >= parts[1]["memory"].as_u64());
    // the sequence plan says the terms
    assert_eq!(plan(&["sequence", "wythoff", "--terms", "77"])["terms"], 77);
}

#[test]
fn work_of_hours_is_planned_without_being_done() {
    // each of these would run for many minutes (or not fit): the plan answers,
    // and says why the run would be refused
    let g = plan(&["grundy", "wythoff", "--max", "65536", "--format", "csv"]);
    assert_eq!(refused_for(&g), Some("time"), "{g}");
    assert!(g["seconds"].as_u64().unwrap() > 600);
    let forced = plan(&[
        "grundy", "wythoff", "--max", "65536", "--format", "csv", "--force",
    ]);
    assert_eq!(
        refused_for(&forced),
        None,
        "--force lifts the time bound: {forced}"
    );
    let p = plan(&[
        "p-positions",
        "odd-odd:s=1,t=1",
        "--max",
        "1048576",
        "--force",
    ]);
    assert_eq!(
        refused_for(&p),
        Some("memory"),
        "no --force lifts memory: {p}"
    );
    let r = plan(&["remoteness", "wythoff", "--max", "4096"]);
    assert_eq!(refused_for(&r), Some("input"), "{r}");
    let c = plan(&["compare", "odd-odd:s=1,t=1", "wythoff", "--max", "1048576"]);
    assert!(refused_for(&c).is_some(), "{c}");
}

#[test]
fn the_plan_refuses_what_the_run_refuses() {
    // the run's refusal and the plan's carry the same estimate
    let run = wythoff(&["grundy", "wythoff", "--max", "65536", "--format", "csv"]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    let p = plan(&["grundy", "wythoff", "--max", "65536", "--format", "csv"]);
    let msg = p["refused"]["message"].as_str().unwrap();
    assert!(err.contains(msg), "run: {err}\nplan: {msg}");
    // and over the memory budget by a table kernel: the plan's estimate (the
    // run refused with the table's bytes alone, 18.3 GiB against the plan's
    // 150.6 GiB, before one admission)
    let args = ["grundy", "restricted:s=2,t=1,d1=min2", "--max", "70000"];
    let run = wythoff(&args);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    let p = plan(&args);
    assert_eq!(p["refused"]["reason"], "memory", "{p}");
    let msg = p["refused"]["message"].as_str().unwrap();
    assert!(err.contains(msg), "run: {err}\nplan: {msg}");
    assert!(err.contains("--values A..G"), "{err}");
    // memory: a board over a small budget is refused by both, one that fits by neither
    for (max, over) in [("8192", true), ("1024", false)] {
        let args = [
            "p-positions",
            "terminal-wythoff:l=10",
            "--max",
            max,
            "--format",
            "summary",
        ];
        let run = with_budget("16M", &args);
        assert_eq!(run.status.code(), Some(if over { 2 } else { 0 }), "{max}");
        let mut a = args.to_vec();
        a.push("--plan");
        let o = with_budget("16M", &a);
        assert_eq!(o.status.code(), Some(0));
        let p: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(refused_for(&p), over.then_some("memory"), "{max}: {p}");
        assert_eq!(p["budget"]["memory"], 16 << 20);
    }
    // the imitation state solver's own bounds (piles below 2^15, its 4 GiB):
    // refused by the plan in the run's words; a board within them by neither;
    // and a sequence read off a board whose probe holds no pairs (rays)
    for (args, refused) in [
        (
            &["p-positions", "imitation:p=2,m=1", "--max", "40000"][..],
            true,
        ),
        (
            &["p-positions", "imitation:p=8,m=1", "--max", "32768"],
            true,
        ),
        (&["p-positions", "imitation:p=2,m=1", "--max", "256"], false),
        (
            &[
                "sequence",
                "restricted:s=1,t=3,h=5:1,v=5:4,d1=5:1,d2=5:4",
                "--terms",
                "32768",
            ],
            true,
        ),
    ] {
        let mut a = args.to_vec();
        a.extend(["--format", "csv"]);
        let run = wythoff(&a);
        let p = plan(&a);
        assert_eq!(p["refused"].is_object(), refused, "{args:?}: {p}");
        assert_eq!(
            run.status.code(),
            Some(if refused { 2 } else { 0 }),
            "{args:?}"
        );
        if refused {
            let err = String::from_utf8_lossy(&run.stderr);
            let msg = p["refused"]["message"].as_str().unwrap();
            assert!(err.contains(msg), "run: {err}\nplan: {msg}");
        }
    }
}

#[test]
fn bad_plans_exit_2_with_one_line() {
    for args in [
        &["p-positions", "wythoff", "--max", "0", "--plan"][..],
        &["p-positions", "no-such-game", "--max", "10", "--plan"],
        &["grundy", "roob-blocking:m=2,p=3", "--max", "10", "--plan"],
        &["sequence", "wythoff", "--terms", "0", "--plan"],
        &[
            "compare",
            "wythoff",
            "nim@sideways",
            "--max",
            "10",
            "--plan",
        ],
    ] {
        let o = wythoff(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    // a table over the memory budget: its plan says so (the run refuses it,
    // pointing to --values, issue 53), before the text grid's own limit
    let o = wythoff(&["grundy", "wythoff", "--max", "1048576", "--plan"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["refused"]["reason"], "memory", "{v}");
}
