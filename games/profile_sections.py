"""Sections that apps above games add to a player's profile page (games/pages/profile.py).

games never imports tournaments (docs/architecture.md), yet a player's
profile shows their rating and the tournament each recent game belonged
to. So the profile asks whoever registered here: tournaments/apps.py
registers one function in ready(), the same way it adds the game lists'
``?tournament=`` filter. Each function returns the parts of ``ProfileExtras``
it knows; the page shows a part only when someone filled it.

A section function must cost a constant number of queries whatever the
number of games (the profile's query count is pinned in a test).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypedDict

from games.models import Game, Player


class RatingNow(TypedDict):
    """A player's current rating in one game type: mu ± sigma, and ordinal = mu − 3·sigma."""

    game_type: str
    mu: float
    sigma: float
    ordinal: float
    games: int


class RatingPoint(TypedDict):
    """The rating after one rated game (a point of the history chart)."""

    game_type: str
    game_id: int
    played_at: str  # ISO 8601 date
    mu: float
    sigma: float
    ordinal: float


class GameContext(TypedDict):
    """Where a game was played, e.g. a tournament's round and table, with a link to it."""

    label: str
    url: str


class ProfileExtras(TypedDict, total=False):
    ratings: list[RatingNow]
    rating_history: list[RatingPoint]
    game_context: dict[int, GameContext]  # by game id, for the games shown


Section = Callable[..., ProfileExtras]
"""Called as ``section(player=player, games=games)``: the player and the games the page lists."""

_sections: list[Section] = []


def register(section: Section) -> Section:
    """Add a section function (once, however often ready() runs); returns it, so it may decorate."""
    if section not in _sections:
        _sections.append(section)
    return section


def extras_for(*, player: Player, games: Sequence[Game]) -> ProfileExtras:
    """Every registered section's parts, merged in registration order."""
    extras: ProfileExtras = {}
    for section in _sections:
        extras.update(section(player=player, games=games))
    return extras
