//! The imitation commands: starting P-positions, outcome after a history,
//! illegal histories refused (exit 2, one line naming the first illegal step),
//! and the dynamic classification.

use std::process::Output;

mod common;
use common::wythoff_refused as refused;
use common::{outcome_history, wythoff, wythoff_ok, IMITATION_EXAMPLE_2};

/// Imitation Nim with p = 2, m = 1, the game of Example 2.
const P2M1: &str = "imitation:p=2,m=1";

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// `p-positions SPEC --max MAX [--misere] --format csv`'s output (it must exit 0).
fn p_positions_csv(spec: &str, max: &str, misere: bool) -> String {
    let mut args = vec!["p-positions", spec, "--max", max];
    if misere {
        args.push("--misere");
    }
    args.extend(["--format", "csv"]);
    wythoff_ok(&args)
}

#[test]
fn starting_p_positions_equal_diagonal_blocking() {
    for (p, m) in [(1, 1), (2, 1), (3, 2), (2, 3)] {
        let a = p_positions_csv(&format!("imitation:p={p},m={m}"), "40", false);
        let b = p_positions_csv(&format!("diagonal-blocking:p={p},m={m}"), "40", false);
        assert!(a.lines().count() > 10);
        assert_eq!(a, b, "p={p} m={m}");
    }
    let o = wythoff(&["p-positions", P2M1, "--max", "4", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["p_positions"],
        serde_json::json!([[0, 0], [1, 1], [2, 3], [3, 2]])
    );
}

#[test]
fn outcome_with_history() {
    // Example 2: (2,2) -> (1,2) -> (1,1) -> (0,1) is P for Alice's opponent
    let o = wythoff(IMITATION_EXAMPLE_2);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().next(), Some("P"));
    // (1,2) as a starting position: N, the winning move is (1,1)
    let o = wythoff(&["outcome", P2M1, "1", "2"]);
    let s = stdout(&o);
    let lines: Vec<&str> = s.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines, vec!["N", "1,1"]);
    assert!(s.contains("dynamic"));
    // a history that ends with (X, Y) itself means the same game
    let o = wythoff(&[IMITATION_EXAMPLE_2, &["0,1"]].concat());
    assert_eq!(stdout(&o).lines().next(), Some("P"));
    // after (2,2) -> (1,2): P
    let o = wythoff(&["outcome", P2M1, "1", "2", "--history", "2,2"]);
    assert_eq!(stdout(&o).lines().next(), Some("P"));
    // Example 5: Bob's imitation (2,3) -> (2,1), Alice must take from the higher pile
    let o = wythoff(&outcome_history(
        "imitation:p=3,m=3",
        "2",
        "1",
        &["3,3", "2,3"],
    ));
    let s = stdout(&o);
    let lines: Vec<&str> = s.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines[0], "N");
    assert!(lines.contains(&"1,1"), "{s}");
    assert!(!lines.contains(&"2,0"), "{s}");
}

#[test]
fn illegal_histories_are_refused_naming_the_first_illegal_step() {
    // Bob's second consecutive imitation (Example 2)
    let e = refused(&outcome_history(
        P2M1,
        "0",
        "0",
        &["2,2", "1,2", "1,1", "0,1"],
    ));
    assert!(
        e.contains("step 4") && e.contains("(0, 1) -> (0, 0)"),
        "{e}"
    );
    assert!(e.contains("imitation"), "{e}");
    // not a Nim move: both piles change at step 2
    let e = refused(&outcome_history(P2M1, "0", "0", &["5,5", "4,5", "3,4"]));
    assert!(
        e.contains("step 2") && e.contains("(4, 5) -> (3, 4)"),
        "{e}"
    );
    // a pile grows at the last step
    let e = refused(&["outcome", "imitation:p=1,m=1", "3", "3", "--history", "2,3"]);
    assert!(e.contains("step 1"), "{e}");
    // nothing removed
    let e = refused(&outcome_history(
        "imitation:p=1,m=1",
        "3",
        "3",
        &["4,4", "4,4", "4,3"],
    ));
    assert!(e.contains("step 1") && e.contains("removes nothing"), "{e}");
    // p = 1, m = 2: the first m-imitation is already illegal
    let e = refused(&outcome_history(
        "imitation:p=1,m=2",
        "4",
        "5",
        &["6,6", "6,5"],
    ));
    assert!(
        e.contains("step 2") && e.contains("(6, 5) -> (4, 5)"),
        "{e}"
    );
    assert!(e.contains("1st consecutive"), "{e}");
}

#[test]
fn bad_inputs() {
    refused(&["outcome", "wythoff", "1", "2", "--history", "3,2"]);
    refused(&["outcome", P2M1, "1", "2", "--history", "3;2"]);
    refused(&["outcome", P2M1, "1", "2", "--history", "3,x"]);
    refused(&outcome_history(P2M1, "1", "2", &["1,2,3"]));
    refused(&["outcome", P2M1, "1", "2", "--history"]);
    refused(&["outcome", "imitation:p=0,m=1", "1", "2"]);
    refused(&["outcome", P2M1, "100000", "100000"]);
    refused(&outcome_history(
        P2M1,
        "1",
        "2",
        &["99999999999999999999999,1"],
    ));
    refused(&["p-positions", P2M1, "--max", "1000000"]);
    refused(&["dynamic", "wythoff", "--max", "5"]);
    refused(&["dynamic", P2M1, "--max", "0"]);
}

#[test]
fn dynamic_classification() {
    let o = wythoff(&["dynamic", "imitation:p=1,m=1", "--max", "4"]);
    assert!(o.status.success());
    // the grid: x across, y up, origin lower left; rows[x] below is column x
    let rows: Vec<String> = common::grid_cells(&stdout(&o))
        .iter()
        .map(|col| col.concat())
        .collect();
    // Proposition 0: (0,0), (1,2) non-dynamic P; (1,3), (0,y) dynamic; (2,2) N
    assert_eq!(rows, vec!["PDDD", "DNPD", "DPNN", "DDNN"]);
    let o = wythoff(&["dynamic", P2M1, "--max", "3", "--format", "csv"]);
    let s = stdout(&o);
    assert!(s.starts_with("x,y,class\n0,0,P\n"), "{s}");
    assert!(s.contains("\n1,2,D\n") && s.contains("\n2,2,N\n"), "{s}");
    let o = wythoff(&["dynamic", P2M1, "--max", "3", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["rows"][1], "DDD");
}

/// Corollary 1 on a board the bit-per-state solver could not hold in a test:
/// the summary (count and hash) of the starting P-positions equals that of
/// `diagonal-blocking` with the same p, m.
#[test]
fn large_board_summary_equals_diagonal_blocking() {
    for (p, m) in [(2, 1), (3, 2)] {
        let run = |g: String| {
            let o = wythoff(&["p-positions", &g, "--max", "1500", "--format", "summary"]);
            assert!(o.status.success(), "{g}");
            stdout(&o)
        };
        let a = run(format!("imitation:p={p},m={m}"));
        assert!(!a.is_empty());
        assert_eq!(
            a,
            run(format!("diagonal-blocking:p={p},m={m}")),
            "p={p} m={m}"
        );
    }
}

/// `dynamic`: the csv lines and the text grid give the same classes.
#[test]
fn dynamic_csv_matches_text() {
    let n = 37;
    let args = |f: &'static str| {
        let o = wythoff(&[
            "dynamic",
            "imitation:p=3,m=2",
            "--max",
            &n.to_string(),
            "--format",
            f,
        ]);
        assert!(o.status.success());
        stdout(&o)
    };
    // the text grid (x across, y up), as cells [x][y]
    let grid: Vec<Vec<u8>> = common::grid_cells(&args("text"))
        .iter()
        .map(|col| col.concat().into_bytes())
        .collect();
    let csv = args("csv");
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("x,y,class"));
    let mut count = 0;
    for (i, l) in lines.enumerate() {
        let f: Vec<&str> = l.split(',').collect();
        let (x, y): (usize, usize) = (f[0].parse().unwrap(), f[1].parse().unwrap());
        assert_eq!((x, y), (i / n, i % n));
        assert_eq!(f[2].as_bytes(), &grid[x][y..y + 1], "{l}");
        count += 1;
    }
    assert_eq!(count, n * n);
}

/// Misère Imitation Nim (the player who cannot move wins): the starting
/// P-positions equal the library's reference state solver's, and `outcome` answers
/// after a history.
#[test]
fn misere_imitation() {
    use wythoff::imitation::{ImitationNim, ReferenceStateSolver};
    for (p, m) in [(1, 1), (2, 1), (3, 2), (2, 3)] {
        let got = p_positions_csv(&format!("imitation:p={p},m={m}"), "14", true);
        let rules = ImitationNim::new(p, m)
            .unwrap()
            .with_convention(wythoff::Convention::Misere);
        let want: String = std::iter::once("x,y".to_string())
            .chain(
                ReferenceStateSolver::new(rules, 14)
                    .unwrap()
                    .start_p_positions()
                    .iter()
                    .map(|(x, y)| format!("{x},{y}")),
            )
            .map(|l| l + "\n")
            .collect();
        assert_eq!(got, want, "p={p} m={m}");
        assert!(!want.contains("\n0,0\n"), "(0, 0) is N in misère play");
    }
    // (0, 1) -> (0, 0) leaves the opponent without a move: he wins; so (0, 1) is P
    let o = wythoff(&["outcome", P2M1, "0", "1", "--misere"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().next(), Some("P"));
    let o = wythoff(&["outcome", P2M1, "0", "2", "--misere", "--history", "2,2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// `compare` and `p-positions` make the imitation-or-board choice in one place
/// (`answer::game_p_positions`): on misère Imitation Nim both answer, and the
/// cells `compare` lists as P in B are exactly `p-positions --misere`'s.
#[test]
fn compare_and_p_positions_agree_on_misere_imitation() {
    for spec in [P2M1, "imitation:p=3,m=2"] {
        let want: Vec<String> = p_positions_csv(spec, "20", true)
            .lines()
            .skip(1)
            .map(String::from)
            .collect();
        assert!(!want.is_empty());
        let got: Vec<String> = wythoff_ok(&[
            "compare",
            "nim",
            &format!("{spec}@misere"),
            "--max",
            "20",
            "--format",
            "csv",
        ])
        .lines()
        .skip(1)
        .filter_map(|l| {
            let (xy, side) = l.rsplit_once(',')?;
            (side == "B" || side == "both").then(|| xy.to_string())
        })
        .collect();
        assert_eq!(got, want, "{spec}");
    }
}
