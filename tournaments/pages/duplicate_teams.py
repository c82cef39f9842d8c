"""The results of a teams-of-four duplicate event (issue 22): the ranking in victory points,
each round's matches with their IMPs and VPs, each match board by board, and the Butler
ranking of the pairs.

Read from the scoring itself (tournaments.teams.score), so the page and the standings say the
same; readable as the tournament is (published, or a member of its club); 404 for a
tournament that is not a teams event.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path

from tournaments import teams
from tournaments.models import DuplicatePair
from tournaments.pages.standings import readable_tournament


def _names(pair: DuplicatePair) -> str:
    return f"{pair.first.display_name} – {pair.second.display_name}"


def _context(results: teams.TeamResults) -> dict[str, Any]:
    name = {n: t.name for n, t in results.teams.items()}
    pairs_of: dict[int, list[str]] = {n: [] for n in results.teams}
    for _number, pair in sorted(results.pairs.items()):
        if pair.team is not None:
            pairs_of[pair.team.number].append(_names(pair))
    ranking = [
        {
            "place": results.totals[n].place,
            "team": n,
            "name": name[n],
            "pairs": pairs_of[n],
            "vp": results.totals[n].vp,
            "matches": results.totals[n].matches,
            "imps_won": results.totals[n].imps_won,
            "imps_lost": results.totals[n].imps_lost,
            "byes": len(results.totals[n].bye_rounds),
        }
        for n in results.ranking
    ]
    rounds = []
    for number in sorted(results.rounds):
        matches = []
        for match in results.rounds[number]:
            matches.append(
                {
                    "id": f"r{number}-m{match.number}",
                    "match": match,
                    "home": name[match.home],
                    "away": name[match.away],
                    "lines": [
                        {
                            "line": line,
                            "home_imps": line.imps if line.imps is not None and line.imps > 0 else None,
                            "away_imps": -line.imps if line.imps is not None and line.imps < 0 else None,
                        }
                        for line in match.lines
                    ],
                }
            )
        bye = results.byes.get(number)
        rounds.append({"number": number, "matches": matches, "bye": name[bye] if bye else None})
    butler = [
        {
            "place": p.place,
            "pair": p.pair,
            "names": _names(results.pairs[p.pair]),
            "team": name.get(p.team, ""),
            "total": float(p.total),
            "boards": p.boards,
            "per_board": float(p.per_board),
        }
        for p in results.butler
    ]
    return {"ranking": ranking, "rounds": rounds, "butler": butler}


def duplicate_teams(request: HttpRequest, pk: int) -> HttpResponse:
    """The teams event's ranking, matches and Butler ranking of the pairs."""
    tournament = readable_tournament(request, pk)
    if not teams.is_teams(tournament):
        raise Http404("This tournament is not a teams event.")
    results = teams.score(tournament)
    return render(
        request,
        "tournaments/duplicate/teams.html",
        {"tournament": tournament, "event": results.event, **_context(results)},
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/duplicate/teams/", duplicate_teams, name="tournament-duplicate-teams"),
]
