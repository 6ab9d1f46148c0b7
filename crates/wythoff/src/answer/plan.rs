//! `--plan`: what a request will cost and who answers it, said before any work,
//! the same for every front end (the CLI's `--plan`, the server's admissions,
//! Python's `Game.plan`). Every number is read off the plans of
//! [`crate::solve::select`] (and [`crate::sequences::sequence_plan`]) with the
//! rates of [`crate::solve::cost`]; this file only adds what a whole process
//! holds beside the kernel: the program itself ([`cost::PROCESS_BYTES`]) and
//! the lists a front end collects ([`cost::list_bytes`]).

use super::{grundy_levels_plan, grundy_plan, p_positions_plan, remoteness_plan, Subject};
use crate::error::SolveError;
use crate::imitation::StateSolver;
use crate::limits::check_max;
use crate::solve::cost::{self, Bound};
use crate::solve::{self, human_bytes, outcome_threads};
use crate::Admit;
use serde_json::{json, Value};

/// The work a plan is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    PPositions,
    Grundy,
    /// `grundy --values`: the level sets alone.
    GrundyLevels,
    Remoteness,
    Sequence,
    Compare,
}

impl Work {
    pub fn name(self) -> &'static str {
        match self {
            Work::PPositions => "p-positions",
            Work::Grundy => "grundy",
            Work::GrundyLevels => "grundy-levels",
            Work::Remoteness => "remoteness",
            Work::Sequence => "sequence",
            Work::Compare => "compare",
        }
    }
}

/// What a request costs and who answers it, before it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkPlan {
    pub work: Work,
    /// The game(s) as the user named them, with the convention.
    pub game: String,
    /// The board side (`sequence`: the side of the board the pairs are read
    /// off, 0 when none is).
    pub n: u64,
    /// `sequence`: the terms asked for (`grundy --values`: the largest value).
    pub terms: Option<u64>,
    /// `grundy --values`: at most how many positions are listed.
    pub positions: Option<u64>,
    /// The kernel that answers (several variants: their names joined by `+`,
    /// each once).
    pub kernel: String,
    /// Every variant's kernel, in the game's order.
    pub kernels: Vec<String>,
    /// The kernel's cost in words.
    pub complexity: String,
    /// Does the kernel hand rows over as it goes (no table)?
    pub streams: bool,
    /// Estimated peak resident bytes of the whole process (what
    /// `/usr/bin/time -v` reads): the work's resident bytes, the lists the
    /// front end holds, and [`cost::PROCESS_BYTES`].
    pub memory: u64,
    /// Estimated bytes the work allocates, what the memory budget is checked
    /// against (zeroed tables count whole, though only their written pages
    /// are resident).
    pub work_memory: u64,
    /// Estimated seconds of computation (CPU, one thread), rounded down.
    pub seconds: u64,
    /// The same estimate in milliseconds.
    pub milliseconds: u64,
    /// Workers the kernel runs on.
    pub threads: usize,
    /// Estimated wall seconds on [`WorkPlan::threads`] workers.
    pub wall_seconds: u64,
    /// The bound the plan was admitted against.
    pub bound: Bound,
    /// The refusal the request gets under `bound`, before any work.
    pub refusal: Option<SolveError>,
    /// `compare`: the plans of the two boards.
    pub parts: Vec<WorkPlan>,
}

impl WorkPlan {
    /// Refused for `"memory"`, `"time"` or `"input"` (out of a limit), or `None`.
    pub fn refused_for(&self) -> Option<&'static str> {
        self.refusal.as_ref().map(|e| match e {
            SolveError::OverMemory { .. } => "memory",
            SolveError::OverTime { .. } => "time",
            _ => "input",
        })
    }

    /// The plan as JSON; `word` words a refusal as the front end does.
    pub fn json(&self, word: &dyn Fn(&SolveError) -> String) -> Value {
        let mut v = json!({
            "work": self.work.name(),
            "game": self.game,
            "n": self.n,
            "kernel": self.kernel,
            "kernels": self.kernels,
            "complexity": self.complexity,
            "streams": self.streams,
            "memory": self.memory,
            "memory_text": human_bytes(self.memory),
            "work_memory": self.work_memory,
            "seconds": self.seconds,
            "milliseconds": self.milliseconds,
            "threads": self.threads,
            "wall_seconds": self.wall_seconds,
            // no time bound (`--force`, or work bounded by its size limit): null,
            // not u64::MAX
            "budget": {
                "memory": self.bound.memory,
                "seconds": (self.bound.seconds != u64::MAX).then_some(self.bound.seconds),
            },
            "refused": self.refusal.as_ref().map(|e| json!({
                "reason": self.refused_for(),
                "message": word(e),
            })),
        });
        if let Some(t) = self.terms {
            // `grundy --values`: the largest value listed
            let key = if self.work == Work::GrundyLevels {
                "values"
            } else {
                "terms"
            };
            v[key] = json!(t);
        }
        if let Some(p) = self.positions {
            v["positions"] = json!(p);
        }
        if !self.parts.is_empty() {
            v["parts"] = Value::Array(self.parts.iter().map(|p| p.json(word)).collect());
        }
        v
    }

    fn new(work: Work, s: &Subject, n: u64, bound: Bound) -> WorkPlan {
        WorkPlan {
            work,
            game: super::side_label(s),
            n,
            terms: None,
            positions: None,
            kernel: String::new(),
            kernels: Vec::new(),
            complexity: String::new(),
            streams: false,
            memory: 0,
            work_memory: 0,
            seconds: 0,
            milliseconds: 0,
            threads: 1,
            wall_seconds: 0,
            bound,
            refusal: None,
            parts: Vec::new(),
        }
    }

    /// Set the kernels (names, complexities), bytes allocated and resident
    /// (the front end's lists included), picoseconds, and admit.
    fn fill(
        &mut self,
        kernels: &[(&'static str, &'static str)],
        (work_memory, resident): (u64, u64),
        ps: u128,
        what: &str,
    ) {
        self.kernels = kernels.iter().map(|k| k.0.to_string()).collect();
        let mut once: Vec<(&str, &str)> = Vec::new();
        for &k in kernels {
            if !once.contains(&k) {
                once.push(k);
            }
        }
        self.kernel = once.iter().map(|k| k.0).collect::<Vec<_>>().join("+");
        self.complexity = once.iter().map(|k| k.1).collect::<Vec<_>>().join("; ");
        self.work_memory = work_memory;
        self.memory = resident.saturating_add(cost::PROCESS_BYTES);
        self.seconds = cost::ps_seconds(ps);
        self.milliseconds = cost::ps_millis(ps);
        self.wall_seconds = self.seconds;
        if self.refusal.is_none() {
            self.refusal = cost::Cost::of_board(what, self.n, work_memory, self.seconds)
                .admit(self.bound)
                .err();
        }
    }
}

fn outcome_kernels(ks: &[solve::OutcomeKernel]) -> Vec<(&'static str, &'static str)> {
    ks.iter().map(|k| (k.name(), k.complexity())).collect()
}

const IMITATION: (&str, &str) = (
    "imitation",
    "O(p n^2): the state solver, a byte per position x <= y",
);

/// The plan of `p-positions` of `s` on the `n x n` board under `bound`;
/// `holds_list`: the front end collects the P-positions (text, json, Python)
/// rather than streaming them (csv, summary).
pub fn plan_p_positions(
    s: &Subject,
    n: u64,
    holds_list: bool,
    bound: Bound,
) -> Result<WorkPlan, SolveError> {
    check_max(n)?;
    let mut w = WorkPlan::new(Work::PPositions, s, n, bound);
    let Some(p) = p_positions_plan(s, n)? else {
        // a game with memory: the state solver
        let r = s.imitation()?.expect("a game with memory");
        let memory = u64::try_from(StateSolver::memory_estimate(r, n)).unwrap_or(u64::MAX);
        let resident = u64::try_from(StateSolver::resident_estimate(r, n)).unwrap_or(u64::MAX);
        // its starting P-positions: at most two a line
        let list = cost::list_bytes(2 * n, 16);
        w.fill(
            &[IMITATION],
            (memory, resident.saturating_add(list)),
            cost::imitation_ps(r.p(), n),
            "the state solver",
        );
        // the state solver's own bounds (its 4 GiB, piles below 2^15)
        if w.refusal.is_none() {
            w.refusal = StateSolver::admission(r, n).err().map(SolveError::from);
        }
        return Ok(w);
    };
    w.streams = p.streams();
    if p.kernels.iter().any(|k| !k.streams()) {
        w.threads = outcome_threads(usize::try_from(n).unwrap_or(usize::MAX));
    }
    // the P-positions the front end holds, 16 bytes each, and renders whole
    let held = if holds_list {
        solve::probe::p_positions_count(&s.game, n)
    } else {
        0
    };
    let listed = if holds_list {
        cost::list_bytes(held, 16)
    } else {
        0
    };
    let ps = (p.millis as u128)
        .saturating_mul(1_000_000_000)
        .saturating_add((held as u128).saturating_mul(cost::HELD_P_POSITION_PS));
    w.fill(
        &outcome_kernels(&p.kernels),
        (
            p.memory.saturating_add(listed),
            solve::plan::p_positions_resident(&s.game, n, &p).saturating_add(listed),
        ),
        ps,
        "the outcome solver",
    );
    // the kernel's own admission first (its words), then the list's (the
    // front end's memory: `fill` admitted the board and the list together)
    if let Err(e) = p.admit(bound) {
        w.refusal = Some(e);
    }
    Ok(w)
}

/// The plan of `grundy` of `s` on the `n x n` board under `bound`.
pub fn plan_grundy(s: &Subject, n: u64, bound: Bound) -> Result<WorkPlan, SolveError> {
    // a game in misère play: its misère Grundy values
    let p = if s.game.convention() == crate::rules::Convention::Misere {
        super::misere_grundy_plan(s, n)?
    } else {
        grundy_plan(s, n)?
    };
    let mut w = WorkPlan::new(Work::Grundy, s, n, bound);
    w.streams = p.streams();
    w.threads = p.threads;
    w.refusal = p.admit(bound).err();
    w.fill(
        &[(p.kernel.name(), p.kernel.complexity())],
        (p.memory, solve::plan::grundy_resident(&s.game, n, &p)),
        (p.millis as u128).saturating_mul(1_000_000_000),
        "the Grundy solver",
    );
    w.wall_seconds = p.wall_seconds;
    Ok(w)
}

/// The plan of `grundy --values A..G` of `s` on the `n x n` board under
/// `bound`: the level kernel, one thread, its positions taken as `listing`
/// says (the CLI writes them as they come; `positions`: at most how many).
pub fn plan_grundy_levels(
    s: &Subject,
    n: u64,
    values: (u64, u64),
    bound: Bound,
    listing: cost::Listing,
) -> Result<WorkPlan, SolveError> {
    let values = super::levels_values(s, n, values)?;
    let p = grundy_levels_plan(s, n, values, listing)?;
    let mut w = WorkPlan::new(Work::GrundyLevels, s, n, bound);
    w.terms = Some(values.1);
    w.positions = Some(p.positions);
    w.streams = listing.held == 0;
    w.refusal = p.admit(bound).err();
    w.fill(
        &[(solve::plan::LevelsPlan::NAME, p.complexity())],
        (
            p.memory,
            p.kernel_memory
                .saturating_add(p.positions.saturating_mul(listing.held)),
        ),
        (p.millis as u128).saturating_mul(1_000_000_000),
        "the Grundy level kernel",
    );
    Ok(w)
}

/// The plan of `remoteness` of `s` on the `n x n` board under `bound`: the
/// table's own refusals ([`crate::solve::remoteness_check`]: the side, the
/// options a plain table visits), then `bound`.
pub fn plan_remoteness(s: &Subject, n: u64, bound: Bound) -> Result<WorkPlan, SolveError> {
    let mut w = WorkPlan::new(Work::Remoteness, s, n, bound);
    let Some(p) = remoteness_plan(s, n)? else {
        // Imitation Nim: a search over its states, a small board
        let r = s.imitation()?.expect("a game with memory");
        if n > crate::imitation::remoteness::MAX_SIDE {
            w.refusal = super::remoteness_table(s, n).err();
        }
        let cells = n.saturating_mul(n);
        let memory = cells
            .saturating_mul(n)
            .saturating_mul(r.p())
            .saturating_mul(16);
        w.fill(
            &[("imitation", "O(p n^3): a search over every state, memoised")],
            (memory, memory),
            cost::imitation_ps(r.p(), n).saturating_mul(n as u128),
            "the remoteness search",
        );
        return Ok(w);
    };
    let kernels: Vec<_> = p
        .kernels
        .iter()
        .map(|k| (k.name(), k.complexity()))
        .collect();
    w.refusal = crate::solve::remoteness_check(&s.game, usize::try_from(n).unwrap_or(usize::MAX))
        .err()
        .or_else(|| p.admit(bound).err());
    w.fill(
        &kernels,
        (p.memory, p.memory),
        (p.millis as u128).saturating_mul(1_000_000_000),
        "the remoteness table",
    );
    Ok(w)
}

/// The plan of `sequence` of `s` with `terms` pairs under `bound`; `writes`:
/// the pairs are written as text (the front end's cost, [`cost::sequence_text_ps`]);
/// `holds_list`: they are collected (Python), [`cost::list_bytes`].
pub fn plan_sequence(
    s: &Subject,
    terms: u64,
    writes: bool,
    holds_list: bool,
    bound: Bound,
) -> Result<WorkPlan, SolveError> {
    let p = crate::sequences::sequence_plan(s, terms)?;
    let mut w = WorkPlan::new(Work::Sequence, s, p.rows.max(p.cols), bound);
    w.terms = Some(terms);
    w.streams = p.kernel.streams();
    w.refusal = p.refusal.clone();
    let mut ps = p.ps;
    if writes {
        ps = ps.saturating_add(cost::sequence_text_ps(terms));
    }
    let mut memory = p.memory;
    if holds_list {
        memory = memory.saturating_add(terms.saturating_mul(16));
    } else if !w.streams {
        // the pairs read off a board are held before they are written
        memory = memory.saturating_add(cost::list_bytes(terms, 16));
    }
    w.fill(
        &[(p.kernel.name(), p.kernel.complexity())],
        (memory, memory),
        ps,
        "the sequence",
    );
    // the sequence's own refusals (its memory, its limits), no other bound
    w.refusal = p.refusal;
    Ok(w)
}

/// The plan of `compare` of `a` and `b` on the `n x n` board under `bound`:
/// both boards' plans (each list held), and the merged cells.
pub fn plan_compare(
    a: &Subject,
    b: &Subject,
    n: u64,
    bound: Bound,
) -> Result<WorkPlan, SolveError> {
    let pa = plan_p_positions(a, n, true, bound)?;
    let pb = plan_p_positions(b, n, true, bound)?;
    let mut w = WorkPlan::new(Work::Compare, a, n, bound);
    w.game = format!("{} vs {}", pa.game, pb.game);
    let count = |s: &Subject| match s.imitation() {
        Ok(None) => solve::probe::p_positions_count(&s.game, n),
        _ => 2 * n,
    };
    // the first list is held while the second board is solved; then both
    // lists and the merged cells (24 bytes each)
    let (list_a, list_b) = (
        cost::list_bytes(count(a), 16),
        cost::list_bytes(count(b), 16),
    );
    let cells = cost::list_bytes(count(a).saturating_add(count(b)), 24);
    let lists = list_a.saturating_add(list_b).saturating_add(cells);
    let resident = |w: &WorkPlan| w.memory - cost::PROCESS_BYTES;
    let memory = (
        pa.work_memory
            .max(pb.work_memory.saturating_add(list_a))
            .max(lists),
        resident(&pa)
            .max(resident(&pb).saturating_add(list_a))
            .max(lists),
    );
    let ps = (pa.milliseconds as u128 + pb.milliseconds as u128).saturating_mul(1_000_000_000);
    w.streams = false;
    w.threads = pa.threads.max(pb.threads);
    let kernels: Vec<(&'static str, &'static str)> = Vec::new();
    w.fill(&kernels, memory, ps, "the two outcome solvers");
    // what the run refuses: either board (the kernels' bytes, as `p-positions`),
    // then the two boards' time
    w.refusal = pa
        .refusal
        .clone()
        .or_else(|| pb.refusal.clone())
        .or_else(|| {
            cost::Cost::of_board("the two outcome solvers", n, 0, w.seconds)
                .admit(bound)
                .err()
        });
    w.kernels = pa.kernels.iter().chain(&pb.kernels).cloned().collect();
    w.kernel = format!("{} | {}", pa.kernel, pb.kernel);
    w.complexity = if pa.complexity == pb.complexity {
        pa.complexity.clone()
    } else {
        format!("{}; {}", pa.complexity, pb.complexity)
    };
    w.parts = vec![pa, pb];
    Ok(w)
}
