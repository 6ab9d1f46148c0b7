//! Plans: which games a shard runs, and its estimated time and memory.

use super::*;
#[allow(unused_imports)]
use crate::catalogue::{self, parse_game, NamedGame, ParamKind};
#[allow(unused_imports)]
use crate::error::RuleError;

/// Memory of the process besides the boards (binary, runtime, threads), bytes:
/// measured 5.5 MB peak for sweeps of tiny boards.
pub const BASE_MEMORY: u64 = 6 << 20;
/// Memory per combination a shard keeps while it runs (its number), bytes.
pub(super) const PER_INDEX_MEMORY: u64 = 8;

/// The cost model of one game of a sweep (see docs/performance.md, "Sweeps"):
/// estimated CPU picoseconds and peak bytes. `patterns` solves the board and
/// reads its structure; where a paper states something the board is solved a
/// second time and compared with the statement on every cell.
fn game_cost(named: &NamedGame, max: u64, convention: crate::rules::Convention) -> (u128, u64) {
    let game = named.game.with_convention(convention);
    let n = max as u128;
    // the solve, per variant by the kernel the library picks (twice in misère
    // play): measured user time on one thread, `p-positions --format summary`
    // at 2000 (docs/performance.md, "Sweeps"): the band kernel under 1 ns a
    // cell, the sparse one 10 ns (connell, modulo-rook), the counters 40 ns
    let board_cells = n * n;
    let solve_ps: u128 = game
        .variants()
        .iter()
        .map(|r| crate::solve::plan::sweep_solve_ps(&r.for_board(max), max))
        .sum();
    let theorem = if matches!(game.memory(), crate::rules::Memory::None) {
        theorem_kind(named, convention)
    } else {
        TheoremKind::None
    };
    // reading the structure (`patterns`) about 8 ns a cell of the board; a
    // theorem adds its comparison on every cell: 40 ns for a set tested by its
    // form (odd-odd), 140 ns for pairs of sequences (Beatty, recurrences:
    // m-wythoff, connell, modulo-rook, roob-blocking at 1000 and 2000; the
    // fast ones, st-wythoff, 35 ns)
    let per_board_cell = crate::solve::cost::PATTERNS_CELL_PS
        + match theorem {
            TheoremKind::None => 0,
            TheoremKind::Form => 40_000,
            TheoremKind::Pairs => 140_000,
        };
    let theorem = theorem != TheoremKind::None;
    let ps = GAME_OVERHEAD_PS + solve_ps + board_cells.saturating_mul(per_board_cell);
    // the board, the patterns' bit board, the table for the theorem (a
    // game's length sets are a few pieces, whatever its parameters)
    // (the solver's estimate of the game cut to the board, as the solver
    // solves it: a threshold of 10^6 costs nothing on a board of 600), and the
    // P-positions `patterns` lists, about 40 bytes each (odd-odd misère at
    // 1500: 562 500 of them, 21 MiB a game)
    let (board, listed) = (
        crate::solve::plan::sweep_board_memory(&game, max),
        crate::solve::probe::p_positions_estimate(&game, max).saturating_mul(40),
    );
    let mem = board
        .saturating_mul(if theorem { 3 } else { 2 })
        .saturating_add(max.saturating_mul(max) / 8)
        .saturating_add(listed);
    (ps, mem)
}

/// The cost model of a game runs the solver's probes (small boards solved:
/// milliseconds a game; 72,000 games costed one by one took over 6 minutes):
/// a shard's plan costs every `stride`-th game (at most about 1024 per
/// shard), each standing for the games up to the next one, and the largest
/// memory of them for the shard (the games of one sweep share the board).
fn cost_stride(spec: &Spec, shards: u64) -> u64 {
    (spec.total() / shards.max(1) / 1024).max(1)
}

/// Fixed cost of one game (build, patterns of a tiny board, the record), ps.
const GAME_OVERHEAD_PS: u128 = 25_000_000;
/// Cost of enumerating one combination (values, text, a small game), ps:
/// 10^6 combinations of `odd-odd` took 2.1 s.
pub(super) const ENUMERATE_PS: u128 = 2_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TheoremKind {
    /// No paper states anything: the board is solved once.
    None,
    /// A set tested by its form (parities, residues, a finite list).
    Form,
    /// Pairs of sequences (Beatty, recurrences), tested in big integers.
    Pairs,
}

/// Does a paper state something for this game (so that [`theorem_lazy`]
/// solves and compares the board), and of which kind?
fn theorem_kind(named: &NamedGame, convention: crate::rules::Convention) -> TheoremKind {
    use crate::rules::Convention;
    let seed000_open = convention == Convention::Normal
        && matches!(named.entry_name, "modulo-rook" | "roob-blocking");
    if seed000_open {
        return TheoremKind::Pairs;
    }
    match crate::oracle::for_game(named.entry_name, &named.params, convention) {
        None => TheoremKind::None,
        Some(o) => match o.pair(&malachite_nz::natural::Natural::from(0u32)) {
            Ok(Some(_)) => TheoremKind::Pairs,
            _ => TheoremKind::Form,
        },
    }
}

/// The estimate of one shard: games, CPU time, largest game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShardCost {
    /// Games the shard solves (skipped combinations excluded).
    pub games: u64,
    /// Estimated CPU picoseconds of all its games.
    pub cpu_ps: u128,
    /// The largest per-game memory estimate (bytes).
    pub per_game_memory: u64,
    /// Estimated picoseconds to enumerate the whole sweep first (every shard
    /// does, on one thread).
    pub enumerate_ps: u128,
    /// A proof sweep: estimated wall seconds of its proofs (on the Java
    /// processes at once, [`crate::sweep::proof::proof_seconds`]).
    pub proof_seconds: u64,
    /// A proof sweep: bytes of its Java processes at once.
    pub proof_memory: u64,
    /// A proof sweep: its distinct games (proved once each; 0 otherwise).
    pub proofs: u64,
    /// A proof sweep: the most wall seconds its proofs can take (every game
    /// timing out, [`crate::sweep::proof::proof_seconds`]).
    pub proof_seconds_most: u64,
}

impl ShardCost {
    /// Count one game of the shard: every `stride`-th is costed by the model
    /// ([`game_cost`], see [`cost_stride`]) and `sampled` keeps its time;
    /// the games between two costed ones count at that time.
    fn add_game(
        &mut self,
        g: &NamedGame,
        max: u64,
        convention: crate::rules::Convention,
        stride: u64,
        sampled: &mut u128,
    ) {
        if self.games % stride == 0 {
            let (ps, mem) = game_cost(g, max, convention);
            *sampled = ps;
            self.per_game_memory = self.per_game_memory.max(mem);
        }
        self.games += 1;
        self.cpu_ps = self.cpu_ps.saturating_add(*sampled);
    }
    /// Estimated wall seconds on `threads` workers (at least 1): the
    /// enumeration, then the games' CPU time spread evenly over the workers (at
    /// most one per game).
    pub fn seconds(&self, threads: usize) -> u64 {
        let t = (threads.max(1) as u64).min(self.games.max(1)) as u128;
        let s = (self.enumerate_ps + self.cpu_ps / t).div_ceil(1_000_000_000_000);
        u64::try_from(s)
            .unwrap_or(u64::MAX)
            .max(1)
            .saturating_add(self.proof_seconds)
    }
    /// The most wall seconds on `threads` workers: [`ShardCost::seconds`] with
    /// the proofs' bound in place of their estimate.
    pub fn seconds_at_most(&self, threads: usize) -> u64 {
        (self.seconds(threads) - self.proof_seconds).saturating_add(self.proof_seconds_most)
    }
    /// A proof sweep's shard: `proofs` distinct games on `java` processes at
    /// once of `java_bytes` each, Walnut's `timeout` a game (the model of
    /// [`crate::sweep::proof::proof_seconds`]).
    pub fn add_proofs(&mut self, proofs: u64, java: usize, java_bytes: u64, timeout: u64) {
        let (secs, most) = crate::sweep::proof::proof_seconds(proofs, java, timeout);
        self.proofs = proofs;
        self.proof_seconds = secs;
        self.proof_seconds_most = most;
        self.proof_memory = (java as u64).saturating_mul(java_bytes);
    }
    /// Estimated peak bytes on `threads` workers: the process, the shard's
    /// list of combinations, and one board per worker.
    pub fn memory_bytes(&self, threads: usize) -> u64 {
        let t = (threads.max(1) as u64).min(self.games.max(1));
        BASE_MEMORY
            .saturating_add(self.games.saturating_mul(PER_INDEX_MEMORY))
            .saturating_add(self.per_game_memory.saturating_mul(t))
            .saturating_add(self.proof_memory)
    }
}

/// What a sweep (or one shard of it) will do.
#[derive(Clone, Debug)]
pub struct Plan {
    pub(super) spec: Spec,
    /// The sweep's identity (written on every record).
    pub identity: Identity,
    /// This shard (1-based `K/T`).
    pub shard: (u64, u64),
    /// Combinations of the whole sweep (skipped ones included).
    pub total: u64,
    /// The numbers of the combinations this run solves, in order.
    pub(super) indices: Vec<u64>,
    /// Skipped combinations of the whole sweep.
    pub skipped_total: u64,
    /// The first few reasons (whole sweep).
    pub skip_reasons: Vec<String>,
    /// The estimate of this shard.
    pub cost: ShardCost,
    /// Largest memory estimate of one combination of this shard (bytes).
    pub per_game_memory: u64,
    /// A proof sweep ([`Plan::group_distinct`]): for each of `indices`, the
    /// first combination of the whole sweep with the same moves.
    pub(super) reps: Option<Vec<u64>>,
}

/// Walk every combination of `spec` once: `each(index, game)` for the
/// combinations the rules accept; skips counted with their first reasons.
/// Each game is built, handed on, and dropped (the walk keeps nothing).
fn walk(spec: &Spec, each: &mut dyn FnMut(u64, &NamedGame)) -> (u64, Vec<String>, u128) {
    let (mut skipped, mut reasons) = (0u64, Vec::new());
    for i in 0..spec.total() {
        let c = spec.combination(i);
        match &c.game {
            Err(e) => {
                skipped += 1;
                if reasons.len() < 3 {
                    reasons.push(e.clone());
                }
            }
            Ok(g) => each(i, g),
        }
    }
    (skipped, reasons, spec.enumeration_ps())
}

impl Plan {
    /// Plan shard `k` of `t` (1-based) of the sweep `spec` on `max x max` boards:
    /// one walk over the combinations, keeping only the numbers of this shard's.
    pub fn new(
        spec: &Spec,
        shard: (u64, u64),
        max: u64,
        convention: crate::rules::Convention,
    ) -> Plan {
        let mut indices = Vec::new();
        let mut cost = ShardCost::default();
        let stride = cost_stride(spec, shard.1);
        let mut sampled = 0u128;
        let (skipped_total, skip_reasons, enumerate_ps) = walk(spec, &mut |i, g| {
            if i % shard.1 == shard.0 - 1 {
                indices.push(i);
                cost.add_game(g, max, convention, stride, &mut sampled);
            }
        });
        cost.enumerate_ps = enumerate_ps;
        Plan {
            spec: spec.clone(),
            identity: Identity::new(spec, max, convention),
            shard,
            total: spec.total(),
            indices,
            skipped_total,
            skip_reasons,
            per_game_memory: cost.per_game_memory,
            cost,
            reps: None,
        }
    }
    /// A proof sweep: group the combinations into distinct games
    /// ([`crate::sweep::proof::move_set_key`], one more walk over the whole
    /// sweep), so that each game is proved once, for the first combination of
    /// the sweep that has it, whatever the shard.
    pub fn group_distinct(&mut self) {
        let spec = self.spec.clone();
        let mut first: std::collections::HashMap<String, u64> = Default::default();
        let mut reps = Vec::with_capacity(self.indices.len());
        let mut pos = 0usize;
        let indices = &self.indices;
        walk(&spec, &mut |i, g| {
            let rep = *first
                .entry(crate::sweep::proof::move_set_key(&g.game))
                .or_insert(i);
            if pos < indices.len() && indices[pos] == i {
                reps.push(rep);
                pos += 1;
            }
        });
        self.reps = Some(reps);
    }
    /// The proved combination of each combination this run solves (itself, or
    /// the first one of the sweep with the same moves), after
    /// [`Plan::group_distinct`].
    pub fn representatives(&self) -> Option<Vec<(u64, u64)>> {
        let reps = self.reps.as_ref()?;
        Some(
            self.indices
                .iter()
                .copied()
                .zip(reps.iter().copied())
                .collect(),
        )
    }
    /// Distinct games this run proves (after [`Plan::group_distinct`]; every
    /// combination otherwise).
    pub fn distinct_games(&self) -> u64 {
        match &self.reps {
            Some(r) => {
                let mut r = r.clone();
                r.sort_unstable();
                r.dedup();
                r.len() as u64
            }
            None => self.indices.len() as u64,
        }
    }
    /// Keep only the combinations `keep` accepts (`sweep --resume`: the ones
    /// its file lacks); the estimate is scaled to what is left.
    pub fn retain(&mut self, keep: &mut dyn FnMut(u64) -> bool) {
        let before = self.indices.len() as u128;
        let kept: Vec<bool> = self.indices.iter().map(|&i| keep(i)).collect();
        let mut it = kept.iter();
        self.indices
            .retain(|_| *it.next().expect("one flag an index"));
        if let Some(reps) = &mut self.reps {
            let mut it = kept.iter();
            reps.retain(|_| *it.next().expect("one flag a rep"));
        }
        if let Some(scaled) = (self.cost.cpu_ps * self.indices.len() as u128).checked_div(before) {
            self.cost.cpu_ps = scaled;
        }
        self.cost.games = self.indices.len() as u64;
    }
    /// The numbers of the combinations of this shard that will be solved, in
    /// order (the tasks of a sweep spread over machines: [`run_one`] each).
    pub fn runnable_indices(&self) -> Vec<u64> {
        self.indices.clone()
    }
    /// Refuse a sweep that has nothing to run (every combination refused by the
    /// rules) or that needs more than `budget` bytes with `threads` combinations
    /// solved at once.
    pub fn check(
        &self,
        max: u64,
        threads: usize,
        budget: u64,
    ) -> Result<(), crate::error::SolveError> {
        use crate::error::SolveError;
        use crate::solve::human_bytes;
        if self.skipped_total == self.total {
            return Err(SolveError::BadInput(format!(
                "every combination of the sweep is refused by the rules, e.g. {}",
                self.skip_reasons.first().map_or("", |s| s.as_str())
            )));
        }
        let mem = self.memory_estimate(threads);
        if mem > budget {
            return Err(SolveError::ArgTooLarge(
                crate::error::Message::new()
                    .text(format!(
                        "the sweep needs about {} of memory ({} boards of {max}x{max} at once, up to {} each), over the budget of {}: use a smaller ",
                        human_bytes(mem),
                        threads,
                        human_bytes(self.per_game_memory),
                        human_bytes(budget)
                    ))
                    .name(crate::error::Arg::SweepMax)
                    .text(" or fewer ")
                    .name(crate::error::Arg::Threads),
            ));
        }
        Ok(())
    }
    /// The spec's keys, in the order written.
    pub fn key_names(&self) -> Vec<&str> {
        self.spec.key_names()
    }
    /// Does this run solve combination `index`?
    pub fn solves(&self, index: u64) -> bool {
        self.indices.binary_search(&index).is_ok()
    }
    /// Combinations of this shard that will be solved.
    pub fn runnable(&self) -> u64 {
        self.indices.len() as u64
    }
    /// Peak memory of the run with `threads` combinations solved at once
    /// (the model of [`ShardCost::memory_bytes`]).
    pub fn memory_estimate(&self, threads: usize) -> u64 {
        self.cost.memory_bytes(threads)
    }
    /// Estimated wall seconds with `threads` workers ([`ShardCost::seconds`]).
    pub fn seconds_estimate(&self, threads: usize) -> u64 {
        self.cost.seconds(threads)
    }
    /// What the sweep costs on `threads` workers with `proof_seconds` of
    /// proofs besides: the boards at once ([`Plan::memory_estimate`]) and the
    /// seconds ([`Plan::seconds_estimate`]), admitted as every plan is
    /// ([`crate::solve::cost::Cost::admit`]; [`Plan::check`] words the memory
    /// refusal of a sweep first).
    pub fn admission_cost(
        &self,
        threads: usize,
        proof_seconds: u64,
    ) -> crate::solve::cost::Cost<'static> {
        crate::solve::cost::Cost {
            what: "the sweep",
            arg: None,
            n: 0,
            memory: self.memory_estimate(threads),
            seconds: self.seconds_estimate(threads).saturating_add(proof_seconds),
        }
    }
}

/// The estimates of every shard of `spec` split `shards` ways (`sweep --plan
/// T`): one walk over the combinations, the same model as [`Plan::new`]. Also
/// the number of skipped combinations and their first reasons.
pub fn shard_costs(
    spec: &Spec,
    shards: u64,
    max: u64,
    convention: crate::rules::Convention,
) -> (Vec<ShardCost>, u64, Vec<String>) {
    let t = shards.max(1);
    let mut out = vec![ShardCost::default(); t.min(spec.total().max(1)) as usize];
    let stride = cost_stride(spec, t);
    let mut sampled = vec![0u128; out.len()];
    let (skipped, reasons, enumerate_ps) = walk(spec, &mut |i, g| {
        let k = (i % t) as usize;
        if let Some(c) = out.get_mut(k) {
            c.add_game(g, max, convention, stride, &mut sampled[k]);
        }
    });
    out.resize(t as usize, ShardCost::default());
    for c in &mut out {
        c.enumerate_ps = enumerate_ps;
    }
    (out, skipped, reasons)
}
