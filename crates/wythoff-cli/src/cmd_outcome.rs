//! `wythoff outcome GAME X Y [--misere]`: first line `P` or `N`; for N the
//! winning moves follow, one `x,y` per line (and `pass` when passing wins, in a
//! game with a pass not yet used); explanations follow as `# ` lines.

use crate::game_arg::resolve_spec;
use std::io::Write;
use std::process::ExitCode;
use wythoff::answer;

#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    game: String,
    /// First pile.
    #[arg(allow_hyphen_values = true)]
    x: String,
    /// Second pile.
    #[arg(allow_hyphen_values = true)]
    y: String,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    misere: bool,
    /// Output format: text (`P`/`N`, moves `x,y` and `pass` when passing wins, `# ` notes) or
    /// json (`winning_pass` for a game with a pass).
    #[arg(long, value_enum, default_value = "text")]
    format: OutcomeFormat,
    /// Games with memory (Imitation Nim): the positions before (X, Y), oldest
    /// first, each `x,y`; the first is the starting position.
    #[arg(long, num_args = 1.., value_name = "x,y", allow_hyphen_values = true)]
    history: Vec<String>,
    /// Answer from the structure found on a board (`wythoff patterns`): a pairs
    /// pattern with a Beatty closed form, used as an exact oracle at any size. The
    /// answer rests on a conjecture checked on that board (named on stderr).
    #[arg(long)]
    conjecture: bool,
    /// Board side for --conjecture (default 1024).
    #[arg(long, value_parser = crate::game_arg::parse_max, requires = "conjecture")]
    conjecture_max: Option<u64>,
    /// Answer from the P-set automaton of a proof folder written by `wythoff
    /// prove GAME --emit DIR` (at any size; the folder must be about GAME in
    /// this convention). The answer names the folder and its hash; whether
    /// Walnut proved it is `wythoff prove --recheck DIR`'s to say.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["conjecture", "history"])]
    oracle: Option<std::path::PathBuf>,
}

/// The most bytes one file of a proof folder may hold.
const MAX_PROOF_FILE: u64 = 16 << 20;

/// The input files of the proof folder `dir` (the P-set automaton, the command
/// file, the Custom Bases files no `ost` line of the command file makes), as
/// the library's reader takes them.
fn read_proof_folder(dir: &std::path::Path) -> anyhow::Result<Vec<(String, String)>> {
    use wythoff::proved::{PROVE_FILE, PSET_FILE};
    let shown = crate::game_arg::shorten_path(&dir.to_string_lossy());
    if !dir.is_dir() {
        anyhow::bail!(
            "--oracle {shown}: not a folder (write a folder of `wythoff prove GAME --emit DIR`)"
        );
    }
    let read = |rel: &str| -> anyhow::Result<String> {
        let p = dir.join(rel);
        crate::resources::read_text_file(&p.to_string_lossy(), "--oracle file", MAX_PROOF_FILE)
    };
    let mut files = vec![
        (PSET_FILE.to_string(), read(PSET_FILE)?),
        (PROVE_FILE.to_string(), read(PROVE_FILE)?),
    ];
    let made: Vec<String> = files[1]
        .1
        .lines()
        .filter_map(|l| l.trim().strip_prefix("ost "))
        .filter_map(|r| r.split_whitespace().next().map(str::to_string))
        .collect();
    if let Ok(rd) = std::fs::read_dir(dir.join("Custom Bases")) {
        let mut names: Vec<String> = rd
            .flatten()
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|n| n.ends_with(".txt"))
            .filter(|n| {
                !made
                    .iter()
                    .any(|m| *n == format!("msd_{m}.txt") || *n == format!("msd_{m}_addition.txt"))
            })
            .collect();
        names.sort();
        if names.len() > wythoff::proved::MAX_BASES {
            anyhow::bail!(
                "--oracle {shown}: its Custom Bases folder has {} files; a proof folder has at most {}",
                names.len(),
                wythoff::proved::MAX_BASES
            );
        }
        for n in names {
            let rel = format!("Custom Bases/{n}");
            let text = read(&rel)?;
            files.push((rel, text));
        }
    }
    Ok(files)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutcomeFormat {
    Text,
    Json,
}

/// The answer comes from `wythoff::answer::outcome_of` (imitation state
/// solver, exact oracle, general solver, or m-Modular Wythoff beyond the
/// catalogue's range: the library's choice); the oracle used goes to stderr, so
/// that stdout is the same whichever engine answers.
pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let spec = resolve_spec(&a.game, a.misere)?;
    let (x, y) = (
        answer::parse_pile(&a.x, "X")?,
        answer::parse_pile(&a.y, "Y")?,
    );
    let history = answer::parse_history(&a.history)?;
    let conjecture = a.conjecture.then(|| {
        a.conjecture_max
            .unwrap_or(wythoff::patterns::DEFAULT_MAX as u64) as usize
    });
    let l = match &a.oracle {
        Some(dir) => {
            let files = read_proof_folder(dir)?;
            let refs: Vec<(&str, &str)> = files
                .iter()
                .map(|(p, t)| (p.as_str(), t.as_str()))
                .collect();
            let shown = crate::game_arg::shorten_path(&dir.to_string_lossy());
            let proof = wythoff::proved::ProvedAutomaton::from_files(&refs, &shown, None, false)
                .map_err(|e| anyhow::anyhow!("--oracle {e}"))?;
            let s = spec.subject()?;
            answer::outcome_with_proof(s, proof, &x, &y)
                .map_err(|e| anyhow::anyhow!("--oracle {e}"))?
        }
        None => answer::outcome_of(&spec, &x, &y, &history, conjecture)?,
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match a.format {
        OutcomeFormat::Text => {
            writeln!(out, "{}", l.answer.outcome)?;
            for (a, b) in &l.answer.moves {
                writeln!(out, "{a},{b}")?;
            }
            if l.answer.pass == Some(true) {
                writeln!(out, "pass")?;
            }
            for n in &l.answer.notes {
                writeln!(out, "# {n}")?;
            }
        }
        OutcomeFormat::Json => writeln!(out, "{}", l.json(&x, &y))?,
    }
    out.flush()?;
    if let Some(o) = &l.answer.oracle {
        eprintln!("# {o}");
    }
    Ok(ExitCode::SUCCESS)
}
