//! The sequence question (`wythoff sequence`): the pairs `(a_n, b_n)` that
//! define the P-positions, and which engine answers them (a bitmap mex kernel,
//! a game's exact oracle one term at a time, or pairs read off a solved
//! board). Below the front door ([`crate::answer`] re-exports it): `prove`
//! reads sequences here.

use crate::error::{Arg, Message, SolveError};
use crate::limits::{check_terms, MAX_ORACLE_TERMS};
use crate::oracle::{Natural, Oracle};
use crate::rules::Convention;
use crate::sequence;
use crate::solve::{cost, human_bytes, memory_budget, stream};
use crate::subject::Subject;

/// How [`sequence`] answers: a kernel, or the oracle one term at a time.
enum SeqEngine {
    Kernel(sequence::SequenceSpec),
    Oracle(Box<dyn Oracle>),
    /// No published solution: pairs read off a solved board
    /// ([`crate::patterns::read_pairs`]).
    Board(Vec<(u64, u64)>),
}

fn sequence_engine(
    s: &Subject,
    terms: u64,
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
    if let Some(spec) = sequence::for_game(named)? {
        let est = sequence::memory_estimate(&spec.kind, terms).unwrap_or(u64::MAX);
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
    let pairs = crate::board_pairs::read(&s.game, terms, memory_budget(), false, progress)
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
    match sequence_engine(s, terms, progress)? {
        SeqEngine::Kernel(spec) => {
            sequence::generate(&spec.kind, terms, &mut |d| progress(d, terms), |a, b| {
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
    sequence(s, terms, progress, &mut |a, b| {
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
    match sequence_engine(s, terms, progress)? {
        SeqEngine::Kernel(spec) => {
            sequence::summary(&spec.kind, terms, &mut |d| progress(d, terms))
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
        && matches!(sequence::for_game(named), Ok(None))
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
        Some(named) if s.convention() == Convention::Normal => sequence::for_game(named)?,
        _ => None,
    };
    if let Some(spec) = named_mex {
        // (the mex kernel's choice does no work: refused over the budget)
        let est = sequence::memory_estimate(&spec.kind, terms).unwrap_or(u64::MAX);
        let refusal = sequence_engine(s, terms, &mut |_, _| {}).err();
        return Ok(plan(
            cost::SequenceKernel::Mex,
            est,
            cost::sequence_mex_ps(terms),
            refusal,
        ));
    }
    if s.named.is_none() || s.convention() == Convention::Misere {
        // refused at once, before any work
        let e = sequence_engine(s, terms, &mut |_, _| {})
            .err()
            .expect("refused without a catalogue game in normal play");
        return Ok(plan(cost::SequenceKernel::Oracle, 0, 0, Some(e)));
    }
    if pair_oracle(s).is_some() {
        // (the oracle's choice does no work: refused over its terms)
        let refusal = sequence_engine(s, terms, &mut |_, _| {}).err();
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
