//! `wythoff verify [GAME...] [--max N]`: check every claim of the papers
//! registered in `wythoff::verify::registry`, one line per check:
//!
//! `PASS  <paper, theorem>  <game(s)>  <what was compared>  <range>`
//! `FAIL  <paper, theorem>  <game(s)>  <what was compared>  <range>  <first counterexample>`
//!
//! then a summary line. GAME filters by catalogue entry name (aliases and
//! `name:params` accepted; only the name counts). Claims run in parallel; a
//! progress bar is drawn on stderr when stderr is a terminal. Exit 0 when every
//! check passes, 1 when any fails, 2 on bad input.

use anyhow::bail;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;
use wythoff::answer::{self, VerifyEvent};
use wythoff::verify::registry;
use wythoff::Admit;

#[derive(clap::Args)]
pub struct Args {
    /// Only claims concerning these catalogue games (e.g. `wythoff`, `modular`).
    games: Vec<String>,
    /// Go further: board side N for brute-force comparisons (default 200);
    /// sequence terms grow with it.
    #[arg(long, value_parser = crate::game_arg::parse_max, allow_hyphen_values = true)]
    max: Option<u64>,
    /// Print the coverage table instead of running the checks: one line per
    /// numbered statement of the papers with the checks that cover it, or why not
    /// (Markdown in text format: this is docs/coverage.md).
    #[arg(long)]
    coverage: bool,
    /// Output format of --coverage: text (Markdown) or json.
    #[arg(long, value_enum, default_value = "text")]
    format: crate::render::Format,
    /// Run a --max estimated beyond the time bound (10 minutes) anyway.
    #[arg(long)]
    force: bool,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    if a.coverage {
        if !a.games.is_empty() || a.max.is_some() {
            bail!("--coverage takes no GAME and no --max");
        }
        if !matches!(
            a.format,
            crate::render::Format::Text | crate::render::Format::Json
        ) {
            bail!("--coverage prints text or json");
        }
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        crate::render::coverage(
            &mut out,
            a.format,
            wythoff::coverage::TABLE,
            wythoff::coverage::PAPERS,
            &registry(),
        )?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    } else if a.format != crate::render::Format::Text {
        bail!("--format applies to --coverage only");
    }
    if let Some(max) = a.max {
        // admitted as every plan is (its memory is not planned)
        let plan = wythoff::solve::cost::VerifyPlan::new(max);
        crate::progress::admit(
            plan.admit(wythoff::solve::cost::Bound::cli(a.force)),
            &plan.what,
            plan.seconds,
        )?;
    }
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(0);
        b.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} claims  {elapsed}  {wide_msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b
    } else {
        ProgressBar::hidden()
    };
    let start = Instant::now();
    // silence the default panic message while claims run (a panic becomes a FAIL line)
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let run = answer::verify(&a.games, a.max, &|ev| match ev {
        VerifyEvent::Start(source) => {
            bar.inc_length(1);
            bar.set_message(source.to_string());
        }
        VerifyEvent::Tick => bar.tick(),
        VerifyEvent::Done => bar.inc(1),
    });
    std::panic::set_hook(hook);
    bar.finish_and_clear();
    let run = run?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for r in &run.reports {
        let mut line = format!(
            "{}  {}  {}  {}",
            if r.passed { "PASS" } else { "FAIL" },
            r.source,
            r.game,
            r.compared
        );
        if !r.range.is_empty() {
            line += &format!("  {}", r.range);
        }
        if !r.passed {
            line += &format!("  {}", r.detail);
        }
        writeln!(out, "{line}")?;
    }
    let (passed, failed) = (run.passed(), run.failed());
    writeln!(
        out,
        "verify: {} checks from {} claims: {passed} passed, {failed} failed ({:.1} s)",
        passed + failed,
        run.claims,
        start.elapsed().as_secs_f64()
    )?;
    out.flush()?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
