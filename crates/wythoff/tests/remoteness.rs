//! Remoteness tables against the reference (an explicit minimax over states
//! `(position, blocked options)` trying every block set, with win/loss carried
//! as a flag): every catalogue game in both conventions and random rules
//! (proptest); the outcomes they imply against the outcome solvers; Imitation
//! Nim's remoteness against an independent history search in both conventions.

use proptest::prelude::*;
use wythoff::catalogue::parse_game;
use wythoff::imitation::{self, ImitationNim, StateSolver};
use wythoff::rules::{Convention, Game, Relation, Rules};
use wythoff::solve::{self, remoteness};

mod imitation_support;
mod strategies;
use strategies::any_set;

const GAMES: &[&str] = &[
    "nim",
    "wythoff",
    "m-wythoff:m=2",
    "st-wythoff:s=2,t=1",
    "connell:p=3",
    "roob-blocking:m=1,p=2",
    "roob-blocking:m=2,p=3",
    "roob-blocking:m=2,p=2,l=1",
    "modulo-rook:m=2,l=1,p=2",
    "shifted:m=1,p=3,l=1",
    "corner:m=1,p=2,u=2,v=3",
    "choose-shift:m=1,p=3",
    "modular:m=3",
    "diagonal-blocking:p=2,m=1",
    "diagonal-blocking:p=3,m=2",
    "restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
    "odd-odd:s=1,t=1",
    "even-even:s=2,t=1",
    "odd-even:s=1,t=1",
    "even-odd:s=1,t=2",
];

/// The table of `r` against the reference on the board `n`, and the outcome
/// its parity implies against the reference outcome solver.
fn check_rules(r: &Rules, n: usize) -> Result<(), String> {
    let t = wythoff::solve::rules_remoteness_table(r, n);
    let b = remoteness::reference::table(r, n);
    let o = solve::reference::outcomes(r, n);
    for x in 0..n {
        for y in 0..n {
            let got = t.get(x, y);
            let want = b[x * n + y];
            if got != want.map(|w| w.1) {
                return Err(format!("({x}, {y}): {got:?}, brute force {want:?}"));
            }
            if let (Some(g), Some(w)) = (got, want) {
                if remoteness::loses(r.convention(), g) == w.0 {
                    return Err(format!("({x}, {y}): parity of {g} against flag {}", w.0));
                }
                if o.is_p(x, y) != remoteness::loses(r.convention(), g) {
                    return Err(format!("({x}, {y}): remoteness {g} against outcome table"));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn catalogue_remoteness_equals_brute_force() {
    for name in GAMES {
        let g = parse_game(name).unwrap().game;
        for c in [Convention::Normal, Convention::Misere] {
            let g = g.with_convention(c);
            let n = if g.has_blocking() { 7 } else { 12 };
            for r in g.variants() {
                check_rules(r, n).unwrap_or_else(|e| panic!("{name} {c:?}: {e}"));
            }
            // the game's table (choice games combined) implies the game's outcomes
            let t = wythoff::solve::remoteness_table(&g, n).unwrap();
            assert_eq!(
                t.outcomes(),
                solve::outcomes(&g, n).unwrap(),
                "{name} {c:?}"
            );
        }
    }
}

/// Small known values: Nim's remoteness is 0 on the diagonal, 1 next to a
/// P-position by one move; Wythoff (0, 0) = 0, (1, 1) = 1, (1, 2) = 2.
#[test]
fn known_values() {
    let g = parse_game("nim").unwrap().game;
    let t = wythoff::solve::remoteness_table(&g, 6).unwrap();
    assert_eq!(t.get(3, 3), Some(4 - 0 * 4 + 2)); // (3,3): the loser drags it out: 6 moves
    assert_eq!(t.get(0, 5), Some(1));
    assert_eq!(t.get(2, 5), Some(1 + 4));
    let g = parse_game("wythoff").unwrap().game;
    let t = wythoff::solve::remoteness_table(&g, 4).unwrap();
    assert_eq!(
        (t.get(0, 0), t.get(1, 1), t.get(1, 2)),
        (Some(0), Some(1), Some(2))
    );
    let m = wythoff::solve::remoteness_table(&g.with_convention(Convention::Misere), 4).unwrap();
    // misère: (0, 0) the mover wins at once; (0, 1) must move to (0, 0) and lose
    assert_eq!((m.get(0, 0), m.get(0, 1)), (Some(0), Some(1)));
}

prop_compose! {
    fn rules_strategy()(h in any_set(), v in any_set(), d1 in any_set(), d2 in any_set(),
        rel in strategies::any_relation(), two in any::<bool>(), block in 0u8..60, bl in 1u64..4, p in 1u64..4,
        cu in 0u64..3, cv in 0u64..3, misere in any::<bool>()) -> Rules {
        let mut b = Rules::builder().h(h).v(v);
        if two { b = b.two_pile(d1, d2, rel); }
        b = strategies::with_block(b, block, bl, p, |_| true);
        b.corner(cu, cv).convention(if misere { Convention::Misere } else { Convention::Normal }).build().unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn random_rules_remoteness_equals_brute_force(r in rules_strategy(), n in 1usize..8) {
        if let Err(e) = check_rules(&r, n) {
            return Err(TestCaseError::fail(format!("{}: {e}", r.describe())));
        }
    }
}

/// A blocked state: the brute force's explicit state against `state_value` over
/// the unblocked options.
#[test]
fn blocked_states_equal_brute_force() {
    for name in ["roob-blocking:m=2,p=3", "diagonal-blocking:p=2,m=1"] {
        for c in [Convention::Normal, Convention::Misere] {
            let g = parse_game(name).unwrap().game.with_convention(c);
            let r = g.as_single().unwrap();
            let n = 6;
            let t = wythoff::solve::rules_remoteness_table(r, n);
            for x in 0..n as u64 {
                for y in 0..n as u64 {
                    let opts = r.options(x, y);
                    // block the first in-class option, if any
                    let blocked: Vec<(u64, u64)> = opts
                        .iter()
                        .filter(|o| o.2)
                        .take(1)
                        .map(|o| (o.0, o.1))
                        .collect();
                    let v = remoteness::state_value(
                        c,
                        opts.iter()
                            .filter(|o| !blocked.contains(&(o.0, o.1)))
                            .map(|o| t.get(o.0 as usize, o.1 as usize).unwrap()),
                    );
                    let want = remoteness::reference::state(r, x, y, &blocked);
                    assert_eq!(v, want.1, "{name} {c:?} ({x}, {y}) {blocked:?}");
                }
            }
        }
    }
}

#[test]
fn imitation_remoteness_equals_history_search() {
    for (p, m) in [(1, 1), (2, 1), (3, 2), (2, 3), (1, 3)] {
        for c in [Convention::Normal, Convention::Misere] {
            let rules = ImitationNim::new(p, m).unwrap().with_convention(c);
            let n = 8;
            let t = imitation::remoteness::start_table(rules, n).unwrap();
            let mut brute = if c == Convention::Misere {
                imitation_support::Brute::misere(p, m)
            } else {
                imitation_support::Brute::new(p, m)
            };
            let solver = StateSolver::new(rules, n).unwrap();
            assert_eq!(t.outcomes(), solver.start_table(), "p={p} m={m} {c:?}");
            for x in 0..n {
                for y in 0..n {
                    let (win, r) = brute.remoteness(&[(x, y)]);
                    let got = t.get(x as usize, y as usize).unwrap();
                    assert_eq!(got, r, "p={p} m={m} {c:?} ({x}, {y})");
                    assert_eq!(remoteness::loses(c, got), !win);
                }
            }
        }
    }
}

#[test]
fn games_with_memory_are_sent_to_the_state_search() {
    let g: Game = parse_game("imitation:p=2,m=1").unwrap().game;
    assert!(wythoff::solve::remoteness_table(&g, 5).is_err());
    assert!(wythoff::solve::remoteness_table(&parse_game("nim").unwrap().game, 5000).is_err());
}

prop_compose! {
    /// Rules in the line kernel's scope: every one-pile length, two-pile moves
    /// of any lengths in a band (or none), a corner, either convention.
    fn line_rules()(w in 0u64..5, cu in 0u64..4, cv in 0u64..4, misere in any::<bool>()) -> Rules {
        use wythoff::sets::LengthSet;
        let mut b = Rules::builder();
        if w > 0 {
            let rel = if w == 1 { Relation::Diagonal } else { Relation::Band { m: w } };
            b = b.two_pile(LengthSet::all(), LengthSet::all(), rel);
        }
        b.corner(cu, cv).convention(if misere { Convention::Misere } else { Convention::Normal }).build().unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    /// The line kernel against the plain table (every option visited) and the
    /// brute force.
    #[test]
    fn line_kernel_equals_plain_table_and_brute_force(r in line_rules(), n in 1usize..40) {
        prop_assert!(solve::remoteness::lines::scope(&r).is_some());
        let fast = solve::remoteness::lines::table(&r, n).unwrap();
        prop_assert_eq!(&fast, &remoteness::plain_table(&r, n), "{}", r.describe());
        if n < 9 {
            if let Err(e) = check_rules(&r, n) {
                return Err(TestCaseError::fail(format!("{}: {e}", r.describe())));
            }
        }
    }
}

/// Out of the line kernel's scope: restricted lengths, cones, congruences,
/// blocking.
#[test]
fn line_kernel_scope() {
    let outside = [
        "connell:p=3",
        "st-wythoff:s=2,t=1",
        "modular:m=3",
        "roob-blocking:m=2,p=3",
        "odd-odd:s=1,t=1",
    ];
    let inside = [
        "nim",
        "wythoff",
        "m-wythoff:m=3",
        "shifted:m=1,p=3,l=1",
        "corner:m=1,p=2,u=2,v=3",
    ];
    for (games, in_scope) in [(outside, false), (inside, true)] {
        for g in games {
            let game = parse_game(g).unwrap().game;
            let scope = solve::remoteness::lines::scope(&game.variants()[0]);
            assert_eq!(scope.is_some(), in_scope, "{g}");
        }
    }
}
