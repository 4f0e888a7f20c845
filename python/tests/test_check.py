"""`check` against `digits-lab check --json`, `check_many` against `check` one answer at a
time, and the reward functions on the conventions their trainers use."""

from __future__ import annotations

import json

import polars as pl
import pytest

import digits_lab as dl

# (answer, numbers, target or None, game, rule options): solved, near misses and each fault.
ANSWERS = [
    ("(25-10)*(1+50)", [1, 10, 25, 50, 75, 100], 765, "countdown", {}),
    ("25 - 10 = 15\n1 + 50 = 51\n15 * 51 = 765", [1, 10, 25, 50, 75, 100], 765, "countdown", {}),
    ("75*10+1", [1, 10, 25, 50, 75, 100], 765, "countdown", {}),
    ("75/10", [1, 10, 25, 50, 75, 100], 765, "countdown", {}),
    ("8/(3-8/3)", [3, 3, 8, 8], None, "24", {}),
    ("6*4*1*1", [1, 2, 3, 4], None, "24", {}),
    ("7*7/2*1", [1, 2, 7, 7], None, "24", {}),
    ("4*3*2", [1, 2, 3, 4], None, "24", {}),
    ("2**2**2**2", [2, 2, 2, 2], None, "24", {"pow": True}),
    ("-(1-5)*6*1", [1, 1, 5, 6], None, "24", {}),
    ("15 - 5 + 0", [0, 1, 5, 5], None, "make10", {"concat": True}),
    ("__import__('os')", [1, 2, 3, 4], None, "24", {}),
]


def words(answer: str, numbers: list[int], target: int | None, game: str, rules: dict) -> list[str]:
    w = ["check", "--json", "--game", game, "--answer", answer]
    for name, value in rules.items():
        w.append("--" + name.replace("_", "-"))
    if target is not None:
        w += ["--target", str(target)]
    return w + [str(n) for n in numbers]


@pytest.mark.parametrize(("answer", "numbers", "target", "game", "rules"), ANSWERS)
def test_check_is_the_commands_verdict(cli, answer, numbers, target, game, rules) -> None:
    done = cli.run(*words(answer, numbers, target, game, rules))
    expected = json.loads(done.stdout)
    verdict = dl.check(answer, numbers, target, game, **rules)
    assert verdict.to_dict() == expected
    assert done.returncode == (0 if verdict.solved else 1)
    assert bool(verdict) == verdict.solved


def test_check_many_is_check_one_at_a_time() -> None:
    rows = [a for a in ANSWERS if a[3] == "24" and not a[4]]
    verdicts = dl.check_many([a[0] for a in rows], [a[1] for a in rows], 24, "24")
    one = [dl.check(a[0], a[1], 24, "24") for a in rows]
    assert verdicts["solved"].to_list() == [v.solved for v in one]
    assert verdicts["fault"].to_list() == [v.fault for v in one]
    assert verdicts["value"].to_list() == [None if v.value is None else str(v.value) for v in one]
    frame = pl.DataFrame({"nums": [a[1] for a in rows], "response": [a[0] for a in rows]})
    assert dl.check_many(frame, targets=24, game="24").equals(verdicts)


def test_a_bad_puzzle_row_is_a_verdict_not_an_exception() -> None:
    verdicts = dl.check_many(["1+1", "4*3*2*1"], [[1, 2, 3, 99], [1, 2, 3, 4]], [24, 24], "24")
    assert verdicts["fault"].to_list() == ["puzzle", None]
    assert verdicts["message"][0] == "99 is not a 24 number (the pool is 1-13x4)"
    with pytest.raises(dl.DigitsLabError, match="99 is not a 24 number"):
        dl.check("1+1", [1, 2, 3, 99], 24, "24")
    with pytest.raises(dl.DigitsLabError, match="one board per answer"):
        dl.check_many(["1+1"], [], 24, "24")


def test_verl_compute_score_reads_the_last_answer_tag() -> None:
    truth = {"target": 51, "numbers": [93, 43, 1]}
    score = dl.rewards.compute_score
    assert score("Assistant: <answer>93</answer> ... <answer>(93-43)+1</answer>", truth) == 1.0
    assert score("<answer>(93-43)+1 = 51</answer>", truth) == 1.0
    # A float-and-eval checker takes these; the exact checker does not.
    assert score("<answer>93-43+1+0</answer>", truth) == 0.1
    assert score("<answer>(93-43)+1+1-1</answer>", truth) == 0.1
    assert score("<answer>9**9**9**9</answer>", truth) == 0.1
    assert score("no tag at all", truth) == 0.0
    assert score("<answer>93/43*1</answer>", {"target": 2, "numbers": [93, 43, 1]}) == 0.1


def test_trl_reward_scores_a_batch() -> None:
    reward = dl.rewards.trl_reward()
    got = reward(
        ["<answer>(93-43)+1</answer>", [{"role": "assistant", "content": "<answer>93+43</answer>"}], "none"],
        nums=[[93, 43, 1]] * 3,
        target=[51, 51, 51],
    )
    assert got == [1.0, 0.0, 0.0]


def test_audit_is_the_commands(cli, tmp_path) -> None:
    path = tmp_path / "set.jsonl"
    rows = [([1, 2, 3, 4], 24), ([3, 3, 8, 8], 24), ([1, 1, 1, 1], 24), ([4, 3, 2, 1], 24), ([1, 2, 3, 99], 24)]
    path.write_text("".join(json.dumps({"nums": n, "target": t}) + "\n" for n, t in rows))
    frame, summary = dl.audit(path, "24")
    assert frame["status"].to_list() == ["ok", "ok", "unsolvable", "duplicate", "invalid"]
    assert (summary["rows"], summary["ok"], summary["unique"]) == (5, 2, 1)
    out = tmp_path / "cli.parquet"
    done = cli.run("audit", "--game", "24", "--quiet", "--out", str(out), str(path))
    assert done.returncode == 0, done.stderr
    assert pl.read_parquet(out).equals(frame)
