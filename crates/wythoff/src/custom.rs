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
//! relation = "band:2"       # diagonal | band:M | cone:S:T | congruent:M
//!
//! [blocking]                # Muller twist (none when absent)
//! class = "one-pile"        # one-pile (lengths >= min) | diagonal (k = l)
//! min = 2
//! p = 3                     # up to p - 1 options of the class may be blocked
//!
//! [corner]                  # removed corner [0,u) x [0,v)
//! u = 2
//! v = 3
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

#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
struct VariantSpec {
    h: Option<String>,
    v: Option<String>,
    #[serde(rename = "two-pile")]
    two_pile: Option<TwoPileSpec>,
    blocking: Option<BlockingSpec>,
    corner: Option<CornerSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSpec {
    name: Option<String>,
    misere: Option<bool>,
    #[serde(flatten)]
    base: VariantSpec,
    variant: Option<Vec<VariantSpec>>,
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
            Relation::parse(&t.relation)?,
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
            other => {
                return Err(RuleError::Param(format!(
                    "rules file, [blocking]: unknown class `{other}`: allowed one-pile, diagonal"
                )))
            }
        };
        b = b.blocking(class, bl.p);
    }
    if let Some(c) = spec.corner {
        b = b.corner(c.u, c.v);
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
    }
}

/// Parse a rules file. Returns the game and its name (default "custom").
pub fn parse_rules_file(text: &str) -> Result<(String, Game), RuleError> {
    let spec: FileSpec = toml::from_str(text).map_err(|e| {
        RuleError::Param(format!(
            "rules file: {}",
            e.message().lines().next().unwrap_or("malformed TOML")
        ))
    })?;
    let conv = if spec.misere.unwrap_or(false) {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let name = spec.name.clone().unwrap_or_else(|| "custom".to_string());
    let game = match &spec.variant {
        None => Game::single(build(&spec.base, conv)?),
        Some(vs) => Game::choice(
            vs.iter()
                .map(|v| build(&merged(&spec.base, v), conv))
                .collect::<Result<_, _>>()?,
        )?,
    };
    Ok((name, game))
}

#[cfg(test)]
mod tests {
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
