"""A wrapper's arguments passed on to its native function by name: the package's signature
(the one users see, with its types and docstring) and the native module's keep the same
keyword names, so a call names only what the wrapper changes on the way."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")


def forward(native: Callable[..., T], args: Mapping[str, Any], *positional: Any, **changed: Any) -> T:
    """``native(*positional, ...)`` with each of its parameters after the positional ones
    passed by name: ``changed[name]`` where the wrapper changes it (converted, or a progress
    bar), else ``args[name]``, the wrapper's own argument of that name (its ``locals()``).
    A native parameter the wrapper has no argument for raises ``KeyError`` (a bug here)."""
    names = list(inspect.signature(native).parameters)[len(positional):]
    if unknown := sorted(set(changed) - set(names)):
        raise TypeError(f"{native.__name__} has no parameter {', '.join(unknown)}")
    return native(*positional, **{n: changed[n] if n in changed else args[n] for n in names})
