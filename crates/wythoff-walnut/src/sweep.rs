//! Proof sweeps (`wythoff sweep SPEC --prove`, `wythoff.sweep(..., prove=True)`):
//! one game of a sweep proved by [`crate::prove`], each distinct game once, a
//! bounded number of Java processes at once. [`prove_one`] is the one adapter
//! between a sweep and `prove`: the record types and the grouping of distinct
//! games are the library's (`wythoff::sweep_proof`); this file runs Walnut.

use crate::{find_jar, walnut_version, Request, Verdict as ProveVerdict};
use anyhow::{anyhow, bail, Context, Result};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Instant;
use wythoff::answer::Subject;
use wythoff::catalogue::NamedGame;
use wythoff::error::SolveError;
use wythoff::prove::numeration::Numeration;
use wythoff::prove::plan;
use wythoff::sweep_proof::{ProofRecord, Verdict, Witness};

/// The Walnut a proof sweep runs: the jar, its version and its SHA-256.
#[derive(Clone, Debug)]
pub struct Walnut {
    pub jar: PathBuf,
    pub version: String,
    pub sha256: String,
}

/// Find the jar, check that `java` starts, and hash the jar: a machine (or a
/// cluster's worker) without them refuses here, before any game.
pub fn walnut() -> Result<Walnut> {
    let jar = find_jar()?;
    let ok = std::process::Command::new("java")
        .arg("-version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .map_err(|e| anyhow!("cannot start java ({e}): {}", crate::INSTALL_HINT))?;
    if !ok.success() {
        bail!("`java -version` failed: {}", crate::INSTALL_HINT);
    }
    let mut f = std::fs::File::open(&jar)
        .with_context(|| format!("cannot read the Walnut jar {}", jar.display()))?;
    let mut h = Sha256::new();
    std::io::copy(&mut f, &mut h)
        .with_context(|| format!("cannot read the Walnut jar {}", jar.display()))?;
    let sha256 = h
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>();
    Ok(Walnut {
        version: walnut_version(&jar),
        jar,
        sha256,
    })
}

/// The options of every proof of a sweep (those of `wythoff prove`).
#[derive(Clone, Debug)]
pub struct Options {
    /// The board the automaton is guessed from (`prove --max`).
    pub board: u64,
    pub states: usize,
    /// Seconds Walnut may take (each run).
    pub timeout: u64,
    pub numeration: Option<Numeration>,
    /// Java's heap bound per process (`-Xmx`), MiB.
    pub java_memory_mib: u64,
    /// Write each proved game's WALNUT_HOME under `emit/<game>/<convention>/`.
    pub emit: Option<PathBuf>,
}

/// The default heap of one Walnut process, MiB: the largest proof measured
/// here took 2.7 GB of resident memory with Java's default heap (a quarter of
/// the machine); see docs/performance.md, "Proof sweeps".
pub const DEFAULT_JAVA_MEMORY_MIB: u64 = 3072;
/// Resident memory of a Java process beyond its heap (code, metaspace,
/// threads), MiB.
pub const JAVA_OVERHEAD_MIB: u64 = 256;

impl Default for Options {
    fn default() -> Options {
        Options {
            board: plan::DEFAULT_BOARD,
            states: plan::DEFAULT_MAX_STATES,
            timeout: 300,
            numeration: None,
            java_memory_mib: DEFAULT_JAVA_MEMORY_MIB,
            emit: None,
        }
    }
}

impl Options {
    /// Refuse options `prove` refuses.
    pub fn check(&self) -> Result<()> {
        if !(16..=plan::MAX_PROVE_BOARD).contains(&self.board) {
            bail!(
                "--prove-max {}: prove solves boards from 16 to {}",
                self.board,
                plan::MAX_PROVE_BOARD
            );
        }
        if self.states == 0 || self.states > 5000 {
            bail!("--states {}: allowed 1 to 5000", self.states);
        }
        if self.timeout == 0 || self.timeout > 86_400 {
            bail!("--timeout {}: allowed 1 to 86400 seconds", self.timeout);
        }
        if !(64..=1 << 20).contains(&self.java_memory_mib) {
            bail!(
                "--java-memory {} MiB: allowed 64 MiB to 1 TiB",
                self.java_memory_mib
            );
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
            self.numeration
                .as_ref()
                .map_or("auto".to_string(), |n| n.walnut_name()),
            w.version,
            w.sha256
        )
    }
    /// Bytes one Java process may take (heap and overhead).
    pub fn java_bytes(&self) -> u64 {
        (self.java_memory_mib + JAVA_OVERHEAD_MIB) << 20
    }
}

/// Java processes a sweep may run at once: as many as `opts`' heap (and its
/// overhead) fit in `budget` beside the sweep's own `sweep_memory`, at most
/// `workers`; an error when not even one fits.
pub fn java_processes(budget: u64, sweep_memory: u64, workers: usize, opts: &Options) -> Result<usize> {
    let n = (budget.saturating_sub(sweep_memory) / opts.java_bytes()).min(workers.max(1) as u64);
    if n == 0 {
        bail!(
            "one Java process of {} MiB (--java-memory {} MiB and its overhead) does not fit beside the sweep's {} MiB in the memory budget of {} MiB: use a smaller --java-memory",
            opts.java_bytes() >> 20,
            opts.java_memory_mib,
            sweep_memory >> 20,
            budget >> 20
        );
    }
    Ok(n as usize)
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
/// sweep, and the time it took. The one adapter between sweeps and
/// [`crate::prove`]: a timeout, a refusal of the formulas or Walnut's failure
/// to answer is a verdict; only a machine that cannot run Java is an error.
pub fn prove_one(
    game: &NamedGame,
    opts: &Options,
    w: &Walnut,
) -> Result<(ProofRecord, f64, f64)> {
    let convention = match game.game.convention() {
        wythoff::Convention::Misere => "misere",
        _ => "normal",
    };
    let subject = Subject {
        label: game.canonical.clone(),
        named: Some(game.clone()),
        game: game.game.clone(),
    };
    let req = Request {
        max: opts.board,
        numeration: opts.numeration.clone(),
        states: opts.states,
        emit: opts
            .emit
            .as_ref()
            .map(|d| emit_dir(d, &game.canonical, convention)),
        timeout: opts.timeout,
        java_memory_mib: Some(opts.java_memory_mib),
        ..Request::new(subject)
    };
    let start = Instant::now();
    let mut record = ProofRecord {
        verdict: Verdict::Failed,
        numeration: None,
        states: None,
        witness: None,
        reason: None,
        walnut_version: w.version.clone(),
        jar_sha256: w.sha256.clone(),
        shared_with: None,
    };
    let mut walnut_seconds = 0.0;
    match crate::prove(&req) {
        Ok(r) => {
            record.verdict = match r.verdict {
                ProveVerdict::Proved => Verdict::Proved,
                ProveVerdict::Refuted => Verdict::Refuted,
                ProveVerdict::NoAutomaton => Verdict::NoAutomaton,
            };
            record.numeration = r.numeration.as_ref().map(|n| n.walnut_name());
            record.states = r.states;
            record.witness = r.witness.map(|(x, y, statement)| Witness { x, y, statement });
            walnut_seconds = r.walnut_seconds;
        }
        Err(e) => {
            let text = format!("{e:#}");
            if text.contains("cannot start java") || text.contains("Walnut not found") {
                return Err(e);
            }
            record.verdict = if text.contains("Walnut took more than") {
                Verdict::TimedOut
            } else if text.contains("cannot be proved") {
                Verdict::CannotBeProved
            } else {
                Verdict::Failed
            };
            if record.verdict != Verdict::TimedOut {
                record.reason = Some(text);
            }
        }
    }
    Ok((record, start.elapsed().as_secs_f64(), walnut_seconds))
}

/// A counting semaphore: the Java processes at once.
struct Slots {
    free: Mutex<usize>,
    cv: Condvar,
}

impl Slots {
    fn take(&self) {
        let mut f = self.free.lock().unwrap_or_else(|p| p.into_inner());
        while *f == 0 {
            f = self.cv.wait(f).unwrap_or_else(|p| p.into_inner());
        }
        *f -= 1;
    }
    fn give(&self) {
        *self.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.cv.notify_one();
    }
}

type Proved = Arc<OnceLock<Result<ProofRecord, String>>>;

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
            self.slots.take();
            let r = prove_one(game, &self.opts, &self.walnut);
            self.slots.give();
            let (rec, seconds, walnut_seconds) = r.map_err(|e| format!("{e:#}"))?;
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
        r.clone().map_err(SolveError::BadInput)
    }
}
