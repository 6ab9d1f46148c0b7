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


# a game whose boards are slow: p_positions(4096) and patterns(4096) solve
# for a minute or more, its outcome near (4999, 4998) too (one position's
# outcome reports no progress: the call returns, the work is abandoned)
SLOW = "restricted:s=1,t=1,h=min256,v=min256,d1=none,d2=none"


# The child restores Python's own SIGINT handler first: a process started in
# the background by a non-interactive shell (`scripts/test.sh &`, nohup) inherits
# SIGINT ignored, and Python then never raises KeyboardInterrupt (the cold-clone
# measurement of 2026-11-26 failed these tests so).
SCRIPT = """
import signal
signal.signal(signal.SIGINT, signal.default_int_handler)
import wythoff
print("start", flush=True)
try:
    {call}
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def interrupted(spec, n, call="wythoff.Game({spec!r}).p_positions({n})", within=60):
    """Run `call` (by default `Game(spec).p_positions(n)`) in a child Python,
    send SIGINT one second after it starts, and return what it printed (within
    `within` seconds)."""
    code = SCRIPT.format(call=call.format(spec=spec, n=n))
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "start"
    threading.Event().wait(1.0)
    p.send_signal(signal.SIGINT)
    try:
        out, _ = p.communicate(timeout=within)
    except subprocess.TimeoutExpired:
        p.kill()
        raise AssertionError(f"Ctrl-C did not stop {call.format(spec=spec, n=n)}")
    return out.strip()


def test_ctrl_c_raises_keyboard_interrupt():
    # p_positions(4096) of this game (dense P-positions, the general solver)
    # takes over a minute; SIGINT must end it at its next progress report
    assert interrupted(SLOW, 4096) == "interrupted"


def test_ctrl_c_stops_the_imitation_state_solver():
    # the state solver reports progress once per row: p_positions(16384) takes
    # several seconds; SIGINT after one second must end it at the next row
    assert interrupted("imitation:p=3,m=1", 16384) == "interrupted"



def test_ctrl_c_interrupts_a_board_solving_outcome():
    call = "wythoff.Game({spec!r}).outcome(4999, 4998)"
    assert interrupted(SLOW, 0, call, within=10) == "interrupted"


def test_ctrl_c_interrupts_patterns():
    call = "wythoff.Game({spec!r}).patterns({n})"
    assert interrupted(SLOW, 4096, call, within=10) == "interrupted"


def test_ctrl_c_interrupts_the_plain_grundy_kernel_and_a_board_read_sequence():
    # hostile round 4: both ran to the end (46 s, 36 s) whatever Ctrl-C said;
    # the plain Grundy kernel now reports each row, the board the pairs are
    # read off each of its rows
    call = "wythoff.Game({spec!r}).grundy({n})"
    assert interrupted("terminal-wythoff:l=7", 1024, call, within=10) == "interrupted"
    call = "wythoff.Game({spec!r}).sequence({n})"
    assert interrupted("blocking-wythoff:k=20", 4000, call, within=10) == "interrupted"
