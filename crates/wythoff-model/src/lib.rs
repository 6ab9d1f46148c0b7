//! `wythoff-model`: the rule model of the Wythoff family of two-pile take-away
//! games, the bottom layer of the `wythoff` library.
//!
//! - [`rules`]: the one rule model ([`rules::Rules`], [`rules::Game`]).
//! - [`sets`]: eventually periodic length sets.
//! - [`catalogue`]: every named game of the papers, as data; [`custom`]: TOML
//!   rules files.
//! - [`error`]: errors as data; [`units`]: sizes and durations in words;
//!   [`echo`]: user text echoed in messages.
//!
//! It depends on no other crate of the workspace: the engines and the
//! questions live above it, in `wythoff`, which re-exports every module here
//! at its former path (`wythoff::rules`, `wythoff::error`, ...). No I/O.

pub mod catalogue;
pub mod custom;
pub mod echo;
pub mod error;
pub mod rules;
pub mod sets;
pub mod units;
