"""`Game.plot` and `Game._repr_png_`: the same bytes as `wythoff plot`."""

import pytest

import wythoff

CASES = [
    ("roob-blocking:m=2,p=3", False, {}),
    ("modulo-rook:m=2,l=0,p=4", False, {"parts": "index"}),
    ("imitation:p=3,m=1", False, {}),
    ("modular:m=3", False, {"grundy": True}),
    ("wythoff", True, {"remoteness": True}),
    ("odd-odd:s=1,t=1", True, {"parts": "none"}),
]


def cli_args(kw):
    args = []
    if kw.get("grundy"):
        args.append("--grundy")
    if kw.get("remoteness"):
        args.append("--remoteness")
    if "parts" in kw:
        args += ["--parts", kw["parts"]]
    return args


@pytest.mark.parametrize("spec,misere,kw", CASES)
@pytest.mark.parametrize("ext", ["png", "svg"])
def test_plot_writes_the_cli_bytes(cli, tmp_path, spec, misere, kw, ext):
    mine = tmp_path / f"py.{ext}"
    theirs = tmp_path / f"cli.{ext}"
    wythoff.Game(spec, misere=misere).plot(37, str(mine), **kw)
    args = ["plot", spec, "--max", 37, "-o", theirs] + cli_args(kw)
    if misere:
        args.append("--misere")
    cli.run(*args)
    assert mine.read_bytes() == theirs.read_bytes()
    assert len(mine.read_bytes()) > 1000


def test_repr_png_is_the_picture_of_64(cli, tmp_path):
    g = wythoff.Game("roob-blocking:m=2,p=3")
    png = g._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    out = tmp_path / "cli.png"
    cli.run("plot", "roob-blocking:m=2,p=3", "--max", 64, "-o", out)
    assert png == out.read_bytes()


def test_plot_errors(tmp_path):
    g = wythoff.Game("wythoff")
    with pytest.raises(ValueError, match="unsupported image format"):
        g.plot(10, str(tmp_path / "x.gif"))
    with pytest.raises(ValueError, match="out of range for a picture"):
        g.plot(10**6, str(tmp_path / "x.png"))
    with pytest.raises(ValueError, match="parts="):
        g.plot(10, str(tmp_path / "x.png"), parts="colour")
    with pytest.raises(ValueError):
        g.plot(10, str(tmp_path / "x.png"), grundy=True, remoteness=True)
    with pytest.raises(ValueError, match="Grundy"):
        wythoff.Game("roob-blocking:m=2,p=3").plot(10, str(tmp_path / "x.png"), grundy=True)
    with pytest.raises(OSError):
        g.plot(10, str(tmp_path / "no-such-folder" / "x.png"))
