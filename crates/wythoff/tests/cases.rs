//! Every solver runs every case of `testdata/cases.toml` (the regex habit: one
//! data file, many engines). Each engine gives the P-positions of the board or
//! skips with a written reason; all must equal the brute-force reference, and
//! the reference must equal the case's independently known P-positions.

use malachite_nz::natural::Natural;
use serde::Deserialize;
use wythoff::catalogue::{parse_game, NamedGame};
use wythoff::rules::Convention;
use wythoff::solve;

#[derive(Deserialize)]
struct Case {
    game: String,
    max: usize,
    misere: bool,
    known: Option<String>,
    #[allow(dead_code)]
    source: Option<String>,
}

#[derive(Deserialize)]
struct Cases {
    case: Vec<Case>,
}

type Engine = (
    &'static str,
    fn(&NamedGame, &Case) -> Result<Vec<(u64, u64)>, String>,
);

fn game_of(ng: &NamedGame, c: &Case) -> wythoff::Game {
    if c.misere {
        ng.game.with_convention(Convention::Misere)
    } else {
        ng.game.clone()
    }
}

fn engine_fast(ng: &NamedGame, c: &Case) -> Result<Vec<(u64, u64)>, String> {
    solve::outcomes(&game_of(ng, c), c.max)
        .map(|t| t.p_positions())
        .map_err(|e| e.to_string())
}

fn engine_grundy_zero(ng: &NamedGame, c: &Case) -> Result<Vec<(u64, u64)>, String> {
    let g = game_of(ng, c);
    if let Some(why) = solve::grundy_unsupported(&g) {
        return Err(why);
    }
    let t = solve::grundy(&g, c.max).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for x in 0..c.max {
        for y in 0..c.max {
            if t.get(x, y) == Some(0) {
                out.push((x as u64, y as u64));
            }
        }
    }
    Ok(out)
}

fn engine_explain(ng: &NamedGame, c: &Case) -> Result<Vec<(u64, u64)>, String> {
    // one position at a time, on a diagonal stripe, to keep it cheap
    let g = game_of(ng, c);
    let n = c.max.min(24) as u64;
    if n < c.max as u64 {
        return Err(format!(
            "explain solves one position at a time; this engine checks only the {n}x{n} corner"
        ));
    }
    let mut out = Vec::new();
    for x in 0..n {
        for y in 0..n {
            if !g.on_some_board(x, y) {
                continue;
            }
            let a = wythoff::explain::analyse(&g, x, y).map_err(|e| e.to_string())?;
            if a.outcome == solve::Outcome::P {
                out.push((x, y));
            }
        }
    }
    Ok(out)
}

fn engine_oracle(ng: &NamedGame, c: &Case) -> Result<Vec<(u64, u64)>, String> {
    let conv = if c.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let o = wythoff::oracle::for_game(ng.entry_name, &ng.params, conv).ok_or_else(|| {
        format!(
            "no published solution implemented as an oracle for {} ({conv:?})",
            ng.canonical
        )
    })?;
    let mut out = Vec::new();
    for x in 0..c.max as u64 {
        for y in 0..c.max as u64 {
            if !ng.game.on_some_board(x, y) {
                continue;
            }
            if o.is_p(&Natural::from(x), &Natural::from(y))
                .map_err(|e| e.to_string())?
            {
                out.push((x, y));
            }
        }
    }
    Ok(out)
}

const ENGINES: &[Engine] = &[
    ("fast", engine_fast),
    ("grundy=0", engine_grundy_zero),
    ("explain", engine_explain),
    ("oracle", engine_oracle),
];

#[test]
fn every_engine_runs_every_case() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/cases.toml"
    ))
    .unwrap();
    let cases: Cases = toml::from_str(&text).unwrap();
    assert!(cases.case.len() >= 60);
    let (mut ran, mut skipped) = (0, 0);
    for c in &cases.case {
        let ng = parse_game(&c.game).unwrap();
        let reference = solve::outcomes_reference(&game_of(&ng, c), c.max)
            .unwrap()
            .p_positions();
        if let Some(known) = &c.known {
            let known: Vec<(u64, u64)> = known
                .split_whitespace()
                .map(|p| {
                    let (a, b) = p.split_once(',').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect();
            let ymax = known.iter().map(|p| p.1).max().unwrap();
            let got: Vec<(u64, u64)> = reference
                .iter()
                .copied()
                .filter(|&(x, y)| x <= y && y <= ymax)
                .collect();
            assert_eq!(
                got, known,
                "{}: reference solver vs known P-positions",
                c.game
            );
        }
        for (name, engine) in ENGINES {
            match engine(&ng, c) {
                Ok(ps) => {
                    let want: Vec<_> = if *name == "explain" {
                        let n = c.max.min(24) as u64;
                        reference
                            .iter()
                            .copied()
                            .filter(|&(x, y)| x < n && y < n)
                            .collect()
                    } else {
                        reference.clone()
                    };
                    assert_eq!(
                        ps, want,
                        "engine {name} on {} (misère: {}), board {}",
                        c.game, c.misere, c.max
                    );
                    ran += 1;
                }
                Err(why) => {
                    println!("SKIP {name} on {} (misère: {}): {why}", c.game, c.misere);
                    skipped += 1;
                }
            }
        }
    }
    println!("{ran} engine runs, {skipped} skipped");
}
