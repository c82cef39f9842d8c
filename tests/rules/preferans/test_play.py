"""The play of a preferans deal: leads, trick winners, the rule of play, pass-out talon tricks.

Seats: Anna 0, Boris 1, Vera 2 (clockwise). The deal used throughout (hand-checked,
32 cards):

    Anna   AS KS QS JS TS 9S  AC KC  AD KD
    Boris  8S 7S  QC JC TC 9C  QD JD TD  AH
    Vera   8C  9D 8D 7D  KH QH JH TH 9H 7H
    talon  8H 7C
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import SUIT_OF, mask_of, parse_card
from rules.preferans.codes import Findings
from rules.preferans.core import DECK, Contract, Strain, read_contract
from rules.preferans.play import (
    CARD_NOT_IN_HAND,
    CLAIM_MISMATCH,
    DUPLICATE_CARD,
    NOT_TRUMPED,
    REVOKE,
    TRICKS_MISMATCH,
    WRONG_CARD_COUNT,
    PlayOptions,
    PlayResult,
    active_seats,
    declarer_made,
    first_leader,
    run_play,
)

NAMES = ("Anna", "Boris", "Vera")
ANNA, BORIS, VERA = 0, 1, 2


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


HANDS = [
    mask_of(cards("AS KS QS JS TS 9S AC KC AD KD")),
    mask_of(cards("8S 7S QC JC TC 9C QD JD TD AH")),
    mask_of(cards("8C 9D 8D 7D KH QH JH TH 9H 7H")),
]
TALON = cards("8H 7C")


def play(
    tricks: list[str],
    *,
    dealer: int = VERA,
    declarer: int | None = ANNA,
    contract: str | None = "6S",
    hands: list[int] | None = HANDS,
    talon: list[int] | None = TALON,
    discard: list[int] | None = None,
    claim: list[int] | None = None,
    written: list[int] | None = None,
    options: PlayOptions | None = None,
    players: tuple[str, ...] = NAMES,
) -> tuple[PlayResult, list[tuple[str, int | None, int | None]]]:
    """Run the play; the findings come back as (code, trick, seat)."""
    findings = Findings(players)
    if declarer is not None and discard is None and talon is not None:
        discard = talon  # the declarer puts the talon straight back unless told otherwise
    result = run_play(
        len(players),
        dealer,
        declarer,
        None if contract is None else read_contract(contract),
        hands,
        talon,
        discard,
        [cards(t) for t in tricks],
        claim,
        findings,
        1,
        written=written,
        options=options or PlayOptions(),
    )
    return result, [(f.code, f.trick, f.seat) for f in findings]


# -- leads and seats ---------------------------------------------------------------


def test_the_first_hand_leads_in_every_game():
    # "первый ход — первая рука": the player left of the dealer, whoever declared.
    assert first_leader(3, VERA, ANNA) == ANNA
    assert first_leader(3, VERA, BORIS) == ANNA
    assert first_leader(3, VERA, None) == ANNA
    assert first_leader(3, ANNA, VERA) == BORIS


def test_the_other_reading_lets_the_defender_left_of_the_declarer_lead():
    opt = PlayOptions(first_lead="left-of-declarer")
    assert first_leader(3, VERA, BORIS, opt) == VERA
    assert first_leader(3, VERA, VERA, opt) == ANNA
    # a pass-out has no declarer: the first hand leads
    assert first_leader(3, VERA, None, opt) == ANNA


def test_four_players_the_dealer_sits_out():
    assert active_seats(4, 3) == (0, 1, 2)
    assert active_seats(4, 0) == (1, 2, 3)
    assert active_seats(3, 2) == (0, 1, 2)
    assert active_seats(3, 0) == (1, 2, 0)
    assert first_leader(4, 0, 2) == 1


def test_four_player_play_skips_the_dealer():
    # Dealer Gleb (3) sits out: Anna leads, Boris and Vera follow; three cards a trick.
    hands = [*HANDS, 0]
    result, found = play(["AS 8S 7H", "KS 7S 8C"], hands=hands, players=(*NAMES, "Gleb"), dealer=3)
    assert found == []
    assert result.winners == (ANNA, ANNA)
    assert result.tricks == (2, 0, 0, 0)


# -- taking tricks -------------------------------------------------------------------


def test_the_winner_of_a_trick_leads_the_next():
    # 6S by Anna: she takes AS, then leads AC; Boris and Vera follow in clubs.
    result, found = play(["AS 8S 7H", "AC QC 8C"])
    assert found == []
    assert result.winners == (ANNA, ANNA)
    assert result.tricks == (2, 0, 0)
    assert not result.complete


def test_a_trump_takes_the_trick_over_the_led_suit():
    # 6C by Boris: Anna leads AS, Boris follows 8S, Vera has no spade and trumps with 8C.
    result, found = play(["AS 8S 8C"], declarer=BORIS, contract="6C", discard=cards("8H TD"))
    assert found == []
    assert result.winners == (VERA,)


def test_an_off_suit_card_takes_nothing_and_the_highest_of_the_led_suit_wins():
    # 6NT by Anna: the heart ace on a club lead wins nothing (and is a revoke, see below);
    # in no-trump Vera's discard of KH on a spade does not win either.
    result, found = play(["AS 7S KH"], contract="6NT")
    assert found == []
    assert result.winners == (ANNA,)
    result, _ = play(["AC AH 8C"], contract="6NT")
    assert result.winners == (ANNA,)


# -- the rule of play ------------------------------------------------------------------


def test_follow_suit_with_known_hands():
    # Boris holds QC JC TC 9C and plays AH on the club lead.
    result, found = play(["AC AH 8C"], contract="6NT")
    assert found == [(REVOKE, 1, BORIS)]
    assert [(r.trick, r.seat, r.code) for r in result.revokes] == [(1, BORIS, REVOKE)]


def test_a_revoke_is_proved_by_the_suit_shown_later_when_hands_are_unknown():
    tricks = ["AC AH 8C", "AD QD 9D", "KC QC 7H"]
    _, found = play(tricks, contract="6NT", hands=None)
    # Boris shows QC in trick 3; Vera's 7H on a club is no revoke: she never shows a club again.
    assert found == [(REVOKE, 1, BORIS)]
    _, known = play(tricks, contract="6NT")
    assert known == [(REVOKE, 1, BORIS)]


def test_no_revoke_is_found_while_the_play_does_not_show_the_suit():
    _, found = play(["AC AH 8C"], contract="6NT", hands=None)
    assert found == []


def test_void_in_the_led_suit_a_player_holding_a_trump_must_trump():
    # 6C by Boris: Vera has no spade but holds the trump 8C, and throws KH.
    _, found = play(["AS 8S KH"], declarer=BORIS, contract="6C", discard=cards("8H TD"))
    assert found == [(NOT_TRUMPED, 1, VERA)]


def test_a_failure_to_trump_is_proved_only_by_a_trump_shown_later():
    # Hands unknown: after trick 1 alone nothing proves Vera held a trump ...
    _, found = play(["AS 8S KH"], declarer=BORIS, contract="6C", hands=None, discard=cards("8H TD"))
    assert found == []
    # ... her 8C in trick 2 does: it was in her hand at trick 1.
    _, found = play(
        ["AS 8S KH", "KS 7S 8C"], declarer=BORIS, contract="6C", hands=None, discard=cards("8H TD")
    )
    assert found == [(NOT_TRUMPED, 1, VERA)]


def test_a_player_out_of_the_suit_and_of_trumps_may_play_any_card():
    # 6S by Anna: Vera has no spade and no trump (spades are trumps): any card goes.
    _, found = play(["AS 8S 7H", "KS 7S 9D"])
    assert found == []


def test_without_trumps_a_void_player_plays_any_card():
    # 6NT: Vera has no spade; KH is no failure to trump.
    _, found = play(["AS 7S KH", "KS 8S 8C"], contract="6NT", hands=None)
    assert found == []


def test_a_card_not_in_the_hand_and_a_card_played_twice():
    _, found = play(["AS KS 7H"])  # KS is Anna's, not Boris's
    assert found == [(CARD_NOT_IN_HAND, 1, BORIS)]
    _, found = play(["AS 8S 7H", "AS 7S 8C"], hands=None)
    assert found == [(DUPLICATE_CARD, 2, ANNA)]


def test_a_discarded_card_or_a_pass_out_talon_card_cannot_be_played():
    _, found = play(["AS 8S 8H"], hands=None)  # 8H went to Anna's discard
    assert found == [(CARD_NOT_IN_HAND, 1, VERA)]
    _, found = play(["9S AH 8H"], declarer=None, contract=None, hands=None)
    assert found == [(CARD_NOT_IN_HAND, 1, VERA)]


def test_a_trick_of_the_wrong_size_stops_the_check():
    result, found = play(["AS 8S", "KS 7S 8C"])
    assert found == [(WRONG_CARD_COUNT, 1, None)]
    assert result.winners == ()
    assert not result.complete


# -- misère --------------------------------------------------------------------------


def test_misere_has_no_trumps_the_first_hand_leads_and_the_declarer_must_take_nothing():
    # Dealer Boris: Vera is the first hand and leads though she plays the misère.
    # She takes the talon 8H 7C and puts it back.
    result, found = play(
        ["7D AD QD", "AS 8S KH"], dealer=BORIS, declarer=VERA, contract="misere", claim=[4, 4, 0]
    )
    assert found == []
    assert result.winners == (ANNA, ANNA)  # KH on a spade lead: no trumps in misère
    assert result.tricks == (6, 4, 0)
    assert result.complete
    assert declarer_made(result, VERA, Contract.misere_game()) is True


def test_misere_tricks_follow_suit_without_trumps():
    # Vera leads 9H; Anna (no heart) throws AD, Boris must play a heart: his AH wins.
    # Boris leads QD: Vera 8D, Anna KD takes it. Anna leads KS: Vera, void, throws KH.
    result, found = play(
        ["9H AD AH", "QD 8D KD", "KS 7S KH"],
        dealer=BORIS,
        declarer=VERA,
        contract="misere",
        claim=[3, 4, 0],
    )
    assert found == []
    assert result.winners == (BORIS, ANNA, ANNA)
    assert result.tricks == (5, 5, 0)
    assert declarer_made(result, VERA, Contract.misere_game()) is True


def test_a_misere_declarer_who_takes_a_trick_loses():
    # Vera leads 8D, Anna KD, Boris JD: Anna. Anna leads KS, Boris 7S, Vera 9D: Anna.
    # The claim gives Vera one of the eight tricks left: the misère is lost.
    result, found = play(
        ["8D KD JD", "KS 7S 9D"], dealer=BORIS, declarer=VERA, contract="misere", claim=[3, 4, 1]
    )
    assert found == []
    assert result.tricks == (5, 4, 1)
    assert declarer_made(result, VERA, Contract.misere_game()) is False


def test_declarer_made_is_unknown_while_tricks_are_missing():
    result, _ = play(["8D KD JD"], dealer=BORIS, declarer=VERA, contract="misere")
    assert declarer_made(result, VERA, Contract.misere_game()) is None


# -- pass-outs ---------------------------------------------------------------------


PASSOUT = ["9S AH 7H", "KC QC 8C", "TS 8S 9D"]


def test_the_talon_sets_the_suit_of_the_first_two_pass_out_tricks():
    # Talon 8H then 7C. Trick 1 (hearts): Anna has none and plays 9S, Boris AH, Vera 7H:
    # Boris takes it. Trick 2 (clubs): the first hand plays first again: KC, QC, 8C: Anna.
    # Trick 3: the first hand leads.
    result, found = play(PASSOUT, declarer=None, contract=None)
    assert found == []
    assert result.winners == (BORIS, ANNA, ANNA)
    result, found = play(PASSOUT, declarer=None, contract=None, hands=None)
    assert found == []
    assert result.winners == (BORIS, ANNA, ANNA)


def test_pass_out_without_the_talon_rule_is_an_ordinary_no_trump_play():
    # Anna's 9S leads spades: Boris follows 8S, Vera has none: Anna takes it and leads again.
    tricks = ["9S 8S 7H", "KS 7S 8C"]
    result, found = play(tricks, declarer=None, contract=None, options=PlayOptions(passout_talon=False))
    assert found == []
    assert result.winners == (ANNA, ANNA)
    # With the talon rule trick 1 is a heart trick: Boris's 8S is a revoke (he holds AH) and
    # Vera's 7H takes it; trick 2 is a club trick, where Anna and Boris both hold clubs.
    result, found = play(tricks, declarer=None, contract=None)
    assert found == [(REVOKE, 1, BORIS), (REVOKE, 2, ANNA), (REVOKE, 2, BORIS)]
    assert result.winners[0] == VERA


def test_the_winner_of_a_talon_trick_plays_first_to_the_next_as_an_option():
    # Boris takes trick 1, so trick 2 (clubs) is played Boris, Vera, Anna.
    result, found = play(
        ["9S AH 7H", "QC 8C KC"],
        declarer=None,
        contract=None,
        options=PlayOptions(talon_order="winner"),
    )
    assert found == []
    assert result.winners == (BORIS, ANNA)


def test_every_player_must_follow_the_talon_suit_the_first_hand_too():
    _, found = play(["9S QC 7H"], declarer=None, contract=None)  # Boris holds AH
    assert found == [(REVOKE, 1, BORIS)]
    _, found = play(["9S AH 7H", "AD QC 8C"], declarer=None, contract=None)  # Anna holds AC KC
    assert found == [(REVOKE, 2, ANNA)]


# -- claims and written tricks -------------------------------------------------------


FULL = [
    "AS 7S 7H",
    "KS 8S 8C",
    "QS QC 9D",
    "JS JC 8D",
    "TS TC 7D",
    "9S 9C 9H",
    "AC QD KH",
    "KC JD QH",
    "AD TD JH",
    "KD AH TH",
]


def test_a_whole_deal_accounts_for_ten_tricks():
    result, found = play(FULL, written=[10, 0, 0])
    assert found == []
    assert result.complete
    assert result.tricks == (10, 0, 0)
    assert declarer_made(result, ANNA, Contract.game(6, Strain.SPADES)) is True
    _, found = play(FULL, hands=None, written=[10, 0, 0])
    assert found == []


def test_tricks_written_otherwise_than_played():
    _, found = play(FULL, written=[9, 1, 0])
    assert found == [(TRICKS_MISMATCH, None, ANNA), (TRICKS_MISMATCH, None, BORIS)]


def test_a_claim_completes_the_deal_and_must_share_the_tricks_left():
    result, found = play(FULL[:4], claim=[6, 0, 0], written=[10, 0, 0])
    assert found == []
    assert result.complete
    assert result.tricks == (10, 0, 0)
    result, found = play(FULL[:4], claim=[5, 0, 0])
    assert found == [(CLAIM_MISMATCH, None, None)]
    assert not result.complete


def test_an_eleventh_trick_is_too_many():
    _, found = play([*FULL, "AS 7S 7H"])
    assert (WRONG_CARD_COUNT, 11, None) in found


# -- random legal plays --------------------------------------------------------------


def _legal(hand: list[int], suit: int | None, trump: int | None) -> list[int]:
    """The cards a player may play: the suit, else a trump, else anything."""
    if suit is None:
        return hand
    follow = [c for c in hand if SUIT_OF[c] == suit]
    if follow:
        return follow
    trumps = [c for c in hand if trump is not None and SUIT_OF[c] == trump]
    return trumps or hand


def _random_deal(seed: int) -> dict:
    rng = random.Random(seed)
    n = rng.choice([3, 4])
    dealer = rng.randrange(n)
    deck = list(DECK)
    rng.shuffle(deck)
    order = active_seats(n, dealer)
    held: dict[int, list[int]] = {s: sorted(deck[10 * i : 10 * i + 10]) for i, s in enumerate(order)}
    hands = [mask_of(held.get(s, [])) for s in range(n)]
    talon = deck[30:32]
    kind = rng.choice(["passout", "misere", "game", "game", "game"])
    declarer = None if kind == "passout" else rng.choice(order)
    contract = None
    discard = None
    trump = None
    if kind == "misere":
        contract = Contract.misere_game()
    elif kind == "game":
        contract = Contract.game(rng.randint(6, 10), Strain(rng.randrange(5)))
        trump = (0, 3, 2, 1, None)[contract.strain]
    if declarer is not None:
        twelve = held[declarer] + talon
        rng.shuffle(twelve)
        discard = twelve[:2]
        held[declarer] = sorted(twelve[2:])
    # play it out
    first = order[0]
    leader = first
    tricks = []
    taken = dict.fromkeys(range(n), 0)
    for t in range(10):
        seats = [order[(order.index(leader) + i) % 3] for i in range(3)]
        talon_suit = SUIT_OF[talon[t]] if declarer is None and t < 2 else None
        trick: list[int] = []
        for seat in seats:
            suit = talon_suit if talon_suit is not None else (SUIT_OF[trick[0]] if trick else None)
            card = rng.choice(_legal(held[seat], suit, trump))
            held[seat].remove(card)
            trick.append(card)
        led = talon_suit if talon_suit is not None else SUIT_OF[trick[0]]
        power = [
            (c + 100 if trump is not None and SUIT_OF[c] == trump else c if SUIT_OF[c] == led else -1)
            for c in trick
        ]
        best = max(power)
        winner = seats[power.index(best)] if best >= 0 else seats[0]
        taken[winner] += 1
        tricks.append(trick)
        leader = first if talon_suit is not None else winner
    return {
        "n": n,
        "dealer": dealer,
        "declarer": declarer,
        "contract": contract,
        "hands": hands,
        "talon": talon,
        "discard": discard,
        "tricks": tricks,
        "taken": tuple(taken[s] for s in range(n)),
    }


def _run(
    d: dict, hands: list[int] | None, *, tricks: list[list[int]] | None = None
) -> tuple[PlayResult, list]:
    findings = Findings(tuple(f"P{i}" for i in range(d["n"])))
    result = run_play(
        d["n"],
        d["dealer"],
        d["declarer"],
        d["contract"],
        hands,
        d["talon"],
        d["discard"],
        tricks if tricks is not None else d["tricks"],
        None,
        findings,
        1,
        written=list(d["taken"]),
    )
    return result, list(findings)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_legal_plays_have_no_findings_and_ten_tricks(seed):
    d = _random_deal(seed)
    for hands in (d["hands"], None):
        result, found = _run(d, hands)
        assert found == []
        assert result.complete
        assert sum(result.tricks) == 10
        assert result.tricks == d["taken"]


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=10**6))
def test_an_illegal_card_in_a_random_play_is_found(seed, pick):
    """Swap a card a player had to play for one they were not allowed to, within their own
    hand: the known hands prove the revoke or the failure to trump at that trick."""
    d = _random_deal(seed)
    trump = None
    c = d["contract"]
    if c is not None and not c.misere and c.strain is not None:
        trump = (0, 3, 2, 1, None)[c.strain]
    order = active_seats(d["n"], d["dealer"])
    # who played each card, replaying the seats as the generator did
    seats_of = []
    leader = order[0]
    for t, trick in enumerate(d["tricks"]):
        seats = [order[(order.index(leader) + i) % 3] for i in range(3)]
        seats_of.append(seats)
        talon_trick = d["declarer"] is None and t < 2
        led = SUIT_OF[d["talon"][t]] if talon_trick else SUIT_OF[trick[0]]
        power = [
            (x + 100 if trump is not None and SUIT_OF[x] == trump else x if SUIT_OF[x] == led else -1)
            for x in trick
        ]
        winner = seats[power.index(max(power))] if max(power) >= 0 else seats[0]
        leader = order[0] if talon_trick else winner
    # candidate swaps: (trick, pos, later trick, later pos) of the same seat, where the later
    # card is not allowed at the earlier trick
    candidates = []
    for t, trick in enumerate(d["tricks"]):
        talon_trick = d["declarer"] is None and t < 2
        led = SUIT_OF[d["talon"][t]] if talon_trick else SUIT_OF[trick[0]]
        for pos in range(3):
            if pos == 0 and not talon_trick:
                continue
            seat = seats_of[t][pos]
            hand_then = [trick[pos]] + [
                d["tricks"][u][p] for u in range(t + 1, 10) for p in range(3) if seats_of[u][p] == seat
            ]
            allowed = _legal(hand_then, led, trump)
            for u in range(t + 1, 10):
                for p in range(3):
                    if seats_of[u][p] == seat and d["tricks"][u][p] not in allowed:
                        if u == t + 1 and p == 0 and not (d["declarer"] is None and u < 2):
                            continue
                        candidates.append((t, pos, u, p))
    if not candidates:
        return
    t, pos, u, p = candidates[pick % len(candidates)]
    tricks = [list(x) for x in d["tricks"]]
    tricks[t][pos], tricks[u][p] = tricks[u][p], tricks[t][pos]
    seat = seats_of[t][pos]
    _, found = _run(d, d["hands"], tricks=tricks)
    first = [f for f in found if f.trick == t + 1 and f.seat == seat]
    assert first
    assert first[0].code in (REVOKE, NOT_TRUMPED)


def test_a_pass_out_logged_without_its_talon_is_not_checked_in_the_talon_tricks():
    # Without the talon the first two tricks are taken as led by their first card.
    result, found = play(PASSOUT, declarer=None, contract=None, talon=None)
    assert found == []
    assert result.winners == (ANNA, ANNA, ANNA)


def test_the_defender_left_of_the_declarer_leads_under_the_option():
    # 6C by Boris, dealer Vera: under the option Vera leads 7H; Anna, without hearts, must
    # trump (clubs) and plays KC; Boris follows with AH. Anna's trump takes the trick.
    result, found = play(
        ["7H KC AH"],
        declarer=BORIS,
        contract="6C",
        discard=cards("8H TD"),
        options=PlayOptions(first_lead="left-of-declarer"),
    )
    assert found == []
    assert result.winners == (ANNA,)


def test_a_claim_for_the_dealer_sitting_out_is_wrong():
    hands = [*HANDS, 0]
    result, found = play(FULL[:4], claim=[5, 0, 0, 1], hands=hands, players=(*NAMES, "Gleb"), dealer=3)
    assert found == [(CLAIM_MISMATCH, None, 3)]
    assert not result.complete
