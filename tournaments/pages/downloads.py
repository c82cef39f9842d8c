"""A tournament's games as one PBN file, for the games whose rules write PBN.

Every recorded game of the tournament, table by table in round order, each
game's boards in its own order; Event is the tournament's name and Site its
club. The games are read through their rules (rules.registry: ``export_pbn``),
so nothing here knows a game. Readable as the tournament page is.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import URLPattern, path

from games.models import Game
from games.pages.downloads import pbn_response
from rules import registry
from rules.errors import MalformedDocument
from tournaments.pages.standings import readable_tournament


def tournament_exports(game_type: str) -> bool:
    """Whether a tournament of this game offers the PBN download."""
    try:
        return hasattr(registry.get(game_type), "export_pbn")
    except registry.UnknownGame:
        return False


def tournament_pbn(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = readable_tournament(request, pk)
    if not tournament_exports(tournament.game_type):
        raise Http404("This tournament's game has no PBN export.")
    rules = registry.get(tournament.game_type)
    games = (
        Game.objects.filter(
            table__round__tournament=tournament, game_type=tournament.game_type, current_report__isnull=False
        )
        .select_related("current_revision", "current_report")
        .order_by("table__round__number", "table__number", "pk")
    )
    pairs = []
    for game in games:
        if game.current_revision is None or game.current_report is None:
            continue
        try:
            reading = registry.read(bytes(game.current_revision.content))
        except MalformedDocument:
            continue  # an unreadable log has no report to export; the audit page shows it
        pairs.append((reading.rules.to_document(reading.log), game.current_report.report))
    event = {"name": tournament.name, "site": tournament.club.name}
    if tournament.starts_at is not None:
        event["date"] = tournament.starts_at.strftime("%Y.%m.%d")
    text = rules.export_pbn(pairs, event=event)
    return pbn_response(text, f"tournament-{tournament.pk}.pbn")


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/pbn/", tournament_pbn, name="tournament-pbn"),
]
