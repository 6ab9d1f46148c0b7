//! The shipped proved automata (`wythoff::proved`) against the general solver
//! on a board, and against the closed forms of Blocking Wythoff Nim (k = 2, 3)
//! at huge piles: the automata and the formulas checked against each other.

use malachite_base::num::arithmetic::traits::Pow;
use malachite_nz::natural::Natural;
use proptest::prelude::*;
use wythoff::answer::Subject;
use wythoff::prove::automaton::WalnutAutomaton;
use wythoff::proved::{self, shipped::SHIPPED, PSET_FILE};

const BOARD: usize = 256;

#[test]
fn every_shipped_automaton_is_the_general_solvers_p_set_on_the_board() {
    assert!(SHIPPED.len() >= 50, "the docs/proofs P-set folders ship");
    for (row, a) in SHIPPED.iter().zip(proved::shipped()) {
        let s = Subject::parse(row.game, row.misere).unwrap();
        assert!(a.is_about(&s));
        let table = wythoff::solve::outcomes(&s.game, BOARD).unwrap();
        for x in 0..BOARD {
            for y in 0..BOARD {
                assert_eq!(
                    a.is_p(&Natural::from(x as u64), &Natural::from(y as u64)),
                    table.is_p(x, y),
                    "{} ({}): ({x}, {y})",
                    row.game,
                    s.convention_text()
                );
            }
        }
        // the route: beyond the general solver, this automaton answers
        assert!(
            std::ptr::eq(proved::for_subject(&s).unwrap(), a),
            "{}",
            row.game
        );
    }
}

/// The P-positions `(x, y)` with this `x` and `y` of at most `x`'s digits plus
/// `extra` (the automaton's own completions of `x`'s digits).
fn p_partners(row: usize, x: &Natural, extra: usize) -> Vec<Natural> {
    let a = &proved::shipped()[row];
    let w = WalnutAutomaton::parse(
        SHIPPED[row]
            .files
            .iter()
            .find(|f| f.0 == PSET_FILE)
            .unwrap()
            .1,
    )
    .unwrap();
    let mut dx = a.numeration().represent(x);
    let len = dx.len() + extra;
    let mut padded = vec![0; len - dx.len()];
    padded.append(&mut dx);
    w.completions(&[padded], 1, 64)
        .into_iter()
        .map(|ws| a.numeration().value(&ws[0]))
        .collect()
}

fn huge(hi: u64, lo: u64, e: u64) -> Natural {
    Natural::from(hi) * Natural::from(10u32).pow(e) + Natural::from(lo)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// At random huge piles, Blocking Wythoff Nim's closed forms (k = 2, 3,
    /// normal play) and the proved automata agree: on the P-positions the
    /// automaton finds in `x`'s row, their neighbours, and the lines
    /// `y = 2x, 2x + 1, 2x + 2` of the closed forms.
    #[test]
    fn blocking_closed_forms_equal_the_proved_automata(k in 2u64..=3, hi in any::<u64>(), lo in any::<u64>(), e in 0u64..120) {
        let s = Subject::parse(&format!("blocking-wythoff:k={k}"), false).unwrap();
        let oracle = s.oracle().expect("the closed form");
        let a = proved::for_subject(&s).expect("the shipped proof");
        let row = proved::shipped().iter().position(|b| std::ptr::eq(a, b)).unwrap();
        let x = huge(hi, lo, e);
        let two = Natural::from(2u32);
        let mut ys: Vec<Natural> = p_partners(row, &x, 3);
        prop_assert!(!ys.is_empty(), "({x}, 2x + 1) at least is a P-position");
        let found = ys.clone();
        for y in &found {
            ys.push(y + Natural::from(1u32));
            if *y > 0u32 {
                ys.push(y - Natural::from(1u32));
            }
        }
        for c in 0..=2u32 {
            ys.push(&two * &x + Natural::from(c));
        }
        for y in &ys {
            for (p, q) in [(&x, y), (y, &x)] {
                prop_assert_eq!(oracle.is_p(p, q).unwrap(), a.is_p(p, q), "k = {}: ({}, {})", k, p, q);
            }
        }
    }
}
