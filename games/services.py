"""Writes of the games app. Keyword-only and typed; views, commands and tasks call these.

Every upload is kept (games.Upload) whatever becomes of it; a document the
rules cannot read is rejected with its JSON path and stays listed for the
club's organisers. The same bytes twice in a club are one game (matched by
sha256). A correction is a new revision with its own audit report; nothing
is overwritten.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from accounts.models import User
from games.models import (
    AuditReport,
    Club,
    DealSeat,
    Dispute,
    DisputeEvent,
    Finding,
    Game,
    GameRevision,
    GameSeat,
    Membership,
    Player,
    Upload,
)
from games.signals import game_recorded
from rules import registry
from rules.errors import MalformedDocument


class ServiceError(Exception):
    """A request the rules of the club or the game refuse; the message says why."""


# --- clubs -------------------------------------------------------------------


@transaction.atomic
def club_create(*, name: str, user: User, slug: str | None = None) -> Club:
    """Create a club; its creator becomes its organiser."""
    name = name.strip()
    if not name:
        raise ServiceError("a club needs a name")
    slug = slug or slugify(name) or "club"
    if Club.objects.filter(slug=slug).exists():
        base, n = slug, 2
        while Club.objects.filter(slug=f"{base}-{n}").exists():
            n += 1
        slug = f"{base}-{n}"
    club = Club.objects.create(name=name, slug=slug)
    Membership.objects.create(user=user, club=club, role=Membership.Role.ORGANISER)
    return club


def membership_set(*, club: Club, user: User, role: str) -> Membership:
    """Give ``user`` the ``role`` in ``club`` (adding them when they are not a member)."""
    with transaction.atomic():
        current = Membership.objects.select_for_update().filter(club=club, user=user).first()
        if current and current.role == Membership.Role.ORGANISER and role != Membership.Role.ORGANISER:
            _keep_an_organiser(club, leaving=user)
        membership, _ = Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    return membership


def membership_remove(*, club: Club, user: User) -> None:
    with transaction.atomic():
        membership = Membership.objects.select_for_update().filter(club=club, user=user).first()
        if membership is None:
            return
        if membership.role == Membership.Role.ORGANISER:
            _keep_an_organiser(club, leaving=user)
        membership.delete()


def _keep_an_organiser(club: Club, *, leaving: User) -> None:
    others = Membership.objects.filter(club=club, role=Membership.Role.ORGANISER).exclude(user=leaving)
    if not others.exists():
        raise ServiceError("a club keeps at least one organiser; name another first")


def player_get_or_create(*, club: Club, display_name: str, user: User | None = None) -> Player:
    """The club's roster entry of that name (matched case-insensitively), created when unknown."""
    name = " ".join(display_name.split())
    player = Player.objects.filter(club=club, display_name__iexact=name).first()
    if player is None:
        player = Player.objects.create(club=club, display_name=name, user=user)
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

    @property
    def error(self) -> dict[str, Any] | None:
        return self.upload.error


def game_upload(
    *,
    club: Club,
    content: bytes,
    user: User,
    filename: str = "",
    source: str = Upload.Source.API,
    played_at: datetime | None = None,
    fixes: Upload | None = None,
) -> UploadResult:
    """Keep the bytes, read them with the game's rules, and record a new game.

    Same bytes already in the club → the existing game (outcome duplicate).
    Unreadable → the upload is kept, rejected, with the JSON path and reason.
    """
    sha = sha256_of(content)
    common = {
        "club": club,
        "uploaded_by": user,
        "source": source,
        "filename": filename[:255],
        "content": content,
        "sha256": sha,
        "fixes": fixes,
    }
    existing = GameRevision.objects.filter(sha256=sha, game__club=club).select_related("game").first()
    if existing is not None:
        upload = Upload.objects.create(
            **common, outcome=Upload.Outcome.DUPLICATE, game=existing.game, revision=existing
        )
        return UploadResult(upload=upload, game=existing.game, revision=existing, report=None, created=False)
    try:
        reading = registry.read(content)
    except MalformedDocument as exc:
        upload = Upload.objects.create(
            **common, outcome=Upload.Outcome.REJECTED, error_path=exc.path, error_message=exc.message
        )
        return UploadResult(upload=upload)
    with transaction.atomic():
        game = Game.objects.create(
            club=club,
            game_type=reading.game,
            ruleset={},
            status=Game.Status.CLEAN,
            totals=[],
            played_at=played_at or timezone.now(),
            created_by=user,
        )
        _seat_players(game, _player_names(reading), create=True)
        revision, report = _record_revision(
            game=game,
            reading=reading,
            content=content,
            sha=sha,
            user=user,
            reason="first upload",
            parent=None,
        )
        upload = Upload.objects.create(
            **common, outcome=Upload.Outcome.ACCEPTED, game=game, revision=revision
        )
        game_recorded.send(sender=Game, game=game, revision=revision, created=True)
    return UploadResult(upload=upload, game=game, revision=revision, report=report, created=True)


@dataclass
class CorrectionResult:
    revision: GameRevision
    report: AuditReport
    changed_deals: list[int] = field(default_factory=list)


def game_correct(*, game: Game, content: bytes, user: User, reason: str) -> CorrectionResult:
    """Record a corrected log as the game's next revision; the older ones stay as they were."""
    reason = reason.strip()
    if not reason:
        raise ServiceError("a correction needs a reason")
    reading = registry.read(content)  # MalformedDocument is the caller's 400
    if reading.game != game.game_type:
        raise MalformedDocument(
            "game", f"this game is {game.game_type!r}; a correction cannot make it {reading.game!r}"
        )
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        parent = game.current_revision
        _seat_players(game, _player_names(reading), create=False)
        revision, report = _record_revision(
            game=game,
            reading=reading,
            content=content,
            sha=sha256_of(content),
            user=user,
            reason=reason,
            parent=parent,
        )
        game_recorded.send(sender=Game, game=game, revision=revision, created=False)
    before = _canonical_deals(registry.read(bytes(parent.content))) if parent is not None else []
    changed = changed_deals(before, _canonical_deals(reading))
    return CorrectionResult(revision=revision, report=report, changed_deals=changed)


def _canonical_deals(reading: registry.Reading) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = reading.rules.to_document(reading.log)["deals"]
    return deals


def changed_deals(before: Sequence[dict[str, Any]], after: Sequence[dict[str, Any]]) -> list[int]:
    """Deal numbers (1-based) whose logged content differs between two versions of a log."""
    changed = []
    for i in range(max(len(before), len(after))):
        old = before[i] if i < len(before) else None
        new = after[i] if i < len(after) else None
        if old != new:
            changed.append(i + 1)
    return changed


def _player_names(reading: registry.Reading) -> list[str]:
    return list(reading.log.players)


def _seat_players(game: Game, names: list[str], *, create: bool) -> None:
    """Point each seat at the club's player of that name (creating roster entries when new)."""
    players = [player_get_or_create(club=game.club, display_name=name) for name in names]
    if len({p.pk for p in players}) != len(players):
        raise MalformedDocument("players", "the same player cannot sit in two seats")
    if create:
        GameSeat.objects.bulk_create(
            GameSeat(game=game, seat=seat, player=player) for seat, player in enumerate(players)
        )
        return
    existing = {s.seat: s for s in game.seats.all()}
    for seat, player in enumerate(players):
        row = existing.pop(seat, None)
        if row is None:
            GameSeat.objects.create(game=game, seat=seat, player=player)
        elif row.player_id != player.pk:
            row.player = player
            row.save(update_fields=["player"])
    for row in existing.values():
        row.delete()


def _record_revision(
    *,
    game: Game,
    reading: registry.Reading,
    content: bytes,
    sha: str,
    user: User,
    reason: str,
    parent: GameRevision | None,
) -> tuple[GameRevision, AuditReport]:
    number = 1 if parent is None else GameRevision.objects.filter(game=game).count() + 1
    revision = GameRevision.objects.create(
        game=game, number=number, content=content, sha256=sha, uploaded_by=user, reason=reason, parent=parent
    )
    report = audit_revision(game=game, revision=revision, reading=reading)
    return revision, report


def audit_revision(
    *, game: Game, revision: GameRevision, reading: registry.Reading | None = None
) -> AuditReport:
    """Replay a revision with the current engine and store the report; the game points to it."""
    if reading is None:
        reading = registry.read(bytes(revision.content))
    result = reading.rules.replay(reading.log)
    data = result.as_dict()
    findings = data["findings"]
    report = AuditReport.objects.create(
        revision=revision,
        game=game,
        engine_version=reading.rules.ENGINE_VERSION,
        ruleset=data["ruleset"],
        totals=data["totals"],
        recorded_totals=data.get("recorded_totals"),
        report=data,
        errors=sum(1 for f in findings if f["severity"] == "error"),
        warnings=sum(1 for f in findings if f["severity"] == "warning"),
    )
    Finding.objects.bulk_create(
        Finding(
            report=report,
            game=game,
            code=f["code"],
            severity=f["severity"],
            deal=f.get("deal"),
            trick=f.get("trick"),
            seat=f.get("seat"),
            player=f.get("player") or "",
            card=f.get("card") or "",
            message=f["message"],
        )
        for f in findings
    )
    seats = dict(GameSeat.objects.filter(game=game).values_list("seat", "player_id"))
    DealSeat.objects.bulk_create(_deal_seat_rows(report, game, seats, data["deals"]))
    game.current_revision = revision
    game.current_report = report
    game.ruleset = data["ruleset"]
    game.totals = data["totals"]
    game.status = report.status
    game.save(
        update_fields=["current_revision", "current_report", "ruleset", "totals", "status", "updated_at"]
    )
    return report


def _deal_seat_rows(
    report: AuditReport, game: Game, seats: dict[int, int], deals: list[dict[str, Any]]
) -> list[DealSeat]:
    rows = []
    for deal in deals:
        trump = deal.get("trump")
        bids = deal.get("bids") or []
        taken = deal.get("taken") or []
        blind = deal.get("blind") or []
        for seat, score in enumerate(deal["scores"]):
            rows.append(
                DealSeat(
                    report=report,
                    game=game,
                    player_id=seats[seat],
                    deal=deal["deal"],
                    seat=seat,
                    cards=deal.get("cards") or 0,
                    trump=trump[-1] if trump else "",
                    dealer=deal.get("dealer") == seat,
                    bid=bids[seat] if seat < len(bids) else None,
                    blind=bool(blind[seat]) if seat < len(blind) else False,
                    taken=taken[seat] if seat < len(taken) else None,
                    score=score,
                    annulled=bool(deal.get("annulled")),
                )
            )
    return rows


# --- disputes ------------------------------------------------------------------


def dispute_open(*, game: Game, user: User, claim: str, deal: int | None = None) -> Dispute:
    claim = claim.strip()
    if not claim:
        raise ServiceError("say what is wrong: a dispute needs a claim")
    deals = len(game.current_report.report["deals"]) if game.current_report else 0
    if deal is not None and not 1 <= deal <= deals:
        raise ServiceError(f"deal {deal} is not in this game (deals 1 to {deals})")
    with transaction.atomic():
        dispute = Dispute.objects.create(game=game, raised_by=user, claim=claim, deal=deal)
        DisputeEvent.objects.create(dispute=dispute, actor=user, kind=DisputeEvent.Kind.OPENED, text=claim)
    return dispute


def dispute_comment(*, dispute: Dispute, user: User, text: str) -> DisputeEvent:
    text = text.strip()
    if not text:
        raise ServiceError("a comment needs text")
    return DisputeEvent.objects.create(dispute=dispute, actor=user, kind=DisputeEvent.Kind.COMMENT, text=text)


def dispute_decide(
    *,
    dispute: Dispute,
    user: User,
    status: str,
    decision: str,
    corrected_document: bytes | None = None,
) -> Dispute:
    """Uphold or reject an open dispute; an upheld one may attach the corrected log as a new revision."""
    if status not in (Dispute.Status.UPHELD, Dispute.Status.REJECTED):
        raise ServiceError("a decision upholds or rejects the dispute")
    decision = decision.strip()
    if not decision:
        raise ServiceError("a decision needs its reasons")
    if corrected_document is not None and status != Dispute.Status.UPHELD:
        raise ServiceError("only an upheld dispute attaches a corrected log")
    with transaction.atomic():
        dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
        if dispute.status != Dispute.Status.OPEN:
            raise ServiceError(f"this dispute was already decided ({dispute.status})")
        revision = None
        if corrected_document is not None:
            reason = f"dispute #{dispute.pk} upheld: {decision}"
            revision = game_correct(
                game=dispute.game, content=corrected_document, user=user, reason=reason
            ).revision
        dispute.status = status
        dispute.decision = decision
        dispute.decided_by = user
        dispute.decided_at = timezone.now()
        dispute.corrected_revision = revision
        dispute.save()
        DisputeEvent.objects.create(
            dispute=dispute, actor=user, kind=status, text=decision, revision=revision
        )
    return dispute
