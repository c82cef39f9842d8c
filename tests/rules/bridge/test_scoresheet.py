"""The paper We/They sheet and the PBN export, from the stored report object."""

from __future__ import annotations

from pathlib import Path

from rules.bridge import parse, replay, to_document
from rules.bridge.export import HEADER, export_pbn
from rules.bridge.pbn import read_pbn
from rules.bridge.scoresheet import game_made, games_after, paper_sheet, rubber_scores

DATA = Path(__file__).resolve().parents[2] / "data" / "pbn"


def read(name: str, ruleset: str = "seed"):
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
    # The file's ScoreRubber wrote 120 and 100: the seed's 100 for the game is missing.
    assert cell(sheet["below"][0], "we") == ([(120, "tricks"), (100, "game")], 120)
    assert cell(sheet["below"][1], "they") == ([(100, "tricks"), (100, "game")], 100)
    assert cell(sheet["below"][2], "we") == ([(100, "tricks"), (100, "game")], None)
    assert sheet["sums"] == {"we": {"above": 1030, "below": 420}, "they": {"above": 0, "below": 200}}
    assert (sheet["totals"], sheet["whists"]) == ([1450, 200], [13, -13])
    assert sheet["below"][1]["vulnerable"] == {"we": True, "they": False}
    entry = sheet["above"][1]["we"]["entries"][0]
    assert (entry["contract"], entry["declarer"], entry["result"]) == ("3DX", "W", -2)


def test_an_unfinished_rubber_gets_its_law80_points_at_the_top():
    document, _ = read("rubber")
    document["deals"] = document["deals"][:1]
    report = replay(parse(document)).as_dict()
    [sheet] = paper_sheet(report)
    assert not sheet["finished"]
    assert sheet["above"][0]["deal"] is None
    assert cell(sheet["above"][0], "we") == ([(300, "unfinished_game")], None)
    assert sheet["sums"]["we"] == {"above": 300, "below": 220}
    assert sheet["totals"] == [520, 0]


def test_rubber_scores_for_the_pbn_writer():
    _, report = read("rubber")
    assert rubber_scores(report) == [
        {"we": {"above": 0, "below": 220}, "they": {"above": 0, "below": 0}, "games": [1, 0]},
        {"we": {"above": 0, "below": 0}, "they": {"above": 0, "below": 200}, "games": [1, 1]},
        {"we": {"above": 500, "below": 0}, "they": {"above": 0, "below": 0}, "games": [1, 1]},
        {"we": {"above": 530, "below": 200}, "they": {"above": 0, "below": 0}, "games": [2, 1]},
    ]


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
    document, report = read("rubber")
    text = export_pbn([(to_document(parse(document)), report)])
    assert [line for line in text.splitlines() if line.startswith("[Vulnerable")] == [
        '[Vulnerable "None"]',
        '[Vulnerable "NS"]',
        '[Vulnerable "All"]',
        '[Vulnerable "All"]',
    ]
    # ScoreRubber keeps what the scorer wrote (120), not the replay's 220.
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
