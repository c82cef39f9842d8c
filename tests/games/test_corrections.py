"""A correction made through the deal form equals the same correction made as a corrected log, for
every game the service keeps (issue 19); and the form shows every deal of every game so that
saving it unchanged gives back the very same log (games/deal_forms.py).

Each game is a simulated log recorded twice, in two clubs; in each an organiser disputes deal 2
and upholds it with one change: through the form in the first club, as the whole log (JSON) in
the second. The two revisions read back as the same document, and replay to the same report.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games import corrections, deal_forms, disputes, services
from games.models import GameRevision, Membership
from rules import registry
from rules.bridge.simulate import simulate as simulate_bridge
from rules.durak.simulate import simulate as simulate_durak
from rules.ohhell.simulate import simulate as simulate_ohhell
from rules.preferans.simulate import simulate as simulate_preferans
from tests.games import dispute_forms
from tests.games.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db

#: A duplicate table's round (docs/bridge-duplicate-log.md): five boards, one with its hands,
#: auction and play, one passed out, one with an adjusted score.
DUPLICATE_TABLE = Path(__file__).resolve().parents[1] / "data" / "duplicate" / "table.json"


def documents() -> dict[str, dict[str, Any]]:
    return {
        "oh-hell": simulate_ohhell(players=4, seed=31).document,
        "bridge-rubber": simulate_bridge(players=("Анна", "Борис", "Вера", "Глеб"), seed=5).document,
        "preferans": simulate_preferans(
            players=("Анна", "Борис", "Вера"), seed=7, deals=6, ruleset="sochi"
        ).document,
        "durak": simulate_durak(players=3, seed=4, games=3),
        "bridge-duplicate": json.loads(DUPLICATE_TABLE.read_bytes()),
    }


#: Per game: (the form's input to change, its new value, the same change on the deal's JSON).
CHANGES: dict[str, tuple[str, str, Any]] = {
    # Oh Hell: the first seat's bid of deal 2 written one higher.
    "oh-hell": ("d.bids.0", "", lambda deal: deal["bids"].__setitem__(0, deal["bids"][0] + 1)),
    # Rubber bridge: the result written on the sheet one trick fewer.
    "bridge-rubber": ("d.result", "", lambda deal: deal.__setitem__("result", deal["result"] - 1)),
    # Preferans: the pulka's first entry of the deal written two points higher.
    "preferans": (
        "d.entries.0.points",
        "",
        lambda deal: deal["entries"][0].__setitem__("points", deal["entries"][0]["points"] + 2),
    ),
    # Durak: the fool recorded as the next player.
    "durak": ("d.fool", "", lambda deal: deal.__setitem__("fool", (deal["fool"] + 1) % 3)),
    # Duplicate bridge: board 2's traveller written with a trick fewer (the log's "boards").
    "bridge-duplicate": ("d.result", "", lambda deal: deal.__setitem__("result", deal["result"] - 1)),
}

GAMES = sorted(CHANGES)


def canonical(raw: bytes) -> dict[str, Any]:
    reading = registry.read(raw)
    return dict(reading.rules.to_document(reading.log))


@pytest.mark.parametrize("game_type", GAMES, ids=GAMES)
def test_every_deal_of_every_game_reads_back_unchanged_from_its_form(game_type):
    document = canonical(json.dumps(documents()[game_type]).encode())
    for deal in document[corrections.deals_field(document)]:
        shown = deal_forms.widgets(game_type, document["players"], deal)
        post = {}
        for w in shown:
            for item in [*w.items, *(i for row in w.rows for i in row)]:
                if item["kind"] == "bool":
                    if item["value"]:
                        post[item["name"]] = "on"
                else:
                    post[item["name"]] = str(item["value"])
        assert deal_forms.read_deal(game_type, document["players"], deal, post) == deal


@pytest.mark.parametrize("game_type", GAMES, ids=GAMES)
def test_a_form_correction_is_the_same_correction_as_a_corrected_log(client, people, game_type):
    raw = json.dumps(documents()[game_type], ensure_ascii=False).encode()
    other = ClubFactory(name="Другой клуб", slug="drugoi")
    MembershipFactory(club=other, user=people.organiser, role=Membership.Role.ORGANISER)
    by_form = services.game_upload(club=people.club, content=raw, user=people.scorer).game
    by_log = services.game_upload(club=other, content=raw, user=people.organiser).game
    name, value, change = CHANGES[game_type]
    client.force_login(people.organiser)

    # Through the form: the page's own fields, one of them changed.
    dispute = disputes.dispute_open(game=by_form, user=people.organiser, claim="deal 2", deal=2)
    fields = dispute_forms.form_fields(client.get(f"/disputes/{dispute.pk}/").content.decode())
    expected = corrections.current_document(by_form)
    deals = corrections.deals_field(expected)
    change(expected[deals][1])
    if not value:  # the new value is the changed document's, as the reader types it
        value = str(_at(expected[deals][1], name))
    fields[name] = value
    response = client.post(
        f"/disputes/{dispute.pk}/decision/",
        {
            "action": "save",
            "ruling": "correction",
            "mode": "form",
            "deal": "2",
            "decision": "as agreed",
            **fields,
        },
    )
    assert response.status_code == 302, response.content.decode()[-3000:]

    # As a corrected log: the same change on the whole log, pasted.
    pasted = copy.deepcopy(corrections.current_document(by_log))
    change(pasted[deals][1])
    second = disputes.dispute_open(game=by_log, user=people.organiser, claim="deal 2", deal=2)
    response = client.post(
        f"/disputes/{second.pk}/decision/",
        {
            "action": "save",
            "ruling": "correction",
            "mode": "log",
            "deal": "2",
            "decision": "as agreed",
            "corrected_text": json.dumps(pasted, ensure_ascii=False, indent=2),
        },
    )
    assert response.status_code == 302, response.content.decode()[-3000:]

    form_revision = GameRevision.objects.get(game=by_form, number=2)
    log_revision = GameRevision.objects.get(game=by_log, number=2)
    assert (form_revision.source, log_revision.source) == ("form", "log")
    assert canonical(bytes(form_revision.content)) == canonical(bytes(log_revision.content)) == expected
    by_form.refresh_from_db()
    by_log.refresh_from_db()
    assert by_form.current_report.report == by_log.current_report.report
    assert (by_form.totals, by_form.status) == (by_log.totals, by_log.status)
    # Only deal 2 differs from the first revision.
    assert [
        d.number for d in corrections.revisions_compared(by_form, *by_form.revisions.order_by("number")).deals
    ] == [2]


def _at(deal: dict[str, Any], name: str) -> Any:
    """The value of a deal form input's field (``d.entries.0.points``) in a deal."""
    value: Any = deal
    for part in name.split(".")[1:]:
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value
