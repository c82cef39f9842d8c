"""API shapes of the live scorekeeper: drafts, their entries, and what the draft expects next.

Field names are the page's and the log's (shared/spec/ohhell-log.md): ``dealer``, ``bid``,
``trick``, ``taken``, ``renege``; cards are canonical (``QH``); seats count from 0 in the
draft's ``players`` order, deals and tricks from 1. Everything under ``state`` and ``sheet`` is
the rules engine's replay of the entries (:mod:`scorekeeper.engine`), never stored apart.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules.cards import NAME, SUITS
from rules.ohhell.ruleset import MAX_PLAYERS, MIN_PLAYERS
from scorekeeper import engine
from scorekeeper.models import Draft, DraftEntry

#: The most cards a player can hold (a 52-card deck among 3 players): bounds seats and numbers.
MOST_CARDS = 52 // MIN_PLAYERS


class DraftSerializer(serializers.ModelSerializer[Draft]):
    club: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    tournament = serializers.SerializerMethodField(help_text="The tournament of the table, if any.")
    scorer: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, help_text="The one user who enters; others read."
    )
    entries = serializers.SerializerMethodField(help_text="Entries stored so far, undos included.")

    class Meta:
        model = Draft
        fields = [
            "id",
            "club",
            "table",
            "tournament",
            "game_type",
            "ruleset",
            "players",
            "first_dealer",
            "lot_seed",
            "blind_bids",
            "mode",
            "scorer",
            "status",
            "game",
            "entries",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_tournament(self, draft: Draft) -> int | None:
        return draft.table.round.tournament_id if draft.table is not None else None

    def get_entries(self, draft: Draft) -> int:
        count = getattr(draft, "entry_count", None)
        return int(count) if count is not None else draft.entries.count()


class DraftStartSerializer(serializers.Serializer[Any]):
    """A free game of the club (``players``, ``ruleset``), or a tournament table's game (``table``:
    its players, seats and ruleset come from the table, and an open draft of it is resumed)."""

    table = serializers.IntegerField(
        required=False, min_value=1, help_text="A table of one of the club's tournaments."
    )
    players = serializers.ListField(
        child=serializers.CharField(max_length=150),
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        required=False,
        help_text="A free game: names in seat order, clockwise (roster names, or new ones).",
    )
    ruleset = serializers.JSONField(
        required=False, help_text="A free game: a preset name, or an object of preset and options."
    )
    first_dealer = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=MAX_PLAYERS - 1,
        help_text="The first dealer's seat; absent or null: drawn by lot.",
    )
    seed = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=2**53,
        help_text="A free game: the seed of the lot (the same seed draws the same dealer).",
    )
    mode = serializers.ChoiceField(choices=Draft.Mode.choices, default=Draft.Mode.CARDS)
    blind_bids = serializers.BooleanField(default=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "table" in attrs:
            extra = [name for name in ("players", "ruleset", "seed") if name in attrs]
            if extra:
                raise serializers.ValidationError(
                    {extra[0]: "a table's game takes its players and ruleset from the table"}
                )
        elif "players" not in attrs:
            raise serializers.ValidationError({"players": "a free game needs its players (or give a table)"})
        return attrs


class DraftModeSerializer(serializers.Serializer[Any]):
    mode = serializers.ChoiceField(choices=Draft.Mode.choices)


class DraftEntrySerializer(serializers.ModelSerializer[DraftEntry]):
    user: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True
    )

    class Meta:
        model = DraftEntry
        fields = [
            "number",
            "entry_id",
            "kind",
            "seat",
            "value",
            "card",
            "blind",
            "taken",
            "seats",
            "user",
            "created_at",
        ]
        read_only_fields = fields


class DraftEntryAddSerializer(serializers.Serializer[Any]):
    """One entry, as the page's taps make them. Which fields an entry needs depends on its kind:
    ``trump`` a card (or none on a no-trump deal); ``bid`` a value (and the seat, when it is not
    the turn's: a bid out of turn, or a change of bid); ``play`` a card (the seat is the turn's);
    ``taken`` the tricks of every seat; ``take_back`` a card of the current trick; ``held`` a
    seat and the led-suit card it held (a renege let stand); ``expose`` and ``out_of_turn`` a
    seat and a card; ``renege`` the seats that reneged (tricks-taken mode); ``undo`` nothing."""

    entry_id = serializers.CharField(
        max_length=64,
        required=False,
        help_text="Made by the client, unique in the draft: a resend with the same id is the same "
        "entry (answered 200), never a second one. Default: a new id.",
    )
    kind = serializers.ChoiceField(choices=DraftEntry.Kind.choices)
    seat = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=MAX_PLAYERS - 1)
    value = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=MOST_CARDS)
    card = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, max_length=8, help_text="QH, 10♥, ДЧ…"
    )
    blind = serializers.BooleanField(default=False)
    taken = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=MOST_CARDS),
        required=False,
        allow_null=True,
        max_length=MAX_PLAYERS,
    )
    seats = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_PLAYERS - 1),
        required=False,
        allow_null=True,
        max_length=MAX_PLAYERS,
    )


class UndoSerializer(serializers.Serializer[Any]):
    entry_id = serializers.CharField(max_length=64, required=False)


# --- the state of the draft ---------------------------------------------------------------------


class DealSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(help_text="Counted from 1, redeals included.")
    slot = serializers.IntegerField(help_text="Its row of the schedule, counted from 1.")
    dealer = serializers.IntegerField()
    cards = serializers.IntegerField()
    trump = serializers.CharField(allow_null=True, help_text="Null: not turned yet, or a no-trump deal.")
    no_trump = serializers.BooleanField()
    redeal = serializers.BooleanField()


class BalanceSerializer(serializers.Serializer[Any]):
    announcement = serializers.ChoiceField(choices=["over", "under", "even"])
    by = serializers.IntegerField()


class TrickCardSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    card = serializers.CharField()


class WarningSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    card = serializers.CharField()
    led_suit = serializers.CharField()
    may_hold = serializers.ListField(child=serializers.CharField())
    stands = serializers.BooleanField(help_text="The renege was let stand: the next lead annuls the deal.")


class UpcomingSerializer(serializers.Serializer[Any]):
    dealer = serializers.IntegerField()
    cards = serializers.IntegerField()
    no_trump = serializers.BooleanField()
    redeal = serializers.BooleanField()


class DraftStateSerializer(serializers.Serializer[Any]):
    phase = serializers.ChoiceField(choices=["trump", "bidding", "play", "played_out", "complete"])
    expected = serializers.ChoiceField(
        choices=["trump", "bid", "play", "taken", "finish", "none"],
        help_text="The entry the draft waits for (none: the game is recorded).",
    )
    seat = serializers.IntegerField(allow_null=True, help_text="Whose bid or card it is, when it is one.")
    complete = serializers.BooleanField()
    schedule = serializers.IntegerField(help_text="Deals in the schedule, redeals not counted.")
    deal = DealSerializer(allow_null=True)
    bids = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    blind = serializers.ListField(child=serializers.BooleanField())
    balance = BalanceSerializer(allow_null=True)
    trick_number = serializers.IntegerField()
    trick = TrickCardSerializer(many=True)
    taken = serializers.ListField(
        child=serializers.IntegerField(), help_text="Tricks taken so far this deal."
    )
    exposed = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Per seat, exposed cards still to be played.",
    )
    warnings = WarningSerializer(many=True)
    upcoming = UpcomingSerializer(allow_null=True)
    unlogged = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Deals on the sheet that the log cannot carry: always empty, since the log "
        "carries a renege marked without cards (a deal's reneged). Kept for v1 clients.",
    )


class DraftDetailSerializer(DraftSerializer):
    state = serializers.SerializerMethodField()
    sheet = serializers.SerializerMethodField(
        help_text="The replay's report of the deals so far (the spec's report object); the "
        "running totals are its totals."
    )

    class Meta(DraftSerializer.Meta):
        fields = [*DraftSerializer.Meta.fields, "state", "sheet"]
        read_only_fields = fields

    def _state(self) -> engine.State:
        return self.context["state"]  # type: ignore[no-any-return]

    @extend_schema_field(DraftStateSerializer)
    def get_state(self, draft: Draft) -> dict[str, Any]:
        return DraftStateSerializer(state_data(draft, self._state())).data

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_sheet(self, draft: Draft) -> dict[str, Any]:
        return self._state().report


def _card(card: int | None) -> str | None:
    return None if card is None else NAME[card]


def expected(draft: Draft, state: engine.State) -> tuple[str, int | None]:
    """The entry the draft waits for, and whose it is: the page's step, in one word."""
    if draft.status != Draft.Status.OPEN:
        return "none", None
    if state.complete:
        return "finish", None
    phase = state.phase
    deal = state.current
    if phase == "trump":
        return "trump", None
    if phase == "bidding":
        return "bid", state.bid_turn
    if phase == "played_out":
        upcoming = state.upcoming
        if upcoming is None:
            return "finish", None
        return ("bid", (upcoming.dealer + 1) % state.n) if upcoming.no_trump else ("trump", None)
    if draft.mode == Draft.Mode.TAKEN and deal is not None and not deal.plays:
        return "taken", None
    return "play", state.to_play


def state_data(draft: Draft, state: engine.State) -> dict[str, Any]:
    """What the scorekeeper's page shows, as data."""
    deal = state.current
    kind, seat = expected(draft, state)
    balance = state.balance
    upcoming = state.upcoming
    return {
        "phase": state.phase,
        "expected": kind,
        "seat": seat,
        "complete": state.complete,
        "schedule": state.schedule,
        "deal": None
        if deal is None
        else {
            "number": deal.number,
            "slot": deal.planned.deal,
            "dealer": deal.dealer,
            "cards": deal.cards,
            "trump": _card(deal.trump),
            "no_trump": deal.planned.no_trump,
            "redeal": deal.redeal,
        },
        "bids": state.bids,
        "blind": list(deal.blind) if deal is not None else [False] * state.n,
        "balance": None if balance is None else {"announcement": balance[0], "by": balance[1]},
        "trick_number": state.trick_number,
        "trick": [{"seat": s, "card": NAME[c]} for s, c in state.trick],
        "taken": state.taken_so_far,
        "exposed": [[NAME[c] for c in cards] for cards in state.exposed],
        "warnings": [
            {
                "seat": w.seat,
                "card": NAME[w.card],
                "led_suit": SUITS[w.led_suit],
                "may_hold": [NAME[c] for c in w.unseen],
                "stands": w.stands,
            }
            for w in state.warnings
        ],
        "upcoming": None
        if upcoming is None or state.phase != "played_out" or state.complete
        else {
            "dealer": upcoming.dealer,
            "cards": upcoming.cards,
            "no_trump": upcoming.no_trump,
            "redeal": state.upcoming_redeal,
        },
        "unlogged": [],
    }
