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

/// The reader `Subject::from_arg` is given: a regular file of at most `cap`
/// bytes (the library's cap, the CLI's too) of UTF-8 text.
fn read_rules_file(path: &str, cap: u64) -> PyResult<String> {
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
fn py_words(m: &wythoff::Message) -> String {
    m.worded(&WORDS)
}

/// Python's words for the library's errors: its parameters, and its bound.
const WORDS: wythoff::Wording<'static> = wythoff::Wording {
    name: &|a| py_param(a).to_string(),
    name_value: &|a, v| format!("{} = {v}", py_param(a)),
    misere_board: "`p_positions` of the game made with `misere=True`",
    bound: &|b| format!("over the bound of {b} s"),
};

fn py_param(a: wythoff::Arg) -> &'static str {
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
    }
}

/// A library error in Python's words: the board's side is the parameter `n`
/// (the library's errors carry it as data; the CLI names it `--max`), and
/// every other argument a message names is worded by [`py_words`].
fn to_py_err(e: SolveError) -> PyErr {
    tidy(raw_py_err(e))
}

/// [`to_py_err`] before the message is tidied.
fn raw_py_err(e: SolveError) -> PyErr {
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
fn tidy(e: PyErr) -> PyErr {
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

/// Unwind (to stop the computation) once Ctrl-C was seen.
fn check(cancel: &AtomicBool) {
    if cancel.load(Ordering::Relaxed) {
        resume_unwind(Box::new(Cancelled));
    }
}

/// What a worker thread hands back: its result, or the payload of its panic.
type Outcome<T> = std::thread::Result<Result<T, SolveError>>;

/// Run `f` on a worker thread, the GIL released, stopping it on Ctrl-C: for
/// work whose progress callback calls [`check`] (it stops at its next report).
fn run<T: Send>(
    py: Python<'_>,
    f: impl FnOnce(&AtomicBool) -> Result<T, SolveError> + Send,
) -> PyResult<T> {
    let cancel = AtomicBool::new(false);
    let (tx, rx) = channel();
    let rx = Mutex::new(rx);
    std::thread::scope(|s| {
        let c = &cancel;
        std::thread::Builder::new()
            .name("wythoff".into())
            .stack_size(64 << 20)
            .spawn_scoped(s, move || {
                let r = catch_unwind(AssertUnwindSafe(|| f(c)));
                let _ = tx.send(r);
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
        wait(py, &rx, &cancel, None)
    })
}

/// Run `f`, which owns its data, on a thread of its own, the GIL released:
/// for work without progress reports (one position's outcome, `prove`). On Ctrl-C the call raises `KeyboardInterrupt` within a second;
/// work that does not stop by then is abandoned: it ends on its own thread
/// and its answer is dropped.
fn run_owned<T: Send + 'static>(
    py: Python<'_>,
    f: impl FnOnce(&AtomicBool) -> Result<T, SolveError> + Send + 'static,
) -> PyResult<T> {
    let cancel = std::sync::Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel();
    let c = cancel.clone();
    std::thread::Builder::new()
        .name("wythoff".into())
        .stack_size(64 << 20)
        .spawn(move || {
            let r = catch_unwind(AssertUnwindSafe(|| f(&c)));
            let _ = tx.send(r);
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    wait(py, &Mutex::new(rx), &cancel, Some(Duration::from_secs(1)))
}

/// The worker's result, waited for with the GIL released, signals checked
/// every 50 ms. On Ctrl-C `cancel` is set and the worker is waited for at
/// most `grace` (`None`: until it stops), then the signal's error raised.
fn wait<T: Send>(
    py: Python<'_>,
    rx: &Mutex<std::sync::mpsc::Receiver<Outcome<T>>>,
    cancel: &AtomicBool,
    grace: Option<Duration>,
) -> PyResult<T> {
    loop {
        let got = py.allow_threads(|| {
            rx.lock()
                .expect("one waiter")
                .recv_timeout(Duration::from_millis(50))
        });
        match got {
            Ok(Ok(r)) => return r.map_err(to_py_err),
            Ok(Err(payload)) => {
                if payload.is::<Cancelled>() {
                    return Err(PyKeyboardInterrupt::new_err(()));
                }
                let msg = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "unknown panic".into());
                return Err(PyRuntimeError::new_err(format!(
                    "wythoff: internal error: {msg}"
                )));
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    let _ = py.allow_threads(|| {
                        let rx = rx.lock().expect("one waiter");
                        match grace {
                            None => rx.recv().ok(),
                            Some(d) => rx.recv_timeout(d).ok(),
                        }
                    });
                    return Err(e);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("wythoff: the worker thread died"))
            }
        }
    }
}

/// A Python int (of any size) as a board side (`--max`).
fn board_side(n: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    answer::parse_max(&whole_text(n, name)?).map_err(to_py_err)
}

/// The decimal text of a whole-number argument (the parameter `name`): a Python int of any size, or
/// any integer type with `__index__` (NumPy's); bool, float, str and the rest
/// are refused with a ValueError. Read through the int's bytes, so Python's
/// limit on int-to-str conversion does not apply.
fn whole_text(v: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let not_whole = || -> PyResult<PyErr> {
        Ok(PyValueError::new_err(format!(
            "{name} = {} is not a whole number: pass an int (or a NumPy integer)",
            crate::shorten(&v.repr()?.to_string())
        )))
    };
    if v.is_instance_of::<pyo3::types::PyBool>()
        || v.hasattr("dtype")? && v.getattr("dtype")?.getattr("kind")?.extract::<String>()? == "b"
    {
        return Err(not_whole()?);
    }
    let i = match v.py().import("operator")?.call_method1("index", (v,)) {
        Ok(i) => i,
        // no `__index__`: not a whole number; an `__index__` that raises
        // its own error: that error, unchanged
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyTypeError>(v.py()) => {
            return Err(not_whole()?)
        }
        Err(e) => return Err(e),
    };
    let negative = i.lt(0)?;
    let abs = i.call_method0("__abs__")?;
    let bits: u64 = abs.call_method0("bit_length")?.extract()?;
    let bytes = abs.call_method1("to_bytes", (bits.div_ceil(8), "little"))?;
    let bytes = bytes.downcast::<PyBytes>()?.as_bytes();
    let limbs: Vec<u64> = bytes
        .chunks(8)
        .map(|c| {
            let mut b = [0u8; 8];
            b[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(b)
        })
        .collect();
    let n = wythoff::oracle::Natural::from_limbs_asc(&limbs);
    Ok(if negative {
        format!("-{n}")
    } else {
        n.to_string()
    })
}

/// A long text cut for an error message.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// A natural number as a Python int (through its bytes: no int-from-str
/// limit).
fn py_int<'py>(py: Python<'py>, v: &wythoff::oracle::Natural) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = v
        .to_limbs_asc()
        .iter()
        .flat_map(|l| l.to_le_bytes())
        .collect();
    py.get_type::<PyInt>()
        .call_method1("from_bytes", (PyBytes::new(py, &bytes), "little"))
}

fn json_to_py<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (v.to_string(),))
}

/// A game of the Wythoff family, in normal or misère play.
///
/// `Game(spec, misere=False)`: `spec` as on the command line, a catalogue game
/// `name` or `name:key=value,...` (see `wythoff.games()`), or the path of a TOML
/// rules file (ending in `.toml`, or starting with `file:`).
/// `Game.from_rules(toml_text)`: a game from the text of a rules file.
#[pyclass(frozen, module = "wythoff", name = "Game")]
struct Game {
    /// The game (or m-Modular Wythoff beyond the catalogue's range, which only
    /// `outcome` and `explain` answer).
    spec: GameSpec,
    /// How it was made, for repr.
    repr: String,
}

impl Game {
    fn misere(&self) -> PyResult<bool> {
        Ok(self.s()?.convention() == wythoff::Convention::Misere)
    }

    /// The game as a [`Subject`]: every question but `outcome` and `explain`
    /// refuses a huge m-Modular game as the catalogue does.
    fn s(&self) -> PyResult<&Subject> {
        self.spec.subject().map_err(to_py_err)
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (spec, misere = false))]
    fn new(spec: &str, misere: bool) -> PyResult<Game> {
        let game = GameSpec::from_arg(spec, misere, read_rules_file).map_err(|e| match e {
            GameArgError::Read { error, .. } => error,
            GameArgError::Rules { error, .. } => to_py_err(error.into()),
        })?;
        let shown = match &game {
            GameSpec::Game(s) if s.named.is_none() => spec.to_string(),
            g => g.label(),
        };
        let repr = if misere {
            format!("Game({shown:?}, misere=True)")
        } else {
            format!("Game({shown:?})")
        };
        Ok(Game { spec: game, repr })
    }

    /// A game from the text of a TOML rules file (the format of docs/guide.md).
    #[staticmethod]
    #[pyo3(signature = (toml_text, misere = false))]
    fn from_rules(toml_text: &str, misere: bool) -> PyResult<Game> {
        let s = Subject::from_rules(toml_text, misere).map_err(|e| to_py_err(e.into()))?;
        let repr = format!(
            "Game.from_rules(<rules {:?}>{})",
            s.label,
            if s.convention() == wythoff::Convention::Misere {
                ", misere=True"
            } else {
                ""
            }
        );
        Ok(Game {
            spec: GameSpec::Game(s),
            repr,
        })
    }

    fn __repr__(&self) -> String {
        self.repr.clone()
    }

    /// The canonical spec (`name:key=value,...`, defaults filled in) or the rules file's name.
    #[getter]
    fn spec(&self) -> String {
        self.spec.label()
    }

    /// The catalogue name (e.g. `m-wythoff`), or the rules file's `name`.
    #[getter]
    fn name(&self) -> PyResult<String> {
        let s = self.s()?;
        Ok(match &s.named {
            Some(ng) => ng.entry_name.to_string(),
            None => s.label.clone(),
        })
    }

    /// Parameter values: ints, and length sets as text (empty for a rules file).
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.s()?.params() {
            match v {
                ParamValue::Int(i) => d.set_item(k, i)?,
                ParamValue::Set(t) => d.set_item(k, t)?,
            }
        }
        Ok(d)
    }

    /// The paper and place that define the game (`"rules file"` for a rules file).
    #[getter]
    fn source(&self) -> PyResult<String> {
        Ok(self
            .s()?
            .entry()
            .map_or_else(|| "rules file".to_string(), |e| e.source.to_string()))
    }

    /// Are the rules symmetric under swapping the piles?
    #[getter]
    fn symmetric(&self) -> PyResult<bool> {
        Ok(self.s()?.symmetric())
    }

    /// True for misère play (the player who cannot move wins).
    #[getter(misere)]
    fn misere_py(&self) -> PyResult<bool> {
        self.misere()
    }

    /// "normal play" or "misère play".
    #[getter]
    fn convention(&self) -> PyResult<String> {
        Ok(self.s()?.convention_text())
    }

    /// The P-positions (x, y) with 0 <= x, y < n, sorted by x then y (the csv
    /// order of `wythoff p-positions`): a numpy uint64 array of shape (k, 2).
    /// Games with memory (imitation): P as starting positions (no history).
    fn p_positions<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let n = board_side(n, "n")?;
        let s = self.s()?;
        let ps = run(py, |c| answer::p_positions_list(s, n, &mut |_, _| check(c)))?;
        let k = ps.len();
        let flat: Vec<u64> = ps.into_iter().flat_map(|(x, y)| [x, y]).collect();
        Ok(PyArray1::from_vec(py, flat).reshape([k, 2])?.into_any())
    }

    /// The outcomes on the n x n board: a numpy bool array of shape (n, n),
    /// `True` = P-position, `[x, y]` = piles (x, y). Cells of a removed corner
    /// are not positions (`False`). MemoryError before allocating a table that
    /// would not fit.
    fn outcomes<'py>(&self, py: Python<'py>, n: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let n = board_side(n, "n")?;
        let s = self.s()?;
        let cells = run(py, |c| answer::outcome_table(s, n, &mut |_, _| check(c)))?;
        let n = n as usize;
        Ok(PyArray1::from_vec(py, cells).reshape([n, n])?.into_any())
    }

    /// The Sprague-Grundy values on the n x n board: a numpy uint32 array of
    /// shape (n, n), `[x, y]` = g(x, y); cells of a removed corner hold
    /// 4294967295 (the dtype's maximum, `wythoff.GRUNDY_OFF`). ValueError for
    /// games without Grundy values (blocking, misère, memory, choice).
    fn grundy<'py>(&self, py: Python<'py>, n: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let n = board_side(n, "n")?;
        let s = self.s()?;
        let t = run(py, |c| answer::grundy_table(s, n, &mut |_, _| check(c)))?;
        let n = n as usize;
        Ok(PyArray1::from_vec(py, t.into_values())
            .reshape([n, n])?
            .into_any())
    }

    /// The positions of Grundy value 0..=values on the n x n board, computed
    /// level by level without the n x n table (`grundy --values 0..G`): a numpy
    /// uint32 array of shape (k, 3), rows (x, y, g) by g, then x, then y. For
    /// games whose one-pile moves take every length on both piles (n up to
    /// 2^31); ValueError for other games (use `grundy(n)`) and games without
    /// Grundy values; MemoryError over the memory budget, before any work.
    fn grundy_levels<'py>(
        &self,
        py: Python<'py>,
        values: &Bound<'py, PyAny>,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let range = answer::parse_values(&format!("0..{}", whole_text(values, "values")?))
            .map_err(to_py_err)?;
        let n = answer::parse_levels_max(&whole_text(n, "n")?).map_err(to_py_err)?;
        let s = self.s()?;
        let flat = run(py, |c| {
            let plan = answer::grundy_levels_plan(s, n, range.1)?;
            // beside the kernel, the list held here: at most one position a
            // row and level (terminal sets aside), 12 bytes each
            let need = (range.1 + 1)
                .saturating_mul(n)
                .saturating_mul(12)
                .saturating_add(plan.memory);
            let budget = wythoff::solve::memory_budget();
            if need > budget {
                return Err(SolveError::OverMemory {
                    arg: wythoff::Arg::Max,
                    n,
                    what: Some("the Grundy level sets".into()),
                    need,
                    budget,
                });
            }
            let mut v: Vec<u32> = Vec::new();
            answer::grundy_levels(s, n, range, &mut |_, _| check(c), &mut |g, x, y| {
                v.extend_from_slice(&[x, y, g])
            })?;
            Ok(v)
        })?;
        let k = flat.len() / 3;
        Ok(PyArray1::from_vec(py, flat).reshape([k, 3])?.into_any())
    }

    /// The outcome of (x, y): `("P" | "N", [(x1, y1), ...])`, the winning moves
    /// (positions moved to) for N, as Python ints of any size (exact oracles
    /// answer huge positions); `None` in place of the list where a proved
    /// automaton answered an N-position (membership only: its winning moves are
    /// not computed). `history`: games with memory only, the positions before
    /// (x, y), oldest first (the first is the starting one).
    #[pyo3(signature = (x, y, history = None))]
    fn outcome<'py>(
        &self,
        py: Python<'py>,
        x: &Bound<'py, PyAny>,
        y: &Bound<'py, PyAny>,
        history: Option<Vec<(u64, u64)>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let a = self.answer(py, x, y, history)?;
        let moves = PyList::empty(py);
        for (a, b) in &a.moves {
            moves.append((py_int(py, a)?, py_int(py, b)?))?;
        }
        let moves = if moves_not_computed(&a) {
            py.None().into_bound(py)
        } else {
            moves.into_any()
        };
        PyTuple::new(
            py,
            [a.outcome.to_string().into_pyobject(py)?.into_any(), moves],
        )
    }

    /// `outcome` with its explanations: a dict with `outcome`, `moves` (None
    /// where not computed, as in `outcome`), `notes` (the CLI's `# ` lines),
    /// `oracle` (the exact oracle that answered, or None) and `proof` (the proof
    /// a proved automaton's answer rests on, as `outcome --format json` names
    /// it, or None).
    #[pyo3(signature = (x, y, history = None))]
    fn explain<'py>(
        &self,
        py: Python<'py>,
        x: &Bound<'py, PyAny>,
        y: &Bound<'py, PyAny>,
        history: Option<Vec<(u64, u64)>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let a = self.answer(py, x, y, history)?;
        let moves = PyList::empty(py);
        for (a, b) in &a.moves {
            moves.append((py_int(py, a)?, py_int(py, b)?))?;
        }
        let d = PyDict::new(py);
        d.set_item("outcome", a.outcome.to_string())?;
        if moves_not_computed(&a) {
            d.set_item("moves", py.None())?;
        } else {
            d.set_item("moves", moves)?;
        }
        let proof = match &a.proof {
            Some(p) => json_to_py(
                py,
                &serde_json::to_value(p).map_err(|e| PyValueError::new_err(e.to_string()))?,
            )?,
            None => py.None().into_bound(py),
        };
        d.set_item("notes", a.notes)?;
        d.set_item("oracle", a.oracle)?;
        d.set_item("proof", proof)?;
        Ok(d)
    }

    /// What a computation would cost and which kernel answers it, without
    /// doing it (the CLI's `--plan`, from the library's one cost model): a dict
    /// with `kernel`, `memory` (peak bytes), `seconds`, `milliseconds`,
    /// `threads`, `complexity`, `refused` (None, or `reason` and `message`) and
    /// more. `work`: "p-positions", "grundy", "remoteness" (n: the board's
    /// side) or "sequence" (n: the terms), each as this module's method of
    /// that name computes it (lists held as arrays).
    fn plan<'py>(
        &self,
        py: Python<'py>,
        work: &str,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let s = self.s()?;
        // Python has the memory budget and no time bound
        let bound = wythoff::solve::cost::Bound::memory_only();
        let p = match work {
            "p-positions" => answer::plan_p_positions(s, board_side(n, "n")?, true, bound),
            "grundy" => answer::plan_grundy(s, board_side(n, "n")?, bound),
            "remoteness" => answer::plan_remoteness(s, board_side(n, "n")?, bound),
            "sequence" => {
                let terms = answer::parse_terms(&whole_text(n, "n")?).map_err(to_py_err)?;
                answer::plan_sequence(s, terms, false, true, bound)
            }
            w => return Err(PyValueError::new_err(format!(
                "work = {w:?}: allowed \"p-positions\", \"grundy\", \"remoteness\", \"sequence\""
            ))),
        }
        .map_err(to_py_err)?;
        let v = p.json(&|e| to_py_err(e.clone()).value(py).to_string());
        py.import("json")?.call_method1("loads", (v.to_string(),))
    }

    /// The pairs (a_n, b_n), n = 0 .. terms - 1, that define the P-positions
    /// (`wythoff sequence`): a numpy uint64 array of shape (terms, 2), fewer
    /// rows when the list is finite (modular).
    /// Catalogue games in normal play with a kernel or an exact oracle.
    /// With `value = g`: the pairs `(a, b)`, `a <= b`, of the positions of
    /// Grundy value `g`, by increasing `a` (`wythoff sequence --value g`).
    #[pyo3(signature = (terms, value = None))]
    fn sequence<'py>(
        &self,
        py: Python<'py>,
        terms: &Bound<'py, PyAny>,
        value: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let terms = answer::parse_terms(&whole_text(terms, "terms")?).map_err(to_py_err)?;
        let s = self.s()?;
        let flat = match value {
            None => run(py, |c| {
                answer::sequence_list(s, terms, &mut |_, _| check(c))
            })?,
            Some(v) => {
                let g = answer::parse_value(&whole_text(v, "value")?).map_err(to_py_err)?;
                let bound = wythoff::solve::cost::Bound {
                    memory: wythoff::solve::memory_budget(),
                    seconds: u64::MAX,
                };
                run(py, |c| {
                    answer::value_pairs_list(s, g, terms, bound, &mut |_, _| check(c))
                })?
            }
        };
        let k = flat.len() / 2;
        Ok(PyArray1::from_vec(py, flat).reshape([k, 2])?.into_any())
    }

    /// The `n`-th pair `(a, b)`, `a <= b`, of Wythoff's positions of Grundy
    /// value `value` (`wythoff sequence wythoff --value G --from N --terms 1
    /// --format json`), with what it rests on: a dict with `n`, `a`, `b`,
    /// `value`, `basis` ("proved": value 0, Wythoff's closed form, exact for
    /// every `n <= 10**18`; "computed": the level kernel's board, values >= 1),
    /// `conjecture` (None) and `nivasch` (his O(log n) algorithm, not built).
    /// Wythoff's game only; a far `n` for a value >= 1 is refused (ValueError).
    fn value_position<'py>(
        &self,
        py: Python<'py>,
        value: &Bound<'py, PyAny>,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let g = answer::parse_value(&whole_text(value, "value")?).map_err(to_py_err)?;
        let n: u64 = whole_text(n, "n")?.parse().map_err(|_| {
            PyValueError::new_err("n is over the largest index answered (10**18)".to_string())
        })?;
        let s = self.s()?;
        let bound = wythoff::solve::cost::Bound {
            memory: wythoff::solve::memory_budget(),
            seconds: u64::MAX,
        };
        let (a, b, plan) = run(py, |c| {
            answer::value_position(s, g, n, bound, &mut |_, _| check(c))
        })?;
        let mut j = plan.json();
        j["n"] = n.into();
        j["a"] = a.into();
        j["b"] = b.into();
        py.import("json")?.call_method1("loads", (j.to_string(),))
    }
    /// `wythoff plot GAME --max N -o PATH`: write the picture of the board (PNG or
    /// SVG by the path's extension), the same bytes as the binary writes:
    /// P-positions (seed 000's shaded by `parts`: "variant", "index" or "none"),
    /// Imitation Nim's classes, or with `grundy=True` / `remoteness=True` a heatmap.
    #[pyo3(signature = (n, path, grundy = false, remoteness = false, parts = "variant"))]
    fn plot(
        &self,
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        path: std::path::PathBuf,
        grundy: bool,
        remoteness: bool,
        parts: &str,
    ) -> PyResult<()> {
        let format =
            wythoff_render::plot::ImageFormat::from_path(&path).map_err(PyValueError::new_err)?;
        let n = board_side(n, "n")?;
        let bytes = self.picture_bytes(py, n, grundy, remoteness, parts, format)?;
        std::fs::write(&path, bytes)
            .map_err(|e| PyOSError::new_err(format!("cannot write `{}`: {e}", path.display())))
    }

    /// The P-position picture of the board of side 64 as PNG (what Jupyter shows
    /// for a `Game`).
    fn _repr_png_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.picture_bytes(
            py,
            64,
            false,
            false,
            "variant",
            wythoff_render::plot::ImageFormat::Png,
        )?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The structure of the board 0 <= x, y < n (`wythoff patterns --format
    /// json`), as a dict: finite, periodic and pairs patterns, and with
    /// `grundy=True` the additive periodicity of the Grundy rows. Default n: 1024.
    #[pyo3(signature = (n = None, grundy = false))]
    fn patterns<'py>(
        &self,
        py: Python<'py>,
        n: Option<&Bound<'py, PyAny>>,
        grundy: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let n = match n {
            Some(v) => answer::parse_max(&whole_text(v, "n")?).map_err(to_py_err)? as usize,
            None => wythoff::patterns::DEFAULT_MAX,
        };
        let s = self.s()?;
        let rep = run(py, |c| {
            wythoff::patterns::find_with_progress(&s.game, &s.label, n, grundy, &mut |_, _| {
                check(c)
            })
        })?;
        json_to_py(
            py,
            &serde_json::to_value(&rep).expect("json of plain values"),
        )
    }
}

impl Game {
    /// The bytes of the picture `wythoff plot` draws for this game.
    fn picture_bytes(
        &self,
        py: Python<'_>,
        n: u64,
        grundy: bool,
        remoteness: bool,
        parts: &str,
        format: wythoff_render::plot::ImageFormat,
    ) -> PyResult<Vec<u8>> {
        use wythoff_render::pictures::{self, Parts, PLOT_MAX};
        if n == 0 || n > PLOT_MAX {
            return Err(PyValueError::new_err(format!(
                "n = {n} is out of range for a picture: allowed 1..={PLOT_MAX}"
            )));
        }
        if grundy && remoteness {
            return Err(PyValueError::new_err(
                "grundy and remoteness are two different pictures: choose one",
            ));
        }
        let parts = match parts {
            "variant" => Parts::Variant,
            "index" => Parts::Index,
            "none" => Parts::None,
            other => {
                return Err(PyValueError::new_err(format!(
                    "parts={other:?}: allowed \"variant\", \"index\", \"none\""
                )))
            }
        };
        let s = self.s()?;
        run(py, |_| {
            let pic = if remoteness {
                pictures::remoteness_picture(s, n)
            } else {
                pictures::picture(s, n as usize, grundy, parts)
            }
            .map_err(|e| match e.downcast::<SolveError>() {
                Ok(se) => se,
                Err(other) => SolveError::BadInput(other.to_string()),
            })?;
            wythoff_render::plot::render(&pic, format).map_err(SolveError::BadInput)
        })
    }

    fn answer(
        &self,
        py: Python<'_>,
        x: &Bound<'_, PyAny>,
        y: &Bound<'_, PyAny>,
        history: Option<Vec<(u64, u64)>>,
    ) -> PyResult<answer::OutcomeAnswer> {
        let xs = answer::parse_pile(&whole_text(x, "x")?, "X").map_err(to_py_err)?;
        let ys = answer::parse_pile(&whole_text(y, "y")?, "Y").map_err(to_py_err)?;
        let history = history.unwrap_or_default();
        let spec = self.spec.clone();
        run_owned(py, move |_| {
            answer::outcome_of(&spec, &xs, &ys, &history, None).map(|l| l.answer)
        })
    }
}

/// A proved automaton's N answer: its winning moves are not computed.
fn moves_not_computed(a: &answer::OutcomeAnswer) -> bool {
    a.proof.is_some() && a.outcome == wythoff::Outcome::N
}

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
    let r = run_owned(py, move |_| {
        Ok(wythoff_walnut::prove(&req, emit.as_deref()))
    })?
    .map_err(prove_err)?;
    let v = serde_json::to_value(&r).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    json_to_py(py, &v)
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
    }
}

fn convention(misere: bool) -> wythoff::Convention {
    if misere {
        wythoff::Convention::Misere
    } else {
        wythoff::Convention::Normal
    }
}

/// The numbers of the combinations of a sweep that will be solved, in the
/// sweep's order (skipped ones left out); refuses a sweep with nothing to run
/// or one over the memory budget (`threads` boards at once).
#[pyfunction]
#[pyo3(signature = (spec, max, misere = false, threads = 1))]
fn sweep_indices(
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
    threads: usize,
) -> PyResult<Vec<u64>> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let plan = wythoff::sweep::Plan::new(&sp, (1, 1), max, convention(misere));
    let t = threads.clamp(1, plan.runnable().max(1) as usize);
    plan.check(max, t, wythoff::solve::memory_budget())
        .map_err(to_py_err)?;
    Ok(plan.runnable_indices())
}

/// Every record of a sweep as json lines, in the sweep's order, solved by the
/// library's `sweep::run` on rayon's pool (every core, as the CLI's `sweep`);
/// refused before solving when the boards at once would not fit the memory
/// budget. Stops on Ctrl-C between batches.
#[pyfunction]
#[pyo3(signature = (spec, max, misere = false))]
fn sweep_lines(
    py: Python<'_>,
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
) -> PyResult<Vec<String>> {
    let (plan, max, conv, _) = whole_sweep(spec, max, misere)?;
    plan_lines(py, &plan, max, conv, None)
}

/// The plan of a whole sweep on rayon's pool, refused when the boards at once
/// would not fit the memory budget: (plan, board side, convention, workers).
fn whole_sweep(
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
) -> PyResult<(wythoff::sweep::Plan, u64, wythoff::Convention, usize)> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let conv = convention(misere);
    let plan = wythoff::sweep::Plan::new(&sp, (1, 1), max, conv);
    let t = rayon::current_num_threads().clamp(1, plan.runnable().max(1) as usize);
    plan.check(max, t, wythoff::solve::memory_budget())
        .map_err(to_py_err)?;
    Ok((plan, max, conv, t))
}

/// Every record of `plan` as json lines (with `prove`, a proof sweep's),
/// stopping on Ctrl-C between records.
fn plan_lines(
    py: Python<'_>,
    plan: &wythoff::sweep::Plan,
    max: u64,
    conv: wythoff::Convention,
    prove: Option<&wythoff::sweep::ProofHook<'_>>,
) -> PyResult<Vec<String>> {
    run(py, |cancel| {
        let mut out = Vec::new();
        wythoff::sweep::run_with::<SolveError>(
            plan,
            max as usize,
            conv,
            prove,
            &mut |_, _| check(cancel),
            &mut |r| {
                out.push(r.json_line());
                Ok(())
            },
        )?;
        Ok(out)
    })
}

/// The identity this library writes on every record of the sweep (`"sweep"`
/// of a json record, shard 1/1), as json: what `wythoff.sweep` checks the
/// records gathered from a cluster against.
#[pyfunction]
#[pyo3(signature = (spec, max, misere = false, prove = None))]
fn sweep_identity(
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
    prove: Option<String>,
) -> PyResult<String> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let mut id = wythoff::sweep::Identity::new(&sp, max, convention(misere));
    id.prove = prove;
    Ok(id.json((1, 1)))
}

/// The options of a proof sweep (`sweep --prove`'s), checked as the CLI checks them.
fn proof_options(
    prove_max: Option<u64>,
    states: Option<usize>,
    timeout: Option<u64>,
    numeration: Option<&str>,
    java_memory_mib: Option<u64>,
    emit: Option<std::path::PathBuf>,
) -> PyResult<wythoff_walnut::sweep::Options> {
    let mut o = wythoff_walnut::sweep::Options::default();
    if let Some(n) = prove_max {
        o.board = n;
    }
    if let Some(n) = states {
        o.states = n;
    }
    if let Some(t) = timeout {
        o.timeout = t;
    }
    o.numeration = numeration.map(str::to_string);
    if let Some(m) = java_memory_mib {
        o.java_memory_mib = m;
    }
    o.emit = emit;
    use wythoff::prove::{ProveArg, ProveError};
    use wythoff_walnut::sweep::OptionError;
    o.check().map_err(|e| {
        PyValueError::new_err(match e {
            OptionError::Prove(ProveError::BadArg { arg, value, why }) => {
                let name = match arg {
                    ProveArg::Max => "prove_max",
                    a => a.name(),
                };
                format!("{name} = {value}: {why}")
            }
            OptionError::Prove(e) => e.to_string(),
            OptionError::JavaMemory(m) => {
                format!("java_memory_mib = {m}: allowed 64 to 1048576 (MiB)")
            }
        })
    })?;
    Ok(o)
}

/// The Walnut of this machine for `o`: a RuntimeError when java or the jar is missing.
fn walnut_here(o: &wythoff_walnut::sweep::Options) -> PyResult<wythoff_walnut::Walnut> {
    wythoff_walnut::sweep::walnut(o).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// The check a proof sweep runs on every worker first: Java and the Walnut
/// jar are there (else RuntimeError); returns the sweep's `prove` identity on
/// this machine (the options, Walnut's version and the jar's SHA-256).
#[pyfunction]
#[pyo3(signature = (prove_max = None, states = None, timeout = None, numeration = None))]
fn walnut_check(
    prove_max: Option<u64>,
    states: Option<usize>,
    timeout: Option<u64>,
    numeration: Option<&str>,
) -> PyResult<String> {
    let o = proof_options(prove_max, states, timeout, numeration, None, None)?;
    Ok(o.identity(&walnut_here(&o)?))
}

/// The runnable combinations of a sweep grouped by distinct game (the same
/// moves), each group its first combination first, the groups in the order of
/// their first: the tasks of a proof sweep spread over a cluster.
#[pyfunction]
#[pyo3(signature = (spec, max, misere = false))]
fn sweep_groups(spec: &str, max: &Bound<'_, PyAny>, misere: bool) -> PyResult<Vec<Vec<u64>>> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let mut plan = wythoff::sweep::Plan::new(&sp, (1, 1), max, convention(misere));
    plan.check(max, 1, wythoff::solve::DEFAULT_MEMORY_BUDGET)
        .map_err(to_py_err)?;
    plan.group_distinct();
    let mut groups: Vec<Vec<u64>> = Vec::new();
    let mut at: std::collections::HashMap<u64, usize> = Default::default();
    for (i, rep) in plan.representatives().expect("grouped") {
        let g = *at.entry(rep).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(i);
    }
    Ok(groups)
}

/// Every record of a proof sweep (`wythoff sweep SPEC --prove --format json`)
/// in this process: the CLI's code, each distinct game proved once, as many
/// Java processes at once as fit in the memory budget.
#[pyfunction]
#[pyo3(signature = (spec, max, misere = false, prove_max = None, states = None, timeout = None, numeration = None, java_memory_mib = None, emit = None))]
#[allow(clippy::too_many_arguments)]
fn sweep_prove_lines(
    py: Python<'_>,
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
    prove_max: Option<u64>,
    states: Option<usize>,
    timeout: Option<u64>,
    numeration: Option<&str>,
    java_memory_mib: Option<u64>,
    emit: Option<std::path::PathBuf>,
) -> PyResult<Vec<String>> {
    let o = proof_options(
        prove_max,
        states,
        timeout,
        numeration,
        java_memory_mib,
        emit,
    )?;
    let (mut plan, max, conv, workers) = whole_sweep(spec, max, misere)?;
    let budget = wythoff::solve::memory_budget();
    let w = walnut_here(&o)?;
    plan.identity.prove = Some(o.identity(&w));
    plan.group_distinct();
    let java = wythoff_walnut::sweep::java_processes(budget, plan.memory_estimate(workers), workers, &o)
        .ok_or_else(|| {
            PyMemoryError::new_err(format!(
                "one Java process of java_memory_mib = {} (and its overhead) does not fit in the memory budget beside the sweep: use a smaller java_memory_mib",
                o.java_memory_mib
            ))
        })?;
    let prover = wythoff_walnut::sweep::Prover::new(o, w, java, Box::new(|_| {}));
    let hook = |rep: u64, g: &wythoff::catalogue::NamedGame| prover.proof(rep, g);
    plan_lines(py, &plan, max, conv, Some(&hook))
}

/// The records of one group of [`sweep_groups`] (one distinct game, proved
/// once, on this machine's Walnut), as json lines: the task of a proof sweep
/// spread over a cluster.
#[pyfunction]
#[pyo3(signature = (spec, indices, max, misere = false, prove_max = None, states = None, timeout = None, numeration = None, java_memory_mib = None))]
#[allow(clippy::too_many_arguments)]
fn sweep_prove_group(
    py: Python<'_>,
    spec: &str,
    indices: Vec<u64>,
    max: &Bound<'_, PyAny>,
    misere: bool,
    prove_max: Option<u64>,
    states: Option<usize>,
    timeout: Option<u64>,
    numeration: Option<&str>,
    java_memory_mib: Option<u64>,
) -> PyResult<Vec<String>> {
    let max = board_side(max, "max")?;
    let o = proof_options(
        prove_max,
        states,
        timeout,
        numeration,
        java_memory_mib,
        None,
    )?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let conv = convention(misere);
    let w = walnut_here(&o)?;
    let identity = o.identity(&w);
    let prover = wythoff_walnut::sweep::Prover::new(o, w, 1, Box::new(|_| {}));
    let hook = |rep: u64, g: &wythoff::catalogue::NamedGame| prover.proof(rep, g);
    let rep = *indices
        .first()
        .ok_or_else(|| PyValueError::new_err("sweep_prove_group: no combination"))?;
    run(py, |_| {
        let mut out = Vec::new();
        for &i in &indices {
            let mut r = wythoff::sweep::run_one(&sp, i, max as usize, conv)?;
            let here = sp.combination(i).game.map_err(SolveError::BadInput)?;
            r.proof = Some(wythoff::sweep::proof_of(&sp, i, rep, &here, conv, &hook)?);
            r.sweep.prove = Some(identity.clone());
            out.push(r.json_line());
        }
        Ok(out)
    })
}

/// The record of one combination of a sweep, as a json line (`wythoff sweep
/// --format json`); the task of a sweep spread over a cluster.
#[pyfunction]
#[pyo3(signature = (spec, index, max, misere = false))]
fn sweep_one(
    py: Python<'_>,
    spec: &str,
    index: u64,
    max: &Bound<'_, PyAny>,
    misere: bool,
) -> PyResult<String> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    run(py, |_| {
        wythoff::sweep::run_one(&sp, index, max as usize, convention(misere)).map(|r| r.json_line())
    })
}

#[pymodule]
fn _wythoff(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(prove, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_indices, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_one, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_identity, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_lines, m)?)?;
    m.add_function(wrap_pyfunction!(walnut_check, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_groups, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_prove_lines, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_prove_group, m)?)?;
    m.add("GRUNDY_OFF", u32::MAX)?;
    m.add("MAX_BOARD", answer::MAX_BOARD)?;
    Ok(())
}
