//! `wythoff prove GAME --alteration REF` (issue 50, item 3): the P-set equals
//! a known set except on a finite set D, proved from one board (no Walnut);
//! its folder re-checked alone by `prove --recheck DIR`; a changed cell of D
//! refused; games the argument does not cover refused with the reason.

#[macro_use]
mod common;
use common::{
    assert_says, one_stderr_line, temp_folder, wythoff, wythoff_json, wythoff_ok, wythoff_refused,
};

fn cells(v: &serde_json::Value) -> Vec<(u64, u64)> {
    v["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap(), c[1].as_u64().unwrap()))
        .collect()
}

/// The 14 cells of docs/proofs.md (a brute force of the definition on 120
/// found them, issue 50).
const PASS_D: [(u64, u64); 14] = [
    (0, 0),
    (0, 1),
    (1, 0),
    (1, 3),
    (2, 2),
    (2, 5),
    (3, 1),
    (3, 6),
    (5, 2),
    (5, 7),
    (6, 3),
    (6, 7),
    (7, 5),
    (7, 6),
];

#[test]
fn wythoff_with_a_pass_is_proved_with_its_fourteen_cells_and_rechecked_alone() {
    let dir = temp_folder("wythoff-alteration-pass");
    let d = dir.to_str().unwrap();
    let v = wythoff_json(&[
        "prove",
        "wythoff:pass=1",
        "--alteration",
        "grundy=1",
        "--emit",
        d,
        "--format",
        "json",
    ]);
    assert_eq!(v["verdict"], "proved");
    assert_eq!(v["board"], 64);
    assert_eq!(v["convention"], "normal");
    assert_eq!(cells(&v), PASS_D);
    // a row, a column and a diagonal through each cell
    assert_eq!(v["witnesses"], 3 * 14);
    assert_says(
        v["theorem"].as_str().unwrap(),
        &[
            "every position",
            "G(x, y) = 1 in wythoff",
            "14 positions of D",
        ],
    );
    // the text says the theorem, D, the board, the witnesses, the folder
    let dir2 = temp_folder("wythoff-alteration-pass-text");
    let t = wythoff_ok(&[
        "prove",
        "wythoff:pass=1",
        "--alteration",
        "grundy=1",
        "--max",
        "40",
        "--emit",
        dir2.to_str().unwrap(),
    ]);
    assert_says(
        &t,
        &[
            ": proved",
            "theorem: for every position",
            "D (14 cells): (0, 0) (0, 1) (1, 0) (1, 3)",
            "board 40 x 40",
            "42 line witnesses",
            "alteration.json",
        ],
    );
    // re-checked alone, with and without the game named
    let r = wythoff_json(&["prove", "--recheck", d, "--format", "json"]);
    assert_eq!(r["verdict"], "proved");
    assert_eq!(cells(&r), PASS_D);
    assert_says(
        r["rechecked_with"].as_str().unwrap(),
        &["reference solvers"],
    );
    let t = wythoff_ok(&["prove", "wythoff:pass=1", "--recheck", d]);
    assert_says(&t, &["re-checked alone", "D (14 cells)"]);
    // named as another game: refused
    let e = wythoff_refused(&["prove", "wythoff", "--recheck", d]);
    assert_says(&e, &["not about wythoff"]);
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&dir2).unwrap();
}

#[test]
fn misere_wythoff_is_wythoff_but_six_cells() {
    let dir = temp_folder("wythoff-alteration-misere");
    let d = dir.to_str().unwrap();
    let v = wythoff_json(&[
        "prove",
        "wythoff",
        "--misere",
        "--alteration",
        "normal",
        "--emit",
        d,
        "--format",
        "json",
    ]);
    assert_eq!(v["verdict"], "proved");
    assert_eq!(v["convention"], "misere");
    assert_eq!(cells(&v), [(0, 0), (0, 1), (1, 0), (1, 2), (2, 1), (2, 2)]);
    let r = wythoff_json(&["prove", "--recheck", d, "--format", "json"]);
    assert_eq!(r["verdict"], "proved");
    assert_eq!(r["convention"], "misere");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One cell of D changed in the folder ((7, 6) made (7, 7)), or dropped, or
/// one cell added: each refused by the re-check (exit 2, one line, nothing
/// on stdout).
#[test]
fn a_folder_with_one_cell_of_d_changed_is_refused() {
    let dir = temp_folder("wythoff-alteration-mutant");
    let d = dir.to_str().unwrap();
    wythoff_ok(&[
        "prove",
        "wythoff:pass=1",
        "--alteration",
        "grundy=1",
        "--max",
        "32",
        "--emit",
        d,
    ]);
    let file = dir.join("alteration.json");
    let good = std::fs::read_to_string(&file).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    let diffs = v["certificate"]["differences"].as_array().unwrap().clone();
    assert_eq!(diffs.len(), 14);
    let mutants = {
        let mut changed = diffs.clone();
        changed[13] = serde_json::json!([7, 7]);
        let mut dropped = diffs.clone();
        dropped.remove(4);
        let mut added = diffs.clone();
        added.push(serde_json::json!([20, 20]));
        [changed, dropped, added]
    };
    for m in mutants {
        v["certificate"]["differences"] = serde_json::Value::Array(m.clone());
        std::fs::write(&file, serde_json::to_string_pretty(&v).unwrap()).unwrap();
        let o = wythoff(&["prove", "--recheck", d]);
        let e = one_stderr_line(&o, 2);
        assert_says(
            &e,
            &[
                "refused",
                "the differences on the board are not the certificate's",
            ],
        );
        assert!(o.stdout.is_empty(), "{m:?}");
    }
    // a witness moved off its set: refused
    let mut w: serde_json::Value = serde_json::from_str(&good).unwrap();
    w["certificate"]["lines"][0]["in_p_set"] = serde_json::json!([1, 0]);
    std::fs::write(&file, serde_json::to_string_pretty(&w).unwrap()).unwrap();
    let e = one_stderr_line(&wythoff(&["prove", "--recheck", d]), 2);
    assert_says(&e, &["is not a P-position on it"]);
    // the good file again: accepted
    std::fs::write(&file, &good).unwrap();
    wythoff_ok(&["prove", "--recheck", d]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Where the argument does not apply: one line, exit 2, saying why.
#[test]
fn games_the_argument_does_not_cover_are_refused_with_the_reason() {
    for (args, needle) in [
        (
            &["m-wythoff:m=2,pass=1", "--alteration", "grundy=1"][..],
            "two-pile moves other than k = l",
        ),
        (
            &["wythoff:pass=1", "--alteration", "without-pass"][..],
            "an infinite set",
        ),
        (
            &["wythoff:pass=1", "--alteration", "grundy=2"][..],
            "only g = 1",
        ),
        (
            &["wythoff", "--alteration", "grundy=1"][..],
            "a game with a pass",
        ),
        (&["wythoff", "--alteration", "normal"][..], "misère game"),
        (
            &["connell:p=2,pass=1", "--alteration", "grundy=1"][..],
            "one-pile moves not of every length",
        ),
        (
            &["wythoff:pass=1", "--alteration", "level=1"][..],
            "write grundy=G",
        ),
        (
            &[
                "wythoff:pass=1",
                "--alteration",
                "grundy=1",
                "--max",
                "5000",
            ][..],
            "allowed 1 to 4096",
        ),
    ] {
        let e = wythoff_refused(&[&["prove"][..], args].concat());
        assert_says(&e, &[needle]);
    }
}

/// A board too small to hold a witness on every line: not proved (exit 1),
/// with the line that has none; no folder written.
#[test]
fn a_board_too_small_is_not_proved() {
    let dir = temp_folder("wythoff-alteration-small");
    let sub = dir.join("cert");
    let o = wythoff(&[
        "prove",
        "wythoff:pass=1",
        "--alteration",
        "grundy=1",
        "--max",
        "7",
        "--emit",
        sub.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_says(&out, &["not proved", "not proved on the board 7"]);
    assert!(!sub.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
