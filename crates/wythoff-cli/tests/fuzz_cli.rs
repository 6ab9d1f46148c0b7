//! Fuzzing of every entry point of the binary (issue 13): structure-aware
//! mutations of valid command lines (game specs, length sets, numbers, piles,
//! histories) and rules / table files. The property: no panic, no abort, exit 0 or
//! 2 (1 only for `check-table`'s disagreements), and a refusal is exactly one
//! `wythoff: error:` line on stderr.
//!
//! Bounded for CI (default 48 command lines per property, a few seconds); run
//! longer locally with `WYTHOFF_FUZZ_CASES=2000 cargo test -p wythoff-cli --test fuzz_cli`.

mod common;
use common::IMITATION_EXAMPLE_2;
use proptest::prelude::*;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_wythoff");

const TOKENS: &[&str] = &[
    "0",
    "1",
    "2",
    "64",
    "65",
    "1000000",
    "1000001",
    "1048576",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "1000000000000000000000000000000",
    "-1",
    "+1",
    " ",
    "",
    ":",
    ",",
    "=",
    "|",
    "&",
    "(",
    ")",
    "\"",
    "\n",
    "[",
    "\u{1b}",
    "é",
];

/// Command lines that work; `{G}` is replaced by a (mutated) game.
const LINES: &[&[&str]] = &[
    &["p-positions", "{G}", "--max", "9"],
    &[
        "p-positions",
        "{G}",
        "--max",
        "7",
        "--format",
        "csv",
        "--misere",
    ],
    &["grundy", "{G}", "--max", "6", "--format", "json"],
    &["outcome", "{G}", "4", "6"],
    &[
        "outcome",
        "{G}",
        "100000000000000000000",
        "161803398874989484820",
    ],
    &["sequence", "{G}", "--terms", "5"],
    &["dynamic", "{G}", "--max", "5"],
    IMITATION_EXAMPLE_2,
];

const GAMES: &[&str] = &[
    "wythoff",
    "m-wythoff:m=2",
    "st-wythoff:s=2,t=3",
    "connell:p=3",
    "roob-blocking:m=2,p=3,l=1",
    "modulo-rook:m=2,l=2,p=4",
    "corner:m=1,p=2,u=2,v=3",
    "choose-shift:m=1,p=3",
    "modular:m=5",
    "diagonal-blocking:p=2,m=1",
    "imitation:p=2,m=1",
    "restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=rook(2,3)|max1",
    "odd-odd:s=2,t=1",
];

type Op = (u8, usize, usize);

fn mutate(seed: &str, ops: &[Op]) -> String {
    let mut s: Vec<char> = seed.chars().collect();
    for &(kind, pos, tok) in ops {
        let at = if s.is_empty() { 0 } else { pos % (s.len() + 1) };
        let token: Vec<char> = TOKENS[tok % TOKENS.len()].chars().collect();
        match kind % 3 {
            0 => {
                s.splice(at..at, token);
            }
            1 => {
                let end = (at + tok % 6).min(s.len());
                s.drain(at..end);
            }
            _ => {
                let start = (at..s.len()).find(|&i| s[i].is_ascii_digit());
                if let Some(st) = start {
                    let end = (st..s.len())
                        .find(|&i| !s[i].is_ascii_digit())
                        .unwrap_or(s.len());
                    s.splice(st..end, token);
                }
            }
        }
    }
    s.into_iter().collect()
}

fn ops() -> impl Strategy<Value = Vec<Op>> {
    prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 0..4)
}

fn check(args: &[String], o: &Output) -> Result<(), TestCaseError> {
    let err = String::from_utf8_lossy(&o.stderr);
    let code = o.status.code();
    prop_assert!(
        matches!(code, Some(0) | Some(2)) || (code == Some(1) && args[0] == "check-table"),
        "{args:?}: exit {code:?}, stderr {err}"
    );
    prop_assert!(!err.contains("panicked"), "{args:?}: {err}");
    if code == Some(2) {
        prop_assert_eq!(err.lines().count(), 1, "{:?}: {}", args, err);
        prop_assert!(err.starts_with("wythoff: error: "), "{args:?}: {err}");
        prop_assert!(err.len() < 2000, "{args:?}: {} bytes", err.len());
        prop_assert!(!err.contains('\u{1b}'), "{args:?}: raw escape in {err}");
    }
    Ok(())
}

fn run(args: &[String]) -> Output {
    Command::new(BIN)
        .args(args)
        .env("WYTHOFF_MEMORY_BUDGET", "1000000000")
        .output()
        .expect("run wythoff")
}

fn temp(name: &str, body: &str) -> String {
    let dir = common::temp_folder("wythoff-fuzz");
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p.to_string_lossy().into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: common::fuzz_cases(48), failure_persistence: None, ..ProptestConfig::default() })]

    /// A command line with one argument mutated (the game, a number, a flag value).
    #[test]
    fn command_lines(l in 0..LINES.len(), g in 0..GAMES.len(), which in any::<usize>(), ops in ops()) {
        let mut args: Vec<String> = LINES[l]
            .iter()
            .map(|a| if *a == "{G}" { GAMES[g].to_string() } else { a.to_string() })
            .collect();
        let k = which % args.len();
        args[k] = mutate(&args[k], &ops);
        // never a board larger than a small one: keep CI time bounded
        if let Some(i) = args.iter().position(|a| a == "--max" || a == "--terms") {
            if let Some(v) = args.get(i + 1) {
                if v.trim().parse::<u64>().is_ok_and(|n| n > 64) {
                    args[i + 1] = "64".into();
                }
            }
        }
        check(&args, &run(&args))?;
    }

    /// Rules files and table files, mutated.
    #[test]
    fn files(ops in ops(), which in 0..3usize) {
        let (name, seed, cmd): (&str, &str, &[&str]) = match which {
            0 => ("r.toml", "h = \"odd\"\n[two-pile]\nrelation = \"band:2\"\n[corner]\nu = 2\nv = 3\n", &["p-positions", "{F}", "--max", "8"]),
            1 => ("b.toml", "[two-pile]\nrelation = \"cone:2:3\"\n[blocking]\nclass = \"one-pile\"\nmin = 2\np = 3\n", &["outcome", "{F}", "5", "3"]),
            _ => ("t.txt", "0,0\n1,2\n3,5\n(4, 7)\n", &["check-table", "wythoff", "{F}"]),
        };
        let f = temp(name, &mutate(seed, &ops));
        let args: Vec<String> = cmd.iter().map(|a| if *a == "{F}" { f.clone() } else { a.to_string() }).collect();
        check(&args, &run(&args))?;
    }
}
