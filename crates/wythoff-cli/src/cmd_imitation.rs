//! (p,m)-Imitation Nim on the command line (seed 002, a game with memory);
//! `p-positions` lists its starting positions and `outcome --history` answers
//! after a history (both through `wythoff::answer`):
//! - `dynamic GAME --max N [--format text|csv|json|summary]`: each position's class in the
//!   sense of Definition 1: P or N after every history, or dynamic (D).

use crate::game_arg::BoardArgs;
use crate::render::{self, Format};
use anyhow::bail;
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;
use wythoff::imitation::{PositionClass, StateSolver};

/// `wythoff dynamic GAME --max N`: per-position P / N / dynamic.
#[derive(clap::Args)]
pub struct DynamicArgs {
    #[command(flatten)]
    pub board: BoardArgs,
}

pub fn dynamic(a: DynamicArgs) -> anyhow::Result<ExitCode> {
    let a = a.board;
    let g = a.resolve()?;
    let Some(rules) = g.imitation()? else {
        bail!(
            "{} has no memory rule: every position is non-dynamic (use `p-positions`)",
            g.label
        );
    };
    let solver = StateSolver::new(rules, a.max)?;
    let cl = solver.classification();
    let n = cl.size();
    let name = |c: PositionClass| match c {
        PositionClass::P => "P",
        PositionClass::N => "N",
        PositionClass::Dynamic => "D",
    };
    let count = |k: PositionClass| cl.cells().iter().filter(|&&c| c == k).count();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match a.format {
        Format::Summary => {
            // `<cells> <hash>`: the classes row-major as P = 0, N = 1, D = 2
            let mut h = wythoff::hash::Summary::new();
            for &c in cl.cells() {
                h.item(&[match c {
                    PositionClass::P => 0,
                    PositionClass::N => 1,
                    PositionClass::Dynamic => 2,
                }]);
            }
            writeln!(out, "{}", h.line())?;
        }
        Format::Csv => {
            // n^2 lines: the digits of each pile are formatted once
            let digits: Vec<Vec<u8>> = (0..n as u64)
                .map(|v| {
                    let mut d = Vec::new();
                    render::push_u64(&mut d, v);
                    d
                })
                .collect();
            let mut w = render::Chunked::new(&mut out);
            w.buf.extend_from_slice(b"x,y,class\n");
            for (x, row) in cl.cells().chunks(n).enumerate() {
                for (y, &c) in row.iter().enumerate() {
                    w.buf.extend_from_slice(&digits[x]);
                    w.buf.push(b',');
                    w.buf.extend_from_slice(&digits[y]);
                    w.buf.push(b',');
                    w.buf.push(name(c).as_bytes()[0]);
                    w.buf.push(b'\n');
                }
                w.flush_if_full();
                if w.failed() {
                    break;
                }
            }
            w.finish()?;
        }
        Format::Json => {
            let rows: Vec<String> = (0..n)
                .map(|x| (0..n).map(|y| name(cl.get(x, y))).collect())
                .collect();
            let v = json!({
                "game": g.label, "convention": g.convention_text(), "max": n,
                "legend": {"P": "P after every history", "N": "N after every history", "D": "dynamic: depends on the history"},
                "counts": {"P": count(PositionClass::P), "N": count(PositionClass::N), "D": count(PositionClass::Dynamic)},
                "rows": rows,
            });
            writeln!(out, "{}", serde_json::to_string(&v)?)?;
        }
        Format::Text => {
            writeln!(
                out,
                "# {} (Definition 1), 0 <= x, y < {n}: P = P after every history, N = N after every history, D = dynamic",
                g.label
            )?;
            writeln!(
                out,
                "# {}; P {} N {} D {}",
                render::grid::ORIENTATION,
                count(PositionClass::P),
                count(PositionClass::N),
                count(PositionClass::Dynamic)
            )?;
            render::grid::write(&mut out, n, 1, &|x, y, b| {
                b.extend_from_slice(name(cl.get(x, y)).as_bytes())
            })?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
