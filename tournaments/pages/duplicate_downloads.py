"""A duplicate event's published files (issue 22): the PBN results file, USEBIO XML for the
federation's masterpoints, and the ranking and travellers as CSV (an individual's: the two
CSVs, tournaments.individual_export).

Each is written from the event as scored (tournaments.duplicate_export over
tournaments.duplicate.score), so the files say what the results page says; readable as the
results page is (the tournament published, or a member of its club), 404 for a tournament
that is not a duplicate event.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import URLPattern, path

from games.pages.downloads import pbn_response
from tournaments import duplicate, duplicate_export, individual, individual_export, teams
from tournaments.models import DuplicateEvent, Tournament
from tournaments.pages.standings import readable_tournament


def _event(request: HttpRequest, pk: int) -> Tournament:
    tournament = readable_tournament(request, pk)
    if (
        not DuplicateEvent.objects.filter(tournament=tournament).exists()
        or teams.is_teams(tournament)
        or individual.is_individual(tournament)
    ):
        raise Http404("This tournament is not a duplicate pairs event.")
    return tournament


def _attachment(body: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body.encode(), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def results_pbn(request: HttpRequest, pk: int) -> HttpResponse:
    """Every board with its traveller (ScoreTable) and the ranking (TotalScoreTable), PBN 2.1."""
    tournament = _event(request, pk)
    return pbn_response(duplicate_export.results_pbn(tournament), f"tournament-{pk}-results.pbn")


def usebio(request: HttpRequest, pk: int) -> HttpResponse:
    """The event as USEBIO 1.2 XML."""
    tournament = _event(request, pk)
    return _attachment(
        duplicate_export.results_usebio(tournament),
        "application/xml; charset=utf-8",
        f"tournament-{pk}-usebio.xml",
    )


def ranking_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The ranking, one line per pair."""
    results = duplicate.score(_event(request, pk))
    return _attachment(
        duplicate_export.ranking_csv(results), "text/csv; charset=utf-8", f"tournament-{pk}-ranking.csv"
    )


def travellers_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Every traveller, one line per table's result on a board."""
    results = duplicate.score(_event(request, pk))
    return _attachment(
        duplicate_export.travellers_csv(results), "text/csv; charset=utf-8", f"tournament-{pk}-travellers.csv"
    )


def _individual(request: HttpRequest, pk: int) -> individual.IndividualResults:
    tournament = readable_tournament(request, pk)
    if not individual.is_individual(tournament):
        raise Http404("This tournament is not an individual.")
    return individual.score(tournament)


def individual_ranking_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """An individual's ranking, one line per player."""
    return _attachment(
        individual_export.ranking_csv(_individual(request, pk)),
        "text/csv; charset=utf-8",
        f"tournament-{pk}-ranking.csv",
    )


def individual_travellers_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """An individual's travellers, one line per table's result on a board, its four players named."""
    return _attachment(
        individual_export.travellers_csv(_individual(request, pk)),
        "text/csv; charset=utf-8",
        f"tournament-{pk}-travellers.csv",
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/duplicate/results.pbn", results_pbn, name="tournament-duplicate-results-pbn"),
    path("tournaments/<int:pk>/duplicate/usebio.xml", usebio, name="tournament-duplicate-usebio"),
    path("tournaments/<int:pk>/duplicate/ranking.csv", ranking_csv, name="tournament-duplicate-ranking-csv"),
    path(
        "tournaments/<int:pk>/duplicate/travellers.csv",
        travellers_csv,
        name="tournament-duplicate-travellers-csv",
    ),
    path(
        "tournaments/<int:pk>/duplicate/individual/ranking.csv",
        individual_ranking_csv,
        name="tournament-duplicate-individual-ranking-csv",
    ),
    path(
        "tournaments/<int:pk>/duplicate/individual/travellers.csv",
        individual_travellers_csv,
        name="tournament-duplicate-individual-travellers-csv",
    ),
]
