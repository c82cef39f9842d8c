"""Reading JSON documents for every game: strict UTF-8, repeated keys remembered.

``json.loads`` silently keeps the last of two equal keys; a score sheet
with ``"bids"`` twice is ambiguous, so the object is marked
(:class:`DuplicateKeys`) and each game's reader refuses it with its path.
"""

from __future__ import annotations

import json
from typing import Any

from rules.errors import MalformedDocument


class DuplicateKeys(dict[str, Any]):
    """A JSON object that repeated a key; kept so the reader can name its path."""

    duplicate: str = ""


def _object_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    marked = DuplicateKeys(obj)
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            marked.duplicate = key
            break
        seen.add(key)
    return marked


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def load_json(raw: bytes | str) -> Any:
    """JSON text (UTF-8 bytes, as RFC 8259 asks; a BOM is tolerated) to Python values."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes | bytearray) else raw
    except UnicodeDecodeError as exc:
        raise MalformedDocument("", f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    try:
        # NaN and ±Infinity are Python's extension, not JSON (RFC 8259): refused, not read.
        return json.loads(text, object_pairs_hook=_object_pairs, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise MalformedDocument("", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except (ValueError, RecursionError) as exc:
        raise MalformedDocument("", f"not JSON: {exc}") from None
