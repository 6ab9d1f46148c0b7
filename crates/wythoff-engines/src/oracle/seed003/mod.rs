//! Oracles for seed 003, the restricted (s,t)-Wythoff games with parity length
//! sets (Odd-Odd, Even-Even, Odd-Even, Even-Odd), in normal and misère play.
//!
//! The rules (seed 003, section 1.3, Eq. (5); docs/games.md section 2): a horizontal move
//! removes `k in S1` from the first pile, a vertical move removes `l in S2` from
//! the second, an extended diagonal move removes `k in D1` and `l in D2` with
//! `|l - k| < (s - 1) min(k, l) + t`. In the four parity games `S1 = D1` and
//! `S2 = D2` are the odd or the even positive integers.
//!
//! What each oracle implements (all for `s, t >= 1`):
//!
//! | game | normal play | misère play | method |
//! |---|---|---|---|
//! | `odd-odd` | Theorem 7 | Theorem 9 | closed form |
//! | `even-even` | Theorem 13 | Theorem 14 (A) and (B) | mex recurrence |
//! | `odd-even`, `s = t = 1` | Theorem 17 | Theorem 18 | closed form |
//! | `odd-even`, `s + t > 2` | Theorem 19 | Theorem 20 | closed form |
//! | `even-odd`, `s = t = 1` | Corollary 21 | Corollary 22 | closed form (mirror) |
//! | `even-odd`, `s + t > 2` | Corollary 23 | Corollary 24 | closed form (mirror) |
//!
//! The same oracles answer for `restricted:...` when its four sets are exactly
//! the parity sets of one of the four games.
//!
//! Misère convention (the paper's, and docs/games.md's): a position without options is
//! an N-position (the player to move cannot move and so wins); the proofs of
//! Theorems 9 and 14 say so ("the next player wins without doing anything").
//!
//! Winning moves: the P-sets of Odd-Odd (all (even, even) positions) and of the
//! boxes of Odd-Even are dense, so a position can have a huge number of
//! P-options. [`Oracle::winning_moves`] of these oracles therefore returns **at
//! most [`WINNING_MOVES_CAP`] P-options** (for the closed forms, the shortest
//! moves: fewest tokens removed), and all of them when there are fewer. Every
//! move returned is checked legal under the game's rules and its target is
//! checked to be a P-position of the oracle's solution.
//!
//! One `wythoff verify` claim per theorem and corollary checks these oracles
//! against the general solver (`claims::oracle::seed003`); the printed Tables 1-10 are checked in `tests/tables_seed003.rs` (summary in
//! `testdata/papers/seed003/README.md`).
//!
//! Big positions: closed forms use [`Natural`] arithmetic throughout (parity,
//! products, one binary search), so positions of a thousand digits are answered
//! in milliseconds. The Even-Even recurrences are index-bounded: the smaller pile
//! must be at most [`RECURRENCE_MAX_PILE`], else the answer is
//! [`SolveError::TooLarge`] with the reason.

use super::{Method, Oracle};
use crate::catalogue::Params;
use crate::error::SolveError;
use crate::rules::Convention;
use crate::sets::LengthSet;
use malachite_base::num::arithmetic::traits::{CheckedSub, DivMod, Parity};
use malachite_nz::natural::Natural;
use std::sync::Mutex;

/// At most this many winning moves are returned by `winning_moves` of the
/// seed-003 oracles (see the module documentation).
pub const WINNING_MOVES_CAP: usize = 16;

/// Largest smaller pile that the Even-Even recurrence oracles (Theorems 13 and
/// 14) accept. The halved recurrence is run up to half this value and stores one
/// `u32` per term: at most 2^24 terms, 64 MiB.
pub const RECURRENCE_MAX_PILE: u64 = 1 << 25;

/// Safety net for the diagonal enumeration: give up a family after this many
/// consecutive candidates without a move (never reached on the families used
/// here, whose candidate ranges are clamped to the cone first).
const MAX_EMPTY_STEPS: u32 = 1 << 16;

fn nat(v: u64) -> Natural {
    Natural::from(v)
}

/// Parity of a length or a pile value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Par {
    Even,
    Odd,
}

impl Par {
    fn of(v: &Natural) -> Par {
        if v.odd() {
            Par::Odd
        } else {
            Par::Even
        }
    }
    /// Parity of `a - b` from the parities of `a` and `b`.
    fn minus(self, other: Par) -> Par {
        if self == other {
            Par::Even
        } else {
            Par::Odd
        }
    }
}

/// The rules of a parity game: lengths on the first pile (horizontal and first
/// component of diagonal moves) have parity `p1`, on the second pile `p2`, and
/// diagonal moves satisfy the (s,t) cone of seed 003, Eq. (5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ParityRules {
    p1: Par,
    p2: Par,
    s: u64,
    t: u64,
}

impl ParityRules {
    /// `|l - k| < (s - 1) min(k, l) + t` for `k, l >= 1`.
    fn cone(&self, k: &Natural, l: &Natural) -> bool {
        let (lo, hi) = if k <= l { (k, l) } else { (l, k) };
        let diff = hi - lo;
        diff < nat(self.s - 1) * lo + nat(self.t)
    }

    /// Smallest `l` with `cone(k, l)` (for `k >= 1`): `l > (k - t) / s`.
    fn cone_lo(&self, k: &Natural) -> Natural {
        let t = nat(self.t);
        if *k <= t {
            nat(1)
        } else {
            (k - &t) / nat(self.s) + nat(1)
        }
    }

    /// Largest `l` with `cone(k, l)` (for `k >= 1`): `l < s k + t`.
    fn cone_hi(&self, k: &Natural) -> Natural {
        nat(self.s) * k + nat(self.t) - nat(1)
    }

    /// Smallest `k >= 1` whose cone reaches up to `l` (`cone_hi(k) >= l`).
    fn cone_reach_lo(&self, l: &Natural) -> Natural {
        let t = nat(self.t);
        if *l < t + nat(1) {
            return nat(1);
        }
        // s k >= l - t + 1
        let need = l + nat(1) - nat(self.t);
        let (q, r) = need.div_mod(nat(self.s));
        let k = if r == 0u32 { q } else { q + nat(1) };
        k.max(nat(1))
    }

    /// Largest `k` whose cone reaches down to `l` (`cone_lo(k) <= l`): `k <= s l + t - 1`.
    fn cone_reach_hi(&self, l: &Natural) -> Natural {
        self.cone_hi(l)
    }

    /// Is `(x, y) -> (x2, y2)` a move of these rules?
    fn legal(&self, x: &Natural, y: &Natural, x2: &Natural, y2: &Natural) -> bool {
        if x2 > x || y2 > y {
            return false;
        }
        let k = x - x2;
        let l = y - y2;
        match (k == 0u32, l == 0u32) {
            (true, true) => false,
            (false, true) => Par::of(&k) == self.p1,
            (true, false) => Par::of(&l) == self.p2,
            (false, false) => Par::of(&k) == self.p1 && Par::of(&l) == self.p2 && self.cone(&k, &l),
        }
    }
}

/// A set of pile values: `lo <= v <= hi` (no upper bound when `hi` is `None`),
/// of parity `par` when given.
#[derive(Clone, Debug)]
struct Prog {
    lo: Natural,
    hi: Option<Natural>,
    par: Option<Par>,
}

impl Prog {
    fn parity(par: Par, lo: u64) -> Prog {
        Prog {
            lo: nat(lo),
            hi: None,
            par: Some(par),
        }
    }
    fn range(lo: u64, hi: u64) -> Prog {
        Prog {
            lo: nat(lo),
            hi: Some(nat(hi)),
            par: None,
        }
    }
    fn contains(&self, v: &Natural) -> bool {
        *v >= self.lo
            && self.hi.as_ref().is_none_or(|h| v <= h)
            && self.par.is_none_or(|p| Par::of(v) == p)
    }
}

/// An inclusive range of move lengths of one parity.
#[derive(Clone, Debug)]
struct LenRange {
    lo: Natural,
    hi: Natural,
    par: Par,
}

impl LenRange {
    /// Lengths `d >= 1` of parity `len_par` with `v - d` in `prog` (`v` the pile).
    fn of_moves(v: &Natural, prog: &Prog, len_par: Par) -> Option<LenRange> {
        if let Some(p) = prog.par {
            // v - d has parity p  <=>  d has parity (v - p)
            if Par::of(v).minus(p) != len_par {
                return None;
            }
        }
        // v - d >= lo  <=>  d <= v - lo;  v - d <= hi  <=>  d >= v - hi
        let hi = v.checked_sub(&prog.lo)?;
        let lo = match &prog.hi {
            Some(h) if h < v => v - h,
            _ => nat(0),
        }
        .max(nat(1));
        LenRange {
            lo,
            hi,
            par: len_par,
        }
        .normalised()
    }
    /// Shrink to the first and last members of the right parity; `None` if empty.
    fn normalised(mut self) -> Option<LenRange> {
        if Par::of(&self.lo) != self.par {
            self.lo += nat(1);
        }
        if Par::of(&self.hi) != self.par {
            if self.hi == 0u32 {
                return None;
            }
            self.hi -= nat(1);
        }
        (self.lo <= self.hi).then_some(self)
    }
    fn clamp(&self, lo: &Natural, hi: &Natural) -> Option<LenRange> {
        LenRange {
            lo: self.lo.clone().max(lo.clone()),
            hi: self.hi.clone().min(hi.clone()),
            par: self.par,
        }
        .normalised()
    }
    /// Number of members minus one, times two (a size for comparisons).
    fn span(&self) -> Natural {
        &self.hi - &self.lo
    }
}

/// One family of P-positions in a closed form.
#[derive(Clone, Debug)]
enum Family {
    /// All `(x, y)` with `x in X`, `y in Y`.
    Box(Prog, Prog),
    /// All `(x, s (x - x0) + c + e)` with `x in X` (and `x >= x0`), `e` in `es`:
    /// the sequences of Theorems 19 and 20 (`B_n`, `B'_n = B_n + 1`).
    Graph {
        x: Prog,
        x0: u64,
        c: Natural,
        es: [u64; 2],
    },
}

/// Enumerate legal moves of `rules` from `(x, y)` into the family, at most `cap`.
fn family_moves(
    rules: &ParityRules,
    fam: &Family,
    x: &Natural,
    y: &Natural,
    cap: usize,
    out: &mut Vec<(Natural, Natural)>,
) {
    match fam {
        Family::Box(xs, ys) => box_moves(rules, xs, ys, x, y, cap, out),
        Family::Graph { x: xs, x0, c, es } => {
            for &e in es {
                graph_moves(rules, xs, *x0, c, e, x, y, cap, out);
            }
        }
    }
}

fn push_if_legal(
    rules: &ParityRules,
    x: &Natural,
    y: &Natural,
    x2: Natural,
    y2: Natural,
    out: &mut Vec<(Natural, Natural)>,
) -> bool {
    if rules.legal(x, y, &x2, &y2) {
        out.push((x2, y2));
        true
    } else {
        false
    }
}

#[allow(clippy::too_many_arguments)]
fn box_moves(
    rules: &ParityRules,
    xs: &Prog,
    ys: &Prog,
    x: &Natural,
    y: &Natural,
    cap: usize,
    out: &mut Vec<(Natural, Natural)>,
) {
    let start = out.len();
    let full = |out: &Vec<(Natural, Natural)>| out.len() - start >= cap;
    // Horizontal: stay in row y, remove k of parity p1, shortest first.
    if ys.contains(y) {
        if let Some(r) = LenRange::of_moves(x, xs, rules.p1) {
            let mut k = r.lo.clone();
            // every k of the range is a move; stop at the first that is not (never)
            while k <= r.hi && !full(out) && push_if_legal(rules, x, y, x - &k, y.clone(), out) {
                k += nat(2);
            }
        }
    }
    // Vertical: stay in column x.
    if xs.contains(x) {
        if let Some(r) = LenRange::of_moves(y, ys, rules.p2) {
            let mut l = r.lo.clone();
            while l <= r.hi && !full(out) && push_if_legal(rules, x, y, x.clone(), y - &l, out) {
                l += nat(2);
            }
        }
    }
    // Extended diagonal: k in K, l in L, in the cone.
    if rules.s == 1 && rules.t == 1 && rules.p1 != rules.p2 {
        return; // the cone forces k = l, impossible with different parities (Remark 16)
    }
    let (Some(kr), Some(lr)) = (
        LenRange::of_moves(x, xs, rules.p1),
        LenRange::of_moves(y, ys, rules.p2),
    ) else {
        return;
    };
    // Iterate over the shorter range; the cone is symmetric in (k, l).
    let swap = kr.span() > lr.span();
    let (outer, inner) = if swap { (lr, kr) } else { (kr, lr) };
    let Some(outer) = outer.clamp(
        &rules.cone_reach_lo(&inner.lo),
        &rules.cone_reach_hi(&inner.hi),
    ) else {
        return;
    };
    let mut o = outer.lo.clone();
    let mut empty = 0u32;
    while o <= outer.hi && !full(out) && empty < MAX_EMPTY_STEPS {
        let mut found = false;
        if let Some(ir) = inner.clamp(&rules.cone_lo(&o), &rules.cone_hi(&o)) {
            // the clamped range lies in the cone: every member is a move
            let mut i = ir.lo.clone();
            while i <= ir.hi && !full(out) {
                let (k, l) = if swap { (&i, &o) } else { (&o, &i) };
                if !push_if_legal(rules, x, y, x - k, y - l, out) {
                    break;
                }
                found = true;
                i += nat(2);
            }
        }
        empty = if found { 0 } else { empty + 1 };
        o += nat(2);
    }
}

#[allow(clippy::too_many_arguments)]
fn graph_moves(
    rules: &ParityRules,
    xs: &Prog,
    x0: u64,
    c: &Natural,
    e: u64,
    x: &Natural,
    y: &Natural,
    cap: usize,
    out: &mut Vec<(Natural, Natural)>,
) {
    let s = nat(rules.s);
    let y_of = |xv: &Natural| -> Natural { &s * (xv - nat(x0)) + c + nat(e) };
    let in_domain = |xv: &Natural| xs.contains(xv) && *xv >= x0;
    let start = out.len();
    // Horizontal: the graph point in row y, if any.
    if let Some(rest) = y.checked_sub(&(c + nat(e))) {
        let (q, r) = (&rest).div_mod(&s);
        if r == 0u32 {
            let xv = q + nat(x0);
            if in_domain(&xv) {
                push_if_legal(rules, x, y, xv, y.clone(), out);
            }
        }
    }
    // Vertical: the graph point in column x.
    if in_domain(x) {
        push_if_legal(rules, x, y, x.clone(), y_of(x), out);
    }
    // Diagonal: k >= 1, x' = x - k in the domain, l = y - y(x') >= 1, cone(k, l).
    // With l = D + s k the condition holds exactly for k above a threshold
    // (l >= k: iff D < t; l < k: iff (s^2 - 1) k > -(s D + t)), so binary-search
    // the least k and walk up in steps of 2 (x' keeps its parity).
    let Some(kr) = LenRange::of_moves(x, xs, rules.p1) else {
        return;
    };
    let kmax = match x.checked_sub(&nat(x0)) {
        Some(v) => v.min(kr.hi.clone()),
        None => return,
    };
    let ok = |k: &Natural| -> bool {
        match x.checked_sub(k) {
            None => false,
            Some(xv) => match y.checked_sub(&y_of(&xv)) {
                Some(l) if l > 0u32 => rules.cone(k, &l),
                _ => false,
            },
        }
    };
    if kr.lo > kmax || !ok(&kmax) {
        return; // the predicate is monotone in k: false at the top means false everywhere
    }
    let (mut lo, mut hi) = (kr.lo.clone(), kmax.clone());
    // least k in [lo, hi] with ok(k); ok(hi) holds
    while lo < hi {
        let mid = (&lo + &hi) >> 1u32;
        if ok(&mid) {
            hi = mid;
        } else {
            lo = mid + nat(1);
        }
    }
    let mut k = lo;
    if Par::of(&k) != kr.par {
        k += nat(1);
    }
    // Stepping k by 2 keeps the parity of l = D + s k, and the cone holds from
    // here on: so the first candidate that is not a move (wrong parity of l)
    // means none is.
    while k <= kmax && out.len() - start < cap {
        let xv = x - &k;
        let yv = y_of(&xv);
        if yv >= *y || !push_if_legal(rules, x, y, xv, yv, out) {
            break;
        }
        k += nat(2);
    }
}

fn family_contains(rules: &ParityRules, fam: &Family, x: &Natural, y: &Natural) -> bool {
    match fam {
        Family::Box(xs, ys) => xs.contains(x) && ys.contains(y),
        Family::Graph { x: xs, x0, c, es } => {
            xs.contains(x)
                && *x >= *x0
                && es
                    .iter()
                    .any(|&e| *y == nat(rules.s) * (x - nat(*x0)) + c + nat(e))
        }
    }
}

/// Which closed-form sequences `pair` returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PairKind {
    None,
    /// Theorem 19 / Corollary 23: `(A_n, B_n) = (n, delta_n (s n + t + delta_{s+t}))`.
    Thm19,
    /// Theorem 20 / Corollary 24: `(E_0, H_0) = (0, 2)`;
    /// `(E_n, H_n) = (n, (1 - delta_n)(s n - s + t + delta_{s+t}))` for `n >= 1`.
    Thm20,
}

/// `delta_v` of seed 003 section 3: 1 when `v` is odd, else 0.
fn delta(v: u64) -> u64 {
    v % 2
}

/// `delta_{s+t}`, without overflow.
fn delta_sum(s: u64, t: u64) -> u64 {
    (s % 2 + t % 2) % 2
}

/// A closed-form oracle: the P-positions are a finite union of families.
struct ClosedForm {
    source: String,
    rules: ParityRules,
    families: Vec<Family>,
    pair: PairKind,
}

impl ClosedForm {
    fn is_p_nat(&self, x: &Natural, y: &Natural) -> bool {
        self.families
            .iter()
            .any(|f| family_contains(&self.rules, f, x, y))
    }
    fn moves(&self, x: &Natural, y: &Natural) -> Vec<(Natural, Natural)> {
        let mut out = Vec::new();
        for f in &self.families {
            family_moves(&self.rules, f, x, y, WINNING_MOVES_CAP, &mut out);
        }
        out.retain(|(a, b)| self.is_p_nat(a, b));
        out.sort();
        out.dedup();
        if out.len() > WINNING_MOVES_CAP {
            // keep the shortest moves (fewest tokens removed), then list by position
            out.sort_by_cached_key(|(a, b)| (x - a) + (y - b));
            out.truncate(WINNING_MOVES_CAP);
            out.sort();
        }
        out
    }
    fn pair_nat(&self, n: &Natural) -> Option<(Natural, Natural)> {
        let (s, t) = (self.rules.s, self.rules.t);
        let dst = nat(delta_sum(s, t));
        match self.pair {
            PairKind::None => None,
            PairKind::Thm19 => {
                let b = if n.odd() {
                    nat(s) * n + nat(t) + dst
                } else {
                    nat(0)
                };
                Some((n.clone(), b))
            }
            PairKind::Thm20 => {
                if *n == 0u32 {
                    return Some((nat(0), nat(2)));
                }
                let h = if n.even() {
                    nat(s) * (n - nat(1)) + nat(t) + dst
                } else {
                    nat(0)
                };
                Some((n.clone(), h))
            }
        }
    }
}

impl Oracle for ClosedForm {
    fn source(&self) -> String {
        self.source.clone()
    }
    fn method(&self) -> Method {
        Method::ClosedForm
    }
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        Ok(self.is_p_nat(x, y))
    }
    /// At most [`WINNING_MOVES_CAP`] P-options (all when there are fewer).
    fn winning_moves(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(Natural, Natural)>, SolveError> {
        Ok(self.moves(x, y))
    }
    fn pair(&self, n: &Natural) -> Result<Option<(Natural, Natural)>, SolveError> {
        Ok(self.pair_nat(n))
    }
    fn limits(&self) -> Option<String> {
        Some(cap_note())
    }
}

fn cap_note() -> String {
    format!(
        "winning moves: at most {WINNING_MOVES_CAP} are listed (the shortest of each kind first); \
         the P-set is dense, so a position may have many more"
    )
}

/// Even-Odd as the mirror image of Odd-Even (seed 003, section 6: "if `(x, y)` is
/// a P-position of OEW, then `(y, x)` is a P-position of EOW").
struct Mirror {
    source: String,
    inner: ClosedForm,
}

impl Oracle for Mirror {
    fn source(&self) -> String {
        self.source.clone()
    }
    fn method(&self) -> Method {
        Method::ClosedForm
    }
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        Ok(self.inner.is_p_nat(y, x))
    }
    /// At most [`WINNING_MOVES_CAP`] P-options (all when there are fewer).
    fn winning_moves(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(Natural, Natural)>, SolveError> {
        let mut v: Vec<_> = self
            .inner
            .moves(y, x)
            .into_iter()
            .map(|(a, b)| (b, a))
            .collect();
        v.sort();
        Ok(v)
    }
    /// The paper's sequences `(A_n, B_n)` (Corollary 23) or `(E_n, H_n)`
    /// (Corollary 24); the P-positions are `(B_n, A_n)`, `(B_n + 1, A_n)`.
    fn pair(&self, n: &Natural) -> Result<Option<(Natural, Natural)>, SolveError> {
        Ok(self.inner.pair_nat(n))
    }
    fn limits(&self) -> Option<String> {
        Some(cap_note())
    }
}

mod even_even;
#[cfg(test)]
mod tests;

use even_even::{EvenEven, EvenKind};

// ---------------------------------------------------------------------------
// Construction and dispatch.
// ---------------------------------------------------------------------------

/// The four parity games of seed 003.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ParityGame {
    OddOdd,
    EvenEven,
    OddEven,
    EvenOdd,
}

fn classify(h: &LengthSet, v: &LengthSet, d1: &LengthSet, d2: &LengthSet) -> Option<ParityGame> {
    let (odd, even) = (LengthSet::odd(), LengthSet::even());
    if h != d1 || v != d2 {
        return None;
    }
    match (*h == odd, *h == even, *v == odd, *v == even) {
        (true, _, true, _) => Some(ParityGame::OddOdd),
        (_, true, _, true) => Some(ParityGame::EvenEven),
        (true, _, _, true) => Some(ParityGame::OddEven),
        (_, true, true, _) => Some(ParityGame::EvenOdd),
        _ => None,
    }
}

fn odd_even(s: u64, t: u64, convention: Convention, mirrored: bool) -> ClosedForm {
    let rules = ParityRules {
        p1: Par::Odd,
        p2: Par::Even,
        s,
        t,
    };
    let c = nat(t) + nat(delta_sum(s, t));
    let (num, families, pair, what) = match (s == 1 && t == 1, convention) {
        (true, Convention::Normal) => (
            if mirrored {
                "Corollary 21"
            } else {
                "Theorem 17"
            },
            vec![
                Family::Box(Prog::parity(Par::Even, 0), Prog::range(0, 1)),
                Family::Box(Prog::parity(Par::Odd, 1), Prog::range(2, 3)),
            ],
            PairKind::None,
            "P = {(2n, 0), (2n, 1), (2n+1, 2), (2n+1, 3)}",
        ),
        (true, Convention::Misere) => (
            if mirrored {
                "Corollary 22"
            } else {
                "Theorem 18"
            },
            vec![
                Family::Box(Prog::parity(Par::Even, 0), Prog::range(2, 3)),
                Family::Box(Prog::parity(Par::Odd, 1), Prog::range(0, 1)),
            ],
            PairKind::None,
            "P = {(2n, 2), (2n, 3), (2n+1, 0), (2n+1, 1)}",
        ),
        (false, Convention::Normal) => (
            if mirrored {
                "Corollary 23"
            } else {
                "Theorem 19"
            },
            vec![
                Family::Box(Prog::parity(Par::Even, 0), Prog::range(0, 1)),
                Family::Graph {
                    x: Prog::parity(Par::Odd, 1),
                    x0: 0,
                    c: c.clone(),
                    es: [0, 1],
                },
            ],
            PairKind::Thm19,
            "P = {(A_n, B_n), (A_n, B_n + 1)}, A_n = n, B_n = delta_n (s n + t + delta_{s+t})",
        ),
        (false, Convention::Misere) => (
            if mirrored {
                "Corollary 24"
            } else {
                "Theorem 20"
            },
            vec![
                Family::Box(Prog::range(0, 0), Prog::range(2, 3)),
                Family::Box(Prog::parity(Par::Odd, 1), Prog::range(0, 1)),
                Family::Graph {
                    x: Prog::parity(Par::Even, 2),
                    x0: 1,
                    c: c.clone(),
                    es: [0, 1],
                },
            ],
            PairKind::Thm20,
            "P = {(0, 2), (0, 3)} u {(E_n, H_n), (E_n, H_n + 1) : n >= 1}, E_n = n, \
             H_n = (1 - delta_n)(s E_n - s + t + delta_{s+t})",
        ),
    };
    let section = if mirrored {
        "section 6 (Even-Odd (s,t)-Wythoff, the mirror image of Odd-Even: positions (y, x))"
    } else {
        "section 5 (Odd-Even (s,t)-Wythoff)"
    };
    ClosedForm {
        source: format!("seed 003, {section}, {num}, {convention}, s = {s}, t = {t}: {what}"),
        rules,
        families,
        pair,
    }
}

fn odd_odd(s: u64, t: u64, convention: Convention) -> ClosedForm {
    let rules = ParityRules {
        p1: Par::Odd,
        p2: Par::Odd,
        s,
        t,
    };
    let (num, families, what) = match convention {
        Convention::Normal => (
            "Theorem 7",
            vec![Family::Box(
                Prog::parity(Par::Even, 0),
                Prog::parity(Par::Even, 0),
            )],
            "P = all (even, even)",
        ),
        Convention::Misere => (
            "Theorem 9",
            vec![
                Family::Box(Prog::range(0, 0), Prog::parity(Par::Odd, 1)),
                Family::Box(Prog::parity(Par::Odd, 1), Prog::range(0, 0)),
                Family::Box(Prog::parity(Par::Even, 2), Prog::parity(Par::Even, 2)),
            ],
            "P = {(0, 2p+1), (2p+1, 0)} u {(2m, 2n) : m, n >= 1}",
        ),
    };
    ClosedForm {
        source: format!(
            "seed 003, section 3 (Odd-Odd (s,t)-Wythoff), {num}, {convention}, s = {s}, t = {t}: {what}"
        ),
        rules,
        families,
        pair: PairKind::None,
    }
}

fn build(game: ParityGame, s: u64, t: u64, convention: Convention) -> Option<Box<dyn Oracle>> {
    if s == 0 || t == 0 {
        return None; // the theorems are stated for s, t >= 1
    }
    Some(match game {
        ParityGame::OddOdd => Box::new(odd_odd(s, t, convention)),
        ParityGame::OddEven => Box::new(odd_even(s, t, convention, false)),
        ParityGame::EvenOdd => {
            let inner = odd_even(s, t, convention, true);
            Box::new(Mirror {
                source: inner.source.clone(),
                inner,
            })
        }
        ParityGame::EvenEven => {
            let kind = match convention {
                Convention::Normal => EvenKind::Normal,
                Convention::Misere if s == 1 && t <= 2 => EvenKind::MisereB,
                Convention::Misere => EvenKind::MisereA,
            };
            Box::new(EvenEven::new(kind, s, t))
        }
    })
}

/// The seed-003 oracle of a catalogue game, if one of the paper's theorems
/// covers it: `odd-odd`, `even-even`, `odd-even`, `even-odd` (any `s, t >= 1`),
/// and `restricted` when `h = d1` and `v = d2` are parity sets.
pub fn for_game(entry: &str, params: &Params, convention: Convention) -> Option<Box<dyn Oracle>> {
    let game = match entry {
        "odd-odd" => ParityGame::OddOdd,
        "even-even" => ParityGame::EvenEven,
        "odd-even" => ParityGame::OddEven,
        "even-odd" => ParityGame::EvenOdd,
        "restricted" => classify(
            params.set_opt("h")?,
            params.set_opt("v")?,
            params.set_opt("d1")?,
            params.set_opt("d2")?,
        )?,
        _ => return None,
    };
    let ints = params.ints();
    let (s, t) = (*ints.get("s")?, *ints.get("t")?);
    build(game, s, t, convention)
}
