"""One rule for every reward: the row decides its game. On sets the binary's `generate` writes
for every rule set it can write (Countdown, the 24 game, Digits, make10, Krypto, a board
size, puzzles with no solution, unary minus, a custom pool and targets), as JSON lines,
Parquet and a Hugging Face folder loaded by `datasets`: every reference scores 1.0 through
`compute_score` (as verl calls it) and `trl_reward()` (as TRL calls it, plain and
conversational), a wrong answer below 1, no answer 0 — whatever game the reward was given;
the fallback and the disagreement are each logged once."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

import datasets  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from digits_lab_testing import RULE_SETS  # noqa: E402

from digits_lab import Game, _truth, rewards  # noqa: E402


@pytest.fixture(autouse=True)
def fresh_log() -> None:
    """Each test sees the log as a new process would: nothing said yet."""
    _truth._logged.clear()


def rows_of(cli, tmp: Path, name: str, fmt: str) -> list[dict]:
    """The rows of a set `generate` writes for a rule set, read as a trainer reads them:
    JSON lines by `json`, Parquet by pandas (NumPy values, structs as dicts), a folder by
    `datasets.load_dataset`."""
    out = tmp / f"{name}.{fmt}"
    done = cli.run("generate", *RULE_SETS[name], "--count", "24", "--seed", "3", "--format", fmt, "--out", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    if fmt == "jsonl":
        return [json.loads(line) for line in out.read_text().splitlines()]
    if fmt == "parquet":
        return pd.read_parquet(out).to_dict("records")
    loaded = datasets.load_dataset(str(out), split="train", cache_dir=str(tmp / "cache"), keep_in_memory=True)
    return list(loaded)


def wrong_answers(row: dict) -> list[str]:
    """Answers that do not solve the row's puzzle: giving up where there is a solution, or
    the reference stating a result it does not make; a lone number where there is none."""
    if row["solution"] == "no solution":
        return [str(int(row["numbers"][0]))]
    return ["no solution", f"{row['solution']} = {int(row['target']) + 1}"]


def columns(rows: list[dict]) -> dict[str, list]:
    """The dataset's columns as TRL passes them to a reward: one list a column."""
    return {k: [r.get(k) for r in rows] for k in rows[0] if k != "prompt"}


@pytest.mark.parametrize("fmt", ["jsonl", "parquet", "hf"])
@pytest.mark.parametrize("name", list(RULE_SETS))
def test_every_reference_scores_1_through_every_reward(cli, tmp_path: Path, name: str, fmt: str) -> None:
    rows = rows_of(cli, tmp_path, name, fmt)
    assert len(rows) == 24
    if "--unsolvable" in RULE_SETS[name]:
        assert any(r["solution"] == "no solution" for r in rows)
    for row in rows:
        truth = row["ground_truth"]
        # verl's call, and TinyZero's, whatever data_source or game= says.
        ref = f"Assistant: <think>…</think> <answer>{row['solution']}</answer>"
        assert rewards.compute_score("countdown", ref, truth, {"index": 0}) == 1.0, (name, row)
        assert rewards.compute_score(ref, truth) == 1.0
        assert rewards.compute_score(solution_str=ref, ground_truth=json.dumps(truth, default=lambda o: o.tolist())) == 1.0
        for wrong in wrong_answers(row):
            assert rewards.compute_score("countdown", f"<answer>{wrong}</answer>", truth) == 0.1, (name, row, wrong)
        assert rewards.compute_score("countdown", "I give up", truth) == 0.0
    # TRL's call, with the default game (TinyZero's Countdown tasks), and with another.
    given = columns(rows)
    for reward in (rewards.trl_reward(), rewards.trl_reward(game="digits", format_score=0.1)):
        for chat in (False, True):
            def completion(text: str) -> object:
                return [{"role": "assistant", "content": text}] if chat else text

            refs = [completion(f"<answer>{r['solution']}</answer>") for r in rows]
            assert reward(refs, prompts=[r["prompt"] for r in rows], **given) == [1.0] * len(rows), (name, fmt, chat)
            wrong = [completion(f"<think>x</think><answer>{wrong_answers(r)[0]}</answer>") for r in rows]
            got = reward(wrong, **given)
            assert all(g < 1.0 for g in got), got
            assert reward([completion("no answer")] * len(rows), **given) == [0.0] * len(rows)


def test_the_issues_countdown_answer_scores_1_under_the_rows_game_not_tinyzeros() -> None:
    # 7 + 9 * 100 = 907 on 4 6 7 9 9 100: a Countdown answer need not use every number.
    truth = {"numbers": [4, 6, 7, 9, 9, 100], "target": 907, "game": {"kind": "countdown", "use_all": False}}
    reward = rewards.trl_reward()
    assert reward(["<answer>7 + 9 * 100</answer>"], ground_truth=[truth], numbers=[truth["numbers"]], target=[907]) == [1.0]
    assert reward(["<answer>7 + 9 * 100</answer>"], ground_truth=[json.dumps(truth)]) == [1.0]
    # Without the game, TinyZero's rules (every number used) judge it wrong.
    bare = {"numbers": truth["numbers"], "target": 907}
    assert reward(["<answer>7 + 9 * 100</answer>"], ground_truth=[bare]) == [0.0]
    assert rewards.compute_score("countdown", "<answer>7 + 9 * 100</answer>", bare) == 0.1
    # generate's verl rows name the plain game by their data_source; TinyZero's `countdown`
    # stays TinyZero's.
    assert rewards.compute_score("digits_lab/countdown", "<answer>7 + 9 * 100</answer>", bare) == 1.0
    assert rewards.DATA_SOURCES["digits_lab/24"] == Game("24")
    verl_rows = {
        "data_source": ["digits_lab/countdown", "countdown"],
        "reward_model": [{"style": "rule", "ground_truth": bare}] * 2,
    }
    assert reward(["<answer>7 + 9 * 100</answer>"] * 2, **verl_rows) == [1.0, 0.0]


def test_the_fallback_is_logged_once(caplog) -> None:
    reward = rewards.trl_reward()
    with caplog.at_level(logging.WARNING, logger="digits_lab.rewards"):
        for _ in range(3):
            assert reward(["<answer>(93-43)+1</answer>"] * 4, nums=[[93, 43, 1]] * 4, target=[51] * 4) == [1.0] * 4
            assert rewards.compute_score(solution_str="<answer>(93-43)+1</answer>", ground_truth={"nums": [93, 43, 1], "target": 51}) == 1.0
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1, said
    assert "names no game" in said[0] and "the default Game('24', pool='1-100x6', targets='1-100000')" in said[0]
    # An explicit game= is the fallback too, said once more (it is another game).
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="digits_lab.rewards"):
        for _ in range(2):
            assert rewards.trl_reward(game="countdown")(["<answer>100+50</answer>"], numbers=[[1, 10, 25, 50, 75, 100]], target=[150]) == [1.0]
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and "game= Game('countdown')" in said[0], said


def test_a_disagreement_scores_by_the_row_and_is_logged_once(caplog) -> None:
    truth = {"numbers": [4, 6, 7, 9, 9, 100], "target": 907, "game": {"kind": "countdown"}}
    with caplog.at_level(logging.WARNING, logger="digits_lab.rewards"):
        for _ in range(3):
            assert rewards.trl_reward(game="24")(["<answer>7+9*100</answer>"], ground_truth=[truth]) == [1.0]
            assert rewards.compute_score("x", "<answer>7+9*100</answer>", truth, game="24") == 1.0
        # The same game, spelled otherwise, is no disagreement.
        same = dict(truth, game={"kind": "24", "use_all": True, "pool": None})
        assert rewards.compute_score("x", "<answer>(6-4)*8+8</answer>", dict(same, numbers=[4, 6, 8, 8], target=24), game="24") == 1.0
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1, said
    assert "names Game('countdown'), game= is Game('24'): judged under the row's" in said[0]


def test_a_row_that_names_no_game_it_knows_scores_0_and_the_rest_are_judged(caplog) -> None:
    good = {"numbers": [93, 43, 1], "target": 51, "game": {"kind": "24", "pool": "1-100x6", "targets": "1-100"}}
    bad = dict(good, game={"kind": "chess"})
    odd = dict(good, game={"kind": "24", "colour": "red"})
    with caplog.at_level(logging.WARNING, logger="digits_lab.rewards"):
        got = rewards.trl_reward()(["<answer>(93-43)+1</answer>"] * 4, ground_truth=[good, bad, odd, "{not json"])
    assert got == [1.0, 0.0, 0.0, 0.0]
    said = " | ".join(r.getMessage() for r in caplog.records)
    assert "chess" in said and "colour" in said, said
    judged = rewards.judge("<answer>(93-43)+1</answer>", bad)
    assert judged.score == 0.0 and "chess" in judged.explanation
