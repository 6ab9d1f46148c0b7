//! `sequence wythoff --value g --from N` (issue 41, "Far out"): the pairs from
//! index N equal the level kernel's (`sequence --value g` from 0), in text and
//! JSON; value 0 is Wythoff's closed form at any N <= 10^18 and says it is
//! proved; what the pairs rest on is said; bad input is one line, exit 2. No
//! timing asserts.

mod common;
use common::wythoff;
use common::wythoff_ok_with_stderr as ok;

fn triples(text: &str) -> Vec<(u64, u64, u64)> {
    text.lines()
        .map(|l| {
            let v: Vec<u64> = l.split(' ').map(|t| t.parse().unwrap()).collect();
            (v[0], v[1], v[2])
        })
        .collect()
}

#[test]
fn from_equals_the_pairs_from_zero() {
    for g in ["0", "1", "2", "3", "4"] {
        let (all, _) = ok(&["sequence", "wythoff", "--value", g, "--terms", "600"]);
        let all = triples(&all);
        for (from, terms) in [(0usize, 600usize), (1, 3), (250, 100), (599, 1)] {
            let (got, note) = ok(&[
                "sequence",
                "wythoff",
                "--value",
                g,
                "--from",
                &from.to_string(),
                "--terms",
                &terms.to_string(),
            ]);
            assert_eq!(triples(&got), all[from..from + terms], "g {g} from {from}");
            let want = if g == "0" {
                "proved: Wythoff"
            } else {
                "computed: the level kernel"
            };
            assert!(note.contains(want), "{note}");
        }
    }
}

#[test]
fn json_names_what_the_pairs_rest_on() {
    let (out, _) = ok(&[
        "sequence",
        "wythoff",
        "--value",
        "0",
        "--from",
        "1000000000000000000",
        "--terms",
        "1",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["pairs"][0]["n"], 1_000_000_000_000_000_000u64);
    assert_eq!(v["pairs"][0]["a"], 1_618_033_988_749_894_848u64);
    assert_eq!(v["pairs"][0]["b"], 2_618_033_988_749_894_848u64);
    assert_eq!(v["basis"], "proved");
    assert!(v["rests_on"].as_str().unwrap().contains("Wythoff (1907)"));
    assert!(v["conjecture"].is_null());
    assert!(v["nivasch"]
        .as_str()
        .unwrap()
        .contains("convergence conjecture"));
    let (out, _) = ok(&[
        "sequence", "wythoff", "--value", "3", "--from", "10", "--terms", "3", "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["basis"], "computed");
    assert_eq!(v["pairs"].as_array().unwrap().len(), 3);
    assert_eq!(v["pairs"][2]["n"], 12);
    assert!(v["board"].as_u64().unwrap() > 0);
}

fn refused(args: &[&str], want: &str) {
    let o = wythoff(args);
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: `{want}` in {err}");
    assert!(o.stdout.is_empty(), "{args:?}");
}

#[test]
fn refusals_are_one_line_and_exit_2() {
    let s = |g: &'static str, from: &'static str| -> Vec<&'static str> {
        vec![
            "sequence", "wythoff", "--value", g, "--from", from, "--terms", "1",
        ]
    };
    refused(&s("0", "1000000000000000001"), "10^18");
    refused(&s("0", "99999999999999999999999"), "not an index");
    refused(&s("0", "-1"), "not an index");
    refused(&s("-1", "5"), "Grundy value");
    refused(&s("1", "1000000000000000000"), "Nivasch");
    refused(&s("5", "1000000000000"), "not built");
    refused(
        &[
            "sequence",
            "wythoff",
            "--value",
            "0",
            "--from",
            "999999999999999999",
            "--terms",
            "3",
        ],
        "10^18",
    );
    refused(
        &[
            "sequence", "nim", "--value", "0", "--from", "5", "--terms", "1",
        ],
        "Wythoff's game's alone",
    );
    refused(
        &[
            "sequence",
            "m-wythoff:m=2",
            "--value",
            "1",
            "--from",
            "5",
            "--terms",
            "1",
        ],
        "Wythoff's game's alone",
    );
    refused(
        &["sequence", "wythoff", "--from", "5", "--terms", "1"],
        "--value",
    );
    refused(
        &["sequence", "wythoff", "--terms", "3", "--format", "json"],
        "--from",
    );
}
