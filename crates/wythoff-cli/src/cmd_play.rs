//! `wythoff play GAME [X Y] [--misere] [--computer first|second] [--seed S]`:
//! play against a perfect opponent (`wythoff::play`; this file is glue).
//!
//! Input, one line at a time: a move as the target `x,y` or as a removal
//! `-k,l` (`k` from the first pile, `l` from the second), optionally followed by
//! `block a,b ...` (blocking games: up to p - 1 options of the class that the
//! opponent may not take next); `pass` (a game with a pass: once per game, by
//! either player, optionally with `block a,b ...`); `hint`, `undo` (takes back
//! your last move and the reply), `quit`. On a terminal the board, the position
//! (with a pass: whether it is still available), whose turn it is, the blocks
//! and Imitation Nim's history are shown after each move. Without a terminal
//! every output line is either the computer's move `x,y`, its pass `pass`, one
//! of its blocks `# block a,b`, or a comment `# ...` (refusals: `# illegal: ...`).

use crate::game_arg::{parse_pile, resolve};
use crate::render::board;
use anyhow::{bail, Context};
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use wythoff::play::{Action, Choice, Session};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Who {
    First,
    Second,
}

#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    pub game: String,
    /// First pile of the starting position (with Y; default from --seed).
    pub x: Option<String>,
    /// Second pile of the starting position.
    pub y: Option<String>,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    pub misere: bool,
    /// Whether the computer moves first or second.
    #[arg(long, value_enum, default_value = "second")]
    pub computer: Who,
    /// Seed of the computer's tie-breaking (and of the default start).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

enum Input {
    Quit,
    Undo,
    Hint,
    Help,
    Move((u64, u64), Vec<(u64, u64)>),
    Pass(Vec<(u64, u64)>),
}

/// `block a,b ...` after a move or the pass (`what`: `move` or `pass`;
/// `usage`: how the blocks are written after it).
fn blocks_after<'a>(
    mut words: impl Iterator<Item = &'a str>,
    what: &str,
    usage: &str,
) -> anyhow::Result<Vec<(u64, u64)>> {
    let mut blocks = Vec::new();
    match words.next() {
        None => {}
        Some("block") => {
            for w in words {
                blocks.push(pair(w, "block")?);
            }
        }
        Some(w) => bail!("unexpected `{w}` after the {what} (blocks: `{usage}`)"),
    }
    Ok(blocks)
}

fn pair(s: &str, what: &str) -> anyhow::Result<(u64, u64)> {
    let (a, b) = s
        .split_once(',')
        .with_context(|| format!("{what} `{s}` is not `x,y`"))?;
    let num = |t: &str| -> anyhow::Result<u64> {
        let d = parse_pile(t, what)?;
        d.parse::<u64>()
            .with_context(|| format!("{what} `{s}`: `{t}` is too large"))
    };
    Ok((num(a)?, num(b)?))
}

fn parse_input(line: &str, pos: (u64, u64)) -> anyhow::Result<Input> {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    Ok(match first {
        "quit" | "q" | "exit" => Input::Quit,
        "undo" | "u" => Input::Undo,
        "hint" | "h" => Input::Hint,
        "help" | "?" => Input::Help,
        "pass" => Input::Pass(blocks_after(words, "pass", "pass block a,b ...")?),
        _ => {
            let to = if let Some(rem) = first.strip_prefix('-') {
                let (k, l) = pair(rem, "removal")?;
                if k > pos.0 || l > pos.1 {
                    bail!(
                        "removing {k} and {l} from ({}, {}) takes more than a pile holds",
                        pos.0,
                        pos.1
                    );
                }
                (pos.0 - k, pos.1 - l)
            } else {
                pair(first, "move")?
            };
            Input::Move(to, blocks_after(words, "move", "x,y block a,b ...")?)
        }
    })
}

const HELP: &str = "moves: a target `x,y` or a removal `-k,l` (k from the first pile, l from the second), then optionally `block a,b ...`; commands: hint, undo, quit";

/// [`HELP`], and the pass while it is there.
fn help(s: &Session) -> String {
    if s.pass_available() {
        format!("{HELP}; `pass`: this game's one pass (once per game, by either player; not from a position without moves)")
    } else {
        HELP.to_string()
    }
}
struct Ui {
    tty: bool,
    out: std::io::Stdout,
    label: String,
    human_first: bool,
}

impl Ui {
    fn line(&mut self, s: &str) -> std::io::Result<()> {
        let mut o = self.out.lock();
        writeln!(o, "{s}")?;
        o.flush()
    }
    fn comment(&mut self, s: &str) -> std::io::Result<()> {
        self.line(&format!("# {s}"))
    }
    fn human_to_move(&self, s: &Session) -> bool {
        (s.moves().len() % 2 == 0) == self.human_first
    }
    /// The board, the position, whose turn, blocks, history (terminal only).
    fn show(&mut self, s: &mut Session) -> std::io::Result<()> {
        if !self.tty {
            return Ok(());
        }
        let (x, y) = s.position();
        let n = (s.start().0.max(s.start().1) + 1) as usize;
        let rules = s.rules().cloned();
        let on = |a: usize, b: usize| {
            rules
                .as_ref()
                .map_or(true, |r| r.on_board(a as u64, b as u64))
        };
        let blocked: Vec<(usize, usize)> = s
            .blocked()
            .iter()
            .map(|&(a, b)| (a as usize, b as usize))
            .collect();
        let mut text = String::new();
        text.push_str(&format!("── {} ──\n", self.label));
        if let Some(b) = board::position_board(n, &on, (x as usize, y as usize), &blocked) {
            text.push_str(&b);
        }
        if s.has_pass() {
            let pass = if s.pass_used() {
                "the pass was used"
            } else {
                "the pass is still available"
            };
            text.push_str(&format!("position ({x}, {y}); {pass}\n"));
        } else {
            text.push_str(&format!("position ({x}, {y})\n"));
        }
        if !s.blocked().is_empty() {
            let l: Vec<String> = s
                .blocked()
                .iter()
                .map(|(a, b)| format!("{a},{b}"))
                .collect();
            text.push_str(&format!("blocked for this move: {}\n", l.join(" ")));
        }
        if let Some((rules, st)) = s.imitation() {
            let mut h = format!("history: ({}, {})", s.start().0, s.start().1);
            for m in s.moves() {
                h.push_str(&format!(
                    " -> ({}, {}){}",
                    m.to.0,
                    m.to.1,
                    if m.imitation { "*" } else { "" }
                ));
            }
            text.push_str(&h);
            text.push_str(&format!(
                "\n(* = {}-imitation; runs: player to move {}, other {}; a p-th consecutive imitation is refused, p = {})\n",
                rules.m(),
                st.mover_run,
                st.previous_run,
                rules.p()
            ));
        }
        let who = if self.human_to_move(s) {
            "you to move"
        } else {
            "the computer to move"
        };
        text.push_str(&format!("{who}\n"));
        let mut o = self.out.lock();
        write!(o, "{text}")?;
        o.flush()
    }
    fn prompt(&mut self, s: &Session) -> std::io::Result<()> {
        if !self.tty {
            return Ok(());
        }
        let extra = if s.block_limit() > 0 {
            format!(" [block a,b ... (up to {})]", s.block_limit())
        } else {
            String::new()
        };
        let pass = if s.pass_available() { ", pass" } else { "" };
        let mut o = self.out.lock();
        write!(
            o,
            "your move (x,y or -k,l{pass}){extra}, hint, undo, quit> "
        )?;
        o.flush()
    }
    /// Say who won when the player to move has no move; `true` when over.
    fn over(&mut self, s: &mut Session) -> std::io::Result<bool> {
        if !s.is_over() {
            return Ok(false);
        }
        let human_stuck = self.human_to_move(s);
        let human_wins = human_stuck == s.stuck_player_wins();
        let (x, y) = s.position();
        self.comment(&format!(
            "game over at ({x}, {y}): {} no move, which {} in {}: {}",
            if human_stuck {
                "you have"
            } else {
                "the computer has"
            },
            if s.stuck_player_wins() {
                "wins"
            } else {
                "loses"
            },
            s.convention(),
            if human_wins {
                "you win"
            } else {
                "the computer wins"
            }
        ))?;
        Ok(true)
    }
    fn computer(&mut self, s: &mut Session) -> std::io::Result<()> {
        let before = s.choices();
        if let Some((a, blocks)) = s.computer_action() {
            let to = match a {
                Action::Move(to) => {
                    self.line(&format!("{},{}", to.0, to.1))?;
                    to
                }
                Action::Pass => {
                    self.line("pass")?;
                    s.position()
                }
            };
            for b in &blocks {
                self.line(&format!("# block {},{}", b.0, b.1))?;
            }
            if a != Action::Pass && before.iter().any(|c: &Choice| c.to == to && c.imitation) {
                self.comment(&format!("{},{} is an m-imitation", to.0, to.1))?;
            }
        }
        Ok(())
    }
}

fn default_start(seed: u64) -> (u64, u64) {
    (6 + seed % 5, 9 + (seed / 5) % 5)
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let g = resolve(&a.game, a.misere)?;
    let (x, y) = match (&a.x, &a.y) {
        (Some(xs), Some(ys)) => {
            let p = |s: &str, w: &str| -> anyhow::Result<u64> {
                parse_pile(s, w)?
                    .parse::<u64>()
                    .with_context(|| format!("{w} = `{s}` is too large"))
            };
            (p(xs, "X")?, p(ys, "Y")?)
        }
        (None, None) => default_start(a.seed),
        _ => bail!("give both X and Y, or neither"),
    };
    let mut s = Session::new(&g.game, x, y, a.seed)?;
    let tty = std::io::stdin().is_terminal();
    let mut ui = Ui {
        tty,
        out: std::io::stdout(),
        label: format!("{} ({})", g.label, g.convention_text()),
        human_first: a.computer == Who::Second,
    };
    ui.comment(&format!(
        "{}: start ({x}, {y}); the computer moves {}",
        ui.label,
        if ui.human_first { "second" } else { "first" }
    ))?;
    if tty {
        ui.comment(&help(&s))?;
    }
    if !ui.human_first && !ui.over(&mut s)? {
        ui.computer(&mut s)?;
    }
    ui.show(&mut s)?;
    if ui.over(&mut s)? {
        return Ok(ExitCode::SUCCESS);
    }
    ui.prompt(&s)?;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line?;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            ui.prompt(&s)?;
            continue;
        }
        match parse_input(t, s.position()) {
            Err(e) => ui.comment(&format!("illegal: {e:#}"))?,
            Ok(Input::Quit) => {
                ui.comment("quit")?;
                return Ok(ExitCode::SUCCESS);
            }
            Ok(Input::Help) => ui.comment(&help(&s))?,
            Ok(Input::Hint) => {
                let h = s.hint();
                if h.is_empty() {
                    match s.best_action() {
                        Some((Action::Move(to), _)) => ui.comment(&format!(
                            "hint: no winning move; the longest defence is {},{}",
                            to.0, to.1
                        ))?,
                        Some((Action::Pass, _)) => {
                            ui.comment("hint: no winning move; the longest defence is pass")?
                        }
                        None => ui.comment("hint: no move")?,
                    }
                } else {
                    for c in h {
                        let what = if c.pass {
                            "pass".to_string()
                        } else {
                            format!("{},{}", c.to.0, c.to.1)
                        };
                        ui.comment(&format!("hint: {what} wins (remoteness {})", c.remoteness))?;
                    }
                }
            }
            Ok(Input::Undo) => {
                let mut undone_human = false;
                while !s.moves().is_empty() && !undone_human {
                    s.undo();
                    undone_human = ui.human_to_move(&s);
                }
                if undone_human {
                    let (x, y) = s.position();
                    ui.comment(&format!("undone: back at ({x}, {y})"))?;
                } else {
                    ui.comment("nothing to undo")?;
                }
                ui.show(&mut s)?;
            }
            Ok(Input::Pass(blocks)) => match s.play_pass(&blocks) {
                Err(why) => ui.comment(&format!("illegal: pass: {why}"))?,
                Ok(_) => {
                    if ui.over(&mut s)? {
                        return Ok(ExitCode::SUCCESS);
                    }
                    ui.computer(&mut s)?;
                    ui.show(&mut s)?;
                    if ui.over(&mut s)? {
                        return Ok(ExitCode::SUCCESS);
                    }
                }
            },
            Ok(Input::Move(to, blocks)) => match s.play(to, &blocks) {
                Err(why) => ui.comment(&format!("illegal: {},{}: {why}", to.0, to.1))?,
                Ok(c) => {
                    if c.imitation {
                        ui.comment(&format!("{},{} is an m-imitation", to.0, to.1))?;
                    }
                    if ui.over(&mut s)? {
                        return Ok(ExitCode::SUCCESS);
                    }
                    ui.computer(&mut s)?;
                    ui.show(&mut s)?;
                    if ui.over(&mut s)? {
                        return Ok(ExitCode::SUCCESS);
                    }
                }
            },
        }
        ui.prompt(&s)?;
    }
    Ok(ExitCode::SUCCESS)
}
