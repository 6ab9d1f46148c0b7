//! `play` with a pass (docs/games.md, "A pass"): the session remembers whether
//! the one pass was used, the human may pass once, and the computer passes
//! when passing is (one of) its fastest wins; the pass's value agrees with
//! `explain`'s (the answer `outcome` gives) on every position of small boards.

use wythoff::answer::Subject;
use wythoff::explain;
use wythoff::play::{Action, Session};
use wythoff::rules::Game;
use wythoff::solve::Outcome;

fn game(text: &str, misere: bool) -> Game {
    Subject::parse(text, misere).unwrap().game
}

/// From (3, 5) in Wythoff with a pass (P without the pass, so passing wins,
/// tied with 1,3 and 3,1 at remoteness 4): the computer, first to act, wins
/// against the longest defence whatever the seed, and passes for some seeds.
#[test]
fn the_computer_passes_and_wins_from_3_5() {
    let g = game("wythoff:pass=1", false);
    let mut passed = 0;
    for seed in 0..12 {
        let mut s = Session::new(&g, 3, 5, seed).unwrap();
        assert!(s.pass_available() && !s.pass_used());
        assert!(s.mover_wins());
        let hint = s.hint();
        assert!(
            hint.iter().any(|c| c.pass && c.wins && c.to == (3, 5)),
            "the pass is among the winning moves: {hint:?}"
        );
        let (first, _) = s.computer_action().unwrap();
        if first == Action::Pass {
            passed += 1;
            assert_eq!(s.position(), (3, 5));
            assert!(s.pass_used() && !s.pass_available());
            assert!(s.moves()[0].pass);
        }
        // both sides by the session's own choice (the loser's longest defence)
        let mut acted = 1;
        while s.computer_action().is_some() {
            acted += 1;
            assert!(acted < 100, "the game ends");
        }
        assert!(s.is_over());
        // normal play: the player stuck at the end lost; the first to act won
        assert_eq!(acted % 2, 1, "seed {seed}: the computer (first) wins");
    }
    assert!(passed > 0, "the computer passed for some seed");
}

#[test]
fn the_human_pass_is_remembered_and_a_second_is_refused() {
    let g = game("wythoff:pass=1", false);
    let mut s = Session::new(&g, 3, 5, 0).unwrap();
    let c = s.play_pass(&[]).unwrap();
    assert!(c.pass && c.wins);
    assert!(s.pass_used() && !s.pass_available());
    assert_eq!(s.position(), (3, 5));
    assert_eq!(s.pass_choice(), None);
    let why = s.check_pass().unwrap_err();
    assert!(why.contains("used already"), "{why}");
    assert!(s.play_pass(&[]).is_err());
    // the opponent is now at a P-position of Wythoff: it loses
    assert!(!s.mover_wins());
    // a move does not give the pass back
    s.play((1, 5), &[]).unwrap();
    assert!(s.pass_used() && s.play_pass(&[]).is_err());
    // undo takes the move and then the pass back
    assert!(s.undo() && s.pass_used());
    assert!(s.undo() && s.pass_available());
    assert!(s.check_pass().is_ok());
}

#[test]
fn no_pass_without_a_move_or_without_the_pass() {
    let g = game("wythoff:pass=1", false);
    let mut s = Session::new(&g, 0, 0, 0).unwrap();
    let why = s.check_pass().unwrap_err();
    assert!(why.contains("without a move"), "{why}");
    assert!(s.is_over());
    let g = game("wythoff", false);
    let mut s = Session::new(&g, 3, 5, 0).unwrap();
    assert!(!s.has_pass() && !s.pass_available());
    let why = s.check_pass().unwrap_err();
    assert!(why.contains("no pass"), "{why}");
    assert_eq!(s.actions(), s.choices());
    assert!(s.hint().iter().all(|c| !c.pass));
}

/// The session's pass and outcome agree with `explain` (what `outcome`
/// answers) on every position of an 8 x 8 board, and stay right after a pass.
#[test]
fn the_session_agrees_with_explain() {
    for (text, misere) in [
        ("wythoff:pass=1", false),
        ("wythoff:pass=1", true),
        ("gdwn:p=1,q=2,pass=1", false),
    ] {
        let g = game(text, misere);
        let g0 = g.without_pass();
        for x in 0..8 {
            for y in 0..8 {
                let a = explain::analyse(&g, x, y).unwrap();
                let v = &a.variants[0];
                let mut s = Session::new(&g, x, y, 0).unwrap();
                assert_eq!(s.mover_wins(), a.outcome == Outcome::N, "{text} ({x}, {y})");
                let pass_wins = s.pass_choice().is_some_and(|c| c.wins);
                assert_eq!(pass_wins, v.pass_wins, "{text} misère {misere} ({x}, {y})");
                if s.pass_choice().is_some() {
                    s.play_pass(&[]).unwrap();
                    let a0 = explain::analyse(&g0, x, y).unwrap();
                    assert_eq!(
                        s.mover_wins(),
                        a0.outcome == Outcome::N,
                        "{text} after the pass ({x}, {y})"
                    );
                }
            }
        }
    }
}
