//! The text grammar of requests and the JSON of answers, shared by every front
//! end (the CLI, the server, Python): GAME with the huge m-Modular choice
//! ([`GameSpec`]), a side `GAME@misere` ([`parse_side`]), history values `x,y`
//! ([`parse_position`], [`parse_history`]), the one-position question
//! ([`outcome_of`]) and its JSON ([`LabelledOutcome::json`]). Errors name the
//! request's arguments as data ([`Arg`]); each front end words them.

use super::*;

/// A GAME as a front end received it: a game value ([`Subject`]), or m-Modular
/// Wythoff with an `m` beyond the catalogue's range, answered by seed 001's
/// characterisation ([`outcome_huge_modular`]) and by nothing else.
#[derive(Clone, Debug)]
pub enum GameSpec {
    Game(Subject),
    HugeModular {
        m: Natural,
        misere: bool,
        /// The catalogue's refusal of the text (every other question).
        refused: RuleError,
    },
}

impl GameSpec {
    /// Resolve GAME as [`Subject::from_arg`] does, except `modular:m=M` with `M`
    /// beyond the catalogue's range ([`huge_modular`]; an `M` of more than 4096
    /// digits is refused, before `B^E` is computed).
    pub fn from_arg<E>(
        text: &str,
        misere: bool,
        read_file: impl FnOnce(&str, u64) -> Result<String, E>,
    ) -> Result<GameSpec, GameArgError<E>> {
        let huge = huge_modular(text).map_err(|error| GameArgError::Rules { path: None, error })?;
        if let Some(m) = huge {
            let refused = match Subject::parse(text, misere) {
                Err(e) => e,
                Ok(s) => return Ok(GameSpec::Game(s)),
            };
            return Ok(GameSpec::HugeModular { m, misere, refused });
        }
        Subject::from_arg(text, misere, read_file).map(GameSpec::Game)
    }

    /// The game's canonical text (a huge m-Modular game's `modular:m=M`).
    pub fn label(&self) -> String {
        match self {
            GameSpec::Game(s) => s.label.clone(),
            GameSpec::HugeModular { m, .. } => oracle::modular_big::Modular::new(m.clone()).label(),
        }
    }

    /// The game as a [`Subject`], for every question but [`outcome_of`]: a huge
    /// m-Modular game is refused as the catalogue refuses it.
    pub fn subject(&self) -> Result<&Subject, SolveError> {
        match self {
            GameSpec::Game(s) => Ok(s),
            GameSpec::HugeModular { refused, .. } => Err(refused.clone().into()),
        }
    }
}

/// The convention of a side `GAME`, `GAME@misere` (or `GAME@misère`) or
/// `GAME@normal`: the game's text and `true` for misère play.
pub fn parse_side(text: &str) -> Result<(&str, bool), SolveError> {
    match text.rsplit_once('@') {
        Some((g, "misere")) | Some((g, "misère")) => Ok((g, true)),
        Some((g, "normal")) => Ok((g, false)),
        Some((_, other)) => Err(SolveError::BadInput(format!(
            "`{text}`: unknown convention `@{other}`: write GAME, GAME@normal or GAME@misere"
        ))),
        None => Ok((text, false)),
    }
}

/// The label of a side of a comparison: the game and its convention.
pub fn side_label(s: &Subject) -> String {
    format!("{} ({})", s.label, s.convention_text())
}

/// One position `x,y` (piles below 2^64), or why not, worded without naming
/// the argument (`value `1` is not `x,y``).
pub fn parse_pair(s: &str) -> Result<(u64, u64), String> {
    let Some((a, b)) = s.split_once(',') else {
        return Err(format!("value `{s}` is not `x,y`"));
    };
    let num = |t: &str| -> Result<u64, String> {
        let d = parse_pile(t, "pile").map_err(|e| format!("value `{s}`: {e}"))?;
        u64::try_from(&d).map_err(|_| {
            format!("value `{s}`: pile `{t}` is too large: number too large to fit in target type")
        })
    };
    Ok((num(a)?, num(b)?))
}

/// One history value `x,y` (a position of a game with memory).
pub fn parse_position(s: &str) -> Result<(u64, u64), SolveError> {
    parse_pair(s).map_err(|why| {
        SolveError::BadArg(Message::new().name(Arg::History).text(format!(" {why}")))
    })
}

/// The history values, oldest first.
pub fn parse_history<S: AsRef<str>>(values: &[S]) -> Result<Vec<(u64, u64)>, SolveError> {
    values.iter().map(|s| parse_position(s.as_ref())).collect()
}

/// The outcome of `(x, y)` in the game `spec`, after `history` (games with
/// memory), or from the conjectured oracle of the game's patterns on the board
/// of side `conjecture`: the one entry every front end calls, so that the
/// huge m-Modular choice is the same everywhere.
pub fn outcome_of(
    spec: &GameSpec,
    x: &Natural,
    y: &Natural,
    history: &[(u64, u64)],
    conjecture: Option<usize>,
) -> Result<LabelledOutcome, SolveError> {
    let s = match spec {
        GameSpec::HugeModular { m, misere, .. } => {
            let asked = !history.is_empty() || conjecture.is_some();
            return outcome_huge_modular(m, *misere, x, y, asked);
        }
        GameSpec::Game(s) => s,
    };
    let answer = match conjecture {
        Some(n) => {
            if !history.is_empty() {
                return Err(SolveError::BadArg(
                    Message::new()
                        .name(Arg::Conjecture)
                        .text(" does not take ")
                        .name(Arg::History),
                ));
            }
            outcome_conjecture(s, x, y, n)?
        }
        None => outcome(s, x, y, history)?,
    };
    Ok(LabelledOutcome {
        label: s.label.clone(),
        convention: s.convention_text(),
        answer,
    })
}

impl LabelledOutcome {
    /// The answer's JSON object (`outcome --format json`, `/api/outcome`): the
    /// game, convention, position, outcome, winning moves, notes and `grundy`
    /// (`value` and `basis`, as `grundy GAME X Y` gives them; null where not known).
    pub fn json(&self, x: &Natural, y: &Natural) -> serde_json::Value {
        let moves: Vec<[String; 2]> = self
            .answer
            .moves
            .iter()
            .map(|(a, b)| [a.to_string(), b.to_string()])
            .collect();
        let mut v = json!({
            "game": self.label, "convention": self.convention,
            "x": x.to_string(), "y": y.to_string(),
            "outcome": self.answer.outcome.to_string(), "winning_moves": moves,
            "notes": self.answer.notes,
            // the position's Grundy value where it is known (null otherwise)
            "grundy": self.answer.grundy.as_ref().map(|g| json!({
                "value": g.value.to_string(), "basis": g.basis,
            })),
        });
        // a game with a pass not yet used: does passing win?
        if let Some(p) = self.answer.pass {
            v["winning_pass"] = json!(p);
        }
        // a proved automaton's answer names its proof; winning moves it could
        // not compute are null, not an empty list (an N-position has at least one)
        if let Some(p) = &self.answer.proof {
            v["proof"] = json!(p);
            if self.answer.outcome == Outcome::N && self.answer.moves.is_empty() {
                v["winning_moves"] = serde_json::Value::Null;
            }
        }
        v
    }
}

impl Subject {
    /// The convention as a listing of P-positions names it: a game with memory
    /// lists its starting positions (no history).
    pub fn list_convention(&self) -> String {
        if ImitationNim::from_game(&self.game).is_some() {
            format!(
                "{}, starting positions (no history)",
                self.convention_text()
            )
        } else {
            self.convention_text()
        }
    }
}
