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
//! value in none of the selected bitsets, searched as in [`super::nim_like`]
//! (block-major bitsets, one cache line per block, starting at the largest mex
//! of the selected bitsets), and no bitset is ever copied cell by cell.
//!
//! Symmetric rules are solved on `y >= x` only, as in [`super::nim_like`].
//!
//! Two orders compute the same values: the row kernel ([`stream_rows`], row
//! after row, the plain order) and the tiled kernel ([`tiled`], behind
//! [`stream_threads`]): stripes of 64 rows cut into skewed
//! bands, so that the bitsets a tile reads stay in the cache, on `T` workers
//! as the wavefront of [`super::nim_like::tiled`]; there the diagonal
//! families of one store and residue set read one *union* line per diagonal.
//! The row kernel is checked against the option-enumerating solvers, the
//! tiled kernel against the row kernel and the reference, for 1, 2 and 3
//! workers, in `tests/engines.rs`.

use crate::rules::Rules;
use crate::sets::LengthSet;
use crate::solve::wavefront::{
    block_count, first_free, wavefront, Lines, Stripe, StripeWorker, Tab, BLOCK_BITS, BLOCK_WORDS,
    TILE_COLS, TILE_ROWS,
};
use crate::solve::GRUNDY_OFF;

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
    /// Per store, the least and the largest diagonal offset of the families
    /// that read it.
    dmin: Vec<i64>,
    dmax: Vec<i64>,
    /// Band width (0 without two-pile moves).
    width: u64,
    /// Largest threshold (rows kept back).
    tmax: usize,
    /// Bitsets OR-ed per cell, at most.
    refs: usize,
}

impl Plan {
    fn new(r: &Rules) -> Option<Plan> {
        if !crate::solve::fast_grundy_scope(r) {
            return None;
        }
        let mut p = Plan {
            fams: Vec::new(),
            stores: Vec::new(),
            dmin: Vec::new(),
            dmax: Vec::new(),
            width: 0,
            tmax: 0,
            refs: 0,
        };
        p.add(r, Dir::Col, 0, r.h())?;
        p.add(r, Dir::Row, 0, r.v())?;
        if let Some(t) = r.two_pile() {
            let w = t.relation.band_width()?;
            if w > MAX_WIDTH {
                return None;
            }
            p.width = w;
            let w = w as i64;
            for delta in 1 - w..w {
                let s = t.d1.intersect(&t.d2.shifted(delta)).ok()?;
                p.add(r, Dir::Diag, delta, &s)?;
            }
        }
        (p.refs <= MAX_REFS).then_some(p)
    }

    /// Add the family `(dir, delta)` with step set `s` of rules `r`.
    fn add(&mut self, r: &Rules, dir: Dir, delta: i64, s: &LengthSet) -> Option<()> {
        if s.is_empty() {
            return Some(());
        }
        let (t, k) = (s.threshold(), s.period());
        if t > MAX_THRESHOLD || k > MAX_PERIOD {
            return None;
        }
        let residues: Vec<usize> = (0..k)
            .filter(|&r| s.residue_in(r))
            .map(|r| r as usize)
            .collect();
        // A store of smaller delay serves as well when the extra steps it
        // holds, `k` in `(delay, T]` in a selected class, are moves of the rules
        // anyway (another family's options: a union does not count twice).
        // m-Wythoff's offset -1 (steps k >= 2) thus reads the store of offset
        // 0, whose extra step k = 1 is the one-pile move (1, 0).
        let mut delay = t;
        if dir == Dir::Diag {
            while delay > 0 {
                let (step, l) = (delay, delay as i64 + delta);
                let held = residues.contains(&((step % k) as usize));
                if held && !(l >= 0 && r.is_move(step, l as u64)) {
                    break;
                }
                delay -= 1;
            }
        }
        // the steps the store does not hold are looked up one by one
        let explicit: Vec<usize> = (1..=t)
            .filter(|&j| s.contains(j) && (j <= delay || !residues.contains(&((j % k) as usize))))
            .map(|j| j as usize)
            .collect();
        let key = StoreKey {
            dir,
            delay: delay as usize,
            period: k as usize,
        };
        let store = if residues.is_empty() {
            usize::MAX
        } else {
            match self.stores.iter().position(|&s| s == key) {
                Some(i) => {
                    self.dmin[i] = self.dmin[i].min(delta);
                    self.dmax[i] = self.dmax[i].max(delta);
                    i
                }
                None => {
                    self.stores.push(key);
                    self.dmin.push(delta);
                    self.dmax.push(delta);
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
    fn lines(key: StoreKey, n: usize, w: usize) -> usize {
        match key.dir {
            Dir::Col => n,
            Dir::Row => 1,
            // diagonals y - x in (-n, n), padded by w each side
            Dir::Diag => 2 * n + 2 * w,
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
    memory_estimate_values(r, n, p.value_bound(n))
}

/// [`memory_estimate`] with the value bitsets of each line holding values
/// below `values` rather than the bound on every value: what the kernel
/// touches of what it allocates, when the values reach only `values`
/// (the resident bytes of its wrapper).
pub fn memory_estimate_values(r: &Rules, n: u64, values: u64) -> Option<u64> {
    // the tiled kernel (every entry point but `stream_rows`), with the
    // workers of rayon's pool: the column and diagonal stores, each worker's
    // row stores, the ring of values, and the kept upper triangle (u16) or
    // the stripes in flight
    let p = Plan::new(r)?;
    let line = block_count(values.min(p.value_bound(n))) as u64 * BLOCK_WORDS as u64 * 8 + 4;
    let w = p.width as usize;
    let nu = usize::try_from(n).unwrap_or(usize::MAX / 4);
    let lines: u64 = TStore::of(&p).iter().map(|t| t.lines(nu, w) as u64).sum();
    let threads = rayon::current_num_threads() as u64;
    let kr = p
        .fams
        .iter()
        .find(|f| f.dir == Dir::Row && !f.residues.is_empty())
        .map_or(0, |f| f.period as u64);
    let rows = threads * TILE_ROWS as u64 * kr;
    let ring = (ring_rows(&p, threads as usize) as u64).saturating_mul(n) * 4;
    let values = if keeps_triangle(r, n) {
        n.saturating_mul(n + TILE_ROWS as u64)
    } else {
        (2 * threads + 2) * TILE_ROWS as u64 * n * 4
    };
    Some(
        lines
            .saturating_add(rows)
            .saturating_mul(line)
            .saturating_add(ring)
            .saturating_add(values),
    )
}

/// One bitset a cell ORs, as a function of the column `y` within a row: for
/// the column and diagonal families the line advances linearly with `y`; the
/// row family's class cycles with `y` (period `cyc`, 0 when it does not).
#[derive(Clone, Copy)]
struct Ref {
    /// Word of block 0 of the line at `y = 0` (or of the row store, class 0).
    bits: *const u64,
    /// Words per step of `y`.
    ystep: usize,
    /// Words between consecutive blocks of a line.
    bstride: usize,
    /// The line's mex at `y = 0`, and its step per `y`.
    mex: *const u32,
    mstep: usize,
    /// Row family: period and residue (`class = (y - r) mod cyc`).
    cyc: usize,
    r: usize,
}

impl Ref {
    /// Pointer to block 0 of the line for column `y`, and the line's mex.
    #[inline(always)]
    unsafe fn at(&self, y: usize) -> (*const u64, u32) {
        if self.cyc == 0 {
            (self.bits.add(y * self.ystep), *self.mex.add(y * self.mstep))
        } else {
            let c = (y % self.cyc + self.cyc - self.r) % self.cyc;
            (self.bits.add(c * BLOCK_WORDS), *self.mex.add(c))
        }
    }
}

/// The least value `>= lb` in none of the `N` bitsets behind `p` (block `b` of
/// bitset `i` at `p[i] + b * s[i]`) and not in `ex` (as
/// [`super::nim_like`]'s `first_free`, written out so that it inlines).
#[inline(always)]
unsafe fn scan<const N: usize>(lb: u32, p: &[*const u64], s: &[usize], ex: &[u32]) -> u32 {
    let p: &[*const u64; N] = p[..N].try_into().unwrap();
    let s: &[usize; N] = s[..N].try_into().unwrap();
    let mut b = (lb / BLOCK_BITS) as usize;
    let mut acc = [0u64; BLOCK_WORDS];
    // values below lb do not count
    let w = (lb % BLOCK_BITS / 64) as usize;
    for a in acc.iter_mut().take(w) {
        *a = !0;
    }
    acc[w] |= (1u64 << (lb % 64)) - 1;
    loop {
        for i in 0..N {
            let q = p[i].add(b * s[i]);
            for (j, a) in acc.iter_mut().enumerate() {
                *a |= *q.add(j);
            }
        }
        for &g in ex {
            if (g / BLOCK_BITS) as usize == b {
                acc[(g % BLOCK_BITS / 64) as usize] |= 1 << (g % 64);
            }
        }
        if acc.iter().fold(!0u64, |x, &a| x & a) != !0 {
            let j = acc.iter().position(|&a| a != !0).unwrap_or(0);
            return b as u32 * BLOCK_BITS + j as u32 * 64 + (!acc[j]).trailing_zeros();
        }
        b += 1;
        acc = [0u64; BLOCK_WORDS];
    }
}

/// `Lines::add` through raw pointers (block-major store of `count` lines).
#[inline(always)]
unsafe fn add_raw(bits: *mut u64, mex: *mut u32, count: usize, line: usize, v: u32) {
    let idx = |v: u32| {
        ((v / BLOCK_BITS) as usize * count + line) * BLOCK_WORDS + (v % BLOCK_BITS / 64) as usize
    };
    *bits.add(idx(v)) |= 1 << (v % 64);
    let mut m = *mex.add(line);
    // the mex moves only when it is the value added (and reading its word
    // otherwise would cost a cache line of another block)
    if v != m {
        return;
    }
    while *bits.add(idx(m)) >> (m % 64) & 1 == 1 {
        m += 1;
    }
    *mex.add(line) = m;
}

/// The cells of one earlier row still to be added to a column or diagonal
/// store during the current row.
struct Pend {
    bits: *mut u64,
    mex: *mut u32,
    count: usize,
    k: usize,
    /// The class of the row being added.
    c: usize,
    /// The row being added (a ring row, not written during the current row).
    row: *const u32,
    xr: usize,
    /// At column y the sweep adds the cell of column y - shift (which may lie
    /// ahead of the sweep: a family's set may leave out its first steps).
    shift: i64,
    /// Cell (row, y) belongs to line (y + base) * k + c.
    base: usize,
}

impl Pend {
    /// Add the cell of column `y < n` of the pending row to its line.
    ///
    /// SAFETY: `y < n`; the store holds `(n + base) * k` lines or more (for a
    /// diagonal store `base <= n + w` and it holds `(2 n + 2 w) k` lines).
    #[inline(always)]
    unsafe fn add(&self, y: usize) {
        let g = *self.row.add(y);
        if g != GRUNDY_OFF {
            add_raw(
                self.bits,
                self.mex,
                self.count,
                (y + self.base) * self.k + self.c,
                g,
            );
        }
    }
}

impl Pend {
    /// [`Pend::add`] for the tiled kernel: the cell's value from the board.
    ///
    /// SAFETY: as [`Pend::add`]; the cell `(xr, y)` is decided.
    #[inline(always)]
    unsafe fn add_at(&self, b: &Board, y: usize) {
        // row xr of the ring, or (symmetric board, left of the diagonal)
        // column xr of row y
        let g = if b.sym && y < self.xr {
            b.val(self.xr, y)
        } else {
            *self.row.add(y)
        };
        if g != GRUNDY_OFF {
            add_raw(
                self.bits,
                self.mex,
                self.count,
                (y + self.base) * self.k + self.c,
                g,
            );
        }
    }
}

/// [`scan`] for any number of bitsets.
#[inline(always)]
unsafe fn scan_any(lb: u32, p: &[*const u64], s: &[usize], ex: &[u32]) -> u32 {
    match p.len() {
        0 => scan::<0>(lb, p, s, ex),
        1 => scan::<1>(lb, p, s, ex),
        2 => scan::<2>(lb, p, s, ex),
        3 => scan::<3>(lb, p, s, ex),
        4 => scan::<4>(lb, p, s, ex),
        5 => scan::<5>(lb, p, s, ex),
        6 => scan::<6>(lb, p, s, ex),
        7 => scan::<7>(lb, p, s, ex),
        8 => scan::<8>(lb, p, s, ex),
        _ => first_free(lb, |b| {
            let mut acc = [0u64; BLOCK_WORDS];
            for (&q, &st) in p.iter().zip(s) {
                let q = std::slice::from_raw_parts(q.add(b * st), BLOCK_WORDS);
                for j in 0..BLOCK_WORDS {
                    acc[j] |= q[j];
                }
            }
            for &g in ex {
                if (g / BLOCK_BITS) as usize == b {
                    acc[(g % BLOCK_BITS / 64) as usize] |= 1 << (g % 64);
                }
            }
            acc
        }),
    }
}

/// The row kernel: the values of [`stream_threads`], computed row after row on one
/// thread (the plain order that the tiled kernel, [`tiled`], is checked
/// against). `sink(x, values_of_row_x)`, with [`GRUNDY_OFF`] for cells off the
/// board; `progress(rows_done)` every 64 rows. `None` when `r` is out of scope.
pub fn stream_rows(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let plan = Plan::new(r)?;
    let (u, v) = crate::solve::geometry::corner::corner_on_board(r, n);
    let bound = plan.value_bound(n as u64);
    let blocks = block_count(bound);
    let w = plan.width as usize;
    let mut stores: Vec<Lines> = plan
        .stores
        .iter()
        .map(|&k| Lines::new(Plan::lines(k, n, w) * k.period, blocks))
        .collect();
    let row_store = plan.stores.iter().position(|k| k.dir == Dir::Row);
    let col_store = plan.stores.iter().position(|k| k.dir == Dir::Col);
    let any_explicit = plan.fams.iter().any(|f| !f.explicit.is_empty());
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
    let mut refs: Vec<Ref> = Vec::with_capacity(plan.refs);
    let mut ptrs: Vec<*const u64> = vec![std::ptr::null(); plan.refs];
    let mut strides: Vec<usize> = vec![0; plan.refs];
    let mut ex: Vec<u32> = Vec::new();
    let mut pend: Vec<Pend> = Vec::with_capacity(plan.stores.len());
    for x in 0..n {
        // column and diagonal stores of delay T take row x - 1 - T, cell by
        // cell as the sweep passes the lines they belong to (so the line is in
        // cache when it is read): at cell (x, y) the cell (x - 1 - T, y - s),
        // with s = 0 for a column and s = 1 + T + dmin for a diagonal (its line
        // is the one the family of offset dmin reads at (x, y); s < 0 when
        // the threshold T is below -dmin); the cells the sweep does not reach
        // are added when the row starts or ends
        let start = if sym { x } else { 0 };
        pend.clear();
        for (si, key) in plan.stores.iter().enumerate() {
            if key.dir == Dir::Row || x < 1 + key.delay {
                continue;
            }
            let xr = x - 1 - key.delay;
            let st = &mut stores[si];
            let (shift, base, lo) = match key.dir {
                Dir::Col => (0i64, 0, start),
                // symmetric: only diagonals y - x > -w are read (cells y >= x)
                _ => (
                    1 + key.delay as i64 + plan.dmin[si],
                    n + w - xr,
                    if sym { (xr + 1).saturating_sub(w) } else { 0 },
                ),
            };
            let p = Pend {
                bits: st.bits.as_mut_ptr(),
                mex: st.mex.as_mut_ptr(),
                count: st.count,
                k: key.period,
                c: xr % key.period,
                row: ring[xr % ring_len].as_ptr(),
                xr,
                shift,
                base,
            };
            // SAFETY: lines in range (see `Pend::add`)
            unsafe {
                let a = (start as i64 - shift).clamp(0, n as i64) as usize;
                for y in lo..a.max(lo + (key.dir == Dir::Col) as usize).min(n) {
                    p.add(y);
                }
            }
            pend.push(p);
        }
        if sym {
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
        } else if let Some(rs) = row_store {
            stores[rs].bits.iter_mut().for_each(|b| *b = 0);
            stores[rs].mex.iter_mut().for_each(|m| *m = 0);
        }
        // the row store is written below through these pointers only (Vec's
        // as_ptr and as_mut_ptr do not invalidate each other)
        let (rbits, rmex) = match row_store {
            Some(rs) => (stores[rs].bits.as_mut_ptr(), stores[rs].mex.as_mut_ptr()),
            None => (std::ptr::null_mut(), std::ptr::null_mut()),
        };
        // this row's bitsets, as functions of y
        refs.clear();
        for f in &plan.fams {
            let k = f.period;
            for &res in &f.residues {
                let st = &stores[f.store];
                let bstride = st.count * BLOCK_WORDS;
                let c = (x % k + k - res) % k;
                let rf = match f.dir {
                    Dir::Col => Ref {
                        bits: st.bits.as_ptr().wrapping_add(c * BLOCK_WORDS),
                        ystep: k * BLOCK_WORDS,
                        bstride,
                        mex: st.mex.as_ptr().wrapping_add(c),
                        mstep: k,
                        cyc: 0,
                        r: 0,
                    },
                    Dir::Diag => {
                        // line (y - delta - x + n + w) * k + c; the padding of
                        // w lines each side keeps it in range
                        let l0 = ((n + w) as i64 - f.delta - x as i64) as usize * k + c;
                        Ref {
                            bits: st.bits.as_ptr().wrapping_add(l0 * BLOCK_WORDS),
                            ystep: k * BLOCK_WORDS,
                            bstride,
                            mex: st.mex.as_ptr().wrapping_add(l0),
                            mstep: k,
                            cyc: 0,
                            r: 0,
                        }
                    }
                    Dir::Row => Ref {
                        bits: rbits,
                        ystep: 0,
                        bstride,
                        mex: rmex,
                        mstep: 0,
                        cyc: if k > 1 { k } else { 0 },
                        r: res,
                    },
                };
                refs.push(rf);
            }
        }
        for (s, rf) in strides.iter_mut().zip(&refs) {
            *s = rf.bstride;
        }
        for y in start..n {
            if let Some(rs) = row_store {
                // the row store of delay T takes column y - 1 - T
                let key = plan.stores[rs];
                if y > key.delay {
                    let yr = y - 1 - key.delay;
                    if out[yr] != GRUNDY_OFF {
                        // SAFETY: the row store has `period` lines of `blocks`
                        // blocks, and values are below its capacity
                        unsafe { add_raw(rbits, rmex, key.period, yr % key.period, out[yr]) };
                    }
                }
            }
            // SAFETY: see `Pend::add`
            unsafe {
                for p in &pend {
                    let t = y as i64 - p.shift;
                    if t >= 0 && t < n as i64 {
                        p.add(t as usize);
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
            let mut lb = 0u32;
            // SAFETY: every pointer of `refs` stays inside its store for every
            // y < n (the diagonal stores are padded by w lines each side), the
            // stores are not resized during the row, and the row store is
            // written through `rbits` only.
            let g = unsafe {
                for (p, rf) in ptrs.iter_mut().zip(&refs) {
                    let (q, m) = rf.at(y);
                    *p = q;
                    lb = lb.max(m);
                }
                if any_explicit {
                    ex.clear();
                    for f in &plan.fams {
                        for &k in &f.explicit {
                            let t = match f.dir {
                                Dir::Col => (k <= x).then(|| ring[(x - k) % ring_len][y]),
                                Dir::Row => (k <= y).then(|| out[y - k]),
                                Dir::Diag => {
                                    let c = y as i64 - f.delta - k as i64;
                                    (k <= x && c >= 0 && (c as usize) < n)
                                        .then(|| ring[(x - k) % ring_len][c as usize])
                                }
                            };
                            if let Some(t) = t.filter(|&t| t != GRUNDY_OFF) {
                                ex.push(t);
                            }
                        }
                    }
                }
                scan_any(lb, &ptrs[..refs.len()], &strides[..refs.len()], &ex)
            };
            out[y] = g;
            if sym {
                tab.set(x * n + y, g);
            }
        }
        for p in &pend {
            let b = (n as i64 - p.shift)
                .max(start as i64 - p.shift)
                .clamp(0, n as i64) as usize;
            for y in b..n {
                // SAFETY: see `Pend::add`
                unsafe { p.add(y) };
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

/// A column or diagonal store of the tiled kernel. A diagonal store serves a
/// *group* of the plan's diagonal families (same delay, period and residues)
/// as one union: its line `L` holds the values of the plan's diagonal lines
/// `L - delta` for every offset `delta` of the group, so that a cell reads one
/// line `y - x` per residue instead of one per family, and each cell is
/// added to one line per offset.
struct TStore {
    dir: Dir,
    delay: usize,
    period: usize,
    residues: Vec<usize>,
    /// The group's offsets (`[0]` for a column store).
    deltas: Vec<i64>,
    dmin: i64,
    dmax: i64,
}

impl TStore {
    /// The tiled kernel's stores for `p`: the column store, and the diagonal
    /// families grouped.
    fn of(p: &Plan) -> Vec<TStore> {
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
    fn lines(&self, n: usize, w: usize) -> usize {
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
    fn shift(&self) -> i64 {
        match self.dir {
            Dir::Col => 0,
            _ => 1 + self.delay as i64 + self.dmin,
        }
    }
}

/// The skew of the tiled kernel's bands: band `b` of row `x` is the columns
/// `[b C - e x, (b + 1) C - e x)` (see [`tiled`]). The least `e` such that
/// every cell a cell reads (a line's content or one value) was decided in a
/// band of its row at most the reading cell's band, and no line is written
/// before a read that must not see the write.
fn skew(p: &Plan, stores: &[TStore]) -> usize {
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

/// Does the tiled kernel solve symmetric rules on `y >= x` only (keeping the
/// upper triangle as `u16`)? Only when the values fit `u16`.
pub fn keeps_triangle(r: &Rules, n: u64) -> bool {
    Plan::new(r).is_some_and(|p| sym_plan(r, &p) && p.value_bound(n) < u16::MAX as u64)
}

/// Symmetric rules whose row store can start as a column's (same sets).
fn sym_plan(r: &Rules, p: &Plan) -> bool {
    let row = p.stores.iter().any(|k| k.dir == Dir::Row);
    let col = p.stores.iter().any(|k| k.dir == Dir::Col);
    r.is_symmetric() && row == col
}

/// Compute the Grundy values: `sink(x, values_of_row_x)` in row order, with
/// `GRUNDY_OFF` for cells off the board, on `threads` workers (at least 1;
/// the values are the same for every count). `progress(rows_done)` every 64
/// rows. `None` when `r` is out of scope. The tiled kernel.
pub fn stream_threads(
    r: &Rules,
    n: usize,
    threads: usize,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    tiled(r, n, threads, true, TILE_COLS, progress, sink)
}

/// Raw view of a shared store.
#[derive(Clone, Copy)]
struct RawStore {
    bits: *mut u64,
    mex: *mut u32,
    count: usize,
}

/// What every worker of the tiled kernel shares: the plan, the board, raw
/// views of the column and diagonal stores, and a ring of the last rows'
/// values.
struct Board<'a> {
    plan: &'a Plan,
    n: usize,
    u: usize,
    v: usize,
    w: usize,
    sym: bool,
    skew: usize,
    band_cols: usize,
    blocks: usize,
    tstores: &'a [TStore],
    stores: Vec<RawStore>,
    /// The row store's delay (its period is the worker's `kr`).
    row_delay: Option<usize>,
    /// The column store (a symmetric board's row store starts as a copy).
    col_store: Option<usize>,
    ring: *mut u32,
    ring_len: usize,
}

// SAFETY: the tile wavefront (see `tiled`) gives each line of a store to one
// worker at a time, and a ring cell is read only after the worker that wrote
// it has published its band; the pointers outlive the scoped threads.
unsafe impl Sync for Board<'_> {}

impl Board<'_> {
    #[inline(always)]
    fn start(&self, x: usize) -> usize {
        if self.sym {
            x
        } else {
            0
        }
    }
    #[inline(always)]
    fn band_of(&self, x: usize, y: usize) -> usize {
        (y + x * self.skew) / self.band_cols
    }
    /// The value of a cell decided before (symmetric boards: the upper
    /// triangle holds it).
    #[inline(always)]
    unsafe fn val(&self, x: usize, y: usize) -> u32 {
        let (x, y) = if self.sym && y < x { (y, x) } else { (x, y) };
        *self.ring.add((x % self.ring_len) * self.n + y)
    }
    /// The pending rows of store `si` for row `x` (see [`Pend`]; one per
    /// offset of a diagonal group), pushed to `out`, with the first cell to
    /// add, or nothing when the store takes no row yet.
    fn pends(&self, si: usize, x: usize, out: &mut Vec<(Pend, usize)>) {
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
        for f in bd.plan.fams.iter().filter(|f| f.dir == Dir::Row) {
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
        for f in bd.plan.fams.iter().filter(|_| self.any_explicit) {
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

/// The tiled kernel: the values of [`stream_rows`], computed tile by tile so
/// that the bitsets a tile reads stay in the cache, on `threads` workers
/// (the stripe wavefront of [`super::nim_like::tiled`], shared:
/// [`wavefront`]). Stripes of [`TILE_ROWS`] rows, bands of `band_cols`
/// columns, *skewed*: band `b` of row `x` is the columns
/// `[b C - e x, (b + 1) C - e x)` with `e` from the plan ([`skew`]).
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
    let plan = Plan::new(r)?;
    let (u, v) = crate::solve::geometry::corner::corner_on_board(r, n);
    let blocks = block_count(plan.value_bound(n as u64));
    let w = plan.width as usize;
    let sym = triangle && keeps_triangle(r, n as u64);
    let tstores = TStore::of(&plan);
    let mut stores: Vec<Lines> = tstores
        .iter()
        .map(|t| Lines::new(t.lines(n, w), blocks))
        .collect();
    let row_key = plan
        .fams
        .iter()
        .find(|f| f.dir == Dir::Row && !f.residues.is_empty())
        .map(|f| plan.stores[f.store]);
    let kr = row_key.map_or(1, |k| k.period);
    let stripes = n.div_ceil(TILE_ROWS);
    let threads = threads.clamp(1, stripes.max(1));
    let ring_len = ring_rows(&plan, threads);
    let mut ring = vec![GRUNDY_OFF; ring_len * n];
    let skew = skew(&plan, &tstores);
    let band_cols = band_cols.max(1);
    let bands = if n == 0 {
        0
    } else {
        (n - 1 + (n - 1) * skew) / band_cols + 1
    };
    let board = Board {
        plan: &plan,
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
        refs: Vec::with_capacity(plan.refs),
        ptrs: vec![std::ptr::null(); plan.refs],
        strides: vec![0; plan.refs],
        ex: Vec::new(),
        any_explicit: plan.fams.iter().any(|f| !f.explicit.is_empty()),
        pend: Vec::new(),
        pend_lo: Vec::new(),
        row: std::ptr::null_mut(),
    };
    wavefront(n, threads, bands, make, progress, &mut sink);
    drop(board);
    drop(stores);
    drop(ring);
    progress(n as u64);
    Some(())
}

/// Rows of the tiled kernel's ring of values: every worker's stripe, plus the
/// rows a cell looks back (thresholds, the band's width, the symmetric
/// read-back near the diagonal).
fn ring_rows(p: &Plan, threads: usize) -> usize {
    TILE_ROWS * (threads + 1) + p.tmax + p.width as usize + 2
}
