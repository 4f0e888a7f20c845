"""The reward functions as verl and TRL call them: verl's keyword and positional calls,
NumPy values as pandas reads them, the model's reply apart from the prompt, bad rows scored 0
rather than raised, TRL's columns found by their names."""

from __future__ import annotations

import logging

import numpy as np
import pytest

import digits_lab as dl
from digits_lab import rewards

# TinyZero's Countdown prompt, whose own example answer comes before "Assistant:".
PROMPT = (
    "A conversation between User and Assistant. The user asks a question, and the Assistant "
    "solves it. User: Using the numbers [1, 2, 3], create an equation that equals 1. Show your "
    "work in <think> </think> tags. And return the final answer in <answer> </answer> tags, "
    "for example <answer> (1 + 2) / 3 </answer>. Assistant: Let me solve this step by step.\n<think>"
)


def verl(solution: str, truth: dict, data_source: str = "countdown", **options: float) -> float:
    """The call verl's reward manager makes, by keyword."""
    return rewards.compute_score(
        data_source=data_source,
        solution_str=solution,
        ground_truth=truth,
        extra_info={"split": "train", "index": 0},
        **options,
    )


@pytest.mark.parametrize(
    ("data_source", "game", "numbers", "target", "reference", "corrupted"),
    [
        # TinyZero's Countdown tasks: every number used, exact rationals.
        ("countdown", None, [93, 43, 1], 51, "(93-43)+1", "(93-43)+1+1-1"),
        # The 24 game, named by the data source; its target is fixed.
        ("game24", None, [4, 6, 8, 8], None, "(6-4)*8+8", "6*4*1*1"),
        # A whole-number rule set with every number used (Stream-of-Search's), given as game=.
        ("sos", dl.Game.countdown(use_all=True, zero=True, pool="0-100x6", targets="1-1000"),
         [0, 7, 5, 3], 38, "7*5+3+0", "7*5+3"),
    ],
)
def test_verl_scores_references_one_and_corrupted_answers_not(
    data_source, game, numbers, target, reference, corrupted
) -> None:
    # As pandas reads a ground truth from Parquet: a NumPy array and a NumPy integer.
    truth = {"numbers": np.array(numbers, dtype=np.int64)}
    if target is not None:
        truth["target"] = np.int64(target)
    options = {} if game is None else {"game": game}
    assert verl(f"<answer>{reference}</answer>", truth, data_source, **options) == 1.0
    assert verl(f"<answer>{corrupted}</answer>", truth, data_source, **options) == 0.1
    assert verl(f"<answer>{corrupted}</answer>", truth, data_source, format_score=0.0, **options) == 0.0
    assert verl("no answer at all", truth, data_source, **options) == 0.0


def test_verl_positional_tinyzero_and_json_ground_truths() -> None:
    truth = {"numbers": [93, 43, 1], "target": 51}
    text = "Assistant: <answer>(93-43)+1</answer>"
    # verl's order by position, TinyZero's keywords and TinyZero's two positional arguments.
    assert rewards.compute_score("countdown", text, truth, None) == 1.0
    assert rewards.compute_score(solution_str=text, ground_truth=truth) == 1.0
    assert rewards.compute_score(text, truth) == 1.0
    # A ground truth stored as JSON text, numbers as `nums`.
    assert rewards.compute_score("countdown", text, '{"nums": [93, 43, 1], "target": 51}') == 1.0
    with pytest.raises(ValueError, match="only 'strict'"):
        rewards.compute_score("countdown", text, truth, method="flexible")


def test_only_the_reply_is_judged() -> None:
    truth = {"numbers": [1, 2, 3], "target": 1}
    # The prompt's example answer would solve this puzzle; it is not the model's.
    assert verl(PROMPT + " 1 + 2 = 3, 3 / 3 = 1 </think>", truth) == 0.0
    assert verl(PROMPT + " </think> <answer>(1+2)/3</answer>", truth) == 1.0
    assert verl(PROMPT + " </think> <answer>1+2+3</answer>", truth) == 0.1
    # A chat template: the reply follows the last assistant marker.
    chat = (
        "<|im_start|>user\nfor example <answer>(1+2)/3</answer><|im_end|>\n"
        "<|im_start|>assistant\nI think <answer>3*2-1</answer>"
    )
    assert verl(chat, truth) == 0.1
    assert rewards.last_answer(chat) == "3*2-1"


def test_bad_rows_score_zero_and_are_logged_once(caplog) -> None:
    off_pool = {"numbers": [1, 2, 300], "target": 5}
    with caplog.at_level(logging.WARNING, logger="digits_lab.rewards"):
        assert verl("<answer>1+2+300</answer>", off_pool, "game24") == 0.0
        assert verl("<answer>1+2+300</answer>", off_pool, "game24") == 0.0
        assert verl("<answer>1+2</answer>", {"target": 3}) == 0.0
    reasons = [r.getMessage() for r in caplog.records]
    assert len(reasons) == 2, reasons
    assert "300 is not a 24 number" in reasons[0]
    assert "none of numbers, nums" in reasons[1]
    # dl.check still raises on the same puzzle.
    with pytest.raises(dl.DigitsLabError, match="300 is not a 24 number"):
        dl.check("1+2+300", [1, 2, 300], 5, "24")


def test_numpy_values_are_numbers_everywhere() -> None:
    numbers = np.array([1, 10, 25, 50, 75, 100], dtype=np.int64)
    v = dl.check("(25-10)*(1+50)", numbers, np.int64(765), game="countdown")
    assert v.solved
    frame = dl.check_many(["(25-10)*(1+50)", "25*3"], [numbers, numbers], np.int64(765), "countdown")
    assert frame["solved"].to_list() == [True, False]
    frame = dl.check_many(["100+50"], [numbers], np.array([150]), "countdown")
    assert frame["solved"].to_list() == [True]
    with pytest.raises(TypeError, match="not a bool"):
        dl.check("1+1", [1, 1], True, "countdown")


def test_trl_reward_takes_the_columns_as_trl_passes_them() -> None:
    reward = rewards.trl_reward()
    completions = ["<answer>(93-43)+1</answer>", [{"role": "assistant", "content": "<answer>93+43</answer>"}], "none"]
    # generate's column names, NumPy values, and the other columns TRL passes along.
    got = reward(
        completions,
        prompts=["p"] * 3,
        numbers=[np.array([93, 43, 1])] * 3,
        target=np.array([51, 51, 51]),
        solutions=["(93-43)+1"] * 3,
    )
    assert got == [1.0, 0.0, 0.0]
    # TinyZero's names.
    assert reward(completions, nums=[[93, 43, 1]] * 3, target=[51, 51, 51]) == [1.0, 0.0, 0.0]
    # A row the game refuses scores 0; the others are judged.
    assert reward(["<answer>1+2+300</answer>", "<answer>(93-43)+1</answer>"],
                  numbers=[[1, 2, 300], [93, 43, 1]], target=[303, 51]) == [0.0, 1.0]
    with pytest.raises(dl.DigitsLabError, match="no numbers column"):
        reward(completions, board_numbers=[[93, 43, 1]] * 3, target=[51] * 3)
    named = rewards.trl_reward(game="24", numbers_column="cards")
    assert named(["<answer>(6-4)*8+8</answer>"], cards=[[4, 6, 8, 8]]) == [1.0]


@pytest.mark.parametrize(
    ("game", "unsolvable", "solvable"),
    [
        ("24", ([1, 1, 1, 1], 24), ([1, 2, 3, 4], 24)),
        ("countdown", ([1, 2, 3, 4, 5, 6], 999), ([1, 2, 3, 4, 5, 6], 100)),
        ("digits", ([1, 2, 3, 4, 5, 6], 997), ([1, 2, 3, 4, 5, 6], 96)),
    ],
)
def test_no_solution_is_rewarded_only_where_there_is_none(game, unsolvable, solvable) -> None:
    for reply in ("<answer>none</answer>", "I tried. <answer>There is no solution.</answer>"):
        numbers, target = unsolvable
        truth = {"numbers": numbers, "target": target, "game": {"kind": game}}
        assert verl(reply, truth, data_source=game) == 1.0
        numbers, target = solvable
        truth = {"numbers": numbers, "target": target, "game": {"kind": game}}
        # Giving up on a puzzle that has a solution is a wrong answer: the format score.
        assert verl(reply, truth, data_source=game) == 0.1
    v = dl.check("impossible", [1, 2, 3, 4], 24, game="24")
    assert not v.solved and v.fault == "gave-up"
    assert dl.check("none", [1, 1, 1, 1], 24, game="24").solved
