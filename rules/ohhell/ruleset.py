"""Rulesets: the seed rules as presets, and the options a table may agree on.

A document names a preset (``"classic"``) or an object ``{"preset": ...,
option: value, ...}``; resolution turns either into a :class:`Ruleset`
with every option filled in for the table's number of players, which the
report echoes so a reader knows exactly which rules were applied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules.cards import DECK_SIZE
from rules.errors import MalformedDocument
from rules.ohhell import texts as _texts  # noqa: F401  (registers the OHHELL_ refusal codes)
from rules.strict import preset_values, read_bool, read_int
from rules.texts import found

#: "Если играют 3 игрока, то сдач всего 15. Если играют 4 игрока, то сдач 13.
#: Если играют 5 игроков, то сдач 10. Если играют 6 игроков, то сдач 8. Если
#: играют 7 игроков, то сдач 7." (deals per game by number of players)
DEALS_BY_PLAYERS = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}
MIN_PLAYERS, MAX_PLAYERS = 3, 7

#: Option names in the order of the spec's table; the report echoes them so.
OPTIONS = (
    "schedule",
    "last_deal_no_trump",
    "made_bonus",
    "per_trick",
    "failed",
    "nil_made",
    "renege_penalty",
    "dealer_hook",
    "blind_multiplier",
)

#: Raw preset values. ``schedule: None`` means "by the number of players"
#: and ``nil_made: None`` means "the same as made_bonus".
PRESETS: dict[str, dict[str, Any]] = {
    # The seed rules: "получает 10 очков плюс очки по контракту"; "Банкротам
    # очки не записывают"; "Со счета игрока, который сделал ренонс, снимается
    # 10 очков"; "При розыгрыше последней сдачи партии карта не открывается".
    "classic": {
        "schedule": None,
        "last_deal_no_trump": True,
        "made_bonus": 10,
        "per_trick": 1,
        "failed": 0,
        "nil_made": None,
        "renege_penalty": 10,
        "dealer_hook": False,
        "blind_multiplier": 2,
    },
    # Примечание: "заказавший нулевой контракт получает 5 очков и число очков,
    # равное числу взяток в сдаче" (a zero bid made scores 5 + the cards).
    "classic-nil5": {
        "schedule": None,
        "last_deal_no_trump": True,
        "made_bonus": 10,
        "per_trick": 1,
        "failed": 0,
        "nil_made": "5+cards",
        "renege_penalty": 10,
        "dealer_hook": False,
        "blind_multiplier": 2,
    },
}

_NIL_FORMULA = re.compile(r"^\s*(-?\d+)\s*\+\s*cards\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every option resolved for one table; ``nil_made + nil_per_card * cards`` scores a zero bid."""

    preset: str
    schedule: tuple[int, ...]
    last_deal_no_trump: bool
    made_bonus: int
    per_trick: int
    failed: int
    nil_made: int
    nil_per_card: int
    renege_penalty: int
    dealer_hook: bool
    blind_multiplier: int

    def nil_points(self, cards: int) -> int:
        """Points for a zero bid made in a deal of ``cards`` cards."""
        return self.nil_made + self.nil_per_card * cards

    def option(self, name: str) -> Any:
        """One option in document form (``nil_made`` may read ``"5+cards"``)."""
        if name == "schedule":
            return list(self.schedule)
        if name == "nil_made":
            return f"{self.nil_made}+cards" if self.nil_per_card else self.nil_made
        return getattr(self, name)

    def as_dict(self) -> dict[str, Any]:
        """The resolved ruleset as the report echoes it: preset, then every option."""
        out: dict[str, Any] = {"preset": self.preset}
        for name in OPTIONS:
            out[name] = self.option(name)
        return out

    def overrides(self, players: int) -> dict[str, Any]:
        """The options that differ from the preset's own values for ``players`` players."""
        base = resolve_ruleset(self.preset, players)
        return {name: self.option(name) for name in OPTIONS if self.option(name) != base.option(name)}


def default_schedule(players: int) -> tuple[int, ...]:
    """1, 2, 3 ... cards: "в первой сдаче по одной карте, во второй сдаче по две карты и т.д."."""
    return tuple(range(1, DEALS_BY_PLAYERS[players] + 1))


def max_cards(players: int) -> int:
    """The most cards each of ``players`` can be dealt from one 52-card deck."""
    return DECK_SIZE // players


def resolve_ruleset(raw: Any, players: int, path: str = "ruleset") -> Ruleset:
    """Resolve a document's ``ruleset`` for a table of ``players``; raise MalformedDocument."""
    preset, values = preset_values(raw, presets=PRESETS, options=OPTIONS, default="classic", path=path)
    schedule = _schedule(values["schedule"], players, f"{path}.schedule")
    made_bonus = read_int(values["made_bonus"], f"{path}.made_bonus")
    nil_made, nil_per_card = _nil(values["nil_made"], made_bonus, f"{path}.nil_made")
    return Ruleset(
        preset=preset,
        schedule=schedule,
        last_deal_no_trump=read_bool(values["last_deal_no_trump"], f"{path}.last_deal_no_trump"),
        made_bonus=made_bonus,
        per_trick=read_int(values["per_trick"], f"{path}.per_trick"),
        failed=read_int(values["failed"], f"{path}.failed"),
        nil_made=nil_made,
        nil_per_card=nil_per_card,
        renege_penalty=read_int(values["renege_penalty"], f"{path}.renege_penalty", low=0),
        dealer_hook=read_bool(values["dealer_hook"], f"{path}.dealer_hook"),
        blind_multiplier=read_int(values["blind_multiplier"], f"{path}.blind_multiplier", low=1),
    )


def _schedule(value: Any, players: int, path: str) -> tuple[int, ...]:
    """Seed: "По договоренности между игроками количество сдач можно изменить": any agreed list."""
    if value is None:
        return default_schedule(players)
    if not isinstance(value, list) or not value:
        raise MalformedDocument(path, "OHHELL_SCHEDULE_TYPE", found=found(value))
    most = max_cards(players)
    for i, cards in enumerate(value):
        if type(cards) is not int:
            raise MalformedDocument(f"{path}[{i}]", "OHHELL_SCHEDULE_CARDS", found=found(cards))
        if not 1 <= cards <= most:
            raise MalformedDocument(
                f"{path}[{i}]", "OHHELL_SCHEDULE_RANGE", cards=cards, players=players, most=most
            )
    return tuple(value)


def _nil(value: Any, made_bonus: int, path: str) -> tuple[int, int]:
    """A zero bid's points: a whole number, or ``"N+cards"`` (N + the cards in the deal)."""
    if value is None:
        return made_bonus, 0
    if type(value) is int:
        return value, 0
    if isinstance(value, str):
        match = _NIL_FORMULA.match(value)
        if match:
            return int(match.group(1)), 1
    raise MalformedDocument(path, "OHHELL_NIL_MADE", found=found(value))
