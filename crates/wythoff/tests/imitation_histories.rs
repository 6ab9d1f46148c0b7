//! Random legal histories (built with the independent search's notion of a legal
//! move) get the independent search's outcome and winning moves from the state
//! solver and from Theorem 1; random illegal histories are refused at exactly the
//! first illegal step.

mod imitation_support;

use imitation_support::Brute;
use proptest::prelude::*;
use wythoff::imitation::{IllegalReason, ImitationError, ImitationNim, StateSolver, Theorem1};
use wythoff::solve::Outcome;

const N: u64 = 14;

fn legal_history(b: &Brute, x0: u64, y0: u64, choices: &[usize]) -> Vec<(u64, u64)> {
    let mut h = vec![(x0, y0)];
    for &c in choices {
        let opts = b.options(&h);
        if opts.is_empty() {
            break;
        }
        h.push(opts[c % opts.len()]);
    }
    h
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_legal_histories(
        p in 1u64..=4, m in 1u64..=4, x0 in 0..N, y0 in 0..N,
        choices in proptest::collection::vec(0usize..1000, 0..24),
    ) {
        let mut b = Brute::new(p, m);
        let h = legal_history(&b, x0, y0, &choices);
        let r = ImitationNim::new(p, m).unwrap();
        let s = r.replay(&h).unwrap();
        r.check_state(&s).unwrap();
        let solver = StateSolver::new(r, N).unwrap();
        let want = if b.is_p(&h) { Outcome::P } else { Outcome::N };
        prop_assert_eq!(solver.outcome(&s).unwrap(), want, "history {:?}", h);
        prop_assert_eq!(Theorem1::new(r, N).outcome(&s), want, "Theorem 1, history {:?}", h);
        let mut wins: Vec<(u64, u64)> = solver.winning_moves(&s).unwrap()
            .into_iter().map(|(_, t)| (t.x, t.y)).collect();
        wins.sort_unstable();
        let mut bw: Vec<(u64, u64)> = b.options(&h).into_iter().filter(|&t| {
            let mut g = h.clone();
            g.push(t);
            b.is_p(&g)
        }).collect();
        bw.sort_unstable();
        prop_assert_eq!(wins, bw, "winning moves after {:?}", h);
    }

    #[test]
    fn random_illegal_histories(
        p in 1u64..=4, m in 1u64..=4, x0 in 1..N, y0 in 1..N,
        choices in proptest::collection::vec(0usize..1000, 1..24),
        cut in 0usize..1000, kind in 0u8..4,
    ) {
        let b = Brute::new(p, m);
        let h = legal_history(&b, x0, y0, &choices);
        let r = ImitationNim::new(p, m).unwrap();
        // break the step into position i (1-based step i is h[i-1] -> h[i])
        let i = 1 + cut % h.len();
        let prev = h[i - 1];
        let bad = match kind {
            0 => Some(prev),                                   // removes nothing
            1 => Some((prev.0 + 1, prev.1)),                   // adds
            2 if prev.0 > 0 && prev.1 > 0 => Some((prev.0 - 1, prev.1 - 1)), // both piles
            _ => {
                // a Nim move the independent search forbids: a p-th imitation
                let all = (0..prev.0).map(|a| (a, prev.1)).chain((0..prev.1).map(|c| (prev.0, c)));
                all.into_iter().find(|&t| !b.legal(&h[..i], t))
            }
        };
        if let Some(bad) = bad {
            let mut g = h[..i].to_vec();
            g.push(bad);
            // keep some legal-looking tail: it must not matter
            g.extend(h.iter().skip(i + 1).copied());
            prop_assert_eq!(b.first_illegal(&g), Some(i));
            match r.replay(&g) {
                Err(ImitationError::IllegalHistory { step, from, to, reason }) => {
                    prop_assert_eq!(step, i);
                    prop_assert_eq!(from, prev);
                    prop_assert_eq!(to, bad);
                    let want = match kind {
                        0 => IllegalReason::NoChange,
                        1 => IllegalReason::Adds,
                        2 => IllegalReason::BothPiles,
                        _ => IllegalReason::PthImitation { p },
                    };
                    // kind 2 may fall back to a p-th imitation when a pile is empty
                    if kind != 2 || (prev.0 > 0 && prev.1 > 0) {
                        prop_assert_eq!(reason, want);
                    }
                }
                other => prop_assert!(false, "{:?} accepted: {:?}", g, other),
            }
        }
    }
}
