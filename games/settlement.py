"""Provisional until settled: whether a game's result is final, and the table confirming its sheet.

A result is provisional while a dispute on its game is open, or while the table has been asked
to confirm the sheet (a tournament's option: ``Game.confirm_until`` is set when the game is
recorded) and neither has every player of the table confirmed it nor has the window passed.
The answer is kept on the game (``Game.provisional``) so every page, CSV, API field and the
standings compile read one column instead of working it out; this module is the only writer,
and it announces each change (``games.signals.game_settled``) so the standings and ratings are
compiled again and the marks come and go with them.

A window passes without anyone doing anything, so a beat task (``games.settle_confirmations``,
every minute) settles the games whose window has passed: a result stays marked at most a
minute after its window, never less than its window.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import audit_log
from games.models import AuditEntry, Dispute, Game, GameConfirmation, GameSeat
from games.refusals import Refusal
from games.signals import game_settled


class NotYourGame(Refusal):
    """A confirmation by someone who did not sit at the game's table."""


class ConfirmationClosed(Refusal):
    """A confirmation asked of a game whose table is not asked to confirm, or whose window passed."""


def is_provisional(game: Game, *, now: datetime | None = None) -> bool:
    """Whether the game's result is provisional at ``now`` (two small queries at most)."""
    if Dispute.objects.filter(game=game, status=Dispute.Status.OPEN).exists():
        return True
    return awaiting_confirmation(game, now=now)


def awaiting_confirmation(game: Game, *, now: datetime | None = None) -> bool:
    """Whether the table is still asked to confirm: the window open and a player not yet confirmed."""
    if game.confirm_until is None or (now or timezone.now()) >= game.confirm_until:
        return False
    seats = GameSeat.objects.filter(game=game).values("player_id")
    confirmed = GameConfirmation.objects.filter(game=game).values("player_id")
    return seats.exclude(player_id__in=confirmed).exists()


def settle(game: Game, *, now: datetime | None = None) -> bool:
    """Write whether ``game`` is provisional (at ``now``, default the clock's), announcing it when
    that changed; the new value.

    Called by every service that can change the answer (a dispute opened or decided, a
    confirmation, the window asked for or passed), inside its transaction. The game's
    ``updated_at`` moves with the mark: the game page is dated by it (a reader's cached copy
    with the old mark is not answered "not modified").
    """
    provisional = is_provisional(game, now=now)
    if provisional != game.provisional:
        Game.objects.filter(pk=game.pk).update(provisional=provisional, updated_at=timezone.now())
        game.provisional = provisional
        game_settled.send(sender=Game, game=game, provisional=provisional)
    return provisional


def confirmation_request(*, game: Game, hours: int) -> Game:
    """Ask the game's table to confirm its sheet within ``hours`` (a tournament's option)."""
    if hours <= 0:
        return game
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        game.confirm_until = timezone.now() + timedelta(hours=hours)
        game.save(update_fields=["confirm_until", "updated_at"])
        settle(game)
    return game


@dataclass(frozen=True)
class SeatConfirmation:
    """One seat of the table: its player, whether and when they confirmed, whether they can."""

    seat: int
    player_id: int
    player: str
    confirmed_at: datetime | None
    has_account: bool


def confirmations_of(game: Game) -> list[SeatConfirmation]:
    """The table's seats with their confirmations, in seat order (two queries)."""
    confirmed = dict(GameConfirmation.objects.filter(game=game).values_list("player_id", "at"))
    seats = GameSeat.objects.filter(game=game).select_related("player").order_by("seat")
    return [
        SeatConfirmation(
            seat=s.seat,
            player_id=s.player_id,
            player=s.player.display_name,
            confirmed_at=confirmed.get(s.player_id),
            has_account=s.player.user_id is not None,
        )
        for s in seats
    ]


def may_confirm(user: Any, game: Game, *, now: datetime | None = None) -> bool:
    """A player of the table who has not confirmed yet, while the window is open."""
    if not user.is_authenticated or game.confirm_until is None:
        return False
    if (now or timezone.now()) >= game.confirm_until:
        return False
    mine = GameSeat.objects.filter(game=game, player__user=user).values("player_id")
    return mine.exclude(player_id__in=GameConfirmation.objects.filter(game=game).values("player_id")).exists()


def game_confirm(*, game: Game, user: User) -> list[GameConfirmation]:
    """The signed-in player confirms the sheet as recorded (every seat of theirs at the table)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.confirm_until is None:
            raise ConfirmationClosed(
                "CONFIRMATION_NOT_ASKED", _("this game's table is not asked to confirm its sheet")
            )
        if timezone.now() >= game.confirm_until:
            raise ConfirmationClosed("CONFIRMATION_CLOSED", _("the time to confirm this sheet has passed"))
        players = list(
            GameSeat.objects.filter(game=game, player__user=user).values_list("player_id", flat=True)
        )
        if not players:
            raise NotYourGame(
                "CONFIRMATION_NOT_A_PLAYER", _("only the players of this table confirm its sheet")
            )
        done = set(GameConfirmation.objects.filter(game=game).values_list("player_id", flat=True))
        assert game.current_revision_id is not None
        made = [
            GameConfirmation.objects.create(
                game=game, player_id=player, user=user, revision_id=game.current_revision_id
            )
            for player in players
            if player not in done
        ]
        if made:
            audit_log.record(
                club_id=game.club_id,
                action=AuditEntry.Action.RESULT_CONFIRMED,
                actor=user,
                game=game,
                revision_id=game.current_revision_id,
                details={"players": [c.player_id for c in made]},
            )
        settle(game)
    return made


def settle_passed_windows(*, now: datetime | None = None) -> int:
    """Settle every game still marked provisional whose confirmation window has passed; how many
    changed. The beat task's body: a window passes without anyone doing anything."""
    now = now or timezone.now()
    changed = 0
    # A game still under an open dispute stays provisional whatever its window: not due. The
    # oldest windows first, a batch at a time (the task runs every minute).
    due = (
        Game.objects.filter(provisional=True, confirm_until__lte=now)
        .exclude(disputes__status=Dispute.Status.OPEN)
        .order_by("confirm_until", "pk")
        .values_list("pk", flat=True)
    )
    for pk in list(due[:500]):
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=pk)
            was = game.provisional
            if settle(game, now=now) != was:
                changed += 1
    return changed
