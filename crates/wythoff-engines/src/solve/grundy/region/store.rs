//! The value bitsets of the stores, block-major, and the raw views through
//! which the rows of an attempt share them.

/// Value bitsets of `lines x classes` sets of `w` words (a multiple of
/// [`BW`]), stored block-major as in [`super::super::nim_like`]: block `b` of set
/// `i` is the cache line `b * sets + i`, so the sets a row sweep reads for
/// consecutive columns (consecutive lines) lie side by side. Each set keeps its
/// mex and `1 + ` its largest value (0 when empty). The kernel works on it
/// through [`Raw`], which rows on several workers share.
pub(super) struct Store {
    classes: usize,
    sets: usize,
    w: usize,
    bits: Vec<u64>,
    mex: Vec<u32>,
    top: Vec<u32>,
}

/// Words per block (one cache line).
pub(super) const BW: usize = 8;

impl Store {
    pub(super) fn new(lines: usize, classes: usize, w: usize) -> Store {
        let sets = lines * classes;
        Store {
            classes,
            sets,
            w,
            bits: vec![0; sets * w],
            mex: vec![0; sets],
            top: vec![0; sets],
        }
    }
    /// A view of the store's sets; valid while the store lives and is not
    /// resized (it never is).
    pub(super) fn raw(&mut self) -> Raw {
        Raw {
            bits: self.bits.as_mut_ptr(),
            mex: self.mex.as_mut_ptr(),
            top: self.top.as_mut_ptr(),
            classes: self.classes,
            sets: self.sets,
            w: self.w,
        }
    }
}

/// The sets of a [`Store`] as raw pointers, shared by the workers of
/// [`attempt`](super::attempt). Every access names one set; the schedule
/// (see [`attempt`](super::attempt))
/// orders any two accesses to one set from different rows as the one-row-at-a-
/// time sweep orders them, so no two workers touch a set at once. (Distinct
/// sets are distinct memory: whole words of `bits`, one `u32` of `mex`/`top`.)
#[derive(Clone, Copy)]
pub(super) struct Raw {
    bits: *mut u64,
    mex: *mut u32,
    top: *mut u32,
    classes: usize,
    sets: usize,
    w: usize,
}

// SAFETY: see the type's comment; the pointers outlive the scoped workers.
unsafe impl Send for Raw {}
unsafe impl Sync for Raw {}

impl Raw {
    #[inline(always)]
    pub(super) fn set(&self, line: usize, class: usize) -> usize {
        line * self.classes + class
    }
    /// Index of word `wi` of set `i`.
    #[inline(always)]
    pub(super) fn word(&self, i: usize, wi: usize) -> usize {
        debug_assert!(i < self.sets && wi < self.w, "set {i} word {wi}");
        ((wi / BW) * self.sets + i) * BW + wi % BW
    }
    /// Word `wi` of set `i`.
    #[inline(always)]
    pub(super) unsafe fn bits(&self, i: usize, wi: usize) -> u64 {
        *self.bits.add(self.word(i, wi))
    }
    #[inline(always)]
    pub(super) unsafe fn mex(&self, i: usize) -> u32 {
        debug_assert!(i < self.sets);
        *self.mex.add(i)
    }
    #[inline(always)]
    pub(super) unsafe fn top(&self, i: usize) -> u32 {
        debug_assert!(i < self.sets);
        *self.top.add(i)
    }
    #[inline(always)]
    pub(super) unsafe fn has(&self, i: usize, v: u32) -> bool {
        self.bits(i, (v / 64) as usize) >> (v % 64) & 1 == 1
    }
    /// Empty every set.
    pub(super) unsafe fn clear(&self) {
        std::ptr::write_bytes(self.bits, 0, self.sets * self.w);
        std::ptr::write_bytes(self.mex, 0, self.sets);
        std::ptr::write_bytes(self.top, 0, self.sets);
    }
    /// Advance set `i`'s mex past the values it holds.
    #[inline(always)]
    pub(super) unsafe fn advance(&self, i: usize) {
        let mut m = self.mex(i);
        let cap = (64 * self.w) as u32;
        while m < cap && self.has(i, m) {
            m += 1;
        }
        *self.mex.add(i) = m;
    }
    /// Add value `v` (below the capacity) to set `i`, whose mex is not used.
    #[inline(always)]
    pub(super) unsafe fn add_no_mex(&self, i: usize, v: u32) {
        *self.bits.add(self.word(i, (v / 64) as usize)) |= 1 << (v % 64);
        let t = self.top.add(i);
        *t = (*t).max(v + 1);
    }
    /// Add value `v` (below the capacity) to set `i`.
    #[inline(always)]
    pub(super) unsafe fn add(&self, i: usize, v: u32) {
        self.add_no_mex(i, v);
        if v == self.mex(i) {
            self.advance(i);
        }
    }
}

/// `dst |= src` from `dst`'s mex on: set `d` of `ds`, set `i` of `ss` (same
/// width, different stores).
///
/// # Safety
/// No other thread touches set `d` of `ds` or writes set `i` of `ss`.
#[inline(always)]
pub(super) unsafe fn or_window(ds: Raw, d: usize, ss: Raw, i: usize) {
    let top = ss.top(i);
    let mex = ds.mex(d);
    if top <= mex {
        return;
    }
    let lo = (mex / 64) as usize;
    let hi = ((top - 1) / 64) as usize;
    debug_assert!(hi < ds.w && d < ds.sets && i < ss.sets);
    let mut wi = lo;
    while wi <= hi {
        let b = wi / BW;
        let end = hi.min(b * BW + BW - 1);
        let len = end - wi + 1;
        let dst =
            std::slice::from_raw_parts_mut(ds.bits.add((b * ds.sets + d) * BW + wi % BW), len);
        let src = std::slice::from_raw_parts(ss.bits.add((b * ss.sets + i) * BW + wi % BW), len);
        for (a, b) in dst.iter_mut().zip(src) {
            *a |= b;
        }
        wi = end + 1;
    }
    let t = ds.top.add(d);
    *t = (*t).max(top);
}
