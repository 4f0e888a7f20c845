"""Reward functions for training language models on Countdown and the 24 game, on the exact
checker (``check``): an answer is read by the project's grammar (never ``eval``), its numbers
are compared with the puzzle's as a multiset, and its arithmetic is exact.

- ``compute_score(data_source, solution_str, ground_truth, extra_info=None)``: verl's reward
  function, called as verl's reward manager calls it (by keyword or by position);
  TinyZero's two-argument form ``compute_score(solution_str, ground_truth)`` still works;
- ``trl_reward()``: a reward function for TRL's trainers, over a batch of completions and
  the dataset's columns as TRL passes them.

Both judge only the model's reply (the text after the prompt's ``Assistant:`` or the chat
template's assistant marker, where the completion includes the prompt) and read its last
``<answer>…</answer>``. Neither raises on a bad row: it scores 0 and logs the reason once.
The default game is ``COUNTDOWN_TASKS``, the rules TinyZero's checker means: every number
used once, exact rationals (its ``eval`` divides in floats), numbers 1–100 and any target up
to 100,000. docs/FOR-MODELS.md has a worked example.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ._words import whole
from . import _native
from .check import check, check_many, find_column
from .errors import DigitsLabError
from .game import Game

#: TinyZero's Countdown tasks (Countdown-Tasks-3to4) as a game: the 24 game's arithmetic
#: (exact rationals, every number used) on numbers 1–100 with any target 1–100,000.
COUNTDOWN_TASKS = Game.twenty_four(pool="1-100x6", targets="1-100000")

#: The games a ``data_source`` names, by its lower-case text: TinyZero's and verl's Countdown
#: sets and the 24 game's usual names. Any other source leaves the game to ``game=``.
DATA_SOURCES: dict[str, Game | str] = {
    "countdown": COUNTDOWN_TASKS,
    "countdown_tasks": COUNTDOWN_TASKS,
    "24": "24",
    "game24": "24",
    "game_of_24": "24",
    "24_game": "24",
}

_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)

#: Where a chat template starts the assistant's turn (ChatML, Llama 3, Gemma): the reply is
#: what follows the last of them.
_CHAT_MARKERS = (
    "<|im_start|>assistant",
    "<|start_header_id|>assistant<|end_header_id|>",
    "<start_of_turn>model",
)

_log = logging.getLogger("digits_lab.rewards")
_logged: set[str] = set()


def reply(text: str) -> str:
    """The model's reply in ``text``: what follows the last chat-template assistant marker,
    else what follows the first ``Assistant:`` (TinyZero's prompt, whose own example answer
    comes before it), else the whole text."""
    at = max((text.rfind(m) + len(m) for m in _CHAT_MARKERS if m in text), default=-1)
    if at >= 0:
        return text[at:]
    head, sep, tail = text.partition("Assistant:")
    return tail if sep else head


def last_answer(text: str) -> str | None:
    """The text of the last ``<answer>…</answer>`` of the reply in ``text``, stripped, or
    ``None``."""
    found = _ANSWER.findall(reply(text))
    return found[-1].strip() if found else None


def _log_once(reason: str) -> None:
    if reason not in _logged:
        _logged.add(reason)
        _log.warning("digits_lab reward: a row scored 0: %s", reason)


def _field(truth: Mapping[str, Any], *names: str) -> Any:
    for name in names:
        if name in truth:
            return truth[name]
    raise KeyError(f"the ground truth has none of {', '.join(names)} (it has {', '.join(map(str, truth))})")


def _board(numbers: Any) -> list[int] | str:
    """A board as the checker takes it: text as it is, else every number as an int (NumPy
    and pandas integers included)."""
    if isinstance(numbers, str):
        return numbers
    if hasattr(numbers, "tolist"):
        numbers = numbers.tolist()
    return [whole("numbers", n) for n in numbers]


def _row_board(numbers: Any) -> list[int] | str:
    """``_board`` for one row of a batch: a board that is no list of integers becomes an
    empty one, which the checker refuses as that row's puzzle (scored 0, not raised)."""
    try:
        return _board(numbers)
    except TypeError as e:
        _log_once(str(e))
        return ""


def _game(data_source: Any, truth: Mapping[str, Any], game: Game | str | None) -> Game | str:
    """The game a row is judged under: the ground truth's own (``game``: a name, or a game's
    kind and options as ``generate`` writes them), else ``game=``, else the game
    ``data_source`` names, else ``COUNTDOWN_TASKS``."""
    if "game" in truth and truth["game"] is not None:
        named = truth["game"]
        if isinstance(named, Mapping):
            return Game(**{k: v for k, v in named.items() if v is not None})
        return named
    if game is not None:
        return game
    if isinstance(data_source, str) and data_source.lower() in DATA_SOURCES:
        return DATA_SOURCES[data_source.lower()]
    return COUNTDOWN_TASKS


def compute_score(
    data_source: Any = None,
    solution_str: Any = None,
    ground_truth: Any = None,
    extra_info: Any = None,
    *,
    method: str = "strict",
    format_score: float = 0.1,
    score: float = 1.0,
    game: Game | str | None = None,
    **_: Any,
) -> float:
    """verl's reward function: ``score`` when the reply's last ``<answer>`` solves the puzzle
    ``ground_truth`` (``{"target": …, "numbers": […]}``, ``nums`` for ``numbers`` too, NumPy
    values as pandas reads them from Parquet), ``format_score`` when there is an answer that
    does not (a rule broken, or a value off target), 0 when there is none.

    Called as verl's reward manager calls it, ``compute_score(data_source=…,
    solution_str=…, ground_truth=…, extra_info=…)``, or by position in that order; the
    two-argument form of TinyZero's Countdown task, ``compute_score(solution_str,
    ground_truth)``, is taken as such. The game is the ground truth's ``game`` if it has one,
    else ``game=``, else the one ``data_source`` names (``DATA_SOURCES``), else
    ``COUNTDOWN_TASKS``. ``method`` is TinyZero's; only ``"strict"`` exists. A row that cannot
    be judged (a puzzle the game refuses, a ground truth without numbers) scores 0 and is
    logged once: a reward never stops a training run. ``dl.check`` raises instead."""
    if method != "strict":
        raise ValueError(f"method: only 'strict' is known, not {method!r}")
    if ground_truth is None and isinstance(solution_str, Mapping):
        # TinyZero's compute_score(solution_str, ground_truth), by position.
        data_source, solution_str, ground_truth = None, data_source, solution_str
    try:
        if isinstance(ground_truth, str):
            # Parquet written by other tools often holds the ground truth as JSON text.
            ground_truth = json.loads(ground_truth)
        if not isinstance(solution_str, str):
            raise TypeError(f"solution_str: expected a str, not {type(solution_str).__name__}")
        if not isinstance(ground_truth, Mapping):
            raise TypeError(f"ground_truth: expected a mapping, not {type(ground_truth).__name__}")
        answer = last_answer(solution_str)
        if answer is None:
            return 0.0
        numbers = _board(_field(ground_truth, "numbers", "nums"))
        target = ground_truth.get("target")
        target = None if target is None else whole("target", target)
        verdict = check(answer, numbers, target, _game(data_source, ground_truth, game))
    except (DigitsLabError, KeyError, TypeError, ValueError) as e:  # json's errors are ValueErrors
        _log_once(str(e))
        return 0.0
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
    numbers_column: str | None = None,
    target_column: str | None = None,
    format_score: float = 0.0,
    score: float = 1.0,
) -> Callable[..., list[float]]:
    """A reward function for TRL's trainers (``GRPOTrainer(reward_funcs=[trl_reward()])``):
    TRL calls it with the batch's ``prompts``, ``completions`` and every column of the
    dataset as keyword arguments. It finds the board's column (``numbers_column``, else the
    first of the usual names the dataset has, as ``check --batch`` finds a file's:
    ``numbers`` as ``generate`` writes it, ``nums`` as TinyZero's sets do, ``cards``, …) and
    the target's (``target_column``, else ``target`` or ``goal``; none for a game with a fixed
    target), checks each reply's last ``<answer>`` in parallel
    (``check_many``) and returns ``score`` for a solved puzzle, ``format_score`` for an
    answer that is not, 0 where there is none or the row cannot be judged."""

    def reward(completions: Sequence[Any], **columns: Any) -> list[float]:
        usual_numbers, usual_target, _ = _native.usual_columns()
        names = list(columns)
        numbers_name = find_column(names, numbers_column, usual_numbers, "numbers")
        if numbers_name is None:
            raise DigitsLabError(
                f"no numbers column among the dataset's ({', '.join(names)}): "
                f"name it with trl_reward(numbers_column=…)"
            )
        target_name = find_column(names, target_column, usual_target, "target")
        numbers = columns[numbers_name]
        targets = None if target_name is None else columns[target_name]
        answers = [last_answer(_text(c)) for c in completions]
        boards = [_row_board(n) for n in numbers]
        verdicts = check_many(
            [a if a is not None else "" for a in answers],
            boards,
            None if targets is None else list(targets),
            game,
        )
        solved = verdicts["solved"].to_list()
        faults = verdicts["fault"].to_list()
        for fault, message in zip(faults, verdicts["message"].to_list()):
            if fault == "puzzle":
                _log_once(message)
        return [
            0.0 if a is None or f == "puzzle" else (score if s else format_score)
            for a, s, f in zip(answers, solved, faults)
        ]

    reward.__name__ = "digits_lab_reward"
    return reward
