//! `wythoff verify`: the claims concerning some games, run in parallel, with
//! events for a front end's observer.

use super::*;

/// What [`run_claims`] tells its observer as it goes.
#[derive(Clone, Copy, Debug)]
pub enum VerifyEvent<'a> {
    /// A claim starts (its source).
    Start(&'a str),
    /// A claim reports progress.
    Tick,
    /// A claim is done.
    Done,
}

/// The result of [`run_claims`].
#[derive(Clone, Debug)]
pub struct VerifyRun {
    /// Number of claims run.
    pub claims: usize,
    /// One report per check, in registry order.
    pub reports: Vec<ClaimReport>,
}

impl VerifyRun {
    pub fn passed(&self) -> usize {
        self.reports.iter().filter(|r| r.passed).count()
    }
    pub fn failed(&self) -> usize {
        self.reports.len() - self.passed()
    }
}

/// Catalogue entry names mentioned in a report's game text
/// (e.g. "roob-blocking:m=2,p=3 = modulo-rook:m=2,l=2,p=6").
fn names_in(text: &str) -> BTreeSet<&'static str> {
    text.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|tok| crate::catalogue::entry(tok.split(':').next().unwrap_or("")))
        .map(|e| e.name)
        .collect()
}

fn run_claim(
    c: &Claim,
    cfg: &VerifyConfig,
    observe: &(dyn Fn(VerifyEvent) + Sync),
) -> Vec<ClaimReport> {
    use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
    observe(VerifyEvent::Start(c.source));
    let mut progress = |_done: u64, _total: u64| observe(VerifyEvent::Tick);
    let got = catch_unwind(AssertUnwindSafe(|| (c.run)(cfg, &mut progress)));
    observe(VerifyEvent::Done);
    got.unwrap_or_else(|e| {
        if e.is::<Cancelled>() {
            resume_unwind(e);
        }
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown panic".into());
        vec![ClaimReport {
            source: c.source.to_string(),
            game: c.games.join(", "),
            compared: "the check itself".into(),
            range: String::new(),
            passed: false,
            detail: format!("the check panicked: {}", msg.lines().next().unwrap_or("")),
        }]
    })
}

/// Check the papers' claims (`wythoff verify`): those concerning `games`
/// (catalogue names; aliases and `name:params` accepted, only the name counts;
/// empty: every claim), on boards of side `max` (default 200; sequence terms
/// grow with it). Claims run in parallel (rayon); a claim that panics is
/// reported as a failed check (the panic message is still printed by the
/// process's panic hook, which the caller may silence).
pub fn run_claims(
    games: &[String],
    max: Option<u64>,
    observe: &(dyn Fn(VerifyEvent) + Sync),
) -> Result<VerifyRun, SolveError> {
    use rayon::prelude::*;
    let mut wanted = BTreeSet::new();
    for g in games {
        let name = g.split(':').next().unwrap_or("");
        match crate::catalogue::entry(name) {
            Some(e) => {
                wanted.insert(e.name);
            }
            None => {
                return Err(RuleError::UnknownGame {
                    name: name.to_string(),
                    known: crate::catalogue::known_names(),
                }
                .into())
            }
        }
    }
    let mut cfg = VerifyConfig::default();
    if let Some(n) = max {
        cfg.board = check_max(n)?;
        cfg.terms = cfg.terms.max(n.saturating_mul(500));
    }
    let claims: Vec<Claim> = registry()
        .into_iter()
        .filter(|c| wanted.is_empty() || c.games.iter().any(|g| wanted.contains(g)))
        .collect();
    if claims.is_empty() {
        return Err(SolveError::BadInput(format!(
            "no registered claim concerns {}",
            games.join(", ")
        )));
    }
    let results: Vec<Vec<ClaimReport>> = claims
        .par_iter()
        .map(|c| {
            let reports = run_claim(c, &cfg, observe);
            if wanted.is_empty() || c.games.len() <= 1 {
                return reports;
            }
            // a claim about several games: keep the lines that mention a wanted one
            let kept: Vec<ClaimReport> = reports
                .iter()
                .filter(|r| names_in(&r.game).iter().any(|n| wanted.contains(n)))
                .cloned()
                .collect();
            if kept.is_empty() {
                reports
            } else {
                kept
            }
        })
        .collect();
    Ok(VerifyRun {
        claims: claims.len(),
        reports: results.into_iter().flatten().collect(),
    })
}
