"""BBO's LIN files (hand records with auction and play) read into duplicate table logs.

A LIN file is a run of ``tag|value|`` pairs; BridgeBase writes one board per line, but
line breaks between pairs mean nothing. :func:`read_lin` reads the tags a table's
result needs (docs/bridge-lin.md) and returns one duplicate table log
(docs/bridge-duplicate-log.md, ``"game": "bridge-duplicate"``) per four players, in the
order each table first appears, its boards in file order:

- ``qx|o1|`` (o: open room, c: closed room) and ``ah|Board 1|`` label a board; ``ah``
  gives its number, ``qx`` where there is no ``ah``. A ``qx``, a ``pn`` or an ``md`` after
  the current board's ``md`` starts the next board;
- ``pn|S,W,N,E|``: the players, South first; they stay until the next ``pn``. Eight names
  (a vugraph file) are the open room's four then the closed room's, chosen by ``qx``;
- ``md|3hand,hand,hand,hand|``: the dealer (1 South, 2 West, 3 North, 4 East) then the
  hands South, West, North, East, each suit letter followed by its ranks; the fourth
  hand may be left out (it is the cards the others do not hold);
- ``sv|o|``: the vulnerability, o (or 0, -) none, n North–South, e East–West, b both;
- ``mb|1C!|``: a call (p, d, r, 1C..7N), ``!`` marking an alert; ``an|`` (the alert's
  explanation) is ignored;
- ``pc|SA|``: a card played (suit then rank), split into tricks of four in play order;
- ``mc|10|``: a claim, the declarer's side's tricks in the whole deal (the log's
  ``claim`` counts those still to play: rules.bridge.play);
- ``pg||`` (a page break of the viewer) and every other tag are ignored.

A board's ``dealer`` and ``vulnerable`` are written only where they differ from Law 2's
(rules.bridge.boards). Refusals are MalformedDocument at ``boards[i].tag`` (``i`` the
board's place in the file) with the board and the line of the offending tag among the
parameters (codes ``BRIDGE_LIN_…``, rules/bridge/texts.py). Every document returned
passes rules.bridge.traveller.parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rules.bridge.auction import run_auction
from rules.bridge.boards import dealer_of, vulnerable_of
from rules.bridge.codes import Findings
from rules.bridge.core import DOUBLE, PASS, REDOUBLE, SEATS, SUIT_OF_STRAIN, Call, Seat
from rules.bridge.document import VULNERABLE_WORD, hand_names, read_call
from rules.bridge.play import trick_winner
from rules.bridge.traveller import GAME, VERSION
from rules.cards import BIT, FULL_DECK, NAME, RANKS, SUITS
from rules.errors import MalformedDocument

#: The most a duplicate board's number is (docs/bridge-duplicate-log.md).
MOST_BOARD = 9999
#: LIN's seat order (pn, md) S, W, N, E as rules.bridge.core seats (N 0, E 1, S 2, W 3).
LIN_SEATS = (2, 3, 0, 1)
#: sv's letters as (North–South, East–West) vulnerable.
LIN_VULNERABLE = {
    "o": (False, False),
    "0": (False, False),
    "-": (False, False),
    "n": (True, False),
    "e": (False, True),
    "b": (True, True),
}
#: mb's spellings of the pass, the double and the redouble.
LIN_CALLS = {"P": PASS, "D": DOUBLE, "X": DOUBLE, "R": REDOUBLE, "XX": REDOUBLE}
_AH_NUMBER = re.compile(r"^(?:board\s*)?([0-9]{1,6})$", re.IGNORECASE)
_QX_NUMBER = re.compile(r"^([oc])([0-9]{1,6})$", re.IGNORECASE)


@dataclass
class _Board:
    """One board's tags as the file has them: (tag, value, line), tags in lower case."""

    index: int
    line: int
    names: tuple[str, int] | None
    tags: list[tuple[str, str, int]] = field(default_factory=list)
    label: str = ""

    def has(self, tag: str) -> bool:
        return any(t == tag for t, _, _ in self.tags)

    def first(self, tag: str) -> tuple[str, int] | None:
        for t, value, line in self.tags:
            if t == tag:
                return value, line
        return None

    def error(self, where: str, line: int, code: str, **params: Any) -> MalformedDocument:
        board = self.label or f"#{self.index + 1}"
        return MalformedDocument(f"boards[{self.index}].{where}", code, board=board, line=line, **params)


def _decode(raw: bytes | str) -> str:
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _pairs(text: str) -> list[tuple[str, str, int]]:
    """The ``tag|value|`` pairs of the text with the line (1-based) each tag is on."""
    parts = text.replace("\r\n", "\n").replace("\r", "\n").split("|")
    out: list[tuple[str, str, int]] = []
    line = 1
    for i in range(0, len(parts), 2):
        tag_text = parts[i]
        tag_line = line + tag_text[: len(tag_text) - len(tag_text.lstrip())].count("\n")
        line += tag_text.count("\n")
        if i + 1 == len(parts):
            if tag_text.strip():
                out.append((tag_text.strip().lower(), "\x00", tag_line))
            break
        value = parts[i + 1]
        line += value.count("\n")
        out.append((tag_text.strip().lower(), value, tag_line))
    return out


def _boards(pairs: list[tuple[str, str, int]]) -> list[_Board]:
    """The pairs cut into boards: a qx, pn or md after the current board's md starts the next."""
    boards: list[_Board] = []
    names: tuple[str, int] | None = None
    current: _Board | None = None
    for tag, value, line in pairs:
        if tag in ("qx", "pn", "md") and (
            current is None or current.has("md") or (tag == "qx" and current.has("qx"))
        ):
            current = _Board(len(boards), line, names)
            boards.append(current)
        if current is None:
            continue  # a tag before the first board (vugraph's vg, rs): not read
        if value == "\x00":
            raise current.error(tag, line, "BRIDGE_LIN_OPEN_TAG", tag=tag)
        if tag == "pn":
            names = (value, line)
            current.names = names
        current.tags.append((tag, value, line))
    return boards


def _number(board: _Board) -> int:
    """The board's number: ``ah|Board 7|``, or ``qx|o7|`` where there is no ah."""
    for tag, pattern in (("ah", _AH_NUMBER), ("qx", _QX_NUMBER)):
        found = board.first(tag)
        if found is None:
            continue
        value, line = found
        board.label = value.strip()
        match = pattern.match(value.strip())
        number = int(match.group(match.lastindex or 1)) if match else 0
        if not 1 <= number <= MOST_BOARD:
            raise board.error(tag, line, "BRIDGE_LIN_BOARD_NUMBER", tag=tag, value=value)
        board.label = str(number)
        return number
    raise board.error("ah", board.line, "BRIDGE_LIN_BOARD_REQUIRED")


def _players(board: _Board) -> tuple[str, str, str, str]:
    """pn's names as N, E, S, W: four (South first), or a vugraph's eight (open room first)."""
    if board.names is None:
        raise board.error("pn", board.line, "BRIDGE_LIN_NAMES_REQUIRED")
    value, line = board.names
    names = [name.strip() for name in value.split(",")]
    if len(names) == 8:
        found = board.first("qx")
        closed = found is not None and found[0].strip()[:1].lower() == "c"
        names = names[4:] if closed else names[:4]
    if len(names) != 4 or not all(names) or len(set(names)) != 4:
        raise board.error("pn", line, "BRIDGE_LIN_NAMES", value=value)
    by_seat = {LIN_SEATS[i]: name for i, name in enumerate(names)}
    return by_seat[0], by_seat[1], by_seat[2], by_seat[3]


def _hand(board: _Board, text: str, seat: int, line: int) -> list[int]:
    cards: list[int] = []
    suit: int | None = None
    upper = text.strip().upper().replace("10", "T")
    for char in upper:
        if char in SUITS:
            suit = SUITS.index(char)
        elif char in RANKS and suit is not None:
            cards.append(suit * 13 + RANKS.index(char))
        else:
            raise board.error("md", line, "BRIDGE_LIN_HAND", compass=SEATS[seat], hand=text, text=char)
    return cards


def _deal(board: _Board) -> tuple[int, tuple[int, int, int, int]]:
    """md's dealer and the four masks N, E, S, W."""
    found = board.first("md")
    if found is None:
        raise board.error("md", board.line, "BRIDGE_LIN_DEAL_REQUIRED")
    value, line = found
    value = value.strip()
    if value[:1] not in ("1", "2", "3", "4"):
        raise board.error("md", line, "BRIDGE_LIN_DEALER", value=value[:1])
    dealer = LIN_SEATS[int(value[0]) - 1]
    parts = value[1:].split(",")
    if len(parts) == 4 and not parts[3].strip():
        parts = parts[:3]
    if len(parts) not in (3, 4):
        raise board.error("md", line, "BRIDGE_LIN_HANDS", count=len(parts))
    masks = [0, 0, 0, 0]
    owner: dict[int, int] = {}
    for i, text in enumerate(parts):
        seat = LIN_SEATS[i]
        cards = _hand(board, text, seat, line)
        for card in cards:
            if card in owner:
                raise board.error(
                    "md",
                    line,
                    "BRIDGE_LIN_DEALT_TWICE",
                    card=NAME[card],
                    compass=SEATS[owner[card]],
                    other_compass=SEATS[seat],
                )
            owner[card] = seat
            masks[seat] |= BIT[card]
        if len(cards) != 13:
            raise board.error("md", line, "BRIDGE_LIN_HAND_SIZE", compass=SEATS[seat], count=len(cards))
    if len(parts) == 3:
        masks[LIN_SEATS[3]] = FULL_DECK & ~(masks[0] | masks[1] | masks[2] | masks[3])
    return dealer, (masks[0], masks[1], masks[2], masks[3])


def _call(board: _Board, value: str, line: int) -> Call:
    text = value.strip().rstrip("!").strip().upper()
    call = LIN_CALLS.get(text) or read_call(text)
    if call is None:
        raise board.error("mb", line, "BRIDGE_LIN_CALL", text=value)
    return call


def _card(board: _Board, value: str, line: int) -> int:
    text = value.strip().upper().replace("10", "T")
    if len(text) != 2 or text[0] not in SUITS or text[1] not in RANKS:
        raise board.error("pc", line, "BRIDGE_LIN_CARD", text=value)
    return SUITS.index(text[0]) * 13 + RANKS.index(text[1])


def _read_board(board: _Board, number: int) -> dict[str, Any]:
    """One board's tags → one board of the table log."""
    dealer, hands = _deal(board)
    out: dict[str, Any] = {"board": number}
    if dealer != dealer_of(number):
        out["dealer"] = SEATS[dealer]
    found = board.first("sv")
    if found is not None:
        value, line = found
        sides = LIN_VULNERABLE.get(value.strip().lower())
        if sides is None:
            raise board.error("sv", line, "BRIDGE_LIN_VULNERABLE", value=value)
        if sides != vulnerable_of(number):
            out["vulnerable"] = VULNERABLE_WORD[sides]
    out["hands"] = {SEATS[seat]: hand_names(hands[seat]) for seat in range(4)}

    calls = [_call(board, value, line) for tag, value, line in board.tags if tag == "mb"]
    call_lines = [line for tag, _, line in board.tags if tag == "mb"]
    auction = run_auction(Seat(dealer), calls, Findings(("N", "E", "S", "W")))
    if not auction.complete:
        line = call_lines[-1] if call_lines else board.line
        raise board.error("mb", line, "BRIDGE_LIN_AUCTION_UNFINISHED", count=len(calls))
    out["auction"] = [str(call) for call in calls]

    played: list[tuple[int, int]] = []
    seen: dict[int, int] = {}
    for tag, value, line in board.tags:
        if tag != "pc":
            continue
        card = _card(board, value, line)
        if card in seen:
            raise board.error("pc", line, "BRIDGE_LIN_PLAYED_TWICE", card=NAME[card], first=seen[card])
        seen[card] = line
        played.append((card, line))
    claims = [(value, line) for tag, value, line in board.tags if tag == "mc"]
    contract = auction.contract
    if contract is None:
        if played or claims:
            tag, line = ("pc", played[0][1]) if played else ("mc", claims[0][1])
            raise board.error(tag, line, "BRIDGE_LIN_NO_CONTRACT", tag=tag)
        return out
    cards = [card for card, _ in played]
    tricks = [cards[i : i + 4] for i in range(0, len(cards), 4)]
    if not claims and tricks and len(tricks[-1]) < 4:
        raise board.error("pc", played[-1][1], "BRIDGE_LIN_PLAY_UNFINISHED", trick=len(tricks))
    if not played and not claims:
        raise board.error("pc", board.line, "BRIDGE_LIN_RESULT_REQUIRED", contract=str(contract).split()[0])
    out["play"] = [[NAME[card] for card in trick] for trick in tricks]
    if claims:
        value, line = claims[-1]
        leader = contract.declarer.left
        trump = SUIT_OF_STRAIN[contract.strain]
        won = [0, 0]
        for trick in tricks:
            if len(trick) < 4:
                break
            leader = trick_winner(trick, leader, trump)
            won[leader.side] += 1
        ours = won[contract.side]
        remaining = 13 - won[0] - won[1]
        total = int(value.strip()) if value.strip().isdigit() and len(value.strip()) <= 2 else -1
        if not ours <= total <= ours + remaining:
            raise board.error("mc", line, "BRIDGE_LIN_CLAIM", value=value, count=ours)
        out["claim"] = total - ours
    return out


def read_lin(raw: bytes | str) -> list[dict[str, Any]]:
    """A LIN file (one or more boards) → one duplicate table log per four players (North,
    East, South, West), in the order each table first appears, its boards in file order.
    Each document passes rules.bridge.traveller.parse."""
    boards = _boards(_pairs(_decode(raw)))
    if not boards:
        raise MalformedDocument("boards", "BRIDGE_LIN_NO_BOARD")
    tables: dict[tuple[str, str, str, str], list[tuple[_Board, int]]] = {}
    for board in boards:
        number = _number(board)
        players = _players(board)
        games = tables.setdefault(players, [])
        for other, other_number in games:
            if other_number == number:
                raise board.error("ah", board.line, "BRIDGE_LIN_BOARD_TWICE", first=other.line)
        games.append((board, number))
    documents = []
    for players, games in tables.items():
        documents.append(
            {
                "game": GAME,
                "version": VERSION,
                "players": list(players),
                "boards": [_read_board(board, number) for board, number in games],
            }
        )
    return documents


__all__ = ["read_lin"]
