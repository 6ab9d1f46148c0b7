//! `wythoff compare` against a direct diff of two `p-positions --format csv` outputs.

use std::collections::BTreeSet;

mod common;
use common::wythoff;

fn p_set(game: &str, misere: bool, max: &str) -> BTreeSet<(u64, u64)> {
    let mut args = vec!["p-positions", game, "--max", max, "--format", "csv"];
    if misere {
        args.push("--misere");
    }
    let o = wythoff(&args);
    assert!(o.status.success(), "{game}: {:?}", o);
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let (x, y) = l.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

fn check(a: &str, b: &str, max: &str) {
    let side = |s: &str| match s.strip_suffix("@misere") {
        Some(g) => (g.to_string(), true),
        None => (s.to_string(), false),
    };
    let (ga, ma) = side(a);
    let (gb, mb) = side(b);
    let pa = p_set(&ga, ma, max);
    let pb = p_set(&gb, mb, max);
    let only_a: Vec<_> = pa.difference(&pb).copied().collect();
    let only_b: Vec<_> = pb.difference(&pa).copied().collect();
    let both = pa.intersection(&pb).count();

    // json: counts and the first differing cells
    let o = wythoff(&[
        "compare", a, b, "--max", max, "--format", "json", "--first", "5",
    ]);
    assert!(o.status.success(), "{:?}", o);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["only_a"], only_a.len() as u64, "{a} vs {b}");
    assert_eq!(v["only_b"], only_b.len() as u64, "{a} vs {b}");
    assert_eq!(v["both"], both as u64, "{a} vs {b}");
    assert_eq!(v["equal"], only_a.is_empty() && only_b.is_empty());
    let mut diffs: Vec<(u64, u64, &str)> = only_a
        .iter()
        .map(|&(x, y)| (x, y, "A"))
        .chain(only_b.iter().map(|&(x, y)| (x, y, "B")))
        .collect();
    diffs.sort();
    let want: Vec<serde_json::Value> = diffs
        .iter()
        .take(5)
        .map(|&(x, y, s)| serde_json::json!([x, y, s]))
        .collect();
    assert_eq!(v["first_differences"], serde_json::Value::Array(want));

    // csv: every cell P in A or B
    let o = wythoff(&["compare", a, b, "--max", max, "--format", "csv"]);
    let text = String::from_utf8(o.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("x,y,in"));
    let mut got_a = BTreeSet::new();
    let mut got_b = BTreeSet::new();
    for l in lines {
        let f: Vec<&str> = l.split(',').collect();
        let c = (f[0].parse::<u64>().unwrap(), f[1].parse::<u64>().unwrap());
        match f[2] {
            "A" => {
                got_a.insert(c);
            }
            "B" => {
                got_b.insert(c);
            }
            "both" => {
                got_a.insert(c);
                got_b.insert(c);
            }
            other => panic!("side {other}"),
        }
    }
    assert_eq!(got_a, pa);
    assert_eq!(got_b, pb);
}

#[test]
fn counts_equal_a_direct_diff() {
    check("modulo-rook:m=2,l=0,p=4", "roob-blocking:m=2,p=4", "80");
    check("wythoff", "wythoff@misere", "50");
    check("shifted:m=1,p=3,l=1", "choose-shift:m=1,p=3", "60");
    check("odd-even:s=1,t=1", "even-odd:s=1,t=1", "40");
    check("m-wythoff:m=2", "m-wythoff:m=2", "40");
}

#[test]
fn text_and_picture() {
    let o = wythoff(&["compare", "wythoff", "m-wythoff:m=1", "--max", "30"]);
    let t = String::from_utf8(o.stdout).unwrap();
    assert!(t.contains("only in A: 0\nonly in B: 0\n"), "{t}");
    assert!(t.contains("the P-sets are equal on the board"), "{t}");
    let dir = common::temp_folder("wythoff-compare");
    let svg = dir.join("c.svg");
    let o = wythoff(&[
        "compare",
        "modulo-rook:m=2,l=0,p=4",
        "roob-blocking:m=2,p=4",
        "--max",
        "40",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let body = std::fs::read_to_string(&svg).unwrap();
    for label in ["P only in A", "P only in B", "P in both"] {
        assert!(body.contains(label), "legend {label}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input() {
    for args in [
        vec!["compare", "wythoff", "wythoff@sideways", "--max", "10"],
        vec!["compare", "wythoff", "nope", "--max", "10"],
        vec!["compare", "wythoff", "nim", "--max", "0"],
        vec!["compare", "wythoff", "nim", "--max", "10", "-o", "x.gif"],
    ] {
        common::wythoff_error_line(&args);
    }
}
