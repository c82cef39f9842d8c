"""The arbiter's desk: a dispute settled on one page, from the evidence.

``/disputes/<pk>/`` holds everything the arbiter weighs without leaving the page: the claim and
its whole history; the deal in question replayed (the deal page's stepper, opened at the claimed
trick or the first finding); every finding of that deal with the rule it is about; the score of
every seat as recorded beside the score the replay recomputes; the game's revisions, who made
each, when and from where, any two compared deal by deal, the kept bytes of each one click away;
for a game kept live, the scorekeeper's entries of that deal, undos included. Organisers decide
it there (games.disputes: recomputed scores stand, a correction through the deal form or a
corrected log, the deal annulled, an adjusted score, a penalty waived or confirmed, rejected),
and every decision that changes the log is previewed first: the recomputed deal, the totals
before and after, the findings it raises or clears. A decided dispute is final.

``/disputes/`` lists the disputes an organiser has to decide, across their clubs.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import URLPattern, path, reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from games import corrections, deal_display, disputes, evidence, permissions, selectors, services, settlement
from games.models import Dispute, Game, Membership, RevisionSource
from games.pages import correcting
from games.pages.audit import deal_replay_url, deal_sheet_url
from games.pages.replay import DEALS, said
from rules import registry
from rules.errors import MalformedDocument
from rules.strict import digits_value

Ruling = Dispute.Ruling


class CommentForm(forms.Form):
    text = forms.CharField(label=_("Comment"), max_length=4000, widget=forms.Textarea(attrs={"rows": 3}))


#: The decisions the form offers, in the order an arbiter weighs them, with what each does.
RULING_HELP = {
    Ruling.RECOMPUTED: _(
        "The claim is right and the replay already scores it right (a miscopied score): the recomputed "
        "scores stand, nothing is rewritten."
    ),
    Ruling.CORRECTION: _(
        "The log is wrong: correct the deal's fields below (or the whole log, for experts); saved as the "
        "game's next revision."
    ),
    Ruling.ANNUL: _(
        "Nobody scores the deal; a player who reneged still loses the penalty unless it is waived, and "
        "the same dealer deals again."
    ),
    Ruling.ADJUST: _("Score the deal as you assign it, penalties included."),
    Ruling.WAIVE: _("The penalty is not taken; the deal is otherwise scored as before."),
    Ruling.CONFIRM: _("The penalty stands, and the sheet says the arbiter confirmed it."),
    Ruling.REJECT: _("The claim is wrong: nothing changes."),
}


class DecisionForm(forms.Form):
    ruling = forms.ChoiceField(label=_("Decision"), choices=Ruling.choices, widget=forms.RadioSelect)
    # Required to record a decision, not to preview it (the view checks): the arbiter writes the
    # reasons once they have seen what the change does.
    decision = forms.CharField(
        label=_("Reasons"),
        max_length=4000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Required: the players read why the dispute was decided so."),
    )
    deal = forms.IntegerField(min_value=1, required=False, widget=forms.HiddenInput)
    revision = forms.IntegerField(min_value=1, required=False, widget=forms.HiddenInput)
    mode = forms.ChoiceField(
        choices=[("form", _("the deal's fields")), ("log", _("the whole log (JSON)"))],
        required=False,
        initial="form",
        widget=forms.RadioSelect,
        label=_("Correct"),
    )
    corrected_file = forms.FileField(label=_("Corrected log: a file"), required=False)
    corrected_text = forms.CharField(
        label=_("…or the corrected log (JSON)"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "class": "code"}),
    )

    def __init__(self, *args: Any, rulings: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if rulings is not None:
            field = self.fields["ruling"]
            field.choices = [(value, label) for value, label in Ruling.choices if value in rulings]  # type: ignore[attr-defined]

    def choices(self) -> list[dict[str, Any]]:
        """The decisions as the template lists them: each radio with what it does."""
        out = []
        for radio in self["ruling"]:
            out.append(
                {
                    "radio": radio,
                    "value": radio.data["value"],
                    "help": RULING_HELP.get(radio.data["value"], ""),
                }
            )
        return out


# --- reading what may be read ------------------------------------------------------------------


def readable_dispute(request: HttpRequest, pk: int) -> Dispute:
    """The dispute with its people and whole history, if its game is readable (404 otherwise)."""
    dispute = get_object_or_404(Dispute.objects.select_related("game__club"), pk=pk)
    game = dispute.game
    if not permissions.can_read_game(request.user, game):
        raise Http404("No dispute here, or not one you may read.")
    found = selectors.disputes_of(game).get(pk=pk)
    found.game = Game.objects.select_related("club", "current_revision", "current_report").get(pk=game.pk)
    return found


def may_comment(request: HttpRequest, dispute: Dispute) -> bool:
    """The dispute's parties (players of the game, the table's scorer, whoever raised it) and the organisers."""
    if not request.user.is_authenticated:
        return False
    return dispute.raised_by_id == request.user.pk or permissions.can_dispute(request.user, dispute.game)


def may_decide(request: HttpRequest, dispute: Dispute) -> bool:
    return (
        request.user.is_authenticated
        and dispute.status == Dispute.Status.OPEN
        and permissions.can_decide_dispute(request.user, dispute.game)
    )


# --- the evidence -------------------------------------------------------------------------------


def shown_deal(request: HttpRequest, dispute: Dispute, report: dict[str, Any]) -> int:
    """The deal the page shows: the one asked for, the dispute's, the first with a finding, or 1."""
    count = len(report.get("deals") or [])
    asked = request.GET.get("deal") or request.POST.get("deal") or ""
    number = digits_value(asked)  # never isdigit then int: "²" and 5,000 digits are no deal
    if number is not None and 1 <= number <= count:
        return number
    if dispute.deal and 1 <= dispute.deal <= count:
        return dispute.deal
    for f in report.get("findings") or []:
        if f.get("deal"):
            return int(f["deal"])
    return 1


def start_step(dispute: Dispute, deal: int, findings: list[dict[str, Any]]) -> int:
    """Where the stepper opens: the claimed trick, else the first finding's trick, else the start."""
    if dispute.trick and dispute.deal == deal:
        return dispute.trick
    for f in findings:
        if f.get("trick"):
            return int(f["trick"])
    return 0


def walkthrough_context(game: Game, content: bytes, deal: int) -> dict[str, Any] | None:
    """The deal page's context for one deal (its stepper and hands), or None for no replay."""
    reading = registry.read(content)
    walkthrough = getattr(reading.rules, "walkthrough", None)
    shape = DEALS.get(game.game_type)
    if walkthrough is None or shape is None:
        return None
    try:
        context = shape(walkthrough(reading.log, deal))
    except IndexError:
        return None
    said(game.game_type, context, reading.log.players)
    return context


def evidence_context(request: HttpRequest, dispute: Dispute) -> dict[str, Any]:
    game = dispute.game
    assert game.current_report is not None
    assert game.current_revision is not None
    report = game.current_report.report
    content = bytes(game.current_revision.content)
    if any("penalties" not in deal for deal in report.get("deals") or []):
        # Stored by an engine older than the rulings (docs/arbiter.md): replay the log now for the
        # deals' penalties, until `manage.py reaudit` stores a report that has them.
        report = corrections.replay_document(content)[1]
    document = corrections.current_document(game)
    deal = shown_deal(request, dispute, report)
    findings = evidence.deal_findings(game.game_type, report, deal)
    rows = evidence.revision_rows(game)
    numbers = [r.revision.number for r in rows]
    pair = evidence.default_pair(rows, dispute.revision)
    asked_from = digits_value(request.GET.get("from", ""))
    asked_to = digits_value(request.GET.get("to", ""))
    if asked_from is not None and asked_to is not None and asked_from in numbers and asked_to in numbers:
        pair = (asked_from, asked_to)
    comparison = None
    if pair is not None and pair[0] != pair[1]:
        compared = evidence.compare_revisions(game, *pair)
        comparison = deal_display.comparison_view(game.game_type, compared) if compared else None
    replay = walkthrough_context(game, content, deal)
    replay_html = ""
    if replay is not None:
        # Rendered apart, with its own context: the deal page's names (findings, dealer…) are not the page's.
        replay_html = mark_safe(  # noqa: S308 - our own template's output
            render_to_string(
                f"games/deals/_{game.game_type}_body.html",
                {**replay, "game": game, "hide_findings": True},
                request=request,
            )
        )
    return {
        "deal": deal,
        "deals": list(range(1, len(report.get("deals") or []) + 1)),
        "deal_findings": findings,
        "game_findings": [
            f for f in evidence.deal_findings(game.game_type, report, None) if not f.get("deal")
        ],
        "scores": evidence.deal_scores(game.game_type, document, report, deal),
        "replay_html": replay_html,
        "can_see_addresses": permissions.can_manage_club(request.user, game.club),
        "start_step": start_step(dispute, deal, findings),
        "revisions": rows,
        "compare": pair,
        "comparison": comparison,
        "timeline": evidence.timeline_of(game, deal),
        "deal_sheet_url": deal_sheet_url(game.pk, deal),
        "deal_replay_url": deal_replay_url(game.pk, deal),
        "report": report,
        "document": document,
    }


# --- the decision -------------------------------------------------------------------------------


def rulings_for(game: Game, report_deal: dict[str, Any] | None) -> list[str]:
    """The decisions the deal allows: a penalty to waive or confirm only where there is one."""
    offered = [Ruling.RECOMPUTED, Ruling.CORRECTION, Ruling.ANNUL, Ruling.ADJUST]
    statuses = {p["status"] for p in (report_deal or {}).get("penalties") or []}
    if statuses - {"waived"}:
        offered.append(Ruling.WAIVE)
    if statuses - {"confirmed"}:
        offered.append(Ruling.CONFIRM)
    return [*offered, Ruling.REJECT]


def decision_context(
    request: HttpRequest,
    dispute: Dispute,
    ev: dict[str, Any],
    *,
    form: DecisionForm | None = None,
    deal_form: correcting.DealForm | None = None,
    preview: dict[str, Any] | None = None,
    adjust_errors: dict[str, str] | None = None,
) -> dict[str, Any]:
    game = dispute.game
    report, document, deal = ev["report"], ev["document"], ev["deal"]
    report_deal = report["deals"][deal - 1] if report.get("deals") else None
    rulings = rulings_for(game, report_deal)
    assert game.current_revision is not None
    if form is None:
        form = DecisionForm(
            rulings=rulings,
            initial={
                "deal": deal,
                "revision": game.current_revision.number,
                "mode": "form",
                "corrected_text": correcting.pretty(document),
            },
        )
    post = request.POST if request.method == "POST" else None
    adjust = correcting.adjust_items(game.game_type, document["players"], report_deal or {}, post)
    for item in adjust:
        item["error"] = (adjust_errors or {}).get(item["name"], "")
    return {
        "decision_form": form,
        "deal_form": deal_form
        or correcting.deal_form(game_type=game.game_type, document=document, number=deal),
        "adjust": adjust,
        "penalties": correcting.penalty_items(game.game_type, document["players"], report_deal or {}),
        "preview": preview,
        "rulings": rulings,
    }


def dispute_context(request: HttpRequest, dispute: Dispute, **decision: Any) -> dict[str, Any]:
    game = dispute.game
    ev = evidence_context(request, dispute)
    context: dict[str, Any] = {
        "dispute": dispute,
        "game": game,
        "events": dispute.events.all(),
        "comment_form": decision.pop("comment_form", None)
        or (CommentForm() if may_comment(request, dispute) else None),
        "provisional": game.provisional,
        "confirmations": settlement.confirmations_of(game) if game.confirm_until else None,
        **ev,
    }
    if may_decide(request, dispute):
        context.update(decision_context(request, dispute, ev, **decision))
    return context


@require_http_methods(["GET", "HEAD"])
def dispute_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A dispute: its claim, its history, the evidence, and the forms its parties and organisers may use."""
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
            disputes.dispute_comment(dispute=dispute, user=request.user, text=form.cleaned_data["text"])
        except services.ServiceError as error:
            form.add_error("text", str(error))
        else:
            messages.success(request, gettext("Comment added."))
            return redirect("dispute", dispute.pk)
    return render(
        request, "games/dispute.html", dispute_context(request, dispute, comment_form=form), status=400
    )


def _candidate(
    dispute: Dispute, form: DecisionForm, ev: dict[str, Any], post: Any
) -> tuple[Any, correcting.DealForm | None, dict[str, str], dict[str, Any]]:
    """What the decision would save: (a log as a document or bytes, or None; the deal form; the
    adjusted score's errors; the keyword arguments of disputes.dispute_decide)."""
    game = dispute.game
    data = form.cleaned_data
    ruling = data["ruling"]
    deal = ev["deal"]  # the posted deal, checked against the game by shown_deal
    report_deal = ev["report"]["deals"][deal - 1]
    kwargs: dict[str, Any] = {"ruling": ruling, "deal": deal, "expected_revision": data.get("revision")}
    if ruling == Ruling.CORRECTION:
        if data.get("mode") == "log":
            upload = data.get("corrected_file")
            if upload:
                content = bytes(upload.read())
                kwargs.update(filename=upload.name or "")
            else:
                content = (data.get("corrected_text") or "").encode("utf-8")
            kwargs.update(document=content, source=RevisionSource.LOG)
            return content, None, {}, kwargs
        deal_form = correcting.deal_form(
            game_type=game.game_type, document=ev["document"], number=deal, post=post
        )
        if deal_form.document is not None:
            kwargs.update(document=corrections.encode(deal_form.document), source=RevisionSource.FORM)
        return deal_form.document, deal_form, {}, kwargs
    if ruling == Ruling.ADJUST:
        score, errors = correcting.read_adjust(game.game_type, ev["document"]["players"], post)
        kwargs["score"] = score
        if errors:
            return None, None, errors, kwargs
        return (
            disputes.ruled_document(
                game=game, dispute=dispute, ruling=ruling, deal=deal, decision=data["decision"], score=score
            ),
            None,
            {},
            kwargs,
        )
    if ruling in (Ruling.ANNUL, Ruling.WAIVE, Ruling.CONFIRM):
        seats = correcting.read_seats(game.game_type, report_deal, post) if ruling != Ruling.ANNUL else None
        kwargs["seats"] = seats
        if ruling != Ruling.ANNUL and not seats:
            return None, None, {"p": gettext("Tick whose penalty you rule on.")}, kwargs
        return (
            disputes.ruled_document(
                game=game, dispute=dispute, ruling=ruling, deal=deal, decision=data["decision"], seats=seats
            ),
            None,
            {},
            kwargs,
        )
    return None, None, {}, kwargs


def preview_view(
    game: Game, candidate: Any, text: str | None
) -> tuple[dict[str, Any], MalformedDocument | None]:
    """A candidate log previewed for the template: the changes, or why it cannot be read (the
    error itself too, for a deal form to place on its field)."""
    result = corrections.preview(game=game, document=candidate)
    if result.error is not None:
        shown = {"error": correcting.log_error_text(result.error, text), "error_path": result.error.path}
        return shown, result.error
    assert result.comparison is not None
    return {"status": result.status, **deal_display.comparison_view(game.game_type, result.comparison)}, None


@require_POST
def dispute_decide(request: HttpRequest, pk: int) -> HttpResponse:
    """POST the decision: ``action=preview`` shows what it would do (the page, or for htmx only the
    preview), ``action=save`` records it."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("dispute", args=[pk]))
    dispute = readable_dispute(request, pk)
    if not permissions.can_decide_dispute(request.user, dispute.game):
        raise PermissionDenied("The club's organisers decide disputes.")
    if dispute.status != Dispute.Status.OPEN:
        messages.error(request, gettext("This dispute was already decided; a decision is final."))
        return redirect("dispute", dispute.pk)
    ev = evidence_context(request, dispute)
    report_deal = ev["report"]["deals"][ev["deal"] - 1] if ev["report"].get("deals") else None
    form = DecisionForm(request.POST, request.FILES, rulings=rulings_for(dispute.game, report_deal))
    action = request.POST.get("action", "save")
    htmx = request.headers.get("HX-Request") == "true"
    valid = form.is_valid()
    if valid and action != "preview" and not form.cleaned_data["decision"].strip():
        form.add_error(
            "decision", gettext("Write the reasons: the players read why the dispute was decided so.")
        )
        valid = False
    if htmx and action == "preview" and not valid:
        return render(request, "games/dispute/_preview.html", {"preview": None})
    if not valid:
        return render(request, "games/dispute.html", dispute_context(request, dispute, form=form), status=400)
    candidate, deal_form, adjust_errors, kwargs = _candidate(dispute, form, ev, request.POST)
    preview = None
    text = form.cleaned_data.get("corrected_text") if kwargs.get("source") == RevisionSource.LOG else None
    if candidate is not None:
        preview, unreadable = preview_view(dispute.game, candidate, text)
        if deal_form is not None and unreadable is not None:
            deal_form.place(unreadable)
    elif deal_form is not None and not deal_form.ok:
        preview = {"error": gettext("Some fields are not filled in as they should be: see the form.")}
    elif adjust_errors:
        preview = {"error": gettext("The adjusted score is not complete: see the form.")}
    if action == "preview" or (preview is not None and "error" in preview) or adjust_errors:
        if htmx:
            return render(request, "games/dispute/_preview.html", {"preview": preview})
        context = dispute_context(
            request, dispute, form=form, deal_form=deal_form, preview=preview, adjust_errors=adjust_errors
        )
        return render(request, "games/dispute.html", context, status=200 if action == "preview" else 400)
    try:
        decided = disputes.dispute_decide(
            dispute=dispute, user=request.user, decision=form.cleaned_data["decision"], **kwargs
        )
    except MalformedDocument as error:
        form.add_error(
            "corrected_text" if kwargs.get("source") == RevisionSource.LOG else None,
            correcting.log_error_text(error, text),
        )
    except services.ServiceError as error:
        form.add_error(None, str(error))
    else:
        messages.success(request, decided_message(decided))
        return redirect("dispute", dispute.pk)
    dispute = readable_dispute(request, pk)
    context = dispute_context(request, dispute, form=form, deal_form=deal_form, preview=preview)
    return render(request, "games/dispute.html", context, status=400)


def decided_message(dispute: Dispute) -> str:
    if dispute.corrected_revision is not None:
        return gettext("Dispute decided: %(ruling)s. Revision %(number)s is now the game's log.") % {
            "ruling": dispute.get_ruling_display(),
            "number": dispute.corrected_revision.number,
        }
    return gettext("Dispute decided: %(ruling)s.") % {"ruling": dispute.get_ruling_display()}


# --- the organisers' list -----------------------------------------------------------------------


@require_http_methods(["GET", "HEAD"])
def dispute_list(request: HttpRequest) -> HttpResponse:
    """The disputes an organiser decides: the open ones of their clubs, then the latest decided."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    clubs = Membership.objects.filter(user=request.user, role=Membership.Role.ORGANISER).values("club_id")
    mine = Dispute.objects.select_related("game__club", "raised_by")
    if not request.user.is_superuser:
        mine = mine.filter(game__club_id__in=clubs)
    return render(
        request,
        "games/disputes.html",
        {
            "open": list(mine.filter(status=Dispute.Status.OPEN).order_by("created_at", "id")[:200]),
            "decided": list(mine.exclude(status=Dispute.Status.OPEN).order_by("-decided_at", "-id")[:20]),
        },
    )


urlpatterns: list[URLPattern] = [
    path("disputes/", dispute_list, name="disputes"),
    path("disputes/<int:pk>/", dispute_page, name="dispute"),
    path("disputes/<int:pk>/comments/", dispute_comment, name="dispute-comment"),
    path("disputes/<int:pk>/decision/", dispute_decide, name="dispute-decide"),
]
