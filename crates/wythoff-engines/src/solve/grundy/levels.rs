//! Grundy level sets: the positions of value `0..=top` on the `n x n` board,
//! one level after another, in `O(top n)` memory (no `n x n` table).
//!
//! A position of value at least `g` (outside the levels `0..g`) has an option
//! in every lower level, so it has value `g` exactly when it has no option in
//! level `g`. Options lie in earlier rows or earlier in the same row, so level
//! `g` is found row by row like a P-position set restricted to the positions
//! outside the lower levels.
//!
//! **Scope** ([`applies`]): Grundy values (no blocking, no memory, normal
//! play) and one-pile moves of every length on both piles; any two-pile
//! moves, removed corner and terminal set. Then a non-terminal value occurs at
//! most once in each row and column (the later of two equal values would have
//! the earlier as an option), so level `g` holds at most one non-terminal
//! position a row, and terminal positions (no option) all have value 0.
//!
//! **Data** per level: `ys[x]`, the column of the level's non-terminal
//! position in row `x` ([`NONE`]: none), `4 n` bytes; while a level is built,
//! a union-find of the free columns (a column holding the level is skipped:
//! every later row reaches it by a one-pile move) and the two-pile index:
//! - a band of diagonals `|k - l| < w` (Wythoff, m-Wythoff, `(1,t)`-Wythoff)
//!   with every length: a union-find over the diagonals the level attacks
//!   (a position attacks `w` diagonals from the next row on, and `w - 1` more
//!   after a delay of up to `w` rows), jumped over like the free columns;
//! - a congruence `k = l (mod m)` with every length (m-Modular Wythoff): the
//!   least column of the level in each class of `y - x (mod m)`;
//! - any other two-pile moves: the level's positions so far, each tested with
//!   [`Rules::is_move`] (quadratic per level, exact).
//!
//! Row `x`'s scan starts at its first cell (past the corner and the terminal
//! cells), leapfrogs to a free column on an unattacked diagonal, skips the
//! cells of lower levels (at most one a level in the row) and stops at the
//! first cell with no option in the level. Output order: by level, then row `x`, then column `y`.

use crate::rules::{Relation, Rules};
use std::cell::Cell;

/// No position of the level in this row.
pub const NONE: u32 = u32::MAX;
/// Largest board side (coordinates are `u32`, [`NONE`] reserved): the bound
/// of `grundy --values` (`wythoff::limits::MAX_LEVELS_BOARD` hands it on).
pub const MAX_SIDE: u64 = 1 << 31;

/// How level `g`'s two-pile options of a candidate are tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwoPileIndex {
    /// No two-pile moves.
    NoMoves,
    /// Every length pair with `|k - l| < w`: the attacked diagonals.
    Band(u64),
    /// Every length pair with `k = l (mod m)`, `m < n`: the least column per class.
    Congruent(u64),
    /// Anything else: every position of the level so far is tested.
    Scan,
}

/// Is the level kernel exact for `r` (Grundy values, one-pile moves of every
/// length on both piles)?
pub fn applies(r: &Rules) -> bool {
    crate::solve::table::has_grundy_values(r) && r.h().is_all() && r.v().is_all()
}

/// The two-pile index of `r` (cut to the board) on the `n x n` board.
pub fn two_pile_index(r: &Rules, n: u64) -> TwoPileIndex {
    let Some(t) = r.two_pile() else {
        return TwoPileIndex::NoMoves;
    };
    if !(t.d1.is_all() && t.d2.is_all()) {
        return TwoPileIndex::Scan;
    }
    match &t.relation {
        // on the board |k - l| < n: a congruence modulo m >= n is the diagonal
        Relation::Congruent { m } if *m >= n => TwoPileIndex::Band(1),
        Relation::Congruent { m } => TwoPileIndex::Congruent(*m),
        rel => match rel.band_width() {
            Some(w) => TwoPileIndex::Band(w.min(n.max(1))),
            None => TwoPileIndex::Scan,
        },
    }
}

/// Bytes allocated for the levels `0..=top` of `r` on the `n x n` board: one
/// row array a level, the free columns, the two-pile index.
pub fn memory_estimate(r: &Rules, n: u64, top: u64) -> u64 {
    let levels = top.saturating_add(1).saturating_mul(n).saturating_mul(4);
    let index = match two_pile_index(r, n) {
        TwoPileIndex::NoMoves | TwoPileIndex::Scan => 0,
        TwoPileIndex::Band(w) => n
            .saturating_mul(8)
            .saturating_add(w.saturating_mul(w).saturating_mul(4)),
        TwoPileIndex::Congruent(m) => m.saturating_mul(4),
    };
    levels
        .saturating_add(n.saturating_mul(4))
        .saturating_add(index)
        .saturating_add(top.saturating_mul(4))
}

/// The on-board terminal cells of `r` (cut to the `n x n` board), the cells
/// `x + y <= l` of its terminal set (a removed corner's cells counted too: an
/// upper bound). They all have value 0: level 0 lists every one.
pub fn terminal_cells(r: &Rules, n: u64) -> u64 {
    let Some(t) = r.terminal() else {
        return 0;
    };
    if n == 0 {
        return 0;
    }
    let (l, n) = (t.sum as u128, n as u128);
    // rows 0..=last; row x holds min(l - x, n - 1) + 1 cells
    let last = l.min(n - 1);
    // the full rows: x <= l - (n - 1)
    let full = if l + 1 >= n {
        (l + 2 - n).min(last + 1)
    } else {
        0
    };
    let rest = last + 1 - full;
    // rows full..=last: l + 1 - x cells each
    let partial = rest * (l + 1) - (full + last) * rest / 2;
    u64::try_from(full * n + partial).unwrap_or(u64::MAX)
}

/// At most how many positions the levels `values.0..=values.1` of `r` (cut to
/// the `n x n` board) hold: level 0 every terminal cell ([`terminal_cells`])
/// and each level at most one non-terminal position a row ([`applies`]).
pub fn positions_bound(r: &Rules, n: u64, values: (u64, u64)) -> u64 {
    if values.0 > values.1 {
        return 0;
    }
    let r = r.for_board(n.max(1));
    let levels = (values.1 - values.0).saturating_add(1);
    let terminal = if values.0 == 0 {
        terminal_cells(&r, n)
    } else {
        0
    };
    levels
        .saturating_mul(n)
        .saturating_add(terminal)
        .min(n.saturating_mul(n))
}

/// The next free column at or after `y` (path halving).
#[inline]
fn find(free: &mut [u32], mut y: usize) -> usize {
    while free[y] as usize != y {
        let next = free[free[y] as usize];
        free[y] = next;
        y = next as usize;
    }
    y
}

/// The level's two-pile index while it is built.
struct Index<'a> {
    kind: TwoPileIndex,
    r: &'a Rules,
    n: usize,
    /// Congruence: the least column of class `(y - x) mod m`.
    least: Vec<u32>,
    /// Band: a union-find over the diagonals `d + n - 1` of candidates,
    /// pointing past those the level attacks: a position `(x', x' + e)`
    /// attacks the diagonals `e .. e + w - 1` from row `x' + 1` on, and the
    /// diagonal `e - j` (`0 < j < w`) from row `x' + j + 1` on (the move
    /// `(l + j, l)` needs `l >= 1`). Attacks only grow with the row.
    attacked: Vec<u32>,
    /// Band: the delayed attacks, by row modulo `w + 1`.
    pending: Vec<Vec<u32>>,
    /// Congruence: classes holding the level, and their largest least column.
    classes: u64,
    least_max: u32,
    /// Scan: the options tested so far (what its cost grows with).
    tests: Cell<u64>,
}

impl Index<'_> {
    fn new(kind: TwoPileIndex, r: &Rules, n: usize) -> Index<'_> {
        let (least, attacked, pending) = match kind {
            TwoPileIndex::Band(w) => (
                Vec::new(),
                vec![0; 2 * n],
                vec![Vec::new(); if w > 1 { w as usize + 1 } else { 0 }],
            ),
            TwoPileIndex::Congruent(m) => (vec![NONE; m as usize], Vec::new(), Vec::new()),
            TwoPileIndex::NoMoves | TwoPileIndex::Scan => (Vec::new(), Vec::new(), Vec::new()),
        };
        let mut i = Index {
            kind,
            r,
            n,
            least,
            attacked,
            pending,
            classes: 0,
            least_max: 0,
            tests: Cell::new(0),
        };
        i.clear();
        i
    }
    fn clear(&mut self) {
        self.least.iter_mut().for_each(|v| *v = NONE);
        self.attacked
            .iter_mut()
            .enumerate()
            .for_each(|(i, v)| *v = i as u32);
        self.pending.iter_mut().for_each(Vec::clear);
        self.classes = 0;
        self.least_max = 0;
    }
    fn class(&self, x: usize, y: usize, m: u64) -> usize {
        (y as i64 - x as i64).rem_euclid(m as i64) as usize
    }
    /// Record the level's position `(x, y)`.
    #[inline]
    fn mark(&mut self, x: usize, y: usize) {
        match self.kind {
            TwoPileIndex::NoMoves | TwoPileIndex::Scan => {}
            TwoPileIndex::Band(w) => {
                let e = y + self.n - 1 - x;
                let w = w as usize;
                // the candidates on diagonals e..e + w - 1, from the next row on
                self.attack(e, (e + w - 1).min(2 * self.n - 2));
                // the diagonal e - j from row x + j + 1 on
                for j in 1..w.min(e + 1) {
                    self.pending[(x + j + 1) % (w + 1)].push((e - j) as u32);
                }
            }
            TwoPileIndex::Congruent(m) => {
                let c = self.class(x, y, m);
                if self.least[c] == NONE {
                    self.classes += 1;
                }
                self.least[c] = self.least[c].min(y as u32);
                self.least_max = self.least_max.max(self.least[c]);
            }
        }
    }
    /// Attack the diagonals `first..=last` (indices).
    fn attack(&mut self, first: usize, last: usize) {
        let mut d = find(&mut self.attacked, first);
        while d <= last {
            self.attacked[d] = d as u32 + 1;
            d = find(&mut self.attacked, d + 1);
        }
    }
    /// Start row `x`: the delayed attacks due now.
    fn start_row(&mut self, x: usize) {
        if self.pending.is_empty() {
            return;
        }
        let k = x % self.pending.len();
        let due = std::mem::take(&mut self.pending[k]);
        for &d in &due {
            self.attack(d as usize, d as usize);
        }
        self.pending[k] = due;
        self.pending[k].clear();
    }
    /// The first column `>= y` of row `x` whose diagonal no lower diagonal of
    /// the level attacks (band), or `y`; `None` when no later column of the
    /// row can be free of two-pile options (congruence: every class holds the
    /// level below `y`).
    #[inline]
    fn next(&mut self, x: usize, y: usize) -> Option<usize> {
        match self.kind {
            TwoPileIndex::Band(_) => {
                let d = find(&mut self.attacked, y + self.n - 1 - x);
                (d < 2 * self.n - 1).then(|| d + 1 + x - self.n)
            }
            TwoPileIndex::Congruent(m) => {
                (self.classes < m || y <= self.least_max as usize).then_some(y)
            }
            TwoPileIndex::NoMoves | TwoPileIndex::Scan => Some(y),
        }
    }
    /// Has `(x, y)` (a column [`Index::next`] returned) a two-pile option
    /// among the level's positions so far (all in rows before `x`)? `ys` is
    /// the level's row array, `terminal_cells` whether the level holds the
    /// terminal cells (level 0).
    #[inline]
    fn hits(&self, x: usize, y: usize, ys: &[u32], terminal_cells: bool) -> bool {
        match self.kind {
            TwoPileIndex::NoMoves => false,
            // every attack is in the union-find `next` read
            TwoPileIndex::Band(_) => false,
            TwoPileIndex::Congruent(m) => {
                let least = self.least[self.class(x, y, m)];
                least != NONE && (least as usize) < y
            }
            TwoPileIndex::Scan => {
                let hit = |a: usize, b: usize| {
                    self.tests.set(self.tests.get() + 1);
                    b < y && self.r.is_move((x - a) as u64, (y - b) as u64)
                };
                if (0..x).any(|a| ys[a] != NONE && hit(a, ys[a] as usize)) {
                    return true;
                }
                terminal_cells
                    && (0..x).any(|a| {
                        terminal_range(self.r, a, self.n)
                            .is_some_and(|(lo, t)| (lo..=t).any(|b| hit(a, b)))
                    })
            }
        }
    }
}

/// The first on-board column of row `x`.
fn first_column(r: &Rules, x: usize) -> usize {
    match r.corner() {
        Some(c) if (x as u64) < c.u => usize::try_from(c.v).unwrap_or(usize::MAX),
        _ => 0,
    }
}

/// The on-board terminal cells of row `x`: columns `lo..=hi`, when any.
fn terminal_range(r: &Rules, x: usize, n: usize) -> Option<(usize, usize)> {
    let t = r.terminal()?;
    let last = t.sum.checked_sub(x as u64)?.min(n as u64 - 1) as usize;
    let lo = first_column(r, x);
    (lo <= last).then_some((lo, last))
}

/// The positions of value `0..=top` of `r` (cut to the board) on the `n x n`
/// board, handed to `sink(g, x, y)` by level, then row, then column;
/// `progress(done, total)` over the rows of all levels. `None` when the kernel
/// does not apply ([`applies`]) or `n` is out of `1..=MAX_SIDE`.
pub fn positions(
    r: &Rules,
    n: u64,
    top: u32,
    progress: &mut dyn FnMut(u64, u64),
    sink: &mut dyn FnMut(u32, u32, u32),
) -> Option<()> {
    run(r, n, top, progress, sink).map(|_| ())
}

/// The options the `scan` index ([`TwoPileIndex::Scan`]) tests for the levels
/// `0..=top` of `r` on the `n x n` board (0 for the other indexes): what the
/// kernel's time grows with there, read off small boards by the level plan.
/// `None` out of scope.
pub fn scan_tests(r: &Rules, n: u64, top: u32) -> Option<u64> {
    run(r, n, top, &mut |_, _| {}, &mut |_, _, _| {})
}

/// [`positions`], returning the options the `scan` index tested.
fn run(
    r: &Rules,
    n: u64,
    top: u32,
    progress: &mut dyn FnMut(u64, u64),
    sink: &mut dyn FnMut(u32, u32, u32),
) -> Option<u64> {
    if !applies(r) || n == 0 || n > MAX_SIDE {
        return None;
    }
    let r = &r.for_board(n);
    let kind = two_pile_index(r, n);
    let n = n as usize;
    let mut index = Index::new(kind, r, n);
    let mut free: Vec<u32> = vec![0; n + 1];
    let mut levels: Vec<Vec<u32>> = Vec::new();
    let mut lower: Vec<u32> = Vec::new();
    let total = (top as u64 + 1) * n as u64;
    for g in 0..=top {
        free.iter_mut().enumerate().for_each(|(i, f)| *f = i as u32);
        index.clear();
        let mut ys = vec![NONE; n];
        for x in 0..n {
            if x % 4096 == 0 {
                progress(g as u64 * n as u64 + x as u64, total);
            }
            index.start_row(x);
            let terminal = terminal_range(r, x, n);
            if let Some((lo, hi)) = terminal {
                if g == 0 {
                    // terminal cells have value 0; every later cell of the
                    // row reaches the first of them
                    (lo..=hi).for_each(|y| {
                        sink(0, x as u32, y as u32);
                        free[y] = y as u32 + 1;
                        index.mark(x, y);
                    });
                    continue;
                }
            }
            let start = match r.terminal() {
                Some(t) => (t.sum.saturating_add(1).saturating_sub(x as u64))
                    .max(first_column(r, x) as u64),
                None => first_column(r, x) as u64,
            };
            if start >= n as u64 {
                continue;
            }
            lower.clear();
            lower.extend(levels.iter().map(|l| l[x]).filter(|&v| v != NONE));
            // leapfrog: a free column, then a diagonal no lower one attacks
            let mut y = start as usize;
            loop {
                y = find(&mut free, y);
                if y >= n {
                    break;
                }
                match index.next(x, y) {
                    None => break,
                    Some(z) if z >= n => break,
                    Some(z) if z != y => {
                        y = z;
                        continue;
                    }
                    Some(_) => {}
                }
                if !lower.contains(&(y as u32)) && !index.hits(x, y, &ys, g == 0) {
                    ys[x] = y as u32;
                    sink(g, x as u32, y as u32);
                    free[y] = y as u32 + 1;
                    index.mark(x, y);
                    break;
                }
                y += 1;
            }
        }
        levels.push(ys);
    }
    progress(total, total);
    Some(index.tests.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::LengthSet;

    fn collect(r: &Rules, n: u64, top: u32) -> Vec<(u32, u32, u32)> {
        let mut out = Vec::new();
        positions(r, n, top, &mut |_, _| {}, &mut |g, x, y| {
            out.push((g, x, y))
        })
        .unwrap();
        out
    }

    fn expected(r: &Rules, n: u64, top: u32) -> Vec<(u32, u32, u32)> {
        let t = crate::solve::reference::grundy(r, n as usize);
        let n = n as usize;
        let mut out: Vec<(u32, u32, u32)> = (0..n)
            .flat_map(|x| (0..n).map(move |y| (x, y)))
            .filter_map(|(x, y)| {
                let v = t.values()[x * n + y];
                (v <= top).then_some((v, x as u32, y as u32))
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// The plan's bound holds every position listed (terminal sets: level 0
    /// holds a triangle of cells, not one a row), and is exact for level 0 of
    /// a terminal set covering the board.
    #[test]
    fn positions_bound_holds_the_levels() {
        let all = LengthSet::all;
        for l in [0u64, 1, 3, 5, 6, 7, 8, 11, 12, 13, 40] {
            let r = Rules::builder()
                .two_pile(all(), all(), Relation::Diagonal)
                .terminal(l)
                .build()
                .unwrap();
            for n in [1u64, 2, 7, 8, 13] {
                let cells = (0..n)
                    .flat_map(|x| (0..n).map(move |y| (x, y)))
                    .filter(|&(x, y)| x + y <= l)
                    .count() as u64;
                assert_eq!(terminal_cells(&r.for_board(n), n), cells, "l={l} n={n}");
                for values in [(0, 0), (0, 2), (1, 3), (2, 2)] {
                    let listed = collect(&r, n, values.1 as u32)
                        .iter()
                        .filter(|p| p.0 as u64 >= values.0)
                        .count() as u64;
                    let bound = positions_bound(&r, n, values);
                    assert!(
                        bound >= listed,
                        "l={l} n={n} {values:?}: {bound} < {listed}"
                    );
                }
            }
        }
    }

    #[test]
    fn levels_equal_the_reference() {
        let all = LengthSet::all;
        let rules = [
            Rules::builder().build().unwrap(),
            Rules::builder()
                .two_pile(all(), all(), Relation::Diagonal)
                .build()
                .unwrap(),
            Rules::builder()
                .two_pile(all(), all(), Relation::Band { m: 3 })
                .corner(2, 5)
                .build()
                .unwrap(),
            Rules::builder()
                .two_pile(all(), all(), Relation::Band { m: 5 })
                .terminal(3)
                .build()
                .unwrap(),
            Rules::builder()
                .two_pile(all(), all(), Relation::Cone { s: 1, t: 2 })
                .corner(4, 1)
                .build()
                .unwrap(),
            Rules::builder()
                .two_pile(all(), all(), Relation::Congruent { m: 1 })
                .build()
                .unwrap(),
            Rules::builder()
                .two_pile(all(), all(), Relation::Congruent { m: 3 })
                .terminal(4)
                .build()
                .unwrap(),
            Rules::builder()
                .two_pile(all(), all(), Relation::Cone { s: 2, t: 1 })
                .corner(3, 1)
                .terminal(2)
                .build()
                .unwrap(),
            Rules::builder()
                .two_pile(LengthSet::parse("odd").unwrap(), all(), Relation::Diagonal)
                .terminal(3)
                .build()
                .unwrap(),
        ];
        for r in &rules {
            for n in [1, 2, 7, 24] {
                for top in [0, 1, 3, 9] {
                    assert_eq!(
                        collect(r, n, top),
                        expected(r, n, top),
                        "{r:?} n={n} top={top}"
                    );
                }
            }
        }
    }
}
