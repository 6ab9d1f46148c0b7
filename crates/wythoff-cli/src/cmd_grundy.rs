//! `wythoff grundy GAME --max N [--format text|csv|json|summary]` (normal play:
//! there is no `--misere`, since misère play has no Sprague-Grundy values).
//!
//! Every format is written row by row as the solver streams the rows
//! ([`render::GrundyRows`]), so no `N x N` table is stored for Nim/Wythoff-like
//! games, except in `text`, a grid drawn with x across and y up (origin lower
//! left, `render::grid`), which needs every row before its top line (games the
//! fast kernel does not cover are solved once into a table instead). `summary` prints `<cells> <hash>` over the values in row-major
//! order. Cells off the board (removed corner) have no value: they are written
//! `-` (`null` in json) and are neither hashed nor counted.

use crate::progress::Bar;
use crate::render::{self, Format};
use std::io::Write;
use std::process::ExitCode;
use wythoff::answer;
use wythoff::solve;

/// `grundy`'s arguments: a board without `--misere`.
#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    pub game: String,
    /// Board size: positions 0 <= x, y < N.
    #[arg(long, value_parser = crate::game_arg::parse_max, allow_hyphen_values = true)]
    pub max: u64,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Run work estimated beyond the time bound (10 minutes) anyway.
    #[arg(long)]
    pub force: bool,
    /// Print the plan (kernel, memory, seconds, threads, refusal) as JSON and do no work.
    #[arg(long)]
    pub plan: bool,
}

impl Args {
    fn resolve(&self) -> anyhow::Result<crate::game_arg::GameArg> {
        crate::game_arg::resolve(&self.game, false)
    }
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = a.resolve()?;
    let plan = answer::grundy_plan(&g, a.max)?;
    let n = a.max as usize;
    // memory first (no --force lifts it), then time
    if a.format == Format::Text {
        render::grid::check(n)?;
    }
    if a.plan {
        return render::plan(&answer::plan_grundy(
            &g,
            a.max,
            solve::cost::Bound::cli(a.force),
        )?);
    }
    // (over the memory budget the solver refuses with the memory estimate)
    let fits = plan.memory <= solve::memory_budget();
    match plan.admit(solve::cost::Bound::cli(a.force)) {
        Err(wythoff::SolveError::OverMemory { .. }) | Ok(()) => {}
        Err(e) => return Err(e.into()),
    }
    // a big run says what it will cost, on stderr (stdout stays the format's)
    if plan.wall_seconds >= solve::cost::GRUNDY_NOTE_SECONDS && fits {
        eprintln!(
            "wythoff: grundy {} --max {n}: {}, {}",
            g.label,
            solve::cost::human_seconds(plan.wall_seconds),
            solve::human_bytes(plan.memory)
        );
    }
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut bar = Bar::new("grundy");
    if !plan.streams() && a.format != Format::Summary && a.format != Format::Csv {
        // solved into a table anyway: render it, no second pass
        let table = answer::grundy_table(&g, a.max, &mut |d, t| bar.set(d, t))?;
        bar.finish();
        render::grundy(&mut out, a.format, &g.label, &table)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut w = render::GrundyRows::begin(&mut out, a.format, &g.label, n);
    answer::grundy(&g, a.max, &mut |d, t| bar.set(d, t), &mut |_, row| {
        w.row(row)
    })?;
    bar.finish();
    w.finish()?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
