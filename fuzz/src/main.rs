//! `wythoff-fuzz`: run fuzz targets (scripts/fuzz.sh runs them all).
//!
//! ```text
//! wythoff-fuzz [--target NAME]... [--seconds S | --iterations N] [--seed N]
//!              [--corpus testdata/fuzz] [--crashes DIR] [--wythoff PATH] [--list]
//! ```
//!
//! Prints one line a target (executions, behaviours, crashes) and each crash
//! with the file its input went to; exits 1 when a target crashed, 2 on a bad
//! argument, 3 when the watchdog stopped a run (time or memory beyond the hard
//! bounds).

use std::path::PathBuf;
use std::process::ExitCode;
use wythoff_fuzz::{fuzz, process, targets, Limits, Options, Target};

fn usage(why: &str) -> ExitCode {
    eprintln!(
        "wythoff-fuzz: {why}; usage: wythoff-fuzz [--target NAME]... [--seconds S | --iterations N] [--seed N] [--corpus DIR] [--crashes DIR] [--wythoff PATH] [--list]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut names: Vec<String> = Vec::new();
    let mut opts = Options {
        seed: 1,
        iterations: None,
        seconds: None,
        corpus: PathBuf::from("testdata/fuzz"),
        crashes: Some(PathBuf::from("target/fuzz-crashes")),
        limits: Limits::default(),
    };
    let mut bin: Option<PathBuf> = None;
    let mut list = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |what: &str| args.next().ok_or_else(|| format!("{what} needs a value"));
        let r: Result<(), String> = (|| {
            match a.as_str() {
                "--target" => names.push(value("--target")?),
                "--seconds" => {
                    let s: f64 = value("--seconds")?
                        .parse()
                        .map_err(|_| "--seconds takes a number of seconds".to_string())?;
                    if !(s.is_finite() && s >= 0.0) {
                        return Err("--seconds takes a number of seconds >= 0".into());
                    }
                    opts.seconds = Some(s);
                }
                "--iterations" => {
                    opts.iterations = Some(
                        value("--iterations")?
                            .parse()
                            .map_err(|_| "--iterations takes a whole number".to_string())?,
                    )
                }
                "--seed" => {
                    opts.seed = value("--seed")?
                        .parse()
                        .map_err(|_| "--seed takes a whole number".to_string())?
                }
                "--corpus" => opts.corpus = PathBuf::from(value("--corpus")?),
                "--crashes" => opts.crashes = Some(PathBuf::from(value("--crashes")?)),
                "--wythoff" => bin = Some(PathBuf::from(value("--wythoff")?)),
                "--list" => list = true,
                other => return Err(format!("unknown argument `{other}`")),
            }
            Ok(())
        })();
        if let Err(e) = r {
            return usage(&e);
        }
    }
    if opts.iterations.is_some() && opts.seconds.is_some() {
        return usage("give --seconds or --iterations, not both");
    }
    if opts.iterations.is_none() && opts.seconds.is_none() {
        opts.iterations = Some(1000);
    }
    let bin = bin.unwrap_or_else(|| {
        // the binary beside this one (target/release/wythoff)
        std::env::current_exe()
            .ok()
            .and_then(|p| p.parent().map(|d| d.join("wythoff")))
            .unwrap_or_else(|| PathBuf::from("wythoff"))
    });
    let mut all: Vec<Box<dyn Target>> = targets::all();
    all.extend(process::all(&bin));
    if list {
        for t in &all {
            println!("{}", t.name());
        }
        return ExitCode::SUCCESS;
    }
    for n in &names {
        if !all.iter().any(|t| t.name() == n) {
            let known: Vec<&str> = all.iter().map(|t| t.name()).collect();
            return usage(&format!(
                "unknown target `{n}` (known: {})",
                known.join(", ")
            ));
        }
    }
    // what a parse lets through is admitted against a small budget, as under
    // `WYTHOFF_MEMORY_BUDGET=256M`
    wythoff::solve::set_memory_budget(256 << 20);
    let mut crashed = false;
    for t in all.iter_mut() {
        if !names.is_empty() && !names.iter().any(|n| n == t.name()) {
            continue;
        }
        if !t.in_process() && !bin.is_file() {
            return usage(&format!(
                "target `{}` runs the binary, and {} is not a file (build it: cargo build --release -p wythoff-cli)",
                t.name(),
                bin.display()
            ));
        }
        let rep = fuzz(t.as_mut(), &opts);
        println!("{}", rep.line());
        for (what, path) in &rep.crashes {
            crashed = true;
            println!(
                "  CRASH {}: {what}{}",
                rep.target,
                path.as_ref()
                    .map_or(String::new(), |p| format!(" (input: {})", p.display()))
            );
        }
    }
    if crashed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
