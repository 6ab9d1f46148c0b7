"""wythoff: the Wythoff family of two-pile take-away games.

Thin bindings of the Rust library `wythoff` (the same code as the `wythoff`
command-line tool): general solvers, exact big-integer oracles for the
published solutions, sequences, and the papers' claims.

    >>> import wythoff
    >>> g = wythoff.Game("m-wythoff:m=2")
    >>> g.p_positions(10)          # numpy uint64 array, shape (k, 2)
    >>> g.outcome(10**100, 10**100 + 7)
"""

from ._wythoff import GRUNDY_OFF, MAX_BOARD, Game, games, verify

__all__ = ["Game", "games", "verify", "GRUNDY_OFF", "MAX_BOARD"]
__version__ = "0.1.0"
