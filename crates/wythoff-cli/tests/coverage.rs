//! `wythoff verify --coverage`: the committed docs/coverage.md is exactly what
//! the binary prints (so it cannot go stale; regenerate with
//! scripts/coverage.sh), the JSON form names only registered checks, and bad
//! combinations are one-line errors (exit 2).

use std::path::PathBuf;

mod common;
use common::wythoff;

#[test]
fn committed_docs_coverage_md_equals_the_binary_output() {
    let o = wythoff(&["verify", "--coverage"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let printed = String::from_utf8(o.stdout).unwrap();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/coverage.md");
    let committed = std::fs::read_to_string(&path).expect("docs/coverage.md exists");
    assert!(
        committed == printed,
        "docs/coverage.md is stale: run scripts/coverage.sh"
    );
    // every statement line names checks, a definition, a reason, or open
    for line in printed.lines().filter(|l| {
        l.starts_with("| ")
            && !l.starts_with("| label")
            && !l.starts_with("| id")
            && !l.starts_with("| `")
    }) {
        let last = line.rsplit(" | ").next().unwrap();
        assert!(
            last.contains('`')
                || last.starts_with("definition")
                || last.starts_with("not computational:")
                || last.starts_with("open"),
            "{line}"
        );
    }
}

#[test]
fn json_coverage_names_registered_checks() {
    let o = wythoff(&["verify", "--coverage", "--format", "json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let ids: Vec<&str> = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    let statements = v["statements"].as_array().unwrap();
    assert!(statements.len() > 100);
    for s in statements {
        for id in s["checks"].as_array().unwrap() {
            assert!(ids.contains(&id.as_str().unwrap()), "{id}");
        }
    }
    assert!(statements
        .iter()
        .any(|s| s["label"] == "Theorem 3.1" && s["paper"] == "seed 000"));
}

#[test]
fn coverage_refuses_games_max_and_other_formats() {
    for args in [
        &["verify", "--coverage", "wythoff"][..],
        &["verify", "--coverage", "--max", "10"][..],
        &["verify", "--coverage", "--format", "csv"][..],
        &["verify", "--format", "json"][..],
    ] {
        let o = wythoff(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = String::from_utf8(o.stderr).unwrap();
        assert!(
            e.starts_with("wythoff: error:") && e.lines().count() == 1,
            "{e}"
        );
    }
}
