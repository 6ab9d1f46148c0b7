//! CI's fuzzing of the targets that run the binary (the harness is
//! `fuzz/`, `scripts/fuzz.sh` runs it for longer): HTTP requests to `wythoff
//! serve`, files for `sweep --merge` and `--resume`, proof folders for
//! `outcome --oracle`. Each replays its kept corpus `testdata/fuzz/<target>/`
//! (seeds and every crash found) and then a fixed number of mutated inputs
//! from a fixed seed: no panic, no signal, exit 0 or 2 with one line, a
//! server that lives on and never answers 500, each within its bounds.

use std::path::PathBuf;
use wythoff_fuzz::{fuzz, process, Limits, Options};

const ITERATIONS: u64 = 150;

fn check(name: &str) {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_wythoff"));
    let mut all = process::all(&bin);
    let t = all
        .iter_mut()
        .find(|t| t.name() == name)
        .unwrap_or_else(|| panic!("no target {name}"));
    let opts = Options {
        seed: 1,
        iterations: Some(ITERATIONS),
        seconds: None,
        corpus: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/fuzz"),
        crashes: Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-crashes")),
        limits: Limits {
            // a child's own bound is process::CHILD_SECONDS; this one is the
            // harness's, above it
            seconds: 60.0,
            ..Limits::default()
        },
    };
    let rep = fuzz(t.as_mut(), &opts);
    eprintln!("{}", rep.line());
    assert!(rep.corpus > 0, "{name}: no corpus");
    assert_eq!(rep.executions, rep.corpus + ITERATIONS);
    assert!(
        rep.crashes.is_empty(),
        "{name}: {} crash(es): {:#?}",
        rep.crashes.len(),
        rep.crashes
    );
}

#[test]
fn serve() {
    check("serve");
}

#[test]
fn sweep_files() {
    check("sweep_files");
}

#[test]
fn oracle_folder() {
    check("oracle_folder");
}
