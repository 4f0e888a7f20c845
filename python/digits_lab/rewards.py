"""Reward functions for training language models on Countdown and the 24 game, on the exact
checker (``check``): an answer is read by the project's grammar (never ``eval``), its numbers
are compared with the puzzle's as a multiset, and its arithmetic is exact.

- ``compute_score(data_source, solution_str, ground_truth, extra_info=None)``: verl's reward
  function, called as verl's reward manager calls it (by keyword or by position);
  TinyZero's two-argument form ``compute_score(solution_str, ground_truth)`` still works;
- ``trl_reward()``: a reward function for TRL's trainers, over a batch of completions and
  the dataset's columns as TRL passes them.

- ``judge(completion, ground_truth, …)``: one reply judged, with the answer read and the
  checker's reason (the Inspect scorer and the verifiers environment report them).

All of them judge only the model's reply (the text after the prompt's ``Assistant:`` or the
chat template's assistant marker, where the completion includes the prompt) and read its
last ``<answer>…</answer>``. None raises on a bad row: it scores 0 and logs the reason once.

One rule for every reward: the row decides its game. A row is judged under the game its
ground truth names (``generate`` writes ``{"numbers", "target", "game": {"kind", …}}``),
else the one its ``data_source`` names (``DATA_SOURCES``); a reward's ``game=`` is used
only for a row that names none (said once in the log), and its default then is
``COUNTDOWN_TASKS``, the rules TinyZero's checker means: every number used once, exact
rationals (its ``eval`` divides in floats), numbers 1–100 and any target up to 100,000. A
row whose game differs from an explicit ``game=`` is judged by its own, and that is logged
once. docs/FOR-MODELS.md has a worked example.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import _native
from ._truth import COUNTDOWN_TASKS, DATA_SOURCES, decide, game_named, log_once, truth_of
from ._words import whole
from .check import Verdict, check, check_many, find_column
from .errors import DigitsLabError
from .game import Game

__all__ = [
    "COUNTDOWN_TASKS",
    "DATA_SOURCES",
    "Judgement",
    "compute_score",
    "game_of",
    "judge",
    "last_answer",
    "reply",
    "trl_reward",
]

_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)

#: Where a chat template starts the assistant's turn (ChatML, Llama 3, Gemma): the reply is
#: what follows the last of them.
_CHAT_MARKERS = (
    "<|im_start|>assistant",
    "<|start_header_id|>assistant<|end_header_id|>",
    "<start_of_turn>model",
)


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



def _scored_0(reason: object) -> None:
    log_once(f"a row scored 0: {reason}")


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
    if type(numbers) is list and all(type(n) is int for n in numbers):
        return numbers
    if hasattr(numbers, "tolist"):
        numbers = numbers.tolist()
    return [whole("numbers", n) for n in numbers]


def _target(truth: Mapping[str, Any]) -> int | None:
    target = truth.get("target")
    return None if target is None else whole("target", target)


def _text(completion: Any) -> str:
    """A completion's text: a string, or the last message of a conversation."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence) and completion and isinstance(completion[-1], Mapping):
        return str(completion[-1].get("content", ""))
    raise TypeError(f"completions: expected text or a list of messages, not {completion!r}")


def game_of(ground_truth: Any, data_source: Any = None, game: Game | str | None = None) -> Game:
    """The game a row is judged under, by the one rule: the game its ground truth names
    (a mapping or its JSON text, verl's ``reward_model`` cell unwrapped), else the one its
    ``data_source`` names, else ``game``, else ``COUNTDOWN_TASKS`` (the last two said once in
    the log). Raises ``TypeError``/``ValueError`` for a ground truth that is none."""
    return decide(game_named(truth_of(ground_truth), data_source), game)


@dataclasses.dataclass(frozen=True)
class Judgement:
    """One reply judged: its ``score`` (``score`` solved, ``format_score`` for an answer that
    is not, 0 for none or a row that cannot be judged), the ``answer`` read from its last
    ``<answer>`` (``None``: none), the ``game`` it was judged under, the checker's
    ``verdict`` (``None`` where there was nothing to check) and a one-line ``explanation``."""

    score: float
    answer: str | None
    game: Game | None
    verdict: Verdict | None
    explanation: str


def judge(
    completion: Any,
    ground_truth: Any,
    *,
    data_source: Any = None,
    game: Game | str | None = None,
    format_score: float = 0.1,
    score: float = 1.0,
) -> Judgement:
    """Judges one completion (text, or a conversation whose last message is the reply)
    against a row's ground truth (``{"numbers", "target", "game"}``, or its JSON text), as
    ``compute_score`` scores it. Never raises on a bad row: it scores 0, the explanation
    says why, and the reason is logged once."""
    chosen: Game | None = None
    try:
        text = _text(completion)
        truth = truth_of(ground_truth)
        chosen = decide(game_named(truth, data_source), game)
        answer = last_answer(text)
        if answer is None:
            return Judgement(0.0, None, chosen, None, "no <answer>…</answer> in the reply")
        verdict = check(answer, _board(_field(truth, "numbers", "nums")), _target(truth), chosen)
    except (DigitsLabError, KeyError, TypeError, ValueError) as e:  # json's errors are ValueErrors
        _scored_0(e)
        return Judgement(0.0, None, chosen, None, f"not judged: {e}")
    if verdict.solved:
        return Judgement(score, answer, chosen, verdict, f"solved: {answer} makes {verdict.value}")
    if verdict.fault is None:  # valid, but off the target
        why = f"not solved: {answer} makes {verdict.value}, {verdict.distance} from the target"
    else:
        why = f"{verdict.fault}: {verdict.message}"
    return Judgement(format_score, answer, chosen, verdict, why)


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
    ``ground_truth`` (``{"target": …, "numbers": […], "game": {…}}`` as ``generate`` writes
    it, or its JSON text; ``nums`` for ``numbers`` too; NumPy values as pandas reads them
    from Parquet), ``format_score`` when there is an answer that does not (a rule broken, or
    a value off target), 0 when there is none.

    Called as verl's reward manager calls it, ``compute_score(data_source=…,
    solution_str=…, ground_truth=…, extra_info=…)``, or by position in that order; the
    two-argument form of TinyZero's Countdown task, ``compute_score(solution_str,
    ground_truth)``, is taken as such. The row decides its game: the ground truth's
    ``game``, else the one ``data_source`` names (``DATA_SOURCES``), else ``game=``, else
    ``COUNTDOWN_TASKS`` (the last two logged once). ``method`` is TinyZero's; only
    ``"strict"`` exists. A row that cannot be judged (a puzzle the game refuses, a ground
    truth without numbers) scores 0 and is logged once: a reward never stops a training run.
    ``dl.check`` raises instead."""
    if method != "strict":
        raise ValueError(f"method: only 'strict' is known, not {method!r}")
    if ground_truth is None and isinstance(solution_str, Mapping):
        # TinyZero's compute_score(solution_str, ground_truth), by position.
        data_source, solution_str, ground_truth = None, data_source, solution_str
    if not isinstance(solution_str, str):
        _scored_0(f"solution_str: expected a str, not {type(solution_str).__name__}")
        return 0.0
    judged = judge(
        solution_str, ground_truth, data_source=data_source, game=game, format_score=format_score, score=score
    )
    return judged.score


def _truth_column(columns: Mapping[str, Any], given: str | None) -> Sequence[Any] | None:
    """The rows' ground truths among TRL's columns: ``given``, else ``ground_truth`` (as
    ``generate`` writes it), else verl's ``reward_model`` cells."""
    if given is not None:
        if given not in columns:
            raise DigitsLabError(f"no ground truth column `{given}` (the columns are {', '.join(columns)})")
        return columns[given]
    for name in ("ground_truth", "reward_model"):
        if name in columns:
            return columns[name]
    return None


def trl_reward(
    game: Game | str | None = None,
    numbers_column: str | None = None,
    target_column: str | None = None,
    format_score: float = 0.0,
    score: float = 1.0,
    ground_truth_column: str | None = None,
) -> Callable[..., list[float]]:
    """A reward function for TRL's trainers (``GRPOTrainer(reward_funcs=[trl_reward()])``):
    TRL calls it with the batch's ``prompts``, ``completions`` (text, or message lists for
    a conversational set) and every column of the dataset as keyword arguments.

    Each row is judged under the game it names: its ground truth's (the ``ground_truth``
    column as ``generate`` writes it, a struct or its JSON text; or verl's ``reward_model``
    cells; or ``ground_truth_column``), else its ``data_source``'s, else ``game`` (default
    ``COUNTDOWN_TASKS``; logged once). The board and target are the ground truth's, else the
    board's column (``numbers_column``, else the first of the usual names the dataset has,
    as ``check --batch`` finds a file's: ``numbers``, ``nums`` as TinyZero's sets have it,
    ``cards``, …) and the target's (``target_column``, else ``target`` or ``goal``; none for a
    game with a fixed target). The replies' last ``<answer>``s are checked in parallel, one
    ``check_many`` a game, and each row gets ``score`` solved, ``format_score`` for an answer
    that is not, 0 where there is none or the row cannot be judged (logged once)."""

    def reward(completions: Sequence[Any], **columns: Any) -> list[float]:
        usual_numbers, usual_target, _ = _native.usual_columns()
        names = list(columns)
        truths = _truth_column(columns, ground_truth_column)
        numbers_name = find_column(names, numbers_column, usual_numbers, "numbers")
        if numbers_name is None and truths is None:
            raise DigitsLabError(
                f"no numbers column or ground truth among the dataset's ({', '.join(names)}): "
                f"name one with trl_reward(numbers_column=…) or ground_truth_column=…"
            )
        target_name = find_column(names, target_column, usual_target, "target")
        numbers = None if numbers_name is None else columns[numbers_name]
        targets = None if target_name is None else columns[target_name]
        sources = columns.get("data_source")
        scores = [0.0] * len(completions)
        # The rows to check, by the game they are judged under and whether they have a target.
        groups: dict[tuple[Game, bool], list[tuple[int, str, list[int] | str, int | None]]] = {}
        for i, completion in enumerate(completions):
            try:
                answer = last_answer(_text(completion))
                truth = None if truths is None else truth_of(truths[i])
                chosen = decide(game_named(truth, None if sources is None else sources[i]), game)
                if answer is None:
                    continue
                if truth is not None and numbers_column is None and ("numbers" in truth or "nums" in truth):
                    board = _board(_field(truth, "numbers", "nums"))
                elif numbers is not None:
                    board = _board(numbers[i])
                else:
                    board = _board(_field(truth or {}, "numbers", "nums"))
                if truth is not None and target_column is None and truth.get("target") is not None:
                    target = _target(truth)
                else:
                    target = None if targets is None else whole("target", targets[i])
            except (DigitsLabError, KeyError, TypeError, ValueError) as e:
                _scored_0(e)
                continue
            groups.setdefault((chosen, target is None), []).append((i, answer, board, target))
        for (chosen, no_target), rows in groups.items():
            try:
                verdicts = check_many(
                    [r[1] for r in rows],
                    [r[2] for r in rows],
                    None if no_target else [r[3] for r in rows],
                    chosen,
                )
            except (DigitsLabError, TypeError) as e:  # a game named that is no game
                _scored_0(e)
                continue
            solved = verdicts["solved"].to_list()
            faults = verdicts["fault"].to_list()
            messages = verdicts["message"].to_list()
            for (i, *_), s, fault, message in zip(rows, solved, faults, messages):
                if fault == "puzzle":
                    _scored_0(message)
                else:
                    scores[i] = score if s else format_score
        return scores

    reward.__name__ = "digits_lab_reward"
    return reward
