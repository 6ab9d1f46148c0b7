//! The machine's memory limits, read the same way by every front end: which
//! files say them (`/proc/meminfo`, the cgroup's limit, `/proc/self/limits`),
//! how they read, and the budget they make with `WYTHOFF_MEMORY_BUDGET`. The
//! library does no I/O: the front end hands in a reader of small files and the
//! variable's value ([`memory_budget_from`]); the CLI calls it at start, Python
//! when the module is imported.

/// `123`, `64K`, `512M`, `2G`, `1T` (also `KiB`, `MB`...: powers of 1024), at least 1.
pub fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(digits);
    let n: u64 = num.parse().ok()?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return None,
    };
    let b = n.checked_mul(1u64 << shift)?;
    (b >= 1).then_some(b)
}

/// A reader of small text files (the front end's: at most 64 KiB, `None` when
/// the file cannot be read).
pub type Reader<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The memory budget (bytes): `WYTHOFF_MEMORY_BUDGET` (`env`, a size as
/// [`parse_size`] reads it, honoured however small) when set, else
/// [`crate::solve::budget_from_limits`] of available memory, the cgroup limit
/// (v2, then v1) and `RLIMIT_AS`, each read by `read` (unknown numbers are
/// skipped). `Err`: the variable is not a size (one line).
pub fn memory_budget_from(env: Option<&str>, read: Reader) -> Result<u64, String> {
    if let Some(text) = env {
        return parse_size(text).ok_or_else(|| {
            format!(
                "WYTHOFF_MEMORY_BUDGET={} is not a memory size: allowed a whole number of \
                 bytes from 1, optionally followed by K, M, G or T (powers of 1024), e.g. 2G",
                crate::echo::shorten(text)
            )
        });
    }
    Ok(crate::solve::budget_from_limits(
        mem_available(read),
        cgroup_limit(read),
        rlimit_as(read),
    ))
}

/// The machine's memory (`MemTotal` of `/proc/meminfo`), in bytes.
pub fn machine_memory(read: Reader) -> Option<u64> {
    meminfo_field(&read("/proc/meminfo")?, "MemTotal:")
}

/// `MemAvailable` of `/proc/meminfo`, in bytes.
fn mem_available(read: Reader) -> Option<u64> {
    meminfo_field(&read("/proc/meminfo")?, "MemAvailable:")
}

fn meminfo_field(text: &str, field: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The memory limit of this process's cgroup (v2 `memory.max`, else v1
/// `memory.limit_in_bytes`); `None` when unlimited or unknown.
fn cgroup_limit(read: Reader) -> Option<u64> {
    let own = read("/proc/self/cgroup").unwrap_or_default();
    let mut candidates = Vec::new();
    for line in own.lines() {
        // v2: "0::/path"; v1: "N:memory:/path" (or a list containing memory)
        let mut parts = line.splitn(3, ':');
        let (_, ctrl, path) = (parts.next(), parts.next(), parts.next());
        match (ctrl, path) {
            (Some(""), Some(p)) => candidates.push(format!("/sys/fs/cgroup{p}/memory.max")),
            (Some(c), Some(p)) if c.split(',').any(|x| x == "memory") => {
                candidates.push(format!("/sys/fs/cgroup/memory{p}/memory.limit_in_bytes"))
            }
            _ => {}
        }
    }
    candidates.push("/sys/fs/cgroup/memory.max".into());
    candidates.push("/sys/fs/cgroup/memory/memory.limit_in_bytes".into());
    candidates
        .iter()
        .filter_map(|p| read(p))
        .filter_map(|t| parse_limit(&t))
        .min()
}

/// A cgroup limit file: a number of bytes, or `max`; v1 writes "unlimited" as a
/// number near 2^63.
fn parse_limit(text: &str) -> Option<u64> {
    let n: u64 = text.trim().parse().ok()?;
    (n < 1 << 60).then_some(n)
}

/// The soft `RLIMIT_AS` (`Max address space` in `/proc/self/limits`), in bytes.
fn rlimit_as(read: Reader) -> Option<u64> {
    parse_limits(&read("/proc/self/limits")?)
}

fn parse_limits(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    let soft = line
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?;
    soft.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_machine_numbers() {
        let mi = "MemTotal: 100 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(meminfo_field(mi, "MemAvailable:"), Some(2 << 20));
        assert_eq!(meminfo_field(mi, "MemTotal:"), Some(100 << 10));
        assert_eq!(parse_limit("max\n"), None);
        assert_eq!(parse_limit("9223372036854771712\n"), None);
        assert_eq!(parse_limit("8589934592\n"), Some(8 << 30));
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
Max address space         8192000000           unlimited            bytes\n";
        assert_eq!(parse_limits(limits), Some(8_192_000_000));
        let unl = "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(parse_limits(unl), None);
    }

    #[test]
    fn parses_memory_sizes() {
        assert_eq!(parse_size("1"), Some(1));
        assert_eq!(parse_size(" 100000000 "), Some(100_000_000));
        assert_eq!(parse_size("512M"), Some(512 << 20));
        assert_eq!(parse_size("2GiB"), Some(2 << 30));
        assert_eq!(parse_size("3k"), Some(3 << 10));
        for bad in [
            "abc",
            "",
            "0",
            "-1",
            "-64M",
            "1.5G",
            "1X",
            "99999999999999999999",
            "20000000T",
        ] {
            assert_eq!(parse_size(bad), None, "{bad}");
        }
    }

    /// The budget from the files a reader hands in: the smallest limit, three
    /// quarters of it; the variable over all of them; a bad variable one line.
    #[test]
    fn the_budget_from_the_files_and_the_variable() {
        let files = |p: &str| -> Option<String> {
            match p {
                "/proc/meminfo" => Some("MemTotal: 8388608 kB\nMemAvailable: 4194304 kB\n".into()),
                "/proc/self/cgroup" => Some("0::/job\n".into()),
                "/sys/fs/cgroup/job/memory.max" => Some("1073741824\n".into()),
                _ => None,
            }
        };
        assert_eq!(memory_budget_from(None, &files), Ok(768 << 20));
        assert_eq!(memory_budget_from(Some("64M"), &files), Ok(64 << 20));
        let e = memory_budget_from(Some("lots"), &files).unwrap_err();
        assert!(
            e.contains("is not a memory size") && !e.contains('\n'),
            "{e}"
        );
        assert_eq!(machine_memory(&files), Some(8 << 30));
        let nothing = |_: &str| -> Option<String> { None };
        assert_eq!(
            memory_budget_from(None, &nothing),
            Ok(crate::solve::DEFAULT_MEMORY_BUDGET)
        );
    }
}
