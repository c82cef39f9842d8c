"""Rubber bridge rulesets: the seed's points table and the Laws' one, as presets of named options.

A document names a preset (``"seed"``, the default, or ``"laws"``) or an
object ``{"preset": ..., option: value, ...}``; :func:`resolve_ruleset`
turns either into a :class:`Ruleset` with every value of the points table
filled in, which the report echoes (:meth:`Ruleset.as_dict`) so a reader
knows exactly which table scored the rubber.

The seed (shared/seeds/004_…, the bridge part) is the first authority;
where it is silent the Laws of Contract Bridge fill the gap in both presets
(rubber bridge: the Law 77 table, Laws 72–74 and Law 80 of the rubber
Laws). Every difference is listed, with its source, in docs/bridge.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.bridge.texts import ERRORS_TEXTS  # noqa: F401  (registers the refusals' templates)
from rules.errors import MalformedDocument
from rules.strict import preset_values, read_bool, read_int
from rules.texts import found

#: How an exact half of a hundred is rounded when the difference of the
#: totals becomes whists ("делят на 100 с округлением до целого числа"):
#: ``half_up`` — 150 is 2 (away from zero); ``half_down`` — 150 is 1 (the
#: club rule "50 rounds down"); ``half_even`` — 150 is 2, 250 is 2.
WHISTS_ROUNDING = ("half_up", "half_down", "half_even")
LINES = ("above", "below")

#: Option names in the order of the points table; the report echoes them so.
OPTIONS = (
    "trick_minor",
    "trick_major",
    "trick_notrump_first",
    "trick_notrump_next",
    "doubled_multiplier",
    "redoubled_multiplier",
    "overtrick_doubled_nv",
    "overtrick_doubled_vul",
    "undertricks_nv",
    "undertricks_vul",
    "undertricks_doubled_nv",
    "undertricks_doubled_vul",
    "insult_doubled",
    "insult_redoubled",
    "small_slam_nv",
    "small_slam_vul",
    "grand_slam_nv",
    "grand_slam_vul",
    "honours_four",
    "honours_five",
    "four_aces_notrump",
    "game_threshold",
    "game_bonus",
    "game_bonus_line",
    "rubber_bonus_two_games",
    "rubber_bonus_three_games",
    "unfinished_game",
    "unfinished_partscore",
    "law64",
    "whists_rounding",
)

#: Undertrick tables are three numbers: the first undertrick, each of the
#: second and third, each from the fourth on.
UNDERTRICK_TABLES = ("undertricks_nv", "undertricks_vul", "undertricks_doubled_nv", "undertricks_doubled_vul")

_SEED: dict[str, Any] = {
    # "20 (без контры), 40 (с контрой) – за взятку в трефах и бубнах; 30 (без контры),
    # 60 (с контрой) – за взятку в червах и пиках; 30 … – за вторую и далее взятки без
    # козыря; 40 … – за первую взятку без козыря". "Реконтра удваивает контру."
    "trick_minor": 20,
    "trick_major": 30,
    "trick_notrump_first": 40,
    "trick_notrump_next": 30,
    "doubled_multiplier": 2,
    "redoubled_multiplier": 2,
    # Переборы: "перед партией: 100 – с контрой …; после партии: 200 – с контрой, а без
    # контры столько же очков, сколько и за взятки" (redoubled: "Реконтра удваивает контру").
    "overtrick_doubled_nv": 100,
    "overtrick_doubled_vul": 200,
    # Недоборы: "перед партией: 50 (без контры), 100 (с контрой) – первая взятка; 50 (без
    # контры), 200 (с контрой) – каждая последующая; после партии: 100 (без контры), 200
    # (с контрой) – первая взятка; 100 (без контры), 300 (с контрой) – каждая последующая."
    "undertricks_nv": (50, 50, 50),
    "undertricks_vul": (100, 100, 100),
    "undertricks_doubled_nv": (100, 200, 200),
    "undertricks_doubled_vul": (200, 300, 300),
    # "50 – штраф за невыполненную контру перед партией и после нее": the seed names the
    # doubled value only; the redoubled one is filled from the Laws (issue #7: "50 for
    # making a doubled contract (100 redoubled)"). docs/bridge.md gives the other reading.
    "insult_doubled": 50,
    "insult_redoubled": 100,
    # "500 – … малого шлема … «перед партией»; 700 – … «после партии»; 750 – … большого
    # шлема … «перед партией»; 1500 – … «после партии»".
    "small_slam_nv": 500,
    "small_slam_vul": 700,
    "grand_slam_nv": 750,
    "grand_slam_vul": 1500,
    # "100 – премия за обладание 4 онерами в козыре (коронки); 150 – … 5 онерами в козыре
    # (короны) или 4 тузами в игре без козыря."
    "honours_four": 100,
    "honours_five": 150,
    "four_aces_notrump": 150,
    # "Для того чтобы была выиграна партия, необходимо записать под чертой не менее 100 очков."
    "game_threshold": 100,
    # "100 – за выигрыш первой партии; 100 – за выигрыш второй партии." stands under the
    # heading "Под чертой только за объявленные взятки в выигранном контракте", and the prose
    # defines a game as "записать под чертой не менее 100 очков": the 100 points below the
    # line that make each game, not a bonus (ruled in issue 22, as issue 7 stated it). The
    # other reading, 100 more for each game won, is {"preset": "seed", "game_bonus": 100}.
    "game_bonus": 0,
    "game_bonus_line": "below",
    # "500 – премия за выигранный роббер, если противник «после партии»; 700 – …, если
    # противник «перед партией»".
    "rubber_bonus_two_games": 700,
    "rubber_bonus_three_games": 500,
    # The seed is silent on a rubber left unfinished: the Laws' values (rubber Law 80).
    "unfinished_game": 300,
    "unfinished_partscore": 100,
    # The seed says nothing of revokes: they are flagged, no tricks transferred.
    "law64": False,
    # "Разница этих сумм, которую делят на 100 с округлением до целого числа": half up.
    "whists_rounding": "half_up",
}

#: Raw preset values.
PRESETS: dict[str, dict[str, Any]] = {
    "seed": _SEED,
    # The Laws of Contract Bridge, rubber bridge scoring (Law 77 table; rubber Laws 72–74, 80).
    "laws": {
        **_SEED,
        "undertricks_doubled_nv": (100, 200, 300),  # doubled, not vulnerable: 300 from the 4th
        "insult_redoubled": 100,  # making a redoubled contract: 100
        "small_slam_vul": 750,
        "grand_slam_nv": 1000,
        "law64": True,  # the one- or two-trick transfer after an established revoke
        "whists_rounding": "half_down",  # the Laws have no whists: the club rule, 50 rounds down
    },
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every value of the points table for one table; see docs/bridge.md for each option's source."""

    preset: str
    trick_minor: int
    trick_major: int
    trick_notrump_first: int
    trick_notrump_next: int
    doubled_multiplier: int
    redoubled_multiplier: int
    overtrick_doubled_nv: int
    overtrick_doubled_vul: int
    undertricks_nv: tuple[int, int, int]
    undertricks_vul: tuple[int, int, int]
    undertricks_doubled_nv: tuple[int, int, int]
    undertricks_doubled_vul: tuple[int, int, int]
    insult_doubled: int
    insult_redoubled: int
    small_slam_nv: int
    small_slam_vul: int
    grand_slam_nv: int
    grand_slam_vul: int
    honours_four: int
    honours_five: int
    four_aces_notrump: int
    game_threshold: int
    game_bonus: int
    game_bonus_line: str
    rubber_bonus_two_games: int
    rubber_bonus_three_games: int
    unfinished_game: int
    unfinished_partscore: int
    law64: bool
    whists_rounding: str

    def option(self, name: str) -> Any:
        """One option in document form (the undertrick tables as lists)."""
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
        base = resolve_ruleset(self.preset)
        return {name: self.option(name) for name in OPTIONS if self.option(name) != base.option(name)}


def resolve_ruleset(
    value: str | dict[str, Any] | None = None, players: int = 4, path: str = "ruleset"
) -> Ruleset:
    """Resolve a document's ``ruleset`` (a preset name or ``{"preset": ..., options}``; None,
    a document without one, is the ``seed`` preset).

    ``players`` is there for the registry's uniform call ``resolve_ruleset(value, players)``:
    the table must be four, and the points table does not depend on it.
    Raises MalformedDocument with the path ``ruleset.<option>`` for a bad value.
    """
    if players != 4:
        raise MalformedDocument("players", "BRIDGE_RULESET_PLAYERS", count=players)
    raw: Any = "seed" if value is None else value
    preset, values = preset_values(raw, presets=PRESETS, options=OPTIONS, default="seed", path=path)
    resolved: dict[str, Any] = {}
    for name in OPTIONS:
        where = f"{path}.{name}"
        raw_value = values[name]
        if name in UNDERTRICK_TABLES:
            resolved[name] = _undertrick_table(raw_value, where)
        elif name == "law64":
            resolved[name] = read_bool(raw_value, where)
        elif name == "whists_rounding":
            resolved[name] = _choice(raw_value, WHISTS_ROUNDING, where)
        elif name == "game_bonus_line":
            resolved[name] = _choice(raw_value, LINES, where)
        elif name in ("doubled_multiplier", "redoubled_multiplier", "game_threshold"):
            resolved[name] = read_int(raw_value, where, low=1)
        else:
            resolved[name] = read_int(raw_value, where, low=0)
    return Ruleset(preset=preset, **resolved)


def _undertrick_table(value: Any, path: str) -> tuple[int, int, int]:
    """Three whole numbers: the first undertrick, the 2nd and 3rd each, the 4th on each."""
    if isinstance(value, tuple):
        value = list(value)
    if not isinstance(value, list) or len(value) != 3:
        raise MalformedDocument(path, "BRIDGE_UNDERTRICK_TABLE", found=found(value))
    first, second, fourth = (read_int(v, f"{path}[{i}]", low=0) for i, v in enumerate(value))
    return first, second, fourth


def _choice(value: Any, choices: tuple[str, ...], path: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise MalformedDocument(path, "BRIDGE_CHOICE", choices=", ".join(choices), found=found(value))
    return value
