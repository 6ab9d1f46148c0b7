//! `gdwn:p=P,q=Q` (Larsson's Generalized Diagonal Wythoff Nim) against a
//! brute force written from its rules alone, in this file: from `(x, y)` a
//! player removes any positive number from one pile, the same positive number
//! from both, or `(p t, q t)` / `(q t, p t)` for some `t >= 1`; `(x, y)` is a
//! P-position iff no option is. The library's kernels are not used for the
//! expected table.

use wythoff::catalogue::parse_game;
use wythoff::solve;

/// P-positions of (p,q)-GDWN on the `n x n` board, by the definition. The
/// Wythoff moves run along lines whose every earlier cell is an option, so "a
/// P-position earlier on the row, column or diagonal" is one flag per line;
/// the extra moves are enumerated step by step.
fn brute_force(p: usize, q: usize, n: usize) -> Vec<bool> {
    let mut pos = vec![false; n * n];
    let mut row = vec![false; n];
    let mut col = vec![false; n];
    let mut diag = vec![false; 2 * n];
    for x in 0..n {
        for y in 0..n {
            let d = n + y - x;
            let mut to_p = row[x] || col[y] || diag[d];
            for (a, b) in [(p, q), (q, p)] {
                let mut t = 1;
                while !to_p && t * a <= x && t * b <= y {
                    to_p = pos[(x - t * a) * n + (y - t * b)];
                    t += 1;
                }
            }
            if !to_p {
                pos[x * n + y] = true;
                row[x] = true;
                col[y] = true;
                diag[d] = true;
            }
        }
    }
    pos
}

/// Twenty pairs: coprime and not, near the golden ratio and far from it.
const PAIRS: [(usize, usize); 20] = [
    (1, 2),
    (1, 3),
    (2, 3),
    (1, 4),
    (3, 4),
    (2, 5),
    (3, 5),
    (4, 5),
    (5, 8),
    (8, 13),
    (3, 7),
    (1, 10),
    (7, 11),
    (2, 4),
    (4, 6),
    (6, 9),
    (13, 21),
    (17, 50),
    (49, 50),
    (1, 49),
];

#[test]
fn gdwn_equals_the_brute_force_on_512() {
    let n = 512;
    for (p, q) in PAIRS {
        let want = brute_force(p, q, n);
        let game = parse_game(&format!("gdwn:p={p},q={q}")).unwrap().game;
        let got = solve::outcomes(&game, n).unwrap();
        for x in 0..n {
            for y in 0..n {
                assert_eq!(
                    got.is_p(x, y),
                    want[x * n + y],
                    "gdwn:p={p},q={q} at ({x}, {y})"
                );
            }
        }
    }
}

/// The brute force is not Wythoff's: (1,2)-GDWN moves (1, 2) -> (0, 0), so
/// (1, 2) is an N-position there (a check that the extra moves are in it).
#[test]
fn the_brute_force_has_the_extra_moves() {
    let b = brute_force(1, 2, 8);
    assert!(b[0]);
    assert!(!b[2], "(1, 2) is N in (1,2)-GDWN");
    assert!(!b[8 + 2], "(1, 2) is N in (1,2)-GDWN");
}

#[test]
fn parameters_are_checked() {
    for bad in ["gdwn:p=2,q=2", "gdwn:p=3,q=2", "gdwn:p=0,q=2", "gdwn:p=1"] {
        assert!(parse_game(bad).is_err(), "{bad}");
    }
    let e = parse_game("gdwn:p=3,q=2").err().unwrap().to_string();
    assert!(e.contains("p < q"), "{e}");
}
