//! `prove FAMILY --family PARAM`: is the P-set of a whole catalogue family,
//! the relation `(v, x, y)` with `v` the parameter, automatic? (issue 51 item
//! 2: one Walnut proof for every terminal set `x + y <= l` at once needs one
//! automaton of `(l, x, y)`.)
//!
//! The data is a function of two arguments, which the graph guesser of
//! [`guess_function`] takes: `row_top(v, x)`, the largest `y` with `(x, y)` a
//! P-position of the member `v` on its board. It is first-order definable from
//! the family's P-set with `v` free (the largest `y` in the relation), so an
//! automaton of the P-set would give one of `row_top` of at most the same
//! numeration: classes of `row_top` that keep growing with the data are
//! evidence (not a proof) against an automaton of the P-set in that
//! numeration. Where an automaton of `row_top` is found, it is a candidate
//! only: the statements with the parameter free are not written here.

use super::automaton::{guess_function, GuessRelation};
use super::error::{ProveArg, ProveError};
use super::numeration::Numeration;
use crate::catalogue::{entry, parse_game, ParamKind};
use crate::solve::cost::{Bound, Cost, PROCESS_BYTES};

/// The largest number of members (`--up-to`): the tables of `M` boards of
/// side `4 M` one after another, and the guess over `M x M` arguments.
pub const MAX_FAMILY: u64 = 1024;
/// The smallest `--up-to`: below it the guesser has too few digits of data.
pub const MIN_FAMILY: u64 = 16;
/// The bound on classes: the evidence is the count, so it is kept large.
pub const FAMILY_MAX_STATES: usize = 4096;

/// What to guess: the members `PARAM = lo .. lo + up_to - 1` of `family`
/// (catalogue text, its other parameters fixed), each on the board `4 up_to`.
#[derive(Clone, Debug)]
pub struct FamilyRequest {
    pub family: String,
    pub param: String,
    pub up_to: u64,
    pub numerations: Vec<Numeration>,
    pub max_states: usize,
}

/// The cost before any work: the members' boards and the guesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FamilyPlan {
    pub members: u64,
    pub board: u64,
    /// Estimated peak bytes (the process, one member's table, the values and
    /// one numeration's classes).
    pub memory: u64,
    /// Estimated seconds of computation (one thread).
    pub seconds: u64,
}

/// One numeration's answer.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FamilyTry {
    /// Walnut's name (`msd_fib`).
    pub numeration: String,
    /// In words (`Zeckendorf`).
    pub words: String,
    /// The states of the automaton of `row_top` found, if one was.
    pub states: Option<usize>,
    /// The most classes of prefixes told apart at one level (the evidence
    /// when none is found).
    pub classes: usize,
    /// Digits of the largest argument.
    pub digits: usize,
}

/// The answer: the family, the data's extent, one entry a numeration.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FamilyReport {
    pub family: String,
    pub param: String,
    /// The smallest value of the parameter taken (the catalogue's minimum):
    /// argument `v` of the data is the member `PARAM = first + v`.
    pub first: u64,
    pub up_to: u64,
    pub board: u64,
    pub max_states: usize,
    pub tries: Vec<FamilyTry>,
}

impl FamilyRequest {
    /// The numerations tried when none is named: Zeckendorf, bases 2 and 3.
    pub fn default_numerations() -> Vec<Numeration> {
        ["zeckendorf", "base:2", "base:3"]
            .iter()
            .map(|t| Numeration::parse(t).expect("a numeration this file names"))
            .collect()
    }

    /// The catalogue entry's minimum of the parameter, or why the request is
    /// refused (not a catalogue family, no such whole-number parameter, the
    /// parameter already fixed, `up_to` out of range).
    fn first(&self) -> Result<u64, ProveError> {
        if !(MIN_FAMILY..=MAX_FAMILY).contains(&self.up_to) {
            return Err(ProveError::bad(
                ProveArg::UpTo,
                self.up_to,
                format!("allowed {MIN_FAMILY} to {MAX_FAMILY} members"),
            ));
        }
        let (name, rest) = match self.family.split_once(':') {
            Some((n, r)) => (n.trim(), Some(r)),
            None => (self.family.trim(), None),
        };
        let e = entry(name).ok_or_else(|| {
            ProveError::bad(
                ProveArg::Family,
                &self.family,
                "--family takes a catalogue game (`wythoff games` lists them), not a rules file",
            )
        })?;
        let ints: Vec<&str> = e
            .params
            .iter()
            .filter(|p| matches!(p.kind, ParamKind::Int { .. }))
            .map(|p| p.key)
            .collect();
        let p = e
            .params
            .iter()
            .find(|p| p.key == self.param)
            .ok_or_else(|| {
                ProveError::bad(
                    ProveArg::Family,
                    &self.param,
                    format!(
                        "{name} has no such parameter; its whole-number parameters: {}",
                        if ints.is_empty() {
                            "none".to_string()
                        } else {
                            ints.join(", ")
                        }
                    ),
                )
            })?;
        let ParamKind::Int { min } = p.kind else {
            return Err(ProveError::bad(
                ProveArg::Family,
                &self.param,
                "not a whole-number parameter (a set): the family runs over whole numbers",
            ));
        };
        let given = rest.is_some_and(|r| {
            r.split(',').any(|kv| {
                kv.split_once('=')
                    .is_some_and(|(k, _)| k.trim() == self.param)
            })
        });
        if given {
            return Err(ProveError::bad(
                ProveArg::Family,
                &self.param,
                format!("{} fixes it: leave it out of the game", self.family),
            ));
        }
        Ok(min)
    }

    fn member(&self, value: u64) -> String {
        match self.family.split_once(':') {
            Some((n, r)) if !r.trim().is_empty() => format!("{n}:{r},{}={value}", self.param),
            _ => format!(
                "{}:{}={value}",
                self.family.trim().trim_end_matches(':'),
                self.param
            ),
        }
    }

    /// The plan: each member's board from its p-positions plan (the last
    /// member's, counted for every member), and the guesses at about 200
    /// bytes and 1 us a cell and numeration (measured for `prove --grundy`'s
    /// guesser, [`super::grundy::GuessPlan`]).
    pub fn plan(&self) -> Result<FamilyPlan, ProveError> {
        let first = self.first()?;
        let board = 4 * self.up_to;
        let last = parse_game(&self.member(first + self.up_to - 1))
            .map_err(|e| ProveError::bad(ProveArg::Family, &self.family, e.to_string()))?;
        let one = crate::solve::plan::p_positions_plan(&last.game, board);
        let cells = (self.up_to as u128) * (self.up_to as u128);
        let guess_bytes = cells * 200;
        let memory = (PROCESS_BYTES as u128 + one.memory as u128 + cells * 8 + guess_bytes)
            .min(u64::MAX as u128) as u64;
        let ms = (one.millis as u128) * (self.up_to as u128)
            + cells * (self.numerations.len() as u128) / 1000;
        Ok(FamilyPlan {
            members: self.up_to,
            board,
            memory,
            seconds: u64::try_from(ms.div_ceil(1000)).unwrap_or(u64::MAX),
        })
    }
}

/// Solve every member, read `row_top` off each board, and guess in each
/// numeration; `progress(done, members)` after each member. The plan is
/// admitted against `bound` first.
pub fn guess_family(
    req: &FamilyRequest,
    bound: Bound,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<FamilyReport, ProveError> {
    let plan = req.plan()?;
    Cost::of_board(
        "the family's boards and guesses",
        plan.board,
        plan.memory,
        plan.seconds,
    )
    .admit(bound)?;
    let (first, values) = family_values(req, plan.board, progress)?;
    Ok(FamilyReport {
        family: req.family.clone(),
        param: req.param.clone(),
        first,
        up_to: req.up_to,
        board: plan.board,
        max_states: req.max_states,
        tries: guess_values(
            &values,
            req.up_to as usize,
            &req.numerations,
            req.max_states,
        ),
    })
}

/// The data: `row_top(v, x)` at `v * up_to + x`, each member solved on the
/// board `board`, and the parameter's first value.
pub fn family_values(
    req: &FamilyRequest,
    board: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(u64, Vec<u64>), ProveError> {
    let first = req.first()?;
    let m = req.up_to as usize;
    let n = board as usize;
    let mut values = vec![0u64; m * m];
    for v in 0..m {
        let text = req.member(first + v as u64);
        let g = parse_game(&text)
            .map_err(|e| ProveError::bad(ProveArg::Family, &req.family, e.to_string()))?;
        let t = crate::solve::run::outcomes(&g.game, n)?;
        for x in 0..m {
            let top = (0..n).rev().find(|&y| t.is_p(x, y)).ok_or_else(|| {
                ProveError::CannotExpress {
                    game: text.clone(),
                    why: format!("row {x} has no P-position below {n}: the family's rows do not fit the board of 4 x --up-to"),
                }
            })?;
            // the largest P-position of a row must lie well inside the board:
            // one near its edge may have a larger one beyond it
            if top >= n - m {
                return Err(ProveError::CannotExpress {
                    game: text,
                    why: format!("row {x} has a P-position at y = {top}, within {m} of the board's edge {n}: its largest may lie beyond, and the data would be wrong"),
                });
            }
            values[v * m + x] = top as u64;
        }
        progress(v as u64 + 1, m as u64);
    }
    Ok((first, values))
}

/// The guess of the function `f(v, x) = values[v m + x]`, `v, x < m`, in each
/// numeration.
pub fn guess_values(
    values: &[u64],
    m: usize,
    numerations: &[Numeration],
    max_states: usize,
) -> Vec<FamilyTry> {
    let f = |a: &[u64]| values[a[0] as usize * m + a[1] as usize];
    numerations
        .iter()
        .map(|num| {
            let (states, classes, digits) = match guess_function(num, 2, m as u64, &f, max_states) {
                GuessRelation::Found(rel) => (Some(rel.states()), rel.states(), 0),
                GuessRelation::NotFound { largest, digits } => (None, largest, digits),
            };
            FamilyTry {
                numeration: num.walnut_name(),
                words: num.describe(),
                states,
                classes,
                digits,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nums() -> Vec<Numeration> {
        FamilyRequest::default_numerations()
    }

    /// An automatic function of two arguments is found (the found path), and
    /// a non-automatic one (`x * v`, whose classes grow) is not.
    #[test]
    fn the_guess_finds_an_automatic_function_and_not_a_product() {
        let m = 64;
        let sum: Vec<u64> = (0..m * m).map(|i| (i / m + i % m) as u64).collect();
        let tries = guess_values(&sum, m, &nums(), 500);
        let base2 = tries.iter().find(|t| t.numeration == "msd_2").unwrap();
        assert!(base2.states.is_some(), "{tries:?}");
        let product: Vec<u64> = (0..m * m).map(|i| ((i / m) * (i % m)) as u64).collect();
        let tries = guess_values(&product, m, &nums(), 500);
        assert!(tries.iter().all(|t| t.states.is_none()), "{tries:?}");
    }

    fn req(family: &str, param: &str, up_to: u64) -> FamilyRequest {
        FamilyRequest {
            family: family.into(),
            param: param.into(),
            up_to,
            numerations: nums(),
            max_states: 500,
        }
    }

    #[test]
    fn requests_are_checked() {
        assert!(req("terminal-wythoff", "l", 32).plan().is_ok());
        assert!(req("m-wythoff", "m", 32).first().is_ok_and(|f| f == 1));
        for (fam, p, up) in [
            ("terminal-wythoff", "l", 8),
            ("terminal-wythoff", "l", MAX_FAMILY + 1),
            ("terminal-wythoff", "k", 32),
            ("terminal-wythoff:l=3", "l", 32),
            ("no-such-game", "l", 32),
            ("nim", "l", 32),
        ] {
            assert!(req(fam, p, up).plan().is_err(), "{fam} {p} {up}");
        }
    }

    /// The data of terminal-wythoff: the largest P-position of row x is
    /// l - x in the terminal triangle x + y <= l, and the partner beyond it
    /// (Wythoff's (1, 2), (3, 5), (4, 7) at l = 0; (4, 8), (5, 10) at l = 3).
    #[test]
    fn the_families_read_their_rows() {
        let r = req("terminal-wythoff", "l", 16);
        let (first, v) = family_values(&r, 48, &mut |_, _| {}).unwrap();
        let at = |l: usize, x: usize| v[l * 16 + x];
        assert_eq!(first, 0);
        assert_eq!([at(0, 1), at(0, 3), at(0, 4), at(0, 7)], [2, 5, 7, 4]);
        assert_eq!(
            [at(3, 0), at(3, 1), at(3, 3), at(3, 4), at(3, 5), at(3, 8)],
            [3, 2, 0, 8, 10, 4]
        );
        // m-wythoff's partners run off the board of 3 x 16 (y about (m + 1) x):
        // refused, never a wrong value
        let r = req("m-wythoff", "m", 16);
        let e = family_values(&r, 48, &mut |_, _| {})
            .unwrap_err()
            .to_string();
        assert!(e.contains("m-wythoff:m=2") && e.contains("edge"), "{e}");
        // the whole pipeline on the smallest family
        let rep = guess_family(
            &req("terminal-wythoff", "l", 16),
            Bound::unbounded(),
            &mut |_, _| {},
        );
        assert!(rep.is_ok_and(|r| r.tries.len() == 3 && r.board == 64));
    }
}
