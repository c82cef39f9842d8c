"""The organiser sets up an individual duplicate evening (issue 22): the players, the boards a
round, the rounds; later, the players under their numbers and the rounds.

As the pairs set-up (tournaments.pages.duplicate_setup): the entrants registered on the manage
page are listed in the order they registered, each ticked; the ticked ones are the field,
numbered in that order as the guide cards number them. The movement (a Whist tournament:
rules.duplicate.individual) exists for some field sizes only, so the page says which and
refuses another at the field. The event is written by tournaments.individual.setup. Only the
club's organisers may use it.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext_lazy as _

from games import permissions
from games.models import Player
from rules.duplicate.individual import SIZES, individual
from tournaments import duplicate, services
from tournaments import individual as individual_event
from tournaments.models import DuplicateEvent, DuplicatePlayer, Entry, Tournament
from tournaments.pages.organiser import sign_in_first, signed_in, tournament_for


class IndividualSetupForm(forms.Form):
    """The evening's settings and the entrants who play it."""

    players = forms.TypedMultipleChoiceField(
        label=_("Players"), coerce=int, widget=forms.CheckboxSelectMultiple, required=False
    )
    boards_per_round = forms.IntegerField(label=_("Boards a round"), min_value=1, max_value=8, initial=2)
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=30,
        required=False,
        help_text=_("Empty: the whole movement, every player partnering every other once."),
    )
    deal_seed = forms.CharField(
        label=_("Deal seed"),
        max_length=64,
        required=False,
        help_text=_("Empty: a random one. The same seed deals the same boards again."),
    )

    def __init__(self, *args: Any, entrants: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entrants = {p.pk: p for p in entrants}
        field = self.fields["players"]
        assert isinstance(field, forms.TypedMultipleChoiceField)
        field.choices = [(p.pk, p.display_name) for p in entrants]
        field.initial = [p.pk for p in entrants]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        chosen = [pk for pk in self.entrants if pk in set(data.get("players") or ())]
        if len(chosen) not in SIZES:
            self.add_error(
                "players",
                _("An individual is played by %(sizes)s players; %(count)s are ticked.")
                % {"sizes": ", ".join(map(str, SIZES)), "count": len(chosen)},
            )
        elif data.get("rounds"):
            full = individual(len(chosen)).rounds
            if data["rounds"] > full:
                self.add_error(
                    "rounds",
                    _("An individual of %(count)s players is 1 to %(most)s rounds.")
                    % {"count": len(chosen), "most": full},
                )
        data["chosen"] = [self.entrants[pk] for pk in chosen]
        return data


def _entrants(tournament: Tournament) -> list[Player]:
    return [
        e.player for e in Entry.objects.filter(tournament=tournament).select_related("player").order_by("pk")
    ]


def _sizes() -> list[dict[str, int]]:
    """Each field size the movement exists for: its tables and its full rounds."""
    movements = [individual(n) for n in SIZES]
    return [{"players": m.players, "tables": m.tables, "rounds": m.rounds} for m in movements]


@sign_in_first
def duplicate_individual_setup(request: HttpRequest, pk: int) -> HttpResponse:
    """Before the evening: the players ticked, the boards, written. After: the numbered players."""
    signed_in(request)
    tournament = tournament_for(request, pk, permissions.can_manage_club)
    if tournament.game_type != duplicate.GAME:
        raise Http404("This tournament is not duplicate bridge.")
    event = DuplicateEvent.objects.filter(tournament=tournament).first()
    if event is not None:
        if event.movement != DuplicateEvent.Movement.INDIVIDUAL:
            return redirect("tournament-duplicate-setup", pk=tournament.pk)
        players = DuplicatePlayer.objects.filter(tournament=tournament).select_related("player")
        return render(
            request,
            "tournaments/duplicate/individual_setup.html",
            {"tournament": tournament, "event": event, "players": players},
        )
    form = IndividualSetupForm(request.POST or None, entrants=_entrants(tournament))
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                individual_event.setup(
                    tournament=tournament,
                    players=form.cleaned_data["chosen"],
                    boards_per_round=form.cleaned_data["boards_per_round"],
                    rounds=form.cleaned_data.get("rounds") or None,
                    deal_seed=(form.cleaned_data.get("deal_seed") or "").strip() or None,
                )
            except services.ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("The individual is written: the rounds are seated."))
                return redirect("tournament-duplicate-individual-setup", pk=tournament.pk)
    return render(
        request,
        "tournaments/duplicate/individual_setup.html",
        {"tournament": tournament, "form": form, "sizes": _sizes()},
        status=status,
    )


urlpatterns: list[URLPattern] = [
    path(
        "tournaments/<int:pk>/duplicate/individual/setup/",
        duplicate_individual_setup,
        name="tournament-duplicate-individual-setup",
    ),
]
