//! `wythoff grundy GAME --max N [--format text|csv|json|summary]`: the
//! Sprague-Grundy values (normal play); with `--misere` the misère Grundy
//! values of the one game (a position without options has value 1, every
//! other the mex of its options: value 0 exactly at the misère P-positions;
//! a table by the plain kernel); with `--values A..G` only the positions of
//! those values (normal play), level by level, no table
//! (`render::levels`).
//!
//! Every format is written row by row as the solver streams the rows
//! ([`render::GrundyRows`]), so no `N x N` table is stored for Nim/Wythoff-like
//! games, except in `text`, a grid drawn with x across and y up (origin lower
//! left, `render::grid`), which needs every row before its top line (games the
//! fast kernel does not cover are solved once into a table instead). `summary` prints `<cells> <hash>` over the values in row-major
//! order. Cells off the board (removed corner) have no value: they are written
//! `-` (`null` in json) and are neither hashed nor counted.

use crate::progress::Bar;
use crate::render::{self, Format};
use std::io::Write;
use std::process::ExitCode;
use wythoff::answer;
use wythoff::solve;
use wythoff::Admit;

/// `grundy`'s arguments: a board without `--misere`.
#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    pub game: String,
    /// One position's first pile (with Y, instead of --max): its Grundy value
    /// alone, exact at any size where a certified row, the row kernel or a
    /// board knows it (JSON: `value` and its `basis`).
    #[arg(allow_hyphen_values = true, requires = "y", conflicts_with_all = ["max", "values", "misere"])]
    pub x: Option<String>,
    /// One position's second pile.
    #[arg(allow_hyphen_values = true)]
    pub y: Option<String>,
    /// Board size: positions 0 <= x, y < N (up to 2^20; with --values up to 2^31).
    #[arg(long, value_parser = parse_levels_max, allow_hyphen_values = true, required_unless_present = "x")]
    pub max: Option<u64>,
    /// `--max` once read (set by `run`).
    #[arg(skip)]
    pub max_value: u64,
    /// List only the positions of values A to G (both included), `A..G` or one
    /// value `G`, computed level by level in O(G N) memory (no N x N table):
    /// csv `x,y,g` lines by g, then x, then y. Games with one-pile moves of every
    /// length on both piles.
    #[arg(long, allow_hyphen_values = true)]
    pub values: Option<String>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Run work estimated beyond the time bound (10 minutes) anyway.
    #[arg(long)]
    pub force: bool,
    /// Print the plan (kernel, memory, seconds, threads, refusal) as JSON and do no work.
    #[arg(long)]
    pub plan: bool,
    /// The misère Grundy values of the game alone: a position without options
    /// has value 1, every other the mex of its options (0 exactly at the misère
    /// P-positions; they do not add over sums of games).
    #[arg(long)]
    pub misere: bool,
}

fn parse_levels_max(s: &str) -> Result<u64, String> {
    answer::parse_levels_max(s).map_err(|e| e.to_string())
}

impl Args {
    fn resolve(&self) -> anyhow::Result<crate::game_arg::GameArg> {
        crate::game_arg::resolve(&self.game, self.misere)
    }
}

pub fn run(mut a: Args) -> anyhow::Result<ExitCode> {
    // X takes hyphens (a negative pile gets the tool's message): a board flag
    // of other tools (`grundy wythoff --size 10`) lands there
    if let Some(hint) = a.x.as_deref().and_then(crate::positional_board_flag) {
        anyhow::bail!(hint);
    }
    if let (Some(x), Some(y)) = (&a.x, &a.y) {
        return run_position(&a, x, y);
    }
    // clap: --max is required without X Y
    let max = a.max.expect("--max or X Y");
    a.max_value = max;
    if let Some(values) = &a.values {
        let values = answer::parse_values(values)?;
        if a.misere {
            anyhow::bail!(
                "--values lists normal-play Grundy values: the misère Grundy values come as a whole table (--misere without --values)"
            );
        }
        return run_levels(&a, values);
    }
    run_table(a).map_err(values_hint)
}

/// The whole table's refusals (`--max` over its range, over the memory budget)
/// point to `--values`, which lists a few values on boards up to 2^31 without
/// the table (issue 53: `--max 1048576` pointed to `--format csv`, which was
/// then refused for 1.1 TiB).
fn values_hint(e: anyhow::Error) -> anyhow::Error {
    use wythoff::SolveError;
    let table = matches!(
        e.downcast_ref::<SolveError>(),
        Some(SolveError::OverMemory { .. } | SolveError::BoardOutOfRange { .. })
    );
    if table {
        anyhow::anyhow!(
            "{e:#}; or list the positions of a few values alone with --values A..G (level by \
             level, no table: --max up to 2^31)"
        )
    } else {
        e
    }
}

/// `grundy` without `--values`: the whole table.
fn run_table(a: Args) -> anyhow::Result<ExitCode> {
    answer::check_max(a.max_value)?;
    let g = a.resolve()?;
    if a.misere {
        return run_misere(&a, &g);
    }
    let plan = answer::grundy_plan(&g, a.max_value)?;
    let n = a.max_value as usize;
    // memory first (no --force lifts it), then time
    // (a table over the budget is the solver's refusal, which points to
    // --values: csv or json would not help)
    if a.format == Format::Text && plan.memory <= solve::memory_budget() {
        render::grid::check(n)?;
    }
    if a.plan {
        return render::plan(&answer::plan_grundy(
            &g,
            a.max_value,
            solve::cost::Bound::cli(a.force),
        )?);
    }
    // the one admission, memory first (its refusal is the plan's, `--plan`
    // says the same; `values_hint` points to --values)
    plan.admit(solve::cost::Bound::cli(a.force))?;
    // a big run says what it will cost, on stderr (stdout stays the format's)
    if plan.wall_seconds >= solve::cost::GRUNDY_NOTE_SECONDS {
        eprintln!(
            "wythoff: grundy {} --max {n}: {}, {}",
            g.label,
            solve::cost::human_seconds(plan.wall_seconds),
            solve::human_bytes(plan.memory)
        );
    }
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut bar = Bar::new("grundy");
    if !plan.streams() && a.format != Format::Summary && a.format != Format::Csv {
        // solved into a table anyway: render it, no second pass
        let table = answer::grundy_table(&g, a.max_value, &mut |d, t| bar.set(d, t))?;
        bar.finish();
        render::grundy(&mut out, a.format, &g.label, &table)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut w = render::GrundyRows::begin(&mut out, a.format, &g.label, n);
    answer::grundy(&g, a.max_value, &mut |d, t| bar.set(d, t), &mut |_, row| {
        w.row(row)
    })?;
    bar.finish();
    w.finish()?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `grundy --values A..G`: the level sets alone, streamed.
fn run_levels(a: &Args, values: (u64, u64)) -> anyhow::Result<ExitCode> {
    let g = a.resolve()?;
    let bound = solve::cost::Bound::cli(a.force);
    // every position is written, hashed or counted as it comes: none held
    let listing = match a.format {
        Format::Csv | Format::Json => solve::cost::Listing::WRITTEN,
        Format::Summary => solve::cost::Listing::HASHED,
        Format::Text => solve::cost::Listing::COUNTED,
    };
    if a.plan {
        return render::plan(&answer::plan_grundy_levels(
            &g,
            a.max_value,
            values,
            bound,
            listing,
        )?);
    }
    // values above what the board holds: refused (or cut) before the plan
    let values = answer::levels_values(&g, a.max_value, values)?;
    let plan = answer::grundy_levels_plan(&g, a.max_value, values, listing)?;
    crate::progress::admit(
        plan.admit(bound),
        &format!(
            "grundy {} --max {} --values {}..{}",
            g.label, a.max_value, values.0, values.1
        ),
        plan.seconds,
    )?;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut bar = Bar::new("grundy levels");
    let mut w = render::levels::Levels::begin(&mut out, a.format, &g.label, a.max_value, values);
    answer::grundy_levels(
        &g,
        a.max_value,
        values,
        &mut |d, t| bar.set(d, t),
        &mut |v, x, y| w.position(v, x, y),
    )?;
    bar.finish();
    w.finish()?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `grundy --misere`: the misère Grundy values of the one game, as a table.
fn run_misere(a: &Args, g: &crate::game_arg::GameArg) -> anyhow::Result<ExitCode> {
    let n = a.max_value as usize;
    let plan = answer::misere_grundy_plan(g, a.max_value)?;
    if a.format == Format::Text {
        render::grid::check(n)?;
    }
    if a.plan {
        return render::plan(&answer::plan_grundy(
            g,
            a.max_value,
            solve::cost::Bound::cli(a.force),
        )?);
    }
    crate::progress::admit(
        plan.admit(solve::cost::Bound::cli(a.force)),
        &format!("grundy {} --misere --max {n}", g.label),
        plan.seconds,
    )?;
    let mut bar = Bar::new("grundy --misere");
    let table = answer::misere_grundy_table(g, a.max_value, &mut |d, t| bar.set(d, t))?;
    bar.finish();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    render::misere_grundy(&mut out, a.format, &g.label, &table)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `grundy GAME X Y`: one position's value (text: the value alone on the first
/// line, then `# ` notes; json: `value` and `basis`).
fn run_position(a: &Args, x: &str, y: &str) -> anyhow::Result<ExitCode> {
    let g = a.resolve()?;
    let (xn, yn) = (answer::parse_pile(x, "X")?, answer::parse_pile(y, "Y")?);
    let v = answer::grundy_value(&g, &xn, &yn, solve::cost::Bound::cli(a.force))?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match a.format {
        Format::Json => writeln!(out, "{}", v.json(&g.label, &xn, &yn))?,
        _ => {
            writeln!(out, "{}", v.value)?;
            writeln!(out, "# {}", v.basis.text())?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
