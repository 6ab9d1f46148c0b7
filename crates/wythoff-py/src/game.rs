//! `wythoff.Game`: one game (a catalogue spec or a rules file) and its questions.

use wythoff::Admit;
use super::*;

/// A game of the Wythoff family, in normal or misère play.
///
/// `Game(spec, misere=False)`: `spec` as on the command line, a catalogue game
/// `name` or `name:key=value,...` (see `wythoff.games()`), or the path of a TOML
/// rules file (ending in `.toml`, or starting with `file:`).
/// `Game.from_rules(toml_text)`: a game from the text of a rules file.
#[pyclass(frozen, module = "wythoff", name = "Game")]
pub(crate) struct Game {
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
            // values above what the board holds: refused (or cut) first
            let range = answer::levels_values(s, n, range)?;
            // beside the kernel, the list held here, 12 bytes a position (a
            // terminal set's cells all in level 0: counted by the plan)
            let plan =
                answer::grundy_levels_plan(s, n, range, wythoff::solve::cost::Listing::held(12))?;
            plan.admit(wythoff::solve::cost::Bound::memory_only())?;
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
    /// automaton answered an N-position and its winning moves could not be
    /// computed (a choice game, moves reaching unboundedly many diagonals). `history`: games with memory only, the positions before
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

    /// Grundy rows a..=b (rows 0..=b computed, each over `columns` columns;
    /// default 2^20, as the CLI's), each certified additively periodic where
    /// the row certificate applies: the list of dicts of `wythoff rows GAME
    /// --rows A..B --columns Y --format json` (`row`, `preperiod`, `period`,
    /// `saltus`, `proved`, the certificate's facts). ValueError where the
    /// row kernel does not answer the game or the rows or columns are out of
    /// range; the memory budget is checked first (no time bound, as Python's).
    #[pyo3(signature = (a, b, columns = None))]
    fn rows<'py>(
        &self,
        py: Python<'py>,
        a: &Bound<'py, PyAny>,
        b: &Bound<'py, PyAny>,
        columns: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let rows = answer::parse_rows(&format!("{}..{}", whole_text(a, "a")?, whole_text(b, "b")?))
            .map_err(to_py_err)?;
        let columns = match columns {
            Some(c) => answer::parse_columns(&whole_text(c, "columns")?).map_err(to_py_err)?,
            None => answer::DEFAULT_ROW_COLUMNS,
        };
        let s = self.s()?.clone();
        let report = run_owned(py, move |_| {
            answer::grundy_rows(
                &s,
                rows,
                columns,
                wythoff::solve::cost::Bound::memory_only(),
                &mut |_, _| {},
            )
            .map(|(r, _)| r)
        })?;
        let v = serde_json::to_value(&report).map_err(|e| PyValueError::new_err(e.to_string()))?;
        json_to_py(py, &v)
    }

    /// The P-positions (x, y) of row x, at any size: a list of (x, y) tuples of
    /// Python ints, sorted, with y < below (None: the whole row, where the
    /// game's exact oracle or its shipped proved automaton bounds it), as
    /// `wythoff p-positions GAME --row X [--below Y]`. ValueError where no
    /// oracle or proved automaton answers rows.
    #[pyo3(signature = (x, below = None))]
    fn p_positions_row<'py>(
        &self,
        py: Python<'py>,
        x: &Bound<'py, PyAny>,
        below: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let xs = answer::parse_pile(&whole_text(x, "x")?, "x").map_err(to_py_err)?;
        let bs = match below {
            Some(b) => {
                Some(answer::parse_pile(&whole_text(b, "below")?, "below").map_err(to_py_err)?)
            }
            None => None,
        };
        let s = self.s()?.clone();
        let ans = run_owned(py, move |_| {
            answer::p_positions_in_row(&s, &xs, bs.as_ref())
        })?;
        let out = PyList::empty(py);
        for y in &ans.ys {
            out.append((py_int(py, &ans.x)?, py_int(py, y)?))?;
        }
        Ok(out)
    }

    /// `outcome` with its explanations: a dict with `outcome`, `moves` (None
    /// where not computed, as in `outcome`), `notes` (the CLI's `# ` lines),
    /// `oracle` (the exact oracle that answered, or None), `proof` (the proof
    /// a proved automaton's answer rests on, as `outcome --format json` names
    /// it, or None) and `grundy` (the position's Grundy value where known:
    /// `value` and `basis`, as `outcome --format json` gives them, or None).
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
        // the position's Grundy value where known (`outcome --format json`'s
        // `grundy`, the value a Python int), else None
        let grundy = match &a.grundy {
            Some(g) => {
                let gd = PyDict::new(py);
                gd.set_item("value", py_int(py, &g.value)?)?;
                gd.set_item(
                    "basis",
                    json_to_py(
                        py,
                        &serde_json::to_value(&g.basis)
                            .map_err(|e| PyValueError::new_err(e.to_string()))?,
                    )?,
                )?;
                gd.into_any()
            }
            None => py.None().into_bound(py),
        };
        d.set_item("notes", a.notes)?;
        d.set_item("oracle", a.oracle)?;
        d.set_item("proof", proof)?;
        d.set_item("grundy", grundy)?;
        // a game with a pass not yet used: does passing win? (`outcome --format
        // json`'s `winning_pass`; the key only for a game with a pass)
        if let Some(p) = a.pass {
            d.set_item("winning_pass", p)?;
        }
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
            w => {
                return Err(PyValueError::new_err(format!(
                "work = {w:?}: allowed \"p-positions\", \"grundy\", \"remoteness\", \"sequence\""
            )))
            }
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
                let bound = wythoff::solve::cost::Bound::memory_only();
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
        let bound = wythoff::solve::cost::Bound::memory_only();
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

/// A proved automaton's N answer whose winning moves were not computed (an
/// N-position has at least one winning move: an empty list means not computed).
pub(crate) fn moves_not_computed(a: &answer::OutcomeAnswer) -> bool {
    a.proof.is_some() && a.outcome == wythoff::Outcome::N && a.moves.is_empty()
}
