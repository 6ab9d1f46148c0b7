//! Walnut's answers read back: the commands echoed in its output
//! ([`parse_commands`]), each `eval`'s verdict ([`parse_output`]), and the
//! time of a `Result/NAME_log.txt` ([`parse_log_seconds`]).

/// One `def` or `eval` command echoed in Walnut's output, and what followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalnutCommand {
    /// `true` for `eval`, `false` for `def`.
    pub eval: bool,
    pub name: String,
    /// An `eval`'s TRUE or FALSE; `None` when none was printed.
    pub result: Option<bool>,
    /// An error line printed instead.
    pub error: String,
    /// The largest intermediate automaton Walnut reported (`...:N states -`,
    /// printed for commands ended by `:`).
    pub largest: Option<usize>,
    /// Walnut printed its `Total computation time` (a `:` command) or its
    /// answer: the command finished.
    pub finished: bool,
}

/// Every `def` and `eval` of Walnut's output, in order.
pub fn parse_commands(stdout: &str) -> Vec<WalnutCommand> {
    let mut out: Vec<WalnutCommand> = Vec::new();
    for line in stdout.lines() {
        let t = line.trim().trim_start_matches("[Walnut]$").trim();
        let start = t
            .strip_prefix("eval ")
            .map(|r| (true, r))
            .or_else(|| t.strip_prefix("def ").map(|r| (false, r)));
        if let Some((eval, rest)) = start {
            out.push(WalnutCommand {
                eval,
                name: rest.split_whitespace().next().unwrap_or("").to_string(),
                result: None,
                error: String::new(),
                largest: None,
                finished: false,
            });
            continue;
        }
        let Some(c) = out.last_mut() else {
            continue;
        };
        if c.finished && !c.eval {
            continue;
        }
        if c.eval && c.result.is_none() && (t == "TRUE" || t == "FALSE") {
            c.result = Some(t == "TRUE");
            c.finished = true;
        } else if t.starts_with("Total computation time") {
            c.finished = !c.eval || c.result.is_some();
        } else if let Some(n) = t
            .rsplit_once(" states - ")
            .and_then(|(head, _)| head.rsplit(':').next())
            .and_then(|n| n.trim().parse::<usize>().ok())
        {
            c.largest = Some(c.largest.map_or(n, |m| m.max(n)));
        } else if c.error.is_empty()
            && (t.contains("Exception") || t.starts_with("Error") || t.contains("does not exist"))
        {
            c.error = t.to_string();
        }
    }
    out
}

/// Where a Walnut run stands, read off its output so far: the statements
/// (`eval`) answered and the commands finished, and the command it is
/// computing with the largest intermediate automaton it reported.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Progress {
    pub answered: usize,
    pub finished: usize,
    /// `def NAME` or `eval NAME`: the command begun and not finished.
    pub current: Option<String>,
    pub largest: Option<usize>,
}

/// [`Progress`] of a run whose output so far is `stdout`.
pub fn progress(stdout: &str) -> Progress {
    let commands = parse_commands(stdout);
    let current = commands.last().filter(|c| !c.finished);
    Progress {
        answered: commands
            .iter()
            .filter(|c| c.eval && c.result.is_some())
            .count(),
        finished: commands.iter().filter(|c| c.finished).count(),
        current: current.map(|c| format!("{} {}", if c.eval { "eval" } else { "def" }, c.name)),
        largest: current.and_then(|c| c.largest),
    }
}

/// The verdict of each `eval NAME` in Walnut's output: `Some(true)` for TRUE,
/// `Some(false)` for FALSE, `None` when Walnut printed an error instead.
pub fn parse_output(stdout: &str) -> Vec<(String, Option<bool>, String)> {
    parse_commands(stdout)
        .into_iter()
        .filter(|c| c.eval)
        .map(|c| (c.name, c.result, c.error))
        .collect()
}

/// The seconds of `Total computation time: N ms.` in a `Result/NAME_log.txt`.
pub fn parse_log_seconds(log: &str) -> Option<f64> {
    let i = log.find("Total computation time:")?;
    let rest = &log[i + "Total computation time:".len()..];
    let ms: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    ms.parse::<u64>().ok().map(|m| m as f64 / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_parsing() {
        let out = "[Walnut]$ eval stable \"?msd_fib A a,b x\";\ncomputed ~:1 states - 1ms\n____\nTRUE\neval absorbing \"...\";\n____\nFALSE\neval bad \"..\";\njava.lang.Exception: operator | cannot be applied\n";
        let p = parse_output(out);
        assert_eq!(p[0], ("stable".into(), Some(true), String::new()));
        assert_eq!(p[1].1, Some(false));
        assert_eq!(p[2].1, None);
        assert!(p[2].2.contains("Exception"));
        assert_eq!(
            parse_log_seconds("x\nTotal computation time: 1234ms.true"),
            Some(1.234)
        );
    }

    /// A run stopped in the middle: two commands finished, one statement
    /// answered, `def hit1` begun with its largest automaton so far.
    #[test]
    fn progress_of_a_run_so_far() {
        let out = "[Walnut]$ def hit0 \"?msd_2 x\":\ncomputed ~:5 states - 1ms\nTotal computation time: 3ms.\n[Walnut]$ eval lev0_stable \"?msd_2 A a,b y\":\n____\nTRUE\n[Walnut]$ def hit1 \"?msd_2 z\":\ncomputed ~:1234 states - 40ms\n";
        let p = progress(out);
        assert_eq!(p.answered, 1);
        assert_eq!(p.finished, 2);
        assert_eq!(p.current.as_deref(), Some("def hit1"));
        assert_eq!(p.largest, Some(1234));
        // once it finishes, nothing is running
        let done = format!("{out}Total computation time: 50ms.\n");
        assert_eq!(progress(&done).current, None);
        assert_eq!(progress(&done).finished, 3);
        assert_eq!(progress(""), Progress::default());
    }
}
