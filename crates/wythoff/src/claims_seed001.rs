//! Seed 001 claims (see the coverage table).

use crate::claim::Claim;

/// The claims of this module, for [`crate::verify::registry`].
pub fn claims() -> Vec<Claim> {
    vec![]
}
