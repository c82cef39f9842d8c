"""A refusal is data: a code, its parameters, and a sentence in the reader's language.

Every service refuses with a :class:`Refusal` (``games.services.ServiceError`` and
its subclasses, the scorekeeper engine's ``Refused``, the import's and the
backup's refusals …): a stable ``code`` (``TOURNAMENT_NAME_MISSING``), the
``params`` it names as JSON-plain values (numbers, names, registry keys) and
an English template marked with ``gettext_lazy`` — the gettext msgid, with
``%(name)s`` placeholders as Django writes them, so ``msgfmt --check`` holds
every translation to the same placeholders.

The sentence is rendered when asked, not when raised: ``str(exc)`` and
``exc.message`` say it in the active language (a page that shows
``str(exc)`` shows it in its reader's language), ``exc.english`` in English
(what the API's ``message`` and a stored row keep). A parameter is shown by
what its name says it is (:func:`shown`): a game key by the game's name, a
preset by the preset's, a card as the reader writes it, a rules-engine
refusal in words; anything else as it is.

A refusal of a document — the log a service reads, refused with the JSON
path of what is wrong — is a :class:`DocumentRefusal`: a
:class:`rules.errors.MalformedDocument` (every caller that catches those
catches it) whose sentence is a service's template rather than one of the
rules engine's.

A refusal raised with one sentence and no code (``ServiceError("...")``, as
older callers still do) keeps that sentence as it is, under the code
``REFUSED``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext

from games.vocabulary import game_name, preset_name
from rules.errors import MalformedDocument

log = logging.getLogger(__name__)

#: The code of a refusal raised with a sentence of its own and no code.
UNCODED = "REFUSED"

Show = Callable[[Any, Mapping[str, Any]], Any]


def is_english() -> bool:
    """Whether the active language is English (or none is active)."""
    return (translation.get_language() or "en").split("-")[0] == "en"


def names_text(names: Sequence[Any]) -> str:
    """``["Anna", "Vera"]`` → "Anna and Vera" in the reader's language; one name as itself."""
    names = [str(name) for name in names]
    if len(names) < 2:
        return "".join(names)
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def _card(value: Any, params: Mapping[str, Any]) -> str:
    # English is the engine's own: the spec's card codes ("AH"), as the reports write them.
    if is_english():
        return str(value)
    from games.templatetags.cards import card

    return card(str(value))


def _error(value: Any, params: Mapping[str, Any]) -> str:
    """A rules-engine refusal (``MalformedDocument.as_dict()``) in words."""
    if not isinstance(value, Mapping):
        return str(value)
    if is_english():
        return str(value.get("message") or "")
    from games.finding_text import error_text

    return error_text(value)


def _game(value: Any, params: Mapping[str, Any]) -> str:
    return game_name(str(value)) if value is not None else ""


def _games(value: Any, params: Mapping[str, Any]) -> str:
    return ", ".join(game_name(str(key)) for key in value)


def _preset(value: Any, params: Mapping[str, Any]) -> str:
    return preset_name(params.get("game"), str(value))


def _teams(value: Any, params: Mapping[str, Any]) -> str:
    return "; ".join(names_text(team) for team in value)


def shown(key: str, value: Any, params: Mapping[str, Any]) -> Any:
    """A parameter as the sentence shows it, by its name:

    - ``game``, ``…_game``: a registry key, shown by the game's name (Черт побери);
    - ``games``, ``…_games``: a list of them;
    - ``preset``: a preset of the ``game`` parameter's game, by its name (Сочинка);
    - ``card``, ``…_card``: a card code (``"QH"``), as the reader writes it (Д♥; English
      keeps the code, as the engine's reports do);
    - ``error``, ``…_error``: a rules-engine refusal (its ``as_dict()``), in words;
    - ``teams``, ``…_teams``: lists of players' names, "Anna and Vera; Boris and Gleb";
    - any other list: its items joined by commas;
    - anything else as it is (a number keeps its type, for ``%(n)d``).
    """
    if key == "game" or key.endswith("_game"):
        return _game(value, params)
    if key == "games" or key.endswith("_games"):
        return _games(value, params)
    if key == "preset":
        return _preset(value, params)
    if key == "card" or key.endswith("_card"):
        return _card(value, params)
    if key == "error" or key.endswith("_error"):
        return _error(value, params)
    if key == "teams" or key.endswith("_teams"):
        return _teams(value, params)
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value)
    return value


class Refusal(Exception):
    """A request refused: ``code``, ``params`` and a template that says them in any language.

    ``template`` is a ``gettext_lazy`` string (its English is the msgid);
    ``params`` fill its ``%(name)s`` placeholders. A subclass may show some
    parameters its own way (``labels``: name → function of the value and all
    the parameters), before the names :func:`shown` knows.
    """

    labels: ClassVar[Mapping[str, Show]] = {}

    def __init__(self, code: str | Promise, template: str | Promise | None = None, /, **params: Any) -> None:
        if template is None:  # a sentence of its own, no code: said as it is
            code, template = UNCODED, code
        Exception.__init__(self, code)
        self.code = str(code)
        self.template = template
        self.params = params

    # -- the sentence ------------------------------------------------------------------------

    def show(self, key: str, value: Any) -> Any:
        label = self.labels.get(key)
        if label is not None:
            return label(value, self.params)
        return shown(key, value, self.params)

    def render(self) -> str:
        """The sentence in the active language."""
        template = str(self.template)
        if not self.params:
            return template
        values = {key: self.show(key, value) for key, value in self.params.items()}
        try:
            return template % values
        except (KeyError, ValueError, TypeError):
            # A translation that does not fit its parameters must not take a page down.
            log.warning("translation of %r does not fit its parameters", self.template)
            if is_english():
                return f"{self.code} {self.params}"
            with translation.override("en"):
                return self.render()

    def __str__(self) -> str:
        return self.render()

    @property
    def message(self) -> str:
        """The sentence in the active language."""
        return self.render()

    @property
    def english(self) -> str:
        """The sentence in English: what the API's ``message`` and a stored row say."""
        with translation.override("en"):
            return self.render()

    def as_error(self, path: str = "") -> dict[str, Any]:
        """The API's ``error`` object: ``message`` in English (clients parse it), ``code`` and
        ``params`` as data, ``text`` in the request's language."""
        return {
            "path": path,
            "message": self.english,
            "code": self.code,
            "params": dict(self.params),
            "text": self.message,
        }

    def __reduce__(self) -> tuple[Any, ...]:
        # A refusal crosses a process (a Celery result, a cache) with its data, not its sentence.
        return (_restore, (type(self), dict(self.__dict__)))


def _restore(cls: type[Refusal], state: dict[str, Any]) -> Refusal:
    refusal = cls.__new__(cls)
    Exception.__init__(refusal, state.get("code", UNCODED))
    refusal.__dict__.update(state)
    return refusal


class DocumentRefusal(Refusal, MalformedDocument):  # type: ignore[override]  # message: read, in the reader's language
    """A document a service refuses, at ``path``: a MalformedDocument with a service's sentence.

    ``message`` is the sentence in the active language, ``english`` in
    English (what an Upload keeps), ``as_dict()`` the rules' form of a
    refusal (English ``message``, ``code``, ``params``); ``str()`` is
    ``path: sentence``, as a MalformedDocument's.
    """

    def __init__(self, path: str, code: str, template: str | Promise, /, **params: Any) -> None:
        Refusal.__init__(self, code, template, **params)
        self.path = path

    def __str__(self) -> str:
        return f"{self.path or '(document)'}: {self.render()}"

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "message": self.english, "code": self.code, "params": dict(self.params)}


def english(error: BaseException) -> str:
    """The English sentence of any refusal: what a stored row keeps."""
    if isinstance(error, Refusal):
        return error.english
    if isinstance(error, MalformedDocument):
        return error.message
    return str(error)


def error_object(path: str, error: BaseException | Mapping[str, Any] | str) -> dict[str, Any]:
    """The API's ``error`` object of any refusal: ``path``, the English ``message``, ``code``,
    ``params`` and ``text``, the sentence in the active language (the request's).

    A :class:`Refusal` says itself; a rules-engine refusal (a MalformedDocument,
    or its ``as_dict()`` as an Upload keeps it) is said through
    :func:`games.finding_text.error_text`; a bare sentence has no code.
    """
    from games.finding_text import error_text

    if isinstance(error, Refusal):
        return error.as_error(path)
    if isinstance(error, MalformedDocument):
        found = {**error.as_dict(), "path": path}
    elif isinstance(error, Mapping):
        found = {**error, "path": path}
    else:
        found = {"path": path, "message": str(error)}
    found.setdefault("message", "")
    found.setdefault("code", "")
    found.setdefault("params", {})
    return {**found, "text": error_text(found)}


__all__ = [
    "UNCODED",
    "DocumentRefusal",
    "Refusal",
    "english",
    "error_object",
    "is_english",
    "names_text",
    "shown",
]
