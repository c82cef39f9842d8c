"""The organiser pages' forms: they check the shape of the input; the services and the rules decide.

Split from organiser.py so the views stay short. Every choice list comes
from the models, the services or the rules (presets, tie-breaks, status
transitions, seating methods), never a copy of them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import Player
from games.templatetags.cards import card as card_text
from games.templatetags.cards import suit as suit_text
from games.vocabulary import GAME_NAMES, PRESET_NAMES
from rules import registry
from rules.cards import RANKS, SUITS
from rules.ohhell.sheet_entry import PlannedDeal
from tournaments import services
from tournaments.models import DEFAULT_TIEBREAKS, TIEBREAKS, Round, Tournament

TIEBREAK_LABELS = {
    "head_to_head": _("Head-to-head"),
    "contracts_made": _("Contracts made"),
    "best_game": _("Best game"),
    "table_wins": _("Table wins"),
    "lots": _("Drawing of lots"),
}
STATUS_LABELS = {
    Tournament.Status.DRAFT: _("Draft"),
    Tournament.Status.REGISTRATION: _("Registration"),
    Tournament.Status.RUNNING: _("Running"),
    Tournament.Status.FINISHED: _("Finished"),
}
METHOD_LABELS = {
    Tournament.Method.TOTAL: _("Total points"),
    Tournament.Method.TABLE_POINTS: _("Table points"),
    Tournament.Method.AVERAGE: _("Average per game"),
    Tournament.Method.WHISTS: _("Whists (games that have them)"),
}
#: The games' names on the form; a game missing here shows its registry key.
GAME_LABELS = GAME_NAMES
DEFAULT_GAME = "oh-hell"
SEATING_LABELS = {
    Round.Seating.ROTATE: _("Fewest repeated opponents"),
    Round.Seating.STANDINGS: _("By current standings"),
}


def tiebreak_field(position: int) -> str:
    return f"tiebreak_{position}"


#: The longest window a table may be given to confirm its sheet: thirty days.
MAX_CONFIRMATION_HOURS = 720


class TournamentCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    starts_at = forms.DateTimeField(
        label=_("Starts at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    game_type = forms.ChoiceField(
        label=_("Game"),
        choices=[(key, GAME_LABELS.get(key, key)) for key in registry.game_keys()],
        initial=DEFAULT_GAME,
        required=False,
    )
    ruleset = forms.ChoiceField(
        label=_("Ruleset"),
        choices=[
            (
                GAME_LABELS.get(key, key),
                [(name, PRESET_NAMES.get(key, {}).get(name, name)) for name in registry.get(key).PRESETS],
            )
            for key in registry.game_keys()
        ],
        initial="classic",
        help_text=_(
            "Choose a ruleset of the chosen game: for rubber bridge the seed's points table or the Laws "
            "of Contract Bridge (Law 77); for preferans the convention of the pulka; for durak the variant."
        ),
    )
    options = forms.CharField(
        label=_("Ruleset options"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false"}),
        help_text=_(
            'Optional, as JSON: what the table agreed beyond the preset, e.g. {"pool": 30} for a '
            'longer pulka, or {"place_points": [2, 1, 0]} to score durak by places. The game\'s '
            "documentation lists every option."
        ),
    )
    preferred_table_size = forms.IntegerField(
        label=_("Players per table"),
        min_value=min(size for key in registry.game_keys() for size in registry.table_sizes(key)),
        max_value=max(size for key in registry.game_keys() for size in registry.table_sizes(key)),
        initial=4,
        help_text=_(
            "Oh Hell: 3 to 7; rubber bridge: 4 (two partnerships); preferans: 3, or 4 with the dealer "
            "sitting out; durak: 2 to 6."
        ),
    )
    rounds_planned = forms.IntegerField(
        label=_("Rounds planned"),
        required=False,
        min_value=1,
        max_value=99,
        help_text=_("Optional: the standings then say “after round 2 of 5”."),
    )
    standings_method = forms.ChoiceField(
        label=_("Standings by"),
        choices=[(method.value, METHOD_LABELS[method]) for method in Tournament.Method],
        initial=Tournament.Method.TOTAL,
    )
    seed = forms.IntegerField(
        label=_("Seed"),
        required=False,
        initial=0,
        help_text=_("Seeds the seating and the drawing of lots, so both can be reproduced."),
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    confirmation_hours = forms.IntegerField(
        label=_("The table confirms its sheet within (hours)"),
        required=False,
        initial=0,
        min_value=0,
        max_value=MAX_CONFIRMATION_HOURS,
        help_text=_(
            "0: not asked. Otherwise each recorded game stays provisional until every player of its "
            "table has confirmed the sheet on their phone, or opened a dispute, or this many hours "
            "have passed."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", _("(none)"))] + [(name, TIEBREAK_LABELS[name]) for name in TIEBREAKS]
        for position in range(1, len(TIEBREAKS) + 1):
            initial = DEFAULT_TIEBREAKS[position - 1] if position <= len(DEFAULT_TIEBREAKS) else ""
            self.fields[tiebreak_field(position)] = forms.ChoiceField(
                label=_("Tie-break %(n)s") % {"n": position}, choices=choices, required=False, initial=initial
            )

    def main_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith("tiebreak_")]

    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[tiebreak_field(p)] for p in range(1, len(TIEBREAKS) + 1)]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        data["game_type"] = data.get("game_type") or DEFAULT_GAME
        ruleset = data.get("ruleset")
        if ruleset and ruleset not in registry.get(data["game_type"]).PRESETS:
            self.add_error(
                "ruleset",
                _("%(ruleset)s is not a ruleset of %(game)s.")
                % {"ruleset": ruleset, "game": GAME_LABELS.get(data["game_type"], data["game_type"])},
            )
        options = self._options(data.get("options") or "")
        if options and ruleset:
            data["ruleset"] = {"preset": ruleset, **options}
        order = [data.get(tiebreak_field(p)) for p in range(1, len(TIEBREAKS) + 1)]
        chosen = [name for name in order if name]
        seen: set[str] = set()
        for position, name in enumerate(order, start=1):
            if name and name in seen:
                self.add_error(tiebreak_field(position), _("Each tie-break can be chosen once."))
            if name:
                seen.add(name)
        data["tiebreaks"] = chosen
        return data

    def _options(self, text: str) -> dict[str, Any]:
        """The options field: a JSON object of option → value (empty: none)."""
        if not text.strip():
            return {}
        try:
            value = json.loads(text)
        except ValueError as exc:
            self.add_error("options", _("Not JSON: %(error)s") % {"error": exc})
            return {}
        if not isinstance(value, dict):
            self.add_error("options", _('Write the options as a JSON object, e.g. {"pool": 30}.'))
            return {}
        if "preset" in value:
            self.add_error("options", _("Choose the preset above, not among the options."))
            return {}
        return value

    def settings(self) -> dict[str, Any]:
        """The keyword arguments of services.tournament_create."""
        data = self.cleaned_data
        return {
            "starts_at": data["starts_at"],
            "game_type": data["game_type"],
            "ruleset": data["ruleset"],
            "preferred_table_size": data["preferred_table_size"],
            "rounds_planned": data.get("rounds_planned"),
            "standings_method": data["standings_method"],
            # A tie-break the game's results do not carry (contracts made in durak) is left out
            # rather than refused: the form offers the same list for every game.
            "tiebreaks": [
                t
                for t in data["tiebreaks"]
                if services.NEEDS.get(t) is None or registry.fills(data["game_type"], services.NEEDS[t])
            ],
            "seed": data["seed"] or 0,
            "rated": data["rated"],
            "confirmation_hours": data.get("confirmation_hours") or 0,
        }


class StatusForm(forms.Form):
    status = forms.ChoiceField(label=_("Change the status to"))

    def __init__(self, *args: Any, current: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = cast(forms.ChoiceField, self.fields["status"])
        allowed = services.TRANSITIONS.get(Tournament.Status(current), ())
        field.choices = [(value.value, STATUS_LABELS[value]) for value in allowed]


class PublishForm(forms.Form):
    published = forms.TypedChoiceField(
        choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1", widget=forms.HiddenInput
    )


class RegisterForm(forms.Form):
    roster = forms.ModelMultipleChoiceField(
        label=_("From the club's roster"),
        queryset=Player.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    new_names = forms.CharField(
        label=_("New players, one name per line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("A name already on the roster (in any letter case) enters that player."),
    )

    def __init__(self, *args: Any, available: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["roster"].queryset = available  # type: ignore[attr-defined]

    def clean_new_names(self) -> list[str]:
        names = [" ".join(line.split()) for line in self.cleaned_data["new_names"].splitlines()]
        names = [name for name in names if name]
        too_long = [name for name in names if len(name) > 150]
        if too_long:
            raise forms.ValidationError(_("A name has at most 150 characters."))
        # One entry per name, however it is spelt (the roster matches names so).
        return list({Player.key_for(name): name for name in reversed(names)}.values())[::-1]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not self.errors and not data.get("roster") and not data.get("new_names"):
            raise forms.ValidationError(_("Choose players from the roster or type new names."))
        return data


class RemoveEntryForm(forms.Form):
    player = forms.IntegerField(widget=forms.HiddenInput)


class GenerateForm(forms.Form):
    seating_method = forms.ChoiceField(
        label=_("Seating"),
        choices=[(method.value, SEATING_LABELS[method]) for method in Round.Seating],
        initial=Round.Seating.ROTATE,
    )


class SwapForm(forms.Form):
    a = forms.TypedChoiceField(label=_("Swap this player"), coerce=int)
    b = forms.TypedChoiceField(label=_("with this player"), coerce=int)

    def __init__(self, *args: Any, seated: Sequence[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("a", "b"):
            self.fields[name].choices = [("", "—"), *((str(pk), label) for pk, label in seated)]  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("a") is not None and data.get("a") == data.get("b"):
            self.add_error("b", _("Choose two different players."))
        return data


def trump_name(deal: int) -> str:
    return f"d{deal}_trump"


def trump_choices() -> list[tuple[Any, Any]]:
    """The 52 cards by suit, as the reader writes them (Д♥ in Russian), after an empty choice: the
    form never picks a trump for the scorekeeper."""
    by_suit = [
        (suit_text(suit), [(rank + suit, card_text(rank + suit)) for rank in reversed(RANKS)])
        for suit in SUITS
    ]
    return [("", "—"), *by_suit]


def cell_name(deal: int, seat: int, column: str) -> str:
    """A sheet input's name: ``d3_s1_bid`` is deal 3, seat 1, the bid."""
    return f"d{deal}_s{seat}_{column}"


class SheetForm(forms.Form):
    """The score sheet: per deal, each player's bid and tricks taken (0 to the cards dealt)."""

    first_dealer = forms.TypedChoiceField(label=_("First dealer"), coerce=int, initial=0)

    def __init__(
        self, *args: Any, players: Sequence[str], deals: Sequence[PlannedDeal], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.deals = list(deals)
        self.fields["first_dealer"].choices = list(enumerate(self.players))  # type: ignore[attr-defined]
        cards = trump_choices()
        for deal in self.deals:
            if not deal.no_trump:  # the last deal is played without trumps: no card to write
                self.fields[trump_name(deal.deal)] = forms.ChoiceField(
                    label=_("Deal %(deal)s, trump card") % {"deal": deal.deal},
                    choices=cards,
                    error_messages={"required": _("Write the trump card turned up for this deal.")},
                    widget=forms.Select(attrs={"class": "sheet-trump", "data-deal": deal.deal}),
                )
            for seat, player in enumerate(self.players):
                for column, word in (("bid", _("bid")), ("taken", _("taken"))):
                    self.fields[cell_name(deal.deal, seat, column)] = forms.IntegerField(
                        label=_("Deal %(deal)s, %(player)s, %(column)s")
                        % {"deal": deal.deal, "player": player, "column": word},
                        min_value=0,
                        max_value=deal.cards,
                        widget=forms.NumberInput(
                            attrs={
                                "class": f"sheet-{column}",
                                "inputmode": "numeric",
                                "data-deal": deal.deal,
                                "data-seat": seat,
                            }
                        ),
                    )

    def rows(self) -> list[dict[str, Any]]:
        """The grid: per deal, its plan and each seat's bid and taken fields."""
        return [
            {
                "deal": deal,
                "trump": None if deal.no_trump else self[trump_name(deal.deal)],
                "cells": [
                    {
                        "seat": seat,
                        "bid": self[cell_name(deal.deal, seat, "bid")],
                        "taken": self[cell_name(deal.deal, seat, "taken")],
                    }
                    for seat in range(len(self.players))
                ],
            }
            for deal in self.deals
        ]

    def trumps(self) -> list[str | None]:
        """The trump card of each deal as written (None for the deal played without trumps)."""
        return [None if deal.no_trump else self.cleaned_data[trump_name(deal.deal)] for deal in self.deals]

    def columns(self, column: str) -> list[list[int]]:
        """Cleaned values, per deal then per seat (``column`` is bid or taken)."""
        return [
            [self.cleaned_data[cell_name(deal.deal, seat, column)] for seat in range(len(self.players))]
            for deal in self.deals
        ]
