"""A duplicate evening played elsewhere, imported from its PBN results file (issue 22): the pairs,
sittings, rounds, fields and scoring read from it, scored as the club's own; every refusal said
at its place with the file kept."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Upload
from rules.bridge.boards import deal_board, hand_record_pbn
from tournaments import duplicate
from tournaments.duplicate_import import event_import
from tournaments.models import DuplicateEvent, DuplicatePair, Table, Tournament

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[1] / "data" / "pbn"
PAIRS_MP = (DATA / "duplicate" / "pairs-mp.pbn").read_bytes()


def _import(people, content: bytes = PAIRS_MP, **options):
    return event_import(
        club=people.club, content=content, user=people.organiser, filename="club.pbn", **options
    )


def test_a_matchpoint_file_becomes_an_evening_scored_as_the_clubs_own(people):
    outcome = _import(people)
    assert outcome.refusal is None
    tournament = outcome.tournament
    assert (tournament.name, tournament.game_type, tournament.status) == (
        "Club pairs",
        "bridge-duplicate",
        Tournament.Status.FINISHED,
    )
    event = tournament.duplicate
    assert (event.movement, event.scoring, event.tables, event.rounds) == ("imported", "matchpoints", 3, 1)
    pairs = {
        p.number: (p.first.display_name, p.second.display_name)
        for p in DuplicatePair.objects.filter(tournament=tournament).select_related("first", "second")
    }
    assert pairs == {
        1: ("Anna", "Vera"),
        2: ("Boris", "Gleb"),
        3: ("Dmitri", "Zhanna"),
        4: ("Elena", "Ivan"),
        5: ("Kira", "Maria"),
        6: ("Lev", "Nikita"),
    }
    assert Table.objects.filter(round__tournament=tournament, game__isnull=False).count() == 3
    results = duplicate.score(tournament)
    # Board 1, North–South 400, −50, 430: 2, 0, 4 of a top of 4 (two a board beaten, one a
    # board tied). Board 2: −400, 0, −110: 0, 4, 2.
    assert {n: results.scores[n].total for n in (1, 3, 5)} == {1: 2, 3: 4, 5: 6}
    assert {n: results.scores[n].score for n in (1, 3, 5)} == {
        1: Fraction(25),
        3: Fraction(50),
        5: Fraction(75),
    }
    assert {n: results.scores[n].score for n in (2, 4, 6)} == {
        2: Fraction(75),
        4: Fraction(50),
        6: Fraction(25),
    }
    # No pair sat both ways: North–South and East–West are ranked apart, as in a Mitchell.
    assert duplicate.two_fields(event)
    assert results.field_of == {1: "NS", 2: "EW", 3: "NS", 4: "EW", 5: "NS", 6: "EW"}
    assert duplicate.expected_plays(event, 6) == {1: 3, 2: 3}
    kept = Upload.objects.get(club=people.club, filename="club.pbn")
    assert (kept.outcome, bytes(kept.content)) == (Upload.Outcome.ACCEPTED, PAIRS_MP)


def test_the_imported_hand_record_is_the_files_deal(people):
    event = _import(people).tournament.duplicate
    boards = duplicate.hand_record(event)
    assert [b.number for b in boards] == [1, 2]
    # "N:AKQ2.AK3.AQ2.K32 JT9.QJT.KJT.AQJT ...": North's hand, East's next.
    from rules.bridge.boards import hand_text

    assert hand_text(boards[0].hands[0]) == "AKQ2.AK3.AQ2.K32"
    assert hand_text(boards[0].hands[1]) == "JT9.QJT.KJT.AQJT"


def test_a_file_that_does_not_say_its_scoring_is_asked_about(people):
    unsaid = PAIRS_MP.replace(b'[Scoring "MP"]\n', b"")
    refused = _import(people, unsaid)
    assert refused.tournament is None
    assert refused.refusal.code == "DUPLICATE_IMPORT_SCORING"
    assert refused.upload.outcome == Upload.Outcome.REJECTED
    assert bytes(refused.upload.content) == unsaid
    answered = _import(people, unsaid, scoring="cross_imps")
    assert answered.refusal is None
    assert answered.tournament.duplicate.scoring == DuplicateEvent.Scoring.CROSS_IMPS


@pytest.mark.parametrize(
    ("content", "code"),
    [
        pytest.param(
            hand_record_pbn([deal_board("seed", 1), deal_board("seed", 2)]).encode(),
            "DUPLICATE_IMPORT_HAND_RECORD",
            id="hand-record",
        ),
        pytest.param((DATA / "rubber.pbn").read_bytes(), "DUPLICATE_IMPORT_RUBBER", id="rubber"),
    ],
)
def test_a_file_of_another_kind_is_refused_for_what_it_is(people, content, code):
    refused = _import(people, content)
    assert (refused.tournament, refused.refusal.code) == (None, code)
    assert bytes(refused.upload.content) == content
    assert not Tournament.objects.filter(club=people.club).exists()


def test_a_defect_is_refused_at_its_board_and_line(people):
    broken = PAIRS_MP.replace(b'[Contract "4S"]', b'[Contract "9S"]')
    refused = _import(people, broken)
    assert refused.tournament is None
    assert refused.refusal.path.startswith("boards[1].")
    assert "board 1, line" in str(refused.refusal)
    assert refused.upload.error_path == refused.refusal.path
    assert not Tournament.objects.filter(club=people.club).exists()


def test_the_organiser_imports_through_the_page(client, people):
    client.force_login(people.organiser)
    url = reverse("club-duplicate-import", args=[people.club.slug])
    assert client.get(url).status_code == 200
    page = client.post(
        url, {"file": SimpleUploadedFile("evening.pbn", PAIRS_MP), "name": "Среда", "scoring": ""}
    )
    assert page.status_code == 302
    tournament = Tournament.objects.get(club=people.club)
    assert tournament.name == "Среда"
    assert page["Location"] == reverse("tournament-duplicate", args=[tournament.pk])
    results = client.get(page["Location"])
    assert results.status_code == 200
    assert "Anna – Vera" in results.content.decode()


def test_the_page_asks_for_the_scoring_in_the_readers_language(client, people):
    client.force_login(people.organiser)
    url = reverse("club-duplicate-import", args=[people.club.slug])
    unsaid = PAIRS_MP.replace(b'[Scoring "MP"]\n', b"")
    page = client.post(
        url, {"file": SimpleUploadedFile("evening.pbn", unsaid), "scoring": ""}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert page.status_code == 400
    assert page.context["ask_scoring"] is True
    assert (
        page.context["refusal"]
        == "в файле не сказано, как он подсчитан: выберите матчпойнты, кросс-IMP или Батлер"
    )


@pytest.mark.parametrize(
    ("who", "status"),
    [
        pytest.param("organiser", 200, id="organiser"),
        pytest.param("scorer", 403, id="scorer"),
        pytest.param("member", 403, id="member"),
        pytest.param("outsider", 403, id="outsider"),
    ],
)
def test_only_the_clubs_organisers_import(client, people, who, status):
    client.force_login(getattr(people, who))
    assert client.get(reverse("club-duplicate-import", args=[people.club.slug])).status_code == status


def test_an_evening_exported_as_pbn_imports_back_to_the_same_ranking(people):
    """The service's own results file (ScoreTables and TotalScoreTable, no game per table) read
    back as an evening: the same pairs, names and percentages."""
    import json

    from games.models import Player
    from tournaments import duplicate_export, services

    home = services.tournament_create(
        club=people.club, name="Парный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=f"Игрок {n}") for n in range(1, 13)]
    duplicate.setup(
        tournament=home,
        pairs=[(players[2 * i], players[2 * i + 1]) for i in range(6)],
        deal_seed="round-trip",
        boards_per_round=2,
    )
    made = {1: (9, 10), 2: (10, 8), 3: (8, 11)}
    for round_number in (1, 2):
        for table in Table.objects.filter(round__tournament=home, round__number=round_number):
            names = [s.player.display_name for s in table.seats.order_by("seat")]
            boards = [
                {"board": board, "contract": "3NT", "declarer": "N", "result": tricks}
                for board, tricks in zip(table.sitting.boards, made[table.number], strict=True)
            ]
            document = {"game": "bridge-duplicate", "version": 1, "players": names, "boards": boards}
            services.table_game_upload(table=table, content=json.dumps(document).encode(), user=people.scorer)
    exported = duplicate_export.results_pbn(home).encode()
    away = _import(people, exported, name="Обратно").tournament
    assert away is not None
    mine, theirs = duplicate.score(home), duplicate.score(away)
    assert {n: s.score for n, s in theirs.scores.items()} == {n: s.score for n, s in mine.scores.items()}
    names = {
        p.number: (p.first.display_name, p.second.display_name)
        for p in DuplicatePair.objects.filter(tournament=away).select_related("first", "second")
    }
    assert names[1] == ("Игрок 1", "Игрок 2")


def test_an_imported_evenings_pages_read_as_the_clubs_own(client, people):
    tournament = _import(people).tournament
    client.force_login(people.member)
    card = client.get(reverse("tournament-duplicate-pair", args=[tournament.pk, 5]))
    assert card.status_code == 200
    rows = [row for block in card.context["card"]["rounds"] for row in block["rows"]]
    assert [(r["board"], r["score"], r["earned"]) for r in rows] == [(1, 430, 4.0), (2, -110, 2.0)]
    record = client.get(reverse("tournament-duplicate-hand-record", args=[tournament.pk]))
    assert record.status_code == 200  # finished: the hand record is published
    # No movement of ours gives an imported evening's rounds: no movement sheets, no link.
    assert client.get(reverse("tournament-duplicate-movement", args=[tournament.pk])).status_code == 404
    results = client.get(reverse("tournament-duplicate", args=[tournament.pk])).content.decode()
    assert reverse("tournament-duplicate-movement", args=[tournament.pk]) not in results


def test_the_same_file_imported_twice_is_refused_the_second_time(people):
    first = _import(people)
    assert first.refusal is None
    again = _import(people)
    assert (again.tournament, again.refusal.code) == (None, "DUPLICATE_IMPORT_AGAIN")
    assert Tournament.objects.filter(club=people.club).count() == 1


def test_a_file_whose_tables_were_recorded_before_is_refused_in_words(people):
    """Another file holding a table log already recorded (the same evening, written again with
    a comment more): the service's refusal of the table, said, and nothing half imported."""
    assert _import(people).refusal is None
    other = b"% written again\n" + PAIRS_MP
    refused = _import(people, other)
    assert refused.tournament is None
    assert refused.refusal.code == "TABLE_GAME_ELSEWHERE"
    assert str(refused.refusal) == "(document): these exact bytes are already the game of another table"
    assert Tournament.objects.filter(club=people.club).count() == 1
    assert bytes(refused.upload.content) == other
