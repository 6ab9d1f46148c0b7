//! The registry of the papers' claims, each checked by `wythoff verify`.
//!
//! A [`Claim`] names the paper and theorem, the games it concerns, and a check
//! that compares two independent computations (brute force against oracle on a
//! board; recurrence against closed form over `n` terms; a structural property).
//! Modules contribute claims through their own `claims()` functions, collected in
//! [`registry`]. Checks do no I/O; progress is reported through a callback.
//! The claim types live in [`crate::claim`]; which claim covers which numbered
//! statement of the papers is the table in [`crate::claims::coverage`].

pub use crate::claims::{CheckFn, Claim, ClaimReport, VerifyConfig};

/// Every claim known to the library.
pub fn registry() -> Vec<Claim> {
    let mut out = Vec::new();
    out.extend(crate::claims::oracle::claims());
    out.extend(crate::claims::imitation::claims());
    out.extend(crate::claims::general::claims());
    out.extend(crate::claims::oracle::seed003::claims());
    out.extend(crate::claims::oracle::blocking::claims());
    out.extend(crate::claims::seed000::claims());
    out.extend(crate::claims::seed001::claims());
    out.extend(crate::claims::seed002::claims());
    out.extend(crate::claims::seed003::claims());
    out
}

/// The claim with this id.
pub fn claim(id: &str) -> Option<Claim> {
    registry().into_iter().find(|c| c.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claim_ids_are_unique_and_well_formed() {
        let mut seen = std::collections::BTreeSet::new();
        for c in registry() {
            assert!(seen.insert(c.id), "duplicate claim id {}", c.id);
            assert!(
                !c.id.is_empty()
                    && c.id
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || "-.".contains(ch)),
                "{}",
                c.id
            );
            assert!(!c.scope.is_empty(), "{} has no scope", c.id);
        }
    }
}
