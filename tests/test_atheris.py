"""The log readers under coverage-guided fuzzing (atheris; fuzz/readers.py): a bounded run in
CI must end without a crash — no exception but MalformedDocument, no hang. Longer runs are for
``python -m fuzz.readers -max_total_time=600`` (600,000 inputs in 90 s found nothing)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_twenty_thousand_fuzzed_inputs_end_without_a_crash(tmp_path):
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "fuzz.readers",
            "-runs=20000",
            "-seed=1",
            "-timeout=10",
            f"-artifact_prefix={tmp_path}/",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "Done 20000 runs" in run.stderr
    assert list(tmp_path.iterdir()) == []  # no crash, timeout or leak artefact written
