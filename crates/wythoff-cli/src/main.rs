//! `wythoff`: the command-line tool. Glue only: parse arguments, call the
//! library, render the result (formats live in `render`).

mod cmd_check_table;
mod cmd_compare;
mod cmd_games;
mod cmd_grundy;
mod cmd_imitation;
mod cmd_outcome;
mod cmd_p_positions;
mod cmd_patterns;
mod cmd_play;
mod cmd_plot;
mod cmd_prove;
mod cmd_remoteness;
mod cmd_rows;
mod cmd_sequence;
mod cmd_serve;
mod cmd_sum;
mod cmd_sweep;
mod cmd_verify;
mod game_arg;
mod progress;
mod render;
mod resources;
mod serve;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "wythoff",
    version,
    about = "Solve, check and explore the Wythoff family of two-pile take-away games",
    long_about = "Solve, check and explore the Wythoff family of two-pile take-away games.\n\n\
GAME is `name` or `name:key=value,...` (see `wythoff games`), or the path of a TOML rules file (ending in .toml)."
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
    /// Worker threads for the commands that compute (default: the cores this
    /// process may use, or RAYON_NUM_THREADS); the output is the same for every T.
    #[arg(long, global = true, value_name = "T")]
    threads: Option<usize>,
}

#[derive(Subcommand)]
enum Cmd {
    /// List the catalogue: every named game, its parameters and its source
    /// (the rules, conventions and papers in full: docs/games.md).
    Games(cmd_games::Args),
    /// Every P-position (x, y) with 0 <= x, y < N, sorted by x then y; with --row X, those of row X at any size.
    #[command(name = "p-positions", alias = "p")]
    PPositions(cmd_p_positions::Args),
    /// The Sprague-Grundy table (no blocking, no memory); --values A..G: only the positions of those values, no table; --misere: the misère Grundy values of the game alone
    #[command(alias = "g")]
    Grundy(cmd_grundy::Args),
    /// The outcome (P or N) of one position, with the winning moves.
    #[command(alias = "o")]
    Outcome(cmd_outcome::Args),
    /// Games with memory (Imitation Nim): each position P or N after every
    /// history, or dynamic (D) (Larsson, Definition 1).
    Dynamic(cmd_imitation::DynamicArgs),
    /// The pairs (a_n, b_n) that define the P-positions, from n = 0.
    #[command(alias = "s")]
    Sequence(cmd_sequence::Args),
    /// Check every claim of the papers, one line per check; exit 1 on any failure.
    Verify(cmd_verify::Args),
    /// Check a printed list of P-positions (one `x,y` per line) against the rules.
    #[command(name = "check-table")]
    CheckTable(cmd_check_table::Args),
    /// Draw the board as a PNG or SVG picture: P-positions (shaded by the papers'
    /// parts), Imitation Nim's classes, or a Grundy heatmap (--grundy).
    Plot(cmd_plot::PlotArgs),
    /// Compare the P-positions of two games (a side may be `GAME@misere`): counts of
    /// cells P only in A, only in B, in both; the first differing cells; a picture (-o).
    Compare(cmd_compare::Args),
    /// Run `patterns` on every combination of parameters (ranges, lists, variables),
    /// with the published result where there is one; `--shard K/T`, `--merge FILE...`.
    Sweep(cmd_sweep::Args),
    /// The structure of the board, found and checked on every cell: finite sets,
    /// periodic sets, pairs of sequences (difference, mex, multiplicity, Beatty),
    /// and with --grundy the additive periodicity of Grundy rows.
    Patterns(cmd_patterns::Args),
    /// Grundy rows A..B, each with its law (preperiod, period, saltus) and
    /// whether the row certificate proves it (the state repeat), in O(B Y) memory.
    Rows(cmd_rows::Args),
    /// The disjunctive sum of positions `GAME X Y ...` (Nim heaps: `nim X 0`):
    /// outcome, Grundy value (XOR) and a winning move.
    Sum(cmd_sum::Args),
    /// Remoteness table: moves to the end with the fastest win / longest defence.
    Remoteness(cmd_remoteness::Args),
    /// Play against a perfect opponent (a terminal, or one move per line on stdin).
    Play(cmd_play::Args),
    /// Turn the board into a theorem: guess the P-set's automaton, write the rules
    /// as first-order statements, and let Walnut decide them (proved / refuted /
    /// no automaton found).
    Prove(cmd_prove::Args),
    /// The games in a web page: a local server (loopback by default) with the
    /// board, hover, layers, patterns and play, and a JSON API; Ctrl-C stops it.
    Serve(cmd_serve::Args),
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.cmd {
        Cmd::Games(a) => cmd_games::run(a),
        Cmd::PPositions(a) => cmd_p_positions::run(a),
        Cmd::Grundy(a) => cmd_grundy::run(a),
        Cmd::Outcome(a) => cmd_outcome::run(a),
        Cmd::Dynamic(a) => cmd_imitation::dynamic(a),
        Cmd::Sequence(a) => cmd_sequence::run(a),
        Cmd::Verify(a) => cmd_verify::run(a),
        Cmd::CheckTable(a) => cmd_check_table::run(a),
        Cmd::Plot(a) => cmd_plot::run(&a).map(|()| ExitCode::SUCCESS),
        Cmd::Compare(a) => cmd_compare::run(a),
        Cmd::Sweep(a) => cmd_sweep::run(a),
        Cmd::Patterns(a) => cmd_patterns::run(a),
        Cmd::Rows(a) => cmd_rows::run(a),
        Cmd::Sum(a) => cmd_sum::run(a),
        Cmd::Remoteness(a) => cmd_remoteness::run(a),
        Cmd::Play(a) => cmd_play::run(a),
        Cmd::Prove(a) => cmd_prove::run(a),
        Cmd::Serve(a) => cmd_serve::run(a),
    }
}

/// Print one line on stderr and return exit code 2 (control characters
/// escaped, long echoed input cut: `game_arg::tidy_message`).
fn fail(msg: &str) -> ExitCode {
    let line = game_arg::error_line(msg);
    eprintln!("wythoff: error: {line}");
    ExitCode::from(2)
}

/// Flags that name the board side in other tools; ours is `--max N`.
const BOARD_FLAG_GUESSES: &[&str] = &[
    "--size", "--side", "--board", "--n", "-n", "--limit", "--max-n",
];

/// For an unknown flag that names the board side elsewhere (`--size`): the
/// message `unexpected argument '--size': did you mean `--max N`...?` when
/// the command takes `--max` (clap suggests only names spelt alike).
fn board_flag_hint(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let flag = arg.split('=').next().unwrap_or(arg);
    if !BOARD_FLAG_GUESSES.contains(&flag) || e.get(ContextKind::SuggestedArg).is_some() {
        return None;
    }
    // the command named on the line (its aliases included) takes --max
    use clap::CommandFactory;
    let cli = Cli::command();
    let sub = std::env::args().skip(1).find_map(|a| {
        cli.get_subcommands()
            .find(|c| c.get_name() == a || c.get_all_aliases().any(|al| al == a))
            .cloned()
    })?;
    let takes_max = sub.get_arguments().any(|a| a.get_long() == Some("max"));
    takes_max.then(|| max_hint(flag))
}

/// The message for a board-side flag of other tools (`--size`) given to a
/// command that takes `--max`.
pub(crate) fn max_hint(flag: &str) -> String {
    format!(
        "unexpected argument '{flag}': did you mean `--max N` (the board side, \
             positions 0 <= x, y < N)?"
    )
}

/// `Some(message)` when `arg` (a positional argument that takes hyphens, as
/// `grundy`'s X) is a board-side flag of other tools (`--size`, `--size=10`).
pub(crate) fn positional_board_flag(arg: &str) -> Option<String> {
    let flag = arg.split('=').next().unwrap_or(arg);
    BOARD_FLAG_GUESSES.contains(&flag).then(|| max_hint(flag))
}

fn main() -> ExitCode {
    if resources::stdout_was_closed() {
        return fail("standard output is closed (`>&-`): nothing could be written");
    }
    if let Err(e) = resources::init_memory_budget() {
        return fail(&e);
    }
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    // written and flushed, or an error (`--help > /dev/full`)
                    use std::io::Write;
                    let text = e.render().to_string();
                    let mut out = std::io::stdout().lock();
                    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                        Ok(()) => ExitCode::SUCCESS,
                        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => {
                            ExitCode::SUCCESS
                        }
                        Err(err) => fail(&format!("cannot write to standard output: {err}")),
                    }
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    ExitCode::from(2)
                }
                _ => {
                    // clap's message, first line only, without its "error: " prefix
                    let text = e.render().to_string();
                    let joined: Vec<&str> = text
                        .lines()
                        .map(str::trim)
                        .take_while(|l| {
                            !l.starts_with("Usage:") && !l.starts_with("For more information")
                        })
                        .filter(|l| !l.is_empty())
                        .collect();
                    let msg = board_flag_hint(&e).unwrap_or_else(|| joined.join(" "));
                    fail(&format!(
                        "{} (see `wythoff --help`)",
                        msg.trim_start_matches("error: ")
                    ))
                }
            };
        }
    };
    if cli.threads == Some(0) {
        return fail("--threads must be at least 1");
    }
    // the only pool of the process (the library reads its size): `--threads`,
    // else RAYON_NUM_THREADS, else the cores; capped, and an error line (not a
    // panic) when the threads cannot be started (`ulimit -v`)
    if let Err(e) = resources::start_thread_pool(cli.threads) {
        return fail(&e);
    }
    match run(cli).and_then(|code| {
        use std::io::Write;
        std::io::stdout().flush()?;
        Ok(code)
    }) {
        Ok(code) => code,
        Err(e) => {
            if let Some(io) = e.downcast_ref::<std::io::Error>() {
                if io.kind() == std::io::ErrorKind::BrokenPipe {
                    return ExitCode::SUCCESS;
                }
            }
            // this machine's files failing (a full disk, `> /dev/full`) is
            // refused as bad input is: one line, exit 2 (exit 1 is `verify`'s
            // "a claim failed", `check-table`'s "the table differs")
            let bare_io = e.chain().count() == 1 && e.downcast_ref::<std::io::Error>().is_some();
            if bare_io {
                return fail(&format!("cannot write the output: {e:#}"));
            }
            fail(&format!("{e:#}"))
        }
    }
}
