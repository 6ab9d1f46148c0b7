//! `wythoff-engines`: the engines of the `wythoff` library, the layer above
//! the rule model (`wythoff-model`) and below the questions (`wythoff`).
//!
//! - [`solve`]: the kernels grouped by question ([`solve::outcome`],
//!   [`solve::grundy`], [`solve::remoteness`]), the reference they are checked
//!   against ([`solve::reference`]), and [`solve::select`], the one place that
//!   chooses the kernel.
//! - [`oracle`]: the published solutions on big integers.
//! - [`imitation`]: (p,m)-Imitation Nim, the game with memory, and its state solvers.
//! - [`mex_pairs`]: the sequences `(a_n, b_n)` by mex kernels.
//! - [`hash`]: the 64-bit hash of `--format summary`.
//!
//! It depends on `wythoff-model` and on no other crate of the workspace:
//! Cargo refuses an import of a layer above (the questions, the claims, the
//! front ends). `wythoff` re-exports every module here at its former path
//! (`wythoff::solve`, `wythoff::oracle`, ...). No I/O.

pub mod hash;
pub mod imitation;
pub mod mex_pairs;
pub mod oracle;
pub mod solve;

/// The rule model, at the paths the engines name (`crate::rules`,
/// `crate::error`, ...); `wythoff` re-exports it from `wythoff-model` itself.
pub(crate) use wythoff_model::{catalogue, echo, error, rules, sets, units};
