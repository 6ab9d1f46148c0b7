"""wythoff.sweep(..., prove=True): the records of `wythoff sweep SPEC --prove`,
in this process and on a Dask LocalCluster (one task per distinct game, every
worker checked for Java and the Walnut jar before any game).

Walnut is needed: without it the tests are skipped, except in CI (CI=true),
where they fail."""

import json
import os

import pytest

import wythoff
from conftest import walnut_installed


if not walnut_installed() and os.environ.get("CI") != "true":
    pytest.skip("Walnut not installed (scripts/install_walnut.sh)", allow_module_level=True)

# two distinct games in four combinations (t = 1, 2 are one game): K = 2 proved,
# K = 3 without an automaton
FAMILY = "restricted:s=1,t=1..2,K=2..3,h=K:0,v=K:0,d1=K:0,d2=K:0"
MAX = 24


def cli_records(cli):
    out = cli.out("--threads", "1", "sweep", FAMILY, "--max", MAX, "--prove", "--timeout", "60")
    return [json.loads(line) for line in out.splitlines()]


def _break_walnut():
    # this worker's Walnut is gone (as on a node without the jar)
    os.environ["WALNUT_JAR"] = "/nonexistent/walnut.jar"
    return True


def test_prove_sweep_here_and_on_dask_equals_the_cli(cli):
    want = cli_records(cli)
    assert [r["proof"]["verdict"] for r in want] == [
        "proved", "no automaton found", "proved", "no automaton found"]
    assert wythoff.sweep(FAMILY, MAX, prove=True, timeout=60) == want
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        assert wythoff.sweep(FAMILY, MAX, client=client, prove=True, timeout=60) == want
        # other options: other records, refused when mixed
        with pytest.raises(ValueError, match="proof options"):
            wythoff._check_records(FAMILY, MAX, False, [r["index"] for r in want], want,
                                   prove=want[0]["sweep"]["prove"].replace("timeout=60",
                                                                           "timeout=61"))
        # a proof shared with a later combination, or made by another jar: refused
        # as `sweep --merge` refuses it (the library's one check)
        idx = [r["index"] for r in want]
        ident = want[0]["sweep"]["prove"]
        later = [dict(want[0], proof=dict(want[0]["proof"], shared_with=3))] + want[1:]
        with pytest.raises(ValueError, match="not an earlier one"):
            wythoff._check_records(FAMILY, MAX, False, idx, later, prove=ident)
        jar = [dict(want[0], proof=dict(want[0]["proof"], jar_sha256="0" * 64))] + want[1:]
        with pytest.raises(ValueError, match="made by the jar"):
            wythoff._check_records(FAMILY, MAX, False, idx, jar, prove=ident)
        # a worker without Walnut: refused at the start, named, before any game
        w = sorted(client.scheduler_info()["workers"])[0]
        client.run(_break_walnut, workers=[w])
        with pytest.raises(RuntimeError, match="cannot prove") as e:
            wythoff.sweep(FAMILY, MAX, client=client, prove=True, timeout=60)
        assert w in str(e.value) and "nonexistent" in str(e.value)


def test_prove_options_are_checked():
    with pytest.raises(ValueError):
        wythoff.sweep(FAMILY, MAX, prove=True, states=0)
    with pytest.raises(ValueError):
        wythoff.sweep(FAMILY, MAX, timeout=5)  # an option of prove=True
