"""The games API end to end: upload, duplicates, errors, idempotency, revisions, exports, filters."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import disputes, services
from games.models import Game, GameRevision, Membership, Upload
from tests.games.factories import game_bytes, game_document

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "spec-examples" / "ohhell"
RENEGE_LOG = json.loads((EXAMPLES / "renege-and-redeal.json").read_text(encoding="utf-8"))


def upload(api, content: bytes, **extra):
    return api.post("/api/v1/clubs/kozyr/games/", data=content, content_type="application/json", **extra)


@pytest.fixture
def scorer_api(api, people):
    api.force_authenticate(people.scorer)
    return api


def test_upload_answers_with_the_spec_report(scorer_api):
    content = json.dumps(RENEGE_LOG).encode()
    response = upload(scorer_api, content)
    assert response.status_code == 201
    body = response.json()
    assert body["duplicate"] is False
    assert body["status"] == "errors"
    report = body["report"]
    assert report["totals"] == [21, 22, 10]
    assert [d["annulled"] for d in report["deals"]] == [False, True, False]
    renege = [f for f in report["findings"] if f["code"] == "RENEGE_UNCORRECTED"]
    assert [(f["deal"], f["trick"], f["seat"], f["card"]) for f in renege] == [(2, 1, 2, "3C")]
    game = Game.objects.get(pk=body["id"])
    assert bytes(game.current_revision.content) == content


def test_same_bytes_again_answer_200_with_the_same_game(scorer_api):
    content = game_bytes(seed=41)
    first = upload(scorer_api, content)
    again = upload(scorer_api, content)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["duplicate"] is True


def test_multipart_file_upload(scorer_api):
    content = game_bytes(seed=42)
    response = scorer_api.post(
        "/api/v1/clubs/kozyr/games/", {"file": io.BytesIO(content)}, format="multipart"
    )
    assert response.status_code == 201
    assert bytes(Game.objects.get().current_revision.content) == content


def test_malformed_upload_is_400_with_the_path_and_kept_for_the_organisers(scorer_api):
    content = (EXAMPLES / "malformed-card.json").read_bytes()
    response = upload(scorer_api, content)
    assert response.status_code == 400
    body = response.json()
    assert body["error"]["path"] == "deals[0].tricks[0][1]"
    assert "ZZ" in body["error"]["message"]
    listed = scorer_api.get("/api/v1/clubs/kozyr/uploads/?status=rejected").json()["results"]
    assert [u["id"] for u in listed] == [body["upload"]]
    # The upload keeps the English sentence, its path and the refusal as data; the answer adds the text.
    assert listed[0]["error"] == {key: body["error"][key] for key in ("path", "message", "code", "params")}
    assert {"code", "params", "text"} <= set(body["error"])
    kept = scorer_api.get(f"/api/v1/clubs/kozyr/uploads/{body['upload']}/content/")
    assert kept.content == content


def test_fixed_upload_points_to_the_rejected_one(scorer_api):
    rejected = upload(scorer_api, b'{"game": "oh-hell", "version": 1}').json()["upload"]
    fixed = upload(scorer_api, game_bytes(seed=43), QUERY_STRING=f"fixes={rejected}")
    assert fixed.status_code == 201
    assert Upload.objects.get(pk=fixed.json()["upload"]).fixes_id == rejected


def test_empty_body_is_a_clear_400(scorer_api):
    response = upload(scorer_api, b"")
    assert response.status_code == 400
    assert "send the game log" in response.json()["error"]["message"]


class TestIdempotencyKey:
    def test_a_retry_gets_the_first_response(self, scorer_api):
        content = game_bytes(seed=44)
        first = upload(scorer_api, content, HTTP_IDEMPOTENCY_KEY="k-1")
        retry = upload(scorer_api, content, HTTP_IDEMPOTENCY_KEY="k-1")
        assert (first.status_code, retry.status_code) == (201, 201)
        assert retry.json() == first.json()
        assert retry["Idempotent-Replayed"] == "true"
        assert Upload.objects.count() == 1  # the retry did not even record a duplicate

    def test_the_same_key_with_another_body_is_422(self, scorer_api):
        upload(scorer_api, game_bytes(seed=45), HTTP_IDEMPOTENCY_KEY="k-2")
        other = upload(scorer_api, game_bytes(seed=46), HTTP_IDEMPOTENCY_KEY="k-2")
        assert other.status_code == 422
        assert other.json()["error"]["path"] == "Idempotency-Key"
        assert Game.objects.count() == 1

    def test_keys_belong_to_their_user(self, api, people):
        content = game_bytes(seed=47)
        api.force_authenticate(people.scorer)
        upload(api, content, HTTP_IDEMPOTENCY_KEY="shared")
        api.force_authenticate(people.organiser)
        response = upload(api, game_bytes(seed=48), HTTP_IDEMPOTENCY_KEY="shared")
        assert response.status_code == 201


def test_correction_via_the_api(scorer_api):
    document = game_document(seed=49)
    game_id = upload(scorer_api, json.dumps(document).encode()).json()["id"]
    document["deals"][4]["bids"][1] = (document["deals"][4]["bids"][1] + 1) % 6
    response = scorer_api.post(
        f"/api/v1/games/{game_id}/revisions/", {"document": document, "reason": "bid misread"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["revision"] == 2
    assert response.json()["changed_deals"] == [5]
    revisions = scorer_api.get(f"/api/v1/games/{game_id}/revisions/").json()
    assert [(r["number"], r["parent"], r["reason"]) for r in revisions] == [
        (1, None, "first upload"),
        (2, 1, "bid misread"),
    ]
    assert revisions[0]["report"]["findings"] == []
    assert revisions[1]["report"] == response.json()["report"]


def test_correction_that_is_malformed_names_the_path_inside_the_document(scorer_api):
    game_id = upload(scorer_api, game_bytes(seed=50)).json()["id"]
    document = game_document(seed=50)
    document["deals"][1]["tricks"][0][0] = "XX"
    response = scorer_api.post(
        f"/api/v1/games/{game_id}/revisions/", {"document": document, "reason": "typo"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["path"] == "document.deals[1].tricks[0][0]"
    assert GameRevision.objects.filter(game_id=game_id).count() == 1


def test_exports(scorer_api):
    document = game_document(seed=51, players=["Anna", "Boris", "Vera"])
    document["deals"][0]["tricks"][0] = [c.lower() for c in document["deals"][0]["tricks"][0]]
    content = json.dumps(document, indent=2).encode()
    game_id = upload(scorer_api, content).json()["id"]
    original = scorer_api.get(f"/api/v1/games/{game_id}/export/?format=original")
    assert original.content == content
    normalised = json.loads(scorer_api.get(f"/api/v1/games/{game_id}/export/?format=json").content)
    assert normalised["deals"][0]["tricks"][0] == [c.upper() for c in document["deals"][0]["tricks"][0]]
    rows = list(
        csv.reader(
            io.StringIO(scorer_api.get(f"/api/v1/games/{game_id}/export/?format=csv").content.decode())
        )
    )
    assert rows[0][:10] == [
        "deal",
        "dealer",
        "cards",
        "trump",
        "balance",
        "annulled",
        "Anna bid",
        "Anna taken",
        "Anna score",
        "Anna total",
    ]
    assert len(rows) == 1 + 15 + 1  # header, 15 deals for three players, totals
    assert rows[-1][9] == str(document["totals"][0])
    assert scorer_api.get(f"/api/v1/games/{game_id}/export/?format=pdf").status_code == 400


class TestFilters:
    @pytest.fixture
    def games(self, people):
        clean = services.game_upload(
            club=people.club, content=game_bytes(seed=60, players=["Anna", "B", "C", "D"]), user=people.scorer
        )
        dirty = services.game_upload(
            club=people.club, content=json.dumps(RENEGE_LOG).encode(), user=people.scorer
        )
        return clean.game, dirty.game

    def ids(self, api, query):
        return sorted(g["id"] for g in api.get(f"/api/v1/games/?{query}").json()["results"])

    def test_by_errors_finding_player_and_club(self, scorer_api, games):
        clean, dirty = games
        assert self.ids(scorer_api, "has_errors=true") == [dirty.pk]
        assert self.ids(scorer_api, "has_errors=false") == [clean.pk]
        assert self.ids(scorer_api, "finding=RENEGE_UNCORRECTED") == [dirty.pk]
        assert self.ids(scorer_api, "finding=renege_uncorrected") == [dirty.pk]
        anna = clean.seats.get(seat=0).player_id
        assert self.ids(scorer_api, f"player={anna}") == [clean.pk]
        assert self.ids(scorer_api, "club=kozyr") == sorted([clean.pk, dirty.pk])
        assert self.ids(scorer_api, "club=elsewhere") == []

    def test_by_dates(self, scorer_api, games):
        clean, dirty = games
        Game.objects.filter(pk=clean.pk).update(played_at="2026-10-01T19:00:00Z")
        Game.objects.filter(pk=dirty.pk).update(played_at="2026-11-01T19:00:00Z")
        assert self.ids(scorer_api, "played_after=2026-10-15T00:00:00Z") == [dirty.pk]
        assert self.ids(scorer_api, "played_before=2026-10-15T00:00:00Z") == [clean.pk]

    def test_an_offset_past_what_the_database_keeps_is_the_same_moment(self, scorer_api, games):
        # ISO 8601 allows +23:59, PostgreSQL only ±15:59: this was a 500 there (schemathesis).
        clean, dirty = games
        Game.objects.filter(pk=clean.pk).update(played_at="2026-10-01T19:00:00Z")
        Game.objects.filter(pk=dirty.pk).update(played_at="2026-11-01T19:00:00Z")
        # 2026-10-16T18:41+18:41 is 2026-10-16T00:00Z: after the first game, before the second.
        assert self.ids(scorer_api, "played_after=2026-10-16T18:41:00%2B18:41") == [dirty.pk]
        assert self.ids(scorer_api, "played_before=2026-10-16T18:41:00%2B18:41") == [clean.pk]


def test_audit_summary(scorer_api, people):
    services.game_upload(club=people.club, content=json.dumps(RENEGE_LOG).encode(), user=people.scorer)
    services.game_upload(club=people.club, content=game_bytes(seed=61), user=people.scorer)
    summary = scorer_api.get("/api/v1/clubs/kozyr/audit/").json()
    assert summary["games"] == 2
    assert summary["games_with_errors"] == 1
    assert summary["reneges_caught"] == 1
    assert summary["open_disputes"] == 0


def test_dispute_upheld_with_a_corrected_log(api, people):
    document = game_document(seed=62)
    game = services.game_upload(
        club=people.club, content=json.dumps(document).encode(), user=people.scorer
    ).game
    api.force_authenticate(people.organiser)
    opened = api.post(
        f"/api/v1/games/{game.pk}/disputes/", {"claim": "deal 2 Boris took 1", "deal": 2}, format="json"
    )
    assert opened.status_code == 201
    dispute_id = opened.json()["id"]
    document["deals"][1]["scores"][1] -= 1
    decided = api.post(
        f"/api/v1/games/{game.pk}/disputes/{dispute_id}/decision/",
        {"status": "upheld", "decision": "the sheet was miscopied", "document": document},
        format="json",
    )
    assert decided.status_code == 200
    body = decided.json()
    assert body["status"] == "upheld"
    assert body["corrected_revision"] == 2
    assert [e["kind"] for e in body["events"]] == ["opened", "upheld"]
    again = api.post(
        f"/api/v1/games/{game.pk}/disputes/{dispute_id}/decision/",
        {"status": "rejected", "decision": "changed my mind"},
        format="json",
    )
    assert again.status_code == 409


def test_dispute_on_a_deal_that_does_not_exist(api, people):
    game = services.game_upload(club=people.club, content=game_bytes(seed=63), user=people.scorer).game
    api.force_authenticate(people.organiser)
    response = api.post(f"/api/v1/games/{game.pk}/disputes/", {"claim": "x", "deal": 40}, format="json")
    assert response.status_code == 400
    assert "deal 40 is not in this game" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/games/",
        "/api/v1/clubs/kozyr/games/",
        "/api/v1/clubs/kozyr/uploads/",
        "/api/v1/clubs/kozyr/players/",
        "/api/v1/clubs/kozyr/members/",
        "/api/v1/games/{game}/revisions/",
        "/api/v1/games/{game}/disputes/",
    ],
)
def test_list_endpoints_take_the_same_queries_for_2_or_12_rows(api, people, url):
    """N+1 guard: the query count of each list does not grow with its rows."""
    api.force_authenticate(people.organiser)

    def grow(first_seed: int, count: int) -> int:
        game_id = 0
        for seed in range(first_seed, first_seed + count):
            game = services.game_upload(
                club=people.club, content=game_bytes(seed=seed), user=people.scorer
            ).game
            game_id = game.pk
        for i in range(count):
            disputes.dispute_open(game=game, user=people.organiser, claim=f"claim {i}")
            document = json.loads(bytes(game.current_revision.content))
            document["deals"][0]["scores"][0] += i + 1
            services.game_correct(
                game=game, content=json.dumps(document).encode(), user=people.scorer, reason=str(i)
            )
        return game_id

    def queries(game_id: int) -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert api.get(url.format(game=game_id)).status_code == 200
        return len(ctx.captured_queries)

    few = queries(grow(100, 2))
    many = queries(grow(200, 10))
    assert few == many


# Each list endpoint's queries, named one by one (a new one is a decision, not an accident).
CLUB_AND_ROLE = ["the club by slug", "the caller's role in it"]
GAME_AND_ROLE = [
    "the game with its club, revision and report",
    "its seats with their players",
    "the caller's role",
]
PINNED_QUERIES = {
    "/api/v1/clubs/": ["the caller's clubs"],
    "/api/v1/games/": ["count for the pager", "the page of games", "their seats with players"],
    "/api/v1/clubs/kozyr/games/": [*CLUB_AND_ROLE, "count for the pager", "the page of games", "their seats"],
    "/api/v1/clubs/kozyr/uploads/": [
        *CLUB_AND_ROLE,
        "count for the pager",
        "the page of uploads with uploader",
    ],
    "/api/v1/clubs/kozyr/players/": [*CLUB_AND_ROLE, "the roster with linked users"],
    "/api/v1/clubs/kozyr/members/": [*CLUB_AND_ROLE, "the memberships with users"],
    "/api/v1/games/{game}/revisions/": [
        *GAME_AND_ROLE,
        "the revisions with uploader and parent",
        "their reports",
    ],
    "/api/v1/games/{game}/disputes/": [*GAME_AND_ROLE, "the disputes with their people", "their events"],
}


@pytest.mark.parametrize(("url", "expected"), PINNED_QUERIES.items(), ids=list(PINNED_QUERIES))
def test_list_endpoint_queries_are_pinned(api, people, django_assert_num_queries, url, expected):
    api.force_authenticate(people.organiser)
    game = services.game_upload(club=people.club, content=game_bytes(seed=70), user=people.scorer).game
    disputes.dispute_open(game=game, user=people.organiser, claim="deal 1")
    with django_assert_num_queries(len(expected)):
        assert api.get(url.format(game=game.pk)).status_code == 200


def test_renaming_a_player_to_a_name_on_the_roster_is_a_clear_409(api, people):
    from games.models import Player

    vera = Player.objects.create(club=people.club, display_name="Вера")
    Player.objects.create(club=people.club, display_name="Глеб")
    api.force_authenticate(people.organiser)
    response = api.patch(f"/api/v1/clubs/kozyr/players/{vera.pk}/", {"display_name": "глеб"}, format="json")
    assert response.status_code == 409
    assert response.json()["error"]["path"] == "display_name"
    renamed = api.patch(f"/api/v1/clubs/kozyr/players/{vera.pk}/", {"display_name": "Вера Н."}, format="json")
    assert renamed.json()["display_name"] == "Вера Н."


def test_the_last_organiser_cannot_be_demoted(api, people):
    api.force_authenticate(people.organiser)
    response = api.patch("/api/v1/clubs/kozyr/members/organiser/", {"role": "member"}, format="json")
    assert response.status_code == 409
    assert "at least one organiser" in response.json()["error"]["message"]


def test_inviting_a_member_again_is_a_conflict_naming_the_username(api, people):
    api.force_authenticate(people.organiser)
    response = api.post(
        "/api/v1/clubs/kozyr/members/", {"username": "member", "role": "scorer"}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"]["path"] == "username"
    assert response.json()["error"]["code"] == "MEMBER_ALREADY"
    assert Membership.objects.get(club=people.club, user=people.member).role == Membership.Role.MEMBER
