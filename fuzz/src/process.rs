//! The targets that run the binary: HTTP requests to `wythoff serve`, files
//! for `sweep --merge` and `--resume`, proof folders for `outcome --oracle`.
//! Each child runs under an address-space limit and a small memory budget
//! (`WYTHOFF_MEMORY_BUDGET`), with a time bound; a crash is a panic message,
//! a signal, an exit other than 0 or 2, a refusal that is not one line, a
//! server that stops answering or answers 500.

use crate::targets::sections;
use crate::{Finding, Outcome, Target};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The address space of a child (bytes).
pub const CHILD_ADDRESS_SPACE: u64 = 4 << 30;
/// The memory budget a child admits work against.
pub const CHILD_BUDGET: &str = "256M";
/// Seconds a command may take.
pub const CHILD_SECONDS: u64 = 30;

fn limit_address_space(c: &mut Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: setrlimit is async-signal-safe; nothing else runs between
        // fork and exec
        unsafe {
            c.pre_exec(|| {
                let l = libc::rlimit {
                    rlim_cur: CHILD_ADDRESS_SPACE as libc::rlim_t,
                    rlim_max: CHILD_ADDRESS_SPACE as libc::rlim_t,
                };
                libc::setrlimit(libc::RLIMIT_AS, &l);
                Ok(())
            });
        }
    }
}

/// A scratch folder of the process, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(what: &str) -> Scratch {
        let p = std::env::temp_dir().join(format!("wythoff-fuzz-{what}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        let _ = std::fs::create_dir_all(&p);
        Scratch(p)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Run the binary with `args` (standard input empty) under the bounds: the
/// outcome by its exit, or what broke.
fn run_cli(bin: &Path, args: &[String], cwd: &Path) -> Result<Outcome, Finding> {
    // an argument with a NUL byte cannot reach a process (the OS reads argv as
    // C strings): no user can pass it, so it is no input of the binary
    if args.iter().any(|a| a.contains('\0')) {
        return Ok(Outcome::Refused(
            "an argument with a NUL byte cannot be passed to a process".into(),
        ));
    }
    let mut c = Command::new(bin);
    c.args(args)
        .current_dir(cwd)
        .env("WYTHOFF_MEMORY_BUDGET", CHILD_BUDGET)
        .env("RAYON_NUM_THREADS", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    limit_address_space(&mut c);
    let mut child = c
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
    let (out, err) = wait_bounded(&mut child, Duration::from_secs(CHILD_SECONDS))?;
    let status = child.wait().map_err(|e| e.to_string())?;
    let err = String::from_utf8_lossy(&err);
    if err.contains("panicked") || err.contains("RUST_BACKTRACE") {
        return Err(format!("a panic: {}", err.lines().next().unwrap_or("")));
    }
    match status.code() {
        Some(0) => Ok(Outcome::Accepted(format!(
            "exit 0, {} bytes",
            out.len().min(1)
        ))),
        Some(2) => {
            let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
            // a sweep's `sweep: N combinations...` line may come before its refusal
            let refusal: Vec<&&str> = lines
                .iter()
                .filter(|l| l.starts_with("wythoff: "))
                .collect();
            if refusal.len() != 1 {
                return Err(format!(
                    "exit 2 without one `wythoff: ` line on stderr: {err:?}"
                ));
            }
            Ok(Outcome::Refused(refusal[0].to_string()))
        }
        Some(n) => Err(format!("exit {n}: {}", err.lines().last().unwrap_or(""))),
        None => Err(format!(
            "killed by a signal ({status}): {}",
            err.lines().last().unwrap_or("")
        )),
    }
}

/// Wait for `child` at most `limit`, reading its output; killed beyond.
fn wait_bounded(child: &mut Child, limit: Duration) -> Result<(Vec<u8>, Vec<u8>), Finding> {
    let mut so = child.stdout.take().expect("piped");
    let mut se = child.stderr.take().expect("piped");
    let ho = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = so.read_to_end(&mut b);
        b
    });
    let he = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = se.read_to_end(&mut b);
        b
    });
    let t0 = Instant::now();
    loop {
        if child.try_wait().map_err(|e| e.to_string())?.is_some() {
            break;
        }
        if t0.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("ran over {} s", limit.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    Ok((ho.join().unwrap_or_default(), he.join().unwrap_or_default()))
}

/// Write the parts of an input as files under `dir` (names kept inside it).
fn write_parts(dir: &Path, parts: &[(String, String)]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for (n, body) in parts {
        if n.is_empty() {
            continue;
        }
        let safe: Vec<&str> = n
            .split('/')
            .filter(|c| !c.is_empty() && *c != "." && *c != ".." && !c.contains('\0'))
            .take(3)
            .collect();
        if safe.is_empty() {
            continue;
        }
        let p = safe.iter().fold(dir.to_path_buf(), |p, c| p.join(c));
        if let Some(parent) = p.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        if std::fs::write(&p, body).is_ok() {
            out.push(p);
        }
    }
    out
}

/// `sweep --merge` and `--resume`: the part `mode` says `merge`,
/// `merge csv` or `resume`; every other part is a file (merged in order;
/// resume completes the first, a run of `modulo-rook:m=1..2,l=0,p=3` on 16).
pub struct SweepFiles {
    pub bin: PathBuf,
}

impl Target for SweepFiles {
    fn name(&self) -> &'static str {
        "sweep_files"
    }
    fn in_process(&self) -> bool {
        false
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "\"index\":",
            "\"sweep\":",
            "\"shard\":\"2/2\"",
            "\"combinations\":",
            "#== a.json\n",
            "#== b.json\n",
            "\"spec\":",
            "\"version\":",
            "\"rules\":",
            "\"proof\":",
        ]
    }
    fn max_len(&self) -> usize {
        64 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = String::from_utf8_lossy(input);
        let mut parts = sections(&t);
        let mode = parts
            .iter()
            .position(|(n, _)| n == "mode")
            .map(|i| parts.remove(i).1)
            .unwrap_or_default();
        let scratch = Scratch::new("sweep");
        let files = write_parts(&scratch.0, &parts);
        let names: Vec<String> = files
            .iter()
            .map(|p| {
                p.strip_prefix(&scratch.0)
                    .unwrap_or(p)
                    .to_string_lossy()
                    .to_string()
            })
            .collect();
        let mut args: Vec<String> = vec!["sweep".into()];
        if mode.trim() == "resume" {
            args.extend(
                ["modulo-rook:m=1..2,l=0,p=3", "--max", "16", "--resume"].map(String::from),
            );
            args.push(names.first().cloned().unwrap_or_else(|| "none.json".into()));
        } else {
            if mode.trim() == "merge csv" {
                args.extend(["--format".to_string(), "csv".to_string()]);
            }
            args.push("--merge".into());
            if names.is_empty() {
                args.push("none.json".into());
            }
            args.extend(names);
        }
        run_cli(&self.bin, &args, &scratch.0)
    }
}

/// `outcome wythoff X Y --oracle DIR`: the parts are the folder's files, the
/// part `position` the piles (`4 7` when absent).
pub struct OracleFolder {
    pub bin: PathBuf,
}

impl Target for OracleFolder {
    fn name(&self) -> &'static str {
        "oracle_folder"
    }
    fn in_process(&self) -> bool {
        false
    }
    fn tokens(&self) -> &'static [&'static str] {
        crate::targets::FOLDER_TOKENS
    }
    fn max_len(&self) -> usize {
        256 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        let t = String::from_utf8_lossy(input);
        let mut parts = sections(&t);
        let position = parts
            .iter()
            .position(|(n, _)| n == "position")
            .map(|i| parts.remove(i).1)
            .unwrap_or_else(|| "4 7".into());
        let game = parts
            .iter()
            .position(|(n, _)| n == "game")
            .map(|i| parts.remove(i).1.trim().to_string())
            .unwrap_or_else(|| "wythoff".into());
        let scratch = Scratch::new("oracle");
        let dir = scratch.0.join("proof");
        let _ = std::fs::create_dir_all(&dir);
        write_parts(&dir, &parts);
        let mut args: Vec<String> = vec!["outcome".into(), game];
        args.extend(position.split_whitespace().take(2).map(String::from));
        args.extend(["--oracle".to_string(), "proof".to_string()]);
        run_cli(&self.bin, &args, &scratch.0)
    }
}

/// Raw HTTP requests to one `wythoff serve` (started on a free loopback port,
/// restarted after a crash): each input is written on a new connection as it
/// is (the part after `#== body` appended, when there is one); the answer must
/// come within the bound, name a status that is not 500, and the server must
/// live on.
pub struct Serve {
    pub bin: PathBuf,
    server: Option<(Child, String, PathBuf)>,
}

impl Serve {
    pub fn new(bin: PathBuf) -> Serve {
        Serve { bin, server: None }
    }

    fn start(&mut self) -> Result<(), Finding> {
        let log =
            std::env::temp_dir().join(format!("wythoff-fuzz-serve-{}.log", std::process::id()));
        let err = std::fs::File::create(&log).map_err(|e| e.to_string())?;
        let mut c = Command::new(&self.bin);
        c.args(["serve", "--port", "0"])
            .env("WYTHOFF_MEMORY_BUDGET", "1G")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(err);
        limit_address_space(&mut c);
        let mut child = c.spawn().map_err(|e| format!("cannot start serve: {e}"))?;
        let mut line = Vec::new();
        let mut out = child.stdout.take().expect("piped");
        let mut b = [0u8; 1];
        while out.read(&mut b).map_err(|e| e.to_string())? == 1 && b[0] != b'\n' {
            line.push(b[0]);
        }
        let line = String::from_utf8_lossy(&line).to_string();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .ok_or_else(|| format!("serve printed no address: {line:?}"))?
            .to_string();
        // keep its stdout drained
        std::thread::spawn(move || {
            let mut sink = Vec::new();
            let _ = out.read_to_end(&mut sink);
        });
        self.server = Some((child, addr, log));
        Ok(())
    }

    fn stop(&mut self) {
        if let Some((mut c, _, log)) = self.server.take() {
            let _ = c.kill();
            let _ = c.wait();
            let _ = std::fs::remove_file(log);
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Target for Serve {
    fn name(&self) -> &'static str {
        "serve"
    }
    fn in_process(&self) -> bool {
        false
    }
    fn tokens(&self) -> &'static [&'static str] {
        &[
            "GET ",
            "POST ",
            "HEAD ",
            "PUT ",
            " HTTP/1.1\r\n",
            " HTTP/1.0\r\n",
            "Host: x\r\n",
            "Content-Length: ",
            "Transfer-Encoding: chunked\r\n",
            "Content-Type: application/x-www-form-urlencoded\r\n",
            "\r\n\r\n",
            "/api/outcome?",
            "/api/p-positions?",
            "/api/grundy?",
            "/api/remoteness?",
            "/api/patterns?",
            "/api/compare?",
            "/api/play?",
            "/api/games",
            "/api/stats",
            "game=",
            "&max=",
            "&x=",
            "&y=",
            "&misere=1",
            "&history=",
            "&values=",
            "rules=",
            "&a=",
            "&b=",
            "&start=",
            "&moves=",
            "&computer=1",
            "%0a",
            "%25",
            "%",
            "+",
            "modular:m%3D9%5E99999",
        ]
    }
    fn max_len(&self) -> usize {
        96 * 1024
    }
    fn run(&mut self, input: &[u8]) -> Result<Outcome, Finding> {
        if self.server.is_none() {
            self.start()?;
        }
        let addr = self
            .server
            .as_ref()
            .map(|s| s.1.clone())
            .unwrap_or_default();
        let mut req = input.to_vec();
        // `#== body` separates a body written as it is (length not fixed up)
        if let Some(i) = find(&req, b"#== body\n") {
            let body = req.split_off(i);
            req.extend_from_slice(&body[9..]);
        }
        let answer = (|| -> std::io::Result<Vec<u8>> {
            let mut s = TcpStream::connect(&addr)?;
            s.set_read_timeout(Some(Duration::from_secs(CHILD_SECONDS)))?;
            s.set_write_timeout(Some(Duration::from_secs(CHILD_SECONDS)))?;
            s.write_all(&req)?;
            let _ = s.shutdown(std::net::Shutdown::Write);
            let mut head = Vec::new();
            let mut buf = [0u8; 4096];
            // the status line is enough; a body is read up to 1 MiB
            loop {
                match s.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        head.extend_from_slice(&buf[..n]);
                        if head.len() > 1 << 20 {
                            break;
                        }
                    }
                    Err(e)
                        if e.kind() == std::io::ErrorKind::WouldBlock
                            || e.kind() == std::io::ErrorKind::TimedOut =>
                    {
                        return Err(e)
                    }
                    Err(_) => break,
                }
            }
            Ok(head)
        })();
        let alive = match self.server.as_mut() {
            Some((c, _, _)) => c.try_wait().map(|s| s.is_none()).unwrap_or(false),
            None => false,
        };
        let log = self
            .server
            .as_ref()
            .and_then(|s| std::fs::read_to_string(&s.2).ok())
            .unwrap_or_default();
        if !alive || log.contains("panicked") {
            let why = log
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("")
                .to_string();
            self.stop();
            return Err(format!(
                "the server {}: {why}",
                if alive { "panicked" } else { "died" }
            ));
        }
        let head = match answer {
            Ok(h) => h,
            Err(e) => {
                return Err(format!("no answer within {CHILD_SECONDS} s: {e}"));
            }
        };
        if head.is_empty() {
            // a connection closed without a word: hyper's answer to bytes that
            // are no request at all
            return Ok(Outcome::Refused("closed without an answer".into()));
        }
        let first = String::from_utf8_lossy(&head[..head.len().min(200)])
            .lines()
            .next()
            .unwrap_or("")
            .to_string();
        let status: u16 = first
            .strip_prefix("HTTP/1.1 ")
            .or_else(|| first.strip_prefix("HTTP/1.0 "))
            .and_then(|r| r.get(..3))
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| format!("not an HTTP answer: {first:?}"))?;
        if status >= 500 && status != 503 {
            return Err(format!("answered {first}"));
        }
        if status == 400 {
            // our refusals are JSON `{"error": "<one line>"}` (hyper's own
            // 400 for a bad request has no body)
            let body_at = find(&head, b"\r\n\r\n").map_or(head.len(), |i| i + 4);
            let body = String::from_utf8_lossy(&head[body_at..]).to_string();
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(&body) {
                let e = v["error"].as_str().unwrap_or("");
                if e.is_empty() || e.contains('\n') {
                    return Err(format!("a 400 whose error is not one line: {body}"));
                }
                crate::check_refusal(e)?;
                return Ok(Outcome::Refused(format!("400 {e}")));
            }
        }
        Ok(Outcome::Accepted(format!("{status}")))
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Every target that runs the binary `bin`.
pub fn all(bin: &Path) -> Vec<Box<dyn Target>> {
    // the children run in scratch folders: the binary by its full path
    let bin = &std::fs::canonicalize(bin).unwrap_or_else(|_| bin.to_path_buf());
    vec![
        Box::new(Serve::new(bin.to_path_buf())),
        Box::new(SweepFiles {
            bin: bin.to_path_buf(),
        }),
        Box::new(OracleFolder {
            bin: bin.to_path_buf(),
        }),
    ]
}
