"""Finding codes of the durak replay, their severities, and where a finding points.

Severities follow the other games: a breach the table lets stand once the next player has
acted (a throw-in before the attacker had his turn, a missing answer to a blind beat, a
dealer other than the fool) is a ``warning``; a move the rules forbid (a card not held, a
beat that does not beat, a throw-in of a rank not on the table, more cards than the defender
holds, a wrong transfer, wrong drawing) or a recorded fool the play does not give is an
``error``; what is worth knowing but breaks nothing is ``info``.

Where: a durak finding names the game in ``deal`` (from 1: each deal of the log is one game
to the fool) and the bout in ``trick`` (from 1), as the shared Finding fields are stored; its
``event`` is the 0-based index into ``deals[g].events`` and ``path`` the JSON path of the
event (``deals[0].events[12]``, with ``.cards[1]`` for one card of an attack), so an arbiter
finds the exact place in the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.durak.texts import TEXTS
from rules.findings import Finding, FindingsCollector, Severity
from rules.texts import Renderer, template_key

SEVERITY: dict[str, Severity] = {
    # -- the deal ---------------------------------------------------------------------
    # "В дальнейшем сдавать будет тот игрок, у которого на руках останутся карты": the
    # game after a fool is dealt by someone else.
    "WRONG_DEALER": "warning",
    # -- who attacks --------------------------------------------------------------------
    # The game's first attack by a seat that does not hold the lowest (highest) trump, or
    # the highest card when nobody holds a trump.
    "WRONG_FIRST_ATTACKER": "error",
    # A later bout opened by another seat than the one whose turn it is (the defender
    # after a beaten bout, the player after the defender after a take).
    "WRONG_ATTACKER": "error",
    # An opening attack of cards of different ranks ("2 и больше картами одного достоинства").
    "ATTACK_NOT_ONE_RANK": "error",
    # -- cards --------------------------------------------------------------------------
    # A card the player does not hold (as far as the log tells).
    "CARD_NOT_IN_HAND": "error",
    # -- adding cards ---------------------------------------------------------------------
    # "может заходить только с такого количества карт, которым располагает его соперник":
    # more cards to beat than the defender holds.
    "TOO_MANY_CARDS_FOR_DEFENDER": "error",
    # More cards in a bout than the ruleset's cap (six by the common rule; five in the
    # first bout when ``first_bout_limit`` is on).
    "BOUT_LIMIT_EXCEEDED": "error",
    # A throw-in of a rank that is not on the table ("того же значения ...").
    "THROW_IN_RANK_NOT_ON_TABLE": "error",
    # A throw-in by a player who may not add cards: anyone but the attacker in the simple
    # game ("подкидывает только соперник"), the defender himself, a player who is out.
    "THROW_IN_NOT_ALLOWED": "error",
    # "право первым подбрасывать карты принадлежит игроку, чья очередь ходить": another
    # player threw in while the attacker still had a card to throw and had not passed.
    "NOT_YOUR_TURN_TO_THROW": "warning",
    # -- defending ---------------------------------------------------------------------------
    # A defence card that is not higher of the suit nor a trump on a plain card (the twin of
    # the two-deck game included: "картой, равной по значению и масти, отбиться нельзя").
    "ILLEGAL_BEAT": "error",
    # The beat names an attack card that is not on the table uncovered.
    "NO_SUCH_ATTACK_CARD": "error",
    # A beat, transfer or take by another seat than the defender.
    "NOT_THE_DEFENDER": "error",
    # A transfer the variant does not allow, after beating (переводной), of another rank, or
    # onto a player who holds fewer cards than he would have to beat.
    "ILLEGAL_TRANSFER": "error",
    # The bout ended with attack cards neither beaten nor taken (taken as a take).
    "BOUT_ENDED_UNBEATEN": "error",
    # -- the blind game ---------------------------------------------------------------------
    # A face-down beat at a table that does not play втемную (taken as an open beat).
    "BLIND_NOT_ALLOWED": "error",
    # A blind beat left without the attacker's answer (taken as agreed).
    "CHALLENGE_MISSING": "warning",
    # A challenge with no blind beat to answer, or by another player than the one who played
    # the covered card.
    "CHALLENGE_OUT_OF_PLACE": "error",
    # The attacker agreed to a face-down card that does not beat: the seed lets it stand.
    "BLIND_BEAT_ACCEPTED": "info",
    # -- drawing -----------------------------------------------------------------------------
    # "Первым берет игрок, который ходил, потом игроки по часовой стрелке, а последним – тот,
    # кто отбивался": recorded draws in another order.
    "WRONG_DRAW_ORDER": "error",
    # A recorded draw of another number of cards than up to six (or what the stock had left).
    "WRONG_DRAW_COUNT": "error",
    # Recorded drawn cards that are not the stock's next cards.
    "WRONG_DRAW_CARDS": "error",
    # -- the flow ------------------------------------------------------------------------
    # An event where it cannot stand (a beat with no bout, a draw in the middle of a bout, a
    # second take ...); ignored, or read as the event that fits.
    "EVENT_OUT_OF_PLACE": "error",
    # Events after the game ended (ignored).
    "EVENT_AFTER_GAME_END": "error",
    # The log stops before the game ended: the fool is the recorded one, if any.
    "GAME_INCOMPLETE": "warning",
    # A game logged by its result alone: nothing to check it against.
    "RESULT_NOT_REPLAYED": "info",
    # -- the result --------------------------------------------------------------------------
    # The recorded fool (or draw) is not the one the play gives.
    "FOOL_MISMATCH": "error",
    # -- the arbiter's rulings (docs/arbiter.md) ---------------------------------------------
    # A ruling is no irregularity: info, but a ruling that does nothing is a warning.
    # The game annulled by ``arbiter.annul``: it counts nothing; the seat is its dealer, who
    # deals it again (the next game dealt by him is its redeal).
    "ANNULLED_BY_ARBITER": "info",
    # The game scored by ``arbiter.score``, the result the arbiter assigned (the recorded
    # result and the play's are not compared with it).
    "SCORE_ADJUSTED": "info",
    # A penalty waived / confirmed by the arbiter: durak has none, so these never occur; the
    # codes are every game's (rules.arbiter.CODES).
    "PENALTY_WAIVED": "info",
    "PENALTY_CONFIRMED": "info",
    # A seat in ``arbiter.waive`` or ``arbiter.confirm`` without a penalty in the game: in
    # durak every such seat, as the game has no penalties; the ruling has no effect.
    "RULING_NOT_APPLICABLE": "warning",
}


@dataclass(frozen=True, slots=True)
class DurakFinding(Finding):
    """A finding with the exact event: its 0-based index in the game's events and its JSON path."""

    event: int | None = None
    path: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out = Finding.as_dict(self)
        out["bout"] = self.trick
        out["event"] = self.event
        out["path"] = self.path
        return out


class Findings(FindingsCollector):
    """The findings of one replay, by the durak codes, severities and sentences (rules.durak.texts)."""

    SEVERITY = SEVERITY
    TEXTS = TEXTS

    def at(
        self,
        code: str,
        *,
        game: int,
        bout: int | None = None,
        event: int | None = None,
        seat: int | None = None,
        card: str | None = None,
        suffix: str = "",
        field: str = "",
        **params: Any,
    ) -> None:
        """Record a finding at game ``game`` (from 1), bout ``bout`` and event ``event`` (0-based);
        ``suffix`` extends the path below the event (``.cards[1]``); without an event ``field``
        extends the game's path (``.arbiter.waive[0]``). Its English sentence is the template of
        its code (and ``form``) in ``TEXTS``, filled from ``params`` and the fields ``deal`` (the
        game), ``bout`` (``trick``), ``event``, ``seat`` and ``card``; a KeyError for an unknown
        code or form. Params whose value is None are dropped."""
        path = f"deals[{game - 1}]{field}" if event is None else f"deals[{game - 1}].events[{event}]{suffix}"
        seat = None if seat is None else int(seat)
        params = {key: value for key, value in params.items() if value is not None}
        fields = {"deal": game, "trick": bout, "bout": bout, "event": event, "seat": seat, "card": card}
        message = Renderer(self.players).render(self.TEXTS[template_key(code, params)], fields, params)
        self.append(
            DurakFinding(
                code=code,
                severity=self.SEVERITY[code],
                message=message,
                deal=game,
                trick=bout,
                seat=seat,
                player=None if seat is None or seat >= len(self.players) else self.players[seat],
                card=card,
                params=params,
                event=event,
                path=path,
            )
        )

    def codes(self) -> list[str]:
        return [f.code for f in self]


#: The names a durak template may use besides its parameters (rules.texts.FIELDS and the bout
#: and event of :meth:`Findings.at`).
FIELDS = ("deal", "trick", "bout", "event", "seat", "card")

__all__ = ["FIELDS", "SEVERITY", "DurakFinding", "Findings"]
