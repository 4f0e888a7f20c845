"""The games as values: a named game (``Game.digits()``, ``Game.countdown()``,
``Game.twenty_four()``, ``Game.make10()``, ``Game.krypto()``) or a rules file
(``Game.from_rules(path)``), changed by the same options as the command line's ``--pow``,
``--unary-minus``, ``--use-all``, ``--zero``, ``--negatives``, ``--fractions``, ``--concat``,
``--pool``, ``--targets`` and ``--size``."""

from __future__ import annotations

import dataclasses
import json
import os
from typing import Any

from . import _native
from ._words import flag_words

GAMES = ("digits", "countdown", "24", "make10", "krypto")


@dataclasses.dataclass(frozen=True)
class Game:
    """A game: its kind (or a rules file) and the options that change it.

    Functions that take ``game=`` accept a ``Game`` or a name; keyword arguments such as
    ``pow=True`` change either. ``to_dict()`` is the game as ``solve --json`` writes it.
    """

    kind: str = "digits"
    rules: str | None = None
    pow: bool = False
    unary_minus: bool = False
    use_all: bool = False
    zero: bool = False
    negatives: bool = False
    fractions: bool = False
    concat: bool = False
    pool: str | None = None
    targets: str | None = None
    size: int | None = None

    @classmethod
    def digits(cls, **changes: Any) -> Game:
        """NYT Digits: six numbers, targets 1–999, any subset, positive integers."""
        return cls("digits", **changes)

    @classmethod
    def countdown(cls, **changes: Any) -> Game:
        """The Countdown numbers round: six cards, targets 100–999."""
        return cls("countdown", **changes)

    @classmethod
    def twenty_four(cls, **changes: Any) -> Game:
        """The 24 game: four cards 1–13, every card used, exact rationals, target 24."""
        return cls("24", **changes)

    game24 = twenty_four

    @classmethod
    def make10(cls, **changes: Any) -> Game:
        """Make 10 (the ticket game): four digits, every digit used, target 10."""
        return cls("make10", **changes)

    @classmethod
    def krypto(cls, **changes: Any) -> Game:
        """Krypto: five cards of a 56-card deck and a target card, whole numbers, every card used."""
        return cls("krypto", **changes)

    @classmethod
    def from_rules(cls, path: str | os.PathLike[str], **changes: Any) -> Game:
        """A rule set kept in a TOML file (docs/RULES.md), changed by ``changes``."""
        return cls(rules=os.fspath(path), **changes)

    def with_options(self, **changes: Any) -> Game:
        """This game with some options changed: ``Game.twenty_four().with_options(pow=True)``."""
        return dataclasses.replace(self, **changes)

    def words(self) -> list[str]:
        """The game as the command line's flags (``digits-lab solve`` takes them)."""
        flags: dict[str, object] = {}
        if self.rules is not None:
            flags["rules"] = self.rules
        else:
            flags["game"] = self.kind
        for name in (
            "pow", "unary_minus", "use_all", "zero", "negatives", "fractions", "concat", "pool",
            "targets", "size",
        ):
            flags[name] = getattr(self, name)
        return flag_words(flags)

    def rules_only(self) -> Game:
        """This game, checked to change the arithmetic only (for ``cover`` and ``phase``,
        which draw their own numbers and targets)."""
        if self.pool is not None or self.targets is not None or self.size is not None:
            raise TypeError("cover and phase take the game's rules only, not pool, targets or size")
        return self

    def to_dict(self) -> dict[str, Any]:
        """The game as ``solve --json`` writes it in its ``game`` field (checked: a game the
        command refuses raises ``DigitsLabError``)."""
        result: dict[str, Any] = json.loads(_native.describe(self))
        return result


def resolve(game: Game | str, changes: dict[str, Any], what: str) -> Game:
    """``game`` (a ``Game`` or a name) with the rule options among ``changes`` (the keyword
    arguments of the package's function ``what``) applied; any other keyword is refused as
    Python refuses one, with a ``TypeError``."""
    if isinstance(game, str):
        game = Game(kind=game)
    elif not isinstance(game, Game):
        raise TypeError(f"game: expected a Game or a name, not {type(game).__name__}")
    fields = {f.name for f in dataclasses.fields(Game)} - {"kind"}
    own = {k: v for k, v in changes.items() if k in fields}
    if unknown := sorted(set(changes) - fields):
        raise TypeError(f"{what}() got unexpected keyword arguments: {', '.join(unknown)}")
    return game.with_options(**own) if own else game
