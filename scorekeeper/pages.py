"""The scorekeeper's pages: start a draft, keep it tap by tap on a phone, follow it live.

One page per draft for its scorekeeper (``/scorekeeper/<pk>/``): the deal's
step (the trump card, the bids on a number pad, the cards on a card grid
or the tricks taken), the irregularities as they happen, undo, and the
running totals. Every tap is a POST of one entry to
``/scorekeeper/<pk>/entries/``: without JavaScript the page answers with
a redirect (POST/redirect/GET); with it (static/js/scorekeeper.js, which
queues the entries in the browser while offline) the answer is the
panel's HTML, 409 with the reason when the rules refuse the entry. While
entries wait the page takes the deal on by itself, step by step
(static/js/scorekeeper_offline.js, from the deal the panel hands over:
:func:`offline_data`).

Anyone who may read the draft follows it at ``/scorekeeper/<pk>/live/``,
which polls its fragment every few seconds with htmx; once the game is
finished the fragment answers 286 and the polling stops.

The scorekeeper installs as a web app: ``/scorekeeper/manifest.webmanifest``
names it and starts it at ``/scorekeeper/``, the drafts this user keeps;
the service worker keeps that page, the drafts and the shell, so the
installed app opens in a back room with no connection at all.
"""

from __future__ import annotations

import hashlib
import uuid
from pathlib import Path
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.staticfiles import finders
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import URLPattern, path, reverse
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games import permissions
from games.finding_text import sentence, with_text
from games.models import Club, Player
from games.pages.game import card_label, score_sheet
from games.templatetags.cards import card as card_text
from games.vocabulary import PRESET_NAMES, ruleset_name
from rules.cards import NAME, SUIT_MASK, SUIT_OF, SUITS, cards_of
from rules.ohhell import PRESETS
from rules.ohhell.sheet_entry import plan
from scorekeeper import engine, services
from scorekeeper.models import Draft, DraftEntry
from tournaments.models import Table, TableSeat
from tournaments.pages.organiser import sign_in_first, signed_in, tournament_for

POLL_SECONDS = 3
HTMX_STOP_POLLING = 286
SUIT_LABELS = {
    "S": gettext_lazy("spades"),
    "H": gettext_lazy("hearts"),
    "D": gettext_lazy("diamonds"),
    "C": gettext_lazy("clubs"),
}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

#: The reasons the page gives for an entry it refuses, by the engine's code; an
#: engine finding without one here is shown with the engine's own message.
REFUSALS = {
    "TRUMP_FIRST": gettext_lazy("Enter the trump card first."),
    "TRUMP_AFTER_BIDS": gettext_lazy("The trump card is turned before the bidding."),
    "NO_TRUMP_DEAL": gettext_lazy("The last deal is played without trumps: no card is turned."),
    "BIDS_FIRST": gettext_lazy("Every player bids before the play."),
    "BIDDING_OVER": gettext_lazy("The play has begun: the bids stand."),
    "NO_SEAT": gettext_lazy("Whose bid is it? Choose the player."),
    "NO_BID": gettext_lazy("A bid is a number of tricks."),
    "NO_BLIND": gettext_lazy("Blind bids are not played at this table."),
    "CARDS_PLAYED": gettext_lazy("Cards of this deal were entered one by one; undo them first."),
    "TAKEN_PER_SEAT": gettext_lazy("Enter the tricks each player took."),
    "NOT_A_CARD": gettext_lazy("That is not a card."),
    "NOT_ON_TRICK": gettext_lazy("Only a card on the current trick can be taken back."),
    "NOT_A_RENEGE": gettext_lazy(
        "Only a card that did not follow suit, or a card played after it, can be taken back."
    ),
    "NO_RENEGE": gettext_lazy("That player did not miss the led suit with that card unseen."),
    "GAME_COMPLETE": gettext_lazy("Every deal of the schedule has been played: finish the game."),
    "NOTHING_TO_UNDO": gettext_lazy("There is nothing to undo."),
    "UNKNOWN_ENTRY": gettext_lazy("Unknown entry."),
    "DUPLICATE_CARD": gettext_lazy("That card has already been played in this deal (or is the trump card)."),
    "BID_CHANGE_TOO_LATE": gettext_lazy(
        "Too late to change that bid: the next player has bid. The bid stands."
    ),
    "DEALER_HOOK": gettext_lazy("The dealer may not bid so that the bids add up to the cards."),
    "BID_OUT_OF_RANGE": gettext_lazy("A bid is from 0 to the number of cards."),
    "TAKEN_MISMATCH": gettext_lazy("The tricks taken must add up to the cards dealt."),
    "EXPOSED_CARD_NOT_PLAYED": gettext_lazy("An exposed card must be played at the first legal chance."),
    "WRONG_CARD_COUNT": gettext_lazy("Every trick of this deal has been played."),
    "IN_TURN": gettext_lazy("It is that player's turn: enter the card as played."),
    "ALREADY_EXPOSED": gettext_lazy("That card is already face up."),
    "OTHER_HAND": gettext_lazy("That card has been seen in another player's hand in this deal."),
    "TOO_MANY_CARDS": gettext_lazy("That player has no more cards in hand."),
    "RENEGED_WHO": gettext_lazy("Mark who reneged."),
}


def refusal_text(exc: engine.Refused) -> str:
    """The translated reason, with the engine's own words (English, as the engine writes them) beside."""
    text = REFUSALS.get(exc.code)
    if text is None:
        return exc.message
    return f"{text} ({exc.message})" if exc.code in ("TAKEN_MISMATCH", "BID_CHANGE_TOO_LATE") else str(text)


# --- access ---------------------------------------------------------------------------------


def _draft(pk: int) -> Draft:
    return get_object_or_404(
        Draft.objects.select_related("club", "scorer", "table__round__tournament", "game"), pk=pk
    )


def readable_draft(request: HttpRequest, pk: int) -> Draft:
    draft = _draft(pk)
    if not services.can_read(request.user, draft):
        raise Http404("No draft here, or not one you may read.")
    return draft


# --- what the page shows --------------------------------------------------------------------


def _label(card: int | None) -> dict[str, Any] | None:
    return None if card is None else {"code": NAME[card], **(card_label(NAME[card]) or {})}


def _grid(played: set[int], default_suit: int | None) -> list[dict[str, Any]]:
    """The card grid: a group per suit, each card with whether it is already out of the hands."""
    groups = []
    for s, letter in enumerate(SUITS):
        cards = sorted(cards_of(SUIT_MASK[s]), reverse=True)
        groups.append(
            {
                "letter": letter,
                "symbol": SUIT_SYMBOLS[letter],
                "name": SUIT_LABELS[letter],
                "red": letter in "HD",
                "open": s == (default_suit if default_suit is not None else 0),
                "cards": [{**(_label(c) or {}), "played": c in played} for c in cards],
            }
        )
    return groups


def _loose_cards(played: set[int]) -> list[dict[str, Any]]:
    """The cards that may still be in a hand, by suit: what the irregularity form offers."""
    return [
        {
            "name": SUIT_LABELS[letter],
            "cards": [_label(c) for c in sorted(cards_of(SUIT_MASK[s]), reverse=True) if c not in played],
        }
        for s, letter in enumerate(SUITS)
    ]


def _forbidden_bids(draft: Draft, entries: list[engine.Entry], state: engine.State) -> set[int]:
    """The bids the rules refuse now (the dealer hook), asked of the engine bid by bid."""
    deal = state.current
    turn = state.bid_turn
    if deal is None or turn is None or not state.setup.rules.dealer_hook or turn != deal.dealer:
        return set()
    out = set()
    for value in range(deal.cards + 1):
        try:
            engine.check(state.setup, entries, engine.Entry("bid", seat=turn, value=value))
        except engine.Refused:
            out.add(value)
    return out


def describe(entry: engine.Entry | None, players: list[str]) -> str:
    """The last entry in words, for the undo button."""
    if entry is None:
        return ""
    name = players[entry.seat] if entry.seat is not None and entry.seat < len(players) else ""
    label = card_label(NAME[entry.card]) if entry.card is not None else None
    card = label["text"] if label else ""
    if entry.kind == "trump":
        return _("trump %(card)s") % {"card": card} if card else _("no trump")
    if entry.kind == "bid":
        text = (
            _("%(name)s bid %(bid)s") % {"name": name, "bid": entry.value}
            if name
            else _("bid %(bid)s") % {"bid": entry.value}
        )
        return text + (" " + _("blind") if entry.blind else "")
    if entry.kind == "taken":
        return _("tricks taken %(taken)s") % {"taken": ", ".join(str(t) for t in entry.taken or ())}
    if entry.kind == "play":
        return _("card %(card)s") % {"card": card}
    if entry.kind == "take_back":
        return _("%(card)s taken back") % {"card": card}
    if entry.kind == "held":
        return _("renege let stand (%(name)s held %(card)s)") % {"name": name, "card": card}
    if entry.kind == "expose":
        return _("%(name)s exposed %(card)s") % {"name": name, "card": card}
    if entry.kind == "out_of_turn":
        return _("%(name)s played %(card)s out of turn") % {"name": name, "card": card}
    if entry.kind == "renege":
        names = ", ".join(players[s] for s in entry.seats or () if s < len(players))
        return _("renege by %(names)s, deal annulled") % {"names": names}
    return entry.kind


def panel_context(draft: Draft, user: Any, *, error: str = "", live: bool = False) -> dict[str, Any]:
    """Everything the panel and the live view show, from the engine's replay of the entries."""
    entries = services.entries_of(draft)
    state = engine.run(services.setup_of(draft), entries)
    players = list(draft.players)
    n = len(players)
    deal = state.current
    report = state.report
    rows = score_sheet(report, [])
    context: dict[str, Any] = {
        "draft": draft,
        "state": state,
        "players": players,
        "phase": state.phase,
        "error": error,
        "live": live,
        "writable": services.can_write(user, draft) and not live,
        "take_over": services.can_take_over(user, draft) and draft.scorer_id != getattr(user, "pk", None),
        "rows": rows,
        # The games' sheet template (templates/games/sheets/oh-hell.html) reads these two.
        "report": report,
        "totals": [{"total": total, "recorded": None} for total in report["totals"]],
        "columns": 5 + 4 * n,
        "undo": describe(state.last, players),
        # Every entry stored so far, undos included: grows with each one (the script's snapshot).
        "revision": len(entries),
        "service_worker_scope": service_worker_scope(),
        "poll_seconds": POLL_SECONDS,
        "complete": state.complete,
        "schedule": state.schedule,
        "slot": None,
        "findings": with_text(
            "oh-hell", [f for f in report["findings"] if f.get("deal") is not None], players
        ),
        "renege_penalty": state.setup.rules.renege_penalty,
    }
    if rows and deal is not None and state.phase == "trump" and state.deals:
        last = report["deals"][-1]
        context["last_deal"] = {
            "number": last["deal"],
            "annulled": last["annulled"],
            "scores": [{"name": players[s], "score": score} for s, score in enumerate(last["scores"])],
            "reasons": [
                sentence("oh-hell", f, players)
                for f in report["findings"]
                if f["deal"] == last["deal"] and f["code"] == "RENEGE_UNCORRECTED"
            ],
        }
    if deal is None:
        return context
    bids = state.bids
    blind = deal.blind
    turn = state.bid_turn
    order = state.speaking_order
    context.update(
        {
            "deal": deal,
            "slot": deal.planned.deal,
            "dealer": players[deal.dealer],
            "first_bidder": players[order[0]],
            "trump": _label(deal.trump),
            "bid_turn": turn,
            "bid_turn_name": None if turn is None else players[turn],
            "bidding": [
                {
                    "seat": s,
                    "name": players[s],
                    "bid": bids[s],
                    "blind": blind[s],
                    "turn": s == turn,
                    "dealer": s == deal.dealer,
                }
                for s in order
            ],
            # The deal in progress under the finished ones; once every card is played the deal
            # is a finished row of the sheet already, so it is not shown a second time. Before
            # the trump card the row is there hidden, for the page's script to fill.
            "current_cells": [
                {"bid": bids[s], "blind": blind[s], "dealer": s == deal.dealer} for s in range(n)
            ]
            if state.phase != "played_out"
            else [],
            "current_shown": deal.trump_set,
            "recorded": _recorded(deal, players),
            "balance": state.balance,
            "bid_sum": sum(b for b in bids if b is not None),
            "seats": list(enumerate(players)),
            "step": _step(draft, state),
            "cards_played": deal.plays != [],
            "progress": [
                {"name": players[s], "bid": bids[s], "taken": t} for s, t in enumerate(state.taken_so_far)
            ],
        }
    )
    if state.phase in ("bidding", "play") and not live:
        context["loose_cards"] = _loose_cards(state.played)
    if state.phase in ("play", "played_out"):
        trick = state.trick
        to_play = state.to_play
        context.update(
            {
                "to_play": to_play,
                "to_play_name": None if to_play is None else players[to_play],
                "trick_number": state.trick_number,
                "trick": [{"seat": s, "name": players[s], "card": _label(c)} for s, c in trick],
                "exposed": [
                    {"name": players[s], "cards": [_label(c) for c in cards]}
                    for s, cards in enumerate(state.exposed)
                    if cards
                ],
                "warnings": [_warning(w, state, players) for w in state.warnings],
            }
        )
        upcoming = state.upcoming
        if state.phase == "played_out" and upcoming is not None and not state.complete:
            first = (upcoming.dealer + 1) % n
            context["upcoming"] = {
                "number": deal.number + 1,
                "slot": upcoming.deal,
                "dealer": players[upcoming.dealer],
                "cards": upcoming.cards,
                "no_trump": upcoming.no_trump,
                "redeal": state.upcoming_redeal,
                "first_bidder": first,
                "first_bidder_name": players[first],
            }
    if not live:
        context.update(_entry_forms(draft, entries, state, context.get("upcoming")))
        if context["writable"]:
            context["offline"] = offline_data(draft, state)
    return context


def _step(draft: Draft, state: engine.State) -> str:
    """What the deal waits for, as the page shows it: the engine's phase, except that a deal
    entered by the tricks taken (and no card of it entered yet) waits for those: ``taken``."""
    deal = state.current
    if state.phase == "play" and draft.mode == Draft.Mode.TAKEN and deal is not None and not deal.plays:
        return "taken"
    return state.phase


def _bid_note(bid: int | None, turn: bool) -> str:
    """Beside a player in the "Bid by" list: a bid made may be changed; a bid now is out of turn."""
    if bid is not None:
        return _("change the bid")
    return "" if turn else _("out of turn")


def _entry_forms(
    draft: Draft, entries: list[engine.Entry], state: engine.State, upcoming: dict[str, Any] | None
) -> dict[str, Any]:
    """The bid pad and the card grid, on the page in every step of a deal and shown in the step
    that takes them, so that static/js/scorekeeper_offline.js can show either while entries wait.
    The one card grid turns up the trump card or plays a card, as its ``kind`` says; after a deal
    played out, the next deal's trump card (or, on the deal without trumps, its first bid)."""
    deal = state.current
    assert deal is not None
    phase = state.phase
    step = _step(draft, state)
    players = list(draft.players)
    next_trump = upcoming is not None and not upcoming["no_trump"]
    next_bid = upcoming is not None and upcoming["no_trump"]
    forbidden = _forbidden_bids(draft, entries, state) if phase == "bidding" else set()
    pad_cards = upcoming["cards"] if next_bid and upcoming is not None else deal.cards
    if phase == "bidding":
        seats = [
            {
                "seat": s,
                "name": players[s],
                "note": _bid_note(state.bids[s], s == state.bid_turn),
                "selected": s == state.bid_turn,
            }
            for s in state.speaking_order
        ]
    else:  # the speaking order of the deal whose bids come next
        n = len(players)
        first = upcoming["first_bidder"] if upcoming is not None else state.speaking_order[0]
        seats = [
            {"seat": (first + i) % n, "name": players[(first + i) % n], "note": "", "selected": i == 0}
            for i in range(n)
        ]
    trick = state.trick
    led = SUIT_OF[trick[0][1]] if phase == "play" and trick and len(trick) < len(players) else None
    return {
        "pad": [{"value": v, "forbidden": v in forbidden} for v in range(pad_cards + 1)],
        "pad_shown": step == "bidding" or next_bid,
        "seat_options": seats,
        "grid": _grid(set() if phase in ("trump", "played_out") else state.played, led),
        "grid_kind": "trump" if phase in ("trump", "played_out") else "play",
        "grid_shown": step in ("trump", "play") or next_trump,
    }


def offline_data(draft: Draft, state: engine.State) -> dict[str, Any] | None:
    """What static/js/scorekeeper_offline.js needs to take a deal on by itself, step by step, while
    entries wait (offline, or not yet answered): the schedule, the deal as the server replayed it,
    and the page's words for each step. The deal's state rather than its entries, so that what the
    server recorded in it (a bid out of turn, a card taken back) needs no rule in the script."""
    deal = state.current
    if deal is None or deal.table is None or state.complete:
        return None
    table = deal.table
    players = list(draft.players)
    rows = plan(state.setup.rules, len(players), state.setup.first_dealer)
    upcoming = state.upcoming
    return {
        "players": players,
        "mode": draft.mode,
        "dealer_hook": state.setup.rules.dealer_hook,
        "rows": [{"dealer": row.dealer, "cards": row.cards, "no_trump": row.no_trump} for row in rows],
        "deal": {
            "number": deal.number,
            "row": deal.planned.deal - 1,
            "redeal": deal.redeal,
            "trump": None if deal.trump is None else NAME[deal.trump],
            "trump_set": deal.trump_set,
            "bids": state.bids,
            "blind": list(deal.blind),
            "bid_turn": state.bid_turn,
            # The trick by position from its leader; a full one stays until the next lead.
            "leader": table.leader,
            "trick": [None if c is None else NAME[c] for c in table.slots],
            "closed": table.closed,
            "taken": list(table.taken),
            "out": [NAME[c] for c in sorted(state.played)],
            "cards_played": deal.plays != [],
        },
        # After a deal played out: the row dealt next (the same one again when a renege stands).
        "next": None if upcoming is None else {"row": upcoming.deal - 1, "redeal": state.upcoming_redeal},
        "words": offline_words(len(players), max(row.cards for row in rows)),
    }


def offline_words(n: int, most: int) -> dict[str, Any]:
    """The panel's words for each step in the reader's language, for the script to fill in (the
    same messages as templates/scorekeeper/_panel.html's); "Over by n" for every n there can be."""
    return {
        "trump": _("Turn up the trump card"),
        "to_bid": _("%(name)s to bid"),
        "to_play": _("Trick %(n)s: %(name)s to play"),
        "played_out": _("Every card is played"),
        "taken": _("Tricks each player took"),
        "game_over": _("The game is over"),
        "deal": _("Deal %(n)s (%(slot)s of %(total)s)"),
        "next": _("Next: deal %(n)s (%(slot)s of %(total)s)"),
        "next_no_trump": _("No trump (last deal): %(name)s to bid"),
        "redeal": _("redeal"),
        "no_trump": _("no trump (last deal)"),
        "change_bid": _("change the bid"),
        "out_of_turn": _("out of turn"),
        "bid_of": _("bid %(bid)s"),
        "hook": _("the dealer may not make the bids add up to the cards"),
        "over_by": [
            ngettext("Over by %(n)s", "Over by %(n)s", k) % {"n": k} for k in range((n - 1) * most + 1)
        ],
        "under_by": [ngettext("Under by %(n)s", "Under by %(n)s", k) % {"n": k} for k in range(most + 1)],
        "even": _("Even"),
        "sum": _("bids %(sum)s, cards %(cards)s"),
        "sheet_balance": {"over": _("over"), "under": _("under"), "even": _("even")},
        "sheet_no_trump": _("no trump"),
        "undo": _("Undo: %(what)s"),
    }


#: What the engine notes at the table as it happens and the page repeats: the irregularities
#: recorded in the deal so far (the engine's words).
RECORDED = frozenset({"BID_OUT_OF_TURN", "RENEGE_CORRECTED", "ILLEGAL_TAKE_BACK"})


def _recorded(deal: engine.DealState, players: list[str]) -> list[str]:
    """The deal's irregularities so far: the engine's notes, each change of bid, each card
    exposed or played out of turn (it stays face up until played)."""
    out = [
        sentence("oh-hell", f.as_dict(), players)
        for f in (deal.table.f if deal.table is not None else [])
        if f.code in RECORDED
    ]
    for kind, seat, card in deal.exposures:
        label = card_label(NAME[card])
        values = {"name": players[seat], "card": label["text"] if label else NAME[card]}
        if kind == "out_of_turn":
            out.append(_("%(name)s played %(card)s out of turn: it stays face up") % values)
        else:
            out.append(_("%(name)s exposed %(card)s: it stays face up") % values)
    said: dict[int, int] = {}
    for e in deal.bid_events:
        if e.seat in said:
            out.append(
                _("%(name)s changed the bid from %(before)s to %(after)s")
                % {"name": players[e.seat], "before": said[e.seat], "after": e.value}
            )
        said[e.seat] = e.value
    return out


def _warning(w: engine.Warning, state: engine.State, players: list[str]) -> dict[str, Any]:
    trick = state.trick
    letter = SUITS[w.led_suit]
    return {
        "seat": w.seat,
        "name": players[w.seat],
        "card": _label(w.card),
        "suit": SUIT_SYMBOLS[letter],
        "suit_name": SUIT_LABELS[letter],
        "stands": w.stands,
        "take_back": [
            {"name": players[s], "card": _label(c)} for pos, (s, c) in enumerate(trick) if pos >= w.position
        ],
        "unseen": [_label(c) for c in w.unseen],
    }


# --- start ----------------------------------------------------------------------------------


class StartOptions(forms.Form):
    """How the first dealer is chosen, how the play is entered, whether blind bids are played."""

    first_dealer = forms.TypedChoiceField(
        label=gettext_lazy("First dealer"), coerce=int, empty_value=None, required=False
    )
    mode = forms.ChoiceField(
        label=gettext_lazy("Enter the play"), choices=Draft.Mode.choices, initial=Draft.Mode.CARDS
    )
    blind_bids = forms.BooleanField(
        label=gettext_lazy("Blind bids are played (bid before looking at the cards)"), required=False
    )

    def __init__(self, *args: Any, players: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices: list[tuple[Any, Any]] = [("", _("Draw by lot"))]
        if players:
            choices += [(str(seat), name) for seat, name in enumerate(players)]
        else:
            choices += [(str(seat), _("Seat %(n)s") % {"n": seat + 1}) for seat in range(7)]
        self.fields["first_dealer"].choices = choices  # type: ignore[attr-defined]


class FreeGameForm(StartOptions):
    names = forms.CharField(
        label=gettext_lazy("Players in seat order, clockwise, one name per line"),
        widget=forms.Textarea(attrs={"rows": 5, "autocomplete": "off"}),
        help_text=gettext_lazy(
            "3 to 7 players; a name on the club's roster (in any letter case) is that player."
        ),
    )
    ruleset = forms.ChoiceField(
        label=gettext_lazy("Ruleset"),
        choices=[(p, PRESET_NAMES["oh-hell"].get(p, p)) for p in PRESETS],
        initial="classic",
    )

    def clean_names(self) -> list[str]:
        names = [" ".join(line.split()) for line in self.cleaned_data["names"].splitlines()]
        return [name for name in names if name]


@sign_in_first
def table_start(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """Keep a tournament table's game live: resume its open draft, or start one."""
    user = signed_in(request)
    tournament = tournament_for(request, pk, permissions.can_record_games)
    table = get_object_or_404(
        Table.objects.select_related("round").prefetch_related(
            Prefetch("seats", TableSeat.objects.select_related("player").order_by("seat"))
        ),
        pk=table_pk,
        round__tournament=tournament,
    )
    table.round.tournament = tournament
    open_draft = Draft.objects.filter(table=table, status=Draft.Status.OPEN).first()
    if open_draft is not None and request.method != "POST":
        return redirect("scorekeeper-draft", pk=open_draft.pk)
    players = [seat.player.display_name for seat in table.seats.all()]
    form = StartOptions(request.POST or None, players=players)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                draft = services.draft_start_table(
                    table=table,
                    user=user,
                    first_dealer=form.cleaned_data["first_dealer"],
                    mode=form.cleaned_data["mode"],
                    blind_bids=form.cleaned_data["blind_bids"],
                )
            except services.NotScorer as exc:
                raise PermissionDenied(str(exc)) from exc
            except services.ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                return redirect("scorekeeper-draft", pk=draft.pk)
    return render(
        request,
        "scorekeeper/start.html",
        {
            "form": form,
            "tournament": tournament,
            "table": table,
            "players": players,
            "club": tournament.club,
            "ruleset_name": ruleset_name("oh-hell", tournament.ruleset),
        },
        status=status,
    )


@sign_in_first
def club_start(request: HttpRequest, slug: str) -> HttpResponse:
    """Keep a free game of the club live, and the club's drafts being kept (resume one)."""
    user = signed_in(request)
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_read_club(user, club):
        raise Http404("No club here, or not one you may read.")
    if not services.can_start(user, club):
        raise PermissionDenied("Only the club's scorers and organisers keep its games.")
    form = FreeGameForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                draft = services.draft_start(
                    club=club,
                    user=user,
                    players=form.cleaned_data["names"],
                    ruleset=form.cleaned_data["ruleset"],
                    first_dealer=form.cleaned_data["first_dealer"],
                    mode=form.cleaned_data["mode"],
                    blind_bids=form.cleaned_data["blind_bids"],
                )
            except services.ServiceError as exc:
                form.add_error("names", str(exc))
            else:
                return redirect("scorekeeper-draft", pk=draft.pk)
    drafts = Draft.objects.filter(club=club, status=Draft.Status.OPEN).select_related(
        "scorer", "table__round"
    )
    return render(
        request,
        "scorekeeper/club.html",
        {
            "club": club,
            "form": form,
            "drafts": drafts,
            "roster": Player.objects.filter(club=club).values_list("display_name", flat=True)[:200],
        },
        status=status,
    )


# --- the draft ------------------------------------------------------------------------------


def _wants_fragment(request: HttpRequest) -> bool:
    return request.headers.get("X-Scorekeeper") == "1"


def queue_words(draft: Draft) -> dict[str, Any]:
    """What the page's script needs to say a waiting entry in the reader's words ("Анна: заказ 2",
    "Борис: Д♥"): each kind's name, the players by seat, and the cards' ranks and suits."""
    return {
        "kinds": {str(value): str(label) for value, label in DraftEntry.Kind.choices},
        "players": list(draft.players),
        "cards": {code: card_text(code) for code in NAME},
    }


def _page(request: HttpRequest, draft: Draft, **options: Any) -> HttpResponse:
    context = panel_context(draft, request.user, **options)
    context["queue_words"] = queue_words(draft)
    return render(request, "scorekeeper/draft.html", context)


def draft_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The scorekeeper's page; anyone else who may read the draft gets the live view."""
    draft = readable_draft(request, pk)
    if draft.status == Draft.Status.FINISHED and draft.game_id is not None:
        return redirect("game-page", pk=draft.game_id)
    if not services.can_write(request.user, draft):
        if services.can_take_over(request.user, draft):
            return _page(request, draft, live=True)
        return redirect("scorekeeper-live", pk=draft.pk)
    return _page(request, draft)


def _int(value: Any) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


@sign_in_first
def entry_post(request: HttpRequest, pk: int) -> HttpResponse:
    """One entry: checked by the rules engine, stored, answered with the panel (or a redirect)."""
    signed_in(request)
    if request.method != "POST":
        return redirect("scorekeeper-draft", pk=pk)
    draft = readable_draft(request, pk)
    data = request.POST
    taken = None
    if data.get("kind") == "taken":
        taken = [_int(data.get(f"taken_{seat}")) for seat in range(len(draft.players))]
    seats = None
    if data.get("kind") == "renege":
        seats = [seat for seat in range(len(draft.players)) if data.get(f"reneged_{seat}")]
    error = ""
    status = 200
    try:
        if taken is not None and None in taken:
            raise engine.Refused("TAKEN_PER_SEAT", "enter the tricks each player took")
        services.entry_add(
            draft=draft,
            user=request.user,  # type: ignore[arg-type]
            entry_id=data.get("entry_id", ""),
            kind=data.get("kind", ""),
            seat=_int(data.get("seat")),
            value=_int(data.get("value")),
            card=data.get("card"),
            blind=data.get("blind") in ("1", "on", "true"),
            taken=taken,  # type: ignore[arg-type]
            seats=seats,
        )
    except services.NotScorer as exc:
        raise PermissionDenied(str(exc)) from exc
    except engine.Refused as exc:
        error, status = refusal_text(exc), 409
    except services.ServiceError as exc:
        error, status = str(exc), 400
    draft.refresh_from_db()
    if _wants_fragment(request):
        return render(
            request, "scorekeeper/_panel.html", panel_context(draft, request.user, error=error), status=status
        )
    if error:
        messages.error(request, error)
    return redirect(reverse("scorekeeper-draft", args=[draft.pk]) + "#step")


@sign_in_first
def mode_post(request: HttpRequest, pk: int) -> HttpResponse:
    user = signed_in(request)
    draft = readable_draft(request, pk)
    if request.method == "POST":
        try:
            services.draft_set_mode(draft=draft, user=user, mode=request.POST.get("mode", ""))
        except services.NotScorer as exc:
            raise PermissionDenied(str(exc)) from exc
        except services.ServiceError as exc:
            messages.error(request, str(exc))
    if _wants_fragment(request):
        return render(request, "scorekeeper/_panel.html", panel_context(draft, user))
    return redirect(reverse("scorekeeper-draft", args=[draft.pk]) + "#step")


@sign_in_first
def take_over_post(request: HttpRequest, pk: int) -> HttpResponse:
    user = signed_in(request)
    draft = readable_draft(request, pk)
    if request.method == "POST":
        try:
            services.draft_take_over(draft=draft, user=user)
        except services.NotScorer as exc:
            raise PermissionDenied(str(exc)) from exc
        messages.success(request, _("You keep the score of this game now."))
    return redirect("scorekeeper-draft", pk=draft.pk)


@sign_in_first
def finish_post(request: HttpRequest, pk: int) -> HttpResponse:
    user = signed_in(request)
    draft = readable_draft(request, pk)
    if request.method != "POST":
        return redirect("scorekeeper-draft", pk=draft.pk)
    try:
        finished = services.draft_finish(draft=draft, user=user)
    except services.NotScorer as exc:
        raise PermissionDenied(str(exc)) from exc
    except services.ServiceError as exc:
        messages.error(request, str(exc))
        return redirect("scorekeeper-draft", pk=draft.pk)
    if finished.draft.game_id is None:
        error = finished.upload.error or {}
        messages.error(
            request,
            _("The log was not recorded: %(path)s: %(message)s")
            % {"path": error.get("path", ""), "message": finished.upload.refusal_text},
        )
        return redirect("scorekeeper-draft", pk=draft.pk)
    messages.success(request, _("The game is recorded."))
    return redirect("game-page", pk=finished.draft.game_id)


# --- the live view --------------------------------------------------------------------------


def live_page(request: HttpRequest, pk: int) -> HttpResponse:
    draft = readable_draft(request, pk)
    return render(request, "scorekeeper/live.html", panel_context(draft, request.user, live=True))


def live_fragment(request: HttpRequest, pk: int) -> HttpResponse:
    """The live sheet alone, for htmx polling; 286 stops the polling once the game is finished."""
    draft = readable_draft(request, pk)
    response = render(request, "scorekeeper/_live.html", panel_context(draft, request.user, live=True))
    if draft.status != Draft.Status.OPEN:
        response.status_code = HTMX_STOP_POLLING
    return response


def new_entry_id() -> str:
    return uuid.uuid4().hex


# --- offline: the service worker -------------------------------------------------------------

#: The app's shell: what the service worker keeps so its pages open with no connection.
ICONS = (("icons/scorekeeper-192.png", "192x192"), ("icons/scorekeeper-512.png", "512x512"))
SHELL = (
    "css/trickbook.css",
    "css/scorekeeper.css",
    "js/scorekeeper.js",
    "js/scorekeeper_offline.js",
    "js/scorekeeper_home.js",
    "vendor/htmx/htmx.min.js",
    "icons/scorekeeper.svg",
    *(name for name, _size in ICONS),
)
#: The installed app's colours: trickbook.css's ``--accent`` (the bar above the page) and
#: ``--paper`` (the splash screen before the page is drawn).
THEME_COLOR = "#7a1c1c"
BACKGROUND_COLOR = "#fdfcf8"


def shell_version() -> str:
    """Changes whenever a shell file or the worker changes, so browsers install the new worker
    and drop the old cache (in production the hashed static URLs change too)."""
    digest = hashlib.sha256()
    for name in SHELL:
        digest.update(static(name).encode())
        found = finders.find(name)
        if isinstance(found, str):
            digest.update(Path(found).read_bytes())
    digest.update(Path(settings.BASE_DIR, "templates", "scorekeeper", "sw.js").read_bytes())
    return digest.hexdigest()[:16]


def service_worker_scope() -> str:
    return reverse("scorekeeper-service-worker").rsplit("/", 1)[0] + "/"


def service_worker(request: HttpRequest) -> HttpResponse:
    """The scorekeeper's service worker, served under the scorekeeper's prefix so that its scope
    is those pages only (templates/scorekeeper/sw.js says what it does). Anyone may fetch it:
    it holds no data, only the shell's URLs."""
    scope = service_worker_scope()
    response = render(
        request,
        "scorekeeper/sw.js",
        {
            "scope": scope,
            "scope_pattern": scope.replace("/", "\\/"),
            "shell": [static(name) for name in SHELL],
            "home": reverse("scorekeeper-home"),
            "manifest": reverse("scorekeeper-manifest"),
            "version": shell_version(),
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = scope
    response["Cache-Control"] = "no-cache"
    return response


def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest that makes the scorekeeper installable: its scope is the worker's, so
    the installed app is the scorekeeper's pages and they open offline. Its words are in the
    reader's language (the page links it with credentials, so the language cookie comes too)."""
    scope = service_worker_scope()
    icons = [{"src": static("icons/scorekeeper.svg"), "sizes": "any", "type": "image/svg+xml"}]
    icons += [{"src": static(name), "sizes": size, "type": "image/png"} for name, size in ICONS]
    return JsonResponse(
        {
            "id": reverse("scorekeeper-home"),
            "name": _("Trickbook scorekeeper"),
            "short_name": _("Scorekeeper"),
            "description": _(
                "Keep a card table's score on a phone, deal by deal, with or without a connection."
            ),
            "lang": get_language(),
            "start_url": reverse("scorekeeper-home"),
            "scope": scope,
            "display": "standalone",
            "theme_color": THEME_COLOR,
            "background_color": BACKGROUND_COLOR,
            "icons": icons,
        },
        content_type="application/manifest+json",
    )


def scoring_clubs(user: Any) -> QuerySet[Club]:
    """The clubs whose games the user may keep (services.can_start), in one query."""
    if user.is_superuser:
        return Club.objects.order_by("name")
    scored = Club.objects.filter(memberships__user=user, memberships__role__in=permissions.UPLOADERS)
    return scored.order_by("name")


@sign_in_first
def home(request: HttpRequest) -> HttpResponse:
    """The installed app's start page: the drafts this user keeps, where they may still enter
    (services.can_write), and a new game at each club they score for. Inside the worker's scope,
    so it is kept for the times there is no connection."""
    user = signed_in(request)
    clubs = scoring_clubs(user)
    drafts = Draft.objects.filter(
        scorer=user, status=Draft.Status.OPEN, club__in=clubs.values("pk")
    ).select_related("club", "table__round__tournament")
    return render(
        request,
        "scorekeeper/home.html",
        {"drafts": drafts, "clubs": clubs, "service_worker_scope": service_worker_scope()},
    )


urlpatterns: list[URLPattern] = [
    path("scorekeeper/sw.js", service_worker, name="scorekeeper-service-worker"),
    path("scorekeeper/manifest.webmanifest", manifest, name="scorekeeper-manifest"),
    path("scorekeeper/", home, name="scorekeeper-home"),
    path("clubs/<slug:slug>/scorekeeper/", club_start, name="scorekeeper-club"),
    path("tournaments/<int:pk>/tables/<int:table_pk>/scorekeeper/", table_start, name="scorekeeper-table"),
    path("scorekeeper/<int:pk>/", draft_page, name="scorekeeper-draft"),
    path("scorekeeper/<int:pk>/entries/", entry_post, name="scorekeeper-entry"),
    path("scorekeeper/<int:pk>/mode/", mode_post, name="scorekeeper-mode"),
    path("scorekeeper/<int:pk>/take-over/", take_over_post, name="scorekeeper-take-over"),
    path("scorekeeper/<int:pk>/finish/", finish_post, name="scorekeeper-finish"),
    path("scorekeeper/<int:pk>/live/", live_page, name="scorekeeper-live"),
    path("scorekeeper/<int:pk>/live/sheet/", live_fragment, name="scorekeeper-live-sheet"),
]
