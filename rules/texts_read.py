"""The sentences of the refusals every game shares, in English, one per code (rules/texts.py).

The JSON text itself (rules/jsondoc.py: ``JSON_…``), the document whatever its game
(rules/registry.py: ``LOG_…``), the strict readers of JSON values, rulesets, cards and
tricks (rules/strict.py: ``READ_…``) and the arbiter's ruling (rules/arbiter.py:
``ARBITER_…``). A refusal's path says where it is (``deals[3].tricks[2]``), so a template
never names the object it is about in words of its own; the apps translate these same
strings. Imported by rules/errors.py, so every code here is registered wherever a
refusal can be raised.
"""

from __future__ import annotations

from rules.texts import errors
from rules.texts import gettext_noop as _

ERRORS_TEXTS: dict[str, str] = errors(
    {
        # -- the JSON text (rules/jsondoc.py) -----------------------------------------------
        "JSON_NOT_UTF8_START": _("not UTF-8 text: invalid start byte at byte {byte}"),
        "JSON_NOT_UTF8_CONTINUATION": _("not UTF-8 text: invalid continuation byte at byte {byte}"),
        "JSON_NOT_UTF8_END": _("not UTF-8 text: unexpected end of data at byte {byte}"),
        "JSON_NOT_UTF8": _("not UTF-8 text at byte {byte}"),
        "JSON_EXPECTING_VALUE": _("not JSON: Expecting value at line {line} column {column}"),
        "JSON_EXPECTING_NAME": _(
            "not JSON: Expecting property name enclosed in double quotes at line {line} column {column}"
        ),
        "JSON_EXPECTING_COLON": _("not JSON: Expecting ':' delimiter at line {line} column {column}"),
        "JSON_EXPECTING_COMMA": _("not JSON: Expecting ',' delimiter at line {line} column {column}"),
        "JSON_EXTRA_DATA": _("not JSON: Extra data at line {line} column {column}"),
        "JSON_UNTERMINATED_STRING": _(
            "not JSON: Unterminated string starting at line {line} column {column}"
        ),
        "JSON_CONTROL_CHARACTER": _("not JSON: Invalid control character at line {line} column {column}"),
        "JSON_INVALID_ESCAPE": _("not JSON: Invalid \\escape at line {line} column {column}"),
        "JSON_INVALID_UNICODE_ESCAPE": _("not JSON: Invalid \\uXXXX escape at line {line} column {column}"),
        "JSON_SYNTAX": _("not JSON: a syntax error at line {line} column {column}"),
        "JSON_CONSTANT": _("not JSON: {constant} is not a number JSON allows"),
        "JSON_NUMBER_TOO_LONG": _("not JSON: a number has more than {digits} digits"),
        "JSON_TOO_DEEP": _("not JSON: nested too deeply to read"),
        "JSON_UNREADABLE": _("not JSON: the text cannot be read as JSON"),
        "JSON_DEPTH": _("nested deeper than {most} levels"),
        "JSON_TOO_LARGE": _("not JSON that can be read here: more than {most} bytes"),
        "JSON_NUMBER_TOO_LARGE": _("not JSON that can be kept: a number is too large"),
        "JSON_TEXT_SURROGATE": _("holds a lone surrogate ({value}), which is no character"),
        "JSON_TEXT_CONTROL": _("holds the control character {value}, which text may not contain"),
        # -- the document, whatever its game (rules/registry.py) ----------------------------
        "LOG_NOT_OBJECT": _("a game log is a JSON object, not {found}"),
        "LOG_GAME_REQUIRED": _("is required and names the game: one of {games}"),
        "LOG_UNKNOWN_GAME": _("unknown game '{game}'; known: {games}"),
        "LOG_FILE_UNREADABLE": _("cannot read the file: {reason}"),
        "LOG_OTHER_GAME": _("this game is {game}; a correction cannot make it {other_game}"),
        "LOG_TOO_LARGE": _("the file is {size} bytes; a log may be at most {most}"),
        "LOG_READER_FAILED": _(
            "the reader failed on this log, a fault of Trickbook's rather than of the log; "
            "the log is kept as it came"
        ),
        "LOG_REPLAY_FAILED": _(
            "the replay failed on this log, a fault of Trickbook's rather than of the log; "
            "the log is kept as it came"
        ),
        # -- JSON values (rules/strict.py) --------------------------------------------------
        "READ_INT": _("must be a whole number, not {found}"),
        "READ_INT_AT_LEAST": _("must be at least {low}, not {value}"),
        "READ_INT_AT_MOST": _("must be at most {high}, not {value}"),
        "READ_INT_RANGE": _("must be from {low} to {high}, not {value}"),
        "READ_BOOL": _("must be true or false, not {found}"),
        "READ_OBJECT": _("must be a JSON object, not {found}"),
        "READ_KEY_TWICE": _("'{field}' appears twice in this object"),
        "READ_UNKNOWN_FIELD": _("unknown field '{field}'; this object has {fields}"),
        # -- rulesets (rules/strict.py) -----------------------------------------------------
        "READ_PRESET_EMPTY": _("must be a preset name, not empty text"),
        "READ_RULESET_TYPE": _("must be a preset name or an object, not {found}"),
        "READ_PRESET_NAME": _("must be a preset name (a string)"),
        "READ_RULESET_VALUE": _("must be a preset name or an object with a preset and options"),
        "READ_UNKNOWN_PRESET": _("unknown preset '{preset}'; known: {presets}"),
        "READ_UNKNOWN_OPTION": _("unknown ruleset option '{option}'; known: {options}"),
        # -- cards and tricks (rules/strict.py) ---------------------------------------------
        "READ_CARD_TYPE": _("must be a card such as 'TH' or '10♥', not {found}"),
        "READ_CARD_UNKNOWN": _(
            "unknown card: {found} is not a card (expected rank then suit, e.g. TH, 10H, Q♠)"
        ),
        "READ_CARDS_TYPE": _("must be a list of cards, not {found}"),
        "READ_TRICKS_TYPE": _("must be a list of tricks, not {found}"),
        "READ_TRICKS_COUNT": _("a deal has {tricks:trick|tricks}, not {count}"),
        "READ_TRICK_SIZE": _("a trick has one card from each of the {players} players, not {count}"),
        "READ_TRICK_SIZE_IN_PLAY": _(
            "a trick has one card from each of the {players} players in play, not {count}"
        ),
        "READ_TRICK_INCOMPLETE": _("only the last trick may be incomplete, not trick {trick_no}"),
        "READ_TRICK_CLAIM": _(
            "trick {trick_no} has {count} of {cards:card|cards}; play may stop mid-trick only for a claim"
        ),
        # -- the arbiter's ruling (rules/arbiter.py) ----------------------------------------
        "ARBITER_EMPTY": _("rules nothing: give annul, score, waive or confirm"),
        "ARBITER_ANNUL": _("must be true (leave it out otherwise), not {found}"),
        "ARBITER_ANNUL_AND_SCORE": _("an annulled deal has no score: give annul or score"),
        "ARBITER_SCORE_AND_PENALTY": _("an adjusted score is the deal's whole score, penalties included"),
        "ARBITER_WAIVED_AND_CONFIRMED": _("a penalty is waived or confirmed, not both"),
        "ARBITER_REASON": _("must be text, not {found}"),
        "ARBITER_DISPUTE": _("must be a dispute number, not {found}"),
        "ARBITER_SEATS": _("must be a list of seats, not {found}"),
        "ARBITER_SEAT_TWICE": _("this seat is listed twice"),
    }
)
