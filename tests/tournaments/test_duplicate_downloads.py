"""The duplicate event's published files (issue 22): the PBN results file, USEBIO XML and the
ranking and travellers CSVs, from an event with two recorded rounds; who may download them."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from games.models import Player
from rules.bridge.pbn_results import decimal, read_results
from tournaments import duplicate, services
from tournaments.models import Table

pytestmark = pytest.mark.django_db

NAMES = [f"Игрок {n}" for n in range(1, 13)]
DOWNLOADS = (
    "tournament-duplicate-results-pbn",
    "tournament-duplicate-usebio",
    "tournament-duplicate-ranking-csv",
    "tournament-duplicate-travellers-csv",
)
#: Per table, what North–South make on the round's first and second board: 3NT by North with
#: these tricks (table 3's second board passed out).
TRICKS = {1: (9, 10), 2: (10, 8), 3: (8, None)}


def _event(people, pairs: int = 6):
    tournament = services.tournament_create(
        club=people.club, name="Парный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=NAMES[i]) for i in range(2 * pairs)]
    couples = [(players[2 * i], players[2 * i + 1]) for i in range(pairs)]
    duplicate.setup(tournament=tournament, pairs=couples, deal_seed="downloads-seed", boards_per_round=2)
    return tournament


def _log(table: Table, boards: list[dict]) -> bytes:
    names = [s.player.display_name for s in table.seats.order_by("seat")]
    return json.dumps({"game": "bridge-duplicate", "version": 1, "players": names, "boards": boards}).encode()


def _record(tournament, people, round_number: int) -> None:
    for table in Table.objects.filter(round__tournament=tournament, round__number=round_number):
        boards = []
        for board, tricks in zip(table.sitting.boards, TRICKS[table.number], strict=True):
            if tricks is None:
                boards.append({"board": board, "contract": "Pass"})
            else:
                boards.append(
                    {"board": board, "contract": "3NT", "declarer": "N", "lead": "KH", "result": tricks}
                )
        upload = services.table_game_upload(table=table, content=_log(table, boards), user=people.scorer)
        assert upload.result.refusal is None


@pytest.fixture
def recorded(people):
    tournament = _event(people)
    _record(tournament, people, 1)
    _record(tournament, people, 2)
    return tournament


def _get(client, name: str, tournament):
    return client.get(reverse(name, args=[tournament.pk]))


def test_the_pbn_file_reads_back_to_the_results(client, people, recorded):
    client.force_login(people.member)
    response = _get(client, "tournament-duplicate-results-pbn", recorded)
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="tournament-{recorded.pk}-results.pbn"'
    boards, rows, totals = read_results(response.content)
    results = duplicate.score(recorded)
    event = results.event
    assert [b.number for b in boards] == [b.number for b in duplicate.hand_record(event)]
    assert len(boards) == 6  # three sets of two boards
    assert sorted(rows) == sorted(t.board for t in results.travellers) == [1, 2, 3, 4, 5, 6]
    for traveller in results.travellers:
        written = {(r["PairId_NS"], r["PairId_EW"]): r for r in rows[traveller.board]}
        assert len(written) == len(traveller.rows)
        for result, ns, ew in traveller.rows:
            row = written[(str(result.ns), str(result.ew))]
            assert (row["MP_NS"], row["MP_EW"], row["Score_NS"]) == (
                decimal(ns),
                decimal(ew),
                str(result.result.ns_score),
            )
    by_pair = {t["PairId"]: t for t in totals}
    assert set(by_pair) == {str(n) for n in results.scores}
    for number, scored in results.scores.items():
        line = by_pair[str(number)]
        pair = results.pairs[number]
        assert (line["TotalMP"], line["TotalPercentage"], line["Rank"], line["NrBoards"]) == (
            decimal(scored.total),
            decimal(scored.score),
            scored.place.replace("–", "-"),
            "4",
        )
        assert line["Names"] == f"{pair.first.display_name};{pair.second.display_name}"
        assert line["Direction"] == results.field_of[number]


def test_a_passed_out_board_and_a_made_contract_in_the_pbn_traveller(client, people, recorded):
    client.force_login(people.member)
    _, rows, _ = read_results(_get(client, "tournament-duplicate-results-pbn", recorded).content)
    # Round 1, table 1 (pairs 1 and 4) played boards 1 and 2: 3NT by North, 9 and 10 tricks.
    table = Table.objects.get(round__tournament=recorded, round__number=1, number=1)
    ns, ew = str(table.sitting.ns), str(table.sitting.ew)
    first, second = table.sitting.boards
    made = next(r for r in rows[first] if (r["PairId_NS"], r["PairId_EW"]) == (ns, ew))
    assert (made["Contract"], made["Declarer"], made["Result"]) == ("3NT", "N", "9")
    over = next(r for r in rows[second] if (r["PairId_NS"], r["PairId_EW"]) == (ns, ew))
    assert over["Result"] == "10"
    table3 = Table.objects.get(round__tournament=recorded, round__number=1, number=3)
    passed = next(r for r in rows[table3.sitting.boards[1]] if r["PairId_NS"] == str(table3.sitting.ns))
    assert (passed["Contract"], passed["Declarer"], passed["Result"], passed["Score_NS"]) == (
        "Pass",
        "-",
        "-",
        "0",
    )


def test_the_usebio_file_lists_the_pairs_and_the_travellers(client, people, recorded):
    client.force_login(people.member)
    response = _get(client, "tournament-duplicate-usebio", recorded)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/xml; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="tournament-{recorded.pk}-usebio.xml"'
    root = ET.fromstring(response.content.decode().split("\n", 2)[2])  # noqa: S314 (our own output)
    results = duplicate.score(recorded)
    assert root.findtext("CLUB/CLUB_NAME") == people.club.name
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == "Парный вечер"
    assert root.findtext("EVENT/BOARD_SCORING_METHOD") == "MATCH_POINTS"
    assert root.findtext("EVENT/WINNER_TYPE") == "2"  # a Mitchell ranks its two fields apart
    pairs = {p.findtext("PAIR_NUMBER"): p for p in root.findall("EVENT/PARTICIPANTS/PAIR")}
    assert set(pairs) == {"1", "2", "3", "4", "5", "6"}
    for number, scored in results.scores.items():
        pair = pairs[str(number)]
        assert (pair.findtext("PLACE"), pair.findtext("PERCENTAGE"), pair.findtext("DIRECTION")) == (
            scored.place.replace("–", "-"),
            decimal(scored.score),
            results.field_of[number],
        )
        assert [p.findtext("PLAYER_NAME") for p in pair.findall("PLAYER")] == [
            results.pairs[number].first.display_name,
            results.pairs[number].second.display_name,
        ]
    boards = root.findall("EVENT/BOARD")
    assert [b.findtext("BOARD_NUMBER") for b in boards] == ["1", "2", "3", "4", "5", "6"]
    lines = [line for b in boards for line in b.findall("TRAVELLER_LINE")]
    assert len(lines) == sum(len(t.rows) for t in results.travellers) == 12
    table = Table.objects.get(round__tournament=recorded, round__number=1, number=1)
    first = next(
        line
        for line in boards[table.sitting.boards[0] - 1].findall("TRAVELLER_LINE")
        if line.findtext("NS_PAIR_NUMBER") == str(table.sitting.ns)
    )
    assert (first.findtext("CONTRACT"), first.findtext("PLAYED_BY"), first.findtext("LEAD")) == (
        "3NT",
        "N",
        "KH",
    )
    assert first.findtext("TRICKS") == "9"


def test_the_ranking_csv(client, people, recorded):
    client.force_login(people.member)
    response = _get(client, "tournament-duplicate-ranking-csv", recorded)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="tournament-{recorded.pk}-ranking.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["field", "place", "pair", "player_1", "player_2", "score", "total", "boards"]
    results = duplicate.score(recorded)
    assert len(rows) == 1 + len(results.scores) == 7
    assert [r[0] for r in rows[1:]] == ["NS", "NS", "NS", "EW", "EW", "EW"]
    for row in rows[1:]:
        scored = results.scores[int(row[2])]
        pair = results.pairs[int(row[2])]
        assert row[1] == scored.place.replace("–", "-")
        assert row[3:] == [
            pair.first.display_name,
            pair.second.display_name,
            f"{float(scored.score):.2f}",
            f"{float(scored.total):.2f}",
            "4",
        ]


def test_the_travellers_csv(client, people, recorded):
    client.force_login(people.member)
    response = _get(client, "tournament-duplicate-travellers-csv", recorded)
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:8] == [
        "board",
        "ns_pair",
        "ew_pair",
        "contract",
        "declarer",
        "lead",
        "tricks",
        "ns_score",
    ]
    assert len(rows) == 13
    table = Table.objects.get(round__tournament=recorded, round__number=1, number=1)
    board = table.sitting.boards[0]
    line = next(r for r in rows[1:] if r[:3] == [str(board), str(table.sitting.ns), str(table.sitting.ew)])
    results = duplicate.score(recorded)
    traveller = next(t for t in results.travellers if t.board == board)
    _, ns, ew = next(r for r in traveller.rows if r[0].ns == table.sitting.ns)
    assert line[3:8] == [
        "3NT",
        "N",
        "KH",
        "9",
        str(results.lines[board][(table.sitting.ns, table.sitting.ew)]["ns_score"]),
    ]
    assert line[10:12] == [f"{float(ns):.2f}", f"{float(ew):.2f}"]
    assert line[12:14] == [
        f"{float(ns * 100 / traveller.mark):.2f}",
        f"{float(ew * 100 / traveller.mark):.2f}",
    ]


def test_the_results_page_lists_the_four_files(client, people, recorded):
    client.force_login(people.member)
    page = client.get(reverse("tournament-duplicate", args=[recorded.pk])).content.decode()
    for name in DOWNLOADS:
        assert f'href="{reverse(name, args=[recorded.pk])}"' in page
    assert "Results for the federation (USEBIO XML)" in page


@pytest.mark.parametrize("name", DOWNLOADS, ids=["pbn", "usebio", "ranking", "travellers"])
def test_the_files_are_readable_as_the_results_page_is(client, people, recorded, name):
    assert _get(client, name, recorded).status_code == 404  # unpublished, anonymous
    client.force_login(people.outsider)
    assert _get(client, name, recorded).status_code == 404
    client.force_login(people.member)
    assert _get(client, name, recorded).status_code == 200
    services.tournament_publish(tournament=recorded, published=True)
    client.logout()
    assert _get(client, name, recorded).status_code == 200


@pytest.mark.parametrize("name", DOWNLOADS, ids=["pbn", "usebio", "ranking", "travellers"])
def test_a_tournament_that_is_no_duplicate_event_has_no_files(client, people, name):
    tournament = services.tournament_create(
        club=people.club, name="Роббер", user=people.organiser, game_type="bridge-rubber"
    )
    client.force_login(people.member)
    assert _get(client, name, tournament).status_code == 404


def test_an_event_without_results_has_its_boards_and_no_tables(client, people):
    tournament = _event(people)
    client.force_login(people.member)
    boards, rows, totals = read_results(_get(client, "tournament-duplicate-results-pbn", tournament).content)
    assert (len(boards), rows, totals) == (6, {}, [])
    csv_rows = list(
        csv.reader(io.StringIO(_get(client, "tournament-duplicate-ranking-csv", tournament).content.decode()))
    )
    assert csv_rows == [["field", "place", "pair", "player_1", "player_2", "score", "total", "boards"]]
