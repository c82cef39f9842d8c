"""A duplicate event's cards (issue 22): each pair's personal score card, and the movement
sheets to print before the evening — a guide card per table, a round-by-round card per pair,
and where tables share boards.

The score card is read from the scoring itself (tournaments.duplicate.score), as the results
page is, so both say the same; its boards are listed in the order the pair played them, from
the pair's line of the movement. The movement sheets are the movement as set up
(rules.duplicate.movements: ``table_card``, ``pair_card``, ``sharing``). Readable as the
tournament is (published, or a member of its club); 404 for a tournament that is not a
duplicate event, and for a pair it does not have.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path

from rules.duplicate.movements import Movement, boards_of_set, pair_card, sharing, table_card
from rules.duplicate.session import ScoreCardLine
from tournaments import duplicate
from tournaments.models import DuplicateEvent, DuplicatePair, Tournament
from tournaments.pages.standings import readable_tournament


def _event(request: HttpRequest, pk: int) -> tuple[Tournament, DuplicateEvent]:
    tournament = readable_tournament(request, pk)
    event = DuplicateEvent.objects.filter(tournament=tournament).first()
    # A teams event: tournaments.pages.duplicate_teams; an individual: duplicate_individual.
    if event is None or event.teams_format or event.movement == DuplicateEvent.Movement.INDIVIDUAL:
        raise Http404("This tournament is not a duplicate pairs event.")
    return tournament, event


def _boards_label(boards: range | list[int]) -> str:
    """Board numbers as a guide card writes them: «4–6», or «4» for a set of one board."""
    numbers = list(boards)
    if not numbers:
        return ""
    if len(numbers) == 1:
        return str(numbers[0])
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)


def _names(pairs: dict[int, DuplicatePair], number: int | None) -> str:
    pair = pairs.get(number) if number is not None else None
    return f"{pair.first.display_name} – {pair.second.display_name}" if pair else ""


def skip_rounds(movement: Movement) -> list[int]:
    """The rounds before which the East–West pairs of a Mitchell move up two tables instead of
    one (the skip Mitchell of an even number of tables), read from the movement itself: the
    rounds in which every moving pair is two tables on from where it sat the round before."""
    if not movement.kind.startswith("mitchell") or movement.tables < 3:
        return []
    moving = set(range(movement.tables + 1, 2 * movement.tables + 1))
    where: dict[int, dict[int, int]] = defaultdict(dict)
    for s in movement.sittings:
        for pair in (s.ns, s.ew):
            if pair in moving:
                where[s.round][pair] = s.table
    out = []
    for number in range(2, movement.rounds + 1):
        steps = {
            (where[number][p] - where[number - 1][p]) % movement.tables
            for p in where[number]
            if p in where[number - 1]
        }
        if steps == {2}:
            out.append(number)
    return out


# --- the personal score card --------------------------------------------------------------


def _percent(earned: Fraction, top: int) -> float | None:
    return float(earned * 100 / top) if top else None


def score_card_context(results: duplicate.EventResults, movement: Movement, number: int) -> dict[str, Any]:
    """The pair's card: per round of its movement line, each board with what the traveller says
    of it and what the pair earned, and the round's subtotal; boards without a result yet, a
    round sat out and the rounds after a withdrawal are said as such."""
    event = results.event
    pair = results.pairs[number]
    matchpoints = event.scoring == DuplicateEvent.Scoring.MATCHPOINTS
    lines = {line.board: line for line in results.card(number)}
    rounds = []
    seen: set[int] = set()
    plan = pair_card(movement, number) if number in movement.pairs else []
    for card in plan:
        boards = list(boards_of_set(card.boards, event.boards_per_round))
        withdrawn = pair.withdrawn_after is not None and card.round > pair.withdrawn_after
        rows = []
        earned, tops = Fraction(0), 0
        for board in boards:
            line = lines.get(board)
            if line is None:
                rows.append({"round": card.round, "board": board, "missing": True})
                continue
            seen.add(board)
            row = _score_row(results, number, line, card.round, matchpoints)
            rows.append(row)
            earned += line.earned
            if matchpoints and line.mark:
                tops += line.mark
        played = [r for r in rows if not r.get("missing")]
        gone = withdrawn and not played
        rival = results.pairs.get(card.opponents) if card.opponents is not None else None
        deserted = (
            not played
            and rival is not None
            and rival.withdrawn_after is not None
            and card.round > rival.withdrawn_after
        )
        rounds.append(
            {
                "round": card.round,
                "table": card.table,
                "direction": card.direction,
                "opponents": card.opponents,
                "opponent_names": _names(results.pairs, card.opponents),
                "boards": _boards_label(boards),
                "sits_out": card.opponents is None,
                "withdrawn": gone,
                "opponents_withdrawn": deserted and not gone,
                "rows": [] if card.opponents is None or gone or deserted else rows,
                "played": len(played),
                "earned": float(earned),
                "tops": tops,
                "percent": _percent(earned, tops) if matchpoints else None,
            }
        )
    # A board the pair has a result on that its line of the movement does not give it (it sat
    # at another table than the movement's): listed after the rounds, never left out.
    others = [
        _score_row(results, number, line, None, matchpoints)
        for board, line in sorted(lines.items())
        if board not in seen
    ]
    if others:
        rounds.append({"round": None, "rows": others, "sits_out": False, "withdrawn": False})
    scored = results.scores.get(number)
    return {
        "pair": number,
        "names": (pair.first.display_name, pair.second.display_name),
        "field": results.field_of.get(number, ""),
        "place": scored.place if scored else None,
        "score": float(scored.score) if scored else None,
        "total": float(scored.total) if scored else None,
        "tops": scored.tops if scored else 0,
        "withdrawn": pair.withdrawn_after,
        "rounds": rounds,
        "matchpoints": matchpoints,
    }


def _score_row(
    results: duplicate.EventResults,
    pair: int,
    line: ScoreCardLine,
    round_number: int | None,
    matchpoints: bool,
) -> dict[str, Any]:
    """One board of the card: the table's report row of it (contract, declarer, lead, tricks,
    North–South's score) beside what the pair scored from its side and what it earned."""
    across = (pair, line.opponents) if line.direction == "NS" else (line.opponents, pair)
    return {
        "round": round_number,
        "board": line.board,
        "direction": line.direction,
        "opponents": line.opponents,
        "opponent_names": _names(results.pairs, line.opponents),
        "line": results.lines.get(line.board, {}).get(across, {}),
        "score": line.score,
        "earned": float(line.earned),
        "top": line.mark if matchpoints else None,
        "percent": _percent(line.earned, line.mark) if matchpoints and line.mark else None,
    }


def duplicate_pair_card(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A pair's personal score card."""
    tournament, event = _event(request, pk)
    results = duplicate.score(tournament)
    if number not in results.pairs:
        raise Http404("This event has no such pair.")
    if duplicate.is_imported(event):
        # Played elsewhere: no movement of ours gives the rounds, so every board the pair has
        # a result on is listed as the file gave it.
        movement = Movement("imported", event.tables, event.rounds, 0, tuple(sorted(results.pairs)), ())
    else:
        movement = duplicate.movement_of(event, phantom=duplicate.phantom_of(len(results.pairs)))
    return render(
        request,
        "tournaments/duplicate/score_card.html",
        {"tournament": tournament, "event": event, "card": score_card_context(results, movement, number)},
    )


# --- the movement sheets ------------------------------------------------------------------


def movement_context(event: DuplicateEvent, pairs: dict[int, DuplicatePair]) -> dict[str, Any]:
    """Every table's guide card, every pair's round-by-round card, and the notes a director
    reads out: the skip round, the boards on a bye stand, the tables that share boards."""
    movement = duplicate.movement_of(event, phantom=duplicate.phantom_of(len(pairs)))
    per_round = event.boards_per_round
    skips = skip_rounds(movement)
    # A relay-and-bye Mitchell rests one set a round on the bye stand between the middle two
    # tables (rules.duplicate.movements._relay_station): the set no table plays that round.
    byes: dict[int, list[str]] = {}
    if movement.kind == "mitchell-relay":
        played_sets: dict[int, set[int]] = defaultdict(set)
        for s in movement.sittings:
            played_sets[s.round].add(s.boards)
        for r in range(1, movement.rounds + 1):
            byes[r] = [
                _boards_label(boards_of_set(k, per_round))
                for k in range(1, movement.sets + 1)
                if k not in played_sets[r]
            ]
    shared: dict[tuple[int, ...], list[tuple[int, str]]] = defaultdict(list)
    for round_number, set_number, tables in sharing(movement):
        shared[tuple(tables)].append((round_number, _boards_label(boards_of_set(set_number, per_round))))
    sharing_notes: list[dict[str, Any]] = [
        {
            "tables": list(tables),
            "every_round": len(rounds) == movement.rounds,
            "rounds": [{"round": r, "boards": b} for r, b in rounds],
        }
        for tables, rounds in sorted(shared.items())
    ]
    relay_of: dict[int, list[int]] = defaultdict(list)
    for group in shared:
        for table in group:
            relay_of[table] = sorted(set(relay_of[table]) | {t for t in group if t != table})
    guide_cards = []
    for number in range(1, movement.tables + 1):
        lines = []
        for s in table_card(movement, number):
            lines.append(
                {
                    "round": s.round,
                    "ns": s.ns,
                    "ew": s.ew,
                    "ns_names": _names(pairs, s.ns),
                    "ew_names": _names(pairs, s.ew),
                    "boards": _boards_label(boards_of_set(s.boards, per_round)),
                    "bye": s.ns is None or s.ew is None,
                    "switched": s.round in movement.switched,
                    "skip": s.round in skips,
                }
            )
        guide_cards.append({"table": number, "lines": lines, "shares_with": relay_of.get(number, [])})
    pair_cards = []
    for number in movement.pairs:
        pair = pairs.get(number)
        pair_cards.append(
            {
                "pair": number,
                "names": _names(pairs, number),
                "withdrawn": pair.withdrawn_after if pair else None,
                "lines": [
                    {
                        "round": line.round,
                        "table": line.table,
                        "direction": line.direction,
                        "opponents": line.opponents,
                        "opponent_names": _names(pairs, line.opponents),
                        "boards": _boards_label(boards_of_set(line.boards, per_round)),
                    }
                    for line in pair_card(movement, number)
                ],
            }
        )
    return {
        "movement": movement,
        "tables": guide_cards,
        "pair_cards": pair_cards,
        "skips": skips,
        "byes": [{"round": r, "boards": b} for r, b in byes.items() if b],
        "bye_between": (movement.tables // 2, movement.tables // 2 + 1),
        "sharing": sharing_notes,
        "switched": sorted(movement.switched),
    }


def duplicate_movement(request: HttpRequest, pk: int) -> HttpResponse:
    """The movement sheets of the event, to print: guide cards per table and per pair. An
    evening imported from its results file has none of ours: 404."""
    tournament, event = _event(request, pk)
    if duplicate.is_imported(event):
        raise Http404("An imported evening has no movement of ours.")
    pairs = {
        p.number: p
        for p in DuplicatePair.objects.filter(tournament=tournament).select_related("first", "second")
    }
    return render(
        request,
        "tournaments/duplicate/movement.html",
        {"tournament": tournament, "event": event, **movement_context(event, pairs)},
    )


urlpatterns: list[URLPattern] = [
    path(
        "tournaments/<int:pk>/duplicate/pairs/<int:number>/",
        duplicate_pair_card,
        name="tournament-duplicate-pair",
    ),
    path(
        "tournaments/<int:pk>/duplicate/movement/", duplicate_movement, name="tournament-duplicate-movement"
    ),
]
