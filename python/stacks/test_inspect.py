"""Inspect (inspect-ai 0.3.285): `inspect_ai.eval` of the task `digits_lab/puzzles` (found by
that name through the package's `inspect_ai` entry point, as `inspect eval digits_lab/puzzles
-T path=…` finds it) over a `generate` set, answered offline by Inspect's `mockllm/model`
with `custom_outputs`: one eval answering every prompt with its reference, a second whose
epochs answer with the wrong answers and with no answer. The scores are read from the eval
log, as a user reads them.

Each mock output carries its token usage: without it Inspect counts tokens with tiktoken's
`o200k_base`, which it would download."""

from __future__ import annotations

from collections import defaultdict

from inspect_ai import eval as inspect_eval
from inspect_ai.model import ModelOutput, ModelUsage

from _sets import RuleSet, answers


def mock(rule_set: RuleSet, replies):
    """A `custom_outputs` callable: the n-th call for a prompt gets `replies(row)[n]`."""
    seen: dict[str, int] = defaultdict(int)

    def answer(messages, tools, tool_choice, config) -> ModelOutput:
        prompt = messages[-1].text
        given = replies(rule_set.row(prompt))
        reply = given[seen[prompt] % len(given)]
        seen[prompt] += 1
        out = ModelOutput.from_content(model="mockllm/model", content=reply)
        n_in, n_out = len(prompt.split()), max(1, len(reply.split()))
        out.usage = ModelUsage(input_tokens=n_in, output_tokens=n_out, total_tokens=n_in + n_out)
        return out

    return answer


def run(rule_set: RuleSet, replies, epochs: int, log_dir) -> list[tuple[dict, str, float]]:
    """The eval's samples as (row, the model's completion, its score)."""
    path = rule_set.write("jsonl")
    [log] = inspect_eval(
        "digits_lab/puzzles",
        task_args={"path": str(path)},
        model="mockllm/model",
        model_args={"custom_outputs": mock(rule_set, replies)},
        epochs=epochs,
        log_dir=str(log_dir),
        display="none",
        max_connections=4,
    )
    assert log.status == "success", log.error
    assert log.samples is not None and len(log.samples) == len(rule_set.rows) * epochs
    out = []
    for sample in log.samples:
        [score] = sample.scores.values()
        prompt = sample.input if isinstance(sample.input, str) else sample.input[-1].text
        out.append((rule_set.row(prompt), sample.output.completion, score.value))
    return out


def test_references_score_1(rule_set: RuleSet, tmp_path) -> None:
    got = run(rule_set, lambda row: [answers(row).reference], 1, tmp_path)
    bad = [(r["numbers"], r["target"], c, v) for r, c, v in got if v != 1.0]
    assert bad == [], f"{len(bad)} of {len(got)} references not 1.0 through Inspect: {bad[:3]}"


def test_wrong_answers_below_1_and_no_answer_0(rule_set: RuleSet, tmp_path) -> None:
    def replies(row):
        a = answers(row)
        return [*a.wrong, a.empty] + [a.empty] * (2 - len(a.wrong))

    got = run(rule_set, replies, 3, tmp_path)
    for row, completion, value in got:
        a = answers(row)
        if completion == a.empty:
            assert value == 0.0, (row["numbers"], completion, value)
        else:
            assert completion in a.wrong, completion
            assert 0.0 <= value < 1.0, (row["numbers"], completion, value)
    assert sum(c == answers(r).empty for r, c, _ in got) >= len(rule_set.rows)
