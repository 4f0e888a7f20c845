"""`digits_lab.inspect` and `digits_lab.verifiers_env` over sets the binary's `generate`
writes: a set's rows become Inspect samples (prompt, ground truth as the target, the
puzzle's fields as metadata) and verifiers tasks, and the scorer and the reward give every
reference 1, a wrong answer the format score, no answer 0. Skipped where inspect-ai or
verifiers is not installed (`just python`'s environment has neither; the stacks tier runs
them with the stacks' own evaluation loops)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

import digits_lab as dl
from digits_lab import _sets


@pytest.fixture(scope="module")
def sets(cli, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A Countdown set with puzzles that have no solution, with a test split, three ways."""
    out = tmp_path_factory.mktemp("sets")
    common = ["generate", "--game", "countdown", "--count", "20", "--unsolvable", "0.2", "--seed", "9", "--test-share", "0.3", "--quiet"]
    paths = {"jsonl": out / "set.jsonl", "parquet": out / "set.parquet", "hf": out / "folder"}
    for fmt, path in paths.items():
        done = cli.run(*common, "--format", fmt, "--out", str(path))
        assert done.returncode == 0, done.stderr
    return paths


def test_every_format_reads_as_the_same_puzzles(sets: dict[str, Path]) -> None:
    lines = [json.loads(line) for line in sets["jsonl"].read_text().splitlines()]
    for fmt, path in sets.items():
        puzzles = _sets.read_set(path)
        assert len(puzzles) == 20, fmt
        assert sorted(p.truth_text() for p in puzzles) == sorted(
            _sets.Puzzle("", _sets._plain(r["ground_truth"]), {}).truth_text() for r in lines
        ), fmt
        test = _sets.read_set(path, "test")
        assert 0 < len(test) < 20 and len(test) == sum(r["split"] == "test" for r in lines), fmt
    with pytest.raises(dl.DigitsLabError, match="no Parquet file of split 'dev'"):
        _sets.read_set(sets["hf"], "dev")
    with pytest.raises(dl.DigitsLabError, match="no set at"):
        _sets.read_set(sets["hf"] / "nothing.jsonl")


def test_inspect_samples_and_scorer(sets: dict[str, Path]) -> None:
    pytest.importorskip("inspect_ai")
    from inspect_ai.model import ModelOutput
    from inspect_ai.scorer import Target
    from inspect_ai.solver import TaskState

    from digits_lab import inspect as dl_inspect

    rows = [json.loads(line) for line in sets["jsonl"].read_text().splitlines()]
    samples = dl_inspect.samples(sets["parquet"])
    assert [s.id for s in samples] == list(range(1, 21))
    score = dl_inspect.checker()
    for sample, row in zip(samples, rows):
        assert sample.input == row["prompt"]
        assert json.loads(sample.target) == {k: v for k, v in row["ground_truth"].items()}
        assert sample.metadata["solution"] == row["solution"] and sample.metadata["game"]["kind"] == "countdown"
        for reply, value in (
            (f"<think>…</think><answer>{row['solution']}</answer>", 1.0),
            ("<answer>no solution</answer>" if row["solvable"] else f"<answer>{row['numbers'][0]}</answer>", 0.1),
            ("I cannot say.", 0.0),
        ):
            state = TaskState(
                model="mockllm/model", sample_id=sample.id, epoch=1, input=sample.input, messages=[],
                output=ModelOutput.from_content("mockllm/model", reply),
            )
            got = asyncio.run(score(state, Target(sample.target)))
            assert got.value == value, (row, reply, got)
            if value == 1.0:
                assert got.answer == row["solution"] and got.explanation.startswith("solved")
            elif value == 0.0:
                assert got.answer is None and "no <answer>" in got.explanation
            else:
                # Giving up where there is a solution; a lone number, off the target.
                expected = "gave-up: " if row["solvable"] else f"not solved: {row['numbers'][0]} makes "
                assert got.explanation.startswith(expected), got.explanation
                assert got.metadata["fault"] == ("gave-up" if row["solvable"] else None)
    task = dl_inspect.puzzles(str(sets["hf"]), split="test", format_score=0.0)
    assert 0 < len(task.dataset) < 20


def test_verifiers_tasks_score_a_trace_offline(sets: dict[str, Path]) -> None:
    vf = pytest.importorskip("verifiers.v1")
    from digits_lab import verifiers_env

    env = verifiers_env.load_environment(str(sets["jsonl"]))
    tasks = list(env.taskset)
    rows = [json.loads(line) for line in sets["jsonl"].read_text().splitlines()]
    assert len(tasks) == 20
    for task, row in zip(tasks, rows):
        assert task.data.prompt == row["prompt"] and task.data.puzzle["solution"] == row["solution"]
        for reply, value in (
            (f"<answer>{row['solution']}</answer>", 1.0),
            ("<answer>no solution</answer>" if row["solvable"] else f"<answer>{row['numbers'][0]}</answer>", 0.1),
            ("no idea", 0.0),
        ):
            trace = vf.Trace(
                task=vf.TraceTask(type=type(task).__name__, data=task.data),
                agent=vf.AgentInfo(config=vf.AgentConfig()),
                root_reply=reply,
            )
            asyncio.run(task.score(trace))
            assert trace.rewards["solved"].score == value, (row, reply)
            assert trace.reward == value
