"""Live standings and the cross-table of a tournament.

While a tournament runs, the standings fragment polls itself with htmx
(``hx-trigger="every 5s"``); the server answers 286 once the tournament is
no longer running, which tells htmx to stop. Each poll is two queries (the
tournament, its standing lines with players), whatever the field size.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import URLPattern, path
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
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
#: A rendered table is kept this long at most (a new compile changes its key anyway).
FRAGMENT_CACHE_S = 600
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


def fragment_key(tournament: Tournament, *, member: bool) -> str:
    """What the standings table depends on: the compile it shows, the status (live or not), the
    tie-breaks, who reads it (members get profile links) and the language."""
    compiled = tournament.standings_compiled_at.isoformat() if tournament.standings_compiled_at else "-"
    parts = [str(tournament.pk), compiled, tournament.status, ",".join(tournament.tiebreaks)]
    parts += ["m" if member else "p", get_language() or ""]
    return "standings:html:" + hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


def standings_html(request: HttpRequest, tournament: Tournament, *, member: bool) -> tuple[str, str]:
    """The rendered standings table and its key, from the cache until the next compile.

    A running tournament's page is polled by every player's phone every few seconds; the
    table only changes when the standings are compiled, so it is rendered once per compile
    (and language) and each poll costs one query for the tournament and a cache read."""
    key = fragment_key(tournament, member=member)
    html = cache.get(key)
    if html is None:
        html = render_to_string(
            "tournaments/_standings.html", standings_context(tournament, member=member), request=request
        )
        cache.set(key, html, timeout=FRAGMENT_CACHE_S)
    return html, key


def standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = readable_tournament(request, pk)
    member = permissions.can_read_club(request.user, tournament.club)
    html, _key = standings_html(request, tournament, member=member)
    context = {
        "tournament": tournament,
        "standings_table": mark_safe(html),  # noqa: S308 - our own template's output
        "tiebreak_labels": [TIEBREAK_LABELS.get(name, name) for name in tournament.tiebreaks],
        "live": tournament.status == Tournament.Status.RUNNING,
        "poll_seconds": POLL_SECONDS,
    }
    return render(request, "tournaments/standings.html", context)


def standings_fragment(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings table alone, for htmx polling; 286 stops the polling once the tournament
    stops. The ETag is the table's key: a poll that brings it back is answered 304."""
    tournament = readable_tournament(request, pk)
    member = permissions.can_read_club(request.user, tournament.club)
    html, key = standings_html(request, tournament, member=member)
    etag = f'"{key.rsplit(":", 1)[-1]}"'
    live = tournament.status == Tournament.Status.RUNNING
    response: HttpResponse
    if live and request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(html)
        if not live:
            response.status_code = HTMX_STOP_POLLING
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"  # always ask; 304 while nothing changed
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
