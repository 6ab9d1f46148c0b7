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
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::io::{IsTerminal, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::Instant;
use wythoff::verify::{registry, Claim, ClaimReport, VerifyConfig};

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
}

/// Catalogue entry names mentioned in a report's game text
/// (e.g. "roob-blocking:m=2,p=3 = modulo-rook:m=2,l=2,p=6").
fn names_in(text: &str) -> BTreeSet<&'static str> {
    text.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|tok| wythoff::catalogue::entry(tok.split(':').next().unwrap_or("")))
        .map(|e| e.name)
        .collect()
}

fn run_claim(c: &Claim, cfg: &VerifyConfig, bar: &ProgressBar) -> Vec<ClaimReport> {
    bar.set_message(c.source.to_string());
    let mut progress = |_done: u64, _total: u64| bar.tick();
    let got = catch_unwind(AssertUnwindSafe(|| (c.run)(cfg, &mut progress)));
    bar.inc(1);
    got.unwrap_or_else(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown panic".into());
        vec![ClaimReport {
            source: c.source.to_string(),
            game: c.games.join(", "),
            compared: "the check itself".into(),
            range: String::new(),
            passed: false,
            detail: format!("the check panicked: {}", msg.lines().next().unwrap_or("")),
        }]
    })
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
    let mut wanted = BTreeSet::new();
    for g in &a.games {
        let name = g.split(':').next().unwrap_or("");
        match wythoff::catalogue::entry(name) {
            Some(e) => {
                wanted.insert(e.name);
            }
            None => bail!(
                "unknown game `{name}`; known games: {}",
                wythoff::catalogue::known_names()
            ),
        }
    }
    let mut cfg = VerifyConfig::default();
    if let Some(n) = a.max {
        cfg.board = n;
        cfg.terms = cfg.terms.max(n.saturating_mul(500));
    }
    let claims: Vec<Claim> = registry()
        .into_iter()
        .filter(|c| wanted.is_empty() || c.games.iter().any(|g| wanted.contains(g)))
        .collect();
    if claims.is_empty() {
        bail!("no registered claim concerns {}", a.games.join(", "));
    }
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(claims.len() as u64);
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
    let results: Vec<Vec<ClaimReport>> = claims
        .par_iter()
        .map(|c| {
            let reports = run_claim(c, &cfg, &bar);
            if wanted.is_empty() || c.games.len() <= 1 {
                return reports;
            }
            // a claim about several games: keep the lines that mention a wanted one
            let kept: Vec<ClaimReport> = reports
                .iter()
                .filter(|r| names_in(&r.game).iter().any(|n| wanted.contains(n)))
                .cloned()
                .collect();
            if kept.is_empty() {
                reports
            } else {
                kept
            }
        })
        .collect();
    std::panic::set_hook(hook);
    bar.finish_and_clear();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut passed, mut failed) = (0usize, 0usize);
    for r in results.iter().flatten() {
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
        if r.passed {
            passed += 1;
        } else {
            failed += 1;
            line += &format!("  {}", r.detail);
        }
        writeln!(out, "{line}")?;
    }
    writeln!(
        out,
        "verify: {} checks from {} claims: {passed} passed, {failed} failed ({:.1} s)",
        passed + failed,
        claims.len(),
        start.elapsed().as_secs_f64()
    )?;
    out.flush()?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
