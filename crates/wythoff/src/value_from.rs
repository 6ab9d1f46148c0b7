//! `sequence wythoff --value g --from N`: the pairs `(a^g_n, b^g_n)`,
//! `n = N .. N + terms - 1`, of Wythoff's positions of Grundy value `g`
//! (`a <= b`, by increasing `a`, as [`crate::sequences::value_pairs`] lists
//! them), far from the start when the answer allows it.
//!
//! **What each answer rests on** ([`FromBasis`]):
//!
//! - `g = 0`: **proved**. The pairs are Wythoff's P-positions,
//!   `a_n = floor(n phi)`, `b_n = a_n + n = floor(n phi^2)` (Wythoff 1907),
//!   computed exactly with integer square roots ([`wythoff_pair`]:
//!   `floor(n phi) = floor((n + isqrt(5 n^2)) / 2)`, no floating point), for
//!   every `n <= 10^18` in `O(1)` arithmetic operations.
//! - `g >= 1`: **computed**. The level kernel (values `0..=g`) on the board of
//!   [`crate::sequences::value_pairs_plan`] for the `N + terms` first pairs; the
//!   rows below the plan's `rows` hold their `g`-position on the board (the row
//!   certificate's reach), so the pairs are exact. Its cost grows with `N`
//!   (`O(g N)` memory and time): a request over the budget is refused.
//!
//! **Not built: Nivasch's recursive algorithm.** Nivasch (*More on the
//! Sprague–Grundy function for Wythoff's game*, Games of No Chance 3, MSRI
//! Publications 56, 2009, pp. 377–410) proves that the `g`-values lie within a
//! bounded distance of the 0-values, and states a *convergence conjecture*
//! under which, for each `g` it holds for, a recursive algorithm finds the
//! `n`-th `g`-value in `O(log n)` arithmetic operations (a modification of
//! Blass and Fraenkel's for the 1-values). The statements of that conjecture
//! and of that algorithm were not available to this project (the stored copies
//! of the paper give its abstract and its section titles only), so no answer
//! here rests on them: a far `N` with `g >= 1` is refused, and the refusal says
//! so. docs/games.md, section 3.

use crate::error::{Arg, Message, SolveError};
use crate::sequences::{value_pairs, value_pairs_plan, ValuePairsPlan};
use crate::solve::{cost, stream};
use crate::subject::Subject;

/// The largest index `n` answered (`--from N`, the last pair included): 10^18.
pub const MAX_VALUE_INDEX: u64 = 1_000_000_000_000_000_000;

/// Where the paper's algorithm is, and why it is not used: the refusal's words
/// and the JSON's `nivasch` field.
pub const NIVASCH_NOT_BUILT: &str = "Nivasch's recursive O(log n) algorithm for the n-th g-value \
(Games of No Chance 3, MSRI Publ. 56, 2009, pp. 377-410), which rests on his convergence \
conjecture, is not built: its statement was not available";

/// What an answer of [`value_pairs_from`] rests on.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "basis", rename_all = "snake_case")]
pub enum FromBasis {
    /// `g = 0`: Wythoff's theorem, `(floor(n phi), floor(n phi^2))`, exact.
    Proved {
        /// The theorem and the arithmetic.
        rests_on: &'static str,
    },
    /// `g >= 1`: read off the level kernel's board.
    Computed {
        /// The board's side.
        board: u64,
        /// Every row below `rows` holds its `g`-position on the board.
        rows: u64,
    },
}

/// The theorem behind `g = 0`.
pub const WYTHOFF_THEOREM: &str = "Wythoff (1907): the P-positions are (floor(n phi), \
floor(n phi^2)); computed with integer square roots, floor(n phi) = floor((n + isqrt(5 n^2)) / 2)";

impl FromBasis {
    /// The basis in words (the CLI's note on standard error).
    pub fn words(&self, g: u64) -> String {
        match self {
            FromBasis::Proved { rests_on } => format!("proved: {rests_on}"),
            FromBasis::Computed { board, rows } => format!(
                "computed: the level kernel (values 0..={g}) on the board of {board} x {board}, \
                 every row below {rows} holding its {g}-position; no conjecture"
            ),
        }
    }
}

/// The plan (and, run, the answer's account) of [`value_pairs_from`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ValueFromPlan {
    pub value: u64,
    pub from: u64,
    pub terms: u64,
    #[serde(flatten)]
    pub basis: FromBasis,
    /// The level kernel's plan (`g >= 1`).
    #[serde(skip)]
    pub levels: Option<ValuePairsPlan>,
}

impl ValueFromPlan {
    /// The account as JSON: value, from, terms, basis and its fields,
    /// `conjecture` (null: no answer here rests on one) and `nivasch` (the
    /// paper's algorithm, not used).
    pub fn json(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).expect("plain data");
        v["conjecture"] = serde_json::Value::Null;
        v["nivasch"] = serde_json::Value::from(NIVASCH_NOT_BUILT);
        v
    }
    /// Refuse the level kernel's plan beyond `bound`, the refusal naming the
    /// algorithm that would answer far out.
    pub fn admit(&self, bound: cost::Bound) -> Result<(), SolveError> {
        match &self.levels {
            Some(p) => p.admit(bound).map_err(|e| self.far(e)),
            None => Ok(()),
        }
    }
    fn far(&self, e: SolveError) -> SolveError {
        far_refusal(self.value, e)
    }
}

/// A refusal of the level kernel for `g >= 1`, with the words of the missing
/// algorithm.
fn far_refusal(g: u64, e: SolveError) -> SolveError {
    match e {
        SolveError::ArgTooLarge(m) => SolveError::ArgTooLarge(m.text(format!(
            "; for g = {g} only the level kernel answers here ({NIVASCH_NOT_BUILT})"
        ))),
        other => other,
    }
}

/// `(floor(n phi), floor(n phi^2))`, exactly: `floor(n phi) = floor((n +
/// sqrt(5 n^2)) / 2) = floor((n + isqrt(5 n^2)) / 2)` (`sqrt(5 n^2)` is
/// irrational for `n > 0`, and `n` is whole), and `floor(n phi^2) = floor(n
/// phi) + n`. `5 n^2 < 2^128` for `n <= 10^18`; `None` beyond
/// [`MAX_VALUE_INDEX`].
pub fn wythoff_pair(n: u64) -> Option<(u64, u64)> {
    if n > MAX_VALUE_INDEX {
        return None;
    }
    let n = n as u128;
    let a = (n + (5 * n * n).isqrt()) / 2;
    let b = a + n;
    Some((u64::try_from(a).ok()?, u64::try_from(b).ok()?))
}

/// The subject must be Wythoff's game itself (the catalogue's `wythoff`, normal play).
fn check_wythoff(s: &Subject) -> Result<(), SolveError> {
    let is_wythoff = s.named.as_ref().is_some_and(|n| n.entry_name == "wythoff")
        && s.game
            .as_single()
            .is_some_and(|r| r.convention() == crate::rules::Convention::Normal);
    if is_wythoff {
        return Ok(());
    }
    Err(SolveError::BadArg(
        Message::new()
            .text(format!(
                "{}: the pairs of a value from an index (",
                crate::echo::shorten(&s.label)
            ))
            .name(Arg::From)
            .text(") are Wythoff's game's alone (`wythoff`, normal play)"),
    ))
}

/// The checks and the plan of [`value_pairs_from`]: Wythoff's game, `terms >=
/// 1`, the last index `from + terms - 1 <= 10^18`; `g = 0` proved, `g >= 1` the
/// level kernel's plan for `from + terms` pairs (refused over the largest board,
/// naming the missing algorithm).
pub fn value_from_plan(
    s: &Subject,
    g: u64,
    from: u64,
    terms: u64,
) -> Result<ValueFromPlan, SolveError> {
    check_wythoff(s)?;
    crate::limits::check_terms(terms)?;
    let last = from
        .checked_add(terms - 1)
        .filter(|&l| l <= MAX_VALUE_INDEX);
    let Some(last) = last else {
        // the domain of the answer, not a resource: a bad argument
        return Err(SolveError::BadArg(
            Message::new()
                .value(Arg::From, from)
                .text(" ")
                .value(Arg::Terms, terms)
                .text(format!(
                    ": the last index would be over the largest one answered (10^18 = {MAX_VALUE_INDEX})"
                )),
        ));
    };
    if g == 0 {
        return Ok(ValueFromPlan {
            value: 0,
            from,
            terms,
            basis: FromBasis::Proved {
                rests_on: WYTHOFF_THEOREM,
            },
            levels: None,
        });
    }
    let count = last + 1;
    // the level kernel's board holds the rows below 2 count + 16
    // (`value_pairs_plan`); said here with `--from`, not its `--terms`
    let rows = count.saturating_mul(2).saturating_add(16);
    if rows >= crate::limits::MAX_LEVELS_BOARD {
        return Err(far_refusal(
            g,
            SolveError::ArgTooLarge(
                Message::new()
                    .value(Arg::Value, g)
                    .text(" ")
                    .value(Arg::From, from)
                    .text(format!(
                        ": the level kernel would list the {count} first pairs on a board holding \
                         the rows below {rows}: over its largest board ({})",
                        crate::limits::MAX_LEVELS_BOARD
                    )),
            ),
        ));
    }
    if g > crate::limits::MAX_LEVEL_VALUE {
        // the level kernel's own refusal of the value
        value_pairs_plan(s, g, 1)?;
    }
    let p = value_pairs_plan(s, g, count).map_err(|e| match e {
        // the board's limit, said with `--from` (not the kernel's `--terms`)
        SolveError::ArgTooLarge(_) => far_refusal(
            g,
            SolveError::ArgTooLarge(
                Message::new()
                    .value(Arg::Value, g)
                    .text(" ")
                    .value(Arg::From, from)
                    .text(format!(
                        ": the level kernel's board for the {count} first pairs (the rows below \
                         {rows}, each with its {g}-position) is over its largest board ({})",
                        crate::limits::MAX_LEVELS_BOARD
                    )),
            ),
        ),
        e => e,
    })?;
    Ok(ValueFromPlan {
        value: g,
        from,
        terms,
        basis: FromBasis::Computed {
            board: p.levels.n,
            rows: p.rows,
        },
        levels: Some(p),
    })
}

/// The pairs `(n, a^g_n, b^g_n)`, `n = from .. from + terms - 1`, of Wythoff's
/// positions of value `g`, to `sink`, and what they rest on ([`FromBasis`]).
/// `g = 0`: the exact closed form at any `n <= 10^18`. `g >= 1`: the level
/// kernel for the `from + terms` first pairs, admitted against `bound` (its
/// board may be doubled when it holds too few pairs: the plan returned is the
/// one that ran). Never a panic: every refusal is an error.
pub fn value_pairs_from(
    s: &Subject,
    g: u64,
    from: u64,
    terms: u64,
    bound: cost::Bound,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, u64, u64),
) -> Result<ValueFromPlan, SolveError> {
    let mut plan = value_from_plan(s, g, from, terms)?;
    if g == 0 {
        for n in from..=from + (terms - 1) {
            let (a, b) = wythoff_pair(n).expect("checked: n <= 10^18");
            sink(n, a, b);
        }
        return Ok(plan);
    }
    plan.admit(bound)?;
    let count = from + terms;
    let mut n = 0u64;
    let ran = value_pairs(s, g, count, bound, progress, &mut |a, b| {
        if n >= from {
            sink(n, a, b);
        }
        n += 1;
    })
    .map_err(|e| far_refusal(g, e))?;
    plan.basis = FromBasis::Computed {
        board: ran.levels.n,
        rows: ran.rows,
    };
    plan.levels = Some(ran);
    Ok(plan)
}

/// The `n`-th pair of value `g` alone ([`value_pairs_from`] with one term):
/// `(a, b, account)`.
pub fn value_position(
    s: &Subject,
    g: u64,
    n: u64,
    bound: cost::Bound,
    progress: stream::Progress,
) -> Result<(u64, u64, ValueFromPlan), SolveError> {
    let mut got = (0, 0);
    let plan = value_pairs_from(s, g, n, 1, bound, progress, &mut |_, a, b| got = (a, b))?;
    Ok((got.0, got.1, plan))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subject(name: &str) -> Subject {
        Subject::parse(name, false).unwrap()
    }

    fn unbounded() -> cost::Bound {
        cost::Bound::unbounded()
    }

    /// The level kernel's first `terms` pairs of value `g` (the reference).
    fn kernel_pairs(g: u64, terms: u64) -> Vec<(u64, u64)> {
        let mut v = Vec::new();
        value_pairs(
            &subject("wythoff"),
            g,
            terms,
            unbounded(),
            &mut |_, _| {},
            &mut |a, b| v.push((a, b)),
        )
        .unwrap();
        v
    }

    fn from_pairs(g: u64, from: u64, terms: u64) -> (Vec<(u64, u64, u64)>, ValueFromPlan) {
        let mut v = Vec::new();
        let p = value_pairs_from(
            &subject("wythoff"),
            g,
            from,
            terms,
            unbounded(),
            &mut |_, _| {},
            &mut |n, a, b| v.push((n, a, b)),
        )
        .unwrap();
        (v, p)
    }

    #[test]
    fn nivasch_value_zero_closed_form_equals_the_level_kernel() {
        // the closed form against the level kernel's 0-pairs (mex on the
        // board), n < 10^6
        let terms = 1_000_000u64;
        let want = kernel_pairs(0, terms);
        for (n, &(a, b)) in want.iter().enumerate() {
            assert_eq!(wythoff_pair(n as u64), Some((a, b)), "n = {n}");
        }
        let (got, p) = from_pairs(0, 0, terms);
        assert!(matches!(p.basis, FromBasis::Proved { .. }));
        assert_eq!(got.len() as u64, terms);
        assert!(got
            .iter()
            .zip(&want)
            .all(|(&(_, a, b), &(wa, wb))| (a, b) == (wa, wb)));
    }

    #[test]
    fn nivasch_value_zero_at_large_n_is_floor_n_phi() {
        // floor(n phi) checked against rational bounds of phi at each n:
        // 2 a <= n + sqrt(5) n < 2 a + 2 holds iff (2a - n)^2 <= 5 n^2 < (2a + 2 - n)^2
        for n in [
            1u64,
            2,
            1_000,
            999_999_999_999,
            123_456_789_012_345_678,
            MAX_VALUE_INDEX - 1,
            MAX_VALUE_INDEX,
        ] {
            let (a, b) = wythoff_pair(n).unwrap();
            let (a, n2) = (a as u128, n as u128);
            let lo = 2 * a - n2;
            let hi = 2 * a + 2 - n2;
            assert!(lo * lo <= 5 * n2 * n2 && 5 * n2 * n2 < hi * hi, "n = {n}");
            assert_eq!(b as u128, a + n2);
        }
        // Wythoff's pair for n = 10^18, known digits of phi:
        // phi = 1.6180339887498948482045868343656381177...
        assert_eq!(
            wythoff_pair(MAX_VALUE_INDEX),
            Some((1_618_033_988_749_894_848, 2_618_033_988_749_894_848))
        );
        assert_eq!(wythoff_pair(MAX_VALUE_INDEX + 1), None);
    }

    #[test]
    fn nivasch_from_equals_the_kernels_pairs_for_g_1_to_4() {
        for g in 1..=4u64 {
            let want = kernel_pairs(g, 3_000);
            for (from, terms) in [(0u64, 3_000u64), (1, 5), (1234, 17), (2_999, 1)] {
                let (got, p) = from_pairs(g, from, terms);
                assert!(matches!(p.basis, FromBasis::Computed { .. }), "{g}");
                assert_eq!(got.len() as u64, terms);
                for &(n, a, b) in &got {
                    assert_eq!((a, b), want[n as usize], "g = {g}, n = {n}");
                }
                assert_eq!(got[0].0, from);
            }
        }
    }

    #[test]
    fn nivasch_refusals_are_errors() {
        let w = subject("wythoff");
        let b = cost::Bound::cli(false);
        // over 10^18
        let e = value_from_plan(&w, 0, MAX_VALUE_INDEX + 1, 1).unwrap_err();
        assert!(matches!(e, SolveError::BadArg(_)), "{e}");
        assert!(e.to_string().contains("10^18"), "{e}");
        let e = value_from_plan(&w, 0, MAX_VALUE_INDEX, 2).unwrap_err();
        assert!(e.to_string().contains("10^18"), "{e}");
        let e = value_from_plan(&w, 0, u64::MAX, u64::MAX).unwrap_err();
        assert!(matches!(e, SolveError::BadArg(_)), "{e}"); // terms over MAX_TERMS
                                                            // g >= 1 far out: the plan is refused and names the missing algorithm
        let e = value_from_plan(&w, 1, MAX_VALUE_INDEX, 1)
            .and_then(|p| p.admit(b))
            .unwrap_err();
        let m = e.to_string();
        assert!(m.contains("Nivasch") && m.contains("conjecture"), "{m}");
        let e = value_position(&w, 4, 1 << 40, b, &mut |_, _| {}).unwrap_err();
        assert!(e.to_string().contains("not built"), "{e}");
        // the level kernel's largest board, said with --from
        let e = value_from_plan(&w, 4, 100_000_000, 1).unwrap_err();
        let m = e.to_string();
        assert!(
            m.contains("--from 100000000") && !m.contains("--terms") && m.contains("Nivasch"),
            "{m}"
        );
        // a value out of the level kernel's range
        let e = value_from_plan(&w, 1 << 40, 0, 1).unwrap_err();
        assert!(e.to_string().contains("out of range"), "{e}");
        // another game, misère Wythoff
        for name in ["nim", "m-wythoff:m=2"] {
            let e = value_from_plan(&subject(name), 0, 5, 1).unwrap_err();
            assert!(e.to_string().contains("Wythoff's game's alone"), "{e}");
        }
        let mis = Subject::parse("wythoff", true).unwrap();
        assert!(value_from_plan(&mis, 0, 5, 1).is_err());
    }
}
