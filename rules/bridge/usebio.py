"""A duplicate pairs event as a USEBIO 1.2 XML results file, the form federations take results in.

USEBIO ("Universal Scoring Exchange Bridge Information Output", published by the EBU for
scoring programs) files an event's pairs with their places and scores, and every board's
traveller. The EBU's DTD (``usebio_v1_2.dtd``) could not be obtained here, so the structure
follows what implementations that validate against it write (the element names and their
order below), not the DTD itself:

``USEBIO Version="1.2"`` › ``CLUB`` (``CLUB_NAME``) › ``EVENT EVENT_TYPE="PAIRS"`` with
``PROGRAM_NAME``, ``PROGRAM_VERSION``, ``EVENT_DESCRIPTION``, ``DATE`` (dd/mm/yyyy),
``WINNER_TYPE`` (1, or 2 for a Mitchell ranked in two fields), ``BOARD_SCORING_METHOD``
(``MATCH_POINTS``, ``BUTLER_IMPS``, ``CROSS_IMPS``), ``BOARDS_PLAYED``; then
``PARTICIPANTS`` › ``PAIR`` (``PAIR_NUMBER``, ``DIRECTION`` when ranked in two fields,
``BOARDS_PLAYED``, two ``PLAYER`` › ``PLAYER_NAME``, ``PLACE``, ``TOTAL_SCORE``,
``PERCENTAGE`` for matchpoints); then one ``BOARD`` per board (``BOARD_NUMBER``, its
``TRAVELLER_LINE``\\ s: ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``,
``LEAD``, ``TRICKS``, ``SCORE``, ``NS_MATCH_POINTS``, ``EW_MATCH_POINTS``).

Values: a contract as ``4H``, ``3NTX``, ``PASS``; the lead as rank and suit (``KH``, the ten
``TH``); ``SCORE`` North–South's (negative: East–West's); an adjusted score (Law 12C2) has
``SCORE`` ``A6040`` (each direction's percentage, two digits each, ``A5050`` for average) and
no contract, declarer, lead or tricks. The match point elements carry the points the board
earned by the event's method (matchpoints, or IMPs for Butler and cross-IMPs), two decimals.
The single section of a club evening is not wrapped in ``SESSION``/``SECTION`` elements.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.bridge.pbn_results import decimal
from rules.bridge.pbn_results_write import Line, Ranked

VERSION = "1.2"
DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">'
#: BOARD_SCORING_METHOD for each method of rules.duplicate.session.
BOARD_SCORING = {"matchpoints": "MATCH_POINTS", "butler": "BUTLER_IMPS", "cross_imps": "CROSS_IMPS"}


@dataclass(frozen=True, slots=True)
class EventInfo:
    """What the EVENT says about itself: the club, the event's name, its date (ISO
    ``YYYY-MM-DD`` or empty) and the program that wrote the file."""

    club: str
    name: str
    date: str = ""
    program: str = "Trickbook"
    program_version: str = "1"


def _date(iso: str) -> str:
    parts = iso.split("-")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        return f"{parts[2]}/{parts[1]}/{parts[0]}"
    return iso


def _element(parent: ET.Element, name: str, text: str | None = None) -> ET.Element:
    child = ET.SubElement(parent, name)
    if text is not None:
        child.text = text
    return child


def _contract(contract: str) -> str:
    return "PASS" if contract.upper() in ("PASS", "AP", "P") else contract.upper()


def _adjusted_score(ns: Fraction | None, ew: Fraction | None) -> str:
    """``A6040``: North–South's and East–West's percentages of an adjusted score."""
    return f"A{round(ns or 0):02d}{round(ew or 0):02d}"


def write_usebio(
    info: EventInfo,
    ranking: Sequence[Ranked],
    lines: Mapping[int, Sequence[Line]],
    *,
    method: str,
    leads: Mapping[tuple[int, int, int], str] | None = None,
) -> str:
    """The event as USEBIO 1.2 XML text (see the module docstring). ``ranking`` gives the
    pairs in the order written; ``lines`` each board's traveller rows; ``leads`` the opening
    lead of (board, North–South pair, East–West pair) as ``KH``, where known."""
    if method not in BOARD_SCORING:
        raise ValueError(f"no such scoring method: {method!r} (one of {', '.join(BOARD_SCORING)})")
    leads = leads or {}
    two_fields = any(r.field for r in ranking)
    root = ET.Element("USEBIO", {"Version": VERSION})
    club = _element(root, "CLUB")
    _element(club, "CLUB_NAME", info.club)
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "PAIRS"})
    _element(event, "PROGRAM_NAME", info.program)
    _element(event, "PROGRAM_VERSION", info.program_version)
    _element(event, "EVENT_DESCRIPTION", info.name)
    if info.date:
        _element(event, "DATE", _date(info.date))
    _element(event, "WINNER_TYPE", "2" if two_fields else "1")
    _element(event, "BOARD_SCORING_METHOD", BOARD_SCORING[method])
    _element(event, "BOARDS_PLAYED", str(len([b for b, rows in lines.items() if rows])))
    participants = _element(event, "PARTICIPANTS")
    for ranked in ranking:
        pair = _element(participants, "PAIR")
        _element(pair, "PAIR_NUMBER", str(ranked.pair))
        if ranked.field:
            _element(pair, "DIRECTION", ranked.field)
        _element(pair, "BOARDS_PLAYED", str(ranked.boards))
        for name in ranked.names:
            player = _element(pair, "PLAYER")
            _element(player, "PLAYER_NAME", name)
        _element(pair, "PLACE", ranked.place.replace("–", "-"))
        _element(pair, "TOTAL_SCORE", decimal(ranked.total))
        if method == "matchpoints" and ranked.percentage is not None:
            _element(pair, "PERCENTAGE", decimal(ranked.percentage))
    for number in sorted(lines):
        rows = lines[number]
        if not rows:
            continue
        board = _element(event, "BOARD")
        _element(board, "BOARD_NUMBER", str(number))
        for line in rows:
            traveller = _element(board, "TRAVELLER_LINE")
            _element(traveller, "NS_PAIR_NUMBER", str(line.ns))
            _element(traveller, "EW_PAIR_NUMBER", str(line.ew))
            if line.adjusted or line.contract is None:
                _element(traveller, "SCORE", _adjusted_score(line.ns_percentage, line.ew_percentage))
            else:
                contract = _contract(line.contract)
                _element(traveller, "CONTRACT", contract)
                if contract != "PASS":
                    _element(traveller, "PLAYED_BY", line.declarer)
                    lead = leads.get((number, line.ns, line.ew), "")
                    if lead:
                        _element(traveller, "LEAD", lead.upper())
                    if line.tricks is not None:
                        _element(traveller, "TRICKS", str(line.tricks))
                _element(traveller, "SCORE", str(line.ns_score or 0))
            _element(traveller, "NS_MATCH_POINTS", decimal(line.ns_points))
            _element(traveller, "EW_MATCH_POINTS", decimal(line.ew_points))
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'


__all__ = ["BOARD_SCORING", "DOCTYPE", "VERSION", "EventInfo", "write_usebio"]
