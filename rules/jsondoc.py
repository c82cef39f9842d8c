"""Reading JSON documents for every game and every request: one strict reader.

``json.loads`` silently keeps the last of two equal keys; a score sheet
with ``"bids"`` twice is ambiguous, so the object is marked
(:class:`DuplicateKeys`) and each game's reader refuses it with its path (or,
for a request's body, :func:`load_json` refuses it at once).

Text that is no JSON is refused with a code of rules/texts_read.py (``JSON_…``): the
decoder's and the json module's complaints, which are English, become codes with the
byte, or the line and column, as parameters. Beyond the grammar, what no database or
page can keep is refused with the path of where it is (issue 21): nesting deeper than
:data:`MAX_DEPTH`, a lone surrogate (``"\\ud800"``: no character, so no UTF-8 can
hold it), a number too large to be a float (``1e400`` would be read as infinity, which
JSON cannot write back), and — for text received now, not a log kept before this reader,
which a page must still show — NUL (PostgreSQL's text refuses it) and the other control
characters (C0 but tab, line feed and carriage return, and DEL; C1 is left alone, since
a Latin-1 PBN file names its Windows-1252 quotes with it).
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable
from typing import Any

from rules.errors import MalformedDocument

#: The deepest nesting read (a game log is six levels deep; a request's body fewer).
MAX_DEPTH = 64

#: Characters no text may hold: the surrogates (a pair is read as one character, so any left
#: is a lone one, which no UTF-8 can encode).
NEVER = re.compile("[\ud800-\udfff]")
#: Characters text received now may not hold: those, and the control characters — NUL, which
#: PostgreSQL's text refuses, and the others but tab, line feed and carriage return (and DEL).
RECEIVED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
#: Where JSON text could hold one of them: a \\u escape of one, or DEL or a surrogate
#: as it is (the decoder refuses raw C0 characters in a string). A text without any is
#: checked for its containers only; a false alarm (an escaped backslash, a surrogate pair)
#: only costs the walk over its strings.
_MAY_HOLD = re.compile(r"\\u(?:00[01][0-9a-fA-F]|007[fF]|[dD][89a-fA-F][0-9a-fA-F]{2})|[\x7f\ud800-\udfff]")


_WHITESPACE = re.compile(r"[ \t\n\r]*")


def _skip(text: str, at: int) -> int:
    """The position after the JSON whitespace at ``at``."""
    found = _WHITESPACE.match(text, at)
    return found.end() if found is not None else at


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


class _Constant(ValueError):
    """NaN or ±Infinity where JSON has a number."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _refuse_constant(name: str) -> Any:
    raise _Constant(name)


class _HugeNumber(ValueError):
    """A number too large for a float: Python reads it as infinity, which JSON cannot write."""


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _HugeNumber(text)
    return value


def _not_utf8(exc: UnicodeDecodeError) -> MalformedDocument:
    """The UTF-8 decoder's reason (English) as a code, with the offset of the byte."""
    reason = exc.reason
    if reason.startswith("invalid start byte"):
        return MalformedDocument("", "JSON_NOT_UTF8_START", byte=exc.start)
    if reason.startswith("invalid continuation byte"):
        return MalformedDocument("", "JSON_NOT_UTF8_CONTINUATION", byte=exc.start)
    if reason.startswith("unexpected end of data"):
        return MalformedDocument("", "JSON_NOT_UTF8_END", byte=exc.start)
    return MalformedDocument("", "JSON_NOT_UTF8", byte=exc.start)


def _not_json(exc: json.JSONDecodeError) -> MalformedDocument:
    """The json module's complaint (its ``msg``, English) as a code, with its line and column."""
    msg, line, column = exc.msg, exc.lineno, exc.colno
    if msg.startswith("Expecting value"):
        return MalformedDocument("", "JSON_EXPECTING_VALUE", line=line, column=column)
    if msg.startswith("Expecting property name"):
        return MalformedDocument("", "JSON_EXPECTING_NAME", line=line, column=column)
    if msg.startswith("Expecting ':'"):
        return MalformedDocument("", "JSON_EXPECTING_COLON", line=line, column=column)
    if msg.startswith("Expecting ','"):
        return MalformedDocument("", "JSON_EXPECTING_COMMA", line=line, column=column)
    if msg.startswith("Extra data"):
        return MalformedDocument("", "JSON_EXTRA_DATA", line=line, column=column)
    if msg.startswith("Unterminated string"):
        return MalformedDocument("", "JSON_UNTERMINATED_STRING", line=line, column=column)
    if msg.startswith("Invalid control character"):
        return MalformedDocument("", "JSON_CONTROL_CHARACTER", line=line, column=column)
    if msg.startswith("Invalid \\uXXXX"):
        return MalformedDocument("", "JSON_INVALID_UNICODE_ESCAPE", line=line, column=column)
    if msg.startswith("Invalid \\escape"):
        return MalformedDocument("", "JSON_INVALID_ESCAPE", line=line, column=column)
    return MalformedDocument("", "JSON_SYNTAX", line=line, column=column)


def _text(raw: bytes | str) -> str:
    try:
        return raw.decode("utf-8-sig") if isinstance(raw, bytes | bytearray) else raw.removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise _not_utf8(exc) from None


def load_json(
    raw: bytes | str,
    *,
    received: bool = False,
    refuse_repeated_keys: bool = False,
    max_bytes: int | None = None,
) -> Any:
    """JSON text (UTF-8 bytes, as RFC 8259 asks; a BOM is tolerated) to Python values.

    ``received``: the text comes from a client now (an upload, a request), so control
    characters are refused too (see the module's docstring); a log kept before is read back
    as it was kept. ``refuse_repeated_keys``: a key written twice is refused here, at its
    path (a request's body), rather than marked for a game's reader. ``max_bytes``: a text
    longer is refused unread.
    """
    if max_bytes is not None:
        size = len(raw) if isinstance(raw, bytes | bytearray) else len(raw.encode("utf-8", "surrogatepass"))
        if size > max_bytes:
            raise MalformedDocument("", "JSON_TOO_LARGE", size=size, most=max_bytes)
    text = _text(raw)
    try:
        # NaN and ±Infinity are Python's extension, not JSON (RFC 8259): refused, not read.
        value = json.loads(
            text, object_pairs_hook=_object_pairs, parse_constant=_refuse_constant, parse_float=_finite_float
        )
    except json.JSONDecodeError as exc:
        raise _not_json(exc) from None
    except _Constant as exc:
        raise MalformedDocument("", "JSON_CONSTANT", constant=exc.name) from None
    except _HugeNumber:
        raise MalformedDocument("", "JSON_NUMBER_TOO_LARGE") from None
    except RecursionError:
        raise MalformedDocument("", "JSON_TOO_DEEP") from None
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # more digits than sys.get_int_max_str_digits()
            raise MalformedDocument("", "JSON_NUMBER_TOO_LONG", digits=sys.get_int_max_str_digits()) from None
        raise MalformedDocument("", "JSON_UNREADABLE") from None
    check(
        value,
        received=received,
        refuse_repeated_keys=refuse_repeated_keys,
        strings=_may_hold(text, raw),
    )
    return value


def _may_hold(text: str, raw: bytes | str) -> bool:
    """Whether the text could hold a character :func:`check` refuses in a string: decoded
    UTF-8 holds no surrogate, the decoder lets no raw C0 character into a string, so only a
    ``\\u`` escape or DEL can bring one (the regular expression runs only when one is there)."""
    if isinstance(raw, str) or "\\u" in text or "\x7f" in text:
        return _MAY_HOLD.search(text) is not None
    return False


def check(
    value: Any,
    *,
    received: bool = False,
    refuse_repeated_keys: bool = False,
    strings: bool = True,
    max_depth: int = MAX_DEPTH,
) -> None:
    """Refuse, at its path, what :func:`load_json` refuses beyond the grammar, in values already
    read: a document another reader built (a PBN file's), or one given as a dict.

    One pass over the containers, without recursion (so no nesting can overflow it), the
    strings too unless ``strings`` is false (the text held nothing they could refuse).
    """
    refused = RECEIVED if received else NEVER
    if type(value) is str:
        if strings:
            _check_text(value, "", refused)
        return
    if not isinstance(value, dict | list):
        return
    if not strings and _shallow(value, max_depth, refuse_repeated_keys):
        return  # nothing to refuse: the walk below, which names the path, is not needed
    # Each container with the index of its parent and its key there: a path is built only
    # for what is refused.
    nodes: list[tuple[Any, int, str | int, int]] = [(value, -1, "", 1)]
    at = 0
    while at < len(nodes):
        container, _parent, _key, depth = nodes[at]
        if depth > max_depth:
            raise MalformedDocument(_path(nodes, at, refused), "JSON_DEPTH", most=max_depth)
        if isinstance(container, dict):
            if refuse_repeated_keys and isinstance(container, DuplicateKeys):
                where = _join(_path(nodes, at, refused), container.duplicate, refused)
                raise MalformedDocument(where, "READ_KEY_TWICE", field=_shown(container.duplicate, refused))
            items: Any = container.items()
        else:
            items = enumerate(container)
        for key, item in items:
            if strings and type(key) is str:
                found = refused.search(key)
                if found is not None:
                    raise _refusal(_join(_path(nodes, at, refused), key, refused), found.group())
            if isinstance(item, dict | list):
                if item:
                    nodes.append((item, at, key, depth + 1))
            elif strings and type(item) is str:
                found = refused.search(item)
                if found is not None:
                    raise _refusal(_join(_path(nodes, at, refused), key, refused), found.group())
        at += 1


#: The types a JSON container is read as (DuplicateKeys: an object that repeated a key).
_CONTAINERS = frozenset({dict, list, DuplicateKeys})


def _shallow(value: dict[str, Any] | list[Any], max_depth: int, refuse_repeated_keys: bool) -> bool:
    """The quick pass of :func:`check` when no string needs looking at: whether every container
    is within ``max_depth`` (and, when asked, no object repeats a key)."""
    level: list[Any] = [value]
    for _depth in range(max_depth):
        deeper: list[Any] = []
        for container in level:
            if type(container) is not list:
                if refuse_repeated_keys and isinstance(container, DuplicateKeys):
                    return False
                container = container.values()
            deeper += [item for item in container if type(item) in _CONTAINERS]
        if not deeper:
            return True
        level = deeper
    return False


def _check_text(text: str, path: str, refused: re.Pattern[str]) -> None:
    found = refused.search(text)
    if found is not None:
        raise _refusal(path, found.group())


def _refusal(path: str, char: str) -> MalformedDocument:
    value = f"U+{ord(char):04X}"
    if "\ud800" <= char <= "\udfff":
        return MalformedDocument(path, "JSON_TEXT_SURROGATE", value=value)
    return MalformedDocument(path, "JSON_TEXT_CONTROL", value=value)


def _shown(key: str, refused: re.Pattern[str]) -> str:
    """A key as a path names it: what no text may hold written as its escape (``a\\u0000``), so
    the path itself can be stored and shown."""
    return refused.sub(lambda m: f"\\u{ord(m.group()):04x}", key)


def _join(path: str, key: str | int, refused: re.Pattern[str]) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    shown = _shown(key, refused)
    return f"{path}.{shown}" if path else shown


def _path(nodes: list[tuple[Any, int, str | int, int]], at: int, refused: re.Pattern[str]) -> str:
    keys: list[str | int] = []
    while at > 0:
        _container, parent, key, _depth = nodes[at]
        keys.append(key)
        at = parent
    path = ""
    for key in reversed(keys):
        path = _join(path, key, refused)
    return path


def member_texts(raw: bytes | str) -> dict[str, str]:
    """The text of each member of a JSON object, exactly as written (a request's ``document``,
    kept as the client sent it rather than written again); {} when the text is no object.

    For text :func:`load_json` has read: what it refuses is not checked again here.
    """
    text = _text(raw)
    # The decoder's own scanner: (value, end) of the JSON value at a position.
    scan: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
    at = _skip(text, 0)
    members: dict[str, str] = {}
    if text[at : at + 1] != "{":
        return members
    at = _skip(text, at + 1)
    while text[at : at + 1] == '"':
        key, at = scan(text, at)
        at = _skip(text, at) + 1  # past the colon
        start = _skip(text, at)
        _value, end = scan(text, start)
        members[key] = text[start:end]
        at = _skip(text, end)
        if text[at : at + 1] != ",":
            break
        at = _skip(text, at + 1)
    return members
