//! `wythoff outcome GAME X Y [--misere]`: first line `P` or `N`; for N the
//! winning moves follow, one `x,y` per line; explanations follow as `# ` lines.

use crate::game_arg::{parse_pile, resolve};
use std::io::Write;
use std::process::ExitCode;
use wythoff::explain::analyse;
use wythoff::solve::Outcome;

#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    game: String,
    /// First pile.
    #[arg(allow_hyphen_values = true)]
    x: String,
    /// Second pile.
    #[arg(allow_hyphen_values = true)]
    y: String,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    misere: bool,
    /// Games with memory (Imitation Nim): the positions before (X, Y), oldest
    /// first, each `x,y`; the first is the starting position.
    #[arg(long, num_args = 1.., value_name = "x,y")]
    history: Vec<String>,
}

/// Largest pile the general solver is asked to handle for one position.
const GENERAL_LIMIT: u64 = 5000;

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = resolve(&a.game, a.misere)?;
    let (xs, ys) = (parse_pile(&a.x, "X")?, parse_pile(&a.y, "Y")?);
    if let Some(r) = crate::cmd_imitation::rules_of(&g)? {
        return crate::cmd_imitation::outcome(&g, r, &xs, &ys, &a.history);
    }
    if !a.history.is_empty() {
        anyhow::bail!(
            "--history is only meaningful for games with memory (imitation); {} has none",
            g.label
        );
    }
    let (x, y) = match (xs.parse::<u64>(), ys.parse::<u64>()) {
        (Ok(x), Ok(y)) if x < GENERAL_LIMIT && y < GENERAL_LIMIT => (x, y),
        _ => anyhow::bail!(
            "({xs}, {ys}) is too large for the general solver (piles below {GENERAL_LIMIT}), and {} has no exact oracle",
            g.label
        ),
    };
    let an = analyse(&g.game, x, y)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    writeln!(out, "{}", an.outcome)?;
    let choice = an.variants.len() > 1;
    if an.outcome == Outcome::N {
        // in a choice game the winning move depends on the variant picked: list
        // every move that wins in some variant (per-variant lists follow as comments)
        let mut moves: Vec<(u64, u64)> = an
            .variants
            .iter()
            .flat_map(|v| v.winning_moves.iter().copied())
            .collect();
        moves.sort_unstable();
        moves.dedup();
        for (a, b) in &moves {
            writeln!(out, "{a},{b}")?;
        }
    }
    for v in &an.variants {
        let tag = if choice {
            format!("variant {}: ", v.index)
        } else {
            String::new()
        };
        if choice {
            match v.outcome {
                None => writeln!(
                    out,
                    "# {tag}({x}, {y}) is not on this variant's board ({})",
                    v.rules
                )?,
                Some(o) => {
                    writeln!(out, "# {tag}{o} ({})", v.rules)?;
                    let ms: Vec<String> = v
                        .winning_moves
                        .iter()
                        .map(|(a, b)| format!("{a},{b}"))
                        .collect();
                    if !ms.is_empty() {
                        writeln!(out, "# {tag}winning moves: {}", ms.join(" "))?;
                    }
                }
            }
        }
        if v.terminal && v.outcome.is_some() {
            writeln!(
                out,
                "# {tag}no move is possible from ({x}, {y}): the player to move {}",
                if g.convention() == wythoff::Convention::Misere {
                    "wins (misère play)"
                } else {
                    "loses"
                }
            )?;
        }
        if let Some(b) = &v.blocking {
            let list = |ps: &[(u64, u64)]| {
                if ps.is_empty() {
                    "none".to_string()
                } else {
                    ps.iter()
                        .map(|(a, b)| format!("{a},{b}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            };
            writeln!(
                out,
                "# {tag}blocking: the opponent may block up to {} {}",
                b.p - 1,
                b.class
            )?;
            writeln!(out, "# {tag}blockable P-options: {}", list(&b.p_in_class))?;
            writeln!(out, "# {tag}unblockable P-options: {}", list(&b.p_outside))?;
            writeln!(out, "# {tag}{}", b.reason)?;
        }
    }
    if choice {
        writeln!(
            out,
            "# the second player picks a variant before play: P iff P in some variant whose board holds the position"
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
