"""Downloads of a game's log: the kept bytes of each revision and upload, and PBN for the games
whose rules write it.

The arbiter's page links each revision's log as stored and, where the game came as a file, the
file's own bytes as uploaded (a PBN file, say, whose revision holds the JSON read from it):
"the kept original bytes one click away". Readable by whoever may read the game.

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
from django.utils.http import content_disposition_header

from games import permissions
from games.models import Game, GameRevision, Upload
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


def _readable(request: HttpRequest, pk: int) -> Game:
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not permissions.can_read_game(request.user, game):
        raise Http404("No game here, or not one you may read.")
    return game


def _attachment(content: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    # A file name in any script (the club's own names), quoted as RFC 6266 asks.
    response["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=filename) or ""
    response["X-Content-Type-Options"] = "nosniff"
    return response


def revision_log(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Revision ``number`` of the game's log, byte for byte as stored."""
    game = _readable(request, pk)
    revision = get_object_or_404(GameRevision, game=game, number=number)
    return _attachment(bytes(revision.content), revision.content_type, f"game-{game.pk}-r{number}.json")


def upload_original(request: HttpRequest, pk: int, upload: int) -> HttpResponse:
    """An accepted upload of the game, byte for byte as it came (its own file name's extension)."""
    game = _readable(request, pk)
    kept = get_object_or_404(Upload, pk=upload, game=game)
    name = kept.filename.rsplit("/", 1)[-1] or f"upload-{kept.pk}"
    return _attachment(bytes(kept.content), "application/octet-stream", f"game-{game.pk}-{name}")


urlpatterns: list[URLPattern] = [
    path("games/<int:pk>/pbn/", game_pbn, name="game-pbn"),
    path("games/<int:pk>/revisions/<int:number>/log/", revision_log, name="revision-log"),
    path("games/<int:pk>/uploads/<int:upload>/original/", upload_original, name="upload-original"),
]
