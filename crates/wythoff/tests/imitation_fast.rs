//! The fast state solver of (p,m)-Imitation Nim against the reference one (one
//! bit per state) on every state, and the claims of seed 002 on
//! boards the reference solver cannot reach.

use proptest::prelude::*;
use wythoff::claims::imitation::{check_classification, check_corollary1, check_theorem1};
use wythoff::imitation::{ImitationNim, ReferenceStateSolver, StateSolver};
use wythoff::Convention;

/// Every query of the fast solver equals the reference one's on the board `n`.
fn same_as_reference(p: u64, m: u64, n: u64) {
    same_as_reference_in(p, m, n, Convention::Normal);
    same_as_reference_in(p, m, n, Convention::Misere);
}

fn same_as_reference_in(p: u64, m: u64, n: u64, conv: Convention) {
    let rules = ImitationNim::new(p, m).unwrap().with_convention(conv);
    let fast = StateSolver::new(rules, n).unwrap();
    let reference = ReferenceStateSolver::new(rules, n).unwrap();
    let ctx = format!("p={p} m={m} n={n} {conv}");
    for x in 0..n {
        for y in 0..n {
            for s in rules.states_at(x, y) {
                assert_eq!(
                    fast.outcome(&s).unwrap(),
                    reference.outcome(&s).unwrap(),
                    "{ctx}: {s}"
                );
            }
            assert_eq!(
                fast.classify(x, y),
                reference.classify(x, y),
                "{ctx}: ({x}, {y})"
            );
        }
    }
    assert_eq!(fast.start_table(), reference.start_table(), "{ctx}");
    assert_eq!(
        fast.start_p_positions(),
        reference.start_p_positions(),
        "{ctx}"
    );
    assert_eq!(fast.classification(), reference.classification(), "{ctx}");
    // a sample of the state queries built on the outcomes
    let (x, y) = (n - 1, (n - 1) / 2);
    assert_eq!(
        fast.states_by_outcome(x, y),
        reference.states_by_outcome(x, y),
        "{ctx}"
    );
    for s in rules.states_at(x, y) {
        assert_eq!(
            fast.winning_moves(&s).unwrap(),
            reference.winning_moves(&s).unwrap(),
            "{ctx}: {s}"
        );
    }
}

#[test]
fn fast_equals_naive_on_every_state() {
    for p in 1..=4 {
        for m in 1..=4 {
            for n in [1, 2, 3, 7, 40] {
                same_as_reference(p, m, n);
            }
        }
    }
}

/// Windows wider than the board, and larger runs.
#[test]
fn fast_equals_naive_wide_windows_and_long_runs() {
    for (p, m) in [
        (1, 9),
        (2, 30),
        (3, 100),
        (5, 2),
        (6, 3),
        (7, 1),
        (2, u64::MAX),
    ] {
        same_as_reference(p, m, 25);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn fast_equals_naive_random(p in 1u64..=6, m in 1u64..=8, n in 1u64..=45) {
        same_as_reference(p, m, n);
    }
}

proptest! {
    // boards over the difference array's 64-cell tiles: the pass writes and
    // reads across tile borders (one, two or three tiles a side)
    #![proptest_config(ProptestConfig::with_cases(6))]
    #[test]
    fn fast_equals_naive_random_across_tiles(p in 1u64..=5, m in 1u64..=8, n in 60u64..=200) {
        same_as_reference(p, m, n);
    }
}

/// Boards a little over one and two tiles of the difference array.
#[test]
fn fast_equals_naive_at_tile_borders() {
    for (p, m, n) in [(2, 1, 64), (2, 1, 65), (3, 2, 129), (5, 4, 130)] {
        same_as_reference(p, m, n);
    }
}

/// Out of the board and invalid states are refused, not answered.
#[test]
fn refusals() {
    use wythoff::imitation::{ImitationError, State};
    let rules = ImitationNim::new(2, 1).unwrap();
    let fast = StateSolver::new(rules, 10).unwrap();
    assert!(fast.outcome(&State::start(10, 0)).is_err());
    let bad = State {
        mover_run: 2,
        ..State::start(3, 4)
    };
    assert!(fast.outcome(&bad).is_err());
    assert!(matches!(
        StateSolver::new(rules, 0),
        Err(ImitationError::BadInput(_))
    ));
    for n in [100_000, 1 << 15 | 1] {
        let e = StateSolver::new(rules, n).unwrap_err();
        assert!(matches!(e, ImitationError::TooLarge(_)), "{e}");
        assert!(!e.to_string().contains('\n'));
    }
    let e = StateSolver::with_budget(rules, 4096, 1 << 20).unwrap_err();
    assert!(e.to_string().contains("MiB"), "{e}");
}

/// Corollary 1 at n = 300: the starting P-positions (fast solver) equal the
/// P-positions of `diagonal-blocking` with the same p, m (general solver).
#[test]
fn corollary1_at_300() {
    for (p, m) in [(1, 1), (2, 1), (3, 2), (2, 3), (4, 1)] {
        let r = check_corollary1(p, m, 300);
        assert!(r.passed, "{r:?}");
    }
}

/// Theorem 1 on every state and the classification remark, on boards beyond
/// the reference solver's reach in a test.
#[test]
fn theorem1_and_classification_at_200() {
    for (p, m) in [(2, 1), (3, 2), (1, 3)] {
        let r = check_theorem1(p, m, 200);
        assert!(r.passed, "{r:?}");
        let r = check_classification(p, m, 200);
        assert!(r.passed, "{r:?}");
    }
}

/// Larger boards (run with `--ignored`): the classification remark and
/// Corollary 1 at n = 4096, Theorem 1 on every state at n = 500.
#[test]
#[ignore]
fn large_boards() {
    for (p, m) in [(1, 1), (2, 1), (3, 2), (4, 3)] {
        let solver = StateSolver::new(ImitationNim::new(p, m).unwrap(), 4096).unwrap();
        let r = wythoff::claims::imitation::classification_report(&solver);
        assert!(r.passed, "{r:?}");
        let r = wythoff::claims::imitation::corollary1_report(&solver);
        assert!(r.passed, "{r:?}");
    }
    for (p, m) in [(2, 1), (3, 2)] {
        let r = check_theorem1(p, m, 500);
        assert!(r.passed, "{r:?}");
    }
}
