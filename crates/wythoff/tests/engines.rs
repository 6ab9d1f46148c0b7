//! The engine harness (the regex-test habit): every outcome kernel, every
//! Grundy kernel, their thread variants and every dispatcher and front door, in
//! two tables, run over the cases of `testdata/cases.toml` and over random
//! rules from the shared strategies (`strategies::any_rules`,
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
use wythoff::solve::outcome::{band, counters, sparse};
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

/// The case file's games, then random rules from the shared strategies.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for row in case_file() {
        let ng = parse_game(&row.game).unwrap();
        let game = if row.misere {
            ng.game.with_convention(Convention::Misere)
        } else {
            ng.game.clone()
        };
        out.push(Case {
            label: format!("{} (misère: {})", row.game, row.misere),
            named: Some(ng),
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
        let ng = parse_game(&row.game).unwrap();
        let g = if row.misere {
            ng.game.with_convention(Convention::Misere)
        } else {
            ng.game
        };
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
                select::OutcomeKernel::Band => band::outcomes(r, c.n).is_some(),
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
