"""Club membership by invitation (issue 21, item 10): "Any signed-in user can create a club and
add any other user to it as organiser, and the answer tells whether a username exists."

A user named by an organiser becomes a member only by accepting; the organiser's answers are
the same whether or not the username is an account's; an invitation is answerable only by the
holder of the name, only by an account older than the invitation, and only until it expires.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import invitations
from games.models import AuditEntry, Invitation, Membership, Player
from tests.games.factories import UserFactory

pytestmark = pytest.mark.django_db

MEMBERS = "/api/v1/clubs/kozyr/members/"


def invite(api, people, username: str, role: str = "organiser"):
    api.force_authenticate(people.organiser)
    return api.post(MEMBERS, {"username": username, "role": role}, format="json")


def without_moments(body: dict) -> dict:
    return {k: v for k, v in body.items() if k not in ("id", "created_at", "expires_at", "username")}


def test_a_user_named_as_organiser_is_not_one_until_they_accept(api, people):
    """The reproduction: an outsider named organiser of a club did not become one by being named."""
    answer = invite(api, people, "outsider")
    assert answer.status_code == 202, answer.json()
    assert not Membership.objects.filter(club=people.club, user=people.outsider).exists()
    api.force_authenticate(people.outsider)
    assert "kozyr" not in [c["slug"] for c in api.get("/api/v1/clubs/").json()]
    assert api.get("/api/v1/clubs/kozyr/players/").status_code == 403
    waiting = api.get("/api/v1/invitations/").json()
    assert [(i["club"], i["role"], i["invited_by"]) for i in waiting] == [("kozyr", "organiser", "organiser")]
    accepted = api.post(f"/api/v1/invitations/{waiting[0]['id']}/accept/")
    assert accepted.status_code == 201
    assert accepted.json()["role"] == "organiser"
    assert "kozyr" in [c["slug"] for c in api.get("/api/v1/clubs/").json()]
    assert api.get("/api/v1/invitations/").json() == []


def test_the_answer_is_the_same_for_a_username_no_account_has(api, people):
    real = invite(api, people, "outsider", role="scorer")
    unknown = invite(api, people, "nobody-has-this-name", role="scorer")
    assert (real.status_code, unknown.status_code) == (202, 202)
    assert without_moments(real.json()) == without_moments(unknown.json())
    assert set(real.json()) == set(unknown.json())
    listed = api.get("/api/v1/clubs/kozyr/invitations/").json()
    assert sorted(i["username"] for i in listed) == ["nobody-has-this-name", "outsider"]


def test_declining_leaves_the_user_outside_and_the_invitation_answered(api, people):
    invite(api, people, "outsider", role="member")
    invitation = Invitation.objects.get(username="outsider")
    api.force_authenticate(people.outsider)
    assert api.post(f"/api/v1/invitations/{invitation.pk}/decline/").status_code == 204
    invitation.refresh_from_db()
    assert invitation.answer == Invitation.Answer.DECLINED
    assert invitation.answered_by == people.outsider
    assert not Membership.objects.filter(club=people.club, user=people.outsider).exists()
    assert api.post(f"/api/v1/invitations/{invitation.pk}/accept/").status_code == 404


def test_only_the_named_user_may_answer(api, people):
    invite(api, people, "outsider")
    invitation = Invitation.objects.get(username="outsider")
    for other in (people.member, people.scorer, people.organiser):
        api.force_authenticate(other)
        assert api.post(f"/api/v1/invitations/{invitation.pk}/accept/").status_code == 404
        assert api.post(f"/api/v1/invitations/{invitation.pk}/decline/").status_code == 404
    api.force_authenticate(None)
    assert api.post(f"/api/v1/invitations/{invitation.pk}/accept/").status_code == 401
    assert Membership.objects.get(club=people.club, user=people.organiser).role == Membership.Role.ORGANISER
    assert not Membership.objects.filter(club=people.club, user=people.outsider).exists()


def test_an_account_registered_after_the_invitation_cannot_take_it(api, people):
    invite(api, people, "vera")
    later = UserFactory(username="vera", date_joined=timezone.now() + timedelta(seconds=1))
    api.force_authenticate(later)
    assert api.get("/api/v1/invitations/").json() == []
    invitation = Invitation.objects.get(username="vera")
    assert api.post(f"/api/v1/invitations/{invitation.pk}/accept/").status_code == 404
    assert not Membership.objects.filter(user=later).exists()


def test_an_expired_invitation_cannot_be_accepted(api, people):
    invite(api, people, "outsider")
    invitation = Invitation.objects.get(username="outsider")
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    api.force_authenticate(people.outsider)
    assert api.get("/api/v1/invitations/").json() == []
    assert api.post(f"/api/v1/invitations/{invitation.pk}/accept/").status_code == 404


def test_inviting_again_renews_the_one_open_invitation(api, people):
    first = invite(api, people, "outsider", role="member").json()
    second = invite(api, people, "outsider", role="scorer").json()
    assert first["id"] == second["id"]
    assert second["role"] == "scorer"
    assert Invitation.objects.filter(club=people.club, username="outsider").count() == 1


def test_a_withdrawn_invitation_cannot_be_accepted(api, people):
    invite(api, people, "outsider")
    invitation = Invitation.objects.get(username="outsider")
    assert api.delete(f"/api/v1/clubs/kozyr/invitations/{invitation.pk}/").status_code == 204
    assert api.delete(f"/api/v1/clubs/kozyr/invitations/{invitation.pk}/").status_code == 404
    api.force_authenticate(people.outsider)
    assert api.post(f"/api/v1/invitations/{invitation.pk}/accept/").status_code == 404


def test_an_organiser_of_another_club_cannot_withdraw_or_list_this_clubs_invitations(api, people):
    invite(api, people, "someone")
    invitation = Invitation.objects.get(username="someone")
    api.force_authenticate(people.outsider)
    assert api.get("/api/v1/clubs/kozyr/invitations/").status_code == 403
    assert api.delete(f"/api/v1/clubs/kozyr/invitations/{invitation.pk}/").status_code == 403
    assert Invitation.objects.get(pk=invitation.pk).answer == ""


def test_every_step_is_in_the_audit_log(api, people):
    invite(api, people, "outsider", role="member")
    invitation = Invitation.objects.get(username="outsider")
    api.force_authenticate(people.outsider)
    api.post(f"/api/v1/invitations/{invitation.pk}/accept/")
    api.force_authenticate(people.organiser)
    assert api.patch(f"{MEMBERS}outsider/", {"role": "scorer"}, format="json").status_code == 200
    assert api.delete(f"{MEMBERS}outsider/").status_code == 204
    entries = AuditEntry.objects.filter(club=people.club).order_by("id")
    assert [(e.action, e.actor.username, e.details.get("username")) for e in entries] == [
        ("member_invited", "organiser", "outsider"),
        ("invitation_accepted", "outsider", "outsider"),
        ("member_role_changed", "organiser", "outsider"),
        ("member_removed", "organiser", "outsider"),
    ]
    assert entries[2].details == {"username": "outsider", "from": "member", "to": "scorer"}


def test_linking_a_roster_player_names_only_the_clubs_members(api, people):
    """The roster's username field said "Object with username=… does not exist" for a stranger
    only: now any name that is not a member's gets the same refusal."""
    player = Player.objects.create(club=people.club, display_name="Зоя")
    api.force_authenticate(people.organiser)
    url = f"/api/v1/clubs/kozyr/players/{player.pk}/"
    stranger = api.patch(url, {"username": "outsider"}, format="json")
    nobody = api.patch(url, {"username": "no-such-account"}, format="json")
    assert (stranger.status_code, nobody.status_code) == (400, 400)
    said = [
        r.json()["error"]["message"].replace("outsider", "X").replace("no-such-account", "X")
        for r in (stranger, nobody)
    ]
    assert said[0] == said[1] == "no member of this club has the username X"
    assert api.patch(url, {"username": "member"}, format="json").json()["username"] == "member"


def test_accepting_as_an_existing_member_keeps_the_role(people):
    """Made a scorer by an operator after the invitation to be a member: accepting lowers nothing."""
    Membership.objects.filter(user=people.scorer).delete()
    made = invitations.invite(club=people.club, username="scorer", role="member", by=people.organiser)
    Membership.objects.create(
        club=people.club, user=people.scorer, role=Membership.Role.SCORER
    )  # an operator's
    kept = invitations.accept(invitation_id=made.pk, user=people.scorer)
    assert kept.role == Membership.Role.SCORER


# --- pages ---------------------------------------------------------------------------


def test_the_organiser_invites_on_the_members_page_and_the_invitee_accepts_on_the_home_page(client, people):
    client.force_login(people.organiser)
    page = client.get("/clubs/kozyr/members/")
    assert page.status_code == 200
    answered = client.post(
        "/clubs/kozyr/members/invite/", {"username": "outsider", "role": "scorer"}, follow=True
    )
    assert "outsider" in answered.content.decode()
    assert Invitation.objects.filter(username="outsider", answer="").count() == 1
    client.force_login(people.outsider)
    home = client.get("/").content.decode()
    invitation = Invitation.objects.get(username="outsider")
    assert f"/invitations/{invitation.pk}/accept/" in home
    joined = client.post(f"/invitations/{invitation.pk}/accept/", follow=True)
    assert joined.redirect_chain[-1][0] == "/clubs/kozyr/"
    assert Membership.objects.get(club=people.club, user=people.outsider).role == Membership.Role.SCORER


def test_the_members_page_is_the_organisers(client, people):
    assert client.get("/clubs/kozyr/members/").url.startswith("/accounts/login/")
    # The club's other members are told no (they know the club); anyone else is told nothing.
    for user, status in ((people.member, 403), (people.scorer, 403), (people.outsider, 404)):
        client.force_login(user)
        assert client.get("/clubs/kozyr/members/").status_code == status
        assert (
            client.post("/clubs/kozyr/members/invite/", {"username": "x", "role": "organiser"}).status_code
            == status
        )
    assert not Invitation.objects.exists()


def test_the_members_page_in_russian_says_nothing_of_accounts(client, people):
    client.force_login(people.organiser)
    client.cookies["django_language"] = "ru"
    first = client.post(
        "/clubs/kozyr/members/invite/", {"username": "outsider", "role": "member"}, follow=True
    )
    second = client.post(
        "/clubs/kozyr/members/invite/", {"username": "nobody-at-all", "role": "member"}, follow=True
    )
    said = [
        r.content.decode()
        .split('class="messages"')[1]
        .split("</ul>")[0]
        .replace("outsider", "X")
        .replace("nobody-at-all", "X")
        for r in (first, second)
    ]
    assert said[0] == said[1]
    assert "приглаш" in said[0].lower()
