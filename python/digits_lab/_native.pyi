"""Type stub of the native module ``digits_lab._native`` (python/src/lib.rs): thin wrappers
over the Rust library taking the commands' words. Use the package's functions instead."""

from collections.abc import Callable
from os import PathLike

Progress = Callable[[int, int | None], object]

VERSION: str

class DigitsLabError(ValueError):
    """A request digits-lab refuses, with the command's one-line message."""

    exit_code: int

class InternalError(RuntimeError):
    """A Rust panic, caught before it reached Python: a bug in digits-lab."""

def solve(words: list[str]) -> str: ...
def solve_tables(
    game: list[str],
    boards: list[list[str]],
    targets: list[str] | None,
    out: str | PathLike[str],
    threads: int | None = None,
    progress: Progress | None = None,
) -> tuple[str, list[int] | None]: ...
def generate(words: list[str], progress: Progress | None = None) -> tuple[str, str, int]: ...
def cover(words: list[str]) -> int: ...
def cover_search(
    words: list[str], progress: Progress | None = None
) -> tuple[int, list[list[int]], int, int]: ...
def phase(words: list[str], out: str | PathLike[str], progress: Progress | None = None) -> str: ...
def run_command(words: list[str], progress: Progress | None = None) -> None: ...
def describe(words: list[str]) -> str: ...
