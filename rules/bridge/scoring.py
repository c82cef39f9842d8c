"""Scoring one deal of rubber bridge: the entries above and below the line for each side.

"Каждый столбец разделен горизонтальной чертой, под которой пишутся очки,
объявленные по контракту … Над чертой пишут все остальное, в том числе и
премии за превышение контракта, недобор, контры, реконтры, малые и большие
шлемы, короны и коронки." A deal's score is a list of labelled entries; the
game and rubber entries, which depend on the rubber so far, are added by
rules.bridge.rubber.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.bridge.core import SUIT_OF_STRAIN, Contract, Doubling, Seat, Side, Strain
from rules.bridge.ruleset import Ruleset

#: Entry kinds, in the order a deal's entries are written.
KINDS = (
    "tricks",
    "overtricks",
    "insult",
    "slam",
    "undertricks",
    "honours",
    "game",
    "rubber",
    "unfinished_game",
    "unfinished_partscore",
)
SIDE_KEYS = ("we", "they")

#: The five trump honours A K Q J T (ranks 12..8) of suit 0; shift by 13 * suit.
_HONOURS_OF_SPADES = sum(1 << rank for rank in range(8, 13))
#: The four aces.
_ACES = sum(1 << (13 * suit + 12) for suit in range(4))


@dataclass(frozen=True, slots=True)
class Entry:
    """One number written on the sheet: whose, above or below the line, what for, how much."""

    side: Side
    line: str  # "above" or "below"
    kind: str
    points: int

    def as_dict(self) -> dict[str, Any]:
        return {"side": SIDE_KEYS[self.side], "line": self.line, "kind": self.kind, "points": self.points}


@dataclass(frozen=True, slots=True)
class DealScore:
    """A deal's entries; a passed-out deal has none."""

    entries: tuple[Entry, ...] = ()

    def points(self, side: Side, line: str | None = None, kind: str | None = None) -> int:
        """The sum of ``side``'s entries, optionally of one line and one kind."""
        total = 0
        for e in self.entries:
            if e.side == side and (line is None or e.line == line) and (kind is None or e.kind == kind):
                total += e.points
        return total

    def above(self, side: Side) -> int:
        return self.points(side, "above")

    def below(self, side: Side) -> int:
        return self.points(side, "below")

    def total(self, side: Side) -> int:
        return self.points(side)

    def added(self, *more: Entry) -> DealScore:
        """The same deal with ``more`` entries written after these."""
        return DealScore(self.entries + more)

    def sheet(self) -> dict[str, dict[str, list[int]]]:
        """The entries as the JSON rubber log records them (docs/bridge-log.md ``scores``)."""
        out: dict[str, dict[str, list[int]]] = {key: {"above": [], "below": []} for key in SIDE_KEYS}
        for e in self.entries:
            out[SIDE_KEYS[e.side]][e.line].append(e.points)
        return out

    def as_dict(self) -> list[dict[str, Any]]:
        return [e.as_dict() for e in self.entries]


def trick_points(level: int, strain: Strain, doubling: Doubling, ruleset: Ruleset) -> int:
    """Below the line "только за объявленные взятки в выигранном контракте": 20 a trick in
    clubs and diamonds, 30 in hearts and spades, at no-trump 40 the first and 30 each next;
    "40 (с контрой)", "60 (с контрой)" …; "Реконтра удваивает контру"."""
    if strain is Strain.NOTRUMP:
        points = ruleset.trick_notrump_first + (level - 1) * ruleset.trick_notrump_next
    elif strain.minor:
        points = level * ruleset.trick_minor
    else:
        points = level * ruleset.trick_major
    if doubling is Doubling.UNDOUBLED:
        return points
    points *= ruleset.doubled_multiplier
    return points * ruleset.redoubled_multiplier if doubling is Doubling.REDOUBLED else points


def overtrick_points(
    overtricks: int, strain: Strain, doubling: Doubling, vulnerable: bool, ruleset: Ruleset
) -> int:
    """Переборы: "перед партией: 100 – с контрой, а без контры столько же очков, сколько и
    за взятки; после партии: 200 – с контрой"; redoubled twice the doubled value."""
    if doubling is Doubling.UNDOUBLED:
        if strain is Strain.NOTRUMP:
            each = ruleset.trick_notrump_next
        else:
            each = ruleset.trick_minor if strain.minor else ruleset.trick_major
    else:
        each = ruleset.overtrick_doubled_vul if vulnerable else ruleset.overtrick_doubled_nv
        if doubling is Doubling.REDOUBLED:
            each *= ruleset.redoubled_multiplier
    return overtricks * each


def undertrick_points(undertricks: int, doubling: Doubling, vulnerable: bool, ruleset: Ruleset) -> int:
    """Недоборы, the defenders' points: "перед партией: 50 (без контры), 100 (с контрой) –
    первая взятка; 50 (без контры), 200 (с контрой) – каждая последующая; после партии:
    100 (без контры), 200 (с контрой) – первая взятка; 100 (без контры), 300 (с контрой) –
    каждая последующая". The Laws (Law 77) make the 4th on, doubled not vulnerable, 300 each.
    Redoubled: twice the doubled values."""
    if doubling is Doubling.UNDOUBLED:
        table = ruleset.undertricks_vul if vulnerable else ruleset.undertricks_nv
    else:
        table = ruleset.undertricks_doubled_vul if vulnerable else ruleset.undertricks_doubled_nv
    first, second_third, fourth_on = table
    points = 0
    for n in range(1, undertricks + 1):
        points += first if n == 1 else second_third if n <= 3 else fourth_on
    if doubling is Doubling.REDOUBLED:
        points *= ruleset.redoubled_multiplier
    return points


def slam_points(level: int, vulnerable: bool, ruleset: Ruleset) -> int:
    """ "500 – премия за взятие объявленного малого шлема (12 взяток) «перед партией»; 700 –
    … «после партии»; 750 – … большого шлема (13 взяток) «перед партией»; 1500 – … «после
    партии»" (seed); the Laws: 500/750 and 1000/1500. Only a slam bid and made."""
    if level == 6:
        return ruleset.small_slam_vul if vulnerable else ruleset.small_slam_nv
    if level == 7:
        return ruleset.grand_slam_vul if vulnerable else ruleset.grand_slam_nv
    return 0


def score_deal(
    contract: Contract | None,
    declarer_tricks: int,
    vulnerable: tuple[bool, bool],
    honours: tuple[int, int],
    ruleset: Ruleset,
) -> DealScore:
    """Every entry of one deal, by side (``vulnerable`` and ``honours`` are indexed by Side).

    A made contract: its tricks below the line, then above it the overtricks, "50 – штраф за
    невыполненную контру" (the insult) and the slam; a defeated one: the defenders' undertricks.
    Honours go above the line to whichever side holds them, made or not. A passed-out deal
    (``contract`` None) scores nothing.
    """
    if contract is None:
        return DealScore()
    if not 0 <= declarer_tricks <= 13:
        raise ValueError(f"declarer's tricks must be 0 to 13, not {declarer_tricks}")
    side = contract.side
    vul = vulnerable[side]
    entries: list[Entry] = []
    extra = declarer_tricks - contract.tricks_needed
    if extra >= 0:
        entries.append(
            Entry(
                side,
                "below",
                "tricks",
                trick_points(contract.level, contract.strain, contract.doubling, ruleset),
            )
        )
        if extra:
            entries.append(
                Entry(
                    side,
                    "above",
                    "overtricks",
                    overtrick_points(extra, contract.strain, contract.doubling, vul, ruleset),
                )
            )
        if contract.doubling is not Doubling.UNDOUBLED:
            insult = (
                ruleset.insult_redoubled
                if contract.doubling is Doubling.REDOUBLED
                else ruleset.insult_doubled
            )
            if insult:
                entries.append(Entry(side, "above", "insult", insult))
        slam = slam_points(contract.level, vul, ruleset)
        if slam:
            entries.append(Entry(side, "above", "slam", slam))
    else:
        points = undertrick_points(-extra, contract.doubling, vul, ruleset)
        entries.append(Entry(side.other, "above", "undertricks", points))
    for holder in (Side.WE, Side.THEY):
        if honours[holder]:
            entries.append(Entry(holder, "above", "honours", honours[holder]))
    return DealScore(tuple(entries))


def honours_points(hands: Sequence[int], strain: Strain, ruleset: Ruleset) -> tuple[int, int]:
    """Honours by side from the four hands' masks (indexed by Seat).

    "100 – премия за обладание 4 онерами в козыре (коронки); 150 – премия за обладание 5
    онерами в козыре (короны) или 4 тузами в игре без козыря." Honours are A K Q J T of
    trumps held in one hand; they score for the side that holds them, declarer's or the
    defenders' (Law 77 table; rubber Law 72: either side "by holding scorable honors").
    """
    points = [0, 0]
    if strain is Strain.NOTRUMP:
        for seat in Seat:
            if hands[seat] & _ACES == _ACES:
                points[seat.side] += ruleset.four_aces_notrump
        return points[0], points[1]
    suit = SUIT_OF_STRAIN[strain]
    assert suit is not None  # a suit strain has a suit
    honours = _HONOURS_OF_SPADES << (13 * suit)
    for seat in Seat:
        held = (hands[seat] & honours).bit_count()
        if held == 5:
            points[seat.side] += ruleset.honours_five
        elif held == 4:
            points[seat.side] += ruleset.honours_four
    return points[0], points[1]
