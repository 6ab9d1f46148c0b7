//! Outcome kernels: which positions are P on a board. [`super::select`]
//! orders them (linear, band, residue, sparse, counters); each checks its own scope again.
//!
//! - [`linear`]: one-pile moves of every length, a narrow band or a cone of
//!   two-pile moves (blocking, corner, misère): the P-positions in near-linear
//!   time by jumps over dead columns and attacked diagonals; streams.
//! - [`band`]: one-pile moves of any length plus a band of diagonals (blocking,
//!   corner, misère); P-positions can be streamed row by row.
//! - [`residue`]: one-pile lengths of an eventually periodic set, a band of
//!   two-pile moves: bit-parallel rows (column residues, diagonal window); streams.
//! - [`sparse`]: sparse attack sets, keeping only the P-positions (no blocking);
//!   [`sparse_rect`] the same on a rectangle (for `sequence`'s a-order pairs).
//! - [`counters`]: the general counter solver, any memoryless rule (slowest, the
//!   last choice), with [`super::geometry`] counting the unbounded regions.

/// The entry points of a row kernel `$k` (a [`RowKernel`] built by
/// `$k::new(r, n) -> Option<$k>`, its corner columns in the field `$v`):
/// `outcomes` (the table) and `stream_p_positions` (rows to a sink, progress
/// every `$every` rows), both `None` when `r` is out of the kernel's scope.
macro_rules! row_kernel_entry_points {
    ($k:ident, $every:expr, $v:ident) => {
        /// The outcome table by the kernel (`None` when `r` is out of its scope).
        pub fn outcomes(r: &Rules, n: usize) -> Option<crate::solve::table::OutcomeTable> {
            Some(crate::solve::outcome::table_of($k::new(r, n)?, n))
        }

        /// Stream the P-positions of `r` on the `n x n` board, row by row in
        /// sorted order: `sink(x, ys)`, with `progress(rows_done)`. `None` when
        /// `r` is out of the kernel's scope.
        pub fn stream_p_positions(
            r: &Rules,
            n: usize,
            progress: &mut dyn FnMut(u64),
            sink: impl FnMut(u64, &[u32]),
        ) -> Option<()> {
            crate::solve::outcome::stream_of($k::new(r, n)?, n, $every, progress, sink);
            Some(())
        }

        impl crate::solve::outcome::RowKernel for $k {
            fn next_row(&mut self) -> &[u32] {
                $k::next_row(self)
            }
            fn corner(&self) -> (usize, usize) {
                (self.u, self.$v)
            }
        }
    };
}

pub mod band;
pub mod counters;
pub mod linear;
pub mod pass;
pub mod residue;
pub mod sparse;
pub mod sparse_rect;

/// A kernel that produces the P-positions of its board row by row (`linear`,
/// `band`, `residue`): the table and the stream are written once, here.
pub trait RowKernel {
    /// The P-positions `y` of the next row `x`, sorted.
    fn next_row(&mut self) -> &[u32];
    /// The removed corner: the rows below `.0` have their columns below `.1`
    /// off the board.
    fn corner(&self) -> (usize, usize);
}

/// The outcome table of the `n x n` board from a row kernel.
pub(crate) fn table_of(mut k: impl RowKernel, n: usize) -> crate::solve::table::OutcomeTable {
    use crate::solve::table::{CELL_N, CELL_OFF, CELL_P};
    let mut cells = vec![CELL_N; n * n];
    for x in 0..n {
        for &y in k.next_row() {
            cells[x * n + y as usize] = CELL_P;
        }
        let (u, v) = k.corner();
        if x < u {
            for c in &mut cells[x * n..x * n + v.min(n)] {
                *c = CELL_OFF;
            }
        }
    }
    crate::solve::table::OutcomeTable::from_cells(n, cells)
}

/// Stream the rows of a row kernel on the `n x n` board: `sink(x, ys)`, and
/// `progress(rows_done)` every `every` rows and at the end.
pub(crate) fn stream_of(
    mut k: impl RowKernel,
    n: usize,
    every: usize,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, &[u32]),
) {
    for x in 0..n {
        sink(x as u64, k.next_row());
        if x % every == every - 1 {
            progress(x as u64 + 1);
        }
    }
    progress(n as u64);
}
