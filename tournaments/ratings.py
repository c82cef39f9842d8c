"""OpenSkill ratings (Weng-Lin, Plackett-Luce) from table results, in the order they were played.

Plain Python over plain data, so the nightly rebuild and the per-game update
share one arithmetic. The teams at a table are the game's rules' (``teams``
in the registry protocol): in Oh Hell each player is a team of one, in
rubber bridge the two partnerships are teams of two; a team's score is its
seats' total (partners' totals are the same), and the scores rank the teams
(equal scores share the place). A player's rating is
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
    """A finished table game: who sat there, their seat totals, and the teams as tuples of seats
    (empty: every seat a team of one)."""

    game: int
    players: tuple[int, ...]
    totals: tuple[float, ...]
    teams: tuple[tuple[int, ...], ...] = ()


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
        seat_teams = game.teams or tuple((seat,) for seat in range(len(game.players)))
        if len(seat_teams) < 2:
            continue
        teams = [
            [
                MODEL.rating(
                    mu=skills.get(game.players[s], INITIAL).mu,
                    sigma=skills.get(game.players[s], INITIAL).sigma,
                )
                for s in team
            ]
            for team in seat_teams
        ]
        # A team scores its seats' total: the same for every partner, so the first seat's.
        rated = MODEL.rate(teams, scores=[game.totals[team[0]] for team in seat_teams])
        for team, after_team in zip(seat_teams, rated, strict=True):
            for seat, after in zip(team, after_team, strict=True):
                player = game.players[seat]
                skill = Skill(mu=after.mu, sigma=after.sigma)
                skills[player] = skill
                history.append(Change(game=game.game, player=player, skill=skill))
    return skills, history
