//! Tests of the seed-003 oracles: the claims on a small board, the recurrences, big piles.

use super::claims::compare_with_solver;
use super::*;
use crate::claim::VerifyConfig;

#[test]
fn claims_pass_on_a_small_board() {
    let cfg = VerifyConfig {
        board: 48,
        terms: 0,
    };
    let all = claims();
    assert_eq!(all.len(), 12);
    for c in all {
        let reports = (c.run)(&cfg, &mut |_, _| {});
        assert!(!reports.is_empty(), "{}", c.source);
        for r in reports {
            assert!(r.passed, "{}: {} {}", c.source, r.game, r.detail);
        }
    }
}

/// The default `wythoff verify` run of these claims (slow in debug builds).
#[test]
#[ignore]
fn claims_pass_at_the_default_size() {
    let cfg = VerifyConfig::default();
    for c in claims() {
        for r in (c.run)(&cfg, &mut |_, _| {}) {
            assert!(r.passed, "{}: {} {}", c.source, r.game, r.detail);
        }
    }
}

#[test]
fn a_wrong_oracle_fails_with_a_precise_counterexample() {
    let cfg = VerifyConfig {
        board: 20,
        terms: 0,
    };
    // the normal-play oracle judged against the misère solver
    let r = compare_with_solver(
        "odd-odd",
        Convention::Misere,
        Convention::Normal,
        &[(2, 3)],
        &cfg,
        &mut |_, _| {},
    );
    assert!(!r[0].passed);
    // (0,0): the normal-play oracle says P; in misère it has no option, so N
    assert!(
        r[0].detail
            .starts_with("first counterexample (0, 0): oracle says P, solver says N"),
        "{}",
        r[0].detail
    );
    let r = compare_with_solver(
        "odd-even",
        Convention::Normal,
        Convention::Misere,
        &[(2, 2)],
        &cfg,
        &mut |_, _| {},
    );
    assert!(!r[0].passed);
    assert!(
        r[0].detail.contains("winning move") || r[0].detail.contains("options"),
        "{}",
        r[0].detail
    );
}

#[test]
fn cone_bounds_are_exact() {
    for s in 1..5u64 {
        for t in 1..5u64 {
            let r = ParityRules {
                p1: Par::Odd,
                p2: Par::Even,
                s,
                t,
            };
            for k in 1..40u64 {
                let members: Vec<u64> = (1..400).filter(|&l| r.cone(&nat(k), &nat(l))).collect();
                assert_eq!(nat(*members.first().unwrap()), r.cone_lo(&nat(k)));
                assert_eq!(nat(*members.last().unwrap()), r.cone_hi(&nat(k)));
                assert_eq!(
                    members.len() as u64,
                    members.last().unwrap() - members.first().unwrap() + 1
                );
                let reach: Vec<u64> = (1..400).filter(|&j| r.cone_hi(&nat(j)) >= nat(k)).collect();
                assert_eq!(nat(reach[0]), r.cone_reach_lo(&nat(k)));
            }
        }
    }
}
