"""The hand record of a duplicate event (issue 22): each board's hands at their seats, its
double-dummy table and par as the solver gives them, the PBN file that reads back to the same
deals, and who may see the cards while the evening is played."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from games.models import DealEstimate, Player
from rules.bridge import analysis, analytics
from rules.bridge.boards import deal_board, hand_text
from rules.bridge.core import SEATS
from rules.bridge.document import VULNERABLE_WORD
from rules.bridge.pbn_duplicate import read_hand_record
from rules.bridge_duplicate import analytics as duplicate_analytics
from tournaments import duplicate, services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

SEED = "hand-record-seed"
NAMES = [f"Игрок {n}" for n in range(1, 13)]
#: The page's double-dummy table: rows N, S, E, W; columns NT, S, H, D, C.
DD_SEATS = "NSEW"
STRAINS = ("NT", "S", "H", "D", "C")
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _event(people, pairs: int = 6, **options):
    """Six pairs: a three-table Mitchell of three rounds, one board a round (boards 1–3); the
    tournament is running once set up, and published so that anyone may read it."""
    tournament = services.tournament_create(
        club=people.club, name="Парный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=NAMES[i]) for i in range(2 * pairs)]
    couples = [(players[2 * i], players[2 * i + 1]) for i in range(pairs)]
    event = duplicate.setup(
        tournament=tournament, pairs=couples, deal_seed=SEED, boards_per_round=1, **options
    )
    return tournament, event


def _finish(tournament: Tournament) -> None:
    services.tournament_set_status(tournament=tournament, status=Tournament.Status.FINISHED)


def _client(people, role: str) -> Client:
    client = Client()
    if role != "anonymous":
        client.force_login(getattr(people, role))
    return client


def _page(tournament: Tournament) -> str:
    return f"/tournaments/{tournament.pk}/duplicate/hand-record/"


def _pbn(tournament: Tournament) -> str:
    return f"/tournaments/{tournament.pk}/duplicate/hand-record.pbn"


class _Board(HTMLParser):
    """One board of the page: the cards (their aria-labels) of each seat's hand, and the rows of
    its double-dummy table."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number
        self.depth = 0  # inside the board's section: its element depth
        self.seat: str | None = None
        self.hands: dict[str, list[str]] = {}
        self.table: list[list[str]] = []
        self.in_dd = False
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "section" and attributes.get("id") == f"board-{self.number}":
            self.depth = 1
            return
        if not self.depth:
            return
        if tag == "div" and "compass-hand" in classes:
            self.seat = next(c[5:] for c in classes if c.startswith("seat-"))
            self.hands[self.seat] = []
        if tag == "span" and "card" in classes and self.seat:
            self.hands[self.seat].append(attributes["aria-label"])
        if tag == "table" and "dd-table" in classes:
            self.in_dd = True
        if self.in_dd and tag == "tr":
            self.table.append([])
        if self.in_dd and tag in ("td", "th"):
            self.cell = []
        if tag == "section":
            self.depth += 1

    def handle_endtag(self, tag):
        if not self.depth:
            return
        if tag == "ul":
            self.seat = None
        if tag == "table":
            self.in_dd = False
        if tag in ("td", "th") and self.cell is not None:
            self.table[-1].append("".join(self.cell).strip())
            self.cell = None
        if tag == "section":
            self.depth -= 1

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def _board_of(html: str, number: int) -> _Board:
    parsed = _Board(number)
    parsed.feed(html)
    return parsed


def _cards(mask: int) -> list[str]:
    """A hand's cards as the page labels them in English, from hand_text: ``A♠``, ``10♥``."""
    out = []
    for suit, ranks in zip("SHDC", hand_text(mask).split("."), strict=True):
        out.extend(f"{'10' if r == 'T' else r}{SYMBOLS[suit]}" for r in ranks)
    return out


def test_the_page_shows_every_board_with_each_hand_at_its_seat(people):
    tournament, event = _event(people)
    _finish(tournament)
    response = _client(people, "member").get(_page(tournament))
    assert response.status_code == 200
    html = response.content.decode()
    assert [b.number for b in duplicate.hand_record(event)] == [1, 2, 3]
    for number in (1, 2, 3):
        board = deal_board(SEED, number)
        shown = _board_of(html, number)
        assert shown.hands == {seat: _cards(board.hands[i]) for i, seat in enumerate("NESW")}
    # Board 2: East deals, North–South vulnerable (Law 2).
    section = html[html.index('id="board-2"') : html.index('id="board-3"')]
    assert '<dd class="fact-dealer">East</dd>' in section
    assert '<dd class="fact-vulnerable">North–South</dd>' in section
    assert '<span class="badge">dealer</span>' in section[section.index("seat-E") :][:300]
    # The nav links the page, and the page links its file.
    assert f'href="{_page(tournament)}"' in html
    assert f'href="{_pbn(tournament)}"' in html


def test_a_russian_reader_sees_russian_ranks_and_seats(people):
    tournament, _event_row = _event(people)
    _finish(tournament)
    client = _client(people, "member")
    client.cookies["django_language"] = "ru"
    html = client.get(_page(tournament)).content.decode()
    board = deal_board(SEED, 1)
    north = _board_of(html, 1).hands["N"]
    faces = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10"}
    expected = [
        f"{faces.get(r, r)}{SYMBOLS[suit]}"
        for suit, ranks in zip("SHDC", hand_text(board.hands[0]).split("."), strict=True)
        for r in ranks
    ]
    assert north == expected
    assert "Север" in html
    assert "БК" in html


def test_the_double_dummy_table_and_the_par_are_the_solvers(people):
    tournament, _event_row = _event(people)
    _finish(tournament)
    html = _client(people, "member").get(_page(tournament)).content.decode()
    for number in (1, 2, 3):
        board = deal_board(SEED, number)
        makeable = analysis.makeable(board.hands)
        assert makeable is not None
        rows = _board_of(html, number).table
        assert rows[0][1:] == ["NT", "♠", "♥", "♦", "♣"]
        assert rows[1:] == [
            [{"N": "North", "S": "South", "E": "East", "W": "West"}[seat]]
            + [str(makeable[strain][seat]) for strain in STRAINS]
            for seat in DD_SEATS
        ]
        solved = analytics.solve(board.hands, board.dealer, board.vulnerable)
        assert solved is not None
        _, par, contracts = solved
        section = html[html.index(f'id="board-{number}"') :]
        score = re.search(r'<span class="par-score">(.*?)</span>', section).group(1)
        if par > 0:
            assert score == f"{par} to North–South"
        elif par < 0:
            assert score == f"{-par} to East–West"
        else:
            assert score == "0"
        shown = re.search(r'<span class="par-contracts">(.*?)</span></p>', section).group(1)
        first = contracts.split(", ")[0].split()
        level, strain = first[0][0], first[0][1:].rstrip("X")
        assert f"{level}{SYMBOLS.get(strain, strain)}" in shown


def test_board_one_par_in_figures(people):
    """The figures of board 1 of this seed, as DDS gives them, written out: a check that the
    page is not merely consistent with itself."""
    tournament, _event_row = _event(people)
    _finish(tournament)
    html = _client(people, "member").get(_page(tournament)).content.decode()
    board = deal_board(SEED, 1)
    assert [hand_text(h) for h in board.hands] == [
        "AJ9.QT.AQ73.J843",
        "Q8.AJ7542.96.A92",
        "K632.83.KJ42.QT7",
        "T754.K96.T85.K65",
    ]
    # North–South make 3♦ (110, nobody vulnerable); East–West's 3♥ doubled, one down, costs 100.
    assert _board_of(html, 1).table[1:] == [
        ["North", "5", "8", "4", "9", "8"],
        ["South", "5", "8", "4", "9", "8"],
        ["East", "6", "5", "8", "4", "4"],
        ["West", "6", "5", "8", "4", "4"],
    ]
    section = html[html.index('id="board-1"') : html.index('id="board-2"')]
    par = re.search(r'<p class="hand-record-par">(.*?)</p>', section, re.S).group(1)
    assert re.sub(r"<[^>]+>|\s+", " ", par).split() == [
        *("Par:", "100", "to", "North–South", "·"),
        *("3♥×", "E", "−1", ",", "3♥×", "W", "−1"),
    ]


def test_a_reload_reads_the_solved_boards_from_the_cache(people, local_caches, monkeypatch):
    tournament, _event_row = _event(people)
    _finish(tournament)
    client = _client(people, "member")
    first = client.get(_page(tournament)).content.decode()

    def no_solving(*args, **kwargs):
        raise AssertionError("a board was solved again")

    monkeypatch.setattr(analytics, "solve_memo", no_solving)
    again = client.get(_page(tournament))
    assert again.status_code == 200
    for number in (1, 2, 3):
        assert _board_of(again.content.decode(), number).table == _board_of(first, number).table
    assert client.get(_pbn(tournament)).status_code == 200  # the file reads the same cache


def test_the_pbn_file_reads_back_to_the_same_deals(people):
    tournament, event = _event(people)
    _finish(tournament)
    response = _client(people, "member").get(_pbn(tournament))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="{tournament.slug}-hand-record.pbn"'
    assert tournament.slug.isascii()
    boards = read_hand_record(response.content)
    assert [(b.number, b.hands, b.dealer, b.vulnerable) for b in boards] == [
        (b.number, b.hands, b.dealer, b.vulnerable) for b in duplicate.hand_record(event)
    ]
    assert all(b.law_dealer and b.law_vulnerable for b in boards)
    text = response.content.decode("utf-8")
    assert text.startswith("% PBN 2.1")
    assert '[Event "Парный вечер"]' in text
    assert '[Site "Клуб «Козырь»"]' in text
    board = deal_board(SEED, 1)
    makeable, par, _ = analytics.solve(board.hands, board.dealer, board.vulnerable)
    digits = "".join(format(makeable[s][seat], "x") for seat in DD_SEATS for s in STRAINS)
    first = text[: text.index('[Board "2"]')]
    assert f'[DoubleDummyTricks "{digits}"]' in first
    assert f'[OptimumScore "NS {par}"]' in first


# status, published -> anonymous, member, scorer, organiser, outsider, superuser
ACCESS = [
    ("running-private", False, False, (404, 403, 403, 200, 404, 200)),
    ("running-published", False, True, (403, 403, 403, 200, 403, 200)),
    ("finished-private", True, False, (404, 200, 200, 200, 404, 200)),
    ("finished-published", True, True, (200, 200, 200, 200, 200, 200)),
]
ROLES = ("anonymous", "member", "scorer", "organiser", "outsider", "superuser")


@pytest.mark.parametrize("url", [_page, _pbn], ids=["page", "pbn"])
@pytest.mark.parametrize(
    ("finished", "published", "expect"), [a[1:] for a in ACCESS], ids=[a[0] for a in ACCESS]
)
def test_who_sees_the_cards(people, url, finished, published, expect):
    """Until the tournament is finished only the club's organisers (and a superuser) see the
    cards; the others who may read the tournament are told so (403), the rest get 404."""
    tournament, _event_row = _event(people)
    if finished:
        _finish(tournament)
    services.tournament_publish(tournament=tournament, published=published)
    got = tuple(_client(people, role).get(url(tournament)).status_code for role in ROLES)
    assert dict(zip(ROLES, got, strict=True)) == dict(zip(ROLES, expect, strict=True))


def test_the_closed_page_says_when_the_hand_record_is_published(people):
    tournament, _event_row = _event(people)
    services.tournament_publish(tournament=tournament, published=True)
    response = _client(people, "member").get(_page(tournament))
    assert response.status_code == 403
    html = response.content.decode()
    assert "The hand record is published when the tournament is finished" in html
    assert 'class="compass' not in html
    assert "♠" not in html
    anonymous = Client().get(_pbn(tournament))
    assert anonymous.status_code == 403
    assert "sign in and try again" in anonymous.content.decode()
    organiser = _client(people, "organiser").get(_page(tournament)).content.decode()
    assert "Not public yet: until the tournament is finished" in organiser


@pytest.mark.parametrize("url", [_page, _pbn], ids=["page", "pbn"])
def test_a_tournament_that_is_no_duplicate_event_has_no_hand_record(people, url):
    tournament = services.tournament_create(
        club=people.club, name="Роббер", user=people.organiser, game_type="bridge-rubber"
    )
    assert _client(people, "organiser").get(url(tournament)).status_code == 404
    assert _client(people, "superuser").get(url(tournament)).status_code == 404


def test_without_the_solver_the_hands_are_shown_alone(people, local_caches, monkeypatch):
    tournament, event = _event(people)
    _finish(tournament)
    monkeypatch.setattr(analytics, "solve_memo", lambda *args: None)
    monkeypatch.setattr(analytics, "available", lambda: False)
    client = _client(people, "member")
    html = client.get(_page(tournament)).content.decode()
    board = deal_board(SEED, 3)
    assert _board_of(html, 3).hands["S"] == _cards(board.hands[2])
    assert 'class="dd-table"' not in html
    assert "The double-dummy table and the par need the solver" in html
    text = client.get(_pbn(tournament)).content.decode()
    assert "DoubleDummyTricks" not in text
    assert [b.hands for b in read_hand_record(text)] == [b.hands for b in duplicate.hand_record(event)]


def test_the_boards_the_tables_analyses_solved_are_not_solved_again(people, local_caches, monkeypatch):
    """The analysis of a table's boards keeps each solved board by its hands
    (rules.bridge_duplicate.analytics.board_key); the page reads them there (here a stored
    answer of seven tricks everywhere, par "pass") instead of asking the solver."""
    tournament, event = _event(people)
    _finish(tournament)
    sevens = {strain: dict.fromkeys("NESW", 7) for strain in ("C", "D", "H", "S", "NT")}
    for board in duplicate.hand_record(event):
        key = duplicate_analytics.board_key(
            tuple(board.hands), SEATS[board.dealer], VULNERABLE_WORD[board.vulnerable]
        )
        DealEstimate.objects.create(key=key, game_type="bridge-duplicate", estimates=[sevens, 0, "pass"])

    def no_solving(*args, **kwargs):
        raise AssertionError("a board was solved again")

    monkeypatch.setattr(analytics, "solve_memo", no_solving)
    html = _client(people, "member").get(_page(tournament)).content.decode()
    for number in (1, 2, 3):
        rows = _board_of(html, number).table[1:]
        assert [cell for row in rows for cell in row[1:]] == ["7"] * 20
