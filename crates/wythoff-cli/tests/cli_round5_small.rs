//! Hostile round 5 (issue 53), items 3, 13 and 15, through the built binary:
//! work bounded before it starts, exit codes, and refusals that point to what
//! works. (The server's side of item 3 is in cli_serve.rs.)

mod common;
use common::*;

/// 3: `modular:m=B^E` with a huge exponent computed the power (and wrote it in
/// full) before any bound: a 4096-digit base to the 99999th power held
/// gigabytes and aborted. `m` is bounded below 10^4096 from the sizes of `B`
/// and `E`, before the power: refused at once, one line, exit 2.
#[test]
fn a_huge_modular_power_is_refused_before_it_is_computed() {
    let nines = "9".repeat(4096);
    for m in [
        format!("{nines}^99999"),
        "99999999999999999999^99999".to_string(),
        "2^20000".to_string(),
        "10^4096".to_string(),
    ] {
        let game = format!("modular:m={m}");
        let err = wythoff_refused(&["outcome", &game, "3", "5"]);
        assert_says(&err, &["too large", "below 10^4096"]);
        assert!(err.len() < 400, "{err}");
    }
    // below the bound: answered from the characterisation, as before
    let out = wythoff_ok(&["outcome", "modular:m=10^4095", "3", "5"]);
    assert_eq!(out.lines().next(), Some("P"), "{out}");
    let out = wythoff_ok(&["outcome", "modular:m=2^13606", "4", "7"]);
    assert_eq!(out.lines().next(), Some("P"), "{out}");
}

/// 13: output to a full device is one line and exit 2 (exit 1 is `verify`'s
/// "a claim failed"); it was exit 1 and the bare OS error.
#[test]
fn a_full_output_device_is_exit_2() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["p-positions", "wythoff", "--max", "100"][..],
        &["grundy", "wythoff", "--max", "64", "--format", "csv"],
        &["verify", "wythoff", "--max", "20"],
    ] {
        let o = common::wythoff_to_full_device(args);
        let err = one_stderr_line(&o, 2);
        assert_says(&err, &["wythoff: error: ", "No space left"]);
    }
}

/// 13: a level range above what the board can hold (a value is at most the
/// number of options of its position) is refused at once; it ran every empty
/// level (minutes on 1000 x 1000 for `--values 3000..3000`). A range reaching
/// past the bound is cut to it: the same positions.
#[test]
fn level_ranges_above_the_board_are_refused_at_once() {
    for (max, values) in [("100", "400..400"), ("1000", "3000"), ("100", "1000000000")] {
        let err = wythoff_refused(&["grundy", "wythoff", "--max", max, "--values", values]);
        assert_says(&err, &["--values", "has a value above", "--max"]);
    }
    let rows = |v: &str| -> Vec<String> {
        wythoff_ok(&[
            "grundy", "wythoff", "--max", "100", "--values", v, "--format", "csv",
        ])
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
    };
    let cut = rows("0..2000000");
    assert!(cut.len() > 100 * 100 / 2, "{}", cut.len());
    assert_eq!(cut, rows("0..297"));
}

/// 13: `--java-memory` beyond the machine's memory is refused naming what is
/// allowed; a negative size gets our message, not clap's.
#[test]
fn java_memory_is_bounded_by_the_machine() {
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let total_mib = meminfo
        .lines()
        .find(|l| l.starts_with("MemTotal:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map(|kib| kib >> 10);
    if let Some(t) = total_mib.filter(|&t| t < 1 << 20) {
        let over = format!("{}M", t + 1);
        let err = wythoff_refused(&["prove", "wythoff", "--java-memory", &over, "--plan"]);
        assert_says(
            &err,
            &["--java-memory", "allowed 64 MiB to this machine's memory"],
        );
        assert!(err.contains(&format!("{t} MiB")), "{err}");
        // sweep --prove takes the same bound
        let err = wythoff_refused(&[
            "sweep",
            "wythoff",
            "--max",
            "16",
            "--prove",
            "--java-memory",
            &over,
            "--plan",
        ]);
        assert_says(
            &err,
            &["--java-memory", "allowed 64 MiB to this machine's memory"],
        );
        // the machine's memory itself is allowed
        wythoff_ok(&[
            "prove",
            "wythoff",
            "--java-memory",
            &format!("{t}M"),
            "--plan",
        ]);
    }
    for cmd in [
        &["prove", "wythoff", "--java-memory", "-64M", "--plan"][..],
        &[
            "sweep",
            "wythoff",
            "--max",
            "16",
            "--prove",
            "--java-memory",
            "-64M",
            "--plan",
        ],
    ] {
        let err = wythoff_refused(cmd);
        assert_says(&err, &["--java-memory", "-64M", "write a size"]);
        assert!(
            !err.contains("unexpected argument"),
            "clap's message: {err}"
        );
    }
}

/// 15: the Grundy table's refusals point to `--values` (the text grid pointed
/// to `--format csv`, which was then refused for 1.1 TiB).
#[test]
fn grundy_refusals_point_to_values() {
    for args in [
        &["grundy", "wythoff", "--max", "1048576"][..],
        &["grundy", "wythoff", "--max", "1048576", "--format", "csv"],
        &["grundy", "wythoff", "--max", "2097152"],
    ] {
        let err = wythoff_refused(args);
        assert_says(&err, &["--values A..G"]);
        assert!(!err.contains("--format csv"), "{args:?}: {err}");
    }
    // and what it points to works there
    let out = wythoff_ok(&[
        "grundy", "wythoff", "--max", "1048576", "--values", "0", "--format", "csv",
    ]);
    assert!(
        out.lines().any(|l| l == "0,0,0"),
        "{}",
        &out[..out.len().min(300)]
    );
}

/// 15: `--size` (the board side's name elsewhere) is answered with `--max`.
#[test]
fn size_suggests_max() {
    for args in [
        &["grundy", "wythoff", "--size", "10"][..],
        &["p-positions", "wythoff", "--size=10"],
        &["g", "wythoff", "--board", "10"],
    ] {
        let err = wythoff_refused(args);
        assert_says(&err, &["did you mean `--max N`"]);
    }
    // a command without --max keeps clap's message
    let err = wythoff_refused(&["outcome", "wythoff", "3", "5", "--size", "10"]);
    assert!(!err.contains("--max"), "{err}");
}
