"""The play: trick winners, follow suit, claims, revokes and the Law 64 transfer, hand-checked;
random legal deals (no findings, 13 tricks) and injected revokes; trick winners and legal
cards against endplay's Deal.play / legal_moves."""

from __future__ import annotations

import random

import pytest
from endplay.types import Deal as EDeal
from endplay.types import Denom, Player
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.bridge.codes import Findings
from rules.bridge.core import Contract, Doubling, Seat, Strain
from rules.bridge.play import PlayResult, Revoke, legal_mask, run_play, trick_winner
from rules.cards import BIT, SUIT_MASK, SUIT_OF, cards_of, mask_of, parse_card

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SPADES_BY_S = Contract(4, Strain.SPADES, Doubling.UNDOUBLED, S)  # W leads, N is dummy


def tricks(text: str) -> list[list[int]]:
    """``"KH 2H 2S 3H / 4H 5H 6H AH"``: tricks in the order played."""
    return [[parse_card(c) for c in part.split()] for part in text.split("/")]


def play(
    text: str,
    claim: int | None = None,
    *,
    contract: Contract = SPADES_BY_S,
    hands: tuple[int, int, int, int] | None = None,
    law64: bool = True,
    result: int | None = None,
    leader: Seat | None = None,
) -> tuple[PlayResult, list[tuple]]:
    f = Findings(PLAYERS)
    out = run_play(
        contract,
        hands,
        tricks(text) if text else [],
        claim,
        f,
        2,
        law64,
        opening_leader=leader,
        result=result,
    )
    return out, [(x.code, x.deal, x.trick, x.seat) for x in f]


# -- trick winners -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "leader", "trump", "winner"),
    [
        ("2H AH KH QH", N, None, E),  # the highest of the led suit
        ("2H AS KH QH", N, None, S),  # a card of another suit never wins without trumps
        ("2H AS KH QH", N, 0, E),  # the only trump wins
        ("2H 3S KH 2S", W, 0, N),  # W 2H, N 3S, E KH, S 2S: the highest trump
        ("AC 2D 3D 4D", S, 2, E),  # diamonds trumps: S AC, W 2D, N 3D, E 4D
        ("AC KC 2D QC", E, None, E),
        ("5H 4H 3H 2H", W, 3, W),  # clubs trumps, none played: the led suit
    ],
)
def test_trick_winner(cards, leader, trump, winner):
    trick = [parse_card(c) for c in cards.split()]
    assert trick_winner(trick, leader, trump) == winner


def test_legal_mask_follows_suit_when_able():
    hand = mask_of(parse_card(c) for c in ["AS", "2S", "KH", "3D"])
    assert legal_mask(hand, None) == hand
    assert legal_mask(hand, 0) == mask_of([parse_card("AS"), parse_card("2S")])
    assert legal_mask(hand, 3) == hand  # void in clubs: any card


# -- claims and plain play ------------------------------------------------------------------


def test_a_claim_gives_the_declarers_side_the_claimed_tricks():
    result, found = play("KH 2H 3H 4H / 5C AC 6C 7C", 8)
    assert found == []
    # W's KH wins trick 1; N's AC trick 2; 11 remain, the declarer's side claims 8.
    assert result.winners == (W, N)
    assert result.won == (1, 0, 0, 1)
    assert (result.declarer_tricks, result.defender_tricks) == (9, 4)
    assert result.complete
    assert result.claimed == 8


def test_a_claim_mid_trick_counts_the_unfinished_trick_among_the_remaining():
    result, found = play("KH 2H 3H 4H / 5C AC", 12)
    assert found == []
    assert result.winners == (W,)
    assert (result.declarer_tricks, result.defender_tricks) == (12, 1)


def test_a_claim_of_more_than_remains_is_cut_down():
    result, found = play("KH 2H 3H 4H", 13)
    assert found == [("CLAIM_MISMATCH", 2, None, None)]
    assert (result.declarer_tricks, result.defender_tricks) == (12, 1)


def test_play_that_stops_without_a_claim_is_reported():
    result, found = play("KH 2H 3H 4H")
    assert found == [("WRONG_CARD_COUNT", 2, None, None)]
    assert not result.complete
    assert (result.declarer_tricks, result.defender_tricks) == (0, 1)


def test_a_short_trick_before_the_end_stops_the_check():
    result, found = play("KH 2H 3H / 5C AC 6C 7C", 5)
    assert found == [("WRONG_CARD_COUNT", 2, 1, None)]
    assert not result.complete


def test_a_card_played_twice_is_a_duplicate():
    _, found = play("KH 2H 3H 4H / KH AC 6C 7C", 11)
    assert found == [("DUPLICATE_CARD", 2, 2, W)]


def test_with_hands_logged_a_card_from_another_hand_is_not_in_hand():
    # W holds KH, N 2H, E 3H, S 4H; W leads North's 2H and North plays West's KH.
    hands = _hands_for("KH 2H 3H 4H", extra={})
    result, found = play("2H KH 3H 4H", 12, hands=hands)
    assert found == [("CARD_NOT_IN_HAND", 2, 1, W), ("CARD_NOT_IN_HAND", 2, 1, N)]
    assert result.winners == (N,)


def test_a_lead_from_the_wrong_seat_is_accepted_and_reported():
    # E leads instead of W: the cards are E, S, W, N.
    result, found = play("KH 2H 3H AH", 12, leader=E)
    assert found == [("LEAD_OUT_OF_TURN", 2, 1, E)]
    assert result.winners == (N,)
    assert (result.declarer_tricks, result.defender_tricks) == (13, 0)


def test_the_recorded_result_is_checked_against_the_play():
    _, found = play("KH 2H 3H 4H / 5C AC 6C 7C", 8, result=9)
    assert found == []
    _, found = play("KH 2H 3H 4H / 5C AC 6C 7C", 8, result=10)
    assert found == [("RESULT_MISMATCH", 2, None, S)]


# -- revokes and Law 64 ----------------------------------------------------------------------

# 4S by South: West leads, the order of trick 1 is W N E S.
# East ruffs the heart lead while holding hearts (East leads a heart at trick 2): East wins
# the revoke trick. North wins trick 2.
EAST_RUFFS = "KH 2H 2S 3H / 4H 5H 6H AH"
# East discards a club on the heart lead, West's king wins; East shows hearts at trick 3.
EAST_DISCARDS_WEST_WINS = "KH 2H 2C 3H / 5C AC 6C 7C / 8H 9H TH JH"
# East discards a club, North's ace wins; West's king wins trick 2.
EAST_DISCARDS_NORTH_WINS = "2H AH 2C 3H / 4H 5H 6H KH"
# East discards, North wins; South wins trick 2.
EAST_DISCARDS_DEFENCE_WINS_NOTHING = "2H AH 2C 3H / 4H 5H KH 6H"


def _revokes(result: PlayResult) -> list[tuple[int, Seat, int, bool]]:
    return [(r.trick, r.seat, r.transfer, r.established) for r in result.revokes]


def test_law64a1_offender_won_the_revoke_trick_and_a_later_one_two_tricks():
    # Declarer's side: trick 2 + 10 claimed = 11; defenders: trick 1 + 1 unclaimed = 2.
    result, found = play(EAST_RUFFS, 10)
    assert found == [("REVOKE", 2, 1, E)]
    assert _revokes(result) == [(1, E, 2, True)]
    assert result.adjustment == 2
    assert (result.declarer_tricks, result.defender_tricks) == (13, 0)


def test_law64a1_offender_won_only_the_revoke_trick_one_trick():
    result, found = play(EAST_RUFFS, 11)
    assert found == [("REVOKE", 2, 1, E)]
    assert _revokes(result) == [(1, E, 1, True)]
    assert (result.declarer_tricks, result.defender_tricks) == (13, 0)


def test_law64a2_partner_won_the_revoke_trick_one_trick():
    result, found = play(EAST_DISCARDS_WEST_WINS, 10)
    assert found == [("REVOKE", 2, 1, E)]
    assert _revokes(result) == [(1, E, 1, True)]
    # Played: W, N, W; claimed 10 of 10 → 11 to 2, then one trick moves.
    assert (result.declarer_tricks, result.defender_tricks) == (12, 1)


def test_law64a2_offender_lost_the_revoke_trick_side_won_a_later_one_one_trick():
    result, found = play(EAST_DISCARDS_NORTH_WINS, 11)
    assert found == [("REVOKE", 2, 1, E)]
    assert _revokes(result) == [(1, E, 1, True)]
    assert (result.declarer_tricks, result.defender_tricks) == (13, 0)


def test_law64b1_offending_side_won_nothing_from_the_revoke_on_no_transfer():
    result, found = play(EAST_DISCARDS_DEFENCE_WINS_NOTHING, 11)
    assert found == [("REVOKE", 2, 1, E)]
    assert _revokes(result) == [(1, E, 0, True)]
    assert result.revokes[0].note == "no_trick_won"  # Law 64B1
    assert (result.declarer_tricks, result.defender_tricks) == (13, 0)


def test_the_seed_preset_reports_the_revoke_and_transfers_nothing():
    result, found = play(EAST_RUFFS, 10, law64=False)
    assert found == [("REVOKE", 2, 1, E)]
    assert _revokes(result) == [(1, E, 0, True)]
    assert result.adjustment == 0
    assert (result.declarer_tricks, result.defender_tricks) == (11, 2)


def test_a_revoke_by_the_declarer_moves_tricks_to_the_defenders():
    # South discards a club on the heart lead and shows hearts at trick 2, winning it.
    result, found = play("KH 2H 3H 2C / 4H 5H 6H 7H", 10)
    assert found == [("REVOKE", 2, 1, S)]
    assert _revokes(result) == [(1, S, 1, True)]
    assert result.adjustment == -1
    assert (result.declarer_tricks, result.defender_tricks) == (10, 3)


def test_law64b3_a_revoke_from_dummy_transfers_nothing():
    result, found = play("KH 2C 3H 4H / 5H 6H 7H 8H", 10)
    assert found == [("REVOKE", 2, 1, N)]
    assert _revokes(result) == [(1, N, 0, True)]
    assert result.revokes[0].note == "dummy"  # Law 64B3


def test_law64b7_both_sides_revoked_no_transfer():
    # North (dummy) and East both discard on the heart lead and show hearts at trick 2.
    result, found = play("KH 2C 3D 4H / 5H 6H 7H 8H", 10)
    assert found == [("REVOKE", 2, 1, N), ("REVOKE", 2, 1, E)]
    assert [r.transfer for r in result.revokes] == [0, 0]
    assert [r.note for r in result.revokes] == ["both_sides", "both_sides"]  # Law 64B7


def test_law64b2_a_second_revoke_in_the_same_suit_by_the_same_player_transfers_nothing():
    result, found = play("KH 2H 2C 3H / QH 4H 3C 5H / 2D AD 6H 3D", 10)
    assert found == [("REVOKE", 2, 1, E), ("REVOKE", 2, 2, E)]
    assert _revokes(result) == [(1, E, 1, True), (2, E, 0, True)]
    assert result.revokes[1].note == "same_suit"  # Law 64B2
    # Played: W, W, N; claimed 10 → 11 to 2; one trick moves.
    assert (result.declarer_tricks, result.defender_tricks) == (12, 1)


def test_a_revoke_in_the_last_trick_before_a_claim_is_established_by_the_claim():
    hands = _hands_for("KH 2H 2C 3H", extra={E: ["4H"]})
    result, found = play("KH 2H 2C 3H", 12, hands=hands)
    assert found == [("REVOKE", 2, 1, E)]
    assert result.revokes[0].established


def test_a_revoke_with_nothing_after_it_is_not_established():
    hands = _hands_for("KH 2H 2C 3H", extra={E: ["4H"]})
    f = Findings(PLAYERS)
    result = run_play(SPADES_BY_S, hands, tricks("KH 2H 2C 3H"), None, f, 2, True)
    assert [(x.code, x.trick, x.seat) for x in f] == [("WRONG_CARD_COUNT", None, None), ("REVOKE", 1, E)]
    assert _revokes(result) == [(1, E, 0, False)]
    assert "not established" in f[1].message


def test_law64b6_a_revoke_on_the_twelfth_trick_transfers_nothing():
    for seed in range(500):
        rng = random.Random(seed)
        hands = _deal(rng)
        contract = Contract(3, Strain.NOTRUMP, Doubling.UNDOUBLED, S)
        played = _random_play(hands, contract, rng, revoke_at=12)
        if played is None:
            continue
        deal_tricks, (trick_no, offender) = played
        f = Findings(PLAYERS)
        result = run_play(contract, None, deal_tricks, None, f, 5, True)
        assert [(x.code, x.trick, x.seat) for x in f] == [("REVOKE", 12, offender)]
        assert trick_no == 12
        assert result.adjustment == 0
        assert result.revokes[0].note == "twelfth"  # Law 64B6
        assert result.declarer_tricks + result.defender_tricks == 13
        return
    raise AssertionError("no deal with a possible revoke on trick 12 among 500")


# -- random legal deals -------------------------------------------------------------------------


def _deal(rng: random.Random) -> tuple[int, int, int, int]:
    cards = list(range(52))
    rng.shuffle(cards)
    return (mask_of(cards[0:13]), mask_of(cards[13:26]), mask_of(cards[26:39]), mask_of(cards[39:52]))


def _name(card: int) -> str:
    from rules.cards import NAME

    return NAME[card]


def _hands_for(text: str, extra: dict[Seat, list[str]]) -> tuple[int, int, int, int]:
    """Hands holding the cards of the first trick (W N E S) plus ``extra``, filled to 13."""
    order = [W, N, E, S]
    chosen: dict[Seat, list[int]] = {s: [] for s in Seat}
    for seat, card in zip(order, text.split(), strict=True):
        chosen[seat].append(parse_card(card))
    for seat, names in extra.items():
        chosen[seat].extend(parse_card(c) for c in names)
    used = {c for cs in chosen.values() for c in cs}
    # Fill with diamonds first, then spades: nobody gets another heart or club than given.
    spare = [c for c in [*range(26, 39), *range(0, 13), *range(13, 26), *range(39, 52)] if c not in used]
    spare = [c for c in spare if SUIT_OF[c] in (0, 2)] + [c for c in spare if SUIT_OF[c] in (1, 3)]
    for seat in Seat:
        while len(chosen[seat]) < 13:
            chosen[seat].append(spare.pop(0))
    return (mask_of(chosen[N]), mask_of(chosen[E]), mask_of(chosen[S]), mask_of(chosen[W]))


def _random_play(
    hands: tuple[int, int, int, int],
    contract: Contract,
    rng: random.Random,
    revoke_at: int | None = None,
) -> tuple[list[list[int]], tuple[int, Seat]] | None:
    """A random play of the deal; with ``revoke_at``, one revoke on that trick (by the first
    follower who can revoke), or ``None`` when nobody can."""
    from rules.bridge.core import SUIT_OF_STRAIN

    held = list(hands)
    leader = contract.declarer.left
    out: list[list[int]] = []
    revoke: tuple[int, Seat] | None = None
    for t in range(1, 14):
        trick: list[int] = []
        for pos in range(4):
            seat = Seat((leader + pos) % 4)
            led = None if pos == 0 else SUIT_OF[trick[0]]
            legal = legal_mask(held[seat], led)
            if t == revoke_at and revoke is None and led is not None:
                other = held[seat] & ~SUIT_MASK[led]
                if held[seat] & SUIT_MASK[led] and other:
                    legal = other
                    revoke = (t, seat)
            card = rng.choice(cards_of(legal))
            held[seat] &= ~BIT[card]
            trick.append(card)
        leader = trick_winner(trick, leader, SUIT_OF_STRAIN[contract.strain])
        out.append(trick)
    if revoke_at is not None and revoke is None:
        return None
    return out, revoke if revoke else (0, N)


contracts = st.builds(
    Contract,
    level=st.integers(1, 7),
    strain=st.sampled_from(list(Strain)),
    doubling=st.sampled_from(list(Doubling)),
    declarer=st.sampled_from(list(Seat)),
)


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), contracts, st.booleans())
def test_random_legal_deals_have_no_findings_and_thirteen_tricks(rng, contract, hands_known):
    hands = _deal(rng)
    deal_tricks, _ = _random_play(hands, contract, rng)  # type: ignore[misc]
    f = Findings(PLAYERS)
    result = run_play(contract, hands if hands_known else None, deal_tricks, None, f, 1, True)
    assert list(f) == []
    assert result.complete
    assert result.declarer_tricks + result.defender_tricks == 13
    assert sum(result.won) == 13
    assert result.revokes == ()


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), contracts, st.integers(1, 11), st.booleans(), st.booleans())
def test_an_injected_revoke_is_exactly_one_revoke(rng, contract, at, hands_known, law64):
    hands = _deal(rng)
    played = _random_play(hands, contract, rng, revoke_at=at)
    assume(played is not None)
    assert played is not None
    deal_tricks, (trick_no, offender) = played
    f = Findings(PLAYERS)
    result = run_play(contract, hands if hands_known else None, deal_tricks, None, f, 1, law64)
    assert [(x.code, x.trick, x.seat) for x in f] == [("REVOKE", trick_no, offender)]
    (revoke,) = result.revokes
    assert isinstance(revoke, Revoke)
    assert revoke.established
    assert 0 <= revoke.transfer <= (2 if law64 else 0)
    assert result.declarer_tricks + result.defender_tricks == 13
    assert 0 <= result.declarer_tricks <= 13
    sign = 1 if offender.side != contract.declarer.side else -1
    assert result.adjustment == sign * revoke.transfer


# -- against endplay ------------------------------------------------------------------------------

_DENOM = {
    Strain.CLUBS: Denom.clubs,
    Strain.DIAMONDS: Denom.diamonds,
    Strain.HEARTS: Denom.hearts,
    Strain.SPADES: Denom.spades,
    Strain.NOTRUMP: Denom.nt,
}


def _endplay_card_to_int(card) -> int:
    # endplay: Denom spades=0 .. clubs=3 (our suit order), Rank R2 = 1 << 2 .. RA = 1 << 14.
    return int(card.suit) * 13 + int(card.rank).bit_length() - 3


def _endplay_deal(hands: tuple[int, int, int, int]) -> EDeal:
    from rules.cards import RANKS

    def pbn_hand(mask: int) -> str:
        suits = []
        for s in range(4):
            ranks = sorted((c % 13 for c in cards_of(mask & SUIT_MASK[s])), reverse=True)
            suits.append("".join(RANKS[r] for r in ranks))
        return ".".join(suits)

    return EDeal("N:" + " ".join(pbn_hand(h) for h in hands))


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), contracts)
def test_trick_winners_and_legal_cards_agree_with_endplay(rng, contract):
    hands = _deal(rng)
    deal_tricks, _ = _random_play(hands, contract, rng)  # type: ignore[misc]
    f = Findings(PLAYERS)
    result = run_play(contract, hands, deal_tricks, None, f, 1)
    theirs = _endplay_deal(hands)
    theirs.trump = _DENOM[contract.strain]
    theirs.first = Player(int(contract.declarer.left))
    held = list(hands)
    winners = []
    for trick in deal_tricks:
        for pos, card in enumerate(trick):
            seat = int(theirs.curplayer)
            led = None if pos == 0 else SUIT_OF[trick[0]]
            assert {_endplay_card_to_int(c) for c in theirs.legal_moves()} == set(
                cards_of(legal_mask(held[seat], led))
            )
            held[seat] &= ~BIT[card]
            theirs.play(_name(card)[1] + _name(card)[0])  # endplay writes the suit first
        winners.append(Seat(int(theirs.first)))
    assert tuple(winners) == result.winners
