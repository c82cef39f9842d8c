"""Disputes: a claim that a game's score is wrong, argued, and decided as an arbiter decides.

Opened by a player of the game, the table's scorer or an organiser, about a revision (the
game's current one) and optionally a deal and a trick; commented on by its parties; decided
once by an organiser, and then final. The decisions (issue 19, "Decisions as an arbiter makes
them"), each one a :class:`~games.models.Dispute.Ruling`:

- ``recomputed``: upheld, the replay's recomputed scores stand (a miscopied score needs no
  correction: the standings already use the recomputed one);
- ``correction``: upheld with a corrected log (the deal form's, or a log pasted or attached);
- ``annul``, ``adjust``, ``waive``: upheld by a ruling on a deal, written into the log beside it
  (docs/arbiter.md) and saved as the game's next revision: the deal annulled, an adjusted
  score assigned, a penalty waived;
- ``confirm``: the claim rejected and the penalty it was about confirmed, written the same way;
- ``reject``: rejected, nothing changes.

Every decision goes into the dispute's history and the audit log with who and why; opening
and deciding settle whether the game's result is provisional (games.settlement) and mail the
people concerned (games.notifications).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import audit_log, corrections, notifications, settlement
from games.models import AuditEntry, Dispute, DisputeEvent, Game, GameRevision, RevisionSource
from games.services import ServiceError, game_correct
from rules.errors import MalformedDocument

Ruling = Dispute.Ruling
#: The rulings written into the log beside their deal (docs/arbiter.md).
LOG_RULINGS = (Ruling.ANNUL, Ruling.ADJUST, Ruling.WAIVE, Ruling.CONFIRM)


def dispute_open(
    *, game: Game, user: User, claim: str, deal: int | None = None, trick: int | None = None
) -> Dispute:
    """Open a dispute on the game's current revision; its result is provisional until decided."""
    claim = claim.strip()
    if not claim:
        raise ServiceError("DISPUTE_CLAIM_MISSING", _("say what is wrong: a dispute needs a claim"))
    report = game.current_report.report if game.current_report else {"deals": []}
    deals = len(report["deals"])
    if deal is not None and not 1 <= deal <= deals:
        raise ServiceError(
            "DISPUTE_DEAL_OUT_OF_RANGE",
            _("deal %(deal)s is not in this game (deals 1 to %(deals)s)"),
            deal=deal,
            deals=deals,
        )
    if trick is not None:
        if deal is None:
            raise ServiceError("DISPUTE_TRICK_WITHOUT_DEAL", _("say which deal the trick is in"))
        if trick < 1:
            raise ServiceError("DISPUTE_TRICK_BELOW_ONE", _("tricks are counted from 1"), trick=trick)
    with transaction.atomic():
        # The revision disputed is the one current now, whatever the caller's copy of the game says.
        locked = (
            Game.objects.select_for_update(of=("self",)).select_related("current_revision").get(pk=game.pk)
        )
        revision = locked.current_revision
        dispute = Dispute.objects.create(
            game=locked, raised_by=user, claim=claim, deal=deal, trick=trick, revision=revision
        )
        DisputeEvent.objects.create(
            dispute=dispute,
            actor=user,
            kind=DisputeEvent.Kind.OPENED,
            text=claim,
            revision=revision,
            details={"deal": deal, "trick": trick},
        )
        audit_log.record(
            club_id=locked.club_id,
            action=AuditEntry.Action.DISPUTE_OPENED,
            actor=user,
            game=locked,
            dispute=dispute,
            revision=revision,
            reason=claim,
            details={"deal": deal, "trick": trick},
        )
        settlement.settle(locked)
        notifications.dispute_opened(dispute, actor=user)
    return dispute


def dispute_comment(*, dispute: Dispute, user: User, text: str) -> DisputeEvent:
    text = text.strip()
    if not text:
        raise ServiceError("DISPUTE_COMMENT_EMPTY", _("a comment needs text"))
    return DisputeEvent.objects.create(dispute=dispute, actor=user, kind=DisputeEvent.Kind.COMMENT, text=text)


def ruling_of(
    ruling: str,
    *,
    dispute: Dispute,
    decision: str,
    seats: Sequence[Any] | None = None,
    score: Any = None,
) -> dict[str, Any]:
    """The ``arbiter`` object a ruling writes on its deal (docs/arbiter.md)."""
    out: dict[str, Any]
    if ruling == Ruling.ANNUL:
        out = {"annul": True}
    elif ruling == Ruling.ADJUST:
        if score is None:
            raise ServiceError("RULING_SCORE_MISSING", _("an adjusted score needs the score to assign"))
        out = {"score": score}
    elif ruling in (Ruling.WAIVE, Ruling.CONFIRM):
        if not seats:
            raise ServiceError("RULING_SEATS_MISSING", _("say whose penalty is ruled on"))
        out = {"waive" if ruling == Ruling.WAIVE else "confirm": list(seats)}
    else:
        raise ServiceError("RULING_NOT_ON_A_DEAL", _("%(ruling)s is not a ruling on a deal"), ruling=ruling)
    return {**out, "reason": decision, "dispute": dispute.pk}


def ruled_document(
    *,
    game: Game,
    dispute: Dispute,
    ruling: str,
    deal: int,
    decision: str,
    seats: Any = None,
    score: Any = None,
) -> dict[str, Any]:
    """The game's current log with the ruling written on ``deal``; ServiceError for no such deal."""
    document = corrections.current_document(game)
    try:
        return corrections.with_ruling(
            document, deal, ruling_of(ruling, dispute=dispute, decision=decision, seats=seats, score=score)
        )
    except IndexError:
        raise ServiceError(
            "RULING_DEAL_NOT_IN_GAME", _("deal %(deal)s is not in this game"), deal=deal
        ) from None


def check_ruling(preview: corrections.Preview, deal: int) -> None:
    """A ruling that would do nothing (a penalty waived that was never incurred) is refused."""
    assert preview.report is not None
    for finding in preview.report["findings"]:
        if finding["code"] == "RULING_NOT_APPLICABLE" and finding.get("deal") == deal:
            raise ServiceError(
                "RULING_NOT_APPLICABLE",
                _("%(player)s has no penalty in deal %(deal)s to rule on"),
                player=finding.get("player") or finding.get("seat"),
                seat=finding.get("seat"),
                deal=deal,
            )


def dispute_decide(
    *,
    dispute: Dispute,
    user: User,
    ruling: str,
    decision: str,
    document: bytes | None = None,
    filename: str = "",
    source: str = RevisionSource.LOG,
    deal: int | None = None,
    seats: Sequence[Any] | None = None,
    score: Any = None,
    expected_revision: int | None = None,
) -> Dispute:
    """Decide an open dispute by ``ruling`` (see the module's docstring); final once done.

    ``document``: the corrected log of a ``correction`` (``source`` the deal form or a log).
    ``deal`` (default: the dispute's), ``seats`` and ``score``: what a ruling on a deal names.
    ``expected_revision``: the revision the arbiter was looking at (a correction meanwhile is
    refused, not undone). A log the rules cannot read raises MalformedDocument with its path.
    """
    if ruling not in Ruling.values:
        raise ServiceError("DECISION_UNKNOWN", _("unknown decision %(ruling)s"), ruling=ruling)
    decision = decision.strip()
    if not decision:
        raise ServiceError("DECISION_REASONS_MISSING", _("a decision needs its reasons"))
    if ruling == Ruling.CORRECTION and document is None:
        raise ServiceError("DECISION_LOG_MISSING", _("a correction needs the corrected log"))
    if ruling != Ruling.CORRECTION and document is not None:
        raise ServiceError("DECISION_LOG_UNEXPECTED", _("only a correction attaches a corrected log"))
    with transaction.atomic():
        dispute = Dispute.objects.select_for_update(of=("self",)).select_related("game").get(pk=dispute.pk)
        if dispute.status != Dispute.Status.OPEN:
            raise ServiceError(
                "DISPUTE_ALREADY_DECIDED",
                _("this dispute was already decided (%(dispute_status)s)"),
                dispute_status=dispute.status,
            )
        # The game locked too (always after the dispute: the one order every writer keeps), so the
        # log a ruling is written on is the current one until the ruling is saved.
        game = (
            Game.objects.select_for_update(of=("self",))
            .select_related("current_revision")
            .get(pk=dispute.game_id)
        )
        revision: GameRevision | None = None
        details: dict[str, Any] = {}
        reason = f"dispute #{dispute.pk}: {decision}"
        if ruling == Ruling.CORRECTION:
            assert document is not None
            result = game_correct(
                game=game,
                content=document,
                user=user,
                reason=reason,
                filename=filename,
                source=source,
                expected_revision=expected_revision,
            )
            revision = result.revision
            details = {"changed_deals": result.changed_deals}
        elif ruling in LOG_RULINGS:
            read_revision = game.current_revision.number if game.current_revision else None
            number = deal if deal is not None else dispute.deal
            if number is None:
                raise ServiceError("RULING_DEAL_UNSAID", _("say which deal the ruling is on"))
            ruled = ruled_document(
                game=game,
                dispute=dispute,
                ruling=ruling,
                deal=number,
                decision=decision,
                seats=seats,
                score=score,
            )
            preview = corrections.preview(game=game, document=ruled)
            if preview.error is not None:
                raise preview.error
            check_ruling(preview, number)
            revision = game_correct(
                game=game,
                content=corrections.encode(ruled),
                user=user,
                reason=reason,
                source=RevisionSource.RULING,
                # The ruling is written on the revision just read; none other may have come since.
                expected_revision=expected_revision or read_revision,
            ).revision
            details = {"deal": number, "seats": list(seats or []), "score": score}
        status = Dispute.Status.UPHELD if ruling in Dispute.UPHOLDING else Dispute.Status.REJECTED
        dispute.status = status
        dispute.ruling = ruling
        dispute.decision = decision
        dispute.decided_by = user
        dispute.decided_at = timezone.now()
        dispute.corrected_revision = revision
        dispute.save()
        DisputeEvent.objects.create(
            dispute=dispute,
            actor=user,
            kind=status,
            ruling=ruling,
            text=decision,
            revision=revision,
            details=details,
        )
        audit_log.record(
            club_id=game.club_id,
            action=AuditEntry.Action.DISPUTE_DECIDED,
            actor=user,
            game=game,
            dispute=dispute,
            revision=revision,
            reason=decision,
            details={
                "status": status,
                "ruling": ruling,
                "revision": None if revision is None else revision.number,
                **details,
            },
        )
        settlement.settle(Game.objects.select_for_update().get(pk=game.pk))
        notifications.dispute_decided(dispute, actor=user)
    return dispute


__all__ = [
    "LOG_RULINGS",
    "MalformedDocument",
    "Ruling",
    "check_ruling",
    "dispute_comment",
    "dispute_decide",
    "dispute_open",
    "ruled_document",
    "ruling_of",
]
