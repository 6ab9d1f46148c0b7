//! The published result for one combination.

#[allow(unused_imports)]
use crate::catalogue::{self, parse_game, NamedGame, ParamKind};
#[allow(unused_imports)]
use crate::error::RuleError;

/// What a paper states for the parameters of one combination, compared with
/// the computed board.
///
/// - `applies`: the theorem makes a statement about these parameters. Where a
///   theorem is an "iff" (seed 000, Theorem 2.1 (ii a): `P = {a_i, b_i}` iff
///   `gcd(m, p) = 1`), the "only if" direction is a statement too: for
///   `gcd(m, p) > 1` the record has `applies = true` and the statement
///   "P != {a_i, b_i}".
/// - `agrees`: the board agrees with the statement, every cell compared
///   (for "P != ...": some cell of the board differs).
/// - Where the theorem does not cover the parameters but its formula is defined
///   (seed 000's open cases of section 7 and Remark 5), `applies = false` and
///   `agrees` says whether the board equals the formula anyway.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Theorem {
    pub source: String,
    /// The statement compared, in words.
    pub statement: String,
    pub applies: bool,
    pub agrees: bool,
}

/// Does `set` equal the P-cells of the board (cells off the board skipped)?
fn board_equals(
    game: &crate::rules::Game,
    t: &crate::solve::OutcomeTable,
    is_p: &dyn Fn(u64, u64) -> Result<bool, crate::error::SolveError>,
) -> Result<bool, crate::error::SolveError> {
    let n = t.size();
    for x in 0..n {
        for y in 0..n {
            if !game.on_some_board(x as u64, y as u64) {
                continue;
            }
            if is_p(x as u64, y as u64)? != t.is_p(x, y) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The published result for `named` (in its game's convention), compared with
/// the board `t` of that game; `None` where no paper states one.
pub fn theorem_on_board(
    named: &NamedGame,
    t: &crate::solve::OutcomeTable,
) -> Result<Option<Theorem>, crate::error::SolveError> {
    theorem_lazy(named, &mut || Ok(t.clone()))
}

/// [`theorem_on_board`], solving the board (`table()`) only where a paper states something.
pub fn theorem_lazy(
    named: &NamedGame,
    table: &mut dyn FnMut() -> Result<crate::solve::OutcomeTable, crate::error::SolveError>,
) -> Result<Option<Theorem>, crate::error::SolveError> {
    use crate::oracle::pset::{BeattySet, PSet};
    use crate::oracle::Natural;
    use crate::rules::Convention;
    let conv = named.game.convention();
    let seed000_open =
        conv == Convention::Normal && matches!(named.entry_name, "modulo-rook" | "roob-blocking");
    let oracle = crate::oracle::for_game(named.entry_name, &named.params, conv);
    if oracle.is_none() && !seed000_open {
        return Ok(None);
    }
    let t = &table()?;
    if let Some(o) = oracle {
        let agrees = board_equals(&named.game, t, &|x, y| {
            o.is_p(&Natural::from(x), &Natural::from(y))
        })?;
        return Ok(Some(Theorem {
            statement: "P = the published P-set".into(),
            source: o.source(),
            applies: true,
            agrees,
        }));
    }
    if conv != Convention::Normal {
        return Ok(None);
    }
    let ints = named.params.ints();
    let beatty = |m: u64, p: u64| -> Result<bool, crate::error::SolveError> {
        let set = BeattySet::symmetric(m, p);
        board_equals(&named.game, t, &|x, y| {
            set.is_p(&Natural::from(x), &Natural::from(y))
        })
    };
    match named.entry_name {
        "modulo-rook" => {
            let (m, l, p) = (ints["m"], ints["l"], ints["p"]);
            let g = crate::sets::gcd(m, p);
            if l <= 1 && g > 1 {
                let equal = beatty(m, p)?;
                Ok(Some(Theorem {
                    source: format!(
                        "seed 000, Main Theorem 2.1 (ii a), only if: gcd(m, p) = gcd({m}, {p}) = {g} > 1 (l = {l} reads as the p-rook)"
                    ),
                    statement: format!("P != {{a_i, b_i}}, the Beatty pair (m, p) = ({m}, {p})"),
                    applies: true,
                    agrees: !equal,
                }))
            } else {
                Ok(Some(Theorem {
                    source: format!(
                        "seed 000, Main Theorem 2.1 (ii) does not cover l = {l}, m = {m}, p = {p} (section 7: open)"
                    ),
                    statement: format!(
                        "outside the theorem: is P = {{a_i, b_i}}, the Beatty pair (m, p) = ({m}, {p})?"
                    ),
                    applies: false,
                    agrees: beatty(m, p)?,
                }))
            }
        }
        "roob-blocking" => {
            let (m, p) = (ints["m"], ints["p"]);
            let l = ints.get("l").copied().unwrap_or(m);
            Ok(Some(Theorem {
                source: format!(
                    "seed 000, Main Theorem 2.1 (i) is for l = m; l = {l}, m = {m} is Remark 5's mWN^p_l (open)"
                ),
                statement: format!(
                    "outside the theorem: is P = {{a_i, b_i}}, the Beatty pair (m, p) = ({m}, {p})?"
                ),
                applies: false,
                agrees: beatty(m, p)?,
            }))
        }
        _ => Ok(None),
    }
}

#[cfg(test)]
mod theorem_tests {
    use super::*;

    fn th(text: &str, n: usize) -> Option<Theorem> {
        let g = parse_game(text).unwrap();
        let t = crate::solve::outcomes(&g.game, n).unwrap();
        theorem_on_board(&g, &t).unwrap()
    }

    /// Theorem 2.1 (ii a) both ways, and an open case.
    #[test]
    fn seed000_theorem_2_1() {
        for m in 1..=4u64 {
            for p in 1..=6u64 {
                let t = th(&format!("modulo-rook:m={m},l=0,p={p}"), 120).unwrap();
                assert!(t.applies && t.agrees, "m={m} p={p}: {t:?}");
                let coprime = crate::sets::gcd(m, p) == 1;
                assert_eq!(t.statement.starts_with("P != "), !coprime, "{t:?}");
            }
        }
        let t = th("modulo-rook:m=2,l=3,p=4", 60).unwrap();
        assert!(!t.applies);
        let t = th("roob-blocking:m=2,p=3", 60).unwrap();
        assert!(t.applies && t.agrees);
        assert!(th("corner:m=1,p=2,u=1,v=3", 30).is_none());
        let g = parse_game("modulo-rook:m=2,l=0,p=4").unwrap();
        let mis = NamedGame {
            game: g.game.with_convention(crate::rules::Convention::Misere),
            ..g
        };
        let t = crate::solve::outcomes(&mis.game, 30).unwrap();
        assert!(theorem_on_board(&mis, &t).unwrap().is_none());
    }

    /// A wrong board makes `agrees` false.
    #[test]
    fn a_flipped_cell_disagrees() {
        let g = parse_game("m-wythoff:m=2").unwrap();
        let mut t = crate::solve::outcomes(&g.game, 40).unwrap();
        assert!(theorem_on_board(&g, &t).unwrap().unwrap().agrees);
        // flip (0, 0), P in m-Wythoff, to the value of (0, 1), an N-position
        assert!(t.is_p(0, 0) && !t.is_p(0, 1));
        let n_cell = t.cells()[1];
        t.set(0, 0, n_cell);
        assert!(!theorem_on_board(&g, &t).unwrap().unwrap().agrees);
    }
}
