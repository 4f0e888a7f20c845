"""A set ``generate`` wrote, read back row by row for the evaluation stacks (Inspect,
verifiers): JSON lines, one Parquet file, or a folder of Parquet files (``--format hf``'s
``data/<split>-….parquet``, or one file a split). Each row comes out as a ``Puzzle``: its
prompt (text, or a list of chat messages), its ground truth (verl's ``reward_model`` cell
unwrapped) and the rest of its fields."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import polars as pl

from ._truth import truth_of
from .errors import DigitsLabError


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """One row of a set: ``prompt`` (text, or ``[{"role", "content"}, …]``),
    ``ground_truth`` (``{"numbers", "target", "game"}``, options that are off left out) and
    ``fields``, the row's other columns (``numbers``, ``target``, ``solution``, …)."""

    prompt: str | list[dict[str, str]]
    ground_truth: dict[str, Any]
    fields: dict[str, Any]

    def truth_text(self) -> str:
        """The ground truth as JSON text (what a scorer's target holds)."""
        return json.dumps(self.ground_truth, separators=(",", ":"))


def _plain(value: Any) -> Any:
    """A value with its nulls left out of mappings, as JSON writes it."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _files(folder: Path, split: str | None) -> list[Path]:
    data = folder / "data" if (folder / "data").is_dir() else folder
    files = sorted(data.glob("*.parquet"))
    if split is not None:
        files = [f for f in files if f.stem == split or f.stem.startswith(f"{split}-")]
    if not files:
        wanted = "" if split is None else f" of split {split!r}"
        raise DigitsLabError(f"no Parquet file{wanted} in {folder}")
    return files


def _rows(path: Path, split: str | None) -> list[dict[str, Any]]:
    if path.is_dir():
        rows: list[dict[str, Any]] = []
        for f in _files(path, split):
            rows.extend(pl.read_parquet(f).to_dicts())
        return rows
    if not path.is_file():
        raise DigitsLabError(f"no set at {path}")
    if path.suffix == ".parquet":
        rows = pl.read_parquet(path).to_dicts()
    elif path.suffix in (".jsonl", ".json"):
        with path.open(encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
    else:
        raise DigitsLabError(f"{path}: expected a .jsonl or .parquet file, or a folder of Parquet files")
    if split is not None:
        if rows and "split" not in rows[0] and not isinstance(rows[0].get("extra_info"), Mapping):
            raise DigitsLabError(f"{path} has no split column to take {split!r} from")
        rows = [r for r in rows if (r.get("split") or (r.get("extra_info") or {}).get("split")) == split]
    return rows


def read_set(path: str | os.PathLike[str], split: str | None = None) -> list[Puzzle]:
    """The puzzles of the set at ``path`` (``split``: only that split's rows, or files)."""
    puzzles = []
    for i, row in enumerate(_rows(Path(path), split)):
        prompt = row.get("prompt")
        if not isinstance(prompt, (str, list)):
            raise DigitsLabError(f"{path}: row {i} has no prompt")
        cell = row.get("ground_truth", row.get("reward_model"))
        if cell is None:
            raise DigitsLabError(f"{path}: row {i} has no ground_truth (nor reward_model)")
        try:
            truth = _plain(dict(truth_of(cell)))
            if isinstance(truth.get("game"), Mapping):
                # An option that is off, as Parquet's struct holds it (false), left out as
                # JSON lines leave it: the same ground truth from every format.
                truth["game"] = {k: v for k, v in truth["game"].items() if v is not False}
        except (TypeError, ValueError) as e:
            raise DigitsLabError(f"{path}: row {i}: {e}") from None
        fields = {k: _plain(v) for k, v in row.items() if k not in ("prompt", "ground_truth", "reward_model")}
        puzzles.append(Puzzle(_plain(prompt), truth, fields))
    return puzzles
