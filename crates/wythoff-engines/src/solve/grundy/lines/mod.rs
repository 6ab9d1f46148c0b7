//! The line-bitset Grundy kernel for band and residue games: any memoryless
//! normal-play rules without blocking whose one-pile length sets are eventually
//! periodic and whose two-pile moves, if any, are a band of diagonals
//! `|l - k| < w` ([`crate::rules::Relation::band_width`]) with eventually periodic
//! `d1`, `d2`. This covers m-Wythoff, the corner and shifted boards, Connell's
//! game, the modulo-rook games and seed 003's frame at `s = 1`; which rules
//! qualify is decided from the [`Rules`] value alone.
//!
//! Every kind of move is a *family*: a direction (column, row, or the diagonal
//! with offset `delta = l - k`), and the set `S` of steps `k >= 1` along it (for
//! the diagonal `delta`, `S = {k in d1 : k + delta in d2}`), eventually periodic
//! with threshold `T` and period `K`. The targets of a cell in one family are
//! the cells of one line at steps `k in S`; the steps `k <= T` are looked up one
//! by one, the steps `k > T` are unions of whole residue classes of the line,
//! kept as value bitsets per (line, class), *delayed by `T` steps*: a column or
//! diagonal store of delay `T` holds the rows up to `x - 1 - T` while row `x` is
//! solved (updated in bulk when a row starts), the row store of delay `T` holds
//! the columns up to `y - 1 - T` (updated as the sweep moves). Families with the
//! same direction, delay and period share a store. The mex is then the first
//! value in none of the selected bitsets, searched as in [`super::nim_like`]
//! (block-major bitsets, one cache line per block, starting at the largest mex
//! of the selected bitsets), and no bitset is ever copied cell by cell.
//!
//! Symmetric rules are solved on `y >= x` only, as in [`super::nim_like`].
//!
//! Two orders compute the same values: the row kernel ([`stream_rows`], row
//! after row, the plain order) and the tiled kernel ([`tiled`], behind
//! [`stream_threads`]): stripes of 64 rows cut into skewed
//! bands, so that the bitsets a tile reads stay in the cache, on `T` workers
//! as the wavefront of [`super::nim_like::tiled`]; there the diagonal
//! families of one store and residue set read one *union* line per diagonal.
//! The row kernel is checked against the option-enumerating solvers, the
//! tiled kernel against the row kernel and the reference, for 1, 2 and 3
//! workers, in `tests/engines.rs`.
//!
//! ## Files
//!
//! - `layout.rs`: the families of moves and their stores, from the rules;
//! - `refs.rs`: the bitsets a cell reads (`Ref`), the pending rows a row
//!   adds to the stores (`Pend`), the mex search;
//! - `rows.rs`: the row kernel ([`stream_rows`]);
//! - `stores.rs`: the tiled kernel's stores, skew and shared board;
//! - `tiler.rs`: the tiled kernel's workers and [`tiled`];
//! - here: the scope, the memory estimates and [`stream_threads`].

mod layout;
mod refs;
mod rows;
mod stores;
mod tiler;

pub use rows::stream_rows;
pub use tiler::tiled;

use crate::rules::Rules;
use crate::solve::wavefront::{block_count, BLOCK_WORDS, TILE_COLS, TILE_ROWS};
use layout::{Dir, Layout};
use stores::{ring_rows, TStore};

/// Is `r` in the scope of the kernel?
pub fn applies(r: &Rules) -> bool {
    Layout::new(r).is_some()
}

/// Bytes of state for side `n`, or `None` when the kernel does not apply.
pub fn memory_estimate(r: &Rules, n: u64) -> Option<u64> {
    let p = Layout::new(r)?;
    memory_estimate_values(r, n, p.value_bound(n))
}

/// [`memory_estimate`] with the value bitsets of each line holding values
/// below `values` rather than the bound on every value: what the kernel
/// touches of what it allocates, when the values reach only `values`
/// (the resident bytes of its wrapper).
pub fn memory_estimate_values(r: &Rules, n: u64, values: u64) -> Option<u64> {
    // the tiled kernel (every entry point but `stream_rows`), with the
    // workers of rayon's pool: the column and diagonal stores, each worker's
    // row stores, the ring of values, and the kept upper triangle (u16) or
    // the stripes in flight
    let p = Layout::new(r)?;
    let line = block_count(values.min(p.value_bound(n))) as u64 * BLOCK_WORDS as u64 * 8 + 4;
    let w = p.width as usize;
    let nu = usize::try_from(n).unwrap_or(usize::MAX / 4);
    let lines: u64 = TStore::of(&p).iter().map(|t| t.lines(nu, w) as u64).sum();
    let threads = rayon::current_num_threads() as u64;
    let kr = p
        .fams
        .iter()
        .find(|f| f.dir == Dir::Row && !f.residues.is_empty())
        .map_or(0, |f| f.period as u64);
    let rows = threads * TILE_ROWS as u64 * kr;
    let ring = (ring_rows(&p, threads as usize) as u64).saturating_mul(n) * 4;
    let values = if keeps_triangle(r, n) {
        n.saturating_mul(n + TILE_ROWS as u64)
    } else {
        (2 * threads + 2) * TILE_ROWS as u64 * n * 4
    };
    Some(
        lines
            .saturating_add(rows)
            .saturating_mul(line)
            .saturating_add(ring)
            .saturating_add(values),
    )
}

/// Does the tiled kernel solve symmetric rules on `y >= x` only (keeping the
/// upper triangle as `u16`)? Only when the values fit `u16`.
pub fn keeps_triangle(r: &Rules, n: u64) -> bool {
    Layout::new(r).is_some_and(|p| sym_layout(r, &p) && p.value_bound(n) < u16::MAX as u64)
}

/// Symmetric rules whose row store can start as a column's (same sets).
fn sym_layout(r: &Rules, p: &Layout) -> bool {
    let row = p.stores.iter().any(|k| k.dir == Dir::Row);
    let col = p.stores.iter().any(|k| k.dir == Dir::Col);
    r.is_symmetric() && row == col
}

/// Compute the Grundy values: `sink(x, values_of_row_x)` in row order, with
/// `GRUNDY_OFF` for cells off the board, on `threads` workers (at least 1;
/// the values are the same for every count). `progress(rows_done)` every 64
/// rows. `None` when `r` is out of scope. The tiled kernel.
pub fn stream_threads(
    r: &Rules,
    n: usize,
    threads: usize,
    progress: &mut dyn FnMut(u64),
    sink: impl FnMut(u64, &[u32]),
) -> Option<()> {
    tiled(r, n, threads, true, TILE_COLS, progress, sink)
}
