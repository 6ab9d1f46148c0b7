//! The board in the terminal, drawn with Unicode blocks, origin at the lower
//! left like the plots (`x`, the first pile, to the right; `y` up).
//!
//! Up to [`FULL_MAX`] cells a side, every cell is two characters: `██` for a
//! P-position, `· ` for an N-position, `░░` for a cell off the board (removed
//! corner). Up to [`BOARD_MAX`], one character holds two cells stacked (rows `y`
//! and `y + 1`) with half blocks `▀ ▄ █`, N-positions blank and `░` where both
//! cells are off the board. Larger boards get no drawing (the caller lists the
//! P-positions instead).

use wythoff::solve::{Outcome, OutcomeTable};

/// Largest side drawn with two characters per cell.
pub const FULL_MAX: usize = 40;
/// Largest side drawn at all.
pub const BOARD_MAX: usize = 64;

fn tick_step(n: usize) -> usize {
    if n <= 20 {
        5
    } else {
        10
    }
}

/// The board of `table` as lines of text, or `None` when it is too large.
pub fn draw(table: &OutcomeTable) -> Option<String> {
    let n = table.size();
    if n == 0 || n > BOARD_MAX {
        return None;
    }
    let step = tick_step(n);
    let width = (n - 1).to_string().len();
    let mut out = String::new();
    if n <= FULL_MAX {
        for y in (0..n).rev() {
            out.push_str(&row_label(y, step, width));
            for x in 0..n {
                out.push_str(match table.get(x, y) {
                    Some(Outcome::P) => "██",
                    Some(Outcome::N) => "· ",
                    None => "░░",
                });
            }
            out.push('\n');
        }
        axis(&mut out, n, width, step, 2);
        out.push_str("██ P-position   · N-position   ░░ off the board (removed corner)\n");
    } else {
        // Lines hold rows (y, y + 1) with y even, from the top.
        let top = if n % 2 == 0 { n - 2 } else { n - 1 };
        let mut y = top as isize;
        while y >= 0 {
            let yl = y as usize;
            let label = if yl % step == 0 || (yl + 1) % step == 0 && yl + 1 < n {
                let v = if yl % step == 0 { yl } else { yl + 1 };
                format!("{v:>width$} ┤")
            } else {
                format!("{:>width$} │", "")
            };
            out.push_str(&label);
            for x in 0..n {
                let lower = table.get(x, yl);
                let upper = (yl + 1 < n).then(|| table.get(x, yl + 1));
                let up_p = matches!(upper, Some(Some(Outcome::P)));
                let lo_p = lower == Some(Outcome::P);
                let c = match (up_p, lo_p) {
                    (true, true) => '█',
                    (true, false) => '▀',
                    (false, true) => '▄',
                    (false, false) => {
                        let up_off = matches!(upper, Some(None));
                        if lower.is_none() && (up_off || upper.is_none()) {
                            '░'
                        } else {
                            ' '
                        }
                    }
                };
                out.push(c);
            }
            out.push('\n');
            y -= 2;
        }
        axis(&mut out, n, width, step, 1);
        out.push_str(
            "each character holds two cells, (x, y) below and (x, y + 1) above: ▀ ▄ █ P-positions, blank N, ░ off the board\n",
        );
    }
    Some(out)
}

/// A game in play: `██` the current position, `▒▒` the options blocked for the
/// player to move, `· ` other cells, `░░` off the board (`on_board` false);
/// `None` above [`FULL_MAX`] cells a side.
pub fn position_board(
    n: usize,
    on_board: &dyn Fn(usize, usize) -> bool,
    pos: (usize, usize),
    blocked: &[(usize, usize)],
) -> Option<String> {
    if n == 0 || n > FULL_MAX {
        return None;
    }
    let step = tick_step(n);
    let width = (n - 1).to_string().len();
    let mut out = String::new();
    for y in (0..n).rev() {
        out.push_str(&row_label(y, step, width));
        for x in 0..n {
            out.push_str(if (x, y) == pos {
                "██"
            } else if blocked.contains(&(x, y)) {
                "▒▒"
            } else if on_board(x, y) {
                "· "
            } else {
                "░░"
            });
        }
        out.push('\n');
    }
    axis(&mut out, n, width, step, 2);
    out.push_str("██ position   ▒▒ blocked for the player to move   ░░ off the board\n");
    Some(out)
}

/// The x axis under the board: a rule with ticks, then the labels.
fn axis(out: &mut String, n: usize, width: usize, step: usize, cw: usize) {
    let mut rule = format!("{:>width$} └", "");
    let mut labels = format!("{:>width$}  ", "");
    for x in 0..n {
        let cell: String = if x % step == 0 { "┬" } else { "─" }.to_string() + &"─".repeat(cw - 1);
        rule.push_str(&cell);
        if x % step == 0 {
            // pad the label line up to this column
            let col = x * cw;
            let have = labels.chars().count() - (width + 2);
            if have <= col {
                labels.push_str(&" ".repeat(col - have));
                labels.push_str(&x.to_string());
            }
        }
    }
    out.push_str(&rule);
    out.push_str(" x\n");
    out.push_str(labels.trim_end());
    out.push('\n');
}

/// The label of row `y` in front of a board's cells: the number and a tick every
/// `step` rows, else a bar, right-aligned to `width`.
fn row_label(y: usize, step: usize, width: usize) -> String {
    if y % step == 0 {
        format!("{y:>width$} ┤")
    } else {
        format!("{:>width$} │", "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wythoff::catalogue::parse_game;
    use wythoff::solve::outcomes;

    #[test]
    fn wythoff_board_has_origin_lower_left() {
        let g = parse_game("wythoff").unwrap();
        let t = outcomes(&g.game, 6).unwrap();
        let b = draw(&t).unwrap();
        let lines: Vec<&str> = b.lines().collect();
        // top line is y = 5 (a labelled tick): P at (3, 5)
        assert_eq!(lines[0], "5 ┤· · · ██· · ");
        // bottom board line is y = 0: P at (0, 0)
        assert_eq!(lines[5], "0 ┤██· · · · · ");
        // y = 2: P at (1, 2)
        assert_eq!(lines[3], "  │· ██· · · · ");
        assert!(lines[6].starts_with("  └┬─"));
        assert!(lines[7].trim_start().starts_with('0'));
    }

    #[test]
    fn half_blocks_and_corner() {
        let g = parse_game("shifted:m=1,p=2,l=1").unwrap();
        let t = outcomes(&g.game, 50).unwrap();
        let b = draw(&t).unwrap();
        // corner [0,1) x [0,1) is off the board: bottom line starts with ░
        let bottom = b.lines().nth(24).unwrap();
        assert!(bottom.starts_with(" 0 ┤"), "{bottom}");
        assert_eq!(b.lines().count(), 25 + 3);
        let g = parse_game("wythoff").unwrap();
        let t = outcomes(&g.game, 50).unwrap();
        let b = draw(&t).unwrap();
        let bottom: Vec<char> = b.lines().nth(24).unwrap().chars().skip(4).collect();
        // rows 0 and 1: (0,0) lower P, (2,1) upper P
        assert_eq!(bottom[0], '▄');
        assert_eq!(bottom[2], '▀');
        assert_eq!(bottom[1], ' ');
        assert!(draw(&outcomes(&g.game, 65).unwrap()).is_none());
    }
}
