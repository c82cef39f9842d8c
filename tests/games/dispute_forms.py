"""Filling in the dispute page's decision form as a browser would, for the page tests."""

from __future__ import annotations

import re


def form_fields(html: str) -> dict[str, str]:
    """The deal form's fields (``d.…``, and the log's own ``g.…``) as the page fills them in: the
    text inputs' values, the selected options and the ticked boxes."""
    fields: dict[str, str] = {}
    for name, value in re.findall(r'<input type="text"[^>]*name="([dg]\.[^"]+)" value="([^"]*)"', html):
        fields[name] = value.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
    for name, body in re.findall(
        r'<select id="f-[^"]+" name="([dg]\.[^"]+)"[^>]*>(.*?)</select>', html, re.S
    ):
        chosen = re.search(r'<option value="([^"]*)" selected>', body)
        fields[name] = chosen.group(1) if chosen else ""
    for name in re.findall(r'<input type="checkbox" id="f-[^"]+" name="([dg]\.[^"]+)" checked>', html):
        fields[name] = "on"
    for name, value in re.findall(
        r'<textarea id="f-[^"]+" name="([dg]\.[^"]+)"[^>]*>(.*?)</textarea>', html, re.S
    ):
        fields[name] = (
            value.replace("&quot;", '"')
            .replace("&#x27;", "'")
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
        )
    return fields
