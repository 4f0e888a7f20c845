"""A row's ground truth and the game it names, for the rewards and scorers: one rule for all
of them — the row decides its game. The game is the ground truth's ``game`` (as ``generate``
writes it: ``{"kind": …, "pool": …, "use_all": …}``, a struct in Parquet, an object in JSON
lines, or a name), else the one the row's ``data_source`` names; a reward's ``game=`` is used
only for a row that names none, and said once in the log; a row whose game and an explicit
``game=`` disagree is judged by the row, and that too is said once."""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
from collections.abc import Mapping
from typing import Any

from . import _native
from ._words import whole
from .errors import DigitsLabError
from .game import Game

#: TinyZero's Countdown tasks (Countdown-Tasks-3to4) as a game: the 24 game's arithmetic
#: (exact rationals, every number used) on numbers 1–100 with any target 1–100,000.
COUNTDOWN_TASKS = Game.twenty_four(pool="1-100x6", targets="1-100000")

#: The games a ``data_source`` names, by its lower-case text: ``generate --format verl``'s
#: ``digits_lab/<kind>`` (the plain game, as ``Game(kind)``), TinyZero's and verl's
#: Countdown sets (``COUNTDOWN_TASKS``: every number used, not the Countdown round's rules)
#: and the 24 game's usual names.
DATA_SOURCES: dict[str, Game | str] = {
    **{f"digits_lab/{kind}": Game(kind) for kind in ("digits", "countdown", "24", "make10", "krypto")},
    "countdown": COUNTDOWN_TASKS,
    "countdown_tasks": COUNTDOWN_TASKS,
    "24": "24",
    "game24": "24",
    "game_of_24": "24",
    "24_game": "24",
}

_FIELDS = {f.name for f in dataclasses.fields(Game)}

log = logging.getLogger("digits_lab.rewards")
_logged: set[str] = set()


def log_once(message: str) -> None:
    """Logs ``message`` (a warning of ``digits_lab.rewards``) the first time it is seen in
    this process: a reward runs at every training step and must not flood the log."""
    if message not in _logged:
        _logged.add(message)
        log.warning("digits_lab reward: %s", message)


def _plain(value: Any) -> Any:
    """A NumPy scalar as the Python value it holds (pandas reads Parquet structs so)."""
    return value.item() if hasattr(value, "item") and not isinstance(value, (str, bytes)) else value


def truth_of(ground_truth: Any) -> Mapping[str, Any]:
    """A ground truth as a mapping: a dict (or any mapping) as it is, JSON text decoded;
    verl's whole ``reward_model`` cell (``{"style": "rule", "ground_truth": …}``) is
    unwrapped. Anything else raises ``TypeError`` (``ValueError`` for bad JSON)."""
    if isinstance(ground_truth, (str, bytes)):
        ground_truth = json.loads(ground_truth)
    if not isinstance(ground_truth, Mapping):
        raise TypeError(f"ground_truth: expected a mapping or JSON text, not {type(ground_truth).__name__}")
    if "ground_truth" in ground_truth and "numbers" not in ground_truth and "nums" not in ground_truth:
        return truth_of(ground_truth["ground_truth"])
    return ground_truth


def game_named(truth: Mapping[str, Any] | None, data_source: Any = None) -> Game | None:
    """The game a row names: its ground truth's ``game`` (a name, or a kind and options, an
    option that is off ``false`` or null), else the one its ``data_source`` names
    (``DATA_SOURCES``), else ``None``. A ``game`` that is no game raises ``TypeError``."""
    named = None if truth is None else truth.get("game")
    if isinstance(named, str) and named.lstrip().startswith("{"):
        named = json.loads(named)
    if isinstance(named, Mapping):
        return _game_of(named)
    if isinstance(named, str):
        return Game(named)
    if named is not None:
        raise TypeError(f"the ground truth's game: expected a name or a mapping, not {type(named).__name__}")
    if isinstance(data_source, str):
        known = DATA_SOURCES.get(data_source.lower())
        if known is not None:
            return Game(known) if isinstance(known, str) else known
    return None


#: The games rows named, by their fields: a batch names a few games in many rows, and a
#: reward runs at every training step.
_named: dict[tuple[Any, ...], Game] = {}


def _game_of(named: Mapping[str, Any]) -> Game:
    try:
        key = tuple(named.items())
        hash(key)
    except TypeError:  # an unhashable value: never a game's option, refused below
        key = None
    if key is not None and key in _named:
        return _named[key]
    game = _new_game(named)
    if key is not None and len(_named) < 1024:
        _named[key] = game
    return game


def _new_game(named: Mapping[str, Any]) -> Game:
    unknown = set(named) - _FIELDS
    if unknown:
        raise TypeError(f"the ground truth's game has unknown fields: {', '.join(sorted(map(str, unknown)))}")
    options = {str(k): _plain(v) for k, v in named.items() if v is not None}
    if "size" in options:
        options["size"] = whole("size", options["size"])
    return Game(**options)


@functools.lru_cache(maxsize=256)
def _described(game: Game) -> str:
    try:
        return _native.describe(game)
    except DigitsLabError:
        return repr(game)


def same_game(a: Game, b: Game) -> bool:
    """Whether two games are the same rules, however spelled (``Game("24")`` and
    ``Game("24", use_all=True)`` are)."""
    return a == b or _described(a) == _described(b)


def as_game(game: Game | str) -> Game:
    return Game(game) if isinstance(game, str) else game


def shown(game: Game) -> str:
    """A game as a log line names it: its kind and the options that are not the default."""
    changed = [
        f"{f.name}={getattr(game, f.name)!r}"
        for f in dataclasses.fields(Game)
        if f.name != "kind" and getattr(game, f.name) != f.default
    ]
    return f"Game({', '.join([repr(game.kind), *changed])})"


@functools.lru_cache(maxsize=256)
def _fallback(chosen: Game, default: bool) -> str:
    return (
        f"a row names no game (no `game` in its ground truth, no data_source known): judged "
        f"under {'the default' if default else 'game='} {shown(chosen)}"
    )


@functools.lru_cache(maxsize=256)
def _disagreement(named: Game, given: Game) -> str | None:
    if same_game(named, given):
        return None
    return f"a row's ground truth names {shown(named)}, game= is {shown(given)}: judged under the row's"


def decide(named: Game | None, given: Game | str | None, default: Game = COUNTDOWN_TASKS) -> Game:
    """The game a row is judged under: the one it names; else ``given`` (a reward's
    ``game=``), else ``default``, said once in the log. A row that names a game other than
    an explicit ``given`` is judged by its own, and that is said once."""
    if named is None:
        chosen = default if given is None else as_game(given)
        log_once(_fallback(chosen, given is None))
        return chosen
    if given is not None:
        message = _disagreement(named, as_game(given))
        if message is not None:
            log_once(message)
    return named
