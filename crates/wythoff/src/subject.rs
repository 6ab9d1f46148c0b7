//! [`Subject`]: a game as the user named it, in one convention, and GAME
//! resolution ([`Subject::from_arg`]: catalogue text or a rules file's text).

use crate::catalogue::{parse_game, Entry, NamedGame, ParamKind};
use crate::error::{RuleError, SolveError};
use crate::imitation::ImitationNim;
use crate::oracle::{self, Oracle};
use crate::rules::{Convention, Game};

/// Largest rules file (bytes) a front end reads for [`Subject::from_arg`].
pub const MAX_RULES_FILE: u64 = 1 << 20;

/// Does the GAME text name a TOML rules file (`*.toml`, or `file:PATH`)? Its
/// path, if so.
pub fn rules_file_path(text: &str) -> Option<&str> {
    (text.ends_with(".toml") || text.starts_with("file:")).then(|| text.trim_start_matches("file:"))
}

/// Why a GAME argument was not resolved ([`Subject::from_arg`]), as data: each
/// front end words it.
#[derive(Debug)]
pub enum GameArgError<E> {
    /// The front end's reader failed on the rules file at `path`.
    Read { path: String, error: E },
    /// The rules file at `path` (or, with `path` `None`, the catalogue text) is
    /// not a valid game.
    Rules {
        path: Option<String>,
        error: RuleError,
    },
}

/// A parameter value of a catalogue game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamValue {
    Int(u64),
    /// A length set, in its canonical text.
    Set(String),
}

/// A game as the user named it, in one convention.
#[derive(Clone, Debug)]
pub struct Subject {
    /// Canonical text (`name:key=value,...`) or the rules file's name.
    pub label: String,
    /// The catalogue entry, when the game comes from the catalogue.
    pub named: Option<NamedGame>,
    /// The game, in the requested convention.
    pub game: Game,
}

impl Subject {
    /// A catalogue game, `name` or `name:key=value,...`; `misere` selects misère play.
    pub fn parse(text: &str, misere: bool) -> Result<Subject, RuleError> {
        let ng = parse_game(text)?;
        Ok(Subject {
            label: ng.canonical.clone(),
            game: with_misere(ng.game.clone(), misere),
            named: catalogue_entry(ng),
        })
    }
    /// The subject of a catalogue game as a sweep holds it (its game in the
    /// sweep's convention): the same subject as [`Subject::parse`] of its
    /// canonical text, its catalogue entry in the catalogue's own (normal)
    /// convention, so that every reader of the entry (sequences, oracles)
    /// sees the game `parse` gives it.
    pub fn from_named(ng: &NamedGame) -> Subject {
        Subject {
            label: ng.canonical.clone(),
            game: ng.game.clone(),
            named: catalogue_entry(NamedGame {
                game: ng.game.with_convention(Convention::Normal),
                ..ng.clone()
            }),
        }
    }
    /// The game a user named with GAME: a TOML rules file ([`rules_file_path`]),
    /// read by the front end's `read_file(path, cap)` with the cap
    /// [`MAX_RULES_FILE`] (the library does no I/O), or catalogue text.
    /// `misere` selects misère play. The one resolution of every front end.
    pub fn from_arg<E>(
        text: &str,
        misere: bool,
        read_file: impl FnOnce(&str, u64) -> Result<String, E>,
    ) -> Result<Subject, GameArgError<E>> {
        match rules_file_path(text) {
            Some(path) => {
                let body = read_file(path, MAX_RULES_FILE).map_err(|error| GameArgError::Read {
                    path: path.to_string(),
                    error,
                })?;
                Subject::from_rules(&body, misere).map_err(|error| GameArgError::Rules {
                    path: Some(path.to_string()),
                    error,
                })
            }
            None => Subject::parse(text, misere)
                .map_err(|error| GameArgError::Rules { path: None, error }),
        }
    }
    /// A game from the text of a TOML rules file; `misere` forces misère play.
    pub fn from_rules(toml_text: &str, misere: bool) -> Result<Subject, RuleError> {
        let (name, game) = crate::custom::parse_rules_file(toml_text)?;
        Ok(Subject {
            label: name,
            named: None,
            game: with_misere(game, misere),
        })
    }
    pub fn convention(&self) -> Convention {
        self.game.convention()
    }
    /// "normal play" / "misère play".
    /// What identifies this subject's answers (a cache's key): its label and
    /// the whole rule value as it serialises, every field of every variant,
    /// so two games that differ anywhere never share it.
    pub fn identity(&self) -> String {
        format!(
            "{}\u{0}{}",
            self.label,
            serde_json::to_string(&self.game).expect("a rule value serialises")
        )
    }
    pub fn convention_text(&self) -> String {
        self.convention().to_string()
    }
    /// Is every variant symmetric under swapping the piles?
    pub fn symmetric(&self) -> bool {
        self.game.variants().iter().all(|r| r.is_symmetric())
    }
    /// The catalogue entry, if any.
    pub fn entry(&self) -> Option<&'static Entry> {
        self.named
            .as_ref()
            .and_then(|ng| crate::catalogue::entry(ng.entry_name))
    }
    /// The parameter values (catalogue games; empty for a rules file), in key order.
    pub fn params(&self) -> Vec<(&'static str, ParamValue)> {
        let Some(ng) = &self.named else {
            return Vec::new();
        };
        let mut out: Vec<(&'static str, ParamValue)> = ng
            .params
            .ints()
            .iter()
            .map(|(k, v)| (*k, ParamValue::Int(*v)))
            .collect();
        if let Some(e) = self.entry() {
            for p in e.params {
                if matches!(p.kind, ParamKind::Set) {
                    if let Some(s) = ng.params.set_opt(p.key) {
                        out.push((p.key, ParamValue::Set(s.spec().to_string())));
                    }
                }
            }
        }
        out.sort_by_key(|(k, _)| *k);
        out
    }
    /// The Imitation Nim rules of a game with memory (`None` for other games),
    /// in the subject's convention.
    pub fn imitation(&self) -> Result<Option<ImitationNim>, SolveError> {
        match ImitationNim::from_game(&self.game) {
            None => Ok(None),
            Some(r) => Ok(Some(r)),
        }
    }
    /// Why the game has no Sprague-Grundy values (a choice, blocking, misère
    /// play, memory), as the error every front end words; `Ok` when it has them.
    pub fn grundy_check(&self) -> Result<(), SolveError> {
        match crate::solve::grundy_unsupported(&self.game) {
            Some(why) => Err(SolveError::NoGrundy {
                label: Some(self.label.clone()),
                why,
            }),
            None => Ok(()),
        }
    }
    /// The exact oracle of a catalogue game, when a paper gives one.
    pub fn oracle(&self) -> Option<Box<dyn Oracle>> {
        let ng = self.named.as_ref()?;
        oracle::for_game(ng.entry_name, &ng.params, self.convention())
    }
}

/// The catalogue entry a subject keeps: none for a game with a pass, so that
/// no reader of an entry (oracles, sequences, partitions, theorems) answers
/// for the game without it; the rule value alone decides (docs/games.md, "A
/// pass").
fn catalogue_entry(ng: NamedGame) -> Option<NamedGame> {
    (!ng.game.has_pass()).then_some(ng)
}

fn with_misere(game: Game, misere: bool) -> Game {
    if misere {
        game.with_convention(Convention::Misere)
    } else {
        game
    }
}
