"""wythoff.prove: the same verdicts and dict as `wythoff prove --format json`.

Walnut (Java and the jar of scripts/install_walnut.sh) is needed: without it the
tests are skipped, except in CI (CI=true), where they fail."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

import wythoff
from conftest import walnut_installed


WALNUT = walnut_installed()
if not WALNUT and os.environ.get("CI") != "true":
    pytest.skip("Walnut not installed (scripts/install_walnut.sh)", allow_module_level=True)


def _binary():
    root = pathlib.Path(__file__).resolve().parents[3]
    for p in [os.environ.get("WYTHOFF_BIN"), root / "target/release/wythoff", root / "target/debug/wythoff"]:
        if p and pathlib.Path(p).is_file():
            return str(p)
    return None


def _without_seconds(v):
    """The dict with every "seconds" (a time, at any depth) and Java's peak memory
    (`walnut_peak_bytes`) left out: two runs differ there."""
    if isinstance(v, dict):
        return {k: _without_seconds(x) for k, x in v.items() if k not in ("seconds", "walnut_peak_bytes")}
    if isinstance(v, list):
        return [_without_seconds(x) for x in v]
    return v


def test_walnut_is_there_in_ci():
    assert WALNUT, "CI: Walnut (java and the jar) is missing: .ci/run must run scripts/install_walnut.sh"


def test_prove_wythoff_same_dict_as_the_cli():
    d = wythoff.prove("wythoff", max=256)
    assert d["verdict"] == "proved"
    assert d["numeration"] == "msd_fib"
    assert d["automaton"] == "pset.txt"
    names = [s["name"] for s in d["statements"]]
    assert names[:2] == ["stable", "absorbing"]
    assert all(s["result"] == "TRUE" for s in d["statements"])
    assert "winning_moves" in names
    binary = _binary()
    if binary:
        out = subprocess.run(
            [binary, "prove", "wythoff", "--max", "256", "--format", "json"],
            capture_output=True, text=True, check=True,
        ).stdout
        cli = json.loads(out)
        assert _without_seconds(cli) == _without_seconds(d)


def test_prove_misere_and_emit(tmp_path):
    d = wythoff.prove("wythoff", misere=True, max=256, numeration="zeckendorf", emit=str(tmp_path))
    assert d["convention"] == "misere"
    assert d["verdict"] == "proved"
    for f in ["Automata Library", "Command Files", "Custom Bases", "Result"]:
        assert (tmp_path / f).is_dir()
    assert (tmp_path / "Command Files" / "prove.txt").is_file()


def test_prove_refuses():
    with pytest.raises(ValueError, match="cannot be proved"):
        wythoff.prove("imitation:p=2,m=1")
    with pytest.raises(ValueError, match="max"):
        wythoff.prove("wythoff", max=8)
    with pytest.raises(ValueError, match="numeration"):
        wythoff.prove("wythoff", numeration="base:1")
    # no flag names in the library's words; a wrapping S + T is refused, not a panic
    with pytest.raises(ValueError) as e:
        wythoff.prove("wythoff", numeration="bogus")
    assert "--" not in str(e.value) and str(e.value).startswith("numeration = ")
    with pytest.raises(ValueError, match="S \\+ T"):
        wythoff.prove("wythoff", max=64, numeration="fraenkel:18446744073709551615,1")
    with pytest.raises(ValueError, match="timeout"):
        wythoff.prove("wythoff", max=64, timeout=0)


def test_prove_grundy_the_m3_formula():
    # prove(grundy=True): seed 001's m = 3 Grundy function, the relation
    # G(x, y) = z, proved by Walnut through the mex property
    d = wythoff.prove("modular:m=3", max=243, grundy=True)
    assert d["verdict"] == "proved", d
    assert d["grundy"] == "function" and d["numeration"] == "msd_3"
    assert all(s["result"] == "TRUE" for s in d["statements"])
    with pytest.raises(ValueError, match="Grundy"):
        wythoff.prove("blocking-wythoff:k=2", grundy=True)


PROVE_THEN_CTRL_C = """
import signal
signal.signal(signal.SIGINT, signal.default_int_handler)
import wythoff
print("start", flush=True)
try:
    wythoff.prove("wythoff", max=256)
    print("finished", flush=True)
except KeyboardInterrupt:
    import glob, os, tempfile
    left = glob.glob(os.path.join(tempfile.gettempdir(), "wythoff-prove-*"))
    print("interrupted", len(left), flush=True)
"""


def test_ctrl_c_during_prove_leaves_no_walnut_folder(tmp_path):
    """Issue 53, defect 12: a KeyboardInterrupt while Walnut ran left the
    temporary WALNUT_HOME (`wythoff-prove-*`) in TMPDIR, and Java running, until
    Walnut finished (or, past the interpreter's exit, until the guard process
    removed it). SIGINT is sent once the folder exists (Walnut has started):
    when KeyboardInterrupt reaches the caller the folder is gone, and nothing
    is left after the child Python ends."""
    import signal
    import sys
    import time

    env = dict(os.environ, TMPDIR=str(tmp_path))
    p = subprocess.Popen([sys.executable, "-c", PROVE_THEN_CTRL_C], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert p.stdout.readline().strip() == "start"
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob("wythoff-prove-*")) and p.poll() is None:
            assert time.monotonic() < deadline, "no Walnut folder within 60 s"
            time.sleep(0.02)
        # Java has the folder now: interrupt while it writes there
        time.sleep(0.3)
        p.send_signal(signal.SIGINT)
        out, _ = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    # interrupted, and the folder already removed when the caller sees it
    assert out.strip() == "interrupted 0", out
    deadline = time.monotonic() + 10
    while list(tmp_path.glob("wythoff-prove-*")) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = list(tmp_path.glob("wythoff-prove-*"))
    assert not left, f"left behind after Ctrl-C: {left} ({out.strip()})"
