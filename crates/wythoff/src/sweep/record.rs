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
