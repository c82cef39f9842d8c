"""API tokens (issue 21, item 3): one per sign-in, named, hashed, expiring; listed and revoked by
their owner through the API and a page; all revoked on a password change or reset and when an
organiser leaves a club or stops being one; the token a client signs out with is revoked."""

from __future__ import annotations

import importlib
import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.contrib.auth.hashers import make_password
from django.core import mail
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import tokens
from accounts.models import ApiToken
from accounts.tasks import purge_expired_tokens
from games import services
from games.models import Membership
from games.services import ServiceError
from tests.games.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-passphrase"  # tests/games/factories.py
SIGN_IN = "/api/v1/auth/token/"


@pytest.fixture(autouse=True)
def _sign_in_counts_start_at_zero(local_caches):
    """The sign-in rate limit and django-axes count in caches of this test's own."""


def sign_in(username: str, password: str = PASSWORD, **body: str) -> dict:
    response = APIClient().post(SIGN_IN, {"username": username, "password": password, **body}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def works(key: str) -> bool:
    """Whether the token still signs a request in (401 when it does not)."""
    status = with_token(key).get("/api/v1/auth/tokens/").status_code
    assert status in (200, 401)
    return status == 200


# --- signing in -------------------------------------------------------------------------------


def test_each_sign_in_gets_a_token_of_its_own_with_its_name_and_expiry(people):
    laptop = sign_in("member", name="Laptop")
    phone = APIClient().post(
        SIGN_IN, {"username": "member", "password": PASSWORD}, format="json", HTTP_USER_AGENT="Scorer app/2.1"
    )
    phone = phone.json()
    assert laptop["token"] != phone["token"]
    assert laptop["token"].startswith("tb_")
    assert (laptop["name"], phone["name"]) == ("Laptop", "Scorer app/2.1")  # no name: the User-Agent
    expiry = ApiToken.objects.get(pk=laptop["id"]).expiry
    assert timedelta(days=29, hours=23) < expiry - timezone.now() <= timedelta(days=30)
    assert set(laptop) == {"token", "id", "name", "created", "expiry"}
    assert works(laptop["token"])
    assert works(phone["token"])
    # Only a digest is kept: the token itself is nowhere in the row.
    row = ApiToken.objects.get(pk=laptop["id"])
    assert laptop["token"] not in {row.digest, row.token_key, row.name}
    assert len(row.digest) == 128


def test_a_wrong_password_gets_no_token(people):
    response = APIClient().post(SIGN_IN, {"username": "member", "password": "wrong"}, format="json")
    assert response.status_code == 400
    assert "token" not in response.json()
    assert not ApiToken.objects.exists()


def test_a_user_keeps_at_most_the_limit_and_the_least_recently_used_goes(people, settings):
    settings.API_TOKENS_PER_USER = 2
    first, second = sign_in("member", name="first"), sign_in("member", name="second")
    assert works(first["token"])  # used: second is now the one used longest ago (never)
    third = sign_in("member", name="third")
    assert [works(t["token"]) for t in (first, second, third)] == [True, False, True]
    assert ApiToken.objects.filter(user=people.member).count() == 2


# --- listing and revoking ---------------------------------------------------------------------


def test_the_list_is_of_your_own_live_tokens_and_says_which_one_you_came_with(people):
    mine = sign_in("member", name="mine")
    other = sign_in("member", name="other")
    sign_in("scorer", name="the scorer's")
    expired, _key = tokens.token_issue(user=people.member, name="expired")
    ApiToken.objects.filter(pk=expired.pk).update(expiry=timezone.now() - timedelta(seconds=1))
    listed = with_token(mine["token"]).get("/api/v1/auth/tokens/").json()["results"]
    assert [(t["name"], t["current"]) for t in listed] == [("other", False), ("mine", True)]
    assert set(listed[0]) == {"id", "name", "created", "last_used", "expiry", "current"}
    assert listed[0]["id"] == other["id"]
    assert listed[1]["last_used"] is not None  # this request used it


def test_revoking_one_token_leaves_the_others(people):
    laptop, phone = sign_in("member", name="laptop"), sign_in("member", name="phone")
    client = with_token(laptop["token"])
    assert client.delete(f"/api/v1/auth/tokens/{phone['id']}/").status_code == 204
    assert not works(phone["token"])
    assert works(laptop["token"])
    assert client.delete(f"/api/v1/auth/tokens/{phone['id']}/").status_code == 404  # gone already


def test_nobody_revokes_another_users_token(people):
    theirs = sign_in("scorer")
    for user in (people.member, people.organiser, people.superuser):
        client = APIClient()
        client.force_authenticate(user)
        assert client.delete(f"/api/v1/auth/tokens/{theirs['id']}/").status_code == 404
    assert works(theirs["token"])


def test_signing_out_revokes_the_token_used_and_no_other(people):
    laptop, phone = sign_in("member", name="laptop"), sign_in("member", name="phone")
    assert with_token(laptop["token"]).post("/api/v1/auth/logout/").status_code == 204
    assert not works(laptop["token"])
    assert works(phone["token"])
    # Signed in by the session there is no token to revoke: the others stay.
    session = APIClient()
    session.force_login(people.member)
    assert session.post("/api/v1/auth/logout/").status_code == 204
    assert works(phone["token"])


def test_signing_out_everywhere_revokes_every_token(people):
    keys = [sign_in("member", name=n)["token"] for n in ("a", "b", "c")]
    scorer = sign_in("scorer")["token"]
    assert with_token(keys[0]).post("/api/v1/auth/logout-all/").status_code == 204
    assert [works(k) for k in keys] == [False, False, False]
    assert works(scorer)


def test_anonymous_callers_list_and_revoke_nothing(people):
    client = APIClient()
    assert client.get("/api/v1/auth/tokens/").status_code == 401
    assert client.post("/api/v1/auth/logout/").status_code == 401
    assert client.post("/api/v1/auth/logout-all/").status_code == 401


# --- expiry and bad tokens --------------------------------------------------------------------


def test_an_expired_token_is_refused_and_deleted(people):
    issued = sign_in("member")
    ApiToken.objects.filter(pk=issued["id"]).update(expiry=timezone.now() - timedelta(seconds=1))
    response = with_token(issued["token"]).get("/api/v1/clubs/")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"
    assert "WWW-Authenticate" in response
    assert not ApiToken.objects.filter(pk=issued["id"]).exists()


def test_the_hourly_purge_deletes_expired_tokens_only(people):
    tokens.token_issue(user=people.member, name="live")
    dead, _ = tokens.token_issue(user=people.scorer, name="dead")
    ApiToken.objects.filter(pk=dead.pk).update(expiry=timezone.now() - timedelta(minutes=1))
    assert purge_expired_tokens.delay().get() == 1
    assert list(ApiToken.objects.values_list("name", flat=True)) == ["live"]


@pytest.mark.parametrize(
    "header",
    ["Token tb_wrong", "Token ", "Token a b", "Token t\u00e9st", "Token \x00abc", "Token " + "f" * 5000],
    ids=["wrong", "empty", "spaces", "latin-1", "nul", "long"],
)
def test_a_malformed_or_wrong_token_is_401_never_a_500(people, header):
    tokens.token_issue(user=people.member)
    response = APIClient().get("/api/v1/clubs/", HTTP_AUTHORIZATION=header)
    assert response.status_code == 401


def test_last_used_is_written_at_most_once_a_minute(people, django_assert_num_queries):
    issued = sign_in("member")
    client = with_token(issued["token"])
    client.get("/api/v1/")
    first = ApiToken.objects.get(pk=issued["id"]).last_used
    assert first is not None
    # One query finds the token and its user; no write within the minute.
    with django_assert_num_queries(1):
        assert client.get("/api/v1/").status_code == 200
    ApiToken.objects.filter(pk=issued["id"]).update(last_used=first - timedelta(minutes=2))
    client.get("/api/v1/")
    assert ApiToken.objects.get(pk=issued["id"]).last_used > first - timedelta(seconds=1)


# --- a password changed or reset --------------------------------------------------------------


def test_changing_the_password_revokes_every_token(client, people):
    keys = [sign_in("member", name=n)["token"] for n in ("laptop", "phone")]
    scorer = sign_in("scorer")["token"]
    client.force_login(people.member)
    response = client.post(
        "/accounts/password/change/",
        {
            "old_password": PASSWORD,
            "new_password1": "trumps-and-tricks-9",
            "new_password2": "trumps-and-tricks-9",
        },
    )
    assert response["Location"] == "/accounts/password/change/done/"
    assert [works(k) for k in keys] == [False, False]
    assert works(scorer)
    assert "Your API tokens are revoked" in client.get(response["Location"]).content.decode()


def test_resetting_the_password_revokes_every_token(client, people):
    people.member.email = "vera@example.org"
    people.member.save()
    key = sign_in("member")["token"]
    client.post("/accounts/password/reset/", {"email": "vera@example.org"})
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert works(key)  # the link alone changes nothing
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": "a-fresh-deal-42", "new_password2": "a-fresh-deal-42"}
    )
    assert done["Location"] == "/accounts/password/reset/complete/"
    assert not works(key)


def test_every_way_of_setting_a_password_revokes_the_tokens(people, monkeypatch):
    key = sign_in("member")["token"]
    people.member.set_password("set-in-the-shell-7")  # the admin's form and scripts do this
    people.member.save()
    assert not works(key)
    key = sign_in("member", password="set-in-the-shell-7")["token"]
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "by-the-command-8")
    call_command("changepassword", "member", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert not works(key)


def test_rehashing_the_same_password_at_sign_in_revokes_nothing(people, settings):
    """Django rehashes a password when its hasher changes; the password is the same."""
    key = sign_in("member")["token"]
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
        "django.contrib.auth.hashers.MD5PasswordHasher",
    ]
    assert people.member.password == make_password(PASSWORD, people.member.password.split("$")[1], "md5")
    sign_in("member")
    people.member.refresh_from_db()
    assert people.member.password.startswith("pbkdf2_sha256$")
    assert works(key)


def test_the_password_forms_say_the_tokens_go(client, people):
    client.force_login(people.member)
    page = client.get("/accounts/password/change/").content.decode()
    assert "Setting a new password revokes your API tokens" in page
    assert 'href="/accounts/tokens/"' in page


# --- an organiser who stops being one ---------------------------------------------------------


@pytest.fixture
def second_organiser(people):
    return Membership.objects.create(
        club=people.club, user=UserFactory(username="olga"), role=Membership.Role.ORGANISER
    ).user


def test_an_organiser_removed_from_a_club_loses_every_token(people, second_organiser):
    organiser = sign_in("organiser")["token"]
    other = sign_in("olga")["token"]
    admin = APIClient()
    admin.force_authenticate(second_organiser)
    assert admin.delete("/api/v1/clubs/kozyr/members/organiser/").status_code == 204
    assert not works(organiser)
    assert works(other)


def test_an_organiser_made_a_scorer_loses_every_token(people, second_organiser):
    key = sign_in("organiser")["token"]
    services.membership_set(club=people.club, user=people.organiser, role=Membership.Role.SCORER)
    assert not works(key)


def test_a_member_removed_or_an_organiser_kept_keeps_their_tokens(people, second_organiser):
    member, organiser = sign_in("member")["token"], sign_in("olga")["token"]
    services.membership_remove(club=people.club, user=people.member)
    services.membership_set(club=people.club, user=second_organiser, role=Membership.Role.ORGANISER)
    assert works(member)
    assert works(organiser)


def test_a_refused_removal_revokes_nothing(people):
    key = sign_in("organiser")["token"]
    with pytest.raises(ServiceError):  # a club keeps one organiser
        services.membership_remove(club=people.club, user=people.organiser)
    assert works(key)


# --- the tokens page --------------------------------------------------------------------------


def csrf_from(page) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)


def test_the_page_lists_your_tokens_and_revokes_one_with_the_csrf_token(people):
    laptop, phone = sign_in("member", name="Laptop"), sign_in("member", name="Phone <b>")
    sign_in("scorer", name="Scorer's tablet")
    client = Client(enforce_csrf_checks=True)
    client.force_login(people.member)
    page = client.get("/accounts/tokens/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Laptop" in html
    assert "Phone &lt;b&gt;" in html  # escaped
    assert "tablet" not in html
    assert "never used" in html
    revoke = f"/accounts/tokens/{phone['id']}/revoke/"
    assert client.post(revoke).status_code == 403  # no CSRF token
    assert works(phone["token"])
    done = client.post(revoke, {"csrfmiddlewaretoken": csrf_from(page)})
    assert done["Location"] == "/accounts/tokens/"
    assert not works(phone["token"])
    assert works(laptop["token"])
    after = client.get("/accounts/tokens/").content.decode()
    assert "The token “Phone &lt;b&gt;” is revoked." in after
    assert "Laptop" in after


def test_the_page_revokes_no_one_elses_token_and_all_of_yours(people):
    theirs = sign_in("scorer")
    mine = [sign_in("member", name=n)["token"] for n in ("a", "b")]
    client = Client(enforce_csrf_checks=True)
    client.force_login(people.member)
    csrf = csrf_from(client.get("/accounts/tokens/"))
    assert (
        client.post(f"/accounts/tokens/{theirs['id']}/revoke/", {"csrfmiddlewaretoken": csrf}).status_code
        == 404
    )
    assert works(theirs["token"])
    assert client.get(f"/accounts/tokens/{theirs['id']}/revoke/").status_code == 405
    assert client.post("/accounts/tokens/revoke-all/").status_code == 403  # no CSRF token
    done = client.post("/accounts/tokens/revoke-all/", {"csrfmiddlewaretoken": csrf})
    assert done["Location"] == "/accounts/tokens/"
    assert [works(k) for k in mine] == [False, False]
    assert works(theirs["token"])
    after = client.get("/accounts/tokens/").content.decode()
    assert "2 tokens are revoked." in after
    assert "You have no API tokens." in after


def test_the_page_needs_signing_in(client):
    assert client.get("/accounts/tokens/")["Location"].startswith("/accounts/login/")
    assert client.post("/accounts/tokens/revoke-all/")["Location"].startswith("/accounts/login/")


def test_the_page_is_in_the_readers_language(people):
    sign_in("member", name="Laptop")
    client = Client()
    client.force_login(people.member)
    html = client.get("/accounts/tokens/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<html lang="ru">' in html


def test_the_admin_lists_tokens_and_makes_none(people):
    tokens.token_issue(user=people.member, name="Laptop")
    client = Client()
    client.force_login(people.superuser)
    listed = client.get("/admin/accounts/apitoken/")
    assert listed.status_code == 200
    assert "Laptop" in listed.content.decode()
    assert client.get("/admin/accounts/apitoken/add/").status_code == 403


# --- the tokens DRF kept before ---------------------------------------------------------------


def test_a_token_drf_kept_in_plain_text_keeps_working_hashed_until_its_expiry(people):
    """accounts/migrations/0004: each row of DRF's authtoken_token becomes an ApiToken."""
    key = "0123456789abcdef0123456789abcdef01234567"
    stamp = "timestamp with time zone" if connection.vendor == "postgresql" else "datetime"
    with connection.cursor() as cursor:
        cursor.execute(
            f'CREATE TABLE authtoken_token ("key" varchar(40) PRIMARY KEY, created {stamp} NOT NULL, '
            "user_id bigint NOT NULL)"
        )
        cursor.execute(
            'INSERT INTO authtoken_token ("key", created, user_id) VALUES (%s, %s, %s)',
            [key, timezone.now() - timedelta(days=400), people.scorer.pk],
        )
    migration = importlib.import_module("accounts.migrations.0004_tokens_from_drf")
    from django.apps import apps

    migration.tokens_from_drf(apps, SimpleNamespace(connection=connection))
    token = ApiToken.objects.get(user=people.scorer)
    assert token.digest != key  # a digest, not the key
    assert token.name == migration.LEGACY_NAME
    assert timezone.now() - token.created > timedelta(days=399)
    assert timedelta(days=29) < token.expiry - timezone.now() <= timedelta(days=30)
    assert works(key)
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM authtoken_token")
        assert cursor.fetchone() == (0,)  # the plain-text keys are gone
