//! `wythoff grundy GAME --max N [--format text|csv|json]`

use crate::game_arg::{parse_max, resolve};
use crate::render::{self, Format};
use std::process::ExitCode;
use wythoff::solve;

#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    game: String,
    /// Board size: positions 0 <= x, y < N.
    #[arg(long, value_parser = parse_max, allow_hyphen_values = true)]
    max: u64,
    /// Accepted so that the refusal can say why misère play has no Grundy values.
    #[arg(long)]
    misere: bool,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = resolve(&a.game, a.misere)?;
    if let Some(why) = solve::grundy_unsupported(&g.game) {
        anyhow::bail!("{} has no Grundy values: {why}", g.label);
    }
    let table = solve::grundy(&g.game, a.max as usize)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    render::grundy(&mut out, a.format, &g.label, &table)?;
    std::io::Write::flush(&mut out)?;
    Ok(ExitCode::SUCCESS)
}
