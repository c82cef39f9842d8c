"""The sentence of a finding, from its code and parameters, in any language.

A finding is data: its code, where it is (deal, trick, seat, card) and its
parameters (the other seats, cards and counts it names). Its sentence is one
rendering of that data. Each game keeps an English template per finding form
(``rules/<game>/texts.py``: ``TEXTS["CODE"]``, or ``TEXTS["CODE/form"]``
where one code is said in several ways, the form then being the ``form``
parameter); the engine fills them in for the report's ``message``, and the
apps translate the same template (the English text is the gettext msgid,
marked here with :func:`gettext_noop` so ``makemessages`` extracts it) and
fill it in with the reader's card letters and names.

A template is a :meth:`str.format` string. What a placeholder shows depends
on how its name ends, so that one template serves every language:

- ``seat``, ``…_seat``: a seat number, shown as the player's name;
- ``…_seats``: a list of seats, the names joined by commas;
- ``card``, ``…_card``: a card (``"5D"``), shown as the reader writes it;
- ``…_cards``: a list of cards;
- ``suit``, ``…_suit``: a suit letter, shown as its symbol;
- ``contract``, ``…_contract``, ``call``, ``…_call``: a bid or contract;
- ``game``, ``…_game``: a game's registry key (``oh-hell``), shown as its name;
- ``…_by_seat``: one number per seat: "Anna 10, Boris −5";
- ``found``, ``…_found``: a JSON value a refusal describes, stored as its type and,
  for a number or text, its value (``["text", "x"]``, ``["list"]``): "the text 'x'";
- anything else: as it is, a number or a word (``cards`` alone is a count).

A number can carry its noun in every form the language has, after a colon:
``{cards:card|cards}`` reads "1 card", "3 cards"; a Russian translation
writes ``{cards:карта|карты|карт}`` and gets "1 карта", "3 карты",
"5 карт". So no sentence needs a plural it cannot spell, and a template
never puts a verb after a player's name where the verb would need a gender
in Russian or Ukrainian ("Ольга сыграла"): the translations say
"у Ольги", "ход Ольги", "Ольга: 5♦".
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any

#: The arguments every finding gives its template besides its parameters.
FIELDS = ("deal", "trick", "seat", "card")

#: The templates of the reader's refusals (:class:`rules.errors.MalformedDocument`), by code,
#: from every module that raises them (:func:`errors`).
ERRORS: dict[str, str] = {}


def errors(texts: dict[str, str]) -> dict[str, str]:
    """Register a module's refusal templates by code (codes are unique across the engine)."""
    for code, template in texts.items():
        if ERRORS.get(code, template) != template:
            raise ValueError(f"refusal code {code!r} registered twice with different templates")
        ERRORS[code] = template
    return texts


def gettext_noop(text: str) -> str:
    """Mark ``text`` as a message to translate (``makemessages`` knows this name); returns it as is."""
    return text


def template_key(code: str, params: Mapping[str, Any]) -> str:
    """The key of the template a finding is said with: its code, or ``code/form``."""
    form = params.get("form")
    return f"{code}/{form}" if form else code


def plural_form(count: int, forms: Sequence[str]) -> str:
    """The noun form for ``count``: two forms are English's rule, three the Slavic one."""
    if len(forms) == 3:
        n = abs(count)
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    if len(forms) == 2:
        return forms[0] if abs(count) == 1 else forms[1]
    return forms[0]


def _plain_card(name: str) -> str:
    return name


def _plain_suit(letter: str) -> str:
    """The report's English: a suit by its name ("club"), a strain letter as it is."""
    return {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}.get(letter, letter)


class Renderer(string.Formatter):
    """Fills in a template with one language's way of writing names, cards and suits.

    The engine's renderer (no arguments) writes the report's English message
    with the spec's card codes (``5D``); a page passes its own functions.
    """

    def __init__(
        self,
        players: Sequence[str],
        *,
        card: Callable[[str], str] = _plain_card,
        suit: Callable[[str], str] = _plain_suit,
        contract: Callable[[str], str] = _plain_card,
        seat: Callable[[int], str] | None = None,
        found: Callable[[Sequence[Any]], str] | None = None,
        game: Callable[[str], str] = _plain_card,
        minus: str = "-",
    ) -> None:
        super().__init__()
        self.players = players
        self.card = card
        self.suit = suit
        self.contract = contract
        self.seat_fallback = seat
        self.found = found or describe_found
        self.game = game
        self.minus = minus

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return str(self.players[seat])
        if self.seat_fallback is not None and isinstance(seat, int):
            return self.seat_fallback(seat)
        return str(seat)

    def number(self, value: Any) -> str:
        if isinstance(value, int | float) and value < 0:
            return f"{self.minus}{-value}"
        return str(value)

    def get_value(self, key: Any, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        value = super().get_value(key, args, kwargs)
        return _Tagged(str(key), value)

    def format_field(self, value: Any, format_spec: str) -> str:
        key = ""
        if isinstance(value, _Tagged):
            key, value = value.key, value.value
        if format_spec and "|" in format_spec:
            count = value if isinstance(value, int) else len(value)
            return f"{self.number(count)} {plural_form(count, format_spec.split('|'))}"
        return self.show(key, value)

    def show(self, key: str, value: Any) -> str:
        """One parameter as this language writes it, by how its name ends."""
        if value is None:
            return ""
        if key == "found" or key.endswith("_found"):
            return self.found(value)
        if key.endswith("_by_seat"):
            return ", ".join(f"{self.name(s)} {self.number(v)}" for s, v in enumerate(value))
        if key.endswith("_seats"):
            return ", ".join(self.name(s) for s in value)
        if key == "seat" or key.endswith("_seat"):
            return self.name(value)
        if key.endswith("_cards"):
            return " ".join(self.card(str(c)) for c in value)
        if key == "card" or key.endswith("_card"):
            return self.card(str(value))
        if key == "suit" or key.endswith("_suit"):
            return self.suit(str(value))
        if key in ("contract", "call") or key.endswith(("_contract", "_call")):
            return self.contract(str(value))
        if key == "game" or key.endswith("_game"):
            return self.game(str(value))
        return self.number(value)

    def render(self, template: str, fields: Mapping[str, Any], params: Mapping[str, Any]) -> str:
        """``template`` filled from a finding's fields (deal, trick, seat, card) and parameters."""
        return self.format(template, **{**fields, **params})


def found(value: Any) -> list[Any]:
    """A JSON value as a refusal's ``found`` parameter: its type, and its value if short."""
    if value is None:
        return ["null"]
    if isinstance(value, bool):
        return ["true" if value else "false"]
    if isinstance(value, int | float):
        return ["number", value]
    if isinstance(value, str):
        return ["text", value if len(value) <= 40 else value[:40] + "…"]
    if isinstance(value, list):
        return ["list"]
    if isinstance(value, dict):
        return ["object"]
    return [type(value).__name__]


def describe_found(found: Sequence[Any]) -> str:
    """The report's English for a ``found`` parameter: ``the text 'x'``, ``a list``."""
    kind = found[0] if found else ""
    if kind == "number":
        return f"the number {found[1]!r}"
    if kind == "text":
        return f"the text {found[1]!r}"
    return {"list": "a list", "object": "an object"}.get(kind, str(kind))


class _Tagged:
    """A value that remembers the placeholder it came from, so :meth:`Renderer.show` knows its kind."""

    __slots__ = ("key", "value")

    def __init__(self, key: str, value: Any) -> None:
        self.key = key
        self.value = value


def placeholders(template: str) -> list[tuple[str, str]]:
    """The ``(name, format spec)`` of each placeholder of ``template``: for the catalogue's tests."""
    return [(name, spec or "") for _, name, spec, _ in string.Formatter().parse(template) if name]
