"""rules/ is plain Python: nothing under it may import Django (or the apps).

Checked two ways: statically, every import statement of every module; and
dynamically, importing the whole package in a fresh interpreter leaves
``django`` out of ``sys.modules``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "rules"
FORBIDDEN = ("django", "rest_framework", "celery", "accounts", "games", "tournaments", "config")
MODULES = sorted(RULES.rglob("*.py"))


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_module_imports_nothing_from_the_layers_above(path):
    assert not imported_roots(path) & set(FORBIDDEN)


def test_importing_every_rules_module_loads_no_django():
    names = [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in MODULES]
    names = [n.removesuffix(".__init__") for n in names]
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n    importlib.import_module(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_the_check_itself_catches_a_django_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("from django.db import models\nimport json\n")
    assert imported_roots(sample) == {"django", "json"}
