"""Luck in durak: the strength of the six cards each player was dealt, against the table and the result.

A game of durak has no contract to measure play against, and no double dummy worth the name
(docs/durak.md, "Analytics": the game tree is far too large and, with three or more players,
"best play by all" has no single answer). What the log does show is the luck of the deal:
every player's first six cards (``hands``) and the trump.

The strength of a card is what it can beat, by the seed's rule of the beat: "отбить
полученную карту старшей картой той же масти или козырем" — a higher card of its suit, or
any card of another suit when it is a trump. A card's ``power`` is the number of the deck's
cards it beats, divided by the number the best card (the trump ace; without trumps any ace)
beats, so the trump ace is 1, every trump is above every other card (a trump six beats the
27 non-trumps of a 36-card deck, a plain ace only the 8 lower cards of its suit) and the
lowest plain card 0. A hand's ``strength`` is the mean power of its six cards, 0..1.

Per game per seat: ``trumps`` dealt, ``strength``, ``luck`` = strength less the table's mean
strength (the luck of a table sums to zero), ``trumps_vs_table`` likewise for the trumps,
``first_attack`` (whether the seat opened the game), then the result: ``place`` (1 = out
first, the fool last), ``fool`` (None when the result is unknown; False for everyone in a
draw) and ``draw``. ``reason`` is ``hands_unknown`` for a game logged by its result alone.
Plain Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.durak.core import BEATERS, SUIT, cards_of, deck_mask
from rules.durak.document import DurakDeal, DurakLog
from rules.durak.replay import deal_table
from rules.durak.ruleset import Ruleset, resolve_ruleset

__all__ = [
    "ANALYSIS_VERSION",
    "COLUMNS",
    "analyse_deals",
    "analyse_game",
    "available",
    "card_powers",
    "player_summary",
]

#: Bumped whenever a change here could change a row.
ANALYSIS_VERSION = "1"

#: (row key, short English label) in display and CSV order.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("deal", "Game"),
    ("seat", "Seat"),
    ("trumps", "Trumps"),
    ("strength", "Hand strength"),
    ("luck", "Luck"),
    ("trumps_vs_table", "Trumps vs table"),
    ("first_attack", "First attack"),
    ("place", "Place"),
    ("fool", "Fool"),
    ("draw", "Draw"),
    ("reason", "Not measured"),
)

_DIGITS = 4


def available() -> bool:
    """Always: nothing beyond the engine is needed."""
    return True


def card_powers(deck: int, trump: int) -> dict[int, float]:
    """Per card id of ``deck`` (a mask of rules.durak.core ids): the share of the deck it beats,
    the best card's share being 1. ``trump`` is the trump suit, -1 for none."""
    beaters = BEATERS[trump + 1]
    ids = cards_of(deck)
    beaten = dict.fromkeys(ids, 0)
    for attack in ids:
        can = beaters[attack] & deck
        for c in ids:
            if can >> c & 1:
                beaten[c] += 1
    best = max(beaten.values())
    return {c: n / best for c, n in beaten.items()}


def analyse_game(report: dict[str, Any], log: DurakLog) -> list[dict[str, Any]]:
    """One row per game per seat (module docstring); ``report`` is the replay's report dict."""
    return [row for rows in analyse_deals(report, log) for row in rows]


def analyse_deals(report: dict[str, Any], log: DurakLog) -> Iterator[list[dict[str, Any]]]:
    """:func:`analyse_game` one game of the evening at a time, in the report's order, so the
    caller can stop at a budget between two."""
    ruleset = resolve_ruleset(log.ruleset, len(log.players))
    powers: dict[int, dict[int, float]] = {}
    for game, deal in zip(report["deals"], log.deals, strict=True):
        yield _game_rows(game, deal, ruleset, len(log.players), powers)


def _game_rows(
    game: dict[str, Any], deal: DurakDeal, ruleset: Ruleset, n: int, powers: dict[int, dict[int, float]]
) -> list[dict[str, Any]]:
    fool, draw = game["fool"], bool(game["draw"])
    places = game["places"]
    known = draw or fool is not None
    results = [
        {
            "first_attack": None if game["first_attacker"] is None else game["first_attacker"] == seat,
            "place": None if places is None else places[seat],
            "fool": (fool == seat) if known else None,
            "draw": draw,
        }
        for seat in range(n)
    ]
    if deal.hands is None:
        return [
            {
                "deal": game["deal"],
                "seat": seat,
                "trumps": None,
                "strength": None,
                "luck": None,
                "trumps_vs_table": None,
                **results[seat],
                "reason": "hands_unknown",
            }
            for seat in range(n)
        ]
    table = deal_table(deal, ruleset)  # the card ids as dealt (a twin of the two-deck game is id + 52)
    trump = table.trump
    if trump not in powers:
        powers[trump] = card_powers(deck_mask(ruleset.deck, ruleset.copies), trump)
    power = powers[trump]
    trumps = [sum(1 for c in cards_of(hand) if SUIT[c] == trump) for hand in table.hands]
    strengths = [sum(power[c] for c in cards_of(hand)) / hand.bit_count() for hand in table.hands]
    mean_strength = sum(strengths) / n
    mean_trumps = sum(trumps) / n
    return [
        {
            "deal": game["deal"],
            "seat": seat,
            "trumps": trumps[seat],
            "strength": round(strengths[seat], _DIGITS),
            "luck": round(strengths[seat] - mean_strength, _DIGITS),
            "trumps_vs_table": round(trumps[seat] - mean_trumps, _DIGITS),
            **results[seat],
            "reason": None,
        }
        for seat in range(n)
    ]


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), _DIGITS) if values else None


def _fool_rate(rows: list[dict[str, Any]]) -> float | None:
    decided = [r for r in rows if r["fool"] is not None]
    return _mean([1.0 if r["fool"] else 0.0 for r in decided])


def player_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A player's rows summed up: games; mean hand strength, luck and trumps of the games whose
    hands are logged; how often he was the fool, over all games with a result, with hands
    stronger than his table's average (luck above 0) and with hands at or below it."""
    measured = [r for r in rows if r["strength"] is not None]
    strong = [r for r in measured if r["luck"] > 0]
    weak = [r for r in measured if r["luck"] <= 0]
    return {
        "games": len(rows),
        "measured": len(measured),
        "strength": _mean([r["strength"] for r in measured]),
        "luck": _mean([r["luck"] for r in measured]),
        "trumps": _mean([r["trumps"] for r in measured]),
        "fool_rate": _fool_rate(rows),
        "strong_games": len(strong),
        "fool_rate_strong": _fool_rate(strong),
        "weak_games": len(weak),
        "fool_rate_weak": _fool_rate(weak),
    }
