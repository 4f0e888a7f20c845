"""Model answers evaluated (``evaluate``), as ``digits-lab evaluate`` evaluates them: every
answer checked exactly, every puzzle solved once, and which puzzles each model fails —
the solved share and pass@k with intervals, the share by each property of the puzzles,
what predicts a failure, and models compared."""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import polars as pl

from . import _native
from ._forward import forward
from ._progress import Bar
from .game import Game, resolve


@dataclasses.dataclass(frozen=True)
class Evaluation:
    """An evaluation: the ``answers`` (one row per answer: verdict, outcome, the puzzle's
    properties), ``puzzles`` (one row per model and puzzle: samples, successes, pass@k, the
    out-of-fold predicted success) and ``summary`` (the solved share with its interval per
    model, overall and at each level of each property) tables; the ``figures`` (what
    ``evaluation.json`` holds); the Markdown ``report``; and ``out``, the folder written,
    when one was asked for."""

    answers: pl.DataFrame
    puzzles: pl.DataFrame
    summary: pl.DataFrame
    figures: dict[str, Any]
    report: str
    out: Path | None = None


def evaluate(
    answers: str | os.PathLike[str] | pl.DataFrame | Any,
    game: Game | str = "digits",
    *,
    k: Sequence[int] = (1, 5, 10),
    out: str | os.PathLike[str] | None = None,
    numbers_column: str | None = None,
    target_column: str | None = None,
    answer_column: str | None = None,
    model_column: str | None = None,
    threads: int | None = None,
    quiet: bool = True,
    **rules: Any,
) -> Evaluation:
    """Evaluates model answers: a CSV, JSONL or Parquet file, or a polars (or pandas)
    DataFrame with the numbers, the target (unless the game fixes it) and the answer of each
    row, and optionally the model (``model``, ``model_name``, ``policy`` or ``system``; any
    number of answers per puzzle and model). With ``out``, the folder (tables, figures,
    charts, report) is kept there, as the command writes it."""
    g = resolve(game, rules, "evaluate")
    with tempfile.TemporaryDirectory(prefix="digits-lab-") as tmp:
        if isinstance(answers, (str, os.PathLike)):
            path = os.fspath(answers)
        else:
            frame = answers if isinstance(answers, pl.DataFrame) else pl.from_pandas(answers)
            path = os.path.join(tmp, "answers.parquet")
            frame.write_parquet(path)
        folder = Path(out) if out is not None else Path(tmp) / "evaluation"
        with Bar("evaluate", "boards", quiet) as bar:
            figures = forward(_native.evaluate, locals(), g, path, os.fspath(folder), [int(x) for x in k], progress=bar)
        return Evaluation(
            answers=pl.read_parquet(folder / "answers.parquet"),
            puzzles=pl.read_parquet(folder / "puzzles.parquet"),
            summary=pl.read_parquet(folder / "summary.parquet"),
            figures=json.loads(figures),
            report=(folder / "report.md").read_text(encoding="utf-8"),
            out=Path(out) if out is not None else None,
        )
