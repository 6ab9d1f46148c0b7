//! Larsson, "2-pile Nim with a restricted number of move-size imitations" (seed
//! 002): Examples 1-5, Proposition 0, Corollary 0 and the moves of Figure 2,
//! replayed on the state solver.

use wythoff::catalogue::parse_game;
use wythoff::imitation::{
    IllegalReason, ImitationError, ImitationNim, Pile, PositionClass, State, StateSolver,
    WythoffPairs,
};
use wythoff::solve::{self, Outcome};

fn rules(p: u64, m: u64) -> ImitationNim {
    ImitationNim::new(p, m).unwrap()
}

/// Outcome of the last position of a game given as positions (oldest first).
fn outcome(r: ImitationNim, h: &[(u64, u64)]) -> Outcome {
    let s = r.replay(h).unwrap();
    StateSolver::new(r, s.x.max(s.y) + 1)
        .unwrap()
        .outcome(&s)
        .unwrap()
}

/// The positions the winning moves from `s` lead to.
fn winning_targets(solver: &StateSolver, s: &State) -> Vec<(u64, u64)> {
    solver
        .winning_moves(s)
        .unwrap()
        .into_iter()
        .map(|(_, t)| (t.x, t.y))
        .collect()
}

fn options(r: ImitationNim, h: &[(u64, u64)]) -> Vec<(u64, u64)> {
    let s = r.replay(h).unwrap();
    let mut v: Vec<_> = r.moves(&s).into_iter().map(|(_, t)| (t.x, t.y)).collect();
    v.sort_unstable();
    v
}

fn sorted(mut v: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
    v.sort_unstable();
    v
}

/// Example 1, Imitation Nim (p = m = 1) at (1, 3).
#[test]
fn example_1() {
    let r = rules(1, 1);
    let all = sorted(vec![(1, 2), (1, 1), (1, 0), (0, 3)]);
    assert_eq!(options(r, &[(1, 3)]), all, "initial position");
    for x in 4..9 {
        assert_eq!(options(r, &[(1, x), (1, 3)]), all, "(1, {x}) -> (1, 3)");
        assert_eq!(options(r, &[(x, 3), (1, 3)]), all, "({x}, 3) -> (1, 3)");
    }
    for x in [2, 3] {
        let mut want = all.clone();
        want.retain(|&t| t != (1, 3 - x + 1));
        assert_eq!(options(r, &[(x, 3), (1, 3)]), want, "({x}, 3) -> (1, 3)");
    }
    // (3,3) -> (1,3) loses (the opponent answers (1,2)); (2,3) -> (1,3) wins
    assert_eq!(outcome(r, &[(3, 3), (1, 3)]), Outcome::N);
    let s = r.replay(&[(3, 3), (1, 3)]).unwrap();
    let wins = winning_targets(&StateSolver::new(r, 4).unwrap(), &s);
    assert!(wins.contains(&(1, 2)));
    assert_eq!(outcome(r, &[(2, 3), (1, 3)]), Outcome::P);
    let solver = StateSolver::new(r, 8).unwrap();
    assert_eq!(solver.classify(1, 3), PositionClass::Dynamic);
    assert_eq!(solver.classify(1, 2), PositionClass::P);
    assert_eq!(solver.classify(2, 3), PositionClass::N);
    assert_eq!(solver.classify(3, 4), PositionClass::N);
    for x in 3..8 {
        assert_eq!(solver.classify(2, x), PositionClass::N, "(2, {x})");
    }
}

/// Proposition 0, Remark 2 and Corollary 0 (p = m = 1), against the general
/// solver's Wythoff Nim.
#[test]
fn proposition_0_and_corollary_0() {
    let n = 60u64;
    let r = rules(1, 1);
    let solver = StateSolver::new(r, n).unwrap();
    let wy = solve::outcomes(&parse_game("wythoff").unwrap().game, n as usize).unwrap();
    let pw = |x: u64, y: u64| wy.is_p(x as usize, y as usize);
    assert_eq!(solver.start_table(), wy, "Corollary 0");
    for a in 0..n {
        for b in a..n {
            let class = solver.classify(a, b);
            assert_eq!(class == PositionClass::P, pw(a, b), "(i) at ({a}, {b})");
            // (ii a): a P-position (c, d) of Wythoff Nim, c <= d < b, d - c = b - a
            let iia = (0..b).any(|d| d + a >= b && pw(d + a - b, d));
            // (ii b): (a, c) in P_W with c < a
            let iib = (0..a).any(|c| pw(a, c));
            assert_eq!(class == PositionClass::N, iia || iib, "(ii) at ({a}, {b})");
            // after Remark 2: (a, b) dynamic iff some (a, d) in P_W with a <= d < b,
            // and then P exactly after the move from (a + b - d, b)
            let d = (a..b).find(|&d| pw(a, d));
            assert_eq!(class == PositionClass::Dynamic, d.is_some(), "({a}, {b})");
            if let Some(d) = d {
                let (ps, _) = solver.states_by_outcome(a, b);
                let pile = if a < b { Pile::First } else { Pile::Second };
                assert_eq!(ps.len(), 1, "({a}, {b}): {ps:?}");
                let w = ps[0].window.expect("a window");
                assert_eq!((w.pile, w.removed), (pile, b - d), "({a}, {b})");
            }
        }
    }
}

/// Example 2, (2,1)-Imitation Nim from (2, 2).
#[test]
fn example_2() {
    let r = rules(2, 1);
    assert_eq!(outcome(r, &[(2, 2), (1, 2), (1, 1), (0, 1)]), Outcome::P);
    // (0,1) -> (0,0) would be Bob's second consecutive imitation
    match r.replay(&[(2, 2), (1, 2), (1, 1), (0, 1), (0, 0)]) {
        Err(ImitationError::IllegalHistory { step, reason, .. }) => {
            assert_eq!(step, 4);
            assert_eq!(reason, IllegalReason::PthImitation { p: 2 });
        }
        other => panic!("{other:?}"),
    }
    // Bob's other try: (0, 2), from which Alice wins at once
    assert_eq!(outcome(r, &[(2, 2), (1, 2), (0, 2)]), Outcome::N);
    assert_eq!(outcome(r, &[(2, 2), (1, 2), (0, 2), (0, 0)]), Outcome::P);
    let a = wythoff::imitation::outcome_after(r, &[(2, 2), (1, 2)], 0, 2).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    let wins: Vec<_> = a.winning_moves.iter().map(|(_, t)| (t.x, t.y)).collect();
    assert_eq!(wins, vec![(0, 0)]);
    // Alice's first move wins; (2,2) is N; (1,2) as a starting position is N
    assert_eq!(outcome(r, &[(2, 2)]), Outcome::N);
    assert_eq!(outcome(r, &[(2, 2), (1, 2)]), Outcome::P);
    assert_eq!(outcome(r, &[(1, 2)]), Outcome::N);
    let solver = StateSolver::new(r, 12).unwrap();
    assert_eq!(solver.classify(1, 2), PositionClass::Dynamic);
    assert_eq!(solver.classify(2, 2), PositionClass::N);
    assert_eq!(solver.classify(0, 0), PositionClass::P);
    // the least non-dynamic P-position besides (0, 0) is (2, 3)
    let ndp: Vec<(u64, u64)> = (0..12)
        .flat_map(|x| (x..12).map(move |y| (x, y)))
        .filter(|&(x, y)| solver.classify(x, y) == PositionClass::P)
        .collect();
    assert_eq!(&ndp[..2], &[(0, 0), (2, 3)]);
}

/// Example 3, (1,2)-Imitation Nim, and its (1,2)-Wythoff Nim counterpart.
#[test]
fn example_3() {
    let r = rules(1, 2);
    let solver = StateSolver::new(r, 6).unwrap();
    assert_eq!(solver.classify(1, 2), PositionClass::N);
    for s in r.states_at(1, 2) {
        let wins = winning_targets(&solver, &s);
        assert!(wins.contains(&(0, 2)), "{s}");
    }
    assert_eq!(solver.classify(1, 3), PositionClass::P);
    // from (1,3): (0,3), (1,0) leave a win; (1,2), (1,1) lose to an imitation-free answer
    for t in [(0, 3), (1, 0), (1, 2), (1, 1)] {
        assert_eq!(outcome(r, &[(1, 3), t]), Outcome::N, "{t:?}");
    }
    let w = solve::outcomes(&parse_game("diagonal-blocking:p=1,m=2").unwrap().game, 6).unwrap();
    assert!(!w.is_p(1, 2) && w.is_p(1, 3));
}

/// Example 4, (3,2)-Imitation Nim.
#[test]
fn example_4() {
    let listed = [
        (0, 0),
        (1, 1),
        (2, 2),
        (3, 5),
        (4, 6),
        (7, 9),
        (8, 12),
        (10, 14),
        (11, 15),
        (13, 19),
        (16, 22),
        (17, 23),
        (18, 26),
        (20, 28),
    ];
    let w = WythoffPairs::new(3, 2, 21);
    assert_eq!(
        w.pairs(),
        &listed[..],
        "the listed (3,2)-Wythoff P-positions"
    );
    let r = rules(3, 2);
    let solver = StateSolver::new(r, 29).unwrap();
    let ndp: Vec<(u64, u64)> = listed
        .iter()
        .copied()
        .filter(|&(x, y)| solver.classify(x, y) == PositionClass::P)
        .collect();
    assert_eq!(ndp, vec![(0, 0), (3, 5), (8, 12), (13, 19), (18, 26)]);
    // (20, 27) is non-dynamic N, and (20,27) -> (17,27) wins after every history
    assert_eq!(solver.classify(20, 27), PositionClass::N);
    for s in r.states_at(20, 27) {
        let wins = winning_targets(&solver, &s);
        assert!(wins.contains(&(17, 27)), "{s}");
    }
    // Bob takes from the pile of 17: Alice answers a (3,2)-Wythoff P-position
    // (x, y), y <= x + 6, without imitating
    for x in 0..17 {
        let h = [(20, 27), (17, 27), (x, 27)];
        let s = r.replay(&h).unwrap();
        let good = solver
            .winning_moves(&s)
            .unwrap()
            .into_iter()
            .any(|(mv, t)| {
                !r.is_imitation(&s, mv) && w.is_p(t.x, t.y) && t.y <= t.x + 6 && t.x == x
            });
        assert!(good, "after Bob's (17, 27) -> ({x}, 27)");
    }
}

/// Example 5, (3,3)-Imitation Nim.
#[test]
fn example_5() {
    let r = rules(3, 3);
    let is_imit = |h: &[(u64, u64)]| {
        let s = r.replay(&h[..h.len() - 1]).unwrap();
        let mv = ImitationNim::nim_move(h[h.len() - 2], h[h.len() - 1]).unwrap();
        r.is_imitation(&s, mv)
    };
    let g = [(6, 9), (5, 9), (5, 6), (4, 6), (3, 6)];
    assert!(is_imit(&g[..3]), "Bob's (5,9) -> (5,6) is an imitation");
    assert!(!is_imit(&g[..5]), "Bob's (4,6) -> (3,6) is no imitation");
    assert_eq!(outcome(r, &g), Outcome::P, "Bob wins");
    assert_eq!(
        outcome(r, &g[..4]),
        Outcome::N,
        "Alice's second move is the mistake"
    );
    assert_eq!(
        outcome(r, &g[..3]),
        Outcome::N,
        "Alice still had a winning move"
    );
    // second variation
    let v = [(3, 3), (2, 3), (2, 1)];
    assert_eq!(outcome(r, &v[..2]), Outcome::P);
    assert!(is_imit(&v), "Bob's (2,3) -> (2,1) imitates");
    assert_eq!(outcome(r, &v), Outcome::N);
    // Alice (2,1) -> (2,0): Bob imitates a second time and wins
    let bad = [(3, 3), (2, 3), (2, 1), (2, 0), (0, 0)];
    assert!(is_imit(&bad));
    let s = r.replay(&bad).unwrap();
    assert_eq!(s.previous_run, 2, "Bob's second consecutive imitation");
    assert_eq!(outcome(r, &bad[..4]), Outcome::N);
    // Alice (2,1) -> (1,1) is right; Bob (0,1); Alice (0,0) imitating
    let good = [(3, 3), (2, 3), (2, 1), (1, 1), (0, 1), (0, 0)];
    assert_eq!(outcome(r, &good[..4]), Outcome::P);
    assert!(is_imit(&good));
    assert_eq!(outcome(r, &good), Outcome::P);
}

/// Figure 2, (3,1)-Imitation Nim. The figure itself is missing from our copy of
/// the paper; its caption describes three consecutive winning moves from a
/// position Q along the diagonal of the three (3,1)-Wythoff P-positions (3,4),
/// (5,6), (7,8). We replay the chase the proof of Theorem 1 describes: the
/// winner moves Q = (7, 9) -> (7, 8), then answers (5, 8) and (3, 6) by the
/// imitations (5, 6) and (3, 4) (his 1st and 2nd; a 3rd is forbidden), and
/// wins every continuation without a third imitation.
#[test]
fn figure_2() {
    let r = rules(3, 1);
    let w = WythoffPairs::new(3, 1, 10);
    for t in [(3, 4), (5, 6), (7, 8)] {
        assert!(w.is_p(t.0, t.1), "{t:?}");
    }
    let solver = StateSolver::new(r, 10).unwrap();
    assert_eq!(solver.outcome(&State::start(7, 9)).unwrap(), Outcome::N);
    let h = vec![(7, 9), (7, 8), (5, 8), (5, 6), (3, 6), (3, 4)];
    for k in [2, 4, 6] {
        assert_eq!(
            outcome(r, &h[..k]),
            Outcome::P,
            "winner's move to {:?}",
            h[k - 1]
        );
        assert_eq!(outcome(r, &h[..k - 1]), Outcome::N);
    }
    let s = r.replay(&h).unwrap();
    assert_eq!(s.previous_run, 2);
    for (_, t) in r.moves(&s) {
        let mut g = h.clone();
        g.push((t.x, t.y));
        let s2 = r.replay(&g).unwrap();
        let wins = solver.winning_moves(&s2).unwrap();
        assert!(!wins.is_empty(), "after the loser's {t}");
        assert!(
            wins.iter().any(|(mv, _)| !r.is_imitation(&s2, *mv)),
            "after the loser's {t}: a win without imitating"
        );
    }
    // on the diagonal only (3, 4) (xi = 0) is non-dynamic P; (5, 6), (7, 8) (xi = 1, 2) are dynamic
    assert_eq!(solver.classify(3, 4), PositionClass::P);
    assert_eq!(solver.classify(5, 6), PositionClass::Dynamic);
    assert_eq!(solver.classify(7, 8), PositionClass::Dynamic);
}
