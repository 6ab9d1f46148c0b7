//! Grundy kernels: the Sprague-Grundy values on a board (normal play, no
//! blocking, no memory). [`super::select`] orders them (nim-like, lines,
//! region, union, plain); each checks its own scope again.
//!
//! - [`nim_like`]: one-pile moves of any length and one diagonal (Nim, Wythoff);
//!   rows streamed, tiled and threaded.
//! - [`lines`]: bands of diagonals and residue classes, by line bitsets; rows streamed.
//! - [`region`]: the cone `s >= 2`, the congruence, purely periodic sets; rows streamed.
//! - [`union`]: band / cone / congruence with eventually periodic sets; a table.
//! - [`levels`]: the level sets `0..=top` alone (`grundy --values`), one-pile
//!   moves of every length; `O(top n)` memory.
//! - [`rows`]: rows `0..R` over `Y` columns, each certified additively periodic
//!   (the row certificate), `O(R Y)` memory (`wythoff rows`).
//! - [`plain`]: any rule with Grundy values, options enumerated along the counter
//!   solver's line families (the last choice).

pub mod levels;
pub mod lines;
pub mod nim_like;
pub mod plain;
pub mod region;
pub mod rows;
pub mod union;
