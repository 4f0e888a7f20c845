"""Inspect (inspect-ai) over the exact checker: a scorer, ``checker()``, and a task,
``puzzles(path)``, over a set ``generate`` wrote (JSON lines, Parquet, or a ``--format hf``
folder), so that ``inspect eval`` runs it:

    inspect eval digits_lab/puzzles -T path=set.jsonl --model openai/gpt-4o-mini

The task is found by that name through the package's ``inspect_ai`` entry point (Inspect
loads ``digits_lab.inspect`` when a task name starts with ``digits_lab/``). Each sample's
input is the row's prompt, its target the ground truth as JSON text, its metadata the
puzzle's fields. The score is ``compute_score``'s: 1 solved, ``format_score`` (0.1) for an
answer that is not, 0 for none; its answer is the reply's last ``<answer>``, its
explanation the checker's reason. The row decides its game (rewards.py). Needs inspect-ai
(tested with 0.3.285); ``import digits_lab`` does not.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

try:
    from inspect_ai import Task, task
    from inspect_ai.dataset import MemoryDataset, Sample
    from inspect_ai.model import ChatMessage, ChatMessageAssistant, ChatMessageSystem, ChatMessageUser
    from inspect_ai.scorer import Score, Target, accuracy, scorer, stderr
    from inspect_ai.solver import TaskState, generate
except ImportError as e:  # pragma: no cover - depends on what is installed
    raise ImportError(f"digits_lab.inspect needs inspect-ai (pip install inspect-ai): {e}") from e

from ._sets import read_set
from .rewards import judge

__all__ = ["checker", "puzzles", "samples"]

_ROLES = {"system": ChatMessageSystem, "user": ChatMessageUser, "assistant": ChatMessageAssistant}


def _input(prompt: str | list[dict[str, str]]) -> str | list[ChatMessage]:
    if isinstance(prompt, str):
        return prompt
    return [_ROLES[m["role"]](content=m["content"]) for m in prompt]


def samples(path: str | os.PathLike[str], split: str | None = None) -> list[Sample]:
    """The set at ``path`` as Inspect samples: input the prompt (text, or its chat
    messages), target the ground truth as JSON text, metadata the row's other fields and
    the ground truth's ``game``; ids 1, 2, … in the set's order."""
    out = []
    for i, p in enumerate(read_set(path, split), start=1):
        metadata: dict[str, Any] = dict(p.fields)
        metadata["game"] = p.ground_truth.get("game")
        out.append(Sample(input=_input(p.prompt), target=p.truth_text(), id=i, metadata=metadata))
    return out


@scorer(metrics=[accuracy(), stderr()])
def checker(format_score: float = 0.1, game: str | None = None) -> Any:
    """Scores the model's last ``<answer>`` against the sample's target (a ground truth,
    as JSON text) with the exact checker, as ``compute_score`` does: value 1 solved,
    ``format_score`` for an answer that is not, 0 for none; ``answer`` the answer read,
    ``explanation`` the checker's reason, ``metadata`` the game judged under and the
    fault. ``game`` is used only for a target that names none."""

    async def score(state: TaskState, target: Target) -> Score:
        judged = judge(state.output.completion, target.text, game=game, format_score=format_score)
        verdict = judged.verdict
        return Score(
            value=judged.score,
            answer=judged.answer,
            explanation=judged.explanation,
            metadata={
                "game": None if judged.game is None else judged.game.kind,
                "solved": bool(verdict and verdict.solved),
                "fault": None if verdict is None else verdict.fault,
            },
        )

    return score


@task
def puzzles(
    path: str,
    split: str | None = None,
    format_score: float = 0.1,
    game: str | None = None,
) -> Task:
    """A ``generate`` set as an Inspect task: each prompt answered once (``generate()``)
    and scored by ``checker``. ``split`` takes one split's rows (or files); ``format_score``
    0 makes the accuracy the solve rate."""
    return Task(
        dataset=MemoryDataset(samples(path, split), name=Path(path).stem),
        solver=generate(),
        scorer=checker(format_score=format_score, game=game),
    )
