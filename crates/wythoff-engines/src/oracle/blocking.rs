//! Blocking Wythoff Nim with `k = 2` and `k = 3` (any option blockable, up to
//! `k - 1` of them): the P-positions as exact sets on big integers.
//!
//! Source: U. Larsson, *Blocking Wythoff Nim*, Electron. J. Combin. 18 (2011)
//! #P120, which solves `k = 2` and `k = 3`. The families below were read off our
//! general solver (`wythoff p-positions` and `patterns` on boards up to 3000,
//! and the independent brute force `scripts/blocking_independent.py`), not
//! copied from the paper; `verify` re-checks them against the general solver
//! (claim `larsson-2011-blocking`). With `(A_m, B_m)` Wythoff's pairs
//! (`A_m = floor(m phi)`, `B_m = A_m + m`), the P-positions `(x, y)`, `x <= y`,
//! are, with their mirror images:
//!
//! - `k = 2`: `(0, 0)`; `(n, 2n + 1)` for `n >= 0`; `(2 A_m + 2, 2 B_m + 2)` for `m >= 0`;
//! - `k = 3`: `(0, 0)`; `(n, 2n + 1)` and `(n, 2n + 2)` for `n >= 0`.
//!
//! Normal play only (misère play goes to the general solver).
//!
//! Membership is the closed form's ([`closed_form`]: the families as data,
//! the same data `wythoff prove` writes as a Walnut formula and has Walnut
//! compare with the proved automaton, the side statement `closed_form`).

use super::beatty::Beatty;
use super::closed_form::{blocking_wythoff as closed_form, ClosedForm};
use super::pset::{PSet, Pos};
use super::Oracle;
use crate::catalogue::{Params, LARSSON_2011};
use crate::error::SolveError;
use crate::rules::Convention;
use malachite_base::num::arithmetic::traits::{Parity, UnsignedAbs};
use malachite_nz::integer::Integer;
use malachite_nz::natural::Natural;

/// The P-set of `blocking-wythoff:k=K`, `K` in 2..=3.
pub struct BlockingWythoffSet {
    k: u64,
    /// Wythoff's pairs.
    bt: Beatty,
    /// The families, as data ([`closed_form`]): membership.
    form: ClosedForm,
}

fn nat(v: u64) -> Natural {
    Natural::from(v)
}

impl BlockingWythoffSet {
    /// The set for `k`, when the oracle knows it (`k = 2, 3`).
    pub fn new(k: u64) -> Option<Self> {
        Some(BlockingWythoffSet {
            k,
            bt: Beatty::new(1, 1),
            form: closed_form(k)?,
        })
    }

    /// Every `w` with `(v, w)` or `(w, v)` a Wythoff P-position.
    fn wythoff_partners(&self, v: &Natural) -> Vec<Natural> {
        let mut out: Vec<Natural> = self.bt.indices_a(v).iter().map(|n| self.bt.b(n)).collect();
        if let Some(n) = self.bt.index_b(v) {
            out.push(self.bt.a(&n));
        }
        out
    }

    /// Every `x'` with `(x', y)` in the set (any order of the two piles).
    fn partners(&self, y: &Natural) -> Vec<Natural> {
        let mut out = Vec::new();
        if *y == 0u32 {
            out.push(nat(0));
        }
        // (x', y) with x' <= y: y = 2x' + 1 (and y = 2x' + 2 for k = 3)
        if y.odd() {
            out.push((y - nat(1)) / nat(2));
        }
        // (x', y) with x' > y: x' = 2y + 1 (and 2y + 2 for k = 3)
        out.push(y * nat(2) + nat(1));
        match self.k {
            2 => {
                if *y >= 2u32 && y.even() {
                    let b = y / nat(2) - nat(1);
                    out.extend(
                        self.wythoff_partners(&b)
                            .into_iter()
                            .map(|w| w * nat(2) + nat(2)),
                    );
                }
            }
            _ => {
                if *y >= 2u32 && y.even() {
                    out.push((y - nat(2)) / nat(2));
                }
                out.push(y * nat(2) + nat(2));
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The positions `(x, y)` of the set with `y - x = d`.
    fn diagonal(&self, d: &Integer) -> Vec<Pos> {
        let flip = *d < 0;
        let ad: Natural = d.unsigned_abs();
        let mut out: Vec<Pos> = Vec::new();
        if ad == 0u32 {
            out.push((nat(0), nat(0)));
        } else {
            // (n, 2n + 1): d = n + 1
            let n = &ad - nat(1);
            out.push((n.clone(), n * nat(2) + nat(1)));
            if self.k == 3 && ad >= 2u32 {
                // (n, 2n + 2): d = n + 2
                let n = &ad - nat(2);
                out.push((n.clone(), n * nat(2) + nat(2)));
            }
        }
        if self.k == 2 && ad.even() {
            // (2 A_m + 2, 2 B_m + 2): d = 2m
            let m = &ad / nat(2);
            out.push((
                self.bt.a(&m) * nat(2) + nat(2),
                self.bt.b(&m) * nat(2) + nat(2),
            ));
        }
        if flip {
            out = out.into_iter().map(|(a, b)| (b, a)).collect();
        }
        out
    }
}

impl PSet for BlockingWythoffSet {
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        Ok(self.form.contains(x, y))
    }
    fn row(&self, y: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        let mut v = self.partners(y);
        v.retain(|x| x < lt);
        Ok(v)
    }
    fn col(&self, x: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        // the set is symmetric
        self.row(x, lt)
    }
    fn diagonals(&self, lo: &Integer, hi: &Integer) -> Result<Option<Vec<Pos>>, SolveError> {
        let mut out = Vec::new();
        let mut d = lo.clone();
        while d <= *hi {
            out.extend(self.diagonal(&d));
            d += Integer::from(1);
        }
        Ok(Some(out))
    }
    fn below(&self, _x: &Natural, _y: &Natural) -> Result<Vec<Pos>, SolveError> {
        // Wythoff's two-pile moves form one diagonal: `diagonals` answers them
        Err(SolveError::BadInput(
            "blocking-wythoff: the P-set is listed by rows, columns and diagonals only".into(),
        ))
    }
}

/// The oracle of `blocking-wythoff` for `k = 2, 3` in normal play.
pub fn for_game(entry: &str, params: &Params, convention: Convention) -> Option<Box<dyn Oracle>> {
    if entry != "blocking-wythoff" || convention != Convention::Normal {
        return None;
    }
    let k = *params.ints().get("k")?;
    let set = BlockingWythoffSet::new(k)?;
    let game = crate::catalogue::parse_game(&format!("blocking-wythoff:k={k}")).ok()?;
    let rules = game.game.as_single()?.clone();
    let form = closed_form(k)?.describe();
    Some(Box::new(super::pset::RulesSetOracle {
        source: format!("{LARSSON_2011} (k = {k}): P = {form}"),
        rules,
        set: Box::new(set),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows, columns and diagonals list exactly the set's members, on a box.
    #[test]
    fn queries_agree_with_membership() {
        for k in 2..=3 {
            let s = BlockingWythoffSet::new(k).unwrap();
            let n = 80u64;
            let member = |x: u64, y: u64| s.is_p(&nat(x), &nat(y)).unwrap();
            for y in 0..n {
                let want: Vec<Natural> = (0..n).filter(|&x| member(x, y)).map(nat).collect();
                assert_eq!(s.row(&nat(y), &nat(n)).unwrap(), want, "k={k} row {y}");
                assert_eq!(s.col(&nat(y), &nat(n)).unwrap(), want, "k={k} col {y}");
            }
            for d in -40i64..40 {
                let mut got: Vec<Pos> = s.diagonal(&Integer::from(d));
                got.retain(|(a, b)| *a < n && *b < n);
                got.sort();
                let want: Vec<Pos> = (0..n)
                    .filter_map(|x| {
                        let y = x as i64 + d;
                        (y >= 0 && (y as u64) < n && member(x, y as u64))
                            .then(|| (nat(x), nat(y as u64)))
                    })
                    .collect();
                assert_eq!(got, want, "k={k} diagonal {d}");
            }
        }
    }
}
