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
    sweep_identity,
    prove,
    sweep_indices,
    sweep_lines,
    sweep_one,
    verify,
)


def _sweep_task(spec, index, max, misere):
    return sweep_one(spec, index, max, misere)


def sweep(spec, max, client=None, misere=False):
    """The records of `wythoff sweep SPEC --max MAX [--misere] --format json`,
    a list of dicts in the sweep's order. With a `dask.distributed.Client`,
    each combination is one task on that cluster (gathered back in order)."""
    if client is None:
        # the library's parallel sweep, in this process
        return [_json.loads(line) for line in sweep_lines(spec, max, misere)]
    idx = sweep_indices(spec, max, misere, 1)
    futures = client.map(_sweep_task, [spec] * len(idx), idx, [max] * len(idx),
                         [misere] * len(idx), pure=False)
    records = [_json.loads(line) for line in client.gather(futures)]
    _check_records(spec, max, misere, idx, records)
    return records


def _check_records(spec, max, misere, indices, records):
    """Refuse records gathered from a cluster that are not this sweep's: each
    must carry the sweep's identity as this library writes it (`sweep`: spec,
    game, board, convention, number of combinations, and the versions of the
    tool and of the rules: a cluster running another version is refused, even
    when all its records agree) and the combination number asked for. Raises
    ValueError naming the first record and field that differ."""
    if len(records) != len(indices):
        raise ValueError(
            f"sweep: {len(records)} records came back for {len(indices)} combinations")
    ours = _json.loads(sweep_identity(spec, max, misere))
    for i, rec in zip(indices, records):
        ident = rec.get("sweep") if isinstance(rec, dict) else None
        if not isinstance(ident, dict):
            raise ValueError(f"sweep: record {i} has no sweep identity")
        for field in ("spec", "max", "convention", "game", "combinations"):
            if ident.get(field) != ours[field]:
                raise ValueError(
                    f"sweep: record {i} is of another sweep: {field} "
                    f"{ident.get(field)!r}, not {ours[field]!r}")
        for field in ("version", "rules", "shard"):
            if ident.get(field) != ours[field]:
                raise ValueError(
                    f"sweep: record {i} was made by another version of wythoff: {field} "
                    f"{ident.get(field)!r}, not {ours[field]!r} (mixed versions?)")
        if rec.get("index") != i:
            raise ValueError(f"sweep: record for combination {i} has index {rec.get('index')!r}")


__all__ = ["Game", "games", "verify", "sweep", "GRUNDY_OFF", "MAX_BOARD"]
__version__ = "0.1.0"
