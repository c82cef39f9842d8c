"""The hand record of a duplicate event (issue 22): every board's four hands, its dealer and
vulnerability, the double-dummy table and the par, as a page that prints four boards to an
A4 sheet, and as a PBN 2.1 hand-record file for a dealing machine or a scoring program.

Who reads it. The page is readable as the event's results are (``readable_tournament``: the
tournament published, or the reader of its club; 404 otherwise, and 404 for a tournament that
is not a duplicate event). The cards are the evening's secret while it is played, so until
the tournament is finished (``Tournament.Status.FINISHED``) only those who may manage the
club (games.permissions.can_manage_club: its organisers, who deal the boards before the
session) see the hand record or download its file; any other reader gets a 403 page saying,
in the reader's language, that the hand record is published when the tournament is finished.
A club publishes its hand records after the session: once finished, every reader of the
results reads them too. The rule is the tournament's status, not the clock, so a finished
tournament the organisers reopen (running again) hides its cards again.

The boards are tournaments.duplicate.hand_record (dealt from the seed, or the event's file). The
double-dummy table and the par are rules.bridge.analytics.solve (Bo Haglund's DDS through
endplay, par for the board's dealer and vulnerability), kept in the ``pages`` cache by the
deal (hashed, so no cache key gives the cards away), so a reload, the
PBN download and the next reader do not solve a board again; without endplay the hands are
shown without them and nothing is cached.

The file is hand_record_pbn's: Event (the tournament), Site (the club), Date (the day it
starts, PBN's ``YYYY.MM.DD``), Board, Dealer, Vulnerable, Deal, and DoubleDummyTricks and
OptimumScore where solved. It is sent as UTF-8 without a byte-order mark: every tag a dealing
machine reads (the Deal, the Board, the Dealer) is ASCII, the same in ISO 8859-1 (the
character set PBN 2.1 §2.2 names), while a Cyrillic event or club name has no ISO 8859-1
form at all; rules.bridge.pbn_duplicate.read_hand_record reads it back.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path
from django.utils import timezone

from games import permissions
from games.models import DealEstimate
from rules.bridge import analytics
from rules.bridge.boards import Board, hand_record_pbn
from rules.bridge.core import SEATS
from rules.bridge.document import VULNERABLE_WORD
from rules.bridge_duplicate import analytics as duplicate_analytics
from rules.cards import NAME, SUITS
from tournaments import duplicate
from tournaments.models import DuplicateEvent, Tournament
from tournaments.pages.standings import readable_tournament

#: The solver's answer for one board: ({strain: {seat: tricks}}, par from North–South, par contracts).
Solved = tuple[dict[str, dict[str, int]], int, str]

#: Bump when what is cached changes shape, so old entries are not read as new ones.
CACHE_VERSION = 2
#: The double-dummy table of a board never changes; a month keeps a season's evenings warm.
CACHE_SECONDS = 30 * 24 * 3600
#: The double-dummy table's columns and rows, as the deal page shows them.
STRAINS = ("NT", "S", "H", "D", "C")
DD_SEATS = ("N", "S", "E", "W")
#: The hand record as a file: plain text, so a browser or an editor shows it (PBN names no type).
PBN_CONTENT_TYPE = "text/plain; charset=utf-8"


def _cache_key(board: Board) -> str:
    """The deal itself, hashed: what DDS solves (the hands, the dealer, the vulnerability), so
    two events never share a key unless they share the deal, and no key gives the cards away."""
    deal = f"{board.hands}/{board.dealer}/{board.vulnerable}"
    digest = hashlib.sha256(deal.encode()).hexdigest()
    return f"duplicate-hand-record:v{CACHE_VERSION}:{digest}"


def solved_boards(boards: list[Board]) -> dict[int, Solved]:
    """Each board's double-dummy table and par by board number, from the cache where it is there
    (one read for all the boards), else from the tables' analyses where they solved it (one
    query), else solved; cached for the next view. Empty without the solver."""
    cache = caches["pages"]
    keys = {board.number: _cache_key(board) for board in boards}
    found = cache.get_many(list(keys.values()))
    out: dict[int, Solved] = {}
    missing: dict[str, Solved] = {}
    stored = _analysed([board for board in boards if keys[board.number] not in found])
    for board in boards:
        cached = found.get(keys[board.number])
        if cached is not None:
            out[board.number] = cached
            continue
        solved = stored.get(board.number) or analytics.solve_memo(
            tuple(board.hands), board.dealer, board.vulnerable
        )
        if solved is None:
            continue  # no solver here: nothing to show and nothing to keep
        out[board.number] = solved
        missing[keys[board.number]] = solved
    if missing:
        cache.set_many(missing, timeout=CACHE_SECONDS)
    return out


def _analysed(boards: list[Board]) -> dict[int, Solved]:
    """The boards the tables' analyses have solved already (games.analytics keeps each by its
    hands, rules.bridge_duplicate.analytics.board_key): one query."""
    if not boards:
        return {}
    keys = {
        duplicate_analytics.board_key(
            tuple(board.hands), SEATS[board.dealer], VULNERABLE_WORD[board.vulnerable]
        ): board.number
        for board in boards
    }
    out: dict[int, Solved] = {}
    for key, value in DealEstimate.objects.filter(key__in=list(keys)).values_list("key", "estimates"):
        makeable, par, contracts = value
        out[keys[key]] = (makeable, int(par), contracts)
    return out


def _event(request: HttpRequest, pk: int) -> tuple[Tournament, DuplicateEvent, bool]:
    """The tournament, its duplicate event, and whether this reader may see the cards now."""
    tournament = readable_tournament(request, pk)
    event = DuplicateEvent.objects.filter(tournament=tournament).first()
    if event is None:
        raise Http404("This tournament is not a duplicate event.")
    finished = tournament.status == Tournament.Status.FINISHED
    return tournament, event, finished or permissions.can_manage_club(request.user, tournament.club)


def _closed(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return render(
        request,
        "tournaments/duplicate/hand_record.html",
        {"tournament": tournament, "closed": True},
        status=403,
    )


def _hand(mask: int) -> list[tuple[str, list[str]]]:
    """A hand as the compass shows it: each suit's letter and its cards from the ace down."""
    return [
        (
            SUITS[suit],
            [NAME[suit * 13 + rank] for rank in range(12, -1, -1) if mask >> (suit * 13 + rank) & 1],
        )
        for suit in range(4)
    ]


def par_contracts(text: str) -> list[dict[str, str]]:
    """analytics.solve's par contracts (``"4S N, 4S S"``, ``"5DX E -2"``, ``"pass"``) as the
    page shows them: the contract (for the ``call`` filter), the declarer's seat and the
    over- or undertricks (``"+1"``, ``"−2"``, ``""`` for exactly made); empty for a pass-out."""
    out = []
    for part in text.split(", "):
        words = part.split()
        if len(words) < 2:
            continue  # "pass": the deal is passed out
        result = int(words[2]) if len(words) > 2 else 0
        shown = "" if result == 0 else f"+{result}" if result > 0 else f"−{-result}"
        out.append({"contract": words[0], "declarer": words[1], "result": shown})
    return out


def _board(board: Board, solved: Solved | None) -> dict[str, Any]:
    line: dict[str, Any] = {
        "number": board.number,
        "dealer": SEATS[board.dealer],
        "vulnerable": board.vulnerable,
        "hands": {seat: _hand(board.hands[i]) for i, seat in enumerate(SEATS)},
        "makeable": None,
    }
    if solved is not None:
        makeable, par, contracts = solved
        line.update(
            makeable=[{"seat": seat, "tricks": [makeable[s][seat] for s in STRAINS]} for seat in DD_SEATS],
            par_ns=par if par > 0 else None,
            par_ew=-par if par < 0 else None,
            par_contracts=par_contracts(contracts),
        )
    return line


def hand_record_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Every board of the event: the compass, dealer and vulnerability, double dummy and par."""
    tournament, event, open_ = _event(request, pk)
    if not open_:
        return _closed(request, tournament)
    boards = duplicate.hand_record(event)
    solved = solved_boards(boards)
    return render(
        request,
        "tournaments/duplicate/hand_record.html",
        {
            "tournament": tournament,
            "event": event,
            "boards": [_board(board, solved.get(board.number)) for board in boards],
            "strains": STRAINS,
            "solver": analytics.available(),
            "finished": tournament.status == Tournament.Status.FINISHED,
        },
    )


def hand_record_file(request: HttpRequest, pk: int) -> HttpResponse:
    """The hand record as a PBN 2.1 file (the module docstring: who, and which encoding)."""
    tournament, event, open_ = _event(request, pk)
    if not open_:
        return _closed(request, tournament)
    boards = duplicate.hand_record(event)
    starts = tournament.starts_at
    text = hand_record_pbn(
        boards,
        event=tournament.name,
        site=tournament.club.name,
        date=timezone.localtime(starts).strftime("%Y.%m.%d") if starts else "",
        analysis=solved_boards(boards),
    )
    response = HttpResponse(text.encode(), content_type=PBN_CONTENT_TYPE)
    # A tournament's slug is ASCII (games.slugs), so the name needs no quoting of its own.
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-hand-record.pbn"'
    return response


urlpatterns: list[URLPattern] = [
    path(
        "tournaments/<int:pk>/duplicate/hand-record/",
        hand_record_page,
        name="tournament-duplicate-hand-record",
    ),
    path(
        "tournaments/<int:pk>/duplicate/hand-record.pbn",
        hand_record_file,
        name="tournament-duplicate-hand-record-pbn",
    ),
]
