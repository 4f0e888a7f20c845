"""`evaluate` from Python: the same tables and figures as `digits-lab evaluate`, from a file
or a DataFrame."""

from __future__ import annotations

import itertools
import json

import polars as pl
import pytest

import digits_lab as dl

ROWS = [
    # Two models, two puzzles, several answers each; one row that is no puzzle of the game.
    ("a", [4, 6, 1, 1], "4*6*1*1"),
    ("a", [4, 6, 1, 1], "4*6*1*1"),
    ("a", [4, 6, 1, 1], "4+6+1+1"),
    ("a", [1, 5, 5, 5], "(5-1/5)*5"),
    ("a", [1, 5, 5, 5], "no solution"),
    ("b", [4, 6, 1, 1], "4*6*1*1 = 25"),
    ("b", [4, 6, 1, 1], "4*6*1*1"),
    ("b", [1, 5, 5, 5], "5*5"),
    ("b", [1, 2, 3, 99], "1+2+3"),
]


def write(tmp_path):
    path = tmp_path / "answers.jsonl"
    path.write_text("".join(json.dumps({"model": m, "numbers": n, "answer": a}) + "\n" for m, n, a in ROWS))
    return path


def test_the_frames_are_the_commands(cli, tmp_path) -> None:
    path = write(tmp_path)
    e = dl.evaluate(path, "24", k=[1, 2])
    out = tmp_path / "cli"
    done = cli.run("evaluate", "--game", "24", "--quiet", "--k", "1,2", "--out", str(out), str(path))
    assert done.returncode == 0, done.stderr
    for name in ("answers", "puzzles", "summary"):
        assert pl.read_parquet(out / f"{name}.parquet").equals(getattr(e, name)), name
    assert json.loads((out / "evaluation.json").read_text()) == e.figures
    assert (out / "report.md").read_text() == e.report
    assert e.out is None


def test_the_figures_are_read_as_a_dict(tmp_path) -> None:
    e = dl.evaluate(write(tmp_path), "24", k=[1, 2], out=tmp_path / "kept")
    a, b = e.figures["models"]
    assert (a["model"], b["model"]) == ("a", "b")
    assert (a["solved"]["successes"], a["solved"]["trials"]) == (3, 5)
    assert b["skipped"] == 1
    assert b["faults"] == {"wrong-result": 1, "unused": 1}
    outcomes = {o["outcome"]: o["answers"] for o in b["outcomes"]}
    assert outcomes == {
        "solved": 1,
        "rightly-unsolved": 0,
        "missed": 0,
        "arithmetic": 1,
        "rule": 1,
        "not-an-answer": 0,
        "gave-up": 0,
    }
    # pass@2 of model a: 2 of 3 right on the first puzzle (1 - C(1,2)/C(3,2) = 1), 1 of 2
    # on the second (1 - C(1,2)/C(2,2) = 1).
    assert [p["value"] for p in a["pass_at"]] == [pytest.approx((2 / 3 + 1 / 2) / 2), 1.0]
    assert e.out == tmp_path / "kept" and (tmp_path / "kept" / "report.md").exists()
    comparison = e.figures["comparisons"][0]
    assert (comparison["a"], comparison["b"], comparison["shared"]) == ("a", "b", 2)


def test_a_frame_is_evaluated_as_its_file(tmp_path) -> None:
    frame = pl.DataFrame(
        {"model": [m for m, _, _ in ROWS], "numbers": [n for _, n, _ in ROWS], "answer": [a for _, _, a in ROWS]}
    )
    from_frame = dl.evaluate(frame, "24", k=[1])
    from_file = dl.evaluate(write(tmp_path), "24", k=[1])
    assert from_frame.answers.equals(from_file.answers)
    assert from_frame.figures == from_file.figures


def test_bad_input_raises_the_commands_message(tmp_path) -> None:
    with pytest.raises(dl.DigitsLabError, match="invalid value '0' for '--k'"):
        dl.evaluate(write(tmp_path), "24", k=[0])
    with pytest.raises(dl.DigitsLabError, match="no model column"):
        dl.evaluate(write(tmp_path), "24", model_column="who")


def test_a_fitted_success_model_makes_a_set_hard_for_its_model(cli, tmp_path) -> None:
    hands = [list(h) for h in itertools.combinations_with_replacement(range(1, 14), 4)]
    (tmp_path / "hands.jsonl").write_text("".join(json.dumps({"numbers": h}) + "\n" for h in hands))
    audited, _ = dl.audit(tmp_path / "hands.jsonl", "24")
    solvable = audited.filter(pl.col("solvable"))
    rows = []
    for board, fraction in zip(solvable["board"], solvable["needs_fraction"]):
        numbers = [int(x) for x in board.split()]
        answer = "no solution" if fraction else dl.solve(None, numbers, "24", no_moves=True).shortest["expression"]
        rows.append(json.dumps({"model": "no-fractions", "numbers": numbers, "answer": answer}) + "\n")
    (tmp_path / "answers.jsonl").write_text("".join(rows))
    dl.evaluate(tmp_path / "answers.jsonl", "24", out=tmp_path / "eval")
    done = cli.run("fit", "--evaluation", str(tmp_path / "eval"))
    assert done.returncode == 0, done.stderr
    assert "R² 1.000" in done.stdout
    model = tmp_path / "eval" / "success-no-fractions.json"
    hard = dl.generate("24", count=4, seed=3, difficulty="fiendish", model_difficulty=model, quiet=True)
    assert hard.height == 4
    assert (hard["model_success"] < 0.25).all()
    fractions = set(solvable.filter(pl.col("needs_fraction"))["board"])
    assert all(" ".join(map(str, sorted(b))) in fractions for b in hard["board"].to_list())
