//! The value bitsets and the stripe wavefront shared by the tiled Grundy
//! kernels ([`super::grundy::nim_like`], [`super::grundy::lines`],
//! [`super::grundy::region`]): lines' value bitsets in blocks of one cache line
//! with their own mex ([`Lines`], [`first_free`]), the stored upper triangle of a
//! symmetric game ([`Tab`]), and the stripes of [`TILE_ROWS`] rows that workers
//! compute band by band behind each other ([`run_stripes`], [`StripeWorker`]), rows
//! emitted in order. Why a layout was chosen is measured in the nim-like
//! kernel's documentation.

/// The stored upper triangle of a symmetric game: `u16` when the values fit.
pub(crate) enum Tab {
    S(Vec<u16>),
    L(Vec<u32>),
}

impl Tab {
    pub(crate) fn new(n: usize, bound: u64) -> Tab {
        if bound < u16::MAX as u64 {
            Tab::S(vec![0; n * n])
        } else {
            Tab::L(vec![0; n * n])
        }
    }
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> u32 {
        match self {
            Tab::S(v) => match v[i] {
                u16::MAX => u32::MAX,
                g => g as u32,
            },
            Tab::L(v) => v[i],
        }
    }
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, g: u32) {
        match self {
            Tab::S(v) => v[i] = if g == u32::MAX { u16::MAX } else { g as u16 },
            Tab::L(v) => v[i] = g,
        }
    }
}

/// Words per block of a value bitset (512 values, one cache line).
pub const BLOCK_WORDS: usize = 8;
pub(crate) const BLOCK_BITS: u32 = 64 * BLOCK_WORDS as u32;

/// Blocks per bitset for values up to `bound` (one spare block: the mex of at
/// most `bound` values is at most `bound`).
pub(crate) fn block_count(bound: u64) -> usize {
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
pub(crate) fn first_free(lb: u32, mut block: impl FnMut(usize) -> [u64; BLOCK_WORDS]) -> u32 {
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

/// Value bitsets of many lines, stored block-major (see the module doc), so
/// that a row sweep, which visits consecutive columns and diagonals at nearby
/// values, reads consecutive memory.
pub(crate) struct Lines {
    pub(crate) count: usize,
    pub(crate) bits: Vec<u64>,
    pub(crate) mex: Vec<u32>,
    /// Block `b` of line `l` is block number `l * ls + b * bs` of `bits`:
    /// `(1, count)` block-major, `(blocks, 1)` line-major.
    pub(crate) ls: usize,
    pub(crate) bs: usize,
}

impl Lines {
    pub(crate) fn new(count: usize, blocks: usize) -> Self {
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
    pub(crate) fn line_major(count: usize, blocks: usize) -> Self {
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
    pub(crate) fn padded(count: usize, blocks: usize) -> Self {
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
    pub(crate) fn block(&self, line: usize, b: usize) -> &[u64] {
        let o = (line * self.ls + b * self.bs) * BLOCK_WORDS;
        &self.bits[o..o + BLOCK_WORDS]
    }
    #[inline(always)]
    fn has(&self, line: usize, v: u32) -> bool {
        self.bits[word_index(self.ls, self.bs, line, v)] >> (v % 64) & 1 == 1
    }
    #[inline(always)]
    pub(crate) fn add(&mut self, line: usize, v: u32) {
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
    pub(crate) fn copy_line_from(&mut self, src: &Lines, line: usize) {
        debug_assert_eq!(self.count, 1);
        for (b, dst) in self.bits.chunks_exact_mut(BLOCK_WORDS).enumerate() {
            dst.copy_from_slice(src.block(line, b));
        }
        self.mex[0] = src.mex[line];
    }
}

/// Raw views of the shared line bitsets for the tiled kernel's workers.
pub(crate) struct SharedLines {
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
    pub(crate) fn of(l: &mut Lines) -> Self {
        SharedLines {
            bits: l.bits.as_mut_ptr(),
            mex: l.mex.as_mut_ptr(),
            ls: l.ls,
            bs: l.bs,
        }
    }
    /// Block `b` of `line`.
    #[inline(always)]
    pub(crate) unsafe fn block(&self, line: usize, b: usize) -> &[u64] {
        std::slice::from_raw_parts(
            self.bits.add((line * self.ls + b * self.bs) * BLOCK_WORDS),
            BLOCK_WORDS,
        )
    }
    #[inline(always)]
    pub(crate) unsafe fn has(&self, line: usize, v: u32) -> bool {
        *self.bits.add(word_index(self.ls, self.bs, line, v)) >> (v % 64) & 1 == 1
    }
    #[inline(always)]
    pub(crate) unsafe fn mex(&self, line: usize) -> u32 {
        *self.mex.add(line)
    }
    #[inline(always)]
    pub(crate) unsafe fn add(&self, line: usize, v: u32) {
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
pub(crate) enum Stripe {
    /// Symmetric board, cells `y >= x` only: `g(x0 + r, y)` at
    /// `(y - x0) * TILE_ROWS + r` (column-major, so that the rows below read a
    /// column of it as consecutive values), `u16::MAX` off the board.
    Sym(Vec<u16>),
    /// Whole rows, row-major (`h x n`).
    Full(Vec<u32>),
}

impl Stripe {
    /// The empty values of the stripe of rows `x0..` on the `n x n` board.
    pub(crate) fn new(sym: bool, n: usize, x0: usize) -> Stripe {
        if sym {
            Stripe::Sym(vec![0; (n - x0) * TILE_ROWS])
        } else {
            Stripe::Full(vec![0; TILE_ROWS.min(n - x0) * n])
        }
    }
    /// Set `g(x0 + r, y)` (`u32::MAX` off the board).
    #[inline(always)]
    pub(crate) fn put(&mut self, n: usize, x0: usize, r: usize, y: usize, g: u32) {
        match self {
            Stripe::Sym(v) => {
                v[(y - x0) * TILE_ROWS + r] = if g == u32::MAX { u16::MAX } else { g as u16 }
            }
            Stripe::Full(v) => v[r * n + y] = g,
        }
    }
}

/// A worker of the stripe wavefront ([`run_stripes`]): computes a stripe of
/// [`TILE_ROWS`] rows band by band.
pub(crate) trait StripeWorker: Send {
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
pub(crate) fn run_stripes<W: StripeWorker>(
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

/// Emits the stripes' rows in order; keeps the symmetric stripes (the upper
/// triangle) to read the cells left of the diagonal back.
struct Emitter {
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
