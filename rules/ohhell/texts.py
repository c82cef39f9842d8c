"""The sentences of the Oh Hell findings and refusals, in English, one per code and form
(rules/texts.py).

The placeholders' names say what they show (a ``…seat`` is a player, a
``…card`` a card; a refusal's ``seat_no`` is a seat number as the document
writes it); the apps translate these same strings. The refusals the games
share (a whole number, a card, a ruleset's preset ...) are rules/texts_read.py's.
"""

from __future__ import annotations

from rules.texts import errors
from rules.texts import gettext_noop as _

TEXTS: dict[str, str] = {
    "WRONG_DEALER": _("deal {deal} was dealt by {seat}, but it was {expected_seat}'s turn to deal"),
    "WRONG_SCHEDULE/cards": _(
        "deal {deal} has {cards:card|cards} each, but the schedule calls for {scheduled}"
    ),
    "WRONG_SCHEDULE/deals": _(
        "the game has {deals:deal|deals} (redeals not counted), but the schedule has {scheduled}"
    ),
    "TRUMP_ON_LAST_DEAL": _(
        "deal {deal} is the last of the game and is played without trumps, but {card} was turned"
    ),
    "TOTAL_MISMATCH": _("{seat}'s total is written as {written}, but the deals add up to {total}"),
    "MISSING_REDEAL": _(
        "deal {deal} was annulled for a renege, but the log does not show the redeal "
        "by {seat} with {cards:card|cards} each"
    ),
    "WRONG_CARD_COUNT/tricks": _(
        "the log shows {tricks:trick|tricks}, but {cards:card|cards} each were dealt"
    ),
    "WRONG_CARD_COUNT/hand": _("{seat} was dealt {dealt:card|cards}, but the deal has {cards} each"),
    "WRONG_CARD_COUNT/after_last": _(
        "{seat} played {card} after the last trick ({cards:trick|tricks} in this deal)"
    ),
    "WRONG_CARD_COUNT/trick_size": _(
        "trick {trick} has {played:card|cards}, not one from each of the {players} players; "
        "the play from there on cannot be checked"
    ),
    "WRONG_CARD_COUNT/trick_left": _("trick {trick} was left with {played} of {players} cards"),
    "WRONG_CARD_COUNT/complete": _(
        "the log shows {tricks:complete trick|complete tricks}, but {cards:card|cards} each were dealt"
    ),
    "SCORE_MISMATCH": _(
        "{seat}'s score for deal {deal} is written as {written}, but the rules give {score} "
        "(bid {bid}, took {taken})"
    ),
    "SCORE_MISMATCH/no_bid": _(
        "{seat}'s score for deal {deal} is written as {written}, but the rules give {score} "
        "(no bid, took {taken})"
    ),
    "SCORE_MISMATCH/annulled": _(
        "{seat}'s score for deal {deal} is written as {written}, but the rules give {score} (annulled deal)"
    ),
    "TAKEN_MISMATCH": _("{seat}'s tricks are written as {written}, but the play shows {actual}"),
    "TAKEN_MISMATCH/negative": _("{seat}'s tricks are written as {written}"),
    "TAKEN_MISMATCH/sum": _("the tricks taken add up to {total}, but {cards:card|cards} each were dealt"),
    "RENEGE_UNCORRECTED": _("{seat} played {card} on a {led_suit} lead while holding {held_card}"),
    "RENEGE_UNCORRECTED/marked": _(
        "{seat} reneged and it was not corrected in time (marked on the score sheet, without the cards)"
    ),
    "RENEGE_CORRECTED": _(
        "{seat} played {card} on a {led_suit} lead while holding {held_card}, and took it back "
        "before the next lead; {card} is now an exposed card"
    ),
    "BID_OUT_OF_RANGE": _("{seat} bid {bid} with {cards:card|cards}; a bid is from 0 to {cards}"),
    "DEALER_HOOK": _(
        "{seat} (the dealer) bid {bid}, making the bids add up to the {cards:card|cards} dealt, "
        "which the dealer hook forbids"
    ),
    "BID_CHANGE_TOO_LATE": _(
        "{seat} changed the bid from {previous} to {bid} after {next_seat} had bid; the bid of {previous} stands"
    ),
    "BID_CHANGE_TOO_LATE/playing": _(
        "{seat} changed the bid from {previous} to {bid} after play had begun; the bid of {previous} stands"
    ),
    "BID_OUT_OF_TURN": _(
        "{seat} bid {bid} out of turn (it was {turn_seat}'s turn); the bid stands and the turn "
        "goes back to {turn_seat}"
    ),
    "BID_OUT_OF_TURN/playing": _("{seat} bid {bid} after play had begun; the bid stands"),
    "BID_MISSING": _("{seat} made no bid"),
    "PLAY_OUT_OF_TURN": _(
        "{seat} played {card} out of turn (it was {expected_seat}'s turn); it stays face up as an exposed card"
    ),
    "DUPLICATE_CARD/hand_trump": _(
        "{card} is in {seat}'s hand and is the turned trump card: one card appears twice in the deal"
    ),
    "DUPLICATE_CARD/hand_dealt": _(
        "{card} is in {seat}'s hand and was also dealt to {other_seat}: one card appears twice in the deal"
    ),
    "DUPLICATE_CARD/played_trump": _("{seat} played {card}, which is the turned trump card"),
    "DUPLICATE_CARD/exposed_trump": _("{seat} exposed {card}, which is the turned trump card"),
    "DUPLICATE_CARD/played_played": _(
        "{seat} played {card}, which was played by {other_seat} in trick {in_trick}"
    ),
    "DUPLICATE_CARD/exposed_played": _(
        "{seat} exposed {card}, which was played by {other_seat} in trick {in_trick}"
    ),
    "CARD_NOT_IN_HAND/played": _("{seat} played {card}, which is not among the cards dealt to {seat}"),
    "CARD_NOT_IN_HAND/exposed": _("{seat} exposed {card}, which is not among the cards dealt to {seat}"),
    "EXPOSED_CARD_NOT_PLAYED": _(
        "{seat} played {played_card} in trick {trick} instead of the exposed {card}, which could legally be played"
    ),
    "ILLEGAL_TAKE_BACK/not_on_trick": _(
        "{seat} took back {card}, which is not on the current trick "
        "(a card can be taken back only before the next lead)"
    ),
    "ILLEGAL_TAKE_BACK/not_renege": _(
        "{seat} took back {card}, but only a renege, or a card played after one, "
        "may be taken back; {card} is now an exposed card"
    ),
    # The arbiter's rulings (docs/arbiter.md).
    "RULING_NOT_APPLICABLE": _(
        "the arbiter's ruling on deal {deal} names {seat}, who has no renege penalty in it"
    ),
    "SCORE_ADJUSTED": _("deal {deal} is scored as the arbiter assigned: {scores_by_seat}"),
    "PENALTY_WAIVED": _("the arbiter waived {seat}'s renege penalty in deal {deal}"),
    "PENALTY_CONFIRMED": _("the arbiter confirmed {seat}'s renege penalty in deal {deal}"),
    "ANNULLED_BY_ARBITER": _(
        "the arbiter annulled deal {deal}: nobody scores it, and the same dealer, "
        "{seat}, deals again with {cards:card|cards} each"
    ),
}

ERRORS_TEXTS: dict[str, str] = errors(
    {
        # -- the document (rules/ohhell/document.py) ----------------------------------------
        "OHHELL_REQUIRED": _("is required"),
        "OHHELL_UNKNOWN_FIELD": _("unknown field '{field}'; a game log has {fields}"),
        "OHHELL_GAME": _("must be '{game}' for an Oh Hell log, not {found}"),
        "OHHELL_VERSION": _("unsupported version: {found}; this reader knows version {version}"),
        "OHHELL_DEALS_TYPE": _("must be a list of deals, not {found}"),
        "OHHELL_PLAYERS_TYPE": _("must be a list of names, not {found}"),
        "OHHELL_PLAYERS_COUNT": _("Oh Hell is played by {low} to {high} players, not {count}"),
        "OHHELL_PLAYER_NAME": _("must be a player's name, not {found}"),
        "OHHELL_PLAYER_TWICE": _("'{name}' is already at seat {seat_no}; names must differ"),
        "OHHELL_SEAT_TYPE": _("must be a seat number, not {found}"),
        "OHHELL_SEAT_RANGE": _("seat {seat_no} is out of range; seats are 0 to {last_seat_no}"),
        "OHHELL_NUMBERS_TYPE": _("must be a list of whole numbers, one per seat, not {found}"),
        "OHHELL_HANDS_TYPE": _("must be a list of hands, one per seat, not {found}"),
        "OHHELL_BLIND_TYPE": _("must be a list of true/false, one per seat, not {found}"),
        "OHHELL_SEAT_COUNT": _("must hold one entry per seat ({players}), not {count}"),
        "OHHELL_UNKNOWN_DEAL_FIELD": _("unknown deal field '{field}'; a deal has {fields}"),
        "OHHELL_TRUMP_REQUIRED": _("is required (null for a deal without trumps)"),
        "OHHELL_EVENTS_AND_COMPACT": _("a deal with events records its bids and play as events"),
        "OHHELL_BIDS_REQUIRED": _("is required (or events)"),
        "OHHELL_TRICKS_REQUIRED": _("is required (or taken, for a score-sheet-only deal)"),
        "OHHELL_RENEGED_WITH_PLAY": _(
            "belongs to a score-sheet-only deal; a deal with {field} shows its reneges in its cards"
        ),
        "OHHELL_RENEGED_WITHOUT_TAKEN": _("belongs to a score-sheet-only deal: give the deal's taken too"),
        "OHHELL_RENEGED_TYPE": _("must be a list of the seats that reneged, not {found}"),
        "OHHELL_RENEGED_EMPTY": _("lists nobody; leave it out for a deal that stands"),
        "OHHELL_RENEGED_TWICE": _(
            "seat {seat_no} is listed twice; each seat that reneged loses the penalty once"
        ),
        "OHHELL_EVENTS_TYPE": _("must be a list of events, not {found}"),
        "OHHELL_UNKNOWN_EVENT": _("unknown event '{event}'; events are {events}"),
        "OHHELL_EVENT_KINDS": _("an event is exactly one of {events} with its seat"),
        # -- the ruleset (rules/ohhell/ruleset.py) ------------------------------------------
        "OHHELL_SCHEDULE_TYPE": _("must be a non-empty list of cards per deal, not {found}"),
        "OHHELL_SCHEDULE_CARDS": _("must be a whole number of cards, not {found}"),
        "OHHELL_SCHEDULE_RANGE": _(
            "{cards:card|cards} each cannot be dealt to {players} players (1 to {most})"
        ),
        "OHHELL_NIL_MADE": _('must be a whole number or "N+cards" such as "5+cards", not {found}'),
        # -- a score sheet's entry (rules/ohhell/sheet_entry.py) ----------------------------
        "OHHELL_SHEET_ROWS": _(
            "the schedule has {deals:deal|deals}; the sheet has {bid_rows:row|rows} of bids, "
            "{taken_rows} of taken"
        ),
        "OHHELL_SHEET_TRUMP_MISSING": _(
            "write the trump card turned up for deal {deal_no}: the sheet cannot tell it, and no card is not the same as no trump"
        ),
        "OHHELL_SHEET_TRUMP_ON_NO_TRUMP": _("deal {deal_no} is played without trumps: no card is turned up"),
    }
)
