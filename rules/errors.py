"""Errors the rules engine raises for input it cannot read at all."""

from __future__ import annotations

import re
from typing import Any

import rules.texts_read  # noqa: F401  (registers the refusal codes every game shares)
from rules.texts import ERRORS, Renderer

#: What a refusal code looks like (``READ_INT``, ``OHHELL_SEAT_RANGE``): one that is not
#: registered is a mistake of the raiser, refused at once rather than shown to an uploader.
CODE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")


class MalformedDocument(ValueError):
    """A document that cannot be replayed: not JSON, wrong types, unknown cards ...

    ``path`` names the place in JSON-path style (``deals[3].tricks[2][1]``;
    empty for the document itself) so the uploader can find it. ``code``
    names what is wrong and ``params`` what it names (:mod:`rules.texts`);
    ``message`` is the English sentence of the two, from the template the
    code is registered with (:func:`rules.texts.errors`), so a page can say
    the same in its reader's language.

    An unregistered code is a :class:`KeyError` at once, so a typo cannot ship. The
    rules engine raises nothing else (tests/rules/test_refusal_texts.py); a sentence in
    place of the code is still said as it is, for the apps' own refusals (games/,
    tournaments/) until they register codes of their own.
    """

    def __init__(self, path: str, code: str, **params: Any) -> None:
        params = {key: value for key, value in params.items() if value is not None}
        template = ERRORS.get(code)
        if template is not None:
            message = Renderer(()).render(template, {}, params)
        elif CODE.fullmatch(code):
            raise KeyError(f"refusal code {code!r} is not registered (rules.texts.errors)")
        else:  # an app's sentence of its own, said as it is
            message, code, params = code, "", {}
        super().__init__(f"{path or '(document)'}: {message}")
        self.path = path
        self.code = code
        self.params = params
        self.message = message

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "message": self.message}
        if self.code:
            out["code"] = self.code
            out["params"] = self.params
        return out
