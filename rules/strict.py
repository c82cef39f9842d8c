"""Small helpers for reading JSON values strictly, with the path in every error.

JSON has no integer type of its own and Python's ``bool`` is an ``int``, so
"a whole number" is checked with ``type(v) is int``: ``true`` and ``2.0``
are refused, and the refusal says what was found instead (``found``).

Every refusal is a code of rules/texts_read.py (``READ_…``) with its parameters; the
path says where it is, so a caller names no object in words of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.cards import CARD_BY_SPELLING, CardError, parse_card
from rules.errors import MalformedDocument
from rules.jsondoc import DuplicateKeys
from rules.texts import found


def read_int(value: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number, optionally within ``low..high``."""
    if type(value) is not int:
        raise MalformedDocument(path, "READ_INT", found=found(value))
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            raise MalformedDocument(path, "READ_INT_AT_LEAST", low=low, value=value)
        if low is None:
            raise MalformedDocument(path, "READ_INT_AT_MOST", high=high, value=value)
        raise MalformedDocument(path, "READ_INT_RANGE", low=low, high=high, value=value)
    return value


def digits_value(text: str, most: int = 9) -> int | None:
    """``text`` as a whole number when it is written in the digits 0-9, at most ``most`` of
    them; None otherwise. ``str.isdigit`` also says yes to ``²`` and ``٣``, which ``int()``
    refuses or reads, and to a number of thousands of digits, which ``int()`` refuses: a
    number in a text format is read through here, never ``isdigit`` then ``int``."""
    if 0 < len(text) <= most and text.isascii() and text.isdigit():
        return int(text)
    return None


def read_bool(value: Any, path: str) -> bool:
    """``true`` or ``false``, nothing else."""
    if type(value) is not bool:
        raise MalformedDocument(path, "READ_BOOL", found=found(value))
    return value


def read_object(value: Any, path: str) -> dict[str, Any]:
    """A JSON object, refusing a repeated key (rules.jsondoc marks them) and anything else."""
    if isinstance(value, DuplicateKeys):
        where = f"{path}.{value.duplicate}" if path else value.duplicate
        raise MalformedDocument(where, "READ_KEY_TWICE", field=value.duplicate)
    if type(value) is not dict:
        raise MalformedDocument(path, "READ_OBJECT", found=found(value))
    return value


def check_fields(d: dict[str, Any], path: str, allowed: tuple[str, ...]) -> None:
    """Refuse a field the format does not have, naming the ones it does."""
    for key in d:
        if key not in allowed:
            where = f"{path}.{key}" if path else key
            raise MalformedDocument(where, "READ_UNKNOWN_FIELD", field=key, fields=", ".join(allowed))


def read_ruleset_field(value: Any) -> str | dict[str, Any] | None:
    """A log's ``ruleset`` kept as written (a preset name or an object); the game's ruleset
    module reads the preset and the options."""
    if value is None:
        return None
    if isinstance(value, str):
        if not value.strip():
            raise MalformedDocument("ruleset", "READ_PRESET_EMPTY")
        return value
    if isinstance(value, dict):
        return read_object(value, "ruleset")
    raise MalformedDocument("ruleset", "READ_RULESET_TYPE", found=found(value))


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
            raise MalformedDocument(preset_path, "READ_PRESET_NAME")
    else:
        raise MalformedDocument(path, "READ_RULESET_VALUE")
    if preset not in presets:
        raise MalformedDocument(preset_path, "READ_UNKNOWN_PRESET", preset=preset, presets=", ".join(presets))
    for name in given:
        if name not in options:
            raise MalformedDocument(
                f"{path}.{name}", "READ_UNKNOWN_OPTION", option=name, options=", ".join(options)
            )
    return preset, {**presets[preset], **given}


def read_card(value: Any, path: str) -> int:
    """One card, read leniently (``10H``, ``Т♥``), as the engine's int; refused with its path."""
    if type(value) is not str:
        raise MalformedDocument(path, "READ_CARD_TYPE", found=found(value))
    card = CARD_BY_SPELLING.get(value)
    if card is not None:
        return card
    try:
        return parse_card(value)
    except CardError:
        raise MalformedDocument(path, "READ_CARD_UNKNOWN", found=found(value)) from None


def read_cards(value: Any, path: str) -> tuple[int, ...]:
    """A list of cards; the hot spot of parsing, so one dict probe per card and paths only on
    the error path."""
    if type(value) is not list:
        raise MalformedDocument(path, "READ_CARDS_TYPE", found=found(value))
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
    claimed: bool,
    in_play: bool = False,
    read_trick: Callable[[Any, str], tuple[int, ...]] = read_cards,
) -> tuple[tuple[int, ...], ...]:
    """A deal's ``play``: at most ``tricks`` tricks of ``cards_per_trick`` cards in the order
    played (``read_trick`` reads each, checking the game's deck); only the last may be short,
    and only when a claim follows. ``in_play``: the players of a trick are those in play (a
    dealer may sit out), which the refusal of a trick's size says."""
    if type(value) is not list:
        raise MalformedDocument(path, "READ_TRICKS_TYPE", found=found(value))
    if len(value) > tricks:
        raise MalformedDocument(path, "READ_TRICKS_COUNT", tricks=tricks, count=len(value))
    played = tuple(read_trick(trick, f"{path}[{t}]") for t, trick in enumerate(value))
    for t, trick in enumerate(played):
        tp = f"{path}[{t}]"
        if not 1 <= len(trick) <= cards_per_trick:
            if in_play:
                raise MalformedDocument(
                    tp, "READ_TRICK_SIZE_IN_PLAY", players=cards_per_trick, count=len(trick)
                )
            raise MalformedDocument(tp, "READ_TRICK_SIZE", players=cards_per_trick, count=len(trick))
        if len(trick) < cards_per_trick:
            if t != len(played) - 1:
                raise MalformedDocument(tp, "READ_TRICK_INCOMPLETE", trick_no=t + 1)
            if not claimed:
                raise MalformedDocument(
                    tp, "READ_TRICK_CLAIM", trick_no=t + 1, count=len(trick), cards=cards_per_trick
                )
    return played
