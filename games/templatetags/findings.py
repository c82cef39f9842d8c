"""What each finding code means, in the reader's language.

The codes are the spec's contract and stay as they are; the engine's
messages name cards and players in English. Pages show this title beside
the code, so a Russian or Ukrainian reader knows the kind of finding at once.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext_lazy as _

from games import vocabulary
from games.finding_text import error_text as said

register = template.Library()

TITLES = {
    "RENEGE_UNCORRECTED": _("Uncorrected renege"),
    "RENEGE_CORRECTED": _("Renege corrected in time"),
    "MISSING_REDEAL": _("Deal should have been redealt"),
    "BID_OUT_OF_RANGE": _("Bid out of range"),
    "BID_OUT_OF_TURN": _("Bid out of turn"),
    "BID_CHANGE_TOO_LATE": _("Bid changed too late"),
    "DEALER_HOOK": _("Dealer's bid makes the bids even"),
    "CARD_NOT_IN_HAND": _("Card not in the hand"),
    "DUPLICATE_CARD": _("Card played twice"),
    "PLAY_OUT_OF_TURN": _("Card played out of turn"),
    "EXPOSED_CARD_NOT_PLAYED": _("Exposed card not played"),
    "WRONG_CARD_COUNT": _("Wrong number of cards"),
    "TAKEN_MISMATCH": _("Tricks taken do not match the play"),
    "SCORE_MISMATCH": _("Deal score miscopied"),
    "TOTAL_MISMATCH": _("Total miscopied"),
    "WRONG_DEALER": _("Wrong dealer"),
    "WRONG_SCHEDULE": _("Wrong number of cards for the deal"),
    "TRUMP_ON_LAST_DEAL": _("Trump turned on the no-trump deal"),
    "BID_MISSING": _("Bid missing"),
    "ILLEGAL_TAKE_BACK": _("Card taken back against the rules"),
    # Rubber bridge (rules/bridge/codes.py).
    "REVOKE": _("Revoke"),
    "REVOKE_CORRECTED": _("Revoke corrected in time"),
    "INSUFFICIENT_BID": _("Insufficient bid"),
    "CALL_OUT_OF_ROTATION": _("Call out of rotation"),
    "CALL_AFTER_AUCTION_END": _("Call after the auction ended"),
    "AUCTION_INCOMPLETE": _("Auction not finished"),
    "ILLEGAL_DOUBLE": _("Double not allowed"),
    "ILLEGAL_REDOUBLE": _("Redouble not allowed"),
    "LEAD_OUT_OF_TURN": _("Opening lead out of turn"),
    "LEAD_MISMATCH": _("Lead on the traveller differs from the play"),
    "LEAD_NOT_IN_HAND": _("Lead not in the leader's hand"),
    "LEAD_WITHOUT_CONTRACT": _("Lead on a board passed out"),
    "BOARD_DEALER_DIFFERS": _("Dealer differs from the board's number"),
    "BOARD_VULNERABLE_DIFFERS": _("Vulnerability differs from the board's number"),
    "CLAIM_MISMATCH": _("Claim does not add up"),
    "CONTRACT_MISMATCH": _("Contract recorded differs from the auction"),
    "HONOURS_MISMATCH": _("Honours miscounted"),
    "RESULT_MISMATCH": _("Result recorded differs from the play"),
    "RESULT_MISSING": _("Result missing"),
    "VULNERABLE_TAG_DIFFERS": _("Vulnerability in the file differs from the rubber"),
    # Preferans (rules/preferans/codes.py).
    "CALL_OUT_OF_TURN": _("Call out of turn"),
    "BID_TOO_LOW": _("Bid not above the last one"),
    "PASS_WITHDRAWN": _("Bid after passing"),
    "MISERE_RULE": _("Misère called against the rules"),
    "DARK_NOT_ALLOWED": _("Dark game not allowed"),
    "DARK_OVERCALL_WRONG": _("Dark game overcalled wrongly"),
    "DISCARD_WRONG": _("Wrong discard"),
    "CONTRACT_BELOW_BID": _("Game named below the bid"),
    "WHIST_OUT_OF_TURN": _("Whist out of turn"),
    "WHIST_MISSING": _("Whist decision missing"),
    "WHIST_REQUIRED": _("Both defenders had to whist"),
    "HALF_WHIST_WRONG": _("Half-whist not allowed"),
    "OPEN_WRONG": _("Open play not allowed"),
    "WHIST_QUOTA": _("Whisters short of their tricks"),
    "NOT_TRUMPED": _("Did not trump when void"),
    "TRICKS_MISMATCH": _("Tricks written differ from the play"),
    "ENTRY_MISMATCH": _("Pulka entry miswritten"),
    "BOMB_MISMATCH": _("Bomb miswritten"),
    "SETTLEMENT_MISMATCH": _("Settlement miswritten"),
    # Durak (rules/durak/codes.py).
    "WRONG_FIRST_ATTACKER": _("Wrong player made the first attack"),
    "WRONG_ATTACKER": _("Attack out of turn"),
    "ATTACK_NOT_ONE_RANK": _("Attack with cards of different ranks"),
    "TOO_MANY_CARDS_FOR_DEFENDER": _("More cards than the defender holds"),
    "BOUT_LIMIT_EXCEEDED": _("Too many cards in one bout"),
    "THROW_IN_RANK_NOT_ON_TABLE": _("Thrown-in rank not on the table"),
    "THROW_IN_NOT_ALLOWED": _("Player may not throw in"),
    "NOT_YOUR_TURN_TO_THROW": _("Thrown in before the attacker"),
    "ILLEGAL_BEAT": _("Card does not beat"),
    "NO_SUCH_ATTACK_CARD": _("No such card to beat"),
    "NOT_THE_DEFENDER": _("Not the defending player"),
    "ILLEGAL_TRANSFER": _("Transfer not allowed"),
    "BOUT_ENDED_UNBEATEN": _("Bout ended with cards unbeaten"),
    "BLIND_NOT_ALLOWED": _("Blind beat not allowed"),
    "CHALLENGE_MISSING": _("Blind beat left unanswered"),
    "CHALLENGE_OUT_OF_PLACE": _("Answer to a blind beat out of place"),
    "BLIND_BEAT_ACCEPTED": _("Wrong blind beat accepted"),
    "WRONG_DRAW_ORDER": _("Cards drawn out of order"),
    "WRONG_DRAW_COUNT": _("Wrong number of cards drawn"),
    "WRONG_DRAW_CARDS": _("Drawn cards differ from the stock"),
    "EVENT_OUT_OF_PLACE": _("Event out of place"),
    "EVENT_AFTER_GAME_END": _("Events after the end of the game"),
    "GAME_INCOMPLETE": _("Game not finished in the log"),
    "RESULT_NOT_REPLAYED": _("Result recorded without the play"),
    "FOOL_MISMATCH": _("Recorded fool differs from the play"),
    # The arbiter's rulings, in every game (docs/arbiter.md).
    "ANNULLED_BY_ARBITER": _("Deal annulled by the arbiter"),
    "SCORE_ADJUSTED": _("Adjusted score assigned by the arbiter"),
    "PENALTY_WAIVED": _("Penalty waived by the arbiter"),
    "PENALTY_CONFIRMED": _("Penalty confirmed by the arbiter"),
    "RULING_NOT_APPLICABLE": _("Ruling without effect"),
}


@register.filter
def finding_title(code: str) -> str:
    """``{{ finding.code|finding_title }}``: the code's meaning, or the code itself when unknown."""
    return str(TITLES.get(code, code))


@register.filter
def game_name(key: str) -> str:
    """``{{ game.game_type|game_name }}``: "Oh Hell" (Черт побери), or the key when unknown."""
    return vocabulary.game_name(key)


@register.filter
def preset_name(preset: str, game: str) -> str:
    """``{{ ruleset.preset|preset_name:game.game_type }}``: Сочинка, переводной, правила сида."""
    return vocabulary.preset_name(game, preset)


@register.filter
def ruleset_name(ruleset: Any, game: str) -> str:
    """``{{ tournament.ruleset|ruleset_name:tournament.game_type }}``: a ruleset as stored (a preset
    name, or ``{"preset": …, options}``) by its preset's name, «с изменениями» when it has options."""
    return vocabulary.ruleset_name(game, ruleset)


@register.filter
def error_text(error: Any) -> str:
    """``{{ upload.error|error_text }}``: a refusal kept with its code, said in the reader's
    language (its English ``message`` when it has no code)."""
    return said(error) if error else ""
