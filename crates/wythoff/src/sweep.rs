//! Sweeps over parameters: `wythoff sweep SPEC`.
//!
//! # The spec language
//!
//! A sweep spec is a catalogue game whose parameter values may be ranges, lists
//! or expressions, plus *sweep variables* used inside other values:
//!
//! ```text
//! SPEC  := NAME [':' ITEM (',' ITEM)*]
//! ITEM  := KEY '=' VALUE
//! VALUE := ALT | '{' ALT (',' ALT)* '}'        a list of alternatives
//! ALT   := A '..' B                            every integer A..=B (A <= B)
//!        | TEXT                                one value, possibly using other keys
//! ```
//!
//! - A KEY is a parameter of the game or a new *variable* (a name of letters,
//!   digits and `_`, starting with a letter). Every variable must be used by some
//!   other value.
//! - Inside a value, every word (a maximal run of letters, digits and `_`) that is
//!   a key of the spec stands for that key's value in the combination. Integer
//!   parameters and variables may be expressions with `+`, `-`, `*` (e.g.
//!   `p=m*q`); set parameters substitute the words and are then read as length
//!   sets (`h=K:r` becomes `h=3:1`). Words that are not keys (`odd`, `max2`) are
//!   left alone.
//! - Commas inside `(...)` and `{...}` do not separate items (`h=rook(1,3)`).
//!
//! Examples: `modulo-rook:m=1..8,l=0..8,p=1..8`, `roob-blocking:m=2,p={1,2,5}`,
//! `modulo-rook:m=1..3,l=m,q=1..3,p=m*q`,
//! `restricted:s=1..3,t=1..3,K=2..8,r=0..7,h=K:r,v=K:r,d1=K:r,d2=K:r`.
//!
//! # Order, refusals, shards
//!
//! Combinations are numbered from 0 like nested loops over the keys in the order
//! written, the last key fastest. A combination whose game the catalogue refuses
//! (`r >= K`, `l > p`, a negative expression, ...) is *skipped*: it keeps its
//! number, produces no record, and is counted with its reason. Shard `K/T`
//! (1-based) takes the combinations whose number is `K - 1 (mod T)`, so the
//! shards of a sweep share its work evenly whatever the cost of each parameter;
//! every record carries its number (`index`), so shard outputs merge back into the
//! one run's output by sorting on it.

use crate::catalogue::{self, parse_game, NamedGame, ParamKind};
use crate::error::RuleError;

/// Most combinations one sweep may have.
pub const MAX_COMBINATIONS: u64 = 10_000_000;

/// One alternative of a key: an integer range, or a text that may use other keys.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Alt {
    Range(u64, u64),
    Text(String),
}

#[derive(Clone, Debug)]
struct Key {
    name: String,
    /// A parameter of the game (else a sweep variable).
    param: Option<ParamKind>,
    alts: Vec<Alt>,
    /// Number of values of this key (ranges expanded).
    count: u64,
    /// The keys this key's texts use.
    uses: Vec<usize>,
}

/// A parsed sweep spec.
#[derive(Clone, Debug)]
pub struct Spec {
    pub entry: &'static str,
    /// The spec as written (trimmed): part of the sweep's [`Identity`].
    pub text: String,
    keys: Vec<Key>,
    /// Evaluation order of the keys (each after the keys it uses).
    order: Vec<usize>,
    total: u64,
}

/// The value of a key in one combination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(u64),
    Text(String),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Text(s) => f.write_str(s),
        }
    }
}

/// One combination of a sweep.
#[derive(Clone, Debug)]
pub struct Combination {
    /// Its number in the sweep's order (from 0).
    pub index: u64,
    /// Every key of the spec with its value, in the order written.
    pub params: Vec<(String, Value)>,
    /// The game, or why the catalogue refused it.
    pub game: Result<NamedGame, String>,
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Split at commas outside `()` and `{}`.
fn split_top(text: &str) -> Result<Vec<&str>, RuleError> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => {
                depth -= 1;
                if depth < 0 {
                    return Err(RuleError::Param(format!(
                        "sweep spec: unbalanced `{c}` in `{text}`"
                    )));
                }
            }
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err(RuleError::Param(format!(
            "sweep spec: unbalanced brackets in `{text}`"
        )));
    }
    out.push(&text[start..]);
    Ok(out)
}

/// The words of a text (maximal runs of letters, digits, `_` that start with a letter or `_`).
fn words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (start, is_word_char(c)) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                let w = &text[s..i];
                if !w.starts_with(|c: char| c.is_ascii_digit()) {
                    out.push(w);
                }
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn parse_alt(key: &str, text: &str) -> Result<Alt, RuleError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(RuleError::Param(format!(
            "sweep spec: `{key}` has an empty value"
        )));
    }
    if let Some((a, b)) = t.split_once("..") {
        let num = |s: &str| -> Result<u64, RuleError> {
            s.trim().parse().map_err(|_| {
                RuleError::Param(format!(
                    "sweep spec: `{key}={t}`: a range is A..B with whole numbers A <= B"
                ))
            })
        };
        let (a, b) = (num(a)?, num(b)?);
        if a > b {
            return Err(RuleError::Param(format!(
                "sweep spec: `{key}={t}`: empty range ({a} > {b})"
            )));
        }
        return Ok(Alt::Range(a, b));
    }
    Ok(Alt::Text(t.to_string()))
}

impl Spec {
    /// Parse a sweep spec (see the module documentation).
    pub fn parse(text: &str) -> Result<Spec, RuleError> {
        let text = text.trim();
        let (name, rest) = match text.split_once(':') {
            Some((n, r)) => (n.trim(), Some(r)),
            None => (text, None),
        };
        let e = catalogue::entry(name).ok_or_else(|| RuleError::UnknownGame {
            name: name.to_string(),
            known: catalogue::known_names(),
        })?;
        let mut keys: Vec<Key> = Vec::new();
        if let Some(rest) = rest {
            for item in split_top(rest)? {
                let (k, v) = item.split_once('=').ok_or_else(|| {
                    RuleError::Param(format!(
                        "sweep spec: `{item}` is not KEY=VALUE (in `{text}`)"
                    ))
                })?;
                let (k, v) = (k.trim(), v.trim());
                if k.is_empty()
                    || !k.chars().all(is_word_char)
                    || k.starts_with(|c: char| c.is_ascii_digit())
                {
                    return Err(RuleError::Param(format!(
                        "sweep spec: `{k}` is not a key: a key is a parameter of {} or a variable name (letters, digits, _)",
                        e.name
                    )));
                }
                if keys.iter().any(|q| q.name == k) {
                    return Err(RuleError::Param(format!(
                        "sweep spec: `{k}` is given twice"
                    )));
                }
                let alts = match v.strip_prefix('{').and_then(|x| x.strip_suffix('}')) {
                    Some(inner) => split_top(inner)?
                        .into_iter()
                        .map(|a| parse_alt(k, a))
                        .collect::<Result<Vec<_>, _>>()?,
                    None => vec![parse_alt(k, v)?],
                };
                let param = e.params.iter().find(|p| p.key == k).map(|p| p.kind);
                if param == Some(ParamKind::Set) && alts.iter().any(|a| matches!(a, Alt::Range(..)))
                {
                    return Err(RuleError::Param(format!(
                        "sweep spec: `{k}` is a length set: a range A..B is not a set (use a variable, e.g. `K=2..5,{k}=K:0`)"
                    )));
                }
                let mut count: u64 = 0;
                for a in &alts {
                    count = count
                        .checked_add(match a {
                            Alt::Range(a, b) => b - a + 1,
                            Alt::Text(_) => 1,
                        })
                        .ok_or_else(|| RuleError::Param("sweep spec: too many values".into()))?;
                }
                keys.push(Key {
                    name: k.to_string(),
                    param,
                    alts,
                    count,
                    uses: Vec::new(),
                });
            }
        }
        // which keys each key uses
        let names: Vec<String> = keys.iter().map(|k| k.name.clone()).collect();
        for (i, key) in keys.iter_mut().enumerate() {
            let mut uses = Vec::new();
            for a in &key.alts {
                if let Alt::Text(t) = a {
                    for w in words(t) {
                        if let Some(j) = names.iter().position(|n| n == w) {
                            if j == i {
                                return Err(RuleError::Param(format!(
                                    "sweep spec: `{}` uses itself",
                                    key.name
                                )));
                            }
                            if !uses.contains(&j) {
                                uses.push(j);
                            }
                        } else if key.param != Some(ParamKind::Set) {
                            return Err(RuleError::Param(format!(
                                "sweep spec: `{}={t}`: `{w}` is not a key of the spec (integer values are whole numbers, A..B, or expressions with + - * of keys)",
                                key.name
                            )));
                        }
                    }
                }
            }
            key.uses = uses;
        }
        for (i, key) in keys.iter().enumerate() {
            if key.param.is_none() && !keys.iter().any(|k| k.uses.contains(&i)) {
                return Err(RuleError::Param(format!(
                    "sweep spec: `{}` is not a parameter of {} ({}) and no value uses it",
                    key.name,
                    e.name,
                    e.params
                        .iter()
                        .map(|p| p.key)
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
        }
        // evaluation order (each key after the keys it uses), refusing cycles
        let mut order = Vec::new();
        let mut state = vec![0u8; keys.len()]; // 0 new, 1 on stack, 2 done
        fn visit(
            i: usize,
            keys: &[Key],
            state: &mut [u8],
            order: &mut Vec<usize>,
        ) -> Result<(), RuleError> {
            match state[i] {
                2 => return Ok(()),
                1 => {
                    return Err(RuleError::Param(format!(
                        "sweep spec: the values of `{}` depend on each other in a cycle",
                        keys[i].name
                    )))
                }
                _ => {}
            }
            state[i] = 1;
            for &j in &keys[i].uses {
                visit(j, keys, state, order)?;
            }
            state[i] = 2;
            order.push(i);
            Ok(())
        }
        for i in 0..keys.len() {
            visit(i, &keys, &mut state, &mut order)?;
        }
        let mut total: u64 = 1;
        for k in &keys {
            total = total
                .checked_mul(k.count)
                .filter(|&t| t <= MAX_COMBINATIONS)
                .ok_or_else(|| {
                    RuleError::Param(format!(
                        "sweep spec: more than {MAX_COMBINATIONS} combinations"
                    ))
                })?;
        }
        Ok(Spec {
            entry: e.name,
            text: text.to_string(),
            keys,
            order,
            total,
        })
    }

    /// Number of combinations (skipped ones included).
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The keys, in the order written.
    pub fn key_names(&self) -> Vec<&str> {
        self.keys.iter().map(|k| k.name.as_str()).collect()
    }

    /// Combination number `index` (`index < total()`).
    pub fn combination(&self, index: u64) -> Combination {
        let (params, failure) = self.values(index);
        let game_text = self.game_text(&params);
        let game = match failure {
            Some(e) => Err(format!("{game_text}: {e}")),
            None => parse_game(&game_text).map_err(|e| format!("{game_text}: {e}")),
        };
        Combination {
            index,
            params,
            game,
        }
    }

    /// Estimated CPU picoseconds to enumerate the sweep (build every game
    /// once, as [`Plan::new`] and [`shard_costs`] do), from the number of
    /// combinations alone: building a game costs the same whatever its
    /// parameters (length sets are held as a few pieces, `crate::sets`). Lets
    /// a caller refuse a sweep whose enumeration alone is over its time bound
    /// before starting it.
    pub fn enumeration_ps(&self) -> u128 {
        self.total as u128 * ENUMERATE_PS
    }

    /// The values of every key in combination `index`, and the first failure
    /// of an expression (nothing built).
    fn values(&self, index: u64) -> (Vec<(String, Value)>, Option<String>) {
        // digits of the index, the last key fastest
        let mut picks = vec![0u64; self.keys.len()];
        let mut rest = index;
        for (i, k) in self.keys.iter().enumerate().rev() {
            picks[i] = rest % k.count;
            rest /= k.count;
        }
        let mut values: Vec<Option<Value>> = vec![None; self.keys.len()];
        let mut failure: Option<String> = None;
        for &i in &self.order {
            let k = &self.keys[i];
            let mut j = picks[i];
            let mut alt = None;
            for a in &k.alts {
                let c = match a {
                    Alt::Range(a, b) => b - a + 1,
                    Alt::Text(_) => 1,
                };
                if j < c {
                    alt = Some(match a {
                        Alt::Range(a, _) => Alt::Range(a + j, a + j),
                        t => t.clone(),
                    });
                    break;
                }
                j -= c;
            }
            let v = match alt.expect("pick within count") {
                Alt::Range(v, _) => Ok(Value::Int(v)),
                Alt::Text(t) => self.evaluate(k, &t, &values),
            };
            match v {
                Ok(v) => values[i] = Some(v),
                Err(e) => {
                    failure.get_or_insert(e);
                    values[i] = Some(Value::Text("?".into()));
                }
            }
        }
        let params: Vec<(String, Value)> = self
            .keys
            .iter()
            .zip(values)
            .map(|(k, v)| (k.name.clone(), v.expect("every key evaluated")))
            .collect();
        (params, failure)
    }

    /// `name:key=value,...` with the game's parameters of a combination.
    fn game_text(&self, params: &[(String, Value)]) -> String {
        let kv: Vec<String> = self
            .keys
            .iter()
            .zip(params)
            .filter(|(k, _)| k.param.is_some())
            .map(|(_, (name, v))| format!("{name}={v}"))
            .collect();
        if kv.is_empty() {
            self.entry.to_string()
        } else {
            format!("{}:{}", self.entry, kv.join(","))
        }
    }

    /// The value of a text alternative, given the values of the keys it uses.
    fn evaluate(&self, key: &Key, text: &str, values: &[Option<Value>]) -> Result<Value, String> {
        let lookup = |w: &str| -> Option<&Value> {
            self.keys
                .iter()
                .position(|k| k.name == w)
                .and_then(|j| values[j].as_ref())
        };
        // substitute the words that are keys
        let mut out = String::new();
        let mut word = String::new();
        for c in text.chars().chain(std::iter::once('\0')) {
            if is_word_char(c) {
                word.push(c);
                continue;
            }
            if !word.is_empty() {
                let is_num = word.starts_with(|c: char| c.is_ascii_digit());
                match (is_num, lookup(&word)) {
                    (false, Some(v)) => out.push_str(&v.to_string()),
                    _ => out.push_str(&word),
                }
                word.clear();
            }
            if c != '\0' {
                out.push(c);
            }
        }
        match key.param {
            Some(ParamKind::Set) => Ok(Value::Text(out)),
            _ => match eval_int(&out) {
                Some(Ok(n)) => Ok(Value::Int(n)),
                Some(Err(e)) => Err(format!("`{}={text}` = `{out}`: {e}", key.name)),
                None if key.param.is_none() => Ok(Value::Text(out)),
                None => Err(format!(
                    "`{}={text}` = `{out}` is not a whole number",
                    key.name
                )),
            },
        }
    }

    /// Every combination of shard `shard` of `shards` (1-based), in order.
    pub fn shard(&self, shard: u64, shards: u64) -> impl Iterator<Item = Combination> + '_ {
        (shard - 1..self.total)
            .step_by(shards.clamp(1, usize::MAX as u64) as usize)
            .map(move |i| self.combination(i))
    }
}

/// Evaluate `A (op B)*` with `+ - *` on whole numbers (the usual precedence).
/// `None` when the text is not such an expression; `Some(Err)` when it is but
/// overflows or goes below zero.
fn eval_int(text: &str) -> Option<Result<u64, String>> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if t.is_empty()
        || !t
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '*'))
    {
        return None;
    }
    // terms separated by + and -, factors by *
    let mut total: i128 = 0;
    let mut sign: i128 = 1;
    let mut term: i128 = 1;
    let mut num = String::new();
    let big = || Err("the value is too large".to_string());
    for c in t.chars().chain(std::iter::once('+')) {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        if num.is_empty() {
            return None; // two operators in a row, or a leading operator
        }
        let v: i128 = match num.parse::<u64>() {
            Ok(v) => v as i128,
            Err(_) => return Some(big()),
        };
        num.clear();
        term = match term.checked_mul(v) {
            Some(t) if t <= u64::MAX as i128 => t,
            _ => return Some(big()),
        };
        match c {
            '*' => {}
            _ => {
                total = match total.checked_add(sign * term) {
                    Some(t) if t.abs() <= u64::MAX as i128 => t,
                    _ => return Some(big()),
                };
                term = 1;
                sign = if c == '-' { -1 } else { 1 };
            }
        }
    }
    if total < 0 {
        return Some(Err(format!("the value {total} is negative")));
    }
    Some(Ok(total as u64))
}

/// Parse `K/T` (1 <= K <= T).
pub fn parse_shard(text: &str) -> Result<(u64, u64), RuleError> {
    let bad = || {
        RuleError::Param(format!(
            "--shard `{text}`: write K/T with whole numbers 1 <= K <= T (the K-th of T parts)"
        ))
    };
    let (k, t) = text.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let t: u64 = t.trim().parse().map_err(|_| bad())?;
    if k == 0 || t == 0 || k > t {
        return Err(bad());
    }
    Ok((k, t))
}

// ---------------------------------------------------------------------------
// The identity of a sweep: on every record, so that merging can refuse to mix.
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Records: `patterns` and the published result for every combination.
// ---------------------------------------------------------------------------

/// The result of one combination.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub index: u64,
    /// The game's canonical text (as `patterns` prints it).
    pub game: String,
    /// As `patterns` prints it.
    pub convention: String,
    pub max: u64,
    /// Every key of the spec with its value, in the order written.
    pub params: Vec<(String, Value)>,
    /// Exactly what `wythoff patterns GAME --max N` reports.
    pub patterns: Vec<crate::patterns::Pattern>,
    pub theorem: Option<Theorem>,
    /// What Walnut made of the game (a proof sweep only).
    pub proof: Option<crate::sweep_proof::ProofRecord>,
    /// The sweep the record belongs to.
    pub sweep: Identity,
    /// The shard `K/T` that made it.
    pub shard: (u64, u64),
}

/// Run `patterns` on one combination (in `convention`) and compare the board
/// with the published result.
pub fn record(
    c: &Combination,
    named: &NamedGame,
    max: usize,
    convention: crate::rules::Convention,
    sweep: &Identity,
    shard: (u64, u64),
) -> Result<Record, crate::error::SolveError> {
    let named = NamedGame {
        game: named.game.with_convention(convention),
        ..named.clone()
    };
    let report = crate::patterns::find(&named.game, &named.canonical, max, false)?;
    let theorem = match named.game.memory() {
        crate::rules::Memory::None => {
            theorem_lazy(&named, &mut || crate::solve::outcomes(&named.game, max))?
        }
        _ => None,
    };
    Ok(Record {
        index: c.index,
        game: report.game,
        convention: report.convention,
        max: report.max,
        params: c.params.clone(),
        patterns: report.patterns,
        theorem,
        proof: None,
        sweep: sweep.clone(),
        shard,
    })
}

impl Record {
    /// The record as one line of json (no newline), the fields in a fixed
    /// order: `index`, `game`, `convention`, `max`, `params` (the spec's keys in
    /// the order written), `patterns` (byte for byte what `wythoff patterns
    /// --format json` holds), `theorem`, `proof` (a proof sweep only), and
    /// `sweep` (the [`Identity`], its `shard` last). This is `wythoff sweep
    /// --format json`.
    pub fn json_line(&self) -> String {
        let mut params = String::from("{");
        for (i, (k, v)) in self.params.iter().enumerate() {
            if i > 0 {
                params.push(',');
            }
            params.push_str(&serde_json::to_string(k).expect("string"));
            params.push(':');
            params.push_str(&match v {
                Value::Int(n) => n.to_string(),
                Value::Text(s) => serde_json::to_string(s).expect("string"),
            });
        }
        params.push('}');
        format!(
            "{{\"index\":{},\"game\":{},\"convention\":{},\"max\":{},\"params\":{},\"patterns\":{},\"theorem\":{},{}\"sweep\":{}}}",
            self.index,
            serde_json::to_string(&self.game).expect("string"),
            serde_json::to_string(&self.convention).expect("string"),
            self.max,
            params,
            serde_json::to_string(&self.patterns).expect("patterns serialise"),
            serde_json::to_string(&self.theorem).expect("theorem serialises"),
            match &self.proof {
                Some(p) => format!(
                    "\"proof\":{},",
                    serde_json::to_string(p).expect("proof serialises")
                ),
                None => String::new(),
            },
            self.sweep.json(self.shard),
        )
    }
}

/// Solve combination number `index` of `spec` alone (one task of a sweep
/// spread over machines): its record, exactly the one [`run`] hands on for it
/// in an unsharded run. An error for an index out of range or a combination the
/// rules refuse (a skipped one, which has no record).
pub fn run_one(
    spec: &Spec,
    index: u64,
    max: usize,
    convention: crate::rules::Convention,
) -> Result<Record, crate::error::SolveError> {
    use crate::error::SolveError;
    if index >= spec.total() {
        return Err(SolveError::BadInput(format!(
            "combination {index} is out of range: the sweep has {}",
            spec.total()
        )));
    }
    let c = spec.combination(index);
    let g = c.game.as_ref().map_err(|e| {
        SolveError::BadInput(format!(
            "combination {index} is skipped (refused by the rules): {e}"
        ))
    })?;
    let id = Identity::new(spec, max as u64, convention);
    record(&c, g, max, convention, &id, (1, 1)).map_err(|e| label_error(e, &g.canonical, index))
}

/// Name the combination in an error of its solver.
fn label_error(e: crate::error::SolveError, game: &str, index: u64) -> crate::error::SolveError {
    use crate::error::SolveError;
    match e {
        SolveError::Rule(r) => SolveError::Rule(r),
        SolveError::Io(why) => SolveError::Io(format!("{game} (combination {index}): {why}")),
        other => SolveError::BadInput(format!("{game} (combination {index}): {other}")),
    }
}

// ---------------------------------------------------------------------------
// Plans: which games a shard runs, and its estimated time and memory.
// ---------------------------------------------------------------------------

/// Memory of the process besides the boards (binary, runtime, threads), bytes:
/// measured 5.5 MB peak for sweeps of tiny boards.
pub const BASE_MEMORY: u64 = 6 << 20;
/// Memory per combination a shard keeps while it runs (its number), bytes.
const PER_INDEX_MEMORY: u64 = 8;

/// The cost model of one game of a sweep (see docs/performance.md, "Sweeps"):
/// estimated CPU picoseconds and peak bytes. `patterns` solves the board and
/// reads its structure; where a paper states something the board is solved a
/// second time and compared with the statement on every cell.
fn game_cost(
    named: &NamedGame,
    max: u64,
    convention: crate::rules::Convention,
    exact_memory: bool,
) -> (u128, u64) {
    let game = named.game.with_convention(convention);
    let n = max as u128;
    // the solve, per variant by the kernel the library picks (twice in misère
    // play): measured user time on one thread, `p-positions --format summary`
    // at 2000 (docs/performance.md, "Sweeps"): the band kernel under 1 ns a
    // cell, the sparse one 10 ns (connell, modulo-rook), the counters 40 ns
    let board_cells = n * n;
    let solve_ps: u128 = game
        .variants()
        .iter()
        .map(|r| crate::solve::select::sweep_solve_ps(&r.for_board(max), max))
        .sum();
    let theorem = if matches!(game.memory(), crate::rules::Memory::None) {
        theorem_kind(named, convention)
    } else {
        TheoremKind::None
    };
    // reading the structure (`patterns`) about 8 ns a cell of the board; a
    // theorem adds its comparison on every cell: 40 ns for a set tested by its
    // form (odd-odd), 140 ns for pairs of sequences (Beatty, recurrences:
    // m-wythoff, connell, modulo-rook, roob-blocking at 1000 and 2000; the
    // fast ones, st-wythoff, 35 ns)
    let per_board_cell = crate::solve::cost::PATTERNS_CELL_PS
        + match theorem {
            TheoremKind::None => 0,
            TheoremKind::Form => 40_000,
            TheoremKind::Pairs => 140_000,
        };
    let theorem = theorem != TheoremKind::None;
    let ps = GAME_OVERHEAD_PS + solve_ps + board_cells.saturating_mul(per_board_cell);
    // the board, the patterns' bit board, the table for the theorem (a
    // game's length sets are a few pieces, whatever its parameters)
    // (the solver's estimate of the game cut to the board, as the solver
    // solves it: a threshold of 10^6 costs nothing on a board of 600), and the
    // P-positions `patterns` lists, about 40 bytes each (odd-odd misère at
    // 1500: 562 500 of them, 21 MiB a game)
    let (board, listed) = if exact_memory {
        // the band and sparse kernels fill the table (a byte a cell) with
        // O(n) more (the solver's own estimate is the general kernel's, 5-15
        // bytes a cell); the sparse one falls back on the general kernel when
        // the P-positions are dense, which the list below counts
        let banded = game.variants().iter().all(|r| {
            crate::solve::select::outcome_kernel(&r.for_board(max))
                != crate::solve::select::OutcomeKernel::Counters
        });
        (
            if banded {
                max.saturating_mul(max)
                    .saturating_mul(game.variants().len() as u64)
            } else {
                crate::solve::outcome_memory_estimate(&game.for_board(max), max)
            },
            crate::solve::select::p_positions_estimate(&game, max).saturating_mul(40),
        )
    } else {
        (0, 0)
    };
    let mem = board
        .saturating_mul(if theorem { 3 } else { 2 })
        .saturating_add(max.saturating_mul(max) / 8)
        .saturating_add(listed);
    (ps, mem)
}

/// The solver's memory estimate costs `O(n)` per game: a shard's plan takes
/// it for every `stride`-th game (at most about 1024 per shard), the largest
/// of them standing for the shard (the games of one sweep share the board).
fn memory_stride(spec: &Spec, shards: u64) -> u64 {
    (spec.total() / shards.max(1) / 1024).max(1)
}

/// Fixed cost of one game (build, patterns of a tiny board, the record), ps.
const GAME_OVERHEAD_PS: u128 = 25_000_000;
/// Cost of enumerating one combination (values, text, a small game), ps:
/// 10^6 combinations of `odd-odd` took 2.1 s.
const ENUMERATE_PS: u128 = 2_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TheoremKind {
    /// No paper states anything: the board is solved once.
    None,
    /// A set tested by its form (parities, residues, a finite list).
    Form,
    /// Pairs of sequences (Beatty, recurrences), tested in big integers.
    Pairs,
}

/// Does a paper state something for this game (so that [`theorem_lazy`]
/// solves and compares the board), and of which kind?
fn theorem_kind(named: &NamedGame, convention: crate::rules::Convention) -> TheoremKind {
    use crate::rules::Convention;
    let seed000_open = convention == Convention::Normal
        && matches!(named.entry_name, "modulo-rook" | "roob-blocking");
    if seed000_open {
        return TheoremKind::Pairs;
    }
    match crate::oracle::for_game(named.entry_name, &named.params, convention) {
        None => TheoremKind::None,
        Some(o) => match o.pair(&malachite_nz::natural::Natural::from(0u32)) {
            Ok(Some(_)) => TheoremKind::Pairs,
            _ => TheoremKind::Form,
        },
    }
}

/// The estimate of one shard: games, CPU time, largest game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShardCost {
    /// Games the shard solves (skipped combinations excluded).
    pub games: u64,
    /// Estimated CPU picoseconds of all its games.
    pub cpu_ps: u128,
    /// The largest per-game memory estimate (bytes).
    pub per_game_memory: u64,
    /// Estimated picoseconds to enumerate the whole sweep first (every shard
    /// does, on one thread).
    pub enumerate_ps: u128,
    /// A proof sweep: estimated wall seconds of its proofs (on the Java
    /// processes at once, [`crate::sweep_proof::proof_seconds`]).
    pub proof_seconds: u64,
    /// A proof sweep: bytes of its Java processes at once.
    pub proof_memory: u64,
    /// A proof sweep: its distinct games (proved once each; 0 otherwise).
    pub proofs: u64,
    /// A proof sweep: the most wall seconds its proofs can take (every game
    /// timing out, [`crate::sweep_proof::proof_seconds`]).
    pub proof_seconds_most: u64,
}

impl ShardCost {
    /// Estimated wall seconds on `threads` workers (at least 1): the
    /// enumeration, then the games' CPU time spread evenly over the workers (at
    /// most one per game).
    pub fn seconds(&self, threads: usize) -> u64 {
        let t = (threads.max(1) as u64).min(self.games.max(1)) as u128;
        let s = (self.enumerate_ps + self.cpu_ps / t).div_ceil(1_000_000_000_000);
        u64::try_from(s)
            .unwrap_or(u64::MAX)
            .max(1)
            .saturating_add(self.proof_seconds)
    }
    /// The most wall seconds on `threads` workers: [`ShardCost::seconds`] with
    /// the proofs' bound in place of their estimate.
    pub fn seconds_at_most(&self, threads: usize) -> u64 {
        (self.seconds(threads) - self.proof_seconds).saturating_add(self.proof_seconds_most)
    }
    /// A proof sweep's shard: `proofs` distinct games on `java` processes at
    /// once of `java_bytes` each, Walnut's `timeout` a game (the model of
    /// [`crate::sweep_proof::proof_seconds`]).
    pub fn add_proofs(&mut self, proofs: u64, java: usize, java_bytes: u64, timeout: u64) {
        let (secs, most) = crate::sweep_proof::proof_seconds(proofs, java, timeout);
        self.proofs = proofs;
        self.proof_seconds = secs;
        self.proof_seconds_most = most;
        self.proof_memory = (java as u64).saturating_mul(java_bytes);
    }
    /// Estimated peak bytes on `threads` workers: the process, the shard's
    /// list of combinations, and one board per worker.
    pub fn memory_bytes(&self, threads: usize) -> u64 {
        let t = (threads.max(1) as u64).min(self.games.max(1));
        BASE_MEMORY
            .saturating_add(self.games.saturating_mul(PER_INDEX_MEMORY))
            .saturating_add(self.per_game_memory.saturating_mul(t))
            .saturating_add(self.proof_memory)
    }
}

/// What a sweep (or one shard of it) will do.
#[derive(Clone, Debug)]
pub struct Plan {
    spec: Spec,
    /// The sweep's identity (written on every record).
    pub identity: Identity,
    /// This shard (1-based `K/T`).
    pub shard: (u64, u64),
    /// Combinations of the whole sweep (skipped ones included).
    pub total: u64,
    /// The numbers of the combinations this run solves, in order.
    indices: Vec<u64>,
    /// Skipped combinations of the whole sweep.
    pub skipped_total: u64,
    /// The first few reasons (whole sweep).
    pub skip_reasons: Vec<String>,
    /// The estimate of this shard.
    pub cost: ShardCost,
    /// Largest memory estimate of one combination of this shard (bytes).
    pub per_game_memory: u64,
    /// A proof sweep ([`Plan::group_distinct`]): for each of `indices`, the
    /// first combination of the whole sweep with the same moves.
    reps: Option<Vec<u64>>,
}

/// Walk every combination of `spec` once: `each(index, game)` for the
/// combinations the rules accept; skips counted with their first reasons.
/// Each game is built, handed on, and dropped (the walk keeps nothing).
fn walk(spec: &Spec, each: &mut dyn FnMut(u64, &NamedGame)) -> (u64, Vec<String>, u128) {
    let (mut skipped, mut reasons) = (0u64, Vec::new());
    for i in 0..spec.total() {
        let c = spec.combination(i);
        match &c.game {
            Err(e) => {
                skipped += 1;
                if reasons.len() < 3 {
                    reasons.push(e.clone());
                }
            }
            Ok(g) => each(i, g),
        }
    }
    (skipped, reasons, spec.enumeration_ps())
}

impl Plan {
    /// Plan shard `k` of `t` (1-based) of the sweep `spec` on `max x max` boards:
    /// one walk over the combinations, keeping only the numbers of this shard's.
    pub fn new(
        spec: &Spec,
        shard: (u64, u64),
        max: u64,
        convention: crate::rules::Convention,
    ) -> Plan {
        let mut indices = Vec::new();
        let mut cost = ShardCost::default();
        let stride = memory_stride(spec, shard.1);
        let (skipped_total, skip_reasons, enumerate_ps) = walk(spec, &mut |i, g| {
            if i % shard.1 == shard.0 - 1 {
                indices.push(i);
                let exact = cost.games % stride == 0;
                let (ps, mem) = game_cost(g, max, convention, exact);
                cost.games += 1;
                cost.cpu_ps = cost.cpu_ps.saturating_add(ps);
                cost.per_game_memory = cost.per_game_memory.max(mem);
            }
        });
        cost.enumerate_ps = enumerate_ps;
        Plan {
            spec: spec.clone(),
            identity: Identity::new(spec, max, convention),
            shard,
            total: spec.total(),
            indices,
            skipped_total,
            skip_reasons,
            per_game_memory: cost.per_game_memory,
            cost,
            reps: None,
        }
    }
    /// A proof sweep: group the combinations into distinct games
    /// ([`crate::sweep_proof::move_set_key`], one more walk over the whole
    /// sweep), so that each game is proved once, for the first combination of
    /// the sweep that has it, whatever the shard.
    pub fn group_distinct(&mut self) {
        let spec = self.spec.clone();
        let mut first: std::collections::HashMap<String, u64> = Default::default();
        let mut reps = Vec::with_capacity(self.indices.len());
        let mut pos = 0usize;
        let indices = &self.indices;
        walk(&spec, &mut |i, g| {
            let rep = *first
                .entry(crate::sweep_proof::move_set_key(&g.game))
                .or_insert(i);
            if pos < indices.len() && indices[pos] == i {
                reps.push(rep);
                pos += 1;
            }
        });
        self.reps = Some(reps);
    }
    /// The proved combination of each combination this run solves (itself, or
    /// the first one of the sweep with the same moves), after
    /// [`Plan::group_distinct`].
    pub fn representatives(&self) -> Option<Vec<(u64, u64)>> {
        let reps = self.reps.as_ref()?;
        Some(
            self.indices
                .iter()
                .copied()
                .zip(reps.iter().copied())
                .collect(),
        )
    }
    /// Distinct games this run proves (after [`Plan::group_distinct`]; every
    /// combination otherwise).
    pub fn distinct_games(&self) -> u64 {
        match &self.reps {
            Some(r) => {
                let mut r = r.clone();
                r.sort_unstable();
                r.dedup();
                r.len() as u64
            }
            None => self.indices.len() as u64,
        }
    }
    /// Keep only the combinations `keep` accepts (`sweep --resume`: the ones
    /// its file lacks); the estimate is scaled to what is left.
    pub fn retain(&mut self, keep: &mut dyn FnMut(u64) -> bool) {
        let before = self.indices.len() as u128;
        let kept: Vec<bool> = self.indices.iter().map(|&i| keep(i)).collect();
        let mut it = kept.iter();
        self.indices
            .retain(|_| *it.next().expect("one flag an index"));
        if let Some(reps) = &mut self.reps {
            let mut it = kept.iter();
            reps.retain(|_| *it.next().expect("one flag a rep"));
        }
        if let Some(scaled) = (self.cost.cpu_ps * self.indices.len() as u128).checked_div(before) {
            self.cost.cpu_ps = scaled;
        }
        self.cost.games = self.indices.len() as u64;
    }
    /// The numbers of the combinations of this shard that will be solved, in
    /// order (the tasks of a sweep spread over machines: [`run_one`] each).
    pub fn runnable_indices(&self) -> Vec<u64> {
        self.indices.clone()
    }
    /// Refuse a sweep that has nothing to run (every combination refused by the
    /// rules) or that needs more than `budget` bytes with `threads` combinations
    /// solved at once.
    pub fn check(
        &self,
        max: u64,
        threads: usize,
        budget: u64,
    ) -> Result<(), crate::error::SolveError> {
        use crate::error::SolveError;
        use crate::solve::human_bytes;
        if self.skipped_total == self.total {
            return Err(SolveError::BadInput(format!(
                "every combination of the sweep is refused by the rules, e.g. {}",
                self.skip_reasons.first().map_or("", |s| s.as_str())
            )));
        }
        let mem = self.memory_estimate(threads);
        if mem > budget {
            return Err(SolveError::ArgTooLarge(
                crate::error::Message::new()
                    .text(format!(
                        "the sweep needs about {} of memory ({} boards of {max}x{max} at once, up to {} each), over the budget of {}: use a smaller ",
                        human_bytes(mem),
                        threads,
                        human_bytes(self.per_game_memory),
                        human_bytes(budget)
                    ))
                    .name(crate::error::Arg::SweepMax)
                    .text(" or fewer ")
                    .name(crate::error::Arg::Threads),
            ));
        }
        Ok(())
    }
    /// The spec's keys, in the order written.
    pub fn key_names(&self) -> Vec<&str> {
        self.spec.key_names()
    }
    /// Does this run solve combination `index`?
    pub fn solves(&self, index: u64) -> bool {
        self.indices.binary_search(&index).is_ok()
    }
    /// Combinations of this shard that will be solved.
    pub fn runnable(&self) -> u64 {
        self.indices.len() as u64
    }
    /// Peak memory of the run with `threads` combinations solved at once
    /// (the model of [`ShardCost::memory_bytes`]).
    pub fn memory_estimate(&self, threads: usize) -> u64 {
        self.cost.memory_bytes(threads)
    }
    /// Estimated wall seconds with `threads` workers ([`ShardCost::seconds`]).
    pub fn seconds_estimate(&self, threads: usize) -> u64 {
        self.cost.seconds(threads)
    }
}

/// The estimates of every shard of `spec` split `shards` ways (`sweep --plan
/// T`): one walk over the combinations, the same model as [`Plan::new`]. Also
/// the number of skipped combinations and their first reasons.
pub fn shard_costs(
    spec: &Spec,
    shards: u64,
    max: u64,
    convention: crate::rules::Convention,
) -> (Vec<ShardCost>, u64, Vec<String>) {
    let t = shards.max(1);
    let mut out = vec![ShardCost::default(); t.min(spec.total().max(1)) as usize];
    let stride = memory_stride(spec, t);
    let (skipped, reasons, enumerate_ps) = walk(spec, &mut |i, g| {
        let k = (i % t) as usize;
        if let Some(c) = out.get_mut(k) {
            let exact = c.games % stride == 0;
            let (ps, mem) = game_cost(g, max, convention, exact);
            c.games += 1;
            c.cpu_ps = c.cpu_ps.saturating_add(ps);
            c.per_game_memory = c.per_game_memory.max(mem);
        }
    });
    out.resize(t as usize, ShardCost::default());
    for c in &mut out {
        c.enumerate_ps = enumerate_ps;
    }
    (out, skipped, reasons)
}

/// Solve every runnable combination of `plan` on all threads of the current
/// rayon pool, handing the records to `sink` in the sweep's order whatever the
/// number of threads, each as soon as it and every record before it are
/// complete (a reorder buffer: a killed run loses only the games in flight);
/// `progress(done, total)` after each record. Workers take the combinations
/// in order, so the buffer holds about one record per worker. Stops at the
/// first error in the sweep's order (naming the combination), after handing
/// on every record before it, or at the first error of `sink`; a panic of
/// `sink` or `progress` stops the other workers before their next game.
pub fn run<E: From<crate::error::SolveError> + Send>(
    plan: &Plan,
    max: usize,
    convention: crate::rules::Convention,
    progress: &mut (dyn FnMut(u64, u64) + Send),
    sink: &mut (dyn FnMut(Record) -> Result<(), E> + Send),
) -> Result<(), E> {
    run_with(plan, max, convention, None, progress, sink)
}

/// A proof sweep's prover: `prove(rep, game)` is the proof of combination
/// `rep` (the first of the sweep with these moves), `game` in the sweep's
/// convention; called on the workers, once per combination (a front end
/// proves each `rep` once and hands the same record to the others).
pub type ProofHook<'a> = dyn Fn(u64, &NamedGame) -> Result<crate::sweep_proof::ProofRecord, crate::error::SolveError>
    + Sync
    + 'a;

/// The proof of combination `index` of `spec` whose representative (from
/// [`Plan::representatives`]) is `rep`: `prove`'s record, with `shared_with`.
pub fn proof_of(
    spec: &Spec,
    index: u64,
    rep: u64,
    here: &NamedGame,
    convention: crate::rules::Convention,
    prove: &ProofHook<'_>,
) -> Result<crate::sweep_proof::ProofRecord, crate::error::SolveError> {
    let other;
    let game = if rep == index {
        here
    } else {
        other = spec
            .combination(rep)
            .game
            .map_err(|e| crate::error::SolveError::BadInput(format!("combination {rep}: {e}")))?;
        &other
    };
    let game = NamedGame {
        game: game.game.with_convention(convention),
        ..game.clone()
    };
    let mut p = prove(rep, &game)?;
    p.shared_with = (rep != index).then_some(rep);
    Ok(p)
}

/// [`run`], and with `prove` (a proof sweep, after [`Plan::group_distinct`])
/// each record's `proof` from it ([`proof_of`]).
pub fn run_with<E: From<crate::error::SolveError> + Send>(
    plan: &Plan,
    max: usize,
    convention: crate::rules::Convention,
    prove: Option<&ProofHook<'_>>,
    progress: &mut (dyn FnMut(u64, u64) + Send),
    sink: &mut (dyn FnMut(Record) -> Result<(), E> + Send),
) -> Result<(), E> {
    use std::collections::BTreeMap;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Mutex;
    type Solved = Result<Record, crate::error::SolveError>;
    struct Out<'a, E> {
        /// Position (in `plan.indices`) of the next record to hand on.
        next: usize,
        pending: BTreeMap<usize, Solved>,
        error: Option<E>,
        progress: &'a mut (dyn FnMut(u64, u64) + Send),
        sink: &'a mut (dyn FnMut(Record) -> Result<(), E> + Send),
    }
    let indices = &plan.indices;
    let total = indices.len() as u64;
    progress(0, total);
    let workers = rayon::current_num_threads().clamp(1, indices.len().max(1));
    let taken = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // no combination at or after this position is started (a failed game)
    let last = AtomicUsize::new(usize::MAX);
    let out = Mutex::new(Out {
        next: 0,
        pending: BTreeMap::new(),
        error: None,
        progress,
        sink,
    });
    let solve = |pos: usize| -> Solved {
        let c = plan.spec.combination(indices[pos]);
        let g = c
            .game
            .as_ref()
            .map_err(|e| crate::error::SolveError::BadInput(e.clone()))?;
        let mut r = record(&c, g, max, convention, &plan.identity, plan.shard)
            .map_err(|e| label_error(e, &g.canonical, c.index))?;
        if let Some(prove) = prove {
            let rep = plan.reps.as_ref().map_or(c.index, |r| r[pos]);
            r.proof = Some(
                proof_of(&plan.spec, c.index, rep, g, convention, prove)
                    .map_err(|e| label_error(e, &g.canonical, c.index))?,
            );
        }
        Ok(r)
    };
    let work = || loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let pos = taken.fetch_add(1, Ordering::Relaxed);
        if pos >= indices.len() || pos > last.load(Ordering::Relaxed) {
            return;
        }
        let r = solve(pos);
        if r.is_err() {
            last.fetch_min(pos, Ordering::Relaxed);
        }
        // a poisoned lock: `sink` or `progress` panicked on another worker
        let Ok(mut o) = out.lock() else {
            stop.store(true, Ordering::Relaxed);
            return;
        };
        // the sink failed on another worker: nothing more is handed on
        if o.error.is_some() {
            return;
        }
        o.pending.insert(pos, r);
        loop {
            let at = o.next;
            let Some(r) = o.pending.remove(&at) else {
                break;
            };
            o.next += 1;
            let handed = match r {
                Ok(rec) => (o.sink)(rec),
                Err(e) => Err(E::from(e)),
            };
            if let Err(e) = handed {
                o.error = Some(e);
                stop.store(true, Ordering::Relaxed);
                return;
            }
            let done = o.next as u64;
            (o.progress)(done, total);
        }
    };
    rayon::scope(|s| {
        for _ in 0..workers {
            s.spawn(|_| work());
        }
    });
    let o = out.into_inner().unwrap_or_else(|p| p.into_inner());
    match o.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(spec: &str) -> Vec<Result<String, String>> {
        let s = Spec::parse(spec).unwrap();
        (0..s.total())
            .map(|i| s.combination(i).game.map(|g| g.canonical))
            .collect()
    }

    #[test]
    fn ranges_lists_and_order() {
        let got = texts("modulo-rook:m=1..2,l=0,p={1,3..4}");
        let want: Vec<Result<String, String>> = [
            "m=1,l=0,p=1",
            "m=1,l=0,p=3",
            "m=1,l=0,p=4",
            "m=2,l=0,p=1",
            "m=2,l=0,p=3",
            "m=2,l=0,p=4",
        ]
        .iter()
        .map(|t| Ok(format!("modulo-rook:{t}")))
        .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn variables_expressions_and_skips() {
        // residue sets from variables; r >= K refused by the catalogue
        let s = Spec::parse("restricted:s=1,t=1,K=2..3,r=0..2,h=K:r,v=K:r,d1=K:r,d2=K:r").unwrap();
        assert_eq!(s.total(), 6);
        let all: Vec<Combination> = (0..6).map(|i| s.combination(i)).collect();
        let ok: Vec<String> = all
            .iter()
            .filter_map(|c| c.game.as_ref().ok().map(|g| g.canonical.clone()))
            .collect();
        assert_eq!(ok.len(), 5, "K=2, r=2 is skipped");
        assert!(all[2].game.is_err());
        assert_eq!(ok[4], "restricted:s=1,t=1,h=3:2,v=3:2,d1=3:2,d2=3:2");
        assert_eq!(all[4].params[2], ("K".to_string(), Value::Int(3)));
        assert_eq!(
            all[4].params[4],
            ("h".to_string(), Value::Text("3:1".into()))
        );
        // (ii b): l = m, p = m q
        let got = texts("modulo-rook:m=1..2,l=m,q=2..3,p=m*q");
        assert_eq!(
            got,
            vec![
                Ok("modulo-rook:m=1,l=1,p=2".to_string()),
                Ok("modulo-rook:m=1,l=1,p=3".to_string()),
                Ok("modulo-rook:m=2,l=2,p=4".to_string()),
                Ok("modulo-rook:m=2,l=2,p=6".to_string()),
            ]
        );
        // a negative expression is a skip, not an error of the spec
        let got = texts("modulo-rook:m=1,l=0,q=1..2,p=3-2*q");
        assert_eq!(got[0], Ok("modulo-rook:m=1,l=0,p=1".to_string()));
        assert!(got[1].as_ref().unwrap_err().contains("negative"));
        // sets keep commas inside parentheses; words that are not keys stay
        let got = texts("restricted:s=1,t=1,h={rook(1,3),odd},v=all");
        assert_eq!(got.len(), 2);
        assert!(got.iter().all(|g| g.is_ok()), "{got:?}");
    }

    #[test]
    fn spec_errors() {
        for bad in [
            "nope:m=1",
            "modulo-rook:m=3..1,l=0,p=1",
            "modulo-rook:m=1..,l=0,p=1",
            "modulo-rook:m=1,l=0,p=1,Q=1..3",
            "modulo-rook:m=x,l=0,p=1",
            "modulo-rook:m=p,l=0,p=m",
            "modulo-rook:m=m,l=0,p=1",
            "modulo-rook:m=1,m=2,l=0,p=1",
            "modulo-rook:m={1,2,l=0,p=1",
            "restricted:s=1,t=1,h=1..3",
            "modulo-rook:m=1,l=0,p=1..100000,q=1..100000,r=1..10000,x=q+r",
        ] {
            assert!(Spec::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn shards_partition_the_order() {
        let s = Spec::parse("modulo-rook:m=1..4,l=0,p=1..6").unwrap();
        let mut seen: Vec<u64> = Vec::new();
        for k in 1..=3 {
            seen.extend(s.shard(k, 3).map(|c| c.index));
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..24).collect::<Vec<_>>());
        assert!(parse_shard("0/3").is_err());
        assert!(parse_shard("4/3").is_err());
        assert!(parse_shard("x").is_err());
        assert_eq!(parse_shard("2/3").unwrap(), (2, 3));
    }

    #[test]
    fn run_one_gives_the_records_of_run() {
        use crate::rules::Convention;
        let spec = Spec::parse("modulo-rook:m=1..2,l=0..2,p=1..2").unwrap();
        for conv in [Convention::Normal, Convention::Misere] {
            let plan = Plan::new(&spec, (1, 1), 24, conv);
            let mut all: Vec<Record> = Vec::new();
            run::<crate::error::SolveError>(&plan, 24, conv, &mut |_, _| {}, &mut |r| {
                all.push(r);
                Ok(())
            })
            .unwrap();
            let idx = plan.runnable_indices();
            assert_eq!(idx, all.iter().map(|r| r.index).collect::<Vec<_>>());
            assert!(idx.len() < spec.total() as usize, "some skipped (l > p)");
            for r in &all {
                let one = run_one(&spec, r.index, 24, conv).unwrap();
                assert_eq!(&one, r);
                assert_eq!(one.json_line(), r.json_line());
            }
            assert!(plan.check(24, 2, u64::MAX).is_ok());
            assert!(plan.check(24, 2, 1).is_err());
        }
        // skipped and out-of-range combinations have no record
        let skipped = (0..spec.total())
            .find(|&i| spec.combination(i).game.is_err())
            .unwrap();
        assert!(run_one(&spec, skipped, 24, Convention::Normal).is_err());
        assert!(run_one(&spec, spec.total(), 24, Convention::Normal).is_err());
        let none = Spec::parse("modulo-rook:m=1,l=3,p=1..2").unwrap();
        let plan = Plan::new(&none, (1, 1), 8, Convention::Normal);
        assert!(plan.check(8, 1, u64::MAX).is_err());
    }

    #[test]
    fn expressions() {
        assert_eq!(eval_int("2*3+4"), Some(Ok(10)));
        assert_eq!(eval_int("2+3*4-1"), Some(Ok(13)));
        assert_eq!(eval_int("7"), Some(Ok(7)));
        assert!(matches!(eval_int("1-2"), Some(Err(_))));
        assert_eq!(eval_int("odd"), None);
        assert_eq!(eval_int("2**3"), None);
        assert!(matches!(eval_int("18446744073709551615*2"), Some(Err(_))));
    }
}

// ---------------------------------------------------------------------------
// The published result for one combination.
// ---------------------------------------------------------------------------

/// What a paper states for the parameters of one combination, compared with
/// the computed board.
///
/// - `applies`: the theorem makes a statement about these parameters. Where a
///   theorem is an "iff" (seed 000, Theorem 2.1 (ii a): `P = {a_i, b_i}` iff
///   `gcd(m, p) = 1`), the "only if" direction is a statement too: for
///   `gcd(m, p) > 1` the record has `applies = true` and the statement
///   "P != {a_i, b_i}".
/// - `agrees`: the board agrees with the statement, every cell compared
///   (for "P != ...": some cell of the board differs).
/// - Where the theorem does not cover the parameters but its formula is defined
///   (seed 000's open cases of section 7 and Remark 5), `applies = false` and
///   `agrees` says whether the board equals the formula anyway.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Theorem {
    pub source: String,
    /// The statement compared, in words.
    pub statement: String,
    pub applies: bool,
    pub agrees: bool,
}

/// Does `set` equal the P-cells of the board (cells off the board skipped)?
fn board_equals(
    game: &crate::rules::Game,
    t: &crate::solve::OutcomeTable,
    is_p: &dyn Fn(u64, u64) -> Result<bool, crate::error::SolveError>,
) -> Result<bool, crate::error::SolveError> {
    let n = t.size();
    for x in 0..n {
        for y in 0..n {
            if !game.on_some_board(x as u64, y as u64) {
                continue;
            }
            if is_p(x as u64, y as u64)? != t.is_p(x, y) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The published result for `named` (in its game's convention), compared with
/// the board `t` of that game; `None` where no paper states one.
pub fn theorem(
    named: &NamedGame,
    t: &crate::solve::OutcomeTable,
) -> Result<Option<Theorem>, crate::error::SolveError> {
    theorem_lazy(named, &mut || Ok(t.clone()))
}

/// [`theorem`], solving the board (`table()`) only where a paper states something.
pub fn theorem_lazy(
    named: &NamedGame,
    table: &mut dyn FnMut() -> Result<crate::solve::OutcomeTable, crate::error::SolveError>,
) -> Result<Option<Theorem>, crate::error::SolveError> {
    use crate::oracle::pset::{BeattySet, PSet};
    use crate::oracle::Natural;
    use crate::rules::Convention;
    let conv = named.game.convention();
    let seed000_open =
        conv == Convention::Normal && matches!(named.entry_name, "modulo-rook" | "roob-blocking");
    let oracle = crate::oracle::for_game(named.entry_name, &named.params, conv);
    if oracle.is_none() && !seed000_open {
        return Ok(None);
    }
    let t = &table()?;
    if let Some(o) = oracle {
        let agrees = board_equals(&named.game, t, &|x, y| {
            o.is_p(&Natural::from(x), &Natural::from(y))
        })?;
        return Ok(Some(Theorem {
            statement: "P = the published P-set".into(),
            source: o.source(),
            applies: true,
            agrees,
        }));
    }
    if conv != Convention::Normal {
        return Ok(None);
    }
    let ints = named.params.ints();
    let beatty = |m: u64, p: u64| -> Result<bool, crate::error::SolveError> {
        let set = BeattySet::symmetric(m, p);
        board_equals(&named.game, t, &|x, y| {
            set.is_p(&Natural::from(x), &Natural::from(y))
        })
    };
    match named.entry_name {
        "modulo-rook" => {
            let (m, l, p) = (ints["m"], ints["l"], ints["p"]);
            let g = crate::sets::gcd(m, p);
            if l <= 1 && g > 1 {
                let equal = beatty(m, p)?;
                Ok(Some(Theorem {
                    source: format!(
                        "seed 000, Main Theorem 2.1 (ii a), only if: gcd(m, p) = gcd({m}, {p}) = {g} > 1 (l = {l} reads as the p-rook)"
                    ),
                    statement: format!("P != {{a_i, b_i}}, the Beatty pair (m, p) = ({m}, {p})"),
                    applies: true,
                    agrees: !equal,
                }))
            } else {
                Ok(Some(Theorem {
                    source: format!(
                        "seed 000, Main Theorem 2.1 (ii) does not cover l = {l}, m = {m}, p = {p} (section 7: open)"
                    ),
                    statement: format!(
                        "outside the theorem: is P = {{a_i, b_i}}, the Beatty pair (m, p) = ({m}, {p})?"
                    ),
                    applies: false,
                    agrees: beatty(m, p)?,
                }))
            }
        }
        "roob-blocking" => {
            let (m, p) = (ints["m"], ints["p"]);
            let l = ints.get("l").copied().unwrap_or(m);
            Ok(Some(Theorem {
                source: format!(
                    "seed 000, Main Theorem 2.1 (i) is for l = m; l = {l}, m = {m} is Remark 5's mWN^p_l (open)"
                ),
                statement: format!(
                    "outside the theorem: is P = {{a_i, b_i}}, the Beatty pair (m, p) = ({m}, {p})?"
                ),
                applies: false,
                agrees: beatty(m, p)?,
            }))
        }
        _ => Ok(None),
    }
}

#[cfg(test)]
mod theorem_tests {
    use super::*;

    fn th(text: &str, n: usize) -> Option<Theorem> {
        let g = parse_game(text).unwrap();
        let t = crate::solve::outcomes(&g.game, n).unwrap();
        theorem(&g, &t).unwrap()
    }

    /// Theorem 2.1 (ii a) both ways, and an open case.
    #[test]
    fn seed000_theorem_2_1() {
        for m in 1..=4u64 {
            for p in 1..=6u64 {
                let t = th(&format!("modulo-rook:m={m},l=0,p={p}"), 120).unwrap();
                assert!(t.applies && t.agrees, "m={m} p={p}: {t:?}");
                let coprime = crate::sets::gcd(m, p) == 1;
                assert_eq!(t.statement.starts_with("P != "), !coprime, "{t:?}");
            }
        }
        let t = th("modulo-rook:m=2,l=3,p=4", 60).unwrap();
        assert!(!t.applies);
        let t = th("roob-blocking:m=2,p=3", 60).unwrap();
        assert!(t.applies && t.agrees);
        assert!(th("corner:m=1,p=2,u=1,v=3", 30).is_none());
        let g = parse_game("modulo-rook:m=2,l=0,p=4").unwrap();
        let mis = NamedGame {
            game: g.game.with_convention(crate::rules::Convention::Misere),
            ..g
        };
        let t = crate::solve::outcomes(&mis.game, 30).unwrap();
        assert!(theorem(&mis, &t).unwrap().is_none());
    }

    /// A wrong board makes `agrees` false.
    #[test]
    fn a_flipped_cell_disagrees() {
        let g = parse_game("m-wythoff:m=2").unwrap();
        let mut t = crate::solve::outcomes(&g.game, 40).unwrap();
        assert!(theorem(&g, &t).unwrap().unwrap().agrees);
        // flip (0, 0), P in m-Wythoff, to the value of (0, 1), an N-position
        assert!(t.is_p(0, 0) && !t.is_p(0, 1));
        let n_cell = t.cells()[1];
        t.set(0, 0, n_cell);
        assert!(!theorem(&g, &t).unwrap().unwrap().agrees);
    }
}

#[cfg(test)]
mod run_tests {
    use super::*;
    use crate::rules::Convention;

    fn records(spec: &Spec, shard: (u64, u64), threads: usize) -> Vec<Record> {
        let plan = Plan::new(spec, shard, 48, Convention::Normal);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut out = Vec::new();
        pool.install(|| {
            run::<crate::error::SolveError>(
                &plan,
                48,
                Convention::Normal,
                &mut |_, _| {},
                &mut |r| {
                    out.push(r);
                    Ok(())
                },
            )
        })
        .unwrap();
        out
    }

    /// The same records in the same order whatever the thread count; shards
    /// partition them; each record is `patterns::find` of its game.
    #[test]
    fn order_threads_shards_and_patterns() {
        let spec = Spec::parse("odd-odd:s=1..4,t=1..5").unwrap();
        let one = records(&spec, (1, 1), 1);
        assert_eq!(one.len(), 20);
        assert_eq!(one, records(&spec, (1, 1), 3));
        let mut merged: Vec<Record> = (1..=3).flat_map(|k| records(&spec, (k, 3), 2)).collect();
        merged.sort_by_key(|r| r.index);
        // each record names its shard; otherwise the same records
        for r in &mut merged {
            assert_eq!(r.index % 3 + 1, r.shard.0);
            assert_eq!(r.shard.1, 3);
            r.shard = (1, 1);
        }
        assert_eq!(merged, one);
        for (i, r) in one.iter().enumerate() {
            assert_eq!(r.index, i as u64);
            let g = parse_game(&r.game).unwrap();
            let single = crate::patterns::find(&g.game, &g.canonical, 48, false).unwrap();
            assert_eq!(r.patterns, single.patterns);
            assert_eq!(r.convention, single.convention);
            let t = r.theorem.as_ref().unwrap();
            assert!(t.applies && t.agrees, "Theorem 7: {}", r.game);
        }
    }

    /// Records are handed on one by one in the sweep's order, with the
    /// progress after each; an error of the sink stops the run there (no
    /// later record is handed on), whatever the number of threads.
    #[test]
    fn records_are_released_one_by_one_in_order() {
        let spec = Spec::parse("odd-odd:s=1..4,t=1..5").unwrap();
        let plan = Plan::new(&spec, (1, 1), 24, Convention::Normal);
        for threads in [1, 2, 3, 7] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let events = std::sync::Mutex::new(Vec::new());
            let mut ev = Vec::new();
            let r = pool.install(|| {
                run::<crate::error::SolveError>(
                    &plan,
                    24,
                    Convention::Normal,
                    &mut |d, t| events.lock().unwrap().push(format!("p{d}/{t}")),
                    &mut |r| {
                        events.lock().unwrap().push(format!("r{}", r.index));
                        if r.index == 6 {
                            return Err(crate::error::SolveError::BadInput("full".into()));
                        }
                        Ok(())
                    },
                )
            });
            assert!(r.is_err());
            ev.extend(events.into_inner().unwrap());
            let mut want = vec!["p0/20".to_string()];
            for i in 0..=6 {
                want.push(format!("r{i}"));
                if i < 6 {
                    want.push(format!("p{}/20", i + 1));
                }
            }
            assert_eq!(ev, want, "{threads} threads");
        }
    }

    /// The identity names the field that differs; the fingerprint follows the
    /// catalogue entry.
    #[test]
    fn identity_fields() {
        let spec = Spec::parse("modulo-rook:m=1..2,l=0,p=1..3").unwrap();
        let a = Identity::new(&spec, 30, Convention::Normal);
        assert_eq!(a.combinations, 6);
        assert_eq!(a.version, VERSION);
        assert!(a.differs(&a.clone()).is_none());
        let b = Identity::new(&spec, 31, Convention::Normal);
        assert_eq!(a.differs(&b).unwrap().0, "board size (--max)");
        let c = Identity::new(&spec, 30, Convention::Misere);
        assert_eq!(a.differs(&c).unwrap().0, "convention");
        let other = Spec::parse("roob-blocking:m=1..2,p=1..3").unwrap();
        let d = Identity::new(&other, 30, Convention::Normal);
        assert_eq!(a.differs(&d).unwrap().0, "game");
        assert_ne!(a.rules, d.rules);
        let e = Identity {
            version: "0.0.0".into(),
            ..a.clone()
        };
        assert_eq!(a.differs(&e).unwrap().0, "wythoff version");
        assert!(a.json((2, 3)).ends_with(",\"shard\":\"2/3\"}"));
    }

    /// Building a game costs the same whatever its parameters: the
    /// enumeration is counted by combinations, and a huge parameter adds no
    /// memory to the plan.
    #[test]
    fn enumeration_by_combinations() {
        let spec = Spec::parse("modulo-rook:m=1001..1003,l=0,p=1").unwrap();
        let big = Spec::parse("modulo-rook:m=999001..999003,l=0,p=1").unwrap();
        assert_eq!(big.total(), spec.total());
        assert_eq!(big.enumeration_ps(), spec.enumeration_ps());
        assert_eq!(spec.enumeration_ps(), 3 * ENUMERATE_PS);
        let small = Plan::new(&spec, (1, 1), 100, Convention::Normal);
        let large = Plan::new(&big, (1, 1), 100, Convention::Normal);
        assert_eq!(large.per_game_memory, small.per_game_memory);
    }

    #[test]
    fn plan_counts_skips_and_memory() {
        let spec = Spec::parse("modulo-rook:m=1..2,l=0..3,p=1..2").unwrap();
        let plan = Plan::new(&spec, (1, 1), 100, Convention::Normal);
        assert_eq!(plan.total, 16);
        // l > p: (l=2,p=1), (l=3,p=1), (l=3,p=2) for each m
        assert_eq!(plan.skipped_total, 6);
        assert_eq!(plan.runnable(), 10);
        assert!(plan.per_game_memory >= 100 * 100);
        assert_eq!(
            plan.memory_estimate(4),
            BASE_MEMORY + 10 * PER_INDEX_MEMORY + 4 * plan.per_game_memory
        );
        // l > p is skipped: 3 (l=2,p=1) and 9 (l=3,p=1)... are not runnable
        let shard = Plan::new(&spec, (2, 3), 100, Convention::Normal);
        let runnable: Vec<u64> = [1, 4, 7, 10, 13]
            .into_iter()
            .filter(|&i| spec.combination(i).game.is_ok())
            .collect();
        assert_eq!(shard.runnable_indices(), runnable);
        // the plan of every shard at once gives each shard's plan
        let (costs, skipped, _) = shard_costs(&spec, 3, 100, Convention::Normal);
        assert_eq!(skipped, 6);
        for k in 1..=3 {
            let p = Plan::new(&spec, (k, 3), 100, Convention::Normal);
            assert_eq!(costs[k as usize - 1], p.cost, "shard {k}/3");
        }
        assert_eq!(costs.iter().map(|c| c.games).sum::<u64>(), 10);
        // more shards than combinations: the last ones are empty
        let (costs, _, _) = shard_costs(&spec, 20, 100, Convention::Normal);
        assert_eq!(costs.len(), 20);
        assert_eq!(costs[19].games, 0);
    }
}
