"""A table's traveller at a duplicate bridge event, entered board by board as the table plays it (issue 22).

Per board the traveller holds the contract (or passed out), the declarer, the opening lead and
the tricks declarer took — or an artificial adjusted score (Law 12C2). A club enters one board
at a time, so each board is its own form: saving it writes the table's round as one
``bridge-duplicate`` log (docs/bridge-duplicate-log.md) with every board entered so far and the
four hands of each from the event's hand record (tournaments.duplicate: dealt from its seed),
so the replay checks the lead against the leader's hand as it checks everything else. The first
save records the table's game (tournaments.services.table_game_upload); every later one is a
new revision of it (games.services.game_correct), the earlier ones kept.

An entry the rules engine refuses, or whose board has an error finding (a lead the leader was
not dealt), is not recorded: the table corrects it on the spot, and the sentence is shown at
the board in the reader's language. Boards not yet played are simply not in the log.

Who may: the club's organisers and scorers (games.permissions.can_record_games); others a 403,
the anonymous are sent to sign in; a table of another tournament, or a tournament that is not
a duplicate event, a 404.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.contrib import messages
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from accounts.models import User
from games import permissions
from games import services as game_services
from games.finding_text import MINUS, document_error_text, error_text, sentence
from games.models import RevisionSource, Upload
from games.templatetags.cards import rank as rank_text
from games.templatetags.cards import seat_name
from rules import registry
from rules.bridge.analytics import GAME_PREMIUM, PART_SCORE_PREMIUM
from rules.bridge.boards import PBN_VULNERABLE, Board, dealer_of, vulnerable_of
from rules.bridge.core import SEATS
from rules.errors import MalformedDocument
from tournaments import duplicate, services
from tournaments.duplicate import GAME
from tournaments.models import DuplicateEvent, DuplicatePair, DuplicateSitting, Round, Table, TableSeat
from tournaments.pages.organiser import sign_in_first, signed_in, tournament_for

PLAYED, PASSED, ADJUSTED = "played", "passed", "adjusted"
#: The artificial adjusted scores a director gives (Law 12C2), North–South's and East–West's
#: percentage of the top: average plus / average minus either way, average, both at fault.
ADJUSTMENTS = ("60-40", "50-50", "40-60", "40-40")
STRAINS = ("C", "D", "H", "S", "NT")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
BOARD_PATH = re.compile(r"^boards\[(\d+)\]")


def _blank() -> tuple[str, str]:
    return ("", "—")


class BoardForm(forms.Form):
    """One board of the traveller: what the table writes on it."""

    kind = forms.ChoiceField(
        label=gettext_lazy("Result"),
        choices=[
            (PLAYED, gettext_lazy("Played")),
            (PASSED, gettext_lazy("Passed out")),
            (ADJUSTED, gettext_lazy("Adjusted score")),
        ],
        initial=PLAYED,
        widget=forms.RadioSelect,
    )
    level = forms.TypedChoiceField(
        label=gettext_lazy("Level"),
        choices=[_blank(), *((str(n), str(n)) for n in range(1, 8))],
        coerce=int,
        empty_value=None,
        required=False,
    )
    strain = forms.ChoiceField(label=gettext_lazy("Strain"), choices=(), required=False)
    doubling = forms.ChoiceField(
        label=gettext_lazy("Doubled"),
        choices=[
            ("", "—"),
            ("X", pgettext_lazy("traveller doubling", "× doubled")),
            ("XX", pgettext_lazy("traveller doubling", "×× redoubled")),
        ],
        required=False,
    )
    declarer = forms.ChoiceField(label=gettext_lazy("Declarer"), choices=(), required=False)
    lead_suit = forms.ChoiceField(
        label=gettext_lazy("Suit"),
        choices=[_blank(), *((s, SUIT_SYMBOLS[s]) for s in SUITS)],
        required=False,
    )
    lead_rank = forms.ChoiceField(label=gettext_lazy("Rank"), choices=(), required=False)
    tricks = forms.TypedChoiceField(
        label=gettext_lazy("Tricks taken by declarer"),
        choices=[_blank(), *((str(n), str(n)) for n in range(14))],
        coerce=int,
        empty_value=None,
        required=False,
    )
    adjusted = forms.ChoiceField(label=gettext_lazy("Adjusted score"), choices=(), required=False)
    revision = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, players: list[str], extra_adjusted: str | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        strain = self.fields["strain"]
        assert isinstance(strain, forms.ChoiceField)
        strain.choices = [
            _blank(),
            *((s, SUIT_SYMBOLS[s]) for s in STRAINS[:4]),
            ("NT", pgettext("strain", "NT")),
        ]
        declarer = self.fields["declarer"]
        assert isinstance(declarer, forms.ChoiceField)
        declarer.choices = [
            _blank(),
            *((letter, f"{seat_name(letter)} — {players[i]}") for i, letter in enumerate(SEATS)),
        ]
        ranks = self.fields["lead_rank"]
        assert isinstance(ranks, forms.ChoiceField)
        ranks.choices = [_blank(), *((r, rank_text(f"{r}S")) for r in RANKS)]
        adjusted = self.fields["adjusted"]
        assert isinstance(adjusted, forms.ChoiceField)
        values = list(ADJUSTMENTS)
        if extra_adjusted and extra_adjusted not in values:
            values.append(extra_adjusted)  # as an uploaded log has it
        adjusted.choices = [_blank(), *((v, _adjusted_label(v)) for v in values)]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind = data.get("kind")
        required = {
            PLAYED: ("level", "strain", "declarer", "tricks"),
            ADJUSTED: ("adjusted",),
        }.get(str(kind), ())
        for name in required:
            if data.get(name) in (None, ""):
                self.add_error(name, forms.ValidationError(self.fields[name].error_messages["required"]))
        if kind == PLAYED and bool(data.get("lead_suit")) != bool(data.get("lead_rank")):
            missing = "lead_rank" if data.get("lead_suit") else "lead_suit"
            self.add_error(missing, _("Give the lead's suit and its rank, or neither."))
        return data

    def entry(self, number: int, board: Board) -> dict[str, Any]:
        """The board as the log writes it (docs/bridge-duplicate-log.md), with the hand record's hands."""
        data = self.cleaned_data
        given: dict[str, Any] = {"board": number, "hands": duplicate.hands_of(board)}
        # A hand-record file may give a board another dealer or vulnerability than Law 2's:
        # the board is played as the file deals it (the replay warns).
        if board.dealer != dealer_of(number):
            given["dealer"] = SEATS[board.dealer]
        if board.vulnerable != vulnerable_of(number):
            given["vulnerable"] = PBN_VULNERABLE[board.vulnerable]
        if data["kind"] == ADJUSTED:
            ns, ew = (int(v) for v in str(data["adjusted"]).split("-"))
            return {**given, "adjusted": {"ns": ns, "ew": ew}}
        if data["kind"] == PASSED:
            return {**given, "contract": "Pass"}
        out: dict[str, Any] = {
            **given,
            "contract": f"{data['level']}{data['strain']}{data['doubling'] or ''}",
            "declarer": data["declarer"],
        }
        if data.get("lead_suit") and data.get("lead_rank"):
            out["lead"] = f"{data['lead_rank']}{data['lead_suit']}"
        out["result"] = data["tricks"]
        return out


def _adjusted_label(value: str) -> str:
    ns, ew = value.split("-")
    names = {
        "60-40": _("average plus to North–South"),
        "50-50": _("average to both"),
        "40-60": _("average plus to East–West"),
        "40-40": _("average minus to both"),
    }
    label = f"{ns}/{ew}"
    return f"{label} — {names[value]}" if value in names else label


def initial_of(row: dict[str, Any] | None) -> dict[str, Any]:
    """The form's values from the report's line of a recorded board."""
    if row is None:
        return {"kind": PLAYED}
    adjusted = row.get("adjusted")
    if adjusted:
        return {"kind": ADJUSTED, "adjusted": f"{adjusted['ns']}-{adjusted['ew']}"}
    contract = row.get("contract")
    if not contract:
        return {"kind": PASSED}
    body = contract.rstrip("X")
    out: dict[str, Any] = {
        "kind": PLAYED,
        "level": body[0],
        "strain": body[1:],
        "doubling": contract[len(body) :],
        "declarer": row.get("declarer") or "",
        "tricks": "" if row.get("tricks") is None else str(row["tricks"]),
    }
    lead = row.get("lead")
    if lead:
        out.update(lead_rank=lead[:-1], lead_suit=lead[-1])
    return out


def _score_text(value: int | None) -> str:
    if value is None:
        return ""
    return f"{MINUS}{-value}" if value < 0 else str(value)


VULNERABLE_LABELS = {
    (False, False): gettext_lazy("nobody vulnerable"),
    (True, False): gettext_lazy("North–South vulnerable"),
    (False, True): gettext_lazy("East–West vulnerable"),
    (True, True): gettext_lazy("both sides vulnerable"),
}


def _player_at(players: list[str], letter: str | None) -> str:
    return players[SEATS.index(letter)] if letter and len(letter) == 1 and letter in SEATS else ""


def _board_of_path(path: str, document: dict[str, Any]) -> int | None:
    """The board number a refusal's JSON path names (``boards[1].lead`` → that board's number)."""
    found = BOARD_PATH.match(path or "")
    boards = document.get("boards") or []
    if found is None or int(found.group(1)) >= len(boards):
        return None
    number = boards[int(found.group(1))].get("board")
    return number if isinstance(number, int) else None


def _board_of_finding(finding: dict[str, Any], report: dict[str, Any]) -> int | None:
    """A finding's board: its ``deal`` is the board's place in the log, from 1."""
    deal = finding.get("deal")
    boards = report.get("boards") or []
    if isinstance(deal, int) and 1 <= deal <= len(boards):
        return int(boards[deal - 1]["board"])
    params = finding.get("params") or {}
    return params.get("board") if isinstance(params.get("board"), int) else None


class Named(str):
    """A sentence that says its board itself (a finding's: «board 2: …»), listed without
    the board's name put before it again."""

    __slots__ = ()


class Entry:
    """What the page works with: the table, its players, its boards and what is recorded of them."""

    def __init__(self, table: Table, event: DuplicateEvent, sitting: DuplicateSitting) -> None:
        self.table = table
        self.event = event
        self.sitting = sitting
        self.players = [seat.player.display_name for seat in table.seats.all()]
        game = table.game
        self.document: dict[str, Any] | None = None
        self.report: dict[str, Any] = {}
        self.revision: int | None = None
        if game is not None and game.current_revision is not None:
            self.document = json.loads(bytes(game.current_revision.content))
            self.revision = game.current_revision.number
            self.report = game.current_report.report if game.current_report else {}
        self.rows = {int(row["board"]): row for row in self.report.get("boards") or []}

    def base(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "game": GAME,
            "version": 1,
            "round": self.table.round.number,
            "table": self.table.number,
            "pairs": {"ns": self.sitting.ns, "ew": self.sitting.ew},
            "players": self.players,
            "boards": [],
        }
        if self.event.movement == DuplicateEvent.Movement.INDIVIDUAL:
            del document["pairs"]  # an individual has no pairs: the players are the partnerships
        return document

    def with_board(self, entry: dict[str, Any]) -> dict[str, Any]:
        """The recorded log with ``entry`` in place of its board (or added, in the round's order);
        every other board kept as it was written."""
        document = json.loads(json.dumps(self.document)) if self.document else self.base()
        boards = [b for b in document.get("boards") or [] if b.get("board") != entry["board"]]
        boards.append(entry)
        order = {n: i for i, n in enumerate(self.sitting.boards)}
        boards.sort(key=lambda b: order.get(b.get("board"), len(order)))
        document["boards"] = boards
        return document

    def form(self, number: int, data: Any = None) -> BoardForm:
        row = self.rows.get(number)
        initial = initial_of(row)
        initial["revision"] = self.revision
        return BoardForm(
            data,
            prefix=f"b{number}",
            initial=initial,
            players=self.players,
            extra_adjusted=initial.get("adjusted"),
        )


def _entry_for(request: HttpRequest, pk: int, table_pk: int) -> Entry:
    tournament = tournament_for(request, pk, permissions.can_record_games)
    event = DuplicateEvent.objects.filter(tournament=tournament).first()
    if event is None:
        raise Http404("This tournament is not a duplicate event.")
    event.tournament = tournament
    table = get_object_or_404(
        Table.objects.select_related(
            "round", "game__current_revision", "game__current_report"
        ).prefetch_related(Prefetch("seats", TableSeat.objects.select_related("player").order_by("seat"))),
        pk=table_pk,
        round__tournament=tournament,
    )
    table.round.tournament = tournament
    sitting = DuplicateSitting.objects.filter(table=table).first()
    if sitting is None:
        raise Http404("This table has no place in the movement.")
    return Entry(table, event, sitting)


@sign_in_first
def table_traveller_entry(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """The table's traveller for its round: a form per board, each saved as the table plays it."""
    user = signed_in(request)
    entry = _entry_for(request, pk, table_pk)
    table = entry.table
    confirmed = table.round.status == Round.Status.CONFIRMED
    errors: dict[int, list[str]] = {}
    page_errors: list[str] = []
    posted: tuple[int, BoardForm] | None = None
    status = 200
    if request.method == "POST":
        status = 400
        try:
            number = int(request.POST.get("board", ""))
        except ValueError:
            number = 0
        if not confirmed:
            page_errors.append(
                _("The round's seating is not confirmed yet: confirm it before entering games.")
            )
        elif number not in entry.sitting.boards:
            page_errors.append(_("This table does not play that board in this round."))
        elif request.POST.get("action") == "clear":
            outcome = _clear(request, user, entry, number, errors)
            if outcome is not None:
                return outcome
        else:
            form = entry.form(number, request.POST)
            posted = (number, form)
            if form.is_valid():
                outcome = _record(request, user, entry, number, form, errors, page_errors)
                if outcome is not None:
                    return outcome
            else:
                errors.setdefault(number, [])
    return _render(request, entry, confirmed, posted, errors, page_errors, status)


def _record(
    request: HttpRequest,
    user: User,
    entry: Entry,
    number: int,
    form: BoardForm,
    errors: dict[int, list[str]],
    page_errors: list[str],
) -> HttpResponse | None:
    """Check the table's log with the board in it, then record it: the game, or its next revision."""
    table = entry.table
    document = entry.with_board(form.entry(number, duplicate.boards_of(entry.event)[number]))

    def refused(exc: MalformedDocument | dict[str, Any], text: str) -> None:
        where = _board_of_path(
            exc.path if isinstance(exc, MalformedDocument) else exc.get("path", ""), document
        )
        (errors.setdefault(where, []) if where is not None else page_errors).append(text)

    rules = registry.get(GAME)
    try:
        report = rules.replay(rules.parse(document)).as_dict()
    except MalformedDocument as exc:
        refused(exc, document_error_text(exc))
        return None
    wrong = [
        f for f in report["findings"] if f["severity"] == "error" and _board_of_finding(f, report) == number
    ]
    if wrong:
        errors.setdefault(number, []).extend(Named(sentence(GAME, f, report["players"])) for f in wrong)
        return None
    here = reverse("table-traveller-entry", args=[table.round.tournament_id, table.pk]) + f"#board-{number}"
    if entry.document is not None and document == entry.document:
        messages.info(request, _("Board %(board)s is as recorded: nothing changed.") % {"board": number})
        return redirect(here)
    content = json.dumps(document, ensure_ascii=False, indent=1).encode()
    filename = f"round-{table.round.number}-table-{table.number}.json"
    try:
        if table.game_id is None:
            outcome = services.table_game_upload(
                table=table, content=content, user=user, filename=filename, source=Upload.Source.SHEET
            )
            result = outcome.result
            if result.refusal is not None:
                refused(result.refusal, document_error_text(result.refusal))
                return None
            if result.error is not None or result.game is None:
                error = result.error or {"path": "", "message": _("The game was not recorded.")}
                refused(error, error_text(error))
                return None
        else:
            assert table.game is not None
            game_services.game_correct(
                game=table.game,
                content=content,
                user=user,
                reason=_("traveller: board %(board)s entered") % {"board": number},
                filename=filename,
                source=RevisionSource.SHEET,
                expected_revision=form.cleaned_data.get("revision"),
            )
    except MalformedDocument as exc:
        refused(exc, document_error_text(exc))
        return None
    except game_services.ServiceError as exc:
        errors.setdefault(number, []).append(str(exc))
        return None
    messages.success(request, _("Board %(board)s is recorded.") % {"board": number})
    return redirect(here)


def _clear(
    request: HttpRequest, user: User, entry: Entry, number: int, errors: dict[int, list[str]]
) -> HttpResponse | None:
    """Take a board out of the table's log (a new revision, the old one kept): the board was
    not played at this table after all, so the field's comparison scales it (Neuberg)."""
    table = entry.table
    here = reverse("table-traveller-entry", args=[table.round.tournament_id, table.pk]) + f"#board-{number}"
    boards = (entry.document or {}).get("boards") or []
    if table.game is None or not any(b.get("board") == number for b in boards):
        messages.info(request, _("Board %(board)s has no result to clear.") % {"board": number})
        return redirect(here)
    if len(boards) == 1:
        errors.setdefault(number, []).append(
            _("The table's only recorded board cannot be cleared: correct it, or record an adjusted score.")
        )
        return None
    document = json.loads(json.dumps(entry.document))
    document["boards"] = [b for b in boards if b.get("board") != number]
    try:
        revision = int(request.POST.get("revision", ""))
    except ValueError:
        revision = None
    try:
        game_services.game_correct(
            game=table.game,
            content=json.dumps(document, ensure_ascii=False, indent=1).encode(),
            user=user,
            reason=_("traveller: board %(board)s cleared") % {"board": number},
            filename=f"round-{table.round.number}-table-{table.number}.json",
            source=RevisionSource.SHEET,
            expected_revision=revision,
        )
    except game_services.ServiceError as exc:
        errors.setdefault(number, []).append(str(exc))
        return None
    messages.success(
        request,
        _("Board %(board)s is cleared: it counts as not played at this table.") % {"board": number},
    )
    return redirect(here)


def _render(
    request: HttpRequest,
    entry: Entry,
    confirmed: bool,
    posted: tuple[int, BoardForm] | None,
    errors: dict[int, list[str]],
    page_errors: list[str],
    status: int,
) -> HttpResponse:
    table, sitting = entry.table, entry.sitting
    findings: dict[int, list[str]] = {}
    for finding in entry.report.get("findings") or []:
        where = _board_of_finding(finding, entry.report)
        if where is not None:
            findings.setdefault(where, []).append(sentence(GAME, finding, entry.report.get("players") or []))
    boards = []
    record = duplicate.boards_of(entry.event)
    for number in sitting.boards:
        board = record[number]
        form = posted[1] if posted is not None and posted[0] == number else entry.form(number)
        row = entry.rows.get(number)
        board_errors = list(errors.get(number, []))
        boards.append(
            {
                "number": number,
                "dealer": SEATS[board.dealer],
                "vulnerable": VULNERABLE_LABELS[board.vulnerable],
                "vulnerable_ns": int(board.vulnerable[0]),
                "vulnerable_ew": int(board.vulnerable[1]),
                "form": form,
                "row": row,
                "score": _score_text(row.get("ns_score")) if row else "",
                "declarer": _player_at(entry.players, row.get("declarer") if row else None),
                "errors": board_errors,
                "invalid": bool(board_errors) or (form.is_bound and bool(form.errors)),
                "findings": findings.get(number, []),
            }
        )
    individual = sitting.table.round.tournament.duplicate.movement == DuplicateEvent.Movement.INDIVIDUAL
    pairs = {
        p.number: p
        for p in DuplicatePair.objects.filter(
            tournament_id=table.round.tournament_id, number__in=[sitting.ns, sitting.ew]
        ).select_related("first", "second")
    }
    summary = [(b["number"], e, isinstance(e, Named)) for b in boards for e in b["errors"]]
    for b in boards:
        if b["form"].is_bound and b["form"].errors and not b["errors"]:
            summary.append((b["number"], _("Please correct the errors below."), False))
    context = {
        "tournament": table.round.tournament,
        "table": table,
        "sitting": sitting,
        "individual": individual,
        "ns": None if individual else pairs.get(sitting.ns),
        "ew": None if individual else pairs.get(sitting.ew),
        "players": entry.players,
        "boards": boards,
        "confirmed": confirmed,
        "page_errors": page_errors,
        "summary": summary,
        "revision": entry.revision,
        # The live score's table (static/js/traveller_entry.js): the engine's, not the script's.
        "traveller_data": {
            "ruleset": registry.get(GAME).resolve_ruleset().as_dict(),
            "game_premium": list(GAME_PREMIUM),
            "part_score_premium": PART_SCORE_PREMIUM,
            "ns_label": _("N–S"),
        },
    }
    return render(request, "tournaments/duplicate/traveller_entry.html", context, status=status)


urlpatterns: list[URLPattern] = [
    path(
        "tournaments/<int:pk>/tables/<int:table_pk>/traveller/",
        table_traveller_entry,
        name="table-traveller-entry",
    ),
]
