//! `wythoff prove`: from a solved board to a theorem checked by Walnut. The
//! numeration layer ([`numeration`]), the automaton guessed from the board
//! ([`automaton`]), the rules as a Walnut first-order formula ([`formula`]), and
//! the files of a complete WALNUT_HOME ([`plan`]), and Walnut's Custom Bases for
//! a numeration it does not ship ([`custom`]). No I/O: the CLI writes the
//! files and runs Walnut.

pub mod automaton;
pub mod custom;
pub mod formula;
pub mod numeration;
pub mod plan;
