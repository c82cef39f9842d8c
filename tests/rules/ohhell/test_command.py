"""``manage.py replay FILE... [--json]``: JSON Lines with ``file`` first, the readable sheet,
and the exit status (0 clean, 1 an error finding, 2 malformed or unreadable; the highest wins)."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from games.management.commands.replay import replay_file

ROOT = Path(__file__).resolve().parents[3]

CLEAN: dict[str, Any] = {
    "game": "oh-hell",
    "version": 1,
    "ruleset": {"preset": "classic", "schedule": [1], "last_deal_no_trump": False},
    "players": ["Анна", "Boris", "Vera"],
    "deals": [{"dealer": 2, "cards": 1, "trump": "5C", "bids": [0, 0, 1], "tricks": [["AH", "2H", "3C"]]}],
}
DISPUTED = {**CLEAN, "totals": [10, 10, 12]}
MALFORMED = {**CLEAN, "players": ["Anna", "Boris"]}


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    paths = {}
    for name, doc in (("clean", CLEAN), ("disputed", DISPUTED), ("malformed", MALFORMED)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        paths[name] = str(path)
    (tmp_path / "nojson.json").write_text("{not json", encoding="utf-8")
    paths["nojson"] = str(tmp_path / "nojson.json")
    (tmp_path / "chess.json").write_text('{"game": "chess"}', encoding="utf-8")
    paths["chess"] = str(tmp_path / "chess.json")
    paths["missing"] = str(tmp_path / "missing.json")
    return paths


def manage(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "replay", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_json_lines_one_per_file_with_the_highest_status(files):
    result = manage(files["clean"], files["disputed"], files["malformed"], "--json")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [next(iter(line)) for line in lines] == ["file", "file", "file"]
    assert [line["file"] for line in lines] == [files["clean"], files["disputed"], files["malformed"]]
    assert lines[0]["findings"] == []
    assert lines[0]["totals"] == [10, 10, 11]
    assert lines[0]["players"][0] == "Анна"
    assert [f["code"] for f in lines[1]["findings"]] == ["TOTAL_MISMATCH"]
    assert lines[2] == {
        "file": files["malformed"],
        "error": {
            "path": "players",
            "message": "Oh Hell is played by 3 to 7 players, not 2",
            "code": "OHHELL_PLAYERS_COUNT",
            "params": {"low": 3, "high": 7, "count": 2},
        },
    }
    assert result.returncode == 2


def test_text_mode_prints_the_sheet_of_each_file(files):
    result = manage(files["clean"], files["disputed"])
    assert result.returncode == 1
    assert f"== {files['clean']}" in result.stdout
    assert "No findings: the log is consistent with the rules." in result.stdout
    assert "TOTAL_MISMATCH" in result.stdout
    assert "Анна" in result.stdout


@pytest.mark.parametrize(
    ("name", "path", "words"),
    [
        ("nojson", "", "not JSON"),
        ("chess", "game", "unknown game 'chess'"),
        ("missing", "", "cannot read the file"),
        ("malformed", "players", "3 to 7 players"),
    ],
)
def test_malformed_or_unreadable_files_get_status_2_and_nothing_replayed(files, name, path, words):
    result = replay_file(files[name])
    assert result.status == 2
    assert list(result.line) == ["file", "error"]
    assert result.line["error"]["path"] == path
    assert words in result.line["error"]["message"]
    assert "Nothing of it was replayed" in result.text


def test_call_command_raises_system_exit_with_the_status(files):
    out = StringIO()
    with pytest.raises(SystemExit) as exc:
        call_command("replay", files["disputed"], "--json", stdout=out)
    assert exc.value.code == 1
    assert json.loads(out.getvalue())["file"] == files["disputed"]
    out = StringIO()
    call_command("replay", files["clean"], "--json", stdout=out)  # status 0: no SystemExit
    assert json.loads(out.getvalue())["findings"] == []
