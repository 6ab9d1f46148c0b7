"""wythoff: the Wythoff family of two-pile take-away games.

Thin bindings of the Rust library `wythoff` (the same code as the `wythoff`
command-line tool): general solvers, exact big-integer oracles for the
published solutions, sequences, and the papers' claims.

    >>> import wythoff
    >>> g = wythoff.Game("m-wythoff:m=2")
    >>> g.p_positions(10)          # numpy uint64 array, shape (k, 2)
    >>> g.outcome(10**100, 10**100 + 7)
"""

import json as _json

from ._wythoff import (
    GRUNDY_OFF,
    MAX_BOARD,
    Game,
    games,
    sweep_check,
    sweep_identity,
    prove,
    sweep_indices,
    sweep_lines,
    sweep_one,
    sweep_groups,
    sweep_prove_group,
    sweep_prove_lines,
    sum,
    verify,
    walnut_check,
)


def _sweep_task(spec, index, max, misere):
    return sweep_one(spec, index, max, misere)


def _walnut_check_task(prove_max, states, timeout, numeration):
    """Run on every worker before a proof sweep: ("ok", the sweep's `prove`
    identity there) or ("error", why that worker cannot prove)."""
    try:
        return ("ok", walnut_check(prove_max, states, timeout, numeration))
    except Exception as e:  # the worker's own words, gathered and named below
        return ("error", f"{type(e).__name__}: {e}")


def _prove_group_task(spec, indices, max, misere, prove_max, states, timeout, numeration,
                      java_memory_mib):
    return sweep_prove_group(spec, indices, max, misere, prove_max, states, timeout, numeration,
                             java_memory_mib)


def _sweep_prove(spec, max, client, misere, prove_max, states, timeout, numeration,
                 java_memory_mib, emit):
    """`wythoff sweep SPEC --prove`: in this process, or with a Dask client one
    task per distinct game (its combinations' records), after a check task on
    every worker (Java and the Walnut jar there, the same jar everywhere)."""
    if client is None:
        lines = sweep_prove_lines(spec, max, misere, prove_max, states, timeout, numeration,
                                  java_memory_mib, emit)
        return [_json.loads(line) for line in lines]
    if emit is not None:
        raise ValueError("sweep: emit= writes files on this machine: run without client=")
    checks = client.run(_walnut_check_task, prove_max, states, timeout, numeration)
    if not checks:
        raise RuntimeError("sweep: the Dask cluster has no workers")
    bad = {w: why for w, (ok, why) in checks.items() if ok != "ok"}
    if bad:
        raise RuntimeError(
            "sweep: these Dask workers cannot prove (each needs java and the Walnut jar, "
            "scripts/install_walnut.sh): "
            + "; ".join(f"{w}: {why}" for w, why in sorted(bad.items())))
    identities = {why for ok, why in checks.values()}
    if len(identities) != 1:
        raise RuntimeError(
            "sweep: the Dask workers have different Walnut jars (their SHA-256 differ): "
            + " / ".join(sorted(identities)))
    prove_id = identities.pop()
    groups = sweep_groups(spec, max, misere)
    n = len(groups)
    futures = client.map(_prove_group_task, [spec] * n, groups, [max] * n, [misere] * n,
                         [prove_max] * n, [states] * n, [timeout] * n, [numeration] * n,
                         [java_memory_mib] * n, pure=False)
    records = [_json.loads(line) for lines in client.gather(futures) for line in lines]
    records.sort(key=lambda r: r["index"])
    idx = sorted(i for g in groups for i in g)
    _check_records(spec, max, misere, idx, records, prove=prove_id)
    return records


def sweep(spec, max, client=None, misere=False, prove=False, prove_max=None, states=None,
          timeout=None, numeration=None, java_memory_mib=None, emit=None):
    """The records of `wythoff sweep SPEC --max MAX [--misere] --format json`,
    a list of dicts in the sweep's order. With a `dask.distributed.Client`,
    each combination is one task on that cluster (gathered back in order).

    prove=True is `sweep --prove` (docs/proof-sweeps.md): each record gains
    `proof`, each distinct game proved once by Walnut with the options of
    `wythoff prove` (prove_max: its board, states, timeout, numeration;
    java_memory_mib: Java's -Xmx; emit: a folder for the WALNUT_HOMEs, without a
    client only). With a client, one task per distinct game; every worker is
    checked first (java and the jar), and a worker without them is named in
    the RuntimeError before any game runs."""
    if prove:
        return _sweep_prove(spec, max, client, misere, prove_max, states, timeout, numeration,
                            java_memory_mib, emit)
    if any(v is not None for v in (prove_max, states, timeout, numeration, java_memory_mib, emit)):
        raise ValueError("sweep: prove_max, states, timeout, numeration, java_memory_mib and "
                         "emit are options of prove=True")
    if client is None:
        # the library's parallel sweep, in this process
        return [_json.loads(line) for line in sweep_lines(spec, max, misere)]
    idx = sweep_indices(spec, max, misere, 1)
    futures = client.map(_sweep_task, [spec] * len(idx), idx, [max] * len(idx),
                         [misere] * len(idx), pure=False)
    records = [_json.loads(line) for line in client.gather(futures)]
    _check_records(spec, max, misere, idx, records)
    return records


def _check_records(spec, max, misere, indices, records, prove=None):
    """Refuse records gathered from a cluster that are not this sweep's, by the
    library's check (`sweep_check`, the one `wythoff sweep --merge` and
    `--resume` make): each must carry the sweep's identity as this library
    writes it (spec, game, board, convention, number of combinations, the proof
    options and jar, and the versions of the tool and of the rules: a cluster
    running another version is refused, even when all its records agree), the
    combination number asked for, that combination's game and parameters, and
    in a proof sweep a proof made as the identity says. Raises ValueError
    naming the first record and what differs."""
    sweep_check(spec, max, misere, list(indices), [_json.dumps(r) for r in records], prove)


__all__ = ["Game", "games", "verify", "sum", "sweep", "GRUNDY_OFF", "MAX_BOARD"]
__version__ = "0.1.0"
