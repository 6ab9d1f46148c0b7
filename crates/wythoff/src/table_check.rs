//! Checking a printed list of P-positions against the rules (issue 3, item 5;
//! docs/games.md section 8, item 3).
//!
//! The papers print lists of P-positions (seed 000, Tables 1-2; seed 001,
//! section 3.2; seed 002, Example 4). [`parse_list`] reads such a list (one
//! `x,y` per line, in the order printed) and [`check`] compares it with the
//! outcome table of the general solver, producing a [`TableReport`]:
//!
//! - every printed position that is not a P-position, with the move(s) that
//!   refute it ([`Refutation`]);
//! - every P-position *missing between the printed ones*, defined as follows.
//!   The list is a **half list** when every printed pair has `x <= y` and the
//!   game's P-set is symmetric on the board (the papers print `(a_n, b_n)` with
//!   `a_n <= b_n` and mean both orders); otherwise it is a **full list**. The
//!   **range** is the box `0 <= x <= X`, `0 <= y <= Y`, where `X` and `Y` are the
//!   largest printed first and second coordinates. A P-position is missing when
//!   it lies in the range (with `x <= y` for a half list) and is not printed.
//!   For the papers' lists, which grow in both coordinates, the box is exactly
//!   "up to the last printed pair"; a P-position beyond the last printed pair in
//!   either coordinate is not reported.
//!
//! The general solver runs on the board `max(X, Y) + 1` (refused above the
//! memory budget); when that board is too large and the catalogue game has an
//! oracle ([`crate::oracle::for_game`]), the printed positions are checked by the
//! oracle instead and missing positions are not looked for (the report says so).
//!
//! The library does no I/O: the caller reads the file and passes its text.

use crate::catalogue::NamedGame;
use crate::error::SolveError;
use crate::rules::{Convention, Game, Rules};
use crate::solve::{self, OutcomeTable};
use crate::FastOptions;
use std::fmt;
use thiserror::Error;

/// One printed position, with the line of the text it came from (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintedPosition {
    pub line: usize,
    pub x: u64,
    pub y: u64,
}

/// Errors of [`parse_list`]: one line, naming the offending line number.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum TableError {
    #[error("line {line}: {message}")]
    Malformed { line: usize, message: String },
    #[error("the list holds no position (only blank lines and `#` comments)")]
    Empty,
}

/// Parse a printed list: one position `x,y` per line (spaces and surrounding
/// parentheses allowed: `(3, 5)`); blank lines and text after `#` are ignored.
pub fn parse_list(text: &str) -> Result<Vec<PrintedPosition>, TableError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let bad = |message: String| TableError::Malformed { line, message };
        let inner = content
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .unwrap_or(content);
        let (a, b) = inner.split_once(',').ok_or_else(|| {
            bad(format!(
                "`{content}` is not a position: expected `x,y` (two whole numbers)"
            ))
        })?;
        let num = |s: &str| {
            let s = s.trim();
            s.parse::<u64>().map_err(|_| {
                if !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) {
                    bad(format!(
                        "`{s}` is too large: pile sizes up to {} are allowed",
                        u64::MAX
                    ))
                } else {
                    bad(format!(
                        "`{s}` in `{content}` is not a whole number >= 0: expected `x,y`"
                    ))
                }
            })
        };
        out.push(PrintedPosition {
            line,
            x: num(a)?,
            y: num(b)?,
        });
    }
    if out.is_empty() {
        return Err(TableError::Empty);
    }
    Ok(out)
}

/// Why a position is not a P-position: the move(s) that win from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// A move to this P-position, which the opponent cannot block.
    Move { to: (u64, u64) },
    /// `p` moves to P-positions, all in the blockable class: the opponent may
    /// block only `p - 1` of them, so one remains.
    Moves { to: Vec<(u64, u64)>, p: u64 },
    /// Misère play: the position has no option, so the player to move wins.
    MisereNoMove,
    /// Misère play with blocking: every option is a blockable P-position and there
    /// are fewer than `p`; the opponent must block them all (else the mover moves
    /// to a P-position), leaving the mover without a move, which wins.
    MisereAllBlocked { options: Vec<(u64, u64)> },
    /// The position lies in the removed corner: it is not a position of the game.
    OffBoard,
    /// Reported by an oracle: the P-positions reachable in one move.
    Oracle { to: Vec<(u64, u64)> },
}

fn fmt_list(v: &[(u64, u64)]) -> String {
    v.iter()
        .map(|(a, b)| format!("({a}, {b})"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Refutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refutation::Move { to } => write!(f, "moving to the P-position ({}, {}) wins", to.0, to.1),
            Refutation::Moves { to, p } => write!(
                f,
                "the moves to the P-positions {} are all blockable, but only {} may be blocked",
                fmt_list(to),
                p - 1
            ),
            Refutation::MisereNoMove => {
                write!(f, "it has no move, and in misère play the player to move wins")
            }
            Refutation::MisereAllBlocked { options } => write!(
                f,
                "its only options {} are blockable P-positions; blocking them all leaves no move, which wins in misère play",
                fmt_list(options)
            ),
            Refutation::OffBoard => write!(f, "it lies in the removed corner: not a position of the game"),
            Refutation::Oracle { to } => {
                write!(f, "the oracle gives the winning move(s) to {}", fmt_list(to))
            }
        }
    }
}

/// Why `(x, y)` is not a P-position of the rules `r`, given the outcome table
/// `t` of these rules (board holding `(x, y)`); `None` when it is a P-position.
/// Applies the outcome rule of docs/games.md section 2 (see [`solve::decide`]).
pub fn refute(r: &Rules, t: &OutcomeTable, x: u64, y: u64) -> Option<Refutation> {
    if !r.on_board(x, y) {
        return Some(Refutation::OffBoard);
    }
    let opts = r.options_fast(x, y);
    let is_p = |a: u64, b: u64| t.is_p(a as usize, b as usize);
    let misere = r.convention() == Convention::Misere;
    let outside_p = opts.iter().find(|o| !o.2 && is_p(o.0, o.1));
    if let Some(&(a, b, _)) = outside_p {
        return Some(Refutation::Move { to: (a, b) });
    }
    let inside_p: Vec<(u64, u64)> = opts
        .iter()
        .filter(|o| o.2 && is_p(o.0, o.1))
        .map(|o| (o.0, o.1))
        .collect();
    match r.blocking() {
        None => {
            // no blocking: no option is in a class, so `outside_p` saw them all
            if misere && opts.is_empty() {
                Some(Refutation::MisereNoMove)
            } else {
                None
            }
        }
        Some(b) => {
            if inside_p.len() as u64 >= b.p {
                Some(Refutation::Moves {
                    to: inside_p[..b.p as usize].to_vec(),
                    p: b.p,
                })
            } else if misere && opts.is_empty() {
                Some(Refutation::MisereNoMove)
            } else if misere && opts.iter().all(|o| o.2) && inside_p.len() == opts.len() {
                Some(Refutation::MisereAllBlocked { options: inside_p })
            } else {
                None
            }
        }
    }
}

/// A printed position that is not a P-position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongEntry {
    pub line: usize,
    pub x: u64,
    pub y: u64,
    /// One refutation per variant of the game (a choice game such as
    /// `choose-shift` has several: the position is P iff P in some variant).
    pub refutations: Vec<(usize, Refutation)>,
}

/// Which positions the list is taken to enumerate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListKind {
    /// Every printed pair has `x <= y` and the P-set is symmetric: the list
    /// enumerates the P-positions with `x <= y`.
    Half,
    /// The list enumerates all P-positions, both orders.
    Full,
}

/// The outcome of [`check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableReport {
    /// Canonical game name and convention.
    pub game: String,
    pub convention: Convention,
    pub kind: ListKind,
    /// The range: largest printed coordinates.
    pub max_x: u64,
    pub max_y: u64,
    /// How the positions were decided, e.g. "general solver, board 23x23".
    pub method: String,
    /// Number of printed positions.
    pub printed: usize,
    /// Printed positions that are not P-positions, in printed order.
    pub wrong: Vec<WrongEntry>,
    /// P-positions in the range that are not printed, sorted by `x` then `y`.
    pub missing: Vec<(u64, u64)>,
    /// Whether missing positions were looked for (not with an oracle fallback).
    pub missing_checked: bool,
    /// Lines that repeat an earlier printed position: `(line, first line, x, y)`.
    pub duplicates: Vec<(usize, usize, u64, u64)>,
}

impl TableReport {
    /// Does the printed list agree with the rules (no wrong and no missing entry)?
    pub fn agrees(&self) -> bool {
        self.wrong.is_empty() && self.missing.is_empty()
    }
}

fn variant_tables(game: &Game, n: usize) -> Result<Vec<OutcomeTable>, SolveError> {
    game.variants()
        .iter()
        .map(|r| solve::outcomes(&Game::single(r.clone()), n))
        .collect()
}

/// Compare a printed list with the P-positions of a catalogue game under
/// `convention`, with the game's oracle as fallback for large boards.
pub fn check_named(
    game: &NamedGame,
    convention: Convention,
    list: &[PrintedPosition],
) -> Result<TableReport, SolveError> {
    let oracle = crate::oracle::for_game(game.entry_name, &game.params, convention);
    check(
        &game.game.with_convention(convention),
        &game.canonical,
        oracle.as_deref(),
        list,
    )
}

/// Compare a printed list with the P-positions of `g` (in its own convention).
/// `label` names the game in the report; `oracle`, when given, answers when
/// the board needed is over the memory budget.
///
/// Errors: the game has a memory rule (no position-only outcome), or the board
/// needed is over the memory budget and no oracle answers.
pub fn check(
    g: &Game,
    label: &str,
    oracle: Option<&dyn crate::oracle::Oracle>,
    list: &[PrintedPosition],
) -> Result<TableReport, SolveError> {
    let convention = g.convention();
    let max_x = list.iter().map(|p| p.x).max().unwrap_or(0);
    let max_y = list.iter().map(|p| p.y).max().unwrap_or(0);
    let mut duplicates = Vec::new();
    let mut first_line = std::collections::HashMap::new();
    for p in list {
        if let Some(&l) = first_line.get(&(p.x, p.y)) {
            duplicates.push((p.line, l, p.x, p.y));
        } else {
            first_line.insert((p.x, p.y), p.line);
        }
    }
    let side = max_x.max(max_y).saturating_add(1);
    if let Err(e) = solve::check_board(g, side, solve::memory_budget()) {
        if let Some(o) = oracle {
            return check_with_oracle(label, convention, list, o, max_x, max_y, duplicates);
        }
        return Err(e);
    }
    let n = side as usize;
    let tables = variant_tables(g, n)?;
    let combined = solve::combine_choice(tables.clone());
    let symmetric = (0..n).all(|x| (0..x).all(|y| combined.is_p(x, y) == combined.is_p(y, x)));
    let kind = if symmetric && list.iter().all(|p| p.x <= p.y) {
        ListKind::Half
    } else {
        ListKind::Full
    };
    let mut wrong = Vec::new();
    for p in list {
        if combined.is_p(p.x as usize, p.y as usize) {
            continue;
        }
        let refutations = g
            .variants()
            .iter()
            .zip(&tables)
            .enumerate()
            .filter_map(|(i, (r, t))| refute(r, t, p.x, p.y).map(|why| (i, why)))
            .collect();
        wrong.push(WrongEntry {
            line: p.line,
            x: p.x,
            y: p.y,
            refutations,
        });
    }
    let mut missing = Vec::new();
    for x in 0..=max_x {
        for y in 0..=max_y {
            if kind == ListKind::Half && x > y {
                continue;
            }
            if combined.is_p(x as usize, y as usize) && !first_line.contains_key(&(x, y)) {
                missing.push((x, y));
            }
        }
    }
    Ok(TableReport {
        game: label.to_string(),
        convention,
        kind,
        max_x,
        max_y,
        method: format!("general solver, board {n}x{n}"),
        printed: list.len(),
        wrong,
        missing,
        missing_checked: true,
        duplicates,
    })
}

fn check_with_oracle(
    label: &str,
    convention: Convention,
    list: &[PrintedPosition],
    o: &dyn crate::oracle::Oracle,
    max_x: u64,
    max_y: u64,
    duplicates: Vec<(usize, usize, u64, u64)>,
) -> Result<TableReport, SolveError> {
    use malachite_nz::natural::Natural;
    let to_u64 = |v: &Natural| -> Result<u64, SolveError> {
        u64::try_from(v).map_err(|_| {
            SolveError::BadInput(format!(
                "the oracle returned {v}, above the printed pile sizes"
            ))
        })
    };
    let mut wrong = Vec::new();
    for p in list {
        let (x, y) = (Natural::from(p.x), Natural::from(p.y));
        if o.is_p(&x, &y)? {
            continue;
        }
        let to = o
            .winning_moves(&x, &y)?
            .iter()
            .map(|(a, b)| Ok((to_u64(a)?, to_u64(b)?)))
            .collect::<Result<Vec<_>, SolveError>>()?;
        wrong.push(WrongEntry {
            line: p.line,
            x: p.x,
            y: p.y,
            refutations: vec![(0, Refutation::Oracle { to })],
        });
    }
    let kind = if list.iter().all(|p| p.x <= p.y) {
        ListKind::Half
    } else {
        ListKind::Full
    };
    Ok(TableReport {
        game: label.to_string(),
        convention,
        kind,
        max_x,
        max_y,
        method: format!(
            "oracle ({}); board too large for the general solver",
            o.source()
        ),
        printed: list.len(),
        wrong,
        missing: Vec::new(),
        missing_checked: false,
        duplicates,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse_game;

    #[test]
    fn parse_accepts_comments_and_parentheses() {
        let l = parse_list("# head\n\n0,0\n (1, 2) # note\n3 ,5\n").unwrap();
        assert_eq!(
            l.iter().map(|p| (p.line, p.x, p.y)).collect::<Vec<_>>(),
            vec![(3, 0, 0), (4, 1, 2), (5, 3, 5)]
        );
    }

    #[test]
    fn parse_names_the_bad_line() {
        for (text, line) in [
            ("0,0\n1;2\n", 2),
            ("0,0\n\n1,x\n", 3),
            ("-1,2\n", 1),
            ("1,2,3\n", 1),
            ("0,0\n99999999999999999999999,1\n", 2),
        ] {
            match parse_list(text) {
                Err(TableError::Malformed { line: l, .. }) => assert_eq!(l, line, "{text:?}"),
                other => panic!("{text:?}: {other:?}"),
            }
        }
        assert_eq!(parse_list("# only\n\n"), Err(TableError::Empty));
    }

    #[test]
    fn wythoff_list_agrees_and_corruptions_are_caught() {
        let g = parse_game("wythoff").unwrap();
        let good = parse_list("0,0\n1,2\n3,5\n4,7\n6,10\n").unwrap();
        let r = check_named(&g, Convention::Normal, &good).unwrap();
        assert!(r.agrees(), "{r:?}");
        assert_eq!(r.kind, ListKind::Half);
        // (4,7) replaced by (4,8): (4,8) -> (4,7) is a move to a P-position;
        // and (4,7) is then missing.
        let bad = parse_list("0,0\n1,2\n3,5\n4,8\n6,10\n").unwrap();
        let r = check_named(&g, Convention::Normal, &bad).unwrap();
        assert_eq!(r.wrong.len(), 1);
        assert_eq!(r.wrong[0].line, 4);
        let (_, why) = &r.wrong[0].refutations[0];
        match why {
            Refutation::Move { to } => {
                assert!(g.game.as_single().unwrap().is_move(4 - to.0, 8 - to.1))
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(r.missing, vec![(4, 7)]);
        // a full list missing a mirror image
        let full = parse_list("0,0\n1,2\n3,5\n5,3\n").unwrap();
        let r = check_named(&g, Convention::Normal, &full).unwrap();
        assert_eq!(r.kind, ListKind::Full);
        assert_eq!(r.missing, vec![(2, 1)]);
    }

    #[test]
    fn blocking_refutation_names_p_moves() {
        // seed 000, Example 1: in 2WN^2, {0, y} is P iff y = 0 or 2. (0, 4) has
        // two roob moves to P-positions, (0, 0) and (0, 2); only one may be blocked.
        let g = parse_game("roob-blocking:m=2,p=2").unwrap();
        let r = g.game.as_single().unwrap();
        let t = solve::outcomes(&g.game, 6).unwrap();
        assert!(t.is_p(0, 2) && t.is_p(0, 0));
        assert_eq!(refute(r, &t, 0, 2), None);
        match refute(r, &t, 0, 4) {
            Some(Refutation::Moves { to, p }) => {
                assert_eq!(p, 2);
                assert_eq!(to, vec![(0, 0), (0, 2)]);
            }
            other => panic!("{other:?}"),
        }
    }
}
