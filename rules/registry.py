"""Game key -> rules module.

The Django apps reach a game's rules only through here, so adding a game
means adding a package under rules/ and one line below; games and
tournaments never special-case a game. Modules are imported lazily so a
script using one game does not pay for the others.
"""

from __future__ import annotations

import importlib
from types import ModuleType

#: Registry keys are the ``game`` field of the interchange documents.
GAMES: dict[str, str] = {
    "oh-hell": "rules.ohhell",
}


class UnknownGame(KeyError):
    """A game key with no rules module."""


def game_keys() -> list[str]:
    return sorted(GAMES)


def get(game: str) -> ModuleType:
    """The rules module for ``game`` (e.g. ``"oh-hell"``)."""
    try:
        dotted = GAMES[game]
    except KeyError:
        raise UnknownGame(game) from None
    return importlib.import_module(dotted)
