//! Every table and list printed in the papers' copies (issue 2, item 5),
//! recomputed from the rules by the general solvers and compared cell by cell.
//!
//! Transcriptions live in `testdata/papers/seedNNN/` (format in each file's `#`
//! lines; summary in `testdata/papers/README.md`). For each table the test
//! collects every disagreement (table, cell, printed, computed, refutation) and
//! asserts that the list equals the known disagreements written below: a new
//! disagreement, or a known one that disappears, fails the test. Where the rules
//! do not give the printed value, the rules' value is what is asserted.
//!
//! Tables not in these copies (so not checked): seed 000 Tables 3 and 4 (2WN^2
//! and 2WN^(1,3)); seed 001 Tables 5-9 (m = 5..9); seed 002 Example 5's list.

use std::path::PathBuf;
use wythoff::catalogue::parse_game;
use wythoff::rules::{Convention, Game, Rules};
use wythoff::solve::{self, GrundyTable, OutcomeTable};
use wythoff::table_check::{self, refute, ListKind, Refutation};
use wythoff::FastOptions;

fn data(rel: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/papers")
        .join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn pairs(rel: &str) -> Vec<(u64, u64)> {
    table_check::parse_list(&data(rel))
        .unwrap_or_else(|e| panic!("{rel}: {e}"))
        .into_iter()
        .map(|p| (p.x, p.y))
        .collect()
}

/// Non-comment lines, split on whitespace and commas, as numbers.
fn rows(rel: &str) -> Vec<Vec<u64>> {
    data(rel)
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            l.split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty())
                .map(|t| t.parse().unwrap_or_else(|_| panic!("{rel}: `{t}`")))
                .collect()
        })
        .collect()
}

fn game(name: &str) -> Game {
    parse_game(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .game
}

fn single(name: &str) -> Rules {
    game(name).as_single().expect("not a choice game").clone()
}

/// One disagreement between a printed value and the rules.
#[derive(Debug, PartialEq, Eq)]
struct Disagreement {
    table: String,
    cell: String,
    printed: String,
    computed: String,
    /// The move(s) that refute the printed value, in words.
    why: String,
}

/// The pairs `(x, y)`, `x <= y`, of the P-positions on an `n x n` board, in the
/// order of a printed half list sorted by `key`.
fn half_pairs(t: &OutcomeTable, by_second: bool) -> Vec<(u64, u64)> {
    let mut v: Vec<(u64, u64)> = t
        .p_positions()
        .into_iter()
        .filter(|&(x, y)| x <= y)
        .collect();
    if by_second {
        v.sort_by_key(|&(a, b)| (b, a));
    }
    v
}

/// Why the printed value "P" is wrong at `(x, y)` (per variant), or why the
/// printed "not P" is wrong (every option is N).
fn p_refutation(g: &Game, n: usize, x: u64, y: u64) -> String {
    let mut parts = Vec::new();
    for (i, r) in g.variants().iter().enumerate() {
        let t = solve::outcomes(&Game::single(r.clone()), n).unwrap();
        match refute(r, &t, x, y) {
            Some(why) => parts.push(format!("variant {i}: {why}")),
            None => parts.push(format!(
                "variant {i}: P, every option {:?} is N",
                r.options_fast(x, y)
                    .iter()
                    .map(|o| (o.0, o.1))
                    .collect::<Vec<_>>()
            )),
        }
    }
    parts.join("; ")
}

/// Compare a printed half list (pairs `x <= y`, in order) with the rules,
/// position by position (n-th printed pair against n-th computed pair), and run
/// the list through `table_check` (wrong and missing entries).
fn compare_pair_list(
    table: &str,
    name: &str,
    printed: &[(u64, u64)],
    by_second: bool,
) -> Vec<Disagreement> {
    let g = game(name);
    let side = printed.iter().map(|&(x, y)| x.max(y)).max().unwrap() as usize + 1;
    let n = side.max(8);
    let t = solve::outcomes(&g, n).unwrap();
    let computed = half_pairs(&t, by_second);
    let mut out = Vec::new();
    for (i, &(x, y)) in printed.iter().enumerate() {
        let c = computed.get(i).copied();
        if c != Some((x, y)) {
            let why = if t.is_p(x as usize, y as usize) {
                "printed pair is a P-position, but out of place".to_string()
            } else {
                p_refutation(&g, n, x, y)
            };
            out.push(Disagreement {
                table: format!("{table} ({name})"),
                cell: format!("n = {i}"),
                printed: format!("({x}, {y})"),
                computed: c.map_or("none on the board".into(), |(a, b)| format!("({a}, {b})")),
                why,
            });
        }
    }
    // the list checker must say the same: no wrong entry, nothing missing
    let list = table_check::parse_list(
        &printed
            .iter()
            .map(|(x, y)| format!("{x},{y}\n"))
            .collect::<String>(),
    )
    .unwrap();
    let rep = table_check::check(&g, name, None, &list).unwrap();
    assert_eq!(rep.kind, ListKind::Half, "{table}");
    assert_eq!(
        rep.wrong.is_empty() && rep.missing.is_empty(),
        out.is_empty(),
        "{table}: {rep:?}"
    );
    out
}

// ---------------------------------------------------------------- seed 000

/// seed 000, Table 1: the initial P-positions of WN^(3) (Connell), as pairs
/// (a_n, b_n), n = 0..16, x <= y, ordered by n (b increasing).
#[test]
fn seed000_table1_wn3() {
    let printed = pairs("seed000/table1-wn3.txt");
    assert_eq!(printed.len(), 17);
    for name in ["connell:p=3", "modulo-rook:m=1,l=0,p=3"] {
        let d = compare_pair_list("seed 000 Table 1", name, &printed, true);
        assert_eq!(d, vec![], "{name}");
    }
}

/// seed 000, Table 2: (a_n, b_n) for m = 2, p = 3 and b_n - a_n = 2n. By Main
/// Theorem 2.1 and Figure 2 these are the P-positions of 2WN^3, 2WN^(3),
/// 2WN^(2,6) and 2x3WN.
#[test]
fn seed000_table2_m2_p3() {
    let printed = pairs("seed000/table2-m2-p3.txt");
    assert_eq!(printed.len(), 17);
    for name in [
        "roob-blocking:m=2,p=3",
        "modulo-rook:m=2,l=0,p=3",
        "modulo-rook:m=2,l=2,p=6",
        "choose-shift:m=2,p=3",
    ] {
        let d = compare_pair_list("seed 000 Table 2", name, &printed, true);
        assert_eq!(d, vec![], "{name}");
    }
    // the difference row: printed b_n - a_n against the computed pairs and 2n
    let diffs: Vec<u64> = rows("seed000/table2-m2-p3-differences.txt")
        .into_iter()
        .map(|r| r[0])
        .collect();
    let t = solve::outcomes(&game("roob-blocking:m=2,p=3"), 40).unwrap();
    let computed = half_pairs(&t, true);
    for (n, &d) in diffs.iter().enumerate() {
        assert_eq!(
            d,
            computed[n].1 - computed[n].0,
            "Table 2, b_n - a_n, n = {n}"
        );
        assert_eq!(d, 2 * n as u64, "Table 2, b_n - a_n = 2n, n = {n}");
    }
}

/// seed 000, Examples 1-6 (section 2.2): the outcomes they state.
///
/// Example 6 disagrees with the rules as defined (Definition 4 (iiia): the
/// corner `[0, m l) x [0, m (p - l))` is removed): with m = 2, p = 3 the
/// example says that from (1, 9) in 2x3WN_2 "Alice wins by moving to (0, 4)",
/// and that in 2x3WN_1 "Bob wins". The rules give the opposite: in 2x3WN_2
/// (corner [0,4) x [0,2), terminal (4,0) and (0,2)) the position (0, 4) is N
/// ((0, 4) -> (0, 2)) and (1, 9) is P; in 2x3WN_1 (corner [0,2) x [0,4),
/// terminal (2,0), (0,4)) the move (1, 9) -> (0, 4) wins. The example's second
/// half follows the indexing of Theorem 2.1 (iii a) and Figure 2, where game l
/// has the P-positions (a_l, b_l) = (0, 2) for l = 1: that is the corner
/// `[0, m (p - l)) x [0, m l)`, the mirror image of the definition.
#[test]
fn seed000_examples() {
    let n = 16;
    // Example 1: 2WN^2, {0, y} is P iff y = 0 or 2.
    let t = solve::outcomes(&game("roob-blocking:m=2,p=2"), n).unwrap();
    for y in 0..n {
        assert_eq!(t.is_p(0, y), y == 0 || y == 2, "Example 1, (0, {y})");
        assert_eq!(t.is_p(y, 0), y == 0 || y == 2, "Example 1, ({y}, 0)");
    }
    // Example 2: 2WN^(2): (0,2) N, (0,3) P, (0,1) N.
    let t = solve::outcomes(&game("modulo-rook:m=2,l=0,p=2"), n).unwrap();
    assert!(!t.is_p(0, 2) && t.is_p(0, 3) && !t.is_p(0, 1), "Example 2");
    // Example 3: 2WN^(2,4): (0,2) P, (0,y) N for y >= 3; same P-positions as Example 1's game.
    let t3 = solve::outcomes(&game("modulo-rook:m=2,l=2,p=4"), 60).unwrap();
    assert!(t3.is_p(0, 2));
    assert!((3..60).all(|y| !t3.is_p(0, y)), "Example 3");
    let t1 = solve::outcomes(&game("roob-blocking:m=2,p=2"), 60).unwrap();
    assert_eq!(t1, t3, "Examples 1 and 3: the P-positions coincide");
    // Examples 4 and 5: (0,4) is P in 2WN^3 and in 2WN^(3).
    for name in ["roob-blocking:m=2,p=3", "modulo-rook:m=2,l=0,p=3"] {
        assert!(
            solve::outcomes(&game(name), 5).unwrap().is_p(0, 4),
            "{name}"
        );
    }
    // Example 6, first part: terminal positions.
    let terminal = |name: &str| -> Vec<(u64, u64)> {
        let r = single(name);
        let mut v = Vec::new();
        for x in 0..n as u64 {
            for y in 0..n as u64 {
                if r.on_board(x, y) && r.options_fast(x, y).is_empty() {
                    v.push((x, y));
                }
            }
        }
        v
    };
    assert_eq!(terminal("shifted:m=2,p=3,l=1"), vec![(0, 4), (2, 0)]);
    assert_eq!(terminal("shifted:m=2,p=3,l=2"), vec![(0, 2), (4, 0)]);
    // 2x3WN_0 = 6WN: (1, 7) is P (Alice may not move to (0,0)).
    assert!(solve::outcomes(&game("shifted:m=2,p=3,l=0"), 8)
        .unwrap()
        .is_p(1, 7));
    // Example 6, second part: the disagreement, with its refutations.
    let l2 = single("shifted:m=2,p=3,l=2");
    let t2 = solve::outcomes(&Game::single(l2.clone()), 10).unwrap();
    assert_eq!(
        refute(&l2, &t2, 0, 4),
        Some(Refutation::Move { to: (0, 2) })
    );
    assert!(
        t2.is_p(1, 9),
        "rules: (1, 9) is P in 2x3WN_2 (printed: N via (0, 4))"
    );
    for (a, b, _) in l2.options_fast(1, 9) {
        assert!(
            !t2.is_p(a as usize, b as usize),
            "option ({a}, {b}) of (1, 9)"
        );
    }
    let l1 = single("shifted:m=2,p=3,l=1");
    let t1 = solve::outcomes(&Game::single(l1.clone()), 10).unwrap();
    assert_eq!(
        refute(&l1, &t1, 1, 9),
        Some(Refutation::Move { to: (0, 4) }),
        "rules: (1, 9) is N in 2x3WN_1 (printed: P)"
    );
}

// ---------------------------------------------------------------- seed 001

/// Read a printed Grundy grid: header of column labels, then rows `p1 g...`.
fn grundy_grid(rel: &str) -> Vec<Vec<u64>> {
    let r = rows(rel);
    let header = &r[0];
    assert_eq!(header, &(0..16).collect::<Vec<u64>>(), "{rel}: header");
    r[1..]
        .iter()
        .enumerate()
        .map(|(i, row)| {
            assert_eq!(row[0], i as u64, "{rel}: row label");
            assert_eq!(row.len(), 17, "{rel}: row {i}");
            row[1..].to_vec()
        })
        .collect()
}

/// Why `printed` is not the Grundy value of `(x, y)`: an option with the
/// printed value (when it is below the mex), or the mex (no option has it).
fn grundy_refutation(r: &Rules, g: &GrundyTable, x: u64, y: u64, printed: u64) -> String {
    let opts = r.options_fast(x, y);
    let value = |o: &(u64, u64, bool)| g.get(o.0 as usize, o.1 as usize).map(u64::from);
    if let Some(o) = opts.iter().find(|o| value(o) == Some(printed)) {
        return format!("the option ({}, {}) has Grundy value {printed}", o.0, o.1);
    }
    let mex = g.get(x as usize, y as usize).unwrap();
    format!("no option has the value {mex}, so the mex is {mex}")
}

fn compare_grundy(table: &str, name: &str, rel: &str) -> Vec<Disagreement> {
    let printed = grundy_grid(rel);
    let r = single(name);
    let g = solve::grundy(&game(name), 16).unwrap();
    let mut out = Vec::new();
    for (x, row) in printed.iter().enumerate() {
        for (y, &v) in row.iter().enumerate() {
            let c = u64::from(g.get(x, y).unwrap());
            if c != v {
                out.push(Disagreement {
                    table: format!("{table} ({name})"),
                    cell: format!("({x}, {y})"),
                    printed: v.to_string(),
                    computed: c.to_string(),
                    why: grundy_refutation(&r, &g, x as u64, y as u64, v),
                });
            }
        }
    }
    out
}

/// seed 001, Appendix Tables 1-4: Grundy values of Wythoff and of m-Modular
/// Wythoff for m = 2, 3, 4, piles 0..15; rows are the first pile.
#[test]
fn seed001_grundy_tables() {
    for (t, name, file) in [
        (1, "wythoff", "seed001/table1-grundy-wythoff.txt"),
        (2, "modular:m=2", "seed001/table2-grundy-modular-m2.txt"),
        (3, "modular:m=3", "seed001/table3-grundy-modular-m3.txt"),
        (4, "modular:m=4", "seed001/table4-grundy-modular-m4.txt"),
    ] {
        let d = compare_grundy(&format!("seed 001 Table {t}"), name, file);
        assert_eq!(d, vec![], "Table {t}");
    }
}

/// The refutation machinery on a corrupted copy: it names the rules' value and
/// the option or mex that refutes the printed one.
#[test]
fn grundy_refutation_on_corrupted_cells() {
    let r = single("wythoff");
    let g = solve::grundy(&game("wythoff"), 16).unwrap();
    // g(1, 1) = 2; "printed" 0: the option (0, 0) has value 0.
    assert_eq!(
        grundy_refutation(&r, &g, 1, 1, 0),
        "the option (0, 0) has Grundy value 0"
    );
    // g(3, 5) = 0; "printed" 7: no option has the value 0.
    assert_eq!(
        grundy_refutation(&r, &g, 3, 5, 7),
        "no option has the value 0, so the mex is 0"
    );
}

/// seed 001, Section 3.2: the complete sets of P-positions for m = 2..5
/// (printed as sets, both orders, by the smaller pile).
#[test]
fn seed001_p_position_lists() {
    for m in 2..=5u64 {
        let rel = format!("seed001/p-positions-m{m}.txt");
        let printed = pairs(&rel);
        let name = format!("modular:m={m}");
        // the set is claimed complete: compare with every P-position on a board
        // well beyond m phi (Lemma 2 bounds both piles below m phi < 2m)
        let n = (4 * m + 4) as usize;
        let t = solve::outcomes(&game(&name), n).unwrap();
        let mut got = t.p_positions();
        let mut want = printed.clone();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want, "{rel}: computed set vs printed set");
        // and the list checker agrees: a full list, nothing wrong, nothing missing
        let list = table_check::parse_list(&data(&rel)).unwrap();
        let rep = table_check::check(&game(&name), &name, None, &list).unwrap();
        assert_eq!(rep.kind, ListKind::Full, "{rel}");
        assert!(rep.agrees(), "{rel}: {rep:?}");
    }
}

/// seed 001, Section 4: the printed a_m = floor(m/phi), m = 1..16, against the
/// number of P-positions of modular:m counted by the general solver (2 a_m + 1).
#[test]
fn seed001_a_m_table() {
    for row in rows("seed001/a_m.txt") {
        let (m, a) = (row[0], row[1]);
        let n = (4 * m + 4) as usize;
        let count = solve::outcomes(&game(&format!("modular:m={m}")), n)
            .unwrap()
            .p_positions()
            .len() as u64;
        assert_eq!(count, 2 * a + 1, "a_{m}: printed {a}, P-positions {count}");
    }
}

// ---------------------------------------------------------------- seed 002

/// seed 002, Example 4: the first P-positions of (3, 2)-Wythoff Nim, x <= y,
/// in increasing x.
#[test]
fn seed002_example4() {
    let printed = pairs("seed002/example4-wythoff-3-2.txt");
    assert_eq!(printed.len(), 14);
    let d = compare_pair_list(
        "seed 002 Example 4",
        "diagonal-blocking:p=3,m=2",
        &printed,
        false,
    );
    assert_eq!(d, vec![]);
}

/// The comparison machinery on corrupted copies of the seed 002 list: a wrong
/// value is named with its refuting move, a dropped pair is reported missing.
#[test]
fn corrupted_lists_are_caught() {
    let name = "diagonal-blocking:p=3,m=2";
    let mut printed = pairs("seed002/example4-wythoff-3-2.txt");
    printed[5] = (7, 10); // printed (7, 9)
    let d = compare_pair_list("corrupted", name, &printed, false);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].cell, "n = 5");
    assert_eq!(d[0].computed, "(7, 9)");
    // the first refuting option in (x, y) order: (7, 10) -> (3, 5) removes (4, 5),
    // |4 - 5| < m = 2, a two-pile move off the diagonal, so it cannot be blocked
    assert_eq!(d[0].why, "variant 0: moving to the P-position (3, 5) wins");
    assert!(single(name).is_move(4, 5));
    let text: String = pairs("seed002/example4-wythoff-3-2.txt")
        .iter()
        .filter(|&&p| p != (10, 14))
        .map(|(x, y)| format!("{x},{y}\n"))
        .collect();
    let rep = table_check::check(
        &game(name),
        name,
        None,
        &table_check::parse_list(&text).unwrap(),
    )
    .unwrap();
    assert!(rep.wrong.is_empty());
    assert_eq!(rep.missing, vec![(10, 14)]);
    // misère copy of Table 1: the rules' misère P-positions differ
    let list = table_check::parse_list(&data("seed000/table1-wn3.txt")).unwrap();
    let g = game("connell:p=3").with_convention(Convention::Misere);
    let rep = table_check::check(&g, "connell:p=3", None, &list).unwrap();
    assert!(!rep.agrees());
    // (0, 0) is terminal: in misère play the player to move wins
    assert_eq!(rep.wrong[0].refutations[0].1, Refutation::MisereNoMove);
}

/// seed 002, Example 4: "assume that the first few non-dynamic P-positions of
/// (3, 2)-Imitation Nim are (0,0), (3,5), (8,12), (13,19), (18,26)". Checked
/// with the exact state solver of Imitation Nim (`wythoff::imitation`):
/// non-dynamic P = P after every history (Definition 1). The list is a half
/// list (x <= y) in increasing x; every non-dynamic P-position with x <= y
/// inside the printed range must be printed. A printed position that is
/// dynamic is refuted by a state (history) in which it is N, with a winning move.
#[test]
fn seed002_example4_non_dynamic() {
    use wythoff::imitation::{ImitationNim, PositionClass, StateSolver};
    let printed = pairs("seed002/example4-imitation-3-2-nondynamic.txt");
    let (mx, my) = (
        printed.iter().map(|p| p.0).max().unwrap(),
        printed.iter().map(|p| p.1).max().unwrap(),
    );
    let rules = ImitationNim::new(3, 2).unwrap();
    let solver = StateSolver::new(rules, mx.max(my) + 1).unwrap();
    let mut out = Vec::new();
    for &(x, y) in &printed {
        let class = solver.classify(x, y);
        if class != PositionClass::P {
            let (_, n_states) = solver.states_by_outcome(x, y);
            let why = n_states
                .first()
                .map(|s| {
                    let w = solver.winning_moves(s).unwrap();
                    format!(
                        "N in state {s:?}, winning move {:?}",
                        w.first().map(|m| m.0)
                    )
                })
                .unwrap_or_default();
            out.push(Disagreement {
                table: "seed 002 Example 4 (non-dynamic P of (3,2)-Imitation Nim)".into(),
                cell: format!("({x}, {y})"),
                printed: "non-dynamic P".into(),
                computed: class.to_string(),
                why,
            });
        }
    }
    for x in 0..=mx {
        for y in x..=my {
            if solver.classify(x, y) == PositionClass::P && !printed.contains(&(x, y)) {
                out.push(Disagreement {
                    table: "seed 002 Example 4 (non-dynamic P of (3,2)-Imitation Nim)".into(),
                    cell: format!("({x}, {y})"),
                    printed: "not listed".into(),
                    computed: "non-dynamic P (missing from the list)".into(),
                    why: "P in every state of the position".into(),
                });
            }
        }
    }
    assert_eq!(out, vec![]);
}
