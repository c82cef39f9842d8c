"""The game sheet draws penalties and the arbiter's rulings as what they are (issue 19): a penalty
that counts is drawn as a penalty, not struck through with its annulled deal; a waived one says
so; an annulled deal or an assigned result says the arbiter ruled it — in every game."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games import services
from rules.bridge.simulate import simulate as simulate_bridge
from rules.durak.simulate import simulate as simulate_durak
from rules.preferans.simulate import simulate as simulate_preferans
from tests.games.disputed_game import DOCUMENT

pytestmark = pytest.mark.django_db


def record(people, document: dict[str, Any]):
    content = json.dumps(document, ensure_ascii=False).encode()
    return services.game_upload(club=people.club, content=content, user=people.scorer).game


def sheet(client, people, game) -> str:
    client.force_login(people.member)
    return client.get(f"/games/{game.pk}/").content.decode()


def renege_row(html: str) -> str:
    return html.split('<tr id="deal-2" class="annulled">')[1].split("</tr>")[0]


def test_a_counted_renege_penalty_is_drawn_as_a_penalty(client, people):
    html = sheet(client, people, record(people, DOCUMENT))
    row = renege_row(html)
    # Anna's −10 (the renege annuls the deal; the sheet wrote it to Boris: recorded 0 → −10).
    cell = re.search(r'<td class="num detail mismatch penalty penalty-counted">(.*?)</td>', row, re.S).group(
        1
    )
    assert '<span class="recorded" title="as written on the sheet">0</span> → -10' in cell
    assert '<span class="penalty-tag">penalty</span>' in cell
    assert "Nobody scores the deal; a penalty still counts." in html


@pytest.mark.parametrize(
    ("ruling", "tag"),
    [
        ({"waive": [0]}, '<span class="penalty-tag">penalty -10 waived</span>'),
        ({"confirm": [0]}, '<span class="penalty-tag">penalty, confirmed by the arbiter</span>'),
    ],
    ids=["waived", "confirmed"],
)
def test_a_ruled_penalty_says_what_became_of_it(client, people, ruling, tag):
    document = json.loads(json.dumps(DOCUMENT))
    document["deals"][1]["arbiter"] = ruling
    row = renege_row(sheet(client, people, record(people, document)))
    assert tag in row


def test_an_annulment_and_an_assigned_score_are_the_arbiters(client, people):
    document = json.loads(json.dumps(DOCUMENT))
    document["deals"][0]["arbiter"] = {"annul": True, "reason": "a card was seen"}
    document["deals"][2]["arbiter"] = {"score": [11, 0, 11], "reason": "as if played"}
    html = sheet(client, people, record(people, document))
    assert "Annulled by the arbiter: a card was seen." in re.sub(r"\s+", " ", html)
    assert "Score assigned by the arbiter: as if played" in html


def test_a_waived_revoke_transfer_on_the_bridge_sheet(client, people):
    document = simulate_bridge(players=("Анна", "Борис", "Вера", "Глеб"), seed=5).document
    document["deals"][0]["arbiter"] = {"annul": True}
    html = sheet(client, people, record(people, document))
    note = html.split('<tr id="deal-1"')[1].split('<tr id="deal-2"')[0]
    assert "Annulled by the arbiter: the deal scores nothing." in note


def test_an_annulled_preferans_deal_on_the_pulka_list(client, people):
    document = simulate_preferans(
        players=("Анна", "Борис", "Вера"), seed=7, deals=4, ruleset="sochi"
    ).document
    document["deals"][1]["arbiter"] = {"annul": True}
    document["deals"][2]["arbiter"] = {"score": {"tricks": document["deals"][2].get("tricks") or [4, 3, 3]}}
    html = sheet(client, people, record(people, document))
    assert (
        html.split('<tr id="deal-2" class="deal-row">')[1]
        .split("</tr>")[0]
        .count('<strong class="tag">annulled by the arbiter</strong>')
        == 1
    )
    assert (
        '<strong class="tag">assigned by the arbiter</strong>'
        in html.split('<tr id="deal-3" class="deal-row">')[1]
    )


def test_an_annulled_durak_game_has_no_fool(client, people):
    document = simulate_durak(players=3, seed=4, games=3)
    document["deals"][1]["arbiter"] = {"annul": True}
    html = sheet(client, people, record(people, document))
    assert html.count('<td class="fool">annulled by the arbiter</td>') == 1
    assert "<strong>Deal annulled by the arbiter</strong>" in html
    assert "ANNULLED_BY_ARBITER" not in html
