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
//! caller stores it. Checked against the reference in `tests/kernels.rs`.

use crate::rules::Rules;

/// Is `r` in the scope of the kernel?
pub fn applies(r: &Rules) -> bool {
    crate::solve::fast_grundy_scope(r)
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

/// The stored upper triangle of a symmetric game: `u16` when the values fit.
pub(super) enum Tab {
    S(Vec<u16>),
    L(Vec<u32>),
}

impl Tab {
    pub(super) fn new(n: usize, bound: u64) -> Tab {
        if bound < u16::MAX as u64 {
            Tab::S(vec![0; n * n])
        } else {
            Tab::L(vec![0; n * n])
        }
    }
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> u32 {
        match self {
            Tab::S(v) => match v[i] {
                u16::MAX => u32::MAX,
                g => g as u32,
            },
            Tab::L(v) => v[i],
        }
    }
    #[inline(always)]
    pub(super) fn set(&mut self, i: usize, g: u32) {
        match self {
            Tab::S(v) => v[i] = if g == u32::MAX { u16::MAX } else { g as u16 },
            Tab::L(v) => v[i] = g,
        }
    }
}

/// Words per block of a value bitset (512 values, one cache line).
pub const BLOCK_WORDS: usize = 8;
pub(super) const BLOCK_BITS: u32 = 64 * BLOCK_WORDS as u32;

/// Blocks per bitset for values up to `bound` (one spare block: the mex of at
/// most `bound` values is at most `bound`).
pub(super) fn block_count(bound: u64) -> usize {
    (bound / BLOCK_BITS as u64 + 2) as usize
}

/// Index of the word holding value `v` of `line`, in a store where block `b`
/// of line `l` is block number `l * ls + b * bs`.
#[inline(always)]
fn word_index(ls: usize, bs: usize, line: usize, v: u32) -> usize {
    (line * ls + (v / BLOCK_BITS) as usize * bs) * BLOCK_WORDS + (v % BLOCK_BITS / 64) as usize
}

/// The least value `>= lb` that is in none of the bitsets behind `block`
/// (`block(b)` returns the OR of their `b`-th blocks). Terminates because the
/// bitsets hold fewer values than their capacity.
#[inline(always)]
pub(super) fn first_free(lb: u32, mut block: impl FnMut(usize) -> [u64; BLOCK_WORDS]) -> u32 {
    let mut b = (lb / BLOCK_BITS) as usize;
    let mut acc = block(b);
    // values below lb do not count: the low bits of word w, then whole words
    // up to w (a select per word, so that `acc` stays in vector registers; an
    // indexed store into it went through memory and stalled the reload)
    let w = (lb % BLOCK_BITS / 64) as usize;
    // most searches end in lb's own word (a scalar test)
    let a = acc[w] | ((1u64 << (lb % 64)) - 1);
    if a != !0 {
        return b as u32 * BLOCK_BITS + w as u32 * 64 + (!a).trailing_zeros();
    }
    for (j, a) in acc.iter_mut().enumerate() {
        *a |= ((j <= w) as u64).wrapping_neg();
    }
    loop {
        if acc.iter().fold(!0u64, |x, &a| x & a) != !0 {
            // the first word with a zero bit, without indexing `acc`
            let mut r = 0;
            for (j, &a) in acc.iter().enumerate().rev() {
                if a != !0 {
                    r = j as u32 * 64 + (!a).trailing_zeros();
                }
            }
            return b as u32 * BLOCK_BITS + r;
        }
        b += 1;
        acc = block(b);
    }
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

/// Value bitsets of many lines, stored block-major (see the module doc), so
/// that a row sweep, which visits consecutive columns and diagonals at nearby
/// values, reads consecutive memory.
pub(super) struct Lines {
    pub(super) count: usize,
    pub(super) bits: Vec<u64>,
    pub(super) mex: Vec<u32>,
    /// Block `b` of line `l` is block number `l * ls + b * bs` of `bits`:
    /// `(1, count)` block-major, `(blocks, 1)` line-major.
    ls: usize,
    bs: usize,
}

impl Lines {
    pub(super) fn new(count: usize, blocks: usize) -> Self {
        Lines {
            count,
            bits: vec![0; count * blocks * BLOCK_WORDS],
            mex: vec![0; count],
            ls: 1,
            bs: count,
        }
    }
    /// A store of `count` lines, each line's blocks consecutive (line-major):
    /// the search reads a dozen blocks of one line at N = 16384, which then
    /// lie in one or two pages and stream in order.
    pub(super) fn line_major(count: usize, blocks: usize) -> Self {
        Lines {
            ls: blocks,
            bs: 1,
            ..Lines::new(count, blocks)
        }
    }
    /// A block-major store of `count` lines whose stride (lines per block
    /// row) is padded so that the blocks of one line do not fall in one cache
    /// set: with `count` a power of two, block `b + 1` of a line lies
    /// `count * 64` bytes (1 MiB at N = 16384) after block `b`, and the
    /// search's dozen blocks of a column then share one set of an 8-way
    /// cache. With the stride 136 lines past a multiple of 2048, the blocks of
    /// a tile's 128 columns fall in distinct sets of a cache with 2048 sets
    /// (1 MiB, 8 ways). The extra lines are never used.
    pub(super) fn padded(count: usize, blocks: usize) -> Self {
        let stride = if count <= 256 {
            count
        } else {
            count.next_multiple_of(2048) + 136
        };
        let mut l = Lines::new(stride, blocks);
        l.mex.truncate(count);
        l
    }
    /// Block `b` of `line`.
    #[inline(always)]
    pub(super) fn block(&self, line: usize, b: usize) -> &[u64] {
        let o = (line * self.ls + b * self.bs) * BLOCK_WORDS;
        &self.bits[o..o + BLOCK_WORDS]
    }
    #[inline(always)]
    fn has(&self, line: usize, v: u32) -> bool {
        self.bits[word_index(self.ls, self.bs, line, v)] >> (v % 64) & 1 == 1
    }
    #[inline(always)]
    pub(super) fn add(&mut self, line: usize, v: u32) {
        self.bits[word_index(self.ls, self.bs, line, v)] |= 1 << (v % 64);
        // the mex moves only when it is the value added (and reading its word
        // otherwise would cost a cache line of another block)
        if v != self.mex[line] {
            return;
        }
        let mut m = self.mex[line];
        while self.has(line, m) {
            m += 1;
        }
        self.mex[line] = m;
    }
    /// Copy `line` of `src` (same block count) into this single-line store.
    fn copy_line_from(&mut self, src: &Lines, line: usize) {
        debug_assert_eq!(self.count, 1);
        for (b, dst) in self.bits.chunks_exact_mut(BLOCK_WORDS).enumerate() {
            dst.copy_from_slice(src.block(line, b));
        }
        self.mex[0] = src.mex[line];
    }
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

/// Compute the Grundy values row by row: `sink(x, values_of_row_x)`, with
/// `u32::MAX` for cells off the board. `progress(rows_done)` every 64 rows.
/// `None` when `r` is out of scope.
pub fn stream(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    tiled(r, n, 1, keeps_triangle(r, n as u64), progress, sink)
}

/// Does the kernel store the upper triangle of a symmetric game (and solve only
/// `y >= x`)? Only when the values fit `u16`: a `u32` triangle (`4 n^2` bytes,
/// 16 GiB at N = 65536) costs more memory than solving the whole board saves
/// time, and the row pipeline keeps `u16` only.
pub fn keeps_triangle(r: &Rules, n: u64) -> bool {
    r.is_symmetric() && value_bound(r, n) < u16::MAX as u64
}

/// The row kernel: the values of [`stream`], computed row after row on one
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

/// The whole table (for dispatch and tests).
pub fn grundy(r: &Rules, n: usize) -> Option<crate::solve::GrundyTable> {
    crate::solve::GrundyTable::collect(n, |sink| stream(r, n, &mut |_| {}, sink))
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

/// Raw views of the shared line bitsets for the tiled kernel's workers.
struct SharedLines {
    bits: *mut u64,
    mex: *mut u32,
    ls: usize,
    bs: usize,
}
// SAFETY: the tile wavefront (see `tiled`) gives each line to one worker at a
// time; the pointers outlive the scoped threads.
unsafe impl Send for SharedLines {}
unsafe impl Sync for SharedLines {}

impl SharedLines {
    fn of(l: &mut Lines) -> Self {
        SharedLines {
            bits: l.bits.as_mut_ptr(),
            mex: l.mex.as_mut_ptr(),
            ls: l.ls,
            bs: l.bs,
        }
    }
    /// Block `b` of `line`.
    #[inline(always)]
    unsafe fn block(&self, line: usize, b: usize) -> &[u64] {
        std::slice::from_raw_parts(
            self.bits.add((line * self.ls + b * self.bs) * BLOCK_WORDS),
            BLOCK_WORDS,
        )
    }
    #[inline(always)]
    unsafe fn has(&self, line: usize, v: u32) -> bool {
        *self.bits.add(word_index(self.ls, self.bs, line, v)) >> (v % 64) & 1 == 1
    }
    #[inline(always)]
    unsafe fn mex(&self, line: usize) -> u32 {
        *self.mex.add(line)
    }
    #[inline(always)]
    unsafe fn add(&self, line: usize, v: u32) {
        *self.bits.add(word_index(self.ls, self.bs, line, v)) |= 1 << (v % 64);
        let mut m = *self.mex.add(line);
        if v != m {
            return;
        }
        while self.has(line, m) {
            m += 1;
        }
        *self.mex.add(line) = m;
    }
}

/// Rows per stripe of the tiled kernel.
pub const TILE_ROWS: usize = 64;
/// Columns per band of the tiled kernel.
pub const TILE_COLS: usize = 128;

/// The values of one stripe, as its worker hands them to the thread that
/// emits rows.
pub(super) enum Stripe {
    /// Symmetric board, cells `y >= x` only: `g(x0 + r, y)` at
    /// `(y - x0) * TILE_ROWS + r` (column-major, so that the rows below read a
    /// column of it as consecutive values), `u16::MAX` off the board.
    Sym(Vec<u16>),
    /// Whole rows, row-major (`h x n`).
    Full(Vec<u32>),
}

impl Stripe {
    /// The empty values of the stripe of rows `x0..` on the `n x n` board.
    pub(super) fn new(sym: bool, n: usize, x0: usize) -> Stripe {
        if sym {
            Stripe::Sym(vec![0; (n - x0) * TILE_ROWS])
        } else {
            Stripe::Full(vec![0; TILE_ROWS.min(n - x0) * n])
        }
    }
    /// Set `g(x0 + r, y)` (`u32::MAX` off the board).
    #[inline(always)]
    pub(super) fn put(&mut self, n: usize, x0: usize, r: usize, y: usize, g: u32) {
        match self {
            Stripe::Sym(v) => {
                v[(y - x0) * TILE_ROWS + r] = if g == u32::MAX { u16::MAX } else { g as u16 }
            }
            Stripe::Full(v) => v[r * n + y] = g,
        }
    }
}

/// A worker of the stripe wavefront ([`wavefront`]): computes a stripe of
/// [`TILE_ROWS`] rows band by band.
pub(super) trait StripeWorker: Send {
    /// Compute stripe `s`, calling `wait(b)` before band `b` and `done(b)`
    /// after it, bands in increasing order.
    ///
    /// # Safety
    /// The caller guarantees the wavefront: stripe `s` starts band `b` only
    /// after stripe `s - 1` has finished it, and the worker touches, in band
    /// `b`, only lines that no tile `(s', b')` with `s' < s, b' > b` or
    /// `s' > s, b' < b` touches (each kernel shows this for its tiles).
    unsafe fn stripe(
        &mut self,
        s: usize,
        wait: &mut dyn FnMut(usize),
        done: &mut dyn FnMut(usize),
    ) -> Stripe;
}

/// Run the stripes of the `n x n` board (`bands` bands each, numbered
/// globally) on `threads` workers made by `make`, and emit the rows in order
/// to `sink` from the calling thread. Stripe `s` goes to worker
/// `s mod threads`, which starts band `b` once the worker of stripe `s - 1`
/// has finished its band `b` (published with a release store, read with an
/// acquire load; a stripe that has no band `b` counts it as finished when it
/// finishes a later one or the stripe). One thread: stripes in order, no
/// synchronisation.
pub(super) fn wavefront<W: StripeWorker>(
    n: usize,
    threads: usize,
    bands: usize,
    mut make: impl FnMut() -> W,
    progress: &mut dyn FnMut(u64),
    sink: &mut impl FnMut(u64, &[u32]),
) {
    use std::sync::atomic::{AtomicU64, Ordering};
    let stripes = n.div_ceil(TILE_ROWS);
    let threads = threads.clamp(1, stripes.max(1));
    let mut em = Emitter {
        n,
        kept: Vec::new(),
        row: vec![0; n],
    };
    if threads == 1 {
        let mut t = make();
        for s in 0..stripes {
            // SAFETY: one thread
            let st = unsafe { t.stripe(s, &mut |_| {}, &mut |_| {}) };
            em.emit(s, st, sink, progress);
        }
        return;
    }
    // worker w's progress: s * stride + (bands of stripe s done)
    let stride = bands as u64 + 1;
    let pos: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
    let (tx, rx) = std::sync::mpsc::sync_channel::<(usize, Stripe)>(threads);
    std::thread::scope(|scope| {
        for w in 0..threads {
            let tx = tx.clone();
            let pos = &pos;
            let mut t = make();
            let prev = (w + threads - 1) % threads;
            scope.spawn(move || {
                let mut s = w;
                while s < stripes {
                    let mut wait = |b: usize| {
                        if s == 0 {
                            return;
                        }
                        let need = (s as u64 - 1) * stride + b as u64 + 1;
                        let mut spins = 0u32;
                        while pos[prev].load(Ordering::Acquire) < need {
                            spins += 1;
                            if spins > 64 {
                                std::thread::yield_now();
                            } else {
                                std::hint::spin_loop();
                            }
                        }
                    };
                    let mut done = |b: usize| {
                        pos[w].store(s as u64 * stride + b as u64 + 1, Ordering::Release)
                    };
                    // SAFETY: the wavefront above (see the kernels' comments)
                    let st = unsafe { t.stripe(s, &mut wait, &mut done) };
                    // a stripe may start at a later band or end at an earlier
                    // one: say that all its bands are done
                    pos[w].store(s as u64 * stride + bands as u64, Ordering::Release);
                    if tx.send((s, st)).is_err() {
                        return;
                    }
                    s += threads;
                }
            });
        }
        drop(tx);
        let mut pending = std::collections::BTreeMap::new();
        let mut next = 0usize;
        for (s, st) in rx {
            pending.insert(s, st);
            while let Some(st) = pending.remove(&next) {
                em.emit(next, st, sink, progress);
                next += 1;
            }
        }
    });
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

/// Emits the stripes' rows in order; keeps the symmetric stripes (the upper
/// triangle) to read the cells left of the diagonal back.
pub(super) struct Emitter {
    n: usize,
    kept: Vec<Vec<u16>>,
    row: Vec<u32>,
}

impl Emitter {
    fn emit(
        &mut self,
        s: usize,
        stripe: Stripe,
        sink: &mut impl FnMut(u64, &[u32]),
        progress: &mut dyn FnMut(u64),
    ) {
        let (n, hm) = (self.n, TILE_ROWS);
        let x0 = s * hm;
        let h = hm.min(n - x0);
        let wide = |g: u16| if g == u16::MAX { u32::MAX } else { g as u32 };
        match stripe {
            Stripe::Full(v) => {
                for r in 0..h {
                    sink((x0 + r) as u64, &v[r * n..(r + 1) * n]);
                }
            }
            Stripe::Sym(v) => {
                for r in 0..h {
                    let x = x0 + r;
                    // y < x0: column x of the earlier stripes, g(y, x) = g(x, y)
                    for (s2, k) in self.kept.iter().enumerate() {
                        let y0 = s2 * hm;
                        let src = &k[(x - y0) * hm..(x - y0 + 1) * hm];
                        for (o, &g) in self.row[y0..y0 + hm].iter_mut().zip(src) {
                            *o = wide(g);
                        }
                    }
                    // x0 <= y < x: this stripe's column x
                    for y in x0..x {
                        self.row[y] = wide(v[(x - x0) * hm + (y - x0)]);
                    }
                    for y in x..n {
                        self.row[y] = wide(v[(y - x0) * hm + r]);
                    }
                    sink(x as u64, &self.row);
                }
                self.kept.push(v);
            }
        }
        if x0 + h < n {
            progress((x0 + h) as u64);
        }
    }
}

/// [`stream_threads`] with two threads.
pub fn stream_parallel(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    stream_threads(r, n, 2, progress, sink)
}

/// [`stream`] computed by `threads` workers (at least 1; the values are the
/// same for every count): the tiled kernel, [`tiled`].
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
    wavefront(n, threads, bands, make, progress, &mut sink);
    drop(cols);
    drop(diags);
    progress(n as u64);
    Some(())
}
