"""A tournament's luck-and-skill page: per player, how good the cards were and how well they were bid,
beside the standings as information (issue 13: "shown beside the real standings as information,
never replacing them"), with the per-deal numbers as CSV.

Read from the stored analyses of the tournament's games (games.analytics);
readable by whoever may read the tournament.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path
from django.utils.translation import gettext

from games import analytics, permissions
from games.analytics_display import explain, formatted, luck_unit, pick, tournament_columns, tournament_notes
from games.csv_export import csv_response
from games.models import Game, Player, SeatAnalysis
from games.pages.analytics import csv_rows
from tournaments.models import Standing, Tournament
from tournaments.pages.standings import readable_tournament


def tournament_games(tournament: Tournament) -> Any:
    return Game.objects.filter(table__round__tournament=tournament)


def analytics_lines(tournament: Tournament) -> dict[str, Any]:
    """The table's columns and one line per analysed player, in standings order."""
    summaries = analytics.games_analytics(tournament_games(tournament)).get(tournament.game_type, {})
    columns = tournament_columns(tournament.game_type)
    names = dict(Player.objects.filter(pk__in=summaries).values_list("pk", "display_name"))
    standings = {
        s.player_id: s for s in Standing.objects.filter(tournament=tournament, player_id__in=summaries)
    }
    order = sorted(
        summaries, key=lambda p: (p not in standings, standings[p].rank if p in standings else 0, names[p])
    )
    return {
        "columns": [label for _, label, _how in columns],
        "lines": [
            {
                "place": standings[player].place if player in standings else "—",
                "player": names[player],
                "player_id": player,
                "cells": [formatted(pick(summaries[player], path), how) for path, _label, how in columns],
            }
            for player in order
        ],
        # The chart of luck against the field, one bar per player in standings order (a game whose
        # analysis has no luck figure, preferans, has none).
        "chart": {
            "players": [names[p] for p in order if pick(summaries[p], "luck") is not None],
            "luck": [round(summaries[p]["luck"], 3) for p in order if pick(summaries[p], "luck") is not None],
            "label": gettext("Luck"),
            "unit": luck_unit(tournament.game_type),
        },
    }


def tournament_analytics_page(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = readable_tournament(request, pk)
    return render(
        request,
        "tournaments/analytics.html",
        {
            "tournament": tournament,
            "counts": analytics.status_counts(tournament_games(tournament)),
            "member": permissions.can_read_club(request.user, tournament.club),
            "explain": explain(tournament.game_type),
            "column_notes": tournament_notes(tournament.game_type),
            **analytics_lines(tournament),
        },
    )


def tournament_analytics_csv(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = readable_tournament(request, pk)
    seats = SeatAnalysis.objects.filter(game__in=tournament_games(tournament))
    return csv_response(csv_rows(seats, tournament.game_type), f"tournament-{tournament.pk}-analysis.csv")


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/analytics/", tournament_analytics_page, name="tournament-analytics-page"),
    path("tournaments/<int:pk>/analytics.csv", tournament_analytics_csv, name="tournament-analytics-csv"),
]
