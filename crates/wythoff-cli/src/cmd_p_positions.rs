//! `wythoff p-positions GAME --max N [--misere] [--format text|csv|json]`

use crate::game_arg::BoardArgs;
use crate::render;
use std::process::ExitCode;
use wythoff::solve;

pub type Args = BoardArgs;

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = a.resolve()?;
    let table = solve::outcomes(&g.game, a.max as usize)?;
    let ps = table.p_positions();
    let board = match a.format {
        render::Format::Text => render::board::board(&table),
        _ => None,
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    render::p_positions(
        &mut out,
        a.format,
        &g.label,
        &g.convention_text(),
        a.max,
        &ps,
        board.as_deref(),
    )?;
    std::io::Write::flush(&mut out)?;
    Ok(ExitCode::SUCCESS)
}
