"""A club's home page: its tournaments (upcoming and recent), recent games, and, for members, who is in it.

It lives in the tournaments app because it shows tournaments; games never
imports tournaments. Visitors see the club's published tournaments and
public games; members see everything of their club, and the roster.
"""

from __future__ import annotations

from django.db.models import Count, F, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path

from games import permissions, selectors
from games.models import Club, GameSeat, Membership, Player
from tournaments.models import Tournament

RECENT_GAMES = 10
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
    games = (
        selectors.games_visible_to(request.user)
        .filter(club=club)
        .select_related("current_revision")
        .prefetch_related(Prefetch("seats", queryset=GameSeat.objects.select_related("player")))
        .order_by(F("played_at").desc(nulls_last=True), "-id")[:RECENT_GAMES]
    )
    context = {
        "club": club,
        "member": member,
        "manager": permissions.can_manage_club(request.user, club),
        "recorder": permissions.can_record_games(request.user, club),
        "upcoming": upcoming,
        "recent": recent,
        "games": list(games),
    }
    if member:
        context["memberships"] = list(
            Membership.objects.filter(club=club).select_related("user").order_by("role", "user__username")
        )
        context["players"] = list(
            Player.objects.filter(club=club).annotate(games_played=Count("seats")).order_by("display_name")
        )
    return render(request, "tournaments/club.html", context)


urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/", club_home, name="club-home"),
]
