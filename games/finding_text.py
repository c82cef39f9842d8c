"""A finding's sentence, and a refusal's, in the reader's language.

The engine hands over what it found as data: a code, where (deal, trick,
seat, card) and parameters (rules/texts.py). Its English ``message`` is one
rendering; here the same English template is looked up in the catalogue of
the active language (Django's gettext: the template is the msgid) and filled
in with the reader's card letters (В Д К Т), suit symbols, bids and the
players' names. Pages, the API (by Accept-Language), the CSV and
``manage.py replay --language`` all say findings through :func:`sentence`.

A finding stored before its game's engine gave parameters has none, and a
code its game's texts do not know has no template: for either
:func:`sentence` gives back the stored English ``message`` as it is, the
same plain string a translated sentence is (nothing marks it as English),
until ``manage.py reaudit`` replays the game with the current engine
(docs/pages.md, "Findings and refusals in the reader's language"). A
refusal whose code has no template is likewise its English ``message``
(:func:`error_text`). A translation whose placeholders do not fit its
template is logged and the English template is filled in instead.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, pgettext

from games.refusals import Refusal
from games.templatetags.cards import call as call_text
from games.templatetags.cards import card as card_text
from games.templatetags.cards import suit as suit_text
from games.vocabulary import game_name
from rules import registry
from rules.errors import MalformedDocument
from rules.texts import ERRORS, Renderer, template_key

log = logging.getLogger(__name__)

MINUS = "−"


def contract_text(value: str) -> str:
    """A bid, call or contract of any game as the reader writes it: «4♥», «3 БК×», «мизер», «пас»."""
    words = {
        "misere": pgettext("preferans contract", "misère"),
        "pass": pgettext("preferans call", "pass"),
        "dark-1": pgettext("preferans call", "one in the dark"),
        "dark-2": pgettext("preferans call", "two in the dark"),
        "dark-3": pgettext("preferans call", "three in the dark"),
        "whist": pgettext("preferans whist", "whist"),
        "half-whist": pgettext("preferans whist", "half-whist"),
    }
    if value in words:
        return words[value]
    if value[:1].isdigit() and len(value) > 1:
        return call_text(value)
    if value in ("P", "X", "XX"):
        return call_text(value)
    return value


def found_text(found: Sequence[Any]) -> str:
    """The JSON value a refusal describes: «текст 'x'», «список», «null»."""
    kind = found[0] if found else ""
    if kind == "number":
        return gettext("the number %(value)s") % {"value": found[1]}
    if kind == "text":
        return gettext("the text %(value)s") % {"value": repr(found[1])}
    names = {
        "list": gettext("a list"),
        "object": gettext("an object"),
        "null": "null",
        "true": "true",
        "false": "false",
    }
    return names.get(str(kind), str(kind))


def seat_number(seat: int) -> str:
    return gettext("seat %(number)s") % {"number": seat + 1}


def renderer(players: Sequence[str]) -> Renderer:
    """A renderer in the active language, naming ``players`` by seat."""
    return Renderer(
        players,
        card=card_text,
        suit=suit_text,
        contract=contract_text,
        seat=seat_number,
        found=found_text,
        game=game_name,
        minus=MINUS,
    )


def _fill(template: str, fields: Mapping[str, Any], params: Mapping[str, Any], players: Sequence[str]) -> str:
    translated = gettext(template)
    try:
        return renderer(players).render(translated, fields, params)
    except (KeyError, IndexError, ValueError, TypeError):
        # A translation that does not fit its template must not take a page down: the English
        # template, filled the same way, is still the reader's cards and names.
        log.warning("translation of %r does not fit its parameters", template)
        return renderer(players).render(template, fields, params)


def sentence(game_type: str, finding: Mapping[str, Any], players: Sequence[str] = ()) -> str:
    """A finding (a report's dict or a stored row's values) said in the active language."""
    params = finding.get("params")
    if params is None:
        return str(finding.get("message") or "")
    texts = registry.texts(game_type)
    template = texts.get(template_key(str(finding.get("code")), params))
    if template is None:
        return str(finding.get("message") or "")
    fields = {key: finding.get(key) for key in ("deal", "trick", "seat", "card")}
    fields["bout"] = finding.get("bout", finding.get("trick"))  # durak's trick is its bout
    return _fill(template, fields, params, players)


def error_text(error: Mapping[str, Any]) -> str:
    """A refusal (``{"path", "message", "code", "params"}``) said in the active language."""
    registry.load_all()
    template = ERRORS.get(str(error.get("code") or ""))
    if template is None:
        return str(error.get("message") or "")
    return _fill(template, {}, error.get("params") or {}, ())


def template_text(template: str, params: Mapping[str, Any], *, fallback: str = "") -> str:
    """A service's refusal kept as its English template and parameters (an Upload's), said in
    the active language: the template's translation filled as games.refusals shows each
    parameter; the English ``fallback`` when the translation does not fit."""
    from games.refusals import shown

    values = {key: shown(key, value, params) for key, value in params.items()}
    try:
        return gettext(template) % values if values else gettext(template)
    except (KeyError, ValueError, TypeError):
        return fallback


def with_text(
    game_type: str, findings: Sequence[Mapping[str, Any]], players: Sequence[str]
) -> list[dict[str, Any]]:
    """The findings, each with its ``text`` in the active language, for a page to show."""
    return [{**f, "text": sentence(game_type, f, players)} for f in findings]


def report_in_language(report: dict[str, Any] | None) -> dict[str, Any] | None:
    """A report as the API answers it: each finding with its ``text`` in the request's language
    (Accept-Language) beside the stored code, parameters and English ``message``."""
    if not report:
        return report
    game_type = str(report.get("game") or "")
    if game_type not in registry.GAMES:
        return report
    return {
        **report,
        "findings": with_text(game_type, report.get("findings") or [], report.get("players") or []),
    }


def error_in_language(error: dict[str, Any] | None) -> dict[str, Any] | None:
    """A refusal as the API answers it: its ``text`` in the request's language beside the rest."""
    if not error:
        return error
    return {**error, "text": error_text(error)}


def document_error_text(error: MalformedDocument) -> str:
    """A refused document's sentence in the active language: a service's refusal says itself
    (games.refusals), the rules engine's is said from its code and parameters."""
    if isinstance(error, Refusal):
        return error.message
    return error_text(error.as_dict())
