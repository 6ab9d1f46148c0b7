//! Exact oracles for the published solutions: they answer at any size (big
//! integers, no floating point) and are checked against the general solvers.
//!
//! An oracle is knowledge about a *named* game of the catalogue (its paper's
//! theorem), so [`for_game`] dispatches on the catalogue entry name; the general
//! solvers never do.
//!
//! - [`beatty`]: the p-complementary Beatty pairs of seed 000, exactly, with
//!   their inverse.
//! - [`pset`]: P-sets queried by rows, columns and diagonals, and the exact
//!   winning-move search against the game's own rules.
//! - [`classical`]: the oracles of the classical games and of seeds 000, 001, 002.
//!
//! The claims that check these oracles against the general solvers live
//! above the engines (`wythoff::claims::oracle`): nothing here runs a board
//! dispatcher.

pub mod beatty;
pub mod blocking;
pub mod classical;
pub mod closed_form;
pub mod modular_big;
pub mod pset;

use crate::catalogue::Params;
use crate::error::SolveError;
use crate::rules::Convention;

pub mod seed003;
pub use classical::no_oracle_reason;
/// The big natural numbers the oracles take and return (malachite).
pub use malachite_nz::natural::Natural;

/// How an oracle computes its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// A closed form (Beatty sequence, algebraic form, finite set): polynomial in
    /// the number of digits.
    ClosedForm,
    /// A recurrence (mex): time and memory linear in the index reached; the
    /// oracle refuses sizes it cannot reach, with the reason.
    Recurrence,
}

/// A published solution of one game (one parameter choice, one convention).
pub trait Oracle: Send + Sync {
    /// Paper, section and theorem, e.g. "seed 000, Main Theorem 2.1 (i)".
    fn source(&self) -> String;
    fn method(&self) -> Method;
    /// Is `(x, y)` a P-position?
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError>;
    /// The P-positions reachable in one move from `(x, y)` (its winning moves when
    /// it is an N-position), computed exactly.
    fn winning_moves(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(Natural, Natural)>, SolveError>;
    /// The `n`-th pair `(a_n, b_n)` of the sequences that define the P-positions,
    /// when the solution is such a pair of sequences.
    fn pair(&self, _n: &Natural) -> Result<Option<(Natural, Natural)>, SolveError> {
        Ok(None)
    }
    /// The P-options of `(x, y)` with, for blocking games, whether each lies in the
    /// blockable class (`true`) or not. Default: [`Oracle::winning_moves`], none blockable.
    fn p_options(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(Natural, Natural, bool)>, SolveError> {
        Ok(self
            .winning_moves(x, y)?
            .into_iter()
            .map(|(a, b)| (a, b, false))
            .collect())
    }
    /// For a choice game (seed 000, `m x p WN`): the P-options of `(x, y)` in each
    /// variant whose board holds it, as `(variant index, options)`. Default: one
    /// variant, index 0.
    fn winning_moves_by_variant(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(usize, Vec<(Natural, Natural)>)>, SolveError> {
        Ok(vec![(0, self.winning_moves(x, y)?)])
    }
    /// The first `count` pairs `(a_n, b_n)` as `u64` (fast path for sequences);
    /// `Ok(None)` when the oracle has no pair sequence. The default calls
    /// [`Oracle::pair`] for each index.
    fn pairs_u64(&self, count: u64) -> Result<Option<Vec<(u64, u64)>>, SolveError> {
        let mut out = Vec::new();
        for n in 0..count {
            match self.pair(&Natural::from(n))? {
                None => return Ok(None),
                Some((a, b)) => {
                    let conv = |v: &Natural| {
                        u64::try_from(v).map_err(|_| {
                            SolveError::TooLarge(format!("term {n} = {v} does not fit in 64 bits"))
                        })
                    };
                    out.push((conv(&a)?, conv(&b)?));
                }
            }
        }
        Ok(Some(out))
    }
    /// Every `y < lt` with `(x, y)` a P-position (the row of `x`), sorted; with
    /// `lt = None` the whole row. `Ok(None)` when the oracle has no row query.
    fn row_positions(
        &self,
        _x: &Natural,
        _lt: Option<&Natural>,
    ) -> Result<Option<Vec<Natural>>, SolveError> {
        Ok(None)
    }
    /// What the oracle cannot answer, in one line (e.g. the reach of a recurrence).
    fn limits(&self) -> Option<String> {
        None
    }
}

/// The winning moves among P-options `(x', y', in_block_class)`: the positions,
/// for oracles whose [`Oracle::winning_moves`] are their P-options.
pub(crate) fn moves_of(options: Vec<(Natural, Natural, bool)>) -> Vec<(Natural, Natural)> {
    options.into_iter().map(|(a, b, _)| (a, b)).collect()
}

/// The oracle of a catalogue game, if a paper gives its solution.
pub fn for_game(entry: &str, params: &Params, convention: Convention) -> Option<Box<dyn Oracle>> {
    // the members of a family that are Wythoff's game itself: blocking of one
    // option (k = 1: nothing is blocked) and the terminal set x + y <= 0 (the
    // origin, which has no move anyway)
    if params.pass() {
        // a game with a pass has no published oracle (docs/games.md, "A pass")
        return None;
    }
    let ints = params.ints();
    let is_wythoff = match entry {
        "blocking-wythoff" => ints.get("k") == Some(&1),
        "terminal-wythoff" => ints.get("l") == Some(&0),
        _ => false,
    };
    if is_wythoff {
        let wythoff = crate::catalogue::parse_game("wythoff").ok()?;
        return classical_and_seeds("wythoff", &wythoff.params, convention);
    }
    if let Some(o) = classical_and_seeds(entry, params, convention) {
        return Some(o);
    }
    if let Some(o) = seed003::for_game(entry, params, convention) {
        return Some(o);
    }
    if let Some(o) = blocking::for_game(entry, params, convention) {
        return Some(o);
    }
    None
}

/// Oracles of the classical games (Nim, Wythoff, m-Wythoff, (s,t)-Wythoff,
/// Connell) and of seeds 000, 001 and 002. See [`classical::for_game`].
pub fn classical_and_seeds(
    entry: &str,
    params: &Params,
    convention: Convention,
) -> Option<Box<dyn Oracle>> {
    classical::for_game(entry, params, convention)
}
