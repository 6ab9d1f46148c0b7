//! The fuzz harness of `wythoff` (issue 53): every parser and reader that takes
//! outside bytes is a [`Target`]; [`fuzz`] feeds it its kept seed corpus
//! (`testdata/fuzz/<target>/`), then inputs mutated from the corpus and from
//! what it found (structure-aware: numbers at their bounds, tokens of the
//! grammar, repeated lines, splices of two inputs), seeded and reproducible,
//! for a number of executions or seconds. Every execution is checked:
//!
//! - no panic (caught with `catch_unwind`, its message kept) and no abort;
//! - bounded memory: the allocator of this crate counts every byte; an
//!   execution that peaks above [`Limits::memory`] is a finding, and one that
//!   asks for more than [`Limits::hard_memory`] is stopped there (its thread
//!   parked, the input written, the process ends with exit 3);
//! - bounded time: over [`Limits::seconds`] is a finding; over
//!   [`Limits::hard_seconds`] a watchdog writes the input and ends the process;
//! - a clear refusal: the target's own checks (one non-empty line, bounded,
//!   as the front ends print it).
//!
//! Not coverage-guided (no nightly toolchain here, and cargo-afl did not build
//! in the time tried): an input joins the pool when its *behaviour* is new (the
//! refusal's wording with numbers and quoted text taken out, or the kind of
//! answer), so the mutations grow from every way a parser answers.

pub mod alloc;
pub mod mutate;
pub mod process;
pub mod targets;

use std::collections::HashSet;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What one execution of a target made of its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Accepted; the text is the kind of answer (for the pool's diversity).
    Accepted(String),
    /// Refused with this message (checked to be a clear refusal).
    Refused(String),
}

/// A property a target found broken: the input is a crash.
pub type Finding = String;

/// One parser or reader of outside bytes.
pub trait Target: Send {
    fn name(&self) -> &'static str;
    /// Run the input through the reader (and a little of what follows it);
    /// `Err` is a broken property (not a refusal: a refusal is `Ok(Refused)`).
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding>;
    /// Tokens of the grammar, spliced in by the mutations.
    fn tokens(&self) -> &'static [&'static str] {
        &[]
    }
    /// The longest input worth making (what the front ends admit, or less).
    fn max_len(&self) -> usize {
        64 * 1024
    }
    /// Inputs that are measured in-process (memory counted by this crate's
    /// allocator); a target that runs the binary says `false` and bounds its
    /// child itself.
    fn in_process(&self) -> bool {
        true
    }
}

/// The bounds every execution is held to.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Peak bytes allocated above the start of an execution (a finding beyond).
    pub memory: u64,
    /// An allocation beyond this many live bytes stops the process.
    pub hard_memory: u64,
    /// Seconds one execution may take (a finding beyond).
    pub seconds: f64,
    /// Seconds after which the watchdog writes the input and ends the process.
    pub hard_seconds: f64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory: 512 << 20,
            hard_memory: 3 << 30,
            seconds: 10.0,
            hard_seconds: 120.0,
        }
    }
}

/// How long to fuzz, from what, and where crashes go.
#[derive(Clone, Debug)]
pub struct Options {
    pub seed: u64,
    /// Mutated executions after the corpus (`None`: until `seconds`).
    pub iterations: Option<u64>,
    /// Seconds of mutated executions (`None`: until `iterations`).
    pub seconds: Option<f64>,
    /// `testdata/fuzz` (each target reads `<corpus>/<target>/`).
    pub corpus: PathBuf,
    /// Where crashing inputs are written (`None`: not written).
    pub crashes: Option<PathBuf>,
    pub limits: Limits,
}

/// What a run of one target did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub target: String,
    /// Corpus inputs replayed.
    pub corpus: u64,
    /// Executions in all (corpus included).
    pub executions: u64,
    /// Distinct behaviours seen (the pool's growth).
    pub behaviours: u64,
    pub accepted: u64,
    pub refused: u64,
    /// Each crash: what broke, and the file its input was written to.
    pub crashes: Vec<(String, Option<PathBuf>)>,
    pub seconds: f64,
    /// The slowest execution and the largest peak of memory (in-process).
    pub slowest: f64,
    pub peak_bytes: u64,
}

impl Report {
    pub fn line(&self) -> String {
        format!(
            "{:<16} executions {:>9}  corpus {:>4}  behaviours {:>5}  accepted {:>8}  refused {:>8}  crashes {}  ({:.0} s, slowest {:.3} s, peak {} MiB)",
            self.target,
            self.executions,
            self.corpus,
            self.behaviours,
            self.accepted,
            self.refused,
            self.crashes.len(),
            self.seconds,
            self.slowest,
            self.peak_bytes >> 20
        )
    }
}

/// The kept inputs of a target: every file of `<corpus>/<name>/`, sorted by name.
pub fn load_corpus(corpus: &Path, name: &str) -> Vec<(String, Vec<u8>)> {
    let dir = corpus.join(name);
    let mut files: Vec<(String, Vec<u8>)> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd
            .filter_map(Result::ok)
            .filter(|e| e.file_type().map(|t| t.is_file()).unwrap_or(false))
            .filter_map(|e| {
                let n = e.file_name().to_string_lossy().to_string();
                std::fs::read(e.path()).ok().map(|b| (n, b))
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// A short hash of an input (the crash file's name).
pub fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The behaviour of an outcome: a refusal's words without numbers and
/// without quoted text, or the kind of answer.
pub fn behaviour(o: &Outcome) -> String {
    match o {
        Outcome::Accepted(k) => format!("ok {k}"),
        Outcome::Refused(m) => {
            let mut out = String::new();
            let mut quoted = false;
            for c in m.chars() {
                if c == '`' {
                    quoted = !quoted;
                    if quoted {
                        out.push('_');
                    }
                } else if !quoted && !c.is_ascii_digit() {
                    out.push(c);
                }
                if out.len() >= 120 {
                    break;
                }
            }
            format!("no {out}")
        }
    }
}

/// A refusal is clear: the line the front ends print of it
/// (`echo::error_line`) says something, in at most 1000 characters.
pub fn check_refusal(msg: &str) -> Result<(), Finding> {
    let line = wythoff::echo::error_line(msg);
    if msg.trim().is_empty() || line == "unknown error" {
        return Err(format!("an empty refusal: {msg:?}"));
    }
    let n = line.chars().count();
    if n > 1000 {
        let head: String = line.chars().take(120).collect();
        return Err(format!("a refusal of {n} characters: {head}..."));
    }
    Ok(())
}

/// The state the watchdog reads: the input of the execution under way.
struct Current {
    target: String,
    input: Vec<u8>,
    started: Option<Instant>,
    crashes: Option<PathBuf>,
}

/// Write a crashing input and what broke (`<dir>/<target>-<hash>.in` and
/// `.txt`); the path of the input.
fn write_crash(dir: &Path, target: &str, input: &[u8], what: &str) -> Option<PathBuf> {
    std::fs::create_dir_all(dir).ok()?;
    let base = dir.join(format!("{target}-{:016x}", fnv(input)));
    let p = base.with_extension("in");
    std::fs::write(&p, input).ok()?;
    std::fs::write(base.with_extension("txt"), format!("{target}: {what}\n")).ok()?;
    Some(p)
}

/// The watchdog of a run: ends the process (exit 3) when an execution passes
/// the hard time bound or the allocator parked it at the hard memory bound,
/// after writing its input.
fn watchdog(current: Arc<Mutex<Current>>, hard_seconds: f64) {
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(200));
        let over_memory = alloc::over_hard_limit();
        let c = match current.lock() {
            Ok(c) => c,
            Err(p) => p.into_inner(),
        };
        let Some(t0) = c.started else { continue };
        let secs = t0.elapsed().as_secs_f64();
        if over_memory || secs > hard_seconds {
            let what = if over_memory {
                format!(
                    "asked for memory beyond the hard bound of {} MiB",
                    alloc::hard_limit() >> 20
                )
            } else {
                format!("ran {secs:.0} s, beyond the hard bound of {hard_seconds:.0} s")
            };
            let path = c
                .crashes
                .as_ref()
                .and_then(|d| write_crash(d, &c.target, &c.input, &what));
            let mut e = std::io::stderr().lock();
            let _ = writeln!(
                e,
                "wythoff-fuzz: CRASH {}: {what}; input {}",
                c.target,
                path.map_or("(not written)".to_string(), |p| p.display().to_string())
            );
            let _ = e.flush();
            std::process::exit(3);
        }
    });
}

/// Panics inside a target print nothing (their message is caught and
/// reported as a finding); any other panic (a failing test) prints as usual.
fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_TARGET.with(|t| t.get()) {
                return default(info);
            }
            let msg = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let at = info
                .location()
                .map(|l| format!("{}:{}", l.file(), l.line()))
                .unwrap_or_default();
            LAST_PANIC.with(|p| *p.borrow_mut() = format!("panicked at {at}: {msg}"));
        }));
    });
}

thread_local! {
    static LAST_PANIC: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    static IN_TARGET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The words of a caught panic: the hook's (with its place) or the payload's
/// (a panic in another thread, passed on).
fn panic_words(payload: &(dyn std::any::Any + Send)) -> String {
    let here = LAST_PANIC.with(|p| std::mem::take(&mut *p.borrow_mut()));
    if !here.is_empty() {
        return here;
    }
    let msg = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string());
    format!("panicked: {msg}")
}

/// Run one input with every bound checked: the outcome, or what broke, the
/// seconds it took and its peak of memory.
fn execute(
    target: &mut dyn Target,
    input: &[u8],
    limits: &Limits,
    current: &Arc<Mutex<Current>>,
) -> (Result<Outcome, Finding>, f64, u64) {
    {
        let mut c = current.lock().unwrap_or_else(|p| p.into_inner());
        c.input.clear();
        c.input.extend_from_slice(input);
        c.started = Some(Instant::now());
    }
    let base = alloc::start_peak();
    let t0 = Instant::now();
    IN_TARGET.with(|t| t.set(true));
    let r = catch_unwind(AssertUnwindSafe(|| target.run(input)));
    IN_TARGET.with(|t| t.set(false));
    let secs = t0.elapsed().as_secs_f64();
    let peak = alloc::peak().saturating_sub(base);
    current.lock().unwrap_or_else(|p| p.into_inner()).started = None;
    let r = match r {
        Ok(Ok(Outcome::Refused(m))) => check_refusal(&m).map(|()| Outcome::Refused(m)),
        Ok(other) => other,
        Err(payload) => Err(panic_words(payload.as_ref())),
    };
    let r = match r {
        // (a child of a process target is bounded by the target itself)
        Ok(_) if target.in_process() && secs > limits.seconds => Err(format!(
            "took {secs:.1} s, beyond the bound of {} s",
            limits.seconds
        )),
        Ok(_) if target.in_process() && peak > limits.memory => Err(format!(
            "peaked at {} MiB, beyond the bound of {} MiB",
            peak >> 20,
            limits.memory >> 20
        )),
        other => other,
    };
    (r, secs, peak)
}

/// Run one input once with every check but the watchdog's (AFL++ bounds
/// time itself): `Err` is what broke.
pub fn check_one(
    target: &mut dyn Target,
    input: &[u8],
    limits: &Limits,
) -> Result<Outcome, Finding> {
    let base = alloc::start_peak();
    let t0 = Instant::now();
    let r = target.run(input);
    let secs = t0.elapsed().as_secs_f64();
    let peak = alloc::peak().saturating_sub(base);
    let o = match r? {
        Outcome::Refused(m) => {
            check_refusal(&m)?;
            Outcome::Refused(m)
        }
        o => o,
    };
    if secs > limits.seconds {
        return Err(format!(
            "took {secs:.1} s, beyond the bound of {} s",
            limits.seconds
        ));
    }
    if peak > limits.memory {
        return Err(format!(
            "peaked at {} MiB, beyond the bound of {} MiB",
            peak >> 20,
            limits.memory >> 20
        ));
    }
    Ok(o)
}

/// Fuzz one target: its corpus first (each kept input is a regression test),
/// then mutated inputs until the iterations or the seconds are done.
pub fn fuzz(target: &mut dyn Target, opts: &Options) -> Report {
    quiet_panics();
    alloc::set_hard_limit(opts.limits.hard_memory);
    let current = Arc::new(Mutex::new(Current {
        target: target.name().to_string(),
        input: Vec::new(),
        started: None,
        crashes: opts.crashes.clone(),
    }));
    watchdog(current.clone(), opts.limits.hard_seconds);
    let name = target.name();
    let mut rep = Report {
        target: name.to_string(),
        ..Report::default()
    };
    let t0 = Instant::now();
    let mut rng = fastrand::Rng::with_seed(opts.seed ^ fnv(name.as_bytes()));
    let mut seen: HashSet<String> = HashSet::new();
    let mut seen_crash: HashSet<String> = HashSet::new();
    let corpus = load_corpus(&opts.corpus, name);
    let mut pool: Vec<Vec<u8>> = Vec::new();
    let tokens = target.tokens();
    let max_len = target.max_len();
    let mut record = |rep: &mut Report,
                      input: &[u8],
                      r: Result<Outcome, Finding>,
                      secs: f64,
                      peak: u64,
                      pool: &mut Vec<Vec<u8>>| {
        rep.executions += 1;
        rep.slowest = rep.slowest.max(secs);
        rep.peak_bytes = rep.peak_bytes.max(peak);
        match r {
            Ok(o) => {
                match &o {
                    Outcome::Accepted(_) => rep.accepted += 1,
                    Outcome::Refused(_) => rep.refused += 1,
                }
                if seen.len() < 20_000 && seen.insert(behaviour(&o)) {
                    rep.behaviours += 1;
                    if pool.len() < 4096 {
                        pool.push(input.to_vec());
                    }
                }
            }
            Err(what) => {
                // one file a distinct failure (the message without numbers)
                let key = behaviour(&Outcome::Refused(what.clone()));
                let path = if seen_crash.insert(key) {
                    opts.crashes
                        .as_ref()
                        .and_then(|d| write_crash(d, name, input, &what))
                } else {
                    None
                };
                if rep.crashes.len() < 100 {
                    rep.crashes.push((what, path));
                }
            }
        }
    };
    for (_, bytes) in &corpus {
        let (r, secs, peak) = execute(target, bytes, &opts.limits, &current);
        rep.corpus += 1;
        record(&mut rep, bytes, r, secs, peak, &mut pool);
        pool.push(bytes.clone());
    }
    if pool.is_empty() {
        pool.push(Vec::new());
    }
    let deadline = opts.seconds.map(|s| t0 + Duration::from_secs_f64(s));
    let mut i = 0u64;
    loop {
        if opts.iterations.is_some_and(|n| i >= n) || deadline.is_some_and(|d| Instant::now() >= d)
        {
            break;
        }
        if opts.iterations.is_none() && deadline.is_none() {
            break;
        }
        i += 1;
        let input = mutate::next_input(&mut rng, &pool, tokens, max_len);
        let (r, secs, peak) = execute(target, &input, &opts.limits, &current);
        record(&mut rep, &input, r, secs, peak, &mut pool);
    }
    rep.seconds = t0.elapsed().as_secs_f64();
    rep
}
