"""The names a person reads for the games and their rulesets, in the reader's language.

The registry keys (``oh-hell``, ``bridge-rubber``) and preset names
(``classic``, ``sochi``, ``transfer``) are codes: the API and the URLs keep
them, and every page says them through here — Черт побери, Сочинка,
переводной. A code with no name here is shown as itself, and the i18n test
(tests/test_page_language.py) fails on any known code left on a page.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

#: The games by their registry key, as the players call them.
GAME_NAMES: dict[str, Promise] = {
    "oh-hell": _("Oh Hell"),
    "bridge-rubber": _("Rubber bridge"),
    "bridge-duplicate": _("Duplicate bridge"),
    "preferans": _("Preferans"),
    "durak": _("Durak"),
}

#: Each game's presets (rules.<game>.PRESETS) by name: what the ruleset is called at the table.
PRESET_NAMES: dict[str, dict[str, Promise]] = {
    "oh-hell": {
        "classic": pgettext_lazy("oh hell preset", "basic (the seed's text)"),
        "classic-nil5": pgettext_lazy("oh hell preset", "basic, a made zero bid scores 5 + the cards"),
    },
    "bridge-rubber": {
        "seed": pgettext_lazy("bridge preset", "basic (the seed's text)"),
        "laws": pgettext_lazy("bridge preset", "the Laws of rubber bridge"),
    },
    "bridge-duplicate": {
        "laws": pgettext_lazy("bridge preset", "the Laws' duplicate scoring"),
    },
    "preferans": {
        "sochi": pgettext_lazy("preferans convention", "Sochi"),
        "leningrad": pgettext_lazy("preferans convention", "Leningrad"),
        "rostov": pgettext_lazy("preferans convention", "Rostov"),
    },
    "durak": {
        "simple": pgettext_lazy("durak variant", "simple"),
        "throw-in": pgettext_lazy("durak variant", "throw-in"),
        "transfer": pgettext_lazy("durak variant", "transfer"),
        "transfer-any": pgettext_lazy("durak variant", "transfer, also after beating"),
        "no-trump": pgettext_lazy("durak variant", "no-trump"),
        "two-decks": pgettext_lazy("durak variant", "two decks"),
        "blind": pgettext_lazy("durak variant", "blind (beating face down)"),
    },
}


def game_name(key: str | None) -> str:
    """``"preferans"`` → Преферанс; an unknown key as itself."""
    return str(GAME_NAMES.get(key or "", key or ""))


def preset_name(game: str | None, preset: str | None) -> str:
    """``("preferans", "sochi")`` → Сочинка; an unknown preset as itself."""
    return str(PRESET_NAMES.get(game or "", {}).get(preset or "", preset or ""))


def ruleset_name(game: str | None, ruleset: Any) -> str:
    """A ruleset as a tournament or a game stores it — a preset name, or ``{"preset": …,
    options}`` — by its preset's name, saying so when options change it."""
    if isinstance(ruleset, dict):
        name = preset_name(game, ruleset.get("preset"))
        if set(ruleset) - {"preset"}:
            return str(_("%(preset)s, with changes") % {"preset": name})
        return name
    return preset_name(game, None if ruleset is None else str(ruleset))


def all_codes() -> set[str]:
    """Every game key and preset name: codes that must not be shown to a person."""
    return set(GAME_NAMES) | {preset for presets in PRESET_NAMES.values() for preset in presets}
