"""`wythoff.sweep`: the records of `wythoff sweep --format json`, without a
client and with a Dask `LocalCluster` of 2 worker processes (same records)."""

import json

import pytest

import wythoff

SPECS = [
    ("modulo-rook:m=1..3,l=0..2,p=1..4", 120, False),
    ("restricted:s=1,t=1..2,K=2..3,r=0..2,h=K:r,v=K:r,d1=all,d2=all", 90, True),
]


def cli_records(cli, spec, max_, misere):
    args = ["sweep", spec, "--max", max_, "--format", "json"]
    if misere:
        args.append("--misere")
    return [json.loads(line) for line in cli.out(*args).splitlines()]


@pytest.mark.parametrize("spec,max_,misere", SPECS)
def test_sweep_without_client_equals_the_cli(cli, spec, max_, misere):
    want = cli_records(cli, spec, max_, misere)
    got = wythoff.sweep(spec, max_, misere=misere)
    assert len(got) > 3
    assert got == want


def test_sweep_errors():
    with pytest.raises(ValueError):
        wythoff.sweep("modulo-rook:m=1..3,l=9,p=1", 50)  # every combination refused
    with pytest.raises(ValueError):
        wythoff.sweep("no-such-game:m=1..2", 50)


def test_sweep_on_a_dask_local_cluster_equals_without(cli):
    distributed = pytest.importorskip("dask.distributed")
    spec, max_, misere = SPECS[0]
    want = cli_records(cli, spec, max_, misere)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        got = wythoff.sweep(spec, max_, client=client)
    assert got == want


def test_records_carry_the_sweep_identity_and_mixing_is_refused():
    spec, max_, misere = SPECS[0]
    recs = wythoff.sweep(spec, max_, misere=misere)
    ident = recs[0]["sweep"]
    assert ident["spec"] == spec and ident["max"] == max_
    assert ident["convention"] == "normal" and ident["shard"] == "1/1"
    assert all(r["sweep"] == ident for r in recs)
    idx = [r["index"] for r in recs]
    wythoff._check_records(spec, max_, misere, idx, recs)  # the records themselves pass
    other = wythoff.sweep(spec, max_ + 1, misere=misere)
    mixed = recs[:1] + other[1:]
    with pytest.raises(ValueError, match="another sweep"):
        wythoff._check_records(spec, max_, misere, idx, mixed)
    renamed = [dict(r, sweep=dict(r["sweep"], version="0.0.0")) for r in recs]
    renamed[0] = recs[0]
    with pytest.raises(ValueError, match="version"):
        wythoff._check_records(spec, max_, misere, idx, renamed)
    # a cluster whose every worker runs another version: the records agree
    # with each other, not with this library
    older = [dict(r, sweep=dict(r["sweep"], version="0.0.0")) for r in recs]
    with pytest.raises(ValueError, match="another version"):
        wythoff._check_records(spec, max_, misere, idx, older)
    refit = [dict(r, sweep=dict(r["sweep"], rules="0" * 16)) for r in recs]
    with pytest.raises(ValueError, match="rules"):
        wythoff._check_records(spec, max_, misere, idx, refit)
    assert json.loads(wythoff.sweep_identity(spec, max_, misere)) == ident
    with pytest.raises(ValueError, match="no sweep identity"):
        wythoff._check_records(spec, max_, misere, idx, [{"index": 0}] + recs[1:])
    # what `sweep --merge` refuses (the library's one check): an edited record,
    # whose game or parameters are not its combination's, and a proof in a
    # sweep without --prove
    for bad in (
        dict(recs[1], game=recs[0]["game"]),
        dict(recs[1], params=recs[0]["params"]),
    ):
        with pytest.raises(ValueError, match="an edited record"):
            wythoff._check_records(spec, max_, misere, idx, recs[:1] + [bad] + recs[2:])
    proved = dict(recs[0], proof={"verdict": "proved"})
    with pytest.raises(ValueError, match="record 0"):
        wythoff._check_records(spec, max_, misere, idx, [proved] + recs[1:])
