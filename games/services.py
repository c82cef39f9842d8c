"""Writes of the games app. Keyword-only and typed; views, commands and tasks call these.

Every upload is kept (games.Upload) whatever becomes of it; a document the
rules cannot read is rejected with its JSON path and stays listed for the
club's organisers. The same bytes twice in a club are one game (matched by
sha256). A correction is a new revision with its own audit report; nothing
is overwritten.

A file is read by its name (``registry.read_named``): a JSON log as it is,
a format of ``registry.FILE_TYPES`` (a .pbn) through its game's reader.
Such a file's Upload keeps its bytes and name as they came; its revision
holds the canonical JSON document the rules read from it
(``recording.stored_content``), so every revision — and every page, re-audit,
correction and table check that reads one — is a JSON log with its ruleset
in it, whatever the file was. The same file twice is one game all the same:
the JSON written from the same file is the same bytes.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import audit_log, columns, recording
from games.models import (
    AuditEntry,
    AuditReport,
    Club,
    Dispute,
    Game,
    GameRevision,
    GameSeat,
    Membership,
    Player,
    RevisionSource,
    Upload,
)
from games.refusals import UNCODED, DocumentRefusal, Refusal, english
from games.signals import game_recorded
from games.slugs import unique_slug
from rules import registry
from rules.errors import MalformedDocument

logger = logging.getLogger(__name__)


def _dispute_status(value: Any, params: Any) -> str:
    return str(Dispute.Status(value).label) if value in Dispute.Status.values else str(value)


class ServiceError(Refusal):
    """A request the rules of the club or the game refuse: its code, its parameters, and the
    sentence that says why in the reader's language (games.refusals)."""

    labels = {"dispute_status": _dispute_status}


class StaleRevision(ServiceError):
    """A correction of a revision that is no longer the game's current one."""


def same_player_twice() -> DocumentRefusal:
    return DocumentRefusal("players", "PLAYER_IN_TWO_SEATS", _("the same player cannot sit in two seats"))


# --- clubs -------------------------------------------------------------------


@transaction.atomic
def club_create(*, name: str, user: User, slug: str | None = None) -> Club:
    """Create a club; its creator becomes its organiser."""
    name = name.strip()
    if not name:
        raise ServiceError("CLUB_NAME_MISSING", _("a club needs a name"))
    slug = unique_slug(
        slug or name,
        taken=lambda s: Club.objects.filter(slug=s).exists(),
        max_length=Club._meta.get_field("slug").max_length or 80,
        fallback="club",
    )
    club = Club.objects.create(name=name, slug=slug)
    Membership.objects.create(user=user, club=club, role=Membership.Role.ORGANISER)
    return club


def membership_set(*, club: Club, user: User, role: str, by: User | None = None) -> Membership:
    """Give ``user`` the ``role`` in ``club`` (adding them when they are not a member).

    A user joins a club only by accepting an invitation (games.invitations) or as its
    creator; this is what those call, and what an organiser's role change is. ``by``,
    the organiser who changed the role, is written to the audit log."""
    with transaction.atomic():
        current = Membership.objects.select_for_update().filter(club=club, user=user).first()
        if current and current.role == Membership.Role.ORGANISER and role != Membership.Role.ORGANISER:
            _keep_an_organiser(club, leaving=user)
        membership, _created = Membership.objects.update_or_create(
            club=club, user=user, defaults={"role": role}
        )
        if by is not None and current is not None and current.role != role:
            audit_log.record(
                club_id=club.pk,
                action=AuditEntry.Action.MEMBER_ROLE_CHANGED,
                actor=by,
                details={"username": user.username, "from": current.role, "to": role},
            )
    return membership


def membership_remove(*, club: Club, user: User, by: User | None = None) -> None:
    with transaction.atomic():
        membership = Membership.objects.select_for_update().filter(club=club, user=user).first()
        if membership is None:
            return
        if membership.role == Membership.Role.ORGANISER:
            _keep_an_organiser(club, leaving=user)
        membership.delete()
        if by is not None:
            audit_log.record(
                club_id=club.pk,
                action=AuditEntry.Action.MEMBER_REMOVED,
                actor=by,
                details={"username": user.username, "role": membership.role},
            )


def _keep_an_organiser(club: Club, *, leaving: User) -> None:
    others = Membership.objects.filter(club=club, role=Membership.Role.ORGANISER).exclude(user=leaving)
    if not others.exists():
        raise ServiceError(
            "CLUB_LAST_ORGANISER", _("a club keeps at least one organiser; name another first")
        )


def player_get_or_create(*, club: Club, display_name: str, user: User | None = None) -> Player:
    """The club's roster entry of that name (matched case-insensitively), created when unknown."""
    player = Player.objects.filter(club=club, name_key=Player.key_for(display_name)).first()
    if player is None:
        player = Player.objects.create(club=club, display_name=display_name, user=user)
    return player


# --- uploads, revisions, reports ---------------------------------------------


def sha256_of(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


@dataclass
class UploadResult:
    """What became of an upload: a new game, an existing one (duplicate), or an error."""

    upload: Upload
    game: Game | None = None
    revision: GameRevision | None = None
    report: AuditReport | None = None
    created: bool = False
    #: Why the upload was rejected, as raised (its code and parameters), when it was this one.
    refusal: MalformedDocument | None = None

    @property
    def error(self) -> dict[str, Any] | None:
        """The rejection as the Upload keeps it: ``path`` and the English ``message``."""
        return self.upload.error


@dataclass(frozen=True)
class IncomingLog:
    """One document to record, with what the uploader said about it."""

    content: bytes
    filename: str = ""
    played_at: datetime | None = None
    fixes: Upload | None = None
    ruleset: str | dict[str, Any] | None = None  # for a file that names none (.pbn); a JSON log names its own


def game_upload(
    *,
    club: Club,
    content: bytes,
    user: User,
    filename: str = "",
    source: str = Upload.Source.API,
    played_at: datetime | None = None,
    fixes: Upload | None = None,
    ruleset: str | dict[str, Any] | None = None,
) -> UploadResult:
    """Keep the bytes, read them with the game's rules, and record a new game.

    The ``filename`` picks the reader (a .pbn is read as PBN, with ``ruleset``
    as its preset); anything else is a JSON log.
    Same log already in the club → the existing game (outcome duplicate).
    Unreadable → the upload is kept, rejected, with the JSON path and reason.
    """
    log = IncomingLog(content=content, filename=filename, played_at=played_at, fixes=fixes, ruleset=ruleset)
    return games_upload(club=club, user=user, logs=[log], source=source)[0]


def games_upload(
    *, club: Club, user: User, logs: Sequence[IncomingLog], source: str = Upload.Source.API
) -> list[UploadResult]:
    """Record many uploads at once (an import chunk), exactly as one upload is recorded.

    Replays happen before the transaction; the rows go in a few bulk
    statements. Returns one result per log, in order.

    Every log's bytes are kept, whatever fails (issue 21): a log the rules refuse is rejected
    with its path; one the reader or the engine fails on (``LOG_READER_FAILED``,
    ``LOG_REPLAY_FAILED``), or whose rows the database will not take (``UPLOAD_NOT_STORED``),
    is rejected too and logged with the failure (:func:`log_faults`), never a server error.
    When storing the batch fails, each log is stored alone, so one log does not take the
    others of its chunk down with it.
    """
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    # A file of another format is read first: what is stored, and matched, is its JSON document.
    early: dict[int, registry.Reading | MalformedDocument] = {}
    stored: list[bytes] = []
    for index, log in enumerate(logs):
        content = log.content
        if registry.file_type(log.filename) is not None:
            try:
                reading = registry.read_named(
                    log.content, log.filename, ruleset=log.ruleset, received=True, max_bytes=limit
                )
                content = recording.stored_content(reading)
            except Exception as exc:
                early[index] = refused_reading(exc)
            else:
                early[index] = reading
        stored.append(content)
    shas = [sha256_of(content) for content in stored]
    known: dict[str, GameRevision] = {}
    for revision in (
        GameRevision.objects.filter(sha256__in=set(shas), game__club=club)
        .select_related("game")
        .defer("content")
    ):
        known.setdefault(revision.sha256, revision)
    plans: list[Any] = []  # per log: a known revision, a MalformedDocument, a Replayed, or an earlier index
    first_of: dict[str, int] = {}
    for index, (log, sha) in enumerate(zip(logs, shas, strict=True)):
        read_first = early.get(index)
        if isinstance(read_first, MalformedDocument):
            plans.append(read_first)
        elif sha in known:
            plans.append(known[sha])
        elif sha in first_of:
            plans.append(first_of[sha])
        else:
            first_of[sha] = index
            try:
                reading = read_first or registry.read(log.content, received=True, max_bytes=limit)
                plans.append(recording.replay(reading))
            except Exception as exc:
                plans.append(refused_reading(exc))
    batch = _Batch(club=club, user=user, source=source, logs=logs, stored=stored, shas=shas, plans=plans)
    try:
        with transaction.atomic():
            outcomes = batch.record(range(len(logs)))
    except (OperationalError, InterfaceError):
        raise  # the database is away: no row can keep anything; the caller's error
    except Exception:
        if not any(isinstance(plan, recording.Replayed) for plan in plans):
            raise  # nothing of a log's own failed: the uploads themselves could not be written
        logger.warning("storing %d logs at once failed; storing each alone", len(logs), exc_info=True)
        outcomes = batch.one_by_one()
    log_faults(outcomes)
    return outcomes


#: The refusals that are a fault of Trickbook's rather than of the log: the log is kept, the
#: answer names the upload as the reference, and the failure is logged (:func:`log_faults`).
FAULTS = frozenset({"LOG_READER_FAILED", "LOG_REPLAY_FAILED", "UPLOAD_NOT_STORED", "IMPORT_LOG_FAILED"})


def refused_reading(exc: Exception) -> MalformedDocument:
    """A failure while reading or replaying a log, as its refusal: a refusal as it is, anything
    else (a fault of ours) as ``LOG_READER_FAILED`` with the failure as its cause."""
    if isinstance(exc, MalformedDocument):
        return exc
    return registry.reader_failed(exc)


def not_stored(exc: BaseException) -> DocumentRefusal:
    refusal = DocumentRefusal(
        "",
        "UPLOAD_NOT_STORED",
        _(
            "this log could not be stored, a fault of Trickbook's rather than of the log; it is kept as it came"
        ),
    )
    refusal.__cause__ = exc
    return refusal


def is_fault(result: UploadResult) -> bool:
    """Whether the upload was refused for a fault of ours (:data:`FAULTS`), not of the log."""
    return result.refusal is not None and getattr(result.refusal, "code", "") in FAULTS


def log_faults(outcomes: Sequence[UploadResult]) -> None:
    """Log every upload refused for a fault of ours, with the failure's traceback and the
    upload's id (the request id is added to every record: config.middleware)."""
    for outcome in outcomes:
        if is_fault(outcome):
            cause = outcome.refusal.__cause__ if outcome.refusal is not None else None
            logger.error(
                "upload %s was kept but not recorded: %s",
                outcome.upload.pk,
                getattr(outcome.refusal, "code", ""),
                exc_info=(type(cause), cause, cause.__traceback__) if cause is not None else None,
                extra={"upload": outcome.upload.pk, "club": outcome.upload.club_id},
            )


@dataclass
class _Batch:
    """The logs of one :func:`games_upload`, read and replayed, to be stored together or alone."""

    club: Club
    user: User
    source: str
    logs: Sequence[IncomingLog]
    stored: list[bytes]
    shas: list[str]
    plans: list[Any]
    #: The games stored so far, by the index of their log (for a later copy of the same bytes).
    created: dict[int, tuple[Game, GameRevision, AuditReport]] = field(default_factory=dict)
    #: The games the last :meth:`record` stored.
    recorded: dict[int, tuple[Game, GameRevision, AuditReport]] = field(default_factory=dict)

    def one_by_one(self) -> list[UploadResult]:
        """Each log in its own transaction; one whose rows fail is kept rejected
        (``UPLOAD_NOT_STORED``), and a later copy of its bytes with it."""
        self.created = {}
        outcomes: list[UploadResult] = []
        for index, plan in enumerate(self.plans):
            if isinstance(plan, int) and plan not in self.created:
                self.plans[index] = self.plans[plan]  # the same bytes as a log that was not stored
            try:
                with transaction.atomic():
                    (outcome,) = self.record([index])
                    just_stored = self.recorded
            except (OperationalError, InterfaceError):
                raise
            except Exception as exc:
                if not isinstance(self.plans[index], recording.Replayed):
                    raise
                self.plans[index] = not_stored(exc)
                with transaction.atomic():
                    (outcome,) = self.record([index])
            else:
                self.created.update(just_stored)
            outcomes.append(outcome)
        return outcomes

    def record(self, indices: Sequence[int]) -> list[UploadResult]:
        """Store the games of the logs at ``indices`` (inside the caller's transaction), their
        uploads, audit entries and announcements; one result per index."""
        club, user, source, logs, plans = self.club, self.user, self.source, self.logs, self.plans
        new = [i for i in indices if isinstance(plans[i], recording.Replayed)]
        players = recording.roster(club, (name for i in new for name in plans[i].players))
        seats = {i: recording.seat_player_ids(players, plans[i].players) for i in new}
        for i in new:
            if len(set(seats[i])) != len(seats[i]):
                plans[i] = same_player_twice()
        new = [i for i in new if isinstance(plans[i], recording.Replayed)]
        created = self._store_games(new, seats) if new else {}
        outcomes = [
            _upload_result(club, user, source, logs[i], plans[i], {**self.created, **created}, i)
            for i in indices
        ]
        uploads = recording.create_all(Upload, [outcome.upload for outcome in outcomes])
        for outcome, upload in zip(outcomes, uploads, strict=True):
            outcome.upload = upload
        upload_of = dict(zip(indices, uploads, strict=True))
        audit_log.record_all(
            [
                audit_log.entry(
                    club_id=club.pk,
                    action=AuditEntry.Action.GAME_RECORDED,
                    actor=user,
                    game=game,
                    revision=revision,
                    details={"upload": upload_of[i].pk, "filename": logs[i].filename, "source": source},
                )
                for i, (game, revision, _) in created.items()
            ]
        )
        for game, revision, _report in created.values():
            game_recorded.send(sender=Game, game=game, revision=revision, created=True)
        self.recorded = created
        return outcomes

    def _store_games(
        self, new: list[int], seats: dict[int, list[int]]
    ) -> dict[int, tuple[Game, GameRevision, AuditReport]]:
        """The games, seats, first revisions and reports of the replayed logs at ``new``."""
        club, user, source, logs, plans = self.club, self.user, self.source, self.logs, self.plans
        now = timezone.now()
        results = {i: recording.seat_results(plans[i]) for i in new}
        games = recording.create_all(
            Game,
            [
                Game(
                    club=club,
                    game_type=plans[i].reading.game,
                    ruleset=plans[i].report["ruleset"],
                    status=recording.status_of(plans[i]),
                    totals=recording.seat_totals(results[i]),
                    played_at=logs[i].played_at or now,
                    created_by=user,
                )
                for i in new
            ],
        )
        recording.create_all(
            GameSeat,
            [
                GameSeat(game=game, seat=seat, player_id=player_id, **recording.seat_columns(result))
                for i, game in zip(new, games, strict=True)
                for seat, (player_id, result) in enumerate(zip(seats[i], results[i], strict=True))
            ],
        )
        revisions = recording.create_all(
            GameRevision,
            [
                GameRevision(
                    game=game,
                    number=1,
                    content=self.stored[i],
                    sha256=self.shas[i],
                    uploaded_by=user,
                    reason="first upload",
                    source=RevisionSource(source),
                )
                for i, game in zip(new, games, strict=True)
            ],
        )
        reports = recording.store_reports(
            [
                (game, revision, plans[i], seats[i])
                for i, game, revision in zip(new, games, revisions, strict=True)
            ],
            new_games=True,
        )
        return {
            i: (game, revision, report)
            for i, game, revision, report in zip(new, games, revisions, reports, strict=True)
        }


def _upload_result(
    club: Club,
    user: User,
    source: str,
    log: IncomingLog,
    plan: Any,
    created: dict[int, tuple[Game, GameRevision, AuditReport]],
    index: int,
) -> UploadResult:
    upload = Upload(
        club=club,
        uploaded_by=user,
        source=source,
        filename=columns.fit(Upload, "filename", log.filename),
        content=log.content,
        sha256=sha256_of(log.content),
        fixes=log.fixes,
    )
    if isinstance(plan, MalformedDocument):
        upload.outcome = Upload.Outcome.REJECTED
        upload.error_path = columns.fit(Upload, "error_path", plan.path)
        upload.error_message = columns.fit(Upload, "error_message", english(plan))
        upload.error_code, params, upload.error_template = refusal_data(plan)
        upload.error_params = columns.fit_json(params)
        return UploadResult(upload=upload, refusal=plan)
    if isinstance(plan, recording.Replayed):
        game, revision, report = created[index]
        upload.outcome, upload.game, upload.revision = Upload.Outcome.ACCEPTED, game, revision
        return UploadResult(upload=upload, game=game, revision=revision, report=report, created=True)
    if isinstance(plan, int):  # the same bytes earlier in this batch
        game, revision, _report = created[plan]
    else:
        game, revision = plan.game, plan
    upload.outcome, upload.game, upload.revision = Upload.Outcome.DUPLICATE, game, revision
    return UploadResult(upload=upload, game=game, revision=revision, created=False)


def refusal_data(error: MalformedDocument) -> tuple[str, dict[str, Any] | None, str]:
    """A refusal's code, parameters and, for a service's refusal, its English template (the
    gettext msgid, so a page says it again in its reader's language), as an upload keeps them
    ("", None, "" for a bare sentence)."""
    code = str(getattr(error, "code", "") or "")
    if not code:
        return "", None, ""
    template = ""
    if isinstance(error, Refusal) and error.code != UNCODED:
        with translation.override("en"):
            template = str(error.template)
    return code, dict(getattr(error, "params", {}) or {}), template


def upload_rejected(
    *,
    club: Club,
    content: bytes,
    user: User,
    error: MalformedDocument,
    filename: str = "",
    source: str = Upload.Source.API,
) -> Upload:
    """Keep an upload that a caller refused for its own reason (e.g. the wrong table's players)."""
    return Upload.objects.create(
        club=club,
        uploaded_by=user,
        source=source,
        filename=columns.fit(Upload, "filename", filename),
        content=content,
        sha256=sha256_of(content),
        outcome=Upload.Outcome.REJECTED,
        error_path=columns.fit(Upload, "error_path", error.path),
        error_message=columns.fit(Upload, "error_message", english(error)),
        error_code=refusal_data(error)[0],
        error_params=columns.fit_json(refusal_data(error)[1]),
        error_template=refusal_data(error)[2],
    )


@dataclass
class CorrectionResult:
    revision: GameRevision
    report: AuditReport
    changed_deals: list[int] = field(default_factory=list)


def game_correct(
    *,
    game: Game,
    content: bytes,
    user: User,
    reason: str,
    filename: str = "",
    source: str = RevisionSource.LOG,
    expected_revision: int | None = None,
) -> CorrectionResult:
    """Record a corrected log as the game's next revision; the older ones stay as they were.

    A file of another format (``filename`` ending .pbn) is read under the ruleset
    the current revision names, and stored as its JSON document, as an upload's is.
    ``source`` says how the correction was made (a corrected log, the deal form, an
    arbiter's ruling). ``expected_revision``: the revision number the corrector was looking
    at; when the game has moved on since (someone else corrected it meanwhile), the
    correction is refused rather than silently undoing theirs.
    """
    reason = reason.strip()
    if not reason:
        raise ServiceError("CORRECTION_REASON_MISSING", _("a correction needs a reason"))
    ruleset = None
    if registry.file_type(filename) is not None and game.current_revision is not None:
        current = registry.read(bytes(game.current_revision.content))
        ruleset = current.rules.to_document(current.log).get("ruleset")
    try:  # MalformedDocument: a 400
        reading = registry.read_named(
            content, filename, ruleset=ruleset, received=True, max_bytes=settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        )
        if reading.file_format is not None:
            content = recording.stored_content(reading)
    except Exception as exc:
        raise correction_refused(exc, game)  # noqa: B904  (its cause is set: refused_reading)
    if reading.game != game.game_type:
        raise DocumentRefusal(
            "game",
            "CORRECTION_OTHER_GAME",
            _("this game is %(game)s; a correction cannot make it %(other_game)s"),
            game=game.game_type,
            other_game=reading.game,
        )
    try:
        replayed = recording.replay(reading)
    except Exception as exc:
        raise correction_refused(exc, game)  # noqa: B904  (its cause is set: refused_reading)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        parent = game.current_revision
        if expected_revision is not None and parent is not None and parent.number != expected_revision:
            raise StaleRevision(
                "REVISION_STALE",
                _(
                    "the game was corrected meanwhile: revision %(now)s is now its log, not %(seen)s; "
                    "look at it again before correcting it"
                ),
                now=parent.number,
                seen=expected_revision,
            )
        seats = _seat_players(game, replayed.players)
        revision = GameRevision.objects.create(
            game=game,
            number=recording.next_revision_number(game),
            content=content,
            sha256=sha256_of(content),
            uploaded_by=user,
            reason=reason,
            parent=parent,
            source=RevisionSource(source),
        )
        (report,) = recording.store_reports([(game, revision, replayed, seats)])
        audit_log.record(
            club_id=game.club_id,
            action=AuditEntry.Action.GAME_CORRECTED,
            actor=user,
            game=game,
            revision=revision,
            reason=reason,
            details={"revision": revision.number, "totals": list(game.totals or [])},
        )
        game_recorded.send(sender=Game, game=game, revision=revision, created=False)
    before = recording.canonical_deals(registry.read(bytes(parent.content))) if parent is not None else []
    changed = changed_deals(before, recording.canonical_deals(reading))
    return CorrectionResult(revision=revision, report=report, changed_deals=changed)


def correction_refused(exc: Exception, game: Game) -> MalformedDocument:
    """A failure while reading or replaying a correction, as its refusal (:func:`refused_reading`);
    one that is a fault of ours is logged with its cause first."""
    refusal = refused_reading(exc)
    if getattr(refusal, "code", "") in FAULTS:
        cause = refusal.__cause__
        logger.error(
            "a correction of game %s was refused for a fault of ours: %s",
            game.pk,
            getattr(refusal, "code", ""),
            exc_info=(type(cause), cause, cause.__traceback__) if cause is not None else None,
            extra={"game": game.pk},
        )
    return refusal


def changed_deals(before: Sequence[dict[str, Any]], after: Sequence[dict[str, Any]]) -> list[int]:
    """Deal numbers (1-based) whose logged content differs between two versions of a log."""
    changed = []
    for i in range(max(len(before), len(after))):
        old = before[i] if i < len(before) else None
        new = after[i] if i < len(after) else None
        if old != new:
            changed.append(i + 1)
    return changed


def _seat_players(game: Game, names: list[str]) -> list[int]:
    """Point each seat at the club's player of that name (roster entries created when new)."""
    players = recording.roster(game.club, names)
    ids = recording.seat_player_ids(players, names)
    if len(set(ids)) != len(ids):
        raise same_player_twice()
    existing = {s.seat: s for s in game.seats.all()}
    for seat, player_id in enumerate(ids):
        row = existing.pop(seat, None)
        if row is None:
            GameSeat.objects.create(game=game, seat=seat, player_id=player_id)
        elif row.player_id != player_id:
            row.player_id = player_id
            row.save(update_fields=["player"])
    for row in existing.values():
        row.delete()
    return ids


def games_reaudit(*, games: Sequence[Game]) -> list[AuditReport]:
    """Replay each game's current revision with the current engine; store the new reports."""
    entries = []
    for game in games:
        revision = game.current_revision
        assert revision is not None
        # .all(): the seats prefetched by the caller (games.tasks.reaudit_chunk), else one query.
        seats = [seat.player_id for seat in sorted(game.seats.all(), key=lambda seat: seat.seat)]
        entries.append((game, revision, recording.replay(registry.read(bytes(revision.content))), seats))
    before = {game.pk: (list(game.totals or []), game.status) for game, *_ in entries}
    with transaction.atomic():
        reports = recording.store_reports(entries)
        # A game whose totals or status the new engine changed is announced like a correction,
        # so its tournament's standings (and ratings) follow.
        for game, revision, *_ in entries:
            if (list(game.totals or []), game.status) != before[game.pk]:
                game_recorded.send(sender=Game, game=game, revision=revision, created=False)
        return reports
