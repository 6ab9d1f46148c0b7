//! `wythoff p-positions GAME --max N [--misere] [--format text|csv|json|summary]`
//!
//! The P-positions are streamed from the solver in sorted order: `csv` and
//! `summary` never hold them all (`summary` prints `<count> <hash>`, see
//! `wythoff::hash`); `text` and `json` collect the list (not the board).

use crate::game_arg::BoardArgs;
use crate::progress::Bar;
use crate::render::{self, Format};
use std::io::Write;
use std::process::ExitCode;
use wythoff::answer;
use wythoff::solve;

/// `p-positions`' arguments: a board, and `--force`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Run work estimated beyond the time bound (10 minutes) anyway.
    #[arg(long)]
    pub force: bool,
    /// Print the plan (kernel, memory, seconds, threads, refusal) as JSON and do no work.
    #[arg(long)]
    pub plan: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let a = args.board;
    let g = a.resolve()?;
    if args.plan {
        let holds = matches!(a.format, Format::Text | Format::Json);
        let p = answer::plan_p_positions(&g, a.max, holds, solve::cost::Bound::cli(args.force))?;
        return render::plan(&p);
    }
    let Some(plan) = answer::p_positions_plan(&g, a.max)? else {
        // a game with memory: its starting positions, by the state solver
        let ps = answer::p_positions_list(&g, a.max, &mut |_, _| {})?;
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        render::p_positions(
            &mut out,
            a.format,
            &g.label,
            &g.list_convention(),
            a.max,
            &ps,
            None,
        )?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    };
    crate::progress::admit(
        plan.admit(solve::cost::Bound::cli(args.force)),
        &format!("--max {}: the outcome solver", a.max),
        plan.seconds,
    )?;
    let mut bar = Bar::new("solving");
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    match a.format {
        Format::Summary => {
            let mut h = wythoff::hash::Summary::new();
            answer::p_positions(&g, a.max, &mut |d, t| bar.set(d, t), &mut |x, ys| {
                for &y in ys {
                    h.pair(x, y as u64);
                }
            })?;
            bar.finish();
            writeln!(out, "{}", h.line())?;
        }
        Format::Csv => {
            writeln!(out, "x,y")?;
            let mut w = render::Chunked::new(&mut out);
            answer::p_positions(&g, a.max, &mut |d, t| bar.set(d, t), &mut |x, ys| {
                if w.failed() {
                    return;
                }
                for &y in ys {
                    render::push_u64(&mut w.buf, x);
                    w.buf.push(b',');
                    render::push_u64(&mut w.buf, y as u64);
                    w.buf.push(b'\n');
                }
                w.flush_if_full();
            })?;
            bar.finish();
            w.finish()?;
        }
        Format::Text | Format::Json => {
            // the terminal board, for small boards only, from the same solve
            let board_max = match a.format {
                Format::Text => render::board::BOARD_MAX as u64,
                _ => 0,
            };
            let (ps, table) =
                answer::p_positions_with_board(&g, a.max, board_max, &mut |d, t| bar.set(d, t))?;
            bar.finish();
            let board = table.as_ref().and_then(render::board::board);
            render::p_positions(
                &mut out,
                a.format,
                &g.label,
                &g.convention_text(),
                a.max,
                &ps,
                board.as_deref(),
            )?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
