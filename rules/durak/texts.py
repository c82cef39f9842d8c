"""The sentences of the durak findings and of the durak reader's refusals, in English (rules/texts.py).

``TEXTS`` holds one template per finding code and form (``CODE/form``), filled by
:meth:`rules.durak.codes.Findings.at` from the finding's parameters and its fields: ``deal``
(the game, from 1), ``bout`` (also ``trick``), ``event`` (the 0-based index of the event),
``seat`` and ``card``. ``ERRORS_TEXTS`` holds the templates of the refusals of
rules.durak.document and rules.durak.ruleset, by code (registered with
:func:`rules.texts.errors`). The placeholders' names say what they show (a ``…seat`` is a
player, a ``…card`` a card, a ``…_by_seat`` one number per seat, ``found`` a JSON value); the
apps translate these same strings.

The arbiter's ``reason`` is the arbiter's own words: an annulment says it in its sentence
(the ``…_reason`` forms); an assigned result keeps it as a parameter only, as its sentence
already comes in twenty forms (what was assigned, times what the play or the log gave).
"""

from __future__ import annotations

from rules.texts import errors
from rules.texts import gettext_noop as _

TEXTS: dict[str, str] = {
    # -- the deal ---------------------------------------------------------------------------
    "WRONG_DEALER": _("{seat} deals, but the fool of game {previous_game}, {fool_seat}, deals next"),
    "WRONG_DEALER/annulled": _(
        "{seat} deals, but game {previous_game} is annulled: its redeal is {wanted_seat}'s "
        "(or, had the table played on before the ruling, {table_fool_seat}'s, the fool without it)"
    ),
    "WRONG_DEALER/assigned": _(
        "{seat} deals, but the fool the arbiter assigned in game {previous_game}, {wanted_seat}, deals next "
        "(or, had the table played on before the ruling, {table_fool_seat}'s, the fool without it)"
    ),
    # -- who attacks ----------------------------------------------------------------------------
    "WRONG_FIRST_ATTACKER/lowest": _(
        "{seat} opens the game, but the first attack goes to the holder of the lowest trump, "
        "{trump_card}: {first_seats}"
    ),
    "WRONG_FIRST_ATTACKER/highest": _(
        "{seat} opens the game, but the first attack goes to the holder of the highest trump, "
        "{trump_card}: {first_seats}"
    ),
    "WRONG_FIRST_ATTACKER/no_trump": _(
        "{seat} opens the game, but nobody holds a trump, so the first attack goes to the holder "
        "of the highest card ({high_cards}): {first_seats}"
    ),
    "WRONG_ATTACKER": _("{seat} attacks, but it is {attacker_seat}'s turn to attack"),
    "ATTACK_NOT_ONE_RANK": _("an attack of several cards is of one rank: {attack_cards}"),
    # -- cards ----------------------------------------------------------------------------------
    "CARD_NOT_IN_HAND": _("{seat} plays {card}, which {seat} does not hold"),
    # -- adding cards -----------------------------------------------------------------------------
    "TOO_MANY_CARDS_FOR_DEFENDER": _(
        "{defender_seat} holds {held:card|cards} and already has {to_beat} to beat: no more may be added"
    ),
    "BOUT_LIMIT_EXCEEDED": _("a bout holds at most {limit:attack card|attack cards}"),
    "BOUT_LIMIT_EXCEEDED/first_bout": _(
        "a bout holds at most {limit:attack card|attack cards} in the first bout"
    ),
    "THROW_IN_RANK_NOT_ON_TABLE": _(
        "{card} is thrown in, but no card of its rank is on the table ({table_cards})"
    ),
    "THROW_IN_NOT_ALLOWED/defender": _("{seat} defends and cannot add cards to the attack on {seat}"),
    "THROW_IN_NOT_ALLOWED/out": _("{seat} is out of the game"),
    "THROW_IN_NOT_ALLOWED/simple": _(
        "in the simple game only the attacker, {attacker_seat}, adds cards («подкидывает только соперник»)"
    ),
    "NOT_YOUR_TURN_TO_THROW": _(
        "{seat} throws in before {attacker_seat}, the attacker, has passed: "
        "«право первым подбрасывать карты принадлежит игроку, чья очередь ходить»"
    ),
    # -- defending --------------------------------------------------------------------------------
    "ILLEGAL_BEAT/twin": _(
        "{card} cannot beat its twin {attack_card} («картой, равной по значению и масти, отбиться нельзя»)"
    ),
    "ILLEGAL_BEAT/lower": _("{card} is lower than {attack_card}"),
    "ILLEGAL_BEAT/no_trumps": _("{card} is of another suit than {attack_card}, and the game has no trumps"),
    "ILLEGAL_BEAT/trump": _("{attack_card} is a trump: only a higher trump beats it, not {card}"),
    "ILLEGAL_BEAT/suit": _("{card} is neither a higher {attack_suit} nor a trump"),
    "NO_SUCH_ATTACK_CARD": _("no uncovered {on_card} on the table; read as covering {covered_card}"),
    "NO_SUCH_ATTACK_CARD/any": _("no uncovered card on the table; read as covering {covered_card}"),
    "NO_SUCH_ATTACK_CARD/all_beaten": _("every attack card is already beaten (ignored)"),
    "NOT_THE_DEFENDER/beat": _("{seat} beats, but {defender_seat} defends"),
    "NOT_THE_DEFENDER/transfer": _("{seat} transfers, but {defender_seat} defends"),
    "NOT_THE_DEFENDER/take": _("{seat} takes, but {defender_seat} defends"),
    "ILLEGAL_TRANSFER/no_transfer": _("{card} cannot transfer: this game has no transfer (переводной)"),
    "ILLEGAL_TRANSFER/taken": _("{card} cannot transfer: the defender has already taken"),
    "ILLEGAL_TRANSFER/after_beat": _("{card} cannot transfer: a transfer comes before anything is beaten"),
    "ILLEGAL_TRANSFER/nothing_to_beat": _("{card} cannot transfer: nothing is left to beat"),
    "ILLEGAL_TRANSFER/rank": _(
        "{card} cannot transfer: every card still to beat must be of the transfer card's rank, "
        "and {other_card} is not"
    ),
    "ILLEGAL_TRANSFER/nobody": _("{card} cannot transfer: there is nobody to transfer to"),
    "ILLEGAL_TRANSFER/too_few": _(
        "{card} cannot transfer: the next player, {target_seat}, would have {to_beat:card|cards} to beat "
        "and holds {held}"
    ),
    "BOUT_ENDED_UNBEATEN": _("the bout ended with {unbeaten_cards} neither beaten nor taken; {seat} takes"),
    # -- the blind game -------------------------------------------------------------------------
    "BLIND_NOT_ALLOWED": _("this table does not beat face down (втемную); read as an open beat"),
    "CHALLENGE_MISSING": _(
        "{seat} neither agreed to nor turned the face-down card on {attack_card}; taken as agreed"
    ),
    "CHALLENGE_OUT_OF_PLACE": _(
        "{seat} answers the blind beat, but {attack_card} was {owner_seat}'s: "
        "«Если игрок, который зашел, соглашается ...»"
    ),
    "CHALLENGE_OUT_OF_PLACE/no_blind_beat": _("an answer with no face-down beat to answer (ignored)"),
    "BLIND_BEAT_ACCEPTED/agreed": _("the face-down {card} does not beat {attack_card}; agreed, it stands"),
    "BLIND_BEAT_ACCEPTED/unanswered": _(
        "the face-down {card} does not beat {attack_card}; unanswered, it stands"
    ),
    # -- drawing --------------------------------------------------------------------------------
    "WRONG_DRAW_ORDER": _(
        "{seat} draws after {after_seat}: «Первым берет игрок, который ходил, потом игроки по часовой "
        "стрелке, а последним – тот, кто отбивался» ({order_seats})"
    ),
    "WRONG_DRAW_COUNT": _(
        "{seat} draws {drawn}, but should draw {due} (holding {held}, the stock {stock}: "
        "up to six while it lasts)"
    ),
    "WRONG_DRAW_COUNT/missing": _("{seat} should draw {due}, and the log has no draw by {seat}"),
    "WRONG_DRAW_CARDS": _("{seat} draws {card}, but the stock's next card is {next_card}"),
    "WRONG_DRAW_CARDS/elsewhere": _("{seat} draws {card}, but it is known to be elsewhere"),
    # -- the flow -------------------------------------------------------------------------------
    "EVENT_OUT_OF_PLACE/throw_in": _("a throw-in with no bout on the table (ignored)"),
    "EVENT_OUT_OF_PLACE/pass": _("a pass with no bout on the table (ignored)"),
    "EVENT_OUT_OF_PLACE/beat": _("a beat with no bout on the table (ignored)"),
    "EVENT_OUT_OF_PLACE/beat_taken": _("a beat after {defender_seat} took (ignored)"),
    "EVENT_OUT_OF_PLACE/transfer": _("a transfer with no bout on the table (ignored)"),
    "EVENT_OUT_OF_PLACE/take": _("a take with no bout on the table (ignored)"),
    "EVENT_OUT_OF_PLACE/take_again": _("a take a second time (ignored)"),
    "EVENT_OUT_OF_PLACE/done": _("a bout ended with no bout on the table (ignored)"),
    "EVENT_OUT_OF_PLACE/draw": _("a draw while no bout has just ended (ignored)"),
    "EVENT_AFTER_GAME_END": _("the game was over; ignored from here on: {ignored:event|events}"),
    "GAME_INCOMPLETE": _(
        "the log stops before the game ended ({cards_by_seat} cards, the stock {stock}): the fool is unknown"
    ),
    "GAME_INCOMPLETE/recorded": _(
        "the log stops before the game ended ({cards_by_seat} cards, the stock {stock}): "
        "the recorded result stands"
    ),
    "RESULT_NOT_REPLAYED": _("the game is logged by its result alone"),
    "RESULT_NOT_REPLAYED/no_result": _("the game is logged by its result alone, and none is recorded"),
    "RESULT_NOT_REPLAYED/no_play": _("the game is logged without its play"),
    "RESULT_NOT_REPLAYED/no_play_no_result": _(
        "the game is logged without its play, and no result is recorded"
    ),
    # -- the result -----------------------------------------------------------------------------
    "FOOL_MISMATCH": _("the log records {seat} as the fool, but the play makes {fool_seat} the fool"),
    "FOOL_MISMATCH/played_draw": _("the log records {seat} as the fool, but the game is a draw"),
    "FOOL_MISMATCH/draw": _("the log records a draw, but {seat} is left with cards: the fool"),
    # -- the arbiter's rulings (docs/arbiter.md) --------------------------------------------------
    "ANNULLED_BY_ARBITER/missing": _(
        "the arbiter annuls game {deal}: it counts nothing; the redeal, {seat}'s, is not in the log"
    ),
    "ANNULLED_BY_ARBITER/missing_reason": _(
        "the arbiter annuls game {deal} ({reason}): it counts nothing; the redeal, {seat}'s, is not in the log"
    ),
    "ANNULLED_BY_ARBITER/redeal": _(
        "the arbiter annuls game {deal}: it counts nothing; {seat} deals it again: game {next_game} is the redeal"
    ),
    "ANNULLED_BY_ARBITER/redeal_reason": _(
        "the arbiter annuls game {deal} ({reason}): it counts nothing; {seat} deals it again: "
        "game {next_game} is the redeal"
    ),
    "ANNULLED_BY_ARBITER/not_played": _(
        "the arbiter annuls game {deal}: it counts nothing; the redeal was not played: "
        "game {next_game} is dealt by {next_dealer_seat}"
    ),
    "ANNULLED_BY_ARBITER/not_played_reason": _(
        "the arbiter annuls game {deal} ({reason}): it counts nothing; the redeal was not played: "
        "game {next_game} is dealt by {next_dealer_seat}"
    ),
    # SCORE_ADJUSTED/<what the arbiter assigned>_<what the play or the log gave without the ruling>
    "SCORE_ADJUSTED/fool_unknown": _(
        "the arbiter assigns game {deal}'s result: {fool_seat} the fool; no result was known"
    ),
    "SCORE_ADJUSTED/fool_played_fool": _(
        "the arbiter assigns game {deal}'s result: {fool_seat} the fool; the play gave {was_fool_seat} the fool"
    ),
    "SCORE_ADJUSTED/fool_played_draw": _(
        "the arbiter assigns game {deal}'s result: {fool_seat} the fool; the play gave a draw"
    ),
    "SCORE_ADJUSTED/fool_logged_fool": _(
        "the arbiter assigns game {deal}'s result: {fool_seat} the fool; the log gave {was_fool_seat} the fool"
    ),
    "SCORE_ADJUSTED/fool_logged_draw": _(
        "the arbiter assigns game {deal}'s result: {fool_seat} the fool; the log gave a draw"
    ),
    "SCORE_ADJUSTED/draw_unknown": _("the arbiter assigns game {deal}'s result: a draw; no result was known"),
    "SCORE_ADJUSTED/draw_played_fool": _(
        "the arbiter assigns game {deal}'s result: a draw; the play gave {was_fool_seat} the fool"
    ),
    "SCORE_ADJUSTED/draw_played_draw": _(
        "the arbiter assigns game {deal}'s result: a draw; the play gave a draw"
    ),
    "SCORE_ADJUSTED/draw_logged_fool": _(
        "the arbiter assigns game {deal}'s result: a draw; the log gave {was_fool_seat} the fool"
    ),
    "SCORE_ADJUSTED/draw_logged_draw": _(
        "the arbiter assigns game {deal}'s result: a draw; the log gave a draw"
    ),
    "SCORE_ADJUSTED/places_unknown": _(
        "the arbiter assigns game {deal}'s result: places {places_by_seat} ({fool_seat} the fool); no result was known"
    ),
    "SCORE_ADJUSTED/places_played_fool": _(
        "the arbiter assigns game {deal}'s result: places {places_by_seat} ({fool_seat} the fool); the play gave {was_fool_seat} the fool"
    ),
    "SCORE_ADJUSTED/places_played_draw": _(
        "the arbiter assigns game {deal}'s result: places {places_by_seat} ({fool_seat} the fool); the play gave a draw"
    ),
    "SCORE_ADJUSTED/places_logged_fool": _(
        "the arbiter assigns game {deal}'s result: places {places_by_seat} ({fool_seat} the fool); the log gave {was_fool_seat} the fool"
    ),
    "SCORE_ADJUSTED/places_logged_draw": _(
        "the arbiter assigns game {deal}'s result: places {places_by_seat} ({fool_seat} the fool); the log gave a draw"
    ),
    "SCORE_ADJUSTED/places_draw_unknown": _(
        "the arbiter assigns game {deal}'s result: places {places_by_seat} (a draw); no result was known"
    ),
    "SCORE_ADJUSTED/places_draw_played_fool": _(
        "the arbiter assigns game {deal}'s result: places {places_by_seat} (a draw); the play gave {was_fool_seat} the fool"
    ),
    "SCORE_ADJUSTED/places_draw_played_draw": _(
        "the arbiter assigns game {deal}'s result: places {places_by_seat} (a draw); the play gave a draw"
    ),
    "SCORE_ADJUSTED/places_draw_logged_fool": _(
        "the arbiter assigns game {deal}'s result: places {places_by_seat} (a draw); the log gave {was_fool_seat} the fool"
    ),
    "SCORE_ADJUSTED/places_draw_logged_draw": _(
        "the arbiter assigns game {deal}'s result: places {places_by_seat} (a draw); the log gave a draw"
    ),
    "RULING_NOT_APPLICABLE/waive": _(
        "the arbiter waives {seat}'s penalty in game {deal}, but durak has no penalties: the ruling has no effect"
    ),
    "RULING_NOT_APPLICABLE/confirm": _(
        "the arbiter confirms {seat}'s penalty in game {deal}, but durak has no penalties: "
        "the ruling has no effect"
    ),
}

#: The refusals of the durak reader (rules.durak.document, rules.durak.ruleset), by code.
ERRORS_TEXTS: dict[str, str] = errors(
    {
        # -- the document ------------------------------------------------------------------
        "DURAK_REQUIRED": _("is required"),
        "DURAK_GAME": _("must be 'durak' for a durak log, not {found}"),
        "DURAK_VERSION": _("unsupported version: {found}; this reader knows version {known}"),
        "DURAK_DEALS_LIST": _("must be a list of games, not {found}"),
        "DURAK_DEALS_EMPTY": _("must hold at least one game"),
        # -- the players -------------------------------------------------------------------
        "DURAK_PLAYERS_LIST": _("must be a list of {low} to {high} names, not {found}"),
        "DURAK_PLAYERS": _("durak is played by {low} to {high} players, not {count}"),
        "DURAK_PLAYERS_NUMBER": _("durak is played by {low} to {high} players, not {found}"),
        "DURAK_PLAYER_NAME": _("must be a player's name, not {found}"),
        "DURAK_PLAYER_TWICE": _("'{name}' already sits at seat {position}; names must differ"),
        # -- the ruleset -------------------------------------------------------------------
        "DURAK_DECK": _("must be 36 or 52, not {found}"),
        "DURAK_OPTION_CHOICE": _("must be one of {choices}, not {found}"),
        "DURAK_LIMIT": _("must be a number of cards (at least 1) or null, not {found}"),
        "DURAK_PLACE_POINTS": _(
            "must be a list of 1 to {high} numbers (points for going out first, second …) or null, not {found}"
        ),
        "DURAK_TRANSFER_AFTER_BEAT": _("transferring after beating needs transfer: true (переводной)"),
        "DURAK_DECK_TOO_SMALL": _("{cards} cards cannot deal six to each of {players} players"),
        # -- a game's cards ----------------------------------------------------------------
        "DURAK_CARDS_LIST": _("must be a list of cards, not {found}"),
        "DURAK_CARD_NOT_IN_DECK": _("{card} is not in the 36-card deck (6 to ace)"),
        "DURAK_CARD_REPEATED": _("{card} is dealt more often than the deck holds it (once)"),
        "DURAK_CARD_REPEATED_TWO_DECKS": _("{card} is dealt more often than the two decks hold it (twice)"),
        "DURAK_HANDS_LIST": _("must be a list of {count} hands by seat, not {found}"),
        "DURAK_HANDS_COUNT": _("one hand per seat: {seats}, not {count}"),
        "DURAK_HAND_SIZE": _("each player is dealt {size} cards, not {count}"),
        "DURAK_STOCK_WITHOUT_HANDS": _("a stock needs the hands dealt"),
        "DURAK_STOCK_COUNT": _("the hands and the stock hold {held:card|cards}; the deck has {cards}"),
        "DURAK_TRUMP_WITHOUT_TRUMPS": _("a game without trumps turns no trump card (бескозырный)"),
        "DURAK_TRUMP_NOT_LAST": _(
            "the trump card lies under the stock: the stock's last card {last_card}, not {card}"
        ),
        "DURAK_TRUMP_NOT_DEALERS": _(
            "with no stock left the trump is the dealer's last card; {card} is not in the dealer's hand"
        ),
        "DURAK_TRUMP_REQUIRED": _(
            "is required with the hands: the turned trump card (or give the stock, trump last)"
        ),
        "DURAK_EVENTS_WITHOUT_HANDS": _("events need the hands as dealt"),
        # -- a game's result ---------------------------------------------------------------
        "DURAK_DRAW_TRUE": _("is true for a drawn game, or left out"),
        "DURAK_FOOL_AND_DRAW": _("a game has a fool or is a draw, not both"),
        # -- the arbiter's assigned result -------------------------------------------------
        "DURAK_ASSIGNS_NOTHING": _("assigns nothing: give the fool, a draw or the places"),
        "DURAK_ASSIGNS_TWO": _(
            "an assigned result is one of fool, draw or places, not {first_key} and {second_key}"
        ),
        "DURAK_ASSIGNED_DRAW": _("is true for a drawn game, not {found}"),
        "DURAK_NO_DRAW": _(
            "the ruleset's draw_rule 'last-hand-fool' has no draw (the last hand is the fool): assign the fool"
        ),
        "DURAK_PLACES_WITHOUT_POINTS": _(
            "the ruleset scores by fools (no place_points): assign the fool or a draw"
        ),
        "DURAK_PLACES_LIST": _("must be a list of {count} places, one per seat, not {found}"),
        "DURAK_PLACES_TWO_FOOLS": _(
            "seats {first} and {second} are both at the last place: a game has one fool at most"
        ),
        "DURAK_PLACE_AHEAD": _(
            "place {place} has {ahead:seat|seats} ahead of it: players going out together share their "
            "best place, so it is place {expected}"
        ),
        "DURAK_PLACES_NO_DRAW": _(
            "nobody is at the last place, a draw; the ruleset's draw_rule 'last-hand-fool' has no draw "
            "(the last hand is the fool): assign the fool"
        ),
        # -- events ------------------------------------------------------------------------
        "DURAK_EVENTS_LIST": _("must be a list of events, not {found}"),
        "DURAK_EVENT_KIND": _("must be one of {kinds}, not {found}"),
        "DURAK_EVENT_FIELD_REQUIRED": _("is required in every {kind} event"),
        "DURAK_ATTACK_EMPTY": _("an attack puts down at least one card"),
        "DURAK_ANSWER": _("must be 'agree' or 'turn', not {found}"),
        "DURAK_DRAW_EMPTY": _("a draw gives its count or its cards"),
        "DURAK_DRAW_COUNT": _("the draw's cards are {cards}, not {count}"),
        "DURAK_DRAW_NO_CARDS": _("a draw takes at least one card"),
    }
)
