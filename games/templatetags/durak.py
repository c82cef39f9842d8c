"""A durak ruleset in words, for the game page and the printed blank sheet.

The report echoes the resolved ruleset as data (rules.durak.ruleset: ``preset`` and every
option); these filters say it as a table would — the variant (простой, подкидной, переводной,
бескозырный, two decks, втемную), who throws in, whether the defender may transfer, the
readings, and how a game scores (by fools, or points per place) — in the reader's language.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import vocabulary

register = template.Library()


@register.filter
def durak_variant(preset: str | None) -> str:
    """The variant a preset names: ``"transfer"`` → transfer (переводной in Russian)."""
    return vocabulary.preset_name("durak", preset)


@register.filter
def durak_scoring(ruleset: dict[str, Any] | None) -> str:
    """How a game scores: by fools (the fool −1), or the points for going out first, second …"""
    points = (ruleset or {}).get("place_points")
    if points is None:
        return _("Scored by fools: the fool of each game scores −1, the others 0; a draw scores nothing.")
    return _(
        "Points for going out first, second, …: %(points)s; the fool takes the last place, "
        "players going out together share their best place."
    ) % {"points": ", ".join(str(p).replace("-", "−") for p in points)}


@register.filter
def durak_options(ruleset: dict[str, Any] | None) -> list[str]:
    """The options of a resolved ruleset, each as a short sentence (the scoring apart)."""
    r = ruleset or {}
    deck = r.get("deck", 36)
    words = [_("36 cards, six to ace") if deck == 36 else _("52 cards, two to ace")]
    if r.get("two_decks"):
        words.append(_("two decks: every card twice, and a card never beats its twin"))
    if r.get("no_trump"):
        words.append(_("no trumps"))
    words.append(
        _("everybody but the defender throws in") if r.get("throw_in") else _("only the attacker throws in")
    )
    if r.get("transfer"):
        words.append(
            _("the defender may transfer, also after beating")
            if r.get("transfer_after_beat")
            else _("the defender may transfer before beating")
        )
    if r.get("blind"):
        words.append(_("the defender may beat face down; the attacker agrees or turns the card"))
    if not r.get("no_trump"):
        words.append(
            _("a turned jack: the highest trump attacks first")
            if r.get("first_attack_jack") == "highest"
            else _("a turned jack: the lowest trump attacks first")
        )
    words.append(
        _("the last cards out together: the last hand is the fool")
        if r.get("draw_rule") == "last-hand-fool"
        else _("the last cards out together: a draw")
    )
    limit = r.get("bout_limit")
    if limit is None:
        words.append(_("no limit to the cards of a bout but the defender's hand"))
    else:
        words.append(
            ngettext("at most %(n)s card in a bout", "at most %(n)s cards in a bout", limit) % {"n": limit}
        )
    first = r.get("first_bout_limit")
    if first is not None:
        words.append(
            ngettext("at most %(n)s card in the first bout", "at most %(n)s cards in the first bout", first)
            % {"n": first}
        )
    lose_at = r.get("lose_at")
    if lose_at is not None:
        words.append(
            ngettext(
                "a hand of %(n)s card or more loses at once",
                "a hand of %(n)s cards or more loses at once",
                lose_at,
            )
            % {"n": lose_at}
        )
    return words


def durak_finding_place(finding: dict[str, Any]) -> dict[str, Any]:
    """Where a durak finding points on the deal page: the anchor of its event (``event-12``,
    the log's index) or of its bout (``bout-3``), and the words for it («bout 3»)."""
    bout, event = finding.get("bout"), finding.get("event")
    if event is not None:
        anchor = f"event-{event}"
    elif bout:
        anchor = f"bout-{bout}"
    else:
        return {"anchor": None, "where": None}
    if bout:
        where = pgettext("durak", "bout %(n)s") % {"n": bout}
    else:
        where = pgettext("durak", "event %(n)s") % {"n": event}
    return {"anchor": anchor, "where": where}
