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

mod identity;
mod plan;
pub mod proof;
mod record;
mod run;
mod theorem;
pub use identity::{rules_fingerprint, Identity, IDENTITY_FIELDS, VERSION};
pub use plan::{shard_costs, Plan, ShardCost, BASE_MEMORY};
pub use record::{check_gathered, check_record, run_one, solve_combination, Claims, Record};
pub use run::{proof_of, run_shard, run_with, ProofHook};
pub use theorem::{theorem_lazy, theorem_on_board, Theorem};
// the siblings' shared helpers (each child reads them through `use super::*`)
use plan::ENUMERATE_PS;
use record::label_error;

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

/// One `KEY=VALUE` item of a sweep spec of the game `e` (`text`: the whole
/// spec, for the errors), after the keys already read.
fn parse_key(item: &str, e: &catalogue::Entry, text: &str, keys: &[Key]) -> Result<Key, RuleError> {
    let (k, v) = item.split_once('=').ok_or_else(|| {
        RuleError::Param(format!(
            "sweep spec: `{item}` is not KEY=VALUE (in `{text}`)"
        ))
    })?;
    let (k, v) = (k.trim(), v.trim());
    if k.is_empty() || !k.chars().all(is_word_char) || k.starts_with(|c: char| c.is_ascii_digit()) {
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
    if param == Some(ParamKind::Set) && alts.iter().any(|a| matches!(a, Alt::Range(..))) {
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
    Ok(Key {
        name: k.to_string(),
        param,
        alts,
        count,
        uses: Vec::new(),
    })
}

/// Each key after the keys it uses; a cycle is refused.
fn evaluation_order(keys: &[Key]) -> Result<Vec<usize>, RuleError> {
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
        visit(i, keys, &mut state, &mut order)?;
    }
    Ok(order)
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
                let key = parse_key(item, &e, text, &keys)?;
                keys.push(key);
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
        let order = evaluation_order(&keys)?;
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
            run_shard::<crate::error::SolveError>(&plan, 24, conv, &mut |_, _| {}, &mut |r| {
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
