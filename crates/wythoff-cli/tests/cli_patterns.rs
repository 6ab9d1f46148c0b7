//! `wythoff patterns --check M`: the laws read on the board of N re-checked on
//! the board of M; exit 0 when all hold, 1 when one fails, 2 on bad input.

mod common;
use common::wythoff;

/// `patterns GAME --max MAX EXTRA... --format json`: its exit code and JSON.
fn patterns_json(game: &str, max: &str, extra: &[&str]) -> (Option<i32>, serde_json::Value) {
    let args = [
        &["patterns", game, "--max", max][..],
        extra,
        &["--format", "json"],
    ]
    .concat();
    let o = wythoff(&args);
    let v = serde_json::from_slice(&o.stdout).unwrap();
    (o.status.code(), v)
}

/// The `rays` pattern of a `patterns` JSON answer.
fn rays(v: &serde_json::Value) -> &serde_json::Value {
    v["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "rays")
        .unwrap()
}

#[test]
fn check_holds_exit_0_and_fails_exit_1() {
    let o = wythoff(&["patterns", "wythoff", "--max", "100", "--check", "400"]);
    assert_eq!(o.status.code(), Some(0));
    let s = String::from_utf8(o.stdout).unwrap();
    assert!(
        s.contains("# checked on the board 0 <= x, y < 400 (laws read on 100):"),
        "{s}"
    );
    assert!(s.contains("pairs 0 closed-form: holds on n < 153"), "{s}");
    let (code, v) = patterns_json("modulo-rook:m=2,l=0,p=4", "400", &["--check", "1024"]);
    assert_eq!(code, Some(1));
    assert_eq!(v["max"], 400);
    assert_eq!(v["check"]["fitted_on"], 400);
    assert_eq!(v["check"]["max"], 1024);
    let checks = v["check"]["checks"].as_array().unwrap();
    let beatty = checks.iter().find(|c| c["law"] == "beatty").unwrap();
    assert_eq!(beatty["holds"], false);
    assert!(beatty["failure"].as_str().unwrap().starts_with("n = "));
    // without --check, the json has no "check"
    let (_, v) = patterns_json("wythoff", "100", &[]);
    assert!(v.get("check").is_none());
}

#[test]
fn check_not_larger_is_refused() {
    let o = wythoff(&["patterns", "wythoff", "--max", "100", "--check", "50"]);
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8(o.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("--check 50"), "{e}");
}

#[test]
fn check_errors_name_check() {
    for (arg, want) in [
        ("0", "--check 0 is out of range"),
        // (the outcome table's estimate counts the solver's real rings: 60000
        // fits a 16 GiB budget for m-wythoff; 200000 needs 40 GB of table alone)
        ("200000", "--check 200000 needs about"),
    ] {
        let o = wythoff(&["patterns", "m-wythoff:m=2", "--max", "100", "--check", arg]);
        assert_eq!(o.status.code(), Some(2));
        let e = String::from_utf8(o.stderr).unwrap();
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(e.contains(want), "{e}");
    }
}

#[test]
fn no_pattern_says_why_the_pairs_reading_gave_up() {
    // seed 000's open case: b-order breaks, and on 128 and 256 the a-order
    // reading has too few rows; on 512 it reads the 4-fold mex
    let g = "modulo-rook:m=2,l=0,p=4";
    for n in ["128", "256"] {
        let o = wythoff(&["patterns", g, "--max", n]);
        assert!(o.status.success());
        let text = String::from_utf8(o.stdout).unwrap();
        let why = text
            .lines()
            .find(|l| l.starts_with("why: "))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(
            why.contains("too few pairs") && why.contains("b-order"),
            "{why}"
        );
        let (_, v) = patterns_json(g, n, &[]);
        assert_eq!(v["patterns"], serde_json::json!([]));
        assert_eq!(format!("why: {}", v["why_none"].as_str().unwrap()), why);
    }
    let (_, v) = patterns_json(g, "512", &[]);
    assert_eq!(v["patterns"][0]["kind"], "pairs");
    assert!(v.get("why_none").is_none(), "{v}");
}

/// k = 7 Blocking Wythoff on the board of 1024 (the smallest power of two where
/// both show): two lines of slope about 5/2 with separate residual ranges; the
/// upper line's slope 5/2 derived from its covers (3 per column, 2 per diagonal).
#[test]
fn blocking_wythoff_k7_two_lines_of_slope_five_halves() {
    let (code, v) = patterns_json("blocking-wythoff:k=7", "1024", &[]);
    assert_eq!(code, Some(0));
    let rays = rays(&v);
    let lines = rays["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{rays}");
    let num = |s: &serde_json::Value| s.as_f64().unwrap();
    for l in lines {
        assert!((num(&l["slope"]) - 2.5).abs() < 0.01, "{l}");
    }
    // intercepts far apart, residual ranges disjoint
    let (lo, hi) = (&lines[0], &lines[1]);
    assert!(
        num(&hi["intercept"]) - num(&lo["intercept"]) > 10.0,
        "{rays}"
    );
    let f = &hi["closed_form"];
    assert_eq!(f["text"], "5/2", "{hi}");
    assert_eq!(hi["covers"]["columns"]["values"], serde_json::json!([3]));
    assert_eq!(hi["covers"]["diagonals"]["values"], serde_json::json!([2]));
    // the union of the lines: 7 per column and row together
    assert_eq!(
        rays["union"]["columns_and_rows"]["values"],
        serde_json::json!([7])
    );
    // on 4096 the two lines are one ray (slopes closer than 1/50 near x0 = 256),
    // split into two lines by their residuals
    let (_, v) = patterns_json("blocking-wythoff:k=7", "4096", &[]);
    let rays = self::rays(&v);
    assert_eq!(rays["slopes"].as_array().unwrap().len(), 1, "{rays}");
    let lines = rays["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{rays}");
    assert!(lines.iter().all(|l| l["ray"] == 0));
    assert!(num(&lines[1]["intercept"]) - num(&lines[0]["intercept"]) > 10.0);
    // the text names both lines with their intercepts
    let o = wythoff(&["patterns", "blocking-wythoff:k=7", "--max", "1024"]);
    let s = String::from_utf8(o.stdout).unwrap();
    assert_eq!(s.matches("    line y = 2.4").count(), 2, "{s}");
}
