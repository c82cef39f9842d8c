"""Every refusal a service gives is data: a code, its parameters, and its sentence in the reader's
language (games/refusals.py).

The scan below reads the services' source: each refusal is raised with a stable code and a
template marked for translation, never with a sentence put together in English on the spot.
The Russian sentences are those of the catalogue (locale/ru), compiled.
"""

from __future__ import annotations

import ast
import importlib
import json
import pickle
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from games import disputes, imports, services, settlement
from games.models import Player
from games.refusals import DocumentRefusal, Refusal, error_object
from rules import bridge
from rules.errors import MalformedDocument
from scorekeeper import engine
from scorekeeper import services as scorekeeper_services
from tests.games.factories import game_bytes
from tournaments import backup, seating, standings
from tournaments import services as tournament_services

ROOT = Path(__file__).resolve().parents[2]

#: The modules whose refusals are data, and the module each is imported as.
MODULES = {
    "games/refusals.py": "games.refusals",
    "games/services.py": "games.services",
    "games/disputes.py": "games.disputes",
    "games/imports.py": "games.imports",
    "games/recording.py": "games.recording",
    "games/settlement.py": "games.settlement",
    "games/api.py": "games.api",
    "tournaments/services.py": "tournaments.services",
    "tournaments/seating.py": "tournaments.seating",
    "tournaments/standings.py": "tournaments.standings",
    "tournaments/backup.py": "tournaments.backup",
    "tournaments/api.py": "tournaments.api",
    "scorekeeper/services.py": "scorekeeper.services",
    "scorekeeper/engine.py": "scorekeeper.engine",
    "scorekeeper/api.py": "scorekeeper.api",
}

#: The refusals, by the name they are constructed with.
REFUSALS = {
    "Refusal",
    "ServiceError",
    "StaleRevision",
    "NotScorer",
    "Refused",
    "ArchiveRefused",
    "ArchiveError",
    "ConfirmationClosed",
    "NotYourGame",
    "SeatingError",
    "StandingsError",
    "DocumentRefusal",  # its path first, then its code and template
}
#: What these modules may no longer raise with a sentence of their own.
FORBIDDEN = {"ValueError", "MalformedDocument", "Exception"}
#: The functions that mark a template for translation (the pure modules only mark it: gettext_noop).
MARKERS = {"_", "gettext_lazy", "pgettext_lazy", "gettext_noop"}
CODE = re.compile(r"^[A-Z][A-Z0-9_]*$")


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _marked(node: ast.expr) -> bool:
    """A call of a marker with constant strings: ``_("...")``, ``pgettext_lazy("ctx", "...")``."""
    return (
        isinstance(node, ast.Call)
        and _name(node.func) in MARKERS
        and bool(node.args)
        and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args)
    )


def _constants(tree: ast.Module) -> dict[str, ast.expr]:
    """The module's top-level names and what they are assigned."""
    found: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            found[node.target.id] = node.value
    return found


def _imported(tree: ast.Module) -> dict[str, str]:
    """Module aliases of ``from package import module``: ``engine`` → ``scorekeeper.engine``."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                found[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return found


def _template_problem(node: ast.expr, constants: dict[str, ast.expr], modules: dict[str, str]) -> str | None:
    """Why ``node`` is not a template marked for translation (None when it is one)."""
    if _marked(node):
        return None
    if isinstance(node, ast.Call) and _name(node.func) == "_lazy_template":
        # A pure module's template, marked where it is written (seating, standings).
        arg = node.args[0] if node.args else None
        return None if isinstance(arg, ast.Attribute) and arg.attr == "template" else "a template of nowhere"
    if isinstance(node, ast.Name) and node.id in constants:
        value = constants[node.id]
        if _marked(value):
            return None
        if isinstance(value, ast.Dict) and all(v is not None and _marked(v) for v in value.values):
            return None
        return f"{node.id} is not a marked template"
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        table = constants.get(node.value.id)
        if isinstance(table, ast.Dict) and all(_marked(v) for v in table.values):
            return None
        return f"{node.value.id} is not a table of marked templates"
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
        value = getattr(importlib.import_module(modules[node.value.id]), node.attr, None)
        return None if isinstance(value, Promise) else f"{node.attr} is not a marked template"
    return f"{ast.unparse(node)} is not a template marked for translation"


def refusal_problems(path: str) -> list[str]:
    source = (ROOT / path).read_text(encoding="utf-8")
    tree = ast.parse(source)
    constants, modules = _constants(tree), _imported(tree)
    problems = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        where = f"{path}:{node.lineno}"
        if name in FORBIDDEN:
            problems.append(f"{where}: {name}(...) — a refusal without a code")
            continue
        if name == "error_response" and len(node.args) >= 2:
            error = node.args[1]
            if isinstance(error, ast.Constant | ast.JoinedStr) or (
                isinstance(error, ast.Call) and _name(error.func) == "str"
            ):
                problems.append(f"{where}: error_response with a sentence, not a refusal")
            continue
        if name not in REFUSALS:
            continue
        if any(isinstance(n, ast.JoinedStr) for arg in node.args for n in ast.walk(arg)):
            problems.append(f"{where}: an f-string in {name}(...)")
            continue
        if any(isinstance(arg, ast.BinOp) for arg in node.args):
            problems.append(f"{where}: a sentence formatted when raised in {name}(...)")
            continue
        args = node.args[1:] if name == "DocumentRefusal" else node.args
        if not args:
            problems.append(f"{where}: {name}() without a code")
            continue
        code, template = args[0], args[1] if len(args) > 1 else None
        if isinstance(code, ast.Constant) and isinstance(code.value, str) and CODE.match(code.value):
            pass
        elif isinstance(code, ast.Attribute) and code.attr == "code":
            pass  # a wrapped refusal's own code
        else:
            problems.append(f"{where}: {name}'s code {ast.unparse(code)} is not UPPER_SNAKE")
            continue
        if template is None:
            if name != "Refused" or not isinstance(code, ast.Constant) or code.value not in engine.TEXTS:
                problems.append(f"{where}: {name}({ast.unparse(code)}) without a template")
            continue
        problem = _template_problem(template, constants, modules)
        if problem is not None:
            problems.append(f"{where}: {problem}")
    return problems


@pytest.mark.parametrize("path", sorted(MODULES))
def test_every_refusal_is_a_code_with_a_template_marked_for_translation(path):
    assert refusal_problems(path) == []


def test_the_scan_finds_what_it_looks_for(tmp_path, monkeypatch):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def f(n, exc):\n"
        "    raise ServiceError(f'{n} players cannot fill a table')\n"
        "    raise ServiceError('TOO_FEW', 'a plain sentence')\n"
        "    raise ValueError(f'{n} entrants')\n"
        "    raise ServiceError(str(exc)) from None\n"
        "    raise ServiceError('TOO_FEW', _('%(n)s players') % {'n': n})\n"
        "    return error_response('name', str(exc))\n"
        "    raise ServiceError('TOO_FEW', _('%(n)s players'), n=n)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    problems = refusal_problems("bad.py")
    assert [p.split(":")[1] for p in problems] == ["2", "3", "4", "5", "6", "7"]


# --- the refusals: code, parameters, English -------------------------------------------------------


@pytest.fixture(autouse=True)
def language_restored():
    """A request in another language leaves it active in this thread: put English back after."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def game(people):
    return services.game_upload(club=people.club, content=game_bytes(seed=5), user=people.scorer).game


@pytest.fixture
def tournament(people):
    return tournament_services.tournament_create(club=people.club, name="Кубок", user=people.organiser)


def refused(call, *args, **kwargs) -> Refusal:
    with pytest.raises(Refusal) as info:
        call(*args, **kwargs)
    return info.value


def said(refusal: Refusal) -> tuple[str, dict, str]:
    return refusal.code, refusal.params, refusal.english


@pytest.mark.django_db
def test_a_club_needs_a_name(people):
    refusal = refused(services.club_create, name="  ", user=people.organiser)
    assert isinstance(refusal, services.ServiceError)
    assert said(refusal) == ("CLUB_NAME_MISSING", {}, "a club needs a name")
    assert str(refusal) == refusal.message == "a club needs a name"


@pytest.mark.django_db
def test_a_tournament_needs_a_name(people):
    refusal = refused(
        tournament_services.tournament_create, club=people.club, name=" ", user=people.organiser
    )
    assert said(refusal) == ("TOURNAMENT_NAME_MISSING", {}, "a tournament needs a name")


def test_a_table_size_the_game_is_not_played_at_names_the_game():
    refusal = refused(
        tournament_services.check_settings, game_type="durak", ruleset="simple", tiebreaks=[], table_size=7
    )
    assert said(refusal) == (
        "TABLE_SIZE_UNPLAYABLE",
        {"game": "durak", "size": 7, "sizes": [2, 3, 4, 5, 6], "minimum": 2, "maximum": 6},
        "Durak tables seat 2 to 6 players",
    )


@pytest.mark.django_db
def test_a_status_the_tournament_cannot_take(tournament):
    refusal = refused(tournament_services.tournament_set_status, tournament=tournament, status="finished")
    assert said(refusal) == (
        "TOURNAMENT_STATUS_REFUSED",
        {"status": "draft", "to_status": "finished"},
        "a draft tournament cannot become finished",
    )


@pytest.mark.django_db
def test_too_few_entrants_for_a_table(people, tournament):
    for name in ("Анна", "Борис"):
        player = Player.objects.create(club=people.club, display_name=name)
        tournament_services.entry_add(tournament=tournament, player=player)
    refusal = refused(tournament_services.round_generate, tournament=tournament)
    assert isinstance(refusal, tournament_services.ServiceError)
    assert said(refusal) == (
        "SEATING_TOO_FEW",
        {"entrants": 2, "minimum": 3},
        "2 entrants cannot fill a table of at least 3",
    )


def test_the_seating_refuses_with_a_code_and_its_english_template():
    with pytest.raises(seating.SeatingError) as info:
        seating.table_sizes(5, 4, minimum=4, maximum=4)
    error = info.value
    assert isinstance(error, ValueError)
    assert (error.code, error.params) == ("SEATING_UNSPLITTABLE", {"entrants": 5, "minimum": 4, "maximum": 4})
    assert str(error) == "5 entrants cannot be split into tables of 4 to 4"
    assert error.template == "%(entrants)s entrants cannot be split into tables of %(minimum)s to %(maximum)s"


def test_the_standings_refuse_with_a_code():
    with pytest.raises(standings.StandingsError) as info:
        standings.check_rules("total", ["coin"])
    assert (info.value.code, info.value.params["tiebreak"]) == ("STANDINGS_TIEBREAK_UNKNOWN", "coin")
    assert str(info.value).startswith("unknown tie-break 'coin'; one of head_to_head, ")


@pytest.mark.django_db
def test_a_dispute_on_a_deal_the_game_does_not_have(people, game):
    deals = len(game.current_report.report["deals"])
    refusal = refused(disputes.dispute_open, game=game, user=people.organiser, claim="wrong", deal=99)
    assert said(refusal) == (
        "DISPUTE_DEAL_OUT_OF_RANGE",
        {"deal": 99, "deals": deals},
        f"deal 99 is not in this game (deals 1 to {deals})",
    )


@pytest.mark.django_db
def test_a_correction_cannot_change_the_game(people, game):
    rubber = bridge.read_file((ROOT / "tests" / "data" / "pbn" / "rubber.pbn").read_bytes())
    with pytest.raises(MalformedDocument) as info:
        services.game_correct(game=game, content=json.dumps(rubber).encode(), user=people.scorer, reason="x")
    refusal = info.value
    assert isinstance(refusal, DocumentRefusal)
    assert (refusal.path, refusal.code, refusal.params) == (
        "game",
        "CORRECTION_OTHER_GAME",
        {"game": "oh-hell", "other_game": "bridge-rubber"},
    )
    assert refusal.english == "this game is Oh Hell; a correction cannot make it Rubber bridge"
    assert str(refusal) == "game: this game is Oh Hell; a correction cannot make it Rubber bridge"
    assert refusal.as_dict() == {
        "path": "game",
        "message": refusal.english,
        "code": "CORRECTION_OTHER_GAME",
        "params": {"game": "oh-hell", "other_game": "bridge-rubber"},
    }


@pytest.mark.django_db
def test_a_stale_revision_keeps_its_class(people, game):
    refusal = refused(
        services.game_correct,
        game=game,
        content=game_bytes(seed=6),
        user=people.scorer,
        reason="fix",
        expected_revision=7,
    )
    assert isinstance(refusal, services.StaleRevision)
    assert (refusal.code, refusal.params) == ("REVISION_STALE", {"now": 1, "seen": 7})


@pytest.mark.django_db
def test_a_sheet_not_asked_to_be_confirmed(people, game):
    refusal = refused(settlement.game_confirm, game=game, user=people.organiser)
    assert isinstance(refusal, settlement.ConfirmationClosed)
    assert said(refusal) == (
        "CONFIRMATION_NOT_ASKED",
        {},
        "this game's table is not asked to confirm its sheet",
    )


@pytest.mark.django_db
def test_a_draft_of_too_few_players(people):
    refusal = refused(
        scorekeeper_services.draft_start, club=people.club, user=people.scorer, players=["A", "B"]
    )
    assert said(refusal) == (
        "DRAFT_PLAYER_COUNT",
        {"game": "oh-hell", "minimum": 3, "maximum": 7, "players": 2},
        "Oh Hell is played by 3 to 7 players, not 2",
    )


def test_the_engine_refuses_an_entry_by_its_code():
    setup = engine.Setup(players=("Анна", "Борис", "Вера"), ruleset="classic", first_dealer=0)
    refusal = refused(engine.check, setup, [], engine.Entry("bid", seat=1, value=0))
    assert isinstance(refusal, engine.Refused)
    assert said(refusal) == ("TRUMP_FIRST", {}, "enter the trump card first")
    assert said(engine.Refused("UNKNOWN_ENTRY", kind="wave")) == (
        "UNKNOWN_ENTRY",
        {"kind": "wave"},
        "unknown entry 'wave'",
    )
    # An older caller's sentence gives way to the code's template.
    assert engine.Refused("TAKEN_PER_SEAT", "enter the tricks each player took").english == (
        "enter the tricks each player took"
    )


@pytest.mark.django_db
def test_no_such_club_to_archive():
    refusal = refused(backup.export_club, "nowhere")
    assert said(refusal) == ("ARCHIVE_NO_CLUB", {"club": "nowhere"}, "no club 'nowhere'")


def test_an_import_file_too_large():
    refusal = imports.file_too_large("big.json")
    assert refusal.code == "IMPORT_FILE_TOO_LARGE"
    assert refusal.params == {"name": "big.json", "kb": settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024}
    assert refusal.english.startswith("big.json is larger than ")


def test_a_refusal_crosses_a_process_as_data():
    refusal = tournament_services.ServiceError(
        "TOURNAMENT_NAME_MISSING", gettext_lazy("a tournament needs a name")
    )
    again = pickle.loads(pickle.dumps(refusal))  # noqa: S301 - our own bytes
    assert (type(again), again.code, again.english) == (type(refusal), refusal.code, refusal.english)


def test_a_sentence_without_a_code_is_said_as_it_is():
    refusal = services.ServiceError("tables seat 3 to 7 players")
    assert (refusal.code, str(refusal), refusal.params) == ("REFUSED", "tables seat 3 to 7 players", {})


def test_a_rules_refusal_wrapped_keeps_its_path_and_words():
    refusal = refused(
        tournament_services.check_settings,
        game_type="oh-hell",
        ruleset="nonsense",
        tiebreaks=[],
        table_size=4,
    )
    assert (refusal.code, refusal.params["path"]) == ("RULESET_REFUSED", "ruleset")
    assert refusal.params["error"]["code"] == "READ_UNKNOWN_PRESET"
    assert refusal.english == "ruleset: unknown preset 'nonsense'; known: classic, classic-nil5"


# --- the refusals in Russian (and Ukrainian) --------------------------------------------------------


@pytest.mark.django_db
def test_in_russian_a_club_needs_a_name(people):
    refusal = refused(services.club_create, name="", user=people.organiser)
    with translation.override("ru"):
        assert str(refusal) == "у клуба должно быть название"
        assert refusal.message == "у клуба должно быть название"
        assert refusal.english == "a club needs a name"
    with translation.override("uk"):
        assert str(refusal) == "клуб потребує назви"


def test_in_russian_the_table_size_names_the_game_by_its_name():
    refusal = refused(
        tournament_services.check_settings, game_type="durak", ruleset="simple", tiebreaks=[], table_size=7
    )
    with translation.override("ru"):
        assert str(refusal) == "число игроков за столом игры «Дурак»: от 2 до 6"


@pytest.mark.django_db
def test_in_russian_the_statuses_are_words(tournament):
    refusal = refused(tournament_services.tournament_set_status, tournament=tournament, status="finished")
    with translation.override("ru"):
        assert str(refusal) == "турнир со статусом «черновик» нельзя перевести в статус «завершен»"


@pytest.mark.django_db
def test_in_russian_too_few_entrants(people, tournament):
    for name in ("Анна", "Борис"):
        player = Player.objects.create(club=people.club, display_name=name)
        tournament_services.entry_add(tournament=tournament, player=player)
    refusal = refused(tournament_services.round_generate, tournament=tournament)
    with translation.override("ru"):
        assert str(refusal) == "участников: 2 — этого мало даже для одного стола (нужно не меньше 3)"


@pytest.mark.django_db
def test_in_russian_a_draft_of_too_few_players(people):
    refusal = refused(
        scorekeeper_services.draft_start, club=people.club, user=people.scorer, players=["A", "B"]
    )
    with translation.override("ru"):
        assert str(refusal) == "в «Черт побери» играют от 3 до 7 игроков, а не 2"


def test_in_russian_the_engine_and_the_partnerships():
    with translation.override("ru"):
        assert str(engine.Refused("TRUMP_FIRST")) == "сначала введите козырную карту"
        partners = DocumentRefusal(
            "players",
            "TABLE_PARTNERSHIPS_DIFFER",
            gettext_lazy("the log must keep table %(table)s's partnerships: %(teams)s"),
            table=2,
            teams=[["Анна", "Вера"], ["Борис", "Глеб"]],
        )
        assert partners.message == "в журнале должны сохраниться пары стола 2: Анна и Вера; Борис и Глеб"
        assert partners.english == "the log must keep table 2's partnerships: Анна and Вера; Борис and Глеб"
        assert error_object("players", partners)["message"] == partners.english


# --- the API: English message, the request's language in text ---------------------------------------


@pytest.mark.django_db
def test_the_api_answers_a_refused_status_in_english_and_in_the_request_language(api, people, tournament):
    api.force_authenticate(people.organiser)
    response = api.post(
        f"/api/v1/tournaments/{tournament.pk}/status/",
        {"status": "finished"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 409
    assert response.json() == {
        "error": {
            "path": "status",
            "message": "a draft tournament cannot become finished",
            "code": "TOURNAMENT_STATUS_REFUSED",
            "params": {"status": "draft", "to_status": "finished"},
            "text": "турнир со статусом «черновик» нельзя перевести в статус «завершен»",
        }
    }
    english = api.post(f"/api/v1/tournaments/{tournament.pk}/status/", {"status": "finished"}, format="json")
    assert english.json()["error"]["code"] == "TOURNAMENT_STATUS_REFUSED"
    assert english.json()["error"]["text"] == english.json()["error"]["message"]


@pytest.mark.django_db
def test_the_api_answers_an_upload_without_a_log_in_english_and_in_the_request_language(api, people):
    api.force_authenticate(people.scorer)
    response = api.post(
        "/api/v1/clubs/kozyr/games/", data=b"", content_type="application/json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["path"], error["code"], error["params"]) == ("", "UPLOAD_MISSING", {})
    assert error["message"] == "send the game log as the JSON body or as a multipart file named 'file'"
    assert (
        error["text"] == "отправьте журнал партии телом запроса в JSON или файлом multipart с именем «file»"
    )
