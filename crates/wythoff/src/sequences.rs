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
use crate::solve::{human_bytes, memory_budget, stream};
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
    if let Some(o) = s.oracle() {
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
        .map_err(|e| match e {
            SolveError::TooLarge(m) => {
                SolveError::TooLarge(format!("{}: no published solution; {m}", s.label))
            }
            SolveError::ArgTooLarge(m) => {
                SolveError::ArgTooLarge(m.after(format!("{}: no published solution; ", s.label)))
            }
            SolveError::BadArg(m) => {
                SolveError::BadArg(m.after(format!("{}: no published solution, and ", s.label)))
            }
            e => SolveError::Unsupported(format!("{}: no published solution, and {e}", s.label)),
        })?;
    Ok(SeqEngine::Board(pairs))
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
    let named = s.named.as_ref()?;
    if s.convention() == Convention::Misere || check_terms(terms).is_err() {
        return None;
    }
    if sequence::for_game(named).ok()?.is_some() || s.oracle().is_some() {
        return None;
    }
    crate::board_pairs::plan(&s.game, terms)
}
