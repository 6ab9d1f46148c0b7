//! `wythoff compare`: the P-positions of two games (or two conventions of one
//! game) on the same board, as a set difference.
//!
//! Both boards are solved by the same entry point as `wythoff p-positions`
//! ([`crate::answer::game_p_positions`]: the board solvers, or the Imitation Nim
//! state solver for its starting positions), and the two sorted lists are merged: every cell is
//! P in A only, P in B only, P in both, or P in neither. Cells off a game's board
//! (a removed corner) are not P-positions of that game.

use crate::error::SolveError;
use crate::rules::Game;

/// Where a cell is a P-position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// P in A, not in B.
    A,
    /// P in B, not in A.
    B,
    /// P in both games.
    Both,
}

impl Side {
    /// `A`, `B` or `both` (the csv and json spelling).
    pub fn name(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
            Side::Both => "both",
        }
    }
}

/// The set difference of two P-sets on the `n x n` board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    pub n: u64,
    pub only_a: u64,
    pub only_b: u64,
    pub both: u64,
    /// Every cell that is P in A or in B, sorted by `x` then `y`.
    pub cells: Vec<(u64, u64, Side)>,
}

impl Comparison {
    /// The cells that are P in exactly one game, sorted by `x` then `y`.
    pub fn differences(&self) -> impl Iterator<Item = &(u64, u64, Side)> + '_ {
        self.cells.iter().filter(|c| c.2 != Side::Both)
    }
    /// Do the two P-sets agree on the whole board?
    pub fn equal(&self) -> bool {
        self.only_a == 0 && self.only_b == 0
    }
}

/// Merge two lists of P-positions, each sorted by `x` then `y` without repeats.
pub fn diff(n: u64, a: &[(u64, u64)], b: &[(u64, u64)]) -> Comparison {
    let mut out = Comparison {
        n,
        only_a: 0,
        only_b: 0,
        both: 0,
        cells: Vec::with_capacity(a.len().max(b.len())),
    };
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let side = match (a.get(i), b.get(j)) {
            (Some(p), Some(q)) if p == q => Side::Both,
            (Some(p), Some(q)) if p < q => Side::A,
            (Some(_), None) => Side::A,
            _ => Side::B,
        };
        let (x, y) = match side {
            Side::A | Side::Both => a[i],
            Side::B => b[j],
        };
        match side {
            Side::A => {
                out.only_a += 1;
                i += 1;
            }
            Side::B => {
                out.only_b += 1;
                j += 1;
            }
            Side::Both => {
                out.both += 1;
                i += 1;
                j += 1;
            }
        }
        out.cells.push((x, y, side));
    }
    out
}

/// The P-positions of `game` on the `n x n` board, sorted by `x` then `y`, as
/// `wythoff p-positions` lists them (for Imitation Nim: the starting positions,
/// in either convention): [`crate::answer::game_p_positions`].
pub fn p_positions(
    game: &Game,
    n: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<(u64, u64)>, SolveError> {
    let mut ps = Vec::new();
    crate::board::game_p_positions(game, n as u64, progress, &mut |x, ys| {
        ps.extend(ys.iter().map(|&y| (x, y as u64)));
    })?;
    Ok(ps)
}

/// Solve both games on the `n x n` board and compare their P-sets.
pub fn games(
    a: &Game,
    b: &Game,
    n: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Comparison, SolveError> {
    let total = 2 * n as u64;
    let pa = p_positions(a, n, &mut |d, _| progress(d, total))?;
    let pb = p_positions(b, n, &mut |d, _| progress(n as u64 + d, total))?;
    Ok(diff(n as u64, &pa, &pb))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse_game;

    #[test]
    fn diff_counts_and_order() {
        let a = [(0, 0), (1, 2), (2, 1), (3, 5)];
        let b = [(0, 0), (1, 3), (2, 1), (4, 4)];
        let c = diff(10, &a, &b);
        assert_eq!((c.only_a, c.only_b, c.both), (2, 2, 2));
        let sides: Vec<_> = c.cells.iter().map(|c| (c.0, c.1, c.2.name())).collect();
        assert_eq!(
            sides,
            vec![
                (0, 0, "both"),
                (1, 2, "A"),
                (1, 3, "B"),
                (2, 1, "both"),
                (3, 5, "A"),
                (4, 4, "B")
            ]
        );
        assert!(!c.equal());
        assert!(diff(3, &a, &a).equal());
        let e = diff(3, &[], &[]);
        assert_eq!((e.only_a, e.only_b, e.both, e.cells.len()), (0, 0, 0, 0));
    }

    /// The merge against a plain set computation on a real pair of games.
    #[test]
    fn compare_matches_sets() {
        let n = 60;
        let a = parse_game("modulo-rook:m=2,l=0,p=4").unwrap().game;
        let b = parse_game("roob-blocking:m=2,p=4").unwrap().game;
        let c = games(&a, &b, n, &mut |_, _| {}).unwrap();
        let ta = crate::solve::outcomes_reference(&a, n).unwrap();
        let tb = crate::solve::outcomes_reference(&b, n).unwrap();
        let (mut oa, mut ob, mut both) = (0, 0, 0);
        let mut cells = Vec::new();
        for x in 0..n {
            for y in 0..n {
                let side = match (ta.is_p(x, y), tb.is_p(x, y)) {
                    (true, true) => Side::Both,
                    (true, false) => Side::A,
                    (false, true) => Side::B,
                    (false, false) => continue,
                };
                match side {
                    Side::A => oa += 1,
                    Side::B => ob += 1,
                    Side::Both => both += 1,
                }
                cells.push((x as u64, y as u64, side));
            }
        }
        assert_eq!((c.only_a, c.only_b, c.both), (oa, ob, both));
        assert_eq!(c.cells, cells);
        assert!(c.only_a > 0 && c.only_b > 0, "the two games differ");
    }

    /// The imitation-or-board choice is `board`'s: misère Imitation Nim is
    /// answered, with the starting P-positions of the state solver.
    #[test]
    fn misere_imitation_is_the_state_solvers_answer() {
        let s = crate::subject::Subject::parse("imitation:p=2,m=1", true).unwrap();
        let r = s.imitation().unwrap().unwrap();
        let want = crate::imitation::StateSolver::new(r, 16)
            .unwrap()
            .start_p_positions();
        assert!(!want.is_empty() && !want.contains(&(0, 0)));
        assert_eq!(p_positions(&s.game, 16, &mut |_, _| {}).unwrap(), want);
        let normal = parse_game("imitation:p=2,m=1").unwrap().game;
        let c = games(&normal, &s.game, 16, &mut |_, _| {}).unwrap();
        assert!(!c.equal());
    }
}

/// Estimated seconds for [`p_positions`] of both games on the `n x n` board:
/// the sum of their plans ([`crate::solve::plan::p_positions_plan`], the
/// costs of [`crate::solve::cost`]; `compare wythoff wythoff@misere` at 100000
/// and 200000: 1.17 s and 4.04 s).
pub fn seconds(a: &Game, b: &Game, n: u64) -> u64 {
    [a, b]
        .iter()
        .map(|g| crate::solve::plan::p_positions_plan(g, n).seconds)
        .fold(0u64, u64::saturating_add)
}
