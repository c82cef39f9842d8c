"""The arbiter's ruling on one deal, as every game's log writes it (docs/arbiter.md).

A ruling is a decision about the score (annul the deal, assign an adjusted
score, waive or confirm a penalty), written into the log beside the deal so
the rules engine scores the deal by it and a re-audit replays it again. The
keys and what is malformed are the same in every game; what a seat is and
what an assigned result (``score``) looks like are the game's own, so each
game's reader passes its seat and score readers in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from rules.errors import MalformedDocument
from rules.strict import check_fields, read_object
from rules.texts import found

FIELD = "arbiter"
KEYS = ("annul", "score", "waive", "confirm", "reason", "dispute")
#: What a penalty of a deal came to: counted by the rules, confirmed by the arbiter, or waived.
PenaltyStatus = Literal["counted", "confirmed", "waived"]

Seat = TypeVar("Seat")
Score = TypeVar("Score")

#: The findings a ruling raises, the same codes in every game (each game's codes table
#: gives them their severities: info, but RULING_NOT_APPLICABLE a warning).
CODES = (
    "ANNULLED_BY_ARBITER",
    "SCORE_ADJUSTED",
    "PENALTY_WAIVED",
    "PENALTY_CONFIRMED",
    "RULING_NOT_APPLICABLE",
)


@dataclass(frozen=True, slots=True)
class Ruling(Generic[Seat, Score]):
    """One deal's ruling: at least one of ``annul``, ``score``, ``waive``, ``confirm``."""

    annul: bool = False
    score: Score | None = None
    waive: tuple[Seat, ...] = ()
    confirm: tuple[Seat, ...] = ()
    reason: str | None = None
    dispute: int | None = None

    def status(self, seat: Seat) -> PenaltyStatus:
        """What a penalty incurred by ``seat`` in this deal comes to under the ruling."""
        if seat in self.waive:
            return "waived"
        if seat in self.confirm:
            return "confirmed"
        return "counted"

    def as_document(
        self, seat: Callable[[Seat], Any], score: Callable[[Score], Any] | None = None
    ) -> dict[str, Any]:
        """The canonical ``arbiter`` object: only the keys given, in the table's order."""
        out: dict[str, Any] = {}
        if self.annul:
            out["annul"] = True
        if self.score is not None:
            out["score"] = score(self.score) if score is not None else self.score
        if self.waive:
            out["waive"] = [seat(s) for s in self.waive]
        if self.confirm:
            out["confirm"] = [seat(s) for s in self.confirm]
        if self.reason is not None:
            out["reason"] = self.reason
        if self.dispute is not None:
            out["dispute"] = self.dispute
        return out


def read_ruling(
    value: Any,
    path: str,
    *,
    read_seat: Callable[[Any, str], Seat],
    read_score: Callable[[Any, str], Score],
) -> Ruling[Seat, Score]:
    """Read a deal's ``arbiter`` object strictly; ``path`` is the field's own (``deals[6].arbiter``)."""
    d = read_object(value, path)
    check_fields(d, path, KEYS)
    if not any(key in d for key in ("annul", "score", "waive", "confirm")):
        raise MalformedDocument(path, "ARBITER_EMPTY")
    annul = False
    if "annul" in d:
        if d["annul"] is not True:
            raise MalformedDocument(f"{path}.annul", "ARBITER_ANNUL", found=found(d["annul"]))
        annul = True
    score = None
    if "score" in d:
        if annul:
            raise MalformedDocument(f"{path}.score", "ARBITER_ANNUL_AND_SCORE")
        score = read_score(d["score"], f"{path}.score")
    waive = _seats(d, "waive", path, read_seat)
    confirm = _seats(d, "confirm", path, read_seat)
    if score is not None and (waive or confirm):
        key = "waive" if waive else "confirm"
        raise MalformedDocument(f"{path}.{key}", "ARBITER_SCORE_AND_PENALTY")
    for i, seat in enumerate(confirm):
        if seat in waive:
            raise MalformedDocument(f"{path}.confirm[{i}]", "ARBITER_WAIVED_AND_CONFIRMED")
    reason = d.get("reason")
    if reason is not None and type(reason) is not str:
        raise MalformedDocument(f"{path}.reason", "ARBITER_REASON", found=found(reason))
    dispute = d.get("dispute")
    if dispute is not None and (type(dispute) is not int or dispute < 1):
        raise MalformedDocument(f"{path}.dispute", "ARBITER_DISPUTE", found=found(dispute))
    return Ruling(annul=annul, score=score, waive=waive, confirm=confirm, reason=reason, dispute=dispute)


def _seats(d: dict[str, Any], key: str, path: str, read_seat: Callable[[Any, str], Seat]) -> tuple[Seat, ...]:
    if key not in d:
        return ()
    value = d[key]
    where = f"{path}.{key}"
    if type(value) is not list or not value:
        raise MalformedDocument(where, "ARBITER_SEATS", found=found(value))
    seats: list[Seat] = []
    for i, item in enumerate(value):
        seat = read_seat(item, f"{where}[{i}]")
        if seat in seats:
            raise MalformedDocument(f"{where}[{i}]", "ARBITER_SEAT_TWICE")
        seats.append(seat)
    return tuple(seats)


def penalty(seat: Any, kind: str, points: int, status: PenaltyStatus) -> dict[str, Any]:
    """One entry of a report deal's ``penalties``."""
    return {"seat": seat, "kind": kind, "points": points, "status": status}
