//! Seed 003's printed Tables 1-10 (and the P-positions listed after them, and the
//! worked examples of sections 2-5), recomputed cell by cell from the general
//! solver. The transcriptions are in `testdata/papers/seed003/`.
//!
//! How a table is read off the solver's P-set (no oracle and no formula of the
//! paper is used):
//! - layout `even-even-blocks` (Tables 1-6, Even-Even, symmetric): the *corners*
//!   are the P-positions `(x, y)` with `x <= y` and both even. Ordered by `x`,
//!   except that Theorem 14 (B) (misère, `s = 1`, `t <= 2`) puts its seed block
//!   `E_0 = H_0 = 4` (the corner with `x = y > 0`) first, as Table 6 does. Then
//!   `A_n`/`E_n` = the corner's `x`, `B_n`/`H_n` = its `y`, and the `+1` rows add 1.
//!   The test also checks that each corner's 2x2 block and its mirror image are P
//!   and that these blocks hold every P-position in range.
//! - layout `odd-even-columns` (Tables 7-10, Odd-Even): `A_n`/`E_n` = `n` is the
//!   first pile; `B_n`/`H_n` and `B'_n`/`H'_n` are the smaller and the larger of
//!   the second piles `y` with `(n, y)` P (the test checks there are exactly two).
//!
//! A printed value that differs is a *disagreement*; the test names the cell, the
//! printed and computed values, and refutes the position the printed value claims
//! to be P with a move from it to a P-position (and says that the computed
//! position has only N options). The list of disagreements is asserted in full.

use std::collections::BTreeSet;
use wythoff::catalogue::parse_game;
use wythoff::rules::{Convention, Rules};
use wythoff::solve::{self, OutcomeTable};

fn data_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/papers/seed003")
}

#[derive(Debug)]
struct Table {
    number: u32,
    game: String,
    convention: Convention,
    layout: String,
    rows: Vec<(String, Vec<Option<u64>>)>,
    listed: Option<Vec<(u64, u64)>>,
}

fn parse_pairs(text: &str) -> Vec<(u64, u64)> {
    text.split_whitespace()
        .map(|p| {
            let inner = p.trim_start_matches('(').trim_end_matches(')');
            let (a, b) = inner.split_once(',').expect("pair (x,y)");
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect()
}

fn load(number: u32) -> Table {
    let path = data_dir().join(format!("table-{number}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut t = Table {
        number,
        game: String::new(),
        convention: Convention::Normal,
        layout: String::new(),
        rows: Vec::new(),
        listed: None,
    };
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" => t.game = rest.trim().to_string(),
            "convention" => {
                t.convention = match rest.trim() {
                    "normal" => Convention::Normal,
                    "misere" => Convention::Misere,
                    other => panic!("table {number}: convention `{other}`"),
                }
            }
            "layout" => t.layout = rest.trim().to_string(),
            "row" => {
                let mut it = rest.split_whitespace();
                let label = it.next().unwrap().to_string();
                let vals = it
                    .map(|v| {
                        if v == "?" {
                            None
                        } else {
                            Some(v.parse().unwrap())
                        }
                    })
                    .collect::<Vec<_>>();
                assert_eq!(vals.len(), 15, "table {number} row {label}: 15 columns");
                t.rows.push((label, vals));
            }
            "listed" => t.listed = Some(parse_pairs(rest)),
            other => panic!("table {number}: unknown line `{other}`"),
        }
    }
    t
}

struct Solved {
    rules: Rules,
    table: OutcomeTable,
}

fn solve_game(game: &str, c: Convention, board: usize) -> Solved {
    let g = parse_game(game).unwrap().game.with_convention(c);
    Solved {
        rules: g.as_single().unwrap().clone(),
        table: solve::outcomes(&g, board).unwrap(),
    }
}

impl Solved {
    fn p(&self, x: u64, y: u64) -> bool {
        self.table.is_p(x as usize, y as usize)
    }
    /// Why `(x, y)` is N (a move to a P-position) or P (all options N).
    fn why(&self, x: u64, y: u64) -> String {
        let opts = self.rules.options(x, y);
        if self.p(x, y) {
            format!(
                "({x},{y}) is P: each of its {} options is N (checked by the solver)",
                opts.len()
            )
        } else {
            match opts.iter().find(|o| self.p(o.0, o.1)) {
                Some(o) => format!(
                    "({x},{y}) is N: the move ({x},{y}) -> ({},{}) reaches a P-position",
                    o.0, o.1
                ),
                None => format!("({x},{y}) is N: it has no option (misère: the mover wins)"),
            }
        }
    }
}

/// The table's rows recomputed from the solver (see the module documentation).
fn computed_rows(t: &Table, s: &Solved, board: u64) -> Vec<(String, Vec<u64>)> {
    let labels: Vec<&str> = t.rows.iter().map(|r| r.0.as_str()).collect();
    let mut out = Vec::new();
    match t.layout.as_str() {
        "even-even-blocks" => {
            let mut corners: Vec<(u64, u64)> = s
                .table
                .p_positions()
                .into_iter()
                .filter(|&(x, y)| x <= y && x % 2 == 0 && y % 2 == 0 && y + 2 < board)
                .collect();
            corners.sort();
            let theorem_14_b = t.convention == Convention::Misere && t.game.contains("s=1,");
            if theorem_14_b {
                if let Some(i) = corners.iter().position(|&(x, y)| x == y && x > 0) {
                    let seed = corners.remove(i);
                    corners.insert(0, seed);
                }
            }
            // structure: the blocks and their mirrors are P, and they hold every
            // P-position below the largest corner used
            let mut covered = BTreeSet::new();
            for &(x, y) in &corners {
                for (dx, dy) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    for (a, b) in [(x + dx, y + dy), (y + dy, x + dx)] {
                        assert!(
                            s.p(a, b),
                            "table {}: block cell ({a},{b}) is not P",
                            t.number
                        );
                        covered.insert((a, b));
                    }
                }
            }
            let reach = corners.iter().map(|c| c.1).max().unwrap();
            for (a, b) in s.table.p_positions() {
                if a.max(b) < reach / 2 {
                    assert!(
                        covered.contains(&(a, b)),
                        "table {}: P-position ({a},{b}) outside the blocks",
                        t.number
                    );
                }
            }
            assert!(corners.len() >= 15, "table {}: board too small", t.number);
            for label in labels {
                let v = (0..15)
                    .map(|n| {
                        let (x, y) = corners[n];
                        match label {
                            "n" => n as u64,
                            "A" | "E" => x,
                            "A+1" | "E+1" => x + 1,
                            "B" | "H" => y,
                            "B+1" | "H+1" => y + 1,
                            other => panic!("table {}: row label {other}", t.number),
                        }
                    })
                    .collect();
                out.push((label.to_string(), v));
            }
        }
        "odd-even-columns" => {
            let cols: Vec<Vec<u64>> = (0..15u64)
                .map(|x| {
                    let ys: Vec<u64> = (0..board).filter(|&y| s.p(x, y)).collect();
                    assert_eq!(
                        ys.len(),
                        2,
                        "table {}: column x = {x} has P at {ys:?}",
                        t.number
                    );
                    ys
                })
                .collect();
            for label in labels {
                let v = (0..15)
                    .map(|n| match label {
                        "n" | "A" | "E" => n as u64,
                        "B" | "H" => cols[n][0],
                        "B'" | "H'" => cols[n][1],
                        other => panic!("table {}: row label {other}", t.number),
                    })
                    .collect();
                out.push((label.to_string(), v));
            }
        }
        other => panic!("table {}: layout {other}", t.number),
    }
    out
}

/// One printed value that the rules do not give.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Disagreement {
    table: u32,
    row: String,
    n: usize,
    printed: u64,
    computed: u64,
}

/// The position a printed cell claims to be P (with the other printed key).
fn claimed(t: &Table, row: &str, n: usize, v: u64) -> Option<(u64, u64)> {
    let get = |label: &str| t.rows.iter().find(|r| r.0 == label).and_then(|r| r.1[n]);
    match (t.layout.as_str(), row) {
        (_, "n") => None,
        ("even-even-blocks", "A" | "A+1") => Some((v, get("B")?)),
        ("even-even-blocks", "E" | "E+1") => Some((v, get("H")?)),
        ("even-even-blocks", "B" | "B+1") => Some((get("A")?, v)),
        ("even-even-blocks", "H" | "H+1") => Some((get("E")?, v)),
        ("odd-even-columns", "A" | "E") => None,
        ("odd-even-columns", _) => Some((n as u64, v)),
        _ => None,
    }
}

/// The cells where the printed value is not the rules' value, as found here.
const EXPECTED: &[(u32, &str, usize, u64, u64)] = &[
    // Table 4, s = t = 2: "73 8 89", B_11 + 1 printed 8 (B_11 = 82)
    (4, "B+1", 11, 8, 83),
    // Table 5, s = t = 2, misère: "78 8 94", H_11 printed 8
    (5, "H", 11, 8, 88),
    // Table 8, s = 2, t = 3: "1 7 1 1 1 15", B'_3 printed 1
    (8, "B'", 3, 1, 11),
    // Table 10, s = 1, t = 2, misère: printed H_n = 2n + 1 and H'_n = 2n + 2 for
    // even n >= 2; the rules (and Theorem 20's formula) give n + 2 and n + 3
    (10, "H", 2, 5, 4),
    (10, "H", 4, 9, 6),
    (10, "H", 6, 13, 8),
    (10, "H", 8, 17, 10),
    (10, "H", 10, 21, 12),
    (10, "H", 12, 25, 14),
    (10, "H", 14, 29, 16),
    (10, "H'", 2, 6, 5),
    (10, "H'", 4, 10, 7),
    (10, "H'", 6, 14, 9),
    (10, "H'", 8, 18, 11),
    (10, "H'", 10, 22, 13),
    (10, "H'", 12, 26, 15),
    (10, "H'", 14, 30, 17),
];

/// Cells without a value in this copy: (table, row, n, rules' value).
const MISSING: &[(u32, &str, usize, u64)] = &[(7, "B", 14, 0)];

#[test]
fn tables_1_to_10_cell_by_cell() {
    let mut found = Vec::new();
    let mut missing = Vec::new();
    let mut report = String::new();
    let mut cells = 0;
    for number in 1..=10 {
        let t = load(number);
        let board: u64 = if t.layout == "even-even-blocks" {
            128
        } else {
            64
        };
        let s = solve_game(&t.game, t.convention, board as usize);
        let rows = computed_rows(&t, &s, board);
        for ((label, printed), (clabel, computed)) in t.rows.iter().zip(&rows) {
            assert_eq!(label, clabel);
            for n in 0..15 {
                cells += 1;
                let c = computed[n];
                match printed[n] {
                    None => missing.push((number, label.clone(), n, c)),
                    Some(v) if v != c => {
                        let refute = match claimed(&t, label, n, v) {
                            Some((x, y)) if x < board && y < board => {
                                format!("printed claim: {}", s.why(x, y))
                            }
                            Some((x, y)) => format!("printed claim ({x},{y}) is off the board"),
                            None => "no position".to_string(),
                        };
                        let truth = match claimed(&t, label, n, c) {
                            Some((x, y)) if x < board && y < board => {
                                format!("; rules: {}", s.why(x, y))
                            }
                            _ => String::new(),
                        };
                        report += &format!(
                            "Table {number} ({} {}), row {label}, n = {n}: printed {v}, rules give {c}. {refute}{truth}\n",
                            t.game, t.convention
                        );
                        found.push(Disagreement {
                            table: number,
                            row: label.clone(),
                            n,
                            printed: v,
                            computed: c,
                        });
                    }
                    Some(_) => {}
                }
            }
        }
    }
    eprintln!("{cells} printed cells compared\n{report}");
    let expected: Vec<Disagreement> = EXPECTED
        .iter()
        .map(|&(table, row, n, printed, computed)| Disagreement {
            table,
            row: row.to_string(),
            n,
            printed,
            computed,
        })
        .collect();
    assert_eq!(found, expected, "\n{report}");
    let missing_expected: Vec<(u32, String, usize, u64)> = MISSING
        .iter()
        .map(|&(a, b, c, d)| (a, b.to_string(), c, d))
        .collect();
    assert_eq!(missing, missing_expected);
}

/// Every P-position the paper lists after Tables 3, 5, 6, 7 and 8 is P.
#[test]
fn listed_positions_are_p() {
    let mut lists = 0;
    for number in 1..=10 {
        let t = load(number);
        let Some(list) = &t.listed else { continue };
        lists += 1;
        let s = solve_game(&t.game, t.convention, 64);
        for &(x, y) in list {
            assert!(s.p(x, y), "table {number} list: {}", s.why(x, y));
        }
        // the list has no repeats
        let set: BTreeSet<_> = list.iter().collect();
        assert_eq!(set.len(), list.len(), "table {number}: repeated position");
    }
    assert_eq!(
        lists, 5,
        "lists after Tables 3, 5, 6, 7, 8 (the one after Table 4 is missing)"
    );
}

/// Example 5 (section 2), Example 11 (section 4), Remark 15 (section 5).
#[test]
fn worked_examples() {
    // Example 5: all four sets = all positive integers, s = t = 2 (that is
    // (2,2)-Wythoff); (1,4) is P, its options are exactly those listed, and the
    // positions (0,1..4), (1,0), (1,1..3) are N.
    let s = solve_game("restricted:s=2,t=2", Convention::Normal, 8);
    assert!(s.p(1, 4), "{}", s.why(1, 4));
    let mut opts: Vec<(u64, u64)> = s
        .rules
        .options(1, 4)
        .into_iter()
        .map(|o| (o.0, o.1))
        .collect();
    opts.sort();
    let mut listed = parse_pairs("(0,4) (1,0) (1,1) (1,2) (1,3) (0,1) (0,2) (0,3)");
    listed.sort();
    assert_eq!(opts, listed);
    for (x, y) in parse_pairs("(0,1) (0,2) (0,3) (0,4) (1,0) (1,1) (1,2) (1,3)") {
        assert!(!s.p(x, y), "{}", s.why(x, y));
    }
    // Example 11: Even-Even, s = t = 1, normal play: (0,1) and (1,0) are P.
    let s = solve_game("even-even:s=1,t=1", Convention::Normal, 4);
    assert!(s.p(0, 1) && s.p(1, 0));
    // Remark 15: Odd-Even, normal play (any s, t): (0,0), (0,1) P, (1,0) N;
    // (10,8) -> (3,8) is a move, (8,10) -> (8,3) is not.
    for (ps, pt) in [(1, 1), (2, 3), (1, 2), (3, 1)] {
        let s = solve_game(&format!("odd-even:s={ps},t={pt}"), Convention::Normal, 12);
        assert!(s.p(0, 0) && s.p(0, 1) && !s.p(1, 0));
        assert!(s.rules.is_move(7, 0), "(10,8) -> (3,8)");
        assert!(!s.rules.is_move(0, 7), "(8,10) -> (8,3)");
    }
}

/// The same lists in the `x,y` format of `wythoff check-table`, checked by the
/// library's table checker: no wrong and no missing position in their range.
#[test]
fn listed_positions_with_the_table_checker() {
    for (number, game, c) in [
        (3, "even-even:s=1,t=1", Convention::Normal),
        (5, "even-even:s=2,t=2", Convention::Misere),
        (6, "even-even:s=1,t=1", Convention::Misere),
        (7, "odd-even:s=2,t=2", Convention::Normal),
        (8, "odd-even:s=2,t=3", Convention::Normal),
    ] {
        let path = data_dir().join(format!("list-after-table-{number}.txt"));
        let text = std::fs::read_to_string(&path).unwrap();
        let list = wythoff::table_check::parse_list(&text).unwrap();
        // the same positions as the `listed` line of table-N.txt
        let from_table = load(number).listed.unwrap();
        assert_eq!(
            list.iter().map(|p| (p.x, p.y)).collect::<Vec<_>>(),
            from_table
        );
        let named = parse_game(game).unwrap();
        let rep = wythoff::table_check::check_named(&named, c, &list).unwrap();
        assert!(rep.missing_checked);
        assert!(
            rep.agrees(),
            "list after table {number}: wrong {:?}, missing {:?}",
            rep.wrong,
            rep.missing
        );
    }
}
