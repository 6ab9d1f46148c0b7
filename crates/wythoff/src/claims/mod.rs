//! The claims of the papers, each checked by `wythoff verify`, and what only
//! serves them.
//!
//! - The types of a checked claim live in the leaf [`crate::claim`] ([`Claim`],
//!   [`ClaimReport`], [`VerifyConfig`], re-exported here); [`verify`], which
//!   collects every module's claims, depends on the claim modules: no import
//!   circle, and no engine imports `claims`.
//! - Every check that runs a board dispatcher is here, none in the engines:
//!   [`oracle`] (the oracles of `crate::oracle` against the general solvers and
//!   their recurrences; [`oracle::blocking`], [`oracle::seed003`]),
//!   [`imitation`] (seed 002's Theorem 1, Corollary 1 and the classification
//!   against the state solver and the general solver).
//! - [`verify`]: the registry; [`general`]: the claims that need only the general
//!   solvers; [`seed000`] .. [`seed003`]: the further statements of each paper.
//! - [`coverage`]: every numbered statement of the four papers with the claim ids
//!   that check it, or why not; [`quadratic`]: exact floors of
//!   `n (a + b sqrt d) / q` for the claims.

pub mod coverage;
pub mod general;
pub mod imitation;
pub mod oracle;
pub mod quadratic;
pub mod seed000;
pub mod seed001;
pub mod seed002;
pub mod seed003;
pub mod verify;

pub use crate::claim::{CheckFn, Claim, ClaimReport, VerifyConfig};

/// Test helper: run every claim on a small configuration and require each report
/// to pass (the claim modules' own smoke tests).
#[cfg(test)]
pub(crate) fn assert_all_pass(claims: Vec<Claim>, board: u64, terms: u64) {
    let cfg = VerifyConfig { board, terms };
    for c in claims {
        for r in (c.run)(&cfg, &mut |_, _| {}) {
            assert!(
                r.passed,
                "{} | {} | {} | {}",
                r.source, r.game, r.compared, r.detail
            );
        }
    }
}
