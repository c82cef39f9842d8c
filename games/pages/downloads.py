"""Downloads of a game's log in another format: PBN for the games whose rules write it.

A rules module that can export PBN offers ``export_pbn([(document, report), ...],
event=...) -> str`` (rules.registry); the game's current revision is read by
its rules, written back as its canonical document, and exported with the
stored report (vulnerability and the rubber history). Games of other rules
answer 404, as a page that does not exist for them.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path

from games import permissions
from games.models import Game
from rules import registry
from rules.errors import MalformedDocument

#: PBN is plain text; a registered type would be nicer, but none is (PBN 2.1 names none).
PBN_CONTENT_TYPE = "text/plain; charset=utf-8"


def pbn_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text.encode(), content_type=PBN_CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def game_pbn(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's current revision as a PBN file (readable by whoever may read the game)."""
    game = get_object_or_404(Game.objects.select_related("club", "current_revision", "current_report"), pk=pk)
    if not permissions.can_read_game(request.user, game):
        raise Http404("No game here, or not one you may read.")
    rules = registry.get(game.game_type)
    export = getattr(rules, "export_pbn", None)
    if export is None or game.current_revision is None or game.current_report is None:
        raise Http404("This game has no PBN export.")
    try:
        reading = registry.read(bytes(game.current_revision.content))
    except MalformedDocument:
        raise Http404("This game's log cannot be read.") from None
    document = reading.rules.to_document(reading.log)
    text = export([(document, game.current_report.report)])
    return pbn_response(text, f"game-{game.pk}.pbn")


urlpatterns: list[URLPattern] = [
    path("games/<int:pk>/pbn/", game_pbn, name="game-pbn"),
]
