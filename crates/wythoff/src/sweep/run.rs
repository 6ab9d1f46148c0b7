//! Running a shard: every game of a plan on a thread pool, records in order.

use super::*;
#[allow(unused_imports)]
use crate::catalogue::{self, parse_game, NamedGame, ParamKind};
#[allow(unused_imports)]
use crate::error::RuleError;

/// Solve every runnable combination of `plan` on all threads of the current
/// rayon pool, handing the records to `sink` in the sweep's order whatever the
/// number of threads, each as soon as it and every record before it are
/// complete (a reorder buffer: a killed run loses only the games in flight);
/// `progress(done, total)` after each record. Workers take the combinations
/// in order, so the buffer holds about one record per worker. Stops at the
/// first error in the sweep's order (naming the combination), after handing
/// on every record before it, or at the first error of `sink`; a panic of
/// `sink` or `progress` stops the other workers before their next game.
pub fn run_shard<E: From<crate::error::SolveError> + Send>(
    plan: &Plan,
    max: usize,
    convention: crate::rules::Convention,
    progress: &mut (dyn FnMut(u64, u64) + Send),
    sink: &mut (dyn FnMut(Record) -> Result<(), E> + Send),
) -> Result<(), E> {
    run_with(plan, max, convention, None, progress, sink)
}

/// A proof sweep's prover: `prove(rep, game)` is the proof of combination
/// `rep` (the first of the sweep with these moves), `game` in the sweep's
/// convention; called on the workers, once per combination (a front end
/// proves each `rep` once and hands the same record to the others).
pub type ProofHook<'a> = dyn Fn(u64, &NamedGame) -> Result<crate::sweep::proof::ProofRecord, crate::error::SolveError>
    + Sync
    + 'a;

/// The proof of combination `index` of `spec` whose representative (from
/// [`Plan::representatives`]) is `rep`: `prove`'s record, with `shared_with`.
pub fn proof_of(
    spec: &Spec,
    index: u64,
    rep: u64,
    here: &NamedGame,
    convention: crate::rules::Convention,
    prove: &ProofHook<'_>,
) -> Result<crate::sweep::proof::ProofRecord, crate::error::SolveError> {
    let other;
    let game = if rep == index {
        here
    } else {
        other = spec
            .combination(rep)
            .game
            .map_err(|e| crate::error::SolveError::BadInput(format!("combination {rep}: {e}")))?;
        &other
    };
    let game = NamedGame {
        game: game.game.with_convention(convention),
        ..game.clone()
    };
    let mut p = prove(rep, &game)?;
    p.shared_with = (rep != index).then_some(rep);
    Ok(p)
}

/// [`run_shard`], and with `prove` (a proof sweep, after [`Plan::group_distinct`])
/// each record's `proof` from it ([`proof_of`]).
pub fn run_with<E: From<crate::error::SolveError> + Send>(
    plan: &Plan,
    max: usize,
    convention: crate::rules::Convention,
    prove: Option<&ProofHook<'_>>,
    progress: &mut (dyn FnMut(u64, u64) + Send),
    sink: &mut (dyn FnMut(Record) -> Result<(), E> + Send),
) -> Result<(), E> {
    use std::collections::BTreeMap;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Mutex;
    type Solved = Result<Record, crate::error::SolveError>;
    struct Out<'a, E> {
        /// Position (in `plan.indices`) of the next record to hand on.
        next: usize,
        pending: BTreeMap<usize, Solved>,
        error: Option<E>,
        progress: &'a mut (dyn FnMut(u64, u64) + Send),
        sink: &'a mut (dyn FnMut(Record) -> Result<(), E> + Send),
    }
    let indices = &plan.indices;
    let total = indices.len() as u64;
    progress(0, total);
    let workers = rayon::current_num_threads().clamp(1, indices.len().max(1));
    let taken = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // no combination at or after this position is started (a failed game)
    let last = AtomicUsize::new(usize::MAX);
    let out = Mutex::new(Out {
        next: 0,
        pending: BTreeMap::new(),
        error: None,
        progress,
        sink,
    });
    let solve = |pos: usize| -> Solved {
        let c = plan.spec.combination(indices[pos]);
        let g = c
            .game
            .as_ref()
            .map_err(|e| crate::error::SolveError::BadInput(e.clone()))?;
        let mut r = solve_combination(&c, g, max, convention, &plan.identity, plan.shard)
            .map_err(|e| label_error(e, &g.canonical, c.index))?;
        if let Some(prove) = prove {
            let rep = plan.reps.as_ref().map_or(c.index, |r| r[pos]);
            r.proof = Some(
                proof_of(&plan.spec, c.index, rep, g, convention, prove)
                    .map_err(|e| label_error(e, &g.canonical, c.index))?,
            );
        }
        Ok(r)
    };
    let work = || loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let pos = taken.fetch_add(1, Ordering::Relaxed);
        if pos >= indices.len() || pos > last.load(Ordering::Relaxed) {
            return;
        }
        let r = solve(pos);
        if r.is_err() {
            last.fetch_min(pos, Ordering::Relaxed);
        }
        // a poisoned lock: `sink` or `progress` panicked on another worker
        let Ok(mut o) = out.lock() else {
            stop.store(true, Ordering::Relaxed);
            return;
        };
        // the sink failed on another worker: nothing more is handed on
        if o.error.is_some() {
            return;
        }
        o.pending.insert(pos, r);
        loop {
            let at = o.next;
            let Some(r) = o.pending.remove(&at) else {
                break;
            };
            o.next += 1;
            let handed = match r {
                Ok(rec) => (o.sink)(rec),
                Err(e) => Err(E::from(e)),
            };
            if let Err(e) = handed {
                o.error = Some(e);
                stop.store(true, Ordering::Relaxed);
                return;
            }
            let done = o.next as u64;
            (o.progress)(done, total);
        }
    };
    rayon::scope(|s| {
        for _ in 0..workers {
            s.spawn(|_| work());
        }
    });
    let o = out.into_inner().unwrap_or_else(|p| p.into_inner());
    match o.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod run_tests {
    use super::super::plan::PER_INDEX_MEMORY;
    use super::*;
    use crate::rules::Convention;

    fn records(spec: &Spec, shard: (u64, u64), threads: usize) -> Vec<Record> {
        let plan = Plan::new(spec, shard, 48, Convention::Normal);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut out = Vec::new();
        pool.install(|| {
            run_shard::<crate::error::SolveError>(
                &plan,
                48,
                Convention::Normal,
                &mut |_, _| {},
                &mut |r| {
                    out.push(r);
                    Ok(())
                },
            )
        })
        .unwrap();
        out
    }

    /// The same records in the same order whatever the thread count; shards
    /// partition them; each record is `patterns::find` of its game.
    #[test]
    fn order_threads_shards_and_patterns() {
        let spec = Spec::parse("odd-odd:s=1..4,t=1..5").unwrap();
        let one = records(&spec, (1, 1), 1);
        assert_eq!(one.len(), 20);
        assert_eq!(one, records(&spec, (1, 1), 3));
        let mut merged: Vec<Record> = (1..=3).flat_map(|k| records(&spec, (k, 3), 2)).collect();
        merged.sort_by_key(|r| r.index);
        // each record names its shard; otherwise the same records
        for r in &mut merged {
            assert_eq!(r.index % 3 + 1, r.shard.0);
            assert_eq!(r.shard.1, 3);
            r.shard = (1, 1);
        }
        assert_eq!(merged, one);
        for (i, r) in one.iter().enumerate() {
            assert_eq!(r.index, i as u64);
            let g = parse_game(&r.game).unwrap();
            let single = crate::patterns::find(&g.game, &g.canonical, 48, false).unwrap();
            assert_eq!(r.patterns, single.patterns);
            assert_eq!(r.convention, single.convention);
            let t = r.theorem.as_ref().unwrap();
            assert!(t.applies && t.agrees, "Theorem 7: {}", r.game);
        }
    }

    /// Records are handed on one by one in the sweep's order, with the
    /// progress after each; an error of the sink stops the run there (no
    /// later record is handed on), whatever the number of threads.
    #[test]
    fn records_are_released_one_by_one_in_order() {
        let spec = Spec::parse("odd-odd:s=1..4,t=1..5").unwrap();
        let plan = Plan::new(&spec, (1, 1), 24, Convention::Normal);
        for threads in [1, 2, 3, 7] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let events = std::sync::Mutex::new(Vec::new());
            let mut ev = Vec::new();
            let r = pool.install(|| {
                run_shard::<crate::error::SolveError>(
                    &plan,
                    24,
                    Convention::Normal,
                    &mut |d, t| events.lock().unwrap().push(format!("p{d}/{t}")),
                    &mut |r| {
                        events.lock().unwrap().push(format!("r{}", r.index));
                        if r.index == 6 {
                            return Err(crate::error::SolveError::BadInput("full".into()));
                        }
                        Ok(())
                    },
                )
            });
            assert!(r.is_err());
            ev.extend(events.into_inner().unwrap());
            let mut want = vec!["p0/20".to_string()];
            for i in 0..=6 {
                want.push(format!("r{i}"));
                if i < 6 {
                    want.push(format!("p{}/20", i + 1));
                }
            }
            assert_eq!(ev, want, "{threads} threads");
        }
    }

    /// The identity names the field that differs; the fingerprint follows the
    /// catalogue entry.
    #[test]
    fn identity_fields() {
        let spec = Spec::parse("modulo-rook:m=1..2,l=0,p=1..3").unwrap();
        let a = Identity::new(&spec, 30, Convention::Normal);
        assert_eq!(a.combinations, 6);
        assert_eq!(a.version, VERSION);
        assert!(a.differs(&a.clone()).is_none());
        let b = Identity::new(&spec, 31, Convention::Normal);
        assert_eq!(a.differs(&b).unwrap().0, "board size (--max)");
        let c = Identity::new(&spec, 30, Convention::Misere);
        assert_eq!(a.differs(&c).unwrap().0, "convention");
        let other = Spec::parse("roob-blocking:m=1..2,p=1..3").unwrap();
        let d = Identity::new(&other, 30, Convention::Normal);
        assert_eq!(a.differs(&d).unwrap().0, "game");
        assert_ne!(a.rules, d.rules);
        let e = Identity {
            version: "0.0.0".into(),
            ..a.clone()
        };
        assert_eq!(a.differs(&e).unwrap().0, "wythoff version");
        assert!(a.json((2, 3)).ends_with(",\"shard\":\"2/3\"}"));
    }

    /// Building a game costs the same whatever its parameters: the
    /// enumeration is counted by combinations, and a huge parameter adds no
    /// memory to the plan.
    #[test]
    fn enumeration_by_combinations() {
        let spec = Spec::parse("modulo-rook:m=1001..1003,l=0,p=1").unwrap();
        let big = Spec::parse("modulo-rook:m=999001..999003,l=0,p=1").unwrap();
        assert_eq!(big.total(), spec.total());
        assert_eq!(big.enumeration_ps(), spec.enumeration_ps());
        assert_eq!(spec.enumeration_ps(), 3 * ENUMERATE_PS);
        let small = Plan::new(&spec, (1, 1), 100, Convention::Normal);
        let large = Plan::new(&big, (1, 1), 100, Convention::Normal);
        assert_eq!(large.per_game_memory, small.per_game_memory);
    }

    #[test]
    fn plan_counts_skips_and_memory() {
        let spec = Spec::parse("modulo-rook:m=1..2,l=0..3,p=1..2").unwrap();
        let plan = Plan::new(&spec, (1, 1), 100, Convention::Normal);
        assert_eq!(plan.total, 16);
        // l > p: (l=2,p=1), (l=3,p=1), (l=3,p=2) for each m
        assert_eq!(plan.skipped_total, 6);
        assert_eq!(plan.runnable(), 10);
        assert!(plan.per_game_memory >= 100 * 100);
        assert_eq!(
            plan.memory_estimate(4),
            BASE_MEMORY + 10 * PER_INDEX_MEMORY + 4 * plan.per_game_memory
        );
        // l > p is skipped: 3 (l=2,p=1) and 9 (l=3,p=1)... are not runnable
        let shard = Plan::new(&spec, (2, 3), 100, Convention::Normal);
        let runnable: Vec<u64> = [1, 4, 7, 10, 13]
            .into_iter()
            .filter(|&i| spec.combination(i).game.is_ok())
            .collect();
        assert_eq!(shard.runnable_indices(), runnable);
        // the plan of every shard at once gives each shard's plan
        let (costs, skipped, _) = shard_costs(&spec, 3, 100, Convention::Normal);
        assert_eq!(skipped, 6);
        for k in 1..=3 {
            let p = Plan::new(&spec, (k, 3), 100, Convention::Normal);
            assert_eq!(costs[k as usize - 1], p.cost, "shard {k}/3");
        }
        assert_eq!(costs.iter().map(|c| c.games).sum::<u64>(), 10);
        // more shards than combinations: the last ones are empty
        let (costs, _, _) = shard_costs(&spec, 20, 100, Convention::Normal);
        assert_eq!(costs.len(), 20);
        assert_eq!(costs[19].games, 0);
    }
}
