"""Small helpers for reading JSON values strictly, with the path in every error.

JSON has no integer type of its own and Python's ``bool`` is an ``int``, so
"a whole number" is checked with ``type(v) is int``: ``true`` and ``2.0``
are refused with a message that says what was found instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.cards import CARD_BY_SPELLING, CardError, parse_card
from rules.errors import MalformedDocument
from rules.jsondoc import DuplicateKeys


def describe(value: Any) -> str:
    """A JSON value in words, for error messages: ``the text 'x'``, ``a list`` ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def read_int(value: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number, optionally within ``low..high``."""
    if type(value) is not int:
        raise MalformedDocument(path, f"must be a whole number, not {describe(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            raise MalformedDocument(path, f"must be at least {low}, not {value}")
        raise MalformedDocument(path, f"must be from {low} to {high}, not {value}")
    return value


def read_bool(value: Any, path: str) -> bool:
    """``true`` or ``false``, nothing else."""
    if type(value) is not bool:
        raise MalformedDocument(path, f"must be true or false, not {describe(value)}")
    return value


def read_object(value: Any, path: str, what: str) -> dict[str, Any]:
    """A JSON object, refusing a repeated key (rules.jsondoc marks them) and anything else."""
    if isinstance(value, DuplicateKeys):
        where = f"{path}.{value.duplicate}" if path else value.duplicate
        raise MalformedDocument(where, f"{value.duplicate!r} appears twice in {what}")
    if type(value) is not dict:
        raise MalformedDocument(path, f"{what} must be a JSON object, not {describe(value)}")
    return value


def check_fields(d: dict[str, Any], path: str, allowed: tuple[str, ...], what: str) -> None:
    """Refuse a field the format does not have, naming the ones it does."""
    for key in d:
        if key not in allowed:
            where = f"{path}.{key}" if path else key
            raise MalformedDocument(where, f"unknown field {key!r}; {what} has {', '.join(allowed)}")


def read_ruleset_field(value: Any) -> str | dict[str, Any] | None:
    """A log's ``ruleset`` kept as written (a preset name or an object); the game's ruleset
    module reads the preset and the options."""
    if value is None:
        return None
    if isinstance(value, str):
        if not value.strip():
            raise MalformedDocument("ruleset", "must be a preset name, not empty text")
        return value
    if isinstance(value, dict):
        return read_object(value, "ruleset", "the ruleset")
    raise MalformedDocument("ruleset", f"must be a preset name or an object, not {describe(value)}")


def preset_values(
    raw: Any,
    *,
    presets: Mapping[str, Mapping[str, Any]],
    options: Sequence[str],
    default: str,
    path: str = "ruleset",
) -> tuple[str, dict[str, Any]]:
    """A ruleset given as a preset name or ``{"preset": ..., option: value, ...}``: the preset's
    name and its values with the overrides laid over them (not yet checked one by one).

    Every game's ``resolve_ruleset`` starts here; an unknown preset or option is refused with
    its path.
    """
    if isinstance(raw, str):
        preset, given = raw, {}
        preset_path = path
    elif isinstance(raw, dict):
        given = dict(raw)
        preset = given.pop("preset", default)
        preset_path = f"{path}.preset"
        if not isinstance(preset, str):
            raise MalformedDocument(preset_path, "must be a preset name (a string)")
    else:
        raise MalformedDocument(path, "must be a preset name or an object with a preset and options")
    if preset not in presets:
        raise MalformedDocument(preset_path, f"unknown preset {preset!r}; known: {', '.join(presets)}")
    for name in given:
        if name not in options:
            raise MalformedDocument(
                f"{path}.{name}", f"unknown ruleset option {name!r}; known: {', '.join(options)}"
            )
    return preset, {**presets[preset], **given}


def read_card(value: Any, path: str) -> int:
    """One card, read leniently (``10H``, ``Т♥``), as the engine's int; refused with its path."""
    if type(value) is not str:
        raise MalformedDocument(path, f"must be a card such as 'TH' or '10♥', not {describe(value)}")
    card = CARD_BY_SPELLING.get(value)
    if card is not None:
        return card
    try:
        return parse_card(value)
    except CardError as exc:
        raise MalformedDocument(path, f"unknown card: {exc}") from None


def read_cards(value: Any, path: str, what: str) -> tuple[int, ...]:
    """A list of cards; the hot spot of parsing, so one dict probe per card and paths only on
    the error path."""
    if type(value) is not list:
        raise MalformedDocument(path, f"{what} must be a list of cards, not {describe(value)}")
    try:
        cards = tuple(map(CARD_BY_SPELLING.get, value))
    except TypeError:  # an unhashable value (a list or object) where a card should be
        cards = (None,)
    if None in cards:
        return tuple(read_card(v, f"{path}[{j}]") for j, v in enumerate(value))
    return cards  # type: ignore[return-value]


def read_play(
    value: Any,
    path: str,
    *,
    tricks: int,
    cards_per_trick: int,
    players: str,
    claimed: bool,
    read_trick: Callable[[Any, str, str], tuple[int, ...]] = read_cards,
) -> tuple[tuple[int, ...], ...]:
    """A deal's ``play``: at most ``tricks`` tricks of ``cards_per_trick`` cards in the order
    played (``read_trick`` reads each, checking the game's deck); only the last may be short,
    and only when a claim follows. ``players`` names who plays to a trick in the messages
    ("the 4 players", "the 3 players in play")."""
    if type(value) is not list:
        raise MalformedDocument(path, f"must be a list of tricks, not {describe(value)}")
    if len(value) > tricks:
        raise MalformedDocument(path, f"a deal has {tricks} tricks, not {len(value)}")
    played = tuple(read_trick(trick, f"{path}[{t}]", "a trick") for t, trick in enumerate(value))
    for t, trick in enumerate(played):
        tp = f"{path}[{t}]"
        if not 1 <= len(trick) <= cards_per_trick:
            raise MalformedDocument(tp, f"a trick has one card from each of {players}, not {len(trick)}")
        if len(trick) < cards_per_trick:
            if t != len(played) - 1:
                raise MalformedDocument(tp, f"only the last trick may be incomplete, not trick {t + 1}")
            if not claimed:
                raise MalformedDocument(
                    tp,
                    f"trick {t + 1} has {len(trick)} of {cards_per_trick} cards; "
                    "play may stop mid-trick only for a claim",
                )
    return played
