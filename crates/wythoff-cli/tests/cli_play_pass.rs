//! `wythoff play` with a pass, without a terminal (stdin scripted): the
//! computer's pass is the line `pass`, the human's is the input `pass` (once
//! per game, by either player), and a game without a pass refuses it with a
//! reason and changes nothing else.

use std::io::Write;
use std::process::{Command, Stdio};

/// The output lines of `wythoff play ARGS` fed `input`.
fn play(args: &[&str], input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// From (3, 5) of Wythoff with a pass, the pass is one of three fastest wins
/// (with 1,3 and 3,1): the computer, moving first, passes for some seeds.
#[test]
fn the_computer_passes() {
    let mut passed = 0;
    for seed in 0..8 {
        let s = seed.to_string();
        let out = play(
            &[
                "wythoff:pass=1",
                "3",
                "5",
                "--computer",
                "first",
                "--seed",
                &s,
            ],
            "quit\n",
        );
        let first = &out[1];
        assert!(
            ["pass", "1,3", "3,1"].contains(&first.as_str()),
            "seed {seed}: {out:?}"
        );
        if first == "pass" {
            passed += 1;
            // the pass is gone: the human's is refused
            let out = play(
                &[
                    "wythoff:pass=1",
                    "3",
                    "5",
                    "--computer",
                    "first",
                    "--seed",
                    &s,
                ],
                "pass\nquit\n",
            );
            assert!(
                out[2].starts_with("# illegal: pass: the pass was used already"),
                "{out:?}"
            );
        }
    }
    assert!(passed > 0, "the computer passed for some seed");
}

#[test]
fn the_human_passes_once() {
    let out = play(&["wythoff:pass=1", "3", "5"], "pass\npass\nquit\n");
    // header, the computer's reply to the pass, the refused second pass, quit
    assert_eq!(out.len(), 4, "{out:?}");
    assert!(!out[1].starts_with('#') && out[1].contains(','), "{out:?}");
    assert!(
        out[2].starts_with("# illegal: pass: the pass was used already"),
        "{out:?}"
    );
    assert_eq!(out[3], "# quit");
}

#[test]
fn no_pass_in_a_game_without_one() {
    let plain = play(&["wythoff", "6", "9"], "1,2\nquit\n");
    let with = play(&["wythoff", "6", "9"], "pass\n1,2\nquit\n");
    assert_eq!(
        with[1],
        "# illegal: pass: this game has no pass (catalogue games take `pass=1`, rules files a `[pass]` table)"
    );
    let mut rest = with.clone();
    rest.remove(1);
    assert_eq!(rest, plain, "nothing else changes");
}
