//! Shared by the CLI tests: run the built `wythoff` binary.

use std::process::{Command, Output};

/// Example 2 of the imitation paper: `outcome` at (0, 1) after the history
/// (2,2) -> (1,2) -> (1,1), which is P for Alice's opponent.
#[allow(dead_code)]
pub const IMITATION_EXAMPLE_2: &[&str] = &[
    "outcome",
    "imitation:p=2,m=1",
    "0",
    "1",
    "--history",
    "2,2",
    "1,2",
    "1,1",
];

/// The arguments `outcome GAME X Y --history STEPS...`.
#[allow(dead_code)]
pub fn outcome_history<'a>(
    game: &'a str,
    x: &'a str,
    y: &'a str,
    steps: &[&'a str],
) -> Vec<&'a str> {
    [&["outcome", game, x, y, "--history"][..], steps].concat()
}

/// Cases per fuzzing property: `WYTHOFF_FUZZ_CASES`, else `default`.
#[allow(dead_code)]
pub fn fuzz_cases(default: u32) -> u32 {
    std::env::var("WYTHOFF_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The folder `PREFIX-PID` in the temporary directory, created.
#[allow(dead_code)]
pub fn temp_folder(prefix: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("{prefix}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Run `wythoff` with `args`, capturing its output.
#[allow(dead_code)]
pub fn wythoff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .args(args)
        .output()
        .expect("run wythoff")
}

/// `wythoff ARGS`'s output, checked to exit 0 (a panic with its stderr if not).
fn wythoff_exit_0(args: &[&str]) -> Output {
    let o = wythoff(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// `wythoff ARGS`'s standard output; a panic with its stderr unless it exits 0.
#[allow(dead_code)]
pub fn wythoff_ok(args: &[&str]) -> String {
    String::from_utf8(wythoff_exit_0(args).stdout).expect("the output is UTF-8")
}

/// `wythoff ARGS`'s standard output and standard error (both UTF-8); a panic
/// with its stderr unless it exits 0.
#[allow(dead_code)]
pub fn wythoff_ok_with_stderr(args: &[&str]) -> (String, String) {
    let o = wythoff_exit_0(args);
    (
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

/// The stderr of `o`, the output of `wythoff ARGS`, checked to be one line
/// `wythoff: error: ...` with exit 2.
fn error_line(args: &[&str], o: &Output) -> String {
    let err = String::from_utf8(o.stderr.clone()).unwrap();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("wythoff: error: "), "{args:?}: {err}");
    err
}

/// `wythoff ARGS`'s stderr, checked to be one line `wythoff: error: ...` with
/// exit 2 (`wythoff_refused` checks more).
#[allow(dead_code)]
pub fn wythoff_error_line(args: &[&str]) -> String {
    error_line(args, &wythoff(args))
}

/// `wythoff ARGS`'s one line on stderr, checked to be a refusal: exit 2, one line
/// `wythoff: error: ...`, no panic.
#[allow(dead_code)]
pub fn wythoff_refused(args: &[&str]) -> String {
    let o = wythoff(args);
    let err = error_line(args, &o);
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}: output on a refusal");
    err
}

/// Checks that `text` says each of `needles`.
#[allow(dead_code)]
pub fn assert_says(text: &str, needles: &[&str]) {
    for n in needles {
        assert!(text.contains(n), "{n:?} not in: {text}");
    }
}

/// The standard error of `o`, checked to be one line, and its exit status `code`.
#[allow(dead_code)]
pub fn one_stderr_line(o: &Output, code: i32) -> String {
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(code), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// `wythoff ARGS`'s standard output as JSON (a panic with its stderr when it
/// is not JSON).
#[allow(dead_code)]
pub fn wythoff_json(args: &[&str]) -> serde_json::Value {
    let out = wythoff(args);
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not JSON ({e}): {text}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The statements of a `prove --format json` answer.
#[allow(dead_code)]
pub fn statements(v: &serde_json::Value) -> &Vec<serde_json::Value> {
    v["statements"]
        .as_array()
        .unwrap_or_else(|| panic!("no statements: {v}"))
}

/// The statement named `name` in a `prove --format json` answer.
#[allow(dead_code)]
pub fn statement<'a>(v: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    statements(v)
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("{name}: {v}"))
}

/// The cells of a text grid (`grundy`, `remoteness`, `dynamic`: x across, y up,
/// origin lower left, rows `y │ cells`), indexed `[x][y]`; checks the labels.
#[allow(dead_code)]
pub fn grid_cells(text: &str) -> Vec<Vec<String>> {
    let rows: Vec<(usize, Vec<String>)> = text
        .lines()
        .filter_map(|l| l.split_once(" │"))
        .map(|(label, cells)| {
            (
                label.trim().parse().expect("row label y"),
                cells.split_whitespace().map(str::to_string).collect(),
            )
        })
        .collect();
    let n = rows.len();
    for (i, (y, cells)) in rows.iter().enumerate() {
        assert_eq!(*y, n - 1 - i, "rows go from y = n - 1 down to 0");
        assert_eq!(cells.len(), n, "row y = {y}");
    }
    let labels: Vec<usize> = text
        .lines()
        .find(|l| l.trim_end().ends_with("  x"))
        .expect("x labels under the grid")
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    assert_eq!(labels, (0..n).collect::<Vec<_>>(), "x labels");
    (0..n)
        .map(|x| (0..n).map(|y| rows[n - 1 - y].1[x].clone()).collect())
        .collect()
}

/// The Walnut jar, as `wythoff prove` finds it (`WALNUT_JAR`, else
/// `walnut-6.2.jar` under `$WYTHOFF_CACHE/walnut` or `~/.cache/wythoff/walnut`),
/// when `java` runs too; `None` (the caller skips, saying so) outside CI. In CI
/// (`CI=true`) a missing jar or java is a failure, not a skip.
#[allow(dead_code)]
pub fn walnut() -> Option<std::path::PathBuf> {
    use std::path::PathBuf;
    let jar = std::env::var_os("WALNUT_JAR")
        .map(PathBuf::from)
        .or_else(|| {
            let cache = std::env::var_os("WYTHOFF_CACHE")
                .map(PathBuf::from)
                .or_else(|| {
                    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/wythoff"))
                })?;
            Some(cache.join("walnut").join("walnut-6.2.jar"))
        });
    let java = Command::new("java")
        .arg("-version")
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    match jar {
        Some(j) if j.is_file() && java => Some(j),
        _ => {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!("CI: Walnut (java and the jar) is missing: .ci/run must run scripts/install_walnut.sh");
            }
            eprintln!("skipped: Walnut not installed (scripts/install_walnut.sh)");
            None
        }
    }
}

/// Return from the calling test when Walnut is missing (`walnut`: a skip, said
/// on stderr, or a failure in CI). The test file declares `#[macro_use] mod common;`.
#[allow(unused_macros)]
macro_rules! skip_without_walnut {
    () => {
        if $crate::common::walnut().is_none() {
            return;
        }
    };
}

/// Run `load FILE;` in Walnut alone (WALNUT_HOME = `home`); its stdout.
#[allow(dead_code)]
pub fn walnut_alone(jar: &std::path::Path, home: &std::path::Path, file: &str) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new("java")
        .arg("-jar")
        .arg(jar)
        .env("WALNUT_HOME", home)
        .current_dir(home)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start java");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(format!("load {file};\n").as_bytes())
        .expect("write to Walnut");
    let out = child.wait_with_output().expect("Walnut's output");
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// The TRUE / FALSE answers in Walnut's output, in order.
#[allow(dead_code)]
pub fn verdict_lines(stdout: &str) -> Vec<bool> {
    stdout
        .lines()
        .map(str::trim)
        .filter(|l| *l == "TRUE" || *l == "FALSE")
        .map(|l| l == "TRUE")
        .collect()
}

/// A small pseudo-random number from the clock and the process (no crate).
#[allow(dead_code)]
pub fn random_below(n: u64) -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos() as u64;
    let mut x = t ^ (std::process::id() as u64).rotate_left(32) ^ 0x9e37_79b9_7f4a_7c15;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x % n.max(1)
}

/// Copy the folder `from` into `to` (created), files and subfolders.
#[allow(dead_code)]
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let (s, d) = (e.path(), to.join(e.file_name()));
        if s.is_dir() {
            copy_dir(&s, &d);
        } else {
            std::fs::copy(&s, &d).unwrap();
        }
    }
}

/// Run `wythoff` with `args`, its standard output a full device (`/dev/full`).
#[allow(dead_code)]
pub fn wythoff_to_full_device(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .args(args)
        .stdout(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .output()
        .unwrap()
}
