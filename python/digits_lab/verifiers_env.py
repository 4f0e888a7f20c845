"""A verifiers environment (verifiers 0.4.0, its v1 API) over the exact checker: a set
``generate`` wrote (JSON lines, Parquet, or a ``--format hf`` folder) as a taskset, one task
a puzzle, rewarded as ``compute_score`` rewards it (1 solved, ``format_score`` for an
answer that is not, 0 for none; the row decides its game, rewards.py).

verifiers finds a taskset by its id, the name of a module it imports: this one is exported
by the top-level module ``digits_lab_env`` (installed with the package), so

    vf-eval digits-lab-env --env.taskset.path set.jsonl --env.agent.harness.id null -m MODEL

evaluates a model on a set (``null`` is verifiers' plain chat harness: no tools, one
reply), and ``load_environment(path=…)`` builds the environment in Python. A trace is
scored offline with ``await task.score(trace)``. Needs verifiers; ``import digits_lab``
does not.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

try:
    import verifiers.v1 as vf
except ImportError as e:  # pragma: no cover - depends on what is installed
    raise ImportError(f"digits_lab.verifiers_env needs verifiers (pip install verifiers): {e}") from e

from ._sets import read_set
from ._truth import shown
from .rewards import judge

#: The taskset's id: verifiers imports the module of that name (``-`` read as ``_``).
TASKSET_ID = "digits-lab-env"

__all__ = [
    "TASKSET_ID",
    "DigitsLabConfig",
    "DigitsLabData",
    "DigitsLabTask",
    "DigitsLabTaskConfig",
    "DigitsLabTaskset",
    "load_environment",
]


class DigitsLabData(vf.TaskData):
    """One puzzle: the prompt (``TaskData.prompt``), the ground truth as JSON text (what
    the reward judges by) and the puzzle's own fields (``numbers``, ``target``,
    ``solution``, …)."""

    ground_truth: str
    puzzle: dict[str, Any] = {}


class DigitsLabTaskConfig(vf.TaskConfig):
    """The reward's knobs (``--env.taskset.task.*``)."""

    format_score: float = 0.1
    """The reward for an answer that does not solve the puzzle (0 for none at all)."""
    game: str | None = None
    """The game for a row whose ground truth names none (else TinyZero's Countdown tasks)."""


class DigitsLabTask(vf.Task[DigitsLabData, vf.State, DigitsLabTaskConfig]):
    """A puzzle, rewarded by the exact checker on the reply's last ``<answer>``."""

    @vf.reward(weight=1.0)
    async def solved(self, trace: vf.Trace) -> float:
        """1 solved, ``format_score`` for an answer that does not solve the puzzle, 0 for no
        answer; the answer read and the checker's reason go to ``trace.info``."""
        judged = judge(
            trace.last_reply,
            self.data.ground_truth,
            game=self.config.game,
            format_score=self.config.format_score,
        )
        trace.info["digits_lab"] = {
            "answer": judged.answer,
            "explanation": judged.explanation,
            "game": None if judged.game is None else shown(judged.game),
        }
        return judged.score


class DigitsLabConfig(vf.TasksetConfig):
    """Which set to load (``--env.taskset.*``)."""

    path: str = ""
    """A set ``generate`` wrote: ``.jsonl``, ``.parquet``, or a ``--format hf`` folder."""
    split: str | None = None
    """Only this split's rows (or files)."""
    task: DigitsLabTaskConfig = DigitsLabTaskConfig()


class DigitsLabTaskset(vf.Taskset[DigitsLabTask, DigitsLabConfig]):
    """The puzzles of a ``generate`` set, one task each, in the set's order."""

    def load(self) -> Iterator[DigitsLabTask]:
        if not self.config.path:
            raise ValueError("digits-lab-env needs a set: --env.taskset.path FILE")
        for i, puzzle in enumerate(read_set(self.config.path, self.config.split)):
            data = DigitsLabData(
                id=str(i),
                prompt=puzzle.prompt,
                ground_truth=puzzle.truth_text(),
                puzzle=puzzle.fields,
            )
            yield DigitsLabTask(data, self.config.task)


def load_environment(
    path: str,
    split: str | None = None,
    format_score: float = 0.1,
    game: str | None = None,
    **env: Any,
) -> vf.Env:
    """The environment over the set at ``path``, as ``vf-eval digits-lab-env`` builds it
    (verifiers' ``load_environment`` on its config): ``env`` holds any other of the
    environment config's fields (``agent={"harness": {"id": "null"}}``, …)."""
    config = vf.resolve_env_config(
        {
            **env,
            "taskset": {
                "id": TASKSET_ID,
                "path": str(path),
                "split": split,
                "task": {"format_score": format_score, "game": game},
            },
        }
    )
    return vf.load_environment(config)
