"""The Procfile and `make serve`'s runner (scripts/serve.py)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import serve  # noqa: E402


def test_the_procfile_names_web_worker_and_beat():
    processes = serve.read_procfile(ROOT / "Procfile")
    assert list(processes) == ["web", "worker", "beat"]
    assert processes["web"].startswith("gunicorn config.wsgi ")
    assert processes["worker"].startswith("celery -A config worker ")
    assert processes["beat"].startswith("celery -A config beat ")


def test_a_malformed_line_is_refused(tmp_path):
    procfile = tmp_path / "Procfile"
    procfile.write_text("# comment\n\nweb echo hello\n")
    with pytest.raises(SystemExit, match="Procfile:3: expected 'name: command'"):
        serve.read_procfile(procfile)


def test_one_process_ending_stops_the_others_with_its_status(tmp_path):
    procfile = tmp_path / "Procfile"
    procfile.write_text("sleeper: sleep 60\nquitter: echo ${GREETING:-hello} && exit 3\n")
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--procfile", str(procfile)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 3
    assert "quitter | hello" in run.stdout
    assert "quitter exited with status 3; stopping the others" in run.stdout
    assert time.monotonic() - started < 30  # the sleeper was stopped, not waited for
