//! Shared by the CLI tests: run the built `wythoff` binary.

use std::process::{Command, Output};

/// Run `wythoff` with `args`, capturing its output.
pub fn wythoff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .args(args)
        .output()
        .expect("run wythoff")
}
