"""A duplicate evening played elsewhere, imported from its PBN results file (issue 22).

A club that scored its evening in another program (or downloaded it from a federation's site)
has a PBN file: each game one table's result on one board (rules.bridge.pbn_duplicate
.read_duplicate), or per board a ScoreTable of the traveller (rules.bridge.pbn_results
.travellers_from_results). Either way the rules give one duplicate table log per four players
and sitting; here they become a tournament of its own, scored as the club's own evenings are:

- the pairs: North with South and East with West of each sitting, known by their two names
  (partners who changed seats are one pair), numbered as the file numbers them (PairId) where
  it does, else in the order they first appear; a name the file does not give is the pair's
  number and the seat's (``№3 (1)``, as the results reader names it), so that two unknown
  players are never one person;
- the rounds: the sittings in file order, each put in the first round none of whose players is
  already seated (a file does not say the round reliably);
- the scoring: the file's Scoring tag (MP → matchpoints; IMP or Butler → Butler; Cross-IMPs),
  or, where it has none, the one the organiser chose: a file is never scored by a guess;
- the fields: two (North–South and East–West) when no pair sat both ways, as in a Mitchell,
  else one;
- the boards: the hands the file gives (the hand record page reads them from the logs), each
  board's full traveller the most tables any board was played at, so a board played at fewer
  is scaled up by Neuberg as at home.

The file's bytes are kept (an upload row, accepted or refused with its reason), and each
sitting's log is recorded through the table upload as every other log is: a revision, with
its own bytes, findings and replay.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import services as game_services
from games.models import Club, Upload
from games.refusals import DocumentRefusal
from rules.bridge.pbn import SEAT_TAGS, UNKNOWN_NAMES
from rules.bridge.pbn_duplicate import kind_of, read_duplicate
from rules.bridge.pbn_results import UNNAMED, read_results, travellers_from_results
from rules.errors import MalformedDocument
from tournaments import services
from tournaments.models import (
    DuplicateEvent,
    DuplicatePair,
    DuplicateSitting,
    Round,
    Table,
    TableSeat,
    Tournament,
)

GAME = "bridge-duplicate"
#: The Scoring tag's first field (any case) → the event's scoring.
SCORING_OF = {
    "mp": DuplicateEvent.Scoring.MATCHPOINTS,
    "mp1": DuplicateEvent.Scoring.MATCHPOINTS,
    "mp2": DuplicateEvent.Scoring.MATCHPOINTS,
    "matchpoints": DuplicateEvent.Scoring.MATCHPOINTS,
    "imp": DuplicateEvent.Scoring.BUTLER,
    "imps": DuplicateEvent.Scoring.BUTLER,
    "butler": DuplicateEvent.Scoring.BUTLER,
    "cross-imps": DuplicateEvent.Scoring.CROSS_IMPS,
    "crossimps": DuplicateEvent.Scoring.CROSS_IMPS,
    "cross-imp": DuplicateEvent.Scoring.CROSS_IMPS,
}


@dataclass
class Imported:
    """What the import made: the tournament (None when refused), the kept file, and why not."""

    upload: Upload
    tournament: Tournament | None = None
    #: Why not: the readers' refusal at its board and line, or the import's own (a DocumentRefusal).
    refusal: MalformedDocument | None = None


def scoring_of(raw: bytes) -> str | None:
    """The event's scoring from the file's Scoring tags, or None when no tag says it."""
    text = raw.decode("utf-8-sig", errors="replace")
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.lower().startswith("[scoring "):
            value = stripped[len("[scoring ") :].strip().rstrip("]").strip().strip('"')
            found = SCORING_OF.get(value.split(";")[0].strip().lower())
            if found is not None:
                return found
    return None


def _documents(raw: bytes) -> list[dict[str, Any]]:
    """The table logs of the file: its games' results, else its ScoreTables."""
    try:
        return read_duplicate(raw)
    except MalformedDocument as exc:
        if exc.code != "BRIDGE_PBN_NO_RESULT":
            raise
    read_results(raw)  # refuses a file whose tables cannot be read, at their board and line
    documents = [dict(d) for d in travellers_from_results(raw)]
    if not documents:
        raise MalformedDocument("boards", "BRIDGE_PBN_NO_RESULT")
    return documents


def _known(name: str) -> bool:
    plain = name.removesuffix(" (?)")
    return plain not in UNKNOWN_NAMES and plain not in SEAT_TAGS


class _Pairs:
    """The pairs of the file, by their two names, numbered as the file does where it can."""

    def __init__(self) -> None:
        self.numbers: dict[frozenset[str], int] = {}
        self.names: dict[int, tuple[str, str]] = {}

    def number(self, first: str, second: str, wanted: int | None) -> int:
        if _known(first) and _known(second):
            key = frozenset((first, second))
            if key in self.numbers:
                return self.numbers[key]
        else:
            key = None
        number = wanted if wanted is not None and wanted not in self.names else self._next()
        names = (
            first if _known(first) else UNNAMED.format(pair=number, k=1),
            second if _known(second) else UNNAMED.format(pair=number, k=2),
        )
        self.names[number] = names
        if key is not None:
            self.numbers[key] = number
        return number

    def _next(self) -> int:
        return max(self.names, default=0) + 1


def _rounds(sittings: list[tuple[int, int]], pairs: _Pairs) -> list[int]:
    """Each sitting's round: the first in which neither pair already plays."""
    seated: list[set[int]] = []
    out = []
    for ns, ew in sittings:
        for number, round_pairs in enumerate(seated, start=1):
            if not {ns, ew} & round_pairs:
                round_pairs |= {ns, ew}
                out.append(number)
                break
        else:
            seated.append({ns, ew})
            out.append(len(seated))
    return out


def event_import(
    *,
    club: Club,
    content: bytes,
    user: User,
    filename: str = "",
    name: str = "",
    scoring: str | None = None,
) -> Imported:
    """Import a PBN duplicate results file as a new tournament of the club (see the module
    docstring). Refused, with the bytes kept: a file that is no duplicate results file, one the
    readers refuse (at its board and line), one that does not say its scoring when none is
    chosen."""
    try:
        kind = kind_of(content)
        if kind == "rubber":
            raise DocumentRefusal(
                "",
                "DUPLICATE_IMPORT_RUBBER",
                _("this file is rubber bridge: upload it as a game, not as an evening"),
            )
        if kind == "hand-record":
            raise DocumentRefusal(
                "",
                "DUPLICATE_IMPORT_HAND_RECORD",
                _("this file is a hand record, without results: it deals the boards of an evening"),
            )
        method = scoring_of(content) or scoring
        if method is None:
            raise DocumentRefusal(
                "",
                "DUPLICATE_IMPORT_SCORING",
                _("the file does not say how it was scored: choose matchpoints, cross-IMPs or Butler"),
            )
        documents = _documents(content)
        if Upload.objects.filter(
            club=club,
            sha256=game_services.sha256_of(content),
            source=Upload.Source.IMPORT,
            outcome=Upload.Outcome.ACCEPTED,
        ).exists():
            raise DocumentRefusal(
                "",
                "DUPLICATE_IMPORT_AGAIN",
                _("this very file was imported already: its evening is among the club's tournaments"),
            )
        with transaction.atomic():
            upload = _kept(club, content, user, filename, None)
            tournament = _write(
                club, user, documents, method, name or _event_name(documents, filename), filename
            )
    except services.ServiceError as exc:
        # A table the service refuses (a log already recorded for another table): the whole
        # import is undone and said so, in the refusal's own words.
        refusal = DocumentRefusal("", exc.code, exc.template, **exc.params)
        return Imported(upload=_kept(club, content, user, filename, refusal), refusal=refusal)
    except MalformedDocument as exc:
        return Imported(upload=_kept(club, content, user, filename, exc), refusal=exc)
    return Imported(upload=upload, tournament=tournament)


def _kept(club: Club, content: bytes, user: User, filename: str, refusal: MalformedDocument | None) -> Upload:
    """The file as it came, kept whatever its fate: refused with its reason, or accepted (each
    sitting's log is then recorded as its own upload too)."""
    if refusal is not None:
        return game_services.upload_rejected(
            club=club,
            content=content,
            user=user,
            filename=filename,
            error=refusal,
            source=Upload.Source.IMPORT,
        )
    return Upload.objects.create(
        club=club,
        uploaded_by=user,
        source=Upload.Source.IMPORT,
        filename=filename[:255],
        content=content,
        sha256=game_services.sha256_of(content),
        outcome=Upload.Outcome.ACCEPTED,
    )


def _event_name(documents: list[dict[str, Any]], filename: str) -> str:
    for document in documents:
        event = document.get("event") or {}
        if event.get("name") and event["name"] not in UNKNOWN_NAMES:
            return str(event["name"])[:150]
    return (filename.rsplit("/", 1)[-1].rsplit(".", 1)[0] or str(_("Imported evening")))[:150]


def _write(
    club: Club, user: User, documents: list[dict[str, Any]], method: str, name: str, filename: str
) -> Tournament:
    pairs = _Pairs()
    sittings = []
    for document in documents:
        north, east, south, west = document["players"]
        given = document.get("pairs") or {}
        ns = pairs.number(north, south, given.get("ns"))
        ew = pairs.number(east, west, given.get("ew"))
        if ns == ew:  # the file numbers two pairs alike: the second gets its own number
            ew = pairs.number(east + " ", west + " ", None)
        sittings.append((ns, ew))
    rounds = _rounds(sittings, pairs)
    players = {
        number: tuple(game_services.player_get_or_create(club=club, display_name=n) for n in names)
        for number, names in pairs.names.items()
    }
    tournament = services.tournament_create(club=club, name=name, user=user, game_type=GAME)
    tables_in = Counter(rounds)
    DuplicateEvent.objects.create(
        tournament=tournament,
        movement=DuplicateEvent.Movement.IMPORTED,
        tables=max(tables_in.values()),
        boards_per_round=max(len(d["boards"]) for d in documents),
        rounds=len(tables_in),
        scoring=method,
        deal_seed="",
    )
    for number, (first, second) in sorted(players.items()):
        DuplicatePair.objects.create(tournament=tournament, number=number, first=first, second=second)
        for player in (first, second):
            services.entry_add(tournament=tournament, player=player)
    round_rows = {
        n: Round.objects.create(
            tournament=tournament, number=n, status=Round.Status.CONFIRMED, seed=tournament.seed
        )
        for n in sorted(tables_in)
    }
    numbering: Counter[int] = Counter()
    tables = []
    for document, (ns, ew), round_number in zip(documents, sittings, rounds, strict=True):
        numbering[round_number] += 1
        table = Table.objects.create(round=round_rows[round_number], number=numbering[round_number])
        seated = [players[ns][0], players[ew][0], players[ns][1], players[ew][1]]
        TableSeat.objects.bulk_create(
            [TableSeat(table=table, seat=s, player=p) for s, p in enumerate(seated)]
        )
        DuplicateSitting.objects.create(
            table=table, ns=ns, ew=ew, board_set=0, boards=[b["board"] for b in document["boards"]]
        )
        log = {**document, "players": [p.display_name for p in seated], "pairs": {"ns": ns, "ew": ew}}
        log["round"], log["table"] = round_number, table.number
        tables.append((table, log))
    stem = (filename.rsplit("/", 1)[-1].rsplit(".", 1)[0] or "import")[:80]
    for table, log in tables:
        outcome = services.table_game_upload(
            table=table,
            content=json.dumps(log, ensure_ascii=False, indent=1).encode(),
            user=user,
            filename=f"{stem}-round-{table.round.number}-table-{table.number}.json",
            source=Upload.Source.IMPORT,
        )
        refusal = outcome.result.refusal
        if refusal is not None:
            raise refusal  # the whole import is undone; the file is kept as refused, with this reason
    # Played and scored elsewhere: the evening is over.
    tournament.rounds_planned = len(tables_in)
    tournament.standings_method = Tournament.Method.TOTAL
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["rounds_planned", "standings_method", "status", "updated_at"])
    services.request_compile(tournament)
    return tournament
