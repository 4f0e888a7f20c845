"""Rule questions on random boards, as ``digits-lab cover`` and ``digits-lab phase`` answer
them: how far a board covers ``1..N``, the boards that cover furthest, and the phase
transition ``P(k, M)``."""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import polars as pl

from . import _native
from ._forward import forward
from ._progress import Bar
from ._words import number_words
from .game import Game, resolve


@dataclasses.dataclass(frozen=True)
class CoverSearch:
    """What ``cover_search`` found: the largest ``best`` such that some board makes every
    number of ``1..best``, every board that does, and how many boards were searched and
    measured (the rest ruled out by a window)."""

    best: int
    boards: list[list[int]]
    searched: int
    measured: int


def _rules(game: Game | str, rules: dict[str, Any], what: str) -> Game:
    return resolve(game, rules, what).rules_only()


def cover(numbers: Sequence[int] | str, game: Game | str = "digits", **rules: Any) -> int:
    """The largest ``N`` such that the board makes every number of ``1..N`` under the game's
    rules (0 when it cannot make 1), as ``digits-lab cover 2 3 5 33`` says."""
    return _native.cover(_rules(game, rules, "cover"), number_words("numbers", numbers))


def cover_search(
    size: int,
    max: Sequence[int],
    game: Game | str = "digits",
    *,
    threads: int | None = None,
    quiet: bool = False,
    **rules: Any,
) -> CoverSearch:
    """The boards of ``size`` numbers, the i-th at most ``max[i]``, that cover furthest, as
    ``digits-lab cover --size K --max B1,…,BK`` finds them."""
    g = _rules(game, rules, "cover_search")
    with Bar("cover", "boards", quiet) as bar:
        best, boards, searched, measured = _native.cover_search(g, size, list(max), threads, bar)
    return CoverSearch(best, boards, searched, measured)


def phase(
    k: Sequence[int] | None = None,
    m: Sequence[int] | None = None,
    game: Game | str = "digits",
    *,
    samples: int | None = None,
    exact_limit: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    budget: int | None = None,
    quiet: bool = False,
    **rules: Any,
) -> pl.DataFrame:
    """The phase transition ``P(k, M)``: the probability that a target drawn from ``1..M`` is
    reachable from ``k`` numbers drawn from ``1..M``, as ``digits-lab phase`` sweeps it (the
    same defaults and seed), as the rows of ``phase.parquet`` (docs/TABLES.md). ``budget``:
    the sweep's estimated CPU seconds (``--budget``), which decides which cells are exact
    and how many boards a sampled cell gets."""
    g = _rules(game, rules, "phase")
    with tempfile.TemporaryDirectory(prefix="digits-lab-") as tmp:
        with Bar("phase", "boards", quiet) as bar:
            forward(
                _native.phase,
                locals(),
                g,
                Path(tmp),
                k=None if k is None else list(k),
                m=None if m is None else list(m),
                progress=bar,
            )
        return pl.read_parquet(Path(tmp) / "phase.parquet")
