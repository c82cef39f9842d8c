"""Sign in and out, password change and reset (the reset mail goes to the console in development)."""

from __future__ import annotations

import re

import pytest
from django.core import mail

pytestmark = pytest.mark.django_db


def test_sign_in_with_the_form_and_out_again(client, people):
    people.member.set_password("a-long-passphrase")
    people.member.save()
    page = client.get("/accounts/login/?next=/clubs/kozyr/")
    assert page.status_code == 200
    assert '<label for="id_username">' in page.content.decode()
    bad = client.post("/accounts/login/", {"username": people.member.username, "password": "wrong"})
    assert bad.status_code == 200
    assert "Please enter a correct username and password" in bad.content.decode()
    good = client.post(
        "/accounts/login/",
        {"username": people.member.username, "password": "a-long-passphrase", "next": "/clubs/kozyr/"},
    )
    assert good.status_code == 302
    assert good["Location"] == "/clubs/kozyr/"
    assert "Sign out" in client.get("/").content.decode()
    assert client.post("/accounts/logout/").status_code == 302
    assert "Sign in" in client.get("/").content.decode()


def test_password_change_needs_sign_in_and_the_old_password(client, people):
    assert client.get("/accounts/password/change/")["Location"].startswith("/accounts/login/")
    people.member.set_password("a-long-passphrase")
    people.member.save()
    client.force_login(people.member)
    response = client.post(
        "/accounts/password/change/",
        {
            "old_password": "a-long-passphrase",
            "new_password1": "trumps-and-tricks-9",
            "new_password2": "trumps-and-tricks-9",
        },
    )
    assert response["Location"] == "/accounts/password/change/done/"
    people.member.refresh_from_db()
    assert people.member.check_password("trumps-and-tricks-9")


def test_password_reset_mails_a_link_that_sets_a_new_password(client, people):
    people.member.email = "vera@example.org"
    people.member.save()
    response = client.post("/accounts/password/reset/", {"email": "vera@example.org"})
    assert response["Location"] == "/accounts/password/reset/sent/"
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": "a-fresh-deal-42", "new_password2": "a-fresh-deal-42"}
    )
    assert done["Location"] == "/accounts/password/reset/complete/"
    people.member.refresh_from_db()
    assert people.member.check_password("a-fresh-deal-42")


def test_the_language_switcher_sets_the_language(client):
    response = client.post("/i18n/setlang/", {"language": "uk", "next": "/"})
    assert response.status_code == 302
    assert client.cookies["django_language"].value == "uk"
    assert '<html lang="uk">' in client.get("/").content.decode()


def test_the_browsers_language_is_the_default(client):
    assert '<html lang="ru">' in client.get("/", HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9").content.decode()
    assert '<html lang="en">' in client.get("/", HTTP_ACCEPT_LANGUAGE="de-DE").content.decode()
