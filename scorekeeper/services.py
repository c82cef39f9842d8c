"""Writes of the scorekeeper: start a draft, add an entry, take it over, finish it.

Keyword-only and typed; the pages call these. Every entry is checked by
the rules engine (:func:`scorekeeper.engine.check`) before it is stored,
under a lock on the draft's row, so two taps arriving at once are
numbered one after the other and a resend of the same entry id is the
same entry. Finishing uploads the draft's log through the same services
as any upload: ``tournaments.services.table_game_upload`` for a
tournament table (so the table's result enters the standings), else
``games.services.game_upload``.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import permissions
from games import services as game_services
from games.models import Club, Player, Upload
from rules.cards import NAME, CardError, parse_card
from rules.errors import MalformedDocument
from rules.ohhell.ruleset import MAX_PLAYERS, MIN_PLAYERS, resolve_ruleset
from scorekeeper import engine
from scorekeeper.models import Draft, DraftEntry
from tournaments import services as tournament_services
from tournaments.models import Round, Table, TableSeat

GAME = "oh-hell"
NAME_LENGTH = Player._meta.get_field("display_name").max_length or 150


class ServiceError(game_services.ServiceError):
    """A request the scorekeeper's rules refuse: its code, its parameters and the sentence that
    says why (games.refusals)."""


class NotScorer(ServiceError):
    """A write by someone who is not the draft's scorekeeper."""


@dataclass
class EntryResult:
    entry: DraftEntry
    created: bool
    state: engine.State


# --- who may do what ----------------------------------------------------------------------


def can_start(user: Any, club: Club) -> bool:
    """Scorers and organisers keep a club's games (tournament tables included)."""
    return permissions.can_record_games(user, club)


def can_write(user: Any, draft: Draft) -> bool:
    """Only the draft's scorekeeper enters (on any of their devices), while they may still record games."""
    return (
        draft.status == Draft.Status.OPEN
        and getattr(user, "is_authenticated", False)
        and draft.scorer_id == user.pk
        and permissions.can_record_games(user, draft.club)
    )


def can_take_over(user: Any, draft: Draft) -> bool:
    """An organiser of the club may take the draft over from its scorekeeper."""
    return draft.status == Draft.Status.OPEN and permissions.can_manage_club(user, draft.club)


def can_read(user: Any, draft: Draft) -> bool:
    """The club's members; anyone, for the table of a published tournament."""
    if draft.table_id is not None and draft.table is not None and draft.table.round.tournament.published:
        return True
    return permissions.can_read_club(user, draft.club)


# --- start ----------------------------------------------------------------------------------


def draw_first_dealer(seed: int, players: int) -> int:
    """Seed: "Первый сдатчик карт определяется жребием": a seat drawn by lot, the same for the same seed."""
    return random.Random(seed).randrange(players)  # noqa: S311 -- a drawing of lots, not a secret


def table_lot_seed(table: Table) -> int:
    """A table's lot is reproducible from the tournament's seed, the round and the table."""
    tournament = table.round.tournament
    return tournament.seed * 1_000_000 + table.round.number * 1_000 + table.number


def _setup(
    players: Sequence[str], ruleset: Any, first_dealer: int | None, seed: int | None
) -> tuple[int, int | None]:
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ServiceError(
            "DRAFT_PLAYER_COUNT",
            _("%(game)s is played by %(minimum)s to %(maximum)s players, not %(players)s"),
            game=GAME,
            minimum=MIN_PLAYERS,
            maximum=MAX_PLAYERS,
            players=n,
        )
    try:
        resolve_ruleset(ruleset, n)
    except MalformedDocument as exc:
        raise ServiceError(
            "RULESET_REFUSED", _("%(path)s: %(error)s"), path=exc.path, error=exc.as_dict()
        ) from exc
    if first_dealer is not None:
        if not 0 <= first_dealer < n:
            raise ServiceError(
                "DRAFT_NO_SUCH_SEAT", _("seat %(seat)s is not at this table"), seat=first_dealer, players=n
            )
        return first_dealer, None
    lot = secrets.randbelow(2**31) if seed is None else seed
    return draw_first_dealer(lot, n), lot


@transaction.atomic
def draft_start_table(
    *,
    table: Table,
    user: User,
    first_dealer: int | None = None,
    mode: str = Draft.Mode.CARDS,
    blind_bids: bool = False,
) -> Draft:
    """A draft of a tournament table's game: the table's players in its seat order, the tournament's ruleset.

    An open draft of the table is resumed rather than a second one started.
    """
    tournament = table.round.tournament
    if not can_start(user, tournament.club):
        raise NotScorer("NOT_A_SCORER", _("only the club's scorers and organisers keep a table's score"))
    if tournament.game_type != GAME:
        raise ServiceError(
            "DRAFT_OTHER_GAME",
            _("the live scorekeeper keeps %(game)s games"),
            game=GAME,
            other_game=tournament.game_type,
        )
    if table.game_id is not None:
        raise ServiceError("DRAFT_TABLE_HAS_GAME", _("this table already has its game"))
    if table.round.status != Round.Status.CONFIRMED:
        raise ServiceError("ROUND_NOT_CONFIRMED", _("the round's seating is not confirmed yet"))
    Table.objects.select_for_update().get(pk=table.pk)
    existing = Draft.objects.filter(table=table, status=Draft.Status.OPEN).first()
    if existing is not None:
        return existing
    players = [
        s.player.display_name
        for s in TableSeat.objects.filter(table=table).select_related("player").order_by("seat")
    ]
    seat, lot = _setup(
        players, tournament.ruleset, first_dealer, None if first_dealer is not None else table_lot_seed(table)
    )
    return Draft.objects.create(
        club=tournament.club,
        table=table,
        ruleset=tournament.ruleset,
        players=players,
        first_dealer=seat,
        lot_seed=lot,
        blind_bids=blind_bids,
        mode=mode,
        scorer=user,
        created_by=user,
    )


def draft_start(
    *,
    club: Club,
    user: User,
    players: Sequence[str],
    ruleset: Any = "classic",
    first_dealer: int | None = None,
    seed: int | None = None,
    mode: str = Draft.Mode.CARDS,
    blind_bids: bool = False,
) -> Draft:
    """A draft of a free game of the club: players from the roster or new names (they join the
    roster when the game is recorded)."""
    if not can_start(user, club):
        raise NotScorer("NOT_A_SCORER", _("only the club's scorers and organisers keep its games"))
    names = [" ".join(name.split()) for name in players]
    if any(not name for name in names):
        raise ServiceError("DRAFT_NAME_MISSING", _("every seat needs a player's name"))
    if any(len(name) > NAME_LENGTH for name in names):
        raise ServiceError(
            "DRAFT_NAME_TOO_LONG", _("a player's name has at most %(length)s characters"), length=NAME_LENGTH
        )
    keys = [name.casefold() for name in names]
    if len(set(keys)) != len(keys):
        raise ServiceError("PLAYER_IN_TWO_SEATS", _("the same player cannot sit in two seats"))
    seat, lot = _setup(names, ruleset, first_dealer, seed)
    return Draft.objects.create(
        club=club,
        ruleset=ruleset,
        players=names,
        first_dealer=seat,
        lot_seed=lot,
        blind_bids=blind_bids,
        mode=mode,
        scorer=user,
        created_by=user,
    )


# --- entries --------------------------------------------------------------------------------


def setup_of(draft: Draft) -> engine.Setup:
    return engine.Setup(
        players=tuple(draft.players),
        ruleset=draft.ruleset,
        first_dealer=draft.first_dealer,
        blind_bids=draft.blind_bids,
    )


def as_engine_entry(row: DraftEntry) -> engine.Entry:
    return engine.Entry(
        kind=row.kind,
        seat=row.seat,
        value=row.value,
        card=parse_card(row.card) if row.card else None,
        blind=row.blind,
        taken=None if row.taken is None else tuple(row.taken),
        seats=None if row.seats is None else tuple(row.seats),
    )


def entries_of(draft: Draft) -> list[engine.Entry]:
    return [as_engine_entry(row) for row in draft.entries.order_by("number")]


def card_of(text: str | None) -> int | None:
    """A card as the page or the API sends it (lenient, as the log reader is); empty: none."""
    if text is None or not str(text).strip():
        return None
    try:
        return parse_card(str(text))
    except CardError as exc:
        raise engine.Refused("NOT_A_CARD", engine.NOT_A_CARD_TEXT, text=str(text)) from exc


def entry_add(
    *,
    draft: Draft,
    user: User,
    entry_id: str,
    kind: str,
    seat: int | None = None,
    value: int | None = None,
    card: str | None = None,
    blind: bool = False,
    taken: Sequence[int] | None = None,
    seats: Sequence[int] | None = None,
) -> EntryResult:
    """Check an entry with the rules engine and store it; the same ``entry_id`` again is the stored entry.

    Raises :class:`NotScorer` for anyone but the scorekeeper and
    :class:`scorekeeper.engine.Refused` (with the rules' reason) for an
    entry the game does not allow now.
    """
    entry_id = (entry_id or "").strip()
    if not entry_id or len(entry_id) > 64:
        raise ServiceError("ENTRY_ID_MISSING", _("an entry needs its id (at most 64 characters)"))
    if kind not in engine.KINDS:
        raise engine.Refused("UNKNOWN_ENTRY", kind=kind)
    with transaction.atomic():
        locked = Draft.objects.select_for_update().get(pk=draft.pk)
        existing = DraftEntry.objects.filter(draft=locked, entry_id=entry_id).first()
        rows = list(locked.entries.order_by("number"))
        entries = [as_engine_entry(row) for row in rows]
        if existing is not None and existing.user_id == user.pk:  # a resend: the entry is already in
            return EntryResult(entry=existing, created=False, state=engine.run(setup_of(locked), entries))
        if not can_write(user, locked):
            raise NotScorer(
                "NOT_THE_SCOREKEEPER", _("only the draft's scorekeeper enters; an organiser may take it over")
            )
        if existing is not None:
            raise ServiceError(
                "ENTRY_ID_TAKEN", _("that entry id belongs to another entry of this draft: make a new one")
            )
        new = engine.Entry(
            kind=kind,
            seat=seat,
            value=value,
            card=card_of(card),
            blind=bool(blind),
            taken=None if taken is None else tuple(int(t) for t in taken),
            seats=None if seats is None else tuple(int(s) for s in seats),
        )
        state = engine.check(setup_of(locked), entries, new)
        row = DraftEntry.objects.create(
            draft=locked,
            number=(rows[-1].number + 1) if rows else 1,
            entry_id=entry_id,
            kind=kind,
            seat=seat,
            value=value,
            card="" if new.card is None else NAME[new.card],
            blind=new.blind,
            taken=None if new.taken is None else list(new.taken),
            seats=None if new.seats is None else list(new.seats),
            user=user,
        )
        locked.save(update_fields=["updated_at"])
    return EntryResult(entry=row, created=True, state=state)


# --- the draft ------------------------------------------------------------------------------


def draft_take_over(*, draft: Draft, user: User) -> Draft:
    """An organiser becomes the draft's scorekeeper (the previous one reads only from now on)."""
    if not can_take_over(user, draft):
        raise NotScorer("NOT_AN_ORGANISER", _("only an organiser of the club can take a draft over"))
    with transaction.atomic():
        locked = Draft.objects.select_for_update().get(pk=draft.pk)
        locked.scorer = user
        locked.save(update_fields=["scorer", "updated_at"])
    return locked


def draft_set_mode(*, draft: Draft, user: User, mode: str) -> Draft:
    """Card by card, or the tricks each player took: how the scorekeeper enters the play."""
    if not can_write(user, draft):
        raise NotScorer("NOT_THE_SCOREKEEPER", _("only the draft's scorekeeper enters"))
    if mode not in Draft.Mode.values:
        raise ServiceError("DRAFT_MODE_UNKNOWN", _("unknown mode '%(mode)s'"), mode=mode)
    draft.mode = mode
    draft.save(update_fields=["mode", "updated_at"])
    return draft


@dataclass
class Finished:
    draft: Draft
    upload: Upload
    #: Why the upload refused the draft's log, as raised (its code and parameters), if it did.
    refusal: MalformedDocument | None = None


def draft_finish(*, draft: Draft, user: User) -> Finished:
    """Turn the draft into the standard log and record it as the game's first revision.

    Refused until every deal of the schedule has been played. A log the
    upload refuses (a table's players changed meanwhile) is kept as a
    rejected upload and the draft stays open.
    """
    if not can_write(user, draft):
        raise NotScorer("NOT_THE_SCOREKEEPER", _("only the draft's scorekeeper finishes the game"))
    with transaction.atomic():
        locked = (
            Draft.objects.select_for_update(of=("self",))
            .select_related("table__round__tournament")
            .get(pk=draft.pk)
        )
        state = engine.run(setup_of(locked), entries_of(locked))
        if not state.complete:
            raise ServiceError(
                "NOT_OVER", _("the game is not over yet: every deal of the schedule is played first")
            )
        content = json.dumps(state.document, ensure_ascii=False, indent=1).encode()
        if locked.table is not None:
            outcome = tournament_services.table_game_upload(
                table=locked.table,
                content=content,
                user=user,
                filename="scorekeeper.json",
                source=Upload.Source.SCOREKEEPER,
            )
            result = outcome.result
        else:
            result = game_services.game_upload(
                club=locked.club,
                content=content,
                user=user,
                filename="scorekeeper.json",
                source=Upload.Source.SCOREKEEPER,
            )
        if result.game is not None:
            locked.game = result.game
            locked.status = Draft.Status.FINISHED
            locked.save(update_fields=["game", "status", "updated_at"])
    return Finished(draft=locked, upload=result.upload, refusal=result.refusal)
