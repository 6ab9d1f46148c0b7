//! Rendering: pictures (PNG, SVG) and terminal boards.

pub mod board;
pub mod plot;
