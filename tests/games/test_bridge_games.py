"""Rubber bridge in the games app: JSON logs and PBN files stored through the rules registry's protocol.

The expected figures are read off the PBN files by hand (tests/data/pbn):
rubber.pbn is one rubber of four deals — 4H by North made, 3NT by East
made, 3DX by West two down, 3NT by North one over — We (North–South)
120 + 500 + 100 + 30 and the rubber bonus 500 = 1250 to They (East–West)
100, 1150 / 100 = 11.5 whists, half up 12 (the seed preset has no bonus per
game won, so the file's ScoreRubber tags agree with the rules). In the
seed's other reading, {"preset": "seed", "game_bonus": 100}, it is 1450 to
200, 13 whists, and two recorded scores that the rules refuse
(SCORE_MISMATCH in deals 1 and 2). revoke.pbn is one deal, 4S by South
made with a revoke by the defence: We 120 + 300 (a game in an unfinished
rubber) = 420, 4 whists.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games import recording, services
from games.models import AuditReport, DealSeat, Finding, Game, GameRevision, GameSeat, Upload
from games.statistics import player_statistics
from rules import bridge, registry
from tests.games.factories import game_bytes

pytestmark = pytest.mark.django_db

PBN = Path(__file__).resolve().parents[1] / "data" / "pbn"
PLAYERS = ["Anna", "Boris", "Vera", "Gleb"]  # N, E, S, W in every test file


def pbn(name: str) -> bytes:
    return (PBN / f"{name}.pbn").read_bytes()


def json_log(name: str, players: list[str] | None = None, ruleset: str | dict | None = None) -> bytes:
    """The PBN file as the JSON rubber log (docs/bridge-log.md), optionally with other players or preset."""
    document = bridge.read_file(pbn(name))
    if players is not None:
        document["players"] = players
    if ruleset is not None:
        document["ruleset"] = ruleset
    return json.dumps(document, ensure_ascii=False).encode()


def seats_of(game: Game) -> list[tuple[int, str, int | None, int, int | None]]:
    return [
        (s.seat, s.player.display_name, s.total, s.contracts_made, s.whists)
        for s in GameSeat.objects.filter(game=game).select_related("player").order_by("seat")
    ]


RUBBER_SEATS = [
    (0, "Anna", 1250, 2, 12),  # N: We — 4H and 3NT made by North
    (1, "Boris", 100, 1, -12),  # E: They — 3NT made by East
    (2, "Vera", 1250, 2, 12),  # S: We
    (3, "Gleb", 100, 1, -12),  # W: They — 3DX two down counts for nobody
]
#: The seed's other reading: 100 below the line for each game won.
GAME_BONUS = {"preset": "seed", "game_bonus": 100}


# --- the protocol, in the rules ----------------------------------------------------------------


def test_bridge_seat_results_give_each_seat_its_sides_figures():
    report = bridge.replay(bridge.parse(bridge.read_file(pbn("rubber")))).as_dict()
    assert bridge.seat_results(report) == [
        registry.SeatResult(total=1250, contracts_made=2, whists=12),
        registry.SeatResult(total=100, contracts_made=1, whists=-12),
        registry.SeatResult(total=1250, contracts_made=2, whists=12),
        registry.SeatResult(total=100, contracts_made=1, whists=-12),
    ]
    assert bridge.deal_rows(report) == []
    assert bridge.teams(4) == ((0, 2), (1, 3))
    assert bridge.TABLE_SIZES == (4,)
    assert registry.fills("bridge-rubber", "whists")
    assert not registry.fills("oh-hell", "whists")
    assert registry.games_with_deal_rows() == ["oh-hell"]


def test_a_passed_out_deal_counts_no_contract():
    report = bridge.replay(bridge.parse(bridge.read_file(pbn("passout")))).as_dict()
    assert bridge.seat_results(report) == [registry.SeatResult(total=0, contracts_made=0, whists=0)] * 4


def test_bridge_resolve_ruleset_takes_the_uniform_call_and_wants_four_players():
    assert bridge.resolve_ruleset("laws", 4) == bridge.resolve_ruleset("laws")
    with pytest.raises(registry.MalformedDocument) as caught:
        bridge.resolve_ruleset("seed", 3)
    assert (caught.value.path, caught.value.message) == (
        "players",
        "rubber bridge is played by four players, not 3",
    )


def test_blank_bridge_sheet_names_the_partnerships():
    sheet = bridge.blank_sheet(bridge.resolve_ruleset("seed", 4), PLAYERS)
    assert (sheet["we"], sheet["they"]) == (["Anna", "Vera"], ["Boris", "Gleb"])
    assert (len(sheet["above"]), len(sheet["below"]), sheet["ruleset"]["preset"]) == (10, 12, "seed")


def test_read_named_marks_a_pbn_reading():
    reading = registry.read_named(pbn("rubber"), "evening.PBN")
    assert (reading.game, reading.file_format, reading.log.players) == (
        "bridge-rubber",
        ".pbn",
        tuple(PLAYERS),
    )
    assert registry.read_named(json_log("rubber"), "evening.json").file_format is None


# --- storing a JSON rubber log -------------------------------------------------------------------


def test_a_bridge_json_log_is_stored_with_seat_results(people):
    content = json_log("rubber")
    result = services.game_upload(club=people.club, content=content, user=people.scorer, filename="r.json")
    game = result.game
    assert result.created
    assert result.error is None
    assert (game.game_type, game.status, game.totals) == (
        "bridge-rubber",
        Game.Status.CLEAN,
        [1250, 100, 1250, 100],
    )
    assert game.ruleset["preset"] == "seed"
    assert seats_of(game) == RUBBER_SEATS
    report = AuditReport.objects.get(game=game)
    assert (report.totals, report.recorded_totals, report.errors, report.warnings) == (
        [1250, 100],
        None,
        0,
        0,
    )
    assert report.report["whists"] == [12, -12]
    assert not Finding.objects.filter(game=game).exists()
    assert not DealSeat.objects.filter(game=game).exists()  # no per-seat bids in bridge
    assert bytes(GameRevision.objects.get(game=game).content) == content  # a JSON log is kept verbatim


def test_a_json_log_in_the_seeds_other_reading_finds_the_sheets_without_its_game_bonus(people):
    content = json_log("rubber", ruleset=GAME_BONUS)
    game = services.game_upload(club=people.club, content=content, user=people.scorer).game
    assert (game.status, game.totals) == (Game.Status.ERRORS, [1450, 200, 1450, 200])
    assert game.ruleset["game_bonus"] == 100
    assert [s[2:] for s in seats_of(game)] == [(1450, 2, 13), (200, 1, -13), (1450, 2, 13), (200, 1, -13)]
    report = AuditReport.objects.get(game=game)
    assert (report.totals, report.errors, report.report["whists"]) == ([1450, 200], 2, [13, -13])
    assert list(Finding.objects.filter(game=game).values_list("code", "severity", "deal")) == [
        ("SCORE_MISMATCH", "error", 1),
        ("SCORE_MISMATCH", "error", 2),
    ]


def test_a_json_log_names_its_own_ruleset(people):
    game = services.game_upload(
        club=people.club, content=json_log("rubber", ruleset="laws"), user=people.scorer
    ).game
    assert game.ruleset["preset"] == "laws"


def test_a_revoke_is_a_finding_row(people):
    game = services.game_upload(club=people.club, content=json_log("revoke"), user=people.scorer).game
    assert seats_of(game) == [
        (0, "Anna", 420, 1, 4),  # 4S by South made: We
        (1, "Boris", 0, 0, -4),
        (2, "Vera", 420, 1, 4),
        (3, "Gleb", 0, 0, -4),
    ]
    assert list(Finding.objects.filter(game=game).values_list("code", "severity", "deal")) == [
        ("REVOKE", "error", 1)
    ]


# --- storing a PBN file --------------------------------------------------------------------------


def test_a_pbn_file_is_kept_as_uploaded_and_stored_as_its_json_document(people):
    raw = pbn("rubber")
    result = services.game_upload(club=people.club, content=raw, user=people.scorer, filename="evening.pbn")
    game = result.game
    assert result.created
    assert (game.game_type, game.totals) == ("bridge-rubber", [1250, 100, 1250, 100])
    assert seats_of(game) == RUBBER_SEATS
    upload = Upload.objects.get()
    assert (bytes(upload.content), upload.filename, upload.outcome) == (raw, "evening.pbn", "accepted")
    assert upload.sha256 == services.sha256_of(raw)
    revision = GameRevision.objects.get(game=game)
    stored = bytes(revision.content)
    assert json.loads(stored) == bridge.read_file(raw)  # the document the PBN reader made, nothing lost
    assert (revision.content_type, revision.sha256) == ("application/json", services.sha256_of(stored))
    # Whatever re-reads a revision reads it as JSON, and finds the same game.
    again = registry.read(stored)
    assert (again.game, again.log) == ("bridge-rubber", registry.read_named(raw, "x.pbn").log)
    assert Finding.objects.filter(game=game).count() == 0


def test_the_same_pbn_twice_is_one_game(people):
    first = services.game_upload(
        club=people.club, content=pbn("rubber"), user=people.scorer, filename="a.pbn"
    )
    second = services.game_upload(
        club=people.club, content=pbn("rubber"), user=people.scorer, filename="b.pbn"
    )
    assert (second.created, second.game, second.upload.outcome) == (
        False,
        first.game,
        Upload.Outcome.DUPLICATE,
    )
    assert Game.objects.count() == 1


def test_a_pbn_is_read_with_the_ruleset_given(people):
    game = services.game_upload(
        club=people.club, content=pbn("revoke"), user=people.scorer, filename="r.pbn", ruleset="laws"
    ).game
    assert game.ruleset["preset"] == "laws"
    assert json.loads(bytes(game.current_revision.content))["ruleset"] == "laws"


def test_a_broken_pbn_is_rejected_and_kept(people):
    raw = b'[Event "x"]\n[Board "1"]\n[Deal "N:nonsense"]\n'
    result = services.game_upload(club=people.club, content=raw, user=people.scorer, filename="bad.pbn")
    assert result.game is None
    upload = Upload.objects.get()
    assert (upload.outcome, bytes(upload.content), upload.filename) == (
        Upload.Outcome.REJECTED,
        raw,
        "bad.pbn",
    )
    assert upload.error_message
    assert not GameRevision.objects.exists()


def test_reaudit_and_correction_read_a_pbn_game_again(people):
    game = services.game_upload(
        club=people.club, content=pbn("rubber"), user=people.scorer, filename="evening.pbn"
    ).game
    (report,) = services.games_reaudit(games=[Game.objects.get(pk=game.pk)])
    assert (report.totals, report.errors) == ([1250, 100], 0)
    fixed = services.game_correct(
        game=game, content=pbn("revoke"), user=people.organiser, reason="wrong file", filename="fix.pbn"
    )
    game.refresh_from_db()
    assert (fixed.revision.number, fixed.changed_deals) == (2, [1, 2, 3, 4])
    assert json.loads(bytes(fixed.revision.content)) == bridge.read_file(pbn("revoke"))
    assert game.totals == [420, 0, 420, 0]
    assert [s[2:] for s in seats_of(game)] == [(420, 1, 4), (0, 0, -4), (420, 1, 4), (0, 0, -4)]


def test_recording_stores_the_canonical_json_of_a_pbn():
    reading = registry.read_named(pbn("claim"), "c.pbn")
    assert json.loads(recording.stored_content(reading)) == bridge.to_document(reading.log)


# --- the web upload page and the API -------------------------------------------------------------


def test_the_upload_page_records_a_single_pbn(client, people):
    client.force_login(people.scorer)
    file = SimpleUploadedFile("evening.pbn", pbn("rubber"), content_type="application/octet-stream")
    response = client.post(reverse("club-upload", kwargs={"slug": "kozyr"}), {"log_files": [file]})
    game = Game.objects.get()
    assert (response.status_code, response["Location"]) == (302, reverse("game-page", kwargs={"pk": game.pk}))
    assert seats_of(game) == RUBBER_SEATS
    assert Upload.objects.get().source == Upload.Source.WEB


def test_the_upload_page_imports_pbn_members_of_a_zip(client, people, django_capture_on_commit_callbacks):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("night/t1.pbn", pbn("rubber"))
        archive.writestr("night/t2.pbn", pbn("revoke"))
        archive.writestr("night/t3.json", game_bytes(3))
        archive.writestr("night/notes.txt", b"nothing")
    client.force_login(people.scorer)
    file = SimpleUploadedFile("night.zip", buffer.getvalue(), content_type="application/zip")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("club-upload", kwargs={"slug": "kozyr"}), {"log_files": [file]})
    assert response.status_code == 302
    assert sorted(Upload.objects.values_list("filename", "outcome")) == [
        ("night.zip:night/t1.pbn", "accepted"),
        ("night.zip:night/t2.pbn", "accepted"),
        ("night.zip:night/t3.json", "accepted"),
    ]
    assert sorted(Game.objects.values_list("game_type", "totals")) == [
        ("bridge-rubber", [420, 0, 420, 0]),
        ("bridge-rubber", [1250, 100, 1250, 100]),
        ("oh-hell", Game.objects.get(game_type="oh-hell").totals),
    ]


def test_the_api_reads_a_multipart_pbn_and_keeps_json_bodies_json(api, people):
    api.force_authenticate(people.scorer)
    url = "/api/v1/clubs/kozyr/games/"
    file = SimpleUploadedFile("evening.pbn", pbn("rubber"), content_type="application/octet-stream")
    response = api.post(f"{url}?ruleset=laws", {"file": file}, format="multipart")
    assert response.status_code == 201, response.content
    body = response.json()
    # The Laws score the points as the seed does (no bonus per game won either), but round
    # 11.5 whists down: 11 where the seed has 12.
    assert (body["report"]["totals"], body["report"]["ruleset"]["preset"]) == ([1250, 100], "laws")
    assert body["report"]["whists"] == [11, -11]
    game = Game.objects.get(pk=body["id"])
    assert [s[2:] for s in seats_of(game)] == [(1250, 2, 11), (100, 1, -11), (1250, 2, 11), (100, 1, -11)]
    response = api.post(url, json.loads(json_log("claim")), format="json")
    assert response.status_code == 201
    assert Game.objects.get(pk=response.json()["id"]).totals == [0, 190, 0, 190]
    # The upload's own bytes come back under the file's own extension.
    upload = Upload.objects.get(filename="evening.pbn")
    download = api.get(f"/api/v1/clubs/kozyr/uploads/{upload.pk}/content/")
    assert download["Content-Disposition"] == f'attachment; filename="upload-{upload.pk}.pbn"'
    assert download.content == pbn("rubber")


# --- readers of the stored figures ----------------------------------------------------------------


def test_player_statistics_leave_bridge_out_and_count_oh_hell(people):
    oh_hell = services.game_upload(
        club=people.club, content=game_bytes(7, players=PLAYERS), user=people.scorer
    ).game
    services.game_upload(club=people.club, content=json_log("rubber"), user=people.scorer)
    anna = GameSeat.objects.get(game=oh_hell, seat=0).player
    figures = player_statistics(player=anna)
    assert figures["games"] == 1  # the Oh Hell game only
    assert figures["deals"] == DealSeat.objects.filter(game=oh_hell, player=anna).count()
    totals = oh_hell.totals
    assert figures["table_wins"] == (1 if totals[0] == max(totals) else 0)


def test_a_correction_from_pbn_keeps_the_games_ruleset(people):
    game = services.game_upload(
        club=people.club, content=json_log("claim", ruleset="laws"), user=people.scorer
    ).game
    services.game_correct(
        game=game, content=pbn("revoke"), user=people.organiser, reason="the other board", filename="fix.pbn"
    )
    game.refresh_from_db()
    assert game.ruleset["preset"] == "laws"
    assert json.loads(bytes(game.current_revision.content))["ruleset"] == "laws"


def test_the_club_page_shows_each_seats_own_total(client, people):
    services.game_upload(club=people.club, content=json_log("rubber"), user=people.scorer)
    client.force_login(people.member)
    club = client.get(reverse("club-home", kwargs={"slug": "kozyr"})).content.decode()
    assert (
        'Anna <span class="num">1250</span>, Boris <span class="num">100</span>, '
        'Vera <span class="num">1250</span>, Gleb <span class="num">100</span>'
    ) in club


def test_a_bridge_players_profile_shows_the_sides_running_totals(client, people):
    game = services.game_upload(
        club=people.club, content=pbn("rubber"), user=people.scorer, filename="r.pbn"
    ).game
    player = game.seats.get(seat=0).player  # North: We
    client.force_login(people.member)
    response = client.get(f"/clubs/{people.club.slug}/players/{player.pk}/?game={game.pk}")
    assert response.status_code == 200
    data = response.context["progression"]
    we, they = data["players"][0]["totals"], data["players"][1]["totals"]
    assert data["players"][2]["totals"] == we  # partners share the side's totals
    assert (we[-1], they[-1]) == tuple(game.current_report.report["totals"])
    assert data["players"][0]["me"] is True


def test_the_csv_export_of_a_bridge_game_is_its_we_they_sheet(people):
    import csv
    import io as _io

    from rest_framework.test import APIClient

    game = services.game_upload(
        club=people.club, content=pbn("rubber"), user=people.scorer, filename="r.pbn"
    ).game
    api = APIClient()
    api.force_authenticate(people.member)
    response = api.get(f"/api/v1/games/{game.pk}/export/?format=csv")
    assert response.status_code == 200
    rows = list(csv.reader(_io.StringIO(response.content.decode())))
    assert rows[0][:7] == ["deal", "board", "dealer", "contract", "declarer", "tricks", "result"]
    assert [row[3] for row in rows[1:5]] == [
        d["contract"] or "passed out" for d in game.current_report.report["deals"]
    ]
    assert rows[-1][0] == "rubber 1"
    assert rows[-1][-1].endswith("whists 12/-12")


def test_pasted_pbn_is_read_as_pbn_on_the_upload_page(client, people):
    client.force_login(people.scorer)
    response = client.post(f"/clubs/{people.club.slug}/upload/", {"document": pbn("rubber").decode()})
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.game_type == "bridge-rubber"
    assert Upload.objects.get().filename == "pasted.pbn"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('[Event "Friday"]\n[Board "1"]', "pasted.pbn"),
        ('% PBN 2.1\n[Board "1"]', "pasted.pbn"),
        ('{ a comment }\n[Board "1"]', "pasted.pbn"),
        ('{"game": "bridge-rubber"}', ""),
        ('  {\n  "game": "oh-hell"}', ""),
        ("{}", ""),
    ],
)
def test_pasted_text_is_named_by_what_it_looks_like(text, name):
    assert registry.pasted_name(text) == name
