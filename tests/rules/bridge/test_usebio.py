"""The USEBIO 1.2 XML results file of a duplicate pairs event (issue 22).

The EBU's DTD (usebio_v1_2.dtd) was not to be had here, so these tests check the structure
the module docstring states — every element's children in order — and the exact values,
by parsing the file with the standard library's XML parser."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from rules.bridge.pbn_results_write import Line, Ranked
from rules.bridge.usebio import EventInfo, write_usebio

LINES = {
    1: [
        Line(1, 4, "4H", "N", 10, 420, Fraction(4), Fraction(0), Fraction(100), Fraction(0)),
        Line(2, 5, "Pass", "", None, 0, Fraction(2), Fraction(2), Fraction(50), Fraction(50)),
        Line(
            3,
            6,
            None,
            "",
            None,
            None,
            Fraction(12, 5),
            Fraction(8, 5),
            Fraction(60),
            Fraction(40),
            adjusted=True,
        ),
    ],
    2: [Line(1, 5, "3NTX", "E", 7, 500, Fraction(1, 3), Fraction(11, 3), Fraction(25, 3), Fraction(275, 3))],
}
RANKING = [
    Ranked(1, "1", ("Анна Иванова", "Борис <Б> & Ко"), Fraction(13, 3), Fraction(5417, 100), 2, "NS"),
    Ranked(5, "1–2", ("Вера", "Глеб"), Fraction(17, 3), Fraction(7083, 100), 2, "EW"),
]
INFO = EventInfo(club="Клуб «Козырь»", name="Парный вечер", date="2026-12-04")


def _root(method: str = "matchpoints", **kw) -> ET.Element:
    text = write_usebio(INFO, RANKING, LINES, method=method, leads={(1, 1, 4): "kh"}, **kw)
    assert text.startswith(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">\n<USEBIO Version="1.2">'
    )
    return ET.fromstring(text.split("\n", 2)[2])  # noqa: S314 (our own output)


def _children(element: ET.Element) -> list[str]:
    return [child.tag for child in element]


def _values(element: ET.Element) -> dict[str, str | None]:
    return {child.tag: child.text for child in element if len(child) == 0}


def test_the_event_header_in_order():
    root = _root()
    assert _children(root) == ["CLUB", "EVENT"]
    assert _values(root.find("CLUB")) == {"CLUB_NAME": "Клуб «Козырь»"}
    event = root.find("EVENT")
    assert event.attrib == {"EVENT_TYPE": "PAIRS"}
    assert _children(event) == [
        "PROGRAM_NAME",
        "PROGRAM_VERSION",
        "EVENT_DESCRIPTION",
        "DATE",
        "WINNER_TYPE",
        "BOARD_SCORING_METHOD",
        "BOARDS_PLAYED",
        "PARTICIPANTS",
        "BOARD",
        "BOARD",
    ]
    assert _values(event) == {
        "PROGRAM_NAME": "Trickbook",
        "PROGRAM_VERSION": "1",
        "EVENT_DESCRIPTION": "Парный вечер",
        "DATE": "04/12/2026",
        "WINNER_TYPE": "2",
        "BOARD_SCORING_METHOD": "MATCH_POINTS",
        "BOARDS_PLAYED": "2",
    }


def test_each_pair_with_its_players_place_and_score():
    pairs = _root().find("EVENT/PARTICIPANTS").findall("PAIR")
    assert [_children(p) for p in pairs] == [
        [
            "PAIR_NUMBER",
            "DIRECTION",
            "BOARDS_PLAYED",
            "PLAYER",
            "PLAYER",
            "PLACE",
            "TOTAL_SCORE",
            "PERCENTAGE",
        ]
    ] * 2
    assert _values(pairs[0]) == {
        "PAIR_NUMBER": "1",
        "DIRECTION": "NS",
        "BOARDS_PLAYED": "2",
        "PLACE": "1",
        "TOTAL_SCORE": "4.33",
        "PERCENTAGE": "54.17",
    }
    # The names escaped in the file, read back as they were.
    assert [p.findtext("PLAYER_NAME") for p in pairs[0].findall("PLAYER")] == [
        "Анна Иванова",
        "Борис <Б> & Ко",
    ]
    assert (pairs[1].findtext("PLACE"), pairs[1].findtext("DIRECTION")) == ("1-2", "EW")


def test_the_traveller_lines_of_a_board():
    boards = _root().find("EVENT").findall("BOARD")
    assert [b.findtext("BOARD_NUMBER") for b in boards] == ["1", "2"]
    made, passed, adjusted = boards[0].findall("TRAVELLER_LINE")
    assert _children(made) == [
        "NS_PAIR_NUMBER",
        "EW_PAIR_NUMBER",
        "CONTRACT",
        "PLAYED_BY",
        "LEAD",
        "TRICKS",
        "SCORE",
        "NS_MATCH_POINTS",
        "EW_MATCH_POINTS",
    ]
    assert _values(made) == {
        "NS_PAIR_NUMBER": "1",
        "EW_PAIR_NUMBER": "4",
        "CONTRACT": "4H",
        "PLAYED_BY": "N",
        "LEAD": "KH",
        "TRICKS": "10",
        "SCORE": "420",
        "NS_MATCH_POINTS": "4.00",
        "EW_MATCH_POINTS": "0.00",
    }
    assert _values(passed) == {
        "NS_PAIR_NUMBER": "2",
        "EW_PAIR_NUMBER": "5",
        "CONTRACT": "PASS",
        "SCORE": "0",
        "NS_MATCH_POINTS": "2.00",
        "EW_MATCH_POINTS": "2.00",
    }
    assert _values(adjusted) == {
        "NS_PAIR_NUMBER": "3",
        "EW_PAIR_NUMBER": "6",
        "SCORE": "A6040",
        "NS_MATCH_POINTS": "2.40",
        "EW_MATCH_POINTS": "1.60",
    }
    (doubled,) = boards[1].findall("TRAVELLER_LINE")
    assert _values(doubled) == {
        "NS_PAIR_NUMBER": "1",
        "EW_PAIR_NUMBER": "5",
        "CONTRACT": "3NTX",
        "PLAYED_BY": "E",
        "TRICKS": "7",
        "SCORE": "500",
        "NS_MATCH_POINTS": "0.33",
        "EW_MATCH_POINTS": "3.67",
    }


def test_an_imp_event_names_its_method_and_writes_no_percentage():
    root = _root("cross_imps")
    assert root.findtext("EVENT/BOARD_SCORING_METHOD") == "CROSS_IMPS"
    assert _root("butler").findtext("EVENT/BOARD_SCORING_METHOD") == "BUTLER_IMPS"
    assert root.find("EVENT/PARTICIPANTS/PAIR/PERCENTAGE") is None
    assert root.findtext("EVENT/PARTICIPANTS/PAIR/TOTAL_SCORE") == "4.33"


def test_one_field_has_one_winner_and_no_direction():
    ranking = [Ranked(1, "1", ("А", "Б"), Fraction(4), Fraction(100), 1)]
    text = write_usebio(INFO, ranking, {1: LINES[1][:1]}, method="matchpoints")
    root = ET.fromstring(text.split("\n", 2)[2])  # noqa: S314 (our own output)
    assert root.findtext("EVENT/WINNER_TYPE") == "1"
    assert root.find("EVENT/PARTICIPANTS/PAIR/DIRECTION") is None
    assert root.findtext("EVENT/BOARDS_PLAYED") == "1"


def test_an_unknown_method_is_refused():
    with pytest.raises(ValueError, match="no such scoring method"):
        write_usebio(INFO, RANKING, LINES, method="aggregate")
