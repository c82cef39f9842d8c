"""A table's traveller at a duplicate bridge event, entered board by board (issue 22): each save is
the table's one bridge-duplicate log with the hand record's hands, recorded as the game and then
as its next revisions; a lead the leader was not dealt is refused at its board."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, GameRevision, Player, RevisionSource, Upload
from rules.bridge.boards import deal_board
from rules.cards import NAME, cards_of
from rules.duplicate.matchpoints import Adjusted, Played
from tournaments import duplicate, services
from tournaments.models import Table

pytestmark = pytest.mark.django_db

SEED = "test-seed"
NAMES = [f"Игрок {n}" for n in range(1, 17)]
N, E, S, W = range(4)


def _event(people, pairs: int = 6, names: list[str] = NAMES, **options):
    tournament = services.tournament_create(
        club=people.club, name="Парный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=names[i]) for i in range(2 * pairs)]
    couples = [(players[2 * i], players[2 * i + 1]) for i in range(pairs)]
    duplicate.setup(tournament=tournament, pairs=couples, deal_seed=SEED, **options)
    return tournament


def _table(tournament, round_number: int = 1, number: int = 1) -> Table:
    return Table.objects.get(round__tournament=tournament, round__number=round_number, number=number)


def _url(table: Table) -> str:
    return reverse("table-traveller-entry", args=[table.round.tournament_id, table.pk])


def _card_of(board: int, seat: int, index: int = 0) -> str:
    """A card ``seat`` was dealt on ``board`` (of the event's hand record), e.g. ``"7S"``."""
    return NAME[cards_of(deal_board(SEED, board).hands[seat])[index]]


def _played(board: int, contract: str, declarer: str, tricks: int, lead: str | None, revision=None) -> dict:
    body = contract.rstrip("X")
    data = {
        "board": board,
        f"b{board}-kind": "played",
        f"b{board}-level": body[0],
        f"b{board}-strain": body[1:],
        f"b{board}-doubling": contract[len(body) :],
        f"b{board}-declarer": declarer,
        f"b{board}-tricks": str(tricks),
    }
    if lead:
        data.update({f"b{board}-lead_rank": lead[:-1], f"b{board}-lead_suit": lead[-1]})
    if revision is not None:
        data[f"b{board}-revision"] = str(revision)
    return data


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def event(people):
    tournament = _event(people, boards_per_round=2)
    table = _table(tournament)
    assert (table.sitting.ns, table.sitting.ew, table.sitting.boards) == (1, 4, [1, 2])
    return tournament, table


def test_two_boards_saved_one_after_the_other_are_one_game_of_two_revisions(people, event):
    """Board 1 (nobody vulnerable): 4♠ by North making 10 is 420 (4 × 30 + 300 for the game,
    Law 77). Board 2 (North–South vulnerable): the same is 620 (120 + 500)."""
    tournament, table = event
    client = _client(people.scorer)
    lead_1 = _card_of(1, E)  # East leads against North
    answer = client.post(_url(table), _played(1, "4S", "N", 10, lead_1))
    assert answer.status_code == 302
    assert answer["Location"] == _url(table) + "#board-1"
    table.refresh_from_db()
    game = table.game
    assert game is not None
    assert game.current_report.report["boards"][0]["ns_score"] == 420
    assert GameRevision.objects.filter(game=game).count() == 1
    assert Upload.objects.get(game=game).source == Upload.Source.SHEET

    # The page reopens with board 1 as recorded: its choices selected, its score shown.
    page = client.get(_url(table)).content.decode()
    assert 'data-ns-score="420"' in page
    assert '<option value="4" selected>4</option>' in page
    assert f'<option value="{lead_1[-1]}" selected>' in page

    lead_2 = _card_of(2, E, 5)
    answer = client.post(_url(table), _played(2, "4S", "N", 10, lead_2, revision=1))
    assert answer.status_code == 302
    table.refresh_from_db()
    assert table.game_id == game.pk
    assert Game.objects.filter(club=people.club, game_type="bridge-duplicate").count() == 1
    revisions = list(GameRevision.objects.filter(game=game).order_by("number"))
    assert [r.number for r in revisions] == [1, 2]
    assert revisions[1].source == RevisionSource.SHEET
    assert revisions[1].parent_id == revisions[0].pk
    # Revision 1 is kept as it was: only board 1.
    assert [b["board"] for b in json.loads(bytes(revisions[0].content))["boards"]] == [1]
    log = json.loads(bytes(revisions[1].content))
    assert (log["round"], log["table"], log["pairs"]) == (1, 1, {"ns": 1, "ew": 4})
    assert [b["board"] for b in log["boards"]] == [1, 2]
    board_1 = log["boards"][0]
    assert board_1["contract"] == "4S"
    assert board_1["declarer"] == "N"
    assert board_1["result"] == 10
    assert board_1["lead"] == lead_1
    dealt = deal_board(SEED, 1).hands
    assert board_1["hands"] == {seat: [NAME[c] for c in cards_of(dealt[i])] for i, seat in enumerate("NESW")}
    game.refresh_from_db()
    report = game.current_report.report
    assert [(b["board"], b["ns_score"]) for b in report["boards"]] == [(1, 420), (2, 620)]
    assert report["totals"] == [1040, -1040]
    assert report["findings"] == []
    page = client.get(_url(table)).content.decode()
    assert 'data-ns-score="420"' in page
    assert 'data-ns-score="620"' in page

    # The event's scoring sees the table's results.
    scored = duplicate.score(tournament)
    assert scored.lines[1][(1, 4)]["ns_score"] == 420
    assert scored.lines[2][(1, 4)]["ns_score"] == 620
    assert set(scored.scores[1].by_board) == {1, 2}


def test_a_doubled_contract_down_and_an_east_west_declarer(people, event):
    """Board 2, North–South vulnerable, East–West not: 3NT× by East two down is 300 to
    North–South (doubled, not vulnerable: 100 for the first undertrick, 200 for the second)."""
    _tournament, table = event
    client = _client(people.organiser)
    answer = client.post(_url(table), _played(2, "3NTX", "E", 7, _card_of(2, S)))
    assert answer.status_code == 302
    table.refresh_from_db()
    (row,) = table.game.current_report.report["boards"]
    assert (row["contract"], row["declarer"], row["tricks"], row["ns_score"]) == ("3NTX", "E", 7, 300)
    page = _client(people.organiser).get(_url(table)).content.decode()
    assert "−300" not in page
    assert 'data-ns-score="300"' in page


def test_a_lead_not_in_the_leaders_hand_is_refused_at_its_board_and_nothing_is_recorded(people, event):
    _tournament, table = event
    client = _client(people.scorer)
    wrong = _card_of(1, N)  # North's own card: East, on lead, was not dealt it
    answer = client.post(_url(table), _played(1, "4S", "N", 10, wrong))
    assert answer.status_code == 400
    table.refresh_from_db()
    assert table.game_id is None
    assert not Upload.objects.filter(club=people.club).exists()
    page = answer.content.decode()
    east = NAMES[6]  # pair 4's first player sits East
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[wrong[-1]]
    rank = {"T": "10"}.get(wrong[0], wrong[0])
    text = f"board 1: the traveller has {rank}{symbol} led, but {east} was not dealt {rank}{symbol}"
    assert f'<p class="error" data-board-error="1">{text}</p>' in page
    assert f'<a href="#board-1">{text}</a>' in page  # the sentence names its board
    # What was typed is kept in the form, to correct on the spot.
    assert f'<option value="{wrong[-1]}" selected>' in page


def test_the_refusal_is_said_in_the_readers_language(people, event):
    _tournament, table = event
    client = _client(people.scorer)
    wrong = _card_of(1, S, 3)
    answer = client.post(_url(table), _played(1, "4S", "N", 10, wrong), HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 400
    assert "сдача 1: в протоколе первый ход" in answer.content.decode()
    table.refresh_from_db()
    assert table.game_id is None


def test_a_bad_lead_on_a_later_board_leaves_the_recorded_game_as_it_was(people, event):
    _tournament, table = event
    client = _client(people.scorer)
    assert client.post(_url(table), _played(1, "4S", "N", 10, _card_of(1, E))).status_code == 302
    answer = client.post(_url(table), _played(2, "2H", "S", 8, _card_of(2, N), revision=1))
    assert answer.status_code == 400
    assert 'data-board-error="2"' in answer.content.decode()
    table.refresh_from_db()
    assert GameRevision.objects.filter(game=table.game).count() == 1


def test_a_board_passed_out_and_a_board_adjusted(people, event):
    tournament, table = event
    client = _client(people.scorer)
    answer = client.post(_url(table), {"board": 1, "b1-kind": "passed", "b1-level": "4", "b1-strain": "S"})
    assert answer.status_code == 302
    answer = client.post(_url(table), {"board": 2, "b2-kind": "adjusted", "b2-adjusted": "60-40"})
    assert answer.status_code == 302
    table.refresh_from_db()
    log = json.loads(bytes(table.game.current_revision.content))
    assert [{k: v for k, v in b.items() if k != "hands"} for b in log["boards"]] == [
        {"board": 1, "contract": "Pass"},
        {"board": 2, "adjusted": {"ns": 60, "ew": 40}},
    ]
    rows = table.game.current_report.report["boards"]
    assert (rows[0]["contract"], rows[0]["ns_score"]) == (None, 0)
    assert (rows[1]["adjusted"], rows[1]["ns_score"]) == ({"ns": 60, "ew": 40}, None)
    scored = duplicate.score(tournament)
    results = {t.board: t.rows for t in scored.travellers}
    assert results[1][0][0].result == Played(0)
    assert results[2][0][0].result == Adjusted(60, 40)
    page = client.get(_url(table)).content.decode()
    assert '<input type="radio" name="b1-kind" value="passed" id="id_b1-kind_1" required checked>' in page
    assert '<input type="radio" name="b2-kind" value="adjusted" id="id_b2-kind_2" required checked>' in page
    assert "adjusted score: North–South 60%, East–West 40%" in page


def test_a_played_board_needs_its_contract_declarer_and_tricks(people, event):
    _tournament, table = event
    client = _client(people.scorer)
    answer = client.post(_url(table), {"board": 1, "b1-kind": "played", "b1-level": "3", "b1-lead_suit": "H"})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert page.count("This field is required.") == 3  # strain, declarer, tricks
    assert "Give the lead&#x27;s suit and its rank, or neither." in page
    assert '<a href="#board-1">Board 1: Please correct the errors below.</a>' in page
    table.refresh_from_db()
    assert table.game_id is None


def test_saving_a_board_unchanged_makes_no_revision(people, event):
    _tournament, table = event
    client = _client(people.scorer)
    data = _played(1, "3NT", "S", 9, _card_of(1, W))
    assert client.post(_url(table), data).status_code == 302
    answer = client.post(_url(table), {**data, "b1-revision": "1"}, follow=True)
    assert "Board 1 is as recorded: nothing changed." in answer.content.decode()
    table.refresh_from_db()
    assert GameRevision.objects.filter(game=table.game).count() == 1


def test_a_save_from_a_page_older_than_the_game_is_refused(people, event):
    """Two phones at one table: the second save made from a page read before the first is
    refused, not written over it."""
    _tournament, table = event
    client = _client(people.scorer)
    assert client.post(_url(table), _played(1, "3NT", "S", 9, _card_of(1, W))).status_code == 302
    assert client.post(_url(table), _played(1, "3NT", "S", 10, _card_of(1, W), revision=1)).status_code == 302
    answer = client.post(_url(table), _played(2, "1NT", "N", 7, _card_of(2, E), revision=1))
    assert answer.status_code == 400
    assert "the game was corrected meanwhile" in answer.content.decode()
    table.refresh_from_db()
    assert GameRevision.objects.filter(game=table.game).count() == 2


def test_a_board_this_table_does_not_play_is_refused(people, event):
    _tournament, table = event
    answer = _client(people.scorer).post(_url(table), _played(5, "3NT", "S", 9, None))
    assert answer.status_code == 400
    assert "This table does not play that board in this round." in answer.content.decode()


def test_the_page_shows_the_round_the_pairs_and_the_boards(people, event):
    _tournament, table = event
    answer = _client(people.scorer).get(_url(table))
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "Traveller: round 1, table 1" in page
    assert f"pair 1: {NAMES[0]} – {NAMES[1]}" in page
    assert f"pair 4: {NAMES[6]} – {NAMES[7]}" in page
    assert 'id="board-1"' in page
    assert 'id="board-2"' in page
    assert f'<option value="N">North — {NAMES[0]}</option>' in page
    assert f'<option value="E">East — {NAMES[6]}</option>' in page
    assert "dealer North · nobody vulnerable" in page
    assert "dealer East · North–South vulnerable" in page
    assert '<option value="NT">NT</option>' in page
    assert '<option value="S">♠</option>' in page
    assert "KH" not in page


def test_the_round_page_links_each_table_to_its_traveller(people, event):
    tournament, table = event
    page = _client(people.scorer).get(reverse("round-manage", args=[tournament.pk, 1])).content.decode()
    assert f'href="{_url(table)}"' in page


@pytest.mark.parametrize(
    ("role", "status"),
    [
        pytest.param("anonymous", 302, id="anonymous-signs-in"),
        pytest.param("member", 403, id="member-forbidden"),
        pytest.param("outsider", 404, id="outsider-sees-nothing"),
        pytest.param("scorer", 200, id="scorer"),
        pytest.param("organiser", 200, id="organiser"),
        pytest.param("superuser", 200, id="superuser"),
    ],
)
def test_who_may_enter_a_traveller(people, event, role, status):
    _tournament, table = event
    client = Client() if role == "anonymous" else _client(getattr(people, role))
    answer = client.get(_url(table))
    assert answer.status_code == status
    if role == "anonymous":
        assert answer["Location"] == f"{reverse('login')}?next={_url(table)}"
    if status != 200:
        answer = client.post(_url(table), _played(1, "3NT", "S", 9, _card_of(1, W)))
        assert answer.status_code == status
        table.refresh_from_db()
        assert table.game_id is None


def test_a_table_of_another_tournament_is_not_found(people, event):
    tournament, _table_row = event
    other = _event(people, names=[f"Гость {n}" for n in range(1, 13)], boards_per_round=2)
    answer = _client(people.scorer).get(
        reverse("table-traveller-entry", args=[tournament.pk, _table(other).pk])
    )
    assert answer.status_code == 404


def test_a_tournament_that_is_not_a_duplicate_event_has_no_traveller(people):
    tournament = services.tournament_create(club=people.club, name="Кубок", user=people.organiser, seed=3)
    for n in range(4):
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=f"P{n}")
        )
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    answer = _client(people.scorer).get(
        reverse("table-traveller-entry", args=[tournament.pk, round_.tables.get().pk])
    )
    assert answer.status_code == 404


def test_a_board_not_played_after_all_is_cleared_as_a_new_revision(people, event):
    """The table entered board 2 and then learnt it was not played there: clearing it writes a
    revision without it (the first revisions kept), and the field scores the board without
    this table; the only board left cannot be cleared (a log has one board or more)."""
    tournament, table = event
    client = _client(people.scorer)
    client.post(_url(table), _played(1, "4S", "N", 10, None))
    client.post(_url(table), _played(2, "3NT", "S", 9, None, revision=1))
    table.refresh_from_db()
    assert [row["board"] for row in table.game.current_report.report["boards"]] == [1, 2]
    page = client.get(_url(table)).content.decode()
    assert "Clear board 2: not played at this table" in page

    answer = client.post(_url(table), {"board": "2", "action": "clear", "revision": "2"})
    assert answer.status_code == 302
    assert answer["Location"] == _url(table) + "#board-2"
    table.refresh_from_db()
    game = table.game
    assert [row["board"] for row in game.current_report.report["boards"]] == [1]
    revisions = list(GameRevision.objects.filter(game=game).order_by("number"))
    assert [r.number for r in revisions] == [1, 2, 3]
    assert revisions[-1].reason == "traveller: board 2 cleared"
    assert [b["board"] for b in json.loads(bytes(revisions[1].content))["boards"]] == [1, 2]
    results = duplicate.score(tournament)
    assert all(
        (row.ns, row.ew) != (table.sitting.ns, table.sitting.ew)
        for t in results.travellers
        if t.board == 2
        for row, _ns, _ew in t.rows
    )

    refused = client.post(_url(table), {"board": "1", "action": "clear", "revision": "3"})
    assert refused.status_code == 400
    assert "only recorded board cannot be cleared" in refused.content.decode()
    assert GameRevision.objects.filter(game=game).count() == 3
    # A stale revision is refused, not written over a newer one.
    client.post(_url(table), _played(2, "3NT", "S", 9, None, revision=3))
    stale = client.post(_url(table), {"board": "2", "action": "clear", "revision": "3"})
    assert stale.status_code == 400
    assert GameRevision.objects.filter(game=game).count() == 4


def test_only_a_scorer_clears_a_board(people, event):
    _tournament, table = event
    _client(people.scorer).post(_url(table), _played(1, "4S", "N", 10, None))
    _client(people.scorer).post(_url(table), _played(2, "4S", "N", 10, None, revision=1))
    answer = _client(people.member).post(_url(table), {"board": "2", "action": "clear", "revision": "2"})
    assert answer.status_code == 403
    table.refresh_from_db()
    assert GameRevision.objects.filter(game=table.game).count() == 2
