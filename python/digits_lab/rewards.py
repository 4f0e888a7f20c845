"""Reward functions for training language models on Countdown and the 24 game, on the exact
checker (``check``): an answer is read by the project's grammar (never ``eval``), its numbers
are compared with the puzzle's as a multiset, and its arithmetic is exact.

- ``compute_score(solution_str, ground_truth)``: verl's convention, as TinyZero's Countdown
  task calls it (``ground_truth = {"target": 98, "numbers": [44, 19, 35]}``);
- ``trl_reward()``: a reward function for TRL's trainers, over a batch of completions and
  the dataset's columns.

Both read the answer in the last ``<answer>…</answer>`` of the text. The default game is
``COUNTDOWN_TASKS``, the rules TinyZero's checker means: every number used once, exact
rationals (its ``eval`` divides in floats), numbers 1–100 and any target up to 100,000.
docs/FOR-MODELS.md has a worked example.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .check import check, check_many
from .game import Game

#: TinyZero's Countdown tasks (Countdown-Tasks-3to4) as a game: the 24 game's arithmetic
#: (exact rationals, every number used) on numbers 1–100 with any target 1–100,000.
COUNTDOWN_TASKS = Game.twenty_four(pool="1-100x6", targets="1-100000")

_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)


def last_answer(text: str) -> str | None:
    """The text of the last ``<answer>…</answer>`` in ``text``, stripped, or ``None``."""
    found = _ANSWER.findall(text)
    return found[-1].strip() if found else None


def compute_score(
    solution_str: str,
    ground_truth: Mapping[str, Any],
    method: str = "strict",
    format_score: float = 0.1,
    score: float = 1.0,
    game: Game | str = COUNTDOWN_TASKS,
) -> float:
    """verl's reward convention: ``score`` when the last ``<answer>`` solves the puzzle
    ``ground_truth`` (``{"target": …, "numbers": […]}``), ``format_score`` when there is an
    answer that does not (a rule broken, or a value off target), 0 when there is none.
    ``method`` is accepted for verl's signature; only ``"strict"`` exists. A ground truth the
    game refuses raises ``DigitsLabError``: audit the data set first (``digits-lab audit``)."""
    if method != "strict":
        raise ValueError(f"method: only 'strict' is known, not {method!r}")
    answer = last_answer(solution_str)
    if answer is None:
        return 0.0
    verdict = check(answer, list(ground_truth["numbers"]), ground_truth["target"], game)
    return score if verdict.solved else format_score


def _text(completion: Any) -> str:
    """A completion's text: a string, or the last message of a conversation."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence) and completion and isinstance(completion[-1], Mapping):
        return str(completion[-1].get("content", ""))
    raise TypeError(f"completions: expected text or a list of messages, not {completion!r}")


def trl_reward(
    game: Game | str = COUNTDOWN_TASKS,
    numbers_column: str = "nums",
    target_column: str = "target",
    format_score: float = 0.0,
    score: float = 1.0,
) -> Callable[..., list[float]]:
    """A reward function for TRL's trainers (``GRPOTrainer(reward_funcs=[trl_reward()])``):
    called with the batch's ``completions`` and the dataset's columns as keyword arguments,
    it checks the last ``<answer>`` of each completion in parallel (``check_many``) and
    returns ``score`` for a solved puzzle, ``format_score`` for an answer that is not, 0
    where there is no answer."""

    def reward(completions: Sequence[Any], **columns: Any) -> list[float]:
        answers = [last_answer(_text(c)) for c in completions]
        numbers = [list(n) for n in columns[numbers_column]]
        targets = list(columns[target_column])
        verdicts = check_many(
            [a if a is not None else "" for a in answers], numbers, targets, game
        )
        solved = verdicts["solved"].to_list()
        return [
            0.0 if a is None else (score if s else format_score)
            for a, s in zip(answers, solved)
        ]

    reward.__name__ = "digits_lab_reward"
    return reward
