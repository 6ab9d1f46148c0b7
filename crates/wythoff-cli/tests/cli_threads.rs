//! `--threads T` (a global option): the same output for every T, and a clean
//! refusal of 0.

mod common;
use common::wythoff;

fn run_ok(args: &[&str]) -> String {
    let o = wythoff(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn grundy_hash_is_the_same_for_every_thread_count() {
    for game in ["wythoff", "corner:m=1,p=1,u=5,v=2", "m-wythoff:m=2"] {
        let one = run_ok(&[
            "--threads",
            "1",
            "grundy",
            game,
            "--max",
            "700",
            "--format",
            "summary",
        ]);
        for t in ["2", "3", "5"] {
            // the option is global: before or after the subcommand
            let a = run_ok(&[
                "--threads",
                t,
                "grundy",
                game,
                "--max",
                "700",
                "--format",
                "summary",
            ]);
            let b = run_ok(&[
                "grundy",
                game,
                "--max",
                "700",
                "--format",
                "summary",
                "--threads",
                t,
            ]);
            assert_eq!(a, one, "{game} --threads {t}");
            assert_eq!(b, one, "{game} --threads {t} (after the subcommand)");
        }
    }
}

#[test]
fn zero_threads_is_refused() {
    let o = wythoff(&["grundy", "wythoff", "--max", "10", "--threads", "0"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("wythoff: error: --threads"), "{err}");
    let o = wythoff(&["grundy", "wythoff", "--max", "10", "--threads", "x"]);
    assert_eq!(o.status.code(), Some(2));
}
