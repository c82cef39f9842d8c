"""Writes of the games app. Keyword-only and typed; views and tasks call these."""

from __future__ import annotations

from django.db import transaction
from django.utils.text import slugify

from accounts.models import User
from games.models import Club, Membership, Player


@transaction.atomic
def club_create(*, name: str, user: User, slug: str | None = None) -> Club:
    """Create a club; its creator becomes its organiser."""
    club = Club.objects.create(name=name, slug=slug or slugify(name))
    Membership.objects.create(user=user, club=club, role=Membership.Role.ORGANISER)
    return club


def membership_set(*, club: Club, user: User, role: str) -> Membership:
    """Give ``user`` the ``role`` in ``club`` (adding them when they are not a member)."""
    membership, _ = Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    return membership


def player_get_or_create(*, club: Club, display_name: str, user: User | None = None) -> Player:
    """The club's roster entry of that name (matched case-insensitively), created when unknown."""
    name = display_name.strip()
    player = Player.objects.filter(club=club, display_name__iexact=name).first()
    if player is None:
        player = Player.objects.create(club=club, display_name=name, user=user)
    return player
