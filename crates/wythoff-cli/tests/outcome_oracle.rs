//! `wythoff outcome` on huge positions answers from the exact oracles: first
//! line P or N, then winning moves `x,y`, each a legal move of the game landing
//! on a P-position (checked by asking the CLI again); `# oracle (...): source`
//! naming the theorem goes to stderr.

use malachite_base::num::arithmetic::traits::FloorSqrt;
use malachite_nz::natural::Natural;
use std::process::Output;

mod common;
use common::wythoff;

fn lines(o: &Output) -> Vec<String> {
    String::from_utf8(o.stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn n(s: &str) -> Natural {
    s.parse().unwrap()
}

/// Outcome and winning moves of `(x, y)`; each move is checked to land on P and
/// to satisfy `legal(k, l)` (amounts removed from each pile).
fn check(
    game: &str,
    x: &str,
    y: &str,
    legal: impl Fn(&Natural, &Natural) -> bool,
) -> (String, usize) {
    let o = wythoff(&["outcome", game, x, y]);
    assert!(
        o.status.success(),
        "{game} {x} {y}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let ls = lines(&o);
    let first = ls[0].clone();
    assert!(first == "P" || first == "N", "{ls:?}");
    let err = String::from_utf8(o.stderr.clone()).unwrap();
    assert!(err.starts_with("# oracle"), "{err}");
    let moves: Vec<&String> = ls[1..].iter().take_while(|l| !l.starts_with('#')).collect();
    if first == "N" {
        assert!(
            !moves.is_empty(),
            "{game} ({x},{y}) is N without winning moves"
        );
    } else {
        assert!(moves.is_empty());
    }
    let (xn, yn) = (n(x), n(y));
    for m in &moves {
        let (u, v) = m.split_once(',').expect("x,y");
        let (un, vn) = (n(u), n(v));
        assert!(
            un <= xn && vn <= yn && (un != xn || vn != yn),
            "{m} is not below ({x},{y})"
        );
        assert!(
            legal(&(&xn - &un), &(&yn - &vn)),
            "{game}: ({x},{y}) -> {m} is not a legal move"
        );
        let again = wythoff(&["outcome", game, u, v]);
        assert_eq!(
            lines(&again)[0],
            "P",
            "{game}: ({x},{y}) -> {m} does not land on P"
        );
    }
    (first, moves.len())
}

fn diag(k: &Natural, l: &Natural) -> bool {
    *k == 0u32 || *l == 0u32 || k == l
}

fn band(m: u64) -> impl Fn(&Natural, &Natural) -> bool {
    move |k, l| {
        let d = if k >= l { k - l } else { l - k };
        *k == 0u32 || *l == 0u32 || d < m
    }
}

#[test]
fn wythoff_ten_to_the_fifty() {
    let x = "100000000000000000000000000000000000000000000000000";
    let y = "100000000000000000000000000000000000000000000000007";
    let (o, k) = check("wythoff", x, y, diag);
    assert_eq!(o, "N");
    assert!(k >= 1);
}

#[test]
fn hidden_positions_thirty_to_fifty_digits() {
    // positions whose outcome is not obvious from the digits
    let cases = [
        (
            "wythoff",
            "61803398874989484820458683436563811772",
            "100000000000000000000000000000000000000",
        ),
        (
            "m-wythoff:m=3",
            "314159265358979323846264338327950288419716939937",
            "271828182845904523536028747135266249775724709369995",
        ),
        (
            "connell:p=3",
            "123456789012345678901234567890123",
            "987654321098765432109876543210987",
        ),
        (
            "choose-shift:m=2,p=3",
            "11111111111111111111111111111111111",
            "77777777777777777777777777777777777",
        ),
        (
            "modulo-rook:m=2,l=2,p=4",
            "424242424242424242424242424242424242",
            "999999999999999999999999999999999999999",
        ),
    ];
    for (g, x, y) in cases {
        let legal: Box<dyn Fn(&Natural, &Natural) -> bool> = match g {
            "wythoff" => Box::new(diag),
            "m-wythoff:m=3" => Box::new(band(3)),
            "connell:p=3" => Box::new(|k: &Natural, l: &Natural| {
                let three = Natural::from(3u32);
                if *k == 0u32 {
                    (l % &three) == 0u32
                } else if *l == 0u32 {
                    (k % &three) == 0u32
                } else {
                    k == l
                }
            }),
            "choose-shift:m=2,p=3" => Box::new(band(6)),
            _ => Box::new(|k: &Natural, l: &Natural| {
                // 2-bishop or (2,4)-rook: one-pile lengths = 0,1 mod 4, or < 2
                let four = Natural::from(4u32);
                let one_pile = |v: &Natural| (v % &four) <= 1u32 || *v < 2u32;
                if *k == 0u32 {
                    one_pile(l)
                } else if *l == 0u32 {
                    one_pile(k)
                } else {
                    (if k >= l { k - l } else { l - k }) < 2u32
                }
            }),
        };
        check(g, x, y, legal);
    }
}

#[test]
fn pairs_are_p_and_neighbours_n() {
    // (a_n, b_n) of Wythoff for n = 10^40: a_n = floor(n phi)
    let nn = n("10000000000000000000000000000000000000000");
    let a = (&nn + (&nn * &nn * Natural::from(5u32)).floor_sqrt()) / Natural::from(2u32);
    let b = &a + &nn;
    let (o, _) = check("wythoff", &a.to_string(), &b.to_string(), diag);
    assert_eq!(o, "P");
    let (o, _) = check(
        "wythoff",
        &(&a + Natural::from(1u32)).to_string(),
        &b.to_string(),
        diag,
    );
    assert_eq!(o, "N");
    // 3-Wythoff: a_n = floor(n (sqrt 13 - 1)/2), b_n = a_n + 3n; Connell p = 3 (seed 000,
    // m = 1, p = 3): a_n = floor(n (sqrt 13 - 1)/6), b_n = a_n + n. n has 45 digits.
    let nn = n("123456789012345678901234567890123456789012345");
    let r = (&nn * &nn * Natural::from(13u32)).floor_sqrt();
    let a3 = (&r - &nn) / Natural::from(2u32);
    let b3 = &a3 + &nn * Natural::from(3u32);
    let (o, _) = check("m-wythoff:m=3", &b3.to_string(), &a3.to_string(), band(3));
    assert_eq!(o, "P");
    let (o, _) = check(
        "m-wythoff:m=3",
        &b3.to_string(),
        &(&a3 + Natural::from(2u32)).to_string(),
        band(3),
    );
    assert_eq!(o, "N");
    let ac = (&r - &nn) / Natural::from(6u32);
    let bc = &ac + &nn;
    let (o, _) = check("connell:p=3", &ac.to_string(), &bc.to_string(), |_, _| true);
    assert_eq!(o, "P");
}

#[test]
fn thousand_digits_is_quick_enough_to_answer() {
    let x = format!("1{}", "0".repeat(1000));
    let y = format!("3{}", "1".repeat(1000));
    check("wythoff", &x, &y, diag);
    check("roob-blocking:m=2,p=3", &x, &y, |_, _| true);
}

#[test]
fn recurrence_refuses_with_reason() {
    let o = wythoff(&[
        "outcome",
        "st-wythoff:s=2,t=1",
        "1000000000000000000000",
        "1000000000000000000001",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("recurrence"), "{err}");
    assert_eq!(err.lines().count(), 1);
}
