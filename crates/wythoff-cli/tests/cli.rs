//! The CLI contract: output forms, and every bad input refused with one line on
//! stderr and exit code 2, never a panic.

use std::process::Output;

mod common;
use common::wythoff;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn p_positions_csv() {
    let o = wythoff(&["p-positions", "wythoff", "--max", "8", "--format", "csv"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "x,y\n0,0\n1,2\n2,1\n3,5\n4,7\n5,3\n7,4\n");
    let o = wythoff(&[
        "p-positions",
        "nim",
        "--max",
        "3",
        "--misere",
        "--format",
        "csv",
    ]);
    // misère Nim: (0,0) is N (no move wins), (0,1) and (1,0) are P, then x = y >= 2
    assert_eq!(stdout(&o), "x,y\n0,1\n1,0\n2,2\n");
}

#[test]
fn p_positions_json() {
    let o = wythoff(&["p-positions", "wythoff", "--max", "4", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["p_positions"],
        serde_json::json!([[0, 0], [1, 2], [2, 1]])
    );
    assert_eq!(v["count"], 3);
}

#[test]
fn grundy_csv() {
    let o = wythoff(&["grundy", "wythoff", "--max", "4", "--format", "csv"]);
    assert_eq!(stdout(&o), "0,1,2,3\n1,2,0,4\n2,0,1,5\n3,4,5,6\n");
}

/// json and text are streamed row by row (fast kernel) or rendered from a table
/// (other games); both must carry the csv's values, corners as null / `-`.
#[test]
fn grundy_json_and_text_match_csv() {
    for game in [
        "wythoff",
        "corner:m=1,p=1,u=2,v=3",
        "restricted:s=2,t=1,h=odd",
    ] {
        let csv = stdout(&wythoff(&[
            "grundy", game, "--max", "23", "--format", "csv",
        ]));
        let rows: Vec<Vec<String>> = csv
            .lines()
            .map(|l| l.split(',').map(str::to_string).collect())
            .collect();
        let o = wythoff(&["grundy", game, "--max", "23", "--format", "json"]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["max"], 23);
        let json_rows: Vec<Vec<String>> = v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                r.as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_u64().map_or("-".to_string(), |g| g.to_string()))
                    .collect()
            })
            .collect();
        assert_eq!(json_rows, rows, "{game} json");
        let text = stdout(&wythoff(&["grundy", game, "--max", "23"]));
        let mut lines = text.lines();
        assert!(lines.next().unwrap().starts_with("# Grundy values of"));
        let width = rows.iter().flatten().map(String::len).max().unwrap();
        // x across, y up, origin lower left: cell [x][y] is json's rows[x][y]
        assert_eq!(common::grid_cells(&text), rows, "{game} text");
        // right-aligned to the widest value (or the column labels, 2 digits)
        let cw = width.max(2);
        assert!(
            text.lines()
                .filter(|l| l.contains(" │"))
                .all(|l| l.chars().count() == 2 + 2 + 23 * (cw + 1)),
            "{game}"
        );
    }
}

#[test]
fn outcome_lines() {
    let o = wythoff(&["outcome", "wythoff", "4", "6"]);
    // the answer lines; `# ` comments follow (remoteness, blocking)
    assert_eq!(
        stdout(&o)
            .lines()
            .filter(|l| !l.starts_with("# "))
            .collect::<Vec<_>>(),
        vec!["N", "3,5"]
    );
    let o = wythoff(&["outcome", "wythoff", "3", "5"]);
    assert_eq!(stdout(&o).lines().next(), Some("P"));
    // blocking: (1,1) in (2,1)-Wythoff Nim: the only winning move (0,0) is diagonal and can be blocked
    let o = wythoff(&["outcome", "diagonal-blocking:p=2,m=1", "1", "1"]);
    let s = stdout(&o);
    assert_eq!(s.lines().next(), Some("P"), "{s}");
    assert!(s.contains("# blocking:"), "{s}");
}

#[test]
fn rules_file() {
    let dir = common::temp_folder("wythoff-cli-test");
    let f = dir.join("g.toml");
    std::fs::write(&f, "[two-pile]\nrelation = \"diagonal\"\n").unwrap();
    let a = wythoff(&[
        "p-positions",
        f.to_str().unwrap(),
        "--max",
        "20",
        "--format",
        "csv",
    ]);
    let b = wythoff(&["p-positions", "wythoff", "--max", "20", "--format", "csv"]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    std::fs::write(&f, "[two-pile]\nrelation = \"sideways\"\n").unwrap();
    let c = wythoff(&["p-positions", f.to_str().unwrap(), "--max", "20"]);
    assert_eq!(c.status.code(), Some(2));
}

#[test]
fn bad_inputs_exit_2_with_one_line() {
    let cases: &[&[&str]] = &[
        &["p-positions", "foo", "--max", "5"],
        &["p-positions", "m-wythoff", "--max", "5"],
        &["p-positions", "m-wythoff:m=0", "--max", "5"],
        &["p-positions", "m-wythoff:m=-1", "--max", "5"],
        &["p-positions", "m-wythoff:m=two", "--max", "5"],
        &["p-positions", "m-wythoff:k=2", "--max", "5"],
        &["p-positions", "m-wythoff:m=2,m=3", "--max", "5"],
        &["p-positions", "m-wythoff:m=2", "--max", "-5"],
        &["p-positions", "m-wythoff:m=2", "--max", "0"],
        &["p-positions", "m-wythoff:m=2", "--max", "abc"],
        &["p-positions", "m-wythoff:m=2", "--max", "100000000000"],
        &["p-positions", "m-wythoff:m=2"],
        &["p-positions", "shifted:m=1,p=3,l=3", "--max", "5"],
        &["p-positions", "modulo-rook:m=1,l=5,p=3", "--max", "5"],
        &["p-positions", "restricted:s=1,t=1,h=3:7", "--max", "5"],
        &["p-positions", "restricted:s=1,t=1,h=odd+", "--max", "5"],
        &["p-positions", "restricted:s=0,t=1", "--max", "5"],
        &["p-positions", "wythoff", "--max", "5", "--format", "xml"],
        &["p-positions", "missing-file.toml", "--max", "5"],
        &["grundy", "roob-blocking:m=2,p=3", "--max", "5"],
        &["grundy", "roob-blocking:m=2,p=3", "--max", "5", "--misere"],
        &[
            "grundy", "wythoff", "--max", "5", "--misere", "--values", "0..1",
        ],
        &["grundy", "choose-shift:m=1,p=2", "--max", "5"],
        &["outcome", "wythoff", "-1", "2"],
        &["outcome", "wythoff", "1"],
        &["outcome", "wythoff", "x", "2"],
        &["outcome", "corner:m=1,p=2,u=3,v=3", "1", "1"],
        &["frobnicate"],
    ];
    for args in cases {
        common::wythoff_refused(args);
    }
}

#[test]
fn memory_estimate_refuses_huge_board() {
    // p-positions streams rows (little memory); a Grundy table needs all N x N cells
    let o = wythoff(&["grundy", "wythoff", "--max", "1048576"]);
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("memory"), "{err}");
}
