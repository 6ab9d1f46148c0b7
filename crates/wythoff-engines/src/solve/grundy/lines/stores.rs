//! The tiled kernel's stores (the column store and the diagonal families
//! grouped into union lines), the skew of its bands, and the board its
//! workers share.

use super::layout::{Dir, Layout};
use super::refs::Pend;
use crate::solve::wavefront::TILE_ROWS;

/// A column or diagonal store of the tiled kernel. A diagonal store serves a
/// *group* of the layout's diagonal families (same delay, period and residues)
/// as one union: its line `L` holds the values of the layout's diagonal lines
/// `L - delta` for every offset `delta` of the group, so that a cell reads one
/// line `y - x` per residue instead of one per family, and each cell is
/// added to one line per offset.
pub(super) struct TStore {
    pub(super) dir: Dir,
    pub(super) delay: usize,
    pub(super) period: usize,
    pub(super) residues: Vec<usize>,
    /// The group's offsets (`[0]` for a column store).
    pub(super) deltas: Vec<i64>,
    pub(super) dmin: i64,
    pub(super) dmax: i64,
}

impl TStore {
    /// The tiled kernel's stores for `p`: the column store, and the diagonal
    /// families grouped.
    pub(super) fn of(p: &Layout) -> Vec<TStore> {
        let mut out: Vec<TStore> = Vec::new();
        for f in p.fams.iter().filter(|f| !f.residues.is_empty()) {
            let key = p.stores[f.store];
            match f.dir {
                Dir::Row => {}
                Dir::Col => out.push(TStore {
                    dir: Dir::Col,
                    delay: key.delay,
                    period: key.period,
                    residues: f.residues.clone(),
                    deltas: vec![0],
                    dmin: 0,
                    dmax: 0,
                }),
                Dir::Diag => {
                    let same = |t: &TStore| {
                        t.dir == Dir::Diag
                            && t.delay == key.delay
                            && t.period == key.period
                            && t.residues == f.residues
                    };
                    match out.iter_mut().find(|t| same(t)) {
                        Some(t) => {
                            t.deltas.push(f.delta);
                            t.dmin = t.dmin.min(f.delta);
                            t.dmax = t.dmax.max(f.delta);
                        }
                        None => out.push(TStore {
                            dir: Dir::Diag,
                            delay: key.delay,
                            period: key.period,
                            residues: f.residues.clone(),
                            deltas: vec![f.delta],
                            dmin: f.delta,
                            dmax: f.delta,
                        }),
                    }
                }
            }
        }
        out
    }

    /// Lines on the `n x n` board with band width `w`.
    pub(super) fn lines(&self, n: usize, w: usize) -> usize {
        self.period
            * match self.dir {
                Dir::Col => n,
                // diagonals y - x in (-n, n), padded by w each side
                _ => 2 * n + 2 * w,
            }
    }

    /// The column, relative to the reading row's cell, at which row
    /// `x` adds the cell of row `x - 1 - delay`: 0 for a column, the first
    /// column where row `x` reads its union line for a diagonal group.
    pub(super) fn shift(&self) -> i64 {
        match self.dir {
            Dir::Col => 0,
            _ => 1 + self.delay as i64 + self.dmin,
        }
    }
}

/// The skew of the tiled kernel's bands: band `b` of row `x` is the columns
/// `[b C - e x, (b + 1) C - e x)` (see [`tiled`](super::tiled)). The least `e` such that
/// every cell a cell reads (a line's content or one value) was decided in a
/// band of its row at most the reading cell's band, and no line is written
/// before a read that must not see the write.
pub(super) fn skew(p: &Layout, stores: &[TStore]) -> usize {
    let mut e = 0i64;
    for t in stores.iter().filter(|t| t.dir == Dir::Diag) {
        let d = t.delay as i64;
        // row x - 1 reads a union line up to dmax - dmin - 1 columns right
        // of where row x adds to it
        e = e.max(t.dmax - t.dmin - 1);
        // the cell added at (x, y) lies 1 + d rows up at y - shift
        let sigma = t.shift();
        if sigma < 0 {
            e = e.max((-sigma + d) / (d + 1));
        }
    }
    for f in p.fams.iter().filter(|f| f.dir == Dir::Diag) {
        for &k in &f.explicit {
            // the target (x - k, y - delta - k) lies j columns right
            let (k, j) = (k as i64, -(f.delta + k as i64));
            if j > 0 {
                e = e.max((j + k - 1) / k);
            }
        }
    }
    e as usize
}

/// Raw view of a shared store.
#[derive(Clone, Copy)]
pub(super) struct RawStore {
    pub(super) bits: *mut u64,
    pub(super) mex: *mut u32,
    pub(super) count: usize,
}

/// What every worker of the tiled kernel shares: the layout, the board, raw
/// views of the column and diagonal stores, and a ring of the last rows'
/// values.
pub(super) struct Board<'a> {
    pub(super) layout: &'a Layout,
    pub(super) n: usize,
    pub(super) u: usize,
    pub(super) v: usize,
    pub(super) w: usize,
    pub(super) sym: bool,
    pub(super) skew: usize,
    pub(super) band_cols: usize,
    pub(super) blocks: usize,
    pub(super) tstores: &'a [TStore],
    pub(super) stores: Vec<RawStore>,
    /// The row store's delay (its period is the worker's `kr`).
    pub(super) row_delay: Option<usize>,
    /// The column store (a symmetric board's row store starts as a copy).
    pub(super) col_store: Option<usize>,
    pub(super) ring: *mut u32,
    pub(super) ring_len: usize,
}

// SAFETY: the tile wavefront (see `tiled`) gives each line of a store to one
// worker at a time, and a ring cell is read only after the worker that wrote
// it has published its band; the pointers outlive the scoped threads.
unsafe impl Sync for Board<'_> {}

impl Board<'_> {
    #[inline(always)]
    pub(super) fn start(&self, x: usize) -> usize {
        if self.sym {
            x
        } else {
            0
        }
    }
    #[inline(always)]
    pub(super) fn band_of(&self, x: usize, y: usize) -> usize {
        (y + x * self.skew) / self.band_cols
    }
    /// The value of a cell decided before (symmetric boards: the upper
    /// triangle holds it).
    #[inline(always)]
    pub(super) unsafe fn val(&self, x: usize, y: usize) -> u32 {
        let (x, y) = if self.sym && y < x { (y, x) } else { (x, y) };
        *self.ring.add((x % self.ring_len) * self.n + y)
    }
    /// The pending rows of store `si` for row `x` (see [`Pend`]; one per
    /// offset of a diagonal group), pushed to `out`, with the first cell to
    /// add, or nothing when the store takes no row yet.
    pub(super) fn pends(&self, si: usize, x: usize, out: &mut Vec<(Pend, usize)>) {
        let t = &self.tstores[si];
        if x < 1 + t.delay {
            return;
        }
        let xr = x - 1 - t.delay;
        let st = self.stores[si];
        let lo = match t.dir {
            Dir::Col => self.start(x),
            // symmetric: only union lines y - x >= 0 are read
            _ if self.sym => (xr + 1).saturating_sub(self.w),
            _ => 0,
        };
        for &delta in &t.deltas {
            // the cell (xr, y) goes to union line y - xr + delta
            let base = match t.dir {
                Dir::Col => 0,
                _ => (self.n + self.w) as i64 - xr as i64 + delta,
            };
            out.push((
                Pend {
                    bits: st.bits,
                    mex: st.mex,
                    count: st.count,
                    k: t.period,
                    c: xr % t.period,
                    row: self.ring.wrapping_add((xr % self.ring_len) * self.n),
                    xr,
                    shift: t.shift(),
                    base: base as usize,
                },
                lo,
            ));
        }
    }
}

/// Rows of the tiled kernel's ring of values: every worker's stripe, plus the
/// rows a cell looks back (thresholds, the band's width, the symmetric
/// read-back near the diagonal).
pub(super) fn ring_rows(p: &Layout, threads: usize) -> usize {
    TILE_ROWS * (threads + 1) + p.tmax + p.width as usize + 2
}

impl Pend {
    /// [`Pend::add`] for the tiled kernel: the cell's value from the board.
    ///
    /// SAFETY: as [`Pend::add`]; the cell `(xr, y)` is decided.
    #[inline(always)]
    pub(super) unsafe fn add_at(&self, b: &Board, y: usize) {
        // row xr of the ring, or (symmetric board, left of the diagonal)
        // column xr of row y
        let g = if b.sym && y < self.xr {
            b.val(self.xr, y)
        } else {
            *self.row.add(y)
        };
        self.add_value(y, g);
    }
}
