//! The identity of a sweep: on every record, so that merging can refuse to mix.

use super::*;
#[allow(unused_imports)]
use crate::catalogue::{self, parse_game, NamedGame, ParamKind};
#[allow(unused_imports)]
use crate::error::RuleError;

/// What makes two outputs parts of one sweep: the spec as written, the board,
/// the convention, the number of combinations, and the versions of the tool and
/// of the game's rules. Every record carries it (json: the object `sweep`, with
/// the record's `shard`; csv and markdown: the columns `sweep_spec` ...
/// `shard`), so that `sweep --merge` and `sweep --resume` can check each line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The spec as written (trimmed).
    pub spec: String,
    /// The catalogue name of the spec's game.
    pub game: String,
    pub max: u64,
    /// `normal` or `misere`.
    pub convention: String,
    /// Combinations of the whole sweep, skipped ones included.
    pub combinations: u64,
    /// The version of the `wythoff` library that made the record.
    pub version: String,
    /// Fingerprint of the game's catalogue entry ([`rules_fingerprint`]).
    pub rules: String,
    /// A proof sweep's options (prove's board, states, timeout, numeration,
    /// Walnut's version and jar): records of other options are another sweep.
    /// `None` for a sweep without `--prove` (and absent from its records).
    pub prove: Option<String>,
}

/// The version written into every record.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The fields of an [`Identity`] in the order they are written and compared,
/// with the words used to name them when two outputs differ.
pub const IDENTITY_FIELDS: &[(&str, &str)] = &[
    ("game", "game"),
    ("spec", "spec"),
    ("max", "board size (--max)"),
    ("convention", "convention"),
    ("combinations", "number of combinations"),
    ("version", "wythoff version"),
    ("rules", "rules fingerprint"),
    (
        "prove",
        "proof options (--prove, --prove-max, --states, --timeout, --numeration, the Walnut jar)",
    ),
];

/// A 16-hex-digit fingerprint of a catalogue entry's definition (name, aliases,
/// parameters with kinds and defaults, source, notation, known result): it
/// changes when the catalogue's description of the game changes.
pub fn rules_fingerprint(entry: &catalogue::Entry) -> String {
    let mut text = format!("{}\n{}\n", entry.name, entry.aliases.join(","));
    for p in entry.params {
        text.push_str(&format!(
            "{}:{:?}:{:?}:{}\n",
            p.key, p.kind, p.default, p.meaning
        ));
    }
    text.push_str(&format!(
        "{}\n{}\n{}\n",
        entry.source, entry.notation, entry.known
    ));
    let mut h = crate::hash::HASH_INIT;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(crate::hash::HASH_PRIME);
    }
    format!("{h:016x}")
}

impl Identity {
    /// The identity of the sweep `spec` on `max x max` boards in `convention`.
    pub fn new(spec: &Spec, max: u64, convention: crate::rules::Convention) -> Identity {
        let entry = catalogue::entry(spec.entry).expect("a spec names a catalogue game");
        Identity {
            spec: spec.text.clone(),
            game: spec.entry.to_string(),
            max,
            convention: match convention {
                crate::rules::Convention::Normal => "normal".into(),
                crate::rules::Convention::Misere => "misere".into(),
            },
            combinations: spec.total(),
            version: VERSION.to_string(),
            rules: rules_fingerprint(entry),
            prove: None,
        }
    }
    /// The value of a field of [`IDENTITY_FIELDS`], as text.
    pub fn field(&self, name: &str) -> String {
        match name {
            "game" => self.game.clone(),
            "spec" => self.spec.clone(),
            "max" => self.max.to_string(),
            "convention" => self.convention.clone(),
            "combinations" => self.combinations.to_string(),
            "version" => self.version.clone(),
            "rules" => self.rules.clone(),
            "prove" => self.prove.clone().unwrap_or_default(),
            _ => String::new(),
        }
    }
    /// The first field in which `self` and `other` differ: (field words, self's
    /// value, other's value).
    pub fn differs(&self, other: &Identity) -> Option<(&'static str, String, String)> {
        IDENTITY_FIELDS.iter().find_map(|(k, words)| {
            let (a, b) = (self.field(k), other.field(k));
            (a != b).then_some((*words, a, b))
        })
    }
    /// `"sweep":{...}` of a json record, the shard last (`prove` before it,
    /// in a proof sweep).
    pub fn json(&self, shard: (u64, u64)) -> String {
        let s = |t: &str| serde_json::to_string(t).expect("string");
        format!(
            "{{\"spec\":{},\"game\":{},\"max\":{},\"convention\":{},\"combinations\":{},\"version\":{},\"rules\":{},{}\"shard\":\"{}/{}\"}}",
            s(&self.spec),
            s(&self.game),
            self.max,
            s(&self.convention),
            self.combinations,
            s(&self.version),
            s(&self.rules),
            match &self.prove {
                Some(p) => format!("\"prove\":{},", s(p)),
                None => String::new(),
            },
            shard.0,
            shard.1
        )
    }
}
