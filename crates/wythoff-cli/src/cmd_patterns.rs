//! `wythoff patterns GAME [--max N] [--misere] [--grundy] [--format text|json]`:
//! the structure of the board (see `wythoff::patterns`), rendered.

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
    #[arg(long, value_enum, default_value = "text")]
    format: PatternFormat,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = resolve(&a.game, a.misere)?;
    let max = a.max.unwrap_or(wythoff::patterns::DEFAULT_MAX as u64) as usize;
    let mut bar = Bar::new("solving");
    let rep = wythoff::patterns::find_with_progress(&g.game, &g.label, max, a.grundy, &mut |d, t| {
        bar.set(d, t)
    })?;
    bar.finish();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match a.format {
        PatternFormat::Json => crate::render::patterns_json(&mut out, &rep)?,
        PatternFormat::Text => crate::render::patterns_text(&mut out, &rep)?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
