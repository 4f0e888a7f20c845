"""TRL 1.16.0: `digits_lab.rewards.trl_reward()` inside a real `GRPOTrainer` (a tiny Qwen2 and a
tokenizer made here, on CPU), on `generate`'s sets as TRL loads them with `datasets`.

Two things through TRL's own code: the trainer's reward step, `GRPOTrainer._calculate_rewards`
(the method `_generate_and_score_completions` calls with the batch's rows, prompts and
decoded completions), given each row's reference, wrong answers and no answer in place of
the model's; and `trainer.train()` for two steps, whose completions the model makes."""

from __future__ import annotations

import math

import pytest
import torch
from datasets import load_dataset
from trl import GRPOConfig, GRPOTrainer
from trl.data_utils import is_conversational

import _tiny
from _sets import RuleSet, answers
from digits_lab import rewards

#: How each set is loaded: `--format parquet` (plain prompts), and the folder of
#: `--format hf` in its default config (plain prompts) and its `conversational` one.
SOURCES = ["parquet", "hf", "hf-conversational"]


def dataset(rule_set: RuleSet, source: str):
    if source == "parquet":
        return load_dataset("parquet", data_files=str(rule_set.write("parquet")))["train"]
    folder = str(rule_set.write("hf"))
    if source == "hf":
        return load_dataset(folder)["train"]
    return load_dataset(folder, "conversational")["train"]


def trainer(rule_set: RuleSet, ds, out) -> GRPOTrainer:
    texts = [r["prompt"] for r in rule_set.rows] + [answers(r).reference for r in rule_set.rows]
    tok = _tiny.tokenizer(texts)
    args = GRPOConfig(
        output_dir=str(out),
        max_steps=2,
        num_generations=2,
        per_device_train_batch_size=4,
        max_completion_length=16,
        report_to=[],
        use_cpu=True,
        bf16=False,
        logging_steps=1,
        save_strategy="no",
        seed=63,
    )
    return GRPOTrainer(
        model=_tiny.model(tok),
        reward_funcs=[rewards.trl_reward()],
        args=args,
        train_dataset=ds,
        processing_class=tok,
    )


def rewards_of(t: GRPOTrainer, completions: list[str]) -> list[float]:
    """TRL's reward step on the whole set, each row given `completions[i]`: the rows as the
    trainer's data loader yields them (every column), the prompts, the completions decoded as
    the trainer decodes a conversational or plain batch, and their token ids."""
    inputs = [t.train_dataset[i] for i in range(len(t.train_dataset))]
    prompts = [x["prompt"] for x in inputs]
    if is_conversational(inputs[0]):
        decoded = [[{"role": "assistant", "content": c}] for c in completions]
    else:
        decoded = completions
    ids = [t.processing_class(c, add_special_tokens=False)["input_ids"] for c in completions]
    out = t._calculate_rewards(inputs, prompts, decoded, ids)
    assert out.shape == (len(inputs), 1)
    return out[:, 0].tolist()


@pytest.mark.parametrize("source", SOURCES)
def test_trl_reward_in_grpo_trainer(rule_set: RuleSet, source: str, tmp_path) -> None:
    ds = dataset(rule_set, source)
    assert len(ds) == len(rule_set.rows)
    t = trainer(rule_set, ds, tmp_path)
    rows = [rule_set.row(t.train_dataset[i]["prompt"]) for i in range(len(t.train_dataset))]
    if source == "hf-conversational":
        assert is_conversational(t.train_dataset[0])
    given = [answers(r) for r in rows]

    got = rewards_of(t, [a.reference for a in given])
    wrong_refs = [(r["numbers"], r["target"], r["solution"]) for r, s in zip(rows, got) if s != 1.0]
    assert wrong_refs == [], f"{len(wrong_refs)} of {len(rows)} references not 1.0 through TRL: {wrong_refs[:3]}"

    for k in range(max(len(a.wrong) for a in given)):
        picked = [a.wrong[min(k, len(a.wrong) - 1)] for a in given]
        got = rewards_of(t, picked)
        assert all(0.0 <= s < 1.0 for s in got), list(zip(picked, got))

    assert rewards_of(t, [a.empty for a in given]) == [0.0] * len(rows)


@pytest.mark.parametrize("source", ["parquet", "hf-conversational"])
def test_grpo_trains_two_steps(rule_set: RuleSet, source: str, tmp_path) -> None:
    t = trainer(rule_set, dataset(rule_set, source), tmp_path)
    t.train()
    assert t.state.global_step == 2
    logged = [h["reward"] for h in t.state.log_history if "reward" in h]
    assert len(logged) == 2 and all(math.isfinite(r) and 0.0 <= r <= 1.0 for r in logged), logged
    assert torch.isfinite(torch.tensor([h["loss"] for h in t.state.log_history if "loss" in h])).all()
