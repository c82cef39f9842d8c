"""Who is in a club, and how one joins it: the organiser's members page and the invitee's answer.

The organiser invites a username with a role, changes a member's role, removes a
member and withdraws an invitation; the person invited sees the invitation on the
home page and on ``/invitations/`` and accepts or declines it (games.invitations). The
same services back the API (games.api), so a page and a script are refused alike.

The members page is the organisers': the club's other members get 403, anyone else 404
(docs/pages.md: a page the reader may not read does not admit the thing exists), and an
anonymous visitor is sent to sign in first.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from games import invitations, permissions, services
from games.models import Club, Invitation, Membership
from games.pages.access import sign_in_first
from games.refusals import Refusal


def _managed_club(request: HttpRequest, slug: str) -> Club:
    """The club if the reader organises it; 403 for its other members, 404 for anyone else."""
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_manage_club(request.user, club):
        if permissions.can_read_club(request.user, club):
            raise PermissionDenied
        raise Http404
    return club


def club_members(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser's page: members and roles, the invitation form, the open invitations."""
    if (redirect_ := sign_in_first(request)) is not None:
        return redirect_
    club = _managed_club(request, slug)
    context = {
        "club": club,
        "memberships": list(
            Membership.objects.filter(club=club).select_related("user").order_by("role", "user__username")
        ),
        "invitations": list(invitations.open_for_club(club)),
        "roles": Membership.Role.choices,
        "days": invitations.INVITATION_DAYS,
    }
    return render(request, "games/members.html", context)


def _refused(request: HttpRequest, exc: Refusal) -> None:
    messages.error(request, exc.render())


@login_required
@require_POST
def member_invite(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed_club(request, slug)
    username = request.POST.get("username", "")
    role = request.POST.get("role", Membership.Role.MEMBER)
    if role not in Membership.Role.values or not username.strip() or len(username.strip()) > 150:
        messages.error(request, _("Name a username (up to 150 characters) and a role."))
        return redirect("club-members-page", club.slug)
    try:
        invitation = invitations.invite(club=club, username=username, role=role, by=_user(request))
    except services.ServiceError as exc:
        _refused(request, exc)
    else:
        messages.success(
            request,
            _("%(username)s is invited as %(role)s. They become a member when they accept.")
            % {"username": invitation.username, "role": Membership.Role(invitation.role).label.lower()},
        )
    return redirect("club-members-page", club.slug)


@login_required
@require_POST
def member_role(request: HttpRequest, slug: str, username: str) -> HttpResponse:
    club = _managed_club(request, slug)
    membership = get_object_or_404(Membership, club=club, user__username=username)
    role = request.POST.get("role", "")
    if role not in Membership.Role.values:
        raise Http404
    try:
        services.membership_set(club=club, user=membership.user, role=role, by=_user(request))
    except services.ServiceError as exc:
        _refused(request, exc)
    else:
        messages.success(
            request,
            _("%(name)s is now %(role)s.")
            % {"name": _name(membership.user), "role": Membership.Role(role).label.lower()},
        )
    return redirect("club-members-page", club.slug)


@login_required
@require_POST
def member_remove(request: HttpRequest, slug: str, username: str) -> HttpResponse:
    club = _managed_club(request, slug)
    membership = get_object_or_404(Membership, club=club, user__username=username)
    try:
        services.membership_remove(club=club, user=membership.user, by=_user(request))
    except services.ServiceError as exc:
        _refused(request, exc)
    else:
        messages.success(request, _("%(name)s is no longer a member.") % {"name": _name(membership.user)})
    if not permissions.can_manage_club(request.user, club):  # they removed themselves
        return redirect("home")
    return redirect("club-members-page", club.slug)


@login_required
@require_POST
def invitation_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _managed_club(request, slug)
    try:
        invitation = invitations.withdraw(club=club, invitation_id=pk, by=_user(request))
    except Invitation.DoesNotExist:
        raise Http404 from None
    messages.success(
        request, _("The invitation to %(username)s is withdrawn.") % {"username": invitation.username}
    )
    return redirect("club-members-page", club.slug)


@login_required
def my_invitations(request: HttpRequest) -> HttpResponse:
    """The invitations the signed-in user may answer."""
    return render(
        request, "games/invitations.html", {"invitations": list(invitations.open_for_user(_user(request)))}
    )


@login_required
@require_POST
def invitation_accept(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        membership = invitations.accept(invitation_id=pk, user=_user(request))
    except Invitation.DoesNotExist:
        raise Http404 from None
    messages.success(
        request,
        _("Welcome to %(club)s: you are its %(role)s.")
        % {"club": membership.club.name, "role": membership.get_role_display().lower()},
    )
    return redirect("club-home", membership.club.slug)


@login_required
@require_POST
def invitation_decline(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        invitation = invitations.decline(invitation_id=pk, user=_user(request))
    except Invitation.DoesNotExist:
        raise Http404 from None
    messages.success(request, _("You declined the invitation to %(club)s.") % {"club": invitation.club.name})
    return redirect("my-invitations")


def _user(request: HttpRequest) -> User:
    return request.user  # type: ignore[return-value]


def _name(user: User) -> str:
    return user.display_name or user.username


urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/members/", club_members, name="club-members-page"),
    path("clubs/<slug:slug>/members/invite/", member_invite, name="club-member-invite"),
    path("clubs/<slug:slug>/members/<str:username>/role/", member_role, name="club-member-role"),
    path("clubs/<slug:slug>/members/<str:username>/remove/", member_remove, name="club-member-remove"),
    path(
        "clubs/<slug:slug>/invitations/<int:pk>/withdraw/",
        invitation_withdraw,
        name="club-invitation-withdraw",
    ),
    path("invitations/", my_invitations, name="my-invitations"),
    path("invitations/<int:pk>/accept/", invitation_accept, name="invitation-accept-page"),
    path("invitations/<int:pk>/decline/", invitation_decline, name="invitation-decline-page"),
]
