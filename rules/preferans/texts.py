"""The sentences of the preferans findings and refusals, in English, one per code and form
(rules/texts.py).

The placeholders' names say what they show (a ``…seat`` is a player, a ``…card`` a card,
a ``…call`` or ``…contract`` a call or a game as the document writes it: ``"7H"``,
``"misere"``, ``"pass"``, ``"dark-1"``); the apps translate these same strings. The seed's
names of the dark games (РАЗ В ТЕМНУЮ, ПАС В ТЕМНУЮ, МИЗЕР В ТЕМНУЮ …) are kept as the seed
writes them, where a sentence explains what overcalls them.
"""

from __future__ import annotations

from rules.texts import errors
from rules.texts import gettext_noop as _

TEXTS: dict[str, str] = {
    # -- the auction (rules/preferans/auction.py) -----------------------------------------
    "CALL_AFTER_AUCTION_END": _(
        "the auction had ended after call {ended_after}, but the log goes on with "
        "{calls:call|calls}; they are ignored"
    ),
    "CALL_OUT_OF_TURN": _(
        "call {call_no} ({call}) was made by {seat}, but it was {turn_seat}'s turn; "
        "the call stands and the turn goes on from it"
    ),
    "CALL_OUT_OF_TURN/sits_out": _(
        "call {call_no}: {seat} dealt and sits out of this deal; the call is ignored"
    ),
    "PASS_WITHDRAWN": _(
        "call {call_no}: {seat} calls {call} after passing; a pass is final, the call is ignored"
    ),
    "DARK_NOT_ALLOWED/no_dark_games": _(
        "call {call_no}: {call} declared in the dark, but this table plays no dark games"
    ),
    "DARK_NOT_ALLOWED/looked": _(
        "call {call_no}: {seat} declares {call} in the dark after looking at the cards"
    ),
    "DARK_NOT_ALLOWED/fourth_dark_pass": _(
        "call {call_no}: a fourth ПАС В ТЕМНУЮ in a row; the seed knows three (bomb, double bomb, ёлка)"
    ),
    "DARK_NOT_ALLOWED/after_raz": _(
        "call {call_no}: ПАС В ТЕМНУЮ after a РАЗ ({raz_contract}, light or dark)"
    ),
    "DARK_NOT_ALLOWED/after_bid": _("call {call_no}: ПАС В ТЕМНУЮ after a bid"),
    "DARK_NOT_ALLOWED/dark_six": _(
        "call {call_no}: a dark six ({contract}) is no call of the seed; "
        "the dark sixes are РАЗ / ДВА / ТРИ В ТЕМНУЮ (dark-1..dark-3)"
    ),
    "DARK_NOT_ALLOWED/light_after_dark": _(
        "call {call_no}: {seat} went dark and may continue in the light ({call}) only "
        "after a light seven overcalled the dark game"
    ),
    "DARK_NOT_ALLOWED/level_contract": _("{call} allows the games from {minimum_contract}, not {contract}"),
    "MISERE_RULE/turned": _("call {call_no}: {seat} called misère and may not turn to another game ({call})"),
    "MISERE_RULE/not_first": _(
        "call {call_no}: misère may be called only as a player's first call; {seat} bid before"
    ),
    "MISERE_RULE/dark_misere_won": _(
        "the contract {contract}: МИЗЕР В ТЕМНУЮ is played as misère "
        "('перезаказывать другие игры … уже нельзя')"
    ),
    "MISERE_RULE/misere_won": _("the contract {contract}: a misère won is played as misère"),
    "MISERE_RULE/not_won": _(
        "the contract misère: misère is played only when won as misère, not after {winning_call}"
    ),
    "MISERE_RULE/whists": _("on misère nobody whists: both defenders catch; the whist decisions are ignored"),
    "DARK_OVERCALL_WRONG/step": _(
        "call {call_no}: {call} as the dark step {step}, but the dark step before it was {before_call}"
    ),
    "DARK_OVERCALL_WRONG/first_step": _(
        "call {call_no}: {call} as the dark step {step}, but no dark step came before"
    ),
    "DARK_OVERCALL_WRONG/raz": _(
        "call {call_no}: {call} does not overcall РАЗ В ТЕМНУЮ (overcalled only by ДВА В ТЕМНУЮ "
        "or a light seven of the first suit, {seven_contract})"
    ),
    "DARK_OVERCALL_WRONG/dva": _(
        "call {call_no}: {call} does not overcall ДВА В ТЕМНУЮ (overcalled only by ТРИ В ТЕМНУЮ "
        "or a light seven of the second suit, {seven_contract})"
    ),
    "DARK_OVERCALL_WRONG/tri": _(
        "call {call_no}: {call} does not overcall ТРИ В ТЕМНУЮ (overcalled by a light seven "
        "of the third suit, {seven_contract}, or higher)"
    ),
    "DARK_OVERCALL_WRONG/dark_pass": _(
        "call {call_no}: {call} does not overcall ПАС В ТЕМНУЮ (the first overcalled by "
        "РАЗ В ТЕМНУЮ or a light seven, the second by a light eight or a dark seven, "
        "the third by a light nine or a dark eight)"
    ),
    "DARK_OVERCALL_WRONG/dark_misere": _(
        "call {call_no}: {call} does not overcall МИЗЕР В ТЕМНУЮ (overcalled only by a dark ten)"
    ),
    "DARK_OVERCALL_WRONG/dark_game": _("call {call_no}: {call} does not overcall the dark {top_call}"),
    "DARK_OVERCALL_WRONG/light": _("call {call_no}: {call} does not overcall {top_call}"),
    "DARK_OVERCALL_WRONG/dark_under_light": _("call {call_no}: the dark {call} does not overcall {top_call}"),
    "BID_TOO_LOW": _("call {call_no}: {call} is not above {top_call}"),
    "BID_TOO_LOW/minimum": _(
        "call {call_no}: {call} is below the minimum game after the pass-outs, {minimum_contract}"
    ),
    "AUCTION_INCOMPLETE": _(
        "the auction stops after {calls:call|calls} before it ended; the rest are taken as passes"
    ),
    # -- the talon, the discard and the contract ------------------------------------------
    "DISCARD_WRONG": _(
        "the discard holds {stray_cards}, which is neither in the declarer's hand nor in the talon"
    ),
    "DISCARD_WRONG/count": _("the discard holds {cards:card|cards}, not two"),
    "CONTRACT_MISMATCH/passout_contract": _("the deal was passed out, but the log names a contract"),
    "CONTRACT_MISMATCH/passout_discard": _("the deal was passed out, but the log names a discard"),
    "CONTRACT_MISMATCH/none": _("{winning_call} won the auction, but no contract is named"),
    "CONTRACT_BELOW_BID": _("the contract {contract} is below the winning bid {winning_call}"),
    # -- the whists (rules/preferans/whist.py) --------------------------------------------
    "WHIST_OUT_OF_TURN/declarer": _("{seat} declares and cannot whist on his own game"),
    "WHIST_OUT_OF_TURN/whist": _("{seat} says whist where {turn_seat} was to speak"),
    "WHIST_OUT_OF_TURN/pass": _("{seat} says pass where {turn_seat} was to speak"),
    "WHIST_OUT_OF_TURN/half": _("{seat} says half where {turn_seat} was to speak"),
    "WHIST_MISSING": _("{seat} has no whist decision on {contract}"),
    "WHIST_MISSING/extra_whist": _("one whist decision too many: {seat} says whist again"),
    "WHIST_MISSING/extra_pass": _("one whist decision too many: {seat} says pass again"),
    "WHIST_MISSING/extra_half": _("one whist decision too many: {seat} says half again"),
    "WHIST_REQUIRED": _(
        "{seat} said pass on {contract}, a game played only dark: 'вистовать обязаны оба партнера'"
    ),
    "HALF_WHIST_WRONG/answer": _("only the second defender may say half-whist"),
    "HALF_WHIST_WRONG/order": _("only the second defender, after the first passed, may say half-whist"),
    "HALF_WHIST_WRONG/dark": _("on a game played only dark both defenders must whist"),
    "HALF_WHIST_WRONG/level": _("half-whist is said on games of level {levels}, not on {contract}"),
    "HALF_WHIST_WRONG/not_played": _("this ruleset plays no half-whist"),
    "OPEN_WRONG/dark_misere": _("МИЗЕР В ТЕМНУЮ is caught closed ('играется мизер и только стоя')"),
    "OPEN_WRONG/dark": _("{contract} is played only dark: closed, not open"),
    "OPEN_WRONG/two_whisters": _("with two whisters each plays his own cards closed, not open"),
    "OPEN_WRONG/single_open": _("this ruleset has the single whister play open, not closed"),
    "OPEN_WRONG/single_closed": _("this ruleset has the single whister play closed, not open"),
    # -- the play (rules/preferans/play.py) -----------------------------------------------
    "WRONG_CARD_COUNT/trick_size": _(
        "trick {trick} has {played:card|cards}, not one from each of the 3 players in play; "
        "the play from there on cannot be checked"
    ),
    "WRONG_CARD_COUNT/too_many": _("the play has {tricks:trick|tricks}; a deal has {per_deal}"),
    "DUPLICATE_CARD": _("{seat} played {card} in trick {trick}, which was played in trick {in_trick}"),
    "CARD_NOT_IN_HAND/discard": _("{seat} played {card} in trick {trick}, which was put away in the discard"),
    "CARD_NOT_IN_HAND/dealt": _("{seat} played {card} in trick {trick}, which was dealt to {other_seat}"),
    "CARD_NOT_IN_HAND/passout_talon": _(
        "{seat} played {card} in trick {trick}, which lies in the talon of the pass-out"
    ),
    "CARD_NOT_IN_HAND/talon": _(
        "{seat} played {card} in trick {trick}, which lies in the talon, which went to the declarer"
    ),
    "CARD_NOT_IN_HAND/unknown": _("{seat} played {card} in trick {trick}, which cannot be in that hand"),
    "REVOKE": _("{seat} played {card} on a {led_suit} lead in trick {trick} while holding {held_card}"),
    "REVOKE/talon": _(
        "{seat} played {card} on a {led_suit} talon card in trick {trick} while holding {held_card}"
    ),
    "NOT_TRUMPED": _(
        "{seat} had no {led_suit} in trick {trick} and played {card} while holding the trump {trump_card}"
    ),
    "TRICKS_MISMATCH": _(
        "{seat} is written with {written:trick|tricks}, but the play gives {taken:trick|tricks}"
    ),
    "CLAIM_MISMATCH/out_of_play": _(
        "the claim gives {tricks:trick|tricks} to {seat}, who does not play this deal"
    ),
    "CLAIM_MISMATCH": _(
        "the claim shares {claimed:trick|tricks}, but {remaining:trick|tricks} remained "
        "after the {played:trick|tricks} played"
    ),
    # -- the pulka (rules/preferans/replay.py) --------------------------------------------
    "WRONG_DEALER": _("{seat} deals, but the deal passes clockwise to {expected_seat}"),
    "WRONG_DEALER/redeal": _(
        "{seat} deals, but the deal passes clockwise to {expected_seat} "
        "(or back to {redeal_seat} to redeal deal {annulled_deal}, annulled)"
    ),
    "ENTRY_MISMATCH/pool": _("{seat} is written {written} in pool, but the deal gives {computed}"),
    "ENTRY_MISMATCH/mountain": _("{seat} is written {written} in mountain, but the deal gives {computed}"),
    "ENTRY_MISMATCH/whist": _(
        "{seat} is written {written} in whists on {on_seat}, but the deal gives {computed}"
    ),
    "BOMB_MISMATCH/marked_drawn_bomb": _(
        "{seat} is marked with a bomb drawn, but the deal draws no such bomb"
    ),
    "BOMB_MISMATCH/marked_drawn_double": _(
        "{seat} is marked with a double bomb drawn, but the deal draws no such bomb"
    ),
    "BOMB_MISMATCH/marked_drawn_elka": _(
        "{seat} is marked with a ёлка drawn, but the deal draws no such bomb"
    ),
    "BOMB_MISMATCH/marked_extinguished_bomb": _(
        "{seat} is marked with a bomb extinguished, but the deal puts out no such bomb"
    ),
    "BOMB_MISMATCH/marked_extinguished_double": _(
        "{seat} is marked with a double bomb extinguished, but the deal puts out no such bomb"
    ),
    "BOMB_MISMATCH/marked_extinguished_elka": _(
        "{seat} is marked with a ёлка extinguished, but the deal puts out no such bomb"
    ),
    "BOMB_MISMATCH/unmarked_drawn_bomb": _(
        "the deal draws a bomb for {seat}, but the pulka does not mark it"
    ),
    "BOMB_MISMATCH/unmarked_drawn_double": _(
        "the deal draws a double bomb for {seat}, but the pulka does not mark it"
    ),
    "BOMB_MISMATCH/unmarked_drawn_elka": _(
        "the deal draws a ёлка for {seat}, but the pulka does not mark it"
    ),
    "BOMB_MISMATCH/unmarked_extinguished_bomb": _(
        "the deal puts out a bomb for {seat}, but the pulka does not mark it"
    ),
    "BOMB_MISMATCH/unmarked_extinguished_double": _(
        "the deal puts out a double bomb for {seat}, but the pulka does not mark it"
    ),
    "BOMB_MISMATCH/unmarked_extinguished_elka": _(
        "the deal puts out a ёлка for {seat}, but the pulka does not mark it"
    ),
    "SETTLEMENT_MISMATCH": _(
        "{seat} is settled at {written:whist|whists}, but the pulka settles at {settled:whist|whists}"
    ),
    # -- the arbiter's rulings (docs/arbiter.md) ------------------------------------------
    "ANNULLED_BY_ARBITER": _(
        "the arbiter annuls deal {deal}, dealt by {seat}: it writes nothing on the pulka "
        "and draws or puts out no bomb"
    ),
    "ANNULLED_BY_ARBITER/reason": _(
        "the arbiter annuls deal {deal}, dealt by {seat} ({reason}): it writes nothing on the pulka "
        "and draws or puts out no bomb"
    ),
    "SCORE_ADJUSTED": _(
        "the arbiter scores deal {deal} by the tricks {first_seat} {first_tricks}, "
        "{second_seat} {second_tricks}, {third_seat} {third_tricks}, not as the log has it"
    ),
    "SCORE_ADJUSTED/reason": _(
        "the arbiter scores deal {deal} by the tricks {first_seat} {first_tricks}, "
        "{second_seat} {second_tricks}, {third_seat} {third_tricks} ({reason}), not as the log has it"
    ),
    "RULING_NOT_APPLICABLE/waive": _(
        "{seat} has no penalty in deal {deal} to waive: the preferans replay imposes none "
        "(a revoke is a finding; the deal is scored as played)"
    ),
    "RULING_NOT_APPLICABLE/confirm": _(
        "{seat} has no penalty in deal {deal} to confirm: the preferans replay imposes none "
        "(a revoke is a finding; the deal is scored as played)"
    ),
}

#: The reader's refusals (rules.errors.MalformedDocument) of rules/preferans/document.py and
#: ruleset.py, by code. The path says where; ``found`` describes the value found there.
ERRORS_TEXTS: dict[str, str] = errors(
    {
        # -- the document (rules/preferans/document.py) -------------------------------------
        "PREFERANS_REQUIRED": _("is required"),
        "PREFERANS_GAME": _("must be 'preferans' for a preferans log, not {found}"),
        "PREFERANS_VERSION": _("unsupported version: {found}; this reader knows version {version}"),
        "PREFERANS_DEALS_TYPE": _("must be a list of deals, not {found}"),
        "PREFERANS_PLAYERS_TYPE": _("must be a list of three or four names, not {found}"),
        "PREFERANS_PLAYERS_COUNT": _(
            "preferans is played by 3 players (4 with the dealer sitting out), not {count}"
        ),
        "PREFERANS_PLAYER_NAME": _("must be a player's name, not {found}"),
        "PREFERANS_PLAYER_TWICE": _("'{name}' already sits at seat {seat_no}; names must differ"),
        "PREFERANS_CARD_NOT_IN_DECK": _("{card} is not in the 32-card preferans deck (7 to ace)"),
        "PREFERANS_CARDS_TYPE": _("must be a list of cards, not {found}"),
        "PREFERANS_CARD_TWICE": _("{card} is already earlier in this list"),
        "PREFERANS_CARD_IN_HAND": _("{card} is already in seat {seat_no}'s hand"),
        "PREFERANS_CARD_IN_TALON": _("{card} is already in the talon"),
        "PREFERANS_SEAT_SITS_OUT": _("seat {seat_no} dealt and sits out of this deal"),
        "PREFERANS_TALON_SIZE": _("the talon has 2 cards, not {count}"),
        "PREFERANS_AUCTION_REQUIRED": _("is required (the passes of a pass-out too)"),
        "PREFERANS_DISCARD_SIZE": _("the discard is 2 cards, not {count}"),
        "PREFERANS_CONTRACT": _("must be a game 6S..10NT or 'misere', not {found}"),
        "PREFERANS_CLAIM_WITHOUT_PLAY": _(
            "a claim is made after the cards in play; give play ([] before the lead)"
        ),
        "PREFERANS_ASSIGNED_TRICKS_REQUIRED": _("is required: the tricks each seat is held to have taken"),
        "PREFERANS_TRICKS_TYPE": _("must be a list of {players} trick counts by seat, not {found}"),
        "PREFERANS_ASSIGNED_DEALER_TRICKS": _("seat {seat_no} dealt and sits out: he takes no trick"),
        "PREFERANS_ASSIGNED_TRICKS_SUM": _("a deal has 10 tricks; the assigned result shares {total}"),
        "PREFERANS_CLAIM_SEATS": _("must give each of the {players} seats its claimed tricks, not {count}"),
        "PREFERANS_CLAIM_SUM": _("a deal has 10 tricks; the claim shares {total}"),
        "PREFERANS_CLAIM_TYPE": _(
            "must be the number of tricks claimed or a list of tricks per seat, not {found}"
        ),
        "PREFERANS_BOMBS_TYPE": _("must be a list of bomb marks, not {found}"),
        "PREFERANS_BOMB_EVENT": _("must be 'drawn' or 'extinguished', not {found}"),
        "PREFERANS_BOMB_RANK_REQUIRED": _("is required for a bomb drawn: 1 bomb, 2 double bomb, 3 ёлка"),
        "PREFERANS_BALANCES_REQUIRED": _("is required: each seat's balance in whists"),
        "PREFERANS_BALANCES_TYPE": _("must be a list of {players} whole numbers, one per seat, not {found}"),
        "PREFERANS_HANDS_TYPE": _("must be a list of {players} hands by seat, not {found}"),
        "PREFERANS_HANDS_COUNT": _("one hand per seat: {players}, not {count}"),
        "PREFERANS_HAND_SIZE": _("a hand has 10 cards, not {count}"),
        "PREFERANS_DEALER_HAND": _("the dealer sits out and holds no cards, not {count}"),
        "PREFERANS_AUCTION_TYPE": _("must be a list of calls, not {found}"),
        "PREFERANS_CALL": _("must be a game 6S..10NT, 'misere', 'pass' or 'dark-1'..'dark-3', not {found}"),
        "PREFERANS_DARK_BY_NATURE": _("{call} is declared in the dark by its nature"),
        "PREFERANS_WHISTS_TYPE": _("must be a list of whist decisions, not {found}"),
        "PREFERANS_WHIST_DECISION": _("must be 'whist', 'pass' or 'half', not {found}"),
        "PREFERANS_TRICKS_SUM": _("a deal has 10 tricks, not {total}"),
        "PREFERANS_ENTRIES_TYPE": _("must be a list of pulka entries, not {found}"),
        "PREFERANS_ENTRY_KIND": _("must be 'pool', 'mountain' or 'whist', not {found}"),
        "PREFERANS_WHIST_ON_REQUIRED": _("is required: the opponent the whists are written on"),
        "PREFERANS_WHIST_ON_SELF": _("whists are written on an opponent, not on oneself"),
        "PREFERANS_POOL_ENTRY_ON": _("only a whist entry is written on an opponent, not a pool entry"),
        "PREFERANS_MOUNTAIN_ENTRY_ON": _(
            "only a whist entry is written on an opponent, not a mountain entry"
        ),
        # -- the ruleset (rules/preferans/ruleset.py) ---------------------------------------
        "PREFERANS_RULESET_PLAYERS": _("preferans is played by three or four players, not {found}"),
        "PREFERANS_POOL_WHISTS": _(
            "must be a multiple of mountain_whists ({mountain_whists}), so that a pool point "
            "is a whole number of mountain points, not {pool_whists}"
        ),
        "PREFERANS_LEVEL_TABLE": _("must be a list of five numbers (levels 6 to 10), not {found}"),
        "PREFERANS_SERIES": _('must be a list of numbers or a text such as "1-2-3", not {found}'),
        "PREFERANS_MINIMUM_RANGE": _("must be from 6 to 10, not {level}"),
        "PREFERANS_MINIMUM_FALLING": _("must not be below the one before it ({before})"),
        "PREFERANS_LEVELS_TYPE": _("must be a list of levels 6 to 10, not {found}"),
        "PREFERANS_LEVELS_TWICE": _("must not name a level twice"),
        "PREFERANS_CHOICE": _("must be one of {choices}, not {found}"),
    }
)
