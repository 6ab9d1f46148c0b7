//! `grundy --values A..G` (issue 41): the level sets equal the whole table's
//! positions of those values, in every format; the refusals are one line and
//! exit 2, before any work. No timing asserts (the plan's calibration is in
//! `solve::wrappers::Levels::cost`).

mod common;
use common::wythoff;
use common::wythoff_ok as levels;
use std::process::Command;

/// The positions `(x, y, g)` of the full table (`grundy --format csv`) with
/// `a <= g <= top`, by g, then x, then y.
fn filtered_table(game: &str, n: u64, a: u64, top: u64) -> Vec<(u64, u64, u64)> {
    let o = wythoff(&["grundy", game, "--max", &n.to_string(), "--format", "csv"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{game}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut out = Vec::new();
    for (x, line) in String::from_utf8(o.stdout).unwrap().lines().enumerate() {
        for (y, v) in line.split(',').enumerate() {
            if let Ok(g) = v.parse::<u64>() {
                if (a..=top).contains(&g) {
                    out.push((g, x as u64, y as u64));
                }
            }
        }
    }
    out.sort_unstable();
    out.into_iter().map(|(g, x, y)| (x, y, g)).collect()
}

fn levels_csv(game: &str, n: u64, values: &str) -> Vec<(u64, u64, u64)> {
    let text = levels(&[
        "grundy",
        game,
        "--max",
        &n.to_string(),
        "--values",
        values,
        "--format",
        "csv",
    ]);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("x,y,g"), "{game}: the header");
    lines
        .map(|l| {
            let v: Vec<u64> = l.split(',').map(|s| s.parse().unwrap()).collect();
            assert_eq!(v.len(), 3, "{game}: {l}");
            (v[0], v[1], v[2])
        })
        .collect()
}

/// The games of the level kernel's class: Nim, Wythoff, m-Wythoff, (s,t)-Wythoff
/// (a band and a cone), m-Modular, a corner, a terminal set, restricted moves.
const GAMES: &[&str] = &[
    "nim",
    "wythoff",
    "m-wythoff:m=3",
    "st-wythoff:s=1,t=2",
    "st-wythoff:s=2,t=1",
    "modular:m=3",
    "corner:m=2,p=3,u=5,v=7",
    "terminal-wythoff:l=2",
    "restricted:s=2,t=1,d1=min2",
];

#[test]
fn csv_is_the_whole_tables_positions_of_those_values() {
    for game in GAMES {
        for (n, a, top) in [(1, 0, 0), (7, 0, 3), (40, 0, 9), (40, 2, 5)] {
            let values = format!("{a}..{top}");
            assert_eq!(
                levels_csv(game, n, &values),
                filtered_table(game, n, a, top),
                "{game} --max {n} --values {values}"
            );
        }
    }
    // one value alone, and `A..=G` the same as `A..G`
    assert_eq!(
        levels_csv("wythoff", 30, "4"),
        filtered_table("wythoff", 30, 4, 4)
    );
    assert_eq!(
        levels_csv("wythoff", 30, "0..=3"),
        levels_csv("wythoff", 30, "0..3")
    );
}

#[test]
fn summary_hashes_what_csv_prints() {
    for game in ["wythoff", "modular:m=3", "terminal-wythoff:l=2"] {
        let ps = filtered_table(game, 64, 0, 6);
        let mut h = wythoff::hash::Summary::new();
        for &(x, y, g) in &ps {
            h.item(&[x, y, g]);
        }
        let got = levels(&[
            "grundy", game, "--max", "64", "--values", "0..6", "--format", "summary",
        ]);
        assert_eq!(got.trim(), h.line(), "{game}");
    }
}

#[test]
fn text_and_json_count_each_level() {
    let ps = filtered_table("wythoff", 50, 0, 5);
    let count = |g| ps.iter().filter(|p| p.2 == g).count();
    let text = levels(&["grundy", "wythoff", "--max", "50", "--values", "0..5"]);
    for g in 0..=5u64 {
        let line = format!("g = {g}: {} positions", count(g));
        assert!(text.contains(&line), "{line} in:\n{text}");
    }
    let json = levels(&[
        "grundy", "wythoff", "--max", "50", "--values", "0..5", "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let lv = v["levels"].as_array().unwrap();
    assert_eq!(lv.len(), 6);
    for (g, l) in lv.iter().enumerate() {
        assert_eq!(l["g"], g as u64);
        assert_eq!(l["count"], count(g as u64) as u64);
        assert_eq!(l["positions"].as_array().unwrap().len(), count(g as u64));
    }
    // a level with no position on the board is still written, empty; levels
    // above what the board can hold (a value is at most its position's number
    // of options: 2 here) are cut (issue 53)
    let text = levels(&["grundy", "nim", "--max", "2", "--values", "0..3"]);
    assert!(text.contains("g = 2: 0 positions"), "{text}");
    assert!(!text.contains("g = 3"), "{text}");
}

#[test]
fn the_plan_names_the_level_kernel_and_its_memory() {
    let text = levels(&[
        "grundy", "wythoff", "--max", "16777216", "--values", "0..16", "--plan",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["kernel"], "levels");
    assert_eq!(v["work"], "grundy-levels");
    assert_eq!(v["values"], 16);
    // 17 levels of 4 bytes a row, and the two union-finds
    let work = v["work_memory"].as_u64().unwrap();
    assert!(
        work >= 17 * 4 * (1 << 24) && work <= 21 * 4 * (1 << 24),
        "{work}"
    );
    assert!(v["refused"].is_null());
}

/// One line on stderr, exit 2, nothing on stdout, no panic, fast.
fn refused(args: &[&str], budget: Option<&str>, want: &str) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_wythoff"));
    if let Some(b) = budget {
        c.env("WYTHOFF_MEMORY_BUDGET", b);
    }
    let start = std::time::Instant::now();
    let o = c.args(args).output().expect("run wythoff");
    let took = start.elapsed();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: `{want}` in {err}");
    assert!(o.stdout.is_empty(), "{args:?}");
    // generous: a refusal does no work (a debug build, a loaded machine)
    assert!(took.as_secs() < 20, "{args:?}: {took:?}");
}

#[test]
fn refusals_are_one_line_and_exit_2() {
    let g = |game: &'static str, values: &'static str| -> Vec<&'static str> {
        vec!["grundy", game, "--max", "64", "--values", values]
    };
    refused(&g("roob-blocking:m=2,p=3", "0..2"), None, "blocking games");
    refused(&g("blocking-wythoff:k=2", "0..2"), None, "blocking games");
    refused(&g("imitation:p=2,m=1", "0..2"), None, "games with memory");
    refused(
        &g("connell:p=2", "0..2"),
        None,
        "one-pile moves of every length",
    );
    refused(&g("connell:p=2", "0..2"), None, "without --values");
    refused(
        &g("modulo-rook:m=2,l=1,p=3", "0..2"),
        None,
        "one-pile moves of every length",
    );
    for bad in [
        "0..x",
        "x",
        "",
        "3..1",
        "-1..2",
        "0..",
        "..4",
        "0..99999999999999999999",
        "1e3",
    ] {
        refused(&g("wythoff", bad), None, "--values");
    }
    // over the memory budget: refused with the estimate, before any work
    refused(
        &[
            "grundy",
            "wythoff",
            "--max",
            "1048576",
            "--values",
            "0..2000000000",
        ],
        None,
        "memory",
    );
    refused(
        &[
            "grundy", "wythoff", "--max", "1048576", "--values", "0..100",
        ],
        Some("64M"),
        "memory",
    );
    // the levels' own board limit, and the table's without --values
    refused(
        &[
            "grundy",
            "wythoff",
            "--max",
            "4294967296",
            "--values",
            "0..1",
        ],
        None,
        "--max",
    );
    refused(
        &["grundy", "wythoff", "--max", "0", "--values", "0..1"],
        None,
        "--max",
    );
    refused(
        &["grundy", "wythoff", "--max", "2097152"],
        None,
        "--max 2097152 is out of range",
    );
}

/// `grundy --misere`: value 0 exactly at `p-positions --misere`, the value 1
/// at a position without options, refusals as for normal play.
#[test]
fn misere_grundy_zeros_are_the_misere_p_positions() {
    for game in [
        "wythoff",
        "nim",
        "m-wythoff:m=2",
        "connell:p=2",
        "corner:m=2,p=3,u=5,v=7",
        "terminal-wythoff:l=2",
    ] {
        let table = levels(&["grundy", game, "--misere", "--max", "24", "--format", "csv"]);
        let mut zeros = Vec::new();
        for (x, line) in table.lines().enumerate() {
            for (y, v) in line.split(',').enumerate() {
                if v == "0" {
                    zeros.push(format!("{x},{y}"));
                }
            }
        }
        let ps = levels(&[
            "p-positions",
            game,
            "--misere",
            "--max",
            "24",
            "--format",
            "csv",
        ]);
        let mut want: Vec<String> = ps.lines().skip(1).map(str::to_string).collect();
        want.sort();
        zeros.sort();
        assert_eq!(zeros, want, "{game}");
    }
    // (0, 0) has no option: value 1 in misère play, 0 in normal play
    let first = |args: &[&str]| {
        levels(args)
            .lines()
            .next()
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        first(&["grundy", "wythoff", "--misere", "--max", "3", "--format", "csv"]),
        "1"
    );
    assert_eq!(
        first(&["grundy", "wythoff", "--max", "3", "--format", "csv"]),
        "0"
    );
    refused(
        &["grundy", "roob-blocking:m=2,p=3", "--misere", "--max", "8"],
        None,
        "blocking games",
    );
    refused(
        &["grundy", "imitation:p=2,m=1", "--misere", "--max", "8"],
        None,
        "memory",
    );
    refused(
        &[
            "grundy", "wythoff", "--misere", "--max", "8", "--values", "0..2",
        ],
        None,
        "--values",
    );
}
