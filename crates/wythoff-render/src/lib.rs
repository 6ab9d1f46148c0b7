//! `wythoff-render`: pictures of boards as PNG or SVG bytes (no file I/O),
//! the one implementation shared by the `wythoff` binary (`plot`, `compare -o`)
//! and the Python package (`Game.plot`, `Game._repr_png_`).

pub mod pictures;
pub mod plot;
