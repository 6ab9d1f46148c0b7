"""The `wythoff` binary that the Python answers are compared with.

WYTHOFF_BIN names it; otherwise target/release/wythoff or target/debug/wythoff
of this repository (built by `cargo build` / `cargo test --workspace`). A
missing binary is an error, not a skip.
"""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def find_binary():
    env = os.environ.get("WYTHOFF_BIN")
    if env:
        return env
    for sub in ("release", "debug"):
        p = ROOT / "target" / sub / "wythoff"
        if p.exists():
            return str(p)
    raise RuntimeError(
        "no wythoff binary: run `cargo build` first or set WYTHOFF_BIN"
    )


class Cli:
    def __init__(self, path):
        self.path = path

    def run(self, *args, ok=True):
        r = subprocess.run(
            [self.path, *map(str, args)], capture_output=True, text=True
        )
        if ok and r.returncode != 0:
            raise AssertionError(f"wythoff {' '.join(map(str, args))}: {r.stderr}")
        return r

    def out(self, *args):
        return self.run(*args).stdout

    def error(self, *args):
        """The one-line message of a refused command, without `wythoff: error: `."""
        r = self.run(*args, ok=False)
        assert r.returncode == 2, (args, r.returncode, r.stdout)
        line = r.stderr.strip()
        assert "\n" not in line
        prefix = "wythoff: error: "
        assert line.startswith(prefix), line
        return line[len(prefix):]


@pytest.fixture(scope="session")
def cli():
    return Cli(find_binary())


def walnut_installed():
    """Java and the Walnut jar, as `wythoff prove` finds it (WALNUT_JAR, else
    walnut-6.2.jar under $WYTHOFF_CACHE/walnut or ~/.cache/wythoff/walnut)."""
    import shutil

    jar = os.environ.get("WALNUT_JAR")
    if jar is None:
        cache = os.environ.get("WYTHOFF_CACHE") or os.path.join(
            os.path.expanduser("~"), ".cache", "wythoff"
        )
        jar = os.path.join(cache, "walnut", "walnut-6.2.jar")
    return os.path.isfile(jar) and shutil.which("java") is not None
