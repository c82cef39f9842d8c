"""Who may do what in a club. One place, so the permission matrix test covers it all.

Roles (games.Membership.Role): organisers manage members and roles and
decide disputes; scorers and organisers upload and correct games; members
read their club's games. Anyone reads a public game. A player linked to a
seat of a game may open a dispute on it, and so may the table's scorer (the
scorer who recorded the game or one of its revisions). Superusers may do
everything.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from accounts.models import User
from games.models import Club, Game, Membership

Role = Membership.Role
UPLOADERS = (Role.ORGANISER, Role.SCORER)

AnyUser = User | AnonymousUser


def role_in(user: AnyUser, club: Club) -> str | None:
    """The user's role in the club, or None. One query; views ask once per request."""
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(user=user, club=club).values_list("role", flat=True).first()


def can_read_club(user: AnyUser, club: Club) -> bool:
    return user.is_superuser or role_in(user, club) is not None


def can_manage_club(user: AnyUser, club: Club) -> bool:
    return user.is_superuser or role_in(user, club) == Role.ORGANISER


def can_record_games(user: AnyUser, club: Club) -> bool:
    return user.is_superuser or role_in(user, club) in UPLOADERS


def can_read_game(user: AnyUser, game: Game) -> bool:
    return game.public or can_read_club(user, game.club)


def sits_in(user: AnyUser, game: Game) -> bool:
    return user.is_authenticated and game.seats.filter(player__user=user).exists()


def scored(user: AnyUser, game: Game) -> bool:
    """The table's scorer: a scorer of the club who recorded the game or a revision of it."""
    if not user.is_authenticated or role_in(user, game.club) != Role.SCORER:
        return False
    return game.created_by_id == user.pk or game.revisions.filter(uploaded_by=user).exists()


def can_dispute(user: AnyUser, game: Game) -> bool:
    """Players of the game, the table's scorer and the club's organisers open disputes."""
    return can_manage_club(user, game.club) or sits_in(user, game) or scored(user, game)


def can_decide_dispute(user: AnyUser, game: Game) -> bool:
    return can_manage_club(user, game.club)


class IsAuthenticatedForWrites(BasePermission):
    """Reads pass to the view's own checks; writes need a signed-in user."""

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return bool(request.user and request.user.is_authenticated)
