//! The oracles of the classical games and seeds 000-002 against the general
//! solver: P-positions on boards, P-options (winning moves, with the blocking
//! class) of every position of a smaller board, pairs against independent mex
//! recurrences, and round trips at 50 and 1000 digits.

use malachite_nz::natural::Natural;
use std::collections::BTreeSet;
use wythoff::catalogue::parse_game;
use wythoff::oracle::{self, Oracle};
use wythoff::rules::{Convention, Game};
use wythoff::solve;

/// `ENTRY:A=a,B=b` for every `a` in `ar` and `b` in `br` (`b` the faster).
fn grid(
    entry: &str,
    (a, ar): (&str, std::ops::RangeInclusive<u64>),
    (b, br): (&str, std::ops::RangeInclusive<u64>),
) -> Vec<String> {
    ar.flat_map(|x| br.clone().map(move |y| format!("{entry}:{a}={x},{b}={y}")))
        .collect()
}

fn games() -> Vec<String> {
    let mut g = vec!["nim".to_string(), "wythoff".to_string()];
    for m in 1..=6 {
        g.push(format!("m-wythoff:m={m}"));
    }
    g.extend(grid("st-wythoff", ("s", 1..=3), ("t", 1..=3)));
    for p in 1..=6 {
        g.push(format!("connell:p={p}"));
    }
    g.extend(grid("roob-blocking", ("m", 1..=4), ("p", 1..=4)));
    for m in 1..=5 {
        for p in 1..=6 {
            let mut ls: Vec<u64> = vec![0, 1, m, p];
            ls.sort_unstable();
            ls.dedup();
            for l in ls {
                if l <= p {
                    g.push(format!("modulo-rook:m={m},l={l},p={p}"));
                }
            }
        }
    }
    for m in 1..=3 {
        for p in 1..=4 {
            for l in 0..p {
                g.push(format!("shifted:m={m},p={p},l={l}"));
            }
            g.push(format!("choose-shift:m={m},p={p}"));
        }
    }
    for m in 1..=12 {
        g.push(format!("modular:m={m}"));
    }
    g.extend(grid("diagonal-blocking", ("p", 1..=4), ("m", 1..=6)));
    g
}

fn oracle_of(name: &str) -> Option<(Game, Box<dyn Oracle>)> {
    let ng = parse_game(name).unwrap();
    let o = oracle::for_game(ng.entry_name, &ng.params, Convention::Normal)?;
    Some((ng.game, o))
}

fn nat(v: u64) -> Natural {
    Natural::from(v)
}

#[test]
fn is_p_matches_general_solver() {
    let mut with_oracle = 0;
    for name in games() {
        let Some((game, o)) = oracle_of(&name) else {
            continue;
        };
        with_oracle += 1;
        let n = 120;
        let t = solve::outcomes(&game, n).unwrap();
        for x in 0..n {
            for y in 0..n {
                if !game.on_some_board(x as u64, y as u64) {
                    assert!(
                        o.is_p(&nat(x as u64), &nat(y as u64)).is_err(),
                        "{name} ({x},{y}) off board"
                    );
                    continue;
                }
                let want = t.is_p(x, y);
                let got = o.is_p(&nat(x as u64), &nat(y as u64)).unwrap();
                assert_eq!(
                    got, want,
                    "{name} at ({x},{y}): oracle {got}, solver {want}"
                );
            }
        }
    }
    assert!(with_oracle > 100, "only {with_oracle} games had oracles");
}

#[test]
fn no_oracle_where_the_theorem_does_not_apply() {
    for name in [
        "roob-blocking:m=2,p=2,l=1",
        "modulo-rook:m=2,l=0,p=4",
        "modulo-rook:m=3,l=2,p=4",
        "corner:m=1,p=2,u=2,v=3",
    ] {
        assert!(oracle_of(name).is_none(), "{name}");
    }
    let ng = parse_game("wythoff").unwrap();
    assert!(oracle::for_game(ng.entry_name, &ng.params, Convention::Misere).is_none());
}

#[test]
fn p_options_match_general_solver() {
    for name in games() {
        let Some((game, o)) = oracle_of(&name) else {
            continue;
        };
        let n = 36;
        for (vi, rules) in game.variants().iter().enumerate() {
            let t = solve::outcomes(&Game::single(rules.clone()), n).unwrap();
            for x in 0..n as u64 {
                for y in 0..n as u64 {
                    if !rules.on_board(x, y) {
                        continue;
                    }
                    let want: BTreeSet<(u64, u64, bool)> = rules
                        .options(x, y)
                        .into_iter()
                        .filter(|&(a, b, _)| t.is_p(a as usize, b as usize))
                        .collect();
                    let got: BTreeSet<(u64, u64, bool)> = if game.is_choice() {
                        let by = o.winning_moves_by_variant(&nat(x), &nat(y)).unwrap();
                        let (_, mv) = by
                            .into_iter()
                            .find(|(i, _)| *i == vi)
                            .expect("variant listed");
                        mv.into_iter()
                            .map(|(a, b)| {
                                (
                                    u64::try_from(&a).unwrap(),
                                    u64::try_from(&b).unwrap(),
                                    false,
                                )
                            })
                            .collect()
                    } else {
                        o.p_options(&nat(x), &nat(y))
                            .unwrap()
                            .into_iter()
                            .map(|(a, b, c)| {
                                (u64::try_from(&a).unwrap(), u64::try_from(&b).unwrap(), c)
                            })
                            .collect()
                    };
                    assert_eq!(got, want, "{name} variant {vi} at ({x},{y})");
                }
            }
        }
    }
}

/// `x_n = mex{x_i, y_i : i < n}`, `y_n = x_n + f(n, x_n)`, plain integers.
fn mex_pairs(count: usize, f: impl Fn(u64, u64) -> u64) -> Vec<(u64, u64)> {
    let mut used = BTreeSet::new();
    let mut out = Vec::new();
    let mut c = 0u64;
    for n in 0..count as u64 {
        while used.contains(&c) {
            c += 1;
        }
        let y = c + f(n, c);
        used.insert(c);
        used.insert(y);
        out.push((c, y));
    }
    out
}

#[test]
fn pairs_match_mex_recurrences() {
    let count = 3000;
    let check = |name: &str, want: Vec<(u64, u64)>| {
        let (_, o) = oracle_of(name).unwrap();
        let got = o.pairs_u64(want.len() as u64).unwrap().unwrap();
        assert_eq!(got, want, "{name}");
        for n in (0..want.len()).step_by(97) {
            let (a, b) = o.pair(&nat(n as u64)).unwrap().unwrap();
            assert_eq!((a, b), (nat(want[n].0), nat(want[n].1)), "{name} pair({n})");
        }
    };
    for m in 1..=6u64 {
        // Fraenkel's recurrence (5) of seed 000
        check(&format!("m-wythoff:m={m}"), mex_pairs(count, |n, _| m * n));
    }
    for s in 1..=3u64 {
        for t in 1..=3u64 {
            check(
                &format!("st-wythoff:s={s},t={t}"),
                mex_pairs(count, |n, a| (s - 1) * a + t * n),
            );
        }
    }
    for p in 1..=4u64 {
        for m in 1..=6u64 {
            check(
                &format!("diagonal-blocking:p={p},m={m}"),
                mex_pairs(count, |n, _| (n / p) * m),
            );
        }
    }
}

fn big(s: &str) -> Natural {
    s.parse().unwrap()
}

/// `pair(n)` is P; its neighbours are N with winning moves that are legal moves
/// landing on P-positions.
fn round_trip(name: &str, n: &Natural) {
    let ng = parse_game(name).unwrap();
    let o = oracle::for_game(ng.entry_name, &ng.params, Convention::Normal).unwrap();
    let rules = ng.game.variants()[0].clone();
    let (a, b) = o.pair(n).unwrap().unwrap();
    assert!(o.is_p(&a, &b).unwrap(), "{name}: pair is P");
    assert!(o.is_p(&b, &a).unwrap(), "{name}: mirror is P");
    let one = Natural::from(1u32);
    let seven = Natural::from(7u32);
    for (x, y) in [
        (&a + &one, b.clone()),
        (a.clone(), &b + &one),
        (&a + &one, &b + &one),
        (&a + &seven, &b + &one),
        (&b + &seven, &a + &seven),
        (&a - &one, b.clone()),
    ] {
        let p = o.is_p(&x, &y).unwrap();
        let moves = o.winning_moves(&x, &y).unwrap();
        if ng.game.has_blocking() {
            // blocking: every listed option is a P-position reachable by a legal move
        } else {
            assert_eq!(
                p,
                moves.is_empty(),
                "{name} at ({x},{y}): P iff no winning move"
            );
        }
        for (u, v) in moves {
            assert!(
                o.is_p(&u, &v).unwrap(),
                "{name}: ({x},{y}) -> ({u},{v}) lands on N"
            );
            assert!(u <= x && v <= y && (u != x || v != y));
            // legal in the game's rules: reuse the oracle's rule check through a fresh evaluation
            let k = &x - &u;
            let l = &y - &v;
            let legal = if l == 0u32 {
                wythoff::oracle::pset::set_contains(rules.h(), &k)
            } else if k == 0u32 {
                wythoff::oracle::pset::set_contains(rules.v(), &l)
            } else {
                let t = rules.two_pile().unwrap();
                let d = if k >= l { &k - &l } else { &l - &k };
                match t.relation {
                    wythoff::rules::Relation::Diagonal => d == 0u32,
                    wythoff::rules::Relation::Band { m } => d < m,
                    _ => true,
                }
            };
            assert!(legal, "{name}: ({x},{y}) -> ({u},{v}) is not a legal move");
        }
    }
}

#[test]
fn huge_positions_round_trip() {
    let n50 = big("31415926535897932384626433832795028841971693993751");
    let n1000 = {
        let mut s = String::from("2");
        for i in 0..999 {
            s.push(char::from(b'0' + (i * 7 % 10) as u8));
        }
        big(&s)
    };
    for name in [
        "wythoff",
        "m-wythoff:m=3",
        "connell:p=3",
        "roob-blocking:m=2,p=3",
        "modulo-rook:m=2,l=0,p=3",
        "modulo-rook:m=2,l=2,p=4",
        "choose-shift:m=2,p=3",
        "diagonal-blocking:p=2,m=4",
        "st-wythoff:s=1,t=2",
    ] {
        round_trip(name, &n50);
        round_trip(name, &n1000);
    }
}

#[test]
fn wythoff_at_ten_to_the_fifty() {
    let (_, o) = oracle_of("wythoff").unwrap();
    let x = big("100000000000000000000000000000000000000000000000000");
    let y = &x + Natural::from(7u32);
    assert!(!o.is_p(&x, &y).unwrap());
    let moves = o.winning_moves(&x, &y).unwrap();
    assert!(!moves.is_empty());
    for (u, v) in &moves {
        assert!(o.is_p(u, v).unwrap());
        // Wythoff moves: one pile, or equal amounts
        let (k, l) = (&x - u, &y - v);
        assert!(k == 0u32 || l == 0u32 || k == l);
    }
    // the diagonal move keeps y - x = 7: the P-position on that diagonal is (a_7, b_7) = (11, 18)
    assert!(moves.contains(&(Natural::from(11u32), Natural::from(18u32))));
}

#[test]
fn recurrence_refuses_beyond_reach() {
    let (_, o) = oracle_of("st-wythoff:s=2,t=1").unwrap();
    let huge = big("1000000000000000000000");
    let err = o.is_p(&huge, &huge).unwrap_err().to_string();
    assert!(err.contains("recurrence"), "{err}");
    assert!(o.limits().is_some());
    // one small pile is enough: (A_1, B_1) = (1, 3) and (huge, 1) -> (3, 1)? no:
    // only moves landing on P-positions with both piles below count.
    let small = Natural::from(1u32);
    assert!(!o.is_p(&huge, &small).unwrap());
    let moves = o.winning_moves(&huge, &small).unwrap();
    assert!(!moves.is_empty());
    for (u, v) in moves {
        assert!(o.is_p(&u, &v).unwrap());
        assert!(v <= small);
    }
}

#[test]
fn modular_finite_set() {
    for m in 1..=40u64 {
        let (_, o) = oracle_of(&format!("modular:m={m}")).unwrap();
        let pairs = o.pairs_u64(0).unwrap().unwrap();
        assert!(pairs.is_empty());
        // pair(n) beyond the finite set is refused
        let mut count = 0;
        while o.pair(&nat(count)).is_ok() {
            count += 1;
        }
        // 2 floor(m / phi) + 1 positions: floor(m/phi) + 1 pairs; floor(m/phi) = floor(m (sqrt5 - 1)/2)
        let m_over_phi = ((m * m * 5).isqrt() - m) / 2;
        let mm = m_over_phi as u64;
        // isqrt(5 m^2) - m may be odd; floor((sqrt(5m^2) - m)/2) = floor((isqrt(5m^2) - m)/2)
        assert_eq!(count, mm + 1, "m={m}");
    }
}
