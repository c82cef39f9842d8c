"""The tournament page: status, tie-break order, the leading standings, and one round's tables at a
time, each linked to its game.

Its cost does not grow with the tournament: the standings are the first
LEADERS lines (rendered once per compile and cached, as on the standings
page), and the rounds are shown one at a time, TABLES_PER_PAGE tables a page,
with links to the others (tournaments/pages/paging.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Count, Prefetch, Window
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path
from django.utils.safestring import mark_safe

from games import permissions
from games.models import GameSeat
from tournaments.models import Round, Table, TableSeat, Tournament
from tournaments.pages import duplicate_standings
from tournaments.pages.downloads import tournament_exports
from tournaments.pages.paging import asked, pager, pages_for
from tournaments.pages.standings import LEADERS, TIEBREAK_LABELS, readable_tournament, standings_html

#: Tables of a round listed on one page of the tournament page.
TABLES_PER_PAGE = 50


def tables_page(current: Round, page: int) -> tuple[Sequence[Table], int]:
    """A page of the round's tables with their seats, games and the games' seats, and how many
    tables the round has (a window count over the same rows, so no query of its own)."""
    # Only the columns the cards show: a game's JSON (ruleset, totals) is not decoded fifty times.
    seats = TableSeat.objects.select_related("player").only("table_id", "seat", "player__display_name")
    game_seats = GameSeat.objects.select_related("player").only(
        "game_id", "seat", "total", "player__display_name"
    )
    first = (page - 1) * TABLES_PER_PAGE
    tables = list(
        Table.objects.filter(round=current)
        .select_related("game")
        .only("number", "round_id", "game__status", "game__provisional")
        .annotate(in_round=Window(Count("pk")))
        .order_by("number")
        .prefetch_related(
            Prefetch("seats", queryset=seats.order_by("seat")),
            Prefetch("game__seats", queryset=game_seats.order_by("seat")),
        )[first : first + TABLES_PER_PAGE]
    )
    count: int = tables[0].in_round if tables else 0
    return tables, count


def round_tables(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """The round asked for (``?round=``, else the latest) and a page of its tables (``?page=``),
    with their seats or their games' results; the pagers to the other rounds and pages.

    Three queries whatever the size (the rounds' numbers, a page of tables with their games and
    the round's table count, the tables' seats, the games' seats), as the page pins them; two
    more for a page past the last (the count, then the last page)."""
    rounds = list(tournament.rounds.order_by("number").only("tournament_id", "number", "status"))
    if not rounds:
        return {"round": None, "tables": [], "round_links": [], "table_links": []}
    by_number = {r.number: r for r in rounds}
    latest = rounds[-1].number
    # Rounds are numbered 1…n without gaps; a missing one falls back to the latest.
    current = by_number.get(asked(request, "round", latest, default=latest)) or rounds[-1]
    # A game's page links to its table (``?table=``): the page of tables that holds it.
    if "table" in request.GET:
        page = pages_for(asked(request, "table", None), TABLES_PER_PAGE)
    else:
        page = asked(request, "page", None)
    tables, count = tables_page(current, page)
    if not tables and page > 1:
        page = pages_for(Table.objects.filter(round=current).count(), TABLES_PER_PAGE)
        tables, count = tables_page(current, page)
    first = (page - 1) * TABLES_PER_PAGE
    return {
        "round": current,
        "tables": tables,
        "table_first": first + 1,
        "table_last": first + len(tables),
        "table_count": count,
        "round_links": pager(request, "round", current.number, latest),
        "table_links": pager(
            request, "page", page, pages_for(count, TABLES_PER_PAGE), keep={"round": current.number}
        ),
    }


def tournament_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament: status, tie-break order, the leading standings, and a round's tables."""
    tournament = readable_tournament(request, pk)
    member = permissions.can_read_club(request.user, tournament.club)
    table, _key = standings_html(request, tournament, member=member, limit=LEADERS)
    return render(
        request,
        "tournaments/tournament.html",
        {
            "tournament": tournament,
            "standings_table": mark_safe(table),  # noqa: S308 - our own template's output
            "tiebreak_labels": [TIEBREAK_LABELS.get(name, name) for name in tournament.tiebreaks],
            "ranked_by": duplicate_standings.scoring_label(tournament)
            if duplicate_standings.is_duplicate(tournament)
            else "",
            **round_tables(request, tournament),
            "manager": permissions.can_manage_club(request.user, tournament.club),
            "pbn": tournament_exports(tournament.game_type),
        },
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/", tournament_page, name="tournament-page"),
]
