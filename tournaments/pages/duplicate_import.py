"""The organiser imports a duplicate evening played elsewhere from its PBN results file
(issue 22; tournaments.duplicate_import says how a file becomes an evening).

A refusal is said in the reader's language at the board and the line of the file, and the file
is kept; a file that does not say how it was scored is answered with the question, not scored
by a guess. Only the club's organisers import.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext_lazy as _

from games import permissions
from games.finding_text import document_error_text
from games.models import Club
from tournaments import duplicate_import
from tournaments.models import DuplicateEvent
from tournaments.pages.organiser import sign_in_first, signed_in

#: The largest file taken: a club evening's PBN is some hundred kilobytes.
MOST_BYTES = 8 * 1024 * 1024


class ImportForm(forms.Form):
    file = forms.FileField(label=_("The evening's PBN results file"))
    name = forms.CharField(
        label=_("Tournament name"),
        max_length=150,
        required=False,
        help_text=_("Empty: the file's Event tag, else the file's name."),
    )
    scoring = forms.ChoiceField(
        label=_("Scoring, when the file does not say"),
        choices=[("", _("as the file says")), *DuplicateEvent.Scoring.choices],
        required=False,
    )

    def clean_file(self) -> object:
        chosen = self.cleaned_data["file"]
        if chosen.size > MOST_BYTES:
            raise forms.ValidationError(_("The file is larger than 8 MB."))
        return chosen


@sign_in_first
def duplicate_import_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose the file (and, if it does not say, the scoring); the new tournament's results page."""
    user = signed_in(request)
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_manage_club(user, club):
        raise PermissionDenied("Only the club's organisers import an evening.")
    form = ImportForm(request.POST or None, request.FILES or None)
    refusal = ""
    ask_scoring = False
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            chosen = form.cleaned_data["file"]
            outcome = duplicate_import.event_import(
                club=club,
                content=chosen.read(),
                user=user,
                filename=chosen.name,
                name=form.cleaned_data["name"],
                scoring=form.cleaned_data["scoring"] or None,
            )
            if outcome.tournament is not None:
                messages.success(request, _("The evening is imported and scored."))
                return redirect("tournament-duplicate", pk=outcome.tournament.pk)
            assert outcome.refusal is not None
            refusal = document_error_text(outcome.refusal)
            ask_scoring = getattr(outcome.refusal, "code", "") == "DUPLICATE_IMPORT_SCORING"
    return render(
        request,
        "tournaments/duplicate/import.html",
        {"club": club, "form": form, "refusal": refusal, "ask_scoring": ask_scoring},
        status=status,
    )


urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/duplicate/import/", duplicate_import_page, name="club-duplicate-import"),
]
