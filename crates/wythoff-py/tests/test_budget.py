"""Issue 53, defect 6: the module admits work as the CLI does. It reads the
memory budget when it is imported (`WYTHOFF_MEMORY_BUDGET`, else the available
memory, the cgroup limit and `ulimit -v`), where it used to keep 16 GiB whatever
the machine said. Each case runs in a child Python, since the budget is read
once, at import."""

import os
import subprocess
import sys


def child(code, **env):
    e = dict(os.environ)
    e.update(env)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=e, timeout=120)
    return r.returncode, r.stdout.strip(), r.stderr.strip()


REFUSED = """
import wythoff
try:
    wythoff.Game("wythoff").grundy(8192)
    print("computed")
except MemoryError as e:
    print("MemoryError:", e)
"""


def test_the_budget_variable_refuses_a_big_grundy_table():
    # 8192 x 8192 Grundy values: 256 MiB of table, over a budget of 64 MiB
    rc, out, err = child(REFUSED, WYTHOFF_MEMORY_BUDGET="64M")
    assert rc == 0, err
    assert out.startswith("MemoryError:"), out
    assert "over the budget of 64.0 MiB" in out, out
    # the plan says the same budget
    rc, out, err = child(
        "import wythoff; p = wythoff.Game('wythoff').plan('grundy', 8192); "
        "print(p['budget']['memory'], p['refused']['reason'])",
        WYTHOFF_MEMORY_BUDGET="64M",
    )
    assert rc == 0, err
    assert out == f"{64 << 20} memory", out


def test_a_budget_that_is_not_a_size_fails_the_import():
    rc, out, err = child("import wythoff", WYTHOFF_MEMORY_BUDGET="lots")
    assert rc != 0
    assert "ValueError" in err and "WYTHOFF_MEMORY_BUDGET=`lots` is not a memory size" in err, err


def test_the_address_space_limit_sets_the_budget():
    # `ulimit -v` of 3 GiB: a budget of at most three quarters of it, as the CLI's
    code = (
        "import resource; resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)); "
        "import wythoff; print(wythoff.Game('wythoff').plan('grundy', 64)['budget']['memory'])"
    )
    env = {k: v for k, v in os.environ.items() if k != "WYTHOFF_MEMORY_BUDGET"}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert int(r.stdout.strip()) <= (3 << 30) // 4 * 3, r.stdout
