//! Exact oracles for the published solutions: they answer at any size (big
//! integers, no floating point) and are checked against the general solvers.
//!
//! An oracle is knowledge about a *named* game of the catalogue (its paper's
//! theorem), so [`for_game`] dispatches on the catalogue entry name; the general
//! solvers never do.

use crate::catalogue::Params;
use crate::error::SolveError;
use crate::rules::Convention;
use malachite_nz::natural::Natural;

pub mod seed003;

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
}

/// The oracle of a catalogue game, if a paper gives its solution.
pub fn for_game(entry: &str, params: &Params, convention: Convention) -> Option<Box<dyn Oracle>> {
    let _ = (entry, params, convention);
    if let Some(o) = seed003::for_game(entry, params, convention) {
        return Some(o);
    }
    None
}
