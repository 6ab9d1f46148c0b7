//! Long work on a worker thread: the caller waits with the GIL released, checks for
//! signals, and a Ctrl-C unwinds the worker with `Cancelled`.

use super::*;

/// Unwind (to stop the computation) once Ctrl-C was seen.
pub(crate) fn check(cancel: &AtomicBool) {
    if cancel.load(Ordering::Relaxed) {
        resume_unwind(Box::new(Cancelled));
    }
}

/// What a worker thread hands back: its result, or the payload of its panic.
type Outcome<T> = std::thread::Result<Result<T, SolveError>>;

/// Run `f` on a worker thread, the GIL released, stopping it on Ctrl-C: for
/// work whose progress callback calls [`check`] (it stops at its next report).
pub(crate) fn run<T: Send>(
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
pub(crate) fn run_owned<T: Send + 'static>(
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
pub(crate) fn wait<T: Send>(
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
