//! Errors: the library's errors as Python exceptions (worded with this module's
//! parameters), and the rules-file reader that `Subject::from_arg` is given.

use super::*;

/// The reader `Subject::from_arg` is given: a regular file of at most `cap`
/// bytes (the library's cap, the CLI's too) of UTF-8 text.
pub(crate) fn read_rules_file(path: &str, cap: u64) -> PyResult<String> {
    let cannot =
        |e: std::io::Error| PyValueError::new_err(format!("cannot read rules file `{path}`: {e}"));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(PyValueError::new_err(format!(
            "rules file `{path}` is not a regular file"
        )));
    }
    if meta.len() > cap {
        return Err(PyValueError::new_err(format!(
            "rules file `{path}` is {} bytes: allowed at most {cap}",
            meta.len()
        )));
    }
    std::fs::read_to_string(path).map_err(cannot)
}

/// A library message in Python's words: each argument it names is this
/// module's parameter (`n`, `terms`, `history`, `max`), never a CLI flag.
pub(crate) fn py_words(m: &wythoff::Message) -> String {
    m.worded(&WORDS)
}

/// Python's words for the library's errors: its parameters, and its bound.
pub(crate) const WORDS: wythoff::Wording<'static> = wythoff::Wording {
    name: &|a| py_param(a).to_string(),
    name_value: &|a, v| format!("{} = {v}", py_param(a)),
    misere_board: "`p_positions` of the game made with `misere=True`",
    bound: &|b| format!("over the bound of {b} s"),
};

pub(crate) fn py_param(a: wythoff::Arg) -> &'static str {
    match a {
        wythoff::Arg::Max => "n",
        wythoff::Arg::Check => "check",
        wythoff::Arg::Terms => "terms",
        wythoff::Arg::History => "history",
        wythoff::Arg::Conjecture => "conjecture",
        wythoff::Arg::SweepMax => "max",
        wythoff::Arg::Threads => "threads",
        wythoff::Arg::Values => "values",
        wythoff::Arg::Value => "value",
        wythoff::Arg::From => "n",
        wythoff::Arg::Rows => "rows",
        wythoff::Arg::Columns => "columns",
    }
}

/// A library error in Python's words: the board's side is the parameter `n`
/// (the library's errors carry it as data; the CLI names it `--max`), and
/// every other argument a message names is worded by [`py_words`].
pub(crate) fn to_py_err(e: SolveError) -> PyErr {
    tidy(raw_py_err(e))
}

/// [`to_py_err`] before the message is tidied.
pub(crate) fn raw_py_err(e: SolveError) -> PyErr {
    match e {
        SolveError::TooLarge(m) => PyMemoryError::new_err(m),
        SolveError::ArgTooLarge(m) => PyMemoryError::new_err(py_words(&m)),
        SolveError::BadArg(m) => PyValueError::new_err(py_words(&m)),
        SolveError::NoGrundy { label, why } => PyValueError::new_err(format!(
            "{}{}",
            label.map_or(String::new(), |l| format!("{l} has no Grundy values: ")),
            py_words(&why.message())
        )),
        SolveError::OverMemory {
            n,
            what,
            need,
            budget,
            ..
        } => {
            let (need, budget) = (
                wythoff::solve::human_bytes(need),
                wythoff::solve::human_bytes(budget),
            );
            let what = what.map_or("the board".to_string(), |w| w);
            PyMemoryError::new_err(format!(
                "n = {n}: {what} needs about {need} of memory, over the budget of {budget}: use a smaller n"
            ))
        }
        SolveError::BoardOutOfRange { n, max, .. } => {
            PyValueError::new_err(format!("n = {n} is out of range: allowed 1..={max}"))
        }
        SolveError::BoardNotWhole { text, max, .. } => {
            PyValueError::new_err(format!("n = {text} is out of range: allowed 1..={max}"))
        }
        e @ SolveError::OverTime { .. } => PyMemoryError::new_err(e.worded(&WORDS)),
        SolveError::Io(why) => pyo3::exceptions::PyOSError::new_err(why),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// The error with its message tidied as the CLI's ([`wythoff::echo::tidy_message`]:
/// a 5,000-digit pile echoed as its first 32 digits and its length), same type.
pub(crate) fn tidy(e: PyErr) -> PyErr {
    Python::with_gil(|py| {
        let text = e.value(py).to_string();
        let short = wythoff::echo::tidy_message(&text);
        if short == text {
            return e;
        }
        let ty = e.get_type(py);
        match ty.call1((short,)) {
            Ok(v) => PyErr::from_value(v),
            Err(_) => e,
        }
    })
}
