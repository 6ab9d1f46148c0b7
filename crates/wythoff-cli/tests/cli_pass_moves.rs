//! A game with a pass (issue 50): `outcome` lists the pass among the winning
//! moves when it wins (the pass leaves the opponent at the same position in
//! the game without the pass, never from a position without another move).

#[macro_use]
mod common;
use common::{assert_says, wythoff_json, wythoff_ok};

/// (3, 5) is P in Wythoff: with the pass unused, passing wins, beside the
/// three P-options of the pass game.
#[test]
fn outcome_lists_the_pass_when_it_wins() {
    let t = wythoff_ok(&["outcome", "wythoff:pass=1", "3", "5"]);
    let lines: Vec<&str> = t.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines, ["N", "1,3", "2,5", "3,1", "pass"], "{t}");
    assert_says(
        &t,
        &["winning move pass: (3, 5) is a P-position of the game without the pass"],
    );
    let v = wythoff_json(&["outcome", "wythoff:pass=1", "3", "5", "--format", "json"]);
    assert_eq!(v["winning_pass"], true);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    // a game without a pass has no such field
    let v = wythoff_json(&["outcome", "wythoff", "3", "5", "--format", "json"]);
    assert!(v.get("winning_pass").is_none(), "{v}");
}

/// On every cell of the 8 x 8 board: the pass wins exactly where the
/// position has a move and is P in Wythoff without the pass (read from
/// `outcome wythoff`), and a position listed with the pass is N.
#[test]
fn the_pass_wins_exactly_at_wythoffs_p_positions_with_a_move() {
    for x in 0..8u64 {
        for y in 0..8u64 {
            let (xs, ys) = (x.to_string(), y.to_string());
            let with = wythoff_json(&["outcome", "wythoff:pass=1", &xs, &ys, "--format", "json"]);
            let without = wythoff_json(&["outcome", "wythoff", &xs, &ys, "--format", "json"]);
            let want = without["outcome"] == "P" && (x, y) != (0, 0);
            assert_eq!(with["winning_pass"], want, "({x}, {y}): {with}");
            if want {
                assert_eq!(with["outcome"], "N", "({x}, {y})");
            }
        }
    }
}
