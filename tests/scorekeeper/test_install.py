"""The scorekeeper as an installable web app (issue 20): its manifest, its icons, the start page the
installed app opens (the user's open drafts, a new game at each club they score for), and the
service worker keeping all of it for the back room with no connection."""

from __future__ import annotations

import re
import struct
from pathlib import Path
from xml.dom import minidom

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client
from django.utils import translation

from games.models import Membership
from scorekeeper import services
from scorekeeper.models import Draft
from tests.games.factories import ClubFactory, MembershipFactory
from tests.scorekeeper.conftest import FOUR

pytestmark = pytest.mark.django_db

MANIFEST = "/scorekeeper/manifest.webmanifest"
HOME = "/scorekeeper/"


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_manifest_names_the_app_in_english_and_installs_it_at_the_start_page():
    response = Client().get(MANIFEST, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    assert response.json() == {
        "id": "/scorekeeper/",
        "name": "Trickbook scorekeeper",
        "short_name": "Scorekeeper",
        "description": "Keep a card table's score on a phone, deal by deal, with or without a connection.",
        "lang": "en",
        "start_url": "/scorekeeper/",
        "scope": "/scorekeeper/",
        "display": "standalone",
        "theme_color": "#7a1c1c",
        "background_color": "#fdfcf8",
        "icons": [
            {"src": "/static/icons/scorekeeper.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "/static/icons/scorekeeper-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "/static/icons/scorekeeper-512.png", "sizes": "512x512", "type": "image/png"},
        ],
    }
    # The language is the reader's: a shared cache must keep one copy per language.
    assert "Accept-Language" in response["Vary"]


@pytest.mark.parametrize("how", ["accept-language", "cookie"])
def test_the_manifest_speaks_the_readers_language(how):
    """Russian by the browser's language or by the language cookie (which the page's link sends:
    ``crossorigin="use-credentials"``). The words are the Russian catalogue's, whatever it holds."""
    client = Client()
    if how == "cookie":
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
        manifest = client.get(MANIFEST, HTTP_ACCEPT_LANGUAGE="en").json()
    else:
        manifest = client.get(MANIFEST, HTTP_ACCEPT_LANGUAGE="ru").json()
    with translation.override("ru"):
        expected = {
            "name": translation.gettext("Trickbook scorekeeper"),
            "short_name": translation.gettext("Scorekeeper"),
            "description": translation.gettext(
                "Keep a card table's score on a phone, deal by deal, with or without a connection."
            ),
        }
    assert manifest["lang"] == "ru"
    assert {key: manifest[key] for key in expected} == expected
    assert manifest["short_name"] != "Scorekeeper"  # already in the catalogue: the page's title


def test_the_colours_are_trickbooks_own():
    css = Path(finders.find("css/trickbook.css")).read_text()
    variables = dict(re.findall(r"--(\w+):\s*(#[0-9a-fA-F]{3,6});", css))
    manifest = Client().get(MANIFEST).json()
    assert manifest["theme_color"] == variables["accent"]
    assert manifest["background_color"] == variables["paper"]


def png_size(path: str) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (no imaging library needed)."""
    head = Path(path).read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    assert head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def test_each_icon_is_the_size_the_manifest_says():
    for icon in Client().get(MANIFEST).json()["icons"]:
        found = finders.find(icon["src"].removeprefix(settings.STATIC_URL))
        assert isinstance(found, str), icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(found)
            assert f"{width}x{height}" == icon["sizes"]
        else:
            # Well-formed XML, or Chromium finds no acceptable icon (a "--" in a comment was enough).
            svg = minidom.parse(found).documentElement  # noqa: S318 -- our own static file
            assert (svg.tagName, svg.getAttribute("viewBox")) == ("svg", "0 0 512 512")


def test_the_service_worker_keeps_the_start_page_the_manifest_and_the_icons():
    script = Client().get("/scorekeeper/sw.js").content.decode()
    assert 'var HOME = "/scorekeeper/";' in script
    assert 'var MANIFEST = "/scorekeeper/manifest.webmanifest";' in script
    shell = re.search(r"var SHELL = \[(.*)\];", script)
    assert shell is not None
    kept = [url.encode().decode("unicode_escape") for url in re.findall(r'"([^"]*)"', shell.group(1))]
    for name in ("icons/scorekeeper.svg", "icons/scorekeeper-192.png", "icons/scorekeeper-512.png"):
        assert f"/static/{name}" in kept
    assert "/static/js/scorekeeper_home.js" in kept


def test_the_scorekeepers_pages_link_the_app(people, free_draft):
    client = client_for(people.scorer)
    theme = client.get(MANIFEST).json()["theme_color"]
    for path in (HOME, f"/scorekeeper/{free_draft.pk}/", f"/clubs/{people.club.slug}/scorekeeper/"):
        page = client.get(path).content.decode()
        assert f'<link rel="manifest" href="{MANIFEST}" crossorigin="use-credentials">' in page, path
        assert f'<meta name="theme-color" content="{theme}">' in page, path
        assert '<link rel="apple-touch-icon" href="/static/icons/scorekeeper-192.png">' in page, path


@pytest.fixture
def drafts(people, free_draft):
    """The scorer's drafts across two clubs they score for, and the drafts the start page must
    leave out: finished, another scorekeeper's, another club's, and one kept at a club where the
    scorer is a member only now."""
    second = ClubFactory(name="Второй клуб", slug="second")
    MembershipFactory(club=second, user=people.scorer, role=Membership.Role.SCORER)
    demoted = ClubFactory(name="Бывший клуб", slug="demoted")
    demotion = MembershipFactory(club=demoted, user=people.scorer, role=Membership.Role.SCORER)

    def start(club, user, first_dealer=0):
        return services.draft_start(
            club=club, user=user, players=FOUR, ruleset="classic", first_dealer=first_dealer
        )

    mine = [free_draft, start(second, people.scorer)]
    finished = start(people.club, people.scorer, 1)
    Draft.objects.filter(pk=finished.pk).update(status=Draft.Status.FINISHED)
    others = [
        start(people.club, people.organiser),
        start(Membership.objects.get(user=people.outsider).club, people.outsider),
        start(demoted, people.scorer),
        finished,
    ]
    demotion.role = Membership.Role.MEMBER
    demotion.save()
    return mine, others


def test_the_start_page_lists_exactly_the_users_open_drafts(people, drafts):
    mine, _others = drafts
    page = client_for(people.scorer).get(HOME)
    assert page.status_code == 200
    html = page.content.decode()
    listed = [int(pk) for pk in re.findall(r'href="/scorekeeper/(\d+)/" data-draft-link', html)]
    assert listed == [d.pk for d in sorted(mine, key=lambda d: (d.created_at, d.pk), reverse=True)]
    assert "Второй клуб" in html
    new_game = re.findall(r'<a href="(/clubs/[\w-]+/scorekeeper/)">', html)
    assert new_game == ["/clubs/second/scorekeeper/", f"/clubs/{people.club.slug}/scorekeeper/"]  # by name
    assert html.count('data-waiting-for="') == 2
    assert 'data-service-worker="/scorekeeper/sw.js" data-service-worker-scope="/scorekeeper/"' in html


def test_another_clubs_organiser_sees_their_own_club_only(people, drafts):
    html = client_for(people.outsider).get(HOME).content.decode()
    outsiders = Draft.objects.get(scorer=people.outsider)
    assert re.findall(r'href="/scorekeeper/(\d+)/" data-draft-link', html) == [str(outsiders.pk)]
    assert f"/clubs/{people.club.slug}/scorekeeper/" not in html


def test_a_member_keeps_no_game_and_starts_none(people, free_draft):
    html = client_for(people.member).get(HOME).content.decode()
    assert "data-draft-link" not in html
    assert "You keep no game now." in html
    assert re.findall(r'href="/clubs/[\w-]+/scorekeeper/"', html) == []
    assert "ask an organiser of your club for the role" in html


def test_the_anonymous_are_sent_to_sign_in_first():
    response = Client().get(HOME)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/scorekeeper/"


def test_the_page_gives_its_script_the_readers_words_for_a_waiting_entry(people, free_draft):
    """Offline, the queue lists what waits in the reader's words: the page hands its script each
    kind's name, the players by seat and every card as the reader writes it."""
    import json

    client = client_for(people.scorer)
    client.cookies["django_language"] = "ru"
    page = client.get(f"/scorekeeper/{free_draft.pk}/").content.decode()
    found = re.search(r'<script id="sk-queue-words" type="application/json">(.*?)</script>', page)
    assert found is not None
    words = json.loads(found.group(1))
    assert words["players"] == FOUR
    assert words["kinds"]["bid"] == "Заказ"
    assert words["kinds"]["play"] == "Сыгранная карта"
    assert (words["cards"]["QH"], words["cards"]["TS"], words["cards"]["AC"]) == ("Д♥", "10♠", "Т♣")
    assert len(words["cards"]) == 52
