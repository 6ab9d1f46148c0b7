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

/// Wythoff's P-positions `(x, y)`, `x <= y`, with `y < n`, by the mex rule
/// (`a_k` the least number not yet used, `b_k = a_k + k`), not the library's.
fn wythoff_pairs(n: usize) -> std::collections::HashSet<(u64, u64)> {
    let mut used = vec![false; 2 * n + 2];
    let mut out = std::collections::HashSet::new();
    let mut a = 0usize;
    for k in 0.. {
        while used[a] {
            a += 1;
        }
        let b = a + k;
        if b >= n {
            break;
        }
        used[a] = true;
        used[b] = true;
        out.insert((a as u64, b as u64));
    }
    out
}

/// The atlas (docs/gdwn/atlas.jsonl, docs/gdwn.md): every coprime pair with
/// `q <= 50` once, each "differs" record with a witness that refutes
/// "GDWN's P-set is Wythoff's" by itself (two P-positions of Wythoff joined by
/// a move `(p t, q t)` or `(q t, p t)`: Wythoff's P-set is then not stable for
/// GDWN's moves), and each "wythoff (proved)" record's statement in the
/// command file docs/gdwn/gdwn.txt. A record edited to another pair, cell or
/// move fails here.
#[test]
fn every_atlas_record_carries_its_evidence() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("docs/gdwn/atlas.jsonl")).unwrap();
    let walnut = std::fs::read_to_string(root.join("docs/gdwn/gdwn.txt")).unwrap();
    let pset = wythoff_pairs(1 << 15);
    let is_p = |x: u64, y: u64| pset.contains(&(x.min(y), x.max(y)));
    let mut seen = std::collections::BTreeSet::new();
    let (mut differ, mut proved) = (0, 0);
    for line in text.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let (p, q) = (r["p"].as_u64().unwrap(), r["q"].as_u64().unwrap());
        assert!(p < q && q <= 50, "{line}");
        assert_eq!(gcd(p, q), 1, "{line}");
        assert!(seen.insert((p, q)), "({p}, {q}) twice");
        match r["verdict"].as_str().unwrap() {
            "differs" => {
                differ += 1;
                let f = &r["first"];
                let (x, y) = (f["x"].as_u64().unwrap(), f["y"].as_u64().unwrap());
                // the witness: the cell is Wythoff's P-position and a move of
                // the new family leads to another one
                assert_eq!(f["p_in"], "wythoff", "({p}, {q})");
                assert!(
                    is_p(x, y),
                    "({p}, {q}): ({x}, {y}) is not Wythoff's P-position"
                );
                // GDWN's winning moves there, as the positions they lead to
                let joined = f["winning_moves"].as_array().unwrap().iter().any(|m| {
                    let tx: u64 = m[0].as_str().unwrap().parse().unwrap();
                    let ty: u64 = m[1].as_str().unwrap().parse().unwrap();
                    let (dx, dy) = (x.wrapping_sub(tx), y.wrapping_sub(ty));
                    let along = |a: u64, b: u64| dx > 0 && dx % a == 0 && dy == dx / a * b;
                    tx <= x && ty <= y && (along(p, q) || along(q, p)) && is_p(tx, ty)
                });
                assert!(joined, "({p}, {q}): no move of the new family from ({x}, {y}) to a P-position of Wythoff");
            }
            "wythoff (proved)" => {
                proved += 1;
                let st = r["walnut"]["statement"].as_str().unwrap();
                assert_eq!(r["walnut"]["answer"], "TRUE", "({p}, {q})");
                assert!(st.starts_with(&format!("eval gdwn_p{p}_q{q} ")), "{st}");
                assert!(
                    walnut.lines().any(|l| l == st),
                    "({p}, {q}): not in gdwn.txt"
                );
            }
            other => panic!("({p}, {q}): verdict {other} (every pair is decided)"),
        }
    }
    let coprime = (2..=50u64)
        .map(|q| (1..q).filter(|&p| gcd(p, q) == 1).count())
        .sum::<usize>();
    assert_eq!(seen.len(), coprime);
    assert_eq!(differ + proved, coprime);
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
