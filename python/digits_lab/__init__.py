"""digits-lab from Python: the exact solver and research pipeline for target-number puzzles
(NYT Digits, the Countdown numbers round, the 24 game, make10), its Rust library called in
process.

>>> import digits_lab as dl
>>> dl.solve(765, [1, 3, 7, 10, 25, 50], game="countdown").trees
780

- ``check`` an answer exactly, ``check_many`` answers in parallel (a polars DataFrame of
  verdicts), ``audit`` a dataset; ``rewards`` has reward functions for training on them
  (verl, TRL); ``digits_lab.inspect`` (an Inspect scorer and task) and
  ``digits_lab.verifiers_env`` (a verifiers environment) are imported on their own, with
  the stack they need;
- ``evaluate`` model answers: which puzzles each model fails, and why;
- ``solve`` one puzzle (``.to_dict()`` is ``digits-lab solve --json``), ``solve_many``
  puzzles into a polars DataFrame with the ``puzzles`` table's columns;
- ``generate`` puzzles to order; ``cover``, ``cover_search`` and ``phase``;
- ``analyze`` a corpus into tables, ``scan`` them as polars LazyFrames;
- ``Game`` values for the games and their variants.

Keyword arguments are the command's flags (``unary_minus=True`` is ``--unary-minus``); bad
input raises ``DigitsLabError`` (a ``ValueError``) with the command's one-line message.
docs/PYTHON.md has the whole guide.
"""

from ._native import VERSION as __version__
from . import rewards
from .check import Verdict, audit, check, check_many
from .errors import DigitsLabError, InternalError
from .evaluate import Evaluation, evaluate
from .game import Game
from .generate import generate
from .solve import Solution, solve, solve_many
from .tables import analyze, plots, scan
from .variant import CoverSearch, cover, cover_search, phase

__all__ = [
    "CoverSearch",
    "DigitsLabError",
    "Evaluation",
    "Game",
    "InternalError",
    "Solution",
    "Verdict",
    "__version__",
    "analyze",
    "audit",
    "check",
    "check_many",
    "cover",
    "cover_search",
    "evaluate",
    "generate",
    "phase",
    "plots",
    "rewards",
    "scan",
    "solve",
    "solve_many",
]
