//! `wythoff p-positions GAME --max N [--misere] [--format text|csv|json|summary]`
//! `wythoff p-positions GAME --row X [--below Y] [--misere] [--format text|csv|json]`
//!
//! With `--row X`: the P-positions `(X, y)` of one row at any size, from the
//! game's exact oracle or its shipped proved automaton
//! (`wythoff::answer::p_positions_in_row`); no board.
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
use wythoff::Admit;

/// `p-positions`' arguments: a board (or one row), and `--force`.
#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    pub game: String,
    /// Board size: positions 0 <= x, y < N.
    #[arg(long, value_parser = crate::game_arg::parse_max, allow_hyphen_values = true, required_unless_present = "row", conflicts_with = "row")]
    pub max: Option<u64>,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    pub misere: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// List the P-positions (X, y) of row X instead of a board, at any size
    /// (decimal digits): from the game's exact oracle, or from its shipped proved
    /// automaton by a search over its states with X fixed.
    #[arg(long, value_name = "X", allow_hyphen_values = true)]
    pub row: Option<String>,
    /// With --row: only the y below Y (default: the whole row, where the oracle's
    /// law or the automaton bounds it).
    #[arg(long, value_name = "Y", requires = "row", allow_hyphen_values = true)]
    pub below: Option<String>,
    /// Run work estimated beyond the time bound (10 minutes) anyway.
    #[arg(long)]
    pub force: bool,
    /// Print the plan (kernel, memory, seconds, threads, refusal) as JSON and do no work.
    #[arg(long)]
    pub plan: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(row) = &args.row {
        return run_row(&args, row);
    }
    let a = BoardArgs {
        game: args.game.clone(),
        max: args.max.expect("clap: --max or --row"),
        misere: args.misere,
        format: args.format,
    };
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
            let board = table.as_ref().and_then(render::board::draw);
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

/// `--row X [--below Y]`: the P-positions of one row.
fn run_row(args: &Args, row: &str) -> anyhow::Result<ExitCode> {
    use std::str::FromStr;
    let g = crate::game_arg::resolve(&args.game, args.misere)?;
    let x = wythoff::oracle::Natural::from_str(&crate::game_arg::parse_pile(row, "--row")?)
        .map_err(|_| anyhow::anyhow!("--row: not a whole number"))?;
    let below = match &args.below {
        Some(b) => Some(
            wythoff::oracle::Natural::from_str(&crate::game_arg::parse_pile(b, "--below")?)
                .map_err(|_| anyhow::anyhow!("--below: not a whole number"))?,
        ),
        None => None,
    };
    let ans = answer::p_positions_in_row(&g, &x, below.as_ref())?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match args.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string_pretty(&ans.json())?)?,
        Format::Csv => {
            writeln!(out, "x,y")?;
            for y in &ans.ys {
                writeln!(out, "{},{y}", ans.x)?;
            }
        }
        Format::Text | Format::Summary => {
            let range = match &ans.below {
                Some(b) => format!("y < {b}"),
                None => "the whole row".to_string(),
            };
            writeln!(
                out,
                "# {} ({}): P-positions (x, y) of row x = {}, {range}: {}{}",
                ans.label,
                ans.convention,
                ans.x,
                ans.count,
                if ans.complete() {
                    String::new()
                } else {
                    format!(", the first {} listed", ans.ys.len())
                }
            )?;
            writeln!(out, "# {}", ans.basis)?;
            for y in &ans.ys {
                writeln!(out, "{} {y}", ans.x)?;
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
