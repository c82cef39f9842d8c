"""The upload page: paste a game log or choose a file (or a .zip, or many files, to import in bulk).

A file is read by its name: a .json log, or a .pbn (rubber bridge, read
with the seed preset: PBN names no ruleset of ours); see games/services.py.

One log goes through ``services.game_upload`` exactly as the API's upload
does: the bytes are kept whatever becomes of them, and a malformed log's
error is shown inline with its JSON path, the pasted text still in the
box, ready to fix and send again (linked to the rejected upload it fixes).
Many logs become a bulk import (games.imports) recorded by Celery chunks;
its page shows a progress bar that htmx refreshes every second until done.
Scorers and organisers record games; an import's progress is theirs and
its uploader's to see.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import UploadedFile
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _t
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from accounts.models import User
from games import imports, permissions, services
from games.models import BulkImport, Club, Upload
from rules import registry


class MultipleFileInput(forms.FileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Any number of files (Django's documented pattern for ``<input type=file multiple>``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault(
            "widget",
            MultipleFileInput(attrs={"accept": ".json,.pbn,.zip,application/json,application/zip"}),
        )
        super().__init__(*args, **kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[UploadedFile]:
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(item, initial) for item in data if item]
        return [single(data, initial)] if data else []


class UploadForm(forms.Form):
    document = forms.CharField(
        label=_("Paste a game log (JSON)"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "autocomplete": "off"}),
    )
    log_files = MultipleFileField(
        label=_("…or choose files"),
        required=False,
        help_text=_(
            "One log (.json, or .pbn for rubber bridge), several logs, or a .zip archive of them. "
            "Several logs are imported in the background with a progress bar."
        ),
    )
    fixes = forms.CharField(required=False, widget=forms.HiddenInput)  # a rejected upload's id

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        pasted = data.get("document") or ""
        files = data.get("log_files") or []
        if pasted.strip() and files:
            raise forms.ValidationError(_("Paste a log or choose files, not both."))
        if not pasted.strip() and not files:
            raise forms.ValidationError(_("Paste a game log or choose a file to upload."))
        return data


def _club_for_recorders(request: HttpRequest, slug: str) -> Club:
    """The club, if the user may record its games: 404 when they may not even read it, else 403."""
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_record_games(request.user, club):
        if not permissions.can_read_club(request.user, club):
            raise Http404("No club here, or not one you belong to.")
        raise PermissionDenied("Scorers and organisers record games.")
    return club


def _acting_user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)
    return user


def _rejected_fixed(club: Club, raw: Any) -> Upload | None:
    """The rejected upload of this club that a resubmission fixes (ignored when it is not one)."""
    if not re.fullmatch(r"[0-9]{1,18}", str(raw or "")):
        return None
    return (
        Upload.objects.filter(club=club, pk=raw, outcome=Upload.Outcome.REJECTED)
        .only(
            "pk",
            "club_id",
            "outcome",
            "filename",
            "error_path",
            "error_message",
            "error_code",
            "error_params",
            "content",
        )
        .first()
    )


@require_http_methods(["GET", "POST"])
def upload_page(request: HttpRequest, slug: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    club = _club_for_recorders(request, slug)
    user = _acting_user(request)
    rejected: Upload | None = None
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if form.is_valid():
            files: list[UploadedFile] = form.cleaned_data["log_files"]
            fixes = _rejected_fixed(club, form.cleaned_data.get("fixes"))
            if files and not (len(files) == 1 and imports.is_log_name(files[0].name or "")):
                return _start_import(request, club, user, form, files)
            if files:
                upload = files[0]
                if (upload.size or 0) > imports.max_document_bytes():
                    form.add_error("log_files", imports.too_large(upload.name or ""))
                    return _render(request, club, user, form, None, status=400)
                content, filename = upload.read(), upload.name or ""
            else:
                content = form.cleaned_data["document"].encode()
                filename = registry.pasted_name(content)  # pasted PBN is read as PBN
            result = services.game_upload(
                club=club,
                content=content,
                user=user,
                filename=filename,
                source=Upload.Source.WEB,
                fixes=fixes,
            )
            if result.error is None:
                assert result.game is not None
                if result.created:
                    messages.success(request, _t("Recorded game %(n)d.") % {"n": result.game.pk})
                else:
                    messages.info(
                        request,
                        _t("This log was uploaded before: here is game %(n)d.") % {"n": result.game.pk},
                    )
                return redirect("game-page", pk=result.game.pk)
            rejected = result.upload
            # The next send of this form fixes the upload just rejected.
            form = UploadForm(initial={"document": content.decode("utf-8", "replace"), "fixes": rejected.pk})
    else:
        fixes = _rejected_fixed(club, request.GET.get("fixes"))
        initial: dict[str, Any] = {}
        if fixes is not None:
            rejected = fixes
            initial = {"document": bytes(fixes.content).decode("utf-8", "replace"), "fixes": fixes.pk}
        form = UploadForm(initial=initial)
    return _render(request, club, user, form, rejected)


def _render(
    request: HttpRequest,
    club: Club,
    user: User,
    form: UploadForm,
    rejected: Upload | None,
    status: int = 200,
) -> HttpResponse:
    if rejected is not None:
        form.fields["document"].widget.attrs["aria-describedby"] = "upload-error"
    context = {
        "club": club,
        "form": form,
        "rejected": rejected,
        "recent": imports.recent_imports(club=club, user=user),
    }
    return render(request, "games/upload.html", context, status=status)


def _start_import(
    request: HttpRequest, club: Club, user: User, form: UploadForm, files: list[UploadedFile]
) -> HttpResponse:
    try:
        submission = imports.read_files(files)
    except imports.ArchiveRefused as refused:
        form.add_error("log_files", str(refused.message))
        return _render(request, club, user, form, None, status=400)
    if not submission.documents:
        form.add_error(
            "log_files",
            _t("No game logs (.json or .pbn) were found in what you chose. Nothing was imported."),
        )
        return _render(request, club, user, form, None, status=400)
    name = ", ".join(f.name or "" for f in files)
    bulk = imports.import_start(club=club, user=user, submission=submission, name=name)
    messages.info(
        request, _t("Importing %(n)d logs; this page follows the import.") % {"n": len(submission.documents)}
    )
    return redirect("import-progress", slug=club.slug, pk=bulk.pk)


def import_progress(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The import's progress bar and counts; an htmx request gets only the part that refreshes."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    club = get_object_or_404(Club, slug=slug)
    bulk = get_object_or_404(BulkImport, club=club, pk=pk)
    if bulk.started_by_id != request.user.pk and not permissions.can_record_games(request.user, club):
        if not permissions.can_read_club(request.user, club):
            raise Http404("No import here, or not one you may see.")
        raise PermissionDenied("The uploader, scorers and organisers follow an import.")
    context = {"club": club, "progress": imports.import_progress(bulk=bulk)}
    if request.headers.get("HX-Request") == "true":
        response = render(request, "games/upload_progress.html", context)
    else:
        response = render(request, "games/upload_import.html", context)
    patch_vary_headers(response, ["HX-Request"])
    response["Cache-Control"] = "no-store"
    return response


urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/upload/", upload_page, name="club-upload"),
    path("clubs/<slug:slug>/imports/<int:pk>/", import_progress, name="import-progress"),
]
