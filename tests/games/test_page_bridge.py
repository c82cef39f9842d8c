"""Rubber bridge pages: the We/They sheet, the deal page, and the PBN downloads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from endplay.dds import calc_dd_table
from endplay.types import Deal, Denom, Player

from games import services
from games.models import Game
from rules.bridge.pbn import read_pbn
from tests.games.factories import game_bytes
from tournaments.models import Round, Table, Tournament

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[1] / "data" / "pbn"


#: The seed's other reading of «100 – за выигрыш первой партии…»: 100 below for each game won.
GAME_BONUS = {"preset": "seed", "game_bonus": 100}


def document(name: str, ruleset: str | dict = "seed") -> dict:
    return read_pbn((DATA / f"{name}.pbn").read_bytes(), ruleset=ruleset)


def record(people, doc: dict | bytes) -> Game:
    content = doc if isinstance(doc, bytes) else json.dumps(doc, ensure_ascii=False).encode()
    return services.game_upload(club=people.club, content=content, user=people.scorer).game


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def rows(html: str, tag: str = "tbody", css: str = "") -> list[str]:
    """The rows of the first <tag class=css> block, as text."""
    attrs = rf'[^>]*class="{css}"[^>]*' if css else r"[^>]*"
    block = re.search(rf"<{tag}{attrs}>(.*?)</{tag}>", html, flags=re.S).group(1)
    return [text(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", block, flags=re.S)]


def get(client, user, url: str) -> str:
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def rubber(people) -> Game:
    return record(people, document("rubber"))


@pytest.fixture
def rubber_game_bonus(people) -> Game:
    """rubber.pbn in the reading with 100 per game won: the file's ScoreRubber of deals 1 and 2
    (120, 100) lack that 100."""
    return record(people, document("rubber", GAME_BONUS))


# ---- the We/They sheet -------------------------------------------------------------------


def test_the_sheet_as_on_paper(client, people, rubber):
    html = get(client, people.member, f"/games/{rubber.pk}/")
    sheet = re.search(r'<table class="bridge-sheet" id="rubber-1">(.*?)</table>', html, flags=re.S).group(1)
    assert text(re.search(r"<caption>(.*?)</caption>", sheet, flags=re.S).group(1)) == "Rubber 1 · games 2–1"
    assert "We (North–South): Anna – Vera ; They (East–West): Boris – Gleb" in text(html)
    # Above the line, latest at the top: deal 4 (We vulnerable), then deal 3.
    assert rows(sheet, "tbody", "above-line") == [
        "4 vul. 30 3NT N +1 · overtricks 500 3NT N +1 · rubber bonus",
        "3 vul. 500 3♦× W −2 · undertricks",
    ]
    # Below the line in order, a line under each game; no game bonus in the seed, and the
    # file's ScoreRubber (120, 100) is what the rules give: nothing written apart.
    assert rows(sheet, "tbody", "below-line") == [
        "1 game: We 120 4♥ N = · tricks bid",
        "2 game: They 100 3NT E = · tricks bid",
        "4 game: We vul. 100 3NT N +1 · tricks bid",
    ]
    assert re.findall(r'<tr class="below-row( game-line)?">', sheet) == [" game-line"] * 3
    # We: above 30 + 500 + 500, below 120 + 100; They: below 100. 1150 / 100 = 11.5, half up 12.
    assert rows(sheet, "tfoot") == [
        "Above the line 1030 0",
        "Below the line 220 100",
        "Total 1250 100",
        "Whists 12 -12",
    ]
    assert re.findall(r'<td class="(we|they)[^"]*mismatch', sheet) == []
    assert "Session: We 1250, They 100; whists: We 12, They -12" in text(html)


def test_the_sheet_marks_the_miscopied_lines(client, people, rubber_game_bonus):
    html = get(client, people.member, f"/games/{rubber_game_bonus.pk}/")
    sheet = re.search(r'<table class="bridge-sheet" id="rubber-1">(.*?)</table>', html, flags=re.S).group(1)
    # Below the line in order, a line under each game; deal 1 and 2 were written short.
    assert rows(sheet, "tbody", "below-line") == [
        "1 game: We written 120 → 120 4♥ N = · tricks bid 100 4♥ N = · game",
        "2 game: They written 100 → 100 3NT E = · tricks bid 100 3NT E = · game",
        "4 game: We vul. 100 3NT N +1 · tricks bid 100 3NT N +1 · game",
    ]
    assert rows(sheet, "tfoot") == [
        "Above the line 1030 0",
        "Below the line 420 200",
        "Total 1450 200",
        "Whists 13 -13",
    ]
    # The miscopied lines are highlighted, the others not.
    assert re.findall(r'<td class="(we|they)[^"]*mismatch', sheet) == ["we", "they"]
    assert "Session: We 1450, They 200; whists: We 13, They -13" in text(html)


def test_the_deal_list_links_each_deal_page(client, people, rubber):
    html = get(client, people.member, f"/games/{rubber.pk}/")
    assert rows(html, "table", "deal-list")[2:] == [
        "1 N neither 4♥ N 10 = 0 120 0 0",
        "2 E We 3NT E 9 = 0 0 0 100",
        "3 S both 3♦× W 7 −2 500 0 0 0",
        "4 W both 3NT N 10 +1 530 100 0 0",
    ]
    assert re.findall(r'<tr id="deal-(\d)" class="deal-row( mismatch)?">', html) == [
        ("1", ""),
        ("2", ""),
        ("3", ""),
        ("4", ""),
    ]
    for n in range(1, 5):
        assert f'href="/games/{rubber.pk}/deals/{n}/"' in html
    assert re.findall(r'<li class="finding severity-error">(.*?)</li>', html, flags=re.S) == []
    assert f'<a href="/games/{rubber.pk}/pbn/" download>Download as PBN</a>' in html


def test_the_deal_list_marks_the_miscopied_deals_and_links_the_findings(client, people, rubber_game_bonus):
    html = get(client, people.member, f"/games/{rubber_game_bonus.pk}/")
    assert rows(html, "table", "deal-list")[2:] == [
        "1 N neither 4♥ N 10 = 0 220 0 0",
        "2 E We 3NT E 9 = 0 0 0 200",
        "3 S both 3♦× W 7 −2 500 0 0 0",
        "4 W both 3NT N 10 +1 530 200 0 0",
    ]
    assert re.findall(r'<tr id="deal-(\d)" class="deal-row( mismatch)?">', html) == [
        ("1", " mismatch"),
        ("2", " mismatch"),
        ("3", ""),
        ("4", ""),
    ]
    findings = re.findall(r'<li class="finding severity-error">(.*?)</li>', html, flags=re.S)
    assert [text(f) for f in findings] == [
        "Deal score miscopied deal 1 : we below the line: written 120, the rules give 220",
        "Deal score miscopied deal 2 : they below the line: written 100, the rules give 200",
    ]
    assert '<a href="#deal-1">deal 1</a>' in html


def test_an_oh_hell_game_keeps_its_sheet_and_has_no_pbn(client, people):
    game = record(people, game_bytes(seed=3))
    html = get(client, people.member, f"/games/{game.pk}/")
    assert '<table class="score-sheet game-sheet">' in html
    assert "bridge-sheet" not in html
    assert "PBN" not in html
    assert client.get(f"/games/{game.pk}/pbn/").status_code == 404


def test_the_sheet_page_takes_a_fixed_number_of_queries(client, people):
    one = document("rubber")
    one["deals"] = one["deals"][:1]
    small, large = record(people, one), record(people, document("rubber"))
    client.force_login(people.member)
    counts = []
    for game in (small, large):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/games/{game.pk}/").status_code == 200
        counts.append(len(queries))
    # session, user, the game (club, revision, report, open disputes), the reader's role, the report
    # and log for the sheet (rendered once, then cached: games/pages/game.py), the disputes waiting for the reader (the header's count)
    assert counts == [6, 6]


# ---- the deal page ----------------------------------------------------------------------


def test_the_deal_page_hands_auction_and_tricks(client, people, rubber):
    html = get(client, people.member, f"/games/{rubber.pk}/deals/1/")
    assert '<dd class="fact-dealer">North (Anna)</dd>' in html
    assert '<dd class="fact-vulnerable">neither side</dd>' in html
    assert (
        text(re.search(r'<dd class="fact-contract">(.*?)</dd>', html, flags=re.S).group(1))
        == "4♥ by North (Anna)"
    )
    assert (
        text(re.search(r'<dd class="fact-tricks">(.*?)</dd>', html, flags=re.S).group(1))
        == "10 (made exactly)"
    )
    hands = re.findall(r'<div class="compass-hand seat-(\w)[^"]*"[^>]*>(.*?)</ul>', html, flags=re.S)
    assert [(seat, text(body)) for seat, body in hands] == [
        ("N", "North: Anna dealer ♠ A J ♥ K Q 10 2 ♦ J 3 ♣ A K 9 8 3"),
        ("E", "East: Boris ♠ Q 7 5 4 3 2 ♥ — ♦ A 10 7 2 ♣ Q 10 5"),
        ("S", "South: Vera ♠ K 10 9 ♥ A J 9 3 ♦ K Q 8 6 5 ♣ 6"),
        ("W", "West: Gleb ♠ 8 6 ♥ 8 7 6 5 4 ♦ 9 4 ♣ J 7 4 2"),
    ]
    # Each card says in which trick it goes, for the stepper.
    assert '<span class="card" data-trick="1" aria-label="Q♠">Q</span>' in html
    assert '<span class="card red" data-trick="13" aria-label="A♥">A</span>' in html
    assert rows(html, "table", "auction") == [
        "W Gleb N Anna dealer E Boris S Vera",
        "1♥ Pass 3♥",
        "Pass 4♥ Pass Pass",
        "Pass",
    ]
    announced = re.findall(
        r'<li class="trick" id="trick-(\d+)" data-trick="\d+" data-announce="([^"]*)"', html
    )
    assert announced[:4] == [
        ("1", "Trick 1: Vera wins with K♠"),
        ("2", "Trick 2: Boris wins with A♦"),
        ("3", "Trick 3: Anna wins with A♠"),
        ("4", "Trick 4: Anna wins with A♣"),
    ]
    assert len(announced) == 13
    trick1 = re.search(r'<li class="trick" id="trick-1".*?</ol>', html, flags=re.S).group(0)
    assert text(trick1) == "Trick 1 East (Boris) leads. E Boris Q♠ S Vera K♠ W Gleb 6♠ N Anna J♠"
    assert "South (Vera) wins the trick with K♠." in text(html)
    assert "Tricks so far: We 10, They 3" in text(html)
    assert "revoke" not in text(html).lower()


def test_the_auction_marks_vulnerable_seats(client, people, rubber):
    html = get(client, people.member, f"/games/{rubber.pk}/deals/2/")
    assert '<dd class="fact-vulnerable">We (North–South)</dd>' in html
    assert rows(html, "table", "auction")[0] == "W Gleb N Anna vul. E Boris dealer S Vera vul."
    assert rows(html, "table", "auction")[1:] == ["3NT Pass", "Pass Pass"]


def test_a_revoke_is_marked_with_the_cards_to_follow_with(client, people):
    game = record(people, document("revoke"))
    html = get(client, people.member, f"/games/{game.pk}/deals/1/")
    marked = re.findall(r'<li class="play seat-W revoke">(.*?)</li>', html, flags=re.S)
    assert [text(m) for m in marked] == ["W Gleb 2♦ revoke should have followed with 7♥ , 5♥ , 3♥"]
    trick4 = re.search(r'<li class="trick" id="trick-4".*?</li>\s*</ol>', html, flags=re.S).group(0)
    assert "revoke-tag" in trick4
    assert html.count("revoke-tag") == 1
    findings = re.search(
        r'<section[^>]*class="replay-findings"[^>]*>(.*?)</section>', html, flags=re.S
    ).group(1)
    assert '<a href="#trick-4">trick 4</a>' in findings
    assert "<strong>Revoke</strong>" in findings
    assert "REVOKE" not in findings


def test_the_double_dummy_table_is_endplays(client, people, rubber):
    html = get(client, people.member, f"/games/{rubber.pk}/deals/3/")
    table = calc_dd_table(Deal("S:AK6.Q984.J92.Q62 Q42.62.Q7653.AK4 853.AJ75.K8.T953 JT97.KT3.AT4.J87"))
    denoms = [Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]
    players = {"North": Player.north, "South": Player.south, "East": Player.east, "West": Player.west}
    expected = [f"{name} " + " ".join(str(table[d, p]) for d in denoms) for name, p in players.items()]
    assert rows(html, "table", "dd-table")[1:] == expected
    assert rows(html, "table", "dd-table")[0] == "Declarer NT ♠ ♥ ♦ ♣"


def test_without_the_solver_a_sentence(client, people, rubber, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    html = get(client, people.member, f"/games/{rubber.pk}/deals/1/")
    assert "dd-table" not in html
    assert (
        "The double-dummy table needs all four hands and the solver, which this server does not have." in html
    )


def test_a_passed_out_deal(client, people):
    game = record(people, document("passout"))
    html = get(client, people.member, f"/games/{game.pk}/deals/1/")
    assert '<dd class="fact-contract">passed out</dd>' in html
    assert "All four players passed: the deal was not played and nobody scores." in html
    assert 'class="tricks"' not in html
    assert rows(html, "table", "auction")[1:] == ["Pass Pass", "Pass Pass"]
    sheet = get(client, people.member, f"/games/{game.pk}/")
    assert rows(sheet, "table", "deal-list")[2:] == ["1 E neither passed out 0 0 0 0"]


def test_a_deal_with_neither_cards_nor_play(client, people):
    doc = document("rubber")
    for field in ("hands", "play"):
        del doc["deals"][0][field]
    game = record(people, doc)
    html = get(client, people.member, f"/games/{game.pk}/deals/1/")
    assert "No cards were logged for this deal" in html
    assert "The play was not logged: the sheet records only the tricks taken." in html
    assert "The double-dummy table needs the four hands, which were not logged." in html


def test_no_such_deal(client, people, rubber):
    client.force_login(people.member)
    assert client.get(f"/games/{rubber.pk}/deals/5/").status_code == 404


def test_the_deal_page_takes_a_fixed_number_of_queries(client, people):
    one = document("rubber")
    one["deals"] = one["deals"][:1]
    small, large = record(people, one), record(people, document("rubber"))
    client.force_login(people.member)
    counts = []
    for game in (small, large):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/games/{game.pk}/deals/1/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


# ---- PBN downloads --------------------------------------------------------------------


def test_the_game_pbn_reads_back_to_the_stored_deals(client, people, rubber):
    client.force_login(people.member)
    response = client.get(f"/games/{rubber.pk}/pbn/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="game-{rubber.pk}.pbn"'
    back = read_pbn(response.content)
    stored = json.loads(bytes(rubber.current_revision.content))
    # Deal 4's log records no scores: the file gives the replay's (its ScoreRubber); the rest is the log.
    assert "scores" not in stored["deals"][3]
    assert back["deals"][3].pop("scores") == {
        "we": {"above": [530], "below": [100]},
        "they": {"above": [], "below": []},
    }
    assert back["deals"] == stored["deals"]
    assert back["players"] == stored["players"]
    assert '[Vulnerable "NS"]' in response.content.decode()


def test_who_may_read_a_game_and_its_downloads(client, people, rubber):
    urls = [f"/games/{rubber.pk}/", f"/games/{rubber.pk}/deals/1/", f"/games/{rubber.pk}/pbn/"]
    assert [client.get(u).status_code for u in urls] == [404, 404, 404]
    client.force_login(people.outsider)
    assert [client.get(u).status_code for u in urls] == [404, 404, 404]
    client.force_login(people.member)
    assert [client.get(u).status_code for u in urls] == [200, 200, 200]
    Game.objects.filter(pk=rubber.pk).update(public=True)
    client.logout()
    assert [client.get(u).status_code for u in urls] == [200, 200, 200]


def make_tournament(people, game_type: str, games: list[Game], **fields) -> Tournament:
    tournament = Tournament.objects.create(
        club=people.club, name="Кубок роббера", slug=f"cup-{game_type}", game_type=game_type, **fields
    )
    round_ = Round.objects.create(tournament=tournament, number=1)
    for number, game in enumerate(games, 1):
        Table.objects.create(round=round_, number=number, game=game)
    return tournament


def test_the_tournament_pbn_is_all_its_games(client, people):
    first = record(people, document("rubber"))
    second = record(people, document("revoke"))
    tournament = make_tournament(people, "bridge-rubber", [first, second], ruleset="seed")
    url = f"/tournaments/{tournament.pk}/pbn/"
    assert client.get(url).status_code == 404  # not published, not a member
    client.force_login(people.outsider)
    assert client.get(url).status_code == 404
    client.force_login(people.member)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="tournament-{tournament.pk}.pbn"'
    content = response.content.decode()
    assert content.count("% PBN 2.1") == 1
    assert content.count('[Event "Кубок роббера"]') == 5
    assert content.count('[Site "Клуб «Козырь»"]') == 5
    assert re.findall(r'\[Board "(\d+)"\]', content) == ["1", "2", "3", "4", "6"]
    page = get(client, people.member, f"/tournaments/{tournament.pk}/")
    assert f'<a href="/tournaments/{tournament.pk}/pbn/" download>Download the games as PBN</a>' in page
    Tournament.objects.filter(pk=tournament.pk).update(published=True)
    client.logout()
    assert client.get(url).status_code == 200


def test_an_oh_hell_tournament_has_no_pbn(client, people):
    tournament = make_tournament(people, "oh-hell", [record(people, game_bytes(seed=5))])
    client.force_login(people.member)
    assert client.get(f"/tournaments/{tournament.pk}/pbn/").status_code == 404
    assert "PBN" not in get(client, people.member, f"/tournaments/{tournament.pk}/")
