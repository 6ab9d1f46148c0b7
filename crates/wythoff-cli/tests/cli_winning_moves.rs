//! Winning moves at any size (issue 49 item 5): `outcome` lists the winning
//! moves of huge N-positions, from a Beatty oracle (Wythoff) and from a
//! proved automaton (Blocking Wythoff k = 4, by the search over its states
//! with one input fixed), and `p-positions --row X` gives the P-positions of
//! a huge row. Every listed move is checked legal, its target P by a source
//! independent of the search (Wythoff's pairs from an integer square root;
//! the general solver's board; the automaton walked by Walnut's format reader),
//! and the list complete where the test can know the whole list.

mod common;

use common::wythoff as run;
use malachite_base::num::arithmetic::traits::FloorSqrt;
use malachite_nz::natural::Natural;
use std::collections::BTreeSet;
use std::str::FromStr;

fn nat(s: &str) -> Natural {
    Natural::from_str(s).unwrap()
}

fn json_of(args: &[&str]) -> serde_json::Value {
    let o = run(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap()
}

/// The winning moves of `outcome GAME X Y --format json`, as pairs.
fn moves(game: &str, x: &Natural, y: &Natural) -> (String, Vec<(Natural, Natural)>) {
    let (xs, ys) = (x.to_string(), y.to_string());
    let j = json_of(&["outcome", game, &xs, &ys, "--format", "json"]);
    let m = j["winning_moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{game} ({xs}, {ys}): moves not listed: {j}"))
        .iter()
        .map(|p| (nat(p[0].as_str().unwrap()), nat(p[1].as_str().unwrap())))
        .collect();
    (j["outcome"].as_str().unwrap().to_string(), m)
}

/// A move of Wythoff's game (also Blocking Wythoff's): one pile, or both by the same.
fn wythoff_move(x: &Natural, y: &Natural, a: &Natural, b: &Natural) -> bool {
    (a <= x && b <= y && (a, b) != (x, y)) && (a == x || b == y || (x - a) == (y - b))
}

/// Wythoff's P-positions by their law: `(a_n, a_n + n)`, `a_n = floor(n phi)`.
fn wythoff_p(x: &Natural, y: &Natural) -> bool {
    let (a, b) = if x <= y { (x, y) } else { (y, x) };
    let n = b - a;
    let an = (&n + (&n * &n * Natural::from(5u32)).floor_sqrt()) / Natural::from(2u32);
    an == *a
}

fn wythoff_pair(n: &Natural) -> (Natural, Natural) {
    let a = (n + (n * n * Natural::from(5u32)).floor_sqrt()) / Natural::from(2u32);
    let b = &a + n;
    (a, b)
}

#[test]
fn wythoff_at_1000_digits_lists_its_winning_moves() {
    let x = nat(&"7".repeat(1000));
    // (X, 7): the only P-option is (4, 7) (column 7; no row or diagonal
    // target has a huge first pile and a second pile below 7)
    let (o, m) = moves("wythoff", &x, &Natural::from(7u32));
    assert_eq!(o, "N");
    assert_eq!(m, vec![(Natural::from(4u32), Natural::from(7u32))]);
    // (a_n, b_n + 3) for n of 1000 digits: exactly (a_n, b_n) (the column of
    // b_n + 3 and the diagonal of difference n + 3 hold P-positions only
    // above a_n)
    let n = nat(&"3".repeat(1000));
    let (a, b) = wythoff_pair(&n);
    let y = &b + Natural::from(3u32);
    let (o, m) = moves("wythoff", &a, &y);
    assert_eq!(o, "N");
    assert_eq!(m, vec![(a.clone(), b.clone())]);
    // (a_n + 5, b_n + 5): the diagonal move to (a_n, b_n), plus whatever
    // else is P: each legal and P by the law
    let (x2, y2) = (&a + Natural::from(5u32), &b + Natural::from(5u32));
    let (o, m) = moves("wythoff", &x2, &y2);
    assert_eq!(o, "N");
    assert!(m.contains(&(a.clone(), b.clone())), "{m:?}");
    for (p, q) in &m {
        assert!(wythoff_move(&x2, &y2, p, q), "({p}, {q}) is no move");
        assert!(wythoff_p(p, q), "({p}, {q}) is not P");
    }
}

#[test]
fn wythoff_huge_row_has_its_one_partner() {
    let n = nat(&"9".repeat(300));
    let (a, b) = wythoff_pair(&n);
    for (row, partner) in [(&a, &b), (&b, &a)] {
        let rs = row.to_string();
        let j = json_of(&["p-positions", "wythoff", "--row", &rs, "--format", "json"]);
        let ps = j["p_positions"].as_array().unwrap();
        assert_eq!(ps.len(), 1, "{j}");
        assert_eq!(ps[0][0].as_str().unwrap(), rs);
        assert_eq!(nat(ps[0][1].as_str().unwrap()), *partner);
        assert_eq!(j["complete"], true);
        // and below the partner, none
        let ps2 = partner.to_string();
        let j = json_of(&[
            "p-positions",
            "wythoff",
            "--row",
            &rs,
            "--below",
            &ps2,
            "--format",
            "json",
        ]);
        assert_eq!(j["p_positions"].as_array().unwrap().len(), 0, "{j}");
    }
}

/// The P-positions of the general solver's board of Blocking Wythoff k = 4.
fn k4_board(n: u64) -> BTreeSet<(u64, u64)> {
    let o = run(&[
        "p-positions",
        "blocking-wythoff:k=4",
        "--max",
        &n.to_string(),
        "--format",
        "csv",
    ]);
    assert!(o.status.success());
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .skip(1)
        .map(|l| {
            let (a, b) = l.split_once(',').unwrap();
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect()
}

#[test]
fn blocking_wythoff_k4_at_30_digits_lists_its_winning_moves() {
    let board = k4_board(256);
    let x = nat("123456789012345678901234567890");
    // (X, 7): the P-options are the P-positions (x', 7) of column 7 (no
    // row or diagonal target: a P-position with one pile below 7 has the
    // other below 40 on the board); the board's column 7 is all of them
    // (the automaton's own whole row 7, below, says the same)
    let (o, m) = moves("blocking-wythoff:k=4", &x, &Natural::from(7u32));
    assert_eq!(o, "N");
    let want: Vec<(Natural, Natural)> = board
        .iter()
        .filter(|&&(_, b)| b == 7)
        .map(|&(a, b)| (Natural::from(a), Natural::from(b)))
        .collect();
    assert!(
        want.len() >= 4,
        "an N-position of k = 4 has at least 4 P-options"
    );
    assert_eq!(m, want);
    assert!(board
        .iter()
        .filter(|p| p.0 == 7 || p.1 == 7)
        .all(|p| p.0 < 40 && p.1 < 40));
    // the whole row 7 from the automaton is the board's row 7, said complete
    let j = json_of(&[
        "p-positions",
        "blocking-wythoff:k=4",
        "--row",
        "7",
        "--format",
        "json",
    ]);
    let row: Vec<(u64, u64)> = j["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().parse().unwrap(),
                p[1].as_str().unwrap().parse().unwrap(),
            )
        })
        .collect();
    let board_row: Vec<(u64, u64)> = board.iter().copied().filter(|p| p.0 == 7).collect();
    assert_eq!(row, board_row);
    assert_eq!(j["complete"], true);
    assert!(j["basis"].as_str().unwrap().contains("proved automaton"));
}

#[test]
fn blocking_wythoff_k4_huge_row_and_its_moves() {
    let x = nat("123456789012345678901234567890");
    let xs = x.to_string();
    let j = json_of(&[
        "p-positions",
        "blocking-wythoff:k=4",
        "--row",
        &xs,
        "--format",
        "json",
    ]);
    assert_eq!(j["complete"], true, "{j}");
    let ys: Vec<Natural> = j["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| nat(p[1].as_str().unwrap()))
        .collect();
    // k = 4: every row x >= 1 holds exactly 4 P-positions (Walnut proved it:
    // the side statement p_complementarity of docs/proofs/blocking-wythoff-k-4)
    assert_eq!(ys.len(), 4, "{j}");
    for y in &ys {
        let (o, _) = moves("blocking-wythoff:k=4", &x, y);
        assert_eq!(o, "P");
    }
    // above the top P-position of the row: the row's P-positions are row
    // moves, each listed; every listed move is a legal move to a P-position
    let z = ys.last().unwrap() + Natural::from(2u32);
    let (o, m) = moves("blocking-wythoff:k=4", &x, &z);
    assert_eq!(o, "N");
    for y in &ys {
        assert!(
            m.contains(&(x.clone(), y.clone())),
            "({x}, {y}) missing: {m:?}"
        );
    }
    for (p, q) in &m {
        assert!(wythoff_move(&x, &z, p, q), "({p}, {q}) is no move");
        let (o, _) = moves("blocking-wythoff:k=4", p, q);
        assert_eq!(o, "P", "({p}, {q})");
    }
    // the text names the blocking rule's meaning for the list
    let zs = z.to_string();
    let o = run(&["outcome", "blocking-wythoff:k=4", &xs, &zs]);
    let text = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert!(text.contains("unless the opponent blocked it"), "{text}");
}
