"""The evidence an arbiter weighs on a dispute, read from what the service keeps.

For the deal in question: its findings, each with the rule it is about (games.finding_rules),
and the score of every seat as recorded on the sheet beside the score the replay recomputes.
For the game: its revisions — who recorded each, when, from where (the upload page, the API, a
bulk import, the paper-sheet form, the live scorekeeper, a correction, an arbiter's ruling) and
from which address — any two of them compared deal by deal (games.corrections.compare), and
the kept bytes of each. For a game kept live by the scorekeeper, the entries of the deal as
they were made, undos included: the scorekeeper app provides them through :data:`TIMELINES`
(it sits above games, which never imports it).

Plain data for the template; every word the reader sees is chosen here or in the template, in
the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games import corrections, finding_rules
from games.deal_display import number_text
from games.finding_text import sentence
from games.models import AuditEntry, AuditReport, Game, GameRevision, RevisionSource, Upload
from games.templatetags.cards import entry_kind
from games.templatetags.findings import finding_title


@dataclass(frozen=True)
class TimelineEntry:
    """One entry of a live scorekeeper's deal: who entered what, when; ``undone`` if an undo took it back."""

    at: Any
    who: str
    what: str
    undone: bool = False
    undo: bool = False


#: Providers of a deal's entry timeline: (game, deal number) → entries, or None when the game
#: was not kept live. The scorekeeper app registers its own at start-up (scorekeeper/apps.py).
TIMELINES: list[Callable[[Game, int], list[TimelineEntry] | None]] = []


def timeline_of(game: Game, deal: int) -> list[TimelineEntry] | None:
    for provider in TIMELINES:
        entries = provider(game, deal)
        if entries is not None:
            return entries
    return None


# --- findings ---------------------------------------------------------------------------------


def deal_findings(game_type: str, report: dict[str, Any], deal: int | None) -> list[dict[str, Any]]:
    """The findings of one deal (and the game's own, with no deal, when ``deal`` is None), each
    with its title and the rule it is about."""
    out = []
    for f in report.get("findings") or []:
        if deal is not None and f.get("deal") != deal:
            continue
        rule = finding_rules.rule_for(game_type, f["code"])
        text = sentence(game_type, f, report.get("players") or [])
        out.append({**f, "title": finding_title(f["code"]), "rule": rule, "text": text})
    return out


# --- the score as recorded and as recomputed ----------------------------------------------------


@dataclass
class ScoreLine:
    """One seat (or side) of a deal: what the sheet says and what the rules give."""

    who: str
    recorded: str | None
    recomputed: str
    note: str = ""

    @property
    def differs(self) -> bool:
        return self.recorded is not None and self.recorded != self.recomputed


@dataclass
class ScoreEvidence:
    lines: list[ScoreLine] = field(default_factory=list)
    totals: list[ScoreLine] = field(default_factory=list)
    recorded_given: bool = False


def _penalty_note(deal: dict[str, Any], seat: Any) -> str:
    for p in deal.get("penalties") or []:
        if p["seat"] == seat:
            words = {
                "counted": _("penalty %(points)s counted"),
                "confirmed": _("penalty %(points)s confirmed by the arbiter"),
                "waived": _("penalty %(points)s waived by the arbiter"),
            }
            return words[p["status"]] % {"points": number_text(p["points"])}
    return ""


def ohhell_scores(document: dict[str, Any], report: dict[str, Any], number: int) -> ScoreEvidence:
    players = report["players"]
    deal = report["deals"][number - 1]
    written = (document["deals"][number - 1] or {}).get("scores")
    out = ScoreEvidence(recorded_given=written is not None)
    for seat, name in enumerate(players):
        out.lines.append(
            ScoreLine(
                who=name,
                recorded=None if written is None else number_text(written[seat]),
                recomputed=number_text(deal["scores"][seat]),
                note=_penalty_note(deal, seat),
            )
        )
    totals = document.get("totals")
    for seat, name in enumerate(players):
        out.totals.append(
            ScoreLine(
                who=name,
                recorded=None if totals is None else number_text(totals[seat]),
                recomputed=number_text(report["totals"][seat]),
            )
        )
    return out


def bridge_scores(document: dict[str, Any], report: dict[str, Any], number: int) -> ScoreEvidence:
    n, e, s, w = report["players"]
    sides = {"we": f"{_('We')} ({n}, {s})", "they": f"{_('They')} ({e}, {w})"}
    deal = report["deals"][number - 1]
    written = (document["deals"][number - 1] or {}).get("scores")
    out = ScoreEvidence(recorded_given=written is not None)
    for side, label in sides.items():
        for line in ("above", "below"):
            mine = [x["points"] for x in deal["scores"] if x["side"] == side and x["line"] == line]
            place = _("above the line") if line == "above" else _("below the line")
            recorded = None
            if written is not None:
                recorded = " + ".join(str(p) for p in (written.get(side) or {}).get(line, [])) or "—"
            out.lines.append(
                ScoreLine(
                    who=f"{label}, {place}",
                    recorded=recorded,
                    recomputed=" + ".join(str(p) for p in mine) or "—",
                )
            )
    for i, side in enumerate(("we", "they")):
        out.totals.append(
            ScoreLine(who=sides[side], recorded=None, recomputed=number_text(report["totals"][i]))
        )
    return out


def duplicate_scores(document: dict[str, Any], report: dict[str, Any], number: int) -> ScoreEvidence:
    """A board's North–South score as the traveller wrote it beside the Laws' (the log's
    ``boards``; a board adjusted by the director has its percentages instead)."""
    n, e, s, w = report["players"]
    board = report["deals"][number - 1]
    written = (document["boards"][number - 1] or {}).get("score")
    out = ScoreEvidence(recorded_given=written is not None)
    adjusted = board.get("adjusted")
    recomputed = (
        _("adjusted: %(ns)s%% and %(ew)s%%") % adjusted if adjusted else number_text(board.get("ns_score"))
    )
    out.lines.append(
        ScoreLine(
            who=f"{_('North–South')} ({n}, {s})",
            recorded=None if written is None else number_text(written),
            recomputed=recomputed,
        )
    )
    sides = (f"{_('North–South')} ({n}, {s})", f"{_('East–West')} ({e}, {w})")
    for i, label in enumerate(sides):
        out.totals.append(ScoreLine(who=label, recorded=None, recomputed=number_text(report["totals"][i])))
    return out


def _entries_text(entries: list[dict[str, Any]], seat: int, players: list[str]) -> str:
    parts = []
    for entry in entries:
        if entry["seat"] != seat:
            continue
        if entry["kind"] == "whist":
            parts.append(
                _("%(n)s whists on %(player)s") % {"n": entry["points"], "player": players[entry["on"]]}
            )
        else:
            parts.append(f"{entry_kind(entry['kind'])} {entry['points']}")
    return ", ".join(parts) or "—"


def preferans_scores(document: dict[str, Any], report: dict[str, Any], number: int) -> ScoreEvidence:
    players = report["players"]
    deal = report["deals"][number - 1]
    written = (document["deals"][number - 1] or {}).get("entries")
    out = ScoreEvidence(recorded_given=written is not None)
    for seat, name in enumerate(players):
        out.lines.append(
            ScoreLine(
                who=name,
                recorded=None if written is None else _entries_text(written, seat, players),
                recomputed=_entries_text(deal["entries"], seat, players),
            )
        )
    balances = report.get("settlement", {}).get("whole_balances") or []
    for seat, name in enumerate(players):
        if seat < len(balances):
            out.totals.append(ScoreLine(who=name, recorded=None, recomputed=number_text(balances[seat])))
    return out


def durak_scores(document: dict[str, Any], report: dict[str, Any], number: int) -> ScoreEvidence:
    players = report["players"]
    deal = report["deals"][number - 1]
    recorded = deal.get("recorded") or {}

    def result(fool: int | None, draw: bool) -> str:
        if draw:
            return pgettext("durak", "draw")
        return _("%(player)s is the fool") % {"player": players[fool]} if fool is not None else "—"

    given = recorded.get("fool") is not None or bool(recorded.get("draw"))
    out = ScoreEvidence(recorded_given=given)
    out.lines.append(
        ScoreLine(
            who=pgettext("durak", "the game's result"),
            recorded=result(recorded.get("fool"), bool(recorded.get("draw"))) if given else None,
            recomputed=result(deal.get("fool"), bool(deal.get("draw"))),
        )
    )
    for seat, name in enumerate(players):
        out.totals.append(ScoreLine(who=name, recorded=None, recomputed=number_text(report["totals"][seat])))
    return out


#: Each game's recorded-against-recomputed lines for one deal.
SCORES: dict[str, Callable[[dict[str, Any], dict[str, Any], int], ScoreEvidence]] = {
    "oh-hell": ohhell_scores,
    "bridge-rubber": bridge_scores,
    "bridge-duplicate": duplicate_scores,
    "preferans": preferans_scores,
    "durak": durak_scores,
}


def deal_scores(
    game_type: str, document: dict[str, Any], report: dict[str, Any], number: int
) -> ScoreEvidence:
    shape = SCORES.get(game_type)
    if shape is None or not 1 <= number <= len(report.get("deals") or []):
        return ScoreEvidence()
    return shape(document, report, number)


# --- revisions --------------------------------------------------------------------------------


@dataclass
class RevisionRow:
    revision: GameRevision
    source: str
    source_label: str
    upload: Upload | None
    ip: str | None
    status: str | None
    findings: int | None
    current: bool


def _source_of(revision: GameRevision, upload: Upload | None) -> str:
    """Where a revision came from: its own record, or, for one recorded before that was kept,
    its upload's channel (a correction before then was a corrected log)."""
    if revision.source:
        return revision.source
    if upload is not None:
        return upload.source
    return RevisionSource.LOG if revision.number > 1 else ""


SOURCE_LABELS = dict(RevisionSource.choices)


def revision_rows(game: Game) -> list[RevisionRow]:
    """Every revision of the game, oldest first, with where it came from (three queries)."""
    revisions = list(
        GameRevision.objects.filter(game=game)
        .defer("content")
        .select_related("uploaded_by")
        .prefetch_related(
            Prefetch("reports", queryset=AuditReport.objects.order_by("created_at", "id").defer("report"))
        )
        .order_by("number")
    )
    uploads = {
        u.revision_id: u
        for u in Upload.objects.filter(game=game, outcome=Upload.Outcome.ACCEPTED)
        .defer("content")
        .order_by("pk")
    }
    addresses = dict(
        AuditEntry.objects.filter(
            game=game, action__in=(AuditEntry.Action.GAME_RECORDED, AuditEntry.Action.GAME_CORRECTED)
        ).values_list("revision_id", "ip")
    )
    rows = []
    for revision in revisions:
        upload = uploads.get(revision.pk)
        source = _source_of(revision, upload)
        reports = list(revision.reports.all())
        report = reports[-1] if reports else None
        rows.append(
            RevisionRow(
                revision=revision,
                source=source,
                source_label=str(SOURCE_LABELS.get(source, _("unknown"))),
                upload=upload,
                ip=addresses.get(revision.pk),
                status=report.status if report else None,
                findings=(report.errors + report.warnings) if report else None,
                current=revision.pk == game.current_revision_id,
            )
        )
    return rows


def default_pair(rows: list[RevisionRow], disputed: GameRevision | None) -> tuple[int, int] | None:
    """The two revisions to compare first: the disputed one against the current one when they
    differ, else the one before the current against it; None for a game of one revision."""
    if len(rows) < 2:
        return None
    current = next((r.revision.number for r in rows if r.current), rows[-1].revision.number)
    if disputed is not None and disputed.number != current:
        return disputed.number, current
    earlier = [r.revision.number for r in rows if r.revision.number < current]
    return (earlier[-1], current) if earlier else None


def compare_revisions(game: Game, first: int, second: int) -> corrections.Comparison | None:
    """Revisions ``first`` and ``second`` of the game side by side; None when either is missing."""
    found = {r.number: r for r in GameRevision.objects.filter(game=game, number__in=(first, second))}
    if first not in found or second not in found:
        return None
    return corrections.revisions_compared(game, found[first], found[second])
