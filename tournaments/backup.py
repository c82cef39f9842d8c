"""A club's complete archive, and its restoration into an empty database (issue 11, "Backups").

``export_club(slug)`` writes a zip holding ``manifest.json`` (what the archive is: format,
version, the club, when, how many rows of each model) and ``data.json``: every row of the club
in Django's serialisation — the club, its members' accounts (password hashes included, so
they can sign in again), memberships, players, every upload byte for byte, every game with
all its revisions, audit reports, findings and per-deal rows, disputes with their events,
bulk imports, and the tournaments with entries, rounds, tables, seats, standings, tie-break
changes and ratings. Primary keys are kept, so links between rows — and URLs — survive.

``import_club(raw)`` restores an archive into a database that holds none of its rows: every
row is inserted as archived (append-only rows are inserted, never updated — the triggers are
satisfied), constraint checks deferred to the end as ``loaddata`` does, then the sequences
are moved past the restored keys. It refuses an archive of another format or version, and a
database where any archived row's key is taken, naming the first clash.

Why the ORM's serialiser and not ``pg_dump``: the archive is per club (one federation
database holds many), it restores onto SQLite or PostgreSQL alike, and it is readable.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.management.color import no_style
from django.db import connections, models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Club
from games.refusals import Refusal

FORMAT = "trickbook-club-archive"
VERSION = 1

#: What belongs to a club, in the order rows are restored: (model label, the lookup from the
#: model to the club). Every model of accounts, games and tournaments is here or in
#: :data:`LEFT_OUT` (tested, so a new model is a decision, not an oversight).
CLUB_ROWS: tuple[tuple[str, str], ...] = (
    ("games.Club", "pk"),
    ("games.Membership", "club"),
    ("games.Invitation", "club"),
    ("games.Player", "club"),
    ("games.Game", "club"),
    ("games.GameSeat", "game__club"),
    ("games.GameRevision", "game__club"),
    ("games.AuditReport", "game__club"),
    ("games.Finding", "game__club"),
    ("games.DealSeat", "game__club"),
    ("games.GameAnalysis", "game__club"),
    ("games.SeatAnalysis", "game__club"),
    ("games.Upload", "club"),
    ("games.Dispute", "game__club"),
    ("games.DisputeEvent", "dispute__game__club"),
    ("games.GameConfirmation", "game__club"),
    ("games.BulkImport", "club"),
    ("games.BulkImportFile", "bulk_import__club"),
    ("games.AuditEntry", "club"),
    ("tournaments.Tournament", "club"),
    ("tournaments.TiebreakChange", "tournament__club"),
    ("tournaments.Entry", "tournament__club"),
    ("tournaments.Round", "tournament__club"),
    ("tournaments.Table", "round__tournament__club"),
    ("tournaments.TableSeat", "table__round__tournament__club"),
    ("tournaments.DuplicateEvent", "tournament__club"),
    ("tournaments.DuplicateTeam", "tournament__club"),
    ("tournaments.DuplicatePair", "tournament__club"),
    ("tournaments.DuplicatePlayer", "tournament__club"),
    ("tournaments.DuplicateSitting", "table__round__tournament__club"),
    ("tournaments.Standing", "tournament__club"),
    ("tournaments.Rating", "player__club"),
    ("tournaments.RatingChange", "player__club"),
)

#: Models not archived, and why.
LEFT_OUT = {
    "games.IdempotencyKey": "a retry guard for a day's API requests, not a record",
    "accounts.ApiToken": "a device's sign-in, not a record: restored members sign in again for new tokens",
    "games.DealEstimate": "a cache of estimates keyed by a deal's cards, shared by clubs and rebuilt on demand",
}


class ArchiveError(Refusal):
    """An archive that cannot be restored here: its code, and the sentence that says why
    (games.refusals)."""


@dataclass(frozen=True)
class Restored:
    """What an import wrote: the club and the rows per model."""

    club: str
    counts: dict[str, int]


def _club_querysets(club: Club) -> list[tuple[str, models.QuerySet[Any]]]:
    out = []
    for label, lookup in CLUB_ROWS:
        model = apps.get_model(label)
        value = club.pk if lookup == "pk" else club
        out.append((label, model._default_manager.filter(**{lookup: value}).order_by("pk")))
    return out


def _user_ids(rows: Iterable[models.Model]) -> set[int]:
    """Every account a row points to (uploader, member, actor …)."""
    user_model = get_user_model()
    ids: set[int] = set()
    for row in rows:
        for field in row._meta.concrete_fields:
            if field.is_relation and field.related_model is user_model:
                value = getattr(row, field.attname)
                if value is not None:
                    ids.add(value)
    return ids


def export_club(slug: str) -> bytes:
    """The zip archive of club ``slug`` (ArchiveError when there is no such club)."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise ArchiveError("ARCHIVE_NO_CLUB", _("no club '%(club)s'"), club=slug)
    sets = _club_querysets(club)
    rows: list[models.Model] = []
    counts: dict[str, int] = {}
    for label, queryset in sets:
        found = list(queryset)
        counts[label] = len(found)
        rows.extend(found)
    user_model = get_user_model()
    users = list(user_model._default_manager.filter(pk__in=_user_ids(rows)).order_by("pk"))
    counts[user_model._meta.label] = len(users)
    data = serializers.serialize("json", [*users, *rows], indent=1)
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "club": {"slug": club.slug, "name": club.name},
        "exported_at": timezone.now().isoformat(),
        "counts": counts,
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", json.dumps(manifest, ensure_ascii=False, indent=1))
        archive.writestr("data.json", data)
    return buffer.getvalue()


def read_manifest(raw: bytes) -> dict[str, Any]:
    """The archive's manifest; ArchiveError when it is not an archive this version restores."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            manifest = json.loads(archive.read("manifest.json"))
    except (zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise ArchiveError(
            "ARCHIVE_UNREADABLE", _("not a club archive: %(reason)s"), reason=str(exc)
        ) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise ArchiveError(
            "ARCHIVE_FORMAT", _("not a club archive (format is not '%(format)s')"), format=FORMAT
        )
    if manifest.get("version") != VERSION:
        raise ArchiveError(
            "ARCHIVE_VERSION",
            _("archive version %(found)s; this Trickbook restores version %(version)s"),
            found=repr(manifest.get("version")),
            version=VERSION,
        )
    return manifest


def import_club(raw: bytes, *, using: str = "default") -> Restored:
    """Restore an archive into database ``using``; all or nothing."""
    manifest = read_manifest(raw)
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        data = archive.read("data.json")
    objects = list(serializers.deserialize("json", data, using=using))
    for obj in objects:
        model = type(obj.object)
        if model._default_manager.using(using).filter(pk=obj.object.pk).exists():
            raise ArchiveError(
                "ARCHIVE_ROW_EXISTS",
                _(
                    "%(model)s %(pk)s is already in the database: an archive restores into a "
                    "database that holds none of its rows"
                ),
                model=model._meta.label,
                pk=obj.object.pk,
            )
    connection = connections[using]
    counts: dict[str, int] = {}
    restored_models = list(dict.fromkeys(type(obj.object) for obj in objects))
    with transaction.atomic(using=using):
        with connection.constraint_checks_disabled():
            for obj in objects:
                obj.save(using=using)
                label = type(obj.object)._meta.label
                counts[label] = counts.get(label, 0) + 1
        # Rows point at rows restored after them (a game at its current revision): the links
        # are checked once everything is in, as loaddata does.
        connection.check_constraints(table_names=[m._meta.db_table for m in restored_models])
        with connection.cursor() as cursor:
            for sql in connection.ops.sequence_reset_sql(no_style(), restored_models):
                cursor.execute(sql)
        listed = {label: n for label, n in manifest.get("counts", {}).items() if n}
        if counts != listed:
            raise ArchiveError(
                "ARCHIVE_COUNTS_DIFFER",
                _("the archive's rows %(counts)s differ from its manifest %(listed)s"),
                counts=counts,
                listed=listed,
            )
    return Restored(club=manifest["club"]["slug"], counts=counts)
