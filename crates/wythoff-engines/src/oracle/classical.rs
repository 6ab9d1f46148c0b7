//! Oracles of the classical games and of seeds 000, 001 and 002.
//!
//! | game | P-positions | source |
//! |---|---|---|
//! | `nim` | `x = y` | Bouton 1901 |
//! | `wythoff` | `{a_n, b_n}`, Beatty pair `m = p = 1` | Wythoff 1907; seed 000 eq. (2)-(3) |
//! | `m-wythoff:m` | Beatty pair `(m, 1)` | Fraenkel 1982; seed 000 section 1.2 |
//! | `st-wythoff:s,t` | `s = 1`: Beatty pair `(t, 1)`; else mex recurrence `B_n = s A_n + t n` | Fraenkel; seed 003 section 1.2 |
//! | `connell:p` | Beatty pair `(1, p)` | Connell 1959; seed 000 section 1.4, Theorem 2.1 (ii a) with m = 1 |
//! | `roob-blocking:m,p` (`l = m`) | Beatty pair `(m, p)` | seed 000, Theorem 2.1 (i) |
//! | `modulo-rook:m,l,p` | `l <= 1`, `gcd(m,p) = 1`: `(m, p)`; `l = m`, `m | p`: `(m, p/m)`; `l = p`: `(m, 1)` | seed 000, Theorem 2.1 (ii a), (ii b); Definition 4 (ii) |
//! | `shifted:m,p,l` | `{(b_{ip+l}, a_{ip+l})} u {(a_{ip-l}, b_{ip-l}) : i > 0}` (the printed formula mirrored, see [`BeattySet::shifted`]) | seed 000, Theorem 2.1 (iii a) |
//! | `choose-shift:m,p` | Beatty pair `(m, p)` | seed 000, Theorem 2.1 (iii b) |
//! | `modular:m` | Wythoff pairs with smaller pile `< m` | seed 001, Theorem 5, Corollary 6 |
//! | `diagonal-blocking:p,m` | `p | m`: `(p a'_n + r, p b'_n + r)`, `(a', b')` the `(m/p, 1)` pair; else mex recurrence `b_n = a_n + floor(n/p) m` | seed 002, Proposition 1 and the remark after it |
//!
//! Misère play: none of the three papers states a misère solution of these games
//! (seed 003 only cites [13] for misère Wythoff and a-Wythoff without stating it),
//! so no misère oracle is given; the general solver answers misère questions.

use super::beatty::Beatty;
use super::pset::{
    p_options, BeattySet, FiniteSet, PSet, RecurrenceSet, Scaled, Second, RECURRENCE_MAX_VALUE,
};
use super::{Method, Oracle};
use crate::catalogue::{self, Params};
use crate::error::SolveError;
use crate::rules::{Convention, Rules};
use crate::sets::gcd;
use malachite_base::num::arithmetic::traits::DivMod;
use malachite_nz::natural::Natural;
use std::sync::Arc;

/// How the `n`-th pair is produced.
enum PairGen {
    /// `(a_n, b_n)` of a seed 000 Beatty pair.
    Beatty(Beatty),
    /// `(q a'_{n/q} + n mod q, q b'_{n/q} + n mod q)` (seed 002, `p | m`).
    Scaled(Beatty, u64),
    Recurrence(Arc<RecurrenceSet>),
    /// A finite list of pairs.
    Finite(Vec<(u64, u64)>),
    /// `(n, n)`.
    Nim,
}

struct Variant {
    rules: Rules,
    set: Arc<dyn PSet>,
}

/// An oracle made of a P-set and the game's rules (one entry per variant).
struct SetOracle {
    source: String,
    method: Method,
    /// The P-set of the game (of the choice, for choice games).
    set: Arc<dyn PSet>,
    variants: Vec<Variant>,
    pairs: PairGen,
    limits: Option<String>,
}

impl SetOracle {
    fn check_board(&self, x: &Natural, y: &Natural) -> Result<(), SolveError> {
        let on = self
            .variants
            .iter()
            .any(|v| super::pset::BigRules(&v.rules).on_board(x, y));
        if on {
            Ok(())
        } else {
            Err(SolveError::BadInput(format!(
                "({x}, {y}) lies in the removed corner of every variant: it is not a position of this game"
            )))
        }
    }
}

impl Oracle for SetOracle {
    fn source(&self) -> String {
        self.source.clone()
    }
    fn method(&self) -> Method {
        self.method
    }
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        self.check_board(x, y)?;
        self.set.is_p(x, y)
    }
    fn winning_moves(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(Natural, Natural)>, SolveError> {
        Ok(super::moves_of(self.p_options(x, y)?))
    }
    fn p_options(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(Natural, Natural, bool)>, SolveError> {
        self.check_board(x, y)?;
        if self.variants.len() == 1 {
            let v = &self.variants[0];
            return p_options(v.set.as_ref(), &v.rules, x, y);
        }
        // a choice game: the union over the variants whose board holds (x, y)
        let mut out = Vec::new();
        for (_, moves) in self.winning_moves_by_variant(x, y)? {
            out.extend(moves.into_iter().map(|(a, b)| (a, b, false)));
        }
        out.sort();
        out.dedup();
        Ok(out)
    }
    fn row_positions(
        &self,
        x: &Natural,
        lt: Option<&Natural>,
    ) -> Result<Option<Vec<Natural>>, SolveError> {
        // one set of rules: its set's column query (a choice game's P-set is
        // not one set of pairs)
        match self.variants.as_slice() {
            [v] => {
                let lt = lt.cloned().unwrap_or_else(|| super::pset::whole_line(x));
                let mut ys = v.set.col(x, &lt)?;
                ys.retain(|y| super::pset::BigRules(&v.rules).on_board(x, y));
                Ok(Some(ys))
            }
            _ => Ok(None),
        }
    }
    fn winning_moves_by_variant(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(usize, Vec<(Natural, Natural)>)>, SolveError> {
        self.check_board(x, y)?;
        let mut out = Vec::new();
        for (i, v) in self.variants.iter().enumerate() {
            if !super::pset::BigRules(&v.rules).on_board(x, y) {
                continue;
            }
            let moves = p_options(v.set.as_ref(), &v.rules, x, y)?
                .into_iter()
                .map(|(a, b, _)| (a, b))
                .collect();
            out.push((i, moves));
        }
        Ok(out)
    }
    fn pair(&self, n: &Natural) -> Result<Option<(Natural, Natural)>, SolveError> {
        Ok(Some(match &self.pairs {
            PairGen::Beatty(bt) => (bt.a(n), bt.b(n)),
            PairGen::Scaled(bt, q) => {
                let (i, r) = n.div_mod(Natural::from(*q));
                let qn = Natural::from(*q);
                (&qn * bt.a(&i) + &r, &qn * bt.b(&i) + &r)
            }
            PairGen::Recurrence(rec) => {
                let idx = u64::try_from(n)
                    .ok()
                    .filter(|&i| i < RECURRENCE_MAX_VALUE)
                    .ok_or_else(|| {
                        SolveError::TooLarge(format!(
                            "{}: index {n} is beyond the recurrence's reach (indexes below {RECURRENCE_MAX_VALUE})",
                            rec.what
                        ))
                    })?;
                let (a, b) = rec.pairs(idx + 1)?[idx as usize];
                (Natural::from(a), Natural::from(b))
            }
            PairGen::Finite(v) => {
                let idx = u64::try_from(n)
                    .ok()
                    .filter(|&i| i < v.len() as u64)
                    .ok_or_else(|| {
                        SolveError::BadInput(format!(
                        "this game has finitely many P-positions: {} pairs, indexes 0..{}; got {n}",
                        v.len(),
                        v.len()
                    ))
                    })?;
                let (a, b) = v[idx as usize];
                (Natural::from(a), Natural::from(b))
            }
            PairGen::Nim => (n.clone(), n.clone()),
        }))
    }
    fn pairs_u64(&self, count: u64) -> Result<Option<Vec<(u64, u64)>>, SolveError> {
        let overflow =
            || SolveError::TooLarge(format!("the first {count} terms do not fit in 64 bits"));
        match &self.pairs {
            PairGen::Beatty(bt) => bt.pairs_u64(count).map(Some).ok_or_else(overflow),
            PairGen::Scaled(bt, q) => {
                let inner = bt.pairs_u64(count.div_ceil(*q)).ok_or_else(overflow)?;
                let mut out = Vec::with_capacity(count as usize);
                for n in 0..count {
                    let (a, b) = inner[(n / q) as usize];
                    let r = n % q;
                    let f = |v: u64| v.checked_mul(*q).and_then(|v| v.checked_add(r));
                    out.push((f(a).ok_or_else(overflow)?, f(b).ok_or_else(overflow)?));
                }
                Ok(Some(out))
            }
            PairGen::Recurrence(rec) => rec.pairs(count).map(Some),
            PairGen::Finite(v) => {
                if count > v.len() as u64 {
                    return Err(SolveError::BadInput(format!(
                        "this game has finitely many P-positions: {} pairs; asked for {count}",
                        v.len()
                    )));
                }
                Ok(Some(v[..count as usize].to_vec()))
            }
            PairGen::Nim => Ok(Some((0..count).map(|n| (n, n)).collect())),
        }
    }
    fn limits(&self) -> Option<String> {
        self.limits.clone()
    }
}

/// Nim: P iff `x = y` (Bouton 1901).
struct NimSet;

impl PSet for NimSet {
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        Ok(x == y)
    }
    fn row(&self, y: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        Ok(if y < lt { vec![y.clone()] } else { vec![] })
    }
    fn col(&self, x: &Natural, lt: &Natural) -> Result<Vec<Natural>, SolveError> {
        Ok(if x < lt { vec![x.clone()] } else { vec![] })
    }
    fn diagonals(
        &self,
        _lo: &malachite_nz::integer::Integer,
        _hi: &malachite_nz::integer::Integer,
    ) -> Result<Option<Vec<super::pset::Pos>>, SolveError> {
        Err(SolveError::Unsupported("Nim has no two-pile moves".into()))
    }
    fn below(&self, _x: &Natural, _y: &Natural) -> Result<Vec<super::pset::Pos>, SolveError> {
        Err(SolveError::Unsupported("Nim has no two-pile moves".into()))
    }
}

/// The Wythoff pairs `(a_n, b_n)` with `a_n < m`: the P-positions of m-Modular
/// Wythoff (seed 001, Theorem 5); there are `floor(m / phi) + 1` of them
/// (`n = 0..=floor(m/phi)`), `2 floor(m/phi) + 1` positions (Corollary 6).
pub fn modular_pairs(m: u64) -> Vec<(u64, u64)> {
    let bt = Beatty::new(1, 1);
    let count = bt.count_a_le(&Natural::from(m - 1));
    let count = u64::try_from(&count).expect("below m");
    bt.pairs_u64(count).expect("small values")
}

fn rules_of(entry: &str, params: &Params, convention: Convention) -> Option<Vec<Rules>> {
    let e = catalogue::entry(entry)?;
    let game = (e.build)(params).ok()?.with_convention(convention);
    Some(game.variants().to_vec())
}

fn beatty_oracle(source: String, rules: Vec<Rules>, m: u64, p: u64) -> Box<dyn Oracle> {
    let set: Arc<dyn PSet> = Arc::new(BeattySet::symmetric(m, p));
    one_set_oracle(source, rules, set, PairGen::Beatty(Beatty::new(m, p)))
}

fn recurrence_oracle(
    source: String,
    rules: Vec<Rules>,
    second: Second,
    what: String,
) -> Box<dyn Oracle> {
    let rec = Arc::new(RecurrenceSet::new(second, what));
    let set: Arc<dyn PSet> = rec.clone();
    Box::new(SetOracle {
        source,
        method: Method::Recurrence,
        set: set.clone(),
        variants: rules.into_iter().map(|r| Variant { rules: r, set: set.clone() }).collect(),
        pairs: PairGen::Recurrence(rec),
        limits: Some(format!(
            "no closed form is known: answers come from the mex recurrence, computed up to pile sizes of {RECURRENCE_MAX_VALUE}"
        )),
    })
}

/// Why a catalogue game has no oracle here (for messages), if it has none.
pub fn no_oracle_reason(entry: &str, params: &Params, convention: Convention) -> Option<String> {
    if for_game(entry, params, convention).is_some() {
        return None;
    }
    let ints = params.ints();
    let get = |k: &str| ints.get(k).copied();
    Some(match (entry, convention) {
        (_, Convention::Misere) if catalogue::entry(entry).is_some() => {
            "no misère solution is stated in the papers for this game; the general solver answers".into()
        }
        ("roob-blocking", _) => format!(
            "mWN^p_l with l = {} != m: Remark 5 of seed 000 leaves its solution open",
            get("l").unwrap_or(0)
        ),
        ("modulo-rook", _) => "mWN^(l,p) outside Theorem 2.1 (ii): the paper's section 7 leaves it open (gcd(m,p) != 1 with l = 0, or 0 < l != m, or m not dividing p)".into(),
        ("corner", _) => "m x p WN_{u,v} (Remark 5 of seed 000) has no published solution".into(),
        ("blocking-wythoff", _) => format!(
            "k = {}: Larsson 2011 solves k = 2 and 3 only (for 4 <= k <= 20 it states conjectures about rays, see `patterns`)",
            get("k").unwrap_or(0)
        ),
        ("terminal-wythoff", _) => "Renard & Rigo characterise it by automata (see `prove`), not by a closed form implemented here".into(),
        _ => "no published solution is implemented as an oracle for this game".into(),
    })
}

/// One oracle whose every variant has the same P-set `set` (a closed form).
fn one_set_oracle(
    source: String,
    rules: Vec<Rules>,
    set: Arc<dyn PSet>,
    pairs: PairGen,
) -> Box<dyn Oracle> {
    Box::new(SetOracle {
        source,
        method: Method::ClosedForm,
        set: set.clone(),
        variants: rules
            .into_iter()
            .map(|r| Variant {
                rules: r,
                set: set.clone(),
            })
            .collect(),
        pairs,
        limits: None,
    })
}

/// The m-Wythoff Nim with the (l,p)-rook of seed 000 (Definition 4 (ii)), where Main
/// Theorem 2.1 (ii) gives its P-positions.
fn modulo_rook(m: u64, l: u64, p: u64, rules: Vec<Rules>) -> Option<Box<dyn Oracle>> {
    if l == p || p == 1 {
        // the (p,p)-rook (or a 1-rook) is the rook: m-Wythoff (Definition 4 (ii))
        Some(beatty_oracle(
            format!("seed 000, Definition 4 (ii): with l = p the game is m-Wythoff Nim (Fraenkel 1982), Beatty pair ({m}, 1)"),
            rules,
            m,
            1,
        ))
    } else if l <= 1 && gcd(m, p) == 1 {
        Some(beatty_oracle(
            format!("seed 000, Main Theorem 2.1 (ii a): P(mWN^(p)) = {{a_i, b_i}} since gcd(m, p) = gcd({m}, {p}) = 1 (l = {l} reads as the p-rook)"),
            rules,
            m,
            p,
        ))
    } else if l == m && p % m == 0 {
        Some(beatty_oracle(
            format!("seed 000, Main Theorem 2.1 (ii b): P(mWN^(m, mp')) = {{a_i, b_i}} with p' = p/m = {}, Beatty pair ({m}, {})", p / m, p / m),
            rules,
            m,
            p / m,
        ))
    } else {
        None
    }
}

/// See the module documentation for the table of games.
pub fn for_game(entry: &str, params: &Params, convention: Convention) -> Option<Box<dyn Oracle>> {
    if convention == Convention::Misere {
        return None;
    }
    let rules = rules_of(entry, params, convention)?;
    let ints = params.ints();
    let get = |k: &str| ints.get(k).copied();
    match entry {
        "nim" => {
            let set: Arc<dyn PSet> = Arc::new(NimSet);
            Some(one_set_oracle(
                "Bouton 1901: P iff x = y".into(),
                rules,
                set,
                PairGen::Nim,
            ))
        }
        "wythoff" => Some(beatty_oracle(
            "Wythoff 1907: (floor(n phi), floor(n phi^2)); seed 000 equations (2)-(3) with m = p = 1".into(),
            rules,
            1,
            1,
        )),
        "m-wythoff" => {
            let m = get("m")?;
            Some(beatty_oracle(
                format!("Fraenkel 1982: a_n = floor(n phi_m), b_n = a_n + m n (seed 000 section 1.2, p = 1), m = {m}"),
                rules,
                m,
                1,
            ))
        }
        "st-wythoff" => {
            let (s, t) = (get("s")?, get("t")?);
            if s == 1 {
                Some(beatty_oracle(
                    format!("(1,t)-Wythoff is t-Wythoff (Fraenkel 1982; seed 003 section 1.2): Beatty pair with m = {t}"),
                    rules,
                    t,
                    1,
                ))
            } else {
                Some(recurrence_oracle(
                    format!("Fraenkel's (s,t)-Wythoff (seed 003 section 1.2): A_n = mex, B_n = {s} A_n + {t} n"),
                    rules,
                    Second::Cone { s, t },
                    format!("st-wythoff:s={s},t={t}"),
                ))
            }
        }
        "connell" => {
            let p = get("p")?;
            Some(beatty_oracle(
                format!("Connell 1959; seed 000 section 1.4 and Main Theorem 2.1 (ii a) with m = 1: Beatty pair (m, p) = (1, {p})"),
                rules,
                1,
                p,
            ))
        }
        "roob-blocking" => {
            let (m, p) = (get("m")?, get("p")?);
            let l = get("l").unwrap_or(m);
            (l == m || p == 1).then(|| {
                beatty_oracle(
                    format!("seed 000, Main Theorem 2.1 (i): P(mWN^p) = {{a_i, b_i}}, Beatty pair (m, p) = ({m}, {p})"),
                    rules,
                    m,
                    p,
                )
            })
        }
        "modulo-rook" => {
            let (m, l, p) = (get("m")?, get("l")?, get("p")?);
            modulo_rook(m, l, p, rules)
        }
        "shifted" => {
            let (m, p, l) = (get("m")?, get("p")?, get("l")?);
            let set: Arc<dyn PSet> = Arc::new(BeattySet::shifted(m, p, l));
            Some(one_set_oracle(
                format!("seed 000, Main Theorem 2.1 (iii a), mirrored to fit the corner of Definition 4 (iiia): P(m x p WN_l) = {{(b_(ip+l), a_(ip+l)) : i >= 0}} u {{(a_(ip-l), b_(ip-l)) : i > 0}}, Beatty pair ({m}, {p}), l = {l}; pair(n) gives (a_n, b_n)"),
                rules,
                set,
                PairGen::Beatty(Beatty::new(m, p)),
            ))
        }
        "choose-shift" => {
            let (m, p) = (get("m")?, get("p")?);
            let set: Arc<dyn PSet> = Arc::new(BeattySet::symmetric(m, p));
            let variants = rules
                .into_iter()
                .enumerate()
                .map(|(l, r)| Variant {
                    rules: r,
                    set: Arc::new(BeattySet::shifted(m, p, l as u64)),
                })
                .collect();
            Some(Box::new(SetOracle {
                source: format!("seed 000, Main Theorem 2.1 (iii b): P(m x p WN) = {{a_i, b_i}}, Beatty pair ({m}, {p}); winning moves per variant l by (iii a)"),
                method: Method::ClosedForm,
                set,
                variants,
                pairs: PairGen::Beatty(Beatty::new(m, p)),
                limits: None,
            }))
        }
        "modular" => {
            let m = get("m")?;
            let pairs = modular_pairs(m);
            let set: Arc<dyn PSet> = Arc::new(FiniteSet { pairs: pairs.clone() });
            Some(one_set_oracle(
                format!(
                    "seed 001, Theorem 5 and Corollary 6: the Wythoff P-positions with smaller pile < {m}, {} of them",
                    2 * pairs.len() - 1
                ),
                rules,
                set,
                PairGen::Finite(pairs),
            ))
        }
        "diagonal-blocking" => {
            let (p, m) = (get("p")?, get("m")?);
            if m % p == 0 {
                let inner = BeattySet::symmetric(m / p, 1);
                let set: Arc<dyn PSet> = Arc::new(Scaled { inner, q: p });
                Some(one_set_oracle(
                    format!("seed 002, Proposition 1 and the remark after it: p | m, so the P-positions are (p a'_n + r, p b'_n + r), 0 <= r < p, with (a', b') the (1, m/p)-Wythoff pairs; p = {p}, m/p = {}", m / p),
                    rules,
                    set,
                    PairGen::Scaled(Beatty::new(m / p, 1), p),
                ))
            } else {
                Some(recurrence_oracle(
                    format!("seed 002, Proposition 1 (a): a_n = mex{{a_i, b_i}}, b_n = a_n + floor(n/{p}) {m} (no Beatty form since {p} does not divide {m})"),
                    rules,
                    Second::DiagonalBlocking { p, m },
                    format!("diagonal-blocking:p={p},m={m}"),
                ))
            }
        }
        _ => None,
    }
}
