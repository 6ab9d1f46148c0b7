//! CI's fuzzing (part of `cargo test --release --workspace`): each in-process
//! target replays its kept corpus (`testdata/fuzz/<target>/`: the seeds and
//! every crash the harness found, each a regression test) and then runs a
//! fixed number of mutated inputs from a fixed seed: the same inputs every
//! run, no time bound. `scripts/fuzz.sh --minutes M` fuzzes for longer.

use std::path::PathBuf;
use wythoff_fuzz::{fuzz, targets, Limits, Options};

/// Mutated inputs a target (on top of its corpus).
const ITERATIONS: u64 = 600;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/fuzz")
}

/// One target at a time: the allocator's count and the watchdog are the
/// process's.
static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn check(name: &str) {
    let _one = ONE.lock().unwrap_or_else(|p| p.into_inner());
    // a small budget: what a parse lets through is admitted against it
    wythoff::solve::set_memory_budget(256 << 20);
    let mut all = targets::all();
    let t = all
        .iter_mut()
        .find(|t| t.name() == name)
        .unwrap_or_else(|| panic!("no target {name}"));
    let opts = Options {
        seed: 1,
        iterations: Some(ITERATIONS),
        seconds: None,
        corpus: corpus(),
        crashes: Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-crashes")),
        limits: Limits::default(),
    };
    let rep = fuzz(t.as_mut(), &opts);
    eprintln!("{}", rep.line());
    assert!(
        rep.corpus > 0,
        "{name}: no corpus in {}",
        corpus().display()
    );
    assert_eq!(rep.executions, rep.corpus + ITERATIONS);
    assert!(
        rep.crashes.is_empty(),
        "{name}: {} crash(es): {:#?}",
        rep.crashes.len(),
        rep.crashes
    );
}

#[test]
fn game() {
    check("game");
}
#[test]
fn rules() {
    check("rules");
}
#[test]
fn piles() {
    check("piles");
}
#[test]
fn sets() {
    check("sets");
}
#[test]
fn table() {
    check("table");
}
#[test]
fn sweep_spec() {
    check("sweep_spec");
}
#[test]
fn sweep_records() {
    check("sweep_records");
}
#[test]
fn proof_folder() {
    check("proof_folder");
}
#[test]
fn walnut_automaton() {
    check("walnut_automaton");
}
#[test]
fn walnut_output() {
    check("walnut_output");
}
#[test]
fn numeration() {
    check("numeration");
}

/// Every in-process target has a test here and a corpus.
#[test]
fn every_target_is_tested_here() {
    let me = include_str!("corpus.rs");
    for t in targets::all() {
        assert!(
            me.contains(&format!("fn {}() {{", t.name())),
            "no test for {}",
            t.name()
        );
        assert!(
            corpus().join(t.name()).is_dir(),
            "no corpus for {}",
            t.name()
        );
    }
}

/// The harness finds what it is for: a panic, a refusal that says nothing,
/// a run past the time bound and memory past its bound are crashes (planted
/// in a target made for this test).
#[test]
fn the_harness_catches_what_it_looks_for() {
    use wythoff_fuzz::{Finding, Outcome, Target};
    struct Planted;
    impl Target for Planted {
        fn name(&self) -> &'static str {
            "planted"
        }
        fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
            match input.first() {
                Some(b'p') => panic!("planted panic"),
                Some(b'e') => Ok(Outcome::Refused(" \n ".into())),
                Some(b's') => {
                    std::thread::sleep(std::time::Duration::from_millis(1500));
                    Ok(Outcome::Accepted("slow".into()))
                }
                Some(b'm') => {
                    let v = vec![1u8; 64 << 20];
                    Ok(Outcome::Accepted(format!("{}", v[v.len() - 1])))
                }
                _ => Ok(Outcome::Refused("no".into())),
            }
        }
    }
    let _one = ONE.lock().unwrap_or_else(|p| p.into_inner());
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("planted");
    let _ = std::fs::remove_dir_all(&dir);
    for (seed, what) in [
        ("p", "planted panic"),
        ("e", "an empty refusal"),
        ("s", "beyond the bound of 1 s"),
        ("m", "beyond the bound of 16 MiB"),
    ] {
        std::fs::create_dir_all(dir.join("planted")).unwrap();
        std::fs::write(dir.join("planted").join("seed"), seed).unwrap();
        let opts = Options {
            seed: 1,
            iterations: Some(0),
            seconds: None,
            corpus: dir.clone(),
            crashes: Some(dir.join("crashes")),
            limits: Limits {
                memory: 16 << 20,
                seconds: 1.0,
                ..Limits::default()
            },
        };
        let rep = fuzz(&mut Planted, &opts);
        assert_eq!(rep.crashes.len(), 1, "{seed}: {rep:?}");
        assert!(rep.crashes[0].0.contains(what), "{seed}: {:?}", rep.crashes);
        let kept = rep.crashes[0].1.as_ref().expect("written");
        assert_eq!(std::fs::read(kept).unwrap(), seed.as_bytes());
    }
}
