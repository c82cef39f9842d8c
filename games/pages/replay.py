"""The deal page: one deal of a game, trick by trick, with any renege or revoke shown.

One view for every game: the rules module's ``walkthrough(log, deal)``
(rules.registry) says what happened; :data:`DEALS` shapes it for the
game's template, templates/games/deals/<game key>.html. No game is
special-cased here beyond that table.

Oh Hell:
Issue #6: "the hands as dealt, the trump card, bids, then trick by trick
(step forward and back, keyboard arrows), the winner of each trick; a
renege highlighted with the card that should have been played". The view
is thin: it reads the game's current revision, and the rules engine
(:mod:`rules.ohhell.walkthrough`, which drives the replay's own table)
says what happened; here it is only shaped for the template, card ranks
translated (В Д К Т in Russian and Ukrainian).

Rubber bridge (:mod:`rules.bridge.walkthrough`, plain data with canonical
cards, rendered through the ``cards`` template filters): the four hands
round the table, dealer and vulnerability, the auction under W N E S, the
contract, the play trick by trick with the same stepper (static/js/replay.js),
each revoke with the cards the player should have followed with, and the
double-dummy table when the solver (endplay) is installed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games import permissions, selectors
from games.models import Game
from games.templatetags.cards import card as card_text
from rules import registry
from rules.cards import RANK_OF, SUIT_OF, SUIT_SYMBOLS
from rules.errors import MalformedDocument
from rules.ohhell.walkthrough import DealWalkthrough, Step

#: Hearts and diamonds print red (besides their symbols, so colour is never the only signal).
RED = (1, 2)


def rank_names() -> dict[int, str]:
    """Rank letters in the reader's language: "J Q K A" in English, "В Д К Т" in Russian."""
    names = {r: str(r + 2) for r in range(9)}
    names.update(
        {
            9: pgettext("card rank", "J"),
            10: pgettext("card rank", "Q"),
            11: pgettext("card rank", "K"),
            12: pgettext("card rank", "A"),
        }
    )
    return names


class CardText:
    """Turns the engine's int cards into what the page shows: rank in the reader's
    language, suit symbol, red or not."""

    def __init__(self) -> None:
        self.ranks = rank_names()

    def __call__(self, card: int, **extra: Any) -> dict[str, Any]:
        return {
            "text": f"{self.ranks[RANK_OF[card]]}{SUIT_SYMBOLS[SUIT_OF[card]]}",
            "red": SUIT_OF[card] in RED,
            **extra,
        }

    def many(self, cards: tuple[int, ...] | list[int]) -> str:
        return ", ".join(self(c)["text"] for c in cards)


def _step(w: DealWalkthrough, step: Step, card: CardText) -> dict[str, Any]:
    return {
        "kind": step.kind,
        "player": w.players[step.seat],
        "card": card(step.card),
        "renege": step.renege,
        "held": card.many(step.held),
        "taken_back": step.taken_back,
    }


def replay_context(w: DealWalkthrough) -> dict[str, Any]:
    """The walkthrough shaped for the template: names for seats, cards as text."""
    card = CardText()
    players = w.players
    tricks = []
    for trick in w.tricks:
        winning = trick.winning_card
        winner = None if trick.winner is None else players[trick.winner]
        win_text = None if winning is None else card(winning)["text"]
        announce = (
            _("Trick %(number)s: %(player)s wins with %(card)s")
            % {"number": trick.number, "player": winner, "card": win_text}
            if winner is not None
            else _("Trick %(number)s: not completed") % {"number": trick.number}
        )
        tricks.append(
            {
                "number": trick.number,
                "leader": players[trick.leader],
                "steps": [_step(w, s, card) for s in trick.steps],
                "winner": winner,
                "winning_card": None if winning is None else card(winning),
                "announce": announce,
                "taken": [{"player": p, "taken": t} for p, t in zip(players, trick.taken, strict=False)],
            }
        )
    hands = None
    if w.hands is not None:
        hands = [
            {
                "player": players[seat],
                "dealer": seat == w.dealer,
                "cards": [card(c, trick=w.played_in.get(c)) for c in hand],
            }
            for seat, hand in enumerate(w.hands)
        ]
    bidding = [
        {
            "player": players[b.seat],
            "bid": b.value,
            "change": b.change,
            "blind": w.blind[b.seat],
            "dealer": b.seat == w.dealer,
        }
        for b in w.bidding
    ]
    results = [
        {
            "player": players[seat],
            "bid": w.bids[seat],
            "taken": w.taken[seat],
            "score": w.scores[seat],
            "dealer": seat == w.dealer,
        }
        for seat in w.speaking_order
    ]
    reneges = [
        {
            "trick": t.number,
            "player": players[s.seat],
            "card": card(s.card),
            "held": card.many(s.held),
            "corrected": s.renege == "corrected",
        }
        for t, s in w.reneges
    ]
    return {
        "walk": w,
        "dealer": players[w.dealer],
        "trump": None if w.trump is None else card(w.trump),
        "hands": hands,
        "bidding": bidding,
        "results": results,
        "tricks": tricks,
        "reneges": reneges,
        "findings": [f.as_dict() for f in w.findings],
        "complete_tricks": sum(1 for t in w.tricks if t.winner is not None),
    }


def bridge_context(w: Any) -> dict[str, Any]:
    """The bridge walkthrough as the template reads it: hands by compass position, the
    auction under its columns with the names, the play announced trick by trick."""
    names = dict(zip("NESW", w.players, strict=True))
    hands = {h.seat: h for h in w.hands} if w.hands is not None else {}
    tricks = []
    for trick in w.tricks:
        if trick.winner is not None:
            announce = _("Trick %(number)s: %(player)s wins with %(card)s") % {
                "number": trick.number,
                "player": names[trick.winner],
                "card": card_text(trick.winning_card),
            }
        else:
            announce = _("Trick %(number)s: not completed") % {"number": trick.number}
        tricks.append({"trick": trick, "announce": announce})
    vulnerable = {seat: w.vulnerable[i % 2] for i, seat in enumerate("NESW")}
    return {
        "walk": w,
        "names": names,
        "compass": {seat: hands.get(seat) for seat in "NESW"},
        "columns": [
            {"seat": seat, "player": names[seat], "vulnerable": vulnerable[seat], "dealer": seat == w.dealer}
            for seat in w.auction_columns
        ],
        "tricks": tricks,
        "down": -w.result if w.result is not None and w.result < 0 else None,
        "strains": ["NT", "S", "H", "D", "C"],
        "findings": [f.as_dict() for f in w.findings],
        "complete_tricks": w.complete_tricks,
    }


#: How each game's walkthrough is shaped: its key → the context of
#: templates/games/deals/<key>.html.
DEALS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "oh-hell": replay_context,
    "bridge-rubber": bridge_context,
}


def deal_replay(request: HttpRequest, pk: int, deal: int) -> HttpResponse:
    game = get_object_or_404(selectors.game_detail_queryset(Game.objects.all()), pk=pk)
    if not permissions.can_read_game(request.user, game):
        raise Http404("No game here, or not one you may read.")
    if game.current_revision is None:
        raise Http404("This game has no revision yet.")
    try:
        reading = registry.read(bytes(game.current_revision.content))
    except MalformedDocument:
        raise Http404("This game's log cannot be read.") from None
    walkthrough = getattr(reading.rules, "walkthrough", None)  # a game module offers one, or not
    shape = DEALS.get(game.game_type)
    if walkthrough is None or shape is None:
        raise Http404("No deal replay for this game.")
    try:
        walk = walkthrough(reading.log, deal)
    except IndexError:
        raise Http404("No such deal in this game.") from None
    context = shape(walk)
    context["game"] = game
    return render(request, f"games/deals/{game.game_type}.html", context)


urlpatterns: list[URLPattern] = [
    path("games/<int:pk>/deals/<int:deal>/", deal_replay, name="deal-replay"),
]
