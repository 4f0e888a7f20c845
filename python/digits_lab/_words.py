"""Keyword arguments as the command line's words.

Every keyword argument of the package's functions is the matching command's flag with ``-``
written ``_`` (``unary_minus=True`` is ``--unary-minus``, ``min_ops="2-4"`` is
``--min-ops=2-4``), so that the command's own parser checks it and refuses it with the
command's own message. Only the Python types are checked here.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Iterable, Mapping

Word = "int | str | os.PathLike[str]"


def whole(name: str, value: object) -> int:
    """An integer given as any integer type: a Python int, or a NumPy, pandas or polars
    integer scalar (anything with ``__index__``), never a bool."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        raise TypeError(f"{name}: expected an int or a str, not a bool")
    try:
        return operator.index(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"{name}: expected an int or a str, not {type(value).__name__}") from None


def value_word(name: str, value: object) -> str:
    """One value as the command line types it: a str as is, an integer (of any integer type,
    NumPy's included) in decimal, a path as its text."""
    if isinstance(value, str):
        return value
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return str(whole(name, value))


def list_word(name: str, value: object) -> str:
    """A value or a list of values, comma-separated as the command line's lists are."""
    if isinstance(value, (list, tuple, range)):
        return ",".join(value_word(name, v) for v in value)
    return value_word(name, value)


def flag_words(flags: Mapping[str, object]) -> list[str]:
    """``--name=value`` for every flag given; ``True`` is a bare flag, ``None`` and ``False``
    are left out (the command's default)."""
    words: list[str] = []
    for name, value in flags.items():
        if value is None or value is False:
            continue
        flag = "--" + name.replace("_", "-")
        if value is True:
            words.append(flag)
        else:
            # `--flag=value`, one word: a value starting with `-` is never taken for a flag.
            words.append(f"{flag}={list_word(name, value)}")
    return words


def number_words(name: str, numbers: object) -> list[str]:
    """A board's numbers: a list of ints (or words), or one string of them."""
    if isinstance(numbers, str):
        return numbers.replace(",", " ").split()
    if not isinstance(numbers, Iterable):
        raise TypeError(f"{name}: expected a list of numbers, not {type(numbers).__name__}")
    return [value_word(name, n) for n in numbers]
