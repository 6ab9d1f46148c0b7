//! Hostile round 5 (issue 53), items 4, 5 and 7: work that escaped its plan.
//! Each test runs plans (`--plan`, no work) or refusals; none asserts a time.
//!
//! - 4: a terminal set's level 0 holds a triangle of cells, not one a row: the
//!   plan counts every position listed (and what writing them costs), the
//!   server refuses bodies beyond what its levels route sends.
//! - 5: the level kernel's `scan` index (cones `s >= 2`, restricted length
//!   sets) was planned 100-1400x low.
//! - 7: `prove --grundy` solved and guessed before any admission.

mod common;
use common::{assert_says, one_stderr_line, wythoff_json, wythoff_ok};
use std::process::Command;

/// `grundy ARGS --plan`'s JSON.
fn plan(args: &[&str]) -> serde_json::Value {
    wythoff_json(&[&["grundy"][..], args, &["--plan"]].concat())
}

/// Item 4: the plan's `positions` bounds the lines written (a terminal set:
/// every cell `x + y <= l` in level 0) and is within 2x of them.
#[test]
fn the_level_plan_counts_a_terminal_sets_cells() {
    for (game, n, values) in [
        ("terminal-wythoff:l=300", "256", "0..2"),
        ("terminal-wythoff:l=100", "256", "0"),
        ("terminal-wythoff:l=100", "256", "1..3"),
        ("wythoff", "256", "0..3"),
    ] {
        let args = [
            "grundy", game, "--max", n, "--values", values, "--format", "csv",
        ];
        let listed = wythoff_ok(&args).lines().count() as u64 - 1;
        let p = plan(&[game, "--max", n, "--values", values, "--format", "csv"]);
        let positions = p["positions"].as_u64().unwrap_or_else(|| panic!("{p}"));
        assert!(positions >= listed, "{args:?}: {positions} < {listed}");
        assert!(
            positions <= 2 * listed,
            "{args:?}: {positions} > 2 x {listed}"
        );
    }
}

/// Item 4: writing a triangle of about 3e10 positions (terminal set `l =
/// 245000`, level 0) is far beyond the time bound; it was planned at about 300 s
/// (the kernel's visit of each cell alone) and admitted.
#[test]
fn writing_a_huge_level_zero_is_refused_for_time() {
    let p = plan(&[
        "terminal-wythoff:l=245000",
        "--max",
        "245000",
        "--values",
        "0",
        "--format",
        "csv",
    ]);
    assert_eq!(p["refused"]["reason"], "time", "{p}");
    assert!(
        p["positions"].as_u64().unwrap() >= 245000 * 245001 / 2,
        "{p}"
    );
}

/// Item 5: the `scan` index tests each candidate against the level so far,
/// about `n^3` tests a level for a cone `s >= 2`: 5 levels at 65536 take a
/// day or more (0.5 s at 1024, 3.6 s at 2048), planned in milliseconds before.
#[test]
fn the_scan_index_is_planned_by_its_tests() {
    for game in ["st-wythoff:s=2,t=1", "restricted:s=1,t=1,d1=min2"] {
        let p = plan(&[game, "--max", "65536", "--values", "0..4"]);
        assert_eq!(p["refused"]["reason"], "time", "{game}: {p}");
        assert!(p["seconds"].as_u64().unwrap() > 10 * 3600, "{game}: {p}");
        // a small board stays admitted
        let p = plan(&[game, "--max", "256", "--values", "0..4"]);
        assert!(p["refused"].is_null(), "{game}: {p}");
    }
}

/// `wythoff ARGS` with `WYTHOFF_MEMORY_BUDGET=budget`.
fn with_budget(args: &[&str], budget: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .args(args)
        .env("WYTHOFF_MEMORY_BUDGET", budget)
        .output()
        .expect("run wythoff")
}

/// Item 7: `prove --grundy` is admitted before it solves and guesses: over
/// the memory budget one line and exit 2 (it ran about 6 s and 200 MiB before,
/// and exited 0); the plan says the guess's memory and time.
#[test]
fn prove_grundy_is_admitted_before_the_guess() {
    let args = ["prove", "wythoff", "--grundy", "--max", "1024", "--plan"];
    let o = with_budget(&args, "64M");
    let err = one_stderr_line(&o, 2);
    assert_says(&err, &["--max 1024", "memory", "budget"]);
    assert!(o.stdout.is_empty(), "{args:?}");
    // the levels alone need far less: admitted under the same budget
    let o = with_budget(
        &[
            "prove", "wythoff", "--grundy", "--value", "1", "--max", "256", "--plan",
        ],
        "64M",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // the plan says what the guess costs
    let text = wythoff_ok(&["prove", "wythoff", "--grundy", "--max", "64", "--plan"]);
    assert!(
        text.lines()
            .any(|l| l.starts_with("  guess: ") && l.contains("before Walnut")),
        "{text}"
    );
    // the guess on the largest board: gigabytes, said before any work
    let o = with_budget(
        &["prove", "wythoff", "--grundy", "--max", "4096", "--plan"],
        "1G",
    );
    let err = one_stderr_line(&o, 2);
    assert_says(&err, &["--max 4096", "GiB"]);
}
