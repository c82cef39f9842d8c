"""The durak game page (/games/<pk>/: the ruleset in words, a row per game of the log with the
fool, the places, the points and the running totals) and the deal page (/games/<pk>/deals/<n>/:
one game event by event — the table, the hands, the stock and the trump card under it — with
each finding at its event).

The logs are tests/data/durak, every variant's file (their bouts worked out by hand in the
docstrings of tests/rules/durak/test_replay_*.py); seats Anna 0, Boris 1 (and Vera 2).
"""

from __future__ import annotations

import html as htmllib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Game
from rules.durak import PRESETS
from rules.durak.simulate import simulate

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[1] / "data" / "durak"


def load(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def record(people, doc: dict[str, Any]) -> Game:
    content = json.dumps(doc, ensure_ascii=False).encode()
    return services.game_upload(club=people.club, content=content, user=people.scorer).game


def text(html: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def get(client, user, url: str, **headers: str) -> str:
    client.force_login(user)
    response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode()


def sheet_rows(html: str) -> list[str]:
    table = re.search(r'<table class="score-sheet game-sheet durak-sheet">(.*?)</table>', html, re.S)
    assert table
    body = re.search(r"<tbody>(.*?)</tbody>", table.group(1), re.S)
    assert body
    return [text(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), re.S)]


def sheet_totals(html: str) -> str:
    found = re.search(r"<tfoot>(.*?)</tfoot>", html, re.S)
    assert found
    return text(found.group(1))


def fact(html: str, name: str) -> str:
    found = re.search(rf'<dd class="fact-{name}">(.*?)</dd>', html, flags=re.S)
    assert found, name
    return text(found.group(1))


def step(html: str, number: int) -> str:
    """The whole item of step ``number`` on the deal page."""
    found = re.search(
        rf'<li class="trick durak-step[^"]*" id="step-{number}".*?(?=<li class="trick durak-step|</ol>)',
        html,
        flags=re.S,
    )
    assert found, number
    return found.group(0)


def announcements(html: str) -> list[str]:
    return re.findall(r'<li class="trick durak-step[^"]*" id="step-\d+" data-announce="([^"]*)"', html)


# The game page -------------------------------------------------------------------------------

#: Each variant's game as the sheet's row reads: game, dealer, trump, first attacker, bouts,
#: the order out, the fool, the recorded result, then per player place, points and total.
ROWS = {
    "simple.json": [
        "1 Boris 9♦ Anna 7 Boris Anna Anna 2 -1 -1 1 0 0",
        "2 Anna — — — — Boris (as recorded: the play is not logged to the end) Boris — 0 -1 — -1 -1",
    ],
    "throw-in.json": ["1 Vera Q♠ Boris 7 Vera Boris Anna Anna 3 -1 -1 2 0 0 1 0 0"],
    "throw-in-trump-only.json": ["1 Vera Q♠ Boris 7 Vera Boris Anna Anna 3 -1 -1 2 0 0 1 0 0"],
    "transfer.json": ["1 Anna 7♥ Anna 10 Anna Boris Vera Vera 1 0 0 2 0 0 3 -1 -1"],
    "transfer-any.json": ["1 Anna 7♥ Anna 8 Anna Boris Vera Vera 1 0 0 2 0 0 3 -1 -1"],
    "no-trump.json": ["1 Boris no trump Anna 8 Anna Boris Boris 1 0 0 2 -1 -1"],
    "two-decks.json": ["1 Boris 5♣ Anna 8 — Boris (52 cards or more in hand) Boris 1 0 0 2 -1 -1"],
    "blind.json": ["1 Boris 8♥ Anna 12 Boris Anna Anna 2 -1 -1 1 0 0"],
    "draw.json": ["1 Anna K♠ Boris 11 Anna, Boris draw draw 1 0 0 1 0 0"],
}


@pytest.mark.parametrize("name", sorted(ROWS))
def test_every_variant_s_game_page_and_deal_page(client, people, name):
    assert sorted(p.name for p in DATA.glob("*.json")) == sorted(ROWS)  # every file of the data is here
    game = record(people, load(name))
    assert game.game_type == "durak"
    html = get(client, people.member, f"/games/{game.pk}/")
    assert "css/durak.css" in html
    assert '<pre class="table-scroll">' not in html  # drawn as a sheet, not the text fallback
    assert sheet_rows(html) == ROWS[name]
    for n in range(1, len(ROWS[name]) + 1):
        assert f'<a href="/games/{game.pk}/deals/{n}/" title="replay this deal bout by bout">{n}</a>' in html
        assert client.get(f"/games/{game.pk}/deals/{n}/").status_code == 200


def test_the_ruleset_in_words_and_the_fools_counted(client, people):
    game = record(people, load("simple.json"))
    html = get(client, people.member, f"/games/{game.pk}/")
    assert '<h2 id="durak-rules-heading">Durak, simple</h2>' in html
    assert re.findall(
        r"<li>(.*?)</li>", re.search(r'<ul class="durak-options">(.*?)</ul>', html).group(1)
    ) == [
        "36 cards, six to ace",
        "only the attacker throws in",
        "a turned jack: the lowest trump attacks first",
        "the last cards out together: a draw",
        "at most 6 cards in a bout",
    ]
    assert (
        '<p class="durak-scoring">Scored by fools: the fool of each game scores −1, the others 0; '
        "a draw scores nothing.</p>"
    ) in html
    assert sheet_totals(html) == "Totals the fool 1 time -1 the fool 1 time -1"
    assert f'href="/games/{game.pk}/deals/1/">Replay the deals</a>' in html


def test_a_draw_is_counted_in_the_totals_line(client, people):
    game = record(people, load("draw.json"))
    html = get(client, people.member, f"/games/{game.pk}/")
    assert sheet_totals(html) == "Totals (1 draw) the fool 0 times 0 the fool 0 times 0"


def test_points_per_place_give_each_game_s_points_and_the_running_totals(client, people):
    doc = load("throw-in.json")
    doc["ruleset"] = {"preset": "transfer", "place_points": [2, 1, 0], "bout_limit": None}
    doc["deals"].append({"dealer": 0, "fool": 1})  # a second game known by its fool alone
    game = record(people, doc)
    html = get(client, people.member, f"/games/{game.pk}/")
    assert '<h2 id="durak-rules-heading">Durak, transfer</h2>' in html
    options = text(re.search(r'<ul class="durak-options">(.*?)</ul>', html).group(1))
    assert "everybody but the defender throws in the defender may transfer before beating" in options
    assert "no limit to the cards of a bout but the defender's hand" in options
    assert (
        "Points for going out first, second, …: 2, 1, 0; the fool takes the last place, "
        "players going out together share their best place."
    ) in html
    # Game 1: Vera out first (2), Boris second (1), Anna the fool (0). Game 2: Boris the fool, the
    # others share the first place.
    assert sheet_rows(html) == [
        "1 Vera Q♠ Boris 7 Vera Boris Anna Anna 3 0 0 2 1 1 1 2 2",
        "2 Anna — — — — Boris (as recorded: the play is not logged to the end) Boris — 2 2 — 0 1 — 2 4",
    ]
    assert sheet_totals(html) == "Totals the fool 1 time 2 the fool 1 time 1 the fool 0 times 4"
    assert game.current_report.report["totals"] == [2, 1, 4]


def test_a_recorded_fool_the_play_does_not_give(client, people):
    doc = load("transfer.json")
    doc["deals"][0]["fool"] = 1
    game = record(people, doc)
    html = get(client, people.member, f"/games/{game.pk}/")
    assert sheet_rows(html) == [
        "1 Anna 7♥ Anna 10 Anna Boris Vera Boris differs from the play 1 0 0 2 0 0 3 -1 -1"
    ]
    assert '<td class="fool mismatch">Vera</td>' in html
    findings = html[html.index("<h2>Findings</h2>") :]
    assert "<strong>Recorded fool differs from the play</strong>" in findings
    assert "FOOL_MISMATCH" not in findings  # the code stays in the API; the page says what it means
    assert '<a href="#deal-1">deal 1</a>:' in findings


def test_the_game_page_takes_the_game_page_s_queries(client, people, django_assert_num_queries):
    game = record(people, load("simple.json"))
    client.force_login(people.member)
    with django_assert_num_queries(6):  # as tests/games/test_pages.py counts them
        assert client.get(f"/games/{game.pk}/").status_code == 200


# The deal page -------------------------------------------------------------------------------


@pytest.fixture
def transfer(people) -> Game:
    return record(people, load("transfer.json"))


def test_the_deal_the_facts_and_the_hands_as_dealt(client, people, transfer):
    html = get(client, people.member, f"/games/{transfer.pk}/deals/1/")
    assert "css/durak.css" in html
    assert "js/replay.js" in html
    assert f"<h1>Game {transfer.pk}, deal 1</h1>" in html
    assert fact(html, "variant") == "transfer"
    assert fact(html, "dealer") == "Anna"
    assert fact(html, "trump") == "7♥"
    assert '<dd class="fact-trump"><span class="card red">7♥</span></dd>' in html
    assert fact(html, "first-attacker") == "Anna"
    assert fact(html, "result") == "Vera is the fool"
    dealt = re.search(
        r'<section aria-labelledby="deal-heading" class="durak-dealt">(.*?)</section>', html, re.S
    )
    assert text(dealt.group(1)) == (
        "The deal Anna dealer J♠ 10♠ 6♠ 6♥ 9♣ 8♣ Boris 9♠ Q♥ 8♥ 8♦ 6♦ K♣ Vera Q♠ 7♠ Q♦ 7♦ 7♣ 6♣ "
        "Stock: 18 cards, under it the trump card 7♥"
    )
    assert 'data-prefix="step"' in html
    assert 'data-position="Step %(number)s of %(total)s"' in html
    assert 'data-before="The deal, before the first attack"' in html
    assert len(announcements(html)) == 58
    assert "The replay found nothing wrong in this deal." in html


def test_an_attack_a_transfer_a_beat_and_a_take_step_by_step(client, people, transfer):
    html = get(client, people.member, f"/games/{transfer.pk}/deals/1/")
    hands_1 = "Anna dealer attacks J♠ 10♠ 6♥ 9♣ 8♣ Boris defends 9♠ Q♥ 8♥ 8♦ 6♦ K♣ Vera Q♠ 7♠ Q♦ 7♦ 7♣ 6♣"
    stock = "Stock: 18 cards, under it the trump card 7♥ · Discard: 0 cards"
    assert text(step(html, 1)) == (
        "Step 1 · bout 1 Anna attacks Boris with 6♠. Attacking: Anna · defending: Boris "
        f"On the table 6♠ not covered {hands_1} {stock}"
    )
    assert '<span id="event-0"></span><span id="bout-1"></span>' in step(html, 1)
    assert text(step(html, 2)) == (
        "Step 2 · bout 1 Boris transfers the bout to Vera with 6♦. Attacking: Boris · defending: Vera "
        "On the table 6♠ not covered 6♦ not covered "
        "Anna dealer J♠ 10♠ 6♥ 9♣ 8♣ Boris attacks 9♠ Q♥ 8♥ 8♦ K♣ Vera defends Q♠ 7♠ Q♦ 7♦ 7♣ 6♣ "
        f"{stock}"
    )
    assert text(step(html, 5)) == (
        "Step 5 · bout 1 Boris beats 6♠ with 9♠. Attacking: Anna · defending: Boris "
        "On the table 6♠ covered by 9♠ 6♦ not covered 6♣ not covered 6♥ not covered "
        "Anna dealer attacks J♠ 10♠ 9♣ 8♣ Boris defends Q♥ 8♥ 8♦ K♣ Vera Q♠ 7♠ Q♦ 7♦ 7♣ "
        f"{stock}"
    )
    assert text(step(html, 11)).startswith("Step 11 · bout 1 Bout 1 beaten off: 10 cards to the discard.")
    assert text(step(html, 12)) == (
        "Step 12 · bout 1 Drawing from the stock: Anna 3, Vera 1, Boris 6. Next bout: Boris attacks Vera "
        "On the table empty Anna dealer J♠ 10♠ K♥ J♥ 10♥ 9♣ Boris attacks A♠ K♠ 9♥ A♦ K♦ A♣ "
        "Vera defends Q♠ 7♠ Q♦ J♦ 7♦ 7♣ Stock: 8 cards, under it the trump card 7♥ · Discard: 10 cards"
    )
    # The three draw events (11, 12, 13) are one step.
    assert '<span id="event-11"></span><span id="event-12"></span><span id="event-13"></span>' in step(
        html, 12
    )
    assert text(step(html, 14)) == (
        "Step 14 · bout 2 Vera takes. Attacking: Boris · defending: Vera · Vera takes "
        "On the table A♠ not covered A♦ not covered A♣ not covered "
        "Anna dealer J♠ 10♠ K♥ J♥ 10♥ 9♣ Boris attacks K♠ 9♥ K♦ Vera defends Q♠ 7♠ Q♦ J♦ 7♦ 7♣ "
        "Stock: 8 cards, under it the trump card 7♥ · Discard: 10 cards"
    )
    assert text(step(html, 15)).startswith("Step 15 · bout 2 Vera picks up 3 cards.")
    assert "Vera defends A♠ Q♠ 7♠ A♦ Q♦ J♦ 7♦ A♣ 7♣" in text(step(html, 15))
    assert text(step(html, 58)) == (
        "Step 58 The game is over: Vera is the fool. Boris is out. On the table empty "
        "Anna dealer out no cards Boris out no cards Vera the fool A♦ A♣ "
        "Stock: empty; the trump card was 7♥ · Discard: 34 cards"
    )


def test_a_throw_in_a_pass_and_the_players_going_out(client, people):
    game = record(people, load("throw-in.json"))
    html = get(client, people.member, f"/games/{game.pk}/deals/1/")
    said = announcements(html)
    assert said[:4] == [
        "Boris attacks Vera with 6♥.",
        "Vera beats 6♥ with 7♥.",
        "Boris throws in 6♣.",
        "Vera beats 6♣ with K♣.",
    ]
    assert "Anna passes: throws in no more." in said
    assert said[-1] == "The game is over: Anna is the fool."
    assert re.findall(r'<strong class="went-out">(.*?)</strong>', html) == ["Vera is out.", "Boris is out."]


def test_the_blind_game_s_face_down_cards_and_answers(client, people):
    game = record(people, load("blind.json"))
    html = get(client, people.member, f"/games/{game.pk}/deals/1/")
    assert fact(html, "variant") == "blind (beating face down)"
    assert announcements(html)[:5] == [
        "Anna attacks Boris with 6♠ 6♦ 6♣.",
        "Boris covers 6♠ face down (9♠).",
        "Anna agrees: the face-down card stands.",
        "Boris covers 6♦ face down (9♦).",
        "Anna turns the face-down card.",
    ]


def test_twins_of_the_second_deck_print_the_same_face(client, people):
    game = record(people, load("two-decks.json"))
    html = get(client, people.member, f"/games/{game.pk}/deals/1/")
    assert fact(html, "result") == "Boris is the fool (52 cards or more in hand)"
    dealt = re.search(
        r'<section aria-labelledby="deal-heading" class="durak-dealt">(.*?)</section>', html, re.S
    )
    assert text(dealt.group(1)) == (
        "The deal Anna 2♠ 2♠ 2♥ 2♥ 2♦ 2♣ Boris dealer A♠ A♠ A♥ A♥ A♦ A♦ Stock: 92 cards, under it the trump card 5♣"
    )
    assert announcements(html)[0] == "Anna attacks Boris with 2♠ 2♠ 2♥ 2♥ 2♦ 2♣."
    assert announcements(html)[-1] == "The game is over: Boris holds 52 cards or more and is the fool."


def test_no_trump_and_unknown_cards(client, people):
    no_trump = record(people, load("no-trump.json"))
    html = get(client, people.member, f"/games/{no_trump.pk}/deals/1/")
    assert fact(html, "trump") == "no trump"
    assert "Stock: 24 cards; no trumps" in html
    only_trump = record(people, load("throw-in-trump-only.json"))  # the stock not logged, only the trump card
    html = get(client, people.member, f"/games/{only_trump.pk}/deals/1/")
    assert '<li class="card unknown">2 unknown cards</li>' in html
    assert '<li class="card unknown">1 unknown card</li>' in html


def test_an_illegal_beat_is_marked_at_its_event(client, people):
    doc = load("simple.json")
    events = doc["deals"][0]["events"]
    assert (events[6]["card"], events[7]["card"]) == ("KH", "KC")
    events[6]["card"], events[7]["card"] = "KC", "KH"  # 7♥ covered by K♣, 7♣ by K♥: neither beats
    game = record(people, doc)
    html = get(client, people.member, f"/games/{game.pk}/deals/1/")
    eighth = step(html, 8)
    assert 'class="trick durak-step kind-beat has-finding" id="step-8"' in eighth
    assert '<span id="event-6"></span>' in eighth
    assert text(re.search(r'<ul class="findings step-findings">(.*?)</ul>', eighth, re.S).group(1)) == (
        "Card does not beat K♣ is neither a higher ♥ nor a trump"
    )
    flagged = re.findall(r'<li class="pair new flagged">(.*?)</li>', eighth, re.S)
    assert [text(p) for p in flagged] == ["7♥ covered by K♣ Card does not beat"]
    assert '<span class="card illegal">K♣</span> <strong class="tag">Card does not beat</strong>' in eighth
    assert '<span class="card red illegal">K♥</span>' in step(html, 9)
    assert html.count("pair new flagged") == 2
    findings = re.search(r'<section[^>]*class="replay-findings"[^>]*>(.*?)</section>', html, re.S).group(1)
    assert '<a href="#event-6">bout 2</a>:' in findings
    assert "deals[0].events[6]" not in findings  # the JSON path is the API's; the page links the event
    # The game page links the finding to its event on the deal page.
    sheet = get(client, people.member, f"/games/{game.pk}/")
    assert f'<a href="#deal-1">deal 1</a>, <a href="/games/{game.pk}/deals/1/#event-6">bout 2</a>:' in sheet


def test_a_game_logged_by_its_result_alone(client, people):
    game = record(people, load("simple.json"))
    html = get(client, people.member, f"/games/{game.pk}/deals/2/")
    assert "This game was logged by its result alone: there is no play to replay." in html
    assert fact(html, "result") == "Boris is the fool (as recorded: the play is not logged to the end)"
    assert 'class="stepper"' not in html
    assert f'<a rel="prev" href="/games/{game.pk}/deals/1/">← Deal 1</a>' in html
    first = get(client, people.member, f"/games/{game.pk}/deals/1/")
    assert f'<a rel="next" href="/games/{game.pk}/deals/2/">Deal 2 →</a>' in first


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_simulated_evenings_every_deal_page_replays_clean(client, people, preset):
    """The demo's kind of log: games played by the simulator, the stock logged or only the trump
    card, in every variant — every game's page renders its steps, with nothing found."""
    doc = simulate(
        7, players=4 if preset != "two-decks" else 3, games=3, ruleset=preset, stock=preset != "simple"
    )
    doc["players"] = ["Ольга", "Тарас", "Вера", "Гліб"][: len(doc["players"])]
    game = record(people, doc)
    client.force_login(people.member)
    sheet = client.get(f"/games/{game.pk}/").content.decode()
    assert len(sheet_rows(sheet)) == 3
    assert "The replay found nothing wrong" in sheet
    for n in (1, 2, 3):
        html = get(client, people.member, f"/games/{game.pk}/deals/{n}/")
        assert "The replay found nothing wrong in this deal." in html
        said = announcements(html)
        assert said[0].startswith(f"{fact(html, 'first-attacker')} attacks ")
        assert said[-1].startswith(("The game is over:", "The game ends in a draw"))
        assert "Ольга" in html


@pytest.mark.parametrize("deal", [0, 2, 99])
def test_a_game_that_is_not_in_the_log_is_not_found(client, people, transfer, deal):
    client.force_login(people.member)
    assert client.get(f"/games/{transfer.pk}/deals/{deal}/").status_code == 404


def test_a_missing_game_is_not_found(client, people, transfer):
    client.force_login(people.member)
    assert client.get(f"/games/{transfer.pk + 1000}/deals/1/").status_code == 404
    assert client.get(f"/games/{transfer.pk + 1000}/").status_code == 404


def test_who_may_see_the_durak_pages(client, people, transfer):
    for url in (f"/games/{transfer.pk}/", f"/games/{transfer.pk}/deals/1/"):
        client.logout()
        assert client.get(url).status_code == 404  # anonymous
        expected = {"outsider": 404, "member": 200, "scorer": 200, "organiser": 200, "superuser": 200}
        for role, status in expected.items():
            client.force_login(getattr(people, role))
            assert client.get(url).status_code == status, (url, role)
    client.logout()
    Game.objects.filter(pk=transfer.pk).update(public=True)
    assert client.get(f"/games/{transfer.pk}/").status_code == 200
    assert client.get(f"/games/{transfer.pk}/deals/1/").status_code == 200


def test_the_deal_page_takes_a_fixed_number_of_queries(client, people):
    short = load("simple.json")
    short["deals"] = short["deals"][1:]  # one game, by its result
    small, large = record(people, short), record(people, load("blind.json"))
    client.force_login(people.member)
    counts = []
    for game in (small, large):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/games/{game.pk}/deals/1/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_pages_in_russian_and_ukrainian(client, people, transfer):
    ru = get(client, people.member, f"/games/{transfer.pk}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert '<html lang="ru">' in ru
    assert "Дурак, переводной" in ru
    assert "отбивающийся может перевести до того, как отбился" in ru
    assert "Дурак" in ru
    assert ">Игра</th>" in ru
    deal = get(client, people.member, f"/games/{transfer.pk}/deals/1/", HTTP_ACCEPT_LANGUAGE="ru")
    assert "Vera — дурак" in deal
    assert announcements(deal)[:2] == ["Anna ходит под Boris: 6♠.", "Boris переводит на Vera: 6♦."]
    assert "Vera берёт." in announcements(deal)
    assert "Boris бьёт 6♠ картой 9♠." in announcements(deal)
    assert "в колоде 18 карт, под ней козырь" in text(deal).lower()
    uk = get(client, people.member, f"/games/{transfer.pk}/deals/1/", HTTP_ACCEPT_LANGUAGE="uk")
    assert '<html lang="uk">' in uk
    assert "Vera — дурень" in uk
    assert announcements(uk)[1] == "Boris переводить на Vera: 6♦."
    assert "Vera бере." in announcements(uk)
    sheet = get(client, people.member, f"/games/{transfer.pk}/", HTTP_ACCEPT_LANGUAGE="uk")
    assert "Дурень, перевідний" in sheet
    assert ">Гра</th>" in sheet
