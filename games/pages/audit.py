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
from django.db.models import F, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, URLPattern, path, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from games import permissions, selectors, services
from games.models import Dispute, Finding, Game
from games.pages.game import card_label
from rules.errors import MalformedDocument

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
    groups: dict[str, dict[str, Any]] = {}
    for finding in findings:
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
                "card": card_label(finding.card),
                "sheet_url": deal_sheet_url(finding.game_id, finding.deal) if finding.deal else None,
                "replay_url": deal_replay_url(finding.game_id, finding.deal) if finding.deal else None,
            }
        )
    return sorted(groups.values(), key=lambda g: (SEVERITY_ORDER.get(g["severity"], 9), g["code"]))


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
        help_text=_("The number of the deal the claim is about, if it is about one."),
    )


class CommentForm(forms.Form):
    text = forms.CharField(label=_("Comment"), max_length=4000, widget=forms.Textarea(attrs={"rows": 3}))


class DecisionForm(forms.Form):
    status = forms.ChoiceField(
        label=_("Decision"),
        choices=[(Dispute.Status.UPHELD, _("Uphold")), (Dispute.Status.REJECTED, _("Reject"))],
        widget=forms.RadioSelect,
    )
    decision = forms.CharField(
        label=_("Reasons"),
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Required: the players read why the dispute was upheld or rejected."),
    )
    corrected_file = forms.FileField(label=_("Corrected log: a file"), required=False)
    corrected_text = forms.CharField(
        label=_("…or paste the corrected log (JSON)"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "class": "code"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        has_file = bool(data.get("corrected_file"))
        has_text = bool((data.get("corrected_text") or "").strip())
        if has_file and has_text:
            self.add_error(
                "corrected_text", gettext("Attach the corrected log as a file or paste it, not both.")
            )
        elif (has_file or has_text) and data.get("status") == Dispute.Status.REJECTED:
            field = "corrected_file" if has_file else "corrected_text"
            self.add_error(field, gettext("Only an upheld dispute attaches a corrected log."))
        return data

    @property
    def corrected_field(self) -> str:
        return "corrected_file" if self.cleaned_data.get("corrected_file") else "corrected_text"

    def corrected_document(self) -> bytes | None:
        upload = self.cleaned_data.get("corrected_file")
        if upload:
            return bytes(upload.read())
        text = self.cleaned_data.get("corrected_text") or ""
        return text.encode("utf-8") if text.strip() else None


# --- helpers -------------------------------------------------------------------------------


def readable_game(request: HttpRequest, pk: int) -> Game:
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not permissions.can_read_game(request.user, game):
        raise Http404("No game here, or not one you may read.")
    return game


def readable_dispute(request: HttpRequest, pk: int) -> Dispute:
    """The dispute with its people and whole history, if its game is readable."""
    dispute = get_object_or_404(Dispute.objects.select_related("game__club"), pk=pk)
    game = dispute.game
    if not permissions.can_read_game(request.user, game):
        raise Http404("No dispute here, or not one you may read.")
    dispute = selectors.disputes_of(game).get(pk=pk)
    dispute.game = game
    return dispute


def may_comment(request: HttpRequest, dispute: Dispute) -> bool:
    """The dispute's parties (players of the game, whoever raised it) and the organisers."""
    if not request.user.is_authenticated:
        return False
    return dispute.raised_by_id == request.user.pk or permissions.can_dispute(request.user, dispute.game)


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
        try:
            dispute = services.dispute_open(
                game=game, user=request.user, claim=form.cleaned_data["claim"], deal=deal
            )
        except services.ServiceError as error:
            # The form already insists on a claim: what the service refuses is the deal number.
            form.add_error("deal" if deal is not None else None, str(error))
        else:
            messages.success(request, gettext("Dispute opened. The club's organisers will decide it."))
            return redirect("dispute", dispute.pk)
    return render(request, "games/audit.html", game_audit_context(request, game, form))


# --- a dispute -----------------------------------------------------------------------------


def dispute_context(
    request: HttpRequest,
    dispute: Dispute,
    *,
    comment_form: CommentForm | None = None,
    decision_form: DecisionForm | None = None,
) -> dict[str, Any]:
    game = dispute.game
    may_decide = (
        request.user.is_authenticated
        and dispute.status == Dispute.Status.OPEN
        and permissions.can_decide_dispute(request.user, game)
    )
    commenter = may_comment(request, dispute)
    recomputed = []
    if may_decide:
        rows = Finding.objects.filter(report_id=game.current_report_id, code__in=SCORE_CODES)
        if dispute.deal is not None:
            rows = rows.filter(Q(deal=dispute.deal) | Q(deal__isnull=True))
        recomputed = list(rows.order_by(F("deal").asc(nulls_first=True), "id"))  # the same on every database
    return {
        "dispute": dispute,
        "game": game,
        "events": dispute.events.all(),
        "deal_sheet_url": deal_sheet_url(game.pk, dispute.deal) if dispute.deal else None,
        "deal_replay_url": deal_replay_url(game.pk, dispute.deal) if dispute.deal else None,
        "comment_form": comment_form if comment_form is not None else (CommentForm() if commenter else None),
        "decision_form": decision_form
        if decision_form is not None
        else (DecisionForm() if may_decide else None),
        "recomputed": recomputed,
    }


@require_http_methods(["GET", "HEAD"])
def dispute_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A dispute: its claim, its history, and the forms its parties and organisers may use."""
    dispute = readable_dispute(request, pk)
    return render(request, "games/dispute.html", dispute_context(request, dispute))


@require_POST
def dispute_comment(request: HttpRequest, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("dispute", args=[pk]))
    dispute = readable_dispute(request, pk)
    if not may_comment(request, dispute):
        raise PermissionDenied("The dispute's parties and the club's organisers comment on it.")
    form = CommentForm(request.POST)
    if form.is_valid():
        try:
            services.dispute_comment(dispute=dispute, user=request.user, text=form.cleaned_data["text"])
        except services.ServiceError as error:
            form.add_error("text", str(error))
        else:
            messages.success(request, gettext("Comment added."))
            return redirect("dispute", dispute.pk)
    return render(request, "games/dispute.html", dispute_context(request, dispute, comment_form=form))


@require_POST
def dispute_decide(request: HttpRequest, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("dispute", args=[pk]))
    dispute = readable_dispute(request, pk)
    if not permissions.can_decide_dispute(request.user, dispute.game):
        raise PermissionDenied("The club's organisers decide disputes.")
    form = DecisionForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            decided = services.dispute_decide(
                dispute=dispute,
                user=request.user,
                status=form.cleaned_data["status"],
                decision=form.cleaned_data["decision"],
                corrected_document=form.corrected_document(),
            )
        except MalformedDocument as error:
            form.add_error(form.corrected_field, f"{json_path(error.path)}: {error.message}")
        except services.ServiceError as error:
            form.add_error(None, str(error))
        else:
            if decided.status == Dispute.Status.REJECTED:
                messages.success(request, gettext("Dispute rejected."))
            elif decided.corrected_revision is not None:
                messages.success(
                    request,
                    gettext("Dispute upheld. Revision %(number)s is now the game's log.")
                    % {"number": decided.corrected_revision.number},
                )
            else:
                messages.success(request, gettext("Dispute upheld; the scores as recomputed stand."))
            return redirect("dispute", dispute.pk)
    # What is shown must be what is stored: a failed decision changed nothing, but re-read the state.
    dispute = readable_dispute(request, pk)
    return render(request, "games/dispute.html", dispute_context(request, dispute, decision_form=form))


urlpatterns: list[URLPattern] = [
    path("games/<int:pk>/audit/", game_audit, name="game-audit"),
    path("disputes/<int:pk>/", dispute_page, name="dispute"),
    path("disputes/<int:pk>/comments/", dispute_comment, name="dispute-comment"),
    path("disputes/<int:pk>/decision/", dispute_decide, name="dispute-decide"),
]
