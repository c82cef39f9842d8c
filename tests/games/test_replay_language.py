"""``manage.py replay --language ru|uk``: the findings said in the reader's language, English
unless asked; the rest of the report (the sheet, the finding lines' columns, the JSON members
and the exit status of shared/spec/ohhell-log.md) stays as the contract has it."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
# Taras plays the 3♣ on a diamond lead while holding the 7♦ (deal 2, trick 1): RENEGE_UNCORRECTED.
RENEGE = str(ROOT / "tests" / "data" / "spec-examples" / "ohhell" / "renege-and-redeal.json")

SHEET = f"""== {RENEGE}
Oh Hell, ruleset classic: Olga, Petro, Taras

Deal Dealer     Cards Trump | Olga                 | Petro                | Taras                |
                            |  bid took  pts total |  bid took  pts total |  bid took  pts total |
   1 Taras          1 5C    |    1    1   11    11 |    0    0   10    10 |    0    0   10    10 | even
   2 Olga           2 --    |    1    1    0    11 |    1    1    0    10 |    0    0  -10     0 | even, ANNULLED (renege not corrected)
   3 Olga           2 --    |    0    0   10    21 |    2    2   12    22 |    0    0   10    10 | even, redeal
     Total                  |                   21 |                   22 |                   10 |

"""

ENGLISH = "Taras played 3C on a diamond lead while holding 7D"
SAID = {
    "ru": "Taras: на ход в ♦ положена 3♣, хотя на руке была 7♦",
    "uk": "Taras: на хід у ♦ покладено 3♣, хоча на руці була 7♦",
}


def replay(*args: str) -> tuple[str, int]:
    out = StringIO()
    with pytest.raises(SystemExit) as exited:  # an error finding: exit status 1
        call_command("replay", *args, stdout=out)
    return out.getvalue(), int(exited.value.code)


@pytest.mark.parametrize("args", [(), ("--language", "en")], ids=["default", "en"])
def test_the_readable_report_is_english_unless_asked(args: tuple[str, ...]) -> None:
    out, status = replay(*args, RENEGE)
    assert status == 1
    assert out == SHEET + (f"Findings (1):\n  error   RENEGE_UNCORRECTED       deal 2 trick 1   {ENGLISH}\n")


@pytest.mark.parametrize(
    ("language", "heading", "where"),
    [("ru", "Замечания (1):", "сдача 2 взятка 1"), ("uk", "Зауваження (1):", "здача 2 хабар 1 ")],
    ids=["ru", "uk"],
)
def test_the_readable_report_says_its_findings_in_the_language_asked(
    language: str, heading: str, where: str
) -> None:
    """The sheet above the findings is the rules' own, unchanged; each finding line keeps its
    columns (severity, code, where) with the sentence in the language."""
    out, status = replay("--language", language, RENEGE)
    assert status == 1
    assert out == SHEET + f"{heading}\n  error   RENEGE_UNCORRECTED       {where} {SAID[language]}\n"


def _json_line(*args: str) -> dict[str, Any]:
    out, status = replay("--json", *args, RENEGE)
    assert status == 1
    [line] = out.splitlines()
    return json.loads(line)


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_json_report_keeps_the_contract_and_adds_the_text(language: str) -> None:
    english = _json_line()
    said = _json_line("--language", language)
    assert list(said) == list(english)
    assert next(iter(said)) == "file"
    assert {k: v for k, v in said.items() if k != "findings"} == {
        k: v for k, v in english.items() if k != "findings"
    }
    [finding] = said["findings"]
    assert finding == {**english["findings"][0], "text": SAID[language]}
    assert finding["message"] == ENGLISH
    assert (finding["code"], finding["params"]) == (
        "RENEGE_UNCORRECTED",
        {"led_suit": "D", "held_card": "7D"},
    )


def test_the_json_report_in_english_has_no_text_member() -> None:
    [finding] = _json_line()["findings"]
    assert "text" not in finding
    assert finding["message"] == ENGLISH


# -- durak: its sheet's own finding lines (game, bout, path), said in the language -------------

DURAK_LINES = {
    "en": [
        "Findings (2):",
        "  error   BOUT_ENDED_UNBEATEN          game 1 bout 1    deals[0].events[2]       "
        "the bout ended with 6S 6H 6C 6D neither beaten nor taken; Boris takes",
        "  info    RESULT_NOT_REPLAYED          game 2           deals[1]                 "
        "the game is logged by its result alone",
    ],
    "ru": [
        "Замечания (2):",
        "  error   BOUT_ENDED_UNBEATEN          игра 1 заход 1   deals[0].events[2]       "
        "заход закончен, а 6♠ 6♥ 6♣ 6♦ не отбиты и не взяты; карты забирает игрок Boris",
        "  info    RESULT_NOT_REPLAYED          игра 2           deals[1]                 "
        "игра записана только результатом",
    ],
    "uk": [
        "Зауваження (2):",
        "  error   BOUT_ENDED_UNBEATEN          гра 1 захід 1    deals[0].events[2]       "
        "захід закінчено, а 6♠ 6♥ 6♣ 6♦ не відбито й не забрано; карти забирає гравець Boris",
        "  info    RESULT_NOT_REPLAYED          гра 2            deals[1]                 "
        "гру записано лише результатом",
    ],
}


@pytest.fixture
def durak_log(tmp_path: Path) -> str:
    """tests/data/durak/simple.json with the first bout's take left out: Boris's four sixes
    neither beaten nor taken (BOUT_ENDED_UNBEATEN, game 1 bout 1); game 2 is logged by its result."""
    from tests.rules.durak.helpers import load, with_event

    path = tmp_path / "durak.json"
    path.write_text(
        json.dumps(with_event(load("simple.json"), 1, None), ensure_ascii=False), encoding="utf-8"
    )
    return str(path)


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_a_durak_report_keeps_its_own_finding_columns_in_every_language(
    durak_log: str, language: str
) -> None:
    out, status = replay("--language", language, durak_log)
    assert status == 1
    english, _status = replay(durak_log)
    sheet = english.split("Findings (2):")[0]
    assert out == sheet + "\n".join(DURAK_LINES[language]) + "\n"
