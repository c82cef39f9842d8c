"""An organiser who stops being one loses their API tokens (issue 21, item 3).

Removed from a club, or given a lesser role there, an organiser's tokens are revoked, so a
script or a device the club no longer trusts with the organiser's powers signs in again; the
club's own permission checks still apply to whatever it does next. The receivers listen to
games.Membership by its label, so accounts imports nothing from games (games is above it).
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, pre_save

from accounts import tokens

#: games.Membership.Role.ORGANISER, by value (accounts does not import games).
ORGANISER = "organiser"
MEMBERSHIP = "games.Membership"


def organiser_demoted(sender: Any, instance: Any, update_fields: Any = None, **kwargs: Any) -> None:
    """pre_save of a Membership: an organiser whose role changes to another one."""
    if instance.pk is None or instance.role == ORGANISER:
        return
    if update_fields is not None and "role" not in update_fields:
        return
    was = sender._base_manager.filter(pk=instance.pk).values_list("role", flat=True).first()
    if was == ORGANISER:
        _revoke(instance.user_id, "organiser role taken in a club")


def organiser_removed(sender: Any, instance: Any, **kwargs: Any) -> None:
    """post_delete of a Membership: an organiser removed from the club."""
    if instance.role == ORGANISER:
        _revoke(instance.user_id, "removed from a club as organiser")


def _revoke(user_id: int, reason: str) -> None:
    """In the membership change's own transaction: a refused change (the club's last organiser
    leaving) rolls back and revokes nothing."""
    from accounts.models import User

    user = User.objects.filter(pk=user_id).first()
    if user is not None:
        tokens.tokens_revoke_all(user=user, reason=reason)


def connect() -> None:
    pre_save.connect(organiser_demoted, sender=MEMBERSHIP, dispatch_uid="accounts-organiser-demoted")
    post_delete.connect(organiser_removed, sender=MEMBERSHIP, dispatch_uid="accounts-organiser-removed")
