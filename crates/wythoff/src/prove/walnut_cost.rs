//! Walnut's peak memory and wall time expected for a proof, from the files
//! `prove` hands it (issue 51 item 4): a least-squares fit on the 73 shipped
//! proof folders (`docs/proofs/resources.jsonl`, measured by
//! `scripts/proof_resources.py`: each folder re-run alone by `prove
//! --recheck`, Java's default heap, load 0.7 to 3.7 on a 2-core machine),
//! made by `scripts/walnut_cost_fit.py`, which reads the folders exactly as
//! [`Features::of_files`] reads a plan's files.
//!
//! Model (natural logs), for y = peak MiB and y = wall seconds:
//! `ln y = c0 + c1 ln(1 + states) + c2 ln(radix) + c3 vars + c4 custom`, with
//! `states` the automata's states, `radix` the numeration's alphabet (the
//! largest digit + 1), `vars` the quantified variables of the command file
//! and `custom` 1 for a numeration Walnut does not ship (its adder is a file).
//! The band is a factor F: 90% of the leave-one-out predictions (each folder
//! predicted by the fit of the other 72) lie within `[y / F, y F]`. Walnut's
//! cost is set by its largest intermediate automaton, which no feature known
//! in advance gives: the worst folder is off by 4.6 (memory) and 2.8 (time),
//! and a proof unlike the 73 (a new encoding, a larger alphabet) may be off
//! by more. No I/O: the caller hands the files.

use serde::Serialize;

/// `PEAK_MIB[i]`: the coefficients of `ln(peak MiB)` (constant, ln(1 +
/// states), ln(radix), vars, custom).
pub const PEAK_MIB: [f64; 5] = [0.8078, 0.5286, 2.8113, 0.0121, 1.2304];
/// The coefficients of `ln(wall seconds)`, in the same order.
pub const SECONDS: [f64; 5] = [-3.4742, 0.5594, 2.2965, 0.0114, 2.4217];
/// The band of the memory estimate: 90% of the leave-one-out predictions
/// lie within this factor of the measured peak.
pub const PEAK_BAND: f64 = 2.17;
/// The band of the time estimate, likewise.
pub const SECONDS_BAND: f64 = 2.10;
/// The folders the model was fitted on.
pub const FITTED_ON: usize = 73;

/// What the model reads from a proof's files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Features {
    /// States of every automaton in `Automata Library/` (lines `N 0|1`).
    pub states: u64,
    /// The largest digit of their transitions + 1 (at least 2).
    pub radix: u64,
    /// Quantified variables of `Command Files/prove.txt` (`E x,y` counts 2),
    /// over its `def` and `eval` lines.
    pub vars: u64,
    /// A custom base's adder among the files (`Custom Bases/*_addition.txt`).
    pub custom: bool,
}

/// The expected peak memory and wall time, each with its band.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct WalnutEstimate {
    pub features: Features,
    /// Java's expected peak resident memory, MiB (at Java's default heap).
    pub peak_mib: u64,
    /// `[peak / band, peak * band]`, MiB.
    pub peak_mib_range: [u64; 2],
    /// Expected wall seconds of Walnut (the whole command file).
    pub seconds: f64,
    /// `[seconds / band, seconds * band]`.
    pub seconds_range: [f64; 2],
    /// The factors of the bands: 90% of the fitted folders' leave-one-out
    /// predictions lie within them.
    pub peak_band: f64,
    pub seconds_band: f64,
}

impl Features {
    /// Read from a WALNUT_HOME's files (`(path, contents)`, paths relative to
    /// it, as [`super::files::ProofFiles`] holds them).
    pub fn of_files<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> Features {
        let (mut states, mut radix, mut vars, mut custom) = (0u64, 0u64, 0u64, false);
        for (path, text) in files {
            if path.starts_with("Automata Library/") && path.ends_with(".txt") {
                for line in text.lines() {
                    if is_state_line(line) {
                        states += 1;
                    }
                    if let Some(d) = transition_digit(line) {
                        radix = radix.max(d + 1);
                    }
                }
            } else if path == format!("Command Files/{}", super::files::COMMAND_FILE) {
                vars += text
                    .lines()
                    .filter(|l| l.starts_with("def ") || l.starts_with("eval "))
                    .map(quantified)
                    .sum::<u64>();
            } else if path.starts_with("Custom Bases/") && path.ends_with("_addition.txt") {
                custom = true;
            }
        }
        Features {
            states,
            radix: radix.max(2),
            vars,
            custom,
        }
    }

    fn row(&self) -> [f64; 5] {
        [
            1.0,
            (1.0 + self.states as f64).ln(),
            (self.radix as f64).ln(),
            self.vars as f64,
            f64::from(u8::from(self.custom)),
        ]
    }

    /// The estimate of [`PEAK_MIB`] and [`SECONDS`].
    pub fn estimate(&self) -> WalnutEstimate {
        let dot = |c: &[f64; 5]| self.row().iter().zip(c).map(|(x, k)| x * k).sum::<f64>();
        let peak = dot(&PEAK_MIB).exp();
        let secs = dot(&SECONDS).exp();
        let mib = |v: f64| v.round().max(1.0) as u64;
        let r2 = |v: f64| (v * 100.0).round() / 100.0;
        WalnutEstimate {
            features: *self,
            peak_mib: mib(peak),
            peak_mib_range: [mib(peak / PEAK_BAND), mib(peak * PEAK_BAND)],
            seconds: r2(secs),
            seconds_range: [r2(secs / SECONDS_BAND), r2(secs * SECONDS_BAND)],
            peak_band: PEAK_BAND,
            seconds_band: SECONDS_BAND,
        }
    }
}

impl WalnutEstimate {
    /// One phrase: `about 700 MiB at the peak (320 to 1519 MiB) and 4.4 s
    /// (2.1 to 9.2 s)`.
    pub fn describe(&self) -> String {
        format!(
            "about {} MiB at the peak ({} to {} MiB) and {} s ({} to {} s), from {} states, an alphabet of {} digits and {} quantified variables{} (a fit on {FITTED_ON} shipped proofs at Java's default heap; 90% of them within these bands)",
            self.peak_mib,
            self.peak_mib_range[0],
            self.peak_mib_range[1],
            self.seconds,
            self.seconds_range[0],
            self.seconds_range[1],
            self.features.states,
            self.features.radix,
            self.features.vars,
            if self.features.custom {
                ", a custom base"
            } else {
                ""
            },
        )
    }

    /// Is `(peak MiB, seconds)` inside both bands?
    pub fn holds(&self, peak_mib: f64, seconds: f64) -> bool {
        let within = |got: f64, want: f64, band: f64| got >= want / band && got <= want * band;
        let want_peak = (self.row_dot(&PEAK_MIB)).exp();
        let want_secs = (self.row_dot(&SECONDS)).exp();
        within(peak_mib, want_peak, self.peak_band) && within(seconds, want_secs, self.seconds_band)
    }

    fn row_dot(&self, c: &[f64; 5]) -> f64 {
        self.features.row().iter().zip(c).map(|(x, k)| x * k).sum()
    }
}

/// `N 0` or `N 1`: a state's line in Walnut's automaton format (one space,
/// trailing blanks allowed).
fn is_state_line(line: &str) -> bool {
    match line.trim_end().split_once(' ') {
        Some((n, f)) => {
            !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && (f == "0" || f == "1")
        }
        None => false,
    }
}

/// The largest digit of a transition line `d1 d2 ... -> s`.
fn transition_digit(line: &str) -> Option<u64> {
    let (lhs, _) = line.split_once("->")?;
    if lhs.is_empty() || !lhs.bytes().all(|b| b.is_ascii_digit() || b == b' ') {
        return None;
    }
    lhs.split_whitespace().filter_map(|t| t.parse().ok()).max()
}

/// The quantified variables of one line: `A a,b` and `E k,l` count 2 each
/// (a quantifier letter not preceded by a name's character, a space, then
/// names separated by commas).
fn quantified(line: &str) -> u64 {
    let b = line.as_bytes();
    let name_char = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    let mut count = 0u64;
    for i in 0..b.len() {
        if !(b[i] == b'A' || b[i] == b'E') || (i > 0 && name_char(b[i - 1])) {
            continue;
        }
        if b.get(i + 1) != Some(&b' ') || !b.get(i + 2).is_some_and(|c| c.is_ascii_lowercase()) {
            continue;
        }
        // names [a-z][a-z0-9]* separated by commas
        let mut j = i + 2;
        loop {
            if !b.get(j).is_some_and(|c| c.is_ascii_lowercase()) {
                break;
            }
            while b
                .get(j)
                .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            {
                j += 1;
            }
            count += 1;
            if b.get(j) == Some(&b',') && b.get(j + 1).is_some_and(|c| c.is_ascii_lowercase()) {
                j += 1;
            } else {
                break;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_of_a_small_home() {
        let files = [
            (
                "Automata Library/pset.txt",
                "msd_fib msd_fib\n\n0 1\n0 0 -> 0\n0 1 -> 1\n\n1 0\n1 0 -> 0\n",
            ),
            (
                "Command Files/prove.txt",
                "macro comment \"A a,b is not counted\";\ndef opt \"?msd_fib E k,l a=c+k & $pset(a,b)\":\neval s \"?msd_fib A a,b $pset(a,b) => ~(E c c<a & $pset(c,b))\":\n",
            ),
            ("Custom Bases/msd_x_addition.txt", "x\n"),
        ];
        let f = Features::of_files(files.iter().map(|(p, t)| (*p, *t)));
        assert_eq!(
            f,
            Features {
                states: 2,
                radix: 2,
                vars: 5,
                custom: true
            }
        );
        assert_eq!(quantified("def x \"?msd_2 E y1,y2,y3 $p(a,y1)\":"), 3);
        assert_eq!(quantified("def x \"?msd_2 $pE(a,b) & AE c\":"), 0);
        let e = f.estimate();
        assert!(e.peak_mib_range[0] <= e.peak_mib && e.peak_mib <= e.peak_mib_range[1]);
        assert!(e.holds(e.peak_mib as f64, e.seconds));
        assert!(!e.holds(e.peak_mib as f64 * 3.0, e.seconds));
        assert!(!e.holds(e.peak_mib as f64, e.seconds / 3.0));
    }

    /// The model against its data: every shipped folder's files read as a
    /// plan's are, and its recorded peak and time (`docs/proofs/resources.jsonl`)
    /// inside the bands for at least 90% of them (the bands' definition; the
    /// fit leaves 68 and 69 of 73 inside), blocking-wythoff k = 4 among them.
    #[test]
    fn the_shipped_proofs_lie_in_the_bands() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let text = std::fs::read_to_string(root.join("docs/proofs/resources.jsonl")).unwrap();
        let (mut n, mut peak_in, mut secs_in) = (0usize, 0usize, 0usize);
        let mut k4 = None;
        for line in text.lines() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            let folder = root.join(r["folder"].as_str().unwrap());
            let mut files = Vec::new();
            for sub in ["Automata Library", "Command Files", "Custom Bases"] {
                for e in std::fs::read_dir(folder.join(sub)).unwrap() {
                    let e = e.unwrap();
                    let name = format!("{sub}/{}", e.file_name().to_string_lossy());
                    files.push((name, std::fs::read_to_string(e.path()).unwrap()));
                }
            }
            let f = Features::of_files(files.iter().map(|(p, t)| (p.as_str(), t.as_str())));
            assert!(f.states >= 1 && f.vars >= 1, "{folder:?}: {f:?}");
            let e = f.estimate();
            let peak = r["peak_bytes"].as_f64().unwrap() / f64::from(1u32 << 20);
            let secs = r["wall_seconds"].as_f64().unwrap();
            let within = |got: f64, lo: f64, hi: f64| lo <= got && got <= hi;
            let p_ok = within(peak, e.peak_mib_range[0] as f64, e.peak_mib_range[1] as f64);
            let s_ok = within(secs, e.seconds_range[0], e.seconds_range[1]);
            n += 1;
            peak_in += usize::from(p_ok);
            secs_in += usize::from(s_ok);
            if r["folder"] == "docs/proofs/blocking-wythoff-k-4/normal" {
                k4 = Some((f, p_ok && s_ok, e.holds(peak, secs)));
            }
        }
        assert_eq!(n, FITTED_ON);
        assert!(peak_in * 10 >= n * 9, "memory: {peak_in} of {n} inside");
        assert!(secs_in * 10 >= n * 9, "time: {secs_in} of {n} inside");
        let (f, inside, holds) = k4.unwrap();
        assert_eq!((f.states, f.radix), (40, 3), "{f:?}");
        assert!(inside && holds, "{f:?}");
    }
}
