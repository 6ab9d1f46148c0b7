//! The fast solvers against the reference, on every catalogue game
//! (both conventions) and on random rule values (property tests).

use proptest::prelude::*;
use wythoff::catalogue::parse_game;
use wythoff::rules::{BlockClass, Convention, Game, Relation, Rules};
use wythoff::solve;

mod strategies;
use strategies::{any_rules as rules_strategy, any_set as set_strategy, periodic_set};

const GAMES: &[&str] = &[
    "nim",
    "wythoff",
    "m-wythoff:m=2",
    "m-wythoff:m=3",
    "st-wythoff:s=2,t=1",
    "st-wythoff:s=3,t=2",
    "connell:p=2",
    "connell:p=3",
    "roob-blocking:m=1,p=2",
    "roob-blocking:m=2,p=3",
    "roob-blocking:m=2,p=2,l=1",
    "modulo-rook:m=2,l=0,p=3",
    "modulo-rook:m=2,l=2,p=4",
    "modulo-rook:m=2,l=1,p=2",
    "shifted:m=1,p=3,l=1",
    "shifted:m=2,p=2,l=1",
    "corner:m=1,p=2,u=2,v=3",
    "choose-shift:m=1,p=3",
    "modular:m=3",
    "modular:m=5",
    "diagonal-blocking:p=2,m=1",
    "diagonal-blocking:p=3,m=2",
    "restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
    "odd-odd:s=1,t=1",
    "odd-odd:s=2,t=3",
    "even-even:s=1,t=1",
    "even-even:s=2,t=1",
    "odd-even:s=1,t=1",
    "odd-even:s=2,t=2",
    "even-odd:s=1,t=2",
];

#[test]
fn catalogue_fast_equals_reference() {
    for name in GAMES {
        let g = parse_game(name).unwrap().game;
        for c in [Convention::Normal, Convention::Misere] {
            let g = g.with_convention(c);
            let n = 28;
            let a = solve::outcomes(&g, n).unwrap();
            let b = solve::outcomes_reference(&g, n).unwrap();
            assert_eq!(a, b, "{name} {c:?}");
            if solve::grundy_unsupported(&g).is_none() {
                assert_eq!(
                    solve::grundy(&g, n).unwrap(),
                    solve::grundy_reference(&g, n).unwrap(),
                    "{name}"
                );
            }
        }
    }
}

#[test]
fn wythoff_p_positions_are_beatty() {
    let g = parse_game("wythoff").unwrap().game;
    let t = solve::outcomes(&g, 40).unwrap();
    let got: Vec<_> = t
        .p_positions()
        .into_iter()
        .filter(|&(x, y)| x <= y)
        .collect();
    assert_eq!(
        got,
        vec![
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
            (12, 20),
            (14, 23),
            (16, 26),
            (17, 28),
            (19, 31),
            (21, 34),
            (22, 36),
            (24, 39)
        ]
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn random_rules_fast_equals_reference(r in rules_strategy(), n in 1usize..22) {
        let g = Game::single(r);
        prop_assert_eq!(solve::outcomes(&g, n).unwrap(), solve::outcomes_reference(&g, n).unwrap());
        if solve::grundy_unsupported(&g).is_none() {
            prop_assert_eq!(solve::grundy(&g, n).unwrap(), solve::grundy_reference(&g, n).unwrap());
        }
    }

    #[test]
    fn options_fast_equals_options(r in rules_strategy(), x in 0u64..15, y in 0u64..15) {
        prop_assume!(r.on_board(x, y));
        let mut a = r.options(x, y);
        a.sort_unstable();
        prop_assert_eq!(r.options_fast(x, y), a);
    }
}

prop_compose! {
    /// Rules whose two-pile region is unbounded (cone with s >= 2, or a congruence):
    /// the general solver counts them with `solve::geometry::region`.
    fn region_rules()(h in set_strategy(), v in set_strategy(), d1 in periodic_set(), d2 in periodic_set(),
        cone in any::<bool>(), s in 2u64..5, t in 1u64..5, m in 1u64..5, block in any::<bool>(), bl in 1u64..4,
        p in 1u64..4, cu in 0u64..4, cv in 0u64..4, misere in any::<bool>()) -> Rules {
        let rel = if cone { Relation::Cone { s, t } } else { Relation::Congruent { m } };
        let mut b = Rules::builder().h(h).v(v).two_pile(d1, d2, rel);
        if block { b = b.blocking(BlockClass::OnePileAtLeast(bl), p); }
        b.corner(cu, cv).convention(if misere { Convention::Misere } else { Convention::Normal }).build().unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// The general counter solver itself (not only the dispatching `solve::outcomes`)
    /// against the reference, on unbounded two-pile regions.
    #[test]
    fn general_solver_region_counts_equal_reference(r in region_rules(), n in 1usize..26) {
        prop_assert_eq!(solve::outcome::counters::outcomes(&r, n), solve::reference::outcomes(&r, n));
    }

    #[test]
    fn general_solver_equals_reference(r in rules_strategy(), n in 1usize..22) {
        prop_assert_eq!(solve::outcome::counters::outcomes(&r, n), solve::reference::outcomes(&r, n));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    /// The general solver's row pipeline (2, 3, 5 workers) against its one-worker
    /// pass, on boards large enough for the rings to wrap around and for workers
    /// to publish within a row (every 64 cells): random rules, and rules with an
    /// unbounded two-pile region (cone counter; the congruence runs on one worker).
    #[test]
    fn general_solver_threads_equal_one_thread(r in rules_strategy(), q in region_rules(),
            n in 1usize..160, t in prop::sample::select(vec![2usize, 3, 5])) {
        for r in [&r, &q] {
            let one = solve::outcome::counters::outcomes(r, n);
            prop_assert_eq!(solve::outcome::counters::outcomes_threads(r, n, t, &mut |_| {}), one);
        }
    }
}

/// The row pipeline on dense catalogue games (cones of seed 003, both
/// conventions) at a board where every ring wraps many times: the same table
/// for 1, 2 and 3 workers, and that table equal to the reference on its corner.
#[test]
fn general_solver_threads_on_dense_catalogue_games() {
    for name in [
        "odd-odd:s=2,t=1",
        "even-even:s=3,t=4",
        "odd-even:s=2,t=3",
        "restricted:s=3,t=2,h=3:0,v=3:1,d1=3:1,d2=3:2",
        "st-wythoff:s=2,t=1",
    ] {
        let g = parse_game(name).unwrap().game;
        for c in [Convention::Normal, Convention::Misere] {
            let g = g.with_convention(c);
            let r = g.as_single().unwrap();
            let one = solve::outcome::counters::outcomes(r, 300);
            for t in [2, 3] {
                assert_eq!(
                    solve::outcome::counters::outcomes_threads(r, 300, t, &mut |_| {}),
                    one,
                    "{name} {c:?} threads {t}"
                );
            }
            let reference = solve::reference::outcomes(r, 40);
            for x in 0..40 {
                for y in 0..40 {
                    assert_eq!(
                        one.get(x, y),
                        reference.get(x, y),
                        "{name} {c:?} ({x}, {y})"
                    );
                }
            }
        }
    }
}
