//! One attempt: the buffers it allocates, its stripes of rows on one or
//! several workers, the rows handed to the sink in order, and the schedule
//! that makes the values those of one worker (argued at [`attempt`]).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::SyncSender;

use super::layout::Layout;
use super::store::Store;
use super::sweep::{Ctx, Row, TabRaw};
use crate::rules::Rules;
use crate::solve::table::GRUNDY_OFF;
use crate::solve::wavefront::Tab;

/// Why a stripe stopped early.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Halt {
    /// A value did not fit the bitsets.
    Overflow,
    /// Another worker or the calling thread stopped the attempt.
    Stopped,
}

/// How an attempt is scheduled.
#[derive(Clone, Copy)]
pub(super) struct Tune {
    pub(super) threads: usize,
    pub(super) rows: usize,
    pub(super) step: usize,
}

/// Run stripe `s` (rows `s R ..`, `R = rows.len()` at most) to its end.
/// `above(stalled)` gives the progress of the row above the stripe (the
/// columns it has done, `n` when finished; it waits for a change when
/// `stalled`, `None`: stop), `publish(p)` announces the stripe's last row's
/// progress, `done(x, values)` hands over a finished row.
///
/// # Safety
/// Stripes run in the order and under the waits of [`attempt`].
#[allow(clippy::too_many_arguments)]
unsafe fn run_stripe(
    c: &Ctx,
    lag: usize,
    rows: &mut [Row],
    s: usize,
    step: usize,
    mut above: impl FnMut(bool) -> Option<usize>,
    mut publish: impl FnMut(usize),
    mut done: impl FnMut(usize, &[u32]),
) -> Result<(), Halt> {
    let n = c.n;
    let x0 = s * rows.len();
    let h = rows.len().min(n - x0);
    let rows = &mut rows[..h];
    rows.iter_mut().for_each(|r| r.begun = false);
    // a row may compute column y once the row above has done y + lag
    let limit = |p: usize| if p >= n { n } else { p.saturating_sub(lag) };
    let progress = |r: &Row| if r.begun { r.y } else { 0 };
    let mut stalled = false;
    loop {
        let Some(p) = above(stalled) else {
            return Err(Halt::Stopped);
        };
        let mut lim = limit(p);
        let mut moved = false;
        for (i, row) in rows.iter_mut().enumerate() {
            let x = x0 + i;
            let from = match (row.begun, c.sym) {
                (true, _) => row.y,
                (false, true) => x,
                (false, false) => 0,
            };
            let to = lim.min(from + step);
            if to > from {
                if !row.begun {
                    row.begin(c, x);
                }
                row.advance(c, to).map_err(|()| Halt::Overflow)?;
                moved = true;
                if to == n {
                    done(x, std::slice::from_raw_parts(c.slot(x), n));
                }
            }
            lim = limit(progress(row));
        }
        let last = progress(&rows[h - 1]);
        if moved {
            publish(last);
        }
        if last == n {
            return Ok(());
        }
        stalled = !moved;
    }
}

/// One solve with bitsets of `w` words, handing rows from `emitted` on to the
/// sink: `Err(rows handed over)` when a value does not fit.
///
/// ## The schedule, for any number of workers
///
/// Every store of a kind is fed *in the sweep*: at cell `(x, y)`, before it
/// reads, a column store takes `(x - 1, y)`, a store of direction `(1, s)`
/// the cell `(x - 1 - dr, y - e)` (`e = c_min + s (1 + dr) >= 1`), one of
/// direction `(s, 1)` the cell `(x - 1 - dm, y - 1)`; a symmetric game's row
/// `x` first feeds the cells left of where its sweep starts (column `x`).
/// Then every set `(x, y)` reads holds what the one-row-at-a-time sweep with
/// whole rows fed at a row's start held (the rows up to `x - 1 - delay`: a
/// ray's cells of row `x - 1 - dr` that `(x, y)` reads lie at columns up to
/// `y - e`; those of row `x - 1 - dm` up to `y - 1`; a column's rows up to
/// `x - 1`; the cells a row's sweep would feed past `n - e` are never read).
///
/// Rows are cut into stripes of `R` rows; stripe `s` goes to worker
/// `s mod T`, which advances its rows in steps of at most `step` columns,
/// each row as far as the row above allows: row `x` computes column `y` (its
/// start counted as its first column) only once row `x - 1` has done columns
/// up to `y + lag` (within a stripe: program order; across stripes: the
/// stripe's last row publishes its progress with a release store, the next
/// stripe's first row reads it with an acquire load). By induction row
/// `x - j` has then done columns up to `y + j lag`.
///
/// That orders every pair of touches of one set by rows `x < x + j` as the
/// one-row sweep does, when whatever row `x` touches at column `y'` row
/// `x + j` touches only at columns `y >= y' - j lag`:
///
/// - the diagonal set `(y - x, x mod K)`: cells `(x + iK, y + iK)` only;
/// - a column `c`'s sets: row `x` at columns `c` to `c + K` (fed at `c`,
///   read from `c + off`, `off <= K` for the congruence, 0 for one-pile
///   moves), a symmetric row's start (column `x`, columns `c < x`): `lag >= K`;
/// - the line `L = y - s x` (direction `(1, s)`): row `x` feeds and reads it
///   at columns `L + s x + c`, `c_min <= c <= c_max`, row `x + j` at
///   `L + s (x + j) + c`: `lag >= c_max - c_min - s`;
/// - the line `L = x - s y` (direction `(s, 1)`): row `x` at columns
///   `(x - c - L) / s` for `c` in `[c_lo, c_hi]` (the rays' offsets and
///   `1 + dm - s`, the feed), row `x + j` `j / s` further:
///   `lag >= (c_hi - c_lo) / s`;
/// - row values: row `x` writes its own ring slot and triangle cells; a
///   reader of `(x', y')` runs at a column `>= y'` of a row below `x'`, and
///   the ring holds `depth + T R` rows, so a slot is reused only after every
///   reader of its old row is done (a worker holds one stripe; the stripes
///   before the `T` in flight are done);
/// - a row's lanes and row-prefix stores are its own.
///
/// So no two workers touch a set at once, and every cell sees what the
/// one-worker sweep sees: the values are the same for every `T`, `R` and
/// step. Rows are handed to the sink in order by the calling thread.
#[allow(clippy::too_many_arguments)]
pub(super) fn attempt(
    r: &Rules,
    layout: &Layout,
    n: usize,
    w: usize,
    tune: Tune,
    emitted: usize,
    progress: &mut dyn FnMut(u64),
    sink: &mut impl FnMut(u64, &[u32]),
) -> Result<(), usize> {
    let stripes = n.div_ceil(tune.rows);
    let threads = tune.threads.clamp(1, stripes.max(1));
    let depth = (layout.depth + threads * tune.rows).next_power_of_two();
    // symmetric rules: only y >= x is searched; the values left of the
    // diagonal are read back from the stored upper triangle (every store,
    // row prefix and looked-up cell still sees whole rows)
    let sym = r.is_symmetric();
    let mut bufs = Buffers::new(layout, n, w, depth, sym);
    let ctx = bufs.ctx(r, layout, n, w, sym);
    let mut out = Handover {
        next: 0,
        emitted,
        progress,
        sink,
    };
    let res = if threads == 1 {
        sweep_here(&ctx, tune, stripes, &mut out)
    } else {
        sweep_on_workers(&ctx, tune, threads, stripes, &mut out)
    };
    drop(ctx);
    drop(bufs);
    res.map_err(|_| out.done())
}

/// What one attempt allocates and its [`Ctx`] views: the stores of the
/// kinds (the row prefixes are each row's own), the diagonal sets, the ring
/// of the last `depth` rows' values and a symmetric game's upper triangle.
struct Buffers {
    stores: Vec<Store>,
    diag: Store,
    /// Rows of the ring (a power of two).
    depth: usize,
    ring: Vec<u32>,
    tab: Tab,
}

impl Buffers {
    fn new(layout: &Layout, n: usize, w: usize, depth: usize, sym: bool) -> Buffers {
        let cap = (64 * w) as u32;
        let stores: Vec<Store> = layout
            .kinds
            .iter()
            .map(|&q| {
                let (l, c) = layout.shape(q, n);
                Store::new(l, c, w)
            })
            .collect();
        let diag = Store::new(2 * n.max(1) - 1, layout.k, w);
        let ring = vec![GRUNDY_OFF; depth * n];
        let tab = if sym {
            Tab::new(n, cap as u64)
        } else {
            Tab::S(Vec::new())
        };
        Buffers {
            stores,
            diag,
            depth,
            ring,
            tab,
        }
    }

    /// The raw views of the buffers (valid while they live; they are never
    /// resized).
    fn ctx<'a>(
        &mut self,
        r: &'a Rules,
        layout: &'a Layout,
        n: usize,
        w: usize,
        sym: bool,
    ) -> Ctx<'a> {
        Ctx {
            r,
            layout,
            n,
            w,
            sym,
            stores: self.stores.iter_mut().map(Store::raw).collect(),
            diag: self.diag.raw(),
            ring: self.ring.as_mut_ptr(),
            rmask: self.depth - 1,
            tab: TabRaw::of(&mut self.tab),
        }
    }
}

/// Hands the finished rows to the sink in order (those from `emitted` on:
/// a restart does not hand a row over twice), with `progress` every 16 rows.
struct Handover<'a, S> {
    /// The next row to hand over.
    next: usize,
    emitted: usize,
    progress: &'a mut dyn FnMut(u64),
    sink: &'a mut S,
}

impl<S: FnMut(u64, &[u32])> Handover<'_, S> {
    #[inline]
    fn hand(&mut self, x: usize, vals: &[u32]) {
        debug_assert_eq!(x, self.next);
        if x >= self.emitted {
            (self.sink)(x as u64, vals);
        }
        if x % 16 == 15 {
            (self.progress)(x as u64 + 1);
        }
        self.next = x + 1;
    }

    /// Rows handed over, in this attempt or an earlier one.
    fn done(&self) -> usize {
        self.next.max(self.emitted)
    }
}

/// The sweep on the calling thread alone: the stripes in order.
fn sweep_here<S: FnMut(u64, &[u32])>(
    ctx: &Ctx,
    tune: Tune,
    stripes: usize,
    out: &mut Handover<S>,
) -> Result<(), Halt> {
    let n = ctx.n;
    let mut rows: Vec<Row> = (0..tune.rows.min(n)).map(|_| Row::new(ctx)).collect();
    for s in 0..stripes {
        // SAFETY: one thread, stripes in order
        unsafe {
            run_stripe(
                ctx,
                ctx.layout.lag,
                &mut rows,
                s,
                tune.step,
                |_| Some(n),
                |_| {},
                |x, vals| out.hand(x, vals),
            )
        }?;
    }
    Ok(())
}

/// What the workers of an attempt share: each stripe's published progress
/// (its last row's columns done), and the flags that stop them.
struct Shared {
    prog: Vec<AtomicUsize>,
    /// Every worker ends.
    stop: AtomicBool,
    /// Because a value did not fit.
    overflow: AtomicBool,
}

impl Shared {
    /// The progress of the stripe above stripe `s` (`n` for the first) for
    /// [`run_stripe`]'s `above`: at once, or, when `stalled`, once it has
    /// passed `seen`; `None` once the attempt stops.
    fn above(&self, s: usize, n: usize, stalled: bool, seen: &mut usize) -> Option<usize> {
        let mut spins = 0u32;
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return None;
            }
            if s == 0 {
                return Some(n);
            }
            let p = self.prog[s - 1].load(Ordering::Acquire);
            if !stalled || p > *seen {
                *seen = p;
                return Some(p);
            }
            // as in `outcome::counters`: spin briefly, then sleep, so
            // that a waiting worker leaves the core to the
            // one it waits for
            spins += 1;
            if spins > 256 {
                std::thread::park_timeout(std::time::Duration::from_micros(50));
            } else {
                std::hint::spin_loop();
            }
        }
    }
}

/// The sweep on `threads` workers (stripe `s` on worker `s mod T`); the
/// calling thread hands the rows over in order.
fn sweep_on_workers<S: FnMut(u64, &[u32])>(
    ctx: &Ctx,
    tune: Tune,
    threads: usize,
    stripes: usize,
    out: &mut Handover<S>,
) -> Result<(), Halt> {
    let shared = Shared {
        prog: (0..stripes).map(|_| AtomicUsize::new(0)).collect(),
        stop: AtomicBool::new(false),
        overflow: AtomicBool::new(false),
    };
    /// Stops the workers when the calling thread unwinds (a progress
    /// callback that cancels).
    struct StopOnDrop<'a>(&'a AtomicBool);
    impl Drop for StopOnDrop<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Relaxed);
        }
    }
    let (tx, rx) = std::sync::mpsc::sync_channel::<(usize, Vec<u32>)>(2 * threads * tune.rows);
    std::thread::scope(|scope| {
        for wk in 0..threads {
            let tx = tx.clone();
            let shared = &shared;
            scope.spawn(move || worker(ctx, tune, (wk, threads), stripes, shared, tx));
        }
        drop(tx);
        let _guard = StopOnDrop(&shared.stop);
        let mut pending = std::collections::BTreeMap::new();
        for (x, vals) in rx {
            pending.insert(x, vals);
            while let Some(vals) = pending.remove(&out.next) {
                out.hand(out.next, &vals);
            }
        }
    });
    if shared.overflow.load(Ordering::Relaxed) {
        return Err(Halt::Overflow);
    }
    Ok(())
}

/// Worker `wk` of `threads`: its stripes `wk, wk + T, ...` in order, each
/// row behind the row above (see [`attempt`]); the finished rows go to `tx`.
fn worker(
    ctx: &Ctx,
    tune: Tune,
    (wk, threads): (usize, usize),
    stripes: usize,
    shared: &Shared,
    tx: SyncSender<(usize, Vec<u32>)>,
) {
    let n = ctx.n;
    let mut rows: Vec<Row> = (0..tune.rows.min(n)).map(|_| Row::new(ctx)).collect();
    for s in (wk..stripes).step_by(threads) {
        let mut seen = 0;
        let above = |stalled: bool| shared.above(s, n, stalled, &mut seen);
        let publish = |p: usize| shared.prog[s].store(p, Ordering::Release);
        let done = |x: usize, vals: &[u32]| {
            if tx.send((x, vals.to_vec())).is_err() {
                shared.stop.store(true, Ordering::Relaxed);
            }
        };
        // SAFETY: the schedule of `attempt`
        let res = unsafe {
            run_stripe(
                ctx,
                ctx.layout.lag,
                &mut rows,
                s,
                tune.step,
                above,
                publish,
                done,
            )
        };
        if let Err(h) = res {
            if h == Halt::Overflow {
                shared.overflow.store(true, Ordering::Relaxed);
            }
            shared.stop.store(true, Ordering::Relaxed);
            return;
        }
    }
}
