"""The organiser's set-up of a duplicate evening through its page (issue 22): the entrants paired,
the movement previewed and written; a pair that withdraws, a pair that comes late."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.models import Player
from tournaments import duplicate, services
from tournaments.models import DuplicateEvent, DuplicatePair, DuplicateSitting, Entry, Table, Tournament

pytestmark = pytest.mark.django_db

NAMES = [f"Игрок {n}" for n in range(1, 19)]


def _tournament(people, entrants: int) -> tuple[Tournament, list[Player]]:
    tournament = services.tournament_create(
        club=people.club, name="Парный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=NAMES[i]) for i in range(entrants)]
    for player in players:
        services.entry_add(tournament=tournament, player=player)
    return tournament, players


def _form(players: list[Player], **settings) -> dict[str, object]:
    data: dict[str, object] = {
        "movement": "mitchell",
        "boards_per_round": 3,
        "rounds": "",
        "scoring": "matchpoints",
        "arrow_switch": "",
        "deal_seed": "page-seed",
    }
    for i, player in enumerate(players):
        data[f"pair_{i // 2 + 1}_{'first' if i % 2 == 0 else 'second'}"] = player.pk
    data.update(settings)
    return data


def _url(tournament: Tournament) -> str:
    return reverse("tournament-duplicate-setup", args=[tournament.pk])


def test_the_form_pairs_the_entrants_in_the_order_they_were_registered(client, people):
    tournament, players = _tournament(people, 8)
    client.force_login(people.organiser)
    page = client.get(_url(tournament))
    assert page.status_code == 200
    form = page.context["form"]
    assert [form[f"pair_{n}_first"].initial for n in range(1, 5)] == [p.pk for p in players[0::2]]
    assert [form[f"pair_{n}_second"].initial for n in range(1, 5)] == [p.pk for p in players[1::2]]


def test_a_preview_writes_nothing_and_says_what_the_movement_will_be(client, people):
    tournament, players = _tournament(people, 14)
    client.force_login(people.organiser)
    page = client.post(_url(tournament), {**_form(players), "action": "preview"})
    assert page.status_code == 200
    # Seven pairs of a Mitchell of four tables: three rounds (the last set is not reached by
    # every pair), four board sets of three boards, twelve in play.
    assert page.context["preview"] == {
        "tables": 4,
        "rounds": 3,
        "boards": 12,
        "sits_out": True,
        "fields": True,
        "hand_record": False,
    }
    assert not DuplicateEvent.objects.filter(tournament=tournament).exists()
    assert not tournament.rounds.exists()


def test_writing_the_movement_seats_every_round(client, people):
    tournament, players = _tournament(people, 16)
    client.force_login(people.organiser)
    page = client.post(_url(tournament), {**_form(players, rounds=3), "action": "write"})
    assert page.status_code == 302, page.context["form"].errors
    event = DuplicateEvent.objects.get(tournament=tournament)
    assert (event.tables, event.rounds, event.deal_seed, event.boards_per_round) == (4, 3, "page-seed", 3)
    assert Table.objects.filter(round__tournament=tournament).count() == 4 * 3
    numbers = {
        p.number: (p.first_id, p.second_id) for p in DuplicatePair.objects.filter(tournament=tournament)
    }
    assert numbers[1] == (players[0].pk, players[1].pk)
    assert numbers[8] == (players[14].pk, players[15].pk)
    # Once written, the page shows the pairs and the forms for a withdrawal and a late pair.
    done = client.get(_url(tournament))
    assert done.status_code == 200
    assert "withdraw_form" in done.context
    assert done.context["late_place"] is None  # eight pairs at four tables: no place for a late one


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        pytest.param({"pair_2_second": ""}, "pair_2_second", "A pair is two players.", id="half-a-pair"),
        pytest.param({"pair_3_first": "<p0>"}, "pair_3_first", "already in another pair", id="twice"),
        pytest.param({"arrow_switch": "six"}, "arrow_switch", "Round numbers separated", id="arrow-switch"),
    ],
)
def test_a_wrong_pairing_is_shown_at_its_field(client, people, change, field, message):
    tournament, players = _tournament(people, 8)
    client.force_login(people.organiser)
    data = _form(players)
    data.update({k: (players[0].pk if v == "<p0>" else v) for k, v in change.items()})
    page = client.post(_url(tournament), {**data, "action": "write"})
    assert page.status_code == 400
    assert any(message in error for error in page.context["form"].errors[field])
    assert not DuplicateEvent.objects.filter(tournament=tournament).exists()


def test_a_movement_the_tables_cannot_play_is_refused_in_words(client, people):
    tournament, players = _tournament(people, 12)
    client.force_login(people.organiser)
    page = client.post(_url(tournament), {**_form(players, movement="howell", rounds=2), "action": "write"})
    assert page.status_code == 400
    assert page.context["form"].non_field_errors() == [
        "this movement cannot be played by 3 tables in 2 rounds"
    ]


def test_fewer_than_three_pairs_are_refused(client, people):
    tournament, players = _tournament(people, 4)
    client.force_login(people.organiser)
    page = client.post(_url(tournament), {**_form(players), "action": "write"})
    assert page.status_code == 400
    assert "A duplicate evening needs at least 3 pairs." in page.context["form"].non_field_errors()


@pytest.mark.parametrize(
    ("who", "status"),
    [
        pytest.param("organiser", 200, id="organiser"),
        pytest.param("scorer", 403, id="scorer"),
        pytest.param("member", 403, id="member"),
        pytest.param("outsider", 404, id="outsider"),
    ],
)
def test_only_the_clubs_organisers_set_up_the_movement(client, people, who, status):
    tournament, _players = _tournament(people, 8)
    client.force_login(getattr(people, who))
    assert client.get(_url(tournament)).status_code == status


def test_the_signed_out_are_sent_to_sign_in(client, people):
    tournament, _players = _tournament(people, 8)
    page = client.get(_url(tournament))
    assert page.status_code == 302
    assert "login" in page["Location"] or "sign" in page["Location"]


def test_another_game_has_no_movement(client, people):
    tournament = services.tournament_create(
        club=people.club, name="Роббер", user=people.organiser, game_type="bridge-rubber"
    )
    client.force_login(people.organiser)
    assert client.get(_url(tournament)).status_code == 404


def test_a_withdrawal_through_the_page(client, people):
    tournament, players = _tournament(people, 12)
    client.force_login(people.organiser)
    client.post(_url(tournament), {**_form(players), "action": "write"})
    later = Table.objects.filter(round__tournament=tournament, round__number__gt=1, sitting__ns=2).count()
    assert later == 2
    page = client.post(_url(tournament), {"action": "withdraw", "pair": 2, "after_round": 1})
    assert page.status_code == 302
    assert DuplicatePair.objects.get(tournament=tournament, number=2).withdrawn_after == 1
    assert not Table.objects.filter(round__tournament=tournament, round__number__gt=1, sitting__ns=2).exists()


def _seven_pairs(people) -> tuple[Tournament, list[Player]]:
    tournament, players = _tournament(people, 16)
    duplicate.setup(
        tournament=tournament,
        pairs=[(players[2 * i], players[2 * i + 1]) for i in range(7)],
        boards_per_round=2,
        deal_seed="late",
    )
    return tournament, players


def test_a_late_pair_takes_the_missing_pairs_place_from_its_round(people):
    tournament, players = _seven_pairs(people)
    # Seven pairs at four tables: pair 8 is missing, its opponents sit out; three tables a round.
    assert [
        Table.objects.filter(round__tournament=tournament, round__number=r).count() for r in (1, 2, 3)
    ] == [
        3,
        3,
        3,
    ]
    late = duplicate.pair_arrive_late(
        tournament=tournament, first=players[14], second=players[15], from_round=2
    )
    assert late.number == 8
    assert [
        Table.objects.filter(round__tournament=tournament, round__number=r).count() for r in (1, 2, 3)
    ] == [
        3,
        4,
        4,
    ]
    plan = duplicate.movement_of(tournament.duplicate, phantom=None)
    for sitting in plan.of_pair(8):
        written = DuplicateSitting.objects.filter(
            table__round__tournament=tournament, table__round__number=sitting.round, ew=8
        )
        if sitting.round == 1:
            assert not written.exists()
        else:
            row = written.get()
            assert (row.ns, row.table.number, row.board_set) == (sitting.ns, sitting.table, sitting.boards)
            assert [s.player_id for s in row.table.seats.order_by("seat")][1::2] == [
                players[14].pk,
                players[15].pk,
            ]
    assert Entry.objects.filter(tournament=tournament, player=players[14]).exists()
    # Eight pairs now: every board set is played at three tables, and round 1's boards, played
    # at three, are scaled up by Neuberg.
    assert set(duplicate.expected_plays(tournament.duplicate, 8).values()) == {3}


def test_a_late_pair_is_refused_when_every_table_is_full(people):
    tournament, players = _tournament(people, 10)
    duplicate.setup(tournament=tournament, pairs=[(players[2 * i], players[2 * i + 1]) for i in range(4)])
    with pytest.raises(services.ServiceError) as refused:
        duplicate.pair_arrive_late(tournament=tournament, first=players[8], second=players[9], from_round=1)
    assert refused.value.code == "DUPLICATE_NO_PLACE"


def test_a_late_pair_cannot_bring_a_player_who_already_plays(people):
    tournament, players = _seven_pairs(people)
    with pytest.raises(services.ServiceError) as refused:
        duplicate.pair_arrive_late(tournament=tournament, first=players[0], second=players[15], from_round=2)
    assert refused.value.code == "DUPLICATE_PAIRS_REFUSED"


def test_the_late_pairs_result_is_scored_with_the_field(client, people):
    tournament, players = _seven_pairs(people)
    client.force_login(people.organiser)
    page = client.post(
        _url(tournament),
        {"action": "late", "first": players[14].pk, "second": players[15].pk, "from_round": 2},
    )
    assert page.status_code == 302
    table = Table.objects.get(round__tournament=tournament, round__number=2, sitting__ew=8)
    names = [s.player.display_name for s in table.seats.order_by("seat")]
    boards = [{"board": table.sitting.boards[0], "contract": "3NT", "declarer": "N", "result": 9}]
    document = {"game": "bridge-duplicate", "version": 1, "players": names, "boards": boards}
    upload = services.table_game_upload(
        table=table, content=json.dumps(document).encode(), user=people.scorer
    )
    assert upload.result.refusal is None
    results = duplicate.score(tournament)
    assert results.scores[8].by_board  # the late pair is ranked on what it played
    assert list(results.scores[8].by_board) == [table.sitting.boards[0]]


# --- a hand-record file instead of the seed ---------------------------------------------------


def _hand_record(numbers, seed: str = "machine") -> str:
    from rules.bridge.boards import deal_board, hand_record_pbn

    return hand_record_pbn([deal_board(seed, n) for n in numbers])


def test_the_boards_of_a_hand_record_file_are_the_boards_played(people):
    from rules.bridge.boards import deal_board

    tournament, players = _tournament(people, 16)
    event = duplicate.setup(
        tournament=tournament,
        pairs=[(players[2 * i], players[2 * i + 1]) for i in range(8)],
        boards_per_round=1,
        hand_record_file=_hand_record(range(1, 9)),
    )
    boards = duplicate.boards_of(event)
    # Four tables of a Mitchell, one board a round: boards 1–4; the file's 5–8 are not played.
    assert sorted(boards) == [1, 2, 3, 4]
    assert boards[3].hands == deal_board("machine", 3).hands
    assert boards[3].hands != deal_board(event.deal_seed, 3).hands


def test_a_hand_record_file_short_of_a_board_is_refused(people):
    tournament, players = _tournament(people, 16)
    with pytest.raises(services.ServiceError) as refused:
        duplicate.setup(
            tournament=tournament,
            pairs=[(players[2 * i], players[2 * i + 1]) for i in range(8)],
            boards_per_round=2,
            hand_record_file=_hand_record([1, 2, 3, 5, 6, 7]),
        )
    assert refused.value.code == "DUPLICATE_HAND_RECORD_MISSING"
    assert refused.value.params == {"boards": "4, 8"}
    assert not DuplicateEvent.objects.filter(tournament=tournament).exists()


def test_a_hand_record_file_that_cannot_be_read_is_refused_at_its_board_and_line(people):
    tournament, players = _tournament(people, 8)
    broken = _hand_record([1, 2, 3, 4]).replace('[Board "3"]', '[Board "two"]')
    with pytest.raises(services.ServiceError) as refused:
        duplicate.setup(
            tournament=tournament,
            pairs=[(players[2 * i], players[2 * i + 1]) for i in range(4)],
            boards_per_round=1,
            hand_record_file=broken,
        )
    assert refused.value.code == "DUPLICATE_HAND_RECORD_REFUSED"
    assert "boards[2].Board" in refused.value.params["why"]


def test_the_page_carries_the_hand_record_file_from_the_preview_to_the_writing(client, people):
    from django.core.files.uploadedfile import SimpleUploadedFile

    tournament, players = _tournament(people, 8)
    client.force_login(people.organiser)
    text = _hand_record(range(1, 5))
    data = {**_form(players, boards_per_round=1), "action": "preview"}
    preview = client.post(
        _url(tournament), {**data, "hand_record": SimpleUploadedFile("boards.pbn", text.encode())}
    )
    assert preview.status_code == 200
    assert preview.context["preview"]["hand_record"] is True
    carried = preview.context["form"].cleaned_data["hand_record_text"]
    assert carried == text
    written = client.post(_url(tournament), {**data, "action": "write", "hand_record_text": carried})
    assert written.status_code == 302
    assert DuplicateEvent.objects.get(tournament=tournament).hand_record_file == text
