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
//! [`BLOCK_WORDS`] words, block-major (`block b` of every line, then `b + 1`), so
//! one block of a line is one cache line, the blocks that a row sweep reads for
//! consecutive columns and diagonals are consecutive in memory, and the block
//! test compiles to a few vector ORs. Values are at most the number of options,
//! `x + y + min(x, y)`, and are emitted as `u16` rows when that bound fits, else
//! `u32`.
//!
//! Rows are emitted in order to a sink, so the table is never stored unless the
//! caller stores it. Checked against the brute-force reference in `tests/kernels.rs`.

use crate::rules::{Convention, Memory, Rules};

/// Is `r` in the scope of the kernel?
pub fn applies(r: &Rules) -> bool {
    r.memory() == Memory::None
        && r.blocking().is_none()
        && r.convention() == Convention::Normal
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

/// Bytes of state for side `n`: value bitsets per column and per diagonal.
pub fn memory_estimate(r: &Rules, n: u64) -> u64 {
    let words = block_count(value_bound(r, n)) as u64 * BLOCK_WORDS as u64;
    let lines = n + if r.two_pile().is_some() { 2 * n } else { 0 };
    let tab = if keeps_triangle(r, n) {
        n.saturating_mul(n).saturating_mul(2)
    } else {
        0
    };
    lines.saturating_mul(words).saturating_mul(8) + lines * 4 + tab
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

/// Index of the word holding value `v` of `line`, in a block-major store of
/// `count` lines.
#[inline(always)]
fn word_index(count: usize, line: usize, v: u32) -> usize {
    ((v / BLOCK_BITS) as usize * count + line) * BLOCK_WORDS + (v % BLOCK_BITS / 64) as usize
}

/// The least value `>= lb` that is in none of the bitsets behind `block`
/// (`block(b)` returns the OR of their `b`-th blocks). Terminates because the
/// bitsets hold fewer values than their capacity.
#[inline(always)]
pub(super) fn first_free(lb: u32, mut block: impl FnMut(usize) -> [u64; BLOCK_WORDS]) -> u32 {
    let mut b = (lb / BLOCK_BITS) as usize;
    let mut acc = block(b);
    // values below lb do not count
    let w = (lb % BLOCK_BITS / 64) as usize;
    for a in acc.iter_mut().take(w) {
        *a = !0;
    }
    acc[w] |= (1u64 << (lb % 64)) - 1;
    loop {
        if acc.iter().fold(!0u64, |x, &a| x & a) != !0 {
            let j = acc.iter().position(|&a| a != !0).unwrap_or(0);
            return b as u32 * BLOCK_BITS + j as u32 * 64 + (!acc[j]).trailing_zeros();
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
}

impl Lines {
    pub(super) fn new(count: usize, blocks: usize) -> Self {
        Lines {
            count,
            bits: vec![0; count * blocks * BLOCK_WORDS],
            mex: vec![0; count],
        }
    }
    /// Block `b` of `line`.
    #[inline(always)]
    pub(super) fn block(&self, line: usize, b: usize) -> &[u64] {
        let o = (b * self.count + line) * BLOCK_WORDS;
        &self.bits[o..o + BLOCK_WORDS]
    }
    #[inline(always)]
    fn has(&self, line: usize, v: u32) -> bool {
        self.bits[word_index(self.count, line, v)] >> (v % 64) & 1 == 1
    }
    #[inline(always)]
    pub(super) fn add(&mut self, line: usize, v: u32) {
        self.bits[word_index(self.count, line, v)] |= 1 << (v % 64);
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
        let (u, v) = r.corner().map_or((0, 0), |c| {
            (c.u.min(n as u64) as usize, c.v.min(n as u64) as usize)
        });
        let s = Setup {
            diag: r.two_pile().is_some(),
            u,
            v,
            blocks: block_count(value_bound(r, n as u64)),
        };
        let cols = Lines::new(n, s.blocks);
        let diags = Lines::new(if s.diag { 2 * n } else { 1 }, s.blocks);
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
    stream_with(r, n, keeps_triangle(r, n as u64), progress, sink)
}

/// Does the kernel store the upper triangle of a symmetric game (and solve only
/// `y >= x`)? Only when the values fit `u16`: a `u32` triangle (`4 n^2` bytes,
/// 16 GiB at N = 65536) costs more memory than solving the whole board saves
/// time, and the row pipeline keeps `u16` only.
pub fn keeps_triangle(r: &Rules, n: u64) -> bool {
    r.is_symmetric() && value_bound(r, n) < u16::MAX as u64
}

/// [`stream`], with the symmetric shortcut (`triangle`) chosen by the caller:
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
pub fn grundy(r: &Rules, n: usize) -> Option<super::GrundyTable> {
    super::GrundyTable::collect(n, |sink| stream(r, n, &mut |_| {}, sink))
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

/// The shared upper triangle (symmetric games) of the row pipeline.
struct SharedTab(*mut u16);
// SAFETY: each cell is written by the thread of its row before that thread
// publishes its progress, and read only after (see `stream_parallel`).
unsafe impl Send for SharedTab {}
unsafe impl Sync for SharedTab {}

/// Raw views of the shared line bitsets for the row pipeline.
struct SharedLines {
    bits: *mut u64,
    mex: *mut u32,
    count: usize,
}
// SAFETY: the pipeline below gives each line to one thread at a time (see
// `stream_parallel`); the pointers outlive the scoped threads.
unsafe impl Send for SharedLines {}
unsafe impl Sync for SharedLines {}

impl SharedLines {
    /// Block `b` of `line`.
    #[inline(always)]
    unsafe fn block(&self, line: usize, b: usize) -> &[u64] {
        std::slice::from_raw_parts(
            self.bits.add((b * self.count + line) * BLOCK_WORDS),
            BLOCK_WORDS,
        )
    }
    #[inline(always)]
    unsafe fn has(&self, line: usize, v: u32) -> bool {
        *self.bits.add(word_index(self.count, line, v)) >> (v % 64) & 1 == 1
    }
    #[inline(always)]
    unsafe fn mex(&self, line: usize) -> u32 {
        *self.mex.add(line)
    }
    #[inline(always)]
    unsafe fn add(&self, line: usize, v: u32) {
        *self.bits.add(word_index(self.count, line, v)) |= 1 << (v % 64);
        let mut m = *self.mex.add(line);
        while self.has(line, m) {
            m += 1;
        }
        *self.mex.add(line) = m;
    }
}

/// Cells between two publications of a thread's progress in [`stream_parallel`].
const PUBLISH: usize = 64;

/// [`stream_threads`] with two threads.
pub fn stream_parallel(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    stream_threads(r, n, 2, progress, sink)
}

/// The same values as [`stream`], computed by `threads` workers (at least 1):
/// row `x` goes to worker `x mod threads`, and the worker on row `x` reads
/// column `y` (and diagonal `y - x`) only after the worker of row `x - 1` has
/// finished cell `(x - 1, y)`, which it publishes with a release store (acquire
/// load here), every [`PUBLISH`] cells and at the end of its row. Rows thus
/// form a wavefront: row `x - 1` is at a column `> y`, rows before it further
/// right, rows after `x` to the left, so no two workers touch the same line at
/// once. The result is the sequential one exactly (the tests compare them for
/// several thread counts).
pub fn stream_threads(
    r: &Rules,
    n: usize,
    threads: usize,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let threads = threads.max(1);
    use std::sync::atomic::{AtomicU64, Ordering};
    let (Setup { diag, u, v, blocks }, mut cols, mut diags) = Setup::new(r, n)?;
    let zero = [0u64; BLOCK_WORDS];
    let sc = SharedLines {
        bits: cols.bits.as_mut_ptr(),
        mex: cols.mex.as_mut_ptr(),
        count: cols.count,
    };
    let sd = SharedLines {
        bits: diags.bits.as_mut_ptr(),
        mex: diags.mex.as_mut_ptr(),
        count: diags.count,
    };
    let pos: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
    let stride = n as u64 + 1;
    // symmetric rules: as in `stream`, only y >= x is searched; the upper
    // triangle is kept in u16 (values below 65535) and read back for y < x
    let sym = keeps_triangle(r, n as u64);
    let mut tab: Vec<u16> = if sym { vec![0; n * n] } else { Vec::new() };
    let st = SharedTab(tab.as_mut_ptr());
    let (tx, rx) = std::sync::mpsc::sync_channel::<(usize, Vec<u32>)>(4 * threads);
    std::thread::scope(|scope| {
        for w in 0..threads {
            let tx = tx.clone();
            let (sc, sd, pos, st, zero) = (&sc, &sd, &pos, &st, &zero);
            // the worker of the row before this worker's rows
            let prev = (w + threads - 1) % threads;
            scope.spawn(move || {
                // one line: the block-major layout is the plain word order
                let mut rowbits = vec![0u64; blocks * BLOCK_WORDS];
                let mut x = w;
                while x < n {
                    let mut rowmex = 0u32;
                    let mut out = vec![0u32; n];
                    let mut seen = 0u64;
                    let wait = |seen: &mut u64, need: u64| {
                        let mut spins = 0u32;
                        while *seen < need {
                            *seen = pos[prev].load(Ordering::Acquire);
                            if *seen < need {
                                spins += 1;
                                if spins > 64 {
                                    std::thread::yield_now();
                                } else {
                                    std::hint::spin_loop();
                                }
                            }
                        }
                    };
                    let start = if sym {
                        // column x must be complete down to row x - 1
                        if x > 0 {
                            wait(&mut seen, (x as u64 - 1) * stride + x as u64 + 1);
                        }
                        // SAFETY: column x and the cells (y, x), y < x, are final
                        // and no thread writes them any more.
                        unsafe {
                            for (b, dst) in rowbits.chunks_exact_mut(BLOCK_WORDS).enumerate() {
                                dst.copy_from_slice(sc.block(x, b));
                            }
                            rowmex = sc.mex(x);
                            for (y, o) in out.iter_mut().enumerate().take(x) {
                                *o = match *st.0.add(y * n + x) {
                                    u16::MAX => u32::MAX,
                                    g => g as u32,
                                };
                            }
                        }
                        x
                    } else {
                        rowbits.iter_mut().for_each(|b| *b = 0);
                        0
                    };
                    for y in start..n {
                        if x > 0 {
                            wait(&mut seen, (x as u64 - 1) * stride + y as u64 + 1);
                        }
                        if x < u && y < v {
                            out[y] = u32::MAX;
                            if sym {
                                // SAFETY: cell (x, y) is this thread's
                                unsafe { *st.0.add(x * n + y) = u16::MAX };
                            }
                        } else {
                            let d = y + n - x;
                            // SAFETY: column y and diagonal d are not being written by
                            // the other thread (see the function comment).
                            unsafe {
                                let row_block =
                                    |b: usize| &rowbits[b * BLOCK_WORDS..(b + 1) * BLOCK_WORDS];
                                let g = if diag {
                                    let lb = rowmex.max(sc.mex(y)).max(sd.mex(d));
                                    first_free(lb, |b| {
                                        or3(row_block(b), sc.block(y, b), sd.block(d, b))
                                    })
                                } else {
                                    let lb = rowmex.max(sc.mex(y));
                                    first_free(lb, |b| or3(row_block(b), sc.block(y, b), zero))
                                };
                                out[y] = g;
                                if sym {
                                    *st.0.add(x * n + y) = g as u16;
                                }
                                rowbits[(g / 64) as usize] |= 1 << (g % 64);
                                while rowbits[(rowmex / 64) as usize] >> (rowmex % 64) & 1 == 1 {
                                    rowmex += 1;
                                }
                                sc.add(y, g);
                                if diag {
                                    sd.add(d, g);
                                }
                            }
                        }
                        // published every PUBLISH cells and at the row's end: a
                        // store per cell would bounce the line between the cores
                        if y % PUBLISH == PUBLISH - 1 || y + 1 == n {
                            pos[w].store(x as u64 * stride + y as u64 + 1, Ordering::Release);
                        }
                    }
                    if tx.send((x, out)).is_err() {
                        return;
                    }
                    x += threads;
                }
            });
        }
        drop(tx);
        // deliver rows in order
        let mut pending: std::collections::BTreeMap<usize, Vec<u32>> = Default::default();
        let mut next = 0usize;
        for (x, row) in rx {
            pending.insert(x, row);
            while let Some(row) = pending.remove(&next) {
                sink(next as u64, &row);
                next += 1;
                if next % 64 == 0 {
                    progress(next as u64);
                }
            }
        }
    });
    drop(cols);
    drop(diags);
    drop(tab);
    progress(n as u64);
    Some(())
}
