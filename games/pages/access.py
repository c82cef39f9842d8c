"""Who may open a members-only page, and what everyone else gets.

docs/pages.md: a page the reader may not read answers 404 (it does not
admit the thing exists), and an anonymous visitor is sent to sign in. On a
members-only page (a profile, the club's analytics) the anonymous visitor is
sent to sign in before anything is looked up, so the redirect says nothing
about whether the player or club exists.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse


def sign_in_first(request: HttpRequest) -> HttpResponse | None:
    """The redirect to sign in for an anonymous visitor of a members-only page, else None."""
    if request.user.is_authenticated:
        return None
    return redirect_to_login(request.get_full_path())
