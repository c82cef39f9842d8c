"""Sign in and out, password change and reset: Django's auth views with Trickbook's templates.

In development the reset mail is printed on the console (EMAIL_BACKEND in
config/settings.py); production reads the SMTP settings from the environment.
"""

from __future__ import annotations

from django.contrib.auth import views as auth
from django.urls import URLPattern, path, reverse_lazy

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
]
