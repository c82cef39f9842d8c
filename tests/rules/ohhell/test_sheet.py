"""The readable score sheet: deals as rows, players as columns, annulled deals marked, findings last."""

from __future__ import annotations

from rules.ohhell import format_sheet, parse, replay

RENEGE_GAME = {
    "game": "oh-hell",
    "version": 1,
    "ruleset": {"preset": "classic", "schedule": [1, 2]},
    "players": ["Olga", "Petro", "Taras"],
    "deals": [
        {"dealer": 2, "cards": 1, "trump": "5C", "bids": [1, 0, 0], "tricks": [["AH", "2H", "KH"]]},
        {
            "dealer": 0,
            "cards": 2,
            "trump": None,
            "bids": [1, 1, 0],
            "blind": [False, True, False],
            "tricks": [["QD", "3C", "4D"], ["2S", "7D", "5S"]],
        },
        {
            "dealer": 0,
            "cards": 2,
            "trump": None,
            "bids": [0, 2, 0],
            "tricks": [["AS", "KS", "QS"], ["AD", "KD", "QD"]],
        },
    ],
}


def test_sheet_lists_deals_players_running_totals_and_findings():
    report = replay(parse(RENEGE_GAME))
    text = format_sheet(report)
    lines = text.splitlines()
    assert lines[0] == "Oh Hell, ruleset classic: Olga, Petro, Taras"
    header = next(line for line in lines if line.startswith("Deal"))
    assert [name in header for name in ("Olga", "Petro", "Taras")] == [True] * 3
    rows = [line for line in lines if line[:4].strip().isdigit()]
    assert len(rows) == 3
    # deal 1: Olga bid 1, took 1, scored 11, total 11
    assert "   1    1   11    11" in rows[0]
    assert "ANNULLED" in rows[1]
    assert "redeal" in rows[2]
    assert "1*" in rows[1]  # Petro's blind bid
    assert "-10" in rows[1]
    total = next(line for line in lines if "Total" in line)
    assert [int(x) for x in total.replace("|", " ").split()[1:]] == report.totals == [21, 22, 10]
    assert "RENEGE_UNCORRECTED" in text
    assert "Taras played 3C on a diamond lead while holding 7D" in text
    assert text.endswith("\n")


def test_sheet_accepts_the_report_dict_too_and_says_when_clean():
    report = replay(parse({**RENEGE_GAME, "deals": RENEGE_GAME["deals"][:1]}))
    text = format_sheet(report.as_dict())
    assert text == format_sheet(report)
    assert "No findings" not in text  # the schedule has two deals
    ruleset = {"preset": "classic", "schedule": [1], "last_deal_no_trump": False}
    clean = {**RENEGE_GAME, "ruleset": ruleset, "deals": RENEGE_GAME["deals"][:1]}
    assert "No findings: the log is consistent with the rules." in format_sheet(replay(parse(clean)))
