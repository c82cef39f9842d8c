"""Duplicate bridge at one table for one round: the boards it played, read strictly, replayed, scored.

The document is docs/bridge-duplicate-log.md (``"game": "bridge-duplicate"``): the four
players and, per board, what a traveller records — the contract, the declarer, the opening
lead and the tricks, or the North–South score — with the hands (the hand record's, or the
table's own when the board was fouled), the auction and the play optional. A board is a
rubber bridge deal (rules.bridge.document reads the shared fields, with their paths) plus:

- ``board`` (required): its number, which fixes its dealer and vulnerability (Law 2,
  rules.bridge.boards). ``dealer`` and ``vulnerable`` may be written as the board shows
  them; where they differ from Law 2 the board's own marks are played and scored, and a
  warning says so (BOARD_DEALER_DIFFERS, BOARD_VULNERABLE_DIFFERS);
- ``lead``: the opening lead as the traveller writes it. Checked against the first card of
  the play (LEAD_MISMATCH) or, without the play, against the leader's hand
  (LEAD_NOT_IN_HAND): the leader is the declarer's left-hand opponent, or ``play_start``;
- ``score``: North–South's score as written (negative for East–West), checked against the
  Laws' duplicate scoring (SCORE_MISMATCH, form ``board``);
- ``adjusted``: an artificial adjusted score (Law 12C2) instead of a result, each
  direction's percentage of the top: ``{"ns": 60, "ew": 40}``; such a board has no contract,
  auction, play, lead, result or score.

Duplicate scoring is the Laws' (Law 77 with the game and part-score premiums,
rules.bridge.analytics.duplicate_score); the auction and play are checked exactly as in
rubber bridge (rules.bridge.replay), Law 64's trick transfers included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.bridge.analytics import duplicate_score
from rules.bridge.boards import dealer_of, vulnerable_of
from rules.bridge.codes import SEVERITY, TEXTS
from rules.bridge.codes import Findings as RubberFindings
from rules.bridge.core import SEATS, Seat
from rules.bridge.document import (
    VULNERABLE_WORD,
    BridgeDeal,
    _deal,
    _deal_document,
    _event,
    _players,
)
from rules.bridge.replay import _play_deal
from rules.bridge.ruleset import resolve_ruleset
from rules.bridge.texts import DUPLICATE_TEXTS
from rules.cards import BIT, NAME
from rules.errors import MalformedDocument
from rules.findings import Severity
from rules.jsondoc import load_json
from rules.strict import check_fields, read_card, read_int, read_object
from rules.texts import found

GAME = "bridge-duplicate"
VERSION = 1
TOP_FIELDS = ("game", "version", "event", "section", "round", "table", "pairs", "players", "boards")
REQUIRED_TOP = ("game", "version", "players", "boards")
#: The fields a board shares with a rubber deal, read by rules.bridge.document.
SHARED_FIELDS = (
    "dealer", "auction_start", "hands", "auction", "play_start", "play", "claim", "result",
    "irregularities", "contract", "declarer", "vulnerable",
)  # fmt: skip
OWN_FIELDS = ("board", "lead", "score", "adjusted")
BOARD_FIELDS = (*OWN_FIELDS, *SHARED_FIELDS)
#: The most a board can score either way (7NTXX vulnerable with overtricks is under 3,000;
#: 13 undertricks redoubled vulnerable is 7,600).
MOST_POINTS = 7600
#: The Laws' duplicate scoring table.
LAWS = resolve_ruleset("laws")

DUPLICATE_SEVERITY: dict[str, Severity] = {
    **SEVERITY,
    "BOARD_DEALER_DIFFERS": "warning",
    "BOARD_VULNERABLE_DIFFERS": "warning",
    "LEAD_MISMATCH": "error",
    "LEAD_NOT_IN_HAND": "error",
    "LEAD_WITHOUT_CONTRACT": "error",
}


class Findings(RubberFindings):
    """The rubber replay's findings (the auction, the play) and the board's own."""

    SEVERITY = DUPLICATE_SEVERITY
    TEXTS = {**TEXTS, **DUPLICATE_TEXTS}


@dataclass(frozen=True, slots=True)
class Board:
    """One board as the table recorded it: ``deal`` carries the shared fields (its ``dealer``
    and ``vulnerable`` are the board's own marks when written, Law 2's otherwise)."""

    number: int
    deal: BridgeDeal | None
    dealer_written: bool = False
    lead: int | None = None
    score: int | None = None
    adjusted: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class TableLog:
    players: tuple[str, str, str, str]
    boards: tuple[Board, ...]
    event: dict[str, str] | None = None
    section: str | None = None
    round: int | None = None
    table: int | None = None
    pairs: tuple[int, int] | None = None


def parse(raw: bytes | str | dict[str, Any]) -> TableLog:
    """Read a duplicate table's log strictly (MalformedDocument with the JSON path)."""
    data = raw if isinstance(raw, dict) else load_json(raw)
    doc = read_object(data, "")
    for key in doc:
        if key not in TOP_FIELDS:
            raise MalformedDocument(key, "BRIDGE_UNKNOWN_FIELD", field=key, fields=", ".join(TOP_FIELDS))
    for key in REQUIRED_TOP:
        if key not in doc:
            raise MalformedDocument(key, "BRIDGE_REQUIRED")
    if doc["game"] != GAME:
        raise MalformedDocument("game", "BRIDGE_DUPLICATE_GAME", game=GAME, found=found(doc["game"]))
    if type(doc["version"]) is not int or doc["version"] != VERSION:
        raise MalformedDocument("version", "BRIDGE_VERSION", found=found(doc["version"]), version=VERSION)
    players = _players(doc["players"])
    raw_boards = doc["boards"]
    if type(raw_boards) is not list or not raw_boards:
        raise MalformedDocument("boards", "BRIDGE_DUPLICATE_BOARDS_LIST", found=found(raw_boards))
    boards = tuple(_board(b, f"boards[{i}]") for i, b in enumerate(raw_boards))
    seen: dict[int, int] = {}
    for i, board in enumerate(boards):
        if board.number in seen:
            raise MalformedDocument(
                f"boards[{i}].board",
                "BRIDGE_DUPLICATE_BOARD_TWICE",
                board=board.number,
                first=seen[board.number],
            )
        seen[board.number] = i
    section = doc.get("section")
    if section is not None and (type(section) is not str or not section.strip()):
        raise MalformedDocument("section", "BRIDGE_EVENT_TEXT", found=found(section))
    number = {k: None if doc.get(k) is None else read_int(doc[k], k, 1) for k in ("round", "table")}
    return TableLog(
        players=players,
        boards=boards,
        event=None if doc.get("event") is None else _event(doc["event"]),
        section=section,
        round=number["round"],
        table=number["table"],
        pairs=None if doc.get("pairs") is None else _pairs(doc["pairs"]),
    )


def _pairs(value: Any) -> tuple[int, int]:
    d = read_object(value, "pairs")
    check_fields(d, "pairs", ("ns", "ew"))
    for key in ("ns", "ew"):
        if key not in d:
            raise MalformedDocument(f"pairs.{key}", "BRIDGE_REQUIRED")
    ns, ew = read_int(d["ns"], "pairs.ns", 1), read_int(d["ew"], "pairs.ew", 1)
    if ns == ew:
        raise MalformedDocument("pairs.ew", "BRIDGE_DUPLICATE_PAIR_TWICE", pair=ns)
    return ns, ew


def _board(value: Any, path: str) -> Board:
    d = read_object(value, path)
    check_fields(d, path, BOARD_FIELDS)
    if "board" not in d:
        raise MalformedDocument(f"{path}.board", "BRIDGE_REQUIRED")
    number = read_int(d["board"], f"{path}.board", 1, 9999)
    lead = None if d.get("lead") is None else read_card(d["lead"], f"{path}.lead")
    score = (
        None if d.get("score") is None else read_int(d["score"], f"{path}.score", -MOST_POINTS, MOST_POINTS)
    )
    if score is not None and score % 10:
        raise MalformedDocument(f"{path}.score", "BRIDGE_DUPLICATE_SCORE_TENS", found=found(d["score"]))
    if d.get("adjusted") is not None:
        given = [
            k for k in SHARED_FIELDS if k not in ("dealer", "vulnerable", "hands") and d.get(k) is not None
        ]
        given += [k for k in ("lead", "score") if d.get(k) is not None]
        if given:
            raise MalformedDocument(
                f"{path}.{given[0]}", "BRIDGE_DUPLICATE_ADJUSTED_WITH_RESULT", field=given[0]
            )
        return Board(number, None, adjusted=_adjusted(d["adjusted"], f"{path}.adjusted"))
    shared = {k: d[k] for k in SHARED_FIELDS if k in d}
    if not shared.get("auction") and shared.get("contract") is None:
        raise MalformedDocument(f"{path}.contract", "BRIDGE_DUPLICATE_CONTRACT_REQUIRED")
    written = shared.get("dealer") is not None
    if not written:
        shared["dealer"] = SEATS[dealer_of(number)]
    shared.setdefault("auction", [])
    deal = _deal(shared, path)
    return Board(number, deal, dealer_written=written, lead=lead, score=score)


def _adjusted(value: Any, path: str) -> tuple[int, int]:
    d = read_object(value, path)
    check_fields(d, path, ("ns", "ew"))
    for key in ("ns", "ew"):
        if key not in d:
            raise MalformedDocument(f"{path}.{key}", "BRIDGE_REQUIRED")
    return read_int(d["ns"], f"{path}.ns", 0, 100), read_int(d["ew"], f"{path}.ew", 0, 100)


# -- replay --------------------------------------------------------------------------------


def replay(log: TableLog) -> dict[str, Any]:
    """The report: each board's contract, tricks and North–South score, the totals, the findings.

    Never raises on a parsed log; ``status`` is 1 when an error was found, else 0.
    """
    findings = Findings(log.players)
    rows = []
    totals = [0, 0]
    for i, board in enumerate(log.boards, start=1):
        row = _replay_board(i, board, findings)
        rows.append(row)
        if row["ns_score"] is not None:
            totals[0] += row["ns_score"]
            totals[1] -= row["ns_score"]
    out = [f.as_dict() for f in findings]
    return {
        "game": GAME,
        "players": list(log.players),
        "ruleset": LAWS.as_dict(),
        "totals": totals,
        "boards": rows,
        "findings": out,
        "status": 1 if any(f["severity"] == "error" for f in out) else 0,
    }


def _replay_board(index: int, board: Board, findings: Findings) -> dict[str, Any]:
    number = board.number
    row: dict[str, Any] = {"board": number, "contract": None, "declarer": None, "lead": None, "tricks": None}
    if board.deal is None:
        assert board.adjusted is not None
        row.update(
            dealer=SEATS[dealer_of(number)],
            vulnerable=VULNERABLE_WORD[vulnerable_of(number)],
            ns_score=None,
            adjusted={"ns": board.adjusted[0], "ew": board.adjusted[1]},
        )
        return row
    deal = board.deal
    law_dealer, law_vulnerable = dealer_of(number), vulnerable_of(number)
    if board.dealer_written and deal.dealer != law_dealer:
        findings.add(
            "BOARD_DEALER_DIFFERS", deal=index, board=number, dealer_seat=deal.dealer, law_seat=law_dealer
        )
    vulnerable = law_vulnerable if deal.vulnerable is None else deal.vulnerable
    if vulnerable != law_vulnerable:
        findings.add(
            "BOARD_VULNERABLE_DIFFERS",
            deal=index,
            board=number,
            value=VULNERABLE_WORD[vulnerable],
            computed=VULNERABLE_WORD[law_vulnerable],
        )
    contract, tricks, _, played = _play_deal(index, deal, LAWS, findings)
    row.update(dealer=SEATS[deal.dealer], vulnerable=VULNERABLE_WORD[vulnerable], adjusted=None)
    lead = board.lead
    if contract is None:
        if lead is not None:
            findings.add("LEAD_WITHOUT_CONTRACT", deal=index, card=NAME[lead], board=number)
        row["ns_score"] = 0
        _check_score(index, board, 0, findings)
        return row
    leader = Seat((contract.declarer + 1) % 4) if deal.play_start is None else deal.play_start
    first = deal.play[0][0] if deal.play and deal.play[0] else None
    if lead is not None:
        if first is not None and first != lead:
            findings.add(
                "LEAD_MISMATCH",
                deal=index,
                seat=int(leader),
                card=NAME[first],
                lead_card=NAME[lead],
                board=number,
            )
        elif (
            first is None
            and deal.hands is not None
            and deal.hands[leader]
            and not deal.hands[leader] & BIT[lead]
        ):
            findings.add("LEAD_NOT_IN_HAND", deal=index, seat=int(leader), card=NAME[lead], board=number)
    row.update(
        contract=_contract_text(contract),
        declarer=SEATS[contract.declarer],
        lead=NAME[lead] if lead is not None else (NAME[first] if first is not None else None),
        tricks=tricks,
    )
    if tricks is None:
        row["ns_score"] = None
        return row
    side = contract.declarer % 2
    score = duplicate_score(contract, tricks, vulnerable[side])
    ns = score if side == 0 else -score
    row["ns_score"] = ns
    _check_score(index, board, ns, findings)
    if played is not None and played.revokes:
        row["revokes"] = len(played.revokes)
    return row


def _contract_text(contract: Any) -> str:
    return f"{contract.level}{contract.strain.letter}{'X' * (int(contract.doubling).bit_length() - 1)}"


def _check_score(index: int, board: Board, ns: int, findings: Findings) -> None:
    if board.score is not None and board.score != ns:
        findings.add(
            "SCORE_MISMATCH", deal=index, form="board", board=board.number, written=board.score, score=ns
        )


# -- write ---------------------------------------------------------------------------------


def to_document(log: TableLog) -> dict[str, Any]:
    """The canonical document: ``parse(to_document(log)) == log``."""
    doc: dict[str, Any] = {"game": GAME, "version": VERSION}
    if log.event is not None:
        doc["event"] = dict(log.event)
    for key in ("section", "round", "table"):
        if getattr(log, key) is not None:
            doc[key] = getattr(log, key)
    if log.pairs is not None:
        doc["pairs"] = {"ns": log.pairs[0], "ew": log.pairs[1]}
    doc["players"] = list(log.players)
    doc["boards"] = [_board_document(b) for b in log.boards]
    return doc


def _board_document(board: Board) -> dict[str, Any]:
    out: dict[str, Any] = {"board": board.number}
    if board.adjusted is not None:
        out["adjusted"] = {"ns": board.adjusted[0], "ew": board.adjusted[1]}
        return out
    assert board.deal is not None
    shared = _deal_document(board.deal)
    if not board.dealer_written:
        del shared["dealer"]
    if not shared["auction"]:
        del shared["auction"]
    out.update(shared)
    if board.lead is not None:
        out["lead"] = NAME[board.lead]
    if board.score is not None:
        out["score"] = board.score
    return out
