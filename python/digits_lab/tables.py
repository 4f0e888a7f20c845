"""The tables of a corpus run: ``analyze`` writes them (as ``digits-lab analyze`` does),
``scan`` reads them back as polars ``LazyFrame`` s without knowing the folder layout
(docs/TABLES.md has every column)."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import polars as pl

from . import _native
from ._progress import Bar
from .errors import DigitsLabError

#: Tables written in pieces, one folder of Parquet files each.
PIECE_TABLES = ("boards", "puzzles", "unique", "sums")
#: Tables written whole, one file each (``phase`` beside the corpora, the others in one).
TABLES = (*PIECE_TABLES, "targets", "phase")


def table_files(corpus: str, table: str, data: str | os.PathLike[str] = "data") -> str:
    """The path (a glob for the tables written in pieces) of ``table`` of ``corpus`` under
    ``data``; ``DigitsLabError`` when the table is not there."""
    if table not in TABLES:
        raise DigitsLabError(f"no table `{table}`: the tables are {', '.join(TABLES)}")
    root = Path(data)
    if table == "phase":
        path = root / "phase.parquet"
        found = path.is_file()
    else:
        folder = root / corpus
        if not folder.is_dir():
            raise DigitsLabError(f"no tables of `{corpus}` under {root}: run `analyze` first ({folder} does not exist)")
        if table == "targets":
            path = folder / "targets.parquet"
            found = path.is_file()
        else:
            path = folder / table / "*.parquet"
            # Parts being written are hidden (`.NAME.tmp`), so the glob sees finished ones only.
            found = any((folder / table).glob("*.parquet"))
    if not found:
        raise DigitsLabError(f"no `{table}` table of `{corpus}` under {root}")
    return str(path)


def scan(corpus: str, table: str, data: str | os.PathLike[str] = "data") -> pl.LazyFrame:
    """A lazy frame over ``table`` (``boards``, ``puzzles``, ``unique``, ``sums``,
    ``targets``; ``phase`` ignores ``corpus``) of ``corpus`` under the data folder ``data``,
    as ``analyze`` wrote it: ``scan("countdown", "puzzles").filter(...).collect()``."""
    return pl.scan_parquet(table_files(corpus, table, data))


def analyze(
    corpus: str = "all",
    out: str | os.PathLike[str] = "data",
    *,
    quiet: bool = False,
    report: bool = False,
    threads: int | None = None,
    **options: Any,
) -> dict[str, dict[str, Any]]:
    """Runs ``digits-lab analyze --corpus CORPUS --out OUT``: every board of the corpora against
    every target, into the tables under ``out`` (``scan`` reads them). Any other option of
    the command is a keyword argument (``resume=True``, ``reach_only=True``, ``cache_mb=512``,
    ``force=True`` to recompute tables this build already wrote for the same request,
    ``shard="2/8"``, and ``game``, ``pool``, ``size``, ``distinct``, ``targets``, ``name``
    for ``corpus="custom"``). ``report=True`` also draws the charts and ``REPORT.md``.

    A progress bar (the boards of every corpus, one step a board) unless ``quiet``. Returns
    each corpus's run summary (``run-K-of-N.json``), by corpus name."""
    out_path = Path(out)
    began = time.monotonic()
    with Bar("analyze", "boards", quiet) as bar:
        ran = _native.analyze(corpus, out_path, report=report, threads=threads, progress=bar, **options)
    summaries: dict[str, dict[str, Any]] = {s["corpus"]: s for s in sorted(json.loads(ran), key=lambda s: s["corpus"])}
    if not quiet:
        for s in summaries.values():
            print(
                f"{s['corpus']}: {s['boards']:,} boards, {s['puzzles']:,} puzzles ({s['solvable']:,} solvable) → {out_path / s['corpus']}",
                file=sys.stderr,
            )
        print(f"analyze: {time.monotonic() - began:.1f} s", file=sys.stderr)
    return summaries


def plots(data: str | os.PathLike[str] = "data", reports: str | os.PathLike[str] | None = None) -> None:
    """Draws the charts and ``REPORT.md`` from the tables under ``data``, as
    ``digits-lab plots`` does (into ``data/reports`` unless ``reports`` is given)."""
    _native.plots(Path(data), None if reports is None else Path(reports))
