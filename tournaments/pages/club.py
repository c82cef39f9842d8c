"""A club's home page: its tournaments (upcoming and recent), its games, and, for members, who is in it.

It lives in the tournaments app because it shows tournaments; games never
imports tournaments. Visitors see the club's published tournaments and
public games; members see everything of their club, and the roster.

The games are listed a page at a time, newest first, and can be narrowed to
one game (Oh Hell, preferans …), one tournament or one month (``?game=``,
``?tournament=``, ``?month=2026-11``), so every game of the club can be
reached from its page, not only the latest few.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Count, F, Prefetch, QuerySet
from django.db.models.functions import TruncMonth
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path
from django.utils import timezone

from games import permissions, selectors
from games.models import Club, Game, GameSeat, Membership, Player
from games.vocabulary import game_name
from rules import registry
from tournaments.models import Tournament
from tournaments.pages.paging import asked, pager, pages_for

#: Games listed on one page of the club's page.
GAMES_PER_PAGE = 20
RECENT_TOURNAMENTS = 10
UPCOMING = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)


def club_home(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    member = permissions.can_read_club(request.user, club)
    tournaments = Tournament.objects.filter(club=club).annotate(entrants=Count("entries"))
    if not member:
        tournaments = tournaments.filter(published=True)
    upcoming = list(tournaments.filter(status__in=UPCOMING).order_by("starts_at", "id")[:RECENT_TOURNAMENTS])
    recent = list(tournaments.exclude(status__in=UPCOMING).order_by("-starts_at", "-id")[:RECENT_TOURNAMENTS])
    visible = selectors.games_visible_to(request.user).filter(club=club)
    chosen, games = games_filtered(request, visible, tournaments)
    count = games.count()
    last = pages_for(count, GAMES_PER_PAGE)
    page = asked(request, "page", last)
    first = (page - 1) * GAMES_PER_PAGE
    listed = (
        games.select_related("current_revision", "table__round__tournament")
        .prefetch_related(Prefetch("seats", queryset=GameSeat.objects.select_related("player")))
        .order_by(F("played_at").desc(nulls_last=True), "-id")[first : first + GAMES_PER_PAGE]
    )
    context = {
        "club": club,
        "member": member,
        "manager": permissions.can_manage_club(request.user, club),
        "recorder": permissions.can_record_games(request.user, club),
        "upcoming": upcoming,
        "recent": recent,
        "games": list(listed),
        "games_count": count,
        "games_first": first + 1,
        "games_last": first + min(GAMES_PER_PAGE, max(count - first, 0)),
        "game_links": pager(request, "page", page, last, keep={k: v for k, v in chosen.items() if v}),
        "filters": game_filters(visible, tournaments, chosen),
        "chosen": chosen,
    }
    if member:
        context["memberships"] = list(
            Membership.objects.filter(club=club).select_related("user").order_by("role", "user__username")
        )
        context["players"] = list(
            Player.objects.filter(club=club).annotate(games_played=Count("seats")).order_by("display_name")
        )
    return render(request, "tournaments/club.html", context)


def games_filtered(
    request: HttpRequest, games: QuerySet[Game], tournaments: QuerySet[Tournament]
) -> tuple[dict[str, str], QuerySet[Game]]:
    """The filters asked for (only those that name something real) and the games they leave."""
    chosen = {"game": "", "tournament": "", "month": ""}
    game = request.GET.get("game", "")
    if game in registry.GAMES:
        chosen["game"] = game
        games = games.filter(game_type=game)
    tournament = request.GET.get("tournament", "")
    if tournament.isdigit() and tournaments.filter(pk=int(tournament)).exists():
        chosen["tournament"] = tournament
        games = games.filter(table__round__tournament_id=int(tournament))
    month = request.GET.get("month", "")
    try:
        start = datetime.strptime(month, "%Y-%m").replace(tzinfo=timezone.get_current_timezone())
    except ValueError:
        start = None
    if start is not None:
        chosen["month"] = month
        end = (
            start.replace(year=start.year + 1, month=1)
            if start.month == 12
            else start.replace(month=start.month + 1)
        )
        games = games.filter(played_at__gte=start, played_at__lt=end)
    return chosen, games


def game_filters(
    games: QuerySet[Game], tournaments: QuerySet[Tournament], chosen: dict[str, str]
) -> dict[str, Any]:
    """The choices of the filter form: the games the club has played, its tournaments (those the
    reader may see) and the months with games; three queries."""
    kinds = sorted(games.order_by().values_list("game_type", flat=True).distinct())
    months = (
        games.exclude(played_at=None)
        .annotate(month=TruncMonth("played_at"))
        .order_by("-month")
        .values_list("month", flat=True)
        .distinct()
    )
    return {
        "games": [{"value": key, "label": game_name(key), "chosen": key == chosen["game"]} for key in kinds],
        "tournaments": [
            {"value": str(pk), "label": name, "chosen": str(pk) == chosen["tournament"]}
            for pk, name in tournaments.order_by("-starts_at", "-id").values_list("pk", "name")
        ],
        "months": [
            {"value": f"{m:%Y-%m}", "date": m, "chosen": f"{m:%Y-%m}" == chosen["month"]} for m in months
        ],
        "active": any(chosen.values()),
    }


urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/", club_home, name="club-home"),
]
