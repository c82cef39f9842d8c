"""The preferans deal page (/games/<pk>/deals/<n>/): hands, talon, auction with the dark
declarations, whists, the play trick by trick, revokes and what the deal wrote on the pulka.

The logs are tests/data/preferans (seats Anna 0, Boris 1, Vera 2; the Sochi pulka is worked
out by hand in tests/rules/preferans/test_replay.py) and the demo's simulated pulka.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Game
from rules.preferans.simulate import simulate

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[1] / "data" / "preferans"


def load(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def record(people, doc: dict[str, Any]) -> Game:
    content = json.dumps(doc, ensure_ascii=False).encode()
    return services.game_upload(club=people.club, content=content, user=people.scorer).game


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def rows(html: str, css: str) -> list[str]:
    """The body rows of the first <table class="css ...">, as text."""
    table = re.search(rf'<table class="{css}[^"]*">(.*?)</table>', html, flags=re.S)
    assert table, css
    body = re.search(r"<tbody>(.*?)</tbody>", table.group(1), flags=re.S)
    assert body
    return [text(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), flags=re.S)]


def hands(html: str) -> list[tuple[str, str]]:
    """Each box of the hands (the players', the talon, the discard): its heading and its cards, as text."""
    block = re.search(r'<ul class="hands preferans-hands">(.*?)</section>', html, flags=re.S)
    assert block
    boxes = re.split(r'<li class="hand[^"]*">', block.group(1))[1:]
    return [
        (text(re.search(r"<h3>(.*?)</h3>", box, re.S).group(1)), text(box.split("</h3>", 1)[1]))
        for box in boxes
    ]


def fact(html: str, name: str) -> str:
    found = re.search(rf'<dd class="fact-{name}">(.*?)</dd>', html, flags=re.S)
    assert found, name
    return text(found.group(1))


def trick(html: str, number: int) -> str:
    found = re.search(rf'<li class="trick" id="trick-{number}".*?</ol>.*?</li>', html, flags=re.S)
    assert found, number
    return found.group(0)


def get(client, user, url: str, **headers: str) -> str:
    client.force_login(user)
    response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def sochi(people) -> Game:
    return record(people, load("sochi-pulka.json"))


def test_a_game_the_hands_the_auction_the_whists_and_the_play(client, people, sochi):
    html = get(client, people.member, f"/games/{sochi.pk}/deals/1/")
    assert "css/preferans.css" in html
    assert fact(html, "dealer") == "Anna"
    assert fact(html, "contract") == "6♠ by Boris"
    assert fact(html, "multiplier") == "×1"
    assert fact(html, "result") == "made"
    assert hands(html) == [
        ("Boris first hand declarer", "♠ A K Q J 10 9 ♣ 7 ♦ 7 ♥ 8 7"),
        ("Vera", "♠ 8 ♣ J 10 9 ♦ J 10 9 ♥ J 10 9"),
        ("Anna dealer", "♠ 7 ♣ A K Q ♦ A K Q ♥ A K Q"),
        ("Talon", "8♣ 8♦ taken by Boris"),
        ("Discard", "8♣ 8♦"),
    ]
    assert '<span class="card red" data-trick="9" aria-label="A♥">A</span>' in html  # Anna's ace, trick 9
    assert rows(html, "auction preferans-calls") == [
        "1 Boris 6♠ wins the auction",
        "2 Vera pass",
        "3 Anna pass",
    ]
    whists = re.search(r'<section[^>]*class="preferans-whists".*?</section>', html, re.S).group(0)
    assert re.findall(r"<li>(.*?)</li>", whists) == [
        "Vera: <strong>whist</strong>",
        "Anna: <strong>pass</strong>",
    ]
    assert "Vera whists alone, for both defenders, closed." in whists
    assert len(re.findall(r'<li class="trick" id="trick-\d+"', html)) == 10
    assert 'data-announce="Trick 7: Anna wins with A♣"' in html
    seventh = trick(html, 7)
    assert "Boris leads." in seventh
    assert [text(p) for p in re.findall(r'<li class="play[^"]*">(.*?)</li>', seventh, re.S)] == [
        "Boris 7♣",
        "Vera J♣",
        "Anna A♣",
    ]
    assert "Anna wins the trick with A♣." in seventh
    assert "Taken so far: Boris 6, Vera 0, Anna 1" in seventh
    assert "revoke-tag" not in html
    assert "The replay found nothing wrong in this deal." in html


def test_what_the_deal_wrote_on_the_pulka(client, people, sochi):
    html = get(client, people.member, f"/games/{sochi.pk}/deals/2/")
    assert fact(html, "contract") == "7♥ by Vera"
    assert fact(html, "result") == "down"
    assert "Both defenders whist, each playing his own cards closed." in html
    assert rows(html, "pulka-deal") == [
        "Anna 16 whists on Vera 0 0 on Boris: 0; on Vera: 16 — +36",
        "Boris 20 whists on Vera 2 0 on Anna: 0; on Vera: 20 — +52",
        "Vera mountain 8 0 8 on Anna: 0; on Boris: 8 — −88",
    ]


def test_a_pass_out_shows_the_talon_cards_turned(client, people, sochi):
    html = get(client, people.member, f"/games/{sochi.pk}/deals/3/")
    assert fact(html, "contract") == "pass-out round 1"
    assert "Everyone passed: a pass-out (распасы)." in html
    assert 'class="preferans-whists"' not in html
    first, second, third = trick(html, 1), trick(html, 2), trick(html, 3)
    assert text(re.search(r'<p class="talon-card">(.*?)</p>', first, re.S).group(1)) == (
        "Talon card turned: 7♠ — its suit is to be followed"
    )
    assert 'Talon card turned: <span class="card">7♣</span>' in second
    assert "talon-card" not in third
    assert "Anna plays first." in first
    assert "Anna leads." in third
    assert '<li class="card" data-trick="1">7♠</li><li class="card" data-trick="2">7♣</li>' in html
    assert hands(html)[3] == ("Talon", "7♠ 7♣ turned for the first two tricks")
    assert rows(html, "pulka-deal")[2] == "Vera mountain 10 0 18 on Anna: 0; on Boris: 8 — −162"


def test_a_misere(client, people, sochi):
    html = get(client, people.member, f"/games/{sochi.pk}/deals/4/")
    assert fact(html, "contract") == "misère by Anna"
    assert "On misère nobody whists: both defenders catch, closed." in html
    assert "After the pass-outs before this deal the lowest game allowed was 7♠." in html


def test_a_revoke_is_marked_with_the_cards_to_follow_with(client, people):
    doc = load("sochi-pulka.json")
    play = doc["deals"][0]["play"]
    play[0], play[1] = ["AS", "9C", "7S"], ["KS", "8S", "QC"]
    game = record(people, doc)
    html = get(client, people.member, f"/games/{game.pk}/deals/1/")
    marked = re.findall(r'<li class="play revoke">(.*?)</li>', html, re.S)
    assert [text(m) for m in marked] == ["Vera 9♣ revoke should have followed with 8♠"]
    assert "revoke-tag" in trick(html, 1)
    assert html.count("revoke-tag") == 1
    findings = re.search(r'<section[^>]*class="replay-findings"[^>]*>(.*?)</section>', html, re.S).group(1)
    assert '<a href="#trick-1">trick 1</a>' in findings
    assert "<strong>Revoke</strong>" in findings
    assert "REVOKE" not in findings  # the code stays in the API; the page gives the title


def test_a_dark_game(client, people):
    game = record(people, load("dark-game.json"))
    html = get(client, people.member, f"/games/{game.pk}/deals/1/")
    assert fact(html, "contract") == "6♠ by Boris ● won in the dark"
    assert fact(html, "multiplier") == "×2 (dark game ×2)"
    assert "This game is played only in the dark: both defenders must whist, and play closed." in html
    assert rows(html, "auction preferans-calls") == [
        "1 Boris ● one in the dark wins the auction",
        "2 Vera pass",
        "3 Anna pass",
    ]
    assert "No cards were logged for this deal" in html
    assert "The play was not logged: the pulka records only the tricks taken." in html
    assert '<p class="deal-tricks">Tricks: Boris 6, Vera 1, Anna 3</p>' in html


def test_a_dark_pass_out_and_its_bombs(client, people):
    game = record(people, load("dark-passout-bombs.json"))
    first = get(client, people.member, f"/games/{game.pk}/deals/1/")
    assert fact(first, "contract") == "pass-out ● dark pass-out (1) round 1"
    assert fact(first, "multiplier") == "×2"
    assert rows(first, "auction preferans-calls") == [
        "1 Boris ● pass in the dark declares the dark pass-out",
        "2 Vera pass",
        "3 Anna pass after looking at the cards",
    ]
    assert "💣 bomb drawn for Boris" in first
    assert "💣 bomb drawn for Vera" in first
    second = get(client, people.member, f"/games/{game.pk}/deals/2/")
    assert fact(second, "multiplier") == "×2 💣 bomb ×2"
    assert fact(second, "result") == "made (not played: nobody whisted)"
    assert "Both defenders pass: the game is not played and is written as made." in second
    assert "💣 bomb of Vera put out" in second
    assert rows(first, "pulka-deal") == [
        "Anna mountain 4 0 4 on Boris: 0; on Vera: 0 — +27",
        "Boris mountain 6 0 6 on Anna: 0; on Vera: 0 💣 bomb +7",
        "Vera mountain 10 0 10 on Anna: 0; on Boris: 0 💣 bomb −34",
    ]
    assert rows(second, "pulka-deal") == [
        "Anna — 0 4 on Boris: 0; on Vera: 0 — 0",
        "Boris — 0 6 on Anna: 0; on Vera: 0 💣 bomb −20",
        "Vera pool 8 8 10 on Anna: 0; on Boris: 0 — +20",
    ]


def test_the_page_in_russian(client, people):
    game = record(people, load("dark-passout-bombs.json"))
    html = get(client, people.member, f"/games/{game.pk}/deals/1/", HTTP_ACCEPT_LANGUAGE="ru")
    assert '<html lang="ru">' in html
    assert "пас в тёмную" in html
    assert "распасы" in html.lower()
    dark = record(people, load("dark-game.json"))
    html = get(client, people.member, f"/games/{dark.pk}/deals/1/", HTTP_ACCEPT_LANGUAGE="uk")
    assert "раз в темну" in html


def test_the_demo_s_pulka_every_deal_page(client, people):
    pulka = simulate(players=("Ольга", "Тарас", "Вера"), seed=7, deals=12, ruleset="sochi")
    game = record(people, pulka.document)
    client.force_login(people.member)
    sheet = client.get(f"/games/{game.pk}/").content.decode()
    assert f'href="/games/{game.pk}/deals/1/">Replay the deals</a>' in sheet
    for n in range(1, 13):
        assert (
            f'<a href="/games/{game.pk}/deals/{n}/" title="the hands, the auction and the play of this deal">{n}</a>'
            in sheet
        )
        html = get(client, people.member, f"/games/{game.pk}/deals/{n}/")
        assert "The replay found nothing wrong in this deal." in html
        assert "Ольга" in html


def test_four_at_the_table_the_dealer_sits_out(client, people):
    pulka = simulate(players=("Anna", "Boris", "Vera", "Gleb"), seed=3, deals=2)
    game = record(people, pulka.document)
    html = get(client, people.member, f"/games/{game.pk}/deals/2/")
    assert fact(html, "dealer") == "Boris (sits out of this deal)"
    assert "Four at the table: Boris dealt and sits out of this deal; the other three play it." in html
    assert [heading.split()[0] for heading, _ in hands(html)[:3]] == ["Vera", "Gleb", "Anna"]
    assert len(rows(html, "pulka-deal")) == 4


@pytest.mark.parametrize("deal", [0, 5, 99])
def test_a_deal_that_is_not_in_the_log_is_not_found(client, people, sochi, deal):
    client.force_login(people.member)
    assert client.get(f"/games/{sochi.pk}/deals/{deal}/").status_code == 404


def test_who_may_see_a_deal_page(client, people, sochi):
    url = f"/games/{sochi.pk}/deals/1/"
    assert client.get(url).status_code == 404  # anonymous
    expected = {"outsider": 404, "member": 200, "scorer": 200, "organiser": 200, "superuser": 200}
    for role, status in expected.items():
        client.force_login(getattr(people, role))
        assert client.get(url).status_code == status, role
    client.logout()
    Game.objects.filter(pk=sochi.pk).update(public=True)
    assert client.get(url).status_code == 200


def test_the_deal_page_takes_a_fixed_number_of_queries(client, people):
    one = load("sochi-pulka.json")
    one["deals"] = one["deals"][:1]
    small, large = record(people, one), record(people, load("sochi-pulka.json"))
    client.force_login(people.member)
    counts = []
    for game in (small, large):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/games/{game.pk}/deals/1/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
