//! The tiled kernel: its workers ([`LineTiler`], one per stripe at a time)
//! and [`tiled`], which runs them on the wavefront.

use super::keeps_triangle;
use super::layout::{Dir, Layout};
use super::refs::{add_raw, scan_any, Pend, Ref};
use super::stores::{ring_rows, skew, Board, RawStore, TStore};
use crate::rules::Rules;
use crate::solve::table::GRUNDY_OFF;
use crate::solve::wavefront::{
    block_count, run_stripes, Lines, Stripe, StripeWorker, BLOCK_WORDS, TILE_ROWS,
};

/// One worker of the tiled kernel: the row stores of its stripe's rows and
/// the per-row scratch.
struct LineTiler<'a> {
    b: &'a Board<'a>,
    /// Row store of stripe row `r`, class `c`: line `r * kr + c`.
    rows: Lines,
    kr: usize,
    refs: Vec<Ref>,
    ptrs: Vec<*const u64>,
    strides: Vec<usize>,
    ex: Vec<u32>,
    any_explicit: bool,
    pend: Vec<Pend>,
    /// Scratch for [`Board::pends`].
    pend_lo: Vec<(Pend, usize)>,
    /// The ring row of the row being solved.
    row: *mut u32,
}

// SAFETY: the raw pointers point into the shared stores (see `Board`) or into
// the worker's own `rows`.
unsafe impl Send for LineTiler<'_> {}

impl LineTiler<'_> {
    /// Row `x` (stripe row `r`) starts: the cells of the column and diagonal
    /// stores' pending rows that no cell of the sweep adds (they are read
    /// before the sweep reaches them), and, on a symmetric board, the row
    /// store as a copy of column `x`'s.
    unsafe fn row_start(&mut self, x: usize, r: usize) {
        let bd = self.b;
        let (n, start) = (bd.n, bd.start(x));
        for si in 0..bd.stores.len() {
            let col = (bd.tstores[si].dir == Dir::Col) as usize;
            self.pend_lo.clear();
            bd.pends(si, x, &mut self.pend_lo);
            for (p, lo) in &self.pend_lo {
                let a = (start as i64 - p.shift).clamp(0, n as i64) as usize;
                for t in *lo..a.max(lo + col).min(n) {
                    p.add_at(bd, t);
                }
            }
        }
        if let (true, Some(_), Some(cs)) = (bd.sym, bd.row_delay, bd.col_store) {
            let (k, cols) = (self.kr, bd.stores[cs]);
            for bk in 0..bd.blocks {
                let src = cols.bits.add((bk * cols.count + x * k) * BLOCK_WORDS);
                let o = (bk * self.rows.count + r * k) * BLOCK_WORDS;
                std::ptr::copy_nonoverlapping(
                    src,
                    self.rows.bits.as_mut_ptr().add(o),
                    k * BLOCK_WORDS,
                );
            }
            std::ptr::copy_nonoverlapping(
                cols.mex.add(x * k),
                self.rows.mex.as_mut_ptr().add(r * k),
                k,
            );
        }
    }

    /// The pending rows and the bitsets of row `x` (stripe row `r`).
    fn row_setup(&mut self, x: usize, r: usize) {
        let bd = self.b;
        let (n, w) = (bd.n, bd.w);
        self.pend_lo.clear();
        for si in 0..bd.stores.len() {
            bd.pends(si, x, &mut self.pend_lo);
        }
        self.pend.clear();
        self.pend.extend(self.pend_lo.drain(..).map(|(p, _)| p));
        let rbits = self.rows.bits.as_mut_ptr();
        let rmex = self.rows.mex.as_mut_ptr();
        self.refs.clear();
        // the row family's bitsets: this stripe row's classes
        for f in bd.layout.fams.iter().filter(|f| f.dir == Dir::Row) {
            let k = f.period;
            for &res in &f.residues {
                self.refs.push(Ref {
                    bits: rbits.wrapping_add(r * k * BLOCK_WORDS),
                    ystep: 0,
                    bstride: self.rows.count * BLOCK_WORDS,
                    mex: rmex.wrapping_add(r * k),
                    mstep: 0,
                    cyc: if k > 1 { k } else { 0 },
                    r: res,
                });
            }
        }
        // column: line y * k + c; diagonal group: union line
        // (y - x + n + w) * k + c
        for (t, st) in bd.tstores.iter().zip(&bd.stores) {
            let k = t.period;
            for &res in &t.residues {
                let c = (x % k + k - res) % k;
                let l0 = match t.dir {
                    Dir::Col => c,
                    _ => (n + w - x) * k + c,
                };
                self.refs.push(Ref {
                    bits: st.bits.wrapping_add(l0 * BLOCK_WORDS),
                    ystep: k * BLOCK_WORDS,
                    bstride: st.count * BLOCK_WORDS,
                    mex: st.mex.wrapping_add(l0),
                    mstep: k,
                    cyc: 0,
                    r: 0,
                });
            }
        }
        for (s, rf) in self.strides.iter_mut().zip(&self.refs) {
            *s = rf.bstride;
        }
    }

    /// Decide cell `(x, y)` of stripe row `r`: the stores take the cells due
    /// here, then the mex.
    #[inline(always)]
    unsafe fn cell(&mut self, x: usize, r: usize, y: usize) -> u32 {
        let bd = self.b;
        let n = bd.n;
        if let Some(delay) = bd.row_delay {
            // the row store of delay T takes column y - 1 - T
            if y > delay {
                let yr = y - 1 - delay;
                let g = if bd.sym && yr < x {
                    bd.val(x, yr)
                } else {
                    *self.row.add(yr)
                };
                if g != GRUNDY_OFF {
                    let c = if self.kr == 1 { 0 } else { yr % self.kr };
                    add_raw(
                        self.rows.bits.as_mut_ptr(),
                        self.rows.mex.as_mut_ptr(),
                        self.rows.count,
                        r * self.kr + c,
                        g,
                    );
                }
            }
        }
        for p in &self.pend {
            let t = y as i64 - p.shift;
            if t >= 0 && t < n as i64 {
                p.add_at(bd, t as usize);
            }
        }
        if x < bd.u && y < bd.v {
            return GRUNDY_OFF;
        }
        let mut lb = 0u32;
        for (p, rf) in self.ptrs.iter_mut().zip(&self.refs) {
            let (q, m) = rf.at(y);
            *p = q;
            lb = lb.max(m);
        }
        self.ex.clear();
        for f in bd.layout.fams.iter().filter(|_| self.any_explicit) {
            for &k in &f.explicit {
                let t = match f.dir {
                    Dir::Col => (k <= x).then(|| bd.val(x - k, y)),
                    Dir::Row => (k <= y).then(|| bd.val(x, y - k)),
                    Dir::Diag => {
                        let c = y as i64 - f.delta - k as i64;
                        (k <= x && c >= 0 && (c as usize) < n).then(|| bd.val(x - k, c as usize))
                    }
                };
                if let Some(t) = t.filter(|&t| t != GRUNDY_OFF) {
                    self.ex.push(t);
                }
            }
        }
        let m = self.refs.len();
        scan_any(lb, &self.ptrs[..m], &self.strides[..m], &self.ex)
    }
}

impl StripeWorker for LineTiler<'_> {
    unsafe fn stripe(
        &mut self,
        s: usize,
        wait: &mut dyn FnMut(usize),
        done: &mut dyn FnMut(usize),
    ) -> Stripe {
        let bd = self.b;
        let (n, hm) = (bd.n, TILE_ROWS);
        let x0 = s * hm;
        let h = hm.min(n - x0);
        self.rows.bits.iter_mut().for_each(|w| *w = 0);
        self.rows.mex.iter_mut().for_each(|m| *m = 0);
        let mut out = Stripe::new(bd.sym, n, x0);
        let first = bd.band_of(x0, bd.start(x0));
        let last = bd.band_of(x0 + h - 1, n - 1);
        for b in first..=last {
            wait(b);
            for r in 0..h {
                let x = x0 + r;
                let start = bd.start(x);
                let lo = (b * bd.band_cols).saturating_sub(x * bd.skew).max(start);
                let hi = ((b + 1) * bd.band_cols).saturating_sub(x * bd.skew).min(n);
                if lo >= hi {
                    continue;
                }
                if lo == start {
                    self.row_start(x, r);
                }
                self.row_setup(x, r);
                self.row = bd.ring.add((x % bd.ring_len) * n);
                for y in lo..hi {
                    let g = self.cell(x, r, y);
                    *self.row.add(y) = g;
                    out.put(n, x0, r, y, g);
                }
            }
            done(b);
        }
        out
    }
}

/// The tiled kernel: the values of [`stream_rows`](super::stream_rows), computed tile by tile so
/// that the bitsets a tile reads stay in the cache, on `threads` workers
/// (the stripe wavefront of [`super::super::nim_like::tiled`], shared:
/// [`run_stripes`]). Stripes of [`TILE_ROWS`] rows, bands of `band_cols`
/// columns, *skewed*: band `b` of row `x` is the columns
/// `[b C - e x, (b + 1) C - e x)` with `e` from the layout ([`skew`]).
///
/// Why the order is exact: a store line must hold, when row `x` reads it,
/// exactly the cells of the rows up to `x - 1 - T` (its delay `T`). Row `x`
/// adds the cell of row `x - 1 - T` to a column line at that column, to a
/// diagonal line at the first column where row `x` reads it (or when the row
/// starts). The tiled order visits band by band, so a cell `(x', c)` of an
/// earlier row comes before `(x, y)` when `c + e x' <= y + e x`. A column's
/// reads and adds are at one column: any `e`. A diagonal store read by the
/// families of offsets `dmin..=dmax` is read by row `x - 1` up to
/// `dmax - dmin - 1` columns right of row `x`'s add, hence
/// `e >= dmax - dmin - 1`; the added cell and the values looked up one by one
/// may lie right of the reading cell in an earlier row, which bounds `e` from
/// below too. Then every read sees the row-major order's content.
///
/// Threads: stripe `s` starts band `b` after stripe `s - 1` has finished it.
/// The lines that tile `(s, b)` touches (columns below `(b + 1) C - e x0`,
/// diagonals `y - x - d` below `(b + 1) C - (e + 1) x0 - dmin`) lie below
/// those of the tiles `(s - 1, b' > b)` (columns from
/// `(b + 1) C - e (x0 - 1)`, diagonals from `(b + 1) C - (e + 1)(x0 - 1) - dmax`)
/// because `e >= dmax - dmin - 1`; so no two workers touch a line at once.
/// The values that cells look up one by one are kept in a ring of rows deep
/// enough for every worker's reads.
///
/// `triangle`: symmetric rules whose values fit `u16` are solved on `y >= x`
/// only ([`keeps_triangle`]); otherwise every cell is searched. The values are
/// the same for every `threads`, `triangle` and `band_cols` (at least 1).
pub fn tiled(
    r: &Rules,
    n: usize,
    threads: usize,
    triangle: bool,
    band_cols: usize,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let layout = Layout::new(r)?;
    let (u, v) = crate::solve::geometry::corner::corner_on_board(r, n);
    let blocks = block_count(layout.value_bound(n as u64));
    let w = layout.width as usize;
    let sym = triangle && keeps_triangle(r, n as u64);
    let tstores = TStore::of(&layout);
    let mut stores: Vec<Lines> = tstores
        .iter()
        .map(|t| Lines::new(t.lines(n, w), blocks))
        .collect();
    let row_key = layout
        .fams
        .iter()
        .find(|f| f.dir == Dir::Row && !f.residues.is_empty())
        .map(|f| layout.stores[f.store]);
    let kr = row_key.map_or(1, |k| k.period);
    let stripes = n.div_ceil(TILE_ROWS);
    let threads = threads.clamp(1, stripes.max(1));
    let ring_len = ring_rows(&layout, threads);
    let mut ring = vec![GRUNDY_OFF; ring_len * n];
    let skew = skew(&layout, &tstores);
    let band_cols = band_cols.max(1);
    let bands = if n == 0 {
        0
    } else {
        (n - 1 + (n - 1) * skew) / band_cols + 1
    };
    let board = Board {
        layout: &layout,
        n,
        u,
        v,
        w,
        sym,
        skew,
        band_cols,
        blocks,
        tstores: &tstores,
        stores: stores
            .iter_mut()
            .map(|l| RawStore {
                bits: l.bits.as_mut_ptr(),
                mex: l.mex.as_mut_ptr(),
                count: l.count,
            })
            .collect(),
        row_delay: row_key.map(|k| k.delay),
        col_store: tstores.iter().position(|t| t.dir == Dir::Col),
        ring: ring.as_mut_ptr(),
        ring_len,
    };
    let make = || LineTiler {
        b: &board,
        rows: Lines::new(if row_key.is_some() { TILE_ROWS * kr } else { 0 }, blocks),
        kr,
        refs: Vec::with_capacity(layout.refs),
        ptrs: vec![std::ptr::null(); layout.refs],
        strides: vec![0; layout.refs],
        ex: Vec::new(),
        any_explicit: layout.fams.iter().any(|f| !f.explicit.is_empty()),
        pend: Vec::new(),
        pend_lo: Vec::new(),
        row: std::ptr::null_mut(),
    };
    run_stripes(n, threads, bands, make, progress, &mut sink);
    drop(board);
    drop(stores);
    drop(ring);
    progress(n as u64);
    Some(())
}
