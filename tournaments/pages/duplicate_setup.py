"""The organiser sets up a duplicate evening (issue 22): the pairs from the entrants, the movement,
the boards per round and the scoring; later, a pair that withdraws or one that comes late.

One page, as the director works it on a phone before the first round: the entrants are paired
in the order of the list (each pair a row of two choices, changed as the pairs sat down), the
movement is previewed — tables, rounds, boards, who sits out — and only then written
(tournaments.duplicate.setup: the rounds confirmed, the tables seated, the boards given). Once
set up, the same page shows the pairs and takes the withdrawals and the late arrival. Only
the club's organisers may use it.
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
from rules.duplicate.movements import Movement
from tournaments import duplicate, individual, services, teams
from tournaments.models import DuplicateEvent, DuplicatePair, Entry, Tournament
from tournaments.pages.organiser import sign_in_first, signed_in, tournament_for

MOVEMENT_HELP = {
    DuplicateEvent.Movement.MITCHELL: _(
        "North–South pairs stay, East–West pairs move up a table, the boards move down: two "
        "fields, unless an arrow switch turns the pairs round."
    ),
    DuplicateEvent.Movement.MITCHELL_RELAY: _(
        "For an even number of tables: a relay table shares boards so that every pair plays "
        "every board set once."
    ),
    DuplicateEvent.Movement.HOWELL: _("Every pair meets every other: one field, for 3 to 8 tables."),
}


#: The largest hand-record file taken: a PBN of a hundred boards is some 30 kB.
MOST_HAND_RECORD_BYTES = 1024 * 1024


def _pair_field(number: int, side: str) -> str:
    return f"pair_{number}_{side}"


class SetupForm(forms.Form):
    """The evening's settings and its pairs, one row of two entrants per pair."""

    movement = forms.ChoiceField(
        label=_("Movement"),
        # An imported evening's sittings are its file's: no movement to choose; an individual
        # has its own set-up (tournaments.pages.duplicate_individual_setup).
        choices=[
            c
            for c in DuplicateEvent.Movement.choices
            if c[0] not in (DuplicateEvent.Movement.IMPORTED, DuplicateEvent.Movement.INDIVIDUAL)
        ],
    )
    boards_per_round = forms.IntegerField(label=_("Boards a round"), min_value=1, max_value=8, initial=3)
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=30,
        required=False,
        help_text=_("Empty: the whole movement."),
    )
    scoring = forms.ChoiceField(label=_("Scoring"), choices=DuplicateEvent.Scoring.choices)
    arrow_switch = forms.CharField(
        label=_("Arrow switch in rounds"),
        required=False,
        help_text=_("Mitchell only: the rounds in which the pairs turn round, e.g. 6, 7."),
    )
    deal_seed = forms.CharField(
        label=_("Deal seed"),
        max_length=64,
        required=False,
        help_text=_("Empty: a random one. The same seed deals the same boards again."),
    )
    hand_record = forms.FileField(
        label=_("Or the hand-record file (PBN)"),
        required=False,
        help_text=_(
            "The boards as a dealing machine or a dealing program made them; it must deal every board the movement plays."
        ),
    )
    #: The chosen file's text, carried from the preview to the writing (a file is sent once).
    hand_record_text = forms.CharField(required=False, strip=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, entrants: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entrants = {p.pk: p for p in entrants}
        choices = [("", "—"), *((str(p.pk), p.display_name) for p in entrants)]
        self.pair_numbers = range(1, (len(entrants) + 1) // 2 + 1)
        for number in self.pair_numbers:
            for index, side in enumerate(("first", "second")):
                at = 2 * (number - 1) + index
                self.fields[_pair_field(number, side)] = forms.TypedChoiceField(
                    label=_("Pair %(n)s, player %(k)s") % {"n": number, "k": index + 1},
                    choices=choices,
                    coerce=int,
                    empty_value=None,
                    required=False,
                    initial=entrants[at].pk if at < len(entrants) else "",
                )

    def setting_fields(self) -> list[forms.BoundField]:
        return [
            self[name] for name in self.fields if not name.startswith("pair_") and name != "hand_record_text"
        ]

    def clean_hand_record_text(self) -> str:
        chosen = self.files.get(self.add_prefix("hand_record")) if self.files else None
        if chosen is None:
            return str(self.cleaned_data.get("hand_record_text") or "")
        if (chosen.size or 0) > MOST_HAND_RECORD_BYTES:
            raise forms.ValidationError(_("The hand-record file is larger than 1 MB."))
        raw = bytes(chosen.read())
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return raw.decode("latin-1")  # PBN 2.1 §2.2: ISO 8859-1

    def pair_rows(self) -> list[dict[str, Any]]:
        return [
            {"number": n, "first": self[_pair_field(n, "first")], "second": self[_pair_field(n, "second")]}
            for n in self.pair_numbers
        ]

    def clean_arrow_switch(self) -> list[int]:
        text = self.cleaned_data["arrow_switch"].replace(";", ",").replace(" ", ",")
        try:
            return sorted({int(part) for part in text.split(",") if part})
        except ValueError:
            raise forms.ValidationError(_("Round numbers separated by commas, e.g. 6, 7.")) from None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        pairs: list[tuple[Player, Player]] = []
        seen: set[int] = set()
        for number in self.pair_numbers:
            first, second = (data.get(_pair_field(number, side)) for side in ("first", "second"))
            if first is None and second is None:
                continue
            if first is None or second is None:
                self.add_error(
                    _pair_field(number, "second" if first else "first"), _("A pair is two players.")
                )
                continue
            for side, pk in (("first", first), ("second", second)):
                if pk in seen:
                    self.add_error(_pair_field(number, side), _("This player is already in another pair."))
                seen.add(pk)
            pairs.append((self.entrants[first], self.entrants[second]))
        if len(pairs) < 3:
            raise forms.ValidationError(_("A duplicate evening needs at least 3 pairs."))
        data["pairs"] = pairs
        return data

    def options(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "movement": data["movement"],
            "boards_per_round": data["boards_per_round"],
            "rounds": data.get("rounds"),
            "scoring": data["scoring"],
            "arrow_switch": data.get("arrow_switch") or (),
            "deal_seed": (data.get("deal_seed") or "").strip() or None,
            "hand_record_file": data.get("hand_record_text") or "",
        }


class WithdrawForm(forms.Form):
    pair = forms.TypedChoiceField(label=_("Pair"), coerce=int)
    after_round = forms.IntegerField(label=_("Withdraws after round"), min_value=0, max_value=30)

    def __init__(self, *args: Any, pairs: list[DuplicatePair], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pair"].choices = [  # type: ignore[attr-defined]
            (str(p.number), f"{p.number}: {p.first.display_name} – {p.second.display_name}")
            for p in pairs
            if p.withdrawn_after is None
        ]


class LateForm(forms.Form):
    first = forms.ModelChoiceField(label=_("Player 1"), queryset=Player.objects.none())
    second = forms.ModelChoiceField(label=_("Player 2"), queryset=Player.objects.none())
    from_round = forms.IntegerField(label=_("Plays from round"), min_value=1, max_value=30)

    def __init__(self, *args: Any, free: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].queryset = free  # type: ignore[attr-defined]


def _preview(tournament: Tournament, options: dict[str, Any], pairs: int) -> dict[str, Any]:
    """What the movement will be, as the director checks it before writing it."""
    tables = (pairs + 1) // 2
    phantom = duplicate.phantom_of(pairs)
    plan: Movement = duplicate.preview_movement(
        options["movement"], tables, options["rounds"], options["arrow_switch"], phantom
    )
    if options["hand_record_file"]:
        duplicate.check_hand_record(options["hand_record_file"], plan, options["boards_per_round"])
    return {
        "tables": tables,
        "rounds": plan.rounds,
        "boards": plan.sets * options["boards_per_round"],
        "sits_out": phantom is not None,
        "fields": options["movement"] != DuplicateEvent.Movement.HOWELL and not options["arrow_switch"],
        "hand_record": bool(options["hand_record_file"]),
    }


def _entrants(tournament: Tournament) -> list[Player]:
    return [
        e.player for e in Entry.objects.filter(tournament=tournament).select_related("player").order_by("pk")
    ]


@sign_in_first
def duplicate_setup(request: HttpRequest, pk: int) -> HttpResponse:
    """Before the evening: pair the entrants, preview the movement, write it. After: its pairs,
    a withdrawal, a late pair."""
    user = signed_in(request)
    tournament = tournament_for(request, pk, permissions.can_manage_club)
    if tournament.game_type != duplicate.GAME:
        raise Http404("This tournament is not duplicate bridge.")
    if teams.is_teams(tournament):
        return redirect("tournament-duplicate-teams-setup", pk=tournament.pk)
    if individual.is_individual(tournament):
        return redirect("tournament-duplicate-individual-setup", pk=tournament.pk)
    if DuplicateEvent.objects.filter(tournament=tournament).exists():
        return _running(request, tournament)
    form = SetupForm(request.POST or None, request.FILES or None, entrants=_entrants(tournament))
    context: dict[str, Any] = {"tournament": tournament, "form": form, "movement_help": MOVEMENT_HELP}
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            options, pairs = form.options(), form.cleaned_data["pairs"]
            try:
                if request.POST.get("action") == "write":
                    duplicate.setup(tournament=tournament, pairs=pairs, user=user, **options)
                    messages.success(request, _("The movement is written: the rounds are seated."))
                    return redirect("tournament-duplicate-setup", pk=tournament.pk)
                context["preview"] = _preview(tournament, options, len(pairs))
                status = 200
            except services.ServiceError as exc:
                form.add_error(None, str(exc))
    return render(request, "tournaments/duplicate/setup.html", context, status=status)


def _running(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    event = tournament.duplicate
    pairs = list(
        DuplicatePair.objects.filter(tournament=tournament)
        .select_related("first", "second")
        .order_by("number")
    )
    taken = {p.first_id for p in pairs} | {p.second_id for p in pairs}
    free = Player.objects.filter(club=tournament.club).exclude(pk__in=taken).order_by("display_name")
    withdraw = WithdrawForm(request.POST if request.POST.get("action") == "withdraw" else None, pairs=pairs)
    late = LateForm(request.POST if request.POST.get("action") == "late" else None, free=free)
    status = 200
    if request.method == "POST":
        status = 400
        try:
            if withdraw.is_bound and withdraw.is_valid():
                row = duplicate.pair_withdraw(
                    tournament=tournament,
                    pair=withdraw.cleaned_data["pair"],
                    after_round=withdraw.cleaned_data["after_round"],
                )
                messages.success(request, _("Pair %(n)s has withdrawn.") % {"n": row.number})
                return redirect("tournament-duplicate-setup", pk=tournament.pk)
            if late.is_bound and late.is_valid():
                row = duplicate.pair_arrive_late(
                    tournament=tournament,
                    first=late.cleaned_data["first"],
                    second=late.cleaned_data["second"],
                    from_round=late.cleaned_data["from_round"],
                )
                messages.success(
                    request,
                    _("The late pair plays as pair %(n)s from round %(r)s.")
                    % {"n": row.number, "r": late.cleaned_data["from_round"]},
                )
                return redirect("tournament-duplicate-setup", pk=tournament.pk)
        except services.ServiceError as exc:
            (withdraw if withdraw.is_bound else late).add_error(None, str(exc))
    context = {
        "tournament": tournament,
        "event": event,
        "pairs": pairs,
        "withdraw_form": withdraw,
        "late_form": late,
        "late_place": duplicate.phantom_of(len(pairs)),
        "rounds": tournament.rounds.order_by("number"),
    }
    return render(request, "tournaments/duplicate/setup_done.html", context, status=status)


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/duplicate/setup/", duplicate_setup, name="tournament-duplicate-setup"),
]
