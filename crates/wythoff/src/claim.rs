//! The types of a checked claim of a paper, a leaf: [`Claim`] (what `wythoff
//! verify` runs), [`ClaimReport`] (one PASS/FAIL line) and [`VerifyConfig`] (how
//! far to check). Every claim module lives under `crate::claims`, whose
//! registry collects them; the engines carry no claim.

/// How far to check. The default is the default `wythoff verify` run (a few
/// seconds); `--max N` sets `board`, and `terms` grows with it. Every claim
/// widens its ranges with these two numbers (each says how in its `scope`).
#[derive(Clone, Debug)]
pub struct VerifyConfig {
    /// Board side for comparisons with the reference.
    pub board: u64,
    /// Number of sequence terms for recurrence/closed-form comparisons.
    pub terms: u64,
}

impl Default for VerifyConfig {
    fn default() -> Self {
        VerifyConfig {
            board: 200,
            terms: 100_000,
        }
    }
}

impl VerifyConfig {
    /// True when this is the default run (no `--max`).
    pub fn is_default(&self) -> bool {
        let d = VerifyConfig::default();
        self.board == d.board && self.terms == d.terms
    }
}

/// The result of one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimReport {
    /// Paper (seed) and theorem, e.g. "seed 000, Theorem 2.1 (i)".
    pub source: String,
    /// The game(s), e.g. "roob-blocking:m=2,p=3".
    pub game: String,
    /// What was compared, e.g. "brute force vs Beatty oracle".
    pub compared: String,
    /// The range, e.g. "board 200x200" or "n < 100000".
    pub range: String,
    pub passed: bool,
    /// On failure: the first counterexample, precisely.
    pub detail: String,
}

impl ClaimReport {
    /// A report that passes when `first_failure` is `None`.
    pub fn new(
        source: &str,
        game: &str,
        compared: &str,
        range: String,
        first_failure: Option<String>,
    ) -> ClaimReport {
        ClaimReport {
            source: source.to_string(),
            game: game.to_string(),
            compared: compared.to_string(),
            range,
            passed: first_failure.is_none(),
            detail: first_failure.unwrap_or_default(),
        }
    }
}

/// The signature of a claim's check: `progress(done, total)` may be called as
/// it goes.
pub type CheckFn = fn(&VerifyConfig, &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport>;

/// A claim of a paper.
pub struct Claim {
    /// A short stable identifier, unique in the registry (e.g. `s000-lemma-3.3-iii-iv`);
    /// the coverage table (`crate::claims::coverage`) names claims by it.
    pub id: &'static str,
    /// Catalogue entry names this claim concerns (for `verify GAME...` filtering).
    pub games: &'static [&'static str],
    /// Paper and theorem.
    pub source: &'static str,
    /// The range of the default run, and how `--max` widens it (one line).
    pub scope: &'static str,
    /// The check.
    pub run: CheckFn,
}
