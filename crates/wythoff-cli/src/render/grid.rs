//! The one orientation of every text grid (`grundy`, `remoteness`, `dynamic`;
//! the `p-positions` board of [`super::board`] is drawn the same way): x, the
//! first pile, across the columns from left to right; y, the second pile, up the
//! rows, origin at the lower left. Every row is labelled with its y on the left
//! edge, every column with its x under the bottom edge:
//!
//! ```text
//! y
//! 3 │ 3 5 4 0
//! 2 │ 2 0 1 5
//! 1 │ 1 2 0 4
//! 0 │ 0 1 2 3
//!   └────────
//!     0 1 2 3  x
//! ```
//!
//! Cells are right-aligned to one width (the widest cell or column label).
//! csv and json keep their own row-major layout (row x, value y).

use std::io::{self, Write};

/// The orientation, as the header lines of text grids state it.
pub const ORIENTATION: &str =
    "x = first pile across (left to right), y = second pile up (origin lower left)";

/// Bytes a stored `n x n` grid of `u32` values needs, for the memory check of
/// the callers (text output needs every row before the top line is written).
pub fn stored_bytes(n: usize) -> u64 {
    (n as u64).saturating_mul(n as u64).saturating_mul(4)
}

/// Refuse a text grid that would not fit the memory budget (csv/json stream).
pub fn check(n: usize) -> anyhow::Result<()> {
    let need = stored_bytes(n);
    let budget = wythoff::solve::memory_budget();
    if need > budget {
        anyhow::bail!(
            "--max {n}: a text grid holds every cell in memory before drawing its top row, about {}, over the memory budget of {}: use --format csv or json, which stream rows",
            wythoff::solve::human_bytes(need),
            wythoff::solve::human_bytes(budget)
        );
    }
    Ok(())
}

/// Write an `n x n` grid; `cell(x, y, buf)` appends the text of cell (x, y)
/// (unpadded), `width` is the widest cell text.
pub fn write(
    out: &mut dyn Write,
    n: usize,
    width: usize,
    cell: &dyn Fn(usize, usize, &mut Vec<u8>),
) -> io::Result<()> {
    if n == 0 {
        return Ok(());
    }
    let lw = (n - 1).to_string().len();
    let cw = width.max(lw).max(1);
    let mut buf: Vec<u8> = Vec::with_capacity((n * (cw + 1) + lw + 4) * 4);
    writeln!(out, "{:>lw$}", "y")?;
    for y in (0..n).rev() {
        buf.clear();
        buf.extend_from_slice(format!("{y:>lw$} │").as_bytes());
        for x in 0..n {
            buf.push(b' ');
            let start = buf.len();
            cell(x, y, &mut buf);
            let len = buf.len() - start;
            if len < cw {
                let pad = cw - len;
                buf.resize(buf.len() + pad, b' ');
                buf[start..].rotate_right(pad);
            }
        }
        buf.push(b'\n');
        out.write_all(&buf)?;
    }
    let rule = "─".repeat(n * (cw + 1));
    writeln!(out, "{:>lw$} └{rule}", "")?;
    buf.clear();
    buf.extend_from_slice(format!("{:>lw$}  ", "").as_bytes());
    for x in 0..n {
        buf.extend_from_slice(format!(" {x:>cw$}").as_bytes());
    }
    buf.extend_from_slice(b"  x\n");
    out.write_all(&buf)
}

/// Parse a grid written by [`write`] back into cells indexed `[x][y]` (tests).
#[cfg(test)]
pub fn parse(text: &str) -> Vec<Vec<String>> {
    let rows: Vec<Vec<String>> = text
        .lines()
        .filter(|l| l.contains(" │"))
        .map(|l| {
            l.split_once(" │")
                .expect("row")
                .1
                .split_whitespace()
                .map(str::to_string)
                .collect()
        })
        .collect();
    let n = rows.len();
    (0..n)
        .map(|x| (0..n).map(|y| rows[n - 1 - y][x].clone()).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origin_lower_left_with_labels() {
        let mut out = Vec::new();
        // cell text x*10+y: (x, y) must appear in column x, row y from the bottom
        write(&mut out, 3, 2, &|x, y, b| {
            b.extend_from_slice((x * 10 + y).to_string().as_bytes())
        })
        .unwrap();
        let s = String::from_utf8(out).unwrap();
        assert_eq!(
            s,
            "y\n2 │  2 12 22\n1 │  1 11 21\n0 │  0 10 20\n  └─────────\n     0  1  2  x\n"
        );
        let cells = parse(&s);
        assert_eq!(cells[1][2], "12");
        assert_eq!(cells[2][0], "20");
    }

    #[test]
    fn labels_widen_columns() {
        let mut out = Vec::new();
        write(&mut out, 11, 1, &|_, _, b| b.push(b'P')).unwrap();
        let s = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], " y");
        assert_eq!(lines[1], format!("10 │{}", "  P".repeat(11)));
        assert_eq!(lines[11], format!(" 0 │{}", "  P".repeat(11)));
        assert!(lines[13].ends_with(" 9 10  x"), "{}", lines[13]);
    }
}
