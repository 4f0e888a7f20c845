"""Type stub of the native module ``digits_lab._native`` (python/src/lib.rs): thin wrappers
that build the library's requests from the package's keyword arguments. Use the package's
functions instead.

``**options`` are the keyword arguments of the package's function of the same name, under
the same names (with ``progress``, a ``Progress``): the package passes them on by name
(``_forward.forward``), so in Python its signature is the one list of them (in Rust, the
function's ``#[pyo3(signature)]``)."""

from collections.abc import Callable
from os import PathLike

from .game import Game

Progress = Callable[[int, int | None], object]

VERSION: str

class DigitsLabError(ValueError):
    """A request digits-lab refuses, with the command's one-line message."""

    exit_code: int

class InternalError(RuntimeError):
    """A Rust panic, caught before it reached Python: a bug in digits-lab."""

def solve(
    game: Game,
    target: str | None,
    numbers: list[str],
    all: bool = False,
    count: bool = False,
    no_moves: bool = False,
) -> str: ...
def check(game: Game, answer: str, target: str | None, numbers: list[str]) -> str: ...
def check_many(
    game: Game,
    answers: list[str | None],
    numbers: list[list[int]],
    targets: list[int] | None = None,
    threads: int | None = None,
) -> tuple[
    list[bool],
    list[bool],
    list[str | None],
    list[str | None],
    list[str | None],
    list[str | None],
    list[int | None],
    list[int | None],
]: ...
def usual_columns() -> tuple[list[str], list[str], list[str]]: ...
def audit(game: Game, input: str | PathLike[str], out: str | PathLike[str], **options: object) -> str: ...
def evaluate(
    game: Game, input: str | PathLike[str], out: str | PathLike[str], k: list[int], **options: object
) -> str: ...
def solve_tables(
    game: Game,
    boards: list[list[str]],
    targets: list[str] | None,
    out: str | PathLike[str],
    threads: int | None = None,
    progress: Progress | None = None,
) -> tuple[str, list[int] | None]: ...
def generate(game: Game, **options: object) -> tuple[str, str, int]: ...
def cover(game: Game, numbers: list[str]) -> int: ...
def cover_search(
    game: Game,
    size: int,
    max: list[int],
    threads: int | None = None,
    progress: Progress | None = None,
) -> tuple[int, list[list[int]], int, int]: ...
def phase(game: Game, out: str | PathLike[str], **options: object) -> str: ...
def analyze(
    corpus: str,
    out: str | PathLike[str],
    report: bool = False,
    threads: int | None = None,
    resume: bool = False,
    reach_only: bool = False,
    cache_mb: int | None = None,
    shard: str | None = None,
    nyt: str | PathLike[str] | None = None,
    game: str | None = None,
    rules: str | PathLike[str] | None = None,
    pool: str | None = None,
    size: int | None = None,
    distinct: bool | None = None,
    targets: str | None = None,
    name: str | None = None,
    reports: str | PathLike[str] | None = None,
    force: bool = False,
    progress: Progress | None = None,
) -> str: ...
def plots(data: str | PathLike[str], reports: str | PathLike[str] | None = None) -> None: ...
def describe(game: Game) -> str: ...
