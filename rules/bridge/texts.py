"""The sentences of the rubber bridge findings and refusals, in English (rules/texts.py).

``TEXTS`` has one template per finding code and form (``CODE/form``); the
placeholders' names say what they show (a ``…seat`` is a player, a ``…card``
a card, a ``…call`` or ``…contract`` a bid such as ``4H`` or ``3NTX``, a
``…suit`` a suit letter). ``ERRORS_TEXTS`` are the reader's refusals
(:class:`rules.errors.MalformedDocument`) of the JSON log, the ruleset and
the PBN reader and writer, by code; a PBN refusal keeps the board and the
line it was found on (``board {board}, line {line}: …``). A seat that a
refusal names is the document's own letter (``N``, ``E``, ``S``, ``W``) or a
PBN tag name (``North``), quoted as the document writes it. The apps
translate these same strings.
"""

from __future__ import annotations

from rules.texts import errors
from rules.texts import gettext_noop as _

TEXTS: dict[str, str] = {
    # The auction (rules/bridge/auction.py).
    "CALL_OUT_OF_ROTATION": _(
        "the first call ({call}) was made by {seat}, but {dealer_seat} dealt and calls first; "
        "the call stands and the auction goes on from there (Law 29A)"
    ),
    "CALL_AFTER_AUCTION_END": _(
        "the auction had ended after call {after}, but the log goes on with {calls:call|calls} "
        "from {call} on; they are cancelled (Law 39A)"
    ),
    "CALL_AFTER_AUCTION_END/one": _(
        "the auction had ended after call {after}, but the log goes on with one more call "
        "({call}); it is cancelled (Law 39A)"
    ),
    "INSUFFICIENT_BID": _(
        "{seat} bid {call} (call {number}) over {last_call}; an insufficient bid, "
        "taken as accepted by the next call (Law 27A1)"
    ),
    "ILLEGAL_DOUBLE/no_bid": _(
        "{seat} doubled (call {number}), but there is no bid to double; "
        "the double is cancelled and counts as a pass (Law 36A)"
    ),
    "ILLEGAL_DOUBLE/partner": _(
        "{seat} doubled (call {number}), but the last bid, {last_call}, was made by partner; "
        "the double is cancelled and counts as a pass (Law 36A)"
    ),
    "ILLEGAL_DOUBLE/self": _(
        "{seat} doubled (call {number}), but the last bid, {last_call}, was made by the same player; "
        "the double is cancelled and counts as a pass (Law 36A)"
    ),
    "ILLEGAL_DOUBLE/doubled": _(
        "{seat} doubled (call {number}), but {last_call} is already doubled; "
        "the double is cancelled and counts as a pass (Law 36A)"
    ),
    "ILLEGAL_DOUBLE/redoubled": _(
        "{seat} doubled (call {number}), but {last_call} is already redoubled; "
        "the double is cancelled and counts as a pass (Law 36A)"
    ),
    "ILLEGAL_REDOUBLE/no_bid": _(
        "{seat} redoubled (call {number}), but there is no bid, let alone a double; "
        "the redouble is cancelled and counts as a pass (Law 36A)"
    ),
    "ILLEGAL_REDOUBLE/undoubled": _(
        "{seat} redoubled (call {number}), but {last_call} is not doubled; "
        "the redouble is cancelled and counts as a pass (Law 36A)"
    ),
    "ILLEGAL_REDOUBLE/redoubled": _(
        "{seat} redoubled (call {number}), but {last_call} is already redoubled; "
        "the redouble is cancelled and counts as a pass (Law 36A)"
    ),
    "ILLEGAL_REDOUBLE/partner": _(
        "{seat} redoubled (call {number}), but the double of {last_call} was made by partner; "
        "the redouble is cancelled and counts as a pass (Law 36A)"
    ),
    "AUCTION_INCOMPLETE": _(
        "the auction stops after {calls:call|calls} without the closing passes; "
        "the contract is taken as {contract} as if the rest passed"
    ),
    "AUCTION_INCOMPLETE/no_bid": _(
        "the auction stops after {calls:call|calls} without the closing passes; no bid was made"
    ),
    "AUCTION_INCOMPLETE/no_calls": _("the auction stops before the first call: no calls were logged"),
    # The play (rules/bridge/play.py).
    "LEAD_OUT_OF_TURN": _(
        "the opening lead was made by {seat}, but the player on the declarer's left, {leader_seat}, "
        "leads; the lead stands and play goes on from there (Law 53A)"
    ),
    "WRONG_CARD_COUNT/tricks": _("the play has {tricks:trick|tricks}; a deal has 13"),
    "WRONG_CARD_COUNT/trick_size": _(
        "trick {trick} has {cards:card|cards}, not one from each of the 4 players; "
        "the play from there on cannot be checked"
    ),
    "WRONG_CARD_COUNT/unfinished": _(
        "the play stops after {played:trick|tricks} without a claim; "
        "{remaining:trick is|tricks are} not accounted for"
    ),
    "DUPLICATE_CARD": _(
        "{seat} played {card} in trick {trick}, which was played by {other_seat} in trick {in_trick}"
    ),
    "CARD_NOT_IN_HAND": _(
        "{seat} played {card} in trick {trick}, which is not among the cards dealt to {seat}"
    ),
    "CLAIM_MISMATCH": _(
        "the declarer's side claimed {claimed:trick|tricks} after {played:trick was|tricks were} played, "
        "but only {remaining} remained; the claim is taken as {remaining}"
    ),
    "RESULT_MISMATCH": _(
        "the sheet says the declarer's side took {result:trick|tricks}; the play shows {tricks}"
    ),
    "RESULT_MISMATCH/unfinished": _(
        "the sheet says the declarer's side took {result:trick|tricks}, which the play cannot give: "
        "it stops after {played:trick|tricks}, the declarer's side has won {tricks} "
        "and {remaining} are left to play"
    ),
    "RESULT_MISMATCH/transferred": _(
        "the sheet says the declarer's side took {result:trick|tricks}; the play shows {tricks} "
        "(after {transferred:trick|tricks} transferred for a revoke, Law 64)"
    ),
    "REVOKE/not_established": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}"
        "; the log ends before the offending side played to the next trick, so it is not established"
    ),
    "REVOKE/seed": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}"
        "; established (Law 63A), no trick transferred (the seed has no revoke penalty)"
    ),
    "REVOKE/waived": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}"
        "; established (Law 63A): Law 64A would transfer {transfer:trick|tricks} "
        "to the other side, but the arbiter waived it"
    ),
    "REVOKE/transfer": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}"
        "; established (Law 63A): {transfer:trick|tricks} to the other side (Law 64A)"
    ),
    "REVOKE/both_sides": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}"
        "; established (Law 63A): both sides revoked on this deal, "
        "so no trick is transferred (Law 64B7)"
    ),
    "REVOKE/same_suit": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}"
        "; established (Law 63A): a second revoke in the same suit by the same player "
        "transfers no trick (Law 64B2)"
    ),
    "REVOKE/dummy": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}"
        "; established (Law 63A): a revoke from dummy's faced hand transfers no trick (Law 64B3)"
    ),
    "REVOKE/twelfth": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}"
        "; established (Law 63A): a revoke on the twelfth trick transfers no trick; "
        "it must be corrected (Law 64B6, 62D)"
    ),
    "REVOKE/no_trick_won": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}"
        "; established (Law 63A): the offending side won no trick from the revoke on, "
        "so none is transferred (Law 64B1)"
    ),
    "REVOKE/all_transferred": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}"
        "; established (Law 63A): the tricks the offending side won from its first revoke on "
        "are already transferred, so none more is (Law 64A)"
    ),
    # The deal and the sheet (rules/bridge/replay.py).
    "RESULT_MISSING": _("neither the play nor the result gives the tricks taken"),
    "VULNERABLE_TAG_DIFFERS": _(
        "board {board}: the file says Vulnerable '{value}', but the rubber so far makes it '{computed}'; "
        "the deal is scored as the rubber has it"
    ),
    "VULNERABLE_TAG_DIFFERS/no_board": _(
        "the file says Vulnerable '{value}', but the rubber so far makes it '{computed}'; "
        "the deal is scored as the rubber has it"
    ),
    "CONTRACT_MISMATCH": _(
        "the sheet records {recorded_contract} by {recorded_seat}, but the auction reached "
        "{contract} by {declarer_seat}"
    ),
    "CONTRACT_MISMATCH/recorded_passed": _(
        "the sheet records the deal passed out, but the auction reached {contract} by {declarer_seat}"
    ),
    "CONTRACT_MISMATCH/reached_passed": _(
        "the sheet records {recorded_contract} by {recorded_seat}, but the auction passed the deal out"
    ),
    "HONOURS_MISMATCH": _(
        "the sheet claims honours {claimed_we} for We and {claimed_they} for They, "
        "but the hands hold {held_we} and {held_they}"
    ),
    "SCORE_MISMATCH/we_above": _("we above the line: written {written}, the rules give {score}"),
    "SCORE_MISMATCH/we_below": _("we below the line: written {written}, the rules give {score}"),
    "SCORE_MISMATCH/they_above": _("they above the line: written {written}, the rules give {score}"),
    "SCORE_MISMATCH/they_below": _("they below the line: written {written}, the rules give {score}"),
    # The arbiter's rulings (docs/arbiter.md).
    "RULING_NOT_APPLICABLE/annulled": _(
        "the arbiter's ruling on deal {deal} names {seat}, who has no revoke penalty in it "
        "(an annulled deal transfers no trick); the ruling changes nothing"
    ),
    "RULING_NOT_APPLICABLE/no_law64": _(
        "the arbiter's ruling on deal {deal} names {seat}, who has no revoke penalty in it "
        "(the ruleset transfers no trick for a revoke: law64 is off); the ruling changes nothing"
    ),
    "RULING_NOT_APPLICABLE/no_transfer": _(
        "the arbiter's ruling on deal {deal} names {seat}, who has no revoke penalty in it "
        "(Law 64 transfers no trick from this seat in this deal); the ruling changes nothing"
    ),
    "PENALTY_WAIVED": _(
        "the arbiter waived the penalty for {seat}'s revoke in trick {trick}: "
        "the {transfer:trick|tricks} Law 64 would transfer stay with the side that won them"
    ),
    "PENALTY_CONFIRMED": _(
        "the arbiter confirmed the penalty for {seat}'s revoke in trick {trick}: "
        "{transfer:trick|tricks} to the other side (Law 64A)"
    ),
    "SCORE_ADJUSTED": _(
        "deal {deal} is scored as the arbiter assigned it: {contract} by {declarer_seat}, "
        "{tricks:trick|tricks} taken; the sheet is not checked against it"
    ),
    "SCORE_ADJUSTED/passed_out": _(
        "deal {deal} is scored as the arbiter assigned it: passed out; the sheet is not checked against it"
    ),
    "ANNULLED_BY_ARBITER/last": _(
        "the arbiter annulled deal {deal}, dealt by {seat}: it scores nothing and the rubber goes on "
        "as if it had not been played; the log ends with it"
    ),
    "ANNULLED_BY_ARBITER/redeal": _(
        "the arbiter annulled deal {deal}, dealt by {seat}: it scores nothing and the rubber goes on "
        "as if it had not been played; the next deal of the log has the same dealer, as a redeal does"
    ),
    "ANNULLED_BY_ARBITER/played_on": _(
        "the arbiter annulled deal {deal}, dealt by {seat}: it scores nothing and the rubber goes on "
        "as if it had not been played; the next deal of the log is dealt by {next_dealer_seat}: "
        "the table played on"
    ),
}

#: The findings only duplicate bridge has (rules/bridge/traveller.py); the auction, play and
#: contract findings are rubber bridge's own.
DUPLICATE_TEXTS: dict[str, str] = {
    "BOARD_DEALER_DIFFERS": _(
        "board {board}: the log has {dealer_seat} dealing, but on board {board} {law_seat} deals (Law 2); "
        "the auction is read as the log has it"
    ),
    "BOARD_VULNERABLE_DIFFERS": _(
        "board {board}: the log says Vulnerable '{value}', but board {board} is '{computed}' (Law 2); "
        "the board is scored as the log has it"
    ),
    "LEAD_MISMATCH": _("board {board}: the traveller has {lead_card} led, but the play opens with {card}"),
    "LEAD_NOT_IN_HAND": _("board {board}: the traveller has {card} led, but {seat} was not dealt {card}"),
    "LEAD_WITHOUT_CONTRACT": _("board {board}: the traveller has {card} led, but the board was passed out"),
    "SCORE_MISMATCH/board": _(
        "board {board}: North–South's score is written {written}, the Laws' duplicate scoring gives {score}"
    ),
}

ERRORS_TEXTS: dict[str, str] = errors(
    {
        # The duplicate table's log (rules/bridge/traveller.py).
        "BRIDGE_DUPLICATE_GAME": _("must be '{game}' for a duplicate bridge log, not {found}"),
        "BRIDGE_DUPLICATE_BOARDS_LIST": _("must be a list of one or more boards, not {found}"),
        "BRIDGE_DUPLICATE_BOARD_TWICE": _("board {board} is already boards[{first}]"),
        "BRIDGE_DUPLICATE_PAIR_TWICE": _("pair {pair} cannot sit North–South and East–West at once"),
        "BRIDGE_DUPLICATE_SCORE_TENS": _("a bridge score is a multiple of 10, not {found}"),
        "BRIDGE_DUPLICATE_ADJUSTED_WITH_RESULT": _(
            "an adjusted score stands instead of a result: '{field}' cannot be given with it"
        ),
        "BRIDGE_DUPLICATE_CONTRACT_REQUIRED": _(
            "a board needs its contract ('Pass' when passed out), its auction, or an adjusted score"
        ),
        # The JSON log (rules/bridge/document.py).
        "BRIDGE_UNKNOWN_FIELD": _("unknown field '{field}'; a bridge log has {fields}"),
        "BRIDGE_REQUIRED": _("is required"),
        "BRIDGE_GAME": _("must be '{game}' for a rubber bridge log, not {found}"),
        "BRIDGE_VERSION": _("unsupported version: {found}; this reader knows version {version}"),
        "BRIDGE_DEALS_LIST": _("must be a list of deals, not {found}"),
        "BRIDGE_EVENT_TEXT": _("must be text, not {found}"),
        "BRIDGE_PLAYERS_LIST": _("must be a list of four names (N, E, S, W), not {found}"),
        "BRIDGE_PLAYERS_COUNT": _("bridge is played by 4 players (N, E, S, W), not {count}"),
        "BRIDGE_PLAYER_NAME": _("must be a player's name, not {found}"),
        "BRIDGE_PLAYER_TWICE": _("'{name}' already sits {compass}; names must differ"),
        "BRIDGE_SEAT": _("must be a seat, one of N, E, S, W, not {found}"),
        "BRIDGE_CONTRACT": _("must be a contract such as '4H', '3NTX', '6SXX' or 'Pass', not {found}"),
        "BRIDGE_DECLARER_REQUIRED": _("is required with a recorded contract"),
        "BRIDGE_AUCTION_REQUIRED": _("is required (four passes for a passed-out deal)"),
        "BRIDGE_CLAIM_WITHOUT_PLAY": _(
            "a claim is made after the cards in play; give play ([] before the lead)"
        ),
        "BRIDGE_PLAY_START_WITHOUT_PLAY": _("names the opening leader of the play; give play"),
        "BRIDGE_RESULT_REQUIRED": _("is required when there is no play"),
        "BRIDGE_ASSIGNED_CONTRACT_REQUIRED": _("is required: the contract the deal is scored as"),
        "BRIDGE_ASSIGNED_PASS_OUT": _("an assigned pass-out has no declarer and no result"),
        "BRIDGE_ASSIGNED_REQUIRED": _("is required with the assigned contract {contract}"),
        "BRIDGE_HAND_SEAT": _("unknown seat '{key}'; hands are keyed N, E, S, W"),
        "BRIDGE_HAND_TWICE": _("the hand of {compass} is given twice"),
        "BRIDGE_HAND_SIZE": _("a hand has 13 cards, not {count}"),
        "BRIDGE_CARD_TWICE_IN_HAND": _("{card} is already earlier in this hand"),
        "BRIDGE_CARD_IN_TWO_HANDS": _("{card} is already in {compass}'s hand"),
        "BRIDGE_AUCTION_LIST": _("must be a list of calls such as '1H', 'P', 'X', not {found}"),
        "BRIDGE_CALL": _("must be a call: a bid 1C..7NT, P (pass), X (double) or XX (redouble), not {found}"),
        "BRIDGE_MARKS_LIST": _("must be a list of marks, not {found}"),
        "BRIDGE_CHOICE": _("must be one of {choices}, not {found}"),
        "BRIDGE_SIDE": _("must be 'we' (North–South) or 'they' (East–West), not {found}"),
        "BRIDGE_HONOURS_POINTS": _("must be 100 or 150, not {found}"),
        "BRIDGE_POINTS_LIST": _("must be a list of points, not {found}"),
        "BRIDGE_BOARD": _("must be a board number or label, not {found}"),
        # The ruleset (rules/bridge/ruleset.py).
        "BRIDGE_RULESET_PLAYERS": _("rubber bridge is played by four players, not {count}"),
        "BRIDGE_UNDERTRICK_TABLE": _(
            "must be a list of three points (first, 2nd-3rd each, 4th on each), not {found}"
        ),
        # Reading PBN (rules/bridge/pbn.py): the board and the line of the file.
        "BRIDGE_PBN_NO_BOARD": _("the file holds no board"),
        "BRIDGE_PBN_STRAY": _("board {board}, line {line}: '{text}' stands outside any tag or section"),
        "BRIDGE_PBN_UNEXPECTED": _("board {board}, line {line}: unexpected '{text}'"),
        "BRIDGE_PBN_OPEN_TAG": _(
            "board {board}, line {line}: unexpected '[' (a tag pair is written [Name \"value\"])"
        ),
        "BRIDGE_PBN_UNREADABLE": _("board {board}, line {line}: cannot read '{text}'"),
        "BRIDGE_PBN_INHERIT": _(
            "board {board}, line {line}: {tag} may not inherit a value with '#' (PBN 2.1 §4.8)"
        ),
        "BRIDGE_PBN_SEAT": _("board {board}, line {line}: {tag} must be N, E, S or W, not '{value}'"),
        "BRIDGE_PBN_DEAL_FORMAT": _(
            "board {board}, line {line}: a deal is written 'N:<hand> <hand> <hand> <hand>', not '{value}'"
        ),
        "BRIDGE_PBN_DEAL_HANDS": _("board {board}, line {line}: a deal lists four hands, not {count}"),
        "BRIDGE_PBN_HAND_SUITS": _(
            "board {board}, line {line}: {compass}'s hand '{hand}' needs four suits separated by dots"
        ),
        "BRIDGE_PBN_RANK": _("board {board}, line {line}: {compass}'s hand '{hand}': '{text}' is no rank"),
        "BRIDGE_PBN_DEALT_TWICE": _(
            "board {board}, line {line}: {card} is dealt twice ({compass} and {other_compass})"
        ),
        "BRIDGE_PBN_HAND_SIZE": _("board {board}, line {line}: {compass} has {count} cards; a hand has 13"),
        "BRIDGE_PBN_AUCTION_SEAT": _(
            "board {board}, line {line}: the Auction tag names no seat and there is no Dealer"
        ),
        "BRIDGE_PBN_AUCTION_MARK": _(
            "board {board}, line {line}: '{text}' is no auction irregularity (^I or ^S)"
        ),
        "BRIDGE_PBN_PADDING": _("board {board}, line {line}: '-' only pads the seats before the first call"),
        "BRIDGE_PBN_AUCTION_LONG": _(
            "board {board}, line {line}: the auction goes on past call {count}; "
            "no auction has that many calls (319 at most are legal)"
        ),
        "BRIDGE_PBN_CALL": _("board {board}, line {line}: '{text}' is no call (Pass, X, XX, 1C..7NT, AP)"),
        "BRIDGE_PBN_PLAY_MARK": _("board {board}, line {line}: '{text}' is no play irregularity (^R or ^L)"),
        "BRIDGE_PBN_CARD": _("board {board}, line {line}: '{text}' is no card (suit then rank, e.g. SA, HT)"),
        "BRIDGE_PBN_TRICKS": _("board {board}, line {line}: {count:trick|tricks}; a deal has 13"),
        "BRIDGE_PBN_AFTER_UNKNOWN_TRICK": _(
            "board {board}, line {line}: a card in trick {trick} after the unknown cards of trick {unknown_trick}"
        ),
        "BRIDGE_PBN_AFTER_UNKNOWN_CARD": _(
            "board {board}, line {line}: trick {trick}: a card after an unknown one cannot be placed"
        ),
        "BRIDGE_PBN_RESULT_SIDE": _(
            "board {board}, line {line}: '{value}' gives a side's tricks but the declarer is unknown"
        ),
        "BRIDGE_PBN_RESULT": _("board {board}, line {line}: '{value}' is no result (tricks, or 'NS 9 EW 4')"),
        "BRIDGE_PBN_SCORE_SIDE": _(
            "board {board}, line {line}: '{value}' names no side and the declarer is unknown"
        ),
        "BRIDGE_PBN_SCORE": _(
            "board {board}, line {line}: '{value}' is no rubber score (e.g. 'NS 30/120 EW 0/0')"
        ),
        "BRIDGE_PBN_HAND_RECORD": _(
            "board {board}, line {line}: this file is a hand record ({count:board|boards} dealt, "
            "no contract or result): it gives the boards of a duplicate event, not a rubber to score"
        ),
        "BRIDGE_PBN_SCORING": _(
            "board {board}, line {line}: Scoring '{value}': a game upload takes rubber bridge only "
            "('Rubber'); a duplicate evening's results file is imported from the club's page, "
            "'Import a duplicate evening'"
        ),
        "BRIDGE_PBN_DEALER_REQUIRED": _(
            "board {board}, line {line}: the Dealer tag is required (the Auction tag does not say it either)"
        ),
        "BRIDGE_PBN_DECLARER_REQUIRED": _(
            "board {board}, line {line}: the Contract tag names {contract}, but no Declarer tag says who "
            "declares it and the auction does not tell"
        ),
        "BRIDGE_PBN_RESULT_REQUIRED": _(
            "board {board}, line {line}: a contract was reached, but neither a Result tag nor a Play "
            "section gives the tricks taken"
        ),
        "BRIDGE_PBN_VULNERABLE": _(
            "board {board}, line {line}: Vulnerable '{value}' is none of None, NS, EW, All (or Love, -, Both)"
        ),
        "BRIDGE_PBN_CONTROL": _(
            "board {board}, line {line}: {tag} holds the control character {value}, which a name or a "
            "label cannot keep"
        ),
        "BRIDGE_PBN_BOARD": _(
            "board {board}, line {line}: a board number is written in the digits 0-9, at most {count} of them"
        ),
        "BRIDGE_PBN_CONTRACT": _(
            "board {board}, line {line}: '{value}' is no contract (e.g. 4H, 3NTX, 6SXX, Pass)"
        ),
        "BRIDGE_PBN_NO_TRUMP": _(
            "board {board}, line {line}: the trump is unknown: no Contract tag and no finished auction"
        ),
        "BRIDGE_PBN_PLAY_LEADER": _(
            "board {board}, line {line}: the Play tag names no leader and the declarer is unknown"
        ),
        "BRIDGE_PBN_PLAYER_CHANGED": _(
            "board {board}, line {line}: {tag} is '{name}' but '{known}' sat there from board {since}; "
            "a log is one table of the same four players in the same seats"
        ),
        "BRIDGE_PBN_PLAYER_MOVED": _(
            "board {board}, line {line}: {tag} is '{name}' but '{known}' sat there from board {since}; "
            "{name} sat {other_tag} before; a log is one table of the same four players in the same seats"
        ),
        "BRIDGE_PBN_PLAYER_TWICE": _(
            "board {board}, line {line}: {tag} is '{name}', who sits {other_tag} from board {since}; "
            "one player has one seat"
        ),
        # Reading PBN hand records and duplicate results (rules/bridge/pbn_duplicate.py).
        "BRIDGE_PBN_NO_RESULT": _("the file holds no table's result on any board"),
        "BRIDGE_PBN_BOARD_NUMBER": _(
            "board {board}, line {line}: a duplicate board is numbered 1 to 9999 in its Board tag, "
            "not '{value}'"
        ),
        "BRIDGE_PBN_BOARD_TWICE": _(
            "board {board}, line {line}: board {board} is given twice; the first is at line {first}"
        ),
        "BRIDGE_PBN_TABLE_BOARD_TWICE": _(
            "board {board}, line {line}: the same four players have board {board} twice; the first is "
            "at line {first}"
        ),
        "BRIDGE_PBN_DEAL_REQUIRED": _(
            "board {board}, line {line}: a hand record gives each board's deal in a Deal tag"
        ),
        "BRIDGE_PBN_DEAL_PARTIAL": _(
            "board {board}, line {line}: {compass}'s hand is not given ('-'); a hand record has whole deals"
        ),
        "BRIDGE_PBN_CONTRACT_REQUIRED": _(
            "board {board}, line {line}: a table's result needs its contract: no Contract tag and no Auction"
        ),
        # Reading PBN results files: the tables of PBN 2.1 §5 (rules/bridge/pbn_results.py).
        "BRIDGE_PBN_TABLE_COLUMN": _(
            "board {board}, line {line}: {tag} column '{text}' is not a name with its width and "
            "alignment (Score_NS\\6R, Names\\40L)"
        ),
        "BRIDGE_PBN_TABLE_COLUMN_TWICE": _("board {board}, line {line}: {tag} names the column {name} twice"),
        "BRIDGE_PBN_TABLE_ROW": _(
            "board {board}, line {line}: this {tag} row has {count:value|values}; its header names "
            "one per column: {fields}"
        ),
        "BRIDGE_PBN_TABLE_TWICE": _(
            "board {board}, line {line}: {tag} is given a second time; the first is at line {first}"
        ),
        # Reading BBO's LIN files (rules/bridge/lin.py): the board and the line of the file.
        "BRIDGE_LIN_NO_BOARD": _("the file holds no board (no qx, pn or md tag)"),
        "BRIDGE_LIN_OPEN_TAG": _("board {board}, line {line}: the tag '{tag}' has no value closed by '|'"),
        "BRIDGE_LIN_BOARD_NUMBER": _(
            "board {board}, line {line}: a board is numbered 1 to 9999 in {tag} ('Board 7', 'o7'), "
            "not '{value}'"
        ),
        "BRIDGE_LIN_BOARD_REQUIRED": _(
            "board {board}, line {line}: the board has no number: no ah ('Board 7') and no qx ('o7') tag"
        ),
        "BRIDGE_LIN_BOARD_TWICE": _(
            "board {board}, line {line}: the same four players have board {board} twice; the first is "
            "at line {first}"
        ),
        "BRIDGE_LIN_NAMES_REQUIRED": _("board {board}, line {line}: no pn tag names the four players"),
        "BRIDGE_LIN_NAMES": _(
            "board {board}, line {line}: pn names four different players (South, West, North, East), "
            "not '{value}'"
        ),
        "BRIDGE_LIN_DEAL_REQUIRED": _("board {board}, line {line}: the board has no deal (md tag)"),
        "BRIDGE_LIN_DEALER": _(
            "board {board}, line {line}: md starts with the dealer, 1 (South), 2 (West), 3 (North) or "
            "4 (East), not '{value}'"
        ),
        "BRIDGE_LIN_HANDS": _(
            "board {board}, line {line}: md lists three or four hands (South, West, North, East), not {count}"
        ),
        "BRIDGE_LIN_HAND": _(
            "board {board}, line {line}: {compass}'s hand '{hand}': '{text}' is no suit (S, H, D, C) or rank"
        ),
        "BRIDGE_LIN_DEALT_TWICE": _(
            "board {board}, line {line}: {card} is dealt twice, to {compass} and to {other_compass}"
        ),
        "BRIDGE_LIN_HAND_SIZE": _("board {board}, line {line}: {compass} has {count} cards; a hand has 13"),
        "BRIDGE_LIN_VULNERABLE": _(
            "board {board}, line {line}: sv is o (none), n (North–South), e (East–West) or b (both), "
            "not '{value}'"
        ),
        "BRIDGE_LIN_CALL": _("board {board}, line {line}: '{text}' is no call (p, d, r, 1C..7N)"),
        "BRIDGE_LIN_AUCTION_UNFINISHED": _(
            "board {board}, line {line}: the auction stops after {count:call|calls}, before it has ended"
        ),
        "BRIDGE_LIN_CARD": _("board {board}, line {line}: '{text}' is no card (suit then rank, e.g. SA, HT)"),
        "BRIDGE_LIN_PLAYED_TWICE": _(
            "board {board}, line {line}: {card} is played twice; the first time is at line {first}"
        ),
        "BRIDGE_LIN_NO_CONTRACT": _(
            "board {board}, line {line}: '{tag}' follows an auction that reached no contract"
        ),
        "BRIDGE_LIN_PLAY_UNFINISHED": _(
            "board {board}, line {line}: the play stops in the middle of trick {trick} with no claim (mc)"
        ),
        "BRIDGE_LIN_RESULT_REQUIRED": _(
            "board {board}, line {line}: {contract} has neither play (pc) nor claim (mc); its result "
            "is unknown"
        ),
        "BRIDGE_LIN_CLAIM": _(
            "board {board}, line {line}: mc '{value}' is no total of the declarer's side's tricks after "
            "the play, in which it has won {count}"
        ),
        # Writing PBN from a log document (rules/bridge/pbn.py, write_pbn).
        "BRIDGE_EXPORT_DOCUMENT": _("a rubber log is an object"),
        "BRIDGE_EXPORT_PLAYERS": _("must be four names [N, E, S, W]"),
        "BRIDGE_EXPORT_RUBBER_SCORES": _("has {items:item|items} for {deals:deal|deals}; give one per deal"),
        "BRIDGE_EXPORT_EVENT": _("must be an object with name, site and date"),
        "BRIDGE_EXPORT_DEAL": _("a deal is an object"),
        "BRIDGE_EXPORT_CARD": _("must be a card such as 'TH', not {found}"),
        "BRIDGE_EXPORT_HANDS": _("must be an object keyed by seat"),
        "BRIDGE_EXPORT_HAND": _("must be a list of cards"),
        "BRIDGE_EXPORT_MARKS": _("must be a list of objects"),
        "BRIDGE_EXPORT_POINTS": _("must be points or a list of points, not {found}"),
        "BRIDGE_EXPORT_SIDES": _("must be an object with 'we' and 'they'"),
        "BRIDGE_EXPORT_LINES": _("must be an object with 'above' and 'below'"),
        "BRIDGE_EXPORT_GAMES": _("must be [we, they]: games won in the rubber after this deal"),
        "BRIDGE_EXPORT_GAMES_ORDER": _("{games} cannot follow {previous}: a deal wins at most one game"),
        "BRIDGE_EXPORT_PLAY": _("must be a list of tricks"),
        "BRIDGE_EXPORT_LEADER": _(
            "the opening leader is unknown: the auction names no declarer and none is recorded"
        ),
        "BRIDGE_EXPORT_TRUMP": _("the trump is unknown: no contract"),
        "BRIDGE_EXPORT_TRICK": _("a trick is a list of one to four cards"),
        "BRIDGE_EXPORT_SHORT_TRICK": _("only the last trick may be incomplete"),
    }
)
