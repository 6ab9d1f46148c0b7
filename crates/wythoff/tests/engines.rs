//! The engine harness (the regex-test habit): every outcome kernel, every
//! Grundy kernel, the sequence kernels (the rectangle kernel and the pair
//! readers behind `sequence`), the remoteness kernels, their thread variants and
//! every dispatcher and front door, in four tables, run over the cases of
//! `testdata/cases.toml` and over random rules from the shared strategies (`strategies::any_rules`,
//! `strategies::region_rules`, drawn deterministically). Each engine answers
//! or skips with its reason; every answer must equal the reference
//! (`solve::reference`), and each engine must have answered at least its
//! `min` cases, so a scope test that turns into "skip everything" fails here.
//!
//! Kernels are called on the rules cut to the board, one variant at a time, as
//! the dispatchers call them. A kernel whose scope test (`applies`) is removed
//! runs on rules it does not handle and gives a wrong table; a kernel whose
//! scope test is too narrow skips cases that `solve::select` sends it, which
//! the `scope` column catches. The case file's `known` P-positions (from the
//! papers and OEIS) check the reference itself.

use malachite_nz::natural::Natural;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde::Deserialize;
use std::collections::BTreeMap;
use wythoff::catalogue::{parse_game, NamedGame};
use wythoff::rules::{Convention, Game, Rules};
use wythoff::solve::grundy::{lines, nim_like, plain, region, union};
use wythoff::solve::outcome::{band, counters, linear, residue, sparse, sparse_rect};
use wythoff::solve::remoteness::{self, RemotenessTable};
use wythoff::solve::{self, reference, select, stream, GrundyTable, OutcomeTable};

mod strategies;

#[derive(Deserialize)]
struct CaseRow {
    game: String,
    max: usize,
    misere: bool,
    known: Option<String>,
    #[allow(dead_code)]
    source: Option<String>,
}

#[derive(Deserialize)]
struct CaseFile {
    case: Vec<CaseRow>,
}

/// One input of the harness: a game on a board, with its catalogue entry when
/// it comes from the case file.
struct Case {
    label: String,
    named: Option<NamedGame>,
    game: Game,
    n: usize,
}

impl Case {
    fn convention(&self) -> Convention {
        self.game.convention()
    }
}

/// The answer of an outcome engine: a whole table (cells off the board
/// included), or the P-positions in row-major order.
enum Answer {
    Table(OutcomeTable),
    List(Vec<(u64, u64)>),
}

type Skip = String;

struct OutcomeEngine {
    name: &'static str,
    run: fn(&Case) -> Result<Answer, Skip>,
    /// The least number of cases the engine must answer.
    min: usize,
}

struct GrundyEngine {
    name: &'static str,
    run: fn(&Case) -> Result<GrundyTable, Skip>,
    /// The kernel's scope test, when the engine is a kernel that
    /// `solve::select` may choose: in scope must mean answered.
    scope: Option<fn(&Rules, usize) -> bool>,
    min: usize,
}

/// Run a kernel on every variant of the case (cut to the board) and combine
/// the tables as the dispatcher does; skip when it skips any variant.
fn per_variant(
    c: &Case,
    why: &str,
    kernel: impl Fn(&Rules, usize) -> Option<OutcomeTable>,
) -> Result<Answer, Skip> {
    let g = c.game.for_board(c.n as u64);
    let mut tables = Vec::new();
    for r in g.variants() {
        tables.push(kernel(r, c.n).ok_or_else(|| why.to_string())?);
    }
    Ok(Answer::Table(solve::combine_choice(tables)))
}

fn memoryless(c: &Case) -> Result<(), Skip> {
    match c.game.memory() {
        wythoff::rules::Memory::None => Ok(()),
        _ => Err("a game with memory (the imitation state solver's)".into()),
    }
}

fn rows_to_list(
    run: impl FnOnce(&mut dyn FnMut(u64, &[u32])) -> Result<(), Skip>,
) -> Result<Answer, Skip> {
    let mut ps = Vec::new();
    run(&mut |x, ys| ps.extend(ys.iter().map(|&y| (x, y as u64))))?;
    Ok(Answer::List(ps))
}

const OUTCOME_ENGINES: &[OutcomeEngine] = &[
    OutcomeEngine {
        name: "band (table)",
        run: |c| {
            memoryless(c)?;
            per_variant(c, "outside the band kernel's scope", band::outcomes)
        },
        min: 80,
    },
    OutcomeEngine {
        name: "band (streamed rows)",
        run: |c| {
            memoryless(c)?;
            let g = c.game.for_board(c.n as u64);
            let [r] = g.variants() else {
                return Err("a choice game (the stream takes one variant)".into());
            };
            rows_to_list(|sink| {
                band::stream_p_positions(r, c.n, &mut |_| {}, |x, ys| sink(x, ys))
                    .ok_or_else(|| "outside the band kernel's scope".to_string())
            })
        },
        min: 80,
    },
    OutcomeEngine {
        name: "linear (table)",
        run: |c| {
            memoryless(c)?;
            per_variant(c, "outside the linear kernel's scope", linear::outcomes)
        },
        min: 150,
    },
    OutcomeEngine {
        name: "linear (streamed rows)",
        run: |c| {
            memoryless(c)?;
            let g = c.game.for_board(c.n as u64);
            let [r] = g.variants() else {
                return Err("a choice game (the stream takes one variant)".into());
            };
            rows_to_list(|sink| {
                linear::stream_p_positions(r, c.n, &mut |_| {}, |x, ys| sink(x, ys))
                    .ok_or_else(|| "outside the linear kernel's scope".to_string())
            })
        },
        min: 150,
    },
    OutcomeEngine {
        name: "residue (table)",
        run: |c| {
            memoryless(c)?;
            per_variant(c, "outside the residue kernel's scope", residue::outcomes)
        },
        min: 150,
    },
    OutcomeEngine {
        name: "residue (streamed rows)",
        run: |c| {
            memoryless(c)?;
            let g = c.game.for_board(c.n as u64);
            let [r] = g.variants() else {
                return Err("a choice game (the stream takes one variant)".into());
            };
            rows_to_list(|sink| {
                residue::stream_p_positions(r, c.n, &mut |_| {}, |x, ys| sink(x, ys))
                    .ok_or_else(|| "outside the residue kernel's scope".to_string())
            })
        },
        min: 150,
    },
    OutcomeEngine {
        name: "sparse",
        run: |c| {
            memoryless(c)?;
            per_variant(
                c,
                "outside the sparse kernel's scope, or P-positions too dense",
                sparse::outcomes,
            )
        },
        min: 150,
    },
    OutcomeEngine {
        name: "counters, 1 thread",
        run: |c| {
            memoryless(c)?;
            per_variant(c, "", |r, n| Some(counters::outcomes(r, n)))
        },
        min: 300,
    },
    OutcomeEngine {
        name: "counters, 3 threads",
        run: |c| {
            memoryless(c)?;
            per_variant(c, "", |r, n| {
                Some(counters::outcomes_threads(r, n, 3, &mut |_| {}))
            })
        },
        min: 300,
    },
    OutcomeEngine {
        name: "solve::outcomes (dispatcher)",
        run: |c| {
            memoryless(c)?;
            solve::outcomes(&c.game, c.n)
                .map(Answer::Table)
                .map_err(|e| e.to_string())
        },
        min: 300,
    },
    OutcomeEngine {
        name: "stream::p_positions (dispatcher)",
        run: |c| {
            memoryless(c)?;
            rows_to_list(|sink| {
                stream::p_positions(&c.game, c.n, &mut |_, _| {}, sink).map_err(|e| e.to_string())
            })
        },
        min: 300,
    },
    OutcomeEngine {
        name: "answer::game_p_positions (front door)",
        run: |c| {
            memoryless(c)?;
            rows_to_list(|sink| {
                wythoff::answer::game_p_positions(&c.game, c.n as u64, &mut |_, _| {}, sink)
                    .map_err(|e| e.to_string())
            })
        },
        min: 300,
    },
    OutcomeEngine {
        name: "answer::game_board (front door)",
        run: |c| {
            memoryless(c)?;
            wythoff::answer::game_board(&c.game, c.n as u64, &mut |_, _| {})
                .map(Answer::Table)
                .map_err(|e| e.to_string())
        },
        min: 300,
    },
    OutcomeEngine {
        name: "compare::p_positions",
        run: |c| {
            memoryless(c)?;
            wythoff::compare::p_positions(&c.game, c.n, &mut |_, _| {})
                .map(Answer::List)
                .map_err(|e| e.to_string())
        },
        min: 300,
    },
    OutcomeEngine {
        name: "explain::analyse (one position at a time)",
        run: |c| {
            memoryless(c)?;
            if c.n > 24 {
                return Err("explain solves one position at a time: boards up to 24 only".into());
            }
            let mut out = Vec::new();
            for x in 0..c.n as u64 {
                for y in 0..c.n as u64 {
                    if !c.game.on_some_board(x, y) {
                        continue;
                    }
                    let a = wythoff::explain::analyse(&c.game, x, y).map_err(|e| e.to_string())?;
                    if a.outcome == solve::Outcome::P {
                        out.push((x, y));
                    }
                }
            }
            Ok(Answer::List(out))
        },
        min: 200,
    },
    OutcomeEngine {
        name: "oracle (published solution)",
        run: |c| {
            let ng = c.named.as_ref().ok_or("not a catalogue game")?;
            let o = wythoff::oracle::for_game(ng.entry_name, &ng.params, c.convention())
                .ok_or_else(|| {
                    format!(
                        "no published solution implemented as an oracle ({:?})",
                        c.convention()
                    )
                })?;
            let mut out = Vec::new();
            for x in 0..c.n as u64 {
                for y in 0..c.n as u64 {
                    if !c.game.on_some_board(x, y) {
                        continue;
                    }
                    if o.is_p(&Natural::from(x), &Natural::from(y))
                        .map_err(|e| e.to_string())?
                    {
                        out.push((x, y));
                    }
                }
            }
            Ok(Answer::List(out))
        },
        min: 25,
    },
];

/// The rules of a game with Grundy values, cut to the board.
fn grundy_rules(c: &Case) -> Result<Rules, Skip> {
    if let Some(why) = solve::grundy_unsupported(&c.game) {
        return Err(why.to_string());
    }
    Ok(c.game.for_board(c.n as u64).as_single().unwrap().clone())
}

fn collect(
    n: usize,
    why: &str,
    stream: impl FnOnce(&mut dyn FnMut(u64, &[u32])) -> Option<()>,
) -> Result<GrundyTable, Skip> {
    let mut v = Vec::with_capacity(n * n);
    stream(&mut |_, row| v.extend_from_slice(row)).ok_or_else(|| why.to_string())?;
    Ok(GrundyTable::from_values(n, v))
}

const NIM_LIKE: &str = "outside the nim-like kernel's scope";
const LINES: &str = "outside the lines kernel's scope";
const REGION: &str = "outside the region kernel's scope";

fn nim_like_scope(r: &Rules, _n: usize) -> bool {
    nim_like::applies(r)
}
fn lines_scope(r: &Rules, _n: usize) -> bool {
    lines::applies(r)
}
fn region_scope(r: &Rules, _n: usize) -> bool {
    region::applies(r)
}

const GRUNDY_ENGINES: &[GrundyEngine] = &[
    GrundyEngine {
        name: "nim-like, tiled, 1 thread",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, NIM_LIKE, |s| {
                nim_like::stream(&r, c.n, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(nim_like_scope),
        min: 20,
    },
    GrundyEngine {
        name: "nim-like, tiled, 3 threads",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, NIM_LIKE, |s| {
                nim_like::stream_threads(&r, c.n, 3, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(nim_like_scope),
        min: 20,
    },
    GrundyEngine {
        name: "nim-like, tiled, portable (no AVX2), whole board, 2 threads",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, NIM_LIKE, |s| {
                nim_like::tiled_simd(&r, c.n, 2, false, false, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(nim_like_scope),
        min: 20,
    },
    GrundyEngine {
        name: "nim-like, row kernel (stream_with)",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, NIM_LIKE, |s| {
                nim_like::stream_with(&r, c.n, false, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(nim_like_scope),
        min: 20,
    },
    GrundyEngine {
        name: "lines, row kernel",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, LINES, |s| {
                lines::stream_rows(&r, c.n, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(lines_scope),
        min: 60,
    },
    GrundyEngine {
        name: "lines, tiled, 1 thread",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, LINES, |s| {
                lines::stream(&r, c.n, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(lines_scope),
        min: 60,
    },
    GrundyEngine {
        name: "lines, tiled, 3 threads, narrow bands, whole board",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, LINES, |s| {
                lines::tiled(&r, c.n, 3, false, 8, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(lines_scope),
        min: 60,
    },
    GrundyEngine {
        name: "region, 1 thread",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, REGION, |s| {
                region::stream(&r, c.n, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(region_scope),
        min: 30,
    },
    GrundyEngine {
        name: "region, 2 threads",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, REGION, |s| {
                region::stream_threads(&r, c.n, 2, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(region_scope),
        min: 30,
    },
    GrundyEngine {
        name: "region, tuned (short stripes, small steps, one-word sets: restarts)",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, REGION, |s| {
                region::stream_tuned(&r, c.n, 2, 3, 4, 1, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(region_scope),
        min: 30,
    },
    GrundyEngine {
        name: "union",
        run: |c| {
            let r = grundy_rules(c)?;
            union::grundy(&r, c.n)
                .ok_or_else(|| "outside the union kernel's scope (or rings too deep)".into())
        },
        scope: Some(|r, n| union::memory_estimate(r, n as u64).is_some()),
        min: 100,
    },
    GrundyEngine {
        name: "plain",
        run: |c| grundy_rules(c).map(|r| plain::grundy(&r, c.n)),
        scope: None,
        min: 120,
    },
    GrundyEngine {
        name: "solve::grundy (table dispatcher)",
        run: |c| {
            grundy_rules(c)?;
            solve::grundy(&c.game, c.n).map_err(|e| e.to_string())
        },
        scope: None,
        min: 120,
    },
    GrundyEngine {
        name: "stream::grundy (streaming dispatcher)",
        run: |c| {
            grundy_rules(c)?;
            let mut v = Vec::new();
            stream::grundy(&c.game, c.n, &mut |_, _| {}, &mut |_, row| {
                v.extend_from_slice(row)
            })
            .map_err(|e| e.to_string())?;
            Ok(GrundyTable::from_values(c.n, v))
        },
        scope: None,
        min: 120,
    },
    GrundyEngine {
        name: "answer::grundy_table (front door)",
        run: |c| {
            grundy_rules(c)?;
            let s = wythoff::answer::Subject {
                label: c.label.clone(),
                named: c.named.clone(),
                game: c.game.clone(),
            };
            wythoff::answer::grundy_table(&s, c.n as u64, &mut |_, _| {}).map_err(|e| e.to_string())
        },
        scope: None,
        min: 120,
    },
];

fn case_file() -> Vec<CaseRow> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/cases.toml"
    ))
    .unwrap();
    let cases: CaseFile = toml::from_str(&text).unwrap();
    assert!(cases.case.len() >= 60);
    cases.case
}

/// A case row's game: a catalogue game, or a rules file under testdata/
/// (`game` ending in `.toml`, no catalogue entry), in the row's convention.
fn row_game(row: &CaseRow) -> (Option<NamedGame>, Game) {
    let (named, game) = if row.game.ends_with(".toml") {
        let text = std::fs::read_to_string(format!(
            "{}/../../testdata/{}",
            env!("CARGO_MANIFEST_DIR"),
            row.game
        ))
        .unwrap();
        (None, wythoff::custom::parse_rules_file(&text).unwrap().1)
    } else {
        let ng = parse_game(&row.game).unwrap();
        let g = ng.game.clone();
        (Some(ng), g)
    };
    let game = if row.misere {
        game.with_convention(Convention::Misere)
    } else {
        game
    };
    (named, game)
}

/// The case file's games, then random rules from the shared strategies.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for row in case_file() {
        let (named, game) = row_game(&row);
        out.push(Case {
            label: format!("{} (misère: {})", row.game, row.misere),
            named,
            game,
            n: row.max,
        });
    }
    // random rules of the shared strategies, drawn deterministically
    let mut runner = TestRunner::deterministic();
    for i in 0..160 {
        let (r, n) = (strategies::any_rules(), 1usize..22)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        out.push(Case {
            label: format!("random rules #{i}: {r:?}"),
            named: None,
            game: Game::single(r),
            n,
        });
    }
    for i in 0..100 {
        let (r, n) = (strategies::band_rules(), 1usize..40)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        out.push(Case {
            label: format!("random band rules #{i}: {r:?}"),
            named: None,
            game: Game::single(r),
            n,
        });
    }
    for i in 0..150 {
        let (r, n) = (strategies::linear_rules(), 1usize..48)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        out.push(Case {
            label: format!("random linear rules #{i}: {r:?}"),
            named: None,
            game: Game::single(r),
            n,
        });
    }
    for i in 0..150 {
        let (r, n) = (strategies::residue_rules(), 1usize..48)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        out.push(Case {
            label: format!("random residue rules #{i}: {r:?}"),
            named: None,
            game: Game::single(r),
            n,
        });
    }
    for i in 0..120 {
        let (r, n) = (strategies::region_rules(), 1usize..26)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        out.push(Case {
            label: format!("random region rules #{i}: {r:?}"),
            named: None,
            game: Game::single(r),
            n,
        });
    }
    out
}

fn check_known(row: &CaseRow, reference: &[(u64, u64)]) {
    let Some(known) = &row.known else { return };
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
        row.game
    );
}

#[test]
fn the_reference_equals_the_known_p_positions() {
    for row in case_file() {
        let (_, g) = row_game(&row);
        check_known(
            &row,
            &solve::outcomes_reference(&g, row.max)
                .unwrap()
                .p_positions(),
        );
    }
}

#[test]
fn every_outcome_engine_equals_the_reference() {
    let mut ran: BTreeMap<&str, usize> = BTreeMap::new();
    let mut skipped: BTreeMap<&str, usize> = BTreeMap::new();
    for c in cases() {
        if c.game.memory() != wythoff::rules::Memory::None {
            continue;
        }
        let want = solve::outcomes_reference(&c.game, c.n).unwrap();
        let want_list = want.p_positions();
        // the kernel the selector picks for each variant answers it (the
        // sparse kernel may give up on dense P-positions: then the counters)
        for r in c.game.for_board(c.n as u64).variants() {
            let k = select::outcome_kernel(r);
            let answered = match k {
                select::OutcomeKernel::Linear => linear::outcomes(r, c.n).is_some(),
                select::OutcomeKernel::Band => band::outcomes(r, c.n).is_some(),
                select::OutcomeKernel::Residue => residue::outcomes(r, c.n).is_some(),
                select::OutcomeKernel::Sparse | select::OutcomeKernel::Counters => true,
            };
            assert!(
                answered,
                "{}: the selector chose {k:?}, which skips it",
                c.label
            );
        }
        for e in OUTCOME_ENGINES {
            match (e.run)(&c) {
                Ok(Answer::Table(t)) => {
                    assert_eq!(t, want, "engine {} on {}, board {}", e.name, c.label, c.n);
                    *ran.entry(e.name).or_default() += 1;
                }
                Ok(Answer::List(ps)) => {
                    assert_eq!(
                        ps, want_list,
                        "engine {} on {}, board {}",
                        e.name, c.label, c.n
                    );
                    *ran.entry(e.name).or_default() += 1;
                }
                Err(why) => {
                    println!("SKIP {} on {}: {why}", e.name, c.label);
                    *skipped.entry(e.name).or_default() += 1;
                }
            }
        }
    }
    println!("| outcome engine | answered | skipped |");
    for e in OUTCOME_ENGINES {
        let (a, s) = (
            ran.get(e.name).copied().unwrap_or(0),
            skipped.get(e.name).copied().unwrap_or(0),
        );
        println!("| {} | {a} | {s} |", e.name);
    }
    for e in OUTCOME_ENGINES {
        let a = ran.get(e.name).copied().unwrap_or(0);
        assert!(
            a >= e.min,
            "{} answered only {a} cases (at least {} expected): a scope test skips too much",
            e.name,
            e.min
        );
    }
}

#[test]
fn every_grundy_engine_equals_the_reference() {
    let mut ran: BTreeMap<&str, usize> = BTreeMap::new();
    let mut skipped: BTreeMap<&str, usize> = BTreeMap::new();
    for c in cases() {
        let Ok(r) = grundy_rules(&c) else {
            // every engine skips a game without Grundy values (checked on a few)
            for e in GRUNDY_ENGINES {
                assert!(
                    (e.run)(&c).is_err(),
                    "{} on {}: no Grundy values",
                    e.name,
                    c.label
                );
                *skipped.entry(e.name).or_default() += 1;
            }
            continue;
        };
        let want = reference::grundy(&r, c.n);
        for e in GRUNDY_ENGINES {
            match (e.run)(&c) {
                Ok(t) => {
                    assert_eq!(t, want, "engine {} on {}, board {}", e.name, c.label, c.n);
                    *ran.entry(e.name).or_default() += 1;
                }
                Err(why) => {
                    if let Some(scope) = e.scope {
                        assert!(
                            !scope(&r, c.n),
                            "{} skipped {} although its scope test takes it: {why}",
                            e.name,
                            c.label
                        );
                    }
                    println!("SKIP {} on {}: {why}", e.name, c.label);
                    *skipped.entry(e.name).or_default() += 1;
                }
            }
        }
        // the kernel the selector picks answers this case (the union kernel
        // may give up, rings too deep, and the plain one answers)
        let k = select::grundy_kernel(&r, c.n as u64, solve::memory_budget());
        let engine = match k {
            select::GrundyKernel::NimLike => "nim-like, tiled, 1 thread",
            select::GrundyKernel::Lines => "lines, tiled, 1 thread",
            select::GrundyKernel::Region => "region, 1 thread",
            select::GrundyKernel::Union => "union",
            select::GrundyKernel::Plain => "plain",
        };
        let e = GRUNDY_ENGINES.iter().find(|e| e.name == engine).unwrap();
        assert!(
            (e.run)(&c).is_ok() || k == select::GrundyKernel::Union,
            "{}: the selector chose {k:?}, which skips it",
            c.label
        );
    }
    println!("| Grundy engine | answered | skipped |");
    for e in GRUNDY_ENGINES {
        let (a, s) = (
            ran.get(e.name).copied().unwrap_or(0),
            skipped.get(e.name).copied().unwrap_or(0),
        );
        println!("| {} | {a} | {s} |", e.name);
    }
    for e in GRUNDY_ENGINES {
        let a = ran.get(e.name).copied().unwrap_or(0);
        assert!(
            a >= e.min,
            "{} answered only {a} cases (at least {} expected): a scope test skips too much",
            e.name,
            e.min
        );
    }
}

/// The answer of a sequence engine: pairs `(a_n, b_n)` in its reading's order
/// (checked as a set against the reference board), or the P-positions of a
/// rectangle `rows x n` in row order.
enum SeqAnswer {
    Pairs(Vec<(u64, u64)>),
    Rect(usize, Vec<(u64, u64)>),
}

struct SequenceEngine {
    name: &'static str,
    run: fn(&Case) -> Result<SeqAnswer, Skip>,
    min: usize,
}

/// Normal play, one rule value, no blocking, no memory: the games whose
/// P-positions `sequence` lists as pairs.
fn pair_game(c: &Case) -> Result<&Rules, Skip> {
    if c.convention() == Convention::Misere {
        return Err("misère play (sequences are of normal play)".into());
    }
    memoryless(c)?;
    let r = c
        .game
        .as_single()
        .ok_or_else(|| Skip::from("a choice of variants"))?;
    if r.blocking().is_some() {
        return Err("blocking".into());
    }
    Ok(r)
}

fn subject(c: &Case) -> wythoff::answer::Subject {
    wythoff::answer::Subject {
        label: c.label.clone(),
        named: c.named.clone(),
        game: c.game.clone(),
    }
}

const SEQUENCE_ENGINES: &[SequenceEngine] = &[
    SequenceEngine {
        name: "sparse_rect, square board",
        run: |c| {
            let r = pair_game(c)?;
            let ps = sparse_rect::p_positions(r, c.n, c.n, u64::MAX, &mut |_| {})
                .ok_or_else(|| Skip::from("outside the rectangle kernel's scope"))?;
            Ok(SeqAnswer::Rect(
                c.n,
                ps.into_iter().map(|(x, y)| (x as u64, y as u64)).collect(),
            ))
        },
        min: 150,
    },
    SequenceEngine {
        name: "sparse_rect, thin rectangle (a-order reading)",
        run: |c| {
            let r = pair_game(c)?;
            let rows = c.n / 3 + 1;
            let ps = sparse_rect::p_positions(r, rows, c.n, u64::MAX, &mut |_| {})
                .ok_or_else(|| Skip::from("outside the rectangle kernel's scope"))?;
            Ok(SeqAnswer::Rect(
                rows,
                ps.into_iter().map(|(x, y)| (x as u64, y as u64)).collect(),
            ))
        },
        min: 150,
    },
    SequenceEngine {
        name: "sequence::Generator (mex kernels)",
        run: |c| {
            pair_game(c)?;
            let ng = c
                .named
                .as_ref()
                .ok_or_else(|| Skip::from("not a catalogue game"))?;
            let spec = wythoff::sequence::for_game(ng)
                .map_err(|e| e.to_string())?
                .ok_or_else(|| Skip::from("no mex kernel for this entry"))?;
            let ps = wythoff::sequence::pairs(&spec.kind, c.n as u64).map_err(|e| e.to_string())?;
            Ok(SeqAnswer::Pairs(ps))
        },
        min: 7,
    },
    SequenceEngine {
        name: "board_pairs::read (pairs read off a solved board)",
        run: |c| {
            pair_game(c)?;
            if c.named.is_none() {
                return Err("random rules (the probe board is 512: case file only)".into());
            }
            let terms = (c.n / 2 + 1) as u64;
            let ps = wythoff::board_pairs::read(
                &c.game,
                terms,
                solve::memory_budget(),
                false,
                &mut |_, _| {},
            )
            .map_err(|e| e.to_string())?;
            Ok(SeqAnswer::Pairs(ps))
        },
        min: 5,
    },
    SequenceEngine {
        name: "answer::sequence_list (front door)",
        run: |c| {
            pair_game(c)?;
            if c.named.is_none() {
                return Err("random rules (the probe board is 512: case file only)".into());
            }
            let flat = wythoff::answer::sequence_list(&subject(c), c.n as u64, &mut |_, _| {})
                .map_err(|e| e.to_string())?;
            Ok(SeqAnswer::Pairs(
                flat.chunks(2).map(|p| (p[0], p[1])).collect(),
            ))
        },
        min: 8,
    },
];

/// Pairs against the reference board: every listed pair on the board is a
/// P-position, and every P-position `(x, y)`, `x <= y`, below the first listed
/// pair off the board (in `x`) and up to the largest listed `y` is listed.
fn check_pairs(ps: &[(u64, u64)], want: &OutcomeTable, n: usize) -> Result<(), String> {
    let n64 = n as u64;
    let listed: std::collections::BTreeSet<(u64, u64)> = ps.iter().copied().collect();
    if listed.len() != ps.len() {
        return Err("a pair listed twice".into());
    }
    for &(a, b) in ps {
        if a < n64 && b < n64 && !want.is_p(a as usize, b as usize) {
            return Err(format!("({a}, {b}) is listed but is not a P-position"));
        }
    }
    let x_cut = ps
        .iter()
        .filter(|p| p.0.max(p.1) >= n64)
        .map(|p| p.0.min(p.1))
        .min()
        .unwrap_or_else(|| ps.iter().map(|p| p.0.min(p.1) + 1).max().unwrap_or(0));
    let y_max = ps.iter().map(|p| p.0.max(p.1)).max().unwrap_or(0);
    let mut checked = 0;
    for (x, y) in want.p_positions() {
        let (x, y) = (x as u64, y as u64);
        if x <= y && x < x_cut && y <= y_max {
            checked += 1;
            if !listed.contains(&(x, y)) {
                return Err(format!("P-position ({x}, {y}) is missing"));
            }
        }
    }
    if checked == 0 && !ps.is_empty() && ps.iter().any(|p| p.0.max(p.1) < n64) {
        return Err("no P-position compared".into());
    }
    Ok(())
}

/// At most one P-position `(x, y)`, `x <= y`, in each row `x`.
fn pairs_shaped(t: &OutcomeTable, n: usize) -> bool {
    (0..n).all(|x| (x..n).filter(|&y| t.is_p(x, y)).count() <= 1)
}

fn symmetric(t: &OutcomeTable, n: usize) -> bool {
    (0..n).all(|x| (0..n).all(|y| t.is_p(x, y) == t.is_p(y, x)))
}

#[test]
fn every_sequence_engine_equals_the_reference() {
    let mut ran: BTreeMap<&str, usize> = BTreeMap::new();
    let mut skipped: BTreeMap<&str, usize> = BTreeMap::new();
    for c in cases() {
        if c.game.memory() != wythoff::rules::Memory::None {
            continue;
        }
        let want = solve::outcomes_reference(&c.game, c.n).unwrap();
        for e in SEQUENCE_ENGINES {
            let got = (e.run)(&c);
            let res = match got {
                Ok(SeqAnswer::Rect(rows, ps)) => {
                    let w: Vec<(u64, u64)> = want
                        .p_positions()
                        .into_iter()
                        .map(|(x, y)| (x as u64, y as u64))
                        .filter(|&(x, _)| (x as usize) < rows)
                        .collect();
                    assert_eq!(ps, w, "engine {} on {}, board {}", e.name, c.label, c.n);
                    Ok(())
                }
                Ok(SeqAnswer::Pairs(ps)) => {
                    if !symmetric(&want, c.n) {
                        Err("asymmetric P-positions".to_string())
                    } else if !pairs_shaped(&want, c.n) {
                        Err(
                            "the P-positions are not pairs of sequences (a row holds two)"
                                .to_string(),
                        )
                    } else if c
                        .named
                        .as_ref()
                        .is_some_and(|ng| ng.entry_name == "shifted")
                    {
                        Err("the shifted games' sequences give the P-positions through the index mod p (seed 000), not as the pairs themselves".to_string())
                    } else {
                        if let Err(why) = check_pairs(&ps, &want, c.n) {
                            panic!("engine {} on {}, board {}: {why}", e.name, c.label, c.n);
                        }
                        Ok(())
                    }
                }
                Err(why) => Err(why),
            };
            match res {
                Ok(()) => *ran.entry(e.name).or_default() += 1,
                Err(why) => {
                    println!("SKIP {} on {}: {why}", e.name, c.label);
                    *skipped.entry(e.name).or_default() += 1;
                }
            }
        }
    }
    report_counts(
        "sequence engine",
        SEQUENCE_ENGINES.iter().map(|e| (e.name, e.min)),
        &ran,
        &skipped,
    );
}

struct RemotenessEngine {
    name: &'static str,
    run: fn(&Case) -> Result<RemotenessTable, Skip>,
    min: usize,
}

/// Largest board the remoteness reference (an explicit search over states) is
/// run on here.
const REMOTENESS_REFERENCE_MAX: usize = 16;

/// A per-rules remoteness kernel run on every variant, combined as the
/// dispatcher combines a choice.
fn remoteness_per_variant(
    c: &Case,
    kernel: impl Fn(&Rules, usize) -> Option<RemotenessTable>,
    why: &str,
) -> Result<RemotenessTable, Skip> {
    let g = c.game.for_board(c.n as u64);
    let mut ts = Vec::new();
    for r in g.variants() {
        ts.push(kernel(r, c.n).ok_or_else(|| why.to_string())?);
    }
    Ok(if ts.len() == 1 {
        ts.pop().unwrap()
    } else {
        remoteness::combine_choice(c.convention(), &ts)
    })
}

const REMOTENESS_ENGINES: &[RemotenessEngine] = &[
    RemotenessEngine {
        name: "remoteness::plain_table (every option)",
        run: |c| remoteness_per_variant(c, |r, n| Some(remoteness::plain_table(r, n)), ""),
        min: 180,
    },
    RemotenessEngine {
        name: "remoteness::lines (line kernel)",
        run: |c| {
            remoteness_per_variant(
                c,
                remoteness::lines::table,
                "outside the line kernel's scope",
            )
        },
        min: 20,
    },
    RemotenessEngine {
        name: "remoteness::rules_table (picks the line kernel)",
        run: |c| remoteness_per_variant(c, |r, n| Some(remoteness::rules_table(r, n)), ""),
        min: 180,
    },
    RemotenessEngine {
        name: "solve::remoteness::remoteness (dispatcher)",
        run: |c| remoteness::remoteness(&c.game, c.n).map_err(|e| e.to_string()),
        min: 180,
    },
    RemotenessEngine {
        name: "answer::remoteness_table (front door)",
        run: |c| {
            wythoff::answer::remoteness_table(&subject(c), c.n as u64).map_err(|e| e.to_string())
        },
        min: 180,
    },
];

#[test]
fn every_remoteness_engine_equals_the_reference() {
    let mut ran: BTreeMap<&str, usize> = BTreeMap::new();
    let mut skipped: BTreeMap<&str, usize> = BTreeMap::new();
    for c in cases() {
        if c.game.memory() != wythoff::rules::Memory::None || c.n > REMOTENESS_REFERENCE_MAX {
            continue;
        }
        // the reference per variant (an explicit minimax over states); a
        // choice combined as the dispatcher does
        let g = c.game.for_board(c.n as u64);
        let refs: Vec<RemotenessTable> = g
            .variants()
            .iter()
            .map(|r| {
                let v = remoteness::reference::table(r, c.n)
                    .into_iter()
                    .map(|w| w.map_or(remoteness::REMOTENESS_OFF, |w| w.1))
                    .collect();
                RemotenessTable::from_values(c.n, c.convention(), v)
            })
            .collect();
        let want = if refs.len() == 1 {
            refs.into_iter().next().unwrap()
        } else {
            remoteness::combine_choice(c.convention(), &refs)
        };
        // the outcome the remoteness implies is the reference outcome table
        assert_eq!(
            want.outcomes(),
            solve::outcomes_reference(&c.game, c.n).unwrap(),
            "{}: remoteness reference vs outcome reference",
            c.label
        );
        for e in REMOTENESS_ENGINES {
            match (e.run)(&c) {
                Ok(t) => {
                    assert_eq!(t, want, "engine {} on {}, board {}", e.name, c.label, c.n);
                    *ran.entry(e.name).or_default() += 1;
                }
                Err(why) => {
                    println!("SKIP {} on {}: {why}", e.name, c.label);
                    *skipped.entry(e.name).or_default() += 1;
                }
            }
        }
    }
    report_counts(
        "remoteness engine",
        REMOTENESS_ENGINES.iter().map(|e| (e.name, e.min)),
        &ran,
        &skipped,
    );
}

/// Print the harness table (engine, answered, skipped) and fail for an engine
/// under its minimum.
fn report_counts<'a>(
    what: &str,
    engines: impl Iterator<Item = (&'a str, usize)> + Clone,
    ran: &BTreeMap<&str, usize>,
    skipped: &BTreeMap<&str, usize>,
) {
    println!("| {what} | answered | skipped |");
    for (name, _) in engines.clone() {
        let (a, s) = (
            ran.get(name).copied().unwrap_or(0),
            skipped.get(name).copied().unwrap_or(0),
        );
        println!("| {name} | {a} | {s} |");
    }
    for (name, min) in engines {
        let a = ran.get(name).copied().unwrap_or(0);
        assert!(
            a >= min,
            "{name} answered only {a} cases (at least {min} expected): a scope test skips too much"
        );
    }
}
