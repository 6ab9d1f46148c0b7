//! The seed-003 oracles (Odd-Odd, Even-Even, Odd-Even, Even-Odd (s,t)-Wythoff;
//! Theorems 7, 9, 13, 14, 17-20, Corollaries 21-24) against the general solver,
//! their winning moves against the rules, and their behaviour on huge positions.

use malachite_base::num::arithmetic::traits::Parity;
use malachite_nz::natural::Natural;
use std::str::FromStr;
use wythoff::catalogue::parse_game;
use wythoff::oracle::{self, seed003, Method, Oracle};
use wythoff::rules::{Convention, Rules};
use wythoff::solve::{self, OutcomeTable};
use wythoff::SolveError;

const GAMES: [&str; 4] = ["odd-odd", "even-even", "odd-even", "even-odd"];
const CONVENTIONS: [Convention; 2] = [Convention::Normal, Convention::Misere];

fn n(v: u64) -> Natural {
    Natural::from(v)
}

fn big(text: &str) -> Natural {
    Natural::from_str(text).unwrap()
}

struct Case {
    name: String,
    rules: Rules,
    table: OutcomeTable,
    oracle: Box<dyn Oracle>,
}

fn case(game: &str, s: u64, t: u64, c: Convention, board: usize) -> Case {
    let name = format!("{game}:s={s},t={t}");
    let parsed = parse_game(&name).unwrap();
    let g = parsed.game.with_convention(c);
    let table = solve::outcomes(&g, board).unwrap();
    let oracle = oracle::for_game(parsed.entry_name, &parsed.params, c)
        .unwrap_or_else(|| panic!("no oracle for {name} ({c:?})"));
    Case {
        name: format!("{name} ({c})"),
        rules: g.as_single().unwrap().clone(),
        table,
        oracle,
    }
}

/// The oracle's P/N agrees with the solver on every cell of the board.
fn assert_is_p_matches(cs: &Case) {
    let b = cs.table.size();
    for x in 0..b {
        for y in 0..b {
            let got = cs.oracle.is_p(&n(x as u64), &n(y as u64)).unwrap();
            assert_eq!(
                got,
                cs.table.is_p(x, y),
                "{}: ({x}, {y}) oracle says {}, solver says {} [{}]",
                cs.name,
                if got { "P" } else { "N" },
                if cs.table.is_p(x, y) { "P" } else { "N" },
                cs.oracle.source()
            );
        }
    }
}

#[test]
fn every_oracle_matches_the_solver_for_s_t_up_to_5() {
    for game in GAMES {
        for s in 1..=5 {
            for t in 1..=5 {
                for c in CONVENTIONS {
                    assert_is_p_matches(&case(game, s, t, c, 64));
                }
            }
        }
    }
}

#[test]
fn oracles_match_the_solver_on_150_boards() {
    for game in GAMES {
        for (s, t) in [(1, 1), (2, 3), (3, 1), (1, 4), (4, 2)] {
            for c in CONVENTIONS {
                assert_is_p_matches(&case(game, s, t, c, 150));
            }
        }
    }
}

/// Winning moves are legal (checked with `Rules::is_move`, independent of the
/// oracle), land on solver P-positions, and are all P-options when there are at
/// most `WINNING_MOVES_CAP` of them.
#[test]
fn winning_moves_are_legal_and_complete_up_to_the_cap() {
    let board = 36usize;
    for game in GAMES {
        for (s, t) in [(1, 1), (1, 2), (2, 1), (2, 2), (3, 2), (1, 5), (5, 1)] {
            for c in CONVENTIONS {
                let cs = case(game, s, t, c, board);
                for x in 0..board as u64 {
                    for y in 0..board as u64 {
                        let got = cs.oracle.winning_moves(&n(x), &n(y)).unwrap();
                        let mut want: Vec<(u64, u64)> = cs
                            .rules
                            .options(x, y)
                            .into_iter()
                            .filter(|&(a, b, _)| cs.table.is_p(a as usize, b as usize))
                            .map(|(a, b, _)| (a, b))
                            .collect();
                        want.sort_unstable();
                        let got: Vec<(u64, u64)> = got
                            .iter()
                            .map(|(a, b)| (u64::try_from(a).unwrap(), u64::try_from(b).unwrap()))
                            .collect();
                        for &(a, b) in &got {
                            assert!(
                                a <= x && b <= y && cs.rules.is_move(x - a, y - b),
                                "{}: ({x},{y}) -> ({a},{b}) is not a move",
                                cs.name
                            );
                            assert!(
                                cs.table.is_p(a as usize, b as usize),
                                "{}: ({x},{y}) -> ({a},{b}) lands on an N-position",
                                cs.name
                            );
                        }
                        if want.len() <= seed003::WINNING_MOVES_CAP {
                            assert_eq!(got, want, "{}: winning moves of ({x},{y})", cs.name);
                        } else {
                            assert_eq!(got.len(), seed003::WINNING_MOVES_CAP, "{}", cs.name);
                        }
                    }
                }
            }
        }
    }
}

/// An independent legality check in big integers (parity of each length and the
/// (s,t) cone of seed 003, Eq. (5)).
fn legal(game: &str, s: u64, t: u64, from: &(Natural, Natural), to: &(Natural, Natural)) -> bool {
    let (odd1, odd2) = match game {
        "odd-odd" => (true, true),
        "even-even" => (false, false),
        "odd-even" => (true, false),
        _ => (false, true),
    };
    if to.0 > from.0 || to.1 > from.1 {
        return false;
    }
    let k = &from.0 - &to.0;
    let l = &from.1 - &to.1;
    let zero = n(0);
    let ok1 = k > zero && k.odd() == odd1;
    let ok2 = l > zero && l.odd() == odd2;
    match (k == zero, l == zero) {
        (true, true) => false,
        (false, true) => ok1,
        (true, false) => ok2,
        (false, false) => {
            let (lo, hi) = if k <= l { (&k, &l) } else { (&l, &k) };
            ok1 && ok2 && (hi - lo) < n(s - 1) * lo + n(t)
        }
    }
}

/// Positions around `p` (one-move neighbours and a few others).
fn around(p: &(Natural, Natural)) -> Vec<(Natural, Natural)> {
    let mut v = Vec::new();
    for dx in 0..4u64 {
        for dy in 0..4u64 {
            v.push((&p.0 + n(dx), &p.1 + n(dy)));
            if p.0 >= dx && p.1 >= dy {
                v.push((&p.0 - n(dx), &p.1 - n(dy)));
            }
        }
    }
    v.push((&p.0 + n(7), &p.1 + n(12)));
    v.push((&p.0 + n(12), &p.1 + n(7)));
    v
}

/// For a P-position of the oracle: no winning move; around it, every N-position has
/// winning moves, each legal and landing on a P-position, and every P-position has
/// none.
fn check_consistent_around(game: &str, s: u64, t: u64, o: &dyn Oracle, p: &(Natural, Natural)) {
    assert!(
        o.is_p(&p.0, &p.1).unwrap(),
        "{game} s={s} t={t}: {p:?} should be P"
    );
    for q in around(p) {
        let moves = o.winning_moves(&q.0, &q.1).unwrap();
        if o.is_p(&q.0, &q.1).unwrap() {
            assert!(
                moves.is_empty(),
                "{game}: P-position {q:?} has winning moves {moves:?}"
            );
        } else {
            assert!(
                !moves.is_empty(),
                "{game} s={s} t={t}: N-position {q:?} without a winning move"
            );
            assert!(moves.len() <= seed003::WINNING_MOVES_CAP);
            for m in &moves {
                assert!(
                    legal(game, s, t, &q, m),
                    "{game}: {q:?} -> {m:?} is not legal"
                );
                assert!(
                    o.is_p(&m.0, &m.1).unwrap(),
                    "{game}: {q:?} -> {m:?} is not P"
                );
            }
        }
    }
}

fn oracle_for(game: &str, s: u64, t: u64, c: Convention) -> Box<dyn Oracle> {
    let parsed = parse_game(&format!("{game}:s={s},t={t}")).unwrap();
    oracle::for_game(parsed.entry_name, &parsed.params, c).unwrap()
}

#[test]
fn closed_forms_on_fifty_digit_positions() {
    let e49 = big("10000000000000000000000000000000000000000000000000");
    for (s, t) in [(1, 1), (2, 2), (2, 3), (1, 2), (5, 4), (3, 1)] {
        for c in CONVENTIONS {
            // Odd-Odd: (even, even) with both piles >= 2 is P in both conventions.
            let o = oracle_for("odd-odd", s, t, c);
            assert_eq!(o.method(), Method::ClosedForm);
            let p = (&e49 * n(2) + n(4), &e49 * n(6) + n(10));
            check_consistent_around("odd-odd", s, t, o.as_ref(), &p);

            // Odd-Even and Even-Odd: P-positions from the sequences (pair), or from
            // the boxes of Theorems 17/18 when s = t = 1.
            let oe = oracle_for("odd-even", s, t, c);
            let eo = oracle_for("even-odd", s, t, c);
            let mut ps = Vec::new();
            for idx in [&e49 + n(1), &e49 + n(2), &e49 * n(3) + n(7)] {
                match oe.pair(&idx).unwrap() {
                    Some((a, b)) => {
                        ps.push((a.clone(), &b + n(1)));
                        ps.push((a, b));
                    }
                    None => {
                        assert!(s == 1 && t == 1);
                        let x = &idx * n(2);
                        let (lo, hi) = match c {
                            Convention::Normal => (0u64, 2u64),
                            Convention::Misere => (2, 0),
                        };
                        ps.push((x.clone(), n(lo)));
                        ps.push((&x + n(1), n(hi + 1)));
                    }
                }
            }
            for p in &ps {
                check_consistent_around("odd-even", s, t, oe.as_ref(), p);
                let q = (p.1.clone(), p.0.clone());
                check_consistent_around("even-odd", s, t, eo.as_ref(), &q);
            }
        }
    }
}

#[test]
fn closed_forms_on_thousand_digit_positions() {
    let huge = Natural::from(10u32).pow(999) + n(3);
    for c in CONVENTIONS {
        for (s, t) in [(2, 3), (7, 1)] {
            let oe = oracle_for("odd-even", s, t, c);
            let (a, b) = oe.pair(&huge).unwrap().unwrap();
            check_consistent_around("odd-even", s, t, oe.as_ref(), &(a, b));
        }
        let o = oracle_for("odd-odd", 3, 3, c);
        let p = (&huge * n(2), &huge * n(4) + n(2));
        check_consistent_around("odd-odd", 3, 3, o.as_ref(), &p);
    }
}

use malachite_base::num::arithmetic::traits::Pow;

/// The sequence oracles' `pair` agrees with the P-positions of the solver.
#[test]
fn pairs_are_p_positions() {
    for (game, s, t) in [
        ("even-even", 1, 1),
        ("even-even", 2, 2),
        ("even-even", 3, 4),
        ("odd-even", 2, 2),
        ("odd-even", 1, 2),
        ("odd-even", 4, 1),
    ] {
        for c in CONVENTIONS {
            let cs = case(game, s, t, c, 150);
            for i in 0..12u64 {
                let (a, b) = cs.oracle.pair(&n(i)).unwrap().unwrap();
                let (a, b) = (u64::try_from(&a).unwrap(), u64::try_from(&b).unwrap());
                if b < 150 && a < 150 {
                    assert!(
                        cs.table.is_p(a as usize, b as usize),
                        "{}: pair {i} = ({a},{b})",
                        cs.name
                    );
                }
            }
        }
    }
}

#[test]
fn even_even_refuses_huge_positions_and_handles_one_huge_pile() {
    let e49 = big("10000000000000000000000000000000000000000000000000");
    for c in CONVENTIONS {
        let o = oracle_for("even-even", 2, 3, c);
        assert_eq!(o.method(), Method::Recurrence);
        let e = o.is_p(&e49, &e49).unwrap_err();
        assert!(matches!(e, SolveError::TooLarge(_)), "{e:?}");
        assert!(matches!(
            o.winning_moves(&e49, &(&e49 + n(1))),
            Err(SolveError::TooLarge(_))
        ));
        assert!(matches!(o.pair(&e49), Err(SolveError::TooLarge(_))));
        // the bound itself is answered, one more is refused
        let m = seed003::RECURRENCE_MAX_PILE;
        assert!(o.is_p(&n(m), &n(m + 7)).is_ok());
        assert!(o
            .winning_moves(&n(m), &n(m + 7))
            .is_ok_and(|v| !v.is_empty()));
        assert!(matches!(
            o.is_p(&n(m + 1), &n(m + 1)),
            Err(SolveError::TooLarge(_))
        ));
        // One small pile: the huge one can only be reduced by an even one-pile move.
        for x in 0..40u64 {
            for parity in 0..2u64 {
                let y = &e49 + n(parity);
                let p = o.is_p(&n(x), &y).unwrap();
                assert!(!p, "({x}, 10^49 + {parity}) cannot be P");
                let moves = o.winning_moves(&n(x), &y).unwrap();
                for m in &moves {
                    assert!(legal("even-even", 2, 3, &(n(x), y.clone()), m));
                    assert!(o.is_p(&m.0, &m.1).unwrap());
                }
                // the P-positions of column x are (x, y') with y' of y's parity or
                // the other; at least one has the parity of y, so a move exists
                assert!(
                    !moves.is_empty(),
                    "({x}, 10^49 + {parity}) has no winning move"
                );
            }
        }
    }
}

#[test]
fn restricted_with_parity_sets_gets_the_same_oracle() {
    let parsed = parse_game("restricted:s=2,t=3,h=odd,v=2:0,d1=2:1,d2=even").unwrap();
    let o = oracle::for_game(parsed.entry_name, &parsed.params, Convention::Normal).unwrap();
    assert!(o.source().contains("Theorem 19"), "{}", o.source());
    let parsed = parse_game("restricted:s=2,t=3,h=odd,v=even,d1=odd,d2=odd").unwrap();
    assert!(oracle::for_game(parsed.entry_name, &parsed.params, Convention::Normal).is_none());
    let parsed = parse_game("st-wythoff:s=2,t=3").unwrap();
    assert!(seed003::for_game(parsed.entry_name, &parsed.params, Convention::Normal).is_none());
}
