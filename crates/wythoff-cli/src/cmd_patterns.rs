//! `wythoff patterns GAME [--max N] [--check M] [--misere] [--grundy] [--format text|json]`:
//! the structure of the board (see `wythoff::patterns`), rendered; with
//! `--check M` every law re-checked on the board of side M
//! (`wythoff::patterns::check`).

use crate::game_arg::{parse_max, resolve};
use crate::progress::Bar;
use std::io::Write;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PatternFormat {
    Text,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    game: String,
    /// Board size: positions 0 <= x, y < N (default 1024).
    #[arg(long, value_parser = parse_max, allow_hyphen_values = true)]
    max: Option<u64>,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    misere: bool,
    /// Also find the additive periodicity of the Grundy rows (normal play, no blocking).
    #[arg(long)]
    grundy: bool,
    /// Re-check every law read on the board of N on the larger board of side M
    /// (a test of the conjecture on cells it did not see); exit 1 if one fails.
    #[arg(long, value_parser = parse_check, allow_hyphen_values = true)]
    check: Option<u64>,
    #[arg(long, value_enum, default_value = "text")]
    format: PatternFormat,
}

/// A board side for `--check`, with errors naming `--check`.
fn parse_check(s: &str) -> Result<u64, String> {
    wythoff::answer::parse_max(s).map_err(|e| e.for_board_arg(wythoff::BoardArg::Check).to_string())
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = resolve(&a.game, a.misere)?;
    let max = a.max.unwrap_or(wythoff::patterns::DEFAULT_MAX as u64) as usize;
    let mut bar = Bar::new("solving");
    let mut progress = |d, t| bar.set(d, t);
    let (rep, pred) = match a.check {
        Some(m) => {
            let (rep, pred) = wythoff::patterns::find_checked(
                &g.game,
                &g.label,
                max,
                m as usize,
                a.grundy,
                &mut progress,
            )?;
            (rep, Some(pred))
        }
        None => (
            wythoff::patterns::find_with_progress(&g.game, &g.label, max, a.grundy, &mut progress)?,
            None,
        ),
    };
    bar.finish();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match a.format {
        PatternFormat::Json => crate::render::patterns_json(&mut out, &rep, pred.as_ref())?,
        PatternFormat::Text => {
            crate::render::patterns_text(&mut out, &rep)?;
            if let Some(p) = &pred {
                crate::render::prediction_text(&mut out, p)?;
            }
        }
    }
    out.flush()?;
    let failed = pred.as_ref().is_some_and(|p| !p.all_hold());
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
