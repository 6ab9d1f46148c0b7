//! `wythoff sum GAME X Y [GAME X Y ...]`: the disjunctive sum of positions
//! (Nim heaps as `nim X 0`): its outcome (N or P), its Grundy value (the XOR
//! of the components' values) and a winning move. Each component's value must
//! be known exactly (a certified row, the row kernel, a board: the library's
//! `answer::sum`); games with blocking or memory, and misère sums, are refused.

use std::io::Write;
use std::process::ExitCode;
use wythoff::answer;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SumFormat {
    Text,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The components, each `GAME X Y` (a Nim heap of size X: `nim X 0`).
    #[arg(required = true, num_args = 3.., value_name = "GAME X Y")]
    parts: Vec<String>,
    /// Misère play: refused (misère Grundy values do not add over sums).
    #[arg(long)]
    misere: bool,
    /// Output format: text (`N`/`P`, the value, the move) or json (`outcome`,
    /// `value`, `move`, `components`).
    #[arg(long, value_enum, default_value = "text")]
    format: SumFormat,
    /// Run work estimated beyond the time bound (10 minutes) anyway.
    #[arg(long)]
    force: bool,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    if a.parts.len() % 3 != 0 {
        anyhow::bail!(
            "sum takes components of three words each, `GAME X Y` (a Nim heap: `nim X 0`): {} words given",
            a.parts.len()
        );
    }
    let mut parts = Vec::new();
    for c in a.parts.chunks(3) {
        let g = crate::game_arg::resolve(&c[0], a.misere)?;
        let x = answer::parse_pile(&c[1], "X")?;
        let y = answer::parse_pile(&c[2], "Y")?;
        parts.push((g, x, y));
    }
    let s = answer::sum(&parts, wythoff::solve::cost::Bound::cli(a.force))?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match a.format {
        SumFormat::Json => writeln!(out, "{}", s.json())?,
        SumFormat::Text => {
            writeln!(out, "{}", s.outcome())?;
            writeln!(out, "value {}", s.value)?;
            if let Some(m) = &s.moves {
                let c = &s.components[m.component];
                writeln!(
                    out,
                    "move: component {} ({} {},{}) to {},{} (its value becomes {})",
                    m.component + 1,
                    c.label,
                    c.x,
                    c.y,
                    m.to.0,
                    m.to.1,
                    m.value
                )?;
            }
            for (i, c) in s.components.iter().enumerate() {
                writeln!(
                    out,
                    "# component {}: {} ({}, {}) has value {}",
                    i + 1,
                    c.label,
                    c.x,
                    c.y,
                    c.value.value
                )?;
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
