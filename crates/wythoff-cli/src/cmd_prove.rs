//! `wythoff prove GAME [--misere] [--max N] [--numeration SPEC] [--emit DIR]
//! [--format text|json]`: guess the automaton of the P-set from a solved board,
//! write the rules as first-order statements, and let Walnut decide them.
//!
//! The pipeline and the Walnut runner are shared with the Python package
//! ([`wythoff_walnut::prove`]); this file parses the arguments and renders.

use crate::game_arg::resolve;
use anyhow::{anyhow, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use wythoff::prove::numeration::Numeration;
use wythoff::prove::plan::{self, COMMAND_FILE};
use wythoff_walnut::{Request, Verdict};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProveFormat {
    Text,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    pub game: String,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    pub misere: bool,
    /// The board the automaton is guessed from: positions 0 <= x, y < N (16 to 4096).
    #[arg(long, default_value_t = plan::DEFAULT_BOARD, value_parser = parse_board, allow_hyphen_values = true)]
    pub max: u64,
    /// The numeration to use: base:K, zeckendorf, or ost:A0,A1,...;P1,P2,...
    /// (default: those the board's patterns suggest, then base 2, Zeckendorf,
    /// base 3 and a few Ostrowski numerations).
    #[arg(long, value_name = "SPEC")]
    pub numeration: Option<String>,
    /// The most states an automaton may have.
    #[arg(long, default_value_t = plan::DEFAULT_MAX_STATES)]
    pub states: usize,
    /// Also write a complete WALNUT_HOME here (the eight folders; `load prove.txt;`
    /// in Walnut re-runs the proof).
    #[arg(long, value_name = "DIR")]
    pub emit: Option<PathBuf>,
    /// Seconds Walnut may take (each run).
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
    #[arg(long, value_enum, default_value = "text")]
    pub format: ProveFormat,
    /// For tests: flip the membership of one cell `X,Y` of the guessed automaton.
    #[arg(long, hide = true, value_name = "X,Y")]
    pub flip_cell: Option<String>,
    /// For tests: go straight to the automata of the pairs' graphs.
    #[arg(long, hide = true)]
    pub via_pairs: bool,
}

fn parse_board(s: &str) -> Result<u64, String> {
    let n: u64 = s.trim().parse().map_err(|_| {
        format!(
            "`{s}` is not a whole number (16 to {})",
            plan::MAX_PROVE_BOARD
        )
    })?;
    if !(16..=plan::MAX_PROVE_BOARD).contains(&n) {
        return Err(format!(
            "{n} is out of range: prove solves boards from 16 to {}",
            plan::MAX_PROVE_BOARD
        ));
    }
    Ok(n)
}

fn parse_cell(s: &str) -> Result<(u64, u64)> {
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| anyhow!("--flip-cell `{s}`: write X,Y"))?;
    Ok((
        x.trim()
            .parse()
            .map_err(|_| anyhow!("--flip-cell `{s}`: X is not a whole number"))?,
        y.trim()
            .parse()
            .map_err(|_| anyhow!("--flip-cell `{s}`: Y is not a whole number"))?,
    ))
}

pub fn run(a: Args) -> Result<ExitCode> {
    let subject = resolve(&a.game, a.misere)?;
    let mut out = std::io::stdout().lock();
    let numeration = match &a.numeration {
        Some(t) => Some(Numeration::parse(t).map_err(|e| anyhow!("{e}"))?),
        None => None,
    };
    let flip = a.flip_cell.as_deref().map(parse_cell).transpose()?;
    let req = Request {
        max: a.max,
        numeration,
        states: a.states,
        emit: a.emit.clone(),
        timeout: a.timeout,
        flip,
        via_pairs: a.via_pairs,
        ..Request::new(subject)
    };
    let r = wythoff_walnut::prove(&req)?;
    if a.format == ProveFormat::Json {
        writeln!(out, "{}", serde_json::to_string_pretty(&r.json())?)?;
    } else if r.verdict == Verdict::NoAutomaton {
        writeln!(
            out,
            "{} ({}): no automaton found on the {} x {} board",
            r.game, r.convention_text, r.max, r.max
        )?;
        writeln!(out, "  tried, up to {} states:", r.max_states)?;
        for t in &r.tried {
            writeln!(out, "    {t}")?;
        }
    } else {
        let num = r.numeration.as_ref().expect("a numeration");
        let ns = num.walnut_name();
        let states = r.states.unwrap_or(0);
        let how = &r.how;
        writeln!(
            out,
            "{} ({}): {}",
            r.game,
            r.convention_text,
            r.verdict.as_str()
        )?;
        if r.verdict == Verdict::Proved {
            writeln!(out,
                "  the P-positions are exactly the pairs (x, y) accepted by a {states}-state automaton in {} ({ns}){how}, for every position",
                num.describe()
            )?;
        } else {
            writeln!(
                out,
                "  the {states}-state automaton in {} ({ns}){how} guessed from the board is not the P-set",
                num.describe()
            )?;
        }
        writeln!(
            out,
            "  guessed from {}; decided by Walnut {}:",
            r.source, r.walnut_version
        )?;
        for st in &r.statements {
            let res = match st.result {
                Some(true) => "TRUE".to_string(),
                Some(false) => format!(
                    "FALSE{}",
                    if st.error.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", st.error)
                    }
                ),
                None => format!("ERROR ({})", st.error),
            };
            match st.seconds {
                Some(s) => writeln!(out, "    {:<18} {res:<6} {s:.3} s", st.name)?,
                None => writeln!(out, "    {:<18} {res}", st.name)?,
            };
        }
        if let Some(c) = r.row_count {
            writeln!(
                out,
                "  p_complementarity (the papers' statement, not part of the proof): every x >= 1 is the first pile of exactly {c} P-position(s)"
            )?;
        }
        if let Some(st) = r.statements.iter().find(|s| s.positions.is_some()) {
            writeln!(
                out,
                "  {} (not part of the proof): the moves into the proved set that Walnut built ({}.txt) are{} the winning moves `outcome` prints, at {} positions (piles up to {})",
                st.name,
                plan::WINNING,
                if st.result == Some(true) { "" } else { " NOT" },
                st.positions.unwrap_or(0),
                st.largest_pile.as_deref().unwrap_or("?")
            )?;
        }
        writeln!(
            out,
            "  Walnut: {:.3} s computing (definitions and statements), {:.1} s wall (Java's start included)",
            r.walnut_seconds, r.wall_seconds
        )?;
        if let Some((x, y, st)) = &r.witness {
            writeln!(out, "  smallest position where it fails: ({x}, {y}) ({st})")?;
        }
        if let Some(dir) = &a.emit {
            writeln!(
                out,
                "  Walnut files: {} (run `load {COMMAND_FILE};` with WALNUT_HOME there)",
                dir.display()
            )?;
        }
    }
    Ok(if r.verdict == Verdict::Proved {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
