"""PBN 2.1 results files (rules/bridge/pbn_results.py): a scored session written with its
ScoreTable and TotalScoreTable, read back to the same boards, rows and totals, and written
again to the same bytes; the tables' refusals name the board and the line."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.bridge.analytics import duplicate_score
from rules.bridge.boards import deal_board
from rules.bridge.core import Contract, Doubling, Seat, Strain
from rules.bridge.pbn_results import (
    TableResult,
    decimal,
    read_results,
    score_rows,
    total_rows,
    write_results,
    write_tables,
)
from rules.duplicate.matchpoints import Played
from rules.duplicate.movements import mitchell
from rules.duplicate.session import BoardResult, score_session
from rules.errors import MalformedDocument

BOARDS_PER_ROUND = 2
STRAINS = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "NT": Strain.NOTRUMP,
}
#: What each table makes of every board it plays (table 1, 2, 3): level, strain, declarer, tricks.
MADE = {1: (4, "S", "N", 10), 2: (4, "S", "N", 9), 3: (2, "S", "N", 10)}
NAMES = {
    1: "Anna Ivanova - Boris Petrov",
    2: "Vera Orlova - Gleb Sokolov",
    3: "Daria Lis - Egor Volkov",
    4: "Zoya Belova - Ilya Popov",
    5: "Kira Zueva - Lev Frolov",
    6: "Mila Gorina - Nil Rybakov",
}
EVENT = {"event": "Club pairs", "site": "Kyiv", "date": "2024.05.14"}


def _ns_score(board: int, level: int, strain: str, declarer: str, tricks: int) -> int:
    seat = Seat("NESW".index(declarer))
    contract = Contract(level, STRAINS[strain], Doubling.UNDOUBLED, seat)
    ns_vul, ew_vul = deal_board("x", board).vulnerable
    ns_side = declarer in "NS"
    score = duplicate_score(contract, tricks, ns_vul if ns_side else ew_vul)
    return score if ns_side else -score


def _session(method: str = "matchpoints") -> tuple[list, list, dict, dict]:
    movement = mitchell(3)
    boards = [deal_board("pbn-results", n) for n in range(1, 3 * BOARDS_PER_ROUND + 1)]
    results, tables = [], {}
    for sitting in sorted(movement.sittings, key=lambda s: (s.round, s.table)):
        assert sitting.ns is not None
        assert sitting.ew is not None
        for k in range(BOARDS_PER_ROUND):
            number = (sitting.boards - 1) * BOARDS_PER_ROUND + k + 1
            level, strain, declarer, tricks = MADE[sitting.table]
            score = _ns_score(number, level, strain, declarer, tricks)
            results.append(BoardResult(number, sitting.ns, sitting.ew, Played(score)))
            tables[(number, sitting.ns)] = TableResult(f"{level}{strain}", declarer, tricks)
    travellers, pairs = score_session(results, method, fields=[(1, 2, 3), (4, 5, 6)])
    return boards, travellers, pairs, tables


def test_a_mitchell_session_is_written_read_back_and_written_again_identically() -> None:
    boards, travellers, pairs, tables = _session()
    text = write_results(boards, travellers, pairs, tables=tables, names=NAMES, method="matchpoints", **EVENT)
    read_boards, rows, totals = read_results(text)
    assert read_boards == boards
    assert rows == score_rows(travellers, tables, method="matchpoints")
    assert totals == total_rows(pairs, names=NAMES, method="matchpoints")
    assert write_tables(read_boards, rows, totals, scoring="MP", **EVENT) == text
    assert read_results(text.encode("utf-8")) == (read_boards, rows, totals)

    # Board 1 (none vulnerable) is set 1: table 1 in round 1 (pairs 1 v 4: 4S by N, 10
    # tricks, 420), table 3 in round 2 (3 v 5: 2S by N, 10 tricks, 170), table 2 in round 3
    # (2 v 6: 4S by N, 9 tricks, −50). Top 4 (two per beat): 420 beats both, 4 and 0.
    assert rows[1][0] == {
        "PairId_NS": "1",
        "PairId_EW": "4",
        "Contract": "4S",
        "Declarer": "N",
        "Result": "10",
        "Score_NS": "420",
        "Score_EW": "-420",
        "MP_NS": "4.00",
        "MP_EW": "0.00",
    }
    assert [(r["PairId_NS"], r["Score_NS"], r["MP_NS"], r["MP_EW"]) for r in rows[1]] == [
        ("1", "420", "4.00", "0.00"),
        ("3", "170", "2.00", "2.00"),
        ("2", "-50", "0.00", "4.00"),
    ]
    lines = text.split("\r\n")
    header = lines.index(
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;'
        'Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;MP_EW\\5R"]'
    )
    assert lines[header - 8 : header] == [
        '[Event "Club pairs"]',
        '[Site "Kyiv"]',
        '[Date "2024.05.14"]',
        '[Board "1"]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        lines[header - 2],
        '[Scoring "MP"]',
    ]
    assert lines[header + 1] == " 1  4 4S   N 10    420   -420  4.00  0.00"
    # Every pair of a field plays the same boards against the same pairs, so each North–South
    # pair made every board at one table: table 1 (all 420s) wins, 24 of 24.
    total = lines.index(
        '[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\40L;TotalScoreMP\\6R;TotalPercentage\\6R"]'
    )
    assert total == header + 4  # in the first game, after board 1's three rows
    assert lines[total + 1] == ' 1  1 "Anna Ivanova - Boris Petrov"             24.00 100.00'
    assert totals[0] == {
        "Rank": "1",
        "PairId": "1",
        "Names": "Anna Ivanova - Boris Petrov",
        "TotalScoreMP": "24.00",
        "TotalPercentage": "100.00",
    }


@pytest.mark.parametrize(("method", "scoring"), [("butler", "Butler"), ("cross_imps", "Cross-IMPs")])
def test_an_imp_session_writes_imp_columns_and_reads_back(method: str, scoring: str) -> None:
    boards, travellers, pairs, tables = _session(method)
    text = write_results(boards, travellers, pairs, tables=tables, names=NAMES, method=method, **EVENT)
    assert f'[Scoring "{scoring}"]' in text
    assert "MP_NS\\5R;MP_EW\\5R" not in text
    assert ';IMP_NS\\6R;IMP_EW\\6R"]' in text
    assert '[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\40L;TotalScoreIMP\\6R"]' in text
    read_boards, rows, totals = read_results(text)
    assert read_boards == boards
    assert rows == score_rows(travellers, tables, method=method)
    assert write_tables(read_boards, rows, totals, scoring=scoring, **EVENT) == text


def test_decimals_round_half_away_from_zero() -> None:
    assert [
        decimal(v) for v in (Fraction(55, 2), Fraction(-1, 3), Fraction(1, 200), Fraction(-1, 300), 0)
    ] == [
        "27.50",
        "-0.33",
        "0.01",
        "0.00",
        "0.00",
    ]


SMALL = (
    '% PBN 2.1\n\n[Board "7"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    '[Scoring "MP"]\n'
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;'
    'MP_NS\\5R;MP_EW\\5R"]\n'
    " 1  4 3NT  S  9    600   -600  2.00  0.00 {a comment}\n"
    ' 2  5 "3NT" N  8   -100    100  0.00  2.00\n'
    '[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\40L;TotalScoreMP\\6R;TotalPercentage\\6R"]\n'
    ' 1  1 "Anna \\"Anya\\" Ivanova - Boris Petrov"  2.00 100.00\n'
)


def test_a_hand_written_file_is_read_by_column() -> None:
    boards, rows, totals = read_results(SMALL)
    assert [b.number for b in boards] == [7]
    assert boards[0].dealer == 2  # board 7: South deals (Law 2); the Deal starts with North
    assert rows[7][1] == {
        "PairId_NS": "2",
        "PairId_EW": "5",
        "Contract": "3NT",
        "Declarer": "N",
        "Result": "8",
        "Score_NS": "-100",
        "Score_EW": "100",
        "MP_NS": "0.00",
        "MP_EW": "2.00",
    }
    assert totals[0]["Names"] == 'Anna "Anya" Ivanova - Boris Petrov'
    again = write_tables(boards, rows, totals, scoring="MP")
    lines = again.split("\r\n")
    assert lines[8] == '[Deal "S:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ"]'
    assert lines[11:15] == [
        " 1  4 3NT  S  9    600   -600  2.00  0.00",
        " 2  5 3NT  N  8   -100    100  0.00  2.00",
        '[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\40L;TotalScoreMP\\6R;TotalPercentage\\6R"]',
        ' 1  1 "Anna \\"Anya\\" Ivanova - Boris Petrov"     2.00 100.00',
    ]
    assert read_results(again) == (boards, rows, totals)


def _refusal(text: str) -> MalformedDocument:
    with pytest.raises(MalformedDocument) as caught:
        read_results(text)
    return caught.value


def test_a_row_with_the_wrong_number_of_values_is_refused_at_its_board_and_line() -> None:
    error = _refusal(
        SMALL.replace(' 2  5 "3NT" N  8   -100    100  0.00  2.00', " 2  5 3NT N 8 -100 100 0.00")
    )
    assert error.path == "boards[0].ScoreTable"
    assert error.code == "BRIDGE_PBN_TABLE_ROW"
    assert error.params["board"] == "7"
    assert error.params["line"] == 8
    assert error.params["count"] == 8
    assert error.params["fields"].startswith("PairId_NS, PairId_EW, Contract")
    assert str(error) == (
        "boards[0].ScoreTable: board 7, line 8: this ScoreTable row has 8 values; its header names "
        "one per column: PairId_NS, PairId_EW, Contract, Declarer, Result, Score_NS, Score_EW, MP_NS, MP_EW"
    )


def test_a_column_that_is_no_name_with_width_and_alignment_is_refused() -> None:
    error = _refusal(SMALL.replace("Names\\40L", "Names\\L40"))
    assert (error.path, error.code) == ("boards[0].TotalScoreTable", "BRIDGE_PBN_TABLE_COLUMN")
    assert error.params == {"board": "7", "line": 9, "tag": "TotalScoreTable", "text": "Names\\L40"}
    error = _refusal(SMALL.replace("MP_EW\\5R", "MP_NS\\5R"))
    assert error.code == "BRIDGE_PBN_TABLE_COLUMN_TWICE"
    assert error.params["name"] == "MP_NS"


def test_a_table_given_twice_is_refused() -> None:
    error = _refusal(SMALL + '[TotalScoreTable "Rank\\2R"]\n 2\n')
    assert error.code == "BRIDGE_PBN_TABLE_TWICE"
    assert (error.params["line"], error.params["first"]) == (11, 9)


def test_a_results_file_becomes_the_tables_own_logs_and_scores_the_same_again() -> None:
    from rules.bridge import traveller
    from rules.bridge.pbn_results import travellers_from_results

    boards, travellers, pairs, tables = _session()
    text = write_results(boards, travellers, pairs, tables=tables, names=NAMES, method="matchpoints", **EVENT)
    docs = travellers_from_results(text)
    # Three tables, three rounds: nine table-rounds of two boards each.
    assert len(docs) == 9
    first = docs[0]
    assert first["players"] == ["Anna Ivanova", "Zoya Belova", "Boris Petrov", "Ilya Popov"]
    assert first["pairs"] == {"ns": 1, "ew": 4}
    assert [b["board"] for b in first["boards"]] == [1, 2]
    assert first["boards"][0]["contract"] == "4S"
    # Replayed, every board scores what the file wrote, and matchpointed again the pairs get
    # the file's totals.
    again = []
    for doc in docs:
        report = traveller.replay(traveller.parse(doc))
        assert report["findings"] == []
        ns, ew = doc["pairs"]["ns"], doc["pairs"]["ew"]
        again += [BoardResult(b["board"], ns, ew, Played(b["ns_score"])) for b in report["boards"]]
    _, rescored = score_session(again, fields=[(1, 2, 3), (4, 5, 6)])
    assert {p: s.total for p, s in rescored.items()} == {p: s.total for p, s in pairs.items()}


def test_pairs_without_names_get_numbered_players() -> None:
    from rules.bridge.pbn_results import travellers_from_results

    boards, travellers, pairs, tables = _session()
    text = write_results(boards, travellers, pairs, tables=tables, names={}, method="matchpoints", **EVENT)
    assert travellers_from_results(text)[0]["players"] == ["№1 (1)", "№4 (1)", "№1 (2)", "№4 (2)"]
