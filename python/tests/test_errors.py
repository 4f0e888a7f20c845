"""Bad input raises `DigitsLabError` (a `ValueError`) with the command's one-line message;
nothing a caller passes aborts the interpreter or reaches it as a panic."""

from __future__ import annotations

import random

import pytest

import digits_lab as dl


def test_a_zero_on_a_digits_board_is_the_commands_error(cli) -> None:
    with pytest.raises(ValueError) as raised:
        dl.solve(100, [0, 1])
    assert isinstance(raised.value, dl.DigitsLabError)
    assert str(raised.value) == cli.error("solve", "100", "0", "1")
    assert raised.value.exit_code == 2


# (the package's call, the same request to the command)
REFUSED = [
    (lambda: dl.solve(1000, [1, 2, 3, 4, 5, 6]), ["solve", "1000", "1", "2", "3", "4", "5", "6"]),
    (lambda: dl.solve(10, [1, 2, 3, 4, 5, 6, 7, 8, 9]), ["solve", "10", *"123456789"]),
    (lambda: dl.solve(10, ["x", 2]), ["solve", "10", "x", "2"]),
    (lambda: dl.solve(10, [1, 2], game="chess"), ["solve", "--game=chess", "10", "1", "2"]),
    (lambda: dl.solve(None, [1, 2, 3, 0], game="24"), ["solve", "--game", "24", "1", "2", "3", "0"]),
    (lambda: dl.solve(10, [1, 2], pool="1-x"), ["solve", "--pool=1-x", "10", "1", "2"]),
    (lambda: dl.generate("countdown", day=True, quiet=True), ["generate", "--game", "countdown", "--day", "--quiet"]),
    (lambda: dl.generate(count=0, quiet=True), ["generate", "--count=0", "--quiet"]),
    (lambda: dl.cover([0, 3]), ["cover", "0", "3"]),
    (lambda: dl.cover_search(3, [2, 4], quiet=True), ["cover", "--size=3", "--max=2,4", "--quiet"]),
    (lambda: dl.phase(k=[9], quiet=True), ["phase", "--k=9", "--quiet", "--no-report"]),
    (lambda: dl.solve_many([[1, 2, 3, 4, 5, 6]], [1000]), ["solve", "1000", "1", "2", "3", "4", "5", "6"]),
]


@pytest.mark.parametrize(("call", "words"), REFUSED)
def test_refusals_carry_the_commands_message(cli, call, words) -> None:
    with pytest.raises(dl.DigitsLabError) as raised:
        call()
    assert str(raised.value) == cli.error(*words)


def test_wrong_types_are_type_errors() -> None:
    for call in (
        lambda: dl.solve(10.5, [1, 2]),
        lambda: dl.solve(10, [1.0, 2]),
        lambda: dl.solve(10, 7),
        lambda: dl.solve(10, [1, 2], colour="red"),
        lambda: dl.solve(10, [1, 2], game=24),
        lambda: dl.solve_many("1 2 3"),
    ):
        with pytest.raises(TypeError):
            call()


# Every function that takes rule options as keywords, each with two it does not take.
UNKNOWN_KEYWORDS = {
    "solve": lambda **kw: dl.solve(10, [1, 2], **kw),
    "solve_many": lambda **kw: dl.solve_many([[1, 2]], **kw),
    "check": lambda **kw: dl.check("1 + 2", [1, 2], 3, **kw),
    "check_many": lambda **kw: dl.check_many(["1 + 2"], [[1, 2]], [3], **kw),
    "audit": lambda **kw: dl.audit("puzzles.csv", **kw),
    "evaluate": lambda **kw: dl.evaluate("answers.csv", **kw),
    "generate": lambda **kw: dl.generate(quiet=True, **kw),
    "cover": lambda **kw: dl.cover([1, 2], **kw),
    "cover_search": lambda **kw: dl.cover_search(2, [3, 3], quiet=True, **kw),
    "phase": lambda **kw: dl.phase(quiet=True, **kw),
}


@pytest.mark.parametrize("name", list(UNKNOWN_KEYWORDS))
def test_an_unknown_keyword_is_a_type_error_naming_it_and_the_function(name: str) -> None:
    # `pow` is a rule option every one of them takes; `kind` is a field of Game but no option.
    with pytest.raises(TypeError) as raised:
        UNKNOWN_KEYWORDS[name](pow=True, kind="24", colour="red")
    assert str(raised.value) == f"{name}() got unexpected keyword arguments: colour, kind"


def test_forward_passes_the_wrappers_arguments_by_name_and_refuses_a_name_it_lacks() -> None:
    from digits_lab._forward import forward

    def native(game, out, k=None, threads=None, progress=None):
        return game, out, k, threads, progress

    k, threads, unused = [1], 4, "not a parameter of native"
    assert forward(native, locals(), "g", "o", progress="bar") == ("g", "o", [1], 4, "bar")
    assert forward(native, locals(), "g", "o", k=[2], progress=None) == ("g", "o", [2], 4, None)
    with pytest.raises(TypeError, match="native has no parameter colour"):
        forward(native, locals(), "g", "o", colour="red")
    with pytest.raises(KeyError, match="threads"):
        forward(native, {"k": k}, "g", "o", progress=None)


def malformed(rng: random.Random):
    """A call that must be refused: one malformation, drawn at random, of a valid request."""
    junk = rng.choice(["", "x", "-", "1/0", "1e999", "\n", "🙂", "9" * 40, "-5", "0", "1-", "--all", "NaN"])
    big = rng.choice([0, -1, 2**63, -(2**63) - 1, 10**30])
    board = [rng.randint(1, 25) for _ in range(rng.randint(1, 6))]
    kind = rng.randrange(12)
    if kind == 0:
        return lambda: dl.solve(rng.randint(1, 999), [*board, big])
    if kind == 1:
        return lambda: dl.solve(junk, board)
    if kind == 2:
        return lambda: dl.solve(rng.randint(1, 999), [*board, junk] if junk.strip() else [*board, "x"])
    if kind == 3:
        return lambda: dl.solve(big, board, game=rng.choice(["digits", "countdown"]))
    if kind == 4:
        return lambda: dl.solve(10, board, game=rng.choice(["", "chess", "24 ", "DIGITS", junk]))
    if kind == 5:
        return lambda: dl.solve(10, board, pool=rng.choice(["", "x", "0-0", "5-1", "1-10x0", junk]))
    if kind == 6:
        return lambda: dl.solve(None, [*board, rng.choice([-1, 2**63, 10**30])], game=rng.choice(["24", "make10"]))
    if kind == 7:
        return lambda: dl.cover([*board[:3], rng.choice([0, 10_001, -3, 2**64])])
    if kind == 8:
        return lambda: dl.generate(count=rng.choice([0, -1, 100_001, junk]), quiet=True)
    if kind == 9:
        return lambda: dl.generate(tries=rng.choice([0, -5, junk]), difficulty=rng.choice(["hard", "1-2"]), quiet=True)
    if kind == 10:
        return lambda: dl.phase(k=[rng.choice([0, 8, -1])], m=[10], quiet=True)
    return lambda: dl.solve_many([board + [big]], [rng.randint(1, 999)])


def test_a_thousand_malformed_calls_raise_and_none_aborts() -> None:
    rng = random.Random(37)
    kinds: dict[str, int] = {}
    for i in range(1_000):
        call = malformed(rng)
        try:
            call()
        except dl.InternalError as e:  # a panic caught: a bug, even though it did not abort
            pytest.fail(f"call {i} panicked: {e}")
        except (dl.DigitsLabError, TypeError) as e:
            kinds[type(e).__name__] = kinds.get(type(e).__name__, 0) + 1
        else:
            pytest.fail(f"call {i} was accepted")
    assert sum(kinds.values()) == 1_000
    assert kinds.get("DigitsLabError", 0) > 900, kinds
