"""Puzzles to order (``generate``), as ``digits-lab generate --format json`` writes them."""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

import polars as pl

from . import _native
from ._forward import forward
from ._progress import Bar
from ._words import value_word
from .game import Game, resolve

#: The columns of a generated puzzle, in the command's order, with their types.
SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "day": pl.UInt64,
    "slot": pl.UInt8,
    "board": pl.List(pl.Int64),
    "target": pl.Int64,
    "trees": pl.UInt64,
    "expressions": pl.UInt64,
    "distinct": pl.UInt64,
    "min_ops": pl.UInt32,
    "difficulty": pl.Float64,
    "predicted_time_s": pl.Float64,
    "predicted_solve_rate": pl.Float64,
    "band": pl.String,
    "model_success": pl.Float64,
    "solution": pl.String,
    "solutions": pl.List(pl.String),
}


def generate(
    game: Game | str = "digits",
    *,
    count: int | None = None,
    seed: int | None = None,
    solutions: int | str | None = None,
    convention: str | None = None,
    min_ops: int | str | None = None,
    uses_all: bool = False,
    no_repeats: bool = False,
    difficulty: str | None = None,
    all: bool = False,
    day: bool = False,
    days: int | None = None,
    tries: int | None = None,
    threads: int | None = None,
    quiet: bool = False,
    model_difficulty: str | os.PathLike[str] | None = None,
    **rules: Any,
) -> pl.DataFrame:
    """Puzzles to order, each with a verified solution, as ``digits-lab generate`` makes them:
    the same options (``None`` leaves the command's default) and, for the same seed, the
    same puzzles. One row per puzzle; ``day`` and ``slot`` with ``day``/``days``, ``band``
    when the game's bands are known, ``solutions`` with ``all``. With ``model_difficulty``
    (a success model ``digits-lab fit --evaluation`` wrote), ``difficulty`` is a band of that
    language model's predicted success, and each puzzle carries it as ``model_success``."""
    g = resolve(game, rules, "generate")
    spans = {"solutions": solutions, "min_ops": min_ops}
    typed = {name: None if v is None else value_word(name, v) for name, v in spans.items()}
    started = time.monotonic()
    with Bar("generate", "days" if day or days else "boards", quiet) as bar:
        text, _title, boards = forward(
            _native.generate,
            locals(),
            g,
            **typed,
            progress=bar,
            model_difficulty=None if model_difficulty is None else os.fspath(model_difficulty),
        )
    puzzles: list[dict[str, Any]] = json.loads(text)
    if not quiet:
        print(f"{len(puzzles)} puzzles from {boards} boards in {time.monotonic() - started:.2f} s", file=sys.stderr)
    optional = ("day", "slot", "band", "model_success", "solutions")
    present = [c for c in SCHEMA if any(c in p for p in puzzles)] or [c for c in SCHEMA if c not in optional]
    return pl.DataFrame(puzzles, schema={c: SCHEMA[c] for c in present}, orient="row")
