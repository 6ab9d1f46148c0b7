//! `wythoff p-positions GAME --max N [--misere] [--format text|csv|json]`

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
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    misere: bool,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = resolve(&a.game, a.misere)?;
    let table = solve::outcomes(&g.game, a.max as usize)?;
    let ps = table.p_positions();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    render::p_positions(
        &mut out,
        a.format,
        &g.label,
        &g.convention_text(),
        a.max,
        &ps,
    )?;
    std::io::Write::flush(&mut out)?;
    Ok(ExitCode::SUCCESS)
}
