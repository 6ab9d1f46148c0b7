//! `wythoff outcome GAME X Y [--misere]`: first line `P` or `N`; for N the
//! winning moves follow, one `x,y` per line; explanations follow as `# ` lines.

use crate::game_arg::resolve_spec;
use std::io::Write;
use std::process::ExitCode;
use wythoff::answer;

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
    /// Answer from the structure found on a board (`wythoff patterns`): a pairs
    /// pattern with a Beatty closed form, used as an exact oracle at any size. The
    /// answer rests on a conjecture checked on that board (named on stderr).
    #[arg(long)]
    conjecture: bool,
    /// Board side for --conjecture (default 1024).
    #[arg(long, value_parser = crate::game_arg::parse_max, requires = "conjecture")]
    conjecture_max: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutcomeFormat {
    Text,
    Json,
}

/// The answer comes from `wythoff::answer::outcome_of` (imitation state
/// solver, exact oracle, general solver, or m-Modular Wythoff beyond the
/// catalogue's range: the library's choice); the oracle used goes to stderr, so
/// that stdout is the same whichever engine answers.
pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let spec = resolve_spec(&a.game, a.misere)?;
    let (x, y) = (
        answer::parse_pile(&a.x, "X")?,
        answer::parse_pile(&a.y, "Y")?,
    );
    let history = answer::parse_history(&a.history)?;
    let conjecture = a.conjecture.then(|| {
        a.conjecture_max
            .unwrap_or(wythoff::patterns::DEFAULT_MAX as u64) as usize
    });
    let l = answer::outcome_of(&spec, &x, &y, &history, conjecture)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match a.format {
        OutcomeFormat::Text => {
            writeln!(out, "{}", l.answer.outcome)?;
            for (a, b) in &l.answer.moves {
                writeln!(out, "{a},{b}")?;
            }
            for n in &l.answer.notes {
                writeln!(out, "# {n}")?;
            }
        }
        OutcomeFormat::Json => writeln!(out, "{}", l.json(&x, &y))?,
    }
    out.flush()?;
    if let Some(o) = &l.answer.oracle {
        eprintln!("# {o}");
    }
    Ok(ExitCode::SUCCESS)
}
