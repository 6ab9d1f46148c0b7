//! Regression tests for issue 13: never crash, never lie, never hog. Each test
//! is one item of the issue, run through the built binary.

mod common;
use common::{wythoff, wythoff_ok, IMITATION_EXAMPLE_2};
use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_wythoff");

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exit 2 with exactly one `wythoff: error:` line; returns that line.
fn refused(o: &Output, what: &str) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{what}: {err}");
    assert_eq!(err.lines().count(), 1, "{what}: {err}");
    assert!(err.starts_with("wythoff: error: "), "{what}: {err}");
    err
}

/// Run `wythoff grundy SPEC --max 16384 --format summary EXTRA...` with
/// `WYTHOFF_MEMORY_BUDGET` set to `budget`.
fn big_grundy(spec: &str, extra: &[&str], budget: &str) -> Output {
    Command::new(BIN)
        .args(["grundy", spec, "--max", "16384", "--format", "summary"])
        .args(extra)
        .env("WYTHOFF_MEMORY_BUDGET", budget)
        .output()
        .unwrap()
}

/// `p-positions FILE --max 4`, checked to be refused; its error line.
fn rules_file_refused(f: &std::path::Path, what: &str) -> String {
    refused(
        &wythoff(&["p-positions", f.to_str().unwrap(), "--max", "4"]),
        what,
    )
}

fn temp_file(name: &str, body: &[u8]) -> std::path::PathBuf {
    let dir = common::temp_folder("wythoff-hardening");
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p
}

#[test]
fn rook_with_huge_l_answers_instead_of_aborting() {
    // rook(l,3) with l >= 3 is every length: the same board as `all`
    let want = wythoff(&[
        "p-positions",
        "restricted:s=1,t=1,d1=all",
        "--max",
        "8",
        "--format",
        "csv",
    ]);
    assert!(want.status.success());
    for spec in [
        "restricted:s=1,t=1,d1=rook(18446744073709551615,3)",
        "restricted:s=1,t=1,d1=rook(10000000000000,3)",
    ] {
        let o = wythoff(&["p-positions", spec, "--max", "8", "--format", "csv"]);
        assert!(o.status.success(), "{spec}: {}", stderr(&o));
        assert_eq!(stdout(&o), stdout(&want), "{spec}");
    }
    wythoff_ok(&[
        "p-positions",
        "restricted:s=1,t=1,h=rook(10000000000000,3)",
        "--max",
        "8",
    ]);
    let f = temp_file("rook.toml", b"h = \"rook(10000000000000,3)\"\n");
    let o = wythoff(&["p-positions", f.to_str().unwrap(), "--max", "8"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn huge_band_in_rules_file_is_exact() {
    let f = temp_file(
        "band.toml",
        b"[two-pile]\nrelation = \"band:18446744073709551615\"\n",
    );
    let f = f.to_str().unwrap();
    let o = wythoff(&["p-positions", f, "--max", "12", "--format", "csv"]);
    assert_eq!(stdout(&o), "x,y\n0,0\n", "{}", stderr(&o));
    // outcome agrees with grundy: (2, 1) and (4, 3) are N
    for (x, y) in [("2", "1"), ("4", "3")] {
        let o = wythoff(&["outcome", f, x, y]);
        assert_eq!(stdout(&o).lines().next(), Some("N"), "({x}, {y})");
    }
    let g = wythoff(&["grundy", f, "--max", "5", "--format", "csv"]);
    let zeros = stdout(&g).split([',', '\n']).filter(|v| *v == "0").count();
    assert_eq!(zeros, 1, "{}", stdout(&g));
}

#[test]
fn unbounded_and_oversized_files_are_refused() {
    let e = refused(
        &wythoff(&["p-positions", "file:/dev/zero", "--max", "4"]),
        "/dev/zero rules",
    );
    assert!(e.contains("not a regular file"), "{e}");
    let e = refused(
        &wythoff(&["check-table", "wythoff", "/dev/urandom"]),
        "/dev/urandom table",
    );
    assert!(e.contains("not a regular file"), "{e}");
    let mut big = b"# comment\n".to_vec();
    big.resize(2 << 20, b' ');
    let f = temp_file("big.toml", &big);
    let e = rules_file_refused(&f, "2 MiB rules file");
    assert!(e.contains("allowed at most"), "{e}");
    let f = temp_file("bin.toml", b"h = \"odd\"\n\xff\xfe\n");
    rules_file_refused(&f, "binary rules file");
}

#[test]
fn rules_file_errors_name_file_line_column_and_key() {
    let f = temp_file("corner.toml", b"name = \"x\"\n[corner]\nu = 2\n");
    let e = rules_file_refused(&f, "missing v");
    assert!(e.contains("corner.toml"), "{e}");
    assert!(e.contains("`[corner]` (line 2)"), "{e}");
    assert!(e.contains("missing field `v`"), "{e}");
    let f = temp_file("syntax.toml", b"h = \"odd\"\nv = 3\n");
    let e = rules_file_refused(&f, "v = 3");
    assert!(e.contains("syntax.toml"), "{e}");
    assert!(e.contains("line 2, column 5 (`v = 3`)"), "{e}");
}

#[test]
fn echoed_input_is_cut_and_escaped() {
    let long = "x".repeat(5000);
    let e = refused(&wythoff(&["p-positions", &long, "--max", "4"]), "long game");
    assert!(e.len() < 400, "{} bytes: {e}", e.len());
    assert!(e.contains("(5000 chars)"), "{e}");
    let e = refused(
        &wythoff(&["p-positions", "wyt\u{1b}[2Jhoff\nx", "--max", "4"]),
        "control characters",
    );
    assert!(!e.contains('\u{1b}'), "{e}");
    assert!(e.contains("\\u{1b}"), "{e}");
}

#[test]
fn closed_stdout_is_an_error() {
    let o = Command::new("sh")
        .args(["-c", "exec \"$0\" games >&-", BIN])
        .output()
        .unwrap();
    let e = refused(&o, "closed stdout");
    assert!(e.contains("standard output"), "{e}");
}

#[test]
fn closed_pipe_stops_at_once_with_exit_0() {
    // 10^10 terms would take half a minute or more: the reader stops after a line
    let mut child = Command::new(BIN)
        .args(["sequence", "wythoff", "--terms", "10000000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert_eq!(line, "0 0 0\n");
    // the pipe is closed here (the reader was dropped)
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
}

#[test]
fn memory_budget_from_the_environment_and_rlimit() {
    let o = big_grundy("wythoff", &[], "100000000");
    let e = refused(&o, "budget 100 MB");
    assert!(e.contains("memory"), "{e}");
    // under an address-space limit of 2 GB, big requests are refused with the estimate
    for args in [
        "grundy connell:p=64 --max 16384",
        "grundy modular:m=64 --max 16384",
        "sequence wythoff --terms 40000000000",
    ] {
        let o = Command::new("sh")
            .args([
                "-c",
                &format!("ulimit -v 2000000 && exec \"$0\" {args} --format summary"),
                BIN,
            ])
            .output()
            .unwrap();
        let e = refused(&o, args);
        assert!(e.contains("about"), "{args}: {e}");
    }
}

/// `grundy --misere` is the misère Grundy values of the one game (issue 41):
/// listed in the help, and it answers; with `--values` it is refused.
#[test]
fn help_lists_only_what_works() {
    let o = wythoff(&["grundy", "--help"]);
    assert!(stdout(&o).contains("--misere"), "{}", stdout(&o));
    assert!(wythoff(&["grundy", "wythoff", "--max", "4", "--misere"])
        .status
        .success());
    refused(
        &wythoff(&[
            "grundy", "wythoff", "--max", "4", "--misere", "--values", "0..1",
        ]),
        "grundy --misere --values",
    );
}

#[test]
fn dynamic_summary_hashes_the_classes() {
    let csv = wythoff(&[
        "dynamic",
        "imitation:p=1,m=1",
        "--max",
        "9",
        "--format",
        "csv",
    ]);
    assert!(csv.status.success());
    let vals: Vec<u64> = stdout(&csv)
        .lines()
        .skip(1)
        .map(|l| match l.rsplit(',').next().unwrap() {
            "P" => 0,
            "N" => 1,
            "D" => 2,
            c => panic!("class {c}"),
        })
        .collect();
    assert_eq!(vals.len(), 81);
    assert!(vals.contains(&2), "imitation:p=1,m=1 has dynamic positions");
    let want = format!("81 {:016x}\n", wythoff::hash::hash_values(vals));
    let o = wythoff(&[
        "dynamic",
        "imitation:p=1,m=1",
        "--max",
        "9",
        "--format",
        "summary",
    ]);
    assert_eq!(stdout(&o), want, "{}", stderr(&o));
}

#[test]
fn negative_history_pile_says_what_is_wrong() {
    // Example 2's `outcome ... --history`, then `-1,2` as its first or second step
    for args in [
        [&IMITATION_EXAMPLE_2[..5], &["-1,2"]].concat(),
        [&IMITATION_EXAMPLE_2[..6], &["-1,2"]].concat(),
    ] {
        let e = refused(&wythoff(&args), "--history -1,2");
        assert!(e.contains("`-1,2`") && e.contains("`-1`"), "{e}");
        assert!(e.contains("non-negative whole number"), "{e}");
    }
    // a good history still works with the flag before it
    let o = wythoff(IMITATION_EXAMPLE_2);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn outcome_json_and_shared_keys() {
    let text = wythoff(&["outcome", "wythoff", "4", "6"]);
    let json = wythoff(&["outcome", "wythoff", "4", "6", "--format", "json"]);
    assert!(json.status.success(), "{}", stderr(&json));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let lines: Vec<String> = stdout(&text).lines().map(String::from).collect();
    assert_eq!(v["outcome"], lines[0].as_str());
    let moves: Vec<String> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| format!("{},{}", m[0].as_str().unwrap(), m[1].as_str().unwrap()))
        .collect();
    let want: Vec<String> = lines[1..]
        .iter()
        .filter(|l| !l.starts_with('#'))
        .cloned()
        .collect();
    assert_eq!(moves, want);
    assert!(!moves.is_empty());
    assert_eq!(v["x"], "4");
    // a huge position through the oracle; a blocking game's notes; a P-position
    let big = "100000000000000000000000000000000000000000000000000";
    let o = wythoff(&["outcome", "wythoff", big, big, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0], serde_json::json!(["0", "0"]));
    assert_eq!(v["x"], big);
    let o = wythoff(&[
        "outcome",
        "diagonal-blocking:p=2,m=1",
        "1",
        "1",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(!v["notes"].as_array().unwrap().is_empty(), "{v}");
    // the same keys for the same things in every JSON output
    for args in [
        &["p-positions", "wythoff", "--max", "4", "--format", "json"][..],
        &["grundy", "wythoff", "--max", "4", "--format", "json"][..],
        &["grundy", "modular:m=3", "--max", "4", "--format", "json"][..],
        &[
            "dynamic",
            "imitation:p=1,m=1",
            "--max",
            "4",
            "--format",
            "json",
        ][..],
        &["outcome", "wythoff", "1", "2", "--format", "json"][..],
    ] {
        let o = wythoff(args);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stdout(&o)));
        assert!(v["game"].is_string(), "{args:?}: {v}");
        assert!(v["convention"].is_string(), "{args:?}: {v}");
    }
}

#[test]
fn predictable_long_work_is_estimated_and_refused_without_force() {
    // verify --max: cubic in N; 1048576 would take years
    let o = wythoff(&["verify", "--max", "1048576"]);
    let e = refused(&o, "verify --max 1048576");
    assert!(
        e.contains("verify --max 1048576 would take about") && e.contains("--force"),
        "{e}"
    );
    // a Grundy table by the cubic kernels (a cone with an eventually periodic
    // set), when memory is not the limit
    let o = big_grundy("restricted:s=2,t=1,d1=min2", &[], "1000000000000");
    let e = refused(&o, "grundy restricted:s=2,t=1,d1=min2 --max 16384");
    assert!(
        e.contains("the Grundy solver would take about") && e.contains("use --force"),
        "{e}"
    );
    // memory is checked first: --force cannot lift it
    let o = big_grundy("connell:p=64", &["--force"], "100000000");
    let e = refused(&o, "grundy --force over the memory budget");
    assert!(e.contains("memory"), "{e}");
    // --force is accepted where it applies and changes nothing for short work
    for args in [
        &["grundy", "wythoff", "--max", "6", "--format", "csv"][..],
        &[
            "p-positions",
            "connell:p=3",
            "--max",
            "30",
            "--format",
            "csv",
        ][..],
    ] {
        let forced = [args, &["--force"]].concat();
        let (a, b) = (wythoff(args), wythoff(&forced));
        assert!(a.status.success() && b.status.success(), "{}", stderr(&b));
        assert_eq!(stdout(&a), stdout(&b));
        assert!(!stdout(&a).is_empty());
    }
    // and refused where it does not
    refused(
        &wythoff(&["outcome", "wythoff", "1", "2", "--force"]),
        "outcome --force",
    );
}

#[test]
fn huge_parameters_that_cost_nothing_answer_at_once() {
    // the slow cases: each answers (exactly) instead of running for minutes
    let roob = "roob-blocking:m=1,p=1000000,l=1000000";
    let out = wythoff_ok(&["outcome", roob, "4999", "0"]);
    // blocking threshold beyond the board: plain rook moves, (0,0) reachable
    assert!(out.starts_with("N\n0,0\n"), "{out}");
    // a game with no moves at all: every position is P
    let no_moves = "restricted:s=1,t=1,h=max0,v=min1048576,d1=none,d2=all";
    let out = wythoff_ok(&["outcome", no_moves, "4999", "0"]);
    assert_eq!(out.lines().next(), Some("P"));
    // 1000-digit piles through diagonal-blocking's oracle: (x, y) with x != y far
    // apart is N, with winning moves
    let x = "7".repeat(1000);
    let y = format!("{}1", "3".repeat(999));
    let o = wythoff(&["outcome", "diagonal-blocking:p=1000000,m=1000000", &x, &y]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("N"));
    let mv = lines.next().unwrap();
    assert!(mv.contains(',') && mv.len() > 900, "{mv}");
}

#[test]
fn parameters_beyond_the_catalogue_limit_name_the_limit() {
    for (spec, shown) in [
        ("modular:m=10^30", "10^30"),
        (
            "modular:m=1000000000000000000000000000000",
            "1000000000000000000000000000000",
        ),
        ("modular:m=2000000", "2000000"),
        ("modular:m=10^7", "10000000"),
    ] {
        // `outcome modular:m=HUGE` is answered (cli_alone.rs); the boards refuse
        let e = refused(&wythoff(&["p-positions", spec, "--max", "5"]), spec);
        assert!(
            e.contains(&format!("`m` = {shown} is out of range")) && e.contains("at most 1000000"),
            "{spec}: {e}"
        );
    }
    let e = refused(&wythoff(&["outcome", "modular:m=ten", "3", "5"]), "m=ten");
    assert!(e.contains("whole number"), "{e}");
    // `B^E` is a number: modular:m=10^2 is modular:m=100
    let [a, b] = ["modular:m=10^2", "modular:m=100"]
        .map(|spec| wythoff(&["p-positions", spec, "--max", "300", "--format", "csv"]));
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn every_text_grid_has_one_labelled_orientation() {
    // x across (left to right), y up (origin lower left), labels on the edges
    let o = wythoff(&["grundy", "wythoff", "--max", "4"]);
    assert!(o.status.success());
    let want = [
        "# Grundy values of wythoff; x = first pile across (left to right), y = second pile up (origin lower left)",
        "y",
        "3 │ 3 4 5 6",
        "2 │ 2 0 1 5",
        "1 │ 1 2 0 4",
        "0 │ 0 1 2 3",
        "  └────────",
        "    0 1 2 3  x",
    ];
    assert_eq!(stdout(&o), want.join("\n") + "\n");
    // an asymmetric game: (x, y) = (0, 1) is a move away from (0, 0) only if
    // vertical moves exist; here only horizontal ones (v=none): g(0, y) = 0
    let cells = common::grid_cells(&wythoff_ok(&[
        "grundy",
        "restricted:s=1,t=1,v=none,d1=none,d2=none",
        "--max",
        "3",
    ]));
    assert_eq!(cells[0], vec!["0", "0", "0"]);
    assert_eq!(cells[2], vec!["2", "2", "2"]);
    // dynamic and remoteness use the same grid
    for args in [
        &["dynamic", "imitation:p=1,m=1", "--max", "4"][..],
        &["remoteness", "nim", "--max", "4"][..],
    ] {
        let o = wythoff(args);
        assert!(o.status.success(), "{args:?}");
        assert_eq!(common::grid_cells(&stdout(&o)).len(), 4, "{args:?}");
    }
}
