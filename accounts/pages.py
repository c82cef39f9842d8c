"""Sign in and out, password change and reset: Django's auth views with Trickbook's templates;
and the page of one's own API tokens, to see and revoke them.

In development the reset mail is printed on the console (EMAIL_BACKEND in
config/settings.py); production reads the SMTP settings from the environment.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from accounts import tokens
from accounts.models import User


@login_required
@require_GET
def token_list(request: HttpRequest) -> HttpResponse:
    """The signed-in user's live API tokens, the newest first, each with its revoke button."""
    user: User = request.user  # type: ignore[assignment]
    return render(request, "accounts/tokens.html", {"tokens": list(tokens.live_tokens(user=user))})


@login_required
@require_POST
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    """Revoke one of the user's own tokens (404 for one that is not theirs)."""
    user: User = request.user  # type: ignore[assignment]
    token = tokens.live_tokens(user=user).filter(pk=pk).first()
    if token is None or not tokens.token_revoke(user=user, token_id=pk):
        raise Http404
    if token.name:
        messages.success(request, _("The token “%(name)s” is revoked.") % {"name": token.name})
    else:
        messages.success(request, _("The token is revoked."))
    return redirect("api-tokens")


@login_required
@require_POST
def tokens_revoke_all(request: HttpRequest) -> HttpResponse:
    """Revoke every token of the user: each script and app signs in again."""
    user: User = request.user  # type: ignore[assignment]
    n = tokens.tokens_revoke_all(user=user, reason="revoked on the tokens page")
    messages.success(request, ngettext("%(n)d token is revoked.", "%(n)d tokens are revoked.", n) % {"n": n})
    return redirect("api-tokens")


urlpatterns: list[URLPattern] = [
    path(
        "login/",
        auth.LoginView.as_view(template_name="accounts/login.html", redirect_authenticated_user=True),
        name="login",
    ),
    path("logout/", auth.LogoutView.as_view(), name="logout"),
    path(
        "password/change/",
        auth.PasswordChangeView.as_view(template_name="accounts/password_change.html"),
        name="password_change",
    ),
    path(
        "password/change/done/",
        auth.PasswordChangeDoneView.as_view(template_name="accounts/message.html"),
        name="password_change_done",
    ),
    path(
        "password/reset/",
        auth.PasswordResetView.as_view(
            template_name="accounts/password_reset.html",
            email_template_name="accounts/password_reset_email.txt",
            subject_template_name="accounts/password_reset_subject.txt",
            success_url=reverse_lazy("password_reset_done"),
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth.PasswordResetDoneView.as_view(template_name="accounts/message.html"),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth.PasswordResetConfirmView.as_view(template_name="accounts/password_reset_confirm.html"),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/complete/",
        auth.PasswordResetCompleteView.as_view(template_name="accounts/message.html"),
        name="password_reset_complete",
    ),
    path("tokens/", token_list, name="api-tokens"),
    path("tokens/<int:pk>/revoke/", token_revoke, name="api-token-revoke"),
    path("tokens/revoke-all/", tokens_revoke_all, name="api-tokens-revoke-all"),
]
