//! The row kernel: the plain order, row after row on one thread, which the
//! tiled kernel is checked against.

use super::layout::{Dir, Layout};
use super::refs::{add_raw, scan_any, Pend, Ref};
use crate::rules::Rules;
use crate::solve::table::GRUNDY_OFF;
use crate::solve::wavefront::{block_count, Lines, Tab, BLOCK_WORDS};

/// The row kernel: the values of [`stream_threads`](super::stream_threads),
/// computed row after row on one thread (the plain order that the tiled
/// kernel, [`tiled`](super::tiled), is checked against).
/// `sink(x, values_of_row_x)`, with [`GRUNDY_OFF`] for cells off the board;
/// `progress(rows_done)` every 64 rows. `None` when `r` is out of scope.
pub fn stream_rows(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    let layout = Layout::new(r)?;
    let (u, v) = crate::solve::geometry::corner::corner_on_board(r, n);
    let bound = layout.value_bound(n as u64);
    let blocks = block_count(bound);
    let w = layout.width as usize;
    let mut stores: Vec<Lines> = layout
        .stores
        .iter()
        .map(|&k| Lines::new(Layout::lines(k, n, w) * k.period, blocks))
        .collect();
    let row_store = layout.stores.iter().position(|k| k.dir == Dir::Row);
    let col_store = layout.stores.iter().position(|k| k.dir == Dir::Col);
    let any_explicit = layout.fams.iter().any(|f| !f.explicit.is_empty());
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
    let ring_len = layout.tmax + 1;
    let mut ring = vec![vec![GRUNDY_OFF; n]; ring_len];
    let mut out = vec![0u32; n];
    let mut refs: Vec<Ref> = Vec::with_capacity(layout.refs);
    let mut ptrs: Vec<*const u64> = vec![std::ptr::null(); layout.refs];
    let mut strides: Vec<usize> = vec![0; layout.refs];
    let mut ex: Vec<u32> = Vec::new();
    let mut pend: Vec<Pend> = Vec::with_capacity(layout.stores.len());
    for x in 0..n {
        let start = if sym { x } else { 0 };
        row_pends(&layout, &mut stores, &ring, n, (x, start), sym, &mut pend);
        if sym {
            if let (Some(rs), Some(cs)) = (row_store, col_store) {
                copy_column_store(&mut stores, (rs, cs), x, layout.stores[rs].period, blocks);
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
        row_refs(&layout, &stores, n, x, (rbits, rmex), &mut refs);
        for (s, rf) in strides.iter_mut().zip(&refs) {
            *s = rf.bstride;
        }
        for y in start..n {
            if let Some(rs) = row_store {
                // the row store of delay T takes column y - 1 - T
                let key = layout.stores[rs];
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
                    explicit_values(&layout, &ring, &out, (x, y), &mut ex);
                }
                scan_any(lb, &ptrs[..refs.len()], &strides[..refs.len()], &ex)
            };
            out[y] = g;
            if sym {
                tab.set(x * n + y, g);
            }
        }
        finish_pends(&pend, n, start);
        ring[x % ring_len].copy_from_slice(&out);
        sink(x as u64, &out);
        if x % 64 == 63 {
            progress(x as u64 + 1);
        }
    }
    progress(n as u64);
    Some(())
}

/// The pending rows of row `x` (its sweep from column `start`), to `pend`.
///
/// Column and diagonal stores of delay T take row x - 1 - T, cell by cell as
/// the sweep passes the lines they belong to (so the line is in cache when
/// it is read): at cell (x, y) the cell (x - 1 - T, y - s), with s = 0 for a
/// column and s = 1 + T + dmin for a diagonal (its line is the one the
/// family of offset dmin reads at (x, y); s < 0 when the threshold T is below
/// -dmin); the cells the sweep does not reach are added when the row starts
/// (here) or ends ([`finish_pends`]).
fn row_pends(
    layout: &Layout,
    stores: &mut [Lines],
    ring: &[Vec<u32>],
    n: usize,
    (x, start): (usize, usize),
    sym: bool,
    pend: &mut Vec<Pend>,
) {
    let (w, ring_len) = (layout.width as usize, ring.len());
    pend.clear();
    for (si, key) in layout.stores.iter().enumerate() {
        if key.dir == Dir::Row || x < 1 + key.delay {
            continue;
        }
        let xr = x - 1 - key.delay;
        let st = &mut stores[si];
        let (shift, base, lo) = match key.dir {
            Dir::Col => (0i64, 0, start),
            // symmetric: only diagonals y - x > -w are read (cells y >= x)
            _ => (
                1 + key.delay as i64 + layout.dmin[si],
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
}

/// The cells of the pending rows that the sweep of a row (from column
/// `start`) did not reach.
fn finish_pends(pend: &[Pend], n: usize, start: usize) {
    for p in pend {
        let b = (n as i64 - p.shift)
            .max(start as i64 - p.shift)
            .clamp(0, n as i64) as usize;
        for y in b..n {
            // SAFETY: see `Pend::add`
            unsafe { p.add(y) };
        }
    }
}

/// A symmetric board's row store of row `x` starts as a copy of column
/// `x`'s store (stores `rs` and `cs`, `k` classes of `blocks` blocks).
fn copy_column_store(
    stores: &mut [Lines],
    (rs, cs): (usize, usize),
    x: usize,
    k: usize,
    blocks: usize,
) {
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

/// Row `x`'s bitsets, as functions of `y`, to `refs` (the row store through
/// `rbits` and `rmex`).
fn row_refs(
    layout: &Layout,
    stores: &[Lines],
    n: usize,
    x: usize,
    (rbits, rmex): (*mut u64, *mut u32),
    refs: &mut Vec<Ref>,
) {
    let w = layout.width as usize;
    refs.clear();
    for f in &layout.fams {
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
}

/// The values of cell `(x, y)`'s steps looked up one by one (`k <= T`), to
/// `ex`: the rows above from the ring, the row's own columns from `out`.
#[inline(always)]
fn explicit_values(
    layout: &Layout,
    ring: &[Vec<u32>],
    out: &[u32],
    (x, y): (usize, usize),
    ex: &mut Vec<u32>,
) {
    let (n, ring_len) = (out.len(), ring.len());
    ex.clear();
    for f in &layout.fams {
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
