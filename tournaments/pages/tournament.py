"""The tournament page: status, tie-break order, standings, rounds and tables linked to their games."""

from __future__ import annotations

from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path

from games import permissions
from games.models import GameSeat
from tournaments.models import Table, TableSeat
from tournaments.pages.downloads import tournament_exports
from tournaments.pages.standings import readable_tournament, standings_context


def tournament_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament: status, tie-break order, standings, and every round's tables with their games."""
    tournament = readable_tournament(request, pk)
    seats = TableSeat.objects.select_related("player").order_by("seat")
    rounds = tournament.rounds.prefetch_related(
        Prefetch("tables", queryset=Table.objects.select_related("game").order_by("number")),
        Prefetch("tables__seats", queryset=seats),
        Prefetch("tables__game__seats", queryset=GameSeat.objects.select_related("player").order_by("seat")),
    )
    return render(
        request,
        "tournaments/tournament.html",
        {
            **standings_context(tournament, member=permissions.can_read_club(request.user, tournament.club)),
            "rounds": rounds,
            "manager": permissions.can_manage_club(request.user, tournament.club),
            "pbn": tournament_exports(tournament.game_type),
        },
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/", tournament_page, name="tournament-page"),
]
