//! What a cell reads and what a row adds: the bitsets of a row as functions
//! of the column ([`Ref`]), the mex search over them ([`scan_any`]), and the
//! cells of earlier rows still to be added to the stores ([`Pend`]).

use crate::solve::table::GRUNDY_OFF;
use crate::solve::wavefront::{first_free, BLOCK_BITS, BLOCK_WORDS};

/// One bitset a cell ORs, as a function of the column `y` within a row: for
/// the column and diagonal families the line advances linearly with `y`; the
/// row family's class cycles with `y` (period `cyc`, 0 when it does not).
#[derive(Clone, Copy)]
pub(super) struct Ref {
    /// Word of block 0 of the line at `y = 0` (or of the row store, class 0).
    pub(super) bits: *const u64,
    /// Words per step of `y`.
    pub(super) ystep: usize,
    /// Words between consecutive blocks of a line.
    pub(super) bstride: usize,
    /// The line's mex at `y = 0`, and its step per `y`.
    pub(super) mex: *const u32,
    pub(super) mstep: usize,
    /// Row family: period and residue (`class = (y - r) mod cyc`).
    pub(super) cyc: usize,
    pub(super) r: usize,
}

impl Ref {
    /// Pointer to block 0 of the line for column `y`, and the line's mex.
    #[inline(always)]
    pub(super) unsafe fn at(&self, y: usize) -> (*const u64, u32) {
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
/// [`super::super::nim_like`]'s `first_free`, written out so that it inlines).
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
pub(super) unsafe fn add_raw(bits: *mut u64, mex: *mut u32, count: usize, line: usize, v: u32) {
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
pub(super) struct Pend {
    pub(super) bits: *mut u64,
    pub(super) mex: *mut u32,
    pub(super) count: usize,
    pub(super) k: usize,
    /// The class of the row being added.
    pub(super) c: usize,
    /// The row being added (a ring row, not written during the current row).
    pub(super) row: *const u32,
    pub(super) xr: usize,
    /// At column y the sweep adds the cell of column y - shift (which may lie
    /// ahead of the sweep: a family's set may leave out its first steps).
    pub(super) shift: i64,
    /// Cell (row, y) belongs to line (y + base) * k + c.
    pub(super) base: usize,
}

impl Pend {
    /// Add the cell of column `y < n` of the pending row to its line.
    ///
    /// SAFETY: `y < n`; the store holds `(n + base) * k` lines or more (for a
    /// diagonal store `base <= n + w` and it holds `(2 n + 2 w) k` lines).
    #[inline(always)]
    pub(super) unsafe fn add(&self, y: usize) {
        self.add_value(y, *self.row.add(y));
    }

    /// Add the value `g` of the cell of column `y` to its line (nothing off
    /// the board).
    ///
    /// SAFETY: as [`Pend::add`].
    #[inline(always)]
    pub(super) unsafe fn add_value(&self, y: usize, g: u32) {
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
pub(super) unsafe fn scan_any(lb: u32, p: &[*const u64], s: &[usize], ex: &[u32]) -> u32 {
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
