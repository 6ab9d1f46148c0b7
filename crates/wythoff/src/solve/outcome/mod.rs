//! Outcome kernels: which positions are P on a board. [`super::select`]
//! orders them (linear, band, residue, sparse, counters); each checks its own scope again.
//!
//! - [`linear`]: one-pile moves of every length, a narrow band or a cone of
//!   two-pile moves (blocking, corner, misère): the P-positions in near-linear
//!   time by jumps over dead columns and attacked diagonals; streams.
//! - [`band`]: one-pile moves of any length plus a band of diagonals (blocking,
//!   corner, misère); P-positions can be streamed row by row.
//! - [`residue`]: one-pile lengths of an eventually periodic set, a band of
//!   two-pile moves: bit-parallel rows (column residues, diagonal window); streams.
//! - [`sparse`]: sparse attack sets, keeping only the P-positions (no blocking);
//!   [`sparse_rect`] the same on a rectangle (for `sequence`'s a-order pairs).
//! - [`counters`]: the general counter solver, any memoryless rule (slowest, the
//!   last choice), with [`super::geometry`] counting the unbounded regions.

pub mod band;
pub mod counters;
pub mod linear;
pub mod residue;
pub mod sparse;
pub mod sparse_rect;
