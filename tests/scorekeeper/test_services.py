"""The scorekeeper's services: starting drafts, idempotent entries, take-over, finishing into a game."""

from __future__ import annotations

import json

import pytest

from games.models import Game, Upload
from rules.ohhell import parse, replay
from rules.ohhell.simulate import simulate
from scorekeeper import engine, services
from scorekeeper.models import Draft, DraftEntry
from tests.scorekeeper.conftest import FOUR, add, enter_game
from tournaments.models import Standing, Table

pytestmark = pytest.mark.django_db


def test_a_free_game_starts_with_the_first_dealer_by_hand_or_by_a_reproducible_lot(people):
    by_hand = services.draft_start(club=people.club, user=people.scorer, players=FOUR, first_dealer=2)
    assert (by_hand.first_dealer, by_hand.lot_seed) == (2, None)
    a = services.draft_start(club=people.club, user=people.scorer, players=FOUR, seed=1234)
    b = services.draft_start(club=people.club, user=people.scorer, players=FOUR, seed=1234)
    assert a.lot_seed == b.lot_seed == 1234
    assert a.first_dealer == b.first_dealer == services.draw_first_dealer(1234, 4)
    drawn = services.draft_start(club=people.club, user=people.scorer, players=FOUR)
    assert drawn.first_dealer == services.draw_first_dealer(drawn.lot_seed, 4)


@pytest.mark.parametrize(
    ("players", "message"),
    [(["A", "B"], "3 to 7 players"), (["Anna", "anna", "Vera"], "two seats"), (["A", "", "C"], "name")],
)
def test_a_free_game_needs_three_to_seven_different_players(people, players, message):
    with pytest.raises(services.ServiceError, match=message):
        services.draft_start(club=people.club, user=people.scorer, players=players)


def test_only_scorers_and_organisers_start_a_draft(people):
    for user in (people.member, people.outsider):
        with pytest.raises(services.NotScorer):
            services.draft_start(club=people.club, user=user, players=FOUR)
    assert (
        services.draft_start(club=people.club, user=people.organiser, players=FOUR).scorer == people.organiser
    )


def test_a_resent_entry_is_not_doubled(free_draft, people):
    first = services.entry_add(
        draft=free_draft, user=people.scorer, entry_id="tap-1", kind="trump", card="2C"
    )
    again = services.entry_add(
        draft=free_draft, user=people.scorer, entry_id="tap-1", kind="trump", card="2C"
    )
    assert first.created
    assert not again.created
    assert first.entry.pk == again.entry.pk
    assert DraftEntry.objects.filter(draft=free_draft).count() == 1
    assert again.state.phase == "bidding"


def test_entries_are_numbered_and_append_only(free_draft, people):
    add(free_draft, people.scorer, "trump", card="Q♥")
    add(free_draft, people.scorer, "bid", seat=1, value=1)
    add(free_draft, people.scorer, "undo")
    rows = list(free_draft.entries.order_by("number"))
    assert [(r.number, r.kind, r.card) for r in rows] == [(1, "trump", "QH"), (2, "bid", ""), (3, "undo", "")]
    from games.append_only import AppendOnlyError

    with pytest.raises(AppendOnlyError):
        rows[0].delete()


def test_a_refused_entry_is_not_stored(free_draft, people):
    with pytest.raises(engine.Refused) as info:
        add(free_draft, people.scorer, "bid", seat=1, value=0)
    assert info.value.code == "TRUMP_FIRST"
    assert not free_draft.entries.exists()
    with pytest.raises(engine.Refused):
        add(free_draft, people.scorer, "trump", card="XX")


def test_only_the_scorer_enters_and_an_organiser_can_take_over(free_draft, people):
    for user in (people.organiser, people.member, people.outsider, people.superuser):
        with pytest.raises(services.NotScorer):
            add(free_draft, user, "trump", card="2C")
    for user in (people.scorer, people.member, people.outsider):
        with pytest.raises(services.NotScorer):
            services.draft_take_over(draft=free_draft, user=user)
    services.draft_take_over(draft=free_draft, user=people.organiser)
    add(free_draft, people.organiser, "trump", card="2C")
    with pytest.raises(services.NotScorer):
        add(free_draft, people.scorer, "bid", seat=1, value=0)


def test_finishing_a_free_game_uploads_the_log_as_the_games_first_revision(people):
    game = simulate(players=FOUR, seed=7, ruleset={"preset": "classic", "schedule": [1, 2, 3]})
    doc = game.document
    draft = services.draft_start(
        club=people.club,
        user=people.scorer,
        players=FOUR,
        ruleset=doc["ruleset"],
        first_dealer=doc["deals"][0]["dealer"],
    )
    with pytest.raises(services.ServiceError, match="not over"):
        services.draft_finish(draft=draft, user=people.scorer)
    enter_game(draft, people.scorer, doc)
    finished = services.draft_finish(draft=draft, user=people.scorer)
    draft.refresh_from_db()
    assert draft.status == Draft.Status.FINISHED
    recorded = Game.objects.get(pk=draft.game_id)
    assert recorded.totals == replay(parse(doc)).totals
    assert finished.upload.source == Upload.Source.SCOREKEEPER
    stored = json.loads(bytes(recorded.current_revision.content))
    assert [d["tricks"] for d in stored["deals"]] == [d["tricks"] for d in doc["deals"]]
    with pytest.raises(services.NotScorer):
        add(draft, people.scorer, "trump", card="2C")


def test_a_tables_game_enters_the_standings(people, tournament, seated, django_capture_on_commit_callbacks):
    first, second = Table.objects.filter(round=seated).order_by("number")[:2]
    drawn = services.draft_start_table(table=first, user=people.scorer)
    assert drawn.players == [s.player.display_name for s in first.seats.order_by("seat")]
    assert drawn.lot_seed == services.table_lot_seed(first)
    assert drawn.first_dealer == services.draw_first_dealer(drawn.lot_seed, 4)
    assert services.draft_start_table(table=first, user=people.organiser).pk == drawn.pk  # resumed
    names = [s.player.display_name for s in second.seats.order_by("seat")]
    log = simulate(players=names, seed=3).document
    draft = services.draft_start_table(
        table=second, user=people.scorer, first_dealer=log["deals"][0]["dealer"]
    )
    enter_game(draft, people.scorer, log, cards=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.draft_finish(draft=draft, user=people.scorer)
    second.refresh_from_db()
    assert second.game is not None
    assert second.game.scorekeeper_draft == draft
    assert second.game.totals == replay(parse(log)).totals
    points = {s.player.display_name: s.points for s in Standing.objects.filter(tournament=tournament)}
    assert [points[name] for name in names] == replay(parse(log)).totals


def test_a_table_draft_needs_an_oh_hell_confirmed_round_without_a_game(people, tournament):
    from tournaments import services as tournament_services

    round_ = tournament_services.round_generate(tournament=tournament)
    table = Table.objects.filter(round=round_).first()
    with pytest.raises(services.ServiceError, match="not confirmed"):
        services.draft_start_table(table=table, user=people.scorer)
    with pytest.raises(services.NotScorer):
        services.draft_start_table(table=table, user=people.member)


def test_an_entry_id_of_another_users_entry_is_refused_not_a_crash(free_draft, people):
    add(free_draft, people.scorer, "trump", card="2C")
    services.entry_add(draft=free_draft, user=people.scorer, entry_id="same", kind="bid", value=1)
    services.draft_take_over(draft=free_draft, user=people.organiser)
    with pytest.raises(services.ServiceError, match="another entry"):
        services.entry_add(draft=free_draft, user=people.organiser, entry_id="same", kind="bid", value=0)
    assert free_draft.entries.count() == 2


def test_a_name_longer_than_the_roster_takes_is_refused(people):
    with pytest.raises(services.ServiceError, match="at most 150"):
        services.draft_start(club=people.club, user=people.scorer, players=["A" * 151, "B", "C"])


def enter_marked_renege(draft: Draft, user, names: list[str]) -> None:
    """Schedule [1, 1], first dealer seat 0, tricks-taken mode: deal 1 annulled for a renege by
    seat 2 (marked, no cards), its redeal by the same dealer, then deal 2 by seat 1."""
    add(draft, user, "trump", card="2C")
    for value in (1, 0, 0, 0):
        add(draft, user, "bid", value=value)
    add(draft, user, "renege", seats=[2])
    add(draft, user, "trump", card="3C")  # the redeal: same dealer, same cards
    for value in (1, 0, 0, 0):
        add(draft, user, "bid", value=value)
    add(draft, user, "taken", taken=[0, 1, 0, 0])
    for value in (0, 0, 1, 0):
        add(draft, user, "bid", value=value)
    add(draft, user, "taken", taken=[1, 0, 0, 0])


def test_a_game_with_a_renege_marked_without_cards_is_recorded_with_the_penalty(people):
    """ "Если ренонс не был исправлен вовремя, то игра по сдаче аннулируется и назначается пересдача
    тем же сдатчиком. Со счета игрока, который сделал ренонс, снимается 10 очков." The log carries
    the annulled deal with Trickbook's ``reneged``, so the recorded game's totals are the sheet's:
    no TOTAL_MISMATCH, the penalty in the replay's totals."""
    draft = services.draft_start(
        club=people.club,
        user=people.scorer,
        players=FOUR,
        ruleset={"preset": "classic", "schedule": [1, 1]},
        first_dealer=0,
        mode=Draft.Mode.TAKEN,
    )
    enter_marked_renege(draft, people.scorer, FOUR)
    state = engine.run(services.setup_of(draft), services.entries_of(draft))
    assert state.complete
    assert state.report["totals"] == [21, 21, 10, 20]
    finished = services.draft_finish(draft=draft, user=people.scorer)
    game = Game.objects.get(pk=finished.draft.game_id)
    log = json.loads(bytes(game.current_revision.content))
    assert [(d["dealer"], d["cards"], d.get("reneged")) for d in log["deals"]] == [
        (0, 1, [2]),
        (0, 1, None),
        (1, 1, None),
    ]
    assert log["deals"][0] == {
        "dealer": 0,
        "cards": 1,
        "trump": "2C",
        "bids": [0, 1, 0, 0],
        "taken": [0, 0, 0, 0],
        "reneged": [2],
        "scores": [0, 0, -10, 0],
    }
    assert log["totals"] == [21, 21, 10, 20]
    assert game.totals == [21, 21, 10, 20]  # the replay's totals carry the penalty
    report = game.current_report.report
    assert [(f["code"], f["deal"], f["seat"]) for f in report["findings"]] == [("RENEGE_UNCORRECTED", 1, 2)]
    assert [(d["annulled"], d["redeal"]) for d in report["deals"]] == [
        (True, False),
        (False, True),
        (False, False),
    ]
    assert game.status == Game.Status.ERRORS  # an uncorrected renege is an error, as the spec says
    rows = list(draft.entries.order_by("number").values_list("kind", "seats"))
    assert ("renege", [2]) in rows  # the draft keeps what happened


def test_a_tables_game_with_a_marked_renege_takes_the_penalty_into_the_standings(
    people, tournament, seated, django_capture_on_commit_callbacks
):
    table = Table.objects.filter(round=seated).order_by("number").first()
    names = [s.player.display_name for s in table.seats.order_by("seat")]
    tournament.ruleset = {"preset": "classic", "schedule": [1, 1]}
    tournament.save(update_fields=["ruleset"])
    draft = services.draft_start_table(table=table, user=people.scorer, first_dealer=0, mode=Draft.Mode.TAKEN)
    enter_marked_renege(draft, people.scorer, names)
    with django_capture_on_commit_callbacks(execute=True):
        services.draft_finish(draft=draft, user=people.scorer)
    table.refresh_from_db()
    assert table.game.totals == [21, 21, 10, 20]
    assert "TOTAL_MISMATCH" not in [f["code"] for f in table.game.current_report.report["findings"]]
    points = {s.player.display_name: s.points for s in Standing.objects.filter(tournament=tournament)}
    assert [points[name] for name in names] == [21, 21, 10, 20]
