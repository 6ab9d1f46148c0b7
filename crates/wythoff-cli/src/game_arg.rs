//! The GAME argument: a catalogue name with parameters, or a TOML rules file.

use anyhow::Context;
use wythoff::answer::Subject;

/// A game named on the command line (see [`Subject`]).
pub type GameArg = Subject;

/// Resolve GAME (a catalogue name, or a TOML rules file ending in `.toml` or
/// starting with `file:`); `misere` overrides the convention.
pub fn resolve(text: &str, misere: bool) -> anyhow::Result<GameArg> {
    if text.ends_with(".toml") || text.starts_with("file:") {
        let path = text.trim_start_matches("file:");
        let body = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read rules file `{path}`"))?;
        Ok(Subject::from_rules(&body, misere)?)
    } else {
        Ok(Subject::parse(text, misere)?)
    }
}

/// Parse `--max N`: a whole number from 1 to `wythoff::answer::MAX_BOARD`.
pub fn parse_max(s: &str) -> Result<u64, String> {
    wythoff::answer::parse_max(s).map_err(|e| e.to_string())
}

/// Parse a pile size (non-negative whole number, any size), as decimal digits.
pub fn parse_pile(s: &str, what: &str) -> anyhow::Result<String> {
    Ok(wythoff::answer::parse_pile(s, what)?.to_string())
}

/// The arguments shared by the board commands (`p-positions`, `grundy`, ...).
#[derive(clap::Args)]
pub struct BoardArgs {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    pub game: String,
    /// Board size: positions 0 <= x, y < N.
    #[arg(long, value_parser = parse_max, allow_hyphen_values = true)]
    pub max: u64,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    pub misere: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: crate::render::Format,
}

impl BoardArgs {
    pub fn resolve(&self) -> anyhow::Result<GameArg> {
        resolve(&self.game, self.misere)
    }
}
