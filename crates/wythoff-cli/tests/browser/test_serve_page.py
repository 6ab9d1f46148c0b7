"""`wythoff serve`'s page in a real browser: Debian's chromium, headless,
driven by Playwright for Python (launched with `executable_path`, so no browser
is downloaded). Choose a game from the catalogue -> the board -> hover -> play,
each checked against the CLI's answers (`p-positions`, `grundy`, `remoteness`,
`outcome --format json`).

Run by scripts/test_python.sh. Without chromium or Playwright the test is
skipped, except under CI=true, where it fails. WYTHOFF_SCREENSHOT=PATH also
saves a screenshot of the page (docs/serve.png).
"""

import json
import os
import shutil
import subprocess
import urllib.request

import pytest

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - reported by the fixture
    sync_playwright = None

CI = os.environ.get("CI") == "true"


def binary():
    b = os.environ.get("WYTHOFF_BIN")
    if b:
        return b
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, "..", "..", "..", ".."))
    for p in ("target/release/wythoff", "target/debug/wythoff"):
        if os.path.exists(os.path.join(root, p)):
            return os.path.join(root, p)
    pytest.fail("no wythoff binary: set WYTHOFF_BIN")


def chromium_path():
    for name in ("chromium", "chromium-browser"):
        p = shutil.which(name)
        if p:
            return p
    return None


def cli(*args):
    out = subprocess.run([binary(), *args], capture_output=True, text=True, check=True)
    return out.stdout


def cli_json(*args):
    return json.loads(cli(*args, "--format", "json"))


@pytest.fixture(scope="module")
def server():
    proc = subprocess.Popen(
        [binary(), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    assert "http://127.0.0.1:" in line, line
    url = line.split("http://")[1].split()[0]
    yield "http://" + url.rstrip("/")
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def page(server):
    exe = chromium_path()
    missing = None
    if sync_playwright is None:
        missing = "Playwright for Python is not installed (pip install playwright)"
    elif exe is None:
        missing = "Debian's chromium is not installed (apt-get install chromium)"
    if missing:
        if CI:
            pytest.fail(missing + ": the browser test must run in CI")
        pytest.skip(missing)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=exe, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        pg = browser.new_page(viewport={"width": 1300, "height": 900})
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(server)
        pg.wait_for_selector('body[data-loaded="wythoff|false|64"]')
        yield pg
        assert not errors, errors
        browser.close()


def pixel(page, x, y):
    """The colour drawn at the centre of cell (x, y)."""
    return page.evaluate(
        """([x, y]) => {
            const c = document.getElementById('board');
            const r = c.getBoundingClientRect();
            const p = window.wythoffCellCenter(x, y);
            const k = c.width / r.width;
            const px = Math.floor((p.x - r.left) * k), py = Math.floor((p.y - r.top) * k);
            if (px < 0 || py < 0 || px >= c.width || py >= c.height) return null;
            const d = c.getContext('2d').getImageData(px, py, 1, 1).data;
            return [d[0], d[1], d[2]];
        }""",
        [x, y],
    )


def show(page, game, n=64, misere=False):
    page.fill("#game-text", game)
    page.dispatch_event("#game-text", "input")
    page.set_checked("#misere", misere)
    page.fill("#max", str(n))
    page.click("#show")
    page.wait_for_selector(
        f'body[data-loaded="{game}|{"true" if misere else "false"}|{n}"]'
    )


def click_cell(page, x, y):
    page.mouse.click(**page.evaluate(f"() => window.wythoffCellCenter({x}, {y})"))


def start_play(page, game, n, x, y):
    """Show `game` on the board of `n`, start a game and pick (x, y) to start from."""
    show(page, game, n)
    page.click("#play-toggle")
    click_cell(page, x, y)
    page.wait_for_selector('#history[data-count="0"]')


def hover(page, x, y):
    c = page.evaluate("([x, y]) => window.wythoffCellCenter(x, y)", [x, y])
    page.mouse.move(c["x"], c["y"])
    page.wait_for_selector(f'#hover[data-x="{x}"][data-y="{y}"][data-ready="1"]')
    return page.eval_on_selector("#hover", "h => Object.assign({}, h.dataset)")


def test_choose_a_game_from_the_catalogue_then_board_hover_and_layers(page):
    page.select_option("#game-select", "m-wythoff")
    page.fill("#param-m", "2")
    page.dispatch_event("#param-m", "input")
    assert page.input_value("#game-text") == "m-wythoff:m=2"
    page.fill("#max", "40")
    page.click("#show")
    page.wait_for_selector('body[data-loaded="m-wythoff:m=2|false|40"]')
    # the board: black on every P-position of the CLI, white elsewhere
    ps = {tuple(p) for p in cli_json("p-positions", "m-wythoff:m=2", "--max", "40")["p_positions"]}
    assert len(ps) > 10
    for x in range(0, 40, 3):
        for y in range(0, 40):
            want = [0, 0, 0] if (x, y) in ps else [255, 255, 255]
            assert pixel(page, x, y) == want, (x, y)
    grundy = cli_json("grundy", "m-wythoff:m=2", "--max", "40")["rows"]
    rem = cli_json("remoteness", "m-wythoff:m=2", "--max", "40")["rows"]
    # hover: outcome, Grundy value, remoteness and winning moves as the CLI says
    for (x, y) in [(0, 0), (3, 1), (1, 3), (7, 12), (20, 9), (39, 39)]:
        d = hover(page, x, y)
        o = cli_json("outcome", "m-wythoff:m=2", str(x), str(y))
        assert d["outcome"] == o["outcome"], (x, y)
        assert d["moves"] == " ".join(f"{a},{b}" for a, b in o["winning_moves"]), (x, y)
        assert d["grundy"] == str(grundy[x][y]), (x, y)
        assert d["remoteness"] == str(rem[x][y]), (x, y)
        assert ((x, y) in ps) == (o["outcome"] == "P")
        text = page.inner_text("#hover")
        assert f"({x}, {y})" in text
    # the Grundy layer: plot's heatmap colour for 0
    page.check("#layer-grundy")
    zero = next((x, y) for x in range(40) for y in range(40) if grundy[x][y] == 0)
    assert pixel(page, *zero) == [214, 39, 40]
    # compare layer: P in both drawn black, only in A in plot's first part colour
    page.fill("#compare-game", "wythoff")
    page.check("#layer-compare")
    page.wait_for_function("document.getElementById('legend').textContent.includes('only in A (')")
    cmp = cli_json("compare", "m-wythoff:m=2", "wythoff", "--max", "40", "--first", "100000")
    assert f"P only in A ({cmp['only_a']})" in page.inner_text("#legend")
    page.check("#layer-p")
    # the patterns report beside the board is the CLI's
    rep = cli("patterns", "m-wythoff:m=2", "--max", "40")
    page.wait_for_function("document.getElementById('patterns').textContent.length > 0")
    assert page.inner_text("#patterns").strip() == rep.strip()


def test_zoom_keeps_cells_where_they_are(page):
    show(page, "wythoff", 64)
    page.click("#zoom-in")
    ps = {tuple(p) for p in cli_json("p-positions", "wythoff", "--max", "64")["p_positions"]}
    for (x, y) in [(16, 26), (26, 16), (20, 20), (30, 30)]:
        want = [0, 0, 0] if (x, y) in ps else [255, 255, 255]
        assert pixel(page, x, y) == want, (x, y)
    # a drag pans: the cell under the mouse stays under it
    before = page.evaluate("() => window.wythoffCellCenter(20, 20)")
    page.mouse.move(before["x"], before["y"])
    page.mouse.down()
    page.mouse.move(before["x"] + 100, before["y"] - 60, steps=5)
    page.mouse.up()
    after = page.evaluate("() => window.wythoffCellCenter(20, 20)")
    assert after["x"] > before["x"] + 60 and after["y"] < before["y"] - 30, (before, after)
    for (x, y) in [(16, 26), (26, 16), (20, 20), (21, 13), (35, 20)]:
        want = [0, 0, 0] if (x, y) in ps else [255, 255, 255]
        assert pixel(page, x, y) == want, (x, y)
    page.click("#reset-view")
    # zooming out past the board loads a larger one (up to the server's limit)
    show(page, "wythoff", 32)
    page.click("#zoom-out")
    page.wait_for_selector('body[data-loaded="wythoff|false|64"]')
    assert pixel(page, 39, 24) == [0, 0, 0]  # (39, 24) is a P-position of Wythoff


def test_play_against_the_perfect_opponent(page):
    # (5, 3) is P: the human's move (to (5, 1)) loses, the computer wins back
    start_play(page, "wythoff", 64, 5, 3)
    click_cell(page, 5, 1)
    page.wait_for_selector('#history[data-count="2"]')
    a, b = page.get_attribute("#history", "data-position").split(",")
    o = cli_json("outcome", "wythoff", "5", "1")
    assert [a, b] in o["winning_moves"]
    text = page.inner_text("#history")
    assert "(5, 1) you" in text and f"({a}, {b}) computer" in text
    # undo takes back your move and the reply
    page.click("#undo")
    page.wait_for_selector('#history[data-count="0"]')
    assert page.get_attribute("#history", "data-position") == "5,3"
    # an illegal move is refused with the rule's words, as `play` says them
    click_cell(page, 2, 1)
    page.wait_for_function("document.getElementById('status').textContent.includes('not a two-pile move')")
    page.click("#play-toggle")


def test_play_with_a_pass(page):
    # wythoff:pass=1 at (1, 2): the pass is the one winning action (as `outcome` says)
    o = cli_json("outcome", "wythoff:pass=1", "1", "2")
    assert o["winning_pass"] is True and o["winning_moves"] == []
    start_play(page, "wythoff:pass=1", 32, 1, 2)
    # the history's count may still read a former game's 0: wait for this game's answer
    page.wait_for_selector('#history[data-position="1,2"]')
    page.wait_for_selector("#pass", state="visible")
    page.click("#pass")
    page.wait_for_selector('#history[data-count="2"]')
    assert "pass you" in page.inner_text("#history")
    # one pass a game: the button is gone, the computer replied with a move
    assert not page.is_visible("#pass")
    assert page.get_attribute("#history", "data-position") != "1,2"
    page.click("#play-toggle")


def test_a_bad_game_shows_the_cli_error_line(page):
    page.fill("#game-text", "m-wythoff:m=0")
    page.click("#show")
    page.wait_for_function("document.getElementById('status').className === ''")
    out = subprocess.run([binary(), "p-positions", "m-wythoff:m=0", "--max", "64"], capture_output=True, text=True)
    assert out.returncode == 2
    want = out.stderr.strip().removeprefix("wythoff: error: ")
    page.wait_for_function("document.getElementById('status').textContent.length > 0")
    assert page.inner_text("#status") == want
    show(page, "wythoff", 64)


def test_blocking_game_your_blocks_and_the_computers(page):
    start_play(page, "diagonal-blocking:p=2,m=1", 32, 6, 9)
    assert page.is_visible("#blocks")
    # move to (4, 7) and block the diagonal option (3, 6)
    page.fill("#blocks", "3,6")
    click_cell(page, 4, 7)
    page.wait_for_selector('#history[data-count="2"]')
    assert "(4, 7) you blocking 3,6" in page.inner_text("#history")
    a, b = page.get_attribute("#history", "data-position").split(",")
    assert (a, b) != ("3", "6")
    page.click("#play-toggle")


def test_play_imitation_nim_shows_the_history(page, server):
    start_play(page, "imitation:p=2,m=1", 16, 4, 4)
    click_cell(page, 3, 4)
    page.wait_for_selector('#history[data-count="2"]')
    text = page.inner_text("#history")
    assert "1-imitation" in text and "runs: player to move" in text
    assert "(4, 4) start" in text and "(3, 4) you" in text
    # the marks agree with the server's replay of the same moves
    a, b = page.get_attribute("#history", "data-position").split(",")
    url = f"{server}/api/play?game=imitation%3Ap%3D2%2Cm%3D1&start=4,4&moves=3,4;{a},{b}"
    with urllib.request.urlopen(url) as r:
        d = json.load(r)
    marks = ["*" if m["imitation"] else "" for m in d["moves"]]
    assert f"(3, 4){marks[0]} you" in text and f"({a}, {b}){marks[1]} computer" in text
    page.click("#play-toggle")
    shot = os.environ.get("WYTHOFF_SCREENSHOT")
    if shot:
        show(page, "wythoff", 64)
        page.check("#layer-grundy")
        hover(page, 7, 12)
        page.screenshot(path=shot)
        page.check("#layer-p")


def test_at_1000_pixels_the_panels_stay_beside_the_board(page, server):
    """A 1000 px window: the cell, play and patterns panels beside the board
    (the board shrinks), hovering shows the cell under the board and in its
    panel, and nothing the page asks for is missing (the icon included)."""
    pg = page.context.browser.new_page(viewport={"width": 1000, "height": 800})
    failed = []
    pg.on("response", lambda r: r.status >= 400 and failed.append((r.status, r.url)))
    pg.goto(server)
    pg.wait_for_selector('body[data-loaded="wythoff|false|64"]')
    board = pg.eval_on_selector("#board", "e => e.getBoundingClientRect().toJSON()")
    for panel in ("#hover", "#play-toggle", "#patterns"):
        box = pg.eval_on_selector(panel, "e => e.getBoundingClientRect().toJSON()")
        assert box["left"] >= board["right"], (panel, box, board)
        assert box["top"] < 800, (panel, box)
    c = pg.evaluate("() => window.wythoffCellCenter(3, 5)")
    pg.mouse.move(c["x"], c["y"])
    pg.wait_for_selector('#hover[data-x="3"][data-y="5"][data-ready="1"]')
    line = pg.inner_text("#cell-line")
    assert line.startswith("(3, 5): P") and "winning moves none" in line, line
    # the axis margin is no cell
    pg.mouse.move(board["left"] + 3, board["top"] + 3)
    assert pg.get_attribute("#hover", "data-x") == "3"
    assert pg.evaluate("() => fetch('/favicon.ico').then(r => r.status)") == 200
    assert not failed, failed
    pg.close()
