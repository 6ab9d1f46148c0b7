//! Progress bars on stderr (indicatif), shown only when stderr is a terminal and
//! the work has already taken about a second.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

pub struct Bar {
    what: &'static str,
    start: Instant,
    tty: bool,
    bar: Option<ProgressBar>,
}

impl Bar {
    pub fn new(what: &'static str) -> Bar {
        Bar {
            what,
            start: Instant::now(),
            tty: std::io::stderr().is_terminal(),
            bar: None,
        }
    }
    /// Report `done` of `total`.
    pub fn set(&mut self, done: u64, total: u64) {
        if !self.tty {
            return;
        }
        if self.bar.is_none() && self.start.elapsed() >= Duration::from_secs(1) && done < total {
            let b = ProgressBar::new(total);
            b.set_style(
                ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta})")
                    .expect("valid template")
                    .progress_chars("=> "),
            );
            b.set_message(self.what);
            self.bar = Some(b);
        }
        if let Some(b) = &self.bar {
            b.set_length(total);
            b.set_position(done);
        }
    }
    pub fn finish(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Before long work: a plan's admission against the CLI's bound
/// (`wythoff::solve::cost::Bound::cli`; memory first, no `--force` lifts it,
/// then time), its refusal as it is, then the estimate told on stderr (above
/// `NOTE_SECONDS`, on a terminal).
pub fn admit(
    admitted: Result<(), wythoff::SolveError>,
    what: &str,
    seconds: u64,
) -> anyhow::Result<()> {
    admitted?;
    note(what, seconds);
    Ok(())
}

/// Tell an estimate on stderr when it is long enough to matter and stderr is
/// a terminal, like the progress bars.
fn note(what: &str, seconds: u64) {
    use wythoff::solve::cost;
    if seconds > cost::NOTE_SECONDS && std::io::stderr().is_terminal() {
        eprintln!(
            "wythoff: {what}: estimated {} of computation",
            cost::human_seconds(seconds)
        );
    }
}
