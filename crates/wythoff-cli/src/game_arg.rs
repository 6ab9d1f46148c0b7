//! The GAME argument: a catalogue name with parameters, or a TOML rules file.

use anyhow::{bail, Context};
use wythoff::catalogue::{parse_game, NamedGame};
use wythoff::rules::{Convention, Game};

/// A game named on the command line.
pub struct GameArg {
    /// Canonical text (`name:key=value,...`) or the rules file's name.
    pub label: String,
    /// The catalogue entry, when the game comes from the catalogue.
    #[allow(dead_code)] // read by the oracle path
    pub named: Option<NamedGame>,
    /// The game, in the requested convention.
    pub game: Game,
}

impl GameArg {
    pub fn convention(&self) -> Convention {
        self.game.convention()
    }
    /// "normal play" / "misère play".
    pub fn convention_text(&self) -> String {
        self.convention().to_string()
    }
}

/// Resolve GAME; `misere` overrides the convention.
pub fn resolve(text: &str, misere: bool) -> anyhow::Result<GameArg> {
    let (label, named, game) = if text.ends_with(".toml") || text.starts_with("file:") {
        let path = text.trim_start_matches("file:");
        let body = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read rules file `{path}`"))?;
        let (name, game) = wythoff::custom::parse_rules_file(&body)?;
        (name, None, game)
    } else {
        let ng = parse_game(text)?;
        (ng.canonical.clone(), Some(ng.clone()), ng.game)
    };
    let game = if misere {
        game.with_convention(Convention::Misere)
    } else {
        game
    };
    Ok(GameArg { label, named, game })
}

/// Parse `--max N`: a whole number from 1 to `limit`.
pub fn parse_max(s: &str) -> Result<u64, String> {
    let limit: u64 = 1 << 20;
    let n: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a whole number: --max takes 1..={limit}"))?;
    if n == 0 || n > limit {
        return Err(format!("--max {n} is out of range: allowed 1..={limit}"));
    }
    Ok(n)
}

/// Parse a pile size (non-negative whole number, any size).
pub fn parse_pile(s: &str, what: &str) -> anyhow::Result<String> {
    let t = s.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        bail!("{what} = `{s}` is not a non-negative whole number");
    }
    let digits = t.trim_start_matches('0');
    Ok(if digits.is_empty() {
        "0".to_string()
    } else {
        digits.to_string()
    })
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
