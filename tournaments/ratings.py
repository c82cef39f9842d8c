"""OpenSkill ratings (Weng-Lin, Plackett-Luce) from table results, in the order they were played.

Plain Python over plain data, so the nightly rebuild and the per-game update
share one arithmetic. Each player at a table is a team of one; the game's
totals rank them (equal totals share the place). A player's rating is
``mu`` ± ``sigma``; ``ordinal`` (mu - 3·sigma) is the conservative figure
leaderboards sort by, since a newcomer's high uncertainty should not
outrank a steady regular.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


INITIAL = Skill(mu=MODEL.mu, sigma=MODEL.sigma)


@dataclass(frozen=True)
class RatedGame:
    """A finished table game: who sat there and their totals."""

    game: int
    players: tuple[int, ...]
    totals: tuple[float, ...]


@dataclass(frozen=True)
class Change:
    """A player's rating after one game (the rating history)."""

    game: int
    player: int
    skill: Skill


def rate(
    games: Iterable[RatedGame], start: Mapping[int, Skill] | None = None
) -> tuple[dict[int, Skill], list[Change]]:
    """Apply games in the given (chronological) order; return the final skills and every change."""
    skills: dict[int, Skill] = dict(start or {})
    history: list[Change] = []
    for game in games:
        if len(game.players) < 2:
            continue
        teams = [
            [MODEL.rating(mu=skills.get(p, INITIAL).mu, sigma=skills.get(p, INITIAL).sigma)]
            for p in game.players
        ]
        rated = MODEL.rate(teams, scores=list(game.totals))
        for player, (after,) in zip(game.players, rated, strict=True):
            skill = Skill(mu=after.mu, sigma=after.sigma)
            skills[player] = skill
            history.append(Change(game=game.game, player=player, skill=skill))
    return skills, history
