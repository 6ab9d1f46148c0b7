//! The allocator of every program that links the harness: the system's,
//! counting live bytes and their peak, and stopping an allocation that would
//! pass the hard bound (the thread is parked: no abort, which would lose the
//! input; the watchdog writes the input and ends the process).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

struct Counting;

static LIVE: AtomicU64 = AtomicU64::new(0);
static PEAK: AtomicU64 = AtomicU64::new(0);
static HARD: AtomicU64 = AtomicU64::new(u64::MAX);
static OVER: AtomicBool = AtomicBool::new(false);
static ABORT: AtomicBool = AtomicBool::new(false);

#[global_allocator]
static GLOBAL: Counting = Counting;

impl Counting {
    /// Count `size` more bytes, or park the thread for good when they pass the
    /// hard bound.
    fn grow(&self, size: u64) {
        let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
        if live > HARD.load(Ordering::Relaxed) {
            LIVE.fetch_sub(size, Ordering::Relaxed);
            OVER.store(true, Ordering::SeqCst);
            if ABORT.load(Ordering::Relaxed) {
                // under AFL++: a crash it keeps
                std::process::abort();
            }
            loop {
                std::thread::park();
            }
        }
        PEAK.fetch_max(live, Ordering::Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.grow(layout.size() as u64);
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.grow(layout.size() as u64);
        System.alloc_zeroed(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size() as u64, Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = layout.size() as u64;
        let new = new_size as u64;
        if new > old {
            self.grow(new - old);
        }
        let p = System.realloc(ptr, layout, new_size);
        if new < old {
            LIVE.fetch_sub(old - new, Ordering::Relaxed);
        }
        p
    }
}

/// Start measuring a peak: the live bytes now (the peak is reset to them).
pub fn start_peak() -> u64 {
    let live = LIVE.load(Ordering::Relaxed);
    PEAK.store(live, Ordering::Relaxed);
    live
}

/// The most bytes live since [`start_peak`].
pub fn peak() -> u64 {
    PEAK.load(Ordering::Relaxed)
}

/// The bytes live now.
pub fn live() -> u64 {
    LIVE.load(Ordering::Relaxed)
}

pub fn set_hard_limit(bytes: u64) {
    HARD.store(bytes, Ordering::Relaxed);
}

pub fn hard_limit() -> u64 {
    HARD.load(Ordering::Relaxed)
}

/// Some allocation asked to pass the hard bound (its thread is parked).
pub fn over_hard_limit() -> bool {
    OVER.load(Ordering::SeqCst)
}

/// Abort at the hard bound (under AFL++, which keeps the input) instead of
/// parking the thread for the watchdog.
pub fn set_abort_at_hard_limit(abort: bool) {
    ABORT.store(abort, Ordering::Relaxed);
}
