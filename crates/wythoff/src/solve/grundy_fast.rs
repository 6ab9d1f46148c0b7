//! The fast Grundy kernel for Nim and Wythoff-like games: one-pile moves of any
//! length on both piles and, optionally, two-pile moves with `k = l`; any removed
//! corner. Normal play, no blocking, no memory.
//!
//! `g(x, y)` is the mex of the values in its row (cells `(x, y'), y' < y`), its
//! column (`(x', y), x' < x`) and its diagonal (`(x - k, y - k)`), all on the
//! board. Every line keeps a bitset of the values it holds *and its own mex*,
//! advanced as values arrive (amortised `O(1)`). The mex of the union is at least
//! the largest of the three line mexes, so the word-parallel search
//! `!(row | col | diag)` starts there instead of at 0 (the plain bitset mex of the
//! baseline). Values are at most the number of options, `x + y + min(x, y)`, and
//! are emitted as `u16` rows when that bound fits, else `u32`.
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
    let words = value_bound(r, n) / 64 + 2;
    let lines = n + if r.two_pile().is_some() { 2 * n } else { 0 };
    lines.saturating_mul(words).saturating_mul(8) + lines * 4
}

/// Value bitsets of many lines, stored word-major (`bits[word * count + line]`),
/// so that a row sweep, which visits consecutive columns and diagonals at
/// nearby values, reads consecutive memory.
struct Lines {
    count: usize,
    bits: Vec<u64>,
    mex: Vec<u32>,
}

impl Lines {
    fn new(count: usize, words: usize) -> Self {
        Lines {
            count,
            bits: vec![0; count * words],
            mex: vec![0; count],
        }
    }
    #[inline(always)]
    fn word(&self, line: usize, i: usize) -> u64 {
        self.bits[i * self.count + line]
    }
    #[inline(always)]
    fn add(&mut self, line: usize, v: u32) {
        let c = self.count;
        self.bits[(v / 64) as usize * c + line] |= 1 << (v % 64);
        let mut m = self.mex[line];
        while self.bits[(m / 64) as usize * c + line] >> (m % 64) & 1 == 1 {
            m += 1;
        }
        self.mex[line] = m;
    }
}

/// Compute the Grundy values row by row: `sink(x, values_of_row_x)`, with
/// `u32::MAX` for cells off the board. `progress(rows_done)` every 64 rows.
/// `None` when `r` is out of scope.
pub fn stream(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    if !applies(r) {
        return None;
    }
    let diag = r.two_pile().is_some();
    let (u, v) = r.corner().map_or((0, 0), |c| {
        (c.u.min(n as u64) as usize, c.v.min(n as u64) as usize)
    });
    let words = (value_bound(r, n as u64) / 64 + 2) as usize;
    let mut cols = Lines::new(n, words);
    let mut diags = Lines::new(if diag { 2 * n } else { 0 }, words);
    let mut rowset = Lines::new(1, words);
    let mut out = vec![0u32; n];
    for x in 0..n {
        rowset.bits.iter_mut().for_each(|w| *w = 0);
        rowset.mex[0] = 0;
        for y in 0..n {
            if x < u && y < v {
                out[y] = u32::MAX;
                continue;
            }
            let d = y + n - x;
            let lb = if diag {
                rowset.mex[0].max(cols.mex[y]).max(diags.mex[d])
            } else {
                rowset.mex[0].max(cols.mex[y])
            };
            let mut i = (lb / 64) as usize;
            let mut lowmask = !0u64 << (lb % 64);
            let g = if diag {
                loop {
                    let free = !(rowset.bits[i] | cols.word(y, i) | diags.word(d, i)) & lowmask;
                    if free != 0 {
                        break i as u32 * 64 + free.trailing_zeros();
                    }
                    lowmask = !0;
                    i += 1;
                }
            } else {
                loop {
                    let free = !(rowset.bits[i] | cols.word(y, i)) & lowmask;
                    if free != 0 {
                        break i as u32 * 64 + free.trailing_zeros();
                    }
                    lowmask = !0;
                    i += 1;
                }
            };
            out[y] = g;
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
    let mut v = Vec::with_capacity(n * n);
    stream(r, n, &mut |_| {}, |_, row| v.extend_from_slice(row))?;
    Some(super::GrundyTable::from_values(n, v))
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
