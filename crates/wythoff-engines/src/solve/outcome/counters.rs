//! The general fast outcome solver: per-line prefix counters over residue classes.
//!
//! Options of `(x, y)` lie on *lines*: the row through it (first-pile moves), the
//! column (second-pile moves), and for two-pile moves with `l = k + d`, the
//! diagonal through `(x, y - d)`. Along a line, the moves allowed from a point form
//! an eventually periodic set of step counts `k` (see [`crate::sets`]): explicit
//! for `k <= T`, by `k mod K` beyond. With a *stepped prefix sum*
//! `S(c) = ind(c) + S(c - K * dir)` along each line, the number of P-cells at steps
//! `k in [a, b]`, `k = r (mod K)`, is a difference of two entries. So each position
//! costs `O(T + K)` per line: `O(1)` lines for rows, columns and a band of
//! diagonals; `O(n)` diagonal offsets for the (s,t) cone with `s >= 2` and the
//! congruence relation of m-Modular Wythoff.
//!
//! The same counters, run over the "cell is on the board" indicator, count the
//! options themselves, which misère play and blocking need (see [`crate::solve::table::decide`]).

use crate::rules::{Convention, Relation, Rules};
use crate::solve::geometry::cone::ConeCounts;
use crate::solve::geometry::families::{Family, LineLayout};
use crate::solve::geometry::region::RegionCounts;
use crate::solve::table::{
    atomic_bytes, decide, zeroed_atomic_u32, Outcome, OutcomeTable, CELL_N, CELL_OFF, CELL_P,
};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering};

/// Stepped prefix sums along lines: `s[c] = ind[c] + s[c - period * dir]`, kept
/// for the last `depth` rows only (a ring of rows; `depth` is a power of two that
/// covers every row a reader looks back to, plus the rows in flight). Atomic
/// cells with relaxed loads and stores (plain moves on x86): the workers of the
/// row pipeline share the rings (see [`outcomes_threads`]).
struct Stepped {
    pub(crate) dx: usize,
    pub(crate) dy: usize,
    pub(crate) period: usize,
    /// `depth - 1`: row `x` is stored at `(x & mask) * n`.
    mask: usize,
    p: Vec<AtomicU32>,
    /// Same over the on-board indicator (only when option counts are needed).
    e: Vec<AtomicU32>,
}

/// The outcome table of one set of rules on the `n x n` board.
pub fn outcomes(r: &Rules, n: usize) -> OutcomeTable {
    outcomes_with_progress(r, n, &mut |_| {})
}

/// [`outcomes`], calling `progress(rows_done)` every 64 rows.
pub fn outcomes_with_progress(r: &Rules, n: usize, progress: &mut dyn FnMut(u64)) -> OutcomeTable {
    outcomes_threads(r, n, 1, progress)
}

/// Cells between two publications of a worker's progress in the row pipeline
/// (a store per cell would bounce the cache line between the cores).
const PUBLISH: usize = 512;

/// [`outcomes_with_progress`] by `threads` workers (at least 1; one when the
/// congruence's region counter is in use, whose state is not shared): row `x`
/// goes to worker `x mod threads`, which computes cell `(x, y)` only after the
/// worker of row `x - 1` has published (release store, acquire load here) that
/// it finished `(x - 1, y)`. Every option of `(x, y)`, and every entry of a ring
/// that its counts read, lies at `(x', y')` with `x' < x, y' <= y`, or in row `x`
/// left of `y` (the worker's own), so the rows form a wavefront and each cell
/// sees exactly what the one-thread pass sees: the table is the same for every
/// `threads` (tested). The rings hold `threads` rows more than a reader looks
/// back to, so that the row a worker overwrites is finished and no longer read.
/// `progress` is called on this thread (the worker of row 0); a panic there
/// (a front end's cancel) stops the other workers at their next wait.
pub fn outcomes_threads(
    r: &Rules,
    n: usize,
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> OutcomeTable {
    // a pass is the pass kernel's (`outcome::pass`): its wrapper never calls
    // this with one, and a table that ignored the pass would be wrong
    assert!(!r.has_pass(), "the counters kernel has no pass");
    let misere = r.convention() == Convention::Misere;
    // Misère play needs option counts with blocking (all options may be blocked)
    // or a removed corner (options may leave the board); otherwise only whether
    // an option exists, which is the up-set of the move vectors.
    let need_opts = misere && (r.blocking().is_some() || r.corner().is_some());
    let need_exist = misere && !need_opts;
    // Unbounded two-pile regions (cone with s >= 2, congruence) are counted in
    // O(1) per position by `cone` or `region` instead of one diagonal family per
    // offset. The congruence's counter is one worker's own state.
    let cone = ConeCounts::memory_estimate(r, n, 1).is_some();
    let region = !cone && RegionCounts::new(r, n).is_some();
    let threads = if region || n == 0 {
        1
    } else {
        threads.clamp(1, n)
    };
    let cone_p = cone
        .then(|| ConeCounts::with_rows_in_flight(r, n, threads))
        .flatten();
    let cone_e = if cone && need_opts {
        ConeCounts::with_rows_in_flight(r, n, threads)
    } else {
        None
    };
    let mut local = Local {
        region_p: if region {
            RegionCounts::new(r, n)
        } else {
            None
        },
        region_e: if region && need_opts {
            RegionCounts::new(r, n)
        } else {
            None
        },
    };
    let LineLayout { fams, arrays } =
        LineLayout::with_rows_in_flight(r, n, cone || region, threads);
    let pre: Vec<Stepped> = arrays
        .iter()
        .map(|&(dx, dy, period, depth)| {
            // prefix arrays no remaining family reads are left empty
            let len = depth * n;
            Stepped {
                dx,
                dy,
                period,
                mask: depth.saturating_sub(1),
                p: zeroed_atomic_u32(len),
                e: zeroed_atomic_u32(if need_opts { len } else { 0 }),
            }
        })
        .collect();
    let mut cells = vec![CELL_N; n * n];
    let pass = Pass {
        r,
        n,
        fams,
        pre,
        cone_p,
        cone_e,
        region_in_class: r.two_pile_in_class().unwrap_or(false),
        need_opts,
        has_from: if need_exist {
            option_thresholds(r, n)
        } else {
            Vec::new()
        },
        cells: atomic_bytes(&mut cells),
    };
    if threads == 1 {
        for x in 0..n {
            if x % 64 == 63 {
                progress(x as u64);
            }
            pass.row(x, &mut local, &mut |_| true, &mut |_| {});
        }
    } else {
        pass.pipeline(threads, progress);
    }
    drop(pass);
    OutcomeTable::from_cells(n, cells)
}

/// Bytes the general solver needs on the `n x n` board with `threads` workers:
/// the table (one byte a cell), the rings of the line families' stepped sums
/// and of the cone's counter (doubled when option counts are needed), the
/// congruence's counter at one `u32` per cell and residue class pair (an upper
/// bound). Building the plan costs `O(n)`: beyond `n = 65536` (4 GiB of table
/// alone) the bound of one `u32` per cell, line direction and counter array is
/// used instead.
pub fn memory_estimate(r: &Rules, n: u64, threads: usize) -> u64 {
    let misere = r.convention() == Convention::Misere;
    let mult = if misere && (r.blocking().is_some() || r.corner().is_some()) {
        2
    } else {
        1
    };
    let cells = n.saturating_mul(n);
    let classes = r
        .two_pile()
        .map_or(0, |t| t.d1.period().saturating_mul(t.d2.period()));
    if n > 1 << 16 {
        let dirs =
            (!r.h().is_empty()) as u64 + (!r.v().is_empty()) as u64 + r.two_pile().is_some() as u64;
        let region = r.two_pile().map_or(0, |t| match t.relation {
            Relation::Cone { s: 2.., .. } => 4 * (3 + 2 * classes),
            Relation::Congruent { .. } => 4 * classes,
            // a ratio's families read stepped arrays like the diagonals
            Relation::Diagonal
            | Relation::Band { .. }
            | Relation::Cone { .. }
            | Relation::Ratio { .. }
            | Relation::Union(_) => 0,
        });
        return cells.saturating_mul(1 + (4 * dirs + region) * mult);
    }
    let nu = n as usize;
    let cone = ConeCounts::memory_estimate(r, nu, threads);
    let region = cone.is_none() && RegionCounts::new(r, 1).is_some();
    let threads = if region { 1 } else { threads.max(1) };
    let counter = match cone {
        Some(b) => b,
        None if region => 4 * classes * cells,
        None => 0,
    };
    let plan = LineLayout::with_rows_in_flight(r, nu, cone.is_some() || region, threads);
    let lines: u64 = plan
        .arrays
        .iter()
        .map(|&(_, _, _, depth)| 4 * (depth * nu) as u64)
        .sum();
    cells.saturating_add(mult * (lines + counter))
}

/// `has_from[x]`: the smallest `y` such that `(x, y)` has an option on the full
/// board (`n` when none), i.e. some move vector `(k, l) <= (x, y)` exists; the
/// positions with an option form an up-set, so `(x, y)` has one iff
/// `y >= has_from[x]`.
fn option_thresholds(r: &Rules, n: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(n);
    let mut thr = n;
    for x in 0..n {
        // only a smaller y than the rows before can lower the threshold
        if let Some(y) = (0..thr).find(|&y| r.is_move(x as u64, y as u64)) {
            thr = y;
        }
        out.push(thr);
    }
    out
}

/// What one worker owns: the congruence's region counters (one worker only).
struct Local {
    region_p: Option<RegionCounts>,
    region_e: Option<RegionCounts>,
}

/// One stepped-sum entry a row reads per cell: `p[base + y]` (and `e[..]`) for
/// `y >= ymin`, counted in or out of the block class.
struct Tap<'a> {
    p: &'a [AtomicU32],
    e: &'a [AtomicU32],
    base: i64,
    ymin: usize,
    in_class: bool,
}

/// One ring a row writes per cell: at `here + y`, from `back = (base, ymin)`:
/// `base + y` one period back along the line, for `y >= ymin`.
struct Update<'a> {
    p: &'a [AtomicU32],
    e: &'a [AtomicU32],
    here: usize,
    back: Option<(i64, usize)>,
}

/// The state every worker of the row pipeline shares.
struct Pass<'a> {
    r: &'a Rules,
    n: usize,
    fams: Vec<Family>,
    pre: Vec<Stepped>,
    cone_p: Option<ConeCounts>,
    cone_e: Option<ConeCounts>,
    /// Are the moves the cone or region counters count in the block class?
    region_in_class: bool,
    need_opts: bool,
    has_from: Vec<usize>,
    cells: &'a [AtomicU8],
}

impl Pass<'_> {
    #[inline]
    fn cell(&self, i: usize) -> u8 {
        self.cells[i].load(Ordering::Relaxed)
    }

    /// Solve row `x`: `ready(y)` returns once `(x - 1, y)` is final (false:
    /// stop, the row is abandoned), `publish(y)` says that `(x, y)` is.
    fn row(
        &self,
        x: usize,
        local: &mut Local,
        ready: &mut dyn FnMut(usize) -> bool,
        publish: &mut dyn FnMut(usize),
    ) -> bool {
        let (r, n) = (self.r, self.n);
        let need_opts = self.need_opts;
        let need_exist = !self.has_from.is_empty();
        // The periodic steps of every family are one stepped-sum entry per
        // residue (a tap): fixed ring row and column offset for the whole row,
        // counted for `y >= ymin`. The ring updates likewise.
        let mut taps: Vec<Tap> = Vec::new();
        for f in &self.fams {
            let st = &self.pre[f.prefix];
            for &k1 in &f.first_steps {
                let k1 = k1 as usize;
                if x < k1 * f.dx {
                    continue;
                }
                let ymin = (k1 as i64 * f.dy as i64 + f.d).max(0) as usize;
                let base = (((x - k1 * f.dx) & st.mask) * n) as i64 - f.d - (k1 * f.dy) as i64;
                taps.push(Tap {
                    p: &st.p,
                    e: &st.e,
                    base,
                    ymin,
                    in_class: f.periodic_in_class,
                });
            }
        }
        let explicit: Vec<&Family> = self.fams.iter().filter(|f| f.kmin <= f.tex).collect();
        let updates: Vec<Update> = self
            .pre
            .iter()
            .filter(|st| !st.p.is_empty())
            .map(|st| {
                let (bx, by) = (st.period * st.dx, st.period * st.dy);
                Update {
                    p: &st.p,
                    e: &st.e,
                    here: (x & st.mask) * n,
                    back: (x >= bx).then(|| ((((x - bx) & st.mask) * n) as i64 - by as i64, by)),
                }
            })
            .collect();
        let cone_p = self.cone_p.as_ref().map(|c| (c, c.row(x)));
        let cone_e = self.cone_e.as_ref().map(|c| (c, c.row(x)));
        for y in 0..n {
            if !ready(y) {
                return false;
            }
            let on = r.on_board(x as u64, y as u64);
            let cell = if !on {
                CELL_OFF
            } else {
                let (mut p_out, mut p_in, mut o_out, mut o_in) = (0u64, 0u64, 0u64, 0u64);
                for t in &taps {
                    if y >= t.ymin {
                        let i = (t.base + y as i64) as usize;
                        let pc = t.p[i].load(Ordering::Relaxed) as u64;
                        let oc = if need_opts {
                            t.e[i].load(Ordering::Relaxed) as u64
                        } else {
                            0
                        };
                        if t.in_class {
                            p_in += pc;
                            o_in += oc;
                        } else {
                            p_out += pc;
                            o_out += oc;
                        }
                    }
                }
                for f in &explicit {
                    let Some((ox, oy, kmax)) = f.origin(x, y) else {
                        continue;
                    };
                    for k in f.kmin..=f.tex.min(kmax) {
                        if !(f.member)(k) {
                            continue;
                        }
                        let (cx, cy) = (ox - k as usize * f.dx, oy - k as usize * f.dy);
                        let c = self.cell(cx * n + cy);
                        if c == CELL_OFF {
                            continue;
                        }
                        let isp = (c == CELL_P) as u64;
                        if (f.in_class)(k) {
                            p_in += isp;
                            o_in += 1;
                        } else {
                            p_out += isp;
                            o_out += 1;
                        }
                    }
                }
                // the region counters count the two-pile moves, in or out of
                // the class as one region
                let (mut p_two, mut o_two) = (0u64, 0u64);
                if let Some((c, row)) = &cone_p {
                    p_two += c.count_in_row(row, y);
                }
                if let Some((c, row)) = &cone_e {
                    o_two += c.count_in_row(row, y);
                }
                if let Some(rc) = local.region_p.as_mut() {
                    p_two += rc.step_indexed(x, y, |i| self.cell(i) == CELL_P);
                }
                if let Some(rc) = local.region_e.as_mut() {
                    o_two += rc.step(x, y, |a, b| r.on_board(a as u64, b as u64));
                }
                if self.region_in_class {
                    p_in += p_two;
                    o_in += o_two;
                } else {
                    p_out += p_two;
                    o_out += o_two;
                }
                if !need_opts {
                    // option counts matter only in misère play with blocking or a
                    // corner; otherwise only whether one exists
                    o_out = if need_exist {
                        (y >= self.has_from[x]) as u64
                    } else {
                        1
                    };
                    o_in = 0;
                }
                if r.is_terminal(x as u64, y as u64) {
                    // no move from a terminal position (the counts above still
                    // ran: the region counter steps through every cell)
                    (p_out, p_in, o_out, o_in) = (0, 0, 0, 0);
                }
                match decide(r, p_out, p_in, o_out, o_in) {
                    Outcome::P => CELL_P,
                    Outcome::N => CELL_N,
                }
            };
            self.cells[x * n + y].store(cell, Ordering::Relaxed);
            for u in &updates {
                let idx = u.here + y;
                let back = u
                    .back
                    .and_then(|(base, ymin)| (y >= ymin).then(|| (base + y as i64) as usize));
                let get = |v: &[AtomicU32]| back.map_or(0, |b| v[b].load(Ordering::Relaxed));
                u.p[idx].store((cell == CELL_P) as u32 + get(u.p), Ordering::Relaxed);
                if need_opts {
                    u.e[idx].store(on as u32 + get(u.e), Ordering::Relaxed);
                }
            }
            if let Some((c, row)) = &cone_p {
                c.ingest_in_row(row, y, cell == CELL_P);
            }
            if let Some((c, row)) = &cone_e {
                c.ingest_in_row(row, y, on);
            }
            publish(y);
        }
        true
    }

    /// The row pipeline of [`outcomes_threads`] with `threads >= 2` workers.
    fn pipeline(&self, threads: usize, progress: &mut dyn FnMut(u64)) {
        let n = self.n;
        // worker w's position: x * (n + 1) + (cells of row x done); increasing
        let pos: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
        let stop = AtomicBool::new(false);
        let stride = n as u64 + 1;
        /// Tells the other workers to stop when this thread unwinds (a
        /// progress callback's cancel), so that the scope can join them.
        struct StopOnUnwind<'a>(&'a AtomicBool);
        impl Drop for StopOnUnwind<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.store(true, Ordering::Relaxed);
                }
            }
        }
        let work = |w: usize, progress: &mut dyn FnMut(u64)| {
            let prev = (w + threads - 1) % threads;
            let _guard = StopOnUnwind(&stop);
            let mut local = Local {
                region_p: None,
                region_e: None,
            };
            let mut x = w;
            while x < n {
                if w == 0 && x / 64 != x.saturating_sub(threads) / 64 {
                    progress(x as u64);
                }
                let mut seen = 0u64;
                let mut ready = |y: usize| {
                    if x == 0 {
                        return true;
                    }
                    let need = (x as u64 - 1) * stride + y as u64 + 1;
                    let mut spins = 0u32;
                    while seen < need {
                        seen = pos[prev].load(Ordering::Acquire);
                        if seen < need {
                            if stop.load(Ordering::Relaxed) {
                                return false;
                            }
                            // spin briefly, then sleep: on a machine whose
                            // cores are busy with other work a spinning
                            // worker would take the time its predecessor needs
                            spins += 1;
                            if spins > 256 {
                                std::thread::park_timeout(std::time::Duration::from_micros(50));
                            } else {
                                std::hint::spin_loop();
                            }
                        }
                    }
                    true
                };
                let mut publish = |y: usize| {
                    if y % PUBLISH == PUBLISH - 1 || y + 1 == n {
                        pos[w].store(x as u64 * stride + y as u64 + 1, Ordering::Release);
                    }
                };
                if !self.row(x, &mut local, &mut ready, &mut publish) {
                    return;
                }
                x += threads;
            }
        };
        std::thread::scope(|scope| {
            for w in 1..threads {
                let work = &work;
                scope.spawn(move || work(w, &mut |_| {}));
            }
            work(0, progress);
        });
    }
}
