"""Durak rulesets: the seed's variants as presets of named options (docs/durak.md).

A document names a preset — the variant — or ``{"preset": ..., option: value, ...}``, so a
table may combine variants (``{"preset": "transfer", "no_trump": true}`` is a transfer game
without trumps: "Игра в бескозырного дурака отличается от игры в простого, подкидного или
переводного дурака только тем, что ведется без козырей"). :func:`resolve_ruleset` gives a
frozen :class:`Ruleset` that the report echoes.

The variants (shared/seeds/004_8685814ad686c15f.txt):

- ``simple`` (простой, the default: "Это самая распространенная форма игры в дурака"):
  "во время игры в простого дурака карты отбивающему подкидывает только соперник" — only the
  attacker adds cards (``throw_in`` false);
- ``throw-in`` (подкидной): "в подкидном это могут делать все участвующие в игре";
- ``transfer`` (переводной): "игрок, который отбивается, может перевести игру следующему по
  часовой стрелке игроку, положив карту такого же значения" — before beating anything;
- ``transfer-any``: "игрок может перевести карты не только до отбивания, но и после"
  (``transfer_after_beat``);
- ``no-trump`` (бескозырный): "ведется без козырей";
- ``two-decks``: "используются 2 колоды карт и картой, равной по значению и масти, отбиться
  нельзя. Игрок, у которого оказывается 52 карты и больше, проигрывает сразу" (``two_decks``,
  ``lose_at`` 52);
- ``blind`` (втемную): "игрок может отбить карту ... «втемную», т. е. рубашкой вверх".

The variants that modify "простого, подкидного или переводного" (no-trump, two decks, blind)
are presets on the throw-in game, the one the seed describes the others by ("Игра идет по
правилам подкидного дурака"); set ``throw_in`` false for their simple form.

Readings (docs/durak.md, "Readings"):

- ``first_attack_jack``: "самый маленький (если козырная карта от 6 до валета) или самый
  большой козырь (если козырная карта от валета до туза)" — the jack is in both ranges;
  ``"lowest"`` (default: the first range is read first) or ``"highest"``;
- ``draw_rule``: "В игре допускается ничья, как принято говорить, «последняя рука хуже
  дурака»": ``"draw"`` (default: when the last cards run out together nobody is the fool) or
  ``"last-hand-fool"`` (the defender who beat the last card with his last card is the fool);
- ``bout_limit``: the seed's only limit is "может заходить только с такого количества карт,
  которым располагает его соперник" (always checked); the common cap of six cards in a bout is
  not in the seed but is the common rule, so it is the default (``null`` lifts it);
- ``first_bout_limit``: the common "five cards in the first bout" is NOT in the seed: off by
  default (``null``), ``5`` turns it on.

Scoring (the seed keeps no score — "Игрок, у которого в конце игры остались карты, считается
проигравшим"; issue 9: "points per place (configurable; e.g. how many times each player was
the fool, or points for going out first, second …)"):

- ``place_points``: ``null`` (default) — a seat's total is minus the games it lost as the
  fool; or a list of points for going out first, second, … (the fool takes the last place;
  places beyond the list score 0), e.g. ``[2, 1, 0]`` at a table of three.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import rules.durak.texts  # noqa: F401  (registers the DURAK_ refusals)
from rules.errors import MalformedDocument
from rules.strict import preset_values, read_bool, read_int
from rules.texts import found

#: Players at one table: "играть могут 2 или 6 человек" read as two to six.
TABLE_SIZES: tuple[int, ...] = (2, 3, 4, 5, 6)
DECK_SIZES = (36, 52)
JACK_READINGS = ("lowest", "highest")
DRAW_RULES = ("draw", "last-hand-fool")

#: Option names in the order the report echoes them.
OPTIONS = (
    "deck",
    "throw_in",
    "transfer",
    "transfer_after_beat",
    "no_trump",
    "two_decks",
    "blind",
    "first_attack_jack",
    "draw_rule",
    "bout_limit",
    "first_bout_limit",
    "lose_at",
    "place_points",
)

_SIMPLE: dict[str, Any] = {
    "deck": 36,
    "throw_in": False,
    "transfer": False,
    "transfer_after_beat": False,
    "no_trump": False,
    "two_decks": False,
    "blind": False,
    "first_attack_jack": "lowest",
    "draw_rule": "draw",
    "bout_limit": 6,
    "first_bout_limit": None,
    "lose_at": None,
    "place_points": None,
}
_THROW_IN = {**_SIMPLE, "throw_in": True}

#: Raw preset values, the first one the default.
PRESETS: dict[str, dict[str, Any]] = {
    "simple": _SIMPLE,
    "throw-in": _THROW_IN,
    "transfer": {**_THROW_IN, "transfer": True},
    "transfer-any": {**_THROW_IN, "transfer": True, "transfer_after_beat": True},
    "no-trump": {**_THROW_IN, "no_trump": True},
    "two-decks": {**_THROW_IN, "two_decks": True, "lose_at": 52},
    "blind": {**_THROW_IN, "blind": True},
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every option of one durak table."""

    preset: str
    deck: int
    throw_in: bool
    transfer: bool
    transfer_after_beat: bool
    no_trump: bool
    two_decks: bool
    blind: bool
    first_attack_jack: str
    draw_rule: str
    bout_limit: int | None
    first_bout_limit: int | None
    lose_at: int | None
    place_points: tuple[int, ...] | None

    @property
    def copies(self) -> int:
        """Decks in play: 2 for the two-deck game."""
        return 2 if self.two_decks else 1

    @property
    def cards(self) -> int:
        """Cards in play."""
        return self.deck * self.copies

    def option(self, name: str) -> Any:
        """One option in document form (a tuple as a list)."""
        value = getattr(self, name)
        return list(value) if isinstance(value, tuple) else value

    def as_dict(self) -> dict[str, Any]:
        """The resolved ruleset as the report echoes it: preset, then every option."""
        out: dict[str, Any] = {"preset": self.preset}
        for name in OPTIONS:
            out[name] = self.option(name)
        return out

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset's own values."""
        base = PRESETS[self.preset]
        return {name: self.option(name) for name in OPTIONS if self.option(name) != base[name]}


def resolve_ruleset(value: Any = None, players: int = 2, path: str = "ruleset") -> Ruleset:
    """Resolve a document's ``ruleset`` (a preset name or ``{"preset": ..., options}``; None is
    ``simple``) for a table of ``players``; MalformedDocument with ``ruleset.<option>`` for a
    bad value, and at ``players`` when the deck cannot deal six cards to each."""
    low, high = TABLE_SIZES[0], TABLE_SIZES[-1]
    if type(players) is not int:
        raise MalformedDocument("players", "DURAK_PLAYERS_NUMBER", low=low, high=high, found=found(players))
    if players not in TABLE_SIZES:
        raise MalformedDocument("players", "DURAK_PLAYERS", low=low, high=high, count=players)
    raw: Any = "simple" if value is None else value
    preset, values = preset_values(raw, presets=PRESETS, options=OPTIONS, default="simple", path=path)
    resolved: dict[str, Any] = {}
    for option in OPTIONS:
        where = f"{path}.{option}"
        v = values[option]
        if option == "deck":
            if type(v) is not int or v not in DECK_SIZES:
                raise MalformedDocument(where, "DURAK_DECK", found=found(v))
            resolved[option] = v
        elif option == "first_attack_jack":
            resolved[option] = _choice(v, JACK_READINGS, where)
        elif option == "draw_rule":
            resolved[option] = _choice(v, DRAW_RULES, where)
        elif option in ("bout_limit", "first_bout_limit", "lose_at"):
            resolved[option] = _limit(v, where)
        elif option == "place_points":
            resolved[option] = _place_points(v, where)
        else:
            resolved[option] = read_bool(v, where)
    if resolved["transfer_after_beat"] and not resolved["transfer"]:
        raise MalformedDocument(f"{path}.transfer_after_beat", "DURAK_TRANSFER_AFTER_BEAT")
    ruleset = Ruleset(preset=preset, **resolved)
    if ruleset.cards < 6 * players:
        raise MalformedDocument("players", "DURAK_DECK_TOO_SMALL", cards=ruleset.cards, players=players)
    return ruleset


def _choice(value: Any, choices: tuple[str, ...], path: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise MalformedDocument(path, "DURAK_OPTION_CHOICE", choices=", ".join(choices), found=found(value))
    return value


def _place_points(value: Any, path: str) -> tuple[int, ...] | None:
    """Points for going out first, second, …: a list of whole numbers (at most six), or null."""
    if value is None:
        return None
    if isinstance(value, tuple):
        value = list(value)
    if type(value) is not list or not 1 <= len(value) <= max(TABLE_SIZES):
        raise MalformedDocument(path, "DURAK_PLACE_POINTS", high=max(TABLE_SIZES), found=found(value))
    return tuple(read_int(v, f"{path}[{i}]") for i, v in enumerate(value))


def _limit(value: Any, path: str) -> int | None:
    """A whole number of cards (at least 1), or null for no limit."""
    if value is None:
        return None
    if type(value) is not int or value < 1:
        raise MalformedDocument(path, "DURAK_LIMIT", found=found(value))
    return value
