//! Find the structure of a game from its board: `wythoff patterns`.
//!
//! A pattern is a law about the P-positions (or Grundy values) that holds on
//! **every** cell or term that the computed board decides, with the range on
//! which it was checked. Nothing is sampled. The kinds:
//!
//! - [`Pattern::Finite`]: every P-position lies well inside the board (all of
//!   them have both piles below half the board); they are listed.
//! - [`Pattern::Periodic`]: beyond a preperiod `(x0, y0)`, `P(x, y)` depends only on
//!   `(x mod px, y mod py)`; the rows `x < x0` and the columns `y < y0` (for
//!   `x >= x0`) are described as eventually periodic lines where they are.
//! - [`Pattern::Pairs`]: beyond a preperiod, the P-positions of a side of the
//!   diagonal are pairs `(a_n, b_n)`, `a` non-decreasing, `b` increasing, with the
//!   laws that hold for them: difference (`b_n - a_n = m n + c`, `floor(n/p) m`,
//!   `b_n = s a_n + t n`), mex (complementary, p-fold), multiplicity, and a
//!   Beatty form `a_n = floor(n alpha + beta)` with the exact interval of `alpha`
//!   and a quadratic closed form when one is implied by the other laws.
//! - [`Pattern::GrundyRows`]: for each row `x`, additive periodicity
//!   `g(x, y + per) = g(x, y) + saltus` for `y >= pre` (Dress, Flammenkamp and
//!   Pink 1999).
//!
//! Thickened boards (each cell a `b x b` block, seed 003 Even-Even) are found
//! first: the patterns are then those of the shrunk board, with `block = b`.
//!
//! Every pattern regenerates the cells it claims ([`predict`],
//! [`pairs::regenerate`]); the tests check that on every board.
//!
//! **Why a periodic law needs three periods.** A law is only reported when the
//! board shows its period at least three times past the preperiod, and the
//! preperiod is at most a third of the board: otherwise any board is
//! "periodic" with a period as long as itself.

pub mod beatty;
pub mod board;
pub mod check;
pub mod fitted;
pub mod grundy_rows;
pub mod laws;
pub mod pairs;
pub mod periodic;
pub mod rays;
pub mod row_proof;

pub use board::Board;

use crate::error::SolveError;
use crate::error::{Arg, Message};
use crate::rules::Game;
use serde::Serialize;

/// Default board side of `wythoff patterns`.
pub const DEFAULT_MAX: usize = 1024;
/// Fewest terms (pairs) for a `pairs` pattern, and fewest checked terms of a law.
pub const MIN_TERMS: usize = 8;

/// Everything found on one board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PatternReport {
    pub game: String,
    /// "normal" or "misere".
    pub convention: String,
    /// The board side N: positions `0 <= x, y < N`.
    pub max: u64,
    pub patterns: Vec<Pattern>,
    /// When no pattern holds: why the pairs reading gave up (too few pairs,
    /// order, no law), one line; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_none: Option<String>,
}

/// One structure of the board.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Pattern {
    Finite(Finite),
    Periodic(periodic::Periodic),
    Pairs(pairs::Pairs),
    /// Slopes around which the P-positions aggregate (read where no other law
    /// describes the board).
    Rays(rays::Rays),
    GrundyRows(grundy_rows::GrundyRows),
}

/// Finitely many P-positions: all of them lie in `[0, N - margin)^2`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Finite {
    /// Every P-position of the board, sorted by x then y.
    pub positions: Vec<[u64; 2]>,
    /// No P-position has a pile in `[N - margin, N)`.
    pub margin: u64,
    pub block: u64,
}

/// The patterns of a board of P-positions (no Grundy rows).
///
/// A thickened board (each cell of a smaller game a `b x b` block) is read at
/// its **largest** block size `b` ([`Board::block_size`]), as long as the shrunk
/// board keeps at least [`MIN_SHRUNK`] cells a side (otherwise the largest
/// divisor of `b` that does): the patterns are then those of the shrunk board,
/// with `block = b`.
pub fn find_in_board(board: &Board) -> Vec<Pattern> {
    if let Some(b) = block_of(board) {
        if let Some(small) = board.shrink(b) {
            let mut ps = find_plain(&small);
            for p in &mut ps {
                set_block(p, b as u64);
            }
            return ps;
        }
    }
    find_plain(board)
}

/// Fewest cells a side of a shrunk board that patterns are read on.
pub const MIN_SHRUNK: usize = 16;

/// The block size a board is read at: the largest `b >= 2` that tiles it with
/// at least [`MIN_SHRUNK`] blocks a side, or `None`.
pub fn block_of(board: &Board) -> Option<usize> {
    if board.count() == 0 {
        return None;
    }
    let g = board.block_size();
    if g >= board.size() {
        return None; // no row or column ever changes: no block structure
    }
    (2..=g)
        .rev()
        .find(|&b| g % b == 0 && board.size() / b >= MIN_SHRUNK)
}

fn set_block(p: &mut Pattern, b: u64) {
    match p {
        Pattern::Finite(f) => f.block = b,
        Pattern::Periodic(q) => q.block = b,
        Pattern::Pairs(q) => q.block = b,
        Pattern::Rays(_) | Pattern::GrundyRows(_) => {}
    }
}

fn find_plain(board: &Board) -> Vec<Pattern> {
    let n = board.size();
    let cells = board.cells();
    let top = cells.iter().map(|&(x, y)| x.max(y)).max();
    if top.map_or(true, |t| 2 * (t as usize + 1) <= n) {
        let margin = top.map_or(n as u64, |t| n as u64 - 1 - t);
        return vec![Pattern::Finite(Finite {
            positions: cells.iter().map(|&(x, y)| [x, y]).collect(),
            margin,
            block: 1,
        })];
    }
    let mut out = Vec::new();
    if let Some(p) = periodic::find(board) {
        out.push(Pattern::Periodic(p));
    }
    out.extend(pairs::find(board).into_iter().map(Pattern::Pairs));
    if out.iter().all(|p| match p {
        Pattern::Pairs(q) => !q.has_law(),
        Pattern::Finite(_) | Pattern::Periodic(_) | Pattern::Rays(_) | Pattern::GrundyRows(_) => {
            false
        }
    }) {
        // nothing exact describes the board: measure where the P-positions gather
        out.extend(rays::find(board).map(Pattern::Rays));
    }
    out
}

/// What a pattern says about cell `(x, y)` of the board it was found on:
/// `Some(is P)` where it makes a claim, `None` elsewhere. Pairs patterns claim
/// the cells of their side (see [`pairs::regenerate`]); Grundy rows claim none.
pub fn predict(p: &Pattern, n: usize, x: usize, y: usize) -> Option<bool> {
    match p {
        Pattern::Finite(f) => {
            let b = f.block as usize;
            let (x, y) = ((x / b) as u64, (y / b) as u64);
            Some(f.positions.iter().any(|c| c[0] == x && c[1] == y))
        }
        Pattern::Periodic(q) => q.predict(n, x, y),
        Pattern::Pairs(_) | Pattern::Rays(_) | Pattern::GrundyRows(_) => None,
    }
}

/// `wythoff patterns`: solve the board of `game` (side `max`), find its patterns,
/// and with `grundy` the additive periodicity of its Grundy rows.
pub fn find(
    game: &Game,
    label: &str,
    max: usize,
    grundy: bool,
) -> Result<PatternReport, SolveError> {
    find_with_progress(game, label, max, grundy, &mut |_, _| {})
}

/// [`find`] with progress reports `(done, total)` of the solver.
pub fn find_with_progress(
    game: &Game,
    label: &str,
    max: usize,
    grundy: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<PatternReport, SolveError> {
    check_request(game, max, grundy)?;
    let board = board_of(game, max, progress)?;
    let g = grundy_of(game, max, grundy)?;
    Ok(report(game, label, max, &board, g.as_ref()))
}

/// What `patterns` refuses before solving: a board under 4 x 4, Grundy rows of
/// a game with memory.
fn check_request(game: &Game, max: usize, grundy: bool) -> Result<(), SolveError> {
    if max < 4 {
        return Err(SolveError::BadArg(
            Message::new()
                .text("patterns need a board of at least 4 x 4 (got ")
                .value(Arg::Max, max)
                .text(")"),
        ));
    }
    if crate::imitation::ImitationNim::from_game(game).is_some() && grundy {
        return Err(SolveError::Unsupported(
            "Imitation Nim has memory: its positions have no Grundy values".into(),
        ));
    }
    Ok(())
}

fn grundy_of(
    game: &Game,
    max: usize,
    grundy: bool,
) -> Result<Option<crate::solve::GrundyTable>, SolveError> {
    if !grundy {
        return Ok(None);
    }
    if let Some(why) = crate::solve::grundy_unsupported(game) {
        return Err(SolveError::NoGrundy { label: None, why });
    }
    Ok(Some(crate::solve::grundy(game, max)?))
}

/// The board of P-positions of side `max` (Imitation Nim: its starting positions,
/// no history).
pub fn board_of(
    game: &Game,
    max: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Board, SolveError> {
    // the one choice of the front door (imitation state solver or board solvers)
    let t = crate::board::game_board(game, max as u64, progress)?;
    Ok(Board::from_table(&t))
}

/// `wythoff patterns --check M`: the patterns of the board of side `max`, and
/// every law re-checked on the board of side `check` ([`check::recheck`]; one
/// solve: the smaller board is the corner of the larger).
pub fn find_checked(
    game: &Game,
    label: &str,
    max: usize,
    check: usize,
    grundy: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(PatternReport, check::Prediction), SolveError> {
    check_request(game, max, grundy)?;
    if check <= max {
        return Err(SolveError::BadArg(
            Message::new()
                .value(Arg::Check, check)
                .text(": the board to check on must be larger than ")
                .value(Arg::Max, max),
        ));
    }
    // the solvers' errors are about the board of `--check` here
    let big = board_of(game, check, progress)
        .map_err(|e| e.for_board_arg(crate::error::BoardArg::Check))?;
    let small = check::corner(&big, max);
    let g = grundy_of(game, max, grundy)?;
    let rep = report(game, label, max, &small, g.as_ref());
    let big_grundy = grundy_of(game, check, grundy)
        .map_err(|e| e.for_board_arg(crate::error::BoardArg::Check))?;
    let pred = check::recheck(&rep, &big, big_grundy.as_ref());
    Ok((rep, pred))
}

fn report(
    game: &Game,
    label: &str,
    max: usize,
    board: &Board,
    g: Option<&crate::solve::GrundyTable>,
) -> PatternReport {
    let mut patterns = find_in_board(board);
    let why_none = patterns.is_empty().then(|| {
        let shrunk = block_of(board).and_then(|b| board.shrink(b));
        pairs::why_none(shrunk.as_ref().unwrap_or(board))
    });
    if let Some(g) = g {
        patterns.push(Pattern::GrundyRows(grundy_rows::find(g, game)));
    }
    PatternReport {
        game: label.to_string(),
        convention: match game.convention() {
            crate::rules::Convention::Normal => "normal".into(),
            crate::rules::Convention::Misere => "misere".into(),
        },
        max: max as u64,
        patterns,
        why_none,
    }
}

/// `a/b` in lowest terms (b > 0), as text.
pub(crate) fn ratio(num: i128, den: i128) -> String {
    let g = gcd_i(num, den).max(1);
    let (mut a, mut b) = (num / g, den / g);
    if b < 0 {
        a = -a;
        b = -b;
    }
    if b == 1 {
        a.to_string()
    } else {
        format!("{a}/{b}")
    }
}

pub(crate) fn gcd_i(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Largest board [`read_pairs`] solves.
pub const READ_PAIRS_MAX_BOARD: usize = 1 << 15;

/// The first `terms` pairs `(a_n, b_n)` of a game without a published solution,
/// read off a computed board: boards of side `4 terms + 64`, doubled until the
/// board holds `terms` pairs of a `pairs` pattern (symmetric boards: side `both`;
/// otherwise the side `x <= y`), at most [`READ_PAIRS_MAX_BOARD`] and within the
/// memory budget. Returns the pairs and the board side used.
pub fn read_pairs(
    game: &Game,
    terms: u64,
    budget: u64,
) -> Result<(Vec<(u64, u64)>, usize), SolveError> {
    read_pairs_with_progress(game, terms, budget, u64::MAX, &mut |_, _| {})
}

/// [`read_pairs`], reporting each board's solve (`progress(done, total)`), so
/// that a front end can stop it there (Python's Ctrl-C, a server's abandoned
/// request); a larger board is not started when the planned seconds of the
/// boards solved and its own would pass `seconds` (the first always is).
pub fn read_pairs_with_progress(
    game: &Game,
    terms: u64,
    budget: u64,
    seconds: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(Vec<(u64, u64)>, usize), SolveError> {
    let mut n =
        (terms.saturating_mul(4).saturating_add(64)).min(READ_PAIRS_MAX_BOARD as u64) as usize;
    // the planned milliseconds of the boards solved so far (the first board
    // is always solved)
    let mut spent: Option<u64> = None;
    loop {
        crate::solve::check_board(game, n as u64, budget)?;
        let planned = crate::solve::plan::p_positions_plan(game, n as u64).millis;
        if let Some(spent) = spent {
            if spent.saturating_add(planned) > seconds.saturating_mul(1000) {
                return Err(SolveError::ArgTooLarge(Message::new().value(Arg::Terms, terms).text(format!(
                    ": after boards of about {} ms the next one, of side {n}, would take {planned} ms more, over the bound of {}: use fewer terms",
                    spent,
                    crate::solve::cost::human_seconds(seconds)
                ))));
            }
        }
        spent = Some(spent.unwrap_or(0).saturating_add(planned));
        let t = crate::solve::outcomes_with_progress(game, n, &mut *progress)?;
        let board = Board::from_table(&t);
        let side = if board.is_symmetric() {
            "both"
        } else {
            "upper"
        };
        let v = pairs::side_pairs(&board, side);
        let Some(p) = pairs::of_pairs(&v, side) else {
            if let Some((_, cut)) = by_rows(&v, n) {
                if cut.len() as u64 >= terms {
                    return Ok((cut[..terms as usize].to_vec(), n));
                }
                if n < READ_PAIRS_MAX_BOARD {
                    n = (n * 2).min(READ_PAIRS_MAX_BOARD);
                    continue;
                }
            }
            // the patterns on a corner (a periodic law is sought in time
            // cubic in the side: minutes on the largest boards)
            let corner = n.min(KINDS_CORNER);
            let kinds = pattern_kinds(&Board::from_fn(corner, |x, y| board.get(x, y)));
            return Err(SolveError::Unsupported(format!(
                "its P-positions on the board of {n} are not pairs of sequences (a non-decreasing, b increasing); patterns found on its corner of {corner}: {}",
                if kinds.is_empty() { "none".to_string() } else { kinds.join(", ") }
            )));
        };
        if p.terms >= terms {
            return Ok((v[..terms as usize].to_vec(), n));
        }
        if n >= READ_PAIRS_MAX_BOARD {
            return Err(SolveError::TooLarge(format!(
                "the board of {n} (the largest read) holds {} pairs; asked for {terms}",
                p.terms
            )));
        }
        n = (n * 2).min(READ_PAIRS_MAX_BOARD);
    }
}

/// The side of the corner whose patterns a refusal of [`read_pairs`] names.
pub const KINDS_CORNER: usize = 512;

/// The kinds of the patterns [`find_in_board`] finds on `board`, by name.
pub fn pattern_kinds(board: &Board) -> Vec<&'static str> {
    find_in_board(board)
        .iter()
        .map(|p| match p {
            Pattern::Finite(_) => "finite",
            Pattern::Periodic(_) => "periodic",
            Pattern::Pairs(_) => "pairs",
            Pattern::Rays(_) => "rays",
            Pattern::GrundyRows(_) => "grundy-rows",
        })
        .collect()
}

/// Whether [`read_pairs`] reads pairs of sequences off `board` itself (the
/// pairs pattern in `b`-order, or the `a`-order rows below the cut), whatever
/// the number of terms: the test each of its boards passes or fails.
pub fn board_reads_pairs(board: &Board) -> bool {
    let side = if board.is_symmetric() {
        "both"
    } else {
        "upper"
    };
    let v = pairs::side_pairs(board, side);
    pairs::of_pairs(&v, side).is_some() || by_rows(&v, board.size()).is_some()
}

/// `(R, cut)` of an `a`-order reading of pairs `v` on a board of side `n`:
/// `R` the largest `ceil(b / a)` (pairs with `a >= 1`), `cut = n / (2 R)`;
/// `None` without such a pair.
pub fn rows_cut(v: &[(u64, u64)], n: usize) -> Option<(u64, u64)> {
    let r = v
        .iter()
        .filter(|p| p.0 >= 1)
        .map(|p| p.1.div_ceil(p.0))
        .max()?;
    Some((r, n as u64 / (2 * r.max(1))))
}

/// Pairs sorted by `a` (then `b`) when `b` is not increasing in that order
/// (e.g. seed 000's mWN^(l,p) outside Theorem 2.1): the pairs with
/// `a < N / (2 R)`, `R` the largest ratio `b / a` on the board (`a >= 1`).
/// **Assumption, stated to the user:** no P-position `(a, b)` with such an `a`
/// has `b >= N`, which holds while `b / a` stays below `2 R` beyond the board.
/// Returns the bound `N / (2 R)` and the pairs below it.
pub fn by_rows(v: &[(u64, u64)], n: usize) -> Option<(u64, Vec<(u64, u64)>)> {
    let (_, cut) = rows_cut(v, n)?;
    let mut out: Vec<(u64, u64)> = v.iter().copied().filter(|p| p.0 < cut).collect();
    out.sort_unstable();
    (out.len() >= MIN_TERMS).then_some((cut, out))
}
