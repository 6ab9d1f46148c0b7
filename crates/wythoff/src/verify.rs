//! The registry of the papers' claims, each checked by `wythoff verify`.
//!
//! A [`Claim`] names the paper and theorem, the games it concerns, and a check
//! that compares two independent computations (brute force against oracle on a
//! board; recurrence against closed form over `n` terms; a structural property).
//! Modules contribute claims through their own `claims()` functions, collected in
//! [`registry`]. Checks do no I/O; progress is reported through a callback.

/// How far to check. `scale = 1` is the default run (about a minute in all);
/// `--max N` sets `board`, and `terms` grows with it.
#[derive(Clone, Debug)]
pub struct VerifyConfig {
    /// Board side for brute-force comparisons.
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

/// A claim of a paper.
pub struct Claim {
    /// Catalogue entry names this claim concerns (for `verify GAME...` filtering).
    pub games: &'static [&'static str],
    /// Paper and theorem.
    pub source: &'static str,
    /// The check; `progress(done, total)` may be called as it goes.
    pub run: fn(&VerifyConfig, &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport>,
}

/// Every claim known to the library.
pub fn registry() -> Vec<Claim> {
    let mut out = Vec::new();
    // each module appends its claims here, e.g. `out.extend(crate::oracle::claims());`
    out.extend(Vec::<Claim>::new());
    out.extend(crate::oracle::claims());
    out.extend(crate::imitation::claims());
    out.extend(crate::claims_general::claims());
    out.extend(crate::oracle::seed003::claims());
    out
}
