"""``manage.py replay`` reads PBN files by their extension; ``--ruleset`` picks the preset."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

DATA = Path(__file__).resolve().parents[2] / "data" / "pbn"


def run(*args: str) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("replay", *args, stdout=out)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue()
    return 0, out.getvalue()


def test_a_clean_rubber_exits_0_with_its_sheet():
    status, text = run(str(DATA / "rubber.pbn"), "--ruleset", "laws")
    assert status == 0
    assert "Rubber bridge, ruleset laws" in text
    assert "whists We +11, They -11" in text


def test_json_lines_for_several_files_and_the_highest_status():
    status, text = run(str(DATA / "passout.pbn"), str(DATA / "revoke.pbn"), "--json")
    lines = [json.loads(line) for line in text.splitlines()]
    assert status == 1
    assert [line["file"].rsplit("/", 1)[-1] for line in lines] == ["passout.pbn", "revoke.pbn"]
    assert lines[1]["game"] == "bridge-rubber"
    assert lines[1]["players"] == ["Anna", "Boris", "Vera", "Gleb"]
    assert [f["code"] for f in lines[1]["findings"]] == ["REVOKE"]
    assert lines[1]["ruleset"]["preset"] == "seed"


def test_a_broken_pbn_file_exits_2_with_its_path(tmp_path):
    broken = tmp_path / "broken.pbn"
    broken.write_text('[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQ.AKQ.AKQ.AKQ - - -"]\n', encoding="utf-8")
    status, text = run(str(broken), "--json")
    line = json.loads(text)
    assert status == 2
    assert line["error"]["path"].startswith("boards[0]")


@pytest.mark.parametrize("preset", ["seed", "laws"])
def test_the_ruleset_option_reaches_the_replay(preset):
    _, text = run(str(DATA / "claim.pbn"), "--json", "--ruleset", preset)
    assert json.loads(text)["ruleset"]["preset"] == preset
