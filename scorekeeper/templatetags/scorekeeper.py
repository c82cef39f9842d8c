"""The scorekeeper's template tags."""

from __future__ import annotations

import uuid

from django import template

register = template.Library()


@register.simple_tag
def new_entry_id() -> str:
    """A fresh id for one entry form: the same form sent twice is the same entry (the script
    gives every tap its own id)."""
    return uuid.uuid4().hex
