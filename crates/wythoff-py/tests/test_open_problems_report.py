"""scripts/open_problems.py, the generator of docs/open-problems.md: it must never
state a law that the board twice as large refutes, and it counts distinct games.

These tests load the script as a module and run its checking step on real
`wythoff patterns --check` output (the binary of conftest.py)."""

import importlib.util
import json
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import ROOT, find_binary


@pytest.fixture(scope="module")
def op(tmp_path_factory):
    sys_argv = sys.argv
    sys.argv = ["open_problems.py", find_binary()]
    try:
        spec = importlib.util.spec_from_file_location(
            "open_problems", ROOT / "scripts" / "open_problems.py"
        )
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        sys.argv = sys_argv
    mod.CACHE = str(tmp_path_factory.mktemp("op-cache"))
    return mod


def record(game, misere, max_):
    """A sweep record of one game, as `wythoff sweep --format json` writes it."""
    cmd = [find_binary(), "sweep", game, "--max", str(max_), "--format", "json"]
    if misere:
        cmd.append("--misere")
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[0])


def test_a_law_refuted_on_the_larger_board_is_dropped(op):
    # read on 1000, this misère game looks periodic from (333, 333); on 2000 the
    # cell (336, 1005) is P where the law says N (the audit's example)
    game = "restricted:s=3,t=1,h=5:3,v=5:3,d1=5:3,d2=5:3"
    op.MAX, op.CHECK = 1000, 2000
    rec = record(game, True, 1000)
    assert any(q["kind"] == "periodic" for q in rec["patterns"])
    path = str(pathlib.Path(op.CACHE) / "op-test.jsonl")
    (chk,) = op.checks([rec], path)
    out = op.apply_check(rec, chk)
    assert not any(q["kind"] == "periodic" for q in out["patterns"])
    assert any("(336, 1005)" in c["failure"] for c in out["refuted"])
    assert op.signature(out).startswith("no law that holds on the board of 2000")


def test_laws_that_hold_are_kept(op):
    op.MAX, op.CHECK = 300, 600
    rec = record("restricted:s=2,t=3,h=4:0,v=4:0,d1=4:0,d2=4:0", False, 300)
    path = str(pathlib.Path(op.CACHE) / "op-test2.jsonl")
    (chk,) = op.checks([rec], path)
    out = op.apply_check(rec, chk)
    assert out["patterns"] == rec["patterns"] and out["refuted"] == []
    # problem 25: 4 x 4 blocks, the laws of (2, ceil(3/4)) = (2, 1)-Wythoff
    assert out["patterns"][0]["block"] == 4
    assert out["patterns"][0]["difference"] == {"law": "affine", "s": 2, "t": 1, "c": 0, "from": 0}
    out["params"]["K"] = 4  # a sweep variable of the report's sweep
    assert op.thickening(out)
    out["params"]["K"] = 2
    assert not op.thickening(out)


def test_distinct_games(op):
    # seed 000's table: 352 entries, 232 games (l = 0 and l = 1 are one game,
    # l = p is m-Wythoff); the 147 entries a theorem covers are 48 games
    from math import gcd

    entries = [
        {"params": {"m": m, "l": l, "p": p}}
        for m in range(1, 9)
        for p in range(1, 9)
        for l in range(0, p + 1)
    ]
    assert len(entries) == 352
    assert op.distinct(entries, op.rook_key) == 232
    covered = [
        e
        for e in entries
        if (lambda m, l, p: (l <= 1 and gcd(m, p) == 1) or (l == m and p % m == 0) or l == p)(
            **e["params"]
        )
    ]
    assert len(covered) == 147 and op.distinct(covered, op.rook_key) == 48
    # with every set the multiples of K, t = 1..K are one game
    base = {"s": 1, "h": "4:0", "v": "4:0", "d1": "4:0", "d2": "4:0"}
    same = [{"params": dict(base, t=t)} for t in (1, 2, 3, 4)]
    assert op.distinct(same, op.restricted_key) == 1
    other = {"params": dict(base, t=5)}
    assert op.distinct(same + [other], op.restricted_key) == 2


def test_the_proof_counts_are_those_of_the_records_in_the_repository():
    # every Walnut count of docs/open-problems.md that the repository's records
    # cover is re-counted from them (docs/open-problems/proofs/; no binary, no Walnut)
    index_path = ROOT / "docs" / "open-problems" / "proofs" / "index.json"
    if not index_path.exists():
        pytest.skip("no proof sweep's records in the repository yet")
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "open_problems.py"), "--check-proofs"],
        capture_output=True,
        text=True,
        env={**os.environ, "OP_PROVE_TIMEOUT": "10"},
    )
    assert out.returncode == 0, out.stderr
    index = json.loads(index_path.read_text())
    assert f"{len(index)} proof sweeps checked, 0 differences" in out.stderr


def test_a_changed_verdict_or_count_is_caught(op, tmp_path):
    # records of a small real proof sweep's shape, indexed as the generator does;
    # the check passes on them and fails when one verdict is changed
    import gzip

    recs = [
        {"index": 0, "game": "g0", "proof": {"verdict": "proved", "shared_with": None}},
        {"index": 1, "game": "g1", "proof": {"verdict": "proved", "shared_with": 0}},
        {"index": 2, "game": "g2", "proof": {"verdict": "no automaton found", "shared_with": None}},
    ]
    proofs = tmp_path / "proofs"
    proofs.mkdir()
    name = "x.prove.jsonl.gz"
    with gzip.open(proofs / name, "wt") as f:
        f.writelines(json.dumps(r) + "\n" for r in recs)
    entry = {"spec": "s", "convention": "normal", "combinations": 3,
             "verdicts": op.family_counts(recs)}
    assert entry["verdicts"] == {"proved": 1, "no automaton found": 1}
    (proofs / "index.json").write_text(json.dumps({name: entry}))
    doc = tmp_path / "doc.md"
    doc.write_text(op.family_line(entry, entry["verdicts"]) + "\n")
    saved = op.PROOFS, op.PROOF_INDEX, op.DOC
    op.PROOFS, op.PROOF_INDEX, op.DOC = str(proofs), str(proofs / "index.json"), str(doc)
    try:
        assert op.check_proofs() == 0
        recs[2]["proof"]["verdict"] = "proved"
        with gzip.open(proofs / name, "wt") as f:
            f.writelines(json.dumps(r) + "\n" for r in recs)
        assert op.check_proofs() == 1
    finally:
        op.PROOFS, op.PROOF_INDEX, op.DOC = saved


def test_a_problem_line_counts_that_problems_combinations(op, tmp_path):
    # in seed 003's problem sections, a Walnut line of the K, a, b sweep counts the
    # combinations of its problem only (25: a = b = 0; 27: a != b), not the family
    import gzip

    spec = op.SEED003_ONE_PILE_AND_DIAGONAL
    recs = [
        {"index": 0, "params": {"a": 0, "b": 0}, "proof": {"verdict": "proved", "shared_with": None}},
        {"index": 1, "params": {"a": 1, "b": 0}, "proof": {"verdict": "no automaton found", "shared_with": None}},
        {"index": 2, "params": {"a": 0, "b": 1}, "proof": {"verdict": "no automaton found", "shared_with": 1}},
    ]
    proofs = tmp_path / "proofs"
    proofs.mkdir()
    name = "k.prove.jsonl.gz"
    with gzip.open(proofs / name, "wt") as f:
        f.writelines(json.dumps(r) + "\n" for r in recs)
    entry = {"spec": spec, "convention": "normal", "combinations": 3, "verdicts": op.family_counts(recs)}
    (proofs / "index.json").write_text(json.dumps({name: entry}))

    def line(total, proved, none):
        return (f"- **Walnut, every game** (`wythoff sweep '{spec}' --max 16 --prove`), over the {total} "
                f"distinct games: proved {proved}, refuted 0, no automaton found {none}, Walnut timed out 0.")

    doc = tmp_path / "doc.md"
    saved = op.PROOFS, op.PROOF_INDEX, op.DOC
    op.PROOFS, op.PROOF_INDEX, op.DOC = str(proofs), str(proofs / "index.json"), str(doc)
    try:
        right = [op.family_line(entry, entry["verdicts"]), "### Problem 25", line(1, 1, 0), "### Problem 27", line(1, 0, 1)]
        doc.write_text("\n".join(right) + "\n")
        assert op.check_proofs() == 0
        # the family's counts written into problem 25's section are caught
        doc.write_text("\n".join(right[:2] + [line(2, 1, 1)] + right[3:]) + "\n")
        assert op.check_proofs() == 1
    finally:
        op.PROOFS, op.PROOF_INDEX, op.DOC = saved
