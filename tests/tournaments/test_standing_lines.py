"""The standings API's lines, read as plain rows (tournaments.api.standing_lines)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import Player
from tournaments import services
from tournaments.api import standing_lines
from tournaments.models import Standing

pytestmark = pytest.mark.django_db


def test_lines_give_shared_places_in_rank_then_name_order(api, people):
    tournament = services.tournament_create(
        club=people.club, name="Кубок", user=people.organiser, published=True, tiebreaks=["lots"]
    )
    now = timezone.now()
    lines = [
        ("Вера", 1, 1, 30.5, {"lots": 2}, 0),
        ("Борис", 2, 3, 12.0, {"lots": 1}, 1),  # one of Boris's two results is under dispute
        ("Анна", 2, 3, 12.0, {"lots": 3}, 0),
    ]
    for name, rank, rank_to, points, tiebreaks, provisional in lines:
        player = Player.objects.create(club=people.club, display_name=name)
        Standing.objects.create(
            tournament=tournament,
            player=player,
            rank=rank,
            rank_to=rank_to,
            points=points,
            games=2,
            provisional=provisional,
            tiebreaks=tiebreaks,
            compiled_at=now,
        )
    ids = dict(Player.objects.filter(club=people.club).values_list("display_name", "pk"))
    expected = [
        {
            "rank": "1",
            "player_id": ids["Вера"],
            "player": "Вера",
            "points": 30.5,
            "games": 2,
            "provisional": 0,
            "tiebreaks": {"lots": 2},
            "partner_id": None,
        },
        {
            "rank": "2–3",
            "player_id": ids["Анна"],
            "player": "Анна",
            "points": 12.0,
            "games": 2,
            "provisional": 0,
            "tiebreaks": {"lots": 3},
            "partner_id": None,
        },
        {
            "rank": "2–3",
            "player_id": ids["Борис"],
            "player": "Борис",
            "points": 12.0,
            "games": 2,
            "provisional": 1,
            "tiebreaks": {"lots": 1},
            "partner_id": None,
        },
    ]
    assert standing_lines(tournament) == expected
    assert api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()["standings"] == expected
