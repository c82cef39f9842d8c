"""The results of a duplicate event (issue 22): the ranking of each field with percentages, and
every board's traveller with what each pair earned on it.

Read from the scoring itself (tournaments.duplicate.score), so the page and the standings say
the same; readable as the tournament is (published, or a member of its club).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path

from games import permissions
from tournaments import duplicate, individual, teams
from tournaments.models import DuplicateEvent
from tournaments.pages.standings import readable_tournament


def _ranking(results: duplicate.EventResults, field: str) -> list[dict[str, Any]]:
    lines = []
    for number, pair in results.pairs.items():
        if results.field_of[number] != field:
            continue
        scored = results.scores.get(number)
        lines.append(
            {
                "pair": number,
                "names": (pair.first.display_name, pair.second.display_name),
                "place": scored.place if scored else "—",
                "score": float(scored.score) if scored else None,
                "total": float(scored.total) if scored else None,
                "boards": len(scored.by_board) if scored else 0,
                "withdrawn": pair.withdrawn_after,
                "order": (0, -scored.score, number) if scored else (1, 0, number),
            }
        )
    return sorted(lines, key=lambda line: line["order"])


def _travellers(results: duplicate.EventResults) -> list[dict[str, Any]]:
    out = []
    for traveller in results.travellers:
        rows = []
        for row, ns, ew in sorted(traveller.rows, key=lambda r: (r[0].ns, r[0].ew)):
            line = results.lines.get(traveller.board, {}).get((row.ns, row.ew), {})
            rows.append(
                {"ns_pair": row.ns, "ew_pair": row.ew, "line": line, "ns": float(ns), "ew": float(ew)}
            )
        out.append(
            {
                "board": traveller.board,
                "rows": rows,
                "mark": traveller.mark,
                "played": len(rows),
                "expected": results.expected.get(traveller.board, len(rows)),
            }
        )
    return out


def duplicate_results(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's ranking per field and its travellers."""
    tournament = readable_tournament(request, pk)
    if (
        not DuplicateEvent.objects.filter(tournament=tournament).exists()
        or teams.is_teams(tournament)
        or individual.is_individual(tournament)
    ):
        raise Http404("This tournament is not a duplicate pairs event.")
    results = duplicate.score(tournament)
    fields = ["NS", "EW"] if duplicate.two_fields(results.event) else [""]
    return render(
        request,
        "tournaments/duplicate/results.html",
        {
            "tournament": tournament,
            "event": results.event,
            "fields": [{"name": name, "lines": _ranking(results, name)} for name in fields],
            "travellers": _travellers(results),
            "matchpoints": results.event.scoring == DuplicateEvent.Scoring.MATCHPOINTS,
            "member": permissions.can_read_club(request.user, tournament.club),
        },
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/duplicate/", duplicate_results, name="tournament-duplicate"),
]
