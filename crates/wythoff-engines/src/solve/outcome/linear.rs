//! The near-linear sparse kernel for games whose one-pile moves take every
//! length on both piles (Wythoff, m-Wythoff, (s,t)-Wythoff, the blocking games,
//! the shifted and corner games, Nim): the P-positions of the `n x n` board,
//! row by row, without touching the attacked cells one at a time.
//!
//! Because a one-pile move of every length is allowed, a row and a column hold
//! at most `p` P-positions (`p = 1` without one-pile blocking), and so does a
//! diagonal (`p` only with diagonal blocking). Row `x` is solved by a scan in
//! increasing `y` that only visits cells where something changes, jumping
//!
//! - over *dead columns* (a column holding `>= p - r` P-positions, where `r` is
//!   the number already found in this row: a union-find "next live column" per
//!   threshold `1..=p`),
//! - over the row's own P-positions (moves along the row, in or out of the
//!   blocking class),
//! - over the two-pile attacks of earlier rows. A P-position `(x0, y0)` on the
//!   diagonal `d0 = y0 - x0` attacks `(x, y)` (diagonal `d`) with
//!   `k = x - x0 <= l = y - y0` exactly when `d0 <= d` and (band of width `w`)
//!   `d - d0 < w`, or (cone `(s, t)`, `s >= 2`) `y0 - s x0 > y - s x - t`; and
//!   with `l < k` when `d0 > d`, `y0 < y` and `d0 - d < w`, or
//!   `x0 - s y0 > x - s y - t`. For a band the taken diagonals are a bitset with
//!   a union-find "next free diagonal" (a run of taken diagonals is jumped in
//!   one step); for a cone two Fenwick trees over the diagonals keep the
//!   prefix maximum of `y0 - s x0` and the suffix maximum of `x0 - s y0`, and
//!   each attack found jumps to the end of the attacker's interval in row `x`.
//!
//! Counts decide where blocking is allowed (the class's P-options, fewer than
//! `p`: `solve::decide`), and misère play is decided per candidate from the
//! options' closed forms on the board (the removed corner included).
//!
//! The state is `O(p n)` words (columns, diagonals); each row costs
//! `O(J (alpha(n) + w))` for a band of width `w` and `O(J (log n + t))` for a
//! cone, where `J` is the number of jumps the scan makes, in practice a small
//! constant per row (measured: docs/performance.md). The P-positions come out
//! in row-major order, so boards of `2^20` stream in `O(n)` memory.
//!
//! Checked against the reference by `tests/engines.rs` (random rules of the
//! band and cone shapes, blocking, corners, misère).

use crate::rules::{BlockClass, Convention, Memory, Relation, Rules};

/// The widest band (and the largest cone offset `t`) the kernel takes: its
/// checks visit `w` diagonals per jump.
pub const MAX_WIDTH: u64 = 64;
/// The largest blocking count `p` with one-pile blocking (a union-find per
/// count), and the longest unblockable one-pile move `L - 1`.
pub const MAX_ONE_PILE_P: u64 = 8;
pub const MAX_ONE_PILE_L: u64 = 4096;

/// The two-pile moves as the kernel sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Two {
    None,
    /// `|k - l| < w`.
    Band(usize),
    /// `|l - k| < (s - 1) min(k, l) + t`, `s >= 2`.
    Cone(i64, i64),
}

/// The blocking class as the kernel sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    None,
    /// One-pile moves of length `>= l`.
    OnePile(usize),
    Diagonal,
}

/// The kernel's reading of `r`, or `None` when out of scope. Exhaustive
/// matches: a new relation, class, memory rule or convention is a compile
/// error here, not a silently wrong table.
fn shape(r: &Rules) -> Option<(Two, Class, u64)> {
    if r.has_pass() {
        return None; // a pass: the pass kernel's (`outcome::pass`)
    }
    match r.memory() {
        Memory::None => {}
        Memory::Imitation { .. } => return None,
    }
    match r.convention() {
        Convention::Normal | Convention::Misere => {}
    }
    // a terminal set takes the moves of some positions away: the counters' work
    if r.terminal().is_some() {
        return None;
    }
    if !r.h().is_all() || !r.v().is_all() {
        return None;
    }
    let two = match r.two_pile() {
        None => Two::None,
        Some(t) => {
            if !t.d1.is_all() || !t.d2.is_all() {
                return None;
            }
            let band = |w: u64| (w <= MAX_WIDTH).then_some(Two::Band(w as usize));
            match t.relation {
                Relation::Diagonal => band(1)?,
                Relation::Band { m } => band(m)?,
                Relation::Cone { s: 1, t } => band(t)?,
                Relation::Cone { s, t } => {
                    if t > MAX_WIDTH || s > 1 << 20 {
                        return None;
                    }
                    Two::Cone(s as i64, t as i64)
                }
                Relation::Congruent { .. } | Relation::Ratio { .. } | Relation::Union(_) => {
                    return None
                }
            }
        }
    };
    let (class, p) = match r.blocking() {
        None => (Class::None, u64::MAX),
        // diagonal blocking without two-pile moves blocks nothing
        Some(b) if b.class == BlockClass::Diagonal && two == Two::None => (Class::None, u64::MAX),
        Some(b) => match b.class {
            BlockClass::OnePileAtLeast(l) => {
                if b.p > MAX_ONE_PILE_P || l > MAX_ONE_PILE_L {
                    return None;
                }
                (Class::OnePile(l as usize), b.p)
            }
            BlockClass::Diagonal => {
                if b.p > u32::MAX as u64 / 2 {
                    return None;
                }
                (Class::Diagonal, b.p)
            }
            // every option counted against p: the counters' work
            BlockClass::All => return None,
        },
    };
    Some((two, class, p))
}

/// Is `r` in the kernel's scope (any board)? Memoryless rules whose one-pile
/// moves take every length on both piles; two-pile moves of every length along
/// a band of at most [`MAX_WIDTH`] diagonals or in a cone `(s, t)` with
/// `t <= MAX_WIDTH`; one-pile blocking with `p <= 8` and `l <= 4096`, or
/// diagonal blocking; any removed corner; normal or misère play.
pub fn applies(r: &Rules) -> bool {
    shape(r).is_some()
}

/// Does the kernel keep the cone's Fenwick trees for `r` (a cone `s >= 2`)?
/// Its rows cost more than a band's (its wrapper's rates).
pub fn has_cone(r: &Rules) -> bool {
    matches!(shape(r), Some((Two::Cone(..), _, _)))
}

/// Bytes the kernel holds on the `n x n` board (rules in scope): per column a
/// count, a last row and `p` union-find links; per diagonal a first row, a
/// union-find link (two with diagonal blocking) and a count, or the cone's two
/// Fenwick trees.
pub fn memory_estimate(r: &Rules, n: u64) -> u64 {
    let Some((two, class, p)) = shape(r) else {
        return 0;
    };
    let cols = match class {
        Class::OnePile(_) => 8 + 4 * p,
        Class::None | Class::Diagonal => 12,
    };
    let diag = 4
        + 4
        + match class {
            Class::Diagonal => 8,
            _ => 0,
        }
        + match two {
            Two::Cone(..) => 20,
            Two::Band(_) | Two::None => 1,
        };
    n.saturating_mul(cols)
        .saturating_add((2 * n + 2 * MAX_WIDTH + 4).saturating_mul(diag))
        .saturating_add(4096)
}

/// "Next live index >= i": a union-find over `0..=len` whose last index never dies.
struct NextLive {
    up: Vec<u32>,
}

impl NextLive {
    fn new(len: usize) -> Self {
        NextLive {
            up: (0..=len as u32).collect(),
        }
    }
    #[inline]
    fn find(&mut self, mut i: usize) -> usize {
        let last = self.up.len() - 1;
        if i >= last {
            return last;
        }
        while self.up[i] as usize != i {
            let next = self.up[i] as usize;
            self.up[i] = self.up[next];
            i = next;
        }
        i
    }
    #[inline]
    fn kill(&mut self, i: usize) {
        if i + 1 < self.up.len() {
            self.up[i] = i as u32 + 1;
        }
    }
    #[inline]
    fn alive(&self, i: usize) -> bool {
        i >= self.up.len() - 1 || self.up[i] as usize == i
    }
}

/// A Fenwick tree of running maxima over `1..=len`, with the position of each
/// maximum when asked for (kept apart, so that the value queries touch half
/// the memory).
struct MaxTree {
    t: Vec<i64>,
    at: Vec<u32>,
}

impl MaxTree {
    fn new(len: usize, positions: bool) -> Self {
        MaxTree {
            t: vec![i64::MIN; len + 1],
            at: vec![0; if positions { len + 1 } else { 0 }],
        }
    }
    /// Raise position `i` (0-based) to `v`.
    #[inline]
    fn raise(&mut self, i: usize, v: i64) {
        let mut j = i + 1;
        while j < self.t.len() {
            if self.t[j] < v {
                self.t[j] = v;
                if !self.at.is_empty() {
                    self.at[j] = i as u32;
                }
            }
            j += j & j.wrapping_neg();
        }
    }
    /// The maximum over positions `0..=i` (0-based), and its position (0
    /// unless the tree keeps positions).
    #[inline]
    fn prefix(&self, i: usize) -> (i64, u32) {
        let mut j = (i + 1).min(self.t.len() - 1);
        let (mut best, mut at) = (i64::MIN, 0);
        while j > 0 {
            if self.t[j] > best {
                best = self.t[j];
                at = j;
            }
            j -= j & j.wrapping_neg();
        }
        (best, if self.at.is_empty() { 0 } else { self.at[at] })
    }
}

const NONE: u32 = u32::MAX;

/// A streaming solver for one set of rules. Call [`LinearKernel::next_row`] `n` times.
pub struct LinearKernel {
    n: usize,
    two: Two,
    class: Class,
    p: u64,
    misere: bool,
    u: usize,
    v: usize,
    x: usize,
    /// P-positions per column, and the last row holding one.
    col_cnt: Vec<u32>,
    col_last: Vec<u32>,
    /// `live[c - 1]`: columns holding fewer than `c` P-positions.
    live: Vec<NextLive>,
    /// Diagonal index `y - x + off`.
    off: usize,
    dlen: usize,
    /// First row with a P-position on each diagonal.
    first_row: Vec<u32>,
    /// Band: diagonals `d` covered by a P-position on a diagonal in
    /// `(d - w, d]` (`(d - w, d)` with diagonal blocking, plus the diagonals
    /// holding `p` P-positions), killed in "next uncovered".
    uncovered: NextLive,
    /// Diagonal blocking: P-positions per diagonal, and "next diagonal with fewer than p".
    dcnt: Vec<u32>,
    dlive: NextLive,
    /// Cone: prefix maxima of `y0 - s x0`, suffix maxima of `x0 - s y0` (reversed index).
    cone_a: MaxTree,
    cone_b: MaxTree,
    row: Vec<u32>,
}

impl LinearKernel {
    /// The kernel for `r` on the `n x n` board, when `r` is in its scope.
    pub fn new(r: &Rules, n: usize) -> Option<LinearKernel> {
        let (two, class, p) = shape(r)?;
        let (u, v) = crate::solve::geometry::corner::corner_on_board(r, n);
        let pad = MAX_WIDTH as usize + 2;
        let off = n + pad;
        let dlen = 2 * n + 2 * pad;
        let thresholds = match class {
            Class::OnePile(_) => p as usize,
            Class::None | Class::Diagonal => 1,
        };
        let cone = matches!(two, Two::Cone(..));
        let band = matches!(two, Two::Band(_));
        Some(LinearKernel {
            n,
            two,
            class,
            p,
            misere: r.convention() == Convention::Misere,
            u,
            v,
            x: 0,
            col_cnt: vec![0; n],
            col_last: if matches!(class, Class::OnePile(_)) {
                vec![NONE; n]
            } else {
                Vec::new()
            },
            live: (0..thresholds).map(|_| NextLive::new(n)).collect(),
            off,
            dlen,
            first_row: if two == Two::None {
                Vec::new()
            } else {
                vec![NONE; dlen]
            },
            uncovered: NextLive::new(if band { dlen } else { 0 }),
            dcnt: vec![0; if class == Class::Diagonal { dlen } else { 0 }],
            dlive: NextLive::new(if class == Class::Diagonal { dlen } else { 0 }),
            cone_a: MaxTree::new(if cone { dlen } else { 0 }, false),
            cone_b: MaxTree::new(if cone { dlen } else { 0 }, true),
            row: Vec::new(),
        })
    }

    /// The row solved next.
    pub fn row_index(&self) -> usize {
        self.x
    }

    #[inline]
    fn on(&self, x: usize, y: usize) -> bool {
        !(x < self.u && y < self.v)
    }

    /// When the two-pile moves of earlier rows give `(x, y)` a P-option outside
    /// the blocking class, the first `y' > y` that may be free of them.
    #[inline]
    fn two_pile_attack(&mut self, x: usize, y: usize) -> Option<usize> {
        let idx = y + self.off - x;
        let exclude = self.class == Class::Diagonal;
        match self.two {
            Two::None => None,
            Two::Band(w) => {
                // k <= l: a P-position on a diagonal in (d - w, d] (d itself in
                // the class when diagonal moves are blockable): d is covered, and
                // so is every diagonal up to the next uncovered one
                if !self.uncovered.alive(idx) {
                    return Some(x + self.uncovered.find(idx) - self.off);
                }
                // l < k: a diagonal d0 in (d, d + w) whose first P-position lies
                // below the row by more than d0 - d
                for j in (1..w).rev() {
                    let f = self.first_row[idx + j];
                    if f != NONE && (f as usize) + j < x {
                        return Some(y + j);
                    }
                }
                None
            }
            Two::Cone(s, t) => {
                let (xi, yi) = (x as i64, y as i64);
                // k <= l < s k + t: y0 - s x0 > y - s x - t on a diagonal <= d
                let hi = if exclude { idx - 1 } else { idx };
                let (a, _) = self.cone_a.prefix(hi);
                if a != i64::MIN && a > yi - s * xi - t {
                    let to = a + s * xi + t;
                    return Some(to.min(self.n as i64 + 1) as usize);
                }
                // l < k < s l + t on the diagonals d + 1 .. d + t - 1: y0 < y suffices
                for j in (1..t as usize).rev() {
                    let f = self.first_row[idx + j];
                    if f != NONE && (f as usize) + j < x {
                        return Some(y + j);
                    }
                }
                // diagonals >= d + t: x0 - s y0 > x - s y - t (then y0 < y)
                let from = idx + t as usize;
                if from < self.dlen {
                    let (b, r0) = self.cone_b.prefix(self.dlen - 1 - from);
                    if b != i64::MIN && b > xi - s * yi - t {
                        // the attacker's diagonal d0: its interval in this row ends at d0 - 1
                        let i0 = self.dlen - 1 - r0 as usize;
                        return Some(x + i0 - self.off);
                    }
                }
                None
            }
        }
    }

    /// Misère play: is the cell, which has no P-option outside the class and
    /// `p_in < p` inside, an N-position because every option is a blockable
    /// P-option (or there is none)?
    fn misere_n(&self, x: usize, y: usize, p_in: u64) -> bool {
        let one_any = (x >= 1 && self.on(x - 1, y)) || (y >= 1 && self.on(x, y - 1));
        let two_any = self.two != Two::None && x >= 1 && y >= 1 && self.on(x - 1, y - 1);
        match self.class {
            // no option at all (a one-pile option exists whenever any option does)
            Class::None | Class::Diagonal => !one_any,
            Class::OnePile(l) => {
                if (l >= 2 && one_any) || two_any {
                    return false;
                }
                // in-class options: one-pile moves of length >= l that land on
                // the board (cells 0..=len-l of the line; the corner removes the
                // first `c` of them when the line crosses it)
                let count = |len: usize, c: usize| (len + 1).saturating_sub(l).saturating_sub(c);
                let col = count(x, if y < self.v { self.u } else { 0 });
                let row = count(y, if x < self.u { self.v } else { 0 });
                (col + row) as u64 == p_in
            }
        }
    }

    /// Solve the next row; returns the `y` of its P-positions, increasing.
    pub fn next_row(&mut self) -> &[u32] {
        let x = self.x;
        let n = self.n;
        self.row.clear();
        let mut y = if x < self.u { self.v } else { 0 };
        loop {
            let found = self.row.len() as u64;
            // columns holding p - found or more P-positions are N here
            let thr = match self.class {
                Class::OnePile(_) => (self.p - found) as usize,
                Class::None | Class::Diagonal => 1,
            };
            y = self.live[thr - 1].find(y.min(n));
            if y >= n {
                break;
            }
            let mut p_in = 0u64;
            if let Class::OnePile(l) = self.class {
                // the row's own P-positions: closer than l is out of the class
                if let Some(&y1) = self.row.last() {
                    if y - (y1 as usize) < l {
                        y = y1 as usize + l;
                        continue;
                    }
                }
                let last = self.col_last[y];
                if last != NONE && x - (last as usize) < l {
                    y += 1;
                    continue;
                }
                p_in = self.col_cnt[y] as u64 + found;
                if p_in >= self.p {
                    y += 1;
                    continue;
                }
            }
            if let Some(to) = self.two_pile_attack(x, y) {
                debug_assert!(to > y);
                y = to;
                continue;
            }
            if self.class == Class::Diagonal {
                let idx = y + self.off - x;
                if !self.dlive.alive(idx) {
                    y = x + self.dlive.find(idx) - self.off;
                    continue;
                }
                p_in = self.dcnt[idx] as u64;
            }
            if self.misere && self.misere_n(x, y, p_in) {
                y += 1;
                continue;
            }
            self.row.push(y as u32);
            match self.class {
                Class::OnePile(_) if (self.row.len() as u64) < self.p => y += 1,
                _ => break,
            }
        }
        self.insert_row(x);
        self.x += 1;
        &self.row
    }

    /// Record the row's P-positions in the column and diagonal structures.
    fn insert_row(&mut self, x: usize) {
        for i in 0..self.row.len() {
            let y = self.row[i] as usize;
            let c = self.col_cnt[y] + 1;
            self.col_cnt[y] = c;
            if (c as usize) <= self.live.len() {
                // fewer than c' P-positions no longer holds for c' <= c
                self.live[c as usize - 1].kill(y);
            }
            if !self.col_last.is_empty() {
                self.col_last[y] = x as u32;
            }
            if self.two == Two::None && self.class != Class::Diagonal {
                continue;
            }
            let idx = y + self.off - x;
            if !self.first_row.is_empty() && self.first_row[idx] == NONE {
                self.first_row[idx] = x as u32;
            }
            if let Two::Band(w) = self.two {
                // cover (d0, d0 + w) and d0 itself unless diagonal moves are blockable
                let lo = if self.class == Class::Diagonal {
                    idx + 1
                } else {
                    idx
                };
                let mut i = self.uncovered.find(lo);
                while i < idx + w {
                    self.uncovered.kill(i);
                    i = self.uncovered.find(i + 1);
                }
            }
            if let Two::Cone(s, _) = self.two {
                let (xi, yi) = (x as i64, y as i64);
                self.cone_a.raise(idx, yi - s * xi);
                self.cone_b.raise(self.dlen - 1 - idx, xi - s * yi);
            }
            if self.class == Class::Diagonal {
                self.dcnt[idx] += 1;
                if self.dcnt[idx] as u64 >= self.p {
                    self.dlive.kill(idx);
                    if let Two::Band(_) = self.two {
                        // a full diagonal is N along its length: closed like a
                        // covered one, so that one jump passes both
                        self.uncovered.kill(idx);
                    }
                }
            }
        }
    }

    /// Is `(x, y)` off the board (in the removed corner)?
    pub fn off_board(&self, x: usize, y: usize) -> bool {
        !self.on(x, y)
    }
}

row_kernel_entry_points!(LinearKernel, 4096, v);
