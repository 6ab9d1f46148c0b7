//! Hostile input, round 2 (issue 24 and issue 28 item 6): every case ends in one
//! stderr line and exit 2, or does the work it was asked, quickly.

use std::process::{Command, Output};

mod common;
use common::wythoff;

const BIN: &str = env!("CARGO_BIN_EXE_wythoff");

fn with_env(args: &[&str], key: &str, value: &str) -> Output {
    Command::new(BIN)
        .args(args)
        .env(key, value)
        .output()
        .expect("run wythoff")
}

fn one_error_line(o: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("wythoff: error: "), "{err}");
    assert!(err.contains(needle), "{needle:?} not in {err}");
}

#[test]
fn thread_count_is_capped_with_one_note() {
    let o = wythoff(&[
        "--threads",
        "10000",
        "grundy",
        "wythoff",
        "--max",
        "10",
        "--format",
        "summary",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("capped at"), "{err}");
    let same = wythoff(&["grundy", "wythoff", "--max", "10", "--format", "summary"]);
    assert_eq!(o.stdout, same.stdout);
    let o = with_env(
        &["grundy", "wythoff", "--max", "10", "--format", "summary"],
        "RAYON_NUM_THREADS",
        "100000",
    );
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("RAYON_NUM_THREADS 100000 capped"));
}

#[test]
fn memory_budget_is_parsed_and_honoured() {
    for bad in ["abc", "", "-5", "1.5G", "0", "12Q"] {
        let o = with_env(&["games"], "WYTHOFF_MEMORY_BUDGET", bad);
        one_error_line(&o, "WYTHOFF_MEMORY_BUDGET");
    }
    // a tiny budget is honoured: the smallest table is refused
    let o = with_env(
        &["grundy", "wythoff", "--max", "10"],
        "WYTHOFF_MEMORY_BUDGET",
        "1",
    );
    one_error_line(&o, "budget of 1");
    let o = with_env(
        &["grundy", "wythoff", "--max", "10"],
        "WYTHOFF_MEMORY_BUDGET",
        "512M",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Under an address-space limit the pool may not start: an error line, never
/// rayon's panic (exit 101).
#[test]
fn a_pool_that_cannot_start_is_an_error_line() {
    for limit in ["20000", "8000000"] {
        let o = Command::new("bash")
            .args([
                "-c",
                &format!("ulimit -v {limit} && exec \"$0\" grundy wythoff --max 10 --threads 10000 --format summary"),
                BIN,
            ])
            .output()
            .expect("bash");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            matches!(o.status.code(), Some(0) | Some(2)),
            "ulimit -v {limit}: {:?} {err}",
            o.status
        );
        assert!(!err.contains("panicked"), "{err}");
        if o.status.code() == Some(2) {
            assert!(
                err.lines().last().unwrap().starts_with("wythoff: error: "),
                "{err}"
            );
        }
    }
}

#[test]
fn huge_modular_outcome_from_the_characterisation() {
    let o = wythoff(&["outcome", "modular:m=10^30", "3", "5"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "P\n");
    let o = wythoff(&["outcome", "modular:m=10^30", "4", "5"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "N\n1,2\n3,5\n");
    // both piles beyond m: the finite P-set ends below m
    let big = format!("1{}", "0".repeat(40));
    let o = wythoff(&["outcome", "modular:m=10^30", &big, &big, "--format", "json"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("\"outcome\":\"N\"")
            && text.contains("modular:m=1000000000000000000000000000000"),
        "{text}"
    );
    let o = wythoff(&["outcome", "modular:m=10^30", "6", "9", "--misere"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "N\n4,7\n");
    let o = wythoff(&[
        "outcome",
        "modular:m=1000001",
        "2000000",
        "3000000",
        "--misere",
    ]);
    one_error_line(&o, "misère");
    // other commands keep the catalogue's range
    let o = wythoff(&["p-positions", "modular:m=10^30", "--max", "5"]);
    one_error_line(&o, "at most");
}

#[test]
fn help_and_version_to_a_full_device_fail() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for flag in ["--help", "--version", "-h", "-V"] {
        let o = Command::new(BIN)
            .arg(flag)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        one_error_line(&o, "cannot write");
    }
}

#[test]
fn rules_file_names_are_escaped_in_headers() {
    let dir = common::temp_folder("wythoff-alone");
    let p = dir.join("evil.toml");
    std::fs::write(&p, "name = \"evil\\nnot a comment \\u202e x\\u001b[2J\"\n").unwrap();
    let p = p.to_str().unwrap();
    for fmt in ["text", "csv", "json"] {
        let o = wythoff(&["p-positions", p, "--max", "5", "--format", fmt]);
        assert!(o.status.success());
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(
            !out.contains('\u{202e}') && !out.contains('\u{1b}'),
            "{fmt}: {out}"
        );
        assert!(
            !out.lines().any(|l| l.starts_with("not a comment")),
            "{fmt}: {out}"
        );
    }
    let o = wythoff(&["p-positions", p, "--max", "5"]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("evil\\nnot a comment \\u{202e} x\\u{1b}[2J"),
        "{out}"
    );
}

#[test]
fn output_under_a_regular_file_is_named() {
    let dir = common::temp_folder("wythoff-alone-f");
    let f = dir.join("file");
    std::fs::write(&f, "x").unwrap();
    let target = f.join("x.png");
    let t = target.to_str().unwrap();
    for args in [
        &["plot", "wythoff", "--max", "10", "-o", t][..],
        &["compare", "wythoff", "nim", "--max", "10", "-o", t],
    ] {
        one_error_line(&wythoff(args), "is a file, not a folder");
    }
}

#[test]
fn sequence_beyond_any_board_is_refused_before_solving() {
    let o = wythoff(&[
        "sequence",
        "modulo-rook:m=3,l=2,p=5",
        "--terms",
        "100000000000",
    ]);
    one_error_line(&o, "at most");
    // a b-order game: what the largest board holds, from the probe
    let o = wythoff(&["sequence", "modulo-rook:m=3,l=2,p=5", "--terms", "32768"]);
    one_error_line(&o, "holds about");
    // an a-order game, read off a rectangle
    let o = wythoff(&["sequence", "modulo-rook:m=2,l=0,p=4", "--terms", "6"]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "0 0 0\n1 0 2\n2 0 5\n3 0 7\n4 1 10\n5 1 12\n"
    );
}

#[test]
fn compare_is_estimated_and_refused_beyond_the_bound() {
    // with memory to spare, the time bound speaks (else the memory refusal);
    // a terminal set keeps the game on the general counters kernel (connell
    // now streams on the residue kernel and is answered at this size)
    let args = [
        "compare",
        "terminal-wythoff:l=1",
        "terminal-wythoff:l=1@misere",
        "--max",
        "1048576",
    ];
    let o = with_env(&args, "WYTHOFF_MEMORY_BUDGET", "1000T");
    one_error_line(&o, "--force");
    one_error_line(&wythoff(&args), "--max 1048576");
}

#[test]
fn remoteness_of_wythoff_at_2048() {
    let o = wythoff(&[
        "remoteness",
        "wythoff",
        "--max",
        "2048",
        "--format",
        "summary",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}
