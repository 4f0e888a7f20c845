"""What the stacks that train and evaluate models read: Hugging Face `datasets` 3.x loads
`generate`'s folder, Parquet and JSON lines, and `audit`'s and `check --batch`'s outputs, with
the documented types; a set's ground truths, read back by pandas, score its own references
1.0 under its own rules when verl's reward manager calls `compute_score`."""

from __future__ import annotations

import json
import os
from pathlib import Path

# Everything is local: `datasets` is never to reach the Hub.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

import datasets  # noqa: E402
import pandas as pd  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402
import pytest  # noqa: E402

from digits_lab import rewards  # noqa: E402

CACHE: list[Path] = []


@pytest.fixture(scope="module")
def made(cli, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Countdown set written three ways, with a test split."""
    out = tmp_path_factory.mktemp("sets")
    CACHE.append(tmp_path_factory.mktemp("hf-cache"))
    common = ["generate", "--game", "countdown", "--count", "60", "--seed", "4", "--test-share", "0.25", "--quiet"]
    for args in (
        ["--format", "hf", "--out", str(out / "folder")],
        ["--format", "parquet", "--out", str(out / "set.parquet")],
        ["--format", "jsonl", "--out", str(out / "set.jsonl")],
    ):
        done = cli.run(*common, *args)
        assert done.returncode == 0, done.stderr
    return out


def load(*args, **kwargs):
    """`datasets.load_dataset`, its cache in a temporary folder of the tests'."""
    return datasets.load_dataset(*args, **kwargs, cache_dir=str(CACHE[0]), keep_in_memory=True)


def test_the_folder_loads_as_it_is_with_its_splits_and_types(made: Path) -> None:
    d = load(str(made / "folder"))
    assert set(d) == {"train", "test"}
    assert d["train"].num_rows + d["test"].num_rows == 60
    f = d["train"].features
    assert f["numbers"].feature.dtype == "int64"
    assert f["target"].dtype == "int64"
    for text in ("prompt", "solution"):
        assert f[text].dtype in ("string", "large_string"), (text, f[text])
    # The ground truth is the JSON lines' object as a struct: numbers, target, game.
    truth = f["ground_truth"]
    assert truth["numbers"].feature.dtype == "int64" and truth["target"].dtype == "int64"
    assert truth["game"]["kind"].dtype in ("string", "large_string")
    assert truth["game"]["use_all"].dtype == "bool"
    first = d["train"][0]["ground_truth"]
    assert first["game"]["kind"] == "countdown" and first["target"] == d["train"][0]["target"]
    assert f["trees"].dtype == "uint64" and f["min_ops"].dtype == "uint32"
    assert f["difficulty"].dtype == "float64"
    assert "split" not in f
    # The same rows as the one-file Parquet's.
    whole = pd.read_parquet(made / "set.parquet")
    assert sorted(d["test"]["target"]) == sorted(whole[whole["split"] == "test"]["target"])


def test_no_file_stores_string_view(made: Path, cli, tmp_path: Path) -> None:
    answers = tmp_path / "answers.jsonl"
    rows = [json.loads(line) for line in (made / "set.jsonl").read_text().splitlines()]
    with answers.open("w") as f:
        for r in rows:
            f.write(json.dumps({"numbers": r["numbers"], "target": r["target"], "answer": r["solution"]}) + "\n")
    for args in (
        ["audit", str(made / "set.jsonl"), "--game", "countdown", "--out", str(tmp_path / "audit.parquet")],
        ["check", "--game", "countdown", "--batch", str(answers), "--out", str(tmp_path / "v.parquet")],
        ["check", "--game", "countdown", "--batch", str(answers), "--out", str(tmp_path / "v.jsonl")],
    ):
        done = cli.run(*args)
        assert done.returncode == 0, done.stderr
    for path in (made / "set.parquet", tmp_path / "audit.parquet", tmp_path / "v.parquet"):
        types = {str(field.type) for field in pq.read_schema(path)}
        assert not any("view" in t for t in types), (path, types)
        assert load("parquet", data_files=str(path), split="train").num_rows > 0
    for path in (made / "set.jsonl", tmp_path / "v.jsonl"):
        assert load("json", data_files=str(path), split="train").num_rows == 60
    # One type a column: a value is exact text, a whole number as much as a fraction.
    verdicts = [json.loads(line) for line in (tmp_path / "v.jsonl").read_text().splitlines()]
    assert all(v["solved"] and isinstance(v["value"], str) for v in verdicts)


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        ("countdown", []),
        ("24", []),
        # Whole numbers, every number used: Krypto's rules.
        ("krypto", []),
        # A rule changed on the command line travels with the ground truth, and so do a
        # target range the game's own does not hold and a board size it does not deal.
        ("countdown", ["--use-all", "--targets", "100-300"]),
        ("countdown", ["--targets", "1000-1200"]),
        ("24", ["--size", "5"]),
    ],
)
def test_a_sets_references_score_1_as_verl_calls_the_reward(cli, tmp_path: Path, game: str, extra: list[str]) -> None:
    path = tmp_path / "set.parquet"
    done = cli.run("generate", "--game", game, *extra, "--count", "25", "--seed", "2", "--format", "parquet", "--out", str(path), "--quiet")
    assert done.returncode == 0, done.stderr
    frame = pd.read_parquet(path)
    lines = tmp_path / "set.jsonl"
    done = cli.run("generate", "--game", game, *extra, "--count", "25", "--seed", "2", "--format", "jsonl", "--out", str(lines), "--quiet")
    assert done.returncode == 0, done.stderr
    objects = [json.loads(line)["ground_truth"] for line in lines.read_text().splitlines()]
    for row, line_truth in zip(frame.itertuples(), objects):
        # The struct, as pandas reads it: a dict of NumPy values, the JSON object's fields
        # with an option that is off as False or None.
        truth = row.ground_truth
        assert list(truth["numbers"]) == line_truth["numbers"] and truth["target"] == line_truth["target"]
        assert {k: v for k, v in truth["game"].items() if v not in (None, False)} == line_truth["game"]
        score = rewards.compute_score(
            data_source=game,
            solution_str=f"Assistant: <answer>{row.solution}</answer>",
            ground_truth=row.ground_truth,
            extra_info={"split": "train", "index": row.Index},
        )
        assert score == 1.0, (truth, row.solution)
        # The same answer aimed one past the target is not a solution: TinyZero's format
        # score, or 0 when asked.
        wrong = dict(truth, target=int(row.target) + 1)
        assert rewards.compute_score(game, f"<answer>{row.solution}</answer>", wrong) == 0.1
        assert rewards.compute_score(game, f"<answer>{row.solution}</answer>", wrong, format_score=0.0) == 0.0


def test_a_set_with_puzzles_that_have_no_solution_scores_its_references_1(cli, tmp_path: Path) -> None:
    path = tmp_path / "mixed.parquet"
    done = cli.run("generate", "--game", "24", "--count", "40", "--unsolvable", "0.25", "--seed", "6", "--format", "parquet", "--out", str(path), "--quiet")
    assert done.returncode == 0, done.stderr
    frame = pd.read_parquet(path)
    assert int((~frame["solvable"]).sum()) == 10
    for row in frame.itertuples():
        reply = f"Assistant: <think>…</think> <answer>{row.solution}</answer>"
        assert rewards.compute_score("24", reply, row.ground_truth) == 1.0, row
        if not row.solvable:
            # Giving up is right here; an expression cannot be.
            assert row.solution == "no solution" and pd.isna(row.min_ops)
            assert rewards.compute_score("24", "<answer>(1+2)*3</answer>", row.ground_truth) < 1.0
    d = load("parquet", data_files=str(path), split="train")
    assert d.features["solvable"].dtype == "bool"
