"""Game.grundy_levels(values, n) (issue 41): the positions of Grundy value
0..=values, level by level, equal the whole table's (Game.grundy) filtered;
refusals as the CLI's, in Python's words."""

import numpy as np
import pytest

import wythoff


def filtered(game, n, top):
    t = wythoff.Game(game).grundy(n)
    rows = [(x, y, int(t[x, y])) for x in range(n) for y in range(n)
            if t[x, y] <= top]
    rows.sort(key=lambda r: (r[2], r[0], r[1]))
    return np.array(rows, dtype=np.uint32).reshape(-1, 3)


@pytest.mark.parametrize("game", [
    "nim", "wythoff", "m-wythoff:m=3", "st-wythoff:s=2,t=1", "modular:m=3",
    "corner:m=2,p=3,u=5,v=7", "terminal-wythoff:l=2",
])
def test_levels_are_the_whole_tables_positions_of_those_values(game):
    for n, top in [(1, 0), (9, 2), (33, 7)]:
        got = wythoff.Game(game).grundy_levels(top, n)
        assert got.dtype == np.uint32 and got.shape[1:] == (3,)
        assert np.array_equal(got, filtered(game, n, top)), (game, n, top)


def test_numpy_integers_and_the_cli_count():
    got = wythoff.Game("wythoff").grundy_levels(np.int64(3), np.uint16(40))
    assert len(got) == len(filtered("wythoff", 40, 3))


@pytest.mark.parametrize("game,words", [
    ("roob-blocking:m=2,p=3", "blocking"),
    ("imitation:p=2,m=1", "memory"),
    ("connell:p=2", "one-pile moves of every length"),
])
def test_games_outside_are_refused_with_a_reason(game, words):
    with pytest.raises(ValueError, match=words):
        wythoff.Game(game).grundy_levels(2, 16)


def test_bad_arguments_name_parameters_not_flags():
    with pytest.raises(ValueError) as e:
        wythoff.Game("wythoff").grundy_levels(-1, 16)
    assert "values" in str(e.value) and "--" not in str(e.value)
    with pytest.raises(ValueError):
        wythoff.Game("wythoff").grundy_levels(2, 0)
    with pytest.raises(MemoryError):
        wythoff.Game("wythoff").grundy_levels(2_000_000_000, 1 << 20)


@pytest.mark.parametrize("game,g", [("wythoff", 0), ("wythoff", 1), ("wythoff", 5), ("m-wythoff:m=3", 2)])
def test_value_pairs_are_the_tables_positions_of_that_value(game, g):
    # Game.sequence(terms, value=g) (`sequence --value g`): the positions of
    # value g with a <= b, a increasing; every a up to the last one is listed
    pairs = wythoff.Game(game).sequence(30, value=g)
    assert pairs.shape == (30, 2)
    a, b = pairs[:, 0].astype(int), pairs[:, 1].astype(int)
    assert (a <= b).all() and (np.diff(a) > 0).all()
    n = int(b.max()) + 1
    t = wythoff.Game(game).grundy(n)
    want = {(x, y) for x in range(n) for y in range(x, n) if t[x, y] == g and x <= a[-1]}
    assert set(zip(a.tolist(), b.tolist())) == want


def test_value_pairs_of_a_game_without_grundy_values_are_refused():
    with pytest.raises(ValueError, match="blocking"):
        wythoff.Game("blocking-wythoff:k=2").sequence(10, value=1)
