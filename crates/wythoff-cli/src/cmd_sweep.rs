//! `wythoff sweep SPEC --max N [--misere] [--format json|csv|markdown] [--shard K/T]`
//! and `wythoff sweep --merge FILE...`.
//!
//! The spec language, the order, the skips and the records are library code
//! ([`wythoff::sweep`]); formats and merging live in [`crate::render::sweep`].

use crate::game_arg::parse_max;
use crate::progress::Bar;
use crate::render::sweep::{self, SweepFormat};
use anyhow::{anyhow, bail, Context, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use wythoff::rules::Convention;
use wythoff::solve::{human_bytes, DEFAULT_MEMORY_BUDGET};
use wythoff::sweep::{parse_shard, Plan, Spec};

#[derive(clap::Args)]
pub struct Args {
    /// A game with ranges, lists and variables, e.g. `modulo-rook:m=1..8,l=0..8,p=1..8`
    /// or `restricted:s=1..3,t=1..3,K=2..8,r=0..7,h=K:r,v=K:r,d1=K:r,d2=K:r`
    /// (see README, "Sweeps").
    #[arg(required_unless_present = "merge")]
    pub spec: Option<String>,
    /// Board size of every combination: positions 0 <= x, y < N.
    #[arg(long, value_parser = parse_max, allow_hyphen_values = true, required_unless_present = "merge")]
    pub max: Option<u64>,
    /// Misère play for every combination.
    #[arg(long)]
    pub misere: bool,
    #[arg(long, value_enum, default_value = "json")]
    pub format: SweepFormat,
    /// Run only the K-th of T parts (1-based): the combinations numbered K-1 mod T.
    #[arg(long, value_name = "K/T")]
    pub shard: Option<String>,
    /// Join the outputs of the shards of one sweep (any order) into what one run prints.
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with_all = ["spec", "max", "shard", "misere"])]
    pub merge: Vec<PathBuf>,
}

pub fn run(a: Args) -> Result<ExitCode> {
    if !a.merge.is_empty() {
        let mut files = Vec::new();
        for p in &a.merge {
            let body = std::fs::read_to_string(p)
                .with_context(|| format!("cannot read `{}`", p.display()))?;
            files.push((p.display().to_string(), body));
        }
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        sweep::merge(&files, &mut out).map_err(|e| anyhow!(e))?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let spec_text = a.spec.as_deref().expect("clap: required");
    let max = a.max.expect("clap: required");
    let spec = Spec::parse(spec_text)?;
    let shard = match &a.shard {
        Some(s) => parse_shard(s)?,
        None => (1, 1),
    };
    let convention = if a.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let plan = Plan::new(&spec, shard, max, convention);
    if plan.skipped_total == plan.total {
        bail!(
            "every combination of the sweep is refused by the rules, e.g. {}",
            plan.skip_reasons.first().map_or("", |s| s.as_str())
        );
    }
    let threads = rayon::current_num_threads();
    let mem = plan.memory_estimate(threads.min(plan.runnable().max(1) as usize));
    if mem > DEFAULT_MEMORY_BUDGET {
        bail!(
            "the sweep needs about {} of memory ({} boards of {max}x{max} at once, up to {} each), over the budget of {}: use a smaller --max",
            human_bytes(mem),
            threads,
            human_bytes(plan.per_game_memory),
            human_bytes(DEFAULT_MEMORY_BUDGET)
        );
    }
    eprintln!(
        "sweep: {} combinations, {} skipped (refused by the rules){}; {}this run: {} games on {max}x{max} boards, {} threads, memory about {}",
        plan.total,
        plan.skipped_total,
        match plan.skip_reasons.first() {
            Some(r) => format!(", e.g. {r}"),
            None => String::new(),
        },
        if shard.1 > 1 {
            format!("shard {}/{}: ", shard.0, shard.1)
        } else {
            String::new()
        },
        plan.runnable(),
        threads,
        human_bytes(mem)
    );
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for h in sweep::header(a.format, &spec.key_names()) {
        writeln!(out, "{h}")?;
    }
    let mut bar = Bar::new("sweep");
    wythoff::sweep::run::<anyhow::Error>(
        &plan,
        max as usize,
        convention,
        &mut |d, t| bar.set(d, t),
        &mut |r| {
            writeln!(out, "{}", sweep::line(a.format, &r))?;
            Ok(())
        },
    )?;
    bar.finish();
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
