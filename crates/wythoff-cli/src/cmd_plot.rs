//! `wythoff plot GAME --max N -o FILE.png|FILE.svg [--misere] [--grundy]`.
//!
//! Builds a [`Picture`] from the library's tables (outcomes, the papers'
//! partition of the P-positions, Grundy values, Imitation Nim's classes) and
//! writes it through the rendering layer ([`crate::render::plot`]).

use crate::game_arg::{parse_max, resolve};
use anyhow::{anyhow, bail, Context, Result};
use std::path::PathBuf;
pub use wythoff_render::pictures::PLOT_MAX;
use wythoff_render::pictures::{picture, remoteness_picture, Parts};
use wythoff_render::plot::{render, ImageFormat};

/// How the P-positions are split into shaded parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PartsArg {
    /// By the shifted game m×p WN_l in which each P-position is P (the papers' Figures 1 and 2).
    Variant,
    /// By the index n = |y - x| / m modulo p (seed 000, Lemma 3.3).
    Index,
    /// One colour for all P-positions.
    None,
}

/// Draw the board of a game as a PNG or SVG picture.
#[derive(Clone, Debug, clap::Args)]
pub struct PlotArgs {
    /// The game: `name` or `name:key=value,...` (see `wythoff games`), or a TOML rules file.
    pub game: String,
    /// Board size: positions 0 <= x, y < N (large boards are drawn in blocks of cells).
    #[arg(long, value_parser = parse_max, allow_hyphen_values = true)]
    pub max: u64,
    /// Output file; its extension (.png or .svg) picks the format.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: PathBuf,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    pub misere: bool,
    /// A heatmap of the Sprague-Grundy values instead of the P-positions.
    #[arg(long)]
    pub grundy: bool,
    /// A heatmap of the remoteness (moves to the end: fastest win, longest defence).
    #[arg(long, conflicts_with = "grundy")]
    pub remoteness: bool,
    /// How the P-positions of seed 000's games are shaded.
    #[arg(long, value_enum, default_value_t = PartsArg::Variant)]
    pub parts: PartsArg,
}

/// Run the command.
pub fn run(args: &PlotArgs) -> Result<()> {
    let format = ImageFormat::from_path(&args.output).map_err(|e| anyhow!(e))?;
    crate::resources::check_parent(&args.output)?;
    if args.max == 0 || args.max > PLOT_MAX {
        bail!(
            "--max {} is out of range for a picture: allowed 1..={PLOT_MAX}",
            args.max
        );
    }
    let g = resolve(&args.game, args.misere)?;
    let picture = if args.remoteness {
        remoteness_picture(&g, args.max)?
    } else {
        let parts = match args.parts {
            PartsArg::Variant => Parts::Variant,
            PartsArg::Index => Parts::Index,
            PartsArg::None => Parts::None,
        };
        picture(&g, args.max as usize, args.grundy, parts)?
    };
    let bytes = render(&picture, format).map_err(|e| anyhow!(e))?;
    std::fs::write(&args.output, bytes)
        .with_context(|| format!("cannot write `{}`", args.output.display()))?;
    Ok(())
}
