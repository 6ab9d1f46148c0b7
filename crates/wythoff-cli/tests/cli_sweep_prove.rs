//! `wythoff sweep SPEC --prove` (issue 37): a verdict per record, each distinct
//! game proved once, Walnut's files re-run alone, verdicts equal to single
//! `prove` runs, SIGKILL and `--resume`, shards and `--merge`, `--plan`.
//! Skipped (saying so) without Java and the Walnut jar, failing under CI=true.
//! Tiny families, one Java process at a time (`--threads 1`, one test at a time).

#[macro_use]
mod common;
use common::{random_below, verdict_lines, walnut, walnut_alone, wythoff};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Two distinct games, four combinations: `t = 1, 2` are one game when every
/// set is the multiples of K. K = 2 is proved (Zeckendorf, 44 states), K = 3
/// has no automaton within the bound.
const FAMILY: &str = "restricted:s=1,t=1..2,K=2..3,h=K:0,v=K:0,d1=K:0,d2=K:0";

/// One Java process at a time on this machine: the tests take turns.
static WALNUT: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn turn() -> std::sync::MutexGuard<'static, ()> {
    WALNUT.lock().unwrap_or_else(|p| p.into_inner())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wythoff-psweep-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn ok(o: Output, what: &str) -> Vec<u8> {
    assert!(
        o.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o.stdout
}

/// The arguments `--threads 1 sweep SPEC --max 24 EXTRA...`.
fn one_thread_sweep<'a>(spec: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    [&["--threads", "1", "sweep", spec, "--max", "24"][..], extra].concat()
}

/// The arguments of FAMILY's proof sweep, `--prove --timeout 60 EXTRA...`.
fn prove_family<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    one_thread_sweep(
        FAMILY,
        &[&["--prove", "--timeout", "60"][..], extra].concat(),
    )
}

fn sweep(extra: &[&str]) -> Vec<u8> {
    let a = prove_family(extra);
    ok(wythoff(&a), &format!("{a:?}"))
}

fn records(bytes: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A verdict per record; equal games share one proof (`shared_with` the
/// first); the proved ones re-run to TRUE in Walnut alone from `--emit`'s
/// files; each distinct game's verdict is the one `wythoff prove` gives alone;
/// the seconds are in `--timings`, not in the records.
#[test]
fn verdicts_shared_emitted_and_equal_to_prove() {
    let Some(jar) = walnut() else { return };
    let _t = turn();
    let dir = scratch("verdicts");
    let emit = dir.join("emit");
    let timings = dir.join("timings.jsonl");
    let out = sweep(&[
        "--emit",
        emit.to_str().unwrap(),
        "--timings",
        timings.to_str().unwrap(),
    ]);
    let recs = records(&out);
    assert_eq!(recs.len(), 4);
    let want_shared = [None, None, Some(0), Some(1)];
    for (r, shared) in recs.iter().zip(want_shared) {
        let p = &r["proof"];
        assert!(p.is_object(), "{r}");
        assert_eq!(p["shared_with"].as_u64(), shared, "{r}");
        assert_eq!(p["walnut_version"], "6.2");
        assert_eq!(p["jar_sha256"].as_str().unwrap().len(), 64);
        assert!(p.get("seconds").is_none(), "no time in a record: {p}");
        let prove = r["sweep"]["prove"].as_str().unwrap();
        assert!(
            prove.contains("timeout=60") && prove.contains("states=300"),
            "{prove}"
        );
        // the shared record's verdict is its representative's
        if let Some(s) = shared {
            let mut a = p.clone();
            a["shared_with"] = Value::Null;
            assert_eq!(a, recs[s as usize]["proof"]);
        }
    }
    assert_eq!(recs[0]["proof"]["verdict"], "proved");
    assert_eq!(recs[1]["proof"]["verdict"], "no automaton found");
    // two proofs were made, not four
    let t = std::fs::read_to_string(&timings).unwrap();
    let lines: Vec<Value> = t
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{t}");
    assert!(lines.iter().all(|l| l["seconds"].as_f64().unwrap() > 0.0));
    for r in recs.iter().filter(|r| r["proof"]["shared_with"].is_null()) {
        let game = r["game"].as_str().unwrap();
        // the same verdict as `wythoff prove` alone (exit 1 without a proof)
        let o = wythoff(&["prove", game, "--format", "json", "--timeout", "60"]);
        let single: Value = serde_json::from_slice(&o.stdout)
            .unwrap_or_else(|e| panic!("{game}: {e}: {}", String::from_utf8_lossy(&o.stderr)));
        let p = &r["proof"];
        assert_eq!(p["verdict"], single["verdict"], "{game}");
        assert_eq!(p["numeration"], single["numeration"], "{game}");
        assert_eq!(p["states"], single["states"], "{game}");
        let home = emit.join(game).join("normal");
        if p["verdict"] == "proved" {
            let got = verdict_lines(&walnut_alone(&jar, &home, "prove.txt"));
            assert!(got.len() >= 2 && got.iter().all(|&v| v), "{game}: {got:?}");
        } else {
            assert!(!home.join("Command Files").join("prove.txt").exists());
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

fn sweep_to_file(args: &[&str], file: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .args(prove_family(args))
        .stdout(std::fs::File::create(file).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap()
}

/// A proof sweep killed with SIGKILL (Java and all) resumes to the bytes of
/// one run; a kept record's proof is not made again; shards merge to one run;
/// records of other proof options are another sweep.
#[test]
fn killed_resumed_sharded_merged() {
    skip_without_walnut!();
    let _t = turn();
    let dir = scratch("resume");
    let full = sweep(&[]);
    let part = dir.join("part.jsonl");
    let resumed = |keep: &[u8]| -> (Vec<u8>, usize) {
        std::fs::write(&part, keep).unwrap();
        let t = dir.join("t.jsonl");
        let _ = std::fs::remove_file(&t);
        let out = sweep(&[
            "--resume",
            part.to_str().unwrap(),
            "--timings",
            t.to_str().unwrap(),
        ]);
        let proofs = std::fs::read_to_string(&t).map_or(0, |s| s.lines().count());
        (out, proofs)
    };
    // killed at a random moment (before, during or after the Java process)
    let mut child = sweep_to_file(&[], &part);
    std::thread::sleep(std::time::Duration::from_millis(random_below(5000)));
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let cut = std::fs::read(&part).unwrap();
    assert_eq!(&full[..cut.len()], &cut[..], "a prefix of the output");
    assert_eq!(
        resumed(&cut).0,
        full,
        "resumed after a SIGKILL at {} bytes",
        cut.len()
    );
    // cut after the first record (the proved game): the shared record reuses
    // the kept proof, only K = 3 is proved again
    let first = full.iter().position(|&b| b == b'\n').unwrap() + 1;
    let (out, proofs) = resumed(&full[..first]);
    assert_eq!(out, full);
    assert_eq!(proofs, 1, "the kept proof is not made again");
    // mid-line, and nothing kept
    let (out, proofs) = resumed(&full[..first + 10]);
    assert_eq!(out, full);
    assert_eq!(proofs, 1);
    // shards merge to one run
    let s1 = dir.join("s1.jsonl");
    let s2 = dir.join("s2.jsonl");
    let (p1, p2) = (s1.to_str().unwrap(), s2.to_str().unwrap());
    std::fs::write(&s1, sweep(&["--shard", "1/2"])).unwrap();
    std::fs::write(&s2, sweep(&["--shard", "2/2"])).unwrap();
    let merged = ok(wythoff(&["sweep", "--merge", p2, p1]), "merge");
    assert_eq!(merged, full);
    // a proof sweep is json only, also when merged
    let o = wythoff(&["sweep", "--merge", p1, "--format", "csv"]);
    assert_eq!(o.status.code(), Some(2));
    // another timeout: another sweep, for --merge and for --resume
    let other = String::from_utf8(std::fs::read(&s2).unwrap())
        .unwrap()
        .replace("timeout=60", "timeout=61");
    std::fs::write(&s2, other).unwrap();
    let o = wythoff(&["sweep", "--merge", p1, p2]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(
        e.contains("another sweep") && e.contains("proof options"),
        "{e}"
    );
    let mut c = sweep_to_file(&["--resume", p2, "--shard", "2/2"], &part);
    assert!(!c.wait().unwrap().success());
    // a sweep without --prove is another sweep too
    let o = wythoff(&[
        "sweep", FAMILY, "--max", "24", "--resume", p1, "--shard", "1/2",
    ]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("proof options"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Hostile round 5: proof records that contradict one another or the sweep
/// were merged: a `shared_with` naming a record of another verdict, a
/// dropped `shared_with` on a game already proved, a `proved` without its
/// numeration. `--merge` and `--resume` refuse each (exit 2, one line).
#[test]
fn inconsistent_proof_records_are_refused_by_merge_and_resume() {
    skip_without_walnut!();
    let _t = turn();
    let dir = scratch("inconsistent");
    let full = String::from_utf8(sweep(&[])).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].contains("\"verdict\":\"proved\""), "{}", lines[0]);
    assert!(lines[2].contains("\"shared_with\":0"), "{}", lines[2]);
    let edit = |line: usize, from: &str, to: &str| -> PathBuf {
        let mut ls: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        assert!(ls[line].contains(from), "{from} in {}", ls[line]);
        ls[line] = ls[line].replacen(from, to, 1);
        let f = dir.join(format!("edited-{line}-{}.jsonl", to.len()));
        std::fs::write(&f, ls.join("\n") + "\n").unwrap();
        f
    };
    let numeration = lines[0]
        .split("\"numeration\":")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .unwrap()
        .to_string();
    for (file, words) in [
        (
            edit(2, "\"verdict\":\"proved\"", "\"verdict\":\"refuted\""),
            &["line 3", "records of one game carry one proof"][..],
        ),
        (
            edit(2, "\"shared_with\":0", "\"shared_with\":null"),
            &["line 3", "`shared_with` 0 dropped"],
        ),
        (
            edit(
                0,
                &format!("\"numeration\":{numeration}"),
                "\"numeration\":null",
            ),
            &["line 1", "`proved` without a numeration"],
        ),
    ] {
        let o = wythoff(&["sweep", "--merge", file.to_str().unwrap()]);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{e}");
        assert_eq!(e.lines().count(), 1, "{e}");
        for w in words {
            assert!(e.contains(w), "`{w}` in {e}");
        }
        assert!(o.stdout.is_empty());
        let o = wythoff(&prove_family(&["--resume", file.to_str().unwrap()]));
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{e}");
        assert!(e.contains(words[1]), "{e}");
        assert!(o.stdout.is_empty());
    }
    // the file as written merges to itself
    let whole = dir.join("whole.jsonl");
    std::fs::write(&whole, &full).unwrap();
    let o = wythoff(&["sweep", "--merge", whole.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), full);
    std::fs::remove_dir_all(&dir).ok();
}

/// Hostile round 5: `--resume` killed before its next new record (a proof
/// can take minutes) left an output without the kept records, and
/// docs/prove-slurm.sh then moved that output over its kept file and proved
/// the finished games again. Here the next record's proof never ends (a
/// `java` that waits, first on the PATH): once it has started, the output
/// holds every kept record; killed there, resuming the output still gives
/// the bytes of one run.
#[test]
fn resume_writes_kept_records_before_its_next_game() {
    skip_without_walnut!();
    let _t = turn();
    let dir = scratch("kept-first");
    // two games, each proved by Walnut (shipped proofs: an automaton is found)
    let spec = "terminal-wythoff:l=1..2";
    let args = |extra: &[&str]| -> Vec<String> {
        one_thread_sweep(spec, &[&["--prove", "--timeout", "60"][..], extra].concat())
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let full = ok(
        Command::new(env!("CARGO_BIN_EXE_wythoff"))
            .args(args(&[]))
            .output()
            .unwrap(),
        "the whole sweep",
    );
    assert_eq!(records(&full).len(), 2);
    let first = full.iter().position(|&b| b == b'\n').unwrap() + 1;
    let part = dir.join("part.jsonl");
    std::fs::write(&part, &full[..first]).unwrap();
    // a java that marks its start and never finishes (killed with wythoff:
    // the prover starts it with PDEATHSIG)
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let java = bin.join("java");
    std::fs::write(
        &java,
        "#!/bin/sh\ntouch \"$WYTHOFF_TEST_MARK\"\nexec sleep 120\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&java, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mark = dir.join("java-started");
    let out = dir.join("out.jsonl");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .args(args(&["--resume", part.to_str().unwrap()]))
        .env("PATH", path)
        .env("WYTHOFF_TEST_MARK", &mark)
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // wait (polling, bounded) until the next record's proof has started
    let mut polls = 0;
    while !mark.exists() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the resumed sweep ended before its Java started"
        );
        polls += 1;
        assert!(polls < 6000, "Java never started");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL, before its next record
    child.wait().unwrap();
    let cut = std::fs::read(&out).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&cut),
        String::from_utf8_lossy(&full[..first]),
        "the output of a resumed sweep killed before its next record holds every kept record"
    );
    // and it resumes (real Java again) to the bytes of one run
    let again = ok(
        Command::new(env!("CARGO_BIN_EXE_wythoff"))
            .args(args(&["--resume", out.to_str().unwrap()]))
            .output()
            .unwrap(),
        "resumed again",
    );
    assert_eq!(again, full);
    std::fs::remove_dir_all(&dir).ok();
}

/// A game Walnut does not finish within `--timeout` is recorded as such,
/// as `prove` alone reports it, with the automaton it was deciding
/// (modulo-rook:m=2,l=0,p=3: about 5 s of Walnut on an idle machine, its
/// definitions unfinished at 1 s; m=1 now proves within 2 s).
#[test]
fn timeouts_are_verdicts() {
    skip_without_walnut!();
    let _t = turn();
    let o = wythoff(&one_thread_sweep(
        "modulo-rook:m=2,l=0..1,p=3",
        &["--prove", "--timeout", "1"],
    ));
    let recs = records(&ok(o, "sweep"));
    assert_eq!(recs.len(), 2);
    assert_eq!(
        recs[0]["proof"]["verdict"], "Walnut timed out",
        "{}",
        recs[0]
    );
    assert_eq!(recs[1]["proof"]["shared_with"], 0);
    // as `prove` alone says, with what it was deciding
    let o = wythoff(&[
        "prove",
        "modulo-rook:m=2,l=0,p=3",
        "--timeout",
        "1",
        "--format",
        "json",
    ]);
    let single: Value = serde_json::from_slice(&o.stdout).unwrap();
    let p = &recs[0]["proof"];
    assert_eq!(single["verdict"], "Walnut timed out");
    assert_eq!(p["numeration"], single["numeration"]);
    // the states of a timed-out proof through the graphs are those of the
    // P-set automaton when Walnut built it within the second, else the
    // graphs' together: which one depends on the machine's load (the sweep
    // runs two Java processes at once), so both are read as states
    assert!(
        p["states"].as_u64().is_some() && single["states"].as_u64().is_some(),
        "{p} / {single}"
    );
}

/// `--plan T --prove`: each shard's distinct games to prove, its estimate and
/// bound with the proofs, and the Java processes' memory; no Walnut needed.
#[test]
fn plan_counts_proofs() {
    let planned = one_thread_sweep(FAMILY, &["--prove", "--plan", "2", "--timeout", "10"]);
    let out = ok(wythoff(&planned), "plan");
    let v: Value = serde_json::from_slice(&out).unwrap();
    let plain = ok(wythoff(&one_thread_sweep(FAMILY, &["--plan", "2"])), "plan");
    let plain: Value = serde_json::from_slice(&plain).unwrap();
    for (k, s) in v.as_array().unwrap().iter().enumerate() {
        assert_eq!(s["games"], 2);
        assert_eq!(s["proofs"], 1, "{s}");
        let p = &plain[k];
        assert!(s["seconds"].as_u64() > p["seconds"].as_u64());
        assert!(s["seconds_at_most"].as_u64() >= s["seconds"].as_u64());
        assert!(
            s["memory_bytes"].as_u64().unwrap() >= p["memory_bytes"].as_u64().unwrap() + (3 << 30)
        );
    }
    // options prove refuses, refused here; --prove is json only
    for bad in [
        &["--states", "0"][..],
        &["--timeout", "0"],
        &["--prove-max", "8"],
        &["--java-memory", "lots"],
        &["--format", "csv"],
    ] {
        let mut a = vec!["sweep", FAMILY, "--max", "24", "--prove"];
        a.extend_from_slice(bad);
        let o = wythoff(&a);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // the proof options need --prove
    let o = wythoff(&["sweep", FAMILY, "--max", "24", "--timeout", "5"]);
    assert_eq!(o.status.code(), Some(2));
}
