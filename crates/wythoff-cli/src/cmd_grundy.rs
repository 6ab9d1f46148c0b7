//! `wythoff grundy GAME --max N [--format text|csv|json|summary]` (`--misere` is
//! accepted so that the refusal can say why misère play has no Grundy values).
//!
//! `csv` and `summary` stream the rows from the solver (no table is stored for
//! Nim/Wythoff-like games); `summary` prints `<cells> <hash>` over the values in
//! row-major order. Cells off the board (removed corner) have no value: they are
//! written `-` and are neither hashed nor counted.

use crate::game_arg::BoardArgs;
use crate::progress::Bar;
use crate::render::{self, Format};
use std::io::Write;
use std::process::ExitCode;
use wythoff::solve::{self, stream, GRUNDY_OFF};

pub type Args = BoardArgs;

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = a.resolve()?;
    if let Some(why) = solve::grundy_unsupported(&g.game) {
        anyhow::bail!("{} has no Grundy values: {why}", g.label);
    }
    let n = a.max as usize;
    let mut bar = Bar::new("grundy");
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    match a.format {
        Format::Summary => {
            let mut h = wythoff::hash::Summary::new();
            stream::grundy(&g.game, n, &mut |d, t| bar.set(d, t), &mut |_, row| {
                for &v in row {
                    if v != GRUNDY_OFF {
                        h.item(&[v as u64]);
                    }
                }
            })?;
            bar.finish();
            writeln!(out, "{}", h.line())?;
        }
        Format::Csv => {
            let mut w = render::Chunked::new(&mut out);
            stream::grundy(&g.game, n, &mut |d, t| bar.set(d, t), &mut |_, row| {
                if w.failed() {
                    return;
                }
                for (i, &v) in row.iter().enumerate() {
                    if i > 0 {
                        w.buf.push(b',');
                    }
                    if v == GRUNDY_OFF {
                        w.buf.push(b'-');
                    } else {
                        render::push_u64(&mut w.buf, v as u64);
                    }
                }
                w.buf.push(b'\n');
                w.flush_if_full();
            })?;
            bar.finish();
            w.finish()?;
        }
        Format::Text | Format::Json => {
            let table = solve::grundy(&g.game, n)?;
            render::grundy(&mut out, a.format, &g.label, &table)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
