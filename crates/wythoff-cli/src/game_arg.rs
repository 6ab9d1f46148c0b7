//! The GAME argument: a catalogue name with parameters, or a TOML rules file.

use wythoff::answer::{GameSpec, Subject};

/// A game named on the command line (see [`Subject`]).
pub type GameArg = Subject;

/// Resolve GAME (a catalogue name, or a TOML rules file ending in `.toml` or
/// starting with `file:`, read here with the library's cap); `misere` overrides
/// the convention. The choice is the library's, `Subject::from_arg`.
pub fn resolve(text: &str, misere: bool) -> anyhow::Result<GameArg> {
    let mut s = Subject::from_arg(text, misere, read_rules).map_err(game_arg_error)?;
    // a rules file's name goes into headers and tables: no raw newline, terminal
    // escape or bidirectional override (escaped as in error lines)
    s.label = escape_unsafe(&s.label);
    Ok(s)
}

/// Resolve GAME for `outcome`: as [`resolve`], except m-Modular Wythoff beyond
/// the catalogue's range (the library's `GameSpec::from_arg`).
pub fn resolve_spec(text: &str, misere: bool) -> anyhow::Result<GameSpec> {
    let mut spec = GameSpec::from_arg(text, misere, read_rules).map_err(game_arg_error)?;
    if let GameSpec::Game(s) = &mut spec {
        s.label = escape_unsafe(&s.label);
    }
    Ok(spec)
}

fn read_rules(path: &str, cap: u64) -> anyhow::Result<String> {
    crate::resources::read_text_file(path, "rules file", cap)
}

fn game_arg_error(e: wythoff::answer::GameArgError<anyhow::Error>) -> anyhow::Error {
    use wythoff::answer::GameArgError;
    match e {
        GameArgError::Read { error, .. } => error,
        GameArgError::Rules {
            path: Some(path),
            error,
        } => anyhow::anyhow!("{}: {error}", shorten_path(&path)),
        GameArgError::Rules { path: None, error } => error.into(),
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

pub use wythoff::echo::{error_line, escape_unsafe, shorten, shorten_path};
