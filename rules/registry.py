"""Game key -> rules module, and reading a document whatever its game.

The Django apps reach a game's rules only through here, so adding a game
means adding a package under rules/ and one line below; games and
tournaments never special-case a game. Modules are imported lazily so a
script using one game does not pay for the others.

Every rules module offers the same names: ``parse(document) -> log``
(raising MalformedDocument), ``replay(log) -> report`` (with ``as_dict()``
and ``status``), ``to_document(log) -> dict`` and ``ENGINE_VERSION``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rules.errors import MalformedDocument
from rules.jsondoc import load_json

#: Registry keys are the ``game`` field of the interchange documents.
GAMES: dict[str, str] = {
    "oh-hell": "rules.ohhell",
    "bridge-rubber": "rules.bridge",
}


#: File formats other than the JSON log, by extension: the game whose module reads them
#: with ``read_file(raw, ruleset=...) -> document`` (PBN carries no ruleset of ours).
FILE_TYPES: dict[str, str] = {
    ".pbn": "bridge-rubber",
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


@dataclass(frozen=True, slots=True)
class Reading:
    """A document read by its game's rules: the key, the module and the parsed log."""

    game: str
    rules: ModuleType
    log: Any


def decode(raw: bytes | str) -> dict[str, Any]:
    """The JSON object of a document; MalformedDocument when it is not one."""
    document = load_json(raw)
    if not isinstance(document, dict):
        raise MalformedDocument("", f"a game log is a JSON object, not {type(document).__name__}")
    return document


def read(raw: bytes | str | dict[str, Any]) -> Reading:
    """Decode a document, find its game and parse it with that game's rules."""
    document = raw if isinstance(raw, dict) else decode(raw)
    game = document.get("game")
    if not isinstance(game, str):
        raise MalformedDocument("game", f"is required and names the game: one of {', '.join(game_keys())}")
    try:
        rules = get(game)
    except UnknownGame:
        raise MalformedDocument("game", f"unknown game {game!r}; known: {', '.join(game_keys())}") from None
    return Reading(game=game, rules=rules, log=rules.parse(document))


def read_named(raw: bytes, name: str, *, ruleset: str | None = None) -> Reading:
    """Read a file by its name: a format of FILE_TYPES (``.pbn``) through its game's reader, else JSON.

    ``ruleset`` is the preset for formats that carry none (PBN); a JSON log names its own.
    """
    suffix = name[name.rfind(".") :].lower() if "." in name else ""
    game = FILE_TYPES.get(suffix)
    if game is None:
        return read(raw)
    rules = get(game)
    document = rules.read_file(raw, ruleset=ruleset)
    return Reading(game=game, rules=rules, log=rules.parse(document))
