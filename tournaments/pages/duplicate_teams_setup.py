"""The organiser sets up a teams-of-four duplicate event (issue 22): the teams from the
entrants, the format, the boards a match; later, the teams, the rounds and the next Swiss round.

As the pairs set-up (tournaments.pages.duplicate_setup): the entrants registered on the manage
page are put four to a team in the order of the list, each team a name and a row of four
choices (players 1–2 its pair 1, players 3–4 its pair 2), changed as the teams came; the
event is written by tournaments.teams.setup (a round robin whole, a Swiss its round 1). Once
set up, the same page shows the teams and the rounds, and draws a Swiss's next round
(tournaments.teams.swiss_next_round) when the last one is recorded. Only the club's
organisers may use it.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import permissions
from games.models import Player
from tournaments import duplicate, services, teams
from tournaments.models import (
    DuplicateEvent,
    DuplicatePair,
    DuplicateSitting,
    DuplicateTeam,
    Entry,
    Tournament,
)
from tournaments.pages.organiser import sign_in_first, signed_in, tournament_for

#: A team's four players: pair 1 is players 1 and 2, pair 2 players 3 and 4.
PLAYERS = 4


def _player_field(team: int, k: int) -> str:
    return f"team_{team}_player_{k}"


def _name_field(team: int) -> str:
    return f"team_{team}_name"


class TeamsSetupForm(forms.Form):
    """The event's settings and its teams, one row of a name and four entrants per team."""

    teams_format = forms.ChoiceField(label=_("Format"), choices=teams.Format.choices)
    boards_per_match = forms.IntegerField(
        label=_("Boards a match"), min_value=1, max_value=teams.MAX_BOARDS, initial=8
    )
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=30,
        required=False,
        help_text=_("Swiss only: how many rounds are played. A round robin is played whole."),
    )
    same_boards = forms.BooleanField(
        label=_("Every match of a round plays the same boards"),
        required=False,
        initial=True,
        help_text=_("As championships play them: the Butler datum of a board is the whole field's."),
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
        choices = [("", "—"), *((str(p.pk), p.display_name) for p in entrants)]
        self.team_numbers = range(1, (len(entrants) + PLAYERS - 1) // PLAYERS + 1)
        for number in self.team_numbers:
            self.fields[_name_field(number)] = forms.CharField(
                label=_("Team %(n)s, name") % {"n": number},
                max_length=80,
                required=False,
                initial=gettext("Team %(n)s") % {"n": number},
            )
            for k in range(1, PLAYERS + 1):
                at = PLAYERS * (number - 1) + k - 1
                self.fields[_player_field(number, k)] = forms.TypedChoiceField(
                    label=_("Team %(n)s, player %(k)s") % {"n": number, "k": k},
                    choices=choices,
                    coerce=int,
                    empty_value=None,
                    required=False,
                    initial=entrants[at].pk if at < len(entrants) else "",
                )

    def setting_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith("team_")]

    def team_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "number": n,
                "name": self[_name_field(n)],
                "pairs": [
                    [self[_player_field(n, 1)], self[_player_field(n, 2)]],
                    [self[_player_field(n, 3)], self[_player_field(n, 4)]],
                ],
            }
            for n in self.team_numbers
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        chosen: list[tuple[str, list[Player]]] = []
        seen: set[int] = set()
        for number in self.team_numbers:
            picks = [data.get(_player_field(number, k)) for k in range(1, PLAYERS + 1)]
            if all(pk is None for pk in picks):
                continue
            name = (data.get(_name_field(number)) or "").strip()
            if not name:
                self.add_error(_name_field(number), _("A team needs a name."))
            missing = [k for k, pk in enumerate(picks, start=1) if pk is None]
            for k in missing:
                self.add_error(_player_field(number, k), _("A team is four players."))
            for k, pk in enumerate(picks, start=1):
                if pk is None:
                    continue
                if pk in seen:
                    self.add_error(_player_field(number, k), _("This player is already in another team."))
                seen.add(pk)
            if name and not missing:
                chosen.append((name, [self.entrants[pk] for pk in picks if pk is not None]))
        if len(chosen) < 3 and not self.errors:
            raise forms.ValidationError(_("A teams event needs at least 3 teams."))
        if data.get("teams_format") == teams.Format.SWISS and len(chosen) >= 3:
            # Checked here as well as by the service, at the field: a Swiss never repeats a match.
            most = len(chosen) - 1 if len(chosen) % 2 == 0 else len(chosen)
            if not 1 <= (data.get("rounds") or 0) <= most:
                self.add_error(
                    "rounds",
                    _("A Swiss of %(n)s teams is 1 to %(most)s rounds.") % {"n": len(chosen), "most": most},
                )
        data["teams"] = chosen
        return data

    def options(self) -> dict[str, Any]:
        data = self.cleaned_data
        swiss = data["teams_format"] == teams.Format.SWISS
        return {
            "teams_format": data["teams_format"],
            "boards_per_match": data["boards_per_match"],
            # A round robin is played whole: its rounds are the teams', not the organiser's.
            "rounds": data.get("rounds") if swiss else None,
            "same_boards": bool(data.get("same_boards")),
            "deal_seed": (data.get("deal_seed") or "").strip() or None,
        }


def _entrants(tournament: Tournament) -> list[Player]:
    return [
        e.player for e in Entry.objects.filter(tournament=tournament).select_related("player").order_by("pk")
    ]


@sign_in_first
def duplicate_teams_setup(request: HttpRequest, pk: int) -> HttpResponse:
    """Before the event: the teams from the entrants, the format, written. After: the teams,
    the rounds and, for a Swiss, the next round's draw."""
    signed_in(request)
    tournament = tournament_for(request, pk, permissions.can_manage_club)
    if tournament.game_type != duplicate.GAME:
        raise Http404("This tournament is not duplicate bridge.")
    event = DuplicateEvent.objects.filter(tournament=tournament).first()
    if event is not None:
        if not event.teams_format:
            return redirect("tournament-duplicate-setup", pk=tournament.pk)
        return _running(request, tournament, event)
    # A bound form only when the organiser wrote: a first visit is the unbound form.
    form = TeamsSetupForm(request.POST or None, entrants=_entrants(tournament))
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                teams.setup(tournament=tournament, teams=form.cleaned_data["teams"], **form.options())
            except services.ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("The teams event is written: the rounds are seated."))
                return redirect("tournament-duplicate-teams-setup", pk=tournament.pk)
    return render(
        request,
        "tournaments/duplicate/teams_setup.html",
        {"tournament": tournament, "form": form},
        status=status,
    )


def _rounds(tournament: Tournament, names: dict[int, str], team_of: dict[int, int]) -> list[dict[str, Any]]:
    """Each written round's matches as the open tables give them: home v visitors, two tables."""
    rounds: dict[int, list[dict[str, Any]]] = {}
    sittings = (
        DuplicateSitting.objects.filter(table__round__tournament=tournament)
        .select_related("table__round")
        .order_by("table__round__number", "table__number")
    )
    for sitting in sittings:
        table = sitting.table
        matches = rounds.setdefault(table.round.number, [])
        if table.number % 2:
            home, away = team_of.get(sitting.ns), team_of.get(sitting.ew)
            matches.append(
                {
                    "tables": (table.number, table.number + 1),
                    "home": names.get(home or 0, ""),
                    "away": names.get(away or 0, ""),
                    "boards": sitting.boards,
                }
            )
    return [{"number": n, "matches": rounds[n]} for n in sorted(rounds)]


def _running(request: HttpRequest, tournament: Tournament, event: DuplicateEvent) -> HttpResponse:
    error = ""
    status = 200
    if request.method == "POST" and request.POST.get("action") == "draw":
        try:
            round_ = teams.swiss_next_round(tournament=tournament)
        except services.ServiceError as exc:
            error, status = str(exc), 400
        else:
            messages.success(request, _("Round %(n)s is drawn.") % {"n": round_.number})
            return redirect("tournament-duplicate-teams-setup", pk=tournament.pk)
    pairs = list(
        DuplicatePair.objects.filter(tournament=tournament)
        .select_related("first", "second", "team")
        .order_by("number")
    )
    team_of = {p.number: p.team.number for p in pairs if p.team is not None}
    names: dict[int, str] = {}
    team_rows = []
    for team in DuplicateTeam.objects.filter(tournament=tournament).order_by("number"):
        names[team.number] = team.name
        team_rows.append({"team": team, "pairs": [p for p in pairs if p.team_id == team.pk]})
    rounds = _rounds(tournament, names, team_of)
    swiss = event.teams_format == teams.Format.SWISS
    context = {
        "tournament": tournament,
        "event": event,
        "teams": team_rows,
        "rounds": rounds,
        "swiss": swiss,
        "to_draw": swiss and len(rounds) < event.rounds,
        "error": error,
    }
    return render(request, "tournaments/duplicate/teams_setup.html", context, status=status)


urlpatterns: list[URLPattern] = [
    path(
        "tournaments/<int:pk>/duplicate/teams/setup/",
        duplicate_teams_setup,
        name="tournament-duplicate-teams-setup",
    ),
]
