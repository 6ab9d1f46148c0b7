//! Proof sweeps (`wythoff sweep SPEC --prove`, `wythoff.sweep(..., prove=True)`):
//! one game of a sweep proved by the library's `prove::prepare`, [`crate::run`]
//! and `prove::read_answers`, each distinct game once, a bounded number of Java
//! processes at once. [`prove_one`] is the one adapter between a sweep and
//! `prove`: the record types and the grouping of distinct games are the
//! library's (`wythoff::sweep_proof`); this file runs Walnut.

use crate::{read_answers, run, Walnut};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Instant;
use wythoff::answer::Subject;
use wythoff::catalogue::NamedGame;
use wythoff::error::SolveError;
use wythoff::prove::{prepare, ProveArg, ProveError, Request};
use wythoff::sweep_proof::{ProofRecord, Verdict};

/// The Walnut of a proof sweep: [`Walnut::find`] (the jar, Java, the jar's
/// SHA-256), refused before any game, and so is a jar that is not the pinned
/// Walnut ([`crate::PINNED_JAR_SHA256`]: a sweep of hundreds of games would
/// otherwise record "Walnut failed" for each); each run's heap bounded by
/// `opts`.
pub fn walnut(opts: &Options) -> Result<Walnut, ProveError> {
    let mut w = Walnut::find()?;
    if !w.is_pinned() {
        return Err(ProveError::NotInstalled(format!(
            "{} has sha256 {}, not the pinned Walnut 6.2 jar ({}): a proof sweep runs only the pinned jar; run scripts/install_walnut.sh or set WALNUT_JAR to that jar",
            w.jar.display(),
            w.info.sha256,
            crate::PINNED_JAR_SHA256
        )));
    }
    w.java_heap_mib = Some(opts.java_memory_mib);
    Ok(w)
}

/// The options of every proof of a sweep (those of `wythoff prove`).
#[derive(Clone, Debug)]
pub struct Options {
    /// The board the automaton is guessed from (`prove --max`).
    pub board: u64,
    pub states: usize,
    /// Seconds Walnut may take (each run).
    pub timeout: u64,
    /// The numeration, as `prove --numeration` takes it; `None`: those the
    /// board suggests.
    pub numeration: Option<String>,
    /// Java's heap bound per process (`-Xmx`), MiB.
    pub java_memory_mib: u64,
    /// Write each proved game's WALNUT_HOME under `emit/<game>/<convention>/`.
    pub emit: Option<PathBuf>,
}

/// The default heap of one Walnut process, MiB: the heaviest proof measured
/// here reached 2.7 GB with Java's default heap, 1.8 GB with 3 GiB (the same
/// verdict); see docs/performance.md, "Proof sweeps".
pub const DEFAULT_JAVA_MEMORY_MIB: u64 = 3072;
/// Resident memory of a Java process beyond its heap (code, metaspace,
/// threads), MiB.
pub const JAVA_OVERHEAD_MIB: u64 = 256;

impl Default for Options {
    fn default() -> Options {
        let r = Request::new(Subject::parse("wythoff", false).expect("a catalogue game"));
        Options {
            board: r.max,
            states: r.states,
            timeout: r.timeout,
            numeration: None,
            java_memory_mib: DEFAULT_JAVA_MEMORY_MIB,
            emit: None,
        }
    }
}

/// Why a proof sweep's options are refused: an option of `prove` (checked by
/// the library's [`Request::validate`]), or the Java heap.
#[derive(Debug)]
pub enum OptionError {
    Prove(ProveError),
    JavaMemory(u64),
}

impl Options {
    /// The request of one game.
    fn request(&self, subject: Subject) -> Request {
        Request {
            max: self.board,
            numeration: self.numeration.clone(),
            states: self.states,
            timeout: self.timeout,
            ..Request::new(subject)
        }
    }
    /// Refuse what `prove` refuses (the library's own checks, on a game every
    /// rule accepts) and a heap outside 64 MiB to 1 TiB.
    pub fn check(&self) -> Result<(), OptionError> {
        let probe = Subject::parse("wythoff", false).expect("a catalogue game");
        self.request(probe).validate().map_err(OptionError::Prove)?;
        if !(64..=1 << 20).contains(&self.java_memory_mib) {
            return Err(OptionError::JavaMemory(self.java_memory_mib));
        }
        Ok(())
    }
    /// The sweep's `prove` identity: what makes two proof sweeps' records
    /// comparable (the proof options and the jar; not `-Xmx`, which a verdict
    /// does not depend on unless Walnut fails, nor `emit`).
    pub fn identity(&self, w: &Walnut) -> String {
        format!(
            "board={},states={},timeout={},numeration={},walnut={},jar={}",
            self.board,
            self.states,
            self.timeout,
            self.numeration.as_deref().unwrap_or("auto"),
            w.info.version,
            w.info.sha256
        )
    }
    /// Bytes one Java process may take (heap and overhead).
    pub fn java_bytes(&self) -> u64 {
        (self.java_memory_mib + JAVA_OVERHEAD_MIB) << 20
    }
}

/// The flag of a proof sweep that a [`ProveError::BadArg`] names.
pub fn flag(arg: ProveArg) -> &'static str {
    match arg {
        ProveArg::Max => "--prove-max",
        ProveArg::Numeration => "--numeration",
        ProveArg::States => "--states",
        ProveArg::Timeout => "--timeout",
        ProveArg::Flip => "--flip-cell",
        ProveArg::Value => "--value",
        ProveArg::Family => "--family",
        ProveArg::UpTo => "--up-to",
    }
}

/// Java processes a sweep may run at once: as many as `opts`' heap (and its
/// overhead) fit in `budget` beside the sweep's own `sweep_memory`, at most
/// `workers`; `None` when not even one fits.
pub fn java_processes(
    budget: u64,
    sweep_memory: u64,
    workers: usize,
    opts: &Options,
) -> Option<usize> {
    let n = (budget.saturating_sub(sweep_memory) / opts.java_bytes()).min(workers.max(1) as u64);
    (n > 0).then_some(n as usize)
}

/// The folder of a game's WALNUT_HOME under `--emit DIR`.
pub fn emit_dir(dir: &Path, game: &str, convention: &str) -> PathBuf {
    dir.join(game.replace(['/', '\0'], "_")).join(convention)
}

/// What one proof took (not part of the record: `--timings`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Timing {
    /// The combination proved (the first of its game).
    pub index: u64,
    pub game: String,
    pub convention: String,
    pub verdict: Verdict,
    pub states: Option<usize>,
    /// Wall seconds of the whole proof (board, guess, Java).
    pub seconds: f64,
    /// Walnut's own seconds (its logs).
    pub walnut_seconds: f64,
    pub java_memory_mib: u64,
}

/// Prove one game (in its convention) with `opts`: the record of a proof
/// sweep, the wall seconds and Walnut's own. The one adapter between sweeps
/// and `prove` (`prepare`, [`run`], [`report`]): a refusal of the formulas or
/// Walnut's failure to answer is a verdict; a machine that cannot run Walnut,
/// or a board that cannot be solved, is an error.
pub fn prove_one(
    game: &NamedGame,
    opts: &Options,
    w: &Walnut,
) -> Result<(ProofRecord, f64, f64), ProveError> {
    let convention = match game.game.convention() {
        wythoff::Convention::Misere => "misere",
        _ => "normal",
    };
    let subject = Subject::from_named(game);
    let emit = opts
        .emit
        .as_ref()
        .map(|d| emit_dir(d, &game.canonical, convention));
    let start = Instant::now();
    let mut record = ProofRecord {
        verdict: Verdict::Failed,
        numeration: None,
        states: None,
        witness: None,
        reason: None,
        walnut_version: w.info.version.clone(),
        jar_sha256: w.info.sha256.clone(),
        shared_with: None,
        side_false: Vec::new(),
    };
    let reported = prepare(&opts.request(subject), &mut |_, _| {}).and_then(|plan| {
        let r = run(&plan, w, emit.as_deref())?;
        read_answers(&plan, r.as_ref())
    });
    let mut walnut_seconds = 0.0;
    match reported {
        Ok(r) => {
            record.verdict = r.verdict.into();
            record.numeration = r.numeration;
            record.states = r.states;
            record.witness = r.witness.map(|w| wythoff::sweep_proof::Witness {
                x: w.x,
                y: w.y,
                statement: w.statement,
            });
            record.side_false = r.side_false;
            if let Some(o) = &r.out_of_memory {
                record.reason = Some(format!(
                    "Java ran out of memory, heap {}{}{}",
                    o.heap,
                    o.statement
                        .as_deref()
                        .map(|s| format!(" deciding `{s}`"))
                        .unwrap_or_default(),
                    o.command
                        .as_deref()
                        .map(|c| format!(", in `{c}`"))
                        .unwrap_or_default()
                ));
            }
            walnut_seconds = r.walnut_seconds;
        }
        Err(e @ ProveError::CannotExpress { .. }) => {
            record.verdict = Verdict::CannotBeProved;
            record.reason = Some(e.to_string());
        }
        Err(ProveError::Walnut(why)) => record.reason = Some(why),
        Err(e) => return Err(e),
    }
    Ok((record, start.elapsed().as_secs_f64(), walnut_seconds))
}

/// A counting semaphore: the Java processes at once.
struct Slots {
    free: Mutex<usize>,
    cv: Condvar,
}

impl Slots {
    /// A slot, given back when the guard drops (also when the proof panics:
    /// a lost slot would leave the other workers waiting for ever).
    fn take(&self) -> Slot<'_> {
        let mut f = self.free.lock().unwrap_or_else(|p| p.into_inner());
        while *f == 0 {
            f = self.cv.wait(f).unwrap_or_else(|p| p.into_inner());
        }
        *f -= 1;
        Slot(self)
    }
}

struct Slot<'a>(&'a Slots);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.0.cv.notify_one();
    }
}

type Proved = Arc<OnceLock<Result<ProofRecord, SolveError>>>;

/// The prover of a proof sweep: each distinct game (its representative's
/// number) proved once, by the first worker that asks; the others wait for
/// it. At most `java` proofs run at once.
pub struct Prover {
    pub opts: Options,
    pub walnut: Walnut,
    slots: Slots,
    done: Mutex<HashMap<u64, Proved>>,
    /// Called after each proof run here (not for the ones given by [`Prover::keep`]).
    on_timing: Box<dyn Fn(&Timing) + Send + Sync>,
}

impl Prover {
    pub fn new(
        opts: Options,
        walnut: Walnut,
        java: usize,
        on_timing: Box<dyn Fn(&Timing) + Send + Sync>,
    ) -> Prover {
        Prover {
            opts,
            walnut,
            slots: Slots {
                free: Mutex::new(java.max(1)),
                cv: Condvar::new(),
            },
            done: Mutex::new(HashMap::new()),
            on_timing,
        }
    }
    /// A proof already made (a record kept by `--resume`): not proved again.
    pub fn keep(&self, rep: u64, mut p: ProofRecord) {
        p.shared_with = None;
        let cell: Proved = Arc::new(OnceLock::new());
        let _ = cell.set(Ok(p));
        self.done
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(rep, cell);
    }
    /// The proof of combination `rep` (`game`, in the sweep's convention):
    /// the `wythoff::sweep::ProofHook` of a sweep.
    pub fn proof(&self, rep: u64, game: &NamedGame) -> Result<ProofRecord, SolveError> {
        let cell = self
            .done
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(rep)
            .or_default()
            .clone();
        let r = cell.get_or_init(|| {
            let slot = self.slots.take();
            let r = prove_one(game, &self.opts, &self.walnut);
            drop(slot);
            let (rec, seconds, walnut_seconds) = r.map_err(|e| match e {
                ProveError::Io(why) => SolveError::Io(why),
                e => SolveError::BadInput(e.to_string()),
            })?;
            (self.on_timing)(&Timing {
                index: rep,
                game: game.canonical.clone(),
                convention: match game.game.convention() {
                    wythoff::Convention::Misere => "misere".into(),
                    _ => "normal".into(),
                },
                verdict: rec.verdict,
                states: rec.states,
                seconds,
                walnut_seconds,
                java_memory_mib: self.opts.java_memory_mib,
            });
            Ok(rec)
        });
        r.clone()
    }
}
