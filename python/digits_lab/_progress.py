"""Progress bars for long calls, on standard error: drawn with a carriage return, which a
terminal and a notebook's output both treat as "redraw this line"; none when quiet."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

WIDTH = 30
#: Seconds between redraws.
EVERY = 0.25


class Bar:
    """A one-line bar: ``label [#####     ] done/total unit · rate``, or a counter when the
    total is unknown."""

    def __init__(self, label: str, unit: str, quiet: bool) -> None:
        self.label, self.unit, self.quiet = label, unit, quiet
        self.started = time.monotonic()
        self.drawn = 0.0
        self.width = 0

    def __call__(self, done: int, total: int | None = None) -> None:
        now = time.monotonic()
        if self.quiet or now - self.drawn < EVERY:
            return
        self.drawn = now
        rate = done / max(now - self.started, 1e-9)
        if total:
            filled = min(WIDTH, WIDTH * done // total)
            line = f"{self.label} [{'#' * filled}{' ' * (WIDTH - filled)}] {done:,}/{total:,} {self.unit} · {rate:,.0f}/s"
        else:
            line = f"{self.label} {done:,} {self.unit} · {rate:,.0f}/s"
        self.width = max(self.width, len(line))
        sys.stderr.write("\r" + line.ljust(self.width))
        sys.stderr.flush()

    def close(self) -> None:
        """Clears the bar's line (as the command line's bars do when they finish)."""
        if not self.quiet and self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()


class Pieces:
    """A corpus run's progress read from its folder: a run counts boards on a terminal
    only, but writes each piece (4,096 boards of up to 1,000 targets) as it finishes, after
    its plan (``plan-K-of-N.json``) says how many pieces there are."""

    def __init__(self, out: Path, bar: Bar) -> None:
        self.out, self.bar = out, bar
        self.since = time.time() - 1

    def __call__(self, _done: int = 0, _total: int | None = None) -> None:
        if self.bar.quiet or time.monotonic() - self.bar.drawn < EVERY:
            return
        done = total = 0
        for plan_file in self.out.glob("*/plan-*-of-*.json"):
            if plan_file.stat().st_mtime < self.since:
                continue
            try:
                plan = json.loads(plan_file.read_text())
            except (OSError, ValueError):
                continue  # being written
            shard = plan_file.stem.removeprefix("plan-")
            pieces = list((plan_file.parent / "puzzles").glob(f"part-{shard}.piece-*.parquet"))
            total += plan["boards"]
            done += min(plan["boards"], len(pieces) * plan["piece_boards"])
        if total:
            self.bar(done, total)
