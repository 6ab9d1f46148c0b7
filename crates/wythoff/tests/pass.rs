//! A pass (docs/games.md, "A pass"): the library's P-positions of catalogue
//! games with `pass=1` equal a brute force written here from the rules in
//! words, independent of the kernels and of the rule model's move test: the
//! state is `(x, y, pass still available)`; its options are the moves of the
//! game (the pass kept) and, when the position has a move and the pass is
//! available, the pass (to `(x, y)` without it); a state without options is
//! lost for the mover in normal play and won in misère play.

use wythoff::answer::Subject;
use wythoff::rules::Convention;
use wythoff::solve;

/// The moves of `(x, y)`, as the positions they lead to.
type Moves = dyn Fn(usize, usize) -> Vec<(usize, usize)>;

/// Does the mover win the state `(x, y, pass)`? Row-major tables of both
/// layers, on the `n x n` board (moves only decrease piles).
fn brute_force(n: usize, moves: &Moves, misere: bool) -> Vec<bool> {
    // layer 0: the pass used; layer 1: the pass still there
    let mut win = [vec![false; n * n], vec![false; n * n]];
    for layer in 0..2 {
        for x in 0..n {
            for y in 0..n {
                let opts = moves(x, y);
                let mut any = !opts.is_empty();
                let mut w = opts.iter().any(|&(a, b)| !win[layer][a * n + b]);
                if layer == 1 && !opts.is_empty() {
                    // the pass: to (x, y) with the pass used
                    w |= !win[0][x * n + y];
                    any = true;
                }
                win[layer][x * n + y] = if any { w } else { misere };
            }
        }
    }
    let [_, with_pass] = win;
    with_pass
}

fn library_p_positions(game: &str, n: usize, misere: bool) -> Vec<(u64, u64)> {
    let s = Subject::parse(game, misere).unwrap();
    assert!(s.game.has_pass(), "{game} has a pass");
    assert_eq!(
        s.convention(),
        if misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    );
    solve::outcomes(&s.game, n).unwrap().p_positions()
}

fn check(game: &str, n: usize, misere: bool, moves: &Moves) {
    let win = brute_force(n, moves, misere);
    let want: Vec<(u64, u64)> = (0..n * n)
        .filter(|&i| !win[i])
        .map(|i| ((i / n) as u64, (i % n) as u64))
        .collect();
    let got = library_p_positions(game, n, misere);
    assert_eq!(got, want, "{game} (misère: {misere}) on {n} x {n}");
}

/// Wythoff: any number from one pile, or the same number from both.
fn wythoff(x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = (0..x).map(|a| (a, y)).collect();
    out.extend((0..y).map(|b| (x, b)));
    out.extend((1..=x.min(y)).map(|k| (x - k, y - k)));
    out
}

#[test]
fn wythoff_with_a_pass_equals_the_brute_force_on_512() {
    check("wythoff:pass=1", 512, false, &wythoff);
}

#[test]
fn misere_wythoff_with_a_pass_equals_the_brute_force_on_512() {
    check("wythoff:pass=1", 512, true, &wythoff);
}

/// 3-Wythoff (Fraenkel 1982): one pile, or `k` and `l` from both with `|k - l| < 3`.
#[test]
fn m_wythoff_with_a_pass_equals_the_brute_force_on_512() {
    let moves = |x: usize, y: usize| {
        let mut out: Vec<(usize, usize)> = (0..x).map(|a| (a, y)).collect();
        out.extend((0..y).map(|b| (x, b)));
        for k in 1..=x {
            for l in k.saturating_sub(2).max(1)..=(k + 2).min(y) {
                out.push((x - k, y - l));
            }
        }
        out
    };
    check("m-wythoff:m=3,pass=1", 512, false, &moves);
}

/// Wythoff with the terminal set `x + y <= 5`: no move from there.
#[test]
fn terminal_wythoff_with_a_pass_equals_the_brute_force_on_512() {
    let moves = |x: usize, y: usize| {
        if x + y <= 5 {
            Vec::new()
        } else {
            wythoff(x, y)
        }
    };
    check("terminal-wythoff:l=5,pass=1", 512, false, &moves);
}

/// (2,1)-Wythoff (seed 003): one pile, or `k`, `l` from both with
/// `|l - k| < min(k, l) + 1`. Every two-pile pair is tried: a smaller board.
#[test]
fn st_wythoff_with_a_pass_equals_the_brute_force_on_160() {
    let moves = |x: usize, y: usize| {
        let mut out: Vec<(usize, usize)> = (0..x).map(|a| (a, y)).collect();
        out.extend((0..y).map(|b| (x, b)));
        for k in 1..=x {
            for l in 1..=y {
                if k.abs_diff(l) < k.min(l) + 1 {
                    out.push((x - k, y - l));
                }
            }
        }
        out
    };
    check("st-wythoff:s=2,t=1,pass=1", 160, false, &moves);
}

/// The pass changes the game: Wythoff's P-position (1, 2) is N with the pass
/// (pass, and the opponent moves from a P-position), and (0, 0) stays P (no
/// pass without another move).
#[test]
fn the_pass_changes_wythoff() {
    let ps = library_p_positions("wythoff:pass=1", 8, false);
    assert!(ps.contains(&(0, 0)));
    assert!(!ps.contains(&(1, 2)));
    let plain = Subject::parse("wythoff", false).unwrap();
    let with = Subject::parse("wythoff:pass=1", false).unwrap();
    assert_ne!(plain.game, with.game, "the rule value holds the pass");
    assert_ne!(plain.identity(), with.identity());
    assert!(
        with.oracle().is_none(),
        "no oracle answers a game with a pass"
    );
    assert!(with.named.is_none(), "no catalogue entry's readers see it");
}
