"""Long computations release the GIL and stop on Ctrl-C."""

import signal
import subprocess
import sys
import threading

import wythoff


def test_gil_is_released_during_a_computation():
    g = wythoff.Game("roob-blocking:m=2,p=3")
    done = threading.Event()
    result = {}

    def work():
        result["ps"] = g.p_positions(1 << 16)
        done.set()

    t = threading.Thread(target=work)
    t.start()
    spins = 0
    while not done.is_set():
        spins += 1
    t.join()
    assert result["ps"].shape[1] == 2
    # with the GIL held by the computation this loop could not have run
    assert spins > 1000


SCRIPT = """
import wythoff
print("start", flush=True)
try:
    wythoff.Game({spec!r}).p_positions({n})
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def interrupted(spec, n):
    """Run `Game(spec).p_positions(n)` in a child Python, send SIGINT one second
    after it starts, and return what it printed (within 60 s)."""
    p = subprocess.Popen(
        [sys.executable, "-c", SCRIPT.format(spec=spec, n=n)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert p.stdout.readline().strip() == "start"
    threading.Event().wait(1.0)
    p.send_signal(signal.SIGINT)
    try:
        out, _ = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        raise AssertionError(f"Ctrl-C did not stop {spec} p_positions({n})")
    return out.strip()


def test_ctrl_c_raises_keyboard_interrupt():
    # p_positions(2**20) of this game takes over a minute; SIGINT must end it
    assert interrupted("roob-blocking:m=2,p=3", 2**20) == "interrupted"


def test_ctrl_c_stops_the_imitation_state_solver():
    # the state solver reports progress once per row: p_positions(16384) takes
    # several seconds; SIGINT after one second must end it at the next row
    assert interrupted("imitation:p=3,m=1", 16384) == "interrupted"
