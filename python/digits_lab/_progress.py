"""Progress bars for long calls, on standard error: drawn with a carriage return, which a
terminal and a notebook's output both treat as "redraw this line"; none when quiet."""

from __future__ import annotations

import sys
import time

WIDTH = 30
#: Seconds between redraws.
EVERY = 0.25


class Bar:
    """A one-line bar: ``label [#####     ] done/total unit · rate``, or a counter when the
    total is unknown; ``with Bar(...) as bar:`` clears it however the call ends."""

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

    def __enter__(self) -> Bar:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Clears the bar's line (as the command line's bars do when they finish)."""
        if not self.quiet and self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()
