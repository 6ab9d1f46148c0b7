//! Doubly periodic boards: beyond a preperiod `(x0, y0)`, `P(x, y)` depends only
//! on `(x mod px, y mod py)`.
//!
//! **Search.** For a period `q` along x, `last_x[y]` is the largest `x` with
//! `P(x, y) != P(x + q, y)` (bit-parallel over rows). The quadrant
//! `[x0, N) x [y0, N)` is periodic with periods `(px, py)` iff
//! `x0 > max_{y >= y0} last_x[y]` and `y0 > max_{x >= x0} last_y[x]`; for each
//! pair of periods (smallest product first) the preperiod with the least
//! `x0 + y0` is taken. A law is reported only when `x0, y0 <= N / 3` and the
//! quadrant shows each period at least three times, and the periodic part
//! holds at least one P-position. The rows `x < x0` and the columns `y < y0`
//! (for `x >= x0`) are each described as an eventually periodic line where the
//! board shows one (same three-period rule); together with the quadrant they
//! cover the board.

use super::board::{last_mismatch, Board};
use serde::Serialize;

/// An eventually periodic set of integers `v`, `0 <= v < N`: `below` lists the
/// members `< start`; from `start` on, `v` is a member iff `v mod period` is in
/// `residues`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Line {
    pub below: Vec<u64>,
    pub start: u64,
    pub period: u64,
    pub residues: Vec<u64>,
}

impl Line {
    pub fn contains(&self, v: u64) -> bool {
        if v < self.start {
            self.below.contains(&v)
        } else {
            self.residues.contains(&(v % self.period))
        }
    }
}

/// One row (`axis = "row"`, cells `(index, y)`, `y >= 0`) or column (`axis =
/// "column"`, cells `(x, index)`, `x >= x0`) below the preperiod.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Strip {
    pub axis: &'static str,
    pub index: u64,
    /// `None`: the board shows no period on this line.
    pub line: Option<Line>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Periodic {
    /// `(px, py)`.
    pub period: [u64; 2],
    /// `(x0, y0)`.
    pub preperiod: [u64; 2],
    /// The P-cells of one period as residues `(x mod px, y mod py)`.
    pub cells: Vec<[u64; 2]>,
    /// The law in words, e.g. `x ≡ y (mod 3)`.
    pub text: String,
    /// Rows `x < x0` and columns `y < y0`.
    pub strips: Vec<Strip>,
    /// Each cell of the law stands for a `block x block` square (1: plain cells).
    pub block: u64,
}

impl Periodic {
    /// The law's claim on cell `(x, y)` of a board of side `n` (block-scaled).
    pub fn predict(&self, _n: usize, x: usize, y: usize) -> Option<bool> {
        let b = self.block as usize;
        let (x, y) = ((x / b) as u64, (y / b) as u64);
        let [x0, y0] = self.preperiod;
        let [px, py] = self.period;
        if x >= x0 && y >= y0 {
            return Some(self.cells.contains(&[x % px, y % py]));
        }
        let s = if x < x0 {
            self.strips.iter().find(|s| s.axis == "row" && s.index == x)
        } else {
            self.strips
                .iter()
                .find(|s| s.axis == "column" && s.index == y)
        }?;
        let l = s.line.as_ref()?;
        Some(l.contains(if x < x0 { y } else { x }))
    }
}

/// `1 + max_{j >= i} last[j]` for each `i` (0 when no mismatch).
fn suffix_bound(last: &[i64]) -> Vec<usize> {
    let mut out = vec![0usize; last.len() + 1];
    for i in (0..last.len()).rev() {
        out[i] = out[i + 1].max((last[i] + 1) as usize);
    }
    out
}

/// The periodic law of the board, if any.
pub fn find(board: &Board) -> Option<Periodic> {
    let n = board.size();
    if n < 12 || board.count() == 0 {
        return None;
    }
    let lim = n / 3;
    // candidate periods: those whose quadrant can start by N/3 in both directions
    let viable = |rows: bool| -> Vec<(usize, Vec<usize>)> {
        let mut out = Vec::new();
        for q in 1..=(n - lim) / 3 {
            let last = if rows {
                last_mismatch(n, n, |i| board.row(i), q)
            } else {
                last_mismatch(n, n, |i| board.col(i), q)
            };
            let bound = suffix_bound(&last);
            if bound[lim] <= lim && n - bound[lim] >= 3 * q {
                out.push((q, bound));
            }
        }
        out
    };
    let xs = viable(true);
    if xs.is_empty() {
        return None;
    }
    // a law's cells are its period box at (x0, y0), x0, y0 <= N/3: they are empty
    // exactly when the periodic quadrant is, which contains [N/3, N)^2. So when
    // that square holds no P-position, every candidate would be rejected below for
    // empty cells: stop now (the board's quadrant is empty, e.g. pairs with b >> a).
    if !(lim..n).any(|x| any_in_range(board.row(x), lim, n)) {
        return None;
    }
    let ys = viable(false);
    let mut pairs: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (i, (px, _)) in xs.iter().enumerate() {
        for (j, (py, _)) in ys.iter().enumerate() {
            pairs.push((px * py, *px, i, j));
        }
    }
    pairs.sort_unstable();
    // does [x0, x0 + px) x [y0, y0 + py) hold a P-cell? (word-parallel per row)
    let in_box = |x0: usize, y0: usize, px: usize, py: usize| {
        (x0..x0 + px).any(|x| any_in_range(board.row(x), y0, y0 + py))
    };
    // first_x[j][y0]: the least x0 with by[x0] <= y0 for the j-th y-period (by is
    // non-increasing, so those x0 form a suffix: binary search)
    let first_x: Vec<Vec<usize>> = ys
        .iter()
        .map(|(_, by)| {
            (0..=lim)
                .map(|y0| by[..=lim].partition_point(|&b| b > y0))
                .collect()
        })
        .collect();
    for &(_, _, i, j) in &pairs {
        let (px, bx) = (&xs[i].0, &xs[i].1); // bx[y0] = least x0 for the x-period
        let py = &ys[j].0;
        let mut best: Option<(usize, usize)> = None;
        for y0 in 0..=lim {
            // the least x0' >= bx[y0] with by[x0'] <= y0
            let x0 = bx[y0].max(first_x[j][y0]);
            if x0 > lim || n - x0 < 3 * px || n - y0 < 3 * py {
                continue;
            }
            if best.map_or(true, |(a, b)| x0 + y0 < a + b) {
                best = Some((x0, y0));
            }
        }
        let Some((x0, y0)) = best else { continue };
        if !in_box(x0, y0, *px, *py) {
            continue;
        }
        let mut cells = Vec::new();
        for x in x0..x0 + px {
            for y in y0..y0 + py {
                if board.get(x, y) {
                    cells.push([(x % px) as u64, (y % py) as u64]);
                }
            }
        }
        if cells.is_empty() {
            continue;
        }
        cells.sort_unstable();
        let mut strips = Vec::new();
        for x in 0..x0 {
            strips.push(Strip {
                axis: "row",
                index: x as u64,
                line: line_of(n, |y| board.get(x, y), 0),
            });
        }
        for y in 0..y0 {
            strips.push(Strip {
                axis: "column",
                index: y as u64,
                line: line_of(n, |x| board.get(x, y), x0),
            });
        }
        let text = describe(*px as u64, *py as u64, &cells);
        return Some(Periodic {
            period: [*px as u64, *py as u64],
            preperiod: [x0 as u64, y0 as u64],
            cells,
            text,
            strips,
            block: 1,
        });
    }
    None
}

/// Is any bit in `[lo, hi)` of `words` set?
fn any_in_range(words: &[u64], lo: usize, hi: usize) -> bool {
    let mut v = lo;
    while v < hi {
        let (w, b) = (v / 64, v % 64);
        let take = (64 - b).min(hi - v);
        let mask = if take == 64 {
            u64::MAX
        } else {
            ((1u64 << take) - 1) << b
        };
        if words[w] & mask != 0 {
            return true;
        }
        v += take;
    }
    false
}

/// The eventually periodic description of `f(v)`, `from <= v < n`, if the board
/// shows a period three times past a start at most a third of the way.
pub fn line_of(n: usize, f: impl Fn(usize) -> bool, from: usize) -> Option<Line> {
    let len = n - from;
    let bits: Vec<bool> = (from..n).map(&f).collect();
    for q in 1..=len / 3 {
        let mut last: i64 = -1;
        for i in (0..len - q).rev() {
            if bits[i] != bits[i + q] {
                last = i as i64;
                break;
            }
        }
        let start = (last + 1) as usize;
        if start <= len / 3 && len - start >= 3 * q {
            let below = (0..start)
                .filter(|&i| bits[i])
                .map(|i| (i + from) as u64)
                .collect();
            let s = start + from;
            let mut residues: Vec<u64> = (s..s + q)
                .filter(|&v| bits[v - from])
                .map(|v| (v % q) as u64)
                .collect();
            residues.sort_unstable();
            return Some(Line {
                below,
                start: s as u64,
                period: q as u64,
                residues,
            });
        }
    }
    None
}

/// The law in words: one congruence when the cells are a diagonal family,
/// a product of residues when they are a grid, a list otherwise.
pub fn describe(px: u64, py: u64, cells: &[[u64; 2]]) -> String {
    // x ≡ y + c (mod q)
    if px == py {
        let q = px;
        for c in 0..q {
            let want: Vec<[u64; 2]> = {
                let mut v: Vec<[u64; 2]> = (0..q).map(|y| [(y + c) % q, y]).collect();
                v.sort_unstable();
                v
            };
            if want == cells {
                return if c == 0 {
                    format!("x ≡ y (mod {q})")
                } else {
                    format!("x ≡ y + {c} (mod {q})")
                };
            }
        }
    }
    // product of residue sets
    let mut rx: Vec<u64> = cells.iter().map(|c| c[0]).collect();
    let mut ry: Vec<u64> = cells.iter().map(|c| c[1]).collect();
    rx.sort_unstable();
    rx.dedup();
    ry.sort_unstable();
    ry.dedup();
    if rx.len() * ry.len() == cells.len() {
        let set = |r: &[u64], v: &str, q: u64| {
            if r.len() as u64 == q {
                None
            } else if r.len() == 1 {
                Some(format!("{v} ≡ {} (mod {q})", r[0]))
            } else {
                let s: Vec<String> = r.iter().map(|v| v.to_string()).collect();
                Some(format!("{v} mod {q} in {{{}}}", s.join(", ")))
            }
        };
        let parts: Vec<String> = [set(&rx, "x", px), set(&ry, "y", py)]
            .into_iter()
            .flatten()
            .collect();
        return if parts.is_empty() {
            "every cell".into()
        } else {
            parts.join(" and ")
        };
    }
    let s: Vec<String> = cells
        .iter()
        .map(|c| format!("({}, {})", c[0], c[1]))
        .collect();
    format!("(x mod {px}, y mod {py}) in {{{}}}", s.join(", "))
}
