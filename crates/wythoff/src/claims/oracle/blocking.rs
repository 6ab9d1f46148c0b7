//! The claim of Larsson (2011) on Blocking Wythoff Nim, `k = 2, 3`: the general
//! solver against the oracle of `crate::oracle::blocking` (claim
//! `larsson-2011-blocking`).

use crate::catalogue::LARSSON_2011;
use crate::claim::{Claim, ClaimReport, VerifyConfig};

fn larsson_2011(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = cfg.board as usize;
    (2..=3)
        .map(|k| {
            progress(k - 2, 2);
            super::board_vs_oracle(LARSSON_2011, &format!("blocking-wythoff:k={k}"), n)
        })
        .collect()
}

/// The claims of this module.
pub fn claims() -> Vec<Claim> {
    vec![Claim {
        id: "larsson-2011-blocking",
        scope: "k = 2, 3 on the N x N board (default 200)",
        games: &["blocking-wythoff"],
        source: LARSSON_2011,
        run: larsson_2011,
    }]
}
