"""The We/They score sheet as it is drawn on paper, from a stored report object.

«После того как разыграно 13 взяток, делается запись в 2 столбца – «Мы» и
«Они». Каждый столбец разделен горизонтальной чертой, под которой пишутся
очки, объявленные по контракту … Над чертой пишут все остальное.» And «Как
только партия сделана, подчеркивают запись, которая находится под чертой».

Works on the report dict (``Report.as_dict()``, what the apps store), so a
page draws the sheet without replaying the log. The paper conventions
chosen (docs/bridge.md):

- **Above the line the sheet grows upward.** A scorer writes the first
  bonus just above the line and each later one above the last, so the
  rows above the line are listed latest first (the top of the sheet) and
  the earliest sits nearest the line. Below the line the sheet grows
  downward, in the order of play.
- **A line under each game**: the row of the deal that made a game is
  underlined across both columns; the next trick points start from zero.
- Where a game was made is read from the report, not worked out again:
  a side's vulnerability flips from one deal to the next when it makes its
  first game, and the games a rubber ends with account for the last deal.

Every entry carries its deal's contract, declarer and result so the sheet
can label it («4♥ N =», «3NT× E −1»).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.bridge.scoring import SIDE_KEYS

__all__ = ["game_made", "games_after", "paper_sheet", "rubber_scores"]

LINES = ("above", "below")


def game_made(report: dict[str, Any]) -> list[int | None]:
    """Per deal, the side (0 We, 1 They) that made a game on it, or None."""
    deals = report["deals"]
    made: list[int | None] = [None] * len(deals)
    for rubber in report["rubbers"]:
        numbers: list[int] = rubber["deals"]
        games = [0, 0]
        for position, number in enumerate(numbers):
            if position + 1 < len(numbers):
                before = deals[number - 1]["vulnerable"]
                after = deals[numbers[position + 1] - 1]["vulnerable"]
                for side, key in enumerate(SIDE_KEYS):
                    if after[key] and not before[key]:
                        made[number - 1] = side
                        games[side] += 1
            else:  # the rubber's last deal: whatever games are left to account for
                for side in (0, 1):
                    if rubber["games"][side] > games[side]:
                        made[number - 1] = side
                        games[side] += 1
    return made


def games_after(report: dict[str, Any]) -> list[tuple[int, int]]:
    """Per deal, the games each side [We, They] has won in its rubber once the deal is over."""
    made = game_made(report)
    out: list[tuple[int, int]] = [(0, 0)] * len(report["deals"])
    for rubber in report["rubbers"]:
        games = [0, 0]
        for number in rubber["deals"]:
            side = made[number - 1]
            if side is not None:
                games[side] += 1
            out[number - 1] = (games[0], games[1])
    return out


def rubber_scores(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Per deal what rules.bridge.pbn.write_pbn needs for ScoreRubber, ScoreRubberHistory and
    Vulnerable: the points the deal wrote per side and line, and the games after it."""
    games = games_after(report)
    out = []
    for deal, after in zip(report["deals"], games, strict=True):
        item: dict[str, Any] = {key: {"above": 0, "below": 0} for key in SIDE_KEYS}
        for entry in deal["scores"]:
            item[entry["side"]][entry["line"]] += entry["points"]
        item["games"] = list(after)
        out.append(item)
    return out


def paper_sheet(
    report: dict[str, Any], recorded: Sequence[dict[str, Any] | None] | None = None
) -> list[dict[str, Any]]:
    """The sheet of each rubber: rows above the line (latest first) and below it (in order).

    ``recorded``, per deal, is the ``scores`` object the log wrote for it (or None); a
    side's line whose written sum differs from the recomputed one carries ``recorded``.

    Each rubber: ``number``, ``finished``, ``games``, ``totals``, ``whists``, ``above`` and
    ``below`` (lists of rows), ``sums`` per side and line. A row: ``deal`` (None for the
    unfinished-rubber points, written when the session ends), ``vulnerable`` (the deal's,
    ``{"we": bool, "they": bool}``), ``we`` and ``they`` (each a
    cell: ``entries`` and ``recorded``), ``game`` (below the line: the side key that made a
    game on this deal, so a line is drawn under it). An entry: ``kind``, ``points``, and the
    deal's ``contract``, ``declarer``, ``result``.
    """
    deals = report["deals"]
    made = game_made(report)
    sheets = []
    for rubber in report["rubbers"]:
        rows: dict[str, list[dict[str, Any]]] = {line: [] for line in LINES}
        sums = {key: dict.fromkeys(LINES, 0) for key in SIDE_KEYS}
        for number in rubber["deals"]:
            deal = deals[number - 1]
            written = recorded[number - 1] if recorded is not None and number - 1 < len(recorded) else None
            label = {"contract": deal["contract"], "declarer": deal["declarer"], "result": deal["result"]}
            for line in LINES:
                row: dict[str, Any] = {"deal": number, "game": None, "vulnerable": deal["vulnerable"]}
                show = False
                for key in SIDE_KEYS:
                    entries = [
                        {"kind": e["kind"], "points": e["points"], "deal": number, **label}
                        for e in deal["scores"]
                        if e["side"] == key and e["line"] == line
                    ]
                    points = sum(e["points"] for e in entries)
                    sums[key][line] += points
                    mismatch = None
                    if written is not None:
                        wrote = sum(written.get(key, {}).get(line, []) or [])
                        if wrote != points:
                            mismatch = wrote
                    row[key] = {"entries": entries, "recorded": mismatch}
                    show = show or bool(entries) or mismatch is not None
                if line == "below" and made[number - 1] is not None:
                    row["game"] = SIDE_KEYS[made[number - 1] or 0]
                    show = True
                if show:
                    rows[line].append(row)
        if not rubber["finished"] and rubber["bonus_entries"]:
            row = {"deal": None, "game": None, "vulnerable": None}
            for key in SIDE_KEYS:
                entries = [
                    {"kind": e["kind"], "points": e["points"], "deal": None}
                    for e in rubber["bonus_entries"]
                    if e["side"] == key
                ]
                sums[key]["above"] += sum(e["points"] for e in entries)
                row[key] = {"entries": entries, "recorded": None}
            rows["above"].append(row)
        sheets.append(
            {
                "number": rubber["number"],
                "finished": rubber["finished"],
                "games": rubber["games"],
                "totals": rubber["totals"],
                "whists": rubber["whists"],
                "above": list(reversed(rows["above"])),
                "below": rows["below"],
                "sums": sums,
            }
        )
    return sheets
