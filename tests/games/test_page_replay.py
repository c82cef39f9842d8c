"""The deal replay page: hands, bids, tricks, the renege and what should have been played."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games import services
from games.models import Game
from tests.games.factories import game_bytes

pytestmark = pytest.mark.django_db

ANNA, BORIS, VERA = 0, 1, 2

# Anna deals 4 cards each, clubs trumps; Boris leads. In trick 3 Anna leads 3D, Boris
# follows 9D and Vera plays 6H although she holds 8D: an uncorrected renege, so the
# deal is annulled and Anna deals again (deal 2, kept as a score sheet only).
RENEGE_DEAL = {
    "dealer": ANNA,
    "cards": 4,
    "trump": "2C",
    "hands": [["3D", "KH", "AS", "7D"], ["QS", "QH", "9D", "4C"], ["5S", "4H", "8D", "6H"]],
    "bids": [2, 1, 2],
    "tricks": [["QS", "5S", "AS"], ["KH", "QH", "4H"], ["3D", "9D", "6H"], ["4C", "8D", "7D"]],
}
REDEAL = {"dealer": ANNA, "cards": 4, "trump": "JH", "bids": [1, 1, 1], "taken": [2, 1, 1]}


def document(*deals: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "oh-hell",
        "version": 1,
        "ruleset": {"preset": "classic", "schedule": [4], "last_deal_no_trump": False},
        "players": ["Anna", "Борис", "Vera"],
        "deals": list(deals),
    }


def record(people, doc: dict[str, Any] | bytes) -> Game:
    content = doc if isinstance(doc, bytes) else json.dumps(doc, ensure_ascii=False).encode()
    return services.game_upload(club=people.club, content=content, user=people.scorer).game


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def section(html: str, css_class: str) -> str:
    match = re.search(rf'<section[^>]*class="{css_class}"[^>]*>(.*?)</section>', html, flags=re.S)
    assert match, css_class
    return match.group(1)


@pytest.fixture
def renege_game(people) -> Game:
    return record(people, document(RENEGE_DEAL, REDEAL))


def get(client, people, game: Game, deal: int) -> str:
    client.force_login(people.member)
    response = client.get(f"/games/{game.pk}/deals/{deal}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_renege_card_is_marked_with_the_card_that_should_have_been_played(client, people, renege_game):
    html = get(client, people, renege_game, 1)
    marked = re.findall(r'<li class="play kind-play renege">(.*?)</li>', html, flags=re.S)
    assert [text(m) for m in marked] == ["Vera 6♥ renege should have followed with 8♦"]
    # It is the third trick's third card, and only that one.
    trick3 = re.search(r'<li class="trick" id="trick-3".*?</li>\s*</ol>', html, flags=re.S).group(0)
    assert 'class="play kind-play renege"' in trick3
    assert html.count("renege-tag") == 1
    annulled = re.search(r'<div class="note annulled-note".*?</div>', html, flags=re.S).group(0)
    assert "Trick 3: Vera played 6♥ but should have followed with 8♦." in text(annulled)
    assert "Annulled:" in text(annulled)


def test_the_deal_facts_hands_bids_and_tricks(client, people, renege_game):
    html = get(client, people, renege_game, 1)
    assert '<dd class="fact-dealer">Anna</dd>' in html
    assert '<dd class="fact-cards">4</dd>' in html
    assert '<dd class="fact-trump"><span class="card">2♣</span></dd>' in html
    assert '<dd class="fact-balance">over</dd>' in html  # bids 2 + 1 + 2 = 5 > 4
    hands = section(html, "replay-hands")
    rows = re.findall(r'<li class="hand">(.*?)</ul>\s*</li>', hands, flags=re.S)
    # By suit (♠ ♥ ♦ ♣), high cards first; each card says in which trick it is played.
    assert [text(r) for r in rows] == [
        "Anna dealer A♠ K♥ 7♦ 3♦",
        "Борис Q♠ Q♥ 9♦ 4♣",
        "Vera 5♠ 6♥ 4♥ 8♦",
    ]
    assert '<li class="card red" data-trick="3">6♥</li>' in hands
    assert '<li class="card red" data-trick="4">8♦</li>' in hands
    bids = section(html, "replay-bids")
    assert [text(b) for b in re.findall(r"<li>(.*?)</li>", bids, flags=re.S)] == [
        "Борис: 1",
        "Vera: 2",
        "Anna (dealer): 2",
    ]
    tricks = re.findall(r'<li class="trick" id="trick-(\d)" data-trick="\d" data-announce="([^"]*)"', html)
    assert tricks == [
        ("1", "Trick 1: Anna wins with A♠"),
        ("2", "Trick 2: Anna wins with K♥"),
        ("3", "Trick 3: Борис wins with 9♦"),
        ("4", "Trick 4: Борис wins with 4♣"),
    ]
    assert "Борис leads." in text(html)
    assert re.findall(r'<p class="taken-so-far">(.*?)</p>', html, flags=re.S) == [
        "Taken so far: Anna 1, Борис 0, Vera 0",
        "Taken so far: Anna 2, Борис 0, Vera 0",
        "Taken so far: Anna 2, Борис 1, Vera 0",
        "Taken so far: Anna 2, Борис 2, Vera 0",
    ]
    assert "Борис wins the trick with 9♦." in text(html)
    findings = section(html, "replay-findings")
    assert "<strong>Uncorrected renege</strong>" in findings
    assert "RENEGE_UNCORRECTED" not in findings
    assert '<a href="#trick-3">trick 3</a>' in findings


def test_a_score_sheet_only_deal_says_no_cards_were_logged(client, people, renege_game):
    html = get(client, people, renege_game, 2)
    assert "No cards were logged for this deal" in text(html)
    assert 'class="trick"' not in html
    assert "This deal is a redeal" in text(html)
    results = re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", html, flags=re.S)
    # Speaking order from the dealer's left: player, bid, taken, score.
    assert [text(r) for r in results] == ["Борис 1 1 11", "Vera 1 1 11", "Anna (dealer) 1 2 0"]
    assert '<dd class="fact-balance">under</dd>' in html


def test_navigation_between_deals_and_back_to_the_sheet(client, people, renege_game):
    first = get(client, people, renege_game, 1)
    pk = renege_game.pk
    assert 'rel="prev"' not in first
    assert f'<a rel="next" href="/games/{pk}/deals/2/">Deal 2 →</a>' in first
    assert f'<a href="/games/{pk}/#deal-1">Back to the score sheet</a>' in first
    second = get(client, people, renege_game, 2)
    assert f'<a rel="prev" href="/games/{pk}/deals/1/">← Deal 1</a>' in second
    assert 'rel="next"' not in second


def test_a_corrected_renege_shows_the_card_taken_back_and_exposed(client, people):
    # Four players, Anna deals 3 each, spades trumps; Gleb reneges with 6C on the diamond
    # lead, takes it back (it is now exposed) and follows with TD; the 6C goes in trick 3.
    deal = {
        "dealer": 0,
        "cards": 3,
        "trump": "2S",
        "hands": [["AH", "7C", "3D"], ["KH", "4C", "JD"], ["9H", "5D", "8D"], ["QH", "6C", "TD"]],
        "events": [
            {"seat": 1, "bid": 1},
            {"seat": 2, "bid": 0},
            {"seat": 3, "bid": 1},
            {"seat": 0, "bid": 1},
            {"seat": 1, "play": "JD"},
            {"seat": 2, "play": "8D"},
            {"seat": 3, "play": "6C"},
            {"seat": 3, "take_back": "6C"},
            {"seat": 3, "play": "TD"},
            {"seat": 0, "play": "3D"},
            {"seat": 1, "play": "KH"},
            {"seat": 2, "play": "9H"},
            {"seat": 3, "play": "QH"},
            {"seat": 0, "play": "AH"},
            {"seat": 0, "play": "7C"},
            {"seat": 1, "play": "4C"},
            {"seat": 2, "play": "5D"},
            {"seat": 3, "play": "6C"},
        ],
    }
    doc = document(deal)
    doc["players"] = ["Anna", "Boris", "Vera", "Gleb"]
    doc["ruleset"]["schedule"] = [3]
    html = get(client, people, record(people, doc), 1)
    trick1 = re.search(r'<li class="trick" id="trick-1".*?</ol>', html, flags=re.S).group(0)
    plays = [text(p) for p in re.findall(r'<li class="play[^"]*">(.*?)</li>', trick1, flags=re.S)]
    assert plays == [
        "Boris J♦",
        "Vera 8♦",
        "Gleb 6♣ taken back renege (corrected) should have followed with 10♦",
        "Gleb takes back 6♣",
        "Gleb 10♦",
        "Anna 3♦",
    ]
    assert '<li class="play kind-play renege taken-back">' in trick1
    assert "annulled-note" not in html
    assert "Boris wins the trick with J♦." in text(html)
    assert "<strong>Renege corrected in time</strong>" in section(html, "replay-findings")


def test_hands_not_logged_are_shown_as_played(client, people):
    deal = dict(RENEGE_DEAL)
    del deal["hands"]
    html = get(client, people, record(people, document(deal, REDEAL)), 1)
    assert "The log does not list the hands: they are shown as the cards each player played." in html
    marked = re.findall(r'<li class="play kind-play renege">(.*?)</li>', html, flags=re.S)
    # Without hands, "held the led suit" means the seat played it later in the deal.
    assert [text(m) for m in marked] == ["Vera 6♥ renege should have followed with 8♦"]


def test_a_clean_simulated_deal_has_no_renege(client, people):
    game = record(people, game_bytes(seed=5))
    html = get(client, people, game, 4)
    assert "renege" not in html.replace("renege_", "")
    assert len(re.findall(r'<li class="trick" id="trick-\d+"', html)) == 4
    assert "The replay found nothing wrong in this deal." in html


def test_who_may_see_a_deal_replay(client, people, renege_game):
    url = f"/games/{renege_game.pk}/deals/1/"
    assert client.get(url).status_code == 404  # anonymous
    expected = {"outsider": 404, "member": 200, "scorer": 200, "organiser": 200, "superuser": 200}
    for role, status in expected.items():
        client.force_login(getattr(people, role))
        assert client.get(url).status_code == status, role
    client.logout()
    Game.objects.filter(pk=renege_game.pk).update(public=True)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("deal", [0, 3, 99])
def test_a_deal_that_is_not_in_the_log_is_not_found(client, people, renege_game, deal):
    client.force_login(people.member)
    assert client.get(f"/games/{renege_game.pk}/deals/{deal}/").status_code == 404


def test_an_unknown_game_is_not_found(client, people):
    client.force_login(people.superuser)
    assert client.get("/games/999999/deals/1/").status_code == 404


@pytest.mark.parametrize("seed", [1, 2])
def test_the_page_takes_a_fixed_number_of_queries(client, people, django_assert_num_queries, seed):
    # One player, small deals / six players, long deals: the same queries.
    small = record(people, document(RENEGE_DEAL, REDEAL))
    big = record(people, game_bytes(seed=seed, players=6, renege_rate=0.05))
    client.force_login(people.member)
    for game, deal in ((small, 1), (big, 8)):
        # session, user, the game (club, revision, report), its seats, the reader's role, the disputes waiting for the reader (the header's count)
        with django_assert_num_queries(6):
            assert client.get(f"/games/{game.pk}/deals/{deal}/").status_code == 200


def test_card_ranks_are_translated_with_their_context(client, people, renege_game, monkeypatch):
    # The .po files come later; a stand-in catalogue shows the ranks go through
    # pgettext("card rank", ...), which Russian and Ukrainian render as В Д К Т.
    russian = {
        ("card rank", "J"): "В",
        ("card rank", "Q"): "Д",
        ("card rank", "K"): "К",
        ("card rank", "A"): "Т",
    }
    monkeypatch.setattr("games.pages.replay.pgettext", lambda context, message: russian[(context, message)])
    html = get(client, people, renege_game, 1)
    rows = re.findall(r'<li class="hand">(.*?)</ul>\s*</li>', section(html, "replay-hands"), flags=re.S)
    assert [text(r) for r in rows] == ["Anna dealer Т♠ К♥ 7♦ 3♦", "Борис Д♠ Д♥ 9♦ 4♣", "Vera 5♠ 6♥ 4♥ 8♦"]
    assert 'data-announce="Trick 1: Anna wins with Т♠"' in html
