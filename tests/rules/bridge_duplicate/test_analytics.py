"""A duplicate table's boards weighed by double dummy (rules.bridge_duplicate.analytics): the
rows of rubber bridge's analytics per board, from the hands a traveller carries; a board solved
once for every table that played it.

The deal: each hand holds one suit — North the spades, East the hearts, South the diamonds,
West the clubs. Whoever declares in his own suit (or his partner's suit's holder is dummy and
ruffs) takes all thirteen tricks; in no trumps the opening leader runs his suit.
- Board 1 (dealer North, nobody vulnerable): 4♠ by North, 13 tricks. Double dummy 13, so the
  play is 0. The duplicate score is 4 × 30 + 3 × 30 + 300 = 510. Par: North–South's 7♠,
  7 × 30 + 1,000 for the grand slam not vulnerable + 300 = 1,510 (East–West's only sacrifice
  above it, 7NT doubled, would go down thirteen). Score − par: −1,000, which is 14 IMPs (900
  to 1,090, Law 78B) against North–South.
- Board 2 (dealer East, North–South vulnerable): 4♠ by North making ten, no hands: 620 (120 +
  500), and no double dummy, no par (``hands_unknown``).
- Board 3: an adjusted score: nothing was played, no rows.
"""

from __future__ import annotations

from rules import registry
from rules.bridge_duplicate import analytics

RANKS = "AKQJT98765432"
SUITS = {"N": "S", "E": "H", "S": "D", "W": "C"}
HANDS = {seat: [rank + suit for rank in RANKS] for seat, suit in SUITS.items()}


def _table() -> dict:
    return {
        "game": "bridge-duplicate",
        "version": 1,
        "players": ["Анна", "Борис", "Вера", "Глеб"],
        "boards": [
            {"board": 1, "hands": HANDS, "contract": "4S", "declarer": "N", "result": 13},
            {"board": 2, "contract": "4S", "declarer": "N", "result": 10},
            {"board": 3, "adjusted": {"ns": 60, "ew": 40}},
        ],
    }


def _rows(estimates=None) -> list[dict]:
    reading = registry.read(_table())
    return analytics.analyse_game(registry.replay(reading), reading.log, estimates)


FIGURES = (
    "seat",
    "board",
    "role",
    "dd_tricks",
    "tricks",
    "play",
    "score",
    "par_score",
    "versus_par",
    "versus_par_imps",
    "reason",
)


def test_each_board_is_weighed_by_double_dummy_and_par():
    rows = [tuple(row[key] for key in FIGURES) for row in _rows()]
    assert rows == [
        (0, 1, "declarer", 13, 13, 0, 510, 1510, -1000, -14, None),
        (1, 1, "defender", 13, 13, 0, -510, -1510, 1000, 14, None),
        (2, 1, "dummy", 13, 13, 0, 510, 1510, -1000, -14, None),
        (3, 1, "defender", 13, 13, 0, -510, -1510, 1000, 14, None),
        (0, 2, "declarer", None, 10, None, 620, None, None, None, "hands_unknown"),
        (1, 2, "defender", None, 10, None, -620, None, None, None, "hands_unknown"),
        (2, 2, "dummy", None, 10, None, 620, None, None, None, "hands_unknown"),
        (3, 2, "defender", None, 10, None, -620, None, None, None, "hands_unknown"),
    ]
    assert [row["deal"] for row in _rows()] == [1, 1, 1, 1, 2, 2, 2, 2]  # the deal pages' numbers


def test_the_players_summary_is_rubber_bridges():
    north = [row for row in _rows() if row["seat"] == 0]
    summary = analytics.player_summary(north)
    assert (summary["deals"], summary["luck"], summary["skill"], summary["declarer_play"]) == (
        2,
        1510.0,
        -14.0,
        0.0,
    )
    assert summary["declarer_play_deals"] == 1
    assert summary["defence_play_deals"] == 0


def test_a_board_is_solved_once_for_every_table(monkeypatch):
    estimates: dict = {}
    first = _rows(estimates)
    assert len(estimates) == 1
    (key,) = estimates
    assert key.startswith(analytics.KEY_PREFIX)
    assert key.endswith(":N:None")

    def no_second_solve(*args, **kwargs):
        raise AssertionError("solved again")

    monkeypatch.setattr(analytics, "solve_memo", no_second_solve)
    assert _rows(estimates) == first
