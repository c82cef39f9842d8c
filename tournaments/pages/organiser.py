"""The organiser's pages: set a tournament up, register players, seat rounds, enter a score sheet, publish.

Every write goes through tournaments.services (and games.services for the
roster), so the pages refuse exactly what the API refuses, with the same
reasons. Organisers (games.permissions.can_manage_club) run the
tournament; scorers may also open a confirmed round and enter a table's
score sheet (can_record_games). A tournament the user may not read is a
404, a page they may not use a 403, and the anonymous are sent to sign in.

A paper score sheet holds only bids and tricks taken: the sheet form turns
it into a score-sheet-only log (rules.ohhell.sheet_entry) that the rules
engine replays and scores; the totals shown while typing are a preview.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, Prefetch, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games import permissions
from games import services as game_services
from games.finding_text import document_error_text, error_text, sentence, template_text
from games.models import Club, Player, Upload
from rules import registry
from rules.errors import MalformedDocument
from tournaments import seating, services
from tournaments.models import Entry, Round, Table, TableSeat, Tournament
from tournaments.pages.organiser_forms import (
    STATUS_LABELS,
    TIEBREAK_LABELS,
    GenerateForm,
    PublishForm,
    RegisterForm,
    RemoveEntryForm,
    SheetForm,
    StatusForm,
    SwapForm,
    TournamentCreateForm,
    cell_name,
)

# --- access -----------------------------------------------------------------------------


class SignIn(Exception):
    """The anonymous visitor must sign in first."""


def signed_in(request: HttpRequest) -> User:
    if not isinstance(request.user, User) or not request.user.is_authenticated:
        raise SignIn
    return request.user


def _require(allowed: bool) -> None:
    if not allowed:
        raise PermissionDenied("Only the club's organisers (or scorers, for score sheets) may do this.")


def tournament_for(request: HttpRequest, pk: int, allowed: Callable[[Any, Club], bool]) -> Tournament:
    """The tournament if ``allowed(user, club)``; else a 404 when the user may not even read it, a 403 when they may.

    Every right ``allowed`` tests (manage, record) includes reading the club, so the
    one membership query answers both on the way in.
    """
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if allowed(request.user, tournament.club):
        return tournament
    if not (tournament.published or permissions.can_read_club(request.user, tournament.club)):
        raise Http404("No tournament here, or not one you may read.")
    _require(False)
    raise AssertionError("unreachable")  # pragma: no cover


def sign_in_first(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Send the anonymous to the sign-in page, whatever the view would answer."""

    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except SignIn:
            return redirect_to_login(request.get_full_path())

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


# --- create ------------------------------------------------------------------------------


@sign_in_first
def tournament_create(request: HttpRequest, slug: str) -> HttpResponse:
    """A new tournament of the club: name, start, ruleset, table size, standings, tie-breaks, seed."""
    user = signed_in(request)
    club = get_object_or_404(Club, slug=slug)
    _require(permissions.can_manage_club(user, club))
    form = TournamentCreateForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                tournament = services.tournament_create(
                    club=club, name=form.cleaned_data["name"], user=user, **form.settings()
                )
            except services.ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("The tournament is created. Register its players next."))
                return redirect("tournament-manage", pk=tournament.pk)
        status = 400
    return render(request, "tournaments/organiser/create.html", {"club": club, "form": form}, status=status)


# --- the organiser's dashboard --------------------------------------------------------------

ACTIONS = ("publish", "status", "register", "remove", "generate")


def _available_players(tournament: Tournament) -> QuerySet[Player]:
    """The club's roster players not entered yet."""
    return (
        Player.objects.filter(club_id=tournament.club_id)
        .exclude(entries__tournament=tournament)
        .order_by("display_name")
    )


@sign_in_first
def tournament_manage(request: HttpRequest, pk: int) -> HttpResponse:
    """Status, publishing, entrants, registration, rounds: one page, one POST per action."""
    signed_in(request)
    tournament = tournament_for(request, pk, permissions.can_manage_club)
    forms: dict[str, Any] = {}
    error = ""
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action not in ACTIONS:
            return HttpResponse(_("Unknown action."), status=400)
        try:
            done = _manage_action(request, tournament, action, forms)
        except services.ServiceError as exc:
            error, done = str(exc), None
        if done is not None:
            return done
        error = error or _("Please correct the errors below.")
    context = _manage_context(tournament, forms)
    context["error"] = error
    return render(
        request, "tournaments/organiser/manage.html", context, status=400 if request.method == "POST" else 200
    )


def _manage_action(
    request: HttpRequest, tournament: Tournament, action: str, forms: dict[str, Any]
) -> HttpResponse | None:
    """Run one POSTed action through its service; a redirect on success, None when a form is invalid."""
    back = redirect("tournament-manage", pk=tournament.pk)
    if action == "publish":
        publish = PublishForm(request.POST)
        if not publish.is_valid():
            return None
        published = publish.cleaned_data["published"]
        services.tournament_publish(tournament=tournament, published=published)
        messages.success(
            request,
            _("The tournament and its games are public.")
            if published
            else _("The tournament is unpublished."),
        )
        return back
    if action == "status":
        change = forms["status"] = StatusForm(request.POST, current=tournament.status)
        if not change.is_valid():
            return None
        services.tournament_set_status(tournament=tournament, status=change.cleaned_data["status"])
        messages.success(
            request,
            _("The tournament is now: %(status)s.")
            % {"status": STATUS_LABELS[Tournament.Status(tournament.status)]},
        )
        return back
    if action == "register":
        register = forms["register"] = RegisterForm(request.POST, available=_available_players(tournament))
        if not register.is_valid():
            return None
        with transaction.atomic():
            players = list(register.cleaned_data["roster"])
            players += [
                game_services.player_get_or_create(club=tournament.club, display_name=name)
                for name in register.cleaned_data["new_names"]
            ]
            for player in players:
                services.entry_add(tournament=tournament, player=player)
        messages.success(
            request,
            ngettext("%(n)s player registered.", "%(n)s players registered.", len(players))
            % {"n": len(players)},
        )
        return back
    if action == "remove":
        remove = RemoveEntryForm(request.POST)
        if not remove.is_valid():
            return None
        entry = Entry.objects.filter(tournament=tournament, player_id=remove.cleaned_data["player"]).first()
        if entry is None:
            raise services.ServiceError(_("That player is not entered in this tournament."))
        services.entry_remove(tournament=tournament, player=entry.player)
        messages.success(request, _("%(name)s is no longer entered.") % {"name": entry.player.display_name})
        return back
    generate = forms["generate"] = GenerateForm(request.POST)
    if not generate.is_valid():
        return None
    round_ = services.round_generate(tournament=tournament, method=generate.cleaned_data["seating_method"])
    messages.success(
        request, _("Round %(n)s is seated: check it, swap players if needed, confirm.") % {"n": round_.number}
    )
    return redirect("round-manage", pk=tournament.pk, number=round_.number)


def compile_failure(tournament: Tournament) -> dict[str, Any] | None:
    """The last compile's failure as the organiser reads it: when, and why in the reader's
    language (a ranking rule's own sentence from its template, else the English message)."""
    failure = tournament.standings_failure
    if not failure:
        return None
    template = str(failure.get("template") or "")
    params = failure.get("params") or {}
    message = str(failure.get("message") or "")
    why = template_text(template, params, fallback=message) if template else message
    return {"why": why, "at": parse_datetime(str(failure.get("at") or ""))}


def _manage_context(tournament: Tournament, forms: dict[str, Any]) -> dict[str, Any]:
    entries = list(
        Entry.objects.filter(tournament=tournament).select_related("player").order_by("player__display_name")
    )
    seated = set(
        TableSeat.objects.filter(table__round__tournament=tournament).values_list("player_id", flat=True)
    )
    rounds = list(
        tournament.rounds.annotate(table_count=Count("tables"), game_count=Count("tables__game")).order_by(
            "number"
        )
    )
    return {
        "compile_failure": compile_failure(tournament),
        "tournament": tournament,
        "status_label": STATUS_LABELS[Tournament.Status(tournament.status)],
        "tiebreak_labels": [TIEBREAK_LABELS.get(name, name) for name in tournament.tiebreaks],
        "entries": [{"player": e.player, "seated": e.player_id in seated} for e in entries],
        "rounds": rounds,
        "draft": next((r for r in rounds if r.status == Round.Status.DRAFT), None),
        "status_form": forms.get("status") or StatusForm(current=tournament.status),
        "register_form": forms.get("register") or RegisterForm(available=_available_players(tournament)),
        "generate_form": forms.get("generate") or GenerateForm(),
        # Issue 19: the results that are not final yet, and why (a dispute, an unconfirmed sheet).
        "provisional": services.provisional_tables(tournament),
        "now": timezone.now(),
    }


# --- a round: preview, swap, confirm ---------------------------------------------------------


def _round(tournament: Tournament, number: int) -> Round:
    seats = TableSeat.objects.select_related("player").order_by("seat")
    tables = Table.objects.select_related("game").order_by("number")
    return get_object_or_404(
        tournament.rounds.prefetch_related(
            Prefetch("tables", queryset=tables), Prefetch("tables__seats", seats)
        ),
        number=number,
    )


@sign_in_first
def round_manage(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A draft round's seating (repeated opponents flagged) to swap and confirm; a confirmed round's tables."""
    signed_in(request)
    rights: dict[str, bool] = {}

    def may_open(user: Any, club: Club) -> bool:
        # Organisers answer in one query; scorers open the round too, without its controls.
        rights["manage"] = permissions.can_manage_club(user, club)
        return rights["manage"] or permissions.can_record_games(user, club)

    tournament = tournament_for(request, pk, may_open)
    manager = rights["manage"]
    round_ = _round(tournament, number)
    tables = list(round_.tables.all())
    names = {s.player_id: s.player.display_name for t in tables for s in t.seats.all()}
    table_of = {s.player_id: t.number for t in tables for s in t.seats.all()}
    choices = [(p, _("%(name)s (table %(n)s)") % {"name": names[p], "n": table_of[p]}) for p in names]
    swap_form = SwapForm(seated=choices)
    error = ""
    if request.method == "POST":
        _require(manager)
        action = request.POST.get("action", "")
        try:
            if action == "swap":
                swap_form = SwapForm(request.POST, seated=choices)
                if swap_form.is_valid():
                    services.round_swap(
                        round_=round_, a=swap_form.cleaned_data["a"], b=swap_form.cleaned_data["b"]
                    )
                    messages.success(request, _("The two players swapped seats."))
                    return redirect("round-manage", pk=tournament.pk, number=round_.number)
                error = _("Please correct the errors below.")
            elif action == "confirm":
                services.round_confirm(round_=round_)
                messages.success(
                    request, _("Round %(n)s is confirmed: the tables may play.") % {"n": round_.number}
                )
                return redirect("round-manage", pk=tournament.pk, number=round_.number)
            elif action == "delete":
                services.round_delete(round_=round_)
                messages.success(request, _("The draft of round %(n)s is deleted.") % {"n": round_.number})
                return redirect("tournament-manage", pk=tournament.pk)
            else:
                return HttpResponse(_("Unknown action."), status=400)
        except services.ServiceError as exc:
            error = str(exc)
    repeats: dict[int, list[str]] = {}
    flagged: set[int] = set()
    if round_.status == Round.Status.DRAFT:
        tables_ids = [[s.player_id for s in t.seats.all()] for t in tables]
        for a, b, times in seating.repeated_pairs(tables_ids, services.previous_tables(tournament)):
            flagged.update((a, b))
            line = ngettext(
                "%(a)s and %(b)s have met once before",
                "%(a)s and %(b)s have met %(times)s times before",
                times,
            )
            repeats.setdefault(table_of[a], []).append(line % {"a": names[a], "b": names[b], "times": times})
    context = {
        "tournament": tournament,
        "round": round_,
        "tables": [
            {"table": t, "repeats": repeats.get(t.number, []), "seats": t.seats.all()} for t in tables
        ],
        "flagged": flagged,
        "manager": manager,
        "swap_form": swap_form,
        "error": error,
    }
    return render(
        request, "tournaments/organiser/round.html", context, status=400 if request.method == "POST" else 200
    )


# --- a table's score sheet -------------------------------------------------------------------


def _sheet_rules(tournament: Tournament) -> tuple[ModuleType, ModuleType]:
    """The game's rules module and its score-sheet helper; a 404 for a game without one."""
    rules = registry.get(tournament.game_type)
    try:
        return rules, importlib.import_module(f"{rules.__name__}.sheet_entry")
    except ModuleNotFoundError:
        raise Http404("This game has no score-sheet form.") from None


@sign_in_first
def table_sheet_entry(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """Enter a table's game from its paper score sheet: per deal, each player's bid and tricks taken."""
    user = signed_in(request)
    tournament = tournament_for(request, pk, permissions.can_record_games)
    table = get_object_or_404(
        Table.objects.select_related("round", "game").prefetch_related(
            Prefetch("seats", TableSeat.objects.select_related("player").order_by("seat"))
        ),
        pk=table_pk,
        round__tournament=tournament,
    )
    table.round.tournament = tournament
    players = [seat.player.display_name for seat in table.seats.all()]
    rules, sheet = _sheet_rules(tournament)
    ruleset = rules.resolve_ruleset(tournament.ruleset, len(players))
    form = SheetForm(request.POST or None, players=players, deals=sheet.plan(ruleset, len(players)))
    deal_errors: dict[int, list[str]] = {}
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            outcome = _record_sheet(request, user, table, tournament, form, sheet, rules, deal_errors)
            if outcome is not None:
                return outcome
    first = form["first_dealer"].value()
    try:
        first_dealer = int(first) % len(players)
    except (TypeError, ValueError):
        first_dealer = 0
    rows = form.rows()
    for row, planned in zip(rows, sheet.plan(ruleset, len(players), first_dealer), strict=True):
        row["dealer"] = planned.dealer
        row["dealer_name"] = players[planned.dealer]
        row["errors"] = deal_errors.get(planned.deal, [])
    context = {
        "tournament": tournament,
        "table": table,
        "players": players,
        "form": form,
        "rows": rows,
        "deal_errors": sorted(deal_errors.items()),
        "sheet_data": {
            "players": players,
            "ruleset": ruleset.as_dict(),
            "deals": [{"deal": d.deal, "cards": d.cards} for d in form.deals],
            "messages": {
                "sum": _("Tricks taken add up to {sum}; this deal has {cards} tricks."),
                "over": _("bids over"),
                "under": _("bids under"),
                "even": _("bids even"),
            },
        },
        "recorded": table.game_id is not None,
        "confirmed": table.round.status == Round.Status.CONFIRMED,
    }
    return render(request, "tournaments/organiser/sheet.html", context, status=status)


def _record_sheet(
    request: HttpRequest,
    user: User,
    table: Table,
    tournament: Tournament,
    form: SheetForm,
    sheet: ModuleType,
    rules: ModuleType,
    deal_errors: dict[int, list[str]],
) -> HttpResponse | None:
    """Build the log, let the engine check the slips a sheet can hold, then record it for the table."""
    try:
        document = sheet.build_document(
            players=form.players,
            ruleset=tournament.ruleset,
            bids=form.columns("bid"),
            taken=form.columns("taken"),
            trumps=form.trumps(),
            first_dealer=form.cleaned_data["first_dealer"],
        )
        report = rules.replay(rules.parse(document)).as_dict()
    except MalformedDocument as exc:
        _place_error(form, sheet, exc.path, document_error_text(exc), deal_errors)
        return None
    slips = sheet.entry_errors(report)
    if slips:
        for finding in slips:
            deal_errors.setdefault(finding["deal"] or 0, []).append(
                sentence(tournament.game_type, finding, report["players"])
            )
        return None
    content = json.dumps(document, ensure_ascii=False, indent=1).encode()
    try:
        outcome = services.table_game_upload(
            table=table,
            content=content,
            user=user,
            filename=f"round-{table.round.number}-table-{table.number}.json",
            source=Upload.Source.SHEET,
        )
    except services.ServiceError as exc:
        form.add_error(None, str(exc))
        return None
    result = outcome.result
    if result.error is not None or result.game is None:
        error = result.error or {"path": "", "message": _("The game was not recorded.")}
        _place_error(form, sheet, error["path"], error_text(error), deal_errors)
        return None
    messages.success(request, _("Table %(n)s's game is recorded.") % {"n": table.number})
    return redirect("game-page", pk=result.game.pk)


def _place_error(
    form: SheetForm, sheet: ModuleType, path: str, message: str, deal_errors: dict[int, list[str]]
) -> None:
    """Show an engine error at the sheet cell its JSON path names, else at its deal, else on the form."""
    cell = sheet.cell_of(path)
    if cell is None or not 1 <= cell.deal <= len(form.deals):
        form.add_error(None, f"{path}: {message}" if path else message)
    elif cell.field is not None and cell.seat is not None and cell.seat < len(form.players):
        column = "bid" if cell.field == "bids" else "taken"
        form.add_error(cell_name(cell.deal, cell.seat, column), message)
    else:
        deal_errors.setdefault(cell.deal, []).append(message)


urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/tournaments/new/", tournament_create, name="tournament-create"),
    path("tournaments/<int:pk>/manage/", tournament_manage, name="tournament-manage"),
    path("tournaments/<int:pk>/rounds/<int:number>/manage/", round_manage, name="round-manage"),
    path("tournaments/<int:pk>/tables/<int:table_pk>/sheet/", table_sheet_entry, name="table-sheet-entry"),
]
