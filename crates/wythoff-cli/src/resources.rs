//! The machine's limits (memory budget) and bounded reads of user files. The
//! numbers are read here, in the binary; the library only combines them
//! (`wythoff::solve::budget_from_limits`).

use anyhow::{bail, Context};
use std::io::Read;

/// Largest check-table file accepted (bytes).
pub const MAX_TABLE_FILE: u64 = 64 << 20;

/// Was standard output closed when the program started (`wythoff ... >&-`)?
/// Rust's runtime reopens a closed descriptor 1 on `/dev/null` before `main`, so
/// the check runs earlier, as an ELF constructor (Linux; elsewhere: never).
pub fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        stdout_probe::CLOSED.load(std::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

#[cfg(target_os = "linux")]
mod stdout_probe {
    use std::sync::atomic::{AtomicBool, Ordering};

    pub static CLOSED: AtomicBool = AtomicBool::new(false);

    /// `lstat` only: opens no descriptor (which would take the free number 1).
    extern "C" fn probe() {
        let proc_fd = std::path::Path::new("/proc/self/fd");
        if proc_fd.is_dir() && std::fs::symlink_metadata(proc_fd.join("1")).is_err() {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }

    #[used]
    #[link_section = ".init_array"]
    static PROBE: extern "C" fn() = probe;
}

/// Set the library's memory budget as every front end does
/// (`wythoff::machine::memory_budget_from`: `WYTHOFF_MEMORY_BUDGET`, else
/// available memory, the cgroup limit and `RLIMIT_AS`, read here); a variable
/// that is not a size is an error (one line).
pub fn init_memory_budget() -> Result<(), String> {
    let env = std::env::var_os("WYTHOFF_MEMORY_BUDGET").map(|v| v.to_string_lossy().into_owned());
    let b = wythoff::machine::memory_budget_from(env.as_deref(), &read_small)?;
    wythoff::solve::set_memory_budget(b);
    Ok(())
}

/// The machine's memory (`MemTotal`), in bytes.
pub fn machine_memory() -> Option<u64> {
    wythoff::machine::machine_memory(&read_small)
}

/// `123`, `64K`, `512M`, `2G`, `1T` (`wythoff::machine::parse_size`).
pub fn parse_size(text: &str) -> Option<u64> {
    wythoff::machine::parse_size(text)
}

/// Most worker threads a pool gets: four per core this process may use (at
/// least 8). More only costs memory and start-up time (10000 threads took over a
/// minute to start) and cannot make anything faster.
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_mul(4).max(8)
}

/// Build rayon's global pool: `requested` (`--threads`), else
/// `RAYON_NUM_THREADS`, else rayon's default (the cores); a request over
/// [`max_threads`] is capped, with one note on stderr. An error line when the
/// threads cannot be started (an address-space limit, `ulimit -v`).
pub fn start_thread_pool(requested: Option<usize>) -> Result<(), String> {
    let from_env = std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&t| t > 0);
    let (want, what) = match (requested, from_env) {
        (Some(t), _) => (Some(t), "--threads"),
        (None, Some(t)) => (Some(t), "RAYON_NUM_THREADS"),
        (None, None) => (None, ""),
    };
    let cap = max_threads();
    let t = want.map(|t| {
        if t > cap {
            eprintln!(
                "wythoff: note: {what} {t} capped at {cap} (4 per core this process may use, \
                 at least 8)"
            );
        }
        t.min(cap)
    });
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(t) = t {
        b = b.num_threads(t);
    }
    b.build_global().map_err(|e| {
        format!(
            "cannot start {} worker threads ({e}): the process may be short of address \
             space (`ulimit -v`); use a smaller --threads",
            t.map_or_else(|| "the".to_string(), |t| t.to_string())
        )
    })
}

/// A small file of the machine's (at most 64 KiB), for `wythoff::machine`.
fn read_small(path: &str) -> Option<String> {
    let f = std::fs::File::open(path).ok()?;
    let mut s = String::new();
    f.take(1 << 16).read_to_string(&mut s).ok()?;
    Some(s)
}

/// Read a user's text file: a regular file of at most `cap` bytes (never reads
/// more than `cap + 1` bytes, so `/dev/zero` or a FIFO cannot hold us).
pub fn read_text_file(path: &str, what: &str, cap: u64) -> anyhow::Result<String> {
    let shown = wythoff::echo::shorten_path(path);
    let meta = std::fs::metadata(path).with_context(|| format!("cannot read {what} {shown}"))?;
    if !meta.is_file() {
        bail!("{what} {shown} is not a regular file");
    }
    if meta.len() > cap {
        bail!(
            "{what} {shown} is {} bytes: allowed at most {cap}",
            meta.len()
        );
    }
    let f = std::fs::File::open(path).with_context(|| format!("cannot read {what} {shown}"))?;
    let mut bytes = Vec::new();
    f.take(cap + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {what} {shown}"))?;
    if bytes.len() as u64 > cap {
        bail!("{what} {shown} is over {cap} bytes: allowed at most {cap}");
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{what} {shown} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Longest line a record file may hold (bytes): far above any record
/// (`patterns` of a 65536 board), low enough that an endless stream without a
/// newline is refused after reading at most this much.
pub const MAX_LINE: usize = 16 << 20;

/// A user's input read line by line: a regular file, or standard input (`-`).
pub enum Input {
    File(std::fs::File),
    Stdin,
}

/// Open a user's input for line-by-line reading: `-` is standard input, else
/// a regular file. FIFOs, devices, sockets and directories are refused before
/// they are opened (opening a FIFO would wait for a writer).
pub fn open_input(path: &str, what: &str) -> anyhow::Result<Input> {
    if path == "-" {
        return Ok(Input::Stdin);
    }
    let shown = wythoff::echo::shorten_path(path);
    let meta = std::fs::metadata(path).with_context(|| format!("cannot read {what} {shown}"))?;
    if !meta.is_file() {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        let kind = if t.is_dir() {
            "a directory"
        } else if t.is_fifo() {
            "a FIFO"
        } else if t.is_char_device() || t.is_block_device() {
            "a device"
        } else if t.is_socket() {
            "a socket"
        } else {
            "not a regular file"
        };
        bail!("{what} {shown} is {kind}: allowed are regular files, or `-` for standard input");
    }
    let f = std::fs::File::open(path).with_context(|| format!("cannot read {what} {shown}"))?;
    Ok(Input::File(f))
}

/// One line of [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line (its newline removed).
    Whole,
    /// The last bytes of the input, without a newline (a cut line).
    Cut,
    /// The end of the input.
    End,
}

/// Read one line into `buf` (cleared first), at most [`MAX_LINE`] bytes:
/// reads no further than that, so an endless stream is refused quickly and in
/// bounded memory. `Err` for a line too long or an unreadable input.
pub fn read_line(
    r: &mut dyn std::io::BufRead,
    buf: &mut Vec<u8>,
    name: &str,
    line_no: u64,
) -> anyhow::Result<Line> {
    buf.clear();
    loop {
        let avail = match r.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => bail!("cannot read {name}: {e}"),
        };
        if avail.is_empty() {
            return Ok(if buf.is_empty() { Line::End } else { Line::Cut });
        }
        let (take, done) = match avail.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (avail.len(), false),
        };
        if buf.len() + take > MAX_LINE {
            bail!(
                "{name} line {line_no} is longer than {} MiB: not the output of `wythoff sweep`",
                MAX_LINE >> 20
            );
        }
        buf.extend_from_slice(&avail[..take]);
        r.consume(if done { take + 1 } else { take });
        if done {
            return Ok(Line::Whole);
        }
    }
}

/// Are the open file `f` and standard output the same file (`--resume FILE >
/// FILE`)?
pub fn is_stdout(f: &std::fs::File) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let Ok(out) = std::io::stdout().as_fd().try_clone_to_owned() else {
        return false;
    };
    let (Ok(a), Ok(b)) = (std::fs::File::from(out).metadata(), f.metadata()) else {
        return false;
    };
    a.is_file() && a.dev() == b.dev() && a.ino() == b.ino()
}

/// Refuse early (before solving) a path whose folder does not exist, or whose
/// folder is a file (`-o FILE/x.png` with FILE a regular file).
pub fn check_parent(path: &std::path::Path) -> anyhow::Result<()> {
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(dir) = parent {
        if !dir.is_dir() {
            // the first component of the folder that is not a folder
            let blocker = dir
                .ancestors()
                .filter(|a| !a.as_os_str().is_empty())
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .find(|a| std::fs::metadata(a).map(|m| !m.is_dir()).unwrap_or(false));
            if let Some(file) = blocker {
                anyhow::bail!(
                    "cannot write `{}`: `{}` is a file, not a folder",
                    path.display(),
                    file.display()
                );
            }
            anyhow::bail!(
                "cannot write `{}`: the folder `{}` does not exist",
                path.display(),
                dir.display()
            );
        }
    }
    if path.is_dir() {
        anyhow::bail!("cannot write `{}`: it is a folder", path.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whole lines, a cut last line, the end; a line over the bound is refused
    /// after reading at most the bound.
    #[test]
    fn bounded_lines() {
        let mut r = std::io::Cursor::new(b"ab\n\ncut".to_vec());
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut r, &mut buf, "x", 1).unwrap(), Line::Whole);
        assert_eq!(buf, b"ab");
        assert_eq!(read_line(&mut r, &mut buf, "x", 2).unwrap(), Line::Whole);
        assert!(buf.is_empty());
        assert_eq!(read_line(&mut r, &mut buf, "x", 3).unwrap(), Line::Cut);
        assert_eq!(buf, b"cut");
        assert_eq!(read_line(&mut r, &mut buf, "x", 4).unwrap(), Line::End);
        // an endless stream of zeros: refused, having read about MAX_LINE bytes
        let mut zeros = std::io::BufReader::new(std::io::repeat(0));
        let e = read_line(&mut zeros, &mut buf, "zeros", 1).unwrap_err();
        assert!(e.to_string().contains("longer than"), "{e}");
        assert!(buf.len() <= MAX_LINE);
    }
}

/// A write to this machine's files failed during a run (a full disk under
/// `--timings` or an output file): the run's failure, one line and exit 2
/// (issue 53: exit 1 is a failed claim), never part of a record or an answer.
#[derive(Debug)]
pub struct RunIoError(pub String);

impl std::fmt::Display for RunIoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RunIoError {}

/// `--java-memory SIZE` (of `prove` and `sweep --prove`) in MiB: a size such
/// as 3G or 1536M, from 64 MiB to the machine's memory (a heap Java cannot
/// have is refused) and at most 1 TiB.
pub fn java_heap_mib(m: &str) -> anyhow::Result<u64> {
    let shown = wythoff::echo::shorten(m);
    let mib = parse_size(m).ok_or_else(|| {
        anyhow::anyhow!("--java-memory {shown}: write a size such as 3G or 1536M (64 MiB or more)")
    })? >> 20;
    let machine = machine_memory().map(|b| b >> 20);
    let top = machine.map_or(1 << 20, |t| t.min(1 << 20));
    if !(64..=top).contains(&mib) {
        let most = match machine {
            Some(t) if t < 1 << 20 => format!("this machine's memory, {t} MiB"),
            _ => "1 TiB".to_string(),
        };
        anyhow::bail!("--java-memory {shown}: allowed 64 MiB to {most} (e.g. 3G)");
    }
    Ok(mib)
}
