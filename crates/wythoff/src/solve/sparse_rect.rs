//! The attack kernel of [`super::sparse`] on a rectangle `0 <= x < rows`,
//! `0 <= y < cols`, keeping only the P-positions (memory `O(cols + P)`, no
//! table). Moves only shrink piles, so the outcomes inside a rectangle do not
//! depend on anything outside it: a thin rectangle answers questions about the
//! first rows (the pairs `(a, b)` with small `a`, `wythoff sequence` on games read
//! off a board) at a fraction of the square board's cost.
//!
//! Normal play, memoryless, no blocking (any length sets, relation and removed
//! corner). `None` when out of scope or when the P-positions are too dense
//! (the work budget of [`super::sparse`]). Checked against the square kernels
//! and the brute-force reference by `tests/kernels.rs`
//! (`sparse_rect_is_the_corner_of_the_board`).

use super::sparse::{l_range, periodic, Stepped};
use crate::rules::{Convention, Memory, Relation, Rules};
use crate::sets::lcm;

/// Is the kernel defined for these rules?
pub fn in_scope(r: &Rules) -> bool {
    r.memory() == Memory::None && r.blocking().is_none() && r.convention() == Convention::Normal
}

/// Bytes the kernel needs for `cols` columns and about `p` P-positions.
pub fn memory_estimate(cols: u64, p: u64) -> u64 {
    cols.saturating_mul(2 * 4 + 64)
        .saturating_add(p.saturating_mul(8))
}

/// The P-positions `(x, y)` with `x < rows`, `y < cols`, in row order (`x`, then
/// `y`); `progress(rows_done)` every 64 rows. `None` when out of scope, when a
/// set's period is too long, or when the work exceeds `work_budget` units (one
/// unit: a cell swept, or an earlier P-position visited).
pub fn p_positions(
    r: &Rules,
    rows: usize,
    cols: usize,
    work_budget: u64,
    progress: &mut dyn FnMut(u64),
) -> Option<Vec<(u32, u32)>> {
    if !in_scope(r)
        || cols == 0
        || rows == 0
        || cols > u32::MAX as usize
        || rows > u32::MAX as usize
    {
        return None;
    }
    let r = r.for_board(rows.max(cols) as u64);
    let (h, v) = (r.h(), r.v());
    let two = r.two_pile();
    let (t2, k2, r2) = two.map_or((0, 1, vec![]), |t| periodic(&t.d2));
    let g = match two.map(|t| t.relation) {
        Some(Relation::Congruent { m }) => m,
        _ => 1,
    };
    let stride2 = lcm(k2, g);
    let (tv, kv, rv) = periodic(v);
    if stride2 > 4096 || kv > 4096 {
        return None;
    }
    let in_d2: Vec<bool> = (0..stride2).map(|c| r2.contains(&(c % k2))).collect();
    let mut a2 = Stepped::new(cols, stride2 as usize);
    let mut av = Stepped::new(cols, kv as usize);
    let mut ps: Vec<(u32, u32)> = Vec::new();
    let mut work: u64 = 0;
    for x in 0..rows {
        if x % 64 == 63 {
            progress(x as u64 + 1);
        }
        a2.clear();
        av.clear();
        work = work.saturating_add((2 * cols) as u64 + ps.len() as u64);
        if work > work_budget {
            return None;
        }
        for &(x0, y0) in &ps {
            let (x0, y0) = (x0 as u64, y0 as u64);
            let k = x as u64 - x0;
            if h.contains(k) {
                a2.add_point(y0 as usize);
            }
            let Some(t) = two else { continue };
            if !t.d1.contains(k) {
                continue;
            }
            let (lo, hi, gg) = l_range(t.relation, k);
            let room = (cols as u64 - 1).saturating_sub(y0);
            let hi = hi.min(room);
            if lo > hi {
                continue;
            }
            let ex_hi = hi.min(t2);
            if lo <= ex_hi {
                for l in lo..=ex_hi {
                    if t.d2.contains(l) && (gg == 1 || l % gg == k % gg) {
                        a2.add_point((y0 + l) as usize);
                    }
                }
                work = work.saturating_add(ex_hi - lo + 1);
            }
            let plo = lo.max(t2 + 1);
            if plo <= hi {
                let (c0, step) = if gg > 1 { (k % gg, gg) } else { (0, 1) };
                for c in (c0..stride2).step_by(step as usize) {
                    work += 1;
                    if !in_d2[c as usize] {
                        continue;
                    }
                    let first = plo + (c + stride2 - plo % stride2) % stride2;
                    if first <= hi {
                        a2.add_range((y0 + first) as usize, (y0 + hi) as usize);
                    }
                }
            }
        }
        for y in 0..cols {
            let cnt = a2.value(y) + av.value(y);
            if cnt != 0 || !r.on_board(x as u64, y as u64) {
                continue;
            }
            ps.push((x as u32, y as u32));
            let room = (cols - 1 - y) as u64;
            for l in 1..=tv.min(room) {
                if v.contains(l) {
                    av.add_point(y + l as usize);
                }
            }
            work = work.saturating_add(tv.min(room));
            let plo = tv + 1;
            if plo <= room {
                for &c in &rv {
                    let first = plo + (c + kv - plo % kv) % kv;
                    if first <= room {
                        av.add_range(y + first as usize, cols - 1);
                    }
                }
            }
        }
    }
    Some(ps)
}
