//! The JSON bodies of `wythoff serve`'s API (the formats the CLI prints are
//! reused where a command prints the same answer: `outcome_json`,
//! `patterns_json`).

use serde_json::{json, Value};
use wythoff::compare::Comparison;
use wythoff::play::Session;
use wythoff::solve::remoteness::RemotenessTable;
use wythoff::solve::{GrundyTable, GRUNDY_OFF};

/// `/api/p-positions`: `{"game", "convention", "max", "positions"}`, the
/// positions in the CLI's csv order.
pub fn p_positions(label: &str, convention: &str, max: u64, ps: &[(u64, u64)]) -> String {
    json!({
        "game": label, "convention": convention, "max": max,
        "positions": ps.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
    })
    .to_string()
}

/// A table of `n x n` values as `values[x][y]`, `null` off the board.
fn columns(n: usize, values: &[u32]) -> Vec<Vec<Option<u32>>> {
    (0..n)
        .map(|x| {
            values[x * n..(x + 1) * n]
                .iter()
                .map(|&v| (v != GRUNDY_OFF).then_some(v))
                .collect()
        })
        .collect()
}

/// `/api/grundy`: `{"game", "convention", "max", "values"}` with
/// `values[x][y]` the Grundy value of `(x, y)` (`null` off the board).
pub fn grundy(label: &str, t: &GrundyTable) -> String {
    let n = t.size();
    json!({
        "game": label, "convention": "normal play", "max": n,
        "values": columns(n, t.values()),
    })
    .to_string()
}

/// `/api/remoteness`: like `/api/grundy`, the remoteness of each position.
pub fn remoteness(label: &str, convention: &str, t: &RemotenessTable) -> String {
    use wythoff::solve::remoteness::REMOTENESS_OFF;
    let n = t.size();
    let values: Vec<Vec<Option<u32>>> = (0..n)
        .map(|x| {
            (0..n)
                .map(|y| t.get(x, y).filter(|&v| v != REMOTENESS_OFF))
                .collect()
        })
        .collect();
    json!({"game": label, "convention": convention, "max": n, "values": values}).to_string()
}

/// `/api/compare`: the counts of `compare --format json`, and every cell that
/// is P in A or B with where (`A`, `B`, `both`).
pub fn compare(la: &str, lb: &str, c: &Comparison) -> String {
    json!({
        "a": la, "b": lb, "max": c.n,
        "only_a": c.only_a, "only_b": c.only_b, "both": c.both, "equal": c.equal(),
        "cells": c.cells.iter().map(|&(x, y, s)| json!([x, y, s.name()])).collect::<Vec<_>>(),
    })
    .to_string()
}

/// `/api/play`: the game so far, the moves available now, whether it is over,
/// and Imitation Nim's history (each move marked when an m-imitation) and
/// state; `reply`: the move the computer has just made.
pub fn play(
    label: &str,
    convention: &str,
    s: &mut Session,
    reply: Option<((u64, u64), Vec<(u64, u64)>)>,
) -> String {
    let pair = |p: (u64, u64)| json!([p.0, p.1]);
    let moves: Vec<Value> = s
        .moves()
        .iter()
        .map(|m| {
            json!({
                "to": pair(m.to), "imitation": m.imitation,
                "blocks": m.blocks.iter().map(|&b| pair(b)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let choices: Vec<Value> = s
        .choices()
        .iter()
        .map(|c| json!({"to": pair(c.to), "imitation": c.imitation, "in_class": c.in_class}))
        .collect();
    let over = choices.is_empty();
    let imitation = s.imitation().map(|(rules, st)| {
        json!({
            "p": rules.p(), "m": rules.m(),
            "mover_run": st.mover_run, "previous_run": st.previous_run,
        })
    });
    json!({
        "game": label, "convention": convention,
        "start": pair(s.start()), "position": pair(s.position()),
        "moves": moves, "choices": choices,
        "blocked": s.blocked().iter().map(|&b| pair(b)).collect::<Vec<_>>(),
        "block_limit": s.block_limit(),
        "over": over,
        // when over: does the player to move (who cannot move) win?
        "stuck_player_wins": over && s.stuck_player_wins(),
        "computer": reply.map(|(to, blocks)| json!({
            "to": pair(to), "blocks": blocks.iter().map(|&b| pair(b)).collect::<Vec<_>>(),
        })),
        "imitation": imitation,
    })
    .to_string()
}

/// `/api/palette`: the colours of `plot` (`wythoff_render::plot::palette`), so
/// that the page draws with the same ones.
pub fn palette() -> String {
    use crate::render::plot::palette as p;
    let hex = |c: plotters::style::RGBColor| format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2);
    json!({
        "N": hex(p::N), "P": hex(p::P), "OFF": hex(p::OFF),
        "HEAT_ZERO": hex(p::HEAT_ZERO),
        "RAMP": p::RAMP.iter().map(|&c| hex(c)).collect::<Vec<_>>(),
        "PARTS": p::PARTS.iter().map(|&c| hex(c)).collect::<Vec<_>>(),
        "GRID": hex(p::GRID), "GRID_MAJOR": hex(p::GRID_MAJOR),
    })
    .to_string()
}
