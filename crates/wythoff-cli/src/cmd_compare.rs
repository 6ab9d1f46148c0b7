//! `wythoff compare GAME_A GAME_B --max N [--format text|csv|json] [--first K] [-o FILE]`
//!
//! A side written `GAME@misere` is played in misère play (`GAME@normal`: normal
//! play, the default). The set difference is library code
//! ([`wythoff::compare`]); this file parses, calls it, and renders (formats in
//! [`crate::render::compare`], the picture through [`crate::render::plot`]).

use crate::game_arg::{parse_max, resolve, GameArg};
use crate::progress::Bar;
use crate::render::compare::CompareFormat;
use crate::render::plot::{palette, render, Cells, Class, ImageFormat, Picture};
use anyhow::{anyhow, bail, Context, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use wythoff::compare::{self, Side};

#[derive(clap::Args)]
pub struct Args {
    /// Game A: `name:key=value,...` or a rules file; `GAME@misere` for misère play.
    pub game_a: String,
    /// Game B, written like game A.
    pub game_b: String,
    /// Board size: positions 0 <= x, y < N.
    #[arg(long, value_parser = parse_max, allow_hyphen_values = true)]
    pub max: u64,
    /// text: counts and the first differing cells; csv: `x,y,in` for every cell
    /// that is P in A or B (`in` = A, B or both); json: counts and the first
    /// differing cells.
    #[arg(long, value_enum, default_value = "text")]
    pub format: CompareFormat,
    /// How many differing cells text and json list.
    #[arg(long, default_value_t = 10)]
    pub first: usize,
    /// Also draw both P-sets overlaid (three colours and a legend); .png or .svg.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Run work estimated beyond the time bound (10 minutes) anyway.
    #[arg(long)]
    pub force: bool,
    /// Print the plan (kernel, memory, seconds, threads, refusal) as JSON and do no work.
    #[arg(long)]
    pub plan: bool,
}

/// `GAME`, `GAME@misere` or `GAME@normal` (the library's grammar).
fn resolve_side(text: &str) -> Result<GameArg> {
    let (game, misere) = wythoff::answer::parse_side(text)?;
    resolve(game, misere)
}

pub fn run(a: Args) -> Result<ExitCode> {
    let format = match &a.output {
        Some(p) => {
            let f = ImageFormat::from_path(p).map_err(|e| anyhow!(e))?;
            if a.max > wythoff_render::pictures::PLOT_MAX {
                bail!(
                    "--max {} is out of range for a picture: allowed 1..={}",
                    a.max,
                    wythoff_render::pictures::PLOT_MAX
                );
            }
            crate::resources::check_parent(p)?;
            Some(f)
        }
        None => None,
    };
    let ga = resolve_side(&a.game_a)?;
    let gb = resolve_side(&a.game_b)?;
    // two boards, each solved as `p-positions` solves it: the plan `--plan`
    // prints, refused beyond the time bound without --force before any work
    let bound = wythoff::solve::cost::Bound::cli(a.force);
    let plan = wythoff::answer::plan_compare(&ga, &gb, a.max, bound)?;
    if a.plan {
        return crate::render::plan(&plan);
    }
    crate::progress::admit(
        plan.refusal.clone().map_or(Ok(()), Err),
        &format!("--max {}: the two outcome solvers", a.max),
        plan.seconds,
    )?;
    let n = a.max as usize;
    let mut bar = Bar::new("comparing");
    let c = compare::games(&ga.game, &gb.game, n, &mut |d, t| bar.set(d, t))?;
    bar.finish();
    let (la, lb) = (
        wythoff::answer::side_label(&ga),
        wythoff::answer::side_label(&gb),
    );
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    crate::render::compare::write(&mut out, a.format, &la, &lb, &c, a.first)?;
    out.flush()?;
    if let (Some(path), Some(f)) = (&a.output, format) {
        let pic = picture(&la, &lb, &c);
        let bytes = render(&pic, f).map_err(|e| anyhow!(e))?;
        std::fs::write(path, bytes)
            .with_context(|| format!("cannot write `{}`", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Both P-sets on one board: P in both (black), only in A (blue), only in B
/// (orange), neither (white).
fn picture(la: &str, lb: &str, c: &compare::Comparison) -> Picture {
    let n = c.n as usize;
    // class order = priority when cells merge into blocks: differences first
    let mut cells = vec![3u16; n * n];
    for &(x, y, side) in &c.cells {
        cells[x as usize * n + y as usize] = match side {
            Side::A => 0,
            Side::B => 1,
            Side::Both => 2,
        };
    }
    let neither = (n * n) as u64 - c.only_a - c.only_b - c.both;
    let classes = vec![
        Class {
            label: "P only in A".into(),
            color: palette::PARTS[1],
            count: c.only_a as usize,
        },
        Class {
            label: "P only in B".into(),
            color: palette::PARTS[2],
            count: c.only_b as usize,
        },
        Class {
            label: "P in both".into(),
            color: palette::P,
            count: c.both as usize,
        },
        Class {
            label: "P in neither".into(),
            color: palette::N,
            count: neither as usize,
        },
    ];
    Picture {
        title: "P-positions of A and B".into(),
        notes: vec![
            format!("A: {la}"),
            format!("B: {lb}"),
            format!(
                "board 0 ≤ x, y < {n}; {} only in A, {} only in B, {} in both",
                c.only_a, c.only_b, c.both
            ),
        ],
        n,
        cells: Cells::Classes { classes, cells },
    }
}
