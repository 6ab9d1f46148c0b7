//! User-defined games: a rules file in TOML, parsed into the one rule model.
//!
//! ```toml
//! # every key is optional; the defaults give Nim
//! name = "my-game"
//! h = "odd"                 # one-pile lengths on the first pile (see sets::ALLOWED_SETS)
//! v = "3:0+1"               # one-pile lengths on the second pile
//! misere = false
//!
//! [two-pile]                # two-pile moves (none when the table is absent)
//! d1 = "all"                # lengths taken from the first pile
//! d2 = "all"                # lengths taken from the second pile
//! relation = "band:2"       # diagonal | band:M | cone:S:T | congruent:M | ratio:P:Q,
//!                           # or a union joined by `+`: "diagonal + ratio:1:2"
//!
//! [blocking]                # Muller twist (none when absent)
//! class = "one-pile"        # one-pile (lengths >= min) | diagonal (k = l) | all
//! min = 2
//! p = 3                     # up to p - 1 options of the class may be blocked
//!
//! [corner]                  # removed corner [0,u) x [0,v)
//! u = 2
//! v = 3
//!
//! [terminal]                # no move from the positions with x + y <= sum
//! sum = 4
//!
//! [pass]                    # one pass per game (none when absent): usable once by
//! count = 1                 # either player, never from a position without another
//!                           # move; `count` may be omitted, only 1 is allowed
//!
//! [[variant]]               # optional: the second player chooses one of several
//! corner = { u = 0, v = 0 } # variants before play; each variant table overrides
//! ```
//! The library parses text; reading the file is the caller's job.

use crate::error::RuleError;
use crate::rules::{BlockClass, Convention, Game, Relation, Rules};
use crate::sets::LengthSet;
use serde::Deserialize;

#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
struct TwoPileSpec {
    d1: Option<String>,
    d2: Option<String>,
    relation: String,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct BlockingSpec {
    class: String,
    min: Option<u64>,
    p: u64,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct CornerSpec {
    u: u64,
    v: u64,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct TerminalSpec {
    sum: u64,
}

/// `[pass]`: one pass per game (docs/games.md, "A pass").
#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct PassSpec {
    count: Option<u64>,
}

#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
struct VariantSpec {
    h: Option<String>,
    v: Option<String>,
    #[serde(rename = "two-pile")]
    two_pile: Option<TwoPileSpec>,
    blocking: Option<BlockingSpec>,
    corner: Option<CornerSpec>,
    terminal: Option<TerminalSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSpec {
    name: Option<String>,
    misere: Option<bool>,
    // the base variant's keys, spelled out (not `#[serde(flatten)]`, which would
    // lose the error spans)
    h: Option<String>,
    v: Option<String>,
    #[serde(rename = "two-pile")]
    two_pile: Option<TwoPileSpec>,
    blocking: Option<BlockingSpec>,
    corner: Option<CornerSpec>,
    terminal: Option<TerminalSpec>,
    pass: Option<PassSpec>,
    variant: Option<Vec<VariantSpec>>,
}

impl FileSpec {
    fn base(&self) -> VariantSpec {
        VariantSpec {
            h: self.h.clone(),
            v: self.v.clone(),
            two_pile: self.two_pile.clone(),
            blocking: self.blocking.clone(),
            corner: self.corner,
            terminal: self.terminal,
        }
    }
}

fn set(text: &Option<String>, what: &str) -> Result<LengthSet, RuleError> {
    match text {
        None => Ok(LengthSet::all()),
        Some(t) => {
            LengthSet::parse(t).map_err(|e| RuleError::Set(format!("rules file, `{what}`: {e}")))
        }
    }
}

fn build(spec: &VariantSpec, convention: Convention) -> Result<Rules, RuleError> {
    let mut b = Rules::builder()
        .h(set(&spec.h, "h")?)
        .v(set(&spec.v, "v")?)
        .convention(convention);
    if let Some(t) = &spec.two_pile {
        b = b.two_pile(
            set(&t.d1, "two-pile.d1")?,
            set(&t.d2, "two-pile.d2")?,
            Relation::parse(&t.relation)
                .map_err(|e| RuleError::Param(format!("rules file, `two-pile.relation`: {e}")))?,
        );
    }
    if let Some(bl) = &spec.blocking {
        let class = match bl.class.as_str() {
            "one-pile" => BlockClass::OnePileAtLeast(bl.min.ok_or_else(|| {
                RuleError::Param(
                    "rules file, [blocking]: class one-pile needs `min` (blocked lengths >= min)"
                        .into(),
                )
            })?),
            "diagonal" => BlockClass::Diagonal,
            "all" => BlockClass::All,
            other => {
                return Err(RuleError::Param(format!(
                "rules file, [blocking]: unknown class `{other}`: allowed one-pile, diagonal, all"
            )))
            }
        };
        b = b.blocking(class, bl.p);
    }
    if let Some(c) = spec.corner {
        b = b.corner(c.u, c.v);
    }
    if let Some(t) = spec.terminal {
        b = b.terminal(t.sum);
    }
    b.build()
}

/// Merge a variant over the base description (variant keys win).
fn merged(base: &VariantSpec, v: &VariantSpec) -> VariantSpec {
    VariantSpec {
        h: v.h.clone().or_else(|| base.h.clone()),
        v: v.v.clone().or_else(|| base.v.clone()),
        two_pile: v.two_pile.clone().or_else(|| base.two_pile.clone()),
        blocking: v.blocking.clone().or_else(|| base.blocking.clone()),
        corner: v.corner.or(base.corner),
        terminal: v.terminal.or(base.terminal),
    }
}

/// For "missing field `k`": the table that lacks `k` (serde's span covers the
/// whole file, because the base table is flattened), as `` `[corner]` (line 2) ``.
fn missing_key_table(text: &str, msg: &str) -> Option<String> {
    let key = msg.strip_prefix("missing field `")?.strip_suffix('`')?;
    let doc: toml::Table = text.parse().ok()?;
    let required: &[(&str, &[&str])] = &[
        ("two-pile", &["relation"]),
        ("blocking", &["class", "p"]),
        ("corner", &["u", "v"]),
        ("terminal", &["sum"]),
    ];
    let lacks = |t: &toml::Table, name: &str| {
        required
            .iter()
            .any(|(n, keys)| *n == name && keys.contains(&key))
            && !t.contains_key(key)
    };
    let at_line = |needle: &str| {
        text.lines()
            .position(|l| l.trim_start().starts_with(needle))
            .map_or(String::new(), |i| format!(" (line {})", i + 1))
    };
    for (name, _) in required {
        if let Some(toml::Value::Table(t)) = doc.get(*name) {
            if lacks(t, name) {
                return Some(format!("`[{name}]`{}", at_line(&format!("[{name}]"))));
            }
        }
    }
    if let Some(toml::Value::Array(vs)) = doc.get("variant") {
        for (i, v) in vs.iter().enumerate() {
            for (name, _) in required {
                if let Some(toml::Value::Table(t)) = v.get(*name) {
                    if lacks(t, name) {
                        return Some(format!("`[[variant]]` number {}, `{name}`", i + 1));
                    }
                }
            }
        }
    }
    None
}

/// Line and column (both from 1) of byte `at`, and that line's text (trimmed).
fn line_col(text: &str, at: usize) -> (usize, usize, &str) {
    let at = at.min(text.len());
    let at = (0..=at)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = text[start..at].chars().count() + 1;
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    (line, col, text[start..end].trim())
}

/// A serde message that names one of this module's types (`expected struct
/// TerminalSpec`) in the words of the file: the table to write and its keys.
fn table_words(msg: &str) -> String {
    const TABLES: [(&str, &str); 7] = [
        (
            "TwoPileSpec",
            "a table `[two-pile]` with `relation` (and `d1`, `d2`)",
        ),
        (
            "BlockingSpec",
            "a table `[blocking]` with `class`, `p` (and `min`)",
        ),
        ("CornerSpec", "a table `[corner]` with `u` and `v`"),
        ("TerminalSpec", "a table `[terminal]` with `sum`"),
        ("PassSpec", "a table `[pass]` (optional key `count = 1`)"),
        ("VariantSpec", "a table `[[variant]]`"),
        ("FileSpec", "a rules file"),
    ];
    let mut out = msg.to_string();
    for (ty, words) in TABLES {
        out = out.replace(&format!("struct {ty}"), words);
    }
    out
}

/// Parse a rules file. Returns the game and its name (default "custom").
pub fn parse_rules_file(text: &str) -> Result<(String, Game), RuleError> {
    let spec: FileSpec = toml::from_str(text).map_err(|e| {
        let first = e.message().lines().next().unwrap_or("malformed TOML");
        let worded = table_words(first);
        let msg = worded.as_str();
        if let Some(found) = missing_key_table(text, msg) {
            return RuleError::Param(format!("{found}: {msg}"));
        }
        RuleError::Param(match e.span() {
            Some(span) => {
                let (line, col, src) = line_col(text, span.start);
                format!("line {line}, column {col} (`{src}`): {msg}")
            }
            None => msg.to_string(),
        })
    })?;
    let conv = if spec.misere.unwrap_or(false) {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let name = spec.name.clone().unwrap_or_else(|| "custom".to_string());
    let base = spec.base();
    let game = match &spec.variant {
        None => Game::single(build(&base, conv)?),
        Some(vs) => Game::choice(
            vs.iter()
                .map(|v| build(&merged(&base, v), conv))
                .collect::<Result<_, _>>()?,
        )?,
    };
    let game = match spec.pass {
        None => game,
        Some(PassSpec {
            count: None | Some(1),
        }) => game.with_pass()?,
        Some(PassSpec { count: Some(c) }) => {
            return Err(RuleError::Param(format!(
                "rules file, [pass]: count = {c}: a game has one pass (count = 1, or omit count)"
            )))
        }
    };
    Ok((name, game))
}

#[cfg(test)]
mod tests {
    /// Hostile round 4: `terminal = 3` said `expected struct TerminalSpec` (a
    /// type name); the error names the table and the key to write.
    #[test]
    fn a_table_written_as_a_value_names_the_table() {
        for (text, words) in [
            ("terminal = 3\n", "a table `[terminal]` with `sum`"),
            ("corner = 3\n", "a table `[corner]` with `u` and `v`"),
            ("blocking = \"all\"\n", "a table `[blocking]`"),
        ] {
            let e = parse_rules_file(text).unwrap_err().to_string();
            assert!(e.contains(words), "{text}: {e}");
            assert!(!e.contains("Spec"), "{text}: {e}");
        }
    }

    use super::*;
    use crate::catalogue::parse_game;

    #[test]
    fn file_equals_catalogue() {
        let (_, g) = parse_rules_file(
            "[two-pile]\nrelation = \"band:2\"\n[blocking]\nclass = \"one-pile\"\nmin = 2\np = 3\n",
        )
        .unwrap();
        assert_eq!(g, parse_game("roob-blocking:m=2,p=3").unwrap().game);
        let (_, g) = parse_rules_file(
            "[two-pile]\nrelation = \"band:2\"\n[[variant]]\n[[variant]]\ncorner = { u = 1, v = 1 }\n",
        )
        .unwrap();
        assert_eq!(g, parse_game("choose-shift:m=1,p=2").unwrap().game);
    }

    #[test]
    fn errors_name_line_column_and_key() {
        let e = parse_rules_file("name = \"x\"\n[corner]\nu = 2\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("`[corner]` (line 2)"), "{e}");
        assert!(e.contains("missing field `v`"), "{e}");
        let e = parse_rules_file("h = \"odd\"\nv = 3\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("line 2, column 5 (`v = 3`)"), "{e}");
        let e = parse_rules_file("[two-pile]\nrelation = \"band:x\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("`two-pile.relation`"), "{e}");
    }

    #[test]
    fn errors() {
        for bad in [
            "h = 3",
            "foo = 1",
            "[two-pile]\nrelation = \"bend:2\"",
            "h = \"3:7\"",
            "[blocking]\nclass=\"x\"\np=2",
        ] {
            assert!(parse_rules_file(bad).is_err(), "{bad}");
        }
    }
}
