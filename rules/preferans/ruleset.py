"""Preferans rulesets: the Sochi, Leningrad and Rostov conventions as presets of named options.

A document names a preset (``"sochi"``, the default, ``"leningrad"`` or
``"rostov"``) or an object ``{"preset": ..., option: value, ...}``;
:func:`resolve_ruleset` turns either into a frozen :class:`Ruleset` with every
value of the convention filled in, which the report echoes
(:meth:`Ruleset.as_dict`) so a reader knows exactly how the pulka was scored.

Sources for every value, and the readings where they disagree, are in
docs/preferans.md ("The pulka and the settlement"). In short:

- Sochi (сочинка): a played game writes its value 2/4/6/8/10 (misère 10) to
  the pool; a whister writes the same value per trick on the declarer; each
  undertrick costs the value in the mountain and every opponent writes the
  value as consolation (консоляция); the lone whister takes all the defenders'
  tricks (жлобский вист) and answers for the whole quota at the full value
  (ответственный вист); pass-out tricks go to the mountain.
- Leningrad (ленинградка, «Питер»): whists and the mountain doubled ("Взятка на
  висте 4 … 20; недобр. взятка на игре 4 в гору … 20"), the whister answers
  for half (полуответственный вист: 2 … 10), the split of the whists with the
  passer when the declarer goes down (джентльменский вист), a pool point worth
  20 whists ("Каждое очко в пуле равно +10 или +20 (… «Питер» или
  «Ленинград») вистам").
- Rostov (ростовка, «московская»): the Sochi ladder, a half-responsible and
  gentleman's whist, and pass-outs written as whists: "игрок, взявший на
  распасовке взяток меньше всех …, пишет … вистов на своих партнёров за каждую
  взятую ими взятку … пять вистов за взятку".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.errors import MalformedDocument
from rules.preferans.texts import ERRORS_TEXTS  # noqa: F401  (registers the refusal codes)
from rules.strict import digits_value, preset_values, read_bool, read_int
from rules.texts import found

LEVELS = (6, 7, 8, 9, 10)
PASSOUT_SCORINGS = ("mountain", "whists")
WHIST_SPLITS = ("greedy", "gentleman")
HIGH_QUOTA_LIABLE = ("second", "both")
OVERFLOW_TO = ("left", "highest")
# The readings of the play, the auction and the bombs (docs/preferans.md); the first is the default.
FIRST_LEADS = ("first-hand", "left-of-declarer")
TALON_ORDERS = ("first-hand", "winner")
HOLDS = ("first_hand", "elder", "none")
DARK_LEVEL_READINGS = ("suits", "steps")
DARK_BARS = ("raz", "any_bid")
DARK_DOUBLES = ("all", "dark_range")
BOMB_USES = ("owner", "table")
BOMB_DEALERS = ("own-pass", "dealer")

#: The options that choose one of a few words, and the words.
CHOICES: dict[str, tuple[str, ...]] = {
    "passout_scoring": PASSOUT_SCORINGS,
    "whist_split": WHIST_SPLITS,
    "high_quota_liable": HIGH_QUOTA_LIABLE,
    "overflow_to": OVERFLOW_TO,
    "first_lead": FIRST_LEADS,
    "talon_order": TALON_ORDERS,
    "hold": HOLDS,
    "dark_levels": DARK_LEVEL_READINGS,
    "dark_bar": DARK_BARS,
    "dark_double": DARK_DOUBLES,
    "bomb_use": BOMB_USES,
    "bomb_dealer": BOMB_DEALERS,
}

#: The yes/no options.
SWITCHES = (
    "consolation",
    "consolation_dealer",
    "misere_consolation",
    "half_whist",
    "open_whisting",
    "amnesty",
    "passout_talon",
    "dark_games",
)

#: Option names in the order the report echoes them.
OPTIONS = (
    "pool",
    "game_values",
    "misere_value",
    "whist_values",
    "undertrick_values",
    "misere_trick_value",
    "consolation",
    "consolation_values",
    "consolation_dealer",
    "misere_consolation",
    "quotas",
    "shortfall_values",
    "high_quota_liable",
    "whist_split",
    "half_whist",
    "half_whist_levels",
    "open_whisting",
    "passout_scoring",
    "passout_trick",
    "passout_series",
    "passout_zero_pool",
    "passout_minimum",
    "dark_multiplier",
    "pool_whists",
    "mountain_whists",
    "overflow_to",
    "amnesty",
    "first_lead",
    "passout_talon",
    "talon_order",
    "hold",
    "dark_games",
    "dark_levels",
    "dark_bar",
    "dark_double",
    "bomb_use",
    "bomb_dealer",
)

#: Options that are one number per level 6, 7, 8, 9, 10.
LEVEL_TABLES = (
    "game_values",
    "whist_values",
    "undertrick_values",
    "consolation_values",
    "quotas",
    "shortfall_values",
)

_SOCHI: dict[str, Any] = {
    # The agreed length of the pulka; 20 is the usual one for three players
    # (10 a short and 30/50 a long pulka are as common: an option).
    "pool": 20,
    # Kodex 2.2.2 / 4.1: "шестерная — 2, семерная — 4, восьмерная — 6,
    # девятерная — 8, десятерная — 10, мизер — 10".
    "game_values": (2, 4, 6, 8, 10),
    "misere_value": 10,
    # "Вистующий пишет на заказчика цену игры за каждую свою взятку."
    "whist_values": (2, 4, 6, 8, 10),
    # "Недобор заказчика — в гору цену за каждую недобранную."
    "undertrick_values": (2, 4, 6, 8, 10),
    "misere_trick_value": 10,
    # Kodex 3.8.1.2: "При ремизе разыгрывающего вистующий пишет дополнительно
    # консоляцию за каждую недобранную разыгрывающим взятку. Консоляцию обычно
    # пишут все игроки, включая сдающего."
    "consolation": True,
    "consolation_values": (2, 4, 6, 8, 10),
    "consolation_dealer": True,
    # The misère is not whisted in Sochi: no consolation when it is caught.
    "misere_consolation": False,
    # Kodex 3.8.2: "Контракт 6 7 8 9 10 — Вистующие должны взять 4 2 1 1 1";
    # the ten is checked, not whisted, by the usual agreement ("10 → whist
    # optional"): no quota unless the table agrees (quotas [4, 2, 1, 1, 1]).
    "quotas": (4, 2, 1, 1, 0),
    # Ответственный вист: the whister's missing trick costs the game value.
    "shortfall_values": (2, 4, 6, 8, 10),
    # Two whisters on a quota of one (8, 9): the one who whisted second answers.
    "high_quota_liable": "second",
    # Жлобский вист: the lone whister writes every defenders' trick.
    "whist_split": "greedy",
    # "Полвиста" on six and seven: the second defender, after a pass, takes
    # whists for half the quota without playing.
    "half_whist": True,
    "half_whist_levels": (6, 7),
    "open_whisting": False,
    # Kodex 3.7.2.1: "за каждую взятку, взятую на распасовке, игрок пишет
    # определённое количество очков в гору. Игрок, не взявший ни одной взятки,
    # пишет в пульку стоимость одной взятки."
    "passout_scoring": "mountain",
    "passout_trick": 1,
    "passout_series": (1, 2, 3),
    "passout_zero_pool": 1,
    # The lowest game after consecutive pass-outs: none yet → 6; after one → 7; after two on → 7.
    "passout_minimum": (6, 7, 7),
    # Seed 002: "проиграв или выиграв он платит или получает двойные очки".
    "dark_multiplier": 2,
    # "Каждое очко в пуле равно +10 … вистам"; "Каждое очко в гору равно −10 вистам."
    "pool_whists": 10,
    "mountain_whists": 10,
    "overflow_to": "left",
    # "Эта наименьшая гора вычитается из гор всех других игроков (так называемая «амнистия»)".
    "amnesty": True,
    # -- the readings (docs/preferans.md); the same under every convention --------------
    # The player left of the dealer leads the first trick of every game, misère and
    # pass-out included ("first-hand"); or the defender left of the declarer.
    "first_lead": "first-hand",
    # The talon's cards set the suit of the first two tricks of a pass-out.
    "passout_talon": True,
    # Who plays first to a talon trick and leads the third: the first hand each time.
    "talon_order": "first-hand",
    # Who may repeat a younger hand's bid ("здесь"): the first hand only.
    "hold": "first_hand",
    # The table plays the dark games of seed 002.
    "dark_games": True,
    # РАЗ/ДВА/ТРИ В ТЕМНУЮ are the dark 6♠/6♣/6♦, each declared directly ("suits"), or
    # the first, second and third dark step ("steps").
    "dark_levels": "suits",
    # "после РАЗ нельзя ПАС В ТЕМНУЮ": after a РАЗ (light 6♠ or dark) — or after any bid.
    "dark_bar": "raz",
    # The dark declarer "платит или получает двойные очки" whatever he names ("all"), or
    # only for the games played "только в темную" ("dark_range").
    "dark_double": "all",
    # A bomb multiplies its owner's next game as declarer ("owner"), or the next game at
    # the table whoever declares it ("table").
    "bomb_use": "owner",
    # With three players the dealer's bomb is that of his own pass ("own-pass"), or a rank
    # lower whenever anyone looked ("dealer", the four-player sentence applied to him).
    "bomb_dealer": "own-pass",
}

#: Raw preset values.
PRESETS: dict[str, dict[str, Any]] = {
    "sochi": _SOCHI,
    "leningrad": {
        **_SOCHI,
        # "Взятка на висте: 4 8 12 16 20"; "Недобр. взятка на игре: 4 … 20 в гору";
        # the caught misère "20 в гору"; consolation "в размере стоимости игры" per
        # trick on the doubled scale.
        "whist_values": (4, 8, 12, 16, 20),
        "undertrick_values": (4, 8, 12, 16, 20),
        "misere_trick_value": 20,
        "consolation_values": (4, 8, 12, 16, 20),
        # "Вист полуответственный — … за подсад на висте в гору пишется половина
        # стоимости игры" (half of the doubled price: 2 … 10).
        "shortfall_values": (2, 4, 6, 8, 10),
        "high_quota_liable": "both",
        "whist_split": "gentleman",
        # Pass-outs 2-4-6: the trick costs 2 and the series is 1-2-3.
        "passout_trick": 2,
        # A pool point is 20 whists in «Питер»: the Leningrad doubling at settlement.
        "pool_whists": 20,
    },
    "rostov": {
        **_SOCHI,
        # Полуответственный вист: half the game value per missing trick.
        "shortfall_values": (1, 2, 3, 4, 5),
        "whist_split": "gentleman",
        # "пишет условленное количество вистов на своих партнёров за каждую взятую
        # ими взятку. В наиболее распространенном варианте это пять вистов за взятку.
        # Игрок, не взявший ни одной взятки, пишет в пульку одно очко."
        "passout_scoring": "whists",
        "passout_trick": 5,
        "passout_series": (1, 1, 1),
        "passout_minimum": (6, 6, 6),
        # The overflow helps the opponent nearest to closing his pool.
        "overflow_to": "highest",
    },
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every convention value for one pulka; the level tables are indexed by ``level - 6``."""

    preset: str
    pool: int
    game_values: tuple[int, ...]
    misere_value: int
    whist_values: tuple[int, ...]
    undertrick_values: tuple[int, ...]
    misere_trick_value: int
    consolation: bool
    consolation_values: tuple[int, ...]
    consolation_dealer: bool
    misere_consolation: bool
    quotas: tuple[int, ...]
    shortfall_values: tuple[int, ...]
    high_quota_liable: str
    whist_split: str
    half_whist: bool
    half_whist_levels: tuple[int, ...]
    open_whisting: bool
    passout_scoring: str
    passout_trick: int
    passout_series: tuple[int, ...]
    passout_zero_pool: int
    passout_minimum: tuple[int, ...]
    dark_multiplier: int
    pool_whists: int
    mountain_whists: int
    overflow_to: str
    amnesty: bool
    first_lead: str
    passout_talon: bool
    talon_order: str
    hold: str
    dark_games: bool
    dark_levels: str
    dark_bar: str
    dark_double: str
    bomb_use: str
    bomb_dealer: str

    def game_value(self, level: int) -> int:
        """The pool points of a played game of ``level`` tricks."""
        return self.game_values[level - 6]

    def whist_value(self, level: int) -> int:
        """Whists the whister writes on the declarer per trick taken."""
        return self.whist_values[level - 6]

    def undertrick_value(self, level: int) -> int:
        """Mountain points per undertrick of the declarer."""
        return self.undertrick_values[level - 6]

    def consolation_value(self, level: int) -> int:
        """Whists each opponent writes on a declarer who went down, per undertrick."""
        return self.consolation_values[level - 6]

    def quota(self, level: int) -> int:
        """Tricks the whisting side must take (вистовые): 6 → 4, 7 → 2, 8 and 9 → 1."""
        return self.quotas[level - 6]

    def shortfall_value(self, level: int) -> int:
        """Mountain points per trick a whister took short of his share."""
        return self.shortfall_values[level - 6]

    def passout_step(self, round_number: int) -> int:
        """The series factor of the ``round_number``-th consecutive pass-out (1-based; the last repeats)."""
        series = self.passout_series
        return series[min(max(round_number, 1), len(series)) - 1]

    def minimum_level(self, passouts: int) -> int:
        """The lowest game that may be bid after ``passouts`` consecutive pass-outs (0: none)."""
        table = self.passout_minimum
        return table[min(max(passouts, 0), len(table) - 1)]

    @property
    def pool_to_mountain(self) -> int:
        """Mountain points one pool point is worth (1 in Sochi, 2 in Leningrad)."""
        return self.pool_whists // self.mountain_whists

    def option(self, name: str) -> Any:
        """One option in document form (the tuples as lists)."""
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


def resolve_ruleset(value: Any = None, players: int = 3, path: str = "ruleset") -> Ruleset:
    """Resolve a document's ``ruleset`` (a preset name or ``{"preset": ..., options}``; None is ``sochi``).

    ``players`` is there for the registry's uniform call ``resolve_ruleset(value, players)``:
    three, or four with the dealer sitting out; the values do not depend on it.
    Raises MalformedDocument with the path ``ruleset.<option>`` for a bad value.
    """
    if type(players) is not int or players not in (3, 4):
        raise MalformedDocument("players", "PREFERANS_RULESET_PLAYERS", found=found(players))
    raw: Any = "sochi" if value is None else value
    preset, values = preset_values(raw, presets=PRESETS, options=OPTIONS, default="sochi", path=path)
    resolved: dict[str, Any] = {}
    for name in OPTIONS:
        where = f"{path}.{name}"
        v = values[name]
        if name in LEVEL_TABLES:
            resolved[name] = _level_table(v, where)
        elif name in SWITCHES:
            resolved[name] = read_bool(v, where)
        elif name in CHOICES:
            resolved[name] = _choice(v, CHOICES[name], where)
        elif name == "passout_series":
            resolved[name] = _series(v, where, low=1)
        elif name == "passout_minimum":
            resolved[name] = _minimums(v, where)
        elif name == "half_whist_levels":
            resolved[name] = _levels(v, where)
        elif name in ("pool", "dark_multiplier", "mountain_whists", "pool_whists"):
            resolved[name] = read_int(v, where, low=1)
        else:
            resolved[name] = read_int(v, where, low=0)
    if resolved["pool_whists"] % resolved["mountain_whists"]:
        raise MalformedDocument(
            f"{path}.pool_whists",
            "PREFERANS_POOL_WHISTS",
            mountain_whists=resolved["mountain_whists"],
            pool_whists=resolved["pool_whists"],
        )
    return Ruleset(preset=preset, **resolved)


def _level_table(value: Any, path: str) -> tuple[int, ...]:
    """Five whole numbers, for the levels 6, 7, 8, 9 and 10."""
    if isinstance(value, tuple):
        value = list(value)
    if not isinstance(value, list) or len(value) != len(LEVELS):
        raise MalformedDocument(path, "PREFERANS_LEVEL_TABLE", found=found(value))
    return tuple(read_int(v, f"{path}[{i}]", low=0) for i, v in enumerate(value))


def _series(value: Any, path: str, low: int) -> tuple[int, ...]:
    """A list of whole numbers, or the text ``"1-2-3"``; the last one repeats."""
    if isinstance(value, tuple):
        value = list(value)
    if isinstance(value, str):
        numbers = [digits_value(p.strip()) for p in value.split("-")]
        if None in numbers:
            raise MalformedDocument(path, "PREFERANS_SERIES", found=found(value))
        value = numbers
    if not isinstance(value, list) or not value:
        raise MalformedDocument(path, "PREFERANS_SERIES", found=found(value))
    return tuple(read_int(v, f"{path}[{i}]", low=low) for i, v in enumerate(value))


def _minimums(value: Any, path: str) -> tuple[int, ...]:
    """The lowest game after 0, 1, 2 … pass-outs: ``"6-7-7"`` or ``[6, 7, 7]``, each 6..10, never falling."""
    table = _series(value, path, low=6)
    for i, level in enumerate(table):
        if level > 10:
            raise MalformedDocument(f"{path}[{i}]", "PREFERANS_MINIMUM_RANGE", level=level)
        if i and level < table[i - 1]:
            raise MalformedDocument(f"{path}[{i}]", "PREFERANS_MINIMUM_FALLING", before=table[i - 1])
    return table


def _levels(value: Any, path: str) -> tuple[int, ...]:
    """A list of game levels 6..10 (no repeats)."""
    if isinstance(value, tuple):
        value = list(value)
    if not isinstance(value, list):
        raise MalformedDocument(path, "PREFERANS_LEVELS_TYPE", found=found(value))
    levels = tuple(read_int(v, f"{path}[{i}]", low=6, high=10) for i, v in enumerate(value))
    if len(set(levels)) != len(levels):
        raise MalformedDocument(path, "PREFERANS_LEVELS_TWICE")
    return tuple(sorted(levels))


def _choice(value: Any, choices: tuple[str, ...], path: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise MalformedDocument(path, "PREFERANS_CHOICE", choices=", ".join(choices), found=found(value))
    return value
