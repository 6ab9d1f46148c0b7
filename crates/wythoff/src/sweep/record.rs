//! Records: `patterns` and the published result for every combination.

use super::*;
#[allow(unused_imports)]
use crate::catalogue::{self, parse_game, NamedGame, ParamKind};
#[allow(unused_imports)]
use crate::error::RuleError;

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
    pub proof: Option<crate::sweep::proof::ProofRecord>,
    /// The sweep the record belongs to.
    pub sweep: Identity,
    /// The shard `K/T` that made it.
    pub shard: (u64, u64),
}

/// Run `patterns` on one combination (in `convention`) and compare the board
/// with the published result.
pub fn solve_combination(
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
/// spread over machines): its record, exactly the one [`run_shard`] hands on for it
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
    solve_combination(&c, g, max, convention, &id, (1, 1))
        .map_err(|e| label_error(e, &g.canonical, index))
}

/// Name the combination in an error of its solver.
pub(super) fn label_error(
    e: crate::error::SolveError,
    game: &str,
    index: u64,
) -> crate::error::SolveError {
    use crate::error::SolveError;
    match e {
        SolveError::Rule(r) => SolveError::Rule(r),
        SolveError::Io(why) => SolveError::Io(format!("{game} (combination {index}): {why}")),
        other => SolveError::BadInput(format!("{game} (combination {index}): {other}")),
    }
}

/// What a record read back says of itself (besides its number and its
/// sweep's identity): its game, convention, board (json records carry `max`;
/// csv and markdown rows have only the identity's), and its parameter values
/// in the spec's key order, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claims {
    pub game: String,
    pub convention: String,
    pub max: Option<String>,
    pub values: Vec<String>,
}

/// Refuse a record read back (`--merge`, `--resume`, Python's gathered
/// records) of combination `index` of `spec`, in the sweep `sweep`, whose
/// claims are not combination `index`'s (game, parameters, convention) or
/// not the sweep's board (an edited record): merged or resumed, it would put
/// one combination twice and leave another out, or mix boards. Numbers out
/// of range or skipped by the rules pass here (they are refused where every
/// number is checked). The front end parses its format and names the line.
pub fn check_record(
    spec: &Spec,
    sweep: &Identity,
    index: u64,
    claims: &Claims,
) -> Result<(), String> {
    let convention = sweep.convention.as_str();
    if let Some(m) = &claims.max {
        if *m != sweep.max.to_string() {
            return Err(format!(
                "record {index} is of the board {}, but its sweep's board is {} (--max): an edited record; re-run its shard",
                crate::echo::shorten(m),
                sweep.max
            ));
        }
    }
    if index >= spec.total() {
        return Ok(());
    }
    let c = spec.combination(index);
    let Ok(named) = &c.game else {
        return Ok(());
    };
    let keys = spec.key_names();
    let want: Vec<String> = c.params.iter().map(|(_, v)| v.to_string()).collect();
    let pairs = |vals: &[String]| -> String {
        keys.iter()
            .zip(vals)
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let (game, conv, values) = (&claims.game, &claims.convention, &claims.values);
    if *game != named.canonical || *values != want || conv != convention {
        return Err(format!(
            "record {index} says `{}` ({}, {}), but combination {index} of the sweep is `{}` ({}, {convention}): an edited record; re-run its shard",
            crate::echo::shorten(game).trim_matches('`'),
            crate::echo::shorten(&pairs(values)).trim_matches('`'),
            crate::echo::shorten(conv).trim_matches('`'),
            named.canonical,
            pairs(&want)
        ));
    }
    Ok(())
}

/// Refuse records gathered from other processes (Python's `wythoff.sweep` on a
/// cluster: one json record a line, `lines[k]` for combination `indices[k]`)
/// that are not this sweep's, as `--merge` and `--resume` refuse them: each
/// carries the sweep's identity `ours` (spec, game, board, convention, number
/// of combinations; proof options and jar; version, rules and shard `1/1`: a
/// cluster running another version is refused even when its records agree),
/// the number asked for, that combination's game, parameters and board
/// ([`check_record`]) and, in a proof sweep, a proof made as the identity says
/// and consistent with the other records' ([`crate::sweep::proof::ProofCheck`]). The error names the first record and
/// what differs.
pub fn check_gathered(
    ours: &Identity,
    spec: &Spec,
    indices: &[u64],
    lines: &[String],
) -> Result<(), String> {
    use serde_json::Value;
    if lines.len() != indices.len() {
        return Err(format!(
            "sweep: {} records came back for {} combinations",
            lines.len(),
            indices.len()
        ));
    }
    let text = |v: Option<&Value>| match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    };
    let keys = spec.key_names();
    let mut proofs = crate::sweep::proof::ProofCheck::new(spec, ours.prove.as_deref());
    for (&i, line) in indices.iter().zip(lines) {
        let v: Value = serde_json::from_str(line)
            .map_err(|_| format!("sweep: record {i} is not a json record of `wythoff sweep`"))?;
        let Some(id) = v.get("sweep").and_then(Value::as_object) else {
            return Err(format!("sweep: record {i} has no sweep identity"));
        };
        // every field of the identity, in the one list that names them
        for (k, words) in IDENTITY_FIELDS {
            let (theirs, want) = (text(id.get(*k)), ours.field(k));
            if theirs == want {
                continue;
            }
            let what = format!("{words} `{theirs}`, not `{want}`");
            return Err(match *k {
                "prove" => format!(
                    "sweep: record {i} is of other proof options or another Walnut jar: {what}"
                ),
                "version" | "rules" => format!(
                    "sweep: record {i} was made by another version of wythoff: {what} (mixed versions?)"
                ),
                _ => format!("sweep: record {i} is of another sweep: {what}"),
            });
        }
        let shard = text(id.get("shard"));
        if shard != "1/1" {
            return Err(format!(
                "sweep: record {i} was made by another version of wythoff: shard `{shard}`, not `1/1` (mixed versions?)"
            ));
        }
        if v.get("index").and_then(Value::as_u64) != Some(i) {
            return Err(format!(
                "sweep: record for combination {i} has index {}",
                v.get("index").map_or("none".to_string(), Value::to_string)
            ));
        }
        let params = v.get("params").and_then(Value::as_object);
        let values: Vec<String> = keys
            .iter()
            .map(|k| text(params.and_then(|p| p.get(*k))))
            .collect();
        let claims = Claims {
            game: text(v.get("game")),
            convention: text(v.get("convention")),
            max: Some(text(v.get("max"))),
            values,
        };
        check_record(spec, ours, i, &claims).map_err(|e| format!("sweep: {e}"))?;
        let proof = match v.get("proof") {
            None | Some(Value::Null) => None,
            Some(p) => Some(
                serde_json::from_value::<crate::sweep::proof::ProofRecord>(p.clone())
                    .map_err(|_| format!("sweep: record {i}: its `proof` is not a proof record"))?,
            ),
        };
        proofs
            .check(i, proof.as_ref())
            .map_err(|e| format!("sweep: record {i}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod record_tests {
    use super::*;

    #[test]
    fn an_edited_record_is_refused_where_it_is_read_back() {
        let spec = Spec::parse("modulo-rook:m=1..2,l=0,p=3").unwrap();
        let id = Identity::new(&spec, 24, crate::rules::Convention::Normal);
        let c = spec.combination(1);
        let game = c.game.as_ref().unwrap().canonical.clone();
        let values: Vec<String> = c.params.iter().map(|(_, v)| v.to_string()).collect();
        let claims = |game: &str, conv: &str, max: Option<&str>, values: &[String]| Claims {
            game: game.into(),
            convention: conv.into(),
            max: max.map(str::to_string),
            values: values.to_vec(),
        };
        let ok = claims(&game, "normal", Some("24"), &values);
        assert_eq!(check_record(&spec, &id, 1, &ok), Ok(()));
        // csv and markdown rows carry no board of their own
        assert_eq!(
            check_record(&spec, &id, 1, &claims(&game, "normal", None, &values)),
            Ok(())
        );
        // another game, other values, another convention: each refused
        let other = spec.combination(0).game.unwrap().canonical;
        let e = check_record(
            &spec,
            &id,
            1,
            &claims(&other, "normal", Some("24"), &values),
        )
        .unwrap_err();
        assert!(e.contains("an edited record"), "{e}");
        let mut wrong = values.clone();
        wrong[0] = "7".into();
        assert!(check_record(&spec, &id, 1, &claims(&game, "normal", Some("24"), &wrong)).is_err());
        assert!(
            check_record(&spec, &id, 1, &claims(&game, "misere", Some("24"), &values)).is_err()
        );
        // numbers out of range pass here (refused where every number is checked)
        assert_eq!(check_record(&spec, &id, 99, &ok), Ok(()));
    }

    /// Hostile round 5: a record of another board size (its `max` edited, its
    /// sweep's identity kept) was merged.
    #[test]
    fn a_record_of_another_board_is_refused() {
        let spec = Spec::parse("modulo-rook:m=1..2,l=0,p=3").unwrap();
        let id = Identity::new(&spec, 24, crate::rules::Convention::Normal);
        let c = spec.combination(0);
        let claims = |max: &str| Claims {
            game: c.game.as_ref().unwrap().canonical.clone(),
            convention: "normal".into(),
            max: Some(max.into()),
            values: c.params.iter().map(|(_, v)| v.to_string()).collect(),
        };
        assert_eq!(check_record(&spec, &id, 0, &claims("24")), Ok(()));
        for other in ["16", "", "024", "x"] {
            let e = check_record(&spec, &id, 0, &claims(other)).unwrap_err();
            assert!(e.contains("board") && e.contains("24"), "{other}: {e}");
        }
        // and through the check of gathered records (Python's)
        let r = solve_combination(
            &c,
            c.game.as_ref().unwrap(),
            24,
            crate::rules::Convention::Normal,
            &id,
            (1, 1),
        )
        .unwrap();
        let line = r.json_line();
        assert_eq!(
            check_gathered(&id, &spec, &[0], std::slice::from_ref(&line)),
            Ok(())
        );
        let edited = line.replacen("\"max\":24", "\"max\":16", 1);
        assert_ne!(edited, line);
        let e = check_gathered(&id, &spec, &[0], &[edited]).unwrap_err();
        assert!(e.contains("board"), "{e}");
    }
}
