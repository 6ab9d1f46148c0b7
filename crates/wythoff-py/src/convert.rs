//! Python arguments to the library's values (board sides, whole numbers as text) and
//! back (Python ints, JSON to Python objects).

use super::*;

/// A Python int (of any size) as a board side (`--max`).
pub(crate) fn board_side(n: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    answer::parse_max(&whole_text(n, name)?).map_err(to_py_err)
}

/// The decimal text of a whole-number argument (the parameter `name`): a Python int of any size, or
/// any integer type with `__index__` (NumPy's); bool, float, str and the rest
/// are refused with a ValueError. Read through the int's bytes, so Python's
/// limit on int-to-str conversion does not apply.
pub(crate) fn whole_text(v: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
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
pub(crate) fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// A natural number as a Python int (through its bytes: no int-from-str
/// limit).
pub(crate) fn py_int<'py>(
    py: Python<'py>,
    v: &wythoff::oracle::Natural,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = v
        .to_limbs_asc()
        .iter()
        .flat_map(|l| l.to_le_bytes())
        .collect();
    py.get_type::<PyInt>()
        .call_method1("from_bytes", (PyBytes::new(py, &bytes), "little"))
}

pub(crate) fn json_to_py<'py>(
    py: Python<'py>,
    v: &serde_json::Value,
) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (v.to_string(),))
}
