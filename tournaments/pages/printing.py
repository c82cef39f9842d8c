"""Printable pages of a round: the seating list and blank score sheets for each table.

The seed's scorekeeper keeps the sheet on paper ("Составляется таблица
счета, которая делится на двойные или одинарные колонки по числу
игроков"): these pages print one per table, with each deal's number of
cards and the no-trump last deal already filled in.
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
        last = len(ruleset.schedule)
        deals = [
            {"number": i, "cards": cards, "no_trump": ruleset.last_deal_no_trump and i == last}
            for i, cards in enumerate(ruleset.schedule, start=1)
        ]
        sheets.append({"table": table, "players": players, "deals": deals, "ruleset": ruleset.as_dict()})
    return render(
        request,
        "tournaments/score_sheets.html",
        {"round": round_, "tournament": tournament, "sheets": sheets},
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/rounds/<int:number>/seating/", seating_list, name="round-seating"),
    path("tournaments/<int:pk>/rounds/<int:number>/sheets/", score_sheets, name="round-score-sheets"),
]
