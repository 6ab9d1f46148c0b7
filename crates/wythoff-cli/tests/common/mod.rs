//! Shared by the CLI tests: run the built `wythoff` binary.

use std::process::{Command, Output};

/// Run `wythoff` with `args`, capturing its output.
pub fn wythoff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wythoff"))
        .args(args)
        .output()
        .expect("run wythoff")
}

/// The cells of a text grid (`grundy`, `remoteness`, `dynamic`: x across, y up,
/// origin lower left, rows `y │ cells`), indexed `[x][y]`; checks the labels.
#[allow(dead_code)]
pub fn grid_cells(text: &str) -> Vec<Vec<String>> {
    let rows: Vec<(usize, Vec<String>)> = text
        .lines()
        .filter_map(|l| l.split_once(" │"))
        .map(|(label, cells)| {
            (
                label.trim().parse().expect("row label y"),
                cells.split_whitespace().map(str::to_string).collect(),
            )
        })
        .collect();
    let n = rows.len();
    for (i, (y, cells)) in rows.iter().enumerate() {
        assert_eq!(*y, n - 1 - i, "rows go from y = n - 1 down to 0");
        assert_eq!(cells.len(), n, "row y = {y}");
    }
    let labels: Vec<usize> = text
        .lines()
        .find(|l| l.trim_end().ends_with("  x"))
        .expect("x labels under the grid")
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    assert_eq!(labels, (0..n).collect::<Vec<_>>(), "x labels");
    (0..n)
        .map(|x| (0..n).map(|y| rows[n - 1 - y].1[x].clone()).collect())
        .collect()
}
