//! One engine choice per position (issue 43): `answer::outcome` (with notes)
//! and `explain::winning_moves` (without) follow `explain::position_engine`,
//! so they agree on the outcome and the moves wherever both answer, and refuse
//! in the same words where neither does.

use std::str::FromStr;
use wythoff::answer;
use wythoff::explain::{self, PositionEngine};
use wythoff::oracle::Natural;
use wythoff::subject::Subject;

fn n(s: &str) -> Natural {
    Natural::from_str(s).unwrap()
}

fn engine_name(e: &PositionEngine) -> &'static str {
    match e {
        PositionEngine::Imitation { .. } => "imitation",
        PositionEngine::Oracle(_) => "oracle",
        PositionEngine::General { .. } => "general",
        PositionEngine::ProvedOptions { .. } => "proved options",
        PositionEngine::Proved(_) => "proved",
    }
}

#[test]
fn answer_and_winning_moves_take_the_same_engine() {
    let cases: &[(&str, bool, &str, &str, &str)] = &[
        ("imitation:p=1,m=1", false, "5", "3", "imitation"),
        ("wythoff", false, "1000000000000000000000", "7", "oracle"),
        ("blocking-wythoff:k=2", false, "7", "12", "oracle"),
        ("m-wythoff:m=2", false, "40", "41", "oracle"),
        (
            "restricted:s=1,t=1,h=3:1,v=3:1,d1=3:1,d2=3:1",
            false,
            "12",
            "30",
            "proved options",
        ),
        (
            "restricted:s=2,t=3,h=5:3,v=5:3,d1=5:3,d2=5:3",
            false,
            "12",
            "30",
            "general",
        ),
        ("terminal-wythoff:l=2", false, "30", "41", "proved options"),
        (
            "terminal-wythoff:l=2",
            false,
            "4321",
            "4000",
            "proved options",
        ),
        ("terminal-wythoff:l=7", false, "30", "41", "general"),
        (
            "terminal-wythoff:l=2",
            false,
            "1000000000000000000000",
            "7",
            "proved",
        ),
        (
            "blocking-wythoff:k=2",
            true,
            "1000000000000000000000",
            "7",
            "proved",
        ),
    ];
    for &(game, misere, x, y, want) in cases {
        let s = Subject::parse(game, misere).unwrap();
        let (x, y) = (n(x), n(y));
        let e = explain::position_engine(&s, &x, &y).unwrap();
        assert_eq!(engine_name(&e), want, "{game} ({x}, {y})");
        let a = answer::outcome(&s, &x, &y, &[]).unwrap();
        match explain::winning_moves(&s, &x, &y) {
            Ok((o, moves)) => {
                assert_eq!(o, a.outcome, "{game} ({x}, {y})");
                assert_eq!(moves, a.moves, "{game} ({x}, {y})");
            }
            // a proved automaton whose line search is refused (a choice game,
            // cone moves) gives no winning moves of an N-position
            Err(e) => {
                assert_eq!(want, "proved", "{game}: {e}");
                assert_eq!(a.outcome, wythoff::solve::Outcome::N);
                assert!(a.moves.is_empty());
            }
        }
        if want == "proved" {
            assert!(a.proof.is_some(), "{game}: the answer names its proof");
        }
        match want {
            "oracle" => assert!(a.oracle.is_some(), "{game}: the answer names its oracle"),
            "general" | "imitation" | "proved options" => {
                assert!(a.oracle.is_none() && a.proof.is_none(), "{game}")
            }
            _ => {}
        }
    }
}

#[test]
fn beyond_every_engine_both_refuse_in_the_same_words() {
    for (game, x) in [
        (
            "restricted:s=2,t=3,h=5:3,v=5:3,d1=5:3,d2=5:3",
            "1000000000000000000000",
        ),
        ("imitation:p=1,m=1", "100000000000000000000000"),
    ] {
        let s = Subject::parse(game, false).unwrap();
        let (x, y) = (n(x), n("3"));
        let a = answer::outcome(&s, &x, &y, &[]).unwrap_err().to_string();
        let w = explain::winning_moves(&s, &x, &y).unwrap_err().to_string();
        assert_eq!(a, w, "{game}");
        assert!(a.contains("too large"), "{a}");
    }
}

/// Hostile round 5: below the general solver's piles a game with a shipped
/// proved automaton solved a board (heavy work in the server) for one
/// position. The automaton answers there now, option by option, and its
/// analysis (outcome, winning moves, terminal, blocking: every note) is the
/// general solver's, for every shipped game of one variant without an
/// oracle, on a grid of small positions and a few large ones.
#[test]
fn proved_options_answer_as_the_general_solver() {
    use wythoff::proved::shipped::SHIPPED;
    let mut compared = 0;
    for row in SHIPPED {
        let s = Subject::parse(row.game, row.misere).unwrap();
        if s.oracle().is_some() || s.game.is_choice() {
            continue;
        }
        let a = wythoff::proved::for_subject(&s)
            .unwrap_or_else(|| panic!("{}: its shipped automaton", row.game));
        let mut cells: Vec<(u64, u64)> = (0..=36u64)
            .step_by(3)
            .flat_map(|x| (0..=36u64).step_by(4).map(move |y| (x, y)))
            .collect();
        cells.extend([(1000, 1617), (2500, 37), (1999, 2003)]);
        for (x, y) in cells {
            if !s.game.on_some_board(x, y) {
                continue;
            }
            if explain::option_bound(&s.game, x, y) > explain::PROVED_OPTIONS_LIMIT {
                continue;
            }
            let general = explain::analyse(&s.game, x, y).unwrap();
            let proved = explain::analyse_proved(&s.game, a, x, y).unwrap();
            assert_eq!(
                proved, general,
                "{} ({}) at ({x}, {y})",
                row.game, row.misere
            );
            // and the answer takes that engine
            let e = explain::position_engine(&s, &Natural::from(x), &Natural::from(y)).unwrap();
            assert_eq!(engine_name(&e), "proved options", "{} ({x}, {y})", row.game);
            compared += 1;
        }
    }
    assert!(compared > 2000, "{compared}");
}
