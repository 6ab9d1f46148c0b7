//! The pictures of `wythoff plot`, built from the library's tables (outcomes,
//! the papers' partition of the P-positions, Grundy values, remoteness, Imitation
//! Nim's classes); [`crate::plot::render`] turns one into PNG or SVG bytes.

use crate::plot::{palette, Cells, Class, Picture, OFF};
use anyhow::{anyhow, Result};
use wythoff::answer::{self, Subject};
use wythoff::catalogue::{self, NamedGame};
use wythoff::imitation::{PositionClass, StateSolver};
use wythoff::partition::{self, Scheme};
use wythoff::rules::Memory;
use wythoff::solve::{self, Outcome};

/// Largest board side a picture is drawn for.
pub const PLOT_MAX: u64 = 10_000;

/// How the P-positions are split into shaded parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parts {
    /// By the shifted game m×p WN_l in which each P-position is P (the papers' Figures 1 and 2).
    Variant,
    /// By the index n = |y - x| / m modulo p (seed 000, Lemma 3.3).
    Index,
    /// One colour for all P-positions.
    None,
}

fn convention_text(g: &Subject) -> String {
    g.convention_text()
}

/// The catalogue game with the requested convention (`None` for a rules file).
fn named(g: &Subject) -> Option<NamedGame> {
    g.named.clone().map(|ng| NamedGame {
        game: g.game.clone(),
        ..ng
    })
}

/// The first note line: the paper's notation and source.
fn source_note(g: &Subject) -> String {
    match g
        .named
        .as_ref()
        .and_then(|ng| catalogue::entry(ng.entry_name))
    {
        Some(e) => format!("{} — {}", e.notation, e.source),
        None => format!("rules: {}", g.game.variants()[0].describe()),
    }
}

/// The remoteness heatmap of `g` on the `n x n` board (the Grundy heatmap's
/// drawing; Imitation Nim: starting positions).
pub fn remoteness_picture(g: &Subject, n: u64) -> Result<Picture> {
    let t = wythoff::answer::remoteness_table(g, n)?;
    let values = t
        .values()
        .iter()
        .map(|&v| {
            if v == solve::remoteness::REMOTENESS_OFF {
                OFF
            } else {
                v
            }
        })
        .collect();
    let parity = match g.convention() {
        wythoff::Convention::Normal => "even = P, odd = N",
        wythoff::Convention::Misere => "odd = P, even = N",
    };
    Ok(Picture {
        title: format!("Remoteness of {} ({})", g.label, convention_text(g)),
        notes: vec![
            source_note(g),
            format!(
                "board 0 ≤ x, y < {n}; largest value shown {}; {parity}; red cells: remoteness 0",
                t.max_value()
            ),
        ],
        n: n as usize,
        cells: Cells::Values {
            values,
            what: "Remoteness",
        },
    })
}

/// The picture of `g` on the `n x n` board.
pub fn picture(g: &Subject, n: usize, grundy: bool, parts: Parts) -> Result<Picture> {
    let mut notes: Vec<String> = vec![source_note(g)];
    if grundy {
        let t = answer::grundy_table(g, n as u64, &mut |_, _| {})?;
        let values = t
            .values()
            .iter()
            .map(|&v| if v == solve::GRUNDY_OFF { OFF } else { v })
            .collect();
        notes.push(format!(
            "board 0 ≤ x, y < {n}; largest value shown {}; red cells: value 0 (P-positions)",
            t.max_value()
        ));
        return Ok(Picture {
            title: format!("Grundy values of {} ({})", g.label, convention_text(g)),
            notes,
            n,
            cells: Cells::Values {
                values,
                what: "Grundy value",
            },
        });
    }
    if let Memory::Imitation { .. } = g.game.memory() {
        return imitation_picture(g, n, notes);
    }
    let table = answer::game_board(&g.game, n as u64, &mut |_, _| {})?;
    let scheme = match parts {
        Parts::Variant => Some(Scheme::Variant),
        Parts::Index => Some(Scheme::Index),
        Parts::None => None,
    };
    let ng = named(g);
    let part = match (scheme, &ng) {
        (Some(s), Some(ng)) => partition::split(ng, &table, s)?,
        _ => None,
    };
    let mut classes = Vec::new();
    let mut cells = vec![0u16; n * n];
    let p_count = table.p_positions().len();
    match &part {
        Some(part) => {
            notes.push(part.description.clone());
            let regular = ng
                .as_ref()
                .and_then(partition::seed000_params)
                .map_or(0, |(_, p)| p as usize);
            for (i, pt) in part.parts.iter().enumerate() {
                let color = if i < regular {
                    palette::PARTS[i % palette::PARTS.len()]
                } else {
                    palette::EXTRA[(i - regular) % palette::EXTRA.len()]
                };
                classes.push(Class {
                    label: pt.label.clone(),
                    color,
                    count: pt.count,
                });
            }
            for x in 0..n {
                for y in 0..n {
                    if let Some(k) = part.part(x, y) {
                        cells[x * n + y] = k as u16;
                    }
                }
            }
        }
        None => {
            classes.push(Class {
                label: "P-position".into(),
                color: palette::P,
                count: p_count,
            });
        }
    }
    let (n_class, off_class) = (classes.len() as u16, classes.len() as u16 + 1);
    let mut n_count = 0;
    let mut off_count = 0;
    for x in 0..n {
        for y in 0..n {
            match table.get(x, y) {
                Some(Outcome::P) => {
                    if part.is_none() {
                        cells[x * n + y] = 0;
                    }
                }
                Some(Outcome::N) => {
                    n_count += 1;
                    cells[x * n + y] = n_class;
                }
                None => {
                    off_count += 1;
                    cells[x * n + y] = off_class;
                }
            }
        }
    }
    classes.push(Class {
        label: "N-position".into(),
        color: palette::N,
        count: n_count,
    });
    if off_count > 0 {
        classes.push(Class {
            label: "not on the board (removed corner)".into(),
            color: palette::OFF,
            count: off_count,
        });
    }
    notes.push(format!("board 0 ≤ x, y < {n}; {p_count} P-positions"));
    Ok(Picture {
        title: format!("P-positions of {} ({})", g.label, convention_text(g)),
        notes,
        n,
        cells: Cells::Classes { classes, cells },
    })
}

/// Imitation Nim (seed 002, a game with memory): each position classed by
/// Definition 1 with the exact state solver (`wythoff::imitation`): P after
/// every history, N after every history, or dynamic; dynamic positions are
/// split by their outcome as a starting position (no history).
fn imitation_picture(g: &Subject, n: usize, mut notes: Vec<String>) -> Result<Picture> {
    let rules = g
        .imitation()?
        .ok_or_else(|| anyhow!("{}: not a game with memory", g.label))?;
    let solver = StateSolver::new(rules, n as u64)?;
    let cl = solver.classification();
    let start = solver.start_table();
    let labels = [
        ("non-dynamic P: P after every history", palette::P),
        ("dynamic, P as a starting position", palette::DYNAMIC_P),
        ("dynamic, N as a starting position", palette::DYNAMIC),
        ("non-dynamic N: N after every history", palette::N),
    ];
    let mut counts = [0usize; 4];
    let mut cells = vec![0u16; n * n];
    for x in 0..n {
        for y in 0..n {
            let k = match cl.get(x, y) {
                PositionClass::P => 0,
                PositionClass::Dynamic if start.is_p(x, y) => 1,
                PositionClass::Dynamic => 2,
                PositionClass::N => 3,
            };
            counts[k] += 1;
            cells[x * n + y] = k as u16;
        }
    }
    notes.push(
        "classes of Definition 1 (seed 002): a position is dynamic when its outcome depends on the history"
            .into(),
    );
    notes.push(format!(
        "board 0 ≤ x, y < {n}; {} starting P-positions (Corollary 1: those of diagonal-blocking:p={},m={})",
        counts[0] + counts[1],
        rules.p(),
        rules.m()
    ));
    let classes = labels
        .iter()
        .zip(counts)
        .map(|(&(label, color), count)| Class {
            label: label.into(),
            color,
            count,
        })
        .collect();
    Ok(Picture {
        title: format!(
            "P, N and dynamic positions of {} ({})",
            g.label,
            convention_text(g)
        ),
        notes,
        n,
        cells: Cells::Classes { classes, cells },
    })
}
