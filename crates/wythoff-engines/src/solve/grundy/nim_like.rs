//! The fast Grundy kernel for Nim and Wythoff-like games: one-pile moves of any
//! length on both piles and, optionally, two-pile moves with `k = l`; any removed
//! corner. Normal play, no blocking, no memory.
//!
//! `g(x, y)` is the mex of the values in its row (cells `(x, y'), y' < y`), its
//! column (`(x', y), x' < x`) and its diagonal (`(x - k, y - k)`), all on the
//! board. Every line keeps a bitset of the values it holds *and its own mex*,
//! advanced as values arrive (amortised `O(1)`). The mex of the union is at least
//! the largest of the three line mexes, so the search for a zero bit of
//! `row | col | diag` starts there instead of at 0 (the plain bitset mex of the
//! baseline), and goes 512 values at a time: the bitsets are stored in blocks of
//! [`BLOCK_WORDS`] words, one cache line each, and the block test compiles to a
//! few vector ORs (256-bit ones where the CPU has AVX2: the kernel is compiled
//! twice and picks at run time). The columns' and diagonals' bitsets are
//! block-major (`block b` of every line, then `b + 1`), so that consecutive
//! cells read neighbouring memory, with a padded stride ([`Lines::padded`]);
//! the stripe's row bitsets are line-major (a row's blocks consecutive: every
//! cell of the row scans them). Paired runs, session 6, one thread: padding
//! and AVX2 took 0.84x the time at 16384, line-major rows then 0.85x;
//! line-major columns and diagonals were 1.18x slower at 8192, and a software
//! prefetch and a scalar first-word test gained nothing. Values are at most
//! the number of options,
//! `x + y + min(x, y)`, and are emitted as `u16` rows when that bound fits, else
//! `u32`.
//!
//! Rows are emitted in order to a sink, so the table is never stored unless the
//! caller stores it. Checked against the reference in `tests/engines.rs`.

use crate::rules::Rules;
use crate::solve::wavefront::{
    block_count, first_free, run_stripes, Lines, SharedLines, Stripe, StripeWorker, Tab,
    BLOCK_WORDS, TILE_COLS, TILE_ROWS,
};

/// Is `r` in the scope of the kernel?
pub fn applies(r: &Rules) -> bool {
    crate::solve::table::fast_grundy_scope(r)
        && r.h().is_all()
        && r.v().is_all()
        && r.two_pile().map_or(true, |t| {
            t.d1.is_all() && t.d2.is_all() && t.relation.band_width() == Some(1)
        })
}

/// Upper bound on any Grundy value on the `n x n` board (the number of options).
pub fn value_bound(r: &Rules, n: u64) -> u64 {
    let two = r.two_pile().is_some() as u64;
    (2 + two) * n.saturating_sub(1)
}

/// Bytes of state for side `n` in the tiled kernel: value bitsets per column
/// and per diagonal, each worker's stripe of row bitsets, the kept upper
/// triangle (symmetric games, `u16`) or the stripes of values in flight.
pub fn memory_estimate(r: &Rules, n: u64) -> u64 {
    let line = block_count(value_bound(r, n)) as u64 * BLOCK_WORDS as u64 * 8 + 4;
    // with the triangle only the diagonals y - x >= 0 are touched
    let diags = match (r.two_pile().is_some(), keeps_triangle(r, n)) {
        (false, _) => 0,
        (true, true) => n,
        (true, false) => 2 * n,
    };
    // padding (`Lines::padded`): at most 2184 spare lines per store
    let lines = n + diags + 2 * 2184;
    let threads = rayon::current_num_threads() as u64;
    let rows = threads * TILE_ROWS as u64 * line;
    let values = if keeps_triangle(r, n) {
        n.saturating_mul(n + TILE_ROWS as u64)
    } else {
        (2 * threads + 2) * TILE_ROWS as u64 * n * 4
    };
    lines.saturating_mul(line) + rows + values
}

/// OR of three blocks.
#[inline(always)]
fn or3(a: &[u64], b: &[u64], c: &[u64]) -> [u64; BLOCK_WORDS] {
    // a plain loop: `array::from_fn` was left out of line in some builds
    let (a, b, c) = (&a[..BLOCK_WORDS], &b[..BLOCK_WORDS], &c[..BLOCK_WORDS]);
    let mut r = [0u64; BLOCK_WORDS];
    for j in 0..BLOCK_WORDS {
        r[j] = a[j] | b[j] | c[j];
    }
    r
}

/// What both streaming kernels derive from the rules: diagonal moves or not, the
/// corner clipped to the board, and the blocks per value bitset.
struct Setup {
    diag: bool,
    u: usize,
    v: usize,
    blocks: usize,
}

impl Setup {
    /// The setup and the empty value bitsets of the columns and the diagonals
    /// (one unused line without diagonal moves), or `None` when `r` is out of
    /// scope.
    fn new(r: &Rules, n: usize) -> Option<(Self, Lines, Lines)> {
        if !applies(r) {
            return None;
        }
        let (u, v) = crate::solve::geometry::corner::corner_on_board(r, n);
        let s = Setup {
            diag: r.two_pile().is_some(),
            u,
            v,
            blocks: block_count(value_bound(r, n as u64)),
        };
        let cols = Lines::padded(n, s.blocks);
        let diags = Lines::padded(if s.diag { 2 * n } else { 1 }, s.blocks);
        Some((s, cols, diags))
    }
}

/// Does the kernel store the upper triangle of a symmetric game (and solve only
/// `y >= x`)? Only when the values fit `u16`: a `u32` triangle (`4 n^2` bytes,
/// 16 GiB at N = 65536) costs more memory than solving the whole board saves
/// time, and the row pipeline keeps `u16` only.
pub fn keeps_triangle(r: &Rules, n: u64) -> bool {
    r.is_symmetric() && value_bound(r, n) < u16::MAX as u64
}

/// The row kernel: the values of [`stream_threads`], computed row after row on one
/// thread (the plain order that the tiled kernel, [`tiled`], is checked
/// against), with the symmetric shortcut (`triangle`) chosen by the caller:
/// without it every cell is searched. The values are the same.
pub fn stream_with(
    r: &Rules,
    n: usize,
    triangle: bool,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let (Setup { diag, u, v, blocks }, mut cols, mut diags) = Setup::new(r, n)?;
    let mut rowset = Lines::new(1, blocks);
    let mut out = vec![0u32; n];
    // symmetric rules: g(x, y) = g(y, x), so only y >= x is searched; row x starts
    // from column x's value set, and the values left of the diagonal are read back
    // from the stored upper triangle (u16 when the values fit)
    let sym = triangle && r.is_symmetric();
    let mut tab = if sym {
        Tab::new(n, value_bound(r, n as u64))
    } else {
        Tab::S(Vec::new())
    };
    let zero = [0u64; BLOCK_WORDS];
    for x in 0..n {
        let start = if sym {
            rowset.copy_line_from(&cols, x);
            for y in 0..x {
                out[y] = tab.get(y * n + x);
            }
            x
        } else {
            rowset.bits.iter_mut().for_each(|w| *w = 0);
            rowset.mex[0] = 0;
            0
        };
        for y in start..n {
            if x < u && y < v {
                out[y] = u32::MAX;
                if sym {
                    tab.set(x * n + y, u32::MAX);
                }
                continue;
            }
            let d = y + n - x;
            let g = if diag {
                let lb = rowset.mex[0].max(cols.mex[y]).max(diags.mex[d]);
                first_free(lb, |b| {
                    or3(rowset.block(0, b), cols.block(y, b), diags.block(d, b))
                })
            } else {
                let lb = rowset.mex[0].max(cols.mex[y]);
                first_free(lb, |b| or3(rowset.block(0, b), cols.block(y, b), &zero))
            };
            out[y] = g;
            if sym {
                tab.set(x * n + y, g);
            }
            rowset.add(0, g);
            cols.add(y, g);
            if diag {
                diags.add(d, g);
            }
        }
        sink(x as u64, &out);
        if x % 64 == 63 {
            progress(x as u64 + 1);
        }
    }
    progress(n as u64);
    Some(())
}

/// The plain bitset mex (baseline for the benchmarks): the same line bitsets,
/// but every search starts at value 0.
pub fn grundy_plain_bitset(r: &Rules, n: usize, mut sink: impl FnMut(u64, &[u32])) {
    assert!(applies(r) && r.corner().is_none());
    let diag = r.two_pile().is_some();
    let words = (value_bound(r, n as u64) / 64 + 2) as usize;
    let mut cols = vec![0u64; n * words];
    let mut diags = vec![0u64; if diag { 2 * n * words } else { 0 }];
    let mut rowb = vec![0u64; words];
    let mut out = vec![0u32; n];
    for x in 0..n {
        rowb.iter_mut().for_each(|w| *w = 0);
        for y in 0..n {
            let d = y + n - x;
            let mut i = 0;
            let g = loop {
                let mut acc = rowb[i] | cols[y * words + i];
                if diag {
                    acc |= diags[d * words + i];
                }
                if acc != !0 {
                    break i as u32 * 64 + (!acc).trailing_zeros();
                }
                i += 1;
            };
            out[y] = g;
            let (wi, bit) = ((g / 64) as usize, 1u64 << (g % 64));
            rowb[wi] |= bit;
            cols[y * words + wi] |= bit;
            if diag {
                diags[d * words + wi] |= bit;
            }
        }
        sink(x as u64, &out);
    }
}

/// One worker's view of the board: the shared column and diagonal bitsets and
/// its own stripe's row bitsets.
struct Tiler<'a> {
    n: usize,
    sym: bool,
    diag: bool,
    u: usize,
    v: usize,
    bands: usize,
    cols: &'a SharedLines,
    diags: &'a SharedLines,
    rows: Lines,
    /// Run the AVX2 build of the stripe (only where the CPU has AVX2).
    avx2: bool,
}

impl StripeWorker for Tiler<'_> {
    /// Compute stripe `s` (see [`tiled`] for why the wavefront keeps the
    /// columns of band `b` and the diagonals through tile `(s, b)` to one
    /// worker at a time).
    unsafe fn stripe(
        &mut self,
        s: usize,
        wait: &mut dyn FnMut(usize),
        band_done: &mut dyn FnMut(usize),
    ) -> Stripe {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only where the CPU has it; the caller's
            // guarantee is passed on
            return self.stripe_avx2(s, wait, band_done);
        }
        self.stripe_body(s, wait, band_done)
    }
}

impl Tiler<'_> {
    /// [`StripeWorker::stripe`] compiled for AVX2 (chosen at run time when the
    /// CPU has it): the block ORs and the all-ones test then take 256-bit
    /// registers, half the instructions of the SSE2 build.
    ///
    /// # Safety
    /// As [`StripeWorker::stripe`], and the CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn stripe_avx2(
        &mut self,
        s: usize,
        wait: &mut dyn FnMut(usize),
        band_done: &mut dyn FnMut(usize),
    ) -> Stripe {
        self.stripe_body(s, wait, band_done)
    }

    /// The body of [`StripeWorker::stripe`], inlined into each build of it.
    ///
    /// # Safety
    /// As [`StripeWorker::stripe`].
    #[inline(always)]
    unsafe fn stripe_body(
        &mut self,
        s: usize,
        wait: &mut dyn FnMut(usize),
        band_done: &mut dyn FnMut(usize),
    ) -> Stripe {
        let (n, h_max) = (self.n, TILE_ROWS);
        let x0 = s * h_max;
        let h = h_max.min(n - x0);
        let (cols, diags) = (self.cols, self.diags);
        let rows = &mut self.rows;
        rows.bits.iter_mut().for_each(|w| *w = 0);
        rows.mex.iter_mut().for_each(|m| *m = 0);
        let mut out = Stripe::new(self.sym, n, x0);
        let zero = [0u64; BLOCK_WORDS];
        let first = if self.sym { x0 / TILE_COLS } else { 0 };
        for b in first..self.bands {
            wait(b);
            let (yb, ye) = (b * TILE_COLS, ((b + 1) * TILE_COLS).min(n));
            for r in 0..h {
                let x = x0 + r;
                let ys = if self.sym { yb.max(x) } else { yb };
                if self.sym && ys == x && x < ye {
                    // row x starts from column x: its cells left of the
                    // diagonal are the column's (final: rows 0..x are done)
                    for bk in 0..rows.bits.len() / (h_max * BLOCK_WORDS) {
                        let o = (r * rows.ls + bk * rows.bs) * BLOCK_WORDS;
                        rows.bits[o..o + BLOCK_WORDS].copy_from_slice(cols.block(x, bk));
                    }
                    rows.mex[r] = cols.mex(x);
                }
                for y in ys..ye {
                    let g = if x < self.u && y < self.v {
                        u32::MAX
                    } else {
                        let d = y + n - x;
                        let g = if self.diag {
                            let lb = rows.mex[r].max(cols.mex(y)).max(diags.mex(d));
                            first_free(lb, |bk| {
                                or3(rows.block(r, bk), cols.block(y, bk), diags.block(d, bk))
                            })
                        } else {
                            let lb = rows.mex[r].max(cols.mex(y));
                            first_free(lb, |bk| or3(rows.block(r, bk), cols.block(y, bk), &zero))
                        };
                        rows.add(r, g);
                        cols.add(y, g);
                        if self.diag {
                            diags.add(d, g);
                        }
                        g
                    };
                    out.put(n, x0, r, y, g);
                }
            }
            band_done(b);
        }
        out
    }
}

/// Compute the Grundy values row by row: `sink(x, values_of_row_x)`, with
/// `u32::MAX` for cells off the board, on `threads` workers (at least 1; the
/// values are the same for every count); `progress(rows_done)` every 64 rows.
/// `None` when `r` is out of scope. The tiled kernel, [`tiled`], keeping the
/// upper triangle where [`keeps_triangle`] says.
pub fn stream_threads(
    r: &Rules,
    n: usize,
    threads: usize,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    tiled(r, n, threads, keeps_triangle(r, n as u64), progress, sink)
}

/// The tiled kernel: the values of [`stream_with`], computed tile by tile so
/// that the bitsets a tile reads stay in the cache. The board is cut into
/// stripes of [`TILE_ROWS`] rows and bands of [`TILE_COLS`] columns; a stripe
/// is computed band by band, each band row by row. A cell's row, column and
/// diagonal neighbours lie in the same tile or in tiles above or to the left,
/// so the order is the row-major one's for every cell's options: the values
/// are the same. The row-at-a-time order ([`stream_with`]) reads every
/// column's and diagonal's bitset once per row, about ten cache lines per cell
/// at N = 16384 (the search spans thousands of values there), from a store of
/// hundreds of MB; a tile reads each of its lines once from memory and then
/// `TILE_ROWS` or `TILE_COLS` times from the cache.
///
/// With `threads > 1`, stripe `s` goes to worker `s mod threads`, which starts
/// band `b` once the worker of stripe `s - 1` has finished its band `b`
/// (published with a release store, read with an acquire load): stripes then
/// form a wavefront at least one band apart, tile `(s, b)` touches columns of
/// band `b` and diagonals `y - x` that tile `(s - 1, b' > b)` does not, and no
/// two workers touch a line at once. One publication per tile (8192 cells).
/// Rows are emitted in order by the calling thread, which also reads the
/// cells left of the diagonal back from the kept upper triangle (`triangle`,
/// symmetric rules whose values fit `u16`; otherwise every cell is searched).
pub fn tiled(
    r: &Rules,
    n: usize,
    threads: usize,
    triangle: bool,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    tiled_simd(r, n, threads, triangle, true, progress, sink)
}

/// [`tiled`], with the AVX2 build of the stripe only when `allow_avx2` and the
/// CPU has it: tests pass `false` to check the portable build, the one other
/// CPUs run, against the one chosen here.
pub fn tiled_simd(
    r: &Rules,
    n: usize,
    threads: usize,
    triangle: bool,
    allow_avx2: bool,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    #[cfg(target_arch = "x86_64")]
    let avx2 = allow_avx2 && std::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    let avx2 = {
        let _ = allow_avx2;
        false
    };
    let (Setup { diag, u, v, blocks }, mut cols, mut diags) = Setup::new(r, n)?;
    let sym = triangle && keeps_triangle(r, n as u64);
    let bands = n.div_ceil(TILE_COLS);
    let sc = SharedLines::of(&mut cols);
    let sd = SharedLines::of(&mut diags);
    let make = || Tiler {
        n,
        sym,
        diag,
        u,
        v,
        bands,
        cols: &sc,
        diags: &sd,
        rows: Lines::line_major(TILE_ROWS, blocks),
        avx2,
    };
    run_stripes(n, threads, bands, make, progress, &mut sink);
    drop(cols);
    drop(diags);
    progress(n as u64);
    Some(())
}
