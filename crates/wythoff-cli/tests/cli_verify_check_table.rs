//! `wythoff check-table` and `wythoff verify`, run as the built binary: exit
//! codes 0 (all agree / all pass), 1 (a disagreement / a failure), 2 (bad input,
//! one line on stderr, no panic).

use std::path::PathBuf;
use std::process::Output;

mod common;
use common::wythoff;

fn papers(rel: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/papers")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

/// A scratch file under the target directory, unique per test.
fn scratch(name: &str, body: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_verify_check_table");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p.to_string_lossy().into_owned()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

fn out(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn assert_one_line_error(o: &Output) {
    assert_eq!(code(o), 2, "stdout: {} stderr: {}", out(o), err(o));
    assert_eq!(err(o).lines().count(), 1, "stderr: {}", err(o));
    assert!(!err(o).contains("panicked"), "{}", err(o));
}

#[test]
fn check_table_agrees_on_every_papers_list() {
    for (game, file) in [
        ("connell:p=3", "seed000/table1-wn3.txt"),
        ("modulo-rook:m=1,l=0,p=3", "seed000/table1-wn3.txt"),
        ("roob-blocking:m=2,p=3", "seed000/table2-m2-p3.txt"),
        ("modulo-rook:m=2,l=0,p=3", "seed000/table2-m2-p3.txt"),
        ("modulo-rook:m=2,l=2,p=6", "seed000/table2-m2-p3.txt"),
        ("choose-shift:m=2,p=3", "seed000/table2-m2-p3.txt"),
        ("modular:m=2", "seed001/p-positions-m2.txt"),
        ("modular:m=3", "seed001/p-positions-m3.txt"),
        ("modular:m=4", "seed001/p-positions-m4.txt"),
        ("modular:m=5", "seed001/p-positions-m5.txt"),
        (
            "diagonal-blocking:p=3,m=2",
            "seed002/example4-wythoff-3-2.txt",
        ),
    ] {
        let o = wythoff(&["check-table", game, &papers(file)]);
        assert_eq!(code(&o), 0, "{game} {file}: {}{}", out(&o), err(&o));
        assert!(out(&o).contains("RESULT  agrees"), "{}", out(&o));
    }
}

#[test]
fn check_table_catches_a_wrong_value_and_a_missing_pair() {
    // Table 1 of seed 000 with (3,11) printed as (3,13) and (5,17) dropped
    let body = std::fs::read_to_string(papers("seed000/table1-wn3.txt"))
        .unwrap()
        .replace("3,11\n", "3,13\n")
        .replace("5,17\n", "");
    let f = scratch("table1-corrupted.txt", &body);
    let o = wythoff(&["check-table", "connell:p=3", &f]);
    assert_eq!(code(&o), 1, "{}", out(&o));
    let s = out(&o);
    // (3,13) -> (3,10) removes 3 from the second pile, a multiple of p = 3
    assert!(
        s.contains("(3, 13) is not a P-position: moving to the P-position (3, 10) wins"),
        "{s}"
    );
    assert!(s.contains("MISSING (3, 11)"), "{s}");
    assert!(s.contains("MISSING (5, 17)"), "{s}");
    assert!(s.contains("RESULT  disagrees: 1 wrong, 2 missing"), "{s}");
}

#[test]
fn check_table_misere_and_blocking_refutations() {
    // misère: (0,0) has no move, so the player to move wins
    let f = scratch("zero.txt", "0,0\n");
    let o = wythoff(&["check-table", "wythoff", &f, "--misere"]);
    assert_eq!(code(&o), 1);
    assert!(
        out(&o).contains("in misère play the player to move wins"),
        "{}",
        out(&o)
    );
    // seed 000 Example 1: (0,4) in 2WN^2 has two roob moves to P-positions
    let f = scratch("blocking.txt", "0,0\n0,2\n0,4\n");
    let o = wythoff(&["check-table", "roob-blocking:m=2,p=2", &f]);
    assert_eq!(code(&o), 1);
    assert!(
        out(&o).contains("(0, 0), (0, 2) are all blockable, but only 1 may be blocked"),
        "{}",
        out(&o)
    );
}

#[test]
fn check_table_bad_input_exits_2() {
    let f = scratch("malformed.txt", "0,0\n1,2\n3;5\n");
    let o = wythoff(&["check-table", "wythoff", &f]);
    assert_one_line_error(&o);
    assert!(err(&o).contains("line 3"), "{}", err(&o));
    let f = scratch("empty.txt", "# nothing\n");
    assert_one_line_error(&wythoff(&["check-table", "wythoff", &f]));
    assert_one_line_error(&wythoff(&[
        "check-table",
        "wythoff",
        "/nonexistent/list.txt",
    ]));
    assert_one_line_error(&wythoff(&["check-table", "no-such-game", &f]));
    // a game with memory has no position-only outcome table
    let f = scratch("imit.txt", "0,0\n");
    assert_one_line_error(&wythoff(&["check-table", "imitation:p=3,m=2", &f]));
    // too large for the general solver, and no oracle
    let f = scratch("huge.txt", "0,0\n3000000000,3000000001\n");
    assert_one_line_error(&wythoff(&["check-table", "corner:m=1,p=2,u=2,v=3", &f]));
}

#[test]
fn verify_small_game_passes() {
    let o = wythoff(&["verify", "modular", "--max", "60"]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    let s = out(&o);
    assert!(s.lines().any(|l| l.starts_with("PASS  seed 001")), "{s}");
    assert!(s.lines().all(|l| !l.starts_with("FAIL")), "{s}");
    let last = s.lines().last().unwrap();
    assert!(
        last.starts_with("verify: ") && last.contains(" 0 failed"),
        "{last}"
    );
    // stderr is not a terminal here: no progress bar output
    assert_eq!(err(&o), "");
}

#[test]
fn verify_bad_input_exits_2() {
    assert_one_line_error(&wythoff(&["verify", "no-such-game"]));
    assert_one_line_error(&wythoff(&["verify", "--max", "0"]));
}

#[test]
fn check_table_falls_back_to_an_oracle_on_huge_boards() {
    // (3*10^9, 3*10^9) is far beyond the general solver's budget; wythoff has an
    // oracle, which refutes it by the diagonal move to (0, 0)
    let f = scratch("huge-wythoff.txt", "0,0\n1,2\n3000000000,3000000000\n");
    let o = wythoff(&["check-table", "wythoff", &f]);
    assert_eq!(code(&o), 1, "{}{}", out(&o), err(&o));
    let s = out(&o);
    assert!(s.contains("oracle"), "{s}");
    assert!(
        s.contains("line 3: (3000000000, 3000000000) is not a P-position"),
        "{s}"
    );
    assert!(s.contains("(0, 0)"), "{s}");
    assert!(s.contains("missing positions were not looked for"), "{s}");
}
