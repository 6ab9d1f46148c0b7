//! `wythoff check-table GAME FILE [--misere]`: check a printed list of
//! P-positions (one `x,y` per line, in the order printed) against the rules.
//!
//! Prints one line per printed position that is not a P-position (with the
//! move(s) that refute it), one line per P-position missing between the printed
//! ones (see `wythoff::table_check` for the precise range), and a final
//! `RESULT` line. Exit 0 when all agree, 1 when any disagree, 2 on bad input.

use crate::game_arg::resolve;
use std::io::Write;
use std::process::ExitCode;
use wythoff::table_check::{self, ListKind};

#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    game: String,
    /// The printed list: one `x,y` per line in the printed order; `#` starts a comment.
    file: String,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    misere: bool,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = resolve(&a.game, a.misere)?;
    let text =
        crate::resources::read_text_file(&a.file, "table file", crate::resources::MAX_TABLE_FILE)?;
    let list = table_check::parse_list(&text).map_err(|e| anyhow::anyhow!("{}: {e}", a.file))?;
    let oracle = g.oracle();
    let rep = table_check::check(&g.game, &g.label, oracle.as_deref(), &list)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let kind = match rep.kind {
        ListKind::Half => "half list (every pair x <= y; both orders meant)",
        ListKind::Full => "full list (all positions)",
    };
    writeln!(
        out,
        "check-table: {} ({}), {} printed positions, {kind}; range x <= {}, y <= {}; {}",
        rep.game, rep.convention, rep.printed, rep.max_x, rep.max_y, rep.method
    )?;
    let choice = g.game.is_choice();
    for w in &rep.wrong {
        let why = w
            .refutations
            .iter()
            .map(|(i, r)| {
                if choice {
                    format!("variant {i}: {r}")
                } else {
                    r.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("; ");
        writeln!(
            out,
            "WRONG   line {}: ({}, {}) is not a P-position: {why}",
            w.line, w.x, w.y
        )?;
    }
    for (x, y) in &rep.missing {
        writeln!(
            out,
            "MISSING ({x}, {y}) is a P-position in the range but is not printed"
        )?;
    }
    for (line, first, x, y) in &rep.duplicates {
        writeln!(out, "NOTE    line {line} repeats line {first}: ({x}, {y})")?;
    }
    if !rep.missing_checked {
        writeln!(
            out,
            "NOTE    missing positions were not looked for (the board is too large for the general solver)"
        )?;
    }
    if rep.agrees() {
        writeln!(
            out,
            "RESULT  agrees: every printed position is a P-position and none is missing"
        )?;
    } else {
        writeln!(
            out,
            "RESULT  disagrees: {} wrong, {} missing",
            rep.wrong.len(),
            rep.missing.len()
        )?;
    }
    out.flush()?;
    Ok(if rep.agrees() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
