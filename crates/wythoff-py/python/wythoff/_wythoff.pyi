"""Type stubs of the native module `wythoff._wythoff` (re-exported by `wythoff`)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

GRUNDY_OFF: int
"""Value of a removed corner's cells in `Game.grundy` (4294967295, the uint32 maximum)."""
MAX_BOARD: int
"""Largest board side `n` (2**20)."""

class Game:
    """A game of the Wythoff family in normal or misère play.

    `spec`: a catalogue game, `name` or `name:key=value,...` (see `games()`), or
    the path of a TOML rules file (ending in `.toml`, or starting with `file:`).
    Bad input raises ValueError with the CLI's one-line message.
    """

    def __init__(self, spec: str, misere: bool = False) -> None: ...
    @staticmethod
    def from_rules(toml_text: str, misere: bool = False) -> "Game":
        """A game from the text of a TOML rules file."""
    @property
    def spec(self) -> str:
        """Canonical `name:key=value,...` (defaults filled in), or the rules file's name."""
    @property
    def name(self) -> str:
        """Catalogue name (e.g. `m-wythoff`), or the rules file's `name`."""
    @property
    def params(self) -> Dict[str, Union[int, str]]:
        """Parameter values (ints; length sets as text); empty for a rules file."""
    @property
    def source(self) -> str:
        """Paper and place defining the game; `"rules file"` for a rules file."""
    @property
    def symmetric(self) -> bool:
        """Are the rules symmetric under swapping the piles?"""
    @property
    def misere(self) -> bool: ...
    @property
    def convention(self) -> str:
        """`"normal play"` or `"misère play"`."""
    def p_positions(self, n: int) -> npt.NDArray[np.uint64]:
        """P-positions (x, y), 0 <= x, y < n, sorted by x then y: shape (k, 2)."""
    def outcomes(self, n: int) -> npt.NDArray[np.bool_]:
        """Shape (n, n); True = P-position; [x, y] = piles (x, y)."""
    def grundy(self, n: int) -> npt.NDArray[np.uint32]:
        """Grundy values, shape (n, n); removed-corner cells hold GRUNDY_OFF.

        ValueError for games without Grundy values (blocking, misère, memory, choice)."""
    def outcome(
        self, x: int, y: int, history: Optional[Sequence[Tuple[int, int]]] = None
    ) -> Tuple[str, List[Tuple[int, int]]]:
        """("P" | "N", winning moves as (x, y) Python ints of any size)."""
    def rows(self, a: int, b: int, columns: Optional[int] = None) -> List[Dict[str, Any]]:
        """Grundy rows a..=b over `columns` columns (default 2^20), each certified where the
        row certificate applies: the list of dicts of `wythoff rows GAME --rows A..B --format json`."""
    def p_positions_row(self, x: int, below: Optional[int] = None) -> List[Tuple[int, int]]:
        """The P-positions (x, y) of row x at any size, y < below (None: the whole row),
        from the game's exact oracle or its shipped proved automaton (`p-positions --row`)."""
    def explain(
        self, x: int, y: int, history: Optional[Sequence[Tuple[int, int]]] = None
    ) -> Dict[str, Any]:
        """`outcome` with `notes` (the CLI's comment lines), `oracle` (or None) and `grundy`
        (the position's Grundy value where known: `value` and `basis`, or None)."""
    def sequence(self, terms: int, value: Optional[int] = None) -> npt.NDArray[np.uint64]:
        """The pairs (a_n, b_n), n = 0 .. terms - 1: shape (terms, 2) (fewer rows for a finite list).
        With `value=g`: the positions of Grundy value g with a <= b, by increasing a (`sequence --value g`);
        ValueError for games without Grundy values."""
    def plan(self, work: str, n: int) -> Dict[str, Any]:
        """What `work` ("p-positions", "grundy", "remoteness"; "sequence" with n terms) costs and which kernel answers, without the work: the CLI's `--plan`."""
    def plot(self, n: int, path: str, grundy: bool = False, remoteness: bool = False, parts: str = "variant") -> None:
        """Write the picture of the board of side n to path (.png or .svg): the bytes `wythoff plot` writes."""
    def _repr_png_(self) -> bytes:
        """The P-position picture of the board of side 64 (shown by Jupyter)."""
    def patterns(self, n: Optional[int] = None, grundy: bool = False) -> Dict[str, Any]:
        """The structure of the board (as `wythoff patterns --format json`)."""

def sum(parts: Sequence[Tuple[str, int, int]], misere: bool = False) -> Dict[str, Any]:
    """The disjunctive sum of positions (game, x, y); a Nim heap is ("nim", x, 0)."""

def games() -> List[Dict[str, Any]]:
    """The catalogue, as `wythoff games --format json`."""

def verify(games: Optional[Sequence[str]] = None, max: Optional[int] = None) -> List[Dict[str, Any]]:
    """The papers' claims, one dict per check (`source`, `game`, `compared`, `range`, `passed`, `detail`)."""

def prove(
    game: str,
    misere: bool = False,
    max: Optional[int] = None,
    numeration: Optional[str] = None,
    emit: Optional[str] = None,
    timeout: Optional[int] = None,
    grundy: bool = False,
    value: Optional[int] = None,
) -> Dict[str, Any]:
    """`wythoff prove`: the P-set's automaton guessed from a board (side `max`,
    16 to 4096; default 1024), the rules written as first-order statements and
    decided by Walnut (Java and the Walnut 6.2 jar: `scripts/install_walnut.sh`,
    or `WALNUT_JAR`). The dict of `wythoff prove --format json`: `game`,
    `convention`, `verdict` (`proved`, `refuted`, `no automaton found`,
    `Walnut timed out`), `numeration`, `automaton`, `states`, `statements`
    (`name`, `result`, `seconds`; on a time-out those that finished, the others
    in `unfinished`), `witness`, `walnut_version`, `walnut_sha256`; for a game
    whose oracle is a closed form (Nim, Wythoff, Blocking Wythoff k = 2, 3,
    normal play) also `closed_form` (`source`, `form`, `definitions`,
    `statement`, `verdict` TRUE or FALSE: Walnut's answer to "the closed form's
    set is the proved set", not part of the proof). `emit`:
    also write a complete WALNUT_HOME there; `timeout`: Walnut's seconds (300).
    `grundy=True`: the Sprague-Grundy function instead (`wythoff prove
    --grundy`; the dict adds `grundy`: `function`), `value=G` its level set
    G = G with the levels below (`grundy`: `level`, `value`, `level_states`).
    `ValueError` for a bad argument or a game the statements cannot express,
    `RuntimeError` when Walnut is missing or fails."""

def sweep_indices(spec: str, max: int, misere: bool = False, threads: int = 1) -> List[int]:
    """The numbers of the combinations of `wythoff sweep SPEC` that will be solved
    (those the rules refuse are left out), in the sweep's order. `ValueError` when
    every combination is refused or the spec is malformed, `MemoryError` when
    `threads` boards at once would not fit."""

def sweep_identity(spec: str, max: int, misere: bool = False, prove: Optional[str] = None) -> str:
    """The identity this library writes on every record of the sweep (the
    `sweep` object of a JSON record, shard 1/1), as JSON; `prove`: a proof
    sweep's options (what `walnut_check` returns)."""

def walnut_check(prove_max: Optional[int] = None, states: Optional[int] = None,
                 timeout: Optional[int] = None, numeration: Optional[str] = None) -> str:
    """Java and the Walnut jar are on this machine (else `RuntimeError`): the
    `prove` identity of a proof sweep with these options here (the options,
    Walnut's version, the jar's SHA-256). Run on every Dask worker first."""

def sweep_groups(spec: str, max: int, misere: bool = False) -> List[List[int]]:
    """The runnable combinations grouped by distinct game (the same moves),
    each group its first combination first: the tasks of a proof sweep."""

def sweep_prove_lines(spec: str, max: int, misere: bool = False, prove_max: Optional[int] = None,
                      states: Optional[int] = None, timeout: Optional[int] = None,
                      numeration: Optional[str] = None, java_memory_mib: Optional[int] = None,
                      emit: Optional[str] = None) -> List[str]:
    """Every record of `wythoff sweep SPEC --prove` as JSON lines, in this process."""

def sweep_prove_group(spec: str, indices: List[int], max: int, misere: bool = False,
                      prove_max: Optional[int] = None, states: Optional[int] = None,
                      timeout: Optional[int] = None, numeration: Optional[str] = None,
                      java_memory_mib: Optional[int] = None) -> List[str]:
    """The records of one group of `sweep_groups` (its game proved once), as
    JSON lines: one task of a proof sweep on a Dask cluster."""

def sweep_one(spec: str, index: int, max: int, misere: bool = False) -> str:
    """The record of combination `index` of the sweep, as the JSON line that
    `wythoff sweep --format json` prints for it (what `wythoff.sweep` runs as one
    task on a Dask cluster)."""

def sweep_lines(spec: str, max: int, misere: bool = False) -> List[str]:
    """Every record of the sweep as the JSON lines `wythoff sweep --format json`
    prints, solved on all cores (what `wythoff.sweep` does without a client)."""
