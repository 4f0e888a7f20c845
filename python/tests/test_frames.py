"""The DataFrames: `solve_many` has the `puzzles` table's columns and values (the corpus
run's own), `generate` the command's puzzles, `phase` the command's table; `cover` and
`cover_search` the command's answers."""

from __future__ import annotations

import json

import polars as pl
import pytest

import digits_lab as dl


def test_generate_day_seed_7_is_the_commands_five_puzzles(cli) -> None:
    expected = cli.json("generate", "--day", "--seed", "7", "--format", "json", "--quiet")
    got = dl.generate(game="digits", day=True, seed=7, quiet=True)
    assert len(expected) == 5
    assert got.height == 5
    assert got.to_dicts() == expected
    assert got["slot"].to_list() == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"game": "countdown", "count": 4, "seed": 3, "solutions": "1"}, ["--game", "countdown", "--count", "4", "--seed", "3", "--solutions", "1"]),
        ({"game": "24", "count": 3, "all": True, "difficulty": "hard"}, ["--game", "24", "--count", "3", "--all", "--difficulty", "hard"]),
        ({"game": "make10", "count": 2, "seed": 11}, ["--game", "make10", "--count", "2", "--seed", "11"]),
    ],
)
def test_generate_equals_the_command(cli, kwargs, words) -> None:
    expected = cli.json("generate", "--format", "json", "--quiet", *words)
    got = dl.generate(quiet=True, **kwargs)
    assert got.to_dicts() == expected
    assert got.schema["board"] == pl.List(pl.Int64)
    assert got.schema["difficulty"] == pl.Float64


def test_solve_many_is_the_puzzles_table_for_the_same_boards(data) -> None:
    table = dl.scan("countdown", "puzzles", data)
    boards = dl.scan("countdown", "boards", data).filter(pl.col("board_id") % 997 == 5).collect()
    numbers = boards["numbers"].to_list()
    got = dl.solve_many(numbers, game="countdown")
    expected = (
        table.join(boards.lazy().select("board_id", "board"), on="board_id")
        .sort("board_id", "target")
        .collect()
    )
    assert got.columns == ["board_id", "board", *table.collect_schema().names()[1:]]
    assert got.drop("board_id").equals(expected.select(got.columns).drop("board_id"))
    assert got.height == boards.height * 900


def test_solve_many_with_one_target_per_board(cli, data) -> None:
    boards = [[1, 3, 7, 10, 25, 50], [25, 50, 75, 100, 3, 6], [1, 1, 2, 2, 3, 3], [1, 3, 7, 10, 25, 50]]
    targets = [765, 952, 999, 101]
    got = dl.solve_many(boards, targets, game="countdown")
    assert got["board_id"].to_list() == [0, 1, 2, 3]
    assert got["target"].to_list() == targets
    assert got["board"].to_list() == ["1 3 7 10 25 50", "3 6 25 50 75 100", "1 1 2 2 3 3", "1 3 7 10 25 50"]
    schema = dict(dl.scan("countdown", "puzzles", data).collect_schema())
    assert {k: v for k, v in got.schema.items() if k != "board"} == schema
    for row, numbers, target in zip(got.iter_rows(named=True), boards, targets):
        report = cli.json("solve", "--json", "--game", "countdown", str(target), *map(str, numbers))
        assert row["solvable"] == report["solvable"]
        assert row["expressions"] == report["counts"]["expressions"]
        assert row["distinct"] == report["counts"]["distinct"]
        assert row["min_ops"] == report["counts"]["min_ops"]
        if not report["solvable"]:
            assert row["distance"] == report["closest"]["distance"]


def test_solve_many_of_the_24_game_has_its_columns(data) -> None:
    boards = [[1, 5, 5, 5], [3, 3, 8, 8], [1, 1, 1, 1]]
    every = dl.solve_many(boards, game="24")
    assert every.height == 3 * 100  # the game's range, 1..100
    got = dl.solve_many(boards, [24, 24, 24], game="24")
    assert got.equals(every.filter(pl.col("target") == 24))
    schema = dict(dl.scan("24", "puzzles", data).collect_schema())
    assert {k: v for k, v in got.schema.items() if k != "board"} == schema
    assert got["solvable"].to_list() == [True, True, False]
    assert got["trees"][0] == dl.solve(None, [1, 5, 5, 5], "24").trees


def test_phase_is_the_commands_table(cli, tmp_path) -> None:
    words = ["--k", "2,3", "--m", "10,100", "--samples", "200", "--seed", "5"]
    done = cli.run("phase", *words, "--out", str(tmp_path), "--no-report", "--quiet")
    assert done.returncode == 0, done.stderr
    expected = pl.read_parquet(tmp_path / "phase.parquet")
    got = dl.phase(k=[2, 3], m=[10, 100], samples=200, seed=5, quiet=True)
    assert got.equals(expected)
    assert got.columns == ["k", "m", "p", "lo", "hi", "boards", "method", "q"]


def test_cover_is_the_commands(cli) -> None:
    text = cli.run("cover", "2", "3", "5", "33").stdout
    n = dl.cover([2, 3, 5, 33])
    assert text.splitlines()[0] == f"covers 1..{n}"
    found = dl.cover_search(3, [3, 6, 20], quiet=True)
    text = cli.run("cover", "--size", "3", "--max", "3,6,20", "--quiet").stdout
    assert f"best: covers 1..{found.best} ({len(found.boards)} board" in text
    for board in found.boards:
        assert "  " + " ".join(map(str, board)) in text.splitlines()
        assert dl.cover(board) == found.best


def test_game_to_dict_is_json() -> None:
    assert json.loads(json.dumps(dl.Game.countdown().to_dict()))["kind"] == "countdown"
