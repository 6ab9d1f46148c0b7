//! The streaming outcome kernel for Wythoff-like games whose two-pile moves form a
//! band of diagonals: one-pile moves of any length on both piles, two-pile moves
//! (if any) with `|k - l| < w` (Wythoff, m-Wythoff, (1,t)-Wythoff), any blocking
//! (roob moves of length `>= L`, or the position's diagonal), any removed corner,
//! normal or misère play.
//!
//! Rows `x = 0, 1, ...` are solved in order; a row is a bitset over `y`. For row
//! `x` the kernel builds, word by word, the mask of cells that have a P-option
//! *outside* the block class along a column (earlier rows) or along the band of
//! diagonals, or that have `p` P-options inside the class along a column or the
//! diagonal. The cells left are candidates; the row's own moves (to `(x, y')`,
//! `y' < y`) are resolved by walking the candidates in increasing `y`. The state
//! is `O(n)`: per column and per diagonal "has a P" bitsets (one per lag
//! `0..w`, since a move with `l = k - j` reaches the diagonal `d + j` only from
//! row `x - 1 - j` down) and capped counts. Each row costs `O(w n / 64)` word
//! operations plus `O(1)` per candidate, and the P-positions come out in sorted
//! (row-major) order, so nothing of size `n^2` is stored.
//!
//! Misère play changes the outcome of a would-be P-position that has no option
//! outside the class and whose in-class options are all P-positions: those option
//! counts have closed forms on this board (checked per candidate, `O(1)`).
//!
//! Checked against the reference by `tests/engines.rs`.

use crate::rules::{BlockClass, Convention, Memory, Rules};

/// The block class as the kernel sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    None,
    /// One-pile moves of length `>= l`.
    OnePile(u64),
    Diagonal,
}

/// A streaming solver for one set of rules. Call [`BandKernel::next_row`] `n` times.
pub struct BandKernel {
    n: usize,
    words: usize,
    /// Band width (0: no two-pile moves).
    w: usize,
    class: Class,
    p: u64,
    misere: bool,
    /// Removed corner `[0,u) x [0,v)` (0, 0 when none).
    u: usize,
    v: usize,
    x: usize,
    /// P-positions of the last `hist` rows (ring, index x % hist).
    recent: Vec<Vec<u32>>,
    hist: usize,
    /// Columns with a P in any earlier row (class None/Diagonal) or in rows
    /// `x-L+1 ..= x-1` (class OnePile), with counts for the sliding window.
    col_ex: Vec<u64>,
    col_recent_cnt: Vec<u8>,
    /// Class OnePile: P count per column over rows `<= x - L`, and `>= p` bitset.
    col_in: Vec<u32>,
    col_sat: Vec<u64>,
    /// `diag_any[j]`: diagonals (index `y - x + n - 1 + pad`) with a P in rows `< x - j`.
    diag_any: Vec<Vec<u64>>,
    /// Class Diagonal: P count per diagonal over rows `< x`, and `>= p` bitset.
    diag_cnt: Vec<u32>,
    diag_sat: Vec<u64>,
    pad: usize,
    /// Scratch: the exclusion mask of the current row.
    mask: Vec<u64>,
    row: Vec<u32>,
}

/// Is `r` in the kernel's scope (any board)? Memoryless rules whose one-pile
/// moves take any length and whose two-pile moves, if any, are a band of
/// diagonals of width at most 4096 with any lengths; blocking of one pile
/// (lengths at most 65536) or of the diagonal. The one scope test of
/// [`BandKernel::new`].
pub fn applies(r: &Rules) -> bool {
    band_width_in_scope(r).is_some()
}

/// The band width of `r` when `r` is in the kernel's scope.
fn band_width_in_scope(r: &Rules) -> Option<usize> {
    if r.has_pass()
        || r.memory() != Memory::None
        || r.terminal().is_some()
        || !r.h().is_all()
        || !r.v().is_all()
    {
        return None;
    }
    let w = match r.two_pile() {
        None => 0,
        Some(t) => {
            if !t.d1.is_all() || !t.d2.is_all() {
                return None;
            }
            let w = t.relation.band_width()?;
            if w > 4096 {
                return None;
            }
            w as usize
        }
    };
    kernel_class(r)?;
    Some(w)
}

/// The block class as the kernel sees it, with the count `p`; `None` when the
/// class is out of the kernel's scope.
fn kernel_class(r: &Rules) -> Option<(Class, u64)> {
    let Some(b) = r.blocking() else {
        return Some((Class::None, u64::MAX));
    };
    let class = match b.class {
        BlockClass::OnePileAtLeast(l) if l > 1 << 16 => return None,
        BlockClass::OnePileAtLeast(l) => Class::OnePile(l),
        BlockClass::Diagonal => Class::Diagonal,
        // counting every option in the class is the counters' work
        BlockClass::All => return None,
    };
    Some((class, b.p))
}

impl BandKernel {
    /// The kernel for `r` on the `n x n` board, when `r` is in its scope.
    pub fn new(r: &Rules, n: usize) -> Option<BandKernel> {
        let w = band_width_in_scope(r)?;
        let (class, p) = kernel_class(r)?;
        let (u, v) = crate::solve::geometry::corner::corner_on_board(r, n);
        let words = n.div_ceil(64).max(1);
        let pad = (w.div_ceil(64) + 1) * 64;
        let dwords = (2 * n + 2 * pad).div_ceil(64) + 2;
        let hist = match class {
            Class::OnePile(l) => (l as usize).max(w) + 1,
            _ => w + 1,
        };
        Some(BandKernel {
            n,
            words,
            w,
            class,
            p,
            misere: r.convention() == Convention::Misere,
            u,
            v,
            x: 0,
            recent: vec![Vec::new(); hist],
            hist,
            col_ex: vec![0; words],
            col_recent_cnt: if matches!(class, Class::OnePile(_)) {
                vec![0; n]
            } else {
                Vec::new()
            },
            col_in: if matches!(class, Class::OnePile(_)) {
                vec![0; n]
            } else {
                Vec::new()
            },
            col_sat: vec![0; words],
            diag_any: vec![vec![0; dwords]; w],
            diag_cnt: if class == Class::Diagonal {
                vec![0; 2 * n + 2 * pad]
            } else {
                Vec::new()
            },
            diag_sat: vec![0; dwords],
            pad,
            mask: vec![0; words],
            row: Vec::new(),
        })
    }

    /// Bytes of state for side `n` (band width `w`): a few bits per column and diagonal.
    pub fn memory_estimate(n: u64, w: u64) -> u64 {
        n.saturating_mul(16 + w / 2 + 1)
    }

    #[inline]
    fn diag_index(&self, x: usize, y: usize) -> usize {
        y + self.n - 1 - x + self.pad
    }

    /// Record row `x - 1`'s P-positions in the state for row `x`.
    fn advance(&mut self) {
        let x = self.x; // the row about to be solved
        if x == 0 {
            return;
        }
        let h = self.hist;
        // rows entering each structure
        let prev = self.recent[(x - 1) % h].clone();
        match self.class {
            Class::OnePile(l) => {
                let l = l as usize;
                // window rows x-L+1 ..= x-1: add row x-1 (when L >= 2), drop row x-L
                if l >= 2 {
                    for &y in &prev {
                        let y = y as usize;
                        self.col_recent_cnt[y] += 1;
                        self.col_ex[y / 64] |= 1 << (y % 64);
                    }
                }
                if x >= l {
                    let old = self.recent[(x - l) % h].clone();
                    for &y in &old {
                        let y = y as usize;
                        if l >= 2 {
                            self.col_recent_cnt[y] -= 1;
                            if self.col_recent_cnt[y] == 0 {
                                self.col_ex[y / 64] &= !(1 << (y % 64));
                            }
                        }
                        self.col_in[y] += 1;
                        if self.col_in[y] as u64 >= self.p {
                            self.col_sat[y / 64] |= 1 << (y % 64);
                        }
                    }
                }
            }
            _ => {
                for &y in &prev {
                    let y = y as usize;
                    self.col_ex[y / 64] |= 1 << (y % 64);
                }
            }
        }
        if self.class == Class::Diagonal {
            for &y in &prev {
                let d = self.diag_index(x - 1, y as usize);
                self.diag_cnt[d] += 1;
                if self.diag_cnt[d] as u64 >= self.p {
                    self.diag_sat[d / 64] |= 1 << (d % 64);
                }
            }
        }
        // diag_any[j] gets row x - 1 - j
        for j in 0..self.w {
            if x > j {
                let src = (x - 1 - j) % h;
                for &y in &self.recent[src] {
                    let d = (y as usize) + self.n - 1 - (x - 1 - j) + self.pad;
                    self.diag_any[j][d / 64] |= 1 << (d % 64);
                }
            }
        }
    }

    /// Does `(x, y)` (on the board) have an option at all? (h = v = all, band.)
    #[inline]
    fn has_option(&self, x: usize, y: usize) -> bool {
        let (u, v) = (self.u, self.v);
        (x >= 1 && (y >= v || x > u))
            || (y >= 1 && (x >= u || y > v))
            || (self.w > 0 && x >= 1 && y >= 1 && (x > u || y > v))
    }

    /// Misère, blocking: is `(x, y)` N because every option is an in-class
    /// P-option (fewer than `p`), given `cin` in-class P-options?
    #[inline]
    fn misere_all_blocked(&self, x: usize, y: usize, cin: u64) -> bool {
        let (u, v) = (self.u, self.v);
        let two = self.w > 0 && x >= 1 && y >= 1 && (x > u || y > v);
        let h_any = x >= 1 && (y >= v || x > u);
        let v_any = y >= 1 && (x >= u || y > v);
        let (out, inn) = match self.class {
            Class::None => unreachable!(),
            Class::OnePile(l) => {
                let l = l as usize;
                let h_out = l >= 2 && h_any;
                let v_out = l >= 2 && v_any;
                if h_out || v_out || two {
                    return false;
                }
                // in-class: (x', y), x' <= x - L, on board; (x, y'), y' <= y - L
                let hin = if x >= l {
                    if y >= v {
                        x - l + 1
                    } else {
                        (x - l + 1).saturating_sub(u)
                    }
                } else {
                    0
                };
                let vin = if y >= l {
                    if x >= u {
                        y - l + 1
                    } else {
                        (y - l + 1).saturating_sub(v)
                    }
                } else {
                    0
                };
                (false, (hin + vin) as u64)
            }
            Class::Diagonal => {
                let off_diag = self.w >= 2
                    && ((x >= 1 && y >= 2 && (x > u || y - 2 >= v))
                        || (x >= 2 && y >= 1 && (x - 2 >= u || y > v)));
                if h_any || v_any || off_diag {
                    return false;
                }
                let inn = if self.w > 0 {
                    let reach = (x as i64 - u as i64).max(y as i64 - v as i64).max(0) as usize;
                    reach.min(x.min(y))
                } else {
                    0
                };
                (false, inn as u64)
            }
        };
        !out && inn == cin
    }

    /// Solve the next row; returns its P-positions (`y` values, increasing).
    pub fn next_row(&mut self) -> &[u32] {
        self.advance();
        let x = self.x;
        let n = self.n;
        let words = self.words;
        // exclusion mask: columns and saturations
        self.mask.copy_from_slice(&self.col_ex);
        if matches!(self.class, Class::OnePile(_)) {
            for (m, s) in self.mask.iter_mut().zip(&self.col_sat) {
                *m |= *s;
            }
        }
        // band of diagonals: delta = l - k in (-w, w); diagonal d - delta
        let base = n - 1 - x + self.pad; // diag index of (x, 0)
        for delta in -(self.w as i64 - 1)..(self.w as i64) {
            if delta == 0 && self.class == Class::Diagonal {
                continue;
            }
            let (lag, off) = if delta >= 0 {
                (0usize, base - delta as usize)
            } else {
                ((-delta) as usize, base + (-delta) as usize)
            };
            or_shifted(&mut self.mask, &self.diag_any[lag], off);
        }
        if self.class == Class::Diagonal && self.w > 0 {
            or_shifted(&mut self.mask, &self.diag_sat, base);
        }
        // corner and the tail beyond n
        if x < self.u {
            set_prefix(&mut self.mask, self.v);
        }
        if n % 64 != 0 {
            self.mask[words - 1] |= !0u64 << (n % 64);
        }
        // walk the candidates
        self.row.clear();
        let mut last: Option<usize> = None;
        let mut cnt = 0u64;
        'outer: for wi in 0..words {
            let mut cand = !self.mask[wi];
            while cand != 0 {
                let y = wi * 64 + cand.trailing_zeros() as usize;
                cand &= cand - 1;
                let cin = match self.class {
                    Class::OnePile(l) => {
                        if let Some(lp) = last {
                            if y - lp < l as usize {
                                continue;
                            }
                        }
                        let c = self.col_in[y] as u64 + cnt;
                        if c >= self.p {
                            continue;
                        }
                        c
                    }
                    Class::Diagonal => {
                        if self.w > 0 {
                            self.diag_cnt[self.diag_index(x, y)] as u64
                        } else {
                            0
                        }
                    }
                    Class::None => 0,
                };
                if self.misere {
                    let is_n = match self.class {
                        Class::None => !self.has_option(x, y),
                        Class::OnePile(_) | Class::Diagonal => self.misere_all_blocked(x, y, cin),
                    };
                    if is_n {
                        continue;
                    }
                }
                self.row.push(y as u32);
                match self.class {
                    Class::OnePile(_) => {
                        last = Some(y);
                        cnt += 1;
                        if cnt >= self.p {
                            break 'outer;
                        }
                    }
                    _ => break 'outer,
                }
            }
        }
        let h = self.hist;
        self.recent[x % h].clear();
        self.recent[x % h].extend_from_slice(&self.row);
        self.x += 1;
        &self.row
    }

    /// The row about to be solved.
    pub fn row_index(&self) -> usize {
        self.x
    }
    /// Is `(x, y)` off the board?
    pub fn off_board(&self, x: usize, y: usize) -> bool {
        x < self.u && y < self.v
    }
}

/// `dst[bit y] |= src[bit y + off]`.
#[inline]
fn or_shifted(dst: &mut [u64], src: &[u64], off: usize) {
    let q = off / 64;
    let r = off % 64;
    if r == 0 {
        for (i, d) in dst.iter_mut().enumerate() {
            *d |= src[q + i];
        }
    } else {
        let s = &src[q..q + dst.len() + 1];
        for (i, d) in dst.iter_mut().enumerate() {
            *d |= (s[i] >> r) | (s[i + 1] << (64 - r));
        }
    }
}

/// Set bits `0..k`.
fn set_prefix(m: &mut [u64], k: usize) {
    for (i, w) in m.iter_mut().enumerate() {
        let lo = i * 64;
        if lo >= k {
            break;
        }
        let take = (k - lo).min(64);
        *w |= if take == 64 { !0 } else { (1u64 << take) - 1 };
    }
}

row_kernel_entry_points!(BandKernel, 256, v);
