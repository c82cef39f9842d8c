"""A drawn game: tests/data/durak/draw.json (a simple game at two, simulated with seed 2919; its
end checked by hand).

The trump is KS (a king: the highest trump leads). With the stock gone, bout 10: Anna attacks
with 8C, Boris beats it with the trump AS; beaten, Boris attacks in bout 11 with his last card,
8D, and Anna beats it with her last card, the trump KS. Both run out together: «В игре
допускается ничья, как принято говорить, «последняя рука хуже дурака»». The default reading
(``draw_rule: "draw"``) makes it a draw with no fool; the other reading
(``"last-hand-fool"``) makes the defender who beat the last card — Anna — the fool.
"""

from __future__ import annotations

from .helpers import codes, edited, load, run


def test_the_last_cards_running_out_together_is_a_draw():
    report = run(load("draw.json"))
    assert codes(report) == []
    game = report.deals[0]
    assert (game.fool, game.draw, game.out, game.places, game.bouts) == (None, True, [[0, 1]], [1, 1], 11)
    assert report.as_dict()["draws"] == 1
    assert report.totals == [0, 0]


def test_the_last_hand_reading_makes_the_last_defender_the_fool():
    doc = load("draw.json")
    doc["ruleset"] = {"preset": "simple", "draw_rule": "last-hand-fool"}
    report = run(doc)
    assert (report.deals[0].fool, report.deals[0].draw) == (0, False)


def test_a_recorded_fool_in_a_drawn_game_is_a_mismatch():
    report = run(edited(load("draw.json"), draw=None, fool=1))
    assert codes(report) == ["FOOL_MISMATCH"]
    assert "draw" in report.findings[0].message
