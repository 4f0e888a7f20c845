"""One puzzle (``solve``), as ``digits-lab solve --json`` reports it, and many puzzles at
once (``solve_many``), as ``digits-lab analyze`` writes them into the ``puzzles`` table."""

from __future__ import annotations

import copy
import json
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import polars as pl

from . import _native
from ._progress import Bar
from ._words import number_words, value_word
from .errors import DigitsLabError
from .game import Game, resolve


class Solution:
    """What ``solve`` reports about one puzzle: every convention's count, ``min_ops``, a
    shortest solution or the closest value, the game's score, and the difficulty model's
    prediction with the inputs that drive it. ``to_dict()`` is ``solve --json``'s object."""

    def __init__(self, report: dict[str, Any]) -> None:
        self._report = report

    def to_dict(self) -> dict[str, Any]:
        """The report as ``digits-lab solve --json`` writes it (a copy)."""
        return copy.deepcopy(self._report)

    @property
    def game(self) -> dict[str, Any]:
        return self._report["game"]

    @property
    def board(self) -> list[int]:
        return self._report["board"]

    @property
    def target(self) -> int:
        return self._report["target"]

    @property
    def solvable(self) -> bool:
        return self._report["solvable"]

    @property
    def counts(self) -> dict[str, Any]:
        """Solutions under every convention (``trees``, ``expressions``, ``distinct``,
        ``inequivalent`` where defined) and ``min_ops``."""
        return self._report["counts"]

    @property
    def trees(self) -> int:
        return self.counts["trees"]

    @property
    def expressions(self) -> int:
        return self.counts["expressions"]

    @property
    def distinct(self) -> int | None:
        """``None`` where the convention is undefined (unary minus)."""
        return self.counts["distinct"]

    @property
    def inequivalent(self) -> int | None:
        """4shu.net's count, under the 24 game's arithmetic only."""
        return self.counts.get("inequivalent")

    @property
    def min_ops(self) -> int | None:
        return self.counts["min_ops"]

    @property
    def shortest(self) -> dict[str, Any] | None:
        """A shortest solution: ``expression``, the player's ``moves``, ``ops``."""
        return self._report["shortest"]

    @property
    def solutions(self) -> list[str] | None:
        """Every ``distinct`` solution (with ``all=True``)."""
        return self._report["solutions"]

    @property
    def closest(self) -> dict[str, Any] | None:
        """When unsolvable: the closest ``values``, their ``distance``, a way to the first."""
        return self._report["closest"]

    @property
    def score(self) -> dict[str, Any] | None:
        return self._report["score"]

    @property
    def moves(self) -> dict[str, Any] | None:
        return self._report["moves"]

    @property
    def difficulty(self) -> dict[str, Any] | None:
        """The difficulty score (predicted ln mean solve time) and its features."""
        return self._report["difficulty"]

    @property
    def predicted(self) -> dict[str, Any] | None:
        """Predicted ``time_s`` and ``solve_rate``, and the ``explanation``: the player's
        walk and the inputs that move the prediction most."""
        return self._report["predicted"]

    @property
    def predicted_time_s(self) -> float | None:
        p = self.predicted
        return None if p is None else p["time_s"]

    @property
    def predicted_solve_rate(self) -> float | None:
        p = self.predicted
        return None if p is None else p["solve_rate"]

    def __repr__(self) -> str:
        board = " ".join(map(str, self.board))
        if self.solvable:
            what = f"{self.trees:,} trees, {self.expressions:,} expressions, min_ops {self.min_ops}"
        else:
            what = "unsolvable"
        return f"<Solution {self.target} from {board}: {what}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Solution) and other._report == self._report

    __hash__ = None  # type: ignore[assignment]


def solve(
    target: int | str | None,
    numbers: Sequence[int | str] | str,
    game: Game | str = "digits",
    *,
    all: bool = False,
    count: bool = False,
    no_moves: bool = False,
    **rules: Any,
) -> Solution:
    """Solves one puzzle exactly, as ``digits-lab solve`` does.

    ``target`` may be ``None`` for a game with a fixed target (24, make10). ``all`` lists
    every ``distinct`` solution; ``count`` leaves out the solutions; ``no_moves`` skips the
    player's move counts. Rule options (``pow``, ``unary_minus``, ``use_all``,
    ``fractions``, ``pool``, ``targets``, ``rules``) change the game.
    """
    g = resolve(game, rules, "solve")
    if target is None:
        if g.to_dict().get("target") is None:
            raise DigitsLabError(f"give a target: {g.rules or g.kind} has no fixed target")
        typed = None
    else:
        typed = value_word("target", target)
    report = _native.solve(g, typed, number_words("numbers", numbers), all, count, no_moves)
    return Solution(json.loads(report))


def solve_many(
    boards: Sequence[Sequence[int | str] | str],
    targets: Sequence[int | str] | str | None = None,
    game: Game | str = "digits",
    *,
    threads: int | None = None,
    quiet: bool = True,
    **rules: Any,
) -> pl.DataFrame:
    """Solves many puzzles in one call, in parallel in Rust with the GIL released, as a corpus
    run does: one row per puzzle with the ``puzzles`` table's columns (docs/TABLES.md), and
    ``board`` (the numbers, ascending) after ``board_id`` (the board's index in ``boards``).

    ``targets`` is one target per board; or a range such as ``"100-999"`` (every board
    against each target of it); or ``None``, every target of the game's range. The values
    are the table's: in Digits and Countdown the difficulty score uses the player's
    surrogate, where ``solve`` walks the player exactly.
    """
    g = resolve(game, rules, "solve_many")
    if isinstance(boards, str) or not isinstance(boards, Sequence):
        raise TypeError("boards: expected a list of boards")
    board_words = [number_words(f"boards[{i}]", b) for i, b in enumerate(boards)]
    zipped: list[str] | None = None
    if isinstance(targets, str):
        g = g.with_options(targets=targets)
    elif targets is not None:
        if not isinstance(targets, Sequence):
            raise TypeError("targets: expected one target per board, a range such as '1-999', or None")
        zipped = [value_word(f"targets[{i}]", t) for i, t in enumerate(targets)]
        if len(zipped) != len(board_words):
            raise DigitsLabError(f"give one target per board: {len(board_words)} boards, {len(zipped)} targets")
    with tempfile.TemporaryDirectory(prefix="digits-lab-") as tmp:
        out = Path(tmp)
        with Bar("solve_many", "boards", quiet) as bar:
            _, parsed = _native.solve_tables(g, board_words, zipped, out, threads, bar)
        tables = out / "solve_many"
        puzzles = pl.read_parquet(tables / "puzzles" / "*.parquet")
        names = pl.read_parquet(tables / "boards" / "*.parquet", columns=["board_id", "board"])
    columns = puzzles.columns
    if zipped is not None:
        wanted = pl.DataFrame(
            {"board_id": range(len(board_words)), "target": parsed},
            schema={"board_id": pl.UInt32, "target": pl.Int64},
        )
        puzzles = wanted.join(puzzles, on=["board_id", "target"], how="left", maintain_order="left")
    frame = puzzles.join(names, on="board_id", how="left", maintain_order="left")
    return frame.select(["board_id", "board", *columns[1:]])

