"""Corrections made deal by deal, and what a change would do before it is saved.

The arbiter corrects one deal of a log (its fields in the game's own terms, through the deal
form of games/deal_forms.py), or rules on it (annul it, assign a score, waive or confirm a
penalty: docs/arbiter.md). Either way the game's current log is read, the one deal changed,
and the other deals left exactly as they were; the result is a whole log, saved as the game's
next revision through :func:`games.services.game_correct` like any corrected log, so a form
correction and the same change pasted as JSON are the same revision.

:func:`preview` replays a changed log without storing anything and says what it changes: each
deal that differs (what the log says and what the replay recomputes), the totals before and
after, and the findings the change raises or clears. The same comparison shows any two
revisions side by side (:func:`compare`).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from games.models import Game, GameRevision
from rules import registry
from rules.errors import MalformedDocument

#: Report fields that repeat what a deal's other fields say, or are its position: not a change.
SKIP_REPORT = frozenset({"deal"})


def document_of(revision: GameRevision) -> dict[str, Any]:
    """The revision's log as its game's canonical JSON document (ruleset and players included)."""
    reading = registry.read(bytes(revision.content))
    return dict(reading.rules.to_document(reading.log))


def current_document(game: Game) -> dict[str, Any]:
    assert game.current_revision is not None
    return document_of(game.current_revision)


def encode(document: dict[str, Any]) -> bytes:
    """The bytes a corrected log is stored as: readable JSON, in the reader's own script."""
    return json.dumps(document, ensure_ascii=False, indent=1).encode()


def deals_field(document: dict[str, Any]) -> str:
    """The field of a document that lists its deals: ``deals``, or a duplicate table's ``boards``."""
    return "boards" if "boards" in document and "deals" not in document else "deals"


def deal_of(document: dict[str, Any], number: int) -> dict[str, Any]:
    """Deal ``number`` (from 1) of a document; IndexError for none."""
    deals = document.get(deals_field(document)) or []
    if not 1 <= number <= len(deals):
        raise IndexError(number)
    return dict(deals[number - 1])


def with_deal(document: dict[str, Any], number: int, deal: dict[str, Any]) -> dict[str, Any]:
    """The document with deal ``number`` replaced by ``deal``; the other deals untouched."""
    changed = copy.deepcopy(document)
    deal_of(changed, number)  # IndexError for no such deal
    changed[deals_field(changed)][number - 1] = deal
    return changed


def with_ruling(document: dict[str, Any], number: int, ruling: dict[str, Any]) -> dict[str, Any]:
    """The document with ``ruling`` added to deal ``number``'s ``arbiter`` (docs/arbiter.md).

    A deal may carry an earlier ruling (an earlier dispute's); a new one joins it as an arbiter
    would read the two together: an annulment or an assigned score replaces what the deal was
    scored by before, a waiver or confirmation adds its seats (a seat waived is no longer
    confirmed, and the other way round); the newest reason and dispute number are kept.
    """
    deal = deal_of(document, number)
    merged: dict[str, Any] = dict(deal.get("arbiter") or {})
    if ruling.get("annul"):
        merged.pop("score", None)
        merged["annul"] = True
    if "score" in ruling:
        for key in ("annul", "waive", "confirm"):
            merged.pop(key, None)
        merged["score"] = ruling["score"]
    for key, other in (("waive", "confirm"), ("confirm", "waive")):
        seats = list(ruling.get(key) or [])
        if not seats:
            continue
        merged[key] = [s for s in merged.get(key, []) if s not in seats] + seats
        left = [s for s in merged.get(other, []) if s not in seats]
        if left:
            merged[other] = left
        else:
            merged.pop(other, None)
    for key in ("reason", "dispute"):
        if ruling.get(key) is not None:
            merged[key] = ruling[key]
    order = ("annul", "score", "waive", "confirm", "reason", "dispute")
    deal["arbiter"] = {key: merged[key] for key in order if key in merged}
    return with_deal(document, number, deal)


# --- comparing two versions of a log --------------------------------------------------------


@dataclass(frozen=True)
class FieldChange:
    """One field of a deal that differs: from the log as written (``log``) or as replayed (``report``)."""

    where: str  # "log" or "report"
    key: str
    before: Any
    after: Any


@dataclass(frozen=True)
class DealChange:
    """A deal that differs between two versions, by its number in each (a deal added or removed
    has None on one side)."""

    number: int
    changes: list[FieldChange]
    added: bool = False
    removed: bool = False
    #: A duplicate board's own number (the log's ``boards``), which the place in the log is not.
    board: int | None = None


@dataclass
class Comparison:
    """What differs between two versions of a game's log: the deals, the totals, the findings."""

    deals: list[DealChange] = field(default_factory=list)
    players: tuple[list[str], list[str]] = ([], [])
    totals_before: list[Any] = field(default_factory=list)
    totals_after: list[Any] = field(default_factory=list)
    findings_added: list[dict[str, Any]] = field(default_factory=list)
    findings_removed: list[dict[str, Any]] = field(default_factory=list)
    top: list[FieldChange] = field(default_factory=list)

    @property
    def totals_changed(self) -> bool:
        return self.totals_before != self.totals_after

    @property
    def changed(self) -> bool:
        return bool(
            self.deals or self.totals_changed or self.top or self.findings_added or self.findings_removed
        )


def _field_changes(
    where: str, before: dict[str, Any], after: dict[str, Any], skip: frozenset[str]
) -> list[FieldChange]:
    keys = list(before) + [k for k in after if k not in before]
    return [
        FieldChange(where, key, before.get(key), after.get(key))
        for key in keys
        if key not in skip and before.get(key) != after.get(key)
    ]


def _finding_key(finding: dict[str, Any]) -> tuple[Any, ...]:
    return (
        finding.get("code"),
        finding.get("deal"),
        finding.get("trick"),
        finding.get("seat"),
        finding.get("card"),
    )


def compare(
    before: tuple[dict[str, Any], dict[str, Any]], after: tuple[dict[str, Any], dict[str, Any]]
) -> Comparison:
    """Compare two versions, each given as (canonical document, report dict).

    Deals are matched by their place in the log. A deal's changes list the log's own fields
    that differ (bids, trump, the cards of each trick, the scores as written…) and then the
    replay's (what it recomputes: tricks taken, scores, annulled…), so an arbiter sees both
    what was written differently and what that changes.
    """
    (doc_a, rep_a), (doc_b, rep_b) = before, after
    out = Comparison(players=(list(rep_a.get("players") or []), list(rep_b.get("players") or [])))
    out.top = _field_changes(
        "log",
        {k: v for k, v in doc_a.items() if k != deals_field(doc_a)},
        {k: v for k, v in doc_b.items() if k != deals_field(doc_b)},
        frozenset(),
    )
    log_a, log_b = doc_a.get(deals_field(doc_a)) or [], doc_b.get(deals_field(doc_b)) or []
    deals_a, deals_b = rep_a.get("deals") or [], rep_b.get("deals") or []
    boards = deals_field(doc_b) == "boards"

    def board(deal: dict[str, Any]) -> int | None:
        number = deal.get("board") if boards else None
        return number if isinstance(number, int) else None

    for i in range(max(len(log_a), len(log_b))):
        if i >= len(log_b):
            out.deals.append(DealChange(i + 1, [], removed=True, board=board(log_a[i])))
            continue
        if i >= len(log_a):
            out.deals.append(DealChange(i + 1, [], added=True, board=board(log_b[i])))
            continue
        changes = _field_changes("log", log_a[i], log_b[i], frozenset())
        ra = deals_a[i] if i < len(deals_a) else {}
        rb = deals_b[i] if i < len(deals_b) else {}
        changes += _field_changes("report", ra, rb, SKIP_REPORT)
        if changes:
            out.deals.append(DealChange(i + 1, changes, board=board(log_b[i])))
    out.totals_before = list(rep_a.get("totals") or [])
    out.totals_after = list(rep_b.get("totals") or [])
    keys_a = {_finding_key(f) for f in rep_a.get("findings") or []}
    keys_b = {_finding_key(f) for f in rep_b.get("findings") or []}
    out.findings_added = [f for f in rep_b.get("findings") or [] if _finding_key(f) not in keys_a]
    out.findings_removed = [f for f in rep_a.get("findings") or [] if _finding_key(f) not in keys_b]
    return out


# --- previews --------------------------------------------------------------------------------


@dataclass
class Preview:
    """A changed log replayed without storing anything: its report and what it changes, or why
    it cannot be read (``error``, with the JSON path)."""

    document: dict[str, Any] | None
    report: dict[str, Any] | None = None
    comparison: Comparison | None = None
    error: MalformedDocument | None = None
    status: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None and self.report is not None


def replay_document(document: dict[str, Any] | bytes) -> tuple[dict[str, Any], dict[str, Any], str]:
    """(canonical document, report dict, status) of a log; MalformedDocument when unreadable."""
    reading = registry.read(document if isinstance(document, dict) else bytes(document))
    report = reading.rules.replay(reading.log)
    canonical = dict(reading.rules.to_document(reading.log))
    replayed = report.as_dict()
    return canonical, replayed, _status(replayed)


def _status(report: dict[str, Any]) -> str:
    severities = {f["severity"] for f in report["findings"]}
    return "errors" if "error" in severities else "warnings" if "warning" in severities else "clean"


def preview(*, game: Game, document: dict[str, Any] | bytes) -> Preview:
    """What saving ``document`` as the game's next revision would do, against its current one."""
    assert game.current_report is not None
    assert game.current_revision is not None
    try:
        canonical, report, status = replay_document(document)
    except MalformedDocument as unreadable:
        return Preview(document=document if isinstance(document, dict) else None, error=unreadable)
    if canonical.get("game") != game.game_type:
        other = MalformedDocument(
            "game", "LOG_OTHER_GAME", game=game.game_type, other_game=str(canonical.get("game"))
        )
        return Preview(document=canonical, error=other)
    # Both sides replayed by today's engine, so the comparison shows what the change does and
    # nothing of an engine upgrade since the current report was stored.
    current = replay_document(bytes(game.current_revision.content))[:2]
    return Preview(
        document=canonical,
        report=report,
        comparison=compare(current, (canonical, report)),
        status=status,
    )


def revisions_compared(game: Game, first: GameRevision, second: GameRevision) -> Comparison:
    """Two stored revisions side by side, both replayed by today's engine: what the logs differ
    in, and what that difference does to the scores."""
    return compare(replay_document(bytes(first.content))[:2], replay_document(bytes(second.content))[:2])
