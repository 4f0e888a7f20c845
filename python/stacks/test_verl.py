"""verl 0.9.1: `generate --format verl` sets through verl's own data and reward code, with the
reward file (one line, `from digits_lab.rewards import compute_score`) loaded by verl's
`get_custom_reward_fn` from the documented config key, `reward.custom_reward_function.path`,
in verl's own trainer config (`ppo_trainer`, composed by Hydra as `main_ppo` composes it).

The batch is what verl's trainer holds after a rollout: `RLHFDataset` rows through its
`collate_fn` into a `DataProto`, with `prompts` (the chat template applied to `raw_prompt`,
left-padded), `responses` (here the references, wrong answers and no answer, tokenized and
right-padded) and `attention_mask`. It is scored three ways: the reward loop worker in
process, `RewardLoopManager.compute_rm_score` over a local Ray (the path `main_ppo` takes),
and the legacy `NaiveRewardManager`."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
import torch
from hydra import compose, initialize_config_module
from omegaconf import OmegaConf
from verl import DataProto
from verl.experimental.reward_loop import RewardLoopManager, RewardLoopWorker, migrate_legacy_reward_impl
from verl.trainer.ppo.reward import get_custom_reward_fn
from verl.utils.dataset.rl_dataset import RLHFDataset, collate_fn
from verl.workers.reward_manager.naive import NaiveRewardManager

import _tiny
from _sets import ROWS, RuleSet, answers
from digits_lab_testing import RULE_SETS

REWARD_FILE = "from digits_lab.rewards import compute_score\n"


def verl_config(*overrides: str):
    """verl's trainer config, composed from its own YAML as `main_ppo` composes it."""
    with initialize_config_module(config_module="verl.trainer.config", version_base=None):
        return compose(config_name="ppo_trainer", overrides=list(overrides))


@pytest.fixture(scope="module")
def sets(tmp_path_factory) -> dict[str, RuleSet]:
    """Every rule set, each with its `--format verl` folder."""
    made = {}
    for name, flags in RULE_SETS.items():
        s = RuleSet(name, flags, tmp_path_factory.mktemp(f"verl-{name}"))
        s.write("verl")
        made[name] = s
    return made


@pytest.fixture(scope="module")
def setup(sets, tmp_path_factory):
    """The reward file, one tokenizer for every set (saved, since verl's reward loop worker
    loads it from `actor_rollout_ref.model.path`) and the config naming both."""
    folder = tmp_path_factory.mktemp("verl")
    reward = folder / "reward.py"
    reward.write_text(REWARD_FILE)
    texts = [t for s in sets.values() for r in s.rows for t in (r["prompt"], answers(r).reference)]
    tok = _tiny.tokenizer(texts)
    tok.save_pretrained(folder / "tokenizer")
    config = verl_config(
        f"reward.custom_reward_function.path={reward}",
        "reward.custom_reward_function.name=compute_score",
        f"actor_rollout_ref.model.path={folder / 'tokenizer'}",
        "reward.num_workers=2",
    )
    return config, tok, folder


def dataset(rule_set: RuleSet, tok, cache: Path) -> RLHFDataset:
    train = rule_set.write("verl") / "train.parquet"
    assert train.is_file(), sorted(p.name for p in rule_set.write("verl").iterdir())
    data_config = OmegaConf.create(
        {"max_prompt_length": 1024, "cache_dir": str(cache), "filter_overlong_prompts_workers": 1}
    )
    return RLHFDataset([str(train)], tok, data_config)


def batch(ds: RLHFDataset, tok, replies: list[str]) -> DataProto:
    """verl's batch after a rollout: the dataset's rows collated, the prompts as the chat
    template renders `raw_prompt` (left-padded), the replies as responses (right-padded, each
    ending in the end-of-sequence token), and the attention mask over both."""
    data = DataProto.from_single_dict(collate_fn([ds[i] for i in range(len(ds))]))
    rendered = [
        tok.apply_chat_template(list(chat), add_generation_prompt=True, tokenize=True, return_dict=True)
        for chat in data.non_tensor_batch["raw_prompt"]
    ]
    prompt_ids = [list(r["input_ids"]) for r in rendered]
    reply_ids = [tok(r, add_special_tokens=False)["input_ids"] + [tok.eos_token_id] for r in replies]
    p, n = max(map(len, prompt_ids)), max(map(len, reply_ids)) + 2
    pad = tok.pad_token_id
    prompts = torch.tensor([[pad] * (p - len(x)) + x for x in prompt_ids])
    prompt_mask = torch.tensor([[0] * (p - len(x)) + [1] * len(x) for x in prompt_ids])
    responses = torch.tensor([x + [pad] * (n - len(x)) for x in reply_ids])
    response_mask = torch.tensor([[1] * len(x) + [0] * (n - len(x)) for x in reply_ids])
    tensors = {
        "prompts": prompts,
        "responses": responses,
        "input_ids": torch.cat([prompts, responses], 1),
        "attention_mask": torch.cat([prompt_mask, response_mask], 1),
    }
    return data.union(DataProto.from_dict(tensors))


def replies(ds: RLHFDataset, rule_set: RuleSet) -> dict[str, list[list[str]]]:
    """Per kind (reference, wrong, empty), lists of one reply a dataset row, in the
    dataset's order."""
    given = [answers(rule_set.row(list(ds[i]["raw_prompt"]))) for i in range(len(ds))]
    wrong = [[a.wrong[min(k, len(a.wrong) - 1)] for a in given] for k in range(max(len(a.wrong) for a in given))]
    return {"reference": [[a.reference for a in given]], "wrong": wrong, "empty": [[a.empty for a in given]]}


def check(kind: str, scores: list[float]) -> None:
    assert len(scores) == ROWS
    if kind == "reference":
        assert scores == [1.0] * ROWS, scores
    elif kind == "wrong":
        assert all(0.0 <= s < 1.0 for s in scores), scores
    else:
        assert scores == [0.0] * ROWS, scores


def test_rows_are_verls_shape(sets) -> None:
    """The rows as verl's data-preparation examples write them, read back by `RLHFDataset`."""
    for s in sets.values():
        table = pq.read_table(s.write("verl") / "train.parquet").to_pylist()
        assert len(table) == ROWS
        for i, row in enumerate(table):
            assert row["data_source"].startswith("digits_lab/"), row["data_source"]
            assert isinstance(row["prompt"], list) and row["prompt"][-1]["role"] == "user", row["prompt"]
            assert isinstance(row["ability"], str) and row["ability"]
            assert row["reward_model"]["style"] == "rule"
            truth = row["reward_model"]["ground_truth"]
            assert {"numbers", "target", "game"} <= set(truth), truth
            assert row["extra_info"]["split"] == "train"
            assert row["extra_info"]["index"] == i


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_reward_loop_worker_and_naive_manager(sets, setup, name: str, tmp_path) -> None:
    config, tok, _ = setup
    s = sets[name]
    ds = dataset(s, tok, tmp_path)
    assert len(ds) == ROWS
    worker = RewardLoopWorker(config)
    legacy = NaiveRewardManager(tokenizer=tok, num_examine=0, compute_score=get_custom_reward_fn(config))
    for kind, lists in replies(ds, s).items():
        for given in lists:
            data = batch(ds, tok, given)
            out = worker.loop.run_until_complete(worker.compute_score_batch(data))
            check(kind, [o["reward_score"] for o in out])
            check(kind, legacy(data).sum(-1).tolist())


def test_reward_loop_manager_over_ray(sets, setup, tmp_path_factory) -> None:
    """`RewardLoopManager.compute_rm_score` over a local Ray (two CPUs, two reward loop
    workers, each loading the reward file with verl's loader): every set, every kind."""
    import ray

    config, tok, folder = setup
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        _temp_dir=str(tmp_path_factory.mktemp("ray")),
        runtime_env={"env_vars": {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}},
    )
    try:
        manager = RewardLoopManager(config)
        for s in sets.values():
            ds = dataset(s, tok, folder / "cache")
            for kind, lists in replies(ds, s).items():
                for given in lists:
                    scores = manager.compute_rm_score(batch(ds, tok, given)).batch["rm_scores"].sum(-1).tolist()
                    check(kind, scores)
    finally:
        ray.shutdown()


def test_top_level_key_is_not_read(sets, setup) -> None:
    """The top-level `custom_reward_function.path` (verl's older key) is not what `main_ppo`'s
    reward loader reads in 0.9.1: it finds no custom function, and verl's own scorer refuses
    our data_source. Only the fully-async entry point's `migrate_legacy_reward_impl` moves
    it to `reward.`. So the docs must give `reward.custom_reward_function.path`."""
    _, tok, folder = setup
    old = verl_config(
        f"custom_reward_function.path={folder / 'reward.py'}",
        "custom_reward_function.name=compute_score",
        f"actor_rollout_ref.model.path={folder / 'tokenizer'}",
    )
    assert get_custom_reward_fn(old) is None
    ds = dataset(sets["countdown"], tok, folder / "cache")
    data = batch(ds, tok, replies(ds, sets["countdown"])["reference"][0])
    with pytest.raises(NotImplementedError, match="data_source"):
        NaiveRewardManager(tokenizer=tok, num_examine=0, compute_score=get_custom_reward_fn(old))(data)
    assert get_custom_reward_fn(migrate_legacy_reward_impl(old)) is not None
