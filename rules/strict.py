"""Small helpers for reading JSON values strictly, with the path in every error.

JSON has no integer type of its own and Python's ``bool`` is an ``int``, so
"a whole number" is checked with ``type(v) is int``: ``true`` and ``2.0``
are refused with a message that says what was found instead.
"""

from __future__ import annotations

from typing import Any

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
