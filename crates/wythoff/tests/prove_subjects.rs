//! A proof sweep and `prove` prepare the same proof of a game (hostile round 4:
//! the sweep's subject kept its catalogue entry in misère play, every reader
//! of the entry refused it, and the sweep said "no automaton found" for games
//! `prove --misere` proves). No Walnut: `prepare` guesses and writes the files.

use wythoff::prove::{prepare, Request};
use wythoff::subject::Subject;
use wythoff::sweep::Spec;

fn files_of(s: Subject) -> Option<Vec<(String, String)>> {
    let plan = prepare(&Request::new(s), &mut |_, _| {}).expect("prepared");
    plan.strategy.map(|st| st.files.files)
}

#[test]
fn a_sweep_prepares_what_prove_prepares_in_both_conventions() {
    for (spec, misere) in [
        ("modulo-rook:m=1,l=0,p=3", true),
        ("modulo-rook:m=1,l=0,p=3", false),
        ("terminal-wythoff:l=2", true),
        ("wythoff", true),
    ] {
        let convention = if misere { "misere" } else { "normal" };
        let sweep = Spec::parse(spec).unwrap();
        let mut ng = sweep.combination(0).game.expect("a game");
        if misere {
            ng.game = ng.game.with_convention(wythoff::Convention::Misere);
        }
        let from_sweep = files_of(Subject::from_named(&ng));
        let from_prove = files_of(Subject::parse(spec, misere).unwrap());
        assert!(
            from_prove.is_some(),
            "{spec} ({convention}): prove guesses an automaton"
        );
        assert_eq!(from_sweep, from_prove, "{spec} ({convention})");
    }
}
