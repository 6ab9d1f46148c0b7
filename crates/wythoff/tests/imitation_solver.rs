//! The state solver of (p,m)-Imitation Nim against an independent search
//! (`imitation_support`), against Theorem 1 and Corollary 1 (seed 002), and on
//! random legal and illegal histories.

mod imitation_support;

use imitation_support::Brute;
use wythoff::claims::imitation::{check_classification, check_corollary1, check_theorem1};
use wythoff::imitation::{ImitationNim, Pile, ReferenceStateSolver, State, StateSolver, Window};
use wythoff::solve::Outcome;
use wythoff::Convention;

/// A history reaching the valid state `s`, built by the construction in the
/// documentation of `ImitationNim::check_state` (so that every valid state is
/// shown reachable).
fn witness(s: &State) -> Vec<(u64, u64)> {
    let (x, y) = (s.x, s.y);
    let mut h = if let Some(w) = s.window {
        let parent = match w.pile {
            Pile::First => (x + w.removed, y),
            Pile::Second => (x, y + w.removed),
        };
        if s.mover_run == 0 {
            vec![parent]
        } else {
            witness(&State {
                x: parent.0,
                y: parent.1,
                window: None,
                mover_run: 0,
                previous_run: s.mover_run,
            })
        }
    } else if s.previous_run > 0 {
        // an imitation from one token higher on the larger (or equal) pile
        let (q, pile) = if x <= y {
            ((x, y + 1), Pile::First)
        } else {
            ((x + 1, y), Pile::Second)
        };
        witness(&State {
            x: q.0,
            y: q.1,
            window: Some(Window { pile, removed: 1 }),
            mover_run: s.previous_run - 1,
            previous_run: 0,
        })
    } else if s.mover_run > 0 {
        let q = if x <= y { (x, y + 1) } else { (x + 1, y) };
        witness(&State {
            x: q.0,
            y: q.1,
            window: None,
            mover_run: 0,
            previous_run: s.mover_run,
        })
    } else {
        vec![]
    };
    h.push((x, y));
    h
}

const PARAMS: &[(u64, u64)] = &[
    (1, 1),
    (2, 1),
    (3, 1),
    (1, 2),
    (2, 2),
    (3, 2),
    (3, 3),
    (2, 3),
];

#[test]
fn every_valid_state_is_reachable_and_solver_matches_independent_search() {
    matches_independent_search(Convention::Normal);
}

/// Misère play: the player who cannot move wins (also when every move left is a
/// forbidden p-th imitation).
#[test]
fn misere_solvers_match_independent_search() {
    matches_independent_search(Convention::Misere);
}

fn matches_independent_search(conv: Convention) {
    for &(p, m) in PARAMS {
        let rules = ImitationNim::new(p, m).unwrap().with_convention(conv);
        let n = 9;
        let solver = StateSolver::new(rules, n).unwrap();
        let naive = ReferenceStateSolver::new(rules, n).unwrap();
        let mut brute = if conv == Convention::Misere {
            Brute::misere(p, m)
        } else {
            Brute::new(p, m)
        };
        let mut count = 0;
        for x in 0..n {
            for y in 0..n {
                for s in rules.states_at(x, y) {
                    rules.check_state(&s).unwrap();
                    let h = witness(&s);
                    assert_eq!(brute.first_illegal(&h), None, "{p},{m}: witness {h:?}");
                    assert_eq!(rules.replay(&h).unwrap(), s, "{p},{m}: replay {h:?}");
                    let want = if brute.is_p(&h) {
                        Outcome::P
                    } else {
                        Outcome::N
                    };
                    assert_eq!(
                        solver.outcome(&s).unwrap(),
                        want,
                        "p={p} m={m} {conv} {s} via {h:?}"
                    );
                    assert_eq!(
                        naive.outcome(&s).unwrap(),
                        want,
                        "naive p={p} m={m} {conv} {s} via {h:?}"
                    );
                    count += 1;
                }
            }
        }
        assert!(count > 81 * p);
    }
}

/// Forward search from every starting position of a board: everything reached is
/// a valid state (so `states_at` misses nothing reachable).
#[test]
fn reachable_states_are_valid() {
    for &(p, m) in PARAMS {
        let rules = ImitationNim::new(p, m).unwrap();
        let n = 10u64;
        let mut seen = std::collections::HashSet::new();
        let mut stack: Vec<State> = (0..n)
            .flat_map(|x| (0..n).map(move |y| State::start(x, y)))
            .collect();
        while let Some(s) = stack.pop() {
            if !seen.insert(s) {
                continue;
            }
            rules.check_state(&s).unwrap();
            for (_, t) in rules.moves(&s) {
                stack.push(t);
            }
        }
        // and near the origin, every valid state is reached from this board
        for x in 0..3 {
            for y in 0..3 {
                for s in rules.states_at(x, y) {
                    assert!(seen.contains(&s), "p={p} m={m}: {s} not reached");
                }
            }
        }
    }
}

#[test]
fn theorem1_matches_solver_small_boards() {
    for &(p, m) in PARAMS.iter().chain(&[(4, 1), (4, 3), (2, 5), (5, 2)]) {
        let r = check_theorem1(p, m, 40);
        assert!(r.passed, "{r:?}");
    }
}

#[test]
fn corollary1_and_classification_small_boards() {
    for &(p, m) in PARAMS.iter().chain(&[(4, 1), (4, 3), (2, 5), (5, 2)]) {
        let r = check_corollary1(p, m, 40);
        assert!(r.passed, "{r:?}");
        let r = check_classification(p, m, 40);
        assert!(r.passed, "{r:?}");
    }
}

#[test]
fn claims_are_registered_and_pass_on_a_small_board() {
    let cfg = wythoff::verify::VerifyConfig {
        board: 30,
        terms: 1000,
    };
    // Theorem 1 and Corollary 1 (other claims about imitation: seed 002's
    // Remark 4 and Examples, in claims_seed002)
    let claims: Vec<_> = wythoff::verify::registry()
        .into_iter()
        .filter(|c| c.id == "s002-thm-1-cor-1")
        .collect();
    assert_eq!(claims.len(), 1);
    assert!(claims[0].games.contains(&"imitation"));
    let reps = (claims[0].run)(&cfg, &mut |_, _| {});
    assert!(reps.len() >= 30);
    for r in &reps {
        assert!(r.passed, "{r:?}");
    }
}

/// The default `verify` run of these claims (run with `--ignored`; prints the
/// reports).
#[test]
#[ignore]
fn default_claims() {
    let cfg = wythoff::verify::VerifyConfig::default();
    let t = std::time::Instant::now();
    for c in wythoff::verify::registry()
        .into_iter()
        .filter(|c| c.games.contains(&"imitation"))
    {
        for r in (c.run)(&cfg, &mut |_, _| {}) {
            println!(
                "{} | {} | {} | {} | {}",
                r.source, r.game, r.range, r.passed, r.detail
            );
            assert!(r.passed);
        }
    }
    println!("elapsed {:?}", t.elapsed());
}

/// Starting P-positions: the state solver against the independent search (no
/// shared code) for several (p, m).
#[test]
fn starting_p_positions_match_independent_search() {
    for &(p, m) in PARAMS.iter().chain(&[(4, 1), (2, 4)]) {
        let n = 13;
        let solver = StateSolver::new(ImitationNim::new(p, m).unwrap(), n).unwrap();
        let mut brute = Brute::new(p, m);
        let mut want = Vec::new();
        for x in 0..n {
            for y in 0..n {
                if brute.is_p(&[(x, y)]) {
                    want.push((x, y));
                }
            }
        }
        assert!(want.len() > 2);
        assert_eq!(solver.start_p_positions(), want, "p={p} m={m}");
    }
}

/// The Theorem 1 check discriminates between readings: evaluating Definition
/// 5's `L` for the wrong player (the player to move instead of the one who just
/// moved) disagrees with the solver, while the reading used by the oracle agrees.
#[test]
fn misreading_l_is_refuted() {
    use wythoff::imitation::{Move, Theorem1, WythoffPairs};
    let (p, m, n) = (3u64, 1u64, 30u64);
    let r = ImitationNim::new(p, m).unwrap();
    let solver = StateSolver::new(r, n).unwrap();
    let w = WythoffPairs::new(p, m, n);
    let t1 = Theorem1::new(r, n);
    let swapped = |s: &State| -> Outcome {
        let (a, b) = (s.x.min(s.y), s.x.max(s.y));
        let l_here = p as i64 - 1 - s.mover_run as i64;
        if w.is_p(a, b) && (w.xi(a, b) as i64) <= l_here {
            return Outcome::P;
        }
        if let Some(c) = w.partner_of_a(a).filter(|&c| a <= c && c < b) {
            let pile = if s.x < s.y { Pile::Second } else { Pile::First };
            let mv = Move {
                pile,
                amount: b - c,
            };
            let l = if r.is_imitation(s, mv) {
                p as i64 - 2 - s.previous_run as i64
            } else {
                p as i64 - 1
            };
            if l < w.xi(a, c) as i64 {
                return Outcome::P;
            }
        }
        Outcome::N
    };
    let (mut wrong, mut right) = (0, 0);
    for x in 0..n {
        for y in 0..n {
            for s in r.states_at(x, y) {
                let o = solver.outcome(&s).unwrap();
                wrong += (swapped(&s) != o) as u32;
                right += (t1.outcome(&s) != o) as u32;
            }
        }
    }
    assert!(wrong > 0);
    assert_eq!(right, 0);
}

/// A wider sweep (run with `--ignored`): Theorem 1, Corollary 1 and the
/// classification remark for every `1 <= p, m <= 6`, piles below 70.
#[test]
#[ignore]
fn wide_sweep() {
    for p in 1..=6 {
        for m in 1..=6 {
            for r in [
                check_theorem1(p, m, 70),
                check_corollary1(p, m, 70),
                check_classification(p, m, 70),
            ] {
                assert!(r.passed, "{r:?}");
            }
        }
    }
}
