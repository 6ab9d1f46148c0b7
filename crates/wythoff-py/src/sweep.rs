//! The sweep functions behind `wythoff.sweep` (wythoff/__init__.py): indices, records,
//! identity, groups and proofs of a sweep.

use super::*;

pub(crate) fn convention(misere: bool) -> wythoff::Convention {
    if misere {
        wythoff::Convention::Misere
    } else {
        wythoff::Convention::Normal
    }
}

/// The numbers of the combinations of a sweep that will be solved, in the
/// sweep's order (skipped ones left out); refuses a sweep with nothing to run
/// or one over the memory budget (`threads` boards at once).
#[pyfunction]
#[pyo3(signature = (spec, max, misere = false, threads = 1))]
pub(crate) fn sweep_indices(
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
    threads: usize,
) -> PyResult<Vec<u64>> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let plan = wythoff::sweep::Plan::new(&sp, (1, 1), max, convention(misere));
    let t = threads.clamp(1, plan.runnable().max(1) as usize);
    plan.check(max, t, wythoff::solve::memory_budget())
        .map_err(to_py_err)?;
    Ok(plan.runnable_indices())
}

/// Every record of a sweep as json lines, in the sweep's order, solved by the
/// library's `sweep::run_with` on rayon's pool (every core, as the CLI's `sweep`);
/// refused before solving when the boards at once would not fit the memory
/// budget. Stops on Ctrl-C between batches.
#[pyfunction]
#[pyo3(signature = (spec, max, misere = false))]
pub(crate) fn sweep_lines(
    py: Python<'_>,
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
) -> PyResult<Vec<String>> {
    let (plan, max, conv, _) = whole_sweep(spec, max, misere)?;
    plan_lines(py, &plan, max, conv, None)
}

/// The plan of a whole sweep on rayon's pool, refused when the boards at once
/// would not fit the memory budget: (plan, board side, convention, workers).
pub(crate) fn whole_sweep(
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
) -> PyResult<(wythoff::sweep::Plan, u64, wythoff::Convention, usize)> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let conv = convention(misere);
    let plan = wythoff::sweep::Plan::new(&sp, (1, 1), max, conv);
    let t = rayon::current_num_threads().clamp(1, plan.runnable().max(1) as usize);
    plan.check(max, t, wythoff::solve::memory_budget())
        .map_err(to_py_err)?;
    Ok((plan, max, conv, t))
}

/// Every record of `plan` as json lines (with `prove`, a proof sweep's),
/// stopping on Ctrl-C between records.
pub(crate) fn plan_lines(
    py: Python<'_>,
    plan: &wythoff::sweep::Plan,
    max: u64,
    conv: wythoff::Convention,
    prove: Option<&wythoff::sweep::ProofHook<'_>>,
) -> PyResult<Vec<String>> {
    run(py, |cancel| {
        let mut out = Vec::new();
        wythoff::sweep::run_with::<SolveError>(
            plan,
            max as usize,
            conv,
            prove,
            &mut |_, _| check(cancel),
            &mut |r| {
                out.push(r.json_line());
                Ok(())
            },
        )?;
        Ok(out)
    })
}

/// The identity this library writes on every record of the sweep (`"sweep"`
/// of a json record, shard 1/1), as json: what `wythoff.sweep` checks the
/// records gathered from a cluster against.
#[pyfunction]
#[pyo3(signature = (spec, max, misere = false, prove = None))]
pub(crate) fn sweep_identity(
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
    prove: Option<String>,
) -> PyResult<String> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let mut id = wythoff::sweep::Identity::new(&sp, max, convention(misere));
    id.prove = prove;
    Ok(id.json((1, 1)))
}

/// Refuse records gathered from a cluster (`lines[k]`, json, for combination
/// `indices[k]`) that are not this sweep's: the library's check
/// (`wythoff::sweep::check_gathered`), the one `--merge` and `--resume` make of
/// a record's identity, number, game and parameters, and proof. ValueError
/// naming the first record and what differs.
#[pyfunction]
#[pyo3(signature = (spec, max, misere, indices, lines, prove = None))]
pub(crate) fn sweep_check(
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
    indices: Vec<u64>,
    lines: Vec<String>,
    prove: Option<String>,
) -> PyResult<()> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let mut ours = wythoff::sweep::Identity::new(&sp, max, convention(misere));
    ours.prove = prove;
    wythoff::sweep::check_gathered(&ours, &sp, &indices, &lines).map_err(PyValueError::new_err)
}

/// The options of a proof sweep (`sweep --prove`'s), checked as the CLI checks them.
pub(crate) fn proof_options(
    prove_max: Option<u64>,
    states: Option<usize>,
    timeout: Option<u64>,
    numeration: Option<&str>,
    java_memory_mib: Option<u64>,
    emit: Option<std::path::PathBuf>,
) -> PyResult<wythoff_walnut::sweep::Options> {
    let mut o = wythoff_walnut::sweep::Options::default();
    if let Some(n) = prove_max {
        o.board = n;
    }
    if let Some(n) = states {
        o.states = n;
    }
    if let Some(t) = timeout {
        o.timeout = t;
    }
    o.numeration = numeration.map(str::to_string);
    if let Some(m) = java_memory_mib {
        o.java_memory_mib = m;
    }
    o.emit = emit;
    use wythoff::prove::{ProveArg, ProveError};
    use wythoff_walnut::sweep::OptionError;
    o.check().map_err(|e| {
        PyValueError::new_err(match e {
            OptionError::Prove(ProveError::BadArg { arg, value, why }) => {
                let name = match arg {
                    ProveArg::Max => "prove_max",
                    a => a.name(),
                };
                format!("{name} = {value}: {why}")
            }
            OptionError::Prove(e) => e.to_string(),
            OptionError::JavaMemory(m) => {
                format!("java_memory_mib = {m}: allowed 64 to 1048576 (MiB)")
            }
        })
    })?;
    Ok(o)
}

/// The Walnut of this machine for `o`: a RuntimeError when java or the jar is missing.
pub(crate) fn walnut_here(o: &wythoff_walnut::sweep::Options) -> PyResult<wythoff_walnut::Walnut> {
    wythoff_walnut::sweep::walnut(o).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// The check a proof sweep runs on every worker first: Java and the Walnut
/// jar are there (else RuntimeError); returns the sweep's `prove` identity on
/// this machine (the options, Walnut's version and the jar's SHA-256).
#[pyfunction]
#[pyo3(signature = (prove_max = None, states = None, timeout = None, numeration = None))]
pub(crate) fn walnut_check(
    prove_max: Option<u64>,
    states: Option<usize>,
    timeout: Option<u64>,
    numeration: Option<&str>,
) -> PyResult<String> {
    let o = proof_options(prove_max, states, timeout, numeration, None, None)?;
    Ok(o.identity(&walnut_here(&o)?))
}

/// The runnable combinations of a sweep grouped by distinct game (the same
/// moves), each group its first combination first, the groups in the order of
/// their first: the tasks of a proof sweep spread over a cluster.
#[pyfunction]
#[pyo3(signature = (spec, max, misere = false))]
pub(crate) fn sweep_groups(
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
) -> PyResult<Vec<Vec<u64>>> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let mut plan = wythoff::sweep::Plan::new(&sp, (1, 1), max, convention(misere));
    plan.check(max, 1, wythoff::solve::memory_budget())
        .map_err(to_py_err)?;
    plan.group_distinct();
    let mut groups: Vec<Vec<u64>> = Vec::new();
    let mut at: std::collections::HashMap<u64, usize> = Default::default();
    for (i, rep) in plan.representatives().expect("grouped") {
        let g = *at.entry(rep).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(i);
    }
    Ok(groups)
}

/// Every record of a proof sweep (`wythoff sweep SPEC --prove --format json`)
/// in this process: the CLI's code, each distinct game proved once, as many
/// Java processes at once as fit in the memory budget.
#[pyfunction]
#[pyo3(signature = (spec, max, misere = false, prove_max = None, states = None, timeout = None, numeration = None, java_memory_mib = None, emit = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sweep_prove_lines(
    py: Python<'_>,
    spec: &str,
    max: &Bound<'_, PyAny>,
    misere: bool,
    prove_max: Option<u64>,
    states: Option<usize>,
    timeout: Option<u64>,
    numeration: Option<&str>,
    java_memory_mib: Option<u64>,
    emit: Option<std::path::PathBuf>,
) -> PyResult<Vec<String>> {
    let o = proof_options(
        prove_max,
        states,
        timeout,
        numeration,
        java_memory_mib,
        emit,
    )?;
    let (mut plan, max, conv, workers) = whole_sweep(spec, max, misere)?;
    let budget = wythoff::solve::memory_budget();
    let w = walnut_here(&o)?;
    plan.identity.prove = Some(o.identity(&w));
    plan.group_distinct();
    let java = wythoff_walnut::sweep::java_processes(budget, plan.memory_estimate(workers), workers, &o)
        .ok_or_else(|| {
            PyMemoryError::new_err(format!(
                "one Java process of java_memory_mib = {} (and its overhead) does not fit in the memory budget beside the sweep: use a smaller java_memory_mib",
                o.java_memory_mib
            ))
        })?;
    let prover = wythoff_walnut::sweep::Prover::new(o, w, java, Box::new(|_| {}));
    let hook = |rep: u64, g: &wythoff::catalogue::NamedGame| prover.proof(rep, g);
    plan_lines(py, &plan, max, conv, Some(&hook))
}

/// The records of one group of [`sweep_groups`] (one distinct game, proved
/// once, on this machine's Walnut), as json lines: the task of a proof sweep
/// spread over a cluster.
#[pyfunction]
#[pyo3(signature = (spec, indices, max, misere = false, prove_max = None, states = None, timeout = None, numeration = None, java_memory_mib = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sweep_prove_group(
    py: Python<'_>,
    spec: &str,
    indices: Vec<u64>,
    max: &Bound<'_, PyAny>,
    misere: bool,
    prove_max: Option<u64>,
    states: Option<usize>,
    timeout: Option<u64>,
    numeration: Option<&str>,
    java_memory_mib: Option<u64>,
) -> PyResult<Vec<String>> {
    let max = board_side(max, "max")?;
    let o = proof_options(
        prove_max,
        states,
        timeout,
        numeration,
        java_memory_mib,
        None,
    )?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    let conv = convention(misere);
    let w = walnut_here(&o)?;
    let identity = o.identity(&w);
    let prover = wythoff_walnut::sweep::Prover::new(o, w, 1, Box::new(|_| {}));
    let hook = |rep: u64, g: &wythoff::catalogue::NamedGame| prover.proof(rep, g);
    let rep = *indices
        .first()
        .ok_or_else(|| PyValueError::new_err("sweep_prove_group: no combination"))?;
    run(py, |_| {
        let mut out = Vec::new();
        for &i in &indices {
            let mut r = wythoff::sweep::run_one(&sp, i, max as usize, conv)?;
            let here = sp.combination(i).game.map_err(SolveError::BadInput)?;
            r.proof = Some(wythoff::sweep::proof_of(&sp, i, rep, &here, conv, &hook)?);
            r.sweep.prove = Some(identity.clone());
            out.push(r.json_line());
        }
        Ok(out)
    })
}

/// The record of one combination of a sweep, as a json line (`wythoff sweep
/// --format json`); the task of a sweep spread over a cluster.
#[pyfunction]
#[pyo3(signature = (spec, index, max, misere = false))]
pub(crate) fn sweep_one(
    py: Python<'_>,
    spec: &str,
    index: u64,
    max: &Bound<'_, PyAny>,
    misere: bool,
) -> PyResult<String> {
    let max = board_side(max, "max")?;
    let sp = wythoff::sweep::Spec::parse(spec).map_err(|e| to_py_err(e.into()))?;
    run(py, |_| {
        wythoff::sweep::run_one(&sp, index, max as usize, convention(misere)).map(|r| r.json_line())
    })
}
