//! `wythoff remoteness`, `outcome`'s remoteness lines and `plot --remoteness`,
//! against the brute-force state search of the library
//! (`solve::remoteness::reference`: every block set tried, win/loss as a flag).

mod common;
use common::wythoff;
use common::wythoff_ok as stdout;
use wythoff::catalogue::parse_game;
use wythoff::solve::remoteness::reference;

/// `wythoff ARGS`'s standard output as JSON; it must exit 0.
fn ok_json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

fn brute_csv(name: &str, misere: bool, n: usize) -> String {
    let mut g = parse_game(name).unwrap().game;
    if misere {
        g = g.with_convention(wythoff::Convention::Misere);
    }
    let t = reference::table(g.as_single().unwrap(), n);
    let mut s = String::new();
    for x in 0..n {
        let row: Vec<String> = (0..n)
            .map(|y| t[x * n + y].map_or("-".to_string(), |v| v.1.to_string()))
            .collect();
        s += &row.join(",");
        s.push('\n');
    }
    s
}

#[test]
fn csv_equals_brute_force() {
    for (name, misere) in [
        ("wythoff", false),
        ("wythoff", true),
        ("roob-blocking:m=2,p=3", false),
        ("roob-blocking:m=2,p=3", true),
        ("diagonal-blocking:p=2,m=1", true),
        ("corner:m=1,p=2,u=2,v=3", false),
        ("modular:m=3", true),
    ] {
        let n = 7;
        let mut args = vec!["remoteness", name, "--max", "7", "--format", "csv"];
        if misere {
            args.push("--misere");
        }
        assert_eq!(stdout(&args), brute_csv(name, misere, n), "{name} {misere}");
    }
}

#[test]
fn formats_imitation_and_refusals() {
    let text = stdout(&["remoteness", "nim", "--max", "3"]);
    assert_eq!(
        text,
        "# Remoteness of nim (normal play); x = first pile across (left to right), y = second pile up (origin lower left)\n\
y\n2 │ 1 3 4\n1 │ 1 2 3\n0 │ 0 1 1\n  └──────\n    0 1 2  x\n"
    );
    let j = ok_json(&["remoteness", "nim", "--max", "3", "--format", "json"]);
    assert_eq!(j["rows"][2][2], 4);
    assert_eq!(j["game"], "nim");
    assert_eq!(j["convention"], "normal play");
    // misère: the JSON says so (as p-positions does)
    let [j, pp] = ["remoteness", "p-positions"].map(|command| {
        ok_json(&[
            command, "wythoff", "--max", "3", "--misere", "--format", "json",
        ])
    });
    assert_eq!(j["convention"], "misère play", "{j}");
    assert_eq!(j["game"], "wythoff", "{j}");
    assert_eq!(j["convention"], pp["convention"]);
    let s = stdout(&["remoteness", "nim", "--max", "3", "--format", "summary"]);
    assert!(s.starts_with("9 "), "{s}");
    // Imitation Nim, misère: starting positions; (0, 0) is a win at once
    let imitation = "imitation:p=2,m=1";
    let csv = stdout(&[
        "remoteness",
        imitation,
        "--max",
        "4",
        "--misere",
        "--format",
        "csv",
    ]);
    assert!(csv.starts_with("0,1,"), "{csv}");
    // a choice game: the chooser's variant; its parity is the outcome
    stdout(&["remoteness", "choose-shift:m=1,p=3", "--max", "6"]);
    for bad in [
        vec!["remoteness", "nim", "--max", "3000"],
        vec!["remoteness", imitation, "--max", "500"],
        vec!["remoteness", "nim", "--max", "0"],
    ] {
        common::wythoff_error_line(&bad);
    }
}

#[test]
fn outcome_prints_remoteness() {
    let n = 7;
    let g = parse_game("wythoff").unwrap().game;
    let t = reference::table(g.as_single().unwrap(), n);
    let out = stdout(&["outcome", "wythoff", "4", "6"]);
    let r = t[4 * n + 6].unwrap().1;
    assert!(out.contains(&format!("# remoteness {r} ")), "{out}");
    let r35 = t[3 * n + 5].unwrap().1;
    assert!(
        out.contains(&format!("# winning move 3,5: remoteness {r35}")),
        "{out}"
    );
    // a P-position: its longest defence
    let out = stdout(&["outcome", "wythoff", "3", "5"]);
    assert!(out.starts_with("P\n"));
    assert!(
        out.contains(&format!(
            "# remoteness {r35} (moves left with the longest defence)"
        )),
        "{out}"
    );
    // the oracle path and the general path print the same lines
    let out = stdout(&["outcome", "diagonal-blocking:p=2,m=1", "3", "3"]);
    assert!(out.contains("# remoteness 3"), "{out}");
}

#[test]
fn plot_remoteness_heatmap() {
    let dir = common::temp_folder("wythoff-rem");
    let f = dir.join("r.svg");
    let plot = |args: &[&str]| wythoff(&[&["plot"], args, &["-o", f.to_str().unwrap()]].concat());
    let o = plot(&["roob-blocking:m=2,p=3", "--max", "12", "--remoteness"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(&f).unwrap();
    assert!(svg.contains("Remoteness of roob-blocking"), "title");
    assert!(!svg.contains("Grundy"), "a remoteness legend");
    let o = plot(&["wythoff", "--max", "5", "--remoteness", "--grundy"]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
