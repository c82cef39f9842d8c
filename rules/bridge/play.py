"""The play: trick by trick from the opening lead, with follow-suit, revokes and Law 64.

The seed: "Первый ход принадлежит игроку, сидящему слева от разыгрывающего";
the rest is the Laws of Contract Bridge: play goes clockwise; a player
follows suit if able, otherwise plays any card (Law 44C, 44E); a trick
holding a trump is won by the highest trump, any other by the highest card
of the suit led (Law 44F, 44G); its winner leads next (Law 44H).

A log records the cards in the order played, so each card's seat follows
from the rules: a play out of turn (``PLAY_OUT_OF_TURN``) cannot be written
in it and is never reported here. Only the opening leader can differ, when a
PBN log says who led (``play_start``): a lead out of turn accepted by the
next card (Law 53A), reported as ``LEAD_OUT_OF_TURN``, with play going on
from that seat.

Hands that were not logged are inferred from the play, as for Oh Hell
(``rules.ohhell.table.infer_hands_from_tricks``): a seat held every card it
played, so a revoke shows as a led suit the seat failed to follow and later
played. A corrected revoke leaves no trace among played cards, so
``REVOKE_CORRECTED`` is never concluded from the play alone.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rules.bridge.codes import Findings
from rules.bridge.core import SUIT_OF_STRAIN, Contract, Seat, Side
from rules.cards import BIT, NAME, SUIT_MASK, SUIT_OF, SUITS, highest

TRICKS = 13


@dataclass(frozen=True, slots=True)
class Revoke:
    """One revoke seen in the play (Law 61A: failing to follow suit when able).

    ``trick`` counts from 1; ``card`` is the card played, ``held`` a card of
    the led suit the offender still held. ``transfer`` is the number of
    tricks Law 64 moves to the other side for it (always 0 without
    ``law64``), ``note`` why it moves none when that is the Law's reason, as the
    form of the ``REVOKE`` finding (rules/bridge/texts.py): ``both_sides``
    (Law 64B7), ``same_suit`` (64B2), ``dummy`` (64B3), ``twelfth`` (64B6),
    ``no_trick_won`` (64B1) or ``all_transferred`` (64A, the pool spent).
    ``waived``: the arbiter waived the offender's penalty (docs/arbiter.md),
    so the ``transfer`` the Law would make is not made.
    """

    trick: int
    seat: Seat
    card: int
    held: int
    established: bool
    transfer: int = 0
    note: str = ""
    waived: bool = False


@dataclass(frozen=True, slots=True)
class PlayResult:
    """The tricks of a deal's play.

    ``declarer_tricks`` and ``defender_tricks`` are after claims and the
    Law 64 adjustment; ``winners`` is the seat that won each complete trick,
    ``won`` the tricks each seat won in play (by Seat); ``adjustment`` the
    tricks added to the declarer's side by Law 64 (negative when the
    declarer's side revoked); ``complete`` is false when the log does not
    account for all thirteen tricks (play stopped without a claim, or a
    trick could not be read), and the counts then cover only what was played.
    """

    declarer_tricks: int
    defender_tricks: int
    winners: tuple[Seat, ...]
    won: tuple[int, int, int, int]
    claimed: int | None
    revokes: tuple[Revoke, ...]
    adjustment: int
    complete: bool

    @property
    def established(self) -> tuple[Revoke, ...]:
        """The revokes established under Law 63."""
        return tuple(r for r in self.revokes if r.established)


def trick_winner(trick: Sequence[int], leader: Seat, trump_suit: int | None) -> Seat:
    """Law 44F/G: "A trick containing a trump is won by the player who has contributed to it
    the highest trump. A trick that does not contain a trump is won by the player who has
    contributed to it the highest card of the suit led." Cards of one suit compare as ints."""
    trump = -1 if trump_suit is None else trump_suit
    led = SUIT_OF[trick[0]]
    best_pos, best_power = 0, -1
    for pos, card in enumerate(trick):
        suit = SUIT_OF[card]
        power = card + 52 if suit == trump else card if suit == led else -1
        if power > best_power:
            best_pos, best_power = pos, power
    return Seat((leader + best_pos) % 4)


def legal_mask(held: int, led_suit: int | None) -> int:
    """The cards of ``held`` that may be played: any to lead; to a trick, the led suit when the
    player holds it, otherwise any card (Law 44C, 44E)."""
    if led_suit is None:
        return held
    follow = held & SUIT_MASK[led_suit]
    return follow or held


def run_play(
    contract: Contract,
    hands: tuple[int, int, int, int] | None,
    tricks: Sequence[Sequence[int]],
    claim: int | None,
    findings: Findings,
    deal_no: int | None = None,
    law64: bool = False,
    *,
    opening_leader: Seat | None = None,
    result: int | None = None,
    waive: Collection[Seat] = (),
) -> PlayResult:
    """Replay the logged tricks of a deal played in ``contract``; findings go to ``findings``.

    ``hands`` are masks by seat (``0`` or ``None`` where not logged);
    ``claim`` the tricks the declarer's side claimed of those not played;
    ``law64`` applies the Law 64 trick transfer (preset ``laws``; the seed
    says nothing of it, so preset ``seed`` only reports revokes);
    ``opening_leader`` the seat the log says led (``play_start``);
    ``result`` the declarer's tricks as written on the sheet, checked
    against the play when the play accounts for every trick, and against
    the tricks left when it stops without a claim; ``waive`` the
    seats whose Law 64 transfer the arbiter waived (docs/arbiter.md): their
    revokes are reported with the tricks the Law would move, and none move.
    """
    f = findings
    trump_suit = SUIT_OF_STRAIN[contract.strain]
    declarer = contract.declarer
    dummy = declarer.partner
    leader = declarer.left
    if opening_leader is not None and opening_leader != leader and tricks:
        f.add("LEAD_OUT_OF_TURN", deal=deal_no, trick=1, seat=opening_leader, leader_seat=int(leader))
        leader = opening_leader

    # Pass 1: who played each card, and who won each complete trick.
    seated: list[tuple[tuple[Seat, int], ...]] = []
    winners: list[Seat] = []
    readable = True
    for t, trick in enumerate(tricks, 1):
        size = len(trick)
        if t > TRICKS:
            f.add("WRONG_CARD_COUNT", deal=deal_no, trick=t, form="tricks", tricks=len(tricks))
            readable = False
            break
        if size != 4 and not (1 <= size < 4 and t == len(tricks) and claim is not None):
            f.add("WRONG_CARD_COUNT", deal=deal_no, trick=t, form="trick_size", cards=size)
            readable = False
            break
        seated.append(tuple((Seat((leader + pos) % 4), card) for pos, card in enumerate(trick)))
        if size == 4:
            leader = trick_winner(trick, leader, trump_suit)
            winners.append(leader)

    # Each seat's cards: as logged, else every card it played (inferred).
    known = [bool(hands and hands[s]) for s in range(4)]
    dealt = [hands[s] if hands and hands[s] else 0 for s in range(4)]
    for trick_seats in seated:
        for seat, card in trick_seats:
            if not known[seat]:
                dealt[seat] |= BIT[card]

    # Pass 2: is each card the player's, and did the player follow suit when able?
    held = list(dealt)
    gone: dict[int, tuple[Seat, int]] = {}  # where each card was played: the seat and the trick
    found: list[tuple[int, Seat, int, int]] = []  # (trick, seat, card, a led-suit card held)
    for t, trick_seats in enumerate(seated, 1):
        led = SUIT_OF[trick_seats[0][1]]
        for pos, (seat, card) in enumerate(trick_seats):
            b = BIT[card]
            if card in gone:
                other, in_trick = gone[card]
                f.add(
                    "DUPLICATE_CARD",
                    deal=deal_no,
                    trick=t,
                    seat=seat,
                    card=NAME[card],
                    other_seat=int(other),
                    in_trick=in_trick,
                )
            elif known[seat] and not dealt[seat] & b:
                f.add("CARD_NOT_IN_HAND", deal=deal_no, trick=t, seat=seat, card=NAME[card])
            gone.setdefault(card, (seat, t))
            if pos and SUIT_OF[card] != led and held[seat] & SUIT_MASK[led]:
                found.append((t, seat, card, highest(held[seat] & SUIT_MASK[led])))
            held[seat] &= ~b

    # Claims: the declarer's side takes the claimed tricks of those not played.
    played = len(winners)
    remaining = TRICKS - played
    claimed = claim
    if claimed is not None and claimed > remaining:
        f.add("CLAIM_MISMATCH", deal=deal_no, claimed=claimed, played=played, remaining=remaining)
        claimed = remaining
    complete = readable and (played == TRICKS or claimed is not None)
    if readable and not complete:
        f.add("WRONG_CARD_COUNT", deal=deal_no, form="unfinished", played=played, remaining=remaining)
    # Tricks each side won from trick t on (t counts from 1), claimed tricks included.
    side_from = [[0, 0] for _ in range(played + 2)]
    if claimed is not None and complete:
        side_from[played + 1][declarer.side] = claimed
        side_from[played + 1][declarer.side.other] = remaining - claimed
    for t in range(played, 0, -1):
        side_from[t][:] = side_from[t + 1]
        side_from[t][winners[t - 1].side] += 1

    revokes = _law64(
        found,
        winners,
        side_from,
        n_logged=len(seated),
        seated=seated,
        claimed=claim is not None,
        dummy=dummy,
        law64=law64,
        waive=waive,
    )
    adjustment = 0
    for r in revokes:
        if not r.waived:
            adjustment += r.transfer if r.seat.side != declarer.side else -r.transfer
        _report_revoke(f, r, deal_no, seated, law64)

    won = [0, 0, 0, 0]
    for w in winners:
        won[w] += 1
    side_won = [won[0] + won[2], won[1] + won[3]]
    declarer_tricks = side_won[declarer.side] + (claimed or 0) + adjustment
    defender_tricks = (
        side_won[declarer.side.other] + (remaining - claimed if claimed is not None else 0) - adjustment
    )
    if complete and result is not None and result != declarer_tricks:
        f.add(
            "RESULT_MISMATCH",
            deal=deal_no,
            seat=declarer,
            form="transferred" if adjustment else None,
            result=result,
            tricks=declarer_tricks,
            transferred=abs(adjustment) if adjustment else None,
        )
    elif readable and not complete and result is not None:
        # The play stops without a claim, so the sheet's result is scored, and it must be one
        # the tricks left can make: no fewer than the declarer's side has won, no more than
        # that and every trick left. A revoke under Law 64 moves up to two tricks either way.
        won_so_far = side_won[declarer.side]
        slack = 2 * len(revokes) if law64 else 0
        if not won_so_far - slack <= result <= won_so_far + remaining + slack:
            f.add(
                "RESULT_MISMATCH",
                deal=deal_no,
                seat=declarer,
                form="unfinished",
                result=result,
                played=played,
                tricks=won_so_far,
                remaining=remaining,
            )
    return PlayResult(
        declarer_tricks=declarer_tricks,
        defender_tricks=defender_tricks,
        winners=tuple(winners),
        won=(won[0], won[1], won[2], won[3]),
        claimed=claimed,
        revokes=revokes,
        adjustment=adjustment,
        complete=complete,
    )


def _law64(
    found: list[tuple[int, Seat, int, int]],
    winners: list[Seat],
    side_from: list[list[int]],
    *,
    n_logged: int,
    seated: list[tuple[tuple[Seat, int], ...]],
    claimed: bool,
    dummy: Seat,
    law64: bool,
    waive: Collection[Seat] = (),
) -> tuple[Revoke, ...]:
    """Law 63 (when a revoke is established) and Law 64 (the trick transfer after play).

    Law 63A: a revoke becomes established "when the offender or his partner leads or plays
    to the following trick", or when the offending side makes or agrees to a claim — a
    claim after the play in the log establishes a revoke in its last trick.

    Law 64A, when a revoke is established: 1. "the trick on which the revoke occurred was
    won by the offending player": that trick, and one more if the offending side won any
    subsequent trick, are transferred; 2. otherwise, "if the offending side won that or any
    subsequent trick", one trick is transferred. A trick won by dummy is not won by the
    declarer for this Law.

    Law 64B, no rectification: 1. the offending side won neither the revoke trick nor any
    later trick; 2. a subsequent revoke in the same suit by the same player; 3. a revoke in
    failing to play a card of dummy's (a faced hand); 6. a revoke on the twelfth trick (it
    must be corrected instead, Law 62D); 7. both sides revoked on the same deal (the
    Director restores equity, Law 64C, which a log cannot). B4/B5 concern when attention
    was drawn, which a log does not record. Claimed tricks count as won. Two rectified
    revokes together transfer at most the tricks the offending side won from the first of
    them on.

    The seed says nothing of a transfer: without ``law64`` the revokes are reported and no
    trick moves.

    A revoke by a seat in ``waive`` (the arbiter waived its penalty) keeps the transfer the
    Law would make, marked ``waived``, but takes nothing from the pool: the other revokes
    are ruled as if it had not been incurred.
    """
    out: list[Revoke] = []
    for t, seat, card, held in found:
        if t < n_logged:
            nxt = {s for s, _ in seated[t]}  # seated[t] is trick t + 1
            established = seat in nxt or seat.partner in nxt or claimed
        else:
            established = claimed
        out.append(Revoke(trick=t, seat=seat, card=card, held=held, established=established))
    if not law64:
        return tuple(out)
    established_sides = {r.seat.side for r in out if r.established}
    both = len(established_sides) == 2
    first_in_suit: set[tuple[Seat, int]] = set()
    pool: dict[Side, int] = {}
    ruled: list[Revoke] = []
    for r in out:
        if not r.established:
            ruled.append(r)
            continue
        suit = SUIT_OF[r.held]
        side = r.seat.side
        again = (r.seat, suit) in first_in_suit
        first_in_suit.add((r.seat, suit))
        after = side_from[r.trick][side] if r.trick < len(side_from) else 0
        later = side_from[r.trick + 1][side] if r.trick + 1 < len(side_from) else 0
        note = ""
        transfer = 0
        if both:
            note = "both_sides"  # Law 64B7
        elif again:
            note = "same_suit"  # Law 64B2
        elif r.seat == dummy:
            note = "dummy"  # Law 64B3
        elif r.trick == 12:
            note = "twelfth"  # Law 64B6, 62D
        elif after == 0:
            note = "no_trick_won"  # Law 64B1
        elif r.trick <= len(winners) and winners[r.trick - 1] == r.seat:
            transfer = 1 + (1 if later else 0)  # Law 64A1
        else:
            transfer = 1  # Law 64A2
        waived = False
        if transfer:
            if waive and r.seat in waive:
                transfer = min(transfer, pool.get(side, after))
                waived = True
            else:
                if side not in pool:
                    pool[side] = after
                transfer = min(transfer, pool[side])
                pool[side] -= transfer
                if not transfer:
                    note = "all_transferred"  # Law 64A: the tricks won from the first revoke on
        ruled.append(Revoke(r.trick, r.seat, r.card, r.held, r.established, transfer, note, waived))
    return tuple(ruled)


def _report_revoke(
    f: Findings, r: Revoke, deal_no: int | None, seated: list[tuple[tuple[Seat, int], ...]], law64: bool
) -> None:
    led_card = seated[r.trick - 1][0][1]
    transfer = None
    if not r.established:
        form = "not_established"
    elif not law64:
        form = "seed"
    elif r.waived:
        form, transfer = "waived", r.transfer
    elif r.transfer:
        form, transfer = "transfer", r.transfer
    else:
        form = r.note
    f.add(
        "REVOKE",
        deal=deal_no,
        trick=r.trick,
        seat=r.seat,
        card=NAME[r.card],
        form=form,
        led_suit=SUITS[SUIT_OF[led_card]],
        held_card=NAME[r.held],
        transfer=transfer,
    )
