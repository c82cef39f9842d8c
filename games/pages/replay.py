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

Duplicate bridge (:mod:`rules.bridge_duplicate.walkthrough`): the board's traveller line
(dealer, vulnerability, contract, declarer, lead, tricks, the score to either side) and, for a
board logged with its hands, auction or play, rubber bridge's walkthrough of it below.

Preferans (:mod:`rules.preferans.walkthrough`, plain data with canonical cards, through the
same ``cards`` filters and stepper): the dealer (and, at a table of four, that he sits
out), the three hands in play as dealt, the talon (прикуп) and the discard (снос), the
auction in the order spoken with the dark declarations named as the table says them
(ПАС / РАЗ / ДВА / ТРИ / МИЗЕР В ТЕМНУЮ), the contract and its multiplier (dark ×2, the
bomb it went on), the defenders' words (вист, пас, полвиста; open or closed; on misère
both catch), then the play trick by trick — in a pass-out (распасы) the talon card turned
for each of the first two tricks — each revoke with the cards the player should have
played, and last what the deal wrote on the pulka (pool, mountain, whists on each
opponent, the sheet after it), the bombs drawn or put out and the balance had the pulka
stopped there.

Durak (:mod:`rules.durak.walkthrough`: a step after every event of one game, from the
replay's own table, cards as canonical text — a twin of the second deck has its twin's text,
so it prints the same face): the deal (dealer, the trump card or no trump, the first attacker,
the hands as dealt, the stock), then event by event with the same stepper — what was played,
the cards on the table each with its cover, every hand (the cards the log leaves unknown
counted), the stock with the trump card under it, the discard, who attacks and who defends,
who is out — and each finding at the step it was raised, the cards it names marked on the
table. A step carries the anchors of the events it covers (``#event-12``, the log's index)
and of the bout it opens (``#bout-3``), so the game page's findings open the stepper there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import permissions, selectors
from games.finding_text import with_text
from games.models import Game
from games.pages.game import preferans_bomb, preferans_contract
from games.templatetags.cards import card as card_text
from games.templatetags.cards import red
from games.templatetags.durak import durak_finding_place, durak_options, durak_variant
from games.templatetags.findings import finding_title
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


def duplicate_context(w: Any) -> dict[str, Any]:
    """A duplicate board (rules.bridge_duplicate.walkthrough): its traveller line, and the
    board as played shaped as rubber bridge's deal is (:func:`bridge_context`) when the log
    gives its hands, auction or play."""
    names = dict(zip("NESW", w.players, strict=True))
    context = bridge_context(w.played) if w.played is not None else {}
    line = w.line
    score = line["ns_score"]
    context.update(
        board=w,
        line=line,
        names=names,
        traveller=True,
        ns=score if score is not None and score > 0 else None,
        ew=-score if score is not None and score < 0 else None,
        findings=[f.as_dict() for f in w.findings],
    )
    return context


def preferans_call(call: Any) -> str:
    """A preferans call as the table says it: ``6♠``, pass, misère, and the dark declarations
    of seed 002 — ПАС / РАЗ / ДВА / ТРИ / МИЗЕР В ТЕМНУЮ."""
    if call.kind == "dark-1":
        return pgettext("preferans call", "one in the dark")
    if call.kind == "dark-2":
        return pgettext("preferans call", "two in the dark")
    if call.kind == "dark-3":
        return pgettext("preferans call", "three in the dark")
    if call.kind == "pass":
        if call.dark:
            return pgettext("preferans call", "pass in the dark")
        return pgettext("preferans call", "pass")
    game = preferans_contract(call.contract)
    if call.dark:
        return pgettext("preferans call", "%(game)s in the dark") % {"game": game}
    return game


def _red_contract(contract: str | None) -> bool:
    """A game in hearts or diamonds prints red (besides its symbol)."""
    return bool(contract) and str(contract)[-1] in ("H", "D")


def preferans_whists(w: Any) -> str:
    """What the defenders' words came to (rules.preferans.whist): both whist, closed; one
    whists for both, open or closed; both pass or a half-whist stands, and the game is
    written as made without play; on misère both catch."""
    players = w.players
    whisters = [seat for seat in w.defenders if w.whists.get(seat) == "whist"]
    if w.misere:
        if w.open:
            return _("On misère nobody whists: both defenders catch, open.")
        return _("On misère nobody whists: both defenders catch, closed.")
    if not w.played:
        if w.half is not None:
            return _("%(player)s half-whists: the game is not played and is written as made.") % {
                "player": players[w.half]
            }
        return _("Both defenders pass: the game is not played and is written as made.")
    if len(whisters) == 2:
        return _("Both defenders whist, each playing his own cards closed.")
    if w.open:
        return _("%(player)s whists alone, for both defenders, open.") % {"player": players[whisters[0]]}
    return _("%(player)s whists alone, for both defenders, closed.") % {"player": players[whisters[0]]}


def preferans_context(w: Any) -> dict[str, Any]:
    """The preferans walkthrough as the template reads it: names for seats, the calls and
    the defenders' words in the reader's language, the play announced trick by trick and
    the pulka's figures for this deal."""
    players = w.players

    def name(seat: int | None) -> str | None:
        return None if seat is None else players[seat]

    decision_words = {
        "whist": pgettext("preferans whist", "whist"),
        "pass": pgettext("preferans whist", "pass"),
        "half": pgettext("preferans whist", "half-whist"),
    }
    hands = []
    if w.hands is not None:
        for position, hand in enumerate(w.hands):
            hands.append(
                {
                    "seat": hand.seat,
                    "player": players[hand.seat],
                    "first_hand": position == 0,
                    "dealer": hand.seat == w.dealer,
                    "declarer": hand.seat == w.declarer,
                    "suits": hand.suits,
                    "logged": hand.logged,
                }
            )
    calls = [
        {
            "number": c.number,
            "player": players[c.seat],
            "label": preferans_call(c),
            "red": c.kind == "contract" and _red_contract(c.contract),
            "dark": c.dark,
            "looked": c.looked,
            "counted": c.counted,
            "winning": c.winning,
        }
        for c in w.auction
    ]
    tricks = []
    for trick in w.tricks:
        if trick.winner is not None:
            announce = _("Trick %(number)s: %(player)s wins with %(card)s") % {
                "number": trick.number,
                "player": players[trick.winner],
                "card": card_text(trick.winning_card),
            }
        else:
            announce = _("Trick %(number)s: not completed") % {"number": trick.number}
        tricks.append(
            {
                "trick": trick,
                "announce": announce,
                "leader": players[trick.leader],
                "winner": name(trick.winner),
                "cards": [
                    {
                        "player": players[p.seat],
                        "card": p.card,
                        "revoke": p.revoke,
                        "should": p.should,
                        "wins": p.seat == trick.winner,
                    }
                    for p in trick.cards
                ],
                "taken": [{"player": players[s], "taken": trick.taken[s]} for s in w.order],
            }
        )
    sheet = [
        {
            "player": players[row.seat],
            "sitting_out": row.seat == w.sitting_out,
            "pool": row.pool,
            "mountain": row.mountain,
            "whists": [{"on": players[o], "points": p} for o, p in row.whists if p],
            "pool_after": row.pool_after,
            "mountain_after": row.mountain_after,
            "whists_after": [{"on": players[o], "points": p} for o, p in row.whists_after],
            "bombs_after": [preferans_bomb(rank) for rank in row.bombs_after],
            "balance": row.balance,
        }
        for row in w.sheet
    ]
    return {
        "walk": w,
        "dealer": players[w.dealer],
        "sitting_out": name(w.sitting_out),
        "declarer": name(w.declarer),
        "contract": preferans_contract(w.contract),
        "contract_red": _red_contract(w.contract),
        "minimum": None if w.minimum is None else preferans_contract(w.minimum),
        "hands": hands,
        "calls": calls,
        "whist_words": [
            {"player": players[word.seat], "word": decision_words[word.decision], "answer": word.answer}
            for word in w.whist_words
        ],
        "whist_result": None if w.passed_out else preferans_whists(w),
        "defenders": [players[seat] for seat in w.defenders],
        "tricks": tricks,
        "taken": None if w.taken is None else [{"player": players[s], "taken": w.taken[s]} for s in w.order],
        "sheet": sheet,
        "bombs_drawn": [{"player": players[s], "label": preferans_bomb(rank)} for s, rank in w.bombs_drawn],
        "bombs_extinguished": [
            {"player": players[s], "label": preferans_bomb(rank)} for s, rank in w.bombs_extinguished
        ],
        "findings": [f.as_dict() for f in w.findings],
        "complete_tricks": w.complete_tricks,
    }


def _durak_cards(cards: list[str]) -> str:
    return " ".join(card_text(c) for c in cards)


def durak_event_text(step: dict[str, Any], before: dict[str, Any], walk: dict[str, Any]) -> str:
    """What happened at one step, as the table would say it («Anna attacks Boris with 6♠ 6♥»)."""
    players = walk["players"]

    def who(seat: int | None) -> str:
        return "?" if seat is None else players[seat]

    ev = step["event"] or {}
    kind: str = step["kind"]
    seat = ev.get("seat")
    if kind == "attack":
        return _("%(player)s attacks %(defender)s with %(cards)s.") % {
            "player": who(seat),
            "defender": who(step["defender"]),
            "cards": _durak_cards(ev.get("cards", [])),
        }
    if kind == "throw-in":
        return _("%(player)s throws in %(card)s.") % {"player": who(seat), "card": card_text(ev.get("card"))}
    if kind in ("beat", "blind-beat"):
        covered = _newly_covered(step, before)
        on = covered[0][0] if covered else ev.get("on")
        words = {"player": who(seat), "card": card_text(ev.get("card")), "on": card_text(on)}
        if kind == "blind-beat":
            return _("%(player)s covers %(on)s face down (%(card)s).") % words
        return _("%(player)s beats %(on)s with %(card)s.") % words
    if kind == "transfer":
        return _("%(player)s transfers the bout to %(defender)s with %(card)s.") % {
            "player": who(seat),
            "defender": who(step["defender"]),
            "card": card_text(ev.get("card")),
        }
    if kind == "take":
        return _("%(player)s takes.") % {"player": who(seat)}
    if kind == "pass":
        return _("%(player)s passes: throws in no more.") % {"player": who(seat)}
    if kind == "challenge":
        if ev.get("answer") == "turn":
            return _("%(player)s turns the face-down card.") % {"player": who(seat)}
        return _("%(player)s agrees: the face-down card stands.") % {"player": who(seat)}
    if kind == "done":
        on_table = sum(1 + (cover is not None) for _attack, cover in before["table"])
        if step["discard"] > before["discard"]:
            return ngettext(
                "Bout %(bout)s beaten off: %(n)s card to the discard.",
                "Bout %(bout)s beaten off: %(n)s cards to the discard.",
                step["discard"] - before["discard"],
            ) % {"bout": step["bout"], "n": step["discard"] - before["discard"]}
        return ngettext("%(player)s picks up %(n)s card.", "%(player)s picks up %(n)s cards.", on_table) % {
            "player": who(before["defender"]),
            "n": on_table,
        }
    if kind == "draws":
        if not step["draws"]:
            return _("Nobody draws.")
        return _("Drawing from the stock: %(draws)s.") % {
            "draws": ", ".join(f"{who(d['seat'])} {d['count']}" for d in step["draws"])
        }
    if kind == "end":
        result = walk["result"]
        if result["draw"]:
            return _("The game ends in a draw: the last cards went out together.")
        if result["fool"] is not None and result["lost_by_cards"]:
            lose_at = walk["ruleset"]["lose_at"]
            return ngettext(
                "The game is over: %(player)s holds %(n)s card or more and is the fool.",
                "The game is over: %(player)s holds %(n)s cards or more and is the fool.",
                lose_at,
            ) % {"player": who(result["fool"]), "n": lose_at}
        if result["fool"] is not None and result["source"] == "replay":
            return _("The game is over: %(player)s is the fool.") % {"player": who(result["fool"])}
        if result["fool"] is not None:
            return _("The log stops here; the table recorded %(player)s as the fool.") % {
                "player": who(result["fool"])
            }
        return _("The log stops here, before the game ended.")
    return kind


def _newly_covered(step: dict[str, Any], before: dict[str, Any]) -> list[tuple[str, str]]:
    """The (attack, cover) pairs covered at this step: uncovered before, covered now."""
    prior = before["table"]
    out = []
    for i, (attack, cover) in enumerate(step["table"]):
        if cover is not None and (i >= len(prior) or prior[i][1] is None):
            out.append((attack, cover))
    return out


class DurakCards(dict[str, dict[str, Any]]):
    """A card's text (``"QH"``) → what the page prints, ``{"text": "Д♥", "red": True}``, worked out
    once per page: a page of a hundred steps prints thousands of cards. A twin of the second deck
    has its twin's text, so it prints the same face."""

    def __missing__(self, name: str) -> dict[str, Any]:
        label = {"text": card_text(name), "red": red(name)}
        self[name] = label
        return label


def _durak_table(step: dict[str, Any], before: dict[str, Any], cards: DurakCards) -> list[dict[str, Any]]:
    """The cards on the table, each attack card with its cover; the cards a finding at this
    step names are flagged with the finding's title where they were just played."""
    flagged = {f["card"]: finding_title(f["code"]) for f in step["findings"] if f.get("card")}
    prior = before["table"]
    pairs = []
    for i, (attack, cover) in enumerate(step["table"]):
        new_attack = i >= len(prior)
        new_cover = cover is not None and (new_attack or prior[i][1] is None)
        pairs.append(
            {
                "attack": cards[attack],
                "cover": None if cover is None else cards[cover],
                "attack_flag": flagged.get(attack) if new_attack else None,
                "cover_flag": flagged.get(cover) if new_cover and cover is not None else None,
                "new": new_attack or new_cover,
            }
        )
    return pairs


def durak_context(walk: dict[str, Any]) -> dict[str, Any]:
    """The durak walkthrough as the template reads it: the deal, then one item per step with
    its words, the table, the hands, the stock and the findings at that step."""
    players: list[str] = walk["players"]
    steps: list[dict[str, Any]] = walk["steps"]
    result = walk["result"]
    n = len(players)
    cards = DurakCards()

    def hands(step: dict[str, Any], fool: int | None = None) -> list[dict[str, Any]]:
        bout = step["bout"] and step["kind"] != "end"
        return [
            {
                "player": players[s],
                "cards": [cards[c] for c in step["hands"][s]],
                "unknown": step["unknown"][s],
                "dealer": s == walk["dealer"],
                "attacker": bool(bout) and s == step["attacker"],
                "defender": bool(bout) and s == step["defender"],
                "out": s in step["out"],
                "fool": s == fool,
            }
            for s in range(n)
        ]

    items = []
    last_index = -1
    seen_bouts: set[int] = set()
    for number, step in enumerate(steps[1:], start=1):
        before = steps[number - 1]
        index = step["index"]
        anchors = [] if index is None else list(range(last_index + 1, index + 1))
        if index is not None:
            last_index = max(last_index, index)
        opens = bool(step["bout"]) and step["bout"] not in seen_bouts
        seen_bouts.add(step["bout"])
        went_out = [players[s] for s in step["out"] if s not in before["out"]]
        text = durak_event_text(step, before, walk)
        items.append(
            {
                "number": number,
                "kind": step["kind"],
                "bout": step["bout"],
                "opens_bout": opens,
                "anchors": anchors,
                "text": text,
                "went_out": went_out,
                "attacker": None if step["attacker"] is None else players[step["attacker"]],
                "defender": None if step["defender"] is None else players[step["defender"]],
                "taking": step["taking"],
                "table": _durak_table(step, before, cards),
                "hands": hands(step, result["fool"] if step["kind"] == "end" else None),
                "stock": step["stock"],
                "discard": step["discard"],
                "findings": [{**f, "title": finding_title(f["code"])} for f in step["findings"]],
            }
        )
    # The end step also holds the events after the game ended (the replay ignores them).
    if items:
        items[-1]["anchors"] = list(range(last_index + 1, walk["events"]))
    deal = steps[0] if steps else None
    ruleset = walk["ruleset"]
    return {
        "walk": walk,
        "dealer": players[walk["dealer"]],
        "trump": walk["trump"],
        "no_trump": ruleset["no_trump"],
        "variant": durak_variant(ruleset["preset"]),
        "options": durak_options(ruleset),
        "first_attacker": None if result["first_attacker"] is None else players[result["first_attacker"]],
        "fool": None if result["fool"] is None else players[result["fool"]],
        "result": result,
        "dealt": None if deal is None else hands(deal),
        "stock": None if deal is None else deal["stock"],
        "steps": items,
        "tricks": items,  # the stepper's count of items
        "complete_tricks": len(items),
        "findings": [{**f, **durak_finding_place(f)} for f in walk["findings"]],
    }


#: How each game's walkthrough is shaped: its key → the context of
#: templates/games/deals/<key>.html.
DEALS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "oh-hell": replay_context,
    "bridge-rubber": bridge_context,
    "bridge-duplicate": duplicate_context,
    "preferans": preferans_context,
    "durak": durak_context,
}


def said(game_type: str, context: dict[str, Any], players: Sequence[str]) -> None:
    """Give the deal's findings, and durak's per step, their sentence in the reader's language."""
    context["findings"] = with_text(game_type, context["findings"], players)
    for step in context.get("steps") or []:
        step["findings"] = with_text(game_type, step["findings"], players)


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
    said(game.game_type, context, reading.log.players)
    return render(request, f"games/deals/{game.game_type}.html", context)


urlpatterns: list[URLPattern] = [
    path("games/<int:pk>/deals/<int:deal>/", deal_replay, name="deal-replay"),
]
