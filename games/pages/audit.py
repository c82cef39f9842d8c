"""Audit pages of a game: what the replay found, grouped by kind, and the disputes on it.

An arbiter reads findings by kind ("all reneges", "all miscopied scores"),
not in log order, so they are grouped by code with counts; each points to
its deal on the score sheet and in the replay. Disputes are opened here by
the game's players (and the club's organisers), argued in comments, and
decided by an organiser: upheld, optionally with the corrected log as the
game's next revision, or rejected with a reason. Every write goes through
games.services; a corrected log the rules cannot read is shown with its
JSON path and nothing is decided.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, URLPattern, path, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from games import disputes, permissions, selectors, services
from games.finding_text import sentence
from games.models import Finding, Game, GameSeat
from games.pages.game import card_label

SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}
#: Findings an organiser upholding a score dispute may rely on: the replay already recomputed the score.
SCORE_CODES = ("SCORE_MISMATCH", "TOTAL_MISMATCH")


# --- links and grouping (shared with the tournament audit page) ---------------------------


def deal_replay_url(game_pk: int, deal: int) -> str:
    """The deal replay page; its module may not be wired yet, so fall back to its known path."""
    try:
        return reverse("deal-replay", args=[game_pk, deal])
    except NoReverseMatch:
        return f"/games/{game_pk}/deals/{deal}/"


def deal_sheet_url(game_pk: int, deal: int) -> str:
    return f"{reverse('game-page', args=[game_pk])}#deal-{deal}"


def json_path(path: str) -> str:
    """Where a malformed log is wrong, written as the spec and the API write it ("deals[0].bids")."""
    return path or str(_("the whole document"))


def group_findings(findings: Iterable[Finding]) -> list[dict[str, Any]]:
    """Findings by kind (code): worst severity first, then by code; each with its links.

    The rows keep the order they come in (the caller orders them by round,
    table, deal); each group counts its findings per severity.
    """
    findings = list(findings)
    seated = _players_of({f.game_id for f in findings})
    groups: dict[str, dict[str, Any]] = {}
    for finding in findings:
        game_type, players = seated.get(finding.game_id, ("", []))
        group = groups.setdefault(
            finding.code,
            {"code": finding.code, "severity": finding.severity, "count": 0, "severities": {}, "items": []},
        )
        if SEVERITY_ORDER.get(finding.severity, 9) < SEVERITY_ORDER.get(group["severity"], 9):
            group["severity"] = finding.severity
        group["count"] += 1
        group["severities"][finding.severity] = group["severities"].get(finding.severity, 0) + 1
        group["items"].append(
            {
                "finding": finding,
                "text": _row_text(game_type, finding, players),
                "card": card_label(finding.card),
                "sheet_url": deal_sheet_url(finding.game_id, finding.deal) if finding.deal else None,
                "replay_url": deal_replay_url(finding.game_id, finding.deal) if finding.deal else None,
            }
        )
    return sorted(groups.values(), key=lambda g: (SEVERITY_ORDER.get(g["severity"], 9), g["code"]))


def _players_of(game_ids: set[int]) -> dict[int, tuple[str, list[str]]]:
    """Each game's type and players' names by seat, in one query for any number of games."""
    out: dict[int, tuple[str, list[str]]] = {}
    rows = GameSeat.objects.filter(game_id__in=game_ids).order_by("game_id", "seat")
    for game_id, game_type, name in rows.values_list("game_id", "game__game_type", "player__display_name"):
        out.setdefault(game_id, (game_type, []))[1].append(name)
    return out


def _row_text(game_type: str, finding: Finding, players: list[str]) -> str:
    values = {
        "code": finding.code,
        "deal": finding.deal,
        "trick": finding.trick,
        "seat": finding.seat,
        "card": finding.card or None,
        "message": finding.message,
        "params": finding.params,
    }
    return sentence(game_type, values, players) if game_type else finding.message


# --- forms ---------------------------------------------------------------------------------


class DisputeOpenForm(forms.Form):
    claim = forms.CharField(
        label=_("What is wrong"),
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Say what the score sheet or the log gets wrong, e.g. “in deal 5 Boris took 2, not 3”."),
    )
    deal = forms.IntegerField(
        label=_("Deal (optional)"),
        required=False,
        min_value=1,
        max_value=1000,
        help_text=_("The number of the deal the claim is about, if it is about one."),
    )
    trick = forms.IntegerField(
        label=_("Trick (optional)"),
        required=False,
        min_value=1,
        max_value=100,
        help_text=_(
            "The trick of that deal, if the claim is about one: the arbiter's page opens the deal there."
        ),
    )


# --- helpers -------------------------------------------------------------------------------


def readable_game(request: HttpRequest, pk: int) -> Game:
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not permissions.can_read_game(request.user, game):
        raise Http404("No game here, or not one you may read.")
    return game


# --- game audit ----------------------------------------------------------------------------


def revision_rows(game: Game) -> list[dict[str, Any]]:
    """Each revision with what its latest audit report concluded."""
    rows = []
    for revision in selectors.revisions_of(game):
        reports = list(revision.reports.all())
        report = reports[-1] if reports else None
        rows.append(
            {
                "revision": revision,
                "current": revision.pk == game.current_revision_id,
                "status": report.status if report else None,
                "findings": len(report.report.get("findings", [])) if report else None,
                "errors": report.errors if report else None,
                "warnings": report.warnings if report else None,
            }
        )
    return rows


def game_audit_context(request: HttpRequest, game: Game, form: DisputeOpenForm | None) -> dict[str, Any]:
    findings = Finding.objects.filter(report_id=game.current_report_id).order_by(
        F("deal").asc(nulls_first=True), F("trick").asc(nulls_first=True), "id"
    )
    may_dispute = request.user.is_authenticated and permissions.can_dispute(request.user, game)
    return {
        "game": game,
        "groups": group_findings(findings),
        "revisions": revision_rows(game),
        "disputes": selectors.disputes_of(game),
        "may_dispute": may_dispute,
        "form": form if form is not None else (DisputeOpenForm() if may_dispute else None),
    }


@require_http_methods(["GET", "HEAD", "POST"])
def game_audit(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the game's findings, revisions and disputes. POST: open a dispute (players, organisers)."""
    if request.method != "POST":
        game = readable_game(request, pk)
        return render(request, "games/audit.html", game_audit_context(request, game, None))
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    game = readable_game(request, pk)
    if not permissions.can_dispute(request.user, game):
        raise PermissionDenied("Players of this game and the club's organisers dispute it.")
    form = DisputeOpenForm(request.POST)
    if form.is_valid():
        deal = form.cleaned_data["deal"]
        trick = form.cleaned_data["trick"]
        try:
            dispute = disputes.dispute_open(
                game=game, user=request.user, claim=form.cleaned_data["claim"], deal=deal, trick=trick
            )
        except services.ServiceError as error:
            # The form already insists on a claim: what the service refuses is the deal or trick.
            field = (
                "trick"
                if trick is not None and "TRICK" in error.code
                else ("deal" if deal is not None else None)
            )
            form.add_error(field, str(error))
        else:
            messages.success(request, gettext("Dispute opened. The club's organisers will decide it."))
            return redirect("dispute", dispute.pk)
    return render(request, "games/audit.html", game_audit_context(request, game, form))


urlpatterns: list[URLPattern] = [
    path("games/<int:pk>/audit/", game_audit, name="game-audit"),
]
