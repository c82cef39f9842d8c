"""PBN hand records and duplicate results files (rules/bridge/pbn_duplicate.py).

The files under tests/data/pbn/duplicate/ are written by hand: ``hand-record.pbn`` (three
boards of one deal turned round, CRLF, comments, a Deal from W, board 3 vulnerable All
against Law 2's EW) and ``pairs-mp.pbn`` (boards 1 and 2 at three tables, matchpoints,
the players changing from game to game; an auction and a play with a claim on board 1 at
the first table, a board passed out).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.bridge import traveller
from rules.bridge.boards import Board, deal_boards, hand_record_pbn, hand_text
from rules.bridge.pbn_duplicate import RecordBoard, kind_of, read_duplicate, read_hand_record
from rules.errors import MalformedDocument

DATA = Path(__file__).resolve().parents[2] / "data" / "pbn"
DUPLICATE = DATA / "duplicate"

#: The one deal of the test files, from the seat its Deal tag starts at.
HANDS = ("AKQ2.AK3.AQ2.K32", "JT9.QJT.KJT.AQJT", "876.9876.987.987", "543.542.6543.654")


def names(hand: str) -> list[str]:
    """A PBN hand (spades.hearts.diamonds.clubs) as the log's card names, in its order."""
    return [rank + suit for suit, ranks in zip("SHDC", hand.split("."), strict=True) for rank in ranks]


def seated(first: int) -> dict[str, list[str]]:
    """The deal's hands by seat when the Deal tag starts at seat ``first`` (N 0 .. W 3)."""
    return {"NESW"[(first + i) % 4]: names(HANDS[i]) for i in range(4)}


# -- hand records ---------------------------------------------------------------------------


def test_a_hand_record_file_is_read_board_by_board() -> None:
    boards = read_hand_record((DUPLICATE / "hand-record.pbn").read_bytes())
    assert [(b.number, b.dealer, b.vulnerable, b.law_dealer, b.law_vulnerable, b.line) for b in boards] == [
        (1, 0, (False, False), True, True, 3),
        (2, 1, (True, False), True, True, 13),
        (3, 2, (True, True), True, False, 22),
    ]
    assert [tuple(hand_text(mask) for mask in b.hands) for b in boards] == [
        HANDS,
        (HANDS[3], HANDS[0], HANDS[1], HANDS[2]),  # from E: N holds the fourth hand
        (HANDS[1], HANDS[2], HANDS[3], HANDS[0]),  # from W: N holds the second hand
    ]
    assert all(isinstance(b, Board) for b in boards)
    assert boards[2].board == Board(3, boards[2].hands)


def test_a_hand_record_written_is_read_back_identically() -> None:
    dealt = deal_boards("trickbook-test", range(1, 19))
    text = hand_record_pbn(dealt, event="Club evening", site="Kozyr", date="2026.03.05")
    read = read_hand_record(text)
    assert [b.board for b in read] == dealt
    assert all(b.law_dealer and b.law_vulnerable for b in read)
    assert hand_record_pbn(read, event="Club evening", site="Kozyr", date="2026.03.05") == text


def test_a_hand_record_keeps_the_files_own_dealer_and_vulnerability_when_written_back() -> None:
    text = '[Board "5"]\n[Dealer "W"]\n[Vulnerable "None"]\n[Deal "N:' + " ".join(HANDS) + '"]\n'
    (board,) = read_hand_record(text)
    assert (board.dealer, board.vulnerable, board.law_dealer, board.law_vulnerable) == (
        3,
        (False, False),
        False,
        False,
    )
    written = hand_record_pbn([board])
    assert '[Dealer "W"]' in written
    assert '[Vulnerable "None"]' in written
    assert read_hand_record(written) == [RecordBoard(5, board.hands, 3, (False, False), 3)]


def _refusal(reader: Any, text: str) -> tuple[str, str, dict[str, Any]]:
    with pytest.raises(MalformedDocument) as caught:
        reader(text)
    return caught.value.path, caught.value.code, caught.value.params


DEAL = '[Deal "N:' + " ".join(HANDS) + '"]'


@pytest.mark.parametrize(
    ("text", "path", "code", "params"),
    [
        pytest.param(
            f'[Board "1"]\n{DEAL}\n\n[Board "2"]\n{DEAL}\n\n[Board "1"]\n{DEAL}\n',
            "boards[2].Board",
            "BRIDGE_PBN_BOARD_TWICE",
            {"board": "1", "line": 7, "first": 1},
            id="board-twice",
        ),
        pytest.param(
            '[Board "4"]\n[Dealer "W"]\n[Deal "N:' + " ".join((*HANDS[:3], "-")) + '"]\n',
            "boards[0].Deal",
            "BRIDGE_PBN_DEAL_PARTIAL",
            {"board": "4", "line": 3, "compass": "W"},
            id="dash-hand",
        ),
        pytest.param(
            '[Board "2"]\n[Deal "E:' + " ".join((HANDS[0][:-1], *HANDS[1:])) + '"]\n',
            "boards[0].Deal",
            "BRIDGE_PBN_HAND_SIZE",
            {"board": "2", "line": 2, "compass": "E", "count": 12},
            id="twelve-cards",
        ),
        pytest.param(
            '[Board "1"]\n' + DEAL + '\n\n[Board "2"]\n[Dealer "E"]\n',
            "boards[1].Deal",
            "BRIDGE_PBN_DEAL_REQUIRED",
            {"board": "2", "line": 4},
            id="no-deal",
        ),
        pytest.param(
            '[Board "0"]\n' + DEAL + "\n",
            "boards[0].Board",
            "BRIDGE_PBN_BOARD_NUMBER",
            {"board": "0", "line": 1, "value": "0"},
            id="board-zero",
        ),
    ],
)
def test_a_hand_record_is_refused_at_its_board_and_line(
    text: str, path: str, code: str, params: dict[str, Any]
) -> None:
    assert _refusal(read_hand_record, text) == (path, code, params)


# -- duplicate results ----------------------------------------------------------------------


EVENT = {"name": "Club pairs", "site": "Kozyr", "date": "2026.03.05"}


def _table(players: list[str], *boards: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "bridge-duplicate",
        "version": 1,
        "event": EVENT,
        "players": players,
        "boards": list(boards),
    }


def test_a_duplicate_file_gives_one_table_log_per_four_players() -> None:
    docs = read_duplicate((DUPLICATE / "pairs-mp.pbn").read_text())
    one, two = seated(0), seated(1)
    assert docs == [
        _table(
            ["Anna", "Boris", "Vera", "Gleb"],
            {
                "board": 1,
                "hands": one,
                "contract": "3NT",
                "declarer": "N",
                "result": 9,
                "auction": ["2C", "P", "2D", "P", "3NT", "P", "P", "P"],
                "play": [["QH", "6H", "2H", "AH"], ["AS", "9S", "6S", "3S"]],
                "claim": 7,
                "score": 400,
            },
            {"board": 2, "hands": two, "contract": "3NT", "declarer": "E", "result": 9, "score": -400},
        ),
        _table(
            ["Dmitri", "Elena", "Zhanna", "Ivan"],
            {"board": 1, "hands": one, "contract": "4S", "declarer": "N", "result": 9, "score": -50},
            {"board": 2, "hands": two, "contract": "Pass", "auction": ["P", "P", "P", "P"], "score": 0},
        ),
        _table(
            ["Kira", "Lev", "Maria", "Nikita"],
            {"board": 1, "hands": one, "contract": "3NT", "declarer": "N", "result": 10, "score": 430},
            {"board": 2, "hands": two, "contract": "2S", "declarer": "E", "result": 8, "score": -110},
        ),
    ]


def test_the_tables_scores_replay_without_findings() -> None:
    reports = [
        traveller.replay(traveller.parse(d))
        for d in read_duplicate((DUPLICATE / "pairs-mp.pbn").read_bytes())
    ]
    assert [(r["findings"], r["status"], r["totals"]) for r in reports] == [
        ([], 0, [0, 0]),
        ([], 0, [-50, 50]),
        ([], 0, [320, -320]),
    ]
    assert [[b["ns_score"] for b in r["boards"]] for r in reports] == [[400, -400], [-50, 0], [430, -110]]


def test_a_wrong_score_is_a_score_mismatch() -> None:
    text = (DUPLICATE / "pairs-mp.pbn").read_text().replace('[Score "EW 110"]', '[Score "EW 140"]')
    report = traveller.replay(traveller.parse(read_duplicate(text)[2]))
    assert [(f["code"], f["params"]) for f in report["findings"]] == [
        ("SCORE_MISMATCH", {"form": "board", "board": 2, "written": -140, "score": -110})
    ]


BOARD_1 = '[Board "1"]\n[North "A"]\n[East "B"]\n[South "C"]\n[West "D"]\n'


@pytest.mark.parametrize(
    ("score", "read"),
    [("NS 620", 620), ("620", 620), ("EW 100", -100), ("NS -50 EW 50", -50), ("NS 625", None), ("?", None)],
)
def test_a_score_tag_is_read_as_north_souths_score(score: str, read: int | None) -> None:
    text = (
        BOARD_1
        + f'[Dealer "E"]\n[Vulnerable "All"]\n[Contract "4S"]\n[Declarer "S"]\n[Result "10"]\n[Score "{score}"]\n'
    )
    (doc,) = read_duplicate(text)
    expected: dict[str, Any] = {
        "board": 1,
        "dealer": "E",
        "vulnerable": "All",
        "contract": "4S",
        "declarer": "S",
        "result": 10,
    }
    if read is not None:
        expected["score"] = read
    assert doc["boards"] == [expected]
    traveller.parse(doc)


def test_a_game_without_a_result_is_skipped_in_a_results_file() -> None:
    text = '[Board "1"]\n' + DEAL + "\n\n" + BOARD_1 + '[Contract "Pass"]\n'
    assert read_duplicate(text) == [
        {
            "game": "bridge-duplicate",
            "version": 1,
            "players": ["A", "B", "C", "D"],
            "boards": [{"board": 1, "contract": "Pass"}],
        }
    ]


@pytest.mark.parametrize(
    ("text", "path", "code", "params"),
    [
        pytest.param(
            BOARD_1 + '[Contract "Pass"]\n\n' + BOARD_1 + '[Contract "1NT"]\n[Declarer "N"]\n[Result "7"]\n',
            "boards[1].Board",
            "BRIDGE_PBN_TABLE_BOARD_TWICE",
            {"board": "1", "line": 8, "first": 1},
            id="board-twice-at-a-table",
        ),
        pytest.param(
            BOARD_1 + '[Declarer "N"]\n[Result "7"]\n',
            "boards[0].Contract",
            "BRIDGE_PBN_CONTRACT_REQUIRED",
            {"board": "1", "line": 1},
            id="no-contract",
        ),
        pytest.param(
            BOARD_1 + '[Contract "2H"]\n[Declarer "N"]\n',
            "boards[0].Result",
            "BRIDGE_PBN_RESULT_REQUIRED",
            {"board": "1", "line": 1},
            id="no-result",
        ),
        pytest.param(
            BOARD_1.replace('"1"', '"5a"') + '[Contract "Pass"]\n',
            "boards[0].Board",
            "BRIDGE_PBN_BOARD_NUMBER",
            {"board": "5a", "line": 1, "value": "5a"},
            id="board-label",
        ),
        pytest.param(
            '[Board "1"]\n' + DEAL + "\n",
            "boards",
            "BRIDGE_PBN_NO_RESULT",
            {},
            id="deals-only",
        ),
    ],
)
def test_a_duplicate_file_is_refused_at_its_board_and_line(
    text: str, path: str, code: str, params: dict[str, Any]
) -> None:
    assert _refusal(read_duplicate, text) == (path, code, params)


# -- the kind of a file ----------------------------------------------------------------------


RESULT = '[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n'


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        pytest.param((DUPLICATE / "hand-record.pbn").read_text(), "hand-record", id="hand-record"),
        pytest.param((DUPLICATE / "pairs-mp.pbn").read_text(), "duplicate", id="scoring-mp"),
        pytest.param((DATA / "rubber.pbn").read_text(), "rubber", id="scoring-rubber"),
        pytest.param(BOARD_1 + '[Scoring "IMP;Cross"]\n' + RESULT, "duplicate", id="scoring-imp"),
        pytest.param(BOARD_1 + '[Scoring "Butler"]\n' + RESULT, "duplicate", id="scoring-butler"),
        pytest.param(BOARD_1 + '[Scoring "Chicago"]\n' + RESULT, "unknown", id="scoring-chicago"),
        pytest.param(
            BOARD_1 + '[Scoring "Rubber"]\n' + RESULT + "\n" + BOARD_1 + '[Scoring "MP"]\n' + RESULT,
            "unknown",
            id="scorings-disagree",
        ),
        pytest.param(
            BOARD_1 + RESULT + "\n" + BOARD_1.replace('"A"', '"E"') + RESULT, "duplicate", id="players-change"
        ),
        pytest.param(BOARD_1 + RESULT + '[ScoreRubber "NS 0/100 EW 0/0"]\n', "rubber", id="score-rubber"),
        pytest.param(BOARD_1 + RESULT, "unknown", id="one-table-unscored"),
        pytest.param(
            BOARD_1.replace('"A"', '"?"') + RESULT + "\n" + BOARD_1.replace('"1"', '"2"') + RESULT,
            "unknown",
            id="an-unknown-name-is-no-other-player",
        ),
        pytest.param("% PBN 2.1\n", "unknown", id="empty"),
        pytest.param('[Board "1"]\n[Dealer "N"]\n', "unknown", id="no-deal-no-result"),
    ],
)
def test_kind_of_says_which_reader_a_file_is_for(text: str, kind: str) -> None:
    assert kind_of(text) == kind
