//! Finite-alteration certificates: "the P-set `A` of a game equals the set `S`
//! except on the finite set `D`", for every position, from one board
//! (docs/proofs.md, "Finite alterations", states the argument; issue 50).
//!
//! `S` is defined at every position by a recursion of the same shape as the
//! P-set's, over the same moves: `x in X` iff `beta_X(x)` and no option of `x`
//! is in `X`. The pairs written here, and their `beta`s:
//! - a game with a pass (normal play) against the level set `{G = 1}` of the
//!   game without it ([`Reference::GrundyLevel`] with `g = 1`): `beta_A(x)` =
//!   "`x` has no move, or `G(x) != 0`" (the pass wins exactly where `x` has a
//!   move and is P without the pass, i.e. `G(x) = 0`); `beta_S(x)` = "`G(x) >= 1`"
//!   (`G(x) = 1` iff `G(x) >= 1` and no option has value 1);
//! - a game in misère play against the same game in normal play
//!   ([`Reference::NormalPlay`]): `beta_A(x)` = "`x` has a move", `beta_S = true`.
//!
//! Both pairs differ in `beta` exactly on `E`, the positions without a move,
//! which is `{(0, 0)}` in the scope below. The board `[0, n)^2` is solved
//! exactly (moves only decrease piles), giving `D_n = (A xor S) on the board`.
//! Then `A xor S = D_n` everywhere when every *line through `D_n`* (the row,
//! the column and, with diagonal moves, the diagonal of each cell of `D_n`)
//! holds, on the board, a cell of `A` and a cell of `S`: a smallest position
//! `x` of `A xor S` off the board is not in `E`, so an option `y` of `x` is in
//! `A xor S`, on the board by minimality, so `x` lies on a line through `D_n`
//! beyond the board, and every cell of that line on the board is an option of
//! `x` (all lengths are moves): `x` has an option in `A` and one in `S`, so `x`
//! is in neither, a contradiction.
//!
//! Scope (refused otherwise, with the reason): one set of rules without memory,
//! blocking, removed corner or terminal set; one-pile moves of every length on
//! both piles; two-pile moves none, or `k = l` of every length. Outside it a
//! move into `D_n` from beyond the board need not reach the line's cells on the
//! board, and `E` need not be `{(0, 0)}`: the argument does not apply.
//!
//! [`certify`] solves with the fast kernels; [`recheck`] verifies a
//! certificate alone, from the game and the certificate's data, with the
//! reference solvers (every option enumerated) up to [`RECHECK_REFERENCE_MAX`].

use crate::rules::{Convention, Game, Memory, Relation, Rules};
use crate::solve::{self, GrundyTable, OutcomeTable};
use serde::{Deserialize, Serialize};

/// Largest board [`recheck`] solves with the reference solvers (`O(n^4)`);
/// above it the fast kernels (themselves checked against the reference).
pub const RECHECK_REFERENCE_MAX: u64 = 96;

/// Largest board a certificate is sought on (the Grundy table of the game
/// without the pass: 4 bytes a cell).
pub const MAX_BOARD: u64 = 4096;

/// The set `S` the P-set is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reference {
    /// The level set `{G = g}` of the game without the pass (normal play).
    GrundyLevel { g: u32 },
    /// The P-set of the same game in normal play (for a misère game).
    NormalPlay,
    /// The P-set of the game without the pass.
    WithoutPass,
}

impl std::fmt::Display for Reference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reference::GrundyLevel { g } => {
                write!(f, "the level set {{G = {g}}} of the game without the pass")
            }
            Reference::NormalPlay => write!(f, "the P-set of the game in normal play"),
            Reference::WithoutPass => write!(f, "the P-set of the game without the pass"),
        }
    }
}

/// A line of moves through a cell: the cells a move along it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Line {
    /// The first pile varies (`(*, y)`).
    Row,
    /// The second pile varies (`(x, *)`).
    Column,
    /// Both piles by the same amount (`(x + t, y + t)`).
    Diagonal,
}

/// One line through a cell of `D`, with a cell of `A` and a cell of `S` on it
/// (on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineWitness {
    pub cell: (u64, u64),
    pub line: Line,
    pub in_p_set: (u64, u64),
    pub in_reference: (u64, u64),
}

/// "The P-set of `game` equals `reference` except on `differences`", proved
/// from the board `[0, board)^2` and the line witnesses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Certificate {
    pub game: Game,
    pub reference: Reference,
    pub board: u64,
    /// `D`, sorted.
    pub differences: Vec<(u64, u64)>,
    /// For every cell of `D` and every line through it, a witness.
    pub lines: Vec<LineWitness>,
}

/// The rules of `game` when the argument applies to `(game, reference)`, else
/// why not (one phrase).
pub fn scope(game: &Game, reference: Reference) -> Result<&Rules, String> {
    let r = game
        .as_single()
        .ok_or("a choice among variants: no single P-set recursion")?;
    if r.memory() != Memory::None {
        return Err("a game with memory: its outcomes are not a property of the position".into());
    }
    if r.blocking().is_some() {
        return Err("blocking: a position's outcome is not decided by the existence of a P-option, the recursion the argument compares".into());
    }
    if r.corner().is_some() || r.terminal().is_some() {
        return Err("a removed corner or a terminal set: positions without a move are not only (0, 0), and moves from beyond the board need not reach a line's cells".into());
    }
    if !r.h().is_all() || !r.v().is_all() {
        return Err("one-pile moves not of every length: a move into D from beyond the board need not reach every cell of its line on the board".into());
    }
    if let Some(t) = r.two_pile() {
        if t.relation != Relation::Diagonal || !t.d1.is_all() || !t.d2.is_all() {
            return Err("two-pile moves other than k = l of every length: the lines of the argument are rows, columns and diagonals".into());
        }
    }
    match reference {
        Reference::GrundyLevel { g: 1 } => {
            if !r.has_pass() || r.convention() != Convention::Normal {
                return Err("the level set {G = 1} is compared with the P-set of a game with a pass in normal play".into());
            }
        }
        Reference::GrundyLevel { g } => {
            return Err(format!("the level set {{G = {g}}}: its recursion (G >= {g}) differs from the pass game's (G != 0) on the infinite set {{1 <= G < {g}}}; only g = 1 is written"));
        }
        Reference::NormalPlay => {
            if r.has_pass() || r.convention() != Convention::Misere {
                return Err("the P-set in normal play is compared with the P-set of a misère game without a pass".into());
            }
        }
        Reference::WithoutPass => {
            return Err("the P-set of the game without the pass: the two recursions differ at every P-position of the game without the pass that has a move (the pass wins there), an infinite set; compare with the level set {G = 1} instead".into());
        }
    }
    Ok(r)
}

/// The two sets on the board: `A` (the game's P-set) and `S`.
struct Sets {
    n: usize,
    a: Vec<bool>,
    s: Vec<bool>,
}

/// Which solvers fill the board.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Solvers {
    Fast,
    Reference,
}

fn board_sets(
    game: &Game,
    r: &Rules,
    reference: Reference,
    n: usize,
    how: Solvers,
) -> Result<Sets, String> {
    let outcomes = |g: &Game| -> Result<OutcomeTable, String> {
        match how {
            Solvers::Fast => solve::outcomes(g, n).map_err(|e| e.to_string()),
            Solvers::Reference => solve::outcomes_reference(g, n).map_err(|e| e.to_string()),
        }
    };
    let a_table = outcomes(game)?;
    let a: Vec<bool> = (0..n * n).map(|i| a_table.is_p(i / n, i % n)).collect();
    let s = match reference {
        Reference::GrundyLevel { g } => {
            let without = Game::single(r.without_pass());
            let t: GrundyTable = match how {
                Solvers::Fast => solve::grundy(&without, n).map_err(|e| e.to_string())?,
                Solvers::Reference => {
                    solve::grundy_reference(&without, n).map_err(|e| e.to_string())?
                }
            };
            t.values().iter().map(|&v| v == g).collect()
        }
        Reference::NormalPlay | Reference::WithoutPass => {
            let other = match reference {
                Reference::NormalPlay => game.with_convention(Convention::Normal),
                _ => game.without_pass(),
            };
            let t = outcomes(&other)?;
            (0..n * n).map(|i| t.is_p(i / n, i % n)).collect()
        }
    };
    Ok(Sets { n, a, s })
}

impl Sets {
    fn differences(&self) -> Vec<(u64, u64)> {
        (0..self.n * self.n)
            .filter(|&i| self.a[i] != self.s[i])
            .map(|i| ((i / self.n) as u64, (i % self.n) as u64))
            .collect()
    }
    /// The cells of `line` through `(x, y)` on the board, increasing.
    fn line(&self, (x, y): (u64, u64), line: Line) -> Vec<(u64, u64)> {
        let n = self.n as u64;
        match line {
            Line::Row => (0..n).map(|a| (a, y)).collect(),
            Line::Column => (0..n).map(|b| (x, b)).collect(),
            Line::Diagonal => {
                let t = x.min(y);
                let (x0, y0) = (x - t, y - t);
                (0..n - x0.max(y0)).map(|k| (x0 + k, y0 + k)).collect()
            }
        }
    }
    fn a(&self, (x, y): (u64, u64)) -> bool {
        self.a[x as usize * self.n + y as usize]
    }
    fn s(&self, (x, y): (u64, u64)) -> bool {
        self.s[x as usize * self.n + y as usize]
    }
}

/// The lines through a cell in the rules' move directions.
fn lines(r: &Rules) -> Vec<Line> {
    let mut out = vec![Line::Row, Line::Column];
    if r.two_pile().is_some() {
        out.push(Line::Diagonal);
    }
    out
}

fn check_board(n: u64) -> Result<usize, String> {
    if !(1..=MAX_BOARD).contains(&n) {
        return Err(format!(
            "board {n} is out of range: a certificate is sought on boards 1..={MAX_BOARD}"
        ));
    }
    Ok(n as usize)
}

/// Seek the certificate on the `n x n` board (fast kernels). `Err`: why the
/// argument does not apply, or the line through a cell of `D` that holds no
/// cell of `A` or of `S` on the board (a bigger board may help, or the
/// difference spreads).
pub fn certify(game: &Game, reference: Reference, n: u64) -> Result<Certificate, String> {
    let r = scope(game, reference)?;
    let n = check_board(n)?;
    let sets = board_sets(game, r, reference, n, Solvers::Fast)?;
    let differences = sets.differences();
    let mut witnesses = Vec::new();
    for &d in &differences {
        for line in lines(r) {
            let cells = sets.line(d, line);
            let in_p_set = cells.iter().copied().find(|&c| sets.a(c));
            let in_reference = cells.iter().copied().find(|&c| sets.s(c));
            match (in_p_set, in_reference) {
                (Some(in_p_set), Some(in_reference)) => witnesses.push(LineWitness {
                    cell: d,
                    line,
                    in_p_set,
                    in_reference,
                }),
                _ => {
                    return Err(format!(
                        "not proved on the board {n}: the {line:?} through the difference {d:?} holds no {} on the board, so positions beyond the board on it are not shown equal ({} differences on the board)",
                        if in_p_set.is_none() { "P-position" } else { "cell of the reference set" },
                        differences.len()
                    ))
                }
            }
        }
    }
    Ok(Certificate {
        game: game.clone(),
        reference,
        board: n as u64,
        differences,
        lines: witnesses,
    })
}

/// Verify `cert` alone for `game`: the same game, the argument's scope, the
/// board solved again (the reference solvers up to [`RECHECK_REFERENCE_MAX`]),
/// `D` exactly the board's differences, and every line through `D` witnessed
/// by a cell of `A` and one of `S` on it. `Err`: the first failure.
pub fn recheck(game: &Game, cert: &Certificate) -> Result<(), String> {
    if &cert.game != game {
        return Err("the certificate is about another game (its rule value differs)".into());
    }
    let r = scope(game, cert.reference)?;
    let n = check_board(cert.board)?;
    let how = if cert.board <= RECHECK_REFERENCE_MAX {
        Solvers::Reference
    } else {
        Solvers::Fast
    };
    let sets = board_sets(game, r, cert.reference, n, how)?;
    let d = sets.differences();
    if d != cert.differences {
        let first = d
            .iter()
            .chain(&cert.differences)
            .find(|c| d.contains(c) != cert.differences.contains(c));
        return Err(format!(
            "the differences on the board are not the certificate's: first at {first:?}"
        ));
    }
    for &cell in &d {
        for line in lines(r) {
            let w = cert
                .lines
                .iter()
                .find(|w| w.cell == cell && w.line == line)
                .ok_or(format!("no witness for the {line:?} through {cell:?}"))?;
            let on = sets.line(cell, line);
            if !on.contains(&w.in_p_set) || !sets.a(w.in_p_set) {
                return Err(format!(
                    "the {line:?} through {cell:?}: {:?} is not a P-position on it",
                    w.in_p_set
                ));
            }
            if !on.contains(&w.in_reference) || !sets.s(w.in_reference) {
                return Err(format!(
                    "the {line:?} through {cell:?}: {:?} is not a cell of the reference set on it",
                    w.in_reference
                ));
            }
        }
    }
    Ok(())
}

/// The differences of the game's P-set and `reference` on the boards `n` and
/// `2n` (fast kernels), for "differs on an infinite set (measured)": counts on
/// both boards and whether the bigger board has differences beyond the
/// smaller. Runs on any game the solvers take (no scope check).
pub fn measure(game: &Game, reference: Reference, n: u64) -> Result<(usize, usize, bool), String> {
    let r = game
        .as_single()
        .ok_or("a choice among variants: no single P-set recursion")?;
    let small = board_sets(game, r, reference, check_board(n)?, Solvers::Fast)?.differences();
    let big = board_sets(game, r, reference, check_board(2 * n)?, Solvers::Fast)?.differences();
    let grows = big.iter().any(|&(x, y)| x >= n || y >= n);
    Ok((small.len(), big.len(), grows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse_game;

    fn game(text: &str) -> Game {
        parse_game(text).unwrap().game
    }

    /// Wythoff with a pass against Wythoff's {G = 1}: proved on 64 with the 14
    /// differences a brute force of the definition finds on 120 (measured in
    /// Python, issue 50); re-checked alone with the reference solvers.
    #[test]
    fn wythoff_with_a_pass_is_grundy_level_one_but_fourteen_cells() {
        let g = game("wythoff:pass=1");
        let c = certify(&g, Reference::GrundyLevel { g: 1 }, 64).unwrap();
        assert_eq!(
            c.differences,
            vec![
                (0, 0),
                (0, 1),
                (1, 0),
                (1, 3),
                (2, 2),
                (2, 5),
                (3, 1),
                (3, 6),
                (5, 2),
                (5, 7),
                (6, 3),
                (6, 7),
                (7, 5),
                (7, 6)
            ]
        );
        recheck(&g, &c).unwrap();
        // the certificate survives a JSON round trip and is re-checked alone
        let text = serde_json::to_string(&c).unwrap();
        let back: Certificate = serde_json::from_str(&text).unwrap();
        recheck(&g, &back).unwrap();
    }

    /// Misère Wythoff against Wythoff: 6 differences, all below 3.
    #[test]
    fn misere_wythoff_is_wythoff_but_six_cells() {
        let g = game("wythoff").with_convention(Convention::Misere);
        let c = certify(&g, Reference::NormalPlay, 48).unwrap();
        assert_eq!(
            c.differences,
            vec![(0, 0), (0, 1), (1, 0), (1, 2), (2, 1), (2, 2)]
        );
        recheck(&g, &c).unwrap();
    }

    /// The mutants: one cell of D added or removed, a witness moved off its
    /// set, another game: each re-check refuses.
    #[test]
    fn every_mutant_certificate_is_refused() {
        let g = game("wythoff:pass=1");
        let c = certify(&g, Reference::GrundyLevel { g: 1 }, 40).unwrap();
        let mut dropped = c.clone();
        dropped.differences.remove(3);
        assert!(recheck(&g, &dropped).is_err());
        let mut added = c.clone();
        added.differences.push((20, 20));
        added.differences.sort();
        assert!(recheck(&g, &added).is_err());
        let mut moved = c.clone();
        moved.differences[5] = (moved.differences[5].0, moved.differences[5].1 + 1);
        moved.differences.sort();
        assert!(recheck(&g, &moved).is_err());
        let mut bad_witness = c.clone();
        let w = &mut bad_witness.lines[0];
        w.in_p_set = w.cell; // (0, 0) is P with the pass; its row's next cell is not
        w.in_p_set.0 += 1;
        assert!(recheck(&g, &bad_witness).is_err());
        let mut no_witness = c.clone();
        no_witness.lines.pop();
        assert!(recheck(&g, &no_witness).is_err());
        assert!(recheck(&game("wythoff"), &c).is_err());
    }

    /// Where the argument does not apply, certify refuses (and so does the
    /// re-check of a certificate carried over to such a game).
    #[test]
    fn out_of_scope_is_refused() {
        let level1 = Reference::GrundyLevel { g: 1 };
        for (text, reference) in [
            ("m-wythoff:m=2,pass=1", level1),
            ("modular:m=3,pass=1", level1),
            ("roob-blocking:m=2,p=3,pass=1", level1),
            ("terminal-wythoff:l=3,pass=1", level1),
            ("wythoff", level1),
            ("wythoff:pass=1", Reference::GrundyLevel { g: 2 }),
            ("wythoff:pass=1", Reference::WithoutPass),
            ("wythoff:pass=1", Reference::NormalPlay),
        ] {
            assert!(certify(&game(text), reference, 32).is_err(), "{text}");
        }
    }

    /// Soundness on small boards: a certificate from any board names exactly
    /// the differences the board 64 finds (the theorem holds for every
    /// position, so a smaller board that proves anything proves the same
    /// set); boards too small to hold a witness on every line refuse.
    #[test]
    fn every_board_proves_the_same_set_or_refuses() {
        let g = game("wythoff:pass=1");
        let level1 = Reference::GrundyLevel { g: 1 };
        let want = certify(&g, level1, 64).unwrap().differences;
        let mut refused = Vec::new();
        for n in 1..=16 {
            match certify(&g, level1, n) {
                Ok(c) => assert_eq!(c.differences, want, "board {n}"),
                Err(_) => refused.push(n),
            }
        }
        assert!(refused.contains(&1) && refused.contains(&7), "{refused:?}");
        let m = game("wythoff").with_convention(Convention::Misere);
        let want = certify(&m, Reference::NormalPlay, 64).unwrap().differences;
        for n in 1..=16 {
            if let Ok(c) = certify(&m, Reference::NormalPlay, n) {
                assert_eq!(c.differences, want, "misère, board {n}");
            }
        }
    }
}
