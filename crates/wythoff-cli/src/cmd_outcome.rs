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
    /// Output format: text (`P`/`N`, moves `x,y`, `# ` notes) or json.
    #[arg(long, value_enum, default_value = "text")]
    format: OutcomeFormat,
    /// Games with memory (Imitation Nim): the positions before (X, Y), oldest
    /// first, each `x,y`; the first is the starting position.
    #[arg(long, num_args = 1.., value_name = "x,y", allow_hyphen_values = true)]
    history: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutcomeFormat {
    Text,
    Json,
}

/// The answer is built as text; `--format json` turns it into one JSON object
/// (`render::outcome_json`).
fn emit(
    a: &Args,
    g: &crate::game_arg::GameArg,
    xs: &str,
    ys: &str,
    text: Vec<u8>,
) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match a.format {
        OutcomeFormat::Text => out.write_all(&text)?,
        OutcomeFormat::Json => {
            let text = String::from_utf8_lossy(&text);
            let v = crate::render::outcome_json(&g.label, &g.convention_text(), xs, ys, &text);
            writeln!(out, "{v}")?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Largest pile the general solver is asked to handle for one position.
const GENERAL_LIMIT: u64 = 5000;

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = resolve(&a.game, a.misere)?;
    let (xs, ys) = (parse_pile(&a.x, "X")?, parse_pile(&a.y, "Y")?);
    if let Some(r) = crate::cmd_imitation::rules_of(&g)? {
        if a.format != OutcomeFormat::Text {
            anyhow::bail!("--format json is not available for games with memory: use text");
        }
        return crate::cmd_imitation::outcome(&g, r, &xs, &ys, &a.history);
    }
    if !a.history.is_empty() {
        anyhow::bail!(
            "--history is only meaningful for games with memory (imitation); {} has none",
            g.label
        );
    }
    if let Some(ng) = &g.named {
        if let Some(o) = wythoff::oracle::for_game(ng.entry_name, &ng.params, g.convention()) {
            return run_oracle(&a, &g, o.as_ref(), &xs, &ys);
        }
    }
    let (x, y) = match (xs.parse::<u64>(), ys.parse::<u64>()) {
        (Ok(x), Ok(y)) if x < GENERAL_LIMIT && y < GENERAL_LIMIT => (x, y),
        _ => {
            let why = g
                .named
                .as_ref()
                .and_then(|ng| {
                    wythoff::oracle::no_oracle_reason(ng.entry_name, &ng.params, g.convention())
                })
                .unwrap_or_else(|| "it has no exact oracle".into());
            anyhow::bail!(
                "({xs}, {ys}) is too large for the general solver (piles below {GENERAL_LIMIT}), and {} has no exact oracle: {why}",
                g.label
            )
        }
    };
    let an = analyse(&g.game, x, y)?;
    let mut out: Vec<u8> = Vec::new();
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
    emit(&a, &g, &xs, &ys, out)?;
    Ok(ExitCode::SUCCESS)
}

/// The oracle path: exact big-integer answers from a published solution. Same
/// output contract as the general path (first line `P`/`N`, then the winning
/// moves `x,y`, then `# ` comment lines); a `# oracle (method): source` line
/// naming the theorem goes to stderr.
fn run_oracle(
    a: &Args,
    g: &crate::game_arg::GameArg,
    o: &dyn wythoff::oracle::Oracle,
    xs: &str,
    ys: &str,
) -> anyhow::Result<ExitCode> {
    use wythoff::oracle::Natural;
    let x: Natural = xs
        .parse()
        .map_err(|_| anyhow::anyhow!("X = `{xs}` is not a whole number"))?;
    let y: Natural = ys
        .parse()
        .map_err(|_| anyhow::anyhow!("Y = `{ys}` is not a whole number"))?;
    let p = o.is_p(&x, &y)?;
    let by_variant = o.winning_moves_by_variant(&x, &y)?;
    let choice = g.game.is_choice();
    let mut out: Vec<u8> = Vec::new();
    writeln!(out, "{}", if p { "P" } else { "N" })?;
    let blocking = g.game.variants()[0].blocking();
    let options = if blocking.is_some() {
        o.p_options(&x, &y)?
    } else {
        Vec::new()
    };
    if !p {
        let mut moves: Vec<(Natural, Natural)> = by_variant
            .iter()
            .flat_map(|(_, m)| m.iter().cloned())
            .collect();
        moves.sort();
        moves.dedup();
        for (a, b) in &moves {
            writeln!(out, "{a},{b}")?;
        }
    }
    if choice {
        for (i, moves) in &by_variant {
            let ms: Vec<String> = moves.iter().map(|(a, b)| format!("{a},{b}")).collect();
            let o_i = if moves.is_empty() { "P" } else { "N" };
            writeln!(
                out,
                "# variant {i}: {o_i} ({})",
                g.game.variants()[*i].describe()
            )?;
            if !ms.is_empty() {
                writeln!(out, "# variant {i}: winning moves: {}", ms.join(" "))?;
            }
        }
        writeln!(
            out,
            "# the second player picks a variant before play: P iff P in some variant whose board holds the position"
        )?;
    }
    if let Some(b) = blocking {
        let list = |inside: bool| {
            let v: Vec<String> = options
                .iter()
                .filter(|o| o.2 == inside)
                .map(|(a, b, _)| format!("{a},{b}"))
                .collect();
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(" ")
            }
        };
        let n_in = options.iter().filter(|o| o.2).count() as u64;
        let n_out = options.len() as u64 - n_in;
        writeln!(
            out,
            "# blocking: the opponent may block up to {} {}",
            b.p - 1,
            b.class
        )?;
        writeln!(out, "# blockable P-options: {}", list(true))?;
        writeln!(out, "# unblockable P-options: {}", list(false))?;
        let reason = if n_out > 0 {
            format!("{n_out} winning move(s) lie outside the blockable class ({}), so blocking cannot stop them", b.class)
        } else if n_in >= b.p {
            format!("all {n_in} winning moves are blockable, but only {} may be blocked, so one remains", b.p - 1)
        } else if n_in == 0 {
            "no option is a P-position; blocking is not needed".to_string()
        } else {
            format!("the opponent blocks all {n_in} winning move(s) (up to {} may be blocked); every remaining option is an N-position", b.p - 1)
        };
        writeln!(out, "# {reason}")?;
    }
    let method = match o.method() {
        wythoff::oracle::Method::ClosedForm => "closed form",
        wythoff::oracle::Method::Recurrence => "recurrence",
    };
    emit(a, g, xs, ys, out)?;
    // the method goes to stderr, so that stdout is the same whichever path answers
    eprintln!("# oracle ({method}): {}", o.source());
    Ok(ExitCode::SUCCESS)
}
