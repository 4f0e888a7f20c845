"""What the package's tests (`python/tests`) and the stacks tier (`python/stacks`) share: the
binary both run, and every rule set `generate` can write. pytest puts this folder on the path
(`pythonpath` in pyproject.toml)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Every rule set `generate` can write, as its game flags: the named games, a board size,
#: puzzles with no solution (with a fixed target and with a range), unary minus, a custom
#: pool and targets (with a multiset pool).
RULE_SETS: dict[str, list[str]] = {
    "countdown": ["--game", "countdown"],
    "24": ["--game", "24"],
    "digits": ["--game", "digits"],
    "make10": ["--game", "make10"],
    "krypto": ["--game", "krypto"],
    "size": ["--game", "24", "--size", "5"],
    "unsolvable": ["--game", "24", "--unsolvable", "0.3"],
    "unsolvable-range": ["--game", "countdown", "--unsolvable", "0.3"],
    "unary-minus": ["--game", "24", "--unary-minus"],
    "custom": ["--game", "digits", "--pool", "1-20", "--targets", "50-150"],
    "pool-targets": ["--game", "countdown", "--pool", "1-12x2", "--targets", "40-90"],
}


def binary() -> Path:
    """`DIGITS_LAB_BIN`, else the release binary under `CARGO_TARGET_DIR` (or `target/`)."""
    given = os.environ.get("DIGITS_LAB_BIN")
    if given:
        return Path(given)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "digits-lab"
