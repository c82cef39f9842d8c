"""Upload the log of a table's game: a file or pasted JSON, checked against the table's seats.

The complete deal-by-deal log (every card) is what a club with a digital
scorekeeper has; a paper sheet goes through the score-sheet form instead
(organiser.table_sheet_entry). A log that cannot be read is kept as a
rejected upload and its error shown with its JSON path, as everywhere else.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext_lazy as _

from games import permissions
from games.models import Upload
from tournaments import services
from tournaments.models import Table, TableSeat
from tournaments.pages.organiser import sign_in_first, signed_in, tournament_for


class TableLogForm(forms.Form):
    """One log, pasted or as a file, never both."""

    document = forms.CharField(
        label=_("Paste the game log (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "class": "json"}),
    )
    file = forms.FileField(label=_("or choose the log file (.json, or .pbn for bridge)"), required=False)

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        pasted, chosen = (data.get("document") or "").strip(), data.get("file")
        if pasted and chosen:
            raise forms.ValidationError(_("Paste the log or choose a file, not both."))
        if not pasted and not chosen:
            raise forms.ValidationError(_("Paste the log or choose its file."))
        return data

    def content(self) -> tuple[bytes, str]:
        chosen = self.cleaned_data.get("file")
        if chosen:
            return chosen.read(), chosen.name
        return self.cleaned_data["document"].encode(), ""


@sign_in_first
def table_upload(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    user = signed_in(request)
    tournament = tournament_for(request, pk, permissions.can_record_games)
    table = get_object_or_404(
        Table.objects.select_related("round").prefetch_related(
            Prefetch("seats", TableSeat.objects.select_related("player").order_by("seat"))
        ),
        pk=table_pk,
        round__tournament=tournament,
    )
    table.round.tournament = tournament
    form = TableLogForm(request.POST, request.FILES) if request.method == "POST" else TableLogForm()
    rejected = None
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            content, filename = form.content()
            try:
                outcome = services.table_game_upload(
                    table=table, content=content, user=user, filename=filename, source=Upload.Source.WEB
                )
            except services.ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                if outcome.result.game is not None:
                    messages.success(request, _("Table %(n)s's game is recorded.") % {"n": table.number})
                    return redirect("game-page", pk=outcome.result.game.pk)
                rejected = outcome.result.upload
    return render(
        request,
        "tournaments/organiser/table_upload.html",
        {"tournament": tournament, "table": table, "form": form, "rejected": rejected},
        status=status,
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/tables/<int:table_pk>/upload/", table_upload, name="table-upload"),
]
