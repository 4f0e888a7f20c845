"""`solve` against `digits-lab solve --json`: the same report, field for field, on boards of
every game and variant."""

from __future__ import annotations

import pytest

import digits_lab as dl

# (target or None, numbers, game, rule options): solvable and unsolvable puzzles of every
# game, fractions, the variants and a rules file's game.
BOARDS = [
    (765, [1, 3, 7, 10, 25, 50], "countdown", {}),
    (952, [25, 50, 75, 100, 3, 6], "countdown", {}),
    (999, [1, 1, 2, 2, 3, 3], "countdown", {}),
    (415, [1, 2, 3, 4, 5, 6], "digits", {}),
    (55, [1, 2, 4, 5, 10, 25], "digits", {}),
    (998, [1, 2, 3, 4, 5, 7], "digits", {}),
    (24, [1, 5, 5, 5], "24", {}),
    (None, [3, 3, 8, 8], "24", {}),
    (None, [1, 1, 1, 1], "24", {}),
    (None, [2, 3, 4, 5], "24", {"pow": True}),
    (None, [1, 2, 7, 7], "24", {"unary_minus": True}),
    (None, [1, 1, 9, 9], "make10", {}),
    (None, [2, 4, 6, 8], "make10", {}),
    (None, [1, 0, 0, 0], "make10", {"concat": True}),
    (None, [1, 2, 2, 9], "make10", {"concat": True}),
    (12, [1, 2, 3, 4, 5], "krypto", {}),
    (25, [1, 1, 1, 2, 2], "krypto", {}),
    (9, [2, 2, 7, 7, 9], "countdown", {"use_all": True, "zero": True, "targets": "1-99"}),
    (0, [1, 2, 3, 4], "digits", {"negatives": True, "use_all": True, "targets": "-10-10"}),
    (100, [2, 3, 5, 7, 11], "digits", {"use_all": True, "fractions": True}),
    (30, [3, 5, 7], "digits", {"pool": "1-10", "targets": "1-50"}),
]


def flags(game: str, rules: dict[str, object]) -> list[str]:
    words = ["--game", game]
    for name, value in rules.items():
        flag = "--" + name.replace("_", "-")
        words += [flag] if value is True else [flag, str(value)]
    return words


@pytest.mark.parametrize(("target", "numbers", "game", "rules"), BOARDS)
def test_a_report_equals_solve_json(cli, target, numbers, game, rules) -> None:
    words = flags(game, rules) + ([] if target is None else ["--target", str(target)])
    expected = cli.json("solve", "--json", *words, *map(str, numbers))
    got = dl.solve(target, numbers, game, **rules)
    assert got.to_dict() == expected
    assert got.solvable == expected["solvable"]
    assert got.trees == expected["counts"]["trees"]


def test_countdown_765_has_780_trees(cli) -> None:
    got = dl.solve(765, [1, 3, 7, 10, 25, 50], game="countdown")
    assert got.trees == 780
    assert got.to_dict() == cli.json("solve", "--json", "--game", "countdown", "765", "1", "3", "7", "10", "25", "50")
    assert got.min_ops == got.counts["min_ops"] and got.min_ops is not None
    assert got.shortest is not None and got.shortest["ops"] == got.min_ops


@pytest.mark.parametrize("option", ["all", "count", "no_moves"])
def test_options_equal_the_commands(cli, option) -> None:
    flag = "--" + option.replace("_", "-")
    expected = cli.json("solve", "--json", flag, "--game", "24", "1", "3", "4", "6")
    assert dl.solve(None, [1, 3, 4, 6], "24", **{option: True}).to_dict() == expected


def test_a_game_value_is_its_flags(cli) -> None:
    game = dl.Game.twenty_four().with_options(pow=True)
    expected = cli.json("solve", "--json", "--game", "24", "--pow", "2", "3", "4", "5")
    assert dl.solve(None, [2, 3, 4, 5], game).to_dict() == expected
    assert game.to_dict() == expected["game"]
    assert dl.Game.game24() == dl.Game.twenty_four()


@pytest.mark.parametrize(
    ("game", "name"),
    [
        (dl.Game.digits(), "digits"),
        (dl.Game.countdown(), "countdown"),
        (dl.Game.twenty_four(), "24"),
        (dl.Game.make10(), "make10"),
        (dl.Game.krypto(), "krypto"),
    ],
)
def test_presets_are_the_commands_games(cli, game, name) -> None:
    numbers = {
        "digits": "1 2 3 4 5 6",
        "countdown": "1 2 3 4 5 6",
        "24": "1 2 3 4",
        "make10": "1 2 3 4",
        "krypto": "1 2 3 4 5",
    }[name]
    target = {"digits": ["--target", "100"], "countdown": ["--target", "100"], "krypto": ["--target", "12"]}
    expected = cli.json("solve", "--json", "--game", name, *target.get(name, []), *numbers.split())
    assert game.to_dict() == expected["game"]


def test_a_rules_file_is_a_game(cli, tmp_path) -> None:
    rules = tmp_path / "krypto.toml"
    rules.write_text('game = "24"\npow = true\n')
    expected = cli.json("solve", "--json", "--rules", str(rules), "2", "3", "4", "5")
    assert dl.solve(None, [2, 3, 4, 5], dl.Game.from_rules(rules)).to_dict() == expected
