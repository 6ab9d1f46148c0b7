//! `wythoff games`

use crate::render::{self, Format};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    if a.format == Format::Summary {
        anyhow::bail!("--format summary is for p-positions, grundy and sequence: allowed here text, csv, json");
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    render::games(&mut out, a.format, wythoff::catalogue::CATALOGUE)?;
    std::io::Write::flush(&mut out)?;
    Ok(ExitCode::SUCCESS)
}
