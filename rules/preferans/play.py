"""The play of one preferans deal: who leads, who takes each trick, and every illegal card.

The preferans rule of play (unlike Oh Hell and bridge): "на ход игрок обязан
класть карту масти хода. Если в руке карт масти хода нет, игрок обязан класть
козырь. Если нет козыря, можно класть любую карту" — follow suit; if void,
trump when holding a trump; else any card. The trick goes to the highest
trump, else to the highest card of the led suit.

- The first lead belongs to the first hand, the player to the dealer's left
  ("первый ход — первая рука"), in every game: a suit game, no-trump,
  misère and the pass-out alike (:attr:`PlayOptions.first_lead` keeps the
  other reading, the defender left of the declarer, as an option).
- Pass-outs (распасы) and misère are played without trumps; in misère the
  declarer must take no trick (:func:`declarer_made`).
- In pass-outs the talon is turned card by card to set the suit of the first
  two tricks ("прикуп открывается на первые две взятки"): every player,
  the first hand included, must play the talon card's suit when able; the
  talon card itself takes nothing (:class:`PlayOptions` names the choices).

When the hands are not logged they are inferred from the play, as
rules/ohhell/table.py does: every card a seat played later in the deal was in
its hand at every earlier trick (no card enters a hand during the play), so a
seat that failed to follow and later shows the led suit revoked, and a seat
that neither followed nor trumped and later shows a trump failed to trump —
the trump provably was in its hand then. What the play does not show (the
cards of an unfinished deal, the declarer's unknown discard) is never held
against a player.

Findings go to the shared collector of rules/preferans/codes.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.cards import BIT, NAME, SUIT_MASK, SUIT_OF, SUITS
from rules.preferans.codes import Findings
from rules.preferans.core import DECK_MASK, HAND_SIZE, SUIT_OF_STRAIN, Contract

# -- finding codes (rules/preferans/codes.py has their severities, all errors) -------

#: Did not follow the led suit (or the pass-out talon card's suit) while holding it.
REVOKE = "REVOKE"
#: Void in the led suit, held a trump, and did not play one.
NOT_TRUMPED = "NOT_TRUMPED"
#: Played a card that cannot be in the seat's hand (dealt to another seat, in the
#: talon of a pass-out, or put away in the discard).
CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
#: Played a card already played in this deal.
DUPLICATE_CARD = "DUPLICATE_CARD"
#: A trick without one card from each of the three players, or more than ten tricks.
WRONG_CARD_COUNT = "WRONG_CARD_COUNT"
#: The tricks written do not agree with the play.
TRICKS_MISMATCH = "TRICKS_MISMATCH"
#: The claim does not share out exactly the tricks left, or gives one to a seat out of play.
CLAIM_MISMATCH = "CLAIM_MISMATCH"


# -- options and results ----------------------------------------------------------

#: Tricks in a deal: ten cards to each of the three players in play.
TRICKS_PER_DEAL = HAND_SIZE
#: The talon cards turned in a pass-out set the suit of this many first tricks.
TALON_TRICKS = 2


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """Readings of the standard rules a table may agree otherwise (docs/preferans.md).

    - ``first_lead``: ``"first-hand"`` (default: the player left of the dealer leads the
      first trick in every game, misère and pass-out included) or ``"left-of-declarer"``
      (the defender to the declarer's left leads; pass-outs keep the first hand).
    - ``passout_talon``: whether the talon cards set the suit of the first two tricks of a
      pass-out (default on); off, the first hand leads freely as in any game.
    - ``talon_order``: who plays first to the talon tricks and leads the third trick:
      ``"first-hand"`` (default: the first hand every time) or ``"winner"`` (the winner of
      the previous trick, as in any trick).

    A talon trick always has a card of the talon suit played to it when the play is legal:
    the hands hold six or seven cards of that suit. Should nobody play one (every one of
    them a revoke), the first card played stands, as an unbeaten lead does.
    """

    first_lead: Literal["first-hand", "left-of-declarer"] = "first-hand"
    passout_talon: bool = True
    talon_order: Literal["first-hand", "winner"] = "first-hand"


DEFAULT_OPTIONS = PlayOptions()


@dataclass(frozen=True, slots=True)
class Revoke:
    """An illegal card: ``code`` is :data:`REVOKE` or :data:`NOT_TRUMPED`; ``trick`` counts from 1."""

    trick: int
    seat: int
    card: int
    code: str


@dataclass(frozen=True, slots=True)
class PlayResult:
    """What the play shows.

    ``tricks``: tricks per seat (a dealer sitting out has 0), the claim included;
    ``winners``: the seat taking each played trick in order; ``complete``: all ten tricks are accounted for (played, or played and
    claimed); ``revokes``: every card played against the rule of play.
    """

    tricks: tuple[int, ...]
    winners: tuple[int, ...]
    complete: bool
    revokes: tuple[Revoke, ...]


# -- seats ------------------------------------------------------------------------


def active_seats(players_count: int, dealer: int) -> tuple[int, ...]:
    """The three seats in play, in playing order from the first hand (the dealer's left).

    With four players the dealer sits out ("сдающий не играет"); with three the dealer
    plays last.
    """
    if players_count not in (3, 4):
        raise ValueError(f"preferans is played by 3 or 4 players, not {players_count}")
    if not 0 <= dealer < players_count:
        raise ValueError(f"dealer {dealer} is not a seat of {players_count} players")
    seats = tuple((dealer + i) % players_count for i in range(1, players_count + 1))
    return seats[:3]


def first_leader(
    players_count: int,
    dealer: int,
    declarer: int | None,
    options: PlayOptions = DEFAULT_OPTIONS,
) -> int:
    """Who leads the first trick: the first hand ("первый ход — первая рука") in every game."""
    order = active_seats(players_count, dealer)
    if options.first_lead == "left-of-declarer" and declarer is not None and declarer in order:
        return order[(order.index(declarer) + 1) % 3]
    return order[0]


def trump_suit(contract: Contract | None) -> int | None:
    """The rules.cards suit of the trumps: none in no-trump, misère and pass-outs."""
    if contract is None or contract.misere or contract.strain is None:
        return None
    return SUIT_OF_STRAIN[contract.strain]


def trick_winner_position(cards: Sequence[int], led_suit: int, trump: int | None) -> int:
    """The position (from the first to play) taking a full trick: "взятку берет игрок, которому
    принадлежит старшая карта в данной взятке, учитывая козырей" — the highest trump, else the
    highest card of ``led_suit``; when no card is of either (a talon trick nobody followed),
    the first card played."""
    best_pos, best_power = 0, -1
    for pos, card in enumerate(cards):
        suit = SUIT_OF[card]
        power = card + 52 if suit == trump else card if suit == led_suit else -1
        if power > best_power:
            best_pos, best_power = pos, power
    return best_pos


def declarer_made(result: PlayResult, declarer: int, contract: Contract) -> bool | None:
    """Whether the declarer made the game, or ``None`` while the tricks are incomplete.

    A game of ``level`` needs that many tricks; misère needs none at all ("на мизере
    играющий не должен взять ни одной взятки").
    """
    if not result.complete:
        return None
    taken = result.tricks[declarer]
    return taken == 0 if contract.misere else taken >= contract.level


# -- the replay -------------------------------------------------------------------


def _mask(cards: Sequence[int] | None) -> int:
    m = 0
    for c in cards or ():
        m |= BIT[c]
    return m


def next_leader(trick: int, winner: int, first_hand: int, talon_trick: bool, options: PlayOptions) -> int:
    """Who leads after trick index ``trick`` (from 0), taken by ``winner``: the winner, but
    after a pass-out's talon trick the first hand ("ходы из прикупа": the first hand plays
    first to both talon tricks and leads the third; ``talon_order="first-hand"``)."""
    if talon_trick and options.talon_order == "first-hand":
        return first_hand
    return winner


def seat_masks(
    players_count: int,
    order: tuple[int, ...],
    declarer: int | None,
    hands: Sequence[int] | None,
    talon: Sequence[int] | None,
    discard: Sequence[int] | None,
) -> tuple[list[int], list[int]]:
    """Per seat: the cards surely in its playing hand, and the cards possibly in it.

    The declarer's playing hand is the dealt ten with the talon, less the discard
    ("взявший прикуп сносит две карты"); a pass-out leaves the talon out of every hand.
    """
    certain = [0] * players_count
    possible = [0] * players_count
    talon_mask = _mask(talon)
    discard_mask = _mask(discard)
    for seat in order:
        if hands is not None:
            hand = hands[seat]
            others = 0
            for other in order:
                if other != seat:
                    others |= hands[other]
            if seat == declarer:
                if talon is not None and discard is not None:
                    certain[seat] = (hand | talon_mask) & ~discard_mask
                    possible[seat] = certain[seat]
                elif talon is not None:
                    # Which two went to the discard is unknown: no card of the twelve is sure.
                    possible[seat] = hand | talon_mask
                else:
                    certain[seat] = hand & ~discard_mask
                    possible[seat] = DECK_MASK & ~others & ~discard_mask
            else:
                certain[seat] = possible[seat] = hand
        elif seat == declarer:
            possible[seat] = DECK_MASK & ~discard_mask
        else:
            possible[seat] = DECK_MASK & ~talon_mask & ~discard_mask
    return certain, possible


def run_play(
    players_count: int,
    dealer: int,
    declarer: int | None,
    contract: Contract | None,
    hands: Sequence[int] | None,
    talon: Sequence[int] | None,
    discard: Sequence[int] | None,
    tricks: Sequence[Sequence[int]],
    claim: Sequence[int] | None,
    findings: Findings,
    deal_no: int,
    *,
    written: Sequence[int] | None = None,
    options: PlayOptions = DEFAULT_OPTIONS,
) -> PlayResult:
    """Replay the tricks of one deal, reporting every irregularity to ``findings``.

    ``declarer is None`` is a pass-out (распасы): no trumps, and with
    ``options.passout_talon`` the talon cards set the suit of the first two tricks.
    ``hands`` are the dealt hands as masks by seat (the dealer's ``0`` when sitting out),
    or ``None`` to infer them from the play. ``claim``: the tricks per seat of the cards
    not played. ``written``: the tricks per seat as the log wrote them, checked when the
    play accounts for all ten.

    A talon-led pass-out logged without its talon cannot be checked in its first two tricks:
    they are taken as led by their first card (no revoke is looked for there, and the tricks
    written are not compared).
    """
    order = active_seats(players_count, dealer)
    if declarer is not None and declarer not in order:
        raise ValueError(f"declarer {declarer} does not play this deal")
    passout = declarer is None
    trump = None if passout else trump_suit(contract)
    talon_leads = passout and options.passout_talon
    first_hand = order[0]
    certain, possible = seat_masks(players_count, order, declarer, hands, talon, discard)

    # Pass 1: who played each card, and who took each trick (the rule of taking does not
    # depend on the legality of the cards).
    seats_of: list[tuple[int, ...]] = []
    winners: list[int] = []
    leader = first_leader(players_count, dealer, declarer, options)
    for t, trick in enumerate(tricks):
        if len(trick) != 3:
            findings.add(WRONG_CARD_COUNT, deal=deal_no, trick=t + 1, form="trick_size", played=len(trick))
            break
        if t >= TRICKS_PER_DEAL:
            findings.add(
                WRONG_CARD_COUNT,
                deal=deal_no,
                trick=t + 1,
                form="too_many",
                tricks=len(tricks),
                per_deal=TRICKS_PER_DEAL,
            )
            break
        start = order.index(leader)
        seats = tuple(order[(start + i) % 3] for i in range(3))
        seats_of.append(seats)
        talon_trick = talon_leads and t < TALON_TRICKS
        if talon_trick and talon is not None and len(talon) > t:
            pos = trick_winner_position(trick, SUIT_OF[talon[t]], None)
        else:
            pos = trick_winner_position(trick, SUIT_OF[trick[0]], trump)
        winner = seats[pos]
        winners.append(winner)
        leader = next_leader(t, winner, first_hand, talon_trick, options)

    # Pass 2: the cards each seat played, checked against its hand and the rule of play.
    shown = [0] * players_count  # every card each seat plays in the checked tricks
    for seats, trick in zip(seats_of, tricks, strict=False):
        for seat, card in zip(seats, trick, strict=True):
            shown[seat] |= BIT[card]
    gone: dict[int, int] = {}  # the trick each card was played in
    gone_mask = 0
    revokes: list[Revoke] = []
    for t, (seats, trick) in enumerate(zip(seats_of, tricks, strict=False)):
        trick_no = t + 1
        talon_trick = talon_leads and t < TALON_TRICKS
        led_suit: int | None
        if talon_trick:
            led_suit = SUIT_OF[talon[t]] if talon is not None and len(talon) > t else None
        else:
            led_suit = SUIT_OF[trick[0]]
        for pos, (seat, card) in enumerate(zip(seats, trick, strict=True)):
            b = BIT[card]
            name = NAME[card]
            if card in gone:
                findings.add(
                    DUPLICATE_CARD, deal=deal_no, trick=trick_no, seat=seat, card=name, in_trick=gone[card]
                )
            elif not possible[seat] & b:
                form, other = _where(card, seat, hands, talon, discard, order, passout)
                findings.add(
                    CARD_NOT_IN_HAND,
                    deal=deal_no,
                    trick=trick_no,
                    seat=seat,
                    card=name,
                    form=form,
                    other_seat=other,
                )
            gone.setdefault(card, trick_no)
            gone_mask |= b
            # Surely held now: the known hand less what is gone, and whatever the seat plays
            # from here on (no card enters a hand during the play).
            held = ((certain[seat] & ~gone_mask) | shown[seat]) & ~b
            shown[seat] &= ~b
            if led_suit is None or (pos == 0 and not talon_trick) or SUIT_OF[card] == led_suit:
                continue
            led_mask = SUIT_MASK[led_suit]
            if held & led_mask:
                revokes.append(Revoke(trick=trick_no, seat=seat, card=card, code=REVOKE))
                findings.add(
                    REVOKE,
                    deal=deal_no,
                    trick=trick_no,
                    seat=seat,
                    card=name,
                    form="talon" if talon_trick else None,
                    led_suit=SUITS[led_suit],
                    held_card=NAME[(held & led_mask).bit_length() - 1],
                )
            elif trump is not None and SUIT_OF[card] != trump and held & SUIT_MASK[trump]:
                revokes.append(Revoke(trick=trick_no, seat=seat, card=card, code=NOT_TRUMPED))
                findings.add(
                    NOT_TRUMPED,
                    deal=deal_no,
                    trick=trick_no,
                    seat=seat,
                    card=name,
                    led_suit=SUITS[led_suit],
                    trump_card=NAME[(held & SUIT_MASK[trump]).bit_length() - 1],
                )

    taken = [0] * players_count
    for w in winners:
        taken[w] += 1
    played = len(winners)
    complete = played == TRICKS_PER_DEAL and len(seats_of) == len(tricks)
    if claim is not None and len(seats_of) == len(tricks):
        complete = _apply_claim(claim, taken, played, order, findings, deal_no)
    # Without the talon a pass-out's first two tricks are taken as if led by the first card
    # played, which is right whenever the first hand held the talon suit; the tricks written
    # are then not held against that guess.
    guessed = talon_leads and (talon is None or len(talon) < TALON_TRICKS) and played > 0
    if complete and written is not None and not guessed:
        for seat in range(players_count):
            w = written[seat] if seat < len(written) else 0
            if w != taken[seat]:
                findings.add(TRICKS_MISMATCH, deal=deal_no, seat=seat, written=w, taken=taken[seat])
    return PlayResult(
        tricks=tuple(taken),
        winners=tuple(winners),
        complete=complete,
        revokes=tuple(revokes),
    )


def _apply_claim(
    claim: Sequence[int],
    taken: list[int],
    played: int,
    order: tuple[int, ...],
    findings: Findings,
    deal_no: int,
) -> bool:
    """Add the claimed tricks to ``taken``; true when they make the deal's ten."""
    remaining = TRICKS_PER_DEAL - played
    counts = [claim[s] if s < len(claim) else 0 for s in range(len(taken))]
    for seat, n in enumerate(counts):
        if n and seat not in order:
            findings.add(CLAIM_MISMATCH, deal=deal_no, seat=seat, form="out_of_play", tricks=n)
            return False
    if any(n < 0 for n in counts) or sum(counts) != remaining:
        findings.add(CLAIM_MISMATCH, deal=deal_no, claimed=sum(counts), remaining=remaining, played=played)
        return False
    for seat, n in enumerate(counts):
        taken[seat] += n
    return True


def _where(
    card: int,
    seat: int,
    hands: Sequence[int] | None,
    talon: Sequence[int] | None,
    discard: Sequence[int] | None,
    order: tuple[int, ...],
    passout: bool,
) -> tuple[str, int | None]:
    """Why ``card`` cannot be in ``seat``'s hand: the form of ``CARD_NOT_IN_HAND``
    (rules/preferans/texts.py), and the seat it was dealt to when it was."""
    b = BIT[card]
    if discard is not None and _mask(discard) & b:
        return "discard", None
    if hands is not None:
        for other in order:
            if other != seat and hands[other] & b:
                return "dealt", other
    if talon is not None and _mask(talon) & b:
        return ("passout_talon" if passout else "talon"), None
    return "unknown", None
