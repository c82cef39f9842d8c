"""Bulk imports from the upload page: a .zip (or many .json/.pbn files) opened safely, recorded in Celery.

Why this shape: a progress page may be served by any web process while
any worker records the files, so progress lives in the database, not in
a process or the result backend. A ``BulkImport`` row holds what was
queued (``total``) and what was left out with a note (``skipped``); each
file's outcome is already kept as its append-only ``Upload`` (accepted,
duplicate, or rejected with the JSON path), so the import only links to
them: ``BulkImportFile(bulk_import, position, upload)``, written by
``games.tasks.bulk_import_chunk`` in the same transaction as the chunk's
uploads (the chunks go out as one Celery group, shared by every worker of
every machine). Progress is then a count of links, and the counts per
outcome one aggregate over them, whatever the number of files; a
redelivered chunk finds its links and records nothing twice. Nothing is
ever updated.

Archives are opened in memory and checked before anything is read: their
size, the number of logs, each log's declared and actual size (a zip
bomb's lie shows as a damaged archive), and names that climb out of the
archive (``../``, absolute paths) refuse the whole archive; folders are
passed over, and members that are not logs are noted, not imported. A log
is a .json file or a file of a format the rules read (rules.registry.FILE_TYPES:
.pbn); each keeps its name, which picks its reader when it is recorded.
"""

from __future__ import annotations

import base64
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from celery import group
from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.models import BulkImport, BulkImportFile, Club, Game, Upload
from games.refusals import Refusal
from games.tasks import bulk_import_chunk
from rules import registry

MAX_ARCHIVE_BYTES = 20 * 1024 * 1024  # what one form may send, archives and files together
MAX_EXPANDED_BYTES = 50 * 1024 * 1024  # the logs of one import, unpacked
MAX_DOCUMENTS = 1000  # logs in one import
CHUNK_SIZE = 25  # logs per Celery task: a dead worker redoes one chunk at most
MAX_LISTED = 100  # rejected files listed on the progress page


def max_document_bytes() -> int:
    """One log, as the API takes it (a 13-deal log with events is a few kilobytes)."""
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)


SKIP_REASONS = {
    "not-json": _("not a .json or .pbn log"),
    "metadata": _("system metadata, not a log"),
    "encrypted": _("encrypted; Trickbook cannot open it"),
}


class ArchiveRefused(Refusal):
    """A submission refused whole, before anything is recorded: its code, and the sentence that
    says why in the reader's language (games.refusals)."""


@dataclass(frozen=True)
class Document:
    name: str
    content: bytes


@dataclass
class Submission:
    """What the upload form's files hold: logs to record, and members passed over with a reason code."""

    documents: list[Document] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    archives: int = 0


def is_log_name(name: str) -> bool:
    """A file a game log may be in: a .json log, or a format of rules.registry.FILE_TYPES (.pbn)."""
    return name.lower().endswith(tuple(registry.file_suffixes()))


def unsafe_name(name: str) -> bool:
    """A member name that would climb out of the archive, were it ever written to disk."""
    parts = name.replace("\\", "/").split("/")
    return (
        "\x00" in name
        or name.startswith(("/", "\\"))
        or (len(name) > 1 and name[1] == ":")  # a drive letter (C:...)
        or ".." in parts
    )


def read_files(files: Sequence[UploadedFile]) -> Submission:
    """The logs in the chosen files: .json and .pbn files as they are, .zip archives opened; others noted."""
    if sum(f.size or 0 for f in files) > MAX_ARCHIVE_BYTES:
        raise ArchiveRefused(
            "IMPORT_TOO_LARGE",
            _("The files are larger than %(mb)d MB together; import them in smaller archives."),
            mb=MAX_ARCHIVE_BYTES // (1024 * 1024),
        )
    submission = Submission()
    for upload in files:
        name = upload.name or "upload"
        lower = name.lower()
        if lower.endswith(".zip"):
            submission.archives += 1
            read_archive(name, upload, submission)
        elif is_log_name(lower):
            if (upload.size or 0) > max_document_bytes():
                raise file_too_large(name)
            submission.documents.append(Document(name=name, content=upload.read()))
        else:
            submission.skipped.append({"name": name, "reason": "not-json"})
    if len(submission.documents) > MAX_DOCUMENTS:
        raise too_many_files()
    return submission


def file_too_large(name: str) -> ArchiveRefused:
    return ArchiveRefused(
        "IMPORT_FILE_TOO_LARGE",
        _("%(name)s is larger than %(kb)d KB; a game log is a few kilobytes. Nothing was imported."),
        name=name,
        kb=max_document_bytes() // 1024,
    )


def too_many_files() -> ArchiveRefused:
    return ArchiveRefused(
        "IMPORT_TOO_MANY",
        _("More than %(n)d logs at once; split them into several archives. Nothing was imported."),
        n=MAX_DOCUMENTS,
    )


def too_large(name: str) -> str:
    """The refusal of a file too large, in the active language (the upload page shows it)."""
    return str(file_too_large(name))


def too_many() -> str:
    return str(too_many_files())


def damaged_archive(name: str) -> ArchiveRefused:
    return ArchiveRefused(
        "IMPORT_ARCHIVE_DAMAGED",
        _("%(name)s is not a readable .zip archive (damaged, or a compression it cannot use)."),
        name=name,
    )


def read_archive(name: str, stream: IO[bytes], submission: Submission) -> None:
    """Add the archive's log members to the submission, refusing the whole archive if it is unsafe."""
    try:
        archive = zipfile.ZipFile(stream)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError):
        raise damaged_archive(name) from None
    with archive:
        members = []
        for info in archive.infolist():
            if unsafe_name(info.filename):
                raise ArchiveRefused(
                    "IMPORT_ARCHIVE_UNSAFE",
                    _(
                        "%(name)s holds a file named %(member)s, which points outside the archive. "
                        "Nothing was imported."
                    ),
                    name=name,
                    member=repr(info.filename),
                )
            if info.is_dir():
                continue
            base = info.filename.replace("\\", "/").rsplit("/", 1)[-1]
            if info.filename.startswith("__MACOSX/") or base.startswith("._"):
                submission.skipped.append({"name": f"{name}:{info.filename}", "reason": "metadata"})
            elif not is_log_name(base):
                submission.skipped.append({"name": f"{name}:{info.filename}", "reason": "not-json"})
            elif info.flag_bits & 0x1:
                submission.skipped.append({"name": f"{name}:{info.filename}", "reason": "encrypted"})
            else:
                members.append(info)
        if len(submission.documents) + len(members) > MAX_DOCUMENTS:
            raise too_many_files()
        limit = max_document_bytes()
        for info in members:
            if info.file_size > limit:
                raise file_too_large(f"{name}:{info.filename}")
        if sum(info.file_size for info in members) > MAX_EXPANDED_BYTES:
            raise ArchiveRefused(
                "IMPORT_ARCHIVE_TOO_BIG",
                _("%(name)s unpacks to more than %(mb)d MB. Nothing was imported."),
                name=name,
                mb=MAX_EXPANDED_BYTES // (1024 * 1024),
            )
        for info in sorted(members, key=lambda i: i.filename):
            try:
                with archive.open(info) as member:
                    # Never more than the limit, whatever the header claims; a header
                    # that understates the size fails the CRC check at the end.
                    content = member.read(limit + 1)
            except (zipfile.BadZipFile, NotImplementedError, OSError, EOFError, zlib.error, RuntimeError):
                raise damaged_archive(name) from None
            if len(content) > limit:
                raise file_too_large(f"{name}:{info.filename}")
            submission.documents.append(Document(name=f"{name}:{info.filename}", content=content))


def import_start(*, club: Club, user: User, submission: Submission, name: str) -> BulkImport:
    """Record the import, and queue its chunks in Celery once that row is committed."""
    documents = submission.documents
    chunks = [
        (
            start,
            [(d.name, base64.b64encode(d.content).decode()) for d in documents[start : start + CHUNK_SIZE]],
        )
        for start in range(0, len(documents), CHUNK_SIZE)
    ]
    with transaction.atomic():
        bulk = BulkImport.objects.create(
            club=club, started_by=user, name=name[:255], total=len(documents), skipped=submission.skipped
        )

        def queue() -> None:
            group(bulk_import_chunk.s(bulk.pk, start, items) for start, items in chunks).apply_async()

        transaction.on_commit(queue)
    return bulk


# --- reading progress -----------------------------------------------------------


@dataclass
class ImportProgress:
    bulk: BulkImport
    done: int
    accepted: int
    duplicate: int
    rejected: int
    with_errors: int
    rejected_files: list[dict[str, Any]]

    @property
    def finished(self) -> bool:
        return self.done >= self.bulk.total

    @property
    def percent(self) -> int:
        return 100 if not self.bulk.total else 100 * self.done // self.bulk.total

    @property
    def unlisted(self) -> int:
        return max(0, self.rejected - len(self.rejected_files))

    @property
    def skipped(self) -> list[dict[str, Any]]:
        return [{**s, "reason_text": SKIP_REASONS.get(s["reason"], s["reason"])} for s in self.bulk.skipped]


def import_progress(*, bulk: BulkImport) -> ImportProgress:
    """Two queries whatever the number of files: the counts per outcome, and the rejected files."""
    outcome = "upload__outcome"
    counts = BulkImportFile.objects.filter(bulk_import=bulk).aggregate(
        done=Count("id"),
        accepted=Count("id", filter=Q(**{outcome: Upload.Outcome.ACCEPTED})),
        duplicate=Count("id", filter=Q(**{outcome: Upload.Outcome.DUPLICATE})),
        rejected=Count("id", filter=Q(**{outcome: Upload.Outcome.REJECTED})),
        with_errors=Count(
            "id", filter=Q(**{outcome: Upload.Outcome.ACCEPTED, "upload__game__status": Game.Status.ERRORS})
        ),
    )
    rejected_files = list(
        BulkImportFile.objects.filter(bulk_import=bulk, upload__outcome=Upload.Outcome.REJECTED)
        .order_by("position")
        .values("upload_id", "upload__filename", "upload__error_path", "upload__error_message")[:MAX_LISTED]
    )
    return ImportProgress(
        bulk=bulk,
        rejected_files=[
            {
                "upload": row["upload_id"],
                "filename": row["upload__filename"],
                "path": row["upload__error_path"],
                "message": row["upload__error_message"],
            }
            for row in rejected_files
        ],
        **counts,
    )


def recent_imports(*, club: Club, user: User, limit: int = 10) -> list[BulkImport]:
    """The user's latest imports in the club, each with ``done`` (files recorded so far); one query."""
    return list(
        BulkImport.objects.filter(club=club, started_by=user)
        .annotate(done=Count("files"))
        .order_by("-started_at", "-id")[:limit]
    )
