"""The paper We/They sheet and the PBN export, from the stored report object."""

from __future__ import annotations

from pathlib import Path

from rules.bridge import parse, replay, to_document
from rules.bridge.export import HEADER, export_pbn
from rules.bridge.pbn import read_pbn
from rules.bridge.scoresheet import game_made, games_after, paper_sheet, rubber_scores

DATA = Path(__file__).resolve().parents[2] / "data" / "pbn"
#: The seed's other reading of «100 – за выигрыш первой партии…»: 100 below for each game won.
GAME_BONUS = {"preset": "seed", "game_bonus": 100}


def read(name: str, ruleset: str | dict = "seed"):
    document = read_pbn((DATA / f"{name}.pbn").read_bytes(), ruleset=ruleset)
    return document, replay(parse(document)).as_dict()


def cell(row, side):
    return [(e["points"], e["kind"]) for e in row[side]["entries"]], row[side]["recorded"]


def test_games_are_read_from_the_vulnerability_and_the_rubber():
    _, report = read("rubber")
    assert game_made(report) == [0, 1, None, 0]
    assert games_after(report) == [(1, 0), (1, 1), (1, 1), (2, 1)]


def test_the_rubber_on_paper():
    document, report = read("rubber")
    [sheet] = paper_sheet(report, [d.get("scores") for d in document["deals"]])
    assert (sheet["number"], sheet["finished"], sheet["games"]) == (1, True, [2, 1])
    # Above the line, the latest at the top: deal 4's overtrick and rubber bonus, then deal 3's set.
    assert [r["deal"] for r in sheet["above"]] == [4, 3]
    assert cell(sheet["above"][0], "we") == ([(30, "overtricks"), (500, "rubber")], None)
    assert cell(sheet["above"][1], "we") == ([(500, "undertricks")], None)
    # Below the line in order, each deal a game: a line under each.
    assert [(r["deal"], r["game"]) for r in sheet["below"]] == [(1, "we"), (2, "they"), (4, "we")]
    # The file's ScoreRubber wrote 120 and 100, as the seed scores them: nothing recorded apart.
    assert cell(sheet["below"][0], "we") == ([(120, "tricks")], None)
    assert cell(sheet["below"][1], "they") == ([(100, "tricks")], None)
    assert cell(sheet["below"][2], "we") == ([(100, "tricks")], None)
    # We above: 500 + 30 + 500; below 120 + 100. They: 100 below.
    assert sheet["sums"] == {"we": {"above": 1030, "below": 220}, "they": {"above": 0, "below": 100}}
    # 1250 - 100 = 1150: 11.5 whists, half up 12.
    assert (sheet["totals"], sheet["whists"]) == ([1250, 100], [12, -12])
    assert sheet["below"][1]["vulnerable"] == {"we": True, "they": False}
    entry = sheet["above"][1]["we"]["entries"][0]
    assert (entry["contract"], entry["declarer"], entry["result"]) == ("3DX", "W", -2)


def test_the_rubber_on_paper_in_the_other_reading():
    document, report = read("rubber", GAME_BONUS)
    [sheet] = paper_sheet(report, [d.get("scores") for d in document["deals"]])
    assert [(r["deal"], r["game"]) for r in sheet["below"]] == [(1, "we"), (2, "they"), (4, "we")]
    # The file's ScoreRubber wrote 120 and 100: this reading's 100 for the game is missing.
    assert cell(sheet["below"][0], "we") == ([(120, "tricks"), (100, "game")], 120)
    assert cell(sheet["below"][1], "they") == ([(100, "tricks"), (100, "game")], 100)
    assert cell(sheet["below"][2], "we") == ([(100, "tricks"), (100, "game")], None)
    assert sheet["sums"] == {"we": {"above": 1030, "below": 420}, "they": {"above": 0, "below": 200}}
    # 1450 - 200 = 1250: 12.5 whists, half up 13.
    assert (sheet["totals"], sheet["whists"]) == ([1450, 200], [13, -13])


def test_an_unfinished_rubber_gets_its_law80_points_at_the_top():
    document, _ = read("rubber")
    document["deals"] = document["deals"][:1]
    report = replay(parse(document)).as_dict()
    [sheet] = paper_sheet(report)
    assert not sheet["finished"]
    assert sheet["above"][0]["deal"] is None
    assert cell(sheet["above"][0], "we") == ([(300, "unfinished_game")], None)
    # 4H made: 120 below; the rubber left with one game: 300 (Law 80).
    assert sheet["sums"]["we"] == {"above": 300, "below": 120}
    assert sheet["totals"] == [420, 0]


def test_rubber_scores_for_the_pbn_writer():
    _, report = read("rubber")
    assert rubber_scores(report) == [
        {"we": {"above": 0, "below": 120}, "they": {"above": 0, "below": 0}, "games": [1, 0]},
        {"we": {"above": 0, "below": 0}, "they": {"above": 0, "below": 100}, "games": [1, 1]},
        {"we": {"above": 500, "below": 0}, "they": {"above": 0, "below": 0}, "games": [1, 1]},
        {"we": {"above": 530, "below": 100}, "they": {"above": 0, "below": 0}, "games": [2, 1]},
    ]
    _, report = read("rubber", GAME_BONUS)
    assert [item["we"]["below"] for item in rubber_scores(report)] == [220, 0, 0, 200]
    assert [item["they"]["below"] for item in rubber_scores(report)] == [0, 200, 0, 0]


def test_the_export_reads_back_to_the_same_deals():
    for name in ("rubber", "revoke", "passout", "claim"):
        document, report = read(name)
        canonical = to_document(parse(document))
        text = export_pbn([(canonical, report)])
        back = read_pbn(text)
        assert back["players"] == canonical["players"]
        for written, stored, rep in zip(back["deals"], canonical["deals"], report["deals"], strict=True):
            if "scores" not in stored:  # the export adds the replay's points where the log had none
                sums = rubber_scores({**report, "deals": [rep], "rubbers": []})[0]
                assert written.pop("scores") == {
                    side: {
                        line: [sums[side][line]] if sums[side][line] else [] for line in ("above", "below")
                    }
                    for side in ("we", "they")
                }
            assert written == stored


def test_the_vulnerability_and_history_come_from_the_report():
    document, report = read("rubber", GAME_BONUS)
    text = export_pbn([(to_document(parse(document)), report)])
    assert [line for line in text.splitlines() if line.startswith("[Vulnerable")] == [
        '[Vulnerable "None"]',
        '[Vulnerable "NS"]',
        '[Vulnerable "All"]',
        '[Vulnerable "All"]',
    ]
    # ScoreRubber keeps what the scorer wrote (120), not the replay's 220 (120 and 100 for the
    # game, in the reading with a game bonus).
    assert '[ScoreRubber "NS 0/120 EW 0/0"]' in text


def test_several_games_in_one_file_with_the_event():
    first, r1 = read("rubber")
    second, r2 = read("passout")
    text = export_pbn(
        [(first, r1), (second, r2)], event={"name": "Кубок", "site": "Клуб «Козырь»", "date": None}
    )
    assert text.startswith(HEADER)
    assert text.count("% PBN 2.1") == 1
    assert text.count('[Event "Кубок"]') == 5
    assert text.count('[Site "Клуб «Козырь»"]') == 5
    assert text.count('[Date "2024.03.14"]') == 5  # the logs' own date stays where none is given
    boards = [line for line in text.splitlines() if line.startswith("[Board")]
    assert boards == ['[Board "1"]', '[Board "2"]', '[Board "3"]', '[Board "4"]', '[Board "5"]']
