"""Answers checked exactly (``check``, ``check_many``), as ``digits-lab check`` checks them:
read by the project's own grammar, never evaluated as code, in the game's exact arithmetic,
with the reason when an answer is not valid."""

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
from ._words import number_words, value_word, whole
from .errors import DigitsLabError
from .game import Game, resolve

@dataclasses.dataclass(frozen=True)
class Verdict:
    """The verdict on one answer: ``valid`` (it keeps every rule of the game), ``solved``
    (valid and on target), else the ``fault`` and its one-line ``message``; for a valid
    answer its ``value`` (an int, or a fraction as ``"49/2"``), its ``distance`` to the
    target, the game's ``score`` (``10``, in ``score_unit``, ``"points"``; ``None`` in the 24
    game, which has none) and its ``ops``."""

    valid: bool
    solved: bool
    fault: str | None = None
    message: str | None = None
    value: int | str | None = None
    distance: int | str | None = None
    score: int | None = None
    ops: int | None = None
    score_unit: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The verdict as ``digits-lab check --json`` writes it."""
        reason = None if self.fault is None else {"fault": self.fault, "message": self.message}
        return {
            "valid": self.valid,
            "solved": self.solved,
            "reason": reason,
            "value": self.value,
            "distance": self.distance,
            "score": self.score,
            "score_unit": self.score_unit,
            "ops": self.ops,
        }

    def __bool__(self) -> bool:
        return self.solved


def check(
    answer: str,
    numbers: Sequence[int | str] | str,
    target: int | str | None = None,
    game: Game | str = "digits",
    **rules: Any,
) -> Verdict:
    """Checks one answer against a puzzle, as ``digits-lab check`` does.

    ``answer`` is an expression (``"(25-10)*(1+50)"``, optionally ``"= 765"`` at the end) or a
    list of moves, one a line (``"25-10=15\\n1+50=51\\n15*51=765"``). ``target`` may be
    ``None`` for a game with a fixed target (24, make10). A puzzle the game refuses raises
    ``DigitsLabError``; an answer that breaks a rule is a verdict, never an exception.
    """
    g = resolve(game, rules, "check")
    if not isinstance(answer, str):
        raise TypeError(f"answer: expected a str, not {type(answer).__name__}")
    typed = None if target is None else value_word("target", target)
    report = json.loads(_native.check(g, answer, typed, number_words("numbers", numbers)))
    reason = report["reason"] or {}
    return Verdict(
        valid=report["valid"],
        solved=report["solved"],
        fault=reason.get("fault"),
        message=reason.get("message"),
        value=report["value"],
        distance=report["distance"],
        score=report["score"],
        ops=report["ops"],
        score_unit=report["score_unit"],
    )


def _numbers(name: str, value: object) -> list[int]:
    """A board as a list of ints: a list or tuple, a NumPy array, a polars or pandas series
    (their integers of any integer type), or text such as ``"1 2 3 4"``."""
    if isinstance(value, str):
        return [int(w) for w in value.replace(",", " ").strip("[] ").split()]
    for method in ("to_list", "tolist"):
        if hasattr(value, method):
            value = getattr(value, method)()
            break
    if isinstance(value, (list, tuple)):
        try:
            return [whole(name, n) for n in value]
        except TypeError:
            pass
    raise TypeError(f"{name}: expected a list of ints, not {value!r}")


def _targets(value: object, rows: int) -> list[int] | None:
    """One target a row from ``targets``: ``None`` (the game's own), one integer for every
    row, or one a row (integers of any integer type)."""
    if value is None:
        return None
    if isinstance(value, str):
        raise TypeError("targets: expected an int or a list of them, not a str")
    if not hasattr(value, "__len__"):
        return [whole("targets", value)] * rows
    items = value.to_list() if hasattr(value, "to_list") else list(value)
    if len(items) != rows:
        raise DigitsLabError(f"give one target per answer: {rows} answers, {len(items)} targets")
    return [whole(f"targets[{i}]", t) for i, t in enumerate(items)]


def find_column(names: Sequence[str], given: str | None, usual: Sequence[str], what: str) -> str | None:
    """The column of ``what`` among ``names``: ``given`` (which must be there), else the
    first of the ``usual`` names there, case aside (``_native.usual_columns()``, as the
    command finds a file's columns)."""
    if given is not None:
        if given not in names:
            raise DigitsLabError(f"no {what} column `{given}` (the columns are {', '.join(names)})")
        return given
    lower = {c.lower(): c for c in names}
    return next((lower[u] for u in usual if u in lower), None)


def check_many(
    answers: Sequence[str | None] | pl.DataFrame,
    numbers: Sequence[Sequence[int] | str] | None = None,
    targets: Sequence[int] | int | None = None,
    game: Game | str = "digits",
    *,
    numbers_column: str | None = None,
    target_column: str | None = None,
    answer_column: str | None = None,
    threads: int | None = None,
    **rules: Any,
) -> pl.DataFrame:
    """Checks many answers in one call, in parallel in Rust with the GIL released: one row a
    verdict, columns ``valid``, ``solved``, ``fault``, ``message``, ``value``,
    ``distance`` (exact, as text), ``score`` and ``ops``, in the order given.

    ``answers`` is a list of answers with ``numbers`` (one board a row) and ``targets`` (one
    a row, one for all, or ``None`` for the game's own); or a polars DataFrame whose columns
    are found by their usual names (``numbers``/``nums``…, ``target``, ``answer``/
    ``response``/``completion``…) or named by ``*_column``. A row whose puzzle the game
    refuses gets the fault ``puzzle``; nothing in a row raises.
    """
    g = resolve(game, rules, "check_many")
    if isinstance(answers, pl.DataFrame):
        usual_numbers, usual_target, usual_answer = _native.usual_columns()
        frame = answers
        n_col = find_column(frame.columns, numbers_column, usual_numbers, "numbers")
        a_col = find_column(frame.columns, answer_column, usual_answer, "answer")
        t_col = find_column(frame.columns, target_column, usual_target, "target")
        if n_col is None or a_col is None:
            raise DigitsLabError(
                f"the frame needs a numbers and an answer column (it has {', '.join(frame.columns)})"
            )
        numbers = frame[n_col].to_list()
        answers = frame[a_col].to_list()
        if t_col is not None and targets is None:
            targets = frame[t_col].to_list()
    if isinstance(answers, str) or not isinstance(answers, Sequence):
        raise TypeError("answers: expected a list of answers or a polars DataFrame")
    if numbers is None or len(numbers) != len(answers):
        raise DigitsLabError("give one board per answer")
    targets = _targets(targets, len(answers))
    try:
        # Lists of ints go to Rust as they are; anything else is converted (or refused) here.
        columns = _native.check_many(g, list(answers), list(numbers), targets, threads)
    except TypeError:
        boards = [_numbers(f"numbers[{i}]", b) for i, b in enumerate(numbers)]
        columns = _native.check_many(g, list(answers), boards, targets, threads)
    names = ("valid", "solved", "fault", "message", "value", "distance", "score", "ops")
    schema = {
        "valid": pl.Boolean, "solved": pl.Boolean, "fault": pl.String, "message": pl.String,
        "value": pl.String, "distance": pl.String, "score": pl.UInt32, "ops": pl.UInt32,
    }
    return pl.DataFrame(dict(zip(names, columns)), schema=schema)


def audit(
    path: str | os.PathLike[str],
    game: Game | str = "digits",
    *,
    numbers_column: str | None = None,
    target_column: str | None = None,
    threads: int | None = None,
    quiet: bool = True,
    **rules: Any,
) -> tuple[pl.DataFrame, dict[str, Any]]:
    """Audits a puzzle dataset (CSV, JSONL or Parquet) as ``digits-lab audit`` does: the
    audited rows (``status``, ``reason``, ``duplicate_of``, ``solvable``, the counts,
    ``unique``, ``difficulty``, …, docs/FOR-MODELS.md) and the summary (how many rows of each
    kind, unique solutions, ``min_ops``, difficulty bands)."""
    g = resolve(game, rules, "audit")
    with tempfile.TemporaryDirectory(prefix="digits-lab-") as tmp:
        out = Path(tmp) / "audit.parquet"
        with Bar("audit", "boards", quiet) as bar:
            summary = forward(_native.audit, locals(), g, os.fspath(path), out, progress=bar)
        return pl.read_parquet(out), json.loads(summary)
