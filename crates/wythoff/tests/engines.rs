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
//!
//! Boards too big for the reference (`[[big]]` in the case file: tile edges,
//! values past a bitset block, rings that wrap, restarts) check each engine
//! against a named engine that the small cases check against the reference.
//! Explicit cases keep the rules that once failed (the proptest seeds of the
//! former `kernels.rs` and `cross_check.rs`).

use malachite_nz::natural::Natural;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde::Deserialize;
use std::collections::BTreeMap;
use wythoff::catalogue::{parse_game, NamedGame};
use wythoff::rules::{BlockClass, Convention, Game, Relation, Rules};
use wythoff::sets::LengthSet;
use wythoff::solve::grundy::{levels, lines, nim_like, plain, region, union};
use wythoff::solve::outcome::{band, counters, linear, residue, sparse, sparse_rect};
use wythoff::solve::remoteness::{self, RemotenessTable};
use wythoff::solve::wavefront::TILE_COLS;
use wythoff::solve::{self, reference, select, stream, wrappers, GrundyTable, OutcomeTable};
use wythoff::FastOptions;

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
    #[serde(default)]
    big: Vec<BigRow>,
}

/// A board too big for the reference: every engine whose name starts with
/// one of `engines` (all of the table when absent) must give the answer of
/// the engine `against` (itself checked against the reference on the cases).
#[derive(Deserialize)]
struct BigRow {
    game: String,
    max: usize,
    #[serde(default)]
    misere: bool,
    against: String,
    engines: Option<Vec<String>>,
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

/// The counters kernel has no pass (the pass kernel answers those: its
/// wrapper's `table` refuses, and a direct call panics rather than ignore it).
fn no_pass(c: &Case) -> Result<(), Skip> {
    if c.game.has_pass() {
        return Err("a pass (the pass kernel's)".into());
    }
    Ok(())
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
        min: 400,
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
        min: 400,
    },
    OutcomeEngine {
        name: "linear (table)",
        run: |c| {
            memoryless(c)?;
            per_variant(c, "outside the linear kernel's scope", linear::outcomes)
        },
        min: 450,
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
        min: 450,
    },
    OutcomeEngine {
        name: "residue (table)",
        run: |c| {
            memoryless(c)?;
            per_variant(c, "outside the residue kernel's scope", residue::outcomes)
        },
        min: 500,
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
        min: 500,
    },
    OutcomeEngine {
        name: "sparse",
        run: |c| {
            memoryless(c)?;
            let got = per_variant(
                c,
                "outside the sparse kernel's scope, or P-positions too dense",
                sparse::outcomes,
            );
            // on small boards the work budget never runs out: in scope means answered
            let g = c.game.for_board(c.n as u64);
            if c.n < 36 && g.variants().iter().all(sparse::applies) {
                assert!(got.is_ok(), "sparse skipped {} in its scope", c.label);
            }
            got
        },
        min: 900,
    },
    OutcomeEngine {
        name: "counters, 1 thread",
        run: |c| {
            memoryless(c)?;
            no_pass(c)?;
            per_variant(c, "", |r, n| Some(counters::outcomes(r, n)))
        },
        min: 1500,
    },
    OutcomeEngine {
        name: "counters, 2 threads",
        run: |c| {
            memoryless(c)?;
            no_pass(c)?;
            per_variant(c, "", |r, n| {
                Some(counters::outcomes_threads(r, n, 2, &mut |_| {}))
            })
        },
        min: 1500,
    },
    OutcomeEngine {
        name: "counters, 3 threads",
        run: |c| {
            memoryless(c)?;
            no_pass(c)?;
            per_variant(c, "", |r, n| {
                Some(counters::outcomes_threads(r, n, 3, &mut |_| {}))
            })
        },
        min: 1500,
    },
    OutcomeEngine {
        name: "counters, 5 threads",
        run: |c| {
            memoryless(c)?;
            no_pass(c)?;
            per_variant(c, "", |r, n| {
                Some(counters::outcomes_threads(r, n, 5, &mut |_| {}))
            })
        },
        min: 1500,
    },
    OutcomeEngine {
        name: "solve::outcomes (dispatcher)",
        run: |c| {
            memoryless(c)?;
            solve::outcomes(&c.game, c.n)
                .map(Answer::Table)
                .map_err(|e| e.to_string())
        },
        min: 1500,
    },
    OutcomeEngine {
        name: "stream::p_positions (dispatcher)",
        run: |c| {
            memoryless(c)?;
            rows_to_list(|sink| {
                stream::p_positions(&c.game, c.n, &mut |_, _| {}, sink).map_err(|e| e.to_string())
            })
        },
        min: 1500,
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
        min: 1500,
    },
    OutcomeEngine {
        name: "answer::game_board (front door)",
        run: |c| {
            memoryless(c)?;
            wythoff::answer::game_board(&c.game, c.n as u64, &mut |_, _| {})
                .map(Answer::Table)
                .map_err(|e| e.to_string())
        },
        min: 1500,
    },
    OutcomeEngine {
        name: "compare::p_positions",
        run: |c| {
            memoryless(c)?;
            wythoff::compare::p_positions(&c.game, c.n, &mut |_, _| {})
                .map(Answer::List)
                .map_err(|e| e.to_string())
        },
        min: 1500,
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
        min: 900,
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
        min: 60,
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
    let mut next = 0u64;
    stream(&mut |x, row| {
        assert_eq!(x, next, "rows in order");
        next += 1;
        v.extend_from_slice(row)
    })
    .ok_or_else(|| why.to_string())?;
    assert_eq!(next, n as u64, "every row");
    Ok(GrundyTable::from_values(n, v))
}

/// Run a kernel with a progress callback and check that its last report is
/// `n` (every row done).
fn progress_ends_at(n: usize, run: impl FnOnce(&mut dyn FnMut(u64)) -> Option<()>) -> Option<()> {
    let mut done = 0;
    let out = run(&mut |d| done = d);
    if out.is_some() {
        assert_eq!(done, n as u64, "progress ends at n");
    }
    out
}

/// The region kernel with `threads` workers, stripes of `rows` rows, steps of
/// `step` columns and a first bitset width of `width` values (narrow widths
/// restart the solve, stripes of one row make the row above's lag bind).
macro_rules! region_tuned {
    ($threads:expr, $rows:expr, $step:expr, $width:expr) => {
        GrundyEngine {
            name: concat!(
                "region, tuned: ",
                $threads,
                " threads, stripes of ",
                $rows,
                ", steps of ",
                $step,
                ", width ",
                $width
            ),
            run: |c| {
                let r = grundy_rules(c)?;
                collect(c.n, REGION, |s| {
                    region::stream_tuned(
                        &r,
                        c.n,
                        $threads,
                        $rows,
                        $step,
                        $width,
                        &mut |_| {},
                        |x, row| s(x, row),
                    )
                })
            },
            scope: Some(region_scope),
            min: 200,
        }
    };
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

const LEVELS: &str = "outside the level kernel's scope (one-pile moves of some lengths only)";

fn levels_scope(r: &Rules, _n: usize) -> bool {
    levels::applies(r)
}

/// The whole table from the level sets `0..=top`, `top` doubled until every
/// cell of the board has its value (`run(top, sink)` lists the levels).
fn levels_table(
    n: usize,
    r: &Rules,
    run: &dyn Fn(u32, &mut dyn FnMut(u32, u32, u32)) -> Option<()>,
) -> Option<GrundyTable> {
    let cells = (0..n * n)
        .filter(|i| r.on_board((i / n) as u64, (i % n) as u64))
        .count();
    let mut top = 1u32;
    loop {
        let mut v = vec![solve::GRUNDY_OFF; n * n];
        let mut last = (0, 0, 0);
        let mut count = 0;
        run(top, &mut |g, x, y| {
            assert!((g, x, y) > last || count == 0, "by value, row, column");
            last = (g, x, y);
            let cell = &mut v[x as usize * n + y as usize];
            assert_eq!(*cell, solve::GRUNDY_OFF, "one value a cell");
            *cell = g;
            count += 1;
        })?;
        if count == cells {
            return Some(GrundyTable::from_values(n, v));
        }
        top *= 2;
    }
}

const GRUNDY_ENGINES: &[GrundyEngine] = &[
    GrundyEngine {
        name: "levels (0..=top, top doubled until the table is whole)",
        run: |c| {
            let r = grundy_rules(c)?;
            levels_table(c.n, &r, &|top, sink| {
                progress_ends_at(c.n, |p| {
                    let mut last = 0;
                    let out = levels::positions(
                        &r,
                        c.n as u64,
                        top,
                        &mut |d, t| {
                            assert!(d >= last && d <= t);
                            last = d;
                            if d == t {
                                p(c.n as u64)
                            }
                        },
                        sink,
                    );
                    out
                })
            })
            .ok_or_else(|| LEVELS.to_string())
        },
        scope: Some(levels_scope),
        min: 280,
    },
    GrundyEngine {
        name: "answer::grundy_levels (front door)",
        run: |c| {
            let r = grundy_rules(c)?;
            let s = wythoff::answer::Subject {
                label: c.label.clone(),
                named: c.named.clone(),
                game: c.game.clone(),
            };
            let t = levels_table(c.n, &r, &|top, sink| {
                // levels 0..top asked as 1..top and 0..0 (the range's lower end)
                let mut ok =
                    wythoff::answer::grundy_levels(&s, c.n as u64, (0, 0), &mut |_, _| {}, sink)
                        .map_err(|e| e.to_string());
                // values above what the board can hold are refused at once
                // (answer::levels_values, issue 53): no position there
                let most = wythoff::answer::levels_values(&s, c.n as u64, (0, u64::MAX))
                    .map(|v| v.1)
                    .unwrap_or(u64::MAX);
                if ok.is_ok() && top >= 1 && most >= 1 {
                    ok = wythoff::answer::grundy_levels(
                        &s,
                        c.n as u64,
                        (1, top as u64),
                        &mut |_, _| {},
                        sink,
                    )
                    .map_err(|e| e.to_string());
                }
                ok.ok()
            });
            t.ok_or_else(|| LEVELS.to_string())
        },
        scope: Some(levels_scope),
        min: 280,
    },
    GrundyEngine {
        name: "nim-like, tiled, 1 thread",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, NIM_LIKE, |s| {
                nim_like::stream_threads(&r, c.n, 1, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(nim_like_scope),
        min: 150,
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
        min: 150,
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
        min: 150,
    },
    GrundyEngine {
        name: "nim-like, tiled, 2 threads",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, NIM_LIKE, |s| {
                nim_like::stream_threads(&r, c.n, 2, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(nim_like_scope),
        min: 150,
    },
    GrundyEngine {
        name: "nim-like, tiled, 5 threads, no triangle",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, NIM_LIKE, |s| {
                progress_ends_at(c.n, |p| {
                    nim_like::tiled(&r, c.n, 5, false, p, |x, row| s(x, row))
                })
            })
        },
        scope: Some(nim_like_scope),
        min: 150,
    },
    GrundyEngine {
        name: "nim-like, tiled, 3 threads, triangle",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, NIM_LIKE, |s| {
                progress_ends_at(c.n, |p| {
                    nim_like::tiled(&r, c.n, 3, true, p, |x, row| s(x, row))
                })
            })
        },
        scope: Some(nim_like_scope),
        min: 150,
    },
    GrundyEngine {
        name: "nim-like, tiled, portable, 5 threads, triangle",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, NIM_LIKE, |s| {
                nim_like::tiled_simd(&r, c.n, 5, true, false, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(nim_like_scope),
        min: 150,
    },
    GrundyEngine {
        name: "nim-like, plain bitset mex (the benchmarks' baseline, no corner)",
        run: |c| {
            let r = grundy_rules(c)?;
            if !nim_like::applies(&r) || r.corner().is_some() {
                return Err("outside the nim-like kernel's scope, or a removed corner".into());
            }
            collect(c.n, NIM_LIKE, |s| {
                nim_like::grundy_plain_bitset(&r, c.n, |x, row| s(x, row));
                Some(())
            })
        },
        scope: None,
        min: 40,
    },
    GrundyEngine {
        name: "nim-like, row kernel with the stored triangle",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, NIM_LIKE, |s| {
                nim_like::stream_with(&r, c.n, true, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(nim_like_scope),
        min: 150,
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
        min: 150,
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
        min: 550,
    },
    GrundyEngine {
        name: "lines, tiled, 1 thread",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, LINES, |s| {
                lines::stream_threads(&r, c.n, 1, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(lines_scope),
        min: 550,
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
        min: 550,
    },
    GrundyEngine {
        name: "lines, tiled, 2 threads, triangle, 7-column bands",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, LINES, |s| {
                progress_ends_at(c.n, |p| {
                    lines::tiled(&r, c.n, 2, true, 7, p, |x, row| s(x, row))
                })
            })
        },
        scope: Some(lines_scope),
        min: 550,
    },
    GrundyEngine {
        name: "lines, tiled, 5 threads, no triangle",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, LINES, |s| {
                progress_ends_at(c.n, |p| {
                    lines::tiled(&r, c.n, 5, false, TILE_COLS, p, |x, row| s(x, row))
                })
            })
        },
        scope: Some(lines_scope),
        min: 550,
    },
    GrundyEngine {
        name: "lines, stream_threads, 2 threads",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, LINES, |s| {
                lines::stream_threads(&r, c.n, 2, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(lines_scope),
        min: 550,
    },
    GrundyEngine {
        name: "region, 1 thread",
        run: |c| {
            let r = grundy_rules(c)?;
            collect(c.n, REGION, |s| {
                region::stream_threads(&r, c.n, 1, &mut |_| {}, |x, row| s(x, row))
            })
        },
        scope: Some(region_scope),
        min: 200,
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
        min: 200,
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
        min: 200,
    },
    region_tuned!(2, 16, 128, 64),
    region_tuned!(3, 16, 128, 64),
    region_tuned!(2, 1, 1, 64),
    region_tuned!(3, 2, 3, 64),
    region_tuned!(2, 5, 7, 64),
    region_tuned!(1, 3, 2, 64),
    region_tuned!(2, 16, 128, 8),
    region_tuned!(3, 16, 128, 8),
    region_tuned!(2, 1, 16, 8),
    region_tuned!(3, 4, 5, 8),
    region_tuned!(1, 16, 128, 8),
    GrundyEngine {
        name: "union",
        run: |c| {
            let r = grundy_rules(c)?;
            union::grundy_with_progress(&r, c.n, &mut |_| {})
                .ok_or_else(|| "outside the union kernel's scope (or rings too deep)".into())
        },
        scope: Some(|r, n| union::memory_estimate(r, n as u64).is_some()),
        min: 700,
    },
    GrundyEngine {
        name: "plain",
        run: |c| grundy_rules(c).map(|r| plain::grundy_with_progress(&r, c.n, &mut |_| {})),
        scope: None,
        min: 800,
    },
    GrundyEngine {
        name: "solve::grundy (table dispatcher)",
        run: |c| {
            grundy_rules(c)?;
            solve::grundy(&c.game, c.n).map_err(|e| e.to_string())
        },
        scope: None,
        min: 800,
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
        min: 800,
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
        min: 800,
    },
];

fn read_case_file() -> CaseFile {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/cases.toml"
    ))
    .unwrap();
    toml::from_str(&text).unwrap()
}

fn case_file() -> Vec<CaseRow> {
    let cases = read_case_file();
    assert!(cases.case.len() >= 60);
    cases.case
}

/// A case row's game: a catalogue game, or a rules file under testdata/
/// (`game` ending in `.toml`, no catalogue entry), in the row's convention.
fn row_game(row: &CaseRow) -> (Option<NamedGame>, Game) {
    named_game(&row.game, row.misere)
}

fn named_game(name: &str, misere: bool) -> (Option<NamedGame>, Game) {
    let (named, game) = if name.ends_with(".toml") {
        let text = std::fs::read_to_string(format!(
            "{}/../../testdata/{}",
            env!("CARGO_MANIFEST_DIR"),
            name
        ))
        .unwrap();
        (None, wythoff::custom::parse_rules_file(&text).unwrap().1)
    } else {
        let ng = parse_game(name).unwrap();
        let g = ng.game.clone();
        (Some(ng), g)
    };
    let game = if misere {
        game.with_convention(Convention::Misere)
    } else {
        game
    };
    (named, game)
}

/// Rules that once failed (the shrunk proptest seeds of the former
/// `cross_check.rs` and `kernels.rs`), with their boards.
fn regressions() -> Vec<(Rules, usize)> {
    let s = |t: &str| LengthSet::parse(t).unwrap();
    let b = || Rules::builder();
    let misere = Convention::Misere;
    vec![
        // cross_check.rs
        (
            b().h(s("all"))
                .v(s("min1"))
                .two_pile(s("all"), s("all"), Relation::Congruent { m: 1 })
                .build()
                .unwrap(),
            2,
        ),
        (
            b().h(s("odd"))
                .v(s("none"))
                .convention(misere)
                .build()
                .unwrap(),
            2,
        ),
        (
            b().h(s("all"))
                .v(s("none"))
                .two_pile(s("all"), s("all"), Relation::Cone { s: 2, t: 1 })
                .convention(misere)
                .build()
                .unwrap(),
            4,
        ),
        (
            b().h(s("all"))
                .v(s("all"))
                .two_pile(s("all"), s("3:0+0"), Relation::Congruent { m: 2 })
                .blocking(BlockClass::All, 2)
                .terminal(2)
                .build()
                .unwrap(),
            10,
        ),
        // kernels.rs
        (
            b().h(s("all"))
                .v(s("even"))
                .two_pile(s("odd"), s("odd"), Relation::Cone { s: 2, t: 1 })
                .build()
                .unwrap(),
            3,
        ),
        (
            b().h(s("all"))
                .v(s("odd"))
                .two_pile(s("odd"), s("3:0"), Relation::Band { m: 3 })
                .build()
                .unwrap(),
            4,
        ),
        (
            b().h(s("none"))
                .v(s("none"))
                .two_pile(
                    s("rook(2,1)|max1"),
                    s("4:1+1"),
                    Relation::Cone { s: 1, t: 3 },
                )
                .build()
                .unwrap(),
            2,
        ),
        (
            b().h(s("all"))
                .v(s("odd"))
                .two_pile(s("all"), s("all"), Relation::Cone { s: 2, t: 4 })
                .build()
                .unwrap(),
            2,
        ),
        // the region Grundy kernel with its lag set to 0: rows of a stripe too close
        (
            b().h(s("all"))
                .v(s("all"))
                .two_pile(s("even"), s("even"), Relation::Congruent { m: 1 })
                .build()
                .unwrap(),
            8,
        ),
    ]
}

/// `count` rules of `strategy` on boards drawn from `sizes`, deterministically.
fn random_cases(
    out: &mut Vec<Case>,
    runner: &mut TestRunner,
    what: &str,
    count: usize,
    strategy: impl Strategy<Value = Rules>,
    sizes: std::ops::Range<usize>,
) {
    let both = (strategy, sizes);
    for i in 0..count {
        let (r, n) = both.new_tree(runner).unwrap().current();
        out.push(Case {
            label: format!("random {what} #{i}: {r:?}"),
            named: None,
            game: Game::single(r),
            n,
        });
    }
}

/// The case file's games, the regressions, then random rules from the shared
/// strategies.
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
    for (i, (r, n)) in regressions().into_iter().enumerate() {
        out.push(Case {
            label: format!("regression #{i}: {r:?}"),
            named: None,
            game: Game::single(r),
            n,
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
    let r = &mut runner;
    random_cases(
        &mut out,
        r,
        "band or cone s = 1 rules",
        150,
        strategies::band_cone_rules(),
        1..40,
    );
    random_cases(
        &mut out,
        r,
        "sparse rules",
        200,
        strategies::sparse_rules(),
        1..36,
    );
    let misere = strategies::sparse_rules().prop_map(|r| r.with_convention(Convention::Misere));
    random_cases(&mut out, r, "sparse rules, misère", 150, misere, 1..36);
    random_cases(
        &mut out,
        r,
        "band Grundy rules",
        150,
        strategies::band_grundy_rules(),
        1..34,
    );
    random_cases(
        &mut out,
        r,
        "region Grundy rules",
        150,
        strategies::grundy_region_rules(),
        1..40,
    );
    random_cases(
        &mut out,
        r,
        "Nim or Wythoff with a corner",
        80,
        strategies::nim_like_rules(),
        1..30,
    );
    // a pass on random rules of every kind (blocking, corner, terminal set,
    // both conventions): the pass kernel through the dispatchers, the
    // reference's pass, the remoteness reference's state (position, pass)
    let with_pass = |r: Rules| r.with_pass().ok();
    let pass = strategies::any_rules().prop_filter_map("a memory rule has no pass", with_pass);
    random_cases(&mut out, r, "rules with a pass", 120, pass, 1..22);
    let pass_misere = strategies::any_rules()
        .prop_filter_map("a memory rule has no pass", with_pass)
        .prop_map(|r| r.with_convention(Convention::Misere));
    random_cases(
        &mut out,
        r,
        "rules with a pass, misère",
        60,
        pass_misere,
        1..22,
    );
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
            // through its wrapper, what the dispatchers run
            let answered =
                k.fallback().is_some() || wrappers::outcome(k).table(r, c.n, &mut |_| {}).is_some();
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

/// Every kernel of each order, through its wrapper (what the dispatchers
/// run), equals the reference on every case in its scope (`applies`), or
/// gives up where it has a fallback; and each is reached by some case. A
/// kernel added to an order is checked here with no edit of this file (a new
/// kernel's own engine rows above add its thread variants and internals).
#[test]
fn every_kernel_of_the_orders_equals_the_reference() {
    // each kernel on its first cases (the engine rows above check them all):
    // what a new kernel needs, at a few seconds
    const ENOUGH: usize = 60;
    let mut answered: BTreeMap<String, usize> = BTreeMap::new();
    // one kernel of an order on one case, if it still wants cases: its table
    // (`None`: it gave up, allowed where it has a fallback) against the
    // reference, computed once a case (`want`)
    fn check<T: PartialEq + std::fmt::Debug>(
        answered: &mut BTreeMap<String, usize>,
        key: String,
        applies: bool,
        falls_back: bool,
        want: &mut Option<T>,
        reference: impl FnOnce() -> T,
        table: impl FnOnce() -> Option<T>,
        label: &str,
    ) {
        if !applies || answered.get(&key).copied().unwrap_or(0) >= ENOUGH {
            return;
        }
        let want = want.get_or_insert_with(reference);
        match table() {
            Some(t) => {
                assert_eq!(&t, want, "{key} kernel on {label}");
                *answered.entry(key).or_default() += 1;
            }
            None => assert!(
                falls_back,
                "{key} kernel gave up on {label} in its scope, with no fallback"
            ),
        }
    }
    for c in cases() {
        if c.game.memory() != wythoff::rules::Memory::None {
            continue;
        }
        let label = format!("{}, board {}", c.label, c.n);
        for r in c.game.for_board(c.n as u64).variants() {
            let mut want = None;
            for k in solve::OutcomeKernel::ORDER {
                let w = wrappers::outcome(k);
                check(
                    &mut answered,
                    format!("outcome {k:?}"),
                    w.applies(r),
                    k.fallback().is_some(),
                    &mut want,
                    || reference::outcomes(r, c.n),
                    || w.table(r, c.n, &mut |_| {}),
                    &label,
                );
            }
            if c.n > REMOTENESS_REFERENCE_MAX {
                continue;
            }
            let mut want = None;
            for k in solve::RemotenessKernel::ORDER {
                let w = wrappers::remoteness(k);
                let reference = || {
                    let v = remoteness::reference::table(r, c.n)
                        .into_iter()
                        .map(|w| w.map_or(remoteness::REMOTENESS_OFF, |w| w.1))
                        .collect();
                    RemotenessTable::from_values(c.n, c.convention(), v)
                };
                check(
                    &mut answered,
                    format!("remoteness {k:?}"),
                    w.applies(r),
                    k.fallback().is_some(),
                    &mut want,
                    reference,
                    || w.table(r, c.n),
                    &label,
                );
            }
        }
        let Ok(r) = grundy_rules(&c) else { continue };
        let mut want = None;
        for k in solve::GrundyKernel::ORDER {
            let w = wrappers::grundy(k);
            check(
                &mut answered,
                format!("Grundy {k:?}"),
                w.applies(&r),
                k.fallback().is_some(),
                &mut want,
                || reference::grundy(&r, c.n),
                || w.table(&r, c.n, &mut |_| {}),
                &label,
            );
        }
    }
    let orders = solve::OutcomeKernel::ORDER
        .iter()
        .map(|k| format!("outcome {k:?}"))
        .chain(
            solve::GrundyKernel::ORDER
                .iter()
                .map(|k| format!("Grundy {k:?}")),
        )
        .chain(
            solve::RemotenessKernel::ORDER
                .iter()
                .map(|k| format!("remoteness {k:?}")),
        );
    for k in orders {
        let a = answered.get(&k).copied().unwrap_or(0);
        println!("| {k} | {a} |");
        assert!(
            a > 0,
            "{k} answered no case: the case file needs one in its scope"
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
        // `grundy --values`: the level plan exactly where the kernel answers
        let levels_plan = solve::plan::levels_plan(
            &c.game,
            c.n as u64,
            (0, 3),
            wythoff::solve::cost::Listing::COUNTED,
        );
        assert_eq!(levels_plan.is_ok(), levels::applies(&r), "{}", c.label);
        let answered = k.fallback().is_some()
            || wrappers::grundy(k)
                .table(&r, c.n, &mut |_| {})
                .is_some_and(|t| t == want);
        assert!(
            answered,
            "{}: the selector chose {k:?}, which skips it or answers wrongly",
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
        min: 800,
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
        min: 800,
    },
    SequenceEngine {
        name: "mex_pairs::Generator (mex kernels)",
        run: |c| {
            pair_game(c)?;
            let ng = c
                .named
                .as_ref()
                .ok_or_else(|| Skip::from("not a catalogue game"))?;
            let spec = wythoff::mex_pairs::for_game(ng)
                .map_err(|e| e.to_string())?
                .ok_or_else(|| Skip::from("no mex kernel for this entry"))?;
            let ps =
                wythoff::mex_pairs::pairs(&spec.kind, c.n as u64).map_err(|e| e.to_string())?;
            Ok(SeqAnswer::Pairs(ps))
        },
        min: 15,
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
        min: 12,
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
        min: 16,
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
        min: 650,
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
        min: 110,
    },
    RemotenessEngine {
        name: "solve::rules_remoteness_table (picks the line kernel)",
        run: |c| {
            remoteness_per_variant(
                c,
                |r, n| Some(wythoff::solve::rules_remoteness_table(r, n)),
                "",
            )
        },
        min: 650,
    },
    RemotenessEngine {
        name: "solve::remoteness_table (dispatcher)",
        run: |c| wythoff::solve::remoteness_table(&c.game, c.n).map_err(|e| e.to_string()),
        min: 650,
    },
    RemotenessEngine {
        name: "answer::remoteness_table (front door)",
        run: |c| {
            wythoff::answer::remoteness_table(&subject(c), c.n as u64).map_err(|e| e.to_string())
        },
        min: 650,
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

/// Does `name` belong to the engines a big row runs?
fn selected(engines: &Option<Vec<String>>, name: &str) -> bool {
    engines
        .as_ref()
        .is_none_or(|es| es.iter().any(|e| name.starts_with(e.as_str())))
}

fn as_list(a: Answer) -> Vec<(u64, u64)> {
    match a {
        Answer::Table(t) => t.p_positions(),
        Answer::List(ps) => ps,
    }
}

/// Big random boards (rings that wrap, workers that publish within a row):
/// the counters' thread variants against one thread.
fn big_random_rows() -> Vec<(Case, &'static str, Option<Vec<String>>)> {
    let mut out = Vec::new();
    let mut runner = TestRunner::deterministic();
    random_cases(
        &mut out,
        &mut runner,
        "rules, big board",
        40,
        strategies::any_rules(),
        60..160,
    );
    random_cases(
        &mut out,
        &mut runner,
        "region rules, big board",
        40,
        strategies::region_rules(),
        60..160,
    );
    let mut rows: Vec<_> = out
        .drain(..)
        .map(|c| (c, "counters, 1 thread", Some(vec!["counters".to_string()])))
        .collect();
    // the lines kernel's tiles (1 to 5 workers, narrow bands) against its rows
    random_cases(
        &mut out,
        &mut runner,
        "band Grundy rules, big board",
        40,
        strategies::band_grundy_rules(),
        60..160,
    );
    rows.extend(
        out.into_iter()
            .map(|c| (c, "lines, row kernel", Some(vec!["lines".to_string()]))),
    );
    rows
}

#[test]
fn every_engine_equals_the_checked_one_on_big_boards() {
    let mut rows = Vec::new();
    for row in read_case_file().big {
        let (named, game) = named_game(&row.game, row.misere);
        let c = Case {
            label: format!("{} (misère: {}), big", row.game, row.misere),
            named,
            game,
            n: row.max,
        };
        rows.push((c, row.against.clone(), row.engines));
    }
    assert!(rows.len() >= 60, "big rows: {}", rows.len());
    rows.extend(
        big_random_rows()
            .into_iter()
            .map(|(c, a, e)| (c, a.to_string(), e)),
    );
    let mut ran: BTreeMap<&str, usize> = BTreeMap::new();
    let mut skipped: BTreeMap<&str, usize> = BTreeMap::new();
    // Grundy boards whose values pass the first 512-value block of the
    // bitsets (checked against `plain`), or restart the region kernel
    let mut past_block = 0;
    let mut restarts = 0;
    for (c, against, engines) in &rows {
        let mut answered = 0;
        if let Some(base) = OUTCOME_ENGINES.iter().find(|e| e.name == against) {
            let want = as_list(
                (base.run)(c).unwrap_or_else(|why| panic!("{against} skipped {}: {why}", c.label)),
            );
            for e in OUTCOME_ENGINES {
                if e.name == against || !selected(engines, e.name) {
                    continue;
                }
                match (e.run)(c) {
                    Ok(a) => {
                        assert_eq!(
                            as_list(a),
                            want,
                            "engine {} on {} vs {against}",
                            e.name,
                            c.label
                        );
                        *ran.entry(e.name).or_default() += 1;
                        answered += 1;
                    }
                    Err(why) => {
                        println!("SKIP {} on {}: {why}", e.name, c.label);
                        *skipped.entry(e.name).or_default() += 1;
                    }
                }
            }
        } else {
            let base = GRUNDY_ENGINES
                .iter()
                .find(|e| e.name == against)
                .unwrap_or_else(|| panic!("no engine named {against}"));
            let want =
                (base.run)(c).unwrap_or_else(|why| panic!("{against} skipped {}: {why}", c.label));
            if want.max_value() >= 512 {
                match base.name {
                    "plain" => past_block += 1,
                    "region, 1 thread" => restarts += 1,
                    _ => {}
                }
            }
            for e in GRUNDY_ENGINES {
                if e.name == against || !selected(engines, e.name) {
                    continue;
                }
                match (e.run)(c) {
                    Ok(t) => {
                        assert!(t == want, "engine {} on {} vs {against}", e.name, c.label);
                        *ran.entry(e.name).or_default() += 1;
                        answered += 1;
                    }
                    Err(why) => {
                        println!("SKIP {} on {}: {why}", e.name, c.label);
                        *skipped.entry(e.name).or_default() += 1;
                    }
                }
            }
        }
        if answered == 0 {
            // the engines' minimums below say whether the rows still exercise them
            println!("NONE on {}: no engine but {against} answered", c.label);
        }
    }
    assert!(
        past_block >= 5,
        "boards whose values pass 512: {past_block}"
    );
    assert!(
        restarts >= 3,
        "region boards that restart past 512: {restarts}"
    );
    let names = OUTCOME_ENGINES
        .iter()
        .map(|e| e.name)
        .chain(GRUNDY_ENGINES.iter().map(|e| e.name));
    // what the big rows are there for: the kernels' thread and tile variants
    let mins = [
        ("counters, 5 threads", 80),
        ("band (table)", 25),
        ("sparse", 15),
        ("nim-like, tiled, 5 threads, no triangle", 8),
        ("lines, tiled, 5 threads, no triangle", 20),
        ("union", 12),
        ("region, 2 threads", 15),
    ];
    report_counts(
        "engine on big boards",
        names.map(|n| (n, mins.iter().find(|m| m.0 == n).map_or(0, |m| m.1))),
        &ran,
        &skipped,
    );
}

/// The options by line families (what `explain` reads) are the options the
/// rules enumerate, on every memoryless case, positions up to 15.
#[test]
fn options_by_families_equal_the_enumerated_options() {
    let mut checked = 0;
    for c in cases() {
        let Some(r) = c.game.as_single() else {
            continue;
        };
        if r.memory() != wythoff::rules::Memory::None {
            continue;
        }
        for x in 0..15u64 {
            for y in 0..15u64 {
                if !r.on_board(x, y) {
                    continue;
                }
                let mut want = r.options(x, y);
                want.sort_unstable();
                assert_eq!(r.options_fast(x, y), want, "{} at ({x}, {y})", c.label);
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000, "{checked} positions");
}

/// The sequence kernels against the exact big-integer oracles (an independent
/// implementation of the papers' solutions) on 20,000 terms, where the oracle
/// gives pairs: far beyond any board.
#[test]
fn the_sequence_kernels_equal_the_oracles_pairs() {
    let mut checked = 0;
    for name in [
        "wythoff",
        "m-wythoff:m=2",
        "m-wythoff:m=3",
        "st-wythoff:s=2,t=1",
        "st-wythoff:s=3,t=2",
        "diagonal-blocking:p=3,m=2",
        "diagonal-blocking:p=2,m=1",
        "imitation:p=3,m=2",
        "roob-blocking:m=2,p=3",
        "roob-blocking:m=1,p=2",
        "connell:p=3",
        "modulo-rook:m=2,l=0,p=3",
        "choose-shift:m=2,p=2",
        "modular:m=7",
    ] {
        let g = parse_game(name).unwrap();
        let spec = wythoff::mex_pairs::for_game(&g).unwrap().unwrap();
        let Some(o) = wythoff::oracle::for_game(g.entry_name, &g.params, g.game.convention())
        else {
            continue;
        };
        let pairs = wythoff::mex_pairs::pairs(&spec.kind, 20_000).unwrap();
        let mut any = false;
        for (n, &(a, b)) in pairs.iter().enumerate() {
            let Some(want) = o.pair(&Natural::from(n as u64)).unwrap() else {
                break;
            };
            any = true;
            assert_eq!((Natural::from(a), Natural::from(b)), want, "{name} n={n}");
        }
        checked += any as usize;
    }
    assert!(checked >= 8, "{checked} games checked against their oracle");
}

/// The nim-like kernel keeps the upper triangle of a symmetric board while the
/// values fit in `u16` (past 65535 from N = 21846 on for Wythoff), so both of
/// its paths run on the boards above.
#[test]
fn the_nim_like_kernel_keeps_the_triangle_while_values_fit() {
    for name in ["nim", "wythoff", "corner:m=1,p=1,u=4,v=4"] {
        let g = parse_game(name).unwrap().game;
        assert!(
            nim_like::keeps_triangle(g.as_single().unwrap(), 600),
            "{name}"
        );
    }
    let g = parse_game("wythoff").unwrap().game;
    assert!(!nim_like::keeps_triangle(g.as_single().unwrap(), 65536));
}

/// Misère Grundy values of one game (`grundy --misere`): the front door (the
/// plain kernel) equals `reference::misere_grundy` on every case with Grundy
/// values (the case file and random rules), and its zeros are exactly the
/// misère P-positions of `reference::outcomes`.
#[test]
fn misere_grundy_values_equal_the_reference_and_the_misere_p_positions() {
    let mut ran = 0;
    for c in cases() {
        // a pass: no Grundy values (normal or misère), refused by answer
        if c.game.is_choice()
            || c.game.has_blocking()
            || c.game.has_pass()
            || c.game.memory() != wythoff::rules::Memory::None
        {
            continue;
        }
        let game = c.game.with_convention(Convention::Misere);
        let r = game.for_board(c.n as u64).as_single().unwrap().clone();
        let want = reference::misere_grundy(&r, c.n);
        let s = wythoff::answer::Subject {
            label: c.label.clone(),
            named: c.named.clone(),
            game: game.clone(),
        };
        let got = wythoff::answer::misere_grundy_table(&s, c.n as u64, &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{}: {e}", c.label));
        assert_eq!(
            got, want,
            "misère Grundy values of {}, board {}",
            c.label, c.n
        );
        let outcomes = reference::outcomes(&r, c.n);
        for x in 0..c.n {
            for y in 0..c.n {
                if !r.on_board(x as u64, y as u64) {
                    continue;
                }
                assert_eq!(
                    want.values()[x * c.n + y] == 0,
                    outcomes.is_p(x, y),
                    "{} ({x}, {y}): value 0 exactly at the misère P-positions",
                    c.label
                );
            }
        }
        ran += 1;
    }
    assert!(ran >= 300, "only {ran} cases");
}
