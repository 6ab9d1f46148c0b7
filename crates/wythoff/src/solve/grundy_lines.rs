//! The line-bitset Grundy kernel for band and residue games: any memoryless
//! normal-play rules without blocking whose one-pile length sets are eventually
//! periodic and whose two-pile moves, if any, are a band of diagonals
//! `|l - k| < w` ([`crate::rules::Relation::band_width`]) with eventually periodic
//! `d1`, `d2`. This covers m-Wythoff, the corner and shifted boards, Connell's
//! game, the modulo-rook games and seed 003's frame at `s = 1`; which rules
//! qualify is decided from the [`Rules`] value alone.
//!
//! Every kind of move is a *family*: a direction (column, row, or the diagonal
//! with offset `delta = l - k`), and the set `S` of steps `k >= 1` along it (for
//! the diagonal `delta`, `S = {k in d1 : k + delta in d2}`), eventually periodic
//! with threshold `T` and period `K`. The targets of a cell in one family are
//! the cells of one line at steps `k in S`; the steps `k <= T` are looked up one
//! by one, the steps `k > T` are unions of whole residue classes of the line,
//! kept as value bitsets per (line, class), *delayed by `T` steps*: a column or
//! diagonal store of delay `T` holds the rows up to `x - 1 - T` while row `x` is
//! solved (updated in bulk when a row starts), the row store of delay `T` holds
//! the columns up to `y - 1 - T` (updated as the sweep moves). Families with the
//! same direction, delay and period share a store. The mex is then the first
//! value in none of the selected bitsets, searched as in [`super::grundy_fast`]
//! (block-major bitsets, one cache line per block, starting at the largest mex
//! of the selected bitsets), and no bitset is ever copied cell by cell.
//!
//! Symmetric rules are solved on `y >= x` only, as in [`super::grundy_fast`].
//! Checked against the option-enumerating solvers in `tests/kernels.rs`.

use super::grundy_fast::{block_count, first_free, Lines, Tab, BLOCK_BITS, BLOCK_WORDS};
use super::GRUNDY_OFF;
use crate::rules::{Convention, Memory, Rules};
use crate::sets::LengthSet;

/// Largest period of a family's step set the kernel accepts.
const MAX_PERIOD: u64 = 64;
/// Largest threshold (explicit steps, delay) the kernel accepts.
const MAX_THRESHOLD: u64 = 256;
/// Largest band width.
const MAX_WIDTH: u64 = 32;
/// Largest number of bitsets OR-ed for one cell.
const MAX_REFS: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    /// Along a column: targets `(x - k, y)`.
    Col,
    /// Along a row: targets `(x, y - k)`.
    Row,
    /// Along the diagonal with offset `delta`: targets `(x - k, y - delta - k)`.
    Diag,
}

/// One family of moves.
struct Fam {
    dir: Dir,
    delta: i64,
    /// Steps `1 <= k <= T` in the set.
    explicit: Vec<usize>,
    /// Residues `r` (mod the period) of the steps `k > T` in the set.
    residues: Vec<usize>,
    period: usize,
    /// Index of the store of the residue classes (unused without residues).
    store: usize,
}

/// A store: direction, delay (steps), period (classes per line).
#[derive(Clone, Copy, PartialEq, Eq)]
struct StoreKey {
    dir: Dir,
    delay: usize,
    period: usize,
}

/// What a solve of rules `r` uses, derived from the rules alone.
struct Plan {
    fams: Vec<Fam>,
    stores: Vec<StoreKey>,
    /// Band width (0 without two-pile moves).
    width: u64,
    /// Largest threshold (rows kept back).
    tmax: usize,
    /// Bitsets OR-ed per cell, at most.
    refs: usize,
}

impl Plan {
    fn new(r: &Rules) -> Option<Plan> {
        if r.memory() != Memory::None
            || r.blocking().is_some()
            || r.convention() != Convention::Normal
        {
            return None;
        }
        let mut p = Plan {
            fams: Vec::new(),
            stores: Vec::new(),
            width: 0,
            tmax: 0,
            refs: 0,
        };
        p.add(Dir::Col, 0, r.h())?;
        p.add(Dir::Row, 0, r.v())?;
        if let Some(t) = r.two_pile() {
            let w = t.relation.band_width()?;
            if w > MAX_WIDTH {
                return None;
            }
            p.width = w;
            let w = w as i64;
            for delta in 1 - w..w {
                let s = t.d1.intersect(&t.d2.shifted(delta)).ok()?;
                p.add(Dir::Diag, delta, &s)?;
            }
        }
        (p.refs <= MAX_REFS).then_some(p)
    }

    fn add(&mut self, dir: Dir, delta: i64, s: &LengthSet) -> Option<()> {
        if s.is_empty() {
            return Some(());
        }
        let (t, k) = (s.threshold(), s.period());
        if t > MAX_THRESHOLD || k > MAX_PERIOD {
            return None;
        }
        let explicit: Vec<usize> = (1..=t).filter(|&k| s.contains(k)).map(|k| k as usize).collect();
        let residues: Vec<usize> = (0..k)
            .filter(|&r| s.residue_in(r))
            .map(|r| r as usize)
            .collect();
        let key = StoreKey {
            dir,
            delay: t as usize,
            period: k as usize,
        };
        let store = if residues.is_empty() {
            usize::MAX
        } else {
            match self.stores.iter().position(|&s| s == key) {
                Some(i) => i,
                None => {
                    self.stores.push(key);
                    self.stores.len() - 1
                }
            }
        };
        self.tmax = self.tmax.max(t as usize);
        self.refs += residues.len();
        self.fams.push(Fam {
            dir,
            delta,
            explicit,
            residues,
            period: k as usize,
            store,
        });
        Some(())
    }

    /// Lines of a store on the `n x n` board (each with `period` classes).
    fn lines(key: StoreKey, n: usize) -> usize {
        match key.dir {
            Dir::Col => n,
            Dir::Row => 1,
            Dir::Diag => 2 * n,
        }
    }

    /// Upper bound on any value on the `n x n` board: the number of options.
    fn value_bound(&self, n: u64) -> u64 {
        let diags = if self.width > 0 {
            2 * self.width - 1
        } else {
            0
        };
        (2 + diags) * n.saturating_sub(1)
    }
}

/// Is `r` in the scope of the kernel?
pub fn applies(r: &Rules) -> bool {
    Plan::new(r).is_some()
}

/// Bytes of state for side `n`, or `None` when the kernel does not apply.
pub fn memory_estimate(r: &Rules, n: u64) -> Option<u64> {
    let p = Plan::new(r)?;
    let bound = p.value_bound(n);
    let block_bytes = block_count(bound) as u64 * BLOCK_WORDS as u64 * 8;
    let lines: u64 = p
        .stores
        .iter()
        .map(|&k| (Plan::lines(k, n as usize) as u64).saturating_mul(k.period as u64))
        .sum();
    let tab = if r.is_symmetric() {
        let b = if bound < u16::MAX as u64 { 2 } else { 4 };
        n.saturating_mul(n).saturating_mul(b)
    } else {
        0
    };
    let ring = (p.tmax as u64 + 2).saturating_mul(n).saturating_mul(4);
    Some(
        lines
            .saturating_mul(block_bytes + 4)
            .saturating_add(tab)
            .saturating_add(ring),
    )
}

/// Compute the Grundy values row by row: `sink(x, values_of_row_x)`, with
/// [`GRUNDY_OFF`] for cells off the board. `progress(rows_done)` every 64 rows.
/// `None` when `r` is out of scope.
pub fn stream(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let plan = Plan::new(r)?;
    let (u, v) = r.corner().map_or((0, 0), |c| {
        (c.u.min(n as u64) as usize, c.v.min(n as u64) as usize)
    });
    let bound = plan.value_bound(n as u64);
    let blocks = block_count(bound);
    let mut stores: Vec<Lines> = plan
        .stores
        .iter()
        .map(|&k| Lines::new(Plan::lines(k, n) * k.period, blocks))
        .collect();
    let row_store = plan.stores.iter().position(|k| k.dir == Dir::Row);
    let col_store = plan.stores.iter().position(|k| k.dir == Dir::Col);
    // symmetric rules: g(x, y) = g(y, x), so only y >= x is searched; the row
    // store of row x starts as column x's store (same delay and period, since
    // h = v), and the values left of the diagonal are read back from the
    // stored upper triangle
    let sym = r.is_symmetric() && row_store.is_some() == col_store.is_some();
    let mut tab = if sym {
        Tab::new(n, bound)
    } else {
        Tab::S(Vec::new())
    };
    let ring_len = plan.tmax + 1;
    let mut ring = vec![vec![GRUNDY_OFF; n]; ring_len];
    let mut out = vec![0u32; n];
    let mut refs: Vec<(usize, usize)> = Vec::with_capacity(plan.refs);
    let mut ex: Vec<u32> = Vec::new();
    let w = plan.width as usize;
    for x in 0..n {
        // column and diagonal stores of delay T take row x - 1 - T
        for (si, key) in plan.stores.iter().enumerate() {
            if key.dir == Dir::Row || x < 1 + key.delay {
                continue;
            }
            let xr = x - 1 - key.delay;
            let row = &ring[xr % ring_len];
            let st = &mut stores[si];
            let (k, c) = (key.period, xr % key.period);
            match key.dir {
                Dir::Col => {
                    // symmetric: columns left of x are never read again
                    let lo = if sym { x } else { 0 };
                    for (y, &g) in row.iter().enumerate().skip(lo) {
                        if g != GRUNDY_OFF {
                            st.add(y * k + c, g);
                        }
                    }
                }
                Dir::Diag => {
                    // symmetric: only diagonals y - x > -w are read (cells y >= x)
                    let lo = if sym { (xr + 1).saturating_sub(w) } else { 0 };
                    for (y, &g) in row.iter().enumerate().skip(lo) {
                        if g != GRUNDY_OFF {
                            st.add((y + n - xr) * k + c, g);
                        }
                    }
                }
                Dir::Row => unreachable!(),
            }
        }
        let start = if sym {
            if let (Some(rs), Some(cs)) = (row_store, col_store) {
                let k = plan.stores[rs].period;
                let (rows, cols) = if rs < cs {
                    let (a, b) = stores.split_at_mut(cs);
                    (&mut a[rs], &b[0])
                } else {
                    let (a, b) = stores.split_at_mut(rs);
                    (&mut b[0], &a[cs])
                };
                for b in 0..blocks {
                    let o = b * k * BLOCK_WORDS;
                    rows.bits[o..o + k * BLOCK_WORDS].copy_from_slice(
                        &cols.bits[(b * cols.count + x * k) * BLOCK_WORDS..][..k * BLOCK_WORDS],
                    );
                }
                rows.mex.copy_from_slice(&cols.mex[x * k..(x + 1) * k]);
            }
            for y in 0..x {
                out[y] = tab.get(y * n + x);
            }
            x
        } else {
            if let Some(rs) = row_store {
                stores[rs].bits.iter_mut().for_each(|b| *b = 0);
                stores[rs].mex.iter_mut().for_each(|m| *m = 0);
            }
            0
        };
        for y in start..n {
            if let Some(rs) = row_store {
                // the row store of delay T takes column y - 1 - T
                let key = plan.stores[rs];
                if y > key.delay {
                    let yr = y - 1 - key.delay;
                    if out[yr] != GRUNDY_OFF {
                        stores[rs].add(yr % key.period, out[yr]);
                    }
                }
            }
            if x < u && y < v {
                out[y] = GRUNDY_OFF;
                if sym {
                    tab.set(x * n + y, GRUNDY_OFF);
                }
                continue;
            }
            refs.clear();
            ex.clear();
            let mut lb = 0u32;
            for f in &plan.fams {
                // (origin coordinate along the line, line index), or none
                let (coord, line) = match f.dir {
                    Dir::Col => {
                        for &k in &f.explicit {
                            if k <= x {
                                ex.push(ring[(x - k) % ring_len][y]);
                            }
                        }
                        (x, y)
                    }
                    Dir::Row => {
                        for &k in &f.explicit {
                            if k <= y {
                                ex.push(out[y - k]);
                            }
                        }
                        (y, 0)
                    }
                    Dir::Diag => {
                        // the line through (x, y - delta), which may lie off the board
                        let yc = y as i64 - f.delta;
                        for &k in &f.explicit {
                            let c = yc - k as i64;
                            if k <= x && c >= 0 && (c as usize) < n {
                                ex.push(ring[(x - k) % ring_len][c as usize]);
                            }
                        }
                        let e = yc - x as i64 + n as i64;
                        if e <= 0 || e >= 2 * n as i64 {
                            continue;
                        }
                        (x, e as usize)
                    }
                };
                if f.residues.is_empty() {
                    continue;
                }
                let k = f.period;
                let st = &stores[f.store];
                for &r in &f.residues {
                    let l = line * k + (coord % k + k - r) % k;
                    lb = lb.max(st.mex[l]);
                    refs.push((f.store, l));
                }
            }
            ex.retain(|&g| g != GRUNDY_OFF);
            let stores_ref = &stores;
            let g = first_free(lb, |b| {
                let mut acc = [0u64; BLOCK_WORDS];
                for &(s, l) in &refs {
                    let blk = stores_ref[s].block(l, b);
                    for j in 0..BLOCK_WORDS {
                        acc[j] |= blk[j];
                    }
                }
                for &g in &ex {
                    if (g / BLOCK_BITS) as usize == b {
                        acc[(g % BLOCK_BITS / 64) as usize] |= 1 << (g % 64);
                    }
                }
                acc
            });
            out[y] = g;
            if sym {
                tab.set(x * n + y, g);
            }
        }
        ring[x % ring_len].copy_from_slice(&out);
        sink(x as u64, &out);
        if x % 64 == 63 {
            progress(x as u64 + 1);
        }
    }
    progress(n as u64);
    Some(())
}

/// The whole table (for dispatch and tests).
pub fn grundy(r: &Rules, n: usize) -> Option<super::GrundyTable> {
    let mut v = Vec::with_capacity(n * n);
    stream(r, n, &mut |_| {}, |_, row| v.extend_from_slice(row))?;
    Some(super::GrundyTable::from_values(n, v))
}
