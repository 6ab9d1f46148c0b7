//! `wythoff grundy GAME --max N [--format text|csv|json]` (`--misere` is accepted
//! so that the refusal can say why misère play has no Grundy values).

use crate::game_arg::BoardArgs;
use crate::render;
use std::process::ExitCode;
use wythoff::solve;

pub type Args = BoardArgs;

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = a.resolve()?;
    if let Some(why) = solve::grundy_unsupported(&g.game) {
        anyhow::bail!("{} has no Grundy values: {why}", g.label);
    }
    let table = solve::grundy(&g.game, a.max as usize)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    render::grundy(&mut out, a.format, &g.label, &table)?;
    std::io::Write::flush(&mut out)?;
    Ok(ExitCode::SUCCESS)
}
