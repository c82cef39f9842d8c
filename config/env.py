"""Typed readers for settings that come from the environment.

Each helper fails loudly (``ImproperlyConfigured`` naming the variable and
the value) instead of guessing: a typo in ``DEBUG=ture`` must stop the
process at start-up, not silently run a production site in debug mode.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}
_UNSET = object()


class Env:
    """Reads typed values from a mapping (``os.environ`` by default)."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self.environ = os.environ if environ is None else environ

    def _raw(self, name: str, default: object) -> str | object:
        value = self.environ.get(name)
        if value is None:
            if default is _UNSET:
                raise ImproperlyConfigured(f"The environment variable {name} is required but not set.")
            return default
        return value

    def string(self, name: str, default: str | object = _UNSET) -> str:
        value = self._raw(name, default)
        return value if isinstance(value, str) else str(value)

    def optional_string(self, name: str) -> str | None:
        value = self.environ.get(name, "").strip()
        return value or None

    def boolean(self, name: str, default: bool | object = _UNSET) -> bool:
        value = self._raw(name, default)
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a boolean; use one of 1/0, true/false, yes/no, on/off."
        )

    def integer(self, name: str, default: int | object = _UNSET, *, minimum: int | None = None) -> int:
        value = self._raw(name, default)
        if isinstance(value, int):
            number = value
        else:
            try:
                number = int(str(value).strip())
            except ValueError:
                raise ImproperlyConfigured(f"{name}={value!r} is not an integer.") from None
        if minimum is not None and number < minimum:
            raise ImproperlyConfigured(f"{name}={number} is below the minimum {minimum}.")
        return number

    def csv_list(self, name: str, default: list[str] | object = _UNSET) -> list[str]:
        """A comma-separated list; blanks are dropped."""
        value = self._raw(name, default)
        if isinstance(value, list):
            return value
        return [item.strip() for item in str(value).split(",") if item.strip()]

    def choice(self, name: str, choices: tuple[str, ...], default: str | object = _UNSET) -> str:
        value = self.string(name, default)
        if value not in choices:
            raise ImproperlyConfigured(f"{name}={value!r} is not one of {', '.join(choices)}.")
        return value
