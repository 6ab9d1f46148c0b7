//! Grundy values of any memoryless normal-play rules without blocking whose
//! two-pile moves are a band of diagonals, the (s,t) cone (`s >= 2`) or the
//! congruence `k = l (mod m)`, with eventually periodic length sets: the mex of a
//! union of value bitsets, each built by a recurrence, instead of a visit to every
//! option (a cone position has `O(x y)` options).
//!
//! [`crate::solve::geometry::region`] now answers the cone and the congruence with purely
//! periodic sets without a copy per cell, and [`super::lines`] the band
//! games; this kernel serves the rest (eventually periodic sets, moduli beyond
//! theirs).
//!
//! - Along a line (row, column, diagonal) with period `K`, the *stepped union*
//!   `W(c) = {g(c)} ∪ W(c - K dir)` holds the values at the line's cells of one
//!   residue class; the options of a family at steps `k = r (mod K)` beyond its
//!   threshold are then one bitset `W(origin - k1 dir)` (`k1` the first such step),
//!   as in [`crate::solve::outcome::counters`]'s stepped prefix sums; the steps up to the threshold
//!   are looked up one by one.
//! - The cone and the congruence decompose as `C = (C + v1) ∪ (C + v2) ∪ E`
//!   ([`crate::solve::geometry::region`]); for value *sets* the overlap needs no correction:
//!   `V_c(x, y) = V_c'((x, y) - v1) ∪ V_c''((x, y) - v2) ∪ {g(x - k, y - l) : (k, l) in E_c}`
//!   per residue class `c` of `(k mod K1, l mod K2)`.
//!
//! Bitsets hold `64 B` values; a mex that would need more restarts the solve with
//! twice the width. Arrays keep the last rows only (rings). Checked against the
//! option-enumerating solver in `tests/engines.rs` (random rules and catalogue).

use crate::rules::{Relation, Rules};
use crate::solve::geometry::families::LineLayout;
use crate::solve::geometry::region::RegionShape;
use crate::solve::table::{GrundyTable, GRUNDY_OFF};

/// Largest ring depth (rows) this kernel accepts; beyond it the plain solver runs.
const MAX_DEPTH: usize = 256;

/// Is `r` in the scope of the kernel?
pub fn applies(r: &Rules) -> bool {
    crate::solve::table::fast_grundy_scope(r)
        && r.two_pile().map_or(true, |t| match t.relation {
            Relation::Diagonal | Relation::Band { .. } => true,
            _ => RegionShape::new(r).is_some(),
        })
}

/// One stepped-union array: direction, period, and a ring of `depth` rows of
/// `n` bitsets of `b` words.
struct Union {
    dx: usize,
    dy: usize,
    period: usize,
    mask: usize,
    bits: Vec<u64>,
}

/// What a solve of `r` on the `n x n` board uses: the line families and their
/// union arrays, the region decomposition, and its ring depth.
struct Layout {
    lines: LineLayout,
    shape: Option<RegionShape>,
    region_depth: usize,
}

impl Layout {
    /// `None` when a ring would exceed [`MAX_DEPTH`] rows.
    fn new(r: &Rules, n: usize) -> Option<Layout> {
        let shape = RegionShape::new(r);
        let lines = LineLayout::new(r, n, shape.is_some());
        let region_rows = shape.as_ref().map_or(0, |s| {
            (s.v.iter().map(|&(dx, _)| dx).max().unwrap_or(0) + 1).min(n.max(1))
        });
        if region_rows > MAX_DEPTH || lines.arrays.iter().any(|a| a.3 > MAX_DEPTH) {
            return None;
        }
        Some(Layout {
            lines,
            shape,
            region_depth: region_rows.next_power_of_two(),
        })
    }
}

/// Bytes the kernel needs on the `n x n` board (first attempt), or `None` when
/// it does not apply.
pub fn memory_estimate(r: &Rules, n: u64) -> Option<u64> {
    if !applies(r) {
        return None;
    }
    let layout = Layout::new(r, n as usize)?;
    let words = initial_words(n as usize) as u64;
    let classes = layout.shape.as_ref().map_or(0, |s| s.classes as u64);
    let cells = layout.lines.arrays.iter().map(|a| a.3 as u64).sum::<u64>()
        + layout.region_depth as u64 * classes;
    Some(
        cells
            .saturating_mul(n)
            .saturating_mul(words * 8)
            .saturating_add(n.saturating_mul(n).saturating_mul(4)),
    )
}

fn initial_words(n: usize) -> usize {
    (3 * n) / 64 + 2
}

#[inline]
fn or_into(acc: &mut [u64], src: &[u64]) {
    for (a, s) in acc.iter_mut().zip(src) {
        *a |= s;
    }
}

/// The Grundy table, or `None` when `r` is out of scope (or its rings too
/// deep), calling `progress(rows_done)` every 16 rows (a restart with wider
/// bitsets starts the count again).
pub fn grundy_with_progress(
    r: &Rules,
    n: usize,
    progress: &mut dyn FnMut(u64),
) -> Option<GrundyTable> {
    if !applies(r) {
        return None;
    }
    let layout = Layout::new(r, n)?;
    Some(solve_from(r, n, &layout, initial_words(n), progress))
}

/// Solve with bitsets of `words` words, doubling until every value fits.
fn solve_from(
    r: &Rules,
    n: usize,
    layout: &Layout,
    mut words: usize,
    progress: &mut dyn FnMut(u64),
) -> GrundyTable {
    loop {
        match attempt(r, n, layout, words, progress) {
            Some(t) => return t,
            None => words *= 2,
        }
    }
}

/// One solve with bitsets of `w` words: `None` when a value does not fit.
fn attempt(
    r: &Rules,
    n: usize,
    layout: &Layout,
    w: usize,
    progress: &mut dyn FnMut(u64),
) -> Option<GrundyTable> {
    let fams = &layout.lines.fams;
    let (shape, region_depth) = (layout.shape.as_ref(), layout.region_depth);
    let mut unions: Vec<Union> = layout
        .lines
        .arrays
        .iter()
        .map(|&(dx, dy, period, depth)| Union {
            dx,
            dy,
            period,
            mask: depth.saturating_sub(1),
            bits: vec![0; depth * n * w],
        })
        .collect();
    let rmask = region_depth.saturating_sub(1);
    let classes = shape.map_or(0, |s| s.classes);
    // V[class] rings: ((x & rmask) * n + y) * w
    let mut region: Vec<Vec<u64>> = (0..classes)
        .map(|_| vec![0; region_depth * n * w])
        .collect();
    let mut g = vec![GRUNDY_OFF; n * n];
    let mut acc = vec![0u64; w];
    let mut tmp = vec![0u64; w];
    let set = |bits: &mut [u64], v: u32| bits[(v / 64) as usize] |= 1 << (v % 64);
    for x in 0..n {
        if x % 16 == 15 {
            progress(x as u64);
        }
        for y in 0..n {
            let on = r.on_board(x as u64, y as u64);
            // region value sets of (x, y), per class (needed whether or not the
            // cell is on the board: later cells read them)
            if let Some(sh) = shape {
                for c in 0..classes {
                    tmp.iter_mut().for_each(|t| *t = 0);
                    for (i, &(dx, dy)) in sh.v[..2].iter().enumerate() {
                        if x >= dx && y >= dy {
                            let o = (((x - dx) & rmask) * n + (y - dy)) * w;
                            or_into(&mut tmp, &region[sh.src[c][i]][o..o + w]);
                        }
                    }
                    for &(k, l) in &sh.e[c] {
                        if x >= k && y >= l {
                            let v = g[(x - k) * n + (y - l)];
                            if v != GRUNDY_OFF {
                                set(&mut tmp, v);
                            }
                        }
                    }
                    let o = ((x & rmask) * n + y) * w;
                    region[c][o..o + w].copy_from_slice(&tmp);
                }
            }
            let value = if on {
                acc.iter_mut().for_each(|a| *a = 0);
                for f in fams {
                    let Some((ox, oy, kmax)) = f.origin(x, y) else {
                        continue;
                    };
                    for k in f.kmin..=f.tex.min(kmax) {
                        if (f.member)(k) {
                            let v = g[(ox - k as usize * f.dx) * n + oy - k as usize * f.dy];
                            if v != GRUNDY_OFF {
                                set(&mut acc, v);
                            }
                        }
                    }
                    if f.kmin.max(f.tex + 1) > kmax {
                        continue;
                    }
                    let u = &unions[f.prefix];
                    for &k1 in &f.first_steps {
                        if k1 <= kmax {
                            let (cx, cy) = (ox - k1 as usize * u.dx, oy - k1 as usize * u.dy);
                            let o = ((cx & u.mask) * n + cy) * w;
                            or_into(&mut acc, &u.bits[o..o + w]);
                        }
                    }
                }
                if let Some(sh) = shape {
                    for &c in &sh.allowed {
                        let o = ((x & rmask) * n + y) * w;
                        or_into(&mut acc, &region[c][o..o + w]);
                    }
                }
                let i = acc.iter().position(|&a| a != !0)?;
                let v = i as u32 * 64 + (!acc[i]).trailing_zeros();
                if v as usize >= 64 * w - 1 {
                    return None;
                }
                v
            } else {
                GRUNDY_OFF
            };
            g[x * n + y] = value;
            // stepped unions through (x, y)
            for u in unions.iter_mut().filter(|u| !u.bits.is_empty()) {
                let o = ((x & u.mask) * n + y) * w;
                let (bx, by) = (u.period * u.dx, u.period * u.dy);
                if x >= bx && y >= by {
                    let b = (((x - bx) & u.mask) * n + (y - by)) * w;
                    u.bits.copy_within(b..b + w, o);
                } else {
                    u.bits[o..o + w].iter_mut().for_each(|t| *t = 0);
                }
                if value != GRUNDY_OFF {
                    set(&mut u.bits[o..o + w], value);
                }
            }
        }
    }
    Some(GrundyTable::from_values(n, g))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse_game;

    /// Bitsets far too narrow at first: the restarts give the same table.
    #[test]
    fn restarts_when_values_do_not_fit() {
        for name in [
            "st-wythoff:s=2,t=1",
            "modular:m=3",
            "m-wythoff:m=3",
            "odd-even:s=2,t=1",
        ] {
            let g = parse_game(name).unwrap().game;
            let r = g.as_single().unwrap();
            let n = 70;
            let want = crate::solve::reference::grundy(r, n);
            assert!(
                want.max_value() > 64,
                "{name}: values should overflow one word"
            );
            let layout = Layout::new(r, n).unwrap();
            assert_eq!(solve_from(r, n, &layout, 1, &mut |_| {}), want, "{name}");
        }
    }
}
