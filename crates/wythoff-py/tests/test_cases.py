"""The case file every engine of the library runs (testdata/cases.toml, read by
crates/wythoff/tests/engines.rs) through the Python API: the P-positions and
Grundy values equal the binary's, and the known P-positions (papers, OEIS)."""

import pathlib

import numpy as np
import pytest

import wythoff

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

ROOT = pathlib.Path(__file__).resolve().parents[3]
CASES = tomllib.loads((ROOT / "testdata" / "cases.toml").read_text())["case"]


def test_the_case_file_is_read():
    assert len(CASES) >= 60


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['game']}{'@misere' if c['misere'] else ''}" for c in CASES]
)
def test_case(cli, case):
    spec, n, misere = case["game"], case["max"], case["misere"]
    if spec.endswith(".toml"):
        # a rules file of the case file, named relative to testdata/ (as engines.rs reads it)
        spec = str(ROOT / "testdata" / spec)
    g = wythoff.Game(spec, misere=misere)
    ps = [tuple(map(int, p)) for p in g.p_positions(n)]
    args = ["p-positions", spec, "--max", n, "--format", "csv"]
    if misere:
        args.append("--misere")
    want = [tuple(map(int, l.split(","))) for l in cli.out(*args).splitlines()[1:]]
    assert ps == want
    if "known" in case:
        known = [tuple(map(int, p.split(","))) for p in case["known"].split()]
        ymax = max(y for _, y in known)
        assert [(x, y) for x, y in ps if x <= y <= ymax] == known
    r = cli.run("grundy", spec, "--max", n, "--format", "csv", ok=False)
    if misere or r.returncode != 0:
        with pytest.raises(ValueError, match="has no Grundy values"):
            g.grundy(n)
        return
    t = g.grundy(n)
    want = [
        [wythoff.GRUNDY_OFF if v == "-" else int(v) for v in l.split(",")]
        for l in r.stdout.splitlines()
    ]
    assert t.dtype == np.uint32 and t.tolist() == want
