//! `wythoff outcome GAME X Y [--misere]`: first line `P` or `N`; for N the
//! winning moves follow, one `x,y` per line; explanations follow as `# ` lines.

use crate::game_arg::resolve;
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

/// The answer comes from `wythoff::answer::outcome` (imitation state solver,
/// exact oracle, or general solver), or `answer::outcome_huge_modular` for
/// m-Modular Wythoff beyond the catalogue's range; the oracle used goes to
/// stderr, so that stdout is the same whichever engine answers.
pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let (text, note) = answer_text(&a)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    out.write_all(&text)?;
    out.flush()?;
    if let Some(o) = &note {
        eprintln!("# {o}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The object `outcome GAME X Y [--misere] [--history ...] --format json`
/// prints (one line, no newline), and the oracle named on stderr: the answer
/// of `wythoff serve`'s `/api/outcome`.
pub fn json(
    game: &str,
    x: &str,
    y: &str,
    misere: bool,
    history: &[String],
) -> anyhow::Result<(String, Option<String>)> {
    let a = Args {
        game: game.to_string(),
        x: x.to_string(),
        y: y.to_string(),
        misere,
        format: OutcomeFormat::Json,
        history: history.to_vec(),
        conjecture: false,
        conjecture_max: None,
    };
    let (text, note) = answer_text(&a)?;
    Ok((String::from_utf8(text)?.trim_end().to_string(), note))
}

/// [`json`] for a game already resolved (a rules file's text sent to the
/// server): what `outcome RULES.toml X Y --format json` prints.
pub fn json_of(
    g: &crate::game_arg::GameArg,
    x: &str,
    y: &str,
    history: &[String],
) -> anyhow::Result<(String, Option<String>)> {
    let a = Args {
        game: g.label.clone(),
        x: x.to_string(),
        y: y.to_string(),
        misere: false,
        format: OutcomeFormat::Json,
        history: history.to_vec(),
        conjecture: false,
        conjecture_max: None,
    };
    let (text, note) = answer_of(g, &a)?;
    Ok((String::from_utf8(text)?.trim_end().to_string(), note))
}

/// What `outcome` writes on stdout, and the oracle's line for stderr.
fn answer_text(a: &Args) -> anyhow::Result<(Vec<u8>, Option<String>)> {
    if let Some(m) = answer::huge_modular(&a.game) {
        let (x, y) = (
            answer::parse_pile(&a.x, "X")?,
            answer::parse_pile(&a.y, "Y")?,
        );
        let asked = !a.history.is_empty() || a.conjecture;
        let l = answer::outcome_huge_modular(&m, a.misere, &x, &y, asked)?;
        return write_answer(a.format, &l.label, &l.convention, &x, &y, l.answer);
    }
    let g = resolve(&a.game, a.misere)?;
    answer_of(&g, a)
}

/// [`answer_text`] for the resolved game `g` (`a.game` and `a.misere` are not
/// read again).
fn answer_of(g: &crate::game_arg::GameArg, a: &Args) -> anyhow::Result<(Vec<u8>, Option<String>)> {
    let (x, y) = (
        answer::parse_pile(&a.x, "X")?,
        answer::parse_pile(&a.y, "Y")?,
    );
    let history = a
        .history
        .iter()
        .map(|s| crate::cmd_imitation::parse_position(s))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let ans = if a.conjecture {
        if !history.is_empty() {
            anyhow::bail!("--conjecture does not take --history");
        }
        let n = a
            .conjecture_max
            .unwrap_or(wythoff::patterns::DEFAULT_MAX as u64) as usize;
        answer::outcome_conjecture(g, &x, &y, n)?
    } else {
        answer::outcome(g, &x, &y, &history)?
    };
    write_answer(a.format, &g.label, &g.convention_text(), &x, &y, ans)
}

/// The answer's stdout bytes in `format`, and the oracle used (if any) for
/// stderr.
fn write_answer(
    format: OutcomeFormat,
    label: &str,
    convention: &str,
    x: &wythoff::oracle::Natural,
    y: &wythoff::oracle::Natural,
    ans: answer::OutcomeAnswer,
) -> anyhow::Result<(Vec<u8>, Option<String>)> {
    let mut out = Vec::new();
    match format {
        OutcomeFormat::Text => {
            writeln!(out, "{}", ans.outcome)?;
            for (a, b) in &ans.moves {
                writeln!(out, "{a},{b}")?;
            }
            for n in &ans.notes {
                writeln!(out, "# {n}")?;
            }
        }
        OutcomeFormat::Json => {
            let v = crate::render::outcome_json(
                label,
                convention,
                &x.to_string(),
                &y.to_string(),
                &ans,
            );
            writeln!(out, "{v}")?;
        }
    }
    Ok((out, ans.oracle))
}
