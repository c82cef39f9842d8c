"""PBN 2.1 files of duplicate bridge: hand records and results, and which kind a file is.

rules/bridge/pbn.py reads a PBN file as one table's rubber session; this module reads the
other files a bridge club has (docs/bridge-pbn.md, "Duplicate files and hand records"),
with the same lexer, tag inheritance and section readers:

- :func:`read_hand_record`: a file of deals (Board, Dealer, Vulnerable, Deal) → one
  :class:`RecordBoard` per board, a rules.bridge.boards.Board that keeps the file's own
  Dealer and Vulnerable where they differ from Law 2;
- :func:`read_duplicate`: a results file, each game one table's result on one board →
  one duplicate table log (docs/bridge-duplicate-log.md) per four players, in file order;
- :func:`kind_of`: "rubber", "duplicate", "hand-record" or "unknown" (ask the user), from
  the tags, so that no file is scored as rubbers because nothing said otherwise.

Refusals are MalformedDocument at ``boards[i].Tag`` naming the board and the line, as
rules/bridge/pbn.py's are (codes ``BRIDGE_PBN_…``, rules/bridge/texts.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules.bridge.boards import Board, dealer_of, vulnerable_of
from rules.bridge.core import SEATS
from rules.bridge.pbn import (
    SEAT_TAGS,
    UNKNOWN_NAMES,
    _auction_over,
    _Board,
    _check_text,
    _deal,
    _decode,
    _hands,
    _lex,
    _players,
    _resolve,
    _seat,
    _vulnerable,
)
from rules.bridge.traveller import GAME, MOST_POINTS, VERSION
from rules.cards import BIT, CARD_BY_SPELLING
from rules.errors import MalformedDocument
from rules.strict import digits_value

#: The most a duplicate board's number is (docs/bridge-duplicate-log.md).
MOST_BOARD = 9999
#: Scoring tag values (their first ``;`` field, any case) that make a file duplicate:
#: PBN 2.1 §3.4.12's MP, IMP and BAM and the names scoring programs write.
DUPLICATE_SCORING = frozenset(
    {
        "mp",
        "mp1",
        "mp2",
        "matchpoints",
        "imp",
        "imps",
        "butler",
        "cross-imps",
        "cross-imp",
        "crossimps",
        "bam",
    }
)
#: The tags that carry a table's result: a game without any of them is a deal only.
RESULT_TAGS = ("contract", "declarer", "result", "auction", "play")
#: The tags only a rubber sheet writes (§4.2.5-4.2.6).
RUBBER_TAGS = ("scorerubber", "scorerubberhistory")
#: The Vulnerable words (rules/bridge/pbn.py's) as (North–South, East–West) vulnerable.
_VULNERABLE_SIDES = {"None": (False, False), "NS": (True, False), "EW": (False, True), "All": (True, True)}


# --------------------------------------------------------------------------------------------
# Hand records


@dataclass(frozen=True, slots=True)
class RecordBoard(Board):
    """A board of a hand-record file: its number and four masks (N, E, S, W), and the dealer
    and vulnerability the file gives it (Law 2's where the file gives none). ``dealer`` and
    ``vulnerable`` are the file's, so rules.bridge.boards.hand_record_pbn writes them back;
    :attr:`law_dealer` and :attr:`law_vulnerable` say whether they are Law 2's, so a caller
    can warn where they are not. ``line`` is the line of the board's first tag."""

    file_dealer: int
    file_vulnerable: tuple[bool, bool]
    line: int

    @property
    def dealer(self) -> int:
        return self.file_dealer

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        return self.file_vulnerable

    @property
    def law_dealer(self) -> bool:
        return self.file_dealer == dealer_of(self.number)

    @property
    def law_vulnerable(self) -> bool:
        return self.file_vulnerable == vulnerable_of(self.number)

    @property
    def board(self) -> Board:
        """The plain board: the number and the hands (Law 2 gives the dealer and vulnerability)."""
        return Board(self.number, self.hands)


def _number(board: _Board) -> int:
    """The Board tag as a duplicate board's number, 1 to 9999."""
    found = board.get("Board")
    value, line = found if found is not None else ("", board.line)
    number = digits_value(value, 4)
    if number is None or not 1 <= number <= MOST_BOARD:
        raise board.error("Board", line, "BRIDGE_PBN_BOARD_NUMBER", value=value)
    return number


def _whole_deal(board: _Board) -> tuple[int, int, int, int]:
    """The Deal tag as four masks N, E, S, W: four hands of 13, every card once (pbn.py's
    checks), and no hand left out with ``-``."""
    found = board.get("Deal")
    if found is None:
        line = board.values.get("deal", ("", board.line))[1]
        raise board.error("Deal", line, "BRIDGE_PBN_DEAL_REQUIRED")
    value, line = found
    hands = _hands(board)
    assert hands is not None
    first_text, _, rest = value.partition(":")
    first = SEATS.index(first_text.strip().upper())
    for offset, part in enumerate(rest.split()):
        if part == "-":
            raise board.error("Deal", line, "BRIDGE_PBN_DEAL_PARTIAL", compass=SEATS[(first + offset) % 4])
    masks = [0, 0, 0, 0]
    for seat in range(4):
        for name in hands[SEATS[seat]]:
            masks[seat] |= BIT[CARD_BY_SPELLING[name]]
    return masks[0], masks[1], masks[2], masks[3]


def read_hand_record(raw: str | bytes) -> list[RecordBoard]:
    """A PBN hand-record file (deals only; results, if any, are not read) → its boards in
    file order. Refused: a file with no board, a board without its number (1-9999), a
    number given twice, a deal that is not four hands of 13 (``-`` hands included)."""
    boards = _resolve(_lex(_decode(raw)))
    if not boards:
        raise MalformedDocument("boards", "BRIDGE_PBN_NO_BOARD")
    out: list[RecordBoard] = []
    seen: dict[int, int] = {}
    for board in boards:
        number = _number(board)
        line = board.values.get("board", ("", board.line))[1]
        if number in seen:
            raise board.error("Board", line, "BRIDGE_PBN_BOARD_TWICE", first=seen[number])
        seen[number] = line
        hands = _whole_deal(board)
        found = board.get("Dealer")
        dealer = dealer_of(number) if found is None else _seat(board, "Dealer", *found)
        word = _vulnerable(board)
        vulnerable = vulnerable_of(number) if word is None else _VULNERABLE_SIDES[word]
        out.append(RecordBoard(number, hands, dealer, vulnerable, board.line))
    return out


# --------------------------------------------------------------------------------------------
# Results


_SIGNED = re.compile(r"^[+-]?[0-9]{1,5}$")


def _ns_score(board: _Board) -> int | None:
    """The Score tag as North–South's score: ``"620"``, ``"NS 620"``, ``"EW 100"`` (−100),
    ``"NS 620 EW -620"``; None when it cannot be read so, or is no duplicate score (a
    multiple of 10 up to 7,600 either way)."""
    found = board.get("Score")
    if found is None:
        return None
    parts = found[0].split()
    score: int | None = None
    if len(parts) == 1 and _SIGNED.match(parts[0]):
        score = int(parts[0])
    elif len(parts) in (2, 4):
        sides: dict[str, int] = {}
        for i in range(0, len(parts), 2):
            side, points = parts[i].upper(), parts[i + 1]
            if side not in ("NS", "EW") or side in sides or not _SIGNED.match(points):
                return None
            sides[side] = int(points)
        if "NS" in sides and "EW" in sides and sides["NS"] != -sides["EW"]:
            return None
        score = sides["NS"] if "NS" in sides else -sides["EW"]
    if score is None or score % 10 or abs(score) > MOST_POINTS:
        return None
    return score


def _has_result(board: _Board) -> bool:
    return any(board.get(tag) is not None for tag in RESULT_TAGS) or (
        board.auction is not None and bool(board.auction.tokens)
    )


def _table_key(board: _Board) -> tuple[str, str, str, str]:
    names = []
    for tag in SEAT_TAGS:
        value = board.values.get(tag.lower(), ("", 0))[0].strip()
        names.append("" if value in UNKNOWN_NAMES else value)
    return names[0], names[1], names[2], names[3]


def _duplicate_board(board: _Board, number: int) -> dict[str, Any]:
    """One game → one board of the table log (docs/bridge-duplicate-log.md)."""
    law_dealer = SEATS[dealer_of(number)]
    if board.get("Dealer") is None:
        values = dict(board.values)
        values["dealer"] = (law_dealer, board.line)
        board = _Board(board.index, board.label, board.line, values, board.auction, board.play)
    deal = _deal(board, rubber=False)
    out: dict[str, Any] = {"board": number}
    if deal["dealer"] != law_dealer:
        out["dealer"] = deal["dealer"]
    vulnerable = deal.get("vulnerable")
    if vulnerable is not None and _VULNERABLE_SIDES[vulnerable] != vulnerable_of(number):
        out["vulnerable"] = vulnerable
    hands = deal.get("hands")
    if hands is not None and len(hands) == 4:
        out["hands"] = hands
    contract = deal.get("contract")
    if contract is None and _auction_over(deal["auction"]) and all(c == "P" for c in deal["auction"]):
        contract = "Pass"
    if contract is None and not deal["auction"]:
        line = board.values.get("contract", ("", board.line))[1]
        raise board.error("Contract", line, "BRIDGE_PBN_CONTRACT_REQUIRED")
    if contract is not None:
        out["contract"] = contract
    for key in ("declarer", "result"):
        if key in deal:
            out[key] = deal[key]
    if deal["auction"]:
        out["auction"] = deal["auction"]
    for key in ("auction_start", "play_start", "play", "claim", "irregularities"):
        if key in deal:
            out[key] = deal[key]
    score = _ns_score(board)
    if score is not None:
        out["score"] = score
    return out


def read_duplicate(raw: str | bytes) -> list[dict[str, Any]]:
    """A PBN duplicate results file (each game one table's result on one board) → one
    duplicate table log per four players (North, East, South, West), in the order each
    table first appears, its boards in file order. A game that records no result (no
    Contract, Declarer, Result, Auction or Play: the hand record some files start with) is
    skipped. Each document passes rules.bridge.traveller.parse."""
    boards = _resolve(_lex(_decode(raw)))
    if not boards:
        raise MalformedDocument("boards", "BRIDGE_PBN_NO_BOARD")
    tables: dict[tuple[str, str, str, str], list[tuple[_Board, int]]] = {}
    for board in boards:
        if not _has_result(board):
            continue
        number = _number(board)
        games = tables.setdefault(_table_key(board), [])
        line = board.values.get("board", ("", board.line))[1]
        for other, other_number in games:
            if other_number == number:
                raise board.error(
                    "Board", line, "BRIDGE_PBN_TABLE_BOARD_TWICE", first=other.values["board"][1]
                )
        games.append((board, number))
    if not tables:
        raise MalformedDocument("boards", "BRIDGE_PBN_NO_RESULT")
    documents = []
    for games in tables.values():
        played = [board for board, _ in games]
        document: dict[str, Any] = {"game": GAME, "version": VERSION}
        event = {}
        for key, tag in (("name", "Event"), ("site", "Site"), ("date", "Date")):
            where = next((b for b in played if b.get(tag) is not None), None)
            if where is not None:
                value, line = where.get(tag) or ("", 0)
                _check_text(where, tag, value, line)
                event[key] = value
        if event:
            document["event"] = event
        document["players"] = _players(played)
        document["boards"] = [_duplicate_board(board, number) for board, number in games]
        documents.append(document)
    return documents


# --------------------------------------------------------------------------------------------
# The kind of a file


def kind_of(raw: str | bytes) -> str:
    """Which reader a PBN file is for, from its tags alone:

    - a Scoring tag (its first ``;`` field) decides where every game that has one agrees:
      ``Rubber`` → "rubber"; MP, MatchPoints, IMP, Butler, Cross-IMPs, BAM and their
      spellings (:data:`DUPLICATE_SCORING`) → "duplicate"; any other value (Chicago,
      Cavendish, …) or games that disagree → "unknown";
    - without one: no game with a result (Contract, Declarer, Result, Auction, Play) and a
      Deal tag → "hand-record"; ScoreRubber or ScoreRubberHistory → "rubber"; results with
      another player at a seat on another game (so also one board number at two tables;
      an unknown name, ``?``, ``""`` or ``-``, is no other player) → "duplicate";
    - anything else → "unknown": one table's results with nothing to say how they were
      scored; ask the user rather than guess.

    A file the lexer refuses raises its MalformedDocument, as read_pbn would.
    """
    boards = _resolve(_lex(_decode(raw)))
    if not boards:
        return "unknown"
    scorings = set()
    for board in boards:
        found = board.get("Scoring")
        if found is not None:
            scorings.add(found[0].split(";")[0].strip().lower())
    if scorings:
        if scorings == {"rubber"}:
            return "rubber"
        if scorings <= DUPLICATE_SCORING:
            return "duplicate"
        return "unknown"
    played = [board for board in boards if _has_result(board)]
    if not played:
        return "hand-record" if any(board.get("Deal") is not None for board in boards) else "unknown"
    if any(board.get(tag) is not None for board in boards for tag in RUBBER_TAGS):
        return "rubber"
    for seat in range(4):
        if len({key[seat] for key in map(_table_key, played)} - {""}) > 1:
            return "duplicate"
    return "unknown"


__all__ = ["RecordBoard", "kind_of", "read_duplicate", "read_hand_record"]
