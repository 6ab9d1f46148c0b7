//! What every kernel fills and reads, below all of them: the outcome and Grundy
//! tables ([`OutcomeTable`], [`GrundyTable`], the Grundy rows' [`RowsTable`]), the outcome rule ([`decide`]),
//! the scopes every Grundy kernel shares ([`has_grundy_values`],
//! [`fast_grundy_scope`]), the memory budget ([`memory_budget`]) and the
//! workers of the row pipelines ([`outcome_threads`]). It imports no other
//! file of `solve/`: the kernels, the wrappers and the dispatchers stand on it.

use crate::error::{BoardArg, NoGrundy, SolveError};
use crate::rules::{Convention, Game, Memory, Rules};

/// Outcome of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Previous player wins.
    P,
    /// Next player wins.
    N,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// Cell codes of an [`OutcomeTable`].
pub const CELL_N: u8 = 0;
pub const CELL_P: u8 = 1;
pub const CELL_OFF: u8 = 2;

/// Outcomes of every cell of the `n x n` board, row-major (`x` = first pile).
#[derive(Clone, PartialEq, Eq)]
pub struct OutcomeTable {
    n: usize,
    cells: Vec<u8>,
}

impl std::fmt::Debug for OutcomeTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "OutcomeTable(n = {})", self.n)?;
        for x in 0..self.n {
            let row: String = (0..self.n)
                .map(|y| match self.cells[x * self.n + y] {
                    CELL_P => 'P',
                    CELL_N => '.',
                    _ => ' ',
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

impl OutcomeTable {
    pub fn new(n: usize) -> Self {
        OutcomeTable {
            n,
            cells: vec![CELL_N; n * n],
        }
    }
    pub fn from_cells(n: usize, cells: Vec<u8>) -> Self {
        assert_eq!(cells.len(), n * n);
        OutcomeTable { n, cells }
    }
    pub fn size(&self) -> usize {
        self.n
    }
    /// `None` when the cell is not on the board (removed corner).
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> Option<Outcome> {
        match self.cells[x * self.n + y] {
            CELL_P => Some(Outcome::P),
            CELL_N => Some(Outcome::N),
            _ => None,
        }
    }
    #[inline]
    pub fn is_p(&self, x: usize, y: usize) -> bool {
        self.cells[x * self.n + y] == CELL_P
    }
    #[inline]
    pub fn set(&mut self, x: usize, y: usize, c: u8) {
        self.cells[x * self.n + y] = c;
    }
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
    /// Every P-position, sorted by x then y.
    pub fn p_positions(&self) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for x in 0..self.n {
            for y in 0..self.n {
                if self.is_p(x, y) {
                    out.push((x as u64, y as u64));
                }
            }
        }
        out
    }
}

/// Grundy values of every cell, row-major; `u32::MAX` marks cells off the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrundyTable {
    n: usize,
    values: Vec<u32>,
}

pub const GRUNDY_OFF: u32 = u32::MAX;

/// The common scope of the Grundy kernels: memoryless rules without blocking,
/// in normal play (Sprague-Grundy values are defined there).
pub(crate) fn has_grundy_values(r: &crate::rules::Rules) -> bool {
    !r.has_pass()
        && r.memory() == crate::rules::Memory::None
        && r.blocking().is_none()
        && r.convention() == crate::rules::Convention::Normal
}

/// The scope of the fast Grundy kernels: Grundy values, and every position
/// has every move that fits (no terminal set; the plain kernel answers those).
pub(crate) fn fast_grundy_scope(r: &crate::rules::Rules) -> bool {
    has_grundy_values(r) && r.terminal().is_none()
}

impl GrundyTable {
    pub fn from_values(n: usize, values: Vec<u32>) -> Self {
        assert_eq!(values.len(), n * n);
        GrundyTable { n, values }
    }

    /// The whole `n x n` table of a streaming kernel (`stream(sink)` hands its
    /// rows to `sink` in order; `None` when the kernel does not apply).
    pub(crate) fn collect(
        n: usize,
        stream: impl FnOnce(&mut dyn FnMut(u64, &[u32])) -> Option<()>,
    ) -> Option<Self> {
        let mut v = Vec::with_capacity(n * n);
        stream(&mut |_, row| v.extend_from_slice(row))?;
        Some(GrundyTable::from_values(n, v))
    }
    pub fn size(&self) -> usize {
        self.n
    }
    /// `None` off the board.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> Option<u32> {
        let v = self.values[x * self.n + y];
        (v != GRUNDY_OFF).then_some(v)
    }
    /// The values, row-major, as an owned vector.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }
    pub fn values(&self) -> &[u32] {
        &self.values
    }
    pub fn max_value(&self) -> u32 {
        self.values
            .iter()
            .copied()
            .filter(|&v| v != GRUNDY_OFF)
            .max()
            .unwrap_or(0)
    }
}

/// The law of one certified row: `G(x, y + period) = G(x, y) + saltus` for
/// every `y >= preperiod` (the least preperiod and period).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RowLaw {
    pub row: u64,
    pub preperiod: u64,
    pub period: u64,
    pub saltus: u64,
    /// The columns `m1 < m2` where the row's window repeated.
    pub repeat: [u64; 2],
    /// `L`: the lcm of the periods of the rows the options reach (states are
    /// compared at the columns `y = 0 mod L`).
    pub phases: u64,
    /// `y0`: from here every earlier cell read is past its row's preperiod.
    pub start: u64,
    /// `c`: the cells of earlier rows among the options (window `[-c, c)`).
    pub window: u64,
}

/// One row: certified, or computed only (and why not certified).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowStatus {
    Proved(RowLaw),
    Unproved {
        row: u64,
        window: u64,
        reason: String,
    },
}

impl RowStatus {
    pub fn law(&self) -> Option<&RowLaw> {
        match self {
            RowStatus::Proved(l) => Some(l),
            RowStatus::Unproved { .. } => None,
        }
    }
}

/// Rows `0..rows` over the columns `0..columns`: exact values and each row's status
/// (what the Grundy row kernel fills, `grundy/rows.rs`).
#[derive(Clone, Debug)]
pub struct RowsTable {
    columns: usize,
    rel: Vec<i16>,
    status: Vec<RowStatus>,
}

impl RowsTable {
    /// The rows' values relative to the column (`G(x, y) - y`, row-major over
    /// `columns` columns) and each row's status.
    pub(crate) fn from_parts(columns: usize, rel: Vec<i16>, status: Vec<RowStatus>) -> RowsTable {
        debug_assert_eq!(rel.len(), columns * status.len());
        RowsTable {
            columns,
            rel,
            status,
        }
    }
    pub fn rows(&self) -> u64 {
        self.status.len() as u64
    }
    pub fn columns(&self) -> u64 {
        self.columns as u64
    }
    pub fn status(&self) -> &[RowStatus] {
        &self.status
    }
    /// `G(x, y)` for `x < rows`, `y < columns`.
    pub fn value(&self, x: u64, y: u64) -> u64 {
        let v = self.rel[x as usize * self.columns + y as usize] as i64 + y as i64;
        v as u64
    }
    /// `G(x, y) - y` for `y < columns`.
    pub fn relative_row(&self, x: u64) -> &[i16] {
        &self.rel[x as usize * self.columns..(x as usize + 1) * self.columns]
    }
}

/// `len` zeroed `AtomicU32`s, allocated zeroed (untouched pages cost nothing).
pub(crate) fn zeroed_atomic_u32(len: usize) -> Vec<std::sync::atomic::AtomicU32> {
    let v = std::mem::ManuallyDrop::new(vec![0u32; len]);
    let (ptr, len, cap) = (v.as_ptr() as *mut u32, v.len(), v.capacity());
    // SAFETY: `AtomicU32` has the size, alignment and bit validity of `u32`
    // (std documentation), so the allocation is a valid `Vec<AtomicU32>` of the
    // same length and capacity; the original vector is not dropped.
    unsafe { Vec::from_raw_parts(ptr as *mut std::sync::atomic::AtomicU32, len, cap) }
}

/// A byte slice viewed as atomics, for the row pipeline's shared table.
pub(crate) fn atomic_bytes(v: &mut [u8]) -> &[std::sync::atomic::AtomicU8] {
    // SAFETY: `AtomicU8` has the size, alignment and bit validity of `u8`, and
    // the exclusive borrow of `v` lasts as long as the view.
    unsafe { &*(v as *mut [u8] as *const [std::sync::atomic::AtomicU8]) }
}

/// Memory budget for one request (bytes) when nothing is known about the
/// machine: most of a 24 GiB machine. The binary replaces it with
/// [`budget_from_limits`] of the machine's numbers ([`set_memory_budget`]).
pub const DEFAULT_MEMORY_BUDGET: u64 = 16 << 30;

static MEMORY_BUDGET: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(DEFAULT_MEMORY_BUDGET);

/// The memory budget every solver checks its estimate against (bytes).
pub fn memory_budget() -> u64 {
    MEMORY_BUDGET.load(std::sync::atomic::Ordering::Relaxed)
}

/// Set the memory budget for the rest of the process (bytes, as given: a user's
/// explicit budget is honoured however small; [`budget_from_limits`] keeps its
/// own floor of 64 MiB).
pub fn set_memory_budget(bytes: u64) {
    MEMORY_BUDGET.store(bytes, std::sync::atomic::Ordering::Relaxed);
}

/// The budget from the machine's limits (bytes; `None` = unknown or unlimited):
/// `available` memory (`MemAvailable`), the `cgroup` memory limit, and the address
/// space limit `rlimit_as`. Three quarters of the smallest, leaving room for the
/// program, its threads and the allocator; [`DEFAULT_MEMORY_BUDGET`] when none is
/// known. The library does no I/O: the caller reads the numbers.
pub fn budget_from_limits(
    available: Option<u64>,
    cgroup: Option<u64>,
    rlimit_as: Option<u64>,
) -> u64 {
    [available, cgroup, rlimit_as]
        .into_iter()
        .flatten()
        .map(|b| b / 4 * 3)
        .min()
        .unwrap_or(DEFAULT_MEMORY_BUDGET)
        .max(64 << 20)
}

/// Workers of the general solver's row pipeline on the `n x n` board: the
/// threads of rayon's pool (the CLI's `--threads`, Python's and rayon's
/// defaults alike), at most one per 64 rows, one below 256 rows, and one on a
/// thread of that pool (`verify`'s claims and `sweep`'s games already keep
/// every thread busy; workers that wait on each other would only spin). The
/// table does not depend on it.
pub fn outcome_threads(n: usize) -> usize {
    if n < 256 || rayon::current_thread_index().is_some() {
        1
    } else {
        rayon::current_num_threads().clamp(1, n / 64)
    }
}

pub(crate) fn require_memoryless(game: &Game) -> Result<(), SolveError> {
    match game.memory() {
        Memory::None => Ok(()),
        Memory::Imitation { .. } => Err(SolveError::Unsupported(
            "this game has a memory rule (Imitation Nim): its outcomes depend on the history; use the imitation solver"
                .into(),
        )),
    }
}

/// Combine per-variant tables of a choice game: P iff P in some variant whose
/// board holds the position; off the board iff off every variant's board.
pub fn combine_choice(tables: Vec<OutcomeTable>) -> OutcomeTable {
    let mut it = tables.into_iter();
    let mut acc = it.next().expect("a game has at least one variant");
    for t in it {
        for (a, b) in acc.cells.iter_mut().zip(t.cells) {
            *a = match (*a, b) {
                (CELL_P, _) | (_, CELL_P) => CELL_P,
                (CELL_OFF, CELL_OFF) => CELL_OFF,
                _ => CELL_N,
            };
        }
    }
    acc
}

/// Why a game has no Sprague-Grundy values, if it has none.
pub fn grundy_unsupported(game: &Game) -> Option<NoGrundy> {
    if game.is_choice() {
        return Some(NoGrundy::Choice);
    }
    if game.has_blocking() {
        return Some(NoGrundy::Blocking);
    }
    if game.convention() == Convention::Misere {
        return Some(NoGrundy::Misere);
    }
    if game.memory() != Memory::None {
        return Some(NoGrundy::Memory);
    }
    if game.has_pass() {
        return Some(NoGrundy::Pass);
    }
    None
}

/// `n x n` needs `need` bytes for `what`, over the memory budget.
pub(crate) fn over_memory(n: usize, what: &str, need: u64) -> SolveError {
    SolveError::OverMemory {
        arg: BoardArg::Max,
        n: n as u64,
        what: Some(what.to_string()),
        need,
        budget: memory_budget(),
    }
}

/// The outcome of one position from per-option outcomes, by the blocking and
/// misère rules of docs/games.md section 2: used by the reference and the general
/// counter solver (the band and sparse kernels apply the same rule inline, and
/// `tests/engines.rs` checks every kernel against the reference).
///
/// `p_out`: P-options outside the block class; `p_in`: P-options inside it;
/// `opts_out`, `opts_in`: all options outside / inside the class.
#[inline]
pub fn decide(rules: &Rules, p_out: u64, p_in: u64, opts_out: u64, opts_in: u64) -> Outcome {
    let misere = rules.convention() == Convention::Misere;
    match rules.blocking() {
        None => {
            let p = p_out + p_in;
            let opts = opts_out + opts_in;
            if p > 0 || (misere && opts == 0) {
                Outcome::N
            } else {
                Outcome::P
            }
        }
        Some(b) => {
            if p_out > 0 || p_in >= b.p {
                Outcome::N
            } else if misere && opts_out == 0 && opts_in == p_in {
                // every option is an in-class P-option, fewer than p: all blocked
                Outcome::N
            } else {
                Outcome::P
            }
        }
    }
}
