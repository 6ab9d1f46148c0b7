"""Game.value_position(value, n) (issue 41, "Far out"): the n-th pair of
Wythoff's positions of Grundy value `value`; value 0 by Wythoff's closed form at
any n <= 10**18 (proved), values >= 1 by the level kernel (computed); what the
answer rests on is in the dict. Refusals are ValueErrors."""

import pytest
import wythoff


def test_value_zero_is_wythoffs_pair_far_out():
    d = wythoff.Game("wythoff").value_position(0, 10**18)
    assert (d["a"], d["b"]) == (1618033988749894848, 2618033988749894848)
    assert d["basis"] == "proved" and d["conjecture"] is None
    assert "Nivasch" in d["nivasch"]


@pytest.mark.parametrize("g", [0, 1, 2, 3, 4])
def test_value_position_equals_the_sequence(g):
    game = wythoff.Game("wythoff")
    pairs = game.sequence(400, value=g)
    for n in [0, 1, 7, 123, 399]:
        d = game.value_position(g, n)
        assert (d["a"], d["b"]) == tuple(int(v) for v in pairs[n]), (g, n)
        assert d["basis"] == ("proved" if g == 0 else "computed")


def test_refusals():
    game = wythoff.Game("wythoff")
    with pytest.raises(ValueError) as e:
        game.value_position(0, 10**18 + 1)
    assert "10^18" in str(e.value) and "--" not in str(e.value)
    with pytest.raises(ValueError):
        game.value_position(0, 10**30)
    # far out for a value >= 1: the level kernel's board is over its limit
    # (MemoryError, as Game.sequence(value=g) over the budget), naming the
    # algorithm that is not built
    with pytest.raises(MemoryError) as e:
        game.value_position(1, 10**18)
    assert "Nivasch" in str(e.value) and "--" not in str(e.value)
    with pytest.raises(ValueError):
        wythoff.Game("nim").value_position(0, 5)
    with pytest.raises(ValueError):
        game.value_position(-1, 5)
