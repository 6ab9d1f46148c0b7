//! Issue 41, items 2 and 4: `patterns --grundy` says of each row whether its
//! law is proved (the row certificate) or only read on the board, in text and
//! JSON; `sequence GAME --value g` lists the pairs of the positions of value
//! `g`, equal to the whole table's; the refusals are one line and exit 2.

mod common;
use common::wythoff_ok as ok;
use common::wythoff_refused as refused;

/// The arguments `sequence GAME --value VALUE --terms TERMS`.
fn value_terms<'a>(game: &'a str, value: &'a str, terms: &'a str) -> [&'a str; 6] {
    ["sequence", game, "--value", value, "--terms", terms]
}

fn rows_json(game: &str, max: &str) -> serde_json::Value {
    let j: serde_json::Value = serde_json::from_str(&ok(&[
        "patterns", game, "--max", max, "--grundy", "--format", "json",
    ]))
    .unwrap();
    j["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "grundy-rows")
        .expect("a grundy-rows pattern")
        .clone()
}

#[test]
fn wythoff_rows_are_proved_and_equal_the_board() {
    let g = rows_json("wythoff", "512");
    assert_eq!(g["certificate"]["applies"], true);
    let rows = g["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 32);
    // the first rows: proved, the law the board reads (kept fields)
    for (x, law) in [(0u64, (0u64, 1u64)), (1, (0, 3)), (2, (0, 3)), (3, (8, 6))] {
        let r = &rows[x as usize];
        assert_eq!(r["status"], "proved", "row {x}");
        assert_eq!(r["proved"]["preperiod"], law.0, "row {x}");
        assert_eq!(r["proved"]["period"], law.1, "row {x}");
        assert_eq!(r["proved"]["saltus"], law.1, "row {x}");
        assert_eq!(r["preperiod"], law.0, "row {x}: the board's reading");
        assert_eq!(r["period"], law.1, "row {x}: the board's reading");
    }
    for r in rows {
        match r["status"].as_str().unwrap() {
            "proved" => {
                assert_eq!(r["proved"]["board_equal"], true, "{r}");
                assert_eq!(r["proved"]["saltus"], r["proved"]["period"], "{r}");
            }
            "read" => assert!(r["reason"].as_str().unwrap().len() > 10, "{r}"),
            s => panic!("status {s}"),
        }
    }
    // the text says it too
    let text = ok(&["patterns", "wythoff", "--max", "256", "--grundy"]);
    assert!(text.contains("certificate: applies"), "{text}");
    assert!(
        text.contains("row 3: proved: pre 8, per 6, saltus 6"),
        "{text}"
    );
}

#[test]
fn modular_rows_are_read_with_the_reason() {
    let g = rows_json("modular:m=3", "128");
    assert_eq!(g["certificate"]["applies"], false);
    let why = g["certificate"]["reason"].as_str().unwrap();
    assert!(why.contains("unboundedly many columns"), "{why}");
    for r in g["rows"].as_array().unwrap() {
        assert_eq!(r["status"], "read", "{r}");
        assert!(r.get("proved").is_none(), "{r}");
    }
    let text = ok(&["patterns", "modular:m=3", "--max", "64", "--grundy"]);
    assert!(text.contains("certificate: does not apply"), "{text}");
}

fn pairs(args: &[&str]) -> Vec<(u64, u64)> {
    ok(args)
        .lines()
        .map(|l| {
            let v: Vec<u64> = l.split(' ').map(|s| s.parse().unwrap()).collect();
            assert_eq!(v.len(), 3, "{l}");
            (v[1], v[2])
        })
        .collect()
}

#[test]
fn value_pairs_equal_the_grundy_table() {
    let n = 600usize;
    let table = ok(&[
        "grundy",
        "wythoff",
        "--max",
        &n.to_string(),
        "--format",
        "csv",
    ]);
    let cells: Vec<Vec<u64>> = table
        .lines()
        .map(|l| l.split(',').map(|v| v.parse().unwrap()).collect())
        .collect();
    for g in [0u64, 1, 3, 7] {
        let got = pairs(&[
            "sequence",
            "wythoff",
            "--value",
            &g.to_string(),
            "--terms",
            "100",
        ]);
        let mut want: Vec<(u64, u64)> = (0..n)
            .flat_map(|x| (x..n).map(move |y| (x, y)))
            .filter(|&(x, y)| cells[x][y] == g)
            .map(|(x, y)| (x as u64, y as u64))
            .collect();
        want.sort_unstable();
        assert_eq!(got[..], want[..100], "value {g}");
    }
    // value 0 is the P-position sequence
    assert_eq!(
        pairs(&["sequence", "wythoff", "--value", "0", "--terms", "50"]),
        pairs(&["sequence", "wythoff", "--terms", "50"])
    );
    // csv and summary
    let csv = ok(&[&value_terms("wythoff", "1", "3")[..], &["--format", "csv"]].concat());
    assert_eq!(csv, "n,a,b\n0,0,1\n1,2,2\n2,3,6\n");
}

#[test]
fn value_refusals_are_one_line() {
    // no Grundy values (blocking)
    let e = refused(&value_terms("roob-blocking:m=1,p=2", "1", "5"));
    assert!(e.contains("Grundy"), "{e}");
    // m-Modular: no bound on a row's g-position
    let e = refused(&value_terms("modular:m=3", "1", "5"));
    assert!(e.contains("unboundedly many columns"), "{e}");
    // a huge value: refused with the plan
    let e = refused(&value_terms("wythoff", "1000000000", "5"));
    assert!(
        e.contains("--value 1000000000") && e.contains("level kernel"),
        "{e}"
    );
    assert!(e.contains("board of"), "{e}");
    // terms beyond the level kernel's largest board: at once
    let e = refused(&value_terms("wythoff", "1", "1099511627776"));
    assert!(e.contains("largest board"), "{e}");
    // not a number
    let e = refused(&value_terms("wythoff", "x", "5"));
    assert!(e.contains("--value"), "{e}");
    // the plan says the same without work
    let plan = ok(&[&value_terms("wythoff", "1000000000", "5")[..], &["--plan"]].concat());
    let p: serde_json::Value = serde_json::from_str(&plan).unwrap();
    assert!(
        p["refusal"].as_str().unwrap().contains("memory budget"),
        "{p}"
    );
}
