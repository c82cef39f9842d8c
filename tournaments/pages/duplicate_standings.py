"""The standings fragment of a duplicate bridge event, as a bridge player reads it.

The generic standings table is an Oh Hell one: points, games and the tie-break columns in
the tournament's order. A duplicate event is ranked by its own scoring (tournaments.duplicate,
.individual, .teams), never by those tie-breaks, so its table shows none of them; a Mitchell
has two fields, each with its own winner, so its lines are grouped by field (North–South
first) instead of interleaving two rankings; a team's four players are one line; and the
columns say what the figure is (per cent, IMPs, victory points) and what was counted (boards,
matches).
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import DuplicateEvent, Standing, Tournament

GAME = "bridge-duplicate"

FIELD_LABELS = {"NS": _("North–South pairs"), "EW": _("East–West pairs")}
POINTS_LABELS: dict[str, Any] = {
    DuplicateEvent.Scoring.MATCHPOINTS: "%",  # a symbol, the same in every language
    DuplicateEvent.Scoring.CROSS_IMPS: _("IMPs"),
    DuplicateEvent.Scoring.BUTLER: _("IMPs"),
}


def is_duplicate(tournament: Tournament) -> bool:
    return tournament.game_type == GAME


def event_of(tournament: Tournament) -> DuplicateEvent | None:
    return DuplicateEvent.objects.filter(tournament=tournament).first()


def results_url(tournament: Tournament) -> str:
    """The event's results page: the matches, the individual's or the pairs' results (the
    tournament's own page before the movement is set up)."""
    event = event_of(tournament)
    if event is None:
        name = "tournament-page"
    elif event.teams_format:
        name = "tournament-duplicate-teams"
    elif event.movement == DuplicateEvent.Movement.INDIVIDUAL:
        name = "tournament-duplicate-individual"
    else:
        name = "tournament-duplicate"
    return reverse(name, args=[tournament.pk])


def scoring_label(tournament: Tournament) -> str:
    """The header's "how it is ranked": the event's scoring (victory points for teams)."""
    event = event_of(tournament)
    if event is None:
        return str(_("Duplicate: the movement is not set up yet"))
    if event.teams_format:
        return f"{event.get_teams_format_display()} · {_('Victory points')}"
    return str(event.get_scoring_display())


def columns(tournament: Tournament) -> dict[str, Any]:
    """The column headings: who is ranked, the figure and what was counted."""
    event = event_of(tournament)
    if event is not None and event.teams_format:
        return {"who_label": _("Team"), "points_label": _("VPs"), "games_label": _("Matches")}
    scoring = event.scoring if event is not None else DuplicateEvent.Scoring.MATCHPOINTS
    individual = event is not None and event.movement == DuplicateEvent.Movement.INDIVIDUAL
    return {
        "who_label": _("Player") if individual else _("Pair"),
        "points_label": POINTS_LABELS.get(scoring, _("Points")),
        "games_label": pgettext_lazy("bridge duplicate", "Boards"),
    }


def lines(rows: list[Standing], limit: int | None) -> tuple[list[dict[str, Any]], bool]:
    """The standing rows as lines: one a pair (both partners' rows), a team (its four players'
    rows) or a player; grouped by field, each field in rank order. ``limit``: the first lines
    of each field. Returns the lines and whether some were left out."""
    # A shared place in the event's own order (pair, team or player number), and a pair's lead
    # row (written first) before its partner's, so the pair reads "first – second".
    rows = sorted(rows, key=_event_order)
    made: list[dict[str, Any]] = []
    shown: set[int] = set()
    teams: dict[Any, dict[str, Any]] = {}
    for row in rows:
        if row.player_id in shown:
            continue
        shown.add(row.player_id)
        team = row.tiebreaks.get("team")
        members = [{"name": row.player.display_name, "id": row.player_id}]
        if row.partner is not None:
            members.append({"name": row.partner.display_name, "id": row.partner.pk})
            shown.add(row.partner.pk)
        if team is not None and team in teams:
            teams[team]["members"] += members
            continue
        line = {
            "place": row.place,
            "rank": row.rank,
            "members": members,
            "points": row.points,
            "games": row.games,
            "provisional": row.provisional,
            "tiebreaks": [],
            "field": row.tiebreaks.get("field") or "",
        }
        if team is not None:
            teams[team] = line
        made.append(line)
    made.sort(key=lambda line: (line["field"] != "NS", line["field"], line["rank"]))
    out: list[dict[str, Any]] = []
    more = False
    for field, group in groupby(made, key=lambda line: line["field"]):
        chunk = list(group)
        if limit is not None and len(chunk) > limit:
            chunk, more = chunk[:limit], True
        if field:
            chunk[0]["field_label"] = FIELD_LABELS.get(field, field)
        out.extend(chunk)
    return out, more


def _event_order(row: Standing) -> tuple[int, int, int, int]:
    marks = row.tiebreaks
    number = marks.get("pair") or marks.get("player_number") or 0
    return (row.rank, marks.get("team") or 0, number, row.pk)
