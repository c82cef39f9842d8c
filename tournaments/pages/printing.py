"""Printable pages of a round: the seating list and blank score sheets for each table.

The seed's scorekeeper keeps the sheet on paper ("Составляется таблица
счета, которая делится на двойные или одинарные колонки по числу
игроков"): these pages print one per table. What a blank sheet holds is
the game's rules' business (the registry protocol's ``blank_sheet``: Oh
Hell's deal grid with each deal's cards and the no-trump last deal filled
in, rubber bridge's We/They columns with the line), drawn by the game's
own template ``tournaments/sheets/<game key>.html``.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path

from games import permissions
from rules import registry
from tournaments.models import Round, TableSeat, Tournament


def _round(request: HttpRequest, pk: int, number: int) -> Round:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not (tournament.published or permissions.can_read_club(request.user, tournament.club)):
        raise Http404("No tournament here, or not one you may read.")
    seats = TableSeat.objects.select_related("player").order_by("seat")
    return get_object_or_404(
        Round.objects.select_related("tournament__club").prefetch_related(
            "tables", Prefetch("tables__seats", queryset=seats)
        ),
        tournament=tournament,
        number=number,
    )


def seating_list(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    round_ = _round(request, pk, number)
    return render(request, "tournaments/seating.html", {"round": round_, "tournament": round_.tournament})


def score_sheets(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    round_ = _round(request, pk, number)
    tournament = round_.tournament
    rules = registry.get(tournament.game_type)
    sheets: list[dict[str, Any]] = []
    for table in round_.tables.all():
        players = [seat.player for seat in table.seats.all()]
        ruleset = rules.resolve_ruleset(tournament.ruleset, len(players))
        sheet = rules.blank_sheet(ruleset, [player.display_name for player in players])
        sheets.append({**sheet, "table": table, "players": players})
    return render(
        request,
        "tournaments/score_sheets.html",
        {
            "round": round_,
            "tournament": tournament,
            "sheets": sheets,
            "sheet_template": [
                f"tournaments/sheets/{tournament.game_type}.html",
                "tournaments/sheets/_generic.html",
            ],
        },
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/rounds/<int:number>/seating/", seating_list, name="round-seating"),
    path("tournaments/<int:pk>/rounds/<int:number>/sheets/", score_sheets, name="round-score-sheets"),
]
