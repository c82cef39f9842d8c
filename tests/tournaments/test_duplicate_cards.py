"""A duplicate event's cards (issue 22): each pair's personal score card, and the movement sheets
to print — a guide card per table, a round-by-round card per pair, the boards tables share."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from games.models import Player
from rules.duplicate.movements import boards_of_set, mitchell, pair_card, table_card
from tournaments import duplicate, services
from tournaments.models import Table
from tournaments.pages.duplicate_cards import skip_rounds

pytestmark = pytest.mark.django_db

NAMES = [f"Игрок {n}" for n in range(1, 17)]


def _event(people, pairs: int, **options):
    tournament = services.tournament_create(
        club=people.club, name="Парный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=NAMES[i]) for i in range(2 * pairs)]
    couples = [(players[2 * i], players[2 * i + 1]) for i in range(pairs)]
    event = duplicate.setup(tournament=tournament, pairs=couples, deal_seed="test-seed", **options)
    return tournament, event, couples


def _log(table: Table, boards: list[dict]) -> bytes:
    names = [s.player.display_name for s in table.seats.order_by("seat")]
    return json.dumps({"game": "bridge-duplicate", "version": 1, "players": names, "boards": boards}).encode()


def _table(tournament, round_number: int, number: int) -> Table:
    return Table.objects.get(round__tournament=tournament, round__number=round_number, number=number)


def _record(people, tournament, round_number: int, number: int, boards: list[dict]) -> None:
    table = _table(tournament, round_number, number)
    upload = services.table_game_upload(table=table, content=_log(table, boards), user=people.scorer)
    assert upload.result.refusal is None, upload.result.refusal


def _made(board: int, contract: str, declarer: str, tricks: int, lead: str | None = None) -> dict:
    line = {"board": board, "contract": contract, "declarer": declarer, "result": tricks}
    if lead:
        line["lead"] = lead
    return line


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _section(html: str, ident: str) -> str:
    match = re.search(rf'<(section|tbody)[^>]*id="{ident}"[^>]*>(.*?)</\1>', html, re.S)
    assert match, ident
    return match.group(2)


def _rows(html: str) -> list[list[str]]:
    """The body rows of the HTML given, each as its cells' text."""
    body = re.search(r"<tbody[^>]*>(.*?)</tbody>", html, re.S)
    source = body.group(1) if body else html
    return [
        [_text(cell) for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", source, re.S)
    ]


def _names(couples, pair: int) -> str:
    first, second = couples[pair - 1]
    return f"{first.display_name} – {second.display_name}"


@pytest.fixture
def evening(people):
    """A 4-table Mitchell (8 pairs, 2 boards a round, 3 rounds: the skip Mitchell), rounds 1 and 2
    recorded at every table, and table 3 of round 3, so boards 1 and 2 have their full traveller.

    Boards 1 and 2 (set 1) are played in round 1 at table 1 (pairs 1 v 5), in round 2 at table 4
    (4 v 7), in round 3 at table 3 (3 v 8). Board 1, nobody vulnerable: 4♠ made (420), 2♠ + 2
    (170), 4♠ − 1 (−50). Board 2, North–South vulnerable: 4♥ made (620), 4♥ − 1 (−100), 3♥ + 1
    (170). Three results, 2 matchpoints a beat: the top is 4; board 1 gives North–South 4, 2, 0
    and board 2 4, 0, 2; East–West the rest.

    Boards 3 and 4 (set 2): round 1 table 2 (2 v 6), round 2 table 1 (1 v 8); the third result
    (round 3) is not in. Board 3 (East–West vulnerable): 3NT by North made at table 1 (400), one
    down at table 2 (−50); board 4 (all vulnerable): 4♠ made at both (620). Two results of three
    scaled by Neuberg ((M + 1) × 3/2 − 1): a beat, 2, is worth 3.5, none 0.5, a tie (1) 2.
    """
    tournament, event, couples = _event(people, 8, boards_per_round=2)
    _record(
        people, tournament, 1, 1, [_made(1, "4S", "N", 10, lead="KH"), _made(2, "4H", "S", 10, lead="2C")]
    )
    _record(people, tournament, 1, 2, [_made(3, "3NT", "N", 8), _made(4, "4S", "N", 10)])
    _record(people, tournament, 1, 3, [_made(5, "2H", "S", 8), _made(6, "1NT", "N", 7)])
    _record(people, tournament, 1, 4, [_made(7, "3D", "E", 9), _made(8, "2S", "W", 8)])
    _record(people, tournament, 2, 1, [_made(3, "3NT", "N", 9), _made(4, "4S", "N", 10)])
    _record(people, tournament, 2, 2, [_made(5, "2H", "S", 9), _made(6, "1NT", "N", 7)])
    _record(people, tournament, 2, 3, [_made(7, "3D", "E", 8), _made(8, "2S", "W", 8)])
    _record(people, tournament, 2, 4, [_made(1, "2S", "N", 10), _made(2, "4H", "S", 9)])
    _record(people, tournament, 3, 3, [_made(1, "4S", "N", 9), _made(2, "3H", "S", 10)])
    return tournament, event, couples


def test_the_score_card_of_a_north_south_pair_shows_its_boards_opponents_and_matchpoints(
    people, client, evening
):
    tournament, _event_row, couples = evening
    client.force_login(people.member)
    response = client.get(f"/tournaments/{tournament.pk}/duplicate/pairs/1/")
    assert response.status_code == 200
    html = response.content.decode()
    page = _text(html)
    assert "Pair 1: score card" in page
    assert _names(couples, 1) in page
    # 4 + 4 + 3.5 + 2 = 13.5 matchpoints of tops 4 × 4 = 16: 84.375 %, first of the North–South pairs.
    assert "Place 1 among the North–South pairs · 84.38% (13.50 matchpoints of 16)" in page
    five, eight, six = _names(couples, 5), _names(couples, 8), _names(couples, 6)
    assert _rows(_section(html, "round-1")) == [
        ["1", "1", "N–S", f"5 {five}", "4♠", "N", "K♥", "10", "420", "420", "4", "100%"],
        ["1", "2", "N–S", f"5 {five}", "4♥", "S", "2♣", "10", "620", "620", "4", "100%"],
        ["Round 1 (table 1)", "", "8", "100%"],
    ]
    assert _rows(_section(html, "round-2")) == [
        ["2", "3", "N–S", f"8 {eight}", "3NT", "N", "", "9", "400", "400", "3.50", "88%"],
        ["2", "4", "N–S", f"8 {eight}", "4♠", "N", "", "10", "620", "620", "2", "50%"],
        ["Round 2 (table 1)", "", "5.50", "69%"],
    ]
    # Round 3 (against pair 6 on boards 5–6) has no result yet: its boards are listed as such.
    assert _rows(_section(html, "round-3")) == [
        ["3", "5", "N–S", f"6 {six}", "no result yet"],
        ["3", "6", "N–S", f"6 {six}", "no result yet"],
        ["Round 3 (table 1)", "", "—", ""],
    ]
    assert "Total 13.50 84.38%" in page
    # Each board number leads to its traveller on the results page.
    assert f'href="/tournaments/{tournament.pk}/duplicate/#board-1"' in html
    assert f'href="/tournaments/{tournament.pk}/duplicate/#board-4"' in html


def test_the_score_card_of_an_east_west_pair_gives_its_own_score_from_its_side(people, client, evening):
    tournament, _event_row, couples = evening
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/duplicate/pairs/5/").content.decode()
    one, two, four = _names(couples, 1), _names(couples, 2), _names(couples, 4)
    # Pair 5 sat East–West against pair 1 on boards 1–2: North–South's 420 and 620 are −420 and
    # −620 to it, and the 0 matchpoints of the board's top of 4 each.
    assert _rows(_section(html, "round-1")) == [
        ["1", "1", "E–W", f"1 {one}", "4♠", "N", "K♥", "10", "420", "-420", "0", "0%"],
        ["1", "2", "E–W", f"1 {one}", "4♥", "S", "2♣", "10", "620", "-620", "0", "0%"],
        ["Round 1 (table 1)", "", "0", "0%"],
    ]
    # Round 2 at table 2 against pair 2 on boards 5–6: board 5 (North–South vulnerable) 2♥ by
    # South, 9 tricks here (140) and 8 at table 3 in round 1 (110): 0.5 to pair 5; board 6 (East–
    # West vulnerable) 1NT made at both (90): a tie, 2.
    assert _rows(_section(html, "round-2")) == [
        ["2", "5", "E–W", f"2 {two}", "2♥", "S", "", "9", "140", "-140", "0.50", "13%"],
        ["2", "6", "E–W", f"2 {two}", "1NT", "N", "", "7", "90", "-90", "2", "50%"],
        ["Round 2 (table 2)", "", "2.50", "31%"],
    ]
    assert [row[:4] for row in _rows(_section(html, "round-3"))[:2]] == [
        ["3", "3", "E–W", f"4 {four}"],
        ["3", "4", "E–W", f"4 {four}"],
    ]
    # 2.5 of 16: 15.625 %, shown to two places rounding the half up.
    assert "Place 4 among the East–West pairs · 15.63% (2.50 matchpoints of 16)" in _text(html)


def test_the_score_card_agrees_with_the_scoring(people, evening):
    """The card's figures are the event's own: every pair's earned matchpoints board by board."""
    tournament, _event_row, _couples = evening
    results = duplicate.score(tournament)
    assert {line.board: line.earned for line in results.card(1)} == {1: 4, 2: 4, 3: 3.5, 4: 2}
    assert {line.board: line.earned for line in results.card(4)} == {1: 2, 2: 0, 7: 0.5, 8: 2}
    assert {line.board: line.earned for line in results.card(3)} == {1: 0, 2: 2, 5: 0.5, 6: 2, 7: 3.5, 8: 2}


def test_the_results_ranking_links_each_pair_to_its_score_card(people, client, evening):
    tournament, _event_row, couples = evening
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/duplicate/").content.decode()
    for pair in range(1, 9):
        link = f'<a href="/tournaments/{tournament.pk}/duplicate/pairs/{pair}/">{_names(couples, pair)}</a>'
        assert link in html, pair


def test_the_movement_pages_guide_card_of_table_one_is_the_movements(people, client, evening):
    tournament, _event_row, _couples = evening
    client.force_login(people.member)
    response = client.get(f"/tournaments/{tournament.pk}/duplicate/movement/")
    assert response.status_code == 200
    html = response.content.decode()
    expected = []
    for s in table_card(mitchell(4), 1):
        first = next(iter(boards_of_set(s.boards, 2)))
        skip = " (skip)" if s.round == 3 else ""
        expected.append([f"{s.round}{skip}", str(s.ns), str(s.ew), f"{first}–{first + 1}"])
    assert expected == [["1", "1", "5", "1–2"], ["2", "1", "8", "3–4"], ["3 (skip)", "1", "6", "5–6"]]
    assert _rows(_section(html, "table-1")) == expected
    page = _text(html)
    assert skip_rounds(mitchell(4)) == [3]
    assert "Skip: before round 3 the East–West pairs move up two tables instead of one." in page
    assert "share their boards" not in page  # a Mitchell shares no boards
    assert "Movement and guide cards" in page  # the evening's navigation


def test_every_pairs_card_covers_every_round(people, client, evening):
    tournament, _event_row, couples = evening
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/duplicate/movement/").content.decode()
    movement = mitchell(4)
    for pair in range(1, 9):
        rows = _rows(_section(html, f"pair-{pair}"))
        assert [row[0] for row in rows] == ["1", "2", "3"], pair
        expected = []
        for line in pair_card(movement, pair):
            first = next(iter(boards_of_set(line.boards, 2)))
            direction = "N–S" if line.direction == "NS" else "E–W"
            opponents = f"{line.opponents} {_names(couples, line.opponents)}"
            expected.append([str(line.round), str(line.table), direction, opponents, f"{first}–{first + 1}"])
        assert rows == expected, pair
    assert _rows(_section(html, "pair-6"))[2] == ["3", "1", "E–W", f"1 {_names(couples, 1)}", "5–6"]


def test_a_relay_mitchell_notes_the_shared_boards_and_the_bye_stand(people, client):
    tournament, _event_row, _couples = _event(people, 8, boards_per_round=3, movement="mitchell_relay")
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/duplicate/movement/").content.decode()
    page = _text(html)
    assert "Tables 1, 4 share their boards in every round: pass each board on when it is played." in page
    # The boards' stations: tables 1 and 4 (sharing), table 2, the bye stand, table 3; in round r
    # station k holds set k + r, so the bye stand rests sets 3, 4, 1, 2.
    for round_number, boards in ((1, "7–9"), (2, "10–12"), (3, "1–3"), (4, "4–6")):
        note = f"Round {round_number}: boards {boards} rest on the bye stand between tables 2 and 3."
        assert note in page
    assert "Shares its boards with table 4." in _text(_section(html, "table-1"))
    assert "Shares its boards with table 1." in _text(_section(html, "table-4"))
    assert "Shares its boards" not in _text(_section(html, "table-2"))
    assert "Skip:" not in page


def test_a_withdrawn_pairs_card_says_after_which_round(people, client):
    tournament, _event_row, couples = _event(people, 8, boards_per_round=2)
    for number in range(1, 5):
        table = _table(tournament, 1, number)
        first = table.sitting.boards[0]
        _record(people, tournament, 1, number, [_made(first, "3NT", "N", 9), _made(first + 1, "2S", "S", 8)])
    duplicate.pair_withdraw(tournament=tournament, pair=6, after_round=1)
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/duplicate/pairs/6/").content.decode()
    page = _text(html)
    assert "This pair withdrew after round 1." in page
    # Pair 6 played round 1 at table 2 against pair 2 (boards 3–4); rounds 2 and 3 not.
    assert [row[:4] for row in _rows(_section(html, "round-1"))[:2]] == [
        ["1", "3", "E–W", f"2 {_names(couples, 2)}"],
        ["1", "4", "E–W", f"2 {_names(couples, 2)}"],
    ]
    assert _rows(_section(html, "round-2")) == [["2", "not played: the pair had withdrawn"]]
    assert _rows(_section(html, "round-3")) == [["3", "not played: the pair had withdrawn"]]
    # Its round-2 opponents (pair 3, table 3) are told why they did not play.
    html = client.get(f"/tournaments/{tournament.pk}/duplicate/pairs/3/").content.decode()
    assert _rows(_section(html, "round-2")) == [["2", "not played: pair 6 had withdrawn"]]
    # The movement sheet still has its card, marked.
    html = client.get(f"/tournaments/{tournament.pk}/duplicate/movement/").content.decode()
    assert "(withdrew after round 1)" in _text(_section(html, "pair-6"))


def test_an_imp_event_card_shows_imps_and_no_percentage(people, client):
    tournament, _event_row, _couples = _event(people, 6, boards_per_round=1, scoring="cross_imps")
    # Board 1 of three tables (nobody vulnerable): 420 at the first table to play it, −50 at the second.
    played = [_made(1, "4S", "N", 10), _made(1, "4S", "N", 9)]
    for table in Table.objects.filter(round__tournament=tournament, sitting__board_set=1).order_by(
        "round__number"
    )[:2]:
        services.table_game_upload(table=table, content=_log(table, [played.pop(0)]), user=people.scorer)
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/duplicate/pairs/1/").content.decode()
    page = _text(html)
    # 420 against −50: 470 points, 10 IMPs, over one comparison.
    assert "Place 1 among the North–South pairs · 10 IMPs" in page
    assert "Share of top" not in page
    assert _rows(_section(html, "round-1"))[0][-2:] == ["420", "10"]


@pytest.mark.parametrize(
    "path", ["duplicate/pairs/1/", "duplicate/movement/"], ids=["score-card", "movement"]
)
def test_the_cards_of_a_tournament_that_is_not_a_duplicate_event_are_not_found(
    people, client, tournament, path
):
    client.force_login(people.member)
    assert client.get(f"/tournaments/{tournament.pk}/{path}").status_code == 404


@pytest.mark.parametrize("number", [0, 9], ids=["pair-0", "pair-9"])
def test_the_score_card_of_a_pair_the_event_does_not_have_is_not_found(people, client, number):
    tournament, _event_row, _couples = _event(people, 8, boards_per_round=2)
    client.force_login(people.member)
    assert client.get(f"/tournaments/{tournament.pk}/duplicate/pairs/{number}/").status_code == 404


@pytest.mark.parametrize(
    "path", ["duplicate/pairs/1/", "duplicate/movement/"], ids=["score-card", "movement"]
)
def test_an_unpublished_events_cards_are_not_found_by_a_member_of_another_club(people, client, path):
    tournament, _event_row, _couples = _event(people, 8, boards_per_round=2)
    client.force_login(people.outsider)
    assert client.get(f"/tournaments/{tournament.pk}/{path}").status_code == 404
    client.logout()
    assert client.get(f"/tournaments/{tournament.pk}/{path}").status_code == 404
    client.force_login(people.member)
    assert client.get(f"/tournaments/{tournament.pk}/{path}").status_code == 200


# --- on a phone and on paper -------------------------------------------------------------------

#: What reaches past the window's right edge, outside a box that scrolls sideways itself.
OVERFLOW = """() => {
  const width = window.innerWidth, wide = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.parentElement && el.parentElement.closest(".table-scroll")) continue;
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 1) wide.push(`${el.tagName}.${el.className}`);
  }
  return [document.documentElement.scrollWidth, wide];
}"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_cards_fit_a_phone_and_print_several_guide_cards_to_a_page(people, evening, live_server, page):
    from django.test import Client

    tournament, _event_row, _couples = evening
    client = Client()
    client.force_login(people.member)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("duplicate/pairs/1/", "duplicate/movement/"):
        response = page.goto(f"{live_server.url}/tournaments/{tournament.pk}/{path}")
        assert response.status == 200
        assert page.evaluate(OVERFLOW) == [390, []], path
    # One column of guide cards on the phone: every card starts at the same left edge.
    lefts = page.evaluate("() => [...document.querySelectorAll('.guide-card')].map(c => c.offsetLeft)")
    assert len(lefts) == 4 + 8
    assert len(set(lefts)) == 1
    # Each card's own table fits it: nothing to scroll sideways inside a guide card.
    assert (
        page.evaluate(
            "() => [...document.querySelectorAll('.guide-card .table-scroll')].map(t => t.scrollWidth - t.clientWidth)"
        )
        == [0] * 12
    )
    # On paper: two cards a row, none split across two pages.
    page.emulate_media(media="print")
    columns = page.evaluate(
        "() => getComputedStyle(document.querySelector('.guide-cards')).gridTemplateColumns.split(' ').length"
    )
    assert columns == 2
    breaks = page.evaluate(
        "() => [...new Set([...document.querySelectorAll('.guide-card')].map(c => getComputedStyle(c).breakInside))]"
    )
    assert breaks == ["avoid"]
    assert page.evaluate("() => getComputedStyle(document.querySelector('.duplicate-nav')).display") == "none"
