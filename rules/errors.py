"""Errors the rules engine raises for input it cannot read at all."""

from __future__ import annotations


class MalformedDocument(ValueError):
    """A document that cannot be replayed: not JSON, wrong types, unknown cards ...

    ``path`` names the place in JSON-path style (``deals[3].tricks[2][1]``;
    empty for the document itself) so the uploader can find it.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path or '(document)'}: {message}")
        self.path = path
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}
