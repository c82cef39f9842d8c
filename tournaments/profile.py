"""What tournaments adds to a player's profile page: the rating, its history, and each game's tournament.

Registered with games.profile_sections when tournaments/apps.py imports this module, because
games never imports this app. Three queries, whatever the number of games.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.urls import reverse
from django.utils.translation import gettext

from games.models import Game, Player
from games.profile_sections import GameContext, ProfileExtras, RatingNow, RatingPoint, register
from tournaments.models import Rating, RatingChange, Table

HISTORY_POINTS = 500  # the newest changes shown; a regular plays a few hundred rated games
DIGITS = 2


@register
def rating_section(*, player: Player, games: Sequence[Game]) -> ProfileExtras:
    # Query: the player's current rating in each game type.
    now: list[RatingNow] = [
        {
            "game_type": r.game_type,
            "mu": round(r.mu, DIGITS),
            "sigma": round(r.sigma, DIGITS),
            "ordinal": round(r.ordinal, DIGITS),
            "games": r.games,
        }
        for r in Rating.objects.filter(player=player).order_by("game_type")
    ]
    # Query: the newest rating changes, oldest first for the chart.
    changes = (
        RatingChange.objects.filter(player=player)
        .order_by("-played_at", "-game_id")
        .values("game_type", "game_id", "played_at", "mu", "sigma", "ordinal")[:HISTORY_POINTS]
    )
    history: list[RatingPoint] = [
        {
            "game_type": c["game_type"],
            "game_id": c["game_id"],
            "played_at": c["played_at"].date().isoformat(),
            "mu": round(c["mu"], DIGITS),
            "sigma": round(c["sigma"], DIGITS),
            "ordinal": round(c["ordinal"], DIGITS),
        }
        for c in reversed(list(changes))
    ]
    # Query: the tables the listed games were played at, with their round and tournament.
    context: dict[int, GameContext] = {}
    if games:
        tables = Table.objects.filter(game_id__in=[g.pk for g in games]).select_related("round__tournament")
        for table in tables:
            if table.game_id is None:
                continue
            tournament = table.round.tournament
            context[table.game_id] = {
                "label": gettext("%(tournament)s, round %(round)d, table %(table)d")
                % {"tournament": tournament.name, "round": table.round.number, "table": table.number},
                "url": reverse("tournament-page", args=[tournament.pk]),
            }
    return {"ratings": now, "rating_history": history, "game_context": context}
