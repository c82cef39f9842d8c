"""The scorekeeper's REST API: start a draft, read what it expects next, enter, undo, take over,
finish — the same services as the pages, so the same rules and the same log."""

from __future__ import annotations

import json

import pytest

from games.models import Game
from rules.ohhell import parse, replay
from rules.ohhell.simulate import simulate
from scorekeeper.models import Draft, DraftEntry
from tests.scorekeeper.conftest import FOUR
from tournaments.models import Standing, Table

pytestmark = pytest.mark.django_db

SHORT = {"preset": "classic", "schedule": [2, 2, 1]}


def start(api, people, **body) -> dict:
    api.force_authenticate(people.scorer)
    response = api.post(
        "/api/v1/clubs/kozyr/drafts/",
        {"players": FOUR, "ruleset": SHORT, "first_dealer": 0, **body},
        format="json",
    )
    assert response.status_code == 201, response.data
    return response.data


def entry(api, draft: int, **body):
    return api.post(f"/api/v1/drafts/{draft}/entries/", body, format="json")


def test_a_free_draft_starts_and_says_what_it_expects_next(api, people):
    draft = start(api, people)
    assert (draft["players"], draft["first_dealer"], draft["lot_seed"]) == (FOUR, 0, None)
    assert (draft["scorer"], draft["status"], draft["mode"], draft["entries"]) == (
        "scorer",
        "open",
        "cards",
        0,
    )
    state = draft["state"]
    assert (state["phase"], state["expected"], state["seat"], state["schedule"]) == (
        "trump",
        "trump",
        None,
        3,
    )
    assert state["deal"] == {
        "number": 1,
        "slot": 1,
        "dealer": 0,
        "cards": 2,
        "trump": None,
        "no_trump": False,
        "redeal": False,
    }
    assert draft["sheet"]["deals"] == []
    assert draft["sheet"]["totals"] == [0, 0, 0, 0]
    drawn = api.post(
        "/api/v1/clubs/kozyr/drafts/", {"players": FOUR, "seed": 1234}, format="json"
    ).data  # the first dealer by lot, reproducibly
    from scorekeeper.services import draw_first_dealer

    assert (drawn["lot_seed"], drawn["first_dealer"]) == (1234, draw_first_dealer(1234, 4))


def test_entries_follow_the_deal_and_a_resend_is_the_same_entry(api, people):
    pk = start(api, people)["id"]
    after = entry(api, pk, entry_id="t1", kind="trump", card="Q♥").data
    assert (after["state"]["expected"], after["state"]["seat"]) == ("bid", 1)
    assert after["state"]["deal"]["trump"] == "QH"
    again = entry(api, pk, entry_id="t1", kind="trump", card="Q♥")
    assert again.status_code == 200  # a resend: the same entry, not a second one
    assert DraftEntry.objects.filter(draft_id=pk).count() == 1
    for value in (1, 0, 0):
        state = entry(api, pk, kind="bid", value=value).data["state"]
    assert (state["expected"], state["seat"], state["bids"]) == ("bid", 0, [None, 1, 0, 0])
    state = entry(api, pk, kind="bid", value=0).data["state"]
    assert state["balance"] == {"announcement": "under", "by": 1}
    assert (state["phase"], state["expected"], state["seat"]) == ("play", "play", 1)
    state = entry(api, pk, kind="play", card="AH").data["state"]
    assert state["trick"] == [{"seat": 1, "card": "AH"}]
    assert state["seat"] == 2
    entries = api.get(f"/api/v1/drafts/{pk}/entries/").data
    assert [(e["number"], e["kind"], e["seat"], e["value"], e["card"]) for e in entries] == [
        (1, "trump", None, None, "QH"),
        (2, "bid", None, 1, ""),
        (3, "bid", None, 0, ""),
        (4, "bid", None, 0, ""),
        (5, "bid", None, 0, ""),
        (6, "play", None, None, "AH"),
    ]


def test_an_entry_the_rules_refuse_is_409_with_the_reason_and_not_stored(api, people):
    pk = start(api, people)["id"]
    response = entry(api, pk, kind="bid", value=1)
    assert response.status_code == 409
    assert response.data["error"]["code"] == "TRUMP_FIRST"
    entry(api, pk, kind="trump", card="2C")
    response = entry(api, pk, kind="bid", value=3)
    assert (response.status_code, response.data["error"]["code"]) == (409, "BID_OUT_OF_RANGE")
    assert "a bid is from 0 to 2" in response.data["error"]["message"]
    assert DraftEntry.objects.filter(draft_id=pk).count() == 1
    assert entry(api, pk, kind="bid", value=-1).status_code == 400  # not even a bid: the serializer


def test_undo_is_an_entry_of_its_own(api, people):
    pk = start(api, people)["id"]
    assert (
        api.post(f"/api/v1/drafts/{pk}/undo/", {}, format="json").data["error"]["code"] == "NOTHING_TO_UNDO"
    )
    entry(api, pk, kind="trump", card="2C")
    entry(api, pk, kind="bid", value=1)
    undone = api.post(f"/api/v1/drafts/{pk}/undo/", {"entry_id": "u1"}, format="json")
    assert undone.status_code == 201
    assert undone.data["state"]["bids"] == [None, None, None, None]
    assert undone.data["entries"] == 3
    assert api.post(f"/api/v1/drafts/{pk}/undo/", {"entry_id": "u1"}, format="json").status_code == 200


def test_a_whole_game_through_the_api_is_recorded_with_the_totals_the_sheet_showed(api, people):
    log = simulate(players=FOUR, seed=7, ruleset={"preset": "classic", "schedule": [1, 2, 3]}).document
    api.force_authenticate(people.scorer)
    pk = api.post(
        "/api/v1/clubs/kozyr/drafts/",
        {
            "players": FOUR,
            "ruleset": log["ruleset"],
            "first_dealer": log["deals"][0]["dealer"],
            "mode": "taken",
        },
        format="json",
    ).data["id"]
    assert api.post(f"/api/v1/drafts/{pk}/finish/").status_code == 409
    report = replay(parse(log))
    for deal, result in zip(log["deals"], report.deals, strict=True):
        if deal["trump"] is not None:
            assert entry(api, pk, kind="trump", card=deal["trump"]).status_code == 201
        for i in range(4):
            seat = (deal["dealer"] + 1 + i) % 4
            assert entry(api, pk, kind="bid", seat=seat, value=deal["bids"][seat]).status_code == 201
        state = entry(api, pk, kind="taken", taken=result.taken).data["state"]
    assert (state["complete"], state["expected"]) == (True, "finish")
    sheet = api.get(f"/api/v1/drafts/{pk}/").data["sheet"]
    assert sheet["totals"] == report.totals
    finished = api.post(f"/api/v1/drafts/{pk}/finish/")
    assert finished.status_code == 201, finished.data
    game = Game.objects.get(pk=finished.data["game"])
    assert game.totals == sheet["totals"] == finished.data["report"]["totals"]
    assert Draft.objects.get(pk=pk).status == Draft.Status.FINISHED
    assert api.get(f"/api/v1/drafts/{pk}/").data["state"]["expected"] == "none"
    assert entry(api, pk, kind="trump", card="2C").status_code == 403  # finished: nobody enters


def test_a_tables_draft_takes_the_tables_players_and_is_resumed(api, people, tournament, seated):
    table = Table.objects.filter(round=seated).order_by("number").first()
    api.force_authenticate(people.scorer)
    first = api.post("/api/v1/clubs/kozyr/drafts/", {"table": table.pk}, format="json")
    assert first.status_code == 201
    assert first.data["players"] == [s.player.display_name for s in table.seats.order_by("seat")]
    assert (first.data["table"], first.data["tournament"]) == (table.pk, tournament.pk)
    again = api.post("/api/v1/clubs/kozyr/drafts/", {"table": table.pk}, format="json")
    assert (again.status_code, again.data["id"]) == (200, first.data["id"])
    both = api.post("/api/v1/clubs/kozyr/drafts/", {"table": table.pk, "players": FOUR}, format="json")
    assert both.status_code == 400
    assert api.post("/api/v1/clubs/kozyr/drafts/", {"table": 999_999}, format="json").status_code == 400
    listed = api.get("/api/v1/clubs/kozyr/drafts/?status=open").data
    assert [d["id"] for d in listed["results"]] == [first.data["id"]]
    assert api.get("/api/v1/clubs/kozyr/drafts/?status=finished").data["results"] == []


def test_a_tables_game_finished_through_the_api_enters_the_standings(
    api, people, tournament, seated, django_capture_on_commit_callbacks
):
    table = Table.objects.filter(round=seated).order_by("number").first()
    names = [s.player.display_name for s in table.seats.order_by("seat")]
    log = simulate(players=names, seed=3).document
    api.force_authenticate(people.scorer)
    pk = api.post(
        "/api/v1/clubs/kozyr/drafts/",
        {"table": table.pk, "first_dealer": log["deals"][0]["dealer"], "mode": "taken"},
        format="json",
    ).data["id"]
    for deal, result in zip(log["deals"], replay(parse(log)).deals, strict=True):
        if deal["trump"] is not None:
            entry(api, pk, kind="trump", card=deal["trump"])
        for i in range(4):
            entry(api, pk, kind="bid", value=deal["bids"][(deal["dealer"] + 1 + i) % 4])
        entry(api, pk, kind="taken", taken=result.taken)
    with django_capture_on_commit_callbacks(execute=True):
        assert api.post(f"/api/v1/drafts/{pk}/finish/").status_code == 201
    points = {s.player.display_name: s.points for s in Standing.objects.filter(tournament=tournament)}
    assert [points[name] for name in names] == replay(parse(log)).totals


def test_an_organiser_takes_over_and_the_scorer_then_reads_only(api, people):
    pk = start(api, people)["id"]
    api.force_authenticate(people.organiser)
    assert entry(api, pk, kind="trump", card="2C").status_code == 403
    taken_over = api.post(f"/api/v1/drafts/{pk}/take-over/")
    assert (taken_over.status_code, taken_over.data["scorer"]) == (200, "organiser")
    assert entry(api, pk, kind="trump", card="2C").status_code == 201
    api.force_authenticate(people.scorer)
    assert entry(api, pk, kind="bid", value=0).status_code == 403
    assert api.get(f"/api/v1/drafts/{pk}/").data["state"]["expected"] == "bid"


def test_the_mode_changes_what_the_play_expects(api, people):
    pk = start(api, people)["id"]
    entry(api, pk, kind="trump", card="2C")
    for value in (1, 0, 0, 0):
        entry(api, pk, kind="bid", value=value)
    assert api.get(f"/api/v1/drafts/{pk}/").data["state"]["expected"] == "play"
    changed = api.patch(f"/api/v1/drafts/{pk}/", {"mode": "taken"}, format="json")
    assert (changed.data["mode"], changed.data["state"]["expected"]) == ("taken", "taken")


def test_an_idempotency_key_answers_a_retried_post_as_the_first_time(api, people):
    api.force_authenticate(people.scorer)
    body = {"players": FOUR, "first_dealer": 1}
    first = api.post("/api/v1/clubs/kozyr/drafts/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    again = api.post("/api/v1/clubs/kozyr/drafts/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert first.data["id"] == again.data["id"]
    assert Draft.objects.count() == 1


def test_irregularities_through_the_api(api, people):
    """A card exposed in the bidding, a card played out of turn (both stay face up, logged as
    exposed), and in tricks-taken mode a renege marked by who reneged (the deal annulled)."""
    pk = start(api, people)["id"]
    entry(api, pk, kind="trump", card="2C")
    entry(api, pk, kind="bid", value=1)
    state = entry(api, pk, kind="expose", seat=3, card="AH").data["state"]
    assert state["exposed"] == [[], [], [], ["AH"]]
    for value in (0, 0, 0):
        entry(api, pk, kind="bid", value=value)
    entry(api, pk, kind="play", card="KH")
    state = entry(api, pk, kind="out_of_turn", seat=0, card="3S").data["state"]
    assert state["trick"] == [{"seat": 1, "card": "KH"}]
    assert (state["seat"], state["exposed"][0]) == (2, ["3S"])
    in_turn = entry(api, pk, kind="out_of_turn", seat=2, card="4S")
    assert (in_turn.status_code, in_turn.data["error"]["code"]) == (409, "IN_TURN")
    other = entry(api, pk, kind="play", card="3S")  # Vera cannot play Anna's exposed card
    assert (other.status_code, other.data["error"]["code"]) == (409, "OTHER_HAND")
    for card in ("5H", "AH", "6H", "8D", "3S", "TD", "4S"):  # Anna's last card is the exposed one
        assert entry(api, pk, kind="play", card=card).status_code == 201, card
    api.patch(f"/api/v1/drafts/{pk}/", {"mode": "taken"}, format="json")
    entry(api, pk, kind="trump", card="9D")
    for value in (1, 0, 0, 1):
        entry(api, pk, kind="bid", value=value)
    nobody = entry(api, pk, kind="renege", seats=[])
    assert (nobody.status_code, nobody.data["error"]["code"]) == (409, "RENEGED_WHO")
    draft = entry(api, pk, kind="renege", seats=[3]).data
    assert draft["state"]["deal"] == {
        "number": 3,
        "slot": 2,
        "dealer": 1,
        "cards": 2,
        "trump": None,
        "no_trump": False,
        "redeal": True,
    }
    assert draft["state"]["unlogged"] == []  # the log carries the deal (its reneged)
    annulled = draft["sheet"]["deals"][1]
    assert (annulled["annulled"], annulled["scores"], annulled["taken"]) == (
        True,
        [0, 0, 0, -10],
        [0, 0, 0, 0],  # the tricks were not counted
    )
    assert json.loads(json.dumps(draft["sheet"]["totals"])) == [10, 11, 10, -10]


def test_every_answer_matches_the_committed_schema(api, people):
    """The schemathesis test reaches these endpoints with made-up ids (404s); here each kind of
    answer of a real draft is checked against docs/openapi.yaml."""
    from pathlib import Path

    import schemathesis

    schema = schemathesis.openapi.from_path(Path(__file__).resolve().parents[2] / "docs" / "openapi.yaml")

    def check(method: str, path: str, response) -> None:
        import requests
        from schemathesis.core.transport import Response

        answer = Response(
            status_code=response.status_code,
            headers={name: [value] for name, value in response.items()},
            content=response.content,
            request=requests.Request(method, f"http://testserver/api/v1{path}").prepare(),
            elapsed=0.0,
            verify=True,
        )
        schema[f"/api/v1{path}"][method].validate_response(answer)

    api.force_authenticate(people.scorer)
    created = api.post("/api/v1/clubs/kozyr/drafts/", {"players": FOUR, "ruleset": SHORT}, format="json")
    check("POST", "/clubs/{slug}/drafts/", created)
    pk = created.data["id"]
    check("GET", "/clubs/{slug}/drafts/", api.get("/api/v1/clubs/kozyr/drafts/"))
    check("POST", "/drafts/{id}/entries/", entry(api, pk, entry_id="t", kind="trump", card="2C"))
    check("POST", "/drafts/{id}/entries/", entry(api, pk, entry_id="t", kind="trump", card="2C"))  # 200
    check("POST", "/drafts/{id}/entries/", entry(api, pk, kind="play", card="AS"))  # 409
    for value in (1, 0, 0, 0):
        entry(api, pk, kind="bid", value=value)
    entry(api, pk, kind="play", card="AH")
    check("POST", "/drafts/{id}/entries/", entry(api, pk, kind="play", card="3S"))  # a warning in the state
    check("GET", "/drafts/{id}/", api.get(f"/api/v1/drafts/{pk}/"))
    check("GET", "/drafts/{id}/entries/", api.get(f"/api/v1/drafts/{pk}/entries/"))
    check("PATCH", "/drafts/{id}/", api.patch(f"/api/v1/drafts/{pk}/", {"mode": "taken"}, format="json"))
    check("POST", "/drafts/{id}/undo/", api.post(f"/api/v1/drafts/{pk}/undo/", {}, format="json"))
    check("POST", "/drafts/{id}/finish/", api.post(f"/api/v1/drafts/{pk}/finish/"))  # 409
    api.force_authenticate(people.organiser)
    check("POST", "/drafts/{id}/take-over/", api.post(f"/api/v1/drafts/{pk}/take-over/"))
    done = start(api, people, ruleset={"preset": "classic", "schedule": [1]}, mode="taken")["id"]
    for value in (0, 0, 0, 0):
        entry(api, done, kind="bid", value=value)
    entry(api, done, kind="taken", taken=[0, 1, 0, 0])
    finished = api.post(f"/api/v1/drafts/{done}/finish/")
    assert finished.status_code == 201
    check("POST", "/drafts/{id}/finish/", finished)
