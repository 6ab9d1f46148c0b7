//! `wythoff._wythoff`: the Python module. Glue only, like the CLI: every answer
//! comes from one call of `wythoff::answer`; this converts arguments and
//! results (numpy arrays, Python ints, dicts) and maps errors (`TooLarge`,
//! `ArgTooLarge` and `OverMemory` -> `MemoryError`, every other error ->
//! `ValueError`; the errors that name an argument, which the library gives as
//! data, worded with this module's parameters (`n`, `terms`, `history`), the
//! others with the library's message).
//!
//! Long computations run on a worker thread while the calling thread waits
//! with the GIL released and checks for signals every 50 ms; on Ctrl-C the
//! worker's progress callback unwinds with `wythoff::answer::Cancelled` and
//! the call raises `KeyboardInterrupt`.
//!
//! The memory budget is set at import as the CLI sets it
//! (`wythoff::machine::memory_budget_from`).

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{
    PyKeyboardInterrupt, PyMemoryError, PyOSError, PyRuntimeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList, PyTuple};
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;
use wythoff::answer::{self, Cancelled, GameArgError, GameSpec, ParamValue, Subject};
use wythoff::SolveError;

mod convert;
mod errors;
mod game;
mod sweep;
mod work;

use convert::*;
use errors::*;
use game::*;
use sweep::*;
use work::*;

/// The catalogue: one dict per game, as `wythoff games --format json`.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    json_to_py(py, &answer::games_json())
}

/// Check the papers' claims (`wythoff verify`): a list of dicts with `source`,
/// `game`, `compared`, `range`, `passed`, `detail`, one per check. `games`:
/// only the claims about these catalogue games; `max`: board side (default 200).
#[pyfunction]
#[pyo3(signature = (games = None, max = None))]
fn verify<'py>(
    py: Python<'py>,
    games: Option<Vec<String>>,
    max: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let max = max.map(|m| board_side(m, "max")).transpose()?;
    let games = games.unwrap_or_default();
    let r = run(py, |c| answer::verify(&games, max, &|_| check(c)))?;
    let out = PyList::empty(py);
    for r in &r.reports {
        let d = PyDict::new(py);
        d.set_item("source", &r.source)?;
        d.set_item("game", &r.game)?;
        d.set_item("compared", &r.compared)?;
        d.set_item("range", &r.range)?;
        d.set_item("passed", r.passed)?;
        d.set_item("detail", &r.detail)?;
        out.append(d)?;
    }
    Ok(out)
}

/// `wythoff prove`: guess the automaton of the P-set, write the rules as
/// first-order statements and let Walnut (Java and the Walnut 6.2 jar, see
/// `scripts/install_walnut.sh`) decide them. The same dict as
/// `wythoff prove --format json` (the library's `Report`, serialised).
#[pyfunction]
#[pyo3(signature = (game, misere = false, max = None, numeration = None, emit = None, timeout = None, grundy = false, value = None))]
#[allow(clippy::too_many_arguments)]
fn prove<'py>(
    py: Python<'py>,
    game: &str,
    misere: bool,
    max: Option<&Bound<'py, PyAny>>,
    numeration: Option<&str>,
    emit: Option<std::path::PathBuf>,
    timeout: Option<u64>,
    grundy: bool,
    value: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    let s = Subject::from_arg(game, misere, read_rules_file).map_err(|e| match e {
        GameArgError::Read { error, .. } => error,
        GameArgError::Rules { error, .. } => to_py_err(error.into()),
    })?;
    let mut req = wythoff::prove::Request::new(s);
    if let Some(m) = max {
        // the range is the library's check (Request::validate)
        req.max = board_side(m, "max")?;
    }
    req.numeration = numeration.map(str::to_string);
    if let Some(t) = timeout {
        req.timeout = t;
    }
    // the Sprague-Grundy function (or the level `value`), as `prove --grundy`
    req.grundy = grundy;
    req.value = value;
    // Ctrl-C stops the search or kills Java, and the temporary WALNUT_HOME
    // is removed, before KeyboardInterrupt is raised (issue 53)
    let r = run_owned(py, move |c| {
        Ok(wythoff_walnut::prove_checked(
            &req,
            emit.as_deref(),
            &|| check(c),
        ))
    })?
    .map_err(prove_err)?;
    let v = serde_json::to_value(&r).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    json_to_py(py, &v)
}

/// `wythoff sum`: the disjunctive sum of positions, each `(game, x, y)` (a
/// Nim heap: `("nim", x, 0)`), piles of any size; the dict of `wythoff sum
/// --format json` (`outcome` "N" or "P", `value`, `move`, `components`).
/// Each component's Grundy value must be known exactly (a certified row, the
/// row kernel, a board); misère sums, blocking and memory are refused
/// (ValueError, the library's reason).
#[pyfunction]
#[pyo3(signature = (parts, misere = false))]
fn sum<'py>(
    py: Python<'py>,
    parts: Vec<(String, Bound<'py, PyAny>, Bound<'py, PyAny>)>,
    misere: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let mut v = Vec::with_capacity(parts.len());
    for (game, x, y) in &parts {
        let s = Subject::from_arg(game, misere, read_rules_file).map_err(|e| match e {
            GameArgError::Read { error, .. } => error,
            GameArgError::Rules { error, .. } => to_py_err(error.into()),
        })?;
        let x = answer::parse_pile(&whole_text(x, "x")?, "x").map_err(to_py_err)?;
        let y = answer::parse_pile(&whole_text(y, "y")?, "y").map_err(to_py_err)?;
        v.push((s, x, y));
    }
    let a = run(py, |_| {
        answer::sum(&v, wythoff::solve::cost::Bound::memory_only())
    })?;
    json_to_py(py, &a.json())
}

/// `prove`'s errors by variant: a bad argument (worded with the parameter's
/// name) or rules the statements cannot express are `ValueError`, Walnut
/// missing or failing `RuntimeError`, this machine's files failing `OSError`,
/// the solver's as everywhere.
fn prove_err(e: wythoff::prove::ProveError) -> PyErr {
    use wythoff::prove::ProveError;
    match e {
        ProveError::BadArg { arg, value, why } => {
            PyValueError::new_err(format!("{} = {value}: {why}", arg.name()))
        }
        e @ ProveError::CannotExpress { .. } => PyValueError::new_err(e.to_string()),
        ProveError::Solve(se) => to_py_err(se),
        e @ (ProveError::NotInstalled(_) | ProveError::Walnut(_)) => {
            PyRuntimeError::new_err(e.to_string())
        }
        ProveError::Io(why) => pyo3::exceptions::PyOSError::new_err(why),
        ProveError::NotVouched(why) => PyValueError::new_err(why),
    }
}

/// A small file of the machine's (at most 64 KiB), for `wythoff::machine`.
fn read_small(path: &str) -> Option<String> {
    use std::io::Read;
    let f = std::fs::File::open(path).ok()?;
    let mut s = String::new();
    f.take(1 << 16).read_to_string(&mut s).ok()?;
    Some(s)
}

/// The memory budget as the CLI sets it (`WYTHOFF_MEMORY_BUDGET`, else the
/// available memory, the cgroup limit and `ulimit -v`), once, at import: a
/// variable that is not a size fails the import with `ValueError`.
fn init_memory_budget() -> PyResult<()> {
    let env = std::env::var_os("WYTHOFF_MEMORY_BUDGET").map(|v| v.to_string_lossy().into_owned());
    let b = wythoff::machine::memory_budget_from(env.as_deref(), &read_small)
        .map_err(PyValueError::new_err)?;
    wythoff::solve::set_memory_budget(b);
    Ok(())
}

#[pymodule]
fn _wythoff(m: &Bound<'_, PyModule>) -> PyResult<()> {
    init_memory_budget()?;
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(prove, m)?)?;
    m.add_function(wrap_pyfunction!(sum, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_indices, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_one, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_identity, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_check, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_lines, m)?)?;
    m.add_function(wrap_pyfunction!(walnut_check, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_groups, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_prove_lines, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_prove_group, m)?)?;
    m.add("GRUNDY_OFF", u32::MAX)?;
    m.add("MAX_BOARD", answer::MAX_BOARD)?;
    Ok(())
}
