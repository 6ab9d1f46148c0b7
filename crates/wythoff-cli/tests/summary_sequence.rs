//! `--format summary` (count and hash) and the `sequence` command.

use std::process::Output;

mod common;
use common::wythoff;

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// The hash of the issue, written out independently of the library.
fn fnv(vals: &[u64]) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for &v in vals {
        h ^= v;
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("{h:016x}")
}

#[test]
fn sequence_summary_is_pinned() {
    // a_0, b_0, a_1, b_1, a_2, b_2 = 0, 0, 1, 2, 3, 5
    let o = wythoff(&["sequence", "wythoff", "--terms", "3", "--format", "summary"]);
    assert_eq!(stdout(&o), "3 4939e3f1dd34d3f2\n");
    assert_eq!(fnv(&[0, 0, 1, 2, 3, 5]), "4939e3f1dd34d3f2");
}

#[test]
fn a_sequence_read_off_a_board_always_says_so() {
    // no published solution: the note on stderr, however short the run
    for terms in ["1", "5", "40"] {
        let o = wythoff(&["sequence", "modulo-rook:m=2,l=0,p=4", "--terms", terms]);
        stdout(&o);
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains("read off a board"), "--terms {terms}: {err:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // a published solution (a kernel or an oracle): nothing on stderr
    for g in ["wythoff", "roob-blocking:m=2,p=3", "m-wythoff:m=3"] {
        let o = wythoff(&["sequence", g, "--terms", "5"]);
        stdout(&o);
        assert!(
            o.stderr.is_empty(),
            "{g}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn sequence_formats() {
    let o = wythoff(&["sequence", "m-wythoff:m=2", "--terms", "4"]);
    assert_eq!(stdout(&o), "0 0 0\n1 1 3\n2 2 6\n3 4 10\n");
    let o = wythoff(&[
        "sequence",
        "m-wythoff:m=2",
        "--terms",
        "3",
        "--format",
        "csv",
    ]);
    assert_eq!(stdout(&o), "n,a,b\n0,0,0\n1,1,3\n2,2,6\n");
    let o = wythoff(&[
        "sequence", "wythoff", "--terms", "4", "--format", "bfile", "--column", "b",
    ]);
    assert_eq!(stdout(&o), "0 0\n1 2\n2 5\n3 7\n");
    // summary agrees with the text output
    let text = stdout(&wythoff(&[
        "sequence",
        "diagonal-blocking:p=3,m=2",
        "--terms",
        "500",
    ]));
    let vals: Vec<u64> = text
        .lines()
        .flat_map(|l| l.split(' ').skip(1).map(|t| t.parse::<u64>().unwrap()))
        .collect();
    let o = wythoff(&[
        "sequence",
        "diagonal-blocking:p=3,m=2",
        "--terms",
        "500",
        "--format",
        "summary",
    ]);
    assert_eq!(stdout(&o), format!("500 {}\n", fnv(&vals)));
}

#[test]
fn p_positions_and_grundy_summary_match_csv() {
    for game in [
        "wythoff",
        "roob-blocking:m=2,p=3",
        "st-wythoff:s=2,t=1",
        "odd-odd:s=1,t=1",
    ] {
        let csv = stdout(&wythoff(&[
            "p-positions",
            game,
            "--max",
            "60",
            "--format",
            "csv",
        ]));
        let vals: Vec<u64> = csv
            .lines()
            .skip(1)
            .flat_map(|l| l.split(',').map(|t| t.parse::<u64>().unwrap()))
            .collect();
        let o = wythoff(&["p-positions", game, "--max", "60", "--format", "summary"]);
        assert_eq!(
            stdout(&o),
            format!("{} {}\n", vals.len() / 2, fnv(&vals)),
            "{game}"
        );
    }
    for game in ["wythoff", "corner:m=1,p=1,u=2,v=3", "modular:m=3"] {
        let csv = stdout(&wythoff(&[
            "grundy", game, "--max", "40", "--format", "csv",
        ]));
        let vals: Vec<u64> = csv
            .lines()
            .flat_map(|l| l.split(','))
            .filter(|t| *t != "-")
            .map(|t| t.parse::<u64>().unwrap())
            .collect();
        let o = wythoff(&["grundy", game, "--max", "40", "--format", "summary"]);
        assert_eq!(
            stdout(&o),
            format!("{} {}\n", vals.len(), fnv(&vals)),
            "{game}"
        );
    }
}

#[test]
fn refusals_are_one_line_exit_2() {
    for args in [
        &["sequence", "wythoff", "--terms", "0"][..],
        &["sequence", "wythoff", "--terms", "x"],
        // (odd-odd:s=1,t=1, whose published solution gives no pairs, is read
        // off a board now, as the first hour of issue 44 asked)
        &["sequence", "odd-odd:s=1,t=1", "--terms", "40000000"],
        &[
            "sequence",
            "st-wythoff:s=64,t=1000000",
            "--terms",
            "1099511627776",
        ],
        &["games", "--format", "summary"],
    ] {
        let o = wythoff(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn sequence_from_oracle_when_no_kernel() {
    // shifted has no mex kernel here; its oracle (seed 000, Theorem 2.1 (iii a)) gives pairs
    let o = wythoff(&["sequence", "shifted:m=1,p=2,l=1", "--terms", "3"]);
    assert_eq!(stdout(&o).lines().count(), 3);
}
