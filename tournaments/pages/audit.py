"""A tournament's audit page: every finding of its games grouped by kind, and its disputes.

The arbiter's view of a whole event: how many games are clean, which kinds
of fault the replay found and where (round, table, game, deal), and which
disputes are still open. Decisions are taken on each dispute's own page
(games.pages.audit); this page only reads.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path
from django.views.decorators.http import require_http_methods

from games import permissions, selectors
from games.models import Dispute, Finding, Game
from games.pages.audit import group_findings
from tournaments.models import Tournament


@require_http_methods(["GET", "HEAD"])
def tournament_audit(request: HttpRequest, pk: int) -> HttpResponse:
    """Findings by kind across the tournament's games, the summary counts, the open and decided disputes."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not (tournament.published or permissions.can_read_club(request.user, tournament.club)):
        raise Http404("No tournament here, or not one you may read.")
    games = Game.objects.filter(table__round__tournament=tournament)
    summary = selectors.audit_summary(games=games)
    findings = (
        Finding.objects.filter(report_id__in=games.values("current_report_id"))
        .select_related("game__table__round")
        .order_by("game__table__round__number", "game__table__number", "deal", "trick", "id")
    )
    disputes = list(
        Dispute.objects.filter(game__in=games.values("pk"))
        .select_related("raised_by", "decided_by", "corrected_revision", "game__table__round")
        .order_by("game__table__round__number", "game__table__number", "created_at", "id")
    )
    return render(
        request,
        "tournaments/audit.html",
        {
            "tournament": tournament,
            "summary": summary,
            "clean_games": summary["games"] - summary["games_with_errors"] - summary["games_with_warnings"],
            "groups": group_findings(findings),
            "open_disputes": [d for d in disputes if d.status == Dispute.Status.OPEN],
            "decided_disputes": [d for d in disputes if d.status != Dispute.Status.OPEN],
        },
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/audit/", tournament_audit, name="tournament-audit"),
]
