"""Every decision type of the arbiter's page, for every game (issue 19): decided through the page
as an organiser decides it, and what the game's new report then says.

Oh Hell's rulings are worked through by hand in tests/games/test_page_disputes.py; here the
other games: an annulled deal scores nothing, an adjusted score is the assigned result scored by
the game's rules, a penalty ruling (rubber bridge's revoke transfer: Law 64) is counted,
confirmed or waived, and the games without penalties (preferans, durak) offer no penalty ruling.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games import disputes, services
from games.models import Dispute, Game
from rules.durak.simulate import simulate as simulate_durak
from rules.preferans.simulate import simulate as simulate_preferans

pytestmark = pytest.mark.django_db

REVOKE = Path(__file__).resolve().parent.parent / "data" / "pbn" / "revoke.pbn"


def decide(client, dispute: Dispute, **data: Any):
    return client.post(
        f"/disputes/{dispute.pk}/decision/", {"action": "save", "decision": "as ruled", **data}
    )


def report_deal(game: Game, number: int) -> dict[str, Any]:
    game.refresh_from_db()
    return game.current_report.report["deals"][number - 1]


@pytest.fixture
def bridge(people) -> Game:
    """West revokes at trick 4 and it is established: under the Laws one trick goes to the declarer
    (4♠ by South, ten tricks as played, eleven after the transfer)."""
    result = services.game_upload(
        club=people.club,
        content=REVOKE.read_bytes(),
        user=people.scorer,
        filename="revoke.pbn",
        ruleset="laws",
    )
    assert result.game is not None, result.error
    return result.game


@pytest.fixture
def preferans(people) -> Game:
    document = simulate_preferans(
        players=("Анна", "Борис", "Вера"), seed=7, deals=4, ruleset="sochi"
    ).document
    content = json.dumps(document, ensure_ascii=False).encode()
    return services.game_upload(club=people.club, content=content, user=people.scorer).game


@pytest.fixture
def durak(people) -> Game:
    content = json.dumps(simulate_durak(players=3, seed=4, games=3), ensure_ascii=False).encode()
    return services.game_upload(club=people.club, content=content, user=people.scorer).game


def opened(game: Game, people, deal: int) -> Dispute:
    return disputes.dispute_open(game=game, user=people.organiser, claim=f"deal {deal}", deal=deal)


# --- rubber bridge ----------------------------------------------------------------------------


def test_bridge_the_revoke_transfer_counted_then_waived(client, people, bridge):
    deal = report_deal(bridge, 1)
    assert (deal["tricks"], deal["penalties"]) == (
        11,
        [{"seat": "W", "kind": "revoke", "points": -1, "status": "counted"}],
    )
    client.force_login(people.organiser)
    assert 'value="waive"' in client.get(f"/disputes/{opened(bridge, people, 1).pk}/").content.decode()
    response = decide(client, Dispute.objects.get(), ruling="waive", deal="1", **{"p.W": "on"})
    assert response.status_code == 302
    deal = report_deal(bridge, 1)
    # Waived: the tricks as played, ten, 4♠ made exactly.
    assert (deal["tricks"], deal["result"]) == (10, 0)
    assert deal["penalties"] == [{"seat": "W", "kind": "revoke", "points": -1, "status": "waived"}]
    assert deal["arbiter"]["waive"] == ["W"]


def test_bridge_the_revoke_transfer_confirmed(client, people, bridge):
    client.force_login(people.organiser)
    dispute = opened(bridge, people, 1)
    assert decide(client, dispute, ruling="confirm", deal="1", **{"p.W": "on"}).status_code == 302
    deal = report_deal(bridge, 1)
    assert (deal["tricks"], deal["penalties"][0]["status"]) == (11, "confirmed")
    dispute.refresh_from_db()
    assert (dispute.status, dispute.ruling) == ("rejected", "confirm")


def test_bridge_an_annulled_deal_scores_nothing(client, people, bridge):
    client.force_login(people.organiser)
    assert decide(client, opened(bridge, people, 1), ruling="annul", deal="1").status_code == 302
    deal = report_deal(bridge, 1)
    assert deal["scores"] == []
    bridge.refresh_from_db()
    assert bridge.current_report.report["totals"] == [0, 0]


def test_bridge_an_assigned_result(client, people, bridge):
    client.force_login(people.organiser)
    response = decide(
        client,
        opened(bridge, people, 1),
        ruling="adjust",
        deal="1",
        **{"a.contract": "4S", "a.declarer": "S", "a.result": "9"},
    )
    assert response.status_code == 302
    deal = report_deal(bridge, 1)
    # 4♠ by South one down, not vulnerable: 50 to East–West above the line, nothing below.
    assert (deal["contract"], deal["declarer"], deal["tricks"], deal["result"]) == ("4S", "S", 9, -1)
    assert [(e["side"], e["line"], e["points"]) for e in deal["scores"]] == [("they", "above", 50)]


# --- preferans ----------------------------------------------------------------------------------


def test_preferans_offers_no_penalty_ruling(client, people, preferans):
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{opened(preferans, people, 2).pk}/").content.decode()
    assert 'value="adjust"' in html
    assert 'value="waive"' not in html
    assert 'value="confirm"' not in html


def test_preferans_an_annulled_deal_writes_nothing_on_the_pulka(client, people, preferans):
    client.force_login(people.organiser)
    dispute = opened(preferans, people, 2)
    assert decide(client, dispute, ruling="annul", deal="2").status_code == 302
    deal = report_deal(preferans, 2)
    assert (deal["entries"], deal["arbiter"]) == (
        [],
        {"annul": True, "reason": "as ruled", "dispute": dispute.pk},
    )
    preferans.refresh_from_db()
    assert sum(preferans.totals) == 0  # the settlement still sums to zero


def test_preferans_an_assigned_result(client, people, preferans):
    first = report_deal(preferans, 1)
    client.force_login(people.organiser)
    tricks = first["tricks"]
    swapped = [tricks[1], tricks[0], tricks[2]]  # the first two seats' tricks the other way round
    response = decide(
        client,
        opened(preferans, people, 1),
        ruling="adjust",
        deal="1",
        **{f"a.{seat}": str(t) for seat, t in enumerate(swapped)},
    )
    assert response.status_code == 302
    deal = report_deal(preferans, 1)
    assert deal["tricks"] == swapped
    assert deal["arbiter"]["score"] == {"tricks": swapped}


# --- durak ------------------------------------------------------------------------------------


def test_durak_an_annulled_game_has_no_fool(client, people, durak):
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{opened(durak, people, 2).pk}/").content.decode()
    assert 'value="waive"' not in html
    assert decide(client, Dispute.objects.get(), ruling="annul", deal="2").status_code == 302
    deal = report_deal(durak, 2)
    assert (deal["annulled"], deal["fool"], deal["places"]) == (True, None, None)


@pytest.mark.parametrize(
    ("choice", "fool", "draw"), [("0", 0, False), ("draw", None, True)], ids=["fool", "draw"]
)
def test_durak_an_assigned_result(client, people, durak, choice, fool, draw):
    durak_ruleset = durak.current_report.report["ruleset"]
    if draw and durak_ruleset.get("draw_rule") != "draw":
        pytest.fail("the simulated ruleset must allow a draw for this case")
    client.force_login(people.organiser)
    assert (
        decide(client, opened(durak, people, 1), ruling="adjust", deal="1", **{"a.fool": choice}).status_code
        == 302
    )
    deal = report_deal(durak, 1)
    assert (deal["fool"], deal["draw"], deal["source"]) == (fool, draw, "arbiter")
