"""Club membership by invitation (issue 21, item 10).

An organiser names a username and a role; the holder of that username sees the
invitation (home page, ``GET /api/v1/invitations/``) and accepts or declines it. Only
an accepted invitation makes a :class:`~games.models.Membership`, so a club never
appears as someone's without their consent, and nobody is made an organiser of a club
they did not choose.

The organiser is told nothing about accounts: an invitation to a name no account has
is made and answered exactly as one to a real user, and it simply expires unanswered
(``INVITATION_DAYS``). An account created after the invitation cannot accept it, so a
newcomer cannot claim an invitation by registering the name it was sent to. Every
step is written to the club's audit log.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import audit_log
from games.models import AuditEntry, Club, Invitation, Membership
from games.services import ServiceError, membership_set

#: How long an invitation can be accepted.
INVITATION_DAYS = 14


def invite(*, club: Club, username: str, role: str, by: User) -> Invitation:
    """Invite ``username`` to ``club`` as ``role``; an open invitation to the name is renewed.

    Refused only for what the organiser already sees: a name that is already a member
    (the club's member list shows it).
    """
    username = username.strip()
    if not username:
        raise ServiceError("INVITATION_USERNAME_MISSING", _("an invitation needs a username"))
    if Membership.objects.filter(club=club, user__username=username).exists():
        raise ServiceError(
            "MEMBER_ALREADY",
            _("%(username)s is already a member; change their role instead"),
            username=username,
        )
    expires_at = timezone.now() + timedelta(days=INVITATION_DAYS)
    with transaction.atomic():
        invitation = (
            Invitation.objects.select_for_update().filter(club=club, username=username, answer="").first()
        )
        if invitation is None:
            try:
                with transaction.atomic():
                    invitation = Invitation.objects.create(
                        club=club, username=username, role=role, invited_by=by, expires_at=expires_at
                    )
            except IntegrityError:  # a concurrent invitation to the same name: renew that one
                invitation = Invitation.objects.select_for_update().get(
                    club=club, username=username, answer=""
                )
        if invitation.role != role or invitation.expires_at != expires_at:
            invitation.role, invitation.expires_at, invitation.invited_by = role, expires_at, by
            invitation.save(update_fields=["role", "expires_at", "invited_by"])
        audit_log.record(
            club_id=club.pk,
            action=AuditEntry.Action.MEMBER_INVITED,
            actor=by,
            details={"username": username, "role": role, "invitation": invitation.pk},
        )
    return invitation


def open_for_club(club: Club) -> QuerySet[Invitation]:
    """The club's invitations not yet answered nor expired, newest first."""
    return Invitation.objects.filter(club=club, answer="", expires_at__gt=timezone.now()).select_related(
        "invited_by"
    )


def open_for_user(user: User) -> QuerySet[Invitation]:
    """The invitations ``user`` may answer: to their username, made after their account, open."""
    if not user.is_authenticated:
        return Invitation.objects.none()
    return Invitation.objects.filter(
        username=user.username, answer="", expires_at__gt=timezone.now(), created_at__gte=user.date_joined
    ).select_related("club", "invited_by")


def accept(*, invitation_id: int, user: User) -> Membership:
    """``user`` accepts: they become a member with the invitation's role.

    An invitation that is not theirs to answer is :class:`Invitation.DoesNotExist`, the
    same as one that does not exist (the caller answers 404 to both)."""
    with transaction.atomic():
        invitation = _answerable(invitation_id, user)
        current = Membership.objects.filter(club=invitation.club, user=user).first()
        # Already a member (added since by an operator): the invitation does not lower a role.
        membership = current or membership_set(club=invitation.club, user=user, role=invitation.role)
        _answer(invitation, Invitation.Answer.ACCEPTED, user, AuditEntry.Action.INVITATION_ACCEPTED)
    return membership


def decline(*, invitation_id: int, user: User) -> Invitation:
    with transaction.atomic():
        invitation = _answerable(invitation_id, user)
        _answer(invitation, Invitation.Answer.DECLINED, user, AuditEntry.Action.INVITATION_DECLINED)
    return invitation


def withdraw(*, club: Club, invitation_id: int, by: User) -> Invitation:
    """The organiser takes back an open invitation of their club."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation_id, club=club, answer="")
        _answer(invitation, Invitation.Answer.WITHDRAWN, by, AuditEntry.Action.INVITATION_WITHDRAWN)
    return invitation


def _answerable(invitation_id: int, user: User) -> Invitation:
    return open_for_user(user).select_for_update(of=("self",)).get(pk=invitation_id)


def _answer(invitation: Invitation, answer: str, by: User, action: str) -> None:
    invitation.answer, invitation.answered_at, invitation.answered_by = answer, timezone.now(), by
    invitation.save(update_fields=["answer", "answered_at", "answered_by"])
    audit_log.record(
        club_id=invitation.club_id,
        action=action,
        actor=by,
        details={"username": invitation.username, "role": invitation.role, "invitation": invitation.pk},
    )
