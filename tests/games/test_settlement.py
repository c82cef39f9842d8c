"""Provisional until settled (games/settlement.py): the table confirms its sheet, and the game page.

A tournament asking its tables to confirm (``confirmation_hours``) records each table's game as
provisional with a window (``Game.confirm_until``); every player of the table confirming, or the
window passing (the beat task ``games.settle_confirmations``), makes it final; an open dispute
keeps it provisional until decided. Each change is announced (``games.signals.game_settled``).
"""

from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.messages import get_messages
from django.utils import timezone

from accounts.models import User
from games import disputes, settlement
from games.append_only import AppendOnlyError
from games.models import AuditEntry, Dispute, Game, GameConfirmation, Membership, Player
from games.signals import game_settled
from games.tasks import settle_confirmations
from tests.games.factories import MembershipFactory, UserFactory
from tests.tournaments.conftest import NAMES, table_log
from tournaments import services as tournament_services
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

HOURS = 24


# --- the tournament, its first table and the table's players ------------------------------------


def make_tournament(people, *, hours: int) -> Tournament:
    tournament = tournament_services.tournament_create(
        club=people.club, name=f"Кубок {hours}", user=people.organiser, seed=11, confirmation_hours=hours
    )
    for name in NAMES:
        player, _ = Player.objects.get_or_create(club=people.club, display_name=name)
        tournament_services.entry_add(tournament=tournament, player=player)
    round_ = tournament_services.round_generate(tournament=tournament)
    tournament_services.round_confirm(round_=round_)
    return tournament


def first_table(tournament: Tournament) -> Table:
    return Table.objects.get(round__tournament=tournament, round__number=1, number=1)


def other_table(tournament: Tournament) -> Table:
    return Table.objects.get(round__tournament=tournament, round__number=1, number=2)


def link(people, table: Table, seats=(0, 1, 2, 3)) -> list[User]:
    """Accounts (members of the club) for the players in these seats of the table, in seat order."""
    users = []
    for seat in table.seats.select_related("player").order_by("seat"):
        if seat.seat not in seats:
            continue
        user = UserFactory(username=f"t{table.number}s{seat.seat}")
        MembershipFactory(club=people.club, user=user, role=Membership.Role.MEMBER)
        Player.objects.filter(pk=seat.player_id).update(user=user)
        users.append(user)
    return users


def record(people, table: Table, seed: int = 100) -> Game:
    upload = tournament_services.table_game_upload(
        table=table, content=table_log(table, seed), user=people.scorer
    )
    assert upload.result.game is not None
    return Game.objects.get(pk=upload.result.game.pk)


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def close_window(game: Game) -> None:
    """The window passed: its end moved an hour into the past."""
    Game.objects.filter(pk=game.pk).update(confirm_until=timezone.now() - timedelta(hours=1))


@pytest.fixture
def tournament(people) -> Tournament:
    return make_tournament(people, hours=HOURS)


@pytest.fixture
def table(tournament) -> Table:
    return first_table(tournament)


@pytest.fixture
def players(people, table) -> list[User]:
    return link(people, table)


@pytest.fixture
def game(people, table, players) -> Game:
    return record(people, table)


@pytest.fixture
def settled():
    """What game_settled announced, as (game id, provisional)."""
    calls: list[tuple[int, bool]] = []

    def receiver(sender, game, provisional, **kwargs):
        calls.append((game.pk, provisional))

    game_settled.connect(receiver, weak=False, dispatch_uid="test-settlement")
    yield calls
    game_settled.disconnect(dispatch_uid="test-settlement")


# --- services ------------------------------------------------------------------------------------


def test_a_game_of_a_tournament_that_asks_for_confirmation_is_provisional_for_its_window(
    people, table, players
):
    before = timezone.now()
    game = record(people, table)
    after = timezone.now()
    assert game.provisional is True
    assert before + timedelta(hours=HOURS) <= game.confirm_until <= after + timedelta(hours=HOURS)


def test_a_game_of_a_tournament_without_confirmation_is_final_and_has_no_window(people):
    tournament = make_tournament(people, hours=0)
    game = record(people, first_table(tournament))
    assert game.provisional is False
    assert game.confirm_until is None


def test_asking_for_confirmation_announces_the_game_provisional(people, table, players, settled):
    game = record(people, table)
    assert settled == [(game.pk, True)]


def test_each_player_confirming_in_turn_is_recorded_and_the_last_makes_it_final(game, players, settled):
    settled.clear()
    for done, user in enumerate(players, start=1):
        made = settlement.game_confirm(game=game, user=user)
        assert [c.user for c in made] == [user]
        confirmed = [c.confirmed_at is not None for c in settlement.confirmations_of(game)]
        assert confirmed == [True] * done + [False] * (len(players) - done)
        if done < len(players):
            assert fresh(game).provisional is True
            assert settled == []
    assert fresh(game).provisional is False
    assert settled == [(game.pk, False)]
    assert GameConfirmation.objects.filter(game=game).count() == 4


def test_a_confirmation_is_of_the_current_revision_by_its_player(game, players):
    (confirmation,) = settlement.game_confirm(game=game, user=players[2])
    seat = game.seats.get(seat=2)
    assert confirmation.player_id == seat.player_id
    assert confirmation.revision_id == game.current_revision_id
    assert confirmation.user == players[2]


def test_a_player_without_an_account_cannot_confirm_so_the_game_waits_for_the_window(people, table, settled):
    users = link(people, table, seats=(0, 1, 2))
    game = record(people, table)
    for user in users:
        settlement.game_confirm(game=game, user=user)
    assert fresh(game).provisional is True
    assert [c.has_account for c in settlement.confirmations_of(game)] == [True, True, True, False]
    settled.clear()
    close_window(game)
    assert settlement.settle_passed_windows() == 1
    assert fresh(game).provisional is False
    assert settled == [(game.pk, False)]


def test_settle_passed_windows_judges_by_the_time_it_is_given(game, settled):
    """``now``: the windows passed by then are settled (the beat task passes none: the clock)."""
    settled.clear()
    assert settlement.settle_passed_windows(now=game.confirm_until) == 1
    assert fresh(game).provisional is False
    assert settled == [(game.pk, False)]


def test_settle_passed_windows_leaves_an_open_window_alone(game, settled):
    settled.clear()
    assert settlement.settle_passed_windows() == 0
    assert settlement.settle_passed_windows(now=game.confirm_until - timedelta(seconds=1)) == 0
    assert fresh(game).provisional is True
    assert settled == []


def test_settle_passed_windows_settles_a_passed_window_with_time_moved(game, settled):
    settled.clear()
    later = timezone.now() + timedelta(hours=HOURS, minutes=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert settlement.settle_passed_windows() == 1
    assert fresh(game).provisional is False
    assert settled == [(game.pk, False)]


def test_settle_passed_windows_counts_each_game_settled(people, tournament, game):
    second = record(people, other_table(tournament), seed=101)
    Game.objects.filter(pk__in=[game.pk, second.pk]).update(
        confirm_until=timezone.now() - timedelta(minutes=1)
    )
    assert settlement.settle_passed_windows() == 2
    assert list(Game.objects.filter(pk__in=[game.pk, second.pk]).values_list("provisional", flat=True)) == [
        False,
        False,
    ]
    assert settlement.settle_passed_windows() == 0


def test_the_beat_task_settles_passed_windows(game, settled):
    close_window(game)
    settled.clear()
    assert settle_confirmations.name == "games.settle_confirmations"
    assert settle_confirmations.delay().get() == 1
    assert fresh(game).provisional is False
    assert settled == [(game.pk, False)]


def test_the_beat_task_runs_every_minute(settings):
    assert settings.CELERY_BEAT_SCHEDULE["settle-confirmations"] == {
        "task": "games.settle_confirmations",
        "schedule": 60.0,
    }


def test_someone_not_at_the_table_cannot_confirm(people, tournament, game):
    (elsewhere,) = link(people, other_table(tournament), seats=(0,))
    for user in (people.member, people.organiser, people.superuser, elsewhere):
        with pytest.raises(settlement.NotYourGame):
            settlement.game_confirm(game=game, user=user)
    assert not GameConfirmation.objects.filter(game=game).exists()


def test_after_the_window_a_confirmation_is_closed(game, players):
    close_window(game)
    with pytest.raises(settlement.ConfirmationClosed, match="the time to confirm this sheet has passed"):
        settlement.game_confirm(game=game, user=players[0])
    assert not GameConfirmation.objects.filter(game=game).exists()


def test_at_the_end_of_the_window_a_confirmation_is_closed(game, players):
    at_the_end = mock.patch("django.utils.timezone.now", return_value=game.confirm_until)
    with at_the_end, pytest.raises(settlement.ConfirmationClosed):
        settlement.game_confirm(game=game, user=players[0])


def test_a_game_not_asked_to_confirm_cannot_be_confirmed(people):
    tournament = make_tournament(people, hours=0)
    table = first_table(tournament)
    (user,) = link(people, table, seats=(0,))
    game = record(people, table)
    with pytest.raises(settlement.ConfirmationClosed, match="not asked to confirm"):
        settlement.game_confirm(game=game, user=user)


def test_confirming_twice_is_a_no_op(game, players):
    settlement.game_confirm(game=game, user=players[0])
    assert settlement.game_confirm(game=game, user=players[0]) == []
    assert GameConfirmation.objects.filter(game=game).count() == 1
    assert AuditEntry.objects.filter(game=game, action=AuditEntry.Action.RESULT_CONFIRMED).count() == 1


def test_an_open_dispute_keeps_a_confirmed_game_provisional_until_decided(people, game, players, settled):
    dispute = disputes.dispute_open(game=game, user=players[0], claim="Deal 3 was scored wrong")
    for user in players:
        settlement.game_confirm(game=game, user=user)
    assert fresh(game).provisional is True
    settled.clear()
    disputes.dispute_decide(
        dispute=dispute, user=people.organiser, ruling="reject", decision="The sheet is right"
    )
    assert fresh(game).provisional is False
    assert settled == [(game.pk, False)]


def test_a_decided_dispute_leaves_the_game_provisional_while_the_table_has_not_confirmed(
    people, game, players
):
    dispute = disputes.dispute_open(game=game, user=players[0], claim="Deal 3 was scored wrong")
    disputes.dispute_decide(
        dispute=dispute, user=people.organiser, ruling="reject", decision="The sheet is right"
    )
    assert fresh(game).provisional is True


def test_an_open_dispute_outlives_the_window(people, game, players):
    disputes.dispute_open(game=game, user=players[0], claim="Deal 3 was scored wrong")
    close_window(game)
    assert settlement.settle_passed_windows() == 0
    assert fresh(game).provisional is True


def test_the_audit_log_records_each_confirmation_with_its_players(game, players):
    settlement.game_confirm(game=game, user=players[1])
    entry = AuditEntry.objects.get(game=game, action=AuditEntry.Action.RESULT_CONFIRMED)
    assert entry.actor == players[1]
    assert entry.club_id == game.club_id
    assert entry.revision_id == game.current_revision_id
    assert entry.details == {"players": [game.seats.get(seat=1).player_id]}


def test_a_confirmation_cannot_be_saved_again(game, players):
    (confirmation,) = settlement.game_confirm(game=game, user=players[0])
    confirmation.user = players[1]
    with pytest.raises(AppendOnlyError):
        confirmation.save()


def test_confirmations_cannot_be_updated_or_deleted_through_a_queryset(game, players):
    settlement.game_confirm(game=game, user=players[0])
    with pytest.raises(AppendOnlyError):
        GameConfirmation.objects.filter(game=game).update(at=timezone.now())
    with pytest.raises(AppendOnlyError):
        GameConfirmation.objects.filter(game=game).delete()
    assert GameConfirmation.objects.filter(game=game).count() == 1


# --- who may confirm ------------------------------------------------------------------------------


def test_may_confirm_a_player_of_the_table_until_they_have(game, players):
    assert settlement.may_confirm(players[0], game) is True
    settlement.game_confirm(game=game, user=players[0])
    assert settlement.may_confirm(players[0], game) is False
    assert settlement.may_confirm(players[1], game) is True


def test_may_confirm_nobody_after_the_window(game, players):
    assert settlement.may_confirm(players[0], game, now=game.confirm_until) is False


def test_may_confirm_nobody_not_at_the_table(people, game):
    from django.contrib.auth.models import AnonymousUser

    for user in (AnonymousUser(), people.member, people.organiser, people.superuser):
        assert settlement.may_confirm(user, game) is False


# --- the game page --------------------------------------------------------------------------------

BUTTON = "I confirm the sheet as recorded"
BOX = "The table confirms its sheet"


def page(client, game: Game, user: User | None) -> str:
    client.logout()
    if user is not None:
        client.force_login(user)
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def confirm_url(game: Game) -> str:
    return f"/games/{game.pk}/confirm/"


def test_the_game_page_offers_the_confirmation_to_a_player_who_has_not_confirmed(client, game, players):
    html = page(client, game, players[0])
    assert BOX in html
    assert f'<form method="post" action="{confirm_url(game)}" class="inline">' in html
    assert f'<button type="submit">{BUTTON}</button>' in html


@pytest.mark.parametrize(
    "role", ["member", "scorer", "organiser", "superuser"], ids=["member", "scorer", "organiser", "superuser"]
)
def test_the_game_page_offers_no_confirmation_to_someone_not_at_the_table(client, people, game, role):
    html = page(client, game, getattr(people, role))
    assert BUTTON not in html
    assert confirm_url(game) not in html


def test_the_game_page_offers_no_confirmation_to_a_player_who_has_confirmed(client, game, players):
    settlement.game_confirm(game=game, user=players[0])
    html = page(client, game, players[0])
    assert BUTTON not in html
    assert BUTTON in page(client, game, players[1])


def test_the_game_page_offers_no_confirmation_after_the_window(client, game, players):
    close_window(game)
    html = page(client, game, players[0])
    assert BOX not in html
    assert BUTTON not in html


def test_the_game_page_lists_who_confirmed_to_every_reader_while_the_window_is_open(client, people, table):
    """The list is the table's, shown to whoever reads the game; only the button is the player's."""
    users = link(people, table, seats=(0, 1, 2))
    game = record(people, table)
    settlement.game_confirm(game=game, user=users[1])
    html = page(client, game, people.member)
    names = [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]
    listed = html.split('<ul class="confirmation-list">')[1].split("</ul>")[0]
    states = [
        (name, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", state)).strip())
        for name, state in re.findall(r"<li>([^<:]+): (.*?)</li>", listed)
    ]
    assert [name for name, _ in states] == names
    assert states[0][1] == "not yet"
    assert states[1][1].startswith("confirmed ")
    assert states[2][1] == "not yet"
    assert states[3][1] == "has no account to confirm with"
    assert BUTTON not in html


def test_confirming_on_the_page_records_the_confirmation(client, game, players):
    client.force_login(players[0])
    response = client.post(confirm_url(game))
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    assert GameConfirmation.objects.filter(game=game, user=players[0]).count() == 1
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["Thank you: you confirmed the sheet."]


def test_confirming_on_the_page_as_a_member_not_at_the_table_is_403(client, people, game):
    client.force_login(people.member)
    assert client.post(confirm_url(game)).status_code == 403
    assert not GameConfirmation.objects.exists()


def test_confirming_on_the_page_anonymously_asks_to_sign_in(client, game):
    response = client.post(confirm_url(game))
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next=/games/{game.pk}/"
    assert not GameConfirmation.objects.exists()


def test_confirming_on_the_page_as_an_outsider_is_404(client, people, game):
    client.force_login(people.outsider)
    assert client.post(confirm_url(game)).status_code == 404
    assert not GameConfirmation.objects.exists()


def test_confirming_on_the_page_after_the_window_says_why_and_records_nothing(client, game, players):
    close_window(game)
    client.force_login(players[0])
    response = client.post(confirm_url(game))
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "The sheet cannot be confirmed now: the time to confirm this sheet has passed."
    ]
    assert not GameConfirmation.objects.exists()


def test_the_confirmation_is_posted_not_got(client, game, players):
    client.force_login(players[0])
    assert client.get(confirm_url(game)).status_code == 405
    assert not GameConfirmation.objects.exists()


def test_the_last_confirmation_on_the_page_takes_the_mark_away(client, game, players):
    for user in players:
        client.force_login(user)
        client.post(confirm_url(game))
    assert fresh(game).provisional is False
    assert 'id="provisional"' not in page(client, game, players[0])


def test_the_game_page_marks_a_game_waiting_for_its_table(client, people, game):
    html = page(client, game, people.member)
    assert '<span class="provisional-mark" id="provisional">provisional</span>' in html
    assert (
        "The result is provisional until every player of the table has confirmed the sheet, or until " in html
    )


@pytest.fixture
def plain_game(people) -> Game:
    """A game of a tournament that does not ask for confirmation."""
    return record(people, first_table(make_tournament(people, hours=0)))


def test_the_game_page_links_its_single_open_dispute_and_marks_the_result(client, people, plain_game):
    dispute = disputes.dispute_open(game=plain_game, user=people.organiser, claim="Deal 2 was miscounted")
    html = page(client, plain_game, people.member)
    assert f'<a href="/disputes/{dispute.pk}/"><strong>1 open dispute</strong></a>' in html
    assert '<span class="provisional-mark" id="provisional">provisional</span>' in html
    assert (
        "The result is provisional: a dispute on it is open. The standings show it as provisional "
        "until the dispute is decided."
    ) in html


def test_the_game_page_without_dispute_or_confirmation_has_no_mark(client, people, plain_game):
    html = page(client, plain_game, people.member)
    assert "provisional-mark" not in html
    assert "provisional-note" not in html
    assert "open dispute" not in html
    assert BOX not in html


def test_the_game_page_mark_goes_when_the_dispute_is_decided(client, people, plain_game):
    dispute = disputes.dispute_open(game=plain_game, user=people.organiser, claim="Deal 2 was miscounted")
    disputes.dispute_decide(
        dispute=dispute, user=people.organiser, ruling=Dispute.Ruling.REJECT, decision="Counted right"
    )
    html = page(client, plain_game, people.member)
    assert "provisional-mark" not in html
    assert "open dispute" not in html


# --- an anonymous reader's revalidation (a published tournament's game) ---------------------------


@pytest.fixture
def published_game(tournament, game) -> Game:
    tournament_services.tournament_publish(tournament=tournament, published=True)
    return fresh(game)


def revalidate(client, game: Game, since: str) -> str:
    """The page for an anonymous reader who has it dated ``since`` (If-Modified-Since alone)."""
    response = client.get(f"/games/{game.pk}/", HTTP_IF_MODIFIED_SINCE=since)
    assert response.status_code == 200, "answered 304: the reader keeps the provisional page"
    return response.content.decode()


def test_an_anonymous_reader_sees_the_provisional_game_of_a_published_tournament(client, published_game):
    response = client.get(f"/games/{published_game.pk}/")
    assert response.status_code == 200
    assert 'id="provisional"' in response.content.decode()
    assert "Last-Modified" in response


def test_an_anonymous_revalidation_after_the_last_confirmation_is_not_answered_304(
    client, published_game, players
):
    first = client.get(f"/games/{published_game.pk}/")
    with mock.patch("django.utils.timezone.now", return_value=timezone.now() + timedelta(minutes=5)):
        for user in players:
            settlement.game_confirm(game=published_game, user=user)
    assert 'id="provisional"' not in revalidate(client, published_game, first["Last-Modified"])


def test_an_anonymous_revalidation_after_the_window_passed_is_not_answered_304(client, published_game):
    first = client.get(f"/games/{published_game.pk}/")
    later = published_game.confirm_until + timedelta(minutes=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert settlement.settle_passed_windows() == 1
        html = revalidate(client, published_game, first["Last-Modified"])
    assert 'id="provisional"' not in html


def test_an_anonymous_revalidation_after_a_dispute_opened_is_not_answered_304(client, people, published_game):
    first = client.get(f"/games/{published_game.pk}/")
    with mock.patch("django.utils.timezone.now", return_value=timezone.now() + timedelta(minutes=5)):
        disputes.dispute_open(game=published_game, user=people.organiser, claim="Deal 2 was miscounted")
    assert "1 open dispute" in revalidate(client, published_game, first["Last-Modified"])


def test_an_unchanged_game_is_answered_304_to_an_anonymous_revalidation(client, published_game):
    first = client.get(f"/games/{published_game.pk}/")
    again = client.get(f"/games/{published_game.pk}/", HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert again.status_code == 304
