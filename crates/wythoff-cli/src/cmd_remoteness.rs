//! `wythoff remoteness GAME --max N [--misere] [--format text|csv|json|summary]`:
//! the remoteness table (Smith; Winning Ways ch. 9), written like `grundy`
//! (csv: N lines of N values, `-` off the board). Blocking games: the previous
//! player's best block is part of his move; Imitation Nim: starting positions
//! (no history), on its state graph. See `wythoff::solve::remoteness`.

use crate::game_arg::BoardArgs;
use crate::render::GrundyRows;
use std::io::Write;
use std::process::ExitCode;

/// `remoteness`' arguments: a board, and `--plan`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Print the plan (kernel, memory, seconds, threads, refusal) as JSON and do no work.
    #[arg(long)]
    pub plan: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let a = args.board;
    let g = a.resolve()?;
    // the memory budget (the table's own limits bound its time)
    let bound = wythoff::solve::cost::Bound::memory_only();
    let plan = wythoff::answer::plan_remoteness(&g, a.max, bound)?;
    if args.plan {
        return crate::render::plan(&plan);
    }
    if let Some(e @ wythoff::SolveError::OverMemory { .. }) = plan.refusal {
        return Err(e.into());
    }
    if a.format == crate::render::Format::Text {
        crate::render::grid::check(a.max as usize)?;
    }
    let t = wythoff::answer::remoteness_table(&g, a.max)?;
    let n = t.size();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let conv = g.convention_text();
    let mut w =
        GrundyRows::begin_values(&mut out, a.format, "Remoteness", &g.label, Some(&conv), n);
    for x in 0..n {
        w.row(&t.values()[x * n..(x + 1) * n]);
    }
    w.finish()?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
