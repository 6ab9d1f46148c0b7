//! `--threads T` (a global option): the same output for every T, and a clean
//! refusal of 0.

mod common;
use common::wythoff_ok as run_ok;
use common::{wythoff, wythoff_refused};

#[test]
fn grundy_hash_is_the_same_for_every_thread_count() {
    for game in ["wythoff", "corner:m=1,p=1,u=5,v=2", "m-wythoff:m=2"] {
        let grundy = ["grundy", game, "--max", "700", "--format", "summary"];
        let one = run_ok(&[&["--threads", "1"][..], &grundy].concat());
        for t in ["2", "3", "5"] {
            // the option is global: before or after the subcommand
            let a = run_ok(&[&["--threads", t][..], &grundy].concat());
            let b = run_ok(&[&grundy[..], &["--threads", t]].concat());
            assert_eq!(a, one, "{game} --threads {t}");
            assert_eq!(b, one, "{game} --threads {t} (after the subcommand)");
        }
    }
}

/// `p-positions` by the general solver's row pipeline (dense cone games, both
/// conventions; a removed corner; the congruence, which runs on one worker) and
/// by the band kernel: the same summary (count and hash) for 1, 2 and 3 threads.
#[test]
fn p_positions_are_the_same_for_every_thread_count() {
    let cases: &[(&str, &[&str])] = &[
        ("odd-odd:s=2,t=1", &[]),
        ("odd-odd:s=2,t=1", &["--misere"]),
        ("even-even:s=3,t=4", &["--misere"]),
        ("restricted:s=3,t=2,h=3:0,v=3:1,d1=3:1,d2=3:2", &[]),
        (
            "restricted:s=3,t=2,h=3:0,v=3:1,d1=3:1,d2=3:2",
            &["--misere"],
        ),
        ("odd-even:s=1,t=1", &["--misere"]),
        ("modular:m=5", &["--misere"]),
        ("corner:m=2,p=3,u=2,v=4", &[]),
        ("wythoff", &[]),
    ];
    for (game, extra) in cases {
        let run = |t: &str| {
            let mut args = vec![
                "--threads",
                t,
                "p-positions",
                game,
                "--max",
                "1000",
                "--format",
                "summary",
            ];
            args.extend_from_slice(extra);
            run_ok(&args)
        };
        let one = run("1");
        assert!(one.split_whitespace().count() == 2, "{game}: {one}");
        for t in ["2", "3"] {
            assert_eq!(run(t), one, "{game} {extra:?} --threads {t}");
        }
    }
}

/// `verify` runs its claims on the pool `--threads` sizes: the same lines in
/// the same order for 1 and 2 threads (the summary line's elapsed time aside).
#[test]
fn verify_output_is_the_same_for_every_thread_count() {
    let run = |t: &str| {
        let o = wythoff(&[
            "--threads",
            t,
            "verify",
            "wythoff",
            "modular",
            "--max",
            "60",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8(o.stdout).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let last = lines.pop().expect("a summary line");
        assert!(last.starts_with("verify: "), "{last}");
        // "verify: N checks from C claims: P passed, F failed (T s)"
        let (counts, time) = last.rsplit_once(" (").expect("elapsed time");
        assert!(time.ends_with(" s)"), "{last}");
        lines.push(counts.to_string());
        lines
    };
    let one = run("1");
    assert!(one.len() > 5, "{one:?}");
    assert_eq!(run("2"), one);
}

#[test]
fn zero_threads_is_refused() {
    let err = wythoff_refused(&["grundy", "wythoff", "--max", "10", "--threads", "0"]);
    assert!(err.starts_with("wythoff: error: --threads"), "{err}");
    let o = wythoff(&["grundy", "wythoff", "--max", "10", "--threads", "x"]);
    assert_eq!(o.status.code(), Some(2));
}
