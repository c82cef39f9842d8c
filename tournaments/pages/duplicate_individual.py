"""The pages of an individual duplicate event (issue 22): the ranking with percentages and every
board's traveller; each player's score card (partner, opponents, what each board earned); the
movement — the table guide cards and each player's card of where to sit.

Read from the scoring itself (tournaments.individual.score), so the pages and the standings say
the same; readable as the tournament is (published, or a member of its club); 404 for a
tournament that is not an individual.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path

from rules.duplicate.individual import IndividualMovement
from rules.duplicate.movements import boards_of_set
from tournaments import individual
from tournaments.models import DuplicateEvent, Tournament
from tournaments.pages.duplicate_cards import _boards_label
from tournaments.pages.standings import readable_tournament

#: The seats of the table, in the order the movement gives them.
SEATS = ("N", "E", "S", "W")


def _event(request: HttpRequest, pk: int) -> tuple[Tournament, DuplicateEvent]:
    tournament = readable_tournament(request, pk)
    if not individual.is_individual(tournament):
        raise Http404("This tournament is not an individual.")
    return tournament, tournament.duplicate


def _ranking(results: individual.IndividualResults) -> list[dict[str, Any]]:
    lines = []
    for number in results.ranking:
        mine = results.scores.get(number)
        lines.append(
            {
                "number": number,
                "name": results.players[number].player.display_name,
                "place": mine.place if mine else "—",
                "score": float(mine.score) if mine else None,
                "total": float(mine.total) if mine else None,
                "boards": len(mine.by_board) if mine else 0,
            }
        )
    return lines


def _names(results: individual.IndividualResults, numbers: tuple[int, ...]) -> str:
    return " – ".join(results.players[n].player.display_name for n in numbers if n in results.players)


def _travellers(results: individual.IndividualResults) -> list[dict[str, Any]]:
    out = []
    for traveller in results.travellers:
        rows = []
        for row, ns, ew in sorted(traveller.rows, key=lambda r: results.sides[r[0].ns].table):
            ns_side, ew_side = results.sides[row.ns], results.sides[row.ew]
            rows.append(
                {
                    "table": ns_side.table,
                    "ns_players": ns_side.players,
                    "ew_players": ew_side.players,
                    "ns_names": _names(results, ns_side.players),
                    "ew_names": _names(results, ew_side.players),
                    "line": results.lines.get(traveller.board, {}).get(row.ns, {}),
                    "ns": float(ns),
                    "ew": float(ew),
                }
            )
        out.append(
            {
                "board": traveller.board,
                "rows": rows,
                "mark": traveller.mark,
                "played": len(rows),
                "expected": results.expected.get(traveller.board, len(rows)),
            }
        )
    return out


def duplicate_individual(request: HttpRequest, pk: int) -> HttpResponse:
    """The individual's ranking and its travellers."""
    tournament, event = _event(request, pk)
    results = individual.score(tournament)
    return render(
        request,
        "tournaments/duplicate/individual.html",
        {
            "tournament": tournament,
            "event": event,
            "ranking": _ranking(results),
            "travellers": _travellers(results),
        },
    )


def _guide(
    movement: IndividualMovement, number: int, names: dict[int, str], per_round: int
) -> list[dict[str, Any]]:
    """A player's card of the evening: in each round the table, the seat, the partner, the
    opponents and the boards, or the round sat out."""
    lines: list[dict[str, Any]] = [{"round": r, "sits_out": True} for r in movement.sits_out(number)]
    for foursome in movement.of_player(number):
        at = foursome.players()
        seat = at.index(number)
        partner = at[(seat + 2) % 4]
        opponents = (at[(seat + 1) % 4], at[(seat + 3) % 4])
        lines.append(
            {
                "round": foursome.round,
                "table": foursome.table,
                "seat": SEATS[seat],
                "partner": partner,
                "partner_name": names.get(partner, ""),
                "opponents": opponents,
                "opponent_names": " – ".join(names.get(n, "") for n in opponents),
                "boards": _boards_label(boards_of_set(foursome.boards, per_round)),
            }
        )
    return sorted(lines, key=lambda line: line["round"])


def duplicate_individual_player(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A player's personal score card and their card of where to sit."""
    tournament, event = _event(request, pk)
    results = individual.score(tournament)
    if number not in results.players:
        raise Http404("This individual has no such player.")
    names = {n: p.player.display_name for n, p in results.players.items()}
    mine = results.scores.get(number)
    card = []
    for line in results.card(number):
        top = line["top"]
        card.append(
            {
                **line,
                "partner_name": names.get(line["partner"], ""),
                "opponent_names": " – ".join(names.get(n, "") for n in line["opponents"]),
                "earned": float(line["earned"]),
                "percent": float(100 * line["earned"] / top) if top else None,
            }
        )
    return render(
        request,
        "tournaments/duplicate/individual_player.html",
        {
            "tournament": tournament,
            "event": event,
            "number": number,
            "name": names[number],
            "place": mine.place if mine else "—",
            "score": float(mine.score) if mine else None,
            "total": float(mine.total) if mine else None,
            "tops": mine.tops if mine else 0,
            "card": card,
            "guide": _guide(individual.movement_of(event), number, names, event.boards_per_round),
        },
    )


def duplicate_individual_movement(request: HttpRequest, pk: int) -> HttpResponse:
    """The movement to print: each table's guide card (the four players of each round and the
    boards) and every player's card of where to sit."""
    tournament, event = _event(request, pk)
    movement = individual.movement_of(event)
    players = {p.number: p.player.display_name for p in tournament.duplicate_players.select_related("player")}
    tables = []
    for number in range(1, movement.tables + 1):
        lines = []
        for r in range(1, movement.rounds + 1):
            foursome = next(f for f in movement.round(r) if f.table == number)
            lines.append(
                {
                    "round": r,
                    "players": foursome.players(),
                    "boards": _boards_label(boards_of_set(foursome.boards, event.boards_per_round)),
                }
            )
        tables.append({"table": number, "lines": lines})
    cards = [
        {
            "number": n,
            "name": players[n],
            "heading": f"player-{n}-heading",
            "lines": _guide(movement, n, players, event.boards_per_round),
        }
        for n in sorted(players)
    ]
    return render(
        request,
        "tournaments/duplicate/individual_movement.html",
        {
            "tournament": tournament,
            "event": event,
            "tables": tables,
            "cards": cards,
            "shared": movement.tables > 1,
        },
    )


urlpatterns: list[URLPattern] = [
    path(
        "tournaments/<int:pk>/duplicate/individual/",
        duplicate_individual,
        name="tournament-duplicate-individual",
    ),
    path(
        "tournaments/<int:pk>/duplicate/individual/players/<int:number>/",
        duplicate_individual_player,
        name="tournament-duplicate-individual-player",
    ),
    path(
        "tournaments/<int:pk>/duplicate/individual/movement/",
        duplicate_individual_movement,
        name="tournament-duplicate-individual-movement",
    ),
]
