"""The published PBN 2.1 results file of a duplicate pairs event (issue 22): the board tags,
each board's ScoreTable and the event's TotalScoreTable, read back by rules.bridge.pbn_results."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.bridge.boards import board_tags, deal_board
from rules.bridge.pbn_duplicate import kind_of
from rules.bridge.pbn_results import decimal, read_results
from rules.bridge.pbn_results_write import Line, Ranked, write_event_results
from rules.duplicate.matchpoints import Adjusted, Played
from rules.duplicate.session import BoardResult, score_session

SEED = "published-file"

#: Board 1 at three tables, written by hand: 4♥ made by North (+420), passed out, and an
#: adjusted score of 60 % to North–South and 40 % to East–West; the top is 4.
THREE_ROWS = [
    Line(1, 4, "4H", "N", 10, 420, Fraction(4), Fraction(0), Fraction(100), Fraction(0)),
    Line(2, 5, "Pass", "", None, 0, Fraction(2), Fraction(2), Fraction(50), Fraction(50)),
    Line(
        3, 6, None, "", None, None, Fraction(12, 5), Fraction(8, 5), Fraction(60), Fraction(40), adjusted=True
    ),
]
RANKING = [
    Ranked(1, "1", ("Анна Иванова", "Борис Петров"), Fraction(4), Fraction(100), 1, "NS"),
    Ranked(3, "2", ("Вера", "Глеб"), Fraction(12, 5), Fraction(60), 1, "NS"),
    Ranked(5, "1", ('Дина "Ди"', "Егор"), Fraction(2), Fraction(50), 1, "EW"),
]


def _file(method: str = "matchpoints") -> str:
    return write_event_results(
        [deal_board(SEED, 1), deal_board(SEED, 2)],
        {1: THREE_ROWS},
        RANKING,
        method=method,
        event="Парный вечер",
        site="Клуб «Козырь»",
        date="2026.12.04",
    )


def test_the_traveller_of_three_rows_is_written_column_by_column():
    lines = _file().split("\r\n")
    header = lines.index(
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;'
        'Score_EW\\6R;MP_NS\\6R;MP_EW\\6R;Percentage_NS\\7R;Percentage_EW\\7R"]'
    )
    assert lines[header + 1 : header + 4] == [
        " 1  4 4H    N 10    420   -420   4.00   0.00  100.00    0.00",
        " 2  5 Pass  -  -      0      0   2.00   2.00   50.00   50.00",
        " 3  6 -     -  -      -      -  ^2.40  ^1.60  ^60.00  ^40.00",
    ]
    assert lines[header + 4 : header + 8] == [
        '[TotalScoreTable "Rank\\5R;PairId\\2R;Direction\\2L;TotalMP\\7R;TotalPercentage\\6R;NrBoards\\2R;Names\\40L"]',
        '    1  1 NS    4.00 100.00  1 "Анна Иванова;Борис Петров"',
        '    2  3 NS    2.40  60.00  1 "Вера;Глеб"',
        '    1  5 EW    2.00  50.00  1 "Дина \\"Ди\\";Егор"',
    ]


def test_the_board_tags_come_first_with_the_scoring():
    text = _file()
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n\r\n")
    first = text.split("\r\n\r\n")[1].split("\r\n")
    board = deal_board(SEED, 1)
    assert first[:8] == [
        '[Event "Парный вечер"]',
        '[Site "Клуб «Козырь»"]',
        '[Date "2026.12.04"]',
        '[Board "1"]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        first[6],
        '[Scoring "MP"]',
    ]
    assert first[6] == f'[Deal "{board_tags(board)[-1][1]}"]'
    # Board 2 has no result yet: its tags and no table.
    second = text.split("\r\n\r\n")[2].split("\r\n")
    assert second[3:6] == ['[Board "2"]', '[Dealer "E"]', '[Vulnerable "NS"]']
    assert not any(line.startswith("[ScoreTable") for line in second)
    assert kind_of(text) == "duplicate"


def test_the_three_rows_read_back_as_written():
    boards, rows, totals = read_results(_file())
    assert [b.number for b in boards] == [1, 2]
    assert boards[0].hands == deal_board(SEED, 1).hands
    assert rows == {
        1: [
            {
                "PairId_NS": "1",
                "PairId_EW": "4",
                "Contract": "4H",
                "Declarer": "N",
                "Result": "10",
                "Score_NS": "420",
                "Score_EW": "-420",
                "MP_NS": "4.00",
                "MP_EW": "0.00",
                "Percentage_NS": "100.00",
                "Percentage_EW": "0.00",
            },
            {
                "PairId_NS": "2",
                "PairId_EW": "5",
                "Contract": "Pass",
                "Declarer": "-",
                "Result": "-",
                "Score_NS": "0",
                "Score_EW": "0",
                "MP_NS": "2.00",
                "MP_EW": "2.00",
                "Percentage_NS": "50.00",
                "Percentage_EW": "50.00",
            },
            {
                "PairId_NS": "3",
                "PairId_EW": "6",
                "Contract": "-",
                "Declarer": "-",
                "Result": "-",
                "Score_NS": "-",
                "Score_EW": "-",
                "MP_NS": "^2.40",
                "MP_EW": "^1.60",
                "Percentage_NS": "^60.00",
                "Percentage_EW": "^40.00",
            },
        ]
    }
    assert [(t["Rank"], t["PairId"], t["Direction"], t["Names"]) for t in totals] == [
        ("1", "1", "NS", "Анна Иванова;Борис Петров"),
        ("2", "3", "NS", "Вера;Глеб"),
        ("1", "5", "EW", 'Дина "Ди";Егор'),
    ]


def test_a_butler_event_writes_imps_and_no_percentages():
    text = _file("butler")
    assert '[Scoring "Butler"]' in text
    _, rows, totals = read_results(text)
    assert list(rows[1][0]) == [
        "PairId_NS",
        "PairId_EW",
        "Contract",
        "Declarer",
        "Result",
        "Score_NS",
        "Score_EW",
        "IMP_NS",
        "IMP_EW",
    ]
    assert (rows[1][0]["IMP_NS"], rows[1][2]["IMP_NS"]) == ("4.00", "^2.40")
    assert list(totals[0]) == ["Rank", "PairId", "Direction", "TotalIMP", "NrBoards", "Names"]
    assert '[Scoring "Cross-IMPs"]' in _file("cross_imps")


def test_an_unknown_method_is_refused():
    with pytest.raises(ValueError, match="no such scoring method"):
        _file("aggregate")


def test_a_scored_session_comes_back_with_every_figure():
    """Two boards at three tables, scored by matchpoints with board 2 played twice (Neuberg to
    three): what is written is what score_session computed, to the hundredth."""
    results = [
        BoardResult(1, 1, 4, Played(420)),
        BoardResult(1, 2, 5, Played(450)),
        BoardResult(1, 3, 6, Played(-50)),
        BoardResult(2, 1, 5, Played(110)),
        BoardResult(2, 2, 6, Adjusted(60, 40)),
    ]
    travellers, pairs = score_session(results, "matchpoints", expected={1: 3, 2: 3})
    lines = {
        t.board: [
            Line(
                r.ns,
                r.ew,
                None if isinstance(r.result, Adjusted) else "4S",
                "N",
                10,
                r.result.ns_score if isinstance(r.result, Played) else None,
                ns,
                ew,
                ns * 100 / (t.mark or 1),
                ew * 100 / (t.mark or 1),
                adjusted=isinstance(r.result, Adjusted),
            )
            for r, ns, ew in t.rows
        ]
        for t in travellers
    }
    ranking = [
        Ranked(p.pair, p.place, (f"A{p.pair}", f"B{p.pair}"), p.total, p.score, len(p.by_board))
        for p in sorted(pairs.values(), key=lambda p: p.pair)
    ]
    boards = [deal_board(SEED, 1), deal_board(SEED, 2)]
    _, rows, totals = read_results(write_event_results(boards, lines, ranking, method="matchpoints"))
    for traveller in travellers:
        written = rows[traveller.board]
        assert len(written) == len(traveller.rows)
        for row, (result, ns, ew) in zip(written, traveller.rows, strict=True):
            mark = "^" if isinstance(result.result, Adjusted) else ""
            assert (row["PairId_NS"], row["PairId_EW"]) == (str(result.ns), str(result.ew))
            assert (row["MP_NS"], row["MP_EW"]) == (mark + decimal(ns), mark + decimal(ew))
    assert {t["PairId"]: (t["TotalMP"], t["TotalPercentage"], t["Rank"]) for t in totals} == {
        str(p.pair): (decimal(p.total), decimal(p.score), p.place.replace("–", "-")) for p in pairs.values()
    }
    # The figures themselves, so that a change of scoring shows here: 450 beats 420 beats −50.
    assert [r["MP_NS"] for r in rows[1]] == ["2.00", "4.00", "0.00"]
    assert "Direction" not in totals[0]
