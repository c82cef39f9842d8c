"""Luck and skill in preferans: each played game's double-dummy outcome against the play.

Once the talon is taken and the discard made, the log knows every card in play, so each
game has an answer to "what were these cards worth?": the declarer's tricks with all three
hands open and best play by everyone (:mod:`rules.preferans.double_dummy`). Against it:

- ``made_dd``: whether the game makes double dummy (a game of ``level`` needs that many
  tricks; misère none) — the bid's soundness, and for the defenders whether passing a game
  they could have set was right;
- ``play``: the tricks taken against the double-dummy count, from the row's own side: the
  declarer's ``taken − dd_tricks`` in a game (positive: he took more than the cards were
  worth, a defender's error or his own skill), ``dd_tricks − taken`` in misère (fewer is
  better there); the defenders' the negative of the declarer's.

Rows are per deal per seat (so a player's rows are his seat's), every seat of the log:

- ``role``: ``declarer``; a defender ``whister``, ``passer`` or ``half-whister`` (his word
  after the contract), ``catcher`` in misère (nobody whists a misère, both catch);
  ``out`` for the dealer who sits out at a table of four; ``passout`` on a pass-out;
- ``dd_tricks`` and ``taken`` are the declarer's on every row of the deal, ``play`` the
  row's side's;
- ``reason`` is None when every figure is there, else why some are missing:
  ``passout`` (распасы: no declarer, every player for himself — no contract to measure),
  ``hands_unknown`` (neither the hands with talon and discard nor a complete play show
  every card), ``not_played`` (both defenders passed, or a half-whist stood: the game is
  written as made without play — ``dd_tricks`` and ``made_dd`` are given, there is nothing
  to compare them with), ``tricks_unknown`` (no play and no tricks written).

The playing hands come from the log's ``hands``, ``talon`` and ``discard`` (the declarer's
is his ten with the talon less the discard); failing those, from a play of all ten tricks,
which shows every card of every hand. The first lead is the ruleset's (first hand by
default). Plain Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rules.cards import BIT, SUIT_OF
from rules.preferans.core import HAND_SIZE, read_contract
from rules.preferans.document import PreferansDeal, PreferansLog
from rules.preferans.double_dummy import declarer_tricks
from rules.preferans.play import PlayOptions, active_seats, first_leader, trick_winner_position, trump_suit
from rules.preferans.replay import replay_options
from rules.preferans.ruleset import resolve_ruleset

__all__ = [
    "ANALYSIS_VERSION",
    "COLUMNS",
    "analyse_deals",
    "analyse_game",
    "available",
    "player_summary",
    "playing_hands",
]

#: Bumped whenever a change here could change a row.
ANALYSIS_VERSION = "1"

#: (row key, short English label) in display and CSV order.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("deal", "Deal"),
    ("seat", "Seat"),
    ("role", "Role"),
    ("contract", "Contract"),
    ("dd_tricks", "DD tricks"),
    ("taken", "Taken"),
    ("play", "Play vs DD"),
    ("made_dd", "Makes DD"),
    ("made", "Made"),
    ("reason", "Not measured"),
)

_WORDS = {"whist": "whister", "pass": "passer", "half": "half-whister"}


def available() -> bool:
    """Always: the solver is plain Python."""
    return True


def playing_hands(
    deal: PreferansDeal, declarer: int, order: Sequence[int], leader: int, trump: int | None
) -> list[int] | None:
    """The three hands as the play began, by position in ``order``; None when not every card is known.

    From the log's hands, talon and discard ("взявший прикуп сносит две карты": the
    declarer plays his ten and the talon less the discard); else from a play of ten full
    tricks, following who led and who took each trick (a game's trumps decide it).
    """
    if deal.hands is not None and deal.talon is not None and deal.discard is not None:
        hands = [deal.hands[seat] for seat in order]
        d = order.index(declarer)
        hands[d] = (hands[d] | deal.talon) & ~deal.discard
        if _whole(hands):
            return hands
    play = deal.play
    if play is None or len(play) != HAND_SIZE or any(len(trick) != 3 for trick in play):
        return None
    hands = [0, 0, 0]
    position = order.index(leader)
    for trick in play:
        seats = [(position + i) % 3 for i in range(3)]
        for pos, card in zip(seats, trick, strict=True):
            hands[pos] |= BIT[card]
        position = seats[trick_winner_position(trick, SUIT_OF[trick[0]], trump)]
    return hands if _whole(hands) else None


def _whole(hands: list[int]) -> bool:
    """Three hands of ten cards, no card in two of them."""
    return all(h.bit_count() == HAND_SIZE for h in hands) and not (
        hands[0] & hands[1] or hands[0] & hands[2] or hands[1] & hands[2]
    )


def analyse_game(report: dict[str, Any], log: PreferansLog) -> list[dict[str, Any]]:
    """One row per deal per seat (module docstring); ``report`` is the replay's report dict."""
    return [row for rows in analyse_deals(report, log) for row in rows]


def analyse_deals(report: dict[str, Any], log: PreferansLog) -> Iterator[list[dict[str, Any]]]:
    """:func:`analyse_game` one deal at a time, in the report's order, each solved only when
    asked for, so the caller can stop at a budget between two deals."""
    n = len(log.players)
    options = replay_options(resolve_ruleset(log.ruleset, n)).play
    for deal, dealt in zip(report["deals"], log.deals, strict=True):
        yield _deal_rows(deal, dealt, n, options)


def _deal_rows(
    deal: dict[str, Any], dealt: PreferansDeal, n: int, options: PlayOptions
) -> list[dict[str, Any]]:
    number, dealer, declarer = deal["deal"], deal["dealer"], deal["declarer"]
    order = active_seats(n, dealer)
    base = {"contract": deal["contract"], "dd_tricks": None, "taken": None, "play": None, "made_dd": None}
    if declarer is None:
        return [
            {
                "deal": number,
                "seat": seat,
                "role": "passout" if seat in order else "out",
                **base,
                "made": None,
                "reason": "passout" if seat in order else "out",
            }
            for seat in range(n)
        ]
    contract = read_contract(deal["contract"])
    assert contract is not None
    misere = contract.misere
    words = {w["seat"]: w["decision"] for w in deal["whists"]}
    leader = first_leader(n, dealer, declarer, options)
    trump = None if misere else trump_suit(contract)
    hands = playing_hands(dealt, declarer, order, leader, trump)
    played = deal["played"] or misere
    tricks = deal["tricks"]
    taken = tricks[declarer] if tricks is not None and played else None
    dd: int | None = None
    made_dd: bool | None = None
    if hands is not None:
        dd = declarer_tricks(
            hands,
            order.index(declarer),
            order.index(leader),
            trump,
            misere=misere,
            guess=1 if misere else contract.level,
        )
        made_dd = dd == 0 if misere else dd >= contract.level
    if hands is None:
        reason: str | None = "hands_unknown"
    elif not played:
        reason = "not_played"
    elif taken is None:
        reason = "tricks_unknown"
    else:
        reason = None
    declarer_play = None
    if dd is not None and taken is not None:
        declarer_play = dd - taken if misere else taken - dd
    rows = []
    for seat in range(n):
        if seat not in order:
            rows.append({"deal": number, "seat": seat, "role": "out", **base, "made": None, "reason": "out"})
            continue
        if seat == declarer:
            role, play = "declarer", declarer_play
        else:
            role = "catcher" if misere else _WORDS.get(words.get(seat, "pass"), "passer")
            play = None if declarer_play is None else -declarer_play
        rows.append(
            {
                "deal": number,
                "seat": seat,
                "role": role,
                "contract": deal["contract"],
                "dd_tricks": dd,
                "taken": taken,
                "play": play,
                "made_dd": made_dd,
                "made": deal["made"],
                "reason": reason,
            }
        )
    return rows


def _mean(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 3) if values else None


def player_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A player's rows summed up: how many deals, games declared (and how many of them
    make double dummy — the bidding), the declarer's play against double dummy, and the
    defence (as whister or catcher) against double dummy. Means are None without rows."""
    declared = [r for r in rows if r["role"] == "declarer" and r["made_dd"] is not None]
    declarer_play = [r["play"] for r in rows if r["role"] == "declarer" and r["play"] is not None]
    defence = [r["play"] for r in rows if r["role"] in ("whister", "catcher") and r["play"] is not None]
    return {
        "deals": len(rows),
        "declared": len(declared),
        "declared_makeable": sum(1 for r in declared if r["made_dd"]),
        "declarer_play": _mean(declarer_play),
        "declarer_play_deals": len(declarer_play),
        "defence_play": _mean(defence),
        "defence_play_deals": len(defence),
    }
