//! Formats of `wythoff compare`: text, csv, json.

use serde_json::json;
use std::io::{self, Write};
use wythoff::compare::Comparison;

/// Output format of `compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CompareFormat {
    Text,
    Csv,
    Json,
}

/// Write the comparison of A (`la`) and B (`lb`). Text and json list the first
/// `first` differing cells (sorted by x then y); csv lists every cell that is P
/// in A or B, with where it is P.
pub fn write(
    out: &mut dyn Write,
    format: CompareFormat,
    la: &str,
    lb: &str,
    c: &Comparison,
    first: usize,
) -> io::Result<()> {
    match format {
        CompareFormat::Text => {
            writeln!(out, "# A: {la}")?;
            writeln!(out, "# B: {lb}")?;
            writeln!(out, "# board 0 <= x, y < {}", c.n)?;
            writeln!(out, "only in A: {}", c.only_a)?;
            writeln!(out, "only in B: {}", c.only_b)?;
            writeln!(out, "in both: {}", c.both)?;
            let total = c.only_a + c.only_b;
            if total == 0 {
                writeln!(out, "the P-sets are equal on the board")?;
            } else {
                let shown = (first as u64).min(total);
                writeln!(out, "first {shown} of {total} differing cells (x, y): P in")?;
                for &(x, y, side) in c.differences().take(first) {
                    writeln!(out, "({x}, {y}) {}", side.name())?;
                }
            }
        }
        CompareFormat::Csv => {
            writeln!(out, "x,y,in")?;
            for &(x, y, side) in &c.cells {
                writeln!(out, "{x},{y},{}", side.name())?;
            }
        }
        CompareFormat::Json => {
            let diffs: Vec<_> = c
                .differences()
                .take(first)
                .map(|&(x, y, s)| json!([x, y, s.name()]))
                .collect();
            let v = json!({
                "a": la, "b": lb, "max": c.n,
                "only_a": c.only_a, "only_b": c.only_b, "both": c.both,
                "equal": c.equal(),
                "first_differences": diffs,
            });
            writeln!(out, "{}", serde_json::to_string(&v).expect("plain values"))?;
        }
    }
    Ok(())
}
