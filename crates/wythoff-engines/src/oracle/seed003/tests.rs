//! Tests of the seed-003 oracles: the recurrences, big piles (their claims'
//! tests are in `claims::oracle::seed003`).

use super::*;

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
