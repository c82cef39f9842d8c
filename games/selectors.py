"""Reads of the games app: what a user may see, shaped for the pages and the API."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, Prefetch, Q, QuerySet

from accounts.models import User
from games.models import (
    AuditReport,
    Club,
    Dispute,
    DisputeEvent,
    Finding,
    Game,
    GameRevision,
    GameSeat,
    Membership,
)


def club_list() -> QuerySet[Club]:
    """Every club with its member count, for the landing page."""
    return Club.objects.annotate(member_count=Count("memberships")).order_by("name")


def clubs_of(user: User | AnonymousUser) -> QuerySet[Club]:
    """The clubs a user belongs to (all of them for a superuser)."""
    if user.is_superuser:
        return Club.objects.all()
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(memberships__user=user)


def games_visible_to(user: User | AnonymousUser) -> QuerySet[Game]:
    """Games the user may read: public ones, and every game of the user's clubs."""
    games = Game.objects.all()
    if user.is_superuser:
        return games
    if not user.is_authenticated:
        return games.filter(public=True)
    member_of = Membership.objects.filter(user=user).values("club_id")
    return games.filter(Q(public=True) | Q(club_id__in=member_of))


def game_list_queryset(queryset: QuerySet[Game]) -> QuerySet[Game]:
    """What a game list serialises, in a constant number of queries."""
    return queryset.select_related("club", "current_revision").prefetch_related(
        Prefetch("seats", queryset=GameSeat.objects.select_related("player"))
    )


def game_detail_queryset(queryset: QuerySet[Game]) -> QuerySet[Game]:
    return game_list_queryset(queryset).select_related("current_report")


def revisions_of(game: Game) -> QuerySet[GameRevision]:
    return (
        GameRevision.objects.filter(game=game)
        .defer("content")
        .select_related("uploaded_by", "parent")
        .prefetch_related(Prefetch("reports", queryset=AuditReport.objects.order_by("created_at", "id")))
        .order_by("number")
    )


def disputes_of(game: Game) -> QuerySet[Dispute]:
    return (
        Dispute.objects.filter(game=game)
        .select_related("raised_by", "decided_by", "corrected_revision", "revision")
        .prefetch_related(
            Prefetch(
                "events", queryset=DisputeEvent.objects.select_related("actor", "revision").order_by("id")
            )
        )
    )


def audit_summary(*, games: QuerySet[Game]) -> dict[str, Any]:
    """What an arbiter looks at first: games with errors, reneges caught, mismatches, open disputes."""
    current = Finding.objects.filter(
        game__in=games.values("pk"), report_id__in=games.values("current_report_id")
    )
    by_code = dict(current.values_list("code").annotate(n=Count("id")).values_list("code", "n"))
    statuses = dict(games.values_list("status").annotate(n=Count("id")).values_list("status", "n"))
    open_disputes = Dispute.objects.filter(game__in=games.values("pk"), status=Dispute.Status.OPEN).count()
    return {
        "games": sum(statuses.values()),
        "games_with_errors": statuses.get(Game.Status.ERRORS, 0),
        "games_with_warnings": statuses.get(Game.Status.WARNINGS, 0),
        "reneges_caught": by_code.get("RENEGE_UNCORRECTED", 0),
        "score_mismatches": by_code.get("SCORE_MISMATCH", 0),
        "total_mismatches": by_code.get("TOTAL_MISMATCH", 0),
        "open_disputes": open_disputes,
        "findings_by_code": dict(sorted(by_code.items())),
    }
