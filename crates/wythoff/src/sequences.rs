//! The sequence question (`wythoff sequence`): the pairs `(a_n, b_n)` that
//! define the P-positions, and which engine answers them (a bitmap mex kernel,
//! a game's exact oracle one term at a time, or pairs read off a solved
//! board). Below the front door ([`crate::answer`] re-exports it): `prove`
//! reads sequences here.

use crate::error::{Arg, Message, SolveError};
use crate::limits::{check_terms, MAX_ORACLE_TERMS};
use crate::mex_pairs;
use crate::oracle::{Natural, Oracle};
use crate::rules::Convention;
use crate::solve::{cost, human_bytes, memory_budget, stream};
use crate::subject::Subject;
use crate::Admit;

/// How [`sequence`] answers: a kernel, or the oracle one term at a time.
enum SeqEngine {
    Kernel(mex_pairs::SequenceSpec),
    Oracle(Box<dyn Oracle>),
    /// No published solution: pairs read off a solved board
    /// ([`crate::patterns::read_pairs`]).
    Board(Vec<(u64, u64)>),
}

/// `work`: the units the board reader may take ([`crate::board_pairs::READ_WORK`]
/// for `sequence`).
fn sequence_engine(
    s: &Subject,
    terms: u64,
    work: u64,
    progress: stream::Progress,
) -> Result<SeqEngine, SolveError> {
    check_terms(terms)?;
    let Some(named) = s.named.as_ref() else {
        return Err(SolveError::BadInput(
            "sequence needs a catalogue game (name:key=value,...), not a rules file".into(),
        ));
    };
    if s.convention() == Convention::Misere {
        return Err(SolveError::BadArg(
            Message::new()
                .text(format!(
                    "{}: the sequences (a_n, b_n) are those of normal play; misère P-positions are available with ",
                    s.label
                ))
                .misere_board(),
        ));
    }
    if let Some(spec) = mex_pairs::for_game(named)? {
        let est = mex_pairs::memory_estimate(&spec.kind, terms).unwrap_or(u64::MAX);
        if est > memory_budget() {
            return Err(SolveError::ArgTooLarge(
                Message::new().value(Arg::Terms, terms).text(format!(
                    ": the mex bitmap needs about {}, over the budget of {}: use fewer terms",
                    human_bytes(est),
                    human_bytes(memory_budget())
                )),
            ));
        }
        return Ok(SeqEngine::Kernel(spec));
    }
    if let Some(o) = pair_oracle(s) {
        if terms > MAX_ORACLE_TERMS {
            return Err(SolveError::ArgTooLarge(
                Message::new()
                    .text(format!(
                        "{}: no fast kernel, and the oracle is limited to ",
                        s.label
                    ))
                    .value(Arg::Terms, MAX_ORACLE_TERMS),
            ));
        }
        return Ok(SeqEngine::Oracle(o));
    }
    let pairs =
        crate::board_pairs::read_within(&s.game, terms, memory_budget(), work, false, progress)
            .map_err(|e| board_refusal(s, e))?;
    Ok(SeqEngine::Board(pairs))
}

/// The game's published solution, where it gives the pairs `(a_n, b_n)` (an
/// oracle of P-positions that are no pairs of sequences, Blocking Wythoff
/// Nim's `k = 2, 3`, leaves `sequence` to the board, as for a game without one).
fn pair_oracle(s: &Subject) -> Option<Box<dyn Oracle>> {
    // (some published sequences start at n = 1: Odd-Odd's)
    s.oracle().filter(|o| {
        [0u32, 1]
            .iter()
            .any(|&n| matches!(o.pair(&Natural::from(n)), Ok(Some(_))))
    })
}

/// Whether the game has a published solution that gives no pairs (Blocking
/// Wythoff's `k = 2, 3`, some of seed 003's): `sequence` reads such a game's
/// pairs off a board, `prove` does not (its boards of 2^12 to 2^18 pairs
/// would be solved for minutes where the P-set's own automaton is the road).
pub fn solution_without_pairs(s: &Subject) -> bool {
    s.oracle().is_some() && pair_oracle(s).is_none()
}

/// A refusal of the board reader ([`crate::board_pairs`]), worded for `s`.
fn board_refusal(s: &Subject, e: SolveError) -> SolveError {
    // why the pairs come from a board: no published solution, or one that
    // gives no pairs (Blocking Wythoff's, some of seed 003's)
    let why = match s.oracle() {
        Some(_) => "its published solution gives no pairs (a_n, b_n)",
        None => "no published solution",
    };
    match e {
        SolveError::TooLarge(m) => SolveError::TooLarge(format!("{}: {why}; {m}", s.label)),
        SolveError::ArgTooLarge(m) => {
            SolveError::ArgTooLarge(m.after(format!("{}: {why}; ", s.label)))
        }
        SolveError::BadArg(m) => SolveError::BadArg(m.after(format!("{}: {why}, and ", s.label))),
        e => SolveError::Unsupported(format!("{}: {why}, and {e}", s.label)),
    }
}

/// The pairs `(a_n, b_n)` that define the P-positions, `n = 0 .. terms - 1`, in
/// order: `sink(a_n, b_n)`; `progress(done, terms)`. A bitmap mex kernel where
/// there is one, else the game's exact oracle (up to [`MAX_ORACLE_TERMS`]).
pub fn sequence(
    s: &Subject,
    terms: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, u64),
) -> Result<(), SolveError> {
    sequence_within(s, terms, crate::board_pairs::READ_WORK, progress, sink)
}

/// [`sequence`] with the board reader's work bounded by `work` units.
fn sequence_within(
    s: &Subject,
    terms: u64,
    work: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, u64),
) -> Result<(), SolveError> {
    match sequence_engine(s, terms, work, progress)? {
        SeqEngine::Kernel(spec) => {
            mex_pairs::generate(&spec.kind, terms, &mut |d| progress(d, terms), |a, b| {
                sink(a, b)
            })
        }
        SeqEngine::Oracle(o) => oracle_terms(s, o.as_ref(), terms, progress, sink),
        SeqEngine::Board(v) => {
            v.into_iter().for_each(|(a, b)| sink(a, b));
            Ok(())
        }
    }
}

fn oracle_terms(
    s: &Subject,
    o: &dyn Oracle,
    terms: u64,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, u64),
) -> Result<(), SolveError> {
    for n in 0..terms {
        let Some((x, y)) = o.pair(&Natural::from(n))? else {
            return Err(SolveError::Unsupported(format!(
                "{}: the known solution is not a pair of sequences",
                s.label
            )));
        };
        let (Ok(x), Ok(y)) = (u64::try_from(&x), u64::try_from(&y)) else {
            return Err(SolveError::TooLarge(format!(
                "{}: term {n} does not fit 64 bits",
                s.label
            )));
        };
        sink(x, y);
        if n % 4096 == 0 {
            progress(n, terms);
        }
    }
    Ok(())
}

/// The first `terms` pairs of [`sequence`] as one flat list `a_0, b_0, a_1, ...`,
/// refused before allocating when it would not fit the memory budget.
pub fn sequence_list(
    s: &Subject,
    terms: u64,
    progress: stream::Progress,
) -> Result<Vec<u64>, SolveError> {
    sequence_list_within(s, terms, crate::board_pairs::READ_WORK, progress)
}

/// [`sequence_list`] with the board reader's work bounded by `work` units
/// (`prove`'s guesses: [`crate::board_pairs::read_within`]).
pub fn sequence_list_within(
    s: &Subject,
    terms: u64,
    work: u64,
    progress: stream::Progress,
) -> Result<Vec<u64>, SolveError> {
    check_terms(terms)?;
    let est = terms.saturating_mul(16);
    if est > memory_budget() {
        return Err(SolveError::ArgTooLarge(
            Message::new().value(Arg::Terms, terms).text(format!(
                ": the list needs about {}, over the budget of {}: use fewer terms",
                human_bytes(est),
                human_bytes(memory_budget())
            )),
        ));
    }
    let mut v = Vec::with_capacity(2 * terms as usize);
    sequence_within(s, terms, work, progress, &mut |a, b| {
        v.push(a);
        v.push(b)
    })?;
    Ok(v)
}

/// Count and hash (`--format summary`) of the first `terms` pairs of
/// [`sequence`], without storing them (kernels: generator and hash on two
/// threads when that pays).
pub fn sequence_summary(
    s: &Subject,
    terms: u64,
    progress: stream::Progress,
) -> Result<crate::hash::Summary, SolveError> {
    match sequence_engine(s, terms, crate::board_pairs::READ_WORK, progress)? {
        SeqEngine::Kernel(spec) => {
            mex_pairs::summary(&spec.kind, terms, &mut |d| progress(d, terms))
        }
        SeqEngine::Oracle(o) => {
            let mut h = crate::hash::Summary::new();
            oracle_terms(s, o.as_ref(), terms, progress, &mut |a, b| h.pair(a, b))?;
            Ok(h)
        }
        SeqEngine::Board(v) => {
            let mut h = crate::hash::Summary::new();
            v.into_iter().for_each(|(a, b)| h.pair(a, b));
            Ok(h)
        }
    }
}

/// When [`sequence`] reads the pairs off a solved board (no kernel, no
/// published solution), the work it will start with
/// ([`crate::board_pairs::plan`]), for a front end to announce; `None` when a
/// kernel or an oracle answers, or a refusal comes first.
pub fn sequence_board_plan(s: &Subject, terms: u64) -> Option<crate::board_pairs::Plan> {
    if !read_off_a_board(s) || check_terms(terms).is_err() {
        return None;
    }
    crate::board_pairs::plan(&s.game, terms).ok()
}

/// Whether [`sequence`] reads this game's pairs off solved boards: a game of
/// normal play with neither a sequence kernel nor a published solution.
pub fn read_off_a_board(s: &Subject) -> bool {
    let Some(named) = s.named.as_ref() else {
        return false;
    };
    s.convention() != Convention::Misere
        && matches!(mex_pairs::for_game(named), Ok(None))
        && pair_oracle(s).is_none()
}

/// What [`sequence`] will cost, before it runs: the engine of the cost model
/// ([`cost::SequenceKernel`]), its bytes and picoseconds (the pairs computed,
/// not written; a front end adds [`cost::sequence_text_ps`] when it writes
/// them, and [`cost::list_bytes`] when it holds them), the board side read
/// (0 for the mex kernel and the oracle), or the refusal that comes first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequencePlan {
    pub kernel: cost::SequenceKernel,
    /// Rows and columns of the board read (0 when none).
    pub rows: u64,
    pub cols: u64,
    pub memory: u64,
    pub ps: u128,
    /// The refusal [`sequence`] answers with, when one comes before any work.
    pub refusal: Option<SolveError>,
}

/// The [`SequencePlan`] of `sequence(s, terms, ..)`: the same choice as
/// [`sequence`] (a mex kernel, the oracle, a board), without the work.
pub fn sequence_plan(s: &Subject, terms: u64) -> Result<SequencePlan, SolveError> {
    check_terms(terms)?;
    let plan = |kernel, memory, ps, refusal| SequencePlan {
        kernel,
        rows: 0,
        cols: 0,
        memory,
        ps,
        refusal,
    };
    let named_mex = match s.named.as_ref() {
        Some(named) if s.convention() == Convention::Normal => mex_pairs::for_game(named)?,
        _ => None,
    };
    if let Some(spec) = named_mex {
        // (the mex kernel's choice does no work: refused over the budget)
        let est = mex_pairs::memory_estimate(&spec.kind, terms).unwrap_or(u64::MAX);
        let refusal =
            sequence_engine(s, terms, crate::board_pairs::READ_WORK, &mut |_, _| {}).err();
        return Ok(plan(
            cost::SequenceKernel::Mex,
            est,
            cost::sequence_mex_ps(terms),
            refusal,
        ));
    }
    if s.named.is_none() || s.convention() == Convention::Misere {
        // refused at once, before any work
        let e = sequence_engine(s, terms, crate::board_pairs::READ_WORK, &mut |_, _| {})
            .err()
            .expect("refused without a catalogue game in normal play");
        return Ok(plan(cost::SequenceKernel::Oracle, 0, 0, Some(e)));
    }
    if pair_oracle(s).is_some() {
        // (the oracle's choice does no work: refused over its terms)
        let refusal =
            sequence_engine(s, terms, crate::board_pairs::READ_WORK, &mut |_, _| {}).err();
        return Ok(plan(
            cost::SequenceKernel::Oracle,
            0,
            cost::sequence_oracle_ps(terms),
            refusal,
        ));
    }
    match crate::board_pairs::plan(&s.game, terms) {
        Ok(p) => Ok(SequencePlan {
            kernel: p.kernel,
            rows: p.rows,
            cols: p.cols,
            memory: p.bytes,
            ps: (p.millis as u128).saturating_mul(1_000_000_000),
            refusal: None,
        }),
        // a refusal comes first: the board reader's, said without the work
        Err(e) => Ok(plan(
            cost::SequenceKernel::SquareBoard,
            0,
            0,
            Some(board_refusal(s, e)),
        )),
    }
}

/// The plan of `sequence GAME --value g` ([`value_pairs`]): the level kernel
/// on a board large enough for the terms asked.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ValuePairsPlan {
    /// The Grundy value `g`.
    pub value: u64,
    pub terms: u64,
    /// Every row `x < rows` has its `g`-position on the board
    /// (`g + c_{rows - 1} < board`, [`crate::patterns::row_proof::reach`]).
    pub rows: u64,
    /// The level kernel's plan: the levels `0..=g` on the `board x board` board.
    pub levels: crate::solve::plan::LevelsPlan,
}

impl ValuePairsPlan {
    /// The plan in words (what a refusal says).
    pub fn words(&self) -> String {
        format!(
            "the level kernel, values 0..={} on the board of {} x {} (rows below {} hold their {}-position), about {} and {}",
            self.value,
            self.levels.n,
            self.levels.n,
            self.rows,
            self.value,
            human_bytes(self.levels.memory),
            crate::units::human_seconds(self.levels.seconds)
        )
    }
    /// Refuse it beyond `bound` (the level kernel's plan admitted:
    /// [`cost::Cost::admit`], memory, then time), with the plan in the message.
    pub fn admit(&self, bound: cost::Bound) -> Result<(), SolveError> {
        let over = match self.levels.admit(bound) {
            Ok(()) => return Ok(()),
            Err(SolveError::OverMemory { budget, .. }) => {
                format!("over the memory budget of {}", human_bytes(budget))
            }
            Err(SolveError::OverTime { bound, .. }) => format!(
                "over the time bound of {}",
                crate::units::human_seconds(bound)
            ),
            Err(e) => return Err(e),
        };
        Err(SolveError::ArgTooLarge(
            Message::new()
                .value(Arg::Value, self.value)
                .text(" ")
                .value(Arg::Terms, self.terms)
                .text(format!(
                    ": {}: {over}; ask fewer terms or a smaller value",
                    self.words()
                )),
        ))
    }
}

/// Work allowed for computing the reach `c_x` of the rows (steps).
const REACH_WORK: u64 = 1 << 28;

/// The rules of `s` when `sequence --value` answers it: Grundy values, the
/// level kernel's scope (one-pile moves of every length on both piles), each
/// earlier row reached at a bounded set of columns, symmetric rules.
fn value_rules(s: &Subject) -> Result<&crate::rules::Rules, SolveError> {
    use crate::solve::plan::{levels_plan, NoLevels};
    // the level kernel's scope, as its plan says it (a board of 1)
    match levels_plan(&s.game, 1, (0, 0), crate::solve::cost::Listing::COUNTED) {
        Err(NoLevels::NoGrundy(why)) => {
            return Err(SolveError::NoGrundy {
                label: Some(s.label.clone()),
                why,
            })
        }
        Err(NoLevels::OnePileLengths) => {
            return Err(SolveError::BadArg(
                Message::new()
                    .text(format!("{}: ", s.label))
                    .name(Arg::Value)
                    .text(
                        " needs one-pile moves of every length on both piles (Wythoff, m-Wythoff, \
                     (s,t)-Wythoff, Nim): a value occurs once a row there",
                    ),
            ))
        }
        Ok(_) => {}
    }
    let r = s.game.as_single().ok_or(SolveError::NoGrundy {
        label: Some(s.label.clone()),
        why: crate::NoGrundy::Choice,
    })?;
    if let Some(why) = crate::patterns::row_proof::refusal(&s.game) {
        return Err(SolveError::Unsupported(format!(
            "{}: --value: {why}; a row's g-position has no bound to choose the board from",
            s.label
        )));
    }
    if !r.is_symmetric() {
        return Err(SolveError::Unsupported(format!(
            "{}: --value lists the pairs x <= y of a symmetric game; this game is not symmetric",
            s.label
        )));
    }
    Ok(r)
}

/// The plan of [`value_pairs`] with `rows` rows asked for (the board holds
/// each row `x < rows`'s `g`-position).
fn value_pairs_plan_rows(
    s: &Subject,
    g: u64,
    terms: u64,
    rows: u64,
) -> Result<ValuePairsPlan, SolveError> {
    let r = value_rules(s)?;
    let too_large = || {
        SolveError::ArgTooLarge(
            Message::new()
                .value(Arg::Value, g)
                .text(" ")
                .value(Arg::Terms, terms)
                .text(format!(
                    ": the board would hold the rows below {rows}: over the largest board of the level kernel ({})",
                    crate::limits::MAX_LEVELS_BOARD
                )),
        )
    };
    // the board is wider than the rows (c_x >= x: one-pile moves of every length)
    if rows >= crate::limits::MAX_LEVELS_BOARD {
        return Err(too_large());
    }
    let c = crate::patterns::row_proof::reach(r, rows - 1, REACH_WORK).ok_or_else(too_large)?;
    let n = g
        .checked_add(c)
        .and_then(|v| v.checked_add(1))
        .filter(|&n| n <= crate::limits::MAX_LEVELS_BOARD)
        .ok_or_else(too_large)?;
    let levels =
        crate::solve::plan::levels_plan(&s.game, n, (g, g), crate::solve::cost::Listing::COUNTED)
            .map_err(|_| too_large())?;
    Ok(ValuePairsPlan {
        value: g,
        terms,
        rows,
        levels,
    })
}

/// The plan of [`value_pairs`]: rows `x < 2 terms + 16` on the board (the
/// `n`-th pair has `a_n` near `n phi` in Wythoff's game; a board that holds
/// too few pairs is doubled when it runs).
pub fn value_pairs_plan(s: &Subject, g: u64, terms: u64) -> Result<ValuePairsPlan, SolveError> {
    check_terms(terms)?;
    if g > crate::limits::MAX_LEVEL_VALUE {
        return Err(SolveError::ArgTooLarge(
            Message::new().value(Arg::Value, g).text(format!(
                " is out of range: allowed 0..={}",
                crate::limits::MAX_LEVEL_VALUE
            )),
        ));
    }
    value_rules(s)?;
    let rows = terms.saturating_mul(2).saturating_add(16);
    value_pairs_plan_rows(s, g, terms, rows)
}

/// `sequence GAME --value g`: the pairs `(a_n, b_n)`, `n = 0 .. terms - 1`, of
/// the positions of Grundy value `g` with `a <= b`, in increasing order of `a`
/// (each `a` once: a value occurs once a row). For `g = 0` they are the
/// P-position pairs. A pair `a = b` occurs when `G(a, a) = g`.
///
/// Computed by the level kernel (values `0..=g`) on the board of the plan:
/// every row `x < rows` holds its `g`-position at a column `<= g + c_x`
/// ([`crate::patterns::row_proof::reach`]), so the board's pairs with
/// `a < rows` are all the pairs with `a < rows`. Refused with the plan over
/// `bound`; a board holding fewer than `terms` such pairs is doubled (each
/// admitted again). `progress(done, total)` is the kernel's.
pub fn value_pairs(
    s: &Subject,
    g: u64,
    terms: u64,
    bound: cost::Bound,
    progress: stream::Progress,
    sink: &mut dyn FnMut(u64, u64),
) -> Result<ValuePairsPlan, SolveError> {
    let mut plan = value_pairs_plan(s, g, terms)?;
    loop {
        plan.admit(bound)?;
        let n = plan.levels.n;
        let top = u32::try_from(g).expect("checked: below 2^31");
        let rows = plan.rows;
        let mut pairs: Vec<(u64, u64)> = Vec::new();
        crate::solve::stream::levels(&s.game, n, top, progress, &mut |v, x, y| {
            let (x, y) = (x as u64, y as u64);
            if v == top && x <= y && x < rows {
                pairs.push((x, y));
            }
        })
        .expect("in the kernel's scope: checked by the plan");
        pairs.sort_unstable();
        if pairs.len() as u64 >= terms {
            pairs[..terms as usize]
                .iter()
                .for_each(|&(a, b)| sink(a, b));
            return Ok(plan);
        }
        plan = value_pairs_plan_rows(s, g, terms, rows.saturating_mul(2))?;
    }
}

/// [`value_pairs`] as one flat list `a_0, b_0, a_1, ...` (Python's
/// `Game.sequence(terms, value=g)`).
pub fn value_pairs_list(
    s: &Subject,
    g: u64,
    terms: u64,
    bound: cost::Bound,
    progress: stream::Progress,
) -> Result<Vec<u64>, SolveError> {
    let mut v = Vec::new();
    value_pairs(s, g, terms, bound, progress, &mut |a, b| {
        v.push(a);
        v.push(b)
    })?;
    Ok(v)
}

/// Parse the Grundy value of `sequence --value g`.
pub fn parse_value(text: &str) -> Result<u64, SolveError> {
    text.trim().parse::<u64>().map_err(|_| {
        SolveError::BadArg(
            Message::new()
                .value(Arg::Value, format!("`{}`", crate::echo::shorten(text)))
                .text(" is not a Grundy value: a whole number 0 or more"),
        )
    })
}

#[cfg(test)]
mod value_tests {
    use super::*;

    fn subject(name: &str) -> Subject {
        Subject::parse(name, false).unwrap()
    }

    fn unbounded() -> cost::Bound {
        cost::Bound::unbounded()
    }

    fn pairs(name: &str, g: u64, terms: u64) -> Vec<(u64, u64)> {
        let mut v = Vec::new();
        value_pairs(
            &subject(name),
            g,
            terms,
            unbounded(),
            &mut |_, _| {},
            &mut |a, b| v.push((a, b)),
        )
        .unwrap();
        v
    }

    #[test]
    fn value_zero_is_the_p_position_sequence() {
        for name in ["wythoff", "m-wythoff:m=2", "nim"] {
            let mut want = Vec::new();
            sequence(&subject(name), 300, &mut |_, _| {}, &mut |a, b| {
                want.push((a, b))
            })
            .unwrap();
            assert_eq!(pairs(name, 0, 300), want, "{name}");
        }
    }

    #[test]
    fn value_pairs_equal_the_grundy_table() {
        for name in ["wythoff", "m-wythoff:m=3"] {
            let s = subject(name);
            let t = crate::solve::grundy(&s.game, 1024).unwrap();
            for g in [1u64, 2, 5, 16] {
                let got = pairs(name, g, 150);
                let mut want: Vec<(u64, u64)> = (0..1024usize)
                    .flat_map(|x| (x..1024).map(move |y| (x, y)))
                    .filter(|&(x, y)| t.get(x, y) == Some(g as u32))
                    .map(|(x, y)| (x as u64, y as u64))
                    .collect();
                want.sort_unstable();
                assert_eq!(got[..], want[..150], "{name} value {g}");
                // each a once, increasing
                assert!(got.windows(2).all(|w| w[0].0 < w[1].0));
            }
        }
    }

    #[test]
    fn wythoff_one_values_start_with_a_diagonal_pair() {
        // G(2, 2) = 1, and b is not increasing: (4, 8) then (5, 7)
        assert_eq!(
            pairs("wythoff", 1, 5),
            vec![(0, 1), (2, 2), (3, 6), (4, 8), (5, 7)]
        );
    }

    #[test]
    fn value_refusals() {
        let e = value_pairs_plan(&subject("modular:m=3"), 1, 10).unwrap_err();
        assert!(e.to_string().contains("unboundedly many columns"), "{e}");
        let e = value_pairs_plan(&subject("roob-blocking:m=1,p=2"), 1, 10).unwrap_err();
        assert!(matches!(e, SolveError::NoGrundy { .. }), "{e}");
        let e = value_pairs_plan(&subject("connell:p=2"), 1, 10).unwrap_err();
        assert!(matches!(e, SolveError::BadArg(_)), "{e}");
        // a huge value: the plan is refused with its words
        let p = value_pairs_plan(&subject("wythoff"), 1 << 30, 10).unwrap();
        let e = p.admit(cost::Bound::cli(false)).unwrap_err();
        let m = e.to_string();
        assert!(
            m.contains("--value 1073741824") && m.contains("level kernel"),
            "{m}"
        );
        assert!(m.contains("over the memory budget"), "{m}");
        let e = value_pairs_plan(&subject("wythoff"), 1 << 40, 10).unwrap_err();
        assert!(e.to_string().contains("out of range"), "{e}");
    }

    /// Nivasch's bounded distance, measured: for `g <= 16`, the largest
    /// `|a^g_n - a^0_n|` and `|b^g_n - b^0_n|` over the pairs with `a < A`.
    /// `NIVASCH_A` (default 2^16) sets `A`; the board is `2 A + 17`. Run with
    /// `cargo test --release -p wythoff --lib nivasch -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn nivasch_distance() {
        let a_rows: u64 = std::env::var("NIVASCH_A")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1 << 16);
        let top = 16u32;
        let s = subject("wythoff");
        let r = s.game.as_single().unwrap();
        let c = crate::patterns::row_proof::reach(r, a_rows - 1, u64::MAX).unwrap();
        let n = top as u64 + c + 1;
        let mut lists: Vec<Vec<(u32, u32)>> = vec![Vec::new(); top as usize + 1];
        let t0 = std::time::Instant::now();
        crate::solve::stream::levels(&s.game, n, top, &mut |_, _| {}, &mut |g, x, y| {
            if x <= y && (x as u64) < a_rows {
                lists[g as usize].push((x, y));
            }
        })
        .unwrap();
        let secs = t0.elapsed().as_secs();
        lists.iter_mut().for_each(|l| l.sort_unstable());
        println!("board {n} x {n}, rows a < {a_rows} (reach {c}), levels 0..={top}: {secs} s");
        println!("| g | pairs n | max abs(a^g_n - a^0_n) | at n | max abs(b^g_n - b^0_n) | at n |");
        println!("|---|---|---|---|---|---|");
        for g in 0..=top as usize {
            let k = lists[g].len().min(lists[0].len());
            let (mut da, mut na, mut db, mut nb) = (0i64, 0usize, 0i64, 0usize);
            for i in 0..k {
                let (a, b) = lists[g][i];
                let (a0, b0) = lists[0][i];
                let x = (a as i64 - a0 as i64).abs();
                let y = (b as i64 - b0 as i64).abs();
                if x > da {
                    (da, na) = (x, i);
                }
                if y > db {
                    (db, nb) = (y, i);
                }
            }
            println!("| {g} | {k} | {da} | {na} | {db} | {nb} |");
        }
    }
}
