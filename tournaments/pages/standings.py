"""Live standings and the cross-table of a tournament.

While a tournament runs, the standings fragment polls itself with htmx
(``hx-trigger="every 5s"``); the server answers 286 once the tournament is
no longer running, which tells htmx to stop. Each poll is two queries (the
tournament, its standing lines with players), whatever the field size.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path
from django.utils.translation import gettext_lazy as _

from games import permissions
from tournaments import services
from tournaments.models import Tournament

# How the tie-break keys read on a page (the keys are the API's contract).
TIEBREAK_LABELS = {
    "head_to_head": _("head to head"),
    "contracts_made": _("contracts made"),
    "best_game": _("best game"),
    "table_wins": _("table wins"),
    "lots": _("lots"),
}

POLL_SECONDS = 5
HTMX_STOP_POLLING = 286


def readable_tournament(request: HttpRequest, pk: int) -> Tournament:
    """The tournament if this user may read it: published, or a member of its club; else 404."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not (tournament.published or permissions.can_read_club(request.user, tournament.club)):
        raise Http404("No tournament here, or not one you may read.")
    return tournament


def standings_context(tournament: Tournament, *, member: bool = False) -> dict[str, Any]:
    """What the standings fragment shows: lines in rank order with shared places as "3–4".

    ``member``: the reader belongs to the club, so names link to the players' profiles.
    """
    lines = [
        {
            "place": line.place,
            "player": line.player.display_name,
            "player_id": line.player_id,
            "points": line.points,
            "games": line.games,
            "tiebreaks": [line.tiebreaks.get(name) for name in tournament.tiebreaks],
        }
        for line in tournament.standings.select_related("player").order_by("rank", "player__display_name")
    ]
    return {
        "tournament": tournament,
        "standings": lines,
        "tiebreak_labels": [TIEBREAK_LABELS.get(name, name) for name in tournament.tiebreaks],
        "live": tournament.status == Tournament.Status.RUNNING,
        "member": member,
        "poll_seconds": POLL_SECONDS,
    }


def standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = readable_tournament(request, pk)
    member = permissions.can_read_club(request.user, tournament.club)
    return render(request, "tournaments/standings.html", standings_context(tournament, member=member))


def standings_fragment(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings table alone, for htmx polling; 286 stops the polling once the tournament stops."""
    tournament = readable_tournament(request, pk)
    context = standings_context(tournament, member=permissions.can_read_club(request.user, tournament.club))
    response = render(request, "tournaments/_standings.html", context)
    if not context["live"]:
        response.status_code = HTMX_STOP_POLLING
    return response


def cross_table_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Who met whom: a row per player, a column per round, each cell the table, place and total."""
    tournament = readable_tournament(request, pk)
    table = services.cross_table(tournament=tournament)
    rounds = sorted({result["round"] for row in table["rows"] for result in row["results"]})
    rows = []
    for row in table["rows"]:
        by_round: dict[int, list[dict[str, Any]]] = {}
        for result in row["results"]:
            by_round.setdefault(result["round"], []).append(result)
        rows.append({"player": row["player"], "cells": [by_round.get(n, []) for n in rounds]})
    return render(
        request,
        "tournaments/cross_table.html",
        {"tournament": tournament, "rounds": rounds, "rows": rows},
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/standings/", standings_page, name="tournament-standings"),
    path("tournaments/<int:pk>/standings/live/", standings_fragment, name="tournament-standings-live"),
    path("tournaments/<int:pk>/cross-table/", cross_table_page, name="tournament-cross-table"),
]
