//! The JSON bodies of `wythoff serve`'s API (the formats the CLI prints are
//! reused where a command prints the same answer: the library's outcome JSON,
//! `patterns_json`).

use serde_json::{json, Value};
use wythoff::compare::Comparison;
use wythoff::play::{Action, Session};
use wythoff::solve::remoteness::RemotenessTable;
use wythoff::solve::{GrundyTable, GRUNDY_OFF};

/// A JSON string.
fn string(s: &str) -> String {
    serde_json::to_string(s).expect("json of a string")
}

/// `/api/p-positions`: `{"game", "convention", "max", "positions"}`, the
/// positions in the CLI's csv order (written directly: a board may hold a
/// million of them).
pub fn p_positions(label: &str, convention: &str, max: u64, ps: &[(u64, u64)]) -> String {
    let mut out = Vec::with_capacity(64 + ps.len() * 12);
    out.extend_from_slice(
        format!(
            "{{\"game\":{},\"convention\":{},\"max\":{max},\"positions\":[",
            string(label),
            string(convention)
        )
        .as_bytes(),
    );
    for (i, &(x, y)) in ps.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.push(b'[');
        super::push_u64(&mut out, x);
        out.push(b',');
        super::push_u64(&mut out, y);
        out.push(b']');
    }
    out.extend_from_slice(b"]}");
    String::from_utf8(out).expect("ascii and json strings")
}

/// `{"game", "convention", "max", "values"}` with `values[x][y]` for the
/// `n x n` table `get(x, y)` (`null` off the board), written directly.
fn table(
    label: &str,
    convention: &str,
    n: usize,
    get: &dyn Fn(usize, usize) -> Option<u32>,
) -> String {
    let mut out = Vec::with_capacity(64 + n * n * 4);
    out.extend_from_slice(
        format!(
            "{{\"game\":{},\"convention\":{},\"max\":{n},\"values\":[",
            string(label),
            string(convention)
        )
        .as_bytes(),
    );
    for x in 0..n {
        if x > 0 {
            out.push(b',');
        }
        out.push(b'[');
        for y in 0..n {
            if y > 0 {
                out.push(b',');
            }
            match get(x, y) {
                Some(v) => super::push_u64(&mut out, v as u64),
                None => out.extend_from_slice(b"null"),
            }
        }
        out.push(b']');
    }
    out.extend_from_slice(b"]}");
    String::from_utf8(out).expect("ascii and json strings")
}

/// `/api/grundy`: `{"game", "convention", "max", "values"}` with
/// `values[x][y]` the Grundy value of `(x, y)` (`null` off the board).
pub fn grundy(label: &str, t: &GrundyTable) -> String {
    let n = t.size();
    let v = t.values();
    table(label, "normal play", n, &|x, y| {
        let g = v[x * n + y];
        (g != GRUNDY_OFF).then_some(g)
    })
}

/// `/api/remoteness`: like `/api/grundy`, the remoteness of each position.
pub fn remoteness(label: &str, convention: &str, t: &RemotenessTable) -> String {
    use wythoff::solve::remoteness::REMOTENESS_OFF;
    table(label, convention, t.size(), &|x, y| {
        t.get(x, y).filter(|&v| v != REMOTENESS_OFF)
    })
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
    reply: Option<(Action, Vec<(u64, u64)>)>,
) -> String {
    let pair = |p: (u64, u64)| json!([p.0, p.1]);
    let moves: Vec<Value> = s
        .moves()
        .iter()
        .map(|m| {
            json!({
                "to": pair(m.to), "imitation": m.imitation, "pass": m.pass,
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
        // the pass: the game has one, nobody used it, and the position has a move
        "pass_available": s.pass_available() && s.pass_choice().is_some(),
        "computer": reply.map(|(action, blocks)| json!({
            "to": pair(match action { Action::Move(to) => to, Action::Pass => s.position() }),
            "pass": action == Action::Pass,
            "blocks": blocks.iter().map(|&b| pair(b)).collect::<Vec<_>>(),
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
